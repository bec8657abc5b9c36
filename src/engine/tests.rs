use super::*;
use crate::eol::Ending;
use crate::message::Op;

fn edit(src: &str, old: &str, new: &str) -> Result<String> {
    apply_edits(src.as_bytes(), &[Edit::new(old, new)], "f")
        .map(|a| String::from_utf8(a.content(src.as_bytes())).unwrap())
}

#[test]
fn seed_000_crlf_file_with_lf_old_text_keeps_crlf() {
    assert_eq!(
        edit("line one\r\nfoo bar\r\nline three", "foo bar", "baz qux").unwrap(),
        "line one\r\nbaz qux\r\nline three"
    );
    assert_eq!(
        edit("a\r\nb\r\nc\r\nd", "b\nc\nd", "x\ny").unwrap(),
        "a\r\nx\r\ny"
    );
}

#[test]
fn seed_003_mixed_endings_are_kept_byte_for_byte() {
    assert_eq!(
        edit("head\r\nAAA OLD BBB\ntail\n", "OLD", "NEW").unwrap(),
        "head\r\nAAA NEW BBB\ntail\n"
    );
    assert_eq!(
        edit(
            "one\r\ntwo\r\nthree\nfour\r\n",
            "o\nthree\nfo",
            "O\nTHREE\nFO"
        )
        .unwrap(),
        "one\r\ntwO\r\nTHREE\nFOur\r\n"
    );
}

#[test]
fn endings_only_edits_convert_both_ways() {
    assert_eq!(edit("a\r\nb\r\n", "a\r\nb", "a\nb").unwrap(), "a\nb\r\n");
    assert_eq!(
        edit("a\nb\n", "a\nb\n", "a\r\nb\r\n").unwrap(),
        "a\r\nb\r\n"
    );
    let e = edit("a\r\nb\r\n", "a\nb", "a\r\nb").unwrap_err();
    assert_eq!(e.code, ErrorCode::NoChange);
    assert!(e.full_message().contains("convert_eol"));
    assert!(e
        .hint
        .unwrap()
        .flat()
        .contains(&crate::message::Part::Op(Op::ConvertEol)));
}

#[test]
fn endings_only_lf_never_matches_inside_crlf() {
    let out = apply_edits(b"a\r\nb\nc\r\n", &[Edit::new("\n", "\r\n").all()], "f").unwrap();
    assert_eq!(out.content(b"a\r\nb\nc\r\n"), b"a\r\nb\r\nc\r\n");
    assert_eq!(out.replacements, 1);
}

#[test]
fn literal_escapes_from_a_model_are_unescaped() {
    assert_eq!(edit("a\r\nb\r\n", "a\\nb", "a\\nB").unwrap(), "a\r\nB\r\n");
    assert_eq!(
        edit(
            "let s = `${x}`;\n",
            "let s = `\\${x}`;",
            "let s = `\\${y}`;"
        )
        .unwrap(),
        "let s = `${y}`;\n"
    );
}

#[test]
fn an_endings_change_written_with_escapes_is_applied_to_the_bytes() {
    let out = apply_edits(b"a\r\nb\r\n", &[Edit::new("a\\r\\nb", "a\\nb")], "f").unwrap();
    assert_eq!(out.content(b"a\r\nb\r\n"), b"a\nb\r\n");
    assert_eq!(out.matched_by, vec![Tier::Unescaped]);
    let all = apply_edits(b"a\r\nb\r\nc", &[Edit::new("\\r\\n", "\\n").all()], "f").unwrap();
    assert_eq!(all.content(b"a\r\nb\r\nc"), b"a\nb\nc");
    assert_eq!(all.replacements, 2);
    let to_crlf = apply_edits(b"a\nb\n", &[Edit::new("a\\nb", "a\\r\\nb")], "f").unwrap();
    assert_eq!(to_crlf.content(b"a\nb\n"), b"a\r\nb\n");
}

