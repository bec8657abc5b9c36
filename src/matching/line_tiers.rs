//! The tiers that compare whole lines: an edit's `trailingWhitespace`,
//! `innerWhitespace` and `indentation`, and for a patch's hunks every tier line by line
//! (`exact` and `unicode` too, and last `leadingWhitespace`).
//!
//! Each line is reduced to a key (folded, trailing spaces and tabs trimmed) and the key
//! to a 64-bit digest; the model's sequence of digests is found in the file's with
//! Knuth–Morris–Pratt (or, for a file searched many times, through an index of its
//! digests from the model's rarest line), and each match the digests suggest is then
//! checked on the lines themselves, so a collision never makes a false match and
//! thousands of identical lines cost what any other file of their size does. The
//! indentation tier compares each line's text without its indentation and its
//! indentation step from the line before, so a block shifted as a whole has the same
//! digests wherever it is.
//!
//! A file's keys and digests are worked out once, when a tier first needs them
//! ([`FileLines`]), so the hunks of a patch, one after another, share them.

use std::borrow::Cow;
use std::cell::OnceCell;

use xxhash_rust::xxh3::xxh3_64;

use super::fold::fold;
use super::lines::Lines;
use super::{Found, Match, Reindent, Tier};

/// One whole-line tier: how two lines must agree.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum LineTier {
    /// Byte for byte.
    Exact,
    /// After NFC and the folding of typographic look-alikes.
    Unicode,
    /// And trailing spaces and tabs trimmed.
    TrailingWhitespace,
    /// And every run of spaces and tabs after the indentation read as one space.
    InnerWhitespace,
    /// And one indentation shift for the whole run.
    Indentation,
    /// And each line's indentation ignored on its own.
    LeadingWhitespace,
}

impl LineTier {
    fn tier(self) -> Tier {
        match self {
            LineTier::Exact => Tier::Exact,
            LineTier::Unicode => Tier::Unicode,
            LineTier::TrailingWhitespace => Tier::TrailingWhitespace,
            LineTier::InnerWhitespace => Tier::InnerWhitespace,
            LineTier::Indentation => Tier::Indentation,
            LineTier::LeadingWhitespace => Tier::LeadingWhitespace,
        }
    }

    /// The digests the tier finds its candidates by.
    fn digests(self) -> Digests {
        match self {
            LineTier::Exact => Digests::Raw,
            LineTier::Unicode => Digests::Folded,
            LineTier::TrailingWhitespace => Digests::Trimmed,
            LineTier::InnerWhitespace => Digests::Collapsed,
            LineTier::Indentation | LineTier::LeadingWhitespace => Digests::Unindented,
        }
    }
}

/// What a line's digest is taken of.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Digests {
    /// The line as it is.
    Raw,
    /// The line folded ([`fold`]).
    Folded,
    /// Its key: folded, trailing spaces and tabs trimmed.
    Trimmed,
    /// Its key with every run of spaces and tabs after the indentation as one space.
    Collapsed,
    /// Its key's text after the indentation, runs of spaces and tabs as one space.
    Unindented,
}

const DIGEST_KINDS: usize = 5;

impl Digests {
    fn index(self) -> usize {
        self as usize
    }
}

/// The per-line comparison keys of the line tiers.
pub(super) struct LineKey<'a> {
    /// Folded, with trailing spaces and tabs trimmed.
    trimmed: Cow<'a, [u8]>,
    /// Length of the leading whitespace of `trimmed`.
    indent: usize,
}

impl<'a> LineKey<'a> {
    pub(super) fn new(line: &'a [u8]) -> Self {
        let folded = fold(line);
        let trimmed = match folded {
            Cow::Borrowed(b) => Cow::Borrowed(trim_end(b)),
            Cow::Owned(mut v) => {
                let len = trim_end(&v).len();
                v.truncate(len);
                Cow::Owned(v)
            }
        };
        let indent = indent_len(&trimmed);
        LineKey { trimmed, indent }
    }

    fn rest(&self) -> &[u8] {
        &self.trimmed[self.indent..]
    }

    fn indent_bytes(&self) -> &[u8] {
        &self.trimmed[..self.indent]
    }

    pub(super) fn is_blank(&self) -> bool {
        self.trimmed.is_empty()
    }

