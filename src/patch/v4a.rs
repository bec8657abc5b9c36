//! OpenAI's apply_patch operations (the Responses API's `apply_patch_call`, the Agents
//! SDKs' `ApplyPatchEditor`) as sections of the apply_patch envelope.
//!
//! Each operation is about one file, with a V4A diff: `create_file` (every line of the
//! diff is `+` and a line of the new file), `update_file` (hunks: `@@` lines naming a
//! line of the file to find the place, then ' ' context, '-' removed and '+' added
//! lines, `*** End of File` after a hunk at the end; `move_to` renames the file) or
//! `delete_file` (no diff). V4A is the envelope's own hunk format, so an operation
//! becomes one or two sections (`*** Add File`, `*** Update File` with `*** Move to`,
//! `*** Delete File`) and is applied by [`crate::apply_patch`] like any patch: matching,
//! endings, BOM, encodings and the all-or-nothing commit are the library's.
//!
//! Where V4A and the envelope read a line differently, the section is written so that
//! the envelope reads it as OpenAI's reference (the Agents SDKs' `apply_diff`) does:
//!
//! - create_file: the new file is the `+` lines joined by line breaks, so it ends with a
//!   line break only when the diff's last line is a bare `+`; its breaks are CRLF when
//!   the diff's are (the envelope keeps an added file's real `\r`), else the project's.
//!   A file without a last break is added, then its last break taken away by an update
//!   section at the end of the file;
//! - a context line that the envelope would take for one of its markers (a file line
//!   such as `*** End Patch` or `@@ x`) goes as a removed and an added copy of itself,
//!   which keeps the file's bytes as context does;
//! - a diff may end with the envelope's closing line, as models sometimes send it.
//!
//! A diff is checked to be only hunks, and each section is parsed alone, so that no
//! line of a diff can open a section about another file and a diff the envelope cannot
//! read is an `INVALID_ARGUMENT` naming the line of the diff. Every front-end (the
//! JavaScript handler and editor, the Python `ApplyPatchEditor`) translates through
//! here, and says what an operation did or why it failed with the same words
//! ([`V4aOperation::describe`], [`V4aOperation::unchanged`], [`V4aOperation::failure`]);
//! the library's messages inside a failure each front-end renders in its own names.
//!
//! ```
//! use eol_edit::{V4aKind, V4aOperation};
//!
//! let op = V4aOperation::new("update_file", Some("a.txt"), Some("@@\n-two\n+2\n"), None).unwrap();
//! assert_eq!(op.kind, V4aKind::UpdateFile);
//! assert_eq!(op.sections, ["*** Update File: a.txt\n@@\n-two\n+2\n"]);
//! assert_eq!((op.added, op.removed), (1, 1));
//! assert_eq!(
//!     V4aOperation::envelope(op.sections.iter()),
//!     "*** Begin Patch\n*** Update File: a.txt\n@@\n-two\n+2\n*** End Patch\n"
//! );
//! ```

use std::fmt::Write as _;

use crate::error::{Error, ErrorCode, Result};
use crate::matching::Tier;
use crate::message::Part;
use crate::words::{diff_counts, plural, tier_note};

use super::{parse, Action};

/// The line that closes an envelope, which a diff may end with.
const END_PATCH: &str = "*** End Patch";

/// What a diff of update_file is made of, for messages.
const UPDATE_SHAPE: &str = "The diff of update_file is hunks: an optional `@@` line (with a line of the file, such as a function's first line, to find the place), then lines starting with ' ' (unchanged context), '-' (removed) or '+' (added), and `*** End of File` after a hunk that ends the file.";

/// The three operations of OpenAI's apply_patch tool (`Display`, `FromStr`:
/// `"create_file"`, `"update_file"`, `"delete_file"`).
#[non_exhaustive]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum V4aKind {
    /// Create the file (or replace it, like `write_file`, when it exists).
    CreateFile,
    /// Change the file, or move it (`move_to`).
    UpdateFile,
    /// Delete the file.
    DeleteFile,
}

impl V4aKind {
    /// The operation's `type` on the wire.
    pub fn as_str(self) -> &'static str {
        match self {
            V4aKind::CreateFile => "create_file",
            V4aKind::UpdateFile => "update_file",
            V4aKind::DeleteFile => "delete_file",
        }
    }

    /// The action of the operation's first section in a patch's result.
    fn action(self) -> Action {
        match self {
            V4aKind::CreateFile => Action::Add,
            V4aKind::UpdateFile => Action::Update,
            V4aKind::DeleteFile => Action::Delete,
        }
    }
}

