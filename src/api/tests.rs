//! The API as a Rust caller meets it: options, results and refusals of the functions
//! at the crate's root (the engine and the file layer are tested in their own modules).

use std::fs;

use crate::file::testing::TempDir;
use crate::{
    apply_delete_range, apply_edits, convert_encoding, delete_range, detect_eol, edit_file,
    eol_info, multi_edit, normalize_eol, parse_patch, read_file, read_file_bytes, restore_file,
    to_lf, write_file, ApplyOptions, Edit, EditOptions, Ending, ErrorCode, Name, PatchAction,
    PatchFormat, ReadOptions, Tier, Tiers, WriteEol,
};

fn in_dir(dir: &TempDir) -> EditOptions {
    EditOptions::default().with_cwd(dir.path())
}

#[test]
fn read_file_slices_the_lf_view_of_the_lines_asked_for() {
    let dir = TempDir::new();
    dir.write("a.txt", "one\r\ntwo\rthree\nfour");
    let options = ReadOptions::default()
        .with_cwd(dir.path())
        .with_offset(2)
        .with_limit(2);
    let read = read_file("a.txt", &options).unwrap();
    assert_eq!(read.content, "two\nthree\n");
    assert_eq!(
        (read.start_line, read.end_line, read.total_lines),
        (2, 3, 4)
    );
    assert_eq!((read.eol.crlf, read.eol.cr, read.eol.lf), (1, 1, 1));
    assert_eq!(read.encoding, "utf-8");
    let past = read_file("a.txt", &options.clone().with_offset(9)).unwrap();
    assert_eq!(
        (past.content.as_str(), past.start_line, past.end_line),
        ("", 9, 8)
    );
}

#[test]
fn read_file_refuses_line_zero_naming_the_offset() {
    let dir = TempDir::new();
    dir.write("a.txt", "one\n");
    let e = read_file(
        "a.txt",
        &ReadOptions::default().with_cwd(dir.path()).with_offset(0),
    )
    .unwrap_err();
    assert_eq!(e.code(), ErrorCode::InvalidArgument);
    assert_eq!(e.argument(), Some(&Name::Offset));
}

#[test]
fn default_options_take_relative_paths_against_the_working_directory() {
    // Tests run in the package's folder; the file is made there under target/ (which a
    // cross build's own target folder elsewhere leaves missing).
    fs::create_dir_all("target").unwrap();
    let rel = format!("target/api-test-{}.txt", std::process::id());
    fs::write(&rel, "a\r\nb\r\n").unwrap();
    let result = edit_file(&rel, "a\n", "A\n", &EditOptions::default());
    let after = fs::read(&rel).unwrap();
    fs::remove_file(&rel).unwrap();
    assert_eq!(result.unwrap().path, std::path::Path::new(&rel));
    assert_eq!(after, b"A\r\nb\r\n");
}

#[test]
fn edit_file_keeps_crlf_for_lf_text_and_reports_the_change() {
    let dir = TempDir::new();
    dir.write("a.cs", "class A\r\n{\r\n    int x;\r\n}\r\n");
    let r = edit_file("a.cs", "{\n    int x;", "{\n    int x = 1;", &in_dir(&dir)).unwrap();
    assert_eq!(dir.read("a.cs"), b"class A\r\n{\r\n    int x = 1;\r\n}\r\n");
    assert_eq!((r.replacements, r.start_line, r.end_line), (1, 3, 3));
    assert_eq!(r.matched_by, [Tier::Exact]);
    assert!(r.changed);
    assert_eq!(r.eol.crlf, 4);
    assert!(r.warnings.is_empty());
}

#[test]
fn an_edit_that_mixes_the_endings_says_so_once() {
    let dir = TempDir::new();
    dir.write("a.txt", "a\r\nb\r\n");
    // An endings-only edit: the one way an edit writes an ending the file did not have.
    let r = edit_file("a.txt", "a\r\n", "a\n", &in_dir(&dir)).unwrap();
    assert_eq!(r.warnings.len(), 1, "{:?}", r.warnings);
    assert!(
        r.warnings[0].contains("used only CRLF"),
        "{}",
        r.warnings[0]
    );
    let text = apply_edits(
        "a\r\nb\r\n",
        &[Edit::new("a\r\n", "a\n")],
        &ApplyOptions::default(),
    )
    .unwrap();
    assert_eq!(text.warnings.len(), 1, "{:?}", text.warnings);
}

