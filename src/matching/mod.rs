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
//! | [`Tier::LineNumbers`] | the above, on text whose every line has `read_file`'s `  12│` prefix |
//!
//! Everything here works on LF-view bytes and returns LF-view offsets.
//!
//! No input makes a tier quadratic: the exact tiers use `memmem`, and the line tiers
//! reduce each line to a 64-bit digest and find the model's sequence of digests with
//! Knuth–Morris–Pratt, then check each match they keep on the lines themselves. A
//! file of thousands of identical lines costs what any other file of its size does.
//!
//! The tiers live in one file each beside this one: `lines` is the line index,
//! `fold` the `unicode` tier's folding, `line_tiers` the whole-line tiers, `escapes`
//! the `unescaped` tier's reading of a text, and `line_numbers` the `lineNumbers`
//! tier's.

mod escapes;
mod fold;
mod line_numbers;
mod line_tiers;
mod lines;

use std::borrow::Cow;

use memchr::memmem;

pub use escapes::{has_escapes, has_line_break, has_literal_escapes, unescape};
use fold::Folded;
pub use fold::{characters, fold, folds_alike, is_blank};
pub use line_numbers::strip_line_numbers;
pub use line_tiers::{indent_len, trim, trim_end, FileLines, Within};
use line_tiers::{indent_width, LineTier, Wanted};
pub use lines::{LazyLines, Lines};

/// How an edit's `old_text` was found: the tier that found it, by its name in the
/// results' `matched_by` ([`Tier::as_str`], `Display`, `FromStr`: the JavaScript
/// library's `"trailingWhitespace"`).
#[non_exhaustive]
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
    /// Found only once the `  12│` line-number prefix the agent tools' `read_file`
    /// shows was taken off every line.
    LineNumbers,
    /// An apply_patch hunk's lines equal once each line's leading and trailing spaces
    /// and tabs are trimmed on its own (and runs of spaces and tabs read as one): an
    /// indentation that differs from line to line, which no single shift explains.
    LeadingWhitespace,
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
            Tier::LineNumbers => "lineNumbers",
            Tier::LeadingWhitespace => "leadingWhitespace",
        }
    }
}

crate::api::names::stable_names!(
    Tier,
    as_str,
    "matching tier",
    [
        Tier::Exact,
        Tier::Unicode,
        Tier::TrailingWhitespace,
        Tier::InnerWhitespace,
        Tier::Indentation,
        Tier::Unescaped,
        Tier::LineNumbers,
        Tier::LeadingWhitespace,
    ]
);

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

/// Looks for `old` (LF view, non-empty) in `view` through tiers 1 to 5. Every
/// non-overlapping match of the deciding tier is returned.
pub fn find(view: &[u8], lines: &LazyLines<'_>, old: &[u8]) -> Option<Found> {
    find_exact(view, old).or_else(|| find_lenient(view, lines, old))
}

/// Tiers 2 to 5 alone: what [`find`] tries once the exact tier found nothing.
pub fn find_lenient(view: &[u8], lines: &LazyLines<'_>, old: &[u8]) -> Option<Found> {
    find_unicode(view, old).or_else(|| find_whole_lines(lines.get(), old))
}

/// The line tiers of an edit: `old`'s lines as whole lines of the file, anywhere. A
/// match that `old` ends with a `\n` takes the ending of its last line too.
fn find_whole_lines(lines: &Lines<'_>, old: &[u8]) -> Option<Found> {
    let (body, ends_with_newline) = match old.strip_suffix(b"\n") {
        Some(body) => (body, true),
        None => (old, false),
    };
    let old_lines: Vec<&[u8]> = body.split(|&b| b == b'\n').collect();
    let wanted = Wanted::new(&old_lines);
    let file = FileLines::new(lines);
    let tiers = [
        LineTier::TrailingWhitespace,
        LineTier::InnerWhitespace,
        LineTier::Indentation,
    ];
    let mut found = tiers
        .into_iter()
        .find_map(|tier| file.find(&wanted, tier, Within::From(0)))?;
    if ends_with_newline {
        for m in &mut found.matches {
            let last = lines.line_of(m.end);
            if lines.has_newline(last) {
                m.end += 1;
            }
        }
    }
    Some(found)
}

/// Which whole-line tiers [`find_line_run`] tries, in order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LineTiers {
    /// An edit's tiers, line by line: `exact`, `unicode`, `trailingWhitespace`,
    /// `innerWhitespace`, `indentation` (a unified diff's hunks).
    Edit,
    /// Those, then `leadingWhitespace`: each line's indentation on its own, as Codex
    /// matches the hunks of an apply_patch envelope.
    Envelope,
}

