//! The file functions (README, "API"), each as a Promise (an `AsyncTask` on the
//! libuv pool) and as a `*Sync` twin. Arguments are read on the JavaScript thread;
//! the work itself is a plain closure over owned Rust data, run here or on the pool.

use std::path::PathBuf;

use napi::bindgen_prelude::{AsyncTask, Env, ToNapiValue, TypeName, Unknown};
use napi::Task;
use napi_derive::napi;

use super::edits::{read_anchor, read_edits};
use super::enums::WriteEol as Eol;
use super::js::{invalid, strict, Js, Options};
use super::{guard, panic_error, tier_names, EolInfo};
use eol_edit::binding;
use eol_edit::{EditOptions, Ending, Error, Expected, Name, ReadOptions, WriteEol};

/// Work to run on the libuv pool; its result or error is converted on the JS thread.
pub struct Job<T: Send + 'static> {
    work: Option<Box<dyn FnOnce() -> Result<T, Error> + Send>>,
}

impl<T: Send + ToNapiValue + TypeName + 'static> Job<T> {
    pub(super) fn new(
        work: impl FnOnce() -> Result<T, Error> + Send + 'static,
    ) -> AsyncTask<Job<T>> {
        AsyncTask::new(Job {
            work: Some(Box::new(work)),
        })
    }
}

impl<T: Send + ToNapiValue + TypeName + 'static> Task for Job<T> {
    type Output = Result<T, Error>;
    type JsValue = T;

    fn compute(&mut self) -> napi::Result<Self::Output> {
        let work = self.work.take().expect("a task is computed once");
        Ok(settle(work))
    }

    fn resolve(&mut self, env: Env, output: Self::Output) -> napi::Result<T> {
        output.map_err(|e| super::js::to_js_error(&env, e))
    }
}

/// The result of every function that changes a file.
#[napi(object)]
pub struct EditResult {
    /// The path as given.
    pub path: String,
    pub replacements: u32,
    pub matched_by: Vec<super::enums::Tier>,
    pub start_line: u32,
    pub end_line: u32,
    pub diff: String,
    pub eol: EolInfo,
    /// Version (hash) of the file's bytes after the change (with `dryRun`: that would be).
    pub version: String,
    /// False only when `writeFile` was given the content the file already has.
    pub changed: bool,
    /// Things the host should show its user (empty when there is nothing to say): a
    /// hard link broken under a root, an encoding guessed, endings the edit made mixed.
    pub warnings: Vec<String>,
    /// The warnings as parts (text and references to the API), for a front-end that
    /// says them in its own names.
    #[napi(ts_type = "Array<Array<MessagePart>>")]
    pub warning_parts: super::js::WarningParts,
    /// The replaced byte ranges of the old text and what replaces them (see
    /// `ChangedRange`); empty when the text did not change.
    pub ranges: Vec<super::prepared::ChangedRange>,
}

/// What `readFile` returns.
#[napi(object)]
pub struct ReadResult {
    /// The LF view of the requested lines.
    pub content: String,
    pub start_line: u32,
    pub end_line: u32,
    pub total_lines: u32,
    pub eol: EolInfo,
    pub bom: bool,
    /// The file's encoding, by its WHATWG name (as `TextDecoder.encoding` gives it).
    #[napi(
        ts_type = "'utf-8' | 'utf-16le' | 'utf-16be' | 'gbk' | 'gb18030' | 'big5' | 'shift_jis' | 'euc-jp' | 'euc-kr' | 'windows-1250' | 'windows-1251' | 'windows-1252' | 'windows-1253' | 'windows-1254' | 'windows-1255' | 'windows-1256' | 'windows-1257' | 'windows-1258' | 'windows-874' | 'iso-8859-2' | 'iso-8859-3' | 'iso-8859-4' | 'iso-8859-5' | 'iso-8859-6' | 'iso-8859-7' | 'iso-8859-8' | 'iso-8859-8-i' | 'iso-8859-10' | 'iso-8859-13' | 'iso-8859-14' | 'iso-8859-15' | 'iso-8859-16' | 'koi8-r' | 'koi8-u' | 'ibm866' | 'macintosh' | 'x-mac-cyrillic' | 'x-user-defined'"
    )]
    pub encoding: String,
    pub version: String,
    /// Things the host should show its user, such as an encoding that was guessed.
    pub warnings: Vec<String>,
    /// The warnings as parts (text and references to the API), for a front-end that
    /// says them in its own names.
    #[napi(ts_type = "Array<Array<MessagePart>>")]
    pub warning_parts: super::js::WarningParts,
}

