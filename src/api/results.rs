//! What the API's functions return, as the JavaScript library returns it (in
//! snake_case): each result is built here, the same way for every front-end.

use std::path::PathBuf;

use super::version::Version;
use crate::engine::Applied;
use crate::eol::EolInfo;
use crate::matching::Tier;
use crate::message::Message;

/// What [`read_file`](crate::read_file) returns.
#[non_exhaustive]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReadResult {
    /// The lines asked for in the LF view: every ending shown as `\n`, what a model
    /// should see and what edits are matched against.
    pub content: String,
    /// The first line of `content`, 1-based.
    pub start_line: u32,
    /// The last line of `content`, 1-based (`start_line - 1` when it is empty).
    pub end_line: u32,
    /// How many lines the file has.
    pub total_lines: u32,
    /// The file's line endings.
    pub eol: EolInfo,
    /// The file starts with a byte order mark.
    pub bom: bool,
    /// The file's encoding, by its WHATWG name (`"utf-8"`, `"gbk"`, `"shift_jis"`, …).
    pub encoding: String,
    /// The version (hash) of the file's bytes, for
    /// [`EditOptions::expected_version`](crate::EditOptions::expected_version).
    pub version: Version,
    /// Things to tell the user, such as an encoding that was guessed.
    pub warnings: Vec<Message>,
}

/// What [`read_file_bytes`](crate::read_file_bytes) returns: a file's exact bytes and
/// their version, from one read.
#[non_exhaustive]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileBytes {
    /// Every byte of the file, its byte order mark included.
    pub bytes: Vec<u8>,
    /// The version (hash) of these bytes, for
    /// [`EditOptions::expected_version`](crate::EditOptions::expected_version).
    pub version: Version,
}

/// What every function that changes a file returns.
#[non_exhaustive]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Debug, Clone, Eq)]
pub struct EditResult {
    /// The path as given.
    pub path: PathBuf,
    /// How many places were replaced.
    pub replacements: u32,
    /// For each edit, the tier that found it.
    pub matched_by: Vec<Tier>,
    /// The first changed line of the new content, 1-based.
    pub start_line: u32,
    /// The last changed line of the new content, 1-based.
    pub end_line: u32,
    /// A unified diff of the LF views, 3 lines of context.
    pub diff: String,
    /// The line endings of the file afterwards.
    pub eol: EolInfo,
    /// The version of the file's bytes afterwards (with `dry_run`: that would be).
    pub version: Version,
    /// False only when `write_file` was given the content the file already has.
    pub changed: bool,
    /// Things to tell the user: an encoding guessed, a hard link broken under a root,
    /// endings the change made mixed.
    pub warnings: Vec<Message>,
    /// The replaced ranges of the old text and what replaces them (see
    /// [`ChangedRange`](crate::ChangedRange)); empty when the text did not change.
    pub ranges: Vec<crate::ChangedRange>,
    /// The file's size in bytes after the write, when the write knows it: what
    /// [`ReadState::change`](crate::ReadState::change) records without a `stat`.
    #[cfg_attr(feature = "serde", serde(skip))]
    pub(crate) size: Option<u64>,
}

/// Two results are equal when what they say is: `size` is what one write knew, not
/// part of the result (a result read back from JSON has none).
impl PartialEq for EditResult {
    fn eq(&self, other: &Self) -> bool {
        self.path == other.path
            && self.replacements == other.replacements
            && self.matched_by == other.matched_by
            && self.start_line == other.start_line
            && self.end_line == other.end_line
            && self.diff == other.diff
            && self.eol == other.eol
            && self.version == other.version
            && self.changed == other.changed
            && self.warnings == other.warnings
            && self.ranges == other.ranges
    }
}

/// What [`apply_edits`](crate::apply_edits) and
/// [`apply_delete_range`](crate::apply_delete_range) return: `C` is the type the
/// content came in (`String` for text, `Vec<u8>` for bytes).
#[non_exhaustive]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ApplyResult<C> {
    /// The new content.
    pub content: C,
    /// How many places were replaced.
    pub replacements: u32,
    /// For each edit, the tier that found it.
    pub matched_by: Vec<Tier>,
    /// The first changed line of the new content, 1-based.
    pub start_line: u32,
    /// The last changed line of the new content, 1-based.
    pub end_line: u32,
    /// A unified diff of the LF views, 3 lines of context.
    pub diff: String,
    /// The line endings of the new content.
    pub eol: EolInfo,
    /// Always true: a change that changes nothing is `NO_CHANGE`.
    pub changed: bool,
    /// Things to tell the user, such as endings the change made mixed.
    pub warnings: Vec<Message>,
}

impl<C> ApplyResult<C> {
    /// The result of `applied`, whose new content is `content`.
    pub(crate) fn new(content: C, applied: Applied) -> Self {
        ApplyResult {
            content,
            replacements: applied.replacements,
            matched_by: applied.matched_by,
            start_line: applied.start_line,
            end_line: applied.end_line,
            diff: applied.diff,
            eol: applied.eol.info,
            changed: true,
            warnings: applied.eol.warning.into_iter().collect(),
        }
    }

    /// The same result with its content converted.
    pub(crate) fn map<D>(self, f: impl FnOnce(C) -> D) -> ApplyResult<D> {
        ApplyResult {
            content: f(self.content),
            replacements: self.replacements,
            matched_by: self.matched_by,
            start_line: self.start_line,
            end_line: self.end_line,
            diff: self.diff,
            eol: self.eol,
            changed: self.changed,
            warnings: self.warnings,
        }
    }
}

/// What [`apply_patch`](crate::apply_patch) returns: one entry per file section of the
/// patch, in the patch's order.
#[non_exhaustive]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PatchResult {
    /// What was done to each file.
    pub files: Vec<PatchFileResult>,
}

