//! A message in a front-end's words: the one renderer of the parts the core's errors
//! (and the tool layers' own) are made of, for every front-end of every binding.
//!
//! A message comes as parts (JSON, as the bindings hand them over): text shown as it is
//! (file content, quoted lines, paths, numbers), references to the API (an operation
//! `{"op": "writeFile"}`, an argument with the value it should have `{"arg": "encoding",
//! "value": "windows-1252"}`, a quoted line `{"line": 12, "width": 3, "text": "…"}`, a
//! hunk of a patch `{"hunk": 0}`), and phrases a front-end may say its own way
//! (`{"phrase": "change-encoding", "parts": […]}`). [`Words`] say each reference in a
//! front-end's names, and have a sentence for each phrase it says otherwise; nothing
//! rewrites text.
//!
//! Words are data, so that both bindings give the same words the same rendering:
//!
//! ```json
//! {
//!   "ops": { "readFile": "read_file" },
//!   "args": { "oldText": "old_text" },
//!   "form": "json",
//!   "line": { "pad": "width", "after": "│" },
//!   "listing": "read_file",
//!   "hunks": { "names": ["SEARCH block #2"], "else": "a SEARCH block" },
//!   "sentences": { "read-again": ["Read it again with ", { "op": "readFile" }] }
//! }
//! ```
//!
//! - `ops`: what an operation is called (text, or parts to render); one it leaves out is
//!   said by its own name.
//! - `args`: what an argument is called; one it leaves out is said by its own name.
//! - `form`: how an argument with a value and a value alone are said: `"json"` (the agent
//!   tools: `"encoding": "windows-1252"`, `"utf-16be"`) or `"command"` (the command
//!   line: `--encoding windows-1252`, and "the --old text" begins a sentence as "The
//!   --old text").
//! - `line`: a quoted line's number, padded to the quote's `width` (`"pad": "width"`),
//!   to a fixed width (`"pad": 6`, as `cat -n`) or not at all (`"pad": 0`), then `after`
//!   and the text.
//! - `listing`: what the numbered view of a file is called.
//! - `hunks` (optional): the name of each hunk by its index, and of one it has none for;
//!   without it a hunk is `hunk #1`.
//! - `sentences`: what the front-end says instead of a phrase, by the phrase's id: text,
//!   or parts that may hold the phrase's facts: `{"fact": "value", "of": "to"}` (the
//!   value the phrase gives that argument, `"json": true` to quote it),
//!   `{"fact": "arg", "else": "encoding"}` (a reference to the first argument the phrase
//!   names), `{"fact": "parts", "from": 1}` (the phrase's own parts from that one on)
//!   and `{"fact": "hunks"}` (the hunks it names).
//!
//! A sentence starts in the case of the phrase it stands for (`Read it again` at the
//! start of a sentence, `read it again` inside one), but for a word in capitals, which
//! keeps them (`SEARCH lines`).

use std::collections::HashMap;

use serde_json::{Map, Value};

/// One piece of a message, read from its JSON.
#[derive(Debug, Clone, PartialEq)]
enum Part {
    Text(String),
    Op {
        op: String,
        listing: bool,
    },
    Arg {
        arg: String,
        value: Option<String>,
        value_only: bool,
    },
    Phrase {
        id: String,
        parts: Vec<Part>,
    },
    Line {
        number: u64,
        width: usize,
        text: String,
    },
    Hunk(u64),
    /// In a sentence only: a fact of the phrase it stands for.
    Fact(Fact),
    /// Anything else: says nothing.
    Nothing,
}

/// A fact of a phrase that its sentence says.
#[derive(Debug, Clone, PartialEq)]
enum Fact {
    /// The value the phrase gives an argument, as text (quoted as JSON when `json`).
    Value { of: String, json: bool },
    /// A reference to the first argument the phrase names (`or` when it names none).
    Arg { or: String },
    /// The phrase's own parts from the one at `from`.
    Parts { from: usize },
    /// The hunks the phrase names.
    Hunks,
}

/// What a sentence of [`Words`] is: the front-end's text for a phrase.
type Sentence = Vec<Part>;

/// How a front-end says an argument with its value, and a value alone.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Form {
    /// `"encoding": "windows-1252"` and `"utf-16be"`.
    Json,
    /// `--encoding windows-1252`, and a value alone with its flag.
    Command,
}

/// How a quoted line's number is padded.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Pad {
    /// To the width the quote gives (its longest number).
    Width,
    /// To this many columns.
    Fixed(usize),
}

/// A front-end's words for the parts of a message (see the module's documentation for
/// their JSON).
#[derive(Debug, Clone)]
pub struct Words {
    ops: HashMap<String, Vec<Part>>,
    args: HashMap<String, String>,
    form: Form,
    pad: Pad,
    after_number: String,
    listing: Vec<Part>,
    hunks: Option<(Vec<Option<String>>, String)>,
    sentences: HashMap<String, Sentence>,
}

