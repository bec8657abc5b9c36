//! What an editor with an undo command keeps of its own edits (Anthropic's text editor
//! tool and its `undo_edit`, in JavaScript and in Python alike): for each file, the
//! exact bytes it had before each edit (none for a file the edit created) and its
//! version after, the last edit last; and the undo itself, through
//! [`restore_file`](crate::restore_file) (exact bytes, the mode kept, refused with
//! `FILE_CHANGED` unless the file still has the version the edit left).
//!
//! Each entry holds a whole file's bytes, so the history is capped twice: at
//! [`UndoHistory::DEPTH`] edits of one file, and at [`UndoHistory::MAX_BYTES`] of kept
//! bytes in all files, the oldest entries (of any file) dropped first. A file whose
//! older edits were dropped remembers how many (for the last 4,096 such files), so that
//! an undo past them can be told its undo is gone rather than that there was never an
//! edit to undo. Files are keyed as [`ReadState`](crate::ReadState) keys them: by their
//! real path, or their folder's real path and name for a file that does not exist.
//!
//! ```
//! use eol_edit::{UndoHistory, Version};
//!
//! let history = UndoHistory::new();
//! let dir = std::env::temp_dir();
//! history.push("a.txt", Some(&dir), Some(b"one\r\n".to_vec()), Version::of(b"two\r\n"));
//! let last = history.last("a.txt", Some(&dir));
//! assert_eq!(last.version, Some(Version::of(b"two\r\n")));
//! assert!(!last.created);
//! ```

use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use crate::api::options::{EditOptions, PatchOptions};
use crate::api::session::key;
use crate::api::version::{Expected, Version};
use crate::error::{Error, ErrorCode, Result};
use crate::message::Message;

/// The bookkeeping an entry costs besides its bytes (its versions and keys), so that
/// even an entry without bytes counts.
const ENTRY_COST: usize = 256;

/// The most files whose dropped edits are remembered (the oldest forgotten first).
const DROPPED_MAX: usize = 4096;

/// An editor's own edits, to undo the last one of a file, behind a lock (an editor may
/// be called from several threads).
#[derive(Debug)]
pub struct UndoHistory {
    depth: usize,
    max_bytes: usize,
    inner: Mutex<Inner>,
}

#[derive(Debug, Default)]
struct Inner {
    /// Every entry by its number, the oldest first.
    entries: BTreeMap<u64, Entry>,
    /// Each file's entries' numbers, the last edit last.
    files: HashMap<PathBuf, Vec<u64>>,
    /// The bytes the entries hold, with their `ENTRY_COST`.
    held: usize,
    /// How many older edits of each file were dropped, and when it was last dropped from.
    dropped: HashMap<PathBuf, (usize, u64)>,
    /// The files of `dropped` by when they were last dropped from, the oldest first.
    dropped_order: BTreeMap<u64, PathBuf>,
    /// Numbers entries and drops.
    next: u64,
}

#[derive(Debug)]
struct Entry {
    key: PathBuf,
    /// The file's bytes before the edit; `None`: the edit created it.
    before: Option<Arc<Vec<u8>>>,
    /// Its version after the edit.
    after: Version,
    cost: usize,
}

/// What [`UndoHistory::last`] knows of a file.
#[non_exhaustive]
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UndoLast {
    /// The version the last edit that can still be undone left the file with (`None`:
    /// there is none).
    pub version: Option<Version>,
    /// Whether that edit created the file (undoing it deletes the file).
    pub created: bool,
    /// How many older edits of the file were dropped to stay within the limits.
    pub dropped: usize,
}

/// What [`UndoHistory::undo`] did (with `dry_run`: would do).
#[non_exhaustive]
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Undone {
    /// The path as given.
    pub path: PathBuf,
    /// The edit had created the file, and the undo deleted it.
    pub deleted: bool,
    /// The diff from the file's text to the text it has again (for a deleted file: every
    /// line removed).
    pub diff: String,
    /// The file's version now; `None` when it was deleted.
    pub version: Option<Version>,
    /// What the restore has to say (an encoding guessed, a hard link broken).
    pub warnings: Vec<Message>,
}

impl Default for UndoHistory {
    fn default() -> Self {
        UndoHistory::new()
    }
}

impl UndoHistory {
    /// How many of its own edits of one file an editor can undo.
    pub const DEPTH: usize = 10;

