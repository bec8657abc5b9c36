//! The file functions: `read_file` and the six that change a file, each one read and
//! at most one atomic write through [`crate::file`].
//!
//! Every change goes through [`change`]: the file layer resolves, locks, reads and
//! checks the file, the engine works out the new source, and the result is built from
//! what the engine and the write report. What a function adds of its own is here too:
//! the lines `read_file` slices, `write_file`'s ending for a new file, and
//! `convert_encoding`'s byte order mark.
//!
//! Text arrives as UTF-8 bytes (the `*_bytes` forms): a binding whose strings may hold
//! what UTF-8 cannot (JavaScript's lone surrogates, as WTF-8) calls those, and the
//! public functions call them with a `&str`'s bytes.

use std::path::Path;

use super::options::{EditOptions, ReadOptions};
use super::prepared::{differing, Prepared};
use super::results::{EditResult, FileBytes, ReadResult};
use super::version::Version;
use crate::encoding::{self, Decoded, Encoding, Hints};
use crate::engine::{self, Applied};
use crate::eol::{self, Ending};
use crate::error::{Error, ErrorCode, Result};
use crate::file::{self, FileOptions, Hold};
use crate::guard::{Check, Scope};
use crate::message::{parts, Name, Op};
use crate::splice::Splices;

/// One edit of [`multi_edit`](crate::multi_edit) or
/// [`apply_edits`](crate::apply_edits): replace `old_text` (written with LF line
/// breaks, as `read_file` shows the file) by `new_text`.
#[non_exhaustive]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Edit {
    /// The text to find.
    pub old_text: String,
    /// The text to put in its place.
    pub new_text: String,
    /// Replace every match instead of requiring exactly one.
    #[cfg_attr(feature = "serde", serde(default))]
    pub replace_all: bool,
}

impl Edit {
    /// An edit that must match exactly one place.
    pub fn new(old_text: impl Into<String>, new_text: impl Into<String>) -> Self {
        Edit {
            old_text: old_text.into(),
            new_text: new_text.into(),
            replace_all: false,
        }
    }

    /// The same edit, replacing every match when `replace_all`.
    pub fn with_replace_all(mut self, replace_all: bool) -> Self {
        self.replace_all = replace_all;
        self
    }

    /// The engine's form.
    pub(crate) fn engine(&self) -> engine::Edit {
        engine::Edit {
            old_text: self.old_text.as_bytes().to_vec(),
            new_text: self.new_text.as_bytes().to_vec(),
            replace_all: self.replace_all,
        }
    }
}

/// An anchor of [`delete_range`](crate::delete_range): a whole line of the file as
/// `read_file` shows it (exact, else trimmed), or a 1-based line number.
///
/// With serde, a string or a number.
#[non_exhaustive]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(untagged))]
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Anchor {
    /// A line's text.
    Text(String),
    /// A 1-based line number.
    Line(u64),
}

impl Anchor {
    /// The engine's form.
    pub(crate) fn engine(&self) -> engine::Anchor {
        match self {
            Anchor::Text(text) => engine::Anchor::Text(text.as_bytes().to_vec()),
            Anchor::Line(n) => engine::Anchor::Line(*n),
        }
    }
}

impl From<&str> for Anchor {
    fn from(text: &str) -> Self {
        Anchor::Text(text.to_string())
    }
}

impl From<String> for Anchor {
    fn from(text: String) -> Self {
        Anchor::Text(text)
    }
}

impl From<u64> for Anchor {
    fn from(line: u64) -> Self {
        Anchor::Line(line)
    }
}

