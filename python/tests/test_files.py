"""The file functions on real files: the cases of __test__/files.spec.ts, byte for byte."""

from __future__ import annotations

import os
import re
import stat
from pathlib import Path
from typing import Callable

import pytest

import eol_edit
from eol_edit import Edit, EolInfo

from conftest import fails_untouched, snapshot

Write = Callable[..., Path]
VERSION = re.compile(r"^[0-9a-f]{32}$")


def test_read_file_shows_the_lf_view_of_a_crlf_file_and_reports_its_endings(write: Write) -> None:
    file = write("a.txt", "one\r\ntwo\r\nthree\r\n")
    r = eol_edit.read_file(file)
    assert r.content == "one\ntwo\nthree\n"
    assert (r.start_line, r.end_line, r.total_lines, r.bom, r.encoding) == (1, 3, 3, False, "utf-8")
    assert r.eol == EolInfo(lf=0, crlf=3, cr=0, dominant="\r\n", mixed=False, trailing_newline=True)
    assert VERSION.match(r.version)


def test_read_file_shows_a_mixed_file_with_lone_crs_and_a_classic_mac_file(write: Write) -> None:
    mixed = eol_edit.read_file(write("a.txt", "one\r\ntwo\nthree\rfour\r\nfive"))
    assert mixed.content == "one\ntwo\nthree\nfour\nfive"
    assert mixed.total_lines == 5
    assert mixed.eol == EolInfo(1, 2, 1, "\r\n", True, False)
    mac = eol_edit.read_file(write("b.txt", "a\rb\rc\r"))
    assert mac.content == "a\nb\nc\n"
    assert (mac.eol.cr, mac.eol.dominant, mac.eol.mixed) == (3, "\r", False)


def test_read_file_slices_by_offset_and_limit_and_describes_the_whole_file(write: Write) -> None:
    file = write("a.txt", "l1\r\nl2\nl3\rl4\r\nl5")
    r = eol_edit.read_file(file, offset=2, limit=2)
    assert r.content == "l2\nl3\n"
    assert (r.start_line, r.end_line, r.total_lines) == (2, 3, 5)
    assert (r.eol.lf, r.eol.crlf, r.eol.cr, r.eol.mixed) == (1, 2, 1, True)
    last = eol_edit.read_file(file, offset=4)
    assert (last.content, last.start_line, last.end_line) == ("l4\nl5", 4, 5)
    past = eol_edit.read_file(file, offset=10)
    assert (past.content, past.start_line, past.end_line) == ("", 10, 9)
    assert eol_edit.read_file(file, limit=0).content == ""


def test_read_file_gives_the_same_version_for_the_same_bytes_only(write: Write) -> None:
    a = eol_edit.read_file(write("a.txt", "x\r\n")).version
    b = eol_edit.read_file(write("b.txt", "x\r\n")).version
    c = eol_edit.read_file(write("c.txt", "x\n")).version
    assert a == b != c


def test_edit_file_edits_a_crlf_file_with_lf_text_and_keeps_it_crlf(write: Write) -> None:
    file = write("a.txt", "one\r\ntwo\r\nthree\r\n")
    r = eol_edit.edit_file(file, "two\n", "TWO\nadded\n")
    assert file.read_bytes() == b"one\r\nTWO\r\nadded\r\nthree\r\n"
    assert (r.path, r.replacements, r.matched_by, r.start_line, r.end_line, r.changed) == (
        str(file),
        1,
        ["exact"],
        2,
        3,
        True,
    )
    assert r.eol == EolInfo(0, 4, 0, "\r\n", False, True)
    assert "-two\n" in r.diff and "+TWO\n" in r.diff and "+added\n" in r.diff
    assert "\r" not in r.diff


def test_edit_file_gives_the_same_result_when_the_model_writes_crlf(write: Write) -> None:
    file = write("a.txt", "one\r\ntwo\r\nthree\r\n")
    eol_edit.edit_file(file, "one\r\ntwo", "one\r\n2")
    assert file.read_bytes() == b"one\r\n2\r\nthree\r\n"


