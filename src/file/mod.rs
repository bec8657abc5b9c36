//! Everything that touches the file system, and nothing else.
//!
//! This layer knows neither Node nor the edit engine. It turns a user's path into a
//! confined real path ([`path`]), reads and decodes the file ([`load`]), and for an edit
//! ([`modify`]) takes the path's lock ([`lock`]), checks `expectedVersion`, hands the
//! decoded source to a transform and writes what comes back atomically ([`atomic`]),
//! refusing with `FILE_CHANGED` if another process got there first. [`version`] is the
//! hash callers pass back; [`conventions`] picks the ending of a file that does not
//! exist yet.
//!
//! ```
//! # let dir = std::env::temp_dir().join(format!("eol-edit-doc-{}", std::process::id()));
//! # std::fs::create_dir_all(&dir).unwrap();
//! # std::fs::write(dir.join("a.txt"), "one\r\ntwo\r\n").unwrap();
//! use eol_edit::file::{load, modify, FileOptions};
//! use eol_edit::splice::Splices;
//!
//! let opts = FileOptions { cwd: Some(dir.clone()), ..FileOptions::default() };
//! let (written, ()) = modify("a.txt".as_ref(), &opts, false, |decoded, _path| {
//!     let source = &decoded.unwrap().source;
//!     Ok((Splices::whole(source.strip_suffix(b"two\r\n").unwrap().to_vec()), ()))
//! })
//! .unwrap();
//! assert!(written.changed);
//! assert_eq!(load("a.txt".as_ref(), &opts).unwrap().decoded.source, b"one\r\n");
//! # std::fs::remove_dir_all(&dir).unwrap();
//! ```

pub mod atomic;
pub mod conventions;
pub mod lock;
pub mod path;
pub mod version;

#[cfg(test)]
pub(crate) mod testing;
#[cfg(test)]
mod tests;

use std::fs::{self, File};
use std::io::{self, Read};
use std::path::{Path, PathBuf};
use std::time::SystemTime;

use crate::encoding::{self, Decoded, Encoding, Hints};
use crate::error::{Error, ErrorCode, Result};
use crate::splice::Splices;
use atomic::{Expect, Snapshot};
use path::ResolvedPath;

/// The default `maxBytes`: 64 MiB of raw file bytes.
///
/// Large enough for any source file and most generated ones, small enough that a
/// stray path to a log or a dump fails fast instead of pulling hundreds of megabytes
/// into a JavaScript string (V8 caps strings near 512 MiB).
pub const DEFAULT_MAX_BYTES: u64 = 64 * 1024 * 1024;

/// Options shared by every file function (SPEC section 4, `EditOptions`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileOptions {
    /// Folders the real path must be inside (`root`); empty means no confinement.
    pub roots: Vec<PathBuf>,
    /// Folder that relative paths (and relative roots) are taken against; default: the
    /// process's working directory.
    pub cwd: Option<PathBuf>,
    /// Files larger than this many raw bytes fail with `FILE_TOO_LARGE`; `0` means no
    /// limit. Default [`DEFAULT_MAX_BYTES`].
    pub max_bytes: u64,
    /// Refuse with `FILE_CHANGED` unless the file's current version is this one.
    pub expected_version: Option<String>,
    /// Do everything except writing.
    pub dry_run: bool,
    /// fsync the file and its folder before returning.
    pub durable: bool,
    /// The caller's `encoding` option: how to read a file that is not valid UTF-8,
    /// and the encoding of a new file.
    pub encoding: Option<Encoding>,
    /// Write the file in this encoding (with a BOM when true): `convertEncoding`.
    pub convert_to: Option<(Encoding, bool)>,
}

impl Default for FileOptions {
    fn default() -> Self {
        FileOptions {
            roots: Vec::new(),
            cwd: None,
            max_bytes: DEFAULT_MAX_BYTES,
            expected_version: None,
            dry_run: false,
            durable: false,
            encoding: None,
            convert_to: None,
        }
    }
}

