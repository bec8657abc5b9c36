//! Changed lines keep the file's characters the model left alone: under each lenient
//! tier, with every kind of line ending, in decoded files, and in patches.

use super::*;
use crate::engine::{apply_edits, Edit};
use crate::file::testing::TempDir;
use crate::matching::Tier;
use crate::{ApplyOptions, PatchOptions};

/// The issue's line as the file has it, and as a model copies and changes it.
const FILE: &str = "msg = \u{201C}it\u{2019}s \u{2014} fine\u{201D}";
const OLD: &str = "msg = \"it's - fine\"";
const NEW: &str = "msg = \"it's - fine!\"";
const KEPT: &str = "msg = \u{201C}it\u{2019}s \u{2014} fine!\u{201D}";

/// The source after one edit, and the tier that matched it.
fn edit(source: &str, old: &str, new: &str) -> (String, Tier) {
    let applied = apply_edits(source.as_bytes(), &[Edit::new(old, new)], "f")
        .unwrap_or_else(|e| panic!("{}", e.full_message()));
    let content = String::from_utf8(applied.content(source.as_bytes())).unwrap();
    (content, applied.matched_by[0])
}

fn line(file: &str, old: &str, new: &str) -> String {
    let out = changed_line(file.as_bytes(), old.as_bytes(), new.as_bytes(), None);
    String::from_utf8(out.into_owned()).unwrap()
}

#[test]
fn a_changed_line_keeps_the_file_quotes_apostrophe_and_dash_the_model_left_alone() {
    let source = format!("fn main() {{\n    {FILE};\n}}\n");
    let (out, tier) = edit(&source, &format!("    {OLD};"), &format!("    {NEW};"));
    assert_eq!(tier, Tier::Unicode);
    assert_eq!(out, format!("fn main() {{\n    {KEPT};\n}}\n"));
}

#[test]
fn curly_quotes_are_kept_around_an_added_word() {
    let source = "say(\u{201C}hello\u{201D});\nnext();\n";
    let (out, tier) = edit(source, "say(\"hello\");", "say(\"hello world\");");
    assert_eq!(tier, Tier::Unicode);
    assert_eq!(out, "say(\u{201C}hello world\u{201D});\nnext();\n");
}

#[test]
fn an_em_dash_is_kept_when_the_model_changes_another_word() {
    let source = "// wait \u{2014} is this right\n";
    let (out, _) = edit(source, "// wait - is this right", "// wait - is that right");
    assert_eq!(out, "// wait \u{2014} is that right\n");
}

#[test]
fn a_no_break_space_is_kept() {
    let source = "price:\u{A0}100\u{A0}EUR\n";
    let (out, tier) = edit(source, "price: 100 EUR", "price: 120 EUR");
    assert_eq!(tier, Tier::Unicode);
    assert_eq!(out, "price:\u{A0}120\u{A0}EUR\n");
}

#[test]
fn a_decomposed_character_keeps_its_form() {
    // The file writes é as e and a combining acute accent; the model as one character.
    let source = "let cafe\u{301} = 1;\n";
    let (out, tier) = edit(source, "let caf\u{E9} = 1;", "let caf\u{E9} = 2;");
    assert_eq!(tier, Tier::Unicode);
    assert_eq!(out, "let cafe\u{301} = 2;\n");
}

#[test]
fn trailing_spaces_are_kept_on_a_changed_line() {
    // A Markdown hard line break the model dropped from its copy.
    let source = "first line  \nsecond line\t\nthird\n";
    let (out, tier) = edit(source, "first line\nsecond line", "first row\nsecond line");
    assert_eq!(tier, Tier::TrailingWhitespace);
    assert_eq!(out, "first row  \nsecond line\t\nthird\n");
}

#[test]
fn alignment_padding_is_kept_on_a_changed_line() {
    let source = "let a    = 1;\nlet bcd  = 2;\n";
    let (out, tier) = edit(
        source,
        "let a = 1;\nlet bcd = 2;",
        "let a = 10;\nlet bcd = 2;",
    );
    assert_eq!(tier, Tier::InnerWhitespace);
    assert_eq!(out, "let a    = 10;\nlet bcd  = 2;\n");
}

#[test]
fn padding_the_model_changed_is_written_as_it_sent_it() {
    let source = "let a    = 1;\nlet bcd  = 2;\n";
    let (out, _) = edit(
        source,
        "let a = 1;\nlet bcd = 2;",
        "let a  = 10;\nlet bcd = 2;",
    );
    assert_eq!(out, "let a  = 10;\nlet bcd  = 2;\n");
}

