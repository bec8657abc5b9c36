//! Reading a patch: the apply_patch envelope or a unified diff, detected from the text.
//!
//! The text is split into lines at `\n`; a `\r` right before it belongs to the line
//! break, so a patch pasted from a Windows clipboard, or a `git diff` of a CRLF file,
//! reads like an LF one. A lone `\r` inside a line is a line break of the LF view, as
//! in an edit's text. Those line breaks never decide an existing file's endings (the
//! file's own do); they are kept only for an added file whose lines carry a real `\r`.
//!
//! Markers may carry whitespace around them where no hunk line can stand; the whole
//! patch may be wrapped in a Markdown code fence or a heredoc (`apply_patch <<'EOF'` …
//! `EOF`), perhaps after `cd DIR &&`, which makes DIR the folder of every path (`shell`).
//! Anything that cannot be read is `PATCH_INVALID` naming the line and what was
//! expected there.
//!
//! The two formats are read by `envelope` (Codex's and OpenCode's `*** Begin Patch`)
//! and `unified` (`diff -u`, `git diff`); what both need (lines, hunks, an added
//! file's content) is here.

mod envelope;
mod shell;
mod unified;

use crate::eol;
use crate::error::{Error, ErrorCode, Result};

use super::{Change, Hint, Hunk, Kind, NewContent, Patch};
use envelope::{parse_envelope, BEGIN};
pub(crate) use unified::link_entry_error;
use unified::parse_unified;

pub(super) const ENVELOPE_HINT: &str = "An apply_patch patch is `*** Begin Patch`, then sections `*** Add File: PATH` (every line after it starts with +), `*** Delete File: PATH` or `*** Update File: PATH` (optionally `*** Move to: PATH`, then hunks: an `@@` line, then lines starting with ' ' for context, '-' for removed, '+' for added), then `*** End Patch`.";
pub(super) const UNIFIED_HINT: &str = "A unified diff names each file with `--- a/PATH` and `+++ b/PATH` (or starts with `diff --git`), then hunks `@@ -l,n +l,n @@` whose lines start with ' ', '-' or '+'.";

/// One line of the patch text.
#[derive(Debug, Clone, Copy)]
pub(super) struct Line<'a> {
    /// The line without its break.
    text: &'a [u8],
    /// Its break: `\n`, `\r\n`, or empty for a last line without one.
    brk: &'a [u8],
    /// 1-based line number in the text as given.
    number: usize,
}

impl Line<'_> {
    fn trimmed(&self) -> &[u8] {
        self.text.trim_ascii()
    }

    fn is_blank(&self) -> bool {
        self.trimmed().is_empty()
    }

    fn shown(&self) -> String {
        let s = String::from_utf8_lossy(self.text);
        if s.chars().count() > 80 {
            format!("`{}…`", s.chars().take(80).collect::<String>())
        } else {
            format!("`{s}`")
        }
    }
}

fn split_lines(text: &[u8]) -> Vec<Line<'_>> {
    let mut out = Vec::new();
    let mut from = 0;
    for at in memchr::memchr_iter(b'\n', text) {
        let (body, brk) = match text[from..at].strip_suffix(b"\r") {
            Some(body) => (body, &text[at - 1..=at]),
            None => (&text[from..at], &text[at..=at]),
        };
        out.push(Line {
            text: body,
            brk,
            number: out.len() + 1,
        });
        from = at + 1;
    }
    if from < text.len() {
        out.push(Line {
            text: &text[from..],
            brk: b"",
            number: out.len() + 1,
        });
    }
    out
}

/// `PATCH_INVALID` at `line`.
pub(super) fn invalid(line: usize, what: impl AsRef<str>, hint: &'static str) -> Error {
    Error::new(
        ErrorCode::PatchInvalid,
        format!("Invalid patch, line {line}: {}", what.as_ref()),
    )
    .with_lines(vec![line as u32])
    .with_hint(hint)
}

/// Parses a patch in either format (docs/patches.md). No I/O.
pub fn parse(text: &[u8]) -> Result<Patch> {
    let all = split_lines(text);
    let (lines, cd) = shell::unwrap(&all)?;
    let Some(first) = lines.first() else {
        return Err(
            Error::new(ErrorCode::PatchInvalid, "Invalid patch: it is empty.")
                .with_hint(ENVELOPE_HINT),
        );
    };
    let mut patch = if first.trimmed() == BEGIN.as_bytes() {
        parse_envelope(lines)?
    } else {
        parse_unified(lines)?
    };
    if let Some(folder) = &cd {
        for file in &mut patch.files {
            file.path = shell::in_folder(folder, &file.path);
            if let Change::Move { to, .. } = &mut file.change {
                *to = shell::in_folder(folder, to);
            }
        }
    }
    patch.cd = cd;
    Ok(patch)
}

