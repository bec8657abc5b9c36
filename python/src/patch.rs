//! `apply_patch` and `parse_patch`: arguments read here, the work done by the core.

use std::collections::HashMap;

use pyo3::prelude::*;
use pyo3::types::PyDict;

use super::args;
use super::{results, run};
use eol_edit::{Expected, Name, Part, PatchOptions};

pub(crate) fn register(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_function(wrap_pyfunction!(apply_patch, module)?)?;
    module.add_function(wrap_pyfunction!(parse_patch, module)?)?;
    Ok(())
}

/// `expected_versions`: a dict of the paths as the patch names them to versions.
fn expected_versions(value: Option<&Bound<'_, PyAny>>) -> PyResult<HashMap<String, Expected>> {
    let mut versions = HashMap::new();
    let Some(v) = value.filter(|v| !v.is_none()) else {
        return Ok(versions);
    };
    let dict = v
        .cast::<PyDict>()
        .map_err(|_| args::wrong_type(v, Name::ExpectedVersions.into(), "a dict of str to str"))?;
    for (path, version) in dict.iter() {
        let label = Part::Text(format!("expected_versions[{}]", path.repr()?).into());
        let path = args::text(&path, Part::Text("a key of expected_versions".into()))?;
        versions.insert(path, Expected::from_binding(args::text(&version, label)?));
    }
    Ok(versions)
}

/// Applies a patch (the apply_patch envelope or a unified diff) to every file it names,
/// all or nothing, keeping each file's line endings, BOM and encoding.
#[pyfunction]
#[pyo3(signature = (patch, *, cwd=None, root=None, dry_run=None, durable=None, max_bytes=None, encoding=None, expected_versions=None))]
#[allow(clippy::too_many_arguments)]
fn apply_patch<'py>(
    py: Python<'py>,
    patch: &Bound<'py, PyAny>,
    cwd: Option<&Bound<'py, PyAny>>,
    root: Option<&Bound<'py, PyAny>>,
    dry_run: Option<&Bound<'py, PyAny>>,
    durable: Option<&Bound<'py, PyAny>>,
    max_bytes: Option<&Bound<'py, PyAny>>,
    encoding: Option<&Bound<'py, PyAny>>,
    expected_versions: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let patch = args::content(patch, Name::Patch)?.into_bytes();
    let mut options = PatchOptions::default();
    options.cwd = args::option_path(cwd, Name::Cwd)?;
    options.root = args::roots(root)?;
    options.dry_run = args::flag(dry_run, Name::DryRun)?;
    options.durable = args::flag(durable, Name::Durable)?;
    if let Some(max_bytes) = args::whole(max_bytes, Name::MaxBytes, 0)? {
        options.max_bytes = max_bytes;
    }
    options.encoding = args::option_text(encoding, Name::Encoding)?;
    options.expected_versions = self::expected_versions(expected_versions)?;
    let result = run(py, move || eol_edit::apply_patch(&patch, &options))?;
    results::patch(py, result)
}

/// Reads a patch without touching any file: what it would do to which file, hunk by
/// hunk.
#[pyfunction]
fn parse_patch<'py>(py: Python<'py>, patch: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
    let patch = args::content(patch, Name::Patch)?.into_bytes();
    let parsed = run(py, move || eol_edit::parse_patch(&patch))?;
    results::parsed(py, parsed)
}
