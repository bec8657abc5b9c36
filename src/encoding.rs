//! Byte order marks, UTF-16 and binary sniffing: raw file bytes in, *source* out.
//!
//! The rest of the crate works on the **source**: the file's bytes after the BOM, as
//! UTF-8. For a UTF-8 file that is exactly the bytes on disk after the BOM, valid or
//! not: bytes that are not valid UTF-8 are carried through untouched, never "fixed".
//! A UTF-16 file (recognised only by its BOM) is decoded to UTF-8 here, so the edit
//! engine sees its `0D 00 0A 00` as an ordinary `\r\n`, and [`encode`] turns the new
//! source back into UTF-16 in the same byte order, with the BOM.
//!
//! ```
//! use eol_edit::encoding::{decode, encode, Encoding};
//!
//! let decoded = decode(b"\xEF\xBB\xBFa\r\nb").unwrap();
//! assert_eq!((decoded.encoding, decoded.bom), (Encoding::Utf8, true));
//! assert_eq!(decoded.source, b"a\r\nb");
//! assert_eq!(encode(decoded.encoding, decoded.bom, &decoded.source), b"\xEF\xBB\xBFa\r\nb");
//! ```
//!
//! # UTF-16 that is not well formed
//!
//! - An **unpaired surrogate** is kept, losslessly: it is decoded to its three-byte
//!   generalized UTF-8 form (as WTF-8 does, e.g. `ED A0 80` for U+D800). Those bytes are
//!   not valid UTF-8, so the engine leaves them alone like any other invalid byte, and
//!   [`encode`] turns them back into the same 16-bit unit. An untouched unpaired
//!   surrogate survives an edit elsewhere in the file.
//! - An **odd trailing byte** (a truncated file) cannot be represented; it is decoded
//!   as U+FFFD, so a write turns it into the two bytes of U+FFFD.
//! - When encoding, bytes of the source that are neither UTF-8 nor a generalized
//!   surrogate (only possible if an edit put them there) become U+FFFD, one per
//!   maximal invalid sequence, as `String::from_utf8_lossy` does.

use crate::error::{Error, ErrorCode, Result};

/// How many leading bytes are searched for a NUL to call a file binary.
pub const BINARY_SNIFF_LEN: usize = 8 * 1024;

const BOM_UTF8: &[u8] = b"\xEF\xBB\xBF";
const BOM_UTF16LE: &[u8] = b"\xFF\xFE";
const BOM_UTF16BE: &[u8] = b"\xFE\xFF";

/// The encodings a file can have.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Encoding {
    /// UTF-8, or anything that is not recognised as UTF-16 (bytes are kept as they are).
    Utf8,
    /// UTF-16, little endian; only recognised with its BOM `FF FE`.
    Utf16Le,
    /// UTF-16, big endian; only recognised with its BOM `FE FF`.
    Utf16Be,
}

impl Encoding {
    /// The name JavaScript sees in `ReadResult.encoding`.
    pub fn as_str(self) -> &'static str {
        match self {
            Encoding::Utf8 => "utf-8",
            Encoding::Utf16Le => "utf-16le",
            Encoding::Utf16Be => "utf-16be",
        }
    }

    /// The byte order mark of this encoding.
    pub fn bom(self) -> &'static [u8] {
        match self {
            Encoding::Utf8 => BOM_UTF8,
            Encoding::Utf16Le => BOM_UTF16LE,
            Encoding::Utf16Be => BOM_UTF16BE,
        }
    }
}

/// A file's bytes split into what the engine edits and what must be put back around it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Decoded {
    /// The file's encoding.
    pub encoding: Encoding,
    /// Whether the file starts with a byte order mark (always true for UTF-16).
    pub bom: bool,
    /// The bytes after the BOM, as UTF-8 (see the module docs for what is kept of bytes
    /// that are not well formed).
    pub source: Vec<u8>,
}

/// Splits raw file bytes into encoding, BOM and source, copying the source once.
///
/// Fails with `BINARY_FILE` when a NUL byte is in the first 8 KiB after the BOM of a
/// file that is not UTF-16. Use [`decode_owned`] when you own the buffer: it avoids the
/// copy.
pub fn decode(bytes: &[u8]) -> Result<Decoded> {
    match sniff(bytes)? {
        (Encoding::Utf8, bom) => Ok(Decoded {
            encoding: Encoding::Utf8,
            bom,
            source: bytes[if bom { BOM_UTF8.len() } else { 0 }..].to_vec(),
        }),
        (encoding, _) => Ok(decode_utf16(encoding, &bytes[2..])),
    }
}

