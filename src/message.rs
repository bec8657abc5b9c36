//! Messages as data: what an error says, as plain text and references to the API.
//!
//! eol-edit has several front-ends that call the same operation by different names:
//! the JavaScript library's `writeFile(…, { encoding: 'gbk' })`, an agent tool's
//! `write_file` with `"encoding": "gbk"`, the command line's `eol-edit write --encoding
//! gbk`, this crate's `write_file` with `encoding = "gbk"`. A message that named one of
//! them in its text would have to be rewritten by every other front-end, and a rewrite
//! by pattern cannot tell the API's words from a file's content. So a [`Message`] keeps
//! the two apart: [`Part::Text`] is text to show as it is (file content, quoted lines,
//! paths, numbers), and [`Part::Op`], [`Part::Arg`], [`Part::Value`] and
//! [`Part::Listing`] name an operation, an argument or a view of the API, which each
//! front-end renders in its own names.
//!
//! `Display` renders this crate's names: `write_file`, `old_text`, `encoding =
//! "windows-1252"`.
//!
//! ```
//! use eol_edit::{apply_edits, ApplyOptions, Edit, Name, Part};
//!
//! let error = apply_edits("a\nb\n", &[Edit::new("", "x")], &ApplyOptions::default()).unwrap_err();
//! assert!(error.message().parts().contains(&Part::Arg { name: Name::OldText, value: None }));
//! assert!(error.message().to_string().starts_with("old_text is empty."));
//! ```

use std::borrow::Cow;
use std::fmt;

/// An operation of the API, as a message names it ("use [`Op::WriteFile`] to create
/// it").
#[non_exhaustive]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Op {
    /// `read_file` (`readFile`).
    ReadFile,
    /// `edit_file` (`editFile`).
    EditFile,
    /// `multi_edit` (`multiEdit`).
    MultiEdit,
    /// `delete_range` (`deleteRange`).
    DeleteRange,
    /// `write_file` (`writeFile`).
    WriteFile,
    /// `convert_eol` (`convertEol`).
    ConvertEol,
    /// `convert_encoding` (`convertEncoding`).
    ConvertEncoding,
    /// `apply_patch` (`applyPatch`).
    ApplyPatch,
    /// `parse_patch` (`parsePatch`).
    ParsePatch,
    /// `apply_edits` (`applyEdits`).
    ApplyEdits,
    /// `apply_delete_range` (`applyDeleteRange`).
    ApplyDeleteRange,
    /// `read_file_bytes` (`readFileBytes`).
    ReadFileBytes,
    /// `restore_file` (`restoreFile`).
    RestoreFile,
    /// `insert_lines` (`insertLines`).
    InsertLines,
}

impl Op {
    /// The operation's stable identifier: its name in the JavaScript library
    /// (`"writeFile"`), as the binding gives it to JavaScript.
    pub fn id(self) -> &'static str {
        match self {
            Op::ReadFile => "readFile",
            Op::EditFile => "editFile",
            Op::MultiEdit => "multiEdit",
            Op::DeleteRange => "deleteRange",
            Op::WriteFile => "writeFile",
            Op::ConvertEol => "convertEol",
            Op::ConvertEncoding => "convertEncoding",
            Op::ApplyPatch => "applyPatch",
            Op::ParsePatch => "parsePatch",
            Op::ApplyEdits => "applyEdits",
            Op::ApplyDeleteRange => "applyDeleteRange",
            Op::ReadFileBytes => "readFileBytes",
            Op::RestoreFile => "restoreFile",
            Op::InsertLines => "insertLines",
        }
    }

    /// The operation's name in this crate (`"write_file"`).
    pub fn rust_name(self) -> &'static str {
        match self {
            Op::ReadFile => "read_file",
            Op::EditFile => "edit_file",
            Op::MultiEdit => "multi_edit",
            Op::DeleteRange => "delete_range",
            Op::WriteFile => "write_file",
            Op::ConvertEol => "convert_eol",
            Op::ConvertEncoding => "convert_encoding",
            Op::ApplyPatch => "apply_patch",
            Op::ParsePatch => "parse_patch",
            Op::ApplyEdits => "apply_edits",
            Op::ApplyDeleteRange => "apply_delete_range",
            Op::ReadFileBytes => "read_file_bytes",
            Op::RestoreFile => "restore_file",
            Op::InsertLines => "insert_lines",
        }
    }
}

