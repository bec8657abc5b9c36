//! A patch of several sections as one change to the tree, on real folders: which state
//! each section reads, moves onto moved files, links, dry runs that fail where the real
//! call would, and rollbacks that put back bytes, modes and folders exactly.

use std::collections::HashMap;
use std::io;
use std::path::Path;

use super::Options;
use crate::error::{ErrorCode, Result};
use crate::file::atomic::hooks;
use crate::file::testing::TempDir;
use crate::file::FileOptions;
use crate::patch::{apply_patch, Action, FileResult};

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

fn dry_run(dir: &TempDir, patch: &str) -> Result<Vec<FileResult>> {
    let mut o = opts(dir);
    o.file.dry_run = true;
    apply_patch(patch.as_bytes(), &o)
}

fn envelope(body: &str) -> String {
    format!("*** Begin Patch\n{body}\n*** End Patch\n")
}

/// Every entry below the folder: files with their bytes (and mode on Unix), links with
/// their targets, folders as themselves.
fn snapshot(dir: &TempDir) -> Vec<(String, String)> {
    dir.listing("")
        .into_iter()
        .map(|p| {
            let path = dir.join(&p);
            let meta = std::fs::symlink_metadata(&path).unwrap();
            let what = if meta.file_type().is_symlink() {
                format!("-> {}", std::fs::read_link(&path).unwrap().display())
            } else if meta.is_dir() {
                "folder".to_string()
            } else {
                format!(
                    "{:?} {}",
                    String::from_utf8_lossy(&dir.read(&p)),
                    mode(&path)
                )
            };
            (p, what)
        })
        .collect()
}

#[cfg(unix)]
fn mode(path: &Path) -> u32 {
    use std::os::unix::fs::PermissionsExt;
    std::fs::symlink_metadata(path)
        .unwrap()
        .permissions()
        .mode()
        & 0o7777
}

#[cfg(not(unix))]
fn mode(_path: &Path) -> u32 {
    0
}

#[cfg(unix)]
fn set_mode(dir: &TempDir, rel: &str, mode: u32) {
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(dir.join(rel), std::fs::Permissions::from_mode(mode)).unwrap();
}

#[cfg(not(unix))]
fn set_mode(_dir: &TempDir, _rel: &str, _mode: u32) {}

/// Arms a write failure for the second write of the next commit.
fn fail_second_write() {
    hooks::set_before_commit(|| {
        hooks::set_before_commit(|| Err(io::Error::other("injected failure")));
        Ok(())
    });
}

// ---------------------------------------------------------------------------
// Which state each section reads.

#[test]
fn a_later_section_on_a_moves_new_name_changes_the_moved_content() {
    // git's t4127 "apply same new filename after rename", in both formats.
    let unified = "diff --git a/same_fn b/new_fn\nsimilarity index 92%\nrename from same_fn\nrename to new_fn\n--- a/same_fn\n+++ b/new_fn\n@@ -1,3 +1,3 @@\n a\n-b\n+z\n c\ndiff --git a/new_fn b/new_fn\n--- a/new_fn\n+++ b/new_fn\n@@ -2,2 +2,2 @@\n z\n-c\n+y\n";
    let envelope = envelope(
        "*** Update File: same_fn\n*** Move to: new_fn\n@@\n a\n-b\n+z\n*** Update File: new_fn\n@@\n z\n-c\n+y",
    );
    for patch in [unified, envelope.as_str()] {
        let dir = TempDir::new();
        dir.write("same_fn", "a\r\nb\r\nc\r\n");
        let r = apply(&dir, patch).unwrap();
        assert_eq!(dir.listing(""), ["new_fn"]);
        assert_eq!(dir.read("new_fn"), b"a\r\nz\r\ny\r\n");
        // The version is the last section's, the file's bytes now.
        assert_eq!(r[0].version, None);
        assert_eq!(
            r[1].version.as_deref(),
            Some(crate::file::version::version(b"a\r\nz\r\ny\r\n").as_str())
        );
    }
}

