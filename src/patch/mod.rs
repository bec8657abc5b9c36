//! Patches a model sends (`applyPatch`): the `*** Begin Patch` envelope of Codex and
//! OpenCode, and unified diffs, applied with the engine's guarantees to every file.
//!
//! The flow is the crate's own, one file after another and then all files at once:
//!
//! - [`parse`] reads the text (either format, detected from the text) into a [`Patch`]:
//!   one [`FilePatch`] per file, each update a list of [`Hunk`]s. No I/O.
//! - [`apply`] (the module) works out one file's new source from its hunks: each hunk's
//!   context and removed lines are found as whole lines of the LF view, after the hunk
//!   before, through the tiers of [`crate::matching`], and replaced line by line by
//!   [`crate::align`], so kept lines keep their bytes and endings. No I/O.
//! - [`apply_patch`] reads every file the patch names, computes every new content and
//!   makes every check, and only then writes them all; a failed write puts back what was
//!   already written. All of its file I/O is in `commit`, on the public API of
//!   [`crate::file`].
//! - [`apply_patch_in_memory`] runs the same planner over the caller's buffers: `commit`
//!   reads through a source (the disk, or a lookup), and for buffers hands each
//!   section's bytes back instead of writing them.
//!
//! ```
//! use eol_edit::internals::patch::{parse, Action, Kind};
//!
//! let patch = parse(b"*** Begin Patch\n*** Update File: a.txt\n@@\n-two\n+2\n*** End Patch\n").unwrap();
//! assert_eq!(patch.files[0].action(), Action::Update);
//! assert_eq!(patch.files[0].hunks()[0].lines[0], (Kind::Removed, b"two".to_vec()));
//! ```

pub mod apply;
mod commit;
mod parse;
pub mod v4a;

pub use commit::memory::MemoryFile;
pub use commit::source::Lookup;
pub use commit::Options;
pub(crate) use commit::{Ready, Recheck};
pub use parse::parse;

use crate::eol::EolInfo;
use crate::error::Result;
use crate::matching::Tier;
use crate::message::Message;

/// The two formats a patch can come in (`Display`, `FromStr`: `"envelope"`,
/// `"unified"`).
#[non_exhaustive]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Format {
    /// `*** Begin Patch` … `*** End Patch` (Codex, OpenCode).
    Envelope,
    /// `--- a/P` / `+++ b/P` with `@@ -l,n +l,n @@` hunks (`diff -u`, `git diff`).
    Unified,
}

impl Format {
    /// The format's name in the public API.
    pub fn as_str(self) -> &'static str {
        match self {
            Format::Envelope => "envelope",
            Format::Unified => "unified",
        }
    }
}

/// What a patch does to one file (`Display`, `FromStr`: `"add"`, `"delete"`,
/// `"update"`, `"move"`).
#[non_exhaustive]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Action {
    /// Create the file (or replace it, like `writeFile`, when it exists).
    Add,
    /// Delete the file.
    Delete,
    /// Change the file in place.
    Update,
    /// Rename the file, changing it on the way when the patch has hunks for it.
    Move,
}

impl Action {
    /// The action's name in the public API.
    pub fn as_str(self) -> &'static str {
        match self {
            Action::Add => "add",
            Action::Delete => "delete",
            Action::Update => "update",
            Action::Move => "move",
        }
    }
}

crate::api::names::stable_names!(
    Format,
    as_str,
    "patch format",
    [Format::Envelope, Format::Unified]
);
crate::api::names::stable_names!(
    Action,
    as_str,
    "patch action",
    [Action::Add, Action::Delete, Action::Update, Action::Move]
);

/// A parsed patch: what it does to each file, in the order it says it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Patch {
    /// Which format the text was in.
    pub format: Format,
    /// The DIR of a `cd DIR && apply_patch <<'EOF'` the patch came in: every path of
    /// `files` has been taken against it (relative to the call's `cwd`, and confined
    /// to its roots like any path).
    pub cd: Option<String>,
    /// One entry per file section of the patch.
    pub files: Vec<FilePatch>,
}

