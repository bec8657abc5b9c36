//! Failures that explain themselves to a model.
//!
//! When `oldText` is not found, the most useful answer is where it almost is and what
//! differs there: tabs for spaces, curly quotes, trailing spaces, a missing line. A
//! model that reads this fixes its text in one retry instead of re-reading the file.

use std::collections::HashMap;
use std::time::Duration;

use similar::{DiffOp, TextDiff};

use crate::error::{Error, ErrorCode};
use crate::matching::{fold, indent_len, trim_end, Lines};

/// How many differences a message lists at most.
const MAX_DIFFERENCES: usize = 4;
/// Lines scanned for a fuzzy closest line when no line matches loosely.
const FUZZY_SCAN_LIMIT: usize = 20_000;

/// The hint every `TEXT_NOT_FOUND` carries.
pub const NOT_FOUND_HINT: &str = "Copy old_text exactly as read_file shows it (without line-number prefixes), write line breaks as \\n, and add a line of context if needed.";

/// A line with all whitespace removed and look-alikes folded: the loosest key.
fn loose_key(line: &[u8]) -> Vec<u8> {
    fold(line)
        .iter()
        .copied()
        .filter(|b| !b.is_ascii_whitespace())
        .collect()
}

fn show(line: &[u8]) -> String {
    let s = String::from_utf8_lossy(line);
    let s = s.trim();
    if s.chars().count() > 60 {
        format!("`{}…`", s.chars().take(60).collect::<String>())
    } else {
        format!("`{s}`")
    }
}

/// The start of the file window that shares the most loose lines with `old`.
fn best_window(lines: &Lines<'_>, old: &[&[u8]]) -> Option<usize> {
    let mut wanted: HashMap<Vec<u8>, Vec<usize>> = HashMap::new();
    for (i, l) in old.iter().enumerate() {
        let key = loose_key(l);
        if !key.is_empty() {
            wanted.entry(key).or_default().push(i);
        }
    }
    let mut votes: HashMap<usize, usize> = HashMap::new();
    for f in 0..lines.len() {
        if let Some(at) = wanted.get(&loose_key(lines.line(f))) {
            for &i in at {
                if f >= i {
                    *votes.entry(f - i).or_default() += 1;
                }
            }
        }
    }
    if let Some(best) = votes.iter().max_by(|a, b| a.1.cmp(b.1).then(b.0.cmp(a.0))) {
        return Some(*best.0);
    }
    // Nothing matches even loosely: the line most like the first non-blank old line.
    let (idx, probe) = old
        .iter()
        .enumerate()
        .find(|(_, l)| !loose_key(l).is_empty())?;
    let probe = String::from_utf8_lossy(probe);
    let mut best: Option<(f32, usize)> = None;
    for f in 0..lines.len().min(FUZZY_SCAN_LIMIT) {
        let line = String::from_utf8_lossy(lines.line(f));
        let ratio = TextDiff::from_chars(probe.trim(), line.trim()).ratio();
        if ratio >= 0.5 && best.is_none_or(|(r, _)| ratio > r) {
            best = Some((ratio, f));
        }
    }
    best.map(|(_, f)| f.saturating_sub(idx))
}

/// What differs between a file line and an old line that are loosely equal.
fn describe_pair(line_no: usize, file: &[u8], old: &[u8]) -> Option<String> {
    if file == old {
        return None;
    }
    let (fi, oi) = (indent_len(file), indent_len(old));
    let (f_ind, o_ind) = (&file[..fi], &old[..oi]);
    if f_ind != o_ind {
        let tabs = |s: &[u8]| s.contains(&b'\t');
        return Some(match (tabs(f_ind), tabs(o_ind)) {
            (true, false) => {
                format!("line {line_no}: the file indents with tabs, old_text with spaces")
            }
            (false, true) => {
                format!("line {line_no}: the file indents with spaces, old_text with tabs")
            }
            _ => format!(
                "line {line_no}: indentation differs (file {} chars, old_text {})",
                fi, oi
            ),
        });
    }
    if trim_end(file) == trim_end(old) {
        return Some(format!("line {line_no}: trailing whitespace differs"));
    }
    if fold(file) == fold(old) {
        let (f, o) = (String::from_utf8_lossy(file), String::from_utf8_lossy(old));
        let differ = f.chars().zip(o.chars()).find(|(a, b)| a != b);
        return Some(match differ {
            Some((a, b)) => format!(
                "line {line_no}: the file has {a:?} (U+{:04X}) where old_text has {b:?} (U+{:04X})",
                a as u32, b as u32
            ),
            None => format!("line {line_no}: Unicode form differs"),
        });
    }
    Some(format!("line {line_no}: spacing inside the line differs"))
}

