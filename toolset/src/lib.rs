//! # eol-edit-tools
//!
//! What the agent tool layers of eol-edit's bindings share, written once: the Node.js
//! package's `eol-edit/tools` and the Python package's `eol_edit.tools` say their
//! messages and results through it.
//!
//! - [`render`]: the core's messages (and the tool layers' own), given as parts, in a
//!   front-end's words, which are data: the one renderer of both bindings.
//! - [`wording`]: the texts of tool results every front-end shows alike (a change's
//!   diff as the model reads it, its summary, the notes on a lenient match, a text cut
//!   to a budget).
//!
//! The declarations of the operations (lib/operations.js), the tool sets, their
//! sessions and the vendor handlers are still in the Node.js package, which writes the
//! Python package's copy of what it needs (python/eol_edit/tools.json).

#![warn(missing_docs)]

pub mod render;
pub mod wording;
