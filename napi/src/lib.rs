//! Where JavaScript meets Rust: the Node.js binding of eol-edit, the only crate that
//! imports napi.
//!
//! Each function reads its arguments by hand ([`js`]), so a wrong type is an
//! `INVALID_ARGUMENT` error, and refuses option keys it does not know (an options
//! object is a JavaScript thing); then it calls the core (`eol_edit`, on its
//! `binding` API, whose text is bytes that may hold JavaScript's lone surrogates) and
//! converts the result or the error. Nothing else happens here: every operation is
//! the core's. Panics are caught here and become errors, so they never take Node down.

// napi-derive registers functions only outside `cfg(test)`, which clippy's
// `--all-targets` checks too.
#![cfg_attr(test, allow(dead_code))]

mod edits;
mod enums;
mod files;
mod js;
mod listing;
mod patch;
mod patch_memory;
mod prepared;
mod read_state;
mod strings;
mod undo;
mod wording;

use std::panic::{catch_unwind, AssertUnwindSafe};

use napi::bindgen_prelude::Env;
use napi_derive::napi;

use eol_edit::{Error, ErrorCode, Tier};

/// The class of every error eol-edit throws (`EolEditError extends Error`): `code` is
/// one of the codes listed in docs/errors.md, with `lines`, `editIndex`, `fileIndex`,
/// `hunkIndex`, `hint` and `argument` where they help, and the message and hint as
/// `parts` and `hintParts`. The declarations of the class and of its
/// instances are in `napi/index-header.d.ts.in`.
#[allow(non_upper_case_globals)]
#[napi]
pub const EolEditError: js::EolEditErrorConstructor = js::EolEditErrorConstructor;

/// Runs core work, turning a core error or a panic into a thrown JavaScript error.
fn guard<T>(env: &Env, work: impl FnOnce() -> Result<T, Error>) -> napi::Result<T> {
    match catch_unwind(AssertUnwindSafe(work)) {
        Ok(Ok(value)) => Ok(value),
        Ok(Err(error)) => Err(js::to_js_error(env, error)),
        Err(panic) => Err(js::to_js_error(env, panic_error(panic))),
    }
}

/// The error reported for a panic: a bug in eol-edit, never the caller's fault.
pub(crate) fn panic_error(panic: Box<dyn std::any::Any + Send>) -> Error {
    let what = panic
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| panic.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "unknown panic".into());
    Error::new(
        ErrorCode::IoError,
        format!("internal error in eol-edit (nothing was written): {what}"),
    )
}

/// The `matchedBy` of a result: each edit's tier.
fn tier_names(tiers: &[Tier]) -> Vec<enums::Tier> {
    enums::all(tiers)
}

/// Line-ending statistics of a text, as `eolInfo` gives them.
#[napi(object)]
pub struct EolInfo {
    pub lf: u32,
    pub crlf: u32,
    pub cr: u32,
    #[napi(ts_type = "'\\n' | '\\r\\n' | '\\r'")]
    pub dominant: String,
    pub mixed: bool,
    pub trailing_newline: bool,
}

impl From<eol_edit::EolInfo> for EolInfo {
    fn from(i: eol_edit::EolInfo) -> Self {
        EolInfo {
            lf: i.lf as u32,
            crlf: i.crlf as u32,
            cr: i.cr as u32,
            dominant: i.dominant.as_str().to_string(),
            mixed: i.mixed,
            trailing_newline: i.trailing_newline,
        }
    }
}