/// Options of every file function.
#[allow(dead_code)]
#[napi(object, js_name = "EditOptions")]
pub struct EditOptionsShape {
    /// Refuse with `FILE_CHANGED` unless the file's version is still this one. The
    /// empty string says the file must not exist: `writeFile` creates it, and fails
    /// with `FILE_CHANGED` if it exists by then (another process created it).
    pub expected_version: Option<String>,
    /// Folder(s) the file's real location must be inside.
    #[napi(ts_type = "string | string[]")]
    pub root: Option<Vec<String>>,
    /// Compute the result and diff, write nothing.
    pub dry_run: Option<bool>,
    /// fsync the file and its folder before returning.
    pub durable: Option<bool>,
    /// Folder relative paths are taken against (default: the process's).
    pub cwd: Option<String>,
    /// The size limit (default 64 MiB; 0: no limit). A larger file is not read
    /// (`FILE_TOO_LARGE`); `writeFile` replaces one without reading it. No change
    /// writes a file larger than this unless the file was larger still before
    /// (`FILE_TOO_LARGE`, nothing written).
    pub max_bytes: Option<f64>,
    /// The encoding (a WHATWG label such as 'gbk', 'shift_jis', 'latin1') to read a
    /// file that is not valid UTF-8 in, and to write a new file in. A BOM and valid
    /// UTF-8 come first; this option comes before `.editorconfig` and `.gitattributes`.
    pub encoding: Option<String>,
}

/// The option of the functions that bring new text (`editFile`, `multiEdit`,
/// `writeFile`; `applyPatch` and `applyEdits` have it in their own options).
#[allow(dead_code)]
#[napi(object, js_name = "GuardOptions")]
pub struct GuardOptionsShape {
    /// Refuse new text that looks like a model's mistake with `SUSPECT_CONTENT`, the
    /// file untouched: `true` for every guard, or a list of them (default: none; the
    /// agent tools and the command line guard by default). See docs/guarantees.md.
    #[napi(ts_type = "boolean | GuardReason[]")]
    pub guards: Option<Vec<String>>,
}

/// The option of the functions that find an edit's text (`editFile`, `multiEdit` and
/// their `prepare` twins; `applyEdits` has it in `ApplyOptions`).
#[allow(dead_code)]
#[napi(object, js_name = "TierOptions")]
pub struct TierOptionsShape {
    /// Which tiers may find an edit's text: `'all'` (the default: exact, then each
    /// lenient tier in turn) or `'exact'`, only a byte-equal match in the LF view, so
    /// that text a lenient tier would find is `TEXT_NOT_FOUND` (docs/matching.md).
    pub tiers: Option<super::enums::Tiers>,
}

/// Options of `readFile`.
#[allow(dead_code)]
#[napi(object, js_name = "ReadOptions")]
pub struct ReadOptionsShape {
    /// First line to return, 1-based (default 1).
    pub offset: Option<u32>,
    /// How many lines to return (default: all).
    pub limit: Option<u32>,
    #[napi(ts_type = "string | string[]")]
    pub root: Option<Vec<String>>,
    pub cwd: Option<String>,
    pub max_bytes: Option<f64>,
    /// The encoding (a WHATWG label) to read a file that is not valid UTF-8 in.
    pub encoding: Option<String>,
}

/// The options every file function takes: where the file is, how large it may be, and
/// the encoding to read it in (`root`, `cwd`, `maxBytes`, `encoding`).
pub(super) struct Place {
    pub root: Option<Vec<PathBuf>>,
    pub cwd: Option<PathBuf>,
    pub max_bytes: Option<u64>,
    pub encoding: Option<String>,
}

pub(super) fn place_options(o: &Options) -> Result<Place, Error> {
    Ok(Place {
        root: o
            .strings("root")?
            .map(|roots| roots.into_iter().map(PathBuf::from).collect()),
        cwd: o.string("cwd")?.map(PathBuf::from),
        max_bytes: o.whole_number("maxBytes")?,
        encoding: o.string("encoding")?,
    })
}