#[test]
fn a_moved_file_changed_again_keeps_the_legacy_bytes_it_does_not_change() {
    let dir = TempDir::new();
    dir.write("a.txt", b"caf\xE9 \x81\r\nline\r\nlast\r\n");
    apply(
        &dir,
        &envelope("*** Update File: a.txt\n*** Move to: b.txt\n@@\n-line\n+LINE\n*** Update File: b.txt\n@@\n-last\n+LAST"),
    )
    .unwrap();
    assert_eq!(dir.read("b.txt"), b"caf\xE9 \x81\r\nLINE\r\nLAST\r\n");
}

#[test]
fn the_old_name_of_a_moved_file_is_gone_for_later_sections() {
    // git's t4127 "apply same old filename after rename -- should fail".
    let dir = TempDir::new();
    dir.write("a.txt", "a\n");
    let before = snapshot(&dir);
    let e = apply(
        &dir,
        &envelope("*** Update File: a.txt\n*** Move to: b.txt\n*** Update File: a.txt\n@@\n-a\n+A"),
    )
    .unwrap_err();
    assert_eq!((e.code, e.file_index), (ErrorCode::FileNotFound, Some(1)));
    assert!(
        e.message.text().contains("earlier section"),
        "{}",
        e.message
    );
    assert_eq!(snapshot(&dir), before);
}

#[test]
fn criss_cross_moves_swap_the_files_bytes_and_modes() {
    // git's t4130: each move takes the file as the patch found it.
    let utf16: Vec<u8> = [0xFF, 0xFE]
        .into_iter()
        .chain("one\r\n".encode_utf16().flat_map(u16::to_le_bytes))
        .collect();
    let unified = "diff --git a/b b/a\nsimilarity index 100%\nrename from b\nrename to a\ndiff --git a/a b/b\nsimilarity index 100%\nrename from a\nrename to b\n";
    let envelope =
        envelope("*** Update File: b\n*** Move to: a\n*** Update File: a\n*** Move to: b");
    for patch in [unified, envelope.as_str()] {
        let dir = TempDir::new();
        dir.write("a", &utf16);
        dir.write("b", "\u{FEFF}two\rlone\n");
        set_mode(&dir, "a", 0o600);
        set_mode(&dir, "b", 0o755);
        let r = apply(&dir, patch).unwrap();
        assert_eq!(dir.read("a"), "\u{FEFF}two\rlone\n".as_bytes());
        assert_eq!(dir.read("b"), utf16);
        if cfg!(unix) {
            assert_eq!((mode(&dir.join("a")), mode(&dir.join("b"))), (0o755, 0o600));
        }
        assert_eq!(dir.listing(""), ["a", "b"]);
        assert!(r.iter().all(|f| f.action == Action::Move));
    }
}

#[test]
fn three_moves_around_a_circle_rotate_the_files() {
    let dir = TempDir::new();
    for (name, text) in [("f1", "one\n"), ("f2", "two\r\n"), ("f3", "three")] {
        dir.write(name, text);
    }
    apply(
        &dir,
        "diff --git a/f2 b/f1\nrename from f2\nrename to f1\ndiff --git a/f3 b/f2\nrename from f3\nrename to f2\ndiff --git a/f1 b/f3\nrename from f1\nrename to f3\n",
    )
    .unwrap();
    assert_eq!(dir.read("f1"), b"two\r\n");
    assert_eq!(dir.read("f2"), b"three");
    assert_eq!(dir.read("f3"), b"one\n");
}

#[test]
fn a_swap_with_hunks_changes_each_file_on_its_way() {
    let dir = TempDir::new();
    dir.write("a", "a1\r\na2\r\n");
    dir.write("b", "b1\nb2\n");
    apply(
        &dir,
        &envelope("*** Update File: a\n*** Move to: b\n@@\n-a2\n+A2\n*** Update File: b\n*** Move to: a\n@@\n-b1\n+B1\n*** Update File: a\n@@\n-b2\n+B2"),
    )
    .unwrap();
    assert_eq!(dir.read("b"), b"a1\r\nA2\r\n");
    assert_eq!(dir.read("a"), b"B1\nB2\n");
}

