//! Where Python meets Rust: the native module `eol_edit._native` of the Python package,
//! the only crate that imports pyo3.
//!
//! Each function reads its Python arguments by hand ([`args`]), so that a wrong type or
//! value is an `InvalidArgument` naming the argument in Python's words; then it calls
//! the core (`eol_edit`) with the interpreter released, so other Python threads run
//! while a file is read, matched and written, and converts the result ([`results`]) or
//! the error ([`errors`]) into the classes the Python package defines. Nothing else
//! happens here: every operation, match and message is the core's. A panic is caught
//! and becomes an `IO_ERROR`, so it never takes Python down.

mod args;
mod errors;
mod files;
mod host;
mod listing;
mod patch;
mod paths;
mod prepared;
mod results;
mod session;
mod text;
mod undo;
mod v4a;
mod wording;

use std::panic::{catch_unwind, AssertUnwindSafe};

use pyo3::prelude::*;

use eol_edit::{Error, ErrorCode};

/// The native module: the functions that `eol_edit/__init__.py` re-exports.
#[pymodule]
fn _native(module: &Bound<'_, PyModule>) -> PyResult<()> {
    files::register(module)?;
    text::register(module)?;
    patch::register(module)?;
    prepared::register(module)?;
    session::register(module)?;
    host::register(module)?;
    listing::register(module)?;
    paths::register(module)?;
    v4a::register(module)?;
    undo::register(module)?;
    errors::register(module)?;
    wording::register(module)?;
    Ok(())
}

/// Runs core work with the interpreter released (other threads go on meanwhile),
/// turning a core error or a panic into the Python exception of its code.
pub(crate) fn run<T: Send>(
    py: Python<'_>,
    work: impl FnOnce() -> Result<T, Error> + Send,
) -> PyResult<T> {
    py.detach(|| catch_unwind(AssertUnwindSafe(work)).unwrap_or_else(|p| Err(panic_error(p))))
        .map_err(|error| errors::to_py(py, &error))
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
