//! `apply_patch` and `parse_patch` (docs/patches.md): the work is [`crate::patch`]'s;
//! here the options become the file layer's and a parsed patch becomes its public
//! description.

use super::options::PatchOptions;
use std::path::Path;

use super::results::{InMemoryPatch, ParsedFile, ParsedHunk, ParsedPatch, PatchResult};
use crate::error::Result;
use crate::patch::{self, Change, Kind};

/// Applies a patch (the apply_patch envelope or a unified diff) to every file it
/// names, all or nothing, keeping each file's line endings, BOM and encoding. A
/// failure names the section ([`Error::file_index`](crate::Error::file_index)) and,
/// for a hunk, the hunk ([`Error::hunk_index`](crate::Error::hunk_index)).
///
/// # Errors
///
/// `PATCH_INVALID` (with the line) for a patch that cannot be read; for a hunk,
/// `TEXT_NOT_FOUND`, `TEXT_MULTIPLE_MATCHES` or `NO_CHANGE`; for a file, `FILE_CHANGED`
/// (an expected version that is not the file's, a file changed meanwhile or one an
/// added file would replace under [`Expected::Absent`](crate::Expected::Absent)),
/// `ENCODING_UNMAPPABLE`, `FILE_NOT_FOUND`, `NOT_A_FILE`, `BINARY_FILE`,
/// `FILE_TOO_LARGE`, `PATH_OUTSIDE_ROOT`, `PERMISSION_DENIED` and `IO_ERROR`;
/// `INVALID_ARGUMENT` for an option that cannot be used. No file is changed on any
/// error.
pub fn apply_patch(patch: impl AsRef<[u8]>, options: &PatchOptions) -> Result<PatchResult> {
    let options = planner_options(options)?;
    Ok(PatchResult {
        files: patch::apply_patch(patch.as_ref(), &options)?
            .into_iter()
            .map(Into::into)
            .collect(),
    })
}

/// Applies a patch to buffers instead of files: `lookup(path)` gives a file's bytes
/// (`Ok(None)` for a file that does not exist, `Err` to stop with the caller's own
/// error), and the result gives every section's bytes before and after. No file is read
/// or written, nor any `.editorconfig` or `.gitattributes`.
///
/// Everything else is [`apply_patch`]'s: every format it reads (the envelope, unified
/// diffs, `cd DIR && apply_patch <<'EOF'`), the same hunk matching and errors, the
/// endings, BOM and encoding of each buffer kept byte for byte, several sections on one
/// path, `expected_versions` (against the versions of the lookup's bytes), `guards`,
/// `encoding` and `max_bytes`. `dry_run` and `durable` change nothing here.
///
/// The path `lookup` is asked for is the section's as the patch gives it (with a
/// `cd DIR` folded in), `.` and `..` resolved by name, taken against `cwd` when it is
/// given (then absolute), relative otherwise. With `root`, it must be inside one of the
/// roots by name (no link is resolved: there is no file system), else
/// `PATH_OUTSIDE_ROOT`. Each path is looked up at most once. A new file ends its lines
/// with `\n` unless the patch has `\r`, and is UTF-8 unless `encoding` says otherwise.
///
/// ```
/// use std::collections::HashMap;
/// use std::path::{Path, PathBuf};
/// use eol_edit::{apply_patch_in_memory, PatchOptions};
///
/// let files = HashMap::from([(PathBuf::from("a.txt"), b"one\r\ntwo\r\n".to_vec())]);
/// let patch = "*** Begin Patch\n*** Update File: a.txt\n@@\n-two\n+2\n*** End Patch\n";
/// let lookup = |path: &Path| Ok(files.get(path).cloned());
/// let result = apply_patch_in_memory(patch, lookup, &PatchOptions::default()).unwrap();
/// assert_eq!(result.files[0].after.as_deref(), Some(&b"one\r\n2\r\n"[..]));
/// ```
///
/// # Errors
///
/// Those of [`apply_patch`] but for the disk's own (`PERMISSION_DENIED`, `IO_ERROR`,
/// `NOT_A_FILE` for a link): a buffer missing for an update, move or delete is
/// `FILE_NOT_FOUND`; and whatever `lookup` returns.
pub fn apply_patch_in_memory(
    patch: impl AsRef<[u8]>,
    mut lookup: impl FnMut(&Path) -> Result<Option<Vec<u8>>>,
    options: &PatchOptions,
) -> Result<InMemoryPatch> {
    let options = planner_options(options)?;
    let files = patch::apply_patch_in_memory(patch.as_ref(), &options, &mut lookup)?;
    Ok(InMemoryPatch {
        files: files.into_iter().map(Into::into).collect(),
    })
}

/// The planner's options for `options`.
pub(crate) fn planner_options(options: &PatchOptions) -> Result<patch::Options> {
    Ok(patch::Options {
        file: options.file_options()?,
        expected_versions: options
            .expected_versions
            .iter()
            .map(|(path, expected)| (path.clone(), expected.file_form()))
            .collect(),
        guards: options.guards,
    })
}

/// Reads a patch without touching any file: what it would do to which file, hunk by
/// hunk.
///
/// # Errors
///
/// `PATCH_INVALID` (with the line) when it cannot be read.
pub fn parse_patch(patch: impl AsRef<[u8]>) -> Result<ParsedPatch> {
    let parsed = patch::parse(patch.as_ref())?;
    Ok(ParsedPatch {
        format: parsed.format,
        cd: parsed.cd,
        files: parsed
            .files
            .into_iter()
            .map(|f| ParsedFile {
                action: f.action(),
                path: f.path.clone().into(),
                moved_to: match &f.change {
                    Change::Move { to, .. } => Some(to.into()),
                    _ => None,
                },
                content: match &f.change {
                    Change::Add { content } => Some(text(&content.bytes)),
                    _ => None,
                },
                line: f.line as u32,
                hunks: f
                    .hunks()
                    .iter()
                    .map(|h| ParsedHunk {
                        anchors: h.anchors.iter().map(|a| text(a)).collect(),
                        old_start: h.hint.map(|x| x.old_start),
                        old_lines: h.hint.map(|x| x.old_len),
                        new_start: h.hint.map(|x| x.new_start),
                        new_lines: h.hint.map(|x| x.new_len),
                        lines: h
                            .lines
                            .iter()
                            .map(|(kind, t)| {
                                let prefix = match kind {
                                    Kind::Context => ' ',
                                    Kind::Removed => '-',
                                    Kind::Added => '+',
                                };
                                format!("{prefix}{}", text(t))
                            })
                            .collect(),
                        end_of_file: h.end_of_file,
                        line: h.line as u32,
                    })
                    .collect(),
            })
            .collect(),
    })
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}
