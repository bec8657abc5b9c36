//! A file's raw bytes to the text the engine edits, and the edited text back to bytes,
//! byte-exact wherever nothing changed.
//!
//! The rest of the crate works on the **source**: the file's text as UTF-8, exactly as
//! `readFile` shows it. For a valid UTF-8 file (the common case) that is the file's
//! bytes after the BOM, untouched and uncopied. Every other file is *decoded*: UTF-16
//! (found by its BOM), a legacy encoding such as GBK, Shift_JIS or windows-1252
//! (declared, or detected from the bytes), or UTF-8 with bytes that are not valid UTF-8
//! (shown as U+FFFD). A decoded file keeps its raw bytes and a map from source offsets
//! back to them ([`map`]), so that writing ([`write`](mod@write)) copies every range the edit did
//! not change from the raw bytes, and only new and changed text goes through an
//! encoder. An invalid byte, an unpaired UTF-16 surrogate, an odd trailing UTF-16 byte
//! or a legacy character with two byte forms therefore survives any edit that does not
//! touch it, and writing back what was read changes nothing.
//!
//! Decoding and encoding are `encoding_rs` (the WHATWG Encoding Standard as a browser
//! engine implements it); detection is `chardetng` ([`detect`]).
//!
//! ```
//! use eol_edit::internals::encoding::{decode, Encoding, Hints};
//! use eol_edit::internals::splice::Splices;
//!
//! // "中文\r\n" in GBK: decoded for the engine, written back byte for byte.
//! let gbk = Encoding::for_label("gbk").unwrap();
//! let hints = Hints { option: Some(gbk), ..Hints::default() };
//! let decoded = decode(b"\xD6\xD0\xCE\xC4\r\n".to_vec(), &hints).unwrap();
//! assert_eq!(decoded.source, "中文\r\n".as_bytes());
//! assert_eq!(decoded.encoding.name(), "gbk");
//! let same = decoded.write_bytes(&Splices::whole("中文\r\n".into())).unwrap();
//! assert_eq!(same, b"\xD6\xD0\xCE\xC4\r\n");
//! ```
//!
//! # Which encoding
//!
//! 1. A byte order mark decides (UTF-8, UTF-16LE, UTF-16BE).
//! 2. Else a NUL byte in the first 8 KiB makes the file binary (`BINARY_FILE`), unless
//!    the caller declared UTF-16, which is then read without a BOM.
//! 3. Else valid UTF-8 is UTF-8. A pure-ASCII file the caller declared in an
//!    ASCII-compatible encoding takes that encoding, so text added to it is written in
//!    it.
//! 4. Else the caller's `encoding` option, then the encoding the project declares
//!    (`.editorconfig` `charset`, `.gitattributes` `working-tree-encoding`).
//! 5. Else detection from the bytes; a detected encoding is named in `warnings`.
//! 6. Else (nothing likely): UTF-8, the invalid bytes shown as U+FFFD and kept.

pub mod detect;
pub mod map;
pub mod views;
pub mod write;

use std::fmt;

use crate::error::{Error, ErrorCode, Result};
use crate::message::{parts, Message, Name, Op, Part};
use map::Raw;

/// How many leading bytes are searched for a NUL to call a file binary.
pub const BINARY_SNIFF_LEN: usize = 8 * 1024;

const BOM_UTF8: &[u8] = b"\xEF\xBB\xBF";
const BOM_UTF16LE: &[u8] = b"\xFF\xFE";
const BOM_UTF16BE: &[u8] = b"\xFE\xFF";

/// One of the WHATWG Encoding Standard's encodings that files can be edited in: all
/// of them but `replacement` (which decodes everything to U+FFFD) and ISO-2022-JP
/// (stateful, so its lines cannot be kept and replaced one by one).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Encoding(&'static encoding_rs::Encoding);

