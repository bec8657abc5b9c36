"""apply_patch and parse_patch: the cases of __test__/patch.spec.ts."""

from __future__ import annotations

from pathlib import Path

import eol_edit

from conftest import fails_untouched, snapshot


def test_an_envelope_update_keeps_a_crlf_file_crlf(tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_bytes(b"one\r\ntwo\r\nthree\r\n")
    patch = "*** Begin Patch\n*** Update File: notes.txt\n@@\n one\n-two\n+2\n+2b\n*** End Patch\n"
    r = eol_edit.apply_patch(patch, cwd=tmp_path)
    assert (tmp_path / "notes.txt").read_bytes() == b"one\r\n2\r\n2b\r\nthree\r\n"
    [file] = r.files
    assert (file.path, file.action, file.moved_to, file.matched_by) == ("notes.txt", "update", None, ["exact"])
    assert file.version == eol_edit.read_file(tmp_path / "notes.txt").version


def test_a_unified_diff_keeps_a_mixed_file_line_for_line(tmp_path: Path) -> None:
    (tmp_path / "m.txt").write_bytes(b"a\r\nb\nc\rd\r\n")
    patch = "--- a/m.txt\n+++ b/m.txt\n@@ -1,4 +1,4 @@\n a\n-b\n+B\n c\n d\n"
    eol_edit.apply_patch(patch, cwd=tmp_path)
    assert (tmp_path / "m.txt").read_bytes() == b"a\r\nB\nc\rd\r\n"


def test_add_delete_and_move_in_one_patch_keep_the_moved_files_bom_and_endings(tmp_path: Path) -> None:
    (tmp_path / "old.txt").write_bytes(b"\xef\xbb\xbfkeep\r\nme\r\n")
    (tmp_path / "gone.txt").write_bytes(b"bye\n")
    patch = (
        "*** Begin Patch\n"
        "*** Add File: new.txt\n+hello\n+world\n"
        "*** Delete File: gone.txt\n"
        "*** Update File: old.txt\n*** Move to: moved.txt\n@@\n keep\n-me\n+you\n"
        "*** End Patch\n"
    )
    r = eol_edit.apply_patch(patch, cwd=tmp_path)
    assert [f.action for f in r.files] == ["add", "delete", "move"]
    assert r.files[2].moved_to == "moved.txt"
    assert r.files[1].version is None
    assert (tmp_path / "new.txt").read_bytes() == b"hello\nworld\n"
    assert not (tmp_path / "gone.txt").exists() and not (tmp_path / "old.txt").exists()
    assert (tmp_path / "moved.txt").read_bytes() == b"\xef\xbb\xbfkeep\r\nyou\r\n"


def test_a_patch_is_all_or_nothing_and_names_the_file_and_hunk(tmp_path: Path) -> None:
    (tmp_path / "a.txt").write_bytes(b"a\r\n")
    (tmp_path / "b.txt").write_bytes(b"b\r\n")
    patch = (
        "*** Begin Patch\n*** Update File: a.txt\n@@\n-a\n+A\n"
        "*** Update File: b.txt\n@@\n-zzz\n+B\n*** End Patch\n"
    )
    error = fails_untouched(tmp_path, eol_edit.TextNotFound, lambda: eol_edit.apply_patch(patch, cwd=tmp_path))
    assert (error.file_index, error.hunk_index) == (1, 0)


def test_dry_run_checks_everything_and_writes_nothing(tmp_path: Path) -> None:
    (tmp_path / "a.txt").write_bytes(b"a\r\n")
    before = snapshot(tmp_path)
    r = eol_edit.apply_patch("*** Begin Patch\n*** Update File: a.txt\n@@\n-a\n+A\n*** End Patch\n", cwd=tmp_path, dry_run=True)
    assert "+A" in r.files[0].diff
    assert snapshot(tmp_path) == before


def test_expected_versions_refuse_a_file_changed_since_it_was_read(tmp_path: Path) -> None:
    (tmp_path / "a.txt").write_bytes(b"a\r\n")
    stale = eol_edit.read_file(tmp_path / "a.txt").version
    (tmp_path / "a.txt").write_bytes(b"a\r\nmore\r\n")
    patch = "*** Begin Patch\n*** Update File: a.txt\n@@\n-a\n+A\n*** End Patch\n"
    fails_untouched(
        tmp_path, eol_edit.FileChanged, lambda: eol_edit.apply_patch(patch, cwd=tmp_path, expected_versions={"a.txt": stale})
    )


def test_a_patch_outside_the_root_is_refused(tmp_path: Path) -> None:
    root = tmp_path / "root"
    root.mkdir()
    (tmp_path / "x.txt").write_bytes(b"x\n")
    patch = "*** Begin Patch\n*** Update File: ../x.txt\n@@\n-x\n+y\n*** End Patch\n"
    fails_untouched(tmp_path, eol_edit.PathOutsideRoot, lambda: eol_edit.apply_patch(patch, cwd=root, root=root))


def test_parse_patch_describes_every_section_and_hunk_without_io() -> None:
    parsed = eol_edit.parse_patch(
        "--- a/f.txt\n+++ b/f.txt\n@@ -1,2 +1,2 @@\n a\n-b\n+c\n"
    )
    assert parsed.format == "unified"
    [file] = parsed.files
    assert (file.path, file.action, file.moved_to, file.content, file.line) == ("f.txt", "update", None, None, 1)
    [hunk] = file.hunks
    assert (hunk.old_start, hunk.old_lines, hunk.new_start, hunk.new_lines) == (1, 2, 1, 2)
    assert hunk.lines == [" a", "-b", "+c"]
    added = eol_edit.parse_patch("*** Begin Patch\n*** Add File: n.txt\n+x\n*** End Patch\n")
    assert (added.format, added.files[0].action, added.files[0].content) == ("envelope", "add", "x\n")


def test_parse_patch_of_an_empty_patch_is_patch_invalid(tmp_path: Path) -> None:
    fails_untouched(tmp_path, eol_edit.PatchInvalid, lambda: eol_edit.parse_patch("*** Begin Patch\n*** End Patch\n"))
