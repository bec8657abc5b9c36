"""Edits CRLF, mixed, BOM, UTF-16 and GBK files with LF text, as a model writes it, and
checks that every other byte stays as it was.

    python python/examples/byte_exact.py
"""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Optional

import eol_edit
from eol_edit import Edit


def check(path: Path, expected: bytes) -> None:
    actual = path.read_bytes()
    assert actual == expected, f"{path.name}: {actual!r} != {expected!r}"
    print(f"{path.name:<12} {actual!r}")


def edit(path: Path, old: str, new: str, encoding: Optional[str] = None) -> None:
    read = eol_edit.read_file(path, encoding=encoding)
    eol_edit.edit_file(path, old, new, expected_version=read.version, encoding=encoding)


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)

        crlf = root / "crlf.txt"
        crlf.write_bytes(b"one\r\ntwo\r\nthree\r\n")
        edit(crlf, "two\n", "TWO\nadded\n")
        check(crlf, b"one\r\nTWO\r\nadded\r\nthree\r\n")

        mixed = root / "mixed.txt"
        mixed.write_bytes(b"a\r\nb\nc\rd\r\n")
        eol_edit.multi_edit(mixed, [Edit("b", "B"), Edit("c", "C")])
        check(mixed, b"a\r\nB\nC\rd\r\n")

        bom = root / "bom.txt"
        bom.write_bytes(b"\xef\xbb\xbfname = 1\r\n")
        edit(bom, "name = 1", "name = 2")
        check(bom, b"\xef\xbb\xbfname = 2\r\n")

        utf16 = root / "utf16.txt"
        utf16.write_bytes(b"\xff\xfe" + "héllo\r\nwörld\r\n".encode("utf-16-le"))
        edit(utf16, "wörld", "wörld 🌍")
        check(utf16, b"\xff\xfe" + "héllo\r\nwörld 🌍\r\n".encode("utf-16-le"))

        gbk = root / "gbk.c"
        gbk.write_bytes("// 计算两个整数的和\r\nint add(int a, int b);\r\n".encode("gbk"))
        edit(gbk, "的和", "的差", encoding="gbk")
        check(gbk, "// 计算两个整数的差\r\nint add(int a, int b);\r\n".encode("gbk"))

        try:
            eol_edit.edit_file(crlf, "not there", "x")
        except eol_edit.TextNotFound as error:
            print(f"{error.code}: nothing written")
        check(crlf, b"one\r\nTWO\r\nadded\r\nthree\r\n")


if __name__ == "__main__":
    main()