impl std::fmt::Display for V4aKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

impl std::str::FromStr for V4aKind {
    type Err = Error;

    /// An operation's `type`; anything else is `INVALID_ARGUMENT`.
    fn from_str(s: &str) -> Result<V4aKind> {
        match s {
            "create_file" => Ok(V4aKind::CreateFile),
            "update_file" => Ok(V4aKind::UpdateFile),
            "delete_file" => Ok(V4aKind::DeleteFile),
            other => Err(argument_error(format!(
                "The operation's type must be create_file, update_file or delete_file, but it is {}.",
                json_string(other)
            ))),
        }
    }
}

/// One operation, read and checked: its sections of an envelope (without the envelope's
/// first and last lines), and what the front-ends tell the model about it.
#[non_exhaustive]
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct V4aOperation {
    /// Which operation.
    pub kind: V4aKind,
    /// The file's path, as the operation gives it.
    pub path: String,
    /// update_file's new path (`None` when it moves the file onto its own path, which
    /// the SDKs update in place).
    pub move_to: Option<String>,
    /// The sections, each ending with a line break: one, two for a create_file whose
    /// file ends without a line break, none for an update_file whose diff is empty.
    pub sections: Vec<String>,
    /// Lines the operation adds: update_file's `+` lines, create_file's lines.
    pub added: usize,
    /// update_file's `-` lines.
    pub removed: usize,
    /// create_file: whether the new file ends with a line break (always true otherwise).
    pub ends_with_break: bool,
}

impl V4aOperation {
    /// Reads an operation: its `type`, `path`, `diff` (create_file and update_file) and
    /// `move_to` (update_file). A binding passes `None` for a path or diff that is
    /// missing or not a string. Every failure is `INVALID_ARGUMENT`, naming the
    /// operation, its path and the line of the diff.
    pub fn new(
        kind: &str,
        path: Option<&str>,
        diff: Option<&str>,
        move_to: Option<&str>,
    ) -> Result<V4aOperation> {
        let kind: V4aKind = kind.parse()?;
        let path = read_path(kind, "path", path)?;
        let mut op = V4aOperation {
            kind,
            path: path.to_string(),
            move_to: None,
            sections: Vec::new(),
            added: 0,
            removed: 0,
            ends_with_break: true,
        };
        if let Some(to) = move_to {
            if kind != V4aKind::UpdateFile {
                return Err(argument_error(format!(
                    "{kind} {path} has a move_to; only update_file moves a file."
                )));
            }
            let to = read_path(kind, "move_to", Some(to))?;
            // The SDKs update a file moved onto its own path in place.
            if to != path {
                op.move_to = Some(to.to_string());
            }
        }
        if kind == V4aKind::DeleteFile {
            op.sections.push(format!("*** Delete File: {path}\n"));
        } else {
            let Some(diff) = diff else {
                return Err(argument_error(format!(
                    "The diff of {kind} {path} must be a string."
                )));
            };
            let lines = diff_lines(kind, path, diff)?;
            if kind == V4aKind::CreateFile {
                op.create_sections(&lines, diff.contains("\r\n"))?;
            } else {
                op.update_sections(&lines)?;
            }
        }
        for (i, section) in op.sections.iter().enumerate() {
            op.check_section(section, i)?;
        }
        Ok(op)
    }

    /// An envelope of sections (one operation's, or a batch's): `*** Begin Patch`, the
    /// sections, `*** End Patch`.
    pub fn envelope<S: AsRef<str>>(sections: impl IntoIterator<Item = S>) -> String {
        let mut patch = String::from("*** Begin Patch\n");
        for section in sections {
            patch.push_str(section.as_ref());
        }
        patch.push_str(END_PATCH);
        patch.push('\n');
        patch
    }

    /// `update_file src/a.py`: how messages name the operation.
    pub fn label(&self) -> String {
        format!("{} {}", self.kind, self.path)
    }

