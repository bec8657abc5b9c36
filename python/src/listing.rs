//! `folder_entries`: a folder's names inside the roots, as a host handler shows a
//! folder (`eol_edit.anthropic`'s `view` of a folder), the core's listing
//! (`eol_edit::binding::folder_entries`). For the package's handlers, not re-exported.

use std::ffi::OsString;

use pyo3::prelude::*;

use super::{args, run};
use eol_edit::Name;

pub(crate) fn register(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_function(wrap_pyfunction!(folder_entries, module)?)?;
    Ok(())
}

/// The entries of the folder `path` and of its subfolders down to `depth` levels,
/// sorted, hidden ones (and what is in them) left out, each as `shown/name` with a `/`
/// after a folder; links are listed, never followed. Fails with `PathOutsideRoot` when
/// the folder is not inside `root`, `FileNotFound` when no folder there can be read;
/// the messages name the path as `display` (default: `path`).
#[pyfunction]
#[pyo3(signature = (path, *, shown, depth, display=None, root=None, cwd=None))]
fn folder_entries<'py>(
    py: Python<'py>,
    path: &Bound<'py, PyAny>,
    shown: &Bound<'py, PyAny>,
    depth: &Bound<'py, PyAny>,
    display: Option<&Bound<'py, PyAny>>,
    root: Option<&Bound<'py, PyAny>>,
    cwd: Option<&Bound<'py, PyAny>>,
) -> PyResult<Vec<OsString>> {
    let path = args::path(path, Name::Path)?;
    let shown = args::path(shown, Name::Unknown("shown".into()))?;
    let depth = args::whole(Some(depth), Name::Unknown("depth".into()), 0)?.unwrap_or(0);
    let display = args::option_path(display, Name::Unknown("display".into()))?
        .unwrap_or_else(|| path.clone());
    let roots = args::roots(root)?;
    let cwd = args::option_path(cwd, Name::Cwd)?;
    run(py, move || {
        eol_edit::binding::folder_entries(
            &path,
            &display,
            roots.as_deref(),
            cwd.as_deref(),
            shown.as_os_str(),
            usize::try_from(depth).unwrap_or(usize::MAX),
        )
    })
}