#[test]
fn an_escaped_endings_change_the_file_already_has_is_no_change() {
    let e = edit("a\nb\n", "a\\r\\nb", "a\\nb").unwrap_err();
    assert_eq!(e.code, ErrorCode::NoChange);
    assert!(e.message.text().contains("escapes"), "{}", e.message);
    let e = edit("x\ny\n", "a\\r\\nb", "a\\nb").unwrap_err();
    assert_eq!(e.code, ErrorCode::TextNotFound);
}

#[test]
fn line_number_prefixes_copied_from_read_file_are_taken_off_as_a_last_tier() {
    let src = b"fn a() {\r\n    one();\r\n}\r\n";
    let old = "  1\u{2502}fn a() {\n  2\u{2502}    one();";
    let new = "  1\u{2502}fn a() {\n  2\u{2502}    two();";
    let out = apply_edits(src, &[Edit::new(old, new)], "f").unwrap();
    assert_eq!(out.content(src), b"fn a() {\r\n    two();\r\n}\r\n");
    assert_eq!(out.matched_by, vec![Tier::LineNumbers]);
    // New lines written without the prefix are taken as they are.
    let out = apply_edits(src, &[Edit::new(old, "fn a() {\n    two();")], "f").unwrap();
    assert_eq!(out.content(src), b"fn a() {\r\n    two();\r\n}\r\n");
}

#[test]
fn line_number_prefixes_in_the_file_itself_are_matched_as_they_are() {
    let src = "  1\u{2502}a\n  2\u{2502}b\n".as_bytes();
    let out = apply_edits(src, &[Edit::new("  2\u{2502}b", "  2\u{2502}B")], "f").unwrap();
    assert_eq!(out.matched_by, vec![Tier::Exact]);
    assert_eq!(out.content(src), "  1\u{2502}a\n  2\u{2502}B\n".as_bytes());
}

#[test]
fn without_the_prefixes_not_found_either_is_explained_as_written() {
    let src = b"alpha\nbeta\n";
    let e = apply_edits(src, &[Edit::new("1\u{2502}gamma", "x")], "f").unwrap_err();
    assert_eq!(e.code, ErrorCode::TextNotFound);
    // A line without a prefix: the tier does not apply.
    let e = apply_edits(src, &[Edit::new("1\u{2502}alpha\nbeta", "x")], "f").unwrap_err();
    assert_eq!(e.code, ErrorCode::TextNotFound);
    // Without the prefix the edit changes nothing: still the text as written was
    // not found.
    let e = apply_edits(src, &[Edit::new("1\u{2502}alpha", "alpha")], "f").unwrap_err();
    assert_eq!(e.code, ErrorCode::TextNotFound);
}

#[test]
fn literal_escapes_that_are_in_the_file_are_matched_as_they_are() {
    // The exact tier decides first: a file holding the four characters \r\n.
    let src = "s = \"a\\r\\nb\";\n";
    assert_eq!(
        edit(src, "\"a\\r\\nb\"", "\"a\\nb\"").unwrap(),
        "s = \"a\\nb\";\n"
    );
}

#[test]
fn escapes_in_one_text_and_real_line_breaks_in_the_other_are_no_change() {
    let e = edit("a\r\nb\r\n", "a\\r\\nb", "a\nb").unwrap_err();
    assert_eq!(e.code, ErrorCode::NoChange);
    assert!(e.message.text().contains("escapes"), "{}", e.message);
}

#[test]
fn an_endings_only_edit_to_empty_text_is_not_found() {
    assert_eq!(
        edit("abc\n", "\r", "").unwrap_err().code,
        ErrorCode::TextNotFound
    );
    assert_eq!(
        edit("", "\r", "").unwrap_err().code,
        ErrorCode::TextNotFound
    );
}

