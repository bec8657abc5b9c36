//! The read state of a tool set (`eol_edit.tools`): the core's `ReadState` behind the
//! class `eol_edit._native.ReadState`. The Python tools hold one per tool set and ask it
//! the version a change must find; they keep no file state of their own.

use std::collections::HashMap;
use std::path::PathBuf;

use pyo3::prelude::*;

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

    /// Records a file a change wrote (its version now).
    #[pyo3(signature = (path, version, *, cwd=None, root=None, encoding=None))]
    fn wrote(
        &self,
        py: Python<'_>,
        path: &str,
        version: &str,
        cwd: Option<PathBuf>,
        root: Option<&Bound<'_, PyAny>>,
        encoding: Option<String>,
    ) -> PyResult<()> {
        let options = found_options(root, encoding)?;
        py.detach(|| self.state.wrote(path, cwd.as_deref(), version, &options));
        Ok(())
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
