//! The interface of [`super`] on Windows, on `windows-sys`.
//!
//! Folders are held as handles, and every name is opened relative to one
//! (`NtCreateFile` with a root directory, the Windows `openat`), with
//! `FILE_OPEN_REPARSE_POINT` so a symbolic link or a junction is seen and read, never
//! followed behind the resolver's back. Other reparse points (cloud files,
//! deduplicated files) are followed as ordinary files.
//!
//! - **Identity** is the volume serial number and the file index
//!   (`GetFileInformationByHandle`), which also gives the link count; the change stamp
//!   adds the `ChangeTime`, which setting the modification time back does not undo.
//! - **The commit lock** is a named mutex for the file's identity: exclusive between
//!   eol-edit processes of a session, and no obstacle to anyone reading or writing the
//!   file. (A lock on the file itself would need a handle open across the rename, and
//!   an open handle keeps a plain rename from replacing a file.)
//! - **The temporary file** is marked delete-on-close until the rename, so a killed
//!   process leaves nothing behind. The rename is done on its handle, relative to the
//!   folder's handle: with POSIX semantics where the file system has them (Windows 10
//!   1607 and later on NTFS: the target may be open in another program that shares
//!   deletion), else a plain replacing rename. A rename refused because another program
//!   holds the file (a sharing violation, or an access denied where this process may
//!   open the file for deletion) is retried with growing pauses for up to 2 s in all
//!   ([`BUSY_WAIT`]), then fails as busy; no other failure is waited on.
//! - **Read-only** is the `FILE_ATTRIBUTE_READONLY` attribute, refused as a normal
//!   user's write is refused on Unix; the other attributes (hidden, system, archive…)
//!   go to the replacement.

use std::ffi::{OsStr, OsString};
use std::fs::File;
use std::io;
use std::mem::{size_of, zeroed};
use std::os::windows::ffi::{OsStrExt, OsStringExt};
use std::os::windows::fs::OpenOptionsExt;
use std::os::windows::io::{AsRawHandle, FromRawHandle, OwnedHandle};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant, SystemTime};

use windows_sys::Wdk::Foundation::OBJECT_ATTRIBUTES;
use windows_sys::Wdk::Storage::FileSystem::{
    FileRenameInformation, FileRenameInformationEx, NtCreateFile, NtSetInformationFile,
    FILE_CREATE, FILE_DIRECTORY_FILE, FILE_NON_DIRECTORY_FILE, FILE_OPEN,
    FILE_OPEN_FOR_BACKUP_INTENT, FILE_OPEN_REPARSE_POINT, FILE_SYNCHRONOUS_IO_NONALERT,
};
use windows_sys::Win32::Foundation::{
    RtlNtStatusToDosError, HANDLE, OBJ_CASE_INSENSITIVE, UNICODE_STRING,
};
use windows_sys::Win32::Foundation::{WAIT_ABANDONED, WAIT_OBJECT_0};
use windows_sys::Win32::Storage::FileSystem::{
    FileAttributeTagInfo, FileBasicInfo, FileDispositionInfo, FileIdBothDirectoryInfo,
    FileIdBothDirectoryRestartInfo, GetFileInformationByHandle, GetFileInformationByHandleEx,
    GetFileType, GetFinalPathNameByHandleW, SetFileInformationByHandle, BY_HANDLE_FILE_INFORMATION,
    DELETE, FILE_ATTRIBUTE_ARCHIVE, FILE_ATTRIBUTE_DIRECTORY, FILE_ATTRIBUTE_HIDDEN,
    FILE_ATTRIBUTE_NORMAL, FILE_ATTRIBUTE_NOT_CONTENT_INDEXED, FILE_ATTRIBUTE_OFFLINE,
    FILE_ATTRIBUTE_READONLY, FILE_ATTRIBUTE_REPARSE_POINT, FILE_ATTRIBUTE_SYSTEM,
    FILE_ATTRIBUTE_TAG_INFO, FILE_BASIC_INFO, FILE_DISPOSITION_INFO, FILE_FLAG_BACKUP_SEMANTICS,
    FILE_ID_BOTH_DIR_INFO, FILE_LIST_DIRECTORY, FILE_NAME_NORMALIZED, FILE_READ_ATTRIBUTES,
    FILE_READ_DATA, FILE_RENAME_INFO, FILE_SHARE_DELETE, FILE_SHARE_READ, FILE_SHARE_WRITE,
    FILE_TRAVERSE, FILE_TYPE_DISK, FILE_WRITE_ATTRIBUTES, FILE_WRITE_DATA, SYNCHRONIZE,
    VOLUME_NAME_DOS,
};
use windows_sys::Win32::System::Ioctl::FSCTL_GET_REPARSE_POINT;
use windows_sys::Win32::System::Threading::{
    CreateMutexW, ReleaseMutex, WaitForSingleObject, INFINITE,
};
use windows_sys::Win32::System::IO::{DeviceIoControl, IO_STATUS_BLOCK};