/// A file read and decoded.
#[derive(Debug)]
pub struct Loaded {
    /// The real path (symlinks resolved): where a write goes.
    pub path: PathBuf,
    /// The path as the user gave it.
    pub display_path: PathBuf,
    /// Encoding, BOM and source.
    pub decoded: Decoded,
    /// The version of the raw bytes read (see [`version::version`]).
    pub version: String,
    /// How many raw bytes were read.
    pub len: u64,
    snapshot: Snapshot,
}

/// What [`modify`] wrote (or, with `dry_run`, would have written).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Written {
    /// The real path written to.
    pub path: PathBuf,
    /// The version of the bytes now in the file (with `dry_run`: that would be).
    pub version: String,
    /// False when the new source equals the old one; nothing is written then.
    pub changed: bool,
    /// The encoding written: the file's own, UTF-8 for a new file.
    pub encoding: Encoding,
    /// Whether a BOM was written: the file's own, none for a new file.
    pub bom: bool,
    /// What the caller should tell its user about the write (empty when all is as
    /// usual), such as a hard link that had to be broken.
    pub warnings: Vec<String>,
}

/// Reads and decodes a file, without taking its lock.
///
/// Fails with `PATH_OUTSIDE_ROOT`, `FILE_NOT_FOUND`, `NOT_A_FILE`, `PERMISSION_DENIED`,
/// `FILE_TOO_LARGE`, `BINARY_FILE` or `IO_ERROR`.
pub fn load(path: &Path, opts: &FileOptions) -> Result<Loaded> {
    let resolved = path::resolve(path, &opts.roots, opts.cwd.as_deref())?;
    let meta = fs::metadata(&resolved.real);
    read(resolved, meta, opts)
}

/// Edits a file: resolve, lock, read, check, transform, write.
///
/// Holds the path's lock throughout, reads the file (or, when `create_ok` and it does
/// not exist, passes `None`), refuses with `FILE_CHANGED` if `expected_version` is not
/// the current version, and calls `transform` with the decoded file and its real path.
/// The new source it returns, as a splices of the decoded source (of an empty one for a
/// new file), is encoded with the file's encoding and BOM (a new file: UTF-8 without
/// BOM) and, unless `dry_run` or nothing changed, written atomically,
/// creating missing folders, with a final check that no other process changed the file
/// meanwhile. If `transform` fails, nothing is written and its error is returned.
pub fn modify<T>(
    path: &Path,
    opts: &FileOptions,
    create_ok: bool,
    transform: impl FnOnce(Option<&Decoded>, &Path) -> Result<(Splices, T)>,
) -> Result<(Written, T)> {
    let resolved = path::resolve(path, &opts.roots, opts.cwd.as_deref())?;
    let _lock = lock::lock(&resolved.real);
    // A hard-linked file is one file under several paths, written in place (its inode
    // stays), so its inode names it: edits through different names take turns too.
    // Always taken after a path lock, so two of these can never wait for each other.
    let meta = fs::metadata(&resolved.real);
    let _inode_lock = meta
        .as_ref()
        .ok()
        .and_then(inode_key)
        .map(|key| lock::lock(&key));
    let loaded = match read(resolved.clone(), meta, opts) {
        Ok(loaded) => Some(loaded),
        Err(err) if create_ok && err.code == ErrorCode::FileNotFound => None,
        Err(err) => return Err(err),
    };
    if let Some(expected) = &opts.expected_version {
        match &loaded {
            Some(loaded) if loaded.version == *expected => {}
            Some(loaded) => {
                return Err(file_changed(
                    &resolved.display,
                    &format!(
                        "has changed since it was read (expected version {expected}, now {})",
                        loaded.version
                    ),
                ))
            }
            None => return Err(file_changed(&resolved.display, "no longer exists")),
        }
    }

    let (splices, payload) = transform(loaded.as_ref().map(|l| &l.decoded), &resolved.real)?;
    let declared = || conventions::declared_encoding(&resolved.real);
    let hints = Hints {
        option: opts.encoding,
        declared: Some(&declared),
    };
    let decoded = loaded.as_ref().map(|l| &l.decoded);
    let Some(output) = encoding::write::output(decoded, &splices, &hints, opts.convert_to)? else {
        let loaded = loaded.as_ref().expect("a new file always changes");
        let written = Written {
            path: resolved.real,
            version: loaded.version.clone(),
            changed: false,
            encoding: loaded.decoded.encoding,
            bom: loaded.decoded.bom,
            warnings: Vec::new(),
        };
        return Ok((written, payload));
    };
    let (encoding, bom) = (output.encoding, output.bom);
    let pieces = output.slices();
    let new_version = version::version_of_pieces(&pieces);
    if !opts.dry_run {
        let expect = match &loaded {
            Some(loaded) => Expect::Unchanged(&loaded.snapshot),
            None => Expect::Absent,
        };
        atomic::write(
            &resolved.real,
            &resolved.display,
            &pieces,
            expect,
            opts.durable,
        )?;
        if let Some(loaded) = loaded {
            loaded.snapshot.retire();
        }
    }
    let written = Written {
        path: resolved.real,
        version: new_version,
        changed: true,
        encoding,
        bom,
        warnings: Vec::new(),
    };
    Ok((written, payload))
}