/// An argument or option of the API, as a message or [`Error::argument`] names it.
///
/// [`Error::argument`]: crate::Error::argument
#[non_exhaustive]
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Name {
    /// The path of a file.
    Path,
    /// An edit's text to find.
    OldText,
    /// An edit's replacement.
    NewText,
    /// An edit's "replace every match".
    ReplaceAll,
    /// `multi_edit`'s and `apply_edits`' list of edits.
    Edits,
    /// `delete_range`'s first anchor.
    StartAnchor,
    /// `delete_range`'s second anchor.
    EndAnchor,
    /// `delete_range`'s "delete the anchors too".
    Inclusive,
    /// `write_file`'s content, or the content `apply_edits` works on.
    Content,
    /// `write_file`'s choice of line endings.
    Eol,
    /// What `convert_eol` or `convert_encoding` converts to.
    To,
    /// `convert_encoding`'s byte order mark.
    Bom,
    /// The version a file must still have.
    ExpectedVersion,
    /// `apply_patch`'s version of each file.
    ExpectedVersions,
    /// The folders a file must be inside.
    Root,
    /// Compute everything, write nothing.
    DryRun,
    /// fsync before returning.
    Durable,
    /// The folder relative paths are taken against.
    Cwd,
    /// The size limit of a file.
    MaxBytes,
    /// The encoding to read (or write a new file) in.
    Encoding,
    /// `read_file`'s first line.
    Offset,
    /// `read_file`'s number of lines.
    Limit,
    /// The text of a patch.
    Patch,
    /// A function's options as a whole.
    Options,
    /// The text of a string function (`to_lf`, `eol_info`, …).
    Text,
    /// Which matching tiers may find an edit's text.
    Tiers,
    /// `normalize_eol`'s first text.
    Original,
    /// `normalize_eol`'s second text.
    Updated,
    /// The guards a change runs (a value of it: one guard, by its name).
    Guards,
    /// `insert_lines`' line the text goes after (0: before the first line).
    AfterLine,
    /// A key the caller gave that the API does not have (a binding's unknown
    /// option), as the caller spelled it.
    Unknown(Box<str>),
}

impl Name {
    /// The argument's stable identifier: its name in the JavaScript library
    /// (`"oldText"`, `"maxBytes"`); an unknown key as given.
    pub fn id(&self) -> &str {
        match self {
            Name::Path => "path",
            Name::OldText => "oldText",
            Name::NewText => "newText",
            Name::ReplaceAll => "replaceAll",
            Name::Edits => "edits",
            Name::StartAnchor => "startAnchor",
            Name::EndAnchor => "endAnchor",
            Name::Inclusive => "inclusive",
            Name::Content => "content",
            Name::Eol => "eol",
            Name::To => "to",
            Name::Bom => "bom",
            Name::ExpectedVersion => "expectedVersion",
            Name::ExpectedVersions => "expectedVersions",
            Name::Root => "root",
            Name::DryRun => "dryRun",
            Name::Durable => "durable",
            Name::Cwd => "cwd",
            Name::MaxBytes => "maxBytes",
            Name::Encoding => "encoding",
            Name::Offset => "offset",
            Name::Limit => "limit",
            Name::Patch => "patch",
            Name::Options => "options",
            Name::Text => "text",
            Name::Original => "original",
            Name::Updated => "updated",
            Name::Guards => "guards",
            Name::Tiers => "tiers",
            Name::AfterLine => "afterLine",
            Name::Unknown(key) => key,
        }
    }

    /// The argument whose [`id`](Name::id) this is; [`Name::Unknown`] for any other
    /// string.
    pub fn from_id(id: &str) -> Name {
        const KNOWN: [Name; 30] = [
            Name::Path,
            Name::OldText,
            Name::NewText,
            Name::ReplaceAll,
            Name::Edits,
            Name::StartAnchor,
            Name::EndAnchor,
            Name::Inclusive,
            Name::Content,
            Name::Eol,
            Name::To,
            Name::Bom,
            Name::ExpectedVersion,
            Name::ExpectedVersions,
            Name::Root,
            Name::DryRun,
            Name::Durable,
            Name::Cwd,
            Name::MaxBytes,
            Name::Encoding,
            Name::Offset,
            Name::Limit,
            Name::Patch,
            Name::Options,
            Name::Text,
            Name::Original,
            Name::Updated,
            Name::Guards,
            Name::Tiers,
            Name::AfterLine,
        ];
        KNOWN
            .into_iter()
            .find(|name| name.id() == id)
            .unwrap_or_else(|| Name::Unknown(id.into()))
    }

