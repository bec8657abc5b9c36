//! Prepared changes (`prepareEdit`, `prepareMultiEdit`, `prepareDeleteRange`,
//! `prepareWrite`, `preparePatch`): the core's `Prepared` behind a class whose `files` a host shows and
//! whose `commit()` writes exactly that. The arguments are read as the functions they
//! prepare read them (`files.rs`).

use std::sync::Mutex;

use napi::bindgen_prelude::{AsyncTask, Env, FromNapiValue, ToNapiValue, TypeName, Unknown};
use napi::sys;
use napi::JsValue;
use napi_derive::napi;

use super::files::{
    delete_change, edit_change, edit_result, insert_change, multi_change, settle, write_change,
    Change, EditResult, Job,
};
use super::js::{invalid, js_string, WarningParts};
use super::patch::{patch_args, patch_result, PatchResult};
use super::{guard, tier_names, EolInfo};
use eol_edit::{Error, PatchOptions};

/// UTF-8 (or WTF-8) bytes of the core, given to JavaScript as a string with every code
/// unit they stand for (lone surrogates included).
pub struct JsText(Vec<u8>);

impl TypeName for JsText {
    fn type_name() -> &'static str {
        "string"
    }

    fn value_type() -> napi::ValueType {
        napi::ValueType::String
    }
}

impl ToNapiValue for JsText {
    unsafe fn to_napi_value(env: sys::napi_env, value: Self) -> napi::Result<sys::napi_value> {
        let env = Env::from_raw(env);
        Ok(js_string(&env, &value.0)?.raw())
    }
}

/// Results are only given to JavaScript, never taken from it.
impl FromNapiValue for JsText {
    unsafe fn from_napi_value(_: sys::napi_env, _: sys::napi_value) -> napi::Result<Self> {
        Err(napi::Error::new(
            napi::Status::InvalidArg,
            "ranges are given, not taken",
        ))
    }
}

/// One replaced range of a file's old text: `start` and `end` are byte offsets in the
/// text after its BOM, as UTF-8 (for a UTF-8 file without BOM, the file's bytes), with
/// its own line endings; `text` replaces them, with the endings it is written with.
#[napi(object)]
pub struct ChangedRange {
    pub start: f64,
    pub end: f64,
    #[napi(ts_type = "string")]
    pub text: JsText,
}

/// The ranges of a core result.
pub(crate) fn changed_ranges(ranges: Vec<eol_edit::ChangedRange>) -> Vec<ChangedRange> {
    ranges
        .into_iter()
        .map(|r| ChangedRange {
            start: r.start as f64,
            end: r.end as f64,
            text: JsText(r.bytes),
        })
        .collect()
}

/// What a prepared change does to one file.
#[napi(object)]
pub struct PreparedFile {
    /// The path as given (for a patch: as its section gives it).
    pub path: String,
    /// `'update'` for a file that exists, `'add'` for one the commit creates; a
    /// patch's section may also be `'delete'` or `'move'`.
    pub action: super::enums::PatchAction,
    /// For a patch's move: the new path.
    pub moved_to: Option<String>,
    /// The version the file must still have at the commit; absent for a new file,
    /// which must still not exist.
    pub version_before: Option<String>,
    /// The version of the bytes the commit writes; for a patch's section, of the file
    /// its path (a move's new path) holds once the whole patch is written. Absent
    /// when no file is left there (a delete).
    pub version_after: Option<String>,
    pub diff: String,
    pub replacements: u32,
    pub matched_by: Vec<super::enums::Tier>,
    /// The replaced ranges of the old text, in order: apply them from the last to the
    /// first to a buffer that holds the old text to get the new one. For a patch's
    /// section, over the text it starts from (docs/prepared.md).
    pub ranges: Vec<ChangedRange>,
    pub start_line: u32,
    pub end_line: u32,
    pub eol: EolInfo,
    /// The file's encoding afterwards, by its WHATWG name.
    pub encoding: String,
    pub bom: bool,
    /// False only when `prepareWrite` was given the content the file already has.
    pub changed: bool,
    pub warnings: Vec<String>,
    #[napi(ts_type = "Array<Array<MessagePart>>")]
    pub warning_parts: WarningParts,
}

