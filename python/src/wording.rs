//! The texts of tool results that the tool layers of both languages show alike
//! (`eol_edit_tools::wording`), for `eol_edit/_words.py`: what the model reads of a
//! change's diff, the summary a host shows, and where a text is cut for a model.
//! Budgets count UTF-16 units, as the JavaScript tools' do.

use pyo3::prelude::*;
use pyo3::types::PyString;

use eol_edit::Tier;
use eol_edit_tools::wording;

use super::errors;

pub(crate) fn register(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_class::<Words>()?;
    module.add_function(wrap_pyfunction!(cut_length, module)?)?;
    module.add_function(wrap_pyfunction!(compact_diff, module)?)?;
    module.add_function(wrap_pyfunction!(diff_counts, module)?)?;
    module.add_function(wrap_pyfunction!(change_summary, module)?)?;
    module.add_function(wrap_pyfunction!(tier_note, module)?)?;
    module.add_function(wrap_pyfunction!(tier_notes, module)?)?;
    module.add_function(wrap_pyfunction!(describe_endings, module)?)?;
    module.add_function(wrap_pyfunction!(changed_text, module)?)?;
    module.add_function(wrap_pyfunction!(edited_text, module)?)?;
    let tiers: Vec<&str> = Tier::ALL.iter().map(|t| t.as_str()).collect();
    module.add("TIERS", tiers)?;
    Ok(())
}

/// A `str` as Rust text; a lone surrogate (a path read with `surrogateescape`) as `?`,
/// one character and one UTF-16 unit as it was, so that lengths are kept.
fn lossy(s: &Bound<'_, PyString>) -> String {
    if let Ok(text) = s.to_cow() {
        return text.into_owned();
    }
    s.call_method1("encode", ("utf-8", "replace"))
        .ok()
        .and_then(|b| b.extract::<Vec<u8>>().ok())
        .and_then(|b| String::from_utf8(b).ok())
        .unwrap_or_default()
}

/// A front-end's words for the parts of a message (`eol_edit_tools::render`, the
/// JavaScript tools' renderer too): built once from their JSON (tools.json holds the
/// tools' and the text editor's), then `render` says each message in them.
#[pyclass(module = "eol_edit._native", name = "Words", frozen)]
struct Words {
    words: eol_edit_tools::render::Words,
}

#[pymethods]
impl Words {
    /// Words from their JSON text; `ValueError` says what in it is wrong.
    #[new]
    fn new(json: &Bound<'_, PyString>) -> PyResult<Words> {
        let words = eol_edit_tools::render::Words::from_json(&lossy(json))
            .map_err(pyo3::exceptions::PyValueError::new_err)?;
        Ok(Words { words })
    }

    /// A message, given as the JSON text of its parts, in these words.
    fn render(&self, parts: &Bound<'_, PyString>) -> PyResult<String> {
        self.words
            .render_json(&lossy(parts))
            .map_err(pyo3::exceptions::PyValueError::new_err)
    }

    /// What a tool's failure says, in these words, from the JSON text of the error's
    /// facts (`message`, `parts`, `hint`, `hintParts`, `lines`, `editIndex`, `fileIndex`).
    fn render_failure(&self, failure: &Bound<'_, PyString>) -> PyResult<String> {
        self.words
            .render_failure_json(&lossy(failure))
            .map_err(pyo3::exceptions::PyValueError::new_err)
    }
}

/// Where to cut `text` for a model: how many characters (code points) of it to keep,
/// the longest start of at most `max_units` UTF-16 units that ends between two
/// characters and, when the cluster starts at most 32 units back, between two grapheme
/// clusters (a character with its marks, a joined emoji). `text[:cut_length(text, n)]`.
#[pyfunction]
fn cut_length(text: &Bound<'_, PyString>, max_units: usize) -> usize {
    let text = lossy(text);
    wording::cut_text(&text, max_units).chars().count()
}

/// A change's diff as the model reads it: without its header, and when longer than 400
/// lines or 40,000 UTF-16 units, its start, cut at a line, with a note naming `reader`.
#[pyfunction]
fn compact_diff(diff: &Bound<'_, PyString>, reader: &Bound<'_, PyString>) -> String {
    wording::compact_diff(&lossy(diff), &lossy(reader))
}

