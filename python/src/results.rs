//! Core results as the Python package's result classes (`eol_edit/_results.py`,
//! frozen dataclasses): the JavaScript results' fields in snake_case, with warnings
//! rendered by the core in Python's (snake_case) names.

use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyBytes, PyDict, PyType};
use pyo3::IntoPyObjectExt;

use eol_edit::{Message, Tier};

/// Calls the result class `class` of `eol_edit._results` with `fields`.
fn make<'py>(
    py: Python<'py>,
    cell: &'static PyOnceLock<Py<PyType>>,
    class: &str,
    fields: &[(&str, Bound<'py, PyAny>)],
) -> PyResult<Bound<'py, PyAny>> {
    let class = cell.import(py, "eol_edit._results", class)?;
    let kwargs = PyDict::new(py);
    for (key, value) in fields {
        kwargs.set_item(*key, value)?;
    }
    class.call((), Some(&kwargs))
}

/// A value as a Python object.
fn py_of<'py, T: IntoPyObject<'py>>(py: Python<'py>, value: T) -> PyResult<Bound<'py, PyAny>> {
    value.into_bound_py_any(py)
}

/// A path of a result as the text the caller gave (results carry `str` paths, as in
/// JavaScript).
fn path_text(path: &std::path::Path) -> String {
    path.to_string_lossy().into_owned()
}

fn tiers(tiers: &[Tier]) -> Vec<&'static str> {
    tiers.iter().map(|t| t.as_str()).collect()
}

fn texts(messages: &[Message]) -> Vec<String> {
    messages.iter().map(|m| m.to_string()).collect()
}

/// `EolInfo`.
pub(crate) fn eol_info<'py>(py: Python<'py>, i: &eol_edit::EolInfo) -> PyResult<Bound<'py, PyAny>> {
    static CLASS: PyOnceLock<Py<PyType>> = PyOnceLock::new();
    make(
        py,
        &CLASS,
        "EolInfo",
        &[
            ("lf", py_of(py, i.lf)?),
            ("crlf", py_of(py, i.crlf)?),
            ("cr", py_of(py, i.cr)?),
            ("dominant", py_of(py, i.dominant.as_str())?),
            ("mixed", py_of(py, i.mixed)?),
            ("trailing_newline", py_of(py, i.trailing_newline)?),
        ],
    )
}

/// `ReadResult`.
pub(crate) fn read<'py>(py: Python<'py>, r: eol_edit::ReadResult) -> PyResult<Bound<'py, PyAny>> {
    static CLASS: PyOnceLock<Py<PyType>> = PyOnceLock::new();
    make(
        py,
        &CLASS,
        "ReadResult",
        &[
            ("content", py_of(py, r.content)?),
            ("start_line", py_of(py, r.start_line)?),
            ("end_line", py_of(py, r.end_line)?),
            ("total_lines", py_of(py, r.total_lines)?),
            ("eol", eol_info(py, &r.eol)?),
            ("bom", py_of(py, r.bom)?),
            ("encoding", py_of(py, r.encoding)?),
            ("version", py_of(py, r.version.to_string())?),
            ("warnings", py_of(py, texts(&r.warnings))?),
            (
                "warning_parts",
                super::host::parts_of(py, &r.warnings)?.into_any(),
            ),
        ],
    )
}

/// `EditResult`.
pub(crate) fn edit<'py>(py: Python<'py>, r: eol_edit::EditResult) -> PyResult<Bound<'py, PyAny>> {
    static CLASS: PyOnceLock<Py<PyType>> = PyOnceLock::new();
    make(
        py,
        &CLASS,
        "EditResult",
        &[
            ("path", py_of(py, path_text(&r.path))?),
            ("replacements", py_of(py, r.replacements)?),
            ("matched_by", py_of(py, tiers(&r.matched_by))?),
            ("start_line", py_of(py, r.start_line)?),
            ("end_line", py_of(py, r.end_line)?),
            ("diff", py_of(py, r.diff)?),
            ("eol", eol_info(py, &r.eol)?),
            ("version", py_of(py, r.version.to_string())?),
            ("changed", py_of(py, r.changed)?),
            ("warnings", py_of(py, texts(&r.warnings))?),
            (
                "warning_parts",
                super::host::parts_of(py, &r.warnings)?.into_any(),
            ),
            ("ranges", ranges(py, &r.ranges)?),
        ],
    )
}

