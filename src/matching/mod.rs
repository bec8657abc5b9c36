//! The tiers: where does the model's text occur in the LF view?
//!
//! A model copies text from what it read, and sometimes copies it imperfectly: curly
//! quotes for straight ones, trailing spaces dropped, tabs turned into spaces. The
//! tiers try, in order, ever more lenient notions of "the same text"; the first tier
//! with any match decides, so a lenient tier never overrides an exact match.
//!
//! | tier | the same when |
//! |---|---|
//! | [`Tier::Exact`] | byte-equal substring |
//! | [`Tier::Unicode`] | equal after NFC and folding of typographic look-alikes |
//! | [`Tier::TrailingWhitespace`] | whole lines equal once trailing spaces/tabs are trimmed |
//! | [`Tier::InnerWhitespace`] | and every run of spaces/tabs after the indentation is one space |
//! | [`Tier::Indentation`] | and the lines differ by one uniform indentation shift |
//! | [`Tier::Unescaped`] | the above, on text whose `\n`, `\t`, `\"` a model escaped |
//!
//! Everything here works on LF-view bytes and returns LF-view offsets.
//!
//! No input makes a tier quadratic: the exact tiers use `memmem`, and the line tiers
//! reduce each line to a 64-bit digest and find the model's sequence of digests with
//! Knuth–Morris–Pratt, then check each match they keep on the lines themselves. A
//! file of thousands of identical lines costs what any other file of its size does.

use std::borrow::Cow;

use memchr::{memchr_iter, memmem};
use unicode_normalization::char::canonical_combining_class;
use unicode_normalization::{is_nfc_quick, IsNormalized, UnicodeNormalization};
use xxhash_rust::xxh3::xxh3_64;

/// How an edit's `oldText` was found.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Tier {
    /// Byte-equal in the LF view.
    Exact,
    /// Equal after NFC normalization and folding of quotes, dashes and spaces.
    Unicode,
    /// Whole lines equal after trailing spaces and tabs are trimmed.
    TrailingWhitespace,
    /// Whole lines equal once, in addition, every run of spaces and tabs after the
    /// indentation is read as one space (lost alignment padding).
    InnerWhitespace,
    /// Whole lines equal after one common indentation difference.
    Indentation,
    /// Found only after literal `\n`, `\t`, `\"`, `\\`, `\$` escapes were unescaped.
    Unescaped,
}

impl Tier {
    /// The tier's name in the public API.
    pub fn as_str(self) -> &'static str {
        match self {
            Tier::Exact => "exact",
            Tier::Unicode => "unicode",
            Tier::TrailingWhitespace => "trailingWhitespace",
            Tier::InnerWhitespace => "innerWhitespace",
            Tier::Indentation => "indentation",
            Tier::Unescaped => "unescaped",
        }
    }
}

/// A uniform indentation difference between the file and the model's text: the file's
/// indentation is the model's plus `delta` columns, with tabs `tab_width` wide.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Reindent {
    /// Columns to add to each re-indented line (negative: remove).
    pub delta: isize,
    /// Width of a tab, in columns.
    pub tab_width: usize,
    /// Indent re-indented lines with tabs (the file's own style in the match).
    pub use_tabs: bool,
}

impl Reindent {
    /// Re-indents one line of the model's text into the file's indentation.
    pub fn apply<'a>(&self, line: &'a [u8]) -> Cow<'a, [u8]> {
        let indent_len = indent_len(line);
        if indent_len == line.len() {
            return Cow::Borrowed(line);
        }
        let width = indent_width(&line[..indent_len], self.tab_width) as isize + self.delta;
        let width = width.max(0) as usize;
        let mut out = Vec::with_capacity(width + line.len());
        if self.use_tabs {
            out.resize(width / self.tab_width, b'\t');
            out.resize(out.len() + width % self.tab_width, b' ');
        } else {
            out.resize(width, b' ');
        }
        out.extend_from_slice(&line[indent_len..]);
        Cow::Owned(out)
    }
}

