"""Prepared changes: prepare_* write nothing, ``files`` says what the commit writes,
byte for byte, and ``commit()`` writes exactly that, once, only if the file is still
what it was (the cases of __test__/prepared.spec.ts)."""

from __future__ import annotations

import sys
import threading
from pathlib import Path
from typing import Callable, List

import pytest

import eol_edit
from eol_edit import ChangedRange, CommitResult, Prepared, PreparedFile

Write = Callable[..., Path]


def apply(old: bytes, ranges: List[ChangedRange]) -> bytes:
    """``old`` with the ranges applied, as a host that holds the text would."""
    out = old
    for r in reversed(ranges):
        out = out[: r.start] + r.text.encode() + out[r.end :]
    return out


@pytest.mark.parametrize(
    "before, old_text, new_text, after",
    [
        (b"one\r\ntwo\r\n", "two\n", "2\nand 3\n", b"one\r\n2\r\nand 3\r\n"),
        (b"a\r\nb\nc\r\n", "b\nc", "B\nC", b"a\r\nB\nC\r\n"),
        (b"x\ry\rz\r", "y", "Y", b"x\rY\rz\r"),
    ],
)
def test_prepare_writes_nothing_and_commit_writes_what_files_showed(
    write: Write, before: bytes, old_text: str, new_text: str, after: bytes
) -> None:
    file = write("a.txt", before)
    prepared = eol_edit.prepare_edit(file, old_text, new_text)
    assert isinstance(prepared, Prepared)
    assert file.read_bytes() == before
    [f] = prepared.files
    assert isinstance(f, PreparedFile)
    assert (f.action, f.version_before) == ("update", eol_edit.read_file(file).version)
    assert (f.replacements, f.matched_by) == (1, ["exact"])
    assert apply(before, f.ranges) == after
    shown = prepared.preview
    assert file.read_bytes() == before
    committed = prepared.commit()
    assert isinstance(committed, CommitResult)
    assert committed == shown
    assert file.read_bytes() == after
    assert committed.files[0].version == f.version_after == eol_edit.read_file(file).version
    assert committed.files[0].ranges == f.ranges


def test_a_bom_and_a_utf16_file_are_prepared_over_their_text(write: Write) -> None:
    bom = write("bom.txt", "\ufeffa\r\nb\r\n".encode())
    p = eol_edit.prepare_write(bom, "a\nB\n")
    assert p.files[0].bom and p.files[0].ranges == [ChangedRange(start=3, end=4, text="B")]
    p.commit()
    assert bom.read_bytes() == "\ufeffa\r\nB\r\n".encode()
    u16 = write("u16.txt", b"\xff\xfe" + "α\r\nβ\r\n".encode("utf-16-le"))
    p = eol_edit.prepare_delete_range(u16, 1, 1, inclusive=True)
    assert p.files[0].encoding == "utf-16le"
    assert apply("α\r\nβ\r\n".encode(), p.files[0].ranges) == "β\r\n".encode()
    p.commit()
    assert u16.read_bytes() == b"\xff\xfe" + "β\r\n".encode("utf-16-le")


def test_prepare_insert_lines_takes_the_endings_around_and_checks_its_line(write: Write) -> None:
    file = write("ins.txt", b"a\r\nb\r\n")
    p = eol_edit.prepare_insert_lines(file, 1, "x\ny\n")
    assert file.read_bytes() == b"a\r\nb\r\n"
    [f] = p.files
    assert (f.action, f.start_line, f.end_line) == ("update", 2, 3)
    assert "+x\n+y\n" in f.diff
    p.commit()
    assert file.read_bytes() == b"a\r\nx\r\ny\r\nb\r\n"
    assert f.version_after == eol_edit.read_file(file).version
    with pytest.raises(eol_edit.InvalidArgument) as past:
        eol_edit.prepare_insert_lines(file, 9, "z")
    assert past.value.argument == "after_line"
    with pytest.raises(eol_edit.InvalidArgument):
        eol_edit.prepare_insert_lines(file, -1, "z")


def test_a_file_changed_between_prepare_and_commit_is_file_changed_and_kept(write: Write) -> None:
    file = write("a.txt", b"one\r\n")
    prepared = eol_edit.prepare_multi_edit(file, [{"old_text": "one", "new_text": "1"}])
    file.write_bytes(b"uno\r\n")
    with pytest.raises(eol_edit.FileChanged, match="Nothing was written"):
        prepared.commit()
    assert file.read_bytes() == b"uno\r\n"


