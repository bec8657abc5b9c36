//! Core errors as Python exceptions: the class of each code is defined in Python
//! (`eol_edit/_errors.py`, so that `FileNotFound` can also be a `FileNotFoundError`);
//! here it is looked up by code and given the error's facts. The message is the core's
//! own rendering, which names the API in snake_case, as Python calls it.

use pyo3::prelude::*;
use pyo3::types::PyDict;

use eol_edit::Error;

/// Every code the core has, in its order, as `eol_edit._native.ERROR_CODES`, which the
/// tests hold the exception classes of `eol_edit/_errors.py` to.
pub(crate) fn register(module: &Bound<'_, PyModule>) -> PyResult<()> {
    let codes: Vec<&str> = eol_edit::ErrorCode::ALL
        .iter()
        .map(|c| c.as_str())
        .collect();
    module.add("ERROR_CODES", codes)
}

/// The exception for a core error.
pub(crate) fn to_py(py: Python<'_>, error: &Error) -> PyErr {
    exception(py, error, "error_class").unwrap_or_else(|e| e)
}

/// The exception for an argument of the wrong Python type: an `InvalidArgument` that is
/// also a `TypeError`.
pub(crate) fn wrong_type(py: Python<'_>, error: &Error) -> PyErr {
    exception(py, error, "type_error_class").unwrap_or_else(|e| e)
}

/// Builds the exception with the class `chooser(code)` of `eol_edit._errors` gives.
fn exception(py: Python<'_>, error: &Error, chooser: &str) -> PyResult<PyErr> {
    let module = py.import("eol_edit._errors")?;
    let class = module.getattr(chooser)?.call1((error.code().as_str(),))?;
    let mut text = error.message().to_string();
    let hint = error.hint().map(|h| h.to_string());
    if let Some(hint) = &hint {
        text.push(' ');
        text.push_str(hint);
    }
    let details = PyDict::new(py);
    details.set_item("code", error.code().as_str())?;
    details.set_item("hint", hint)?;
    details.set_item("lines", error.lines().to_vec())?;
    details.set_item("edit_index", error.edit_index())?;
    details.set_item("file_index", error.file_index())?;
    details.set_item("hunk_index", error.hunk_index())?;
    details.set_item("argument", error.argument().map(|a| a.rust_name()))?;
    details.set_item("reason", error.reason().map(|r| r.as_str()))?;
    let instance = class.call((text,), Some(&details))?;
    // The message as parts, for a handler that words it in a vendor tool's names.
    instance.setattr("parts", super::host::parts(py, error.message())?)?;
    let hint_parts = match error.hint() {
        Some(hint) => super::host::parts(py, hint)?.into_any(),
        None => py.None().into_bound(py),
    };
    instance.setattr("hint_parts", hint_parts)?;
    Ok(PyErr::from_value(instance))
}
