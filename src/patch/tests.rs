//! `apply_patch` on real folders: every format feature on every kind of file, and all
//! or nothing across files.

use std::collections::HashMap;
use std::io;
use std::path::Path;

use super::*;
use crate::error::ErrorCode;
use crate::file::atomic::hooks;
use crate::file::testing::TempDir;
use crate::file::FileOptions;

mod grammar;
mod sdk;

fn opts(dir: &TempDir) -> Options {
    Options {
        file: FileOptions {
            cwd: Some(dir.path().to_path_buf()),
            ..FileOptions::default()
        },
        expected_versions: HashMap::new(),
    }
}

fn apply(dir: &TempDir, patch: &str) -> Result<Vec<FileResult>> {
    apply_patch(patch.as_bytes(), &opts(dir))
}

fn envelope(body: &str) -> String {
    format!("*** Begin Patch\n{body}\n*** End Patch\n")
}

/// Every file below the folder with its bytes, to compare before and after.
fn snapshot(dir: &TempDir) -> Vec<(String, Vec<u8>)> {
    dir.listing("")
        .into_iter()
        .filter(|p| dir.join(p).is_file())
        .map(|p| {
            let bytes = dir.read(&p);
            (p, bytes)
        })
        .collect()
}

const UPDATE_B: &str = "*** Update File: f.txt\n@@\n a\n-b\n+B\n+B2\n c";

#[test]
fn updates_keep_every_kind_of_ending_and_the_bom() {
    let cases: [(&[u8], &[u8]); 5] = [
        (b"a\nb\nc\n", b"a\nB\nB2\nc\n"),
        (b"a\r\nb\r\nc\r\n", b"a\r\nB\r\nB2\r\nc\r\n"),
        (b"a\r\nb\nc\r\n", b"a\r\nB\nB2\r\nc\r\n"),
        (b"a\rb\rc\r", b"a\rB\rB2\rc\r"),
        (b"\xEF\xBB\xBFa\r\nb\r\nc", b"\xEF\xBB\xBFa\r\nB\r\nB2\r\nc"),
    ];
    for (before, after) in cases {
        let dir = TempDir::new();
        dir.write("f.txt", before);
        let r = apply(&dir, &envelope(UPDATE_B)).unwrap();
        assert_eq!(
            dir.read("f.txt"),
            after,
            "{:?}",
            String::from_utf8_lossy(before)
        );
        assert_eq!(r[0].action, Action::Update);
        assert_eq!(r[0].matched_by, [Tier::Exact]);
        assert_eq!(
            r[0].diff,
            "--- a/f.txt\n+++ b/f.txt\n@@ -1,3 +1,4 @@\n a\n-b\n+B\n+B2\n c\n"
        );
        assert_eq!(
            r[0].version.as_deref(),
            Some(crate::file::version::version(after).as_str())
        );
    }
}

#[test]
fn unified_diffs_apply_the_same_way() {
    let diff = "diff --git a/f.txt b/f.txt\n--- a/f.txt\n+++ b/f.txt\n@@ -1,3 +1,4 @@\n a\n-b\n+B\n+B2\n c\n";
    let dir = TempDir::new();
    dir.write("f.txt", b"a\r\nb\nc\r\n");
    apply(&dir, diff).unwrap();
    assert_eq!(dir.read("f.txt"), b"a\r\nB\nB2\r\nc\r\n");
}

#[test]
fn utf16_files_are_patched_in_their_encoding() {
    let dir = TempDir::new();
    let encode = |s: &str| {
        let mut out = vec![0xFF, 0xFE];
        out.extend(s.encode_utf16().flat_map(u16::to_le_bytes));
        out
    };
    dir.write("f.txt", encode("a\r\nb\r\nc\r\n"));
    apply(&dir, &envelope(UPDATE_B)).unwrap();
    assert_eq!(dir.read("f.txt"), encode("a\r\nB\r\nB2\r\nc\r\n"));
}

#[test]
fn an_added_file_takes_the_patchs_endings_then_the_folders_then_lf() {
    let dir = TempDir::new();
    apply(
        &dir,
        "*** Begin Patch\r\n*** Add File: win.bat\r\n+@echo off\r\n+echo hi\r\n*** End Patch\r\n",
    )
    .unwrap();
    assert_eq!(dir.read("win.bat"), b"@echo off\r\necho hi\r\n");
    dir.write(".editorconfig", "root = true\n[*.cs]\nend_of_line = crlf\n");
    apply(
        &dir,
        &envelope("*** Add File: sub/a.cs\n+class A {}\n+// end\n*** Add File: b.txt\n+x"),
    )
    .unwrap();
    assert_eq!(dir.read("sub/a.cs"), b"class A {}\r\n// end\r\n");
    assert_eq!(dir.read("b.txt"), b"x\n");
}

