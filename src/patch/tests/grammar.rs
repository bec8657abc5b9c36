//! What a patch text means and where its hunks go, as git and the other tools whose
//! suites the project is checked against read them: hunks that end by their counts,
//! the names of a traditional diff, the headers git refuses, symbolic links, and hunks
//! that must start or end the file. Facts from git's `t/t41*.sh`, jsdiff's, Codex's and
//! OpenCode's tests; each test names the behaviour.

use super::*;
use crate::error::Error;

/// The hunk lines of a parsed section as prefix and text, as a diff shows them.
fn shown(h: &Hunk) -> Vec<String> {
    h.lines
        .iter()
        .map(|(k, t)| {
            let p = match k {
                Kind::Context => ' ',
                Kind::Removed => '-',
                Kind::Added => '+',
            };
            format!("{p}{}", String::from_utf8_lossy(t))
        })
        .collect()
}

fn refused(text: &str) -> Error {
    let e = parse(text.as_bytes()).unwrap_err();
    assert_eq!(e.code, ErrorCode::PatchInvalid, "{}", e.message);
    e
}

// ---------------------------------------------------------------------------
// Hunks end by their counts

#[test]
fn removed_and_added_lines_starting_with_dashes_or_pluses_are_content_within_the_counts() {
    // jsdiff "shouldn't be caught out by removal/addition of lines starting with -- or ++"
    let p = parse(b"--- foo\t2024-06-14 21:57:04.341065736 +0100\n+++ bar\t2024-06-14 22:00:57.988080321 +0100\n@@ -4 +4 @@\n--- bla\n+++ bla\n@@ -6,0 +7 @@\n+seventh\n").unwrap();
    assert_eq!(p.files.len(), 1);
    let h = &p.files[0].hunks;
    assert_eq!(shown(&h[0]), ["--- bla", "+++ bla"]);
    assert_eq!(shown(&h[1]), ["+seventh"]);
}

#[test]
fn an_sql_comment_change_in_a_git_diff_is_content_and_the_next_file_still_follows() {
    let p = parse(b"diff --git a/q.sql b/q.sql\n--- a/q.sql\n+++ b/q.sql\n@@ -1,2 +1,2 @@\n select 1;\n--- old comment\n+++ new comment\ndiff --git a/r.lua b/r.lua\n--- a/r.lua\n+++ b/r.lua\n@@ -1 +1 @@\n--- x\n+-- y\n").unwrap();
    assert_eq!(p.files.len(), 2);
    assert_eq!(
        shown(&p.files[0].hunks[0]),
        [" select 1;", "--- old comment", "+++ new comment"]
    );
    assert_eq!(p.files[1].path, "r.lua");
    assert_eq!(shown(&p.files[1].hunks[0]), ["--- x", "+-- y"]);
}

#[test]
fn counts_too_large_are_read_as_no_counts_so_the_next_header_is_not_eaten() {
    let p = parse(
        b"--- a/f\n+++ b/f\n@@ -1,5 +1,5 @@\n-x\n+y\n--- a/g\n+++ b/g\n@@ -1 +1 @@\n-p\n+q\n",
    )
    .unwrap();
    assert_eq!(p.files.len(), 2);
    assert_eq!(shown(&p.files[0].hunks[0]), ["-x", "+y"]);
    assert_eq!(
        (p.files[1].path.as_str(), shown(&p.files[1].hunks[0])),
        ("g", vec!["-p".to_string(), "+q".to_string()])
    );
}

#[test]
fn counts_too_small_keep_the_hunk_lines_after_them_but_not_a_signature() {
    // The header counts two lines of each side; the hunk has more.
    let p =
        parse(b"--- a/f\n+++ b/f\n@@ -1,2 +1,2 @@\n a\n-b\n+B\n c\n d\n+e\n-- \n2.47.3\n").unwrap();
    assert_eq!(
        shown(&p.files[0].hunks[0]),
        [" a", "-b", "+B", " c", " d", "+e"]
    );
    // A line the counts have no room for: the hunk is read without them.
    let p = parse(b"--- a/f\n+++ b/f\n@@ -1,2 +1 @@\n-a\n+b\n+c\n").unwrap();
    assert_eq!(shown(&p.files[0].hunks[0]), ["-a", "+b", "+c"]);
}

#[test]
fn a_line_that_is_no_hunk_line_within_the_counts_is_invalid() {
    let e = refused("--- a/f\n+++ b/f\n@@ -1,3 +1,3 @@\n x\n?y\n z\n");
    assert_eq!(e.lines, [5]);
    assert!(e.message.contains("expected a hunk line"), "{}", e.message);
}

#[test]
fn a_no_newline_marker_after_the_counted_lines_belongs_to_the_hunk() {
    let p = parse(b"--- a/f\n+++ b/f\n@@ -1 +1 @@\n-a\n+b\n\\ No newline at end of file\n--- a/g\n+++ b/g\n@@ -1 +1 @@\n-c\n+d\n").unwrap();
    let h = &p.files[0].hunks[0];
    assert!(h.new_no_newline && !h.old_no_newline);
    assert_eq!(p.files.len(), 2);
}

