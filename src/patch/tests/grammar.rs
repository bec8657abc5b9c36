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
    let h = &p.files[0].hunks();
    assert_eq!(shown(&h[0]), ["--- bla", "+++ bla"]);
    assert_eq!(shown(&h[1]), ["+seventh"]);
}

#[test]
fn an_sql_comment_change_in_a_git_diff_is_content_and_the_next_file_still_follows() {
    let p = parse(b"diff --git a/q.sql b/q.sql\n--- a/q.sql\n+++ b/q.sql\n@@ -1,2 +1,2 @@\n select 1;\n--- old comment\n+++ new comment\ndiff --git a/r.lua b/r.lua\n--- a/r.lua\n+++ b/r.lua\n@@ -1 +1 @@\n--- x\n+-- y\n").unwrap();
    assert_eq!(p.files.len(), 2);
    assert_eq!(
        shown(&p.files[0].hunks()[0]),
        [" select 1;", "--- old comment", "+++ new comment"]
    );
    assert_eq!(p.files[1].path, "r.lua");
    assert_eq!(shown(&p.files[1].hunks()[0]), ["--- x", "+-- y"]);
}

#[test]
fn counts_too_large_are_read_as_no_counts_so_the_next_header_is_not_eaten() {
    let p = parse(
        b"--- a/f\n+++ b/f\n@@ -1,5 +1,5 @@\n-x\n+y\n--- a/g\n+++ b/g\n@@ -1 +1 @@\n-p\n+q\n",
    )
    .unwrap();
    assert_eq!(p.files.len(), 2);
    assert_eq!(shown(&p.files[0].hunks()[0]), ["-x", "+y"]);
    assert_eq!(
        (p.files[1].path.as_str(), shown(&p.files[1].hunks()[0])),
        ("g", vec!["-p".to_string(), "+q".to_string()])
    );
}

#[test]
fn counts_too_small_keep_the_hunk_lines_after_them_but_not_a_signature() {
    // The header counts two lines of each side; the hunk has more.
    let p =
        parse(b"--- a/f\n+++ b/f\n@@ -1,2 +1,2 @@\n a\n-b\n+B\n c\n d\n+e\n-- \n2.47.3\n").unwrap();
    assert_eq!(
        shown(&p.files[0].hunks()[0]),
        [" a", "-b", "+B", " c", " d", "+e"]
    );
    // A line the counts have no room for: the hunk is read without them.
    let p = parse(b"--- a/f\n+++ b/f\n@@ -1,2 +1 @@\n-a\n+b\n+c\n").unwrap();
    assert_eq!(shown(&p.files[0].hunks()[0]), ["-a", "+b", "+c"]);
}

#[test]
fn a_line_that_is_no_hunk_line_within_the_counts_is_invalid() {
    let e = refused("--- a/f\n+++ b/f\n@@ -1,3 +1,3 @@\n x\n?y\n z\n");
    assert_eq!(e.lines, [5]);
    assert!(
        e.message.text().contains("expected a hunk line"),
        "{}",
        e.message
    );
}

#[test]
fn a_no_newline_marker_after_the_counted_lines_belongs_to_the_hunk() {
    let p = parse(b"--- a/f\n+++ b/f\n@@ -1 +1 @@\n-a\n+b\n\\ No newline at end of file\n--- a/g\n+++ b/g\n@@ -1 +1 @@\n-c\n+d\n").unwrap();
    let h = &p.files[0].hunks()[0];
    assert!(h.new_no_newline && !h.old_no_newline);
    assert_eq!(p.files.len(), 2);
}

#[test]
fn an_empty_line_inside_the_counts_is_an_empty_context_line() {
    let p = parse(b"--- a/f\n+++ b/f\n@@ -1,3 +1,3 @@\n a\n\n-b\n+c\n").unwrap();
    assert_eq!(shown(&p.files[0].hunks()[0]), [" a", " ", "-b", "+c"]);
}

