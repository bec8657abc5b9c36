//! All of `applyPatch`'s file I/O, on the public API of [`crate::file`]: read every
//! file, work out and check the whole new tree, then write it, and put back what was
//! written if a later write fails.
//!
//! **What each section reads.** A patch of several sections is one change to the tree,
//! with `git apply`'s meaning. The sections are worked out in order on an in-memory
//! picture of the tree (one [`Slot`] per real path), and each reads the file as the
//! sections before it left it: a second update of a file, or an update of a move's new
//! name, changes what the first one wrote. One thing is held back: when a move or an
//! add lands on a file that a later section moves away or deletes, that file's content
//! is not replaced but pushed aside (`displaced`) for the later section, which takes it.
//! So `A → B` and `B → A` swap the files, three moves around a circle rotate them, an
//! add onto a file that is then moved leaves both contents, and a delete and an add of
//! one path replace the file. A move or an add onto a file that nothing moves away
//! replaces it as `writeFile` would, in that file's endings, BOM and encoding.
//!
//! **Links.** A path whose last name is a symbolic link is never deleted or moved
//! (`NOT_A_FILE`): that would write through the link or leave it dangling. Updates and
//! adds onto an existing link change the file it points to, as edits do; nothing is
//! created through a link that points nowhere.
//!
//! **Checks first.** Every section is worked out, every new file's bytes encoded, and
//! every check made before anything is written: paths confined to the roots, files
//! readable and text, `expectedVersions`, a path that would be both a file and a
//! folder, write permissions, deletions possible. A dry run stops there, so it fails
//! exactly where the real call would, but for races with other processes.
//!
//! **Commit.** Each changed file is then written with [`file::put`] (exact bytes, and
//! the permission bits it must end with set on the handle it is written through, before
//! it has a name) or deleted with [`file::remove`], guarded by the version read at the
//! start, so a file another process changed meanwhile is `FILE_CHANGED`. Writes and
//! creations go first, each moved file before the path it came from is overwritten,
//! and deletions last, so every content is somewhere on disk at every moment; where
//! moves go round in a circle, one old content is copied aside first ([`file::stash`]).
//! If one step fails, what was done is put back, newest first: old bytes and
//! attributes over new, created files removed with the folders created for them,
//! deleted files created again with their bytes and attributes.

use std::borrow::Cow;
use std::collections::HashMap;
use std::path::{Path, PathBuf};

use crate::api::prepared::{self, ChangedRange};
use crate::diff;
use crate::encoding::{self, Decoded, Encoding, Hints};
use crate::engine::{self, WriteEol};
use crate::eol::{self, Ending};
use crate::error::{Error, ErrorCode, Result};
use crate::file::{self, Attributes, FileId, FileOptions, NewFolders};
use crate::guard::{Check, Guards, Scope};
use crate::message::{parts, Message, Part};
use crate::splice::Splices;

use self::source::Source;
use super::{apply, parse};
use super::{Action, Change, FilePatch, FileResult, Format, Hunk, Patch};

/// Options of `applyPatch`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Options {
    /// Roots, `cwd`, `maxBytes`, `dryRun` and `durable` (its `expected_version` is not
    /// used: see `expected_versions`).
    pub file: FileOptions,
    /// The version each file must still have, keyed by its path as the caller names it.
    pub expected_versions: HashMap<String, String>,
    /// The guards each file's new lines are checked by.
    pub guards: Guards,
}

/// A file's content as the patch leaves it so far.
#[derive(Clone)]
struct Content {
    text: Text,
    /// The slot whose original file this content is written as: its encoding and BOM,
    /// and its raw bytes wherever the text keeps them (kept bytes never pass through an
    /// encoder). `None` for a new file's text, encoded as a new file is.
    base: Option<usize>,
    /// The attributes the file is to have (a moved file keeps its own); `None` for a new
    /// text: a new file's default, or those of the file it replaces.
    attributes: Option<Attributes>,
}

/// The source of a content, over its base file's.
#[derive(Clone)]
enum Text {
    /// The base file's source, as read.
    Original,
    /// Splices over the base file's source.
    Spliced(Splices),
    /// A source of its own.
    Owned(Vec<u8>),
}

/// What was on disk when the patch started.
struct Original {
    version: String,
    /// How many raw bytes the file had.
    len: u64,
    decoded: Decoded,
    attributes: Attributes,
    /// The file's identity when it has a single name (see [`file::Loaded`]).
    sole_name: Option<FileId>,
}

/// One real path the patch touches.
struct Slot {
    real: PathBuf,
    /// The path as the patch first named it, for messages and for the file layer.
    display: PathBuf,
    original: Option<Original>,
    current: Option<Content>,
    /// The content a move or an add onto this path pushed aside, for the later section
    /// that moves this path away or deletes it.
    displaced: Option<Content>,
    /// The last section that changed what this path ends with.
    last_index: usize,
}

/// A slot's end state, worked out once every section is planned.
struct Final {
    bytes: Vec<u8>,
    version: String,
    attributes: Option<Attributes>,
    /// The other slot whose original file these bytes are written as (a moved file).
    moved_from: Option<usize>,
    /// The encoding the bytes are in, and whether they start with a BOM.
    encoding: Encoding,
    bom: bool,
}

