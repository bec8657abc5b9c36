//! What changed: a unified diff of the LF views, and the changed lines.
//!
//! Only the changed window is diffed: the common prefix and suffix of the two sources
//! are skipped (rounded to whole lines), so a one-line edit in a 32 MiB file diffs a
//! few lines. When the LF views are equal but the bytes are not, the change is in the
//! line endings only, and the diff says so line by line.

use std::time::Duration;

use similar::{group_diff_ops, DiffOp};

use crate::eol::{self, Ending};
use crate::splice::Splices;

/// Lines of context around each change.
const CONTEXT: usize = 3;

/// The changed lines of a new text and a unified diff against the old one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Summary {
    /// First changed line of the new text, 1-based.
    pub start_line: u32,
    /// Last changed line of the new text, 1-based; for a pure deletion, the line
    /// that now stands where the deleted lines were.
    pub end_line: u32,
    /// Unified diff of the LF views, 3 lines of context; empty when nothing changed.
    pub diff: String,
}

/// Lines of a source with their endings: `(content, ending)`.
fn split_lines(text: &[u8]) -> Vec<(&[u8], Option<Ending>)> {
    let mut lines = eol::pieces(text);
    // A final empty piece after the last ending is not a line.
    if lines.last().is_some_and(|l| l.0.is_empty()) {
        lines.pop();
    }
    lines
}

fn is_line_start(text: &[u8], p: usize) -> bool {
    p == 0 || p == text.len() || text[p - 1] == b'\n' || (text[p - 1] == b'\r' && text[p] != b'\n')
}

fn common_prefix(a: &[u8], b: &[u8]) -> usize {
    let n = a.len().min(b.len());
    let mut i = 0;
    while i + 4096 <= n && a[i..i + 4096] == b[i..i + 4096] {
        i += 4096;
    }
    while i + 64 <= n && a[i..i + 64] == b[i..i + 64] {
        i += 64;
    }
    while i < n && a[i] == b[i] {
        i += 1;
    }
    i
}

fn common_suffix(a: &[u8], b: &[u8], limit: usize) -> usize {
    let n = limit;
    let (la, lb) = (a.len(), b.len());
    let mut i = 0;
    while i + 4096 <= n && a[la - i - 4096..la - i] == b[lb - i - 4096..lb - i] {
        i += 4096;
    }
    while i + 64 <= n && a[la - i - 64..la - i] == b[lb - i - 64..lb - i] {
        i += 64;
    }
    while i < n && a[la - i - 1] == b[lb - i - 1] {
        i += 1;
    }
    i
}

/// Number of line starts in `text[..p]` when `p` is a line start: the 0-based line
/// index of the line starting at `p`.
fn line_index(text: &[u8], p: usize) -> usize {
    eol::count_endings(&text[..p])
}

/// The start of the line that ends at line start `p` (`p > 0`).
fn previous_line_start(text: &[u8], p: usize) -> usize {
    let ending = if p >= 2 && text[p - 1] == b'\n' && text[p - 2] == b'\r' {
        2
    } else {
        1
    };
    memchr::memrchr2(b'\r', b'\n', &text[..p - ending]).map_or(0, |i| i + 1)
}

/// The start of the `n`th line above line start `p`, or of the first line.
fn lines_up(text: &[u8], mut p: usize, n: usize) -> usize {
    for _ in 0..n {
        if p == 0 {
            break;
        }
        p = previous_line_start(text, p);
    }
    p
}

/// The end of `n` lines (with their endings) from line start `p`.
fn lines_down(text: &[u8], p: usize, n: usize) -> usize {
    if n == 0 {
        return p;
    }
    for (i, (at, e)) in eol::endings(&text[p..]).enumerate() {
        if i + 1 == n {
            return p + at + e.as_bytes().len();
        }
    }
    // Fewer than n endings: the last line runs to the end.
    text.len()
}

