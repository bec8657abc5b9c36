"""eol_edit.openai.ApplyPatchEditor: the OpenAI Agents SDKs' own cases
(__test__/fixtures/openai-agents/cases.json, their apply_diff tests and their editors'
tests as data, which __test__/openai-agents-vendor.spec.ts runs through the JavaScript
editor), each with its file in LF, CRLF, mixed endings and with a BOM, on real files,
checked byte for byte; then what the editor does at the edges (a path outside the
root, a move, a failure, a delete, a create over a file that exists), and the SDK's
own Runner driving it."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any, Callable, Dict, List, Optional, Tuple

import pytest
from agents.editor import ApplyPatchOperation, ApplyPatchResult

from eol_edit.openai import ApplyPatchEditor, EditorResult

REPO = Path(__file__).resolve().parents[2]
FIXTURE = json.loads((REPO / "__test__" / "fixtures" / "openai-agents" / "cases.json").read_text("utf-8"))
CASES: List[Dict[str, Any]] = FIXTURE["cases"]
VARIANTS = ["lf", "crlf", "mixed", "bom"]
BOM = b"\xef\xbb\xbf"


def crlf(text: str) -> str:
    return re.sub(r"\r?\n", "\r\n", text)


def lines(text: str) -> List[Tuple[str, bool]]:
    """The LF text's lines, each with whether it ends with a line break."""
    out = [(t, True) for t in text.split("\n")]
    last = out.pop()
    if last[0] != "":
        out.append((last[0], False))
    return out


def mixed_endings(text: str) -> List[str]:
    """The mixed variant of a file: its first line ends with LF, every other with CRLF."""
    return ["" if not broken else "\n" if i == 0 else "\r\n" for i, (_, broken) in enumerate(lines(text))]


def majority(endings: List[str]) -> Optional[str]:
    lf = endings.count("\n")
    cr = endings.count("\r\n")
    return "\n" if lf > cr else "\r\n" if cr > lf else None


def mixed_result(before: str, after: str, diff: str = "") -> str:
    """The reference's LF result as eol-edit writes it over the mixed variant of
    `before` (the JavaScript spec's rule): lines kept keep their ending, a changed line
    takes the ending of the line it replaces, an added line the ending most of the
    lines its hunk matched have, else the file's dominant one."""
    a = lines(before)
    b = lines(after)
    endings = mixed_endings(before)
    file_dominant = majority([e for e in endings if e != ""]) or "\n"
    matched = {l[1:] for l in re.split(r"\r?\n", diff) if l == "" or l.startswith(" ") or l.startswith("-")}
    region = [e for k, e in enumerate(endings) if a[k][0] in matched]
    dominant = (majority([e for e in region if e != ""]) if len(region) > 1 else None) or file_dominant
    n, m = len(a), len(b)
    t = [[0] * (m + 1) for _ in range(n + 1)]
    for i in range(n - 1, -1, -1):
        for j in range(m - 1, -1, -1):
            t[i][j] = t[i + 1][j + 1] + 1 if a[i][0] == b[j][0] else max(t[i + 1][j], t[i][j + 1])
    given = [""] * m
    i = j = 0
    removed: List[int] = []
    paired_at = 0
    while j < m:
        if i < n and a[i][0] == b[j][0] and t[i][j] == t[i + 1][j + 1] + 1:
            given[j] = endings[i]
            i += 1
            j += 1
            removed = []
            paired_at = 0
        elif i < n and t[i + 1][j] >= t[i][j + 1]:
            removed.append(i)
            i += 1
        else:
            given[j] = endings[removed[paired_at]] if paired_at < len(removed) else dominant
            paired_at += 1
            j += 1
    return "".join(text + ("" if not broken else dominant if given[k] == "" else given[k]) for k, (text, broken) in enumerate(b))


def create_diff(diff: str, variant: str) -> str:
    """A create diff with the variant's line breaks."""
    parts = re.split(r"\r?\n", diff)
    if variant == "crlf":
        return "\r\n".join(parts)
    if variant == "mixed":
        return "".join(p if i == 0 else ("\n" if i == 1 else "\r\n") + p for i, p in enumerate(parts))
    return diff