/// `EditOptions` (README, "API"): `expectedVersion`, [`write_options`].
pub(super) fn edit_options(o: &Options) -> Result<EditOptions, Error> {
    // The order the keys are asked in is the order an unknown key's message lists them.
    let expected_version = o.string("expectedVersion")?;
    let mut options = write_options(o)?;
    options.expected_version = expected_version.map(Expected::from_binding);
    Ok(options)
}

/// The options of every function that writes: `dryRun`, `durable` and
/// [`place_options`] (`applyPatch` has these and its own `expectedVersions`).
pub(super) fn write_options(o: &Options) -> Result<EditOptions, Error> {
    let mut options = EditOptions::default();
    options.dry_run = o.bool_or("dryRun", false)?;
    options.durable = o.bool_or("durable", false)?;
    let place = place_options(o)?;
    options.root = place.root;
    options.cwd = place.cwd;
    if let Some(max_bytes) = place.max_bytes {
        options.max_bytes = max_bytes;
    }
    options.encoding = place.encoding;
    Ok(options)
}

pub(super) fn read_path(value: Unknown<'_>) -> Result<PathBuf, Error> {
    let check = || {
        let path = Js::new(value).string("path")?;
        if path.is_empty() {
            return Err(invalid("path is empty."));
        }
        if path.contains('\0') {
            return Err(invalid("path contains a NUL character."));
        }
        Ok(PathBuf::from(path))
    };
    check().map_err(|e| e.with_argument(Name::Path))
}

/// The result of every function that changes a file, as JavaScript sees it.
pub(super) fn edit_result(r: eol_edit::EditResult) -> EditResult {
    EditResult {
        path: r.path.to_string_lossy().into_owned(),
        replacements: r.replacements,
        matched_by: tier_names(&r.matched_by),
        start_line: r.start_line,
        end_line: r.end_line,
        diff: r.diff,
        eol: EolInfo::from(r.eol),
        version: r.version.to_string(),
        changed: r.changed,
        warnings: super::js::library_texts(&r.warnings),
        warning_parts: super::js::WarningParts(r.warnings.clone()),
        ranges: super::prepared::changed_ranges(r.ranges),
    }
}

/// Arguments of `readFile`, read on the JS thread.
fn read_args(
    path: Unknown<'_>,
    options: Option<Unknown<'_>>,
    function: &str,
) -> Result<(PathBuf, ReadOptions), Error> {
    let path = read_path(path)?;
    strict(options, function, |o| {
        let mut options = ReadOptions::default();
        options.offset = o.whole_number("offset")?;
        options.limit = o.whole_number("limit")?;
        let place = place_options(o)?;
        options.root = place.root;
        options.cwd = place.cwd;
        if let Some(max_bytes) = place.max_bytes {
            options.max_bytes = max_bytes;
        }
        options.encoding = place.encoding;
        Ok((path, options))
    })
}

fn read_work(path: PathBuf, options: ReadOptions) -> Result<ReadResult, Error> {
    let r = eol_edit::read_file(path, &options)?;
    Ok(ReadResult {
        content: r.content,
        start_line: r.start_line,
        end_line: r.end_line,
        total_lines: r.total_lines,
        eol: EolInfo::from(r.eol),
        bom: r.bom,
        encoding: r.encoding,
        version: r.version.to_string(),
        warnings: super::js::library_texts(&r.warnings),
        warning_parts: super::js::WarningParts(r.warnings.clone()),
    })
}

/// Reads a file as a model should see it: the LF view of the requested lines, with the
/// file's endings, BOM, encoding and version.
#[napi(
    js_name = "readFile",
    ts_args_type = "path: string, options?: ReadOptions",
    ts_return_type = "Promise<ReadResult>"
)]
pub fn read_file(
    path: Unknown<'_>,
    options: Option<Unknown<'_>>,
) -> napi::Result<AsyncTask<Job<ReadResult>>> {
    Ok(match settle(|| read_args(path, options, "readFile")) {
        Ok((path, opts)) => Job::new(move || read_work(path, opts)),
        Err(e) => Job::new(move || Err(e)),
    })
}

/// `readFile`, on the calling thread.
#[napi(
    js_name = "readFileSync",
    ts_args_type = "path: string, options?: ReadOptions"
)]
pub fn read_file_sync(
    env: &Env,
    path: Unknown<'_>,
    options: Option<Unknown<'_>>,
) -> napi::Result<ReadResult> {
    guard(env, || {
        let (path, opts) = read_args(path, options, "readFileSync")?;
        read_work(path, opts)
    })
}