#[test]
fn edit_file_replaces_every_match_only_when_asked() {
    let dir = TempDir::new();
    dir.write("a.txt", "x\r\ny\r\nx\r\n");
    let e = edit_file("a.txt", "x", "z", &in_dir(&dir)).unwrap_err();
    assert_eq!(
        (e.code(), e.lines()),
        (ErrorCode::TextMultipleMatches, &[1, 3][..])
    );
    assert_eq!(e.edit_index(), None, "one edit is the call itself");
    let r = edit_file("a.txt", "x", "z", &in_dir(&dir).with_replace_all(true)).unwrap();
    assert_eq!(r.replacements, 2);
    assert_eq!(dir.read("a.txt"), b"z\r\ny\r\nz\r\n");
}

#[test]
fn an_option_of_another_function_is_refused_before_anything_is_read() {
    let dir = TempDir::new();
    dir.write("a.txt", "a\nb\n");
    let refused = [
        (
            multi_edit(
                "a.txt",
                &[Edit::new("a", "A")],
                &in_dir(&dir).with_replace_all(true),
            ),
            Name::ReplaceAll,
        ),
        (
            edit_file("a.txt", "a", "A", &in_dir(&dir).with_inclusive(true)),
            Name::Inclusive,
        ),
        (
            delete_range("a.txt", 1, 2, &in_dir(&dir).with_eol(WriteEol::Lf)),
            Name::Eol,
        ),
        (
            write_file("a.txt", "x\n", &in_dir(&dir).with_bom(true)),
            Name::Bom,
        ),
    ];
    for (result, name) in refused {
        let e = result.unwrap_err();
        assert_eq!(e.code(), ErrorCode::InvalidArgument, "{e}");
        assert_eq!(e.argument(), Some(&name), "{e}");
    }
    let e = apply_edits(
        "a\n",
        &[Edit::new("a", "b")],
        &ApplyOptions::default().with_inclusive(true),
    )
    .unwrap_err();
    assert_eq!(e.argument(), Some(&Name::Inclusive));
    assert_eq!(dir.read("a.txt"), b"a\nb\n");
}

#[test]
fn exact_only_tiers_refuse_a_lenient_match_and_leave_the_file_as_it_was() {
    let dir = TempDir::new();
    dir.write("a.rs", "fn a() {   \r\n    x();\r\n}\r\n");
    let exact = in_dir(&dir).with_tiers(Tiers::ExactOnly);
    // The file has trailing spaces the model's text lacks: only a lenient tier finds it.
    let e = edit_file("a.rs", "fn a() {\n    x();", "fn a() {\n    y();", &exact).unwrap_err();
    assert_eq!(e.code(), ErrorCode::TextNotFound);
    assert_eq!(e.lines(), [1, 2]);
    let e = multi_edit("a.rs", &[Edit::new("fn a() {\n    x();", "z")], &exact).unwrap_err();
    assert_eq!(
        (e.code(), e.edit_index()),
        (ErrorCode::TextNotFound, Some(0))
    );
    assert_eq!(dir.read("a.rs"), b"fn a() {   \r\n    x();\r\n}\r\n");
    // An exact match (CRLF file, LF text) still goes through.
    let done = edit_file("a.rs", "    x();\n}", "    y();\n}", &exact).unwrap();
    assert_eq!(done.matched_by, [Tier::Exact]);
    let lenient = edit_file(
        "a.rs",
        "fn a() {\n    y();",
        "fn b() {\n    y();",
        &in_dir(&dir),
    );
    assert_eq!(lenient.unwrap().matched_by, [Tier::TrailingWhitespace]);
}

#[test]
fn tiers_are_refused_by_the_functions_that_match_no_text() {
    let dir = TempDir::new();
    dir.write("a.txt", "a\nb\n");
    let exact = in_dir(&dir).with_tiers(Tiers::ExactOnly);
    let e = write_file("a.txt", "c\n", &exact).unwrap_err();
    assert_eq!(
        (e.code(), e.argument()),
        (ErrorCode::InvalidArgument, Some(&Name::Tiers))
    );
    assert!(e
        .message()
        .to_string()
        .contains("write_file does not take the option tiers"));
    let apply = ApplyOptions::default().with_tiers(Tiers::ExactOnly);
    let e = apply_delete_range("a\nb\nc\n", "a", "c", &apply).unwrap_err();
    assert_eq!(e.argument(), Some(&Name::Tiers));
    assert_eq!(dir.read("a.txt"), b"a\nb\n");
}

