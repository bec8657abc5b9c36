#!/usr/bin/env python3
"""`bash scripts/python-test.sh bench`: the Python wheel's `edit_file` against the
pure-Python pipeline an agent uses today and Python's own read + atomic write floor,
one edit mid-file in CRLF files of 4 KiB, 256 KiB and 4 MiB. Writes
bench/results/python.md (BENCH_OUT=dir to write elsewhere) and prints it.

The three run interleaved (A B C A B C ...), after warm-up rounds that are thrown
away, so drift in the machine hits them alike; each is timed with
time.perf_counter_ns and reported as the median (min–max) of its rounds. Every round
changes the file (`return 0` <-> `return 1`). This is not a test: nothing in
python/tests times anything.

Environment: BENCH_QUICK=1 for a smoke run (fewer rounds, written to bench/.work/).
"""

from __future__ import annotations

import gc
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Callable, Dict, List, Tuple

import eol_edit

KiB = 1024
MiB = 1024 * KiB
SIZES = [4 * KiB, 256 * KiB, 4 * MiB]
QUICK = os.environ.get("BENCH_QUICK") == "1"
ROOT = Path(__file__).resolve().parent.parent

WORDS = ["value", "count", "index", "result", "items", "node", "next", "buffer", "offset", "length", "config", "state"]
TYPES = ["int", "const", "let", "var", "string", "bool", "auto"]


def target(state: int) -> str:
    """The edited function (LF, as a model writes it), in one of its two states."""
    return f"function benchTarget() {{\n    return {state};\n}}"


def source_text(size: int) -> str:
    """About `size` bytes of source-like CRLF text, `target(0)` once in the middle."""
    seed = 0x2545F491 ^ size
    lines: List[str] = []
    depth = 0
    total = 0
    placed = False

    def rand() -> int:
        nonlocal seed
        seed = (seed * 1103515245 + 12345) & 0x7FFFFFFF
        return seed

    while total < size:
        if not placed and total >= size // 2:
            lines.extend(target(0).split("\n"))
            placed = True
        roll = rand() % 100
        ind = "    " * depth
        if roll < 8:
            line = ""
        elif roll < 16:
            line = f"{ind}// {WORDS[rand() % 12]} {WORDS[rand() % 12]} of the {WORDS[rand() % 12]}"
        elif roll < 24 and depth < 4:
            line = f"{ind}if ({WORDS[rand() % 12]} > {rand() % 100}) {{"
            depth += 1
        elif roll < 32 and depth > 0:
            depth -= 1
            line = "    " * depth + "}"
        else:
            line = f"{ind}{TYPES[rand() % 7]} {WORDS[rand() % 12]}{rand() % 50} = {WORDS[rand() % 12]}({rand() % 1000});"
        lines.append(line)
        total += len(line) + 2
    return "\r\n".join(lines) + "\r\n"


def python_pipeline(path: str, old_text: str, new_text: str) -> None:
    """What an agent's edit tool does in Python when it keeps CRLF: read in text mode
    with newline='' (no newline translation), the LF view by str.replace, the match
    found once and checked unique (str.find twice), replaced, CRLF put back, written
    with newline=''. In place, not atomic, no version check."""
    with open(path, "r", encoding="utf-8", newline="") as f:
        text = f.read()
    crlf = "\r\n" in text
    lf = text.replace("\r\n", "\n") if crlf else text
    at = lf.find(old_text)
    if at < 0:
        raise ValueError("old_text not found")
    if lf.find(old_text, at + 1) >= 0:
        raise ValueError("old_text found more than once")
    lf = lf[:at] + new_text + lf[at + len(old_text) :]
    out = lf.replace("\n", "\r\n") if crlf else lf
    with open(path, "w", encoding="utf-8", newline="") as f:
        f.write(out)


def floor(path: str) -> None:
    """Python's floor of an atomic rewrite: read the bytes, write them to a temporary
    file in the same folder, os.replace it over the original."""
    with open(path, "rb") as f:
        data = f.read()
    tmp = path + ".tmp"
    with open(tmp, "wb") as f:
        f.write(data)
    os.replace(tmp, path)


def plan(size: int) -> Tuple[int, int, int, float]:
    """(warm-up rounds, minimum rounds, maximum rounds, seconds) for a size."""
    q = 0.25 if QUICK else 1.0
    if size <= 16 * KiB:
        return 20, 30, 3000, 2.0 * q
    if size <= 512 * KiB:
        return 5, 15 if not QUICK else 5, 1000, 2.0 * q
    return 2, 15 if not QUICK else 3, 200, 4.0 * q


def interleave(candidates: Dict[str, Callable[[], None]], size: int) -> Dict[str, List[float]]:
    warmup, min_rounds, max_rounds, budget = plan(size)
    samples: Dict[str, List[float]] = {name: [] for name in candidates}
    collect = size >= MiB

    def once(run: Callable[[], None]) -> float:
        if collect:
            gc.collect()
        t0 = time.perf_counter_ns()
        run()
        return (time.perf_counter_ns() - t0) / 1e6

    for _ in range(warmup):
        for run in candidates.values():
            once(run)
    started = time.monotonic()
    for rounds in range(max_rounds):
        if rounds >= min_rounds and time.monotonic() - started > budget:
            break
        for name, run in candidates.items():
            samples[name].append(once(run))
    return samples


