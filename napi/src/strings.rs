//! `toLf`, `detectEol`, `eolInfo`, `normalizeEol`: line endings of strings, no I/O.

use napi::bindgen_prelude::{Env, Object, Unknown};
use napi::JsValue;
use napi_derive::napi;

use super::js::{js_string, strict, Js};
use super::{guard, EolInfo};
use eol_edit::binding;

/// The LF view of a text: every CRLF and lone CR becomes LF. Returns the input
/// string itself when it has no CR.
#[napi(
    js_name = "toLf",
    ts_args_type = "text: string",
    ts_return_type = "string"
)]
pub fn to_lf<'env>(env: &'env Env, text: Unknown<'env>) -> napi::Result<Unknown<'env>> {
    guard(env, || {
        let js = Js::new(text);
        let bytes = js.string_bytes("text")?;
        Ok(match binding::to_lf(&bytes) {
            std::borrow::Cow::Borrowed(_) => Ok(js.unknown()),
            std::borrow::Cow::Owned(lf) => js_string(env, &lf),
        })
    })?
}

/// The dominant line ending: the most frequent, the first on a tie, LF when there is none.
#[napi(
    js_name = "detectEol",
    ts_args_type = "text: string",
    ts_return_type = "'\\n' | '\\r\\n' | '\\r'"
)]
pub fn detect_eol(env: &Env, text: Unknown<'_>) -> napi::Result<&'static str> {
    guard(env, || {
        let bytes = Js::new(text).string_bytes("text")?;
        Ok(binding::detect_eol(&bytes).as_str())
    })
}

/// Counts of each line ending, the dominant one, whether they are mixed, and whether
/// the text ends with one.
#[napi(js_name = "eolInfo", ts_args_type = "text: string")]
pub fn eol_info(env: &Env, text: Unknown<'_>) -> napi::Result<EolInfo> {
    guard(env, || {
        let bytes = Js::new(text).string_bytes("text")?;
        Ok(EolInfo::from(binding::eol_info(&bytes)))
    })
}

/// `updated` re-joined with `original`'s dominant ending and given `original`'s
/// trailing-newline state: the function of dskcode's CRLF fix, for a drop-in
/// replacement.
#[napi(
    js_name = "normalizeEol",
    ts_args_type = "original: string, updated: string",
    ts_return_type = "string"
)]
pub fn normalize_eol<'env>(
    env: &'env Env,
    original: Unknown<'env>,
    updated: Unknown<'env>,
) -> napi::Result<Unknown<'env>> {
    guard(env, || {
        let original = Js::new(original).string_bytes("original")?;
        let updated = Js::new(updated).string_bytes("updated")?;
        Ok(js_string(env, &binding::normalize_eol(&original, &updated)))
    })?
}

/// One shown line of `lineChanges`: kept around a change (`context`, numbered in the
/// new text), `removed` (numbered in the old text) or `added` (in the new text).
#[napi(object)]
pub struct ChangedLine {
    #[napi(ts_type = "'context' | 'removed' | 'added'")]
    pub kind: String,
    /// The line's number (in the old text for `removed`), exact for any `beforeLine`
    /// and `afterLine`, also past 2^32.
    pub line: f64,
}

/// The lines that differ between two texts, as `lineChanges` gives them.
#[napi(object)]
pub struct LineChanges {
    /// The lines to show, in order; a gap between two numbers is lines not shown.
    pub lines: Vec<ChangedLine>,
    /// Removed and added lines in all.
    pub changed: u32,
    /// Removed and added lines left out past `maxLines`.
    pub omitted: u32,
    /// The new text's lines from the first change to the last (`firstLine > lastLine`:
    /// lines were only removed, before line `firstLine`); both 0 when nothing changed.
    pub first_line: f64,
    /// See `firstLine`.
    pub last_line: f64,
}

