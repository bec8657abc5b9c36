//! `apply_patch_in_memory` (SPEC section 14): a patch over buffers gives the bytes
//! `apply_patch` writes, fails as it fails, and touches no file.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use eol_edit::{
    apply_patch, apply_patch_in_memory, Error, ErrorCode, Expected, InMemoryPatch, PatchAction,
    PatchOptions,
};

type Files = HashMap<PathBuf, Vec<u8>>;

fn files(list: &[(&str, &[u8])]) -> Files {
    list.iter()
        .map(|(p, b)| (PathBuf::from(p), b.to_vec()))
        .collect()
}

fn run(patch: &str, files: &Files, options: &PatchOptions) -> eol_edit::Result<InMemoryPatch> {
    apply_patch_in_memory(patch, |p: &Path| Ok(files.get(p).cloned()), options)
}

fn after(patch: &str, path: &str, bytes: &[u8]) -> Vec<u8> {
    let result = run(patch, &files(&[(path, bytes)]), &PatchOptions::default()).unwrap();
    result.files[0].after.clone().unwrap()
}

/// A fresh folder under the temporary one, removed at the end.
struct Folder(PathBuf);

impl Folder {
    fn new(tag: &str) -> Folder {
        let path = std::env::temp_dir().join(format!("eol-mem-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&path);
        std::fs::create_dir_all(&path).unwrap();
        Folder(path)
    }
}

impl Drop for Folder {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

const UPDATE: &str =
    "*** Begin Patch\n*** Update File: a.txt\n@@\n one\n-two\n+2\n three\n*** End Patch\n";

/// Every kind of buffer gives the bytes `apply_patch` writes to the same file on disk.
#[test]
fn each_buffer_gives_the_bytes_apply_patch_writes() {
    let utf16: Vec<u8> = [0xFF, 0xFE]
        .into_iter()
        .chain(
            "one\r\ntwo\r\nthree\r\n"
                .encode_utf16()
                .flat_map(u16::to_le_bytes),
        )
        .collect();
    let cases: Vec<(&str, Vec<u8>)> = vec![
        ("crlf", b"one\r\ntwo\r\nthree\r\n".to_vec()),
        ("mixed", b"one\r\ntwo\nthree\r\n".to_vec()),
        ("lone cr", b"one\rtwo\rthree\r".to_vec()),
        ("bom", b"\xEF\xBB\xBFone\r\ntwo\r\nthree".to_vec()),
        ("utf-16", utf16),
        ("latin-1", b"one\r\ntwo\r\nthree\r\ncaf\xE9\r\n".to_vec()),
    ];
    let folder = Folder::new("bytes");
    for (name, bytes) in cases {
        let path = folder.0.join("a.txt");
        std::fs::write(&path, &bytes).unwrap();
        let options = PatchOptions::default().with_cwd(&folder.0);
        apply_patch(UPDATE, &options).unwrap();
        let on_disk = std::fs::read(&path).unwrap();
        let lookup = |p: &Path| {
            assert_eq!(
                p, path,
                "{name}: the lookup gets the path taken against cwd"
            );
            Ok(Some(bytes.clone()))
        };
        let result = apply_patch_in_memory(UPDATE, lookup, &options).unwrap();
        let file = &result.files[0];
        assert_eq!(file.after.as_ref(), Some(&on_disk), "{name}");
        assert_eq!(file.before.as_ref(), Some(&bytes), "{name}");
        assert_eq!(file.action, PatchAction::Update);
        assert!(file.diff.contains("+2"), "{name}: {}", file.diff);
    }
}

#[test]
fn a_unified_diff_and_the_shell_form_work_too() {
    let unified = "--- a/a.txt\n+++ b/a.txt\n@@ -1,3 +1,3 @@\n one\n-two\n+2\n three\n";
    assert_eq!(
        after(unified, "a.txt", b"one\r\ntwo\r\nthree\r\n"),
        b"one\r\n2\r\nthree\r\n"
    );
    let shell = format!("cd sub && apply_patch <<'EOF'\n{UPDATE}EOF\n");
    let buffers = files(&[("sub/a.txt", b"one\ntwo\nthree\n")]);
    let result = run(&shell, &buffers, &PatchOptions::default()).unwrap();
    assert_eq!(result.files[0].path, Path::new("sub/a.txt"));
    assert_eq!(
        result.files[0].after.as_deref(),
        Some(&b"one\n2\nthree\n"[..])
    );
    // With cwd, the lookup is asked for the absolute path.
    let cwd = std::env::temp_dir().join("nowhere-in-particular");
    let buffers: Files = [(cwd.join("sub/a.txt"), b"one\ntwo\nthree\n".to_vec())].into();
    let options = PatchOptions::default().with_cwd(&cwd);
    let result = run(&shell, &buffers, &options).unwrap();
    assert_eq!(
        result.files[0].after.as_deref(),
        Some(&b"one\n2\nthree\n"[..])
    );
}

#[test]
fn add_delete_and_move() {
    let patch = "*** Begin Patch\n*** Add File: new.txt\n+hello\n*** Delete File: old.txt\n*** Update File: a.txt\n*** Move to: b.txt\n@@\n-two\n+2\n*** End Patch\n";
    let buffers = files(&[("old.txt", b"bye\r\n"), ("a.txt", b"one\r\ntwo\r\n")]);
    let result = run(patch, &buffers, &PatchOptions::default()).unwrap();
    let [add, delete, moved] = &result.files[..] else {
        panic!("{result:?}")
    };
    assert_eq!(
        (add.action, add.before.as_deref(), add.after.as_deref()),
        (PatchAction::Add, None, Some(&b"hello\n"[..]))
    );
    assert_eq!(
        (
            delete.action,
            delete.before.as_deref(),
            delete.after.as_deref()
        ),
        (PatchAction::Delete, Some(&b"bye\r\n"[..]), None)
    );
    assert_eq!(moved.action, PatchAction::Move);
    assert_eq!(moved.moved_to.as_deref(), Some(Path::new("b.txt")));
    assert_eq!(moved.after.as_deref(), Some(&b"one\r\n2\r\n"[..]));
    assert!(moved.diff.contains("+++ b/b.txt"), "{}", moved.diff);
}

/// Two sections on one path: the first one's bytes are the second one's `before`, and
/// only the last one has an `after`.
#[test]
fn several_sections_on_one_path() {
    let patch = "*** Begin Patch\n*** Add File: a.txt\n+one\n+two\n*** Update File: a.txt\n@@\n-two\n+2\n*** End Patch\n";
    let result = run(patch, &Files::new(), &PatchOptions::default()).unwrap();
    assert_eq!(result.files[0].after, None);
    assert_eq!(result.files[1].before.as_deref(), Some(&b"one\ntwo\n"[..]));
    assert_eq!(result.files[1].after.as_deref(), Some(&b"one\n2\n"[..]));
    let swap = "*** Begin Patch\n*** Update File: a\n*** Move to: b\n*** Update File: b\n*** Move to: a\n*** End Patch\n";
    let result = run(
        swap,
        &files(&[("a", b"A\r\n"), ("b", b"B\n")]),
        &PatchOptions::default(),
    )
    .unwrap();
    assert_eq!(result.files[0].after.as_deref(), Some(&b"A\r\n"[..]));
    assert_eq!(result.files[1].before.as_deref(), Some(&b"B\n"[..]));
    assert_eq!(result.files[1].after.as_deref(), Some(&b"B\n"[..]));
}

/// The errors are `apply_patch`'s, with its messages.
#[test]
fn fails_as_apply_patch_fails() {
    let folder = Folder::new("errors");
    let options = PatchOptions::default().with_cwd(&folder.0);
    let code = |r: eol_edit::Result<InMemoryPatch>| r.unwrap_err().code();
    // A missing file.
    let disk = apply_patch(UPDATE, &options).unwrap_err();
    let memory = apply_patch_in_memory(UPDATE, |_| Ok(None), &options).unwrap_err();
    assert_eq!(memory.code(), ErrorCode::FileNotFound);
    assert_eq!(memory.to_string(), disk.to_string());
    // A hunk that is not there.
    std::fs::write(folder.0.join("a.txt"), "x\r\n").unwrap();
    let disk = apply_patch(UPDATE, &options).unwrap_err();
    let memory =
        apply_patch_in_memory(UPDATE, |_| Ok(Some(b"x\r\n".to_vec())), &options).unwrap_err();
    assert_eq!(memory.code(), disk.code());
    assert_eq!(memory.to_string(), disk.to_string());
    assert_eq!(memory.file_index(), Some(0));
    assert_eq!(std::fs::read(folder.0.join("a.txt")).unwrap(), b"x\r\n");
    // A binary buffer, a bad patch, one over the size limit.
    let buffers = files(&[("a.txt", b"one\0two\0three\n")]);
    assert_eq!(
        code(run(UPDATE, &buffers, &PatchOptions::default())),
        ErrorCode::BinaryFile
    );
    assert_eq!(
        code(run("nonsense", &buffers, &PatchOptions::default())),
        ErrorCode::PatchInvalid
    );
    let buffers = files(&[("a.txt", b"one\ntwo\nthree\n")]);
    let small = PatchOptions::default().with_max_bytes(4);
    assert_eq!(code(run(UPDATE, &buffers, &small)), ErrorCode::FileTooLarge);
}

#[test]
fn the_options_guard_as_they_do_for_files() {
    let buffers = files(&[("a.txt", b"one\ntwo\nthree\n")]);
    let root = std::env::temp_dir().join("eol-mem-root");
    let confined = PatchOptions::default().with_cwd(&root).with_root(&root);
    let outside = UPDATE.replace("a.txt", "../a.txt");
    let err = run(&outside, &buffers, &confined).unwrap_err();
    assert_eq!(err.code(), ErrorCode::PathOutsideRoot);
    let mut expecting = PatchOptions::default();
    expecting
        .expected_versions
        .insert("a.txt".into(), Expected::Absent);
    assert_eq!(
        run(UPDATE, &buffers, &expecting).unwrap_err().code(),
        ErrorCode::FileChanged
    );
}

#[test]
fn the_lookups_own_error_stops_the_call() {
    let calls = std::cell::Cell::new(0);
    let err = apply_patch_in_memory(
        UPDATE,
        |_| {
            calls.set(calls.get() + 1);
            Err(Error::new(ErrorCode::IoError, "the editor went away"))
        },
        &PatchOptions::default(),
    )
    .unwrap_err();
    assert_eq!(err.code(), ErrorCode::IoError);
    assert!(err.to_string().contains("the editor went away"), "{err}");
    assert_eq!(calls.get(), 1);
}