    /// The argument's name in this crate (`"old_text"`, `"max_bytes"`).
    pub fn rust_name(&self) -> &str {
        match self {
            Name::OldText => "old_text",
            Name::NewText => "new_text",
            Name::ReplaceAll => "replace_all",
            Name::StartAnchor => "start_anchor",
            Name::EndAnchor => "end_anchor",
            Name::ExpectedVersion => "expected_version",
            Name::ExpectedVersions => "expected_versions",
            Name::DryRun => "dry_run",
            Name::MaxBytes => "max_bytes",
            Name::AfterLine => "after_line",
            other => other.id(),
        }
    }

    /// A reference to this argument with a value (`encoding: 'gbk'` in the JavaScript
    /// library, `encoding = "gbk"` here).
    pub fn is(self, value: impl Into<Box<str>>) -> Part {
        Part::Arg {
            name: self,
            value: Some(value.into()),
        }
    }
}

/// One piece of a [`Message`].
#[non_exhaustive]
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Part {
    /// Text shown as it is: words, and the facts of the failure (file content, quoted
    /// lines, paths, numbers), which no front-end rewrites.
    Text(Cow<'static, str>),
    /// An operation of the API.
    Op(Op),
    /// An argument or option of the API, with the value it should have when there is
    /// one (rendered here as `encoding = "windows-1252"`).
    Arg {
        /// Which argument.
        name: Name,
        /// The value it should have.
        value: Option<Box<str>>,
    },
    /// The numbered view of a file that the read operation gives a model in the agent
    /// tools (`12│text`), as in "quoted as read_file shows it". Every front-end names
    /// its read operation here but the JavaScript library, whose `readFile` numbers no
    /// lines, and which names the agent tool.
    Listing,
    /// A value of an argument the sentence has just named (the second of two choices:
    /// `encoding = "utf-16le"` (or `"utf-16be"`)), rendered as the value alone where
    /// the front-end's syntax allows.
    Value {
        /// Whose value.
        name: Name,
        /// The value.
        value: Box<str>,
    },
    /// A stretch of a message that a front-end may say in a sentence of its own: a
    /// suggestion whose words depend on what the front-end has (the agent tools cannot
    /// change a file's encoding; a host's tool has no `encoding` argument). `id` names
    /// it stably (`"change-encoding"`); a front-end with no sentence of its own for it
    /// renders `message`, which is also what `Display` shows.
    Phrase {
        /// The stable name a front-end keys its sentence by.
        id: &'static str,
        /// What the phrase says in the API's names.
        message: Message,
    },
    /// A line of the file quoted as the numbered view shows it: its number, padded to
    /// `width` digits, `│` and the text (`  12│text`). A front-end whose read tool numbers
    /// lines otherwise (`12: text`, `cat -n`) renders it its way.
    Line {
        /// The 1-based line number.
        number: u32,
        /// The width the numbers of the quote are padded to.
        width: u32,
        /// The line's text (possibly cut, with `…`).
        text: Box<str>,
    },
    /// A hunk of a patch's file section, by its 0-based `index` (the error's
    /// `hunkIndex`), shown as `hunk #2` for index 1. A front-end whose edits are not
    /// hunks to the model (SEARCH/REPLACE blocks made into a patch) names its own.
    Hunk {
        /// The hunk's 0-based index within its file's section.
        index: u32,
    },
}

impl Part {
    /// A value of `name` shown on its own (see [`Part::Value`]).
    pub fn value(name: Name, value: impl Into<Box<str>>) -> Part {
        Part::Value {
            name,
            value: value.into(),
        }
    }

    /// A phrase a front-end may say its own way (see [`Part::Phrase`]).
    pub fn phrase(id: &'static str, message: Message) -> Part {
        Part::Phrase { id, message }
    }
}

impl From<&'static str> for Part {
    fn from(text: &'static str) -> Self {
        Part::Text(Cow::Borrowed(text))
    }
}

impl From<String> for Part {
    fn from(text: String) -> Self {
        Part::Text(Cow::Owned(text))
    }
}

