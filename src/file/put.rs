//! Exact bytes, for a patch's commit and for `restore_file`: a file created with the
//! bytes and the attributes it must end with, or replaced if it still has the version
//! that was read, with the same discipline as [`modify`](super::modify) (locate and confine, lock, read, check,
//! race check, atomic write relative to the file's folder).
//!
//! What [`modify`](super::modify) leaves to its defaults is the caller's here, because
//! a patch moves files and puts them back:
//!
//! - **Attributes.** A moved file keeps its permission bits (and, as root, its owner;
//!   on Windows its attributes), and a file put back by a rollback gets its own again.
//!   They are set on the handle the bytes are written through before the file has its
//!   name, so nobody ever sees it with wider permissions than it ends with, a `SIGKILL`
//!   cannot leave it so, and no link planted at its name is ever followed by a `chmod`.
//! - **Folders.** The folders created for a new file are handed back ([`NewFolders`]),
//!   so that a rollback removes them again, and only them, and only if empty.
//!
//! [`writable`] makes the permission checks of a write ahead of time, through the same
//! open folder, never by looking the path up again.

use std::ffi::OsString;
use std::path::Path;

use super::atomic::{self, Expect};
use super::path::{self, Located};
use super::sys::Dir;
use super::{
    check_size, file_changed, io_failure, locate_locked, read, version, Action, FileOptions,
};
use crate::encoding::Decoded;
use crate::error::{Error, ErrorCode, Result};
use crate::message::Message;

/// What a file keeps besides its bytes when it is replaced or moved: its permission
/// bits and owner on Unix, its attributes (hidden, system, archive…) on Windows. The
/// default (all zero) stands for a buffer's, which has none and is never written.
#[derive(Debug, Clone, Copy, Default)]
pub struct Attributes(pub(crate) super::sys::Extra);

impl Attributes {
    /// The Unix permission bits (setuid, setgid and sticky included); `None` on Windows.
    #[cfg(test)]
    pub fn mode(&self) -> Option<u32> {
        self.0.mode()
    }
}

impl PartialEq for Attributes {
    fn eq(&self, other: &Self) -> bool {
        self.0.same(&other.0)
    }
}

impl Eq for Attributes {}

/// What [`put`] wrote (with `dry_run`: would write).
#[derive(Debug)]
pub struct Put {
    /// The version of the bytes now in the file.
    pub version: String,
    /// What the caller should tell its user about the write (a hard link broken).
    pub warnings: Vec<Message>,
    /// The folders created for a new file, to remove again on a rollback.
    pub folders: NewFolders,
}

/// Folders [`put`] created for a new file: held by the open folder they were created
/// in, so removing them never follows a link or a rename to somewhere else.
#[derive(Debug, Default)]
pub struct NewFolders {
    base: Option<Dir>,
    /// Outermost first.
    names: Vec<OsString>,
}

impl NewFolders {
    /// True when no folder was created.
    #[cfg(test)]
    pub fn is_empty(&self) -> bool {
        self.names.is_empty()
    }

    /// Removes the folders, innermost first, each only if it is still empty.
    pub fn remove(self) {
        if let Some(base) = self.base {
            atomic::remove_dirs(&base, self.names);
        }
    }
}

/// Writes `bytes` exactly as they are (no encoder) to `path`: a new file when
/// `expected` is `None` (missing folders are created and reported), else a file that
/// must still have the version `expected`. `keep` gives the file these attributes (see
/// the module docs); `None` keeps a replaced file's own and gives a new file the
/// default. With `opts.dry_run` every check is made and nothing is written.
///
/// Fails like [`modify`](super::modify): `FILE_CHANGED` when the file is not as
/// expected (a new name already taken, or taken by a symbolic link), `FILE_TOO_LARGE`
/// past the size limit ([`check_size`](super::check_size)), and the codes of locating,
/// reading and writing.
pub fn put(
    path: &Path,
    opts: &FileOptions,
    expected: Option<&str>,
    bytes: &[u8],
    keep: Option<&Attributes>,
) -> Result<Put> {
    put_inspected(path, opts, expected, bytes, keep, |_, _| Ok(())).map(|(put, ())| put)
}

