use std::path::PathBuf;

use super::seen::{apply_diff, split_lines};
use super::*;

/// A folder of its own for each test (they run at once).
fn folder(name: &str) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("eol-edit-read-state-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn version_of(path: &Path) -> String {
    crate::read_file(path, &ReadOptions::default())
        .unwrap()
        .version
        .to_string()
}

fn diff_of(old: &str, new: &str) -> String {
    let splices = crate::splice::Splices::whole(new.as_bytes().to_vec());
    crate::diff::summarize(old.as_bytes(), &splices, "f").diff
}

fn lines(text: &str) -> Vec<String> {
    split_lines(text)
}

#[test]
fn a_file_read_under_one_spelling_is_known_under_another() {
    let dir = folder("spelling");
    std::fs::write(dir.join("a.txt"), "x\n").unwrap();
    let state = ReadState::new();
    state.record("a.txt", Some(&dir), "v1");
    let other = format!("{}/./sub/../a.txt", dir.display());
    std::fs::create_dir_all(dir.join("sub")).unwrap();
    assert_eq!(state.version(&other, None).as_deref(), Some("v1"));
    assert_eq!(
        state
            .expected("a.txt", Some(&dir), true)
            .unwrap()
            .as_deref(),
        Some("v1")
    );
    state.forget("a.txt", Some(&dir));
    assert_eq!(state.version("a.txt", Some(&dir)), None);
}

#[test]
fn a_new_file_is_keyed_by_its_real_folder() {
    let dir = folder("new");
    std::fs::create_dir_all(dir.join("sub")).unwrap();
    let state = ReadState::new();
    state.record("sub/../new.txt", Some(&dir), "v2");
    assert_eq!(state.version("new.txt", Some(&dir)).as_deref(), Some("v2"));
}

#[test]
fn look_up_takes_a_known_spelling_without_looking_and_a_fresh_one_looks() {
    let dir = folder("lookup");
    std::fs::write(dir.join("a.txt"), "12345").unwrap();
    let state = ReadState::new();
    let first = state.look_up("a.txt", Some(&dir), false);
    assert!(first.exists);
    assert_eq!(first.size, 5);
    assert_eq!(first.version, None);
    state.record("a.txt", Some(&dir), "v1");
    std::fs::write(dir.join("a.txt"), "1234567890").unwrap();
    // Known: the size kept since the last look-up, the version, no look-up.
    let known = state.look_up("a.txt", Some(&dir), false);
    assert_eq!((known.size, known.version.as_deref()), (5, Some("v1")));
    assert_eq!(known.key, first.key);
    // A read looks again.
    assert_eq!(state.look_up("a.txt", Some(&dir), true).size, 10);
    let missing = state.look_up("none.txt", Some(&dir), false);
    assert!(!missing.exists);
    assert_eq!(missing.key, first.key.parent().unwrap().join("none.txt"));
}

#[test]
fn file_changed_shows_the_lines_changed_since_the_read_and_counts_them_as_read() {
    let dir = folder("stale");
    let path = dir.join("stale.txt");
    std::fs::write(&path, "one\r\ntwo\r\nthree\r\n").unwrap();
    let read = crate::read_file(&path, &ReadOptions::default()).unwrap();
    let version = read.version.to_string();
    let state = ReadState::new();
    let name = path.to_str().unwrap();
    state.record(name, None, &version);
    state.saw(name, None, &version, 1, split_lines(&read.content), 3);
    std::fs::write(&path, "one\r\nTWO\r\nthree\r\n").unwrap();

    let expected = |_: &str| Some(version.clone());
    let error = state
        .explain_changed(&[name], expected, None, &ReadOptions::default())
        .unwrap();
    assert_eq!(error.code(), ErrorCode::FileChanged);
    let text = error.message().to_string();
    assert!(text.contains("These lines changed since"), "{text}");
    assert!(text.contains("- 2│two\n+ 2│TWO\n"), "{text}");
    assert!(text.contains("every change since your read"), "{text}");
    // Shown whole, so it counts as read as it is now.
    assert_eq!(state.version(name, None), Some(version_of(&path)));
    // Nothing seen at a version: nothing to say.
    let other = ReadState::new();
    let none = other.explain_changed(
        &[name],
        |_| Some(version.clone()),
        None,
        &ReadOptions::default(),
    );
    assert!(none.is_none());
}

