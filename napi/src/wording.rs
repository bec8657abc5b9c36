//! The texts of tool results that the tool layers of both languages show alike
//! (`eol_edit_tools::wording`), for lib/tools: what the model reads of a change's diff,
//! the summary a host shows, and where a text is cut for a model.

use napi::bindgen_prelude::{Env, Unknown};
use napi_derive::napi;

use eol_edit_tools::wording;

use super::guard;
use super::js::{invalid, Js};

/// The lines a diff adds and removes.
#[napi(object)]
pub struct DiffCounts {
    pub added: u32,
    pub removed: u32,
}

/// Where to cut `text` for a model: the length, in UTF-16 units, of its longest start
/// of at most `maxUnits` units that ends between two characters (never between the
/// halves of a surrogate pair) and, when the cluster it would cut starts at most 32
/// units back, between two grapheme clusters (a character with its marks, a joined
/// emoji).
/// `text.slice(0, cutLength(text, max))` is the cut text; `text.length` when it fits.
#[napi(
    js_name = "cutLength",
    ts_args_type = "text: string, maxUnits: number",
    ts_return_type = "number"
)]
pub fn cut_length(env: &Env, text: Unknown<'_>, max_units: Unknown<'_>) -> napi::Result<u32> {
    guard(env, || {
        let text = Js::new(text).string_lossy("text")?;
        let max = Js::new(max_units)
            .whole_number("maxUnits")?
            .ok_or_else(|| invalid("maxUnits is missing: give the budget in UTF-16 units."))?;
        let max = usize::try_from(max).unwrap_or(usize::MAX);
        Ok(wording::units(wording::cut_text(&text, max)) as u32)
    })
}

/// A change's diff as the model reads it: without its `---`/`+++` header, and when
/// longer than 400 lines or 40,000 characters, its start, cut at a line, with a last
/// line saying how many lines are not shown and that `reader` shows the result.
#[napi(
    js_name = "compactDiff",
    ts_args_type = "diff: string, reader: string",
    ts_return_type = "string"
)]
pub fn compact_diff(env: &Env, diff: Unknown<'_>, reader: Unknown<'_>) -> napi::Result<String> {
    guard(env, || {
        let diff = Js::new(diff).string_lossy("diff")?;
        let reader = Js::new(reader).string_lossy("reader")?;
        Ok(wording::compact_diff(&diff, &reader))
    })
}

/// The lines a diff adds and removes (its `---`/`+++` header aside).
#[napi(js_name = "diffCounts", ts_args_type = "diff: string")]
pub fn diff_counts(env: &Env, diff: Unknown<'_>) -> napi::Result<DiffCounts> {
    guard(env, || {
        let (added, removed) = wording::diff_counts(&Js::new(diff).string_lossy("diff")?);
        Ok(DiffCounts {
            added: added as u32,
            removed: removed as u32,
        })
    })
}

/// The one-line summary a host shows for a change: `edit_file src/a.ts: +2 -1 lines`.
#[napi(
    js_name = "changeSummary",
    ts_args_type = "tool: string, path: string, diff: string",
    ts_return_type = "string"
)]
pub fn change_summary(
    env: &Env,
    tool: Unknown<'_>,
    path: Unknown<'_>,
    diff: Unknown<'_>,
) -> napi::Result<String> {
    guard(env, || {
        let tool = Js::new(tool).string_lossy("tool")?;
        let path = Js::new(path).string_lossy("path")?;
        let diff = Js::new(diff).string_lossy("diff")?;
        Ok(wording::change_summary(&tool, &path, &diff))
    })
}

/// The tiers of `matchedBy`, read.
fn read_tiers(tiers: &Js) -> Result<Vec<eol_edit::Tier>, eol_edit::Error> {
    tiers
        .array("tiers")?
        .iter()
        .map(|t| t.string("tiers[]")?.parse())
        .collect()
}

/// What the model is told of an edit the tier `tier` matched, to check the diff;
/// `null` for `exact` and `lineNumbers`.
#[napi(
    js_name = "tierNote",
    ts_args_type = "tier: Tier",
    ts_return_type = "string | null"
)]
pub fn tier_note(env: &Env, tier: Unknown<'_>) -> napi::Result<Option<&'static str>> {
    guard(env, || {
        let tier: eol_edit::Tier = Js::new(tier).string("tier")?.parse()?;
        Ok(wording::tier_note(tier))
    })
}

/// One note per edit a lenient tier matched (`multi`: naming the edit), and a last one
/// that the other lines kept their bytes; none when every edit matched exactly.
#[napi(
    js_name = "tierNotes",
    ts_args_type = "tiers: Tier[], multi: boolean",
    ts_return_type = "string[]"
)]
pub fn tier_notes(env: &Env, tiers: Unknown<'_>, multi: Unknown<'_>) -> napi::Result<Vec<String>> {
    guard(env, || {
        let multi = Js::new(multi).bool_or("multi", false)?;
        Ok(wording::tier_notes(&read_tiers(&Js::new(tiers))?, multi))
    })
}