/// `FileBytes`.
pub(crate) fn file_bytes<'py>(
    py: Python<'py>,
    read: &eol_edit::FileBytes,
) -> PyResult<Bound<'py, PyAny>> {
    static CLASS: PyOnceLock<Py<PyType>> = PyOnceLock::new();
    make(
        py,
        &CLASS,
        "FileBytes",
        &[
            ("bytes", PyBytes::new(py, &read.bytes).into_any()),
            ("version", py_of(py, read.version.to_string())?),
        ],
    )
}

/// `LineChanges`, its lines a list of `ChangedLine`.
pub(crate) fn line_changes<'py>(
    py: Python<'py>,
    c: &eol_edit::binding::LineChanges,
) -> PyResult<Bound<'py, PyAny>> {
    use eol_edit::binding::LineChange;
    static LINE: PyOnceLock<Py<PyType>> = PyOnceLock::new();
    static CLASS: PyOnceLock<Py<PyType>> = PyOnceLock::new();
    let mut lines = Vec::with_capacity(c.lines.len());
    for l in &c.lines {
        let kind = match l.kind {
            LineChange::Context => "context",
            LineChange::Removed => "removed",
            LineChange::Added => "added",
        };
        lines.push(make(
            py,
            &LINE,
            "ChangedLine",
            &[("kind", py_of(py, kind)?), ("line", py_of(py, l.line)?)],
        )?);
    }
    make(
        py,
        &CLASS,
        "LineChanges",
        &[
            ("lines", py_of(py, lines)?),
            ("changed", py_of(py, c.changed)?),
            ("omitted", py_of(py, c.omitted)?),
            ("first_line", py_of(py, c.first_line)?),
            ("last_line", py_of(py, c.last_line)?),
        ],
    )
}

/// A list of `ChangedRange`.
fn ranges<'py>(py: Python<'py>, ranges: &[eol_edit::ChangedRange]) -> PyResult<Bound<'py, PyAny>> {
    static CLASS: PyOnceLock<Py<PyType>> = PyOnceLock::new();
    let mut out = Vec::with_capacity(ranges.len());
    for r in ranges {
        out.push(make(
            py,
            &CLASS,
            "ChangedRange",
            &[
                ("start", py_of(py, r.start)?),
                ("end", py_of(py, r.end)?),
                ("text", py_of(py, r.text().into_owned())?),
            ],
        )?);
    }
    py_of(py, out)
}

/// A list of `PreparedFile`.
pub(crate) fn prepared_files<'py>(
    py: Python<'py>,
    files: &[eol_edit::PreparedFile],
) -> PyResult<Bound<'py, PyAny>> {
    static CLASS: PyOnceLock<Py<PyType>> = PyOnceLock::new();
    let mut out = Vec::with_capacity(files.len());
    for f in files {
        out.push(make(
            py,
            &CLASS,
            "PreparedFile",
            &[
                ("path", py_of(py, path_text(&f.path))?),
                ("action", py_of(py, f.action.as_str())?),
                (
                    "version_before",
                    py_of(py, f.version_before.map(|v| v.to_string()))?,
                ),
                (
                    "version_after",
                    py_of(py, f.version_after.map(|v| v.to_string()))?,
                ),
                ("moved_to", py_of(py, f.moved_to.as_deref().map(path_text))?),
                ("diff", py_of(py, f.diff.clone())?),
                ("replacements", py_of(py, f.replacements)?),
                ("matched_by", py_of(py, tiers(&f.matched_by))?),
                ("ranges", ranges(py, &f.ranges)?),
                ("start_line", py_of(py, f.start_line)?),
                ("end_line", py_of(py, f.end_line)?),
                ("eol", eol_info(py, &f.eol)?),
                ("encoding", py_of(py, f.encoding.clone())?),
                ("bom", py_of(py, f.bom)?),
                ("changed", py_of(py, f.changed)?),
                ("warnings", py_of(py, texts(&f.warnings))?),
            ],
        )?);
    }
    py_of(py, out)
}

