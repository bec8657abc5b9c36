//! Guards against a model's own mistakes: text a change brings into a file that a
//! model almost never means to write, refused with `SUSPECT_CONTENT` before anything
//! is written.
//!
//! - `placeholder`: a new line that only says code is left out (`// ... existing code
//!   ...`), in a change that replaces existing text whose replaced text has no such
//!   line ([`placeholder`]). A new file is never refused for it.
//! - `shrink`: a whole-file write that leaves fewer than one line in ten of an existing
//!   file of 100 lines or more.
//! - `control`: a new line with NUL or another C0 or C1 control character (not tab, LF,
//!   CR, FF) that the file does not already have ([`control`]).
//! - `markers`: a new line that is a SEARCH/REPLACE marker, a line of the apply_patch
//!   envelope or a git conflict marker, which the replaced text does not have
//!   ([`markers`]).
//!
//! Only the lines a change brings in are checked: the engine, `write_file` and the
//! patch code hand over each replaced region (an edit's match, a hunk's lines, the old
//! file) with what replaces it, both taken to whole lines, and a new line that the
//! replaced region already has (a line copied back unchanged) is not new.
//!
//! ```
//! use eol_edit::{apply_edits, ApplyOptions, Edit, ErrorCode, GuardReason, Guards};
//!
//! let options = ApplyOptions::default().with_guards(Guards::all());
//! let error = apply_edits("a = 1\n", &[Edit::new("a = 1", "a = \"\0\"")], &options).unwrap_err();
//! assert_eq!(error.code(), ErrorCode::SuspectContent);
//! assert_eq!(error.reason(), Some(GuardReason::Control));
//! assert!(error.to_string().contains(r#"1│a = "\u0000""#));
//! ```

mod control;
mod markers;
mod placeholder;

use std::collections::HashMap;
use std::fmt;

use crate::eol;
use crate::error::{Error, ErrorCode, Result};
use crate::message::{parts, Message, Name, Op, Part};
use crate::splice::Splice;
use markers::Marker;
use placeholder::Language;

/// One of the guards (docs/guarantees.md).
#[non_exhaustive]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum GuardReason {
    /// A new line that only says code is left out, over existing code.
    Placeholder,
    /// A whole-file write that drops nine in ten lines of a file of 100 or more.
    Shrink,
    /// A new control character (NUL, ESC, …) the file does not already have.
    Control,
    /// A new SEARCH/REPLACE marker, apply_patch envelope line or git conflict marker.
    Markers,
}

impl GuardReason {
    /// Every guard, in the order the documentation lists them.
    pub const ALL: [GuardReason; 4] = [
        GuardReason::Placeholder,
        GuardReason::Shrink,
        GuardReason::Control,
        GuardReason::Markers,
    ];

    /// The guard's name, as every front-end spells it (`"placeholder"`).
    pub fn as_str(self) -> &'static str {
        match self {
            GuardReason::Placeholder => "placeholder",
            GuardReason::Shrink => "shrink",
            GuardReason::Control => "control",
            GuardReason::Markers => "markers",
        }
    }

    /// The guard of a name given by [`GuardReason::as_str`].
    pub fn from_name(name: &str) -> Option<GuardReason> {
        GuardReason::ALL.into_iter().find(|r| r.as_str() == name)
    }

    fn bit(self) -> u8 {
        1 << self as u8
    }
}

impl fmt::Display for GuardReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl std::str::FromStr for GuardReason {
    type Err = Error;

