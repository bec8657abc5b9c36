//! From the path a user gave to an open folder and a name in it, confined to the roots.
//!
//! A relative path is taken against the `cwd` option, else the process's working
//! directory. Its **real location** is where the OS would put the bytes: every symlink
//! followed and every `..` taken physically (the parent of where a symlink points, not
//! of the link), exactly as `open` would. For a file that does not exist yet, the
//! deepest existing folder is found that way and the missing rest is appended, with
//! `..` among the missing components taken lexically (a folder that does not exist
//! cannot be a symlink). A dangling symlink is followed to the file it names, so
//! creating through it creates its target and the link keeps pointing there.
//!
//! [`locate`] does not look a path up once and trust the name afterwards: it opens
//! each folder relative to the one before, never following a link (it reads the link
//! and goes on from what it holds), and hands back the open folder the file is in with
//! the file's name there ([`Located`]). Everything after that (reading, the temporary
//! file, the race check, the rename) happens relative to that folder, so a folder
//! renamed or swapped for a link meanwhile can neither redirect a write to another
//! file nor lead it out of a root. [`locate_folder`] opens a folder the same way, for
//! its names to be read through the handle (`super::listing`).
//!
//! **Roots.** With roots, the walk starts from an open handle on a root, and a `..` or
//! a link that would leave it is refused with `PATH_OUTSIDE_ROOT` before anything is
//! read or written; an absolute link that points back inside the root is followed. On
//! Linux the folders are opened in one `openat2(RESOLVE_BENEATH)` call where the
//! kernel has it, else (and whenever it refuses, to tell why) component by component.
//! An empty list of roots is an error, never "no confinement".
//!
//! **Windows.** Names are checked before they are looked up: an alternate data stream
//! (`a.txt:s`), a device name (`CON`, `NUL`, `COM1`…), a name ending in a dot or a
//! space, and device paths (`\\.\`) are refused; a drive-relative path (`C:a.txt`) is
//! taken against the working folder of its drive only when that is the `cwd`'s drive.
//! Junctions and symbolic links are read and followed like Unix links, and roots and
//! paths are compared case-insensitively.

use std::collections::VecDeque;
use std::ffi::{OsStr, OsString};
use std::fs::{self, File};
use std::io;
use std::path::{Component, Path, PathBuf};
use std::sync::OnceLock;

use super::sys::{self, Dir, Entry, Kind, Stat};
use super::{io_failure, not_a_file, Action};
use crate::error::{Error, ErrorCode, Result};
use crate::message::{parts, Name};

/// How many symlinks one resolution may follow before it gives up, as `ELOOP` would.
const MAX_SYMLINK_HOPS: u32 = 40;

/// A file found (or to be created) by [`locate`]: the open folder it is in, its name
/// there, and the file itself, opened for reading, when it exists.
#[derive(Debug)]
pub struct Located {
    /// The folder that holds the file. For a new file in folders that do not exist yet:
    /// the deepest one that does.
    pub(crate) dir: Dir,
    /// Folders to create below `dir`, outermost first (a new file only).
    pub(crate) missing: Vec<OsString>,
    /// The file's name in its folder.
    pub(crate) name: OsString,
    /// Where the file is, as far as the walk could tell (exact unless a link inside a
    /// root was followed by the kernel); see [`Located::real`].
    lexical: PathBuf,
    /// The path as the user gave it, for messages.
    pub display: PathBuf,
    /// Found beneath a root: hard links are then broken rather than written through.
    pub(crate) confined: bool,
    /// The path's last name was a symbolic link, followed to the file (edits go to the
    /// file; deleting it would leave the link dangling).
    pub(crate) through_link: bool,
    /// The file, opened for reading, and what it is; `None` when it does not exist.
    pub(crate) file: Option<(File, Stat)>,
}

impl Located {
    /// The file's real location: its folder's current path (asked of the OS where it
    /// can tell) and its name.
    pub fn real(&self) -> PathBuf {
        match self.dir.real_path() {
            Some(dir) => self
                .missing
                .iter()
                .fold(dir, |p, m| p.join(m))
                .join(&self.name),
            None => self.lexical.clone(),
        }
    }

    /// True when the file exists.
    pub fn exists(&self) -> bool {
        self.file.is_some()
    }

    /// The file's identity when it exists and has a single name (see
    /// [`super::Loaded`]'s).
    pub(crate) fn sole_name(&self) -> Option<super::sys::FileId> {
        self.file
            .as_ref()
            .filter(|(_, stat)| stat.links == 1)
            .map(|(_, stat)| stat.id)
    }
}

/// Finds `path` (taken against `cwd`, else the process's working directory), confined
/// to `roots` when there are some.
///
/// Fails with `INVALID_ARGUMENT` for an empty path, one with a NUL byte, a root that
/// cannot be opened or an empty list of roots; `PATH_OUTSIDE_ROOT` when the real
/// location is outside every root; `NOT_A_FILE` for a folder, a device, a FIFO, a socket
/// or a file of a `/proc`-like file system; `FILE_NOT_FOUND` when a part of the path is
/// a file; `PERMISSION_DENIED` or `IO_ERROR` when a folder on the way cannot be read.
pub fn locate(path: &Path, roots: Option<&[PathBuf]>, cwd: Option<&Path>) -> Result<Located> {
    check_argument(path, Name::Path)?;
    check_windows_form(path)?;
    check_not_folder_form(path)?;
    let absolute = absolute_from(path, cwd)?;
    let display = path.to_path_buf();
    match roots {
        None => unconfined(&absolute, display),
        Some([]) => Err(no_roots()),
        Some(roots) => confined(&absolute, display, roots, cwd),
    }
}

