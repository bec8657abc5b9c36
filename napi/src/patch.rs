//! `applyPatch`, `applyPatchSync` and `parsePatch` (docs/patches.md): arguments read
//! here, the work done by [`eol_edit::patch`].

use std::collections::HashMap;

use napi::bindgen_prelude::{AsyncTask, Env, Unknown};
use napi_derive::napi;

use super::files::{settle, write_options, Job};
use super::js::{invalid, strict, Js, Kind};
use super::{guard, tier_names, EolInfo};
use eol_edit::{Error, Expected, Name, PatchOptions};

/// What `applyPatch` did to one file section of the patch, in the patch's order.
#[napi(object)]
pub struct PatchFileResult {
    /// The path as the patch gives it.
    pub path: String,
    pub action: super::enums::PatchAction,
    /// For a move: the new path.
    pub moved_to: Option<String>,
    /// Unified diff of the LF views (empty for a move that changes no line).
    pub diff: String,
    /// Line endings of the file afterwards (of the deleted content for a delete).
    pub eol: EolInfo,
    /// Version of the file's bytes afterwards (with `dryRun`: that would be); absent
    /// after a delete, and for a section a later section of the patch changed again.
    pub version: Option<String>,
    /// The tier that found each hunk.
    pub matched_by: Vec<super::enums::Tier>,
    /// Things the host should show its user, such as endings the patch made mixed.
    pub warnings: Vec<String>,
    /// The warnings as parts (text and references to the API), for a front-end that
    /// says them in its own names.
    #[napi(ts_type = "Array<Array<MessagePart>>")]
    pub warning_parts: super::js::WarningParts,
}

/// The result of `applyPatch`.
#[napi(object)]
pub struct PatchResult {
    pub files: Vec<PatchFileResult>,
}

/// Options of `applyPatch`.
#[allow(dead_code)]
#[napi(object, js_name = "PatchOptions")]
pub struct PatchOptionsShape {
    /// Folder relative paths are taken against (default: the process's).
    pub cwd: Option<String>,
    /// Folder(s) every file's real location must be inside.
    #[napi(ts_type = "string | string[]")]
    pub root: Option<Vec<String>>,
    /// Compute and check everything, write nothing.
    pub dry_run: Option<bool>,
    /// fsync each file and its folder before returning.
    pub durable: Option<bool>,
    /// The size limit (default 64 MiB; 0: no limit): a larger file is not read, and
    /// no file is written larger than this unless it was larger still before; either
    /// is `FILE_TOO_LARGE`, and nothing is written.
    pub max_bytes: Option<f64>,
    /// The encoding (a WHATWG label such as 'gbk', 'windows-1252') to read each file
    /// that is not valid UTF-8 in, and to write each added file in. A BOM and valid
    /// UTF-8 come first; this option comes before `.editorconfig` and `.gitattributes`.
    pub encoding: Option<String>,
    /// The version each file must still have (`FILE_CHANGED` otherwise), by its path
    /// as the patch names it; the empty string: the file must not exist.
    #[napi(ts_type = "Record<string, string>")]
    pub expected_versions: Option<HashMap<String, String>>,
    /// Refuse added lines that look like a model's mistake with `SUSPECT_CONTENT`, no
    /// file written: `true` for every guard, or a list of them (default: none). See
    /// docs/guarantees.md.
    #[napi(ts_type = "boolean | GuardReason[]")]
    pub guards: Option<Vec<String>>,
}

/// One hunk of a parsed patch.
#[napi(object)]
pub struct ParsedHunk {
    /// The `@@ <line>` anchors of the apply_patch format: lines the hunk comes after.
    pub anchors: Vec<String>,
    /// A unified diff's `@@ -oldStart,oldLines +newStart,newLines @@`.
    pub old_start: Option<u32>,
    pub old_lines: Option<u32>,
    pub new_start: Option<u32>,
    pub new_lines: Option<u32>,
    /// The hunk's lines, each with its prefix: ' ' context, '-' removed, '+' added.
    pub lines: Vec<String>,
    /// `*** End of File`: the hunk must match at the end of the file.
    pub end_of_file: bool,
    /// 1-based line of the patch where the hunk starts.
    pub line: u32,
}

/// One file section of a parsed patch.
#[napi(object)]
pub struct ParsedFile {
    pub path: String,
    pub action: super::enums::PatchAction,
    pub moved_to: Option<String>,
    /// For an added file: its text, with the line breaks the patch gives it.
    pub content: Option<String>,
    pub hunks: Vec<ParsedHunk>,
    /// 1-based line of the patch where the section starts.
    pub line: u32,
}

