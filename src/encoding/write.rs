//! An edited source back to raw bytes: kept ranges copied, only changes encoded.
//!
//! The engine hands back the new source as [`Splices`] of the old one. For a file
//! whose source is its raw bytes (valid UTF-8) those are written as they are. For a
//! decoded file, the splices are first narrowed to what really changed: a splice of
//! the engine (a matched region) or a whole new text (`writeFile`) often holds lines,
//! and parts of lines, that equal the old source, and those are kept. Narrowing trims
//! the common start and end, then aligns the remaining lines by a longest common
//! subsequence (as [`crate::align`] does), and trims each changed line's common start
//! and end. What is left is encoded in the file's encoding; everything between is
//! copied from the raw bytes through the [map](super::map). So an untouched invalid
//! byte, unpaired surrogate or duplicate legacy form keeps its bytes, even on a line
//! the edit changed elsewhere, and writing back what was read changes no byte.
//!
//! A character the encoding cannot hold fails the write with `ENCODING_UNMAPPABLE`,
//! naming it, its line and the encoding; nothing is written.

use std::borrow::Cow;
use std::time::Duration;

use encoding_rs::EncoderResult;
use similar::DiffOp;

use super::map::{Cursor, Mapped, Raw, Snap};
use super::{views, Decided, Decoded, Encoding, Family, Hints};
use crate::align;
use crate::eol;
use crate::error::{Error, ErrorCode, Result};
use crate::message::{as_option, parts, Name, Op, Part};
use crate::splice::Splices;

/// The bytes of a write, as pieces to be written one after another.
#[derive(Debug)]
pub struct Output<'a> {
    /// The file's new bytes, BOM included: ranges of the old raw bytes and new text.
    pub pieces: Vec<Cow<'a, [u8]>>,
    /// The encoding written.
    pub encoding: Encoding,
    /// Whether a BOM was written.
    pub bom: bool,
    /// The changes, when the new bytes' view can be carried over to the next decode
    /// ([`super::views`]).
    pub carry: Option<views::Edit>,
}

impl Output<'_> {
    /// The pieces in one buffer.
    pub fn concat(&self) -> Vec<u8> {
        self.pieces.concat()
    }
}

/// The bytes to write for `splices` of `decoded`'s source (`None`: a new file, whose
/// encoding the caller's option or the project's declaration in `hints` decides).
/// `convert` writes the whole text in another encoding (and BOM) instead.
///
/// `Ok(None)` when nothing would change.
pub fn output<'a>(
    decoded: Option<&'a Decoded>,
    splices: &'a Splices,
    hints: &Hints<'_>,
    convert: Option<(Encoding, bool)>,
) -> Result<Option<Output<'a>>> {
    match (decoded, convert) {
        (None, _) => {
            let (encoding, bom) = convert.unwrap_or_else(|| super::for_new_file(hints));
            whole(splices.joined(b""), encoding, bom).map(Some)
        }
        (Some(d), Some((encoding, bom))) if (encoding, bom) != (d.encoding, d.bom) => {
            whole(splices.joined(&d.source), encoding, bom).map(Some)
        }
        (Some(d), _) if splices.is_identity(&d.source) => Ok(None),
        // Written in the encoding the caller names: the caller knows what the bytes are.
        (Some(d), Some(_)) => d.write_with(splices, false).map(Some),
        (Some(d), None) => d.write(splices).map(Some),
    }
}

impl Decoded {
    /// The bytes for `splices` of this file's source, in its own encoding and BOM;
    /// `ENCODING_UNKNOWN` for non-ASCII text in a file whose encoding is not known.
    pub fn write<'a>(&'a self, splices: &'a Splices) -> Result<Output<'a>> {
        self.write_with(splices, true)
    }

