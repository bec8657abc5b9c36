//! # eol-edit-tools
//!
//! The agent tool layer of eol-edit, once for every binding: what the Node.js package's
//! `eol-edit/tools` and the Python package's `eol_edit.tools` offer is built here, and
//! the bindings only convert values.
//!
//! - `decl`: every operation declared once — its arguments and options, their types, what
//!   a user and what a model is told of each, their names in the library, the tools (and
//!   the other spellings models send), each host shape and the command line — and the
//!   renderings of that declaration (tool JSON Schemas, argument readers).
//! - `wording`: the core's messages ([`eol_edit::Message`]) in each front-end's words,
//!   and the texts of tool results.
//! - `session`: what a tool set remembers between calls (the version and size of every
//!   file it read or wrote, by the file's identity; what each read showed), and the order
//!   of calls on each file.

#![warn(missing_docs)]

pub mod wording;