/// One place where `oldText` was found: an LF-view byte range.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Match {
    /// Start offset in the LF view.
    pub start: usize,
    /// End offset (exclusive) in the LF view.
    pub end: usize,
    /// For the indentation tier: how to re-indent the model's new lines.
    pub reindent: Option<Reindent>,
}

/// The tier that decided and every match it found, in order. Matches do not overlap,
/// except that `overlapping` records a second, overlapping occurrence when there was
/// only one non-overlapping match (it still makes the text ambiguous).
#[derive(Debug, Clone)]
pub struct Found {
    /// The tier that found the matches.
    pub tier: Tier,
    /// The non-overlapping matches, in order.
    pub matches: Vec<Match>,
    /// Start of an occurrence overlapping the only match, if there is one.
    pub overlapping: Option<usize>,
}

impl Found {
    /// More than one place matches.
    pub fn is_ambiguous(&self) -> bool {
        self.matches.len() > 1 || self.overlapping.is_some()
    }
}

/// Line starts of an LF view, for line numbers and the line tiers.
#[derive(Debug, Clone)]
pub struct Lines<'a> {
    text: &'a [u8],
    starts: Vec<usize>,
}

impl<'a> Lines<'a> {
    /// Indexes the lines of `text` (an LF view). A final empty piece after the last
    /// `\n` is not a line.
    pub fn new(text: &'a [u8]) -> Self {
        let mut starts = Vec::with_capacity(text.len() / 32 + 1);
        if !text.is_empty() {
            starts.push(0);
        }
        starts.extend(
            memchr_iter(b'\n', text)
                .map(|i| i + 1)
                .filter(|&s| s < text.len()),
        );
        Lines { text, starts }
    }

    /// Number of lines.
    pub fn len(&self) -> usize {
        self.starts.len()
    }

    /// There are no lines (the text is empty).
    pub fn is_empty(&self) -> bool {
        self.starts.is_empty()
    }

    /// Offset where line `i` (0-based) starts.
    pub fn start(&self, i: usize) -> usize {
        self.starts[i]
    }

    /// Offset where line `i`'s content ends (its `\n`, or the end of the text).
    pub fn content_end(&self, i: usize) -> usize {
        match self.starts.get(i + 1) {
            Some(&next) => next - 1,
            None => {
                if self.text.last() == Some(&b'\n') {
                    self.text.len() - 1
                } else {
                    self.text.len()
                }
            }
        }
    }

    /// Line `i`'s content, without its `\n`.
    pub fn line(&self, i: usize) -> &'a [u8] {
        &self.text[self.starts[i]..self.content_end(i)]
    }

    /// Line `i` has a `\n` after it.
    pub fn has_newline(&self, i: usize) -> bool {
        self.content_end(i) < self.text.len()
    }

    /// 0-based line index of the line holding `offset`.
    pub fn line_of(&self, offset: usize) -> usize {
        self.starts
            .partition_point(|&s| s <= offset)
            .saturating_sub(1)
    }
}

/// [`Lines`] built on first use: an exact match needs no line index.
#[derive(Debug)]
pub struct LazyLines<'a> {
    text: &'a [u8],
    lines: std::cell::OnceCell<Lines<'a>>,
}

impl<'a> LazyLines<'a> {
    /// Lines of `text`, indexed when first asked for.
    pub fn new(text: &'a [u8]) -> Self {
        LazyLines {
            text,
            lines: std::cell::OnceCell::new(),
        }
    }

    /// The line index.
    pub fn get(&self) -> &Lines<'a> {
        self.lines.get_or_init(|| Lines::new(self.text))
    }
}

/// Looks for `old` (LF view, non-empty) in `view` through tiers 1 to 5. Every
/// non-overlapping match of the deciding tier is returned.
pub fn find(view: &[u8], lines: &LazyLines<'_>, old: &[u8]) -> Option<Found> {
    find_exact(view, old).or_else(|| find_lenient(view, lines, old))
}

