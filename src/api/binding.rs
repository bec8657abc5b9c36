//! The API for a binding whose strings are not always UTF-8: JavaScript's may hold lone
//! surrogates, which the napi binding passes on as WTF-8 (UTF-8 plus the three-byte
//! form of a surrogate), so that an edit's text reaches the core exactly as given: a
//! lone surrogate matches and survives `to_lf` as it is, and a write refuses it
//! (`INVALID_ARGUMENT`: half of a character is text in no file's encoding).
//!
//! The same operations as the crate's root, with text as UTF-8 bytes; the root's
//! functions call these with a `&str`'s bytes. Behind the `binding` feature, which only
//! `eol-edit-napi` turns on; not part of the crate's documented API.

pub use super::files::{
    delete_range_bytes as delete_range, edit_file_bytes as edit_file,
    insert_lines_bytes as insert_lines, multi_edit_bytes as multi_edit,
};
pub use super::prepared::{
    prepare_delete_range_bytes as prepare_delete_range, prepare_edit_bytes as prepare_edit,
    prepare_insert_lines_bytes as prepare_insert_lines,
    prepare_multi_edit_bytes as prepare_multi_edit,
};
pub use super::text::{
    apply_delete_range_input as apply_delete_range, apply_edits_input as apply_edits, text_input,
    Input,
};
pub use crate::diff::{line_changes, LineChange, LineChanges};
pub use crate::encoding::write::{half_character_in, HALF_CHARACTER_HINT};
pub use crate::engine::{Anchor, Edit};
pub use crate::eol::{
    describe_counts as describe_endings, detect as detect_eol, info as eol_info, normalize_eol,
    to_lf,
};
pub use crate::explain::closest_name;
pub use crate::file::listing::folder_entries;
pub use crate::words::{diff_body, diff_counts, plural, tier_note};

/// What a path is, as the JavaScript tool layer keys and sizes the files it remembers
/// ([`path_info`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PathInfo {
    /// The real location: an existing path's, through every link; else its folder's
    /// real path and its name; else the path as given.
    pub real: std::path::PathBuf,
    /// What is there: `None` when nothing is (or the path cannot be looked up).
    pub kind: Option<PathKind>,
    /// The size in bytes of a file (0 for anything else).
    pub size: u64,
}

/// What [`PathInfo::kind`] says is at a path.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PathKind {
    /// A regular file (through links).
    File,
    /// A folder (through links).
    Folder,
    /// Anything else: a device, a FIFO, a socket.
    Other,
}

impl PathKind {
    /// The binding's string for it.
    pub fn name(self) -> &'static str {
        match self {
            PathKind::File => "file",
            PathKind::Folder => "folder",
            PathKind::Other => "other",
        }
    }
}

/// Looks an absolute path up, by name, without opening it: its real location (with
/// `resolve`; else the path as given), what it is and its size. Never fails: a path
/// that cannot be looked up is reported as absent, and the operation that then uses it
/// says what is wrong with it.
pub fn path_info(absolute: &std::path::Path, resolve: bool) -> PathInfo {
    use crate::file::path::strip_verbatim;
    let (kind, size) = match std::fs::metadata(absolute) {
        Ok(meta) if meta.is_file() => (Some(PathKind::File), meta.len()),
        Ok(meta) if meta.is_dir() => (Some(PathKind::Folder), 0),
        Ok(_) => (Some(PathKind::Other), 0),
        Err(_) => (None, 0),
    };
    if !resolve {
        return PathInfo {
            real: absolute.to_path_buf(),
            kind,
            size,
        };
    }
    let real = match std::fs::canonicalize(absolute) {
        Ok(real) => strip_verbatim(&real),
        Err(_) => match (absolute.parent(), absolute.file_name()) {
            (Some(parent), Some(name)) => match std::fs::canonicalize(parent) {
                Ok(folder) => strip_verbatim(&folder).join(name),
                Err(_) => absolute.to_path_buf(),
            },
            _ => absolute.to_path_buf(),
        },
    };
    PathInfo { real, kind, size }
}