#[test]
fn require_read_refuses_an_existing_file_never_read_but_not_a_new_one() {
    let dir = folder("require");
    std::fs::write(dir.join("b.txt"), "x\n").unwrap();
    let state = ReadState::new();
    let error = state.expected("b.txt", Some(&dir), true).unwrap_err();
    assert_eq!(error.code(), ErrorCode::FileChanged);
    assert!(error
        .message()
        .to_string()
        .contains("b.txt has not been read yet"));
    assert!(error
        .message()
        .to_string()
        .contains("Read it with read_file first"));
    assert_eq!(state.expected("b.txt", Some(&dir), false).unwrap(), None);
    assert_eq!(state.expected("new.txt", Some(&dir), true).unwrap(), None);
}

#[test]
fn mark_read_bytes_equal_is_the_version_and_other_bytes_are_stale() {
    let dir = folder("bytes");
    let path = dir.join("b.txt");
    std::fs::write(&path, b"one\r\ntwo\r\n").unwrap();
    let state = ReadState::new();
    let marked = state.mark_read("b.txt", Some(&dir), MarkRead::Bytes(b"one\r\ntwo\r\n"));
    assert_eq!(marked, Marked::Current);
    assert_eq!(state.version("b.txt", Some(&dir)), Some(version_of(&path)));
    // The same text with other endings is other bytes.
    let marked = state.mark_read("b.txt", Some(&dir), MarkRead::Bytes(b"one\ntwo\n"));
    assert_eq!(marked, Marked::Stale);
    assert_eq!(state.version("b.txt", Some(&dir)).as_deref(), Some(STALE));
}

#[test]
fn mark_read_text_matches_in_the_lf_view_and_keeps_the_lines_as_seen() {
    let dir = folder("text");
    let path = dir.join("t.txt");
    std::fs::write(&path, b"\xef\xbb\xbfone\r\ntwo\r\n").unwrap();
    let state = ReadState::new();
    let version = version_of(&path);
    // Read as CRLF with its BOM, or turned into LF: the file the model saw.
    for text in ["\u{feff}one\r\ntwo\r\n", "one\ntwo\n"] {
        let marked = state.mark_read("t.txt", Some(&dir), MarkRead::Text(text));
        assert_eq!(marked, Marked::Current, "{text:?}");
        assert_eq!(state.version("t.txt", Some(&dir)), Some(version.clone()));
    }
    // Seen whole: a change from outside is shown, line by line.
    std::fs::write(&path, b"\xef\xbb\xbfone\r\nTWO\r\n").unwrap();
    let error = state
        .explain_changed(
            &["t.txt"],
            |_| Some(version.clone()),
            Some(&dir),
            &ReadOptions::default(),
        )
        .unwrap();
    assert!(
        error.message().to_string().contains("- 2│two\n+ 2│TWO"),
        "{}",
        error.message()
    );
    // Text the file does not have: stale, and so every change fails.
    let marked = state.mark_read("t.txt", Some(&dir), MarkRead::Text("one\ntwo\n"));
    assert_eq!(marked, Marked::Stale);
    assert_eq!(state.version("t.txt", Some(&dir)).as_deref(), Some(STALE));
}

