//! A message in a front-end's words: the one renderer of the parts the core's errors
//! (and the tool layers' own) are made of, for every front-end of every binding and for
//! the core's own V4A editor.
//!
//! A message is [`Part`]s: text shown as it is (file content, quoted lines, paths,
//! numbers), references to the API (an operation, an argument with the value it should
//! have, a quoted line, a hunk of a patch), and phrases a front-end may say its own way.
//! [`Words`] say each reference in a front-end's names, and have a sentence for each
//! phrase it says otherwise; nothing rewrites text. The bindings read both from JSON
//! (the crate `eol-edit-tools`, whose `render` module documents that form).
//!
//! A sentence starts in the case of the phrase it stands for (`Read it again` at the
//! start of a sentence, `read it again` inside one), but for a word in capitals, which
//! keeps them (`SEARCH lines`).

// The bindings' tool layers use all of it (the `binding` feature); the core's V4A editor
// only what its words need.
#![cfg_attr(not(feature = "binding"), allow(dead_code))]

use std::collections::HashMap;

use crate::message::{self, Message};

/// One piece of a message, or of a sentence of [`Words`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Part {
    /// Text shown as it is.
    Text(String),
    /// An operation of the API (by its id, `readFile`); `listing`: the numbered view it
    /// shows.
    Op {
        /// The operation's id.
        op: String,
        /// The numbered view the operation shows, not the operation.
        listing: bool,
    },
    /// An argument (by its id, `oldText`), with the value it should have; `value_only`:
    /// the value alone, the sentence having just named the argument.
    Arg {
        /// The argument's id.
        arg: String,
        /// The value it should have.
        value: Option<String>,
        /// Say the value alone.
        value_only: bool,
    },
    /// A stretch a front-end may say in a sentence of its own, by its id.
    Phrase {
        /// The phrase's id (`read-again`).
        id: String,
        /// What it says in the API's names.
        parts: Vec<Part>,
    },
    /// A quoted line of the file.
    Line {
        /// Its 1-based number.
        number: u64,
        /// The width the numbers of the quote are padded to.
        width: usize,
        /// Its text.
        text: String,
    },
    /// A hunk of a patch, by its 0-based index.
    Hunk(u64),
    /// In a sentence only: a fact of the phrase it stands for.
    Fact(Fact),
    /// Anything else: says nothing.
    Nothing,
}

/// A fact of a phrase that its sentence says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Fact {
    /// The value the phrase gives an argument, as text (quoted as JSON when `json`).
    Value {
        /// The argument's id.
        of: String,
        /// Quote it as JSON.
        json: bool,
    },
    /// A reference to the first argument the phrase names (`or` when it names none).
    Arg {
        /// The argument when the phrase names none.
        or: String,
    },
    /// The phrase's own parts from the one at `from`.
    Parts {
        /// The first part said.
        from: usize,
    },
    /// The hunks the phrase names.
    Hunks,
}

/// How a front-end says an argument with its value, and a value alone.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Form {
    /// `"encoding": "windows-1252"` and `"utf-16be"`.
    Json,
    /// `--encoding windows-1252`, and a value alone with its flag; "the --old text"
    /// begins a sentence as "The --old text".
    Command,
}

/// How a quoted line's number is padded.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pad {
    /// To the width the quote gives (its longest number).
    Width,
    /// To this many columns.
    Fixed(usize),
}

/// A front-end's words for the parts of a message.
#[derive(Debug, Clone)]
pub struct Words {
    /// What each operation is called (one left out: its id).
    pub ops: HashMap<String, Vec<Part>>,
    /// What each argument is called (one left out: its id).
    pub args: HashMap<String, String>,
    /// How an argument with its value is said.
    pub form: Form,
    /// How a quoted line's number is padded.
    pub pad: Pad,
    /// What follows a quoted line's number.
    pub after_number: String,
    /// What the numbered view is called.
    pub listing: Vec<Part>,
    /// The name of each hunk by its index, and of one it has none for (none: `hunk #1`).
    pub hunks: Option<(Vec<Option<String>>, String)>,
    /// What the front-end says instead of a phrase, by the phrase's id.
    pub sentences: HashMap<String, Vec<Part>>,
}