/// A file change whose arguments were read: what the Promise and Sync forms share.
trait Apply: Send + 'static {
    /// Makes the change (on the libuv pool for the Promise form).
    fn apply(self) -> Result<EditResult, Error>;
}

/// A change that has no `prepare` twin (`convertEol`, `convertEncoding`,
/// `restoreFile`): the core's call, ready to run.
type Work = Box<dyn FnOnce() -> Result<EditResult, Error> + Send>;

impl Apply for Work {
    fn apply(self) -> Result<EditResult, Error> {
        self()
    }
}

/// A change to one file that has `prepare` twins (the core's `binding::Change`), read
/// from its arguments by [`edit_change`], [`multi_change`], [`delete_change`],
/// [`insert_change`] or [`write_change`].
pub(super) use eol_edit::binding::Change;

impl Apply for Change {
    fn apply(self) -> Result<EditResult, Error> {
        self.write().map(edit_result)
    }
}

fn run_sync<C: Apply>(
    env: &Env,
    args: impl FnOnce() -> Result<C, Error>,
) -> napi::Result<EditResult> {
    guard(env, || args()?.apply())
}

/// Reads arguments on the JS thread, catching a panic: a Promise function reports a
/// bad argument by rejecting, like any other failure, never by throwing.
pub(super) fn settle<T>(args: impl FnOnce() -> Result<T, Error>) -> Result<T, Error> {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(args))
        .unwrap_or_else(|p| Err(panic_error(p)))
}

fn run_async<C: Apply>(
    args: impl FnOnce() -> Result<C, Error>,
) -> napi::Result<AsyncTask<Job<EditResult>>> {
    Ok(match settle(args) {
        Ok(change) => Job::new(move || change.apply()),
        Err(e) => Job::new(move || Err(e)),
    })
}

/// The arguments of `editFile` and `prepareEdit` (and their Sync twins), read.
pub(super) fn edit_change(
    path: Unknown<'_>,
    old_text: Unknown<'_>,
    new_text: Unknown<'_>,
    options: Option<Unknown<'_>>,
    function: &str,
) -> Result<Change, Error> {
    let path = read_path(path)?;
    let old_text = Js::new(old_text)
        .string_bytes("oldText")
        .map_err(|e| e.with_argument(Name::OldText))?;
    let new_text = Js::new(new_text)
        .string_bytes("newText")
        .map_err(|e| e.with_argument(Name::NewText))?;
    let opts = strict(options, function, |o| {
        Ok(edit_options(o)?
            .with_replace_all(o.bool_or("replaceAll", false)?)
            .with_guards(o.guards()?)
            .with_tiers(o.tiers()?))
    })?;
    Ok(Change::Edit(path, old_text, new_text, opts))
}

/// Replaces `oldText` with `newText` in a file, matched in the lines as `readFile`
/// shows them; every line keeps its own ending (docs/matching.md).
#[napi(
    js_name = "editFile",
    ts_args_type = "path: string, oldText: string, newText: string, options?: EditOptions & GuardOptions & TierOptions & { replaceAll?: boolean }",
    ts_return_type = "Promise<EditResult>"
)]
pub fn edit_file(
    path: Unknown<'_>,
    old_text: Unknown<'_>,
    new_text: Unknown<'_>,
    options: Option<Unknown<'_>>,
) -> napi::Result<AsyncTask<Job<EditResult>>> {
    run_async(|| edit_change(path, old_text, new_text, options, "editFile"))
}

/// `editFile`, on the calling thread.
#[napi(
    js_name = "editFileSync",
    ts_args_type = "path: string, oldText: string, newText: string, options?: EditOptions & GuardOptions & TierOptions & { replaceAll?: boolean }"
)]
pub fn edit_file_sync(
    env: &Env,
    path: Unknown<'_>,
    old_text: Unknown<'_>,
    new_text: Unknown<'_>,
    options: Option<Unknown<'_>>,
) -> napi::Result<EditResult> {
    run_sync(env, || {
        edit_change(path, old_text, new_text, options, "editFileSync")
    })
}

/// The arguments of `multiEdit` and `prepareMultiEdit`, read.
pub(super) fn multi_change(
    path: Unknown<'_>,
    edits: Unknown<'_>,
    options: Option<Unknown<'_>>,
    function: &str,
) -> Result<Change, Error> {
    let path = read_path(path)?;
    let edits = read_edits(&Js::new(edits), function)?;
    let opts = strict(options, function, |o| {
        Ok(edit_options(o)?
            .with_guards(o.guards()?)
            .with_tiers(o.tiers()?))
    })?;
    Ok(Change::Multi(path, edits, opts))
}