def apply(root: Path, op: Dict[str, Any]) -> ApplyPatchResult:
    """The operation as the SDK hands it to the editor."""
    editor = ApplyPatchEditor(root=root)
    operation = ApplyPatchOperation(type=op["type"], path=op["path"], diff=op.get("diff"), move_to=op.get("move_to"))
    method = {"create_file": editor.create_file, "update_file": editor.update_file, "delete_file": editor.delete_file}[op["type"]]
    result = method(operation)
    assert isinstance(result, ApplyPatchResult)
    return result


def run_case(tmp: Path, c: Dict[str, Any], variant: str) -> str:
    root = tmp / "workspace"
    outside = tmp / "outside"
    root.mkdir()
    outside.mkdir()

    def place(p: str) -> str:
        return p.replace("{root}", str(root)).replace("{outside}", str(outside)).replace("{rootname}", "workspace")

    def at(p: str) -> Path:
        return (root / place(p)).resolve()

    steps: List[Dict[str, Any]] = c.get("steps", [c])
    target = at(steps[0]["op"]["path"])
    for p, text in c.get("outsideFiles", {}).items():
        at(p).parent.mkdir(parents=True, exist_ok=True)
        at(p).write_bytes(text.encode())
    write: Callable[[str], bytes] = lambda t: t.encode()
    if "bytes" in c:
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(bytes.fromhex(c["bytes"]))
    elif "file" in c:
        before_text: str = c["file"]
        ends = "\n" in before_text
        first_diff = steps[0]["op"].get("diff") or ""
        write = {
            "lf": lambda t: t.encode(),
            "crlf": lambda t: (crlf(t) if ends else t).encode(),
            "mixed": lambda t: mixed_result(before_text, t, first_diff).encode(),
            "bom": lambda t: BOM + (crlf(t) if ends else t).encode(),
        }[variant]
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(write(before_text))
    elif steps[0]["op"]["type"] == "create_file" and variant == "bom" and not steps[0].get("error"):
        # Created over a file that holds only a BOM: the BOM is kept.
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(BOM)
    outside_before = [(p, at(p).read_bytes()) for p in c.get("outsideFiles", {})]
    kind = "pass"
    design = c.get("design")
    for step in steps:
        op = dict(step["op"], path=place(step["op"]["path"]))
        if isinstance(op.get("move_to"), str):
            op["move_to"] = place(op["move_to"])
        if op["type"] == "create_file" and isinstance(op.get("diff"), str):
            op["diff"] = create_diff(op["diff"], variant)
            own_crlf = "\r\n" in op["diff"] and variant != "bom"
            lead = BOM if variant == "bom" else b""
            write = lambda t, lead=lead, own_crlf=own_crlf: lead + (crlf(t) if own_crlf else t.replace("\r\n", "\n")).encode()
        where = at(op["move_to"] if isinstance(op.get("move_to"), str) else step["op"]["path"])
        before = where.read_bytes() if where.is_file() else None
        out = apply(root, op)
        label = f"{c['id']} {c['source']['test']} [{variant}]: {out.output}"
        if design is not None and step is c and design.get("fails"):
            kind = "design"
            assert out.status == "failed", label
            if before is not None:
                assert where.read_bytes() == before, label
        elif design is not None and step is c:
            kind = "design"
            assert out.status == "completed", label
            if "bytes" in design:
                assert where.read_bytes().hex() == design["bytes"], label
            if "expected" in design:
                assert where.read_bytes() == write(design["expected"]), label
            if "warning" in design:
                assert re.search(f"Warning: .*{design['warning']}", out.output or ""), label
        elif step.get("error"):
            assert out.status == "failed", label
            if before is not None:
                assert where.read_bytes() == before, label
            elif op["path"] != "":
                assert not where.exists(), label
        else:
            assert out.status == "completed", label
            if "expected" in step:
                assert where.read_bytes() == write(step["expected"]), label
            if "output" in step:
                assert re.search(step["output"], out.output or ""), label
        for p in step.get("absent", []):
            assert not at(p).exists(), f"{label}: {p} exists"
    for p, data in outside_before:
        assert at(p).read_bytes() == data, f"{c['id']}: {p}"
    return kind


