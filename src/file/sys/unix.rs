//! The interface of [`super`] on Unix (Linux, macOS, the BSDs), on `rustix`'s system
//! calls. Folders are held as descriptors (`O_PATH` on Linux) and every lookup is an
//! `*at` call relative to one, with `O_NOFOLLOW` so a link is seen, never followed.
//!
//! Linux extras: `openat2` with `RESOLVE_BENEATH` resolves a whole folder path inside a
//! root in one call; `O_TMPFILE` makes a temporary file without a name, so a killed
//! process leaves nothing behind; `fstatfs` tells `/proc`-like file systems apart.

use std::ffi::{OsStr, OsString};
use std::fs::File;
use std::io;
use std::os::fd::OwnedFd;
use std::os::unix::ffi::OsStringExt;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

use rustix::fs::{self as rfs, AtFlags, Mode, OFlags, CWD};
use rustix::io::Errno;

use super::{Entry, FileId, Kind, Stat};

/// Unix's part of a [`Stat`]: permission bits and owner.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Extra {
    mode: u32,
    uid: u32,
    gid: u32,
}

impl Extra {
    /// The permission bits (with setuid, setgid and sticky).
    #[cfg(test)]
    pub(crate) fn mode(&self) -> Option<u32> {
        Some(self.mode & 0o7777)
    }

    /// The bits a file that is to end with these attributes is created with: at most
    /// its owner's, so that until [`adopt`] gives it the rest on its handle nobody but
    /// this process can open it, and nothing is ever wider than at the end.
    pub(crate) fn creation_mode(&self) -> u32 {
        self.mode & 0o700
    }

    /// The same permission bits and owner.
    pub(crate) fn same(&self, other: &Extra) -> bool {
        (self.mode & 0o7777, self.uid, self.gid) == (other.mode & 0o7777, other.uid, other.gid)
    }
}

/// How folders are opened: only to look names up in them.
fn dir_flags() -> OFlags {
    #[cfg(any(target_os = "linux", target_os = "android"))]
    let base = OFlags::PATH;
    #[cfg(not(any(target_os = "linux", target_os = "android")))]
    let base = OFlags::RDONLY;
    base | OFlags::DIRECTORY | OFlags::CLOEXEC
}

/// `O_NOFOLLOW` on a link fails with `ELOOP` (Linux, macOS) or `EMLINK` (FreeBSD).
fn is_link_refusal(e: Errno) -> bool {
    e == Errno::LOOP || e == Errno::MLINK
}

/// An open folder.
#[derive(Debug)]
pub(crate) struct Dir(OwnedFd);

impl Dir {
    /// Opens a folder by path, following links: a root, or an unconfined file's folder.
    pub fn open(path: &Path) -> io::Result<Dir> {
        Ok(Dir(rfs::open(path, dir_flags(), Mode::empty())?))
    }

    /// A second handle on the same folder.
    pub fn try_clone(&self) -> io::Result<Dir> {
        Ok(Dir(self.0.try_clone()?))
    }

    /// Opens the folder `name` in this one, without following a link.
    pub fn open_child(&self, name: &OsStr) -> io::Result<Entry<Dir>> {
        match rfs::openat(&self.0, name, dir_flags() | OFlags::NOFOLLOW, Mode::empty()) {
            Ok(fd) => Ok(Entry::Found(Dir(fd))),
            Err(Errno::NOENT) => Ok(Entry::Missing),
            // A link (with O_PATH, ENOTDIR) or a file.
            Err(e) if e == Errno::NOTDIR || is_link_refusal(e) => self.link_or_other(name),
            Err(e) => Err(e.into()),
        }
    }

    fn link_or_other(&self, name: &OsStr) -> io::Result<Entry<Dir>> {
        match self.read_link(name) {
            Ok(target) => Ok(Entry::Link(target)),
            Err(e) if e.raw_os_error() == Some(Errno::INVAL.raw_os_error()) => Ok(Entry::Other),
            Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(Entry::Missing),
            Err(e) => Err(e),
        }
    }