    /// create_file's sections: the new file is the `+` lines joined by line breaks (an
    /// empty line of the diff is an empty line of the file), ending with one only when
    /// the last line is a bare `+`. The envelope ends every added line with a break, so
    /// a file that ends without one is added, then its last break taken away at the end
    /// of the file.
    fn create_sections(&mut self, lines: &[&str], crlf: bool) -> Result<()> {
        for (i, line) in lines.iter().enumerate() {
            if !line.is_empty() && !line.starts_with('+') {
                return Err(argument_error(format!(
                    "Line {} of the diff of create_file {} does not start with +: {}. Every line of the diff of create_file is + followed by a line of the new file.",
                    i + 1,
                    self.path,
                    json_string(line)
                )));
            }
        }
        let mut content: Vec<&str> = lines
            .iter()
            .map(|line| line.get(1..).unwrap_or(""))
            .collect();
        self.ends_with_break = content.last().is_none_or(|last| last.is_empty());
        if self.ends_with_break {
            content.pop();
        }
        self.added = content.len();
        // A diff with CRLF breaks gives the file CRLF: the library keeps an added file's
        // own breaks.
        let eol = if crlf { "\r\n" } else { "\n" };
        let mut add = format!("*** Add File: {}\n", self.path);
        for line in &content {
            let _ = write!(add, "+{line}{eol}");
        }
        self.sections.push(add);
        if !self.ends_with_break {
            let last = content.last().copied().unwrap_or("");
            self.sections.push(format!(
                "*** Update File: {}\n@@\n-{last}\n+{last}\n\\ No newline at end of file\n*** End of File\n",
                self.path
            ));
        }
        Ok(())
    }

    /// update_file's section: the diff's hunks, checked to be only hunks, its `+` and
    /// `-` lines counted. A context line the envelope would read as one of its markers
    /// goes as a removed and an added copy of itself.
    fn update_sections(&mut self, lines: &[&str]) -> Result<()> {
        let mut hunks: Vec<String> = Vec::with_capacity(lines.len());
        for (i, line) in lines.iter().enumerate() {
            let c = line.chars().next();
            if c == Some('+') {
                self.added += 1;
            } else if c == Some('-') {
                self.removed += 1;
            } else if c == Some(' ') && reads_as_marker(line) {
                hunks.push(format!("-{}", &line[1..]));
                hunks.push(format!("+{}", &line[1..]));
                continue;
            } else if !(line.is_empty()
                || c == Some(' ')
                || line.starts_with("@@")
                || js_trim(line) == "*** End of File")
            {
                let why = if line.starts_with("***") {
                    "a `***` line other than `*** End of File`"
                } else {
                    "a line without a prefix"
                };
                return Err(argument_error(format!(
                    "Line {} of the diff of update_file {} is {why}: {}. {UPDATE_SHAPE}",
                    i + 1,
                    self.path,
                    json_string(line)
                )));
            }
            hunks.push(line.to_string());
        }
        // An empty diff changes nothing, unless it moves the file.
        if hunks.is_empty() && self.move_to.is_none() {
            return Ok(());
        }
        let mut section = format!("*** Update File: {}\n", self.path);
        if let Some(to) = &self.move_to {
            let _ = writeln!(section, "*** Move to: {to}");
        }
        for line in &hunks {
            section.push_str(line);
            section.push('\n');
        }
        self.sections.push(section);
        Ok(())
    }

    /// Parses a section alone, so that a diff the envelope cannot read is its
    /// operation's error, with the line of the diff; and the section must be about this
    /// one file.
    fn check_section(&self, section: &str, i: usize) -> Result<()> {
        let patch = V4aOperation::envelope([section]);
        let parsed = parse(patch.as_bytes()).map_err(|error| self.diff_error(error))?;
        let action = if self.move_to.is_some() {
            Action::Move
        } else if i > 0 {
            Action::Update
        } else {
            self.kind.action()
        };
        match parsed.files.as_slice() {
            [file] if file.path == self.path && file.action() == action => Ok(()),
            _ => Err(argument_error(format!(
                "The diff of {} must change that file alone. {UPDATE_SHAPE}",
                self.label()
            ))),
        }
    }

    /// The envelope's `PATCH_INVALID` about a section, said about the operation's diff:
    /// the line of the diff (the envelope's opening line and the section's header, and
    /// a move's line, come first).
    fn diff_error(&self, error: Error) -> Error {
        if error.code() != ErrorCode::PatchInvalid {
            return error;
        }
        let line = error.lines().first().copied();
        let said = match error.message().parts().first() {
            Some(Part::Text(text)) => text.to_string(),
            _ => error.message().to_string(),
        };
        let lead = line.map_or(String::new(), |n| format!("Invalid patch, line {n}: "));
        let what = said.strip_prefix(lead.as_str()).unwrap_or(&said);
        let before = if self.move_to.is_some() { 3 } else { 2 };
        let at = line.map_or(String::new(), |n| {
            format!(", line {}", n.saturating_sub(before).max(1))
        });
        let shape = if self.kind == V4aKind::UpdateFile {
            UPDATE_SHAPE
        } else {
            ""
        };
        let message = format!(
            "The diff of {} is not valid{at}: {what} {shape}",
            self.label()
        );
        argument_error(message.trim().to_string())
    }
}