#[test]
fn ambiguity_lists_every_line() {
    let e = edit("x\ny\nx\n", "x", "z").unwrap_err();
    assert_eq!(e.code, ErrorCode::TextMultipleMatches);
    assert_eq!(e.lines, vec![1, 3]);
    let all = apply_edits(b"x\r\ny\r\nx\r\n", &[Edit::new("x", "z").all()], "f").unwrap();
    assert_eq!(all.content(b"x\r\ny\r\nx\r\n"), b"z\r\ny\r\nz\r\n");
    assert_eq!(all.replacements, 2);
}

#[test]
fn the_count_of_places_and_the_lines_listed_agree_when_a_line_has_several() {
    let e = edit("x x x\ny\ny\ny\nx x x\n", "x", "z").unwrap_err();
    assert_eq!(e.code, ErrorCode::TextMultipleMatches);
    assert!(
        e.message()
            .to_string()
            .starts_with("old_text matches 6 places, at lines 1 (3 places), 5 (3 places)."),
        "{e}"
    );
    assert_eq!(e.lines, vec![1, 5]);
    // Overlapping places on one line: two places, one line.
    let e = edit("aaa\n", "aa", "z").unwrap_err();
    assert!(
        e.message()
            .to_string()
            .starts_with("old_text matches 2 places, at line 1 (2 places)."),
        "{e}"
    );
    // The endings-only path counts the same way.
    let e = edit("a\r\na\r\n", "a\r\n", "a\n").unwrap_err();
    assert!(
        e.message()
            .to_string()
            .starts_with("old_text matches 2 places, at lines 1, 2."),
        "{e}"
    );
}

#[test]
fn empty_old_text_and_no_ops_are_refused() {
    assert_eq!(
        edit("a", "", "b").unwrap_err().code,
        ErrorCode::InvalidArgument
    );
    assert_eq!(edit("a", "a", "a").unwrap_err().code, ErrorCode::NoChange);
    assert_eq!(
        edit("a  \nb", "a\nb", "a\nb").unwrap_err().code,
        ErrorCode::NoChange
    );
}

#[test]
fn multi_edit_failure_names_the_edit() {
    let e = apply_edits(
        b"a\nb\nc\n",
        &[
            Edit::new("a", "A"),
            Edit::new("zzz", "y"),
            Edit::new("c", "C"),
        ],
        "f",
    )
    .unwrap_err();
    assert_eq!((e.code, e.edit_index), (ErrorCode::TextNotFound, Some(1)));
    let text = e.message.to_string();
    assert!(
        text.starts_with("edit #2 of 3 (edits[1]) failed: old_text was not found"),
        "{text}"
    );
    // One edit is the call itself: its message names no edit.
    let one = apply_edits(b"a\n", &[Edit::new("zzz", "y")], "f").unwrap_err();
    let one = one.message.to_string();
    assert!(one.starts_with("old_text was not found"), "{one}");
}

#[test]
fn delete_range_is_exclusive_by_default_and_keeps_endings() {
    let src = b"start\r\nx\ny\r\nend\r\n";
    let out = delete_range(
        src,
        &Anchor::Text(b"start".to_vec()),
        &Anchor::Text(b"end".to_vec()),
        false,
        "f",
    )
    .unwrap();
    assert_eq!(out.content(src), b"start\r\nend\r\n");
    let inc = delete_range(src, &Anchor::Line(2), &Anchor::Line(4), true, "f").unwrap();
    assert_eq!(inc.content(src), b"start\r\n");
    let e = delete_range(src, &Anchor::Line(2), &Anchor::Line(3), false, "f").unwrap_err();
    assert_eq!(e.code, ErrorCode::EmptyRange);
    let e = delete_range(src, &Anchor::Line(3), &Anchor::Line(1), false, "f").unwrap_err();
    assert_eq!(e.code, ErrorCode::AnchorOrder);
}