#[test]
fn multi_edit_names_the_edit_that_failed() {
    let dir = TempDir::new();
    dir.write("a.txt", "a\nb\n");
    let edits = [Edit::new("a", "A"), Edit::new("zzz", "y")];
    let e = multi_edit("a.txt", &edits, &in_dir(&dir)).unwrap_err();
    assert_eq!(
        (e.code(), e.edit_index()),
        (ErrorCode::TextNotFound, Some(1))
    );
    assert_eq!(dir.read("a.txt"), b"a\nb\n");
}

#[test]
fn delete_range_takes_lines_of_text_or_numbers() {
    let dir = TempDir::new();
    dir.write("a.txt", "start\r\nx\r\ny\r\nend\r\n");
    delete_range("a.txt", "start", 4u64, &in_dir(&dir)).unwrap();
    assert_eq!(dir.read("a.txt"), b"start\r\nend\r\n");
    let e = delete_range("a.txt", "nope", "end", &in_dir(&dir)).unwrap_err();
    assert_eq!(e.code(), ErrorCode::AnchorNotFound);
    assert_eq!(e.argument(), Some(&Name::StartAnchor));
}

#[test]
fn write_file_gives_a_new_file_the_ending_of_the_folders_settings() {
    let dir = TempDir::new();
    dir.write(
        ".editorconfig",
        "root = true\n[*.bat]\nend_of_line = crlf\n",
    );
    write_file("run.bat", "@echo off\nexit\n", &in_dir(&dir)).unwrap();
    assert_eq!(dir.read("run.bat"), b"@echo off\r\nexit\r\n");
    write_file("notes.txt", "a\nb\n", &in_dir(&dir)).unwrap();
    assert_eq!(dir.read("notes.txt"), b"a\nb\n");
    let forced = write_file("run.bat", "x\ny\n", &in_dir(&dir).with_eol(WriteEol::Lf)).unwrap();
    assert_eq!(dir.read("run.bat"), b"x\ny\n");
    assert!(forced.changed);
}

#[test]
fn convert_encoding_gives_utf16_its_bom_and_utf8_one_only_when_asked() {
    let dir = TempDir::new();
    dir.write("a.txt", "caf\u{e9}\r\n");
    convert_encoding("a.txt", "utf-16le", &in_dir(&dir)).unwrap();
    assert_eq!(dir.read("a.txt"), b"\xFF\xFEc\0a\0f\0\xE9\0\r\0\n\0");
    convert_encoding("a.txt", "utf-8", &in_dir(&dir)).unwrap();
    assert_eq!(dir.read("a.txt"), "caf\u{e9}\r\n".as_bytes());
    convert_encoding("a.txt", "utf-8", &in_dir(&dir).with_bom(true)).unwrap();
    assert_eq!(dir.read("a.txt"), "\u{feff}caf\u{e9}\r\n".as_bytes());
    let e = convert_encoding("a.txt", "utf-8", &in_dir(&dir).with_bom(true)).unwrap_err();
    assert_eq!(e.code(), ErrorCode::NoChange);
    let e = convert_encoding("a.txt", "klingon", &in_dir(&dir)).unwrap_err();
    assert_eq!(
        (e.code(), e.argument()),
        (ErrorCode::InvalidArgument, Some(&Name::To))
    );
    let e = edit_file("a.txt", "caf", "x", &in_dir(&dir).with_encoding("klingon")).unwrap_err();
    assert_eq!(e.argument(), Some(&Name::Encoding));
}

#[test]
fn text_in_gives_text_out_and_bytes_give_bytes_in_their_encoding() {
    let options = ApplyOptions::default();
    let text = apply_edits("\u{feff}a\r\nb\r\n", &[Edit::new("a\nb", "A\nB")], &options).unwrap();
    assert_eq!(text.content, "\u{feff}A\r\nB\r\n");
    let utf16: Vec<u8> = b"\xFF\xFEa\0\r\0\n\0".to_vec();
    let bytes = apply_edits(utf16, &[Edit::new("a", "b")], &options).unwrap();
    assert_eq!(bytes.content, b"\xFF\xFEb\0\r\0\n\0");
    let deleted = apply_delete_range("a\nb\nc\n", 1u64, 3u64, &options).unwrap();
    assert_eq!(deleted.content, "a\nc\n");
}

