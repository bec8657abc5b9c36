//! All of `applyPatch`'s file I/O, on the public API of [`crate::file`]: read every
//! file, check everything, then write them all, and put back what was written if a
//! later write fails.
//!
//! The patch's sections are applied in order to an in-memory picture of the files
//! (one [`Slot`] per real path, so two sections on one file, or a delete then an add,
//! see each other's result). Nothing is written until every section has been worked
//! out and every check has passed: paths confined to the roots, files readable and
//! text, `expectedVersions`, write permissions, deletions possible. Then each changed
//! file is committed with [`file::modify`] (or [`file::remove`]) guarded by the version
//! read at the start, so a file another process changed meanwhile is `FILE_CHANGED`;
//! writes and creations go first, deletions last. If a commit fails, the files already
//! committed are put back the same way (old bytes over new, created files removed,
//! deleted files re-created with their bytes and mode) and the call fails with the
//! section's `fileIndex`.
//!
//! A moved file becomes a new file with the old file's exact bytes (BOM and encoding
//! included) and mode, and the old one is deleted; a move or an add onto an existing
//! file replaces it as `writeFile` would, keeping that file's endings, BOM and encoding.

use std::borrow::Cow;
use std::collections::HashMap;
use std::path::{Path, PathBuf};

use crate::diff;
use crate::encoding::{Decoded, Encoding};
use crate::engine::{self, WriteEol};
use crate::eol::{self, Ending};
use crate::error::{Error, ErrorCode, Result};
use crate::file::{self, FileOptions};
use crate::splice::Splices;

use super::apply::{self, Updated};
use super::{Action, FilePatch, FileResult, Patch};

/// Options of `applyPatch`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PatchOptions {
    /// Roots, `cwd`, `maxBytes`, `dryRun` and `durable` (its `expected_version` is not
    /// used: see `expected_versions`).
    pub file: FileOptions,
    /// The version each file must still have, keyed by its path as the caller names it.
    pub expected_versions: HashMap<String, String>,
}

/// A file as the patch leaves it so far.
struct Content {
    text: Text,
    encoding: Encoding,
    bom: bool,
    /// Permission bits to give the file (a moved file keeps its own).
    mode: Option<u32>,
    /// The file's exact bytes, when they must be written as they are (a moved file:
    /// its legacy or invalid bytes must not pass through an encoder).
    raw: Option<Vec<u8>>,
}

/// The source of a file as the patch leaves it so far.
enum Text {
    /// As read.
    Original,
    /// Splices over the source read.
    Spliced(Splices),
    /// A source of its own.
    Owned(Vec<u8>),
}

/// What was on disk when the patch started.
struct Original {
    version: String,
    decoded: Decoded,
    mode: Option<u32>,
}

/// One real path the patch touches.
struct Slot {
    real: PathBuf,
    /// The path as the patch first named it, for messages and for the file layer.
    display: PathBuf,
    original: Option<Original>,
    current: Option<Content>,
    /// The last section that changed this file.
    last_index: usize,
}

impl Slot {
    fn bytes(&self) -> Option<Cow<'_, [u8]>> {
        let content = self.current.as_ref()?;
        let source = || {
            self.original
                .as_ref()
                .map_or(&[][..], |o| &o.decoded.source[..])
        };
        Some(match &content.text {
            Text::Original => Cow::Borrowed(source()),
            Text::Spliced(splices) => Cow::Owned(splices.to_vec(source())),
            Text::Owned(bytes) => Cow::Borrowed(bytes),
        })
    }

    fn changed(&self) -> bool {
        match (&self.original, &self.current) {
            (None, None) => false,
            (Some(o), Some(c)) => {
                !matches!(c.text, Text::Original) || c.mode.is_some_and(|m| Some(m) != o.mode)
            }
            _ => true,
        }
    }
}

/// The files of one `applyPatch` call.
struct Disk<'o> {
    opts: &'o PatchOptions,
    slots: Vec<Slot>,
    by_real: HashMap<PathBuf, usize>,
    expected: HashMap<PathBuf, String>,
}

/// A section's result, with the file it leaves behind (for its version).
struct Planned {
    result: FileResult,
    slot: Option<usize>,
}