use super::{reparse_target, Entry, FileId, Kind, Stat, TAG_MOUNT_POINT, TAG_SYMLINK};

const ERROR_ACCESS_DENIED: i32 = 5;
const ERROR_SHARING_VIOLATION: i32 = 32;
const ERROR_LOCK_VIOLATION: i32 = 33;
const ERROR_FILE_EXISTS: i32 = 80;
const ERROR_ALREADY_EXISTS: i32 = 183;
const ERROR_DIRECTORY: i32 = 267;
const ERROR_INVALID_PARAMETER: i32 = 87;
const ERROR_NOT_SUPPORTED: i32 = 50;
const ERROR_INVALID_FUNCTION: i32 = 1;
const ERROR_NOT_A_REPARSE_POINT: i32 = 4390;
const ERROR_NO_MORE_FILES: i32 = 18;
const FILE_RENAME_FLAG_REPLACE_IF_EXISTS: u32 = 0x1;
const FILE_RENAME_FLAG_POSIX_SEMANTICS: u32 = 0x2;
/// The attributes a replacement takes over from the file it replaces.
const KEPT_ATTRIBUTES: u32 = FILE_ATTRIBUTE_HIDDEN
    | FILE_ATTRIBUTE_SYSTEM
    | FILE_ATTRIBUTE_ARCHIVE
    | FILE_ATTRIBUTE_NOT_CONTENT_INDEXED
    | FILE_ATTRIBUTE_OFFLINE;
const SHARE_ALL: u32 = FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE;

/// Windows' part of a [`Stat`]: the file attributes.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Extra {
    attributes: u32,
}

impl Extra {
    /// Windows has no POSIX permission bits.
    #[cfg(test)]
    pub(crate) fn mode(&self) -> Option<u32> {
        None
    }

    /// Unused on Windows, whose temporary files are created without a mode.
    pub(crate) fn creation_mode(&self) -> u32 {
        0o600
    }

    /// The same attributes among those a replacement takes over.
    pub(crate) fn same(&self, other: &Extra) -> bool {
        self.attributes & KEPT_ATTRIBUTES == other.attributes & KEPT_ATTRIBUTES
    }
}

fn last_error() -> io::Error {
    io::Error::last_os_error()
}

fn check(ok: i32) -> io::Result<()> {
    if ok != 0 {
        Ok(())
    } else {
        Err(last_error())
    }
}

/// Opens `name` relative to the folder `root`: the Windows `openat`.
fn open_at(
    root: HANDLE,
    name: &OsStr,
    access: u32,
    share: u32,
    disposition: u32,
    options: u32,
) -> io::Result<OwnedHandle> {
    let wide: Vec<u16> = name.encode_wide().collect();
    let bytes = u16::try_from(wide.len() * 2)
        .map_err(|_| io::Error::new(io::ErrorKind::InvalidInput, "file name too long"))?;
    let unicode = UNICODE_STRING {
        Length: bytes,
        MaximumLength: bytes,
        Buffer: wide.as_ptr() as *mut u16,
    };
    // SAFETY: plain data, fully initialised below.
    let mut attributes: OBJECT_ATTRIBUTES = unsafe { zeroed() };
    attributes.Length = size_of::<OBJECT_ATTRIBUTES>() as u32;
    attributes.RootDirectory = root;
    attributes.ObjectName = &unicode;
    attributes.Attributes = OBJ_CASE_INSENSITIVE;
    let mut handle: HANDLE = std::ptr::null_mut();
    // SAFETY: plain data the call fills in.
    let mut status_block: IO_STATUS_BLOCK = unsafe { zeroed() };
    // SAFETY: every pointer refers to a live local for the duration of the call.
    let status = unsafe {
        NtCreateFile(
            &mut handle,
            access | SYNCHRONIZE,
            &attributes,
            &mut status_block,
            std::ptr::null(),
            FILE_ATTRIBUTE_NORMAL,
            share,
            disposition,
            options | FILE_SYNCHRONOUS_IO_NONALERT,
            std::ptr::null(),
            0,
        )
    };
    nt_result(status)?;
    // SAFETY: a fresh handle nobody else owns.
    Ok(unsafe { OwnedHandle::from_raw_handle(handle as _) })
}

/// An NTSTATUS as a Win32 error.
fn nt_result(status: i32) -> io::Result<()> {
    if status >= 0 {
        return Ok(());
    }
    // SAFETY: a pure conversion of a status code.
    let code = unsafe { RtlNtStatusToDosError(status) };
    Err(io::Error::from_raw_os_error(code as i32))
}

fn raw(handle: &impl AsRawHandle) -> HANDLE {
    handle.as_raw_handle() as HANDLE
}