/// [`put`], showing `inspect` the decoded file the bytes replace (`None`: a new file)
/// and its real path once every check is made and before anything is written: what it
/// returns comes back with the write, and its failure fails the put with nothing
/// written (`restore_file` diffs the old text against the new there).
///
/// Bytes a file already has, put with its own attributes (`keep` of `None`), are not
/// written again: the file is left as it is.
pub fn put_inspected<T>(
    path: &Path,
    opts: &FileOptions,
    expected: Option<&str>,
    bytes: &[u8],
    keep: Option<&Attributes>,
    inspect: impl FnOnce(Option<&Decoded>, &Path) -> Result<T>,
) -> Result<(Put, T)> {
    let (mut located, _lock) = locate_locked(path, opts)?;
    let display = located.display.clone();
    let contents = match expected {
        None if located.exists() => {
            return Err(file_changed(
                &display,
                "was created by another process meanwhile",
            ))
        }
        // A name that became a link (dangling, or its target gone) since it was
        // planned: creating would write through it.
        None if located.through_link => {
            return Err(file_changed(&display, "was made a symbolic link meanwhile"))
        }
        None => None,
        Some(expected) => {
            let contents = read(&mut located, opts)?;
            if contents.version != expected {
                return Err(file_changed(
                    &display,
                    &format!(
                        "has changed since it was read (expected version {expected}, now {})",
                        contents.version
                    ),
                ));
            }
            Some(contents)
        }
    };
    let mut warnings = Vec::new();
    let links = contents.as_ref().map_or(1, |c| c.snapshot.links());
    let break_link = located.confined && links > 1;
    if break_link {
        warnings.push(
            format!(
                "{} had {links} hard links; inside the root it was replaced under this name only, so its other names keep the old content.",
                display.display(),
            )
            .into(),
        );
    }
    let old_len = contents.as_ref().map(|c| c.len);
    check_size(&display, bytes.len() as u64, old_len, opts.max_bytes)?;
    let written = version::version(bytes);
    let inspected = inspect(contents.as_ref().map(|c| &c.decoded), &located.real())?;
    let unchanged = keep.is_none() && contents.as_ref().is_some_and(|c| c.version == written);
    if opts.dry_run || unchanged {
        let put = Put {
            version: written,
            warnings: if unchanged { Vec::new() } else { warnings },
            folders: NewFolders::default(),
        };
        return Ok((put, inspected));
    }
    let expect = match &contents {
        Some(c) => Expect::Unchanged(&c.snapshot),
        None => Expect::Absent,
    };
    let keep = keep.map(|k| &k.0);
    // An empty file is written as no pieces at all: an empty one reads as a failed write.
    let pieces: &[&[u8]] = if bytes.is_empty() { &[] } else { &[bytes] };
    let created = atomic::write_as(&located, pieces, expect, break_link, opts.durable, keep)?;
    if let Some(c) = contents {
        c.snapshot.retire();
    }
    let Located { dir, .. } = located;
    let put = Put {
        version: written,
        warnings,
        folders: NewFolders {
            base: (!created.is_empty()).then_some(dir),
            names: created,
        },
    };
    Ok((put, inspected))
}

/// A copy of a file's bytes kept beside it, as `.<name>.eol-edit-<random>.tmp`, while a
/// patch overwrites the file with content that is not yet anywhere else (a swap of two
/// files): a crash then leaves that copy instead of losing the bytes. Dropped without
/// [`Stash::remove`], it stays.
#[derive(Debug)]
pub struct Stash {
    dir: Dir,
    name: OsString,
    display: std::path::PathBuf,
}

impl Stash {
    /// Where the copy is, spelled as the path it was made beside.
    pub fn path(&self) -> &Path {
        &self.display
    }

    /// Deletes the copy.
    pub fn remove(self) {
        let _ = self.dir.remove_file(&self.name);
    }
}

