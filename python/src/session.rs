//! The read state of a tool set (`eol_edit.tools`): the core's `ReadState` behind the
//! class `eol_edit._native.ReadState`. The Python tools hold one per tool set and ask it
//! the version a change must find; they keep no file state of their own.

use std::path::PathBuf;

use pyo3::prelude::*;

use super::errors;

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
