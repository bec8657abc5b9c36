//! A tool set's read state: the version of every file its read tool showed the model
//! or its writes produced, so that a change to a file that changed on disk since is
//! refused (`FILE_CHANGED`), and with `require_read` a change to an existing file the
//! model never read.
//!
//! SPEC section 14's session for the front-ends that hold no file state of their own
//! (the Python tools): files are keyed by their real path when they exist (a link and
//! its target, `.` and `..` spellings, are one file) and by their folder's real path
//! and name when they do not, as the JavaScript tool set keys them. It also keeps what
//! each read showed the model (files up to 1 MiB, 64 MiB in all, least recently used
//! first out), so that a `FILE_CHANGED` can show the lines that changed since
//! ([`ReadState::explain_changed`], the JavaScript tools' `stale.js`). The per-file order
//! of calls is not kept here: a front-end calls one change at a time per file.
//!
//! ```
//! use eol_edit::ReadState;
//!
//! let state = ReadState::new();
//! let dir = std::env::temp_dir();
//! assert_eq!(state.expected("never-read.txt", Some(&dir), false).unwrap(), None);
//! ```

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use crate::api::options::ReadOptions;
use crate::diff::{line_changes, LineChange};
use crate::error::{Error, ErrorCode, Result};
use crate::file::path::strip_verbatim;
use crate::message::{Message, Op, Part};

/// Versions of files by identity, and what the model saw of them, behind a lock (a tool
/// set may be called from several threads).
#[derive(Debug, Default)]
pub struct ReadState {
    inner: Mutex<Inner>,
}

#[derive(Debug, Default)]
struct Inner {
    versions: HashMap<PathBuf, Box<str>>,
    seen: HashMap<PathBuf, Seen>,
    /// The bytes of every `Seen`'s lines.
    seen_size: usize,
    /// A clock for least recently used.
    tick: u64,
}

/// What the model saw of one version of a file: runs of consecutive lines.
#[derive(Debug, Clone)]
struct Seen {
    version: Box<str>,
    total_lines: usize,
    segments: Vec<Segment>,
    size: usize,
    used: u64,
}

#[derive(Debug, Clone)]
struct Segment {
    /// The first line's 1-based number.
    start: usize,
    lines: Vec<String>,
}

/// A file over this many bytes keeps nothing of what was seen.
const SEEN_FILE_MAX: u64 = 1024 * 1024;
/// What is kept of every file at most (least recently used first out).
const SEEN_TOTAL_MAX: usize = 64 * 1024 * 1024;
/// A file written whose lines were seen in part is read again up to this size.
const REREAD_MAX: u64 = 64 * 1024;
/// Changed lines a `FILE_CHANGED` shows at most.
const STALE_LINES_MAX: usize = 40;
/// Unchanged lines shown around each change.
const STALE_CONTEXT: usize = 2;
/// A file is read again for a `FILE_CHANGED` up to this size.
const STALE_FILE_MAX: u64 = 4 * 1024 * 1024;

impl ReadState {
    /// An empty read state: no file read yet.
    pub fn new() -> ReadState {
        ReadState::default()
    }

    /// Remembers `version` as what the model now knows of `path` (a read, or a write
    /// that left the file so).
    pub fn record(&self, path: &str, cwd: Option<&Path>, version: &str) {
        let key = key(path, cwd);
        self.lock().versions.insert(key, version.into());
    }

    /// Forgets `path` (it was deleted or moved away), and what was seen of it.
    pub fn forget(&self, path: &str, cwd: Option<&Path>) {
        let key = key(path, cwd);
        let mut inner = self.lock();
        inner.versions.remove(&key);
        inner.drop_seen(&key);
    }

    /// The version remembered for `path`, if any.
    pub fn version(&self, path: &str, cwd: Option<&Path>) -> Option<String> {
        let key = key(path, cwd);
        self.lock().versions.get(&key).map(|v| v.to_string())
    }

    /// The version a change of `path` must find (the core's `expected_version`): the
    /// one remembered, or none for a file never read. With `require_read`, an existing
    /// file never read is refused with `FILE_CHANGED` and a hint to read it first.
    pub fn expected(
        &self,
        path: &str,
        cwd: Option<&Path>,
        require_read: bool,
    ) -> Result<Option<String>> {
        let key = key(path, cwd);
        if let Some(version) = self.lock().versions.get(&key) {
            return Ok(Some(version.to_string()));
        }
        if require_read && key.is_file() {
            return Err(not_read(path));
        }
        Ok(None)
    }

