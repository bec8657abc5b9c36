//! Everything that touches the file system, and nothing else.
//!
//! This layer knows neither Node nor the edit engine. It turns a user's path into an
//! open folder and a name in it, confined to the roots ([`path`]: every folder opened
//! relative to the one before, no link followed out of a root), reads and decodes the
//! file ([`load`]), and for an edit ([`modify`]) takes the file's lock (`lock`),
//! checks `expectedVersion`, hands the decoded source to a transform and writes what
//! comes back atomically, relative to the file's folder ([`atomic`]), refusing with
//! `FILE_CHANGED` if another process got there first; [`remove`] deletes a file with the
//! same checks, and [`put()`] writes exact bytes with given attributes (a patch's moves
//! and rollbacks, `restore_file`); [`listing`] lists a folder's names inside the roots
//! (a host handler's view of a folder). What differs between operating systems is in `sys` (one file per OS
//! family). [`version`] is the hash callers pass back; [`conventions`] picks the ending
//! (and declared encoding) of a file from `.editorconfig` and `.gitattributes`.
//!
//! ```
//! # let dir = std::env::temp_dir().join(format!("eol-edit-doc-{}", std::process::id()));
//! # std::fs::create_dir_all(&dir).unwrap();
//! # std::fs::write(dir.join("a.txt"), "one\r\ntwo\r\n").unwrap();
//! use eol_edit::internals::file::{load, modify, FileOptions};
//! use eol_edit::internals::splice::Splices;
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
pub mod listing;
pub(crate) mod lock;
pub mod path;
mod plan;
mod put;
mod remove;
mod sys;
pub mod version;

#[cfg(test)]
pub(crate) mod testing;
#[cfg(test)]
mod tests;

use std::ffi::{OsStr, OsString};
use std::io::{self, Read};
use std::path::{Path, PathBuf};
use std::time::SystemTime;

use crate::encoding::{self, Decoded, Encoding, Hints};
use crate::error::{Error, ErrorCode, Result};
use crate::message::{parts, Message, Name, Op, Part};
use crate::splice::Splices;
use atomic::Snapshot;
use lock::{LockKey, PathLock};
use path::Located;
pub use plan::{plan, recheck_all, Hold, Planned};
pub(crate) use put::refuse_link;
pub use put::{put, put_inspected, removable, stash, writable, Attributes, NewFolders, Stash};
pub use remove::remove;
/// A file's identity (device and inode, or volume and file index): what tells two
/// names of one file from two files.
pub(crate) use sys::FileId;

/// The default `maxBytes`: 64 MiB of raw file bytes.
///
/// Large enough for any source file and most generated ones, small enough that a
/// stray path to a log or a dump fails fast instead of pulling hundreds of megabytes
/// into a JavaScript string (V8 caps strings near 512 MiB).
pub const DEFAULT_MAX_BYTES: u64 = 64 * 1024 * 1024;

/// Options shared by every file function (`EditOptions` in the README's "API").
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileOptions {
    /// Folders the real path must be inside (`root`); `None` means no confinement, and
    /// an empty list is refused (`INVALID_ARGUMENT`), never read as "no confinement".
    pub roots: Option<Vec<PathBuf>>,
    /// Folder that relative paths (and relative roots) are taken against; default: the
    /// process's working directory.
    pub cwd: Option<PathBuf>,
    /// The size limit, in raw bytes (`0`: none; default [`DEFAULT_MAX_BYTES`]): a larger
    /// file is not read (`FILE_TOO_LARGE`), and no change writes more than this unless
    /// what it writes is no larger than the file it replaces (see [`check_size`]).
    pub max_bytes: u64,
    /// Refuse with `FILE_CHANGED` unless the file's current version is this one;
    /// [`version::ABSENT`] (`""`): unless the file does not exist.
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
            roots: None,
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
    /// The path as the user gave it.
    #[cfg(test)]
    pub display_path: PathBuf,
    /// Encoding, BOM and source.
    pub decoded: Decoded,
    /// The version of the raw bytes read (see [`version::version`]).
    pub version: String,
    /// How many raw bytes were read.
    pub len: u64,
    /// The file's permission bits and owner (Unix) or attributes (Windows), from the
    /// handle it was read through.
    pub attributes: Attributes,
    sole_name: Option<sys::FileId>,
    #[cfg(test)]
    located: Located,
}