#[test]
fn the_string_functions_work_on_str() {
    assert_eq!(to_lf("a\r\nb\rc"), "a\nb\nc");
    assert!(matches!(to_lf("a\nb"), std::borrow::Cow::Borrowed(_)));
    assert_eq!(detect_eol("a\r\nb\r\nc\n"), Ending::CrLf);
    let info = eol_info("a\r\nb\n");
    assert!(info.mixed && info.trailing_newline);
    assert_eq!(normalize_eol("a\r\nb\r\n", "x\ny"), "x\r\ny\r\n");
}

#[test]
fn parse_patch_describes_each_section() {
    let parsed = parse_patch(
        "*** Begin Patch\n*** Add File: n.txt\n+hi\n*** Update File: a.txt\n@@ fn main\n-a\n+b\n*** End Patch\n",
    )
    .unwrap();
    assert_eq!(parsed.format, PatchFormat::Envelope);
    assert_eq!(parsed.files[0].action, PatchAction::Add);
    assert_eq!(parsed.files[0].content.as_deref(), Some("hi\n"));
    let hunk = &parsed.files[1].hunks[0];
    assert_eq!(
        (hunk.anchors.clone(), hunk.lines.clone()),
        (
            vec!["fn main".to_string()],
            vec!["-a".to_string(), "+b".to_string()]
        )
    );
    let e = parse_patch("nonsense").unwrap_err();
    assert_eq!((e.code(), e.lines()), (ErrorCode::PatchInvalid, &[1][..]));
}

/// The size limit applies to what is written, and a file can always be made smaller:
/// no sequence of calls makes a file that the same options cannot read back or shrink.
mod size_limit {
    use super::*;
    use crate::{apply_patch, PatchOptions};

    fn limited(dir: &TempDir) -> EditOptions {
        in_dir(dir).with_max_bytes(1000)
    }

    fn big() -> String {
        "x".repeat(99) + "\n"
    }

    #[test]
    fn write_file_refuses_content_over_the_limit_and_writes_nothing() {
        let dir = TempDir::new();
        let e = write_file("new.txt", big().repeat(1000), &limited(&dir)).unwrap_err();
        assert_eq!(e.code(), ErrorCode::FileTooLarge);
        assert!(
            e.message.to_string().contains("would be 100000 bytes"),
            "{}",
            e.message
        );
        assert!(!dir.join("new.txt").exists());
        dir.write("old.txt", "small\n");
        let e = write_file("old.txt", big().repeat(1000), &limited(&dir)).unwrap_err();
        assert_eq!(e.code(), ErrorCode::FileTooLarge);
        assert_eq!(dir.read("old.txt"), b"small\n");
        // A dry run fails where the real call would.
        let dry = limited(&dir).with_dry_run(true);
        assert_eq!(
            write_file("old.txt", big().repeat(1000), &dry)
                .unwrap_err()
                .code(),
            ErrorCode::FileTooLarge
        );
    }

    #[test]
    fn an_edit_that_would_grow_a_file_past_the_limit_is_refused() {
        let dir = TempDir::new();
        dir.write("a.txt", "one\ntwo\n");
        let e = edit_file("a.txt", "two", &big().repeat(100), &limited(&dir)).unwrap_err();
        assert_eq!(e.code(), ErrorCode::FileTooLarge);
        assert_eq!(dir.read("a.txt"), b"one\ntwo\n");
        // Growing within the limit is fine.
        edit_file("a.txt", "two", &big().repeat(5), &limited(&dir)).unwrap();
    }

    #[test]
    fn converting_the_encoding_may_not_double_a_file_past_the_limit() {
        let dir = TempDir::new();
        dir.write("a.txt", "abcdefgh\n".repeat(80));
        let e = convert_encoding("a.txt", "utf-16le", &limited(&dir)).unwrap_err();
        assert_eq!(e.code(), ErrorCode::FileTooLarge);
        assert_eq!(dir.read("a.txt"), "abcdefgh\n".repeat(80).as_bytes());
    }