def test_edit_file_keeps_every_line_ending_of_a_mixed_file(write: Write) -> None:
    file = write("a.txt", "a\r\nb\nc\rd\r\ne\n")
    eol_edit.edit_file(file, "b\nc\nd", "B\nC\nD")
    assert file.read_bytes() == b"a\r\nB\nC\rD\r\ne\n"


def test_edit_file_keeps_lone_cr_endings_and_gives_added_lines_a_lone_cr(write: Write) -> None:
    file = write("a.txt", "a\rb\rc\r")
    eol_edit.edit_file(file, "b\n", "B\nB2\n")
    assert file.read_bytes() == b"a\rB\rB2\rc\r"


def test_edit_file_replaces_every_match_with_replace_all(write: Write) -> None:
    file = write("a.txt", "x = 1\r\ny = 2\r\nx = 1\r\n")
    r = eol_edit.edit_file(file, "x = 1", "x = 3", replace_all=True)
    assert r.replacements == 2
    assert file.read_bytes() == b"x = 3\r\ny = 2\r\nx = 3\r\n"


def test_edit_file_reports_a_lenient_tier_and_keeps_the_bytes_the_model_left_alone(write: Write) -> None:
    file = write("a.txt", 'if (a) {  \r\n  call("x")\t\r\n}\r\n')
    r = eol_edit.edit_file(file, 'if (a) {\n  call("x")\n}', 'if (a) {\n  call("y")\n}')
    assert r.matched_by == ["trailingWhitespace"]
    assert file.read_bytes() == b'if (a) {  \r\n  call("y")\t\r\n}\r\n'


def test_edit_file_returns_the_version_read_file_then_reports(write: Write) -> None:
    file = write("a.txt", "one\r\ntwo\r\n")
    before = eol_edit.read_file(file)
    r = eol_edit.edit_file(file, "two", "2", expected_version=before.version)
    assert r.version != before.version
    assert eol_edit.read_file(file).version == r.version


def test_edit_file_with_dry_run_returns_the_diff_and_version_but_writes_nothing(write: Write) -> None:
    file = write("a.txt", "one\r\ntwo\r\n")
    before = snapshot(file.parent)
    dry = eol_edit.edit_file(file, "two", "2", dry_run=True)
    assert snapshot(file.parent) == before
    assert dry.changed and "+2\n" in dry.diff
    real = eol_edit.edit_file(file, "two", "2")
    assert (real.version, real.diff) == (dry.version, dry.diff)
    assert file.read_bytes() == b"one\r\n2\r\n"


def test_edit_file_with_durable_writes_the_same_bytes(write: Write) -> None:
    file = write("a.txt", "one\r\ntwo\r\n")
    eol_edit.edit_file(file, "two", "2", durable=True)
    assert file.read_bytes() == b"one\r\n2\r\n"


def test_multi_edit_applies_edits_in_order_from_edit_objects_and_dicts(write: Write) -> None:
    file = write("a.txt", "a\r\nb\r\nc\r\n")
    r = eol_edit.multi_edit(
        file, [Edit("a", "A"), {"old_text": "A\nb", "new_text": "A\nB"}, Edit("c", "C", replace_all=True)]
    )
    assert file.read_bytes() == b"A\r\nB\r\nC\r\n"
    assert r.matched_by == ["exact", "exact", "exact"]


def test_multi_edit_is_all_or_nothing_and_names_the_failing_edit(write: Write) -> None:
    file = write("a.txt", "a\r\nb\r\n")
    error = fails_untouched(
        file.parent, eol_edit.TextNotFound, lambda: eol_edit.multi_edit(file, [Edit("a", "A"), Edit("zzz", "q")])
    )
    assert error.edit_index == 1


def test_delete_range_deletes_between_text_anchors_with_their_own_endings(write: Write) -> None:
    file = write("a.txt", "start\r\nx\ny\rend\r\nafter\n")
    eol_edit.delete_range(file, "start", "end")
    assert file.read_bytes() == b"start\r\nend\r\nafter\n"


def test_delete_range_by_line_numbers_anchors_included_with_inclusive(write: Write) -> None:
    file = write("a.txt", "1\r\n2\r\n3\r\n4\r\n")
    eol_edit.delete_range(file, 2, 3, inclusive=True)
    assert file.read_bytes() == b"1\r\n4\r\n"