/// Opens the folder `path` (taken against `cwd`) to read its names, confined to `roots`
/// as [`locate`] confines a file: beneath a root every folder is opened relative to the
/// one before, a link is read and followed only while it stays inside (on Linux the
/// whole path in one `openat2(RESOLVE_BENEATH)` where the kernel has it), so the
/// folder handed back is inside a root whatever is renamed or swapped for a link
/// meanwhile. Without roots the folder is opened by its path, links followed.
///
/// `display` names the path in messages. Fails with `PATH_OUTSIDE_ROOT` (the roots
/// joined by " or "), `FILE_NOT_FOUND` when there is no folder to open there (nothing,
/// a file, or one that cannot be opened), `INVALID_ARGUMENT` for a path or root that
/// cannot be used.
pub(crate) fn locate_folder(
    path: &Path,
    display: &Path,
    roots: Option<&[PathBuf]>,
    cwd: Option<&Path>,
) -> Result<Dir> {
    use super::listing::gone;
    check_argument(path, Name::Path)?;
    check_windows_form(path)?;
    let absolute = absolute_from(path, cwd)?;
    let roots = match roots {
        None => return Dir::open(&absolute).map_err(|_| gone(display)),
        Some([]) => return Err(no_roots()),
        Some(roots) => roots
            .iter()
            .map(|r| Root::open(r, cwd))
            .collect::<Result<Vec<_>>>()?,
    };
    let walk_in = |root: &Root, rel: &Path| -> Result<Option<Dir>> {
        match folder_beneath(root, rel, display) {
            Ok(dir) => Ok(Some(dir)),
            Err(Stop::Outside) => Ok(None),
            Err(Stop::Failed(err)) => Err(err),
        }
    };
    // As `confined` does: by the spelling first, else by where the folder really is.
    for root in &roots {
        if let Some(rel) = root.relative(&absolute) {
            if let Some(dir) = walk_in(root, &rel)? {
                return Ok(dir);
            }
        }
    }
    let real = real_location(&absolute).map_err(|_| gone(display))?;
    for root in &roots {
        if let Some(rel) = strip_root(&real, root.real()) {
            if let Some(dir) = walk_in(root, &rel)? {
                return Ok(dir);
            }
        }
    }
    let reals: Vec<&Path> = roots.iter().map(|r| r.real()).collect();
    Err(outside_roots_joined(display, &reals, " or "))
}

/// The folder `rel` beneath `root`, opened as [`locate_folder`] says.
fn folder_beneath(root: &Root, rel: &Path, display: &Path) -> std::result::Result<Dir, Stop> {
    let gone = |_| Stop::Failed(super::listing::gone(display));
    if rel.as_os_str().is_empty() {
        return root.dir.try_clone().map_err(gone);
    }
    if let Some(dir) = root.dir.open_beneath(rel).map_err(gone)? {
        return Ok(dir);
    }
    let start = root.dir.try_clone().map_err(gone)?;
    Walk {
        root: Some(root),
        stack: vec![start],
        hops: 0,
        display,
        final_link: false,
    }
    .run_to_folder(steps(rel))
}

/// Places `path` by its spelling alone, for buffers that are not files
/// (`applyPatchInMemory`): nothing is opened and no link is resolved. The same checks of
/// the path as [`locate`]; `.` and `..` are resolved by name. With `cwd` the result is
/// absolute, taken against it; without, a relative path stays relative. With `roots`
/// the path (taken against `cwd`, else the working directory) must be inside one of
/// them by name, else `PATH_OUTSIDE_ROOT`.
pub(crate) fn place_by_name(
    path: &Path,
    roots: Option<&[PathBuf]>,
    cwd: Option<&Path>,
) -> Result<PathBuf> {
    check_argument(path, Name::Path)?;
    check_windows_form(path)?;
    check_not_folder_form(path)?;
    let placed = match cwd {
        Some(_) => lexical(&absolute_from(path, cwd)?),
        None => lexical(path),
    };
    match roots {
        None => {}
        Some([]) => return Err(no_roots()),
        Some(roots) => {
            let absolute = lexical(&absolute_from(path, cwd)?);
            let roots = roots
                .iter()
                .map(|r| {
                    check_argument(r, Name::Root)?;
                    Ok(lexical(&absolute_from(r, cwd)?))
                })
                .collect::<Result<Vec<_>>>()?;
            if !roots.iter().any(|r| strip_root(&absolute, r).is_some()) {
                let given: Vec<&Path> = roots.iter().map(PathBuf::as_path).collect();
                return Err(outside_roots(path, &given));
            }
        }
    }
    Ok(placed)
}

/// `INVALID_ARGUMENT` for an empty list of roots, which is never "no confinement".
fn no_roots() -> Error {
    Error::invalid(parts![
        Name::Root,
        " is an empty list: give at least one folder, or leave ",
        Name::Root,
        " out for no confinement."
    ])
    .with_argument(Name::Root)
}

/// `path` with `.` dropped and each `..` taking away the name before it (kept at the
/// start of a relative path; dropped at a root).
fn lexical(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for c in path.components() {
        match c {
            Component::CurDir => {}
            Component::ParentDir => match out.components().next_back() {
                Some(Component::Normal(_)) => {
                    out.pop();
                }
                Some(Component::RootDir | Component::Prefix(_)) => {}
                _ => out.push(".."),
            },
            other => out.push(other.as_os_str()),
        }
    }
    out
}

/// `path` made absolute against `cwd`, else the working directory (only asked for
/// when the path is relative).
fn absolute_from(path: &Path, cwd: Option<&Path>) -> Result<PathBuf> {
    if path.is_absolute() {
        return Ok(path.to_path_buf());
    }
    absolute_path(&base_dir(cwd)?, path)
}

/// A root: the folder as given and an open handle on it.
struct Root {
    given: PathBuf,
    dir: Dir,
    real: OnceLock<PathBuf>,
}

impl Root {
    fn open(root: &Path, cwd: Option<&Path>) -> Result<Root> {
        check_argument(root, Name::Root)?;
        check_windows_form(root)?;
        let given = absolute_from(root, cwd)?;
        let cannot = |err: &dyn std::fmt::Display| {
            Error::invalid(parts![
                format!(
                    "Root folder {} cannot be used: {err}. Give an existing folder as ",
                    root.display()
                ),
                Name::Root,
                "."
            ])
        };
        let dir = Dir::open(&given).map_err(|e| cannot(&e))?;
        Ok(Root {
            given,
            dir,
            real: OnceLock::new(),
        })
    }

    /// The root's real location (links resolved).
    fn real(&self) -> &Path {
        self.real.get_or_init(|| {
            self.dir
                .real_path()
                .map(|p| strip_verbatim(&p))
                .or_else(|| {
                    fs::canonicalize(&self.given)
                        .ok()
                        .map(|p| strip_verbatim(&p))
                })
                .unwrap_or_else(|| self.given.clone())
        })
    }

    /// `path` relative to this root, by its spelling, the given or the real one.
    fn relative(&self, path: &Path) -> Option<PathBuf> {
        strip_root(path, &self.given).or_else(|| strip_root(path, self.real()))
    }
}