/// How an encoding is built, which decides how source offsets map to raw bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Family {
    Utf8,
    Utf16 {
        big_endian: bool,
    },
    /// One byte is one character (windows-125x, ISO-8859-x, KOI8, …).
    SingleByte,
    /// Characters of one to four bytes whose line-ending bytes are never part of a
    /// longer character (GBK, gb18030, Big5, Shift_JIS, EUC-JP, EUC-KR).
    MultiByte,
}

impl Encoding {
    /// UTF-8.
    pub fn utf8() -> Encoding {
        Encoding(encoding_rs::UTF_8)
    }

    /// UTF-16, little endian.
    pub fn utf16le() -> Encoding {
        Encoding(encoding_rs::UTF_16LE)
    }

    /// UTF-16, big endian.
    pub fn utf16be() -> Encoding {
        Encoding(encoding_rs::UTF_16BE)
    }

    /// The encoding a WHATWG label names (`"utf-8"`, `"gbk"`, `"latin1"`, `"sjis"`, …,
    /// case-insensitive), or `INVALID_ARGUMENT`.
    pub fn for_label(label: &str) -> Result<Encoding> {
        let Some(found) = encoding_rs::Encoding::for_label(label.trim().as_bytes()) else {
            return Err(Error::invalid(format!(
                "Unknown encoding '{label}'. Use a WHATWG encoding label such as 'utf-8', 'utf-16le', 'gbk', 'gb18030', 'big5', 'shift_jis', 'euc-jp', 'euc-kr', 'windows-1252', 'latin1', 'iso-8859-2' or 'koi8-r'."
            )));
        };
        Encoding::supported(found).ok_or_else(|| {
            Error::invalid(format!(
                "The encoding '{label}' ({}) cannot be edited: {}",
                found.name().to_ascii_lowercase(),
                if found == encoding_rs::ISO_2022_JP {
                    "its escape sequences carry state from line to line. Convert the file to 'utf-8' or 'shift_jis' with another tool first."
                } else {
                    "it is a placeholder that decodes every file to U+FFFD."
                }
            ))
        })
    }

    /// `found` if files can be edited in it.
    pub(crate) fn supported(found: &'static encoding_rs::Encoding) -> Option<Encoding> {
        (found != encoding_rs::REPLACEMENT && found != encoding_rs::ISO_2022_JP)
            .then_some(Encoding(found))
    }

    /// The name JavaScript sees (`ReadResult.encoding`): the WHATWG name in lower case,
    /// as `TextDecoder.encoding` gives it (`"utf-8"`, `"utf-16le"`, `"gbk"`,
    /// `"shift_jis"`, `"windows-1252"`, …).
    pub fn name(self) -> String {
        self.0.name().to_ascii_lowercase()
    }

    /// The `encoding_rs` encoding.
    pub fn whatwg(self) -> &'static encoding_rs::Encoding {
        self.0
    }

    /// The byte order mark of this encoding (empty for legacy encodings).
    pub fn bom(self) -> &'static [u8] {
        match self.family() {
            Family::Utf8 => BOM_UTF8,
            Family::Utf16 { big_endian: false } => BOM_UTF16LE,
            Family::Utf16 { big_endian: true } => BOM_UTF16BE,
            _ => b"",
        }
    }

    /// True for UTF-8 and UTF-16.
    pub fn is_unicode(self) -> bool {
        matches!(self.family(), Family::Utf8 | Family::Utf16 { .. })
    }

    /// True when ASCII text is the same bytes in this encoding (all but UTF-16).
    fn is_ascii_compatible(self) -> bool {
        !matches!(self.family(), Family::Utf16 { .. })
    }

    pub(crate) fn family(self) -> Family {
        if self.0 == encoding_rs::UTF_8 {
            Family::Utf8
        } else if self.0 == encoding_rs::UTF_16LE {
            Family::Utf16 { big_endian: false }
        } else if self.0 == encoding_rs::UTF_16BE {
            Family::Utf16 { big_endian: true }
        } else if self.0.is_single_byte() {
            Family::SingleByte
        } else {
            Family::MultiByte
        }
    }
}

impl fmt::Debug for Encoding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0.name())
    }
}