#[test]
fn add_file_onto_an_existing_file_replaces_it_in_its_conventions() {
    let dir = TempDir::new();
    dir.write("f.txt", b"\xEF\xBB\xBFone\r\ntwo\r\n");
    let r = apply(&dir, &envelope("*** Add File: f.txt\n+one\n+2\n+three")).unwrap();
    assert_eq!(dir.read("f.txt"), b"\xEF\xBB\xBFone\r\n2\r\nthree\r\n");
    assert_eq!(r[0].action, Action::Add);
}

#[test]
fn delete_removes_and_a_missing_file_fails_with_its_index() {
    let dir = TempDir::new();
    dir.write("gone.txt", "x");
    dir.write("keep.txt", "k\r\n");
    let r = apply(&dir, &envelope("*** Delete File: gone.txt")).unwrap();
    assert!(!dir.join("gone.txt").exists());
    assert_eq!(r[0].version, None);
    assert_eq!(
        r[0].diff,
        "--- a/gone.txt\n+++ b/gone.txt\n@@ -1,1 +0,0 @@\n-x\n"
    );
    let before = snapshot(&dir);
    let e = apply(
        &dir,
        &envelope("*** Update File: keep.txt\n@@\n-k\n+K\n*** Delete File: missing.txt"),
    )
    .unwrap_err();
    assert_eq!((e.code, e.file_index), (ErrorCode::FileNotFound, Some(1)));
    assert_eq!(snapshot(&dir), before);
}

#[cfg(unix)]
#[test]
fn a_move_keeps_endings_bom_encoding_and_mode() {
    use std::os::unix::fs::PermissionsExt;
    let dir = TempDir::new();
    let utf16: Vec<u8> = [0xFE, 0xFF]
        .into_iter()
        .chain("x\ry\r".encode_utf16().flat_map(u16::to_be_bytes))
        .collect();
    dir.write("old/a.txt", &utf16);
    std::fs::set_permissions(
        dir.join("old/a.txt"),
        std::fs::Permissions::from_mode(0o751),
    )
    .unwrap();
    let r = apply(
        &dir,
        &envelope("*** Update File: old/a.txt\n*** Move to: new/dir/b.txt"),
    )
    .unwrap();
    assert!(!dir.join("old/a.txt").exists());
    assert_eq!(dir.read("new/dir/b.txt"), utf16);
    let mode = std::fs::metadata(dir.join("new/dir/b.txt"))
        .unwrap()
        .permissions()
        .mode();
    assert_eq!(mode & 0o777, 0o751);
    assert_eq!(
        (r[0].action, r[0].moved_to.as_deref()),
        (Action::Move, Some("new/dir/b.txt"))
    );
    assert_eq!(r[0].diff, "");
}

#[test]
fn a_move_with_hunks_changes_the_file_on_the_way() {
    let dir = TempDir::new();
    dir.write("a.txt", b"\xEF\xBB\xBFone\r\ntwo\r\n");
    let r = apply(
        &dir,
        &envelope("*** Update File: a.txt\n*** Move to: b.txt\n@@\n-two\n+2"),
    )
    .unwrap();
    assert_eq!(dir.read("b.txt"), b"\xEF\xBB\xBFone\r\n2\r\n");
    assert!(!dir.join("a.txt").exists());
    assert!(
        r[0].diff.starts_with("--- a/a.txt\n+++ b/b.txt\n"),
        "{}",
        r[0].diff
    );
}

