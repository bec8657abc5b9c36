//! `prepare_patch`: every section worked out and nothing written; the commit writes
//! the prepared bytes of every file, or none of them.

use super::*;
use crate::file::testing::TempDir;
use crate::{apply_patch, ErrorCode};

fn in_dir(dir: &TempDir) -> PatchOptions {
    PatchOptions::default().with_cwd(dir.path())
}

fn utf16le(s: &str) -> Vec<u8> {
    let mut b = vec![0xFF, 0xFE];
    s.encode_utf16().for_each(|u| b.extend(u.to_le_bytes()));
    b
}

/// `old` with `ranges` applied, as a buffer host applies them.
fn apply(old: &[u8], ranges: &[ChangedRange]) -> Vec<u8> {
    let mut out = old.to_vec();
    for r in ranges.iter().rev() {
        out.splice(r.start..r.end, r.bytes.iter().copied());
    }
    out
}

const FOUR: &str = "*** Begin Patch
*** Update File: crlf.txt
@@
-b
+B
*** Update File: mixed.txt
@@
 two
-three
+3
*** Update File: bom.txt
@@
-y
+Y
*** Update File: u16.txt
@@
-y = 2
+y = é
*** End Patch
";

fn four_files(dir: &TempDir) {
    dir.write("crlf.txt", "a\r\nb\r\nc\r\n");
    dir.write("mixed.txt", "one\r\ntwo\nthree\rfour\r\n");
    dir.write("bom.txt", "\u{feff}x\r\ny\r\n");
    dir.write("u16.txt", utf16le("x = 1\r\ny = 2\r\n"));
}

const FOUR_AFTER: [(&str, &[u8]); 3] = [
    ("crlf.txt", b"a\r\nB\r\nc\r\n"),
    ("mixed.txt", b"one\r\ntwo\n3\rfour\r\n"),
    ("bom.txt", "\u{feff}x\r\nY\r\n".as_bytes()),
];

#[test]
fn a_patch_of_four_encodings_is_prepared_writing_nothing_and_committed_byte_exact() {
    let dir = TempDir::new();
    four_files(&dir);
    let names = ["crlf.txt", "mixed.txt", "bom.txt", "u16.txt"];
    let before: Vec<Vec<u8>> = names.iter().map(|n| dir.read(n)).collect();
    let p = prepare_patch(FOUR, &in_dir(&dir)).unwrap();
    let now: Vec<Vec<u8>> = names.iter().map(|n| dir.read(n)).collect();
    assert_eq!(now, before, "prepare wrote nothing");
    let files = p.files();
    assert_eq!(files.len(), 4);
    for (f, (name, old)) in files.iter().zip(names.iter().zip(&before)) {
        assert_eq!(f.path, PathBuf::from(name));
        assert_eq!(f.action, Action::Update);
        assert_eq!(f.moved_to, None);
        assert_eq!(f.version_before, Some(Version::of(old)));
        assert_eq!((f.replacements, &f.matched_by[..]), (1, &[Tier::Exact][..]));
        assert!(f.changed && f.diff.contains("@@"), "{f:?}");
    }
    // The ranges are over the text as EditResult's: after the BOM, decoded.
    assert_eq!(
        apply(b"a\r\nb\r\nc\r\n", &files[0].ranges),
        b"a\r\nB\r\nc\r\n"
    );
    assert_eq!(
        apply(b"one\r\ntwo\nthree\rfour\r\n", &files[1].ranges),
        b"one\r\ntwo\n3\rfour\r\n"
    );
    assert_eq!(apply(b"x\r\ny\r\n", &files[2].ranges), b"x\r\nY\r\n");
    assert!(files[2].bom);
    assert_eq!(
        apply(b"x = 1\r\ny = 2\r\n", &files[3].ranges),
        "x = 1\r\ny = é\r\n".as_bytes()
    );
    assert_eq!(
        (files[3].encoding.as_str(), files[3].bom),
        ("utf-16le", true)
    );
    assert_eq!((files[1].start_line, files[1].end_line), (3, 3));
    let afters: Vec<Option<Version>> = files.iter().map(|f| f.version_after).collect();
    let shown = p.preview();

    let done = p.commit().unwrap();
    assert_eq!(shown, done, "the preview is what the commit gave");
    let mut expected: Vec<(&str, Vec<u8>)> =
        FOUR_AFTER.iter().map(|(n, b)| (*n, b.to_vec())).collect();
    expected.push(("u16.txt", utf16le("x = 1\r\ny = é\r\n")));
    for (i, (name, bytes)) in expected.iter().enumerate() {
        assert_eq!(&dir.read(name), bytes, "{name}");
        assert_eq!(afters[i], Some(Version::of(bytes)), "{name}");
    }
    assert!(done.files.is_empty());
    let result = done.patch.unwrap();
    let versions: Vec<Option<Version>> = result.files.iter().map(|f| f.version).collect();
    assert_eq!(versions, afters);

    // The same bytes as apply_patch writes.
    let other = TempDir::new();
    four_files(&other);
    apply_patch(FOUR, &in_dir(&other)).unwrap();
    for (name, bytes) in &expected {
        assert_eq!(&other.read(name), bytes);
    }
}

