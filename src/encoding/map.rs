//! A decoded file's raw bytes, and the map from source offsets back to them.
//!
//! Writing keeps every range of the file an edit did not change as its raw bytes, so
//! the writer must know, for the source offset where a change starts or ends, the raw
//! offset where the same text starts or ends. The map answers that with a forward
//! `Cursor`: the changes of one write are visited in order, so every lookup starts
//! where the last one stopped, or at the nearest anchor, and a whole write costs one
//! pass over the file at most.
//!
//! How an offset is found depends on how the encoding is built:
//!
//! - **UTF-8** with invalid bytes: each maximal invalid sequence is one U+FFFD in the
//!   source; the map lists them, and between them the offsets are equal.
//! - **Single-byte** encodings: one raw byte per character.
//! - **UTF-16**: two raw bytes per character, four for one outside the BMP (four UTF-8
//!   bytes); an unpaired surrogate is one U+FFFD for two bytes.
//! - **Multi-byte** legacy encodings (GBK, gb18030, Big5, Shift_JIS, EUC-JP, EUC-KR):
//!   a line-ending byte is never part of a longer character, so line starts match one
//!   to one; within a line, the raw bytes are decoded again one by one from the line's
//!   start (or the cursor) until the decoder has produced the wanted text and holds no
//!   pending byte (a *clean* point, where the text can be cut and both halves decode
//!   to what they decoded to before).
//!
//! An offset that is not a clean point (inside a malformed sequence that the decoder
//! resolves only later) is moved to the nearest clean point outside the change, so the
//! change grows by a character or two rather than splitting raw bytes.

use std::ops::Range;

use encoding_rs::DecoderResult;
use memchr::{memchr2_iter, memrchr2};

use super::{invalid_warning, views, Decided, Decoded, Encoding, Family};
use crate::message::{self, as_option, parts, Message, Name};

/// Source offsets between anchors (at least; anchors sit at the next clean point).
const ANCHOR_EVERY: usize = 64 * 1024;

/// How a decoded file's source relates to its raw bytes.
#[derive(Debug, Clone)]
pub(crate) enum Raw {
    /// The source is the raw bytes after the BOM (valid UTF-8, or pure ASCII in an
    /// ASCII-compatible encoding).
    Same,
    /// The source was decoded; the raw bytes and the map are here.
    Mapped(Box<Mapped>),
}

/// A decoded file's raw bytes and the map from its source back to them.
#[derive(Debug, Clone)]
pub(crate) struct Mapped {
    bytes: Vec<u8>,
    /// The raw bytes of the text: after the BOM, before an odd trailing UTF-16 byte.
    body: Range<usize>,
    map: Map,
    /// `(source offset, raw body offset)` of clean points, ascending, the first (0, 0).
    anchors: Vec<(usize, usize)>,
}

#[derive(Debug, Clone)]
enum Map {
    Utf8 { invalid: Vec<Invalid> },
    SingleByte,
    Utf16,
    MultiByte(Encoding),
}

/// An invalid UTF-8 sequence: shown as one U+FFFD at `source`, `len` raw bytes at `raw`.
#[derive(Debug, Clone, Copy)]
struct Invalid {
    source: usize,
    raw: usize,
    len: usize,
}

/// Where the last lookup stopped: a clean point.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Cursor {
    pub source: usize,
    pub raw: usize,
    invalid: usize,
}

/// Which way an offset that is not a clean point moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Snap {
    /// To the nearest clean point at or before it (where a change starts).
    Back,
    /// To the nearest clean point at or after it (where a change ends).
    Forward,
}

impl Mapped {
    /// The raw bytes before the text (the BOM).
    pub fn prefix(&self) -> &[u8] {
        &self.bytes[..self.body.start]
    }

    /// The raw bytes of the text.
    pub fn body(&self) -> &[u8] {
        &self.bytes[self.body.clone()]
    }

    /// All the raw bytes, given back.
    pub fn into_bytes(self) -> Vec<u8> {
        self.bytes
    }

    /// True when this file's view can be carried over an edit (see [`views`]): a
    /// multi-byte encoding, no BOM and nothing after the text.
    pub fn carries_over(&self) -> bool {
        matches!(self.map, Map::MultiByte(_)) && self.body == (0..self.bytes.len())
    }

