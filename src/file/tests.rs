//! The whole flow, through `load` and `modify`, on real folders.

use std::fs;
use std::path::Path;
use std::sync::Arc;
use std::thread;

use super::atomic::hooks;
use super::testing::TempDir;
use super::*;

fn opts(dir: &TempDir) -> FileOptions {
    FileOptions {
        cwd: Some(dir.path().to_path_buf()),
        ..FileOptions::default()
    }
}

fn code<T: std::fmt::Debug>(result: Result<T>) -> ErrorCode {
    result.unwrap_err().code
}

/// A transform that replaces `from` with `to` once in the source, as a splice.
fn replace(
    from: &'static str,
    to: &'static str,
) -> impl FnOnce(Option<&Decoded>, &Path) -> Result<(Splices, ())> {
    move |decoded, _| {
        let source = &decoded.unwrap().source;
        let start = memchr::memmem::find(source, from.as_bytes()).unwrap();
        let splice = crate::splice::Splice {
            start,
            end: start + from.len(),
            bytes: to.as_bytes().to_vec(),
        };
        Ok((Splices::of(vec![splice]), ()))
    }
}

/// A transform that writes `content` whatever was there.
fn put(content: &'static str) -> impl FnOnce(Option<&Decoded>, &Path) -> Result<(Splices, ())> {
    move |_, _| Ok((Splices::whole(content.as_bytes().to_vec()), ()))
}

#[test]
fn load_reports_source_version_and_length_of_the_raw_bytes() {
    let dir = TempDir::new();
    dir.write("a.txt", "\u{FEFF}one\r\ntwo\r\n");
    let loaded = load(Path::new("a.txt"), &opts(&dir)).unwrap();
    assert_eq!(loaded.decoded.source, b"one\r\ntwo\r\n");
    assert!(loaded.decoded.bom);
    assert_eq!(loaded.len, 13);
    assert_eq!(loaded.version, version::version(&dir.read("a.txt")));
    assert_eq!(loaded.real_path(), dir.real().join("a.txt"));
    assert_eq!(loaded.display_path, Path::new("a.txt"));
}

#[test]
fn missing_file_is_file_not_found_naming_the_path() {
    let dir = TempDir::new();
    let err = load(Path::new("src/a.ts"), &opts(&dir)).unwrap_err();
    assert_eq!(err.code, ErrorCode::FileNotFound);
    assert_eq!(
        err.message.text(),
        "File not found: src/a.ts. Check the path, or use write_file to create it."
    );
}

/// The message of the FILE_NOT_FOUND `path` gets.
fn not_found(path: &str, options: &FileOptions) -> String {
    let err = load(Path::new(path), options).unwrap_err();
    assert_eq!(err.code, ErrorCode::FileNotFound, "{path}");
    err.message.text()
}

/// FILE_NOT_FOUND's message for `path` that names `want`.
fn meant_message(path: &str, want: &str) -> String {
    format!("File not found: {path}. Did you mean {want}? Check the path, or use write_file to create it.")
}

#[test]
fn a_missing_file_names_the_file_its_folder_has_that_the_path_most_plausibly_meant() {
    let dir = TempDir::new();
    dir.write("src/README.md", "r");
    dir.write("src/main.rs", "m");
    dir.mkdir("src/mains");
    dir.mkdir("lib");
    let options = opts(&dir);
    let message = |path: &str| not_found(path, &options);
    let meant = |path: &str, want: &str| assert_eq!(message(path), meant_message(path, want));
    meant("src/mian.rs", "src/main.rs");
    if cfg!(windows) {
        // The separators stay as the path has them.
        meant("src\\mian.rs", "src\\main.rs");
    }
    // A folder is never the file meant; nothing near is none.
    meant("src/main.r", "src/main.rs");
    assert!(!message("src/mainz").contains("Did you mean"));
    assert!(!message("src/lib.rs").contains("Did you mean"));
    // A folder a typing slip away, and the file in it (itself the same or a slip away).
    meant("scr/main.rs", "src/main.rs");
    meant("scr/mian.rs", "src/main.rs");
    // A file is no folder, and a folder that is not near is none.
    assert!(!message("src/main.rs/x").contains("Did you mean"));
    assert!(!message("tests/main.rs").contains("Did you mean"));
    assert!(!message("scr/other.rs").contains("Did you mean"));
    if cfg!(not(any(windows, target_os = "macos"))) {
        // Case-sensitive file systems only: elsewhere readme.md is README.md.
        meant("src/readme.md", "src/README.md");
        // `\` is part of a name here: a model's Windows path.
        meant("src\\main.rs", "src/main.rs");
        dir.write("src/deep/a.txt", "a");
        meant("src\\deep\\a.txt", "src/deep/a.txt");
        // lib/x.rs is not there either, and src/main.rs\\x is no path.
        assert!(!message("lib\\x.rs").contains("Did you mean"));
        assert!(!message("src\\main.rs\\x").contains("Did you mean"));
    }
}