    /// The key's text as digests of `kind` see it, with `scratch` as room to build it.
    fn compared<'s>(&'s self, kind: Digests, scratch: &'s mut Vec<u8>) -> &'s [u8] {
        let collapsed = |from: usize, scratch: &'s mut Vec<u8>| -> &'s [u8] {
            let rest = self.rest();
            if !has_space_run(rest) {
                return &self.trimmed[from..];
            }
            scratch.clear();
            scratch.extend_from_slice(&self.trimmed[from..self.indent]);
            scratch.extend(collapse_spaces(rest));
            scratch
        };
        match kind {
            Digests::Collapsed => collapsed(0, scratch),
            Digests::Unindented => collapsed(self.indent, scratch),
            Digests::Raw | Digests::Folded | Digests::Trimmed => &self.trimmed,
        }
    }

    /// The line reads the same as `other` under `tier`, but for the indentation, which
    /// the indentation tier compares by [`uniform_shift`].
    fn same(&self, other: &LineKey<'_>, tier: LineTier) -> bool {
        match tier {
            // The exact and unicode tiers compare the lines themselves
            // ([`FileLines::check`]); their keys agree whenever the lines do.
            LineTier::Exact | LineTier::Unicode | LineTier::TrailingWhitespace => {
                self.trimmed == other.trimmed
            }
            LineTier::InnerWhitespace => {
                self.indent_bytes() == other.indent_bytes()
                    && collapse_spaces(self.rest()).eq(collapse_spaces(other.rest()))
            }
            LineTier::Indentation | LineTier::LeadingWhitespace => {
                self.is_blank() == other.is_blank()
                    && collapse_spaces(self.rest()).eq(collapse_spaces(other.rest()))
            }
        }
    }
}

/// `b` has a tab, or two spaces in a row: [`collapse_spaces`] would change it.
fn has_space_run(b: &[u8]) -> bool {
    let mut after_space = false;
    for &c in b {
        if c == b'\t' || c == b' ' && after_space {
            return true;
        }
        after_space = c == b' ';
    }
    false
}

/// `b` with every run of spaces and tabs read as one space.
fn collapse_spaces(b: &[u8]) -> impl Iterator<Item = u8> + '_ {
    let mut i = 0;
    std::iter::from_fn(move || {
        let &c = b.get(i)?;
        i += 1;
        if c == b' ' || c == b'\t' {
            while matches!(b.get(i), Some(b' ' | b'\t')) {
                i += 1;
            }
            return Some(b' ');
        }
        Some(c)
    })
}

/// `b` without its trailing spaces and tabs.
pub fn trim_end(b: &[u8]) -> &[u8] {
    let n = b
        .iter()
        .rposition(|&c| c != b' ' && c != b'\t')
        .map_or(0, |p| p + 1);
    &b[..n]
}

/// Length of the leading spaces and tabs of `b`.
pub fn indent_len(b: &[u8]) -> usize {
    b.iter().take_while(|&&c| c == b' ' || c == b'\t').count()
}

/// `b` without its leading and trailing spaces and tabs.
pub fn trim(b: &[u8]) -> &[u8] {
    let end = trim_end(b);
    &end[indent_len(end)..]
}

pub(super) fn indent_width(indent: &[u8], tab_width: usize) -> usize {
    indent.iter().fold(0, |col, &b| {
        if b == b'\t' {
            col + tab_width - col % tab_width
        } else {
            col + 1
        }
    })
}

/// The tab widths the indentation tier tries, in order.
const TAB_WIDTHS: [usize; 3] = [4, 8, 2];

/// 64-bit digests of lines under `kind`, for the sequence search: `key(i)` gives line
/// `i`'s key, asked for only by the kinds that digest keys. Equal texts give equal
/// digests; every match the digests suggest is checked on the lines themselves, so a
/// collision can never make a false match.
fn digests<'k>(lines: &[&[u8]], key: impl Fn(usize) -> &'k LineKey<'k>, kind: Digests) -> Vec<u64> {
    let mut scratch = Vec::new();
    (0..lines.len())
        .map(|i| match kind {
            Digests::Raw => xxh3_64(lines[i]),
            Digests::Folded => xxh3_64(&fold(lines[i])),
            _ => xxh3_64(key(i).compared(kind, &mut scratch)),
        })
        .collect()
}

/// A line's indentation width under each of [`TAB_WIDTHS`] (`None` for a blank line,
/// whose indentation does not count).
type Widths = Option<[isize; TAB_WIDTHS.len()]>;

fn widths(key: &LineKey<'_>) -> Widths {
    (!key.is_blank()).then(|| TAB_WIDTHS.map(|t| indent_width(key.indent_bytes(), t) as isize))
}

