//! A new text kept as the old one with some byte ranges replaced.
//!
//! An edit changes a few lines of a file that may be megabytes long. Building the new
//! text as one buffer would copy the whole file (and fault in as much fresh memory)
//! only to hash it and write it out; a [`Splices`] keeps the replacements instead, and
//! its [`pieces`](Splices::pieces) are hashed and written one after another. Only what
//! needs the text in one piece (a JavaScript string, UTF-16 output) joins them.
//!
//! ```
//! use eol_edit::internals::splice::{Splices, Splice};
//!
//! let source = b"one\r\ntwo\r\nthree\r\n";
//! let splices = Splices::of(vec![Splice { start: 5, end: 8, bytes: b"2".to_vec() }]);
//! assert_eq!(splices.pieces(source).collect::<Vec<_>>(), [&b"one\r\n"[..], b"2", b"\r\nthree\r\n"]);
//! assert_eq!(splices.to_vec(source), b"one\r\n2\r\nthree\r\n");
//! ```

use std::borrow::Cow;
use std::ops::Range;

/// What replaces one byte range of a text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Splice {
    /// Start of the replaced range.
    pub start: usize,
    /// End of the replaced range (exclusive).
    pub end: usize,
    /// What stands there instead.
    pub bytes: Vec<u8>,
}

/// A new text: a base text with [`Splice`]s applied, in order and without overlap.
///
/// The base is either the *source* the splices were made from, which every method takes
/// as an argument and the splices do not hold, or a text of their own (a whole
/// new text, or the result of earlier edits).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Splices {
    base: Option<Vec<u8>>,
    splices: Vec<Splice>,
}

impl Splices {
    /// Splices that replace the source with `bytes`.
    pub fn whole(bytes: Vec<u8>) -> Splices {
        Splices {
            base: Some(bytes),
            splices: Vec::new(),
        }
    }

    /// The source with `splices` applied; they must be in order and must not overlap.
    pub fn of(splices: Vec<Splice>) -> Splices {
        debug_assert!(splices
            .windows(2)
            .all(|w| w[0].start <= w[0].end && w[0].end <= w[1].start));
        Splices {
            base: None,
            splices,
        }
    }

    /// `splices` applied to `base` instead of to the source.
    pub fn over(base: Vec<u8>, splices: Vec<Splice>) -> Splices {
        Splices {
            base: Some(base),
            ..Splices::of(splices)
        }
    }

    /// The splices, over the source when [`Splices::replaces_source`] is false.
    pub fn splice_list(&self) -> &[Splice] {
        &self.splices
    }

    /// True when the splices bring a text of its own instead of splicing the source.
    pub fn replaces_source(&self) -> bool {
        self.base.is_some()
    }

    /// Where in the new text `find` first finds something in what the splices bring:
    /// each splice's bytes, or all of the new text when the splices bring a text of
    /// their own. `find` gives an offset in the bytes it is handed.
    pub fn find_brought(&self, find: impl Fn(&[u8]) -> Option<usize>) -> Option<usize> {
        if let Some(base) = &self.base {
            let mut at = 0;
            for piece in self.pieces_in(base, 0..base.len()) {
                if let Some(i) = find(piece) {
                    return Some(at + i);
                }
                at += piece.len();
            }
            return None;
        }
        let mut shift = 0isize;
        for s in &self.splices {
            if let Some(i) = find(&s.bytes) {
                return Some((s.start as isize + shift) as usize + i);
            }
            shift += s.bytes.len() as isize - (s.end - s.start) as isize;
        }
        None
    }

    /// The new text in order, as non-empty slices of the source and of the splices.
    pub fn pieces<'a>(&'a self, source: &'a [u8]) -> impl Iterator<Item = &'a [u8]> + Clone {
        let base = self.base.as_deref().unwrap_or(source);
        self.pieces_in(base, 0..base.len())
    }

