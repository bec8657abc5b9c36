//! The core's `ReadState` as a class (`ReadState` in index.d.ts), the way a resolver
//! keeps its cache behind one: what a tool set knows of each file it read or wrote
//! (version, size, what each read showed), by the core's file identity. The agent
//! tools (lib/tools/read_state.js) hold one per read state and check their arguments
//! before they call it, so its methods take typed arguments; only the content a host
//! read is read by hand (a string may hold a lone surrogate, a Buffer is bytes).

use std::path::{Path, PathBuf};
use std::sync::Arc;

use napi::bindgen_prelude::{AsyncTask, Either, Env, Unknown};
use napi_derive::napi;

use eol_edit::{Error, MarkRead, Marked, ReadOptions};

use crate::files::{
    delete_change, edit_change, edit_result, insert_change, multi_change, place_options,
    write_change, EditResult, Job,
};
use crate::guard;
use crate::js::{invalid, strict, Js, Kind};

/// What a tool set knows of the files it read and wrote: each one's version, about its
/// size, and the lines each read showed (for the `FILE_CHANGED` that shows what changed
/// since), by the file's real path. Relative paths are taken from `cwd`, else from the
/// process's folder. For the agent tools (`createReadState` in tools.js wraps it).
#[napi(js_name = "ReadState")]
pub struct ReadState {
    /// Shared with a change running on the libuv pool (`change`).
    state: Arc<eol_edit::ReadState>,
}

/// A file as `ReadState.lookUp` finds it.
#[napi(object)]
pub struct FileLookup {
    /// The file's key: its real path, or its folder's real path and its name.
    pub key: String,
    /// Whether it exists (a spelling the state knows counts as existing).
    pub exists: bool,
    /// About its size in bytes (0 for a missing file or anything not a file).
    pub size: f64,
    /// The version the model knows, if any.
    pub version: Option<String>,
}

fn cwd_of(cwd: &Option<String>) -> Option<&Path> {
    cwd.as_deref().map(Path::new)
}

#[napi]
impl ReadState {
    /// An empty read state.
    #[napi(constructor)]
    #[allow(clippy::new_without_default)]
    pub fn new() -> ReadState {
        ReadState {
            state: Arc::new(eol_edit::ReadState::new()),
        }
    }

    /// The file a path names as the state knows it. `fresh` looks it up even when the
    /// state knows the spelling (a read).
    #[napi]
    pub fn look_up(&self, path: String, cwd: Option<String>, fresh: bool) -> FileLookup {
        let found = self.state.look_up(&path, cwd_of(&cwd), fresh);
        FileLookup {
            key: found.key.to_string_lossy().into_owned(),
            exists: found.exists,
            size: found.size as f64,
            version: found.version,
        }
    }

    /// Remembers `version` as what the model knows of the file now (a read).
    #[napi]
    pub fn record(&self, path: String, cwd: Option<String>, version: String) {
        self.state.record(&path, cwd_of(&cwd), &version)
    }

    /// The version remembered for the file, if any.
    #[napi]
    pub fn version(&self, path: String, cwd: Option<String>) -> Option<String> {
        self.state.version(&path, cwd_of(&cwd))
    }

    /// Forgets the file, and what was seen of it.
    #[napi]
    pub fn forget(&self, path: String, cwd: Option<String>) {
        self.state.forget(&path, cwd_of(&cwd))
    }

    /// Records that the model has seen the file at `version`.
    #[napi]
    pub fn mark_version(&self, path: String, cwd: Option<String>, version: String) {
        self.state
            .mark_read(&path, cwd_of(&cwd), MarkRead::Version(&version));
    }

