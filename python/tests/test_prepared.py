"""Prepared changes: prepare_* write nothing, ``files`` says what the commit writes,
byte for byte, and ``commit()`` writes exactly that, once, only if the file is still
what it was (the cases of __test__/prepared.spec.ts)."""

from __future__ import annotations

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
    committed = prepared.commit()
    assert isinstance(committed, CommitResult)
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


def test_a_change_commits_once(write: Write) -> None:
    file = write("a.txt", b"a\n")
    prepared = eol_edit.prepare_edit(file, "a", "b")
    prepared.commit()
    file.write_bytes(b"a\n")
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
