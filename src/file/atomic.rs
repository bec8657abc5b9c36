//! Writing a file so that a failure or a crash never leaves half of it.
//!
//! The new bytes go to a temporary file in the target's folder, which is then renamed
//! over the target: readers see the old file or the new one, never a mix. Along the way:
//!
//! - **Where the temp lives.** On Linux an anonymous `O_TMPFILE` is written and only
//!   given a name (`linkat` through `/proc/self/fd`) right before the rename, so a
//!   `SIGKILL` during the write leaves nothing behind; a new file is linked straight
//!   into place. Elsewhere, or where the file system refuses `O_TMPFILE`, it is a named
//!   `.<name>.eol-edit-<random>.tmp`, removed on every failure path.
//! - **What is kept.** The original's permission bits, and its owner when running as
//!   root (best effort). Extended attributes, ACLs and security labels are not copied:
//!   the renamed file is a new inode.
//! - **Read-only files.** On Unix a file we may not write is refused with
//!   `PERMISSION_DENIED`, as a plain write would be, even though its folder would let a
//!   rename replace it.
//! - **Hard links.** A rename would detach the path from the file's other names, so a
//!   file with more than one link (Unix) is written **in place** instead, which is not
//!   atomic: the full new content first goes to a temp file (proving the space is there,
//!   so a full disk fails before the original is touched), then the original is
//!   overwritten from the start and truncated. A crash or I/O error during that last
//!   step can leave it half-written. On Windows, stable Rust cannot see the link count,
//!   so a hard-linked file is replaced like any other and loses its other names.
//! - **Races with other processes.** Right before the rename the target is checked
//!   against what was read ([`Expect`]); if another process changed it, nothing is
//!   written and the caller gets `FILE_CHANGED`. The check compares size, mtime, ctime
//!   and inode, and re-hashes the file when they differ or when it was modified so
//!   shortly before it was read that a later change could keep the same timestamp:
//!   [`RACY_WINDOW`] (2 s) where timestamps have no sub-millisecond part (FAT, HFS+, some
//!   network file systems), two clock ticks on Linux where they do (ext4, XFS, Btrfs,
//!   tmpfs; about 9 ms). A change in the microseconds between the check and the rename
//!   is not seen. A new file is linked into place without replacing one that appeared
//!   meanwhile.
//! - **Durability.** With `durable`, the temp is fsynced before the rename and the
//!   folder after it (Unix; Windows has no folder fsync). Without it nothing is fsynced:
//!   a power loss may lose the edit, never the old content's integrity on journaling file
//!   systems that order renames after data (ext4 `auto_da_alloc`, APFS, NTFS).
//! - **Windows.** A rename refused because another process has the file open (sharing
//!   violation, access denied) is retried for about half a second.
//! - **Missing folders** of a new file are created, and removed again if the write fails.

use std::fs::{self, File, Metadata};
use std::io::{self, IoSlice, Seek, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, SystemTime};

use super::version::version_of;
use super::{file_changed, io_failure, Action};
use crate::error::{Error, Result};

/// A file modified this shortly before it was read is re-hashed by the race check even
/// when its size and timestamps look unchanged: a second change within the timestamp
/// granularity (up to 2 s on FAT) would keep them. Timestamps with a sub-millisecond
/// part get [`fine_racy_window`] instead.
pub const RACY_WINDOW: Duration = Duration::from_secs(2);

/// The racy window of timestamps with a sub-millisecond part.
///
/// Linux stamps a change with its coarse clock, which moves on once per tick (1 to
/// 10 ms), so a change made a whole tick after the last one gets a later stamp: a file
/// last changed more than two ticks before it was read cannot change again unseen.
/// The tick is the coarse clock's resolution. Elsewhere, [`RACY_WINDOW`].
pub fn fine_racy_window() -> Duration {
    #[cfg(target_os = "linux")]
    {
        static WINDOW: std::sync::OnceLock<Duration> = std::sync::OnceLock::new();
        *WINDOW.get_or_init(|| {
            let mut res = libc::timespec {
                tv_sec: 0,
                tv_nsec: 0,
            };
            // SAFETY: `res` is a valid timespec for the call to fill in.
            let ok = unsafe { libc::clock_getres(libc::CLOCK_REALTIME_COARSE, &mut res) } == 0;
            let tick = Duration::new(res.tv_sec as u64, res.tv_nsec as u32);
            if ok && tick > Duration::ZERO && tick <= Duration::from_millis(100) {
                2 * tick + Duration::from_millis(1)
            } else {
                RACY_WINDOW
            }
        })
    }
    #[cfg(not(target_os = "linux"))]
    {
        RACY_WINDOW
    }
}

/// What a file looked like when it was read, to tell whether another process changed it.
#[derive(Debug)]
pub struct Snapshot {
    version: String,
    stamp: Stamp,
    taken_at: SystemTime,
    /// The metadata of the file read: its mode, owner and links go to the new file.
    meta: Metadata,
    /// The open file that was read (Unix): locked for the commit, and after it the last
    /// handle on the replaced file.
    handle: Option<File>,
}

impl Snapshot {
    /// Records `meta` (taken from the open file before reading it) and the version of the
    /// bytes read.
    pub(crate) fn new(meta: &Metadata, version: String, taken_at: SystemTime) -> Snapshot {
        Snapshot {
            version,
            stamp: Stamp::of(meta),
            taken_at,
            meta: meta.clone(),
            handle: None,
        }
    }

    /// Keeps `file`, the open file that was read, for the commit lock (Unix; elsewhere
    /// it is closed, as an open file can keep a rename from replacing it).
    pub(crate) fn with_handle(self, file: File) -> Snapshot {
        Snapshot {
            handle: cfg!(unix).then_some(file),
            ..self
        }
    }