/// What `parsePatch` returns.
#[napi(object)]
pub struct ParsedPatch {
    pub format: super::enums::PatchFormat,
    /// The folder of a `cd DIR && apply_patch <<'EOF'` the patch came in, as written
    /// (relative to the call's `cwd`): the paths of `files` are already taken against it.
    pub cd: Option<String>,
    pub files: Vec<ParsedFile>,
}

fn read_patch(value: Unknown<'_>) -> Result<Vec<u8>, Error> {
    let js = Js::new(value);
    // A Buffer is the patch's UTF-8 bytes (a patch read from a file need not be decoded).
    match js.kind() {
        Kind::Buffer => js.buffer_bytes("patch"),
        Kind::String => js.string_bytes("patch"),
        other => Err(invalid(format!(
            "patch must be a string or a Buffer, but it is {}.",
            other.describe()
        ))),
    }
    .map_err(|e| e.with_argument(Name::Patch))
}

pub(crate) fn patch_args(
    value: Unknown<'_>,
    options: Option<Unknown<'_>>,
    function: &str,
) -> Result<(Vec<u8>, PatchOptions), Error> {
    let patch = read_patch(value)?;
    let options = strict(options, function, |o| {
        let mut expected_versions = HashMap::new();
        for (path, version) in o.entries("expectedVersions")? {
            let version = version
                .string(&format!("options.expectedVersions[{path:?}]"))
                .map_err(|e| e.with_argument(Name::ExpectedVersions))?;
            expected_versions.insert(path, Expected::from_binding(version));
        }
        let file = write_options(o)?;
        let mut options = PatchOptions::default();
        options.cwd = file.cwd;
        options.root = file.root;
        options.dry_run = file.dry_run;
        options.durable = file.durable;
        options.max_bytes = file.max_bytes;
        options.encoding = file.encoding;
        options.expected_versions = expected_versions;
        Ok(options.with_guards(o.guards()?))
    })?;
    Ok((patch, options))
}

fn patch_work(patch: Vec<u8>, opts: PatchOptions) -> Result<PatchResult, Error> {
    Ok(patch_result(eol_edit::apply_patch(&patch, &opts)?))
}

/// The result of a patch, for JavaScript.
pub(crate) fn patch_result(result: eol_edit::PatchResult) -> PatchResult {
    PatchResult {
        files: result
            .files
            .into_iter()
            .map(|f| PatchFileResult {
                path: path_text(f.path),
                action: f.action.into(),
                moved_to: f.moved_to.map(path_text),
                diff: f.diff,
                eol: EolInfo::from(f.eol),
                version: f.version.as_ref().map(ToString::to_string),
                matched_by: tier_names(&f.matched_by),
                warnings: super::js::library_texts(&f.warnings),
                warning_parts: super::js::WarningParts(f.warnings.clone()),
            })
            .collect(),
    }
}

/// Applies a patch (the apply_patch envelope or a unified diff) to every file it
/// names, all or nothing, keeping each file's line endings, BOM and encoding.
#[napi(
    js_name = "applyPatch",
    ts_args_type = "patch: string | Buffer, options?: PatchOptions",
    ts_return_type = "Promise<PatchResult>"
)]
pub fn apply_patch(
    patch: Unknown<'_>,
    options: Option<Unknown<'_>>,
) -> napi::Result<AsyncTask<Job<PatchResult>>> {
    Ok(match settle(|| patch_args(patch, options, "applyPatch")) {
        Ok((patch, opts)) => Job::new(move || patch_work(patch, opts)),
        Err(e) => Job::new(move || Err(e)),
    })
}

/// `applyPatch`, on the calling thread.
#[napi(
    js_name = "applyPatchSync",
    ts_args_type = "patch: string | Buffer, options?: PatchOptions"
)]
pub fn apply_patch_sync(
    env: &Env,
    patch: Unknown<'_>,
    options: Option<Unknown<'_>>,
) -> napi::Result<PatchResult> {
    guard(env, || {
        let (patch, opts) = patch_args(patch, options, "applyPatchSync")?;
        patch_work(patch, opts)
    })
}

/// Reads a patch without touching any file: what it would do to which file, hunk by
/// hunk. Fails with `PATCH_INVALID` (with the line) when it cannot be read.
#[napi(js_name = "parsePatch", ts_args_type = "patch: string | Buffer")]
pub fn parse_patch(env: &Env, patch: Unknown<'_>) -> napi::Result<ParsedPatch> {
    guard(env, || {
        let parsed = eol_edit::parse_patch(read_patch(patch)?)?;
        Ok(ParsedPatch {
            format: parsed.format.into(),
            cd: parsed.cd,
            files: parsed
                .files
                .into_iter()
                .map(|f| ParsedFile {
                    path: path_text(f.path),
                    action: f.action.into(),
                    moved_to: f.moved_to.map(path_text),
                    content: f.content,
                    line: f.line,
                    hunks: f
                        .hunks
                        .into_iter()
                        .map(|h| ParsedHunk {
                            anchors: h.anchors,
                            old_start: h.old_start,
                            old_lines: h.old_lines,
                            new_start: h.new_start,
                            new_lines: h.new_lines,
                            lines: h.lines,
                            end_of_file: h.end_of_file,
                            line: h.line,
                        })
                        .collect(),
                })
                .collect(),
        })
    })
}

