//! Unified diffs: `--- a/P` and `+++ b/P` (or a `diff --git` header, with git's
//! extended lines: modes, renames, `index`), then hunks `@@ -l,n +l,n @@`.
//!
//! A unified hunk ends when its `@@` counts are used up, as git reads it (wrong counts
//! are tolerated, see `hunks`); a traditional diff's file is chosen among its two
//! names as git chooses it; and what git refuses in a `diff --git` header (names that
//! disagree, a section that both creates and renames), like every symbolic-link entry
//! (mode 120000) and gitlink (160000), and a `new file mode` hunk with old lines or a
//! deleted file's with new ones, is refused with the section's `fileIndex`.

use super::{
    invalid, mark_no_newline, new_content, new_hunk, parse_hint, push_hunk_lines, Line,
    ENVELOPE_HINT, UNIFIED_HINT,
};
use crate::error::{Error, ErrorCode, Result};
use crate::patch::{Change, FilePatch, Format, Hunk, Kind, Patch};

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

pub(super) fn parse_unified(lines: &[Line<'_>]) -> Result<Patch> {
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
        cd: None,
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
pub(crate) fn link_entry_error(line: usize, path: &str) -> Error {
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
    let file = |path, change| FilePatch {
        path,
        change,
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
        return Ok(Some(file(path, Change::Add { content })));
    }
    if deleted {
        // The hunks (only removed lines, by `check_sides`) must remove the whole file.
        let path = old.or(new).ok_or_else(missing_path)?;
        let old_empty = entry.old_empty && entry.hunks.is_empty();
        let hunks = entry.hunks;
        return Ok(Some(file(path, Change::Delete { hunks, old_empty })));
    }
    if let (Some(from), Some(to)) = (entry.rename_from.clone(), entry.rename_to.clone()) {
        // git writes these without the a/ and b/ prefixes.
        let hunks = entry.hunks;
        return Ok(Some(file(from, Change::Move { to, hunks })));
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
    let hunks = entry.hunks;
    Ok(Some(file(path, Change::Update { hunks })))
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