    /// [`Decoded::write`], refusing non-ASCII text in a file whose encoding is not
    /// known only when `known_only`.
    fn write_with<'a>(&'a self, splices: &'a Splices, known_only: bool) -> Result<Output<'a>> {
        if let Some(at) = splices.find_brought(|b| lone_surrogate(b).map(|(i, _)| i)) {
            return Err(half_character(&splices.joined(&self.source), at));
        }
        let bom: &'a [u8] = match &self.raw {
            Raw::Mapped(m) => m.prefix(),
            Raw::Same if self.bom => self.encoding.bom(),
            Raw::Same => b"",
        };
        let mut pieces = vec![Cow::Borrowed(bom)];
        let mut carry = None;
        match &self.raw {
            Raw::Same if self.encoding.family() == Family::Utf8 => {
                pieces.extend(splices.pieces(&self.source).map(Cow::Borrowed));
            }
            Raw::Same => {
                // Pure ASCII in a legacy encoding: kept text is its own bytes.
                let changes = narrow(&self.source, splices);
                let mut copied = 0;
                let mut new_text = NewText::new(&self.source);
                for change in &changes {
                    pieces.push(Cow::Borrowed(&self.source[copied..change.start]));
                    let at = new_text.offset(change.start);
                    pieces.push(Cow::Owned(encode(self.encoding, &change.bytes, &|k| {
                        new_text.line(&changes, at + k)
                    })?));
                    new_text.passed(change);
                    copied = change.end;
                }
                pieces.push(Cow::Borrowed(&self.source[copied..]));
            }
            Raw::Mapped(mapped) => {
                carry = self.write_mapped(mapped, splices, known_only, &mut pieces)?;
                pieces.push(Cow::Borrowed(mapped.suffix()));
            }
        }
        pieces.retain(|p| !p.is_empty());
        Ok(Output {
            pieces,
            encoding: self.encoding,
            bom: self.bom,
            carry,
        })
    }

    /// Pushes the pieces of a decoded file's new bytes; returns the changes when the
    /// new view can be carried over ([`super::views`]).
    fn write_mapped<'a>(
        &'a self,
        mapped: &'a Mapped,
        splices: &Splices,
        known_only: bool,
        pieces: &mut Vec<Cow<'a, [u8]>>,
    ) -> Result<Option<views::Edit>> {
        let source = &self.source[..];
        let raw = mapped.body();
        let changes = narrow(source, splices);
        if known_only {
            self.refuse_unknown(&changes)?;
        }
        // Each change grows to clean points of the map; changes that then touch merge.
        let mut merged: Vec<Change> = Vec::with_capacity(changes.len());
        let mut raw_ranges = Vec::with_capacity(changes.len());
        let mut cur = Cursor::default();
        let mut i = 0;
        while i < changes.len() {
            let start = mapped.seek(source, &mut cur, changes[i].start, Snap::Back);
            let mut bytes = source[start.source..changes[i].start].to_vec();
            bytes.extend_from_slice(&changes[i].bytes);
            let mut end_at = changes[i].end;
            let mut end = mapped.seek(source, &mut cur, end_at, Snap::Forward);
            while i + 1 < changes.len() && changes[i + 1].start < end.source {
                i += 1;
                bytes.extend_from_slice(&source[end_at..changes[i].start]);
                bytes.extend_from_slice(&changes[i].bytes);
                end_at = changes[i].end;
                if end_at > end.source {
                    end = mapped.seek(source, &mut cur, end_at, Snap::Forward);
                }
            }
            bytes.extend_from_slice(&source[end_at..end.source]);
            merged.push(Change {
                start: start.source,
                end: end.source,
                bytes,
            });
            raw_ranges.push((start.raw, end.raw));
            i += 1;
        }
        let mut copied = 0;
        let mut new_text = NewText::new(source);
        let mut carry = (self.invalid == 0 && mapped.carries_over()).then(Vec::new);
        for (change, &(raw_start, raw_end)) in merged.iter().zip(&raw_ranges) {
            pieces.push(Cow::Borrowed(&raw[copied..raw_start]));
            let at = new_text.offset(change.start);
            let encoded = encode(self.encoding, &change.bytes, &|k| {
                new_text.line(&merged, at + k)
            })?;
            if let Some(changes) = &mut carry {
                if decodes_to(self.encoding, &encoded, &change.bytes) {
                    changes.push(views::Change {
                        source: change.start..change.end,
                        raw: raw_start..raw_end,
                        text: change.bytes.clone(),
                        encoded_len: encoded.len(),
                    });
                } else {
                    carry = None;
                }
            }
            pieces.push(Cow::Owned(encoded));
            new_text.passed(change);
            copied = raw_end;
        }
        pieces.push(Cow::Borrowed(&raw[copied..]));
        Ok(carry.map(|changes| views::Edit { changes }))
    }

    /// `ENCODING_UNKNOWN` when the file's encoding is not known (not valid UTF-8,
    /// nothing declared, nothing detected) and a change brings a non-ASCII character:
    /// whatever bytes it were written as, the file would then hold two encodings.
    /// ASCII is the same in every encoding such a file can be in, so ASCII changes pass.
    fn refuse_unknown(&self, changes: &[Change]) -> Result<()> {
        if self.decided != Decided::Fallback {
            return Ok(());
        }
        let mut new_text = NewText::new(&self.source);
        for change in changes {
            if let Some(k) = change.bytes.iter().position(|b| !b.is_ascii()) {
                let c = String::from_utf8_lossy(&change.bytes[k..])
                    .chars()
                    .next()
                    .unwrap_or('\u{FFFD}');
                let line = new_text.line(changes, new_text.offset(change.start) + k);
                return Err(unknown(c, line));
            }
            new_text.passed(change);
        }
        Ok(())
    }

    /// The whole new file for `splices` in one buffer (the old bytes when nothing
    /// changes).
    pub fn write_bytes(&self, splices: &Splices) -> Result<Vec<u8>> {
        if splices.is_identity(&self.source) {
            return Ok(self.clone().into_raw());
        }
        Ok(self.write(splices)?.concat())
    }
}