def test_a_new_file_created_by_someone_else_meanwhile_is_file_changed(tmp_path: Path) -> None:
    file = tmp_path / "sub" / "new.txt"
    prepared = eol_edit.prepare_write(file, "mine\n")
    [f] = prepared.files
    assert (f.action, f.version_before) == ("add", None)
    assert not (tmp_path / "sub").exists()
    file.parent.mkdir()
    file.write_bytes(b"theirs\n")
    with pytest.raises(eol_edit.FileChanged):
        prepared.commit()
    assert file.read_bytes() == b"theirs\n"


@pytest.mark.skipif(sys.platform == "win32", reason="symbolic links need Developer Mode on Windows")
def test_a_file_swapped_for_a_link_to_the_same_bytes_elsewhere_is_file_changed(
    tmp_path: Path,
) -> None:
    here, elsewhere = tmp_path / "here", tmp_path / "elsewhere"
    here.mkdir()
    elsewhere.mkdir()
    file, target = here / "a.txt", elsewhere / "a.txt"
    file.write_bytes(b"one\r\n")
    target.write_bytes(b"one\r\n")
    prepared = eol_edit.prepare_edit(file, "one", "1")
    file.unlink()
    file.symlink_to(target)
    with pytest.raises(eol_edit.FileChanged, match="symbolic link"):
        prepared.commit()
    assert target.read_bytes() == b"one\r\n"
    # With a root, a link out of it is refused as every call refuses it.
    file.unlink()
    file.write_bytes(b"one\r\n")
    prepared = eol_edit.prepare_edit(file, "one", "1", root=here)
    file.unlink()
    file.symlink_to(target)
    with pytest.raises(eol_edit.PathOutsideRoot):
        prepared.commit()
    assert target.read_bytes() == b"one\r\n"


def test_a_change_commits_once(write: Write) -> None:
    file = write("a.txt", b"a\n")
    prepared = eol_edit.prepare_edit(file, "a", "b")
    prepared.commit()
    file.write_bytes(b"a\n")
    with pytest.raises(eol_edit.InvalidArgument, match="already committed"):
        prepared.preview
    with pytest.raises(eol_edit.InvalidArgument, match="already committed"):
        prepared.commit()
    assert file.read_bytes() == b"a\n"


def test_options_are_keyword_only_and_checked(write: Write) -> None:
    file = write("a.txt", b"a\n")
    with pytest.raises(TypeError):
        eol_edit.prepare_edit(file, "a", "b", True)  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        eol_edit.prepare_edit(file, "a", "b", rooot=".")  # type: ignore[call-arg]
    with pytest.raises(eol_edit.FileChanged):
        eol_edit.prepare_edit(file, "a", "b", expected_version="0" * 32)
    p = eol_edit.prepare_edit(file, "a", "b", dry_run=True)
    assert p.commit().files[0].changed
    assert file.read_bytes() == b"a\n"


def test_prepare_and_commit_release_the_interpreter(write: Write) -> None:
    # Many prepares and commits on threads at once: each lands, none deadlocks.
    files = [write(f"f{i}.txt", b"x\r\n" * 1000) for i in range(8)]
    errors: List[BaseException] = []

    def work(path: Path) -> None:
        try:
            eol_edit.prepare_edit(path, "x", "y", replace_all=True).commit()
        except BaseException as e:  # pragma: no cover - reported below
            errors.append(e)

    threads = [threading.Thread(target=work, args=(f,)) for f in files]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert all(f.read_bytes() == b"y\r\n" * 1000 for f in files)


# prepare_patch: every section worked out, nothing written; the commit writes every
# file or none.

PATCH = (
    "*** Begin Patch\n"
    "*** Update File: crlf.txt\n@@\n-b\n+B\n"
    "*** Update File: mixed.txt\n@@\n two\n-three\n+3\n"
    "*** Update File: bom.txt\n@@\n-key = 1\n+key = é\n"
    "*** Update File: u16.txt\n@@\n-β\n+B\n+β\n"
    "*** End Patch\n"
)

BEFORE = {
    "crlf.txt": b"a\r\nb\r\nc\r\n",
    "mixed.txt": b"one\r\ntwo\nthree\rfour\r\n",
    "bom.txt": "\ufeffkey = 1\r\nother = 2\r\n".encode(),
    "u16.txt": b"\xff\xfe" + "α\r\nβ\r\nγ\r\n".encode("utf-16-le"),
}

AFTER = {
    "crlf.txt": b"a\r\nB\r\nc\r\n",
    "mixed.txt": b"one\r\ntwo\n3\rfour\r\n",
    "bom.txt": "\ufeffkey = é\r\nother = 2\r\n".encode(),
    "u16.txt": b"\xff\xfe" + "α\r\nB\r\nβ\r\nγ\r\n".encode("utf-16-le"),
}