#[test]
fn a_path_that_repeats_the_name_of_its_folder_names_the_file_without_it() {
    let dir = TempDir::new();
    dir.write("proj/src/a.txt", "a");
    dir.write("proj/b.txt", "b");
    let root = dir.join("proj");
    let options = FileOptions {
        roots: Some(vec![root.clone()]),
        cwd: Some(root.clone()),
        ..FileOptions::default()
    };
    let message = |path: &str| not_found(path, &options);
    let meant = |path: &str, want: &str| assert_eq!(message(path), meant_message(path, want));
    // The model wrote the root's own name in front, as it sees the project's folder.
    meant("proj/src/a.txt", "src/a.txt");
    meant("proj/b.txt", "b.txt");
    if cfg!(windows) {
        meant("proj\\src\\a.txt", "src\\a.txt");
    }
    // Only when the rest names a file that is there.
    assert!(!message("proj/src/c.txt").contains("Did you mean"));
    assert!(!message("other/src/a.txt").contains("Did you mean"));
}

#[test]
fn folder_is_not_a_file() {
    let dir = TempDir::new();
    dir.mkdir("src");
    assert_eq!(
        code(load(Path::new("src"), &opts(&dir))),
        ErrorCode::NotAFile
    );
    let err = modify(Path::new("src"), &opts(&dir), true, put("x")).unwrap_err();
    assert_eq!(err.code, ErrorCode::NotAFile);
}

#[cfg(unix)]
#[test]
fn fifo_is_not_a_file_and_is_never_opened() {
    let dir = TempDir::new();
    let fifo =
        std::ffi::CString::new(dir.join("pipe").into_os_string().into_encoded_bytes()).unwrap();
    // SAFETY: a valid NUL-terminated path.
    assert_eq!(unsafe { libc::mkfifo(fifo.as_ptr(), 0o644) }, 0);
    assert_eq!(
        code(load(Path::new("pipe"), &opts(&dir))),
        ErrorCode::NotAFile
    );
}

#[test]
fn file_over_max_bytes_is_too_large_and_zero_means_no_limit() {
    let dir = TempDir::new();
    dir.write("big.txt", "x".repeat(100));
    let mut o = opts(&dir);
    o.max_bytes = 99;
    assert_eq!(
        code(load(Path::new("big.txt"), &o)),
        ErrorCode::FileTooLarge
    );
    o.max_bytes = 100;
    assert!(load(Path::new("big.txt"), &o).is_ok());
    o.max_bytes = 0;
    assert!(load(Path::new("big.txt"), &o).is_ok());
}