#[test]
fn the_indentation_tier_keeps_the_file_indentation_and_characters() {
    let source = "fn f() {\n\tif x {\n\t\tsay(\u{201C}hi\u{201D});\n\t}\n}\n";
    let (out, tier) = edit(
        source,
        "if x {\n    say(\"hi\");\n}",
        "if x {\n    say(\"hi there\");\n        nested();\n}",
    );
    assert_eq!(tier, Tier::Indentation);
    assert_eq!(
        out,
        "fn f() {\n\tif x {\n\t\tsay(\u{201C}hi there\u{201D});\n\t\t\tnested();\n\t}\n}\n"
    );
    // A line whose indentation the model changed is re-indented, its characters kept.
    let (out, _) = edit(
        source,
        "if x {\n    say(\"hi\");\n}",
        "if x {\n        say(\"hi!\");\n}",
    );
    assert_eq!(
        out,
        "fn f() {\n\tif x {\n\t\t\tsay(\u{201C}hi!\u{201D});\n\t}\n}\n"
    );
}

#[test]
fn an_edit_written_with_escapes_keeps_the_file_characters() {
    let source = format!("{FILE};\n");
    let (out, tier) = edit(
        &source,
        "msg = \\\"it's - fine\\\";",
        "msg = \\\"it's - fine!\\\";",
    );
    assert_eq!(tier, Tier::Unescaped);
    assert_eq!(out, format!("{KEPT};\n"));
}

#[test]
fn a_quote_the_model_really_changes_is_written_as_it_sent_it() {
    let source = "say(\u{201C}hi\u{201D});\n";
    // Old has `"`, new has `'`: the model changed the quotes.
    let (out, _) = edit(source, "say(\"hi\");", "say('hi there');");
    assert_eq!(out, "say('hi there');\n");
    // One changed, one left alone.
    let (out, _) = edit(source, "say(\"hi\");", "say(\"hi there');");
    assert_eq!(out, "say(\u{201C}hi there');\n");
    // A curly quote the model writes itself is written too.
    let (out, _) = edit(source, "say(\"hi\");", "say(\u{2018}hi\u{2019});");
    assert_eq!(out, "say(\u{2018}hi\u{2019});\n");
}

#[test]
fn keeps_the_file_characters_with_every_kind_of_ending() {
    for ending in ["\r\n", "\n", "\r"] {
        let source = format!("a{ending}{FILE}{ending}b{ending}");
        let (out, _) = edit(&source, &format!("a\n{OLD}\nb"), &format!("a\n{NEW}\nb"));
        assert_eq!(
            out,
            format!("a{ending}{KEPT}{ending}b{ending}"),
            "{ending:?}"
        );
    }
    // Mixed endings: each line keeps its own.
    let source = format!("a\r\n{FILE}\rb\nc");
    let (out, _) = edit(&source, &format!("a\n{OLD}\nb"), &format!("a\n{NEW}\nb"));
    assert_eq!(out, format!("a\r\n{KEPT}\rb\nc"));
}

#[test]
fn a_rewritten_line_is_the_model_line() {
    // The one quote they share is chance: the new line is the model's as it sent it.
    let (out, _) = edit(
        "say(\u{201C}hi\u{201D});\n",
        "say(\"hi\");",
        "x = \"a\" + b;",
    );
    assert_eq!(out, "x = \"a\" + b;\n");
    assert_eq!(
        line("say(\u{201C}hi\u{201D})", "say(\"hi\")", "let y = \"q\";"),
        "let y = \"q\";"
    );
    // Its trailing blanks and indentation are the model's too.
    assert_eq!(line("\told  ", "    old", "    new"), "    new");
}

#[test]
fn an_added_expression_keeps_the_quotes_of_the_one_it_follows_or_precedes() {
    let file = "x = \u{201C}b\u{201D}";
    assert_eq!(
        line(file, "x = \"b\"", "x = \"a\" + \"b\""),
        "x = \"a\" + \u{201C}b\u{201D}"
    );
    assert_eq!(
        line(file, "x = \"b\"", "x = \"b\" + \"c\""),
        "x = \u{201C}b\u{201D} + \"c\""
    );
}