    /// Opens the file `name` in this folder for reading, without following a link and
    /// without blocking (a FIFO or a device opens at once; the caller checks the type
    /// on the handle). Only call it for a name [`Dir::stat_name`] called a file.
    pub fn open_file(&self, name: &OsStr) -> io::Result<Entry<File>> {
        let flags =
            OFlags::RDONLY | OFlags::NOFOLLOW | OFlags::NONBLOCK | OFlags::NOCTTY | OFlags::CLOEXEC;
        match rfs::openat(&self.0, name, flags, Mode::empty()) {
            Ok(fd) => Ok(Entry::Found(File::from(fd))),
            Err(Errno::NOENT) => Ok(Entry::Missing),
            Err(e) if is_link_refusal(e) => match self.read_link(name) {
                Ok(target) => Ok(Entry::Link(target)),
                Err(_) => Err(e.into()),
            },
            Err(e) => Err(e.into()),
        }
    }

    /// Opens the file `name` for writing in place (a hard-linked file), without
    /// following a link or blocking.
    pub fn open_for_write(&self, name: &OsStr) -> io::Result<File> {
        let flags =
            OFlags::WRONLY | OFlags::NOFOLLOW | OFlags::NONBLOCK | OFlags::NOCTTY | OFlags::CLOEXEC;
        Ok(File::from(rfs::openat(
            &self.0,
            name,
            flags,
            Mode::empty(),
        )?))
    }

    /// What `name` is in this folder, without following a link; `None` if nothing.
    pub fn stat_name(&self, name: &OsStr) -> io::Result<Option<Stat>> {
        match rfs::statat(&self.0, name, AtFlags::SYMLINK_NOFOLLOW) {
            Ok(st) => Ok(Some(from_stat(&st))),
            Err(Errno::NOENT) => Ok(None),
            Err(e) => Err(e.into()),
        }
    }

    /// The path a symbolic link holds.
    pub fn read_link(&self, name: &OsStr) -> io::Result<PathBuf> {
        let target = rfs::readlinkat(&self.0, name, Vec::new())?;
        Ok(PathBuf::from(OsString::from_vec(target.into_bytes())))
    }

    /// Creates the folder `name` in this one (mode 0777 less the umask).
    pub fn make_dir(&self, name: &OsStr) -> io::Result<()> {
        Ok(rfs::mkdirat(&self.0, name, Mode::from_raw_mode(0o777))?)
    }

    /// Removes the empty folder `name`.
    pub fn remove_dir(&self, name: &OsStr) -> io::Result<()> {
        Ok(rfs::unlinkat(&self.0, name, AtFlags::REMOVEDIR)?)
    }

    /// Removes the file `name`.
    pub fn remove_file(&self, name: &OsStr) -> io::Result<()> {
        Ok(rfs::unlinkat(&self.0, name, AtFlags::empty())?)
    }

    /// `PermissionDenied` (or `ReadOnlyFilesystem`) when this process may not write the
    /// file `name`, as `open` for writing would say, even where the folder would let a
    /// rename replace it.
    pub fn check_writable(&self, name: &OsStr) -> io::Result<()> {
        match rfs::accessat(&self.0, name, rfs::Access::WRITE_OK, AtFlags::EACCESS) {
            Ok(()) => Ok(()),
            Err(e) if e == Errno::ACCESS || e == Errno::PERM || e == Errno::ROFS => Err(e.into()),
            // Anything else (an old kernel, a sandbox): let the write decide.
            Err(_) => Ok(()),
        }
    }

    /// `PermissionDenied` (or `ReadOnlyFilesystem`) when this process may not create,
    /// rename or remove names in this folder.
    pub fn check_folder_writable(&self) -> io::Result<()> {
        let access = rfs::Access::WRITE_OK | rfs::Access::EXEC_OK;
        match rfs::accessat(&self.0, ".", access, AtFlags::EACCESS) {
            Ok(()) => Ok(()),
            Err(e) if e == Errno::ACCESS || e == Errno::PERM || e == Errno::ROFS => Err(e.into()),
            // Anything else (an old kernel, a sandbox): let the write decide.
            Err(_) => Ok(()),
        }
    }

    /// `PermissionDenied` when this folder is sticky (like `/tmp`) and neither it nor
    /// the file `file` in it belongs to this process's user: the file can then be
    /// neither replaced by a rename nor removed, though the folder takes new names.
    pub fn check_sticky(&self, file: &Stat) -> io::Result<()> {
        let user = fs_uid();
        if user == 0 {
            return Ok(());
        }
        let Ok(folder) = rfs::fstat(&self.0) else {
            return Ok(()); // let the write decide
        };
        #[allow(clippy::unnecessary_cast)] // u16 on macOS
        let sticky = folder.st_mode as u32 & 0o1000 != 0;
        if sticky && folder.st_uid != user && file.extra.uid != user {
            return Err(io::Error::new(
                io::ErrorKind::PermissionDenied,
                "its folder is sticky (like /tmp) and neither the folder nor the file is yours, so it can be neither replaced nor removed",
            ));
        }
        Ok(())
    }

