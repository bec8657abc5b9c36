//! Deleting a file with the same discipline as [`modify`](super::modify): locate and
//! confine, lock, read, check `expectedVersion`, then the race check of a write right
//! before the unlink, relative to the file's folder, so a file another process changed
//! since it was read is never deleted.
//!
//! A path that is itself a symbolic link is refused (`NOT_A_FILE`): edits go to a link's
//! target, but deleting the target would leave the link dangling, and deleting the
//! link would not delete what the caller read through it.

use std::path::{Path, PathBuf};

use super::{atomic, locate_locked, not_found_at, read, FileOptions};
use crate::error::Result;

/// What [`remove`] deleted (with `dry_run`: would delete).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Removed {
    /// The real path deleted.
    pub path: PathBuf,
    /// The version of the bytes it had.
    pub version: String,
}

/// Deletes a file: locate, lock, read, check, race check, unlink.
///
/// Fails like [`modify`](super::modify) does (`PATH_OUTSIDE_ROOT`, `FILE_NOT_FOUND`,
/// `NOT_A_FILE`, `FILE_CHANGED` when `expected_version` is not the current version or
/// another process changed the file meanwhile, `PERMISSION_DENIED`, `IO_ERROR`), and
/// with `NOT_A_FILE` for a symbolic link. With `dry_run` everything but the unlink is
/// done.
pub fn remove(path: &Path, opts: &FileOptions) -> Result<Removed> {
    let (mut located, _lock) = locate_locked(path, opts)?;
    let display = located.display.clone();
    if located.through_link {
        return Err(super::put::refuse_link(&display));
    }
    if !located.exists() {
        return Err(not_found_at(&located));
    }
    let contents = read(&mut located, opts)?;
    if let Some(expected) = &opts.expected_version {
        if contents.version != *expected {
            return Err(super::file_changed(
                &display,
                &format!(
                    "has changed since it was read (expected version {expected}, now {})",
                    contents.version
                ),
            ));
        }
    }
    let removed = Removed {
        path: located.real(),
        version: contents.version.clone(),
    };
    if opts.dry_run {
        return Ok(removed);
    }
    atomic::unlink(&located, &contents.snapshot, opts.durable)?;
    contents.snapshot.retire();
    Ok(removed)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::ErrorCode;
    use crate::file::testing::TempDir;
    use crate::file::{load, version};

    fn opts(dir: &TempDir) -> FileOptions {
        FileOptions {
            cwd: Some(dir.path().to_path_buf()),
            ..FileOptions::default()
        }
    }

    #[test]
    fn removes_a_file_and_reports_its_version() {
        let dir = TempDir::new();
        dir.write("a.txt", "x\r\n");
        let removed = remove(Path::new("a.txt"), &opts(&dir)).unwrap();
        assert_eq!(removed.version, version::version(b"x\r\n"));
        assert!(!dir.join("a.txt").exists());
    }

    #[test]
    fn a_dry_run_removes_nothing() {
        let dir = TempDir::new();
        dir.write("a.txt", "x");
        let o = FileOptions {
            dry_run: true,
            ..opts(&dir)
        };
        remove(Path::new("a.txt"), &o).unwrap();
        assert!(dir.join("a.txt").exists());
    }

    #[test]
    fn a_stale_version_or_a_missing_file_is_refused() {
        let dir = TempDir::new();
        dir.write("a.txt", "x");
        let o = FileOptions {
            expected_version: Some("0000".into()),
            ..opts(&dir)
        };
        assert_eq!(
            remove(Path::new("a.txt"), &o).unwrap_err().code,
            ErrorCode::FileChanged
        );
        assert!(dir.join("a.txt").exists());
        let e = remove(Path::new("missing.txt"), &opts(&dir)).unwrap_err();
        assert_eq!(e.code, ErrorCode::FileNotFound);
    }

    #[test]
    fn a_change_by_another_process_before_the_unlink_is_caught() {
        let dir = TempDir::new();
        dir.write("a.txt", "x");
        let version = load(Path::new("a.txt"), &opts(&dir)).unwrap().version;
        dir.write("a.txt", "y");
        let o = FileOptions {
            expected_version: Some(version),
            ..opts(&dir)
        };
        assert_eq!(
            remove(Path::new("a.txt"), &o).unwrap_err().code,
            ErrorCode::FileChanged
        );
        assert_eq!(dir.read("a.txt"), b"y");
    }

    #[test]
    fn paths_outside_the_root_and_links_are_refused() {
        let dir = TempDir::new();
        dir.write("inside/a.txt", "x");
        dir.write("outside.txt", "x");
        let o = FileOptions {
            roots: Some(vec![dir.join("inside")]),
            ..opts(&dir)
        };
        let e = remove(
            Path::new("../outside.txt"),
            &FileOptions {
                cwd: Some(dir.join("inside")),
                ..o
            },
        )
        .unwrap_err();
        assert_eq!(e.code, ErrorCode::PathOutsideRoot);
        assert!(dir.join("outside.txt").exists());
        #[cfg(unix)]
        {
            std::os::unix::fs::symlink(dir.join("inside/a.txt"), dir.join("link.txt")).unwrap();
            let e = remove(Path::new("link.txt"), &opts(&dir)).unwrap_err();
            assert_eq!(e.code, ErrorCode::NotAFile);
            assert!(dir.join("inside/a.txt").exists());
        }
    }
}