/// What `commit()` did: one result per file, in the order of `files`; for a prepared
/// patch, `files` is empty and `patch` is what `applyPatch` resolves to.
#[napi(object)]
pub struct CommitResult {
    pub files: Vec<EditResult>,
    pub patch: Option<PatchResult>,
}

/// A change worked out in full and not yet written (docs/prepared.md). `files` says
/// what `commit()` will write; `commit()` writes it if every file still has
/// `versionBefore` (a new file: still does not exist), else rejects with
/// `FILE_CHANGED` and writes nothing. It commits once: a second `commit()` is
/// `INVALID_ARGUMENT`. Nothing is locked or kept open until then.
#[napi]
pub struct Prepared {
    files: Vec<eol_edit::PreparedFile>,
    // Behind a lock, not `&mut self`: a commit still running must not keep a second
    // one from being refused with a clear error.
    change: Mutex<Option<eol_edit::Prepared>>,
}

impl Prepared {
    fn new(change: eol_edit::Prepared) -> Prepared {
        Prepared {
            files: change.files().to_vec(),
            change: Mutex::new(Some(change)),
        }
    }

    /// The change, the first time; `INVALID_ARGUMENT` after.
    fn take(&self, function: &str) -> Result<eol_edit::Prepared, Error> {
        let mut change = self.change.lock().unwrap_or_else(|p| p.into_inner());
        change.take().ok_or_else(|| {
            invalid(format!(
                "{function}: this change was already committed (or its commit failed). A prepared change commits once: prepare it again."
            ))
        })
    }
}

#[napi]
impl Prepared {
    /// What the commit will write, per file.
    #[napi(getter)]
    pub fn files(&self) -> Vec<PreparedFile> {
        self.files.iter().map(prepared_file).collect()
    }

    /// What `commit()` resolves to when it writes what was prepared (each file's
    /// `version` its `versionAfter`): the result to show while a user decides. Only
    /// before the commit: after it, the commit's own result says what was written.
    #[napi(getter)]
    pub fn preview(&self, env: &Env) -> napi::Result<CommitResult> {
        guard(env, || {
            let change = self.change.lock().unwrap_or_else(|p| p.into_inner());
            match change.as_ref() {
                Some(change) => Ok(commit_result(change.preview())),
                None => Err(invalid(
                    "preview: this change was already committed (or its commit failed): the commit's result says what it wrote.".to_string(),
                )),
            }
        })
    }

    /// Writes the prepared bytes, off the JavaScript thread.
    #[napi(ts_return_type = "Promise<CommitResult>")]
    pub fn commit(&self) -> AsyncTask<Job<CommitResult>> {
        match self.take("commit") {
            Ok(change) => Job::new(move || change.commit().map(commit_result)),
            Err(e) => Job::new(move || Err(e)),
        }
    }

    /// `commit()`, on the calling thread.
    #[napi]
    pub fn commit_sync(&self, env: &Env) -> napi::Result<CommitResult> {
        guard(env, || self.take("commitSync")?.commit().map(commit_result))
    }
}

fn prepared_file(f: &eol_edit::PreparedFile) -> PreparedFile {
    PreparedFile {
        path: f.path.to_string_lossy().into_owned(),
        action: f.action.into(),
        moved_to: f
            .moved_to
            .as_ref()
            .map(|p| p.to_string_lossy().into_owned()),
        version_before: f.version_before.map(|v| v.to_string()),
        version_after: f.version_after.map(|v| v.to_string()),
        diff: f.diff.clone(),
        replacements: f.replacements,
        matched_by: tier_names(&f.matched_by),
        ranges: changed_ranges(f.ranges.clone()),
        start_line: f.start_line,
        end_line: f.end_line,
        eol: EolInfo::from(f.eol),
        encoding: f.encoding.clone(),
        bom: f.bom,
        changed: f.changed,
        warnings: super::js::library_texts(&f.warnings),
        warning_parts: WarningParts(f.warnings.clone()),
    }
}

fn commit_result(r: eol_edit::CommitResult) -> CommitResult {
    CommitResult {
        files: r.files.into_iter().map(edit_result).collect(),
        patch: r.patch.map(patch_result),
    }
}