/// A whole text in `encoding`, with its BOM when `bom`.
fn whole(text: Cow<'_, [u8]>, encoding: Encoding, bom: bool) -> Result<Output<'_>> {
    if let Some((at, _)) = lone_surrogate(&text) {
        return Err(half_character(&text, at));
    }
    let prefix: &[u8] = if bom { encoding.bom() } else { b"" };
    let body = if encoding.family() == Family::Utf8 {
        text
    } else {
        let lines = |at: usize| eol::count_endings(&text[..at]) + 1;
        Cow::Owned(encode(encoding, &text, &lines)?)
    };
    Ok(Output {
        pieces: vec![Cow::Borrowed(prefix), body]
            .into_iter()
            .filter(|p| !p.is_empty())
            .collect(),
        encoding,
        bom,
        carry: None,
    })
}

/// True when `encoded` decodes, on its own and without a malformed sequence, to
/// exactly `text`: then it can stand between raw ranges that start and end at clean
/// points, and the file decodes to the old text with this change.
fn decodes_to(encoding: Encoding, encoded: &[u8], text: &[u8]) -> bool {
    let (decoded, _, invalid) = super::map::decode_part(encoding, encoded, 0);
    invalid == 0 && decoded.as_bytes() == text
}

/// A replaced range of the source and what stands there instead.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Change {
    start: usize,
    end: usize,
    bytes: Vec<u8>,
}

/// Where changes land in the new text, for the line of an unmappable character.
struct NewText<'s> {
    source: &'s [u8],
    /// New text length minus old, over the changes passed so far.
    shift: isize,
}

impl<'s> NewText<'s> {
    fn new(source: &'s [u8]) -> Self {
        NewText { source, shift: 0 }
    }

    /// The new-text offset of source offset `at` (after the changes passed).
    fn offset(&self, at: usize) -> usize {
        (at as isize + self.shift) as usize
    }

    fn passed(&mut self, change: &Change) {
        self.shift += change.bytes.len() as isize - (change.end - change.start) as isize;
    }

    /// The 1-based line of new-text offset `at`, given every change (only on errors).
    fn line(&self, changes: &[Change], at: usize) -> usize {
        let mut text = Vec::with_capacity(at);
        let mut copied = 0;
        for change in changes {
            if text.len() >= at {
                break;
            }
            text.extend_from_slice(&self.source[copied..change.start]);
            text.extend_from_slice(&change.bytes);
            copied = change.end;
        }
        text.extend_from_slice(&self.source[copied..]);
        eol::count_endings(&text[..at.min(text.len())]) + 1
    }
}

