//! Core errors as Python exceptions: the class of each code is defined in Python
//! (`eol_edit/_errors.py`, so that `FileNotFound` can also be a `FileNotFoundError`);
//! here it is looked up by code and given the error's facts. The message is the core's
//! own rendering, which names the API in snake_case, as Python calls it.

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

use eol_edit::{Error, Message, Op, Part};

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
    // The message as data, for the agent tools (eol_edit.tools) to say in their words.
    instance.setattr("_parts", parts(py, error.message())?)?;
    match error.hint() {
        Some(hint) => instance.setattr("_hint_parts", parts(py, hint)?)?,
        None => instance.setattr("_hint_parts", py.None())?,
    }
    Ok(PyErr::from_value(instance))
}

/// A message as the JavaScript binding gives it (`parts`): a str for text, and a dict
/// for each reference, with the same keys and the library's ids (`{"op": "readFile"}`,
/// `{"arg": "oldText", "value": ...}`, `{"phrase": id, "parts": [...]}`, `{"line",
/// "width", "text"}`, `{"hunk": 0}`).
pub(crate) fn parts<'py>(py: Python<'py>, message: &Message) -> PyResult<Bound<'py, PyList>> {
    let list = PyList::empty(py);
    for part in message.parts() {
        let o = PyDict::new(py);
        match part {
            Part::Text(text) => {
                list.append(text.as_ref())?;
                continue;
            }
            Part::Op(op) => o.set_item("op", op.id())?,
            Part::Listing => {
                o.set_item("op", Op::ReadFile.id())?;
                o.set_item("listing", true)?;
            }
            Part::Arg { name, value } => {
                o.set_item("arg", name.id())?;
                if let Some(value) = value {
                    o.set_item("value", &**value)?;
                }
            }
            Part::Value { name, value } => {
                o.set_item("arg", name.id())?;
                o.set_item("value", &**value)?;
                o.set_item("valueOnly", true)?;
            }
            Part::Phrase { id, message } => {
                o.set_item("phrase", *id)?;
                o.set_item("parts", parts(py, message)?)?;
            }
            Part::Line {
                number,
                width,
                text,
            } => {
                o.set_item("line", *number)?;
                o.set_item("width", *width)?;
                o.set_item("text", &**text)?;
            }
            Part::Hunk { index } => o.set_item("hunk", *index)?,
            other => {
                list.append(Message::new(vec![other.clone()]).to_string())?;
                continue;
            }
        }
        list.append(o)?;
    }
    Ok(list)
}