    /// The anchors, given back.
    pub fn into_anchors(self) -> Vec<(usize, usize)> {
        self.anchors
    }

    /// The raw bytes after the text (an odd trailing UTF-16 byte).
    pub fn suffix(&self) -> &[u8] {
        &self.bytes[self.body.end..]
    }

    /// Moves `cur` to the clean point for source offset `target` (`target >=
    /// cur.source`), moved as `snap` says when `target` itself is not one, and returns
    /// it. `source` is the decoded text.
    pub fn seek(&self, source: &[u8], cur: &mut Cursor, target: usize, snap: Snap) -> Cursor {
        debug_assert!(target >= cur.source);
        if target >= source.len() {
            *cur = Cursor {
                source: source.len(),
                raw: self.body.len(),
                invalid: cur.invalid,
            };
            return *cur;
        }
        let target = char_boundary(source, target, snap);
        // Jump to the last anchor at or before the target when it is ahead of the cursor.
        let at = self.anchors.partition_point(|&(s, _)| s <= target) - 1;
        let (s, r) = self.anchors[at];
        if s > cur.source {
            cur.source = s;
            cur.raw = r;
        }
        let body = self.body();
        match &self.map {
            Map::Utf8 { invalid } => {
                while cur.invalid < invalid.len() && invalid[cur.invalid].source < target {
                    cur.invalid += 1;
                }
                cur.raw = match cur.invalid.checked_sub(1).map(|i| invalid[i]) {
                    Some(before) => before.raw + before.len + (target - before.source - 3),
                    None => target,
                };
                cur.source = target;
            }
            Map::SingleByte => {
                cur.raw += chars(&source[cur.source..target]);
                cur.source = target;
            }
            Map::Utf16 => {
                let text = &source[cur.source..target];
                cur.raw += 2 * chars(text) + 2 * text.iter().filter(|&&b| b >= 0xF0).count();
                cur.source = target;
            }
            Map::MultiByte(encoding) => {
                // Whole lines first: the k-th ending byte of the text is the k-th of the raw.
                if let Some(last) = memrchr2(b'\n', b'\r', &source[cur.source..target]) {
                    let k =
                        memchr2_iter(b'\n', b'\r', &source[cur.source..=cur.source + last]).count();
                    let raw_last = memchr2_iter(b'\n', b'\r', &body[cur.raw..])
                        .nth(k - 1)
                        .expect("every line ending of the text is one in the raw bytes");
                    cur.source += last + 1;
                    cur.raw += raw_last + 1;
                }
                let (s, r) = walk(*encoding, body, (cur.source, cur.raw), target, snap);
                cur.source = s;
                cur.raw = r;
            }
        }
        *cur
    }
}

/// The nearest UTF-8 character boundary of `text` at `at`, moved as `snap` says.
fn char_boundary(text: &[u8], mut at: usize, snap: Snap) -> usize {
    let inside = |at: usize, text: &[u8]| at < text.len() && (text[at] & 0xC0) == 0x80;
    while inside(at, text) {
        match snap {
            Snap::Back => at -= 1,
            Snap::Forward => at += 1,
        }
    }
    at
}

/// Characters in valid UTF-8.
fn chars(text: &[u8]) -> usize {
    text.iter().filter(|&&b| (b & 0xC0) != 0x80).count()
}

