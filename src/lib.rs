//! # eol-edit
//!
//! File edits for AI coding agents that never damage line endings, byte order marks or
//! bytes the model did not mean to touch.
//!
//! A model reads a file as its *LF view* (every `\r\n` and lone `\r` shown as `\n`) and
//! writes its edits in that view. This crate matches those edits in the LF view, maps
//! every match back to the file's own bytes, and writes each line with the ending it
//! had: a CRLF file stays CRLF, a mixed file stays mixed, a lone `\r` survives, the BOM
//! and the encoding stay, and bytes outside the match are never rewritten. It is the
//! core of the `eol-edit` npm package; its functions are the JavaScript library's, in
//! snake_case.
//!
//! # Example: an edit of a CRLF file, written with LF
//!
//! ```
//! use eol_edit::{edit_file, read_file, EditOptions, ReadOptions, Tier};
//!
//! # let dir = std::env::temp_dir().join(format!("eol-edit-doc-edit-{}", std::process::id()));
//! # std::fs::create_dir_all(&dir).unwrap();
//! let path = dir.join("App.cs");
//! std::fs::write(&path, "class App\r\n{\r\n    int x;\r\n}\r\n").unwrap();
//!
//! // What a model sees, and the version to guard the edit with.
//! let read = read_file(&path, &ReadOptions::default()).unwrap();
//! assert_eq!(read.content, "class App\n{\n    int x;\n}\n");
//!
//! // The model's text has LF line breaks; the file keeps its CRLF endings.
//! let options = EditOptions::default().with_expected_version(read.version);
//! let edit = edit_file(&path, "{\n    int x;", "{\n    int x = 1;\n    int y;", &options).unwrap();
//! assert_eq!(edit.matched_by, [Tier::Exact]);
//! assert_eq!(
//!     std::fs::read_to_string(&path).unwrap(),
//!     "class App\r\n{\r\n    int x = 1;\r\n    int y;\r\n}\r\n"
//! );
//! # std::fs::remove_dir_all(&dir).unwrap();
//! ```
//!
//! # Example: a patch
//!
//! [`apply_patch`] takes the apply_patch envelope of Codex and OpenCode or a unified
//! diff, and changes every file it names or none.
//!
//! ```
//! use eol_edit::{apply_patch, PatchAction, PatchOptions};
//!
//! # let dir = std::env::temp_dir().join(format!("eol-edit-doc-patch-{}", std::process::id()));
//! # std::fs::create_dir_all(&dir).unwrap();
//! std::fs::write(dir.join("notes.txt"), "one\r\ntwo\r\nthree\r\n").unwrap();
//! let patch = "*** Begin Patch\n*** Update File: notes.txt\n@@\n one\n-two\n+2\n*** End Patch\n";
//! let result = apply_patch(patch, &PatchOptions::default().with_cwd(&dir)).unwrap();
//! assert_eq!(result.files[0].action, PatchAction::Update);
//! assert_eq!(std::fs::read(dir.join("notes.txt")).unwrap(), b"one\r\n2\r\nthree\r\n");
//! # std::fs::remove_dir_all(&dir).unwrap();
//! ```
//!
//! # Example: failures
//!
//! Every failure is an [`Error`] with a stable [`ErrorCode`] (the same strings as
//! JavaScript's `error.code`), the facts it is about ([`Error::lines`],
//! [`Error::argument`]) and a message written for a model, which names the closest
//! region of the file when a text is not found.
//!
//! ```
//! use eol_edit::{apply_edits, ApplyOptions, Edit, ErrorCode};
//!
//! let source = "fn add(a: i32, b: i32) -> i32 {\n    a + b\n}\n";
//! let old = "fn add(x: i32, y: i32) -> i32 {\n    x + y\n}";
//! let error = apply_edits(source, &[Edit::new(old, "")], &ApplyOptions::default()).unwrap_err();
//! match error.code() {
//!     ErrorCode::TextNotFound => {
//!         assert_eq!(error.code().as_str(), "TEXT_NOT_FOUND");
//!         assert_eq!(error.lines(), [1, 2, 3]); // the closest region
//!         assert!(error.message().to_string().contains("2\u{2502}    a + b"));
//!     }
//!     other => panic!("unexpected {other:?}"),
//! }
//! ```
//!
//! Messages are [`Message`]s: text and references to the API ([`Part`]), which this
//! crate's `Display` renders in its own names (`write_file`, `old_text`) and every
//! other front-end in its own.
//!
//! # Where things are
//!
//! The public API is re-exported below; every module is private. In the order data
//! flows (bytes → source → LF view → matches → new bytes → atomic write):
//!
//! - `api`: the functions, their options and results (what the JavaScript library
//!   offers), each operation once.
//! - `error`, `message`: the error, its codes, and messages as data.
//! - `encoding`: raw file bytes to *source* and back: BOM, UTF-16, legacy encodings,
//!   detection, binary sniffing; writing keeps every byte an edit did not change.
//! - `eol`: line endings, their counts, and the LF view with its offset map.
//! - `matching`: the line index and the tiers that find the model's text in the LF
//!   view.
//! - `align`: which bytes and which ending each replacement line gets.
//! - `engine`: edits, `delete_range`, `write_file` and `convert_eol` on bytes.
//! - `splice`: a new text as the old one with ranges replaced, never copied whole just
//!   to be hashed and written.
//! - `diff`: the unified diff and the changed lines of a result.
//! - `explain`: failures that explain themselves: the closest region and what differs.
//! - `guard`: the guards against a model's own mistakes (a placeholder for code left
//!   out, a file cut short, a control character, an edit's own markers), on the lines
//!   each change brings in.
//! - `file`: everything that touches the file system: root confinement, the per-path
//!   lock, the version hash, the ending of a new file, atomic writes.
//! - `patch`: the apply_patch envelope and unified diffs, parsed, matched and aligned
//!   by the modules above, and committed to every file or none; OpenAI's apply_patch
//!   operations (V4A diffs) read as sections of the envelope (`patch::v4a`).
//!
//! The core knows nothing of Node: the Node.js binding is the `eol-edit-napi` crate in
//! `napi/`, which depends on this one and only converts.