/// Whole-line search, for patches: the places where `old` (LF-view lines, without
/// their `\n`) stands as consecutive whole lines of `file`, within `within`, through
/// `tiers` in order; the first tier with a match decides. A match runs from its first
/// line's start to its last line's content end (its `\n` excluded).
pub fn find_line_run(
    file: &FileLines<'_>,
    old: &[&[u8]],
    within: Within,
    tiers: LineTiers,
) -> Option<Found> {
    let wanted = Wanted::new(old);
    let edit = [
        LineTier::Exact,
        LineTier::Unicode,
        LineTier::TrailingWhitespace,
        LineTier::InnerWhitespace,
        LineTier::Indentation,
    ];
    let envelope = (tiers == LineTiers::Envelope).then_some(LineTier::LeadingWhitespace);
    edit.into_iter()
        .chain(envelope)
        .find_map(|tier| file.find(&wanted, tier, within))
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

    /// Asserts that the work since `started` took less than `seconds`: a linear search
    /// takes a fraction of that, a window-by-window one minutes. Not under wine or qemu
    /// (`EOL_EDIT_UNDER`, set by scripts/cross/): there a debug build runs at a fraction
    /// of native speed beside the other lane, so a time says nothing of the algorithm,
    /// which is the same on every platform and is timed by the native run. The work still
    /// runs there, and its results are still checked.
    fn took_less_than(started: std::time::Instant, seconds: u64) {
        if std::env::var_os("EOL_EDIT_UNDER").is_some() {
            return;
        }
        let took = started.elapsed();
        assert!(
            took < std::time::Duration::from_secs(seconds),
            "took {took:?}"
        );
    }

    #[test]
    fn line_tiers_stay_linear_on_identical_lines() {
        // 200,000 identical lines and 20,000 of them plus one absent line: a window
        // by window comparison makes 4e9 line comparisons, minutes of work.
        let view = "    same line\n".repeat(200_000);
        let old = "same line\n".repeat(20_000) + "absent\n";
        let started = std::time::Instant::now();
        assert!(find_in(&view, &old).is_none());
        took_less_than(started, 5);
        // Ending on a line with another indentation: every window but the last line
        // shifts uniformly.
        let started = std::time::Instant::now();
        let old = "same line\n".repeat(20_000) + "  same line\n";
        assert!(find_in(&view, &old).is_none());
        took_less_than(started, 5);
    }

    #[test]
    fn a_line_run_matches_whole_lines_from_a_line_on() {
        let text = b"xa\na\nb\na\nb\n";
        let lines = Lines::new(text);
        let file = FileLines::new(&lines);
        let run = |old: &[&[u8]], within| find_line_run(&file, old, within, LineTiers::Edit);
        // `a` inside `xa` is not a line; the run starts at line 1 or later.
        let f = run(&[b"a", b"b"], Within::From(0)).unwrap();
        assert_eq!((f.tier, f.matches.len()), (Tier::Exact, 2));
        assert_eq!((f.matches[0].start, f.matches[0].end), (3, 6));
        let f = run(&[b"a", b"b"], Within::From(2)).unwrap();
        assert_eq!(f.matches.len(), 1);
        assert_eq!(f.matches[0].start, 7);
        assert!(run(&[b"a"], Within::At(4)).is_none(), "the last line is b");
        let f = run(&[b"  b  "], Within::At(4)).unwrap();
        assert_eq!((f.tier, f.matches[0].start), (Tier::Indentation, 9));
        assert!(run(&[b"a", b"b"], Within::From(5)).is_none());
    }

    #[test]
    fn a_line_run_stays_linear_on_identical_lines() {
        // 60,000 identical lines and a hunk of 12,000 of them around one other line:
        // comparing every window costs 5e8 line comparisons, minutes of work.
        let mut text = "    same line\n".repeat(60_000);
        text.replace_range(14 * 30_000..14 * 30_000 + 13, "    the other");
        let lines = Lines::new(text.as_bytes());
        let mut old: Vec<&[u8]> = vec![b"    same line"; 12_000];
        old[6_000] = b"    the other";
        let started = std::time::Instant::now();
        for file in [FileLines::new(&lines), FileLines::indexed(&lines)] {
            let f = find_line_run(&file, &old, Within::From(0), LineTiers::Envelope).unwrap();
            assert_eq!((f.tier, f.matches.len()), (Tier::Exact, 1));
            assert_eq!(lines.line_of(f.matches[0].start), 24_000);
            // Not there: every tier looks, none compares every window.
            old[6_000] = b"absent";
            assert!(find_line_run(&file, &old, Within::From(0), LineTiers::Envelope).is_none());
            old[6_000] = b"    the other";
        }
        took_less_than(started, 5);
    }

    #[test]
    fn a_line_run_reports_a_run_overlapping_the_only_one() {
        let lines = Lines::new(b"a\nb\na\nb\na\n");
        let file = FileLines::new(&lines);
        let f =
            find_line_run(&file, &[b"a", b"b", b"a"], Within::From(0), LineTiers::Edit).unwrap();
        assert_eq!((f.matches.len(), f.overlapping), (1, Some(4)));
        assert!(f.is_ambiguous());
    }

    #[test]
    fn the_envelope_tiers_end_with_each_lines_own_indentation() {
        // One line is off by a column: no single shift explains the run.
        let lines = Lines::new(b"class Foo:\n    def baz(self):\n        return 1\n");
        let file = FileLines::new(&lines);
        let old: [&[u8]; 2] = [b"    def baz(self):", b"       return 1"];
        assert!(find_line_run(&file, &old, Within::From(0), LineTiers::Edit).is_none());
        let f = find_line_run(&file, &old, Within::From(0), LineTiers::Envelope).unwrap();
        assert_eq!(f.tier, Tier::LeadingWhitespace);
        assert_eq!((f.matches[0].start, f.matches[0].reindent), (11, None));
    }

    #[test]
    fn an_indexed_file_finds_what_a_scanned_one_finds() {
        let mut text = String::new();
        for i in 0..200 {
            text.push_str(&format!("line {}\n", i % 7));
        }
        text.push_str("unique\n");
        let lines = Lines::new(text.as_bytes());
        let (scanned, indexed) = (FileLines::new(&lines), FileLines::indexed(&lines));
        let cases: [&[&[u8]]; 4] = [
            &[b"line 6", b"unique"],
            &[b"line 1", b"line 2"],
            &[b"line 3 ", b"line 4"],
            &[b"unique", b"absent"],
        ];
        for old in cases {
            for within in [Within::From(0), Within::From(150), Within::At(7)] {
                let run = |f: &FileLines<'_>| {
                    find_line_run(f, old, within, LineTiers::Envelope)
                        .map(|f| (f.tier, f.matches, f.overlapping))
                };
                assert_eq!(run(&scanned), run(&indexed), "{old:?} {within:?}");
            }
        }
    }
}