/// A hunk line's text (after its prefix) in the LF view: a lone `\r` in it starts
/// another line.
pub(super) fn push_hunk_lines(hunk: &mut Hunk, kind: Kind, text: &[u8]) {
    for piece in eol::to_lf(text).split(|&b| b == b'\n') {
        hunk.lines.push((kind, piece.to_vec()));
    }
}

/// `\ No newline at end of file` after the hunk's last line.
pub(super) fn mark_no_newline(hunk: &mut Hunk) {
    match hunk.lines.last().map(|l| l.0) {
        Some(Kind::Removed) => hunk.old_no_newline = true,
        Some(Kind::Added) => hunk.new_no_newline = true,
        Some(Kind::Context) => {
            hunk.old_no_newline = true;
            hunk.new_no_newline = true;
        }
        None => {}
    }
}

pub(super) fn new_hunk(line: usize) -> Hunk {
    Hunk {
        anchors: Vec::new(),
        headers: 0,
        hint: None,
        lines: Vec::new(),
        end_of_file: false,
        old_no_newline: false,
        new_no_newline: false,
        line,
    }
}

/// Reads `-l,n +l,n @@` (after the opening `@@`), or `None` when it is not that.
pub(super) fn parse_hint(rest: &[u8]) -> Option<Hint> {
    let rest = std::str::from_utf8(rest).ok()?.trim_start();
    let rest = rest.strip_prefix('-')?;
    let (old, rest) = rest.split_once(' ')?;
    let rest = rest.trim_start().strip_prefix('+')?;
    let (new, rest) = rest.split_once(' ').unwrap_or((rest, ""));
    if !rest.trim_start().starts_with("@@") {
        return None;
    }
    let range = |s: &str| -> Option<(u32, u32)> {
        match s.split_once(',') {
            Some((start, len)) => Some((start.parse().ok()?, len.parse().ok()?)),
            None => Some((s.parse().ok()?, 1)),
        }
    };
    let (old_start, old_len) = range(old)?;
    let (new_start, new_len) = range(new)?;
    Some(Hint {
        old_start,
        old_len,
        new_start,
        new_len,
    })
}

// ---------------------------------------------------------------------------
// The envelope

/// The text of an added file from its lines (text after the `+`, line break as in the
/// patch). `no_newline`: the last line has none.
pub(super) fn new_content(lines: &[(&[u8], &[u8])], no_newline: bool) -> NewContent {
    let own_endings = lines
        .iter()
        .any(|(text, brk)| brk.first() == Some(&b'\r') || text.contains(&b'\r'));
    // A last line without a break in the text (the very end of the patch) takes the
    // break of the lines before it.
    let usual: &[u8] = if own_endings { b"\r\n" } else { b"\n" };
    let mut bytes = Vec::new();
    for (i, (text, brk)) in lines.iter().enumerate() {
        bytes.extend_from_slice(text);
        let last = i + 1 == lines.len();
        if last && no_newline {
            break;
        }
        match (own_endings, brk.is_empty()) {
            (true, false) => bytes.extend_from_slice(brk),
            (true, true) => bytes.extend_from_slice(usual),
            (false, _) => bytes.push(b'\n'),
        }
    }
    NewContent { bytes, own_endings }
}

// ---------------------------------------------------------------------------
// Unified diffs

#[cfg(test)]
mod tests {
    use super::*;
    use crate::patch::{Action, Format};

    fn hunk_lines(h: &Hunk) -> Vec<String> {
        h.lines
            .iter()
            .map(|(k, t)| {
                let p = match k {
                    Kind::Context => ' ',
                    Kind::Removed => '-',
                    Kind::Added => '+',
                };
                format!("{p}{}", String::from_utf8_lossy(t))
            })
            .collect()
    }

    fn invalid_line(text: &str) -> (u32, String) {
        let e = parse(text.as_bytes()).unwrap_err();
        assert_eq!(e.code, ErrorCode::PatchInvalid, "{}", e.message);
        (e.lines[0], e.message.text())
    }