impl Words {
    /// Words from their JSON text; the error says what in it is wrong.
    pub fn from_json(text: &str) -> Result<Words, String> {
        let value: Value =
            serde_json::from_str(text).map_err(|e| format!("words are not JSON: {e}"))?;
        Words::from_value(&value)
    }

    /// Words from their JSON value.
    pub fn from_value(value: &Value) -> Result<Words, String> {
        let object = value.as_object().ok_or("words must be an object")?;
        let known = [
            "name",
            "ops",
            "args",
            "form",
            "line",
            "listing",
            "hunks",
            "sentences",
        ];
        if let Some(key) = object.keys().find(|k| !known.contains(&k.as_str())) {
            return Err(format!("words have an unknown key {key:?}"));
        }
        let ops = table(object, "ops")?
            .iter()
            .map(|(op, said)| Ok((op.clone(), said_of(said, "ops")?)))
            .collect::<Result<_, String>>()?;
        let args = table(object, "args")?
            .iter()
            .map(|(arg, name)| match name {
                Value::String(name) => Ok((arg.clone(), name.clone())),
                _ => Err(format!("words' args.{arg} must be a string")),
            })
            .collect::<Result<_, String>>()?;
        let form = match object.get("form").and_then(Value::as_str) {
            None | Some("json") => Form::Json,
            Some("command") => Form::Command,
            Some(other) => {
                return Err(format!(
                    "words' form must be \"json\" or \"command\", not {other:?}"
                ))
            }
        };
        let (pad, after_number) = match object.get("line") {
            None => (Pad::Width, "│".to_string()),
            Some(line) => {
                let pad = match line.get("pad") {
                    None => Pad::Width,
                    Some(Value::String(w)) if w == "width" => Pad::Width,
                    Some(Value::Number(n)) => Pad::Fixed(
                        n.as_u64().ok_or("words' line.pad must be a whole number")? as usize,
                    ),
                    Some(_) => return Err("words' line.pad must be \"width\" or a number".into()),
                };
                let after = line
                    .get("after")
                    .and_then(Value::as_str)
                    .ok_or("words' line.after must be a string")?;
                (pad, after.to_string())
            }
        };
        let listing = match object.get("listing") {
            None => vec![Part::Op {
                op: "readFile".into(),
                listing: false,
            }],
            Some(said) => said_of(said, "listing")?,
        };
        let hunks = match object.get("hunks") {
            None | Some(Value::Null) => None,
            Some(hunks) => {
                let names = hunks
                    .get("names")
                    .and_then(Value::as_array)
                    .ok_or("words' hunks.names must be an array")?
                    .iter()
                    .map(|n| n.as_str().map(str::to_string))
                    .collect();
                let other = hunks
                    .get("else")
                    .and_then(Value::as_str)
                    .ok_or("words' hunks.else must be a string")?;
                Some((names, other.to_string()))
            }
        };
        let sentences = table(object, "sentences")?
            .iter()
            .map(|(id, said)| Ok((id.clone(), said_of(said, "sentences")?)))
            .collect::<Result<_, String>>()?;
        Ok(Words {
            ops,
            args,
            form,
            pad,
            after_number,
            listing,
            hunks,
            sentences,
        })
    }

    /// A message, given as the JSON text of its parts (or of one string), in these words.
    pub fn render_json(&self, parts: &str) -> Result<String, String> {
        let value: Value =
            serde_json::from_str(parts).map_err(|e| format!("parts are not JSON: {e}"))?;
        Ok(self.render(&value))
    }

    /// What a failure says (see [`failure_parts`]), given as the JSON text of its facts,
    /// in these words.
    pub fn render_failure_json(&self, failure: &str) -> Result<String, String> {
        let value: Value =
            serde_json::from_str(failure).map_err(|e| format!("a failure is not JSON: {e}"))?;
        Ok(self.render_into(String::new(), &failure_parts(&value)))
    }