/// Reads a file as a model should see it: the LF view of the lines asked for, with the
/// file's endings, BOM, encoding and version.
///
/// # Errors
///
/// `FILE_NOT_FOUND`, `NOT_A_FILE`, `BINARY_FILE`, `FILE_TOO_LARGE`, `PATH_OUTSIDE_ROOT`,
/// `PERMISSION_DENIED` and `IO_ERROR` (with [`Error::io_kind`](crate::Error::io_kind))
/// for the file; `INVALID_ARGUMENT` for an option that cannot be used (an unknown
/// `encoding`, an empty `root`, a relative path without a working directory); `INVALID_ARGUMENT` for `offset` 0.
pub fn read_file(path: impl AsRef<Path>, options: &ReadOptions) -> Result<ReadResult> {
    if options.offset == Some(0) {
        return Err(Error::invalid(parts![
            Name::Offset,
            " is a 1-based line number: use 1 for the first line."
        ])
        .with_argument(Name::Offset));
    }
    let path = path.as_ref();
    let mut loaded = file::load(path, &options.file_options()?)?;
    let source = &loaded.decoded.source;
    let info = eol::info(source);
    let total = info.line_count(source.is_empty());
    let first = options.offset.unwrap_or(1).max(1) as usize;
    let wanted = options.limit.map_or(usize::MAX, |l| l as usize);
    let (from, to, count) = eol::line_span(source, first - 1, wanted);
    let slice = eol::to_lf(&source[from..to]);
    let result = ReadResult {
        // The source is valid UTF-8 (bytes that are not show as U+FFFD).
        content: String::from_utf8_lossy(&slice).into_owned(),
        start_line: first as u32,
        end_line: (first - 1 + count) as u32,
        total_lines: total as u32,
        eol: info,
        bom: loaded.decoded.bom,
        encoding: loaded.decoded.encoding.name(),
        version: Version::reported(&loaded.version),
        warnings: std::mem::take(&mut loaded.decoded.warnings),
    };
    drop(slice);
    // The edit that usually follows starts from this decoded text (`encoding::views`).
    if let Some(hash) = file::version::hash(&loaded.version) {
        loaded.decoded.keep(hash);
    }
    Ok(result)
}

/// A text file's exact bytes, its byte order mark included, and their version, from
/// one read made as [`read_file`] makes it (under the roots, within `max_bytes`; a
/// binary file is `BINARY_FILE`): what [`restore_file`] can put back. `offset` and
/// `limit` do not apply.
///
/// # Errors
///
/// As [`read_file`]; `INVALID_ARGUMENT` for `offset` or `limit`.
pub fn read_file_bytes(path: impl AsRef<Path>, options: &ReadOptions) -> Result<FileBytes> {
    for (name, set) in [(Name::Offset, options.offset), (Name::Limit, options.limit)] {
        if set.is_some() {
            return Err(Error::invalid(parts![
                Op::ReadFileBytes,
                " reads a whole file: it does not take ",
                name.clone(),
                "."
            ])
            .with_argument(name));
        }
    }
    let loaded = file::load(path.as_ref(), &options.file_options()?)?;
    Ok(FileBytes {
        bytes: loaded.decoded.into_raw(),
        version: Version::reported(&loaded.version),
    })
}

/// Puts `bytes` back as a file's whole content, exactly as given: no line ending, BOM
/// or encoding is applied to them (an undo puts back what [`read_file_bytes`] read).
/// [`EditOptions::expected_version`] is required: the version the file must still
/// have, or [`Expected::Absent`](crate::Expected::Absent) for a file that must not
/// exist yet (it is then created, with its missing folders). The write is the same atomic one as every other, and a replaced
/// file keeps its permission bits (set on the new file's handle before it has the
/// name), its owner and its links as [`write_file`] keeps them.
///
/// The result's `diff` is from the file's current text to the text of `bytes` (read in
/// the file's encoding where they are not UTF-8); `changed` is false, and nothing is
/// written, when the file already has these bytes.
///
/// # Errors
///
/// `INVALID_ARGUMENT` without [`EditOptions::expected_version`]; `FILE_CHANGED` when
/// the file does not have the expected version; `BINARY_FILE` when `bytes` are not
/// text; `FILE_NOT_FOUND`, `NOT_A_FILE`, `FILE_TOO_LARGE`, `PATH_OUTSIDE_ROOT`,
/// `PERMISSION_DENIED` and `IO_ERROR` as for every write. Nothing is written on any
/// error.
pub fn restore_file(
    path: impl AsRef<Path>,
    bytes: &[u8],
    options: &EditOptions,
) -> Result<EditResult> {
    options.check_own(Op::RestoreFile, &[])?;
    let path = path.as_ref();
    let opts = options.file_options()?;
    let Some(expected) = opts.expected_version.as_deref() else {
        return Err(Error::invalid(parts![
            Op::RestoreFile,
            " needs ",
            Name::ExpectedVersion,
            ": the version the file must still have (\"\" for a file that must not exist), so that it never puts old bytes over a change it has not seen. Nothing was read or written."
        ])
        .with_argument(Name::ExpectedVersion));
    };
    let expected = (expected != file::version::ABSENT).then_some(expected);
    let label = path.to_string_lossy().into_owned();
    let (put, (summary, eol, ranges)) =
        file::put_inspected(path, &opts, expected, bytes, None, |current, real| {
            let declared = || file::conventions::declared_encoding(real);
            let hints = Hints {
                option: current.map(|c| c.encoding).or(opts.encoding),
                declared: Some(&declared),
                hash: None,
            };
            let restored = encoding::decode(bytes.to_vec(), &hints)?;
            let before = current.map_or(&[][..], |c| c.source.as_slice());
            let summary = crate::diff::summarize(
                before,
                &crate::splice::Splices::whole(restored.source.clone()),
                &label,
            );
            let ranges = differing(before, &restored.source).into_iter().collect();
            Ok((summary, eol::info(&restored.source), ranges))
        })?;
    let changed = expected != Some(put.version.as_str());
    Ok(EditResult {
        path: path.to_path_buf(),
        replacements: u32::from(changed),
        matched_by: Vec::new(),
        start_line: summary.start_line,
        end_line: summary.end_line,
        diff: summary.diff,
        eol,
        version: Version::reported(&put.version),
        changed,
        warnings: put.warnings,
        ranges,
        size: None,
    })
}

