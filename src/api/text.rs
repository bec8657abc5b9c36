//! The functions without I/O: the edit engine on text or bytes (`apply_edits`,
//! `apply_delete_range`) and the line endings of strings (`to_lf`, `detect_eol`,
//! `eol_info`, `normalize_eol`).
//!
//! Text (`&str`) is edited as it is, a leading U+FEFF kept out of matching; bytes are
//! a file's bytes, decoded as a file is (BOM, UTF-16, legacy encodings) and written
//! back in the same encoding, every byte the edit did not touch kept.

use std::borrow::Cow;
use std::path::Path;

use super::files::{Anchor, Edit};
use super::options::{self, ApplyOptions, Tiers};
use super::results::ApplyResult;
use crate::encoding::{self, Decoded, Hints};
use crate::engine::{self, Applied};
use crate::eol::{self, Ending, EolInfo};
use crate::error::Result;
use crate::message::{Name, Op};

/// What [`apply_edits`] and [`apply_delete_range`] work on: text (`&str`, `&String`,
/// `String`, `Cow<str>`), whose result is a `String`, or a file's bytes (`&[u8]`,
/// `Vec<u8>`), whose result is the new bytes in the same encoding.
///
/// ```
/// use std::borrow::Cow;
/// use eol_edit::{apply_edits, ApplyOptions, Edit};
///
/// let edits = [Edit::new("b", "B")];
/// let text = String::from("a\r\nb\r\n");
/// let options = ApplyOptions::default();
/// assert_eq!(apply_edits(&text, &edits, &options).unwrap().content, "a\r\nB\r\n");
/// let lf = eol_edit::to_lf(&text); // a Cow<str>
/// assert_eq!(apply_edits(lf, &edits, &options).unwrap().content, "a\nB\n");
/// ```
pub trait Content: sealed::Sealed {
    /// The type of the new content.
    type Output;

    #[doc(hidden)]
    fn into_input(self) -> Input<Self::Output>;
}

mod sealed {
    pub trait Sealed {}
    impl Sealed for &str {}
    impl Sealed for &String {}
    impl Sealed for String {}
    impl Sealed for std::borrow::Cow<'_, str> {}
    impl Sealed for &[u8] {}
    impl Sealed for Vec<u8> {}
}

/// Content as the engine takes it, and how to give the result back.
#[doc(hidden)]
pub struct Input<O> {
    kind: Kind,
    output: fn(Vec<u8>) -> O,
}

/// Text or a file's bytes.
enum Kind {
    /// UTF-8 text, a leading U+FEFF taken off.
    Text { source: Vec<u8>, bom: bool },
    /// A file's bytes, still to be decoded.
    Bytes(Vec<u8>),
}

const UTF8_BOM: &[u8] = b"\xEF\xBB\xBF";

/// The engine only splices the caller's UTF-8 and its own ASCII endings, so the bytes
/// are UTF-8 and become a `String` without a copy.
fn into_string(bytes: Vec<u8>) -> String {
    String::from_utf8(bytes).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
}

/// Text given as UTF-8 bytes (a binding's strings, which may hold WTF-8): the input of
/// the `*_text_bytes` forms.
pub fn text_input(mut source: Vec<u8>) -> Input<Vec<u8>> {
    let bom = source.starts_with(UTF8_BOM);
    if bom {
        source.drain(..UTF8_BOM.len());
    }
    Input {
        kind: Kind::Text { source, bom },
        output: |bytes| bytes,
    }
}

impl Content for &str {
    type Output = String;
    fn into_input(self) -> Input<String> {
        self.to_string().into_input()
    }
}

impl Content for &String {
    type Output = String;
    fn into_input(self) -> Input<String> {
        self.as_str().into_input()
    }
}

impl Content for Cow<'_, str> {
    type Output = String;
    fn into_input(self) -> Input<String> {
        self.into_owned().into_input()
    }
}

impl Content for String {
    type Output = String;
    fn into_input(self) -> Input<String> {
        let Input { kind, .. } = text_input(self.into_bytes());
        Input {
            kind,
            output: into_string,
        }
    }
}

impl Content for &[u8] {
    type Output = Vec<u8>;
    fn into_input(self) -> Input<Vec<u8>> {
        self.to_vec().into_input()
    }
}

impl Content for Vec<u8> {
    type Output = Vec<u8>;
    fn into_input(self) -> Input<Vec<u8>> {
        Input {
            kind: Kind::Bytes(self),
            output: |bytes| bytes,
        }
    }
}

/// Applies edits to text or a file's bytes, as [`edit_file`](crate::edit_file) and
/// [`multi_edit`](crate::multi_edit) do to a file, and returns the same type. Nothing
/// touches the file system.
///
/// # Errors
///
/// `TEXT_NOT_FOUND`, `TEXT_MULTIPLE_MATCHES` and `NO_CHANGE`, with the edit's
/// [`Error::edit_index`](crate::Error::edit_index); for bytes, `BINARY_FILE`,
/// `ENCODING_UNMAPPABLE` and `ENCODING_UNKNOWN`; `INVALID_ARGUMENT` for an empty list,
/// an empty `old_text`, an unknown `encoding` or `inclusive`.
pub fn apply_edits<C: Content>(
    content: C,
    edits: &[Edit],
    options: &ApplyOptions,
) -> Result<ApplyResult<C::Output>> {
    let edits: Vec<engine::Edit> = edits.iter().map(Edit::engine).collect();
    apply_edits_input(content.into_input(), &edits, options)
}