    /// A message, given as the JSON value of its parts (or one string), in these words.
    pub fn render(&self, parts: &Value) -> String {
        match parts {
            Value::String(text) => text.clone(),
            Value::Array(list) => {
                self.render_into(String::new(), &list.iter().map(part_of).collect::<Vec<_>>())
            }
            _ => String::new(),
        }
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

/// What a tool's failure says, as parts, from the facts of the error (JSON: `message`,
/// and when the error is one of eol-edit's, its `parts`, `hint` or `hintParts`, `lines`,
/// `editIndex` and `fileIndex`): the error's message and hint, the lines it is about when
/// the message does not name them, and for an edit of several or a patch, which one
/// failed and that nothing was written.
fn failure_parts(failure: &Value) -> Vec<Part> {
    let list = |key: &str| failure.get(key).and_then(Value::as_array);
    let text = |key: &str| {
        failure
            .get(key)
            .and_then(Value::as_str)
            .filter(|t| !t.is_empty())
    };
    let index = |key: &str| failure.get(key).and_then(Value::as_u64);
    let mut parts: Vec<Part> = match list("parts") {
        Some(own) => {
            let mut parts: Vec<Part> = own.iter().map(part_of).collect();
            let hint: Vec<Part> = match (list("hintParts"), text("hint")) {
                (Some(hint), _) => hint.iter().map(part_of).collect(),
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
            let message = text("message").unwrap_or("");
            let mut parts = vec![Part::Text(message.to_string())];
            if let Some(hint) = text("hint").filter(|hint| !message.contains(hint)) {
                parts.push(Part::Text(
                    if ends_sentence(&parts) { " " } else { ". " }.into(),
                ));
                parts.push(Part::Text(hint.to_string()));
            }
            parts
        }
    };
    let lines: Vec<u64> =
        list("lines").map_or_else(Vec::new, |l| l.iter().filter_map(Value::as_u64).collect());
    let said = plain_text(&parts);
    if !lines.is_empty() && !lines.iter().all(|n| mentions(&said, *n)) {
        let numbers: Vec<String> = lines.iter().map(u64::to_string).collect();
        let word = if lines.len() == 1 { "line" } else { "lines" };
        parts.push(Part::Text(format!(" ({word} {})", numbers.join(", "))));
    }
    if let Some(i) = index("editIndex") {
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
    if index("fileIndex").is_some() {
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

/// A table of the words' JSON (`{}` when it has none).
fn table<'a>(object: &'a Map<String, Value>, key: &str) -> Result<&'a Map<String, Value>, String> {
    static EMPTY: std::sync::OnceLock<Map<String, Value>> = std::sync::OnceLock::new();
    match object.get(key) {
        None => Ok(EMPTY.get_or_init(Map::new)),
        Some(Value::Object(table)) => Ok(table),
        Some(_) => Err(format!("words' {key} must be an object")),
    }
}

/// What the words say for something: text, or parts.
fn said_of(value: &Value, key: &str) -> Result<Vec<Part>, String> {
    match value {
        Value::String(text) => Ok(vec![Part::Text(text.clone())]),
        Value::Array(parts) => Ok(parts.iter().map(part_of).collect()),
        _ => Err(format!("words' {key} must be text or parts")),
    }
}

fn text_of(object: &Map<String, Value>, key: &str) -> Option<String> {
    object.get(key).and_then(|v| match v {
        Value::String(s) => Some(s.clone()),
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    })
}

/// A part from its JSON.
fn part_of(value: &Value) -> Part {
    let object = match value {
        Value::String(text) => return Part::Text(text.clone()),
        Value::Object(object) => object,
        _ => return Part::Nothing,
    };
    if let Some(id) = object.get("phrase") {
        let parts = object
            .get("parts")
            .and_then(Value::as_array)
            .map_or_else(Vec::new, |p| p.iter().map(part_of).collect());
        return Part::Phrase {
            id: id.as_str().unwrap_or_default().to_string(),
            parts,
        };
    }
    if let Some(number) = object.get("line") {
        return Part::Line {
            number: number.as_u64().unwrap_or_default(),
            width: object
                .get("width")
                .and_then(Value::as_u64)
                .unwrap_or_default() as usize,
            text: text_of(object, "text").unwrap_or_default(),
        };
    }
    if let Some(index) = object.get("hunk") {
        return Part::Hunk(index.as_u64().unwrap_or_default());
    }
    if let Some(op) = object.get("op") {
        let listing = object
            .get("listing")
            .is_some_and(|l| l.as_bool() == Some(true));
        return Part::Op {
            op: op.as_str().unwrap_or_default().to_string(),
            listing,
        };
    }
    if let Some(fact) = object.get("fact").and_then(Value::as_str) {
        return Part::Fact(match fact {
            "value" => Fact::Value {
                of: text_of(object, "of").unwrap_or_default(),
                json: object.get("json").and_then(Value::as_bool).unwrap_or(false),
            },
            "arg" => Fact::Arg {
                or: text_of(object, "else").unwrap_or_default(),
            },
            "parts" => Fact::Parts {
                from: object.get("from").and_then(Value::as_u64).unwrap_or(0) as usize,
            },
            "hunks" => Fact::Hunks,
            _ => return Part::Nothing,
        });
    }
    if let Some(arg) = object.get("arg") {
        return Part::Arg {
            arg: arg.as_str().unwrap_or_default().to_string(),
            value: text_of(object, "value"),
            value_only: object
                .get("valueOnly")
                .is_some_and(|v| v.as_bool() == Some(true)),
        };
    }
    Part::Nothing
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
    Value::String(text.to_string()).to_string()
}

#[cfg(test)]
mod tests;