impl From<Op> for Part {
    fn from(op: Op) -> Self {
        Part::Op(op)
    }
}

impl From<Name> for Part {
    fn from(name: Name) -> Self {
        Part::Arg { name, value: None }
    }
}

/// What an error (or its hint) says: text and references to the API, in order.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Message(Vec<Part>);

impl Message {
    /// A message of these parts.
    pub fn new(parts: Vec<Part>) -> Message {
        Message(parts)
    }

    /// The parts, in order.
    pub fn parts(&self) -> &[Part] {
        &self.0
    }

    /// The message says nothing.
    pub fn is_empty(&self) -> bool {
        self.0
            .iter()
            .all(|p| matches!(p, Part::Text(t) if t.is_empty()))
    }

    /// The same message with `text` in front (a path it is about).
    pub(crate) fn prefixed(mut self, text: String) -> Message {
        self.0.insert(0, Part::Text(Cow::Owned(text)));
        self
    }

    /// The message followed by `other`.
    pub(crate) fn then(mut self, other: Message) -> Message {
        self.0.extend(other.0);
        self
    }

    /// The same message without the whitespace at its end.
    pub(crate) fn trim_end(mut self) -> Message {
        while let Some(Part::Text(text)) = self.0.last_mut() {
            let trimmed = text.trim_end();
            if trimmed.is_empty() {
                self.0.pop();
                continue;
            }
            if trimmed.len() != text.len() {
                *text = Cow::Owned(trimmed.to_string());
            }
            break;
        }
        self
    }

    /// The text of the message in this crate's names.
    #[cfg(test)]
    pub(crate) fn text(&self) -> String {
        self.to_string()
    }

    /// The parts with every phrase opened up into its own parts.
    #[cfg(test)]
    pub(crate) fn flat(&self) -> Vec<Part> {
        self.0
            .iter()
            .flat_map(|part| match part {
                Part::Phrase { message, .. } => message.flat(),
                other => vec![other.clone()],
            })
            .collect()
    }

    /// The text of the message in this crate's names holds `what`.
    #[cfg(test)]
    pub(crate) fn contains(&self, what: &str) -> bool {
        self.to_string().contains(what)
    }
}

impl From<&'static str> for Message {
    fn from(text: &'static str) -> Self {
        Message(vec![Part::from(text)])
    }
}

impl From<String> for Message {
    fn from(text: String) -> Self {
        Message(vec![Part::from(text)])
    }
}

impl From<Vec<Part>> for Message {
    fn from(parts: Vec<Part>) -> Self {
        Message(parts)
    }
}

impl From<Part> for Message {
    fn from(part: Part) -> Self {
        Message(vec![part])
    }
}

/// This crate's names: `write_file`, `old_text`, `encoding = "windows-1252"`.
impl fmt::Display for Message {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for part in &self.0 {
            match part {
                Part::Text(text) => f.write_str(text)?,
                Part::Op(op) => f.write_str(op.rust_name())?,
                Part::Listing => f.write_str(Op::ReadFile.rust_name())?,
                Part::Arg { name, value: None } => f.write_str(name.rust_name())?,
                Part::Arg {
                    name,
                    value: Some(value),
                } => write!(f, "{} = {value:?}", name.rust_name())?,
                Part::Value { value, .. } => write!(f, "{value:?}")?,
                Part::Phrase { message, .. } => write!(f, "{message}")?,
                Part::Line {
                    number,
                    width,
                    text,
                } => write!(f, "{number:>width$}\u{2502}{text}", width = *width as usize)?,
                Part::Hunk { index } => write!(f, "hunk #{}", u64::from(*index) + 1)?,
            }
        }
        Ok(())
    }
}

/// "as the `name` option": how a message says to give a value as an option, which a
/// front-end with flags says as "with --name" and one with arguments as "as the
/// "name" argument".
pub(crate) fn as_option(name: Name) -> Part {
    Part::phrase("as-option", parts!["as the ", name, " option"])
}

/// "Read the file again" (as `text` says it, by its case): the way out of a stale read,
/// which each front-end says with its own read operation.
pub(crate) fn read_again(text: &'static str) -> Part {
    Part::phrase("read-again", Message::from(text))
}