/// Decodes `body` from the clean point `from` byte by byte until the output reaches
/// `target` at a clean point (see the module docs), moved as `snap` says.
fn walk(
    encoding: Encoding,
    body: &[u8],
    from: (usize, usize),
    target: usize,
    snap: Snap,
) -> (usize, usize) {
    if from.0 == target {
        return from;
    }
    let mut decoder = encoding.whatwg().new_decoder_without_bom_handling();
    let fresh = decoder.max_utf8_buffer_length_without_replacement(0);
    let mut out = [0u8; 32];
    let (mut source, mut raw) = from;
    let mut last_clean = from;
    while raw < body.len() {
        let (result, read, written) =
            decoder.decode_to_utf8_without_replacement(&body[raw..raw + 1], &mut out, false);
        raw += read;
        source += written;
        if let DecoderResult::Malformed(..) = result {
            source += '\u{FFFD}'.len_utf8();
        }
        // A clean point: the byte was taken, nothing is pending, and what was decoded
        // did not depend on a byte after the point (a malformed sequence found only
        // when the next byte was seen leaves that byte untaken).
        let clean = read == 1 && decoder.max_utf8_buffer_length_without_replacement(0) == fresh;
        if clean && source <= target {
            last_clean = (source, raw);
        }
        match snap {
            Snap::Back if source > target || (clean && source == target) => return last_clean,
            Snap::Forward if clean && source >= target => return (source, raw),
            _ => {}
        }
    }
    // The end of the text is always clean.
    let mut rest = 0;
    loop {
        let (result, _, written) = decoder.decode_to_utf8_without_replacement(&[], &mut out, true);
        rest += written;
        match result {
            DecoderResult::Malformed(..) => rest += '\u{FFFD}'.len_utf8(),
            _ => break,
        }
    }
    match snap {
        Snap::Back if source + rest > target => last_clean,
        _ => (source + rest, body.len()),
    }
}

/// Decodes a file whose source cannot be its raw bytes: `bytes` with a BOM of
/// `bom_len` bytes (0 for none) in `encoding`.
pub(crate) fn decode_mapped(
    bytes: Vec<u8>,
    bom_len: usize,
    encoding: Encoding,
    bom: bool,
    decided: Decided,
    warnings: Vec<Message>,
) -> Decoded {
    decode_mapped_with(bytes, bom_len, encoding, bom, decided, warnings, None)
}

/// [`decode_mapped`] of a file without a BOM whose bytes hash to `hash` (xxh3-128),
/// when the caller knows it.
pub(crate) fn decode_mapped_hashed(
    bytes: Vec<u8>,
    encoding: Encoding,
    decided: Decided,
    warnings: Vec<Message>,
    hash: Option<u128>,
) -> Decoded {
    decode_mapped_with(bytes, 0, encoding, false, decided, warnings, hash)
}

fn decode_mapped_with(
    bytes: Vec<u8>,
    bom_len: usize,
    encoding: Encoding,
    bom: bool,
    decided: Decided,
    mut warnings: Vec<Message>,
    hash: Option<u128>,
) -> Decoded {
    let mut end = bytes.len();
    if matches!(encoding.family(), Family::Utf16 { .. }) && (end - bom_len) % 2 == 1 {
        end -= 1;
        warnings.push(
            "The UTF-16 file ends with an odd byte (it may be truncated); it is kept as it is and not shown."
                .into(),
        );
    }
    let utf16 = matches!(encoding.family(), Family::Utf16 { .. });
    if !utf16 && bytes[bom_len..end].is_ascii() {
        // ASCII is the same text in every other encoding: nothing to decode or map.
        let mut bytes = bytes;
        bytes.truncate(end);
        bytes.drain(..bom_len);
        return Decoded {
            encoding,
            bom,
            source: bytes,
            decided,
            warnings,
            invalid: 0,
            raw: Raw::Same,
        };
    }
    let body = &bytes[bom_len..end];
    let (source, map, anchors, invalid) = match encoding.family() {
        Family::Utf8 => decode_utf8_lossy(body),
        Family::Utf16 { big_endian } => decode_utf16(body, big_endian),
        Family::SingleByte => decode_single_byte(encoding, body),
        Family::MultiByte => {
            match views::take(encoding, body, hash.filter(|_| body.len() == bytes.len())) {
                // What the last write or read of exactly these bytes left (see `views`).
                Some((source, anchors)) => (source, Map::MultiByte(encoding), anchors, 0),
                None => decode_multi_byte(encoding, body),
            }
        }
    };
    if invalid > 0 {
        warnings.push(if decided == Decided::Fallback {
            parts![
                format!("The file is not valid UTF-8 and its encoding could not be told; {invalid} byte sequence(s) are shown as U+FFFD and kept as they are unless an edit replaces them. If you know the encoding, "),
                message::Part::phrase("pass-it", parts!["pass it ", as_option(Name::Encoding)]),
                "."
            ]
        } else {
            invalid_warning(encoding, invalid).into()
        });
    }
    if decided == Decided::Detected {
        warnings.insert(
            0,
            parts![
                format!("The file's encoding was detected as {encoding} (it is not valid UTF-8 and nothing declares its encoding); if that is wrong, "),
                message::Part::phrase(
                    "pass-the-right-one",
                    parts!["pass the right one ", as_option(Name::Encoding), ", or declare it"]
                ),
                " in .editorconfig (charset) or .gitattributes (working-tree-encoding)."
            ],
        );
    }
    Decoded {
        encoding,
        bom,
        source,
        decided,
        warnings,
        invalid,
        raw: Raw::Mapped(Box::new(Mapped {
            body: bom_len..end,
            bytes,
            map,
            anchors,
        })),
    }
}

