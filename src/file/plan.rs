//! A change worked out before it is written: [`plan()`] does everything
//! [`modify`](super::modify) does up to the write (locate, lock, read, check, transform,
//! encode, size limit) and keeps the bytes; [`Planned::commit`] writes exactly those
//! bytes, never calling the transform again.
//!
//! A plan made to be committed later ([`Hold::Release`]) lets go of the lock and of the
//! file when it is made: a host may take minutes to approve it, and on Windows an open
//! handle would keep anyone else's rename from replacing the file. Its commit takes
//! the lock again, hashes the file as it is now (without decoding it) and refuses with
//! `FILE_CHANGED` unless it still has the version the plan was made from (for a new
//! file: unless it still does not exist); from there it is the same write, with the
//! same race check, as every other. [`modify`](super::modify) keeps the lock and the
//! file read ([`Hold::Keep`]) from plan to commit, so an edit reads its file once.

use std::path::{Path, PathBuf};

use super::atomic::{self, Expect};
use super::lock::{self, PathLock};
use super::path::{self, Located};
use super::{
    check_size, conventions, file_changed, locate_locked, lock_key, measure, not_found_at,
    over_limit, read, version, FileOptions, Found, Written,
};
use crate::encoding::{self, views, Decoded, Encoding, Hints};
use crate::error::{Error, ErrorCode, Result};
use crate::message::Message;
use crate::splice::Splices;

/// Whether a [`plan()`] keeps the file's lock until its commit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Hold {
    /// Keep the lock and the file read: the commit follows at once (an edit).
    Keep,
    /// Let go of both: the commit may come much later, and checks the file again.
    Release,
}

/// What [`plan()`] worked out: the bytes a file gets, and the version they replace.
#[derive(Debug)]
pub struct Planned {
    path: PathBuf,
    opts: FileOptions,
    display: PathBuf,
    /// Where the file was when planning (every link on its path followed): a later
    /// commit writes there or nowhere.
    real: PathBuf,
    before: Option<String>,
    after: String,
    /// The new bytes, BOM included; `None` when they are the file's own.
    bytes: Option<Vec<u8>>,
    encoding: Encoding,
    bom: bool,
    /// The file over the size limit that is replaced unread, said once.
    unread: Option<Message>,
    /// The hard links the write would break, as seen when planning.
    links: Option<Message>,
    carry: Option<views::Edit>,
    held: Option<Held>,
}

/// The lock and the file a [`Hold::Keep`] plan keeps for its commit.
#[derive(Debug)]
struct Held {
    located: Located,
    found: Option<Found>,
    _lock: PathLock,
}

impl std::fmt::Debug for PathLock {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("PathLock")
    }
}

impl std::fmt::Debug for Found {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Found")
            .field("version", &self.version())
            .finish_non_exhaustive()
    }
}

/// Works out a change as [`modify`](super::modify) describes, writing nothing. `hold`
/// says whether the lock and the file read are kept for the commit.
pub fn plan<T>(
    path: &Path,
    opts: &FileOptions,
    whole: bool,
    hold: Hold,
    transform: impl FnOnce(Option<&Decoded>, &Path) -> Result<(Splices, T)>,
) -> Result<(Planned, T)> {
    let (mut located, lock) = locate_locked(path, opts)?;
    let display = located.display.clone();
    let found = if !located.exists() {
        if !whole {
            return Err(not_found_at(&located));
        }
        None
    } else if whole && over_limit(&located, opts.max_bytes) {
        Some(Found::Unread(measure(&mut located)?))
    } else {
        Some(Found::Read(read(&mut located, opts)?))
    };
    if let Some(expected) = &opts.expected_version {
        check_version(&display, expected, found.as_ref())?;
    }

    let real = located.real();
    let decoded = found.as_ref().and_then(Found::decoded);
    let (splices, payload) = transform(decoded, &real)?;
    let declared = || conventions::declared_encoding(&real);
    let hints = Hints {
        option: opts.encoding,
        declared: Some(&declared),
        ..Hints::default()
    };
    let output = encoding::write::output(decoded, &splices, &hints, opts.convert_to);
    let output = output.map_err(|err| match err.code {
        ErrorCode::EncodingUnknown => err.about(&display),
        _ => err,
    })?;
    let before = found.as_ref().map(|f| f.version().to_string());
    let (bytes, after, encoding, bom, carry) = match output {
        None => {
            let c = decoded.expect("a new file always changes");
            let version = before.clone().unwrap_or_default();
            (None, version, c.encoding, c.bom, None)
        }
        Some(output) => {
            let bytes = output.concat();
            check_size(
                &display,
                bytes.len() as u64,
                found.as_ref().map(Found::len),
                opts.max_bytes,
            )?;
            let after = version::version(&bytes);
            (
                Some(bytes),
                after,
                output.encoding,
                output.bom,
                output.carry,
            )
        }
    };
    let unread = match &found {
        Some(Found::Unread(unread)) if bytes.is_some() => Some(
            format!(
                "{} was {} bytes, over the limit of {} bytes, so it was replaced without being read: it was written as a new file would be (its old line endings, BOM and encoding were not looked at), and the diff shows only the new content.",
                display.display(),
                unread.len,
                opts.max_bytes
            )
            .into(),
        ),
        _ => None,
    };
    let links = bytes
        .as_ref()
        .and_then(|_| link_warning(&located, found.as_ref()));
    let held = (hold == Hold::Keep).then_some(Held {
        located,
        found,
        _lock: lock,
    });
    let planned = Planned {
        path: path.to_path_buf(),
        opts: opts.clone(),
        display,
        real,
        before,
        after,
        bytes,
        encoding,
        bom,
        unread,
        links,
        carry,
        held,
    };
    Ok((planned, payload))
}