/// A prepare whose arguments were read, by the reader of the function it prepares.
trait Prepare: Send + 'static {
    fn prepare(self) -> Result<eol_edit::Prepared, Error>;
}

impl Prepare for Change {
    fn prepare(self) -> Result<eol_edit::Prepared, Error> {
        Change::prepare(self)
    }
}

/// A patch and its options, as [`patch_args`] reads them for `applyPatch`.
impl Prepare for (Vec<u8>, PatchOptions) {
    fn prepare(self) -> Result<eol_edit::Prepared, Error> {
        eol_edit::prepare_patch(&self.0, &self.1)
    }
}

fn run_async<C: Prepare>(args: impl FnOnce() -> Result<C, Error>) -> AsyncTask<Job<Prepared>> {
    match settle(args) {
        Ok(change) => Job::new(move || change.prepare().map(Prepared::new)),
        Err(e) => Job::new(move || Err(e)),
    }
}

fn run_sync<C: Prepare>(
    env: &Env,
    args: impl FnOnce() -> Result<C, Error>,
) -> napi::Result<Prepared> {
    guard(env, || args()?.prepare().map(Prepared::new))
}

/// `editFile`, prepared: everything but the write.
#[napi(
    js_name = "prepareEdit",
    ts_args_type = "path: string, oldText: string, newText: string, options?: EditOptions & GuardOptions & TierOptions & { replaceAll?: boolean }",
    ts_return_type = "Promise<Prepared>"
)]
pub fn prepare_edit(
    path: Unknown<'_>,
    old_text: Unknown<'_>,
    new_text: Unknown<'_>,
    options: Option<Unknown<'_>>,
) -> AsyncTask<Job<Prepared>> {
    run_async(|| edit_change(path, old_text, new_text, options, "prepareEdit"))
}

/// `prepareEdit`, on the calling thread.
#[napi(
    js_name = "prepareEditSync",
    ts_args_type = "path: string, oldText: string, newText: string, options?: EditOptions & GuardOptions & TierOptions & { replaceAll?: boolean }"
)]
pub fn prepare_edit_sync(
    env: &Env,
    path: Unknown<'_>,
    old_text: Unknown<'_>,
    new_text: Unknown<'_>,
    options: Option<Unknown<'_>>,
) -> napi::Result<Prepared> {
    run_sync(env, || {
        edit_change(path, old_text, new_text, options, "prepareEditSync")
    })
}

/// `multiEdit`, prepared: everything but the write.
#[napi(
    js_name = "prepareMultiEdit",
    ts_args_type = "path: string, edits: Edit[], options?: EditOptions & GuardOptions & TierOptions",
    ts_return_type = "Promise<Prepared>"
)]
pub fn prepare_multi_edit(
    path: Unknown<'_>,
    edits: Unknown<'_>,
    options: Option<Unknown<'_>>,
) -> AsyncTask<Job<Prepared>> {
    run_async(|| multi_change(path, edits, options, "prepareMultiEdit"))
}

/// `prepareMultiEdit`, on the calling thread.
#[napi(
    js_name = "prepareMultiEditSync",
    ts_args_type = "path: string, edits: Edit[], options?: EditOptions & GuardOptions & TierOptions"
)]
pub fn prepare_multi_edit_sync(
    env: &Env,
    path: Unknown<'_>,
    edits: Unknown<'_>,
    options: Option<Unknown<'_>>,
) -> napi::Result<Prepared> {
    run_sync(env, || {
        multi_change(path, edits, options, "prepareMultiEditSync")
    })
}

/// `insertLines`, prepared: everything but the write.
#[napi(
    js_name = "prepareInsertLines",
    ts_args_type = "path: string, afterLine: number, text: string, options?: EditOptions & GuardOptions",
    ts_return_type = "Promise<Prepared>"
)]
pub fn prepare_insert_lines(
    path: Unknown<'_>,
    after_line: Unknown<'_>,
    text: Unknown<'_>,
    options: Option<Unknown<'_>>,
) -> AsyncTask<Job<Prepared>> {
    run_async(|| insert_change(path, after_line, text, options, "prepareInsertLines"))
}