    /// Lets go of the file after it was replaced: its last handle is closed on a
    /// background thread (see [`close_in_background`]).
    pub(crate) fn retire(self) {
        if let Some(handle) = self.handle {
            close_in_background(handle);
        }
    }

    /// True when `now` (the file's stamp now) shows the same file untouched, so no
    /// re-hash is needed.
    fn vouches_for(&self, now: &Stamp) -> bool {
        let window = if self.stamp.has_fine_timestamps() {
            fine_racy_window()
        } else {
            RACY_WINDOW
        };
        let newest = self.stamp.newest_change();
        let settled = newest.is_some_and(|t| t + window < self.taken_at);
        settled && *now == self.stamp
    }
}

/// The cheap identity of a file's content: size, timestamps and inode.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Stamp {
    len: u64,
    modified: Option<SystemTime>,
    #[cfg(unix)]
    changed: (i64, i64),
    #[cfg(unix)]
    inode: (u64, u64),
}

impl Stamp {
    fn of(meta: &Metadata) -> Stamp {
        #[cfg(unix)]
        use std::os::unix::fs::MetadataExt;
        Stamp {
            len: meta.len(),
            modified: meta.modified().ok(),
            #[cfg(unix)]
            changed: (meta.ctime(), meta.ctime_nsec()),
            #[cfg(unix)]
            inode: (meta.dev(), meta.ino()),
        }
    }

    /// The later of mtime and ctime, which a `utime` call cannot set back.
    #[cfg(unix)]
    fn newest_change(&self) -> Option<SystemTime> {
        let (secs, nanos) = self.changed;
        let ctime = u64::try_from(secs)
            .ok()
            .map(|secs| SystemTime::UNIX_EPOCH + Duration::new(secs, nanos as u32))?;
        Some(self.modified?.max(ctime))
    }

    /// The same file (device and inode), whatever its content.
    #[cfg(unix)]
    fn same_file(&self, other: &Stamp) -> bool {
        self.inode == other.inode
    }

    #[cfg(not(unix))]
    fn same_file(&self, _other: &Stamp) -> bool {
        false
    }

    /// The mtime (Windows has no ctime that a `utime` call cannot set).
    #[cfg(not(unix))]
    fn newest_change(&self) -> Option<SystemTime> {
        self.modified
    }

    /// Both timestamps have a sub-millisecond part, so the file system keeps them that
    /// finely (one in a thousand fine ones has none by chance, and gets the long window).
    #[cfg(unix)]
    fn has_fine_timestamps(&self) -> bool {
        let sub_ms = |nanos: u32| !nanos.is_multiple_of(1_000_000);
        let modified = self
            .modified
            .and_then(|m| m.duration_since(SystemTime::UNIX_EPOCH).ok());
        modified.is_some_and(|m| sub_ms(m.subsec_nanos())) && sub_ms(self.changed.1 as u32)
    }

    #[cfg(not(unix))]
    fn has_fine_timestamps(&self) -> bool {
        false
    }
}

/// What must still be true of the target just before it is replaced.
#[derive(Debug, Clone, Copy)]
pub enum Expect<'a> {
    /// The file did not exist when read, and must not exist now.
    Absent,
    /// The file must still have the content it had when read.
    Unchanged(&'a Snapshot),
}

/// Replaces `target` (a real path, no symlink) with the bytes of `pieces` joined,
/// atomically unless it is hard-linked (see the module docs). `display` is the user's
/// path, for messages.
pub fn write(
    target: &Path,
    display: &Path,
    pieces: &[&[u8]],
    expect: Expect<'_>,
    durable: bool,
) -> Result<()> {
    let fail = |err: io::Error| io_failure(&err, display, Action::Write);
    let dir = target
        .parent()
        .ok_or_else(|| Error::invalid(format!("{} is not a file path.", display.display())))?;
    let created = match expect {
        Expect::Absent => create_missing_dirs(dir).map_err(fail)?,
        Expect::Unchanged(_) => Vec::new(),
    };
    let result = write_in(dir, target, display, pieces, expect, durable);
    if result.is_err() {
        for dir in created.iter().rev() {
            let _ = fs::remove_dir(dir);
        }
    }
    result
}

fn write_in(
    dir: &Path,
    target: &Path,
    display: &Path,
    pieces: &[&[u8]],
    expect: Expect<'_>,
    durable: bool,
) -> Result<()> {
    let fail = |err: io::Error| io_failure(&err, display, Action::Write);
    // As it was read: had it changed since, the race check below would refuse.
    let original = match expect {
        Expect::Absent => None,
        Expect::Unchanged(snapshot) => Some(&snapshot.meta),
    };
    if let Some(meta) = &original {
        check_writable(target).map_err(fail)?;
        if link_count(meta) > 1 {
            return write_in_place(dir, target, display, pieces, expect, durable);
        }
    }

    let mut temp = Temp::create(dir, target, original).map_err(fail)?;
    write_pieces(&mut temp.file, pieces).map_err(fail)?;
    if durable {
        temp.file.sync_all().map_err(fail)?;
    }
    #[cfg(test)]
    hooks::before_commit().map_err(fail)?;
    let commit_lock = lock_for_commit(target, expect);
    verify(target, display, expect)?;
    temp.commit(target, display, expect)?;
    // A handle opened for the lock is the last one on the replaced file.
    if let Some(replaced) = commit_lock {
        close_in_background(replaced);
    }
    if durable {
        sync_dir(dir).map_err(fail)?;
    }
    Ok(())
}

/// Closes a file on a background thread.
///
/// Closing the last handle on a replaced file frees its blocks, and on ext4 mounted
/// with online `discard` that waits for the disk to discard them (a third of a small
/// edit's time here). Nothing the caller does depends on it, so one long-lived thread
/// does it; if that thread cannot be started, the file is closed here.
fn close_in_background(file: File) {
    use std::sync::{mpsc, OnceLock};
    static CLOSER: OnceLock<Option<mpsc::Sender<File>>> = OnceLock::new();
    let closer = CLOSER.get_or_init(|| {
        let (send, receive) = mpsc::channel::<File>();
        std::thread::Builder::new()
            .name("eol-edit-close".into())
            .spawn(move || receive.into_iter().for_each(drop))
            .ok()
            .map(|_| send)
    });
    if let Some(closer) = closer {
        // A send fails only when the thread is gone; the file then comes back to drop.
        let _ = closer.send(file);
    }
}