/// What [`apply_patch`](crate::apply_patch) did to one file section.
#[non_exhaustive]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PatchFileResult {
    /// The path as the patch gives it.
    pub path: PathBuf,
    /// What was done.
    pub action: crate::PatchAction,
    /// For a move: the new path.
    pub moved_to: Option<PathBuf>,
    /// A unified diff of the LF views (empty for a move that changes no line).
    pub diff: String,
    /// The line endings of the file afterwards (of the deleted content for a delete).
    pub eol: EolInfo,
    /// The version of the file's bytes afterwards (none after a delete, nor for a
    /// section a later section of the same patch changed again).
    pub version: Option<Version>,
    /// The tier that found each hunk.
    pub matched_by: Vec<Tier>,
    /// What the host should tell its user about this file.
    pub warnings: Vec<Message>,
}

impl From<crate::patch::FileResult> for PatchFileResult {
    fn from(f: crate::patch::FileResult) -> Self {
        PatchFileResult {
            path: f.path.into(),
            action: f.action,
            moved_to: f.moved_to.map(PathBuf::from),
            diff: f.diff,
            eol: f.eol,
            version: f.version.as_deref().map(Version::reported),
            matched_by: f.matched_by,
            warnings: f.warnings,
        }
    }
}

/// What [`apply_patch_in_memory`](crate::apply_patch_in_memory) returns: one entry per
/// file section of the patch, in the patch's order, as [`PatchResult`] has.
#[non_exhaustive]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InMemoryPatch {
    /// What the patch does to each file.
    pub files: Vec<InMemoryFile>,
}

/// What [`apply_patch_in_memory`](crate::apply_patch_in_memory) does to one file
/// section.
///
/// To bring the buffers to the patch's end state: drop the buffer of every `path` whose
/// action is [`Delete`](crate::PatchAction::Delete) or [`Move`](crate::PatchAction::Move),
/// then, in order, put every `after` there is at `moved_to` (a move) or `path`. This is
/// what [`apply_patch`](crate::apply_patch) writes, `A → B` with `B → A` (a swap)
/// included.
#[non_exhaustive]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InMemoryFile {
    /// The path as the patch gives it (a `cd DIR &&` folded in).
    pub path: PathBuf,
    /// What the section does.
    pub action: crate::PatchAction,
    /// For a move: the new path.
    pub moved_to: Option<PathBuf>,
    /// The bytes the section starts from: the buffer as the lookup gave it, or as an
    /// earlier section of the patch left it; for an add, the buffer it replaces. `None`
    /// for a file the section creates.
    pub before: Option<Vec<u8>>,
    /// The bytes the section leaves at its path (a move: at `moved_to`), with the
    /// buffer's endings, BOM and encoding as `apply_patch` keeps them. `None` for a
    /// delete, and for a section whose path a later section of the same patch changes
    /// again (the later one's `before` has them), as `apply_patch` reports no `version`
    /// there.
    pub after: Option<Vec<u8>>,
    /// A unified diff of the LF views (empty for a move that changes no line).
    pub diff: String,
    /// The line endings afterwards (of the deleted content for a delete).
    pub eol: EolInfo,
    /// The tier that found each hunk.
    pub matched_by: Vec<Tier>,
    /// What the host should tell its user about this file.
    pub warnings: Vec<Message>,
}

impl From<crate::patch::MemoryFile> for InMemoryFile {
    fn from(m: crate::patch::MemoryFile) -> Self {
        let f = m.result;
        InMemoryFile {
            path: f.path.into(),
            action: f.action,
            moved_to: f.moved_to.map(PathBuf::from),
            before: m.before,
            after: m.after,
            diff: f.diff,
            eol: f.eol,
            matched_by: f.matched_by,
            warnings: f.warnings,
        }
    }
}

/// What [`parse_patch`](crate::parse_patch) returns.
#[non_exhaustive]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParsedPatch {
    /// The format the patch is in.
    pub format: crate::PatchFormat,
    /// The DIR of a `cd DIR && apply_patch <<'EOF'` the patch came in, as written: the
    /// paths of `files` are already taken against it.
    pub cd: Option<String>,
    /// One entry per file section, in the patch's order.
    pub files: Vec<ParsedFile>,
}

/// One file section of a parsed patch.
#[non_exhaustive]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParsedFile {
    /// The file's path as the patch gives it.
    pub path: PathBuf,
    /// What the section does to the file.
    pub action: crate::PatchAction,
    /// For a move: the new path.
    pub moved_to: Option<PathBuf>,
    /// For an added file: its text, with the line breaks the patch gives it.
    pub content: Option<String>,
    /// The hunks, in file order.
    pub hunks: Vec<ParsedHunk>,
    /// The 1-based line of the patch where the section starts.
    pub line: u32,
}

/// One hunk of a parsed patch.
#[non_exhaustive]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParsedHunk {
    /// The apply_patch format's `@@ <line>` anchors: lines the hunk comes after.
    pub anchors: Vec<String>,
    /// A unified diff's `@@ -old_start,old_lines +new_start,new_lines @@`.
    pub old_start: Option<u32>,
    /// See [`ParsedHunk::old_start`].
    pub old_lines: Option<u32>,
    /// See [`ParsedHunk::old_start`].
    pub new_start: Option<u32>,
    /// See [`ParsedHunk::old_start`].
    pub new_lines: Option<u32>,
    /// The hunk's lines, each with its prefix: `' '` context, `'-'` removed, `'+'`
    /// added.
    pub lines: Vec<String>,
    /// `*** End of File`: the hunk must match at the end of the file.
    pub end_of_file: bool,
    /// The 1-based line of the patch where the hunk starts.
    pub line: u32,
}