#[test]
fn binary_file_is_refused_with_its_path() {
    let dir = TempDir::new();
    dir.write("img.png", b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR");
    let err = load(Path::new("img.png"), &opts(&dir)).unwrap_err();
    assert_eq!(err.code, ErrorCode::BinaryFile);
    assert!(
        err.message.text().starts_with("img.png: "),
        "{}",
        err.message
    );
}

#[cfg(target_os = "linux")]
#[test]
fn unreadable_file_is_permission_denied() {
    use std::os::unix::fs::PermissionsExt;
    let dir = TempDir::new();
    dir.write("secret.txt", "x");
    fs::set_permissions(dir.join("secret.txt"), fs::Permissions::from_mode(0o000)).unwrap();
    let o = opts(&dir);
    let err = testing::without_root(|| load(Path::new("secret.txt"), &o).unwrap_err());
    assert_eq!(err.code, ErrorCode::PermissionDenied);
    assert!(err.message.text().contains("secret.txt"));
}

#[test]
fn path_outside_the_root_is_neither_read_nor_written() {
    let dir = TempDir::new();
    dir.write("outside.txt", "keep");
    dir.mkdir("root");
    let o = FileOptions {
        roots: Some(vec![dir.join("root")]),
        cwd: Some(dir.join("root")),
        ..FileOptions::default()
    };
    assert_eq!(
        code(load(Path::new("../outside.txt"), &o)),
        ErrorCode::PathOutsideRoot
    );
    let called = std::cell::Cell::new(false);
    let err = modify(Path::new("../outside.txt"), &o, true, |_, _| {
        called.set(true);
        Ok((Splices::whole(b"x".to_vec()), ()))
    });
    assert_eq!(code(err), ErrorCode::PathOutsideRoot);
    assert!(!called.get());
    assert_eq!(dir.read("outside.txt"), b"keep");
}

#[test]
fn modify_writes_the_transformed_source_and_returns_its_version() {
    let dir = TempDir::new();
    dir.write("a.txt", "one\r\ntwo\r\n");
    let (written, ()) =
        modify(Path::new("a.txt"), &opts(&dir), false, replace("two", "2")).unwrap();
    assert!(written.changed);
    assert_eq!(dir.read("a.txt"), b"one\r\n2\r\n");
    assert_eq!(written.version, version::version(b"one\r\n2\r\n"));
    assert_eq!((written.encoding, written.bom), (Encoding::utf8(), false));
}

#[test]
fn transform_sees_the_decoded_file_and_its_real_path_and_returns_a_payload() {
    let dir = TempDir::new();
    dir.write("a.txt", "x");
    let (_, seen) = modify(Path::new("./a.txt"), &opts(&dir), false, |decoded, path| {
        Ok((
            Splices::whole(b"y".to_vec()),
            (decoded.unwrap().source.clone(), path.to_path_buf()),
        ))
    })
    .unwrap();
    assert_eq!(seen, (b"x".to_vec(), dir.real().join("a.txt")));
}

#[test]
fn bom_and_utf16_are_written_back_as_they_were() {
    let dir = TempDir::new();
    dir.write("bom.txt", "\u{FEFF}a\r\n");
    let mut utf16 = vec![0xFE, 0xFF];
    "a\r\n"
        .encode_utf16()
        .for_each(|u| utf16.extend_from_slice(&u.to_be_bytes()));
    dir.write("u16.txt", &utf16);

    let (w, ()) = modify(Path::new("bom.txt"), &opts(&dir), false, replace("a", "b")).unwrap();
    assert_eq!(dir.read("bom.txt"), "\u{FEFF}b\r\n".as_bytes());
    assert_eq!((w.encoding, w.bom), (Encoding::utf8(), true));

    let (w, ()) = modify(Path::new("u16.txt"), &opts(&dir), false, replace("a", "é")).unwrap();
    let mut expected = vec![0xFE, 0xFF];
    "é\r\n"
        .encode_utf16()
        .for_each(|u| expected.extend_from_slice(&u.to_be_bytes()));
    assert_eq!(dir.read("u16.txt"), expected);
    assert_eq!((w.encoding, w.bom), (Encoding::utf16be(), true));
    assert_eq!(w.version, version::version(&expected));
}

#[test]
fn failed_transform_writes_nothing() {
    let dir = TempDir::new();
    dir.write("a.txt", "old");
    let err = modify(
        Path::new("a.txt"),
        &opts(&dir),
        false,
        |_, _| -> Result<(Splices, ())> { Err(Error::new(ErrorCode::TextNotFound, "no match")) },
    );
    assert_eq!(code(err), ErrorCode::TextNotFound);
    assert_eq!(dir.read("a.txt"), b"old");
    assert_eq!(dir.listing(""), ["a.txt"]);
}

#[test]
fn unchanged_source_is_not_written() {
    let dir = TempDir::new();
    dir.write("a.txt", "same\n");
    let before = fs::metadata(dir.join("a.txt")).unwrap();
    let (w, ()) = modify(Path::new("a.txt"), &opts(&dir), false, put("same\n")).unwrap();
    assert!(!w.changed);
    assert_eq!(w.version, version::version(b"same\n"));
    let after = fs::metadata(dir.join("a.txt")).unwrap();
    assert_eq!(before.modified().unwrap(), after.modified().unwrap());
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        assert_eq!(before.ino(), after.ino());
    }
}