    /// The part of the new text that stands for `source[range]`, a range that holds
    /// every splice over the source.
    pub fn pieces_between<'a>(
        &'a self,
        source: &'a [u8],
        range: Range<usize>,
    ) -> impl Iterator<Item = &'a [u8]> + Clone {
        debug_assert!(!self.replaces_source());
        debug_assert!(self
            .splices
            .first()
            .zip(self.splices.last())
            .is_none_or(|(first, last)| range.start <= first.start && last.end <= range.end));
        self.pieces_in(source, range)
    }

    /// `base[range]` with the splices applied, as non-empty slices.
    fn pieces_in<'a>(
        &'a self,
        base: &'a [u8],
        range: Range<usize>,
    ) -> impl Iterator<Item = &'a [u8]> + Clone {
        let mut copied = range.start;
        let between = self.splices.iter().flat_map(move |s| {
            let kept = &base[copied..s.start];
            copied = s.end;
            [kept, &s.bytes[..]]
        });
        let tail_from = self.splices.last().map_or(range.start, |s| s.end);
        between
            .chain(std::iter::once(&base[tail_from..range.end]))
            .filter(|piece| !piece.is_empty())
    }

    /// Length of the new text.
    pub fn len(&self, source: &[u8]) -> usize {
        let base = self.base.as_deref().unwrap_or(source);
        let removed: usize = self.splices.iter().map(|s| s.end - s.start).sum();
        let added: usize = self.splices.iter().map(|s| s.bytes.len()).sum();
        base.len() - removed + added
    }

    /// True when the new text is empty.
    #[cfg(test)]
    pub fn is_empty(&self, source: &[u8]) -> bool {
        self.len(source) == 0
    }

    /// The new text in one piece: borrowed when no splice is left to apply.
    pub fn joined<'a>(&'a self, source: &'a [u8]) -> Cow<'a, [u8]> {
        match (&self.base, self.splices.is_empty()) {
            (Some(base), true) => Cow::Borrowed(base),
            (None, true) => Cow::Borrowed(source),
            _ => Cow::Owned(self.to_vec(source)),
        }
    }

    /// The new text in one buffer.
    pub fn to_vec(&self, source: &[u8]) -> Vec<u8> {
        let mut out = Vec::with_capacity(self.len(source));
        self.pieces(source).for_each(|p| out.extend_from_slice(p));
        out
    }

    /// The new text in one buffer, reusing the splices' own text when it is all there is.
    pub fn into_vec(self, source: &[u8]) -> Vec<u8> {
        match self.base {
            Some(base) if self.splices.is_empty() => base,
            _ => self.to_vec(source),
        }
    }

    /// True when the new text is byte for byte the source. Splices over the source are
    /// compared where they are; a text of their own is compared in full.
    pub fn is_identity(&self, source: &[u8]) -> bool {
        if self.base.is_none() {
            return self
                .splices
                .iter()
                .all(|s| s.bytes == source[s.start..s.end]);
        }
        if self.len(source) != source.len() {
            return false;
        }
        let mut rest = source;
        self.pieces(source).all(|piece| {
            let (head, tail) = rest.split_at(piece.len());
            rest = tail;
            head == piece
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn splice(start: usize, end: usize, bytes: &str) -> Splice {
        Splice {
            start,
            end,
            bytes: bytes.as_bytes().to_vec(),
        }
    }

    #[test]
    fn pieces_skip_empty_ones_and_join_to_the_new_text() {
        let p = Splices::of(vec![splice(0, 1, ""), splice(1, 2, "B"), splice(3, 3, "!")]);
        let pieces: Vec<&[u8]> = p.pieces(b"abc").collect();
        assert_eq!(pieces, [&b"B"[..], b"c", b"!"]);
        assert_eq!(p.to_vec(b"abc"), b"Bc!");
        assert_eq!(p.len(b"abc"), 3);
        assert_eq!(Splices::of(vec![]).to_vec(b"abc"), b"abc");
        assert!(Splices::of(vec![splice(0, 3, "")]).is_empty(b"abc"));
    }

    #[test]
    fn pieces_between_are_the_new_text_of_a_range_holding_every_splice() {
        let p = Splices::of(vec![splice(2, 3, "C"), splice(4, 4, "!")]);
        let between: Vec<&[u8]> = p.pieces_between(b"abcdef", 1..5).collect();
        assert_eq!(between, [&b"b"[..], b"C", b"d", b"!", b"e"]);
        assert_eq!(between.concat(), &p.to_vec(b"abcdef")[1..6]);
    }

    #[test]
    fn find_brought_looks_only_at_new_bytes_and_gives_new_text_offsets() {
        let bang = |b: &[u8]| b.iter().position(|&c| c == b'!');
        // The source's own '!' is not brought; the second splice's is, at new offset 4.
        let p = Splices::of(vec![splice(0, 3, "a"), splice(4, 4, "xy!")]);
        assert_eq!(p.to_vec(b"abc!d"), b"a!xy!d");
        assert_eq!(p.find_brought(bang), Some(4));
        assert_eq!(
            Splices::of(vec![splice(1, 2, "B")]).find_brought(bang),
            None
        );
        // A text of its own is brought whole, its own splices applied.
        let over = Splices::over(b"ab!".to_vec(), vec![splice(0, 1, "XYZ")]);
        assert_eq!(over.find_brought(bang), Some(4));
    }

    #[test]
    fn splices_with_their_own_text_ignores_the_source() {
        let p = Splices::whole(b"new".to_vec());
        assert_eq!(p.to_vec(b"old text"), b"new");
        assert_eq!(p.clone().into_vec(b"old text"), b"new");
        let over = Splices::over(b"abc".to_vec(), vec![splice(1, 2, "XY")]);
        assert_eq!(over.to_vec(b"zzz"), b"aXYc");
        assert_eq!(over.len(b"zzz"), 4);
    }

    #[test]
    fn identity_is_seen_with_and_without_an_own_text() {
        assert!(Splices::of(vec![splice(1, 2, "b")]).is_identity(b"abc"));
        assert!(!Splices::of(vec![splice(1, 2, "B")]).is_identity(b"abc"));
        assert!(Splices::whole(b"abc".to_vec()).is_identity(b"abc"));
        assert!(!Splices::whole(b"abd".to_vec()).is_identity(b"abc"));
        assert!(!Splices::whole(b"ab".to_vec()).is_identity(b"abc"));
        assert!(Splices::over(b"aXc".to_vec(), vec![splice(1, 2, "b")]).is_identity(b"abc"));
    }
}
