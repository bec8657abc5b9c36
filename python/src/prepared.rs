//! Prepared changes (`prepare_edit`, `prepare_multi_edit`, `prepare_delete_range`,
//! `prepare_insert_lines`, `prepare_write`, `prepare_patch`): the core's `Prepared` behind the class `eol_edit.Prepared`, whose
//! `files` a host shows and whose `commit()` writes exactly that, once. Arguments are
//! read as the functions they prepare read them; the work runs with the interpreter
//! released.

use std::sync::Mutex;

use pyo3::prelude::*;

use super::args;
use super::files::{delete_change, edit_change, insert_change, multi_change, write_change, Common};
use super::{errors, results, run};
use eol_edit::{Error, ErrorCode, Name};

pub(crate) fn register(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_class::<Prepared>()?;
    module.add_function(wrap_pyfunction!(prepare_edit, module)?)?;
    module.add_function(wrap_pyfunction!(prepare_multi_edit, module)?)?;
    module.add_function(wrap_pyfunction!(prepare_delete_range, module)?)?;
    module.add_function(wrap_pyfunction!(prepare_insert_lines, module)?)?;
    module.add_function(wrap_pyfunction!(prepare_write, module)?)?;
    module.add_function(wrap_pyfunction!(prepare_patch, module)?)?;
    Ok(())
}

/// A change worked out in full and not yet written: `files` says what `commit()`
/// writes; `commit()` writes it if every file still has `version_before` (a new file:
/// still does not exist), else raises `FileChanged` and writes nothing. It commits
/// once: a second `commit()` raises `InvalidArgument`.
#[pyclass(module = "eol_edit", name = "Prepared", frozen)]
pub(crate) struct Prepared {
    files: Py<PyAny>,
    change: Mutex<Option<eol_edit::Prepared>>,
}

#[pymethods]
impl Prepared {
    /// What the commit will write, per file (a list of `PreparedFile`).
    #[getter]
    fn files(&self, py: Python<'_>) -> Py<PyAny> {
        self.files.clone_ref(py)
    }

    /// What `commit()` returns if it writes what was prepared (a `CommitResult`, each
    /// version the one the file is to have): the result a host shows before it commits.
    /// Raises `InvalidArgument` once the change was committed.
    #[getter]
    fn preview<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let shown = match &*self.change.lock().unwrap_or_else(|p| p.into_inner()) {
            Some(change) => change.preview(),
            None => {
                let error = Error::new(
                    ErrorCode::InvalidArgument,
                    "preview: this change was already committed (or its commit failed): the commit's result says what it wrote.",
                );
                return Err(errors::to_py(py, &error));
            }
        };
        results::commit(py, shown)
    }

    /// Writes the prepared bytes; returns a `CommitResult`.
    fn commit<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let taken = self.change.lock().unwrap_or_else(|p| p.into_inner()).take();
        let Some(change) = taken else {
            let error = Error::new(
                ErrorCode::InvalidArgument,
                "This change was already committed (or its commit failed). A prepared change commits once: prepare it again.",
            );
            return Err(errors::to_py(py, &error));
        };
        let committed = run(py, move || change.commit())?;
        results::commit(py, committed)
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let files = self.files.bind(py).repr()?;
        Ok(format!("Prepared(files={files})"))
    }
}

fn prepared(py: Python<'_>, change: eol_edit::Prepared) -> PyResult<Prepared> {
    let files = results::prepared_files(py, change.files())?.unbind();
    Ok(Prepared {
        files,
        change: Mutex::new(Some(change)),
    })
}

/// `edit_file`, prepared: everything but the write.
#[pyfunction]
#[pyo3(signature = (path, old_text, new_text, *, replace_all=None, expected_version=None, root=None, cwd=None, dry_run=None, durable=None, max_bytes=None, encoding=None, guards=None))]
#[allow(clippy::too_many_arguments)]
fn prepare_edit<'py>(
    py: Python<'py>,
    path: &Bound<'py, PyAny>,
    old_text: &Bound<'py, PyAny>,
    new_text: &Bound<'py, PyAny>,
    replace_all: Option<&Bound<'py, PyAny>>,
    expected_version: Option<&Bound<'py, PyAny>>,
    root: Option<&Bound<'py, PyAny>>,
    cwd: Option<&Bound<'py, PyAny>>,
    dry_run: Option<&Bound<'py, PyAny>>,
    durable: Option<&Bound<'py, PyAny>>,
    max_bytes: Option<&Bound<'py, PyAny>>,
    encoding: Option<&Bound<'py, PyAny>>,
    guards: Option<&Bound<'py, PyAny>>,
) -> PyResult<Prepared> {
    let common = Common {
        expected_version,
        root,
        cwd,
        dry_run,
        durable,
        max_bytes,
        encoding,
    };
    let change = edit_change(path, old_text, new_text, replace_all, guards, common)?;
    prepared(py, run(py, move || change.prepare())?)
}

