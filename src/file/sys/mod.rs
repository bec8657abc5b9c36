//! What differs between operating systems, behind one small interface.
//!
//! The rest of the file layer resolves paths, checks races and writes files through
//! these few things, never through a path it would have to look up again:
//!
//! - [`Dir`], an open folder: names are looked up in it without following links
//!   ([`Dir::open_child`], [`Dir::open_file`], [`Dir::stat_name`]), and temporary files,
//!   renames, links and removals happen relative to it, so a folder renamed meanwhile
//!   can never redirect a write to another file.
//! - [`Stat`], what the layer reads off an open file: its type, size, identity
//!   ([`FileId`]), link count and change stamp.
//! - [`Temp`], the temporary file a new content is written to and then put in place.
//! - [`lock_exclusive`], the commit lock between processes, on the handle a file was
//!   read through; [`is_pseudo`], the files of `/proc`-like file systems; [`adopt`],
//!   the original's mode, owner or attributes for its replacement; [`sync_file`], the
//!   durable flush.
//!
//! One file per OS family: `unix.rs` (Linux, macOS, the BSDs; Linux extras such as
//! `openat2` and `O_TMPFILE` are marked there) and `windows.rs`.

use std::ffi::OsStr;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::SystemTime;

#[cfg(unix)]
mod unix;
#[cfg(unix)]
pub(crate) use unix::*;

#[cfg(windows)]
mod windows;
#[cfg(windows)]
pub(crate) use windows::*;

/// What a name in a folder turned out to be, looked up without following a link.
#[derive(Debug)]
pub(crate) enum Entry<T> {
    /// The folder or file asked for, opened.
    Found(T),
    /// A symbolic link (or, on Windows, a junction), with the path it holds.
    Link(PathBuf),
    /// Nothing by that name.
    Missing,
    /// Something that is not what was asked for: a file where a folder was expected.
    Other,
}

/// The kind of thing a [`Stat`] describes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Kind {
    File,
    Dir,
    Link,
    /// A FIFO, socket or device.
    Special,
}

/// Which file a handle or a name refers to: device (volume) and inode (file index).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) struct FileId {
    pub device: u64,
    pub inode: u64,
}

/// What the file layer looks at of a file.
#[derive(Debug, Clone)]
pub(crate) struct Stat {
    pub kind: Kind,
    pub len: u64,
    pub id: FileId,
    /// How many names (hard links) the file has.
    pub links: u64,
    /// Last change of the content.
    pub modified: Option<SystemTime>,
    /// Last change of the content or the metadata (Unix ctime, Windows ChangeTime),
    /// which setting the modification time back does not undo.
    pub changed: Option<SystemTime>,
    /// Unix: the permission bits and owner. Windows: the attributes.
    pub(crate) extra: Extra,
}

impl Stat {
    /// The same file with the same size and timestamps: the cheap test that nothing
    /// changed (see `atomic::Snapshot::vouches_for` for when it may be trusted).
    pub fn same_stamp(&self, other: &Stat) -> bool {
        self.len == other.len
            && self.id == other.id
            && self.modified == other.modified
            && self.changed == other.changed
    }
}

