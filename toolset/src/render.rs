//! A message in a front-end's words, as the bindings ask for it: the core's renderer
//! (`eol_edit::binding::render`, which the core's own V4A editor says its messages
//! with too), given its words and the parts of a message as JSON.
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

use eol_edit::binding::render::{self, Fact, Failure, Form, Pad, Part};
use serde_json::{Map, Value};

/// A front-end's words for the parts of a message, read from their JSON (see the
/// module's documentation).
#[derive(Debug, Clone)]
pub struct Words {
    words: render::Words,
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
        let words = render::Words {
            ops,
            args,
            form,
            pad,
            after_number,
            listing,
            hunks,
            sentences,
        };
        Ok(Words { words })
    }

    /// A message, given as the JSON text of its parts (or of one string), in these words.
    pub fn render_json(&self, parts: &str) -> Result<String, String> {
        let value: Value =
            serde_json::from_str(parts).map_err(|e| format!("parts are not JSON: {e}"))?;
        Ok(self.render(&value))
    }

    /// What a tool's failure says, given as the JSON text of the error's facts
    /// (`message`, and for one of eol-edit's errors its `parts`, `hint` or `hintParts`,
    /// `lines`, `editIndex` and `fileIndex`), in these words: the error's message and
    /// hint, the lines it is about when the message does not name them, and for an edit
    /// of several or a patch, which one failed and that nothing was written.
    pub fn render_failure_json(&self, failure: &str) -> Result<String, String> {
        let value: Value =
            serde_json::from_str(failure).map_err(|e| format!("a failure is not JSON: {e}"))?;
        Ok(self.words.render_failure(&failure_of(&value)))
    }

    /// A message, given as the JSON value of its parts (or one string), in these words.
    pub fn render(&self, parts: &Value) -> String {
        match parts {
            Value::String(text) => text.clone(),
            Value::Array(list) => self
                .words
                .render(&list.iter().map(part_of).collect::<Vec<_>>()),
            _ => String::new(),
        }
    }
}

/// The facts of a failure from their JSON.
fn failure_of(failure: &Value) -> Failure {
    let list = |key: &str| {
        failure
            .get(key)
            .and_then(Value::as_array)
            .map(|l| l.iter().map(part_of).collect())
    };
    let text = |key: &str| failure.get(key).and_then(Value::as_str).map(str::to_string);
    Failure {
        message: text("message").unwrap_or_default(),
        parts: list("parts"),
        hint: text("hint"),
        hint_parts: list("hintParts"),
        lines: failure
            .get("lines")
            .and_then(Value::as_array)
            .map_or_else(Vec::new, |l| l.iter().filter_map(Value::as_u64).collect()),
        edit_index: failure.get("editIndex").and_then(Value::as_u64),
        file_index: failure.get("fileIndex").and_then(Value::as_u64),
    }
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

#[cfg(test)]
mod tests;
