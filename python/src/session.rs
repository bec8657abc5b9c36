//! The read state of a tool set (`eol_edit.tools`): the core's `ReadState` behind the
//! class `eol_edit._native.ReadState`. The Python tools hold one per tool set and ask it
//! the version a change must find; they keep no file state of their own.

use std::collections::HashMap;
use std::path::PathBuf;

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyString, PyTuple};

use eol_edit::{MarkRead, Marked};

use super::files::{self, Change, Common};
use super::{args, errors, results};

pub(crate) fn register(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_class::<ReadState>()
}

/// What a tool set knows of the files it read and wrote: a version per file, by
/// identity.
#[pyclass(module = "eol_edit._native", name = "ReadState", frozen)]
pub(crate) struct ReadState {
    state: eol_edit::ReadState,
}

#[pymethods]
impl ReadState {
    #[new]
    fn new() -> ReadState {
        ReadState {
            state: eol_edit::ReadState::new(),
        }
    }

    /// Remembers `version` as what the model knows of `path` now.
    #[pyo3(signature = (path, version, *, cwd=None))]
    fn record(&self, path: &str, version: &str, cwd: Option<PathBuf>) {
        self.state.record(path, cwd.as_deref(), version)
    }

    /// Forgets `path` (deleted or moved away).
    #[pyo3(signature = (path, *, cwd=None))]
    fn forget(&self, path: &str, cwd: Option<PathBuf>) {
        self.state.forget(path, cwd.as_deref())
    }

    /// The version remembered for `path`, or None.
    #[pyo3(signature = (path, *, cwd=None))]
    fn version(&self, path: &str, cwd: Option<PathBuf>) -> Option<String> {
        self.state.version(path, cwd.as_deref())
    }

    /// Keeps the lines a read showed the model (`lines` from line `start`).
    #[pyo3(signature = (path, version, start, lines, total_lines, *, cwd=None))]
    fn saw(
        &self,
        path: &str,
        version: &str,
        start: usize,
        lines: Vec<String>,
        total_lines: usize,
        cwd: Option<PathBuf>,
    ) {
        self.state
            .saw(path, cwd.as_deref(), version, start, lines, total_lines)
    }

    /// Records a file a change wrote (its version now); `diff`, the change's, brings
    /// what the model saw of it up to date when a stale call needs it.
    #[pyo3(signature = (path, version, *, cwd=None, root=None, encoding=None, diff=None))]
    #[allow(clippy::too_many_arguments)]
    fn wrote(
        &self,
        py: Python<'_>,
        path: &str,
        version: &str,
        cwd: Option<PathBuf>,
        root: Option<&Bound<'_, PyAny>>,
        encoding: Option<String>,
        diff: Option<String>,
    ) -> PyResult<()> {
        let options = found_options(root, encoding)?;
        py.detach(|| {
            self.state
                .wrote(path, cwd.as_deref(), version, diff.as_deref(), &options)
        });
        Ok(())
    }

    /// Records that the model has seen `path` as `content`, the text (`str`) or the
    /// bytes a host read: its version if the file still has them, else stale (every
    /// change fails with `FileChanged` until it is read again); a file that cannot be
    /// read is forgotten. Returns `"current"`, `"stale"` or `"forgotten"`.
    #[pyo3(signature = (path, content, *, cwd=None))]
    fn mark_content(
        &self,
        py: Python<'_>,
        path: &str,
        content: &Bound<'_, PyAny>,
        cwd: Option<PathBuf>,
    ) -> PyResult<&'static str> {
        let read = if let Ok(bytes) = content.cast::<PyBytes>() {
            Shown::Bytes(bytes.as_bytes().to_vec())
        } else if content.cast::<PyString>().is_ok() {
            match content.extract::<String>() {
                Ok(text) => Shown::Text(text),
                // A lone surrogate: no file has this text.
                Err(_) => Shown::Never,
            }
        } else {
            return Err(PyTypeError::new_err(
                "content must be the text (str) or the bytes the host read.",
            ));
        };
        let marked = py.detach(|| match &read {
            Shown::Bytes(b) => self
                .state
                .mark_read(path, cwd.as_deref(), MarkRead::Bytes(b)),
            Shown::Text(t) => self
                .state
                .mark_read(path, cwd.as_deref(), MarkRead::Text(t)),
            Shown::Never => {
                self.state.mark_stale(path, cwd.as_deref());
                Marked::Stale
            }
        });
        Ok(match marked {
            Marked::Current => "current",
            Marked::Stale => "stale",
            _ => "forgotten",
        })
    }

    /// Raises the `FileChanged` that shows the lines changed since the model read
    /// `paths` (at the versions in `expected`); returns None when there is nothing to
    /// show.
    #[pyo3(signature = (paths, expected, *, cwd=None, root=None, encoding=None))]
    fn explain_changed(
        &self,
        py: Python<'_>,
        paths: Vec<String>,
        expected: HashMap<String, String>,
        cwd: Option<PathBuf>,
        root: Option<&Bound<'_, PyAny>>,
        encoding: Option<String>,
    ) -> PyResult<()> {
        let options = found_options(root, encoding)?;
        let paths: Vec<&str> = paths.iter().map(String::as_str).collect();
        let found = py.detach(|| {
            self.state.explain_changed(
                &paths,
                |p| expected.get(p).cloned(),
                cwd.as_deref(),
                &options,
            )
        });
        match found {
            Some(error) => Err(errors::to_py(py, &error)),
            None => Ok(()),
        }
    }

    /// Makes a change of one file with the state's knowledge, in one call: `function`
    /// (`"edit_file"`, `"multi_edit"`, `"write_file"`, `"delete_range"` or
    /// `"insert_lines"`) with its positional `args` after the path and its keyword
    /// `options` (not `expected_version`, which the state gives: the version the model
    /// last saw, or with `require_read`, `FileChanged` for an existing file never read).
    /// A `FileChanged` shows what changed since that read; the version the change left
    /// is recorded. Returns the function's `EditResult`.
    #[pyo3(signature = (function, path, args, options, *, require_read=false))]
    #[allow(clippy::too_many_arguments)]
    fn change<'py>(
        &self,
        py: Python<'py>,
        function: &str,
        path: &Bound<'py, PyAny>,
        args: &Bound<'py, PyTuple>,
        options: &Bound<'py, PyDict>,
        require_read: bool,
    ) -> PyResult<Bound<'py, PyAny>> {
        let change = one_change(py, function, path, args, options)?;
        let given = change.options();
        if given.dry_run || given.expected_version.is_some() {
            return Err(PyTypeError::new_err(
                "ReadState.change makes the change and takes the expected version from the state: dry_run and expected_version are not taken.",
            ));
        }
        let result = super::run(py, || change.write_through(&self.state, require_read))?;
        results::edit(py, result)
    }

    /// The version a change of `path` must find, or None; with `require_read`, raises
    /// `FileChanged` for an existing file never read.
    #[pyo3(signature = (path, *, cwd=None, require_read=false))]
    fn expected(
        &self,
        py: Python<'_>,
        path: &str,
        cwd: Option<PathBuf>,
        require_read: bool,
    ) -> PyResult<Option<String>> {
        self.state
            .expected(path, cwd.as_deref(), require_read)
            .map_err(|e| errors::to_py(py, &e))
    }
}