impl Default for Words {
    /// The API's own names, quoted lines as the agent tools number them (`  12│text`).
    fn default() -> Words {
        Words {
            ops: HashMap::new(),
            args: HashMap::new(),
            form: Form::Json,
            pad: Pad::Width,
            after_number: "\u{2502}".to_string(),
            listing: vec![Part::Op {
                op: message::Op::ReadFile.id().into(),
                listing: false,
            }],
            hunks: None,
            sentences: HashMap::new(),
        }
    }
}

/// The facts of an error that a tool's failure says.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Failure {
    /// Its message (what a thrown value that is no error of eol-edit's says).
    pub message: String,
    /// For one of eol-edit's errors: its message as parts.
    pub parts: Option<Vec<Part>>,
    /// Its hint, as text.
    pub hint: Option<String>,
    /// Its hint as parts (said instead of `hint`).
    pub hint_parts: Option<Vec<Part>>,
    /// The lines it is about.
    pub lines: Vec<u64>,
    /// The edit of several that failed (0-based).
    pub edit_index: Option<u64>,
    /// The file of a patch that failed (0-based).
    pub file_index: Option<u64>,
}

impl Words {
    /// A message in these words.
    pub fn render(&self, parts: &[Part]) -> String {
        self.render_into(String::new(), parts)
    }

    /// What a tool's failure says in these words: the error's message and hint, the
    /// lines it is about when the message does not name them, and for an edit of
    /// several or a patch, which one failed and that nothing was written.
    pub fn render_failure(&self, failure: &Failure) -> String {
        self.render_into(String::new(), &failure_parts(failure))
    }

    /// `out` followed by `parts` (what `out` ends with tells whether a part begins a
    /// sentence).
    fn render_into(&self, mut out: String, parts: &[Part]) -> String {
        for part in parts {
            match part {
                Part::Text(text) => out.push_str(text),
                Part::Phrase { id, parts } => out = self.render_phrase(out, id, parts),
                Part::Line {
                    number,
                    width,
                    text,
                } => {
                    let width = match self.pad {
                        Pad::Width => *width,
                        Pad::Fixed(width) => width,
                    };
                    out.push_str(&format!("{number:>width$}{}{text}", self.after_number));
                }
                Part::Hunk(index) => match &self.hunks {
                    Some((names, other)) => {
                        let named = usize::try_from(*index)
                            .ok()
                            .and_then(|i| names.get(i))
                            .and_then(Option::as_ref);
                        out.push_str(named.unwrap_or(other));
                    }
                    None => out.push_str(&format!("hunk #{}", index + 1)),
                },
                Part::Op { op, listing } => {
                    let said = if *listing {
                        Some(&self.listing)
                    } else {
                        self.ops.get(op)
                    };
                    match said {
                        Some(said) => out = self.render_into(out, said),
                        None => out.push_str(op),
                    }
                }
                Part::Arg {
                    arg,
                    value: Some(value),
                    value_only: true,
                } => out.push_str(&self.value(arg, value)),
                Part::Arg { arg, value, .. } => {
                    let start = starts_sentence(&out);
                    out.push_str(&self.arg(arg, value.as_deref(), start));
                }
                Part::Fact(_) | Part::Nothing => {}
            }
        }
        out
    }

    /// A phrase: the front-end's sentence for it when it has one, in the case the
    /// phrase starts with, else its own parts.
    fn render_phrase(&self, before: String, id: &str, parts: &[Part]) -> String {
        let Some(sentence) = self.sentences.get(id) else {
            return self.render_into(before, parts);
        };
        let filled = fill(sentence, parts);
        let start = before.len();
        let mut out = self.render_into(before, &filled);
        let first = match parts.first() {
            Some(Part::Text(text)) => text.chars().next(),
            _ => None,
        };
        if let Some(first) = first {
            let said = in_case_of(first, &out[start..]);
            out.truncate(start);
            out.push_str(&said);
        }
        out
    }

    fn name<'a>(&'a self, arg: &'a str) -> &'a str {
        self.args.get(arg).map_or(arg, String::as_str)
    }

    /// An argument, with the value it should have (`start`: it begins a sentence).
    fn arg(&self, arg: &str, value: Option<&str>, start: bool) -> String {
        let name = self.name(arg);
        match self.form {
            Form::Json => match value {
                None => name.to_string(),
                Some(value) => format!("{}: {}", json(name), json(value)),
            },
            Form::Command => {
                let said = match value {
                    None => name.to_string(),
                    Some(value) => format!("{name} {value}"),
                };
                match said.strip_prefix("the ") {
                    Some(rest) if start => format!("The {rest}"),
                    _ => said,
                }
            }
        }
    }

