"""Errors: one class per code with the error's facts, wrong Python types and values
refused before anything is read or written, messages in Python's names."""

from __future__ import annotations

import json
import os
import pickle
import shutil
import tempfile
from pathlib import Path
from typing import Any, Callable, List

import pytest

import eol_edit
from eol_edit import Edit

from conftest import fails_untouched

Write = Callable[..., Path]


def test_text_not_found_names_the_closest_region_and_its_lines(write: Write) -> None:
    file = write(
        "m.c",
        "int Add(int a, int b)\r\n{\r\n    return a + b;\r\n}\r\nint Sub(int a, int b)\r\n{\r\n    return a - b;\r\n}\r\n",
    )
    error = fails_untouched(
        file.parent,
        eol_edit.TextNotFound,
        lambda: eol_edit.edit_file(file, "int Sub(int x, int y)\n{\n    return x - y;\n}", "x"),
    )
    assert error.lines == [5, 6, 7, 8]
    assert "5\u2502int Sub(int a, int b)" in str(error)
    assert isinstance(error, eol_edit.EolEditError)


def test_text_multiple_matches_lists_every_match_and_says_replace_all(write: Write) -> None:
    file = write("a.txt", "x\r\ny\r\nx\r\n")
    error = fails_untouched(file.parent, eol_edit.TextMultipleMatches, lambda: eol_edit.edit_file(file, "x", "q"))
    assert error.lines == [1, 3]
    assert "replace_all" in str(error)
    assert "replaceAll" not in str(error)


def test_no_change_when_old_and_new_text_are_the_same(write: Write) -> None:
    file = write("a.txt", "a\r\n")
    error = fails_untouched(file.parent, eol_edit.NoChange, lambda: eol_edit.edit_file(file, "a", "a"))
    assert str(error).startswith("old_text and new_text are the same")


def test_anchor_errors_carry_their_codes(write: Write) -> None:
    file = write("a.txt", "a\r\nx\r\nb\r\nx\r\n")
    folder = file.parent
    multiple = fails_untouched(folder, eol_edit.AnchorMultipleMatches, lambda: eol_edit.delete_range(file, "x", "b"))
    assert multiple.lines == [2, 4]
    fails_untouched(folder, eol_edit.AnchorOrder, lambda: eol_edit.delete_range(file, "b", "a"))
    fails_untouched(folder, eol_edit.EmptyRange, lambda: eol_edit.delete_range(file, "a", 2))


def test_file_not_found_is_a_file_not_found_error(tmp_path: Path) -> None:
    error = fails_untouched(tmp_path, eol_edit.FileNotFound, lambda: eol_edit.edit_file(tmp_path / "nope", "a", "b"))
    assert isinstance(error, FileNotFoundError)
    assert isinstance(error, OSError)
    assert "write_file" in str(error)


def test_not_a_file_for_a_folder(tmp_path: Path) -> None:
    fails_untouched(tmp_path, eol_edit.NotAFile, lambda: eol_edit.read_file(tmp_path))


def test_permission_denied_is_a_permission_error() -> None:
    folder = Path(tempfile.mkdtemp())
    try:
        folder.chmod(0o755)
        file = folder / "a.txt"
        file.write_bytes(b"a\n")
        file.chmod(0)
        # Root reads any file: there, a child made nobody (the module is already
        # loaded, so it needs nothing it could no longer read) tries it.
        child = os.fork() if os.geteuid() == 0 else 0
        if child == 0:
            status = 1
            try:
                if os.geteuid() == 0:
                    os.setgid(65534)
                    os.setuid(65534)
                eol_edit.read_file(file)
            except PermissionError as error:
                status = 0 if isinstance(error, eol_edit.PermissionDenied) and error.code == "PERMISSION_DENIED" else 2
            if os.getpid() != parent:
                os._exit(status)
            assert status == 0
        else:
            _, code = os.waitpid(child, 0)
            assert os.waitstatus_to_exitcode(code) == 0
    finally:
        shutil.rmtree(folder)


parent = os.getpid()


def test_encoding_unknown_for_non_ascii_text_in_an_undeclared_non_utf8_file(write: Write) -> None:
    file = write("a.txt", b"x \xff\r\nline\r\n")
    error = fails_untouched(file.parent, eol_edit.EncodingUnknown, lambda: eol_edit.edit_file(file, "line", "lïne"))
    assert 'encoding = "' in str(error) or "encoding" in str(error)