    /// Flushes the folder's entries to disk (after a rename, for `durable`).
    pub fn sync(&self) -> io::Result<()> {
        // An O_PATH descriptor cannot be synced; open the folder itself.
        let fd = rfs::openat(
            &self.0,
            ".",
            OFlags::RDONLY | OFlags::DIRECTORY | OFlags::CLOEXEC,
            Mode::empty(),
        )?;
        sync_file(&File::from(fd))
    }

    /// The folder's current path, where the OS can tell (Linux, macOS).
    pub fn real_path(&self) -> Option<PathBuf> {
        #[cfg(target_os = "linux")]
        {
            use std::os::fd::AsRawFd;
            std::fs::read_link(format!("/proc/self/fd/{}", self.0.as_raw_fd())).ok()
        }
        #[cfg(any(target_os = "macos", target_os = "ios"))]
        {
            use std::os::unix::ffi::OsStrExt;
            let path = rfs::getpath(&self.0).ok()?;
            Some(PathBuf::from(OsStr::from_bytes(path.to_bytes())))
        }
        #[cfg(not(any(target_os = "linux", target_os = "macos", target_os = "ios")))]
        {
            None
        }
    }

    /// Opens `path` (several components, relative to this folder) as a folder inside
    /// this one, following links only while they stay inside (Linux `openat2` with
    /// `RESOLVE_BENEATH`). `Ok(None)` where that call is not available or refuses for
    /// a reason the caller's own walk must look at (a link leaving the folder, a
    /// missing folder); the walk then decides.
    #[cfg(target_os = "linux")]
    pub fn open_beneath(&self, path: &Path) -> io::Result<Option<Dir>> {
        use rfs::ResolveFlags;
        if !openat2::available() {
            return Ok(None);
        }
        let resolve = ResolveFlags::BENEATH | ResolveFlags::NO_MAGICLINKS;
        match rfs::openat2(&self.0, path, dir_flags(), Mode::empty(), resolve) {
            Ok(fd) => Ok(Some(Dir(fd))),
            Err(e) if e == Errno::NOSYS || e == Errno::PERM => {
                // Not in this kernel, or refused by a seccomp filter: walk from now on.
                openat2::set_unavailable();
                Ok(None)
            }
            Err(_) => Ok(None),
        }
    }

    #[cfg(not(target_os = "linux"))]
    pub fn open_beneath(&self, _path: &Path) -> io::Result<Option<Dir>> {
        Ok(None)
    }

    /// The names in this folder (`.` and `..` left out), each with what it is when the
    /// folder's entry says so (`None`: ask [`Dir::stat_name`]), read through this
    /// handle: a second descriptor on the folder itself, opened relative to this one,
    /// never by a path.
    pub fn entries(&self) -> io::Result<Vec<(OsString, Option<Kind>)>> {
        let flags = OFlags::RDONLY | OFlags::DIRECTORY | OFlags::CLOEXEC;
        let fd = rfs::openat(&self.0, ".", flags, Mode::empty())?;
        let mut out = Vec::new();
        for entry in rfs::Dir::new(fd)? {
            let entry = entry?;
            let name = entry.file_name().to_bytes();
            if name == b"." || name == b".." {
                continue;
            }
            let kind = match entry.file_type() {
                rfs::FileType::RegularFile => Some(Kind::File),
                rfs::FileType::Directory => Some(Kind::Dir),
                rfs::FileType::Symlink => Some(Kind::Link),
                rfs::FileType::Unknown => None,
                _ => Some(Kind::Special),
            };
            out.push((OsString::from_vec(name.to_vec()), kind));
        }
        Ok(out)
    }

    /// True when this folder has been removed while open (it has no name left).
    pub fn is_removed(&self) -> bool {
        rfs::fstat(&self.0).is_ok_and(|st| st.st_nlink == 0)
    }
}

