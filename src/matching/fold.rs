//! The `unicode` tier's notion of the same text: NFC, and typographic look-alikes
//! (curly quotes, dashes, minus, odd spaces) folded to their ASCII forms, with a map
//! back from the folded text's offsets to the original's.
//!
//! Most text is ASCII or already NFC with nothing to fold, and then nothing is copied:
//! only segments whose bytes change are recorded, and between them the two texts agree
//! byte for byte.

use std::borrow::Cow;

use unicode_normalization::char::canonical_combining_class;
use unicode_normalization::{is_nfc_quick, IsNormalized, UnicodeNormalization};

/// Folds one typographic look-alike to its ASCII form.
fn fold_char(c: char) -> char {
    match c {
        '\u{2018}' | '\u{2019}' | '\u{201A}' | '\u{201B}' | '\u{2032}' | '\u{2035}'
        | '\u{FF07}' => '\'',
        '\u{201C}' | '\u{201D}' | '\u{201E}' | '\u{201F}' | '\u{2033}' | '\u{2036}'
        | '\u{FF02}' => '"',
        '\u{2010}'..='\u{2015}'
        | '\u{2212}'
        | '\u{2043}'
        | '\u{FE58}'
        | '\u{FE63}'
        | '\u{FF0D}' => '-',
        '\u{00A0}'
        | '\u{1680}'
        | '\u{2000}'..='\u{200A}'
        | '\u{202F}'
        | '\u{205F}'
        | '\u{3000}' => ' ',
        other => other,
    }
}

/// NFC plus look-alike folding of `bytes`; borrows when nothing changes. Bytes that are
/// not UTF-8 are kept as they are.
pub fn fold(bytes: &[u8]) -> Cow<'_, [u8]> {
    if bytes.is_ascii() {
        return Cow::Borrowed(bytes);
    }
    let folded = Folded::new(bytes);
    if folded.anchors.is_empty() {
        Cow::Borrowed(bytes)
    } else {
        Cow::Owned(folded.text.into_owned())
    }
}

/// A folded text and the map back to the offsets of the text it came from.
///
/// Only segments whose bytes changed are recorded (`anchors`); between them the two
/// texts agree byte for byte, so the map is a shift.
pub(super) struct Folded<'a> {
    pub(super) text: Cow<'a, [u8]>,
    /// `(folded_start, folded_len, source_start, source_len)`, ascending.
    anchors: Vec<(usize, usize, usize, usize)>,
}

impl<'a> Folded<'a> {
    pub(super) fn new(src: &'a [u8]) -> Self {
        if src.is_ascii() {
            return Folded {
                text: Cow::Borrowed(src),
                anchors: Vec::new(),
            };
        }
        let mut out = Vec::with_capacity(src.len());
        let mut anchors = Vec::new();
        let mut i = 0;
        while i < src.len() {
            // ASCII runs are copied as they are; the last ASCII char before a
            // non-ASCII one joins its segment, since a combining mark may compose
            // with it.
            let run = src[i..]
                .iter()
                .position(|&b| b >= 0x80)
                .unwrap_or(src.len() - i);
            if i + run == src.len() {
                out.extend_from_slice(&src[i..]);
                break;
            }
            let seg_from = if run > 0 { i + run - 1 } else { i };
            out.extend_from_slice(&src[i..seg_from]);
            let mut k = seg_from;
            loop {
                let start = k;
                k += decode(&src[k..]).map_or(1, |(_, len)| len);
                while let Some((c, len)) = decode(&src[k..]) {
                    if c.is_ascii() || canonical_combining_class(c) == 0 {
                        break;
                    }
                    k += len;
                }
                let segment = &src[start..k];
                match std::str::from_utf8(segment) {
                    // Most text is already NFC with nothing to fold: copy it as it is.
                    Ok(s)
                        if is_nfc_quick(s.chars()) == IsNormalized::Yes
                            && s.chars().all(|c| fold_char(c) == c) =>
                    {
                        out.extend_from_slice(segment)
                    }
                    Ok(s) => {
                        let f: String = s.nfc().map(fold_char).collect();
                        if f.as_bytes() != segment {
                            anchors.push((out.len(), f.len(), start, segment.len()));
                        }
                        out.extend_from_slice(f.as_bytes());
                    }
                    Err(_) => out.extend_from_slice(segment),
                }
                if k >= src.len() || src[k] < 0x80 {
                    break;
                }
            }
            i = k;
        }
        Folded {
            text: Cow::Owned(out),
            anchors,
        }
    }