def test_delete_range_fails_with_anchor_not_found_and_writes_nothing(write: Write) -> None:
    file = write("a.txt", "a\r\nb\r\n")
    fails_untouched(file.parent, eol_edit.AnchorNotFound, lambda: eol_edit.delete_range(file, "zzz", "b"))


def test_write_file_keeps_a_crlf_file_crlf_and_each_kept_line_of_a_mixed_file(write: Write) -> None:
    crlf = write("a.txt", "a\r\nb\r\n")
    eol_edit.write_file(crlf, "a\nb\nc\n")
    assert crlf.read_bytes() == b"a\r\nb\r\nc\r\n"
    mixed = write("b.txt", "a\r\nb\nc\r\n")
    eol_edit.write_file(mixed, "a\nb\nc\nd\n")
    assert mixed.read_bytes() == b"a\r\nb\nc\r\nd\r\n"


def test_write_file_keeps_the_utf8_bom_and_forces_an_ending_with_eol(write: Write) -> None:
    file = write("a.txt", b"\xef\xbb\xbfa\r\nb\r\n")
    eol_edit.write_file(file, "a\nB\n")
    assert file.read_bytes() == b"\xef\xbb\xbfa\r\nB\r\n"
    eol_edit.write_file(file, "a\nB\n", eol="lf")
    assert file.read_bytes() == b"\xef\xbb\xbfa\nB\n"


def test_write_file_of_the_same_content_is_unchanged_and_leaves_the_file(write: Write) -> None:
    file = write("a.txt", "a\r\nb\r\n")
    r = eol_edit.write_file(file, "a\nb\n")
    assert r.changed is False
    assert file.read_bytes() == b"a\r\nb\r\n"


def test_write_file_creates_a_new_file_with_lf_and_its_parent_folders(tmp_path: Path) -> None:
    file = tmp_path / "new" / "deep" / "a.txt"
    eol_edit.write_file(file, "x\ny\n")
    assert file.read_bytes() == b"x\ny\n"


def test_write_file_gives_a_new_file_the_end_of_line_of_editorconfig(tmp_path: Path) -> None:
    (tmp_path / ".editorconfig").write_bytes(b"root = true\n[*.cs]\nend_of_line = crlf\n")
    eol_edit.write_file(tmp_path / "a.cs", "x\ny\n")
    assert (tmp_path / "a.cs").read_bytes() == b"x\r\ny\r\n"
    eol_edit.write_file(tmp_path / "a.txt", "x\ny\n")
    assert (tmp_path / "a.txt").read_bytes() == b"x\ny\n"


def test_write_file_accepts_bytes_as_content(write: Write) -> None:
    file = write("a.txt", "a\r\n")
    eol_edit.write_file(file, b"a\nb\n")
    assert file.read_bytes() == b"a\r\nb\r\n"


def test_write_file_refuses_to_overwrite_a_binary_file(write: Write) -> None:
    file = write("a.bin", b"\x00\x01\x02")
    fails_untouched(file.parent, eol_edit.BinaryFile, lambda: eol_edit.write_file(file, "x"))


def test_convert_eol_converts_every_ending_and_no_change_when_there_is_nothing(write: Write) -> None:
    file = write("a.txt", "a\r\nb\nc\r")
    eol_edit.convert_eol(file, "crlf")
    assert file.read_bytes() == b"a\r\nb\r\nc\r\n"
    fails_untouched(file.parent, eol_edit.NoChange, lambda: eol_edit.convert_eol(file, "crlf"))
    eol_edit.convert_eol(file, "cr")
    assert file.read_bytes() == b"a\rb\rc\r"


