//! From the path a user gave to the real file, confined to the roots.
//!
//! A relative path is taken against the `cwd` option, else the process's working
//! directory. Its **real location** is where the OS would put the bytes: every symlink
//! followed and every `..` taken physically (the parent of where a symlink points, not
//! of the link), exactly as `open` would. For a file that does not exist yet, the
//! deepest existing ancestor is resolved that way and the missing rest is appended,
//! with `..` among the missing components taken lexically (a folder that does not
//! exist cannot be a symlink). A dangling symlink is followed to the file it names, so
//! creating through it creates its target and the link keeps pointing there.
//!
//! With roots, the real location must lie inside the real location of some root,
//! compared component by component (`/a/bc` is not inside `/a/b`); otherwise
//! `PATH_OUTSIDE_ROOT`, before anything is read or written. Edits always go to the real
//! location, so a symlinked file stays a link and its target changes.
//!
//! Confinement is checked once, before the file is opened. A process that swaps a
//! folder for a symlink between that check and the write can still escape it: roots
//! keep a model's paths in bounds, they are not a sandbox against a hostile local user.

use std::fs;
use std::io;
use std::path::{Component, Path, PathBuf};

use super::{io_failure, Action};
use crate::error::{Error, ErrorCode, Result};

/// How many symlinks one resolution may follow by hand before it gives up, as `ELOOP`.
const MAX_SYMLINK_HOPS: u32 = 40;

/// A path the user gave, with where it really is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ResolvedPath {
    /// The real location: absolute, symlinks and `..` resolved. Reads and writes use it.
    pub real: PathBuf,
    /// The path as the user gave it, for messages.
    pub display: PathBuf,
}

/// Resolves `path` against `cwd` (else the process's working directory) and checks it
/// is inside one of `roots` (no check when `roots` is empty).
///
/// Fails with `INVALID_ARGUMENT` for an empty path or one with a NUL byte, or a root that
/// does not exist; `PATH_OUTSIDE_ROOT` when confined elsewhere; `PERMISSION_DENIED` or
/// `IO_ERROR` when a folder on the way cannot be inspected.
pub fn resolve(path: &Path, roots: &[PathBuf], cwd: Option<&Path>) -> Result<ResolvedPath> {
    check_argument(path, "path")?;
    let base = base_dir(cwd)?;
    let absolute = base.join(path);
    let real = real_location(&absolute).map_err(|err| io_failure(&err, path, Action::Resolve))?;
    if !roots.is_empty() {
        let mut real_roots = Vec::with_capacity(roots.len());
        for root in roots {
            check_argument(root, "root")?;
            let real_root = fs::canonicalize(base.join(root)).map_err(|err| {
                Error::invalid(format!(
                    "Root folder {} cannot be used: {err}. Give an existing folder as root.",
                    root.display()
                ))
            })?;
            real_roots.push(real_root);
        }
        if !real_roots.iter().any(|root| real.starts_with(root)) {
            return Err(outside_roots(path, &real, &real_roots));
        }
    }
    Ok(ResolvedPath {
        real,
        display: path.to_path_buf(),
    })
}

fn check_argument(path: &Path, what: &str) -> Result<()> {
    if path.as_os_str().is_empty() {
        return Err(Error::invalid(format!(
            "The {what} is empty. Give a file path."
        )));
    }
    if path.as_os_str().as_encoded_bytes().contains(&0) {
        return Err(Error::invalid(format!(
            "The {what} {} contains a NUL character, which no file name can.",
            path.display()
        )));
    }
    Ok(())
}

fn base_dir(cwd: Option<&Path>) -> Result<PathBuf> {
    let process_cwd = || {
        std::env::current_dir().map_err(|err| {
            Error::new(
                ErrorCode::IoError,
                format!("Cannot determine the current working directory: {err}. Pass an absolute path or the cwd option."),
            )
        })
    };
    match cwd {
        Some(cwd) if cwd.is_absolute() => Ok(cwd.to_path_buf()),
        Some(cwd) => {
            check_argument(cwd, "cwd")?;
            Ok(process_cwd()?.join(cwd))
        }
        None => process_cwd(),
    }
}

fn outside_roots(path: &Path, real: &Path, roots: &[PathBuf]) -> Error {
    let roots = roots
        .iter()
        .map(|r| r.display().to_string())
        .collect::<Vec<_>>()
        .join(", ");
    let shown = if real == path {
        String::new()
    } else {
        format!(" (it resolves to {})", real.display())
    };
    Error::new(
        ErrorCode::PathOutsideRoot,
        format!(
            "Path outside the allowed root: {}{shown} is not inside {roots}.",
            path.display()
        ),
    )
    .with_hint("Use a path inside the root; symlinks and `..` that lead out of it are refused.")
}