impl fmt::Display for Encoding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name())
    }
}

/// Where a file's encoding came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Decided {
    /// Its byte order mark.
    Bom,
    /// It is valid UTF-8.
    Utf8,
    /// The caller's `encoding` option.
    Option,
    /// The project's settings (`.editorconfig` `charset`, `.gitattributes`
    /// `working-tree-encoding`).
    Declared,
    /// Detected from the bytes: a guess, named in the warnings.
    Detected,
    /// Not valid UTF-8 and no encoding was likely: UTF-8, invalid bytes shown as
    /// U+FFFD.
    Fallback,
}

/// An encoding the project's settings declare for a file, and where.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Declaration {
    /// The encoding.
    pub encoding: Encoding,
    /// Whether a new file gets a BOM (`.editorconfig`'s `utf-8-bom`; UTF-16 always).
    pub bom: bool,
    /// The setting, for messages: e.g. `.editorconfig charset = latin1`.
    pub source: String,
}

/// What the decoder may use besides the bytes.
#[derive(Default)]
pub struct Hints<'a> {
    /// The caller's `encoding` option.
    pub option: Option<Encoding>,
    /// The project's declaration for this file, looked up only when needed (a file
    /// that is not valid UTF-8, or a new file).
    pub declared: Option<&'a dyn Fn() -> Option<Declaration>>,
    /// The xxh3-128 hash of the bytes, when the caller has it (the number behind the
    /// file's version): a decoded text kept from the last call on those bytes
    /// ([`views`]) is then found without hashing them again.
    pub hash: Option<u128>,
}

impl Hints<'_> {
    fn declared(&self) -> Option<Declaration> {
        self.declared.and_then(|lookup| lookup())
    }
}

/// A file's bytes as the text the engine edits, with what is needed to write it back.
#[derive(Debug, Clone)]
pub struct Decoded {
    /// The file's encoding.
    pub encoding: Encoding,
    /// Whether the file starts with a byte order mark.
    pub bom: bool,
    /// The text after the BOM as valid UTF-8: what `readFile` shows and edits match.
    pub source: Vec<u8>,
    /// Where the encoding came from.
    pub decided: Decided,
    /// What the caller should tell its user about the encoding (a guess, bytes shown
    /// as U+FFFD, an option that was overruled).
    pub warnings: Vec<Message>,
    /// How many byte sequences are not valid in the encoding (each shown as U+FFFD).
    pub invalid: usize,
    raw: Raw,
}

impl PartialEq for Decoded {
    fn eq(&self, other: &Self) -> bool {
        (
            self.encoding,
            self.bom,
            &self.source,
            self.decided,
            &self.warnings,
        ) == (
            other.encoding,
            other.bom,
            &other.source,
            other.decided,
            &other.warnings,
        ) && self.raw_body() == other.raw_body()
    }
}

impl Decoded {
    /// True when `source` is the raw bytes after the BOM (valid UTF-8).
    #[cfg(any(test, feature = "internals"))]
    pub fn is_raw(&self) -> bool {
        matches!(self.raw, Raw::Same)
    }

    /// The file's raw bytes, given back.
    pub fn into_raw(self) -> Vec<u8> {
        match self.raw {
            Raw::Same if self.bom => [self.encoding.bom(), &self.source].concat(),
            Raw::Same => self.source,
            Raw::Mapped(m) => m.into_bytes(),
        }
    }

    /// Remembers the view of the bytes a write of this file produced, for the next
    /// decode of exactly those bytes (see [`views`]): `edit` is the write's
    /// [`Output::carry`], `new_hash` the xxh3-128 of the new bytes (the number behind
    /// their version) and `new_len` their length.
    pub fn carry_over(self, edit: &views::Edit, new_hash: u128, new_len: usize) {
        if let Some((encoding, view, _)) = self.into_view() {
            views::remember(encoding, view, edit, new_hash, new_len);
        }
    }