    /// The name [`GuardReason::as_str`] gives; any other is `INVALID_ARGUMENT`.
    fn from_str(text: &str) -> Result<GuardReason> {
        crate::api::names::parse(text, &GuardReason::ALL, GuardReason::as_str, "guard")
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for GuardReason {
    fn serialize<S: serde::Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for GuardReason {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> std::result::Result<Self, D::Error> {
        let text = <std::borrow::Cow<'de, str> as serde::Deserialize>::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// As the list of its reasons (`["control", "markers"]`).
#[cfg(feature = "serde")]
impl serde::Serialize for Guards {
    fn serialize<S: serde::Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Guards {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> std::result::Result<Self, D::Error> {
        let reasons = <Vec<GuardReason> as serde::Deserialize>::deserialize(d)?;
        Ok(reasons.into_iter().collect())
    }
}

/// Which guards a change runs: none by default (the library's functions), every one
/// with [`Guards::all`] (what the agent tools and the command line run).
///
/// ```
/// use eol_edit::{GuardReason, Guards};
///
/// let guards = Guards::all().without(GuardReason::Markers);
/// assert!(guards.contains(GuardReason::Control));
/// assert!(!guards.contains(GuardReason::Markers));
/// assert_eq!(Guards::from_iter([GuardReason::Shrink]).iter().collect::<Vec<_>>(), [GuardReason::Shrink]);
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Guards(u8);

impl Guards {
    /// No guard.
    pub fn none() -> Guards {
        Guards(0)
    }

    /// Every guard.
    pub fn all() -> Guards {
        GuardReason::ALL.into_iter().collect()
    }

    /// The same guards and `reason`.
    pub fn with(self, reason: GuardReason) -> Guards {
        Guards(self.0 | reason.bit())
    }

    /// The same guards but `reason`.
    pub fn without(self, reason: GuardReason) -> Guards {
        Guards(self.0 & !reason.bit())
    }

    /// True when `reason` is one of them.
    pub fn contains(self, reason: GuardReason) -> bool {
        self.0 & reason.bit() != 0
    }

    /// True when there is none.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The guards, in the order of [`GuardReason::ALL`].
    pub fn iter(self) -> impl Iterator<Item = GuardReason> {
        GuardReason::ALL
            .into_iter()
            .filter(move |r| self.contains(*r))
    }
}

impl FromIterator<GuardReason> for Guards {
    fn from_iter<I: IntoIterator<Item = GuardReason>>(reasons: I) -> Guards {
        reasons.into_iter().fold(Guards::none(), Guards::with)
    }
}

/// What kind of change the text comes from, which decides what the guards may say.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Scope {
    /// An edit: its match and what replaces it.
    Edit,
    /// A patch hunk (its 0-based index in its file's section): the lines it matched and
    /// what replaces them. A hunk that only adds lines replaces nothing.
    Hunk(usize),
    /// `write_file`: the whole file.
    Write,
    /// A patch's `*** Add File`: the whole file it replaces, if any.
    AddFile,
}

impl Scope {
    fn is_whole_file(self) -> bool {
        matches!(self, Scope::Write | Scope::AddFile)
    }
}

/// From how many lines a file is protected by `shrink`.
const SHRINK_FROM: usize = 100;

/// How long a quoted line may be, in characters.
const QUOTE_CHARS: usize = 160;

/// The guards of the changes to one file, checked one replaced region at a time.
pub(crate) struct Check<'a> {
    guards: Guards,
    /// The file's source before the change: the control characters it already has.
    file: &'a [u8],
    /// The file's name, for its language and for messages.
    label: &'a str,
    language: Language,
    /// Lines the regions checked so far added (or removed), so that each new line is
    /// numbered as it will be in the result.
    delta: isize,
}

impl<'a> Check<'a> {
    /// The guards of changes to `file` (its source before them), named `label`.
    pub(crate) fn new(guards: Guards, file: &'a [u8], label: &'a str) -> Check<'a> {
        Check {
            guards,
            file,
            label,
            language: Language::of(label),
            delta: 0,
        }
    }

    /// Checks what `splice` brings into `text` (the source the splice is over); the
    /// splices of one text are checked in order.
    pub(crate) fn splice(&mut self, text: &[u8], splice: &Splice, scope: Scope) -> Result<()> {
        if self.guards.is_empty() {
            return Ok(());
        }
        let from = line_start(text, splice.start);
        let to = line_end(text, splice.end);
        let old = &text[from..to];
        let new = [
            &text[from..splice.start],
            &splice.bytes,
            &text[splice.end..to],
        ]
        .concat();
        let before = self.delta;
        self.delta += eol::count_endings(&new) as isize - eol::count_endings(old) as isize;
        let first = || (eol::count_endings(&text[..from]) as isize + before) as usize + 1;
        self.region(old, &new, first, scope)
    }

    /// Checks a whole file's new source over its old one (empty for a new file).
    pub(crate) fn whole(&self, old: &[u8], new: &[u8], scope: Scope) -> Result<()> {
        if self.guards.is_empty() {
            return Ok(());
        }
        self.region(old, new, || 1, scope)
    }

    /// Checks the lines of `new` that are not `old`'s; `first` numbers `new`'s first
    /// line in the result.
    fn region(
        &self,
        old: &[u8],
        new: &[u8],
        first: impl Fn() -> usize,
        scope: Scope,
    ) -> Result<()> {
        let old_lines = lines(old);
        let new_lines = lines(new);
        if scope.is_whole_file()
            && self.guards.contains(GuardReason::Shrink)
            && old_lines.len() >= SHRINK_FROM
            && new_lines.len() * 10 < old_lines.len()
        {
            return Err(self.shrink(old_lines.len(), new_lines.len(), scope));
        }
        let (brought, removes) = brought(&old_lines, &new_lines);
        if brought.is_empty() {
            return Ok(());
        }
        let replaces = match scope {
            Scope::Edit => true,
            Scope::Hunk(_) => removes,
            Scope::Write | Scope::AddFile => !old_lines.is_empty(),
        };
        let placeholders = self.guards.contains(GuardReason::Placeholder)
            && replaces
            && !old_lines
                .iter()
                .any(|l| placeholder::is_placeholder(l, self.language));
        let marked = self.guards.contains(GuardReason::Markers)
            && !old_lines.iter().any(|l| markers::marker(l).is_some());
        // A divider is a marker only beside another marker.
        let beside = marked
            && brought
                .iter()
                .any(|&i| markers::marker(new_lines[i]).is_some_and(|m| m != Marker::Divider));
        for &i in &brought {
            let line = new_lines[i];
            if self.guards.contains(GuardReason::Control) {
                if let Some((at, c)) =
                    control::each(line).find(|&(_, c)| !control::holds(self.file, c))
                {
                    return Err(self.control(first() + i, line, at, c, scope));
                }
            }
            if marked {
                match markers::marker(line) {
                    Some(Marker::Divider) if !beside => {}
                    Some(kind) => return Err(self.marker(first() + i, line, kind, scope)),
                    None => {}
                }
            }
            if placeholders && placeholder::is_placeholder(line, self.language) {
                return Err(self.placeholder(first() + i, line, scope));
            }
        }
        Ok(())
    }

    /// What a message about `scope` opens with: the file and hunk of a patch.
    fn about(&self, scope: Scope) -> Message {
        match scope {
            Scope::Edit | Scope::Write => Message::default(),
            Scope::Hunk(index) => parts![
                Part::phrase(
                    "file-hunk",
                    parts![
                        format!("{}, ", self.label),
                        Part::Hunk {
                            index: index as u32
                        }
                    ]
                ),
                ": "
            ],
            Scope::AddFile => parts![format!("{}: ", self.label)],
        }
    }

    /// The refusal by `reason`: `message` after the file it is about, `hint` before
    /// how to write the text on purpose.
    fn refuse(&self, reason: GuardReason, scope: Scope, message: Message, hint: Message) -> Error {
        Error::new(ErrorCode::SuspectContent, self.about(scope).then(message))
            .with_hint(hint.then(parts![allow(reason)]))
            .with_reason(reason)
    }

    fn shrink(&self, old: usize, new: usize, scope: Scope) -> Error {
        let message = parts![format!(
            "The shrink guard refused this change: the new content has {new} {}, but the file has {old}, so {} of its lines would be lost. Nothing was written.",
            if new == 1 { "line" } else { "lines" },
            old - new
        )];
        let hint = match scope {
            Scope::AddFile => parts![
                "Give every line of the file, or change part of it with an `*** Update File:` section. "
            ],
            _ => parts![
                "Send the whole new content, or change part of the file with ",
                Op::EditFile,
                ". "
            ],
        };
        self.refuse(GuardReason::Shrink, scope, message, hint)
    }

    fn placeholder(&self, number: usize, line: &[u8], scope: Scope) -> Error {
        let message = parts![
            format!("The placeholder guard refused this change: line {number} would only say that code is left out:\n"),
            quoted(number, line, None),
            "\nWritten, it would stand in the file for the code it names, which would be lost. Nothing was written."
        ];
        let hint = match scope {
            Scope::Edit => parts![
                "Nothing fills such a line in: give ",
                Name::OldText,
                " only the lines to change and ",
                Name::NewText,
                " every line that replaces them. "
            ],
            Scope::Hunk(_) => parts![
                "Nothing fills such a line in: give every line that replaces the removed ones. "
            ],
            Scope::Write => parts![
                "Nothing fills such a line in: send every line of the file, or change part of it with ",
                Op::EditFile,
                ". "
            ],
            Scope::AddFile => parts![
                "Nothing fills such a line in: give every line of the file, or change part of it with an `*** Update File:` section. "
            ],
        };
        self.refuse(GuardReason::Placeholder, scope, message, hint)
            .with_lines(vec![number as u32])
    }

    fn control(&self, number: usize, line: &[u8], at: usize, c: char, scope: Scope) -> Error {
        let escape = format!("\\u{:04x}", u32::from(c));
        let message = parts![
            format!(
                "The control guard refused this change: line {number} would hold the control character {}, which the file does not have (shown as {escape}):\n",
                control::name(c)
            ),
            quoted(number, line, Some(at)),
            "\nNothing was written."
        ];
        let hint = parts![format!(
            "In JSON (and in JavaScript, Python or Rust strings) {escape} is that character itself; to write the six characters {escape}, escape the backslash: \\{escape}. "
        )];
        self.refuse(GuardReason::Control, scope, message, hint)
            .with_lines(vec![number as u32])
    }

    fn marker(&self, number: usize, line: &[u8], kind: Marker, scope: Scope) -> Error {
        let message = parts![
            format!(
                "The markers guard refused this change: line {number} would be {}, which the replaced text does not have:\n",
                kind.words()
            ),
            quoted(number, line, None),
            "\nSuch a line belongs to how a change is sent, not to the file. Nothing was written."
        ];
        let hint = parts![
            "Send only the text that belongs in the file (of a SEARCH/REPLACE block, the lines after its divider). "
        ];
        self.refuse(GuardReason::Markers, scope, message, hint)
            .with_lines(vec![number as u32])
    }
}

/// "To write it on purpose, leave "control" out of guards.": how to get past `reason`,
/// which each front-end says its own way (the agent tools' `allow` argument, the
/// command line's `--allow`).
fn allow(reason: GuardReason) -> Part {
    Part::phrase(
        "allow-guard",
        parts![
            "To write it on purpose, leave ",
            Part::value(Name::Guards, reason.as_str()),
            " out of ",
            Name::Guards,
            "."
        ],
    )
}

/// The lines of a text, without their endings (a final ending ends the last line).
fn lines(text: &[u8]) -> Vec<&[u8]> {
    let mut lines: Vec<&[u8]> = eol::pieces(text).into_iter().map(|(l, _)| l).collect();
    if lines.last().is_some_and(|l| l.is_empty()) {
        lines.pop();
    }
    lines
}

/// The indices of the lines of `new` that `old` does not have, and whether `new` lacks
/// some line of `old` (the change removes lines).
///
/// A line the replaced text already has is not new, wherever it stands: kept in place,
/// copied back unchanged, or moved. An alignment would tell the first two apart from
/// the third, but none of the guards can trip on such a line (a placeholder or a marker
/// the replaced text has turns its guard off; a control character it has is one the
/// file has), and this costs one pass over each side, however different they are.
fn brought(old: &[&[u8]], new: &[&[u8]]) -> (Vec<usize>, bool) {
    let mut counts: HashMap<&[u8], isize> = HashMap::with_capacity(old.len());
    for line in old {
        *counts.entry(line).or_default() += 1;
    }
    let brought = new
        .iter()
        .enumerate()
        .filter(|(_, line)| !counts.contains_key(*line))
        .map(|(i, _)| i)
        .collect();
    for line in new {
        if let Some(n) = counts.get_mut(line) {
            *n -= 1;
        }
    }
    (brought, counts.values().any(|&n| n > 0))
}

/// The start of the line that holds byte `p` of `text`.
fn line_start(text: &[u8], p: usize) -> usize {
    memchr::memrchr2(b'\n', b'\r', &text[..p]).map_or(0, |i| i + 1)
}

/// Where the line that holds byte `p` ends, its ending included; `p` itself when a
/// line starts there.
fn line_end(text: &[u8], p: usize) -> usize {
    let starts_line = p == 0
        || p == text.len()
        || text[p - 1] == b'\n'
        || (text[p - 1] == b'\r' && text[p] != b'\n');
    if starts_line {
        return p;
    }
    match memchr::memchr2(b'\n', b'\r', &text[p..]) {
        Some(i) if text[p + i] == b'\r' && text.get(p + i + 1) == Some(&b'\n') => p + i + 2,
        Some(i) => p + i + 1,
        None => text.len(),
    }
}

/// A line as a message quotes it: numbered, its control characters escaped, cut to
/// [`QUOTE_CHARS`] around byte `focus` when it is long.
fn quoted(number: usize, line: &[u8], focus: Option<usize>) -> Part {
    let text = control::escaped(line);
    let chars: Vec<char> = text.chars().collect();
    let shown = if chars.len() <= QUOTE_CHARS {
        text
    } else {
        // Where the focus is in the escaped text: the escapes before it lengthen it.
        let at = focus.map_or(0, |f| control::escaped(&line[..f]).chars().count());
        let from = at
            .saturating_sub(QUOTE_CHARS / 2)
            .min(chars.len() - QUOTE_CHARS);
        let mut out = String::new();
        if from > 0 {
            out.push('\u{2026}');
        }
        out.extend(&chars[from..from + QUOTE_CHARS]);
        if from + QUOTE_CHARS < chars.len() {
            out.push('\u{2026}');
        }
        out
    };
    Part::Line {
        number: number as u32,
        width: number.to_string().len() as u32,
        text: shown.into(),
    }
}

#[cfg(test)]
mod tests;