// ---------------------------------------------------------------------------
// The envelope

#[test]
fn a_blank_line_right_after_an_anchor_is_an_empty_context_line() {
    // Codex test_update_file_chunk: "blank line inside a chunk is context".
    let p = parse(b"*** Begin Patch\n*** Update File: f\n@@ change_context\n\n context\n-remove\n+add\n context2\n*** End Patch").unwrap();
    let h = &p.files[0].hunks()[0];
    assert_eq!(h.anchors, [b"change_context".to_vec()]);
    assert_eq!(shown(h), [" ", " context", "-remove", "+add", " context2"]);
}

#[test]
fn blank_lines_between_two_at_lines_only_separate_them() {
    let p = parse(
        b"*** Begin Patch\n*** Update File: f\n@@ class A\n\n@@ def f\n-x\n+y\n*** End Patch",
    )
    .unwrap();
    let h = &p.files[0].hunks();
    assert_eq!(h.len(), 1);
    assert_eq!(h[0].anchors.len(), 2);
    assert_eq!(shown(&h[0]), ["-x", "+y"]);
    let e = refused("*** Begin Patch\n*** Update File: f\n@@\n\n*** End Patch");
    assert!(e.message.text().contains("no hunk lines"), "{}", e.message);
}

#[test]
fn an_envelope_with_no_sections_is_invalid() {
    // OpenCode "rejects empty patch".
    for text in [
        "*** Begin Patch\n*** End Patch",
        "*** Begin Patch\n\n\n*** End Patch\n",
    ] {
        let e = refused(text);
        assert!(e.message.text().contains("no sections"), "{}", e.message);
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
        shown(&p.files[0].hunks()[0]),
        [" line2", " line3", "+line4", " line5"]
    );
    let e = refused("--- \"a/x\n+++ \"b/x\n@@ -1 +1 @@\n-a\n+b\n");
    assert!(e.message.text().contains("quoted"), "{}", e.message);
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
            (p.files[0].action(), p.files[0].path.as_str()),
            (Action::Update, path),
            "{old} {new}"
        );
    }
}

// ---------------------------------------------------------------------------
// Headers git refuses

#[test]
fn a_git_diff_whose_plus_name_is_not_its_header_name_is_invalid() {
    // git t4133 #2 "apply diff with inconsistent filenames in headers"
    let e = refused("diff --git a/f b/f\nnew file mode 100644\nindex 0000000..d00491f\n--- /dev/null\n+++ b/f-blah\n@@ -0,0 +1 @@\n+1\n");
    assert_eq!((e.lines.clone(), e.file_index), (vec![5], Some(0)));
    assert!(
        e.message.text().contains("f-blah") && e.message.text().contains("line 1"),
        "{}",
        e.message
    );
    // The second section's own names, checked the same way.
    let e = refused("diff --git a/ok b/ok\n--- a/ok\n+++ b/ok\n@@ -1 +1 @@\n-a\n+b\ndiff --git a/g b/g\n--- a/other\n+++ b/other\n@@ -1 +1 @@\n-a\n+b\n");
    assert_eq!((e.lines.clone(), e.file_index), (vec![8], Some(1)));
    // A rename's names are its `rename from` / `rename to`.
    let e = refused(
        "diff --git a/x b/y\nrename from x\nrename to y\n--- a/x\n+++ b/z\n@@ -1 +1 @@\n-a\n+b\n",
    );
    assert_eq!(e.lines, [5]);
}

#[test]
fn a_git_diff_that_creates_or_deletes_a_file_needs_dev_null_on_that_side() {
    let e =
        refused("diff --git a/f b/f\nnew file mode 100644\n--- a/f\n+++ b/f\n@@ -0,0 +1 @@\n+1\n");
    assert_eq!(e.lines, [3]);
    assert!(e.message.text().contains("/dev/null"), "{}", e.message);
    let e = refused(
        "diff --git a/f b/f\ndeleted file mode 100644\n--- a/f\n+++ b/f\n@@ -1 +0,0 @@\n-1\n",
    );
    assert_eq!(e.lines, [4]);
}

