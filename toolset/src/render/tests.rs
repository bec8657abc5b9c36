use serde_json::json;

use super::Words;

fn tools() -> Words {
    Words::from_value(&json!({
        "ops": { "readFile": "read_file", "writeFile": "write_file" },
        "args": { "oldText": "old_text" },
        "listing": "read_file",
        "sentences": {
            "read-again": ["Read it again with ", { "op": "readFile" }],
            "as-option": ["as the \"", { "fact": "arg", "else": "encoding" }, "\" argument"],
            "convert-first": [", or convert it to ", { "fact": "value", "of": "to" }, " first"],
            "allow-guard": ["pass \"allow\": [", { "fact": "value", "of": "guards", "json": true }, "]"],
            "rest": ["call again with ", { "fact": "parts", "from": 1 }],
            "keep": "SEARCH lines"
        }
    }))
    .unwrap()
}

fn cli() -> Words {
    Words::from_value(&json!({
        "ops": { "writeFile": "'eol-edit write'" },
        "args": { "oldText": "the --old text", "encoding": "--encoding" },
        "form": "command"
    }))
    .unwrap()
}

#[test]
fn references_are_said_by_the_front_ends_names_and_text_as_it_is() {
    let parts = json!(["Use ", { "op": "writeFile" }, " with ", { "arg": "encoding", "value": "gbk" }, " or ", { "arg": "encoding", "value": "utf-8", "valueOnly": true }, "; ", { "arg": "oldText" }, " \"x\"."]);
    assert_eq!(
        tools().render(&parts),
        "Use write_file with \"encoding\": \"gbk\" or \"utf-8\"; old_text \"x\"."
    );
    assert_eq!(
        cli().render(&parts),
        "Use 'eol-edit write' with --encoding gbk or --encoding utf-8; the --old text \"x\"."
    );
    // An operation or argument the words leave out is said by its own name.
    assert_eq!(
        tools().render(&json!([{ "op": "applyEdits" }, " ", { "arg": "maxBytes" }])),
        "applyEdits maxBytes"
    );
}

#[test]
fn a_command_lines_argument_that_begins_a_sentence_is_capitalised() {
    let words = cli();
    assert_eq!(
        words.render(&json!([{ "arg": "oldText" }, " is empty."])),
        "The --old text is empty."
    );
    assert_eq!(
        words.render(&json!(["It failed. ", { "arg": "oldText" }])),
        "It failed. The --old text"
    );
    assert_eq!(
        words.render(&json!(["Give ", { "arg": "oldText" }])),
        "Give the --old text"
    );
    // A colon ends the start of a sentence too, but only with a space after it.
    assert_eq!(
        words.render(&json!(["Fix: ", { "arg": "oldText" }])),
        "Fix: The --old text"
    );
    assert_eq!(
        words.render(&json!(["a:", { "arg": "oldText" }])),
        "a:the --old text"
    );
}

#[test]
fn a_phrase_is_the_front_ends_sentence_in_the_case_the_phrase_starts_with() {
    let words = tools();
    let again =
        |first: &str| json!([{ "phrase": "read-again", "parts": [first, { "op": "readFile" }] }]);
    assert_eq!(
        words.render(&again("Read it again with ")),
        "Read it again with read_file"
    );
    assert_eq!(
        words.render(&again("read it again with ")),
        "read it again with read_file"
    );
    // A phrase without a sentence says its own parts; a word in capitals keeps them.
    assert_eq!(
        words.render(&json!([{ "phrase": "unknown", "parts": ["as ", { "op": "writeFile" }] }])),
        "as write_file"
    );
    assert_eq!(
        words.render(&json!([{ "phrase": "keep", "parts": ["the hunk's lines"] }])),
        "SEARCH lines"
    );
}

#[test]
fn a_sentence_says_the_facts_of_its_phrase() {
    let words = tools();
    let phrase = |id: &str, parts: serde_json::Value| json!([{ "phrase": id, "parts": parts }]);
    assert_eq!(
        words.render(&phrase("as-option", json!(["as ", { "arg": "oldText" }]))),
        "as the \"old_text\" argument"
    );
    assert_eq!(
        words.render(&phrase("as-option", json!(["as the option"]))),
        "as the \"encoding\" argument"
    );
    let nested = json!([", or convert ", { "phrase": "x", "parts": [{ "arg": "to", "value": "utf-8" }] }, { "arg": "to", "value": "gbk" }]);
    assert_eq!(
        words.render(&phrase("convert-first", nested)),
        ", or convert it to utf-8 first"
    );
    assert_eq!(
        words.render(&phrase(
            "allow-guard",
            json!(["pass ", { "arg": "guards", "value": "elision" }])
        )),
        "pass \"allow\": [\"elision\"]"
    );
    let rest = json!(["pass ", { "arg": "encoding", "value": "utf-16le" }, " (or ", { "arg": "encoding", "value": "utf-16be", "valueOnly": true }, ")"]);
    assert_eq!(
        words.render(&phrase("rest", rest)),
        "call again with \"encoding\": \"utf-16le\" (or \"utf-16be\")"
    );
}