/// Replaces `old_text` by `new_text` in a file, matched in the lines as `read_file`
/// shows them; every line keeps its own ending (docs/matching.md).
/// With [`EditOptions::replace_all`], every match is replaced.
///
/// # Errors
///
/// `TEXT_NOT_FOUND` (naming the closest region), `TEXT_MULTIPLE_MATCHES` (naming each
/// match) and `NO_CHANGE`; `FILE_CHANGED` when the file is not [`EditOptions::expected_version`] or another
/// process changed it meanwhile; `ENCODING_UNMAPPABLE` or `ENCODING_UNKNOWN` for new
/// text the file's encoding cannot hold; `FILE_NOT_FOUND`, `NOT_A_FILE`, `BINARY_FILE`, `FILE_TOO_LARGE`, `PATH_OUTSIDE_ROOT`,
/// `PERMISSION_DENIED` and `IO_ERROR` (with [`Error::io_kind`](crate::Error::io_kind))
/// for the file; `INVALID_ARGUMENT` for an option that cannot be used (an unknown
/// `encoding`, an empty `root`, a relative path without a working directory). Nothing is written on any error.
pub fn edit_file(
    path: impl AsRef<Path>,
    old_text: &str,
    new_text: &str,
    options: &EditOptions,
) -> Result<EditResult> {
    edit_file_bytes(
        path.as_ref(),
        old_text.as_bytes(),
        new_text.as_bytes(),
        options,
    )
}

/// [`edit_file`] on texts given as UTF-8 bytes.
///
/// # Errors
///
/// As [`edit_file`].
pub fn edit_file_bytes(
    path: &Path,
    old_text: &[u8],
    new_text: &[u8],
    options: &EditOptions,
) -> Result<EditResult> {
    edit(path, old_text, new_text, options, Hold::Keep)?.commit_one()
}

/// `edit_file`'s change, held for its commit or not.
pub(crate) fn edit(
    path: &Path,
    old_text: &[u8],
    new_text: &[u8],
    options: &EditOptions,
    hold: Hold,
) -> Result<Prepared> {
    options.check_own(Op::EditFile, &[Name::ReplaceAll, Name::Guards, Name::Tiers])?;
    let edit = engine::Edit {
        old_text: old_text.to_vec(),
        new_text: new_text.to_vec(),
        replace_all: options.replace_all,
    };
    let (guards, lenient) = (options.guards, options.tiers.lenient());
    let opts = options.file_options()?;
    Prepared::change(path, opts, false, hold, |source, _, label| {
        let edits = std::slice::from_ref(&edit);
        engine::apply_edits_with(existing(source)?, edits, guards, lenient, label).map_err(
            |mut e| {
                // One edit is the call itself, not an edit of a list.
                e.edit_index = None;
                e
            },
        )
    })
}

/// Applies several edits in order, each to the result of the one before, all or
/// nothing: a failing edit names its [`Error::edit_index`] and nothing is written.
///
/// # Errors
///
/// As [`edit_file`], each with the edit's [`Error::edit_index`]; `INVALID_ARGUMENT` for
/// an empty list; `NO_CHANGE` when the edits cancel out.
pub fn multi_edit(
    path: impl AsRef<Path>,
    edits: &[Edit],
    options: &EditOptions,
) -> Result<EditResult> {
    let edits: Vec<engine::Edit> = edits.iter().map(Edit::engine).collect();
    multi_edit_bytes(path.as_ref(), &edits, options)
}

