//! The translation of V4A operations into envelope sections, and what it refuses.

use super::*;

fn op(kind: &str, path: &str, diff: Option<&str>, move_to: Option<&str>) -> Result<V4aOperation> {
    V4aOperation::new(kind, Some(path), diff, move_to)
}

fn invalid(result: Result<V4aOperation>) -> String {
    let error = result.unwrap_err();
    assert_eq!(error.code(), ErrorCode::InvalidArgument);
    error.message().to_string()
}

#[test]
fn create_file_ends_with_a_break_only_after_a_bare_plus() {
    let ended = op("create_file", "a.txt", Some("+one\n+two\n+"), None).unwrap();
    assert_eq!(ended.sections, ["*** Add File: a.txt\n+one\n+two\n"]);
    assert!(ended.ends_with_break);
    assert_eq!(ended.added, 2);

    let open = op("create_file", "a.txt", Some("+one\n+two\n"), None).unwrap();
    assert!(!open.ends_with_break);
    assert_eq!(
        open.sections,
        [
            "*** Add File: a.txt\n+one\n+two\n",
            "*** Update File: a.txt\n@@\n-two\n+two\n\\ No newline at end of file\n*** End of File\n",
        ]
    );
}

#[test]
fn create_file_takes_crlf_from_its_diff_and_reads_empty_lines_as_empty() {
    let made = op(
        "create_file",
        "a.txt",
        Some("+one\r\n\r\n+three\r\n+"),
        None,
    )
    .unwrap();
    assert_eq!(
        made.sections,
        ["*** Add File: a.txt\n+one\r\n+\r\n+three\r\n"]
    );
    assert_eq!(made.added, 3);
    let empty = op("create_file", "e.txt", Some(""), None).unwrap();
    assert_eq!(empty.sections, ["*** Add File: e.txt\n"]);
    assert_eq!((empty.added, empty.ends_with_break), (0, true));
}

#[test]
fn create_file_refuses_a_line_without_plus() {
    let said = invalid(op("create_file", "a.txt", Some("+one\ntwo\n"), None));
    assert!(
        said.starts_with("Line 2 of the diff of create_file a.txt does not start with +: \"two\"."),
        "{said}"
    );
}

#[test]
fn update_file_counts_lines_and_sends_marker_context_as_removed_and_added() {
    let diff = "@@ fn a\n keep\n-old\n+new\n+more\n *** End Patch\n @@ x\n";
    let made = op("update_file", "src/a.rs", Some(diff), None).unwrap();
    assert_eq!((made.added, made.removed), (2, 1));
    assert_eq!(
        made.sections,
        ["*** Update File: src/a.rs\n@@ fn a\n keep\n-old\n+new\n+more\n-*** End Patch\n+*** End Patch\n-@@ x\n+@@ x\n"]
    );
}

#[test]
fn update_file_with_an_empty_diff_has_no_section_unless_it_moves() {
    assert!(op("update_file", "a.txt", Some(""), None)
        .unwrap()
        .sections
        .is_empty());
    let moved = op("update_file", "a.txt", Some(""), Some("b/c.txt")).unwrap();
    assert_eq!(
        moved.sections,
        ["*** Update File: a.txt\n*** Move to: b/c.txt\n"]
    );
    assert_eq!(moved.move_to.as_deref(), Some("b/c.txt"));
    // Onto its own path: an update in place, as the SDKs do.
    let same = op("update_file", "a.txt", Some("@@\n-a\n+b\n"), Some("a.txt")).unwrap();
    assert_eq!(same.move_to, None);
    assert_eq!(same.sections, ["*** Update File: a.txt\n@@\n-a\n+b\n"]);
}

#[test]
fn a_diff_may_end_with_the_envelopes_closing_line_but_nothing_after_it() {
    let made = op(
        "update_file",
        "a.txt",
        Some("@@\n-a\n+b\n*** End Patch\n\n"),
        None,
    )
    .unwrap();
    assert_eq!(made.sections, ["*** Update File: a.txt\n@@\n-a\n+b\n"]);
    let said = invalid(op(
        "update_file",
        "a.txt",
        Some("-a\n+b\n*** End Patch\n*** Update File: b.txt\n"),
        None,
    ));
    assert!(
        said.starts_with("Line 4 of the diff of update_file a.txt comes after line 3, which ends the patch: \"*** Update File: b.txt\"."),
        "{said}"
    );
}