@pytest.mark.parametrize(
    "variant,case",
    [pytest.param(v, c, id=f"{v}-{c['id']}") for v in VARIANTS for c in CASES if v == "lf" or "bytes" not in c],
)
def test_the_agents_sdks_cases(tmp_path: Path, variant: str, case: Dict[str, Any]) -> None:
    run_case(tmp_path, case, variant)


def test_every_case_runs_and_the_design_cases_are_the_javascript_specs() -> None:
    # The JavaScript spec counts 77 reference results and 4 design ones in LF.
    assert len(CASES) == 81
    assert sum(1 for c in CASES if "design" in c) == 4


@pytest.fixture
def root(tmp_path: Path) -> Path:
    folder = tmp_path / "workspace"
    folder.mkdir()
    return folder


def test_a_path_outside_the_root_is_refused_with_its_code_and_nothing_is_written(root: Path) -> None:
    editor = ApplyPatchEditor(root=root)
    sibling = root.parent / "sibling.txt"
    sibling.write_bytes(b"keep\r\n")
    for op in [
        {"type": "create_file", "path": "../new.txt", "diff": "+x\n+"},
        {"type": "update_file", "path": "../sibling.txt", "diff": "-keep\n+lost\n"},
        {"type": "delete_file", "path": str(sibling)},
        {"type": "update_file", "path": "a.txt", "diff": "", "move_to": "../moved.txt"},
    ]:
        (root / "a.txt").write_bytes(b"a\r\n")
        outcome = editor.run(op)
        assert (outcome.status, outcome.code) == ("failed", "PATH_OUTSIDE_ROOT"), outcome.output
        assert outcome.output.startswith(f"{op['type']} {op['path']}: "), outcome.output
    assert sibling.read_bytes() == b"keep\r\n"
    assert sorted(p.name for p in root.parent.iterdir()) == ["sibling.txt", "workspace"]
    assert (root / "a.txt").read_bytes() == b"a\r\n"


def test_move_to_renames_the_file_with_its_bytes_and_changes(root: Path) -> None:
    (root / "old.txt").write_bytes(BOM + b"one\r\ntwo\r\n")
    out = ApplyPatchEditor(root=root).update_file(
        ApplyPatchOperation(type="update_file", path="old.txt", diff="@@\n one\n-two\n+2\n", move_to="sub/new.txt")
    )
    assert out.status == "completed", out.output
    assert not (root / "old.txt").exists()
    assert (root / "sub" / "new.txt").read_bytes() == BOM + b"one\r\n2\r\n"
    assert out.output == "Moved old.txt to sub/new.txt and changed it: +1 -1 lines; each line kept its line ending (endings now: CRLF)."


def test_a_failed_operation_leaves_the_file_byte_identical(root: Path) -> None:
    original = b"\xef\xbb\xbfa\r\nb\nc\rd"
    (root / "f.txt").write_bytes(original)
    editor = ApplyPatchEditor(root=root)
    for diff in ["@@\n-not there\n+x\n", "-a\n*** Delete File: f.txt\n", "-a\nno prefix\n"]:
        out = editor.run({"type": "update_file", "path": "f.txt", "diff": diff})
        assert out.status == "failed"
        assert out.output.startswith(("update_file f.txt", "Line 2 of the diff of update_file f.txt")), out.output
        assert (root / "f.txt").read_bytes() == original
    assert editor.run({"type": "update_file", "path": "f.txt", "diff": "@@\n-not there\n+x\n"}).code == "TEXT_NOT_FOUND"


def test_delete_removes_the_file_and_a_missing_one_fails(root: Path) -> None:
    (root / "gone.txt").write_bytes(b"x\r\n")
    editor = ApplyPatchEditor(root=root)
    out = editor.delete_file(ApplyPatchOperation(type="delete_file", path="gone.txt"))
    assert (out.status, out.output) == ("completed", "Deleted gone.txt.")
    assert not (root / "gone.txt").exists()
    again = editor.run({"type": "delete_file", "path": "gone.txt"})
    assert (again.status, again.code) == ("failed", "FILE_NOT_FOUND")