#[test]
fn a_move_onto_a_file_that_moves_on_keeps_both_contents() {
    // A → B, B → C: B's old content goes on to C, A's takes its place.
    let dir = TempDir::new();
    dir.write("a", "from a\n");
    dir.write("b", "from b\r\n");
    apply(
        &dir,
        &envelope("*** Update File: a\n*** Move to: b\n*** Update File: b\n*** Move to: new/c"),
    )
    .unwrap();
    assert_eq!(dir.listing(""), ["b", "new", "new/c"]);
    assert_eq!(dir.read("b"), b"from a\n");
    assert_eq!(dir.read("new/c"), b"from b\r\n");
}

#[test]
fn deleting_and_adding_one_path_replaces_the_file_as_a_new_one_keeping_its_mode() {
    let dir = TempDir::new();
    dir.write("f.txt", b"\xEF\xBB\xBFold\r\n");
    set_mode(&dir, "f.txt", 0o640);
    let patch = "diff --git a/f.txt b/f.txt\ndeleted file mode 100644\n--- a/f.txt\n+++ /dev/null\n@@ -1 +0,0 @@\n-old\ndiff --git a/f.txt b/f.txt\nnew file mode 100644\n--- /dev/null\n+++ b/f.txt\n@@ -0,0 +1,2 @@\n+new\n+text\n";
    let r = apply(&dir, patch).unwrap();
    // A new file's text: no BOM, the new file's endings.
    assert_eq!(dir.read("f.txt"), b"new\ntext\n");
    if cfg!(unix) {
        assert_eq!(mode(&dir.join("f.txt")), 0o640);
    }
    assert_eq!(r[1].action, Action::Add);
    assert!(r[1].version.is_some());
}

#[test]
fn an_add_onto_a_file_a_later_section_deletes_keeps_the_added_text() {
    // git's reading: the delete takes the file that was there, the add stays.
    let dir = TempDir::new();
    dir.write("f.txt", "old\r\n");
    apply(
        &dir,
        &envelope("*** Add File: f.txt\n+new\n*** Delete File: f.txt"),
    )
    .unwrap();
    assert_eq!(dir.read("f.txt"), b"new\n");
}

#[test]
fn an_add_onto_a_file_that_is_then_moved_leaves_both() {
    let dir = TempDir::new();
    dir.write("f.txt", "old\r\n");
    apply(
        &dir,
        &envelope("*** Add File: f.txt\n+new\n*** Update File: f.txt\n*** Move to: g.txt"),
    )
    .unwrap();
    assert_eq!(dir.read("f.txt"), b"new\n");
    assert_eq!(dir.read("g.txt"), b"old\r\n");
}

#[test]
fn a_move_then_a_delete_of_the_new_name_removes_the_file() {
    let dir = TempDir::new();
    dir.write("a", "a\n");
    apply(
        &dir,
        &envelope("*** Update File: a\n*** Move to: b\n*** Delete File: b"),
    )
    .unwrap();
    assert!(dir.listing("").is_empty());
}

#[test]
fn a_swap_of_identical_files_writes_nothing() {
    let dir = TempDir::new();
    dir.write("a", "same\n");
    dir.write("b", "same\n");
    let before = snapshot(&dir);
    let r = apply(
        &dir,
        &envelope("*** Update File: a\n*** Move to: b\n*** Update File: b\n*** Move to: a"),
    )
    .unwrap();
    assert_eq!(snapshot(&dir), before);
    assert!(r[1].version.is_some());
}

// ---------------------------------------------------------------------------
// Links.

#[cfg(unix)]
#[test]
fn deleting_a_link_and_adding_a_file_there_is_not_a_file_and_changes_nothing() {
    // git's t4114 "symlink becomes file": the link must never be written through.
    let dir = TempDir::new();
    dir.write("bar", "hi planet\n");
    std::os::unix::fs::symlink("bar", dir.join("foo")).unwrap();
    let before = snapshot(&dir);
    let patch = "diff --git a/foo b/foo\ndeleted file mode 100644\n--- a/foo\n+++ /dev/null\n@@ -1 +0,0 @@\n-hi planet\ndiff --git a/foo b/foo\nnew file mode 100644\n--- /dev/null\n+++ b/foo\n@@ -0,0 +1 @@\n+how far is the sun?\n";
    for result in [dry_run(&dir, patch), apply(&dir, patch)] {
        let e = result.unwrap_err();
        assert_eq!((e.code, e.file_index), (ErrorCode::NotAFile, Some(0)));
        assert!(e.message.text().contains("symbolic link"), "{}", e.message);
    }
    assert_eq!(snapshot(&dir), before);
}