#![warn(missing_docs)]

mod align;
mod api;
mod diff;
mod encoding;
mod engine;
mod eol;
mod error;
mod explain;
mod file;
mod guard;
mod matching;
mod message;
mod patch;
mod render;
mod splice;
mod words;

pub use api::files::{
    convert_encoding, convert_eol, delete_range, edit_file, insert_lines, multi_edit, read_file,
    read_file_bytes, restore_file, write_file, Anchor, Edit,
};
pub use api::options::{ApplyOptions, EditOptions, PatchOptions, ReadOptions, Tiers, WriteEol};
pub use api::patch::{apply_patch, apply_patch_in_memory, parse_patch};
pub use api::prepared::{
    prepare_delete_range, prepare_edit, prepare_insert_lines, prepare_multi_edit, prepare_patch,
    prepare_write, ChangedRange, CommitResult, Prepared, PreparedFile,
};
pub use api::results::{
    ApplyResult, EditResult, FileBytes, InMemoryFile, InMemoryPatch, ParsedFile, ParsedHunk,
    ParsedPatch, PatchFileResult, PatchResult, ReadResult,
};
pub use api::session::{Lookup, MarkRead, Marked, ReadState};
pub use api::text::{
    apply_delete_range, apply_edits, detect_eol, eol_info, normalize_eol, to_lf, Content,
};
pub use api::undo::{UndoHistory, UndoLast, Undone};
pub use api::v4a::{apply_v4a, V4aOutcome};
pub use api::version::{Expected, Version};
pub use eol::{Ending, EolInfo};
pub use error::{Error, ErrorCode, Result};
pub use guard::{GuardReason, Guards};
pub use matching::Tier;
pub use message::{Message, Name, Op, Part};
pub use patch::v4a::{V4aApplied, V4aKind, V4aOperation};
pub use patch::{Action as PatchAction, Format as PatchFormat};

#[cfg(feature = "binding")]
#[doc(hidden)]
pub use api::binding;

/// The README's Rust examples run as doctests, so they cannot rot.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

/// The crate README's (crates.io's page) too.
#[cfg(doctest)]
#[doc = include_str!("../README.crate.md")]
struct CrateReadmeDoctests;

/// The implementation modules, for the fuzz targets, the benchmarks and the property
/// tests (feature `internals`): not part of the API, and free to change.
#[cfg(feature = "internals")]
#[doc(hidden)]
pub mod internals {
    /// See the crate's `align` module.
    pub mod align {
        pub use crate::align::*;
    }
    /// See the crate's `diff` module.
    pub mod diff {
        pub use crate::diff::*;
    }
    /// See the crate's `encoding` module.
    pub mod encoding {
        pub use crate::encoding::*;
    }
    /// See the crate's `engine` module.
    pub mod engine {
        pub use crate::engine::*;
    }
    /// See the crate's `eol` module.
    pub mod eol {
        pub use crate::eol::*;
    }
    /// See the crate's `file` module.
    pub mod file {
        pub use crate::file::*;
    }
    /// See the crate's `matching` module.
    pub mod matching {
        pub use crate::matching::*;
    }
    /// See the crate's `patch` module.
    pub mod patch {
        pub use crate::patch::*;
    }
    /// See the crate's `splice` module.
    pub mod splice {
        pub use crate::splice::*;
    }
}