/// Summarizes the change `new` makes to `source`. `label` names the file in the
/// diff header.
///
/// Splices over the source are diffed in a window around them: from a few lines before
/// the first to a few lines after the last, which is all a diff with 3 lines of
/// context can show, so nothing outside it is compared or split.
///
/// Splices far enough apart that their hunks cannot meet (a patch's 1,000 hunks in one
/// file) are summarized cluster by cluster, so the cost stays linear in the file.
pub fn summarize(source: &[u8], new: &Splices, label: &str) -> Summary {
    let splices = new.splice_list();
    if splices.is_empty() || new.replaces_source() {
        return summarize_texts(source, &new.joined(source), 0, 0, label);
    }
    let mut clusters = Vec::new();
    let mut first = 0;
    for i in 1..=splices.len() {
        let apart = splices.get(i).is_none_or(|next| {
            eol::count_endings(&source[splices[i - 1].end..next.start]) > 2 * CONTEXT + 2
        });
        if apart {
            clusters.push(&splices[first..i]);
            first = i;
        }
    }
    if let [only] = clusters[..] {
        return summarize_cluster(source, new, only, None, label);
    }
    // Each cluster's window starts where the one before left off counting lines.
    let mut total = Summary {
        start_line: 0,
        end_line: 0,
        diff: String::new(),
    };
    let (mut counted, mut lines_before, mut delta) = (0, 0, 0isize);
    for cluster in clusters {
        let part = Splices::of(cluster.to_vec());
        let from = window_start(source, cluster);
        lines_before += eol::count_endings(&source[counted..from]);
        counted = from;
        let new_before = (lines_before as isize + delta) as usize;
        let summary = summarize_cluster(
            source,
            &part,
            cluster,
            Some((lines_before, new_before)),
            label,
        );
        let old_len = eol::count_endings(&source[from..window_end(source, cluster)]) as isize;
        let new_len: isize = part
            .pieces_between(source, from..window_end(source, cluster))
            .map(|p| eol::count_endings(p) as isize)
            .sum();
        delta += new_len - old_len;
        if summary.diff.is_empty() {
            continue;
        }
        if total.diff.is_empty() {
            total.start_line = summary.start_line;
            total.diff = summary.diff;
        } else {
            let hunks = summary.diff.splitn(3, '\n').nth(2).unwrap_or_default();
            total.diff.push_str(hunks);
        }
        total.end_line = summary.end_line;
    }
    total
}

/// From a few lines before the cluster's first splice.
fn window_start(source: &[u8], cluster: &[crate::splice::Splice]) -> usize {
    lines_up(
        source,
        line_start_before(source, cluster[0].start),
        CONTEXT + 1,
    )
}

/// The rest of the last splice's line, then as many more as the start has above.
fn window_end(source: &[u8], cluster: &[crate::splice::Splice]) -> usize {
    lines_down(source, cluster[cluster.len() - 1].end, CONTEXT + 2)
}

/// Summarizes the splices of `cluster` (all of `new`'s) in their window. `before`: the
/// lines of the old and of the new text above the window, when the caller counted
/// them; otherwise they are counted here (one cluster: the same for both).
fn summarize_cluster(
    source: &[u8],
    new: &Splices,
    cluster: &[crate::splice::Splice],
    before: Option<(usize, usize)>,
    label: &str,
) -> Summary {
    let from = window_start(source, cluster);
    let to = window_end(source, cluster);
    let (lines_before, new_before) = before.unwrap_or_else(|| {
        let n = eol::count_endings(&source[..from]);
        (n, n)
    });
    let new = new
        .pieces_between(source, from..to)
        .collect::<Vec<_>>()
        .concat();
    summarize_texts(&source[from..to], &new, lines_before, new_before, label)
}

/// The start of the line that holds offset `p` (for the `\n` of a `\r\n`, the line the
/// `\r` ends).
fn line_start_before(text: &[u8], p: usize) -> usize {
    let p = if p > 0 && p < text.len() && text[p - 1] == b'\r' && text[p] == b'\n' {
        p - 1
    } else {
        p
    };
    memchr::memrchr2(b'\r', b'\n', &text[..p]).map_or(0, |i| i + 1)
}