#[test]
fn where_the_lines_do_not_pair_the_model_line_is_written() {
    // A blank line (nothing but blanks to keep), and a line emptied.
    assert_eq!(line("  \u{A0}", " ", "x"), "x");
    assert_eq!(line("say(\u{201C}hi\u{201D})  ", "say(\"hi\")", "  "), "  ");
    // Lines no tier would pair: a piece more, or a blank against a character.
    assert_eq!(
        line("a \u{201C}b\u{201D}", "a \"bc\"", "a \"bc\"!"),
        "a \"bc\"!"
    );
    assert_eq!(line("a\u{A0}b", "a-b", "a-b!"), "a-b!");
    // What the model's old line has exactly as the file does: its new line as it is.
    assert_eq!(
        line("say(\"hi\")", "say(\"hi\")", "say(\"hi!\")"),
        "say(\"hi!\")"
    );
}

#[test]
fn trailing_blanks_the_model_wrote_in_both_lines_take_the_file_ones() {
    // The model's copy has one trailing space where the file has two.
    assert_eq!(
        line("x = \u{201C}a\u{201D}  ", "x = \"a\" ", "x = \"b\" "),
        "x = \u{201C}b\u{201D}  "
    );
    // Trailing blanks the model adds are its own.
    assert_eq!(
        line("x = \u{201C}a\u{201D}", "x = \"a\"", "x = \"a\"  "),
        "x = \u{201C}a\u{201D}  "
    );
}

#[test]
fn invalid_bytes_in_a_changed_line_stay_as_they_are() {
    // Bytes that are not UTF-8 are pieces of their own, kept like characters.
    let out = changed_line(
        b"say(\xE2\x80\x9Chi\xE2\x80\x9D) \xFF",
        b"say(\"hi\") \xFF",
        b"say(\"hi there\") \xFF",
        None,
    );
    assert_eq!(&out[..], b"say(\xE2\x80\x9Chi there\xE2\x80\x9D) \xFF");
}

#[test]
fn a_windows_1252_file_keeps_its_bytes_and_gets_the_change() {
    // “it’s — fine” in windows-1252: 0x93, 0x92, 0x97, 0x94.
    let bytes = b"x\r\nmsg = \x93it\x92s \x97 fine\x94\r\n".to_vec();
    let options = ApplyOptions::default().with_encoding("windows-1252");
    let out = crate::apply_edits(bytes, &[crate::Edit::new(OLD, NEW)], &options).unwrap();
    assert_eq!(out.matched_by, [Tier::Unicode]);
    assert_eq!(out.content, b"x\r\nmsg = \x93it\x92s \x97 fine!\x94\r\n");
}

#[test]
fn a_utf16_file_keeps_its_characters_and_gets_the_change() {
    let utf16 = |text: &str| -> Vec<u8> {
        let mut out = vec![0xFF, 0xFE];
        out.extend(text.encode_utf16().flat_map(u16::to_le_bytes));
        out
    };
    let bytes = utf16(&format!("x\r\n{FILE}\r\n"));
    let out = crate::apply_edits(
        bytes,
        &[crate::Edit::new(OLD, NEW)],
        &ApplyOptions::default(),
    )
    .unwrap();
    assert_eq!(out.content, utf16(&format!("x\r\n{KEPT}\r\n")));
}

#[test]
fn a_file_not_valid_utf8_keeps_its_undecoded_bytes_on_the_changed_line() {
    // The byte 0x81 is shown as U+FFFD; the model copies it and changes the line.
    let bytes = b"say(\xE2\x80\x9Chi\xE2\x80\x9D) \x81\n".to_vec();
    let out = crate::apply_edits(
        bytes,
        &[crate::Edit::new(
            "say(\"hi\") \u{FFFD}",
            "say(\"hi there\") \u{FFFD}",
        )],
        &ApplyOptions::default(),
    )
    .unwrap();
    assert_eq!(out.content, b"say(\xE2\x80\x9Chi there\xE2\x80\x9D) \x81\n");
}

#[test]
fn a_patch_keeps_the_file_characters_on_the_lines_it_changes() {
    let dir = TempDir::new();
    dir.write("f.txt", format!("a\r\n{FILE}\r\nb\r\n"));
    let patch = format!(
        "*** Begin Patch\n*** Update File: f.txt\n@@\n a\n-{OLD}\n+{NEW}\n b\n*** End Patch\n"
    );
    let options = PatchOptions::default().with_cwd(dir.path());
    crate::apply_patch(patch, &options).unwrap();
    assert_eq!(
        dir.read("f.txt"),
        format!("a\r\n{KEPT}\r\nb\r\n").into_bytes()
    );
}