fn is_missing(err: &io::Error) -> bool {
    err.kind() == io::ErrorKind::NotFound
}

/// The reparse tag of an open handle, if it is a reparse point.
fn reparse_tag(handle: HANDLE) -> io::Result<Option<u32>> {
    // SAFETY: plain data the call fills in.
    let mut info: FILE_ATTRIBUTE_TAG_INFO = unsafe { zeroed() };
    // SAFETY: `info` is the buffer of the size given.
    check(unsafe {
        GetFileInformationByHandleEx(
            handle,
            FileAttributeTagInfo,
            &mut info as *mut _ as *mut _,
            size_of::<FILE_ATTRIBUTE_TAG_INFO>() as u32,
        )
    })?;
    Ok((info.FileAttributes & FILE_ATTRIBUTE_REPARSE_POINT != 0).then_some(info.ReparseTag))
}

fn is_name_surrogate(tag: u32) -> bool {
    tag == TAG_SYMLINK || tag == TAG_MOUNT_POINT
}

/// The target of the link or junction open as `handle`.
fn link_target(handle: HANDLE) -> io::Result<PathBuf> {
    // The largest reparse data there can be.
    let mut buffer = vec![0u8; 16 * 1024];
    let mut returned = 0u32;
    // SAFETY: `buffer` is writable for the length given; no overlapped I/O.
    check(unsafe {
        DeviceIoControl(
            handle,
            FSCTL_GET_REPARSE_POINT,
            std::ptr::null(),
            0,
            buffer.as_mut_ptr() as *mut _,
            buffer.len() as u32,
            &mut returned,
            std::ptr::null_mut(),
        )
    })?;
    buffer.truncate(returned as usize);
    match reparse_target(&buffer) {
        Some((target, _)) => Ok(PathBuf::from(target)),
        None => Err(io::Error::from_raw_os_error(ERROR_NOT_A_REPARSE_POINT)),
    }
}

/// An open folder.
#[derive(Debug)]
pub(crate) struct Dir(OwnedHandle);

impl Dir {
    /// Opens a folder by path, following links: a root, or an unconfined file's folder.
    pub fn open(path: &Path) -> io::Result<Dir> {
        let file = std::fs::OpenOptions::new()
            .access_mode(FILE_LIST_DIRECTORY | FILE_TRAVERSE | FILE_READ_ATTRIBUTES | SYNCHRONIZE)
            .share_mode(SHARE_ALL)
            .custom_flags(FILE_FLAG_BACKUP_SEMANTICS)
            .open(path)?;
        let handle = OwnedHandle::from(file);
        if stat_handle(raw(&handle))?.kind != Kind::Dir {
            return Err(io::Error::from_raw_os_error(ERROR_DIRECTORY));
        }
        Ok(Dir(handle))
    }

    /// A second handle on the same folder.
    pub fn try_clone(&self) -> io::Result<Dir> {
        Ok(Dir(self.0.try_clone()?))
    }

    fn open_name(&self, name: &OsStr, access: u32, options: u32) -> io::Result<OwnedHandle> {
        open_at(
            raw(&self.0),
            name,
            access,
            SHARE_ALL,
            FILE_OPEN,
            options | FILE_OPEN_FOR_BACKUP_INTENT,
        )
    }

    /// Opens the folder `name` in this one, without following a link or junction.
    pub fn open_child(&self, name: &OsStr) -> io::Result<Entry<Dir>> {
        let access = FILE_LIST_DIRECTORY | FILE_TRAVERSE | FILE_READ_ATTRIBUTES;
        let handle =
            match self.open_name(name, access, FILE_DIRECTORY_FILE | FILE_OPEN_REPARSE_POINT) {
                Ok(h) => h,
                Err(e) if is_missing(&e) => return Ok(Entry::Missing),
                // A file, or a link to a file.
                Err(e) if e.raw_os_error() == Some(ERROR_DIRECTORY) => {
                    return match self.stat_name(name)? {
                        Some(s) if s.kind == Kind::Link => Ok(Entry::Link(self.read_link(name)?)),
                        Some(_) => Ok(Entry::Other),
                        None => Ok(Entry::Missing),
                    }
                }
                Err(e) => return Err(e),
            };
        match reparse_tag(raw(&handle))? {
            Some(tag) if is_name_surrogate(tag) => Ok(Entry::Link(link_target(raw(&handle))?)),
            // Another kind of reparse point: an ordinary folder to its users.
            Some(_) => Ok(Entry::Found(Dir(self.open_name(
                name,
                access,
                FILE_DIRECTORY_FILE,
            )?))),
            None => Ok(Entry::Found(Dir(handle))),
        }
    }

