//! The file functions: `read_file` and the six that change a file. Arguments are read
//! with the interpreter held; the core's work runs with it released ([`crate::run`]).

use pyo3::prelude::*;

use super::args;
use super::{results, run};

use eol_edit::binding;
use eol_edit::{EditOptions, Ending, Expected, Name, ReadOptions, WriteEol};

pub(crate) fn register(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_function(wrap_pyfunction!(read_file, module)?)?;
    module.add_function(wrap_pyfunction!(edit_file, module)?)?;
    module.add_function(wrap_pyfunction!(multi_edit, module)?)?;
    module.add_function(wrap_pyfunction!(delete_range, module)?)?;
    module.add_function(wrap_pyfunction!(write_file, module)?)?;
    module.add_function(wrap_pyfunction!(convert_eol, module)?)?;
    module.add_function(wrap_pyfunction!(convert_encoding, module)?)?;
    Ok(())
}

/// The options every function that changes a file takes.
pub(crate) struct Common<'a, 'py> {
    pub(crate) expected_version: Option<&'a Bound<'py, PyAny>>,
    pub(crate) root: Option<&'a Bound<'py, PyAny>>,
    pub(crate) cwd: Option<&'a Bound<'py, PyAny>>,
    pub(crate) dry_run: Option<&'a Bound<'py, PyAny>>,
    pub(crate) durable: Option<&'a Bound<'py, PyAny>>,
    pub(crate) max_bytes: Option<&'a Bound<'py, PyAny>>,
    pub(crate) encoding: Option<&'a Bound<'py, PyAny>>,
}

impl Common<'_, '_> {
    pub(crate) fn options(&self) -> PyResult<EditOptions> {
        let mut options = EditOptions::default();
        // `""` is a file that must not exist, as in JavaScript.
        options.expected_version = args::option_text(self.expected_version, Name::ExpectedVersion)?
            .map(Expected::from_binding);
        options.root = args::roots(self.root)?;
        options.cwd = args::option_path(self.cwd, Name::Cwd)?;
        options.dry_run = args::flag(self.dry_run, Name::DryRun)?;
        options.durable = args::flag(self.durable, Name::Durable)?;
        if let Some(max_bytes) = args::whole(self.max_bytes, Name::MaxBytes, 0)? {
            options.max_bytes = max_bytes;
        }
        options.encoding = args::option_text(self.encoding, Name::Encoding)?;
        Ok(options)
    }
}

/// A change to one file that has a `prepare_` twin (the core's `binding::Change`, its
/// texts as UTF-8 bytes), read from the arguments by [`edit_change`], [`multi_change`],
/// [`delete_change`], [`insert_change`] or [`write_change`]: the function and its twin
/// read them with the one reader, and differ only in what they do with the change.
pub(crate) use eol_edit::binding::Change;

/// The arguments of `edit_file` and `prepare_edit`, read.
pub(crate) fn edit_change(
    path: &Bound<'_, PyAny>,
    old_text: &Bound<'_, PyAny>,
    new_text: &Bound<'_, PyAny>,
    replace_all: Option<&Bound<'_, PyAny>>,
    guards: Option<&Bound<'_, PyAny>>,
    common: Common<'_, '_>,
) -> PyResult<Change> {
    let path = args::path(path, Name::Path)?;
    let old_text = args::text(old_text, Name::OldText)?;
    let new_text = args::text(new_text, Name::NewText)?;
    let options = common
        .options()?
        .with_replace_all(args::flag(replace_all, Name::ReplaceAll)?)
        .with_guards(args::guards(guards)?);
    Ok(Change::Edit(
        path,
        old_text.into_bytes(),
        new_text.into_bytes(),
        options,
    ))
}

/// The arguments of `multi_edit` and `prepare_multi_edit` (`function`, which a bad
/// edit's message names), read.
pub(crate) fn multi_change(
    path: &Bound<'_, PyAny>,
    edits: &Bound<'_, PyAny>,
    guards: Option<&Bound<'_, PyAny>>,
    common: Common<'_, '_>,
    function: &str,
) -> PyResult<Change> {
    let path = args::path(path, Name::Path)?;
    let edits = args::edits(edits, function)?;
    let options = common.options()?.with_guards(args::guards(guards)?);
    let edits = edits.into_iter().map(binding::Edit::from).collect();
    Ok(Change::Multi(path, edits, options))
}

/// The arguments of `delete_range` and `prepare_delete_range`, read.
pub(crate) fn delete_change(
    path: &Bound<'_, PyAny>,
    start_anchor: &Bound<'_, PyAny>,
    end_anchor: &Bound<'_, PyAny>,
    inclusive: Option<&Bound<'_, PyAny>>,
    common: Common<'_, '_>,
) -> PyResult<Change> {
    let path = args::path(path, Name::Path)?;
    let start = args::anchor(start_anchor, Name::StartAnchor)?;
    let end = args::anchor(end_anchor, Name::EndAnchor)?;
    let options = common
        .options()?
        .with_inclusive(args::flag(inclusive, Name::Inclusive)?);
    Ok(Change::Delete(path, start.into(), end.into(), options))
}