/// Builds the `TEXT_NOT_FOUND` error for `old_lf` (LF view) in a file's LF view.
pub fn not_found(lines: &Lines<'_>, old_lf: &[u8]) -> Error {
    let body = old_lf.strip_suffix(b"\n").unwrap_or(old_lf);
    let old: Vec<&[u8]> = body.split(|&b| b == b'\n').collect();
    let base = Error::new(
        ErrorCode::TextNotFound,
        "old_text was not found in the file.",
    )
    .with_hint(NOT_FOUND_HINT);
    if lines.is_empty() {
        return Error::new(
            ErrorCode::TextNotFound,
            "old_text was not found: the file is empty.",
        )
        .with_hint("Use writeFile to give an empty file its content.");
    }
    let Some(start) = best_window(lines, &old) else {
        return base;
    };
    // Twice old_text's length, so file lines old_text lacks do not push its last lines
    // out of view; the window is then cut after the last line that lines up.
    let wide_end = (start + 2 * old.len()).min(lines.len());
    let window: Vec<&[u8]> = (start..wide_end).map(|i| lines.line(i)).collect();
    let mut differences = Vec::new();
    let keys = |ls: &[&[u8]]| ls.iter().map(|l| loose_key(l)).collect::<Vec<_>>();
    let (wk, ok) = (keys(&window), keys(&old));
    let mut ops = crate::align::line_ops(&wk, &ok, Duration::from_millis(300));
    let kept = ops
        .iter()
        .rposition(|op| !matches!(op, DiffOp::Delete { .. }))
        .map_or(0, |i| i + 1);
    ops.truncate(kept);
    let used = ops
        .iter()
        .map(|op| op.old_range().end)
        .max()
        .unwrap_or(0)
        .max(1);
    let end = start + used.min(window.len());
    let window = &window[..end - start];
    for op in ops {
        match op {
            DiffOp::Equal {
                old_index,
                new_index,
                len,
            } => {
                for k in 0..len {
                    let (f, o) = (window[old_index + k], old[new_index + k]);
                    differences.extend(describe_pair(start + old_index + k + 1, f, o));
                }
            }
            DiffOp::Delete {
                old_index, old_len, ..
            } => {
                for k in 0..old_len {
                    differences.push(format!(
                        "line {}: the file has {} here, old_text lacks it",
                        start + old_index + k + 1,
                        show(window[old_index + k])
                    ));
                }
            }
            DiffOp::Insert {
                old_index,
                new_index,
                new_len,
            } => {
                for k in 0..new_len {
                    differences.push(format!(
                        "near line {}: old_text has {}, the file does not",
                        start + old_index + 1,
                        show(old[new_index + k])
                    ));
                }
            }
            DiffOp::Replace {
                old_index,
                old_len,
                new_index,
                new_len,
            } => {
                for k in 0..old_len.min(new_len) {
                    differences.push(format!(
                        "line {}: the file has {}, old_text has {}",
                        start + old_index + k + 1,
                        show(window[old_index + k]),
                        show(old[new_index + k])
                    ));
                }
            }
        }
    }
    let window_text = String::from_utf8_lossy(&window.join(&b'\n')).into_owned();
    let old_text = String::from_utf8_lossy(body).into_owned();
    let similarity = (TextDiff::configure()
        .timeout(Duration::from_millis(200))
        .diff_chars(&window_text, &old_text)
        .ratio()
        * 100.0)
        .round() as u32;
    let shown: Vec<String> = differences.iter().take(MAX_DIFFERENCES).cloned().collect();
    let more = differences.len().saturating_sub(MAX_DIFFERENCES);
    let mut message = format!(
        "old_text was not found in the file. Closest match: lines {}-{} ({}% similar).",
        start + 1,
        end,
        similarity
    );
    if !shown.is_empty() {
        message.push_str(" Differences: ");
        message.push_str(&shown.join("; "));
        if more > 0 {
            message.push_str(&format!("; and {more} more"));
        }
        message.push('.');
    }
    Error::new(ErrorCode::TextNotFound, message)
        .with_lines(((start + 1) as u32..=end as u32).collect())
        .with_hint(NOT_FOUND_HINT)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn explain(file: &str, old: &str) -> Error {
        not_found(&Lines::new(file.as_bytes()), old.as_bytes())
    }

    #[test]
    fn names_tabs_versus_spaces_in_the_closest_region() {
        let e = explain(
            "a\nfn x() {\n\treturn 1;\n}\n",
            "fn x() {\n    return 2;\n}",
        );
        assert_eq!(e.code, ErrorCode::TextNotFound);
        assert!(e.message.contains("lines 2-4"), "{}", e.message);
        assert!(e.message.contains("line 3"), "{}", e.message);
        assert_eq!(e.lines, vec![2, 3, 4]);
    }

    #[test]
    fn names_quote_characters() {
        let e = explain("x\nsay(\u{2018}hi\u{2019}) + y\n", "say('hi') + z");
        assert!(e.message.contains("line 2"), "{}", e.message);
    }

    #[test]
    fn names_a_missing_line() {
        let e = explain("a\nb\nc\nd\n", "a\nb\nX\nc\nd");
        assert!(e.message.contains("old_text has `X`"), "{}", e.message);
    }

    #[test]
    fn names_an_extra_file_line_and_keeps_the_whole_region() {
        let e = explain("a\nb\nX\nc\nd\n", "a\nb\nc\nd");
        assert!(e.message.contains("lines 1-5"), "{}", e.message);
        assert!(
            e.message.contains("line 3: the file has `X`"),
            "{}",
            e.message
        );
        assert!(!e.message.contains("old_text has `d`"), "{}", e.message);
        assert_eq!(e.lines, vec![1, 2, 3, 4, 5]);
    }

    #[test]
    fn names_trailing_whitespace() {
        let e = explain("a \nb\n", "a  \nbb");
        assert!(e.message.contains("trailing whitespace"), "{}", e.message);
    }
}
