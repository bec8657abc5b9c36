//! Writing a file so that a failure or a crash never leaves half of it.
//!
//! The new bytes go to a temporary file in the target's folder, which is then renamed
//! over the target: readers see the old file or the new one, never a mix. Every step
//! (the temporary file, the race check, the rename) happens relative to the open
//! folder the path was resolved to (see [`super::path`]), never by looking the path up
//! again. Along the way:
//!
//! - **Where the temp lives.** On Linux an anonymous `O_TMPFILE` is written and only
//!   given a name right before the rename, so a `SIGKILL` during the write leaves
//!   nothing behind; a new file is linked straight into place. On Windows the temp is
//!   marked delete-on-close until the rename, so a killed process leaves nothing
//!   either. Elsewhere, or where the file system refuses these, it is a named
//!   `.<name>.eol-edit-<random>.tmp`, removed on every failure path.
//! - **What is kept.** The original's permission bits, and its owner when running as
//!   root (best effort); on Windows its attributes (hidden, system, archive…). A caller
//!   may give other ones (`write_as`: a moved file's own). They are set on the temp's
//!   handle before it has a name, and it is created with at most its owner's bits, so
//!   nobody else can open it before then and nothing is ever wider than at the end.
//!   Extended attributes, ACLs and security labels are not copied: the renamed file
//!   is a new file.
//! - **Read-only files.** A file we may not write (Unix permissions, the Windows
//!   read-only attribute) is refused with `PERMISSION_DENIED`, as a plain write would
//!   be, even though its folder would let a rename replace it.
//! - **Hard links.** A rename would detach the path from the file's other names, so a
//!   file with more than one link is written **in place** instead, which is not
//!   atomic: the full new content first goes to a temp file (proving the space is there,
//!   so a full disk fails before the original is touched), then the original is
//!   overwritten from the start and truncated. A crash or I/O error during that last
//!   step can leave it half-written. Under a root the caller may ask to break the link
//!   instead (its other names may lie outside the root).
//! - **Races with other processes.** From the race check to the rename, an exclusive
//!   lock is held on the file that was read (`flock` on the handle it was read
//!   through; on Windows a named mutex for the file's identity), so two eol-edit
//!   processes take turns and the second sees the first's new file. Right
//!   before the rename the target is checked against what was read ([`Expect`]); if
//!   another process changed it, nothing is written and the caller gets
//!   `FILE_CHANGED`. The check compares size, timestamps (including the change time,
//!   which setting the modification time back does not undo) and identity, and
//!   re-hashes the file when they differ or when it was modified so shortly before it
//!   was read that a later change could keep the same timestamps: [`RACY_WINDOW`] (2 s)
//!   where timestamps have no sub-millisecond part (FAT, HFS+, some network file
//!   systems) and on Windows, two clock ticks on Linux where they do (ext4, XFS, Btrfs,
//!   tmpfs; about 9 ms). A change by a program that does not take the lock, in the
//!   microseconds between the check and the rename, is not seen. A new file is linked
//!   into place without replacing one that appeared meanwhile.
//! - **Durability.** With `durable`, the temp is flushed before the rename
//!   (`F_FULLFSYNC` on macOS) and the folder after it (Unix; Windows has no folder
//!   flush). Without it nothing is flushed: a power loss may lose the edit, never the
//!   old content's integrity on journaling file systems that order renames after data
//!   (ext4 `auto_da_alloc`, APFS, NTFS).
//! - **Windows.** A rename refused because another program has the file open without
//!   sharing it (an editor, an indexer, an antivirus) is retried for about a second,
//!   then fails with `IO_ERROR` and the file untouched.
//! - **Missing folders** of a new file are created, and removed again if the write fails.

use std::ffi::OsString;
use std::fs::File;
use std::io::{self, IoSlice, Seek, Write};
use std::path::Path;
use std::time::{Duration, SystemTime};

use super::path::Located;
use super::sys::{self, Dir, Entry, Extra, Stat, Temp};
use super::version::version_of;
use super::{file_changed, io_failure, Action};
use crate::error::Result;

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
            match rustix::time::clock_getres(rustix::time::ClockId::RealtimeCoarse) {
                res if res.tv_sec == 0 && res.tv_nsec > 0 && res.tv_nsec <= 100_000_000 => {
                    2 * Duration::from_nanos(res.tv_nsec as u64) + Duration::from_millis(1)
                }
                _ => RACY_WINDOW,
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
    stat: Stat,
    taken_at: SystemTime,
    /// The open file that was read (Unix): locked for the commit, re-read by the race
    /// check, and after the commit the last handle on the replaced file. Windows closes
    /// it at once: a handle open on a file keeps a plain rename from replacing it.
    handle: Option<File>,
}