/// [`multi_edit`] on edits whose texts are UTF-8 bytes.
///
/// # Errors
///
/// As [`multi_edit`].
pub fn multi_edit_bytes(
    path: &Path,
    edits: &[engine::Edit],
    options: &EditOptions,
) -> Result<EditResult> {
    multi(path, edits, options, Hold::Keep)?.commit_one()
}

/// `multi_edit`'s change, held for its commit or not.
pub(crate) fn multi(
    path: &Path,
    edits: &[engine::Edit],
    options: &EditOptions,
    hold: Hold,
) -> Result<Prepared> {
    options.check_own(Op::MultiEdit, &[Name::Guards, Name::Tiers])?;
    let (guards, lenient) = (options.guards, options.tiers.lenient());
    let opts = options.file_options()?;
    Prepared::change(path, opts, false, hold, |source, _, label| {
        engine::apply_edits_with(existing(source)?, edits, guards, lenient, label)
    })
}

/// Deletes the lines between two anchors, or the anchors too with
/// [`EditOptions::inclusive`]. Deleted lines go with their own endings.
///
/// # Errors
///
/// `ANCHOR_NOT_FOUND`, `ANCHOR_MULTIPLE_MATCHES`, `ANCHOR_ORDER` and `EMPTY_RANGE` for
/// the anchors; `FILE_CHANGED` when the file is not [`EditOptions::expected_version`] or another
/// process changed it meanwhile; `ENCODING_UNMAPPABLE` or `ENCODING_UNKNOWN` for new
/// text the file's encoding cannot hold; `FILE_NOT_FOUND`, `NOT_A_FILE`, `BINARY_FILE`, `FILE_TOO_LARGE`, `PATH_OUTSIDE_ROOT`,
/// `PERMISSION_DENIED` and `IO_ERROR` (with [`Error::io_kind`](crate::Error::io_kind))
/// for the file; `INVALID_ARGUMENT` for an option that cannot be used (an unknown
/// `encoding`, an empty `root`, a relative path without a working directory). Nothing is written on any error.
pub fn delete_range(
    path: impl AsRef<Path>,
    start_anchor: impl Into<Anchor>,
    end_anchor: impl Into<Anchor>,
    options: &EditOptions,
) -> Result<EditResult> {
    delete_range_bytes(
        path.as_ref(),
        &start_anchor.into().engine(),
        &end_anchor.into().engine(),
        options,
    )
}

/// [`delete_range`] on anchors whose texts are UTF-8 bytes.
///
/// # Errors
///
/// As [`delete_range`].
pub fn delete_range_bytes(
    path: &Path,
    start: &engine::Anchor,
    end: &engine::Anchor,
    options: &EditOptions,
) -> Result<EditResult> {
    delete(path, start, end, options, Hold::Keep)?.commit_one()
}

/// `delete_range`'s change, held for its commit or not.
pub(crate) fn delete(
    path: &Path,
    start: &engine::Anchor,
    end: &engine::Anchor,
    options: &EditOptions,
    hold: Hold,
) -> Result<Prepared> {
    options.check_own(Op::DeleteRange, &[Name::Inclusive])?;
    let inclusive = options.inclusive;
    let opts = options.file_options()?;
    Prepared::change(path, opts, false, hold, |source, _, label| {
        engine::delete_range(existing(source)?, start, end, inclusive, label)
    })
}

/// Inserts `text` as whole lines after line `after_line` of a file (1-based, as
/// `read_file` numbers them; 0: before the first line). The new lines take the ending
/// of the lines around them (their majority, else the file's dominant ending), as an
/// edit's added lines do; the file's BOM and encoding are kept; one final line break of
/// `text` adds no empty line; a file without a final newline keeps having none.
///
/// # Errors
///
/// `INVALID_ARGUMENT` (with [`Error::argument`](crate::Error::argument) `afterLine` and
/// [`Error::lines`](crate::Error::lines) the file's line count) when `after_line` is
/// past the last line, and (argument `text`) for an empty `text`; a guard's refusal of
/// the new text; `FILE_CHANGED` when the file is not [`EditOptions::expected_version`]
/// or another process changed it meanwhile; `ENCODING_UNMAPPABLE` for text the file's
/// encoding cannot hold; `FILE_NOT_FOUND`, `NOT_A_FILE`, `BINARY_FILE`,
/// `FILE_TOO_LARGE`, `PATH_OUTSIDE_ROOT`, `PERMISSION_DENIED` and `IO_ERROR` for the
/// file. Nothing is written on any error.
pub fn insert_lines(
    path: impl AsRef<Path>,
    after_line: u32,
    text: &str,
    options: &EditOptions,
) -> Result<EditResult> {
    insert_lines_bytes(path.as_ref(), after_line, text.as_bytes(), options)
}