#[test]
fn a_moved_file_keeps_its_legacy_and_invalid_bytes_and_so_does_a_roll_back() {
    let dir = TempDir::new();
    // Windows-1252 text and a byte that is valid in no encoding the file could have.
    let latin = b"caf\xE9 cr\xE8me br\xFBl\xE9e \x81\r\nline\r\n";
    dir.write("a.txt", latin);
    apply(
        &dir,
        &envelope("*** Update File: a.txt\n*** Move to: b.txt\n@@\n-line\n+LINE"),
    )
    .unwrap();
    assert_eq!(
        dir.read("b.txt"),
        b"caf\xE9 cr\xE8me br\xFBl\xE9e \x81\r\nLINE\r\n"
    );
    // Put back after a later failure: the same bytes, not the text encoded again.
    dir.write("c.txt", latin);
    dir.write("d.txt", "d\n");
    let before = snapshot(&dir);
    hooks::set_before_commit(|| {
        hooks::set_before_commit(|| Err(io::Error::other("injected failure")));
        Ok(())
    });
    let patch =
        envelope("*** Update File: c.txt\n@@\n-line\n+LINE\n*** Update File: d.txt\n@@\n-d\n+D");
    assert_eq!(apply(&dir, &patch).unwrap_err().file_index, Some(1));
    assert_eq!(snapshot(&dir), before);
}

#[test]
fn a_move_onto_an_existing_file_replaces_it_in_its_conventions() {
    let dir = TempDir::new();
    dir.write("a.txt", "one\ntwo\n");
    dir.write("b.txt", b"\xEF\xBB\xBFold\r\n");
    apply(
        &dir,
        &envelope("*** Update File: a.txt\n*** Move to: b.txt"),
    )
    .unwrap();
    assert_eq!(dir.read("b.txt"), b"\xEF\xBB\xBFone\r\ntwo\r\n");
    assert!(!dir.join("a.txt").exists());
}

#[test]
fn a_failing_later_file_leaves_every_file_byte_identical() {
    let dir = TempDir::new();
    dir.write("a.txt", "a\r\nb\r\n");
    dir.write("c.txt", "c\n");
    dir.write("d.txt", "d\n");
    let before = snapshot(&dir);
    let patch = envelope(
        "*** Update File: a.txt\n@@\n-a\n+A\n*** Add File: new.txt\n+n\n*** Delete File: d.txt\n*** Update File: c.txt\n@@\n-nothing like this\n+x",
    );
    let e = apply(&dir, &patch).unwrap_err();
    assert_eq!(
        (e.code, e.file_index, e.hunk_index),
        (ErrorCode::TextNotFound, Some(3), Some(0))
    );
    assert!(e.message.text().contains("c.txt, hunk #1"), "{}", e.message);
    assert_eq!(snapshot(&dir), before);
}

#[test]
fn a_failed_write_puts_back_the_files_already_written() {
    let dir = TempDir::new();
    dir.write("a.txt", "a\r\n");
    dir.write("b.txt", "b\n");
    dir.write("gone.txt", "g\n");
    let before = snapshot(&dir);
    // The first write goes through and arms a failure for the second.
    hooks::set_before_commit(|| {
        hooks::set_before_commit(|| Err(io::Error::other("injected failure")));
        Ok(())
    });
    let patch = envelope(
        "*** Add File: new.txt\n+n\n*** Update File: a.txt\n@@\n-a\n+A\n*** Update File: b.txt\n@@\n-b\n+B\n*** Delete File: gone.txt",
    );
    let e = apply(&dir, &patch).unwrap_err();
    assert_eq!((e.code, e.file_index), (ErrorCode::IoError, Some(1)));
    assert!(e.message.text().contains("put back"), "{}", e.message);
    assert_eq!(snapshot(&dir), before);
}

#[test]
fn a_file_changed_by_another_process_before_its_commit_is_file_changed() {
    let dir = TempDir::new();
    dir.write("a.txt", "a\n");
    dir.write("b.txt", "b\n");
    let b = dir.join("b.txt");
    // While a.txt is written, another process changes b.txt.
    hooks::set_before_commit(move || std::fs::write(b, "B by someone else\n"));
    let e = apply(
        &dir,
        &envelope("*** Update File: a.txt\n@@\n-a\n+A\n*** Update File: b.txt\n@@\n-b\n+B"),
    )
    .unwrap_err();
    assert_eq!((e.code, e.file_index), (ErrorCode::FileChanged, Some(1)));
    assert_eq!(dir.read("a.txt"), b"a\n");
    assert_eq!(dir.read("b.txt"), b"B by someone else\n");
}

#[test]
fn paths_outside_the_root_fail_before_anything_is_written() {
    let dir = TempDir::new();
    dir.write("root/a.txt", "a\n");
    dir.write("secret.txt", "s\n");
    let before = snapshot(&dir);
    let mut o = opts(&dir);
    o.file.roots = Some(vec![dir.join("root")]);
    o.file.cwd = Some(dir.join("root"));
    let patch = envelope("*** Update File: a.txt\n@@\n-a\n+A\n*** Delete File: ../secret.txt");
    let e = apply_patch(patch.as_bytes(), &o).unwrap_err();
    assert_eq!(
        (e.code, e.file_index),
        (ErrorCode::PathOutsideRoot, Some(1))
    );
    assert_eq!(snapshot(&dir), before);
}