    /// A value of an argument the sentence has just named.
    fn value(&self, arg: &str, value: &str) -> String {
        match self.form {
            Form::Json => json(value),
            Form::Command => format!("{} {value}", self.name(arg)),
        }
    }
}

/// The parts of a core message.
pub fn parts_of(message: &Message) -> Vec<Part> {
    message.parts().iter().map(part_from).collect()
}

fn part_from(part: &message::Part) -> Part {
    match part {
        message::Part::Text(text) => Part::Text(text.to_string()),
        message::Part::Op(op) => Part::Op {
            op: op.id().to_string(),
            listing: false,
        },
        message::Part::Listing => Part::Op {
            op: message::Op::ReadFile.id().to_string(),
            listing: true,
        },
        message::Part::Arg { name, value } => Part::Arg {
            arg: name.id().to_string(),
            value: value.as_deref().map(str::to_string),
            value_only: false,
        },
        message::Part::Value { name, value } => Part::Arg {
            arg: name.id().to_string(),
            value: Some(value.to_string()),
            value_only: true,
        },
        message::Part::Phrase { id, message } => Part::Phrase {
            id: id.to_string(),
            parts: parts_of(message),
        },
        message::Part::Line {
            number,
            width,
            text,
        } => Part::Line {
            number: u64::from(*number),
            width: *width as usize,
            text: text.to_string(),
        },
        message::Part::Hunk { index } => Part::Hunk(u64::from(*index)),
    }
}

/// What a failure says, as parts.
fn failure_parts(failure: &Failure) -> Vec<Part> {
    let mut parts: Vec<Part> = match &failure.parts {
        Some(own) => {
            let mut parts = own.clone();
            let hint: Vec<Part> = match (
                &failure.hint_parts,
                failure.hint.as_deref().filter(|h| !h.is_empty()),
            ) {
                (Some(hint), _) => hint.clone(),
                (None, Some(hint)) => vec![Part::Text(hint.to_string())],
                (None, None) => Vec::new(),
            };
            if !hint.is_empty() {
                parts.push(Part::Text(
                    if ends_sentence(&parts) { " " } else { ". " }.into(),
                ));
                parts.extend(hint);
            }
            parts
        }
        // Not one of eol-edit's errors (a host's callback threw): its text as it is.
        None => {
            let message = &failure.message;
            let mut parts = vec![Part::Text(message.clone())];
            if let Some(hint) = failure
                .hint
                .as_deref()
                .filter(|h| !h.is_empty() && !message.contains(h))
            {
                parts.push(Part::Text(
                    if ends_sentence(&parts) { " " } else { ". " }.into(),
                ));
                parts.push(Part::Text(hint.to_string()));
            }
            parts
        }
    };
    let lines = &failure.lines;
    let said = plain_text(&parts);
    if !lines.is_empty() && !lines.iter().all(|n| mentions(&said, *n)) {
        let numbers: Vec<String> = lines.iter().map(u64::to_string).collect();
        let word = if lines.len() == 1 { "line" } else { "lines" };
        parts.push(Part::Text(format!(" ({word} {})", numbers.join(", "))));
    }
    if let Some(i) = failure.edit_index {
        // The core names the edit of several it was (the phrase which-edit); the tools
        // name it in their own words.
        if matches!(parts.first(), Some(Part::Phrase { id, .. }) if id == "which-edit") {
            parts.remove(0);
        }
        let mut wrapped = vec![
            Part::Text(format!("edit #{} (", i + 1)),
            Part::Arg {
                arg: "edits".into(),
                value: None,
                value_only: false,
            },
            Part::Text(format!("[{i}]) failed: ")),
        ];
        wrapped.append(&mut parts);
        wrapped.push(Part::Text(
            " Nothing was written: fix that edit and send all the edits again.".into(),
        ));
        parts = wrapped;
    }
    if failure.file_index.is_some() {
        // apply_patch: the message names the file and the hunk.
        parts.push(Part::Phrase {
            id: "fix-patch".into(),
            parts: vec![Part::Text(
                " Nothing was written: fix that part of the patch and send the whole patch again."
                    .into(),
            )],
        });
    }
    parts
}