@pytest.mark.parametrize("encoding", ["utf-8", "utf-8-sig", "utf-16-le", "utf-16-be"])
def test_unicode_files_round_trip_in_their_encoding_bom_and_endings(write: Write, encoding: str) -> None:
    def encode(text: str) -> bytes:
        bom = {"utf-16-le": b"\xff\xfe", "utf-16-be": b"\xfe\xff"}.get(encoding, b"")
        return bom + text.encode(encoding)

    file = write("a.txt", encode("héllo ✓\r\nwörld 😀\r\nend\r\n"))
    r = eol_edit.read_file(file)
    assert r.content == "héllo ✓\nwörld 😀\nend\n"
    assert r.encoding == ("utf-8" if encoding.startswith("utf-8") else encoding.replace("-le", "le").replace("-be", "be"))
    assert r.bom == (encoding != "utf-8")
    edited = eol_edit.edit_file(file, "wörld 😀\n", "wörld 🌍\nmöre\n")
    assert file.read_bytes() == encode("héllo ✓\r\nwörld 🌍\r\nmöre\r\nend\r\n")
    assert eol_edit.read_file(file).version == edited.version
    eol_edit.multi_edit(file, [Edit("héllo", "HÉLLO"), Edit("end", "énd")])
    assert file.read_bytes() == encode("HÉLLO ✓\r\nwörld 🌍\r\nmöre\r\nénd\r\n")
    eol_edit.delete_range(file, 1, 3, inclusive=True)
    assert file.read_bytes() == encode("énd\r\n")
    eol_edit.write_file(file, "héllo ✓\nnéw\n")
    assert file.read_bytes() == encode("héllo ✓\r\nnéw\r\n")
    eol_edit.convert_eol(file, "cr")
    assert file.read_bytes() == encode("héllo ✓\rnéw\r")


def test_invalid_utf8_bytes_outside_the_match_are_written_back_untouched(write: Write) -> None:
    file = write("a.txt", b"caf\xe9 \xff\r\nline two\r\n")
    eol_edit.edit_file(file, "line two", "line 2")
    assert file.read_bytes() == b"caf\xe9 \xff\r\nline 2\r\n"


def test_a_nul_byte_in_the_first_8_kib_is_binary_for_every_function(write: Write) -> None:
    file = write("a.bin", b"text\x00more\r\n")
    folder = file.parent
    fails_untouched(folder, eol_edit.BinaryFile, lambda: eol_edit.read_file(file))
    fails_untouched(folder, eol_edit.BinaryFile, lambda: eol_edit.edit_file(file, "text", "x"))
    fails_untouched(folder, eol_edit.BinaryFile, lambda: eol_edit.convert_eol(file, "lf"))


def test_max_bytes_refuses_a_larger_file_reading_or_editing(write: Write) -> None:
    file = write("a.txt", "x" * 100 + "\r\n")
    fails_untouched(file.parent, eol_edit.FileTooLarge, lambda: eol_edit.read_file(file, max_bytes=10))
    fails_untouched(file.parent, eol_edit.FileTooLarge, lambda: eol_edit.edit_file(file, "x", "y", max_bytes=10))


@pytest.mark.skipif(os.name != "posix", reason="file modes are POSIX")
def test_an_edit_keeps_the_file_mode(write: Write) -> None:
    file = write("run.sh", "#!/bin/sh\r\necho 1\r\n")
    file.chmod(0o755)
    eol_edit.edit_file(file, "echo 1", "echo 2")
    assert stat.S_IMODE(file.stat().st_mode) == 0o755


@pytest.mark.skipif(os.name != "posix", reason="symbolic links need no privilege on POSIX")
def test_an_edit_follows_a_symlink_and_keeps_it_a_link(write: Write) -> None:
    target = write("target.txt", "a\r\nb\r\n")
    link = target.parent / "link.txt"
    link.symlink_to(target.name)
    eol_edit.edit_file(link, "b", "B")
    assert link.is_symlink()
    assert target.read_bytes() == b"a\r\nB\r\n"


def test_a_stale_expected_version_is_file_changed_for_every_function(write: Write) -> None:
    file = write("a.txt", "a\r\nb\r\n")
    stale = eol_edit.read_file(file).version
    file.write_bytes(b"a\r\nb\r\nc\r\n")
    folder = file.parent
    calls = [
        lambda: eol_edit.edit_file(file, "b", "B", expected_version=stale),
        lambda: eol_edit.multi_edit(file, [Edit("b", "B")], expected_version=stale),
        lambda: eol_edit.delete_range(file, 1, 2, inclusive=True, expected_version=stale),
        lambda: eol_edit.write_file(file, "x\n", expected_version=stale),
        lambda: eol_edit.convert_eol(file, "lf", expected_version=stale),
        lambda: eol_edit.convert_encoding(file, "utf-16le", expected_version=stale),
    ]
    for call in calls:
        fails_untouched(folder, eol_edit.FileChanged, call)


