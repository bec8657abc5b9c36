"""What is at a path is the core's answer, never the package's: the tools and the
vendors' editors ask ``eol_edit._native.path_info`` (the core's ``path_info``, which the
Node binding's ``pathInfo`` is too) whether a root, a cwd or a path is a folder or a
file, and do no file-system work of their own. Checked by behaviour (the same answers
and words as the Node package, with links and a file swapped for a folder between
calls), by running the package with Python's own file-system functions made to fail,
and by a guard over its source."""

from __future__ import annotations

import builtins
import contextlib
import io
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any, Callable, Dict, Iterator, List, Optional

import pytest

import eol_edit
from eol_edit import _native
from eol_edit.anthropic import TextEditor
from eol_edit.tools import create_read_state, create_tools

from conftest import snapshot

REPO = Path(__file__).resolve().parents[2]
PACKAGE = REPO / "python" / "eol_edit"
NODE = shutil.which("node")
needs_node = pytest.mark.skipif(
    NODE is None or not (REPO / "tools.js").exists() or not any(REPO.glob("*.node")),
    reason="needs node and the built addon (npm run build) to compare with",
)
posix_only = pytest.mark.skipif(sys.platform == "win32", reason="symlinks and FIFOs as POSIX makes them")


def lay_out(base: Path) -> Path:
    """A root with a file, a folder, a link inside it to a folder outside, a link to a
    folder inside, and a FIFO beside it."""
    root = base / "root"
    (root / "sub").mkdir(parents=True)
    (root / "other" / "deep").mkdir(parents=True)
    (root / "a.txt").write_bytes(b"one\r\ntwo\r\n")
    (root / "sub" / "x.txt").write_bytes(b"x\n")
    (base / "outside").mkdir()
    (base / "outside" / "secret.txt").write_bytes(b"s")
    if sys.platform != "win32":
        os.symlink(base / "outside", root / "out")
        os.symlink(os.path.join("..", "other", "deep"), root / "sub" / "link")
        os.mkfifo(base / "fifo")
    return root


def probes(base: Path) -> List[str]:
    root = base / "root"
    return [
        str(root / "a.txt"),
        str(root),
        str(root / "missing.txt"),
        str(base / "no-folder" / "missing.txt"),
        str(root / "out"),
        str(root / "sub" / "link"),
        # `..` after a link is the parent of where it points (root/other), as `open`
        # takes it: no a.txt there.
        os.path.join(str(root / "sub" / "link"), "..", "a.txt"),
        os.path.join(str(root / "sub" / "link"), "..", "deep"),
        str(base / "fifo"),
        str(root / "a\0b"),
    ]


# ---------------------------------------------------------------------------
# path_info itself


@posix_only
def test_path_info_says_what_is_there_through_links(tmp_path: Path) -> None:
    lay_out(tmp_path)
    real_base = os.path.realpath(tmp_path)
    r = os.path.join(real_base, "root")
    seen = {p: _native.path_info(p) for p in probes(tmp_path)}
    got = [(i.real, i.kind, i.size) for i in seen.values()]
    assert got == [
        (os.path.join(r, "a.txt"), "file", 10),
        (r, "folder", 0),
        (os.path.join(r, "missing.txt"), None, 0),
        (str(tmp_path / "no-folder" / "missing.txt"), None, 0),
        (os.path.join(real_base, "outside"), "folder", 0),
        (os.path.join(r, "other", "deep"), "folder", 0),
        (os.path.join(r, "other", "a.txt"), None, 0),
        (os.path.join(r, "other", "deep"), "folder", 0),
        (os.path.join(real_base, "fifo"), "other", 0),
        (str(tmp_path / "root" / "a\0b"), None, 0),
    ]
    # Without resolve, the path is kept as given; what is there is the same.
    for path, info in seen.items():
        plain = _native.path_info(path, resolve=False)
        assert (plain.real, plain.kind, plain.size) == (path, info.kind, info.size)
    # bytes and os.PathLike name the same path.
    assert _native.path_info(os.fsencode(tmp_path / "root" / "a.txt")).kind == "file"
    assert _native.path_info(tmp_path / "root").kind == "folder"
    assert repr(_native.path_info(str(tmp_path / "root" / "missing.txt"), resolve=False)) == (
        f"PathInfo(real={str(tmp_path / 'root' / 'missing.txt')!r}, kind=None, size=0)"
    )


