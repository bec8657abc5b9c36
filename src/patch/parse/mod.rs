//! Reading a patch: the apply_patch envelope or a unified diff, detected from the text.
//!
//! The text is split into lines at `\n`; a `\r` right before it belongs to the line
//! break, so a patch pasted from a Windows clipboard, or a `git diff` of a CRLF file,
//! reads like an LF one. A lone `\r` inside a line is a line break of the LF view, as
//! in an edit's text. Those line breaks never decide an existing file's endings (the
//! file's own do); they are kept only for an added file whose lines carry a real `\r`.
//!
//! Markers may carry whitespace around them; the whole patch may be wrapped in a
//! heredoc (`<<'EOF'` … `EOF`, with or without a command before it) or a Markdown code
//! fence, as models sometimes send it. Anything that cannot be read is `PATCH_INVALID`
//! naming the line and what was expected there.
//!
//! A unified hunk ends when its `@@` counts are used up, as git reads it (wrong counts
//! are tolerated, see [`hunks`]); a traditional diff's file is chosen among its two
//! names as git chooses it; and what git refuses in a `diff --git` header (names that
//! disagree, a section that both creates and renames), like every symbolic-link entry
//! (mode 120000) and gitlink (160000), and a `new file mode` hunk with old lines or a
//! deleted file's with new ones, is refused with the section's `fileIndex`.

use crate::eol;
use crate::error::{Error, ErrorCode, Result};

use super::{Action, FilePatch, Format, Hint, Hunk, Kind, NewContent, Patch};

const BEGIN: &str = "*** Begin Patch";
const END: &str = "*** End Patch";
const ADD: &str = "*** Add File:";
const DELETE: &str = "*** Delete File:";
const UPDATE: &str = "*** Update File:";
const MOVE: &str = "*** Move to:";
const END_OF_FILE: &str = "*** End of File";

const ENVELOPE_HINT: &str = "An apply_patch patch is `*** Begin Patch`, then sections `*** Add File: PATH` (every line after it starts with +), `*** Delete File: PATH` or `*** Update File: PATH` (optionally `*** Move to: PATH`, then hunks: an `@@` line, then lines starting with ' ' for context, '-' for removed, '+' for added), then `*** End Patch`.";
const UNIFIED_HINT: &str = "A unified diff names each file with `--- a/PATH` and `+++ b/PATH` (or starts with `diff --git`), then hunks `@@ -l,n +l,n @@` whose lines start with ' ', '-' or '+'.";

/// One line of the patch text.
#[derive(Debug, Clone, Copy)]
struct Line<'a> {
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
fn invalid(line: usize, what: impl AsRef<str>, hint: &'static str) -> Error {
    Error::new(
        ErrorCode::PatchInvalid,
        format!("Invalid patch, line {line}: {}", what.as_ref()),
    )
    .with_lines(vec![line as u32])
    .with_hint(hint)
}

/// Parses a patch in either format (README, "Patches"). No I/O.
pub fn parse(text: &[u8]) -> Result<Patch> {
    let all = split_lines(text);
    let lines = unwrap(&all);
    let Some(first) = lines.first() else {
        return Err(
            Error::new(ErrorCode::PatchInvalid, "Invalid patch: it is empty.")
                .with_hint(ENVELOPE_HINT),
        );
    };
    if first.trimmed() == BEGIN.as_bytes() {
        return Envelope { lines, at: 1 }.parse();
    }
    parse_unified(lines)
}

/// The lines of the patch proper: without blank lines around it, a Markdown fence or a
/// heredoc wrapper.
fn unwrap<'a, 'b>(all: &'b [Line<'a>]) -> &'b [Line<'a>] {
    let mut lines = trim_blank(all);
    if let (Some(first), Some(last)) = (lines.first(), lines.last()) {
        if lines.len() >= 2 && first.trimmed().starts_with(b"```") && last.trimmed() == b"```" {
            lines = trim_blank(&lines[1..lines.len() - 1]);
        }
    }
    if let (Some(first), Some(last)) = (lines.first(), lines.last()) {
        if let Some(word) = heredoc_word(first.trimmed()) {
            if lines.len() >= 2 && last.trimmed() == word {
                lines = trim_blank(&lines[1..lines.len() - 1]);
            }
        }
    }
    lines
}

/// Without blank lines before and empty lines after: a last line of spaces may be a
/// unified diff's empty context line.
fn trim_blank<'a, 'b>(lines: &'b [Line<'a>]) -> &'b [Line<'a>] {
    let start = lines
        .iter()
        .position(|l| !l.is_blank())
        .unwrap_or(lines.len());
    let end = lines
        .iter()
        .rposition(|l| !l.text.is_empty())
        .map_or(start, |i| i + 1);
    &lines[start..end.max(start)]
}