#[cfg(unix)]
#[test]
fn a_link_is_never_moved_and_nothing_is_created_through_a_dangling_one() {
    let dir = TempDir::new();
    dir.write("target.txt", "t\n");
    std::os::unix::fs::symlink("target.txt", dir.join("link.txt")).unwrap();
    std::os::unix::fs::symlink("nowhere.txt", dir.join("dangling.txt")).unwrap();
    let before = snapshot(&dir);
    for (patch, index) in [
        ("*** Update File: link.txt\n*** Move to: moved.txt", 0),
        ("*** Update File: target.txt\n*** Move to: dangling.txt", 0),
        (
            "*** Add File: ok.txt\n+ok\n*** Add File: dangling.txt\n+x",
            1,
        ),
    ] {
        let patch = envelope(patch);
        for result in [dry_run(&dir, &patch), apply(&dir, &patch)] {
            let e = result.unwrap_err();
            assert_eq!(
                (e.code, e.file_index),
                (ErrorCode::NotAFile, Some(index)),
                "{patch}"
            );
        }
        assert_eq!(snapshot(&dir), before);
    }
    // An update through a link changes its target, as an edit does.
    apply(&dir, &envelope("*** Update File: link.txt\n@@\n-t\n+T")).unwrap();
    assert_eq!(dir.read("target.txt"), b"T\n");
}

#[cfg(unix)]
#[test]
fn a_section_about_a_link_is_refused_by_what_is_on_disk_and_changes_nothing() {
    // git's `deleted file mode 120000` (t4114 "symlink becomes file", t4122) and a
    // link's target changed on the `index` line (t4115): never applied.
    let dir = TempDir::new();
    dir.write("bar", "hi planet\n");
    dir.write("plain", "bar");
    std::os::unix::fs::symlink("bar", dir.join("foo")).unwrap();
    std::os::unix::fs::symlink("nowhere", dir.join("dangling")).unwrap();
    let before = snapshot(&dir);
    let delete = |name: &str| {
        format!("diff --git a/{name} b/{name}\ndeleted file mode 120000\nindex ba0e162..0000000\n--- a/{name}\n+++ /dev/null\n@@ -1 +0,0 @@\n-bar\n\\ No newline at end of file\ndiff --git a/{name} b/{name}\nnew file mode 100644\n--- /dev/null\n+++ b/{name}\n@@ -0,0 +1 @@\n+how far is the sun?\n")
    };
    let retarget = |name: &str| {
        format!("diff --git a/{name} b/{name}\nindex e22c044..566d571 120000\n--- a/{name}\n+++ b/{name}\n@@ -1 +1 @@\n-bar\n\\ No newline at end of file\n+htap6\n\\ No newline at end of file\n")
    };
    for (patch, code) in [
        (delete("foo"), ErrorCode::NotAFile),
        (retarget("foo"), ErrorCode::NotAFile),
        (retarget("dangling"), ErrorCode::FileNotFound),
        (delete("missing"), ErrorCode::FileNotFound),
        // No link there: the section still speaks of one, and is never applied as text.
        (delete("plain"), ErrorCode::PatchInvalid),
        (retarget("plain"), ErrorCode::PatchInvalid),
    ] {
        for result in [dry_run(&dir, &patch), apply(&dir, &patch)] {
            let e = result.unwrap_err();
            assert_eq!((e.code, e.file_index), (code, Some(0)), "{patch}");
        }
        assert_eq!(snapshot(&dir), before);
    }
}

// ---------------------------------------------------------------------------
// A dry run fails where the real call would.