/// Tiers 2 to 5 alone: what [`find`] tries once the exact tier found nothing.
pub fn find_lenient(view: &[u8], lines: &LazyLines<'_>, old: &[u8]) -> Option<Found> {
    find_unicode(view, old)
        .or_else(|| find_lines(lines, old, LineTier::TrailingWhitespace))
        .or_else(|| find_lines(lines, old, LineTier::InnerWhitespace))
        .or_else(|| find_lines(lines, old, LineTier::Indentation))
}

/// The exact tier alone. An empty `old` is found nowhere.
pub fn find_exact(view: &[u8], old: &[u8]) -> Option<Found> {
    if old.is_empty() {
        return None;
    }
    let finder = memmem::Finder::new(old);
    let matches: Vec<Match> = finder
        .find_iter(view)
        .map(|start| Match {
            start,
            end: start + old.len(),
            reindent: None,
        })
        .collect();
    let first = matches.first()?.start;
    let overlapping = if matches.len() == 1 {
        // An occurrence overlapping the first starts before its end, so it ends within
        // two lengths of its start: no need to search the rest of the file again.
        let window = &view[first + 1..(first + 2 * old.len() - 1).min(view.len())];
        finder.find(window).map(|at| first + 1 + at)
    } else {
        None
    };
    // find_iter skips overlapping occurrences, so the list is already non-overlapping.
    Some(Found {
        tier: Tier::Exact,
        matches,
        overlapping,
    })
}

/// The exact tier searched in a source itself, without building its LF view: the
/// places whose LF view is `old` (LF-view text), as source offsets. They are the
/// matches [`find_exact`] finds in the LF view, mapped to the source the way
/// [`LfView::to_source`](crate::eol::LfView::to_source) maps them.
///
/// Candidates are the occurrences of `old`'s first line, which reads the same in both;
/// each is then followed through the source, a `\n` of `old` taking a whole ending.
/// `None` when nothing matches, when `old` starts with a line break, or when following
/// the candidates costs more than a few passes over the source (repetitive text): the
/// caller then searches the LF view.
pub fn find_exact_in_source(source: &[u8], old: &[u8]) -> Option<Found> {
    let first_line = memchr::memchr(b'\n', old).unwrap_or(old.len());
    if first_line == 0 {
        return None;
    }
    let finder = memmem::Finder::new(&old[..first_line]);
    let rest = &old[first_line..];
    let mut budget = 4 * source.len() + 4 * old.len();
    // The end of a match at `at`, if `rest` follows the first line there.
    let mut follow = |at: usize| -> Option<Option<usize>> {
        let (end, compared) = lf_text_end(source, at + first_line, rest);
        budget = budget.checked_sub(compared)?;
        Some(end)
    };
    let mut matches = Vec::new();
    let mut pos = 0;
    while let Some(at) = finder.find(&source[pos..]).map(|i| pos + i) {
        match follow(at)? {
            Some(end) => {
                matches.push(Match {
                    start: at,
                    end,
                    reindent: None,
                });
                pos = end;
            }
            None => pos = at + 1,
        }
    }
    let only = matches.first()?;
    let mut overlapping = None;
    if matches.len() == 1 {
        // Another occurrence overlapping the only one starts before its end, so its
        // first line ends within a first line's length of that end.
        let (start, end) = (only.start, only.end);
        let window_end = (end + first_line - 1).min(source.len());
        let mut pos = start + 1;
        while let Some(at) = finder.find(&source[pos..window_end]).map(|i| pos + i) {
            if follow(at)?.is_some() {
                overlapping = Some(at);
                break;
            }
            pos = at + 1;
        }
    }
    Some(Found {
        tier: Tier::Exact,
        matches,
        overlapping,
    })
}