pub(super) fn run(patch: &Patch, opts: &PatchOptions) -> Result<Vec<FileResult>> {
    let mut disk = Disk::new(opts)?;
    let mut planned = Vec::with_capacity(patch.files.len());
    for (i, section) in patch.files.iter().enumerate() {
        planned.push(disk.plan(i, section).map_err(|e| e.with_file_index(i))?);
    }
    disk.check()?;
    let written = disk.commit()?;
    Ok(planned
        .into_iter()
        .enumerate()
        .map(|(i, mut p)| {
            if let Some((version, warnings)) = p.slot.and_then(|s| written.get(&s)) {
                if disk.slots[p.slot.unwrap_or_default()].last_index == i {
                    p.result.version = Some(version.clone());
                    p.result.warnings.extend(warnings.iter().cloned());
                }
            }
            p.result
        })
        .collect())
}

fn not_found(path: &str, why: &str) -> Error {
    Error::new(
        ErrorCode::FileNotFound,
        format!("File not found: {path}{why}."),
    )
}

impl<'o> Disk<'o> {
    fn new(opts: &'o PatchOptions) -> Result<Self> {
        let mut expected = HashMap::new();
        for (path, version) in &opts.expected_versions {
            let located = file::path::locate(
                Path::new(path),
                opts.file.roots.as_deref(),
                opts.file.cwd.as_deref(),
            )?;
            expected.insert(located.real(), version.clone());
        }
        Ok(Disk {
            opts,
            slots: Vec::new(),
            by_real: HashMap::new(),
            expected,
        })
    }

    fn read_options(&self) -> FileOptions {
        FileOptions {
            expected_version: None,
            dry_run: false,
            ..self.opts.file.clone()
        }
    }

    /// The slot of `path`, reading the file the first time it is named.
    fn open(&mut self, path: &str, index: usize) -> Result<usize> {
        let opts = &self.opts.file;
        let real =
            file::path::locate(Path::new(path), opts.roots.as_deref(), opts.cwd.as_deref())?.real();
        if let Some(&slot) = self.by_real.get(&real) {
            return Ok(slot);
        }
        let original = match file::load(Path::new(path), &self.read_options()) {
            Ok(loaded) => Some(Original {
                version: loaded.version,
                decoded: loaded.decoded,
                mode: None,
            }),
            Err(err) if err.code == ErrorCode::FileNotFound => None,
            Err(err) => return Err(err),
        };
        if let Some(expected) = self.expected.get(&real) {
            let detail = match &original {
                None if expected == file::version::ABSENT => None,
                Some(_) if expected == file::version::ABSENT => {
                    Some("exists now, but did not when it was read".to_string())
                }
                Some(o) if o.version == *expected => None,
                Some(o) => Some(format!(
                    "has changed since it was read (expected version {expected}, now {})",
                    o.version
                )),
                None => Some("no longer exists".to_string()),
            };
            if let Some(detail) = detail {
                return Err(Error::new(
                    ErrorCode::FileChanged,
                    format!("File changed on disk: {path} {detail}. Nothing was written."),
                )
                .with_hint("Read the file again and redo the patch on its current content."));
            }
        }
        let current = original.as_ref().map(|o| Content {
            raw: None,
            text: Text::Original,
            encoding: o.decoded.encoding,
            bom: o.decoded.bom,
            mode: None,
        });
        self.slots.push(Slot {
            real: real.clone(),
            display: PathBuf::from(path),
            original,
            current,
            last_index: index,
        });
        self.by_real.insert(real, self.slots.len() - 1);
        Ok(self.slots.len() - 1)
    }