/// A path of a result as JavaScript shows it: the patch's own text (it came from a
/// JavaScript string, so it is UTF-8).
fn path_text(path: std::path::PathBuf) -> String {
    path.to_string_lossy().into_owned()
}

/// An operation of OpenAI's apply_patch tool read by `v4aSections`: its sections of the
/// apply_patch envelope, and what the model is told of it (what `createOpenAIApplyPatch`
/// and `createOpenAIEditor` apply and say).
#[napi]
pub struct V4aSections {
    op: eol_edit::V4aOperation,
}

/// What one section of an operation did, from the patch's result (`PatchFileResult`),
/// its warnings in the caller's words.
#[napi(object)]
pub struct V4aApplied {
    pub action: super::enums::PatchAction,
    pub diff: String,
    pub eol: EolInfo,
    pub matched_by: Vec<super::enums::Tier>,
    pub warnings: Vec<String>,
}

#[napi]
impl V4aSections {
    /// update_file's new path (absent for a move onto the file's own path).
    #[napi(getter)]
    pub fn move_to(&self) -> Option<String> {
        self.op.move_to.clone()
    }

    /// The sections, each ending with a line break, without the envelope's first and
    /// last lines; none for an update_file whose diff is empty.
    #[napi(getter)]
    pub fn sections(&self) -> Vec<String> {
        self.op.sections.clone()
    }

    /// Lines the operation adds: update_file's `+` lines, create_file's lines.
    #[napi(getter)]
    pub fn added(&self) -> u32 {
        u32::try_from(self.op.added).unwrap_or(u32::MAX)
    }

    /// update_file's `-` lines.
    #[napi(getter)]
    pub fn removed(&self) -> u32 {
        u32::try_from(self.op.removed).unwrap_or(u32::MAX)
    }

    /// create_file: whether the new file ends with a line break.
    #[napi(getter)]
    pub fn ends_with_break(&self) -> bool {
        self.op.ends_with_break
    }

    /// What the model reads of the operation once applied (`files`: its sections'
    /// results; `replaces`: a move went onto a file that existed).
    #[napi]
    pub fn describe(&self, files: Vec<V4aApplied>, replaces: bool) -> String {
        let tiers: Vec<Vec<eol_edit::Tier>> = files
            .iter()
            .map(|f| f.matched_by.iter().map(|&t| t.into()).collect())
            .collect();
        let applied: Vec<eol_edit::V4aApplied<'_>> = files
            .iter()
            .zip(&tiers)
            .map(|(f, tiers)| eol_edit::V4aApplied {
                action: f.action.into(),
                diff: &f.diff,
                lf: f.eol.lf as usize,
                crlf: f.eol.crlf as usize,
                cr: f.eol.cr as usize,
                matched_by: tiers,
                warnings: &f.warnings,
            })
            .collect();
        self.op.describe(&applied, replaces)
    }

    /// What the model reads of the operation when it changed nothing.
    #[napi]
    pub fn unchanged(&self) -> String {
        self.op.unchanged()
    }

    /// What the model reads of the operation when it failed with `code`, said as
    /// `message` in the caller's words.
    #[napi(ts_args_type = "code: ErrorCode, message: string")]
    pub fn failure(&self, code: String, message: String) -> String {
        let code = code.parse().unwrap_or(eol_edit::ErrorCode::IoError);
        self.op.failure(code, &message)
    }
}

/// Reads an operation of OpenAI's apply_patch tool (`create_file`, `update_file` with
/// `moveTo`, `delete_file`, each with its V4A `diff`) as sections of the apply_patch
/// envelope. `path`, `diff` or `moveTo` absent: not given (or not a string; pass `''`
/// for a `moveTo` given but not a string). Fails with `INVALID_ARGUMENT` naming the
/// line of the diff.
#[napi(
    js_name = "v4aSections",
    ts_args_type = "type: string, path?: string, diff?: string, moveTo?: string"
)]
pub fn v4a_sections(
    env: &Env,
    kind: String,
    path: Option<String>,
    diff: Option<String>,
    move_to: Option<String>,
) -> napi::Result<V4aSections> {
    guard(env, || {
        let op = eol_edit::V4aOperation::new(
            &kind,
            path.as_deref(),
            diff.as_deref(),
            move_to.as_deref(),
        )?;
        Ok(V4aSections { op })
    })
}