/// Summarizes the change from `old` to `new` (both sources, with their own endings),
/// which start at lines `lines_before` and `new_before` (0-based) of their files.
fn summarize_texts(
    old: &[u8],
    new: &[u8],
    lines_before: usize,
    new_before: usize,
    label: &str,
) -> Summary {
    let mut start = common_prefix(old, new);
    if start == old.len() && start == new.len() {
        return Summary {
            start_line: 0,
            end_line: 0,
            diff: String::new(),
        };
    }
    while !(is_line_start(old, start) && is_line_start(new, start)) {
        start -= 1;
    }
    let limit = old.len().min(new.len()) - start;
    let mut suffix = common_suffix(old, new, limit);
    while !(is_line_start(old, old.len() - suffix) && is_line_start(new, new.len() - suffix)) {
        suffix -= 1;
    }
    // The common prefix has as many lines in both texts.
    let above = line_index(old, start);
    let first_line = lines_before + above;
    let new_first = new_before + above;
    let old_window = split_lines(&old[start..old.len() - suffix]);
    let new_window = split_lines(&new[start..new.len() - suffix]);
    let start_line = new_first as u32 + 1;
    let end_line = if new_window.is_empty() {
        start_line
    } else {
        new_first as u32 + new_window.len() as u32
    };

    // Only the context lines around the change are split, never the whole file.
    let before = split_lines(&old[lines_up(old, start, CONTEXT)..start]);
    let tail = old.len() - suffix;
    let after = split_lines(&old[tail..lines_down(old, tail, CONTEXT)]);
    let (ctx_before, ctx_after) = (&before[..], &after[..]);
    let context_start = first_line - ctx_before.len();

    // git's a/ and b/ prefixes, without doubling the slash of an absolute path.
    let label = label.strip_prefix('/').unwrap_or(label);
    let mut diff = format!("--- a/{label}\n+++ b/{label}\n");
    let old_lf: Vec<&[u8]> = old_window.iter().map(|l| l.0).collect();
    let new_lf: Vec<&[u8]> = new_window.iter().map(|l| l.0).collect();
    if old_lf == new_lf {
        render_endings_only(&mut diff, new_first, &old_window, &new_window);
    } else {
        let mut old_all: Vec<&[u8]> = ctx_before.iter().map(|l| l.0).collect();
        let mut new_all = old_all.clone();
        old_all.extend(&old_lf);
        new_all.extend(&new_lf);
        old_all.extend(ctx_after.iter().map(|l| l.0));
        new_all.extend(ctx_after.iter().map(|l| l.0));
        let new_context_start = new_first - ctx_before.len();
        render_unified(
            &mut diff,
            context_start,
            new_context_start,
            &old_all,
            &new_all,
        );
    }
    Summary {
        start_line,
        end_line,
        diff,
    }
}

fn render_unified(
    out: &mut String,
    old_offset: usize,
    new_offset: usize,
    old: &[&[u8]],
    new: &[&[u8]],
) {
    let ops = crate::align::line_ops(old, new, Duration::from_millis(300));
    for group in group_diff_ops(ops, CONTEXT) {
        let (Some(first), Some(last)) = (group.first(), group.last()) else {
            continue;
        };
        let old_start = first.old_range().start;
        let new_start = first.new_range().start;
        let old_len = last.old_range().end - old_start;
        let new_len = last.new_range().end - new_start;
        out.push_str(&format!(
            "@@ -{} +{} @@\n",
            hunk_range(old_offset + old_start, old_len),
            hunk_range(new_offset + new_start, new_len)
        ));
        for op in &group {
            for (tag, range, lines) in op_lines(op, old, new) {
                for line in &lines[range] {
                    out.push(tag);
                    out.push_str(&String::from_utf8_lossy(line));
                    out.push('\n');
                }
            }
        }
    }
}

type OpLines<'a, 'b> = Vec<(char, std::ops::Range<usize>, &'a [&'b [u8]])>;

fn op_lines<'a, 'b>(op: &DiffOp, old: &'a [&'b [u8]], new: &'a [&'b [u8]]) -> OpLines<'a, 'b> {
    match *op {
        DiffOp::Equal { .. } => vec![(' ', op.old_range(), old)],
        DiffOp::Delete { .. } => vec![('-', op.old_range(), old)],
        DiffOp::Insert { .. } => vec![('+', op.new_range(), new)],
        DiffOp::Replace { .. } => vec![('-', op.old_range(), old), ('+', op.new_range(), new)],
    }
}