#[test]
fn a_missing_anchor_quotes_the_closest_line_as_read_file_shows_it() {
    let src = b"int Add(int a, int b)\r\n{\r\n    return a + b;\r\n}\r\n";
    let e = delete_range(
        src,
        &Anchor::Text(b"int Add(int x, int y)".to_vec()),
        &Anchor::Line(4),
        true,
        "f",
    )
    .unwrap_err();
    assert_eq!(e.code, ErrorCode::AnchorNotFound);
    assert_eq!(e.lines, vec![1], "{}", e.message);
    assert_eq!(e.argument.as_ref().map(|a| a.id()), Some("startAnchor"));
    assert!(
        e.message.text().starts_with(
            "The start anchor `int Add(int x, int y)` is not a line of the file. \
             The closest is line 1 ("
        ),
        "{}",
        e.message
    );
    assert!(
        e.message
            .text()
            .contains("as read_file shows it:\n1\u{2502}int Add(int a, int b)"),
        "{}",
        e.message
    );
    assert!(!e.message.text().contains("startAnchor"), "{}", e.message);
    assert!(e.hint.is_some());
}

#[test]
fn a_missing_anchor_names_what_differs_on_the_closest_line() {
    let src = "a\n    say(\u{201C}hi\u{201D});  \nb\n".as_bytes();
    let e = delete_range(
        src,
        &Anchor::Line(1),
        &Anchor::Text(b"say(\"hi\");".to_vec()),
        true,
        "f",
    )
    .unwrap_err();
    assert_eq!(e.code, ErrorCode::AnchorNotFound);
    assert_eq!(e.lines, vec![2], "{}", e.message);
    assert_eq!(e.argument.as_ref().map(|a| a.id()), Some("endAnchor"));
    // Indentation and trailing spaces never fail an anchor, so they are not named.
    assert!(!e.message.text().contains("indent"), "{}", e.message);
    assert!(!e.message.text().contains("trailing"), "{}", e.message);
    assert!(
        e.message
            .text()
            .contains("line 2: the file has '\u{201C}' (U+201C) where the anchor has '\"'"),
        "{}",
        e.message
    );
}

#[test]
fn a_missing_anchor_names_a_second_line_nearly_as_close() {
    // Far apart, as two functions of a file are.
    let middle = "let x = 1;\n".repeat(10);
    let src = format!("fn alpha_a() {{}}\n{middle}fn alpha_b() {{}}\n");
    let src = src.as_bytes();
    let e = delete_range(
        src,
        &Anchor::Text(b"fn alpha_c() {}".to_vec()),
        &Anchor::Line(12),
        true,
        "f",
    )
    .unwrap_err();
    assert_eq!(e.lines, vec![1, 12], "{}", e.message);
    assert!(
        e.message.text().contains("Line 12 is nearly as close"),
        "{}",
        e.message
    );
    assert!(
        e.message.text().contains("12\u{2502}fn alpha_b() {}"),
        "{}",
        e.message
    );
}

#[test]
fn a_missing_anchor_far_from_every_line_says_so() {
    let e = delete_range(
        b"alpha\nbeta\n",
        &Anchor::Text(b"zzzz qqqq".to_vec()),
        &Anchor::Line(2),
        true,
        "f",
    )
    .unwrap_err();
    assert_eq!(e.code, ErrorCode::AnchorNotFound);
    assert!(e.lines.is_empty());
    assert!(
        e.message.text().contains("No line of the file is close"),
        "{}",
        e.message
    );
}