#[test]
fn names_git_reads_alike_are_consistent() {
    // Without `a/` and `b/`, with another first folder (git strips one), `/dev/null` for
    // an added file whose header forgot `new file mode`.
    for text in [
        "diff --git a/f b/f\n--- f\n+++ f\n@@ -1 +1 @@\n-a\n+b\n",
        "diff --git a/f b/f\n--- x/f\n+++ y/f\n@@ -1 +1 @@\n-a\n+b\n",
        "diff --git a/old name.txt b/new name.txt\nsimilarity index 90%\nrename from old name.txt\nrename to new name.txt\n--- a/old name.txt\n+++ b/new name.txt\n@@ -2 +2 @@\n-x\n+y\n",
    ] {
        parse(text.as_bytes()).unwrap_or_else(|e| panic!("{text}: {}", e.message));
    }
    let p = parse(b"diff --git a/n b/n\n--- /dev/null\n+++ b/n\n@@ -0,0 +1 @@\n+x\n").unwrap();
    assert_eq!(
        (p.files[0].action(), p.files[0].path.as_str()),
        (Action::Add, "n")
    );
}

#[test]
fn a_section_that_both_creates_and_renames_or_deletes_is_invalid() {
    // git t4136 #6 "invalid combination: create and rename"
    let e = refused("diff --git a/1 b/2\nnew file mode 100644\nrename from 1\nrename to 2\n");
    assert_eq!((e.lines.clone(), e.file_index), (vec![3], Some(0)));
    assert!(e.message.text().contains("line 2"), "{}", e.message);
    let e = refused("diff --git a/1 b/1\nnew file mode 100644\ndeleted file mode 100644\n");
    assert_eq!(e.lines, [3]);
    let e = refused("diff --git a/1 b/2\nrename from 1\nrename to 2\ndeleted file mode 100644\n");
    assert_eq!(e.lines, [4]);
}

#[test]
fn every_symbolic_link_entry_is_invalid_naming_its_section() {
    let cases = [
        // git t4114 #6 "file becomes symlink": the link is the second section.
        ("diff --git a/foo b/foo\ndeleted file mode 100644\nindex 3b18e51..0000000\n--- a/foo\n+++ /dev/null\n@@ -1 +0,0 @@\n-hello world\ndiff --git a/foo b/foo\nnew file mode 120000\nindex 0000000..ba0e162\n--- /dev/null\n+++ b/foo\n@@ -0,0 +1 @@\n+bar\n\\ No newline at end of file\n", 9, 1),
        // a mode-only change into a link
        ("diff --git a/m b/m\nold mode 100644\nnew mode 120000\n", 3, 0),
        ("diff --git a/m b/m\nold mode 120000\nnew mode 100644\n", 2, 0),
    ];
    for (text, line, index) in cases {
        let e = refused(text);
        assert_eq!(
            (e.lines.clone(), e.file_index),
            (vec![line], Some(index)),
            "{text}"
        );
        assert!(
            e.message.text().contains("symbolic link")
                && e.message
                    .text()
                    .contains("does not create, change or delete"),
            "{}",
            e.message
        );
    }
    // A section about a link that is there (deleted, or its target changed) parses; the
    // call that applies it refuses it by what it finds on disk (`commit` tests).
    for (text, line) in [
        // t4114 #7 "symlink becomes file"
        ("diff --git a/foo b/foo\ndeleted file mode 120000\nindex ba0e162..0000000\n--- a/foo\n+++ /dev/null\n@@ -1 +0,0 @@\n-bar\n\\ No newline at end of file\n", 2),
        // t4115 #2: a link's target changed, mode on the `index` line
        ("diff --git a/link1 b/link1\nindex e22c044..566d571 120000\n--- a/link1\n+++ b/link1\n@@ -1 +1 @@\n-path1/path2\n\\ No newline at end of file\n+htap6\n\\ No newline at end of file\n", 2),
    ] {
        let p = parse(text.as_bytes()).unwrap();
        assert_eq!(p.files[0].link_line, Some(line), "{text}");
    }
    // 120000 as a file's text is only text.
    parse(b"--- a/f\n+++ b/f\n@@ -1 +1 @@\n-mode 100644\n+new file mode 120000\n").unwrap();
}