impl Snapshot {
    /// Records `stat` (taken from the open file `handle` before reading it) and the
    /// version of the bytes read.
    pub(crate) fn new(stat: Stat, version: String, taken_at: SystemTime, handle: File) -> Self {
        Snapshot {
            version,
            stat,
            taken_at,
            handle: sys::KEEP_READ_HANDLE.then_some(handle),
        }
    }

    /// How many names the file had when it was read.
    pub(crate) fn links(&self) -> u64 {
        self.stat.links
    }

    /// The file's identity when it had a single name when it was read.
    pub(crate) fn sole_name(&self) -> Option<super::sys::FileId> {
        (self.stat.links == 1).then_some(self.stat.id)
    }

    /// The file's permission bits and owner (Windows: attributes) when it was read.
    pub(crate) fn extra(&self) -> Extra {
        self.stat.extra
    }

    /// Lets go of the file after it was replaced: its last handle is closed on a
    /// background thread (see [`close_in_background`]).
    pub(crate) fn retire(self) {
        if let Some(handle) = self.handle {
            close_in_background(handle);
        }
    }

    /// True when `now` (the file's stat now) shows the same file untouched, so no
    /// re-hash is needed.
    fn vouches_for(&self, now: &Stat) -> bool {
        let window = if has_fine_timestamps(&self.stat) {
            fine_racy_window()
        } else {
            RACY_WINDOW
        };
        let newest = newest_change(&self.stat);
        let settled = newest.is_some_and(|t| t + window < self.taken_at);
        settled && now.same_stamp(&self.stat)
    }
}

/// The later of the modification and change times, which setting the modification
/// time back cannot undo.
fn newest_change(stat: &Stat) -> Option<SystemTime> {
    match (stat.modified, stat.changed) {
        (Some(m), Some(c)) => Some(m.max(c)),
        (m, c) => m.or(c),
    }
}

/// Both timestamps have a sub-millisecond part, so the file system keeps them that
/// finely (one in a thousand fine ones has none by chance, and gets the long window).
fn has_fine_timestamps(stat: &Stat) -> bool {
    let sub_ms = |t: Option<SystemTime>| {
        t.and_then(|t| t.duration_since(SystemTime::UNIX_EPOCH).ok())
            .is_some_and(|d| d.subsec_nanos() % 1_000_000 != 0)
    };
    sub_ms(stat.modified) && sub_ms(stat.changed)
}

/// What must still be true of the target just before it is replaced.
#[derive(Debug, Clone, Copy)]
pub enum Expect<'a> {
    /// The file did not exist when read, and must not exist now.
    Absent,
    /// The file must still have the content it had when read.
    Unchanged(&'a Snapshot),
}

/// Replaces the file at `target` with the bytes of `pieces` joined, atomically unless
/// it is hard-linked and `break_link` is false (see the module docs).
pub(crate) fn write(
    target: &Located,
    pieces: &[&[u8]],
    expect: Expect<'_>,
    break_link: bool,
    durable: bool,
) -> Result<()> {
    write_as(target, pieces, expect, break_link, durable, None).map(drop)
}

/// [`write`], giving the file the attributes `keep` (Unix permission bits and, as
/// root, owner; Windows attributes) on the handle it is written through, before it has
/// its name; `None` keeps the replaced file's, or gives a new file the default (0o666
/// less the umask). A replaced file whose attributes differ from `keep` is replaced by
/// a rename even when it is hard-linked: the bytes it gets belong to another file.
///
/// Returns the names of the folders created for a new file (outermost first, below
/// `target.dir`), so that the caller can remove them again ([`remove_dirs`]).
pub(crate) fn write_as(
    target: &Located,
    pieces: &[&[u8]],
    expect: Expect<'_>,
    break_link: bool,
    durable: bool,
    keep: Option<&Extra>,
) -> Result<Vec<OsString>> {
    let display = &target.display;
    let fail = |err: io::Error| io_failure(err, display, Action::Write);
    let name = &target.name;
    match expect {
        Expect::Absent => {
            let (dir, created) = create_missing_dirs(&target.dir, &target.missing).map_err(fail)?;
            let result = write_new(
                dir.as_ref().unwrap_or(&target.dir),
                name,
                display,
                pieces,
                durable,
                keep,
            );
            // Closed first: Windows removes a folder only once no handle is open on it.
            drop(dir);
            match result {
                Ok(()) => Ok(created),
                Err(e) => {
                    remove_dirs(&target.dir, created);
                    Err(e)
                }
            }
        }
        Expect::Unchanged(snapshot) => {
            sys::check_writable(&target.dir, name, &snapshot.stat).map_err(fail)?;
            let own = &snapshot.stat.extra;
            let keep = keep.filter(|k| !k.same(own));
            if snapshot.stat.links > 1 && !break_link && keep.is_none() {
                write_in_place(&target.dir, name, display, pieces, snapshot, durable)?;
            } else {
                replace(
                    &target.dir,
                    name,
                    display,
                    pieces,
                    snapshot,
                    keep.unwrap_or(own),
                    durable,
                )?;
            }
            Ok(Vec::new())
        }
    }
}

