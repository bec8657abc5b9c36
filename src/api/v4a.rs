//! `apply_v4a`: one operation of OpenAI's apply_patch tool applied as a patch, and what
//! the model is told of it, for a front-end without a tool session of its own (the
//! Python `ApplyPatchEditor`). The JavaScript handler applies the same sections through
//! its session (approval, read state) and words the result with the same functions of
//! [`V4aOperation`].

use super::files::read_file;
use super::options::{PatchOptions, ReadOptions};
use super::patch::apply_patch;
use crate::error::{Error, ErrorCode};
use crate::patch::v4a::{said, V4aApplied, V4aOperation};

/// What an operation came to: the `status` and `output` of an `apply_patch_call_output`.
#[non_exhaustive]
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct V4aOutcome {
    /// Whether it was applied (an operation that changes nothing is applied, and says
    /// so).
    pub completed: bool,
    /// What the model reads.
    pub output: String,
    /// The code of the failure, when it failed.
    pub code: Option<ErrorCode>,
}

/// Reads one operation ([`V4aOperation::new`]: its `type`, `path`, `diff` and
/// `move_to`) and applies it with `options`, all or nothing: a failed operation leaves
/// every file as it was. Never fails: a failure (an operation that cannot be read
/// included) is an outcome that says why, in the tool's words (the JavaScript
/// editor's).
pub fn apply_v4a(
    kind: &str,
    path: Option<&str>,
    diff: Option<&str>,
    move_to: Option<&str>,
    options: &PatchOptions,
) -> V4aOutcome {
    let op = match V4aOperation::new(kind, path, diff, move_to) {
        Ok(op) => op,
        Err(error) => {
            return V4aOutcome {
                completed: false,
                output: said(&error),
                code: Some(error.code()),
            }
        }
    };
    match applied(&op, options) {
        Ok(output) => V4aOutcome {
            completed: true,
            output,
            code: None,
        },
        Err(error) => V4aOutcome {
            completed: false,
            output: op.failure(error.code(), &said(&error)),
            code: Some(error.code()),
        },
    }
}

fn applied(op: &V4aOperation, options: &PatchOptions) -> Result<String, Error> {
    if op.sections.is_empty() {
        // An empty diff changes nothing, but the file must be there to update.
        let read = ReadOptions {
            root: options.root.clone(),
            cwd: options.cwd.clone(),
            max_bytes: options.max_bytes,
            encoding: options.encoding.clone(),
            limit: Some(0),
            ..ReadOptions::default()
        };
        read_file(&op.path, &read)?;
        return Ok(op.unchanged());
    }
    // Looked up for the output's words only.
    let replaces = op.move_to.as_ref().is_some_and(|to| {
        let base = options.cwd.clone().unwrap_or_default();
        base.join(to).is_file()
    });
    let mut sections: Vec<&str> = op.sections.iter().map(String::as_str).collect();
    while !sections.is_empty() {
        match apply_patch(V4aOperation::envelope(&sections), options) {
            Ok(result) => {
                let warnings: Vec<Vec<String>> = result
                    .files
                    .iter()
                    .map(|f| f.warnings.iter().map(ToString::to_string).collect())
                    .collect();
                let files: Vec<V4aApplied<'_>> = result
                    .files
                    .iter()
                    .zip(&warnings)
                    .map(|(f, w)| V4aApplied {
                        action: f.action,
                        diff: &f.diff,
                        lf: f.eol.lf,
                        crlf: f.eol.crlf,
                        cr: f.eol.cr,
                        matched_by: &f.matched_by,
                        warnings: w,
                    })
                    .collect();
                return Ok(op.describe(&files, replaces));
            }
            // A section that changes nothing is left out; the rest are applied without it.
            Err(error) if error.code() == ErrorCode::NoChange => {
                match error.file_index().map(|i| i as usize) {
                    Some(at) if at < sections.len() => {
                        sections.remove(at);
                    }
                    _ => return Err(error),
                }
            }
            Err(error) => return Err(error),
        }
    }
    Ok(op.unchanged())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::options::PatchOptions;

    fn folder(name: &str) -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!("eol-edit-v4a-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    fn run(
        dir: &std::path::Path,
        kind: &str,
        path: &str,
        diff: Option<&str>,
        move_to: Option<&str>,
    ) -> V4aOutcome {
        apply_v4a(
            kind,
            Some(path),
            diff,
            move_to,
            &PatchOptions::default().with_cwd(dir).with_root(dir),
        )
    }

    #[test]
    fn applies_an_update_keeping_crlf_and_says_so() {
        let dir = folder("update");
        std::fs::write(dir.join("a.txt"), "one\r\ntwo\r\n").unwrap();
        let out = run(
            &dir,
            "update_file",
            "a.txt",
            Some("@@\n one\n-two\n+2\n"),
            None,
        );
        assert!(out.completed, "{}", out.output);
        assert_eq!(
            out.output,
            "Updated a.txt: +1 -1 lines; each line kept its line ending (endings now: CRLF)."
        );
        assert_eq!(std::fs::read(dir.join("a.txt")).unwrap(), b"one\r\n2\r\n");
    }

    #[test]
    fn a_create_of_the_same_content_and_an_empty_update_change_nothing() {
        let dir = folder("same");
        std::fs::write(dir.join("a.txt"), "x").unwrap();
        let out = run(&dir, "create_file", "a.txt", Some("+x"), None);
        assert!(out.completed, "{}", out.output);
        assert_eq!(std::fs::read(dir.join("a.txt")).unwrap(), b"x");
        let out = run(&dir, "update_file", "a.txt", Some(""), None);
        assert_eq!(
            out.output,
            "a.txt is unchanged: the diff of update_file is empty, so nothing was written."
        );
        let out = run(&dir, "update_file", "missing.txt", Some(""), None);
        assert_eq!(
            (out.completed, out.code),
            (false, Some(ErrorCode::FileNotFound))
        );
    }

    #[test]
    fn a_failure_leaves_the_file_and_names_the_operation() {
        let dir = folder("fail");
        std::fs::write(dir.join("a.txt"), "one\r\n").unwrap();
        let out = run(
            &dir,
            "update_file",
            "a.txt",
            Some("-nothing like it\n+x\n"),
            None,
        );
        assert_eq!(out.code, Some(ErrorCode::TextNotFound));
        assert!(
            out.output.starts_with("update_file a.txt"),
            "{}",
            out.output
        );
        assert!(
            out.output
                .ends_with("Nothing was written: fix the diff and send the operation again."),
            "{}",
            out.output
        );
        assert_eq!(std::fs::read(dir.join("a.txt")).unwrap(), b"one\r\n");
        let out = run(&dir, "create_file", "../outside.txt", Some("+x\n+"), None);
        assert_eq!(out.code, Some(ErrorCode::PathOutsideRoot));
        assert!(!dir.join("../outside.txt").exists());
        let out = run(
            &dir,
            "update_file",
            "a.txt",
            Some("-one\n*** Add File: b.txt\n"),
            None,
        );
        assert_eq!(out.code, Some(ErrorCode::InvalidArgument));
        assert!(
            out.output
                .starts_with("Line 2 of the diff of update_file a.txt"),
            "{}",
            out.output
        );
        assert_eq!(std::fs::read(dir.join("a.txt")).unwrap(), b"one\r\n");
    }
}
