//! A tool set's read state: the version of every file its read tool showed the model
//! or its writes produced, so that a change to a file that changed on disk since is
//! refused (`FILE_CHANGED`), and with `require_read` a change to an existing file the
//! model never read.
//!
//! SPEC section 14's session, the one implementation behind both front-ends (the
//! JavaScript tools through the addon's `ReadState` class, the Python tools through
//! `eol_edit._native.ReadState`). What it keeps, by file:
//!
//! - the version the model knows ([`ReadState::record`], [`ReadState::mark_read`],
//!   [`ReadState::wrote`]);
//! - about the file's size when it was last looked up or written, for a front-end that
//!   picks where a call runs by it ([`ReadState::look_up`]);
//! - what each read showed the model ([`ReadState::saw`]; files up to 1 MiB, 64 MiB in
//!   all, least recently used first out), so that a `FILE_CHANGED` can show the lines
//!   that changed since ([`ReadState::explain_changed`]). A write to a file seen whole
//!   keeps its diff, applied to the seen text only when a stale call needs it; one seen
//!   in part and small enough is read again ([`ReadState::wrote`]).
//!
//! **Keys.** A file is known by its real path when it exists (through every link, as
//! the operating system gives it for the open file, so a link and its target, `a/../b`
//! and `b`, and on a file system that ignores case two spellings, are one file; on
//! Windows an 8.3 short name too), else by its folder's real path and its name (a file
//! about to be created). Each spelling (absolute path) a file was last read or written
//! by is kept with its key, and used while the state has the file's version, so a
//! call on a file it knows costs no look-up; a read looks the spelling up again (a link
//! may lead elsewhere by now: the library then finds the wrong version and refuses).
//!
//! The per-file order of calls is not kept here: the JavaScript tools queue their
//! calls themselves (a queue of Promises), the Python tools call one change at a time.
//!
//! ```
//! use eol_edit::ReadState;
//!
//! let state = ReadState::new();
//! let dir = std::env::temp_dir();
//! assert_eq!(state.expected("never-read.txt", Some(&dir), false).unwrap(), None);
//! ```

mod content;
mod explain;
mod seen;
#[cfg(test)]
mod tests;

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use crate::api::options::ReadOptions;
use crate::api::results::EditResult;
use crate::api::version::Expected;
use crate::error::{Error, ErrorCode, Result};
use crate::file::path::real_location;
use crate::message::{Message, Op, Part};
pub use content::{MarkRead, Marked};
use seen::Seen;

/// Versions of files by identity, and what the model saw of them, behind a lock (a tool
/// set may be called from several threads).
#[derive(Debug, Default)]
pub struct ReadState {
    inner: Mutex<Inner>,
}

#[derive(Debug, Default)]
struct Inner {
    versions: HashMap<PathBuf, Box<str>>,
    /// About the size of each file when it was last looked up or written.
    sizes: HashMap<PathBuf, u64>,
    /// The key of each absolute path a file was last read or written by.
    spellings: HashMap<PathBuf, PathBuf>,
    seen: HashMap<PathBuf, Seen>,
    /// The bytes of every `Seen`'s lines and pending diffs.
    seen_size: usize,
    /// A clock for least recently used.
    tick: u64,
}

/// A file as [`ReadState::look_up`] finds it.
#[non_exhaustive]
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Lookup {
    /// The file's key: its real path, or its folder's real path and its name.
    pub key: PathBuf,
    /// Whether the file exists (as far as the look-up went: a spelling the state knows
    /// counts as existing).
    pub exists: bool,
    /// About its size in bytes (0 for a missing file or anything not a file): the one
    /// kept since its last look-up or write while the state has its version.
    pub size: u64,
    /// The version the model knows, if any.
    pub version: Option<String>,
}

/// A file written whose lines were seen in part is read again up to this size.
const REREAD_MAX: u64 = 64 * 1024;
/// The most spellings kept: past this, they are all forgotten (and looked up again).
const SPELLINGS_MAX: usize = 65536;
/// The version recorded for a file whose content has changed since the host read it:
/// no file has it (a version is a 128-bit hash), so every change to it fails with
/// `FILE_CHANGED`, under its file lock, as for any other stale read.
pub(crate) const STALE: &str = "00000000000000000000000000000000";