#[test]
fn a_dry_run_reports_everything_and_writes_nothing() {
    let dir = TempDir::new();
    dir.write("a.txt", "a\r\n");
    dir.write("gone.txt", "g\n");
    let before = snapshot(&dir);
    let mut o = opts(&dir);
    o.file.dry_run = true;
    let patch = envelope(
        "*** Update File: a.txt\n@@\n-a\n+A\n*** Add File: n.txt\n+n\n*** Delete File: gone.txt",
    );
    let r = apply_patch(patch.as_bytes(), &o).unwrap();
    assert_eq!(snapshot(&dir), before);
    assert_eq!(r.len(), 3);
    assert_eq!(
        r[0].version.as_deref(),
        Some(crate::file::version::version(b"A\r\n").as_str())
    );
    assert!(r[1].diff.contains("+n"));
}

#[test]
fn an_update_that_changes_nothing_is_no_change() {
    let dir = TempDir::new();
    dir.write("a.txt", "a\n");
    let e = apply(&dir, &envelope("*** Update File: a.txt\n@@\n-a\n+a")).unwrap_err();
    assert_eq!((e.code, e.file_index), (ErrorCode::NoChange, Some(0)));
}

#[test]
fn two_sections_on_one_file_see_each_other() {
    let dir = TempDir::new();
    dir.write("a.txt", "a\r\nb\r\n");
    let r = apply(
        &dir,
        &envelope("*** Update File: a.txt\n@@\n-a\n+A\n*** Update File: ./a.txt\n@@\n-A\n+AA\n*** Delete File: x.txt\n*** Add File: x.txt\n+x"),
    );
    // x.txt does not exist: nothing is written, even the a.txt changes.
    assert_eq!(r.unwrap_err().file_index, Some(2));
    assert_eq!(dir.read("a.txt"), b"a\r\nb\r\n");
    let r = apply(
        &dir,
        &envelope("*** Update File: a.txt\n@@\n-a\n+A\n*** Update File: ./a.txt\n@@\n-A\n+AA"),
    )
    .unwrap();
    assert_eq!(dir.read("a.txt"), b"AA\r\nb\r\n");
    assert_eq!(r[0].version, None);
    assert!(r[1].version.is_some());
}

#[test]
fn expected_versions_guard_each_file() {
    let dir = TempDir::new();
    dir.write("a.txt", "a\n");
    let mut o = opts(&dir);
    o.expected_versions.insert("a.txt".into(), "stale".into());
    let e = apply_patch(
        envelope("*** Update File: a.txt\n@@\n-a\n+A").as_bytes(),
        &o,
    )
    .unwrap_err();
    assert_eq!((e.code, e.file_index), (ErrorCode::FileChanged, Some(0)));
    o.expected_versions
        .insert("a.txt".into(), crate::file::version::version(b"a\n"));
    apply_patch(
        envelope("*** Update File: a.txt\n@@\n-a\n+A").as_bytes(),
        &o,
    )
    .unwrap();
    assert_eq!(dir.read("a.txt"), b"A\n");
}

#[test]
fn an_expected_version_of_absent_lets_a_new_file_be_added_but_not_overwritten() {
    let dir = TempDir::new();
    let mut o = opts(&dir);
    o.expected_versions
        .insert("new.txt".into(), crate::file::version::ABSENT.into());
    let add = envelope("*** Add File: new.txt\n+mine");
    apply_patch(add.as_bytes(), &o).unwrap();
    assert_eq!(dir.read("new.txt"), b"mine\n");
    // It exists now, so adding it again over itself is refused and nothing changes.
    let again = envelope("*** Add File: new.txt\n+again");
    let e = apply_patch(again.as_bytes(), &o).unwrap_err();
    assert_eq!(e.code, ErrorCode::FileChanged);
    assert!(e.message.text().contains("exists now"), "{}", e.message);
    assert_eq!(dir.read("new.txt"), b"mine\n");
}