#[test]
fn dry_run_reports_without_writing() {
    let dir = TempDir::new();
    dir.write("a.txt", "old");
    let o = FileOptions {
        dry_run: true,
        ..opts(&dir)
    };
    let (w, ()) = modify(Path::new("a.txt"), &o, false, put("new")).unwrap();
    assert!(w.changed);
    assert_eq!(w.version, version::version(b"new"));
    assert_eq!(dir.read("a.txt"), b"old");
    let (w, ()) = modify(Path::new("x/new.txt"), &o, true, put("new")).unwrap();
    assert!(w.changed);
    assert_eq!(dir.listing(""), ["a.txt"], "no file and no folder created");
}

#[test]
fn expected_version_mismatch_is_file_changed_and_nothing_written() {
    let dir = TempDir::new();
    dir.write("a.txt", "old");
    let read = load(Path::new("a.txt"), &opts(&dir)).unwrap().version;
    dir.write("a.txt", "changed by someone");
    let o = FileOptions {
        expected_version: Some(read),
        ..opts(&dir)
    };
    let err = modify(Path::new("a.txt"), &o, false, put("mine")).unwrap_err();
    assert_eq!(err.code, ErrorCode::FileChanged);
    assert!(err.hint.is_some());
    assert_eq!(dir.read("a.txt"), b"changed by someone");
}

#[test]
fn matching_expected_version_lets_the_edit_through() {
    let dir = TempDir::new();
    dir.write("a.txt", "old");
    let o = FileOptions {
        expected_version: Some(load(Path::new("a.txt"), &opts(&dir)).unwrap().version),
        ..opts(&dir)
    };
    modify(Path::new("a.txt"), &o, false, put("new")).unwrap();
    assert_eq!(dir.read("a.txt"), b"new");
}

#[test]
fn expected_version_of_a_deleted_file_is_file_changed_even_when_creating() {
    let dir = TempDir::new();
    let o = FileOptions {
        expected_version: Some(version::version(b"old")),
        ..opts(&dir)
    };
    assert_eq!(
        code(modify(Path::new("a.txt"), &o, true, put("x"))),
        ErrorCode::FileChanged
    );
    assert!(dir.listing("").is_empty());
}

#[test]
fn expected_absent_creates_a_missing_file_and_refuses_one_that_exists() {
    let dir = TempDir::new();
    let o = FileOptions {
        expected_version: Some(version::ABSENT.to_string()),
        ..opts(&dir)
    };
    modify(Path::new("new.txt"), &o, true, put("mine")).unwrap();
    assert_eq!(dir.read("new.txt"), b"mine");
    // Now it exists: "must not exist" no longer holds, whatever its content.
    let err = modify(Path::new("new.txt"), &o, true, put("again")).unwrap_err();
    assert_eq!(err.code, ErrorCode::FileChanged);
    assert!(err.message.text().contains("exists now"), "{}", err.message);
    assert_eq!(dir.read("new.txt"), b"mine");
    // An edit (which never creates) of a missing file is still FILE_NOT_FOUND.
    assert_eq!(
        code(modify(Path::new("none.txt"), &o, false, put("x"))),
        ErrorCode::FileNotFound
    );
}

#[test]
fn expected_absent_fails_when_another_process_creates_the_file_before_the_rename() {
    let dir = TempDir::new();
    let o = FileOptions {
        expected_version: Some(version::ABSENT.to_string()),
        ..opts(&dir)
    };
    let target = dir.join("raced.txt");
    hooks::set_before_commit(move || fs::write(&target, "theirs"));
    let err = modify(Path::new("raced.txt"), &o, true, put("mine")).unwrap_err();
    assert_eq!(err.code, ErrorCode::FileChanged);
    assert_eq!(dir.read("raced.txt"), b"theirs");
}