    #[test]
    fn a_patch_that_adds_a_file_past_the_limit_writes_no_file_at_all() {
        let dir = TempDir::new();
        dir.write("a.txt", "one\n");
        let added: String = (0..1000).map(|_| format!("+{}", big())).collect();
        let patch = format!(
            "*** Begin Patch\n*** Update File: a.txt\n@@\n-one\n+ONE\n*** Add File: big.txt\n{added}*** End Patch\n"
        );
        let options = PatchOptions::default()
            .with_cwd(dir.path())
            .with_max_bytes(1000);
        let e = apply_patch(&patch, &options).unwrap_err();
        assert_eq!(e.code(), ErrorCode::FileTooLarge);
        assert_eq!(e.file_index(), Some(1));
        assert_eq!(dir.read("a.txt"), b"one\n");
        assert!(!dir.join("big.txt").exists());
    }

    #[test]
    fn a_file_over_the_limit_is_not_read_or_edited_but_can_be_replaced_whole() {
        let dir = TempDir::new();
        dir.write("big.txt", "old line\r\n".repeat(20_000));
        let options = limited(&dir);
        let read = ReadOptions::default()
            .with_cwd(dir.path())
            .with_max_bytes(1000);
        assert_eq!(
            read_file("big.txt", &read).unwrap_err().code(),
            ErrorCode::FileTooLarge
        );
        let e = edit_file("big.txt", "old line", "new line", &options).unwrap_err();
        assert_eq!(e.code(), ErrorCode::FileTooLarge);

        let written = write_file("big.txt", "short\n", &options).unwrap();
        assert!(written.changed);
        assert_eq!(dir.read("big.txt"), b"short\n");
        let warning = written
            .warnings
            .iter()
            .map(|w| w.to_string())
            .collect::<String>();
        assert!(warning.contains("replaced without being read"), "{warning}");
        // Read back with the same options: no lock-out.
        let back = read_file("big.txt", &read).unwrap();
        assert_eq!(back.content, "short\n");
        assert_eq!(back.version, written.version);
    }

    #[test]
    fn a_file_over_the_limit_may_shrink_while_still_over_it_but_not_grow() {
        let dir = TempDir::new();
        dir.write("big.txt", "y".repeat(5000));
        let options = limited(&dir);
        let e = write_file("big.txt", "z".repeat(6000), &options).unwrap_err();
        assert_eq!(e.code(), ErrorCode::FileTooLarge);
        assert!(
            e.message.to_string().contains("it is 5000 bytes now"),
            "{}",
            e.message
        );
        assert_eq!(dir.read("big.txt"), "y".repeat(5000).as_bytes());
        write_file("big.txt", "z".repeat(3000), &options).unwrap();
        assert_eq!(dir.read("big.txt"), "z".repeat(3000).as_bytes());
    }

    #[test]
    fn replacing_a_file_over_the_limit_still_checks_its_version() {
        let dir = TempDir::new();
        dir.write("big.txt", "y".repeat(5000));
        let stale = limited(&dir).with_expected_version(crate::Version::of(b"other"));
        let e = write_file("big.txt", "short\n", &stale).unwrap_err();
        assert_eq!(e.code(), ErrorCode::FileChanged);
        assert_eq!(dir.read("big.txt"), "y".repeat(5000).as_bytes());
        let current = crate::Version::of("y".repeat(5000).as_bytes());
        write_file(
            "big.txt",
            "short\n",
            &limited(&dir).with_expected_version(current),
        )
        .unwrap();
        assert_eq!(dir.read("big.txt"), b"short\n");
    }

    #[test]
    fn no_limit_writes_anything() {
        let dir = TempDir::new();
        write_file(
            "new.txt",
            big().repeat(1000),
            &in_dir(&dir).with_max_bytes(0),
        )
        .unwrap();
        assert_eq!(dir.read("new.txt").len(), 100_000);
    }
}