/// `.<name>.eol-edit-<random>.tmp` for a temporary file beside `target`, with the name
/// shortened so the whole stays well under the usual 255-byte limit.
pub(crate) fn temp_name(target: &OsStr) -> String {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let name: String = target.to_string_lossy().chars().take(64).collect();
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

/// Test-only switch: resolve every path by the component walk, as where `openat2` is
/// missing, so both are covered.
pub(crate) mod hooks {
    #[cfg(test)]
    use std::cell::Cell;

    #[cfg(test)]
    thread_local! {
        static WALK_ONLY: Cell<bool> = const { Cell::new(false) };
    }

    #[cfg(test)]
    pub fn set_walk_only(on: bool) {
        WALK_ONLY.with(|w| w.set(on));
    }

    #[cfg_attr(not(target_os = "linux"), allow(dead_code))]
    pub(crate) fn walk_only() -> bool {
        #[cfg(test)]
        {
            WALK_ONLY.with(|w| w.get())
        }
        #[cfg(not(test))]
        {
            false
        }
    }
}

/// The Windows reparse tag of a symbolic link.
pub(crate) const TAG_SYMLINK: u32 = 0xA000_000C;
/// The Windows reparse tag of a junction (a mount point).
pub(crate) const TAG_MOUNT_POINT: u32 = 0xA000_0003;

/// The target a Windows symbolic link or junction holds, from the reparse data
/// `FSCTL_GET_REPARSE_POINT` returns: `(path, relative)`. The NT prefix `\??\` of an
/// absolute target is dropped, so `\??\C:\x` reads `C:\x`. `None` for any other kind of
/// reparse point, or data that does not hold together.
#[cfg_attr(not(windows), allow(dead_code))]
pub(crate) fn reparse_target(data: &[u8]) -> Option<(String, bool)> {
    let u16_at = |at: usize| Some(u16::from_le_bytes([*data.get(at)?, *data.get(at + 1)?]));
    let u32_at = |at: usize| {
        Some(u32::from_le_bytes([
            *data.get(at)?,
            *data.get(at + 1)?,
            *data.get(at + 2)?,
            *data.get(at + 3)?,
        ]))
    };
    let tag = u32_at(0)?;
    // Header: tag (4), data length (2), reserved (2); then the names' offsets and
    // lengths in bytes (2 each); a symbolic link has 4 bytes of flags before the names.
    let (names, relative) = match tag {
        TAG_SYMLINK => (20, u32_at(16)? & 1 == 1),
        TAG_MOUNT_POINT => (16, false),
        _ => return None,
    };
    let offset = names + usize::from(u16_at(8)?);
    let len = usize::from(u16_at(10)?);
    let bytes = data.get(offset..offset.checked_add(len)?)?;
    let units: Vec<u16> = bytes
        .chunks_exact(2)
        .map(|c| u16::from_le_bytes([c[0], c[1]]))
        .collect();
    let mut target = String::from_utf16(&units).ok()?;
    if let Some(rest) = target.strip_prefix(r"\??\") {
        target = match rest.strip_prefix(r"UNC\") {
            Some(unc) => format!(r"\\{unc}"),
            None => rest.to_string(),
        };
    }
    Some((target, relative))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Reparse data as Windows lays it out: header, name offsets, flags (links), names.
    fn reparse(tag: u32, flags: Option<u32>, substitute: &str, print: &str) -> Vec<u8> {
        let utf16 = |s: &str| -> Vec<u8> { s.encode_utf16().flat_map(u16::to_le_bytes).collect() };
        let (sub, prn) = (utf16(substitute), utf16(print));
        let mut body = Vec::new();
        body.extend((0u16).to_le_bytes());
        body.extend((sub.len() as u16).to_le_bytes());
        body.extend((sub.len() as u16).to_le_bytes());
        body.extend((prn.len() as u16).to_le_bytes());
        if let Some(flags) = flags {
            body.extend(flags.to_le_bytes());
        }
        body.extend(&sub);
        body.extend(&prn);
        let mut out = Vec::new();
        out.extend(tag.to_le_bytes());
        out.extend((body.len() as u16).to_le_bytes());
        out.extend(0u16.to_le_bytes());
        out.extend(body);
        out
    }

    #[test]
    fn reads_the_targets_of_windows_links_and_junctions() {
        let junction = reparse(
            TAG_MOUNT_POINT,
            None,
            r"\??\C:\outside\dir",
            r"C:\outside\dir",
        );
        assert_eq!(
            reparse_target(&junction),
            Some((r"C:\outside\dir".into(), false))
        );
        let absolute = reparse(TAG_SYMLINK, Some(0), r"\??\UNC\server\share\f.txt", "");
        assert_eq!(
            reparse_target(&absolute),
            Some((r"\\server\share\f.txt".into(), false))
        );
        let relative = reparse(TAG_SYMLINK, Some(1), r"..\other\f.txt", r"..\other\f.txt");
        assert_eq!(
            reparse_target(&relative),
            Some((r"..\other\f.txt".into(), true))
        );
        // Another kind of reparse point (here a cloud file), or cut-off data: none.
        assert_eq!(reparse_target(&reparse(0x9000_101A, None, "x", "x")), None);
        assert_eq!(reparse_target(&junction[..24]), None);
        assert_eq!(reparse_target(&[]), None);
    }
}
