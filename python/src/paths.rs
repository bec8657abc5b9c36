//! `path_info`: what is at a path, looked up by the core (`eol_edit::binding::path_info`,
//! the Node binding's `pathInfo`), so that the package's tools and editors check a
//! folder, a file or a size through the core and never through `os` of their own. For
//! the package's modules, not re-exported.

use std::path::PathBuf;

use pyo3::prelude::*;

use super::args;
use eol_edit::binding;

pub(crate) fn register(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_class::<PathInfo>()?;
    module.add_function(wrap_pyfunction!(path_info, module)?)?;
    Ok(())
}

/// What `path_info` says of a path.
#[pyclass(module = "eol_edit._native", name = "PathInfo", frozen, get_all)]
pub(crate) struct PathInfo {
    /// The real location: an existing path's, through every link; else its folder's
    /// real path and its name; else the path as given (a `str`).
    real: Py<PyAny>,
    /// `"file"`, `"folder"` or `"other"`; None when nothing is there (or it cannot be
    /// looked up).
    kind: Option<&'static str>,
    /// A file's size in bytes (0 for anything else).
    size: u64,
}

#[pymethods]
impl PathInfo {
    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let real = self.real.bind(py).repr()?;
        let kind = match self.kind {
            Some(kind) => format!("'{kind}'"),
            None => "None".into(),
        };
        Ok(format!(
            "PathInfo(real={real}, kind={kind}, size={})",
            self.size
        ))
    }
}

/// Looks an absolute path up by name, without opening it: its real location, what it
/// is and a file's size. Never raises for the path itself: one that cannot be looked
/// up (a NUL in it, a `str` the file system's encoding cannot encode) has no `kind`;
/// only a value that is no path is a TypeError.
/// `resolve=False` skips the real location (`real` is then the path as given).
#[pyfunction]
#[pyo3(signature = (path, *, resolve=true))]
fn path_info(py: Python<'_>, path: &Bound<'_, PyAny>, resolve: bool) -> PyResult<PathInfo> {
    let decoded = py
        .import("os")?
        .getattr("fsdecode")?
        .call1((path,))
        .map_err(|_| {
            args::wrong_type(
                path,
                eol_edit::Name::Path.into(),
                "a path (str, bytes or os.PathLike)",
            )
        })?;
    let Ok(path) = decoded.extract::<PathBuf>() else {
        // A lone surrogate outside `surrogateescape`'s range names no file.
        return Ok(PathInfo {
            real: decoded.unbind(),
            kind: None,
            size: 0,
        });
    };
    let info = py.detach(|| binding::path_info(&path, resolve));
    Ok(PathInfo {
        real: info
            .real
            .into_os_string()
            .into_pyobject(py)?
            .into_any()
            .unbind(),
        kind: info.kind.map(|k| k.name()),
        size: info.size,
    })
}
