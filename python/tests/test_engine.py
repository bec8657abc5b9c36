"""apply_edits and apply_delete_range on text and bytes: the engine cases of
__test__/engine.spec.ts, a str giving a str and bytes giving bytes."""

from __future__ import annotations

import pytest

import eol_edit
from eol_edit import Edit


def test_a_str_gives_a_str_and_bytes_give_bytes() -> None:
    text = eol_edit.apply_edits("a\r\nb\r\n", [Edit("b", "c")])
    assert text.content == "a\r\nc\r\n" and isinstance(text.content, str)
    raw = eol_edit.apply_edits(b"a\r\nb\r\n", [Edit("b", "c")])
    assert raw.content == b"a\r\nc\r\n" and isinstance(raw.content, bytes)
    assert eol_edit.apply_edits(bytearray(b"a\r\n"), [Edit("a", "z")]).content == b"z\r\n"


def test_added_lines_take_the_dominant_ending_of_the_matched_region() -> None:
    r = eol_edit.apply_edits("a\r\nb\r\nc\nd\n", [Edit("a\nb", "a\nx\nb")])
    assert r.content == "a\r\nx\r\nb\r\nc\nd\n"


def test_the_ending_after_the_match_belongs_to_the_outside() -> None:
    assert eol_edit.apply_edits("a\r\nb\r\n", [Edit("a", "a1\na2")]).content == "a1\r\na2\r\nb\r\n"


def test_an_endings_only_edit_puts_the_new_bytes_exactly() -> None:
    r = eol_edit.apply_edits("a\r\nb\r\n", [Edit("a\r\n", "a\n")])
    assert r.content == "a\nb\r\n"


def test_a_literal_backslash_r_edit_is_unescaped_into_an_endings_change() -> None:
    r = eol_edit.apply_edits("a\nb\n", [Edit("a\\n", "a\\r\\n")])
    assert r.content == "a\r\nb\n"
    assert r.matched_by == ["unescaped"]


@pytest.mark.parametrize(
    "source,old,new,tier,expected",
    [
        ("say \u201chi\u201d\r\n", 'say "hi"', 'say "yo"', "unicode", "say \u201cyo\u201d\r\n"),
        ("x = 1   \r\ny = 2\r\n", "x = 1\ny = 2", "x = 3\ny = 2", "trailingWhitespace", "x = 3   \r\ny = 2\r\n"),
        ("a   = 1\r\n", "a = 1", "a = 2", "innerWhitespace", "a   = 2\r\n"),
        ("\tif x:\r\n\t\ty()\r\n", "    if x:\n        y()", "    if x:\n        z()", "indentation", "\tif x:\r\n\t\tz()\r\n"),
    ],
)
def test_lenient_tiers_match_and_keep_the_lines_the_model_left_alone(
    source: str, old: str, new: str, tier: str, expected: str
) -> None:
    r = eol_edit.apply_edits(source, [Edit(old, new)])
    assert r.matched_by == [tier]
    assert r.content == expected


def test_a_utf8_bom_stays_out_of_matching_and_in_the_result() -> None:
    assert eol_edit.apply_edits("\ufeffa\r\n", [Edit("a", "b")]).content == "\ufeffb\r\n"
    assert eol_edit.apply_edits(b"\xef\xbb\xbfa\r\n", [Edit("a", "b")]).content == b"\xef\xbb\xbfb\r\n"


def test_utf16_bytes_are_decoded_and_written_back_in_utf16() -> None:
    source = b"\xff\xfe" + "é\r\nx\r\n".encode("utf-16-le")
    r = eol_edit.apply_edits(source, [Edit("x", "ü")])
    assert r.content == b"\xff\xfe" + "é\r\nü\r\n".encode("utf-16-le")


def test_gbk_bytes_are_edited_in_gbk_once_the_encoding_is_given() -> None:
    text = "// 注释\r\nint x;\r\n"
    r = eol_edit.apply_edits(text.encode("gbk"), [Edit("注释", "说明")], encoding="gbk")
    assert r.content == text.replace("注释", "说明").encode("gbk")


def test_edits_apply_in_order_and_a_failing_one_names_its_index() -> None:
    with pytest.raises(eol_edit.TextNotFound) as caught:
        eol_edit.apply_edits("a\nb\n", [Edit("a", "A"), Edit("a", "x")], path="notes.txt")
    assert caught.value.edit_index == 1


def test_apply_delete_range_deletes_lines_with_their_endings_on_str_and_bytes() -> None:
    assert eol_edit.apply_delete_range("a\r\nx\ny\rb\r\n", "a", "b").content == "a\r\nb\r\n"
    r = eol_edit.apply_delete_range(b"1\r\n2\r\n3\r\n", 1, 2, inclusive=True)
    assert r.content == b"3\r\n"
    with pytest.raises(eol_edit.AnchorNotFound):
        eol_edit.apply_delete_range("a\n", "zzz", "a")


def test_made_mixed_endings_are_a_warning() -> None:
    r = eol_edit.apply_edits("a\r\nb\r\n", [Edit("a\r\n", "a\n")])
    assert r.eol.mixed
    assert r.warnings and all(isinstance(w, str) for w in r.warnings)
