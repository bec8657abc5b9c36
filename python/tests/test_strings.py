"""to_lf, detect_eol, eol_info and normalize_eol: the cases of __test__/strings.spec.ts."""

from __future__ import annotations

import pytest

import eol_edit
from eol_edit import EolInfo, to_lf


def test_to_lf_leaves_lf_text_as_it_is() -> None:
    assert to_lf("a\nb\n") == "a\nb\n"


def test_to_lf_turns_every_crlf_and_lone_cr_into_lf_line_for_line() -> None:
    assert to_lf("a\r\nb\r\n") == "a\nb\n"
    assert to_lf("a\rb") == "a\nb"
    assert to_lf("a\r\nb\nc\rd") == "a\nb\nc\nd"
    assert to_lf("") == ""


def test_to_lf_reads_cr_cr_lf_as_a_lone_cr_then_a_crlf_and_never_lf_cr_as_one() -> None:
    assert to_lf("a\r\r\nb") == "a\n\nb"
    assert to_lf("a\n\rb") == "a\n\nb"
    assert to_lf("end\r") == "end\n"


def test_to_lf_keeps_non_ascii_astral_and_control_characters() -> None:
    assert to_lf("é\r\n😀\r\x00\x07\r\n") == "é\n😀\n\x00\x07\n"


def test_to_lf_handles_a_large_crlf_text() -> None:
    text = "line\r\n" * 200_000
    assert to_lf(text) == "line\n" * 200_000


def test_detect_eol_picks_the_most_frequent_the_first_on_a_tie_and_lf_without_endings() -> None:
    assert eol_edit.detect_eol("a\nb\n") == "\n"
    assert eol_edit.detect_eol("a\r\nb\r\n") == "\r\n"
    assert eol_edit.detect_eol("a\rb\r") == "\r"
    assert eol_edit.detect_eol("a\r\nb\r\nc\n") == "\r\n"
    assert eol_edit.detect_eol("a\nb\r\n") == "\n"
    assert eol_edit.detect_eol("a\r\nb\n") == "\r\n"
    assert eol_edit.detect_eol("a\r\r\n") == "\r"
    assert eol_edit.detect_eol("no endings") == "\n"


def test_eol_info_describes_lf_crlf_mixed_empty_and_lone_cr_texts() -> None:
    assert eol_edit.eol_info("a\nb\n") == EolInfo(1 + 1, 0, 0, "\n", False, True)
    assert eol_edit.eol_info("a\r\nb") == EolInfo(0, 1, 0, "\r\n", False, False)
    assert eol_edit.eol_info("a\rb\r") == EolInfo(0, 0, 2, "\r", False, True)
    assert eol_edit.eol_info("a\r\nb\nc\r\nd\re") == EolInfo(1, 2, 1, "\r\n", True, False)
    assert eol_edit.eol_info("") == EolInfo(0, 0, 0, "\n", False, False)
    assert eol_edit.eol_info("a\r\r\n") == EolInfo(0, 1, 1, "\r", True, True)


def test_eol_info_is_a_value_with_named_fields() -> None:
    info = eol_edit.eol_info("x\r\n")
    assert (info.lf, info.crlf, info.cr, info.dominant, info.mixed, info.trailing_newline) == (
        0,
        1,
        0,
        "\r\n",
        False,
        True,
    )
    assert "trailing_newline=True" in repr(info)


def test_normalize_eol_rejoins_with_the_originals_ending_and_trailing_newline() -> None:
    assert eol_edit.normalize_eol("a\r\nb\r\n", "x\ny\n") == "x\r\ny\r\n"
    assert eol_edit.normalize_eol("a\r\nb\r\n", "x\ny") == "x\r\ny\r\n"
    assert eol_edit.normalize_eol("a\r\nb", "x\ny\n") == "x\r\ny"
    assert eol_edit.normalize_eol("a\nb\n", "x\r\ny\r\n") == "x\ny\n"
    assert eol_edit.normalize_eol("a\rb\r", "x\ny\n") == "x\ry\r"
    assert eol_edit.normalize_eol("a\nb\n", "x\r\ny\rz\n") == "x\ny\nz\n"


def test_the_tool_texts_are_the_cores_and_refuse_an_unknown_tier() -> None:
    from eol_edit import _native

    assert _native.compact_diff("--- a/a\n+++ b/a\n@@ -1 +1 @@\n-a\n+b\n", "read_file") == "@@ -1 +1 @@\n-a\n+b"
    assert _native.diff_counts("-a\n+b\n+c\n") == (2, 1)
    assert _native.change_summary("edit_file", "a.py", "+a\n") == "edit_file a.py: +1 -0 line"
    # A code point count: the emoji is one character, and a lone surrogate (a path read
    # with surrogateescape) is measured, not refused.
    assert _native.cut_length("a\U0001F600b", 2) == 1
    assert _native.cut_length("ab\udc80cd", 3) == 3
    assert _native.tier_note("exact") is None and "TIERS" in dir(_native)
    with pytest.raises(eol_edit.InvalidArgument, match="fuzzy"):
        _native.tier_note("fuzzy")
    with pytest.raises(eol_edit.InvalidArgument):
        _native.tier_notes(["exact", "fuzzy"], False)