#[cfg(target_os = "linux")]
#[test]
fn a_file_that_cannot_be_written_fails_before_anything_is_written() {
    use std::os::unix::fs::PermissionsExt;
    let dir = TempDir::new();
    dir.write("a.txt", "a\n");
    dir.write("ro/b.txt", "b\n");
    // Everything is writable for the unprivileged user but the folder `ro`.
    let mode =
        |p: &Path, m: u32| std::fs::set_permissions(p, std::fs::Permissions::from_mode(m)).unwrap();
    mode(dir.path(), 0o777);
    mode(&dir.join("a.txt"), 0o666);
    mode(&dir.join("ro/b.txt"), 0o666);
    mode(&dir.join("ro"), 0o555);
    let before = snapshot(&dir);
    let e = crate::file::testing::without_root(|| {
        apply(
            &dir,
            &envelope("*** Update File: a.txt\n@@\n-a\n+A\n*** Update File: ro/b.txt\n@@\n-b\n+B"),
        )
        .unwrap_err()
    });
    assert_eq!(
        (e.code, e.file_index),
        (ErrorCode::PermissionDenied, Some(1))
    );
    // Found by the checks before the first write, not by a write that was rolled back.
    assert!(!e.message.text().contains("put back"), "{}", e.message);
    assert_eq!(snapshot(&dir), before);
}

// OpenCode's reported issues, as regressions.

#[test]
fn opencode_37090_added_lines_in_a_windows_file_get_crlf() {
    let dir = TempDir::new();
    dir.write(
        "Program.cs",
        "using System;\r\n\r\nclass P {\r\n    static void Main() {\r\n    }\r\n}\r\n",
    );
    apply(
        &dir,
        &envelope("*** Update File: Program.cs\n@@ class P {\n     static void Main() {\n+        Console.WriteLine(\"hi\");\n     }"),
    )
    .unwrap();
    let out = dir.read("Program.cs");
    assert_eq!(
        out,
        b"using System;\r\n\r\nclass P {\r\n    static void Main() {\r\n        Console.WriteLine(\"hi\");\r\n    }\r\n}\r\n"
    );
    assert!(!out.windows(2).any(|w| w[1] == b'\n' && w[0] != b'\r'));
}

#[test]
fn opencode_45926_a_crlf_file_does_not_turn_mixed() {
    let dir = TempDir::new();
    dir.write("f", "foo\r\nbar\r\n");
    let r = apply(&dir, &envelope("*** Update File: f\n@@\n-foo\n+FOO")).unwrap();
    assert_eq!(dir.read("f"), b"FOO\r\nbar\r\n");
    assert!(!r[0].eol.mixed);
    assert!(r[0].warnings.is_empty());
}

#[test]
fn opencode_42081_a_final_blank_line_is_not_eaten() {
    let dir = TempDir::new();
    dir.write("f.txt", "alpha\nbeta\n\n");
    for _ in 0..3 {
        let content = String::from_utf8(dir.read("f.txt")).unwrap();
        let (old, new) = if content.starts_with("alpha") {
            ("alpha", "ALPHA")
        } else {
            ("ALPHA", "alpha")
        };
        apply(
            &dir,
            &envelope(&format!("*** Update File: f.txt\n@@\n-{old}\n+{new}")),
        )
        .unwrap();
        assert!(dir.read("f.txt").ends_with(b"beta\n\n"));
    }
}

#[test]
fn results_follow_the_sections_in_order() {
    let dir = TempDir::new();
    dir.write("a.txt", "a\n");
    let r = apply(
        &dir,
        &envelope("*** Add File: z.txt\n+z\n*** Update File: a.txt\n@@\n-a\n+A"),
    )
    .unwrap();
    let shown: Vec<(&str, &str)> = r
        .iter()
        .map(|f| (f.path.as_str(), f.action.as_str()))
        .collect();
    assert_eq!(shown, [("z.txt", "add"), ("a.txt", "update")]);
    assert!(Path::new(&dir.join("z.txt")).exists());
}

#[test]
fn a_context_line_that_reads_like_a_marker_is_context() {
    // A README documenting apply_patch: its lines, quoted as context, are not sections.
    let readme = "Old intro\n*** Delete File: config.ini\n*** Update File: x.txt\n*** End of File\n@@ top\n*** End Patch\nend\n";
    let dir = TempDir::new();
    dir.write("README.md", readme);
    dir.write("config.ini", "keep=1\n");
    dir.write("x.txt", "x\n");
    let r = apply(
        &dir,
        "*** Begin Patch\n*** Update File: README.md\n@@\n-Old intro\n+New intro\n *** Delete File: config.ini\n *** Update File: x.txt\n *** End of File\n @@ top\n *** End Patch\n end\n*** End Patch\n",
    )
    .unwrap();
    assert_eq!(r.len(), 1);
    assert_eq!(
        dir.read("README.md"),
        readme.replace("Old", "New").as_bytes()
    );
    assert_eq!(dir.read("config.ini"), b"keep=1\n");
    assert_eq!(dir.read("x.txt"), b"x\n");
}

