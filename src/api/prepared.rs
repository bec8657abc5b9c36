//! Prepared changes: a change worked out in full (read, matched, guarded, encoded) and
//! kept as a value, written later exactly as it was shown.
//!
//! [`prepare_edit`], [`prepare_multi_edit`], [`prepare_delete_range`] and
//! [`prepare_write`] take the arguments and options of [`edit_file`](crate::edit_file)
//! and the others and write nothing. A host shows [`Prepared::files`] (the diff, the
//! versions, the byte ranges that change) to its user, and [`Prepared::commit`] then
//! writes the prepared bytes without matching again, if every file still has the
//! version it was prepared from; else `FILE_CHANGED`, and nothing is written.
//! `edit_file` and the others are a prepare and its commit, made under one hold of the
//! file's lock (see [`crate::file::plan`]), so they read the file once.
//!
//! [`prepare_patch`] does the same for every file of a patch: its files are one per
//! section, and its commit writes them all or none (see its docs).

use std::path::{Path, PathBuf};

use super::files::{self, Anchor, Edit};
use super::options::{EditOptions, PatchOptions};
use super::results::{EditResult, PatchFileResult, PatchResult};
use super::version::Version;
use crate::encoding::Decoded;
use crate::engine::{self, Applied};
use crate::eol::EolInfo;
use crate::error::Result;
use crate::file::{self, FileOptions, Hold, Planned};
use crate::matching::Tier;
use crate::message::Message;
use crate::patch::{self, Action};
use crate::splice::Splices;

/// One replaced byte range of a file's old text, and what stands there in the new one.
///
/// Offsets are in the file's text as [`EditResult`]'s source: its bytes after the byte
/// order mark, as UTF-8 (a UTF-16 or legacy file decoded), with its own line endings,
/// not the LF view. For a UTF-8 file without BOM, they are the file's bytes. Applied
/// to that text from the last to the first, the ranges of a file give its new text.
#[non_exhaustive]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChangedRange {
    /// Start of the replaced range in the old text.
    pub start: usize,
    /// End of the replaced range in the old text (exclusive).
    pub end: usize,
    /// What replaces it, as UTF-8 (a binding's WTF-8 where its text had lone
    /// surrogates), with the endings it is written with.
    pub bytes: Vec<u8>,
}

impl ChangedRange {
    /// The new text as a string (bytes that are not UTF-8 shown as U+FFFD).
    pub fn text(&self) -> std::borrow::Cow<'_, str> {
        String::from_utf8_lossy(&self.bytes)
    }
}

/// What a [`Prepared`] change does to one file.
#[non_exhaustive]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PreparedFile {
    /// The path as given (for a patch: as its section gives it).
    pub path: PathBuf,
    /// [`Action::Update`] for a file that exists, [`Action::Add`] for one the commit
    /// creates; a patch's section also [`Action::Delete`] or [`Action::Move`].
    pub action: Action,
    /// For a patch's move: the new path.
    pub moved_to: Option<PathBuf>,
    /// The version the file had when the change was prepared, which the commit
    /// requires it still has; `None` for a new file, which must still not exist.
    pub version_before: Option<Version>,
    /// The version of the bytes the commit writes (with `dry_run`: would write); for a
    /// patch's section, of the file its path (a move's new path) is left with once
    /// the whole patch is written. `None` when no file is left there (a delete).
    pub version_after: Option<Version>,
    /// A unified diff of the LF views, 3 lines of context.
    pub diff: String,
    /// How many places are replaced (for a patch's section: how many hunks it has
    /// applied).
    pub replacements: u32,
    /// For each edit, the tier that found it.
    pub matched_by: Vec<Tier>,
    /// The replaced ranges of the old text, in order (see [`ChangedRange`]): what a
    /// host that holds the file in a buffer applies to it instead of reading the file
    /// again. Empty when the text does not change (a write of the content the file
    /// has).
    pub ranges: Vec<ChangedRange>,
    /// The first changed line of the new content, 1-based.
    pub start_line: u32,
    /// The last changed line of the new content, 1-based.
    pub end_line: u32,
    /// The line endings of the file afterwards.
    pub eol: EolInfo,
    /// The file's encoding afterwards, by its WHATWG name.
    pub encoding: String,
    /// The file has a byte order mark afterwards.
    pub bom: bool,
    /// False only when `prepare_write` was given the content the file already has.
    pub changed: bool,
    /// Things to tell the user, as they stand at the prepare (see
    /// [`EditResult::warnings`]).
    pub warnings: Vec<Message>,
}