/// "as read_file shows it" (`pronoun`: `it` or `them`): the numbered view a quote
/// comes from, which a front-end without a read tool says otherwise.
pub(crate) fn as_listed(pronoun: &'static str) -> Part {
    let (id, shows) = match pronoun {
        "them" => ("as-listed-them", " shows them"),
        _ => ("as-listed-it", " shows it"),
    };
    Part::phrase(id, parts!["as ", Part::Listing, shows])
}

/// " (without line-number prefixes)", after [`as_listed`].
pub(crate) fn no_prefixes() -> Part {
    Part::phrase(
        "no-prefixes",
        Message::from(" (without line-number prefixes)"),
    )
}

/// "patch", where a message names the patch it was given: a front-end that makes the
/// patch itself from what the model wrote (SEARCH/REPLACE blocks) names that instead.
pub(crate) fn patch_word() -> Part {
    Part::phrase("patch", Message::from("patch"))
}

/// A [`Message`] of text and references: `parts!["use ", Op::WriteFile, " to create it"]`.
macro_rules! parts {
    ($($part:expr),* $(,)?) => {
        $crate::message::Message::new(vec![$($crate::message::Part::from($part)),*])
    };
}
pub(crate) use parts;

#[cfg(test)]
mod tests {
    use super::*;

    /// What a message must never say in its text: the API's names in any front-end's
    /// spelling, and the JavaScript library's option syntax. A message that needs one
    /// names it with a [`Part`] reference, which each front-end renders.
    const API_NAMES: &[&str] = &[
        "readFile",
        "editFile",
        "multiEdit",
        "deleteRange",
        "writeFile",
        "convertEol",
        "convertEncoding",
        "applyPatch",
        "parsePatch",
        "applyEdits",
        "applyDeleteRange",
        "oldText",
        "newText",
        "replaceAll",
        "startAnchor",
        "endAnchor",
        "expectedVersion",
        "maxBytes",
        "dryRun",
        "read_file",
        "edit_file",
        "multi_edit",
        "delete_range",
        "write_file",
        "convert_eol",
        "convert_encoding",
        "parse_patch",
        "apply_edits",
        "apply_delete_range",
        "old_text",
        "new_text",
        "replace_all",
        "start_anchor",
        "end_anchor",
        "expected_version",
        "max_bytes",
        "dry_run",
        "encoding: '",
        "encoding = \"",
        "the encoding option",
    ];