/// [`decode`] for a buffer you own: a UTF-8 file without BOM is returned without any
/// copy, one with a BOM costs one `memmove` (the BOM is drained from the front).
pub fn decode_owned(mut bytes: Vec<u8>) -> Result<Decoded> {
    match sniff(&bytes)? {
        (Encoding::Utf8, bom) => {
            if bom {
                bytes.drain(..BOM_UTF8.len());
            }
            Ok(Decoded {
                encoding: Encoding::Utf8,
                bom,
                source: bytes,
            })
        }
        (encoding, _) => Ok(decode_utf16(encoding, &bytes[2..])),
    }
}

/// Encoding and BOM of raw bytes, or `BINARY_FILE`.
fn sniff(bytes: &[u8]) -> Result<(Encoding, bool)> {
    if bytes.starts_with(BOM_UTF16LE) {
        return Ok((Encoding::Utf16Le, true));
    }
    if bytes.starts_with(BOM_UTF16BE) {
        return Ok((Encoding::Utf16Be, true));
    }
    let bom = bytes.starts_with(BOM_UTF8);
    let body = &bytes[if bom { BOM_UTF8.len() } else { 0 }..];
    let head = &body[..body.len().min(BINARY_SNIFF_LEN)];
    if let Some(at) = memchr::memchr(0, head) {
        return Err(Error::new(
            ErrorCode::BinaryFile,
            format!(
                "This looks like a binary file (a NUL byte at offset {at}); \
                 only text files (UTF-8, or UTF-16 with a byte order mark) can be read or edited."
            ),
        ));
    }
    Ok((Encoding::Utf8, bom))
}

fn decode_utf16(encoding: Encoding, body: &[u8]) -> Decoded {
    let unit = |pair: &[u8]| match encoding {
        Encoding::Utf16Be => u16::from_be_bytes([pair[0], pair[1]]),
        _ => u16::from_le_bytes([pair[0], pair[1]]),
    };
    let units = body.chunks_exact(2).map(unit);
    // Most text is ASCII or BMP: one UTF-8 byte per UTF-16 byte is a good first guess.
    let mut source = Vec::with_capacity(body.len() / 2 + body.len() / 4);
    let mut buf = [0u8; 4];
    for decoded in char::decode_utf16(units) {
        match decoded {
            Ok(c) => source.extend_from_slice(c.encode_utf8(&mut buf).as_bytes()),
            Err(unpaired) => push_generalized_utf8(&mut source, unpaired.unpaired_surrogate()),
        }
    }
    if body.len() % 2 == 1 {
        source.extend_from_slice("\u{FFFD}".as_bytes());
    }
    Decoded {
        encoding,
        bom: true,
        source,
    }
}

/// The three-byte form of a surrogate code unit (U+D800..U+DFFF) that UTF-8 forbids.
fn push_generalized_utf8(out: &mut Vec<u8>, unit: u16) {
    out.extend_from_slice(&[
        0xE0 | (unit >> 12) as u8,
        0x80 | ((unit >> 6) & 0x3F) as u8,
        0x80 | (unit & 0x3F) as u8,
    ]);
}

/// Raw file bytes for a source: the exact inverse of [`decode`] for UTF-8; UTF-16 is
/// written in the same byte order, always with its BOM.
pub fn encode(encoding: Encoding, bom: bool, source: &[u8]) -> Vec<u8> {
    match encoding {
        Encoding::Utf8 => {
            let prefix: &[u8] = if bom { BOM_UTF8 } else { b"" };
            let mut out = Vec::with_capacity(prefix.len() + source.len());
            out.extend_from_slice(prefix);
            out.extend_from_slice(source);
            out
        }
        _ => encode_utf16(encoding, source),
    }
}

/// [`encode`] for a source you own: UTF-8 without BOM is returned as it is, with a BOM
/// it costs one `memmove`.
pub fn encode_owned(encoding: Encoding, bom: bool, mut source: Vec<u8>) -> Vec<u8> {
    match encoding {
        Encoding::Utf8 => {
            if bom {
                source.splice(0..0, BOM_UTF8.iter().copied());
            }
            source
        }
        _ => encode_utf16(encoding, &source),
    }
}

fn encode_utf16(encoding: Encoding, source: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(2 + source.len() * 2);
    out.extend_from_slice(encoding.bom());
    let mut push = |unit: u16| match encoding {
        Encoding::Utf16Be => out.extend_from_slice(&unit.to_be_bytes()),
        _ => out.extend_from_slice(&unit.to_le_bytes()),
    };
    let mut rest = source;
    while let Some(chunk) = rest.utf8_chunks().next() {
        chunk.valid().encode_utf16().for_each(&mut push);
        let invalid_at = chunk.valid().len();
        let after = &rest[invalid_at..];
        let consumed = match generalized_surrogate(after) {
            Some(unit) => {
                push(unit);
                3
            }
            None if chunk.invalid().is_empty() => 0,
            None => {
                push(0xFFFD);
                chunk.invalid().len()
            }
        };
        rest = &after[consumed..];
    }
    out
}