def test_an_empty_expected_version_creates_only_a_missing_file(write: Write) -> None:
    file = write("a.txt", "exists\n")
    fails_untouched(file.parent, eol_edit.FileChanged, lambda: eol_edit.write_file(file, "x\n", expected_version=""))
    new = file.parent / "new.txt"
    eol_edit.write_file(new, "x\n", expected_version="")
    assert new.read_bytes() == b"x\n"


def test_root_refuses_a_path_that_escapes_through_dotdot_or_a_link(tmp_path: Path) -> None:
    root = tmp_path / "root"
    root.mkdir()
    outside = tmp_path / "outside.txt"
    outside.write_bytes(b"secret\r\n")
    fails_untouched(
        tmp_path, eol_edit.PathOutsideRoot, lambda: eol_edit.edit_file(root / ".." / "outside.txt", "secret", "x", root=root)
    )
    if os.name == "posix":
        (root / "link.txt").symlink_to(outside)
        fails_untouched(
            tmp_path, eol_edit.PathOutsideRoot, lambda: eol_edit.read_file(root / "link.txt", root=[str(root)])
        )


def test_root_accepts_a_path_inside_any_of_several_roots(tmp_path: Path) -> None:
    a, b = tmp_path / "a", tmp_path / "b"
    a.mkdir()
    b.mkdir()
    (b / "f.txt").write_bytes(b"x\r\n")
    eol_edit.edit_file(b / "f.txt", "x", "y", root=(a, b))
    assert (b / "f.txt").read_bytes() == b"y\r\n"


def test_cwd_resolves_relative_paths_and_the_result_names_the_path_as_given(tmp_path: Path) -> None:
    (tmp_path / "rel.txt").write_bytes(b"a\r\n")
    r = eol_edit.edit_file("rel.txt", "a", "b", cwd=tmp_path)
    assert r.path == "rel.txt"
    assert (tmp_path / "rel.txt").read_bytes() == b"b\r\n"


def test_paths_may_be_str_bytes_or_path_like(write: Write) -> None:
    file = write("a.txt", "a\r\n")
    assert eol_edit.read_file(str(file)).content == "a\n"
    assert eol_edit.read_file(os.fsencode(file)).content == "a\n"
    assert eol_edit.read_file(file).content == "a\n"


def test_convert_encoding_converts_utf8_to_gbk_and_back_keeping_the_endings(write: Write) -> None:
    file = write("c.txt", "中文\r\nmixed\nend\r\n")
    assert eol_edit.convert_encoding(file, "gbk").changed
    assert file.read_bytes() == "中文\r\nmixed\nend\r\n".encode("gbk")
    assert eol_edit.read_file(file).encoding == "gbk"
    eol_edit.convert_encoding(file, "utf-8", encoding="gbk")
    assert file.read_bytes() == "中文\r\nmixed\nend\r\n".encode()


def test_convert_encoding_writes_utf16_with_its_bom_and_utf8_with_one_only_when_asked(write: Write) -> None:
    file = write("c.txt", "é\n")
    eol_edit.convert_encoding(file, "utf-16le")
    assert file.read_bytes() == bytes([0xFF, 0xFE, 0xE9, 0, 0x0A, 0])
    eol_edit.convert_encoding(file, "utf-8", bom=True)
    assert file.read_bytes() == bytes([0xEF, 0xBB, 0xBF, 0xC3, 0xA9, 0x0A])


def test_convert_encoding_refuses_what_the_target_cannot_hold(write: Write) -> None:
    file = write("c.txt", "ok\nсмайл 😀\n")
    error = fails_untouched(
        file.parent, eol_edit.EncodingUnmappable, lambda: eol_edit.convert_encoding(file, "windows-1251")
    )
    assert "U+1F600" in str(error) and "line 2" in str(error)
