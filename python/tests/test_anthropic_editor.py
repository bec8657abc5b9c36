"""eol_edit.anthropic.TextEditor: Anthropic's reference cases on every version and in
four forms of line endings (as __test__/anthropic-reference.spec.ts runs them through
the JavaScript handler), refusals that leave every file byte-identical, undo_edit's
bytes and mode, and the same calls run through the Node package's handler and this
one, whose texts must be the same (so that the two cannot drift)."""

from __future__ import annotations

import base64
import json
import os
import re
import shutil
import stat
import subprocess
import sys
from pathlib import Path
from typing import Any, Dict, List, Optional

import pytest

import eol_edit
from eol_edit.anthropic import VERSIONS, TextEditor

from conftest import snapshot

REPO = Path(__file__).resolve().parents[2]
VENDOR = json.loads((REPO / "__test__" / "vendor" / "anthropic-text-editor.json").read_text("utf-8"))
ENDINGS = ["lf", "crlf", "mixed", "bom"]


def in_form(text: str, ending: str) -> bytes:
    """A file's LF text in one of the forms (anthropic-reference.spec.ts inForm)."""
    if ending == "lf":
        return text.encode()
    if ending == "crlf":
        return text.replace("\n", "\r\n").encode()
    if ending == "mixed":
        out, i = [], 0
        for c in text:
            if c == "\n":
                out.append("\r\n" if i % 2 == 0 else "\n")
                i += 1
            else:
                out.append(c)
        return "".join(out).encode()
    return b"\xef\xbb\xbf" + text.encode()


def expected_bytes(case: Dict[str, Any], name: str, ending: str) -> bytes:
    after = case["after"][name]
    if not isinstance(after, str):
        return str(after[ending]).encode()
    # A file the case did not start with is the model's text as it sent it.
    return in_form(after, ending) if name in case["files"] else after.encode()


CASES = [
    pytest.param(case, version, ending, id=f"{case['id']}-{version}-{ending}")
    for ending in ENDINGS
    for case in VENDOR["cases"]
    for version in case["versions"]
]


@pytest.mark.parametrize("case,version,ending", CASES)
def test_reference_case(tmp_path: Path, case: Dict[str, Any], version: str, ending: str) -> None:
    root = tmp_path / "project"
    root.mkdir()
    for name, text in case["files"].items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_bytes(in_form(text, ending))
    for folder in case.get("dirs", []):
        (root / folder).mkdir(parents=True, exist_ok=True)
    editor = TextEditor(root=str(root), version=version)
    for i, step in enumerate(case["steps"]):
        given = dict(step["input"])
        # The reference's absolute paths (/test/file.txt) are paths inside the project.
        if isinstance(given.get("path"), str) and given["path"].startswith("/"):
            given["path"] = str(root / given["path"][1:])
        result = editor.execute(given)
        content = str(result["content"])
        output = content.replace(str(root) + os.sep, "/")
        label = f"{case['id']} step {i + 1} ({ending}, {version}): {content}"
        if "design" in step:
            assert step["design"]["reason"] in VENDOR["reasons"], label
            ours = step["design"]["ours"]
            assert (result.get("is_error") is True) == ours.get("error", step["expect"]["error"]), label
            if ours.get("matches"):
                assert re.search(ours["matches"], output), label
        else:
            assert (result.get("is_error") is True) == step["expect"]["error"], label
            for text in step["expect"].get("contains", []):
                assert text in output, label
    for name in case.get("after", {}):
        assert (root / name).read_bytes() == expected_bytes(case, name, ending), f"{case['id']} {name}"
    for name in case.get("absent", []):
        assert not (root / name).exists(), f"{case['id']} {name}"


def test_every_reference_version_runs() -> None:
    versions = sorted({v for c in VENDOR["cases"] for v in c["versions"]})
    assert versions == sorted(VERSIONS)
    assert len(CASES) == 4 * sum(len(c["versions"]) for c in VENDOR["cases"]) > 100


# ---------------------------------------------------------------------------
# The API


def test_definition_of_each_version() -> None:
    assert TextEditor().definition == {"type": "text_editor_20250728", "name": "str_replace_based_edit_tool"}
    assert TextEditor(version="text_editor_20250728", max_characters=500).definition == {
        "type": "text_editor_20250728",
        "name": "str_replace_based_edit_tool",
        "max_characters": 500,
    }
    assert TextEditor(version="text_editor_20250124", max_characters=500).definition == {
        "type": "text_editor_20250124",
        "name": "str_replace_editor",
    }
    with pytest.raises(eol_edit.InvalidArgument, match="unknown version"):
        TextEditor(version="text_editor_2025")
    with pytest.raises(TypeError, match="max_characters"):
        TextEditor(max_characters=0)
    with pytest.raises(eol_edit.InvalidArgument, match="not a guard"):
        TextEditor(guards={"placeholders": "off"})


def test_call_with_keywords_is_execute(tmp_path: Path) -> None:
    (tmp_path / "a.txt").write_bytes(b"one\r\ntwo\r\n")
    editor = TextEditor(root=str(tmp_path), cwd=str(tmp_path))
    assert editor(command="view", path="a.txt") == {"content": "1: one\n2: two"}
    result = editor(command="str_replace", path="a.txt", old_str="two", new_str="2")
    assert result == {"content": "Replaced old_str in a.txt, line 2.\n@@ -1,2 +1,2 @@\n one\n-two\n+2"}
    assert (tmp_path / "a.txt").read_bytes() == b"one\r\n2\r\n"
    # JSON text is taken too; what is not an object is an error result, never an exception.
    assert editor.execute('{"command": "view", "path": "a.txt"}')["content"] == "1: one\n2: 2"
    for bad in [None, 3, "{", ["view"]]:
        assert editor.execute(bad)["is_error"] is True


def test_approved_changes_write_the_bytes_shown(tmp_path: Path) -> None:
    # A new file's endings are worked out once, from .editorconfig as it was then; the
    # project switching to LF while the user decides changes nothing of what is written.
    config = tmp_path / ".editorconfig"
    config.write_bytes(b"root = true\n[*]\nend_of_line = crlf\n")
    asked: List[Dict[str, object]] = []

    def approve(request: Dict[str, object]) -> bool:
        asked.append(request)
        config.write_bytes(b"root = true\n[*]\nend_of_line = lf\n")
        return True

    editor = TextEditor(root=str(tmp_path), cwd=str(tmp_path), version="text_editor_20250124", approve=approve)
    made = editor(command="create", path="made.txt", file_text="one\ntwo\n")
    assert "is_error" not in made, made
    assert (tmp_path / "made.txt").read_bytes() == b"one\r\ntwo\r\n"
    inserted = editor(command="insert", path="made.txt", insert_line=1, new_str="x")
    assert "is_error" not in inserted, inserted
    assert "+x" in str(asked[-1]["diff"])
    assert (tmp_path / "made.txt").read_bytes() == b"one\r\nx\r\ntwo\r\n"
    # undo_edit: the restore (shown as its dry run) puts back the bytes before the insert,
    # and the next one deletes the file its create made.
    for _ in range(2):
        undone = editor(command="undo_edit", path="made.txt")
        assert "is_error" not in undone, undone
    assert [a["tool"] for a in asked] == ["create", "insert", "undo_edit", "undo_edit"]
    assert not (tmp_path / "made.txt").exists()


