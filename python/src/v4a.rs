//! `v4a_apply`: one operation of OpenAI's apply_patch tool, read and applied by the core
//! (`eol_edit::apply_v4a`, whose translation and words the JavaScript handler and editor
//! share), for `eol_edit.openai.ApplyPatchEditor`.

use pyo3::prelude::*;
use pyo3::types::PyString;

use super::{patch, run};

pub(crate) fn register(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_function(wrap_pyfunction!(v4a_apply, module)?)?;
    Ok(())
}

/// A str argument, or `None` when it is anything else: the core says what it should be.
fn text_or_none(value: Option<&Bound<'_, PyAny>>) -> Option<String> {
    value
        .filter(|v| v.is_instance_of::<PyString>())
        .and_then(|v| v.extract::<String>().ok())
}

/// Reads an operation (`kind`: its `type`; `path`, `diff`, `move_to`) and applies it,
/// all or nothing: `(completed, output, code)`, `output` what the model reads and
/// `code` the failure's, `None` when it was applied. A wrong operation is an outcome;
/// only wrong options raise.
#[pyfunction]
#[pyo3(signature = (kind, path, diff=None, move_to=None, *, cwd=None, root=None, durable=None, max_bytes=None, encoding=None, guards=None))]
#[allow(clippy::too_many_arguments)]
fn v4a_apply<'py>(
    py: Python<'py>,
    kind: &Bound<'py, PyAny>,
    path: Option<&Bound<'py, PyAny>>,
    diff: Option<&Bound<'py, PyAny>>,
    move_to: Option<&Bound<'py, PyAny>>,
    cwd: Option<&Bound<'py, PyAny>>,
    root: Option<&Bound<'py, PyAny>>,
    durable: Option<&Bound<'py, PyAny>>,
    max_bytes: Option<&Bound<'py, PyAny>>,
    encoding: Option<&Bound<'py, PyAny>>,
    guards: Option<&Bound<'py, PyAny>>,
) -> PyResult<(bool, String, Option<&'static str>)> {
    let options =
        patch::patch_options(cwd, root, None, durable, max_bytes, encoding, None, guards)?;
    let kind = match text_or_none(Some(kind)) {
        Some(kind) => kind,
        None => kind.repr()?.to_string(),
    };
    let path = text_or_none(path);
    let diff = text_or_none(diff);
    // A move_to given but not a str is an empty path, which the core refuses.
    let move_to = move_to
        .filter(|v| !v.is_none())
        .map(|v| text_or_none(Some(v)).unwrap_or_default());
    let outcome = run(py, move || {
        Ok(eol_edit::apply_v4a(
            &kind,
            path.as_deref(),
            diff.as_deref(),
            move_to.as_deref(),
            &options,
        ))
    })?;
    Ok((
        outcome.completed,
        outcome.output,
        outcome.code.map(|c| c.as_str()),
    ))
}