/// The files of one `applyPatch` call.
struct Disk<'o> {
    opts: Options,
    /// Where the files are read from: the disk, or the caller's buffers.
    source: Box<dyn Source + 'o>,
    /// The patch's format, which decides the tiers its hunks match through.
    format: Format,
    slots: Vec<Slot>,
    by_real: HashMap<PathBuf, usize>,
    expected: HashMap<PathBuf, String>,
    /// The sections that move a file away or delete it: its real path, its identity
    /// when it has a single name, and the section.
    vacated: Vec<(PathBuf, Option<FileId>, usize)>,
}

/// A section's result, with the slot it leaves a file in (for its version).
struct Planned {
    result: FileResult,
    slot: Option<usize>,
    /// The version of the file at the section's path (for a move: of the file moved)
    /// when the patch read it; `None` when there was none.
    version_before: Option<String>,
    /// The slot of the section's path (for a move: of the path moved from).
    at: usize,
    /// The replaced ranges of the text the section starts from.
    ranges: Vec<ChangedRange>,
    /// The first and last changed lines of the section's new text.
    lines: (u32, u32),
}

impl Planned {
    fn new(
        result: FileResult,
        slot: Option<usize>,
        ranges: Vec<ChangedRange>,
        lines: (u32, u32),
    ) -> Planned {
        Planned {
            result,
            slot,
            version_before: None,
            at: 0,
            ranges,
            lines,
        }
    }
}

/// A path opened for a section: its slot, and whether its last name is a link.
struct Opened {
    slot: usize,
    link: bool,
}

/// `applyPatch`: the patch prepared, then committed at once (the files were just read
/// and checked, and each write checks its file's version again under its lock).
pub(super) fn run(patch: &Patch, opts: &Options) -> Result<Vec<FileResult>> {
    prepare(patch, opts)?.commit(Recheck::No)
}

/// Works out and checks every section, as `applyPatch` does before its first write,
/// and writes nothing.
pub(super) fn prepare(patch: &Patch, opts: &Options) -> Result<Ready> {
    let mut disk = Disk::new(opts, patch, Box::new(source::OnDisk))?;
    let mut planned = Vec::with_capacity(patch.files.len());
    for (i, section) in patch.files.iter().enumerate() {
        planned.push(disk.plan(i, section).map_err(|e| e.with_file_index(i))?);
    }
    let finals = disk.finish(patch)?;
    let ready = Ready {
        opts: disk.opts,
        slots: disk.slots,
        finals,
        planned,
    };
    ready.check()?;
    Ok(ready)
}

/// Whether [`Ready::commit`] checks every file's version again before writing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Recheck {
    /// A commit made long after the prepare: check every file under the locks first.
    Yes,
    /// A commit made right after the prepare (`applyPatch`).
    No,
}

/// A patch worked out, encoded and checked, not yet written: every file's bytes, and
/// what each was read as (for the checks and for a rollback).
pub(crate) struct Ready {
    opts: Options,
    slots: Vec<Slot>,
    finals: Vec<Option<Final>>,
    planned: Vec<Planned>,
}

impl std::fmt::Debug for Ready {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Ready")
            .field("files", &self.slots.len())
            .field("sections", &self.planned.len())
            .finish_non_exhaustive()
    }
}

/// What a prepared patch does to one section, for [`crate::Prepared::files`].
pub(crate) struct SectionView<'a> {
    pub result: &'a FileResult,
    pub version_before: Option<&'a str>,
    /// The version of the bytes at the path the section ends at once the patch is
    /// written; `None` when no file is left there.
    pub version_after: Option<&'a str>,
    pub ranges: &'a [ChangedRange],
    pub lines: (u32, u32),
    /// The encoding and BOM of the file the section leaves (of the file deleted for a
    /// delete).
    pub encoding: Encoding,
    pub bom: bool,
    /// False when the file the section leaves is the file as it was (an add of the
    /// content a file already has).
    pub changed: bool,
    /// The section is the last of the patch to change its file: the one whose result
    /// the commit gives the file's version.
    pub last: bool,
}

