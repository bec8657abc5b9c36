//! The texts of tool results every front-end shows alike: a text cut to a budget where
//! a reader can take it ([`cut_text`]), a change's diff as the model reads it
//! ([`compact_diff`]) and the one-line summary a host shows for it
//! ([`change_summary`]), and the notes on an edit a lenient tier matched
//! ([`tier_notes`]).
//!
//! Budgets count UTF-16 code units, as a JavaScript string's `length` does, so that a
//! budget means the same in every binding (the tools' limits were set in JavaScript).

use eol_edit::Tier;
use unicode_segmentation::GraphemeCursor;

// The core's own V4A editor says these too: one copy, in the core.
pub use eol_edit::binding::{diff_body, diff_counts, plural, tier_note};

/// A diff of more lines than this is cut in what the model reads.
pub const DIFF_MAX_LINES: usize = 400;

/// A diff longer than this many UTF-16 units is cut in what the model reads.
pub const DIFF_MAX_UNITS: usize = 40_000;

/// How far (in UTF-16 units) a cut goes back to the start of a grapheme cluster: from
/// a longer cluster (a character under dozens of combining marks) the cut keeps part
/// of it, at a character.
const CLUSTER_BACK: usize = 32;

/// A text's length in UTF-16 units (JavaScript's `length`).
pub fn units(text: &str) -> usize {
    text.chars().map(char::len_utf16).sum()
}

/// The longest start of `text` of at most `max_units` UTF-16 units that a reader can
/// take: `text` itself when it fits; else it ends between two characters (never
/// between the halves of a surrogate pair, which a JSON API such as Anthropic's refuses
/// for the rest of the conversation), and not inside a grapheme cluster (a character
/// with its combining marks, a joined emoji, a flag) when the cluster starts at most
/// 32 units back.
///
/// ```
/// use eol_edit_tools::wording::cut_text;
///
/// assert_eq!(cut_text("abc", 5), "abc");
/// assert_eq!(cut_text("ab😀c", 3), "ab"); // 😀 is two units: half of it is not text
/// assert_eq!(cut_text("ae\u{301}x", 2), "a"); // the e keeps its accent
/// ```
pub fn cut_text(text: &str, max_units: usize) -> &str {
    let mut used = 0;
    let mut end = text.len();
    for (at, c) in text.char_indices() {
        used += c.len_utf16();
        if used > max_units {
            end = at;
            break;
        }
    }
    if end == text.len() || end == 0 {
        return &text[..end];
    }
    let mut cursor = GraphemeCursor::new(end, text.len(), true);
    if cursor.is_boundary(text, 0) != Ok(true) {
        if let Ok(Some(start)) = cursor.prev_boundary(text, 0) {
            if start > 0 && units(&text[start..end]) <= CLUSTER_BACK {
                end = start;
            }
        }
    }
    &text[..end]
}

/// A change's diff as the model reads it: without its header (the result names the
/// file), and when it has more than [`DIFF_MAX_LINES`] lines or [`DIFF_MAX_UNITS`]
/// units, its start, cut at a line, with a last line that says how many lines are not
/// shown and that `reader` (the tool that shows the file) shows the result.
///
/// ```
/// use eol_edit_tools::wording::compact_diff;
///
/// let diff = "--- a/a.txt\n+++ b/a.txt\n@@ -1 +1 @@\n-a\n+b\n";
/// assert_eq!(compact_diff(diff, "read_file"), "@@ -1 +1 @@\n-a\n+b");
/// ```
pub fn compact_diff(diff: &str, reader: &str) -> String {
    let body = diff_body(diff);
    let body = body.strip_suffix('\n').unwrap_or(body);
    if body.is_empty() {
        return String::new();
    }
    // Most diffs are short: their body as it is, without splitting it into lines.
    let line_count = body.bytes().filter(|&b| b == b'\n').count() + 1;
    if line_count <= DIFF_MAX_LINES && units(body) <= DIFF_MAX_UNITS {
        return body.to_string();
    }
    let mut lines: Vec<&str> = body.split('\n').collect();
    let mut cut = 0;
    if lines.len() > DIFF_MAX_LINES {
        cut = lines.len() - DIFF_MAX_LINES;
        lines.truncate(DIFF_MAX_LINES);
    }
    let mut text = lines.join("\n");
    if units(&text) > DIFF_MAX_UNITS {
        let kept = cut_text(&text, DIFF_MAX_UNITS);
        // Whole lines, unless the first line alone is over the budget.
        let kept = match kept.rfind('\n') {
            Some(at) if at > 0 => &kept[..at],
            _ => kept,
        };
        cut += lines.len() - kept.split('\n').count();
        text = kept.to_string();
    }
    if cut > 0 {
        text.push_str(&format!(
            "\n[diff cut: {} not shown; {reader} shows the result]",
            plural(cut, "more line")
        ));
    }
    text
}