/// `text` (UTF-8; anything else is read with U+FFFD) in `encoding`, or
/// `ENCODING_UNMAPPABLE` for its first character the encoding cannot hold, whose line
/// `line_of` gives from its offset in `text`.
fn encode(encoding: Encoding, text: &[u8], line_of: &dyn Fn(usize) -> usize) -> Result<Vec<u8>> {
    match encoding.family() {
        Family::Utf8 => Ok(text.to_vec()),
        Family::Utf16 { big_endian } => {
            let text = String::from_utf8_lossy(text);
            let mut out = Vec::with_capacity(text.len() * 2);
            for unit in text.encode_utf16() {
                out.extend_from_slice(&if big_endian {
                    unit.to_be_bytes()
                } else {
                    unit.to_le_bytes()
                });
            }
            Ok(out)
        }
        Family::SingleByte | Family::MultiByte => {
            let text = String::from_utf8_lossy(text);
            let mut encoder = encoding.whatwg().new_encoder();
            let mut out = Vec::with_capacity(text.len() + 8);
            let mut rest: &str = &text;
            loop {
                let needed = encoder
                    .max_buffer_length_from_utf8_without_replacement(rest.len())
                    .unwrap_or(rest.len() * 4 + 16);
                out.reserve(needed);
                let (result, read) =
                    encoder.encode_from_utf8_to_vec_without_replacement(rest, &mut out, true);
                let done = text.len() - rest.len() + read;
                rest = &rest[read..];
                match result {
                    EncoderResult::InputEmpty => return Ok(out),
                    EncoderResult::OutputFull => {}
                    EncoderResult::Unmappable(c) => {
                        let at = done - c.len_utf8();
                        return Err(unmappable(c, line_of(at), encoding));
                    }
                }
            }
        }
    }
}

/// The first lone surrogate in `text`, and its code unit: the three-byte form
/// (`ED A0..BF 80..BF`) in which a binding passes on half of a surrogate pair from a
/// JavaScript string (WTF-8). No file's source holds one: decoding makes an unpaired
/// surrogate of a UTF-16 file, like any invalid byte, a U+FFFD.
fn lone_surrogate(text: &[u8]) -> Option<(usize, u16)> {
    memchr::memchr_iter(0xED, text).find_map(|i| match text.get(i + 1..i + 3) {
        Some(&[high @ 0xA0..=0xBF, low @ 0x80..=0xBF]) => Some((
            i,
            0xD000 | u16::from(high & 0x3F) << 6 | u16::from(low & 0x3F),
        )),
        _ => None,
    })
}

/// The line (1-based) and code unit of the first lone surrogate in `text`, for a
/// binding that checks a text of its own (a Python `str`) the way a write does.
#[cfg_attr(not(feature = "binding"), allow(dead_code))]
pub fn half_character_in(text: &[u8]) -> Option<(usize, u16)> {
    let (at, unit) = lone_surrogate(text)?;
    Some((eol::count_endings(&text[..at]) + 1, unit))
}

/// `INVALID_ARGUMENT` for the lone surrogate at byte `at` of the new text `text`.
///
/// Half of a character is what a model's text holds when it was cut off inside an
/// emoji (JSON writes one as two `\u` escapes, and a cut can fall between them). UTF-8
/// and the legacy encodings have no bytes for it, and a UTF-16 file that got the unit
/// alone would show it to every reader as U+FFFD; so no encoding writes it.
fn half_character(text: &[u8], at: usize) -> Error {
    let unit = lone_surrogate(&text[at..]).map_or(0xFFFD, |(_, unit)| unit);
    let line = eol::count_endings(&text[..at]) + 1;
    Error::new(
        ErrorCode::InvalidArgument,
        format!(
            "The new text has half of a character on line {line} (U+{unit:04X}, a lone surrogate): the text was cut off inside an emoji or another character written as two UTF-16 units, and half of one is not text in any encoding. Nothing was written."
        ),
    )
    .with_lines(vec![line as u32])
    .with_hint(HALF_CHARACTER_HINT)
}