type Decoding = (Vec<u8>, Map, Vec<(usize, usize)>, usize);

fn decode_utf8_lossy(body: &[u8]) -> Decoding {
    let mut source = Vec::with_capacity(body.len() + body.len() / 8);
    let mut invalid = Vec::new();
    let mut raw = 0;
    for chunk in body.utf8_chunks() {
        source.extend_from_slice(chunk.valid().as_bytes());
        raw += chunk.valid().len();
        if !chunk.invalid().is_empty() {
            invalid.push(Invalid {
                source: source.len(),
                raw,
                len: chunk.invalid().len(),
            });
            source.extend_from_slice("\u{FFFD}".as_bytes());
            raw += chunk.invalid().len();
        }
    }
    let count = invalid.len();
    (source, Map::Utf8 { invalid }, vec![(0, 0)], count)
}

fn decode_utf16(body: &[u8], big_endian: bool) -> Decoding {
    let unit = |pair: &[u8]| {
        if big_endian {
            u16::from_be_bytes([pair[0], pair[1]])
        } else {
            u16::from_le_bytes([pair[0], pair[1]])
        }
    };
    let mut source = Vec::with_capacity(body.len() / 2 + body.len() / 4);
    let mut anchors = vec![(0, 0)];
    let mut unpaired = 0;
    let mut buf = [0u8; 4];
    let mut raw = 0;
    for decoded in char::decode_utf16(body.chunks_exact(2).map(unit)) {
        if source.len() >= anchors.last().unwrap().0 + ANCHOR_EVERY {
            anchors.push((source.len(), raw));
        }
        let c = decoded.unwrap_or_else(|_| {
            unpaired += 1;
            '\u{FFFD}'
        });
        raw += 2 * c.len_utf16();
        source.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
    }
    (source, Map::Utf16, anchors, unpaired)
}

fn decode_single_byte(encoding: Encoding, body: &[u8]) -> Decoding {
    let (text, had_errors) = encoding.whatwg().decode_without_bom_handling(body);
    let source = text.into_owned().into_bytes();
    let errors = if had_errors {
        memchr::memmem::find_iter(&source, "\u{FFFD}".as_bytes()).count()
    } else {
        0
    };
    let mut anchors = vec![(0, 0)];
    let mut raw = 0;
    let mut at = 0;
    while at + ANCHOR_EVERY < source.len() {
        let next = char_boundary(&source, at + ANCHOR_EVERY, Snap::Forward);
        raw += chars(&source[at..next]);
        anchors.push((next, raw));
        at = next;
    }
    (source, Map::SingleByte, anchors, errors)
}

/// A part of a multi-byte file, decoded: its text, anchors and malformed sequences.
pub(crate) type Part = (String, Vec<(usize, usize)>, usize);

/// Below this many bytes a multi-byte file is decoded on the calling thread alone.
const PARALLEL_FROM: usize = 1024 * 1024;

