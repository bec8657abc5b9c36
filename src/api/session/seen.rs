//! What the model has seen of each file: the lines its reads showed at one version, and
//! the diffs of the writes made since it saw the whole file, applied when needed.

use std::path::{Path, PathBuf};

use super::Inner;

/// A file over this many bytes keeps nothing of what was seen.
pub(super) const SEEN_FILE_MAX: u64 = 1024 * 1024;
/// What is kept of every file at most (least recently used first out).
const SEEN_TOTAL_MAX: usize = 64 * 1024 * 1024;
/// The most writes' diffs kept to apply to a file's seen text before they are applied.
const PENDING_MAX: usize = 32;

/// What the model saw of one version of a file: runs of consecutive lines, apart
/// (adjacent or overlapping reads are merged). `pending`: the diffs of the writes made
/// since the whole file was seen, oldest first, still to apply to its one segment (so
/// a write costs nothing here; [`Inner::seen_at`] applies them when a stale call needs
/// the text). `total_lines` is the file's line count before them.
#[derive(Debug, Clone)]
pub(super) struct Seen {
    pub version: Box<str>,
    pub total_lines: usize,
    pub segments: Vec<Segment>,
    pub pending: Vec<String>,
    size: usize,
    used: u64,
}

/// Lines a read showed, from line `start` (1-based), in the LF view, without endings.
#[derive(Debug, Clone)]
pub(super) struct Segment {
    pub start: usize,
    pub lines: Vec<String>,
}

impl Seen {
    /// The whole file is seen: one segment of every line from the first.
    pub fn is_whole(&self) -> bool {
        self.segments.len() == 1
            && self.segments[0].start == 1
            && self.segments[0].lines.len() >= self.total_lines
    }
}

impl Inner {
    pub(super) fn drop_seen(&mut self, key: &Path) -> Option<Seen> {
        let seen = self.seen.remove(key)?;
        self.seen_size -= seen.size;
        Some(seen)
    }

    /// What the model saw of the file at `version` (its pending diffs applied), marked
    /// as used.
    pub(super) fn seen_at(&mut self, key: &Path, version: &str) -> Option<Seen> {
        let seen = self.seen.get(key)?;
        if &*seen.version != version {
            return None;
        }
        if !seen.pending.is_empty() {
            let seen = self.drop_seen(key)?;
            self.settle(key.to_path_buf(), seen);
        }
        self.tick += 1;
        let tick = self.tick;
        let seen = self.seen.get_mut(key)?;
        seen.used = tick;
        Some(seen.clone())
    }

    /// Applies a whole file's pending diffs (`seen`, already dropped), keeping the
    /// result, or nothing if one does not fit what was seen.
    fn settle(&mut self, key: PathBuf, mut seen: Seen) {
        let Some(segment) = seen.segments.pop() else {
            return;
        };
        let mut lines = segment.lines;
        for diff in &seen.pending {
            match apply_diff(&lines, diff) {
                Some(next) => lines = next,
                None => return,
            }
        }
        let total = lines.len();
        self.saw(key, &seen.version, 1, lines, total, 0);
    }

    /// Keeps the lines a read showed of a file at `version`: merged with what earlier
    /// reads showed at the same version, else instead of it. A file over SEEN_FILE_MAX
    /// bytes keeps nothing; past SEEN_TOTAL_MAX in all, the files used least recently
    /// are forgotten first.
    pub(super) fn saw(
        &mut self,
        key: PathBuf,
        version: &str,
        start: usize,
        lines: Vec<String>,
        total_lines: usize,
        bytes: u64,
    ) {
        let mut old = self.drop_seen(&key);
        // Writes' diffs still to apply: applied first, so that the merge is with the text.
        if let Some(pending) = old.take_if(|o| !o.pending.is_empty()) {
            self.settle(key.clone(), pending);
            old = self.drop_seen(&key);
        }
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
        let size = segments.iter().map(|s| text_size(&s.lines)).sum();
        self.insert_seen(
            key,
            Seen {
                version: version.into(),
                total_lines,
                segments,
                pending: Vec::new(),
                size,
                used: 0,
            },
        );
    }

    pub(super) fn saw_whole(&mut self, key: PathBuf, read: &crate::ReadResult, bytes: u64) {
        let version = read.version.to_string();
        let total = read.total_lines as usize;
        self.saw(key, &version, 1, split_lines(&read.content), total, bytes);
    }