# ---------------------------------------------------------------------------
# Refusals leave every file as it was


def refusal_project(tmp_path: Path) -> Path:
    root = tmp_path / "project"
    (root / "dir").mkdir(parents=True)
    (root / "a.txt").write_bytes(b"\xef\xbb\xbfone\r\ntwo\nthree\r\n")
    (root / "bin.dat").write_bytes(b"\x00\x01\x02text\x00")
    (tmp_path / "outside.txt").write_bytes(b"secret\r\n")
    os.symlink(tmp_path / "outside.txt", root / "link.txt")
    return root


REFUSALS = [
    ("outside by ..", {"command": "str_replace", "path": "../outside.txt", "old_str": "secret", "new_str": "x"}, "PATH_OUTSIDE_ROOT"),
    ("outside by a link", {"command": "str_replace", "path": "link.txt", "old_str": "secret", "new_str": "x"}, "PATH_OUTSIDE_ROOT"),
    ("outside, create", {"command": "create", "path": "../new.txt", "file_text": "x"}, "PATH_OUTSIDE_ROOT"),
    ("outside, view", {"command": "view", "path": "../outside.txt"}, "PATH_OUTSIDE_ROOT"),
    ("outside, insert", {"command": "insert", "path": "link.txt", "insert_line": 0, "new_str": "x"}, "PATH_OUTSIDE_ROOT"),
    ("binary", {"command": "str_replace", "path": "bin.dat", "old_str": "text", "new_str": "x"}, "BINARY_FILE"),
    ("binary, insert", {"command": "insert", "path": "bin.dat", "insert_line": 0, "new_str": "x"}, "BINARY_FILE"),
    ("missing", {"command": "str_replace", "path": "none.txt", "old_str": "a", "new_str": "b"}, "FILE_NOT_FOUND"),
    ("missing, insert", {"command": "insert", "path": "none.txt", "insert_line": 0, "new_str": "b"}, "FILE_NOT_FOUND"),
    ("directory", {"command": "str_replace", "path": "dir", "old_str": "a", "new_str": "b"}, "NOT_A_FILE"),
    ("directory, create", {"command": "create", "path": "dir", "file_text": "b"}, "NOT_A_FILE"),
    ("create onto a file", {"command": "create", "path": "a.txt", "file_text": "b"}, "INVALID_ARGUMENT"),
    ("not found", {"command": "str_replace", "path": "a.txt", "old_str": "four", "new_str": "b"}, "TEXT_NOT_FOUND"),
    ("past the end", {"command": "insert", "path": "a.txt", "insert_line": 4, "new_str": "b"}, "INVALID_ARGUMENT"),
    ("half a character", {"command": "create", "path": "b.txt", "file_text": "a\ud83d"}, "INVALID_ARGUMENT"),
    ("a guard", {"command": "str_replace", "path": "a.txt", "old_str": "two", "new_str": "// ... rest of the code ..."}, "SUSPECT_CONTENT"),
    ("no undo here", {"command": "undo_edit", "path": "a.txt"}, "INVALID_ARGUMENT"),
]


@pytest.mark.parametrize("name,given,code", REFUSALS, ids=[r[0] for r in REFUSALS])
def test_refusal_leaves_files_byte_identical(tmp_path: Path, name: str, given: Dict[str, Any], code: str) -> None:
    root = refusal_project(tmp_path)
    before = snapshot(tmp_path)
    result = TextEditor(root=str(root), cwd=str(root)).execute(given)
    assert result.get("is_error") is True, result
    assert str(result["content"]).startswith(f"{code}: "), result
    assert snapshot(tmp_path) == before


def test_view_cuts_at_max_characters_at_a_character_boundary(tmp_path: Path) -> None:
    (tmp_path / "e.txt").write_bytes(("x" * 7 + "\U0001F600" * 3 + "\n").encode() + b"two\n")
    editor = TextEditor(root=str(tmp_path), cwd=str(tmp_path), max_characters=11)
    # "1: xxxxxxx" is 10 units; the emoji is 2: the cut falls between its halves, so it goes before it.
    assert editor.execute({"command": "view", "path": "e.txt"})["content"] == (
        "1: xxxxxxx\n[Line 1 is cut: the output is capped at 11 characters. To see more, view with view_range [2, -1].]"
    )
    editor = TextEditor(root=str(tmp_path), cwd=str(tmp_path), max_characters=12)
    assert str(editor.execute({"command": "view", "path": "e.txt"})["content"]).startswith("1: xxxxxxx\U0001F600\n")


def test_a_change_since_view_is_file_changed(tmp_path: Path) -> None:
    (tmp_path / "a.txt").write_bytes(b"one\ntwo\n")
    editor = TextEditor(root=str(tmp_path), cwd=str(tmp_path))
    editor.execute({"command": "view", "path": "a.txt"})
    (tmp_path / "a.txt").write_bytes(b"one\ntwo\nthree\n")
    result = editor.execute({"command": "str_replace", "path": "a.txt", "old_str": "two", "new_str": "2"})
    assert result["is_error"] is True and str(result["content"]).startswith("FILE_CHANGED: ")
    assert (tmp_path / "a.txt").read_bytes() == b"one\ntwo\nthree\n"


# ---------------------------------------------------------------------------
# undo_edit


def test_undo_restores_exact_bytes_and_refuses_a_changed_file(tmp_path: Path) -> None:
    original = b"\xef\xbb\xbfa  \r\nb\nc\r\n"
    (tmp_path / "a.txt").write_bytes(original)
    editor = TextEditor(root=str(tmp_path), cwd=str(tmp_path), version="text_editor_20250124")
    # A lenient match (trailing spaces) keeps them; undo puts back the very bytes.
    assert "is_error" not in editor.execute({"command": "str_replace", "path": "a.txt", "old_str": "a\nb", "new_str": "A\nB"})
    assert "is_error" not in editor.execute({"command": "insert", "path": "a.txt", "insert_line": 0, "new_str": "top"})
    editor.execute({"command": "undo_edit", "path": "a.txt"})
    editor.execute({"command": "undo_edit", "path": "a.txt"})
    assert (tmp_path / "a.txt").read_bytes() == original
    none = editor.execute({"command": "undo_edit", "path": "a.txt"})
    assert none["is_error"] is True and "There is no edit of a.txt to undo" in str(none["content"])
    editor.execute({"command": "str_replace", "path": "a.txt", "old_str": "c", "new_str": "C"})
    (tmp_path / "a.txt").write_bytes(b"someone else\n")
    changed = editor.execute({"command": "undo_edit", "path": "a.txt"})
    assert changed["is_error"] is True and str(changed["content"]).startswith("FILE_CHANGED: a.txt has changed since")
    assert (tmp_path / "a.txt").read_bytes() == b"someone else\n"