/// Applies several edits in order, each on the result of the one before, all or
/// nothing: a failing edit names its `editIndex` and nothing is written.
#[napi(
    js_name = "multiEdit",
    ts_args_type = "path: string, edits: Edit[], options?: EditOptions & GuardOptions & TierOptions",
    ts_return_type = "Promise<EditResult>"
)]
pub fn multi_edit(
    path: Unknown<'_>,
    edits: Unknown<'_>,
    options: Option<Unknown<'_>>,
) -> napi::Result<AsyncTask<Job<EditResult>>> {
    run_async(|| multi_change(path, edits, options, "multiEdit"))
}

/// `multiEdit`, on the calling thread.
#[napi(
    js_name = "multiEditSync",
    ts_args_type = "path: string, edits: Edit[], options?: EditOptions & GuardOptions & TierOptions"
)]
pub fn multi_edit_sync(
    env: &Env,
    path: Unknown<'_>,
    edits: Unknown<'_>,
    options: Option<Unknown<'_>>,
) -> napi::Result<EditResult> {
    run_sync(env, || multi_change(path, edits, options, "multiEditSync"))
}

/// The arguments of `deleteRange` and `prepareDeleteRange`, read.
pub(super) fn delete_change(
    path: Unknown<'_>,
    start: Unknown<'_>,
    end: Unknown<'_>,
    options: Option<Unknown<'_>>,
    function: &str,
) -> Result<Change, Error> {
    let path = read_path(path)?;
    let start = read_anchor(&Js::new(start), Name::StartAnchor)?;
    let end = read_anchor(&Js::new(end), Name::EndAnchor)?;
    let opts = strict(options, function, |o| {
        Ok(edit_options(o)?.with_inclusive(o.bool_or("inclusive", false)?))
    })?;
    Ok(Change::Delete(path, start, end, opts))
}

/// Deletes the lines between two anchors, or the anchors too with `inclusive`.
#[napi(
    js_name = "deleteRange",
    ts_args_type = "path: string, startAnchor: string | number, endAnchor: string | number, options?: EditOptions & { inclusive?: boolean }",
    ts_return_type = "Promise<EditResult>"
)]
pub fn delete_range(
    path: Unknown<'_>,
    start: Unknown<'_>,
    end: Unknown<'_>,
    options: Option<Unknown<'_>>,
) -> napi::Result<AsyncTask<Job<EditResult>>> {
    run_async(|| delete_change(path, start, end, options, "deleteRange"))
}

/// `deleteRange`, on the calling thread.
#[napi(
    js_name = "deleteRangeSync",
    ts_args_type = "path: string, startAnchor: string | number, endAnchor: string | number, options?: EditOptions & { inclusive?: boolean }"
)]
pub fn delete_range_sync(
    env: &Env,
    path: Unknown<'_>,
    start: Unknown<'_>,
    end: Unknown<'_>,
    options: Option<Unknown<'_>>,
) -> napi::Result<EditResult> {
    run_sync(env, || {
        delete_change(path, start, end, options, "deleteRangeSync")
    })
}

/// The arguments of `insertLines` and `prepareInsertLines`, read.
pub(super) fn insert_change(
    path: Unknown<'_>,
    after_line: Unknown<'_>,
    text: Unknown<'_>,
    options: Option<Unknown<'_>>,
    function: &str,
) -> Result<Change, Error> {
    let path = read_path(path)?;
    let after = Js::new(after_line);
    let after =
        match after.whole_number("afterLine") {
            Ok(Some(n)) if n <= u64::from(u32::MAX) => n as u32,
            Ok(Some(n)) => {
                return Err(
                    invalid(format!("afterLine {n} is past the end of any file."))
                        .with_argument(Name::AfterLine),
                )
            }
            Ok(None) => return Err(invalid(
                "afterLine is missing: give the line to insert after (0: before the first line).",
            )
            .with_argument(Name::AfterLine)),
            Err(e) => return Err(e.with_argument(Name::AfterLine)),
        };
    let text = Js::new(text)
        .string_bytes("text")
        .map_err(|e| e.with_argument(Name::Text))?;
    let opts = strict(options, function, |o| {
        Ok(edit_options(o)?.with_guards(o.guards()?))
    })?;
    Ok(Change::Insert(path, after, text, opts))
}