def test_create_over_a_file_that_exists_replaces_it_keeping_its_endings_and_bom(root: Path) -> None:
    (root / "a.txt").write_bytes(BOM + b"old\r\nkeep\r\n")
    out = ApplyPatchEditor(root=root).create_file(ApplyPatchOperation(type="create_file", path="a.txt", diff="+new\n+keep\n+"))
    assert out.status == "completed"
    assert (root / "a.txt").read_bytes() == BOM + b"new\r\nkeep\r\n"
    assert out.output == "Replaced a.txt, which existed: +1 -1 lines; its line endings and BOM were kept (endings now: CRLF)."
    # Again: the same bytes (the JavaScript editor says the same, PARITY below).
    same = ApplyPatchEditor(root=root).create_file(ApplyPatchOperation(type="create_file", path="a.txt", diff="+new\n+keep\n+"))
    assert same.status == "completed"
    assert (root / "a.txt").read_bytes() == BOM + b"new\r\nkeep\r\n"


def test_a_new_file_is_created_as_the_reference_reads_its_diff(root: Path) -> None:
    out = ApplyPatchEditor(root=root).create_file(ApplyPatchOperation(type="create_file", path="n/new.txt", diff="+a\r\n+b"))
    assert out.output == "Created n/new.txt: 2 lines, with no line break after the last line, line endings: CRLF."
    assert (root / "n" / "new.txt").read_bytes() == b"a\r\nb"


def test_wrong_options_raise_at_creation_and_the_result_without_the_sdk_has_the_same_fields(root: Path) -> None:
    import eol_edit

    with pytest.raises(eol_edit.InvalidArgument):
        ApplyPatchEditor(root=root, max_bytes=-1)
    result = EditorResult("failed", "why", "TEXT_NOT_FOUND")
    assert (result.status, result.output) == ("failed", "why")


# The same operations through the JavaScript editor (createOpenAIEditor) say the same
# words: what an operation did and how its failure opens and closes are the core's
# (V4aOperation::describe, ::failure), and the library's message inside a failure is
# rendered in the tool's words by each (lib/tools/hosts/openai.js VOCABULARY with
# lib/tools/wording.js; src/patch/v4a/words.rs).
PARITY: List[Tuple[str, bytes, Dict[str, Any], Dict[str, Any]]] = [
    ("f.txt", b"one\r\ntwo\r\n", {"type": "update_file", "path": "f.txt", "diff": "@@\n one\n-two\n+2\n+3\n"}, {}),
    ("f.txt", b"x  \r\ny\r\n", {"type": "update_file", "path": "f.txt", "diff": "-x\n+z\n"}, {}),
    ("f.txt", b"one\n", {"type": "update_file", "path": "f.txt", "diff": "", "move_to": "g.txt"}, {}),
    ("f.txt", b"one\n", {"type": "create_file", "path": "new.txt", "diff": "+a\n+b\n+"}, {}),
    ("f.txt", b"one\r\n", {"type": "create_file", "path": "f.txt", "diff": "+a\n"}, {}),
    ("f.txt", b"\xef\xbb\xbfa\r\n", {"type": "create_file", "path": "f.txt", "diff": "+a\n+"}, {}),
    ("f.txt", b"one\n", {"type": "delete_file", "path": "f.txt"}, {}),
    ("f.txt", b"one\n", {"type": "update_file", "path": "f.txt", "diff": "-one\n+one\n"}, {}),
    ("f.txt", b"one\n", {"type": "update_file", "path": "f.txt", "diff": "-one\n*** Add File: x\n"}, {}),
    ("f.txt", b"one\n", {"type": "update_file", "path": "missing.txt", "diff": ""}, {}),
    ("f.txt", b"one\n", {"type": "update_file", "path": "missing.txt", "diff": "-one\n+two\n"}, {}),
    ("f.txt", b"one\n", {"type": "delete_file", "path": "missing.txt"}, {}),
    ("f.txt", b"one\n", {"type": "update_file", "path": "f.txt", "diff": "-two\n+2\n"}, {}),
    ("f.txt", b"def add(a, b):\n    return a + b\n", {"type": "update_file", "path": "f.txt", "diff": "-def add(x, y):\n-    return x + y\n+pass\n"}, {}),
    ("f.txt", b"a\nx\na\nx\n", {"type": "update_file", "path": "f.txt", "diff": "-x\n+y\n"}, {}),
    ("f.bin", b"\x00\x01\x02binary\x00", {"type": "update_file", "path": "f.bin", "diff": "-x\n+y\n"}, {}),
    ("f.txt", b"one\n", {"type": "create_file", "path": "../out.txt", "diff": "+x\n"}, {}),
    ("f.txt", b"one\n", {"type": "create_file", "path": ".", "diff": "+x\n"}, {}),
    ("f.txt", b"caf\xe9\n", {"type": "update_file", "path": "f.txt", "diff": "-caf\u00e9\n+caf\u00e9 \u4e2d\n"}, {}),
    # The guards run by default, as in the JavaScript editor; off, the text goes in.
    ("f.txt", b"one\ntwo\n", {"type": "update_file", "path": "f.txt", "diff": "-two\n+// ... rest of the code ...\n"}, {}),
    ("f.txt", b"one\ntwo\n", {"type": "update_file", "path": "f.txt", "diff": "-two\n+// ... rest of the code ...\n"}, {"guards": False}),
    ("f.txt", b"0123456789\n", {"type": "update_file", "path": "f.txt", "diff": "-0123456789\n+x\n"}, {"max_bytes": 4}),
]