impl Loaded {
    /// The file's real location (symlinks resolved).
    #[cfg(test)]
    pub fn real_path(&self) -> PathBuf {
        self.located.real()
    }

    /// True when the path's last name is a symbolic link (the file read is its target).
    #[cfg(test)]
    pub fn is_link(&self) -> bool {
        self.located.through_link
    }

    /// The file's identity when it has a single name: two paths with the same one are
    /// spellings of that name (another case, where the file system ignores it), not
    /// two files.
    pub(crate) fn sole_name(&self) -> Option<sys::FileId> {
        self.sole_name
    }
}

/// What [`modify`] wrote (or, with `dry_run`, would have written).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Written {
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
    pub warnings: Vec<Message>,
    /// The file's size in bytes now (with `dry_run`: that it would have).
    pub size: u64,
}

/// Reads and decodes a file, without taking its lock.
///
/// Fails with `PATH_OUTSIDE_ROOT`, `FILE_NOT_FOUND`, `NOT_A_FILE`, `PERMISSION_DENIED`,
/// `FILE_TOO_LARGE`, `BINARY_FILE` or `IO_ERROR`.
pub fn load(path: &Path, opts: &FileOptions) -> Result<Loaded> {
    let mut located = path::locate(path, opts.roots.as_deref(), opts.cwd.as_deref())?;
    let contents = read(&mut located, opts)?;
    Ok(Loaded {
        #[cfg(test)]
        display_path: located.display.clone(),
        decoded: contents.decoded,
        version: contents.version,
        len: contents.len,
        attributes: Attributes(contents.snapshot.extra()),
        sole_name: contents.snapshot.sole_name(),
        #[cfg(test)]
        located,
    })
}

/// Edits a file: resolve, lock, read, check, transform, write.
///
/// Holds the file's lock throughout, reads the file (or, when `whole` and it does not
/// exist, passes `None`), refuses with `FILE_CHANGED` if `expected_version` is not the
/// current version ([`version::ABSENT`]: if the file exists), and calls `transform`
/// with the decoded file and its real path. The new source it returns, as splices over
/// the decoded source (of an empty one for a new file), is encoded with the file's
/// encoding and BOM (a new file: UTF-8 without BOM), checked against the size limit
/// ([`check_size`]) and, unless `dry_run` or nothing changed, written atomically,
/// creating missing folders, with a final check that no other process changed the file
/// meanwhile. If `transform` fails, nothing is written and its error is returned.
///
/// `whole` says the transform makes the whole new content without needing the old
/// (a whole-file write): then a missing file is created, and a file over the size
/// limit is not read but replaced, as a new file would be written, its version hashed
/// in chunks for the checks; the transform is given `None` for it, and the result
/// says so in `warnings`. Without `whole`, a file over the limit is `FILE_TOO_LARGE`.
///
/// It is [`plan()`] and [`Planned::commit`] under one hold of the lock, so the file
/// is read once. (The API goes through [`plan()`] itself, to keep the plan.)
#[cfg_attr(not(any(test, feature = "internals")), allow(dead_code))]
pub fn modify<T>(
    path: &Path,
    opts: &FileOptions,
    whole: bool,
    transform: impl FnOnce(Option<&Decoded>, &Path) -> Result<(Splices, T)>,
) -> Result<(Written, T)> {
    let (planned, payload) = plan(path, opts, whole, Hold::Keep, transform)?;
    Ok((planned.commit()?, payload))
}

/// The size limit of every write: `FILE_TOO_LARGE` when `new_len` bytes are over
/// `max_bytes` (`0`: no limit) and more than the `old_len` bytes of the file they
/// replace (`None`: a new file). So no change makes a file the limit keeps from being
/// read, and a file already over it can always be made smaller.
pub fn check_size(
    display: &Path,
    new_len: u64,
    old_len: Option<u64>,
    max_bytes: u64,
) -> Result<()> {
    if max_bytes == 0 || new_len <= max_bytes || old_len.is_some_and(|old| new_len <= old) {
        return Ok(());
    }
    let now = match old_len {
        Some(old) => format!(" (it is {old} bytes now)"),
        None => String::new(),
    };
    Err(Error::new(
        ErrorCode::FileTooLarge,
        format!(
            "File too large: {} would be {new_len} bytes{now}, over the limit of {max_bytes} bytes, which no change may write past. Nothing was written.",
            display.display()
        ),
    )
    .with_hint(parts![Part::phrase(
        "larger-max-bytes-write",
        parts![
            "Write less (split the content into several files), or pass a larger ",
            Name::MaxBytes,
            " (0 for no limit)."
        ]
    )]))
}