fn decode_multi_byte(encoding: Encoding, body: &[u8]) -> Decoding {
    // Decoding is the costly step of a legacy file (about 2 ns a byte for GBK), and a
    // line start is a clean point: large files are decoded in parts on several threads.
    // Asked once: the standard library reads the cgroup files on every call.
    static CORES: std::sync::OnceLock<usize> = std::sync::OnceLock::new();
    let cores = *CORES.get_or_init(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let threads = cores.min(4).min(body.len() / PARALLEL_FROM).max(1);
    let mut bounds = vec![0];
    for k in 1..threads {
        let at = body.len() * k / threads;
        let end = memchr::memchr2(b'\n', b'\r', &body[at..]).map_or(body.len(), |i| at + i + 1);
        if end > *bounds.last().unwrap() && end < body.len() {
            bounds.push(end);
        }
    }
    bounds.push(body.len());
    let parts: Vec<&[u8]> = bounds.windows(2).map(|w| &body[w[0]..w[1]]).collect();
    // The first part's buffer has room for the whole text, so the others are appended
    // without moving it.
    let whole = body.len() + body.len() / 2;
    let decoded: Vec<Part> = if parts.len() == 1 {
        vec![decode_part(encoding, parts[0], whole)]
    } else {
        std::thread::scope(|scope| {
            let handles: Vec<_> = parts[1..]
                .iter()
                .map(|part| scope.spawn(move || decode_part(encoding, part, 0)))
                .collect();
            let mut out = vec![decode_part(encoding, parts[0], whole)];
            out.extend(
                handles
                    .into_iter()
                    .map(|h| h.join().expect("decoding never panics")),
            );
            out
        })
    };
    let total: usize = decoded.iter().map(|(text, _, _)| text.len()).sum();
    let mut iter = decoded.into_iter();
    let (first, mut anchors, mut errors) = iter.next().expect("one part at least");
    let mut source = first.into_bytes();
    source.reserve(total - source.len());
    for ((text, part_anchors, part_errors), &raw_start) in iter.zip(&bounds[1..]) {
        let view_start = source.len();
        anchors.extend(
            part_anchors
                .iter()
                .map(|&(v, r)| (view_start + v, raw_start + r)),
        );
        errors += part_errors;
        source.extend_from_slice(text.as_bytes());
    }
    (source, Map::MultiByte(encoding), anchors, errors)
}

/// Decodes one part of a multi-byte file that starts at a clean point: its text, its
/// anchors (relative to the part, the first `(0, 0)`) and its malformed sequences.
/// `capacity` is the room to reserve up front (at least the part's own estimate).
pub(crate) fn decode_part(encoding: Encoding, body: &[u8], capacity: usize) -> Part {
    let mut source = String::with_capacity(capacity.max(body.len() + body.len() / 2));
    let mut anchors = vec![(0, 0)];
    let mut errors = 0;
    let mut start = 0;
    while start < body.len() {
        // Chunks end after a line-ending byte, a clean point for every such decoder.
        let end = match body.get(start + ANCHOR_EVERY..) {
            Some(rest) => memchr::memchr2(b'\n', b'\r', rest)
                .map_or(body.len(), |at| start + ANCHOR_EVERY + at + 1),
            None => body.len(),
        };
        if start > 0 {
            anchors.push((source.len(), start));
        }
        let mut decoder = encoding.whatwg().new_decoder_without_bom_handling();
        let mut chunk = &body[start..end];
        loop {
            let needed = decoder
                .max_utf8_buffer_length_without_replacement(chunk.len())
                .unwrap_or(chunk.len() * 3 + 16);
            source.reserve(needed);
            let (result, read) =
                decoder.decode_to_string_without_replacement(chunk, &mut source, true);
            chunk = &chunk[read..];
            match result {
                DecoderResult::InputEmpty => break,
                DecoderResult::OutputFull => {}
                DecoderResult::Malformed(..) => {
                    errors += 1;
                    source.push('\u{FFFD}');
                }
            }
        }
        start = end;
    }
    (source, anchors, errors)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Decodes `raw` in one piece as the standard says (U+FFFD for errors).
    fn whole(encoding: Encoding, raw: &[u8]) -> String {
        encoding
            .whatwg()
            .decode_without_bom_handling(raw)
            .0
            .into_owned()
    }

    /// For every character boundary of the source, the clean point the cursor finds
    /// splits the raw bytes into two halves that decode to the two halves of the text.
    fn check_every_cut(encoding: Encoding, raw: &[u8]) {
        let decoded = decode_mapped(
            raw.to_vec(),
            0,
            encoding,
            false,
            Decided::Option,
            Vec::new(),
        );
        let text = whole(encoding, raw);
        assert_eq!(decoded.source, text.as_bytes(), "{encoding:?} {raw:x?}");
        let Raw::Mapped(mapped) = &decoded.raw else {
            return;
        };
        for target in 0..=text.len() {
            for snap in [Snap::Back, Snap::Forward] {
                let mut cur = Cursor::default();
                let found = mapped.seek(&decoded.source, &mut cur, target, snap);
                match snap {
                    Snap::Back => assert!(found.source <= target),
                    Snap::Forward => assert!(found.source >= target),
                }
                let (head, tail) = raw.split_at(found.raw);
                assert_eq!(
                    whole(encoding, head) + &whole(encoding, tail),
                    text,
                    "{encoding:?} {raw:x?} cut at {found:?} for {target} {snap:?}"
                );
                assert_eq!(whole(encoding, head).len(), found.source);
            }
        }
    }

    struct XorShift(u64);

    impl XorShift {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0
        }
    }

    #[test]
    fn every_cut_of_random_bytes_decodes_to_the_two_halves_of_the_text() {
        let labels = [
            "gbk",
            "gb18030",
            "big5",
            "shift_jis",
            "euc-jp",
            "euc-kr",
            "windows-1252",
            "koi8-r",
            "utf-8",
            "utf-16le",
            "utf-16be",
        ];
        let mut rng = XorShift(0x9E37_79B9_7F4A_7C15);
        for label in labels {
            let encoding = Encoding::for_label(label).unwrap();
            for _ in 0..300 {
                let len = (rng.next() % 14) as usize;
                let raw: Vec<u8> = (0..len)
                    .map(|_| match rng.next() % 5 {
                        0 => b"\r\nA0"[(rng.next() % 4) as usize],
                        1 => 0x80 | (rng.next() % 0x80) as u8,
                        2 => 0x30 + (rng.next() % 10) as u8,
                        _ => 0x81 + (rng.next() % 0x7E) as u8,
                    })
                    .collect();
                let mut raw = raw;
                if matches!(encoding.family(), Family::Utf16 { .. }) {
                    // An odd last byte is kept apart from the text (tested elsewhere).
                    raw.truncate(raw.len() / 2 * 2);
                }
                check_every_cut(encoding, &raw);
            }
        }
    }

    #[test]
    fn a_large_file_decoded_in_parallel_parts_is_one_text_with_every_anchor() {
        let sjis = Encoding::for_label("shift_jis").unwrap();
        // "日本語" and a malformed lead byte on some lines, 3 MiB in all.
        let raw: Vec<u8> = (0..150_000)
            .flat_map(|i: u32| {
                let mut line = b"\x93\xFA\x96\x7B\x8C\xEA ".to_vec();
                if i % 1000 == 7 {
                    line.push(0x82);
                }
                line.extend_from_slice(format!("{i}\r\n").as_bytes());
                line
            })
            .collect();
        assert!(raw.len() > 2 * PARALLEL_FROM);
        let decoded = decode_mapped(raw.clone(), 0, sjis, false, Decided::Option, Vec::new());
        assert_eq!(decoded.source, whole(sjis, &raw).as_bytes());
        assert_eq!(decoded.invalid, 150);
        let Raw::Mapped(mapped) = &decoded.raw else {
            panic!("Shift_JIS text is mapped");
        };
        let mut cur = Cursor::default();
        for target in [
            10,
            raw.len() / 3,
            raw.len() / 2 + 5,
            decoded.source.len() - 3,
        ] {
            let target = char_boundary(&decoded.source, target, Snap::Back);
            let found = mapped.seek(&decoded.source, &mut cur, target, Snap::Back);
            assert_eq!(
                whole(sjis, &raw[..found.raw]).len(),
                found.source,
                "at {target}"
            );
        }
    }

    #[test]
    fn lookups_far_into_a_large_file_use_the_anchors() {
        let gbk = Encoding::for_label("gbk").unwrap();
        let line = b"\xD6\xD0\xCE\xC4 abc\r\n";
        let raw = line.repeat(20_000);
        let decoded = decode_mapped(raw.clone(), 0, gbk, false, Decided::Option, Vec::new());
        let Raw::Mapped(mapped) = &decoded.raw else {
            panic!("GBK text is mapped");
        };
        assert!(mapped.anchors.len() > 3);
        let text_line = "中文 abc\r\n".len();
        let mut cur = Cursor::default();
        let found = mapped.seek(
            &decoded.source,
            &mut cur,
            text_line * 15_000 + 3,
            Snap::Back,
        );
        assert_eq!(
            (found.source, found.raw),
            (text_line * 15_000 + 3, line.len() * 15_000 + 2)
        );
    }

    /// A xorshift64* generator: deterministic, no dependency.
    struct Rng(u64);

    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 >> 12;
            self.0 ^= self.0 << 25;
            self.0 ^= self.0 >> 27;
            self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
        }

        fn below(&mut self, n: usize) -> usize {
            (self.next() % n.max(1) as u64) as usize
        }
    }

    /// Random text of CJK, Latin and punctuation with CRLF, LF and lone-CR endings, of
    /// what `encoding` can hold.
    fn random_text(rng: &mut Rng, chars: usize, encoding: Encoding) -> String {
        const PARTS: &[&str] = &[
            "中文",
            "注释",
            "日本語",
            "テスト",
            "한국",
            "a",
            "bc",
            "x = 1;",
            " ",
            "：",
            "，",
            "é",
            "\r\n",
            "\n",
            "\r",
        ];
        (0..chars)
            .map(|_| PARTS[rng.below(PARTS.len())])
            .filter(|part| !encoding.whatwg().encode(part).2)
            .collect()
    }

    /// Every anchor of `mapped` is a clean point that splits the raw bytes into two
    /// halves decoding to the two halves of `source`.
    fn check_anchors(encoding: Encoding, source: &[u8], mapped: &Mapped) {
        assert_eq!(mapped.anchors[0], (0, 0));
        assert!(mapped
            .anchors
            .windows(2)
            .all(|w| w[0].0 < w[1].0 && w[0].1 < w[1].1));
        for &(s, r) in &mapped.anchors {
            assert_eq!(
                whole(encoding, &mapped.body()[..r]).as_bytes(),
                &source[..s]
            );
        }
    }

    /// The view carried over a write is the one decoding the written bytes gives, with
    /// anchors that are clean points of them, whatever the write changed: for GBK and
    /// Shift_JIS, changes anywhere (the start, the end, many at once, insertions and
    /// deletions), over many writes in a row.
    #[test]
    fn a_view_carried_over_a_write_is_what_decoding_the_new_bytes_gives() {
        use crate::splice::{Splice, Splices};
        for label in ["gbk", "shift_jis"] {
            let encoding = Encoding::for_label(label).unwrap();
            let mut rng = Rng(0x9E37_79B9_7F4A_7C15 ^ label.len() as u64);
            let text = random_text(&mut rng, 120_000, encoding);
            let raw = encoding.whatwg().encode(&text).0.into_owned();
            assert!(raw.len() >= views::FROM);
            let mut decoded = decode_mapped(raw, 0, encoding, false, Decided::Option, Vec::new());
            for round in 0..40 {
                let source = decoded.source.clone();
                // One to four changes, each a short range (or an insertion), at the
                // start, at the end or anywhere.
                let anchors = match &decoded.raw {
                    Raw::Mapped(m) => m.anchors.clone(),
                    Raw::Same => unreachable!(),
                };
                let mut starts: Vec<usize> = (0..1 + rng.below(4))
                    .map(|_| match rng.below(8) {
                        0 => 0,
                        1 => source.len(),
                        // Just before an anchor, so the change spans it.
                        2 | 3 => {
                            let near = anchors[rng.below(anchors.len())].0;
                            char_boundary(&source, near.saturating_sub(rng.below(100)), Snap::Back)
                        }
                        _ => char_boundary(&source, rng.below(source.len()), Snap::Back),
                    })
                    .collect();
                starts.sort_unstable();
                starts.dedup();
                let mut splices = Vec::new();
                for (k, &start) in starts.iter().enumerate() {
                    let limit = starts.get(k + 1).copied().unwrap_or(source.len());
                    let end =
                        char_boundary(&source, (start + rng.below(300)).min(limit), Snap::Back)
                            .max(start);
                    let n = rng.below(6);
                    let new = random_text(&mut rng, n, encoding);
                    splices.push(Splice {
                        start,
                        end,
                        bytes: new.into_bytes(),
                    });
                }
                let splices = Splices::of(splices);
                let Ok(output) = decoded.write(&splices) else {
                    panic!("{label} round {round}: the write fails");
                };
                let new_raw = output.concat();
                let edit = output.carry.clone().unwrap_or_else(|| {
                    panic!(
                        "{label} round {round}: no carry ({} invalid, mapped {}, len {}, {:?})",
                        decoded.invalid,
                        matches!(decoded.raw, Raw::Mapped(_)),
                        decoded.source.len(),
                        splices
                    )
                });
                let carried = views::apply((decoded.source.clone(), anchors), &edit);
                let fresh = decode_mapped(
                    new_raw.clone(),
                    0,
                    encoding,
                    false,
                    Decided::Option,
                    Vec::new(),
                );
                assert_eq!(carried.0, fresh.source, "{label} round {round}: the text");
                assert_eq!(
                    carried.0,
                    splices.joined(&decoded.source).as_ref(),
                    "{label} round {round}"
                );
                let carried_map = Mapped {
                    body: 0..new_raw.len(),
                    bytes: new_raw.clone(),
                    map: Map::MultiByte(encoding),
                    anchors: carried.1,
                };
                check_anchors(encoding, &carried.0, &carried_map);
                // Through the memory: the next decode of these bytes takes the view.
                let hash = xxhash_rust::xxh3::xxh3_128(&new_raw);
                decoded.carry_over(&edit, hash, new_raw.len());
                decoded = decode_mapped(new_raw, 0, encoding, false, Decided::Option, Vec::new());
                assert_eq!(decoded.source, fresh.source);
            }
        }
    }

    /// A view is not carried over where it could differ from a fresh decode: a file
    /// with a malformed sequence, new text whose bytes decode to other text (Shift_JIS
    /// writes `¥` as the byte of `\`), or a single-byte file (decoded fast anyway).
    #[test]
    fn no_view_is_carried_over_a_malformed_sequence_or_another_family() {
        use crate::splice::{Splice, Splices};
        let gbk = Encoding::for_label("gbk").unwrap();
        let mut raw = gbk
            .whatwg()
            .encode(&"中文注释\r\n".repeat(40_000))
            .0
            .into_owned();
        raw.extend_from_slice(b"\x81\r\n");
        let decoded = decode_mapped(raw, 0, gbk, false, Decided::Option, Vec::new());
        assert_eq!(decoded.invalid, 1);
        let edit = Splices::of(vec![Splice {
            start: 0,
            end: 6,
            bytes: "中国".as_bytes().to_vec(),
        }]);
        assert!(decoded.write(&edit).unwrap().carry.is_none());
        let sjis = Encoding::for_label("shift_jis").unwrap();
        let raw = sjis
            .whatwg()
            .encode(&"日本語\r\n".repeat(40_000))
            .0
            .into_owned();
        let decoded = decode_mapped(raw, 0, sjis, false, Decided::Option, Vec::new());
        let yen = Splices::of(vec![Splice {
            start: 0,
            end: 0,
            bytes: "¥".as_bytes().to_vec(),
        }]);
        let output = decoded.write(&yen).unwrap();
        assert_eq!(output.concat()[0], b'\\');
        assert!(output.carry.is_none());
        let latin = Encoding::for_label("windows-1252").unwrap();
        let raw = latin
            .whatwg()
            .encode(&"café\r\n".repeat(60_000))
            .0
            .into_owned();
        let decoded = decode_mapped(raw, 0, latin, false, Decided::Option, Vec::new());
        let edit = Splices::of(vec![Splice {
            start: 0,
            end: 5,
            bytes: "CAFÉ".as_bytes().to_vec(),
        }]);
        assert!(decoded.write(&edit).unwrap().carry.is_none());
    }
}