/// The delimiter of a heredoc opener at the end of a line (`<<'EOF'`, `<<"EOF"`,
/// `<<EOF`, `<<-EOF`), with or without a command before it.
fn heredoc_word(line: &[u8]) -> Option<&[u8]> {
    let at = memchr::memmem::rfind(line, b"<<")?;
    if at > 0 && !line[at - 1].is_ascii_whitespace() {
        return None;
    }
    let mut rest = &line[at + 2..];
    rest = rest.strip_prefix(b"-").unwrap_or(rest).trim_ascii_start();
    let word = match rest.first() {
        Some(&q @ (b'\'' | b'"')) => rest[1..].strip_suffix(&[q])?,
        _ => rest,
    };
    let ok = !word.is_empty()
        && word
            .iter()
            .all(|&b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-');
    ok.then_some(word)
}

fn path_of(line: &Line<'_>, rest: &[u8], marker: &str, hint: &'static str) -> Result<String> {
    let path = rest.trim_ascii();
    if path.is_empty() {
        return Err(invalid(
            line.number,
            format!("expected a path after `{marker}`."),
            hint,
        ));
    }
    String::from_utf8(path.to_vec())
        .map_err(|_| invalid(line.number, "the path is not valid UTF-8.", hint))
}

/// A hunk line's text (after its prefix) in the LF view: a lone `\r` in it starts
/// another line.
fn push_hunk_lines(hunk: &mut Hunk, kind: Kind, text: &[u8]) {
    for piece in eol::to_lf(text).split(|&b| b == b'\n') {
        hunk.lines.push((kind, piece.to_vec()));
    }
}

/// `\ No newline at end of file` after the hunk's last line.
fn mark_no_newline(hunk: &mut Hunk) {
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

/// The hunk has no lines but blank ones (or none): nothing to find or change.
fn only_blank(hunk: &Hunk) -> bool {
    hunk.lines
        .iter()
        .all(|(kind, text)| *kind == Kind::Context && text.is_empty())
}

fn new_hunk(line: usize) -> Hunk {
    Hunk {
        anchors: Vec::new(),
        hint: None,
        lines: Vec::new(),
        end_of_file: false,
        old_no_newline: false,
        new_no_newline: false,
        line,
    }
}

/// Reads `-l,n +l,n @@` (after the opening `@@`), or `None` when it is not that.
fn parse_hint(rest: &[u8]) -> Option<Hint> {
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

struct Envelope<'a, 'b> {
    lines: &'b [Line<'a>],
    at: usize,
}

/// A file-level marker of the envelope, on a trimmed line.
fn file_marker(trimmed: &[u8]) -> bool {
    trimmed == END.as_bytes()
        || trimmed.starts_with(ADD.as_bytes())
        || trimmed.starts_with(DELETE.as_bytes())
        || trimmed.starts_with(UPDATE.as_bytes())
}

impl<'a> Envelope<'a, '_> {
    fn peek(&self) -> Option<Line<'a>> {
        self.lines.get(self.at).copied()
    }

    fn fail(&self, line: usize, what: impl AsRef<str>) -> Error {
        invalid(line, what, ENVELOPE_HINT)
    }

    fn parse(mut self) -> Result<Patch> {
        let mut files = Vec::new();
        loop {
            let Some(line) = self.peek() else {
                let after = self.lines.last().map_or(1, |l| l.number + 1);
                return Err(self.fail(
                    after,
                    "the patch ends without `*** End Patch`. Expected it as the last line.",
                ));
            };
            let trimmed = line.trimmed();
            self.at += 1;
            if trimmed.is_empty() {
                continue;
            }
            if trimmed == END.as_bytes() {
                if let Some(extra) = self.lines[self.at..].iter().find(|l| !l.is_blank()) {
                    return Err(self.fail(
                        extra.number,
                        format!(
                            "unexpected {} after `*** End Patch`, which must be the last line.",
                            extra.shown()
                        ),
                    ));
                }
                if files.is_empty() {
                    return Err(self.fail(
                        line.number,
                        "the patch has no sections: expected `*** Add File: PATH`, `*** Delete File: PATH` or `*** Update File: PATH` before `*** End Patch`.",
                    ));
                }
                break;
            }
            if let Some(rest) = trimmed.strip_prefix(ADD.as_bytes()) {
                let path = path_of(&line, rest, ADD, ENVELOPE_HINT)?;
                files.push(self.add(path, line.number));
            } else if let Some(rest) = trimmed.strip_prefix(DELETE.as_bytes()) {
                let path = path_of(&line, rest, DELETE, ENVELOPE_HINT)?;
                files.push(FilePatch {
                    action: Action::Delete,
                    path,
                    move_to: None,
                    hunks: Vec::new(),
                    content: None,
                    old_empty: false,
                    link_line: None,
                    line: line.number,
                });
            } else if let Some(rest) = trimmed.strip_prefix(UPDATE.as_bytes()) {
                let path = path_of(&line, rest, UPDATE, ENVELOPE_HINT)?;
                files.push(self.update(path, line.number)?);
            } else {
                return Err(self.fail(
                    line.number,
                    format!(
                        "expected `*** Add File: PATH`, `*** Delete File: PATH`, `*** Update File: PATH` or `*** End Patch`, but found {}.",
                        line.shown()
                    ),
                ));
            }
        }
        Ok(Patch {
            format: Format::Envelope,
            files,
        })
    }

    /// `*** Add File`: the `+` lines after it. Blank lines among them are empty lines of
    /// the file; blank lines after the last one only separate sections.
    fn add(&mut self, path: String, number: usize) -> FilePatch {
        let mut taken: Vec<(&[u8], &[u8])> = Vec::new();
        while let Some(line) = self.peek() {
            if let Some(text) = line.text.strip_prefix(b"+") {
                taken.push((text, line.brk));
                self.at += 1;
                continue;
            }
            if line.text.is_empty() {
                let next = self.lines[self.at..].iter().find(|l| !l.text.is_empty());
                if next.is_some_and(|l| l.text.starts_with(b"+")) {
                    taken.push((b"", line.brk));
                    self.at += 1;
                    continue;
                }
            }
            break;
        }
        FilePatch {
            action: Action::Add,
            path,
            move_to: None,
            hunks: Vec::new(),
            content: Some(new_content(&taken, false)),
            old_empty: false,
            link_line: None,
            line: number,
        }
    }

    /// `*** Update File`: an optional `*** Move to`, then hunks.
    fn update(&mut self, path: String, number: usize) -> Result<FilePatch> {
        let mut move_to = None;
        if let Some(line) = self.peek() {
            if let Some(rest) = line.trimmed().strip_prefix(MOVE.as_bytes()) {
                move_to = Some(path_of(&line, rest, MOVE, ENVELOPE_HINT)?);
                self.at += 1;
            }
        }
        let mut hunks: Vec<Hunk> = Vec::new();
        let mut current: Option<Hunk> = None;
        while let Some(line) = self.peek() {
            let trimmed = line.trimmed();
            if file_marker(trimmed) {
                break;
            }
            self.at += 1;
            if trimmed == END_OF_FILE.as_bytes() {
                match current.take() {
                    Some(mut hunk) if !only_blank(&hunk) => {
                        hunk.end_of_file = true;
                        hunks.push(hunk);
                    }
                    _ => {
                        return Err(self.fail(
                            line.number,
                            "`*** End of File` must come after the lines of a hunk.",
                        ))
                    }
                }
                continue;
            }
            if trimmed.starts_with(MOVE.as_bytes()) {
                return Err(self.fail(
                    line.number,
                    "`*** Move to:` must come right after `*** Update File:`.",
                ));
            }
            if let Some(rest) = trimmed.strip_prefix(b"@@") {
                let hunk = match current.take() {
                    // Blank lines between two `@@` lines only separate them.
                    Some(mut hunk) if only_blank(&hunk) => {
                        hunk.lines.clear();
                        hunk
                    }
                    Some(hunk) => {
                        hunks.push(hunk);
                        new_hunk(line.number)
                    }
                    None => new_hunk(line.number),
                };
                let mut hunk = hunk;
                if let Some(hint) = parse_hint(rest) {
                    hunk.hint = Some(hint);
                } else {
                    // The anchor is the line after `@@ `, as the model wrote it.
                    let start = line.text.iter().position(|&b| b == b'@').unwrap_or(0) + 2;
                    let anchor = &line.text[start..];
                    let anchor = anchor.strip_prefix(b" ").unwrap_or(anchor);
                    if !anchor.trim_ascii().is_empty() {
                        hunk.anchors.push(anchor.to_vec());
                    }
                }
                current = Some(hunk);
                continue;
            }
            if line.text.is_empty() {
                // An empty context line (right after an `@@` line too, as in Codex), or a
                // blank line between hunks.
                if let Some(hunk) = current.as_mut() {
                    hunk.lines.push((Kind::Context, Vec::new()));
                }
                continue;
            }
            let kind = match line.text[0] {
                b' ' => Kind::Context,
                b'-' => Kind::Removed,
                b'+' => Kind::Added,
                b'\\' if current.as_ref().is_some_and(|h| !h.lines.is_empty()) => {
                    mark_no_newline(current.as_mut().expect("checked above"));
                    continue;
                }
                _ => {
                    return Err(self.fail(
                        line.number,
                        format!(
                            "expected a hunk line starting with ' ' (context), '-' (removed) or '+' (added), an `@@` line or `*** End of File`, but found {}.",
                            line.shown()
                        ),
                    ))
                }
            };
            let hunk = current.get_or_insert_with(|| new_hunk(line.number));
            push_hunk_lines(hunk, kind, &line.text[1..]);
        }
        if let Some(hunk) = current {
            if only_blank(&hunk) {
                return Err(self.fail(hunk.line, "the `@@` line has no hunk lines after it."));
            }
            hunks.push(hunk);
        }
        if hunks.is_empty() && move_to.is_none() {
            return Err(self.fail(
                number,
                format!(
                    "`*** Update File: {path}` has no hunks. Add an `@@` line and the lines to change, or `*** Move to: PATH` to rename it."
                ),
            ));
        }
        Ok(FilePatch {
            action: if move_to.is_some() {
                Action::Move
            } else {
                Action::Update
            },
            path,
            move_to,
            hunks,
            content: None,
            old_empty: false,
            link_line: None,
            line: number,
        })
    }
}