/// What one section of an operation did, as a patch's result says it: what the model is
/// told after the operation is applied is made from these ([`V4aOperation::describe`]).
#[derive(Debug, Clone, Copy)]
pub struct V4aApplied<'a> {
    /// The section's action.
    pub action: Action,
    /// Its unified diff of the LF views.
    pub diff: &'a str,
    /// The file's `\n` endings afterwards (as in [`crate::EolInfo`]).
    pub lf: usize,
    /// Its `\r\n` endings afterwards.
    pub crlf: usize,
    /// Its lone `\r` endings afterwards.
    pub cr: usize,
    /// The tier that found each hunk.
    pub matched_by: &'a [Tier],
    /// Its warnings, in the words of the front-end that shows them.
    pub warnings: &'a [String],
}

impl V4aOperation {
    /// What the model reads of an operation that was applied: `files`, its sections'
    /// results in order (at least one); `replaces`, whether a move went onto a file that
    /// existed (looked up before, for these words only).
    pub fn describe(&self, files: &[V4aApplied<'_>], replaces: bool) -> String {
        let Some(last) = files.last() else {
            return self.unchanged();
        };
        let endings = crate::eol::describe_counts(last.crlf, last.lf, last.cr);
        let path = &self.path;
        let mut lines: Vec<String> = Vec::new();
        match (self.kind, &self.move_to) {
            (V4aKind::DeleteFile, _) => lines.push(format!("Deleted {path}.")),
            (V4aKind::CreateFile, _) => {
                let (added, removed) = diff_counts(files[0].diff);
                let end = if self.ends_with_break || self.added == 0 {
                    ""
                } else {
                    ", with no line break after the last line"
                };
                if removed > 0 || files[0].action != Action::Add || files[0].diff.contains("\n ")
                {
                    lines.push(format!("Replaced {path}, which existed: +{added} -{removed} lines{end}; its line endings and BOM were kept (endings now: {endings})."));
                } else {
                    let count = plural(self.added, "line");
                    lines.push(format!(
                        "Created {path}: {count}{end}, line endings: {endings}."
                    ));
                }
            }
            (_, Some(to)) => {
                let changed = if self.added + self.removed > 0 {
                    format!(" and changed it: +{} -{} lines", self.added, self.removed)
                } else {
                    String::new()
                };
                if replaces {
                    lines.push(format!("Moved {path} to {to}{changed}; it replaced the file that was at {to}, whose line endings and BOM it has (endings now: {endings})."));
                } else if !changed.is_empty() {
                    lines.push(format!("Moved {path} to {to}{changed}; each line kept its line ending (endings now: {endings})."));
                } else {
                    lines.push(format!(
                        "Moved {path} to {to}; its content, line endings and BOM are as they were."
                    ));
                }
            }
            _ => lines.push(format!(
                "Updated {path}: +{} -{} lines; each line kept its line ending (endings now: {endings}).",
                self.added, self.removed
            )),
        }
        let mut tiers: Vec<Tier> = Vec::new();
        for tier in files.iter().flat_map(|f| f.matched_by.iter().copied()) {
            if !tiers.contains(&tier) {
                tiers.push(tier);
            }
        }
        for note in tiers.into_iter().filter_map(tier_note) {
            lines.push(format!(
                "Note: a hunk {note}; lines you did not change kept their exact bytes."
            ));
        }
        let mut warnings: Vec<&str> = Vec::new();
        for warning in files.iter().flat_map(|f| f.warnings.iter()) {
            if !warnings.contains(&warning.as_str()) {
                warnings.push(warning);
            }
        }
        for warning in warnings {
            lines.push(format!("Warning: {warning}"));
        }
        lines.join("\n")
    }

    /// What the model reads of an operation that changed nothing.
    pub fn unchanged(&self) -> String {
        let path = &self.path;
        if self.kind == V4aKind::CreateFile {
            format!("{path} already has exactly this content, so nothing was written.")
        } else if self.sections.is_empty() {
            format!(
                "{path} is unchanged: the diff of update_file is empty, so nothing was written."
            )
        } else {
            format!(
                "{path} is unchanged: it already has what the diff gives, so nothing was written."
            )
        }
    }

    /// What the model reads of an operation that failed with `error`, said as
    /// `message` (the error in the front-end's words): opening with the operation
    /// (`update_file a.py, hunk #1: …`; a message about a file of a patch opens with its
    /// path, which is said once) and closing with what to do: fix the diff when the
    /// diff is what failed.
    pub fn failure(&self, code: ErrorCode, message: &str) -> String {
        let path = &self.path;
        let own = message
            .strip_prefix(path.as_str())
            .and_then(|rest| rest.strip_prefix(", ").or_else(|| rest.strip_prefix(": ")));
        let opened = match own {
            Some(own) if own.starts_with("hunk #") => format!("{}, {own}", self.label()),
            Some(own) => format!("{}: {own}", self.label()),
            None => format!("{}: {message}", self.label()),
        };
        use ErrorCode::*;
        let diff_failure = matches!(
            code,
            TextNotFound
                | TextMultipleMatches
                | PatchInvalid
                | EncodingUnmappable
                | EncodingUnknown
        );
        let say_nothing_written = diff_failure
            || matches!(
                code,
                FileNotFound
                    | NotAFile
                    | BinaryFile
                    | FileTooLarge
                    | PathOutsideRoot
                    | InvalidArgument
            );
        if !say_nothing_written {
            opened
        } else if diff_failure && self.kind != V4aKind::DeleteFile {
            opened + " Nothing was written: fix the diff and send the operation again."
        } else {
            opened + " Nothing was written."
        }
    }
}

/// A path of an operation (`path`, `move_to`), checked: a non-empty path alone.
fn read_path<'a>(kind: V4aKind, name: &str, path: Option<&'a str>) -> Result<&'a str> {
    let Some(path) = path.filter(|p| !p.is_empty()) else {
        return Err(argument_error(format!(
            "The {name} of {kind} must be a file's path."
        )));
    };
    if path.contains(['\r', '\n']) || js_trim(path) != path {
        return Err(argument_error(format!(
            "The {name} of {kind} {} has a line break or surrounding spaces; give the file's path alone.",
            json_string(path)
        )));
    }
    Ok(path)
}