/// A change worked out in full (read, matched, guarded, encoded) and not yet written.
///
/// [`prepare_edit`] and the other `prepare_*` functions make one; a host shows
/// [`Prepared::files`] (the diff, the versions, the byte ranges that change) to its
/// user, and [`Prepared::commit`] writes the prepared bytes without matching again if
/// every file still has the version it was prepared from (else `FILE_CHANGED`, and
/// nothing is written).
///
/// It commits once ([`Prepared::commit`] takes it by value). Dropping it writes
/// nothing and holds nothing: no lock and no open file is kept between the prepare and
/// the commit.
#[derive(Debug)]
pub struct Prepared {
    files: Vec<PreparedFile>,
    work: Work,
}

/// What a commit writes.
#[derive(Debug)]
enum Work {
    /// One file's change (an edit, a write).
    File(Box<Plan>),
    /// A patch's, every file at once.
    Patch(Box<patch::Ready>),
}

/// What the commit of one file needs besides its [`PreparedFile`].
#[derive(Debug)]
struct Plan {
    planned: Planned,
    /// The warnings of the read and of the engine, which the commit's join.
    notes: Vec<Message>,
}

/// The result a one-file change's commit gives when it writes what was prepared (a
/// patch's sections are [`PatchFileResult`]s, and may leave no file).
fn edit_result(f: PreparedFile) -> EditResult {
    EditResult {
        path: f.path,
        replacements: f.replacements,
        matched_by: f.matched_by,
        start_line: f.start_line,
        end_line: f.end_line,
        diff: f.diff,
        eol: f.eol,
        version: f.version_after.expect("a change of one file leaves a file"),
        changed: f.changed,
        warnings: f.warnings,
        ranges: f.ranges,
        size: None,
    }
}

/// What [`Prepared::commit`] did: one result per file, in the order of
/// [`Prepared::files`].
#[non_exhaustive]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CommitResult {
    /// Each file's result, as [`edit_file`](crate::edit_file) and the others give it;
    /// empty for a patch (see `patch`).
    pub files: Vec<EditResult>,
    /// For a patch ([`prepare_patch`]): its result, as [`apply_patch`](crate::apply_patch)
    /// gives it, one entry per section.
    pub patch: Option<PatchResult>,
}

impl Prepared {
    /// What the commit will write, per file.
    pub fn files(&self) -> &[PreparedFile] {
        &self.files
    }

    /// What [`Prepared::commit`] returns when it writes what was prepared: the result a
    /// host shows while it asks its user, in the shape the function the change prepares
    /// gives (one [`EditResult`] in `files`, or for a patch its [`PatchResult`]), each
    /// file's version the one it is to have ([`PreparedFile::version_after`]).
    ///
    /// The commit's own result can add what only the write learns (a warning of the
    /// write itself); otherwise the two are the same.
    ///
    /// ```
    /// # let dir = std::env::temp_dir().join(format!("eol-edit-preview-{}", std::process::id()));
    /// # std::fs::create_dir_all(&dir).unwrap();
    /// # let file = dir.join("a.txt");
    /// # std::fs::write(&file, "one\r\ntwo\r\n").unwrap();
    /// use eol_edit::{prepare_edit, EditOptions};
    ///
    /// let prepared = prepare_edit(&file, "two", "2", &EditOptions::default()).unwrap();
    /// let shown = prepared.preview();
    /// assert_eq!(shown.files[0].version, prepared.files()[0].version_after.unwrap());
    /// assert_eq!(prepared.commit().unwrap(), shown);
    /// # std::fs::remove_dir_all(&dir).unwrap();
    /// ```
    pub fn preview(&self) -> CommitResult {
        match &self.work {
            Work::Patch(ready) => CommitResult {
                files: Vec::new(),
                patch: Some(PatchResult {
                    files: ready
                        .sections()
                        .into_iter()
                        .map(|s| PatchFileResult {
                            version: s.version_after.filter(|_| s.last).map(Version::reported),
                            ..PatchFileResult::from(s.result.clone())
                        })
                        .collect(),
                }),
            },
            Work::File(_) => CommitResult {
                files: self.files.iter().cloned().map(edit_result).collect(),
                patch: None,
            },
        }
    }

