//! The library's messages in the words of OpenAI's apply_patch tool, for a front-end
//! that has no renderer of its own (the Python `ApplyPatchEditor`): the agent tools'
//! names (`read_file`, `old_text`, `"encoding": "gbk"`), `create_file` for `write_file`
//! and `update_file` for `edit_file`, and the tool's sentences for the phrases it says
//! otherwise (it has no read tool, no encoding argument, no way to let a guard through).
//!
//! The JavaScript handler says the same with its renderer (lib/tools/wording.js,
//! `handlerWords` over `TOOL_WORDS`) and its vocabulary (lib/tools/hosts/openai.js
//! `VOCABULARY`); `python/tests/test_openai_editor.py` checks that both give the same
//! text for the same failures.

use crate::error::Error;
use crate::message::{Message, Name, Op, Part};

use super::json_string;

/// An error as the model reads it: its message, its hint, and the lines it is about
/// when the message does not name them.
pub(crate) fn said(error: &Error) -> String {
    let mut parts: Vec<Part> = error.message().parts().to_vec();
    if let Some(hint) = error.hint() {
        parts.push(Part::from(if ends_sentence(&parts) { " " } else { ". " }));
        parts.extend(hint.parts().iter().cloned());
    }
    let lines = error.lines();
    let plain = plain_text(&parts);
    if !lines.is_empty() && !lines.iter().all(|&n| mentions(&plain, n)) {
        let listed: Vec<String> = lines.iter().map(ToString::to_string).collect();
        let word = if lines.len() == 1 { "line" } else { "lines" };
        parts.push(Part::from(format!(" ({word} {})", listed.join(", "))));
    }
    render_into(String::new(), &parts)
}

/// Whether parts end a sentence (or a quoted line, which a hint follows as the
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
    parts
        .iter()
        .map(|p| match p {
            Part::Text(text) => text.to_string(),
            Part::Phrase { message, .. } => plain_text(message.parts()),
            Part::Line { number, text, .. } => format!("{number} {text}"),
            _ => String::new(),
        })
        .collect()
}

/// Whether `text` has the number `n` as a number of its own (not inside 123).
fn mentions(text: &str, n: u32) -> bool {
    let digits = n.to_string();
    let bytes = text.as_bytes();
    text.match_indices(&digits).any(|(at, _)| {
        let before = at.checked_sub(1).map(|i| bytes[i].is_ascii_digit());
        let after = bytes.get(at + digits.len()).map(u8::is_ascii_digit);
        before != Some(true) && after != Some(true)
    })
}

/// `before` followed by `parts` rendered (`before` tells whether a part begins a
/// sentence).
fn render_into(before: String, parts: &[Part]) -> String {
    let mut out = before;
    for part in parts {
        match part {
            Part::Text(text) => out.push_str(text),
            Part::Phrase { id, message } => out = render_phrase(out, id, message),
            Part::Line {
                number,
                width,
                text,
            } => out.push_str(&format!(
                "{number:>width$}\u{2502}{text}",
                width = *width as usize
            )),
            Part::Hunk { index } => out.push_str(&format!("hunk #{}", u64::from(*index) + 1)),
            Part::Op(op) => out.push_str(&op_word(*op)),
            Part::Listing => out.push_str(&op_word(Op::ReadFile)),
            Part::Value { value, .. } => out.push_str(&json_string(value)),
            Part::Arg { name, value } => {
                let named = arg_word(name);
                match value {
                    None => out.push_str(&named),
                    Some(value) => {
                        out.push_str(&format!("{}: {}", json_string(&named), json_string(value)))
                    }
                }
            }
        }
    }
    out
}

/// An operation as the tool names it.
fn op_word(op: Op) -> String {
    match op {
        Op::WriteFile => "create_file".into(),
        Op::EditFile => "update_file".into(),
        Op::ReadFile | Op::MultiEdit | Op::DeleteRange | Op::ApplyPatch => op.rust_name().into(),
        // The agent tools' own name, from the names' table: no API name is a literal.
        Op::ConvertEol => format!("{} with eol \"lf\" or \"crlf\"", Op::WriteFile.rust_name()),
        Op::ConvertEncoding => "an encoding conversion (which these tools do not do)".into(),
        other => other.id().into(),
    }
}

/// An argument as the tool names it: the agent tools' name, or what stands for a
/// setting of the host's.
fn arg_word(name: &Name) -> String {
    match name {
        Name::OldText | Name::NewText | Name::ReplaceAll | Name::StartAnchor | Name::EndAnchor => {
            name.rust_name().into()
        }
        Name::ExpectedVersion | Name::ExpectedVersions => "the version read".into(),
        Name::MaxBytes => "the size limit".into(),
        Name::Patch => "input".into(),
        other => other.id().into(),
    }
}

/// A phrase: the tool's sentence for it when it has one, in the case the phrase starts
/// with, else its own parts.
fn render_phrase(before: String, id: &str, message: &Message) -> String {
    let Some(text) = sentence(id, message) else {
        return render_into(before, message.parts());
    };
    let first = match message.parts().first() {
        Some(Part::Text(text)) => text.chars().next(),
        _ => None,
    };
    let text = in_case_of(first, &text);
    before + &text
}