/// `start,len` in unified-diff form (1-based; an empty range names the line before).
fn hunk_range(start: usize, len: usize) -> String {
    if len == 0 {
        format!("{start},0")
    } else {
        format!("{},{}", start + 1, len)
    }
}

fn ending_label(e: Option<Ending>) -> &'static str {
    e.map_or("no newline", Ending::name)
}

fn render_endings_only(
    out: &mut String,
    first_line: usize,
    old: &[(&[u8], Option<Ending>)],
    new: &[(&[u8], Option<Ending>)],
) {
    let changed: Vec<usize> = (0..old.len()).filter(|&i| old[i].1 != new[i].1).collect();
    let (Some(&a), Some(&b)) = (changed.first(), changed.last()) else {
        return;
    };
    out.push_str(&format!(
        "@@ line endings only: lines {}-{} @@\n",
        first_line + a + 1,
        first_line + b + 1
    ));
    for &i in &changed {
        out.push_str(&format!(
            "~{} [{} -> {}]\n",
            String::from_utf8_lossy(old[i].0),
            ending_label(old[i].1),
            ending_label(new[i].1)
        ));
    }
}

/// What one line of [`line_changes`] is: kept around a change, removed, or added.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LineChange {
    /// Unchanged, shown around a change; numbered in the new text.
    Context,
    /// In the old text only; numbered in the old text.
    Removed,
    /// In the new text only; numbered in the new text.
    Added,
}

/// One shown line of [`line_changes`]: what it is and its 1-based number (in the old
/// text for a removed line, else in the new one).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ChangedLine {
    /// Kept, removed or added.
    pub kind: LineChange,
    /// Its number, 1-based.
    pub line: usize,
}

/// The lines that differ between two texts, for showing: the changes with `context`
/// lines around each, as at most `max_changed` removed or added lines.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct LineChanges {
    /// The lines to show, in order: a run of context, removed and added lines per
    /// change, hunks apart (a gap between two lines' numbers is lines not shown).
    pub lines: Vec<ChangedLine>,
    /// Removed and added lines in all.
    pub changed: usize,
    /// Removed and added lines left out past `max_changed`.
    pub omitted: usize,
    /// The new text's lines from the first change to the last (1-based, inclusive;
    /// `first_line > last_line` when the changes only remove lines: they then stand
    /// before line `first_line`); both 0 when nothing changed.
    pub first_line: usize,
    /// See `first_line`.
    pub last_line: usize,
}

/// The lines of a text split at `\n`, without the empty piece after a final `\n`.
fn lf_lines(text: &[u8]) -> Vec<&[u8]> {
    if text.is_empty() {
        return Vec::new();
    }
    let body = text.strip_suffix(b"\n").unwrap_or(text);
    body.split(|&b| b == b'\n').collect()
}