#[test]
fn a_git_deletion_names_the_empty_file_by_its_index_line() {
    for (index, empty) in [
        ("e69de29..0000000", true),
        (
            "e69de29bb2d1d6434b8b29ae775ad8c2e48c5391..0000000000000000000000000000000000000000",
            true,
        ),
        ("e69de2..0000000", false),
        ("3b18e51..0000000", false),
    ] {
        let text = format!("diff --git a/f b/f\ndeleted file mode 100644\nindex {index}\n");
        let p = parse(text.as_bytes()).unwrap();
        assert_eq!(
            (
                p.files[0].action(),
                matches!(
                    p.files[0].change,
                    crate::patch::Change::Delete {
                        old_empty: true,
                        ..
                    }
                )
            ),
            (Action::Delete, empty),
            "{index}"
        );
    }
}

// ---------------------------------------------------------------------------
// On files

fn unified(path: &str, hunks: &str) -> String {
    format!("diff --git a/{path} b/{path}\n--- a/{path}\n+++ b/{path}\n{hunks}")
}

#[test]
fn added_lines_at_the_end_of_a_hunk_without_context_after_them_go_at_the_end() {
    // git t4113 #2 "apply at the end": the file has moved on, and `c` would be doubled.
    let patch = unified("file", "@@ -1,2 +1,3 @@\n a\n b\n+c\n");
    for (before, after) in [
        (&b"a\nb\n"[..], &b"a\nb\nc\n"[..]),
        (b"a\r\nb\r\n", b"a\r\nb\r\nc\r\n"),
        (b"a\rb\r", b"a\rb\rc\r"),
    ] {
        let dir = TempDir::new();
        dir.write("file", before);
        apply(&dir, &patch).unwrap();
        assert_eq!(dir.read("file"), after);
    }
    let dir = TempDir::new();
    dir.write("file", "a\r\nb\r\nc\r\n");
    let e = apply(&dir, &patch).unwrap_err();
    assert_eq!(
        (e.code, e.file_index, e.hunk_index),
        (ErrorCode::TextNotFound, Some(0), Some(0))
    );
    assert!(
        e.message.text().contains("at the end of the file"),
        "{}",
        e.message
    );
    assert_eq!(dir.read("file"), b"a\r\nb\r\nc\r\n");
}

#[test]
fn added_lines_that_start_a_hunk_at_line_one_go_at_the_start() {
    // git t4113 #3 "apply at the beginning": `a` would be doubled.
    let patch = unified("file", "@@ -1,2 +1,3 @@\n+a\n b\n c\n");
    let dir = TempDir::new();
    dir.write("file", "b\r\nc\r\n");
    apply(&dir, &patch).unwrap();
    assert_eq!(dir.read("file"), b"a\r\nb\r\nc\r\n");
    let dir = TempDir::new();
    dir.write("file", "a\nb\nc\n");
    let e = apply(&dir, &patch).unwrap_err();
    assert_eq!((e.code, e.hunk_index), (ErrorCode::TextNotFound, Some(0)));
    assert!(
        e.message.text().contains("at the start of the file")
            && e.message.text().contains("line 2"),
        "{}",
        e.message
    );
    assert_eq!(dir.read("file"), b"a\nb\nc\n");
}