def test_patch_invalid_with_the_line_it_could_not_read(tmp_path: Path) -> None:
    error = fails_untouched(tmp_path, eol_edit.PatchInvalid, lambda: eol_edit.apply_patch("", cwd=tmp_path))
    assert error.code == "PATCH_INVALID"


def test_invalid_argument_is_a_value_error_and_names_the_option(write: Write) -> None:
    file = write("a.txt", "a\r\n")
    folder = file.parent
    error = fails_untouched(folder, eol_edit.InvalidArgument, lambda: eol_edit.edit_file(file, "a", "b", root=[]))
    assert isinstance(error, ValueError) and not isinstance(error, TypeError)
    assert error.argument == "root"
    empty = fails_untouched(folder, eol_edit.InvalidArgument, lambda: eol_edit.edit_file(file, "", "b"))
    assert str(empty).startswith("old_text is empty.")
    label = fails_untouched(folder, eol_edit.InvalidArgument, lambda: eol_edit.read_file(file, encoding="klingon"))
    assert label.argument == "encoding"
    fails_untouched(folder, eol_edit.InvalidArgument, lambda: eol_edit.read_file(file, offset=0))
    fails_untouched(folder, eol_edit.InvalidArgument, lambda: eol_edit.read_file(file, max_bytes=-1))
    fails_untouched(folder, eol_edit.InvalidArgument, lambda: eol_edit.convert_eol(file, "crlf2"))  # type: ignore[arg-type]
    fails_untouched(folder, eol_edit.InvalidArgument, lambda: eol_edit.write_file(file, "x", eol="dos"))  # type: ignore[arg-type]
    fails_untouched(folder, eol_edit.InvalidArgument, lambda: eol_edit.read_file(""))
    fails_untouched(folder, eol_edit.InvalidArgument, lambda: eol_edit.read_file("a\0b"))


BAD_TYPES: "list[tuple[str, Callable[[Path], Any], str]]" = [
    ("path", lambda f: eol_edit.read_file(42), "path must be a path (str, bytes or os.PathLike), not int."),
    ("old_text", lambda f: eol_edit.edit_file(f, None, "x"), "old_text must be a str, not NoneType."),
    ("new_text", lambda f: eol_edit.edit_file(f, "a", b"x"), "new_text must be a str, not bytes."),
    ("replace_all", lambda f: eol_edit.edit_file(f, "a", "x", replace_all=1), "replace_all must be a bool, not int."),
    ("dry_run", lambda f: eol_edit.edit_file(f, "a", "x", dry_run="yes"), "dry_run must be a bool, not str."),
    ("max_bytes", lambda f: eol_edit.read_file(f, max_bytes=1.5), "max_bytes must be an int, not float."),
    ("max_bytes", lambda f: eol_edit.read_file(f, max_bytes=True), "max_bytes must be an int, not bool."),
    ("root", lambda f: eol_edit.read_file(f, root=[3]), "root must be a path (str, bytes or os.PathLike), not int."),
    ("expected_version", lambda f: eol_edit.edit_file(f, "a", "x", expected_version=7), "expected_version must be a str, not int."),
    ("edits", lambda f: eol_edit.multi_edit(f, "a"), "edits must be a list of Edit or dict, not str."),
    (None, lambda f: eol_edit.multi_edit(f, [{"old_text": 1, "new_text": "x"}]), "edits[0].old_text must be a str, not int."),
    ("start_anchor", lambda f: eol_edit.delete_range(f, 1.0, 2), "start_anchor must be a str (a line's text) or an int (a line number), not float."),
    ("content", lambda f: eol_edit.write_file(f, 12), "content must be a str or bytes, not int."),
    ("content", lambda f: eol_edit.apply_edits(12, [Edit("a", "b")]), "content must be a str or bytes, not int."),
    ("text", lambda f: eol_edit.to_lf(b"a\r\n"), "text must be a str, not bytes."),
    ("expected_versions", lambda f: eol_edit.apply_patch("x", expected_versions=["a"]), "expected_versions must be a dict of str to str, not list."),
]


