//! # eol-edit
//!
//! File edits for AI coding agents that never damage line endings, byte order marks or
//! bytes the model did not mean to touch.
//!
//! A model reads a file as its *LF view* (every `\r\n` and lone `\r` shown as `\n`) and
//! writes its edits in that view. This crate matches those edits in the LF view, maps
//! every match back to the file's own bytes, and writes each line with the ending it
//! had: a CRLF file stays CRLF, a mixed file stays mixed, a lone `\r` survives.
//!
//! Module map, in the order data flows (bytes → source → LF view → matches → new
//! bytes → atomic write):
//!
//! - [`error`]: the one error type and its stable codes.
//! - [`encoding`]: raw file bytes to *source* and back: BOM, UTF-16, legacy encodings,
//!   detection, binary sniffing; writing keeps every byte an edit did not change.
//! - [`eol`]: line endings, their counts, and the LF view with its offset map.
//! - [`matching`]: the tiers that find the model's text in the LF view.
//! - [`align`]: which bytes and which ending each replacement line gets.
//! - [`engine`]: edits, `deleteRange`, `writeFile` and `convertEol` on bytes.
//! - [`splice`]: a new text as the old one with ranges replaced, never copied whole
//!   just to be hashed and written.
//! - [`diff`]: the unified diff and the changed lines of a result.
//! - [`explain`]: `TEXT_NOT_FOUND` messages that name the closest region.
//! - [`file`](mod@file): everything that touches the file system: root confinement, the
//!   per-path lock, the version hash, the ending of a new file, atomic writes.
//! - [`patch`]: `applyPatch`: the apply_patch envelope and unified diffs, parsed, matched
//!   and aligned by the modules above, and committed to every file or none.
//!
//! The core knows nothing of Node: the Node.js binding is the `eol-edit-napi` crate in
//! `napi/`, which depends on this one.

pub mod align;
pub mod diff;
pub mod encoding;
pub mod engine;
pub mod eol;
pub mod error;
pub mod explain;
pub mod file;
pub mod matching;
pub mod patch;
pub mod splice;