    /// Writes the prepared bytes if every file still has its
    /// [`PreparedFile::version_before`] (a new file: still does not exist), checked
    /// under the file's lock; nothing is matched or encoded again. With `dry_run`,
    /// every check and no write.
    ///
    /// # Errors
    ///
    /// `FILE_CHANGED` when a file changed, was deleted or (a new one) was created since
    /// the prepare; nothing is written then. `PERMISSION_DENIED`, `PATH_OUTSIDE_ROOT`
    /// and `IO_ERROR` as for every write.
    pub fn commit(self) -> Result<CommitResult> {
        let plan = match self.work {
            Work::File(plan) => plan,
            Work::Patch(ready) => {
                let files = ready.commit(patch::Recheck::Yes)?;
                return Ok(CommitResult {
                    files: Vec::new(),
                    patch: Some(PatchResult {
                        files: files.into_iter().map(PatchFileResult::from).collect(),
                    }),
                });
            }
        };
        let file = self.files.into_iter().next().expect("a change of one file");
        let written = plan.planned.commit()?;
        let warnings = plan.notes.into_iter().chain(written.warnings).collect();
        let result = EditResult {
            version: Version::reported(&written.version),
            changed: written.changed,
            warnings,
            size: Some(written.size),
            ..edit_result(file)
        };
        Ok(CommitResult {
            files: vec![result],
            patch: None,
        })
    }

    /// The commit of a one-file change, as `edit_file` and the others return it.
    pub(crate) fn commit_one(self) -> Result<EditResult> {
        let mut committed = self.commit()?;
        Ok(committed.files.remove(0))
    }

    /// Works out a change of one file (see [`file::plan`]); `apply` makes the new
    /// source from the decoded file (`None`: a new one, when `whole`), its real path
    /// and the path to name in messages.
    pub(crate) fn change(
        path: &Path,
        opts: FileOptions,
        whole: bool,
        hold: Hold,
        apply: impl FnOnce(Option<&Decoded>, &Path, &str) -> Result<Applied>,
    ) -> Result<Prepared> {
        let label = path.to_string_lossy().into_owned();
        let (planned, (applied, notes, ranges)) =
            file::plan(path, &opts, whole, hold, |decoded, real| {
                let mut applied = apply(decoded, real, &label)?;
                // The new source goes to the file; the result keeps only what it reports.
                let splices = std::mem::take(&mut applied.splices);
                let source = decoded.map_or(&[][..], |d| d.source.as_slice());
                let ranges = ranges(source, &splices);
                let notes: Vec<Message> = decoded
                    .map(|d| d.warnings.clone())
                    .unwrap_or_default()
                    .into_iter()
                    .chain(applied.eol.warning.take())
                    .collect();
                Ok((splices, (applied, notes, ranges)))
            })?;
        let warnings = notes.iter().cloned().chain(planned.warnings()).collect();
        let file = PreparedFile {
            path: path.to_path_buf(),
            action: match planned.version_before() {
                Some(_) => Action::Update,
                None => Action::Add,
            },
            moved_to: None,
            version_before: planned.version_before().map(Version::reported),
            version_after: Some(Version::reported(planned.version_after())),
            diff: applied.diff,
            replacements: applied.replacements,
            matched_by: applied.matched_by,
            ranges: if planned.changed() {
                ranges
            } else {
                Vec::new()
            },
            start_line: applied.start_line,
            end_line: applied.end_line,
            eol: applied.eol.info,
            encoding: planned.encoding().name(),
            bom: planned.bom(),
            changed: planned.changed(),
            warnings,
        };
        Ok(Prepared {
            files: vec![file],
            work: Work::File(Box::new(Plan { planned, notes })),
        })
    }