    /// The current source of a file that must exist.
    fn existing(&self, slot: usize, path: &str) -> Result<Cow<'_, [u8]>> {
        let s = &self.slots[slot];
        s.bytes().ok_or_else(|| match s.original {
            Some(_) => not_found(
                path,
                ": an earlier section of this patch deleted or moved it",
            ),
            None => not_found(
                path,
                ". Check the path; to create a file, use `*** Add File:`",
            ),
        })
    }

    fn set(&mut self, slot: usize, content: Option<Content>, index: usize) {
        self.slots[slot].current = content;
        self.slots[slot].last_index = index;
    }

    /// Works out one section on the in-memory files.
    fn plan(&mut self, index: usize, section: &FilePatch) -> Result<Planned> {
        let path = section.path.as_str();
        let slot = self.open(path, index)?;
        let real = self.slots[slot].real.clone();
        let fallback = || file::conventions::new_file_ending(&real);
        let mut result = FileResult {
            path: section.path.clone(),
            action: section.action,
            moved_to: None,
            diff: String::new(),
            eol: eol::info(b""),
            version: None,
            matched_by: Vec::new(),
            warnings: Vec::new(),
        };
        match section.action {
            Action::Update => {
                let (text, updated) = {
                    let source = self.existing(slot, path)?;
                    let updated = apply::update(&source, &section.hunks, &fallback, path)?;
                    if updated.unchanged {
                        return Err(Error::new(
                            ErrorCode::NoChange,
                            format!("The patch changes nothing in {path}: its new lines are what the file already has."),
                        )
                        .with_hint("Check that the + lines really differ from the - lines, and that the file was not already patched."));
                    }
                    describe(&mut result, &source, &updated.splices, path);
                    let spliced = matches!(
                        self.slots[slot].current.as_ref().map(|c| &c.text),
                        Some(Text::Original)
                    );
                    let text = if spliced {
                        Text::Spliced(updated.splices.clone())
                    } else {
                        Text::Owned(updated.splices.to_vec(&source))
                    };
                    (text, updated)
                };
                result.matched_by = updated.matched_by;
                let current = self.slots[slot]
                    .current
                    .take()
                    .expect("checked by existing");
                self.set(slot, Some(Content { text, ..current }), index);
                Ok(Planned {
                    result,
                    slot: Some(slot),
                })
            }
            Action::Add => {
                let content = section.content.as_ref().expect("an added file has content");
                let (new, keep) = match self.slots[slot].bytes() {
                    Some(old) => {
                        let new = engine::write_over(
                            Some(&old),
                            &eol::to_lf(&content.bytes),
                            WriteEol::Preserve,
                            fallback,
                        );
                        describe(&mut result, &old, &Splices::whole(new.clone()), path);
                        let c = self.slots[slot].current.as_ref().expect("it has bytes");
                        (new, Some((c.encoding, c.bom, c.mode)))
                    }
                    None => {
                        let ending = if content.own_endings {
                            Ending::Lf
                        } else {
                            fallback()
                        };
                        let new = apply::new_file(content, ending);
                        describe(&mut result, b"", &Splices::whole(new.clone()), path);
                        (new, None)
                    }
                };
                let (encoding, bom, mode) = keep.unwrap_or((Encoding::utf8(), false, None));
                let content = Content {
                    text: Text::Owned(new),
                    encoding,
                    bom,
                    mode,
                    raw: None,
                };
                self.set(slot, Some(content), index);
                Ok(Planned {
                    result,
                    slot: Some(slot),
                })
            }
            Action::Delete => {
                {
                    let old = self.existing(slot, path)?;
                    describe(&mut result, &old, &Splices::whole(Vec::new()), path);
                    result.eol = eol::info(&old);
                }
                self.remember_mode(slot);
                self.set(slot, None, index);
                Ok(Planned { result, slot: None })
            }
            Action::Move => self.plan_move(index, section, slot, result),
        }
    }

    fn plan_move(
        &mut self,
        index: usize,
        section: &FilePatch,
        from: usize,
        mut result: FileResult,
    ) -> Result<Planned> {
        let path = section.path.as_str();
        let to_path = section
            .move_to
            .as_deref()
            .expect("a move has a destination");
        result.moved_to = Some(to_path.to_string());
        let real = self.slots[from].real.clone();
        let fallback = || file::conventions::new_file_ending(&real);
        let (before, moved, moved_raw) = {
            let source = self.existing(from, path)?;
            let splices = if section.hunks.is_empty() {
                Splices::default()
            } else {
                let Updated {
                    splices,
                    matched_by,
                    ..
                } = apply::update(&source, &section.hunks, &fallback, path)?;
                result.matched_by = matched_by;
                splices
            };
            // The file's own bytes where they are known: kept bytes never pass through
            // an encoder (legacy encodings, invalid bytes, an odd UTF-16 byte).
            let unchanged_so_far = matches!(
                self.slots[from].current.as_ref().map(|c| &c.text),
                Some(Text::Original)
            );
            let moved_raw = match (&self.slots[from].original, unchanged_so_far) {
                (Some(original), true) => Some(original.decoded.write_bytes(&splices)?),
                _ => None,
            };
            (source.to_vec(), splices.into_vec(&source), moved_raw)
        };
        let to = self.open(to_path, index)?;
        if to == from {
            return Err(Error::new(
                ErrorCode::PatchInvalid,
                format!("Invalid patch, line {}: `*** Move to: {to_path}` names the file being moved ({path}).", section.line),
            )
            .with_lines(vec![section.line as u32])
            .with_hint("Leave the move out to change the file in place."));
        }
        self.remember_mode(from);
        let source_content = self.slots[from]
            .current
            .take()
            .expect("checked by existing");
        let mode = self.slots[from]
            .original
            .as_ref()
            .and_then(|o| o.mode)
            .or(source_content.mode);
        let content = match self.slots[to].bytes() {
            Some(old) => {
                // Onto an existing file: replaced as writeFile would, in its conventions.
                let new = engine::write_over(
                    Some(&old),
                    &eol::to_lf(&moved),
                    WriteEol::Preserve,
                    fallback,
                );
                let c = self.slots[to].current.as_ref().expect("it has bytes");
                Content {
                    text: Text::Owned(new),
                    encoding: c.encoding,
                    bom: c.bom,
                    mode,
                    raw: None,
                }
            }
            None => Content {
                text: Text::Owned(moved.clone()),
                encoding: source_content.encoding,
                bom: source_content.bom,
                mode,
                raw: moved_raw,
            },
        };
        describe(&mut result, &before, &Splices::whole(moved), path);
        if !result.diff.is_empty() {
            result.diff = renamed_header(&result.diff, path, to_path);
        }
        if let Text::Owned(bytes) = &content.text {
            result.eol = eol::info(bytes);
        }
        self.set(from, None, index);
        self.set(to, Some(content), index);
        Ok(Planned {
            result,
            slot: Some(to),
        })
    }

    /// Records the permission bits of a file about to be deleted or moved, to give
    /// them back (or to the moved file).
    fn remember_mode(&mut self, slot: usize) {
        let real = self.slots[slot].real.clone();
        if let Some(original) = self.slots[slot]
            .original
            .as_mut()
            .filter(|o| o.mode.is_none())
        {
            original.mode = mode_of(&real);
        }
    }

    /// Every check that can be made before writing: permissions, and that each file to
    /// delete can be deleted.
    fn check(&self) -> Result<()> {
        for slot in self.slots.iter().filter(|s| s.changed()) {
            let fail = |e: Error| e.with_file_index(slot.last_index);
            match (&slot.original, &slot.current) {
                (Some(original), None) => {
                    let opts = FileOptions {
                        expected_version: Some(original.version.clone()),
                        dry_run: true,
                        ..self.opts.file.clone()
                    };
                    file::remove(&slot.display, &opts).map_err(fail)?;
                    writable_dir(&slot.real, &slot.display).map_err(fail)?;
                }
                (Some(_), Some(_)) => writable_file(&slot.real, &slot.display).map_err(fail)?,
                (None, Some(_)) => writable_dir(&slot.real, &slot.display).map_err(fail)?,
                (None, None) => {}
            }
        }
        Ok(())
    }

    /// Writes every changed file, then deletes; puts everything back on a failure.
    /// Returns the version and warnings of each file written, by slot.
    fn commit(&mut self) -> Result<HashMap<usize, (String, Vec<String>)>> {
        let order: Vec<usize> = (0..self.slots.len())
            .filter(|&s| self.slots[s].changed() && self.slots[s].current.is_some())
            .chain(
                (0..self.slots.len())
                    .filter(|&s| self.slots[s].changed() && self.slots[s].current.is_none()),
            )
            .collect();
        let mut done: Vec<Done> = Vec::new();
        let mut written = HashMap::new();
        for s in order {
            match self.commit_one(s) {
                Ok((step, version, warnings)) => {
                    done.push(step);
                    if let Some(version) = version {
                        written.insert(s, (version, warnings));
                    }
                }
                Err(err) => {
                    let err = err.with_file_index(self.slots[s].last_index);
                    return Err(self.roll_back(done, err));
                }
            }
        }
        Ok(written)
    }

    fn options(&self, expected: Option<String>) -> FileOptions {
        FileOptions {
            expected_version: expected,
            ..self.opts.file.clone()
        }
    }

    /// [`Self::options`] for writing given bytes exactly as they are (no encoder).
    fn exact(&self, expected: Option<String>) -> FileOptions {
        FileOptions {
            convert_to: Some((Encoding::utf8(), false)),
            ..self.options(expected)
        }
    }

    fn commit_one(&mut self, s: usize) -> Result<(Done, Option<String>, Vec<String>)> {
        let dry_run = self.opts.file.dry_run;
        let slot = &mut self.slots[s];
        let display = slot.display.clone();
        let slot_real = slot.real.clone();
        match (&slot.original, slot.current.take()) {
            (Some(original), None) => {
                let opts = FileOptions {
                    expected_version: Some(original.version.clone()),
                    ..self.opts.file.clone()
                };
                file::remove(&display, &opts)?;
                Ok((Done::Deleted(s), None, Vec::new()))
            }
            (Some(original), Some(content)) => {
                let opts = FileOptions {
                    expected_version: Some(original.version.clone()),
                    ..self.opts.file.clone()
                };
                let mode = content.mode.filter(|&m| Some(m) != original.mode);
                let splices = match content.text {
                    Text::Original => Splices::whole(original.decoded.source.clone()),
                    Text::Spliced(splices) => splices,
                    Text::Owned(bytes) => Splices::whole(bytes),
                };
                let (done, ()) = file::modify(&display, &opts, false, |_, _| Ok((splices, ())))?;
                if let (Some(mode), false) = (mode, dry_run) {
                    set_mode(&slot_real, mode, &display)?;
                }
                Ok((
                    Done::Wrote(s, done.version.clone()),
                    Some(done.version),
                    done.warnings,
                ))
            }
            (None, Some(content)) => {
                let text = match content.text {
                    Text::Owned(text) => text,
                    _ => unreachable!("a new file has a source of its own"),
                };
                let done = match content.raw {
                    // A moved file: its bytes, exactly.
                    Some(raw) => create(&display, &self.exact(None), raw)?,
                    // An added file: its text, encoded as a new file is (UTF-8 unless
                    // the project's settings say otherwise).
                    None if content.encoding == Encoding::utf8() && !content.bom => {
                        create(&display, &self.options(None), text)?
                    }
                    None => create(
                        &display,
                        &self.exact(None),
                        Decoded::empty(content.encoding, content.bom)
                            .write_bytes(&Splices::whole(text))?,
                    )?,
                };
                if let (Some(mode), false) = (content.mode, dry_run) {
                    set_mode(&slot_real, mode, &display)?;
                }
                Ok((
                    Done::Created(s, done.version.clone()),
                    Some(done.version),
                    done.warnings,
                ))
            }
            (None, None) => unreachable!("unchanged slots are not committed"),
        }
    }

    /// Puts back what `done` changed, newest first; returns `err`, with what could not be
    /// put back added to its message.
    fn roll_back(&self, done: Vec<Done>, mut err: Error) -> Error {
        if self.opts.file.dry_run {
            return err;
        }
        let mut failed = Vec::new();
        for step in done.into_iter().rev() {
            let (s, outcome) = match step {
                Done::Wrote(s, version) => {
                    let slot = &self.slots[s];
                    let original = slot.original.as_ref().expect("a written file existed");
                    // The old bytes exactly, not the old text encoded again.
                    let outcome =
                        file::modify(&slot.display, &self.exact(Some(version)), false, |_, _| {
                            Ok((Splices::whole(original.decoded.clone().into_raw()), ()))
                        })
                        .and_then(|_| match original.mode {
                            Some(mode) => set_mode(&slot.real, mode, &slot.display),
                            None => Ok(()),
                        });
                    (s, outcome)
                }
                Done::Created(s, version) => {
                    let slot = &self.slots[s];
                    (
                        s,
                        file::remove(&slot.display, &self.options(Some(version))).map(|_| ()),
                    )
                }
                Done::Deleted(s) => {
                    let slot = &self.slots[s];
                    let original = slot.original.as_ref().expect("a deleted file existed");
                    let bytes = original.decoded.clone().into_raw();
                    let outcome =
                        create(&slot.display, &self.exact(None), bytes).and_then(
                            |_| match original.mode {
                                Some(mode) => set_mode(&slot.real, mode, &slot.display),
                                None => Ok(()),
                            },
                        );
                    (s, outcome)
                }
            };
            if let Err(e) = outcome {
                failed.push(format!(
                    "{} ({})",
                    self.slots[s].display.display(),
                    e.message
                ));
            }
        }
        if failed.is_empty() {
            err.message
                .push_str(" Nothing was changed: the files already written were put back.");
        } else {
            err.message.push_str(&format!(
                " Putting back the files already written failed for: {}; check them.",
                failed.join("; ")
            ));
        }
        err
    }
}