#[test]
fn a_path_both_a_file_and_a_folder_is_refused_by_the_dry_run_too() {
    let dir = TempDir::new();
    let before = snapshot(&dir);
    for patch in [
        envelope("*** Add File: x\n+file\n*** Add File: x/inner.txt\n+inside"),
        envelope("*** Add File: x/y/inner.txt\n+inside\n*** Add File: x\n+file"),
    ] {
        for result in [dry_run(&dir, &patch), apply(&dir, &patch)] {
            let e = result.unwrap_err();
            assert_eq!(e.code, ErrorCode::PatchInvalid, "{}", e.message);
            assert!(
                e.message.text().contains("both a file and a folder"),
                "{}",
                e.message
            );
            assert!(!e.message.text().contains("put back"), "{}", e.message);
            assert_eq!(e.lines.len(), 2);
        }
        assert_eq!(snapshot(&dir), before);
    }
}

#[test]
fn text_a_files_encoding_cannot_hold_is_refused_before_any_write() {
    let dir = TempDir::new();
    dir.write("a.txt", "a\n");
    // Shift_JIS, as the project declares it.
    dir.write(
        ".editorconfig",
        "root = true\n[*.sjis]\ncharset = shift_jis\n",
    );
    let before = snapshot(&dir);
    let patch =
        envelope("*** Update File: a.txt\n@@\n-a\n+A\n*** Add File: new.sjis\n+snow \u{2603}");
    for result in [dry_run(&dir, &patch), apply(&dir, &patch)] {
        let e = result.unwrap_err();
        assert_eq!(
            (e.code, e.file_index),
            (ErrorCode::EncodingUnmappable, Some(1)),
            "{}",
            e.message
        );
        assert!(e.message.text().starts_with("new.sjis: "), "{}", e.message);
        assert!(!e.message.text().contains("put back"), "{}", e.message);
    }
    assert_eq!(snapshot(&dir), before);
}

// ---------------------------------------------------------------------------
// Rollbacks put back bytes, modes and folders.

#[test]
fn a_rollback_puts_back_a_replaced_files_bytes_and_mode() {
    let dir = TempDir::new();
    dir.write("run.sh", "#!/bin/sh\n");
    dir.write("secret", "s3cr3t\r\n");
    dir.write("other.txt", "o\n");
    set_mode(&dir, "run.sh", 0o755);
    set_mode(&dir, "secret", 0o600);
    let before = snapshot(&dir);
    fail_second_write();
    let e = apply(
        &dir,
        &envelope(
            "*** Update File: run.sh\n*** Move to: secret\n*** Update File: other.txt\n@@\n-o\n+O",
        ),
    )
    .unwrap_err();
    assert_eq!((e.code, e.file_index), (ErrorCode::IoError, Some(1)));
    assert!(e.message.text().contains("put back"), "{}", e.message);
    assert_eq!(snapshot(&dir), before);
}

#[test]
fn a_rollback_removes_the_folders_the_patch_created_and_only_those() {
    let dir = TempDir::new();
    dir.write("keep/old.txt", "k\n");
    dir.write("a.txt", "a\n");
    let before = snapshot(&dir);
    fail_second_write();
    let e = apply(
        &dir,
        &envelope("*** Add File: keep/n1/n2/new.txt\n+n\n*** Update File: a.txt\n@@\n-a\n+A"),
    )
    .unwrap_err();
    assert_eq!(e.code, ErrorCode::IoError);
    assert_eq!(snapshot(&dir), before);
}

#[test]
fn a_rollback_recreates_a_deleted_file_with_its_bytes_and_mode() {
    let dir = TempDir::new();
    dir.write("a.txt", "a\n");
    dir.write("gone1.txt", b"caf\xE9\r\n");
    dir.write("gone2.txt", "g\n");
    set_mode(&dir, "gone1.txt", 0o640);
    // While a.txt is written, another process changes gone2.txt: the second delete
    // fails after the first went through.
    let gone2 = dir.join("gone2.txt");
    hooks::set_before_commit(move || std::fs::write(gone2, "changed\n"));
    let e = apply(
        &dir,
        &envelope("*** Update File: a.txt\n@@\n-a\n+A\n*** Delete File: gone1.txt\n*** Delete File: gone2.txt"),
    )
    .unwrap_err();
    assert_eq!((e.code, e.file_index), (ErrorCode::FileChanged, Some(2)));
    assert!(e.message.text().contains("put back"), "{}", e.message);
    assert_eq!(dir.read("a.txt"), b"a\n");
    assert_eq!(dir.read("gone1.txt"), b"caf\xE9\r\n");
    if cfg!(unix) {
        assert_eq!(mode(&dir.join("gone1.txt")), 0o640);
    }
    assert_eq!(dir.read("gone2.txt"), b"changed\n");
}