/// [`insert_lines`] on a text given as UTF-8 bytes.
///
/// # Errors
///
/// As [`insert_lines`].
pub fn insert_lines_bytes(
    path: &Path,
    after_line: u32,
    text: &[u8],
    options: &EditOptions,
) -> Result<EditResult> {
    insert(path, after_line, text, options, Hold::Keep)?.commit_one()
}

/// `insert_lines`' change, held for its commit or not.
pub(crate) fn insert(
    path: &Path,
    after_line: u32,
    text: &[u8],
    options: &EditOptions,
    hold: Hold,
) -> Result<Prepared> {
    options.check_own(Op::InsertLines, &[Name::Guards])?;
    let guards = options.guards;
    let opts = options.file_options()?;
    Prepared::change(path, opts, false, hold, |source, _, label| {
        engine::insert_lines(existing(source)?, after_line as usize, text, guards, label)
    })
}

/// Writes a whole file, keeping an existing file's line endings (line by line) and
/// BOM (a U+FEFF that starts the content is taken as that BOM, never doubled or
/// added); a new file takes its ending from `.editorconfig` / `.gitattributes`, else
/// LF, unless the content has real CRLF or CR endings of its own. See
/// [`EditOptions::eol`].
///
/// # Errors
///
/// `FILE_CHANGED` when the file is not [`EditOptions::expected_version`] or another
/// process changed it meanwhile; `ENCODING_UNMAPPABLE` or `ENCODING_UNKNOWN` for new
/// text the file's encoding cannot hold (`FILE_CHANGED` too for [`Expected::Absent`](crate::Expected::Absent)
/// when the file exists); `FILE_TOO_LARGE` for content over the size limit; `FILE_NOT_FOUND`, `NOT_A_FILE`, `BINARY_FILE`, `FILE_TOO_LARGE`, `PATH_OUTSIDE_ROOT`,
/// `PERMISSION_DENIED` and `IO_ERROR` (with [`Error::io_kind`](crate::Error::io_kind))
/// for the file; `INVALID_ARGUMENT` for an option that cannot be used (an unknown
/// `encoding`, an empty `root`, a relative path without a working directory)
/// (a missing file is created, not `FILE_NOT_FOUND`). Nothing is written on any error.
pub fn write_file(
    path: impl AsRef<Path>,
    content: impl AsRef<[u8]>,
    options: &EditOptions,
) -> Result<EditResult> {
    write(path.as_ref(), content.as_ref(), options, Hold::Keep)?.commit_one()
}

/// `write_file`'s change, held for its commit or not.
pub(crate) fn write(
    path: &Path,
    content: &[u8],
    options: &EditOptions,
    hold: Hold,
) -> Result<Prepared> {
    options.check_own(Op::WriteFile, &[Name::Eol, Name::Guards])?;
    let mode = options.eol.engine();
    let guards = options.guards;
    Prepared::change(
        path,
        options.file_options()?,
        true,
        hold,
        |decoded, real, label| {
            // Settings files are read only when the content and the file give no ending.
            let fallback = || file::conventions::new_file_ending(real);
            let source = decoded.map(|d| d.source.as_slice());
            // An existing file keeps its own BOM, or none: a U+FEFF that starts the
            // content is that BOM as a host's read kept it, not text to add.
            let content = match decoded {
                Some(_) => content.strip_prefix(BOM_CHAR).unwrap_or(content),
                None => content,
            };
            let old = source.unwrap_or_default();
            let applied = engine::write(source, content, mode, fallback, label);
            Check::new(guards, old, label).whole(
                old,
                &applied.splices.joined(old),
                Scope::Write,
            )?;
            Ok(applied)
        },
    )
}

/// U+FEFF in UTF-8: a byte order mark at the start of a text.
const BOM_CHAR: &[u8] = "\u{feff}".as_bytes();