/// The arguments of `insert_lines` and `prepare_insert_lines`, read.
pub(crate) fn insert_change(
    py: Python<'_>,
    path: &Bound<'_, PyAny>,
    after_line: &Bound<'_, PyAny>,
    text: &Bound<'_, PyAny>,
    guards: Option<&Bound<'_, PyAny>>,
    common: Common<'_, '_>,
) -> PyResult<Change> {
    let path = args::path(path, Name::Path)?;
    let after = args::whole(Some(after_line), Name::AfterLine, 0)?.unwrap_or(0);
    let after = u32::try_from(after).map_err(|_| {
        args::invalid(
            py,
            Name::AfterLine.into(),
            format!(" must be a line number, not {after}."),
        )
    })?;
    let text = args::text(text, Name::Text)?;
    let options = common.options()?.with_guards(args::guards(guards)?);
    Ok(Change::Insert(path, after, text.into_bytes(), options))
}

/// The arguments of `write_file` and `prepare_write`, read.
pub(crate) fn write_change(
    py: Python<'_>,
    path: &Bound<'_, PyAny>,
    content: &Bound<'_, PyAny>,
    eol: Option<&Bound<'_, PyAny>>,
    guards: Option<&Bound<'_, PyAny>>,
    common: Common<'_, '_>,
) -> PyResult<Change> {
    let path = args::path(path, Name::Path)?;
    let content = args::content(content, Name::Content)?.into_bytes();
    let eol = write_eol(py, eol)?;
    let options = common
        .options()?
        .with_eol(eol)
        .with_guards(args::guards(guards)?);
    Ok(Change::Write(path, content, options))
}

/// The options of a read but `offset` and `limit` (`read_file`'s, `read_file_bytes`'s).
pub(crate) fn read_options(
    root: Option<&Bound<'_, PyAny>>,
    cwd: Option<&Bound<'_, PyAny>>,
    max_bytes: Option<&Bound<'_, PyAny>>,
    encoding: Option<&Bound<'_, PyAny>>,
) -> PyResult<ReadOptions> {
    let mut options = ReadOptions::default();
    options.root = args::roots(root)?;
    options.cwd = args::option_path(cwd, Name::Cwd)?;
    if let Some(max_bytes) = args::whole(max_bytes, Name::MaxBytes, 0)? {
        options.max_bytes = max_bytes;
    }
    options.encoding = args::option_text(encoding, Name::Encoding)?;
    Ok(options)
}

/// Reads a file as a model should see it: the LF view of the lines asked for, with
/// the file's endings, BOM, encoding and version.
#[pyfunction]
#[pyo3(signature = (path, *, offset=None, limit=None, root=None, cwd=None, max_bytes=None, encoding=None))]
#[allow(clippy::too_many_arguments)]
fn read_file<'py>(
    py: Python<'py>,
    path: &Bound<'py, PyAny>,
    offset: Option<&Bound<'py, PyAny>>,
    limit: Option<&Bound<'py, PyAny>>,
    root: Option<&Bound<'py, PyAny>>,
    cwd: Option<&Bound<'py, PyAny>>,
    max_bytes: Option<&Bound<'py, PyAny>>,
    encoding: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let path = args::path(path, Name::Path)?;
    let offset = args::whole(offset, Name::Offset, 1)?;
    let limit = args::whole(limit, Name::Limit, 0)?;
    let mut options = read_options(root, cwd, max_bytes, encoding)?;
    options.offset = offset;
    options.limit = limit;
    let result = run(py, move || eol_edit::read_file(&path, &options))?;
    results::read(py, result)
}

/// Replaces `old_text` by `new_text` in a file, matched in the lines as `read_file`
/// shows them; every line keeps its own ending.
#[pyfunction]
#[pyo3(signature = (path, old_text, new_text, *, replace_all=None, expected_version=None, root=None, cwd=None, dry_run=None, durable=None, max_bytes=None, encoding=None, guards=None))]
#[allow(clippy::too_many_arguments)]
fn edit_file<'py>(
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
) -> PyResult<Bound<'py, PyAny>> {
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
    results::edit(py, run(py, move || change.write())?)
}

/// Applies several edits in order, each to the result of the one before, all or
/// nothing: a failing edit names its `edit_index` and nothing is written.
#[pyfunction]
#[pyo3(signature = (path, edits, *, expected_version=None, root=None, cwd=None, dry_run=None, durable=None, max_bytes=None, encoding=None, guards=None))]
#[allow(clippy::too_many_arguments)]
fn multi_edit<'py>(
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
) -> PyResult<Bound<'py, PyAny>> {
    let common = Common {
        expected_version,
        root,
        cwd,
        dry_run,
        durable,
        max_bytes,
        encoding,
    };
    let change = multi_change(path, edits, guards, common, "multi_edit")?;
    results::edit(py, run(py, move || change.write())?)
}