/// Creates the new file `name` in `dir` with `pieces`, and the attributes `keep` set on
/// its handle before it has its name (a copy kept aside, see [`super::put::stash`]).
pub(crate) fn write_copy(
    dir: &Dir,
    name: &OsString,
    display: &Path,
    pieces: &[&[u8]],
    keep: &Extra,
) -> Result<()> {
    write_new(dir, name, display, pieces, false, Some(keep))
}

fn replace(
    dir: &Dir,
    name: &OsString,
    display: &Path,
    pieces: &[&[u8]],
    snapshot: &Snapshot,
    keep: &Extra,
    durable: bool,
) -> Result<()> {
    let fail = |err: io::Error| io_failure(err, display, Action::Write);
    // Private until its own mode is set on the handle, before it has a name.
    let mut temp = Temp::create(dir, name, keep.creation_mode(), anonymous_temp()).map_err(fail)?;
    sys::adopt(&temp.file, keep).map_err(fail)?;
    write_pieces(&mut temp.file, pieces).map_err(fail)?;
    if durable {
        sys::sync_file(&temp.file).map_err(fail)?;
    }
    #[cfg(test)]
    hooks::before_commit().map_err(fail)?;
    let _commit = sys::commit_lock(snapshot.handle.as_ref(), snapshot.stat.id).map_err(fail)?;
    verify(dir, name, display, Expect::Unchanged(snapshot))?;
    temp.replace(name).map_err(|e| commit_failure(e, display))?;
    if durable {
        dir.sync().map_err(fail)?;
    }
    Ok(())
}

fn write_new(
    dir: &Dir,
    name: &OsString,
    display: &Path,
    pieces: &[&[u8]],
    durable: bool,
    keep: Option<&Extra>,
) -> Result<()> {
    let fail = |err: io::Error| io_failure(err, display, Action::Write);
    let mut temp = match keep {
        // Its final mode (and owner) on the handle before it is linked into place.
        Some(keep) => {
            let temp =
                Temp::create(dir, name, keep.creation_mode(), anonymous_temp()).map_err(fail)?;
            sys::adopt(&temp.file, keep).map_err(fail)?;
            temp
        }
        // 0o666 less the umask, as any program's new file would.
        None => Temp::create(dir, name, 0o666, anonymous_temp()).map_err(fail)?,
    };
    write_pieces(&mut temp.file, pieces).map_err(fail)?;
    if durable {
        sys::sync_file(&temp.file).map_err(fail)?;
    }
    #[cfg(test)]
    hooks::before_commit().map_err(fail)?;
    verify(dir, name, display, Expect::Absent)?;
    match temp.link_new(name) {
        Ok(()) => {}
        Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {
            return Err(file_changed(display, "was created by another process"))
        }
        Err(e) => return Err(commit_failure(e, display)),
    }
    if durable {
        dir.sync().map_err(fail)?;
    }
    Ok(())
}

/// Deletes the file at `target` if it is still what `snapshot` saw: the commit lock and
/// the race check of a write, then the unlink, relative to the file's folder.
pub(crate) fn unlink(target: &Located, snapshot: &Snapshot, durable: bool) -> Result<()> {
    let display = &target.display;
    let fail = |err: io::Error| io_failure(err, display, Action::Write);
    let _commit = sys::commit_lock(snapshot.handle.as_ref(), snapshot.stat.id).map_err(fail)?;
    verify(
        &target.dir,
        &target.name,
        display,
        Expect::Unchanged(snapshot),
    )?;
    target
        .dir
        .remove_file(&target.name)
        .map_err(|e| commit_failure(e, display))?;
    if durable {
        target.dir.sync().map_err(fail)?;
    }
    Ok(())
}