/// Converts every line ending of a file to `to`; `NO_CHANGE` if there is nothing to
/// convert.
///
/// # Errors
///
/// `NO_CHANGE`; `FILE_CHANGED` when the file is not [`EditOptions::expected_version`] or another
/// process changed it meanwhile; `ENCODING_UNMAPPABLE` or `ENCODING_UNKNOWN` for new
/// text the file's encoding cannot hold; `FILE_NOT_FOUND`, `NOT_A_FILE`, `BINARY_FILE`, `FILE_TOO_LARGE`, `PATH_OUTSIDE_ROOT`,
/// `PERMISSION_DENIED` and `IO_ERROR` (with [`Error::io_kind`](crate::Error::io_kind))
/// for the file; `INVALID_ARGUMENT` for an option that cannot be used (an unknown
/// `encoding`, an empty `root`, a relative path without a working directory).
pub fn convert_eol(
    path: impl AsRef<Path>,
    to: Ending,
    options: &EditOptions,
) -> Result<EditResult> {
    options.check_own(Op::ConvertEol, &[])?;
    Prepared::change(
        path.as_ref(),
        options.file_options()?,
        false,
        Hold::Keep,
        |source, _, label| engine::convert_eol(existing(source)?, to, label),
    )?
    .commit_one()
}

/// Writes a file in another encoding (a WHATWG label such as `"utf-8"`, `"gbk"`,
/// `"windows-1252"`); its text, endings and lines stay as they are. A character the
/// encoding cannot hold is `ENCODING_UNMAPPABLE` and nothing is written. UTF-16 always
/// gets its byte order mark, UTF-8 one only with [`EditOptions::bom`], legacy
/// encodings none.
///
/// # Errors
///
/// `INVALID_ARGUMENT` for an unknown `to`; `NO_CHANGE` when the file already is in it;
/// `ENCODING_UNMAPPABLE` (with the line) for a character `to` cannot hold; `FILE_CHANGED`
/// as for every change; `FILE_NOT_FOUND`, `NOT_A_FILE`, `BINARY_FILE`, `FILE_TOO_LARGE`, `PATH_OUTSIDE_ROOT`,
/// `PERMISSION_DENIED` and `IO_ERROR` (with [`Error::io_kind`](crate::Error::io_kind))
/// for the file; `INVALID_ARGUMENT` for an option that cannot be used (an unknown
/// `encoding`, an empty `root`, a relative path without a working directory). Nothing is written on any error.
pub fn convert_encoding(
    path: impl AsRef<Path>,
    to: &str,
    options: &EditOptions,
) -> Result<EditResult> {
    options.check_own(Op::ConvertEncoding, &[Name::Bom])?;
    let to = Encoding::for_label(to).map_err(|e| e.with_argument(Name::To))?;
    // UTF-16 always has its BOM (it is how the file is recognised); UTF-8 has one
    // only when asked for; legacy encodings have none.
    let bom = if to == Encoding::utf8() {
        options.bom
    } else {
        to.is_unicode()
    };
    let opts = FileOptions {
        convert_to: Some((to, bom)),
        ..options.file_options()?
    };
    let prepared = Prepared::change(path.as_ref(), opts, false, Hold::Keep, |decoded, _, _| {
        let decoded =
            decoded.ok_or_else(|| Error::new(ErrorCode::FileNotFound, "File not found."))?;
        decoded.check_convertible()?;
        if (decoded.encoding, decoded.bom) == (to, bom) {
            let with = if bom { " with a BOM" } else { "" };
            return Err(Error::new(
                ErrorCode::NoChange,
                format!("The file is already {to}{with}: nothing to convert."),
            ));
        }
        let source = &decoded.source;
        let lines = eol::info(source).line_count(source.is_empty()) as u32;
        Ok(Applied {
            splices: Splices::of(Vec::new()),
            replacements: 0,
            matched_by: Vec::new(),
            start_line: lines.min(1),
            end_line: lines,
            diff: String::new(),
            eol: eol::report(source, std::iter::once(source.as_slice())),
        })
    })?;
    prepared.commit_one()
}

/// The source of a file that must exist: `modify` passes `None` only when creating is
/// allowed.
fn existing(decoded: Option<&Decoded>) -> Result<&[u8]> {
    decoded
        .map(|d| d.source.as_slice())
        .ok_or_else(|| Error::new(ErrorCode::FileNotFound, "File not found."))
}
