"""apply_patch_in_memory: the cases of __test__/patch-in-memory.spec.ts. Each buffer's
result is compared byte for byte with what apply_patch writes to the same bytes."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Dict, List, Optional

import pytest

import eol_edit

from conftest import snapshot

UPDATE = "*** Begin Patch\n*** Update File: a.txt\n@@\n one\n-two\n+2\n three\n*** End Patch\n"


def utf16(text: str) -> bytes:
    return b"\xff\xfe" + text.encode("utf-16-le")


@pytest.mark.parametrize(
    "content",
    [
        b"one\r\ntwo\r\nthree\r\n",
        b"one\r\ntwo\nthree\r\n",
        b"one\rtwo\rthree\r",
        b"\xef\xbb\xbfone\r\ntwo\r\nthree",
        utf16("one\r\ntwo\r\nthree\r\n"),
    ],
    ids=["crlf", "mixed", "lone-cr", "bom", "utf-16"],
)
def test_gives_the_bytes_apply_patch_writes(tmp_path: Path, content: bytes) -> None:
    (tmp_path / "a.txt").write_bytes(content)
    eol_edit.apply_patch(UPDATE, cwd=tmp_path)
    on_disk = (tmp_path / "a.txt").read_bytes()
    r = eol_edit.apply_patch_in_memory(UPDATE, {"a.txt": content}.get)
    [f] = r.files
    assert isinstance(f, eol_edit.InMemoryFile)
    assert (f.path, f.action, f.moved_to, f.matched_by) == ("a.txt", "update", None, ["exact"])
    assert f.before == content
    assert f.after == on_disk
    assert "+2" in f.diff
    assert dataclasses.asdict(r)["files"][0]["after"] == on_disk


def test_adds_deletes_and_moves() -> None:
    patch = (
        "*** Begin Patch\n*** Add File: new.txt\n+hello\n*** Delete File: old.txt\n"
        "*** Update File: a.txt\n*** Move to: b.txt\n@@\n-two\n+2\n*** End Patch\n"
    )
    files = {"old.txt": b"bye\r\n", "a.txt": utf16("one\r\ntwo\r\n")}
    add, delete, move = eol_edit.apply_patch_in_memory(patch, files.get).files
    assert (add.action, add.before, add.after) == ("add", None, b"hello\n")
    assert (delete.action, delete.before, delete.after) == ("delete", b"bye\r\n", None)
    assert (move.action, move.moved_to, move.after) == ("move", "b.txt", utf16("one\r\n2\r\n"))


def test_a_missing_file_fails_as_apply_patch_does(tmp_path: Path) -> None:
    with pytest.raises(eol_edit.FileNotFound) as disk:
        eol_edit.apply_patch(UPDATE, cwd=tmp_path)
    with pytest.raises(eol_edit.FileNotFound) as memory:
        eol_edit.apply_patch_in_memory(UPDATE, lambda p: None, cwd=tmp_path)
    assert str(memory.value) == str(disk.value)
    assert memory.value.code == "FILE_NOT_FOUND"
    assert memory.value.file_index == 0
    with pytest.raises(eol_edit.TextNotFound):
        eol_edit.apply_patch_in_memory(UPDATE, lambda p: b"x\r\n")


def test_touches_nothing_on_disk(tmp_path: Path) -> None:
    (tmp_path / "a.txt").write_bytes(b"one\r\ntwo\r\nthree\r\n")
    before = snapshot(tmp_path)
    asked: List[str] = []

    def lookup(path: str) -> Optional[bytes]:
        asked.append(path)
        return b"one\ntwo\nthree\n" if path.endswith("a.txt") else None

    patch = UPDATE.replace("*** End Patch", "*** Add File: sub/new.txt\n+x\n*** End Patch")
    r = eol_edit.apply_patch_in_memory(patch, lookup, cwd=tmp_path, root=tmp_path)
    assert [f.after for f in r.files] == [b"one\n2\nthree\n", b"x\n"]
    assert asked == [str(tmp_path / "a.txt"), str(tmp_path / "sub" / "new.txt")]
    assert snapshot(tmp_path) == before


def test_the_lookups_exception_is_raised_unchanged() -> None:
    calls: List[str] = []

    class Gone(Exception):
        pass

    def lookup(path: str) -> bytes:
        calls.append(path)
        raise Gone(path)

    with pytest.raises(Gone):
        eol_edit.apply_patch_in_memory(UPDATE, lookup)
    assert calls == ["a.txt"]


@pytest.mark.parametrize("value", ["one\ntwo\nthree\n", 42, [1, 2]])
def test_a_wrong_return_type_is_refused(value: object) -> None:
    with pytest.raises(eol_edit.InvalidArgument) as e:
        eol_edit.apply_patch_in_memory(UPDATE, lambda p: value)  # type: ignore[arg-type,return-value]
    assert isinstance(e.value, TypeError)
    assert "must be bytes or None" in str(e.value)


def test_bytearray_and_memoryview_are_bytes() -> None:
    content = b"one\r\ntwo\r\nthree\r\n"
    for given in (bytearray(content), memoryview(content)):
        [f] = eol_edit.apply_patch_in_memory(UPDATE, lambda p: given).files
        assert f.after == b"one\r\n2\r\nthree\r\n"


def test_arguments_are_checked() -> None:
    with pytest.raises(eol_edit.InvalidArgument):
        eol_edit.apply_patch_in_memory(UPDATE, "a.txt")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        eol_edit.apply_patch_in_memory(UPDATE, lambda p: None, cwdd="/")  # type: ignore[call-arg]
    files: Dict[str, bytes] = {"a.txt": b"one\ntwo\nthree\n"}
    with pytest.raises(eol_edit.FileChanged):
        eol_edit.apply_patch_in_memory(UPDATE, files.get, expected_versions={"a.txt": ""})


def test_the_example_runs() -> None:
    import runpy

    example = Path(__file__).resolve().parents[1] / "examples" / "patch_in_memory.py"
    runpy.run_path(str(example), run_name="__main__")
