"""Guards against the model's own mistakes (``guards=``): off unless asked, each reason
refuses its text with ``SuspectContent`` and leaves the file as it was, a list runs only
the guards it names, and the messages are the JavaScript binding's."""

from __future__ import annotations

import json
import os
import pickle
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any, Callable, Dict, List, Optional, Tuple

import pytest

import eol_edit

from conftest import fails_untouched

Write = Callable[..., Path]

CRLF = "one\r\ntwo\r\nthree\r\n"
LONG = "".join(f"line {i}\r\n" for i in range(1, 121))

# reason -> (file content, the change as (old_text, new_text) or the whole new
# content for a write, the line it is about, words the message must have)
CASES: Dict[str, Tuple[str, Any, List[int], str]] = {
    "placeholder": (CRLF, ("two", "// ... existing code ..."), [2], "line 2 would only say that code is left out"),
    "control": (CRLF, ("two", "tw\x00o"), [2], "the control character U+0000 (NUL)"),
    "markers": (CRLF, ("two", "<<<<<<< SEARCH\ntwo"), [2], "a SEARCH/REPLACE marker"),
    "shrink": (LONG, "line 1\nline 2\n", [], "the new content has 2 lines, but the file has 120"),
}


def change(path: Path, reason: str, **options: Any) -> object:
    """The change of ``CASES[reason]`` to ``path``, with ``options``."""
    _, what, _, _ = CASES[reason]
    if isinstance(what, str):
        return eol_edit.write_file(path, what, **options)
    return eol_edit.edit_file(path, what[0], what[1], **options)


@pytest.mark.parametrize("reason", sorted(CASES))
def test_each_guard_refuses_its_text_in_a_crlf_file_and_writes_nothing(write: Write, reason: str) -> None:
    content, _, lines, words = CASES[reason]
    file = write("a.js", content)
    error = fails_untouched(file.parent, eol_edit.SuspectContent, lambda: change(file, reason, guards=True))
    assert isinstance(error, eol_edit.SuspectContent)
    assert error.reason == reason
    assert error.lines == lines
    assert words in str(error)
    assert f'The {reason} guard refused this change' in str(error)
    assert str(error).endswith(f'To write it on purpose, leave "{reason}" out of guards.')
    assert error.hint is not None and error.hint in str(error)
    assert file.read_bytes() == content.encode()


@pytest.mark.parametrize("reason", sorted(CASES))
def test_no_guard_runs_unless_asked(write: Write, reason: str) -> None:
    content, _, _, _ = CASES[reason]
    for i, options in enumerate(({}, {"guards": False}, {"guards": None}, {"guards": []})):
        file = write(f"a{i}.js", content)
        change(file, reason, **options)
        assert file.read_bytes() != content.encode()
        assert b"\r\n" in file.read_bytes()


def test_a_list_runs_only_the_guards_it_names(write: Write) -> None:
    for reason in CASES:
        content, _, _, _ = CASES[reason]
        file = write(f"{reason}.js", content)
        error = fails_untouched(file.parent, eol_edit.SuspectContent, lambda: change(file, reason, guards=[reason]))
        assert error.reason == reason
        others = [r for r in CASES if r != reason]
        change(file, reason, guards=others)
        assert file.read_bytes() != content.encode()
    # A tuple and a set work as a list does.
    file = write("t.js", CRLF)
    fails_untouched(file.parent, eol_edit.SuspectContent, lambda: change(file, "control", guards=("control",)))
    fails_untouched(file.parent, eol_edit.SuspectContent, lambda: change(file, "control", guards={"markers", "control"}))


def test_control_only_lets_a_placeholder_and_markers_through(write: Write) -> None:
    file = write("a.js", CRLF)
    eol_edit.edit_file(file, "two", "// ... existing code ...\n<<<<<<< SEARCH", guards=["control"])
    assert file.read_bytes() == b"one\r\n// ... existing code ...\r\n<<<<<<< SEARCH\r\nthree\r\n"
    error = fails_untouched(file.parent, eol_edit.SuspectContent, lambda: eol_edit.edit_file(file, "three", "\x1b[0m", guards=["control"]))
    assert error.reason == "control"
    assert "U+001B (ESC)" in str(error)


def test_an_unknown_guard_is_refused_with_the_names_of_the_guards(write: Write) -> None:
    file = write("a.js", CRLF)
    error = fails_untouched(
        file.parent, eol_edit.InvalidArgument, lambda: change(file, "control", guards=["control", "contrl"])
    )
    assert str(error) == (
        "guards has 'contrl' (did you mean 'control'?), which is not a guard: the guards are "
        "placeholder, shrink, control and markers."
    )
    assert error.argument == "guards"
    assert not isinstance(error, TypeError)


@pytest.mark.parametrize("value", ["control", 1, {"control": True}, [1], b"control"])
def test_guards_of_the_wrong_type_are_a_type_error(write: Write, value: Any) -> None:
    file = write("a.js", CRLF)
    error = fails_untouched(file.parent, eol_edit.InvalidArgumentType, lambda: change(file, "control", guards=value))
    assert isinstance(error, TypeError)
    assert str(error).startswith("guards must be ")