#[test]
fn new_file_in_missing_folders_inside_the_root_is_created_as_plain_utf8() {
    let dir = TempDir::new();
    dir.mkdir("root");
    let o = FileOptions {
        roots: Some(vec![dir.join("root")]),
        cwd: Some(dir.join("root")),
        ..FileOptions::default()
    };
    let (w, ()) = modify(Path::new("a/b/new.ts"), &o, true, |decoded, path| {
        assert!(decoded.is_none());
        assert!(path.ends_with("root/a/b/new.ts"));
        Ok((Splices::whole(b"x\n".to_vec()), ()))
    })
    .unwrap();
    assert!(w.changed);
    assert_eq!((w.encoding, w.bom), (Encoding::utf8(), false));
    assert_eq!(dir.read("root/a/b/new.ts"), b"x\n");
    assert_eq!(dir.listing("root"), ["a", "a/b", "a/b/new.ts"]);
}

#[test]
fn missing_file_is_not_created_without_create_ok() {
    let dir = TempDir::new();
    let err = modify(Path::new("new.txt"), &opts(&dir), false, put("x"));
    assert_eq!(code(err), ErrorCode::FileNotFound);
    assert!(dir.listing("").is_empty());
}

#[cfg(unix)]
#[test]
fn symlink_stays_a_link_and_its_target_is_updated() {
    let dir = TempDir::new();
    dir.write("real/a.txt", "old\r\n");
    std::os::unix::fs::symlink("real/a.txt", dir.join("link.txt")).unwrap();
    let (w, ()) = modify(
        Path::new("link.txt"),
        &opts(&dir),
        false,
        replace("old", "new"),
    )
    .unwrap();
    assert!(w.changed);
    let real = load(Path::new("link.txt"), &opts(&dir))
        .unwrap()
        .real_path();
    assert_eq!(real, dir.real().join("real/a.txt"));
    assert!(fs::symlink_metadata(dir.join("link.txt"))
        .unwrap()
        .file_type()
        .is_symlink());
    assert_eq!(
        fs::read_link(dir.join("link.txt")).unwrap(),
        Path::new("real/a.txt")
    );
    assert_eq!(dir.read("real/a.txt"), b"new\r\n");
    assert_eq!(dir.listing(""), ["link.txt", "real", "real/a.txt"]);
}

#[cfg(unix)]
#[test]
fn dangling_symlink_creates_its_target_and_stays_a_link() {
    let dir = TempDir::new();
    dir.mkdir("real");
    std::os::unix::fs::symlink("real/new.txt", dir.join("link.txt")).unwrap();
    modify(Path::new("link.txt"), &opts(&dir), true, put("hello")).unwrap();
    assert!(fs::symlink_metadata(dir.join("link.txt"))
        .unwrap()
        .file_type()
        .is_symlink());
    assert_eq!(dir.read("real/new.txt"), b"hello");
}

#[test]
fn outside_change_between_load_and_rename_is_file_changed() {
    let dir = TempDir::new();
    dir.write("a.txt", "mine\n");
    let outside = dir.join("a.txt");
    hooks::set_before_commit(move || fs::write(outside, "THEIRS\n"));
    let err = modify(Path::new("a.txt"), &opts(&dir), false, put("edited\n")).unwrap_err();
    assert_eq!(err.code, ErrorCode::FileChanged);
    assert_eq!(dir.read("a.txt"), b"THEIRS\n");
    assert_eq!(dir.listing(""), ["a.txt"]);
}

#[test]
fn a_same_size_change_in_place_is_caught_by_re_reading_the_file() {
    let dir = TempDir::new();
    dir.write("a.txt", "mine\n");
    let outside = dir.join("a.txt");
    hooks::set_before_commit(move || fs::write(outside, "MINE\n"));
    let err = modify(Path::new("a.txt"), &opts(&dir), false, put("edited\n")).unwrap_err();
    assert_eq!(err.code, ErrorCode::FileChanged);
    assert_eq!(dir.read("a.txt"), b"MINE\n");
}