/// Whether parts end a sentence (or a quoted line, which a hint follows as the core's
/// message does).
fn ends_sentence(parts: &[Part]) -> bool {
    match parts.last() {
        Some(Part::Line { .. }) => true,
        Some(Part::Text(text)) => text.trim_end().ends_with(['.', '!', '?']),
        _ => false,
    }
}

/// The text of parts, for looking facts up in (not for showing).
fn plain_text(parts: &[Part]) -> String {
    let mut out = String::new();
    for part in parts {
        match part {
            Part::Text(text) => out.push_str(text),
            Part::Phrase { parts, .. } => out.push_str(&plain_text(parts)),
            Part::Line { number, text, .. } => out.push_str(&format!("{number} {text}")),
            _ => {}
        }
    }
    out
}

/// Whether `text` has the number `n` as a number of its own (not inside 123).
fn mentions(text: &str, n: u64) -> bool {
    let digits = n.to_string();
    text.match_indices(&digits).any(|(at, _)| {
        let before = text[..at].chars().next_back();
        let after = text[at + digits.len()..].chars().next();
        !before.is_some_and(|c| c.is_ascii_digit()) && !after.is_some_and(|c| c.is_ascii_digit())
    })
}

/// What a phrase holds that a sentence may say: the first argument it names and each
/// argument's first value (phrases inside it included).
#[derive(Default)]
struct Facts<'a> {
    arg: Option<&'a str>,
    values: Vec<(&'a str, &'a str)>,
}

fn facts<'a>(parts: &'a [Part], found: &mut Facts<'a>) {
    for part in parts {
        match part {
            Part::Phrase { parts, .. } => facts(parts, found),
            Part::Arg { arg, value, .. } => {
                found.arg.get_or_insert(arg);
                if let Some(value) = value {
                    if !found.values.iter().any(|(a, _)| a == arg) {
                        found.values.push((arg, value));
                    }
                }
            }
            _ => {}
        }
    }
}

/// A sentence with the facts of the phrase it stands for in place.
fn fill(sentence: &[Part], parts: &[Part]) -> Vec<Part> {
    let mut found = Facts::default();
    facts(parts, &mut found);
    let mut out = Vec::with_capacity(sentence.len());
    for part in sentence {
        match part {
            Part::Fact(Fact::Value { of, json: quoted }) => {
                let value = found
                    .values
                    .iter()
                    .find(|(a, _)| a == of)
                    .map_or("", |(_, v)| v);
                out.push(Part::Text(if *quoted {
                    json(value)
                } else {
                    value.to_string()
                }));
            }
            Part::Fact(Fact::Arg { or }) => out.push(Part::Arg {
                arg: found.arg.unwrap_or(or).to_string(),
                value: None,
                value_only: false,
            }),
            Part::Fact(Fact::Parts { from }) => out.extend(parts.iter().skip(*from).cloned()),
            Part::Fact(Fact::Hunks) => {
                out.extend(parts.iter().filter(|p| matches!(p, Part::Hunk(_))).cloned())
            }
            other => out.push(other.clone()),
        }
    }
    out
}

/// `text` starting in the case of `first` (a letter of the phrase it stands for), but
/// for a word in capitals, which keeps them (`SEARCH lines`).
fn in_case_of(first: char, text: &str) -> String {
    if !first.is_lowercase() && !first.is_uppercase() {
        return text.to_string();
    }
    let mut chars = text.chars();
    let Some(head) = chars.next() else {
        return String::new();
    };
    let next = chars.next();
    if next.is_some_and(char::is_uppercase) && head.is_uppercase() {
        return text.to_string();
    }
    let rest = &text[head.len_utf8()..];
    if first.is_uppercase() {
        head.to_uppercase().chain(rest.chars()).collect()
    } else {
        head.to_lowercase().chain(rest.chars()).collect()
    }
}

/// Whether text after `before` begins a sentence: nothing before it, or `. ` / `: `.
fn starts_sentence(before: &str) -> bool {
    let trimmed = before.trim_end_matches([' ', '\n']);
    match trimmed.chars().last() {
        None => true,
        Some(last) => trimmed.len() < before.len() && ".!?:".contains(last),
    }
}

/// A string as JSON writes it (`JSON.stringify`).
fn json(text: &str) -> String {
    crate::patch::v4a::json_string(text)
}
