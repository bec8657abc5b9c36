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
    module.add_function(wrap_pyfunction!(cut_length, module)?)?;
    module.add_function(wrap_pyfunction!(compact_diff, module)?)?;
    module.add_function(wrap_pyfunction!(diff_counts, module)?)?;
    module.add_function(wrap_pyfunction!(change_summary, module)?)?;
    module.add_function(wrap_pyfunction!(tier_note, module)?)?;
    module.add_function(wrap_pyfunction!(tier_notes, module)?)?;
    module.add_function(wrap_pyfunction!(describe_endings, module)?)?;
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