def test_undo_history_is_capped_per_file(tmp_path: Path) -> None:
    (tmp_path / "n.txt").write_bytes(b"0\n")
    editor = TextEditor(root=str(tmp_path), cwd=str(tmp_path), version="text_editor_20250124")
    for i in range(11):
        editor.execute({"command": "str_replace", "path": "n.txt", "old_str": str(i), "new_str": str(i + 1)})
    for _ in range(10):
        assert "is_error" not in editor.execute({"command": "undo_edit", "path": "n.txt"})
    assert (tmp_path / "n.txt").read_bytes() == b"1\n"
    gone = editor.execute({"command": "undo_edit", "path": "n.txt"})
    assert "can no longer be undone: this tool keeps the last 10 edits" in str(gone["content"])


UMASK_CHILD = r"""
import json, os, sys
from eol_edit.anthropic import TextEditor
root, umask = sys.argv[1], int(sys.argv[2], 8)
os.umask(umask)
out = {"files": [], "created": None}
editor = TextEditor(root=root, cwd=root, version="text_editor_20250124")
for mode in (0o600, 0o644, 0o755, 0o775):
    name = f"m{mode:o}.txt"
    path = os.path.join(root, name)
    with open(path, "wb") as f:
        f.write(b"a\r\nb\r\n")
    os.chmod(path, mode)
    editor.execute({"command": "str_replace", "path": name, "old_str": "b", "new_str": "B"})
    after_edit = os.stat(path).st_mode & 0o7777
    editor.execute({"command": "undo_edit", "path": name})
    out["files"].append({"mode": mode, "after_edit": after_edit, "after_undo": os.stat(path).st_mode & 0o7777,
                         "bytes": open(path, "rb").read().hex()})
editor.execute({"command": "create", "path": "new.txt", "file_text": "x\n"})
out["created"] = os.stat(os.path.join(root, "new.txt")).st_mode & 0o7777
print(json.dumps(out))
"""


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX modes")
@pytest.mark.parametrize("umask", [0o000, 0o022, 0o077])
def test_undo_keeps_the_mode_under_any_umask(tmp_path: Path, umask: int) -> None:
    run = subprocess.run(
        [sys.executable, "-c", UMASK_CHILD, str(tmp_path), f"{umask:o}"], capture_output=True, text=True, check=True
    )
    out = json.loads(run.stdout)
    for f in out["files"]:
        assert f["after_edit"] == f["mode"] and f["after_undo"] == f["mode"], f
        assert bytes.fromhex(f["bytes"]) == b"a\r\nb\r\n"
    assert out["created"] == 0o666 & ~umask


# ---------------------------------------------------------------------------
# The same calls through the Node package's handler: the same texts, the same bytes

NODE_RUNNER = r"""
const fs = require('node:fs'), path = require('node:path')
const { createAnthropicTextEditor } = require(path.join(process.argv[1], 'tools.js'))
;(async () => {
  const scenarios = JSON.parse(fs.readFileSync(0, 'utf8'))
  const out = []
  for (const s of scenarios) {
    const root = s.root
    const asked = []
    const approve = (r) => {
      asked.push(r)
      if (s.approve === 'throw') throw new Error('the host is down')
      return s.approve === 'yes'
    }
    const editor = createAnthropicTextEditor({
      root, cwd: root, version: s.version,
      ...(s.max_characters ? { maxCharacters: s.max_characters } : {}),
      ...(s.guards ? { guards: s.guards } : {}),
      ...(s.approve ? { approve } : {}),
      ...(s.require_read ? { requireRead: true } : {}),
    })
    const results = []
    for (const step of s.steps) {
      if (step.write) { fs.writeFileSync(path.join(root, step.write.path), Buffer.from(step.write.b64, 'base64')); continue }
      results.push(await editor.execute(step.input))
    }
    out.push({ results, asked })
  }
  process.stdout.write(JSON.stringify(out))
})()
"""


def b64(data: bytes) -> str:
    return base64.b64encode(data).decode()


FILES = {
    "crlf.txt": b"alpha\r\nbeta\r\ngamma\r\nbeta\r\n",
    "mixed.txt": b"one\r\ntwo\nthree\r\nfour\n",
    "bom.txt": b"\xef\xbb\xbfx = 1\r\ny = 2\r\n",
    "ws.txt": b"def f():\n    return 1   \n",
    "bin.dat": b"\x00\x01binary\x00",
    "empty.txt": b"",
    "emoji.txt": ("a" * 10 + "\U0001F600e\u0301" * 4 + "\n" + "b\n" * 30).encode(),
    "src/lib/deep.txt": b"deep\n",
    "src/a.py": b"print(1)\n",
    "src/.hidden": b"h\n",
    "latin.txt": "caf\u00e9\r\n".encode("latin-1"),
}