    /// A patch worked out by the planner, described section by section.
    fn patch(ready: patch::Ready) -> Prepared {
        let files = ready
            .sections()
            .into_iter()
            .map(|s| PreparedFile {
                path: PathBuf::from(&s.result.path),
                action: s.result.action,
                moved_to: s.result.moved_to.as_ref().map(PathBuf::from),
                version_before: s.version_before.map(Version::reported),
                version_after: s.version_after.map(Version::reported),
                diff: s.result.diff.clone(),
                replacements: s.result.matched_by.len() as u32,
                matched_by: s.result.matched_by.clone(),
                ranges: s.ranges.to_vec(),
                start_line: s.lines.0,
                end_line: s.lines.1,
                eol: s.result.eol,
                encoding: s.encoding.name(),
                bom: s.bom,
                changed: s.changed,
                warnings: s.result.warnings.clone(),
            })
            .collect();
        Prepared {
            files,
            work: Work::Patch(Box::new(ready)),
        }
    }
}

/// [`apply_patch`](crate::apply_patch), prepared: every section worked out (the same
/// parser and planner, the same hunk matching and errors) and every check of a dry run
/// made, and nothing written.
///
/// [`Prepared::files`] has one entry per section, in the patch's order: its path and
/// action (with `moved_to` for a move), `version_before` (the file at its path, for a
/// move the file moved; `None` when there was none), `version_after` (what the path, a
/// move's new path, holds once the whole patch is written; `None` when nothing: a
/// delete), the diff, `matched_by` and `replacements` (the hunks applied), and the
/// ranges, over the text the section starts from (the file as read for its first
/// section, else as the sections before it leave it; for a move, the moved file's):
/// an update's replaced lines, one range for an add (the whole new text, or what
/// differs from the file it replaces), the whole text for a delete, none for a move
/// without hunks.
///
/// [`Prepared::commit`] takes the locks of every file the patch touches (in one order,
/// so two commits never wait for each other), checks that each still has the version
/// it was read with and that each new file's path is still free, and makes the checks
/// again; then it writes the prepared bytes as `apply_patch` writes them (all or
/// nothing, with its rollback), without reading the patch or matching a hunk again.
/// A file changed since is `FILE_CHANGED` naming it (and its section as the error's
/// `file_index`), and nothing is written. Its result is in [`CommitResult::patch`].
///
/// ```
/// # let dir = std::env::temp_dir().join(format!("eol-edit-prepare-patch-{}", std::process::id()));
/// # std::fs::create_dir_all(&dir).unwrap();
/// # std::fs::write(dir.join("a.txt"), "one\r\ntwo\r\n").unwrap();
/// use eol_edit::{prepare_patch, PatchOptions};
///
/// let patch = "*** Begin Patch\n*** Update File: a.txt\n@@\n-two\n+2\n*** End Patch\n";
/// let prepared = prepare_patch(patch, &PatchOptions::default().with_cwd(&dir)).unwrap();
/// assert!(prepared.files()[0].diff.contains("+2"));
/// assert_eq!(std::fs::read(dir.join("a.txt")).unwrap(), b"one\r\ntwo\r\n");
/// let done = prepared.commit().unwrap();
/// assert_eq!(done.patch.unwrap().files.len(), 1);
/// assert_eq!(std::fs::read(dir.join("a.txt")).unwrap(), b"one\r\n2\r\n");
/// # std::fs::remove_dir_all(&dir).unwrap();
/// ```
///
/// # Errors
///
/// As [`apply_patch`](crate::apply_patch); nothing is ever written.
pub fn prepare_patch(patch: impl AsRef<[u8]>, options: &PatchOptions) -> Result<Prepared> {
    let options = super::patch::planner_options(options)?;
    let ready = patch::prepare_patch(patch.as_ref(), &options)?;
    Ok(Prepared::patch(ready))
}

/// The ranges of `source` that `splices` replace, without the ones that put back what
/// was there. A new text of its own (a whole-file write) is one range, from the first
/// byte that differs to the last, on character boundaries.
pub(crate) fn ranges(source: &[u8], splices: &Splices) -> Vec<ChangedRange> {
    if !splices.replaces_source() {
        return splices
            .splice_list()
            .iter()
            .filter(|s| s.bytes != source[s.start..s.end])
            .map(|s| ChangedRange {
                start: s.start,
                end: s.end,
                bytes: s.bytes.clone(),
            })
            .collect();
    }
    let new = splices.joined(source);
    differing(source, &new).into_iter().collect()
}