    /// The API names `text` holds, as whole words.
    fn api_names(text: &str) -> Vec<&'static str> {
        API_NAMES
            .iter()
            .copied()
            .filter(|name| {
                text.match_indices(name).any(|(at, _)| {
                    let word = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '_');
                    let before = text[..at].chars().next_back();
                    let after = text[at + name.len()..].chars().next();
                    !word(before) && (name.ends_with(['\'', '"']) || !word(after))
                })
            })
            .collect()
    }

    #[test]
    fn display_renders_references_in_this_crates_names() {
        let message = parts![
            "use ",
            Op::WriteFile,
            " with ",
            Name::Encoding.is("gbk"),
            " (or ",
            Part::value(Name::Encoding, "big5"),
            "), and copy ",
            Name::OldText,
            " as ",
            Part::Listing,
            " shows it  \n"
        ];
        assert_eq!(
            message.trim_end().to_string(),
            "use write_file with encoding = \"gbk\" (or \"big5\"), and copy old_text as read_file shows it"
        );
    }

    #[test]
    fn a_name_is_found_again_by_its_id() {
        assert_eq!(Name::from_id("maxBytes"), Name::MaxBytes);
        assert_eq!(Name::from_id("maxBytes").rust_name(), "max_bytes");
        assert_eq!(Name::from_id("rooot"), Name::Unknown("rooot".into()));
    }

    #[test]
    fn the_name_check_finds_names_as_words_only() {
        assert_eq!(api_names("use writeFile to create it"), ["writeFile"]);
        assert_eq!(api_names("pass encoding: 'gbk'"), ["encoding: '"]);
        assert!(api_names("rewriteFiles and old_texts").is_empty());
    }

    /// The string literals of Rust source outside comments, test modules and raw
    /// strings' delimiters, with the line each starts on.
    fn literals(source: &str) -> Vec<(usize, String)> {
        let bytes = source.as_bytes();
        let mut out = Vec::new();
        let mut i = 0;
        let line_at = |i: usize| source[..i].matches('\n').count() + 1;
        while i < bytes.len() {
            match bytes[i] {
                b'/' if bytes.get(i + 1) == Some(&b'/') => {
                    i = source[i..].find('\n').map_or(bytes.len(), |n| i + n);
                }
                b'/' if bytes.get(i + 1) == Some(&b'*') => {
                    i = source[i..].find("*/").map_or(bytes.len(), |n| i + n + 2);
                }
                b'\'' => {
                    // A char literal ('"', '\'') or a lifetime ('a): skip past it.
                    let rest = &source[i + 1..];
                    let close = if rest.starts_with('\\') {
                        rest[2..].find('\'').map(|n| n + 3)
                    } else {
                        rest.char_indices()
                            .nth(1)
                            .filter(|&(_, c)| c == '\'')
                            .map(|(n, _)| n + 1)
                    };
                    i += 1 + close.unwrap_or(0);
                }
                b'r' if bytes.get(i + 1).is_some_and(|&b| b == b'"' || b == b'#')
                    && (i == 0
                        || !(bytes[i - 1].is_ascii_alphanumeric() || bytes[i - 1] == b'_')) =>
                {
                    let hashes = bytes[i + 1..].iter().take_while(|&&b| b == b'#').count();
                    let open = i + 1 + hashes;
                    if bytes.get(open) != Some(&b'"') {
                        i += 1;
                        continue;
                    }
                    let close = format!("\"{}", "#".repeat(hashes));
                    let end = source[open + 1..]
                        .find(&close)
                        .map_or(bytes.len(), |n| open + 1 + n);
                    out.push((line_at(i), source[open + 1..end].to_string()));
                    i = end + close.len();
                }
                b'"' => {
                    let mut j = i + 1;
                    let mut text = String::new();
                    while j < bytes.len() && bytes[j] != b'"' {
                        if bytes[j] == b'\\' {
                            j += 1;
                        }
                        let c = source[j..].chars().next().unwrap_or(' ');
                        text.push(c);
                        j += c.len_utf8();
                    }
                    out.push((line_at(i), text));
                    i = j + 1;
                }
                _ => i += 1,
            }
        }
        out
    }

    /// `text` with every `{identifier}` of a format string taken out.
    fn placeholders(text: &str) -> String {
        let mut out = String::new();
        let mut rest = text;
        while let Some(open) = rest.find('{') {
            let close = rest[open..].find('}').map(|n| open + n);
            let inner = close.map(|c| &rest[open + 1..c]);
            match (close, inner) {
                (Some(c), Some(inner))
                    if !inner.is_empty()
                        && inner.chars().all(|c| c.is_alphanumeric() || c == '_') =>
                {
                    out.push_str(&rest[..open]);
                    rest = &rest[c + 1..];
                }
                _ => {
                    out.push_str(&rest[..=open]);
                    rest = &rest[open + 1..];
                }
            }
        }
        out.push_str(rest);
        out
    }

    /// `source` without its `#[cfg(test)]` modules.
    fn without_tests(source: &str) -> &str {
        match source.find("#[cfg(test)]\nmod tests {") {
            Some(at) => &source[..at],
            None => source,
        }
    }

    /// Every message the core builds is made of [`Part`]s, so no string literal of its
    /// code (but the names' own table, here) holds an API name: a message that said
    /// `writeFile` in its text would read wrong in every other front-end.
    #[test]
    fn no_message_text_names_the_api() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
        let mut files = vec![root.clone()];
        let mut found = Vec::new();
        while let Some(path) = files.pop() {
            if path.is_dir() {
                files.extend(std::fs::read_dir(&path).unwrap().map(|e| e.unwrap().path()));
                continue;
            }
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            let own_table = path.ends_with("src/message.rs");
            if !name.ends_with(".rs")
                || name == "tests.rs"
                || own_table
                || path.components().any(|c| c.as_os_str() == "tests")
            {
                continue;
            }
            let source = std::fs::read_to_string(&path).unwrap();
            for (line, text) in literals(without_tests(&source)) {
                // A format string's `{max_bytes}` is a variable, not a word of it.
                let words = placeholders(&text);
                for name in api_names(&words) {
                    found.push(format!("{}:{line}: {name:?} in {text:?}", path.display()));
                }
            }
        }
        assert!(
            found.is_empty(),
            "API names in message text:\n{}",
            found.join("\n")
        );
    }
}
