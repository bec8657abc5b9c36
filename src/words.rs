//! Words of tool results that the core's own V4A editor (`patch::v4a`) and the
//! tool layers of both bindings (eol-edit-tools, through the `binding` module) say
//! alike: a count with its noun, a diff's added and removed lines, and the note on a
//! match a lenient tier made.

use crate::matching::Tier;

/// `1 line`, `2 lines`: `n word`, with an `s` unless `n` is 1.
pub fn plural(n: usize, word: &str) -> String {
    format!("{n} {word}{}", if n == 1 { "" } else { "s" })
}

/// A unified diff without its `---`/`+++` header lines (those before the first hunk).
pub fn diff_body(diff: &str) -> &str {
    let mut body = diff;
    while body.starts_with("--- ") || body.starts_with("+++ ") {
        body = body.split_once('\n').map_or("", |(_, rest)| rest);
    }
    body
}

/// The lines a unified diff adds and removes, `(added, removed)`: its `---`/`+++`
/// header (before the first hunk) left out, so that a removed line that reads `-- x`
/// (`--- x` in the diff) counts.
pub fn diff_counts(diff: &str) -> (usize, usize) {
    let (mut added, mut removed) = (0, 0);
    for line in diff_body(diff).split('\n') {
        match line.as_bytes().first() {
            Some(b'+') => added += 1,
            Some(b'-') => removed += 1,
            _ => {}
        }
    }
    (added, removed)
}

/// What the model is told of an edit (or a hunk) a lenient tier matched, to check the
/// diff: none for `exact`, and none for `lineNumbers`, whose note says what was taken
/// off.
pub fn tier_note(tier: Tier) -> Option<&'static str> {
    Some(match tier {
        Tier::Unicode => {
            "matched only after folding Unicode look-alikes (curly quotes, dashes, non-breaking spaces)"
        }
        Tier::TrailingWhitespace => "matched only after ignoring trailing spaces/tabs",
        Tier::InnerWhitespace => {
            "matched only after reading runs of spaces/tabs inside lines as one space"
        }
        Tier::Indentation => {
            "matched only after adjusting indentation (tabs vs spaces or a uniform shift); the new text was re-indented the same way"
        }
        Tier::Unescaped => {
            "matched only after turning literal escape sequences (\\n, \\t, \\\") into real characters"
        }
        Tier::LeadingWhitespace => {
            "matched only after ignoring each line's own indentation (it differs from line to line, so no one shift explains it); the new lines were written as given: check their indentation"
        }
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_read_the_body_only_and_a_header_like_line_in_it_counts() {
        assert_eq!(plural(1, "line"), "1 line");
        assert_eq!(plural(0, "line"), "0 lines");
        let diff = "--- a/x\n+++ b/x\n@@ -1,2 +1,2 @@\n-a\n+b\n c\n";
        assert_eq!(diff_counts(diff), (1, 1));
        assert_eq!(
            diff_counts("--- a/x\n+++ b/x\n@@ -1 +1 @@\n--- x\n+++ y\n"),
            (1, 1)
        );
        assert_eq!(diff_counts(""), (0, 0));
        assert_eq!(
            diff_body("--- a/x\n+++ b/x\n@@ -1 +1 @@\n--- x\n"),
            "@@ -1 +1 @@\n--- x\n"
        );
        assert_eq!(diff_body("--- a/x"), "");
        assert_eq!(tier_note(Tier::Exact), None);
        assert_eq!(tier_note(Tier::LineNumbers), None);
        assert!(tier_note(Tier::Unescaped)
            .unwrap()
            .contains(r#"(\n, \t, \")"#));
    }
}