#[test]
fn a_patch_put_back_after_a_full_disk_says_once_that_nothing_was_changed() {
    use crate::file::atomic::hooks;
    let dir = TempDir::new();
    dir.write("a.txt", "a\n");
    dir.write("b.txt", "b\n");
    // The first file is written; the second finds the disk full.
    hooks::set_before_commit(|| {
        hooks::set_before_commit(|| Err(std::io::Error::from(std::io::ErrorKind::StorageFull)));
        Ok(())
    });
    let patch = "*** Begin Patch\n*** Update File: a.txt\n@@\n-a\n+A\n*** Update File: b.txt\n@@\n-b\n+B\n*** End Patch\n";
    let e = crate::apply_patch(patch, &crate::PatchOptions::default().with_cwd(dir.path()))
        .unwrap_err();
    assert_eq!(e.code(), ErrorCode::IoError);
    let said = e.message().to_string();
    assert!(said.contains("no space left"), "{said}");
    assert_eq!(said.matches("Nothing was changed").count(), 1, "{said}");
    assert_eq!(
        (dir.read("a.txt"), dir.read("b.txt")),
        (b"a\n".to_vec(), b"b\n".to_vec())
    );
}

#[test]
fn write_file_takes_a_leading_u_feff_as_the_existing_files_bom_never_doubling_it() {
    let dir = TempDir::new();
    dir.write("bom.txt", "\u{feff}a\r\n");
    dir.write("plain.txt", "a\r\n");
    write_file("bom.txt", "\u{feff}b\n", &in_dir(&dir)).unwrap();
    assert_eq!(dir.read("bom.txt"), "\u{feff}b\r\n".as_bytes());
    write_file("plain.txt", "\u{feff}b\n", &in_dir(&dir)).unwrap();
    assert_eq!(dir.read("plain.txt"), b"b\r\n");
    // What a read showed, written back with the U+FEFF a host kept, changes nothing.
    let same = write_file("bom.txt", "\u{feff}b\n", &in_dir(&dir)).unwrap();
    assert!(!same.changed);
    // A new file is written as given.
    write_file("new.txt", "\u{feff}n\n", &in_dir(&dir)).unwrap();
    assert_eq!(dir.read("new.txt"), "\u{feff}n\n".as_bytes());
}

#[test]
fn every_fallible_public_function_lists_its_error_codes() {
    let sources = [
        ("files.rs", include_str!("files.rs")),
        ("text.rs", include_str!("text.rs")),
        ("patch.rs", include_str!("patch.rs")),
    ];
    let mut undocumented = Vec::new();
    for (file, source) in sources {
        let lines: Vec<&str> = source.lines().collect();
        for (at, line) in lines.iter().enumerate() {
            if !line.starts_with("pub fn ") {
                continue;
            }
            let signature: String = lines[at..]
                .iter()
                .take_while(|l| !l.ends_with('{'))
                .copied()
                .collect();
            let signature = signature + lines[at..].iter().find(|l| l.ends_with('{')).unwrap();
            if !signature.contains("-> Result<") {
                continue;
            }
            let doc = lines[..at]
                .iter()
                .rev()
                .take_while(|l| l.starts_with("///") || l.starts_with("#["));
            if !doc.into_iter().any(|l| *l == "/// # Errors") {
                undocumented.push(format!("{file}:{}: {line}", at + 1));
            }
        }
    }
    assert_eq!(undocumented, Vec::<String>::new());
}

#[test]
fn restore_file_puts_back_the_exact_bytes_read_before_an_edit() {
    let dir = TempDir::new();
    // Bytes no write of text gives back: a BOM, trailing spaces, an invalid byte, a lone CR.
    let original = b"\xEF\xBB\xBFkeep \t\r\n\x80\x81\nlast\r".to_vec();
    dir.write("odd.txt", &original);
    let read = ReadOptions::default().with_cwd(dir.path());
    let before = read_file_bytes("odd.txt", &read).unwrap();
    assert_eq!(before.bytes, original);
    let edited = write_file("odd.txt", "changed\nlast\n", &in_dir(&dir)).unwrap();
    let options = in_dir(&dir).with_expected_version(edited.version);
    let dry = restore_file(
        "odd.txt",
        &before.bytes,
        &options.clone().with_dry_run(true),
    )
    .unwrap();
    assert_ne!(dir.read("odd.txt"), original);
    let restored = restore_file("odd.txt", &before.bytes, &options).unwrap();
    assert_eq!(dir.read("odd.txt"), original);
    assert_eq!((restored.version, restored.changed), (before.version, true));
    assert_eq!(dry.diff, restored.diff);
    assert!(
        restored.diff.contains("-changed\n+keep \t\n"),
        "{}",
        restored.diff
    );
    // The same bytes again: nothing to write.
    let again = in_dir(&dir).with_expected_version(before.version);
    assert!(
        !restore_file("odd.txt", &before.bytes, &again)
            .unwrap()
            .changed
    );
}

