"""The interpreter is released while eol-edit reads, matches and writes, so other
Python threads run meanwhile."""

from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import Dict, List, Tuple

import eol_edit


def test_two_threads_editing_two_large_files_run_while_python_goes_on(tmp_path: Path) -> None:
    # Large enough that each call takes a while: a lenient tier over 400,000 lines.
    lines = "".join(f"    value_{i} = compute({i})  \r\n" for i in range(400_000))
    files = []
    for name in ("a.py", "b.py"):
        path = tmp_path / name
        path.write_bytes(lines.encode())
        files.append(path)
    windows: Dict[str, Tuple[float, float]] = {}
    start = threading.Barrier(3)

    def edit(path: Path) -> None:
        start.wait()
        began = time.perf_counter()
        # Trailing spaces differ, so every line is looked at by more than one tier.
        eol_edit.edit_file(path, "    value_399998 = compute(399998)\n", "    changed = 1\n")
        windows[path.name] = (began, time.perf_counter())

    threads = [threading.Thread(target=edit, args=(f,)) for f in files]
    for t in threads:
        t.start()
    beats: List[float] = []
    start.wait()
    while any(t.is_alive() for t in threads):
        beats.append(time.perf_counter())
    for t in threads:
        t.join()

    (a0, a1), (b0, b1) = windows["a.py"], windows["b.py"]
    # The calls overlap: each started before the other ended ...
    assert max(a0, b0) < min(a1, b1)
    # ... and this thread ran Python code while both were inside eol-edit, which it
    # could not if either call held the interpreter (a beat just after the later
    # start could still come before that call entered eol-edit: hence the margin).
    inside = [t for t in beats if max(a0, b0) + 0.002 < t < min(a1, b1) - 0.002]
    assert inside, (windows, len(beats))
    for path in files:
        assert path.read_bytes().endswith(b"    changed = 1\r\n    value_399999 = compute(399999)  \r\n")