    /// Opens the file `name` in this folder for reading, without following a link.
    pub fn open_file(&self, name: &OsStr) -> io::Result<Entry<File>> {
        let access = FILE_READ_DATA | FILE_READ_ATTRIBUTES;
        let handle = match self.open_name(
            name,
            access,
            FILE_NON_DIRECTORY_FILE | FILE_OPEN_REPARSE_POINT,
        ) {
            Ok(h) => h,
            Err(e) if is_missing(&e) => return Ok(Entry::Missing),
            Err(e) => return Err(e),
        };
        match reparse_tag(raw(&handle))? {
            Some(tag) if is_name_surrogate(tag) => Ok(Entry::Link(link_target(raw(&handle))?)),
            Some(_) => Ok(Entry::Found(File::from(self.open_name(
                name,
                access,
                FILE_NON_DIRECTORY_FILE,
            )?))),
            None => Ok(Entry::Found(File::from(handle))),
        }
    }

    /// Opens the file `name` for writing in place (a hard-linked file).
    pub fn open_for_write(&self, name: &OsStr) -> io::Result<File> {
        let access = FILE_WRITE_DATA | FILE_READ_ATTRIBUTES;
        Ok(File::from(self.open_name(
            name,
            access,
            FILE_NON_DIRECTORY_FILE,
        )?))
    }

    /// What `name` is in this folder, without following a link; `None` if nothing.
    pub fn stat_name(&self, name: &OsStr) -> io::Result<Option<Stat>> {
        match self.open_name(name, FILE_READ_ATTRIBUTES, FILE_OPEN_REPARSE_POINT) {
            Ok(handle) => Ok(Some(stat_handle(raw(&handle))?)),
            Err(e) if is_missing(&e) => Ok(None),
            Err(e) => Err(e),
        }
    }

    /// The path a symbolic link or junction holds.
    pub fn read_link(&self, name: &OsStr) -> io::Result<PathBuf> {
        let handle = self.open_name(name, FILE_READ_ATTRIBUTES, FILE_OPEN_REPARSE_POINT)?;
        link_target(raw(&handle))
    }

    /// Creates the folder `name` in this one.
    pub fn make_dir(&self, name: &OsStr) -> io::Result<()> {
        open_at(
            raw(&self.0),
            name,
            FILE_LIST_DIRECTORY,
            SHARE_ALL,
            FILE_CREATE,
            FILE_DIRECTORY_FILE,
        )
        .map(drop)
    }

    fn delete(&self, name: &OsStr, kind: u32) -> io::Result<()> {
        let handle = self.open_name(name, DELETE, kind | FILE_OPEN_REPARSE_POINT)?;
        set_delete_on_close(raw(&handle), true)
    }

    /// Removes the empty folder `name`.
    pub fn remove_dir(&self, name: &OsStr) -> io::Result<()> {
        self.delete(name, FILE_DIRECTORY_FILE)
    }

    /// Removes the file `name`.
    pub fn remove_file(&self, name: &OsStr) -> io::Result<()> {
        self.delete(name, FILE_NON_DIRECTORY_FILE)
    }

    /// Nothing to check ahead: Windows folder permissions are ACLs, which the write
    /// itself meets.
    pub fn check_folder_writable(&self) -> io::Result<()> {
        Ok(())
    }

    /// Windows folders have no sticky bit: the write itself meets their ACLs.
    pub fn check_sticky(&self, _file: &Stat) -> io::Result<()> {
        Ok(())
    }

    /// Nothing to do: Windows cannot flush a folder (NTFS journals its entries).
    pub fn sync(&self) -> io::Result<()> {
        Ok(())
    }

    /// The folder's current path.
    pub fn real_path(&self) -> Option<PathBuf> {
        let mut buffer = vec![0u16; 1024];
        loop {
            // SAFETY: `buffer` is writable for the length given.
            let len = unsafe {
                GetFinalPathNameByHandleW(
                    raw(&self.0),
                    buffer.as_mut_ptr(),
                    buffer.len() as u32,
                    FILE_NAME_NORMALIZED | VOLUME_NAME_DOS,
                )
            } as usize;
            if len == 0 {
                return None;
            }
            if len < buffer.len() {
                buffer.truncate(len);
                return Some(PathBuf::from(OsString::from_wide(&buffer)));
            }
            buffer.resize(len + 1, 0);
        }
    }

    /// Windows has no `/proc`-like file systems.
    pub fn is_pseudo(&self) -> bool {
        false
    }

    /// Windows has no `openat2`: the resolver walks component by component.
    pub fn open_beneath(&self, _path: &Path) -> io::Result<Option<Dir>> {
        Ok(None)
    }