#[test]
fn a_later_hunk_that_ends_the_file_is_refused_when_the_file_goes_on_and_nothing_is_written() {
    // git t4150 #34: the second hunk adds at the old end, the file has more lines there.
    let patch = "diff --git a/file b/file\n--- a/file\n+++ b/file\n@@ -1,4 +1,2 @@\n-x\n-y\n one\n two\n@@ -8,3 +6,4 @@\n five\n \n end\n+second\ndiff --git a/another b/another\nnew file mode 100644\n--- /dev/null\n+++ b/another\n@@ -0,0 +1 @@\n+goodbye\n";
    let dir = TempDir::new();
    dir.write(
        "file",
        "x\ny\none\ntwo\nthree\nfour\n4.5\nfive\n\nend\nsecond\n",
    );
    let before = snapshot(&dir);
    let e = apply(&dir, patch).unwrap_err();
    assert_eq!(
        (e.code, e.file_index, e.hunk_index),
        (ErrorCode::TextNotFound, Some(0), Some(1))
    );
    assert_eq!(snapshot(&dir), before);
    let dir = TempDir::new();
    dir.write("file", "x\ny\none\ntwo\nthree\nfour\n4.5\nfive\n\nend\n");
    apply(&dir, patch).unwrap();
    assert_eq!(
        dir.read("file"),
        b"one\ntwo\nthree\nfour\n4.5\nfive\n\nend\nsecond\n"
    );
    assert_eq!(dir.read("another"), b"goodbye\n");
}

#[test]
fn a_removed_line_at_the_edge_of_a_hunk_places_it_by_its_content() {
    // jsdiff "ignores extra lines ... as long as there's no newline at EOF"
    let patch = "--- file.txt\n+++ file.txt\n@@ -1,4 +1,4 @@\n foo\n bar\n baz\n-banana\n\\ No newline at end of file\n+babaco\n\\ No newline at end of file\n";
    let dir = TempDir::new();
    dir.write("file.txt", "foo\nbar\nbaz\nbanana\nqux");
    apply(&dir, patch).unwrap();
    assert_eq!(dir.read("file.txt"), b"foo\nbar\nbaz\nbabaco\nqux");
    // A hunk at line 1 with context before its change goes by its context.
    let dir = TempDir::new();
    dir.write("f", "z\na\nb\nc\n");
    apply(&dir, &unified("f", "@@ -1,3 +1,4 @@\n a\n+x\n b\n c\n")).unwrap();
    assert_eq!(dir.read("f"), b"z\na\nx\nb\nc\n");
}

#[test]
fn lines_added_to_an_empty_file_with_no_newline_marker_end_without_one() {
    // git t4124 #56 "trailing whitespace & no newline at the end of file"
    let patch = "diff --git a/target b/target\nindex e69de29..8bd6648 100644\n--- a/target\n+++ b/target\n@@ -0,0 +1,3 @@\n+An empty line follows\n+\n+A line with trailing whitespace and no newline \n\\ No newline at end of file\n";
    for patch in [patch.to_string(), patch.replace('\n', "\r\n")] {
        let dir = TempDir::new();
        dir.write("target", "");
        apply(&dir, &patch).unwrap();
        assert_eq!(
            dir.read("target"),
            b"An empty line follows\n\nA line with trailing whitespace and no newline "
        );
    }
    // Added at the end of a file that has lines.
    let dir = TempDir::new();
    dir.write("f", "a\r\n");
    apply(
        &dir,
        &unified("f", "@@ -1,0 +2 @@\n+b\n\\ No newline at end of file\n"),
    )
    .unwrap();
    assert_eq!(dir.read("f"), b"a\r\nb");
}