    /// Gives back the view of a file that was only read, for the next decode of the
    /// same bytes (see [`views`]): `hash` is the xxh3-128 of the file's bytes.
    pub fn keep(self, hash: u128) {
        if let Some((encoding, view, len)) = self.into_view() {
            views::keep(encoding, view, hash, len);
        }
    }

    /// The encoding, text and anchors of a file whose view can be carried over (see
    /// [`views`]), and the length of its raw bytes.
    fn into_view(self) -> Option<(Encoding, views::View, usize)> {
        match self.raw {
            Raw::Mapped(mapped) if self.invalid == 0 && mapped.carries_over() => {
                let len = mapped.body().len();
                Some((self.encoding, (self.source, mapped.into_anchors()), len))
            }
            _ => None,
        }
    }

    /// The raw bytes of the text (after the BOM, before an odd trailing UTF-16 byte).
    fn raw_body(&self) -> &[u8] {
        match &self.raw {
            Raw::Same => &self.source,
            Raw::Mapped(m) => m.body(),
        }
    }
}

/// Decodes a file's raw bytes (see the module docs for how the encoding is chosen).
///
/// Fails with `BINARY_FILE` when a NUL byte is in the first 8 KiB after the BOM of a
/// file that is not UTF-16. A valid UTF-8 file costs one validation pass and no copy.
pub fn decode(mut bytes: Vec<u8>, hints: &Hints<'_>) -> Result<Decoded> {
    let mut warnings = Vec::new();
    if let Some((encoding, len)) = bom_of(&bytes) {
        if let Some(option) = hints.option.filter(|o| *o != encoding) {
            warnings.push(
                format!(
                    "The file starts with a {} byte order mark, so it was read as {encoding}, not as {option}.",
                    encoding
                )
                .into(),
            );
        }
        return Ok(match encoding.family() {
            Family::Utf8 => {
                binary_check(&bytes[len..])?;
                decode_utf8(bytes, len, Decided::Bom, warnings)
            }
            _ => map::decode_mapped(bytes, len, encoding, true, Decided::Bom, warnings),
        });
    }
    if let Err(binary) = binary_check(&bytes) {
        let utf16 = hints
            .option
            .or_else(|| hints.declared().map(|d| d.encoding))
            .filter(|e| matches!(e.family(), Family::Utf16 { .. }));
        return match utf16 {
            Some(encoding) => Ok(map::decode_mapped(
                bytes,
                0,
                encoding,
                false,
                Decided::Option,
                warnings,
            )),
            None => Err(binary),
        };
    }
    let valid_up_to = encoding_rs::Encoding::utf8_valid_up_to(&bytes);
    if valid_up_to == bytes.len() {
        if let Some(option) = hints.option.filter(|o| *o != Encoding::utf8()) {
            if option.is_ascii_compatible() && bytes[..valid_up_to].is_ascii() {
                // ASCII is the same in both: the declared encoding holds for new text.
                return Ok(map::decode_mapped(
                    bytes,
                    0,
                    option,
                    false,
                    Decided::Option,
                    warnings,
                ));
            }
            warnings.push(parts![
                format!("The file is valid UTF-8, so it was read as utf-8, not as {option}; "),
                Part::phrase(
                    "change-encoding",
                    parts!["use ", Op::ConvertEncoding, " to change its encoding"]
                ),
                "."
            ]);
        }
        return Ok(Decoded {
            encoding: Encoding::utf8(),
            bom: false,
            source: bytes,
            decided: Decided::Utf8,
            warnings,
            invalid: 0,
            raw: Raw::Same,
        });
    }
    let (declared, decided) = match hints.option {
        Some(option) => (Some(option), Decided::Option),
        None => match hints.declared() {
            Some(declaration) => (Some(declaration.encoding), Decided::Declared),
            None => (None, Decided::Detected),
        },
    };
    match declared {
        Some(encoding) if encoding.family() == Family::Utf8 => {
            Ok(decode_utf8(bytes, 0, decided, warnings))
        }
        Some(encoding) => Ok(map::decode_mapped_hashed(
            bytes, encoding, decided, warnings, hints.hash,
        )),
        None => {
            if let Some(encoding) = detect::guess(&bytes) {
                // Decoded once: the check needs the decoded text, and it is kept.
                let decoded = map::decode_mapped_hashed(
                    bytes,
                    encoding,
                    Decided::Detected,
                    warnings.clone(),
                    hints.hash,
                );
                if detect::likely(&decoded) {
                    return Ok(decoded);
                }
                bytes = decoded.into_raw();
            }
            Ok(decode_utf8(bytes, 0, Decided::Fallback, warnings))
        }
    }
}