fn confined(
    absolute: &Path,
    display: PathBuf,
    roots: &[PathBuf],
    cwd: Option<&Path>,
) -> Result<Located> {
    let roots = roots
        .iter()
        .map(|r| Root::open(r, cwd))
        .collect::<Result<Vec<_>>>()?;
    let walk_in = |root: &Root, rel: &Path| -> Result<Option<Located>> {
        match walk_beneath(root, rel, &display) {
            Ok(located) => Ok(Some(located)),
            Err(Stop::Outside) => Ok(None),
            Err(Stop::Failed(err)) => Err(err),
        }
    };
    // By the path's spelling first: the common case, and no link is trusted on the way.
    for root in &roots {
        if let Some(rel) = root.relative(absolute) {
            if let Some(located) = walk_in(root, &rel)? {
                return Ok(located);
            }
        }
    }
    // Else by where it really is now (it reaches a root through a link or `..`, or
    // leaves one root for another); the walk beneath that root checks it again.
    let real = real_location(absolute).map_err(|e| io_failure(e, &display, Action::Resolve))?;
    for root in &roots {
        if let Some(rel) = strip_root(&real, root.real()) {
            if let Some(located) = walk_in(root, &rel)? {
                return Ok(located);
            }
        }
    }
    let reals: Vec<&Path> = roots.iter().map(|r| r.real()).collect();
    Err(outside_roots(&display, &reals))
}

/// Why a walk stopped short.
enum Stop {
    /// A link or `..` led out of the root.
    Outside,
    Failed(Error),
}

impl From<Error> for Stop {
    fn from(err: Error) -> Self {
        Stop::Failed(err)
    }
}

fn walk_beneath(root: &Root, rel: &Path, display: &Path) -> std::result::Result<Located, Stop> {
    // Only a fallback for messages where the OS cannot name an open folder.
    let lexical = root.given.join(rel);
    // One kernel call for the folders, where there is one.
    if let (Some(parent), Some(Component::Normal(name))) =
        (rel.parent(), rel.components().next_back())
    {
        let dir = if parent.as_os_str().is_empty() {
            Some(root.dir.try_clone().map_err(|e| fail(e, display))?)
        } else {
            root.dir
                .open_beneath(parent)
                .map_err(|e| fail(e, display))?
        };
        if let Some(dir) = dir {
            let name = name.to_os_string();
            check_name(&name, display)?;
            match open_final(&dir, &name, display)? {
                Final::Found(file) => {
                    return Ok(located(dir, Vec::new(), name, lexical, display, true, file))
                }
                Final::Link(_) => {} // the walk follows it and checks where it leads
            }
        }
    }
    let start = root.dir.try_clone().map_err(|e| fail(e, display))?;
    Walk {
        root: Some(root),
        stack: vec![start],
        hops: 0,
        display,
        final_link: false,
    }
    .run(steps(rel), lexical)
}

fn unconfined(absolute: &Path, display: PathBuf) -> Result<Located> {
    // The folder by path (the OS follows its links), the file by name in it.
    if let (Some(parent), Some(Component::Normal(name))) =
        (absolute.parent(), absolute.components().next_back())
    {
        let name = name.to_os_string();
        match Dir::open(parent) {
            Ok(dir) => {
                check_name(&name, &display).map_err(stop_error)?;
                match open_final(&dir, &name, &display).map_err(stop_error)? {
                    Final::Found(file) => {
                        return Ok(located(
                            dir,
                            Vec::new(),
                            name,
                            absolute.to_path_buf(),
                            &display,
                            false,
                            file,
                        ))
                    }
                    Final::Link(_) => {}
                }
            }
            // Missing folders, or a file on the way: the walk tells which.
            Err(e) if is_missing(&e) => {}
            Err(e) => return Err(io_failure(e, &display, Action::Resolve)),
        }
    }
    let (start, rest) =
        filesystem_root(absolute).map_err(|e| io_failure(e, &display, Action::Resolve))?;
    let walk = Walk {
        root: None,
        stack: vec![start],
        hops: 0,
        display: &display,
        final_link: false,
    };
    walk.run(steps(&rest), absolute.to_path_buf())
        .map_err(stop_error)
}

fn stop_error(stop: Stop) -> Error {
    match stop {
        Stop::Failed(err) => err,
        // Only a walk beneath a root can leave it.
        Stop::Outside => Error::new(ErrorCode::PathOutsideRoot, "Path outside the allowed root."),
    }
}

/// The folder a walk from an absolute path starts in (`/`, a drive or a share), and
/// the rest of the path.
fn filesystem_root(absolute: &Path) -> io::Result<(Dir, PathBuf)> {
    let mut top = PathBuf::new();
    let mut rest = PathBuf::new();
    for c in absolute.components() {
        match c {
            Component::Prefix(_) | Component::RootDir => top.push(c.as_os_str()),
            other => rest.push(other.as_os_str()),
        }
    }
    Ok((Dir::open(&top)?, rest))
}

/// One step of a walk. Owned: a link's target is spliced in front of what is left.
#[derive(Debug)]
enum Step {
    Name(OsString),
    Up,
}

/// A relative path's components as walk steps (`.` dropped).
fn steps(path: &Path) -> VecDeque<Step> {
    path.components()
        .filter_map(|c| match c {
            Component::Normal(n) => Some(Step::Name(n.to_os_string())),
            Component::ParentDir => Some(Step::Up),
            _ => None,
        })
        .collect()
}

/// What the last name of a path turned out to be.
enum Final {
    /// The file, open, or `None` when nothing has that name.
    Found(Option<(File, Stat)>),
    /// A link, to follow.
    Link(PathBuf),
}

/// Looks the last name up in `dir`: a regular file is opened for reading (without
/// blocking), a link is returned to be followed, anything else is `NOT_A_FILE`.
fn open_final(dir: &Dir, name: &OsStr, display: &Path) -> std::result::Result<Final, Stop> {
    // A file swapped for something else between the look and the open is looked at
    // again; a few rounds settle any honest race.
    for _ in 0..8 {
        let Some(seen) = dir.stat_name(name).map_err(|e| fail(e, display))? else {
            return Ok(Final::Found(None));
        };
        match seen.kind {
            Kind::Link => {
                return Ok(Final::Link(
                    dir.read_link(name).map_err(|e| fail(e, display))?,
                ))
            }
            Kind::Dir => return Err(not_a_file(display, "a folder").into()),
            // Never opened: opening some devices does something.
            Kind::Special => {
                return Err(
                    not_a_file(display, "not a regular file (a device, socket or pipe)").into(),
                )
            }
            Kind::File => {}
        }
        match dir.open_file(name).map_err(|e| fail(e, display))? {
            Entry::Found(file) => {
                let stat = sys::stat(&file).map_err(|e| fail(e, display))?;
                if stat.kind != Kind::File {
                    return Err(not_a_file(
                        display,
                        "not a regular file (a device, socket or pipe)",
                    )
                    .into());
                }
                if sys::is_pseudo(&file) {
                    return Err(not_a_file(
                        display,
                        "a file of a system file system such as /proc or /sys, not a text file",
                    )
                    .into());
                }
                return Ok(Final::Found(Some((file, stat))));
            }
            Entry::Link(target) => return Ok(Final::Link(target)),
            Entry::Missing | Entry::Other => continue,
        }
    }
    Err(Error::new(
        ErrorCode::FileChanged,
        format!(
            "File changed on disk: {} keeps being replaced by another process. Nothing was read or written.",
            display.display()
        ),
    )
    .with_hint("Try again once the other program is done with it.")
    .into())
}

