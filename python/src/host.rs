//! The core's functions a host handler needs besides the file functions of
//! [`crate::files`] (`insert_lines`, `read_file_bytes`, `restore_file`), and messages as
//! parts: what a handler of a vendor's tool (`eol_edit.anthropic`) renders in that
//! tool's words, as the JavaScript tool layer renders the `parts` the Node binding
//! gives it. Nothing here words a message: the parts are the core's.

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

use super::args;
use super::files::{insert_change, read_options, Common};
use super::{results, run};
use eol_edit::{Message, Name, Op, Part};

pub(crate) fn register(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_function(wrap_pyfunction!(insert_lines, module)?)?;
    module.add_function(wrap_pyfunction!(read_file_bytes, module)?)?;
    module.add_function(wrap_pyfunction!(restore_file, module)?)?;
    module.add_function(wrap_pyfunction!(line_changes, module)?)?;
    Ok(())
}

/// A message as the list of parts the JavaScript binding gives (`error.parts`): a
/// `str` for text, `{"op": id}` for an operation (`"listing": True` for the numbered
/// view), `{"arg": id, "value"?: v}` for an argument (`"valueOnly": True` when only its
/// value is shown), `{"phrase": id, "parts": [...]}`, `{"line", "width", "text"}` for a
/// quoted line and `{"hunk": index}`, with the library's (JavaScript) names as ids.
pub(crate) fn parts<'py>(py: Python<'py>, message: &Message) -> PyResult<Bound<'py, PyList>> {
    let list = PyList::empty(py);
    for part in message.parts() {
        let d = PyDict::new(py);
        match part {
            Part::Text(text) => {
                list.append(text.as_ref())?;
                continue;
            }
            Part::Op(op) => d.set_item("op", op.id())?,
            Part::Listing => {
                d.set_item("op", Op::ReadFile.id())?;
                d.set_item("listing", true)?;
            }
            Part::Arg { name, value } => {
                d.set_item("arg", name.id())?;
                if let Some(value) = value {
                    d.set_item("value", &**value)?;
                }
            }
            Part::Value { name, value } => {
                d.set_item("arg", name.id())?;
                d.set_item("value", &**value)?;
                d.set_item("valueOnly", true)?;
            }
            Part::Phrase { id, message } => {
                d.set_item("phrase", *id)?;
                d.set_item("parts", parts(py, message)?)?;
            }
            Part::Line {
                number,
                width,
                text,
            } => {
                d.set_item("line", *number)?;
                d.set_item("width", *width)?;
                d.set_item("text", &**text)?;
            }
            Part::Hunk { index } => d.set_item("hunk", *index)?,
            other => {
                list.append(Message::new(vec![other.clone()]).to_string())?;
                continue;
            }
        }
        list.append(d)?;
    }
    Ok(list)
}

/// Each message's parts (a result's `warning_parts`).
pub(crate) fn parts_of<'py>(py: Python<'py>, messages: &[Message]) -> PyResult<Bound<'py, PyList>> {
    let list = PyList::empty(py);
    for message in messages {
        list.append(parts(py, message)?)?;
    }
    Ok(list)
}

/// Inserts `text` as whole lines after line `after_line` (0: at the start), each
/// inserted line taking the ending of the lines around it.
#[pyfunction]
#[pyo3(signature = (path, after_line, text, *, expected_version=None, root=None, cwd=None, dry_run=None, durable=None, max_bytes=None, encoding=None, guards=None))]
#[allow(clippy::too_many_arguments)]
fn insert_lines<'py>(
    py: Python<'py>,
    path: &Bound<'py, PyAny>,
    after_line: &Bound<'py, PyAny>,
    text: &Bound<'py, PyAny>,
    expected_version: Option<&Bound<'py, PyAny>>,
    root: Option<&Bound<'py, PyAny>>,
    cwd: Option<&Bound<'py, PyAny>>,
    dry_run: Option<&Bound<'py, PyAny>>,
    durable: Option<&Bound<'py, PyAny>>,
    max_bytes: Option<&Bound<'py, PyAny>>,
    encoding: Option<&Bound<'py, PyAny>>,
    guards: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let common = Common {
        expected_version,
        root,
        cwd,
        dry_run,
        durable,
        max_bytes,
        encoding,
    };
    let change = insert_change(py, path, after_line, text, guards, common)?;
    results::edit(py, run(py, move || change.write())?)
}