/// One file section of a patch: the file it is about, and what it does to it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FilePatch {
    /// The file's path as the patch gives it.
    pub path: String,
    /// What the section does to the file, with what only that change has.
    pub change: Change,
    /// The line of the patch giving mode 120000 (a symbolic link) to the file as it
    /// was: a section about a link that is already there, which `apply_patch` refuses
    /// by what it finds on disk (a patch never changes a link, nor writes its target
    /// into a file as text).
    pub link_line: Option<usize>,
    /// 1-based line of the patch where the section starts.
    pub line: usize,
}

/// What a file section does, each change with its own data: an add always has its
/// text, a move always its destination, and neither can be asked for where it is not.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Change {
    /// Create the file with this text (or replace it, as `write_file` does).
    Add {
        /// The new file's text.
        content: NewContent,
    },
    /// Delete the file.
    Delete {
        /// A unified diff's removed lines (only removed lines), which must be every
        /// line of the file; none for the envelope's `*** Delete File` and a git
        /// deletion without hunks.
        hunks: Vec<Hunk>,
        /// A git deletion without hunks whose `index` line names the empty file: only
        /// an empty file may be deleted (git refuses a deletion that would drop
        /// content the patch does not show).
        old_empty: bool,
    },
    /// Change the file in place.
    Update {
        /// The changes, in file order.
        hunks: Vec<Hunk>,
    },
    /// Rename the file, changing it on the way when there are hunks.
    Move {
        /// The new path.
        to: String,
        /// The changes, in file order (none for a pure rename).
        hunks: Vec<Hunk>,
    },
}

impl FilePatch {
    /// What the section does, by name.
    pub fn action(&self) -> Action {
        match self.change {
            Change::Add { .. } => Action::Add,
            Change::Delete { .. } => Action::Delete,
            Change::Update { .. } => Action::Update,
            Change::Move { .. } => Action::Move,
        }
    }

    /// An add's text.
    #[cfg(any(test, feature = "internals"))]
    pub fn content(&self) -> Option<&NewContent> {
        match &self.change {
            Change::Add { content } => Some(content),
            _ => None,
        }
    }

    /// A move's new path.
    #[cfg(any(test, feature = "internals"))]
    pub fn move_to(&self) -> Option<&str> {
        match &self.change {
            Change::Move { to, .. } => Some(to),
            _ => None,
        }
    }

    /// The section's hunks (none for an add).
    pub fn hunks(&self) -> &[Hunk] {
        match &self.change {
            Change::Add { .. } => &[],
            Change::Delete { hunks, .. }
            | Change::Update { hunks }
            | Change::Move { hunks, .. } => hunks,
        }
    }
}

/// The text of an added file, as the patch gives it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewContent {
    /// The lines, each with the line break it has in the patch (`\n` for every line
    /// when the patch has no `\r`), the last one without when the patch says
    /// `\ No newline at end of file`.
    pub bytes: Vec<u8>,
    /// The lines were written with a real `\r` in the patch: those endings are the
    /// file's. Otherwise the folder's conventions decide.
    pub own_endings: bool,
}

/// What one line of a hunk is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// ` `: a line that stays.
    Context,
    /// `-`: a line that goes.
    Removed,
    /// `+`: a line that comes.
    Added,
}

/// A unified diff's `@@ -l,n +l,n @@`: where the hunk was, as a hint.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Hint {
    /// 1-based first old line (for an insertion: the line after which it goes).
    pub old_start: u32,
    /// Number of old lines.
    pub old_len: u32,
    /// 1-based first new line.
    pub new_start: u32,
    /// Number of new lines.
    pub new_len: u32,
}