/// Where LF-view text `text` ends if it starts at source offset `at` (a `\n` of it
/// stands for any one ending), and how many bytes were compared to find out.
fn lf_text_end(source: &[u8], at: usize, text: &[u8]) -> (Option<usize>, usize) {
    let mut i = at;
    for (compared, &b) in text.iter().enumerate() {
        let step = match (b, source.get(i)) {
            (b'\n', Some(b'\n')) => 1,
            (b'\n', Some(b'\r')) if source.get(i + 1) == Some(&b'\n') => 2,
            (b'\n', Some(b'\r')) => 1,
            (_, Some(&s)) if s == b && b != b'\r' => 1,
            _ => return (None, compared + 1),
        };
        i += step;
    }
    (Some(i), text.len())
}

fn find_unicode(view: &[u8], old: &[u8]) -> Option<Found> {
    if view.is_ascii() && old.is_ascii() {
        return None;
    }
    let folded_view = Folded::new(view);
    let folded_old = fold(old);
    if folded_old.is_empty() {
        return None;
    }
    let found = find_exact(&folded_view.text, &folded_old)?;
    let matches = found
        .matches
        .iter()
        .map(|m| Match {
            start: folded_view.map_start(m.start),
            end: folded_view.map_end(m.end),
            reindent: None,
        })
        .collect();
    Some(Found {
        tier: Tier::Unicode,
        matches,
        overlapping: found.overlapping.map(|p| folded_view.map_start(p)),
    })
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum LineTier {
    TrailingWhitespace,
    InnerWhitespace,
    Indentation,
}

/// The per-line comparison keys of the line tiers.
struct LineKey<'a> {
    /// Folded, with trailing spaces and tabs trimmed.
    trimmed: Cow<'a, [u8]>,
    /// Length of the leading whitespace of `trimmed`.
    indent: usize,
}