/// How to send a character whole, after a refusal of half of one.
pub const HALF_CHARACTER_HINT: &str = "Send the whole character (in JSON, both of its \\u escapes: \\ud83d\\ude00 is one emoji), or leave it out.";

/// `ENCODING_UNKNOWN` for `c`, new text on `line` of a file whose encoding is not
/// known. The hint names the `encoding` option, which each front-end calls by its own
/// name.
pub(crate) fn unknown(c: char, line: usize) -> Error {
    let shown = if c == '\u{FFFD}' {
        "U+FFFD, which stands for bytes that could not be decoded,".to_string()
    } else if c.is_control() || c.is_whitespace() {
        format!("U+{:04X}", u32::from(c))
    } else {
        format!("'{c}' (U+{:04X})", u32::from(c))
    };
    Error::new(
        ErrorCode::EncodingUnknown,
        format!(
            "The file is not valid UTF-8 and its encoding is not known, so the new text's {shown} on line {line} cannot be written without putting a second encoding into the file. Nothing was written."
        ),
    )
    .with_lines(vec![line as u32])
    .with_hint(parts![Part::phrase(
        "give-encoding",
        parts![
            "Pass the file's encoding ",
            as_option(Name::Encoding),
            " (for example ",
            Name::Encoding.is("windows-1252"),
            ", or ",
            Name::Encoding.is("utf-8"),
            " for a UTF-8 file with a few damaged bytes); ",
            Op::ReadFile,
            " shows the bytes it could not decode as U+FFFD and names them in its warnings. Changes with only ASCII text need no encoding."
        ]
    )])
}

impl Decoded {
    /// `ENCODING_UNKNOWN` when this file's encoding is not known, for `convertEncoding`:
    /// its bytes that could not be decoded would be written as U+FFFD.
    pub fn check_convertible(&self) -> Result<()> {
        match self.decided {
            Decided::Fallback => Err(unknown_source()),
            _ => Ok(()),
        }
    }
}

/// `ENCODING_UNKNOWN` for converting a file whose encoding is not known.
fn unknown_source() -> Error {
    Error::new(
        ErrorCode::EncodingUnknown,
        "The file is not valid UTF-8 and its encoding is not known, so it cannot be converted: the bytes that could not be decoded would be written as U+FFFD. Nothing was written.",
    )
    .with_hint(parts![Part::phrase(
        "give-encoding",
        parts![
            "Pass the encoding the file is in ",
            as_option(Name::Encoding),
            " (for example ",
            Name::Encoding.is("windows-1252"),
            "); ",
            Op::ReadFile,
            " shows the bytes it could not decode as U+FFFD."
        ]
    )])
}

/// `ENCODING_UNMAPPABLE` for `c` on `line`.
pub(crate) fn unmappable(c: char, line: usize, encoding: Encoding) -> Error {
    if c == '\u{FFFD}' {
        // A U+FFFD of the view stands for bytes that are not valid in the encoding; it
        // is only re-encoded when the change touches them and they cannot be kept.
        return Error::new(
            ErrorCode::EncodingUnmappable,
            format!(
                "The edit on line {line} touches bytes that are not valid {encoding} (shown as U+FFFD), and {encoding} cannot write U+FFFD. Nothing was written."
            ),
        )
        .with_lines(vec![line as u32])
        .with_hint(parts![
            "Leave the U+FFFD and the characters right next to it out of ",
            Name::OldText,
            ", or replace it with the character it should be."
        ]);
    }
    let shown = if c.is_control() || c.is_whitespace() {
        String::new()
    } else {
        format!("'{c}' ")
    };
    Error::new(
        ErrorCode::EncodingUnmappable,
        format!(
            "The character {shown}(U+{:04X}) on line {line} cannot be written in {encoding}, the file's encoding. Nothing was written.",
            u32::from(c)
        ),
    )
    .with_lines(vec![line as u32])
    .with_hint(parts![
        format!("Write the text with characters {encoding} can hold (for example an escape sequence the file's language understands)"),
        Part::phrase(
            "convert-encoding-first",
            parts![
                ", or change the file's encoding first with ",
                Op::ConvertEncoding,
                " (for example to ",
                Part::value(Name::To, "utf-8"),
                ")"
            ]
        ),
        "."
    ])
}