/// `CommitResult`.
pub(crate) fn commit<'py>(
    py: Python<'py>,
    r: eol_edit::CommitResult,
) -> PyResult<Bound<'py, PyAny>> {
    static CLASS: PyOnceLock<Py<PyType>> = PyOnceLock::new();
    let files = r
        .files
        .into_iter()
        .map(|f| edit(py, f))
        .collect::<PyResult<Vec<_>>>()?;
    let patch = match r.patch {
        Some(p) => patch(py, p)?,
        None => py.None().into_bound(py),
    };
    make(
        py,
        &CLASS,
        "CommitResult",
        &[("files", py_of(py, files)?), ("patch", patch)],
    )
}

/// `ApplyResult`, whose content is `content` (a `str` or `bytes`, as given).
pub(crate) fn apply<'py, C>(
    py: Python<'py>,
    r: eol_edit::ApplyResult<C>,
    content: impl FnOnce(C) -> PyResult<Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    static CLASS: PyOnceLock<Py<PyType>> = PyOnceLock::new();
    make(
        py,
        &CLASS,
        "ApplyResult",
        &[
            ("content", content(r.content)?),
            ("replacements", py_of(py, r.replacements)?),
            ("matched_by", py_of(py, tiers(&r.matched_by))?),
            ("start_line", py_of(py, r.start_line)?),
            ("end_line", py_of(py, r.end_line)?),
            ("diff", py_of(py, r.diff)?),
            ("eol", eol_info(py, &r.eol)?),
            ("changed", py_of(py, r.changed)?),
            ("warnings", py_of(py, texts(&r.warnings))?),
        ],
    )
}

/// New bytes as Python `bytes`.
pub(crate) fn bytes(py: Python<'_>, content: Vec<u8>) -> PyResult<Bound<'_, PyAny>> {
    Ok(PyBytes::new(py, &content).into_any())
}

/// `PatchResult`.
pub(crate) fn patch<'py>(py: Python<'py>, r: eol_edit::PatchResult) -> PyResult<Bound<'py, PyAny>> {
    static FILE: PyOnceLock<Py<PyType>> = PyOnceLock::new();
    static CLASS: PyOnceLock<Py<PyType>> = PyOnceLock::new();
    let mut files = Vec::new();
    for f in r.files {
        files.push(make(
            py,
            &FILE,
            "PatchFileResult",
            &[
                ("path", py_of(py, path_text(&f.path))?),
                ("action", py_of(py, f.action.as_str())?),
                ("moved_to", py_of(py, f.moved_to.as_deref().map(path_text))?),
                ("diff", py_of(py, f.diff)?),
                ("eol", eol_info(py, &f.eol)?),
                ("version", py_of(py, f.version.map(|v| v.to_string()))?),
                ("matched_by", py_of(py, tiers(&f.matched_by))?),
                ("warnings", py_of(py, texts(&f.warnings))?),
                (
                    "warning_parts",
                    super::host::parts_of(py, &f.warnings)?.into_any(),
                ),
            ],
        )?);
    }
    make(py, &CLASS, "PatchResult", &[("files", py_of(py, files)?)])
}