/// The text of an added file from its lines (text after the `+`, line break as in the
/// patch). `no_newline`: the last line has none.
fn new_content(lines: &[(&[u8], &[u8])], no_newline: bool) -> NewContent {
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

/// A file entry of a unified diff while it is read.
#[derive(Default)]
struct Entry {
    line: usize,
    /// The `---` name (or the `diff --git` one until a `---` line comes), as written.
    old: Option<String>,
    /// The `+++` name (or the `diff --git` one until a `+++` line comes), as written.
    new: Option<String>,
    /// `diff --git`'s two names, for a git entry.
    git: Option<(String, String)>,
    /// The lines of `---` and `+++`.
    header_lines: Option<(usize, usize)>,
    /// The line of `new file mode`.
    new_file: Option<usize>,
    /// The line of `deleted file mode`.
    deleted: Option<usize>,
    rename_from: Option<String>,
    rename_to: Option<String>,
    /// The line of the first `rename from`/`rename to`.
    rename: Option<usize>,
    /// The first line giving mode 120000 (a symbolic link) to the file the section
    /// makes: `new file mode` or `new mode`.
    link_made: Option<usize>,
    /// The first line giving mode 120000 to the file as it was: `deleted file mode`,
    /// `old mode`, or the `index` line's one mode of a file that stays a link.
    link_old: Option<usize>,
    /// The first line giving mode 160000 (a gitlink: a submodule's commit).
    gitlink: Option<usize>,
    /// The `index` line names the empty blob as the old file.
    old_empty: bool,
    hunks: Vec<Hunk>,
    /// The added lines' text and breaks, for a new file.
    added: Vec<(Vec<u8>, Vec<u8>)>,
    /// The first context or removed line of the hunks, and which it is: what a new
    /// file cannot have.
    first_old: Option<(usize, Kind)>,
    /// The first context or added line of the hunks, and which it is: what a deleted
    /// file cannot have.
    first_new: Option<(usize, Kind)>,
}

impl Entry {
    /// The section creates its file: `new file mode`, or `--- /dev/null` before hunks
    /// that only add lines. Without `new file mode`, a `--- /dev/null` before old lines
    /// is a model's slip (Aider's tests have one): the section changes the `+++` file,
    /// whose old lines must then be found in it, so nothing is lost or invented.
    fn creates(&self) -> bool {
        self.new_file.is_some()
            || (self.old.as_deref() == Some(DEV_NULL) && self.first_old.is_none())
    }

    /// The section deletes its file (`deleted file mode`, or `+++ /dev/null`).
    fn deletes(&self) -> bool {
        self.deleted.is_some() || self.new.as_deref() == Some(DEV_NULL)
    }

    /// Notes a mode given on `line` that eol-edit does not patch; `made` when it is the
    /// mode of the file the section makes.
    fn note_mode(&mut self, mode: &[u8], line: usize, made: bool) {
        if mode == LINK_MODE {
            if made {
                self.link_made.get_or_insert(line);
            } else {
                self.link_old.get_or_insert(line);
            }
        } else if mode == GITLINK_MODE {
            self.gitlink.get_or_insert(line);
        }
    }
}

/// git's mode of a symbolic link.
const LINK_MODE: &[u8] = b"120000";

/// git's mode of a gitlink: a submodule, recorded as the commit it is at.
const GITLINK_MODE: &[u8] = b"160000";

/// git's name (SHA-1, and SHA-256 for repositories that use it) of the empty file.
const EMPTY_BLOBS: [&[u8]; 2] = [
    b"e69de29bb2d1d6434b8b29ae775ad8c2e48c5391",
    b"473a0f4c3be8a93681a267e3b1e9a7dcda1185436fe141f7749120a303721813",
];

const DEV_NULL: &str = "/dev/null";

fn parse_unified(lines: &[Line<'_>]) -> Result<Patch> {
    let fail = |line: usize, what: String| invalid(line, what, UNIFIED_HINT);
    let mut entries: Vec<Entry> = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        let text = line.text;
        if let Some(rest) = text.strip_prefix(b"diff --git ") {
            let mut entry = Entry {
                line: line.number,
                ..Entry::default()
            };
            if let Some((a, b)) = git_header_paths(rest) {
                entry.old = Some(a.clone());
                entry.new = Some(b.clone());
                entry.git = Some((a, b));
            }
            i += 1;
            while i < lines.len() {
                let (h, number) = (lines[i].text, lines[i].number);
                let value = |prefix: &[u8]| -> Option<Result<String>> {
                    h.strip_prefix(prefix)
                        .map(|p| unquote(p.trim_ascii()).ok_or_else(|| bad_path(number)))
                };
                let mode = [
                    (&b"new file mode "[..], true),
                    (b"deleted file mode ", false),
                    (b"old mode ", false),
                    (b"new mode ", true),
                ]
                .iter()
                .find_map(|&(p, made)| h.strip_prefix(p).map(|m| (m, made)));
                if let Some((mode, made)) = mode {
                    entry.note_mode(mode.trim_ascii(), number, made);
                }
                if h.starts_with(b"new file mode") {
                    entry.new_file = Some(number);
                } else if h.starts_with(b"deleted file mode") {
                    entry.deleted = Some(number);
                } else if let Some(from) = value(b"rename from ") {
                    entry.rename_from = Some(from?);
                    entry.rename.get_or_insert(number);
                } else if let Some(to) = value(b"rename to ") {
                    entry.rename_to = Some(to?);
                    entry.rename.get_or_insert(number);
                } else if let Some(index) = h.strip_prefix(b"index ") {
                    // `index OLD..NEW [MODE]`
                    let mut words = index
                        .split(|b| b.is_ascii_whitespace())
                        .filter(|w| !w.is_empty());
                    let old = words.next().and_then(|w| w.split(|&b| b == b'.').next());
                    entry.old_empty = old.is_some_and(|o| {
                        o.len() >= 7 && EMPTY_BLOBS.iter().any(|e| e.starts_with(o))
                    });
                    if let Some(mode) = words.next() {
                        entry.note_mode(mode, number, false);
                    }
                } else if h.starts_with(b"copy from ") || h.starts_with(b"copy to ") {
                    return Err(fail(
                        lines[i].number,
                        "copies (`copy from`/`copy to`) are not supported: add the new file with its whole content instead.".into(),
                    ));
                } else if h.starts_with(b"GIT binary patch") || h.starts_with(b"Binary files ") {
                    return Err(fail(
                        lines[i].number,
                        "binary patches are not supported: eol-edit patches text files.".into(),
                    ));
                } else if [
                    &b"old mode"[..],
                    b"new mode",
                    b"similarity index",
                    b"dissimilarity index",
                ]
                .iter()
                .any(|p| h.starts_with(p))
                {
                } else {
                    break;
                }
                i += 1;
            }
            i = file_headers(lines, i, &mut entry)?;
            i = hunks(lines, i, &mut entry)?;
            entries.push(entry);
            continue;
        }
        if text.starts_with(b"--- ")
            && lines
                .get(i + 1)
                .is_some_and(|n| n.text.starts_with(b"+++ "))
        {
            let mut entry = Entry {
                line: line.number,
                ..Entry::default()
            };
            i = file_headers(lines, i, &mut entry)?;
            i = hunks(lines, i, &mut entry)?;
            entries.push(entry);
            continue;
        }
        if text.starts_with(b"@@") {
            return Err(fail(
                line.number,
                "a hunk without a file: expected `--- a/PATH` and `+++ b/PATH` (or `diff --git`) before it.".into(),
            ));
        }
        // Anything else between files (a commit message, `Index:` lines) is not ours.
        i += 1;
    }
    if entries.is_empty() {
        let first = lines.first().map_or(1, |l| l.number);
        return Err(Error::new(
            ErrorCode::PatchInvalid,
            format!("Invalid patch, line {first}: expected `*** Begin Patch` (the apply_patch format) or a unified diff with `--- a/PATH` and `+++ b/PATH` lines (or `diff --git`)."),
        )
        .with_lines(vec![first as u32])
        .with_hint(ENVELOPE_HINT));
    }
    let mut files = Vec::new();
    for entry in entries {
        if let Some(file) = finish(entry, files.len())? {
            files.push(file);
        }
    }
    if files.is_empty() {
        let first = lines.first().map_or(1, |l| l.number);
        return Err(invalid(
            first,
            "the diff changes no file content (only modes): nothing to apply.",
            UNIFIED_HINT,
        ));
    }
    Ok(Patch {
        format: Format::Unified,
        files,
    })
}

fn bad_path(line: usize) -> Error {
    invalid(
        line,
        "the path is not valid UTF-8 or badly quoted.",
        UNIFIED_HINT,
    )
}

/// `--- P` and `+++ Q` at `i`, if they are there; returns the index after them.
fn file_headers(lines: &[Line<'_>], i: usize, entry: &mut Entry) -> Result<usize> {
    let (Some(old), Some(new)) = (lines.get(i), lines.get(i + 1)) else {
        return Ok(i);
    };
    let (Some(o), Some(n)) = (
        old.text.strip_prefix(b"--- "),
        new.text.strip_prefix(b"+++ "),
    ) else {
        return Ok(i);
    };
    entry.old = Some(header_path(o).ok_or_else(|| bad_path(old.number))?);
    entry.new = Some(header_path(n).ok_or_else(|| bad_path(new.number))?);
    entry.header_lines = Some((old.number, new.number));
    Ok(i + 2)
}

/// The path of a `---`/`+++` line: without what follows a tab (a timestamp, or any
/// header), unquoted.
fn header_path(rest: &[u8]) -> Option<String> {
    let rest = rest.trim_ascii_start();
    if rest.starts_with(b"\"") {
        let (path, after) = quoted(rest)?;
        return after
            .first()
            .is_none_or(|b| b.is_ascii_whitespace())
            .then_some(path);
    }
    let rest = match memchr::memchr(b'\t', rest) {
        Some(tab) => &rest[..tab],
        None => rest,
    };
    String::from_utf8(rest.trim_ascii().to_vec()).ok()
}

/// A path as git writes it: C-quoted when it has special characters.
fn unquote(s: &[u8]) -> Option<String> {
    match quoted(s) {
        Some((path, b"")) => Some(path),
        Some(_) => None,
        None if s.starts_with(b"\"") => None,
        None => String::from_utf8(s.to_vec()).ok(),
    }
}

/// The C-quoted path `s` starts with (`"…"`, with git's escapes), and what follows it.
fn quoted(s: &[u8]) -> Option<(String, &[u8])> {
    let inner = s.strip_prefix(b"\"")?;
    let mut out = Vec::with_capacity(inner.len());
    let mut i = 0;
    loop {
        let b = *inner.get(i)?;
        if b == b'"' {
            return Some((String::from_utf8(out).ok()?, &inner[i + 1..]));
        }
        if b != b'\\' {
            out.push(b);
            i += 1;
            continue;
        }
        let next = *inner.get(i + 1)?;
        i += 2;
        out.push(match next {
            b'n' => b'\n',
            b't' => b'\t',
            b'r' => b'\r',
            b'"' => b'"',
            b'\\' => b'\\',
            b'a' => 7,
            b'b' => 8,
            b'f' => 12,
            b'v' => 11,
            b'0'..=b'7' => {
                let digits = inner.get(i - 1..i + 2)?;
                i += 2;
                u8::from_str_radix(std::str::from_utf8(digits).ok()?, 8).ok()?
            }
            _ => return None,
        });
    }
}

/// The two paths of `diff --git a/P b/Q`.
fn git_header_paths(rest: &[u8]) -> Option<(String, String)> {
    let rest = rest.trim_ascii();
    if rest.starts_with(b"\"") {
        // Quoted: find the end of the first quoted path.
        let mut i = 1;
        while i < rest.len() && rest[i] != b'"' {
            i += if rest[i] == b'\\' { 2 } else { 1 };
        }
        let first = unquote(rest.get(..=i)?)?;
        let second = unquote(rest.get(i + 1..)?.trim_ascii())?;
        return Some((first, second));
    }
    // `a/P b/P`: the same path twice is the usual case, and the only sure split.
    let s = std::str::from_utf8(rest).ok()?;
    if s.len() >= 5 && (s.len() - 1) % 2 == 0 {
        let half = (s.len() - 1) / 2;
        let (a, b) = (&s[..half], &s[half + 1..]);
        if s.as_bytes()[half] == b' ' && a.get(2..) == b.get(2..) {
            return Some((a.to_string(), b.to_string()));
        }
    }
    let (a, b) = s.split_once(" b/")?;
    Some((a.to_string(), format!("b/{b}")))
}

/// The hunks of an entry from `i`; returns the index after them.
///
/// A hunk ends when its `@@` counts are used up, as git reads it, so a removed `-- x`
/// followed by an added `++ x` (an SQL or Lua comment) is content, not a file header.
/// Counts that do not fit the lines are tolerated: when the lines run out first (an
/// `@@`, `diff` or `Index:` line, or the end of the patch, before the counts are used
/// up), the hunk is read as if it had no counts ([`uncounted_end`]); when the counts run
/// out first, the hunk lines right after them still belong to the hunk.
fn hunks(lines: &[Line<'_>], mut i: usize, entry: &mut Entry) -> Result<usize> {
    while let Some(line) = lines.get(i) {
        let Some(rest) = line.text.strip_prefix(b"@@") else {
            break;
        };
        let mut hunk = new_hunk(line.number);
        hunk.hint = parse_hint(rest);
        let body = i + 1;
        let counted = match hunk.hint {
            Some(h) => counted_end(lines, body, h.old_len, h.new_len)?,
            None => None,
        };
        let end = uncounted_end(lines, counted.unwrap_or(body));
        for l in &lines[body..end] {
            let t = l.text;
            let kind = match t.first() {
                Some(b'\\') => {
                    mark_no_newline(&mut hunk);
                    continue;
                }
                Some(b'-') => Kind::Removed,
                Some(b'+') => {
                    entry.added.push((t[1..].to_vec(), l.brk.to_vec()));
                    Kind::Added
                }
                // An empty line is an empty context line, as git reads it.
                _ => Kind::Context,
            };
            if kind != Kind::Added {
                entry.first_old.get_or_insert((l.number, kind));
            }
            if kind != Kind::Removed {
                entry.first_new.get_or_insert((l.number, kind));
            }
            push_hunk_lines(&mut hunk, kind, t.get(1..).unwrap_or_default());
        }
        if hunk.lines.is_empty() {
            return Err(invalid(
                hunk.line,
                "the `@@` line has no hunk lines after it (lines starting with ' ', '-' or '+').",
                UNIFIED_HINT,
            ));
        }
        entry.hunks.push(hunk);
        i = end;
    }
    Ok(i)
}

/// Where a hunk whose lines start at `from` ends by its counts (`old` context and
/// removed lines, `new` context and added lines), or `None` when the lines do not fit
/// the counts: the next `@@`, `diff` or `Index:` line, or the end of the patch, comes
/// before the counts are used up, or a line the counts have no room for. Any other line
/// before the counts are used up is `PATCH_INVALID`.
fn counted_end(
    lines: &[Line<'_>],
    from: usize,
    mut old: u32,
    mut new: u32,
) -> Result<Option<usize>> {
    let mut i = from;
    while old > 0 || new > 0 {
        let Some(l) = lines.get(i) else {
            return Ok(None);
        };
        let t = l.text;
        match t.first() {
            None | Some(b' ') if old > 0 && new > 0 => {
                old -= 1;
                new -= 1;
            }
            Some(b'-') if old > 0 => old -= 1,
            Some(b'+') if new > 0 => new -= 1,
            Some(b'\\') => {}
            None | Some(b' ' | b'-' | b'+') => return Ok(None),
            _ if t.starts_with(b"@@") || t.starts_with(b"diff ") || t.starts_with(b"Index: ") => {
                return Ok(None)
            }
            _ => {
                return Err(invalid(
                    l.number,
                    format!(
                        "expected a hunk line starting with ' ' (context), '-' (removed) or '+' (added), but found {}.",
                        l.shown()
                    ),
                    UNIFIED_HINT,
                ))
            }
        }
        i += 1;
    }
    // A `\ No newline at end of file` right after the counted lines is the hunk's.
    if lines.get(i).is_some_and(|l| l.text.starts_with(b"\\")) {
        i += 1;
    }
    Ok(Some(i))
}

/// Where hunk lines go on from `i` without counts: up to the next `@@` or `diff --git`
/// line, a `--- `/`+++ ` pair (the next file's header), an email signature (`-- `), a
/// line that is no hunk line, or blank lines that no hunk line follows.
fn uncounted_end(lines: &[Line<'_>], mut i: usize) -> usize {
    let header = |i: usize| {
        lines[i].text.starts_with(b"--- ")
            && lines
                .get(i + 1)
                .is_some_and(|n| n.text.starts_with(b"+++ "))
    };
    while let Some(l) = lines.get(i) {
        if header(i) || l.text == b"-- " {
            break;
        }
        match l.text.first() {
            Some(b' ' | b'-' | b'+' | b'\\') => {}
            None => {
                // A blank line separates files, unless more hunk lines follow it: then it
                // is an empty context line.
                let more = (i..lines.len())
                    .find(|&j| !lines[j].text.is_empty())
                    .is_some_and(|j| {
                        matches!(lines[j].text.first(), Some(b' ' | b'+' | b'-'))
                            && !header(j)
                            && lines[j].text != b"-- "
                    });
                if !more {
                    break;
                }
            }
            Some(_) => break,
        }
        i += 1;
    }
    i
}

/// A `--- a/P`/`+++ b/P` pair without its `a/`/`b/` prefixes (git's), and `None` for
/// `/dev/null`.
fn strip_prefixes(entry: &Entry) -> (Option<String>, Option<String>) {
    let real = |p: &Option<String>| p.clone().filter(|p| p != DEV_NULL);
    let (old, new) = (real(&entry.old), real(&entry.new));
    let has = |p: &Option<String>, prefix: &str| p.as_deref().is_none_or(|p| p.starts_with(prefix));
    if has(&old, "a/") && has(&new, "b/") && (old.is_some() || new.is_some()) {
        let strip = |p: Option<String>| p.map(|p| p[2..].to_string());
        return (strip(old), strip(new));
    }
    (old, new)
}

/// The entry as a section of the patch (`None` for one that only changes modes), once
/// git's checks of its header pass; `index` is its `fileIndex`.
fn finish(entry: Entry, index: usize) -> Result<Option<FilePatch>> {
    check_git_header(&entry)
        .and_then(|()| check_mode(&entry))
        .and_then(|()| check_sides(&entry))
        .map_err(|e| e.with_file_index(index))?;
    section(entry)
}

/// The file a section is about, as its messages name it.
fn shown_path(entry: &Entry) -> String {
    let (old, new) = strip_prefixes(entry);
    let path = if entry.deletes() {
        old.or(new)
    } else {
        entry.rename_to.clone().or(new).or(old)
    };
    path.unwrap_or_default()
}

/// Symbolic links (mode 120000) and gitlinks (160000, a submodule) are refused: neither
/// is a text file, and their "content" in a diff (a link's target, `Subproject commit
/// …`) would be written into a file as text. A section that makes a link is refused
/// here; one about a link that is already there (deleted, or changed) is refused by
/// `applyPatch`, which sees what is on disk ([`link_entry_error`]).
fn check_mode(entry: &Entry) -> Result<()> {
    let path = || shown_path(entry);
    // A mode-only change of a link (into a file, say) would otherwise be skipped unseen.
    let mode_only = entry.hunks.is_empty() && !entry.deletes() && entry.rename.is_none();
    let link = entry.link_made.or(entry.link_old.filter(|_| mode_only));
    match (link, entry.gitlink) {
        (Some(line), gitlink) if gitlink.is_none_or(|g| line < g) => {
            Err(link_entry_error(line, &path()))
        }
        (_, Some(line)) => Err(invalid(
            line,
            format!("`{}` is a submodule (a gitlink, mode 160000): eol-edit does not create, change or delete submodules through a patch.", path()),
            "Leave this section out of the patch and move the submodule with git (`git submodule update`, or `git -C PATH checkout COMMIT`).",
        )),
        _ => Ok(()),
    }
}

/// `PATCH_INVALID` for a section about a symbolic link (mode 120000 on `line`).
pub(super) fn link_entry_error(line: usize, path: &str) -> Error {
    invalid(
        line,
        format!("`{path}` is a symbolic link (mode 120000): eol-edit does not create, change or delete symbolic links through a patch."),
        "Leave this section out of the patch and change the link yourself (`ln -s`, or `git checkout` of the file).",
    )
}

/// git's checks of what a section's hunks may hold: the hunks of a `new file mode`
/// section only add lines (git: "new file depends on old contents") and a deleted
/// file's only remove them ("deleted file still has contents"). Taking only one side of
/// such a hunk would invent a file or drop lines the patch shows as staying.
fn check_sides(entry: &Entry) -> Result<()> {
    let what = |kind| match kind {
        Kind::Context => "a context line",
        Kind::Removed => "a removed line",
        Kind::Added => "an added line",
    };
    if entry.new_file.is_some() {
        if let Some((line, kind)) = entry.first_old {
            return Err(invalid(
                line,
                format!(
                    "the section on line {} creates `{}`, so its hunks can only add lines, but this is {}: a new file has no old lines to keep or remove.",
                    entry.line,
                    shown_path(entry),
                    what(kind)
                ),
                "Start every line of a new file's hunk with `+` (an empty line too); to change a file that exists, leave out `new file mode` and name it with `--- a/PATH` instead of `--- /dev/null`.",
            ));
        }
    } else if entry.deletes() {
        if let Some((line, kind)) = entry.first_new {
            return Err(invalid(
                line,
                format!(
                    "the section on line {} deletes `{}`, so its hunks can only remove lines, but this is {}: deleting the file would drop it.",
                    entry.line,
                    shown_path(entry),
                    what(kind)
                ),
                "To delete a file, give every one of its lines as removed (`-`), or use `*** Delete File: PATH`; to keep some lines, name it with `+++ b/PATH` and change it instead.",
            ));
        }
    }
    Ok(())
}

/// What the entry does to its file.
fn section(entry: Entry) -> Result<Option<FilePatch>> {
    let (old, new) = strip_prefixes(&entry);
    let missing_path = || {
        invalid(
            entry.line,
            "the file entry names no path: expected `--- a/PATH` and `+++ b/PATH`.",
            UNIFIED_HINT,
        )
    };
    let new_file = entry.creates();
    let deleted = entry.deletes();
    let file = |action, path, move_to, hunks, content| FilePatch {
        action,
        path,
        move_to,
        hunks,
        content,
        old_empty: false,
        link_line: entry.link_old,
        line: entry.line,
    };
    if new_file {
        let path = new.or(old).ok_or_else(missing_path)?;
        let no_newline = entry.hunks.last().is_some_and(|h| h.new_no_newline);
        let taken: Vec<(&[u8], &[u8])> = entry
            .added
            .iter()
            .map(|(t, b)| (t.as_slice(), b.as_slice()))
            .collect();
        let content = new_content(&taken, no_newline);
        return Ok(Some(file(
            Action::Add,
            path,
            None,
            Vec::new(),
            Some(content),
        )));
    }
    if deleted {
        // The hunks (only removed lines, by `check_sides`) must remove the whole file.
        let path = old.or(new).ok_or_else(missing_path)?;
        return Ok(Some(FilePatch {
            old_empty: entry.old_empty && entry.hunks.is_empty(),
            ..file(Action::Delete, path, None, entry.hunks, None)
        }));
    }
    if let (Some(from), Some(to)) = (entry.rename_from.clone(), entry.rename_to.clone()) {
        // git writes these without the a/ and b/ prefixes.
        return Ok(Some(file(Action::Move, from, Some(to), entry.hunks, None)));
    }
    if entry.hunks.is_empty() {
        // Only modes changed: nothing for a text patch to do.
        return Ok(None);
    }
    let path = match (old, new) {
        // git's rule for a traditional diff naming two files: the shorter name when the
        // other is it with something tacked on (`file.orig`, `file~`, `file+`), else the
        // new one.
        (Some(old), Some(new))
            if entry.git.is_none() && old.len() < new.len() && new.starts_with(&old) =>
        {
            old
        }
        (old, new) => new.or(old).ok_or_else(missing_path)?,
    };
    Ok(Some(file(Action::Update, path, None, entry.hunks, None)))
}

/// A path without its first component (git's `-p1`): `a/src/x` is `src/x`.
fn strip_one(path: &str) -> &str {
    path.split_once('/').map_or(path, |(_, rest)| rest)
}

/// git's checks of a `diff --git` section's header, refused as git refuses them: one
/// section does not both create, delete or rename its file, and its `---`/`+++` names
/// are the file its `diff --git` line (or its `rename from`/`rename to`) names.
fn check_git_header(entry: &Entry) -> Result<()> {
    let mut kinds: Vec<(usize, &str)> = [
        (entry.new_file, "new file mode"),
        (entry.deleted, "deleted file mode"),
        (entry.rename, "rename from/to"),
    ]
    .into_iter()
    .filter_map(|(line, what)| line.map(|l| (l, what)))
    .collect();
    kinds.sort_unstable();
    if let [(first_line, first), (line, what), ..] = kinds[..] {
        return Err(invalid(
            line,
            format!("`{what}` contradicts `{first}` on line {first_line}: one section cannot both create, delete or rename a file."),
            UNIFIED_HINT,
        ));
    }
    let Some((minus, plus)) = entry.header_lines else {
        return Ok(());
    };
    // The name the `diff --git` line gives both sides, when it gives one.
    let named = entry
        .git
        .as_ref()
        .filter(|(a, b)| strip_one(a) == strip_one(b))
        .map(|(a, _)| strip_one(a));
    let explicit = !kinds.is_empty();
    // Where the header names the file: `rename from`/`rename to`, or `diff --git`.
    let named_at = entry.rename.unwrap_or(entry.line);
    // `null`: the line saying this side is /dev/null (a created or deleted file).
    let side = |line: usize, marker: &str, name: &str, null: Option<usize>, want: Option<&str>| {
        let fail = |why: String| Err(invalid(line, why, UNIFIED_HINT));
        if let Some(at) = null {
            if name != DEV_NULL {
                let what = if marker == "---" {
                    "creates"
                } else {
                    "deletes"
                };
                return fail(format!(
                    "expected `{marker} /dev/null`: the section {what} the file (line {at}), but found `{marker} {name}`."
                ));
            }
            return Ok(());
        }
        if name == DEV_NULL && !explicit {
            return Ok(());
        }
        match want {
            Some(want) if name == DEV_NULL || (name != want && strip_one(name) != want) => {
                fail(format!(
                    "`{marker} {name}` does not name the file the header names on line {named_at} (`{want}`)."
                ))
            }
            _ => Ok(()),
        }
    };
    let old_want = entry.rename_from.as_deref().or(named);
    let new_want = entry.rename_to.as_deref().or(named);
    let (old, new) = (
        entry.old.as_deref().unwrap_or_default(),
        entry.new.as_deref().unwrap_or_default(),
    );
    side(minus, "---", old, entry.new_file, old_want)?;
    side(plus, "+++", new, entry.deleted, new_want)
}

#[cfg(test)]
mod tests {
    use super::*;

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
        assert_eq!(p.files[0].action, Action::Add);
        assert_eq!(p.files[0].content.as_ref().unwrap().bytes, b"one\ntwo\n");
        assert!(!p.files[0].content.as_ref().unwrap().own_endings);
        assert_eq!(
            (p.files[1].action, p.files[1].path.as_str()),
            (Action::Delete, "old.txt")
        );
        let u = &p.files[2];
        assert_eq!(
            (u.action, u.move_to.as_deref()),
            (Action::Move, Some("b.py"))
        );
        assert_eq!(u.hunks[0].anchors, vec![b"def f():".to_vec()]);
        assert_eq!(hunk_lines(&u.hunks[0]), ["-    pass", "+    return 1"]);
        assert_eq!(u.hunks[0].line, 8);
    }

    #[test]
    fn first_hunk_may_lack_its_at_line_and_end_of_file_marks_it() {
        let p = parse(b"*** Begin Patch\n*** Update File: a\n x\n-y\n+z\n*** End of File\n@@\n q\n+r\n*** End Patch").unwrap();
        let h = &p.files[0].hunks;
        assert_eq!(h.len(), 2);
        assert!(h[0].end_of_file && !h[1].end_of_file);
        assert_eq!(h[0].old_text(), b"x\ny");
        assert_eq!(h[0].new_text(), b"x\nz");
    }

    #[test]
    fn several_at_lines_are_successive_anchors() {
        let p = parse(b"*** Begin Patch\n*** Update File: a\n@@ class A\n@@     def f(self):\n-x\n+y\n*** End Patch").unwrap();
        assert_eq!(
            p.files[0].hunks[0].anchors,
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
        let c = p.files[0].content.as_ref().unwrap();
        assert_eq!(c.bytes, b"a\r\nb\r\n");
        assert!(c.own_endings);
        assert_eq!(hunk_lines(&p.files[1].hunks[0]), ["-x", "+y"]);
    }

    #[test]
    fn a_lone_cr_in_a_hunk_line_is_a_line_break_of_the_view() {
        let p =
            parse(b"*** Begin Patch\n*** Update File: u\n@@\n a\rb\n+c\n*** End Patch").unwrap();
        assert_eq!(hunk_lines(&p.files[0].hunks[0]), [" a", " b", "+c"]);
    }

    #[test]
    fn blank_lines_inside_an_added_file_are_empty_lines() {
        let p = parse(b"*** Begin Patch\n*** Add File: n\n+a\n\n+b\n\n*** End Patch").unwrap();
        assert_eq!(p.files[0].content.as_ref().unwrap().bytes, b"a\n\nb\n");
        let empty = parse(b"*** Begin Patch\n*** Add File: e\n*** End Patch").unwrap();
        assert_eq!(empty.files[0].content.as_ref().unwrap().bytes, b"");
    }

    #[test]
    fn empty_lines_in_a_hunk_are_empty_context_lines() {
        let p =
            parse(b"*** Begin Patch\n*** Update File: u\n@@\n a\n\n-b\n+c\n*** End Patch").unwrap();
        assert_eq!(hunk_lines(&p.files[0].hunks[0]), [" a", " ", "-b", "+c"]);
    }

    #[test]
    fn a_unified_header_inside_the_envelope_is_a_hint() {
        let p = parse(
            b"*** Begin Patch\n*** Update File: u\n@@ -3,2 +3,2 @@\n a\n-b\n+c\n*** End Patch",
        )
        .unwrap();
        let h = &p.files[0].hunks[0];
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
        assert_eq!(p.files[0].action, Action::Move);
        assert!(p.files[0].hunks.is_empty());
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
            (f[0].action, f[0].path.as_str()),
            (Action::Update, "src/a.txt")
        );
        let hint = f[0].hunks[0].hint.unwrap();
        assert_eq!(
            (hint.old_start, hint.old_len, hint.new_start, hint.new_len),
            (1, 3, 1, 3)
        );
        assert_eq!(hunk_lines(&f[0].hunks[0]), [" one", "-two", "+2", " three"]);
        assert_eq!((f[1].action, f[1].path.as_str()), (Action::Add, "new.txt"));
        assert_eq!(f[1].content.as_ref().unwrap().bytes, b"hello\nworld");
        assert_eq!(
            (f[2].action, f[2].path.as_str()),
            (Action::Delete, "gone.txt")
        );
        assert_eq!(
            (f[3].action, f[3].path.as_str(), f[3].move_to.as_deref()),
            (Action::Move, "old name.txt", Some("new name.txt"))
        );
    }

    #[test]
    fn reads_a_plain_diff_with_timestamps_and_no_newline_markers() {
        let text = "--- a.txt\t2024-01-01 10:00:00\n+++ a.txt\t2024-01-02 10:00:00\n@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+c\n";
        let p = parse(text.as_bytes()).unwrap();
        let h = &p.files[0].hunks[0];
        assert_eq!(p.files[0].path, "a.txt");
        assert!(h.old_no_newline && !h.new_no_newline);
        assert_eq!(hunk_lines(h), [" a", "-b", "+c"]);
    }

    #[test]
    fn wrong_hunk_counts_are_only_hints() {
        // The header says one line; the hunk has three. A blank line inside is context.
        let text = "--- a/f\n+++ b/f\n@@ -1 +1 @@\n a\n\n-b\n+c\n--- a/g\n+++ b/g\n@@ -1,9 +1,9 @@\n-x\n+y\n";
        let p = parse(text.as_bytes()).unwrap();
        assert_eq!(hunk_lines(&p.files[0].hunks[0]), [" a", " ", "-b", "+c"]);
        assert_eq!(hunk_lines(&p.files[1].hunks[0]), ["-x", "+y"]);
    }

    #[test]
    fn a_commit_message_and_signature_around_a_diff_are_skipped() {
        let text = "From 1234 Mon Sep 17 00:00:00 2001\nSubject: [PATCH] fix\n\n---\n a | 2 +-\n\ndiff --git a/a b/a\n--- a/a\n+++ b/a\n@@ -1 +1 @@\n-x\n+y\n-- \n2.40.0\n";
        let p = parse(text.as_bytes()).unwrap();
        assert_eq!(p.files.len(), 1);
        assert_eq!(hunk_lines(&p.files[0].hunks[0]), ["-x", "+y"]);
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
        let c = p.files[0].content.as_ref().unwrap();
        assert_eq!(
            (p.files[0].path.as_str(), &c.bytes[..]),
            ("n.bat", &b"@echo off\r\necho hi\r\n"[..])
        );
        assert!(c.own_endings);
    }
}