/// The user the kernel checks file permissions for: on Linux the file-system uid (what
/// `setfsuid` set, the effective uid unless changed), elsewhere the effective uid.
fn fs_uid() -> u32 {
    #[cfg(target_os = "linux")]
    {
        // SAFETY: an invalid uid (-1) changes nothing and returns the current fs uid.
        unsafe { libc::setfsuid(libc::uid_t::MAX) as u32 }
    }
    #[cfg(not(target_os = "linux"))]
    {
        rustix::process::geteuid().as_raw()
    }
}

#[cfg(target_os = "linux")]
mod openat2 {
    use std::sync::atomic::{AtomicBool, Ordering};

    static UNAVAILABLE: AtomicBool = AtomicBool::new(false);

    pub(super) fn available() -> bool {
        !UNAVAILABLE.load(Ordering::Relaxed) && !super::super::hooks::walk_only()
    }

    pub(super) fn set_unavailable() {
        UNAVAILABLE.store(true, Ordering::Relaxed);
    }
}

fn system_time(secs: i64, nanos: i64) -> Option<SystemTime> {
    let nanos = u32::try_from(nanos).ok()?;
    if secs >= 0 {
        SystemTime::UNIX_EPOCH.checked_add(Duration::new(secs as u64, nanos))
    } else {
        SystemTime::UNIX_EPOCH
            .checked_sub(Duration::from_secs(secs.unsigned_abs()))?
            .checked_add(Duration::from_nanos(u64::from(nanos)))
    }
}

fn from_stat(st: &rfs::Stat) -> Stat {
    #[allow(clippy::unnecessary_cast)] // u16 on macOS
    let mode = st.st_mode as u32;
    let kind = match rfs::FileType::from_raw_mode(st.st_mode as _) {
        rfs::FileType::RegularFile => Kind::File,
        rfs::FileType::Directory => Kind::Dir,
        rfs::FileType::Symlink => Kind::Link,
        _ => Kind::Special,
    };
    #[allow(clippy::unnecessary_cast)]
    Stat {
        kind,
        len: st.st_size as u64,
        id: FileId {
            device: st.st_dev as u64,
            inode: st.st_ino as u64,
        },
        links: st.st_nlink as u64,
        modified: system_time(st.st_mtime as i64, st.st_mtime_nsec as i64),
        changed: system_time(st.st_ctime as i64, st.st_ctime_nsec as i64),
        extra: Extra {
            mode,
            uid: st.st_uid,
            gid: st.st_gid,
        },
    }
}

/// What an open file is.
pub(crate) fn stat(file: &File) -> io::Result<Stat> {
    Ok(from_stat(&rfs::fstat(file)?))
}

/// True for a file of a `/proc`-like file system: its size is no guide to its
/// content, and a read may block or never end (`/proc/kmsg` says it is a regular file).
pub(crate) fn is_pseudo(file: &File) -> bool {
    is_pseudo_fd(file)
}

impl Dir {
    /// True for a folder of a `/proc`-like file system, whose links (`/proc/self/fd/0`)
    /// name pipes and sockets as often as files.
    pub fn is_pseudo(&self) -> bool {
        is_pseudo_fd(&self.0)
    }
}

fn is_pseudo_fd(fd: impl std::os::fd::AsFd) -> bool {
    #[cfg(any(target_os = "linux", target_os = "android"))]
    {
        // The kernel's own magic numbers (linux/magic.h).
        const PSEUDO: [u64; 20] = [
            0x9fa0,      // proc
            0x6265_6572, // sysfs
            0x6462_6720, // debugfs
            0x7472_6163, // tracefs
            0x7363_6673, // securityfs
            0x0027_e0eb, // cgroup
            0x6367_7270, // cgroup2
            0xcafe_4a11, // bpf
            0x6265_6570, // configfs
            0x6165_676c, // pstore
            0xde5e_81e4, // efivarfs
            0x6573_5543, // fusectl
            0xf97c_ff8c, // selinuxfs
            0x4341_5d53, // smackfs
            0x1cd1,      // devpts
            0x4249_4e4d, // binfmt_misc
            0x1980_0202, // mqueue
            0x6e73_6673, // nsfs
            0x0765_5821, // resctrl
            0x6e66_7364, // nfsd
        ];
        match rfs::fstatfs(fd) {
            #[allow(clippy::unnecessary_cast)]
            Ok(fs) => PSEUDO.contains(&(fs.f_type as u64)),
            Err(_) => false,
        }
    }
    #[cfg(not(any(target_os = "linux", target_os = "android")))]
    {
        let _ = fd;
        false
    }
}