    /// The names in this folder (`.` and `..` left out), each with what it is when the
    /// folder's entry says so (`None` for a reparse point: ask [`Dir::stat_name`],
    /// which reads its tag), read through this handle (`FileIdBothDirectoryInfo`).
    pub fn entries(&self) -> io::Result<Vec<(OsString, Option<Kind>)>> {
        // u64 words keep the records aligned.
        let mut buffer = vec![0u64; 8 * 1024];
        let bytes = (buffer.len() * 8) as u32;
        let mut class = FileIdBothDirectoryRestartInfo;
        let mut out = Vec::new();
        loop {
            // SAFETY: `buffer` is writable for the length given.
            let ok = unsafe {
                GetFileInformationByHandleEx(
                    raw(&self.0),
                    class,
                    buffer.as_mut_ptr() as *mut _,
                    bytes,
                )
            };
            if ok == 0 {
                let err = last_error();
                if err.raw_os_error() == Some(ERROR_NO_MORE_FILES) {
                    return Ok(out);
                }
                return Err(err);
            }
            class = FileIdBothDirectoryInfo;
            let base = buffer.as_ptr() as *const u8;
            let mut offset = 0usize;
            loop {
                // SAFETY: the call filled the buffer with a chain of records, each at
                // the offset the one before gives, its name of the length it says.
                let (next, attributes, name) = unsafe {
                    let info = base.add(offset) as *const FILE_ID_BOTH_DIR_INFO;
                    let len = (*info).FileNameLength as usize / 2;
                    let name = std::slice::from_raw_parts(
                        std::ptr::addr_of!((*info).FileName) as *const u16,
                        len,
                    );
                    (
                        (*info).NextEntryOffset as usize,
                        (*info).FileAttributes,
                        OsString::from_wide(name),
                    )
                };
                if name != "." && name != ".." {
                    let kind = if attributes & FILE_ATTRIBUTE_REPARSE_POINT != 0 {
                        None
                    } else if attributes & FILE_ATTRIBUTE_DIRECTORY != 0 {
                        Some(Kind::Dir)
                    } else {
                        Some(Kind::File)
                    };
                    out.push((name, kind));
                }
                if next == 0 {
                    break;
                }
                offset += next;
            }
        }
    }

    /// Windows keeps a folder that is being removed until its last handle is closed,
    /// and it stays empty meanwhile: nothing to tell.
    pub fn is_removed(&self) -> bool {
        false
    }
}

/// FILETIME (100 ns since 1601) as a time.
fn file_time(ticks: i64) -> Option<SystemTime> {
    const UNIX_EPOCH_TICKS: i64 = 116_444_736_000_000_000;
    if ticks <= 0 {
        return None;
    }
    let since_unix = ticks - UNIX_EPOCH_TICKS;
    let duration = Duration::from_nanos((since_unix.unsigned_abs()) * 100);
    if since_unix >= 0 {
        SystemTime::UNIX_EPOCH.checked_add(duration)
    } else {
        SystemTime::UNIX_EPOCH.checked_sub(duration)
    }
}

fn stat_handle(handle: HANDLE) -> io::Result<Stat> {
    // SAFETY: plain data the calls fill in.
    let mut info: BY_HANDLE_FILE_INFORMATION = unsafe { zeroed() };
    // SAFETY: `info` is a valid out-pointer.
    check(unsafe { GetFileInformationByHandle(handle, &mut info) })?;
    // SAFETY: plain data the call fills in.
    let mut basic: FILE_BASIC_INFO = unsafe { zeroed() };
    // SAFETY: `basic` is the buffer of the size given.
    let times = unsafe {
        GetFileInformationByHandleEx(
            handle,
            FileBasicInfo,
            &mut basic as *mut _ as *mut _,
            size_of::<FILE_BASIC_INFO>() as u32,
        )
    } != 0;
    let attributes = info.dwFileAttributes;
    let kind = if attributes & FILE_ATTRIBUTE_REPARSE_POINT != 0
        && reparse_tag(handle)?.is_some_and(is_name_surrogate)
    {
        Kind::Link
    } else if attributes & FILE_ATTRIBUTE_DIRECTORY != 0 {
        Kind::Dir
    // SAFETY: a query on a valid handle.
    } else if unsafe { GetFileType(handle) } == FILE_TYPE_DISK {
        Kind::File
    } else {
        Kind::Special
    };
    let last_write = ((info.ftLastWriteTime.dwHighDateTime as i64) << 32)
        | info.ftLastWriteTime.dwLowDateTime as i64;
    Ok(Stat {
        kind,
        len: (u64::from(info.nFileSizeHigh) << 32) | u64::from(info.nFileSizeLow),
        id: FileId {
            device: u64::from(info.dwVolumeSerialNumber),
            inode: (u64::from(info.nFileIndexHigh) << 32) | u64::from(info.nFileIndexLow),
        },
        links: u64::from(info.nNumberOfLinks),
        modified: file_time(if times {
            basic.LastWriteTime
        } else {
            last_write
        }),
        changed: if times {
            file_time(basic.ChangeTime)
        } else {
            None
        },
        extra: Extra { attributes },
    })
}