/// The surrogate code unit encoded at the start of `bytes` in generalized UTF-8, if any.
fn generalized_surrogate(bytes: &[u8]) -> Option<u16> {
    match bytes {
        [0xED, b1 @ 0xA0..=0xBF, b2 @ 0x80..=0xBF, ..] => {
            Some(0xD000 | (u16::from(b1 & 0x3F) << 6) | u16::from(b2 & 0x3F))
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn utf16le(text: &str) -> Vec<u8> {
        let mut out = vec![0xFF, 0xFE];
        text.encode_utf16()
            .for_each(|u| out.extend_from_slice(&u.to_le_bytes()));
        out
    }

    fn utf16be(text: &str) -> Vec<u8> {
        let mut out = vec![0xFE, 0xFF];
        text.encode_utf16()
            .for_each(|u| out.extend_from_slice(&u.to_be_bytes()));
        out
    }

    fn round_trip(bytes: &[u8]) -> Decoded {
        let decoded = decode(bytes).unwrap();
        assert_eq!(decode_owned(bytes.to_vec()).unwrap(), decoded);
        assert_eq!(
            encode(decoded.encoding, decoded.bom, &decoded.source),
            bytes
        );
        assert_eq!(
            encode_owned(decoded.encoding, decoded.bom, decoded.source.clone()),
            bytes
        );
        decoded
    }

    #[test]
    fn utf8_without_bom_is_source_as_is() {
        let d = round_trip(b"a\r\nb\nc\r");
        assert_eq!((d.encoding, d.bom), (Encoding::Utf8, false));
        assert_eq!(d.source, b"a\r\nb\nc\r");
    }

    #[test]
    fn utf8_bom_is_split_off_and_put_back() {
        let d = round_trip(b"\xEF\xBB\xBFhello\r\n");
        assert_eq!((d.encoding, d.bom), (Encoding::Utf8, true));
        assert_eq!(d.source, b"hello\r\n");
    }

    #[test]
    fn empty_and_bom_only_files_round_trip() {
        assert_eq!(round_trip(b"").source, b"");
        let d = round_trip(b"\xEF\xBB\xBF");
        assert!(d.bom && d.source.is_empty());
        let d = round_trip(b"\xFF\xFE");
        assert_eq!((d.encoding, d.source.len()), (Encoding::Utf16Le, 0));
    }

    #[test]
    fn invalid_utf8_is_kept_byte_exact() {
        let bytes = b"caf\xE9 \xFF\xFE? \xC3(\r\n\xED\xA0\x80";
        let d = round_trip(bytes);
        assert_eq!(d.source, bytes);
        let with_bom = [BOM_UTF8, &bytes[..]].concat();
        assert_eq!(round_trip(&with_bom).source, bytes);
    }

    #[test]
    fn utf16le_crlf_decodes_to_ordinary_crlf() {
        let bytes = utf16le("é\r\nx😀\n");
        assert_eq!(&bytes[2..6], b"\xE9\x00\x0D\x00");
        let d = round_trip(&bytes);
        assert_eq!((d.encoding, d.bom), (Encoding::Utf16Le, true));
        assert_eq!(d.source, "é\r\nx😀\n".as_bytes());
    }

    #[test]
    fn utf16be_round_trips_in_its_own_byte_order() {
        let bytes = utf16be("a\r\n\u{FEFF}z😀");
        let d = round_trip(&bytes);
        assert_eq!(d.encoding, Encoding::Utf16Be);
        assert_eq!(d.source, "a\r\n\u{FEFF}z😀".as_bytes());
    }

    #[test]
    fn utf16_with_nul_characters_is_not_binary() {
        let d = round_trip(&utf16le("a\0b"));
        assert_eq!(d.source, b"a\0b");
    }

    #[test]
    fn unpaired_surrogates_survive_a_utf16_round_trip() {
        // a, lone high surrogate, b, lone low surrogate, then a lone high at the end.
        let units = [0x61u16, 0xD800, 0x62, 0xDC01, 0xDBFF];
        let mut bytes = vec![0xFF, 0xFE];
        units
            .iter()
            .for_each(|u| bytes.extend_from_slice(&u.to_le_bytes()));
        let d = round_trip(&bytes);
        assert_eq!(d.source, b"a\xED\xA0\x80b\xED\xB0\x81\xED\xAF\xBF");
        assert!(std::str::from_utf8(&d.source).is_err());
    }

    #[test]
    fn odd_trailing_utf16_byte_becomes_replacement_character() {
        let mut bytes = utf16le("ab");
        bytes.push(0x41);
        let d = decode(&bytes).unwrap();
        assert_eq!(d.source, "ab\u{FFFD}".as_bytes());
        assert_eq!(encode(d.encoding, d.bom, &d.source), utf16le("ab\u{FFFD}"));
    }

    #[test]
    fn invalid_utf8_becomes_replacement_character_in_utf16() {
        let out = encode(Encoding::Utf16Be, true, b"a\xFFb\xE2\x82");
        assert_eq!(out, utf16be("a\u{FFFD}b\u{FFFD}"));
    }

    #[test]
    fn nul_in_first_8_kib_is_binary() {
        let mut bytes = vec![b'a'; 100];
        bytes[50] = 0;
        let err = decode(&bytes).unwrap_err();
        assert_eq!(err.code, ErrorCode::BinaryFile);
        assert_eq!(decode_owned(bytes).unwrap_err().code, ErrorCode::BinaryFile);
        let mut at_edge = vec![b'a'; BINARY_SNIFF_LEN];
        at_edge[BINARY_SNIFF_LEN - 1] = 0;
        assert_eq!(decode(&at_edge).unwrap_err().code, ErrorCode::BinaryFile);
    }

    #[test]
    fn nul_after_8_kib_is_not_binary() {
        let mut bytes = vec![b'a'; BINARY_SNIFF_LEN + 10];
        bytes[BINARY_SNIFF_LEN] = 0;
        assert_eq!(round_trip(&bytes).source, bytes);
    }

    #[test]
    fn nul_window_starts_after_the_utf8_bom() {
        let mut bytes = BOM_UTF8.to_vec();
        bytes.extend(vec![b'a'; BINARY_SNIFF_LEN - 1]);
        bytes.push(0);
        assert_eq!(decode(&bytes).unwrap_err().code, ErrorCode::BinaryFile);
    }

    /// A small deterministic generator, so the property tests need no dependency.
    struct XorShift(u64);

    impl XorShift {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0
        }

        /// Bytes biased toward the interesting ones: endings, NUL-free ASCII, UTF-8
        /// lead and continuation bytes, and surrogate-range prefixes.
        fn bytes(&mut self, len: usize) -> Vec<u8> {
            const PICKS: &[u8] = b"\r\n a\xC3\xA9\xE2\x82\xAC\xED\xA0\xBF\xF0\x9F\x80\xFF\xFE";
            (0..len)
                .map(|_| match self.next() % 4 {
                    0 => (self.next() % 256) as u8,
                    _ => PICKS[(self.next() % PICKS.len() as u64) as usize],
                })
                .collect()
        }
    }

    #[test]
    fn any_utf8_file_without_nul_round_trips_byte_exact() {
        let mut rng = XorShift(0x9E37_79B9_7F4A_7C15);
        for _ in 0..2000 {
            let len = (rng.next() % 40) as usize;
            let mut bytes: Vec<u8> = rng.bytes(len).into_iter().map(|b| b.max(1)).collect();
            if rng.next().is_multiple_of(3) {
                bytes.splice(0..0, BOM_UTF8.iter().copied());
            }
            if bytes.starts_with(b"\xFF\xFE") || bytes.starts_with(b"\xFE\xFF") {
                continue; // that is UTF-16, covered below
            }
            round_trip(&bytes);
        }
    }

    #[test]
    fn any_even_length_utf16_file_round_trips_byte_exact() {
        let mut rng = XorShift(0x2545_F491_4F6C_DD1D);
        for _ in 0..2000 {
            let units = (rng.next() % 20) as usize;
            let bom: &[u8] = if rng.next().is_multiple_of(2) {
                BOM_UTF16LE
            } else {
                BOM_UTF16BE
            };
            let mut bytes = bom.to_vec();
            for _ in 0..units {
                // Mostly surrogates and ASCII, so pairs, lone halves and CRLF all occur.
                let unit: u16 = match rng.next() % 5 {
                    0 => 0xD800 + (rng.next() % 0x400) as u16,
                    1 => 0xDC00 + (rng.next() % 0x400) as u16,
                    2 => [0x0D, 0x0A, 0x00, 0x41][(rng.next() % 4) as usize],
                    _ => rng.next() as u16,
                };
                bytes.extend_from_slice(&unit.to_le_bytes());
            }
            round_trip(&bytes);
        }
    }

    #[test]
    fn encoding_names_are_the_public_strings() {
        assert_eq!(Encoding::Utf8.as_str(), "utf-8");
        assert_eq!(Encoding::Utf16Le.as_str(), "utf-16le");
        assert_eq!(Encoding::Utf16Be.as_str(), "utf-16be");
    }
}