    #[test]
    fn reads_every_section_of_the_envelope() {
        let p = parse(
            b"*** Begin Patch\n*** Add File: new.txt\n+one\n+two\n*** Delete File: old.txt\n*** Update File: a.py\n*** Move to: b.py\n@@ def f():\n-    pass\n+    return 1\n*** End Patch\n",
        )
        .unwrap();
        assert_eq!(p.format, Format::Envelope);
        assert_eq!(p.files.len(), 3);
        assert_eq!(p.files[0].action(), Action::Add);
        assert_eq!(p.files[0].content().unwrap().bytes, b"one\ntwo\n");
        assert!(!p.files[0].content().unwrap().own_endings);
        assert_eq!(
            (p.files[1].action(), p.files[1].path.as_str()),
            (Action::Delete, "old.txt")
        );
        let u = &p.files[2];
        assert_eq!((u.action(), u.move_to()), (Action::Move, Some("b.py")));
        assert_eq!(u.hunks()[0].anchors, vec![b"def f():".to_vec()]);
        assert_eq!(hunk_lines(&u.hunks()[0]), ["-    pass", "+    return 1"]);
        assert_eq!(u.hunks()[0].line, 8);
    }

    #[test]
    fn first_hunk_may_lack_its_at_line_and_end_of_file_marks_it() {
        let p = parse(b"*** Begin Patch\n*** Update File: a\n x\n-y\n+z\n*** End of File\n@@\n q\n+r\n*** End Patch").unwrap();
        let h = &p.files[0].hunks();
        assert_eq!(h.len(), 2);
        assert!(h[0].end_of_file && !h[1].end_of_file);
        assert_eq!(h[0].old_text(), b"x\ny");
        assert_eq!(h[0].new_text(), b"x\nz");
    }

    #[test]
    fn several_at_lines_are_successive_anchors() {
        let p = parse(b"*** Begin Patch\n*** Update File: a\n@@ class A\n@@     def f(self):\n-x\n+y\n*** End Patch").unwrap();
        assert_eq!(
            p.files[0].hunks()[0].anchors,
            vec![b"class A".to_vec(), b"    def f(self):".to_vec()]
        );
    }

    #[test]
    fn markers_may_carry_whitespace_and_the_patch_a_heredoc_or_fence() {
        let text = "apply_patch <<'EOF'\n  *** Begin Patch  \n *** Update File: a.txt \n@@\n-a\n+b\n   *** End Patch\nEOF\n";
        let p = parse(text.as_bytes()).unwrap();
        assert_eq!(p.files[0].path, "a.txt");
        for wrapped in [
            "<<EOF\n*** Begin Patch\n*** Delete File: x\n*** End Patch\nEOF",
            "<<\"EOF\"\n*** Begin Patch\n*** Delete File: x\n*** End Patch\nEOF",
            "```diff\n*** Begin Patch\n*** Delete File: x\n*** End Patch\n```",
            "\n\n*** Begin Patch\n*** Delete File: x\n*** End Patch\n\n",
        ] {
            assert_eq!(
                parse(wrapped.as_bytes()).unwrap().files[0].path,
                "x",
                "{wrapped}"
            );
        }
    }

    #[test]
    fn crlf_patch_text_reads_like_lf_and_an_added_file_keeps_its_crlf() {
        let p = parse(b"*** Begin Patch\r\n*** Add File: n.txt\r\n+a\r\n+b\r\n*** Update File: u\r\n@@\r\n-x\r\n+y\r\n*** End Patch\r\n").unwrap();
        let c = p.files[0].content().unwrap();
        assert_eq!(c.bytes, b"a\r\nb\r\n");
        assert!(c.own_endings);
        assert_eq!(hunk_lines(&p.files[1].hunks()[0]), ["-x", "+y"]);
    }

    #[test]
    fn a_lone_cr_in_a_hunk_line_is_a_line_break_of_the_view() {
        let p =
            parse(b"*** Begin Patch\n*** Update File: u\n@@\n a\rb\n+c\n*** End Patch").unwrap();
        assert_eq!(hunk_lines(&p.files[0].hunks()[0]), [" a", " b", "+c"]);
    }

    #[test]
    fn blank_lines_inside_an_added_file_are_empty_lines() {
        let p = parse(b"*** Begin Patch\n*** Add File: n\n+a\n\n+b\n\n*** End Patch").unwrap();
        assert_eq!(p.files[0].content().unwrap().bytes, b"a\n\nb\n");
        let empty = parse(b"*** Begin Patch\n*** Add File: e\n*** End Patch").unwrap();
        assert_eq!(empty.files[0].content().unwrap().bytes, b"");
    }