SCENARIOS: List[Dict[str, Any]] = [
    {
        "version": "text_editor_20250728",
        "steps": [
            {"command": "view", "path": "crlf.txt"},
            {"command": "view", "path": "crlf.txt", "view_range": [2, 3]},
            {"command": "view", "path": "crlf.txt", "view_range": [3, 10]},
            {"command": "view", "path": "crlf.txt", "view_range": [9, 10]},
            {"command": "view", "path": "crlf.txt", "view_range": [0, 1]},
            {"command": "view", "path": "crlf.txt", "view_range": [3, 2]},
            {"command": "view", "path": "crlf.txt", "view_range": "1-2"},
            {"command": "view", "path": "crlf.txt", "view_range": [1, 2, 3]},
            {"command": "view", "path": "src", "view_range": [1, 2]},
            {"command": "view", "path": "src"},
            {"command": "view", "path": "."},
            {"command": "view", "path": "empty.txt"},
            {"command": "view", "path": "bin.dat"},
            {"command": "view", "path": "none.txt"},
            {"command": "view", "path": "../x.txt"},
            {"command": "view", "path": "latin.txt"},
            {"command": "view"},
            {"command": "view", "path": ""},
            {"command": "view", "path": 3},
            {"command": "delete", "path": "crlf.txt"},
            {"command": "undo_edit", "path": "crlf.txt"},
            {"command": "view", "path": "crlf.txt", "extra": True},
            {"command": "str_replace", "path": "crlf.txt", "old_str": "beta", "new_str": "BETA"},
            {"command": "str_replace", "path": "crlf.txt", "old_str": "delta", "new_str": "x"},
            {"command": "str_replace", "path": "crlf.txt", "old_str": "alpha\nbeta", "new_str": "A\nB\nC"},
            {"command": "str_replace", "path": "crlf.txt", "old_str": "2: B\n3: C", "new_str": "2: B2\n3: C2"},
            {"command": "str_replace", "path": "crlf.txt", "old_str": "", "new_str": "x"},
            {"command": "str_replace", "path": "crlf.txt", "new_str": "x"},
            {"command": "str_replace", "path": "crlf.txt", "old_str": 5, "new_str": "x"},
            {"command": "str_replace", "path": "crlf.txt", "old_str": "A", "new_str": "A"},
            {"command": "str_replace", "path": "ws.txt", "old_str": "    return 1\n", "new_str": "    return 2\n"},
            {"command": "str_replace", "path": "mixed.txt", "old_str": "two", "new_str": "2\n2b"},
            {"command": "str_replace", "path": "bom.txt", "old_str": "y = 2", "new_str": "y = 3"},
            {"command": "str_replace", "path": "bom.txt", "old_str": "y = 3", "new_str": "// ... existing code ..."},
            {"command": "str_replace", "path": "bom.txt", "old_str": "y = 3", "new_str": "// ... existing code ...", "allow": ["placeholder"]},
            {"command": "str_replace", "path": "bom.txt", "old_str": "x = 1", "new_str": "x", "allow": ["nope"]},
            {"command": "str_replace", "path": "bom.txt", "old_str": "x = 1", "new_str": "x", "allow": 4},
            {"command": "str_replace", "path": "latin.txt", "old_str": "caf", "new_str": "th\u00e9"},
            {"command": "str_replace", "path": "bin.dat", "old_str": "binary", "new_str": "x"},
            {"command": "str_replace", "path": "src", "old_str": "binary", "new_str": "x"},
            {"command": "create", "path": "crlf.txt", "file_text": "x"},
            {"command": "create", "path": "new/deeper/n.txt", "file_text": "one\ntwo\n"},
            {"command": "create", "path": "n2.txt", "file_text": "a\r\nb\nc"},
            {"command": "create", "path": "n3.txt"},
            {"command": "create", "path": "src", "file_text": "x"},
            {"command": "create", "path": "n4.txt", "file_text": "bad \ud83d half"},
            {"command": "insert", "path": "mixed.txt", "insert_line": 0, "new_str": "zero\n"},
            {"command": "insert", "path": "mixed.txt", "insert_line": 2, "insert_text": "x\ny"},
            {"command": "insert", "path": "mixed.txt", "insert_line": 99, "new_str": "x"},
            {"command": "insert", "path": "mixed.txt", "insert_line": -1, "new_str": "x"},
            {"command": "insert", "path": "mixed.txt", "insert_line": "2", "new_str": "x"},
            {"command": "insert", "path": "mixed.txt", "insert_line": 1, "new_str": ""},
            {"command": "insert", "path": "mixed.txt", "insert_line": 1},
            {"command": "insert", "path": "empty.txt", "insert_line": 0, "new_str": "first"},
        ],
    },
    {
        "version": "text_editor_20250728",
        "max_characters": 60,
        "steps": [
            {"command": "view", "path": "emoji.txt"},
            {"command": "view", "path": "emoji.txt", "view_range": [2, -1]},
            {"command": "view", "path": "."},
        ],
    },
    {
        "version": "text_editor_20250728",
        "max_characters": 13,
        "steps": [{"command": "view", "path": "emoji.txt"}, {"command": "view", "path": "crlf.txt"}],
    },
    {
        "version": "text_editor_20250124",
        "guards": {"placeholder": "final"},
        "steps": [
            {"command": "undo_edit", "path": "crlf.txt"},
            {"command": "str_replace", "path": "crlf.txt", "old_str": "gamma", "new_str": "G"},
            {"command": "insert", "path": "crlf.txt", "insert_line": 1, "new_str": "ins"},
            {"command": "create", "path": "crlf.txt", "file_text": "x"},
            {"command": "undo_edit", "path": "crlf.txt"},
            {"command": "undo_edit", "path": "crlf.txt"},
            {"command": "undo_edit", "path": "crlf.txt"},
            {"command": "create", "path": "made.txt", "file_text": "m\n"},
            {"command": "undo_edit", "path": "made.txt"},
            {"command": "view", "path": "made.txt"},
            {"command": "str_replace", "path": "bom.txt", "old_str": "y = 2", "new_str": "Y"},
            {"write": {"path": "bom.txt", "b64": b64(b"changed\n")}},
            {"command": "undo_edit", "path": "bom.txt"},
            {"command": "str_replace", "path": "mixed.txt", "old_str": "two", "new_str": "// ... rest of code"},
            {"command": "str_replace", "path": "mixed.txt", "old_str": "two", "new_str": "// ... rest of code", "allow": ["placeholder"]},
        ],
    },
]


