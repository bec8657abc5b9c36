//! A tool set's read state: the version of every file its read tool showed the model
//! or its writes produced, so that a change to a file that changed on disk since is
//! refused (`FILE_CHANGED`), and with `require_read` a change to an existing file the
//! model never read.
//!
//! The smallest form of SPEC section 14's session, shared by the front-ends that hold
//! no file state of their own (the Python tools): files are keyed by their real path
//! when they exist (a link and its target, `.` and `..` spellings, are one file) and by
//! their absolute path when they do not, as the JavaScript tool set keys them. What the
//! read showed, the per-file order of calls and sizes are not kept here yet.
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

use crate::error::{Error, ErrorCode, Result};
use crate::file::path::strip_verbatim;
use crate::message::{Message, Op, Part};

/// Versions of files by identity, behind a lock (a tool set may be called from several
/// threads).
#[derive(Debug, Default)]
pub struct ReadState {
    versions: Mutex<HashMap<PathBuf, Box<str>>>,
}

impl ReadState {
    /// An empty read state: no file read yet.
    pub fn new() -> ReadState {
        ReadState::default()
    }

    /// Remembers `version` as what the model now knows of `path` (a read, or a write
    /// that left the file so).
    pub fn record(&self, path: &str, cwd: Option<&Path>, version: &str) {
        let key = key(path, cwd);
        self.lock().insert(key, version.into());
    }

    /// Forgets `path` (it was deleted or moved away).
    pub fn forget(&self, path: &str, cwd: Option<&Path>) {
        let key = key(path, cwd);
        self.lock().remove(&key);
    }

    /// The version remembered for `path`, if any.
    pub fn version(&self, path: &str, cwd: Option<&Path>) -> Option<String> {
        let key = key(path, cwd);
        self.lock().get(&key).map(|v| v.to_string())
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
        if let Some(version) = self.lock().get(&key) {
            return Ok(Some(version.to_string()));
        }
        if require_read && key.is_file() {
            return Err(not_read(path));
        }
        Ok(None)
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<PathBuf, Box<str>>> {
        // A panic while holding the lock leaves a map that is still whole.
        self.versions.lock().unwrap_or_else(|p| p.into_inner())
    }
}

/// The file `path` names, as the JavaScript tool set keys it (`pathInfo`): its real
/// path when it exists (through every link, without Windows' `\\?\` prefix); else its
/// folder's real path and its name (a file about to be created); else the path as
/// given, made absolute.
fn key(path: &str, cwd: Option<&Path>) -> PathBuf {
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
