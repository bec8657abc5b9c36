//! The read state of a tool set (`eol_edit.tools`): the core's `ReadState` behind the
//! class `eol_edit._native.ReadState`. The Python tools hold one per tool set and ask it
//! the version a change must find; they keep no file state of their own.

use std::collections::HashMap;
use std::path::PathBuf;

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString};

use eol_edit::{MarkRead, Marked};

use super::{args, errors};

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