#[test]
fn an_empty_line_inside_the_counts_is_an_empty_context_line() {
    let p = parse(b"--- a/f\n+++ b/f\n@@ -1,3 +1,3 @@\n a\n\n-b\n+c\n").unwrap();
    assert_eq!(shown(&p.files[0].hunks[0]), [" a", " ", "-b", "+c"]);
}

// ---------------------------------------------------------------------------
// The envelope

#[test]
fn a_blank_line_right_after_an_anchor_is_an_empty_context_line() {
    // Codex test_update_file_chunk: "blank line inside a chunk is context".
    let p = parse(b"*** Begin Patch\n*** Update File: f\n@@ change_context\n\n context\n-remove\n+add\n context2\n*** End Patch").unwrap();
    let h = &p.files[0].hunks[0];
    assert_eq!(h.anchors, [b"change_context".to_vec()]);
    assert_eq!(shown(h), [" ", " context", "-remove", "+add", " context2"]);
}

#[test]
fn blank_lines_between_two_at_lines_only_separate_them() {
    let p = parse(
        b"*** Begin Patch\n*** Update File: f\n@@ class A\n\n@@ def f\n-x\n+y\n*** End Patch",
    )
    .unwrap();
    let h = &p.files[0].hunks;
    assert_eq!(h.len(), 1);
    assert_eq!(h[0].anchors.len(), 2);
    assert_eq!(shown(&h[0]), ["-x", "+y"]);
    let e = refused("*** Begin Patch\n*** Update File: f\n@@\n\n*** End Patch");
    assert!(e.message.contains("no hunk lines"), "{}", e.message);
}

#[test]
fn an_envelope_with_no_sections_is_invalid() {
    // OpenCode "rejects empty patch".
    for text in [
        "*** Begin Patch\n*** End Patch",
        "*** Begin Patch\n\n\n*** End Patch\n",
    ] {
        let e = refused(text);
        assert!(e.message.contains("no sections"), "{}", e.message);
    }
}

// ---------------------------------------------------------------------------
// Names

#[test]
fn a_quoted_name_followed_by_a_tab_and_a_header_is_the_quoted_name() {
    // jsdiff "should parse patches with filenames having quotes and back slashes"
    let p = parse(b"Index: test\n===================================================================\n--- \"from\\\\a\\\\file\\\\with\\\\quotes\\\\and\\\\backslash\"\theader1\n+++ \"to\\\\a\\\\file\\\\with\\\\quotes\\\\and\\\\backslash\"\theader2\n@@ -1,3 +1,4 @@\n line2\n line3\n+line4\n line5").unwrap();
    assert_eq!(p.files[0].path, "to\\a\\file\\with\\quotes\\and\\backslash");
    assert_eq!(
        shown(&p.files[0].hunks[0]),
        [" line2", " line3", "+line4", " line5"]
    );
    let e = refused("--- \"a/x\n+++ \"b/x\n@@ -1 +1 @@\n-a\n+b\n");
    assert!(e.message.contains("quoted"), "{}", e.message);
}

#[test]
fn a_traditional_diff_names_the_shorter_file_when_the_other_is_it_with_more_tacked_on() {
    // git t4119 #9 and #10, and git's rule for `file.orig` / `file~` backups.
    for (old, new, path) in [
        ("sub/file1", "sub/file1+", "sub/file1"),
        ("a/sub/file1", "b/sub/file1+", "sub/file1"),
        ("f.c~", "f.c", "f.c"),
        ("f.c", "f.c.orig", "f.c"),
        ("x.txt", "y.txt", "y.txt"),
    ] {
        let text = format!("--- {old}\t2007-02-21 01:04:24.000000000 -0800\n+++ {new}\t2007-02-21 01:07:44.000000000 -0800\n@@ -1 +1 @@\n-A\n+B \n");
        let p = parse(text.as_bytes()).unwrap();
        assert_eq!(
            (p.files[0].action, p.files[0].path.as_str()),
            (Action::Update, path),
            "{old} {new}"
        );
    }
}

// ---------------------------------------------------------------------------
// On files

#[test]
fn a_traditional_diff_to_a_backup_name_patches_the_file_that_exists() {
    // git t4119 #9 and #10
    for patch in [
        "--- sub/file1\t2007-02-21 01:04:24.000000000 -0800\n+++ sub/file1+\t2007-02-21 01:07:44.000000000 -0800\n@@ -1 +1 @@\n-A\n+B \n",
        "--- a/sub/file1\t2007-02-21 01:04:24.000000000 -0800\n+++ b/sub/file1+\t2007-02-21 01:07:44.000000000 -0800\n@@ -1 +1 @@\n-A\n+B \n",
    ] {
        let dir = TempDir::new();
        dir.write("sub/file1", "A\r\n");
        apply(&dir, patch).unwrap();
        assert_eq!(dir.read("sub/file1"), b"B \r\n");
        assert_eq!(dir.listing("sub"), ["file1"]);
    }
}