/// Keeps `bytes` with the attributes `keep` in a new hidden file beside `path` (see
/// [`Stash`]), created relative to the folder's handle like any new file.
pub fn stash(path: &Path, opts: &FileOptions, bytes: &[u8], keep: &Attributes) -> Result<Stash> {
    let located = path::locate(path, opts.roots.as_deref(), opts.cwd.as_deref())?;
    let name = OsString::from(super::sys::temp_name(&located.name));
    let display = located.display.with_file_name(&name);
    let pieces: &[&[u8]] = if bytes.is_empty() { &[] } else { &[bytes] };
    atomic::write_copy(&located.dir, &name, &display, pieces, &keep.0)?;
    Ok(Stash {
        dir: located.dir,
        name,
        display,
    })
}

/// `PERMISSION_DENIED` unless this process may write `path` now: the file itself when
/// it exists (as `open` for writing would say, even where its folder would let a rename
/// replace it), and the folder that holds it or will hold it (its nearest existing
/// folder), which must take new names, and may replace the file (a sticky folder such
/// as `/tmp` lets only the file's or the folder's owner do that). Other codes as
/// [`path::locate`] fails.
pub fn writable(path: &Path, opts: &FileOptions) -> Result<()> {
    let located = path::locate(path, opts.roots.as_deref(), opts.cwd.as_deref())?;
    let fail = |err: std::io::Error| io_failure(err, &located.display, Action::Write);
    if let Some((_, stat)) = &located.file {
        super::sys::check_writable(&located.dir, &located.name, stat).map_err(fail)?;
        located.dir.check_sticky(stat).map_err(fail)?;
    }
    located.dir.check_folder_writable().map_err(fail)
}

/// `PERMISSION_DENIED` unless this process may remove `path`'s name from its folder
/// now (the folder takes changes, and is not sticky with the file another user's).
/// Other codes as [`path::locate`] fails.
pub fn removable(path: &Path, opts: &FileOptions) -> Result<()> {
    let located = path::locate(path, opts.roots.as_deref(), opts.cwd.as_deref())?;
    let fail = |err: std::io::Error| io_failure(err, &located.display, Action::Write);
    if let Some((_, stat)) = &located.file {
        located.dir.check_sticky(stat).map_err(fail)?;
    }
    located.dir.check_folder_writable().map_err(fail)
}