/// The lock key of a file with several hard links: its device and inode.
#[cfg(unix)]
fn inode_key(meta: &fs::Metadata) -> Option<PathBuf> {
    use std::os::unix::fs::MetadataExt;
    if meta.nlink() < 2 {
        return None;
    }
    // A NUL byte keeps the key apart from every real path.
    Some(PathBuf::from(format!(
        "\0inode:{}:{}",
        meta.dev(),
        meta.ino()
    )))
}

#[cfg(not(unix))]
fn inode_key(_meta: &fs::Metadata) -> Option<PathBuf> {
    None
}

/// Reads a resolved path (the shared half of [`load`] and [`modify`]); `stat` is what
/// `stat` said of it.
fn read(
    resolved: ResolvedPath,
    stat: io::Result<fs::Metadata>,
    opts: &FileOptions,
) -> Result<Loaded> {
    let max_bytes = opts.max_bytes;
    let display = &resolved.display;
    let fail = |err: io::Error| io_failure(&err, display, Action::Read);
    // Checked before opening: opening a FIFO would block, a folder fails oddly on Windows.
    check_regular_file(&stat.map_err(fail)?, display)?;
    let file = open_for_read(&resolved.real).map_err(fail)?;
    // The stamp of what is about to be read; the race check compares against it.
    let meta = file.metadata().map_err(fail)?;
    let taken_at = SystemTime::now();
    check_regular_file(&meta, display)?;
    let limit = if max_bytes == 0 { u64::MAX } else { max_bytes };
    if meta.len() > limit {
        return Err(too_large(display, meta.len(), max_bytes));
    }
    let mut bytes = Vec::with_capacity(usize::try_from(meta.len()).unwrap_or(0).saturating_add(1));
    // One byte past the limit tells a file that grew since the stat.
    (&file)
        .take(limit.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(fail)?;
    let len = bytes.len() as u64;
    if len > limit {
        return Err(too_large(display, len, max_bytes));
    }
    let version = version::version(&bytes);
    let declared = || conventions::declared_encoding(&resolved.real);
    let hints = Hints {
        option: opts.encoding,
        declared: Some(&declared),
    };
    let decoded = encoding::decode(bytes, &hints).map_err(|err| Error {
        message: format!("{}: {}", display.display(), err.message),
        ..err
    })?;
    Ok(Loaded {
        snapshot: Snapshot::new(&meta, version.clone(), taken_at).with_handle(file),
        path: resolved.real,
        display_path: resolved.display,
        decoded,
        version,
        len,
    })
}

fn open_for_read(real: &Path) -> io::Result<File> {
    let mut options = fs::OpenOptions::new();
    options.read(true);
    // The real path has no symlink; one appearing there now was swapped in after the
    // confinement check.
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::custom_flags(&mut options, libc::O_NOFOLLOW);
    options.open(real)
}

fn check_regular_file(meta: &fs::Metadata, display: &Path) -> Result<()> {
    if meta.is_file() {
        return Ok(());
    }
    let what = if meta.is_dir() {
        "a folder"
    } else {
        "not a regular file (a device, socket or pipe)"
    };
    Err(Error::new(
        ErrorCode::NotAFile,
        format!(
            "Not a file: {} is {what}. Give the path of a text file.",
            display.display()
        ),
    ))
}

fn too_large(display: &Path, len: u64, max_bytes: u64) -> Error {
    Error::new(
        ErrorCode::FileTooLarge,
        format!(
            "File too large: {} is {len} bytes, over the limit of {max_bytes} bytes.",
            display.display()
        ),
    )
    .with_hint("Pass a larger maxBytes (0 for no limit) if the file really must be read.")
}

/// `FILE_CHANGED` for `display`, which `detail` (e.g. "was deleted").
pub(crate) fn file_changed(display: &Path, detail: &str) -> Error {
    Error::new(
        ErrorCode::FileChanged,
        format!(
            "File changed on disk: {} {detail}. Nothing was written.",
            display.display()
        ),
    )
    .with_hint("Read the file again and redo the edit on its current content.")
}

/// What was being done when an I/O error struck, for its message.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Action {
    Resolve,
    Read,
    Write,
}