    /// The bytes of earlier file contents kept in all, for every file: the library's
    /// default size limit, so that the last edit of any file it can edit by default
    /// stays undoable; five 4 MB files edited ten times each keep their last sixteen
    /// edits or so, not 200 MB.
    pub const MAX_BYTES: usize = 64 * 1024 * 1024;

    /// An empty history with the default limits ([`DEPTH`](Self::DEPTH),
    /// [`MAX_BYTES`](Self::MAX_BYTES)).
    pub fn new() -> UndoHistory {
        UndoHistory::with_limits(UndoHistory::DEPTH, UndoHistory::MAX_BYTES)
    }

    /// An empty history keeping at most `depth` edits of a file and `max_bytes` of
    /// earlier contents in all.
    pub fn with_limits(depth: usize, max_bytes: usize) -> UndoHistory {
        UndoHistory {
            depth,
            max_bytes,
            inner: Mutex::new(Inner::default()),
        }
    }

    /// The most edits of one file kept.
    pub fn depth(&self) -> usize {
        self.depth
    }

    /// The most bytes of earlier contents kept in all.
    pub fn max_bytes(&self) -> usize {
        self.max_bytes
    }

    /// Keeps an edit of `path` (relative paths taken from `cwd`): `before` its bytes
    /// before it (`None`: it created the file), `after` its version after. Older
    /// entries go to stay within the limits; the new one stays even when its
    /// bookkeeping tips the total over (a file of the largest default size keeps its
    /// last edit undoable), but bytes over the limit on their own are not kept (counted
    /// as dropped).
    pub fn push(
        &self,
        path: impl AsRef<Path>,
        cwd: Option<&Path>,
        before: Option<Vec<u8>>,
        after: Version,
    ) {
        let key = key(&path.as_ref().to_string_lossy(), cwd);
        self.lock()
            .push(key, before, after, self.depth, self.max_bytes);
    }

    /// The last edit of `path` that can still be undone, and how many before it were
    /// dropped.
    pub fn last(&self, path: impl AsRef<Path>, cwd: Option<&Path>) -> UndoLast {
        let key = key(&path.as_ref().to_string_lossy(), cwd);
        let inner = self.lock();
        let last = inner.last(&key);
        UndoLast {
            version: last.map(|e| e.after),
            created: last.is_some_and(|e| e.before.is_none()),
            dropped: inner.dropped.get(&key).map_or(0, |d| d.0),
        }
    }