/// `multi_edit`, prepared: everything but the write.
#[pyfunction]
#[pyo3(signature = (path, edits, *, expected_version=None, root=None, cwd=None, dry_run=None, durable=None, max_bytes=None, encoding=None, guards=None))]
#[allow(clippy::too_many_arguments)]
fn prepare_multi_edit<'py>(
    py: Python<'py>,
    path: &Bound<'py, PyAny>,
    edits: &Bound<'py, PyAny>,
    expected_version: Option<&Bound<'py, PyAny>>,
    root: Option<&Bound<'py, PyAny>>,
    cwd: Option<&Bound<'py, PyAny>>,
    dry_run: Option<&Bound<'py, PyAny>>,
    durable: Option<&Bound<'py, PyAny>>,
    max_bytes: Option<&Bound<'py, PyAny>>,
    encoding: Option<&Bound<'py, PyAny>>,
    guards: Option<&Bound<'py, PyAny>>,
) -> PyResult<Prepared> {
    let common = Common {
        expected_version,
        root,
        cwd,
        dry_run,
        durable,
        max_bytes,
        encoding,
    };
    let change = multi_change(path, edits, guards, common, "prepare_multi_edit")?;
    prepared(py, run(py, move || change.prepare())?)
}

/// `insert_lines`, prepared: everything but the write.
#[pyfunction]
#[pyo3(signature = (path, after_line, text, *, expected_version=None, root=None, cwd=None, dry_run=None, durable=None, max_bytes=None, encoding=None, guards=None))]
#[allow(clippy::too_many_arguments)]
fn prepare_insert_lines<'py>(
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
) -> PyResult<Prepared> {
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
    prepared(py, run(py, move || change.prepare())?)
}

/// `delete_range`, prepared: everything but the write.
#[pyfunction]
#[pyo3(signature = (path, start_anchor, end_anchor, *, inclusive=None, expected_version=None, root=None, cwd=None, dry_run=None, durable=None, max_bytes=None, encoding=None))]
#[allow(clippy::too_many_arguments)]
fn prepare_delete_range<'py>(
    py: Python<'py>,
    path: &Bound<'py, PyAny>,
    start_anchor: &Bound<'py, PyAny>,
    end_anchor: &Bound<'py, PyAny>,
    inclusive: Option<&Bound<'py, PyAny>>,
    expected_version: Option<&Bound<'py, PyAny>>,
    root: Option<&Bound<'py, PyAny>>,
    cwd: Option<&Bound<'py, PyAny>>,
    dry_run: Option<&Bound<'py, PyAny>>,
    durable: Option<&Bound<'py, PyAny>>,
    max_bytes: Option<&Bound<'py, PyAny>>,
    encoding: Option<&Bound<'py, PyAny>>,
) -> PyResult<Prepared> {
    let common = Common {
        expected_version,
        root,
        cwd,
        dry_run,
        durable,
        max_bytes,
        encoding,
    };
    let change = delete_change(path, start_anchor, end_anchor, inclusive, common)?;
    prepared(py, run(py, move || change.prepare())?)
}

/// `write_file`, prepared: everything but the write. A new file is `"add"`, and its
/// commit raises `FileChanged` if the path exists by then.
#[pyfunction]
#[pyo3(signature = (path, content, *, eol=None, expected_version=None, root=None, cwd=None, dry_run=None, durable=None, max_bytes=None, encoding=None, guards=None))]
#[allow(clippy::too_many_arguments)]
fn prepare_write<'py>(
    py: Python<'py>,
    path: &Bound<'py, PyAny>,
    content: &Bound<'py, PyAny>,
    eol: Option<&Bound<'py, PyAny>>,
    expected_version: Option<&Bound<'py, PyAny>>,
    root: Option<&Bound<'py, PyAny>>,
    cwd: Option<&Bound<'py, PyAny>>,
    dry_run: Option<&Bound<'py, PyAny>>,
    durable: Option<&Bound<'py, PyAny>>,
    max_bytes: Option<&Bound<'py, PyAny>>,
    encoding: Option<&Bound<'py, PyAny>>,
    guards: Option<&Bound<'py, PyAny>>,
) -> PyResult<Prepared> {
    let common = Common {
        expected_version,
        root,
        cwd,
        dry_run,
        durable,
        max_bytes,
        encoding,
    };
    let change = write_change(py, path, content, eol, guards, common)?;
    prepared(py, run(py, move || change.prepare())?)
}

/// `apply_patch`, prepared: every section worked out and checked as its dry run does,
/// nothing written; `files` has one entry per section, and `commit()` writes them all
/// or none (`FileChanged` naming the file if one changed meanwhile).
#[pyfunction]
#[pyo3(signature = (patch, *, cwd=None, root=None, dry_run=None, durable=None, max_bytes=None, encoding=None, expected_versions=None, guards=None))]
#[allow(clippy::too_many_arguments)]
fn prepare_patch<'py>(
    py: Python<'py>,
    patch: &Bound<'py, PyAny>,
    cwd: Option<&Bound<'py, PyAny>>,
    root: Option<&Bound<'py, PyAny>>,
    dry_run: Option<&Bound<'py, PyAny>>,
    durable: Option<&Bound<'py, PyAny>>,
    max_bytes: Option<&Bound<'py, PyAny>>,
    encoding: Option<&Bound<'py, PyAny>>,
    expected_versions: Option<&Bound<'py, PyAny>>,
    guards: Option<&Bound<'py, PyAny>>,
) -> PyResult<Prepared> {
    let patch = args::content(patch, Name::Patch)?.into_bytes();
    let options = super::patch::patch_options(
        cwd,
        root,
        dry_run,
        durable,
        max_bytes,
        encoding,
        expected_versions,
        guards,
    )?;
    let change = run(py, move || eol_edit::prepare_patch(&patch, &options))?;
    prepared(py, change)
}