impl ReadState {
    /// An empty read state: no file read yet.
    pub fn new() -> ReadState {
        ReadState::default()
    }

    /// Remembers `version` as what the model now knows of `path` (a read, or a write
    /// that left the file so). The path is looked up afresh.
    pub fn record(&self, path: &str, cwd: Option<&Path>, version: &str) {
        let absolute = absolute(path, cwd);
        let key = real_key(&absolute);
        self.lock().record(absolute, key, version);
    }

    /// Forgets `path` (it was deleted or moved away, or a host dropped it from the
    /// model's context), and what was seen of it: with `require_read`, it must be read
    /// again before it is changed.
    pub fn forget(&self, path: &str, cwd: Option<&Path>) {
        let absolute = absolute(path, cwd);
        let key = real_key(&absolute);
        self.lock().forget(&absolute, &key);
    }

    /// The version remembered for `path`, if any.
    pub fn version(&self, path: &str, cwd: Option<&Path>) -> Option<String> {
        let key = self.key(&absolute(path, cwd), false);
        self.lock().versions.get(&key).map(|v| v.to_string())
    }

    /// The file `path` names as this state knows it: its key, whether it exists, about
    /// its size and its version. `fresh` looks the path up even when the state knows the
    /// spelling (a read: what the model reads next is what it knows of the file); else
    /// a spelling of a file whose version the state has is taken as it was, with no
    /// look-up, and its size as last kept.
    pub fn look_up(&self, path: &str, cwd: Option<&Path>, fresh: bool) -> Lookup {
        let absolute = absolute(path, cwd);
        if !fresh {
            let mut inner = self.lock();
            if let Some(key) = inner.known_spelling(&absolute) {
                let version = inner.versions.get(&key).map(|v| v.to_string());
                let size = match inner.sizes.get(&key) {
                    Some(&size) => size,
                    None => {
                        drop(inner);
                        let size = file_size(&key);
                        inner = self.lock();
                        inner.sizes.insert(key.clone(), size);
                        size
                    }
                };
                return Lookup {
                    key,
                    exists: true,
                    size,
                    version,
                };
            }
        }
        let (key, exists, looked) = look_up_path(&absolute);
        let mut inner = self.lock();
        let version = inner.versions.get(&key).map(|v| v.to_string());
        let size = match (fresh, &version, inner.sizes.get(&key)) {
            (false, Some(_), Some(&size)) => size,
            _ => {
                inner.sizes.insert(key.clone(), looked);
                looked
            }
        };
        Lookup {
            key,
            exists,
            size,
            version,
        }
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
        let key = self.key(&absolute(path, cwd), false);
        if let Some(version) = self.lock().versions.get(&key) {
            return Ok(Some(version.to_string()));
        }
        if require_read && key.is_file() {
            return Err(not_read(path));
        }
        Ok(None)
    }

    /// Keeps the lines a read showed the model: `lines` from line `start` of `path` at
    /// `version`, which has `total_lines`, if that is the version the state has for the
    /// file (a read records its version first). They join what earlier reads showed of
    /// the same version, else replace it.
    pub fn saw(
        &self,
        path: &str,
        cwd: Option<&Path>,
        version: &str,
        start: usize,
        lines: Vec<String>,
        total_lines: usize,
    ) {
        let key = self.key(&absolute(path, cwd), false);
        let mut inner = self.lock();
        if inner.versions.get(&key).map(|v| &**v) != Some(version) {
            return;
        }
        let bytes = match inner.sizes.get(&key) {
            Some(&size) => size,
            None => file_size(&key),
        };
        inner.saw(key, version, start, lines, total_lines, bytes);
    }