#[test]
fn quoted_lines_and_hunks_are_said_as_the_front_end_numbers_them() {
    let line = json!([{ "line": 7, "width": 3, "text": "x" }, "\n", { "hunk": 1 }]);
    assert_eq!(tools().render(&line), "  7│x\nhunk #2");
    let host = Words::from_value(&json!({
        "line": { "pad": 6, "after": "\t" },
        "hunks": { "names": [null, "SEARCH block #1"], "else": "a SEARCH block" }
    }))
    .unwrap();
    assert_eq!(host.render(&line), "     7\tx\nSEARCH block #1");
    assert_eq!(
        host.render(&json!([{ "hunk": 0 }, " ", { "hunk": 5 }])),
        "a SEARCH block a SEARCH block"
    );
    let bare = Words::from_value(&json!({ "line": { "pad": 0, "after": ": " } })).unwrap();
    assert_eq!(bare.render(&line), "7: x\nhunk #2");
}

#[test]
fn the_listing_is_the_front_ends_numbered_view() {
    let parts = json!(["quoted as ", { "op": "readFile", "listing": true }, " shows it"]);
    assert_eq!(tools().render(&parts), "quoted as read_file shows it");
    assert_eq!(cli().render(&parts), "quoted as readFile shows it");
}

#[test]
fn words_that_are_wrong_are_refused_with_what_is_wrong() {
    assert!(Words::from_json("{").unwrap_err().contains("not JSON"));
    assert!(Words::from_value(&json!({ "op": {} }))
        .unwrap_err()
        .contains("unknown key \"op\""));
    assert!(Words::from_value(&json!({ "form": "yaml" }))
        .unwrap_err()
        .contains("form"));
    assert!(Words::from_value(&json!({ "args": { "a": 1 } }))
        .unwrap_err()
        .contains("args.a"));
    assert_eq!(tools().render_json("\"as it is\"").unwrap(), "as it is");
}

#[test]
fn a_failure_says_its_message_hint_lines_and_which_edit_or_patch_failed() {
    let words = tools();
    let failure = |facts: serde_json::Value| words.render_failure_json(&facts.to_string()).unwrap();
    // The hint follows as a sentence of its own; a quoted line ends one too.
    assert_eq!(
        failure(json!({ "parts": ["Not found"], "hint": "Read it again." })),
        "Not found. Read it again."
    );
    assert_eq!(
        failure(json!({ "parts": ["Not found."], "hintParts": ["Use ", { "op": "readFile" }] })),
        "Not found. Use read_file"
    );
    assert_eq!(
        failure(
            json!({ "parts": ["Closest:\n", { "line": 3, "width": 1, "text": "x" }], "hint": "Copy it." })
        ),
        "Closest:\n3│x Copy it."
    );
    // Lines the message does not name are added; 12 is not line 2.
    assert_eq!(
        failure(json!({ "parts": ["Found on line 12."], "lines": [2, 12] })),
        "Found on line 12. (lines 2, 12)"
    );
    assert_eq!(
        failure(json!({ "parts": ["Found on lines 2 and 12."], "lines": [2, 12] })),
        "Found on lines 2 and 12."
    );
    assert_eq!(
        failure(json!({ "parts": [{ "line": 4, "width": 1, "text": "y" }], "lines": [4] })),
        "4│y"
    );
    // An edit of several: the tools name it their way, not the core's.
    let edit = json!({ "parts": [{ "phrase": "which-edit", "parts": ["edits[1]: "] }, "Not found."], "editIndex": 1 });
    assert_eq!(failure(edit), "edit #2 (edits[1]) failed: Not found. Nothing was written: fix that edit and send all the edits again.");
    assert_eq!(failure(json!({ "parts": ["a.txt: no match."], "fileIndex": 0 })), "a.txt: no match. Nothing was written: fix that part of the patch and send the whole patch again.");
    // Not one of eol-edit's errors: its message as it is, and a hint it does not have already.
    assert_eq!(
        failure(json!({ "message": "EACCES", "hint": "Ask the user" })),
        "EACCES. Ask the user"
    );
    assert_eq!(
        failure(json!({ "message": "EACCES: Ask the user", "hint": "Ask the user" })),
        "EACCES: Ask the user"
    );
}