/// What an open file is.
pub(crate) fn stat(file: &File) -> io::Result<Stat> {
    stat_handle(raw(file))
}

/// Windows has no `/proc`-like file systems.
pub(crate) fn is_pseudo(_file: &File) -> bool {
    false
}

/// Windows closes the handle a file was read through right after reading: an open
/// handle keeps a plain (not POSIX-semantics) rename from replacing the file.
pub(crate) const KEEP_READ_HANDLE: bool = false;

/// The commit lock between processes: a named mutex for the file's identity (volume
/// and file index), released when dropped. Not a lock on the file itself, which would
/// need a handle open across the rename.
pub(crate) struct CommitLock(OwnedHandle);

impl Drop for CommitLock {
    fn drop(&mut self) {
        // SAFETY: the mutex is owned by this thread since `commit_lock`.
        unsafe { ReleaseMutex(raw(&self.0)) };
    }
}

/// Takes the commit lock on the file with identity `id`.
pub(crate) fn commit_lock(_read: Option<&File>, id: FileId) -> io::Result<CommitLock> {
    let name: Vec<u16> = format!(
        "Local\\eol-edit-commit-{:016x}-{:016x}",
        id.device, id.inode
    )
    .encode_utf16()
    .chain([0])
    .collect();
    // SAFETY: `name` is NUL-terminated; no security attributes.
    let handle = unsafe { CreateMutexW(std::ptr::null(), 0, name.as_ptr()) };
    if handle.is_null() {
        return Err(last_error());
    }
    // SAFETY: a fresh handle nobody else owns.
    let handle = unsafe { OwnedHandle::from_raw_handle(handle as _) };
    // SAFETY: a valid mutex handle. An abandoned mutex (its holder died) is ours too.
    match unsafe { WaitForSingleObject(raw(&handle), INFINITE) } {
        WAIT_OBJECT_0 | WAIT_ABANDONED => Ok(CommitLock(handle)),
        _ => Err(last_error()),
    }
}

/// `PermissionDenied` for a file with the read-only attribute, or one this process may
/// not write, even where the folder would let a rename replace it.
pub(crate) fn check_writable(dir: &Dir, name: &OsStr, stat: &Stat) -> io::Result<()> {
    if stat.extra.attributes & FILE_ATTRIBUTE_READONLY != 0 {
        return Err(io::Error::new(
            io::ErrorKind::PermissionDenied,
            "the file has the read-only attribute",
        ));
    }
    match dir.open_name(name, FILE_WRITE_DATA, FILE_NON_DIRECTORY_FILE) {
        Ok(_) => Ok(()),
        Err(e) if e.raw_os_error() == Some(ERROR_ACCESS_DENIED) => Err(e),
        // Held open by another program, say: let the rename decide.
        Err(_) => Ok(()),
    }
}

/// True for an error that says another program holds the file.
pub(crate) fn is_busy(err: &io::Error) -> bool {
    matches!(
        err.raw_os_error(),
        Some(ERROR_SHARING_VIOLATION | ERROR_LOCK_VIOLATION)
    )
}

/// Gives `temp` (through its handle) the attributes of `keep` that a replacement takes
/// over (hidden, system, archive…).
pub(crate) fn adopt(temp: &File, keep: &Extra) -> io::Result<()> {
    let kept = keep.attributes & KEPT_ATTRIBUTES;
    let info = FILE_BASIC_INFO {
        // Zero leaves a time as it is.
        CreationTime: 0,
        LastAccessTime: 0,
        LastWriteTime: 0,
        ChangeTime: 0,
        FileAttributes: if kept == 0 {
            FILE_ATTRIBUTE_NORMAL
        } else {
            kept
        },
    };
    // SAFETY: `info` is the buffer of the size given.
    check(unsafe {
        SetFileInformationByHandle(
            raw(temp),
            FileBasicInfo,
            &info as *const _ as *const _,
            size_of::<FILE_BASIC_INFO>() as u32,
        )
    })
}

/// Flushes a file to the disk.
pub(crate) fn sync_file(file: &File) -> io::Result<()> {
    file.sync_all()
}

fn set_delete_on_close(handle: HANDLE, delete: bool) -> io::Result<()> {
    let info = FILE_DISPOSITION_INFO { DeleteFile: delete };
    // SAFETY: `info` is the buffer of the size given.
    check(unsafe {
        SetFileInformationByHandle(
            handle,
            FileDispositionInfo,
            &info as *const _ as *const _,
            size_of::<FILE_DISPOSITION_INFO>() as u32,
        )
    })
}