impl Ready {
    /// Every section, in the patch's order.
    pub(crate) fn sections(&self) -> Vec<SectionView<'_>> {
        self.planned
            .iter()
            .enumerate()
            .map(|(i, p)| {
                let end = p.slot.and_then(|s| self.finals[s].as_ref());
                let (encoding, bom) = match (end, &self.slots[p.at].original) {
                    (Some(f), _) => (f.encoding, f.bom),
                    (None, Some(o)) => (o.decoded.encoding, o.decoded.bom),
                    (None, None) => (Encoding::utf8(), false),
                };
                let changed = match p.slot {
                    Some(s) if p.result.action != Action::Move => {
                        changed(self.slots[s].original.as_ref(), self.finals[s].as_ref())
                    }
                    _ => true,
                };
                SectionView {
                    result: &p.result,
                    version_before: p.version_before.as_deref(),
                    version_after: end.map(|f| f.version.as_str()),
                    ranges: &p.ranges,
                    lines: p.lines,
                    encoding,
                    bom,
                    changed,
                    last: p.slot.is_some_and(|s| self.slots[s].last_index == i),
                }
            })
            .collect()
    }

    /// Writes every file, all or nothing (see the module docs), and gives each
    /// section's result. With [`Recheck::Yes`], first checks under the locks of all the
    /// files that each still has the version it was read with (a new file's path: that
    /// it is still free), and makes the checks of the prepare again: a file changed
    /// since is `FILE_CHANGED` naming it, and nothing is written.
    pub(crate) fn commit(self, recheck: Recheck) -> Result<Vec<FileResult>> {
        if recheck == Recheck::Yes {
            let files: Vec<(&Path, &Path, Option<&str>)> = self
                .slots
                .iter()
                .map(|s| {
                    let version = s.original.as_ref().map(|o| o.version.as_str());
                    (s.display.as_path(), s.real.as_path(), version)
                })
                .collect();
            file::recheck_all(&files, &self.opts.file, |s, e| {
                e.with_file_index(self.slots[s].last_index)
            })?;
            self.check()?;
        }
        let warnings = self.write()?;
        let Ready {
            slots,
            finals,
            planned,
            ..
        } = self;
        Ok(planned
            .into_iter()
            .enumerate()
            .map(|(i, mut p)| {
                if let Some(s) = p.slot.filter(|&s| slots[s].last_index == i) {
                    if let Some(f) = &finals[s] {
                        p.result.version = Some(f.version.clone());
                    }
                    if let Some(w) = warnings.get(&s) {
                        p.result.warnings.extend(w.iter().cloned());
                    }
                }
                p.result
            })
            .collect())
    }
}

fn not_found(path: &str, why: impl Into<Message>) -> Error {
    Error::new(
        ErrorCode::FileNotFound,
        Message::from(format!("File not found: {path}"))
            .then(why.into())
            .then(".".into()),
    )
}