#[cfg(unix)]
#[test]
fn a_moved_file_gets_its_mode_before_it_has_a_name() {
    use std::cell::RefCell;
    use std::rc::Rc;
    let dir = TempDir::new();
    dir.write("secret", "s\n");
    set_mode(&dir, "secret", 0o600);
    let seen = Rc::new(RefCell::new(Vec::new()));
    let (folder, seen_in_hook) = (dir.path().to_path_buf(), Rc::clone(&seen));
    hooks::set_named_temp_only(true);
    hooks::set_before_commit(move || {
        for entry in std::fs::read_dir(folder)? {
            let path = entry?.path();
            if path.to_string_lossy().contains(".eol-edit-") {
                seen_in_hook.borrow_mut().push(mode(&path));
            }
        }
        Ok(())
    });
    let r = apply(
        &dir,
        &envelope("*** Update File: secret\n*** Move to: moved"),
    );
    hooks::set_named_temp_only(false);
    r.unwrap();
    assert_eq!(*seen.borrow(), [0o600]);
    assert_eq!(mode(&dir.join("moved")), 0o600);
}

/// Records, at every write, the copies kept aside in the folder (name prefix, bytes
/// and mode), until the hooks are cleared. Linux only: elsewhere the temporary files of
/// the writes themselves have names like the copy's.
#[cfg(target_os = "linux")]
fn watch_copies(folder: std::path::PathBuf, log: std::rc::Rc<std::cell::RefCell<Vec<String>>>) {
    hooks::set_before_commit(move || {
        let mut seen = Vec::new();
        for entry in std::fs::read_dir(&folder)? {
            let path = entry?.path();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            if name.contains(".eol-edit-") && path.is_file() {
                let prefix = name.split(".eol-edit-").next().unwrap().to_string();
                let bytes = String::from_utf8_lossy(&std::fs::read(&path)?).into_owned();
                seen.push(format!("{prefix} {bytes:?} {:o}", mode(&path)));
            }
        }
        log.borrow_mut().push(seen.join(", "));
        watch_copies(folder, log);
        Ok(())
    });
}

#[cfg(target_os = "linux")]
#[test]
fn a_swap_keeps_one_old_content_aside_until_both_files_are_written() {
    use std::cell::RefCell;
    use std::rc::Rc;
    let dir = TempDir::new();
    dir.write("a", "secret\n");
    dir.write("b", "open\n");
    set_mode(&dir, "a", 0o600);
    set_mode(&dir, "b", 0o644);
    let log = Rc::new(RefCell::new(Vec::new()));
    watch_copies(dir.path().to_path_buf(), Rc::clone(&log));
    let r = apply(
        &dir,
        &envelope("*** Update File: a\n*** Move to: b\n*** Update File: b\n*** Move to: a"),
    );
    hooks::set_before_commit(|| Ok(()));
    r.unwrap();
    // The copy of a is made (not yet named while it is written), then stays while both
    // files are replaced, then goes.
    let kept = format!(".a \"secret\\n\" {:o}", mode(&dir.join("b")));
    assert_eq!(*log.borrow(), ["", kept.as_str(), kept.as_str()]);
    assert_eq!(dir.listing(""), ["a", "b"]);
    assert_eq!(
        (dir.read("a"), dir.read("b")),
        (b"open\n".to_vec(), b"secret\n".to_vec())
    );
}