    /// What a write to a file (now `version`, `size` bytes) does to what was seen of
    /// it: a file seen whole keeps the write's diff to apply later; true when it was
    /// seen in part and is to be read again to be kept as seen whole.
    pub(super) fn wrote(
        &mut self,
        key: &Path,
        version: &str,
        diff: Option<&str>,
        size: u64,
    ) -> bool {
        let Some(mut seen) = self.drop_seen(key) else {
            return false;
        };
        if size > SEEN_FILE_MAX {
            return false;
        }
        match diff {
            Some(diff) if seen.is_whole() => {
                seen.version = version.into();
                seen.size += diff.len();
                seen.pending.push(diff.to_string());
                let settle = seen.pending.len() >= PENDING_MAX;
                if settle {
                    self.settle(key.to_path_buf(), seen);
                } else {
                    self.insert_seen(key.to_path_buf(), seen);
                }
                false
            }
            _ => true,
        }
    }

    fn insert_seen(&mut self, key: PathBuf, mut seen: Seen) {
        self.tick += 1;
        seen.used = self.tick;
        self.seen_size += seen.size;
        self.seen.insert(key.clone(), seen);
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
}

fn text_size(lines: &[String]) -> usize {
    lines.iter().map(|l| l.len() + 1).sum()
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

/// The lines of an LF text, without the empty piece after a final line break.
pub(super) fn split_lines(text: &str) -> Vec<String> {
    if text.is_empty() {
        return Vec::new();
    }
    let body = text.strip_suffix('\n').unwrap_or(text);
    body.split('\n').map(str::to_string).collect()
}

/// The lines of an LF text after a unified diff of it (the core's, of LF views), or
/// `None` when the diff does not fit the text (a line it keeps or removes is not the
/// text's) or says a line the way it was not shown (a replacement character).
pub(super) fn apply_diff(lines: &[String], diff: &str) -> Option<Vec<String>> {
    if diff.contains('\u{fffd}') {
        return None;
    }
    let mut out = Vec::with_capacity(lines.len() + 8);
    let mut at = 0usize;
    let mut in_hunk = false;
    let body = diff.strip_suffix('\n').unwrap_or(diff);
    if body.is_empty() {
        return Some(lines.to_vec());
    }
    for row in body.split('\n') {
        // The file names come before the first hunk only: later, `--- x` is a
        // removed line `-- x`.
        if !in_hunk && (row.starts_with("--- ") || row.starts_with("+++ ")) {
            continue;
        }
        if row.starts_with("@@") {
            in_hunk = true;
            // `@@ line endings only …`: no line of the LF view changed.
            let Some(from) = hunk_start(row) else {
                continue;
            };
            if from < at || from > lines.len() {
                return None;
            }
            out.extend_from_slice(&lines[at..from]);
            at = from;
            continue;
        }
        let mut chars = row.chars();
        let tag = chars.next()?;
        let rest = chars.as_str();
        match tag {
            '~' => {}
            '+' => out.push(rest.to_string()),
            ' ' | '-' => {
                if lines.get(at).map(String::as_str) != Some(rest) {
                    return None;
                }
                at += 1;
                if tag == ' ' {
                    out.push(rest.to_string());
                }
            }
            _ => return None,
        }
    }
    out.extend_from_slice(&lines[at.min(lines.len())..]);
    Some(out)
}

/// The 0-based line of the old text a hunk header `@@ -A[,B] +C[,D] @@` starts at
/// (`A` itself for an insertion, `B` = 0); `None` for any other header.
fn hunk_start(row: &str) -> Option<usize> {
    let inner = row.strip_prefix("@@ -")?.strip_suffix(" @@")?;
    let (old, new) = inner.split_once(" +")?;
    let number = |s: &str| -> Option<usize> {
        (!s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()))
            .then(|| s.parse().ok())
            .flatten()
    };
    let (start, count) = match old.split_once(',') {
        Some((a, b)) => (number(a)?, Some(number(b)?)),
        None => (number(old)?, None),
    };
    match new.split_once(',') {
        Some((c, d)) => {
            number(c)?;
            number(d)?;
        }
        None => {
            number(new)?;
        }
    }
    Some(if count == Some(0) {
        start
    } else {
        start.saturating_sub(1)
    })
}