/// The lines that changed from `old` to `new`, two LF views (a `\r` is part of a
/// line), whose first lines are lines `old_first` and `new_first` (1-based) of their
/// files. The common first and last lines are skipped before diffing, so a change in a
/// large text diffs only its window; past 300 ms the diff recognises fewer kept lines.
pub fn line_changes(
    old: &[u8],
    new: &[u8],
    old_first: usize,
    new_first: usize,
    context: usize,
    max_changed: usize,
) -> LineChanges {
    let old_lines = lf_lines(old);
    let new_lines = lf_lines(new);
    let n = old_lines.len().min(new_lines.len());
    // More context than lines shows the same; fewer keeps the sums below from
    // overflowing (`usize::MAX`: all of it). Line numbers past `usize::MAX` saturate.
    let context = context.min(old_lines.len().max(new_lines.len()));
    let prefix = old_lines
        .iter()
        .zip(&new_lines)
        .take_while(|(a, b)| a == b)
        .count();
    let suffix = old_lines[prefix..]
        .iter()
        .rev()
        .zip(new_lines[prefix..].iter().rev())
        .take(n - prefix)
        .take_while(|(a, b)| a == b)
        .count();
    if prefix == old_lines.len() && prefix == new_lines.len() {
        return LineChanges::default();
    }
    // The window: the changed lines and up to `context` kept lines on each side.
    let from = prefix.saturating_sub(context);
    let old_to = (old_lines.len() - suffix + context).min(old_lines.len());
    let new_to = (new_lines.len() - suffix + context).min(new_lines.len());
    let ops = crate::align::line_ops(
        &old_lines[from..old_to],
        &new_lines[from..new_to],
        Duration::from_millis(300),
    );
    let mut out = LineChanges::default();
    let (mut first, mut last) = (usize::MAX, 0);
    for group in group_diff_ops(ops, context) {
        for op in &group {
            // Removed lines of a replacement left out, counted once its added lines are.
            let mut hidden = 0;
            let (kind, range, first_number) = match op {
                DiffOp::Equal { .. } => (LineChange::Context, op.new_range(), new_first),
                DiffOp::Delete { .. } => (LineChange::Removed, op.old_range(), old_first),
                DiffOp::Insert { .. } => (LineChange::Added, op.new_range(), new_first),
                DiffOp::Replace { .. } => {
                    // Past the cap, both sides of a replacement are shown in part: a
                    // block rewritten shows some of what it was and of what it is.
                    let (old_len, new_len) = (op.old_range().len(), op.new_range().len());
                    let room = max_changed.saturating_sub(out.changed);
                    let removed = if old_len + new_len > room {
                        old_len.min(room.div_ceil(2))
                    } else {
                        old_len
                    };
                    let r = op.old_range();
                    push_lines(
                        &mut out,
                        LineChange::Removed,
                        r.start..r.start + removed,
                        old_first.saturating_add(from),
                        usize::MAX,
                    );
                    hidden = old_len - removed;
                    (LineChange::Added, op.new_range(), new_first)
                }
            };
            if kind != LineChange::Context {
                let r = op.new_range();
                first = first.min(new_first.saturating_add(from + r.start));
                last = last.max(new_first.saturating_add(from + r.end));
            }
            push_lines(
                &mut out,
                kind,
                range,
                first_number.saturating_add(from),
                max_changed,
            );
            out.changed += hidden;
            out.omitted += hidden;
        }
    }
    // Context lines after the last shown change say nothing once changes are left out.
    if out.omitted > 0 {
        while out
            .lines
            .last()
            .is_some_and(|l| l.kind == LineChange::Context)
        {
            out.lines.pop();
        }
    }
    out.first_line = first;
    // `last` is one past the last added line; for a removal only, the line before.
    out.last_line = last.saturating_sub(1);
    out
}

