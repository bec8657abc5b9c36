//! A folder's names, as a host handler shows a folder to a model (Anthropic's text
//! editor's `view` of a folder): the one thing the tool layers do to files that no
//! operation of the library does, kept here so that it is confined as reads are.
//!
//! The folder is opened as `path::locate_folder` opens it: beneath a root, each
//! folder relative to the one before, links read and followed only while they stay
//! inside, so the handle is on a folder inside a root whatever is renamed or swapped
//! for a link meanwhile. Its names are read through that handle, and each subfolder
//! is opened relative to the handle of the folder it is in without following a link,
//! so a subfolder swapped for a link between the read of its name and its opening is
//! listed and not walked. What holds on each OS:
//!
//! - **Linux**: descriptors (`O_PATH`), `openat` with `O_NOFOLLOW`, `openat2` with
//!   `RESOLVE_BENEATH` for the folder's path where the kernel has it.
//! - **macOS and the BSDs**: the same `openat` walk, descriptor by descriptor.
//! - **Windows**: handles, each name opened relative to its folder's
//!   (`NtCreateFile` with a root directory) with `FILE_OPEN_REPARSE_POINT`, so a
//!   symbolic link or junction is read, never followed behind the walk's back; the
//!   names are read from the handle (`FileIdBothDirectoryInfo`).
//!
//! No OS lets a folder outside the roots be listed, nor the names below an outside
//! folder a link leads to.

use std::cmp::Ordering;
use std::ffi::{OsStr, OsString};
use std::path::{Path, PathBuf};

use super::path;
use super::sys::{Dir, Entry, Kind};
use crate::error::{Error, ErrorCode, Result};

/// The entries of the folder `path` (taken against `cwd`) and of its subfolders down
/// to `depth` levels (1: the folder's own), in the order of their names (by UTF-16
/// units, as JavaScript compares strings), each as `shown/name` (`shown/sub/name`
/// below a subfolder), with a `/` after a folder. Hidden entries (a name starting with
/// `.`) are left out, and what is in a hidden folder. A link is listed as what it is,
/// never followed; a subfolder that cannot be read is listed and not walked.
///
/// Fails with `PATH_OUTSIDE_ROOT` when the folder is not inside one of `roots` (the
/// roots named as their real paths, joined by " or "), and `FILE_NOT_FOUND` when there
/// is no folder there that can be read, or it was removed while it was read; the
/// messages name the path as `display`.
#[cfg_attr(not(any(test, feature = "binding")), allow(dead_code))]
pub fn folder_entries(
    path: &Path,
    display: &Path,
    roots: Option<&[PathBuf]>,
    cwd: Option<&Path>,
    shown: &OsStr,
    depth: usize,
) -> Result<Vec<OsString>> {
    let dir = path::locate_folder(path, display, roots, cwd)?;
    entries_of(&dir, display, shown, depth)
}

/// [`folder_entries`] of a folder open as `top`.
fn entries_of(top: &Dir, display: &Path, shown: &OsStr, depth: usize) -> Result<Vec<OsString>> {
    if top.is_removed() {
        return Err(Error::new(
            ErrorCode::FileNotFound,
            format!(
                "Folder not found: {} was deleted while it was listed. Check the path.",
                display.display()
            ),
        ));
    }
    let names = top.entries().map_err(|_| gone(display))?;
    let mut out = Vec::new();
    visit(top, names, shown, 1, depth, &mut out);
    Ok(out)
}

/// Lists `names`, the names of `dir` (shown as `at`), walking its subfolders while
/// `level` is below `depth`.
fn visit(
    dir: &Dir,
    mut names: Vec<(OsString, Option<Kind>)>,
    at: &OsStr,
    level: usize,
    depth: usize,
    out: &mut Vec<OsString>,
) {
    names.sort_by(|a, b| utf16_order(&a.0, &b.0));
    for (name, kind) in names {
        if name.as_encoded_bytes().starts_with(b".") {
            continue;
        }
        // What the folder's entry did not say is looked up, without following a link.
        let kind = kind.or_else(|| dir.stat_name(&name).ok().flatten().map(|s| s.kind));
        let folder = kind == Some(Kind::Dir);
        let mut here = at.to_os_string();
        here.push("/");
        here.push(&name);
        let mut entry = here.clone();
        if folder {
            entry.push("/");
        }
        out.push(entry);
        if folder && level < depth {
            // Relative to the open folder, never through a link put in its place.
            if let Ok(Entry::Found(child)) = dir.open_child(&name) {
                if let Ok(names) = child.entries() {
                    visit(&child, names, &here, level + 1, depth, out);
                }
            }
        }
    }
}

