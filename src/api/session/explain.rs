//! The `FILE_CHANGED` that shows the model what changed in the files it had read: the
//! lines that changed since that read, numbered as its read tool numbers them now, from
//! what the read showed and the file as it is now.
//!
//! - `-` lines are as the model read them (numbered as they were), `+` lines as they are
//!   now, with a few unchanged lines around each change, and at most 40 changed lines
//!   (`… N more changed lines`), so a whole file reformatted does not flood the model.
//! - When the message shows every change of a file the model had seen whole, the file
//!   counts as read as it is now: the model has seen what changed, so it may send its
//!   change again at once. Otherwise (changes left out, or a file read in part, whose
//!   other lines may have changed too) it is asked to read the changed lines again.

use std::path::Path;

use super::seen::{split_lines, Seen};
use super::{absolute, ReadState};
use crate::api::options::ReadOptions;
use crate::diff::{line_changes, LineChange};
use crate::error::{Error, ErrorCode};
use crate::message::{Message, Op, Part};

/// Changed lines a `FILE_CHANGED` shows at most.
const STALE_LINES_MAX: usize = 40;
/// Unchanged lines shown around each change.
const STALE_CONTEXT: usize = 2;
/// A file is read again for a `FILE_CHANGED` up to this size.
const STALE_FILE_MAX: u64 = 4 * 1024 * 1024;

impl ReadState {
    /// The `FILE_CHANGED` to report for a change of `paths` that failed with one: the
    /// lines that changed since the model read each file it had seen at its expected
    /// version (`expected(path)`), or `None` when it saw none of them, or none changed.
    /// When it shows every change of files seen whole, those now count as read as they
    /// are, so the model may send its change again at once. `options` read each file
    /// as it is now (`root`, `encoding`; `cwd` is taken from here).
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
            let spelling = absolute(path, cwd);
            let key = self.key(&spelling, false);
            let seen = {
                let mut inner = self.lock();
                if inner
                    .sizes
                    .get(&key)
                    .is_some_and(|&size| size > STALE_FILE_MAX * 4)
                {
                    continue;
                }
                inner.seen_at(&key, &version)
            };
            let Some(seen) = seen else {
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
                marks.push((spelling, key, now));
            } else {
                complete = false;
            }
        }
        if parts.is_empty() {
            return None;
        }
        if complete {
            let mut inner = self.lock();
            for (spelling, key, now) in marks {
                inner.record(spelling, key.clone(), &now.version.to_string());
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