/// The changes `splices` make to `source`, narrowed to what really differs (see the
/// module docs), in order and without overlap.
fn narrow(source: &[u8], splices: &Splices) -> Vec<Change> {
    let mut out = Vec::new();
    if splices.replaces_source() {
        let new = splices.joined(source);
        narrow_one(source, 0, source.len(), &new, &mut out);
    } else {
        for s in splices.splice_list() {
            narrow_one(source, s.start, s.end, &s.bytes, &mut out);
        }
    }
    out
}

/// True when `at` is a UTF-8 character boundary of `text`.
fn boundary(text: &[u8], at: usize) -> bool {
    at >= text.len() || (text[at] & 0xC0) != 0x80
}

/// The common start and end of `old` and `new`, in whole characters, not overlapping.
fn trim(old: &[u8], new: &[u8]) -> (usize, usize) {
    let mut p = old.iter().zip(new).take_while(|(a, b)| a == b).count();
    while p > 0 && !boundary(old, p) {
        p -= 1;
    }
    let (o, n) = (&old[p..], &new[p..]);
    let mut q = o
        .iter()
        .rev()
        .zip(n.iter().rev())
        .take_while(|(a, b)| a == b)
        .count();
    while q > 0 && !boundary(o, o.len() - q) {
        q -= 1;
    }
    (p, q)
}