/// What [`modify`] found at the path.
enum Found {
    /// The file, read and decoded.
    Read(Contents),
    /// A file over the size limit, which a whole-file write replaces without reading.
    Unread(Unread),
}

impl Found {
    fn version(&self) -> &str {
        match self {
            Found::Read(c) => &c.version,
            Found::Unread(u) => &u.version,
        }
    }

    fn len(&self) -> u64 {
        match self {
            Found::Read(c) => c.len,
            Found::Unread(u) => u.len,
        }
    }

    fn snapshot(&self) -> &Snapshot {
        match self {
            Found::Read(c) => &c.snapshot,
            Found::Unread(u) => &u.snapshot,
        }
    }

    fn decoded(&self) -> Option<&Decoded> {
        match self {
            Found::Read(c) => Some(&c.decoded),
            Found::Unread(_) => None,
        }
    }
}

/// A file over the size limit, measured but not kept in memory.
struct Unread {
    version: String,
    len: u64,
    snapshot: Snapshot,
}

/// True when the file `located` opened is over `max_bytes` (`0`: no limit).
fn over_limit(located: &Located, max_bytes: u64) -> bool {
    max_bytes != 0
        && located
            .file
            .as_ref()
            .is_some_and(|(_, stat)| stat.len > max_bytes)
}

/// Hashes the file `located` opened in chunks, for its version, without keeping its
/// bytes: a file over the size limit that a whole-file write replaces.
fn measure(located: &mut Located) -> Result<Unread> {
    let display = located.display.clone();
    let Some((file, stat)) = located.file.take() else {
        return Err(not_found_at(located));
    };
    let taken_at = SystemTime::now();
    let version =
        version::version_of(&file).map_err(|err| io_failure(err, &display, Action::Read))?;
    Ok(Unread {
        len: stat.len,
        snapshot: Snapshot::new(stat, version.clone(), taken_at, file),
        version,
    })
}

/// Finds `path` and takes its lock: the file's own (by identity, so a link, a second
/// hard link or another spelling of the same file waits too), or for a new file, its
/// name in its folder. If the name was given another file while waiting (another edit
/// in this process replaced it), it is looked up again.
///
/// Nothing is kept open while waiting: on Windows an open file keeps the edit being
/// waited for from renaming its new content into place.
fn locate_locked(path: &Path, opts: &FileOptions) -> Result<(Located, PathLock)> {
    let locate = || path::locate(path, opts.roots.as_deref(), opts.cwd.as_deref());
    // Every round that fails saw another edit of the file complete; the bound only
    // stops a loop that something outside keeps feeding.
    for _ in 0..10_000 {
        let located = locate()?;
        let key = lock_key(&located);
        let (located, guard) = match lock::try_lock(key.clone()) {
            Some(guard) => (located, guard),
            None => {
                drop(located);
                let guard = lock::lock(key.clone());
                let located = locate()?;
                if lock_key(&located) != key {
                    continue;
                }
                (located, guard)
            }
        };
        let fail = |err: io::Error| io_failure(err, &located.display, Action::Resolve);
        let first = located.missing.first().unwrap_or(&located.name);
        let now = located.dir.stat_name(first).map_err(fail)?;
        let same = match (&located.file, &now) {
            (Some((_, then)), Some(now)) => then.id == now.id,
            (None, None) => true,
            _ => false,
        };
        if same {
            return Ok((located, guard));
        }
    }
    Err(file_changed(path, "keeps being replaced by other edits"))
}

