//! The API for a binding whose strings are not always UTF-8: JavaScript's may hold lone
//! surrogates, which the napi binding passes on as WTF-8 (UTF-8 plus the three-byte
//! form of a surrogate), so that an edit's text reaches the file exactly as given.
//!
//! The same operations as the crate's root, with text as UTF-8 bytes; the root's
//! functions call these with a `&str`'s bytes. Behind the `binding` feature, which only
//! `eol-edit-napi` turns on; not part of the crate's documented API.

pub use super::files::{
    delete_range_bytes as delete_range, edit_file_bytes as edit_file,
    multi_edit_bytes as multi_edit,
};
pub use super::prepared::{
    prepare_delete_range_bytes as prepare_delete_range, prepare_edit_bytes as prepare_edit,
    prepare_multi_edit_bytes as prepare_multi_edit,
};
pub use super::text::{
    apply_delete_range_input as apply_delete_range, apply_edits_input as apply_edits, text_input,
    Input,
};
pub use crate::diff::{line_changes, LineChange, LineChanges};
pub use crate::engine::{Anchor, Edit};
pub use crate::eol::{detect as detect_eol, info as eol_info, normalize_eol, to_lf};
pub use crate::explain::closest_name;