/// A text file's exact bytes, its BOM included, and their version, from one read made
/// as `read_file` makes it: what `restore_file` can put back.
#[pyfunction]
#[pyo3(signature = (path, *, root=None, cwd=None, max_bytes=None, encoding=None))]
fn read_file_bytes<'py>(
    py: Python<'py>,
    path: &Bound<'py, PyAny>,
    root: Option<&Bound<'py, PyAny>>,
    cwd: Option<&Bound<'py, PyAny>>,
    max_bytes: Option<&Bound<'py, PyAny>>,
    encoding: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let path = args::path(path, Name::Path)?;
    let options = read_options(root, cwd, max_bytes, encoding)?;
    let read = run(py, move || eol_edit::read_file_bytes(&path, &options))?;
    results::file_bytes(py, &read)
}

/// Puts `content` (bytes) back as a file's whole content, exactly as given, if the
/// file still has `expected_version` (required; `""`: it must not exist).
#[pyfunction]
#[pyo3(signature = (path, content, *, expected_version=None, root=None, cwd=None, dry_run=None, durable=None, max_bytes=None, encoding=None))]
#[allow(clippy::too_many_arguments)]
fn restore_file<'py>(
    py: Python<'py>,
    path: &Bound<'py, PyAny>,
    content: &Bound<'py, PyAny>,
    expected_version: Option<&Bound<'py, PyAny>>,
    root: Option<&Bound<'py, PyAny>>,
    cwd: Option<&Bound<'py, PyAny>>,
    dry_run: Option<&Bound<'py, PyAny>>,
    durable: Option<&Bound<'py, PyAny>>,
    max_bytes: Option<&Bound<'py, PyAny>>,
    encoding: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let path = args::path(path, Name::Path)?;
    let bytes = match args::content(content, Name::Content)? {
        args::Content::Bytes(bytes) => bytes,
        args::Content::Text(_) => {
            return Err(args::wrong_type(content, Name::Content.into(), "bytes"));
        }
    };
    let common = Common {
        expected_version,
        root,
        cwd,
        dry_run,
        durable,
        max_bytes,
        encoding,
    };
    let options = common.options()?;
    let result = run(py, move || eol_edit::restore_file(&path, &bytes, &options))?;
    results::edit(py, result)
}

/// The lines that changed from `before` to `after`, two LF views compared line by line,
/// with `context` kept lines around each change and at most `max_lines` removed or
/// added lines shown; `before_line` and `after_line` number the texts' first lines.
#[pyfunction]
#[pyo3(signature = (before, after, *, before_line=None, after_line=None, context=None, max_lines=None))]
fn line_changes<'py>(
    py: Python<'py>,
    before: &Bound<'py, PyAny>,
    after: &Bound<'py, PyAny>,
    before_line: Option<&Bound<'py, PyAny>>,
    after_line: Option<&Bound<'py, PyAny>>,
    context: Option<&Bound<'py, PyAny>>,
    max_lines: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let before = args::text(before, Name::Original)?;
    let after = args::text(after, Name::Updated)?;
    let count = |v, name| -> PyResult<Option<usize>> {
        Ok(args::whole(v, name, 0)?.map(|n| usize::try_from(n).unwrap_or(usize::MAX)))
    };
    let before_line = count(before_line, Name::Unknown("before_line".into()))?.unwrap_or(1);
    let after_line = count(after_line, Name::Unknown("after_line".into()))?.unwrap_or(1);
    let context = count(context, Name::Unknown("context".into()))?.unwrap_or(3);
    let max_lines = count(max_lines, Name::Unknown("max_lines".into()))?.unwrap_or(usize::MAX);
    let c = eol_edit::binding::line_changes(
        before.as_bytes(),
        after.as_bytes(),
        before_line.max(1),
        after_line.max(1),
        context,
        max_lines,
    );
    results::line_changes(py, &c)
}