#[test]
fn a_failed_swap_is_put_back_and_leaves_no_copy() {
    let dir = TempDir::new();
    dir.write("a", "one\n");
    dir.write("b", "two\r\n");
    set_mode(&dir, "a", 0o600);
    let before = snapshot(&dir);
    // The copy kept aside is the first write, the first file the second.
    hooks::set_before_commit(|| {
        hooks::set_before_commit(|| {
            hooks::set_before_commit(|| Err(io::Error::other("injected failure")));
            Ok(())
        });
        Ok(())
    });
    let e = apply(
        &dir,
        "diff --git a/a b/b\nrename from a\nrename to b\ndiff --git a/b b/a\nrename from b\nrename to a\n",
    )
    .unwrap_err();
    assert_eq!(e.code, ErrorCode::IoError);
    assert!(e.message.text().contains("put back"), "{}", e.message);
    assert_eq!(snapshot(&dir), before);
}

/// Records, at every write, whether `rel` exists, until the hooks are cleared.
fn watch_file(path: std::path::PathBuf, log: std::rc::Rc<std::cell::RefCell<Vec<bool>>>) {
    hooks::set_before_commit(move || {
        log.borrow_mut().push(path.exists());
        watch_file(path, log);
        Ok(())
    });
}

#[test]
fn a_chain_of_moves_writes_each_new_file_before_its_old_content_is_overwritten() {
    use std::cell::RefCell;
    use std::rc::Rc;
    // a → b and b → c: c (b's old content) exists before b is overwritten, so a crash
    // between the two loses nothing, and no copy is needed.
    let dir = TempDir::new();
    dir.write("a", "A\n");
    dir.write("b", "B\n");
    let log = Rc::new(RefCell::new(Vec::new()));
    watch_file(dir.join("c"), Rc::clone(&log));
    let r = apply(
        &dir,
        &envelope("*** Update File: a\n*** Move to: b\n*** Update File: b\n*** Move to: c"),
    );
    hooks::set_before_commit(|| Ok(()));
    r.unwrap();
    assert_eq!(*log.borrow(), [false, true]);
    assert_eq!(dir.listing(""), ["b", "c"]);
    assert_eq!(
        (dir.read("b"), dir.read("c")),
        (b"A\n".to_vec(), b"B\n".to_vec())
    );
}

#[cfg(target_os = "linux")]
#[test]
fn a_file_that_a_sticky_folder_keeps_from_being_replaced_is_refused_before_any_write() {
    // SAFETY: geteuid has no preconditions.
    if unsafe { libc::geteuid() } != 0 {
        return; // the file must belong to another user than the one patching
    }
    let dir = TempDir::new();
    dir.write("a.txt", "a\n");
    dir.write("tmp/theirs.txt", "t\n");
    set_mode(&dir, "a.txt", 0o666);
    set_mode(&dir, "tmp/theirs.txt", 0o666);
    set_mode(&dir, "tmp", 0o1777);
    set_mode(&dir, "", 0o777);
    let before = snapshot(&dir);
    let e = crate::file::testing::without_root(|| {
        apply(
            &dir,
            &envelope(
                "*** Update File: a.txt\n@@\n-a\n+A\n*** Update File: tmp/theirs.txt\n@@\n-t\n+T",
            ),
        )
        .unwrap_err()
    });
    assert_eq!(
        (e.code, e.file_index),
        (ErrorCode::PermissionDenied, Some(1)),
        "{}",
        e.message
    );
    assert!(e.message.text().contains("sticky"), "{}", e.message);
    assert!(!e.message.text().contains("put back"), "{}", e.message);
    assert_eq!(snapshot(&dir), before);
}

#[cfg(unix)]
#[test]
fn an_add_or_a_move_onto_a_link_to_a_file_writes_the_file_it_points_to() {
    let dir = TempDir::new();
    dir.write("target.txt", "old\r\n");
    dir.write("moved.txt", "moved\n");
    std::os::unix::fs::symlink("target.txt", dir.join("link.txt")).unwrap();
    apply(&dir, &envelope("*** Add File: link.txt\n+added")).unwrap();
    assert_eq!(dir.read("target.txt"), b"added\r\n");
    apply(
        &dir,
        &envelope("*** Update File: moved.txt\n*** Move to: link.txt"),
    )
    .unwrap();
    assert_eq!(dir.read("target.txt"), b"moved\r\n");
    assert_eq!(
        std::fs::read_link(dir.join("link.txt")).unwrap(),
        Path::new("target.txt")
    );
    assert_eq!(dir.listing(""), ["link.txt", "target.txt"]);
}