/// The one-line summary a host shows for a change: `edit_file src/a.ts: +2 -1 lines`.
pub fn change_summary(tool: &str, path: &str, diff: &str) -> String {
    let (added, removed) = diff_counts(diff);
    let lines = if added + removed == 1 {
        "line"
    } else {
        "lines"
    };
    format!("{tool} {path}: +{added} -{removed} {lines}")
}

/// One note per edit a lenient tier matched (`multi`: naming the edit, `edit #2`), and
/// a last one that the other lines kept their bytes; none when every edit matched
/// exactly.
pub fn tier_notes(tiers: &[Tier], multi: bool) -> Vec<String> {
    let mut notes: Vec<String> = tiers
        .iter()
        .enumerate()
        .filter_map(|(i, &tier)| {
            let note = tier_note(tier)?;
            Some(if multi {
                format!("Note: edit #{} {note}.", i + 1)
            } else {
                format!("Note: {note}.")
            })
        })
        .collect();
    if !notes.is_empty() {
        notes.push("Lines you did not change kept their exact bytes; check the diff.".to_string());
    }
    notes
}

/// The note on an edit whose old text came with `read_file`'s line-number prefixes.
pub const PREFIX_NOTE: &str =
    "Note: the line-number prefixes (N\u{2502}) were removed from the old/new text before matching.";

/// `line 3`, `lines 3-5`, or nothing for a change at no line (`start` 0).
pub fn line_span(start: usize, end: usize) -> String {
    match start {
        0 => String::new(),
        _ if end > start => format!("lines {start}-{end}"),
        _ => format!("line {start}"),
    }
}

/// What an edit's result says of it, for its head line and notes.
#[derive(Debug, Clone, Copy)]
pub struct EditShown<'a> {
    /// How many edits the call made (multi_edit), or none (one edit).
    pub edits: Option<usize>,
    /// How many places were replaced.
    pub replacements: usize,
    /// The tier that matched each edit, in order.
    pub matched_by: &'a [Tier],
    /// The first and last changed line of the result (1-based; 0: none).
    pub start_line: usize,
    /// See `start_line`.
    pub end_line: usize,
}

/// The first line the model reads of an edit: `Edited a.ts: 1 replacement (matched by
/// exact), line 3.`, with `2 edits, ` first for a multi-edit and each tier named once.
///
/// ```
/// use eol_edit::Tier;
/// use eol_edit_tools::wording::{edit_head, EditShown};
///
/// let shown = EditShown { edits: Some(2), replacements: 2, matched_by: &[Tier::Exact, Tier::Exact], start_line: 3, end_line: 7 };
/// assert_eq!(edit_head("a.ts", &shown), "Edited a.ts: 2 edits, 2 replacements (matched by exact), lines 3-7.");
/// ```
pub fn edit_head(path: &str, shown: &EditShown<'_>) -> String {
    let mut head = format!("Edited {path}: ");
    if let Some(edits) = shown.edits {
        head.push_str(&plural(edits, "edit"));
        head.push_str(", ");
    }
    head.push_str(&plural(shown.replacements, "replacement"));
    let mut tiers: Vec<&str> = Vec::with_capacity(shown.matched_by.len());
    for tier in shown.matched_by {
        if !tiers.contains(&tier.as_str()) {
            tiers.push(tier.as_str());
        }
    }
    if !tiers.is_empty() {
        head.push_str(&format!(" (matched by {})", tiers.join(", ")));
    }
    let span = line_span(shown.start_line, shown.end_line);
    if !span.is_empty() {
        head.push_str(", ");
        head.push_str(&span);
    }
    head.push('.');
    head
}

/// What a tool that changed a file returns beside the core's result: the text the
/// model reads and the one-line summary a host shows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Changed {
    /// `head`, the notes, a `Warning: …` line per warning, then the diff as
    /// [`compact_diff`] shows it (unless kept from the model).
    pub data: String,
    /// [`change_summary`] of the change.
    pub summary: String,
}

