//! The functions without I/O: the edit engine on text or bytes (`apply_edits`,
//! `apply_delete_range`, which give back the type they were given) and the line
//! endings of strings.

use pyo3::prelude::*;
use pyo3::IntoPyObjectExt;

use super::args::{self, Content};
use super::{results, run};
use eol_edit::{ApplyOptions, Name};

pub(crate) fn register(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_function(wrap_pyfunction!(apply_edits, module)?)?;
    module.add_function(wrap_pyfunction!(apply_delete_range, module)?)?;
    module.add_function(wrap_pyfunction!(to_lf, module)?)?;
    module.add_function(wrap_pyfunction!(detect_eol, module)?)?;
    module.add_function(wrap_pyfunction!(eol_info, module)?)?;
    module.add_function(wrap_pyfunction!(normalize_eol, module)?)?;
    Ok(())
}

fn apply_options(
    path: Option<&Bound<'_, PyAny>>,
    encoding: Option<&Bound<'_, PyAny>>,
) -> PyResult<ApplyOptions> {
    let mut options = ApplyOptions::default();
    options.path = args::option_text(path, Name::Path)?;
    options.encoding = args::option_text(encoding, Name::Encoding)?;
    Ok(options)
}

/// Applies edits to a `str` (giving a `str`) or a file's `bytes` (giving the new bytes
/// in the same encoding), as `multi_edit` does to a file.
#[pyfunction]
#[pyo3(signature = (content, edits, *, path=None, encoding=None, guards=None))]
fn apply_edits<'py>(
    py: Python<'py>,
    content: &Bound<'py, PyAny>,
    edits: &Bound<'py, PyAny>,
    path: Option<&Bound<'py, PyAny>>,
    encoding: Option<&Bound<'py, PyAny>>,
    guards: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let content = args::content(content, Name::Content)?;
    let edits = args::edits(edits, "apply_edits")?;
    let options = apply_options(path, encoding)?.with_guards(args::guards(guards)?);
    match content {
        Content::Text(text) => {
            let r = run(py, move || eol_edit::apply_edits(text, &edits, &options))?;
            results::apply(py, r, |c| c.into_bound_py_any(py))
        }
        Content::Bytes(bytes) => {
            let r = run(py, move || eol_edit::apply_edits(bytes, &edits, &options))?;
            results::apply(py, r, |c| results::bytes(py, c))
        }
    }
}

/// Deletes the lines between two anchors of a `str` or a file's `bytes`, as
/// `delete_range` does in a file.
#[pyfunction]
#[pyo3(signature = (content, start_anchor, end_anchor, *, inclusive=None, path=None, encoding=None))]
fn apply_delete_range<'py>(
    py: Python<'py>,
    content: &Bound<'py, PyAny>,
    start_anchor: &Bound<'py, PyAny>,
    end_anchor: &Bound<'py, PyAny>,
    inclusive: Option<&Bound<'py, PyAny>>,
    path: Option<&Bound<'py, PyAny>>,
    encoding: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let content = args::content(content, Name::Content)?;
    let start = args::anchor(start_anchor, Name::StartAnchor)?;
    let end = args::anchor(end_anchor, Name::EndAnchor)?;
    let options =
        apply_options(path, encoding)?.with_inclusive(args::flag(inclusive, Name::Inclusive)?);
    match content {
        Content::Text(text) => {
            let r = run(py, move || {
                eol_edit::apply_delete_range(text, start, end, &options)
            })?;
            results::apply(py, r, |c| c.into_bound_py_any(py))
        }
        Content::Bytes(bytes) => {
            let r = run(py, move || {
                eol_edit::apply_delete_range(bytes, start, end, &options)
            })?;
            results::apply(py, r, |c| results::bytes(py, c))
        }
    }
}

/// The LF view of a text: every `\r\n` and lone `\r` becomes `\n`.
#[pyfunction]
fn to_lf(py: Python<'_>, text: &Bound<'_, PyAny>) -> PyResult<String> {
    let text = args::text(text, Name::Text)?;
    run(py, move || Ok(eol_edit::to_lf(&text).into_owned()))
}

/// The dominant line ending: the most frequent, the first on a tie, `"\n"` when there
/// is none.
#[pyfunction]
fn detect_eol(py: Python<'_>, text: &Bound<'_, PyAny>) -> PyResult<&'static str> {
    let text = args::text(text, Name::Text)?;
    run(py, move || Ok(eol_edit::detect_eol(&text).as_str()))
}

/// Counts of each line ending, the dominant one, whether they are mixed, and whether
/// the text ends with one.
#[pyfunction]
fn eol_info<'py>(py: Python<'py>, text: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
    let text = args::text(text, Name::Text)?;
    let info = run(py, move || Ok(eol_edit::eol_info(&text)))?;
    results::eol_info(py, &info)
}

/// `updated` re-joined with `original`'s dominant ending and given `original`'s
/// trailing-newline state.
#[pyfunction]
fn normalize_eol(
    py: Python<'_>,
    original: &Bound<'_, PyAny>,
    updated: &Bound<'_, PyAny>,
) -> PyResult<String> {
    let original = args::text(original, Name::Original)?;
    let updated = args::text(updated, Name::Updated)?;
    run(py, move || Ok(eol_edit::normalize_eol(&original, &updated)))
}
