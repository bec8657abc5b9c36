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
//! Module map, in the order data flows:
//!
//! - [`file`](mod@file): everything that touches the file system: root confinement, the
//!   per-path lock, the version hash, the ending of a new file, atomic writes.
//! - [`encoding`]: raw file bytes to *source* and back: BOM, UTF-16, binary sniffing.
//! - [`error`]: the one error type and its stable codes.
//!
//! The core knows nothing of Node; `node` is the only module that imports napi.

pub mod encoding;
pub mod error;
pub mod file;