def test_path_info_refuses_what_is_no_path_and_nothing_else(tmp_path: Path) -> None:
    with pytest.raises(TypeError, match=r"^path must be a path \(str, bytes or os.PathLike\), not int\.$") as caught:
        _native.path_info(3)  # type: ignore[arg-type]
    assert isinstance(caught.value, eol_edit.InvalidArgument) and caught.value.code == "INVALID_ARGUMENT"
    # A path no file can have is not there: no error (the operation that uses it says
    # what is wrong with it).
    for path in ["", "a\0b", str(tmp_path / ("n" * 5000)), str(tmp_path / "\ud800.txt")]:
        for resolve in (True, False):
            info = _native.path_info(path, resolve=resolve)
            assert (info.kind, info.size) == (None, 0), path
            assert info.real == path or resolve
    # A str no file system encoding can encode is kept as given.
    assert _native.path_info(str(tmp_path / "\ud800.txt")).real == str(tmp_path / "\ud800.txt")


@posix_only
@needs_node
def test_path_info_is_the_node_bindings_answer(tmp_path: Path) -> None:
    lay_out(tmp_path)
    paths = probes(tmp_path)
    script = (
        "const core = require(process.argv[1]);"
        "const paths = JSON.parse(require('node:fs').readFileSync(0, 'utf8'));"
        "process.stdout.write(JSON.stringify(paths.flatMap((p) => [true, false].map((resolve) => {"
        " const i = core.pathInfo(p, { resolve }); return [i.real, i.kind === undefined ? null : i.kind, i.size] }))))"
    )
    assert NODE is not None
    out = subprocess.run(
        [NODE, "-e", script, str(REPO / "index.js")], input=json.dumps(paths), capture_output=True, text=True, check=True
    )
    theirs = json.loads(out.stdout)
    ours = [
        [i.real, i.kind, i.size] for p in paths for i in (_native.path_info(p), _native.path_info(p, resolve=False))
    ]
    assert ours == theirs


# ---------------------------------------------------------------------------
# The same words as the Node package where the answer depends on what is there

NODE_STEPS = r"""
const fs = require('node:fs'), path = require('node:path')
const tools = require(path.join(process.argv[1], 'tools.js'))
;(async () => {
  const { root, steps } = JSON.parse(fs.readFileSync(0, 'utf8'))
  const set = tools.createTools({ root })
  const editor = tools.createAnthropicTextEditor({ root, cwd: root })
  const out = []
  for (const s of steps) {
    if (s.make_folder) {
      fs.rmSync(path.join(root, s.make_folder), { recursive: true, force: true })
      fs.mkdirSync(path.join(root, s.make_folder))
      fs.writeFileSync(path.join(root, s.make_folder, 'inner.txt'), 'i\n')
      out.push(null)
    } else if (s.make_file) {
      fs.rmSync(path.join(root, s.make_file), { recursive: true, force: true })
      fs.writeFileSync(path.join(root, s.make_file), 'now a file\r\n')
      out.push(null)
    } else if (s.tool) {
      out.push(await set[s.tool].execute(s.args))
    } else {
      out.push(await editor.execute(s.editor))
    }
  }
  process.stdout.write(JSON.stringify(out))
})()
"""