/// The real location of an absolute path, whether or not it exists (see module docs).
pub fn real_location(absolute: &Path) -> io::Result<PathBuf> {
    // The common case, an existing file, is one `realpath`.
    match fs::canonicalize(absolute) {
        Ok(real) => Ok(real),
        Err(err) if is_missing(&err) => walk(absolute, &mut 0),
        Err(err) => Err(err),
    }
}

/// `NotFound`, or a file where a folder was expected: the path does not exist.
fn is_missing(err: &io::Error) -> bool {
    matches!(
        err.kind(),
        io::ErrorKind::NotFound | io::ErrorKind::NotADirectory
    )
}

/// Resolves `path` one component at a time, so a missing tail can be appended to the
/// real location of the deepest existing ancestor.
fn walk(path: &Path, hops: &mut u32) -> io::Result<PathBuf> {
    let mut real = PathBuf::new();
    for component in path.components() {
        match component {
            Component::Prefix(_) | Component::RootDir => real.push(component.as_os_str()),
            Component::CurDir => {}
            // `real` is already resolved, so its parent is the physical parent.
            Component::ParentDir => {
                real.pop();
            }
            Component::Normal(name) => {
                let next = real.join(name);
                real = match fs::canonicalize(&next) {
                    Ok(resolved) => resolved,
                    Err(err) if is_missing(&err) => match fs::read_link(&next) {
                        // A dangling symlink: the file to create is the one it names.
                        Ok(target) => {
                            *hops += 1;
                            if *hops > MAX_SYMLINK_HOPS {
                                return Err(io::Error::other("too many levels of symbolic links"));
                            }
                            walk(&real.join(target), hops)?
                        }
                        Err(_) => next,
                    },
                    Err(err) => return Err(err),
                };
            }
        }
    }
    Ok(real)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::file::testing::TempDir;

    fn code(result: Result<ResolvedPath>) -> ErrorCode {
        result.unwrap_err().code
    }

    #[test]
    fn relative_path_is_taken_against_cwd_option() {
        let dir = TempDir::new();
        dir.write("src/a.ts", "x");
        let r = resolve(Path::new("src/a.ts"), &[], Some(dir.path())).unwrap();
        assert_eq!(r.real, dir.real().join("src/a.ts"));
        assert_eq!(r.display, Path::new("src/a.ts"));
    }

    #[test]
    fn dot_dot_escaping_the_root_is_refused() {
        let dir = TempDir::new();
        dir.write("root/a.txt", "x");
        dir.write("secret.txt", "x");
        let roots = [dir.path().join("root")];
        let err = resolve(Path::new("../secret.txt"), &roots, Some(&roots[0]));
        assert_eq!(code(err), ErrorCode::PathOutsideRoot);
        let err = resolve(Path::new("../new.txt"), &roots, Some(&roots[0]));
        assert_eq!(code(err), ErrorCode::PathOutsideRoot);
        // `..` that stays inside is fine.
        let ok = resolve(Path::new("sub/../a.txt"), &roots, Some(&roots[0])).unwrap();
        assert_eq!(ok.real, dir.real().join("root/a.txt"));
    }

    #[test]
    fn absolute_path_outside_the_root_is_refused() {
        let dir = TempDir::new();
        dir.write("root/a.txt", "x");
        dir.write("other/b.txt", "x");
        let err = resolve(
            &dir.path().join("other/b.txt"),
            &[dir.path().join("root")],
            None,
        );
        assert_eq!(code(err), ErrorCode::PathOutsideRoot);
    }

    #[test]
    fn sibling_with_a_common_prefix_is_outside() {
        let dir = TempDir::new();
        dir.write("root/a.txt", "x");
        dir.write("rootless/a.txt", "x");
        let err = resolve(
            &dir.path().join("rootless/a.txt"),
            &[dir.path().join("root")],
            None,
        );
        assert_eq!(code(err), ErrorCode::PathOutsideRoot);
    }

    #[test]
    fn any_of_several_roots_admits_a_path() {
        let dir = TempDir::new();
        dir.write("one/a.txt", "x");
        dir.write("two/b.txt", "x");
        let roots = [dir.path().join("one"), dir.path().join("two")];
        assert!(resolve(&dir.path().join("two/b.txt"), &roots, None).is_ok());
    }

    #[test]
    fn relative_root_is_taken_against_cwd_option() {
        let dir = TempDir::new();
        dir.write("root/a.txt", "x");
        let ok = resolve(
            Path::new("root/a.txt"),
            &[PathBuf::from("root")],
            Some(dir.path()),
        );
        assert!(ok.is_ok());
    }

    #[test]
    fn missing_root_is_an_invalid_argument() {
        let dir = TempDir::new();
        let err = resolve(Path::new("a"), &[dir.path().join("nope")], Some(dir.path()));
        assert_eq!(code(err), ErrorCode::InvalidArgument);
    }

    #[test]
    fn empty_path_and_nul_byte_are_invalid_arguments() {
        assert_eq!(
            code(resolve(Path::new(""), &[], None)),
            ErrorCode::InvalidArgument
        );
        assert_eq!(
            code(resolve(Path::new("a\0b"), &[], None)),
            ErrorCode::InvalidArgument
        );
    }

    #[test]
    fn new_file_in_missing_folders_inside_the_root_is_allowed() {
        let dir = TempDir::new();
        dir.mkdir("root");
        let roots = [dir.path().join("root")];
        let r = resolve(Path::new("x/y/../z/new.ts"), &roots, Some(&roots[0])).unwrap();
        assert_eq!(r.real, dir.real().join("root/x/z/new.ts"));
        // Climbing out through missing folders is still caught.
        let err = resolve(Path::new("x/../../new.ts"), &roots, Some(&roots[0]));
        assert_eq!(code(err), ErrorCode::PathOutsideRoot);
    }

    #[test]
    fn path_through_a_file_resolves_and_stays_missing() {
        let dir = TempDir::new();
        dir.write("a.txt", "x");
        let r = resolve(Path::new("a.txt/b"), &[], Some(dir.path())).unwrap();
        assert_eq!(r.real, dir.real().join("a.txt/b"));
    }

    #[cfg(unix)]
    mod symlinks {
        use super::*;
        use std::os::unix::fs::symlink;

        #[test]
        fn symlink_escaping_the_root_is_refused() {
            let dir = TempDir::new();
            dir.write("outside/secret.txt", "x");
            dir.mkdir("root");
            symlink(dir.path().join("outside"), dir.path().join("root/link")).unwrap();
            symlink(
                dir.path().join("outside/secret.txt"),
                dir.path().join("root/file-link"),
            )
            .unwrap();
            let root = [dir.path().join("root")];
            for p in [
                "link/secret.txt",
                "link/new.txt",
                "file-link",
                "link/x/y.txt",
            ] {
                let err = resolve(Path::new(p), &root, Some(&root[0]));
                assert_eq!(code(err), ErrorCode::PathOutsideRoot, "{p}");
            }
        }

        #[test]
        fn symlinked_file_resolves_to_its_target() {
            let dir = TempDir::new();
            dir.write("root/real.txt", "x");
            symlink("real.txt", dir.path().join("root/link.txt")).unwrap();
            let root = [dir.path().join("root")];
            let r = resolve(Path::new("link.txt"), &root, Some(&root[0])).unwrap();
            assert_eq!(r.real, dir.real().join("root/real.txt"));
        }

        #[test]
        fn dot_dot_after_a_symlink_is_physical() {
            let dir = TempDir::new();
            dir.write("root/deep/inner/a.txt", "x");
            dir.write("root/b.txt", "x");
            symlink(
                dir.path().join("root/deep/inner"),
                dir.path().join("root/l"),
            )
            .unwrap();
            // Physically, l/.. is root/deep, not root.
            let r = resolve(
                Path::new("l/../new.txt"),
                &[],
                Some(&dir.path().join("root")),
            );
            assert_eq!(r.unwrap().real, dir.real().join("root/deep/new.txt"));
        }

        #[test]
        fn dangling_symlink_resolves_to_the_file_it_names() {
            let dir = TempDir::new();
            dir.mkdir("root/sub");
            symlink("sub/target.txt", dir.path().join("root/link.txt")).unwrap();
            symlink(
                dir.path().join("elsewhere.txt"),
                dir.path().join("root/out.txt"),
            )
            .unwrap();
            let root = [dir.path().join("root")];
            let r = resolve(Path::new("link.txt"), &root, Some(&root[0])).unwrap();
            assert_eq!(r.real, dir.real().join("root/sub/target.txt"));
            let err = resolve(Path::new("out.txt"), &root, Some(&root[0]));
            assert_eq!(code(err), ErrorCode::PathOutsideRoot);
        }

        #[test]
        fn symlink_loop_is_an_error_not_a_hang() {
            let dir = TempDir::new();
            symlink("b", dir.path().join("a")).unwrap();
            symlink("a", dir.path().join("b")).unwrap();
            let err = resolve(Path::new("a"), &[], Some(dir.path())).unwrap_err();
            assert_eq!(err.code, ErrorCode::IoError);
        }

        #[test]
        fn root_given_through_a_symlink_is_compared_by_its_real_location() {
            let dir = TempDir::new();
            dir.write("real-root/a.txt", "x");
            symlink(dir.path().join("real-root"), dir.path().join("root-link")).unwrap();
            let r = resolve(
                &dir.path().join("real-root/a.txt"),
                &[dir.path().join("root-link")],
                None,
            );
            assert!(r.is_ok());
        }
    }
}