/// The stepped digests of lines for the tab width at `w` in [`TAB_WIDTHS`]: each
/// line's text (`text`, its [`Digests::Unindented`] digest) with its indentation step
/// from the previous non-blank line, so a block shifted as a whole has the same
/// digests wherever it is. (The first non-blank line of a block is compared by text
/// alone: its previous line is outside the block.)
fn stepped(text: &[u64], widths: &[Widths], w: usize) -> Vec<u64> {
    let mut previous = 0;
    text.iter()
        .zip(widths)
        .map(|(&t, widths)| {
            let step = match widths {
                None => 0,
                Some(widths) => {
                    let step = widths[w] - previous;
                    previous = widths[w];
                    step
                }
            };
            t ^ (step as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)
        })
        .collect()
}

/// Every start at which `pattern` occurs in `text`, overlapping ones included, in
/// order. Knuth–Morris–Pratt: linear in both lengths however repetitive the lines.
pub(super) fn occurrences(text: &[u64], pattern: &[u64]) -> Vec<usize> {
    let n = pattern.len();
    if n == 0 {
        return (0..=text.len()).collect();
    }
    let mut fail = vec![0usize; n];
    let mut k = 0;
    for i in 1..n {
        while k > 0 && pattern[i] != pattern[k] {
            k = fail[k - 1];
        }
        if pattern[i] == pattern[k] {
            k += 1;
        }
        fail[i] = k;
    }
    let mut out = Vec::new();
    let mut k = 0;
    for (i, &t) in text.iter().enumerate() {
        while k > 0 && t != pattern[k] {
            k = fail[k - 1];
        }
        if t == pattern[k] {
            k += 1;
        }
        if k == n {
            out.push(i + 1 - n);
            k = fail[k - 1];
        }
    }
    out
}

/// Where a whole-line search may find the model's lines.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Within {
    /// Starting at this line (0-based) or a later one.
    From(usize),
    /// Starting at exactly this line.
    At(usize),
}

/// `(digest, line)` of every line of a file, sorted.
type Postings = Vec<(u64, u32)>;

/// The model's lines, with their keys worked out once for every tier.
pub(super) struct Wanted<'o> {
    lines: &'o [&'o [u8]],
    keys: OnceCell<Vec<LineKey<'o>>>,
}

impl<'o> Wanted<'o> {
    pub(super) fn new(lines: &'o [&'o [u8]]) -> Self {
        Wanted {
            lines,
            keys: OnceCell::new(),
        }
    }

    fn keys(&self) -> &[LineKey<'o>] {
        self.keys
            .get_or_init(|| self.lines.iter().map(|l| LineKey::new(l)).collect())
    }

    fn digests(&self, kind: Digests) -> Vec<u64> {
        digests(self.lines, |i| &self.keys()[i], kind)
    }
}

/// A file's lines as the line tiers see them: each line's key, digests and
/// indentation widths, worked out when a tier first needs them and kept for every
/// search of the same file (the hunks of a patch).
pub struct FileLines<'a> {
    lines: &'a Lines<'a>,
    keys: OnceCell<Vec<LineKey<'a>>>,
    digests: [OnceCell<Vec<u64>>; DIGEST_KINDS],
    widths: OnceCell<(Vec<Widths>, bool)>,
    stepped: [OnceCell<Vec<u64>>; TAB_WIDTHS.len()],
    /// For a file searched many times: `(digest, line)` of every line, sorted, per
    /// kind of digest.
    postings: Option<[OnceCell<Postings>; DIGEST_KINDS]>,
    ascii: OnceCell<bool>,
}

impl<'a> FileLines<'a> {
    /// The lines of a file searched once or a few times: each search scans the file's
    /// digests from where it starts.
    pub fn new(lines: &'a Lines<'a>) -> Self {
        FileLines {
            lines,
            keys: OnceCell::new(),
            digests: Default::default(),
            widths: OnceCell::new(),
            stepped: Default::default(),
            postings: None,
            ascii: OnceCell::new(),
        }
    }

    /// The lines of a file searched many times: a search looks first at the places
    /// where its rarest line occurs, through an index of the digests.
    pub fn indexed(lines: &'a Lines<'a>) -> Self {
        FileLines {
            postings: Some(Default::default()),
            ..FileLines::new(lines)
        }
    }

    fn keys(&self) -> &[LineKey<'a>] {
        self.keys.get_or_init(|| {
            (0..self.lines.len())
                .map(|i| LineKey::new(self.lines.line(i)))
                .collect()
        })
    }