/// A change of one file that has a `prepare` twin, as a binding reads it from a call's
/// arguments (texts as UTF-8 or WTF-8 bytes): each function, its `prepare` twin and
/// the read state's one-call change read it with one reader and differ only in what
/// they do with it ([`Change::write`], [`Change::prepare`]).
#[derive(Debug, Clone)]
pub enum Change {
    /// `edit_file`: the path, the old and the new text.
    Edit(std::path::PathBuf, Vec<u8>, Vec<u8>, crate::EditOptions),
    /// `multi_edit`: the path and the edits.
    Multi(std::path::PathBuf, Vec<Edit>, crate::EditOptions),
    /// `delete_range`: the path and the two anchors.
    Delete(std::path::PathBuf, Anchor, Anchor, crate::EditOptions),
    /// `insert_lines`: the path, the line to insert after and the text.
    Insert(std::path::PathBuf, u32, Vec<u8>, crate::EditOptions),
    /// `write_file`: the path and the content.
    Write(std::path::PathBuf, Vec<u8>, crate::EditOptions),
}

impl Change {
    /// Makes the change.
    pub fn write(self) -> crate::Result<crate::EditResult> {
        match self {
            Change::Edit(path, old, new, o) => edit_file(&path, &old, &new, &o),
            Change::Multi(path, edits, o) => multi_edit(&path, &edits, &o),
            Change::Delete(path, start, end, o) => delete_range(&path, &start, &end, &o),
            Change::Insert(path, after, text, o) => insert_lines(&path, after, &text, &o),
            Change::Write(path, content, o) => crate::write_file(&path, &content, &o),
        }
    }

    /// Everything but the write.
    pub fn prepare(self) -> crate::Result<crate::Prepared> {
        match self {
            Change::Edit(path, old, new, o) => prepare_edit(&path, &old, &new, &o),
            Change::Multi(path, edits, o) => prepare_multi_edit(&path, &edits, &o),
            Change::Delete(path, start, end, o) => prepare_delete_range(&path, &start, &end, &o),
            Change::Insert(path, after, text, o) => prepare_insert_lines(&path, after, &text, &o),
            Change::Write(path, content, o) => crate::prepare_write(&path, &content, &o),
        }
    }

    /// The file it changes, as given.
    pub fn path(&self) -> &std::path::Path {
        match self {
            Change::Edit(path, ..)
            | Change::Multi(path, ..)
            | Change::Delete(path, ..)
            | Change::Insert(path, ..)
            | Change::Write(path, ..) => path,
        }
    }

    /// Its options.
    pub fn options(&self) -> &crate::EditOptions {
        match self {
            Change::Edit(.., o)
            | Change::Multi(.., o)
            | Change::Delete(.., o)
            | Change::Insert(.., o)
            | Change::Write(.., o) => o,
        }
    }

    /// Makes the change as a tool set's call makes it, through its read state
    /// ([`ReadState::change`](crate::ReadState::change)): the version it must find is
    /// the state's for the file, and the file is looked at with the change's own `cwd`,
    /// `root`, `encoding` and `max_bytes`.
    pub fn write_through(
        mut self,
        state: &crate::ReadState,
        require_read: bool,
    ) -> crate::Result<crate::EditResult> {
        let o = self.options();
        let read = crate::ReadOptions {
            cwd: o.cwd.clone(),
            root: o.root.clone(),
            encoding: o.encoding.clone(),
            max_bytes: o.max_bytes,
            ..crate::ReadOptions::default()
        };
        let path = self.path().to_string_lossy().into_owned();
        state.change(&path, &read, require_read, move |expected| {
            self.options_mut().expected_version = expected;
            self.write()
        })
    }

    /// Its options, to change.
    pub fn options_mut(&mut self) -> &mut crate::EditOptions {
        match self {
            Change::Edit(.., o)
            | Change::Multi(.., o)
            | Change::Delete(.., o)
            | Change::Insert(.., o)
            | Change::Write(.., o) => o,
        }
    }

    /// The bytes of text it carries in (an edit's texts, a whole file's content), which
    /// cost as the file's own bytes do.
    pub fn carried(&self) -> usize {
        match self {
            Change::Edit(_, old, new, _) => old.len() + new.len(),
            Change::Multi(_, edits, _) => edits
                .iter()
                .map(|e| e.old_text.len() + e.new_text.len())
                .sum(),
            Change::Delete(..) => 0,
            Change::Insert(_, _, text, _) => text.len(),
            Change::Write(_, content, _) => content.len(),
        }
    }
}

impl From<crate::Anchor> for Anchor {
    fn from(anchor: crate::Anchor) -> Anchor {
        anchor.engine()
    }
}

impl From<crate::Edit> for Edit {
    fn from(edit: crate::Edit) -> Edit {
        edit.engine()
    }
}

/// The renderer of messages in a front-end's words (the tool layers' and the core's V4A
/// editor's), for the bindings' tool layers.
pub mod render {
    pub use crate::render::{parts_of, Fact, Failure, Form, Pad, Part, Words};
}