/// Inserts `text` as whole lines after line `afterLine` (1-based; 0: before the first
/// line), each taking the ending of the lines around it.
#[napi(
    js_name = "insertLines",
    ts_args_type = "path: string, afterLine: number, text: string, options?: EditOptions & GuardOptions",
    ts_return_type = "Promise<EditResult>"
)]
pub fn insert_lines(
    path: Unknown<'_>,
    after_line: Unknown<'_>,
    text: Unknown<'_>,
    options: Option<Unknown<'_>>,
) -> napi::Result<AsyncTask<Job<EditResult>>> {
    run_async(|| insert_change(path, after_line, text, options, "insertLines"))
}

/// `insertLines`, on the calling thread.
#[napi(
    js_name = "insertLinesSync",
    ts_args_type = "path: string, afterLine: number, text: string, options?: EditOptions & GuardOptions"
)]
pub fn insert_lines_sync(
    env: &Env,
    path: Unknown<'_>,
    after_line: Unknown<'_>,
    text: Unknown<'_>,
    options: Option<Unknown<'_>>,
) -> napi::Result<EditResult> {
    run_sync(env, || {
        insert_change(path, after_line, text, options, "insertLinesSync")
    })
}

/// What `pathInfo` says of a path.
#[napi(object)]
pub struct PathInfo {
    /// The real location: an existing path's, through every link; else its folder's
    /// real path and its name; else the path as given.
    pub real: String,
    /// What is there; absent when nothing is (or it cannot be looked up).
    #[napi(ts_type = "'file' | 'folder' | 'other'")]
    pub kind: Option<String>,
    /// A file's size in bytes (0 for anything else).
    pub size: f64,
}

/// Looks an absolute path up by name, without opening it: its real location, what it
/// is and a file's size. Never throws for the path: one that cannot be looked up has no
/// `kind`. What a tool layer keys and sizes the files it remembers by. `resolve: false`
/// skips the real location (`real` is then the path as given): a size or a kind only.
#[napi(
    js_name = "pathInfo",
    ts_args_type = "path: string, options?: { resolve?: boolean }"
)]
pub fn path_info(
    env: &Env,
    path: Unknown<'_>,
    options: Option<Unknown<'_>>,
) -> napi::Result<PathInfo> {
    guard(env, || {
        let path = Js::new(path).string("path")?;
        let resolve = strict(options, "pathInfo", |o| o.bool_or("resolve", true))?;
        let info = binding::path_info(std::path::Path::new(&path), resolve);
        Ok(PathInfo {
            real: info.real.to_string_lossy().into_owned(),
            kind: info.kind.map(|k| k.name().to_string()),
            size: info.size as f64,
        })
    })
}

/// The arguments of `writeFile` and `prepareWrite`, read.
pub(super) fn write_change(
    path: Unknown<'_>,
    content: Unknown<'_>,
    options: Option<Unknown<'_>>,
    function: &str,
) -> Result<Change, Error> {
    let path = read_path(path)?;
    // A Buffer is the content's UTF-8 bytes (a host that holds text as bytes need not
    // decode it first), not a file's bytes as `applyEdits` takes them.
    let content = Js::new(content);
    let content = match content.kind() {
        super::js::Kind::Buffer => content.buffer_bytes("content"),
        super::js::Kind::String => content.string_bytes("content"),
        other => Err(invalid(format!(
            "content must be a string or a Buffer, but it is {}.",
            other.describe()
        ))),
    }
    .map_err(|e| e.with_argument(Name::Content))?;
    let opts = strict(options, function, |o| {
        let opts = edit_options(o)?;
        let eol: WriteEol = o
            .choice("eol", Eol::ALL, Eol::as_str, Eol::Preserve)?
            .into();
        Ok(opts.with_eol(eol).with_guards(o.guards()?))
    })?;
    Ok(Change::Write(path, content, opts))
}