    /// Undoes the last edit of `path` that can still be undone: puts back the bytes the
    /// file had before it through [`restore_file`](crate::restore_file) (its mode kept),
    /// or deletes the file when the edit created it, if the file still has the version
    /// the edit left. `options` are the write's (`cwd`, `root`, `dry_run`, `durable`,
    /// `max_bytes`, `encoding`); their `expected_version`, when given, is the version
    /// the caller knows the file at, which must be that one too. Unless `dry_run`, the
    /// edit is then forgotten (the one before it is next).
    ///
    /// # Errors
    ///
    /// `INVALID_ARGUMENT` when there is no edit of the file to undo; `FILE_CHANGED` when
    /// the file has changed since the edit (or `expected_version` is another version);
    /// otherwise as [`restore_file`](crate::restore_file) and, for a created file,
    /// [`apply_patch`](crate::apply_patch) deleting it. Nothing is written on any error,
    /// and the edit stays in the history.
    pub fn undo(&self, path: impl AsRef<Path>, options: &EditOptions) -> Result<Undone> {
        let path = path.as_ref();
        let shown = path.to_string_lossy();
        let key = key(&shown, options.cwd.as_deref());
        let (number, before, after) = {
            let inner = self.lock();
            let Some(&number) = inner.files.get(&key).and_then(|list| list.last()) else {
                return Err(Error::new(
                    ErrorCode::InvalidArgument,
                    format!("There is no edit of {shown} to undo. Nothing was written."),
                ));
            };
            let entry = &inner.entries[&number];
            (number, entry.before.clone(), entry.after)
        };
        if let Some(known) = &options.expected_version {
            if *known != Expected::Version(after) {
                return Err(Error::new(
                    ErrorCode::FileChanged,
                    format!(
                        "{shown} has changed since the edit to undo (the edit left version {after}; the file is known at {}). Nothing was written.",
                        known.file_form()
                    ),
                ));
            }
        }
        let undone = match before {
            None => {
                // The edit created the file: undoing it deletes it, if it still has
                // what the edit wrote.
                let patch = format!("*** Begin Patch\n*** Delete File: {shown}\n*** End Patch");
                let patch_options = PatchOptions {
                    cwd: options.cwd.clone(),
                    root: options.root.clone(),
                    dry_run: options.dry_run,
                    durable: options.durable,
                    max_bytes: options.max_bytes,
                    encoding: options.encoding.clone(),
                    expected_versions: HashMap::from([(
                        shown.clone().into_owned(),
                        Expected::Version(after),
                    )]),
                    ..PatchOptions::default()
                };
                let mut result = crate::apply_patch(patch, &patch_options)?;
                let file = result.files.swap_remove(0);
                Undone {
                    path: path.to_path_buf(),
                    deleted: true,
                    diff: file.diff,
                    version: None,
                    warnings: file.warnings,
                }
            }
            Some(bytes) => {
                let restore = EditOptions {
                    expected_version: Some(Expected::Version(after)),
                    ..options.clone()
                };
                let result = crate::restore_file(path, &bytes, &restore)?;
                Undone {
                    path: path.to_path_buf(),
                    deleted: false,
                    diff: result.diff,
                    version: Some(result.version),
                    warnings: result.warnings,
                }
            }
        };
        if !options.dry_run {
            self.lock().remove(number);
        }
        Ok(undone)
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Inner> {
        // A panic while holding the lock leaves maps that are still whole.
        self.inner.lock().unwrap_or_else(|p| p.into_inner())
    }
}

impl Inner {
    fn push(
        &mut self,
        key: PathBuf,
        before: Option<Vec<u8>>,
        after: Version,
        depth: usize,
        max_bytes: usize,
    ) {
        let size = before.as_ref().map_or(0, Vec::len);
        let cost = size + ENTRY_COST;
        let number = self.tick();
        self.files.entry(key.clone()).or_default().push(number);
        self.entries.insert(
            number,
            Entry {
                key: key.clone(),
                before: before.map(Arc::new),
                after,
                cost,
            },
        );
        self.held += cost;
        if size > max_bytes {
            self.drop_entry(number);
            return;
        }
        while let Some(&oldest) = self
            .files
            .get(&key)
            .filter(|list| list.len() > depth)
            .and_then(|list| list.first())
        {
            self.drop_entry(oldest);
        }
        while self.held > max_bytes {
            match self.entries.keys().next() {
                Some(&oldest) if oldest != number => self.drop_entry(oldest),
                _ => break,
            }
        }
    }

    fn last(&self, key: &Path) -> Option<&Entry> {
        let number = self.files.get(key)?.last()?;
        self.entries.get(number)
    }

    fn tick(&mut self) -> u64 {
        self.next += 1;
        self.next
    }

    /// Drops an entry to stay within the limits, counting it for its file.
    fn drop_entry(&mut self, number: u64) {
        let Some(entry) = self.remove(number) else {
            return;
        };
        let stamp = self.tick();
        let count = match self.dropped.remove(&entry.key) {
            Some((count, old)) => {
                self.dropped_order.remove(&old);
                count + 1
            }
            None => 1,
        };
        // Last in the order: the file dropped from most recently is forgotten last.
        self.dropped_order.insert(stamp, entry.key.clone());
        self.dropped.insert(entry.key, (count, stamp));
        if self.dropped.len() > DROPPED_MAX {
            if let Some((_, oldest)) = self.dropped_order.pop_first() {
                self.dropped.remove(&oldest);
            }
        }
    }