/// `InMemoryPatch`: before and after as `bytes` (or `None`).
pub(crate) fn in_memory<'py>(
    py: Python<'py>,
    r: eol_edit::InMemoryPatch,
) -> PyResult<Bound<'py, PyAny>> {
    static FILE: PyOnceLock<Py<PyType>> = PyOnceLock::new();
    static CLASS: PyOnceLock<Py<PyType>> = PyOnceLock::new();
    let bytes = |b: Option<Vec<u8>>| match b {
        Some(b) => PyBytes::new(py, &b).into_any(),
        None => py.None().into_bound(py),
    };
    let mut files = Vec::new();
    for f in r.files {
        files.push(make(
            py,
            &FILE,
            "InMemoryFile",
            &[
                ("path", py_of(py, path_text(&f.path))?),
                ("action", py_of(py, f.action.as_str())?),
                ("moved_to", py_of(py, f.moved_to.as_deref().map(path_text))?),
                ("before", bytes(f.before)),
                ("after", bytes(f.after)),
                ("diff", py_of(py, f.diff)?),
                ("eol", eol_info(py, &f.eol)?),
                ("matched_by", py_of(py, tiers(&f.matched_by))?),
                ("warnings", py_of(py, texts(&f.warnings))?),
            ],
        )?);
    }
    make(py, &CLASS, "InMemoryPatch", &[("files", py_of(py, files)?)])
}

/// `ParsedPatch`.
pub(crate) fn parsed<'py>(
    py: Python<'py>,
    p: eol_edit::ParsedPatch,
) -> PyResult<Bound<'py, PyAny>> {
    static HUNK: PyOnceLock<Py<PyType>> = PyOnceLock::new();
    static FILE: PyOnceLock<Py<PyType>> = PyOnceLock::new();
    static CLASS: PyOnceLock<Py<PyType>> = PyOnceLock::new();
    let mut files = Vec::new();
    for f in p.files {
        let mut hunks = Vec::new();
        for h in f.hunks {
            hunks.push(make(
                py,
                &HUNK,
                "ParsedHunk",
                &[
                    ("anchors", py_of(py, h.anchors)?),
                    ("old_start", py_of(py, h.old_start)?),
                    ("old_lines", py_of(py, h.old_lines)?),
                    ("new_start", py_of(py, h.new_start)?),
                    ("new_lines", py_of(py, h.new_lines)?),
                    ("lines", py_of(py, h.lines)?),
                    ("end_of_file", py_of(py, h.end_of_file)?),
                    ("line", py_of(py, h.line)?),
                ],
            )?);
        }
        files.push(make(
            py,
            &FILE,
            "ParsedFile",
            &[
                ("path", py_of(py, path_text(&f.path))?),
                ("action", py_of(py, f.action.as_str())?),
                ("moved_to", py_of(py, f.moved_to.as_deref().map(path_text))?),
                ("content", py_of(py, f.content)?),
                ("hunks", py_of(py, hunks)?),
                ("line", py_of(py, f.line)?),
            ],
        )?);
    }
    make(
        py,
        &CLASS,
        "ParsedPatch",
        &[
            ("format", py_of(py, p.format.as_str())?),
            ("files", py_of(py, files)?),
        ],
    )
}

/// `Undone` (what `UndoHistory.undo` did).
pub(crate) fn undone<'py>(py: Python<'py>, u: eol_edit::Undone) -> PyResult<Bound<'py, PyAny>> {
    static CLASS: PyOnceLock<Py<PyType>> = PyOnceLock::new();
    make(
        py,
        &CLASS,
        "Undone",
        &[
            ("path", py_of(py, path_text(&u.path))?),
            ("deleted", py_of(py, u.deleted)?),
            ("diff", py_of(py, u.diff)?),
            ("version", py_of(py, u.version.map(|v| v.to_string()))?),
            ("warnings", py_of(py, texts(&u.warnings))?),
            (
                "warning_parts",
                super::host::parts_of(py, &u.warnings)?.into_any(),
            ),
        ],
    )
}

/// `UndoLast` (what `UndoHistory.last` knows of a file).
pub(crate) fn undo_last<'py>(
    py: Python<'py>,
    l: eol_edit::UndoLast,
) -> PyResult<Bound<'py, PyAny>> {
    static CLASS: PyOnceLock<Py<PyType>> = PyOnceLock::new();
    make(
        py,
        &CLASS,
        "UndoLast",
        &[
            ("version", py_of(py, l.version.map(|v| v.to_string()))?),
            ("created", py_of(py, l.created)?),
            ("dropped", py_of(py, l.dropped)?),
        ],
    )
}