fn fail(err: io::Error, display: &Path) -> Stop {
    Stop::Failed(io_failure(err, display, Action::Resolve))
}

fn located(
    dir: Dir,
    missing: Vec<OsString>,
    name: OsString,
    lexical: PathBuf,
    display: &Path,
    confined: bool,
    file: Option<(File, Stat)>,
) -> Located {
    Located {
        dir,
        missing,
        name,
        lexical,
        display: display.to_path_buf(),
        confined,
        through_link: false,
        file,
    }
}

/// The component-by-component walk: a stack of open folders from the start (a root,
/// or the file system's root) down, each opened relative to the one before without
/// following a link; links are read and their targets walked in turn.
struct Walk<'a> {
    /// The root the walk must stay beneath, if any (it is `stack[0]`).
    root: Option<&'a Root>,
    stack: Vec<Dir>,
    hops: u32,
    display: &'a Path,
    /// The last name was a link (see [`Located::through_link`]).
    final_link: bool,
}

impl Walk<'_> {
    fn run(
        mut self,
        mut steps: VecDeque<Step>,
        lexical: PathBuf,
    ) -> std::result::Result<Located, Stop> {
        let display = self.display;
        // Names below the deepest existing folder, once one is missing.
        let mut missing: Vec<OsString> = Vec::new();
        while let Some(step) = steps.pop_front() {
            match step {
                Step::Name(name) => {
                    check_name(&name, display)?;
                    let last = steps.is_empty();
                    if !missing.is_empty() {
                        if last {
                            return Ok(self.finish(missing, name, lexical, None));
                        }
                        missing.push(name);
                        continue;
                    }
                    let top = self.stack.last().expect("the start is never popped");
                    if last {
                        match open_final(top, &name, display)? {
                            Final::Found(file) => {
                                return Ok(self.finish(missing, name, lexical, file))
                            }
                            Final::Link(target) => {
                                self.final_link = true;
                                self.follow(&target, &mut steps)?;
                                continue;
                            }
                        }
                    }
                    match top.open_child(&name).map_err(|e| fail(e, display))? {
                        Entry::Found(dir) => {
                            self.stack.push(dir);
                        }
                        Entry::Link(target) => self.follow(&target, &mut steps)?,
                        Entry::Missing => missing.push(name),
                        Entry::Other => {
                            return Err(Error::new(
                                ErrorCode::FileNotFound,
                                format!(
                                    "File not found: {}: a part of the path is a file, not a folder. Check the path.",
                                    display.display()
                                ),
                            )
                            .into())
                        }
                    }
                }
                Step::Up if !missing.is_empty() => {
                    missing.pop();
                }
                Step::Up => {
                    if self.stack.len() > 1 {
                        self.stack.pop();
                    } else if self.root.is_some() {
                        return Err(Stop::Outside);
                    }
                    // `..` of the file system's root is itself.
                }
            }
        }
        // The path ends in `.` or `..`, or is the start itself: a folder.
        Err(not_a_file(display, "a folder").into())
    }

    /// Splices a link's target in front of the steps left: a relative one from the
    /// link's folder (the top of the stack), an absolute one from the root it names.
    fn follow(
        &mut self,
        target: &Path,
        steps: &mut VecDeque<Step>,
    ) -> std::result::Result<(), Stop> {
        let folder = self.stack.last().expect("the start is never popped");
        if folder.is_pseudo() {
            // /proc/self/fd/0 and the like: a pipe or a socket as often as a file.
            return Err(not_a_file(
                self.display,
                "reached through a link of a system file system such as /proc, not a text file",
            )
            .into());
        }
        self.hops += 1;
        if self.hops > MAX_SYMLINK_HOPS {
            return Err(Error::new(
                ErrorCode::IoError,
                format!(
                    "Cannot resolve {}: too many levels of symbolic links.",
                    self.display.display()
                ),
            )
            .into());
        }
        let rest = if is_absolute_target(target) {
            match self.root {
                Some(root) => {
                    let target = strip_verbatim(target);
                    let Some(rel) = root.relative(&target) else {
                        return Err(Stop::Outside);
                    };
                    self.stack.truncate(1);
                    rel
                }
                None => {
                    let (start, rest) =
                        filesystem_root(target).map_err(|e| fail(e, self.display))?;
                    self.stack = vec![start];
                    rest
                }
            }
        } else {
            target.to_path_buf()
        };
        for step in self::steps(&rest).into_iter().rev() {
            steps.push_front(step);
        }
        Ok(())
    }

    /// The walk to a folder: every name opened as a folder, without following a link
    /// (links are read and followed as [`Walk::follow`] does); the folder the path
    /// names is handed back open. Nothing there, a file, or a folder that cannot be
    /// opened: `FILE_NOT_FOUND`, as [`locate_folder`] says.
    fn run_to_folder(mut self, mut steps: VecDeque<Step>) -> std::result::Result<Dir, Stop> {
        let display = self.display;
        while let Some(step) = steps.pop_front() {
            match step {
                Step::Name(name) => {
                    check_name(&name, display)?;
                    let top = self.stack.last().expect("the start is never popped");
                    match top.open_child(&name) {
                        Ok(Entry::Found(dir)) => self.stack.push(dir),
                        Ok(Entry::Link(target)) => self.follow(&target, &mut steps)?,
                        Ok(Entry::Missing | Entry::Other) | Err(_) => {
                            return Err(super::listing::gone(display).into())
                        }
                    }
                }
                Step::Up if self.stack.len() > 1 => {
                    self.stack.pop();
                }
                Step::Up if self.root.is_some() => return Err(Stop::Outside),
                Step::Up => {} // `..` of the file system's root is itself
            }
        }
        Ok(self.stack.pop().expect("the start is never popped"))
    }

    fn finish(
        mut self,
        missing: Vec<OsString>,
        name: OsString,
        lexical: PathBuf,
        file: Option<(File, Stat)>,
    ) -> Located {
        let dir = self.stack.pop().expect("the start is never popped");
        let confined = self.root.is_some();
        Located {
            through_link: self.final_link,
            ..located(dir, missing, name, lexical, self.display, confined, file)
        }
    }
}

/// An absolute link target: `/x` on Unix; `C:\x`, `\\server\x` or `\x` on Windows.
fn is_absolute_target(target: &Path) -> bool {
    target.has_root() || target.is_absolute()
}