/// `BINARY_FILE` when a NUL byte is in the first [`BINARY_SNIFF_LEN`] bytes of `body`.
fn binary_check(body: &[u8]) -> Result<()> {
    let head = &body[..body.len().min(BINARY_SNIFF_LEN)];
    match memchr::memchr(0, head) {
        Some(at) => Err(Error::new(
            ErrorCode::BinaryFile,
            format!(
                "This looks like a binary file (a NUL byte at offset {at}); \
                 only text files can be read or edited."
            ),
        )
        .with_hint(parts![
            "If it is UTF-16 without a byte order mark, ",
            Part::phrase(
                "pass-utf-16",
                parts![
                    "pass ",
                    Name::Encoding.is("utf-16le"),
                    " (or ",
                    Part::value(Name::Encoding, "utf-16be"),
                    ")"
                ]
            ),
            "."
        ])),
        None => Ok(()),
    }
}

/// A file taken as UTF-8 (after a BOM of `bom_len` bytes): the raw bytes themselves
/// when they are valid, else mapped, with invalid sequences shown as U+FFFD.
fn decode_utf8(
    mut bytes: Vec<u8>,
    bom_len: usize,
    decided: Decided,
    warnings: Vec<Message>,
) -> Decoded {
    if encoding_rs::Encoding::utf8_valid_up_to(&bytes[bom_len..]) == bytes.len() - bom_len {
        bytes.drain(..bom_len);
        return Decoded {
            encoding: Encoding::utf8(),
            bom: bom_len > 0,
            source: bytes,
            decided,
            warnings,
            invalid: 0,
            raw: Raw::Same,
        };
    }
    map::decode_mapped(
        bytes,
        bom_len,
        Encoding::utf8(),
        bom_len > 0,
        decided,
        warnings,
    )
}

/// The encoding a byte order mark at the start of `bytes` names, and the mark's length.
fn bom_of(bytes: &[u8]) -> Option<(Encoding, usize)> {
    if bytes.starts_with(BOM_UTF8) {
        Some((Encoding::utf8(), 3))
    } else if bytes.starts_with(BOM_UTF16LE) {
        Some((Encoding::utf16le(), 2))
    } else if bytes.starts_with(BOM_UTF16BE) {
        Some((Encoding::utf16be(), 2))
    } else {
        None
    }
}

/// The encoding and BOM of a file that does not exist yet: the caller's option, else
/// the project's declaration, else UTF-8 without BOM. UTF-16 always gets its BOM, so
/// the file is recognised when read back.
pub fn for_new_file(hints: &Hints<'_>) -> (Encoding, bool) {
    let (encoding, bom) = match hints.option {
        Some(option) => (option, false),
        None => hints
            .declared()
            .map_or((Encoding::utf8(), false), |d| (d.encoding, d.bom)),
    };
    let utf16 = matches!(encoding.family(), Family::Utf16 { .. });
    (encoding, bom || utf16)
}

/// Counts a decoded file's problems for its warnings: `count` bytes or sequences that
/// are not valid in `encoding`.
fn invalid_warning(encoding: Encoding, count: usize) -> String {
    let what = if count == 1 {
        "1 byte sequence that is not".to_string()
    } else {
        format!("{count} byte sequences that are not")
    };
    format!(
        "The file has {what} valid {encoding}; they are shown as U+FFFD and kept as they are unless an edit replaces them."
    )
}

#[cfg(test)]
mod tests;