def four(write: Write) -> Path:
    for name, data in BEFORE.items():
        file = write(name, data)
    return file.parent


def version_of(write: Write, data: bytes) -> str:
    return eol_edit.read_file(write("version-of.bin", data)).version


def test_prepare_patch_writes_nothing_and_commit_writes_every_file_byte_exact(
    write: Write,
) -> None:
    folder = four(write)
    versions = {n: eol_edit.read_file(folder / n).version for n in BEFORE}
    prepared = eol_edit.prepare_patch(PATCH, cwd=folder)
    assert isinstance(prepared, Prepared)
    assert {n: (folder / n).read_bytes() for n in BEFORE} == BEFORE
    files = prepared.files
    assert [(f.path, f.action, f.moved_to) for f in files] == [
        (n, "update", None) for n in BEFORE
    ]
    assert [f.version_before for f in files] == list(versions.values())
    assert files[3].encoding == "utf-16le" and files[3].bom
    assert apply(b"a\r\nb\r\nc\r\n", files[0].ranges) == AFTER["crlf.txt"]
    shown = prepared.preview
    committed = prepared.commit()
    assert {n: (folder / n).read_bytes() for n in BEFORE} == AFTER
    assert committed.files == [] and committed.patch is not None
    assert committed == shown
    assert [f.version for f in committed.patch.files] == [f.version_after for f in files]
    assert files[1].version_after == eol_edit.read_file(folder / "mixed.txt").version


def test_a_file_changed_before_the_commit_is_file_changed_and_none_is_written(
    write: Write,
) -> None:
    folder = four(write)
    prepared = eol_edit.prepare_patch(PATCH, cwd=folder)
    (folder / "bom.txt").write_bytes(b"someone else's\n")
    with pytest.raises(eol_edit.FileChanged) as raised:
        prepared.commit()
    assert "bom.txt" in str(raised.value) and raised.value.file_index == 2
    for name in ("crlf.txt", "mixed.txt", "u16.txt"):
        assert (folder / name).read_bytes() == BEFORE[name]
    with pytest.raises(eol_edit.InvalidArgument):
        prepared.commit()


def test_a_move_a_delete_and_a_new_files_path_taken_meanwhile(write: Write) -> None:
    folder = four(write)
    patch = (
        "*** Begin Patch\n*** Update File: crlf.txt\n*** Move to: moved.txt\n@@\n-b\n+B\n"
        "*** Delete File: bom.txt\n*** Add File: new.txt\n+mine\n*** End Patch\n"
    )
    prepared = eol_edit.prepare_patch(patch, cwd=folder)
    moved, deleted, added = prepared.files
    assert (moved.action, moved.moved_to) == ("move", "moved.txt")
    assert (deleted.action, deleted.version_after) == ("delete", None)
    assert (added.action, added.version_before) == ("add", None)
    assert added.version_after == version_of(write, b"mine\n")
    (folder / "new.txt").write_bytes(b"theirs\n")
    with pytest.raises(eol_edit.FileChanged):
        prepared.commit()
    assert (folder / "crlf.txt").read_bytes() == BEFORE["crlf.txt"]
    assert (folder / "bom.txt").exists() and not (folder / "moved.txt").exists()
    (folder / "new.txt").unlink()
    eol_edit.prepare_patch(patch, cwd=folder).commit()
    assert (folder / "moved.txt").read_bytes() == AFTER["crlf.txt"]
    assert not (folder / "crlf.txt").exists() and not (folder / "bom.txt").exists()
    assert (folder / "new.txt").read_bytes() == b"mine\n"


def test_the_preview_of_two_sections_on_one_file_gives_the_version_to_the_last(
    write: Write,
) -> None:
    # The commit gives a file's version to its last section only (the first one's
    # bytes are not what the file ends with); the preview shows the same.
    folder = four(write)
    patch = (
        "*** Begin Patch\n*** Update File: crlf.txt\n@@\n-a\n+A\n"
        "*** Update File: crlf.txt\n@@\n-c\n+C\n*** End Patch\n"
    )
    prepared = eol_edit.prepare_patch(patch, cwd=folder)
    shown = prepared.preview
    assert shown.patch is not None
    end = eol_edit.read_file(write("end.txt", b"A\r\nb\r\nC\r\n")).version
    assert [f.version for f in shown.patch.files] == [None, end]
    assert prepared.commit() == shown
    assert (folder / "crlf.txt").read_bytes() == b"A\r\nb\r\nC\r\n"
