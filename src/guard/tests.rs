//! The guards through the API a Rust caller has: each reason refused, the lines that
//! must never trip one, what a refusal says, and the file left as it was.

use std::fs;

use super::{GuardReason, Guards};
use crate::file::testing::TempDir;
use crate::{
    apply_edits, apply_patch, edit_file, multi_edit, write_file, ApplyOptions, Edit, EditOptions,
    Error, ErrorCode, PatchOptions,
};

fn guarded(path: &str) -> ApplyOptions {
    ApplyOptions::default()
        .with_guards(Guards::all())
        .with_path(path)
}

/// The edit of `source` with every guard, as a JavaScript caller passes `guards: true`.
fn edit(path: &str, source: &str, old: &str, new: &str) -> Result<String, Error> {
    apply_edits(source, &[Edit::new(old, new)], &guarded(path)).map(|r| r.content)
}

fn refused(result: Result<String, Error>) -> Error {
    let error = result.expect_err("the guard should refuse it");
    assert_eq!(error.code(), ErrorCode::SuspectContent, "{error}");
    error
}

/// A file of `n` numbered lines.
fn numbered(n: usize) -> String {
    (0..n).map(|i| format!("line {i}\n")).collect()
}

// ---------------------------------------------------------------------------
// Each reason

#[test]
fn placeholder_refuses_a_line_that_stands_for_the_code_it_replaces() {
    let source = "fn a() {\n    one();\n    two();\n}\n";
    let e = refused(edit(
        "a.rs",
        source,
        "    one();\n    two();",
        "    // ... existing code ...\n    three();",
    ));
    assert_eq!(e.reason(), Some(GuardReason::Placeholder));
    assert_eq!(e.lines(), [2]);
    let text = e.full_message();
    assert!(text.contains("The placeholder guard refused this change: line 2 would only say that code is left out:\n2│    // ... existing code ..."), "{text}");
    assert!(
        text.contains(r#"leave "placeholder" out of guards"#),
        "{text}"
    );
    // Without the guard, the line is written.
    let options = ApplyOptions::default().with_path("a.rs");
    let edit = Edit::new("    one();", "    // ... existing code ...");
    assert!(apply_edits(source, &[edit], &options).is_ok());
}

#[test]
fn shrink_refuses_a_whole_file_cut_to_a_few_lines_and_gives_both_counts() {
    let dir = TempDir::new();
    dir.write("big.txt", numbered(3000));
    let options = EditOptions::default()
        .with_cwd(dir.path())
        .with_guards(Guards::all());
    let e = write_file(
        "big.txt",
        "line 0\nline 1\n// ... rest unchanged\n",
        &options,
    )
    .unwrap_err();
    assert_eq!(
        (e.code(), e.reason()),
        (ErrorCode::SuspectContent, Some(GuardReason::Shrink))
    );
    assert!(
        e.message()
            .contains("the new content has 3 lines, but the file has 3000"),
        "{e}"
    );
    assert_eq!(dir.read("big.txt"), numbered(3000).as_bytes());
    // With shrink let through, the placeholder line is what is refused next.
    let e = write_file(
        "big.txt",
        "line 0\nline 1\n// ... rest unchanged\n",
        &options
            .clone()
            .with_guards(Guards::all().without(GuardReason::Shrink)),
    )
    .unwrap_err();
    assert_eq!(
        (e.reason(), e.lines()),
        (Some(GuardReason::Placeholder), &[3][..])
    );
}

#[test]
fn shrink_protects_files_of_a_hundred_lines_from_losing_nine_in_ten() {
    let dir = TempDir::new();
    let options = EditOptions::default()
        .with_cwd(dir.path())
        .with_guards(Guards::from_iter([GuardReason::Shrink]));
    dir.write("99.txt", numbered(99));
    assert!(write_file("99.txt", "x\n", &options).is_ok());
    dir.write("100.txt", numbered(100));
    let e = write_file("100.txt", numbered(9), &options).unwrap_err();
    assert_eq!(e.reason(), Some(GuardReason::Shrink));
    // A tenth is kept: not cut short.
    assert!(write_file("100.txt", numbered(10), &options).is_ok());
    // A new file has nothing to lose.
    assert!(write_file("new.txt", "x\n", &options).is_ok());
}

#[test]
fn control_refuses_a_nul_the_file_does_not_have_and_says_how_to_write_the_escape() {
    let e = refused(edit("a.py", "a = \"x\"\n", "a = \"x\"", "a = \"\0\""));
    assert_eq!(
        (e.reason(), e.lines()),
        (Some(GuardReason::Control), &[1][..])
    );
    let text = e.full_message();
    assert!(text.contains("U+0000 (NUL)"), "{text}");
    assert!(text.contains("1│a = \"\\u0000\""), "{text}");
    assert!(
        text.contains(r"to write the six characters \u0000, escape the backslash: \\u0000"),
        "{text}"
    );
    // ESC too, and a C1 control.
    assert_eq!(
        refused(edit("f", "a\n", "a", "\x1b[31m")).reason(),
        Some(GuardReason::Control)
    );
    assert_eq!(
        refused(edit("f", "a\n", "a", "x\u{9b}y")).reason(),
        Some(GuardReason::Control)
    );
}

#[test]
fn markers_refuse_search_replace_envelope_and_conflict_lines() {
    let e = refused(edit(
        "f.txt",
        "x\na\ny\n",
        "a",
        "A\n=======\n>>>>>>> REPLACE",
    ));
    assert_eq!(
        (e.reason(), e.lines()),
        (Some(GuardReason::Markers), &[3][..])
    );
    assert!(
        e.message()
            .contains("line 3 would be the divider of a SEARCH/REPLACE block"),
        "{e}"
    );
    let e = refused(edit("f.txt", "x\na\ny\n", "a", "A\n>>>>>>> REPLACE"));
    assert!(
        e.message()
            .contains("line 3 would be a SEARCH/REPLACE marker"),
        "{e}"
    );
    for new in [
        "*** Begin Patch\nA",
        "A\n<<<<<<< HEAD\nB\n=======\nC\n>>>>>>> main",
        "------- SEARCH\nA",
    ] {
        assert_eq!(
            refused(edit("f.txt", "a\n", "a", new)).reason(),
            Some(GuardReason::Markers),
            "{new}"
        );
    }
}

#[test]
fn the_three_mistakes_are_refused_through_the_file_functions_and_the_files_untouched() {
    let dir = TempDir::new();
    dir.write("big.txt", numbered(3000));
    dir.write("a.txt", "a = \"x\"\n");
    dir.write("m.txt", "a\n");
    let options = EditOptions::default()
        .with_cwd(dir.path())
        .with_guards(Guards::all());
    let cut = "line 0\nline 1\n// ... rest unchanged\n";
    let refusals = [
        write_file("big.txt", cut, &options).unwrap_err(),
        edit_file("a.txt", "a = \"x\"", "a = \"\0\"", &options).unwrap_err(),
        edit_file("m.txt", "a", "A\n=======\n>>>>>>> REPLACE", &options).unwrap_err(),
    ];
    let reasons = refusals.map(|e| (e.code(), e.reason()));
    assert_eq!(
        reasons,
        [
            (ErrorCode::SuspectContent, Some(GuardReason::Shrink)),
            (ErrorCode::SuspectContent, Some(GuardReason::Control)),
            (ErrorCode::SuspectContent, Some(GuardReason::Markers)),
        ]
    );
    assert_eq!(dir.read("big.txt"), numbered(3000).as_bytes());
    assert_eq!(dir.read("a.txt"), b"a = \"x\"\n");
    assert_eq!(dir.read("m.txt"), b"a\n");
    // Let through by leaving the guard out.
    let markers_off = options
        .clone()
        .with_guards(Guards::all().without(GuardReason::Markers));
    edit_file("m.txt", "a", "A\n=======\n>>>>>>> REPLACE", &markers_off).unwrap();
    assert_eq!(dir.read("m.txt"), b"A\n=======\n>>>>>>> REPLACE\n");
}

// ---------------------------------------------------------------------------
// What never trips a guard

#[test]
fn a_python_ellipsis_body_is_code() {
    let source = "def f():\n    pass\n";
    assert_eq!(
        edit("m.py", source, "    pass", "    ...").unwrap(),
        "def f():\n    ...\n"
    );
    assert!(edit("m.pyi", source, "    pass", "    ...").is_ok());
    // Where it is not code, it stands for code.
    assert_eq!(
        refused(edit("m.js", source, "    pass", "    ...")).reason(),
        Some(GuardReason::Placeholder)
    );
}

#[test]
fn a_divider_alone_is_a_markdown_underline() {
    assert_eq!(
        edit(
            "README.md",
            "Title\n\ntext\n",
            "Title\n",
            "Title\n=======\n"
        )
        .unwrap(),
        "Title\n=======\n\ntext\n"
    );
}

#[test]
fn a_placeholder_already_in_the_replaced_text_is_not_refused() {
    let source = "function f() {\n  // ...\n  return 1\n}\n";
    assert!(edit(
        "a.js",
        source,
        "  // ...\n  return 1",
        "  // ...\n  // ...\n  return 2"
    )
    .is_ok());
}

#[test]
fn a_line_copied_back_unchanged_is_not_new_text() {
    // The file already holds the placeholder and the NUL: the edit keeps those lines.
    let source = "a\n// ... existing code ...\nb\u{0}\nc\n";
    let out = edit(
        "a.js",
        source,
        "a\n// ... existing code ...\nb\u{0}",
        "A\n// ... existing code ...\nb\u{0}",
    )
    .unwrap();
    assert_eq!(out, "A\n// ... existing code ...\nb\u{0}\nc\n");
    // Conflict markers the replaced text has may stay while the conflict is resolved.
    let conflict = "<<<<<<< HEAD\nours\n=======\ntheirs\n>>>>>>> main\n";
    assert!(edit("f", conflict, "ours", "both").is_ok());
}

#[test]
fn a_file_that_already_has_the_control_character_may_get_more_of_it() {
    let source = "sep = \"\u{0}\"\nx = 1\n";
    assert!(edit("a.py", source, "x = 1", "y = \"\u{0}\"").is_ok());
    assert_eq!(
        refused(edit("a.py", source, "x = 1", "y = \"\u{1}\"")).reason(),
        Some(GuardReason::Control)
    );
}

#[test]
fn a_new_file_is_never_refused_for_a_placeholder() {
    let dir = TempDir::new();
    let options = EditOptions::default()
        .with_cwd(dir.path())
        .with_guards(Guards::all());
    write_file("new.js", "function f() {\n  // ...\n}\n", &options).unwrap();
    // An empty file had no code to lose either.
    dir.write("empty.js", "");
    write_file("empty.js", "// ... existing code ...\n", &options).unwrap();
    // But a control character or a marker is refused in a new file too.
    // (Not named nul.txt: on Windows that is the NUL device, refused as such.)
    let e = write_file("zero.txt", "a\0b\n", &options).unwrap_err();
    assert_eq!(e.reason(), Some(GuardReason::Control));
    assert!(!dir.path().join("zero.txt").exists());
}

#[test]
fn nothing_is_checked_without_guards() {
    let options = ApplyOptions::default().with_path("a.js");
    let edits = [Edit::new("a", "// ...\n\0\n<<<<<<< SEARCH")];
    assert!(apply_edits("a\n", &edits, &options).is_ok());
    let only = ApplyOptions::default()
        .with_path("a.js")
        .with_guards(Guards::from_iter([GuardReason::Markers]));
    assert_eq!(
        apply_edits("a\n", &edits, &only).unwrap_err().reason(),
        Some(GuardReason::Markers)
    );
}

// ---------------------------------------------------------------------------
// Where the refused line is

#[test]
fn the_line_is_numbered_as_the_result_would_have_it() {
    // Every match of a replace_all: the second one is after the first one's new lines.
    let source = "x\nkeep\nx\n";
    let edits = [Edit::new("x", "one\ntwo").with_replace_all(true)];
    assert!(apply_edits(source, &edits, &guarded("f")).is_ok());
    let source = "a\nkeep\nb\n";
    let edits = [Edit::new("a", "one\ntwo"), Edit::new("b", "B\n\0")];
    let e = apply_edits(source, &edits, &guarded("f")).unwrap_err();
    assert_eq!((e.edit_index(), e.lines()), (Some(1), &[5][..]));
    // A CRLF file counts its lines the same.
    let e = refused(edit("f", "a\r\nb\r\nc\r\n", "c", "\0"));
    assert_eq!(e.lines(), [3]);
}

#[test]
fn a_multi_edit_names_the_edit_and_leaves_the_file() {
    let dir = TempDir::new();
    dir.write("a.txt", "one\r\ntwo\r\n");
    let options = EditOptions::default()
        .with_cwd(dir.path())
        .with_guards(Guards::all());
    let edits = [Edit::new("one", "1"), Edit::new("two", ">>>>>>> REPLACE")];
    let e = multi_edit("a.txt", &edits, &options).unwrap_err();
    assert_eq!(
        (e.reason(), e.edit_index()),
        (Some(GuardReason::Markers), Some(1))
    );
    assert_eq!(dir.read("a.txt"), b"one\r\ntwo\r\n");
    let e = edit_file("a.txt", "one", "\x07", &options).unwrap_err();
    assert_eq!(
        (e.reason(), e.edit_index()),
        (Some(GuardReason::Control), None)
    );
    assert_eq!(dir.read("a.txt"), b"one\r\ntwo\r\n");
}

// ---------------------------------------------------------------------------
// Patches

#[test]
fn a_patch_hunk_is_checked_against_the_lines_it_removes() {
    let dir = TempDir::new();
    dir.write("a.js", "function f() {\n  one()\n  two()\n}\n");
    let options = PatchOptions::default()
        .with_cwd(dir.path())
        .with_guards(Guards::all());
    let patch = "*** Begin Patch\n*** Update File: a.js\n@@\n function f() {\n-  one()\n-  two()\n+  // ... rest unchanged\n }\n*** End Patch\n";
    let e = apply_patch(patch, &options).unwrap_err();
    assert_eq!(
        (e.reason(), e.file_index(), e.hunk_index(), e.lines()),
        (Some(GuardReason::Placeholder), Some(0), Some(0), &[2][..])
    );
    assert!(
        e.message().contains("a.js, hunk #1: The placeholder guard"),
        "{e}"
    );
    assert_eq!(dir.read("a.js"), b"function f() {\n  one()\n  two()\n}\n");
    // A hunk that only adds lines replaces nothing: its comment is the model's own.
    let adds = "*** Begin Patch\n*** Update File: a.js\n@@\n function f() {\n+  // ...\n   one()\n*** End Patch\n";
    apply_patch(adds, &options).unwrap();
    // Its markers and control characters are still refused.
    let nul =
        "*** Begin Patch\n*** Update File: a.js\n@@\n function f() {\n+  '\0'\n*** End Patch\n";
    assert_eq!(
        apply_patch(nul, &options).unwrap_err().reason(),
        Some(GuardReason::Control)
    );
}

#[test]
fn a_patch_that_adds_a_file_over_an_existing_one_is_a_whole_file_write() {
    let dir = TempDir::new();
    dir.write("big.txt", numbered(200));
    let options = PatchOptions::default()
        .with_cwd(dir.path())
        .with_guards(Guards::all());
    let patch = "*** Begin Patch\n*** Add File: big.txt\n+line 0\n+// ... the other lines ...\n*** End Patch\n";
    let e = apply_patch(patch, &options).unwrap_err();
    assert_eq!(
        (e.reason(), e.file_index()),
        (Some(GuardReason::Shrink), Some(0))
    );
    assert!(e.message().contains("big.txt: The shrink guard refused this change: the new content has 2 lines, but the file has 200"), "{e}");
    assert_eq!(dir.read("big.txt"), numbered(200).as_bytes());
    // A new file may have such a line.
    let new = "*** Begin Patch\n*** Add File: new.txt\n+// ...\n*** End Patch\n";
    apply_patch(new, &options).unwrap();
}

// ---------------------------------------------------------------------------
// The options

#[test]
fn a_function_that_brings_no_text_refuses_the_guards_option() {
    let dir = TempDir::new();
    dir.write("a.txt", "a\nb\nc\n");
    let options = EditOptions::default()
        .with_cwd(dir.path())
        .with_guards(Guards::all());
    for e in [
        crate::delete_range("a.txt", "a", "c", &options).unwrap_err(),
        crate::convert_eol("a.txt", crate::Ending::CrLf, &options).unwrap_err(),
    ] {
        assert_eq!(e.code(), ErrorCode::InvalidArgument, "{e}");
        assert_eq!(e.argument(), Some(&crate::Name::Guards));
    }
    let e = crate::apply_delete_range("a\nb\nc\n", "a", "c", &guarded("f")).unwrap_err();
    assert_eq!(e.argument(), Some(&crate::Name::Guards));
    assert_eq!(fs::read(dir.path().join("a.txt")).unwrap(), b"a\nb\nc\n");
}

#[test]
fn a_reason_is_named_as_every_front_end_spells_it() {
    for reason in GuardReason::ALL {
        assert_eq!(GuardReason::from_name(reason.as_str()), Some(reason));
    }
    assert_eq!(GuardReason::from_name("placeholders"), None);
    assert_eq!(Guards::all().iter().count(), 4);
    assert!(Guards::default().is_empty());
}

#[test]
fn a_guard_reason_reads_back_from_its_name_and_nothing_else() {
    for reason in GuardReason::ALL {
        assert_eq!(reason.to_string().parse::<GuardReason>().unwrap(), reason);
    }
    let e = "Control".parse::<GuardReason>().unwrap_err();
    assert_eq!(e.code, ErrorCode::InvalidArgument);
    assert!(
        e.message.to_string().contains("\"control\""),
        "{}",
        e.message
    );
}