/// Unix keeps the handle a file was read through until the commit: its `flock` is the
/// commit lock, and it is the last handle on the replaced file.
pub(crate) const KEEP_READ_HANDLE: bool = true;

/// The commit lock between processes: an `flock` on the handle the file was read
/// through, which goes with that handle (so the guard holds nothing).
pub(crate) struct CommitLock;

/// Takes the commit lock on the file read as `read`.
pub(crate) fn commit_lock(read: Option<&File>, _id: FileId) -> io::Result<CommitLock> {
    if let Some(file) = read {
        lock_exclusive(file)?;
    }
    Ok(CommitLock)
}

/// Takes an exclusive advisory lock (`flock`) on an open file, held until the file is
/// closed. Where the file system has no locks, does nothing: the race check remains.
fn lock_exclusive(file: &File) -> io::Result<()> {
    loop {
        match rfs::flock(file, rfs::FlockOperation::LockExclusive) {
            Ok(()) => return Ok(()),
            Err(Errno::INTR) => continue,
            Err(e) if e == Errno::NOLCK || e == Errno::OPNOTSUPP || e == Errno::NOSYS => {
                return Ok(())
            }
            Err(e) => return Err(e.into()),
        }
    }
}

/// `PermissionDenied` when this process may not write the file `name` of `dir` (whose
/// stat is `stat`), even where the folder would let a rename replace it.
pub(crate) fn check_writable(dir: &Dir, name: &OsStr, _stat: &Stat) -> io::Result<()> {
    dir.check_writable(name)
}

/// True for an error that says another program holds the file (Windows only).
pub(crate) fn is_busy(_err: &io::Error) -> bool {
    false
}

/// Gives `temp` (through its handle, never by name) the permission bits of `keep`, and
/// its owner when running as root (best effort: some file systems refuse ownership
/// changes).
pub(crate) fn adopt(temp: &File, keep: &Extra) -> io::Result<()> {
    if rustix::process::geteuid().is_root() {
        // Before chmod, which a chown would otherwise undo for setuid bits.
        let _ = rfs::fchown(
            temp,
            Some(rustix::process::Uid::from_raw(keep.uid)),
            Some(rustix::process::Gid::from_raw(keep.gid)),
        );
    }
    Ok(rfs::fchmod(
        temp,
        Mode::from_raw_mode((keep.mode & 0o7777) as _),
    )?)
}

/// Flushes a file to the disk: `F_FULLFSYNC` on macOS (its `fsync` stops at the
/// drive's cache), `fsync` elsewhere.
pub(crate) fn sync_file(file: &File) -> io::Result<()> {
    #[cfg(any(target_os = "macos", target_os = "ios"))]
    if rfs::fcntl_fullfsync(file).is_ok() {
        return Ok(());
    }
    file.sync_all()
}

/// A temporary file in a folder, put in place by [`Temp::replace`] or
/// [`Temp::link_new`]; dropped, it leaves nothing behind.
#[derive(Debug)]
pub(crate) struct Temp<'d> {
    pub file: File,
    dir: &'d Dir,
    /// Its name in `dir`, once it has one (an `O_TMPFILE` has none until linked).
    name: Option<OsString>,
}

impl<'d> Temp<'d> {
    /// A new temporary file for `target` in `dir`, created with `mode` (less the umask).
    /// `anonymous`: an unnamed `O_TMPFILE` where Linux allows it.
    pub fn create(dir: &'d Dir, target: &OsStr, mode: u32, anonymous: bool) -> io::Result<Self> {
        #[cfg(target_os = "linux")]
        if anonymous && proc_fd_available() {
            let flags = OFlags::TMPFILE | OFlags::WRONLY | OFlags::CLOEXEC;
            if let Ok(fd) = rfs::openat(&dir.0, ".", flags, Mode::from_raw_mode(mode as _)) {
                return Ok(Temp {
                    file: File::from(fd),
                    dir,
                    name: None,
                });
            }
        }
        let _ = anonymous;
        let mut last = None;
        for _ in 0..8 {
            let name = OsString::from(super::temp_name(target));
            let flags =
                OFlags::WRONLY | OFlags::CREATE | OFlags::EXCL | OFlags::NOFOLLOW | OFlags::CLOEXEC;
            match rfs::openat(&dir.0, &name, flags, Mode::from_raw_mode(mode as _)) {
                Ok(fd) => {
                    return Ok(Temp {
                        file: File::from(fd),
                        dir,
                        name: Some(name),
                    })
                }
                Err(Errno::EXIST) => last = Some(Errno::EXIST),
                Err(e) => return Err(e.into()),
            }
        }
        Err(last.map_or_else(
            || io::Error::other("could not create a temporary file"),
            io::Error::from,
        ))
    }