#[test]
fn one_of_three_files_changed_before_the_commit_is_file_changed_and_none_is_written() {
    let dir = TempDir::new();
    four_files(&dir);
    let patch = "*** Begin Patch\n*** Update File: crlf.txt\n@@\n-b\n+B\n*** Update File: mixed.txt\n@@\n-three\n+3\n*** Update File: bom.txt\n@@\n-y\n+Y\n*** End Patch\n";
    let p = prepare_patch(patch, &in_dir(&dir)).unwrap();
    dir.write("mixed.txt", "someone else's\n");
    let e = p.commit().unwrap_err();
    assert_eq!(e.code(), ErrorCode::FileChanged);
    assert!(e.to_string().contains("mixed.txt"), "{e}");
    assert!(e.to_string().contains("Nothing was written"), "{e}");
    assert_eq!(e.file_index(), Some(1));
    assert_eq!(dir.read("crlf.txt"), b"a\r\nb\r\nc\r\n");
    assert_eq!(dir.read("mixed.txt"), b"someone else's\n");
    assert_eq!(dir.read("bom.txt"), "\u{feff}x\r\ny\r\n".as_bytes());
}

#[test]
fn a_new_files_path_taken_before_the_commit_is_file_changed() {
    let dir = TempDir::new();
    dir.write("a.txt", "a\n");
    let patch = "*** Begin Patch\n*** Update File: a.txt\n@@\n-a\n+A\n*** Add File: sub/new.txt\n+mine\n*** End Patch\n";
    let p = prepare_patch(patch, &in_dir(&dir)).unwrap();
    let added = &p.files()[1];
    assert_eq!((added.action, added.version_before), (Action::Add, None));
    assert_eq!(apply(b"", &added.ranges), b"mine\n");
    assert_eq!(added.version_after, Some(Version::of(b"mine\n")));
    assert!(!dir.join("sub").exists());
    dir.write("sub/new.txt", "theirs\n");
    let e = p.commit().unwrap_err();
    assert_eq!(e.code(), ErrorCode::FileChanged);
    assert!(e.to_string().contains("new.txt"), "{e}");
    assert_eq!(e.file_index(), Some(1));
    assert_eq!(dir.read("a.txt"), b"a\n");
    assert_eq!(dir.read("sub/new.txt"), b"theirs\n");
}