#[test]
fn no_line_of_an_update_can_open_a_section_about_another_file() {
    let said = invalid(op(
        "update_file",
        "a.txt",
        Some("-a\n*** Delete File: b.txt\n"),
        None,
    ));
    assert!(said.starts_with("Line 2 of the diff of update_file a.txt is a `***` line other than `*** End of File`: \"*** Delete File: b.txt\"."), "{said}");
    let said = invalid(op("update_file", "a.txt", Some("-a\nbare\n"), None));
    assert!(
        said.contains("is a line without a prefix: \"bare\""),
        "{said}"
    );
    assert!(said.ends_with(UPDATE_SHAPE), "{said}");
}

#[test]
fn a_section_the_envelope_cannot_read_names_the_line_of_the_diff() {
    // `*** End of File` with no hunk before it.
    let error = op("update_file", "a.txt", Some("*** End of File\n"), None).unwrap_err();
    assert_eq!(error.code(), ErrorCode::InvalidArgument);
    let said = error.message().to_string();
    assert!(
        said.starts_with("The diff of update_file a.txt is not valid, line 1: "),
        "{said}"
    );
    assert!(said.ends_with(UPDATE_SHAPE), "{said}");
}

#[test]
fn paths_are_one_line_without_surrounding_spaces() {
    assert_eq!(
        invalid(V4aOperation::new("delete_file", None, None, None)),
        "The path of delete_file must be a file's path."
    );
    assert_eq!(
        invalid(op("delete_file", "", None, None)),
        "The path of delete_file must be a file's path."
    );
    assert_eq!(
        invalid(op("delete_file", " a.txt", None, None)),
        "The path of delete_file \" a.txt\" has a line break or surrounding spaces; give the file's path alone."
    );
    assert!(invalid(op("update_file", "a.txt", Some(""), Some("b\nc")))
        .starts_with("The move_to of update_file \"b\\nc\""));
    assert_eq!(
        invalid(op("update_file", "a.txt", Some(""), Some(""))),
        "The move_to of update_file must be a file's path."
    );
    assert_eq!(
        invalid(op("create_file", "a.txt", Some("+a"), Some("b.txt"))),
        "create_file a.txt has a move_to; only update_file moves a file."
    );
}

#[test]
fn types_and_diffs_are_checked() {
    assert_eq!(
        invalid(op("rename_file", "a.txt", None, None)),
        "The operation's type must be create_file, update_file or delete_file, but it is \"rename_file\"."
    );
    assert_eq!(
        invalid(op("update_file", "a.txt", None, None)),
        "The diff of update_file a.txt must be a string."
    );
    let deleted = op("delete_file", "a.txt", Some("ignored"), None).unwrap();
    assert_eq!(deleted.sections, ["*** Delete File: a.txt\n"]);
}

#[test]
fn the_sections_apply_as_the_reference_reads_them() {
    use crate::api::options::PatchOptions;
    use crate::apply_patch_in_memory;
    let update = op(
        "update_file",
        "a.txt",
        Some("@@\n keep\n *** End Patch\n-old\n+new\n"),
        None,
    )
    .unwrap();
    let patch = V4aOperation::envelope(&update.sections);
    let lookup = |_: &std::path::Path| Ok(Some(b"keep\r\n*** End Patch\r\nold\r\n".to_vec()));
    let done = apply_patch_in_memory(&patch, lookup, &PatchOptions::default()).unwrap();
    assert_eq!(
        done.files[0].after.as_deref(),
        Some(&b"keep\r\n*** End Patch\r\nnew\r\n"[..])
    );

    let create = op("create_file", "n.txt", Some("+x\r\n+y"), None).unwrap();
    let nothing = |_: &std::path::Path| Ok(None);
    let done = apply_patch_in_memory(
        V4aOperation::envelope(&create.sections),
        nothing,
        &PatchOptions::default(),
    )
    .unwrap();
    let last = done.files.iter().rev().find_map(|f| f.after.clone());
    assert_eq!(last.as_deref(), Some(&b"x\r\ny"[..]));
}