    /// Gives an anonymous temp a temporary name, as late as possible.
    fn named(&mut self, target: &OsStr) -> io::Result<OsString> {
        if let Some(name) = &self.name {
            return Ok(name.clone());
        }
        for _ in 0..8 {
            let name = OsString::from(super::temp_name(target));
            match self.link_as(&name) {
                Ok(()) => {
                    self.name = Some(name.clone());
                    return Ok(name);
                }
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
                Err(e) => return Err(e),
            }
        }
        Err(io::Error::other("could not name the temporary file"))
    }

    /// Links the (anonymous) temp into its folder as `name`; `AlreadyExists` if taken.
    fn link_as(&self, name: &OsStr) -> io::Result<()> {
        #[cfg(target_os = "linux")]
        {
            use std::os::fd::AsRawFd;
            // Naming an O_TMPFILE without privileges goes through /proc/self/fd.
            let from = format!("/proc/self/fd/{}", self.file.as_raw_fd());
            Ok(rfs::linkat(
                CWD,
                from.as_str(),
                &self.dir.0,
                name,
                AtFlags::SYMLINK_FOLLOW,
            )?)
        }
        #[cfg(not(target_os = "linux"))]
        {
            let _ = name;
            Err(io::ErrorKind::Unsupported.into())
        }
    }

    /// Puts the temp in the place of the file `target` of its folder, atomically.
    pub fn replace(mut self, target: &OsStr) -> io::Result<()> {
        let name = self.named(target)?;
        rfs::renameat(&self.dir.0, &name, &self.dir.0, target)?;
        self.name = None;
        Ok(())
    }

    /// Puts the temp in its folder as the new file `target`; `AlreadyExists` (and
    /// nothing changed) if a file of that name appeared meanwhile.
    pub fn link_new(mut self, target: &OsStr) -> io::Result<()> {
        if self.name.is_none() {
            match self.link_as(target) {
                Ok(()) => return Ok(()),
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists => return Err(e),
                Err(_) => {} // no /proc, no hard links: through a named temp
            }
        }
        let name = self.named(target)?;
        rename_noreplace(self.dir, &name, target)?;
        self.name = None;
        Ok(())
    }
}

impl Drop for Temp<'_> {
    fn drop(&mut self) {
        if let Some(name) = self.name.take() {
            let _ = self.dir.remove_file(&name);
        }
    }
}

/// Renames `from` to `to` in `dir` unless `to` exists (`AlreadyExists`).
fn rename_noreplace(dir: &Dir, from: &OsStr, to: &OsStr) -> io::Result<()> {
    #[cfg(any(
        target_os = "linux",
        target_os = "android",
        target_os = "macos",
        target_os = "ios"
    ))]
    match rfs::renameat_with(&dir.0, from, &dir.0, to, rfs::RenameFlags::NOREPLACE) {
        Ok(()) => return Ok(()),
        Err(Errno::EXIST) => return Err(Errno::EXIST.into()),
        // The file system cannot do it: link and unlink instead.
        Err(e) if e == Errno::INVAL || e == Errno::NOSYS || e == Errno::OPNOTSUPP => {}
        Err(e) => return Err(e.into()),
    }
    match rfs::linkat(&dir.0, from, &dir.0, to, AtFlags::empty()) {
        Ok(()) => {
            let _ = dir.remove_file(from);
            Ok(())
        }
        Err(Errno::EXIST) => Err(Errno::EXIST.into()),
        // No hard links either (FAT, some network file systems): check, then rename.
        Err(_) => match dir.stat_name(to)? {
            Some(_) => Err(Errno::EXIST.into()),
            None => Ok(rfs::renameat(&dir.0, from, &dir.0, to)?),
        },
    }
}

/// Naming an `O_TMPFILE` without privileges needs `/proc/self/fd`.
#[cfg(target_os = "linux")]
fn proc_fd_available() -> bool {
    static AVAILABLE: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *AVAILABLE.get_or_init(|| Path::new("/proc/self/fd").is_dir())
}