#[test]
fn a_deletion_whose_index_names_the_empty_file_deletes_only_an_empty_file() {
    // git t4140 #5: the file has content the patch does not show.
    let patch =
        "diff --git a/test-file b/test-file\ndeleted file mode 100644\nindex e69de29..0000000\n";
    let dir = TempDir::new();
    dir.write("test-file", "1\n2\n3\n4\n5\n");
    for dry_run in [true, false] {
        let mut o = opts(&dir);
        o.file.dry_run = dry_run;
        let e = apply_patch(patch.as_bytes(), &o).unwrap_err();
        assert_eq!((e.code, e.file_index), (ErrorCode::PatchInvalid, Some(0)));
        assert!(
            e.message.text().contains("test-file") && e.message.text().contains("empty"),
            "{}",
            e.message
        );
        assert_eq!(dir.read("test-file"), b"1\n2\n3\n4\n5\n");
    }
    dir.write("test-file", "");
    apply(&dir, patch).unwrap();
    assert!(!dir.join("test-file").exists());
}

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

#[test]
fn a_link_and_a_file_beyond_it_are_refused_by_a_dry_run_too() {
    // git t4139 #9 "symlink escape via ..", t4122 #6
    let patch = "diff --git a/tmp b/tmp\nnew file mode 120000\nindex 0000000..a96aa0e\n--- /dev/null\n+++ b/tmp\n@@ -0,0 +1 @@\n+..\n\\ No newline at end of file\ndiff --git a/tmp/foo b/tmp/foo\nnew file mode 100644\nindex 0000000..53c74cd\n--- /dev/null\n+++ b/tmp/foo\n@@ -0,0 +1 @@\n+evil\n";
    let dir = TempDir::new();
    for dry_run in [true, false] {
        let mut o = opts(&dir);
        o.file.dry_run = dry_run;
        let e = apply_patch(patch.as_bytes(), &o).unwrap_err();
        assert_eq!((e.code, e.file_index), (ErrorCode::PatchInvalid, Some(0)));
        assert!(dir.listing("").is_empty());
    }
}

// ---------------------------------------------------------------------------
// What a created or deleted file's hunks may hold

const DELETE_ABC: &str = "diff --git a/gone.txt b/gone.txt\ndeleted file mode 100644\nindex 3b18e51..0000000\n--- a/gone.txt\n+++ /dev/null\n@@ -1,3 +0,0 @@\n-a\n-b\n-c\n";

#[test]
fn a_deletion_with_hunks_deletes_a_file_whose_every_line_they_remove_in_any_ending() {
    let traditional = "--- a/gone.txt\n+++ /dev/null\n@@ -1,3 +0,0 @@\n-a\n-b\n-c\n";
    for patch in [DELETE_ABC, traditional] {
        for (before, tier) in [
            (&b"a\nb\nc\n"[..], Tier::Exact),
            (b"a\r\nb\r\nc\r\n", Tier::Exact),
            (b"a\rb\rc\r", Tier::Exact),
            (b"a\r\nb\nc\r\n", Tier::Exact),
            (b"a\nb\nc", Tier::Exact),
            (b"a  \r\nb\t\r\nc", Tier::TrailingWhitespace),
        ] {
            let dir = TempDir::new();
            dir.write("gone.txt", before);
            let r = apply(&dir, patch)
                .unwrap_or_else(|e| panic!("{:?}: {}", String::from_utf8_lossy(before), e.message));
            assert_eq!(r[0].action, Action::Delete);
            assert!(!dir.join("gone.txt").exists(), "{tier:?}");
        }
    }
    // Several hunks that remove the file between them.
    let dir = TempDir::new();
    dir.write("f", "a\r\nb\r\nc\r\nd\r\n");
    apply(
        &dir,
        "--- a/f\n+++ /dev/null\n@@ -1,2 +0,0 @@\n-a\n-b\n@@ -3,2 +0,0 @@\n-c\n-d\n",
    )
    .unwrap();
    assert!(!dir.join("f").exists());
}