/// The in-process lock a located file takes (see [`locate_locked`]): an existing file
/// by its identity, whatever path named it; a missing one by its real path, which on
/// Windows is case-folded (the folders' part is the final path Windows gives, but the
/// names not made yet are as given, and `NEW.txt` and `new.txt` are to be one file).
/// Folding more than the file system does (a case-sensitive folder) only makes two
/// creations take turns.
fn lock_key(located: &Located) -> LockKey {
    match &located.file {
        Some((_, stat)) => LockKey::File(stat.id),
        #[cfg(windows)]
        None => LockKey::New(PathBuf::from(
            located.real().to_string_lossy().to_uppercase(),
        )),
        #[cfg(not(windows))]
        None => LockKey::New(located.real()),
    }
}

/// What [`read`] got of a file.
struct Contents {
    decoded: Decoded,
    version: String,
    /// How many raw bytes were read.
    len: u64,
    snapshot: Snapshot,
}

/// Reads and decodes the file `located` opened (the shared half of [`load`] and
/// [`modify`]).
fn read(located: &mut Located, opts: &FileOptions) -> Result<Contents> {
    let max_bytes = opts.max_bytes;
    let display = located.display.clone();
    let Some((file, stat)) = located.file.take() else {
        return Err(not_found_at(located));
    };
    let fail = |err: io::Error| io_failure(err, &display, Action::Read);
    let taken_at = SystemTime::now();
    let limit = if max_bytes == 0 { u64::MAX } else { max_bytes };
    if stat.len > limit {
        return Err(too_large(&display, stat.len, max_bytes));
    }
    let mut bytes = Vec::with_capacity(usize::try_from(stat.len).unwrap_or(0).saturating_add(1));
    // One byte past the limit tells a file that grew since the stat.
    (&file)
        .take(limit.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(fail)?;
    let len = bytes.len() as u64;
    if len > limit {
        return Err(too_large(&display, len, max_bytes));
    }
    let version = version::version(&bytes);
    // The settings files are only asked when the bytes leave the encoding open.
    let declared = || conventions::declared_encoding(&located.real());
    let hints = Hints {
        option: opts.encoding,
        declared: Some(&declared),
        hash: version::hash(&version),
    };
    let decoded = encoding::decode(bytes, &hints).map_err(|err| err.about(&display))?;
    Ok(Contents {
        snapshot: Snapshot::new(stat, version.clone(), taken_at, file),
        decoded,
        version,
        len,
    })
}

/// `FILE_NOT_FOUND` for the file `located` did not find, naming the name its folder
/// has that the path most plausibly meant ([`meant`]).
fn not_found_at(located: &Located) -> Error {
    let meant = meant(located);
    Error::new(
        ErrorCode::FileNotFound,
        not_found_message(&located.display, meant.as_deref()),
    )
}

/// "File not found: PATH. Did you mean MEANT? Check the path, or use write_file to
/// create it."
fn not_found_message(display: &Path, meant: Option<&Path>) -> Message {
    let mut message = parts![format!("File not found: {}. ", display.display())];
    if let Some(meant) = meant {
        message = message.then(parts![format!("Did you mean {}? ", meant.display())]);
    }
    message.then(parts![
        "Check the path, ",
        Part::phrase(
            "create-it",
            parts!["or use ", Op::WriteFile, " to create it"]
        ),
        "."
    ])
}

/// The most names a folder may have for [`meant`] to compare them.
const MEANT_FROM_AT_MOST: usize = 10_000;

/// The path a model most plausibly meant by that of a missing file whose folder
/// exists: the file of that folder whose name is the same but for case or a typing
/// slip away (`README.md` for `readme.md`, `main.rs` for `mian.rs`), or, where `\\`
/// is part of a name, the path with `/` for each `\\` when that names a file
/// (`src\\a.txt`). The folders are read through the handles the walk opened, never
/// through a link, so nothing outside a root is ever named.
fn meant(located: &Located) -> Option<PathBuf> {
    if !located.missing.is_empty() {
        return meant_through_folders(located);
    }
    let display = &located.display;
    if cfg!(not(windows)) {
        let name = located.name.to_string_lossy();
        if name.contains('\\') {
            let mut parts: Vec<&str> = name.split('\\').collect();
            let file = parts.pop()?;
            let mut folder: Option<sys::Dir> = None;
            for part in parts {
                let at = folder.as_ref().unwrap_or(&located.dir);
                match at.open_child(OsStr::new(part)).ok()? {
                    sys::Entry::Found(dir) => folder = Some(dir),
                    _ => return None,
                }
            }
            let stat = folder.as_ref()?.stat_name(OsStr::new(file)).ok()??;
            return (stat.kind == sys::Kind::File)
                .then(|| PathBuf::from(display.to_string_lossy().replace('\\', "/")));
        }
    }
    let kind = |name: &OsStr, kind: Option<sys::Kind>| {
        kind.or_else(|| located.dir.stat_name(name).ok().flatten().map(|s| s.kind))
    };
    let entries = located.dir.entries().ok()?;
    // An error's aside: a folder so large that comparing every name would take long
    // gets none.
    if entries.len() > MEANT_FROM_AT_MOST {
        return None;
    }
    let files: Vec<OsString> = entries
        .into_iter()
        .filter(|(n, k)| kind(n, *k) != Some(sys::Kind::Dir))
        .map(|(n, _)| n)
        .collect();
    let name = crate::explain::closest_file_name(&located.name, &files)?;
    Some(with_name_as_given(display, &located.name, &name))
}

/// The names of `dir` that are files (`files`) or folders, when there are few enough
/// to compare.
fn names_of(dir: &sys::Dir, files: bool) -> Option<Vec<OsString>> {
    let entries = dir.entries().ok()?;
    if entries.len() > MEANT_FROM_AT_MOST {
        return None;
    }
    let is_dir = |name: &OsStr, kind: Option<sys::Kind>| {
        kind.or_else(|| dir.stat_name(name).ok().flatten().map(|s| s.kind)) == Some(sys::Kind::Dir)
    };
    Some(
        entries
            .into_iter()
            .filter(|(n, k)| is_dir(n, *k) != files)
            .map(|(n, _)| n)
            .collect(),
    )
}

/// For a missing file whose folders are missing too, the path most plausibly meant:
/// each missing folder a typing slip from one that is there (`scr/main.rs` for
/// `src/main.rs`) and the file in it, or, when the first missing folder has the name of
/// the folder it would be in (a model repeating the root's name: `proj/src/a.txt` in
/// the root `proj`), the path without it. Read through the walk's handles, as [`meant`].
fn meant_through_folders(located: &Located) -> Option<PathBuf> {
    let mut given: Vec<&OsStr> = located.missing.iter().map(OsString::as_os_str).collect();
    given.push(&located.name);
    if given
        .iter()
        .any(|n| *n == OsStr::new(".") || *n == OsStr::new(".."))
    {
        return None;
    }
    // The folder the first missing one would be in, by its name on the walk's path.
    let holder = located.real();
    let holder = holder.iter().rev().nth(given.len());
    if holder == Some(given[0]) && find_file(&located.dir, &given[1..], false).is_some() {
        return drop_first_name(&located.display, given.len());
    }
    let names = find_file(&located.dir, &given, true)?;
    // A path the same as given is not one meant instead.
    if names.iter().zip(&given).all(|(n, g)| n == g) {
        return None;
    }
    with_names_as_given(&located.display, &given, &names)
}

/// The names, from `dir`, of the file `given` names: each the same, or with `slips`
/// the closest a typing slip away (a folder for a folder, a file for the file).
fn find_file(dir: &sys::Dir, given: &[&OsStr], slips: bool) -> Option<Vec<OsString>> {
    let (file, folders) = given.split_last()?;
    let mut found = Vec::with_capacity(given.len());
    let mut at: Option<sys::Dir> = None;
    for folder in folders {
        let here = at.as_ref().unwrap_or(dir);
        let name = match here.open_child(folder) {
            Ok(sys::Entry::Found(_)) => folder.to_os_string(),
            _ if slips => crate::explain::closest_file_name(folder, &names_of(here, false)?)?,
            _ => return None,
        };
        let sys::Entry::Found(next) = here.open_child(&name).ok()? else {
            return None;
        };
        found.push(name);
        at = Some(next);
    }
    let here = at.as_ref().unwrap_or(dir);
    match here.stat_name(file).ok()? {
        Some(stat) if stat.kind == sys::Kind::File => found.push(file.to_os_string()),
        _ if slips => found.push(crate::explain::closest_file_name(
            file,
            &names_of(here, true)?,
        )?),
        _ => return None,
    }
    Some(found)
}

/// `display` split after each separator, the separators kept (`/`, and `\` on Windows).
fn pieces(display: &Path) -> Vec<String> {
    let shown = display.to_string_lossy();
    let mut pieces = Vec::new();
    let mut start = 0;
    for (at, c) in shown.char_indices() {
        if c == '/' || (cfg!(windows) && c == '\\') {
            pieces.push(shown[start..at].to_string());
            pieces.push(c.to_string());
            start = at + 1;
        }
    }
    pieces.push(shown[start..].to_string());
    pieces
}

/// The indexes of the names among `pieces` (every other piece; `a//b` has an empty one).
fn name_slots(pieces: &[String]) -> Vec<usize> {
    (0..pieces.len())
        .step_by(2)
        .filter(|&i| !pieces[i].is_empty())
        .collect()
}

/// `display` with its last names `given` replaced by `names`, every separator as the
/// user wrote it; `None` when its last names are not `given` (`a/./b`).
fn with_names_as_given(display: &Path, given: &[&OsStr], names: &[OsString]) -> Option<PathBuf> {
    let mut pieces = pieces(display);
    let slots = name_slots(&pieces);
    let last = &slots[slots.len().checked_sub(given.len())?..];
    for ((slot, g), n) in last.iter().zip(given).zip(names) {
        if OsStr::new(&pieces[*slot]) != *g {
            return None;
        }
        pieces[*slot] = n.to_string_lossy().into_owned();
    }
    Some(PathBuf::from(pieces.concat()))
}

/// `display` without the first of its last `count` names (and the separator after it).
fn drop_first_name(display: &Path, count: usize) -> Option<PathBuf> {
    let pieces = pieces(display);
    let names = name_slots(&pieces);
    let first = *names.get(names.len().checked_sub(count)?)?;
    let kept: String = pieces[..first].concat() + &pieces[first + 2..].concat();
    Some(PathBuf::from(kept))
}

/// `display` with its last name `old` replaced by `new`, every separator as the user
/// wrote it (`Path::with_file_name` would write a `\` into `src/a.txt` on Windows).
fn with_name_as_given(display: &Path, old: &OsStr, new: &OsStr) -> PathBuf {
    let shown = display.to_string_lossy();
    let old = old.to_string_lossy();
    match shown.strip_suffix(old.as_ref()) {
        Some(folder) => PathBuf::from(format!("{folder}{}", new.to_string_lossy())),
        None => display.with_file_name(new),
    }
}

/// `NOT_A_FILE` for `display`, which is `what` ("a folder").
pub(crate) fn not_a_file(display: &Path, what: &str) -> Error {
    Error::new(
        ErrorCode::NotAFile,
        format!(
            "Not a file: {} is {what}. Give the path of a text file.",
            display.display()
        ),
    )
}

pub(crate) fn too_large(display: &Path, len: u64, max_bytes: u64) -> Error {
    Error::new(
        ErrorCode::FileTooLarge,
        format!(
            "File too large: {} is {len} bytes, over the limit of {max_bytes} bytes.",
            display.display()
        ),
    )
    .with_hint(parts![Part::phrase(
        "larger-max-bytes",
        parts![
            "Pass a larger ",
            Name::MaxBytes,
            " (0 for no limit) if the file really must be read."
        ]
    )])
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
    .with_hint(parts![
        crate::message::read_again("Read the file again"),
        " and redo the edit on its current content."
    ])
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
pub(crate) fn io_failure(err: io::Error, display: &Path, action: Action) -> Error {
    use io::ErrorKind as K;
    let p = display.display();
    let verb = action.verb();
    let error = match err.kind() {
        K::NotFound if action == Action::Write => Error::new(
            ErrorCode::FileNotFound,
            format!("Cannot write {p}: its folder no longer exists ({err})."),
        ),
        K::NotFound => Error::new(ErrorCode::FileNotFound, not_found_message(display, None)),
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
            // What the call as a whole left as it was is for the caller to say (a patch
            // puts back the files it wrote, and says so).
            format!("Cannot {verb} {p}: no space left ({err})."),
        ),
        _ => Error::new(
            ErrorCode::IoError,
            format!("I/O error, cannot {verb} {p}: {err}."),
        ),
    };
    error.with_io_source(err)
}