/// A folder mounted a second time at another path (a bind mount), unmounted on drop.
#[cfg(target_os = "linux")]
struct BindMount(std::path::PathBuf);

#[cfg(target_os = "linux")]
impl BindMount {
    fn new(from: &Path, at: &Path) -> Option<BindMount> {
        let status = std::process::Command::new("mount")
            .arg("--bind")
            .arg(from)
            .arg(at)
            .stderr(std::process::Stdio::null())
            .status()
            .ok()?;
        status.success().then(|| BindMount(at.to_path_buf()))
    }
}

#[cfg(target_os = "linux")]
impl Drop for BindMount {
    fn drop(&mut self) {
        let _ = std::process::Command::new("umount").arg(&self.0).status();
    }
}

#[cfg(target_os = "linux")]
#[test]
fn two_spellings_of_one_name_are_one_file_and_a_move_between_them_is_refused() {
    // Where two paths name one directory entry (another case on a file system that
    // ignores case, or here a folder mounted twice), writing one and deleting the other
    // would lose the file.
    let dir = TempDir::new();
    dir.write("a/f.txt", "one\n");
    dir.mkdir("b");
    let Some(_mount) = BindMount::new(&dir.join("a"), &dir.join("b")) else {
        return; // mounting needs privileges this run does not have
    };
    let e = apply(
        &dir,
        &envelope("*** Update File: a/f.txt\n*** Move to: b/f.txt"),
    )
    .unwrap_err();
    assert_eq!(e.code, ErrorCode::PatchInvalid, "{}", e.message);
    assert_eq!(dir.read("a/f.txt"), b"one\n");
    // Two sections on the two spellings are two sections on one file.
    apply(
        &dir,
        &envelope(
            "*** Update File: a/f.txt\n@@\n-one\n+two\n*** Update File: b/f.txt\n@@\n-two\n+three",
        ),
    )
    .unwrap();
    assert_eq!(dir.read("a/f.txt"), b"three\n");
}

#[test]
fn an_update_then_a_move_moves_the_updated_file_and_leaves_no_copy() {
    // git writes both the updated file and the moved one, from the file as it was.
    let dir = TempDir::new();
    dir.write("x", "a\nb\nc\n");
    apply(
        &dir,
        &envelope(
            "*** Update File: x\n@@\n-b\n+B\n*** Update File: x\n*** Move to: y\n@@\n B\n-c\n+C",
        ),
    )
    .unwrap();
    assert_eq!(dir.listing(""), ["y"]);
    assert_eq!(dir.read("y"), b"a\nB\nC\n");
}

#[test]
fn a_section_says_what_reading_its_file_said_as_an_edit_would() {
    // A UTF-16LE file with an odd last byte: the byte is kept, and the result says so,
    // whether the section changes the file in place or moves it.
    let utf16 = |text: &str| {
        let mut bytes = vec![0xff, 0xfe];
        bytes.extend(text.encode_utf16().flat_map(u16::to_le_bytes));
        bytes.push(0xfd);
        bytes
    };
    let dir = TempDir::new();
    dir.write("a.txt", utf16("one\r\ntwo\r\n"));
    dir.write("b.txt", utf16("three\r\n"));
    let files = apply(
        &dir,
        &envelope(
            "*** Update File: a.txt\n@@\n-two\n+2\n*** Update File: b.txt\n*** Move to: c.txt\n@@\n-three\n+3",
        ),
    )
    .unwrap();
    for file in &files {
        let said: Vec<String> = file.warnings.iter().map(|w| w.to_string()).collect();
        assert!(
            said.iter().any(|w| w.contains("odd byte")),
            "{}: {said:?}",
            file.path
        );
    }
    assert_eq!(dir.read("a.txt"), utf16("one\r\n2\r\n"));
    assert_eq!(dir.read("c.txt"), utf16("3\r\n"));
}