/// `path` relative to `root`, compared component by component (`/a/bc` is not inside
/// `/a/b`), case-insensitively on Windows and macOS, whose file systems usually are.
fn strip_root(path: &Path, root: &Path) -> Option<PathBuf> {
    let mut p = path.components();
    for r in root.components() {
        let c = p.next()?;
        if !same_component(c.as_os_str(), r.as_os_str()) {
            return None;
        }
    }
    Some(p.as_path().to_path_buf())
}

fn same_component(a: &OsStr, b: &OsStr) -> bool {
    if cfg!(any(windows, target_os = "macos")) {
        a == b || a.to_string_lossy().to_lowercase() == b.to_string_lossy().to_lowercase()
    } else {
        a == b
    }
}

/// `\\?\C:\x` as `C:\x` and `\\?\UNC\s\x` as `\\s\x`: the forms paths are compared in.
pub(crate) fn strip_verbatim(path: &Path) -> PathBuf {
    #[cfg(windows)]
    {
        let s = path.to_string_lossy();
        if let Some(rest) = s.strip_prefix(r"\\?\UNC\") {
            return PathBuf::from(format!(r"\\{rest}"));
        }
        if let Some(rest) = s.strip_prefix(r"\\?\") {
            if rest.as_bytes().get(1) == Some(&b':') {
                return PathBuf::from(rest);
            }
        }
        if let Some(rest) = s.strip_prefix(r"\??\") {
            return PathBuf::from(rest);
        }
    }
    path.to_path_buf()
}

fn check_argument(path: &Path, what: Name) -> Result<()> {
    if path.as_os_str().is_empty() {
        return Err(
            Error::invalid(parts!["The ", what.clone(), " is empty. Give a file path."])
                .with_argument(what),
        );
    }
    if path.as_os_str().as_encoded_bytes().contains(&0) {
        return Err(Error::invalid(parts![
            "The ",
            what.clone(),
            format!(
                " {} contains a NUL character, which no file name can.",
                path.display()
            )
        ])
        .with_argument(what));
    }
    Ok(())
}

/// Refuses a path that ends with a separator (`a.txt/`, or `a.txt/.`): it names a
/// folder, and every OS refuses to open a file by it. The components of a `Path` drop
/// the separator, so without this check `a.txt/` would reach `a.txt`.
fn check_not_folder_form(path: &Path) -> Result<()> {
    let bytes = path.as_os_str().as_encoded_bytes();
    let separator = |b: &u8| *b == b'/' || (cfg!(windows) && *b == b'\\');
    let folder_form = match bytes {
        [.., last] if separator(last) => true,
        [.., before, b'.'] => separator(before),
        _ => false,
    };
    if folder_form {
        return Err(Error::new(
            ErrorCode::NotAFile,
            format!(
                "Not a file: {} ends with a path separator, so it names a folder. Give the path of a text file, without the separator at its end.",
                path.display()
            ),
        ));
    }
    Ok(())
}