    /// Keeps the lines a read showed the model: `lines` from line `start` of `path` at
    /// `version`, which has `total_lines`. They join what earlier reads showed of the
    /// same version, else replace it.
    pub fn saw(
        &self,
        path: &str,
        cwd: Option<&Path>,
        version: &str,
        start: usize,
        lines: Vec<String>,
        total_lines: usize,
    ) {
        let key = key(path, cwd);
        let bytes = std::fs::metadata(&key).map(|m| m.len()).unwrap_or(0);
        self.lock()
            .saw(key, version, start, lines, total_lines, bytes);
    }

    /// Records a file a change wrote (`version` now): a file whose lines the model saw
    /// is kept as seen whole as it is now (the model made it so), so that a change from
    /// outside after the write (a formatter's) can be shown. `options` read it again
    /// (`encoding`, `root`; `cwd` is taken from here).
    pub fn wrote(&self, path: &str, cwd: Option<&Path>, version: &str, options: &ReadOptions) {
        let key = key(path, cwd);
        let size = std::fs::metadata(&key).map(|m| m.len()).unwrap_or(0);
        let whole = {
            let mut inner = self.lock();
            inner.versions.insert(key.clone(), version.into());
            let Some(seen) = inner.drop_seen(&key) else {
                return;
            };
            seen.is_whole()
        };
        if size > SEEN_FILE_MAX || (!whole && (options.encoding.is_some() || size > REREAD_MAX)) {
            return;
        }
        let read = ReadOptions {
            cwd: cwd.map(Path::to_path_buf),
            max_bytes: 0,
            ..options.clone()
        };
        if let Ok(now) = crate::read_file(path, &read) {
            if now.version.to_string() == version {
                self.lock().saw_whole(key, &now, size);
            }
        }
    }

    /// The `FILE_CHANGED` to report for a change of `paths` that failed with one: the
    /// lines that changed since the model read each file it had seen at its expected
    /// version (`expected(path)`), or `None` when it saw none of them, or none changed.
    /// When it shows every change of files seen whole, those now count as read as they
    /// are, so the model may send its change again at once.
    pub fn explain_changed(
        &self,
        paths: &[&str],
        expected: impl Fn(&str) -> Option<String>,
        cwd: Option<&Path>,
        options: &ReadOptions,
    ) -> Option<Error> {
        let mut parts: Vec<Part> = Vec::new();
        let mut marks = Vec::new();
        let mut complete = true;
        let mut done: Vec<&str> = Vec::new();
        for &path in paths {
            if done.contains(&path) {
                continue;
            }
            done.push(path);
            let Some(version) = expected(path) else {
                continue;
            };
            let key = key(path, cwd);
            let Some(seen) = self.lock().seen_at(&key, &version) else {
                continue;
            };
            let read = ReadOptions {
                cwd: cwd.map(Path::to_path_buf),
                max_bytes: STALE_FILE_MAX,
                offset: None,
                limit: None,
                ..options.clone()
            };
            let Ok(now) = crate::read_file(path, &read) else {
                continue;
            };
            if now.version.to_string() == version {
                continue;
            }
            let (shown, whole_and_all) = describe(path, &seen, &now);
            if !parts.is_empty() {
                parts.push("\n\n".into());
            }
            parts.extend(shown);
            if whole_and_all {
                marks.push((key, now));
            } else {
                complete = false;
            }
        }
        if parts.is_empty() {
            return None;
        }
        if complete {
            let mut inner = self.lock();
            for (key, now) in marks {
                inner
                    .versions
                    .insert(key.clone(), now.version.to_string().into());
                let bytes = now.content.len() as u64;
                inner.saw_whole(key, &now, bytes);
            }
            parts.push(
                "\n\nThat is every change since your read, and the file now counts as read as it is now: \
                 send your change again, made on these lines as they are now (no need to read the file again)."
                    .into(),
            );
        }
        Some(Error::new(ErrorCode::FileChanged, Message::new(parts)))
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Inner> {
        // A panic while holding the lock leaves maps that are still whole.
        self.inner.lock().unwrap_or_else(|p| p.into_inner())
    }
}

impl Seen {
    fn is_whole(&self) -> bool {
        self.segments.len() == 1
            && self.segments[0].start == 1
            && self.segments[0].lines.len() >= self.total_lines
    }
}

impl Inner {
    fn drop_seen(&mut self, key: &Path) -> Option<Seen> {
        let seen = self.seen.remove(key)?;
        self.seen_size -= seen.size;
        Some(seen)
    }