@pytest.mark.parametrize("argument,call,message", BAD_TYPES, ids=[m for _, _, m in BAD_TYPES])
def test_a_wrong_python_type_is_an_invalid_argument_and_a_type_error(
    write: Write, argument: "str | None", call: Callable[[Path], Any], message: str
) -> None:
    file = write("a.txt", "a\r\n")
    error = fails_untouched(file.parent, eol_edit.InvalidArgumentType, lambda: call(file))
    assert isinstance(error, TypeError) and isinstance(error, eol_edit.InvalidArgument)
    assert str(error) == message
    if argument is not None:
        assert error.argument == argument


def test_an_unknown_key_of_an_edit_is_refused_naming_the_closest(write: Write) -> None:
    file = write("a.txt", "a\r\n")
    error = fails_untouched(
        file.parent,
        eol_edit.InvalidArgument,
        lambda: eol_edit.multi_edit(file, [{"old_text": "a", "new_text": "b", "replaceAll": True}]),
    )
    assert "'replaceAll' (did you mean 'replace_all'?)" in str(error)


def test_an_unknown_keyword_is_a_type_error_and_changes_nothing(write: Write) -> None:
    file = write("a.txt", "a\r\n")
    with pytest.raises(TypeError, match="rooot"):
        eol_edit.edit_file(file, "a", "b", rooot="/")  # type: ignore[call-arg]
    assert file.read_bytes() == b"a\r\n"
    with pytest.raises(TypeError):
        eol_edit.edit_file(file, "a", "b", True)  # type: ignore[misc]
    assert file.read_bytes() == b"a\r\n"


def test_a_lone_surrogate_is_refused_instead_of_written_as_something_else(write: Write) -> None:
    file = write("a.txt", "a\r\n")
    error = fails_untouched(file.parent, eol_edit.InvalidArgument, lambda: eol_edit.edit_file(file, "a", "\udcff"))
    assert error.argument == "new_text"
    assert "lone surrogate" in str(error)
    # Half of an emoji, as a model's JSON cut between its two escapes gives it: named
    # with its line and how to send it whole, as the Node package's write says.
    cut = json.loads('"one\\r\\ntwo \\ud83d"')
    error = fails_untouched(file.parent, eol_edit.InvalidArgument, lambda: eol_edit.write_file(file, cut))
    assert error.argument == "content"
    assert error.lines == [2]
    assert str(error).startswith("content has half of a character on line 2 (U+D83D, a lone surrogate)"), str(error)
    assert error.hint is not None and "\\ud83d\\ude00 is one emoji" in error.hint


def test_a_path_no_file_system_encoding_can_encode_is_an_invalid_argument(write: Write) -> None:
    file = write("a.txt", "a\r\n")
    bad = str(file.parent / "\ud800.txt")
    calls: List[Callable[[], object]] = [
        lambda: eol_edit.read_file(bad),
        lambda: eol_edit.write_file(bad, "x"),
        lambda: eol_edit.edit_file(file, "a", "b", cwd=bad),
    ]
    for call in calls:
        error = fails_untouched(file.parent, eol_edit.InvalidArgument, call)
        assert "cannot be encoded in the file system's encoding: it holds a lone surrogate" in str(error), str(error)
    assert error.argument == "cwd"


def test_errors_survive_pickling_with_their_facts(write: Write) -> None:
    file = write("a.txt", "x\r\nx\r\n")
    with pytest.raises(eol_edit.TextMultipleMatches) as caught:
        eol_edit.edit_file(file, "x", "y")
    again = pickle.loads(pickle.dumps(caught.value))
    assert type(again) is eol_edit.TextMultipleMatches
    assert (again.code, again.lines, str(again)) == ("TEXT_MULTIPLE_MATCHES", [1, 2], str(caught.value))


def test_every_code_of_the_core_has_its_class_named_in_camel_case() -> None:
    from eol_edit import _native

    codes = _native.ERROR_CODES
    assert len(codes) == 21 and "SUSPECT_CONTENT" in codes
    for code in codes:
        name = "".join(word.capitalize() for word in code.split("_"))
        cls = getattr(eol_edit, name)
        assert issubclass(cls, eol_edit.EolEditError) and cls.code == code
        assert cls.__module__ == "eol_edit"
        assert name in eol_edit.__all__
    # No class for a code the core does not have.
    classes = {cls.code for cls in eol_edit.EolEditError.__subclasses__()}
    assert classes == set(codes)