#[test]
fn a_move_and_a_delete_are_prepared_and_committed() {
    let dir = TempDir::new();
    dir.write("old.txt", "k\r\nv\r\n");
    dir.write("gone.txt", "bye\n");
    let patch = "*** Begin Patch\n*** Update File: old.txt\n*** Move to: new/moved.txt\n@@\n-v\n+V\n*** Delete File: gone.txt\n*** End Patch\n";
    let p = prepare_patch(patch, &in_dir(&dir)).unwrap();
    let (moved, deleted) = (&p.files()[0], &p.files()[1]);
    assert_eq!(moved.action, Action::Move);
    assert_eq!(moved.moved_to, Some(PathBuf::from("new/moved.txt")));
    assert_eq!(moved.version_before, Some(Version::of(b"k\r\nv\r\n")));
    assert_eq!(moved.version_after, Some(Version::of(b"k\r\nV\r\n")));
    assert_eq!(apply(b"k\r\nv\r\n", &moved.ranges), b"k\r\nV\r\n");
    assert!(moved.diff.contains("+++ b/new/moved.txt"), "{}", moved.diff);
    assert_eq!(deleted.action, Action::Delete);
    assert_eq!(deleted.version_before, Some(Version::of(b"bye\n")));
    assert_eq!(deleted.version_after, None);
    assert_eq!(apply(b"bye\n", &deleted.ranges), b"");
    assert!(dir.join("old.txt").exists() && dir.join("gone.txt").exists());
    let shown = p.preview();
    assert!(shown.files.is_empty());
    let done = p.commit().unwrap().patch.unwrap();
    assert_eq!(
        shown.patch.as_ref(),
        Some(&done),
        "the preview is what the commit gave"
    );
    assert_eq!(dir.read("new/moved.txt"), b"k\r\nV\r\n");
    assert!(!dir.join("old.txt").exists() && !dir.join("gone.txt").exists());
    assert_eq!(done.files[1].version, None);
}

#[test]
fn a_file_deleted_before_the_commit_of_its_delete_is_file_changed() {
    let dir = TempDir::new();
    dir.write("a.txt", "a\n");
    dir.write("gone.txt", "bye\n");
    let patch = "*** Begin Patch\n*** Update File: a.txt\n@@\n-a\n+A\n*** Delete File: gone.txt\n*** End Patch\n";
    let p = prepare_patch(patch, &in_dir(&dir)).unwrap();
    std::fs::remove_file(dir.join("gone.txt")).unwrap();
    let e = p.commit().unwrap_err();
    assert_eq!(
        (e.code(), e.file_index()),
        (ErrorCode::FileChanged, Some(1))
    );
    assert_eq!(dir.read("a.txt"), b"a\n");
}

#[test]
fn a_patch_that_fails_to_plan_is_refused_at_the_prepare_as_apply_patch_refuses_it() {
    let dir = TempDir::new();
    dir.write("a.txt", "a\n");
    let patch = "*** Begin Patch\n*** Update File: a.txt\n@@\n-nope\n+x\n*** End Patch\n";
    let e = prepare_patch(patch, &in_dir(&dir)).unwrap_err();
    let direct = apply_patch(patch, &in_dir(&dir)).unwrap_err();
    assert_eq!(e.code(), ErrorCode::TextNotFound);
    assert_eq!(e.to_string(), direct.to_string());
    assert_eq!(
        prepare_patch("nonsense", &in_dir(&dir)).unwrap_err().code(),
        ErrorCode::PatchInvalid
    );
}

#[test]
fn a_dry_run_commit_checks_every_file_and_writes_none() {
    let dir = TempDir::new();
    four_files(&dir);
    let o = in_dir(&dir).with_dry_run(true);
    let p = prepare_patch(FOUR, &o).unwrap();
    p.commit().unwrap();
    assert_eq!(dir.read("crlf.txt"), b"a\r\nb\r\nc\r\n");
    let p = prepare_patch(FOUR, &o).unwrap();
    dir.write("bom.txt", "changed\n");
    assert_eq!(p.commit().unwrap_err().code(), ErrorCode::FileChanged);
}