#[test]
fn mark_read_latin1_view_of_a_gbk_file_matches_but_a_repaired_file_does_not() {
    let dir = folder("gbk");
    let path = dir.join("g.txt");
    // 中文 in GBK, then CRLF: not UTF-8.
    let gbk: &[u8] = b"\xd6\xd0\xce\xc4\r\nline\r\n";
    std::fs::write(&path, gbk).unwrap();
    let latin1: String = gbk.iter().map(|&b| char::from(b)).collect();
    let state = ReadState::new();
    let marked = state.mark_read("g.txt", Some(&dir), MarkRead::Text(&latin1));
    assert_eq!(marked, Marked::Current);
    assert_eq!(state.version("g.txt", Some(&dir)), Some(version_of(&path)));
    // The text decoded as GBK, as the library shows it, matches too.
    let marked = state.mark_read("g.txt", Some(&dir), MarkRead::Text("中文\nline\n"));
    assert_eq!(marked, Marked::Current);
    // Mojibake of a file since repaired to UTF-8: stale (Latin-1 of UTF-8 bytes is not
    // compared).
    std::fs::write(&path, "中文\r\nline\r\n").unwrap();
    let mojibake: String = "中文\r\nline\r\n".bytes().map(char::from).collect();
    let marked = state.mark_read("g.txt", Some(&dir), MarkRead::Text(&mojibake));
    assert_eq!(marked, Marked::Stale);
}

#[test]
fn mark_read_of_a_missing_file_forgets_it() {
    let dir = folder("missing");
    let state = ReadState::new();
    state.record("m.txt", Some(&dir), "v1");
    let marked = state.mark_read("m.txt", Some(&dir), MarkRead::Text("x\n"));
    assert_eq!(marked, Marked::Forgotten);
    assert_eq!(state.version("m.txt", Some(&dir)), None);
}

#[test]
fn a_write_to_a_file_seen_whole_keeps_its_diff_and_applies_it_when_a_stale_call_needs_it() {
    let dir = folder("lazy");
    let path = dir.join("l.txt");
    std::fs::write(&path, "a\r\nb\r\nc\r\n").unwrap();
    let state = ReadState::new();
    state.mark_read("l.txt", Some(&dir), MarkRead::Text("a\nb\nc\n"));
    let edited = crate::edit_file(&path, "b", "B", &crate::EditOptions::default()).unwrap();
    let version = edited.version.to_string();
    // The diff is kept, not applied, and the file is not read back.
    state.wrote(
        path.to_str().unwrap(),
        None,
        &version,
        Some(&edited.diff),
        &ReadOptions::default(),
    );
    {
        let inner = state.lock();
        let key = real_key(&path);
        let seen = inner.seen.get(&key).unwrap();
        assert_eq!(seen.pending.len(), 1);
        assert_eq!(&*seen.version, version);
    }
    // A formatter then changes it: the message is from the diff applied.
    std::fs::write(&path, "a\r\nB\r\nc\r\nd\r\n").unwrap();
    let error = state
        .explain_changed(
            &["l.txt"],
            |_| Some(version.clone()),
            Some(&dir),
            &ReadOptions::default(),
        )
        .unwrap();
    let text = error.message().to_string();
    assert!(text.contains("+ 4│d"), "{text}");
    assert!(!text.contains("- 2│b"), "{text}");
}

#[test]
fn a_write_to_a_small_file_seen_in_part_reads_it_back_as_seen_whole() {
    let dir = folder("reread");
    let path = dir.join("p.txt");
    std::fs::write(&path, "a\nb\nc\n").unwrap();
    let state = ReadState::new();
    let name = path.to_str().unwrap();
    let v0 = version_of(&path);
    state.record(name, None, &v0);
    state.saw(name, None, &v0, 1, lines("a\n"), 3);
    let edited = crate::edit_file(&path, "c", "C", &crate::EditOptions::default()).unwrap();
    let version = edited.version.to_string();
    state.wrote(
        name,
        None,
        &version,
        Some(&edited.diff),
        &ReadOptions::default(),
    );
    let inner = state.lock();
    let seen = inner.seen.get(&real_key(&path)).unwrap();
    assert!(seen.is_whole());
    assert!(seen.pending.is_empty());
    assert_eq!(seen.segments[0].lines, lines("a\nb\nC\n"));
}