/// What a host read, taken from Python before the GIL is let go.
enum Shown {
    Text(String),
    Bytes(Vec<u8>),
    /// A `str` no file can have (a lone surrogate).
    Never,
}

/// The options the read state reads a file with (to compare it with what a read
/// showed): the roots and the encoding of the call.
fn found_options(
    root: Option<&Bound<'_, PyAny>>,
    encoding: Option<String>,
) -> PyResult<eol_edit::ReadOptions> {
    let mut options = eol_edit::ReadOptions::default();
    options.root = args::roots(root)?;
    options.encoding = encoding;
    Ok(options)
}

/// The keyword options a function of [`ReadState::change`] takes beside the common ones.
fn own_options(function: &str) -> Option<&'static [&'static str]> {
    Some(match function {
        "edit_file" => &["replace_all", "guards"],
        "multi_edit" | "insert_lines" => &["guards"],
        "write_file" => &["eol", "guards"],
        "delete_range" => &["inclusive"],
        _ => return None,
    })
}

/// The options every change takes (`files::Common`).
const COMMON: [&str; 7] = [
    "expected_version",
    "root",
    "cwd",
    "dry_run",
    "durable",
    "max_bytes",
    "encoding",
];

/// The change `function` makes with `args` and `options`, read by the function's own
/// reader; an unknown function, a wrong count of arguments or an option the function
/// does not take is a `TypeError`, as calling the function so would be.
fn one_change<'py>(
    py: Python<'py>,
    function: &str,
    path: &Bound<'py, PyAny>,
    args: &Bound<'py, PyTuple>,
    options: &Bound<'py, PyDict>,
) -> PyResult<Change> {
    let own = own_options(function).ok_or_else(|| {
        PyTypeError::new_err(format!(
            "ReadState.change: {function} is not a change of one file it makes."
        ))
    })?;
    for key in options.keys() {
        let key: String = key.extract()?;
        if !COMMON.contains(&key.as_str()) && !own.contains(&key.as_str()) {
            return Err(PyTypeError::new_err(format!(
                "{function}() got an unexpected keyword argument '{key}'"
            )));
        }
    }
    let wanted = if matches!(function, "multi_edit" | "write_file") {
        1
    } else {
        2
    };
    if args.len() != wanted {
        let said = if wanted == 1 { "argument" } else { "arguments" };
        return Err(PyTypeError::new_err(format!(
            "{function}() takes {wanted} positional {said} after the path, not {}",
            args.len()
        )));
    }
    let values: Vec<Option<Bound<'py, PyAny>>> = COMMON
        .iter()
        .chain(own.iter())
        .map(|key| options.get_item(key))
        .collect::<PyResult<_>>()?;
    let common = Common {
        expected_version: values[0].as_ref(),
        root: values[1].as_ref(),
        cwd: values[2].as_ref(),
        dry_run: values[3].as_ref(),
        durable: values[4].as_ref(),
        max_bytes: values[5].as_ref(),
        encoding: values[6].as_ref(),
    };
    let own = |i: usize| values[COMMON.len() + i].as_ref();
    let a = args.get_item(0)?;
    Ok(match function {
        "edit_file" => files::edit_change(path, &a, &args.get_item(1)?, own(0), own(1), common)?,
        "multi_edit" => files::multi_change(path, &a, own(0), common, "multi_edit")?,
        "write_file" => files::write_change(py, path, &a, own(0), own(1), common)?,
        "delete_range" => files::delete_change(path, &a, &args.get_item(1)?, own(0), common)?,
        _ => files::insert_change(py, path, &a, &args.get_item(1)?, own(0), common)?,
    })
}
