"""Helpers of the Python suite: every expectation about a file is about its bytes on
disk, and every failure leaves the folder exactly as it was (``snapshot``)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Callable, Dict, Type

import pytest

import eol_edit


@pytest.fixture
def write(tmp_path: Path) -> Callable[..., Path]:
    """``write("a.txt", b"...")``: a file of these bytes (a str is UTF-8) in a fresh
    folder."""

    def make(name: str, content: "bytes | str") -> Path:
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(content.encode() if isinstance(content, str) else content)
        return path

    return make


def snapshot(folder: Path) -> Dict[str, bytes]:
    """Every file under ``folder`` with its bytes (folders as empty entries)."""
    out: Dict[str, bytes] = {}
    for root, dirs, files in os.walk(folder):
        for name in dirs:
            out[os.path.relpath(os.path.join(root, name), folder) + "/"] = b""
        for name in files:
            full = os.path.join(root, name)
            if not os.path.islink(full):
                out[os.path.relpath(full, folder)] = Path(full).read_bytes()
    return out


def fails_untouched(
    folder: Path, cls: Type[eol_edit.EolEditError], call: Callable[[], object]
) -> eol_edit.EolEditError:
    """Runs ``call``, which must raise ``cls``, and checks that nothing under
    ``folder`` changed; returns the error."""
    before = snapshot(folder)
    with pytest.raises(cls) as caught:
        call()
    assert snapshot(folder) == before
    assert caught.value.code == cls.code
    return caught.value