impl Action {
    fn verb(self) -> &'static str {
        match self {
            Action::Resolve => "resolve",
            Action::Read => "read",
            Action::Write => "write",
        }
    }
}

/// Maps an `io::Error` on the user's path `display` to the crate's error codes.
///
/// `NotFound` (and a file where a folder was expected) → `FILE_NOT_FOUND`; a folder →
/// `NOT_A_FILE`; `EACCES`/`EPERM` and a read-only file system (`EROFS`) →
/// `PERMISSION_DENIED`, since for the caller both mean "this cannot be written here";
/// anything else → `IO_ERROR` with the OS's message.
pub(crate) fn io_failure(err: &io::Error, display: &Path, action: Action) -> Error {
    use io::ErrorKind as K;
    let p = display.display();
    let verb = action.verb();
    match err.kind() {
        K::NotFound if action == Action::Write => Error::new(
            ErrorCode::FileNotFound,
            format!("Cannot write {p}: its folder no longer exists ({err})."),
        ),
        K::NotFound => Error::new(
            ErrorCode::FileNotFound,
            format!("File not found: {p}. Check the path, or use writeFile to create it."),
        ),
        K::NotADirectory => Error::new(
            ErrorCode::FileNotFound,
            format!(
                "File not found: {p}: a part of the path is a file, not a folder. Check the path."
            ),
        ),
        K::IsADirectory => Error::new(
            ErrorCode::NotAFile,
            format!("Not a file: {p} is a folder. Give the path of a text file."),
        ),
        K::ReadOnlyFilesystem => Error::new(
            ErrorCode::PermissionDenied,
            format!("Permission denied: cannot {verb} {p}, it is on a read-only file system."),
        ),
        K::PermissionDenied => Error::new(
            ErrorCode::PermissionDenied,
            format!("Permission denied: cannot {verb} {p} ({err})."),
        )
        .with_hint("Check the permissions of the file and its folder, or choose another path."),
        K::StorageFull | K::QuotaExceeded => Error::new(
            ErrorCode::IoError,
            format!("Cannot {verb} {p}: no space left ({err}). Nothing was changed."),
        ),
        _ => Error::new(
            ErrorCode::IoError,
            format!("I/O error, cannot {verb} {p}: {err}."),
        ),
    }
}