/// Adds the lines of `range` (0-based in the window, numbered from `first`), counting
/// each changed one and leaving out those past `max_changed`.
fn push_lines(
    out: &mut LineChanges,
    kind: LineChange,
    range: std::ops::Range<usize>,
    first: usize,
    max_changed: usize,
) {
    for i in range {
        if kind == LineChange::Context {
            if out.omitted == 0 {
                out.lines.push(ChangedLine {
                    kind,
                    line: first.saturating_add(i),
                });
            }
            continue;
        }
        out.changed += 1;
        if out.changed > max_changed {
            out.omitted += 1;
        } else {
            out.lines.push(ChangedLine {
                kind,
                line: first.saturating_add(i),
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::splice::Splice;

    fn whole(old: &[u8], new: &[u8], label: &str) -> Summary {
        summarize(old, &Splices::whole(new.to_vec()), label)
    }

    #[test]
    fn splices_are_summarized_like_the_whole_new_text() {
        // Distinct lines with every kind of ending, long enough that the window around
        // a splice is a small part of it.
        let mut source = Vec::new();
        for i in 0..24 {
            source.extend_from_slice(format!("line {i}").as_bytes());
            source.extend_from_slice([&b"\r\n"[..], b"\n", b"\r"][i % 3]);
        }
        source.extend_from_slice(b"last");
        let replacements: [&[u8]; 5] = [b"", b"X", b"\n", b"A\r\nB\r\n", b"line 3\r\n"];
        for start in 0..=source.len() {
            for len in [0, 1, 2, 9, 30] {
                let end = (start + len).min(source.len());
                for bytes in replacements {
                    let mut splices = vec![Splice {
                        start,
                        end,
                        bytes: bytes.to_vec(),
                    }];
                    if end + 40 < source.len() {
                        // A second, far enough away that the window spans both.
                        splices.push(Splice {
                            start: end + 40,
                            end: end + 41,
                            bytes: b"Z".to_vec(),
                        });
                    }
                    let splices = Splices::of(splices);
                    let new = splices.to_vec(&source);
                    assert_eq!(
                        summarize(&source, &splices, "f"),
                        whole(&source, &new, "f"),
                        "splices {:?} over {:?}",
                        splices.splice_list(),
                        String::from_utf8_lossy(&source)
                    );
                }
            }
        }
    }

    #[test]
    fn far_apart_splices_are_summarized_cluster_by_cluster_like_the_whole_text() {
        let mut source = Vec::new();
        let mut starts = Vec::new();
        for i in 0..200 {
            starts.push(source.len());
            source.extend_from_slice(format!("line {i}").as_bytes());
            source.extend_from_slice([&b"\r\n"[..], b"\n", b"\r"][i % 3]);
        }
        // Lines changed, removed and added every 7 to 23 lines, some close enough to
        // share a hunk, the last one at the very end.
        let mut splices = Vec::new();
        for (k, &line) in [3usize, 10, 30, 53, 60, 61, 90, 150, 199]
            .iter()
            .enumerate()
        {
            let (start, end) = (
                starts[line],
                starts.get(line + 1).copied().unwrap_or(source.len()),
            );
            let bytes = match k % 3 {
                0 => format!("changed {line}\r\n").into_bytes(),
                1 => Vec::new(),
                _ => format!("added {line}\nline {line}\r\n").into_bytes(),
            };
            splices.push(Splice { start, end, bytes });
        }
        let splices = Splices::of(splices);
        let new = splices.to_vec(&source);
        assert_eq!(summarize(&source, &splices, "f"), whole(&source, &new, "f"));
    }

    #[test]
    fn a_hunk_header_counts_the_lines_the_hunk_shows() {
        // `-a`, ` b`, `+b`: two old lines and two new ones, from line 1.
        let s = whole(b"a\nb\n", b"b\nb\n", "f");
        assert_eq!(s.diff, "--- a/f\n+++ b/f\n@@ -1,2 +1,2 @@\n-a\n b\n+b\n");
    }

    #[test]
    fn reports_the_changed_lines_of_the_new_text() {
        let s = whole(b"a\r\nb\r\nc\r\n", b"a\r\nX\r\nY\r\nc\r\n", "f");
        assert_eq!((s.start_line, s.end_line), (2, 3));
        assert_eq!(
            s.diff,
            "--- a/f\n+++ b/f\n@@ -1,3 +1,4 @@\n a\n-b\n+X\n+Y\n c\n"
        );
    }

    #[test]
    fn says_when_only_line_endings_changed() {
        let s = whole(b"a\r\nb\r\nc\r\n", b"a\r\nb\nc\r\n", "f");
        assert_eq!((s.start_line, s.end_line), (2, 2));
        assert!(
            s.diff.contains("line endings only: lines 2-2"),
            "{}",
            s.diff
        );
        assert!(s.diff.contains("~b [CRLF -> LF]"), "{}", s.diff);
    }

    #[test]
    fn context_is_at_most_three_lines() {
        let old = b"1\n2\n3\n4\n5\n6\n7\n8\n9\n";
        let new = b"1\n2\n3\n4\nV\n6\n7\n8\n9\n";
        let s = whole(old, new, "f");
        assert_eq!(
            s.diff,
            "--- a/f\n+++ b/f\n@@ -2,7 +2,7 @@\n 2\n 3\n 4\n-5\n+V\n 6\n 7\n 8\n"
        );
    }

    #[test]
    fn context_lines_keep_their_place_with_crlf_and_lone_cr() {
        let old = b"1\r\n2\r3\r\n4\n5\r\n6\r7\r\n8";
        let new = b"1\r\n2\r3\r\n4\nV\r\n6\r7\r\n8";
        let s = whole(old, new, "/abs/f");
        assert_eq!(
            s.diff,
            "--- a/abs/f\n+++ b/abs/f\n@@ -2,7 +2,7 @@\n 2\n 3\n 4\n-5\n+V\n 6\n 7\n 8\n"
        );
        assert_eq!((s.start_line, s.end_line), (5, 5));
    }

    #[test]
    fn a_pure_deletion_points_at_the_line_after_it() {
        let s = whole(b"a\nb\nc\n", b"a\nc\n", "f");
        assert_eq!((s.start_line, s.end_line), (2, 2));
        assert!(s.diff.contains("-b\n"));
    }

    fn shown(c: &LineChanges) -> Vec<String> {
        c.lines
            .iter()
            .map(|l| {
                let tag = match l.kind {
                    LineChange::Context => ' ',
                    LineChange::Removed => '-',
                    LineChange::Added => '+',
                };
                format!("{tag}{}", l.line)
            })
            .collect()
    }

    #[test]
    fn line_changes_number_removed_lines_in_the_old_text_and_the_rest_in_the_new() {
        let old = b"1\n2\n3\n4\n5\n6\n7\n8\n";
        let new = b"1\n2\n3\nX\n4\n5\nSIX\n7\n8\n";
        let c = line_changes(old, new, 1, 1, 1, 100);
        assert_eq!(shown(&c), [" 3", "+4", " 5", " 6", "-6", "+7", " 8"]);
        assert_eq!(
            (c.changed, c.omitted, c.first_line, c.last_line),
            (3, 0, 4, 7)
        );
        let c = line_changes(old, new, 1, 1, 0, 100);
        assert_eq!(shown(&c), ["+4", "-6", "+7"]);
    }

    #[test]
    fn line_changes_of_a_slice_are_numbered_from_its_first_line() {
        let c = line_changes(b"a\nb\nc\n", b"a\nB\nc\n", 10, 12, 1, 100);
        assert_eq!(shown(&c), [" 12", "-11", "+13", " 14"]);
    }

    #[test]
    fn line_changes_leave_out_changed_lines_past_the_cap() {
        let old: Vec<u8> = (0..50)
            .flat_map(|i| format!("{i}\n").into_bytes())
            .collect();
        let new: Vec<u8> = (0..50)
            .flat_map(|i| format!("{i};\n").into_bytes())
            .collect();
        let c = line_changes(&old, &new, 1, 1, 3, 10);
        assert_eq!(c.changed, 100);
        assert_eq!(c.omitted, 90);
        // A block rewritten shows some of what it was and some of what it is.
        assert_eq!(
            shown(&c),
            ["-1", "-2", "-3", "-4", "-5", "+1", "+2", "+3", "+4", "+5"]
        );
        assert_eq!((c.first_line, c.last_line), (1, 50));
    }

    #[test]
    fn line_changes_of_equal_texts_are_none() {
        assert_eq!(
            line_changes(b"a\nb", b"a\nb\n", 1, 1, 3, 10),
            LineChanges::default()
        );
    }

    #[test]
    fn a_removal_only_stands_before_the_line_after_it() {
        let c = line_changes(b"a\nb\nc\n", b"a\nc\n", 1, 1, 0, 10);
        assert_eq!(shown(&c), ["-2"]);
        assert_eq!((c.first_line, c.last_line), (2, 1));
    }

    #[test]
    fn line_changes_take_any_context_and_first_line_without_overflowing() {
        // "All the context there is" and line numbers at the end of the range: the sums
        // of the window saturate instead of overflowing (a panic in a debug build, a
        // wrong window in a release one).
        let c = line_changes(b"a\nb\nc\n", b"a\nB\nc\n", 1, 1, usize::MAX, usize::MAX);
        assert_eq!(shown(&c), [" 1", "-2", "+2", " 3"]);
        let far = usize::MAX - 1;
        let c = line_changes(b"a\nb\nc\n", b"a\nB\nc\n", far, far, 1, 10);
        assert_eq!(c.lines.len(), 4);
        assert!(c.lines.iter().all(|l| l.line >= far));
        assert_eq!(c.first_line, usize::MAX);
    }
}