/// What a commit step did, to undo it.
enum Done {
    Wrote(usize, String),
    Created(usize, String),
    Deleted(usize),
}

/// Creates a file that must not exist, with `bytes`: exactly as given with
/// [`Disk::exact`] options, else as a new file's text.
fn create(display: &Path, opts: &FileOptions, bytes: Vec<u8>) -> Result<file::Written> {
    let (written, ()) = file::modify(display, opts, true, |decoded, _| {
        match decoded {
        Some(_) => Err(Error::new(
            ErrorCode::FileChanged,
            format!(
                "File changed on disk: {} was created by another process meanwhile. Nothing was written.",
                display.display()
            ),
        )),
        None => Ok((Splices::whole(bytes), ())),
    }
    })?;
    Ok(written)
}

/// Fills in a section's diff and the endings of its result.
fn describe(result: &mut FileResult, before: &[u8], after: &Splices, label: &str) {
    result.diff = diff::summarize(before, after, label).diff;
    result.eol = eol::info_of_pieces(after.pieces(before));
    result
        .warnings
        .extend(eol::made_mixed_warning(before, &result.eol));
}

/// A diff's `+++` header naming the new path.
fn renamed_header(diff: &str, from: &str, to: &str) -> String {
    let strip = |p: &str| p.strip_prefix('/').unwrap_or(p).to_string();
    let old = format!("+++ b/{}\n", strip(from));
    diff.replacen(&old, &format!("+++ b/{}\n", strip(to)), 1)
}

