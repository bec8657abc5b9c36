//! The library's messages in the words of OpenAI's apply_patch tool, for a front-end
//! that has no renderer of its own (the Python `ApplyPatchEditor`): the agent tools'
//! names (`read_file`, `old_text`, `"encoding": "gbk"`), `create_file` for `write_file`
//! and `update_file` for `edit_file`, and the tool's sentences for the phrases it says
//! otherwise (it has no read tool, no encoding argument, no way to let a guard through).
//!
//! Said by the one renderer of messages ([`crate::render`]) that the JavaScript handler
//! says them with too, in the words its vocabulary gives (lib/tools/hosts/openai.js
//! `VOCABULARY` over lib/tools/wording.js `TOOL_WORDS`); `python/tests/test_openai_editor.py`
//! checks that both give the same text for the same failures.

use std::collections::HashMap;
use std::sync::OnceLock;

use crate::error::Error;
use crate::message::{Name, Op};
use crate::render::{parts_of, Fact, Failure, Part, Words};

/// An error as the model reads it: its message, its hint, and the lines it is about
/// when the message does not name them.
pub(crate) fn said(error: &Error) -> String {
    let failure = Failure {
        parts: Some(parts_of(error.message())),
        hint_parts: error.hint().map(parts_of),
        lines: error.lines().iter().map(|&n| u64::from(n)).collect(),
        ..Failure::default()
    };
    words().render_failure(&failure)
}

/// The tool's words: the agent tools' names, `create_file` and `update_file` for the
/// operations it has, and its sentences.
fn words() -> &'static Words {
    static WORDS: OnceLock<Words> = OnceLock::new();
    WORDS.get_or_init(|| {
        let text = |s: &str| vec![Part::Text(s.to_string())];
        let mut ops: HashMap<String, Vec<Part>> = [
            (Op::ReadFile, Op::ReadFile.rust_name()),
            (Op::EditFile, "update_file"),
            (Op::MultiEdit, Op::MultiEdit.rust_name()),
            (Op::DeleteRange, Op::DeleteRange.rust_name()),
            (Op::WriteFile, "create_file"),
            (Op::ApplyPatch, Op::ApplyPatch.rust_name()),
            (Op::ConvertEncoding, "an encoding conversion (which these tools do not do)"),
        ]
        .into_iter()
        .map(|(op, said)| (op.id().to_string(), text(said)))
        .collect();
        // The agent tools' own name, from the names' table: no API name is a literal.
        let convert = format!("{} with eol \"lf\" or \"crlf\"", Op::WriteFile.rust_name());
        ops.insert(Op::ConvertEol.id().to_string(), text(&convert));
        let mut args: HashMap<String, String> = [
            Name::OldText,
            Name::NewText,
            Name::ReplaceAll,
            Name::StartAnchor,
            Name::EndAnchor,
        ]
        .into_iter()
        .map(|name| (name.id().to_string(), name.rust_name().to_string()))
        .collect();
        // What stands for a setting of the host's, and the tools' other names.
        for (arg, said) in [
            (Name::ExpectedVersion.id(), "the version read"),
            (Name::ExpectedVersions.id(), "the version read"),
            (Name::MaxBytes.id(), "the size limit"),
            (Name::Patch.id(), "input"),
            ("startLine", "start_line"),
            ("endLine", "end_line"),
        ] {
            args.insert(arg.to_string(), said.to_string());
        }
        let value = |of: &str| Part::Fact(Fact::Value { of: of.into(), json: false });
        let sentences: HashMap<String, Vec<Part>> = [
            (
                "as-option",
                vec![
                    Part::Text("as the \"".into()),
                    Part::Fact(Fact::Arg { or: Name::Encoding.id().into() }),
                    Part::Text("\" argument".into()),
                ],
            ),
            ("change-encoding", text("these tools keep the encoding a file has")),
            (
                "convert-encoding-first",
                vec![
                    Part::Text(", or ask the user to convert the file to an encoding that has them (such as ".into()),
                    value("to"),
                    Part::Text(") first".into()),
                ],
            ),
            (
                "larger-max-bytes",
                text("The size limit is the host's setting: ask the user if the file really must be read."),
            ),
            (
                "larger-max-bytes-write",
                text("The size limit is the host's setting: write less at once (split the content into several files), or ask the user."),
            ),
            ("pass-utf-16", text("it cannot be patched: ask the user to give it a byte order mark")),
            (
                "give-encoding",
                text("Use only ASCII characters in the + lines for this file, or ask the user to declare its encoding in .editorconfig (charset) or .gitattributes (working-tree-encoding)."),
            ),
            (
                "pass-it",
                text("ask the user to declare it in .editorconfig (charset) or .gitattributes (working-tree-encoding)"),
            ),
            ("pass-the-right-one", text("ask the user to declare the right one")),
            // It has no read tool: a quote is the file's own lines.
            ("as-listed-it", text("as the file has it")),
            ("as-listed-them", text("as the file has them")),
            ("numbered-as-listed", text("numbered from the first line of the file")),
            ("no-prefixes", text("")),
            ("read-again", text("Read it again")),
            ("read-first", text("Read it first")),
            ("create-it", text("or create it with a create_file operation")),
            ("add-file", text("to create a file, use a create_file operation")),
            ("or-convert-eol", text(", or ask the user to convert the file's line endings")),
            // Each operation closes its own failure (V4aOperation::failure).
            ("fix-patch", text("")),
            // An apply_patch_call has no room for more than its operation.
            (
                "allow-guard",
                vec![
                    Part::Text("This tool cannot let the ".into()),
                    value("guards"),
                    Part::Text(" guard through: write the text another way, or ask the user.".into()),
                ],
            ),
        ]
        .into_iter()
        .map(|(id, said)| (id.to_string(), said))
        .collect();
        Words {
            ops,
            args,
            listing: vec![Part::Op { op: Op::ReadFile.id().into(), listing: false }],
            sentences,
            ..Words::default()
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::ErrorCode;
    use crate::message::Part as MessagePart;
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
            MessagePart::Arg {
                name: Name::Encoding,
                value: Some("gbk".into())
            }
        ];
        assert_eq!(
            words().render(&parts_of(&message)),
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
            words().render(&parts_of(&message)),
            "read it again. Copy them as the file has them."
        );
        let capital = parts![read_again("Read the file again"), "."];
        assert_eq!(words().render(&parts_of(&capital)), "Read it again.");
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
                MessagePart::from("Closest:\n"),
                MessagePart::Line {
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