fn applied<'a>(
    action: Action,
    diff: &'a str,
    (crlf, lf, cr): (usize, usize, usize),
    matched_by: &'a [Tier],
    warnings: &'a [String],
) -> V4aApplied<'a> {
    V4aApplied {
        action,
        diff,
        lf,
        crlf,
        cr,
        matched_by,
        warnings,
    }
}

#[test]
fn describes_each_operation_with_its_counts_and_endings() {
    let update = op("update_file", "a.txt", Some("-a\n+b\n+c\n"), None).unwrap();
    let said = update.describe(
        &[applied(Action::Update, "", (3, 0, 0), &[Tier::Exact], &[])],
        false,
    );
    assert_eq!(
        said,
        "Updated a.txt: +2 -1 lines; each line kept its line ending (endings now: CRLF)."
    );

    let create = op("create_file", "n.txt", Some("+x\n+y"), None).unwrap();
    let files = [
        applied(Action::Add, "+x\n+y\n", (0, 2, 0), &[], &[]),
        applied(Action::Update, "", (0, 1, 0), &[], &[]),
    ];
    assert_eq!(
        create.describe(&files, false),
        "Created n.txt: 2 lines, with no line break after the last line, line endings: LF."
    );

    let over = op("create_file", "n.txt", Some("+x\n+"), None).unwrap();
    let files = [applied(
        Action::Add,
        "--- a/n.txt\n+++ b/n.txt\n-old\n+x\n",
        (1, 0, 0),
        &[],
        &[],
    )];
    assert_eq!(over.describe(&files, false), "Replaced n.txt, which existed: +1 -1 lines; its line endings and BOM were kept (endings now: CRLF).");

    let moved = op("update_file", "a.txt", Some(""), Some("b.txt")).unwrap();
    let files = [applied(Action::Move, "", (1, 2, 0), &[], &[])];
    assert_eq!(
        moved.describe(&files, false),
        "Moved a.txt to b.txt; its content, line endings and BOM are as they were."
    );
    assert!(moved.describe(&files, true).contains("it replaced the file that was at b.txt, whose line endings and BOM it has (endings now: mixed (LF 2, CRLF 1))"));
}

#[test]
fn describes_lenient_matches_and_warnings_once() {
    let update = op("update_file", "a.txt", Some("-a\n+b\n"), None).unwrap();
    let warnings = ["odd byte kept".to_string()];
    let tiers = [Tier::TrailingWhitespace, Tier::TrailingWhitespace];
    let files = [
        applied(Action::Update, "", (0, 1, 0), &tiers, &warnings),
        applied(Action::Update, "", (0, 1, 0), &tiers, &warnings),
    ];
    let said = update.describe(&files, false);
    assert_eq!(
        said.lines().skip(1).collect::<Vec<_>>(),
        [
            "Note: a hunk matched only after ignoring trailing spaces/tabs; lines you did not change kept their exact bytes.",
            "Warning: odd byte kept"
        ]
    );
}

#[test]
fn failures_open_with_the_operation_and_say_what_to_do() {
    let update = op("update_file", "a.txt", Some("-a\n+b\n"), None).unwrap();
    assert_eq!(
        update.failure(ErrorCode::TextNotFound, "a.txt, hunk #1: not found."),
        "update_file a.txt, hunk #1: not found. Nothing was written: fix the diff and send the operation again."
    );
    assert_eq!(
        update.failure(ErrorCode::FileNotFound, "a.txt: no such file."),
        "update_file a.txt: no such file. Nothing was written."
    );
    assert_eq!(
        update.failure(ErrorCode::FileChanged, "It changed."),
        "update_file a.txt: It changed."
    );
    let delete = op("delete_file", "a.txt", None, None).unwrap();
    assert_eq!(
        delete.failure(ErrorCode::TextNotFound, "x."),
        "delete_file a.txt: x. Nothing was written."
    );
    assert_eq!(
        update.unchanged(),
        "a.txt is unchanged: it already has what the diff gives, so nothing was written."
    );
}