/// Renames the file open as `handle` to `name` in `dir`.
fn rename_handle(handle: HANDLE, dir: &Dir, name: &OsStr, replace: bool) -> io::Result<()> {
    let wide: Vec<u16> = name.encode_wide().collect();
    let header = std::mem::offset_of!(FILE_RENAME_INFO, FileName);
    // Never less than the structure itself: a one-letter name would be refused.
    let size = (header + wide.len() * 2).max(size_of::<FILE_RENAME_INFO>());
    // u64 words keep the structure aligned.
    let mut buffer = vec![0u64; size.div_ceil(8) + 1];
    let info = buffer.as_mut_ptr() as *mut FILE_RENAME_INFO;
    // NtSetInformationFile, not SetFileInformationByHandle: the name is relative to
    // the folder's handle, which the Win32 call would first take for a DOS path.
    let attempt = |class, flags: u32| -> io::Result<()> {
        // SAFETY: `buffer` holds a FILE_RENAME_INFO followed by room for the name.
        let status = unsafe {
            (*info).Anonymous.Flags = flags;
            (*info).RootDirectory = raw(&dir.0);
            (*info).FileNameLength = (wide.len() * 2) as u32;
            std::ptr::copy_nonoverlapping(
                wide.as_ptr(),
                std::ptr::addr_of_mut!((*info).FileName) as *mut u16,
                wide.len(),
            );
            let mut status_block: IO_STATUS_BLOCK = zeroed();
            NtSetInformationFile(
                handle,
                &mut status_block,
                info as *const _,
                size as u32,
                class,
            )
        };
        nt_result(status)
    };
    let posix = FILE_RENAME_FLAG_POSIX_SEMANTICS
        | if replace {
            FILE_RENAME_FLAG_REPLACE_IF_EXISTS
        } else {
            0
        };
    match attempt(FileRenameInformationEx, posix) {
        Err(e)
            if matches!(
                e.raw_os_error(),
                Some(ERROR_INVALID_PARAMETER | ERROR_NOT_SUPPORTED | ERROR_INVALID_FUNCTION)
            ) =>
        {
            // Before Windows 10 1607, or a file system without POSIX renames: the
            // plain rename, whose first field is the replace flag.
            attempt(FileRenameInformation, u32::from(replace))
        }
        other => other,
    }
}

/// How long in all a rename waits for another program to let go of the file it would
/// replace (an editor, an indexer or a virus scanner that opened it without sharing
/// its deletion).
pub(crate) const BUSY_WAIT: Duration = Duration::from_secs(2);

/// Whether a failed rename onto `name` failed because another program holds that file
/// open: a sharing or lock violation; or `ERROR_ACCESS_DENIED` (what a replacing rename
/// over a file open elsewhere gives, even one that shares deletion where there are no
/// POSIX renames, as under wine) when this process may open the file for deletion, or
/// is refused that for a sharing violation too. An access denied that the probe meets
/// again (an ACL), or a target that is a folder or gone, fails at once.
fn held_by_another(err: &io::Error, dir: &Dir, name: &OsStr) -> bool {
    if is_busy(err) {
        return true;
    }
    if err.raw_os_error() != Some(ERROR_ACCESS_DENIED) {
        return false;
    }
    match dir.open_name(
        name,
        DELETE,
        FILE_NON_DIRECTORY_FILE | FILE_OPEN_REPARSE_POINT,
    ) {
        Ok(_) => true,
        Err(e) => is_busy(&e),
    }
}

/// Renames, retrying with growing pauses for up to [`BUSY_WAIT`] in all while another
/// program holds the target open; then fails with `ERROR_SHARING_VIOLATION`, which
/// [`is_busy`] knows. Any other failure is returned at once.
fn rename_retrying(handle: HANDLE, dir: &Dir, name: &OsStr, replace: bool) -> io::Result<()> {
    let started = Instant::now();
    let mut pause = Duration::from_millis(10);
    loop {
        let err = match rename_handle(handle, dir, name, replace) {
            Ok(()) => return Ok(()),
            Err(e) => e,
        };
        if !held_by_another(&err, dir, name) {
            return Err(err);
        }
        let left = BUSY_WAIT.saturating_sub(started.elapsed());
        if left.is_zero() {
            return Err(io::Error::from_raw_os_error(ERROR_SHARING_VIOLATION));
        }
        std::thread::sleep(pause.min(left));
        pause = (pause * 2).min(Duration::from_millis(250));
    }
}

/// A temporary file in a folder, deleted when closed until [`Temp::replace`] or
/// [`Temp::link_new`] puts it in place.
#[derive(Debug)]
pub(crate) struct Temp<'d> {
    pub file: File,
    dir: &'d Dir,
    /// Its name until it is put in place.
    name: Option<OsString>,
}