    fn remove(&mut self, number: u64) -> Option<Entry> {
        let entry = self.entries.remove(&number)?;
        self.held -= entry.cost;
        if let Some(list) = self.files.get_mut(&entry.key) {
            list.retain(|&n| n != number);
            if list.is_empty() {
                self.files.remove(&entry.key);
            }
        }
        Some(entry)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn folder(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("eol-edit-undo-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    fn v(text: &str) -> Version {
        Version::of(text.as_bytes())
    }

    #[test]
    fn keeps_the_last_depth_edits_of_a_file_and_counts_the_dropped_ones() {
        let dir = folder("depth");
        let history = UndoHistory::with_limits(3, 1 << 20);
        for n in 0..5 {
            history.push("a.txt", Some(&dir), Some(vec![b'x'; n]), v(&n.to_string()));
        }
        let last = history.last("a.txt", Some(&dir));
        assert_eq!(last.version, Some(v("4")));
        assert_eq!(last.dropped, 2);
        let inner = history.lock();
        let kept: Vec<Version> = inner.files[&key("a.txt", Some(&dir))]
            .iter()
            .map(|n| inner.entries[n].after)
            .collect();
        assert_eq!(kept, vec![v("2"), v("3"), v("4")]);
    }

    #[test]
    fn keeps_a_total_of_bytes_dropping_the_oldest_of_any_file() {
        let dir = folder("bytes");
        let history = UndoHistory::with_limits(10, 3000);
        history.push("a", Some(&dir), Some(vec![b'a'; 1000]), v("a1"));
        history.push("b", Some(&dir), Some(vec![b'b'; 1000]), v("b1"));
        history.push("a", Some(&dir), Some(vec![b'A'; 1000]), v("a2"));
        // Three entries of 1000 bytes and their bookkeeping are over 3000: a's first goes.
        let a = history.last("a", Some(&dir));
        assert_eq!((a.version, a.dropped), (Some(v("a2")), 1));
        assert_eq!(history.lock().files[&key("a", Some(&dir))].len(), 1);
        assert_eq!(history.last("b", Some(&dir)).dropped, 0);
        // Bytes over the limit on their own are not kept, and count as dropped.
        history.push("c", Some(&dir), Some(vec![b'c'; 4000]), v("c1"));
        let c = history.last("c", Some(&dir));
        assert_eq!((c.version, c.dropped), (None, 1));
        // A created file's entry (no bytes) costs its bookkeeping only.
        history.push("d", Some(&dir), None, v("d1"));
        let d = history.last("d", Some(&dir));
        assert!(d.created && d.version == Some(v("d1")));
        assert_eq!(history.lock().held, 2 * (1000 + ENTRY_COST) + ENTRY_COST);
    }

    #[test]
    fn the_newest_entry_stays_when_its_bookkeeping_tips_the_total_over() {
        let dir = folder("largest");
        let history = UndoHistory::new();
        history.push("small", Some(&dir), Some(vec![0; 10]), v("v1"));
        history.push(
            "largest",
            Some(&dir),
            Some(vec![0; UndoHistory::MAX_BYTES]),
            v("v2"),
        );
        assert_eq!(history.last("largest", Some(&dir)).version, Some(v("v2")));
        let small = history.last("small", Some(&dir));
        assert_eq!((small.version, small.dropped), (None, 1));
        history.push(
            "over",
            Some(&dir),
            Some(vec![0; UndoHistory::MAX_BYTES + 1]),
            v("v3"),
        );
        assert_eq!(history.last("over", Some(&dir)).dropped, 1);
        assert!(history.last("largest", Some(&dir)).version.is_some());
    }

    #[test]
    fn remembers_the_drops_of_the_last_files_only() {
        let dir = folder("dropped");
        let history = UndoHistory::with_limits(0, 1 << 20);
        for n in 0..=DROPPED_MAX {
            history.push(format!("f{n}"), Some(&dir), None, v("x"));
        }
        assert_eq!(history.last("f0", Some(&dir)).dropped, 0);
        assert_eq!(history.last("f1", Some(&dir)).dropped, 1);
        assert_eq!(
            history.last(format!("f{DROPPED_MAX}"), Some(&dir)).dropped,
            1
        );
        // A file dropped from again moves to the end of the order.
        history.push("f1", Some(&dir), None, v("x"));
        history.push("g", Some(&dir), None, v("x"));
        assert_eq!(history.last("f1", Some(&dir)).dropped, 2);
        assert_eq!(history.last("f2", Some(&dir)).dropped, 0);
    }

    #[test]
    fn a_file_is_one_file_under_every_spelling() {
        let dir = folder("spelling");
        std::fs::create_dir_all(dir.join("sub")).unwrap();
        std::fs::write(dir.join("a.txt"), "x").unwrap();
        let history = UndoHistory::new();
        history.push("sub/../a.txt", Some(&dir), None, v("x"));
        assert!(history.last(dir.join("a.txt"), None).version.is_some());
    }

    fn options(dir: &Path) -> EditOptions {
        EditOptions {
            cwd: Some(dir.to_path_buf()),
            ..EditOptions::default()
        }
    }

    #[test]
    fn undo_puts_back_the_exact_bytes_and_forgets_the_edit() {
        let dir = folder("restore");
        let path = dir.join("a.txt");
        std::fs::write(&path, b"one\r\ntwo\n\xef\xbb\xbfodd\r").unwrap();
        let before = crate::read_file_bytes(
            "a.txt",
            &crate::ReadOptions {
                cwd: Some(dir.clone()),
                ..Default::default()
            },
        )
        .unwrap();
        let edit = crate::edit_file("a.txt", "two", "TWO", &options(&dir)).unwrap();
        let history = UndoHistory::new();
        history.push(
            "a.txt",
            Some(&dir),
            Some(before.bytes.clone()),
            edit.version,
        );

        let dry = history
            .undo(
                "a.txt",
                &EditOptions {
                    dry_run: true,
                    ..options(&dir)
                },
            )
            .unwrap();
        assert!(dry.diff.contains("-TWO\n+two\n"), "{}", dry.diff);
        assert_eq!(
            std::fs::read(&path).unwrap(),
            b"one\r\nTWO\n\xef\xbb\xbfodd\r"
        );
        assert!(history.last("a.txt", Some(&dir)).version.is_some());

        let done = history.undo("a.txt", &options(&dir)).unwrap();
        assert!(!done.deleted);
        assert_eq!(done.version, Some(before.version));
        assert_eq!(std::fs::read(&path).unwrap(), before.bytes);
        let last = history.last("a.txt", Some(&dir));
        assert_eq!((last.version, last.dropped), (None, 0));
        let again = history.undo("a.txt", &options(&dir)).unwrap_err();
        assert_eq!(again.code(), ErrorCode::InvalidArgument);
    }

    #[test]
    fn undo_is_refused_after_a_change_from_outside_and_keeps_the_edit() {
        let dir = folder("changed");
        let path = dir.join("a.txt");
        std::fs::write(&path, "a\r\n").unwrap();
        let edit = crate::edit_file("a.txt", "a", "b", &options(&dir)).unwrap();
        let history = UndoHistory::new();
        history.push("a.txt", Some(&dir), Some(b"a\r\n".to_vec()), edit.version);
        std::fs::write(&path, "c\r\n").unwrap();
        let error = history.undo("a.txt", &options(&dir)).unwrap_err();
        assert_eq!(error.code(), ErrorCode::FileChanged);
        assert_eq!(std::fs::read(&path).unwrap(), b"c\r\n");
        assert!(history.last("a.txt", Some(&dir)).version.is_some());
        // A caller that knows the file at another version is refused before any read.
        std::fs::write(&path, "b\r\n").unwrap();
        let known = EditOptions {
            expected_version: Some(Expected::Version(v("c\r\n"))),
            ..options(&dir)
        };
        let error = history.undo("a.txt", &known).unwrap_err();
        assert_eq!(error.code(), ErrorCode::FileChanged);
        assert_eq!(std::fs::read(&path).unwrap(), b"b\r\n");
        history.undo("a.txt", &options(&dir)).unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"a\r\n");
    }

    #[test]
    fn undoing_a_created_file_deletes_it_if_it_still_has_what_the_edit_wrote() {
        let dir = folder("created");
        let made = crate::write_file("new.txt", "x\r\n", &options(&dir)).unwrap();
        let history = UndoHistory::new();
        history.push("new.txt", Some(&dir), None, made.version);
        assert!(history.last("new.txt", Some(&dir)).created);
        std::fs::write(dir.join("new.txt"), "y\r\n").unwrap();
        let error = history.undo("new.txt", &options(&dir)).unwrap_err();
        assert_eq!(error.code(), ErrorCode::FileChanged);
        assert!(dir.join("new.txt").exists());
        std::fs::write(dir.join("new.txt"), "x\r\n").unwrap();
        let done = history.undo("new.txt", &options(&dir)).unwrap();
        assert!(done.deleted && done.version.is_none());
        assert!(done.diff.contains("-x"), "{}", done.diff);
        assert!(!dir.join("new.txt").exists());
    }

    #[cfg(unix)]
    #[test]
    fn undo_keeps_the_mode_of_the_file() {
        use std::os::unix::fs::PermissionsExt;
        let dir = folder("mode");
        let path = dir.join("run.sh");
        std::fs::write(&path, "echo a\n").unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o751)).unwrap();
        let edit = crate::edit_file("run.sh", "a", "b", &options(&dir)).unwrap();
        let history = UndoHistory::new();
        history.push(
            "run.sh",
            Some(&dir),
            Some(b"echo a\n".to_vec()),
            edit.version,
        );
        history.undo("run.sh", &options(&dir)).unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"echo a\n");
        let mode = std::fs::metadata(&path).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o751);
    }
}