/// The one range of `old` that makes `new`, without the bytes both start and end with,
/// on UTF-8 character boundaries; `None` when they are equal.
pub(crate) fn differing(old: &[u8], new: &[u8]) -> Option<ChangedRange> {
    if old == new {
        return None;
    }
    let continuation = |b: u8| b & 0xC0 == 0x80;
    let mut prefix = old.iter().zip(new).take_while(|(a, b)| a == b).count();
    while prefix > 0
        && (old.get(prefix).is_some_and(|&b| continuation(b))
            || new.get(prefix).is_some_and(|&b| continuation(b)))
    {
        prefix -= 1;
    }
    let most = old.len().min(new.len()) - prefix;
    let mut suffix = old
        .iter()
        .rev()
        .zip(new.iter().rev())
        .take(most)
        .take_while(|(a, b)| a == b)
        .count();
    // The common end starts on a character, not inside one.
    while suffix > 0 && continuation(old[old.len() - suffix]) {
        suffix -= 1;
    }
    Some(ChangedRange {
        start: prefix,
        end: old.len() - suffix,
        bytes: new[prefix..new.len() - suffix].to_vec(),
    })
}

/// [`edit_file`](crate::edit_file), prepared: everything but the write.
///
/// # Errors
///
/// As [`edit_file`](crate::edit_file); nothing is ever written.
pub fn prepare_edit(
    path: impl AsRef<Path>,
    old_text: &str,
    new_text: &str,
    options: &EditOptions,
) -> Result<Prepared> {
    prepare_edit_bytes(
        path.as_ref(),
        old_text.as_bytes(),
        new_text.as_bytes(),
        options,
    )
}

/// [`prepare_edit`] on texts given as UTF-8 bytes.
///
/// # Errors
///
/// As [`edit_file`](crate::edit_file).
pub fn prepare_edit_bytes(
    path: &Path,
    old_text: &[u8],
    new_text: &[u8],
    options: &EditOptions,
) -> Result<Prepared> {
    files::edit(path, old_text, new_text, options, Hold::Release)
}

/// [`multi_edit`](crate::multi_edit), prepared: everything but the write.
///
/// # Errors
///
/// As [`multi_edit`](crate::multi_edit); nothing is ever written.
pub fn prepare_multi_edit(
    path: impl AsRef<Path>,
    edits: &[Edit],
    options: &EditOptions,
) -> Result<Prepared> {
    let edits: Vec<engine::Edit> = edits.iter().map(Edit::engine).collect();
    prepare_multi_edit_bytes(path.as_ref(), &edits, options)
}

/// [`prepare_multi_edit`] on edits whose texts are UTF-8 bytes.
///
/// # Errors
///
/// As [`multi_edit`](crate::multi_edit).
pub fn prepare_multi_edit_bytes(
    path: &Path,
    edits: &[engine::Edit],
    options: &EditOptions,
) -> Result<Prepared> {
    files::multi(path, edits, options, Hold::Release)
}

/// [`delete_range`](crate::delete_range), prepared: everything but the write.
///
/// # Errors
///
/// As [`delete_range`](crate::delete_range); nothing is ever written.
pub fn prepare_delete_range(
    path: impl AsRef<Path>,
    start_anchor: impl Into<Anchor>,
    end_anchor: impl Into<Anchor>,
    options: &EditOptions,
) -> Result<Prepared> {
    prepare_delete_range_bytes(
        path.as_ref(),
        &start_anchor.into().engine(),
        &end_anchor.into().engine(),
        options,
    )
}

/// [`prepare_delete_range`] on anchors whose texts are UTF-8 bytes.
///
/// # Errors
///
/// As [`delete_range`](crate::delete_range).
pub fn prepare_delete_range_bytes(
    path: &Path,
    start: &engine::Anchor,
    end: &engine::Anchor,
    options: &EditOptions,
) -> Result<Prepared> {
    files::delete(path, start, end, options, Hold::Release)
}