/// The non-atomic path for hard-linked files (see the module docs).
fn write_in_place(
    dir: &Path,
    target: &Path,
    display: &Path,
    pieces: &[&[u8]],
    expect: Expect<'_>,
    durable: bool,
) -> Result<()> {
    let fail = |err: io::Error| io_failure(&err, display, Action::Write);
    {
        // Dropped (and so removed) before the original is opened: its only job is to
        // fail on a full disk or quota while the original is still whole.
        let mut probe = Temp::create(dir, target, None).map_err(fail)?;
        write_pieces(&mut probe.file, pieces).map_err(fail)?;
    }
    #[cfg(test)]
    hooks::before_commit().map_err(fail)?;
    let _commit_lock = lock_for_commit(target, expect);
    verify(target, display, expect)?;
    let mut file = fs::OpenOptions::new()
        .write(true)
        .open(target)
        .map_err(fail)?;
    // Overwrite, then cut: a shorter file never exists unless the new content is shorter.
    write_pieces(&mut file, pieces).map_err(fail)?;
    let len: usize = pieces.iter().map(|p| p.len()).sum();
    file.set_len(len as u64).map_err(fail)?;
    if durable {
        file.sync_all().map_err(fail)?;
    }
    Ok(())
}

/// Writes `pieces` one after another, as few `writev` calls as they allow.
fn write_pieces(file: &mut File, pieces: &[&[u8]]) -> io::Result<()> {
    // The most buffers one `writev` takes on Linux and macOS (IOV_MAX).
    const MAX_BUFFERS: usize = 1024;
    let mut slices: Vec<IoSlice<'_>> = pieces.iter().map(|p| IoSlice::new(p)).collect();
    let mut rest = &mut slices[..];
    while !rest.is_empty() {
        let batch = rest.len().min(MAX_BUFFERS);
        match file.write_vectored(&rest[..batch]) {
            Ok(0) => return Err(io::ErrorKind::WriteZero.into()),
            Ok(n) => IoSlice::advance_slices(&mut rest, n),
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(())
}

/// Holds an exclusive advisory lock (`flock`) on the file now at `target` from the race
/// check until the commit is done. The lock is taken on the handle the file was read
/// through, and goes when it is closed; without one, the file is opened, and the lock
/// goes with the returned handle.
///
/// Without it, two processes could both pass the check before either renames, and the
/// second rename would drop the first edit. With it, the second waits; by then the
/// path names the first one's new file, and its check fails with `FILE_CHANGED`. Only
/// writers that take the same lock (eol-edit) wait; others are left to the check.
#[cfg(unix)]
pub(super) fn lock_for_commit(target: &Path, expect: Expect<'_>) -> Option<File> {
    use std::os::unix::io::AsRawFd;
    let Expect::Unchanged(snapshot) = expect else {
        return None; // a new file is linked into place, which fails if it exists
    };
    let opened = match &snapshot.handle {
        Some(_) => None,
        None => Some(File::open(target).ok()?),
    };
    let file = snapshot.handle.as_ref().or(opened.as_ref())?;
    loop {
        // SAFETY: flock on a descriptor that `file` keeps open.
        if unsafe { libc::flock(file.as_raw_fd(), libc::LOCK_EX) } == 0 {
            return opened;
        }
        if io::Error::last_os_error().kind() != io::ErrorKind::Interrupted {
            return opened;
        }
    }
}

#[cfg(not(unix))]
pub(super) fn lock_for_commit(_target: &Path, _expect: Expect<'_>) -> Option<File> {
    None
}

/// The race check: `FILE_CHANGED` unless the target is still as `expect` says.
pub(super) fn verify(target: &Path, display: &Path, expect: Expect<'_>) -> Result<()> {
    let fail = |err: io::Error| io_failure(&err, display, Action::Write);
    match expect {
        Expect::Absent => match fs::symlink_metadata(target) {
            Ok(_) => Err(file_changed(display, "was created by another process")),
            Err(err) if err.kind() == io::ErrorKind::NotFound => Ok(()),
            Err(err) => Err(fail(err)),
        },
        Expect::Unchanged(snapshot) => {
            let meta = match fs::metadata(target) {
                Ok(meta) => meta,
                Err(err) if err.kind() == io::ErrorKind::NotFound => {
                    return Err(file_changed(display, "was deleted"));
                }
                Err(err) => return Err(fail(err)),
            };
            let now = Stamp::of(&meta);
            if snapshot.vouches_for(&now) {
                return Ok(());
            }
            if meta.len() != snapshot.stamp.len {
                return Err(file_changed(display, "was changed by another process"));
            }
            // Still the file that was read: re-read through the handle it was read with.
            let opened;
            let mut file: &File = match &snapshot.handle {
                Some(handle) if now.same_file(&snapshot.stamp) => handle,
                _ => {
                    opened = File::open(target).map_err(fail)?;
                    &opened
                }
            };
            file.rewind().map_err(fail)?;
            // Hashed in chunks: a second copy of a large file would double the peak memory.
            let unchanged = version_of(file).map_err(fail)? == snapshot.version;
            if unchanged {
                Ok(())
            } else {
                Err(file_changed(display, "was changed by another process"))
            }
        }
    }
}

/// The folders between the deepest existing ancestor of `dir` and `dir`, created
/// top-down; returns the ones this call created.
fn create_missing_dirs(dir: &Path) -> io::Result<Vec<PathBuf>> {
    let mut missing = Vec::new();
    let mut current = Some(dir);
    while let Some(d) = current {
        match fs::symlink_metadata(d) {
            Ok(_) => break,
            Err(err) if err.kind() == io::ErrorKind::NotFound => missing.push(d),
            Err(err) => return Err(err),
        }
        current = d.parent();
    }
    let mut created = Vec::new();
    for d in missing.into_iter().rev() {
        match fs::create_dir(d) {
            Ok(()) => created.push(d.to_path_buf()),
            Err(err) if err.kind() == io::ErrorKind::AlreadyExists && d.is_dir() => {}
            Err(err) => {
                for c in created.iter().rev() {
                    let _ = fs::remove_dir(c);
                }
                return Err(err);
            }
        }
    }
    Ok(created)
}

/// The temporary file: anonymous (Linux `O_TMPFILE`) until it needs a name, or named
/// from the start. Dropping it removes the name, if it has one.
struct Temp {
    file: File,
    name: Option<PathBuf>,
}

impl Temp {
    fn create(dir: &Path, target: &Path, original: Option<&Metadata>) -> io::Result<Temp> {
        // Private until the original's mode is applied; a new file gets 0o666 - umask.
        let mode = if original.is_some() { 0o600 } else { 0o666 };
        #[cfg(target_os = "linux")]
        if !hooks::named_temp_only() {
            if let Ok(file) = linux::open_anonymous(dir, mode) {
                let temp = Temp { file, name: None };
                temp.adopt(original)?;
                return Ok(temp);
            }
        }
        let (file, name) = open_named(dir, target, mode)?;
        let temp = Temp {
            file,
            name: Some(name),
        };
        temp.adopt(original)?;
        Ok(temp)
    }

    /// Gives the temp the original's permission bits, and its owner when we are root.
    #[cfg(unix)]
    fn adopt(&self, original: Option<&Metadata>) -> io::Result<()> {
        use std::os::unix::fs::{MetadataExt, PermissionsExt};
        let Some(meta) = original else { return Ok(()) };
        // SAFETY: geteuid has no preconditions.
        if unsafe { libc::geteuid() } == 0 {
            // Before chmod, which it would otherwise undo for setuid bits. Best effort:
            // some file systems refuse ownership changes.
            let _ = std::os::unix::fs::fchown(&self.file, Some(meta.uid()), Some(meta.gid()));
        }
        self.file
            .set_permissions(fs::Permissions::from_mode(meta.mode() & 0o7777))
    }

    #[cfg(not(unix))]
    fn adopt(&self, _original: Option<&Metadata>) -> io::Result<()> {
        Ok(())
    }

    /// Puts the temp in the target's place: linked without replacing (new file) or
    /// renamed over it (existing file).
    fn commit(mut self, target: &Path, display: &Path, expect: Expect<'_>) -> Result<()> {
        let fail = |err: io::Error| io_failure(&err, display, Action::Write);
        let dir = target.parent().unwrap_or(Path::new("."));
        let name = match self.name.clone() {
            Some(name) => name,
            None => {
                #[cfg(target_os = "linux")]
                if let Expect::Absent = expect {
                    match linux::link_anonymous(&self.file, target) {
                        Ok(()) => return Ok(()),
                        Err(err) if err.kind() == io::ErrorKind::AlreadyExists => {
                            return Err(file_changed(display, "was created by another process"));
                        }
                        Err(_) => {} // fall back to a named temp below
                    }
                }
                self.name_anonymous(dir, target).map_err(fail)?
            }
        };
        match expect {
            Expect::Absent => match fs::hard_link(&name, target) {
                Ok(()) => {}
                Err(err) if err.kind() == io::ErrorKind::AlreadyExists => {
                    return Err(file_changed(display, "was created by another process"));
                }
                // The file system has no hard links: check, then rename.
                Err(_) => {
                    verify(target, display, expect)?;
                    rename(&name, target).map_err(fail)?;
                    self.name = None;
                    return Ok(());
                }
            },
            Expect::Unchanged(_) => {
                rename(&name, target).map_err(fail)?;
                self.name = None;
            }
        }
        Ok(())
    }

    /// Links an anonymous temp under a temp name, as late as possible.
    fn name_anonymous(&mut self, dir: &Path, target: &Path) -> io::Result<PathBuf> {
        #[cfg(target_os = "linux")]
        for _ in 0..8 {
            let name = dir.join(temp_name(target));
            match linux::link_anonymous(&self.file, &name) {
                Ok(()) => {
                    self.name = Some(name.clone());
                    return Ok(name);
                }
                Err(err) if err.kind() == io::ErrorKind::AlreadyExists => continue,
                Err(err) => return Err(err),
            }
        }
        let _ = (dir, target);
        Err(io::Error::other("could not name the temporary file"))
    }
}

impl Drop for Temp {
    fn drop(&mut self) {
        if let Some(name) = self.name.take() {
            let _ = fs::remove_file(name);
        }
    }
}

/// `.<name>.eol-edit-<random>.tmp`, with the name shortened so the whole stays well
/// under the usual 255-byte limit.
fn temp_name(target: &Path) -> String {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let name = target
        .file_name()
        .map(|n| n.to_string_lossy().chars().take(64).collect::<String>())
        .unwrap_or_default();
    let nanos = SystemTime::now()
        .duration_since(SystemTime::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    let seed = format!(
        "{}:{nanos}:{}:{:?}",
        std::process::id(),
        COUNTER.fetch_add(1, Ordering::Relaxed),
        std::thread::current().id()
    );
    let random = xxhash_rust::xxh3::xxh3_64(seed.as_bytes());
    format!(".{name}.eol-edit-{random:016x}.tmp")
}

fn open_named(dir: &Path, target: &Path, mode: u32) -> io::Result<(File, PathBuf)> {
    let mut last = None;
    for _ in 0..8 {
        let name = dir.join(temp_name(target));
        let mut options = fs::OpenOptions::new();
        options.write(true).create_new(true);
        #[cfg(unix)]
        std::os::unix::fs::OpenOptionsExt::mode(&mut options, mode);
        #[cfg(not(unix))]
        let _ = mode;
        match options.open(&name) {
            Ok(file) => return Ok((file, name)),
            Err(err) if err.kind() == io::ErrorKind::AlreadyExists => last = Some(err),
            Err(err) => return Err(err),
        }
    }
    Err(last.unwrap_or_else(|| io::Error::other("could not create a temporary file")))
}

#[cfg(unix)]
fn link_count(meta: &Metadata) -> u64 {
    std::os::unix::fs::MetadataExt::nlink(meta)
}

#[cfg(not(unix))]
fn link_count(_meta: &Metadata) -> u64 {
    1
}

/// `PERMISSION_DENIED` for a file this process may not write, even if its folder would
/// let a rename replace it.
#[cfg(unix)]
fn check_writable(target: &Path) -> io::Result<()> {
    use std::os::unix::ffi::OsStrExt;
    let path = std::ffi::CString::new(target.as_os_str().as_bytes())?;
    // AT_EACCESS: check with the effective ids, as open() would.
    // SAFETY: `path` is a valid NUL-terminated string for the duration of the call.
    let rc =
        unsafe { libc::faccessat(libc::AT_FDCWD, path.as_ptr(), libc::W_OK, libc::AT_EACCESS) };
    if rc == 0 {
        return Ok(());
    }
    let err = io::Error::last_os_error();
    match err.kind() {
        io::ErrorKind::PermissionDenied | io::ErrorKind::ReadOnlyFilesystem => Err(err),
        // Anything else (e.g. no faccessat2 in an old sandbox): let the write decide.
        _ => Ok(()),
    }
}

#[cfg(not(unix))]
fn check_writable(_target: &Path) -> io::Result<()> {
    Ok(())
}

#[cfg(unix)]
fn sync_dir(dir: &Path) -> io::Result<()> {
    File::open(dir)?.sync_all()
}

#[cfg(not(unix))]
fn sync_dir(_dir: &Path) -> io::Result<()> {
    Ok(())
}

#[cfg(not(windows))]
fn rename(from: &Path, to: &Path) -> io::Result<()> {
    fs::rename(from, to)
}

/// Another process (an editor, an indexer, an antivirus) holding the target open makes
/// Windows refuse the rename for a moment; retry for about half a second.
#[cfg(windows)]
fn rename(from: &Path, to: &Path) -> io::Result<()> {
    const ERROR_ACCESS_DENIED: i32 = 5;
    const ERROR_SHARING_VIOLATION: i32 = 32;
    const ERROR_LOCK_VIOLATION: i32 = 33;
    let mut attempt = 0;
    loop {
        match fs::rename(from, to) {
            Ok(()) => return Ok(()),
            Err(err)
                if attempt < 10
                    && matches!(
                        err.raw_os_error(),
                        Some(ERROR_ACCESS_DENIED | ERROR_SHARING_VIOLATION | ERROR_LOCK_VIOLATION)
                    ) =>
            {
                attempt += 1;
                std::thread::sleep(Duration::from_millis(50));
            }
            Err(err) => return Err(err),
        }
    }
}

#[cfg(target_os = "linux")]
mod linux {
    use std::ffi::CString;
    use std::fs::File;
    use std::io;
    use std::os::fd::{AsRawFd, FromRawFd};
    use std::os::unix::ffi::OsStrExt;
    use std::path::Path;
    use std::sync::OnceLock;

    fn c_path(path: &Path) -> io::Result<CString> {
        Ok(CString::new(path.as_os_str().as_bytes())?)
    }

    /// Naming an `O_TMPFILE` without privileges goes through `/proc/self/fd`.
    fn proc_fd_available() -> bool {
        static AVAILABLE: OnceLock<bool> = OnceLock::new();
        *AVAILABLE.get_or_init(|| Path::new("/proc/self/fd").is_dir())
    }

    /// An unnamed file in `dir`, gone by itself if the process dies before it is linked.
    pub(super) fn open_anonymous(dir: &Path, mode: u32) -> io::Result<File> {
        if !proc_fd_available() {
            return Err(io::ErrorKind::Unsupported.into());
        }
        let dir = c_path(dir)?;
        let flags = libc::O_TMPFILE | libc::O_WRONLY | libc::O_CLOEXEC;
        // SAFETY: `dir` is NUL-terminated; the fd returned is owned by the File below.
        let fd = unsafe { libc::open(dir.as_ptr(), flags, mode as libc::c_uint) };
        if fd < 0 {
            return Err(io::Error::last_os_error());
        }
        // SAFETY: `fd` is a fresh descriptor nobody else owns.
        Ok(unsafe { File::from_raw_fd(fd) })
    }

    /// Gives an `O_TMPFILE` the name `to`; fails with `AlreadyExists` if `to` exists.
    pub(super) fn link_anonymous(file: &File, to: &Path) -> io::Result<()> {
        let from = CString::new(format!("/proc/self/fd/{}", file.as_raw_fd()))?;
        let to = c_path(to)?;
        // SAFETY: both strings are NUL-terminated and live across the call.
        let rc = unsafe {
            libc::linkat(
                libc::AT_FDCWD,
                from.as_ptr(),
                libc::AT_FDCWD,
                to.as_ptr(),
                libc::AT_SYMLINK_FOLLOW,
            )
        };
        if rc == 0 {
            Ok(())
        } else {
            Err(io::Error::last_os_error())
        }
    }
}

/// Test-only seams: a callback between writing the temp and the race check, and a switch
/// to force the named-temp path on Linux.
#[cfg(test)]
pub(crate) mod hooks {
    use std::cell::{Cell, RefCell};
    use std::io;

    type Hook = Box<dyn FnOnce() -> io::Result<()>>;

    thread_local! {
        static BEFORE_COMMIT: RefCell<Option<Hook>> = RefCell::new(None);
        static NAMED_TEMP_ONLY: Cell<bool> = const { Cell::new(false) };
    }

    /// Runs `hook` once, on this thread, after the temp is written and before the race
    /// check; an error from it fails the write there.
    pub fn set_before_commit(hook: impl FnOnce() -> io::Result<()> + 'static) {
        BEFORE_COMMIT.with(|h| *h.borrow_mut() = Some(Box::new(hook)));
    }

    pub(super) fn before_commit() -> io::Result<()> {
        match BEFORE_COMMIT.with(|h| h.borrow_mut().take()) {
            Some(hook) => hook(),
            None => Ok(()),
        }
    }

    /// Makes this thread's writes use a named temp even where `O_TMPFILE` works.
    pub fn set_named_temp_only(on: bool) {
        NAMED_TEMP_ONLY.with(|n| n.set(on));
    }

    #[cfg_attr(not(target_os = "linux"), allow(dead_code))]
    pub(super) fn named_temp_only() -> bool {
        NAMED_TEMP_ONLY.with(|n| n.get())
    }
}

#[cfg(not(test))]
mod hooks {
    #[cfg_attr(not(target_os = "linux"), allow(dead_code))]
    pub(super) fn named_temp_only() -> bool {
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::ErrorCode;
    use crate::file::testing::TempDir;

    fn snapshot(path: &Path) -> Snapshot {
        let meta = fs::metadata(path).unwrap();
        Snapshot::new(
            &meta,
            version_of(fs::File::open(path).unwrap()).unwrap(),
            SystemTime::now(),
        )
    }

    /// Runs `test` once with the default temp (anonymous on Linux) and once with a named
    /// temp, so both paths are covered.
    fn both_temp_kinds(test: impl Fn()) {
        for named in [false, true] {
            hooks::set_named_temp_only(named);
            test();
        }
        hooks::set_named_temp_only(false);
    }

    #[cfg(unix)]
    #[test]
    fn a_change_stays_racy_two_ticks_with_fine_timestamps_and_2_s_without() {
        let at = |nanos: u32| SystemTime::UNIX_EPOCH + Duration::new(1_700_000_000, nanos);
        let stamp = |nanos: u32| Stamp {
            len: 1,
            modified: Some(at(nanos)),
            changed: (1_700_000_000, i64::from(nanos)),
            inode: (1, 2),
        };
        let read = |stamp: &Stamp, after: Duration| Snapshot {
            version: String::new(),
            stamp: stamp.clone(),
            taken_at: stamp.newest_change().unwrap() + after,
            // Not looked at by the check.
            meta: fs::metadata(".").unwrap(),
            handle: None,
        };
        let ms = Duration::from_millis;
        let window = fine_racy_window();
        let fine = stamp(123_456_789);
        assert!(fine.has_fine_timestamps());
        assert!(!read(&fine, window / 2).vouches_for(&fine));
        assert!(read(&fine, window + ms(1)).vouches_for(&fine));
        let coarse = stamp(0);
        assert!(!coarse.has_fine_timestamps());
        assert!(!read(&coarse, ms(1900)).vouches_for(&coarse));
        assert!(read(&coarse, ms(2100)).vouches_for(&coarse));
        // A stamp that moved is never vouched for.
        let grown = Stamp {
            len: 2,
            ..fine.clone()
        };
        assert!(!read(&fine, ms(10_000)).vouches_for(&grown));
        #[cfg(target_os = "linux")]
        {
            // Two ticks of 1 to 10 ms, and a millisecond.
            assert!(window >= ms(3) && window <= ms(21), "{window:?}");
            assert!(!read(&coarse, window + ms(1)).vouches_for(&coarse));
        }
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn replaced_files_are_closed_in_the_background_without_leaking() {
        let dir = TempDir::new();
        dir.write("a.txt", "0");
        let path = dir.join("a.txt");
        for n in 1..=50 {
            replace(&path, n.to_string().as_bytes()).unwrap();
        }
        assert_eq!(dir.read("a.txt"), b"50");
        // Every replaced file's handle is closed soon, by the closing thread.
        let open_in_dir = || {
            fs::read_dir("/proc/self/fd")
                .unwrap()
                .filter_map(|fd| fs::read_link(fd.ok()?.path()).ok())
                .filter(|target| target.starts_with(dir.real()))
                .count()
        };
        let deadline = std::time::Instant::now() + Duration::from_secs(5);
        while open_in_dir() > 0 && std::time::Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(5));
        }
        assert_eq!(open_in_dir(), 0);
    }

    /// [`super::write`] of one piece.
    fn write(
        target: &Path,
        display: &Path,
        bytes: &[u8],
        expect: Expect<'_>,
        durable: bool,
    ) -> Result<()> {
        super::write(target, display, &[bytes], expect, durable)
    }

    #[test]
    fn pieces_are_written_joined_by_rename_and_in_place() {
        // More pieces than one writev takes, and empty ones among them.
        let pieces: Vec<Vec<u8>> = (0..3000)
            .map(|i| {
                if i % 7 == 0 {
                    Vec::new()
                } else {
                    format!("{i},").into_bytes()
                }
            })
            .collect();
        let refs: Vec<&[u8]> = pieces.iter().map(|p| &p[..]).collect();
        both_temp_kinds(|| {
            let dir = TempDir::new();
            dir.write("a.txt", "old");
            let path = dir.join("a.txt");
            super::write(
                &path,
                &path,
                &refs,
                Expect::Unchanged(&snapshot(&path)),
                false,
            )
            .unwrap();
            assert_eq!(dir.read("a.txt"), pieces.concat());
            // A second name makes the next write go in place.
            fs::hard_link(&path, dir.join("b.txt")).unwrap();
            let shorter = &refs[..10];
            super::write(
                &path,
                &path,
                shorter,
                Expect::Unchanged(&snapshot(&path)),
                false,
            )
            .unwrap();
            assert_eq!(dir.read("b.txt"), shorter.concat());
        });
    }

    fn replace(path: &Path, bytes: &[u8]) -> Result<()> {
        let snap = snapshot(path);
        write(path, path, bytes, Expect::Unchanged(&snap), false)
    }

    #[test]
    fn replaces_content_and_leaves_no_temp_file() {
        both_temp_kinds(|| {
            let dir = TempDir::new();
            dir.write("a.txt", "old\r\n");
            replace(&dir.join("a.txt"), b"new\r\n").unwrap();
            assert_eq!(dir.read("a.txt"), b"new\r\n");
            assert_eq!(dir.listing(""), ["a.txt"]);
        });
    }

    #[test]
    fn durable_write_replaces_content() {
        both_temp_kinds(|| {
            let dir = TempDir::new();
            dir.write("a.txt", "old");
            let snap = snapshot(&dir.join("a.txt"));
            write(
                &dir.join("a.txt"),
                Path::new("a.txt"),
                b"new",
                Expect::Unchanged(&snap),
                true,
            )
            .unwrap();
            assert_eq!(dir.read("a.txt"), b"new");
            let new = dir.join("sub/b.txt");
            write(&new, Path::new("sub/b.txt"), b"b", Expect::Absent, true).unwrap();
            assert_eq!(dir.listing(""), ["a.txt", "sub", "sub/b.txt"]);
        });
    }

    #[cfg(unix)]
    #[test]
    fn keeps_mode_0755_after_write() {
        use std::os::unix::fs::PermissionsExt;
        both_temp_kinds(|| {
            let dir = TempDir::new();
            dir.write("run.sh", "#!/bin/sh\n");
            let path = dir.join("run.sh");
            fs::set_permissions(&path, fs::Permissions::from_mode(0o755)).unwrap();
            replace(&path, b"#!/bin/sh\necho hi\n").unwrap();
            let mode = fs::metadata(&path).unwrap().permissions().mode();
            assert_eq!(mode & 0o7777, 0o755);
        });
    }

    #[cfg(unix)]
    #[test]
    fn keeps_owner_and_group_when_running_as_root() {
        use std::os::unix::fs::MetadataExt;
        // SAFETY: geteuid has no preconditions.
        if unsafe { libc::geteuid() } != 0 {
            return; // only root can give a file away; nothing to check otherwise
        }
        both_temp_kinds(|| {
            let dir = TempDir::new();
            dir.write("a.txt", "old");
            let path = dir.join("a.txt");
            std::os::unix::fs::chown(&path, Some(65534), Some(65534)).unwrap();
            replace(&path, b"new").unwrap();
            let meta = fs::metadata(&path).unwrap();
            assert_eq!((meta.uid(), meta.gid()), (65534, 65534));
        });
    }

    #[cfg(unix)]
    #[test]
    fn hard_link_keeps_nlink_2_and_both_names_see_new_content() {
        use std::os::unix::fs::MetadataExt;
        let dir = TempDir::new();
        dir.write("a.txt", "old content\n");
        fs::hard_link(dir.join("a.txt"), dir.join("b.txt")).unwrap();
        replace(&dir.join("a.txt"), b"new\n").unwrap();
        assert_eq!(fs::metadata(dir.join("a.txt")).unwrap().nlink(), 2);
        assert_eq!(dir.read("a.txt"), b"new\n");
        assert_eq!(dir.read("b.txt"), b"new\n");
        assert_eq!(dir.listing(""), ["a.txt", "b.txt"]);
        // Growing works as well as shrinking.
        replace(&dir.join("b.txt"), b"a longer new content\n").unwrap();
        assert_eq!(dir.read("a.txt"), b"a longer new content\n");
    }

    #[cfg(unix)]
    #[test]
    fn outside_change_to_a_hard_linked_file_is_caught() {
        let dir = TempDir::new();
        dir.write("a.txt", "old\n");
        fs::hard_link(dir.join("a.txt"), dir.join("b.txt")).unwrap();
        let outside = dir.join("b.txt");
        hooks::set_before_commit(move || fs::write(outside, "OLD\n"));
        let err = replace(&dir.join("a.txt"), b"new\n").unwrap_err();
        assert_eq!(err.code, ErrorCode::FileChanged);
        assert_eq!(dir.read("a.txt"), b"OLD\n");
        assert_eq!(dir.listing(""), ["a.txt", "b.txt"]);
    }

    #[test]
    fn failed_write_leaves_the_folder_exactly_as_it_was() {
        both_temp_kinds(|| {
            let dir = TempDir::new();
            dir.write("a.txt", "old\n");
            hooks::set_before_commit(|| Err(io::Error::other("injected failure")));
            let err = replace(&dir.join("a.txt"), b"new\n").unwrap_err();
            assert_eq!(err.code, ErrorCode::IoError);
            assert!(err.message.contains("injected failure"), "{}", err.message);
            assert_eq!(dir.read("a.txt"), b"old\n");
            assert_eq!(dir.listing(""), ["a.txt"]);
        });
    }

    #[test]
    fn failed_new_file_write_removes_the_folders_it_created() {
        both_temp_kinds(|| {
            let dir = TempDir::new();
            dir.mkdir("keep");
            hooks::set_before_commit(|| Err(io::Error::other("injected failure")));
            let target = dir.join("keep/x/y/new.txt");
            let err = write(&target, &target, b"new", Expect::Absent, false).unwrap_err();
            assert_eq!(err.code, ErrorCode::IoError);
            assert_eq!(dir.listing(""), ["keep"]);
        });
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn read_only_folder_refuses_the_write_and_keeps_everything() {
        use crate::file::testing::without_root;
        use std::os::unix::fs::PermissionsExt;
        both_temp_kinds(|| {
            let dir = TempDir::new();
            dir.write("ro/a.txt", "old\n");
            let path = dir.join("ro/a.txt");
            fs::set_permissions(dir.join("ro"), fs::Permissions::from_mode(0o555)).unwrap();
            let snap = snapshot(&path);
            let err = without_root(|| {
                write(&path, &path, b"new\n", Expect::Unchanged(&snap), false).unwrap_err()
            });
            assert_eq!(err.code, ErrorCode::PermissionDenied, "{}", err.message);
            assert_eq!(dir.read("ro/a.txt"), b"old\n");
            assert_eq!(dir.listing("ro"), ["a.txt"]);
        });
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn read_only_file_is_refused_although_its_folder_is_writable() {
        use crate::file::testing::without_root;
        use std::os::unix::fs::PermissionsExt;
        let dir = TempDir::new();
        dir.write("a.txt", "old\n");
        let path = dir.join("a.txt");
        fs::set_permissions(&path, fs::Permissions::from_mode(0o444)).unwrap();
        // World-writable so that the unprivileged identity could rename in it.
        fs::set_permissions(dir.path(), fs::Permissions::from_mode(0o777)).unwrap();
        let snap = snapshot(&path);
        let err = without_root(|| {
            write(&path, &path, b"new\n", Expect::Unchanged(&snap), false).unwrap_err()
        });
        assert_eq!(err.code, ErrorCode::PermissionDenied);
        assert_eq!(dir.read("a.txt"), b"old\n");
    }

    #[test]
    fn outside_change_between_read_and_rename_is_file_changed() {
        both_temp_kinds(|| {
            let dir = TempDir::new();
            dir.write("a.txt", "old\n");
            let outside = dir.join("a.txt");
            // Same length and within the same second: only the hash can tell.
            hooks::set_before_commit(move || fs::write(outside, "OLD\n"));
            let err = replace(&dir.join("a.txt"), b"new\n").unwrap_err();
            assert_eq!(err.code, ErrorCode::FileChanged);
            assert_eq!(dir.read("a.txt"), b"OLD\n");
            assert_eq!(dir.listing(""), ["a.txt"]);
        });
    }

    #[test]
    fn same_length_change_to_an_old_file_is_caught() {
        let dir = TempDir::new();
        dir.write("a.txt", "old\n");
        let path = dir.join("a.txt");
        let hour_ago = SystemTime::now() - Duration::from_secs(3600);
        File::options()
            .write(true)
            .open(&path)
            .unwrap()
            .set_modified(hour_ago)
            .unwrap();
        let snap = snapshot(&path);
        // Another process rewrites it and sets the old mtime back.
        let outside = path.clone();
        hooks::set_before_commit(move || {
            fs::write(&outside, "OLD\n")?;
            File::options()
                .write(true)
                .open(&outside)?
                .set_modified(hour_ago)
        });
        let err = write(&path, &path, b"new\n", Expect::Unchanged(&snap), false).unwrap_err();
        assert_eq!(err.code, ErrorCode::FileChanged);
        assert_eq!(dir.read("a.txt"), b"OLD\n");
    }

    #[test]
    fn touched_but_identical_file_is_still_written() {
        let dir = TempDir::new();
        dir.write("a.txt", "old\n");
        let outside = dir.join("a.txt");
        hooks::set_before_commit(move || {
            let later = SystemTime::now() + Duration::from_secs(60);
            File::options()
                .write(true)
                .open(&outside)?
                .set_modified(later)
        });
        replace(&dir.join("a.txt"), b"new\n").unwrap();
        assert_eq!(dir.read("a.txt"), b"new\n");
    }

    #[test]
    fn deleted_file_is_file_changed_and_not_recreated() {
        both_temp_kinds(|| {
            let dir = TempDir::new();
            dir.write("a.txt", "old\n");
            let outside = dir.join("a.txt");
            hooks::set_before_commit(move || fs::remove_file(outside));
            let err = replace(&dir.join("a.txt"), b"new\n").unwrap_err();
            assert_eq!(err.code, ErrorCode::FileChanged);
            assert!(dir.listing("").is_empty());
        });
    }

    #[test]
    fn new_file_created_meanwhile_by_another_process_is_kept() {
        both_temp_kinds(|| {
            let dir = TempDir::new();
            let outside = dir.join("new.txt");
            hooks::set_before_commit(move || fs::write(outside, "theirs"));
            let target = dir.join("new.txt");
            let err = write(&target, &target, b"ours", Expect::Absent, false).unwrap_err();
            assert_eq!(err.code, ErrorCode::FileChanged);
            assert_eq!(dir.read("new.txt"), b"theirs");
            assert_eq!(dir.listing(""), ["new.txt"]);
        });
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn anonymous_temp_has_no_name_while_being_written() {
        let dir = TempDir::new();
        dir.write("a.txt", "old\n");
        let folder = dir.path().to_path_buf();
        let seen = std::rc::Rc::new(std::cell::RefCell::new(Vec::new()));
        let seen_in_hook = std::rc::Rc::clone(&seen);
        hooks::set_before_commit(move || {
            for entry in fs::read_dir(folder)? {
                seen_in_hook.borrow_mut().push(entry?.file_name());
            }
            Ok(())
        });
        replace(&dir.join("a.txt"), b"new\n").unwrap();
        assert_eq!(*seen.borrow(), ["a.txt"]);
    }

    #[test]
    fn temp_name_is_hidden_short_and_unique() {
        let long = "x".repeat(250);
        let a = temp_name(Path::new(&long));
        let b = temp_name(Path::new(&long));
        assert!(a.starts_with('.') && a.ends_with(".tmp") && a.contains(".eol-edit-"));
        assert!(a.len() < 120);
        assert_ne!(a, b);
    }
}