#[test]
fn restore_file_needs_the_version_the_file_must_still_have() {
    let dir = TempDir::new();
    dir.write("a.txt", "a\r\n");
    let e = restore_file("a.txt", b"b\r\n", &in_dir(&dir)).unwrap_err();
    assert_eq!(
        (e.code(), e.argument()),
        (ErrorCode::InvalidArgument, Some(&Name::ExpectedVersion))
    );
    let stale = in_dir(&dir).with_expected_version(crate::Version::of(b"stale"));
    let e = restore_file("a.txt", b"b\r\n", &stale).unwrap_err();
    assert_eq!(e.code(), ErrorCode::FileChanged);
    // Absent: the file must not exist, and then it is created with its folders.
    let absent = in_dir(&dir).with_expected_version(crate::Expected::Absent);
    let e = restore_file("a.txt", b"b\r\n", &absent).unwrap_err();
    assert_eq!(e.code(), ErrorCode::FileChanged);
    restore_file("new/b.txt", b"b\r\n", &absent).unwrap();
    assert_eq!(dir.read("new/b.txt"), b"b\r\n");
    assert_eq!(dir.read("a.txt"), b"a\r\n");
    let binary = in_dir(&dir).with_expected_version(
        read_file_bytes("a.txt", &ReadOptions::default().with_cwd(dir.path()))
            .unwrap()
            .version,
    );
    let e = restore_file("a.txt", b"\0\x01\x02", &binary).unwrap_err();
    assert_eq!(e.code(), ErrorCode::BinaryFile);
    assert_eq!(dir.read("a.txt"), b"a\r\n");
}

#[cfg(unix)]
#[test]
fn restore_file_keeps_the_mode_of_the_file_it_replaces_whatever_the_umask_allows() {
    use std::os::unix::fs::PermissionsExt;
    let dir = TempDir::new();
    dir.write("run.sh", "#!/bin/sh\n");
    // Group-writable: the usual umask (022) would take that bit off a new file.
    fs::set_permissions(dir.join("run.sh"), fs::Permissions::from_mode(0o775)).unwrap();
    let read = ReadOptions::default().with_cwd(dir.path());
    let version = read_file_bytes("run.sh", &read).unwrap().version;
    restore_file(
        "run.sh",
        b"#!/bin/sh\necho\n",
        &in_dir(&dir).with_expected_version(version),
    )
    .unwrap();
    let mode = fs::metadata(dir.join("run.sh"))
        .unwrap()
        .permissions()
        .mode()
        & 0o7777;
    assert_eq!(mode, 0o775);
}

#[test]
fn read_file_bytes_reads_a_whole_file_and_refuses_a_line_range() {
    let dir = TempDir::new();
    dir.write("a.txt", "a\r\nb\r\n");
    let read = ReadOptions::default().with_cwd(dir.path());
    let bytes = read_file_bytes("a.txt", &read).unwrap();
    assert_eq!(bytes.version, read_file("a.txt", &read).unwrap().version);
    let e = read_file_bytes("a.txt", &read.clone().with_offset(2)).unwrap_err();
    assert_eq!(
        (e.code(), e.argument()),
        (ErrorCode::InvalidArgument, Some(&Name::Offset))
    );
    dir.write("bin.dat", b"\0\x01".as_slice());
    assert_eq!(
        read_file_bytes("bin.dat", &read).unwrap_err().code(),
        ErrorCode::BinaryFile
    );
}