APPROVAL_STEPS: List[Dict[str, Any]] = [
    {"command": "str_replace", "path": "crlf.txt", "old_str": "gamma", "new_str": "G"},
    {"command": "create", "path": "made.txt", "file_text": "m\n"},
    {"command": "insert", "path": "mixed.txt", "insert_line": 1, "new_str": "ins"},
    {"command": "view", "path": "crlf.txt"},
    {"command": "str_replace", "path": "crlf.txt", "old_str": "alpha", "new_str": "A"},
    {"command": "undo_edit", "path": "crlf.txt"},
    {"command": "undo_edit", "path": "made.txt"},
]
SCENARIOS += [
    {"version": "text_editor_20250124", "approve": approve, "steps": APPROVAL_STEPS}
    for approve in ("yes", "no", "throw")
]
SCENARIOS.append(
    {
        "version": "text_editor_20250124",
        "steps": [
            # Malformed input, never an exception.
            None, 42, "not json", [], {},
            '{"command": "str_replace", "path": "crlf.txt", "old_str": "a", "new_str": "xy',
            {"command": "insert", "path": "crlf.txt", "insert_line": "1", "new_str": "x"},
            {"command": "insert", "path": "crlf.txt", "insert_line": 1.5, "new_str": "x"},
            {"command": "insert", "path": "crlf.txt", "insert_line": 1, "new_str": 7},
            # Numbers no file has.
            {"command": "view", "path": "crlf.txt", "view_range": [1, 2**53]},
            {"command": "view", "path": "crlf.txt", "view_range": [1, 1e300]},
            {"command": "view", "path": "crlf.txt", "view_range": [2**60, 2**61]},
            {"command": "view", "path": "crlf.txt", "view_range": [1, 2**53 - 1]},
            {"command": "view", "path": "crlf.txt", "view_range": [1.0, 2.0]},
            {"command": "view", "path": "crlf.txt", "view_range": [True, 2]},
            # A file path with a slash at its end names a folder.
            {"command": "view", "path": "crlf.txt/"},
            {"command": "str_replace", "path": "crlf.txt/", "old_str": "a", "new_str": "b"},
            {"command": "insert", "path": "crlf.txt/", "insert_line": 0, "new_str": "x"},
            {"command": "create", "path": "new.txt/", "file_text": "x\n"},
            {"command": "view", "path": "src/"},
            # Half a character in any text argument.
            {"command": "str_replace", "path": "crlf.txt", "old_str": "alpha", "new_str": "smile \ud83d"},
            {"command": "str_replace", "path": "crlf.txt", "old_str": "beta\n\ude00", "new_str": "x"},
            {"command": "insert", "path": "crlf.txt", "insert_line": 1, "insert_text": "\udfff"},
            {"command": "create", "path": "h.txt", "file_text": "one\ntwo \ud83d"},
            {"command": "str_replace", "path": "crlf.txt", "old_str": "alpha", "new_str": "smile \U0001F600"},
            {"command": "str_replace", "path": "crlf.txt", "old_str": "\U0001F600\nbeta", "new_str": "\U0001F642\nbeta"},
            {"command": "view", "path": "crlf.txt", "allow": "placeholder"},
            {"command": "view", "path": "crlf.txt", "allow": '["control", "control"]'},
        ],
    }
)
BIG = b"".join(b"row %d\n" % i for i in range(60))
SCENARIOS.append(
    {
        "version": "text_editor_20250124",
        "steps": [
            # Seen whole, changed from outside: every change shown, and the file counts as read.
            {"command": "view", "path": "ws.txt"},
            {"write": {"path": "ws.txt", "b64": b64(b"def f():\n    return 10\n")}},
            {"command": "str_replace", "path": "ws.txt", "old_str": "return 1\n", "new_str": "return 2\n"},
            {"command": "str_replace", "path": "ws.txt", "old_str": "return 10", "new_str": "return 2"},
            # Seen in part: the lines read, and to view it again.
            {"command": "view", "path": "crlf.txt", "view_range": [1, 2]},
            {"write": {"path": "crlf.txt", "b64": b64(b"ALPHA\r\nbeta\r\ngamma\r\nbeta\r\nnew\r\n")}},
            {"command": "insert", "path": "crlf.txt", "insert_line": 1, "new_str": "x"},
            {"command": "view", "path": "crlf.txt", "view_range": [3, 4]},
            {"write": {"path": "crlf.txt", "b64": b64(b"ALPHA\r\nbeta\r\ngamma\r\nbeta\r\nnew\r\n")}},
            # Changed after the editor's own write: what the write made is what was seen.
            {"command": "view", "path": "mixed.txt"},
            {"command": "str_replace", "path": "mixed.txt", "old_str": "two", "new_str": "2"},
            {"write": {"path": "mixed.txt", "b64": b64(b"one\r\n2\nthree!\r\nfour\n")}},
            {"command": "undo_edit", "path": "mixed.txt"},
            {"command": "view", "path": "mixed.txt"},
            # Only the endings changed; then more changed lines than are shown.
            {"command": "view", "path": "bom.txt"},
            {"write": {"path": "bom.txt", "b64": b64(b"\xef\xbb\xbfx = 1\ny = 2\n")}},
            {"command": "str_replace", "path": "bom.txt", "old_str": "x = 1", "new_str": "x = 0"},
            {"write": {"path": "big.txt", "b64": b64(BIG)}},
            {"command": "view", "path": "big.txt"},
            {"write": {"path": "big.txt", "b64": b64(BIG.replace(b"row", b"ROW"))}},
            {"command": "insert", "path": "big.txt", "insert_line": 0, "new_str": "top"},
            {"command": "insert", "path": "big.txt", "insert_line": 0, "new_str": "top"},
        ],
    }
)
SCENARIOS.append(
    {
        "version": "text_editor_20250124",
        "require_read": True,
        "steps": [
            {"command": "str_replace", "path": "crlf.txt", "old_str": "gamma", "new_str": "G"},
            {"command": "insert", "path": "crlf.txt", "insert_line": 1, "new_str": "ins"},
            {"command": "create", "path": "new.txt", "file_text": "n\n"},
            {"command": "view", "path": "crlf.txt", "view_range": [1, 2]},
            {"command": "str_replace", "path": "crlf.txt", "old_str": "gamma", "new_str": "G"},
            {"command": "undo_edit", "path": "crlf.txt"},
            {"command": "str_replace", "path": "new.txt", "old_str": "n", "new_str": "N"},
        ],
    }
)

# Past the undo history's depth: ten undone, the eleventh told its edit was dropped.
SCENARIOS.append(
    {
        "version": "text_editor_20241022",
        "steps": [
            *({"command": "insert", "path": "crlf.txt", "insert_line": n, "new_str": f"line {n}"} for n in range(11)),
            *({"command": "undo_edit", "path": "crlf.txt"} for _ in range(11)),
            {"command": "undo_edit", "path": "mixed.txt"},
        ],
    }
)


def is_write(step: object) -> bool:
    """A step that changes a file from outside the editor (another program)."""
    return isinstance(step, dict) and "write" in step


def node_available() -> Optional[str]:
    node = shutil.which("node")
    if node is None or not (REPO / "tools.js").exists():
        return None
    probe = subprocess.run([node, "-e", "require(process.argv[1])", str(REPO / "tools.js")], capture_output=True)
    return node if probe.returncode == 0 else None


def make_files(root: Path) -> None:
    for name, data in FILES.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_bytes(data)


def run_python(root: Path, scenario: Dict[str, Any]) -> Dict[str, List[Dict[str, object]]]:
    asked: List[Dict[str, object]] = []

    def approve(request: Dict[str, object]) -> bool:
        asked.append(request)
        if scenario["approve"] == "throw":
            raise RuntimeError("the host is down")
        return bool(scenario["approve"] == "yes")

    editor = TextEditor(
        root=str(root),
        cwd=str(root),
        version=scenario["version"],
        max_characters=scenario.get("max_characters"),
        guards=scenario.get("guards"),
        approve=approve if scenario.get("approve") else None,
        require_read=bool(scenario.get("require_read")),
    )
    results = []
    for step in scenario["steps"]:
        if is_write(step):
            (root / step["write"]["path"]).write_bytes(base64.b64decode(step["write"]["b64"]))
            continue
        results.append(editor.execute(step))
    return {"results": results, "asked": asked}