    /// Maps a folded offset that starts a match; inside a changed segment it rounds
    /// down to the segment's start.
    pub(super) fn map_start(&self, p: usize) -> usize {
        let idx = self.anchors.partition_point(|a| a.0 <= p);
        if idx == 0 {
            return p;
        }
        let (fs, fl, ss, sl) = self.anchors[idx - 1];
        if p < fs + fl {
            ss
        } else {
            ss + sl + (p - fs - fl)
        }
    }

    /// Maps a folded offset that ends a match; inside a changed segment it rounds up
    /// to the segment's end.
    pub(super) fn map_end(&self, p: usize) -> usize {
        let idx = self.anchors.partition_point(|a| a.0 < p);
        if idx == 0 {
            return p;
        }
        let (fs, fl, ss, sl) = self.anchors[idx - 1];
        if p <= fs + fl {
            ss + sl
        } else {
            ss + sl + (p - fs - fl)
        }
    }
}

/// The characters of `text` as the folding reads them, in order: each is one
/// character (or one byte that is not UTF-8) with the combining marks after it, which
/// NFC may compose with it. [`fold`] folds each on its own, so the folded text is the
/// folded characters one after another: two texts whose characters, paired in order,
/// fold alike fold alike.
pub fn characters(text: &[u8]) -> impl Iterator<Item = &[u8]> + '_ {
    let mut i = 0;
    std::iter::from_fn(move || {
        let start = i;
        let &first = text.get(start)?;
        if first.is_ascii() && text.get(start + 1).is_none_or(u8::is_ascii) {
            // Most text: an ASCII character with no combining mark after it.
            i += 1;
            return Some(&text[start..i]);
        }
        i += decode(&text[i..]).map_or(1, |(_, len)| len);
        while let Some((c, len)) = decode(&text[i..]) {
            if c.is_ascii() || canonical_combining_class(c) == 0 {
                break;
            }
            i += len;
        }
        Some(&text[start..i])
    })
}

/// One of [`characters`] that folds to a space or a tab: what the whitespace tiers
/// trim and collapse (a no-break space, an ideographic space, …).
pub fn is_blank(character: &[u8]) -> bool {
    match character {
        b" " | b"\t" => true,
        [b] if b.is_ascii() => false,
        _ => match single(character) {
            Some(c) => fold_char(c) == ' ',
            None => matches!(&fold(character)[..], b" " | b"\t"),
        },
    }
}

/// Two of [`characters`] fold alike (the `unicode` tier reads them as the same).
pub fn folds_alike(a: &[u8], b: &[u8]) -> bool {
    if a == b {
        return true;
    }
    match (single(a), single(b)) {
        (Some(x), Some(y)) => fold_char(x) == fold_char(y),
        _ => fold(a) == fold(b),
    }
}

/// The one character `bytes` hold when NFC leaves it as it is (most characters), so
/// that folding it is [`fold_char`] alone.
fn single(bytes: &[u8]) -> Option<char> {
    let (c, len) = decode(bytes)?;
    (len == bytes.len() && is_nfc_quick(std::iter::once(c)) == IsNormalized::Yes).then_some(c)
}

/// Decodes one UTF-8 char at the start of `b`, or `None` if it is not valid UTF-8.
fn decode(b: &[u8]) -> Option<(char, usize)> {
    let len = match *b.first()? {
        0x00..=0x7F => 1,
        0xC2..=0xDF => 2,
        0xE0..=0xEF => 3,
        0xF0..=0xF4 => 4,
        _ => return None,
    };
    let s = std::str::from_utf8(b.get(..len)?).ok()?;
    s.chars().next().map(|c| (c, len))
}