/// Writes a whole file, keeping an existing file's line endings and BOM; a new file
/// takes its ending from `.editorconfig` / `.gitattributes`, else LF.
#[napi(
    js_name = "writeFile",
    ts_args_type = "path: string, content: string | Buffer, options?: EditOptions & GuardOptions & { eol?: WriteEol }",
    ts_return_type = "Promise<EditResult>"
)]
pub fn write_file(
    path: Unknown<'_>,
    content: Unknown<'_>,
    options: Option<Unknown<'_>>,
) -> napi::Result<AsyncTask<Job<EditResult>>> {
    run_async(|| write_change(path, content, options, "writeFile"))
}

/// `writeFile`, on the calling thread.
#[napi(
    js_name = "writeFileSync",
    ts_args_type = "path: string, content: string | Buffer, options?: EditOptions & GuardOptions & { eol?: WriteEol }"
)]
pub fn write_file_sync(
    env: &Env,
    path: Unknown<'_>,
    content: Unknown<'_>,
    options: Option<Unknown<'_>>,
) -> napi::Result<EditResult> {
    run_sync(env, || {
        write_change(path, content, options, "writeFileSync")
    })
}

fn convert_args(
    path: Unknown<'_>,
    to: Unknown<'_>,
    options: Option<Unknown<'_>>,
    function: &str,
) -> Result<Work, Error> {
    let path = read_path(path)?;
    let to_name = Js::new(to)
        .string("to")
        .map_err(|e| e.with_argument(Name::To))?;
    let to = Ending::from_name(&to_name).ok_or_else(|| {
        invalid(format!("to must be 'lf', 'crlf' or 'cr', not '{to_name}'."))
            .with_argument(Name::To)
    })?;
    let opts = strict(options, function, edit_options)?;
    Ok(Box::new(move || {
        eol_edit::convert_eol(&path, to, &opts).map(edit_result)
    }))
}

/// Converts every line ending of a file; `NO_CHANGE` if there is nothing to convert.
#[napi(
    js_name = "convertEol",
    ts_args_type = "path: string, to: 'lf' | 'crlf' | 'cr', options?: EditOptions",
    ts_return_type = "Promise<EditResult>"
)]
pub fn convert_eol(
    path: Unknown<'_>,
    to: Unknown<'_>,
    options: Option<Unknown<'_>>,
) -> napi::Result<AsyncTask<Job<EditResult>>> {
    run_async(|| convert_args(path, to, options, "convertEol"))
}

/// `convertEol`, on the calling thread.
#[napi(
    js_name = "convertEolSync",
    ts_args_type = "path: string, to: 'lf' | 'crlf' | 'cr', options?: EditOptions"
)]
pub fn convert_eol_sync(
    env: &Env,
    path: Unknown<'_>,
    to: Unknown<'_>,
    options: Option<Unknown<'_>>,
) -> napi::Result<EditResult> {
    run_sync(env, || convert_args(path, to, options, "convertEolSync"))
}

fn convert_encoding_args(
    path: Unknown<'_>,
    to: Unknown<'_>,
    options: Option<Unknown<'_>>,
    function: &str,
) -> Result<Work, Error> {
    let path = read_path(path)?;
    let to = Js::new(to)
        .string("to")
        .map_err(|e| e.with_argument(Name::To))?;
    let opts = strict(options, function, |o| {
        Ok(edit_options(o)?.with_bom(o.bool_or("bom", false)?))
    })?;
    Ok(Box::new(move || {
        eol_edit::convert_encoding(&path, &to, &opts).map(edit_result)
    }))
}

/// Writes a file in another encoding (a WHATWG label such as 'utf-8', 'gbk',
/// 'windows-1252'); its text, endings and lines stay as they are. A character the new
/// encoding cannot hold fails with `ENCODING_UNMAPPABLE` and nothing is written.
#[napi(
    js_name = "convertEncoding",
    ts_args_type = "path: string, to: string, options?: EditOptions & { bom?: boolean }",
    ts_return_type = "Promise<EditResult>"
)]
pub fn convert_encoding(
    path: Unknown<'_>,
    to: Unknown<'_>,
    options: Option<Unknown<'_>>,
) -> napi::Result<AsyncTask<Job<EditResult>>> {
    run_async(|| convert_encoding_args(path, to, options, "convertEncoding"))
}

/// `convertEncoding`, on the calling thread.
#[napi(
    js_name = "convertEncodingSync",
    ts_args_type = "path: string, to: string, options?: EditOptions & { bom?: boolean }"
)]
pub fn convert_encoding_sync(
    env: &Env,
    path: Unknown<'_>,
    to: Unknown<'_>,
    options: Option<Unknown<'_>>,
) -> napi::Result<EditResult> {
    run_sync(env, || {
        convert_encoding_args(path, to, options, "convertEncodingSync")
    })
}