@pytest.mark.skipif(node_available() is None, reason="the Node package is not built in this checkout (npm run build)")
def test_same_texts_and_bytes_as_the_node_handler(tmp_path: Path) -> None:
    node = node_available()
    assert node is not None
    runs = []
    for i, scenario in enumerate(SCENARIOS):
        js_root, py_root = tmp_path / f"js{i}", tmp_path / f"py{i}"
        for root in (js_root, py_root):
            root.mkdir()
            make_files(root)
        steps = [s if is_write(s) else {"input": s} for s in scenario["steps"]]
        runs.append((js_root, py_root, scenario, {**scenario, "root": str(js_root), "steps": steps}))
    payload = json.dumps([r[3] for r in runs])
    out = subprocess.run([node, "-e", NODE_RUNNER, str(REPO)], input=payload, capture_output=True, text=True, check=True)
    js_results = json.loads(out.stdout)
    for (js_root, py_root, scenario, _), js_run in zip(runs, js_results):
        py_run = run_python(py_root, scenario)
        js, py = js_run["results"], py_run["results"]
        inputs = [s for s in scenario["steps"] if not is_write(s)]
        for given, j, p in zip(inputs, js, py):
            j_text = str(j["content"]).replace(str(js_root), "<root>")
            p_text = str(p["content"]).replace(str(py_root), "<root>")
            assert (p_text, p.get("is_error", False)) == (j_text, j.get("is_error", False)), given
        assert len(js) == len(py) == len(inputs)
        # What the host is asked to approve is the same request.
        assert json.dumps(py_run["asked"]).replace(str(py_root), "<root>") == json.dumps(js_run["asked"]).replace(
            str(js_root), "<root>"
        )
        assert bool(py_run["asked"]) == bool(scenario.get("approve"))
        assert {k: v for k, v in snapshot(py_root).items()} == {k: v for k, v in snapshot(js_root).items()}


# Parts of every kind the core and the tool layers send, with the phrases the editor
# and the tools say their own way.
_PARTS = [
    ["Use ", {"op": "readFile"}, ", ", {"op": "writeFile"}, " or ", {"op": "editFile"}, " on ", {"op": "insertLines"}, "."],
    [{"arg": "oldText"}, " and ", {"arg": "content"}, " with ", {"arg": "encoding", "value": "utf-16le"}, " (or ", {"arg": "encoding", "value": "utf-16be", "valueOnly": True}, ")"],
    ["quoted as ", {"op": "readFile", "listing": True}, " shows it:\n", {"line": 7, "width": 3, "text": "a\tb"}, "\n", {"hunk": 1}],
    [{"phrase": "read-again", "parts": ["Read it again with ", {"op": "readFile"}]}, ", then ", {"phrase": "read-first", "parts": ["read it with ", {"op": "readFile"}, " first"]}],
    ["Pass it ", {"phrase": "as-option", "parts": ["as ", {"arg": "encoding"}]}, {"phrase": "convert-encoding-first", "parts": [", or convert it to ", {"arg": "to", "value": "utf-8"}]}],
    ["x. ", {"phrase": "allow-guard", "parts": ["Pass ", {"arg": "guards", "value": "placeholder"}]}, {"phrase": "or-replace-all", "parts": [", or ", {"arg": "replaceAll"}]}],
    ["a path \udc80 read with surrogateescape, and ", {"phrase": "unknown-phrase", "parts": ["its own ", {"arg": "newText"}]}],
]


def test_the_core_says_messages_in_the_same_words_in_both_languages() -> None:
    """The editor's and the tools' words, rendered by Python and by the JavaScript
    handler and tools (one renderer, words written once in lib/tools/wording.js)."""
    node = node_available()
    if node is None:
        pytest.skip("the Node package is not built in this checkout (npm run build)")
    from eol_edit import anthropic, tools

    script = (
        "const path = require('node:path');"
        "const { VOCABULARY } = require(path.join(process.argv[1], 'lib/tools/hosts/anthropic.js'));"
        "const { handlerWords, render, TOOL_WORDS } = require(path.join(process.argv[1], 'lib/tools/wording.js'));"
        "const editor = handlerWords(VOCABULARY); const parts = JSON.parse(process.argv[2]);"
        "process.stdout.write(JSON.stringify([parts.map((p) => render(p, editor)), parts.map((p) => render(p, TOOL_WORDS))]))"
    )
    sent = json.dumps(_PARTS).replace("\\udc80", "\\ufffd")
    out = subprocess.run([node, "-e", script, str(REPO), sent], capture_output=True, text=True, check=True)
    js_editor, js_tools = json.loads(out.stdout)
    assert [anthropic._render(p) for p in _PARTS] == js_editor
    assert [tools._render(p) for p in _PARTS] == js_tools
    # What the words say, so that the comparison is of something.
    assert js_editor[0] == "Use view, create or str_replace on insertLines."
    assert js_tools[1] == 'old_text and content with "encoding": "utf-16le" (or "utf-16be")'
    assert js_editor[2] == "quoted as view shows it:\n7: a\tb\nhunk #2"
    assert js_editor[3] == "View it again, then view it first"
    assert js_editor[5] == 'x. To write it on purpose, send the same command again with "allow": ["placeholder"] added to its input.'
    assert js_tools[6] == "a path \ufffd read with surrogateescape, and its own new_text"


CLUSTERS = [
    "ab\U0001F468\u200d\U0001F469\u200d\U0001F467cd",  # a family joined by ZWJ
    "x\U0001F1EB\U0001F1F7\U0001F1E9\U0001F1EAy",  # two flags
    "e\u0301\u0302\u0303z",  # combining marks
    "\u1100\u1161\u11A8\u1100\u1161",  # Hangul jamo
    "\uAC00\u11A8q",
    "a\r\nb",
    "\U0001F44D\U0001F3FDok",  # a skin tone
    "\u0915\u094D\u0937\u093Fx",  # a Devanagari conjunct
    "1\ufe0f\u20e3b",  # a keycap
    "\U0001F3F4\U000E0067\U000E0062\U000E0073\U000E0063\U000E0074\U000E007F!",  # a tag sequence
    "a" + "\u0301" * 40 + "b",  # a cluster too long to keep whole
    "plain ascii text",
]


# Where a cut should fall, by V8's Intl.Segmenter (ICU's grapheme clusters): the last
# cluster boundary at or before the budget when that cluster starts at most 32 units
# back (and not at 0), else the last code point boundary.
_SEGMENTER_CUT = r"""
const seg = new Intl.Segmenter('en', { granularity: 'grapheme' })
const cut = (text, max) => {
  if (text.length <= max) return text
  if (max <= 0) return ''
  let end = max
  const c = text.charCodeAt(end - 1), d = text.charCodeAt(end)
  if (c >= 0xd800 && c <= 0xdbff && d >= 0xdc00 && d <= 0xdfff) end--
  const cluster = seg.segment(text).containing(end)
  if (cluster !== undefined && cluster.index > 0 && end - cluster.index <= 32) end = cluster.index
  return text.slice(0, end)
}
const cases = JSON.parse(require('node:fs').readFileSync(0, 'utf8'))
process.stdout.write(JSON.stringify(cases.map(([t, n]) => cut(t, n))))
"""