impl Planned {
    /// The version of the file the plan was made from; `None` for a new file.
    pub fn version_before(&self) -> Option<&str> {
        self.before.as_deref()
    }

    /// The version of the bytes the commit writes.
    pub fn version_after(&self) -> &str {
        &self.after
    }

    /// False when the new bytes are the file's own: the commit writes nothing.
    pub fn changed(&self) -> bool {
        self.bytes.is_some()
    }

    /// The encoding the commit writes in.
    pub fn encoding(&self) -> Encoding {
        self.encoding
    }

    /// Whether the commit writes a byte order mark.
    pub fn bom(&self) -> bool {
        self.bom
    }

    /// What the write would tell its user, as seen when planning (a file replaced
    /// unread, a hard link broken under a root).
    pub fn warnings(&self) -> Vec<Message> {
        self.unread.iter().chain(&self.links).cloned().collect()
    }

    /// Writes the planned bytes, if the file is still as it was planned from: else
    /// `FILE_CHANGED`, nothing written. With `dry_run`, every check and no write.
    pub fn commit(self) -> Result<Written> {
        let Planned {
            path,
            opts,
            display,
            real,
            before,
            after,
            bytes,
            encoding,
            bom,
            unread,
            links: _,
            carry,
            held,
        } = self;
        let (located, found, _lock) = match held {
            Some(Held {
                located,
                found,
                _lock,
            }) => (located, found, _lock),
            None => recheck(&path, &opts, &display, &real, before.as_deref())?,
        };
        let Some(bytes) = bytes else {
            let written = Written {
                version: after,
                changed: false,
                encoding,
                bom,
                warnings: Vec::new(),
                size: found.as_ref().map_or(0, Found::len),
            };
            return Ok(written);
        };
        let snapshot = found.as_ref().map(Found::snapshot);
        let break_link = located.confined && snapshot.is_some_and(|s| s.links() > 1);
        let warnings = unread
            .into_iter()
            .chain(link_warning(&located, found.as_ref()))
            .collect();
        if !opts.dry_run {
            let expect = match snapshot {
                Some(s) => Expect::Unchanged(s),
                None => Expect::Absent,
            };
            // An empty file is written as no pieces at all: an empty one reads as a
            // failed write.
            let pieces: &[&[u8]] = if bytes.is_empty() { &[] } else { &[&bytes] };
            atomic::write(&located, pieces, expect, break_link, opts.durable)?;
            match found {
                Some(Found::Read(c)) => {
                    c.snapshot.retire();
                    // The next edit of a large legacy file starts from this text (see
                    // `encoding::views`).
                    if let (Some(edit), Some(hash)) = (carry, version::hash(&after)) {
                        c.decoded.carry_over(&edit, hash, bytes.len());
                    }
                }
                Some(Found::Unread(u)) => u.snapshot.retire(),
                None => {}
            }
        }
        Ok(Written {
            version: after,
            changed: true,
            encoding,
            bom,
            warnings,
            size: bytes.len() as u64,
        })
    }
}