    fn seen_at(&mut self, key: &Path, version: &str) -> Option<Seen> {
        self.tick += 1;
        let tick = self.tick;
        let seen = self.seen.get_mut(key)?;
        if &*seen.version != version {
            return None;
        }
        seen.used = tick;
        Some(seen.clone())
    }

    fn saw(
        &mut self,
        key: PathBuf,
        version: &str,
        start: usize,
        lines: Vec<String>,
        total_lines: usize,
        bytes: u64,
    ) {
        let old = self.drop_seen(&key);
        if bytes > SEEN_FILE_MAX || lines.is_empty() {
            return;
        }
        let added = Segment { start, lines };
        let segments = match old {
            Some(old) if &*old.version == version && old.total_lines == total_lines => {
                merge(old.segments, added)
            }
            _ => vec![added],
        };
        let size = segments
            .iter()
            .map(|s| s.lines.iter().map(|l| l.len() + 1).sum::<usize>())
            .sum();
        self.tick += 1;
        self.seen_size += size;
        self.seen.insert(
            key.clone(),
            Seen {
                version: version.into(),
                total_lines,
                segments,
                size,
                used: self.tick,
            },
        );
        while self.seen_size > SEEN_TOTAL_MAX {
            let oldest = self
                .seen
                .iter()
                .filter(|(k, _)| **k != key)
                .min_by_key(|(_, s)| s.used)
                .map(|(k, _)| k.clone());
            match oldest {
                Some(k) => {
                    self.drop_seen(&k);
                }
                None => break,
            }
        }
    }