    fn digests(&self, kind: Digests) -> &[u64] {
        self.digests[kind.index()].get_or_init(|| {
            let lines: Vec<&[u8]> = (0..self.lines.len()).map(|i| self.lines.line(i)).collect();
            digests(&lines, |i| &self.keys()[i], kind)
        })
    }

    /// Each line's indentation widths, and whether any indentation has a tab.
    fn widths(&self) -> &(Vec<Widths>, bool) {
        self.widths.get_or_init(|| {
            let keys = self.keys();
            let tabs = keys.iter().any(|k| k.indent_bytes().contains(&b'\t'));
            (keys.iter().map(widths).collect(), tabs)
        })
    }

    fn stepped(&self, w: usize) -> &[u64] {
        self.stepped[w]
            .get_or_init(|| stepped(self.digests(Digests::Unindented), &self.widths().0, w))
    }

    fn postings(&self, kind: Digests) -> Option<&[(u64, u32)]> {
        let cell = &self.postings.as_ref()?[kind.index()];
        Some(cell.get_or_init(|| {
            let mut sorted: Vec<(u64, u32)> = self
                .digests(kind)
                .iter()
                .enumerate()
                .map(|(i, &d)| (d, i as u32))
                .collect();
            sorted.sort_unstable();
            sorted
        }))
    }

    fn is_ascii(&self) -> bool {
        *self.ascii.get_or_init(|| self.lines.text().is_ascii())
    }

    /// The starts (ascending) where `pattern` occurs in the digests of `kind`, within
    /// `within`. Through the index, when there is one and the rarest line of the
    /// pattern is rare enough; else Knuth–Morris–Pratt from the first line allowed.
    fn runs_of(&self, kind: Digests, pattern: &[u64], within: Within) -> Vec<usize> {
        let text = self.digests(kind);
        let (n, k) = (text.len(), pattern.len());
        let from = match within {
            Within::At(s) => {
                return (s + k <= n && text[s..s + k] == *pattern)
                    .then_some(s)
                    .into_iter()
                    .collect();
            }
            Within::From(from) if from + k > n => return Vec::new(),
            Within::From(from) => from,
        };
        if let Some(postings) = self.postings(kind) {
            let of = |d: u64| {
                let start = postings.partition_point(|e| e.0 < d);
                &postings[start..start + postings[start..].partition_point(|e| e.0 == d)]
            };
            let (j, places) = pattern
                .iter()
                .enumerate()
                .map(|(j, &d)| (j, of(d)))
                .min_by_key(|(_, p)| p.len())
                .expect("a pattern has a line");
            // Checking each place costs up to the pattern's length: only while that
            // stays within a few scans of the file.
            if places.len().saturating_mul(k) <= 4 * (n - from + k) {
                let skip = places.partition_point(|e| (e.1 as usize) < from + j);
                return places[skip..]
                    .iter()
                    .map(|e| e.1 as usize - j)
                    .filter(|&s| s + k <= n && text[s..s + k] == *pattern)
                    .collect();
            }
        }
        occurrences(&text[from..], pattern)
            .into_iter()
            .map(|s| s + from)
            .collect()
    }

    /// The first lines of the runs whose digests say they equal `old` but for one
    /// indentation shift, under any of the tab widths: ascending, without repeats.
    fn shifted_runs(&self, old: &Wanted<'_>, within: Within) -> Vec<usize> {
        let keys = old.keys();
        let Some(first) = keys.iter().position(|k| !k.is_blank()) else {
            return Vec::new();
        };
        let k = keys.len();
        let n = self.lines.len();
        let text = old.digests(Digests::Unindented);
        let heads = self.runs_of(Digests::Unindented, &text[..=first], within);
        if heads.is_empty() || first + 1 == k {
            return heads;
        }
        let old_widths: Vec<Widths> = keys.iter().map(widths).collect();
        let tabs = self.widths().1 || keys.iter().any(|k| k.indent_bytes().contains(&b'\t'));
        // Without a tab anywhere, every tab width gives the same widths.
        let tab_widths = if tabs { TAB_WIDTHS.len() } else { 1 };
        let mut valid = vec![false; heads.len()];
        for w in 0..tab_widths {
            let tail = &stepped(&text, &old_widths, w)[first + 1..];
            let file = self.stepped(w);
            let at = |s: usize| s + first + 1;
            match within {
                Within::At(_) => {
                    for (v, &s) in valid.iter_mut().zip(&heads) {
                        *v |= s + k <= n && file[at(s)..s + k] == *tail;
                    }
                }
                Within::From(from) => {
                    let mut tail_at = vec![false; n + 1];
                    for t in occurrences(&file[at(from)..], tail) {
                        tail_at[t + at(from)] = true;
                    }
                    for (v, &s) in valid.iter_mut().zip(&heads) {
                        *v |= s + k <= n && tail_at[at(s)];
                    }
                }
            }
        }
        heads
            .into_iter()
            .zip(valid)
            .filter_map(|(s, v)| v.then_some(s))
            .collect()
    }

