"""The Python blocks of README.md and docs/python.md run as written, each in an empty
folder; and the example program runs."""

from __future__ import annotations

import os
import re
import runpy
from pathlib import Path
from typing import List, Tuple

import pytest

REPO = Path(__file__).resolve().parents[2]
MARKER = "<!-- run: skip (python/tests/test_docs.py runs it) -->"


def python_blocks(doc: str) -> List[Tuple[str, str]]:
    lines = (REPO / doc).read_text(encoding="utf-8").split("\n")
    blocks = []
    for i, line in enumerate(lines):
        if line == "```python" and i > 0 and lines[i - 1] == MARKER:
            end = lines.index("```", i + 1)
            blocks.append((f"{doc}:{i + 1}", "\n".join(lines[i + 1 : end]) + "\n"))
    return blocks


BLOCKS = python_blocks("README.md") + python_blocks("docs/python.md")


def test_the_readme_has_a_python_block() -> None:
    assert any(where.startswith("README.md") for where, _ in BLOCKS)


@pytest.mark.parametrize("where,code", BLOCKS, ids=[w for w, _ in BLOCKS])
def test_a_python_block_runs_as_written(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, where: str, code: str) -> None:
    monkeypatch.chdir(tmp_path)
    exec(compile(code, where, "exec"), {"__name__": "__main__"})


def test_the_byte_exact_example_runs(capsys: pytest.CaptureFixture[str]) -> None:
    runpy.run_path(str(REPO / "python" / "examples" / "byte_exact.py"), run_name="__main__")
    out = capsys.readouterr().out
    assert re.search(r"^gbk\.c ", out, re.M) and "TEXT_NOT_FOUND: nothing written" in out


def test_every_python_block_of_the_docs_is_run_here() -> None:
    # A python block without the marker would be run by nobody.
    for doc in ["README.md"] + [f"docs/{f}" for f in sorted(os.listdir(REPO / "docs")) if f.endswith(".md")]:
        lines = (REPO / doc).read_text(encoding="utf-8").split("\n")
        for i, line in enumerate(lines):
            if line == "```python":
                assert lines[i - 1] == MARKER or lines[i - 1].startswith("<!-- run: fragment"), f"{doc}:{i + 1}"