impl<'o> Disk<'o> {
    fn new(opts: &Options, patch: &Patch, source: Box<dyn Source + 'o>) -> Result<Self> {
        let locate = |path: &str| source.locate(path, &opts.file);
        let mut expected = HashMap::new();
        for (path, version) in &opts.expected_versions {
            expected.insert(locate(path)?.real, version.clone());
        }
        // Which sections vacate which paths, so that a move or an add landing on one of
        // them knows to push its content aside. A path that cannot be located is left
        // out: planning its section fails with the reason.
        let mut vacated = Vec::new();
        for (i, section) in patch.files.iter().enumerate() {
            if matches!(section.action(), Action::Delete | Action::Move) {
                if let Ok(place) = locate(&section.path) {
                    vacated.push((place.real, place.sole_name, i));
                }
            }
        }
        Ok(Disk {
            opts: opts.clone(),
            source,
            format: patch.format,
            slots: Vec::new(),
            by_real: HashMap::new(),
            expected,
            vacated,
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
    fn open(&mut self, path: &str, index: usize) -> Result<Opened> {
        let place = self.source.locate(path, &self.opts.file)?;
        let (real, link) = (place.real.clone(), place.link);
        if let Some(&slot) = self.by_real.get(&real) {
            return Ok(Opened { slot, link });
        }
        let read_options = self.read_options();
        let original = self.source.load(path, &place, &read_options)?;
        self.check_expected(&real, path, original.as_ref())?;
        // Another spelling of a name already open (another case, where the file system
        // ignores it) is that name: writing one and deleting the other would lose it.
        let sole_name = original.as_ref().and_then(|o| o.sole_name);
        let same = sole_name.and_then(|id| {
            self.slots
                .iter()
                .position(|s| s.original.as_ref().and_then(|o| o.sole_name) == Some(id))
        });
        let slot = match same {
            Some(slot) => slot,
            None => self.add_slot(real.clone(), path, original, index),
        };
        self.by_real.insert(real, slot);
        Ok(Opened { slot, link })
    }

    /// `FILE_CHANGED` unless the file at `real` (named `path`) has the version the
    /// caller expects of it, if it expects one.
    fn check_expected(&self, real: &Path, path: &str, original: Option<&Original>) -> Result<()> {
        let Some(expected) = self.expected.get(real) else {
            return Ok(());
        };
        let detail = match original {
            None if expected == file::version::ABSENT => return Ok(()),
            Some(_) if expected == file::version::ABSENT => {
                "exists now, but did not when it was read".to_string()
            }
            Some(o) if o.version == *expected => return Ok(()),
            Some(o) => format!(
                "has changed since it was read (expected version {expected}, now {})",
                o.version
            ),
            None => "no longer exists".to_string(),
        };
        Err(Error::new(
            ErrorCode::FileChanged,
            format!("File changed on disk: {path} {detail}. Nothing was written."),
        )
        .with_hint(parts![
            crate::message::read_again("Read the file again"),
            " and redo the ",
            crate::message::patch_word(),
            " on its current content."
        ]))
    }

    /// Makes the slot of a path first named by section `index`, whose file on disk is
    /// `original`.
    fn add_slot(
        &mut self,
        real: PathBuf,
        path: &str,
        original: Option<Original>,
        index: usize,
    ) -> usize {
        let slot = self.slots.len();
        let current = original.as_ref().map(|o| Content {
            text: Text::Original,
            base: Some(slot),
            attributes: Some(o.attributes),
        });
        self.slots.push(Slot {
            real,
            display: PathBuf::from(path),
            original,
            current,
            displaced: None,
            last_index: index,
        });
        slot
    }

    /// The source of a content.
    fn text_of<'a>(&'a self, content: &'a Content) -> Cow<'a, [u8]> {
        let base = || {
            let slot = content.base.expect("a text over a file has a base");
            let original = self.slots[slot].original.as_ref();
            &original.expect("a base file existed").decoded.source[..]
        };
        match &content.text {
            Text::Original => Cow::Borrowed(base()),
            Text::Spliced(splices) => Cow::Owned(splices.to_vec(base())),
            Text::Owned(bytes) => Cow::Borrowed(bytes),
        }
    }

    /// The content at `slot` that a section reading it as it stands must find.
    fn existing(&self, slot: usize, path: &str) -> Result<&Content> {
        let s = &self.slots[slot];
        s.current.as_ref().ok_or_else(|| match s.original {
            Some(_) => not_found(
                path,
                ": an earlier section of this patch deleted or moved it",
            ),
            None => not_found(
                path,
                parts![
                    ". Check the path; ",
                    Part::phrase("add-file", parts!["to create a file, use `*** Add File:`"])
                ],
            ),
        })
    }

    /// Takes the content a section that moves `slot` away or deletes it vacates: what a
    /// move or an add pushed aside for it, else what stands there. The second value
    /// says whether the path is left empty.
    fn vacate(&mut self, slot: usize, path: &str, index: usize) -> Result<(Content, bool)> {
        if let Some(content) = self.slots[slot].displaced.take() {
            return Ok((content, false));
        }
        self.existing(slot, path)?;
        let s = &mut self.slots[slot];
        s.last_index = index;
        Ok((s.current.take().expect("checked by existing"), true))
    }

    /// True when a section after `index` moves the file at `slot` away or deletes it,
    /// by this name or by another spelling of it.
    fn vacated_after(&self, slot: usize, index: usize) -> bool {
        let s = &self.slots[slot];
        let id = s.original.as_ref().and_then(|o| o.sole_name);
        self.vacated.iter().any(|(real, other, j)| {
            *j > index && (*real == s.real || (id.is_some() && *other == id))
        })
    }

    /// What a move or an add landing at `slot` in section `index` does to the file there.
    fn landing(&self, slot: usize, index: usize) -> Landing {
        let s = &self.slots[slot];
        match &s.current {
            None => Landing::Empty,
            Some(_) if s.displaced.is_none() && self.vacated_after(slot, index) => {
                Landing::PushAside
            }
            Some(_) => Landing::Replace,
        }
    }

    /// Puts `content` (a moved file, or an added one) at `slot`, as [`Landing`] says: a
    /// file replaced there gets the text in its endings, encoding and BOM, with
    /// `content`'s attributes for a move, its own for an add.
    fn land(&mut self, slot: usize, content: Content, index: usize, added: bool) {
        let landed = match self.landing(slot, index) {
            Landing::Empty => content,
            Landing::PushAside => {
                let s = &mut self.slots[slot];
                s.displaced = s.current.take();
                content
            }
            Landing::Replace => {
                let s = &self.slots[slot];
                let old = s.current.as_ref().expect("a file to replace");
                let new = engine::write_over(
                    Some(&self.text_of(old)),
                    &eol::to_lf(&self.text_of(&content)),
                    WriteEol::Preserve,
                    || self.source.new_file_ending(&s.real),
                );
                Content {
                    text: Text::Owned(new),
                    base: old.base,
                    attributes: if added {
                        old.attributes
                    } else {
                        content.attributes
                    },
                }
            }
        };
        let s = &mut self.slots[slot];
        s.current = Some(landed);
        s.last_index = index;
    }

    /// Works out one section on the in-memory tree.
    fn plan(&mut self, index: usize, section: &FilePatch) -> Result<Planned> {
        // Planning the section opens the same path first, and fails the same way.
        let opened = self.open(&section.path, index)?;
        let original = self.slots[opened.slot].original.as_ref();
        let version_before = original.map(|o| o.version.clone());
        let mut planned = self.plan_section(index, section)?;
        planned.version_before = version_before;
        planned.at = opened.slot;
        Ok(planned)
    }

    fn plan_section(&mut self, index: usize, section: &FilePatch) -> Result<Planned> {
        let path = section.path.as_str();
        let opened = self.open(path, index)?;
        let slot = opened.slot;
        if let Some(line) = section.link_line {
            // A section about a link (mode 120000) is never applied; the error says what
            // is wrong on disk when something is: no such file, or a link there.
            self.existing(slot, path)?;
            if opened.link {
                return Err(file::refuse_link(Path::new(path)));
            }
            return Err(parse::link_entry_error(line, path));
        }
        let real = self.slots[slot].real.clone();
        let fallback = || self.source.new_file_ending(&real);
        let mut result = FileResult {
            path: section.path.clone(),
            action: section.action(),
            moved_to: None,
            diff: String::new(),
            eol: eol::info(b""),
            version: None,
            matched_by: Vec::new(),
            warnings: Vec::new(),
        };
        match &section.change {
            Change::Update { hunks } => {
                let current = self.existing(slot, path)?;
                let source = self.text_of(current);
                let updated = apply::update(
                    &source,
                    hunks,
                    self.format,
                    &fallback,
                    self.opts.guards,
                    path,
                )?;
                if updated.unchanged {
                    return Err(Error::new(
                        ErrorCode::NoChange,
                        parts![
                            "The ",
                            crate::message::patch_word(),
                            format!(" changes nothing in {path}: its new lines are what the file already has.")
                        ],
                    )
                    .with_hint("Check that the + lines really differ from the - lines, and that the file was not already patched."));
                }
                let lines = describe(&mut result, &source, &updated.splices, path);
                let ranges = prepared::ranges(&source, &updated.splices);
                result.warnings = self.read_warnings(current);
                result.matched_by = updated.matched_by;
                let text = match current.text {
                    Text::Original => Text::Spliced(updated.splices),
                    _ => Text::Owned(updated.splices.into_vec(&source)),
                };
                let content = Content {
                    text,
                    ..current.clone()
                };
                let s = &mut self.slots[slot];
                s.current = Some(content);
                s.last_index = index;
                Ok(Planned::new(result, Some(slot), ranges, lines))
            }
            Change::Add { content: added } => {
                if self.slots[slot].current.is_none() && opened.link {
                    return Err(dangling_link(path));
                }
                let replaces = self.landing(slot, index) == Landing::Replace;
                let before = match (&self.slots[slot].current, replaces) {
                    (Some(old), true) => self.text_of(old).into_owned(),
                    _ => Vec::new(),
                };
                let text = if replaces {
                    eol::to_lf(&added.bytes).into_owned()
                } else {
                    let ending = if added.own_endings {
                        Ending::Lf
                    } else {
                        fallback()
                    };
                    apply::new_file(added, ending)
                };
                let content = Content {
                    text: Text::Owned(text),
                    base: None,
                    attributes: None,
                };
                self.land(slot, content, index, true);
                let after = self.text_of(self.slots[slot].current.as_ref().expect("landed"));
                // A new file, or a whole file written over the one there.
                Check::new(self.opts.guards, &before, path).whole(
                    &before,
                    &after,
                    Scope::AddFile,
                )?;
                let ranges = prepared::differing(&before, &after).into_iter().collect();
                let lines = describe(
                    &mut result,
                    &before,
                    &Splices::whole(after.into_owned()),
                    path,
                );
                Ok(Planned::new(result, Some(slot), ranges, lines))
            }
            Change::Delete { hunks, old_empty } => {
                if opened.link {
                    return Err(file::refuse_link(Path::new(path)));
                }
                let (old, _) = self.vacate(slot, path, index)?;
                let old = self.text_of(&old).into_owned();
                apply::check_delete(hunks, *old_empty, section.line, &old, path)?;
                let lines = describe(&mut result, &old, &Splices::whole(Vec::new()), path);
                let ranges = prepared::differing(&old, b"").into_iter().collect();
                result.eol = eol::info(&old);
                Ok(Planned::new(result, None, ranges, lines))
            }
            Change::Move { to, hunks } => {
                self.plan_move(index, section, (to, hunks), opened, result)
            }
        }
    }

    /// [`Disk::plan`] for a move of `section`'s file to `to_path`, changed by `hunks`.
    fn plan_move(
        &mut self,
        index: usize,
        section: &FilePatch,
        (to_path, hunks): (&str, &[Hunk]),
        from: Opened,
        mut result: FileResult,
    ) -> Result<Planned> {
        let path = section.path.as_str();
        result.moved_to = Some(to_path.to_string());
        if from.link {
            return Err(file::refuse_link(Path::new(path)));
        }
        let from = from.slot;
        let real = self.slots[from].real.clone();
        // Checked before anything is taken, so the message names the right problem.
        self.existing_or_displaced(from, path)?;
        let to = self.open(to_path, index)?;
        if to.slot == from {
            return Err(Error::new(
                ErrorCode::PatchInvalid,
                format!("Invalid patch, line {}: `*** Move to: {to_path}` names the file being moved ({path}).", section.line),
            )
            .with_lines(vec![section.line as u32])
            .with_hint("Leave the move out to change the file in place."));
        }
        let (source, _) = self.vacate(from, path, index)?;
        result.warnings = self.read_warnings(&source);
        let before = self.text_of(&source).into_owned();
        let mut ranges = Vec::new();
        let text = if hunks.is_empty() {
            source.text.clone()
        } else {
            let fallback = || self.source.new_file_ending(&real);
            let updated = apply::update(
                &before,
                hunks,
                self.format,
                &fallback,
                self.opts.guards,
                path,
            )?;
            result.matched_by = updated.matched_by;
            ranges = prepared::ranges(&before, &updated.splices);
            match source.text {
                Text::Original => Text::Spliced(updated.splices),
                _ => Text::Owned(updated.splices.into_vec(&before)),
            }
        };
        let moved = Content { text, ..source };
        let moved_text = self.text_of(&moved).into_owned();
        if self.slots[to.slot].current.is_none() && to.link {
            return Err(dangling_link(to_path));
        }
        self.land(to.slot, moved, index, false);
        let lines = describe(&mut result, &before, &Splices::whole(moved_text), path);
        if !result.diff.is_empty() {
            result.diff = renamed_header(&result.diff, path, to_path);
        }
        let landed = self.slots[to.slot].current.as_ref().expect("landed");
        result.eol = eol::info(&self.text_of(landed));
        Ok(Planned::new(result, Some(to.slot), ranges, lines))
    }

    /// What reading the file a content starts from said (an odd byte of a UTF-16 file,
    /// invalid bytes, an encoding that was guessed): a section that changes or moves the
    /// file says it, as an edit of the file would.
    fn read_warnings(&self, content: &Content) -> Vec<Message> {
        content
            .base
            .and_then(|base| self.slots[base].original.as_ref())
            .map(|original| original.decoded.warnings.clone())
            .unwrap_or_default()
    }

    /// Fails as [`Self::existing`] unless the slot has a content to move away.
    fn existing_or_displaced(&self, slot: usize, path: &str) -> Result<()> {
        if self.slots[slot].displaced.is_some() {
            return Ok(());
        }
        self.existing(slot, path).map(drop)
    }

    /// Every file's end state, encoded as it will be written, and the checks on the tree
    /// as a whole: no path is left both a file and a folder.
    fn finish(&self, patch: &Patch) -> Result<Vec<Option<Final>>> {
        let mut finals = Vec::with_capacity(self.slots.len());
        for slot in &self.slots {
            let Some(content) = &slot.current else {
                finals.push(None);
                continue;
            };
            let (bytes, encoding, bom) = self
                .encode_as(slot, content)
                .map_err(|e| e.with_file_index(slot.last_index))?;
            let this = finals.len();
            finals.push(Some(Final {
                version: file::version::version(&bytes),
                bytes,
                attributes: content.attributes,
                moved_from: content.base.filter(|&b| b != this),
                encoding,
                bom,
            }));
        }
        let files: HashMap<&Path, usize> = self
            .slots
            .iter()
            .enumerate()
            .filter(|&(s, _)| finals[s].is_some())
            .map(|(s, slot)| (slot.real.as_path(), s))
            .collect();
        for (s, slot) in self.slots.iter().enumerate() {
            if finals[s].is_none() {
                continue;
            }
            let folder = slot.real.ancestors().skip(1).find_map(|a| files.get(a));
            if let Some(&f) = folder {
                let (inner, outer) = (slot.last_index, self.slots[f].last_index);
                let line = |i: usize| patch.files[i].line as u32;
                return Err(Error::new(
                    ErrorCode::PatchInvalid,
                    format!(
                        "Invalid patch, line {}: {} is to be a file inside {}, which line {} makes a file: one path cannot be both a file and a folder.",
                        line(inner),
                        slot.display.display(),
                        self.slots[f].display.display(),
                        line(outer),
                    ),
                )
                .with_lines(vec![line(inner), line(outer)])
                .with_file_index(inner)
                .with_hint("Delete or move the file before putting files under a folder of that name, or leave one of the two sections out."));
            }
        }
        Ok(finals)
    }

    /// A content's bytes as they will be written.
    fn encode(&self, slot: &Slot, content: &Content) -> Result<Vec<u8>> {
        self.encode_as(slot, content).map(|(bytes, _, _)| bytes)
    }

    /// [`Self::encode`], with the encoding and BOM the bytes are in.
    fn encode_as(&self, slot: &Slot, content: &Content) -> Result<(Vec<u8>, Encoding, bool)> {
        let named = |e: Error| e.about(&slot.display);
        let Some(base) = content.base else {
            let text = match &content.text {
                Text::Owned(text) => text.clone(),
                _ => unreachable!("a new file has a source of its own"),
            };
            // A new file's text, encoded as a new file is (UTF-8 unless the caller's
            // option or the project's settings say otherwise).
            let declared = || self.source.declared_encoding(&slot.real);
            let hints = Hints {
                option: self.opts.file.encoding,
                declared: Some(&declared),
                ..Hints::default()
            };
            let splices = Splices::whole(text);
            let output = encoding::write::output(None, &splices, &hints, None).map_err(named)?;
            let output = output.expect("a new file always changes");
            let (encoding, bom) = (output.encoding, output.bom);
            return Ok((output.concat(), encoding, bom));
        };
        let decoded = &self.slots[base]
            .original
            .as_ref()
            .expect("a base file existed")
            .decoded;
        let bytes = match &content.text {
            Text::Original => decoded.clone().into_raw(),
            Text::Spliced(splices) => decoded.write_bytes(splices).map_err(named)?,
            Text::Owned(text) => decoded
                .write_bytes(&Splices::whole(text.clone()))
                .map_err(named)?,
        };
        Ok((bytes, decoded.encoding, decoded.bom))
    }
}

impl Ready {
    /// True when the slot's file ends otherwise than it began.
    fn changed(&self, s: usize) -> bool {
        changed(self.slots[s].original.as_ref(), self.finals[s].as_ref())
    }

    /// Every check that can be made before writing: the size limit, permissions, and
    /// that each file to delete can be deleted.
    fn check(&self) -> Result<()> {
        let finals = &self.finals;
        for (s, slot) in self.slots.iter().enumerate() {
            if !self.changed(s) {
                continue;
            }
            let fail = |e: Error| e.with_file_index(slot.last_index);
            match (&slot.original, &finals[s]) {
                (Some(original), None) => {
                    let opts = FileOptions {
                        expected_version: Some(original.version.clone()),
                        dry_run: true,
                        ..self.opts.file.clone()
                    };
                    file::remove(&slot.display, &opts).map_err(fail)?;
                    file::removable(&slot.display, &self.opts.file).map_err(fail)?;
                }
                (original, Some(end)) => {
                    let old_len = original.as_ref().map(|o| o.len);
                    let (new_len, max) = (end.bytes.len() as u64, self.opts.file.max_bytes);
                    file::check_size(&slot.display, new_len, old_len, max).map_err(fail)?;
                    file::writable(&slot.display, &self.opts.file).map_err(fail)?
                }
                (None, None) => {}
            }
        }
        Ok(())
    }

    /// Writes every changed file, then deletes; puts everything back on a failure.
    /// Returns the warnings of each file written, by slot.
    ///
    /// The order keeps every content somewhere on disk at every moment, so a crash
    /// never loses one: a moved file is written at its new path before its old one is
    /// overwritten or deleted, and where moves go round in a circle (a swap), one old
    /// content is first copied aside ([`file::stash`]) and the copy removed at the end.
    fn write(&self) -> Result<HashMap<usize, Vec<Message>>> {
        let finals = &self.finals;
        let changed: Vec<usize> = (0..self.slots.len()).filter(|&s| self.changed(s)).collect();
        let writes: Vec<usize> = changed
            .iter()
            .copied()
            .filter(|&s| finals[s].is_some())
            .collect();
        // The write that carries each slot's old content elsewhere comes before it.
        let mut first: HashMap<usize, usize> = HashMap::new();
        for &r in &writes {
            if let Some(q) = finals[r].as_ref().and_then(|f| f.moved_from) {
                if writes.contains(&q) {
                    first.insert(q, r);
                }
            }
        }
        let mut done: Vec<Done> = Vec::new();
        let mut stashes: Vec<(usize, file::Stash)> = Vec::new();
        let mut warnings = HashMap::new();
        let mut left = writes;
        while !left.is_empty() {
            let ready = left
                .iter()
                .position(|q| first.get(q).is_none_or(|r| !left.contains(r)));
            let s = match ready {
                Some(at) => left.remove(at),
                None => {
                    // A circle: keep the first one's old content aside, then go on.
                    let s = left.remove(0);
                    let slot = &self.slots[s];
                    let original = slot.original.as_ref().expect("a moved file existed");
                    if !self.opts.file.dry_run {
                        let kept = file::stash(
                            &slot.display,
                            &self.opts.file,
                            &original.decoded.clone().into_raw(),
                            &original.attributes,
                        );
                        match kept {
                            Ok(stash) => stashes.push((s, stash)),
                            Err(err) => {
                                let err = err.with_file_index(slot.last_index);
                                return Err(self.roll_back(done, stashes, err));
                            }
                        }
                    }
                    s
                }
            };
            if let Err(err) = self.commit_step(s, &mut done, &mut warnings) {
                return Err(self.roll_back(done, stashes, err));
            }
        }
        for s in changed.into_iter().filter(|&s| finals[s].is_none()) {
            if let Err(err) = self.commit_step(s, &mut done, &mut warnings) {
                return Err(self.roll_back(done, stashes, err));
            }
        }
        for (_, stash) in stashes {
            stash.remove();
        }
        Ok(warnings)
    }

    fn commit_step(
        &self,
        s: usize,
        done: &mut Vec<Done>,
        warnings: &mut HashMap<usize, Vec<Message>>,
    ) -> Result<()> {
        let (step, w) = self
            .commit_one(s, self.finals[s].as_ref())
            .map_err(|e| e.with_file_index(self.slots[s].last_index))?;
        done.push(step);
        warnings.insert(s, w);
        Ok(())
    }

    fn commit_one(&self, s: usize, end: Option<&Final>) -> Result<(Done, Vec<Message>)> {
        let slot = &self.slots[s];
        let opts = &self.opts.file;
        match (&slot.original, end) {
            (Some(original), None) => {
                let opts = FileOptions {
                    expected_version: Some(original.version.clone()),
                    ..opts.clone()
                };
                file::remove(&slot.display, &opts)?;
                Ok((Done::Deleted(s), Vec::new()))
            }
            (original, Some(end)) => {
                let expected = original.as_ref().map(|o| o.version.as_str());
                let put = file::put(
                    &slot.display,
                    opts,
                    expected,
                    &end.bytes,
                    end.attributes.as_ref(),
                )?;
                let step = match original {
                    Some(_) => Done::Wrote(s, put.version),
                    None => Done::Created(s, put.version, put.folders),
                };
                Ok((step, put.warnings))
            }
            (None, None) => unreachable!("unchanged slots are not committed"),
        }
    }

    /// Puts back what `done` changed, newest first; returns `err`, with what could not be
    /// put back added to its message. A copy kept aside goes once its file is back.
    fn roll_back(
        &self,
        done: Vec<Done>,
        stashes: Vec<(usize, file::Stash)>,
        mut err: Error,
    ) -> Error {
        if self.opts.file.dry_run {
            return err;
        }
        let opts = &self.opts.file;
        let mut failed = Vec::new();
        let mut failed_slots = Vec::new();
        for step in done.into_iter().rev() {
            let (s, outcome) = match step {
                Done::Wrote(s, version) => {
                    let slot = &self.slots[s];
                    let original = slot.original.as_ref().expect("a written file existed");
                    // The old bytes exactly, with the old attributes.
                    let outcome = file::put(
                        &slot.display,
                        opts,
                        Some(&version),
                        &original.decoded.clone().into_raw(),
                        Some(&original.attributes),
                    )
                    .map(drop);
                    (s, outcome)
                }
                Done::Created(s, version, folders) => {
                    let slot = &self.slots[s];
                    let opts = FileOptions {
                        expected_version: Some(version),
                        ..opts.clone()
                    };
                    let outcome = file::remove(&slot.display, &opts).map(|_| folders.remove());
                    (s, outcome)
                }
                Done::Deleted(s) => {
                    let slot = &self.slots[s];
                    let original = slot.original.as_ref().expect("a deleted file existed");
                    let outcome = file::put(
                        &slot.display,
                        opts,
                        None,
                        &original.decoded.clone().into_raw(),
                        Some(&original.attributes),
                    )
                    .map(drop);
                    (s, outcome)
                }
            };
            if let Err(e) = outcome {
                let kept = stashes
                    .iter()
                    .find(|(k, _)| *k == s)
                    .map_or(String::new(), |(_, stash)| {
                        format!("; its old content is in {}", stash.path().display())
                    });
                failed.push(
                    parts![format!("{} (", self.slots[s].display.display())]
                        .then(e.message)
                        .then(parts![format!("{kept})")]),
                );
                failed_slots.push(s);
            }
        }
        for (s, stash) in stashes {
            if !failed_slots.contains(&s) {
                stash.remove();
            }
        }
        let said = std::mem::take(&mut err.message);
        err.message = if failed.is_empty() {
            said.then(parts![
                " Nothing was changed: the files already written were put back."
            ])
        } else {
            let mut said = said.then(parts![
                " Putting back the files already written failed for: "
            ]);
            for (i, one) in failed.into_iter().enumerate() {
                if i > 0 {
                    said = said.then(parts!["; "]);
                }
                said = said.then(one);
            }
            said.then(parts!["; check them."])
        };
        err
    }
}

/// True when a file that began as `original` (`None`: none) ends otherwise as `end`.
fn changed(original: Option<&Original>, end: Option<&Final>) -> bool {
    match (original, end) {
        (None, None) => false,
        (Some(o), Some(f)) => {
            f.version != o.version || f.attributes.is_some_and(|a| a != o.attributes)
        }
        _ => true,
    }
}

/// What a move or an add does to the file already at its path.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Landing {
    /// There is none.
    Empty,
    /// It is pushed aside for a later section that moves it away or deletes it.
    PushAside,
    /// It is replaced, as `writeFile` would.
    Replace,
}

/// What a commit step did, to undo it.
enum Done {
    Wrote(usize, String),
    Created(usize, String, NewFolders),
    Deleted(usize),
}

/// `NOT_A_FILE` for a new file's path that is a symbolic link to nothing: a patch does
/// not create files through links.
fn dangling_link(path: &str) -> Error {
    Error::new(
        ErrorCode::NotAFile,
        format!("Not a file: {path} is a symbolic link to a file that does not exist; a patch does not create files through links."),
    )
    .with_hint("Remove the link, or give the path it points to.")
}

/// Fills in a section's diff and the endings of its result; gives its first and last
/// changed lines.
fn describe(result: &mut FileResult, before: &[u8], after: &Splices, label: &str) -> (u32, u32) {
    let summary = diff::summarize(before, after, label);
    result.diff = summary.diff;
    result.eol = eol::info_of_pieces(after.pieces(before));
    result
        .warnings
        .extend(eol::made_mixed_warning(before, &result.eol));
    (summary.start_line, summary.end_line)
}

/// A diff's `+++` header naming the new path.
fn renamed_header(diff: &str, from: &str, to: &str) -> String {
    let strip = |p: &str| p.strip_prefix('/').unwrap_or(p).to_string();
    let old = format!("+++ b/{}\n", strip(from));
    diff.replacen(&old, &format!("+++ b/{}\n", strip(to)), 1)
}

pub(super) mod memory;
pub(super) mod source;

#[cfg(test)]
mod tests;