#[test]
fn insert_lines_puts_whole_lines_after_the_line_given_with_the_endings_around_them() {
    use crate::{insert_lines, prepare_insert_lines};
    let dir = TempDir::new();
    /// A file's name, its bytes, the line to insert after, the text, the bytes after.
    type Case<'a> = (&'a str, &'a [u8], u32, &'a str, &'a [u8]);
    let cases: &[Case] = &[
        ("crlf", b"a\r\nb\r\nc", 1, "x\ny", b"a\r\nx\r\ny\r\nb\r\nc"),
        ("start", b"a\r\nb\r\n", 0, "x\n", b"x\r\na\r\nb\r\n"),
        // After the last line of a file without a final newline: it still has none.
        ("end", b"a\r\nb\r\nc", 3, "d", b"a\r\nb\r\nc\r\nd"),
        ("end-newline", b"a\r\nb\r\n", 2, "c", b"a\r\nb\r\nc\r\n"),
        ("lone-cr", b"a\rb\rc\r", 2, "x", b"a\rb\rx\rc\r"),
        // Mixed: the lines around the new ones decide (CRLF here, LF elsewhere).
        (
            "mixed",
            b"a\nb\r\nc\r\nd\n",
            2,
            "x",
            b"a\nb\r\nx\r\nc\r\nd\n",
        ),
        ("empty", b"", 0, "first", b"first\n"),
        ("one empty line", b"a\r\nb\r\n", 1, "\n", b"a\r\n\r\nb\r\n"),
        (
            "same lines",
            b"x\r\nx\r\nx\r\n",
            2,
            "NEW",
            b"x\r\nx\r\nNEW\r\nx\r\n",
        ),
        (
            "bom",
            b"\xEF\xBB\xBFa\r\nb\r\n",
            1,
            "x",
            b"\xEF\xBB\xBFa\r\nx\r\nb\r\n",
        ),
    ];
    for (name, before, after, text, want) in cases {
        let file = format!("{}.txt", name.replace(' ', "-"));
        dir.write(&file, before);
        let r = insert_lines(&file, *after, text, &in_dir(&dir)).unwrap();
        assert_eq!(dir.read(&file), *want, "{name}");
        assert!(r.changed, "{name}");
    }
    // UTF-16 LE with its BOM stays UTF-16 LE.
    let utf16: Vec<u8> = std::iter::once(0xFEFF_u16)
        .chain("a\r\nb\r\n".encode_utf16())
        .flat_map(u16::to_le_bytes)
        .collect();
    dir.write("w.txt", &utf16);
    insert_lines("w.txt", 1, "é", &in_dir(&dir)).unwrap();
    let want: Vec<u8> = std::iter::once(0xFEFF_u16)
        .chain("a\r\né\r\nb\r\n".encode_utf16())
        .flat_map(u16::to_le_bytes)
        .collect();
    assert_eq!(dir.read("w.txt"), want);
    // Prepared: nothing written until the commit.
    dir.write("p.txt", "a\r\n");
    let prepared = prepare_insert_lines("p.txt", 1, "b", &in_dir(&dir)).unwrap();
    assert_eq!(dir.read("p.txt"), b"a\r\n");
    assert!(prepared.files()[0].diff.contains("+b"));
    prepared.commit().unwrap();
    assert_eq!(dir.read("p.txt"), b"a\r\nb\r\n");
}

#[test]
fn insert_lines_refuses_a_line_past_the_end_and_empty_text_writing_nothing() {
    use crate::insert_lines;
    let dir = TempDir::new();
    dir.write("i.txt", "a\r\nb\r\n");
    let e = insert_lines("i.txt", 3, "x", &in_dir(&dir)).unwrap_err();
    assert_eq!(e.code(), ErrorCode::InvalidArgument);
    assert_eq!(e.argument(), Some(&Name::AfterLine));
    assert_eq!(e.lines(), &[2]);
    assert_eq!(
        e.message().to_string(),
        "after_line 3 is past the end of the file, which has 2 lines: use 0 (the start) to 2 (after the last line)."
    );
    let e = insert_lines("i.txt", 1, "", &in_dir(&dir)).unwrap_err();
    assert_eq!(e.code(), ErrorCode::InvalidArgument);
    assert_eq!(e.argument(), Some(&Name::Text));
    let e = insert_lines("gone.txt", 0, "x", &in_dir(&dir)).unwrap_err();
    assert_eq!(e.code(), ErrorCode::FileNotFound);
    let e = insert_lines("i.txt", 1, "x", &in_dir(&dir).with_replace_all(true)).unwrap_err();
    assert_eq!(e.code(), ErrorCode::InvalidArgument);
    assert_eq!(dir.read("i.txt"), b"a\r\nb\r\n");
}