/// Refuses the Windows path forms that name no ordinary file: device paths (`\\.\`,
/// `\\?\GLOBALROOT`) and pipes.
fn check_windows_form(path: &Path) -> Result<()> {
    #[cfg(windows)]
    {
        let s = path.to_string_lossy().replace('/', "\\");
        let device = s.starts_with(r"\\.\")
            || s.starts_with(r"\??\")
            || s.to_ascii_uppercase().starts_with(r"\\?\GLOBALROOT");
        if device {
            return Err(Error::invalid(format!(
                "{} is a device path, not a file. Give the path of a text file.",
                path.display()
            )));
        }
    }
    let _ = path;
    Ok(())
}

/// Refuses a name that is not an ordinary file name where it is looked up: on Windows
/// an alternate data stream, a device name, or a trailing dot or space.
fn check_name(name: &OsStr, display: &Path) -> std::result::Result<(), Stop> {
    #[cfg(windows)]
    if let Some(why) = windows_name_problem(name) {
        return Err(Error::invalid(format!(
            "{} cannot be used: its name {} {why}. Give the plain name of a text file.",
            display.display(),
            name.to_string_lossy()
        ))
        .into());
    }
    let _ = (name, display);
    Ok(())
}

/// What is wrong with a Windows file name, if anything.
#[cfg_attr(not(windows), allow(dead_code))]
pub(crate) fn windows_name_problem(name: &OsStr) -> Option<&'static str> {
    let name = name.to_string_lossy();
    if name.contains(':') {
        return Some("names an alternate data stream (it contains ':')");
    }
    if name.ends_with('.') || name.ends_with(' ') {
        return Some("ends with a dot or a space, which Windows drops");
    }
    // CON, PRN, AUX, NUL, COM0-9, LPT0-9 (and ¹²³), CONIN$, CONOUT$: with or without an
    // extension, whatever the case, with trailing spaces.
    let stem = name
        .split('.')
        .next()
        .unwrap_or("")
        .trim_end()
        .to_ascii_uppercase();
    let device = matches!(
        stem.as_str(),
        "CON" | "PRN" | "AUX" | "NUL" | "CONIN$" | "CONOUT$"
    ) || ((stem.starts_with("COM") || stem.starts_with("LPT"))
        && stem.chars().count() == 4
        && stem
            .chars()
            .nth(3)
            .is_some_and(|c| c.is_ascii_digit() || "¹²³".contains(c)));
    if device {
        return Some("is a device name");
    }
    if name
        .chars()
        .any(|c| matches!(c, '<' | '>' | '"' | '|' | '?' | '*') || (c as u32) < 32)
    {
        return Some("has a character Windows does not allow in names");
    }
    None
}

fn base_dir(cwd: Option<&Path>) -> Result<PathBuf> {
    let process_cwd = || {
        std::env::current_dir().map_err(|err| {
            Error::new(
                ErrorCode::IoError,
                parts![
                    format!("Cannot determine the current working directory: {err}. Pass an absolute path or the "),
                    Name::Cwd,
                    " option."
                ],
            )
            .with_io_source(err)
        })
    };
    match cwd {
        Some(cwd) => {
            check_argument(cwd, Name::Cwd)?;
            check_windows_form(cwd)?;
            if cwd.is_absolute() {
                Ok(cwd.to_path_buf())
            } else {
                absolute_path(&process_cwd()?, cwd)
            }
        }
        None => process_cwd(),
    }
}

/// `path` taken against `base`. On Windows a drive-relative path (`C:a.txt`) is taken
/// against `base` when that is on its drive, and refused otherwise (the working
/// folder of another drive is process state a caller cannot see); a rooted path
/// (`\a.txt`) is on `base`'s drive.
fn absolute_path(base: &Path, path: &Path) -> Result<PathBuf> {
    #[cfg(windows)]
    {
        use std::path::Prefix;
        let mut components = path.components();
        if let Some(Component::Prefix(prefix)) = components.next() {
            if let Prefix::Disk(drive) = prefix.kind() {
                if !path.has_root() {
                    let same_drive = matches!(
                        base.components().next(),
                        Some(Component::Prefix(p)) if matches!(p.kind(), Prefix::Disk(d) | Prefix::VerbatimDisk(d) if d.eq_ignore_ascii_case(&drive))
                    );
                    if !same_drive {
                        return Err(Error::invalid(format!(
                            "{} is relative to the working folder of drive {}:, which is not known here. Give an absolute path.",
                            path.display(),
                            drive as char
                        )));
                    }
                    return Ok(base.join(components.as_path()));
                }
            }
        }
    }
    Ok(base.join(path))
}

/// `PATH_OUTSIDE_ROOT` naming the path as given and the roots, never where a link or
/// `..` on the way leads: that is a name outside the root, which the caller (a model)
/// has no business learning.
fn outside_roots(path: &Path, roots: &[&Path]) -> Error {
    outside_roots_joined(path, roots, ", ")
}

/// [`outside_roots`], the roots joined by `joiner`.
fn outside_roots_joined(path: &Path, roots: &[&Path], joiner: &str) -> Error {
    let roots = roots
        .iter()
        .map(|r| r.display().to_string())
        .collect::<Vec<_>>()
        .join(joiner);
    Error::new(
        ErrorCode::PathOutsideRoot,
        format!(
            "Path outside the allowed root: {} is not inside {roots}.",
            path.display()
        ),
    )
    .with_hint("Use a path inside the root; symlinks and `..` that lead out of it are refused.")
}

/// The real location of an absolute path, whether or not it exists (see module docs),
/// looked up by name: only used to tell which root a path belongs to, never to open
/// anything.
pub fn real_location(absolute: &Path) -> io::Result<PathBuf> {
    match fs::canonicalize(absolute) {
        Ok(real) => Ok(strip_verbatim(&real)),
        Err(err) if is_missing(&err) => walk_by_name(absolute, &mut 0).map(|p| strip_verbatim(&p)),
        Err(err) => Err(err),
    }
}

/// `NotFound`, or a file where a folder was expected: the path does not exist.
fn is_missing(err: &io::Error) -> bool {
    matches!(
        err.kind(),
        io::ErrorKind::NotFound | io::ErrorKind::NotADirectory
    )
}

/// Resolves `path` one component at a time by name, so a missing tail can be appended
/// to the real location of the deepest existing ancestor.
fn walk_by_name(path: &Path, hops: &mut u32) -> io::Result<PathBuf> {
    let mut real = PathBuf::new();
    for component in path.components() {
        match component {
            Component::Prefix(_) | Component::RootDir => real.push(component.as_os_str()),
            Component::CurDir => {}
            Component::ParentDir => {
                real.pop();
            }
            Component::Normal(name) => {
                let next = real.join(name);
                real = match fs::canonicalize(&next) {
                    Ok(resolved) => resolved,
                    Err(err) if is_missing(&err) => match fs::read_link(&next) {
                        Ok(target) => {
                            *hops += 1;
                            if *hops > MAX_SYMLINK_HOPS {
                                return Err(io::Error::other("too many levels of symbolic links"));
                            }
                            walk_by_name(&real.join(target), hops)?
                        }
                        Err(_) => next,
                    },
                    Err(err) => return Err(err),
                };
            }
        }
    }
    Ok(real)
}
#[cfg(test)]
mod tests {
    use super::*;
    use crate::file::testing::TempDir;

    fn code(result: Result<Located>) -> ErrorCode {
        result.unwrap_err().code
    }

    /// [`locate`] with the roots as the old `resolve` took them (empty: none).
    fn resolve(path: &Path, roots: &[PathBuf], cwd: Option<&Path>) -> Result<Located> {
        let roots = (!roots.is_empty()).then_some(roots);
        locate(path, roots, cwd)
    }

    #[test]
    fn a_file_path_with_a_separator_at_its_end_is_not_a_file_with_or_without_roots() {
        let dir = TempDir::new();
        dir.write("a.txt", "x");
        let roots = [dir.path().to_path_buf()];
        for path in ["a.txt/", "a.txt//", "a.txt/.", "new.txt/", "sub/"] {
            for roots in [&roots[..], &[]] {
                let err = resolve(Path::new(path), roots, Some(dir.path())).unwrap_err();
                assert_eq!(err.code, ErrorCode::NotAFile, "{path}");
                assert!(
                    err.to_string().contains("ends with a path separator"),
                    "{err}"
                );
            }
        }
        // A `.` inside the path, or dots ending a name, are no folder form (on Windows,
        // which drops them, such a name is refused for that).
        assert!(resolve(Path::new("./a.txt"), &roots, Some(dir.path())).is_ok());
        let dots = resolve(Path::new("a.txt.."), &roots, Some(dir.path()));
        if cfg!(windows) {
            let err = dots.unwrap_err();
            assert_eq!(err.code, ErrorCode::InvalidArgument);
            assert!(
                err.to_string().contains("ends with a dot or a space"),
                "{err}"
            );
        } else {
            assert_eq!(dots.unwrap().name, "a.txt..");
        }
    }

    #[test]
    fn relative_path_is_taken_against_cwd_option() {
        let dir = TempDir::new();
        dir.write("src/a.ts", "x");
        let r = resolve(Path::new("src/a.ts"), &[], Some(dir.path())).unwrap();
        assert_eq!(r.real(), dir.real().join("src/a.ts"));
        assert_eq!(r.display, Path::new("src/a.ts"));
        assert!(r.exists());
    }

    #[test]
    fn dot_dot_escaping_the_root_is_refused() {
        let dir = TempDir::new();
        dir.write("root/a.txt", "x");
        dir.write("secret.txt", "x");
        let roots = [dir.path().join("root")];
        let err = resolve(Path::new("../secret.txt"), &roots, Some(&roots[0]));
        assert_eq!(code(err), ErrorCode::PathOutsideRoot);
        let err = resolve(Path::new("../new.txt"), &roots, Some(&roots[0]));
        assert_eq!(code(err), ErrorCode::PathOutsideRoot);
        // `..` that stays inside is fine.
        let ok = resolve(Path::new("sub/../a.txt"), &roots, Some(&roots[0])).unwrap();
        assert_eq!(ok.real(), dir.real().join("root/a.txt"));
    }

    #[test]
    fn absolute_path_outside_the_root_is_refused() {
        let dir = TempDir::new();
        dir.write("root/a.txt", "x");
        dir.write("other/b.txt", "x");
        let err = resolve(
            &dir.path().join("other/b.txt"),
            &[dir.path().join("root")],
            None,
        );
        assert_eq!(code(err), ErrorCode::PathOutsideRoot);
    }

    #[test]
    fn sibling_with_a_common_prefix_is_outside() {
        let dir = TempDir::new();
        dir.write("root/a.txt", "x");
        dir.write("rootless/a.txt", "x");
        let err = resolve(
            &dir.path().join("rootless/a.txt"),
            &[dir.path().join("root")],
            None,
        );
        assert_eq!(code(err), ErrorCode::PathOutsideRoot);
    }

    #[test]
    fn any_of_several_roots_admits_a_path() {
        let dir = TempDir::new();
        dir.write("one/a.txt", "x");
        dir.write("two/b.txt", "x");
        let roots = [dir.path().join("one"), dir.path().join("two")];
        assert!(resolve(&dir.path().join("two/b.txt"), &roots, None).is_ok());
    }

    #[test]
    fn relative_root_is_taken_against_cwd_option() {
        let dir = TempDir::new();
        dir.write("root/a.txt", "x");
        let ok = resolve(
            Path::new("root/a.txt"),
            &[PathBuf::from("root")],
            Some(dir.path()),
        );
        assert!(ok.is_ok());
    }

    #[test]
    fn missing_root_is_an_invalid_argument() {
        let dir = TempDir::new();
        let err = resolve(Path::new("a"), &[dir.path().join("nope")], Some(dir.path()));
        assert_eq!(code(err), ErrorCode::InvalidArgument);
    }

    #[test]
    fn empty_path_and_nul_byte_are_invalid_arguments() {
        assert_eq!(
            code(resolve(Path::new(""), &[], None)),
            ErrorCode::InvalidArgument
        );
        assert_eq!(
            code(resolve(Path::new("a\0b"), &[], None)),
            ErrorCode::InvalidArgument
        );
    }

    #[test]
    fn new_file_in_missing_folders_inside_the_root_is_allowed() {
        let dir = TempDir::new();
        dir.mkdir("root");
        let roots = [dir.path().join("root")];
        let r = resolve(Path::new("x/y/../z/new.ts"), &roots, Some(&roots[0])).unwrap();
        assert_eq!(r.real(), dir.real().join("root/x/z/new.ts"));
        // Climbing out through missing folders is still caught.
        let err = resolve(Path::new("x/../../new.ts"), &roots, Some(&roots[0]));
        assert_eq!(code(err), ErrorCode::PathOutsideRoot);
    }

    #[test]
    fn path_through_a_file_is_file_not_found() {
        both_resolvers(|| {
            let dir = TempDir::new();
            dir.write("root/a.txt", "x");
            let root = [dir.path().join("root")];
            for roots in [&[][..], &root[..]] {
                let err = resolve(Path::new("a.txt/b"), roots, Some(&root[0])).unwrap_err();
                assert_eq!(err.code, ErrorCode::FileNotFound);
                assert!(
                    err.message.text().contains("a part of the path is a file"),
                    "{}",
                    err.message
                );
            }
        });
    }

    /// Runs `test` with `openat2` where Linux has it, then with the component walk.
    fn both_resolvers(test: impl Fn()) {
        for walk_only in [false, true] {
            sys::hooks::set_walk_only(walk_only);
            test();
        }
        sys::hooks::set_walk_only(false);
    }

    #[test]
    fn an_empty_list_of_roots_is_refused_not_read_as_no_confinement() {
        let dir = TempDir::new();
        dir.write("a.txt", "x");
        let err = locate(Path::new("a.txt"), Some(&[]), Some(dir.path())).unwrap_err();
        assert_eq!(err.code, ErrorCode::InvalidArgument);
        assert!(err.message.text().contains("root"), "{}", err.message);
    }

    #[test]
    fn leaving_the_root_and_coming_back_is_judged_by_the_real_location() {
        both_resolvers(|| {
            let dir = TempDir::new();
            dir.write("root/a.txt", "x");
            let root = [dir.path().join("root")];
            let r = resolve(Path::new("../root/a.txt"), &root, Some(&root[0])).unwrap();
            assert_eq!(r.real(), dir.real().join("root/a.txt"));
            assert!(r.exists());
        });
    }

    #[test]
    fn located_file_is_open_and_its_folder_is_the_real_one() {
        both_resolvers(|| {
            let dir = TempDir::new();
            dir.write("root/sub/a.txt", "x");
            let root = [dir.path().join("root")];
            let r = resolve(Path::new("sub/./a.txt"), &root, Some(&root[0])).unwrap();
            assert_eq!(r.name, "a.txt");
            assert!(r.missing.is_empty());
            assert_eq!(
                r.dir
                    .real_path()
                    .unwrap_or_else(|| dir.real().join("root/sub")),
                dir.real().join("root/sub")
            );
            let (_, stat) = r.file.as_ref().unwrap();
            assert_eq!((stat.kind, stat.len), (Kind::File, 1));
        });
    }

    #[test]
    fn windows_names_that_are_not_plain_files_are_recognised() {
        for bad in [
            "a.txt:s",
            "a.txt::$DATA",
            "CON",
            "con.txt",
            "NUL",
            "Aux.c",
            "COM1",
            "lpt9.log",
            "COM\u{b9}",
            "CONOUT$",
            "a.txt.",
            "a.txt ",
            "a?b",
        ] {
            assert!(windows_name_problem(OsStr::new(bad)).is_some(), "{bad}");
        }
        for good in [
            "a.txt",
            "CONFIG",
            "com10",
            "console.log",
            ".gitignore",
            "lpt",
            "nul-x",
        ] {
            assert_eq!(windows_name_problem(OsStr::new(good)), None, "{good}");
        }
    }

    #[cfg(unix)]
    mod symlinks {
        use super::*;
        use std::os::unix::fs::symlink;

        #[test]
        fn symlink_escaping_the_root_is_refused() {
            let dir = TempDir::new();
            dir.write("outside/secret.txt", "x");
            dir.mkdir("root");
            symlink(dir.path().join("outside"), dir.path().join("root/link")).unwrap();
            symlink(
                dir.path().join("outside/secret.txt"),
                dir.path().join("root/file-link"),
            )
            .unwrap();
            let root = [dir.path().join("root")];
            for p in [
                "link/secret.txt",
                "link/new.txt",
                "file-link",
                "link/x/y.txt",
            ] {
                let err = resolve(Path::new(p), &root, Some(&root[0]));
                assert_eq!(code(err), ErrorCode::PathOutsideRoot, "{p}");
            }
        }

        #[test]
        fn symlinked_file_resolves_to_its_target() {
            let dir = TempDir::new();
            dir.write("root/real.txt", "x");
            symlink("real.txt", dir.path().join("root/link.txt")).unwrap();
            let root = [dir.path().join("root")];
            let r = resolve(Path::new("link.txt"), &root, Some(&root[0])).unwrap();
            assert_eq!(r.real(), dir.real().join("root/real.txt"));
        }

        #[test]
        fn dot_dot_after_a_symlink_is_physical() {
            let dir = TempDir::new();
            dir.write("root/deep/inner/a.txt", "x");
            dir.write("root/b.txt", "x");
            symlink(
                dir.path().join("root/deep/inner"),
                dir.path().join("root/l"),
            )
            .unwrap();
            // Physically, l/.. is root/deep, not root.
            let r = resolve(
                Path::new("l/../new.txt"),
                &[],
                Some(&dir.path().join("root")),
            );
            assert_eq!(r.unwrap().real(), dir.real().join("root/deep/new.txt"));
        }

        #[test]
        fn dangling_symlink_resolves_to_the_file_it_names() {
            let dir = TempDir::new();
            dir.mkdir("root/sub");
            symlink("sub/target.txt", dir.path().join("root/link.txt")).unwrap();
            symlink(
                dir.path().join("elsewhere.txt"),
                dir.path().join("root/out.txt"),
            )
            .unwrap();
            let root = [dir.path().join("root")];
            let r = resolve(Path::new("link.txt"), &root, Some(&root[0])).unwrap();
            assert_eq!(r.real(), dir.real().join("root/sub/target.txt"));
            let err = resolve(Path::new("out.txt"), &root, Some(&root[0]));
            assert_eq!(code(err), ErrorCode::PathOutsideRoot);
        }

        #[test]
        fn symlink_loop_is_an_error_not_a_hang() {
            let dir = TempDir::new();
            symlink("b", dir.path().join("a")).unwrap();
            symlink("a", dir.path().join("b")).unwrap();
            let err = resolve(Path::new("a"), &[], Some(dir.path())).unwrap_err();
            assert_eq!(err.code, ErrorCode::IoError);
        }

        #[test]
        fn root_given_through_a_symlink_is_compared_by_its_real_location() {
            let dir = TempDir::new();
            dir.write("real-root/a.txt", "x");
            symlink(dir.path().join("real-root"), dir.path().join("root-link")).unwrap();
            let r = resolve(
                &dir.path().join("real-root/a.txt"),
                &[dir.path().join("root-link")],
                None,
            );
            assert!(r.is_ok());
        }
    }

    #[cfg(windows)]
    mod windows {
        use super::*;
        use std::os::windows::ffi::{OsStrExt, OsStringExt};
        use windows_sys::Win32::Storage::FileSystem::GetShortPathNameW;

        fn short_name(path: &Path) -> Option<PathBuf> {
            let wide: Vec<u16> = path.as_os_str().encode_wide().chain([0]).collect();
            let mut buffer = vec![0u16; 1024];
            // SAFETY: a NUL-terminated path and a buffer of the length given.
            let len = unsafe { GetShortPathNameW(wide.as_ptr(), buffer.as_mut_ptr(), 1024) };
            (len > 0 && (len as usize) < buffer.len()).then(|| {
                buffer.truncate(len as usize);
                PathBuf::from(std::ffi::OsString::from_wide(&buffer))
            })
        }

        #[test]
        fn an_8_3_short_name_reaches_the_same_file_inside_the_root() {
            let dir = TempDir::new();
            dir.write("root/A Long Folder Name/a long file name.txt", "x");
            let long = dir
                .real()
                .join("root/A Long Folder Name/a long file name.txt");
            // Windows (and wine) make 8.3 names for long names on NTFS; a volume
            // without them (8dot3name disabled) has nothing to test here.
            let Some(short) = short_name(&long).filter(|s| *s != long) else {
                eprintln!("no 8.3 short names on this volume");
                return;
            };
            let root = [dir.real().join("root")];
            let r = resolve(&short, &root, None).unwrap();
            assert!(r.exists());
            assert_eq!(
                r.real().to_string_lossy().to_lowercase(),
                long.to_string_lossy().to_lowercase()
            );
            // And a short name outside the root is outside.
            dir.write("Outside Long Name/secret.txt", "s");
            let outside = short_name(&dir.real().join("Outside Long Name/secret.txt")).unwrap();
            assert_eq!(
                code(resolve(&outside, &root, None)),
                ErrorCode::PathOutsideRoot
            );
        }

        #[test]
        fn names_that_are_not_plain_files_are_refused_before_any_lookup() {
            let dir = TempDir::new();
            dir.write("a.txt", "x");
            for bad in [
                "a.txt:s",
                "a.txt::$DATA",
                "CON",
                "nul.txt",
                "a.txt.",
                "a.txt ",
            ] {
                let err = resolve(Path::new(bad), &[], Some(dir.path())).unwrap_err();
                assert_eq!(err.code, ErrorCode::InvalidArgument, "{bad}");
            }
            for device in [r"\\.\C:", r"\\.\pipe\x", r"\??\C:\x"] {
                let err = resolve(Path::new(device), &[], None).unwrap_err();
                assert_eq!(err.code, ErrorCode::InvalidArgument, "{device}");
            }
        }

        #[test]
        fn a_drive_relative_path_is_taken_against_the_cwd_on_its_drive_only() {
            let dir = TempDir::new();
            dir.write("a.txt", "x");
            let cwd = strip_verbatim(&dir.real());
            let drive = cwd.to_string_lossy()[..2].to_string();
            assert!(drive.ends_with(':'), "{drive}");
            let r = resolve(Path::new(&format!("{drive}a.txt")), &[], Some(&cwd)).unwrap();
            assert!(r.exists());
            let other = if drive.eq_ignore_ascii_case("C:") {
                "D:"
            } else {
                "C:"
            };
            let err = resolve(Path::new(&format!("{other}a.txt")), &[], Some(&cwd)).unwrap_err();
            assert_eq!(err.code, ErrorCode::InvalidArgument);
        }

        #[test]
        fn roots_and_paths_compare_case_insensitively() {
            let dir = TempDir::new();
            dir.write("Root/Sub/a.txt", "x");
            let root = [PathBuf::from(
                dir.real().join("Root").to_string_lossy().to_uppercase(),
            )];
            let path = PathBuf::from(
                dir.real()
                    .join("root/sub/A.TXT")
                    .to_string_lossy()
                    .to_lowercase(),
            );
            assert!(resolve(&path, &root, None).unwrap().exists());
        }
    }
}
