//! The undo history of a vendor's editor with an undo command (`eol_edit.anthropic`'s
//! `undo_edit`): the core's `UndoHistory` behind the class
//! `eol_edit._native.UndoHistory`. The editor keeps no history of its own.

use std::path::PathBuf;

use pyo3::prelude::*;
use pyo3::types::PyBytes;

use super::files::Common;
use super::{args, results, run};
use eol_edit::{Name, Version};

pub(crate) fn register(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_class::<UndoHistory>()
}

/// An editor's own edits of each file, to undo the last one: the bytes before each and
/// the version after, capped at `depth` edits of a file and `max_bytes` of kept bytes
/// in all (default 10 and 64 MiB), the oldest dropped first.
#[pyclass(module = "eol_edit._native", name = "UndoHistory", frozen)]
pub(crate) struct UndoHistory {
    history: eol_edit::UndoHistory,
}

#[pymethods]
impl UndoHistory {
    #[new]
    #[pyo3(signature = (*, depth=None, max_bytes=None))]
    fn new(depth: Option<usize>, max_bytes: Option<usize>) -> UndoHistory {
        UndoHistory {
            history: eol_edit::UndoHistory::with_limits(
                depth.unwrap_or(eol_edit::UndoHistory::DEPTH),
                max_bytes.unwrap_or(eol_edit::UndoHistory::MAX_BYTES),
            ),
        }
    }

    /// The most edits of one file kept.
    #[getter]
    fn depth(&self) -> usize {
        self.history.depth()
    }

    /// The most bytes of earlier contents kept in all.
    #[getter]
    fn max_bytes(&self) -> usize {
        self.history.max_bytes()
    }

    /// Keeps an edit of `path`: `before` its bytes before it (None: it created the
    /// file), `after` its version after.
    #[pyo3(signature = (path, before, after, *, cwd=None))]
    fn push(
        &self,
        py: Python<'_>,
        path: &Bound<'_, PyAny>,
        before: Option<&Bound<'_, PyBytes>>,
        after: &str,
        cwd: Option<PathBuf>,
    ) -> PyResult<()> {
        let path = args::path(path, Name::Path)?;
        let after: Version = after.parse().map_err(|_| {
            args::invalid(
                py,
                Name::Unknown("after".into()).into(),
                format!(" must be a version a result gave (32 hex digits), not {after:?}."),
            )
        })?;
        let before = before.map(|b| b.as_bytes().to_vec());
        py.detach(|| self.history.push(&path, cwd.as_deref(), before, after));
        Ok(())
    }

    /// The last edit of `path` that can still be undone (`UndoLast`).
    #[pyo3(signature = (path, *, cwd=None))]
    fn last<'py>(
        &self,
        py: Python<'py>,
        path: &Bound<'py, PyAny>,
        cwd: Option<PathBuf>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let path = args::path(path, Name::Path)?;
        let last = py.detach(|| self.history.last(&path, cwd.as_deref()));
        results::undo_last(py, last)
    }

    /// Undoes the last edit of `path`: its bytes put back (or the file it created
    /// deleted) if the file still has the version the edit left, and `expected_version`
    /// when given (`FileChanged` if not).
    #[pyo3(signature = (path, *, expected_version=None, root=None, cwd=None, dry_run=None, durable=None, max_bytes=None, encoding=None))]
    #[allow(clippy::too_many_arguments)]
    fn undo<'py>(
        &self,
        py: Python<'py>,
        path: &Bound<'py, PyAny>,
        expected_version: Option<&Bound<'py, PyAny>>,
        root: Option<&Bound<'py, PyAny>>,
        cwd: Option<&Bound<'py, PyAny>>,
        dry_run: Option<&Bound<'py, PyAny>>,
        durable: Option<&Bound<'py, PyAny>>,
        max_bytes: Option<&Bound<'py, PyAny>>,
        encoding: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let path = args::path(path, Name::Path)?;
        let options = Common {
            expected_version,
            root,
            cwd,
            dry_run,
            durable,
            max_bytes,
            encoding,
        }
        .options()?;
        let undone = run(py, || self.history.undo(&path, &options))?;
        results::undone(py, undone)
    }
}