/// The tool's sentence for a phrase, by its id, from the values the phrase holds.
fn sentence(id: &str, message: &Message) -> Option<String> {
    let value = |arg: &str| value_of(message.parts(), arg).unwrap_or_else(|| "undefined".into());
    Some(match id {
        "as-option" => {
            let arg = first_arg(message.parts()).unwrap_or(Name::Encoding);
            format!("as the \"{}\" argument", arg_word(&arg))
        }
        "change-encoding" => "these tools keep the encoding a file has".into(),
        "convert-encoding-first" => format!(
            ", or ask the user to convert the file to an encoding that has them (such as {}) first",
            value("to")
        ),
        "larger-max-bytes" => {
            "The size limit is the host's setting: ask the user if the file really must be read."
                .into()
        }
        "larger-max-bytes-write" => "The size limit is the host's setting: write less at once (split the content into several files), or ask the user.".into(),
        "pass-utf-16" => "it cannot be patched: ask the user to give it a byte order mark".into(),
        "give-encoding" => "Use only ASCII characters in the + lines for this file, or ask the user to declare its encoding in .editorconfig (charset) or .gitattributes (working-tree-encoding).".into(),
        "pass-it" => "ask the user to declare it in .editorconfig (charset) or .gitattributes (working-tree-encoding)".into(),
        "pass-the-right-one" => "ask the user to declare the right one".into(),
        // It has no read tool: a quote is the file's own lines.
        "as-listed-it" => "as the file has it".into(),
        "as-listed-them" => "as the file has them".into(),
        "numbered-as-listed" => "numbered from the first line of the file".into(),
        "no-prefixes" => String::new(),
        "read-again" => "Read it again".into(),
        "read-first" => "Read it first".into(),
        "create-it" => "or create it with a create_file operation".into(),
        "add-file" => "to create a file, use a create_file operation".into(),
        "or-convert-eol" => ", or ask the user to convert the file's line endings".into(),
        // Each operation closes its own failure (V4aOperation::failure).
        "fix-patch" => String::new(),
        // An apply_patch_call has no room for more than its operation.
        "allow-guard" => format!(
            "This tool cannot let the {} guard through: write the text another way, or ask the user.",
            value("guards")
        ),
        _ => return None,
    })
}

/// The value the first argument `arg` inside parts (phrases too) holds.
fn value_of(parts: &[Part], arg: &str) -> Option<String> {
    parts.iter().find_map(|p| match p {
        Part::Phrase { message, .. } => value_of(message.parts(), arg),
        Part::Arg {
            name,
            value: Some(value),
        }
        | Part::Value { name, value }
            if name.id() == arg =>
        {
            Some(value.to_string())
        }
        _ => None,
    })
}

/// The first argument parts name (phrases too).
fn first_arg(parts: &[Part]) -> Option<Name> {
    parts.iter().find_map(|p| match p {
        Part::Phrase { message, .. } => first_arg(message.parts()),
        Part::Arg { name, .. } | Part::Value { name, .. } => Some(name.clone()),
        _ => None,
    })
}

/// `text` starting in the case of `first` (a letter of the phrase it stands for), but
/// for a word in capitals, which keeps them (`SEARCH lines`).
fn in_case_of(first: Option<char>, text: &str) -> String {
    let Some(first) = first.filter(|c| c.is_lowercase() || c.is_uppercase()) else {
        return text.to_string();
    };
    let mut chars = text.chars();
    let Some(head) = chars.next() else {
        return String::new();
    };
    let next = chars.clone().next();
    if next.is_some_and(char::is_uppercase) && head.is_uppercase() {
        return text.to_string();
    }
    let head: String = if first.is_uppercase() {
        head.to_uppercase().collect()
    } else {
        head.to_lowercase().collect()
    };
    head + chars.as_str()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::ErrorCode;
    use crate::message::{as_listed, no_prefixes, parts, read_again};

    #[test]
    fn names_operations_and_arguments_as_the_tool_does() {
        let message = parts![
            "use ",
            Op::WriteFile,
            " or ",
            Op::ReadFile,
            " with ",
            Name::OldText,
            "; ",
            Part::Arg {
                name: Name::Encoding,
                value: Some("gbk".into())
            }
        ];
        assert_eq!(
            render_into(String::new(), message.parts()),
            "use create_file or read_file with old_text; \"encoding\": \"gbk\""
        );
    }

    #[test]
    fn says_the_tools_sentences_in_the_case_of_the_phrase() {
        let message = parts![
            read_again("read the file again"),
            ". Copy them ",
            as_listed("them"),
            no_prefixes(),
            "."
        ];
        assert_eq!(
            render_into(String::new(), message.parts()),
            "read it again. Copy them as the file has them."
        );
        let capital = parts![read_again("Read the file again"), "."];
        assert_eq!(
            render_into(String::new(), capital.parts()),
            "Read it again."
        );
        assert_eq!(in_case_of(Some('s'), "SEARCH lines"), "SEARCH lines");
    }

    #[test]
    fn an_error_is_its_message_its_hint_and_the_lines_it_does_not_name() {
        let error = Error::new(ErrorCode::TextNotFound, "Not found")
            .with_hint("Check it.")
            .with_lines(vec![3, 4]);
        assert_eq!(said(&error), "Not found. Check it. (lines 3, 4)");
        let named = Error::new(ErrorCode::TextNotFound, "Not found at line 3.").with_lines(vec![3]);
        assert_eq!(said(&named), "Not found at line 3.");
        let quoted = Error::new(
            ErrorCode::TextNotFound,
            vec![
                Part::from("Closest:\n"),
                Part::Line {
                    number: 12,
                    width: 3,
                    text: "x".into(),
                },
            ],
        )
        .with_hint("Copy it.");
        assert_eq!(said(&quoted), "Closest:\n 12\u{2502}x Copy it.");
    }
}