#[test]
fn the_same_bytes_written_again_or_renamed_in_do_not_block_the_edit() {
    let dir = TempDir::new();
    dir.write("a.txt", "mine\n");
    let outside = dir.join("a.txt");
    // In place: the timestamps move, the file read is re-read and is the same.
    hooks::set_before_commit(move || fs::write(&outside, "mine\n"));
    modify(Path::new("a.txt"), &opts(&dir), false, put("edited\n")).unwrap();
    assert_eq!(dir.read("a.txt"), b"edited\n");
    // Replaced by another file with the same bytes: that one is read and is the same.
    let (copy, target) = (dir.join("b.txt"), dir.join("a.txt"));
    hooks::set_before_commit(move || {
        fs::write(&copy, "edited\n")?;
        fs::rename(&copy, &target)
    });
    modify(Path::new("a.txt"), &opts(&dir), false, put("again\n")).unwrap();
    assert_eq!(dir.read("a.txt"), b"again\n");
    assert_eq!(dir.listing(""), ["a.txt"]);
}

#[test]
fn concurrent_increments_on_one_file_all_land() {
    const THREADS: usize = 6;
    const ROUNDS: usize = 15;
    let dir = Arc::new(TempDir::new());
    dir.write("n.txt", "0");
    let workers: Vec<_> = (0..THREADS)
        .map(|i| {
            let dir = Arc::clone(&dir);
            thread::spawn(move || {
                // Reach the file through different spellings of one path.
                let path = if i % 2 == 0 {
                    "n.txt"
                } else {
                    "./sub/../n.txt"
                };
                dir.mkdir("sub");
                for _ in 0..ROUNDS {
                    modify(Path::new(path), &opts(&dir), false, |decoded, _| {
                        let n: usize = std::str::from_utf8(&decoded.unwrap().source)
                            .unwrap()
                            .parse()
                            .unwrap();
                        thread::yield_now();
                        Ok((Splices::whole((n + 1).to_string().into_bytes()), ()))
                    })
                    .unwrap();
                }
            })
        })
        .collect();
    workers.into_iter().for_each(|w| w.join().unwrap());
    assert_eq!(dir.read("n.txt"), (THREADS * ROUNDS).to_string().as_bytes());
    assert_eq!(dir.listing(""), ["n.txt", "sub"]);
}

#[test]
fn io_errors_map_to_the_public_codes() {
    use std::io::{Error as IoError, ErrorKind as K};
    let p = Path::new("src/a.ts");
    let map = |kind: K| io_failure(IoError::from(kind), p, Action::Write).code;
    assert_eq!(map(K::NotFound), ErrorCode::FileNotFound);
    assert_eq!(map(K::IsADirectory), ErrorCode::NotAFile);
    assert_eq!(map(K::PermissionDenied), ErrorCode::PermissionDenied);
    assert_eq!(map(K::ReadOnlyFilesystem), ErrorCode::PermissionDenied);
    assert_eq!(map(K::StorageFull), ErrorCode::IoError);
    assert_eq!(map(K::Interrupted), ErrorCode::IoError);
    let msg = io_failure(IoError::other("boom"), p, Action::Read)
        .message
        .text();
    assert!(msg.contains("src/a.ts") && msg.contains("boom"), "{msg}");
}

#[test]
fn io_failures_keep_the_io_error_as_their_source() {
    use std::error::Error as _;
    use std::io::{Error as IoError, ErrorKind as K};
    let p = Path::new("src/a.ts");
    let error = io_failure(IoError::new(K::PermissionDenied, "no"), p, Action::Write);
    assert_eq!(error.io_kind(), Some(K::PermissionDenied));
    let source = error.source().expect("an I/O failure has a source");
    let io = source
        .downcast_ref::<IoError>()
        .expect("the source is the io::Error");
    assert_eq!(
        (io.kind(), io.to_string()),
        (K::PermissionDenied, "no".to_string())
    );
    // A clone shares it; an error of the crate's own has none.
    assert_eq!(error.clone().io_kind(), Some(K::PermissionDenied));
    assert_eq!(error.clone(), error);
    assert!(crate::error::Error::new(ErrorCode::NoChange, "same")
        .source()
        .is_none());
}

#[test]
fn a_full_disk_says_what_failed_and_leaves_what_was_changed_to_the_caller() {
    use std::io::{Error as IoError, ErrorKind as K};
    let msg = io_failure(
        IoError::from(K::StorageFull),
        Path::new("a.txt"),
        Action::Write,
    )
    .message
    .text();
    assert!(
        msg.starts_with("Cannot write a.txt: no space left ("),
        "{msg}"
    );
    assert!(!msg.contains("Nothing was changed"), "{msg}");
}