    #[test]
    fn empty_lines_in_a_hunk_are_empty_context_lines() {
        let p =
            parse(b"*** Begin Patch\n*** Update File: u\n@@\n a\n\n-b\n+c\n*** End Patch").unwrap();
        assert_eq!(hunk_lines(&p.files[0].hunks()[0]), [" a", " ", "-b", "+c"]);
    }

    #[test]
    fn a_unified_header_inside_the_envelope_is_a_hint() {
        let p = parse(
            b"*** Begin Patch\n*** Update File: u\n@@ -3,2 +3,2 @@\n a\n-b\n+c\n*** End Patch",
        )
        .unwrap();
        let h = &p.files[0].hunks()[0];
        assert!(h.anchors.is_empty());
        assert_eq!(h.hint.unwrap().old_start, 3);
    }

    #[test]
    fn invalid_envelopes_name_the_line_and_what_was_expected() {
        let (line, msg) =
            invalid_line("*** Begin Patch\n*** Update File: a\n@@\nfoo\n*** End Patch");
        assert_eq!(line, 4);
        assert!(msg.contains("expected a hunk line"), "{msg}");
        let (line, msg) = invalid_line("*** Begin Patch\n*** Update File: a\n@@\n-x\n");
        assert_eq!(line, 5);
        assert!(msg.contains("*** End Patch"), "{msg}");
        let (line, _) = invalid_line("*** Begin Patch\n*** Frobnicate File: a\n*** End Patch");
        assert_eq!(line, 2);
        let (line, msg) = invalid_line("*** Begin Patch\n*** Update File: a\n*** End Patch");
        assert_eq!(line, 2);
        assert!(msg.contains("no hunks"), "{msg}");
        let (line, _) = invalid_line("*** Begin Patch\n*** Add File: \n*** End Patch");
        assert_eq!(line, 2);
        let (line, msg) = invalid_line("*** Begin Patch\n*** End Patch\ngarbage");
        assert_eq!(line, 3);
        assert!(msg.contains("after `*** End Patch`"), "{msg}");
        let (line, _) =
            invalid_line("*** Begin Patch\n*** Update File: a\n*** End of File\n*** End Patch");
        assert_eq!(line, 3);
        let (line, msg) = invalid_line("hello world");
        assert_eq!(line, 1);
        assert!(msg.contains("*** Begin Patch"), "{msg}");
        assert_eq!(parse(b"").unwrap_err().code, ErrorCode::PatchInvalid);
    }

    #[test]
    fn a_pure_move_needs_no_hunks() {
        let p =
            parse(b"*** Begin Patch\n*** Update File: a\n*** Move to: b\n*** End Patch").unwrap();
        assert_eq!(p.files[0].action(), Action::Move);
        assert!(p.files[0].hunks().is_empty());
    }

    #[test]
    fn reads_a_git_diff_with_every_kind_of_file() {
        let text = "\
diff --git a/src/a.txt b/src/a.txt
index 83db48f..bf269f4 100644
--- a/src/a.txt
+++ b/src/a.txt
@@ -1,3 +1,3 @@ fn main
 one
-two
+2
 three
diff --git a/new.txt b/new.txt
new file mode 100644
index 0000000..3b18e51
--- /dev/null
+++ b/new.txt
@@ -0,0 +1,2 @@
+hello
+world
\\ No newline at end of file
diff --git a/gone.txt b/gone.txt
deleted file mode 100644
--- a/gone.txt
+++ /dev/null
@@ -1 +0,0 @@
-bye
diff --git a/old name.txt b/new name.txt
similarity index 90%
rename from old name.txt
rename to new name.txt
--- a/old name.txt
+++ b/new name.txt
@@ -2 +2 @@
-x
+y
diff --git a/mode.sh b/mode.sh
old mode 100644
new mode 100755
";
        let p = parse(text.as_bytes()).unwrap();
        assert_eq!(p.format, Format::Unified);
        let f = &p.files;
        assert_eq!(f.len(), 4);
        assert_eq!(
            (f[0].action(), f[0].path.as_str()),
            (Action::Update, "src/a.txt")
        );
        let hint = f[0].hunks()[0].hint.unwrap();
        assert_eq!(
            (hint.old_start, hint.old_len, hint.new_start, hint.new_len),
            (1, 3, 1, 3)
        );
        assert_eq!(
            hunk_lines(&f[0].hunks()[0]),
            [" one", "-two", "+2", " three"]
        );
        assert_eq!(
            (f[1].action(), f[1].path.as_str()),
            (Action::Add, "new.txt")
        );
        assert_eq!(f[1].content().unwrap().bytes, b"hello\nworld");
        assert_eq!(
            (f[2].action(), f[2].path.as_str()),
            (Action::Delete, "gone.txt")
        );
        assert_eq!(
            (f[3].action(), f[3].path.as_str(), f[3].move_to()),
            (Action::Move, "old name.txt", Some("new name.txt"))
        );
    }