def toggler() -> Callable[[], Tuple[str, str]]:
    state = [0]

    def flip() -> Tuple[str, str]:
        old = target(state[0])
        state[0] ^= 1
        return old, target(state[0])

    return flip


def ms(x: float) -> str:
    return f"{x:.3f}" if x < 1 else f"{x:.2f}" if x < 10 else f"{x:.1f}"


def cell(xs: List[float]) -> str:
    return f"{ms(statistics.median(xs))} ms ({ms(min(xs))}–{ms(max(xs))})"


def ratio(x: float) -> str:
    return f"{x:.2f}×"


def label(size: int) -> str:
    return f"{size // MiB} MiB" if size >= MiB else f"{size // KiB} KiB"


def sh(*args: str) -> str:
    try:
        return subprocess.run(args, capture_output=True, text=True, timeout=10).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return ""


def machine(folder: str) -> str:
    cpu = next((l.split(":", 1)[1].strip() for l in sh("lscpu").splitlines() if l.startswith("Model name:")), platform.processor() or "unknown CPU")
    fs = sh("findmnt", "-n", "-o", "FSTYPE", "-T", folder) or "unknown"
    native = Path(eol_edit._native.__file__).name
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    return (
        f"{cpu}, {os.cpu_count()} cores, load average {load}; Python {platform.python_version()} "
        f"({platform.python_implementation()}), eol-edit {eol_edit.__version__} (`{native}`); "
        f"files on {fs} (`{folder}`)"
    )


def main() -> int:
    tmp = tempfile.mkdtemp(prefix="eol-edit-pybench-")
    where = machine(tmp)
    rows = []
    for size in SIZES:
        text = source_text(size)
        files = {who: os.path.join(tmp, f"{who}-{label(size).replace(' ', '')}.ts") for who in ("eol", "python", "floor")}
        for name in files.values():
            with open(name, "w", encoding="utf-8", newline="") as handle:
                handle.write(text)
        next_eol, next_python = toggler(), toggler()

        def run_eol() -> None:
            old, new = next_eol()
            eol_edit.edit_file(files["eol"], old, new)

        def run_python() -> None:
            old, new = next_python()
            python_pipeline(files["python"], old, new)

        samples = interleave({"eol": run_eol, "python": run_python, "floor": lambda: floor(files["floor"])}, size)
        # Both edits did the same thing to the same bytes, every CRLF kept.
        eol_bytes = Path(files["eol"]).read_bytes()
        assert eol_bytes == Path(files["python"]).read_bytes(), "the two edits disagree"
        assert eol_bytes.count(b"\n") == eol_bytes.count(b"\r\n"), "an ending was damaged"
        e, p, b = (statistics.median(samples[k]) for k in ("eol", "python", "floor"))
        rows.append(
            [label(size), cell(samples["eol"]), cell(samples["python"]), cell(samples["floor"]), f"**{ratio(p / e)}**", ratio(e / b), str(len(samples["eol"]))]
        )
        sys.stderr.write(f"  {label(size)}: eol-edit {ms(e)} ms, Python pipeline {ms(p)} ms, floor {ms(b)} ms\n")
        sys.stderr.flush()
        for name in files.values():
            os.remove(name)
    os.rmdir(tmp)

    header = ["size (CRLF)", "`eol_edit.edit_file`", "(a) Python pipeline", "(b) read + atomic write floor", "(a) / eol-edit", "eol-edit / (b)", "rounds"]
    lines = [
        "# Python: `eol_edit.edit_file` against a pure-Python edit",
        "",
        f"Command: `bash scripts/python-test.sh bench`{' (BENCH_QUICK=1)' if QUICK else ''}. Machine: {where}.",
        "",
        "One edit mid-file (`return 0` ↔ `return 1` in a three-line function), every round a change. "
        "(a) is what an agent's Python edit tool does when it keeps CRLF: `open(..., newline='')` and `read()`, "
        "the LF view by `str.replace`, `str.find` twice (found, and only once), slice + join, CRLF put back by "
        "`str.replace`, `write()` in place with `newline=''`. (b) is Python's floor of the same atomicity as eol-edit: "
        "read the bytes, write them to a temporary file beside the original, `os.replace`. eol-edit also hashes "
        "the file (its version), takes a lock, diffs the change and checks that nobody changed the file before the "
        "rename. Median (min–max) in milliseconds, the three interleaved.",
        "",
        "| " + " | ".join(header) + " |",
        "|" + "---|" * len(header),
    ]
    lines += ["| " + " | ".join(r) + " |" for r in rows]
    report = "\n".join(lines) + "\n"
    out = Path(os.environ.get("BENCH_OUT") or (ROOT / "bench" / (".work/results" if QUICK else "results")))
    out.mkdir(parents=True, exist_ok=True)
    (out / "python.md").write_text(report, encoding="utf-8")
    sys.stdout.write(report)
    return 0


if __name__ == "__main__":
    sys.exit(main())