impl<'d> Temp<'d> {
    /// A new temporary file for `target` in `dir` (`mode` and `anonymous` are Unix's).
    pub fn create(dir: &'d Dir, target: &OsStr, _mode: u32, _anonymous: bool) -> io::Result<Self> {
        let access = FILE_WRITE_DATA
            | FILE_READ_DATA
            | FILE_READ_ATTRIBUTES
            | FILE_WRITE_ATTRIBUTES
            | DELETE;
        let mut last = None;
        for _ in 0..8 {
            let name = OsString::from(super::temp_name(target));
            match open_at(
                raw(&dir.0),
                &name,
                access,
                FILE_SHARE_READ | FILE_SHARE_DELETE,
                FILE_CREATE,
                FILE_NON_DIRECTORY_FILE,
            ) {
                Ok(handle) => {
                    let temp = Temp {
                        file: File::from(handle),
                        dir,
                        name: Some(name),
                    };
                    set_delete_on_close(raw(&temp.file), true)?;
                    return Ok(temp);
                }
                Err(e)
                    if matches!(
                        e.raw_os_error(),
                        Some(ERROR_FILE_EXISTS | ERROR_ALREADY_EXISTS)
                    ) =>
                {
                    last = Some(e)
                }
                Err(e) => return Err(e),
            }
        }
        Err(last.unwrap_or_else(|| io::Error::other("could not create a temporary file")))
    }

    fn put(mut self, target: &OsStr, replace: bool) -> io::Result<()> {
        let handle = raw(&self.file);
        set_delete_on_close(handle, false)?;
        match rename_retrying(handle, self.dir, target, replace) {
            Ok(()) => {
                self.name = None;
                Ok(())
            }
            Err(e) => {
                // Not in place: gone when closed, as if never made.
                let _ = set_delete_on_close(handle, true);
                if matches!(
                    e.raw_os_error(),
                    Some(ERROR_FILE_EXISTS | ERROR_ALREADY_EXISTS)
                ) {
                    return Err(io::ErrorKind::AlreadyExists.into());
                }
                Err(e)
            }
        }
    }

    /// Puts the temp in the place of the file `target` of its folder, atomically.
    pub fn replace(self, target: &OsStr) -> io::Result<()> {
        self.put(target, true)
    }

    /// Puts the temp in its folder as the new file `target`; `AlreadyExists` (and
    /// nothing changed) if a file of that name appeared meanwhile.
    pub fn link_new(self, target: &OsStr) -> io::Result<()> {
        self.put(target, false)
    }
}

impl Drop for Temp<'_> {
    fn drop(&mut self) {
        // Delete-on-close removes it; removing it through the folder as well covers
        // file systems (and wine) that remove a delete-on-close file by the path it
        // was opened under, which a renamed folder has made stale.
        if let Some(name) = self.name.take() {
            let _ = self.dir.remove_file(&name);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::file::testing::TempDir;

    fn dir_of(temp: &TempDir) -> Dir {
        Dir::open(temp.path()).unwrap()
    }

    #[test]
    fn only_a_file_held_open_elsewhere_makes_a_failed_rename_wait() {
        let temp = TempDir::new();
        temp.write("a.txt", "a");
        temp.mkdir("folder");
        let dir = dir_of(&temp);
        let denied = io::Error::from_raw_os_error(ERROR_ACCESS_DENIED);
        let name = OsStr::new("a.txt");
        // Another failure than access denied or a sharing violation: not waited on.
        assert!(!held_by_another(
            &io::Error::from_raw_os_error(2),
            &dir,
            name
        ));
        assert!(held_by_another(
            &io::Error::from_raw_os_error(ERROR_SHARING_VIOLATION),
            &dir,
            name
        ));
        // Access denied where the target is gone or a folder: a refusal, not waited on.
        assert!(!held_by_another(&denied, &dir, OsStr::new("gone.txt")));
        assert!(!held_by_another(&denied, &dir, OsStr::new("folder")));
        // A file held open without sharing deletion, and one this process could delete
        // (so that the refusal came from a handle open on it): waited on.
        let held = std::fs::OpenOptions::new()
            .read(true)
            .share_mode(FILE_SHARE_READ | FILE_SHARE_WRITE)
            .open(temp.join("a.txt"))
            .unwrap();
        assert!(held_by_another(&denied, &dir, name));
        drop(held);
        assert!(held_by_another(&denied, &dir, name));
    }

    #[test]
    fn a_rename_that_fails_for_another_reason_fails_at_once() {
        // A folder where the file should go: refused, and not waited on.
        let temp = TempDir::new();
        temp.mkdir("target");
        let dir = dir_of(&temp);
        let made = Temp::create(&dir, OsStr::new("target"), 0o600, false).unwrap();
        let started = Instant::now();
        let err = made.replace(OsStr::new("target")).unwrap_err();
        assert!(started.elapsed() < Duration::from_millis(500), "{err}");
        assert!(!is_busy(&err), "{err}");
        assert_eq!(temp.listing(""), ["target"]);
    }
}