#[test]
fn a_deletion_whose_hunks_leave_lines_of_the_file_is_refused_naming_them() {
    // The file has moved on since the diff: git's "patch does not apply".
    for (before, lines, shown) in [
        ("a\nb\nc\nd\n", vec![4], "line 4"),
        ("x\r\ny\r\na\r\nb\r\nc\r\n", vec![1, 2], "lines 1-2"),
        ("a\nb\nc\n\n", vec![4], "line 4"),
        ("a\nb\nc\nb\n", vec![4], "line 4"),
    ] {
        let dir = TempDir::new();
        dir.write("gone.txt", before);
        for dry_run in [true, false] {
            let mut o = opts(&dir);
            o.file.dry_run = dry_run;
            let e = apply_patch(DELETE_ABC.as_bytes(), &o).unwrap_err();
            assert_eq!(
                (e.code, e.file_index, e.lines.clone()),
                (ErrorCode::TextNotFound, Some(0), lines.clone()),
                "{before:?}: {}",
                e.message
            );
            assert!(
                e.message
                    .text()
                    .starts_with("gone.txt: the section deletes the file")
                    && e.message.text().contains(shown),
                "{}",
                e.message
            );
            assert_eq!(dir.read("gone.txt"), before.as_bytes());
        }
    }
    // The unseen lines are quoted as read_file shows them.
    let dir = TempDir::new();
    dir.write("gone.txt", "a\nb\nc\nkeep me\n");
    let e = apply(&dir, DELETE_ABC).unwrap_err();
    assert!(
        e.message.text().contains("4\u{2502}keep me"),
        "{}",
        e.message
    );
}

#[test]
fn a_deletion_whose_hunk_is_not_in_the_file_names_the_hunk_and_the_closest_region() {
    let dir = TempDir::new();
    dir.write("gone.txt", "a\r\nB\r\nc\r\n");
    let e = apply(&dir, DELETE_ABC).unwrap_err();
    assert_eq!(
        (e.code, e.file_index, e.hunk_index),
        (ErrorCode::TextNotFound, Some(0), Some(0))
    );
    assert!(
        e.message.text().starts_with("gone.txt, hunk #1:")
            && e.message.text().contains("lines 1-3"),
        "{}",
        e.message
    );
    assert_eq!(dir.read("gone.txt"), b"a\r\nB\r\nc\r\n");
}

#[test]
fn a_deletion_whose_hunks_keep_or_add_lines_is_invalid() {
    // git: "deleted file still has contents".
    for (text, line, what) in [
        ("diff --git a/f b/f\ndeleted file mode 100644\n--- a/f\n+++ /dev/null\n@@ -1,3 +0,1 @@\n-a\n b\n-c\n", 7, "a context line"),
        ("--- a/f\n+++ /dev/null\n@@ -1 +0,1 @@\n-a\n+b\n", 5, "an added line"),
    ] {
        let e = refused(text);
        assert_eq!((e.lines.clone(), e.file_index), (vec![line], Some(0)), "{text}");
        assert!(
            e.message.text().contains("deletes `f`") && e.message.text().contains(what),
            "{}",
            e.message
        );
    }
}

#[test]
fn a_new_file_whose_hunks_keep_or_remove_lines_is_invalid_naming_the_section_and_the_line() {
    // git: "new file depends on old contents".
    for (text, line, index, what) in [
        ("diff --git a/n b/n\nnew file mode 100644\n--- /dev/null\n+++ b/n\n@@ -1,1 +1,3 @@\n+a\n x\n+b\n", 7, 0, "a context line"),
        ("diff --git a/n b/n\nnew file mode 100644\n--- /dev/null\n+++ b/n\n@@ -1 +1,2 @@\n-x\n+a\n+b\n", 6, 0, "a removed line"),
        // An empty line of the file written without its `+`.
        ("diff --git a/k b/k\n--- a/k\n+++ b/k\n@@ -1 +1 @@\n-p\n+q\ndiff --git a/n b/n\nnew file mode 100644\n--- /dev/null\n+++ b/n\n@@ -0,0 +1,3 @@\n+a\n\n+b\n", 13, 1, "a context line"),
    ] {
        let e = refused(text);
        assert_eq!(
            (e.lines.clone(), e.file_index),
            (vec![line], Some(index)),
            "{text}"
        );
        assert!(
            e.message.text().contains("creates `n`") && e.message.text().contains(what),
            "{}",
            e.message
        );
    }
    // Only added lines: the file's text.
    let p = parse(b"--- /dev/null\n+++ b/n\n@@ -0,0 +1,3 @@\n+a\n+\n+b\n").unwrap();
    assert_eq!(p.files[0].content().unwrap().bytes, b"a\n\nb\n");
}