@pytest.mark.skipif(shutil.which("node") is None or not any(REPO.glob("*.node")), reason="needs node and the built addon")
@pytest.mark.parametrize("name,content,op,options", PARITY, ids=[f"{i}-{c[2]['type']}" for i, c in enumerate(PARITY)])
def test_the_javascript_editor_says_the_same_words(
    tmp_path: Path, name: str, content: bytes, op: Dict[str, Any], options: Dict[str, Any]
) -> None:
    script = (
        "const { createOpenAIEditor } = require(process.argv[1]);"
        "const [root, op, options] = [process.argv[2], JSON.parse(process.argv[3]), JSON.parse(process.argv[4])];"
        "const e = createOpenAIEditor({ root, ...options });"
        "const m = { create_file: e.createFile, update_file: e.updateFile, delete_file: e.deleteFile }[op.type];"
        "const { move_to, ...rest } = op;"
        "m(move_to === undefined ? rest : { ...rest, moveTo: move_to }).then((r) => process.stdout.write(JSON.stringify(r)));"
    )
    ours, theirs = tmp_path / "py" / "root", tmp_path / "js" / "root"
    for folder in (ours, theirs):
        folder.mkdir(parents=True)
        (folder / name).write_bytes(content)
    py = ApplyPatchEditor(root=ours, **options).run(op)
    js_options: Dict[str, Any] = {("maxBytes" if k == "max_bytes" else k): v for k, v in options.items()}
    if options.get("guards") is False:
        js_options["guards"] = {reason: "off" for reason in ("placeholder", "shrink", "control", "markers")}
    js = json.loads(
        subprocess.run(
            ["node", "-e", script, str(REPO / "tools.js"), str(theirs), json.dumps(op), json.dumps(js_options)],
            check=True,
            capture_output=True,
            text=True,
        ).stdout
    )
    said = py.output.replace(str(ours), "ROOT")
    assert (py.status, said) == (js["status"], js["output"].replace(str(theirs), "ROOT"))
    assert {p.name: p.read_bytes() for p in ours.iterdir()} == {p.name: p.read_bytes() for p in theirs.iterdir()}


def test_the_sdks_runner_applies_a_scripted_models_operations(tmp_path: Path) -> None:
    example = REPO / "python" / "examples" / "agents_sdk_editor.py"
    done = subprocess.run([sys.executable, str(example), str(tmp_path)], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "notes.txt").read_bytes() == b"first\r\nsecond, edited\r\nthird\r\n"
    assert "Updated notes.txt: +1 -1 lines" in done.stdout
    assert "failed" in done.stdout and not (tmp_path.parent / "escape.txt").exists()