/// The lines a diff adds and removes: `(added, removed)`.
#[pyfunction]
fn diff_counts(diff: &Bound<'_, PyString>) -> (usize, usize) {
    wording::diff_counts(&lossy(diff))
}

/// The one-line summary a host shows for a change: `edit_file a.py: +2 -1 lines`.
#[pyfunction]
fn change_summary(
    tool: &Bound<'_, PyString>,
    path: &Bound<'_, PyString>,
    diff: &Bound<'_, PyString>,
) -> String {
    wording::change_summary(&lossy(tool), &lossy(path), &lossy(diff))
}

/// A tier's name, read (`"unicode"`); another string is `InvalidArgument`.
fn tier(py: Python<'_>, name: &str) -> PyResult<Tier> {
    name.parse().map_err(|e| errors::to_py(py, &e))
}

/// What the model is told of an edit the tier matched, to check the diff; `None` for
/// `exact` and `lineNumbers`.
#[pyfunction]
fn tier_note(py: Python<'_>, name: &str) -> PyResult<Option<&'static str>> {
    Ok(wording::tier_note(tier(py, name)?))
}

/// One note per edit a lenient tier matched (`multi`: naming the edit), and a last one
/// that the other lines kept their bytes; none when every edit matched exactly.
#[pyfunction]
fn tier_notes(py: Python<'_>, tiers: Vec<String>, multi: bool) -> PyResult<Vec<String>> {
    let tiers = tiers
        .iter()
        .map(|t| tier(py, t))
        .collect::<PyResult<Vec<_>>>()?;
    Ok(wording::tier_notes(&tiers, multi))
}

/// A text's endings in words, from the counts of its `EolInfo`: `"CRLF"`, `"LF"`,
/// `"CR"`, `"none"` or `"mixed (CRLF 2, LF 1)"`.
#[pyfunction]
fn describe_endings(crlf: usize, lf: usize, cr: usize) -> String {
    eol_edit::binding::describe_endings(crlf, lf, cr)
}

/// What the model and the host are told of a change of one file by `tool`: `(data,
/// summary)`, `data` being `head`, the notes, a `Warning: …` line per warning and the
/// diff without its header, cut when very long (none with `show_diff` false).
#[pyfunction]
#[allow(clippy::too_many_arguments)]
fn changed_text(
    tool: &Bound<'_, PyString>,
    path: &Bound<'_, PyString>,
    head: &Bound<'_, PyString>,
    notes: Vec<String>,
    warnings: Vec<String>,
    diff: &Bound<'_, PyString>,
    show_diff: bool,
) -> (String, String) {
    let c = wording::changed(
        &lossy(tool),
        &lossy(path),
        &lossy(head),
        &notes,
        &warnings,
        &lossy(diff),
        show_diff,
    );
    (c.data, c.summary)
}

/// What `edit_file` and `multi_edit` return for an edit's `result` (an `EditResult`):
/// `(data, summary)`, `data` opening with `Edited a.py: 1 replacement (matched by
/// exact), line 3.` (with `edits`, a multi-edit's count, first), then a note for each
/// edit a lenient tier matched and for pasted line-number prefixes, the warnings and
/// the diff.
#[pyfunction]
fn edited_text(
    py: Python<'_>,
    tool: &Bound<'_, PyString>,
    path: &Bound<'_, PyString>,
    result: &Bound<'_, PyAny>,
    edits: Option<usize>,
    warnings: Vec<String>,
) -> PyResult<(String, String)> {
    let matched_by = result
        .getattr("matched_by")?
        .extract::<Vec<String>>()?
        .iter()
        .map(|t| tier(py, t))
        .collect::<PyResult<Vec<_>>>()?;
    let shown = wording::EditShown {
        edits,
        replacements: result.getattr("replacements")?.extract()?,
        matched_by: &matched_by,
        start_line: result.getattr("start_line")?.extract()?,
        end_line: result.getattr("end_line")?.extract()?,
    };
    let diff = result.getattr("diff")?;
    let c = wording::edited(
        &lossy(tool),
        &lossy(path),
        &shown,
        &warnings,
        &lossy(diff.cast::<PyString>()?),
    );
    Ok((c.data, c.summary))
}