    /// The run of `tier` at line `s`, checked on the lines themselves: `Some` with the
    /// indentation tier's shift (none for the others) when it matches.
    fn check(&self, s: usize, old: &Wanted<'_>, tier: LineTier) -> Option<Option<Reindent>> {
        let k = old.lines.len();
        match tier {
            LineTier::Exact => (0..k)
                .all(|i| self.lines.line(s + i) == old.lines[i])
                .then_some(None),
            LineTier::Unicode => (0..k)
                .all(|i| fold(self.lines.line(s + i)) == fold(old.lines[i]))
                .then_some(None),
            LineTier::Indentation => uniform_shift(&self.keys()[s..s + k], old.keys()).map(Some),
            _ => self.keys()[s..s + k]
                .iter()
                .zip(old.keys())
                .all(|(f, o)| f.same(o, tier))
                .then_some(None),
        }
    }

    /// The runs of `old` under `tier` within `within`: every non-overlapping one in
    /// order, and a second one overlapping the only one, if there is one. A run goes
    /// from its first line's start to its last line's content end.
    pub(super) fn find(&self, old: &Wanted<'_>, tier: LineTier, within: Within) -> Option<Found> {
        let k = old.lines.len();
        if k == 0 {
            return None;
        }
        let skip = match tier {
            LineTier::Exact => false,
            // Nothing to fold: the exact tier has said it all.
            LineTier::Unicode => self.is_ascii() && old.lines.iter().all(|l| l.is_ascii()),
            // A run of blank lines alone is no place a lenient tier can vouch for.
            _ => old.keys().iter().all(LineKey::is_blank),
        };
        if skip {
            return None;
        }
        let candidates = match tier {
            LineTier::Indentation => self.shifted_runs(old, within),
            _ => self.runs_of(tier.digests(), &old.digests(tier.digests()), within),
        };
        let mut matches = Vec::new();
        let mut overlapping = None;
        let mut next = 0;
        for s in candidates {
            let overlaps = s < next;
            if overlaps && (matches.len() > 1 || overlapping.is_some()) {
                continue;
            }
            let Some(reindent) = self.check(s, old, tier) else {
                continue;
            };
            let start = self.lines.start(s);
            if overlaps {
                overlapping = Some(start);
                continue;
            }
            matches.push(Match {
                start,
                end: self.lines.content_end(s + k - 1),
                reindent,
            });
            next = s + k;
        }
        (!matches.is_empty()).then(|| Found {
            tier: tier.tier(),
            matches,
            overlapping,
        })
    }
}

/// The one indentation shift that makes `window` (file lines) equal to `old`, if any.
pub(super) fn uniform_shift(window: &[LineKey<'_>], old: &[LineKey<'_>]) -> Option<Reindent> {
    if !window
        .iter()
        .zip(old)
        .all(|(f, o)| f.same(o, LineTier::Indentation))
    {
        return None;
    }
    let use_tabs = window
        .iter()
        .any(|f| !f.is_blank() && f.indent_bytes().first() == Some(&b'\t'));
    TAB_WIDTHS.into_iter().find_map(|tab_width| {
        let mut deltas = window
            .iter()
            .zip(old)
            .filter(|(f, _)| !f.is_blank())
            .map(|(f, o)| {
                indent_width(f.indent_bytes(), tab_width) as isize
                    - indent_width(o.indent_bytes(), tab_width) as isize
            });
        let first = deltas.next()?;
        deltas.all(|d| d == first).then_some(Reindent {
            delta: first,
            tab_width,
            use_tabs,
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kmp_finds_overlapping_occurrences() {
        assert_eq!(occurrences(&[1, 1, 1, 2, 1, 1], &[1, 1]), vec![0, 1, 4]);
        assert_eq!(occurrences(&[1, 2], &[1, 2, 3]), Vec::<usize>::new());
    }
}