#[test]
fn anchor_errors_name_the_anchor_in_words_and_as_an_argument() {
    let src = b"a\nb\na\n";
    let e = delete_range(
        src,
        &Anchor::Text(b"a".to_vec()),
        &Anchor::Line(3),
        true,
        "f",
    )
    .unwrap_err();
    assert_eq!(e.code, ErrorCode::AnchorMultipleMatches);
    assert!(
        e.message
            .text()
            .starts_with("The start anchor `a` matches 2 lines"),
        "{}",
        e.message
    );
    assert_eq!(e.argument.as_ref().map(|a| a.id()), Some("startAnchor"));
    let e = delete_range(src, &Anchor::Line(1), &Anchor::Line(9), true, "f").unwrap_err();
    assert_eq!(e.code, ErrorCode::AnchorNotFound);
    assert_eq!(
        e.message.text(),
        "The end anchor: line 9 does not exist; the file has 3 lines."
    );
    assert_eq!(
        (e.lines.clone(), e.argument.as_ref().map(|a| a.id())),
        (vec![3], Some("endAnchor"))
    );
    let e = delete_range(src, &Anchor::Line(0), &Anchor::Line(2), true, "f").unwrap_err();
    assert_eq!(e.code, ErrorCode::InvalidArgument);
    assert_eq!(e.argument.as_ref().map(|a| a.id()), Some("startAnchor"));
    let e = delete_range(src, &Anchor::Line(2), &Anchor::Line(1), true, "f").unwrap_err();
    assert_eq!(
        e.message.text(),
        "The end anchor (line 1) comes before the start anchor (line 2)."
    );
}

#[test]
fn delete_range_to_the_end_keeps_no_final_newline() {
    let out = delete_range(
        b"a\r\nb\r\nc",
        &Anchor::Line(2),
        &Anchor::Line(3),
        true,
        "f",
    )
    .unwrap();
    assert_eq!(out.content(b"a\r\nb\r\nc"), b"a");
}

#[test]
fn write_over_keeps_each_kept_line_ending() {
    let out = write_over(
        Some(b"a\r\nb\nc\r\n"),
        b"a\nb\nX\nc\n",
        WriteEol::Preserve,
        || unreachable!("the file's own endings decide"),
    );
    assert_eq!(out, b"a\r\nb\nX\r\nc\r\n");
    assert_eq!(
        write_over(None, b"a\nb\n", WriteEol::Preserve, || Ending::CrLf),
        b"a\r\nb\r\n"
    );
    assert_eq!(
        write_over(
            Some(b"a\r\n"),
            b"x\ny\n",
            WriteEol::Force(Ending::Lf),
            || unreachable!("a forced ending needs no settings")
        ),
        b"x\ny\n"
    );
}

#[test]
fn convert_eol_refuses_a_no_op() {
    assert_eq!(
        convert_eol(b"a\nb\n", Ending::Lf, "f").unwrap_err().code,
        ErrorCode::NoChange
    );
    assert_eq!(
        convert_eol(b"a\r\nb\rc\n", Ending::CrLf, "f")
            .unwrap()
            .content(b"a\r\nb\rc\n"),
        b"a\r\nb\r\nc\r\n"
    );
}

#[test]
fn an_old_text_ending_in_a_newline_over_a_last_line_without_one_keeps_the_file_without_one() {
    // Models end old and new texts with a newline; the file's last line has none, and
    // the new text's newline is not a line the model meant to add.
    assert_eq!(edit("a\r\nb", "b\n", "B\n").unwrap(), "a\r\nB");
    assert_eq!(edit("a\nb", "a\nb\n", "a\nB\n").unwrap(), "a\nB");
    assert_eq!(edit("a\r\nb", "b\n", "b\nc\n").unwrap(), "a\r\nb\r\nc");
    assert_eq!(edit("a\rb", "a\nb\n", "A\nB\n").unwrap(), "A\rB");
    // A new text without the newline says the same; one with two adds a line.
    assert_eq!(edit("a\r\nb", "b\n", "B").unwrap(), "a\r\nB");
    assert_eq!(edit("a\r\nb", "b\n", "B\n\n").unwrap(), "a\r\nB\r\n");
    // A file that has its final newline keeps it, and a match elsewhere is untouched.
    assert_eq!(edit("a\r\nb\r\n", "b\n", "B\n").unwrap(), "a\r\nB\r\n");
    assert_eq!(edit("a\nb\nc", "a\n", "A\n").unwrap(), "A\nb\nc");
}