# A file swapped for a folder between calls (and back), and folders named through links
# in and out of the root: each answer is what is there at the call.
STEPS: List[Dict[str, Any]] = [
    {"editor": {"command": "view", "path": "a.txt"}},
    {"tool": "write_file", "args": {"path": "a.txt", "content": "ONE\ntwo\n"}},
    {"make_folder": "a.txt"},
    {"editor": {"command": "view", "path": "a.txt"}},
    {"editor": {"command": "view", "path": "a.txt", "view_range": [1, 2]}},
    {"tool": "read_file", "args": {"path": "a.txt"}},
    {"tool": "write_file", "args": {"path": "a.txt", "content": "x\n"}},
    {"editor": {"command": "create", "path": "a.txt", "file_text": "x\n"}},
    {"make_file": "a.txt"},
    {"editor": {"command": "view", "path": "a.txt"}},
    {"tool": "write_file", "args": {"path": "a.txt", "content": "back\n"}},
    {"tool": "read_file", "args": {"path": "a.txt"}},
    {"tool": "write_file", "args": {"path": "a.txt", "content": "back\n"}},
    {"tool": "write_file", "args": {"path": "fresh.txt", "content": "new\n"}},
    {"editor": {"command": "view", "path": "out"}},
    {"editor": {"command": "view", "path": "out", "view_range": [1, 1]}},
    {"tool": "write_file", "args": {"path": "out/secret.txt", "content": "leak\n"}},
    {"editor": {"command": "view", "path": "sub/link"}},
    {"editor": {"command": "view", "path": "sub"}},
    {"tool": "write_file", "args": {"path": "sub/link/new.txt", "content": "n\n"}},
]


def run_steps_in_python(root: Path) -> List[Any]:
    set_ = create_tools(root=str(root))
    editor = TextEditor(root=str(root), cwd=str(root))
    out: List[Any] = []
    for s in STEPS:
        if "make_folder" in s:
            target = root / s["make_folder"]
            target.unlink() if target.is_file() else shutil.rmtree(target)
            target.mkdir()
            (target / "inner.txt").write_bytes(b"i\n")
            out.append(None)
        elif "make_file" in s:
            target = root / s["make_file"]
            shutil.rmtree(target) if target.is_dir() else target.unlink()
            target.write_bytes(b"now a file\r\n")
            out.append(None)
        elif "tool" in s:
            out.append(json.loads(json.dumps(set_[s["tool"]].execute(s["args"]))))
        else:
            out.append(json.loads(json.dumps(editor.execute(s["editor"]))))
    return out


@posix_only
@needs_node
def test_a_file_swapped_for_a_folder_and_links_get_the_node_packages_words(tmp_path: Path) -> None:
    js_root, py_root = lay_out(tmp_path / "js"), lay_out(tmp_path / "py")
    assert NODE is not None
    out = subprocess.run(
        [NODE, "-e", NODE_STEPS, str(REPO)],
        input=json.dumps({"root": str(js_root), "steps": STEPS}),
        capture_output=True,
        text=True,
        check=True,
    )
    theirs = json.loads(out.stdout.replace(str(tmp_path / "js"), "<base>"))
    ours = json.loads(json.dumps(run_steps_in_python(py_root)).replace(str(tmp_path / "py"), "<base>"))
    for step, mine, js_result in zip(STEPS, ours, theirs):
        assert mine == js_result, step
    assert len(ours) == len(theirs) == len(STEPS)
    assert snapshot(py_root) == snapshot(js_root)
    assert (tmp_path / "py" / "outside" / "secret.txt").read_bytes() == b"s"