/// Names in the order JavaScript sorts strings: by UTF-16 units (of the name as text;
/// two names that read the same by their bytes).
fn utf16_order(a: &OsStr, b: &OsStr) -> Ordering {
    let (x, y) = (a.to_string_lossy(), b.to_string_lossy());
    x.encode_utf16()
        .cmp(y.encode_utf16())
        .then_with(|| a.as_encoded_bytes().cmp(b.as_encoded_bytes()))
}

/// `FILE_NOT_FOUND`: no folder at `display` that can be read.
pub(crate) fn gone(display: &Path) -> Error {
    Error::new(
        ErrorCode::FileNotFound,
        format!(
            "Folder not found: {} is no longer a folder that can be read. Check the path.",
            display.display()
        ),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::file::testing::TempDir;

    fn list(dir: &TempDir, path: &str, roots: &[PathBuf], depth: usize) -> Result<Vec<String>> {
        let roots = (!roots.is_empty()).then_some(roots);
        let shown = path.trim_end_matches('/');
        folder_entries(
            Path::new(path),
            Path::new(path),
            roots,
            Some(dir.path()),
            OsStr::new(shown),
            depth,
        )
        .map(|entries| {
            entries
                .into_iter()
                .map(|e| e.to_string_lossy().into_owned())
                .collect()
        })
    }

    fn project() -> TempDir {
        let dir = TempDir::new();
        for file in [
            "src/b.ts",
            "src/a.ts",
            "src/lib/c.ts",
            "src/lib/deeper/d.ts",
            "src/.env",
            "src/.git/config",
            "src/Z.ts",
            "src/\u{ff5e}.ts",
            "src/\u{1f600}.ts",
        ] {
            dir.write(file, "");
        }
        dir
    }

    #[test]
    fn lists_down_to_the_depth_sorted_folders_marked_hidden_ones_left_out() {
        let dir = project();
        dir.mkdir("empty");
        let root = [dir.path().to_path_buf()];
        for roots in [&root[..], &[]] {
            // By UTF-16 units: the emoji (a surrogate pair, 0xD83D…) before U+FF5E.
            assert_eq!(
                list(&dir, "src", roots, 2).unwrap(),
                [
                    "src/Z.ts",
                    "src/a.ts",
                    "src/b.ts",
                    "src/lib/",
                    "src/lib/c.ts",
                    "src/lib/deeper/",
                    "src/\u{1f600}.ts",
                    "src/\u{ff5e}.ts",
                ]
            );
            assert_eq!(
                list(&dir, "src", roots, 1).unwrap(),
                [
                    "src/Z.ts",
                    "src/a.ts",
                    "src/b.ts",
                    "src/lib/",
                    "src/\u{1f600}.ts",
                    "src/\u{ff5e}.ts",
                ]
            );
            assert_eq!(
                list(&dir, "src/lib", roots, 3).unwrap(),
                ["src/lib/c.ts", "src/lib/deeper/", "src/lib/deeper/d.ts"]
            );
            assert_eq!(list(&dir, ".", roots, 1).unwrap(), ["./empty/", "./src/"]);
            assert!(list(&dir, "empty", roots, 2).unwrap().is_empty());
        }
    }

    #[test]
    fn a_folder_outside_the_root_is_refused_and_a_missing_one_is_not_found() {
        let dir = TempDir::new();
        dir.write("root/in/a.txt", "a");
        dir.write("secret/s.txt", "s");
        let roots = [dir.path().join("root")];
        // As messages name a root: its real path, without Windows' `\\?\` prefix.
        let real = |name: &str| crate::file::path::strip_verbatim(&dir.real().join(name));
        let real_root = real("root");
        for path in [
            "root/..",
            "root/../secret",
            "root/in/../../secret",
            "secret",
        ] {
            let err = list(&dir, path, &roots, 2).unwrap_err();
            assert_eq!(err.code, ErrorCode::PathOutsideRoot, "{path}");
            assert_eq!(
                err.message.text(),
                format!(
                    "Path outside the allowed root: {path} is not inside {}.",
                    real_root.display()
                )
            );
        }
        // Every root is named, joined by "or".
        dir.mkdir("other");
        let two = [dir.path().join("root"), dir.path().join("other")];
        let err = list(&dir, "secret", &two, 2).unwrap_err();
        assert!(
            err.message.text().ends_with(&format!(
                "{} or {}.",
                real_root.display(),
                real("other").display()
            )),
            "{}",
            err.message
        );
        // The root itself, and `..` that stays inside, are fine.
        assert_eq!(list(&dir, "root", &roots, 1).unwrap(), ["root/in/"]);
        assert_eq!(
            list(&dir, "root/in/..", &roots, 1).unwrap(),
            ["root/in/../in/"]
        );
        for (path, roots) in [
            ("root/none", &roots[..]),
            ("none", &[]),
            ("root/in/a.txt", &roots),
        ] {
            let err = list(&dir, path, roots, 2).unwrap_err();
            assert_eq!(err.code, ErrorCode::FileNotFound, "{path}");
            assert_eq!(
                err.message.text(),
                format!("Folder not found: {path} is no longer a folder that can be read. Check the path.")
            );
        }
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn a_folder_removed_while_it_is_listed_is_not_found() {
        let dir = TempDir::new();
        dir.mkdir("gone");
        let open = Dir::open(&dir.join("gone")).unwrap();
        std::fs::remove_dir(dir.join("gone")).unwrap();
        let err = entries_of(&open, Path::new("gone"), OsStr::new("gone"), 2).unwrap_err();
        assert_eq!(err.code, ErrorCode::FileNotFound);
        assert_eq!(
            err.message.text(),
            "Folder not found: gone was deleted while it was listed. Check the path."
        );
    }

    #[cfg(unix)]
    mod links {
        use super::*;
        use std::os::unix::fs::symlink;
        use std::sync::atomic::{AtomicBool, Ordering as AtomicOrdering};
        use std::sync::Arc;
        use std::time::{Duration, Instant};

        #[test]
        fn links_are_listed_never_followed_and_one_out_of_the_root_is_refused() {
            let dir = TempDir::new();
            dir.write("root/in/a.txt", "a");
            dir.write("outside/SECRET.txt", "s");
            symlink(dir.path().join("outside"), dir.path().join("root/in/out")).unwrap();
            symlink("a.txt", dir.path().join("root/in/to-a")).unwrap();
            symlink(dir.path().join("root/in"), dir.path().join("root/inner")).unwrap();
            let roots = [dir.path().join("root")];
            for roots in [&roots[..], &[]] {
                assert_eq!(
                    list(&dir, "root/in", roots, 3).unwrap(),
                    ["root/in/a.txt", "root/in/out", "root/in/to-a"]
                );
                // A link to a folder inside, given as the path, is listed through.
                assert_eq!(
                    list(&dir, "root/inner", roots, 1).unwrap(),
                    ["root/inner/a.txt", "root/inner/out", "root/inner/to-a"]
                );
            }
            let err = list(&dir, "root/in/out", &roots, 2).unwrap_err();
            assert_eq!(err.code, ErrorCode::PathOutsideRoot);
            assert_eq!(
                list(&dir, "root/in/out", &[], 2).unwrap(),
                ["root/in/out/SECRET.txt"]
            );
            // By the openat walk too, where Linux would use openat2.
            crate::file::sys::hooks::set_walk_only(true);
            let err = list(&dir, "root/in/out", &roots, 2).unwrap_err();
            crate::file::sys::hooks::set_walk_only(false);
            assert_eq!(err.code, ErrorCode::PathOutsideRoot);
        }

        #[test]
        fn a_folder_swapped_for_a_link_to_outside_again_and_again_never_shows_what_is_outside() {
            for walk_only in [false, true] {
                let dir = TempDir::new();
                dir.write("root/in/sub/inner.txt", "i");
                dir.write("outside/SECRET.txt", "s");
                let roots = [dir.path().join("root")];
                let stop = Arc::new(AtomicBool::new(false));
                let swapper = {
                    let (sub, parked, outside) = (
                        dir.join("root/in/sub"),
                        dir.join("root/in/sub.parked"),
                        dir.join("outside"),
                    );
                    let stop = Arc::clone(&stop);
                    std::thread::spawn(move || {
                        while !stop.load(AtomicOrdering::Relaxed) {
                            let _ = std::fs::rename(&sub, &parked);
                            let _ = symlink(&outside, &sub);
                            std::thread::yield_now();
                            let _ = std::fs::remove_file(&sub);
                            let _ = std::fs::rename(&parked, &sub);
                            std::thread::yield_now();
                        }
                    })
                };
                crate::file::sys::hooks::set_walk_only(walk_only);
                let (mut listed, mut refused) = (0, 0);
                let until = Instant::now() + Duration::from_millis(700);
                while Instant::now() < until || listed == 0 || refused == 0 {
                    for path in ["root/in/sub", "root/in"] {
                        match list(&dir, path, &roots, 2) {
                            Ok(entries) => {
                                assert!(
                                    entries.iter().all(|e| !e.contains("SECRET")),
                                    "{entries:?}"
                                );
                                listed += 1;
                            }
                            Err(err) if err.code == ErrorCode::PathOutsideRoot => refused += 1,
                            Err(err) => assert_eq!(err.code, ErrorCode::FileNotFound, "{err}"),
                        }
                    }
                    assert!(
                        Instant::now() < until + Duration::from_secs(20),
                        "the swap was never seen: {listed} listed, {refused} refused"
                    );
                }
                crate::file::sys::hooks::set_walk_only(false);
                stop.store(true, AtomicOrdering::Relaxed);
                swapper.join().unwrap();
            }
        }
    }
}