/// A text's endings in words, from the counts of its `EolInfo`: `"CRLF"`, `"LF"`,
/// `"CR"`, `"none"` or `"mixed (CRLF 2, LF 1)"`.
#[napi(
    js_name = "describeEndings",
    ts_args_type = "crlf: number, lf: number, cr: number",
    ts_return_type = "string"
)]
pub fn describe_endings(
    env: &Env,
    crlf: Unknown<'_>,
    lf: Unknown<'_>,
    cr: Unknown<'_>,
) -> napi::Result<String> {
    guard(env, || {
        let count = |v: Unknown<'_>, name: &str| -> Result<usize, eol_edit::Error> {
            let n = Js::new(v).whole_number(name)?.ok_or_else(|| {
                invalid(format!("{name} is missing: give the count of that ending."))
            })?;
            Ok(usize::try_from(n).unwrap_or(usize::MAX))
        };
        Ok(eol_edit::binding::describe_endings(
            count(crlf, "crlf")?,
            count(lf, "lf")?,
            count(cr, "cr")?,
        ))
    })
}

/// What a tool that changed a file returns beside the core's result: the text the
/// model reads and the one-line summary a host shows.
#[napi(object)]
pub struct ChangedText {
    pub data: String,
    pub summary: String,
}

impl From<wording::Changed> for ChangedText {
    fn from(c: wording::Changed) -> ChangedText {
        ChangedText {
            data: c.data,
            summary: c.summary,
        }
    }
}

/// Each string of an array of them.
fn strings(value: Unknown<'_>, name: &str) -> Result<Vec<String>, eol_edit::Error> {
    Js::new(value)
        .array(name)?
        .iter()
        .map(|s| s.string_lossy(name))
        .collect()
}

/// A count of an object's, 0 when absent.
fn count(of: &Js, key: &str) -> Result<usize, eol_edit::Error> {
    Ok(of.get(key)?.whole_number(key)?.map_or(0, size))
}

fn size(n: u64) -> usize {
    usize::try_from(n).unwrap_or(usize::MAX)
}

/// What the model and the host are told of a change of one file by `tool`: `head`
/// (the first line), `notes`, a `Warning: …` line per warning, then the diff without
/// its header, cut when very long (none with `showDiff` false: the host still has it).
#[napi(
    js_name = "changedText",
    ts_args_type = "tool: string, path: string, head: string, notes: string[], warnings: string[], diff: string, showDiff: boolean"
)]
#[allow(clippy::too_many_arguments)]
pub fn changed_text(
    env: &Env,
    tool: Unknown<'_>,
    path: Unknown<'_>,
    head: Unknown<'_>,
    notes: Unknown<'_>,
    warnings: Unknown<'_>,
    diff: Unknown<'_>,
    show_diff: Unknown<'_>,
) -> napi::Result<ChangedText> {
    guard(env, || {
        Ok(wording::changed(
            &Js::new(tool).string_lossy("tool")?,
            &Js::new(path).string_lossy("path")?,
            &Js::new(head).string_lossy("head")?,
            &strings(notes, "notes")?,
            &strings(warnings, "warnings")?,
            &Js::new(diff).string_lossy("diff")?,
            Js::new(show_diff).bool_or("showDiff", true)?,
        )
        .into())
    })
}

/// What `edit_file` and `multi_edit` return for an edit's `result` (an `EditResult`):
/// `Edited a.ts: 1 replacement (matched by exact), line 3.`, with `edits` (a
/// multi-edit's count, else null) first; a note for each edit a lenient tier matched
/// and for pasted line-number prefixes; the `warnings`; and the diff.
#[napi(
    js_name = "editedText",
    ts_args_type = "tool: string, path: string, result: EditResult, edits: number | null, warnings: string[]"
)]
pub fn edited_text(
    env: &Env,
    tool: Unknown<'_>,
    path: Unknown<'_>,
    result: Unknown<'_>,
    edits: Unknown<'_>,
    warnings: Unknown<'_>,
) -> napi::Result<ChangedText> {
    guard(env, || {
        let result = Js::new(result);
        let edits = Js::new(edits).whole_number("edits")?.map(size);
        let matched_by = read_tiers(&result.get("matchedBy")?)?;
        let shown = wording::EditShown {
            edits,
            replacements: count(&result, "replacements")?,
            matched_by: &matched_by,
            start_line: count(&result, "startLine")?,
            end_line: count(&result, "endLine")?,
        };
        Ok(wording::edited(
            &Js::new(tool).string_lossy("tool")?,
            &Js::new(path).string_lossy("path")?,
            &shown,
            &strings(warnings, "warnings")?,
            &result.get("diff")?.string_lossy("diff")?,
        )
        .into())
    })
}

/// A front-end's words for the parts of a message (eol_edit_tools::render): built once
/// from their JSON, then `render` says each message in them.
#[napi(js_name = "Words")]
pub struct Words {
    words: eol_edit_tools::render::Words,
}

#[napi]
impl Words {
    /// Words from their JSON text (lib/tools/wording.js makes it from a front-end's
    /// tables); INVALID_ARGUMENT says what in it is wrong.
    #[napi(constructor)]
    pub fn new(env: &Env, json: String) -> napi::Result<Words> {
        guard(env, || {
            let words = eol_edit_tools::render::Words::from_json(&json).map_err(invalid)?;
            Ok(Words { words })
        })
    }

    /// A message, given as the JSON text of its parts, in these words.
    #[napi]
    pub fn render(&self, env: &Env, parts: String) -> napi::Result<String> {
        guard(env, || self.words.render_json(&parts).map_err(invalid))
    }

    /// What a tool's failure says, in these words, from the JSON text of the error's
    /// facts: `message`, and for one of eol-edit's errors its `parts`, `hint` or
    /// `hintParts`, `lines`, `editIndex` and `fileIndex` (lib/tools/errors.js).
    #[napi]
    pub fn render_failure(&self, env: &Env, failure: String) -> napi::Result<String> {
        guard(env, || {
            self.words.render_failure_json(&failure).map_err(invalid)
        })
    }
}