/// Takes the lock again for a plan's commit and checks that the path still leads to
/// `real`, where the file was planned (a symbolic link on the way that now leads
/// elsewhere, even to a file with the same bytes, is `FILE_CHANGED`: the commit would
/// write a file that was never shown), and that the file still has the version
/// `before` (`None`: that it still does not exist). The file is hashed, not read into
/// memory or decoded.
fn recheck(
    path: &Path,
    opts: &FileOptions,
    display: &Path,
    real: &Path,
    before: Option<&str>,
) -> Result<(Located, Option<Found>, PathLock)> {
    let (mut located, lock) = locate_locked(path, opts)?;
    check_place(display, real, &located)?;
    let found = if located.exists() {
        Some(Found::Unread(measure(&mut located)?))
    } else {
        None
    };
    let expected = before.unwrap_or(version::ABSENT);
    check_version(display, expected, found.as_ref())?;
    Ok((located, found, lock))
}

/// Checks, for a change of several files made later than it was worked out (a prepared
/// patch), that each file's path (given as `(path, real location, version)`) still
/// leads to the real location it had then and that the file still has the version it
/// was worked out from (`None`: that it still does not exist), holding the locks of all
/// of them at once.
///
/// The locks are taken in one order, that of their keys, with each key once (two names
/// of one file share one), so two callers of this never wait for each other; every
/// other holder of a lock holds just that one. The files are hashed, not decoded. The
/// locks are let go on return: the writes that follow take each file's lock again, and
/// check its version again under it.
///
/// # Errors
///
/// For the first file that fails, `fail(its index, the error)`: `FILE_CHANGED`
/// (changed, deleted, or created since), or what locating it gave
/// (`PATH_OUTSIDE_ROOT`, `IO_ERROR`, …).
pub fn recheck_all(
    files: &[(&Path, &Path, Option<&str>)],
    opts: &FileOptions,
    fail: impl Fn(usize, Error) -> Error,
) -> Result<()> {
    let locate = |i: usize| {
        path::locate(files[i].0, opts.roots.as_deref(), opts.cwd.as_deref()).map_err(|e| fail(i, e))
    };
    // A round that fails saw a file replaced between its locating and its lock.
    'round: for _ in 0..1_000 {
        let mut keys = Vec::with_capacity(files.len());
        for i in 0..files.len() {
            keys.push(lock_key(&locate(i)?));
        }
        let mut order = keys.clone();
        order.sort();
        order.dedup();
        let _locks: Vec<PathLock> = order.into_iter().map(lock::lock).collect();
        for (i, (_, real, before)) in files.iter().enumerate() {
            let mut located = locate(i)?;
            if lock_key(&located) != keys[i] {
                continue 'round;
            }
            check_place(&located.display, real, &located).map_err(|e| fail(i, e))?;
            let found = if located.exists() {
                Some(Found::Unread(
                    measure(&mut located).map_err(|e| fail(i, e))?,
                ))
            } else {
                None
            };
            let expected = before.unwrap_or(version::ABSENT);
            check_version(&located.display, expected, found.as_ref()).map_err(|e| fail(i, e))?;
        }
        return Ok(());
    }
    let first = files.first().map_or(Path::new(""), |f| f.0);
    Err(fail(
        0,
        file_changed(first, "keeps being replaced by other edits"),
    ))
}

/// `FILE_CHANGED` unless `located` is still at `real`, where the file was when the
/// change was worked out: a path whose symbolic links now lead elsewhere names another
/// file, whatever its bytes.
fn check_place(display: &Path, real: &Path, located: &Located) -> Result<()> {
    let now = located.real();
    if now == real {
        return Ok(());
    }
    Err(file_changed(
        display,
        &format!(
            "now leads to {} instead of {} (a symbolic link on its path changed since it was read)",
            now.display(),
            real.display()
        ),
    ))
}

/// `FILE_CHANGED` unless `found` has the version `expected` ([`version::ABSENT`]:
/// unless nothing was found).
fn check_version(display: &Path, expected: &str, found: Option<&Found>) -> Result<()> {
    match found {
        None if expected == version::ABSENT => Ok(()),
        Some(_) if expected == version::ABSENT => Err(file_changed(
            display,
            "exists now, but did not when it was read",
        )),
        Some(f) if f.version() == expected => Ok(()),
        Some(f) => Err(file_changed(
            display,
            &format!(
                "has changed since it was read (expected version {expected}, now {})",
                f.version()
            ),
        )),
        None => Err(file_changed(display, "no longer exists")),
    }
}

/// The warning for a hard-linked file that a write under a root replaces under this
/// name only.
fn link_warning(located: &Located, found: Option<&Found>) -> Option<Message> {
    let links = found.map_or(1, |f| f.snapshot().links());
    (located.confined && links > 1).then(|| {
        format!(
            "{} had {links} hard links; inside the root it was replaced under this name only, so its other names keep the old content.",
            located.display.display(),
        )
        .into()
    })
}