def test_view_cuts_a_line_where_intl_segmenter_puts_the_cluster_boundaries() -> None:
    """A line over max_characters is cut by the core (as the JavaScript handler cuts it)
    where V8's Intl.Segmenter says a cluster ends: never inside a character or, when it
    starts near, a cluster."""
    node = node_available()
    if node is None:
        pytest.skip("no node on PATH to ask Intl.Segmenter")
    from eol_edit._words import start_within

    cases = [(text, n) for text in CLUSTERS for n in range(0, 30)]
    out = subprocess.run([node, "-e", _SEGMENTER_CUT], input=json.dumps(cases), capture_output=True, text=True, check=True)
    assert [start_within(t, n) for t, n in cases] == json.loads(out.stdout)


def test_undo_history_keeps_a_total_of_bytes_dropping_the_oldest_of_any_file(tmp_path: Path) -> None:
    # The editor's history is the core's (src/api/undo.rs), through the native class.
    from eol_edit._native import UndoHistory

    history = UndoHistory(depth=10, max_bytes=3000)
    a1, a2, b1, c1, d1 = ("%032x" % n for n in range(1, 6))
    history.push("a", b"a" * 1000, a1, cwd=str(tmp_path))
    history.push("b", b"b" * 1000, b1, cwd=str(tmp_path))
    history.push("a", b"A" * 1000, a2, cwd=str(tmp_path))
    # Three entries of 1000 bytes and their bookkeeping are over 3000: a's first goes.
    last = history.last("a", cwd=str(tmp_path))
    assert (last.version, last.created, last.dropped) == (a2, False, 1)
    assert history.last(str(tmp_path / "b")).dropped == 0
    # Bytes over the limit on their own are not kept, and count as dropped.
    history.push("c", b"c" * 4000, c1, cwd=str(tmp_path))
    assert (history.last("c", cwd=str(tmp_path)).version, history.last("c", cwd=str(tmp_path)).dropped) == (None, 1)
    # A created file's entry (no bytes) costs its bookkeeping only.
    history.push("d", None, d1, cwd=str(tmp_path))
    assert history.last("d", cwd=str(tmp_path)).created
    # Undoing one forgets it; nothing was dropped of b.
    (tmp_path / "b").write_bytes(b"B")
    with pytest.raises(eol_edit.FileChanged):
        history.undo("b", cwd=str(tmp_path))
    with pytest.raises(eol_edit.InvalidArgument):
        history.push("b", None, "not a version", cwd=str(tmp_path))
    assert (history.depth, history.max_bytes) == (10, 3000)


def test_an_editor_and_a_tool_set_sharing_a_read_state_count_each_others_reads(tmp_path: Path) -> None:
    from eol_edit.tools import create_read_state, create_tools

    (tmp_path / "a.txt").write_bytes(b"one\r\ntwo\r\n")
    (tmp_path / "b.txt").write_bytes(b"x\r\ny\n")
    shared = create_read_state()
    editor = TextEditor(root=str(tmp_path), require_read=True, read_state=shared)
    tools = create_tools(root=str(tmp_path), require_read=True, read_state=shared)
    # Viewed through the editor, changed through the tools.
    assert "is_error" not in editor.execute({"command": "view", "path": "a.txt"})
    edited = tools["edit_file"].execute({"path": "a.txt", "old_text": "two", "new_text": "TWO"})
    assert edited["success"], edited
    # The tools' write is no outside change to the editor.
    replaced = editor.execute({"command": "str_replace", "path": "a.txt", "old_str": "TWO", "new_str": "2"})
    assert "is_error" not in replaced, replaced
    # Read through the tools, changed through the editor.
    assert tools["read_file"].execute({"path": "b.txt"})["success"]
    inserted = editor.execute({"command": "insert", "path": "b.txt", "insert_line": 1, "new_str": "z"})
    assert "is_error" not in inserted, inserted
    # A change from outside after the editor's write is shown to the tools, lines and all.
    (tmp_path / "b.txt").write_bytes(b"x\r\nz\r\nY\n")
    stale = tools["edit_file"].execute({"path": "b.txt", "old_text": "x", "new_text": "X"})
    assert stale["error"] == "FILE_CHANGED" and "- 3" in stale["data"] and "+ 3" in stale["data"], stale
    assert (tmp_path / "a.txt").read_bytes() == b"one\r\n2\r\n"
    with pytest.raises(TypeError):
        TextEditor(read_state=object())  # type: ignore[arg-type]


def test_an_editor_and_a_tool_set_with_read_states_of_their_own_do_not(tmp_path: Path) -> None:
    from eol_edit.tools import create_tools

    (tmp_path / "a.txt").write_bytes(b"one\r\n")
    (tmp_path / "b.txt").write_bytes(b"x\r\n")
    editor = TextEditor(root=str(tmp_path), require_read=True)
    tools = create_tools(root=str(tmp_path), require_read=True)
    editor.execute({"command": "view", "path": "a.txt"})
    refused = tools["edit_file"].execute({"path": "a.txt", "old_text": "one", "new_text": "1"})
    assert refused["error"] == "FILE_CHANGED" and "has not been read yet" in refused["data"]
    tools["read_file"].execute({"path": "b.txt"})
    again = editor.execute({"command": "str_replace", "path": "b.txt", "old_str": "x", "new_str": "X"})
    assert again["is_error"] is True and "b.txt has not been read yet" in str(again["content"])
    assert "View it first" in str(again["content"])
    assert (tmp_path / "a.txt").read_bytes() == b"one\r\n" and (tmp_path / "b.txt").read_bytes() == b"x\r\n"


def test_a_folder_outside_the_root_is_not_listed(tmp_path: Path) -> None:
    root = tmp_path / "project"
    (root / "in").mkdir(parents=True)
    (tmp_path / "secret").mkdir()
    (tmp_path / "secret" / "key.txt").write_bytes(b"k")
    os.symlink(tmp_path / "secret", root / "out")
    editor = TextEditor(root=str(root))
    for path in ["out", "..", "../secret", str(tmp_path)]:
        result = editor.execute({"command": "view", "path": path})
        assert result["is_error"] is True and str(result["content"]).startswith("PATH_OUTSIDE_ROOT: "), result
        assert "key.txt" not in str(result["content"])
    assert editor.execute({"command": "view", "path": "."})["content"] == (
        "Files and folders in ./, two levels deep (hidden ones left out):\n./in/\n./out"
    )