#[test]
fn saw_keeps_nothing_of_a_version_the_state_does_not_have() {
    let dir = folder("saw");
    std::fs::write(dir.join("s.txt"), "a\n").unwrap();
    let state = ReadState::new();
    state.record("s.txt", Some(&dir), "v1");
    state.saw("s.txt", Some(&dir), "v0", 1, lines("a\n"), 1);
    assert!(state.lock().seen.is_empty());
    state.saw("s.txt", Some(&dir), "v1", 1, lines("a\n"), 1);
    assert_eq!(state.lock().seen.len(), 1);
}

#[test]
fn apply_diff_follows_the_core_diff_and_refuses_one_that_does_not_fit() {
    let old = lines("1\n2\n3\n4\n5\n6\n7\n8\n9\n");
    let new_text = "1\n2\nX\n3\n4\n5\n6\n7\n-- y\n9\n";
    let diff = diff_of("1\n2\n3\n4\n5\n6\n7\n8\n9\n", new_text);
    assert_eq!(apply_diff(&old, &diff), Some(lines(new_text)));
    // A removed line `-- y` shows as `--- y`: a line, not a file name.
    let back = diff_of(new_text, "1\n2\n3\n");
    assert!(back.contains("\n--- y\n"), "{back}");
    assert_eq!(
        apply_diff(&lines(new_text), &back),
        Some(lines("1\n2\n3\n"))
    );
    // Not the text it was made from.
    assert_eq!(apply_diff(&lines("1\n2\n"), &diff), None);
    assert_eq!(apply_diff(&old, "@@ -1 +1 @@\n-\u{fffd}\n+a\n"), None);
    // Line endings only: no line of the LF view changed.
    assert_eq!(
        apply_diff(
            &old,
            "@@ line endings only: lines 1-1 @@\n~1 [lf -> crlf]\n"
        ),
        Some(old.clone())
    );
}

/// `ReadState::change` with `edit_file`: the options a tool set's call passes.
fn change_edit(
    state: &ReadState,
    dir: &Path,
    path: &str,
    old: &str,
    new: &str,
    require_read: bool,
) -> Result<EditResult> {
    state.change(path, &read_in(dir), require_read, |expected| {
        crate::edit_file(path, old, new, &edit_in(dir, expected))
    })
}

/// The read options of a call in `dir`.
fn read_in(dir: &Path) -> ReadOptions {
    ReadOptions {
        cwd: Some(dir.to_path_buf()),
        ..ReadOptions::default()
    }
}

/// The options of a change in `dir` that expects `expected`.
fn edit_in(dir: &Path, expected: Option<Expected>) -> crate::EditOptions {
    crate::EditOptions {
        cwd: Some(dir.to_path_buf()),
        expected_version: expected,
        ..crate::EditOptions::default()
    }
}

#[test]
fn a_change_expects_the_version_the_state_has_and_records_the_one_it_left() {
    let dir = folder("change");
    std::fs::write(dir.join("c.txt"), "one\r\ntwo\r\n").unwrap();
    let state = ReadState::new();
    let before = version_of(&dir.join("c.txt"));
    state.record("c.txt", Some(&dir), &before);
    let mut seen = None;
    let read = read_in(&dir);
    let made = state
        .change("c.txt", &read, true, |expected| {
            seen = expected.as_ref().map(Expected::file_form);
            crate::edit_file("c.txt", "two", "TWO", &edit_in(&dir, expected))
        })
        .unwrap();
    assert_eq!(seen, Some(before));
    assert_eq!(std::fs::read(dir.join("c.txt")).unwrap(), b"one\r\nTWO\r\n");
    // The version it left is recorded, with the size it has now: the next change
    // expects it, and succeeds.
    let after = made.version.to_string();
    assert_eq!(state.version("c.txt", Some(&dir)), Some(after.clone()));
    assert_eq!(state.look_up("c.txt", Some(&dir), false).size, 10);
    assert_eq!(version_of(&dir.join("c.txt")), after);
    change_edit(&state, &dir, "c.txt", "TWO", "two", true).unwrap();
    assert_eq!(std::fs::read(dir.join("c.txt")).unwrap(), b"one\r\ntwo\r\n");
}

