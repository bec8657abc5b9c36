//! The undo history of an editor with an undo command (Anthropic's text editor tool,
//! lib/tools/hosts/anthropic.js): the core's `UndoHistory` behind a class. Internal to
//! the package's tool layer; not part of the documented API.

use std::sync::Arc;

use napi::bindgen_prelude::{AsyncTask, Env, Unknown};
use napi_derive::napi;

use super::files::{edit_options, read_path, settle, Job};
use super::guard;
use super::js::{invalid, strict, Js, Kind, WarningParts};
use eol_edit::{EditOptions, Error, Version};

/// What an `undo` did (with `dryRun`: would do).
#[napi(object)]
pub struct Undone {
    /// The path as given.
    pub path: String,
    /// The edit had created the file, and the undo deleted it.
    pub deleted: bool,
    /// From the file's text to the text it has again.
    pub diff: String,
    /// The file's version now; absent when it was deleted.
    pub version: Option<String>,
    pub warnings: Vec<String>,
    #[napi(ts_type = "Array<Array<MessagePart>>")]
    pub warning_parts: WarningParts,
}

/// What the history knows of a file's last edit that can still be undone.
#[napi(object)]
pub struct UndoLast {
    /// The version that edit left; absent when there is none to undo.
    pub version: Option<String>,
    /// Whether that edit created the file (undoing it deletes the file).
    pub created: bool,
    /// How many older edits of the file were dropped to stay within the limits.
    pub dropped: u32,
}

/// Internal (the text editor's `undo_edit`): an editor's own edits of each file, the
/// bytes before each and the version after, capped at `depth` edits of a file and
/// `maxBytes` of kept bytes in all (default 10 and 64 MiB), the oldest dropped first.
#[napi]
pub struct UndoHistory {
    history: Arc<eol_edit::UndoHistory>,
}

#[napi]
impl UndoHistory {
    /// An empty history.
    #[napi(
        constructor,
        ts_args_type = "limits?: { depth?: number; maxBytes?: number }"
    )]
    pub fn new(env: &Env, limits: Option<Unknown<'_>>) -> napi::Result<UndoHistory> {
        guard(env, || {
            let (depth, max_bytes) = strict(limits, "new UndoHistory", |o| {
                Ok((o.whole_number("depth")?, o.whole_number("maxBytes")?))
            })?;
            let size = |n: Option<u64>, default: usize| {
                n.map_or(default, |n| usize::try_from(n).unwrap_or(usize::MAX))
            };
            Ok(UndoHistory {
                history: Arc::new(eol_edit::UndoHistory::with_limits(
                    size(depth, eol_edit::UndoHistory::DEPTH),
                    size(max_bytes, eol_edit::UndoHistory::MAX_BYTES),
                )),
            })
        })
    }

    /// The most edits of one file kept.
    #[napi(getter)]
    pub fn depth(&self) -> f64 {
        self.history.depth() as f64
    }

    /// The most bytes of earlier contents kept in all.
    #[napi(getter)]
    pub fn max_bytes(&self) -> f64 {
        self.history.max_bytes() as f64
    }

    /// Keeps an edit of `path`: `before` its bytes before it (null: it created the
    /// file), `after` its version after.
    #[napi(ts_args_type = "path: string, before: Buffer | null, after: string")]
    pub fn push(
        &self,
        env: &Env,
        path: Unknown<'_>,
        before: Unknown<'_>,
        after: Unknown<'_>,
    ) -> napi::Result<()> {
        guard(env, || {
            let path = read_path(path)?;
            let before = Js::new(before);
            let before = match before.kind() {
                Kind::Undefined | Kind::Null => None,
                _ => Some(before.buffer_bytes("before")?),
            };
            let after = version(after, "after")?;
            self.history.push(&path, None, before, after);
            Ok(())
        })
    }

    /// The last edit of `path` that can still be undone, and how many were dropped.
    #[napi(ts_args_type = "path: string")]
    pub fn last(&self, env: &Env, path: Unknown<'_>) -> napi::Result<UndoLast> {
        guard(env, || {
            let path = read_path(path)?;
            Ok(last(self.history.last(&path, None)))
        })
    }

    /// Undoes the last edit of `path`, off the JavaScript thread: its bytes put back
    /// (or the file it created deleted) if the file still has the version the edit left
    /// (`FILE_CHANGED` if not, or if `expectedVersion` is another one).
    #[napi(
        ts_args_type = "path: string, options?: EditOptions",
        ts_return_type = "Promise<Undone>"
    )]
    pub fn undo(&self, path: Unknown<'_>, options: Option<Unknown<'_>>) -> AsyncTask<Job<Undone>> {
        match settle(|| undo_args(path, options, "undo")) {
            Ok((path, options)) => {
                let history = Arc::clone(&self.history);
                Job::new(move || history.undo(&path, &options).map(undone))
            }
            Err(e) => Job::new(move || Err(e)),
        }
    }

    /// `undo`, on the calling thread.
    #[napi(ts_args_type = "path: string, options?: EditOptions")]
    pub fn undo_sync(
        &self,
        env: &Env,
        path: Unknown<'_>,
        options: Option<Unknown<'_>>,
    ) -> napi::Result<Undone> {
        guard(env, || {
            let (path, options) = undo_args(path, options, "undoSync")?;
            self.history.undo(&path, &options).map(undone)
        })
    }
}

fn undo_args(
    path: Unknown<'_>,
    options: Option<Unknown<'_>>,
    function: &str,
) -> Result<(std::path::PathBuf, EditOptions), Error> {
    let path = read_path(path)?;
    let options = strict(options, function, edit_options)?;
    Ok((path, options))
}

/// A version string of a result.
fn version(value: Unknown<'_>, name: &str) -> Result<Version, Error> {
    let text = Js::new(value).string(name)?;
    text.parse().map_err(|_| {
        invalid(format!(
            "{name} must be a version a result gave (32 hex digits), but it is {text:?}."
        ))
    })
}

fn last(l: eol_edit::UndoLast) -> UndoLast {
    UndoLast {
        version: l.version.map(|v| v.to_string()),
        created: l.created,
        dropped: u32::try_from(l.dropped).unwrap_or(u32::MAX),
    }
}

fn undone(u: eol_edit::Undone) -> Undone {
    Undone {
        path: u.path.to_string_lossy().into_owned(),
        deleted: u.deleted,
        diff: u.diff,
        version: u.version.map(|v| v.to_string()),
        warnings: super::js::library_texts(&u.warnings),
        warning_parts: WarningParts(u.warnings),
    }
}