#[cfg(unix)]
fn mode_of(real: &Path) -> Option<u32> {
    use std::os::unix::fs::PermissionsExt;
    std::fs::metadata(real)
        .ok()
        .map(|m| m.permissions().mode() & 0o7777)
}

#[cfg(not(unix))]
fn mode_of(_real: &Path) -> Option<u32> {
    None
}

#[cfg(unix)]
fn set_mode(real: &Path, mode: u32, display: &Path) -> Result<()> {
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(real, std::fs::Permissions::from_mode(mode))
        .map_err(|e| file::io_failure(&e, display, file::Action::Write))
}

#[cfg(not(unix))]
fn set_mode(_real: &Path, _mode: u32, _display: &Path) -> Result<()> {
    Ok(())
}

/// `PERMISSION_DENIED` unless this process may write `path` (a file, or a folder to
/// create or delete files in).
#[cfg(unix)]
fn may_write(path: &Path) -> std::io::Result<()> {
    use std::os::unix::ffi::OsStrExt;
    let c = std::ffi::CString::new(path.as_os_str().as_bytes())?;
    // SAFETY: `c` is a valid NUL-terminated string for the duration of the call.
    let rc = unsafe { libc::faccessat(libc::AT_FDCWD, c.as_ptr(), libc::W_OK, libc::AT_EACCESS) };
    if rc == 0 {
        return Ok(());
    }
    let err = std::io::Error::last_os_error();
    match err.kind() {
        std::io::ErrorKind::PermissionDenied | std::io::ErrorKind::ReadOnlyFilesystem => Err(err),
        // Anything else (a missing faccessat2 in an old sandbox): the write decides.
        _ => Ok(()),
    }
}

#[cfg(not(unix))]
fn may_write(_path: &Path) -> std::io::Result<()> {
    Ok(())
}

fn writable_file(real: &Path, display: &Path) -> Result<()> {
    may_write(real).map_err(|e| file::io_failure(&e, display, file::Action::Write))?;
    writable_dir(real, display)
}

/// The folder that will hold `real` (its nearest existing ancestor) takes new files.
fn writable_dir(real: &Path, display: &Path) -> Result<()> {
    let mut dir = real.parent();
    while let Some(d) = dir {
        if d.exists() {
            return may_write(d).map_err(|e| file::io_failure(&e, display, file::Action::Write));
        }
        dir = d.parent();
    }
    Ok(())
}