fn narrow_one(source: &[u8], start: usize, end: usize, new: &[u8], out: &mut Vec<Change>) {
    let (p, q) = trim(&source[start..end], new);
    let (start, end) = (start + p, end - q);
    let new = &new[p..new.len() - q];
    let old = &source[start..end];
    if old.is_empty() && new.is_empty() {
        return;
    }
    let several = |text: &[u8]| memchr::memchr(b'\n', text).is_some_and(|at| at + 1 < text.len());
    if !several(old) || !several(new) {
        out.push(Change {
            start,
            end,
            bytes: new.to_vec(),
        });
        return;
    }
    let old_lines: Vec<&[u8]> = old.split_inclusive(|&b| b == b'\n').collect();
    let new_lines: Vec<&[u8]> = new.split_inclusive(|&b| b == b'\n').collect();
    let starts = |lines: &[&[u8]]| {
        let mut at = 0;
        let mut v: Vec<usize> = lines
            .iter()
            .map(|l| {
                let s = at;
                at += l.len();
                s
            })
            .collect();
        v.push(at);
        v
    };
    let (old_at, new_at) = (starts(&old_lines), starts(&new_lines));
    let mut push = |from: usize, to: usize, bytes: &[u8]| {
        out.push(Change {
            start: start + from,
            end: start + to,
            bytes: bytes.to_vec(),
        })
    };
    // Lines are aligned on their text without the ending, so a line whose ending alone
    // changed (convertEol, an edit that mixed endings) pairs with itself at once.
    let text_of = |line: &&[u8]| -> Vec<u8> {
        let line = line.strip_suffix(b"\n").unwrap_or(line);
        line.strip_suffix(b"\r").unwrap_or(line).to_vec()
    };
    let (old_keys, new_keys): (Vec<Vec<u8>>, Vec<Vec<u8>>) = (
        old_lines.iter().map(text_of).collect(),
        new_lines.iter().map(text_of).collect(),
    );
    for op in align::line_ops(&old_keys, &new_keys, Duration::from_millis(200)) {
        match op {
            DiffOp::Equal {
                old_index,
                new_index,
                len,
            } => {
                for k in 0..len {
                    let (o, n) = (old_lines[old_index + k], new_lines[new_index + k]);
                    if o != n {
                        let (p, q) = trim(o, n);
                        let from = old_at[old_index + k];
                        push(from + p, from + o.len() - q, &n[p..n.len() - q]);
                    }
                }
            }
            DiffOp::Delete {
                old_index, old_len, ..
            } => push(old_at[old_index], old_at[old_index + old_len], b""),
            DiffOp::Insert {
                old_index,
                new_index,
                new_len,
            } => push(
                old_at[old_index],
                old_at[old_index],
                &new[new_at[new_index]..new_at[new_index + new_len]],
            ),
            DiffOp::Replace {
                old_index,
                old_len,
                new_index,
                new_len,
            } => {
                let paired = old_len.min(new_len);
                for k in 0..paired {
                    let (o, n) = (old_lines[old_index + k], new_lines[new_index + k]);
                    let (p, q) = trim(o, n);
                    let from = old_at[old_index + k] + p;
                    if o != n {
                        push(
                            from,
                            old_at[old_index + k] + o.len() - q,
                            &n[p..n.len() - q],
                        );
                    }
                }
                let (o_rest, n_rest) = (old_index + paired, new_index + paired);
                if old_len > paired {
                    push(old_at[o_rest], old_at[old_index + old_len], b"");
                } else if new_len > paired {
                    push(
                        old_at[o_rest],
                        old_at[o_rest],
                        &new[new_at[n_rest]..new_at[new_index + new_len]],
                    );
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::splice::Splice;

    fn apply(source: &[u8], changes: &[Change]) -> Vec<u8> {
        let mut out = Vec::new();
        let mut copied = 0;
        for c in changes {
            assert!(c.start >= copied && c.end >= c.start);
            out.extend_from_slice(&source[copied..c.start]);
            out.extend_from_slice(&c.bytes);
            copied = c.end;
        }
        out.extend_from_slice(&source[copied..]);
        out
    }

    #[test]
    fn narrowing_keeps_equal_lines_and_line_parts_out_of_the_changes() {
        let old = "a é\nkept\nb ü c\nkept too\n".as_bytes();
        let new = "a é!\nkept\nb ü d\nadded\nkept too\n".as_bytes();
        let changes = narrow(old, &Splices::whole(new.to_vec()));
        assert_eq!(apply(old, &changes), new);
        let changed: Vec<&[u8]> = changes.iter().map(|c| &c.bytes[..]).collect();
        assert_eq!(changed, [&b"!"[..], b"d\n", b"added"]);
        assert!(changes
            .iter()
            .all(|c| !old[c.start..c.end].starts_with(b"kept")));
    }

    #[test]
    fn narrowing_a_change_of_every_ending_keeps_every_line_text() {
        let old = "é one\r\nü two\r\nlast".as_bytes();
        let new = "é one\nü two\nlast".as_bytes();
        let changes = narrow(old, &Splices::whole(new.to_vec()));
        assert_eq!(apply(old, &changes), new);
        assert!(changes
            .iter()
            .all(|c| &old[c.start..c.end] == b"\r" && c.bytes.is_empty()));
    }

    #[test]
    fn narrowing_never_cuts_a_character() {
        // é (C3 A9) and è (C3 A8) share their first byte.
        let old = "xé".as_bytes();
        let new = "xè".as_bytes();
        let changes = narrow(old, &Splices::whole(new.to_vec()));
        assert_eq!(
            changes,
            [Change {
                start: 1,
                end: 3,
                bytes: "è".into()
            }]
        );
    }

    #[test]
    fn narrowing_works_inside_engine_splices() {
        let old = b"one\ntwo\nthree\nfour\n";
        let splices = Splices::of(vec![Splice {
            start: 4,
            end: 14,
            bytes: b"two\nTHREE\n".to_vec(),
        }]);
        let changes = narrow(old, &splices);
        assert_eq!(
            changes,
            [Change {
                start: 8,
                end: 13,
                bytes: b"THREE".to_vec()
            }]
        );
    }

    #[test]
    fn unmappable_names_character_line_and_encoding() {
        let gbk = Encoding::for_label("gbk").unwrap();
        let err = encode(gbk, "ok\n中 ☃".as_bytes(), &|at| {
            eol::count_endings(&"ok\n中 ☃".as_bytes()[..at]) + 1
        })
        .unwrap_err();
        assert_eq!(err.code, ErrorCode::EncodingUnmappable);
        assert!(
            err.message
                .text()
                .contains("'☃' (U+2603) on line 2 cannot be written in gbk"),
            "{}",
            err.message
        );
        assert_eq!(err.lines, vec![2]);
    }
}