    /// Records that the model has seen the file as `content` (the text or the bytes a
    /// host read): its version if it still has them, else stale (every change fails
    /// with FILE_CHANGED until it is read again); a file that cannot be read is
    /// forgotten. Says which: `'current'`, `'stale'` or `'forgotten'`.
    #[napi(
        ts_args_type = "path: string, cwd: string | undefined | null, content: string | Buffer",
        ts_return_type = "'current' | 'stale' | 'forgotten'"
    )]
    pub fn mark_content(
        &self,
        env: &Env,
        path: String,
        cwd: Option<String>,
        content: Unknown<'_>,
    ) -> napi::Result<&'static str> {
        guard(env, || {
            let js = Js::new(content);
            let cwd = cwd_of(&cwd);
            let marked = match js.kind() {
                Kind::Buffer => {
                    let bytes = js.buffer_bytes("content")?;
                    self.state.mark_read(&path, cwd, MarkRead::Bytes(&bytes))
                }
                Kind::String => match String::from_utf8(js.string_bytes("content")?) {
                    Ok(text) => self.state.mark_read(&path, cwd, MarkRead::Text(&text)),
                    // A lone surrogate: no file has this text.
                    Err(_) => {
                        self.state.mark_stale(&path, cwd);
                        Marked::Stale
                    }
                },
                _ => return Err(invalid("content must be a string or a Buffer.")),
            };
            Ok(match marked {
                Marked::Current => "current",
                Marked::Stale => "stale",
                _ => "forgotten",
            })
        })
    }

    /// Keeps the lines a read showed: the first `shown` lines of `content` (the read's
    /// LF view, from line `startLine`), if `version` is the one the state has.
    #[napi]
    #[allow(clippy::too_many_arguments)]
    pub fn saw(
        &self,
        path: String,
        cwd: Option<String>,
        version: String,
        start_line: u32,
        content: String,
        shown: u32,
        total_lines: u32,
    ) {
        self.state.saw_text(
            &path,
            cwd_of(&cwd),
            &version,
            start_line as usize,
            &content,
            shown as usize,
            total_lines as usize,
        )
    }

    /// Records a file a change wrote: its version and size now; `diff` (the change's)
    /// brings what the model saw of it up to date when needed. `encoding`: the call's.
    #[napi]
    pub fn wrote(
        &self,
        path: String,
        cwd: Option<String>,
        version: String,
        diff: Option<String>,
        encoding: Option<String>,
    ) {
        let mut options = ReadOptions::default();
        options.encoding = encoding;
        self.state
            .wrote(&path, cwd_of(&cwd), &version, diff.as_deref(), &options)
    }

    /// A tool set's change of one file in one call (the core's `ReadState::change`):
    /// `function` (`editFile`, `multiEdit`, `writeFile`, `deleteRange` or `insertLines`)
    /// with its own arguments after `path` (its options last), made with the version
    /// the state has for the file as its `expectedVersion` (with `requireRead`, an
    /// existing file never read is refused); a FILE_CHANGED shows what changed since
    /// the model read it, and the change made is recorded (as `wrote`). It runs on the
    /// calling thread, returning the function's result, when the file and the text the
    /// call carries hold at most `callingThreadMax` bytes, else on the libuv pool,
    /// returning a Promise of it. Bad arguments throw in either case.
    #[napi(
        ts_args_type = "fn: 'editFile' | 'multiEdit' | 'writeFile' | 'deleteRange' | 'insertLines', requireRead: boolean, callingThreadMax: number, path: string, a: unknown, b: unknown, c?: unknown",
        ts_return_type = "EditResult | Promise<EditResult>"
    )]
    #[allow(clippy::too_many_arguments)]
    pub fn change(
        &self,
        env: &Env,
        function: String,
        require_read: bool,
        calling_thread_max: f64,
        path: Unknown<'_>,
        a: Unknown<'_>,
        b: Unknown<'_>,
        c: Option<Unknown<'_>>,
    ) -> napi::Result<Either<EditResult, AsyncTask<Job<EditResult>>>> {
        let change = guard(env, || match function.as_str() {
            "editFile" => edit_change(path, a, b, c, "editFile"),
            "multiEdit" => multi_change(path, a, Some(b), "multiEdit"),
            "writeFile" => write_change(path, a, Some(b), "writeFile"),
            "deleteRange" => delete_change(path, a, b, c, "deleteRange"),
            "insertLines" => insert_change(path, a, b, c, "insertLines"),
            other => Err(invalid(format!(
                "ReadState.change: {other} is not a change of one file it makes."
            ))),
        })?;
        if change.options().dry_run {
            return Err(crate::js::to_js_error(
                env,
                invalid("ReadState.change makes the change: dryRun is not taken."),
            ));
        }
        let carried = change.carried() as f64;
        let size = self
            .state
            .look_up(
                &change.path().to_string_lossy(),
                change.options().cwd.as_deref(),
                false,
            )
            .size as f64;
        let here = carried <= calling_thread_max && size + carried <= calling_thread_max;
        let run = move |state: &eol_edit::ReadState| -> Result<EditResult, Error> {
            change.write_through(state, require_read).map(edit_result)
        };
        if here {
            return guard(env, || run(&self.state)).map(Either::A);
        }
        let state = Arc::clone(&self.state);
        Ok(Either::B(Job::new(move || run(&state))))
    }

    /// Throws the FILE_CHANGED that shows what changed in each file of `paths` (each
    /// with its expected version in `expected`) since the model read it, and records a
    /// file shown whole as read; returns nothing when there is none to show. `options`:
    /// `readFile`'s `cwd`, `root`, `encoding` and `maxBytes`.
    #[napi(
        ts_args_type = "paths: string[], expected: Array<string | undefined | null>, options?: ReadOptions"
    )]
    pub fn explain_changed(
        &self,
        env: &Env,
        paths: Vec<String>,
        expected: Vec<Option<String>>,
        options: Option<Unknown<'_>>,
    ) -> napi::Result<()> {
        guard(env, || {
            let place = strict(options, "ReadState.explainChanged", place_options)?;
            let mut read = ReadOptions::default();
            read.root = place.root;
            read.encoding = place.encoding;
            let cwd: Option<PathBuf> = place.cwd;
            let names: Vec<&str> = paths.iter().map(String::as_str).collect();
            let version = |path: &str| {
                let i = paths.iter().position(|p| p == path)?;
                expected.get(i).cloned().flatten()
            };
            match self
                .state
                .explain_changed(&names, version, cwd.as_deref(), &read)
            {
                Some(error) => Err(error),
                None => Ok(()),
            }
        })
    }
}
