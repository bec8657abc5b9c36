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
fn read_tiers(tiers: Unknown<'_>) -> Result<Vec<eol_edit::Tier>, eol_edit::Error> {
    Js::new(tiers)
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
        Ok(wording::tier_notes(&read_tiers(tiers)?, multi))
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