/// A text file's exact bytes and their version, as `readFileBytes` gives them.
#[napi(object)]
pub struct FileBytes {
    /// Every byte of the file, its byte order mark included.
    pub bytes: napi::bindgen_prelude::Buffer,
    /// The version (hash) of these bytes, for `expectedVersion`.
    pub version: String,
}

fn read_bytes_args(
    path: Unknown<'_>,
    options: Option<Unknown<'_>>,
    function: &str,
) -> Result<(PathBuf, ReadOptions), Error> {
    let path = read_path(path)?;
    strict(options, function, |o| {
        let place = place_options(o)?;
        let mut options = ReadOptions::default();
        options.root = place.root;
        options.cwd = place.cwd;
        if let Some(max_bytes) = place.max_bytes {
            options.max_bytes = max_bytes;
        }
        options.encoding = place.encoding;
        Ok((path, options))
    })
}

fn read_bytes_work(path: PathBuf, options: ReadOptions) -> Result<FileBytes, Error> {
    let r = eol_edit::read_file_bytes(path, &options)?;
    Ok(FileBytes {
        bytes: r.bytes.into(),
        version: r.version.to_string(),
    })
}

/// Reads a text file's exact bytes (its BOM included) and their version, as `readFile`
/// reads it: what `restoreFile` can put back.
#[napi(
    js_name = "readFileBytes",
    ts_args_type = "path: string, options?: { root?: string | string[]; cwd?: string; maxBytes?: number; encoding?: string }",
    ts_return_type = "Promise<FileBytes>"
)]
pub fn read_file_bytes(
    path: Unknown<'_>,
    options: Option<Unknown<'_>>,
) -> napi::Result<AsyncTask<Job<FileBytes>>> {
    Ok(
        match settle(|| read_bytes_args(path, options, "readFileBytes")) {
            Ok((path, opts)) => Job::new(move || read_bytes_work(path, opts)),
            Err(e) => Job::new(move || Err(e)),
        },
    )
}

/// `readFileBytes`, on the calling thread.
#[napi(
    js_name = "readFileBytesSync",
    ts_args_type = "path: string, options?: { root?: string | string[]; cwd?: string; maxBytes?: number; encoding?: string }"
)]
pub fn read_file_bytes_sync(
    env: &Env,
    path: Unknown<'_>,
    options: Option<Unknown<'_>>,
) -> napi::Result<FileBytes> {
    guard(env, || {
        let (path, opts) = read_bytes_args(path, options, "readFileBytesSync")?;
        read_bytes_work(path, opts)
    })
}

fn restore_args(
    path: Unknown<'_>,
    bytes: Unknown<'_>,
    options: Option<Unknown<'_>>,
    function: &str,
) -> Result<Work, Error> {
    let path = read_path(path)?;
    let bytes = Js::new(bytes).buffer_bytes("bytes")?;
    let opts = strict(options, function, edit_options)?;
    Ok(Box::new(move || {
        eol_edit::restore_file(&path, &bytes, &opts).map(edit_result)
    }))
}

/// Puts bytes back as a file's whole content, exactly as given (no line ending, BOM or
/// encoding applied), if the file still has `expectedVersion` (required; `''`: the
/// file must not exist). A replaced file keeps its mode; the diff is from its current
/// text to the restored one.
#[napi(
    js_name = "restoreFile",
    ts_args_type = "path: string, bytes: Buffer, options: EditOptions",
    ts_return_type = "Promise<EditResult>"
)]
pub fn restore_file(
    path: Unknown<'_>,
    bytes: Unknown<'_>,
    options: Option<Unknown<'_>>,
) -> napi::Result<AsyncTask<Job<EditResult>>> {
    run_async(|| restore_args(path, bytes, options, "restoreFile"))
}

/// `restoreFile`, on the calling thread.
#[napi(
    js_name = "restoreFileSync",
    ts_args_type = "path: string, bytes: Buffer, options: EditOptions"
)]
pub fn restore_file_sync(
    env: &Env,
    path: Unknown<'_>,
    bytes: Unknown<'_>,
    options: Option<Unknown<'_>>,
) -> napi::Result<EditResult> {
    run_sync(env, || {
        restore_args(path, bytes, options, "restoreFileSync")
    })
}