/// `prepareInsertLines`, on the calling thread.
#[napi(
    js_name = "prepareInsertLinesSync",
    ts_args_type = "path: string, afterLine: number, text: string, options?: EditOptions & GuardOptions"
)]
pub fn prepare_insert_lines_sync(
    env: &Env,
    path: Unknown<'_>,
    after_line: Unknown<'_>,
    text: Unknown<'_>,
    options: Option<Unknown<'_>>,
) -> napi::Result<Prepared> {
    run_sync(env, || {
        insert_change(path, after_line, text, options, "prepareInsertLinesSync")
    })
}

/// `deleteRange`, prepared: everything but the write.
#[napi(
    js_name = "prepareDeleteRange",
    ts_args_type = "path: string, startAnchor: string | number, endAnchor: string | number, options?: EditOptions & { inclusive?: boolean }",
    ts_return_type = "Promise<Prepared>"
)]
pub fn prepare_delete_range(
    path: Unknown<'_>,
    start: Unknown<'_>,
    end: Unknown<'_>,
    options: Option<Unknown<'_>>,
) -> AsyncTask<Job<Prepared>> {
    run_async(|| delete_change(path, start, end, options, "prepareDeleteRange"))
}

/// `prepareDeleteRange`, on the calling thread.
#[napi(
    js_name = "prepareDeleteRangeSync",
    ts_args_type = "path: string, startAnchor: string | number, endAnchor: string | number, options?: EditOptions & { inclusive?: boolean }"
)]
pub fn prepare_delete_range_sync(
    env: &Env,
    path: Unknown<'_>,
    start: Unknown<'_>,
    end: Unknown<'_>,
    options: Option<Unknown<'_>>,
) -> napi::Result<Prepared> {
    run_sync(env, || {
        delete_change(path, start, end, options, "prepareDeleteRangeSync")
    })
}

/// `writeFile`, prepared: everything but the write. A new file is `'add'`, and its
/// commit fails with `FILE_CHANGED` if the path exists by then.
#[napi(
    js_name = "prepareWrite",
    ts_args_type = "path: string, content: string | Buffer, options?: EditOptions & GuardOptions & { eol?: WriteEol }",
    ts_return_type = "Promise<Prepared>"
)]
pub fn prepare_write(
    path: Unknown<'_>,
    content: Unknown<'_>,
    options: Option<Unknown<'_>>,
) -> AsyncTask<Job<Prepared>> {
    run_async(|| write_change(path, content, options, "prepareWrite"))
}

/// `prepareWrite`, on the calling thread.
#[napi(
    js_name = "prepareWriteSync",
    ts_args_type = "path: string, content: string | Buffer, options?: EditOptions & GuardOptions & { eol?: WriteEol }"
)]
pub fn prepare_write_sync(
    env: &Env,
    path: Unknown<'_>,
    content: Unknown<'_>,
    options: Option<Unknown<'_>>,
) -> napi::Result<Prepared> {
    run_sync(env, || {
        write_change(path, content, options, "prepareWriteSync")
    })
}

/// `applyPatch`, prepared: every section worked out and checked as its dry run does,
/// nothing written. `files` has one entry per section; `commit()` writes them all or
/// none, and rejects with `FILE_CHANGED` naming the file if any changed meanwhile.
#[napi(
    js_name = "preparePatch",
    ts_args_type = "patch: string | Buffer, options?: PatchOptions",
    ts_return_type = "Promise<Prepared>"
)]
pub fn prepare_patch(patch: Unknown<'_>, options: Option<Unknown<'_>>) -> AsyncTask<Job<Prepared>> {
    run_async(|| patch_args(patch, options, "preparePatch"))
}

/// `preparePatch`, on the calling thread.
#[napi(
    js_name = "preparePatchSync",
    ts_args_type = "patch: string | Buffer, options?: PatchOptions"
)]
pub fn prepare_patch_sync(
    env: &Env,
    patch: Unknown<'_>,
    options: Option<Unknown<'_>>,
) -> napi::Result<Prepared> {
    run_sync(env, || patch_args(patch, options, "preparePatchSync"))
}
