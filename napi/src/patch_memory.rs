//! `applyPatchInMemory` (docs/patches.md): a patch applied to the caller's buffers,
//! which a synchronous JavaScript `lookup(path)` gives; the work is
//! [`eol_edit::apply_patch_in_memory`]'s.

use std::cell::Cell;
use std::path::Path;
use std::ptr;

use napi::bindgen_prelude::{Buffer, Env, Unknown};
use napi::{sys, JsValue};
use napi_derive::napi;

use super::js::{invalid, js_string, Js, Kind};
use super::patch::patch_args;
use super::{guard, tier_names, EolInfo};
use eol_edit::{Error, ErrorCode};

/// What `applyPatchInMemory` does to one file section of the patch, in the patch's
/// order.
#[napi(object)]
pub struct InMemoryFile {
    /// The path as the patch gives it (a `cd DIR &&` folded in).
    pub path: String,
    pub action: super::enums::PatchAction,
    /// For a move: the new path.
    pub moved_to: Option<String>,
    /// The bytes the section starts from: the buffer the lookup gave, or as an
    /// earlier section of the patch left it; for an add, the buffer it replaces.
    /// Absent for a file the section creates.
    pub before: Option<Buffer>,
    /// The bytes the section leaves at its path (a move: at `movedTo`), with the
    /// buffer's endings, BOM and encoding kept. Absent for a delete, and for a section
    /// whose path a later section of the same patch changes again (that section's
    /// `before` has them).
    pub after: Option<Buffer>,
    /// Unified diff of the LF views (empty for a move that changes no line).
    pub diff: String,
    /// Line endings afterwards (of the deleted content for a delete).
    pub eol: EolInfo,
    /// The tier that found each hunk.
    pub matched_by: Vec<super::enums::Tier>,
    /// Things the host should show its user, such as endings the patch made mixed.
    pub warnings: Vec<String>,
    /// The warnings as parts (text and references to the API).
    #[napi(ts_type = "Array<Array<MessagePart>>")]
    pub warning_parts: super::js::WarningParts,
}

/// The result of `applyPatchInMemory`.
#[napi(object)]
pub struct InMemoryPatch {
    pub files: Vec<InMemoryFile>,
}

/// Applies a patch to buffers, writing nothing and reading no file: `lookup(path)`
/// gives each file's bytes as a `Buffer` or `Uint8Array` (`null` or `undefined` for a
/// file that does not exist); a string is refused (`INVALID_ARGUMENT`), since its
/// bytes would not be the file's. `lookup` is called synchronously, once per path, with
/// the section's path as the patch gives it (`.` and `..` resolved by name), absolute
/// against `cwd` when that option is given; an exception it throws is thrown by
/// `applyPatchInMemory` unchanged. The formats, matching, errors and kept endings,
/// BOM and encoding are `applyPatch`'s, and so are the options (`dryRun` and
/// `durable` change nothing here). This function is synchronous: it has no
/// Promise form. To bring the buffers to the patch's end state, drop every `path`
/// of a `delete` or `move`, then put every `after` there is at `movedTo ?? path`.
#[napi(
    js_name = "applyPatchInMemory",
    ts_args_type = "patch: string | Buffer, lookup: (path: string) => Buffer | Uint8Array | null | undefined, options?: PatchOptions"
)]
pub fn apply_patch_in_memory(
    env: &Env,
    patch: Unknown<'_>,
    lookup: Unknown<'_>,
    options: Option<Unknown<'_>>,
) -> napi::Result<InMemoryPatch> {
    let threw = Cell::new(false);
    let result = guard(env, || {
        let (patch, opts) = patch_args(patch, options, "applyPatchInMemory")?;
        let function = function_of(lookup)?;
        let lookup = |path: &Path| call(env, function, path, &threw);
        let result = eol_edit::apply_patch_in_memory(&patch, lookup, &opts)?;
        Ok(InMemoryPatch {
            files: result
                .files
                .into_iter()
                .map(|f| InMemoryFile {
                    path: f.path.to_string_lossy().into_owned(),
                    action: f.action.into(),
                    moved_to: f.moved_to.map(|p| p.to_string_lossy().into_owned()),
                    before: f.before.map(Buffer::from),
                    after: f.after.map(Buffer::from),
                    diff: f.diff,
                    eol: EolInfo::from(f.eol),
                    matched_by: tier_names(&f.matched_by),
                    warnings: super::js::library_texts(&f.warnings),
                    warning_parts: super::js::WarningParts(f.warnings.clone()),
                })
                .collect(),
        })
    });
    if threw.get() {
        // The lookup's own exception is still pending: it is what the caller gets.
        return Err(napi::Error::new(
            napi::Status::PendingException,
            "lookup threw",
        ));
    }
    result
}

/// The raw function `lookup` is, or `INVALID_ARGUMENT`.
fn function_of(lookup: Unknown<'_>) -> Result<sys::napi_value, Error> {
    let raw = lookup.value();
    let mut t = 0;
    let status = unsafe { sys::napi_typeof(raw.env, raw.value, &mut t) };
    if status != sys::Status::napi_ok || t != sys::ValueType::napi_function {
        return Err(invalid(format!(
            "lookup must be a function (path: string) => Buffer | Uint8Array | null | undefined, but it is {}.",
            Js::new(lookup).kind().describe()
        )));
    }
    Ok(raw.value)
}

/// Calls `lookup(path)` and reads what it returns. When it throws, the exception is left
/// pending for the caller, `threw` is set, and the call stops.
fn call(
    env: &Env,
    function: sys::napi_value,
    path: &Path,
    threw: &Cell<bool>,
) -> Result<Option<Vec<u8>>, Error> {
    let text = path.to_string_lossy();
    let arg = js_string(env, text.as_bytes())
        .map_err(|e| Error::new(ErrorCode::IoError, e.reason.clone()))?
        .value()
        .value;
    let mut undefined = ptr::null_mut();
    let mut out = ptr::null_mut();
    let status = unsafe {
        sys::napi_get_undefined(env.raw(), &mut undefined);
        sys::napi_call_function(env.raw(), undefined, function, 1, &arg, &mut out)
    };
    if status != sys::Status::napi_ok {
        let mut pending = false;
        unsafe { sys::napi_is_exception_pending(env.raw(), &mut pending) };
        threw.set(pending);
        return Err(Error::new(
            ErrorCode::IoError,
            format!("lookup({text:?}) could not be called."),
        ));
    }
    let value = Js::new(unsafe { Unknown::from_raw_unchecked(env.raw(), out) });
    match value.kind() {
        Kind::Undefined | Kind::Null => Ok(None),
        Kind::Buffer => value.buffer_bytes("lookup's result").map(Some),
        kind => Err(invalid(format!(
            "lookup must return a Buffer, a Uint8Array, null or undefined, but for {text:?} it returned {}{}.",
            kind.describe(),
            if kind == Kind::String {
                " (give the file's bytes, e.g. Buffer.from(text), so its encoding is known)"
            } else {
                ""
            }
        ))),
    }
}