    /// [`saw`](ReadState::saw) with the read's text: the first `shown` lines of
    /// `content` (the LF view a read gave, from line `start`).
    #[allow(clippy::too_many_arguments)]
    pub fn saw_text(
        &self,
        path: &str,
        cwd: Option<&Path>,
        version: &str,
        start: usize,
        content: &str,
        shown: usize,
        total_lines: usize,
    ) {
        let lines = if shown == 0 {
            Vec::new()
        } else {
            content
                .split('\n')
                .take(shown)
                .map(str::to_string)
                .collect()
        };
        self.saw(path, cwd, version, start, lines, total_lines)
    }

    /// Records a file a change wrote: its version now, and its size now (a write may
    /// have grown a small file far past what a calling thread should take on).
    ///
    /// A file whose lines the model has seen is kept as seen whole as it is now (the
    /// model made it so: what it read, with its change), so that a change from outside
    /// after the write (a formatter's) can be shown to it: a file seen whole from
    /// `diff`, the change's unified diff (kept, and applied only when a stale call
    /// needs the text); one seen in part, up to 64 KiB, by reading it again (not when
    /// `options` has an `encoding`; its `root` applies).
    pub fn wrote(
        &self,
        path: &str,
        cwd: Option<&Path>,
        version: &str,
        diff: Option<&str>,
        options: &ReadOptions,
    ) {
        self.record_write(path, cwd, version, diff, options, None)
    }

    /// [`wrote`](ReadState::wrote), with the file's size when the write gave it (else
    /// it is looked up).
    fn record_write(
        &self,
        path: &str,
        cwd: Option<&Path>,
        version: &str,
        diff: Option<&str>,
        options: &ReadOptions,
        size: Option<u64>,
    ) {
        let absolute = absolute(path, cwd);
        let key = self.key(&absolute, false);
        let size = size.unwrap_or_else(|| file_size(&key));
        let reread = {
            let mut inner = self.lock();
            inner.record(absolute, key.clone(), version);
            inner.sizes.insert(key.clone(), size);
            inner.wrote(&key, version, diff, size)
        };
        if !reread || options.encoding.is_some() || size > REREAD_MAX {
            return;
        }
        let read = ReadOptions {
            cwd: None,
            max_bytes: 0,
            offset: None,
            limit: None,
            ..options.clone()
        };
        // The key: the file the write just made, found again without a walk.
        if let Ok(now) = crate::read_file(&key, &read) {
            if now.version.to_string() == version {
                self.lock().saw_whole(key, &now, size);
            }
        }
    }

    /// Makes a change of one file as a tool set's call makes it, in one step: the
    /// version it must find is the one the state has for `path` (none for a file never
    /// read; with `require_read`, an existing file never read is refused with
    /// `FILE_CHANGED` and a hint to read it first, a missing one must still be missing
    /// and one over the size limit is not checked, as no read of it can be asked);
    /// `write` makes the change with it (it must write: no dry run); a `FILE_CHANGED`
    /// then shows what changed since the model read the file (as
    /// [`explain_changed`](ReadState::explain_changed)), and a change made is recorded
    /// as [`wrote`](ReadState::wrote) records it, with the change's diff. `read`: the
    /// call's `cwd`, `root`, `encoding` and `max_bytes`.
    ///
    /// # Errors
    ///
    /// The refusal of a file never read, and whatever `write` fails with.
    pub fn change(
        &self,
        path: &str,
        read: &ReadOptions,
        require_read: bool,
        write: impl FnOnce(Option<Expected>) -> Result<EditResult>,
    ) -> Result<EditResult> {
        let cwd = read.cwd.as_deref();
        let absolute = absolute(path, cwd);
        let key = self.key(&absolute, false);
        let known = self.lock().versions.get(&key).map(|v| v.to_string());
        let expected = match known {
            Some(version) => Some(version),
            None if require_read => unread_expected(path, &absolute, read)?,
            None => None,
        };
        let result = write(expected.clone().map(Expected::from_binding)).map_err(|error| {
            if error.code() != ErrorCode::FileChanged {
                return error;
            }
            self.explain_changed(&[path], |_| expected.clone(), cwd, read)
                .unwrap_or(error)
        })?;
        let recorded = ReadOptions {
            encoding: read.encoding.clone(),
            ..ReadOptions::default()
        };
        self.record_write(
            path,
            cwd,
            &result.version.to_string(),
            Some(&result.diff),
            &recorded,
            result.size,
        );
        Ok(result)
    }