    fn saw_whole(&mut self, key: PathBuf, read: &crate::ReadResult, bytes: u64) {
        let version = read.version.to_string();
        let total = read.total_lines as usize;
        self.saw(key, &version, 1, split_lines(&read.content), total, bytes);
    }
}

/// Segments with one more: those it overlaps or touches become one with it (its lines
/// win where they overlap, being the newer read of the same version).
fn merge(segments: Vec<Segment>, added: Segment) -> Vec<Segment> {
    let mut out = Vec::new();
    let mut start = added.start;
    let mut lines = added.lines;
    for s in segments {
        let end = s.start + s.lines.len();
        if end < start || s.start > start + lines.len() {
            out.push(s);
            continue;
        }
        let before_count = start.saturating_sub(s.start).min(s.lines.len());
        let after_from = (start + lines.len())
            .saturating_sub(s.start)
            .min(s.lines.len());
        let mut joined = s.lines[..before_count].to_vec();
        joined.extend(lines);
        joined.extend_from_slice(&s.lines[after_from..]);
        lines = joined;
        start = start.min(s.start);
    }
    out.push(Segment { start, lines });
    out.sort_by_key(|s| s.start);
    out
}

fn split_lines(text: &str) -> Vec<String> {
    if text.is_empty() {
        return Vec::new();
    }
    let body = text.strip_suffix('\n').unwrap_or(text);
    body.split('\n').map(str::to_string).collect()
}

/// What changed in one file since the model saw it, and whether that is every change
/// of a file it saw whole.
fn describe(path: &str, seen: &Seen, now: &crate::ReadResult) -> (Vec<Part>, bool) {
    let current = split_lines(&now.content);
    let whole = seen.is_whole();
    let now_total = now.total_lines as usize;
    struct Row {
        kind: LineChange,
        line: usize,
        text: String,
    }
    let mut rows: Vec<Row> = Vec::new();
    let (mut changed, mut omitted) = (0usize, 0usize);
    let (mut first, mut last) = (usize::MAX, 0usize);
    for segment in &seen.segments {
        // A file read in part: its lines as they stand now where the read's lines stood,
        // the file grown or shrunk by as many lines as it has more or fewer now.
        let count = if whole {
            current.len()
        } else {
            (segment.lines.len() + now_total).saturating_sub(seen.total_lines)
        };
        let start = if whole { 1 } else { segment.start };
        let from = (start - 1).min(current.len());
        let to = (start - 1 + count).min(current.len());
        let after = &current[from..to];
        let old_text = joined(&segment.lines);
        let new_text = joined(after);
        let found = line_changes(
            old_text.as_bytes(),
            new_text.as_bytes(),
            segment.start,
            start,
            STALE_CONTEXT,
            STALE_LINES_MAX.saturating_sub(changed),
        );
        if found.changed == 0 {
            continue;
        }
        changed += found.changed;
        omitted += found.omitted;
        first = first.min(found.first_line);
        last = last.max(found.last_line);
        for line in found.lines {
            let text = if line.kind == LineChange::Removed {
                segment.lines.get(line.line - segment.start)
            } else {
                current.get(line.line - 1)
            };
            rows.push(Row {
                kind: line.kind,
                line: line.line,
                text: text.cloned().unwrap_or_default(),
            });
        }
    }
    let mut parts: Vec<Part> = vec![format!(
        "File changed on disk: {path} has changed since it was read (another program, such as a formatter, changed it). Nothing was written."
    )
    .into()];
    if changed == 0 {
        parts.push(if whole {
            " No line of it changed: only its line endings or encoding did.".into()
        } else {
            " No line you read changed; lines you did not read may have.".into()
        });
    } else {
        parts.push(
            format!(
                " {} changed since (- as you read it, + as it is now; ",
                if changed == 1 {
                    "This line"
                } else {
                    "These lines"
                }
            )
            .into(),
        );
        parts.push(Part::phrase(
            "numbered-as-listed",
            Message::new(vec![
                "numbered as ".into(),
                Part::Listing,
                " shows them".into(),
            ]),
        ));
        parts.push("):\n".into());
        let width = rows
            .iter()
            .map(|r| r.line)
            .max()
            .unwrap_or(0)
            .to_string()
            .len() as u32;
        let mut next: Option<usize> = None;
        for row in rows {
            if row.kind != LineChange::Removed {
                if next.is_some_and(|n| row.line > n) {
                    parts.push("  …\n".into());
                }
                next = Some(row.line + 1);
            }
            parts.push(match row.kind {
                LineChange::Removed => "- ".into(),
                LineChange::Added => "+ ".into(),
                LineChange::Context => "  ".into(),
            });
            parts.push(Part::Line {
                number: row.line as u32,
                width,
                text: row.text.into(),
            });
            parts.push("\n".into());
        }
        if omitted > 0 {
            let noun = if omitted == 1 { "line" } else { "lines" };
            parts.push(format!("… {omitted} more changed {noun}\n").into());
        }
        // The last line's break is the message's, where it goes on.
        if let Some(Part::Text(text)) = parts.last_mut() {
            let cut = text.strip_suffix('\n').unwrap_or(text).to_string();
            *text = cut.into();
        }
    }
    let complete = whole && omitted == 0;
    if !complete {
        let range = if changed == 0 || first > last || !whole {
            String::new()
        } else {
            format!(" (lines {first}-{last} as it is now: reading those lines is enough)")
        };
        parts.push(if changed > 0 { "\n\n" } else { " " }.into());
        parts.push(Part::phrase(
            "read-again",
            Message::new(vec!["Read it again with ".into(), Op::ReadFile.into()]),
        ));
        parts.push(format!("{range} and redo the change on its current content.").into());
    }
    (parts, complete)
}

/// Lines as an LF text, each with its `\n`.
fn joined(lines: &[String]) -> String {
    let mut out = String::new();
    for line in lines {
        out.push_str(line);
        out.push('\n');
    }
    out
}

/// The file `path` names, as the JavaScript tool set keys it (`pathInfo`): its real
/// path when it exists (through every link, without Windows' `\\?\` prefix); else its
/// folder's real path and its name (a file about to be created); else the path as
/// given, made absolute.
pub(crate) fn key(path: &str, cwd: Option<&Path>) -> PathBuf {
    let given = Path::new(path);
    let joined = match cwd {
        Some(cwd) if given.is_relative() => cwd.join(given),
        _ => given.to_path_buf(),
    };
    let absolute = std::path::absolute(&joined).unwrap_or(joined);
    if let Ok(real) = std::fs::canonicalize(&absolute) {
        return strip_verbatim(&real);
    }
    match (absolute.parent(), absolute.file_name()) {
        (Some(parent), Some(name)) => match std::fs::canonicalize(parent) {
            Ok(folder) => strip_verbatim(&folder).join(name),
            Err(_) => absolute,
        },
        _ => absolute,
    }
}

/// The refusal of a change to a file the model has not read.
fn not_read(path: &str) -> Error {
    Error::new(
        ErrorCode::FileChanged,
        Message::new(vec![
            Part::from(format!(
                "{path} has not been read yet, so the change could overwrite what you have not seen. Nothing was written. "
            )),
            Part::phrase(
                "read-first",
                Message::new(vec!["Read it with ".into(), Op::ReadFile.into(), " first".into()]),
            ),
            ", then make the change.".into(),
        ]),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn folder() -> PathBuf {
        let dir = std::env::temp_dir().join(format!("eol-edit-read-state-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn a_file_read_under_one_spelling_is_known_under_another() {
        let dir = folder();
        std::fs::write(dir.join("a.txt"), "x\n").unwrap();
        let state = ReadState::new();
        state.record("a.txt", Some(&dir), "v1");
        let other = format!("{}/./sub/../a.txt", dir.display());
        std::fs::create_dir_all(dir.join("sub")).unwrap();
        assert_eq!(state.version(&other, None).as_deref(), Some("v1"));
        assert_eq!(
            state
                .expected("a.txt", Some(&dir), true)
                .unwrap()
                .as_deref(),
            Some("v1")
        );
        state.forget("a.txt", Some(&dir));
        assert_eq!(state.version("a.txt", Some(&dir)), None);
    }

    #[test]
    fn a_new_file_is_keyed_by_its_real_folder() {
        let dir = folder();
        std::fs::create_dir_all(dir.join("sub")).unwrap();
        let state = ReadState::new();
        state.record("sub/../new.txt", Some(&dir), "v2");
        assert_eq!(state.version("new.txt", Some(&dir)).as_deref(), Some("v2"));
    }

    #[test]
    fn file_changed_shows_the_lines_changed_since_the_read_and_counts_them_as_read() {
        let dir = folder();
        let path = dir.join("stale.txt");
        std::fs::write(&path, "one\r\ntwo\r\nthree\r\n").unwrap();
        let read = crate::read_file(&path, &ReadOptions::default()).unwrap();
        let version = read.version.to_string();
        let state = ReadState::new();
        let name = path.to_str().unwrap();
        state.record(name, None, &version);
        state.saw(name, None, &version, 1, split_lines(&read.content), 3);
        std::fs::write(&path, "one\r\nTWO\r\nthree\r\n").unwrap();

        let expected = |_: &str| Some(version.clone());
        let error = state
            .explain_changed(&[name], expected, None, &ReadOptions::default())
            .unwrap();
        assert_eq!(error.code(), ErrorCode::FileChanged);
        let text = error.message().to_string();
        assert!(text.contains("These lines changed since"), "{text}");
        assert!(text.contains("- 2│two\n+ 2│TWO\n"), "{text}");
        assert!(text.contains("every change since your read"), "{text}");
        // Shown whole, so it counts as read as it is now.
        let now = crate::read_file(&path, &ReadOptions::default()).unwrap();
        assert_eq!(state.version(name, None), Some(now.version.to_string()));
        // Nothing seen at a version: nothing to say.
        let other = ReadState::new();
        let none = other.explain_changed(
            &[name],
            |_| Some(version.clone()),
            None,
            &ReadOptions::default(),
        );
        assert!(none.is_none());
    }

    #[test]
    fn require_read_refuses_an_existing_file_never_read_but_not_a_new_one() {
        let dir = folder();
        std::fs::write(dir.join("b.txt"), "x\n").unwrap();
        let state = ReadState::new();
        let error = state.expected("b.txt", Some(&dir), true).unwrap_err();
        assert_eq!(error.code(), ErrorCode::FileChanged);
        assert!(error
            .message()
            .to_string()
            .contains("b.txt has not been read yet"));
        assert!(error
            .message()
            .to_string()
            .contains("Read it with read_file first"));
        assert_eq!(state.expected("b.txt", Some(&dir), false).unwrap(), None);
        assert_eq!(state.expected("new.txt", Some(&dir), true).unwrap(), None);
    }
}