/// The diff's lines (split at `\n` and `\r\n`), without the empty one after its last
/// line break, and without the envelope's closing line when the diff ends with it.
fn diff_lines<'a>(kind: V4aKind, path: &str, diff: &'a str) -> Result<Vec<&'a str>> {
    let mut lines: Vec<&str> = diff
        .split('\n')
        .map(|line| line.strip_suffix('\r').unwrap_or(line))
        .collect();
    if lines.last() == Some(&"") {
        lines.pop();
    }
    let end = lines
        .iter()
        .position(|line| line.starts_with("***") && js_trim_end(line) == END_PATCH);
    if let Some(end) = end {
        if let Some(after) = (end + 1..lines.len()).find(|&i| !js_trim(lines[i]).is_empty()) {
            return Err(argument_error(format!(
                "Line {} of the diff of {kind} {path} comes after line {}, which ends the patch: {}. Nothing after that line is read: send each file as an operation of its own.",
                after + 1,
                end + 1,
                json_string(lines[after])
            )));
        }
        lines.truncate(end);
    }
    Ok(lines)
}

/// Whether the envelope reads a line of a hunk as one of its own (it trims lines before
/// it looks for its markers).
fn reads_as_marker(line: &str) -> bool {
    let t = js_trim(line);
    t == END_PATCH
        || t == "*** End of File"
        || t.starts_with("@@")
        || t.starts_with("*** Add File:")
        || t.starts_with("*** Delete File:")
        || t.starts_with("*** Update File:")
        || t.starts_with("*** Move to:")
}

/// The white space that JavaScript's `trim` takes away (Unicode's, with U+FEFF and
/// without U+0085), so that every front-end reads a diff as the first one did.
fn js_space(c: char) -> bool {
    c == '\u{feff}' || (c.is_whitespace() && c != '\u{85}')
}

fn js_trim(s: &str) -> &str {
    s.trim_matches(js_space)
}

fn js_trim_end(s: &str) -> &str {
    s.trim_end_matches(js_space)
}

/// A string quoted as JSON writes it, as messages quote a line or a value.
pub(crate) fn json_string(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

fn argument_error(message: String) -> Error {
    Error::new(ErrorCode::InvalidArgument, message)
}

mod words;
pub(crate) use words::said;

#[cfg(test)]
mod tests;