@posix_only
def test_a_file_swapped_for_a_folder_between_calls_is_seen_at_each_call(tmp_path: Path) -> None:
    root = lay_out(tmp_path)
    step = run_steps_in_python(root)
    assert step[0] == {"content": "1: one\n2: two"}
    assert step[1]["data"].startswith("Wrote a.txt: +1 -1 lines. Existing line endings and BOM kept; endings now: CRLF.")
    # Now a folder: listed, a range refused for it, and neither read nor written.
    assert step[3] == {
        "content": "Files and folders in a.txt/, two levels deep (hidden ones left out):\na.txt/inner.txt"
    }
    assert step[4] == {"content": "INVALID_ARGUMENT: view_range applies to a file, but a.txt is a folder.", "is_error": True}
    for i in (5, 6):
        assert step[i]["error"] == "NOT_A_FILE", step[i]
    assert step[7] == {"content": "NOT_A_FILE: Not a file: a.txt is a folder. Give the path of a text file.", "is_error": True}
    # A file again: read, refused until the tool set reads it, then written as an
    # existing file (its CRLF kept).
    assert step[9] == {"content": "1: now a file"}
    assert step[10]["error"] == "FILE_CHANGED"
    assert step[12]["data"].startswith("Wrote a.txt: +1 -1 lines. Existing line endings and BOM kept")
    assert (root / "a.txt").read_bytes() == b"back\r\n"
    assert step[13]["data"] == "Created fresh.txt: 1 line, line endings: LF."
    # A folder outside the root, through a link: never listed, never written.
    assert step[14]["is_error"] is True and step[14]["content"].startswith("PATH_OUTSIDE_ROOT: ")
    assert step[15]["is_error"] is True and "out is a folder" in step[15]["content"]
    assert step[16]["error"] == "PATH_OUTSIDE_ROOT"
    assert (tmp_path / "outside" / "secret.txt").read_bytes() == b"s"
    # A folder inside the root, through a link: listed, and written into.
    assert step[17]["content"].startswith("Files and folders in sub/link/, two levels deep")
    assert step[19]["data"] == "Created sub/link/new.txt: 1 line, line endings: LF."
    assert (root / "other" / "deep" / "new.txt").read_bytes() == b"n\n"


@posix_only
def test_write_file_says_created_where_the_core_creates_the_file(tmp_path: Path) -> None:
    # sub/link/../x.txt is root/other/x.txt where `open` (and the core) take it: a new
    # file, though root/sub/x.txt exists by the spelling alone. The Node tool set words
    # it by the spelling (lib/tools/session.js isFile resolves `..` lexically) and says
    # "Wrote … +1 -0"; the core's answer for the path as written is the right one.
    root = lay_out(tmp_path)
    result = create_tools(root=str(root))["write_file"].execute({"path": "sub/link/../x.txt", "content": "new\n"})
    assert result["data"] == "Created sub/link/../x.txt: 1 line, line endings: LF.", result
    assert (root / "other" / "x.txt").read_bytes() == b"new\n"
    assert (root / "sub" / "x.txt").read_bytes() == b"x\n"


def test_roots_and_cwds_that_are_no_folder_are_named_in_the_words_of_each_layer(tmp_path: Path) -> None:
    (tmp_path / "f.txt").write_bytes(b"f")
    missing, a_file = str(tmp_path / "nope"), str(tmp_path / "f.txt")
    unencodable = str(tmp_path / "\ud800")
    cases: List[Any] = [
        (lambda: create_tools(root=unencodable), f"create_tools: root {json.dumps(unencodable)} does not exist."),
        (lambda: TextEditor(cwd=unencodable), f"TextEditor(): cwd {json.dumps(unencodable)} does not exist."),
        (lambda: create_tools(root=missing), f"create_tools: root {json.dumps(missing)} does not exist."),
        (lambda: create_tools(root=a_file), f"create_tools: root {json.dumps(a_file)} is not a folder."),
        (lambda: create_tools(cwd=a_file), f"create_tools: cwd {json.dumps(a_file)} is not a folder."),
        (lambda: TextEditor(root=missing), f"TextEditor(): root {json.dumps(missing)} does not exist."),
        (lambda: TextEditor(cwd=a_file), f"TextEditor(): cwd {json.dumps(a_file)} is not a folder."),
        (
            lambda: create_read_state(cwd=a_file),
            f"create_read_state: cwd {json.dumps(a_file)} is not an existing folder.",
        ),
    ]
    for make, head in cases:
        with pytest.raises(eol_edit.InvalidArgument) as caught:
            make()
        option = "root" if "root " in head else "cwd"
        assert str(caught.value) == f"{head} Pass an existing folder as {option}.", str(caught.value)
        assert caught.value.hint == f"Pass an existing folder as {option}."


# ---------------------------------------------------------------------------
# No file-system work of the package's own