#[test]
fn concurrent_creations_of_one_new_file_in_missing_folders_all_land() {
    // The first to run creates the folders; the others must wait for it whether they
    // looked before or after the folders appeared, and then overwrite in turn.
    for _ in 0..5 {
        let dir = Arc::new(TempDir::new());
        let workers: Vec<_> = (0..8)
            .map(|i| {
                let dir = Arc::clone(&dir);
                thread::spawn(move || {
                    let content = format!("v{i}\n");
                    modify(
                        Path::new("new/deeper/a.txt"),
                        &opts(&dir),
                        true,
                        move |_, _| Ok((Splices::whole(content.into_bytes()), ())),
                    )
                })
            })
            .collect();
        for worker in workers {
            let (written, ()) = worker.join().unwrap().unwrap();
            assert!(written.changed);
        }
        assert_eq!(dir.listing("new"), ["deeper", "deeper/a.txt"]);
    }
}

#[cfg(windows)]
mod windows_spellings {
    use super::*;
    use std::os::windows::ffi::{OsStrExt, OsStringExt};
    use std::path::PathBuf;
    use windows_sys::Win32::Storage::FileSystem::GetShortPathNameW;

    fn short_name(path: &Path) -> Option<PathBuf> {
        let wide: Vec<u16> = path.as_os_str().encode_wide().chain([0]).collect();
        let mut buffer = vec![0u16; 1024];
        // SAFETY: a NUL-terminated path and a buffer of the length given.
        let len = unsafe { GetShortPathNameW(wide.as_ptr(), buffer.as_mut_ptr(), 1024) };
        (len > 0 && (len as usize) < buffer.len()).then(|| {
            buffer.truncate(len as usize);
            PathBuf::from(std::ffi::OsString::from_wide(&buffer))
        })
    }

    fn key(path: &Path) -> LockKey {
        lock_key(&path::locate(path, None, None).unwrap())
    }

    /// `c:/…/A LONG NAME.TXT`: the drive in lower case, `/` for `\`, the name in upper.
    fn respelled(path: &Path) -> PathBuf {
        let text = path.to_string_lossy();
        let text = text.trim_start_matches(r"\\?\").replace('\\', "/");
        let (head, name) = text.rsplit_once('/').unwrap();
        let mut head = head.to_string();
        head[..1].make_ascii_lowercase();
        PathBuf::from(format!("{head}/{}", name.to_uppercase()))
    }

    #[test]
    fn every_spelling_of_one_file_takes_one_lock() {
        let dir = TempDir::new();
        dir.write("A Long Folder/a long name.txt", "x\r\n");
        let file = dir.real().join("A Long Folder").join("a long name.txt");
        let mut spellings = vec![respelled(&file)];
        match short_name(&file).filter(|s| *s != file) {
            Some(short) => spellings.push(short),
            None => eprintln!("no 8.3 short names on this volume: that spelling is not tried"),
        }
        let one = key(&file);
        assert!(matches!(one, LockKey::File(_)));
        let held = lock::lock(one.clone());
        for spelling in &spellings {
            assert_eq!(key(spelling), one, "{}", spelling.display());
            assert!(
                lock::try_lock(key(spelling)).is_none(),
                "{}",
                spelling.display()
            );
        }
        drop(held);
        assert!(lock::try_lock(key(&spellings[0])).is_some());
    }

    #[test]
    fn every_spelling_of_a_file_not_made_yet_takes_one_lock() {
        let dir = TempDir::new();
        dir.mkdir("Sub");
        let new = dir.real().join("Sub").join("New File.txt");
        let one = key(&new);
        assert!(matches!(one, LockKey::New(_)));
        assert_eq!(key(&respelled(&new)), one);
        // In a folder not made yet either.
        let deeper = dir.real().join("Sub").join("Later").join("b.txt");
        assert_eq!(key(&respelled(&deeper)), key(&deeper));
        let _held = lock::lock(one);
        assert!(lock::try_lock(key(&respelled(&new))).is_none());
    }
}
