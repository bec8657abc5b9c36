//! The tiers that compare whole lines: `trailingWhitespace`, `innerWhitespace` and
//! `indentation`.
//!
//! Each line is reduced to a key (folded, trailing spaces and tabs trimmed) and the key
//! to a 64-bit digest; the model's sequence of digests is found in the file's with
//! Knuth–Morris–Pratt, and each match the digests suggest is then checked on the lines
//! themselves, so a collision never makes a false match and thousands of identical
//! lines cost what any other file of their size does. The indentation tier compares
//! each line's text without its indentation and its indentation step from the line
//! before, so a block shifted as a whole has the same digests wherever it is.

use std::borrow::Cow;

use xxhash_rust::xxh3::xxh3_64;

use super::fold::fold;
use super::lines::{LazyLines, Lines};
use super::{Found, Match, Reindent, Tier};

#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum LineTier {
    TrailingWhitespace,
    InnerWhitespace,
    Indentation,
}

/// The per-line comparison keys of the line tiers.
pub(super) struct LineKey<'a> {
    /// Folded, with trailing spaces and tabs trimmed.
    pub(super) trimmed: Cow<'a, [u8]>,
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

    /// The key's text as the tier compares it (for the indentation tier, without the
    /// indentation, which is compared by width), with `scratch` as room to build it.
    fn compared<'s>(&'s self, tier: LineTier, scratch: &'s mut Vec<u8>) -> &'s [u8] {
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
        match tier {
            LineTier::TrailingWhitespace => &self.trimmed,
            LineTier::InnerWhitespace => collapsed(0, scratch),
            LineTier::Indentation => collapsed(self.indent, scratch),
        }
    }

    /// The line reads the same as `other` under `tier` (for the indentation tier:
    /// but for the indentation, which [`uniform_shift`] compares).
    fn same(&self, other: &LineKey<'_>, tier: LineTier) -> bool {
        match tier {
            LineTier::TrailingWhitespace => self.trimmed == other.trimmed,
            LineTier::InnerWhitespace => {
                self.indent_bytes() == other.indent_bytes()
                    && collapse_spaces(self.rest()).eq(collapse_spaces(other.rest()))
            }
            LineTier::Indentation => collapse_spaces(self.rest()).eq(collapse_spaces(other.rest())),
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

/// A 64-bit digest of one line's key under a tier, for the sequence search. Equal keys
/// give equal digests; every match the digests suggest is checked on the lines
/// themselves, so a collision can never make a false match.
fn digest(key: &LineKey<'_>, tier: LineTier, scratch: &mut Vec<u8>) -> u64 {
    xxh3_64(key.compared(tier, scratch))
}

/// A line as the indentation tier sees it: the digest of its text without the
/// indentation, and the indentation's width under each of [`TAB_WIDTHS`] (`None` for
/// a blank line, whose indentation does not count).
struct Shifted {
    text: u64,
    widths: Option<[isize; TAB_WIDTHS.len()]>,
}

impl Shifted {
    fn new(key: &LineKey<'_>, scratch: &mut Vec<u8>) -> Self {
        let text = digest(key, LineTier::Indentation, scratch);
        let widths = (!key.is_blank())
            .then(|| TAB_WIDTHS.map(|t| indent_width(key.indent_bytes(), t) as isize));
        Shifted { text, widths }
    }
}

/// The stepped digests of lines for the tab width at `w` in [`TAB_WIDTHS`]: each
/// line's text with its indentation step from the previous non-blank line, so a
/// block shifted as a whole has the same digests wherever it is. (The first
/// non-blank line of a block is compared by text alone: its previous line is outside
/// the block.)
fn stepped(lines: &[Shifted], w: usize) -> Vec<u64> {
    let mut previous = 0;
    lines
        .iter()
        .map(|l| {
            let step = match l.widths {
                None => 0,
                Some(widths) => {
                    let step = widths[w] - previous;
                    previous = widths[w];
                    step
                }
            };
            l.text ^ (step as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)
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

pub(super) fn find_lines(lazy: &LazyLines<'_>, old: &[u8], tier: LineTier) -> Option<Found> {
    let (old_body, ends_with_newline) = match old.strip_suffix(b"\n") {
        Some(body) => (body, true),
        None => (old, false),
    };
    let old_keys: Vec<LineKey<'_>> = old_body.split(|&b| b == b'\n').map(LineKey::new).collect();
    let lines = lazy.get();
    if old_keys.iter().all(LineKey::is_blank) || old_keys.len() > lines.len() {
        return None;
    }
    let n = old_keys.len();
    let file_keys = || (0..lines.len()).map(|i| LineKey::new(lines.line(i)));
    let mut scratch = Vec::new();
    // Candidates come from a linear search over line digests; each one kept is then
    // checked on the lines themselves.
    let candidates = match tier {
        LineTier::TrailingWhitespace | LineTier::InnerWhitespace => {
            let pattern: Vec<u64> = old_keys
                .iter()
                .map(|k| digest(k, tier, &mut scratch))
                .collect();
            let text: Vec<u64> = file_keys()
                .map(|k| digest(&k, tier, &mut scratch))
                .collect();
            occurrences(&text, &pattern)
        }
        LineTier::Indentation => indentation_candidates(lines, &old_keys, &mut scratch)?,
    };
    let mut matches = Vec::new();
    let mut next = 0;
    for s in candidates {
        if s < next {
            continue;
        }
        let window: Vec<LineKey<'_>> = (s..s + n).map(|i| LineKey::new(lines.line(i))).collect();
        let reindent = match tier {
            LineTier::Indentation => match uniform_shift(&window, &old_keys) {
                Some(r) => Some(r),
                None => continue,
            },
            _ if window.iter().zip(&old_keys).all(|(f, o)| f.same(o, tier)) => None,
            _ => continue,
        };
        let last = s + n - 1;
        let end = if ends_with_newline && lines.has_newline(last) {
            lines.content_end(last) + 1
        } else {
            lines.content_end(last)
        };
        matches.push(Match {
            start: lines.start(s),
            end,
            reindent,
        });
        next = s + n;
    }
    if matches.is_empty() {
        return None;
    }
    Some(Found {
        tier: match tier {
            LineTier::TrailingWhitespace => Tier::TrailingWhitespace,
            LineTier::InnerWhitespace => Tier::InnerWhitespace,
            LineTier::Indentation => Tier::Indentation,
        },
        matches,
        overlapping: None,
    })
}

/// The first lines of the windows whose digests say they equal `old` but for one
/// indentation shift, under any of the tab widths: ascending, without repeats.
fn indentation_candidates(
    lines: &Lines<'_>,
    old: &[LineKey<'_>],
    scratch: &mut Vec<u8>,
) -> Option<Vec<usize>> {
    let n = old.len();
    let first = old.iter().position(|k| !k.is_blank())?;
    let has_tab = |k: &LineKey<'_>| k.indent_bytes().contains(&b'\t');
    let mut tabs = old.iter().any(has_tab);
    let old: Vec<Shifted> = old.iter().map(|k| Shifted::new(k, scratch)).collect();
    let file: Vec<Shifted> = (0..lines.len())
        .map(|i| {
            let key = LineKey::new(lines.line(i));
            tabs |= has_tab(&key);
            Shifted::new(&key, scratch)
        })
        .collect();
    let file_text: Vec<u64> = file.iter().map(|l| l.text).collect();
    let old_text: Vec<u64> = old.iter().map(|l| l.text).collect();
    let heads = occurrences(&file_text, &old_text[..=first]);
    // Without a tab anywhere, every tab width gives the same widths.
    let widths = if tabs { TAB_WIDTHS.len() } else { 1 };
    let mut valid = vec![false; lines.len() + 1 - n];
    for w in 0..widths {
        let mut tail_at = vec![false; lines.len() + 1];
        for t in occurrences(&stepped(&file, w), &stepped(&old, w)[first + 1..]) {
            tail_at[t] = true;
        }
        for &s in &heads {
            if s + n <= lines.len() && tail_at[s + first + 1] {
                valid[s] = true;
            }
        }
    }
    Some(
        valid
            .iter()
            .enumerate()
            .filter_map(|(s, &v)| v.then_some(s))
            .collect(),
    )
}

/// The one indentation shift that makes `window` (file lines) equal to `old`, if any.
pub(super) fn uniform_shift(window: &[LineKey<'_>], old: &[LineKey<'_>]) -> Option<Reindent> {
    if !window
        .iter()
        .zip(old)
        .all(|(f, o)| f.is_blank() == o.is_blank() && f.same(o, LineTier::Indentation))
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