/// Deletes the lines between two anchors (a line's text or a 1-based line number), or
/// the anchors too with `inclusive`.
#[pyfunction]
#[pyo3(signature = (path, start_anchor, end_anchor, *, inclusive=None, expected_version=None, root=None, cwd=None, dry_run=None, durable=None, max_bytes=None, encoding=None))]
#[allow(clippy::too_many_arguments)]
fn delete_range<'py>(
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
) -> PyResult<Bound<'py, PyAny>> {
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
    results::edit(py, run(py, move || change.write())?)
}

/// Writes a whole file, keeping an existing file's line endings and BOM; a new file
/// takes its ending from `.editorconfig` / `.gitattributes`, else LF.
#[pyfunction]
#[pyo3(signature = (path, content, *, eol=None, expected_version=None, root=None, cwd=None, dry_run=None, durable=None, max_bytes=None, encoding=None, guards=None))]
#[allow(clippy::too_many_arguments)]
fn write_file<'py>(
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
) -> PyResult<Bound<'py, PyAny>> {
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
    results::edit(py, run(py, move || change.write())?)
}

/// `write_file`'s `eol` option.
fn write_eol(py: Python<'_>, eol: Option<&Bound<'_, PyAny>>) -> PyResult<WriteEol> {
    Ok(match args::option_text(eol, Name::Eol)?.as_deref() {
        None | Some("preserve") => WriteEol::Preserve,
        Some("lf") => WriteEol::Lf,
        Some("crlf") => WriteEol::CrLf,
        Some(other) => {
            return Err(args::invalid(
                py,
                Name::Eol.into(),
                format!(" must be \"preserve\", \"lf\" or \"crlf\", not {other:?}."),
            ))
        }
    })
}

/// Converts every line ending of a file to `to` (`"lf"`, `"crlf"` or `"cr"`);
/// `NoChange` if there is nothing to convert.
#[pyfunction]
#[pyo3(signature = (path, to, *, expected_version=None, root=None, cwd=None, dry_run=None, durable=None, max_bytes=None, encoding=None))]
#[allow(clippy::too_many_arguments)]
fn convert_eol<'py>(
    py: Python<'py>,
    path: &Bound<'py, PyAny>,
    to: &Bound<'py, PyAny>,
    expected_version: Option<&Bound<'py, PyAny>>,
    root: Option<&Bound<'py, PyAny>>,
    cwd: Option<&Bound<'py, PyAny>>,
    dry_run: Option<&Bound<'py, PyAny>>,
    durable: Option<&Bound<'py, PyAny>>,
    max_bytes: Option<&Bound<'py, PyAny>>,
    encoding: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let path = args::path(path, Name::Path)?;
    let to_name = args::text(to, Name::To)?;
    let to = Ending::from_name(&to_name).ok_or_else(|| {
        args::invalid(
            py,
            Name::To.into(),
            format!(" must be \"lf\", \"crlf\" or \"cr\", not {to_name:?}."),
        )
    })?;
    let common = Common {
        expected_version,
        root,
        cwd,
        dry_run,
        durable,
        max_bytes,
        encoding,
    };
    let options = common.options()?;
    let result = run(py, move || eol_edit::convert_eol(&path, to, &options))?;
    results::edit(py, result)
}

/// Writes a file in another encoding (a WHATWG label such as `"utf-8"`, `"gbk"`);
/// its text, endings and lines stay as they are.
#[pyfunction]
#[pyo3(signature = (path, to, *, bom=None, expected_version=None, root=None, cwd=None, dry_run=None, durable=None, max_bytes=None, encoding=None))]
#[allow(clippy::too_many_arguments)]
fn convert_encoding<'py>(
    py: Python<'py>,
    path: &Bound<'py, PyAny>,
    to: &Bound<'py, PyAny>,
    bom: Option<&Bound<'py, PyAny>>,
    expected_version: Option<&Bound<'py, PyAny>>,
    root: Option<&Bound<'py, PyAny>>,
    cwd: Option<&Bound<'py, PyAny>>,
    dry_run: Option<&Bound<'py, PyAny>>,
    durable: Option<&Bound<'py, PyAny>>,
    max_bytes: Option<&Bound<'py, PyAny>>,
    encoding: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let path = args::path(path, Name::Path)?;
    let to = args::text(to, Name::To)?;
    let common = Common {
        expected_version,
        root,
        cwd,
        dry_run,
        durable,
        max_bytes,
        encoding,
    };
    let options = common.options()?.with_bom(args::flag(bom, Name::Bom)?);
    let result = run(py, move || eol_edit::convert_encoding(&path, &to, &options))?;
    results::edit(py, result)
}