@contextlib.contextmanager
def python_file_system_refused(monkeypatch: pytest.MonkeyPatch) -> Iterator[List[str]]:
    """Within it, Python's own ways to look at or open a file raise (the core's, in
    Rust, still work); each use is recorded."""
    used: List[str] = []

    def refuse(name: str) -> Callable[..., Any]:
        def call(*args: Any, **kwargs: Any) -> Any:
            used.append(name)
            raise AssertionError(f"the package called {name}{args!r}")

        return call

    with monkeypatch.context() as m:
        for module, names in [
            (os, ["stat", "lstat", "scandir", "listdir", "open", "access"]),
            (os.path, ["isdir", "isfile", "exists", "lexists", "islink", "getsize", "realpath", "samefile"]),
        ]:
            for name in names:
                m.setattr(module, name, refuse(f"{module.__name__}.{name}"))
        m.setattr(builtins, "open", refuse("open"))
        m.setattr(io, "open", refuse("io.open"))
        yield used


def test_the_tools_and_editors_look_nothing_up_through_python(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root = tmp_path / "root"
    root.mkdir()
    (root / "a.txt").write_bytes(b"one\r\ntwo\r\n")
    (root / "folder").mkdir()
    (root / "folder" / "b.txt").write_bytes(b"b\n")
    r = str(root)

    with python_file_system_refused(monkeypatch) as used:
        state = create_read_state(cwd=r)
        set_ = create_tools(root=r, cwd=r, read_state=state)
        assert set_["read_file"].execute({"path": "a.txt"})["success"] is True
        wrote = set_["write_file"].execute({"path": "a.txt", "content": "ONE\ntwo\n"})
        created = set_["write_file"].execute({"path": "new.txt", "content": "n\n"})
        editor = TextEditor(root=r, cwd=r, read_state=state, version="text_editor_20250124")
        listing = editor.execute({"command": "view", "path": "folder"})
        viewed = editor.execute({"command": "view", "path": "a.txt"})
        replaced = editor.execute({"command": "str_replace", "path": "a.txt", "old_str": "two", "new_str": "2"})
        undone = editor.execute({"command": "undo_edit", "path": "a.txt"})
        refusals = []
        for make in [
            lambda: create_tools(root=str(tmp_path / "nope")),
            lambda: TextEditor(root=str(root / "a.txt")),
            lambda: create_read_state(cwd=str(root / "a.txt")),
        ]:
            try:
                make()
            except eol_edit.InvalidArgument as e:
                refusals.append(str(e))
    assert used == []
    assert wrote["data"].startswith("Wrote a.txt: ") and created["data"].startswith("Created new.txt: ")
    assert listing["content"].endswith("\nfolder/b.txt") and viewed["content"] == "1: ONE\n2: two"
    assert replaced["content"].startswith("Replaced old_str in a.txt, line 2.")
    assert "is_error" not in undone, undone
    assert [re.sub(r'"[^"]*"', "<path>", e) for e in refusals] == [
        "create_tools: root <path> does not exist. Pass an existing folder as root.",
        "TextEditor(): root <path> is not a folder. Pass an existing folder as root.",
        "create_read_state: cwd <path> is not an existing folder. Pass an existing folder as cwd.",
    ], refusals
    assert (root / "a.txt").read_bytes() == b"ONE\r\ntwo\r\n"


def test_the_package_source_has_no_file_system_calls_of_its_own() -> None:
    # A guard beside the behaviour tests above: path arithmetic (os.path.join, normpath,
    # abspath, fspath) is fine; looking at or opening a file is the core's work.
    forbidden = re.compile(
        r"\bos\.(stat|lstat|scandir|listdir|walk|open|access)\s*\("
        r"|\bos\.path\.(isdir|isfile|exists|lexists|islink|ismount|getsize|getmtime|realpath|samefile)\b"
        r"|\bpathlib\b|(?<![\w.])open\s*\(|\bshutil\b"
    )
    sources = sorted(PACKAGE.glob("*.py"))
    assert {p.name for p in sources} >= {"tools.py", "anthropic.py", "openai.py"}
    found = [
        f"{p.name}:{n}: {line.strip()}"
        for p in sources
        for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
        if forbidden.search(line.split("#", 1)[0])
    ]
    assert found == []