/// The lines that changed from `before` to `after`, compared as their LF views would
/// be line by line (call it with LF views: a `\r` is part of a line), with `context`
/// kept lines around each change (default 3) and at most `maxLines` removed or added
/// lines shown (default: all). `beforeLine` and `afterLine` are the numbers of the
/// texts' first lines (default 1), for a slice of a file.
#[napi(
    js_name = "lineChanges",
    ts_args_type = "before: string, after: string, options?: { beforeLine?: number; afterLine?: number; context?: number; maxLines?: number }"
)]
pub fn line_changes(
    env: &Env,
    before: Unknown<'_>,
    after: Unknown<'_>,
    options: Option<Unknown<'_>>,
) -> napi::Result<LineChanges> {
    guard(env, || {
        let before = Js::new(before).string_bytes("before")?;
        let after = Js::new(after).string_bytes("after")?;
        let (before_line, after_line, context, max_lines) = strict(options, "lineChanges", |o| {
            Ok((
                o.whole_number("beforeLine")?.unwrap_or(1).max(1),
                o.whole_number("afterLine")?.unwrap_or(1).max(1),
                o.whole_number("context")?.unwrap_or(3),
                o.whole_number("maxLines")?.unwrap_or(u64::MAX),
            ))
        })?;
        let to_usize = |n: u64| usize::try_from(n).unwrap_or(usize::MAX);
        let c = binding::line_changes(
            &before,
            &after,
            to_usize(before_line),
            to_usize(after_line),
            to_usize(context),
            to_usize(max_lines),
        );
        let n = |v: usize| u32::try_from(v).unwrap_or(u32::MAX);
        Ok(LineChanges {
            lines: c
                .lines
                .iter()
                .map(|l| ChangedLine {
                    kind: match l.kind {
                        binding::LineChange::Context => "context".to_string(),
                        binding::LineChange::Removed => "removed".to_string(),
                        binding::LineChange::Added => "added".to_string(),
                    },
                    line: l.line as f64,
                })
                .collect(),
            changed: n(c.changed),
            omitted: n(c.omitted),
            first_line: c.first_line as f64,
            last_line: c.last_line as f64,
        })
    })
}

/// The guard put in front of the native `toLf`: a string without a CR is handed back
/// as it is, without crossing into Rust. Copying a string out of V8 costs more than
/// V8's own search for a CR, so no native fast path could match this one.
const TO_LF_GUARD: &str = r#"(function (nativeToLf) {
  return function toLf(text) {
    return typeof text === 'string' && text.indexOf('\r') === -1 ? text : nativeToLf(text)
  }
})"#;

/// Wraps the exported `toLf` in [`TO_LF_GUARD`] once the module's exports exist.
#[napi(module_exports)]
pub fn install_to_lf_guard(exports: Object<'_>, env: Env) -> napi::Result<()> {
    use napi::sys;
    use std::ptr;

    let raw = env.raw();
    let exports = exports.raw();
    let key = c"toLf";
    let check = |status: sys::napi_status| {
        if status == sys::Status::napi_ok {
            Ok(())
        } else {
            Err(napi::Error::new(
                napi::Status::GenericFailure,
                "could not install the toLf guard",
            ))
        }
    };
    unsafe {
        let mut native = ptr::null_mut();
        check(sys::napi_get_named_property(
            raw,
            exports,
            key.as_ptr(),
            &mut native,
        ))?;
        let mut source = ptr::null_mut();
        check(sys::napi_create_string_utf8(
            raw,
            TO_LF_GUARD.as_ptr().cast(),
            TO_LF_GUARD.len() as isize,
            &mut source,
        ))?;
        let mut factory = ptr::null_mut();
        check(sys::napi_run_script(raw, source, &mut factory))?;
        let mut global = ptr::null_mut();
        check(sys::napi_get_global(raw, &mut global))?;
        let mut guarded = ptr::null_mut();
        check(sys::napi_call_function(
            raw,
            global,
            factory,
            1,
            &native,
            &mut guarded,
        ))?;
        check(sys::napi_set_named_property(
            raw,
            exports,
            key.as_ptr(),
            guarded,
        ))
    }
}
