//! `apply_patch` and `parse_patch`: arguments read here, the work done by the core.

use std::cell::RefCell;
use std::collections::HashMap;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::Path;

use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyBytes, PyDict, PyMemoryView, PyString};

use super::args;
use super::{results, run};
use eol_edit::{Error, ErrorCode, Expected, Name, Part, PatchOptions};

pub(crate) fn register(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_function(wrap_pyfunction!(apply_patch, module)?)?;
    module.add_function(wrap_pyfunction!(parse_patch, module)?)?;
    module.add_function(wrap_pyfunction!(apply_patch_in_memory, module)?)?;
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
#[pyo3(signature = (patch, *, cwd=None, root=None, dry_run=None, durable=None, max_bytes=None, encoding=None, expected_versions=None, guards=None))]
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
    guards: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let patch = args::content(patch, Name::Patch)?.into_bytes();
    let options = patch_options(
        cwd,
        root,
        dry_run,
        durable,
        max_bytes,
        encoding,
        expected_versions,
        guards,
    )?;
    let result = run(py, move || eol_edit::apply_patch(&patch, &options))?;
    results::patch(py, result)
}

/// The options `apply_patch`, `prepare_patch` and `apply_patch_in_memory` take.
#[allow(clippy::too_many_arguments)]
pub(crate) fn patch_options(
    cwd: Option<&Bound<'_, PyAny>>,
    root: Option<&Bound<'_, PyAny>>,
    dry_run: Option<&Bound<'_, PyAny>>,
    durable: Option<&Bound<'_, PyAny>>,
    max_bytes: Option<&Bound<'_, PyAny>>,
    encoding: Option<&Bound<'_, PyAny>>,
    expected_versions: Option<&Bound<'_, PyAny>>,
    guards: Option<&Bound<'_, PyAny>>,
) -> PyResult<PatchOptions> {
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
    Ok(options.with_guards(args::guards(guards)?))
}

/// Applies a patch to buffers instead of files: `lookup(path)` gives each file's bytes
/// (`None` for a file that does not exist). Nothing is read from or written to disk.
///
/// `lookup` is called with the interpreter held, once per path, with a `str`: the path
/// as the patch gives it (`.` and `..` resolved by name), absolute against `cwd` when
/// that is given. An exception it raises is raised unchanged; anything but `bytes`,
/// `bytearray`, `memoryview` or `None` is an `InvalidArgument` (also a `TypeError`).
#[pyfunction]
#[pyo3(signature = (patch, lookup, *, cwd=None, root=None, dry_run=None, durable=None, max_bytes=None, encoding=None, expected_versions=None, guards=None))]
#[allow(clippy::too_many_arguments)]
fn apply_patch_in_memory<'py>(
    py: Python<'py>,
    patch: &Bound<'py, PyAny>,
    lookup: &Bound<'py, PyAny>,
    cwd: Option<&Bound<'py, PyAny>>,
    root: Option<&Bound<'py, PyAny>>,
    dry_run: Option<&Bound<'py, PyAny>>,
    durable: Option<&Bound<'py, PyAny>>,
    max_bytes: Option<&Bound<'py, PyAny>>,
    encoding: Option<&Bound<'py, PyAny>>,
    expected_versions: Option<&Bound<'py, PyAny>>,
    guards: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let patch = args::content(patch, Name::Patch)?.into_bytes();
    if !lookup.is_callable() {
        return Err(args::wrong_type(
            lookup,
            Part::Text("lookup".into()),
            "a callable taking a path and returning bytes or None",
        ));
    }
    let options = patch_options(
        cwd,
        root,
        dry_run,
        durable,
        max_bytes,
        encoding,
        expected_versions,
        guards,
    )?;
    // The Python error the lookup raised (or the wrong type it returned), raised as is.
    let raised: RefCell<Option<PyErr>> = RefCell::new(None);
    let call = |path: &Path| -> Result<Option<Vec<u8>>, Error> {
        let text = path.to_string_lossy();
        let stop = |err: PyErr| {
            *raised.borrow_mut() = Some(err);
            Error::new(ErrorCode::IoError, format!("lookup({text:?}) failed."))
        };
        let value = lookup.call1((text.as_ref(),)).map_err(stop)?;
        if value.is_none() {
            return Ok(None);
        }
        if let Ok(bytes) = value.cast::<PyBytes>() {
            return Ok(Some(bytes.as_bytes().to_vec()));
        }
        if value.cast::<PyByteArray>().is_ok() || value.cast::<PyMemoryView>().is_ok() {
            let bytes: Vec<u8> = py
                .import("builtins")
                .and_then(|b| b.getattr("bytes")?.call1((&value,)))
                .and_then(|b| Ok(b.cast::<PyBytes>()?.as_bytes().to_vec()))
                .map_err(stop)?;
            return Ok(Some(bytes));
        }
        let expected = if value.cast::<PyString>().is_ok() {
            "bytes or None (give the file's bytes, such as text.encode(), so that its encoding is known)"
        } else {
            "bytes or None"
        };
        Err(stop(args::wrong_type(
            &value,
            Part::Text(format!("lookup({text:?})'s result").into()),
            expected,
        )))
    };
    let result = catch_unwind(AssertUnwindSafe(|| {
        eol_edit::apply_patch_in_memory(&patch, call, &options)
    }));
    if let Some(err) = raised.into_inner() {
        return Err(err);
    }
    match result {
        Ok(Ok(result)) => results::in_memory(py, result),
        Ok(Err(error)) => Err(super::errors::to_py(py, &error)),
        Err(panic) => Err(super::errors::to_py(py, &super::panic_error(panic))),
    }
}

/// Reads a patch without touching any file: what it would do to which file, hunk by
/// hunk.
#[pyfunction]
fn parse_patch<'py>(py: Python<'py>, patch: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
    let patch = args::content(patch, Name::Patch)?.into_bytes();
    let parsed = run(py, move || eol_edit::parse_patch(&patch))?;
    results::parsed(py, parsed)
}