/// `NOT_A_FILE` for a path that is itself a symbolic link, which a patch may neither
/// delete nor move (see [`super::remove()`]).
pub(crate) fn refuse_link(display: &Path) -> Error {
    Error::new(
        ErrorCode::NotAFile,
        format!(
            "Not a file: {} is a symbolic link. Deleting or moving it here would either leave the link dangling or keep the file it names; change the link itself with your shell.",
            display.display()
        ),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::file::atomic::hooks;
    use crate::file::testing::TempDir;
    use crate::file::version;
    use std::fs;

    fn opts(dir: &TempDir) -> FileOptions {
        FileOptions {
            cwd: Some(dir.path().to_path_buf()),
            ..FileOptions::default()
        }
    }

    #[cfg(unix)]
    fn attributes(dir: &TempDir, rel: &str) -> Attributes {
        crate::file::load(Path::new(rel), &opts(dir))
            .unwrap()
            .attributes
    }

    #[cfg(unix)]
    fn mode(path: &Path) -> u32 {
        use std::os::unix::fs::PermissionsExt;
        fs::symlink_metadata(path).unwrap().permissions().mode() & 0o7777
    }

    #[cfg(unix)]
    fn set_mode(path: &Path, mode: u32) {
        use std::os::unix::fs::PermissionsExt;
        fs::set_permissions(path, fs::Permissions::from_mode(mode)).unwrap();
    }

    #[cfg(unix)]
    #[test]
    fn a_new_file_gets_the_given_mode_exactly_and_its_new_folders_are_reported() {
        let dir = TempDir::new();
        dir.write("model.txt", "m");
        set_mode(&dir.join("model.txt"), 0o751);
        let keep = attributes(&dir, "model.txt");
        assert_eq!(keep.mode(), Some(0o751));
        let put = put(
            Path::new("a/b/new.txt"),
            &opts(&dir),
            None,
            b"x\r\n",
            Some(&keep),
        )
        .unwrap();
        assert_eq!(dir.read("a/b/new.txt"), b"x\r\n");
        assert_eq!(put.version, version::version(b"x\r\n"));
        // Wider than the umask would allow, so it was set on the handle, not by default.
        assert_eq!(mode(&dir.join("a/b/new.txt")), 0o751);
        assert!(!put.folders.is_empty());
        fs::remove_file(dir.join("a/b/new.txt")).unwrap();
        put.folders.remove();
        assert_eq!(dir.listing(""), ["model.txt"]);
    }

    #[test]
    fn removing_new_folders_keeps_the_ones_something_else_was_put_in() {
        let dir = TempDir::new();
        let first = put(Path::new("a/b/one.txt"), &opts(&dir), None, b"1", None).unwrap();
        let second = put(Path::new("a/c/two.txt"), &opts(&dir), None, b"2", None).unwrap();
        fs::remove_file(dir.join("a/b/one.txt")).unwrap();
        // `a` holds `c`: only `b` goes.
        first.folders.remove();
        assert_eq!(dir.listing(""), ["a", "a/c", "a/c/two.txt"]);
        fs::remove_file(dir.join("a/c/two.txt")).unwrap();
        second.folders.remove();
        assert_eq!(dir.listing(""), ["a"]);
    }

    #[cfg(unix)]
    #[test]
    fn a_named_temp_already_has_the_final_mode_while_it_is_written() {
        use std::cell::RefCell;
        use std::rc::Rc;
        for replacing in [false, true] {
            let dir = TempDir::new();
            dir.write("secret.txt", "s");
            set_mode(&dir.join("secret.txt"), 0o600);
            dir.write("open.txt", "o");
            set_mode(&dir.join("open.txt"), 0o644);
            let keep = attributes(&dir, "secret.txt");
            let expected = replacing.then(|| version::version(b"o"));
            let target = if replacing { "open.txt" } else { "new.txt" };
            let seen = Rc::new(RefCell::new(Vec::new()));
            let (folder, seen_in_hook) = (dir.path().to_path_buf(), Rc::clone(&seen));
            hooks::set_named_temp_only(true);
            hooks::set_before_commit(move || {
                for entry in fs::read_dir(folder)? {
                    let path = entry?.path();
                    if path.to_string_lossy().contains(".eol-edit-") {
                        seen_in_hook.borrow_mut().push(mode(&path));
                    }
                }
                Ok(())
            });
            put(
                Path::new(target),
                &opts(&dir),
                expected.as_deref(),
                b"S",
                Some(&keep),
            )
            .unwrap();
            hooks::set_named_temp_only(false);
            assert_eq!(*seen.borrow(), [0o600], "replacing: {replacing}");
            assert_eq!(mode(&dir.join(target)), 0o600);
            assert_eq!(dir.read(target), b"S");
        }
    }

    #[test]
    fn a_stale_version_or_a_taken_name_is_file_changed_and_nothing_is_written() {
        let dir = TempDir::new();
        dir.write("a.txt", "a");
        let e = put(Path::new("a.txt"), &opts(&dir), Some("stale"), b"A", None).unwrap_err();
        assert_eq!(e.code, ErrorCode::FileChanged);
        let e = put(Path::new("a.txt"), &opts(&dir), None, b"A", None).unwrap_err();
        assert_eq!(e.code, ErrorCode::FileChanged);
        assert_eq!(dir.read("a.txt"), b"a");
        let dry = FileOptions {
            dry_run: true,
            ..opts(&dir)
        };
        let v = version::version(b"a");
        assert_eq!(
            put(Path::new("a.txt"), &dry, Some(&v), b"A", None)
                .unwrap()
                .version,
            version::version(b"A")
        );
        assert_eq!(dir.read("a.txt"), b"a");
        put(Path::new("a.txt"), &opts(&dir), Some(&v), b"", None).unwrap();
        assert_eq!(dir.read("a.txt"), b"");
    }

    #[cfg(unix)]
    #[test]
    fn a_new_name_that_is_a_link_is_never_written_through() {
        let dir = TempDir::new();
        std::os::unix::fs::symlink(dir.join("target.txt"), dir.join("link.txt")).unwrap();
        let e = put(Path::new("link.txt"), &opts(&dir), None, b"x", None).unwrap_err();
        assert_eq!(e.code, ErrorCode::FileChanged);
        assert!(!dir.join("target.txt").exists());
    }

    #[cfg(unix)]
    #[test]
    fn other_attributes_replace_a_hard_linked_file_and_its_own_write_it_in_place() {
        let dir = TempDir::new();
        dir.write("a.txt", "a");
        fs::hard_link(dir.join("a.txt"), dir.join("b.txt")).unwrap();
        dir.write("secret.txt", "s");
        set_mode(&dir.join("secret.txt"), 0o600);
        let own = attributes(&dir, "a.txt");
        let v = version::version(b"a");
        put(Path::new("a.txt"), &opts(&dir), Some(&v), b"A", Some(&own)).unwrap();
        assert_eq!(dir.read("b.txt"), b"A");
        // Another file's bytes with its mode: the other name keeps the old ones.
        let secret = attributes(&dir, "secret.txt");
        let v = version::version(b"A");
        put(
            Path::new("a.txt"),
            &opts(&dir),
            Some(&v),
            b"S",
            Some(&secret),
        )
        .unwrap();
        assert_eq!(
            (dir.read("a.txt"), mode(&dir.join("a.txt"))),
            (b"S".to_vec(), 0o600)
        );
        assert_eq!(dir.read("b.txt"), b"A");
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn a_read_only_folder_or_file_is_permission_denied_ahead_of_the_write() {
        use crate::file::testing::without_root;
        let dir = TempDir::new();
        dir.write("ro/a.txt", "a");
        dir.write("rw/b.txt", "b");
        set_mode(&dir.join("rw/b.txt"), 0o444);
        set_mode(&dir.join("rw"), 0o777);
        set_mode(&dir.join("ro"), 0o555);
        let o = opts(&dir);
        let code = |r: Result<()>| r.map_err(|e| e.code);
        without_root(|| {
            let denied = Err(ErrorCode::PermissionDenied);
            assert_eq!(code(writable(Path::new("ro/a.txt"), &o)), denied);
            assert_eq!(code(writable(Path::new("ro/new/c.txt"), &o)), denied);
            assert_eq!(code(removable(Path::new("ro/a.txt"), &o)), denied);
            assert_eq!(code(writable(Path::new("rw/b.txt"), &o)), denied);
            assert_eq!(code(removable(Path::new("rw/b.txt"), &o)), Ok(()));
            assert_eq!(code(writable(Path::new("rw/new.txt"), &o)), Ok(()));
        });
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn a_file_of_another_user_in_a_sticky_folder_can_be_neither_replaced_nor_removed() {
        use crate::file::testing::without_root;
        // SAFETY: geteuid has no preconditions.
        if unsafe { libc::geteuid() } != 0 {
            return; // the file must belong to another user than the one checking
        }
        let dir = TempDir::new();
        dir.write("tmp/theirs.txt", "t");
        set_mode(&dir.join("tmp/theirs.txt"), 0o666);
        set_mode(&dir.join("tmp"), 0o1777);
        let o = opts(&dir);
        let code = |r: Result<()>| r.map_err(|e| e.code);
        without_root(|| {
            let denied = Err(ErrorCode::PermissionDenied);
            assert_eq!(code(writable(Path::new("tmp/theirs.txt"), &o)), denied);
            assert_eq!(code(removable(Path::new("tmp/theirs.txt"), &o)), denied);
            // New names are fine, and so is the real write check as root.
            assert_eq!(code(writable(Path::new("tmp/mine.txt"), &o)), Ok(()));
        });
        assert_eq!(code(writable(Path::new("tmp/theirs.txt"), &o)), Ok(()));
    }
}