/// [`insert_lines`](crate::insert_lines), prepared: everything but the write.
///
/// # Errors
///
/// As [`insert_lines`](crate::insert_lines); nothing is ever written.
pub fn prepare_insert_lines(
    path: impl AsRef<Path>,
    after_line: u32,
    text: &str,
    options: &EditOptions,
) -> Result<Prepared> {
    prepare_insert_lines_bytes(path.as_ref(), after_line, text.as_bytes(), options)
}

/// [`prepare_insert_lines`] on a text given as UTF-8 bytes.
///
/// # Errors
///
/// As [`insert_lines`](crate::insert_lines).
pub fn prepare_insert_lines_bytes(
    path: &Path,
    after_line: u32,
    text: &[u8],
    options: &EditOptions,
) -> Result<Prepared> {
    files::insert(path, after_line, text, options, Hold::Release)
}

/// [`write_file`](crate::write_file), prepared: everything but the write. A file that
/// does not exist yet is [`Action::Add`], and its commit fails with `FILE_CHANGED` if
/// the path exists by then.
///
/// # Errors
///
/// As [`write_file`](crate::write_file); nothing is ever written.
pub fn prepare_write(
    path: impl AsRef<Path>,
    content: impl AsRef<[u8]>,
    options: &EditOptions,
) -> Result<Prepared> {
    files::write(path.as_ref(), content.as_ref(), options, Hold::Release)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::file::testing::TempDir;
    use crate::{edit_file, ErrorCode};

    fn in_dir(dir: &TempDir) -> EditOptions {
        EditOptions::default().with_cwd(dir.path())
    }

    /// `old` with `ranges` applied, as a buffer host applies them.
    fn apply(old: &[u8], ranges: &[ChangedRange]) -> Vec<u8> {
        let mut out = old.to_vec();
        for r in ranges.iter().rev() {
            out.splice(r.start..r.end, r.bytes.iter().copied());
        }
        out
    }

    #[test]
    fn prepare_writes_nothing_and_commit_writes_what_files_showed() {
        let dir = TempDir::new();
        let old = b"one\r\ntwo\nthree\rfour\r\n".to_vec();
        dir.write("a.txt", &old);
        let o = in_dir(&dir);
        let p = prepare_edit("a.txt", "two\nthree\n", "2\n3\n", &o).unwrap();
        assert_eq!(dir.read("a.txt"), old);
        let f = &p.files()[0];
        assert_eq!(f.action, Action::Update);
        assert_eq!(f.version_before, Some(Version::of(&old)));
        assert_eq!((f.replacements, &f.matched_by[..]), (1, &[Tier::Exact][..]));
        let new = apply(&old, &f.ranges);
        assert_eq!(new, b"one\r\n2\n3\rfour\r\n");
        assert_eq!(f.version_after, Some(Version::of(&new)));
        assert!(f.diff.contains("+2\n"));
        let after = f.version_after;
        let shown = p.preview();
        assert_eq!(shown.files[0].version, after.unwrap());
        assert_eq!(
            (shown.files[0].replacements, shown.patch.is_none()),
            (1, true)
        );
        let committed = p.commit().unwrap();
        assert_eq!(committed, shown, "the preview is what the commit gave");
        assert_eq!(dir.read("a.txt"), new);
        assert_eq!(Some(committed.files[0].version), after);
        assert_eq!(
            committed.files[0].ranges,
            [ChangedRange {
                start: 5,
                end: 15,
                bytes: b"2\n3\r".to_vec()
            }]
        );
    }

    #[test]
    fn a_file_changed_after_the_prepare_is_file_changed_and_kept() {
        let dir = TempDir::new();
        dir.write("a.txt", "one\n");
        let p = prepare_edit("a.txt", "one", "1", &in_dir(&dir)).unwrap();
        dir.write("a.txt", "uno\n");
        let e = p.commit().unwrap_err();
        assert_eq!(e.code(), ErrorCode::FileChanged);
        assert!(e.to_string().contains("Nothing was written"), "{e}");
        assert_eq!(dir.read("a.txt"), b"uno\n");
        // Deleted meanwhile.
        let p = prepare_edit("a.txt", "uno", "1", &in_dir(&dir)).unwrap();
        std::fs::remove_file(dir.join("a.txt")).unwrap();
        assert_eq!(p.commit().unwrap_err().code(), ErrorCode::FileChanged);
        assert!(!dir.join("a.txt").exists());
    }

    /// A path whose symbolic links changed between the prepare and the commit names
    /// another file, even one with the very bytes (the same version) that was
    /// prepared: the commit refuses rather than write a file that was never shown.
    #[cfg(unix)]
    #[test]
    fn a_path_that_leads_elsewhere_at_the_commit_is_file_changed_even_with_the_same_bytes() {
        use std::os::unix::fs::symlink;
        let dir = TempDir::new();
        let out = TempDir::new();
        // The file replaced by a link to a file with the same bytes.
        dir.write("a.txt", "one\r\n");
        out.write("a.txt", "one\r\n");
        let p = prepare_edit("a.txt", "one", "1", &in_dir(&dir)).unwrap();
        std::fs::remove_file(dir.join("a.txt")).unwrap();
        symlink(out.join("a.txt"), dir.join("a.txt")).unwrap();
        let e = p.commit().unwrap_err();
        assert_eq!(e.code(), ErrorCode::FileChanged, "{e}");
        assert!(e.to_string().contains("symbolic link"), "{e}");
        assert_eq!(out.read("a.txt"), b"one\r\n");
        // Its folder swapped for a link to a folder with such a file.
        dir.write("sub/b.txt", "one\r\n");
        out.write("b.txt", "one\r\n");
        let p = prepare_edit("sub/b.txt", "one", "1", &in_dir(&dir)).unwrap();
        std::fs::rename(dir.join("sub"), dir.join("sub.old")).unwrap();
        symlink(out.path(), dir.join("sub")).unwrap();
        assert_eq!(p.commit().unwrap_err().code(), ErrorCode::FileChanged);
        assert_eq!(out.read("b.txt"), b"one\r\n");
        assert_eq!(dir.read("sub.old/b.txt"), b"one\r\n");
        // A dangling link planted where a new file is to be created.
        let p = prepare_write("new.txt", "mine\n", &in_dir(&dir)).unwrap();
        symlink(out.join("new.txt"), dir.join("new.txt")).unwrap();
        assert_eq!(p.commit().unwrap_err().code(), ErrorCode::FileChanged);
        assert!(!out.join("new.txt").exists());
        // A link that was there at the prepare is followed, as by every write.
        let p = prepare_write("new.txt", "mine\n", &in_dir(&dir)).unwrap();
        p.commit().unwrap();
        assert_eq!(out.read("new.txt"), b"mine\n");
    }

    #[test]
    fn a_new_file_created_by_someone_else_meanwhile_is_file_changed() {
        let dir = TempDir::new();
        let p = prepare_write("sub/new.txt", "mine\n", &in_dir(&dir)).unwrap();
        let f = &p.files()[0];
        assert_eq!((f.action, f.version_before), (Action::Add, None));
        assert_eq!(apply(b"", &f.ranges), b"mine\n");
        assert!(!dir.join("sub").exists());
        dir.write("sub/new.txt", "theirs\n");
        assert_eq!(p.commit().unwrap_err().code(), ErrorCode::FileChanged);
        assert_eq!(dir.read("sub/new.txt"), b"theirs\n");
        let p = prepare_write("other.txt", "mine\n", &in_dir(&dir)).unwrap();
        p.commit().unwrap();
        assert_eq!(dir.read("other.txt"), b"mine\n");
    }

    #[test]
    fn a_write_over_a_file_changes_the_range_that_differs_and_keeps_the_bom() {
        let dir = TempDir::new();
        dir.write("b.txt", "\u{feff}a\r\nb\r\nc\r\n");
        let p = prepare_write("b.txt", "a\nB\nc\n", &in_dir(&dir)).unwrap();
        let f = &p.files()[0];
        assert!(f.bom);
        assert_eq!(
            f.ranges,
            [ChangedRange {
                start: 3,
                end: 4,
                bytes: b"B".to_vec()
            }]
        );
        p.commit().unwrap();
        assert_eq!(dir.read("b.txt"), "\u{feff}a\r\nB\r\nc\r\n".as_bytes());
        // The content the file has: nothing to change, nothing written.
        let p = prepare_write("b.txt", "a\nB\nc\n", &in_dir(&dir)).unwrap();
        assert!(!p.files()[0].changed && p.files()[0].ranges.is_empty());
        assert!(!p.commit().unwrap().files[0].changed);
    }

    #[test]
    fn a_prepared_multi_edit_and_delete_range_commit_like_the_direct_calls() {
        let dir = TempDir::new();
        dir.write("m.txt", "a\r\nb\r\nc\r\nd\r\n");
        let edits = [Edit::new("a", "A"), Edit::new("d", "D")];
        let p = prepare_multi_edit("m.txt", &edits, &in_dir(&dir)).unwrap();
        assert_eq!(
            apply(&dir.read("m.txt"), &p.files()[0].ranges),
            b"A\r\nb\r\nc\r\nD\r\n"
        );
        p.commit().unwrap();
        let p =
            prepare_delete_range("m.txt", 2u64, 3u64, &in_dir(&dir).with_inclusive(true)).unwrap();
        assert_eq!(
            apply(&dir.read("m.txt"), &p.files()[0].ranges),
            b"A\r\nD\r\n"
        );
        p.commit().unwrap();
        assert_eq!(dir.read("m.txt"), b"A\r\nD\r\n");
    }

    #[test]
    fn a_utf16_file_is_prepared_over_its_decoded_text_and_written_in_utf16() {
        let dir = TempDir::new();
        let enc = |s: &str| {
            let mut b = vec![0xFF, 0xFE];
            s.encode_utf16().for_each(|u| b.extend(u.to_le_bytes()));
            b
        };
        dir.write("u.txt", enc("x = 1\r\ny = 2\r\n"));
        let p = prepare_edit("u.txt", "y = 2", "y = é", &in_dir(&dir)).unwrap();
        let f = &p.files()[0];
        assert_eq!((f.encoding.as_str(), f.bom), ("utf-16le", true));
        assert_eq!(
            apply(b"x = 1\r\ny = 2\r\n", &f.ranges),
            "x = 1\r\ny = é\r\n".as_bytes()
        );
        assert_eq!(
            f.version_after,
            Some(Version::of(&enc("x = 1\r\ny = é\r\n")))
        );
        p.commit().unwrap();
        assert_eq!(dir.read("u.txt"), enc("x = 1\r\ny = é\r\n"));
    }

    #[test]
    fn a_dry_run_commit_checks_and_writes_nothing() {
        let dir = TempDir::new();
        dir.write("a.txt", "one\n");
        let p = prepare_edit("a.txt", "one", "1", &in_dir(&dir).with_dry_run(true)).unwrap();
        assert!(p.commit().unwrap().files[0].changed);
        assert_eq!(dir.read("a.txt"), b"one\n");
    }

    #[test]
    fn edit_file_results_carry_the_ranges_too() {
        let dir = TempDir::new();
        dir.write("a.txt", "one\r\ntwo\r\n");
        let r = edit_file("a.txt", "two", "2", &in_dir(&dir)).unwrap();
        assert_eq!(
            r.ranges,
            [ChangedRange {
                start: 5,
                end: 8,
                bytes: b"2".to_vec()
            }]
        );
    }

    #[test]
    fn a_prepared_change_can_go_to_another_thread_for_its_commit() {
        fn send<T: Send + 'static>() {}
        send::<Prepared>();
    }

    #[test]
    fn a_whole_new_text_changes_one_range_on_character_boundaries() {
        let r = differing("a é b".as_bytes(), "a è b".as_bytes()).unwrap();
        assert_eq!((r.start, r.end, &*r.text()), (2, 4, "è"));
        let r = differing(b"one\r\ntwo\r\n", b"one\r\n2\r\ntwo\r\n").unwrap();
        assert_eq!((r.start, r.end, &*r.text()), (5, 5, "2\r\n"));
        assert_eq!(differing(b"same", b"same"), None);
        let r = differing(b"", b"new").unwrap();
        assert_eq!((r.start, r.end, &*r.text()), (0, 0, "new"));
        let r = differing(b"abc", b"").unwrap();
        assert_eq!((r.start, r.end, &*r.text()), (0, 3, ""));
    }
}

#[cfg(test)]
mod patch_tests;
