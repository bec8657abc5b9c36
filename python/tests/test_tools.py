"""The agent tools (``eol_edit.tools``): the JavaScript tool set's definitions, run on
the core. Their schemas, descriptions and the results of the same calls are compared
exactly with the Node package of this checkout (python/tests/tools_js.js); a scripted
model loop checks the bytes of every kind of file; every refusal leaves the folder as
it was."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any, Dict, List, Optional

import pytest

import eol_edit
from eol_edit import tools as eol_tools
from eol_edit.tools import create_tools, to_anthropic_tools, to_openai_responses_tools, to_openai_tools

from conftest import snapshot

REPO = Path(__file__).resolve().parents[2]
NODE = shutil.which("node")
HAS_ADDON = any(REPO.glob("*.node"))
needs_node = pytest.mark.skipif(
    NODE is None or not HAS_ADDON, reason="needs node and the built addon (npm run build) to compare with"
)


def js(request: Dict[str, Any]) -> Any:
    assert NODE is not None
    out = subprocess.run(
        [NODE, str(REPO / "python" / "tests" / "tools_js.js")],
        input=json.dumps(request),
        capture_output=True,
        text=True,
        check=True,
        cwd=REPO,
    )
    return json.loads(out.stdout)


def plain(value: Any) -> Any:
    """A result as JSON sees it (what the JavaScript result would serialize to)."""
    return json.loads(json.dumps(value))


# ---------------------------------------------------------------------------
# One source of declarations


@needs_node
def test_the_shipped_declarations_are_those_the_script_renders_now() -> None:
    # Stale when lib/operations.js changed and `node scripts/python-tools-json.js` was not run.
    rendered = subprocess.run(
        [NODE or "node", str(REPO / "scripts" / "python-tools-json.js"), "--print"],
        capture_output=True, text=True, check=True, cwd=REPO,
    ).stdout
    committed = (REPO / "python" / "eol_edit" / "tools.json").read_text(encoding="utf-8")
    assert committed == rendered, "python/eol_edit/tools.json is stale: run node scripts/python-tools-json.js"
    shipped = Path(eol_tools.__file__).with_name("tools.json").read_text(encoding="utf-8")
    assert shipped == committed


@needs_node
@pytest.mark.parametrize(
    "js_options,py_options",
    [({}, {}), ({"maxReadLines": 50, "maxReadChars": 1234}, {"max_read_lines": 50, "max_read_chars": 1234})],
)
def test_names_descriptions_and_schemas_are_the_javascript_ones(
    js_options: Dict[str, Any], py_options: Dict[str, Any]
) -> None:
    theirs = js({"describe": True, "options": js_options})
    ours = create_tools(**py_options)
    assert [t.name for t in ours.values()] == [t["name"] for t in theirs["tools"]]
    assert [{"name": t.name, "description": t.description, "parameters": t.parameters} for t in ours.values()] == theirs["tools"]
    assert to_openai_tools(ours) == theirs["openai"]
    assert to_openai_tools(ours, strict=True) == theirs["openai_strict"]
    assert to_openai_responses_tools(ours, strict=True) == theirs["responses_strict"]
    assert to_anthropic_tools(ours) == theirs["anthropic"]


def test_each_tool_set_has_its_own_schemas() -> None:
    a, b = create_tools(), create_tools()
    a["edit_file"].parameters["properties"].clear()
    assert b["edit_file"].parameters["properties"]
    assert to_openai_tools(b)[2]["function"]["parameters"]["properties"]


# ---------------------------------------------------------------------------
# The same calls, the same results


FILES: Dict[str, bytes] = {
    "crlf.txt": b"alpha\r\nbeta\r\ngamma\r\nbeta\r\n",
    "src/app.py": b"def f():\n    return 1\n\n\ndef g():\n    return 2\n",
    "notes.md": b"one\ntwo\nthree\nfour\nfive\n",
    "long.txt": "\U0001f600 a line longer than the cap \U0001f600\nshort\n".encode(),
    "legacy.txt": "标题\r\n内容是中文的文本\r\n".encode("gbk"),
}

# Each scenario: createTools' options in both spellings, and calls made in order. The
# results are compared field by field with the JavaScript ones.
SCENARIOS: Dict[str, Any] = {
    "text_not_found": ({}, [("edit_file", {"path": "crlf.txt", "old_text": "delta", "new_text": "x"})]),
    "text_multiple_matches": ({}, [("edit_file", {"path": "crlf.txt", "old_text": "beta", "new_text": "x"})]),
    "a_close_miss": ({}, [("edit_file", {"path": "src/app.py", "old_text": "def f():\n    return 11", "new_text": "x"})]),
    "file_not_found": ({}, [("read_file", {"path": "missing.txt"}), ("edit_file", {"path": "missing.txt", "old_text": "a", "new_text": "b"})]),
    "path_outside_root": ({}, [("edit_file", {"path": "../outside.txt", "old_text": "a", "new_text": "b"}), ("read_file", {"path": "/etc/hostname"})]),
    "file_changed": ({}, [
        ("read_file", {"path": "notes.md", "limit": 2}),
        ("other_program_writes", {"path": "notes.md", "content": "one\nTWO\nthree\n"}),
        ("edit_file", {"path": "notes.md", "old_text": "one", "new_text": "1"}),
        ("read_file", {"path": "crlf.txt"}),
        ("other_program_writes", {"path": "crlf.txt", "content": "gone\n"}),
        ("write_file", {"path": "crlf.txt", "content": "x\n"}),
    ]),
    "file_changed_after_a_write": ({}, [
        ("read_file", {"path": "src/app.py"}),
        ("edit_file", {"path": "src/app.py", "old_text": "return 1", "new_text": "return 10"}),
        ("other_program_writes", {"path": "src/app.py", "content": "def f():\n    return 10\n\n\ndef g():\n    return 20\n"}),
        ("edit_file", {"path": "src/app.py", "old_text": "return 10", "new_text": "return 100"}),
        ("edit_file", {"path": "src/app.py", "old_text": "return 10", "new_text": "return 100"}),
        ("read_file", {"path": "notes.md", "offset": 2, "limit": 2}),
        ("read_file", {"path": "notes.md", "offset": 4, "limit": 1}),
        ("other_program_writes", {"path": "notes.md", "content": "one\n2\nthree\n4\nfive\n"}),
        ("multi_edit", {"path": "notes.md", "edits": [{"old_text": "five", "new_text": "5"}]}),
        ("read_file", {"path": "crlf.txt"}),
        ("other_program_writes", {"path": "crlf.txt", "content": "alpha\nbeta\ngamma\nbeta\n"}),
        ("delete_range", {"path": "crlf.txt", "start_line": 1, "end_line": 2}),
    ]),
    "call_context": ({}, [
        ("read_file", {"path": "app.py"}, {"cwd": "src"}),
        ("edit_file", {"path": "app.py", "old_text": "return 1", "new_text": "return 11"}, {"cwd": "src"}),
        ("edit_file", {"path": "notes.md", "old_text": "one", "new_text": "1"}, {"signal": "aborted"}),
        ("edit_file", {"path": "notes.md", "old_text": "one", "new_text": "1"}, {"cwdd": "src"}),
        ("edit_file", {"path": "notes.md", "old_text": "one", "new_text": "1"}, {"cwd": ""}),
    ]),
    "not_read": ({"require_read": True}, [("edit_file", {"path": "crlf.txt", "old_text": "alpha", "new_text": "ALPHA"})]),
    "read_then_edit": ({"require_read": True}, [
        ("read_file", {"path": "crlf.txt"}),
        ("edit_file", {"path": "crlf.txt", "old_text": "alpha", "new_text": "ALPHA"}),
        ("edit_file", {"path": "crlf.txt", "old_text": "gamma\nbeta", "new_text": "G\nB", "replace_all": True}),
    ]),
    "suspect_content": ({}, [
        ("edit_file", {"path": "src/app.py", "old_text": "    return 1", "new_text": "    # ... existing code ..."}),
        ("edit_file", {"path": "notes.md", "old_text": "two", "new_text": "<<<<<<< SEARCH\ntwo"}),
        ("edit_file", {"path": "notes.md", "old_text": "two", "new_text": "t\u0000wo"}),
        ("edit_file", {"path": "notes.md", "old_text": "two", "new_text": "t\u0000wo", "allow": ["control"]}),
    ]),
    "invalid_arguments": ({}, [
        ("edit_file", {"path": "crlf.txt", "old_text": 12, "new_text": "x"}),
        ("edit_file", {"path": "crlf.txt", "new_text": "x"}),
        ("edit_file", {"old_text": "a", "new_text": "x"}),
        ("edit_file", ["crlf.txt"]),
        ("edit_file", "not json"),
        ("edit_file", {"path": "crlf.txt", "old_text": "alpha", "new_text": "x", "replace_all": "yes"}),
        ("read_file", {"path": "notes.md", "offset": -1}),
        ("read_file", {"path": "notes.md", "offset": 99}),
        ("read_file", {"path": "notes.md", "encoding": " "}),
        ("multi_edit", {"path": "notes.md", "edits": []}),
        ("multi_edit", {"path": "notes.md", "edits": [{"old_text": "one", "new_text": "1"}, 7]}),
        ("write_file", {"path": "new.txt", "content": "x", "eol": "unix"}),
        ("delete_range", {"path": "notes.md"}),
        ("delete_range", {"path": "notes.md", "start_anchor": "two", "start_line": 2, "end_anchor": "four"}),
        ("edit_file", {"path": "crlf.txt", "old_text": "alpha", "new_text": "x", "allow": ["everything"]}),
        # Numbers the model sent, quoted as JSON.stringify writes them (2, not 2.0).
        ("edit_file", {"path": "crlf.txt", "old_text": "alpha", "new_text": "x", "allow": [2.0]}),
        ("write_file", {"path": "new.txt", "content": "x", "eol": 1e21}),
    ]),
    "unknown_keys_are_named": ({}, [
        ("edit_file", {"path": "notes.md", "old_text": "one", "new_text": "1", "replace_al": True, "explanation": "why"}),
        ("multi_edit", {"path": "notes.md", "edits": [{"old_text": "two", "new_text": "2", "nw_text": "?"}]}),
    ]),
    "multi_edit": ({}, [
        ("multi_edit", {"path": "notes.md", "edits": [{"old_text": "one", "new_text": "1"}, {"old_text": "nine", "new_text": "9"}]}),
        ("multi_edit", {"path": "notes.md", "edits": [{"oldText": "one", "newText": "1"}, {"old_text": "three\nfour", "new_text": "3\n4"}]}),
    ]),
    "lenient_tiers": ({}, [
        ("edit_file", {"path": "src/app.py", "old_text": "def g():\n  return 2", "new_text": "def g():\n  return 3"}),
        ("edit_file", {"path": "notes.md", "old_text": "   2\u2502two", "new_text": "   2\u2502TWO"}),
    ]),
    "warnings": ({}, [
        ("read_file", {"path": "legacy.txt"}),
        ("edit_file", {"path": "legacy.txt", "old_text": "标题", "new_text": "新标题"}),
        ("edit_file", {"path": "crlf.txt", "old_text": "alpha", "new_text": "a\u00e9"}),
        ("write_file", {"path": "crlf.txt", "content": "\ufeffx\n"}),
    ]),
    "guard_settings": ({"guards": {"control": "final", "markers": "off"}}, [
        ("edit_file", {"path": "notes.md", "old_text": "two", "new_text": "t\u0000wo", "allow": ["control"]}),
        ("edit_file", {"path": "notes.md", "old_text": "two", "new_text": "<<<<<<< SEARCH\ntwo"}),
    ]),
    "size_limit": ({"max_bytes": 10}, [
        ("read_file", {"path": "notes.md"}),
        ("write_file", {"path": "big.txt", "content": "0123456789abcdef\n"}),
    ]),
    "read_caps": ({"max_read_chars": 12}, [
        ("read_file", {"path": "notes.md"}),
        ("read_file", {"path": "src/app.py"}),
        ("read_file", {"path": "long.txt"}),
        ("read_file", {"path": "long.txt", "offset": 2}),
        ("edit_file", {"path": "notes.md", "old_text": "one", "new_text": "1", "allow": {"guard": "control"}}),
        ("write_file", {"path": "x.txt", "content": "x", "eol": {"kind": "lf"}}),
    ]),
    "read_slices": ({"max_read_lines": 2}, [
        ("read_file", {"path": "notes.md"}),
        ("read_file", {"path": "notes.md", "offset": 3, "limit": 2}),
        ("read_file", {"path": "notes.md", "start_line": 4, "end_line": 5}),
        ("read_file", {"path": "crlf.txt", "offset": "2"}),
    ]),
    "write_and_delete": ({}, [
        ("write_file", {"path": "crlf.txt", "content": "alpha\nBETA\ngamma\nbeta\n"}),
        ("write_file", {"path": "crlf.txt", "content": "alpha\nBETA\ngamma\nbeta\n"}),
        ("write_file", {"path": "deep/new.txt", "content": "a\nb\n"}),
        ("write_file", {"path": "notes.md", "content": "one\ntwo\n", "eol": "crlf"}),
        ("delete_range", {"path": "src/app.py", "start_anchor": "def f():", "end_anchor": "def g():"}),
        ("delete_range", {"path": "crlf.txt", "start_line": 2, "end_line": 3, "inclusive": True}),
    ]),
    "apply_patch": ({}, [
        ("apply_patch", {"input": "*** Begin Patch\n*** Update File: crlf.txt\n@@\n alpha\n-beta\n+BETA\n gamma\n*** Add File: added.txt\n+new\n*** End Patch\n"}),
        ("apply_patch", {"patchText": "*** Begin Patch\n*** Update File: notes.md\n@@\n-nine\n+9\n*** End Patch\n"}),
        ("apply_patch", {"input": "not a patch"}),
    ]),
    # Within the diff's cap counted in code points, past it in UTF-16 units, which the
    # cap counts (as JavaScript does): the diff the model reads is cut.
    "long_diff_of_astral_characters": ({}, [
        ("write_file", {"path": "notes.md", "content": ("\U0001f600" * 70 + "\n") * 300}),
    ]),
    "rejected": ({"approve": "reject"}, [
        ("edit_file", {"path": "notes.md", "old_text": "one", "new_text": "1"}),
        ("write_file", {"path": "fresh.txt", "content": "x\n"}),
    ]),
}

# Calls whose FILE_CHANGED message differs on purpose (see the test).
STALE_LINES_NOT_SHOWN: "set[tuple[str, int]]" = set()

JS_NAMES = {"max_bytes": "maxBytes", "require_read": "requireRead", "max_read_lines": "maxReadLines", "max_read_chars": "maxReadChars"}


def lay_out(folder: Path) -> None:
    if folder.exists():
        shutil.rmtree(folder)
    for name, content in FILES.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_bytes(content)


def call_of(call: Any) -> Dict[str, Any]:
    tool, args, *rest = call
    return {"tool": tool, "args": args, **({"context": rest[0]} if rest else {})}


def reject(request: Dict[str, Any]) -> bool:
    return False


@needs_node
@pytest.mark.parametrize("scenario", sorted(SCENARIOS))
def test_the_same_calls_give_the_javascript_results(scenario: str, tmp_path: Path) -> None:
    options, calls = SCENARIOS[scenario]
    folder = tmp_path / "project"
    lay_out(folder)
    js_options = {JS_NAMES.get(k, k): v for k, v in options.items()}
    theirs = js({"options": {**js_options, "root": str(folder)}, "calls": [call_of(c) for c in calls]})
    after_js = snapshot(folder)

    lay_out(folder)
    py_options = dict(options)
    if py_options.get("approve") == "reject":
        py_options["approve"] = reject
    set_ = create_tools(root=str(folder), **py_options)
    ours: List[Any] = []
    for tool, args, *rest in calls:
        if tool == "other_program_writes":
            (folder / args["path"]).write_bytes(args["content"].encode())
            ours.append(None)
        else:
            context = dict(rest[0]) if rest else None
            if context and context.get("signal") == "aborted":
                context["signal"] = threading.Event()
                context["signal"].set()
            ours.append(plain(set_[tool].execute(args, context)))
    for i, ((tool, args, *_), mine, js_result) in enumerate(zip(calls, ours, theirs)):
        if (scenario, i) in STALE_LINES_NOT_SHOWN:
            # The JavaScript read state keeps the lines each read showed, and its
            # FILE_CHANGED shows those that changed; the core's read state does not
            # keep them yet, so here only the code and the refusal are the same.
            assert mine["error"] == js_result["error"] == "FILE_CHANGED"
            assert "changed since it was read" in mine["data"] and "Read it again with read_file" in mine["data"]
            continue
        assert mine == js_result, f"{tool} {args!r}"
    assert snapshot(folder) == after_js


# ---------------------------------------------------------------------------
# Refusals write nothing


REFUSALS: List[Any] = [
    ("edit_file", {"path": "crlf.txt", "old_text": "delta", "new_text": "x"}),
    ("edit_file", {"path": "crlf.txt", "old_text": "beta", "new_text": "x"}),
    ("edit_file", {"path": "../outside.txt", "old_text": "a", "new_text": "b"}),
    ("edit_file", {"path": "src/app.py", "old_text": "    return 1", "new_text": "    # ... existing code ..."}),
    ("edit_file", {"path": "crlf.txt", "old_text": 12, "new_text": "x"}),
    ("multi_edit", {"path": "notes.md", "edits": [{"old_text": "one", "new_text": "1"}, {"old_text": "nine", "new_text": "9"}]}),
    ("write_file", {"path": "notes.md", "content": "x\n", "eol": "unix"}),
    ("delete_range", {"path": "notes.md", "start_anchor": "nine", "end_anchor": "four"}),
    ("apply_patch", {"input": "*** Begin Patch\n*** Update File: notes.md\n@@\n one\n-two\n+2\n*** Update File: crlf.txt\n@@\n-zeta\n+z\n*** End Patch\n"}),
]


@pytest.mark.parametrize("tool,args", REFUSALS)
def test_a_refusal_leaves_every_file_as_it_was(tool: str, args: Dict[str, Any], tmp_path: Path) -> None:
    folder = tmp_path / "project"
    lay_out(folder)
    before = snapshot(folder)
    result = create_tools(root=str(folder))[tool].execute(args)
    assert result["success"] is False and result["error"]
    assert snapshot(folder) == before


def test_a_file_changed_since_it_was_read_is_refused(tmp_path: Path) -> None:
    folder = tmp_path / "project"
    lay_out(folder)
    set_ = create_tools(root=str(folder))
    assert set_["read_file"].execute({"path": "notes.md"})["success"]
    (folder / "notes.md").write_bytes(b"one\nTWO\nthree\nfour\nfive\n")
    result = set_["edit_file"].execute({"path": "notes.md", "old_text": "one", "new_text": "1"})
    assert result["error"] == "FILE_CHANGED"
    assert (folder / "notes.md").read_bytes() == b"one\nTWO\nthree\nfour\nfive\n"
    # Read again, and the change goes through; the set's own write is known, so the
    # next edit needs no read.
    assert set_["read_file"].execute({"path": "./notes.md"})["success"]
    assert set_["edit_file"].execute({"path": "notes.md", "old_text": "one", "new_text": "1"})["success"]
    assert set_["edit_file"].execute({"path": "notes.md", "old_text": "TWO", "new_text": "2"})["success"]
    assert (folder / "notes.md").read_bytes() == b"1\n2\nthree\nfour\nfive\n"


def test_a_change_of_one_file_is_one_call_of_the_read_state(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Without approve, edit_file, multi_edit, write_file and delete_range make their
    # change through ReadState.change (the version found, the change made and recorded
    # in one native call), never through the library's functions and a second call.
    folder = tmp_path / "project"
    folder.mkdir()
    (folder / "a.txt").write_bytes(b"one\r\ntwo\r\nthree\r\n")
    native = eol_edit._native

    def not_called(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("the library function was called")

    for name in ("edit_file", "multi_edit", "write_file", "delete_range"):
        monkeypatch.setattr(native, name, not_called)
    set_ = create_tools(root=str(folder), require_read=True)
    refused = set_["edit_file"].execute({"path": "a.txt", "old_text": "one", "new_text": "1"})
    assert refused["error"] == "FILE_CHANGED" and "has not been read yet" in refused["data"]
    assert set_["read_file"].execute({"path": "a.txt"})["success"]
    assert set_["edit_file"].execute({"path": "a.txt", "old_text": "one", "new_text": "1"})["success"]
    edits = [{"old_text": "two", "new_text": "2"}]
    assert set_["multi_edit"].execute({"path": "a.txt", "edits": edits})["success"]
    deleted = set_["delete_range"].execute({"path": "a.txt", "start_anchor": "3", "end_anchor": "3", "inclusive": True})
    assert deleted["success"], deleted
    assert (folder / "a.txt").read_bytes() == b"1\r\n2\r\n"
    # A change from outside is explained with what changed since the tools' own write.
    (folder / "a.txt").write_bytes(b"1\r\nTWO\r\n")
    moved = set_["write_file"].execute({"path": "a.txt", "content": "x\n"})
    assert moved["error"] == "FILE_CHANGED" and "TWO" in moved["data"]
    assert (folder / "a.txt").read_bytes() == b"1\r\nTWO\r\n"


def test_read_state_change_refuses_what_it_does_not_take(tmp_path: Path) -> None:
    path = tmp_path / "a.txt"
    path.write_bytes(b"one\r\n")
    state = eol_edit._native.ReadState()
    for function, args, options, says in [
        ("rename", ("a", "b"), {}, "is not a change of one file"),
        ("edit_file", ("one",), {}, "takes 2 positional arguments after the path, not 1"),
        ("write_file", ("x", "y"), {}, "takes 1 positional argument after the path, not 2"),
        ("edit_file", ("one", "1"), {"inclusive": True}, "unexpected keyword argument 'inclusive'"),
        ("edit_file", ("one", "1"), {"dry_run": True}, "dry_run and expected_version are not taken"),
        ("edit_file", ("one", "1"), {"expected_version": "0" * 32}, "not taken"),
    ]:
        with pytest.raises(TypeError, match=says):
            state.change(function, str(path), args, options)  # type: ignore[arg-type]
    with pytest.raises(eol_edit.TextNotFound):
        state.change("edit_file", str(path), ("zero", "0"), {})
    assert path.read_bytes() == b"one\r\n"
    r = state.change("edit_file", str(path), ("one", "1"), {"guards": ["control"]})
    assert path.read_bytes() == b"1\r\n"
    assert state.version(str(path)) == r.version
    with pytest.raises(eol_edit.SuspectContent):
        state.change("write_file", str(path), ("a\0\n",), {"guards": ["control"]})
    assert path.read_bytes() == b"1\r\n"


def test_require_read_refuses_an_unread_file_but_creates_a_new_one(tmp_path: Path) -> None:
    folder = tmp_path / "project"
    lay_out(folder)
    set_ = create_tools(root=str(folder), require_read=True)
    refused = set_["write_file"].execute({"path": "notes.md", "content": "x\n"})
    assert refused["error"] == "FILE_CHANGED" and "has not been read yet" in refused["data"]
    assert (folder / "notes.md").read_bytes() == FILES["notes.md"]
    assert set_["write_file"].execute({"path": "new.txt", "content": "x\n"})["success"]
    assert (folder / "new.txt").read_bytes() == b"x\n"


def test_approve_sees_the_dry_run_and_can_let_it_through(tmp_path: Path) -> None:
    folder = tmp_path / "project"
    lay_out(folder)
    asked: List[Dict[str, Any]] = []

    def approve(request: Dict[str, Any]) -> bool:
        asked.append(request)
        assert (folder / "notes.md").read_bytes() == FILES["notes.md"]
        return True

    set_ = create_tools(root=str(folder), approve=approve)
    result = set_["edit_file"].execute({"path": "notes.md", "old_text": "two", "new_text": "2"})
    assert result["success"], result
    assert asked[0]["tool"] == "edit_file" and asked[0]["path"] == "notes.md"
    assert asked[0]["summary"] == "edit_file notes.md: +1 -1 lines" and "+2" in asked[0]["diff"]
    assert (folder / "notes.md").read_bytes() == b"one\n2\nthree\nfour\nfive\n"


def test_what_is_approved_is_what_is_written(tmp_path: Path) -> None:
    # A file changed, or created, while the user decided: FILE_CHANGED, nothing written.
    folder = tmp_path / "project"
    lay_out(folder)

    def meddle(request: Dict[str, Any]) -> bool:
        (folder / request["path"]).write_bytes(b"meanwhile\n")
        return True

    set_ = create_tools(root=str(folder), approve=meddle)
    changed = set_["edit_file"].execute({"path": "notes.md", "old_text": "two", "new_text": "2"})
    assert changed["error"] == "FILE_CHANGED", changed
    created = set_["write_file"].execute({"path": "fresh.txt", "content": "mine\n"})
    assert created["error"] == "FILE_CHANGED", created
    assert (folder / "notes.md").read_bytes() == b"meanwhile\n"
    assert (folder / "fresh.txt").read_bytes() == b"meanwhile\n"


def test_the_bytes_written_are_the_ones_shown(tmp_path: Path) -> None:
    # A new file's endings are the project's (.editorconfig), read when the change is
    # worked out. The user is shown LF lines; while they decide, the project switches
    # to CRLF: the file gets what was approved, not a second computation's CRLF.
    config = tmp_path / ".editorconfig"
    calls = [
        ("write_file", {"path": "shown.txt", "content": "one\ntwo\n"}, "shown.txt"),
        ("apply_patch", {"input": "*** Begin Patch\n*** Add File: shown2.txt\n+one\n+two\n*** End Patch"}, "shown2.txt"),
    ]
    for name, args, created in calls:
        config.write_bytes(b"root = true\n[*]\nend_of_line = lf\n")
        asked: List[Dict[str, Any]] = []

        def approve(request: Dict[str, Any]) -> bool:
            asked.append(request)
            config.write_bytes(b"root = true\n[*]\nend_of_line = crlf\n")
            return True

        set_ = create_tools(root=str(tmp_path), approve=approve)
        result = set_[name].execute(args)
        assert result["success"], result
        assert len(asked) == 1 and asked[0]["diff"] == result["diff"]
        assert (tmp_path / created).read_bytes() == b"one\ntwo\n"
        # The tool set remembers the written file's version: an edit goes through.
        again = set_["edit_file"].execute({"path": created, "old_text": "two", "new_text": "TWO"})
        assert again["success"], again
        assert (tmp_path / created).read_bytes() == b"one\nTWO\n"


def test_threads_of_one_tool_set_each_find_the_version_the_last_left(tmp_path: Path) -> None:
    # An agent loop running tool calls in parallel: every edit of the file read once
    # goes through, none lost, none refused as changed by the set's own write.
    (tmp_path / "many.txt").write_bytes(b"".join(b"line %d\r\n" % i for i in range(16)))
    set_ = create_tools(root=str(tmp_path), require_read=True)
    assert set_["read_file"].execute({"path": "many.txt"})["success"]
    results: List[Dict[str, Any]] = []

    def edit(i: int) -> None:
        results.append(set_["edit_file"].execute({"path": "many.txt", "old_text": f"line {i}\n", "new_text": f"LINE {i}\n"}))

    threads = [threading.Thread(target=edit, args=(i,)) for i in range(16)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert [r["success"] for r in results] == [True] * 16, [r["data"] for r in results if not r["success"]]
    assert (tmp_path / "many.txt").read_bytes() == b"".join(b"LINE %d\r\n" % i for i in range(16))


def test_a_shared_read_state_counts_reads_and_writes_of_every_set_and_the_host(tmp_path: Path) -> None:
    lay_out(tmp_path)
    shared = eol_tools.create_read_state(cwd=str(tmp_path))
    a = create_tools(root=str(tmp_path), require_read=True, read_state=shared)
    b = create_tools(root=str(tmp_path), require_read=True, read_state=shared)
    alone = create_tools(root=str(tmp_path), require_read=True)
    assert a["read_file"].execute({"path": "notes.md"})["success"]
    # Read through a: b may change it; a set of its own may not.
    assert b["edit_file"].execute({"path": "notes.md", "old_text": "one", "new_text": "1"})["success"]
    assert alone["edit_file"].execute({"path": "notes.md", "old_text": "two", "new_text": "2"})["error"] == "FILE_CHANGED"
    # b's write is no outside change to a.
    assert a["edit_file"].execute({"path": "notes.md", "old_text": "two", "new_text": "2"})["success"]
    # The host's own read counts; forgetting it makes the set ask for a read again.
    version = eol_edit.read_file(tmp_path / "crlf.txt").version
    shared.mark_read("crlf.txt", version=version)
    assert b["edit_file"].execute({"path": "crlf.txt", "old_text": "alpha", "new_text": "A"})["success"]
    shared.forget("crlf.txt")
    refused = a["edit_file"].execute({"path": "crlf.txt", "old_text": "gamma", "new_text": "G"})
    assert refused["error"] == "FILE_CHANGED" and "has not been read yet" in refused["data"]
    assert (tmp_path / "notes.md").read_bytes() == b"1\n2\nthree\nfour\nfive\n"
    assert (tmp_path / "crlf.txt").read_bytes() == b"A\r\nbeta\r\ngamma\r\nbeta\r\n"
    with pytest.raises(TypeError):
        create_tools(read_state=object())  # type: ignore[arg-type]
    with pytest.raises(eol_edit.InvalidArgument):
        eol_tools.create_read_state(cwd=str(tmp_path / "nope"))


def test_mark_read_content_counts_the_host_read_only_while_the_file_has_it(tmp_path: Path) -> None:
    (tmp_path / "crlf.txt").write_bytes(b"one\r\ntwo\r\n")
    gbk = b"\xd6\xd0\xce\xc4\r\nascii\r\n"
    (tmp_path / "gbk.txt").write_bytes(gbk)
    shared = eol_tools.create_read_state(cwd=str(tmp_path))
    tools = create_tools(root=str(tmp_path), require_read=True, read_state=shared)
    # Text as the host read it, CRLF or LF, and the exact bytes: the file the model saw.
    for content in ["one\r\ntwo\r\n", "one\ntwo\n", b"one\r\ntwo\r\n"]:
        shared.mark_read("crlf.txt", content=content)
        done = tools["edit_file"].execute({"path": "crlf.txt", "old_text": "two", "new_text": "TWO"})
        assert done["success"], (content, done["data"])
        assert tools["edit_file"].execute({"path": "crlf.txt", "old_text": "TWO", "new_text": "two"})["success"]
    # A file that is not UTF-8, read one byte for one character (Latin-1).
    shared.mark_read("gbk.txt", content=gbk.decode("latin-1"))
    assert tools["edit_file"].execute({"path": "gbk.txt", "old_text": "ascii", "new_text": "ASCII"})["success"]
    assert (tmp_path / "gbk.txt").read_bytes() == b"\xd6\xd0\xce\xc4\r\nASCII\r\n"
    # What the file does not have: stale, every change fails until it is read again.
    for content in ["one\nold\n", b"one\ntwo\n", "one\r\ntwo\ud800\r\n"]:
        shared.mark_read("crlf.txt", content=content)
        refused = tools["edit_file"].execute({"path": "crlf.txt", "old_text": "two", "new_text": "2"})
        assert refused["error"] == "FILE_CHANGED", content
    assert (tmp_path / "crlf.txt").read_bytes() == b"one\r\ntwo\r\n"
    assert tools["read_file"].execute({"path": "crlf.txt"})["success"]
    assert tools["edit_file"].execute({"path": "crlf.txt", "old_text": "two", "new_text": "2"})["success"]
    # A file read whole as text keeps its lines: a change from outside is shown.
    shared.mark_read("crlf.txt", content="one\n2\n")
    (tmp_path / "crlf.txt").write_bytes(b"one\r\nTWO\r\n")
    shown = tools["edit_file"].execute({"path": "crlf.txt", "old_text": "one", "new_text": "1"})
    assert shown["error"] == "FILE_CHANGED" and "+ 2│TWO" in shown["data"], shown["data"]
    with pytest.raises(TypeError, match="either version or content"):
        shared.mark_read("crlf.txt")
    with pytest.raises(TypeError, match="either version or content"):
        shared.mark_read("crlf.txt", version="v", content="x")
    with pytest.raises(TypeError, match="content must be"):
        shared.mark_read("crlf.txt", content=1)  # type: ignore[arg-type]


def test_a_write_keeps_the_seen_text_up_to_date_from_its_diff(tmp_path: Path) -> None:
    (tmp_path / "f.txt").write_bytes(b"".join(b"line %d\r\n" % i for i in range(200)))
    tools = create_tools(root=str(tmp_path))
    assert tools["read_file"].execute({"path": "f.txt"})["success"]
    for i in range(40):
        done = tools["edit_file"].execute({"path": "f.txt", "old_text": f"line {i}\n", "new_text": f"LINE {i}\n"})
        assert done["success"], done["data"]
    # A formatter after forty writes: the message shows its change, not the writes'.
    text = (tmp_path / "f.txt").read_bytes().replace(b"line 150\r\n", b"line 150 formatted\r\n")
    (tmp_path / "f.txt").write_bytes(text)
    shown = tools["edit_file"].execute({"path": "f.txt", "old_text": "line 199", "new_text": "end"})
    assert shown["error"] == "FILE_CHANGED"
    assert "- 151│line 150\n+ 151│line 150 formatted" in shown["data"], shown["data"]
    assert "LINE" not in shown["data"]


def test_host_mistakes_raise_at_creation(tmp_path: Path) -> None:
    with pytest.raises(eol_edit.InvalidArgument, match="does not exist"):
        create_tools(root=str(tmp_path / "nope"))
    with pytest.raises(TypeError):
        create_tools(require_read="yes")  # type: ignore[arg-type]
    with pytest.raises(eol_edit.InvalidArgument, match="not a guard"):
        create_tools(guards={"placeholders": "off"})


# ---------------------------------------------------------------------------
# A model's loop on every kind of file


def utf16(text: str) -> bytes:
    return b"\xff\xfe" + text.encode("utf-16-le")


LOOP_FILES = [
    ("crlf.txt", b"one\r\ntwo\r\nthree\r\n", None, "two", "TWO\nand more", b"one\r\nTWO\r\nand more\r\nthree\r\n"),
    ("mixed.txt", b"a\r\nb\nc\r\n", None, "b", "B", b"a\r\nB\nc\r\n"),
    ("lone_cr.txt", b"x\ry\rz\r", None, "y\nz", "Y\nZ", b"x\rY\rZ\r"),
    ("bom.txt", b"\xef\xbb\xbfhead\r\nbody\r\n", None, "body", "BODY", b"\xef\xbb\xbfhead\r\nBODY\r\n"),
    ("utf16.txt", utf16("first\r\nsecond\r\n"), None, "second", "2nd", utf16("first\r\n2nd\r\n")),
    ("gbk.txt", "标题\r\n内容\r\n".encode("gbk"), "gbk", "内容", "新内容", "标题\r\n新内容\r\n".encode("gbk")),
]


@pytest.mark.parametrize("name,content,encoding,old,new,expected", LOOP_FILES)
def test_a_scripted_model_reads_then_edits_and_the_bytes_are_exact(
    name: str, content: bytes, encoding: Optional[str], old: str, new: str, expected: bytes, tmp_path: Path
) -> None:
    (tmp_path / name).write_bytes(content)
    set_ = create_tools(root=str(tmp_path), require_read=True)
    extra = {} if encoding is None else {"encoding": encoding}
    # The scripted model: a read, then an edit of what it read, in the LF view.
    script = [
        ("read_file", {"path": name, **extra}),
        ("edit_file", {"path": name, "old_text": old, "new_text": new, **extra}),
    ]
    transcript = []
    for tool, args in script:
        # Arguments arrive as JSON text, as OpenAI delivers them.
        result = set_[tool].execute(json.dumps(args))
        transcript.append(result)
        assert result["success"], result["data"]
    assert "\r" not in transcript[0]["data"].split("\n", 1)[1]
    assert (tmp_path / name).read_bytes() == expected


def test_the_example_tool_loop_runs(tmp_path: Path) -> None:
    out = subprocess.run(
        [sys.executable, str(REPO / "python" / "examples" / "tool_loop.py"), str(tmp_path)],
        capture_output=True, text=True, check=True,
    )
    assert "hello.txt" in out.stdout
    assert (tmp_path / "hello.txt").read_bytes() == b"Hello\r\nWorld, edited\r\n"