#[test]
fn a_change_with_require_read_refuses_a_file_never_read_and_writes_nothing() {
    let dir = folder("change-unread");
    std::fs::write(dir.join("u.txt"), "u\n").unwrap();
    let state = ReadState::new();
    let mut called = false;
    let read = read_in(&dir);
    let error = state
        .change("u.txt", &read, true, |_| {
            called = true;
            Err(Error::invalid("not to be called"))
        })
        .unwrap_err();
    assert!(!called);
    assert_eq!(error.code(), ErrorCode::FileChanged);
    let text = error.message().to_string();
    assert!(text.contains("u.txt has not been read yet"), "{text}");
    assert!(text.contains("Read it with read_file first"), "{text}");
    assert_eq!(state.version("u.txt", Some(&dir)), None);
    // Without require_read there is no check; a file it creates must still be absent.
    change_edit(&state, &dir, "u.txt", "u", "U", false).unwrap();
    assert_eq!(std::fs::read(dir.join("u.txt")).unwrap(), b"U\n");
    let mut absent = None;
    state
        .change("new.txt", &read, true, |expected| {
            absent = expected;
            crate::write_file("new.txt", b"n\n", &edit_in(&dir, absent.clone()))
        })
        .unwrap();
    assert_eq!(absent, Some(Expected::Absent));
    assert!(state.version("new.txt", Some(&dir)).is_some());
}

#[test]
fn a_stale_change_is_file_changed_showing_what_changed_and_records_nothing() {
    let dir = folder("change-stale");
    let path = dir.join("s.txt");
    std::fs::write(&path, "one\ntwo\n").unwrap();
    let state = ReadState::new();
    let read_result = crate::read_file(&path, &ReadOptions::default()).unwrap();
    let version = read_result.version.to_string();
    state.record("s.txt", Some(&dir), &version);
    state.saw_text("s.txt", Some(&dir), &version, 1, &read_result.content, 2, 2);
    std::fs::write(&path, "one\ntwo\nthree from elsewhere\n").unwrap();
    let error = change_edit(&state, &dir, "s.txt", "two", "TWO", false).unwrap_err();
    assert_eq!(error.code(), ErrorCode::FileChanged);
    let text = error.message().to_string();
    assert!(text.contains("three from elsewhere"), "{text}");
    assert_eq!(
        std::fs::read(&path).unwrap(),
        b"one\ntwo\nthree from elsewhere\n"
    );
    // What it showed is now what the model knows (shown whole), not the old version.
    assert_ne!(state.version("s.txt", Some(&dir)), Some(version));
}

#[test]
fn a_change_records_the_size_the_write_gave_without_looking_it_up() {
    let dir = folder("change-size");
    std::fs::write(dir.join("z.txt"), "z\n").unwrap();
    let state = ReadState::new();
    let made = change_edit(&state, &dir, "z.txt", "z", "zz", false).unwrap();
    assert_eq!(made.size, Some(3));
    assert_eq!(state.look_up("z.txt", Some(&dir), false).size, 3);
    // The size recorded is the write's own: one it says differently is taken as said.
    state
        .change("z.txt", &read_in(&dir), false, |expected| {
            let mut result = crate::edit_file("z.txt", "zz", "z", &edit_in(&dir, expected))?;
            result.size = Some(12345);
            Ok(result)
        })
        .unwrap();
    assert_eq!(state.look_up("z.txt", Some(&dir), false).size, 12345);
}