/// What the model and the host are told of a change of one file by `tool`: `head` (the
/// first line), `notes`, the result's `warnings` (in the tools' words), and `diff`
/// without its header (cut when very long; none with `show_diff` false, the host still
/// gets it).
pub fn changed(
    tool: &str,
    path: &str,
    head: &str,
    notes: &[String],
    warnings: &[String],
    diff: &str,
    show_diff: bool,
) -> Changed {
    let mut data = String::from(head);
    for note in notes {
        data.push('\n');
        data.push_str(note);
    }
    for warning in warnings {
        data.push_str("\nWarning: ");
        data.push_str(warning);
    }
    if show_diff {
        let shown = compact_diff(diff, "read_file");
        if !shown.is_empty() {
            data.push('\n');
            data.push_str(&shown);
        }
    }
    Changed {
        data,
        summary: change_summary(tool, path, diff),
    }
}

/// What `edit_file` and `multi_edit` (and the shapes' edit tools) return for an edit:
/// [`edit_head`], a note for each edit a lenient tier matched ([`tier_notes`]) and for
/// pasted line-number prefixes ([`PREFIX_NOTE`]), the warnings, and the diff.
pub fn edited(
    tool: &str,
    path: &str,
    shown: &EditShown<'_>,
    warnings: &[String],
    diff: &str,
) -> Changed {
    let mut notes = tier_notes(shown.matched_by, shown.edits.is_some());
    if shown.matched_by.contains(&Tier::LineNumbers) {
        notes.push(PREFIX_NOTE.to_string());
    }
    changed(
        tool,
        path,
        &edit_head(path, shown),
        &notes,
        warnings,
        diff,
        true,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cut_never_splits_a_surrogate_pair_or_a_cluster_that_starts_near() {
        assert_eq!(cut_text("", 0), "");
        assert_eq!(cut_text("abc", 0), "");
        assert_eq!(cut_text("abc", 3), "abc");
        assert_eq!(cut_text("abc", 2), "ab");
        // 😀 is two units: a budget that ends inside it keeps what is before it.
        assert_eq!(cut_text("a😀b", 2), "a");
        assert_eq!(cut_text("a😀b", 3), "a😀");
        // A character with its combining marks, a joined emoji and a flag go whole.
        assert_eq!(cut_text("xe\u{301}\u{302}y", 3), "x");
        let family = "👨\u{200d}👩\u{200d}👧";
        assert_eq!(cut_text(&format!("a{family}b"), 4), "a");
        assert_eq!(cut_text("a🇫🇷b", 3), "a");
        // A cluster that starts at the very beginning, or too far back, is cut at a
        // character, as text is better than nothing.
        assert_eq!(cut_text("e\u{301}\u{301}", 2), "e\u{301}");
        let long = format!("a{}", "\u{301}".repeat(40));
        assert_eq!(units(cut_text(&long, 35)), 35);
        let far = format!("ab{}", "\u{301}".repeat(40));
        assert_eq!(
            cut_text(&far, 36),
            &far[..far.char_indices().nth(36).unwrap().0]
        );
        // CR LF is one cluster too.
        assert_eq!(cut_text("ab\r\nc", 3), "ab");
    }

    #[test]
    fn a_short_diff_is_its_body_and_a_long_one_is_cut_at_a_line_with_a_note() {
        assert_eq!(compact_diff("", "read_file"), "");
        assert_eq!(compact_diff("--- a/x\n+++ b/x\n", "read_file"), "");
        assert_eq!(
            compact_diff("@@ -1 +1 @@\n-a\n+b\n", "view"),
            "@@ -1 +1 @@\n-a\n+b"
        );
        let many: String = (0..500).map(|i| format!("+{i}\n")).collect();
        let shown = compact_diff(&format!("--- a/x\n+++ b/x\n{many}"), "view");
        assert_eq!(shown.lines().count(), 401);
        assert!(shown.starts_with("+0\n+1\n"));
        assert!(
            shown.ends_with("+399\n[diff cut: 100 more lines not shown; view shows the result]")
        );
        // Over the size budget: whole lines, then the note.
        let wide = format!("+{}\n", "x".repeat(30_000));
        let shown = compact_diff(&wide.repeat(3), "read_file");
        assert_eq!(
            units(&shown),
            30_001 + "\n[diff cut: 2 more lines not shown; read_file shows the result]".len()
        );
        assert!(shown.ends_with("[diff cut: 2 more lines not shown; read_file shows the result]"));
    }

    #[test]
    fn a_first_line_over_the_budget_is_cut_at_a_character_never_inside_an_emoji() {
        // The budget ends inside the emoji: the cut keeps neither half.
        let line = format!("+{}😀{}", "a".repeat(DIFF_MAX_UNITS - 2), "b".repeat(10));
        let shown = compact_diff(&format!("{line}\n+next\n"), "read_file");
        let (kept, note) = shown.split_once('\n').unwrap();
        assert_eq!(kept, &line[..DIFF_MAX_UNITS - 1]);
        assert_eq!(
            note,
            "[diff cut: 1 more line not shown; read_file shows the result]"
        );
    }

    #[test]
    fn counts_and_summary_read_the_body_only() {
        let diff = "--- a/x\n+++ b/x\n@@ -1,2 +1,2 @@\n-a\n+b\n c\n";
        assert_eq!(diff_counts(diff), (1, 1));
        assert_eq!(
            change_summary("edit_file", "x", diff),
            "edit_file x: +1 -1 lines"
        );
        assert_eq!(
            change_summary("write_file", "x", "+a\n"),
            "write_file x: +1 -0 line"
        );
        assert_eq!(
            change_summary("write_file", "x", ""),
            "write_file x: +0 -0 lines"
        );
    }

    #[test]
    fn a_lenient_match_gets_a_note_and_an_exact_one_none() {
        assert!(tier_notes(&[Tier::Exact, Tier::LineNumbers], true).is_empty());
        assert_eq!(
            tier_notes(&[Tier::Exact, Tier::TrailingWhitespace], true),
            [
                "Note: edit #2 matched only after ignoring trailing spaces/tabs.",
                "Lines you did not change kept their exact bytes; check the diff.",
            ]
        );
        assert_eq!(
            tier_notes(&[Tier::Unescaped], false)[0],
            r#"Note: matched only after turning literal escape sequences (\n, \t, \") into real characters."#
        );
    }

    #[test]
    fn an_edit_reads_as_its_head_notes_warnings_and_diff() {
        assert_eq!(line_span(0, 0), "");
        assert_eq!(line_span(4, 4), "line 4");
        assert_eq!(line_span(4, 6), "lines 4-6");
        let one = EditShown {
            edits: None,
            replacements: 1,
            matched_by: &[Tier::Exact],
            start_line: 3,
            end_line: 3,
        };
        assert_eq!(
            edit_head("a.ts", &one),
            "Edited a.ts: 1 replacement (matched by exact), line 3."
        );
        let none = EditShown {
            matched_by: &[],
            start_line: 0,
            replacements: 0,
            ..one
        };
        assert_eq!(edit_head("a.ts", &none), "Edited a.ts: 0 replacements.");
        let diff = "--- a/a.ts\n+++ b/a.ts\n@@ -3 +3 @@\n-a\n+b\n";
        let multi = EditShown {
            edits: Some(2),
            replacements: 2,
            matched_by: &[Tier::LineNumbers, Tier::TrailingWhitespace],
            start_line: 3,
            end_line: 9,
        };
        let r = edited("multi_edit", "a.ts", &multi, &["it was odd".into()], diff);
        assert_eq!(
            r.data,
            [
                "Edited a.ts: 2 edits, 2 replacements (matched by lineNumbers, trailingWhitespace), lines 3-9.",
                "Note: edit #2 matched only after ignoring trailing spaces/tabs.",
                "Lines you did not change kept their exact bytes; check the diff.",
                PREFIX_NOTE,
                "Warning: it was odd",
                "@@ -3 +3 @@\n-a\n+b",
            ]
            .join("\n")
        );
        assert_eq!(r.summary, "multi_edit a.ts: +1 -1 lines");
        assert!(PREFIX_NOTE.contains('\u{2502}'));
        let hidden = changed("write_file", "a.ts", "Wrote a.ts.", &[], &[], diff, false);
        assert_eq!(hidden.data, "Wrote a.ts.");
        assert_eq!(hidden.summary, "write_file a.ts: +1 -1 lines");
    }
}