def test_every_function_that_brings_text_takes_guards(write: Write, tmp_path: Path) -> None:
    file = write("a.js", CRLF)
    nul = "tw\x00o"
    calls: List[Callable[[], object]] = [
        lambda: eol_edit.edit_file(file, "two", nul, guards=True),
        lambda: eol_edit.multi_edit(file, [{"old_text": "one", "new_text": "1"}, {"old_text": "two", "new_text": nul}], guards=True),
        lambda: eol_edit.write_file(file, "one\n" + nul + "\n", guards=True),
        lambda: eol_edit.prepare_edit(file, "two", nul, guards=True),
        lambda: eol_edit.prepare_multi_edit(file, [{"old_text": "two", "new_text": nul}], guards=True),
        lambda: eol_edit.prepare_write(file, nul, guards=True),
        lambda: eol_edit.apply_patch(
            "*** Begin Patch\n*** Update File: a.js\n one\n-two\n+" + nul + "\n*** End Patch\n", cwd=tmp_path, guards=True
        ),
        lambda: eol_edit.prepare_patch(
            "*** Begin Patch\n*** Update File: a.js\n one\n-two\n+" + nul + "\n*** End Patch\n", cwd=tmp_path, guards=True
        ),
        lambda: eol_edit.apply_patch_in_memory(
            "*** Begin Patch\n*** Update File: a.js\n one\n-two\n+" + nul + "\n*** End Patch\n",
            lambda p: CRLF.encode(),
            guards=["control"],
        ),
        lambda: eol_edit.apply_edits(CRLF, [{"old_text": "two", "new_text": nul}], guards=True),
        lambda: eol_edit.apply_edits(CRLF.encode(), [{"old_text": "two", "new_text": nul}], guards=True),
    ]
    for call in calls:
        error = fails_untouched(file.parent, eol_edit.SuspectContent, call)
        assert error.reason == "control"
    # Each would have gone through without guards (the new file of prepare_write aside).
    assert eol_edit.apply_edits(CRLF, [{"old_text": "two", "new_text": nul}]).content == "one\r\ntw\x00o\r\nthree\r\n"


def test_a_patch_refusal_names_the_file_and_hunk(write: Write, tmp_path: Path) -> None:
    file = write("a.js", CRLF)
    patch = "*** Begin Patch\n*** Update File: a.js\n one\n-two\n+// ... existing code ...\n*** End Patch\n"
    error = fails_untouched(file.parent, eol_edit.SuspectContent, lambda: eol_edit.apply_patch(patch, cwd=tmp_path, guards=True))
    assert error.reason == "placeholder"
    assert error.file_index == 0
    assert str(error).startswith("a.js, hunk #1: The placeholder guard refused this change")


def test_delete_range_brings_no_text_and_takes_no_guards(write: Write) -> None:
    file = write("a.js", CRLF)
    for call in (
        lambda: eol_edit.delete_range(file, 1, 3, guards=True),
        lambda: eol_edit.prepare_delete_range(file, 1, 3, guards=True),
        lambda: eol_edit.apply_delete_range(CRLF, 1, 3, guards=True),
    ):
        with pytest.raises(TypeError, match="guards"):
            call()
    assert file.read_bytes() == CRLF.encode()


def test_suspect_content_pickles_with_its_reason(write: Write) -> None:
    file = write("a.js", CRLF)
    with pytest.raises(eol_edit.SuspectContent) as caught:
        change(file, "markers", guards=True)
    copy = pickle.loads(pickle.dumps(caught.value))
    assert type(copy) is eol_edit.SuspectContent
    assert (copy.reason, copy.lines, str(copy)) == ("markers", [2], str(caught.value))
    assert eol_edit.EolEditError("x").reason is None


def _node_addon() -> Optional[Path]:
    """The repository's built Node addon, when this checkout has one and node runs."""
    root = Path(__file__).resolve().parents[2]
    if shutil.which("node") is None or not list(root.glob("eol-edit.*.node")):
        return None
    return root / "index.js"


@pytest.mark.skipif(_node_addon() is None, reason="no built Node addon in this checkout")
def test_messages_are_the_javascript_bindings(write: Write) -> None:
    """The same refusal in both bindings says the same thing, each in its own names:
    a function is ``edit_file`` here and ``editFile`` there, a value is quoted
    ``"control"`` here and ``'control'`` there."""
    index = _node_addon()
    assert index is not None
    script = """
const lib = require(process.argv[1]);
const cases = JSON.parse(process.argv[2]);
const out = {};
for (const [reason, path, change] of cases) {
  try {
    if (typeof change === 'string') lib.writeFileSync(path, change, { guards: true });
    else lib.editFileSync(path, change[0], change[1], { guards: true });
    out[reason] = null;
  } catch (e) {
    out[reason] = { message: e.message, hint: e.hint, reason: e.reason, lines: e.lines, code: e.code };
  }
}
process.stdout.write(JSON.stringify(out));
"""
    cases = []
    for reason, (content, what, _, _) in CASES.items():
        cases.append([reason, str(write(f"{reason}.js", content)), what])
    done = subprocess.run(
        ["node", "-e", script, str(index), json.dumps(cases)],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "NODE_OPTIONS": ""},
    )
    assert done.returncode == 0, done.stderr
    node = json.loads(done.stdout)
    for reason, path, _ in cases:
        with pytest.raises(eol_edit.SuspectContent) as caught:
            change(Path(path), reason, guards=True)
        js = node[reason]
        assert js is not None, reason
        def python_words(text: str) -> str:
            text = text.replace(f"'{reason}'", f'"{reason}"')
            return re.sub(r"\b(editFile|writeFile)\b", lambda m: re.sub("([A-Z])", r"_\1", m[1]).lower(), text)

        assert (js["code"], js["reason"], js.get("lines", [])) == ("SUSPECT_CONTENT", reason, caught.value.lines)
        assert python_words(js["message"]) == str(caught.value)
        assert python_words(js["hint"]) == caught.value.hint
        assert Path(path).read_bytes() == CASES[reason][0].encode()