def test_calls_from_threads_run_one_at_a_time(tmp_path: Path) -> None:
    import threading

    (tmp_path / "n.txt").write_bytes(b"".join(b"line %d\r\n" % i for i in range(40)))
    editor = TextEditor(root=str(tmp_path), version="text_editor_20250124")
    results: List[Dict[str, object]] = []

    def insert(i: int) -> None:
        results.append(editor.execute({"command": "insert", "path": "n.txt", "insert_line": 0, "new_str": f"t{i}"}))

    threads = [threading.Thread(target=insert, args=(i,)) for i in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert all("is_error" not in r for r in results), results
    lines = (tmp_path / "n.txt").read_bytes().split(b"\r\n")
    assert sorted(lines[:8]) == sorted(b"t%d" % i for i in range(8)) and len(lines) == 49
    for _ in range(8):
        assert "is_error" not in editor.execute({"command": "undo_edit", "path": "n.txt"})
    assert (tmp_path / "n.txt").read_bytes() == b"".join(b"line %d\r\n" % i for i in range(40))


# ---------------------------------------------------------------------------
# The core's functions the editor calls, as the package exports them


def test_insert_lines_read_file_bytes_and_restore_file(tmp_path: Path) -> None:
    path = tmp_path / "f.txt"
    original = b"\xef\xbb\xbfa\r\nb\nc\r\n"
    path.write_bytes(original)
    os.chmod(path, 0o640)
    read = eol_edit.read_file_bytes(path)
    assert read == eol_edit.FileBytes(bytes=original, version=eol_edit.read_file(path).version)
    r = eol_edit.insert_lines(path, 1, "x\ny\n")
    assert path.read_bytes() == b"\xef\xbb\xbfa\r\nx\r\ny\r\nb\nc\r\n" and r.start_line == 2
    with pytest.raises(eol_edit.InvalidArgument) as past:
        eol_edit.insert_lines(path, 9, "z")
    assert past.value.argument == "after_line" and past.value.lines == [5]
    # restore_file needs the version the file must still have, and puts the bytes back exactly.
    with pytest.raises(eol_edit.InvalidArgument):
        eol_edit.restore_file(path, read.bytes)
    with pytest.raises(eol_edit.FileChanged):
        eol_edit.restore_file(path, read.bytes, expected_version=read.version)
    eol_edit.restore_file(path, read.bytes, expected_version=r.version)
    assert path.read_bytes() == original and stat.S_IMODE(os.stat(path).st_mode) == 0o640
    with pytest.raises(eol_edit.InvalidArgumentType):
        eol_edit.restore_file(path, "text", expected_version=r.version)  # type: ignore[arg-type]
    (tmp_path / "bin.dat").write_bytes(b"\x00\x01")
    with pytest.raises(eol_edit.BinaryFile):
        eol_edit.read_file_bytes(tmp_path / "bin.dat")


def test_errors_and_warnings_carry_the_cores_parts(tmp_path: Path) -> None:
    path = tmp_path / "f.txt"
    path.write_bytes(b"a\nb\n")
    with pytest.raises(eol_edit.TextNotFound) as missed:
        eol_edit.edit_file(path, "zzz", "y")
    parts = missed.value.parts
    assert parts is not None and {"arg": "oldText"} in parts
    latin = tmp_path / "l.txt"
    latin.write_bytes("caf\u00e9\n".encode("latin-1"))
    read = eol_edit.read_file(latin)
    assert read.warnings and len(read.warning_parts) == len(read.warnings)
    # A hand-made error has no parts: the editor words it as its text.
    assert eol_edit.EolEditError("x").parts is None


def test_the_listing_is_the_cores_inside_the_root(tmp_path: Path) -> None:
    from eol_edit import _native

    root = tmp_path / "project"
    (root / "a" / "b" / "c").mkdir(parents=True)
    (root / "a" / "f.txt").write_bytes(b"x")
    (root / ".git" / "x").mkdir(parents=True)
    (tmp_path / "outside" / "secret").mkdir(parents=True)
    os.symlink(tmp_path / "outside", root / "out")
    editor = TextEditor(root=str(root))
    views = [editor.execute({"command": "view", "path": p}) for p in [".", "a/", "out"]]
    assert views[0]["content"] == (
        "Files and folders in ./, two levels deep (hidden ones left out):\n./a/\n./a/b/\n./a/f.txt\n./out"
    )
    assert views[1]["content"] == "Files and folders in a/, two levels deep (hidden ones left out):\na/b/\na/b/c/\na/f.txt"
    real_root = os.path.realpath(root)
    assert views[2]["content"] == (
        f"PATH_OUTSIDE_ROOT: Path outside the allowed root: out is not inside {real_root}. "
        "Use a path inside the root; symlinks and `..` that lead out of it are refused."
    )
    # The core's function, as the editor calls it: depth, the name shown, the path named.
    assert _native.folder_entries(str(root / "a"), shown="A", depth=3) == ["A/b/", "A/b/c/", "A/f.txt"]
    assert _native.folder_entries(str(root / "out"), shown="o", depth=2) == ["o/secret/"]
    with pytest.raises(eol_edit.PathOutsideRoot):
        _native.folder_entries(str(root / "out"), shown="o", depth=2, root=[str(root)])
    with pytest.raises(eol_edit.FileNotFound) as gone:
        _native.folder_entries(str(root / "none"), shown="n", depth=2, display="none/", root=str(root))
    assert str(gone.value) == "Folder not found: none/ is no longer a folder that can be read. Check the path."


def test_values_the_model_sent_are_quoted_as_json_stringify_quotes_them() -> None:
    """Messages quote what the model sent (`but it is [1,1e+300]`) as JavaScript does,
    numbers past 2^53 included, which the host parsed as doubles."""
    node = node_available()
    if node is None:
        pytest.skip("the Node package is not built in this checkout (npm run build)")
    import random

    from eol_edit import anthropic

    rng = random.Random(29)
    values: List[object] = [0, -1, 1.5, 0.1, 1e-7, 0.000001, 2**53, 2**53 + 1, 2**60, 10**21, 1e300, 5e-324, -0.0]
    values += [2**1100, [1, 2**61], {"a": [1e21, "\u00e9\n\"\\"]}, True, None, [None], "\u2028"]
    # A lone surrogate (a path read with surrogateescape) is escaped, a pair is not.
    values += ["/a/\udcff", "\ud800x", {"\udfff": "\U0001f600"}]
    values += [rng.uniform(-1, 1) * 10 ** rng.randint(-30, 30) for _ in range(300)]
    values += [rng.randint(-(2**70), 2**70) for _ in range(100)]
    script = (
        "const v = JSON.parse(require('node:fs').readFileSync(0, 'utf8'));"
        "process.stdout.write(JSON.stringify(v.map((x) => JSON.stringify(x))))"
    )
    out = subprocess.run([node, "-e", script], input=json.dumps(values), capture_output=True, text=True, check=True)
    assert [anthropic._json(v) for v in values] == json.loads(out.stdout)
