"""Legacy encodings: the families of __test__/encodings.spec.ts, each with CRLF and
mixed endings, edited in their own encoding byte for byte."""

from __future__ import annotations

from pathlib import Path
from typing import List, NamedTuple

import pytest

import eol_edit

from conftest import fails_untouched

EMOJI = "\U0001f600"


class Family(NamedTuple):
    whatwg: str
    codec: str
    comment: str
    edited: str
    added: str
    unmappable: str


FAMILIES = [
    Family("gbk", "gbk", "// 计算两个整数的和，并返回结果", "// 计算两个整数的差，并返回结果", "    // 新增的中文注释：检查溢出", EMOJI),
    Family("shift_jis", "shift_jis", "// 二つの整数の和を計算して返す", "// 二つの整数の差を計算して返す", "    // 新しいコメント：桁あふれを確認する", EMOJI),
    Family("euc-jp", "euc_jp", "// 二つの整数の和を計算して返す", "// 二つの整数の差を計算して返す", "    // 新しいコメント：桁あふれを確認する", EMOJI),
    Family("euc-kr", "euc_kr", "// 두 정수의 합을 계산하여 반환한다", "// 두 정수의 차를 계산하여 반환한다", "    // 새 주석: 오버플로를 확인한다", EMOJI),
    Family("big5", "big5", "// 計算兩個整數的總和並傳回結果", "// 計算兩個整數的差值並傳回結果", "    // 新增的中文註解：檢查溢位", EMOJI),
    Family("windows-1252", "cp1252", "// Berechnet die Größe der Übergabe für Äpfel", "// Berechnet die Länge der Übergabe für Öl", "    // Prüfe den Überlauf, weiß der Kuckuck", "ł"),
    Family("windows-1250", "cp1250", "// Oblicza sumę dwóch liczb całkowitych", "// Oblicza różnicę dwóch liczb całkowitych", "    // Zażółć gęślą jaźń: sprawdź przepełnienie", "Ж"),
]


def lines_of(f: Family) -> List[str]:
    return [f.comment, "int add(int a, int b) {", "    return a + b;", "}"] + [f"int unused{i} = 0;" for i in range(12)] + ["// end"]


def endings_of(kind: str, count: int) -> List[str]:
    mixed = ["\r\n", "\n", "\r\n", "\r\n", "\r", "\r\n", "\n"]
    return ["\r\n" if kind == "crlf" else mixed[i % len(mixed)] for i in range(count)]


def join(lines: List[str], endings: List[str]) -> str:
    return "".join(line + ending for line, ending in zip(lines, endings))


CASES = [(f, kind) for f in FAMILIES for kind in ("crlf", "mixed")]


@pytest.mark.parametrize("f,kind", CASES, ids=[f"{f.whatwg}-{k}" for f, k in CASES])
def test_a_legacy_file_is_read_and_edited_in_its_own_encoding(tmp_path: Path, f: Family, kind: str) -> None:
    lines = lines_of(f)
    endings = endings_of(kind, len(lines))
    text = join(lines, endings)
    file = tmp_path / "code.c"
    original = text.encode(f.codec)
    file.write_bytes(original)

    read = eol_edit.read_file(file, encoding=f.whatwg)
    assert (read.encoding, read.content, read.warnings) == (f.whatwg, "\n".join(lines) + "\n", [])

    same = eol_edit.write_file(file, read.content, encoding=f.whatwg)
    assert same.changed is False and file.read_bytes() == original

    eol_edit.edit_file(file, f.comment, f.edited, encoding=f.whatwg)
    assert file.read_bytes() == join([f.edited] + lines[1:], endings).encode(f.codec)

    file.write_bytes(original)
    eol_edit.edit_file(file, "int add(int a, int b) {", f"int add(int a, int b) {{\n{f.added}", encoding=f.whatwg)
    want = join(lines[:1], endings) + f"int add(int a, int b) {{\r\n{f.added}{endings[1]}" + join(lines[2:], endings[2:])
    assert file.read_bytes() == want.encode(f.codec)

    file.write_bytes(original)
    error = fails_untouched(
        tmp_path,
        eol_edit.EncodingUnmappable,
        lambda: eol_edit.edit_file(file, "int unused5 = 0;", f"int unused5 = 0; // {f.unmappable}", encoding=f.whatwg),
    )
    assert f"U+{ord(f.unmappable):04X}" in str(error)
    assert f"line {lines.index('int unused5 = 0;') + 1}" in str(error)
    assert f.whatwg in str(error)


def test_a_detected_encoding_is_named_in_the_warnings(tmp_path: Path) -> None:
    prose = "// 这是一个简单的示例程序，用于说明如何在源代码中使用中文注释。我们希望编辑器能够正确地读取和保存这些文字。"
    file = tmp_path / "notes.txt"
    file.write_bytes((prose + "\r\n// 计算两个整数的和\r\n").encode("gbk"))
    read = eol_edit.read_file(file)
    assert read.encoding == "gbk"
    assert any("gbk" in w for w in read.warnings)


def test_editorconfig_charset_declares_the_encoding_and_the_option_comes_first(tmp_path: Path) -> None:
    (tmp_path / ".editorconfig").write_bytes(b"root = true\n[*]\ncharset = latin1\n")
    file = tmp_path / "a.txt"
    file.write_bytes("Größe\r\n".encode("cp1252"))
    assert eol_edit.read_file(file).encoding == "windows-1252"
    eol_edit.write_file(tmp_path / "new.txt", "für\n")
    assert (tmp_path / "new.txt").read_bytes() == "für\n".encode("cp1252")
    eol_edit.write_file(tmp_path / "gbk.txt", "中文\n", encoding="gbk")
    assert (tmp_path / "gbk.txt").read_bytes() == "中文\n".encode("gbk")


def test_ascii_only_changes_to_an_undeclared_non_utf8_file_keep_every_other_byte(tmp_path: Path) -> None:
    file = tmp_path / "a.txt"
    file.write_bytes(b"x \xff\xfe\r\nline\r\n")
    eol_edit.edit_file(file, "line", "LINE")
    assert file.read_bytes() == b"x \xff\xfe\r\nLINE\r\n"


def test_the_odd_last_byte_of_a_utf16_file_is_kept_through_an_edit(tmp_path: Path) -> None:
    file = tmp_path / "a.txt"
    file.write_bytes(b"\xff\xfe" + "a\r\nb\r\n".encode("utf-16-le") + b"\x00")
    eol_edit.edit_file(file, "a", "A")
    assert file.read_bytes() == b"\xff\xfe" + "A\r\nb\r\n".encode("utf-16-le") + b"\x00"