    #[test]
    fn reads_a_plain_diff_with_timestamps_and_no_newline_markers() {
        let text = "--- a.txt\t2024-01-01 10:00:00\n+++ a.txt\t2024-01-02 10:00:00\n@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+c\n";
        let p = parse(text.as_bytes()).unwrap();
        let h = &p.files[0].hunks()[0];
        assert_eq!(p.files[0].path, "a.txt");
        assert!(h.old_no_newline && !h.new_no_newline);
        assert_eq!(hunk_lines(h), [" a", "-b", "+c"]);
    }

    #[test]
    fn wrong_hunk_counts_are_only_hints() {
        // The header says one line; the hunk has three. A blank line inside is context.
        let text = "--- a/f\n+++ b/f\n@@ -1 +1 @@\n a\n\n-b\n+c\n--- a/g\n+++ b/g\n@@ -1,9 +1,9 @@\n-x\n+y\n";
        let p = parse(text.as_bytes()).unwrap();
        assert_eq!(hunk_lines(&p.files[0].hunks()[0]), [" a", " ", "-b", "+c"]);
        assert_eq!(hunk_lines(&p.files[1].hunks()[0]), ["-x", "+y"]);
    }

    #[test]
    fn a_commit_message_and_signature_around_a_diff_are_skipped() {
        let text = "From 1234 Mon Sep 17 00:00:00 2001\nSubject: [PATCH] fix\n\n---\n a | 2 +-\n\ndiff --git a/a b/a\n--- a/a\n+++ b/a\n@@ -1 +1 @@\n-x\n+y\n-- \n2.40.0\n";
        let p = parse(text.as_bytes()).unwrap();
        assert_eq!(p.files.len(), 1);
        assert_eq!(hunk_lines(&p.files[0].hunks()[0]), ["-x", "+y"]);
    }

    #[test]
    fn quoted_git_paths_are_unquoted() {
        let text = "diff --git \"a/t\\303\\244st.txt\" \"b/t\\303\\244st.txt\"\n--- \"a/t\\303\\244st.txt\"\n+++ \"b/t\\303\\244st.txt\"\n@@ -1 +1 @@\n-x\n+y\n";
        assert_eq!(
            parse(text.as_bytes()).unwrap().files[0].path,
            "t\u{e4}st.txt"
        );
    }

    #[test]
    fn invalid_diffs_name_the_line() {
        let (line, msg) = invalid_line("@@ -1 +1 @@\n-x\n+y\n");
        assert_eq!(line, 1);
        assert!(msg.contains("--- a/PATH"), "{msg}");
        let (line, msg) = invalid_line("--- a/f\n+++ b/f\n@@ -1,3 +1,3 @@\n x\n?y\n");
        assert_eq!(line, 5);
        assert!(msg.contains("expected a hunk line"), "{msg}");
        let (line, msg) =
            invalid_line("diff --git a/b.png b/b.png\nBinary files a/b.png and b/b.png differ\n");
        assert_eq!(line, 2);
        assert!(msg.contains("binary"), "{msg}");
    }

    #[test]
    fn a_new_file_in_a_crlf_diff_keeps_its_crlf() {
        let text = "--- /dev/null\r\n+++ b/n.bat\r\n@@ -0,0 +1,2 @@\r\n+@echo off\r\n+echo hi\r\n";
        let p = parse(text.as_bytes()).unwrap();
        let c = p.files[0].content().unwrap();
        assert_eq!(
            (p.files[0].path.as_str(), &c.bytes[..]),
            ("n.bat", &b"@echo off\r\necho hi\r\n"[..])
        );
        assert!(c.own_endings);
    }
}