impl<'a> LineKey<'a> {
    fn new(line: &'a [u8]) -> Self {
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

    fn is_blank(&self) -> bool {
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

fn indent_width(indent: &[u8], tab_width: usize) -> usize {
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
fn occurrences(text: &[u64], pattern: &[u64]) -> Vec<usize> {
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

fn find_lines(lazy: &LazyLines<'_>, old: &[u8], tier: LineTier) -> Option<Found> {
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
fn uniform_shift(window: &[LineKey<'_>], old: &[LineKey<'_>]) -> Option<Reindent> {
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
struct Folded<'a> {
    text: Cow<'a, [u8]>,
    /// `(folded_start, folded_len, source_start, source_len)`, ascending.
    anchors: Vec<(usize, usize, usize, usize)>,
}

impl<'a> Folded<'a> {
    fn new(src: &'a [u8]) -> Self {
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
    fn map_start(&self, p: usize) -> usize {
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
    fn map_end(&self, p: usize) -> usize {
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

/// Unescapes the literal escapes a model may write instead of real characters:
/// `\n`, `\r`, `\t`, `\"`, `\'`, `\\`, `\$`. Other backslashes stay as they are.
pub fn unescape(text: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(text.len());
    let mut i = 0;
    while i < text.len() {
        if text[i] == b'\\' && i + 1 < text.len() {
            let replacement = match text[i + 1] {
                b'n' => Some(b'\n'),
                b'r' => Some(b'\r'),
                b't' => Some(b'\t'),
                b'"' => Some(b'"'),
                b'\'' => Some(b'\''),
                b'\\' => Some(b'\\'),
                b'$' => Some(b'$'),
                _ => None,
            };
            if let Some(r) = replacement {
                out.push(r);
                i += 2;
                continue;
            }
        }
        out.push(text[i]);
        i += 1;
    }
    out
}

/// `oldText` qualifies for the unescaped tier: no real line break, but at least one
/// literal escape sequence.
pub fn has_literal_escapes(old: &[u8]) -> bool {
    !has_line_break(old) && has_escapes(old)
}

/// `text` has a real line break: a `\n` or a `\r` character.
pub fn has_line_break(text: &[u8]) -> bool {
    memchr::memchr2(b'\n', b'\r', text).is_some()
}

/// `text` has a literal escape sequence that [`unescape`] undoes.
pub fn has_escapes(text: &[u8]) -> bool {
    text.windows(2)
        .any(|w| w[0] == b'\\' && matches!(w[1], b'n' | b'r' | b't' | b'"' | b'\'' | b'\\' | b'$'))
}

/// Whole-line search, for patches: the places where `old` (LF-view lines, without their
/// `\n`) stands as consecutive whole lines of `lines`, the first of them at line `from`
/// or later and, with `at_end`, the last of them the file's last line. The tiers are
/// those of [`find`], each judged line by line (`exact`, `unicode`,
/// `trailingWhitespace`, `indentation`); the first with a match decides. A match runs
/// from its first line's start to its last line's content end (its `\n` excluded).
pub fn find_line_run(lines: &Lines<'_>, old: &[&[u8]], from: usize, at_end: bool) -> Option<Found> {
    let k = old.len();
    if k == 0 || from > lines.len() || lines.len() - from < k {
        return None;
    }
    let last = lines.len() - k;
    let first = if at_end { last } else { from };
    let file: Vec<&[u8]> = (first..lines.len()).map(|i| lines.line(i)).collect();
    // Runs of `tier`: `hit(p)` tells whether the window at `file[p..]` matches.
    let runs = |tier: Tier, hit: &dyn Fn(usize) -> Option<Option<Reindent>>| {
        let mut matches = Vec::new();
        let mut overlapping = None;
        let mut free = 0;
        for p in 0..=last - first {
            let Some(reindent) = hit(p) else { continue };
            let (start, end) = (lines.start(first + p), lines.content_end(first + p + k - 1));
            if p >= free {
                matches.push(Match {
                    start,
                    end,
                    reindent,
                });
                free = p + k;
            } else if matches.len() == 1 && overlapping.is_none() {
                overlapping = Some(start);
            }
        }
        (!matches.is_empty()).then_some(Found {
            tier,
            matches,
            overlapping,
        })
    };
    let exact = |p: usize| (0..k).all(|i| file[p + i] == old[i]).then_some(None);
    if let Some(found) = runs(Tier::Exact, &exact) {
        return Some(found);
    }
    let ascii = old.iter().all(|l| l.is_ascii()) && file.iter().all(|l| l.is_ascii());
    if !ascii {
        let (f, o): (Vec<_>, Vec<_>) = (
            file.iter().map(|l| fold(l)).collect(),
            old.iter().map(|l| fold(l)).collect(),
        );
        if let Some(found) = runs(Tier::Unicode, &|p| {
            (0..k).all(|i| f[p + i] == o[i]).then_some(None)
        }) {
            return Some(found);
        }
    }
    let old_keys: Vec<LineKey<'_>> = old.iter().map(|l| LineKey::new(l)).collect();
    if old_keys.iter().all(LineKey::is_blank) {
        return None;
    }
    let file_keys: Vec<LineKey<'_>> = file.iter().map(|l| LineKey::new(l)).collect();
    let trailing = |p: usize| {
        (0..k)
            .all(|i| file_keys[p + i].trimmed == old_keys[i].trimmed)
            .then_some(None)
    };
    if let Some(found) = runs(Tier::TrailingWhitespace, &trailing) {
        return Some(found);
    }
    runs(Tier::Indentation, &|p| {
        uniform_shift(&file_keys[p..p + k], &old_keys).map(Some)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn find_in(view: &str, old: &str) -> Option<Found> {
        let lines = LazyLines::new(view.as_bytes());
        find(view.as_bytes(), &lines, old.as_bytes())
    }

    #[test]
    fn exact_tier_wins_over_lenient_ones() {
        let f = find_in("a \nb\na\nb\n", "a\nb").unwrap();
        assert_eq!(f.tier, Tier::Exact);
        assert_eq!(f.matches.len(), 1);
        assert_eq!(f.matches[0].start, 5);
    }

    #[test]
    fn overlapping_occurrences_are_ambiguous() {
        let f = find_in("aaa", "aa").unwrap();
        assert!(f.is_ambiguous());
    }

    #[test]
    fn unicode_tier_folds_quotes_dashes_and_spaces() {
        let view = "say(\u{201C}hi\u{201D}) \u{2014} x\u{00A0}y\n";
        let f = find_in(view, "say(\"hi\") - x y").unwrap();
        assert_eq!(f.tier, Tier::Unicode);
        assert_eq!(f.matches[0].start, 0);
        assert_eq!(f.matches[0].end, view.len() - 1);
    }

    #[test]
    fn unicode_tier_matches_nfd_against_nfc() {
        let view = "caf\u{0065}\u{0301} ok";
        let f = find_in(view, "caf\u{00E9}").unwrap();
        assert_eq!(f.tier, Tier::Unicode);
        assert_eq!((f.matches[0].start, f.matches[0].end), (0, 6));
    }

    #[test]
    fn trailing_whitespace_tier_matches_whole_lines() {
        let f = find_in("x\nfoo  \nbar\t\ny\n", "foo\nbar").unwrap();
        assert_eq!(f.tier, Tier::TrailingWhitespace);
        assert_eq!((f.matches[0].start, f.matches[0].end), (2, 12));
    }

    #[test]
    fn indentation_tier_finds_tabs_for_spaces() {
        let f = find_in(
            "fn a() {\n\tif x {\n\t\ty();\n\t}\n}\n",
            "if x {\n    y();\n}",
        )
        .unwrap();
        assert_eq!(f.tier, Tier::Indentation);
        let r = f.matches[0].reindent.unwrap();
        assert_eq!((r.delta, r.use_tabs), (4, true));
        assert_eq!(r.apply(b"    z();").as_ref(), b"\t\tz();");
    }

    #[test]
    fn indentation_tier_rejects_non_uniform_shifts() {
        assert!(find_in("  a\n      b\n", "a\nb").is_none());
    }

    #[test]
    fn inner_whitespace_tier_reads_runs_of_spaces_as_one() {
        let f = find_in(
            "x\n  let a   = 1;\t// one\n  b\n",
            "  let a = 1; // one\n  b",
        )
        .unwrap();
        assert_eq!(f.tier, Tier::InnerWhitespace);
        assert_eq!((f.matches[0].start, f.matches[0].end), (2, 27));
    }

    #[test]
    fn inner_whitespace_tier_keeps_indentation_significant() {
        // Indentation differs: only the indentation tier may match, and it shifts.
        let f = find_in("    a   = 1\n", "a = 1").unwrap();
        assert_eq!(f.tier, Tier::Indentation);
        assert_eq!(f.matches[0].reindent.unwrap().delta, 4);
        assert!(find_in("a = 1\n", "a=1").is_none());
    }

    #[test]
    fn trailing_whitespace_tier_comes_before_inner_whitespace() {
        let f = find_in("a  b\nz\na b \nz\n", "a b\nz").unwrap();
        assert_eq!(f.tier, Tier::TrailingWhitespace);
        assert_eq!(f.matches[0].start, 7);
    }

    #[test]
    fn line_tiers_find_non_overlapping_matches_in_repeated_lines() {
        let f = find_in("x \nx \nx \nx \nx \n", "x\nx").unwrap();
        assert_eq!(f.tier, Tier::TrailingWhitespace);
        let starts: Vec<usize> = f.matches.iter().map(|m| m.start).collect();
        assert_eq!(starts, vec![0, 6]);
    }

    #[test]
    fn indentation_tier_matches_shifted_blocks_with_blank_lines() {
        let view = "fn f() {\n        if a {\n\n            b();\n        }\n}\n";
        let f = find_in(view, "if a {\n\n    b();\n}").unwrap();
        assert_eq!(f.tier, Tier::Indentation);
        assert_eq!(f.matches.len(), 1);
        assert_eq!(f.matches[0].start, 9);
        assert_eq!(f.matches[0].reindent.unwrap().delta, 8);
    }

    #[test]
    fn indentation_tier_tries_each_tab_width() {
        // Only a tab width of 2 makes the shift uniform: 2 columns, then 6 = 4 + 2.
        let f = find_in("\tx\n\t\t\ty\n", "x\n    y").unwrap();
        assert_eq!(f.tier, Tier::Indentation);
        let r = f.matches[0].reindent.unwrap();
        assert_eq!((r.tab_width, r.delta), (2, 2));
    }

    #[test]
    fn line_tiers_stay_linear_on_identical_lines() {
        // 200,000 identical lines and 20,000 of them plus one absent line: a window
        // by window comparison makes 4e9 line comparisons, minutes of work.
        let view = "    same line\n".repeat(200_000);
        let old = "same line\n".repeat(20_000) + "absent\n";
        let started = std::time::Instant::now();
        assert!(find_in(&view, &old).is_none());
        assert!(started.elapsed() < std::time::Duration::from_secs(5));
        // Ending on a line with another indentation: every window but the last line
        // shifts uniformly.
        let old = "same line\n".repeat(20_000) + "  same line\n";
        assert!(find_in(&view, &old).is_none());
        assert!(started.elapsed() < std::time::Duration::from_secs(5));
    }

    #[test]
    fn kmp_finds_overlapping_occurrences() {
        assert_eq!(occurrences(&[1, 1, 1, 2, 1, 1], &[1, 1]), vec![0, 1, 4]);
        assert_eq!(occurrences(&[1, 2], &[1, 2, 3]), Vec::<usize>::new());
    }

    #[test]
    fn unescape_turns_literal_escapes_into_characters() {
        assert_eq!(unescape(br"\$x \\$"), b"$x \\$");
        assert!(has_literal_escapes(br"cost: \$5"));
        assert_eq!(unescape(br#"a\nb\t\"c\\d\x"#), b"a\nb\t\"c\\d\\x");
        assert!(has_literal_escapes(br"a\nb"));
        assert!(!has_literal_escapes(b"a\nb\\n"));
    }

    #[test]
    fn a_line_run_matches_whole_lines_from_a_line_on() {
        let text = b"xa\na\nb\na\nb\n";
        let lines = Lines::new(text);
        // `a` inside `xa` is not a line; the run starts at line 1 or later.
        let f = find_line_run(&lines, &[b"a", b"b"], 0, false).unwrap();
        assert_eq!((f.tier, f.matches.len()), (Tier::Exact, 2));
        assert_eq!((f.matches[0].start, f.matches[0].end), (3, 6));
        let f = find_line_run(&lines, &[b"a", b"b"], 2, false).unwrap();
        assert_eq!(f.matches.len(), 1);
        assert_eq!(f.matches[0].start, 7);
        let f = find_line_run(&lines, &[b"a"], 0, true);
        assert!(f.is_none(), "the last line is b");
        let f = find_line_run(&lines, &[b"  b  "], 0, true).unwrap();
        assert_eq!((f.tier, f.matches[0].start), (Tier::Indentation, 9));
        assert!(find_line_run(&lines, &[b"a", b"b"], 5, false).is_none());
    }

    #[test]
    fn lines_do_not_count_a_final_empty_piece() {
        assert_eq!(Lines::new(b"a\nb\n").len(), 2);
        assert_eq!(Lines::new(b"a\nb").len(), 2);
        assert_eq!(Lines::new(b"").len(), 0);
        assert_eq!(Lines::new(b"\n").len(), 1);
    }
}