/// One hunk (chunk): context and removed lines to find, and what replaces them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hunk {
    /// The envelope's `@@ <line>` headers: each a line the hunk comes after.
    pub anchors: Vec<Vec<u8>>,
    /// How many `@@` lines head the hunk, bare ones included: more than one must each
    /// name a line of the file; a hunk's only one may name a line it does not have.
    pub headers: u32,
    /// The unified diff's line numbers.
    pub hint: Option<Hint>,
    /// The lines, in LF-view text without their `\n`.
    pub lines: Vec<(Kind, Vec<u8>)>,
    /// `*** End of File`: the hunk must match at the end of the file.
    pub end_of_file: bool,
    /// `\ No newline at end of file` after the hunk's last old line.
    pub old_no_newline: bool,
    /// `\ No newline at end of file` after the hunk's last new line.
    pub new_no_newline: bool,
    /// 1-based line of the patch where the hunk starts.
    pub line: usize,
}

impl Hunk {
    /// The context and removed lines: what must be found in the file.
    pub fn old_lines(&self) -> Vec<&[u8]> {
        self.side(Kind::Removed)
    }

    /// The context and added lines: what stands there afterwards.
    pub fn new_lines(&self) -> Vec<&[u8]> {
        self.side(Kind::Added)
    }

    /// [`Hunk::old_lines`] joined with `\n`.
    #[cfg(test)]
    pub fn old_text(&self) -> Vec<u8> {
        self.old_lines().join(&b'\n')
    }

    /// [`Hunk::new_lines`] joined with `\n`.
    #[cfg(test)]
    pub fn new_text(&self) -> Vec<u8> {
        self.new_lines().join(&b'\n')
    }

    fn side(&self, own: Kind) -> Vec<&[u8]> {
        self.lines
            .iter()
            .filter(|(kind, _)| *kind == Kind::Context || *kind == own)
            .map(|(_, text)| text.as_slice())
            .collect()
    }
}

/// What applying a patch did to one file section.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileResult {
    /// The path as the patch gives it.
    pub path: String,
    /// What was done.
    pub action: Action,
    /// For a move: the new path.
    pub moved_to: Option<String>,
    /// Unified diff of the LF views (empty for a move that changes no line).
    pub diff: String,
    /// Line endings of the file afterwards (of the deleted content for a delete).
    pub eol: EolInfo,
    /// Version of the file's bytes afterwards (none after a delete, nor for a section
    /// a later section of the same patch changed again).
    pub version: Option<String>,
    /// The tier that found each hunk.
    pub matched_by: Vec<Tier>,
    /// What the host should tell its user about this file.
    pub warnings: Vec<Message>,
}

/// Applies a patch to files, all or nothing (docs/patches.md).
///
/// Every file's new content is computed and every check made before the first write;
/// then the files are written, and if one write fails the ones already written are put
/// back. Failures carry `fileIndex` (the section) and, for a hunk, `hunkIndex`.
pub fn apply_patch(text: &[u8], opts: &Options) -> Result<Vec<FileResult>> {
    let patch = parse(text)?;
    commit::run(&patch, opts)
}

/// Reads a patch and works out and checks every file as [`apply_patch`] does before
/// its first write, writing nothing: the result's commit writes it.
pub(crate) fn prepare_patch(text: &[u8], opts: &Options) -> Result<commit::Ready> {
    let patch = parse(text)?;
    commit::prepare(&patch, opts)
}

/// Applies a patch to the caller's buffers: `lookup` gives each file's bytes (`None`
/// for a missing file). The same planner, hunks, encodings and errors as
/// [`apply_patch`]; nothing is read from or written to disk.
pub fn apply_patch_in_memory(
    text: &[u8],
    opts: &Options,
    lookup: &mut Lookup<'_>,
) -> Result<Vec<MemoryFile>> {
    let patch = parse(text)?;
    commit::memory::run(&patch, opts, lookup)
}

#[cfg(test)]
mod tests;