#[test]
fn a_dev_null_old_name_before_old_lines_changes_the_plus_file_where_they_are() {
    // Aider test_find_diffs_dev_null: a model's `--- /dev/null` for a file that exists.
    // Read as a new file, the section would replace the file and lose `More`.
    let patch = "Some text...\n\n```diff\n--- /dev/null\n+++ file.txt\n@@ ... @@\n-Original\n+Modified\n```\n";
    let p = parse(patch.as_bytes()).unwrap();
    assert_eq!(
        (p.files[0].action(), p.files[0].path.as_str()),
        (Action::Update, "file.txt")
    );
    let dir = TempDir::new();
    dir.write("file.txt", "Original\r\nMore\r\n");
    apply(&dir, patch).unwrap();
    assert_eq!(dir.read("file.txt"), b"Modified\r\nMore\r\n");
    // Its old lines must be there, so nothing is created from half a hunk.
    let dir = TempDir::new();
    let e = apply(&dir, patch).unwrap_err();
    assert_eq!((e.code, e.file_index), (ErrorCode::FileNotFound, Some(0)));
    assert!(dir.listing("").is_empty());
    let dir = TempDir::new();
    dir.write("file.txt", "Other\n");
    let e = apply(&dir, patch).unwrap_err();
    assert_eq!(e.code, ErrorCode::TextNotFound);
    assert_eq!(dir.read("file.txt"), b"Other\n");
}

#[test]
fn every_gitlink_entry_is_invalid_naming_its_section() {
    let commit = "Subproject commit 1234567890123456789012345678901234567890";
    let cases = [
        // A submodule added, then one moved to another commit (mode on the `index` line).
        (format!("diff --git a/sub b/sub\nnew file mode 160000\nindex 0000000..1234567\n--- /dev/null\n+++ b/sub\n@@ -0,0 +1 @@\n+{commit}\n"), 2, 0),
        (format!("diff --git a/ok b/ok\n--- a/ok\n+++ b/ok\n@@ -1 +1 @@\n-a\n+b\ndiff --git a/sub b/sub\nindex 1234567..89abcde 160000\n--- a/sub\n+++ b/sub\n@@ -1 +1 @@\n-{commit}\n+Subproject commit 89abcde0123456789012345678901234567890ab\n"), 8, 1),
        (format!("diff --git a/sub b/sub\ndeleted file mode 160000\nindex 1234567..0000000\n--- a/sub\n+++ /dev/null\n@@ -1 +0,0 @@\n-{commit}\n"), 2, 0),
        ("diff --git a/m b/m\nold mode 100644\nnew mode 160000\n".to_string(), 3, 0),
    ];
    for (text, line, index) in cases {
        let e = refused(&text);
        assert_eq!(
            (e.lines.clone(), e.file_index),
            (vec![line], Some(index)),
            "{text}"
        );
        assert!(
            e.message.text().contains("submodule")
                && e.message.text().contains("160000")
                && e.message
                    .text()
                    .contains("does not create, change or delete"),
            "{}",
            e.message
        );
    }
    // 160000 as a file's text is only text.
    parse(b"--- a/f\n+++ b/f\n@@ -1 +1 @@\n-old mode 160000\n+index 1..2 160000\n").unwrap();
}