#[test]
fn two_sections_on_one_file_and_two_names_of_one_file_commit_without_waiting_on_themselves() {
    let dir = TempDir::new();
    dir.write("a.txt", "1\n2\n");
    let patch = "*** Begin Patch\n*** Update File: a.txt\n@@\n-1\n+one\n*** Update File: a.txt\n@@\n-2\n+two\n*** End Patch\n";
    let p = prepare_patch(patch, &in_dir(&dir)).unwrap();
    // Each section's ranges are over the text it starts from.
    assert_eq!(apply(b"1\n2\n", &p.files()[0].ranges), b"one\n2\n");
    assert_eq!(apply(b"one\n2\n", &p.files()[1].ranges), b"one\ntwo\n");
    // Both give what the file ends with.
    let end = Some(Version::of(b"one\ntwo\n"));
    assert_eq!(
        (p.files()[0].version_after, p.files()[1].version_after),
        (end, end)
    );
    // The commit gives the version to the last section of the file, and so does the
    // preview.
    let shown = p.preview();
    let done = p.commit().unwrap();
    assert_eq!(shown, done, "the preview is what the commit gave");
    let versions: Vec<_> = done
        .patch
        .unwrap()
        .files
        .iter()
        .map(|f| f.version)
        .collect();
    assert_eq!(versions, [None, end]);
    assert_eq!(dir.read("a.txt"), b"one\ntwo\n");

    #[cfg(unix)]
    {
        // Two hard links of one file share one lock: the commit does not wait for
        // itself, and ends as apply_patch does (which writes the two names in turn).
        let patch = "*** Begin Patch\n*** Update File: h.txt\n@@\n-h\n+H\n*** Add File: link.txt\n+L\n*** End Patch\n";
        let outcome = |dir: &TempDir, prepared: bool| {
            dir.write("h.txt", "h\n");
            std::fs::hard_link(dir.join("h.txt"), dir.join("link.txt")).unwrap();
            let r = if prepared {
                prepare_patch(patch, &in_dir(dir)).and_then(|p| p.commit().map(drop))
            } else {
                apply_patch(patch, &in_dir(dir)).map(drop)
            };
            (
                r.map_err(|e| e.code()),
                dir.read("h.txt"),
                dir.read("link.txt"),
            )
        };
        assert_eq!(outcome(&dir, true), outcome(&TempDir::new(), false));
    }
}

#[test]
fn a_prepared_patch_can_go_to_another_thread_for_its_commit() {
    let dir = TempDir::new();
    dir.write("a.txt", "a\n");
    let patch = "*** Begin Patch\n*** Update File: a.txt\n@@\n-a\n+A\n*** End Patch\n";
    let p = prepare_patch(patch, &in_dir(&dir)).unwrap();
    std::thread::spawn(move || p.commit().unwrap())
        .join()
        .unwrap();
    assert_eq!(dir.read("a.txt"), b"A\n");
}

/// As for one file: a path whose links changed between the prepare and the commit
/// names another file, even one with the prepared bytes, and nothing is written.
#[cfg(unix)]
#[test]
fn a_patch_whose_path_now_leads_elsewhere_through_a_link_is_file_changed() {
    use std::os::unix::fs::symlink;
    let dir = TempDir::new();
    let out = TempDir::new();
    dir.write("a.txt", "a\n");
    dir.write("b.txt", "b\n");
    out.write("b.txt", "b\n");
    let patch = "*** Begin Patch\n*** Update File: a.txt\n@@\n-a\n+A\n*** Update File: b.txt\n@@\n-b\n+B\n*** Add File: new.txt\n+mine\n*** End Patch\n";
    let p = prepare_patch(patch, &in_dir(&dir)).unwrap();
    std::fs::remove_file(dir.join("b.txt")).unwrap();
    symlink(out.join("b.txt"), dir.join("b.txt")).unwrap();
    let e = p.commit().unwrap_err();
    assert_eq!(e.code(), ErrorCode::FileChanged, "{e}");
    assert!(e.to_string().contains("symbolic link"), "{e}");
    assert_eq!(e.file_index(), Some(1));
    assert_eq!(
        (dir.read("a.txt"), out.read("b.txt")),
        (b"a\n".to_vec(), b"b\n".to_vec())
    );
    // A dangling link planted where the patch adds a file.
    std::fs::remove_file(dir.join("b.txt")).unwrap();
    dir.write("b.txt", "b\n");
    let p = prepare_patch(patch, &in_dir(&dir)).unwrap();
    symlink(out.join("new.txt"), dir.join("new.txt")).unwrap();
    assert_eq!(p.commit().unwrap_err().code(), ErrorCode::FileChanged);
    assert!(!out.join("new.txt").exists());
    assert_eq!(dir.read("a.txt"), b"a\n");
}