#[test]
fn added_and_removed_lines_that_read_like_markers_are_content() {
    let dir = TempDir::new();
    dir.write("doc.md", "a\n*** End Patch\n");
    apply(
        &dir,
        "*** Begin Patch\n*** Update File: doc.md\n@@\n a\n-*** End Patch\n+*** Delete File: doc.md\n+*** End Patch\n*** Add File: new.md\n+*** End Patch\n+*** Update File: doc.md\n*** End Patch\n",
    )
    .unwrap();
    assert_eq!(
        dir.read("doc.md"),
        b"a\n*** Delete File: doc.md\n*** End Patch\n"
    );
    assert_eq!(
        dir.read("new.md"),
        b"*** End Patch\n*** Update File: doc.md\n"
    );
}

#[test]
fn markers_with_whitespace_still_stand_where_no_hunk_line_can() {
    let dir = TempDir::new();
    dir.write("a.txt", "a\n");
    dir.write("b.txt", "b\n");
    dir.write("c.txt", "c\n");
    // After an added file's lines, after a deletion, after a tab (a context line starts
    // with a space), and as the patch's last line.
    let r = apply(
        &dir,
        "  *** Begin Patch  \n*** Add File: n.txt\n+n\n  *** Delete File: c.txt \n *** Update File: a.txt\n@@\n-a\n+A\n\t*** Update File: b.txt\n@@\n-b\n+B\n *** End Patch \n",
    )
    .unwrap();
    assert_eq!(r.len(), 4);
    assert_eq!(
        (dir.read("a.txt"), dir.read("b.txt"), dir.read("n.txt")),
        (b"A\n".to_vec(), b"B\n".to_vec(), b"n\n".to_vec())
    );
    assert!(!dir.join("c.txt").exists());
}

#[test]
fn cd_before_apply_patch_makes_its_folder_the_patchs() {
    let dir = TempDir::new();
    dir.write("a.txt", "top\n");
    dir.write("sub/a.txt", "one\r\ntwo\r\n");
    let r = apply(
        &dir,
        "cd sub && apply_patch <<'EOF'\n*** Begin Patch\n*** Update File: a.txt\n@@\n-two\n+2\n*** Update File: a.txt\n*** Move to: b.txt\n*** End Patch\nEOF\n",
    )
    .unwrap();
    assert_eq!(dir.read("a.txt"), b"top\n");
    assert_eq!(dir.read("sub/b.txt"), b"one\r\n2\r\n");
    assert!(!dir.join("sub/a.txt").exists());
    assert_eq!(
        (r[0].path.as_str(), r[1].moved_to.as_deref()),
        ("sub/a.txt", Some("sub/b.txt"))
    );
}

#[test]
fn a_cd_out_of_the_root_is_outside_the_root() {
    let dir = TempDir::new();
    dir.write("root/x/a.txt", "a\n");
    dir.write("a.txt", "outside\n");
    let before = snapshot(&dir);
    let mut o = opts(&dir);
    o.file.roots = Some(vec![dir.join("root")]);
    o.file.cwd = Some(dir.join("root/x"));
    let patch = "cd ../.. && apply_patch <<'EOF'\n*** Begin Patch\n*** Update File: a.txt\n@@\n-outside\n+in\n*** End Patch\nEOF";
    let e = apply_patch(patch.as_bytes(), &o).unwrap_err();
    assert_eq!(
        (e.code, e.file_index),
        (ErrorCode::PathOutsideRoot, Some(0))
    );
    assert_eq!(snapshot(&dir), before);
    // Inside the root, the same `cd` is relative to the call's folder.
    let inside = patch.replace("../..", "..").replace("outside", "a");
    dir.write("root/a.txt", "a\n");
    apply_patch(inside.as_bytes(), &o).unwrap();
    assert_eq!(dir.read("root/a.txt"), b"in\n");
    assert_eq!(dir.read("root/x/a.txt"), b"a\n");
}