    /// The file an absolute path names: the key its spelling was last recorded under
    /// while the state has that file's version (`fresh`: looked up again regardless).
    fn key(&self, absolute: &Path, fresh: bool) -> PathBuf {
        if !fresh {
            if let Some(key) = self.lock().known_spelling(absolute) {
                return key;
            }
        }
        real_key(absolute)
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Inner> {
        // A panic while holding the lock leaves maps that are still whole.
        self.inner.lock().unwrap_or_else(|p| p.into_inner())
    }
}

impl Inner {
    fn record(&mut self, absolute: PathBuf, key: PathBuf, version: &str) {
        if self.spellings.len() >= SPELLINGS_MAX {
            self.spellings.clear();
        }
        self.spellings.insert(absolute, key.clone());
        self.versions.insert(key, version.into());
    }

    fn forget(&mut self, absolute: &Path, key: &Path) {
        self.versions.remove(key);
        self.spellings.remove(absolute);
        self.drop_seen(key);
    }

    fn known_spelling(&self, absolute: &Path) -> Option<PathBuf> {
        let key = self.spellings.get(absolute)?;
        self.versions.contains_key(key).then(|| key.clone())
    }
}

/// The key of `path` (from `cwd` when relative), looked up now: what the undo history
/// keys files by too, so that both know a file by one identity.
pub(crate) fn key(path: &str, cwd: Option<&Path>) -> PathBuf {
    real_key(&absolute(path, cwd))
}

/// `path` made absolute: from `cwd` when relative (default: the process's folder).
fn absolute(path: &str, cwd: Option<&Path>) -> PathBuf {
    let given = Path::new(path);
    let joined = match cwd {
        Some(cwd) if given.is_relative() => cwd.join(given),
        _ => given.to_path_buf(),
    };
    std::path::absolute(&joined).unwrap_or(joined)
}

/// The key of an absolute path: its real path when it exists (through every link,
/// without Windows' `\\?\` prefix); else the real path of its deepest existing folder
/// and the rest of it (a file about to be created, `..` among the missing folders
/// taken by name), as the core's file functions find it; else the path as given.
fn real_key(absolute: &Path) -> PathBuf {
    real_location(absolute).unwrap_or_else(|_| absolute.to_path_buf())
}

/// An absolute path's key, whether it exists, and a file's size (0 for anything else).
fn look_up_path(absolute: &Path) -> (PathBuf, bool, u64) {
    let key = real_key(absolute);
    let (exists, size) = match std::fs::metadata(&key) {
        Ok(meta) => (true, if meta.is_file() { meta.len() } else { 0 }),
        Err(_) => (false, 0),
    };
    (key, exists, size)
}

/// A file's size now, 0 when it has none (missing, or not a file).
fn file_size(key: &Path) -> u64 {
    std::fs::metadata(key)
        .ok()
        .filter(|m| m.is_file())
        .map_or(0, |m| m.len())
}

/// The version a change of a file never read must find, with `require_read`: none
/// for a file over the size limit (no read of it can be asked, and the write checks
/// what a change may do to it), "absent" for a missing one (one created meanwhile is
/// not overwritten); an existing one is refused. Looked at through `read_file`, so
/// that a path outside the root fails as it would anywhere.
fn unread_expected(path: &str, absolute: &Path, read: &ReadOptions) -> Result<Option<String>> {
    let options = ReadOptions {
        offset: None,
        limit: Some(0),
        ..read.clone()
    };
    match crate::read_file(absolute, &options) {
        Ok(_) => Err(not_read(path)),
        Err(e) if e.code() == ErrorCode::FileNotFound => {
            Ok(Some(crate::file::version::ABSENT.to_string()))
        }
        Err(e) if e.code() == ErrorCode::FileTooLarge => Ok(None),
        Err(e) => Err(e),
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