/// [`apply_edits`] on an [`Input`] and edits whose texts are UTF-8 bytes.
///
/// # Errors
///
/// As [`apply_edits`].
pub fn apply_edits_input<O>(
    input: Input<O>,
    edits: &[engine::Edit],
    options: &ApplyOptions,
) -> Result<ApplyResult<O>> {
    if options.inclusive {
        return Err(options::not_taken(
            Op::ApplyEdits,
            Name::Inclusive,
            Op::ApplyDeleteRange,
        ));
    }
    let lenient = options.tiers.lenient();
    run(input, options, |source, label| {
        engine::apply_edits_with(source, edits, options.guards, lenient, label)
    })
}

/// Deletes the lines between two anchors of text or a file's bytes, as
/// [`delete_range`](crate::delete_range) does in a file.
///
/// # Errors
///
/// `ANCHOR_NOT_FOUND`, `ANCHOR_MULTIPLE_MATCHES`, `ANCHOR_ORDER` and `EMPTY_RANGE`; for
/// bytes, `BINARY_FILE`, `ENCODING_UNMAPPABLE` and `ENCODING_UNKNOWN`;
/// `INVALID_ARGUMENT` for an unknown `encoding` or `tiers`.
pub fn apply_delete_range<C: Content>(
    content: C,
    start_anchor: impl Into<Anchor>,
    end_anchor: impl Into<Anchor>,
    options: &ApplyOptions,
) -> Result<ApplyResult<C::Output>> {
    apply_delete_range_input(
        content.into_input(),
        &start_anchor.into().engine(),
        &end_anchor.into().engine(),
        options,
    )
}

/// [`apply_delete_range`] on an [`Input`] and anchors whose texts are UTF-8 bytes.
///
/// # Errors
///
/// As [`apply_delete_range`].
pub fn apply_delete_range_input<O>(
    input: Input<O>,
    start: &engine::Anchor,
    end: &engine::Anchor,
    options: &ApplyOptions,
) -> Result<ApplyResult<O>> {
    if !options.guards.is_empty() {
        return Err(options::not_taken(
            Op::ApplyDeleteRange,
            Name::Guards,
            Op::ApplyEdits,
        ));
    }
    if options.tiers != Tiers::All {
        return Err(options::not_taken(
            Op::ApplyDeleteRange,
            Name::Tiers,
            Op::ApplyEdits,
        ));
    }
    run(input, options, |source, label| {
        engine::delete_range(source, start, end, options.inclusive, label)
    })
}

/// Decodes the content, applies the change, and encodes the result as the content was.
fn run<O>(
    input: Input<O>,
    options: &ApplyOptions,
    apply: impl FnOnce(&[u8], &str) -> Result<Applied>,
) -> Result<ApplyResult<O>> {
    let encoding = options::encoding(options.encoding.as_deref())?;
    let label = options.path.as_deref().unwrap_or("content");
    let Input { kind, output } = input;
    let result = match kind {
        Kind::Text { source, bom } => {
            let mut applied = apply(&source, label)?;
            let splices = std::mem::take(&mut applied.splices);
            let mut bytes = splices.into_vec(&source);
            if bom {
                bytes.splice(0..0, UTF8_BOM.iter().copied());
            }
            ApplyResult::new(bytes, applied)
        }
        Kind::Bytes(bytes) => {
            let hints = Hints {
                option: encoding,
                ..Hints::default()
            };
            let decoded: Decoded = encoding::decode(bytes, &hints)?;
            let mut applied = apply(&decoded.source, label)?;
            let splices = std::mem::take(&mut applied.splices);
            // Kept ranges keep their bytes; new text is written in the content's encoding.
            let bytes = decoded
                .write_bytes(&splices)
                .map_err(|e| e.about(Path::new(label)))?;
            ApplyResult::new(bytes, applied)
        }
    };
    Ok(result.map(output))
}

/// The LF view of a text: every `\r\n` and lone `\r` becomes `\n`. Borrows the input
/// when it has no `\r`.
///
/// ```
/// assert_eq!(eol_edit::to_lf("a\r\nb\rc\n"), "a\nb\nc\n");
/// ```
pub fn to_lf(text: &str) -> Cow<'_, str> {
    match eol::to_lf(text.as_bytes()) {
        Cow::Borrowed(_) => Cow::Borrowed(text),
        // Only ASCII endings were replaced by ASCII, so the text is still UTF-8.
        Cow::Owned(bytes) => Cow::Owned(into_string(bytes)),
    }
}

/// The dominant line ending: the most frequent, the first to occur on a tie, LF when
/// there is none.
pub fn detect_eol(text: &str) -> Ending {
    eol::detect(text.as_bytes())
}

/// Counts of each line ending, the dominant one, whether they are mixed, and whether
/// the text ends with one.
pub fn eol_info(text: &str) -> EolInfo {
    eol::info(text.as_bytes())
}

/// `updated` re-joined with `original`'s dominant ending and given `original`'s
/// trailing-newline state: the function of dskcode's CRLF fix, for a drop-in
/// replacement.
pub fn normalize_eol(original: &str, updated: &str) -> String {
    into_string(eol::normalize_eol(original.as_bytes(), updated.as_bytes()))
}
