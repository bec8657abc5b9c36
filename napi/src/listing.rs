//! `folderEntries`: a folder's names inside the roots, as a host handler shows a
//! folder (the tool layer's Anthropic text editor `view` of a folder). For the tool
//! layer, not part of the documented API.

use std::path::{Path, PathBuf};

use napi::bindgen_prelude::{Env, Unknown};
use napi_derive::napi;

use super::guard;
use super::js::{invalid, strict, Js};
use eol_edit::Name;

/// The entries of the folder `path` and of its subfolders down to `depth` levels (1:
/// its own), sorted, hidden ones (and what is in them) left out, each as `shown/name`
/// with a `/` after a folder; links are listed, never followed. Fails with
/// `PATH_OUTSIDE_ROOT` when the folder is not inside `root`, `FILE_NOT_FOUND` when no
/// folder there can be read; the messages name the path as `display` (default:
/// `path`). For the tool layer's view of a folder.
#[napi(
    js_name = "folderEntries",
    ts_args_type = "path: string, shown: string, depth: number, options?: { display?: string; root?: string | string[]; cwd?: string }"
)]
pub fn folder_entries(
    env: &Env,
    path: Unknown<'_>,
    shown: Unknown<'_>,
    depth: Unknown<'_>,
    options: Option<Unknown<'_>>,
) -> napi::Result<Vec<String>> {
    guard(env, || {
        let path = Js::new(path)
            .string("path")
            .map_err(|e| e.with_argument(Name::Path))?;
        let shown = Js::new(shown).string("shown")?;
        let depth = Js::new(depth)
            .whole_number("depth")?
            .ok_or_else(|| invalid("depth is missing: it must be a whole number."))?;
        let (display, roots, cwd) = strict(options, "folderEntries", |o| {
            let display = o.string("display")?;
            let roots: Option<Vec<PathBuf>> = o
                .strings("root")?
                .map(|roots| roots.into_iter().map(PathBuf::from).collect());
            let cwd = o.string("cwd")?.map(PathBuf::from);
            Ok((display, roots, cwd))
        })?;
        let display = display.unwrap_or_else(|| path.clone());
        let entries = eol_edit::binding::folder_entries(
            Path::new(&path),
            Path::new(&display),
            roots.as_deref(),
            cwd.as_deref(),
            shown.as_ref(),
            usize::try_from(depth).unwrap_or(usize::MAX),
        )?;
        Ok(entries
            .into_iter()
            .map(|e| e.to_string_lossy().into_owned())
            .collect())
    })
}