/// The error of a rename that failed; on Windows, a file another program kept open
/// through the retries of the rename (`sys::BUSY_WAIT`): `IO_ERROR` (section 5 of the
/// specification has no code of its own for it) saying so, with the hint to retry.
fn commit_failure(err: io::Error, display: &Path) -> crate::error::Error {
    if sys::is_busy(&err) {
        return crate::error::Error::new(
            crate::error::ErrorCode::IoError,
            format!(
                "Cannot replace {}: another program holds the file open and does not let it be replaced, and did not let go within 2 s ({err}). The file is unchanged: nothing was written.",
                display.display()
            ),
        )
        .with_hint("Retry in a moment, or close the file in the other program (an editor, an indexer, a virus scanner) first.")
        .with_io_source(err);
    }
    io_failure(err, display, Action::Write)
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
    dir: &Dir,
    name: &OsString,
    display: &Path,
    pieces: &[&[u8]],
    snapshot: &Snapshot,
    durable: bool,
) -> Result<()> {
    let fail = |err: io::Error| io_failure(err, display, Action::Write);
    {
        // Dropped (and so removed) before the original is opened: its only job is to
        // fail on a full disk or quota while the original is still whole.
        let mut probe = Temp::create(dir, name, 0o600, anonymous_temp()).map_err(fail)?;
        write_pieces(&mut probe.file, pieces).map_err(fail)?;
    }
    #[cfg(test)]
    hooks::before_commit().map_err(fail)?;
    let _commit = sys::commit_lock(snapshot.handle.as_ref(), snapshot.stat.id).map_err(fail)?;
    verify(dir, name, display, Expect::Unchanged(snapshot))?;
    let mut file = dir.open_for_write(name).map_err(fail)?;
    // The name might have been given to another file since the check.
    if sys::stat(&file).map_err(fail)?.id != snapshot.stat.id {
        return Err(file_changed(display, "was replaced by another process"));
    }
    // Overwrite, then cut: a shorter file never exists unless the new content is shorter.
    write_pieces(&mut file, pieces).map_err(fail)?;
    let len: usize = pieces.iter().map(|p| p.len()).sum();
    file.set_len(len as u64).map_err(fail)?;
    if durable {
        sys::sync_file(&file).map_err(fail)?;
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

/// The race check: `FILE_CHANGED` unless the file `name` in `dir` is still as
/// `expect` says.
fn verify(dir: &Dir, name: &OsString, display: &Path, expect: Expect<'_>) -> Result<()> {
    let fail = |err: io::Error| io_failure(err, display, Action::Write);
    let now = dir.stat_name(name).map_err(fail)?;
    match (expect, now) {
        (Expect::Absent, None) => Ok(()),
        (Expect::Absent, Some(_)) => Err(file_changed(display, "was created by another process")),
        (Expect::Unchanged(_), None) => Err(file_changed(display, "was deleted")),
        (Expect::Unchanged(snapshot), Some(now)) => {
            if snapshot.vouches_for(&now) {
                return Ok(());
            }
            if now.len != snapshot.stat.len || now.kind != snapshot.stat.kind {
                return Err(file_changed(display, "was changed by another process"));
            }
            // Re-read through the handle it was read with if it is still that file,
            // else whatever now has the name (the same bytes renamed in are fine).
            let opened;
            let mut file: &File = match &snapshot.handle {
                Some(handle) if now.id == snapshot.stat.id => handle,
                _ => match dir.open_file(name).map_err(fail)? {
                    Entry::Found(f) => {
                        opened = f;
                        &opened
                    }
                    _ => return Err(file_changed(display, "was replaced by another process")),
                },
            };
            file.rewind().map_err(fail)?;
            // Hashed in chunks: a second copy of a large file would double the peak memory.
            if version_of(file).map_err(fail)? == snapshot.version {
                Ok(())
            } else {
                Err(file_changed(display, "was changed by another process"))
            }
        }
    }
}

/// Creates the folders `missing` below `base`, outermost first; returns the innermost
/// (`None` when there was nothing to create) and the names created, to undo.
fn create_missing_dirs(
    base: &Dir,
    missing: &[OsString],
) -> io::Result<(Option<Dir>, Vec<OsString>)> {
    let mut created = Vec::new();
    let mut current: Option<Dir> = None;
    for name in missing {
        let parent = current.as_ref().unwrap_or(base);
        match parent.make_dir(name) {
            Ok(()) => created.push(name.clone()),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {}
            Err(e) => {
                remove_dirs(base, created);
                return Err(e);
            }
        }
        // Opened without following a link: one swapped in meanwhile is refused.
        match parent.open_child(name) {
            Ok(Entry::Found(dir)) => current = Some(dir),
            Ok(_) => {
                remove_dirs(base, created);
                return Err(io::Error::new(
                    io::ErrorKind::NotADirectory,
                    "a folder on the way was replaced by another file",
                ));
            }
            Err(e) => {
                remove_dirs(base, created);
                return Err(e);
            }
        }
    }
    Ok((current, created))
}

/// Removes the folders `created` (a chain below `base`, outermost first), innermost
/// first, each only if still empty.
pub(crate) fn remove_dirs(base: &Dir, created: Vec<OsString>) {
    // Reopen the chain from `base`: each was created by this call, under a name no
    // other file may take while it exists.
    let mut chain: Vec<(Dir, OsString)> = Vec::new();
    let mut parent = match base.try_clone() {
        Ok(d) => d,
        Err(_) => return,
    };
    let last = created.len();
    for (i, name) in created.into_iter().enumerate() {
        // The innermost is not opened: Windows removes a folder only once no handle is
        // open on it, and each is removed after the ones below are closed.
        let next = match (i + 1 < last).then(|| parent.open_child(&name)) {
            Some(Ok(Entry::Found(d))) => Some(d),
            _ => None,
        };
        chain.push((parent, name));
        match next {
            Some(d) => parent = d,
            None => break,
        }
    }
    while let Some((dir, name)) = chain.pop() {
        let _ = dir.remove_dir(&name);
    }
}

/// Whether temps may be anonymous (`O_TMPFILE`): always, but for the tests that force
/// the named path.
fn anonymous_temp() -> bool {
    !hooks::named_temp_only()
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

    pub(super) fn named_temp_only() -> bool {
        NAMED_TEMP_ONLY.with(|n| n.get())
    }
}

#[cfg(not(test))]
mod hooks {
    pub(super) fn named_temp_only() -> bool {
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::ErrorCode;
    use crate::file::testing::TempDir;
    use std::fs;

    /// A file located and read, as a write needs it (`snapshot` is `None` for a file
    /// that does not exist).
    struct Prepared {
        located: Located,
        snapshot: Option<Snapshot>,
    }

    fn prepare(path: &Path) -> Prepared {
        let mut located = crate::file::path::locate(path, None, None).unwrap();
        let snapshot = located.file.take().map(|(file, stat)| {
            let version = version_of(&file).unwrap();
            Snapshot::new(stat, version, SystemTime::now(), file)
        });
        Prepared { located, snapshot }
    }

    impl Prepared {
        fn write_pieces(&self, pieces: &[&[u8]], durable: bool) -> Result<()> {
            let expect = match &self.snapshot {
                Some(s) => Expect::Unchanged(s),
                None => Expect::Absent,
            };
            super::write(&self.located, pieces, expect, false, durable)
        }

        fn write(&self, bytes: &[u8], durable: bool) -> Result<()> {
            self.write_pieces(&[bytes], durable)
        }
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

    #[test]
    fn a_change_stays_racy_two_ticks_with_fine_timestamps_and_2_s_without() {
        let at = |nanos: u32| SystemTime::UNIX_EPOCH + Duration::new(1_700_000_000, nanos);
        // A real stat (for the fields the check does not look at), with made-up times.
        let dir = TempDir::new();
        dir.write("a.txt", "x");
        let base = sys::stat(&File::open(dir.join("a.txt")).unwrap()).unwrap();
        let stamp = |nanos: u32| Stat {
            len: 1,
            modified: Some(at(nanos)),
            changed: Some(at(nanos)),
            ..base.clone()
        };
        let read = |stat: &Stat, after: Duration| Snapshot {
            version: String::new(),
            stat: stat.clone(),
            taken_at: newest_change(stat).unwrap() + after,
            handle: None,
        };
        let ms = Duration::from_millis;
        let window = fine_racy_window();
        let fine = stamp(123_456_789);
        assert!(has_fine_timestamps(&fine));
        assert!(!read(&fine, window / 2).vouches_for(&fine));
        assert!(read(&fine, window + ms(1)).vouches_for(&fine));
        let coarse = stamp(0);
        assert!(!has_fine_timestamps(&coarse));
        assert!(!read(&coarse, ms(1900)).vouches_for(&coarse));
        assert!(read(&coarse, ms(2100)).vouches_for(&coarse));
        // A stamp that moved is never vouched for: size, change time, identity.
        let grown = Stat {
            len: 2,
            ..fine.clone()
        };
        assert!(!read(&fine, ms(10_000)).vouches_for(&grown));
        let touched = Stat {
            changed: Some(at(123_457_789)),
            ..fine.clone()
        };
        assert!(!read(&fine, ms(10_000)).vouches_for(&touched));
        let other = Stat {
            id: sys::FileId {
                device: fine.id.device,
                inode: fine.id.inode.wrapping_add(1),
            },
            ..fine.clone()
        };
        assert!(!read(&fine, ms(10_000)).vouches_for(&other));
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
            prepare(&path).write_pieces(&refs, false).unwrap();
            assert_eq!(dir.read("a.txt"), pieces.concat());
            // A second name makes the next write go in place.
            fs::hard_link(&path, dir.join("b.txt")).unwrap();
            let shorter = &refs[..10];
            prepare(&path).write_pieces(shorter, false).unwrap();
            assert_eq!(dir.read("b.txt"), shorter.concat());
        });
    }

    fn replace(path: &Path, bytes: &[u8]) -> Result<()> {
        prepare(path).write(bytes, false)
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
            let snap = prepare(&dir.join("a.txt"));
            snap.write(b"new", true).unwrap();
            assert_eq!(dir.read("a.txt"), b"new");
            let new = dir.join("sub/b.txt");
            prepare(&new).write(b"b", true).unwrap();
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

    #[test]
    fn hard_link_keeps_nlink_2_and_both_names_see_new_content() {
        let dir = TempDir::new();
        dir.write("a.txt", "old content\n");
        fs::hard_link(dir.join("a.txt"), dir.join("b.txt")).unwrap();
        replace(&dir.join("a.txt"), b"new\n").unwrap();
        // The link count from the handle (GetFileInformationByHandle on Windows).
        let links = sys::stat(&File::open(dir.join("a.txt")).unwrap())
            .unwrap()
            .links;
        assert_eq!(links, 2);
        assert_eq!(dir.read("a.txt"), b"new\n");
        assert_eq!(dir.read("b.txt"), b"new\n");
        assert_eq!(dir.listing(""), ["a.txt", "b.txt"]);
        // Growing works as well as shrinking.
        replace(&dir.join("b.txt"), b"a longer new content\n").unwrap();
        assert_eq!(dir.read("a.txt"), b"a longer new content\n");
    }

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
            assert!(
                err.message.text().contains("injected failure"),
                "{}",
                err.message
            );
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
            let err = prepare(&target).write(b"new", false).unwrap_err();
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
            let snap = prepare(&path);
            let err = without_root(|| snap.write(b"new\n", false).unwrap_err());
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
        let snap = prepare(&path);
        let err = without_root(|| snap.write(b"new\n", false).unwrap_err());
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
        let snap = prepare(&path);
        // Another process rewrites it and sets the old mtime back.
        let outside = path.clone();
        hooks::set_before_commit(move || {
            fs::write(&outside, "OLD\n")?;
            File::options()
                .write(true)
                .open(&outside)?
                .set_modified(hour_ago)
        });
        let err = snap.write(b"new\n", false).unwrap_err();
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
            let err = prepare(&target).write(b"ours", false).unwrap_err();
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
        let a = sys::temp_name(long.as_ref());
        let b = sys::temp_name(long.as_ref());
        assert!(a.starts_with('.') && a.ends_with(".tmp") && a.contains(".eol-edit-"));
        assert!(a.len() < 120);
        assert_ne!(a, b);
    }

    #[cfg(windows)]
    mod windows {
        use super::*;
        use std::os::windows::ffi::OsStrExt;
        use std::os::windows::fs::{MetadataExt, OpenOptionsExt};
        use windows_sys::Win32::Storage::FileSystem::{
            SetFileAttributesW, FILE_ATTRIBUTE_HIDDEN, FILE_ATTRIBUTE_READONLY,
            FILE_ATTRIBUTE_SYSTEM, FILE_SHARE_READ, FILE_SHARE_WRITE,
        };

        fn set_attributes(path: &Path, attributes: u32) {
            let wide: Vec<u16> = path.as_os_str().encode_wide().chain([0]).collect();
            // SAFETY: a NUL-terminated path.
            assert_ne!(unsafe { SetFileAttributesW(wide.as_ptr(), attributes) }, 0);
        }

        fn attributes(path: &Path) -> u32 {
            fs::metadata(path).unwrap().file_attributes()
        }

        #[test]
        fn read_only_attribute_is_permission_denied_and_the_file_is_kept() {
            let dir = TempDir::new();
            dir.write("a.txt", "old\r\n");
            let path = dir.join("a.txt");
            set_attributes(&path, FILE_ATTRIBUTE_READONLY);
            let err = replace(&path, b"new\r\n").unwrap_err();
            assert_eq!(err.code, ErrorCode::PermissionDenied, "{}", err.message);
            assert!(err.message.text().contains("read-only"), "{}", err.message);
            assert_eq!(dir.read("a.txt"), b"old\r\n");
            assert_ne!(attributes(&path) & FILE_ATTRIBUTE_READONLY, 0);
            assert_eq!(dir.listing(""), ["a.txt"]);
            set_attributes(&path, 0x80);
        }

        #[test]
        fn hidden_and_system_attributes_survive_an_edit() {
            let dir = TempDir::new();
            dir.write("a.txt", "old\r\n");
            let path = dir.join("a.txt");
            set_attributes(&path, FILE_ATTRIBUTE_HIDDEN | FILE_ATTRIBUTE_SYSTEM);
            replace(&path, b"new\r\n").unwrap();
            assert_eq!(dir.read("a.txt"), b"new\r\n");
            let kept = attributes(&path) & (FILE_ATTRIBUTE_HIDDEN | FILE_ATTRIBUTE_SYSTEM);
            assert_eq!(kept, FILE_ATTRIBUTE_HIDDEN | FILE_ATTRIBUTE_SYSTEM);
        }

        /// Opens `path` as an editor that does not share deletion would. (Wine, like
        /// Windows, checks share modes between any two handles, those of one process
        /// too, so a thread stands for the other program.)
        fn hold(path: &Path) -> File {
            fs::OpenOptions::new()
                .read(true)
                .share_mode(FILE_SHARE_READ | FILE_SHARE_WRITE)
                .open(path)
                .unwrap()
        }

        /// Holds `path` open without sharing deletion for `time`, on another thread.
        fn hold_for(path: &Path, time: Duration) -> std::thread::JoinHandle<()> {
            let held = hold(path);
            std::thread::spawn(move || {
                std::thread::sleep(time);
                drop(held);
            })
        }

        #[test]
        fn a_file_another_program_keeps_open_is_refused_after_two_seconds_and_kept() {
            let dir = TempDir::new();
            dir.write("a.txt", "old\r\n");
            let path = dir.join("a.txt");
            let prepared = prepare(&path);
            let holder = hold_for(&path, Duration::from_secs(3));
            let started = std::time::Instant::now();
            let err = prepared.write(b"new\r\n", false).unwrap_err();
            let waited = started.elapsed();
            assert!(
                waited >= sys::BUSY_WAIT && waited < Duration::from_millis(2900),
                "{waited:?}"
            );
            assert_eq!(err.code, ErrorCode::IoError, "{}", err.full_message());
            let text = err.full_message();
            assert!(
                text.contains("another program holds the file") && text.contains("Retry"),
                "{text}"
            );
            assert!(std::error::Error::source(&err).is_some());
            // Untouched, and the temporary file gone, while still held and after.
            assert_eq!(dir.read("a.txt"), b"old\r\n");
            assert_eq!(dir.listing(""), ["a.txt"]);
            holder.join().unwrap();
            assert_eq!(dir.read("a.txt"), b"old\r\n");
            assert_eq!(dir.listing(""), ["a.txt"]);
        }

        #[test]
        fn a_file_held_open_for_half_a_second_is_replaced_once_let_go() {
            let dir = TempDir::new();
            dir.write("a.txt", "old\r\n");
            let path = dir.join("a.txt");
            let prepared = prepare(&path);
            let holder = hold_for(&path, Duration::from_millis(500));
            let started = std::time::Instant::now();
            prepared.write(b"new\r\n", false).unwrap();
            let waited = started.elapsed();
            holder.join().unwrap();
            assert!(
                waited >= Duration::from_millis(400) && waited < sys::BUSY_WAIT,
                "{waited:?}"
            );
            assert_eq!(dir.read("a.txt"), b"new\r\n");
            assert_eq!(dir.listing(""), ["a.txt"]);
        }

        /// The file a holder process holds, for how long, and the file it creates once
        /// it holds it (the variables [`hold_in_another_process`] gives it).
        const HOLD_FILE: &str = "EOL_EDIT_TEST_HOLD_FILE";
        const HOLD_MS: &str = "EOL_EDIT_TEST_HOLD_MS";
        const HOLD_MARKER: &str = "EOL_EDIT_TEST_HOLD_MARKER";

        /// In the holder process (this test binary re-run by `test` with the variables
        /// set): holds the file as [`hold`] does, creates the marker once it holds it,
        /// lets go after the time, and returns true. False in the test's own process.
        fn held_here_if_holder() -> bool {
            let (Some(file), Some(ms), Some(marker)) = (
                std::env::var_os(HOLD_FILE),
                std::env::var(HOLD_MS).ok(),
                std::env::var_os(HOLD_MARKER),
            ) else {
                return false;
            };
            let held = hold(Path::new(&file));
            fs::write(marker, "held").unwrap();
            std::thread::sleep(Duration::from_millis(ms.parse().unwrap()));
            drop(held);
            true
        }

        /// Runs the test `test` of this module again as another process that holds
        /// `path` open without sharing deletion for `time`; returns once it holds the
        /// file (its marker exists), with the process to wait for.
        fn hold_in_another_process(
            test: &str,
            path: &Path,
            time: Duration,
        ) -> (std::process::Child, TempDir) {
            // The harness names a test by its path in the crate, without the crate.
            let module = module_path!().split_once("::").unwrap().1;
            let markers = TempDir::new();
            let marker = markers.join("held");
            let mut child = std::process::Command::new(std::env::current_exe().unwrap())
                .args(["--exact", &format!("{module}::{test}"), "--quiet"])
                .env(HOLD_FILE, path)
                .env(HOLD_MS, time.as_millis().to_string())
                .env(HOLD_MARKER, &marker)
                .stdout(std::process::Stdio::null())
                .stderr(std::process::Stdio::null())
                .spawn()
                .unwrap();
            // Starting a process takes long under wine on a busy machine.
            let deadline = std::time::Instant::now() + Duration::from_secs(60);
            while !marker.exists() {
                if let Some(status) = child.try_wait().unwrap() {
                    panic!("the holder process ended before it held the file: {status}");
                }
                assert!(
                    std::time::Instant::now() < deadline,
                    "the holder process did not hold the file within 60 s"
                );
                std::thread::sleep(Duration::from_millis(2));
            }
            (child, markers)
        }

        #[test]
        fn a_file_another_process_keeps_open_is_refused_after_two_seconds_and_kept() {
            const NAME: &str =
                "a_file_another_process_keeps_open_is_refused_after_two_seconds_and_kept";
            if held_here_if_holder() {
                return;
            }
            let dir = TempDir::new();
            dir.write("a.txt", "old\r\n");
            let path = dir.join("a.txt");
            let prepared = prepare(&path);
            let (mut holder, _markers) =
                hold_in_another_process(NAME, &path, Duration::from_secs(3));
            let started = std::time::Instant::now();
            let err = prepared.write(b"new\r\n", false).unwrap_err();
            let waited = started.elapsed();
            assert!(
                waited >= sys::BUSY_WAIT && waited < Duration::from_millis(2900),
                "{waited:?}"
            );
            assert_eq!(err.code, ErrorCode::IoError, "{}", err.full_message());
            assert!(
                err.full_message()
                    .contains("another program holds the file"),
                "{}",
                err.full_message()
            );
            // Untouched, and no temporary file left, while still held and after.
            assert_eq!(dir.read("a.txt"), b"old\r\n");
            assert_eq!(dir.listing(""), ["a.txt"]);
            assert!(holder.wait().unwrap().success());
            assert_eq!(dir.read("a.txt"), b"old\r\n");
            assert_eq!(dir.listing(""), ["a.txt"]);
        }

        #[test]
        fn a_file_another_process_holds_for_half_a_second_is_replaced_once_let_go() {
            const NAME: &str =
                "a_file_another_process_holds_for_half_a_second_is_replaced_once_let_go";
            if held_here_if_holder() {
                return;
            }
            let dir = TempDir::new();
            dir.write("a.txt", "old\r\n");
            let path = dir.join("a.txt");
            let prepared = prepare(&path);
            let (mut holder, _markers) =
                hold_in_another_process(NAME, &path, Duration::from_millis(500));
            let started = std::time::Instant::now();
            prepared.write(b"new\r\n", false).unwrap();
            let waited = started.elapsed();
            assert!(holder.wait().unwrap().success());
            assert!(
                waited >= Duration::from_millis(300) && waited < sys::BUSY_WAIT,
                "{waited:?}"
            );
            assert_eq!(dir.read("a.txt"), b"new\r\n");
            assert_eq!(dir.listing(""), ["a.txt"]);
        }
    }
}
