"""Drop-in agent tools: ``create_tools`` gives the JavaScript ``createTools`` tool set
(``read_file``, ``write_file``, ``edit_file``, ``multi_edit``, ``delete_range``,
``apply_patch``) to a Python agent loop.

Each tool has ``name``, ``description`` and ``parameters`` (its JSON Schema), read from
``tools.json``, which ``scripts/python-tools-json.js`` renders from the JavaScript
declarations (lib/operations.js), so both languages show a model the same tools; and
``execute(args)``, which never raises and returns the JavaScript result's fields as a
dict: ``success``, ``data`` (the text for the model), ``error`` (the code, on failure),
``path``, ``diff`` and ``summary`` (for the host), ``warnings``.

Every change goes through the core (``eol_edit._native``): the edit, its match, its
message (as parts, said here in the tools' words from tools.json), and the tool set's
read state (``ReadState``: the version of every file the set read or wrote, by
identity, and the lines each read showed), which refuses a change to a file changed on
disk since (``FILE_CHANGED``, showing the lines that changed) and, with
``require_read``, to an existing file the set never read.

What is left here is the JavaScript tool layer's own glue, section by section the same
as its file (lib/tools/args.js, results.js, errors.js, session.js ``change``, one file
per tool), with what it shares with ``eol_edit.anthropic`` (the core's renderer of
messages and failures, the diff and its notes) in ``_words``:
python/tests/test_tools.py runs the same calls through both and compares every result
field, so the two cannot drift unnoticed.

>>> from eol_edit.tools import create_tools
>>> tools = create_tools(root=".")
>>> sorted(tools)
['apply_patch', 'delete_range', 'edit_file', 'multi_edit', 'read_file', 'write_file']
"""

from __future__ import annotations

import copy
import json
import os
import re
import threading
from importlib import resources
from typing import Any, Callable, Dict, List, Mapping, Optional, Sequence, Union

from . import _native
from ._errors import EolEditError, InvalidArgument
from ._prepared import Preparing
from ._results import EditResult, PatchResult
from ._words import json_text as _json
from ._words import (
    TIER_NOTES,
    Part,
    Words,
    change_summary,
    compact_diff,
    describe_endings,
    diff_counts,
    listed,
    plural,
    render,
    render_failure,
    subset,
    start_within,
    type_name,
    warnings_of,
)

__all__ = [
    "Tool",
    "Tools",
    "ReadState",
    "create_tools",
    "create_read_state",
    "to_openai_tools",
    "to_openai_responses_tools",
    "to_anthropic_tools",
    "GUARD_REASONS",
]

JsonDict = Dict[str, Any]
Approve = Callable[[JsonDict], Any]

#: The guards of the core a tool set runs (SPEC section 13).
GUARD_REASONS = ("placeholder", "shrink", "control", "markers")
_GUARD_SETTINGS = ("on", "off", "final")


def _declarations() -> JsonDict:
    text = resources.files(__package__).joinpath("tools.json").read_text(encoding="utf-8")
    loaded: JsonDict = json.loads(text)
    return loaded


_DECLARED = _declarations()
_GUTTER: str = _DECLARED["gutter"]
_PREFIX = re.compile(r"^ *\d+" + re.escape(_GUTTER))
_DIGITS = re.compile(r"^\s*\d+\s*$")


class _ToolError(Exception):
    """A failure of the tool layer itself: its code and its text for the model."""

    def __init__(self, code: str, message: str, edit_index: Optional[int] = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.edit_index = edit_index


def _argument_error(message: str) -> _ToolError:
    return _ToolError("INVALID_ARGUMENT", message)


# ---------------------------------------------------------------------------
# Reading a tool's arguments by its declaration (tools.json `fields`): lib/tools/args.js


def _fold(name: str) -> str:
    return name.lower().replace("_", "").replace("-", "")


def _distance(a: str, b: str) -> int:
    x, y = _fold(a), _fold(b)
    previous = list(range(len(y) + 1))
    for i in range(1, len(x) + 1):
        row = [i]
        for j in range(1, len(y) + 1):
            substitute = previous[j - 1] + (0 if x[i - 1] == y[j - 1] else 1)
            row.append(min(previous[j] + 1, row[j - 1] + 1, substitute))
        previous = row
    return previous[len(y)]


def _likely_meant(name: str, known: Sequence[str]) -> Optional[str]:
    best: Optional[str] = None
    best_distance = None
    for candidate in known:
        d = _distance(name, candidate)
        if best_distance is None or d < best_distance:
            best, best_distance = candidate, d
    if best is None or best_distance is None:
        return None
    return best if best_distance <= max(2, len(_fold(name)) // 3) else None


class _Fields:
    """The parameters of one object (a tool's arguments, or an item of a list)."""

    def __init__(self, declared: Sequence[JsonDict]) -> None:
        self.fields = list(declared)
        shown: List[str] = []
        hidden: List[str] = []
        self.meant: Dict[str, str] = {}
        for field in self.fields:
            for spelling in field["spellings"]:
                self.meant[spelling] = spelling if field["hidden"] else field["name"]
                (hidden if field["hidden"] else shown).append(spelling)
        self.suggested = shown + hidden
        self.known = set(self.suggested)
        self.items = {f["param"]: _Fields(f["items"]) for f in self.fields if "items" in f}
        self.by_param = {f["param"]: f for f in self.fields}

    def unknown(self, obj: Mapping[str, Any], prefix: str = "") -> List[str]:
        warnings = []
        for key in obj:
            if key in self.known:
                continue
            near = _likely_meant(key, self.suggested)
            meant = None if near is None else self.meant.get(near)
            warnings.append(
                f"ignored unknown argument {_json(prefix + key)}"
                + ("" if meant is None else f" (did you mean {_json(prefix + meant)}?)")
            )
        return warnings

    def values(self, obj: Mapping[str, Any], warnings: List[str]) -> JsonDict:
        values: JsonDict = {}
        for field in self.fields:
            value = self._value(obj, field, warnings)
            if value is not None:
                values[field["param"]] = value
        return values

    def _value(self, obj: Mapping[str, Any], field: JsonDict, warnings: List[str]) -> Any:
        kind = field["type"]["kind"]
        t = field["type"]
        name = field["name"]
        value = _pick(obj, field["spellings"])
        if kind == "string":
            if value is None and not field["required"]:
                return None
            if not isinstance(value, str):
                raise _argument_error(f"{name} must be a string, but it is {_missing_or(value)}.")
            if t.get("nonEmpty") and value == "":
                raise _argument_error(f"{name} must not be empty.")
            return value
        if kind == "label":
            if value is None:
                return None
            if not isinstance(value, str):
                raise _argument_error(f"{name} must be a string, but it is {type_name(value)}.")
            if value.strip() == "":
                raise _argument_error(
                    f'{name} must be a label such as "windows-1252" or "utf-16le", or left out, but it is empty.'
                )
            return value
        if kind == "boolean":
            if value is None or isinstance(value, bool):
                return value
            if value in ("true", "false"):
                return value == "true"
            raise _argument_error(f"{name} must be true or false, but it is {type_name(value)}.")
        if kind == "integer":
            return _whole_number(value, name, t.get("minimum", 0))
        if kind == "enum":
            allowed = t.get("values", [])
            if value is None or (isinstance(value, str) and value in allowed):
                return value
            raise _argument_error(f"{name} must be {listed(allowed)}, but it is {_json(value)}.")
        if kind == "subset":
            return None if value is None else subset(value, name, t.get("values", []), _argument_error)
        if kind == "anchor":
            return None if value is None else _anchor(value, name)
        if kind == "list":
            return self._list(value, field, warnings)
        raise _argument_error(f"{name}: a {kind} is not a tool argument")

    def _list(self, value: Any, field: JsonDict, warnings: List[str]) -> List[JsonDict]:
        items = self.items[field["param"]]
        name = field["name"]
        noun = str(field["type"].get("item", "item")).lower()
        shape_fields = "{" + ", ".join(f["name"] + ("" if f["required"] else "?") for f in items.fields) + "}"
        shape = f"an array of {shape_fields}"
        if isinstance(value, str):
            try:
                value = json.loads(value)
            except ValueError:
                raise _argument_error(f"{name} must be {shape}, but it is a string that is not JSON.") from None
        if not isinstance(value, list):
            raise _argument_error(f"{name} must be {shape}, but it is {_missing_or(value)}.")
        if len(value) < field["type"].get("minItems", 0):
            raise _argument_error(f"{name} is empty: give at least one {noun}.")
        out = []
        for i, item in enumerate(value):
            try:
                if not isinstance(item, dict):
                    raise _argument_error(f"each {noun} must be an object {shape_fields}, but it is {type_name(item)}.")
                warnings.extend(items.unknown(item, f"{name}[{i}]."))
                out.append(items.values(item, warnings))
            except _ToolError as error:
                error.edit_index = i
                raise
        return out


def _missing_or(value: Any) -> str:
    return "missing" if value is None else type_name(value)


def _pick(obj: Mapping[str, Any], names: Sequence[str]) -> Any:
    for name in names:
        value = obj.get(name)
        if value is not None:
            return value
    return None


def _whole_number(value: Any, name: str, minimum: int) -> Optional[int]:
    if value is None:
        return None
    if isinstance(value, str) and _DIGITS.match(value):
        value = int(value)
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
        shown = str(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else type_name(value)
        raise _argument_error(f"{name} must be a whole number of {minimum} or more, but it is {shown}.")
    return value


def _anchor(value: Any, name: str) -> Union[str, int]:
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        if not float(value).is_integer() or value < 1:
            raise _argument_error(f"{name} as a line number must be a whole number of 1 or more, but it is {value}.")
        return int(value)
    if not isinstance(value, str):
        raise _argument_error(f"{name} must be a line's text or a line number, but it is {type_name(value)}.")
    lines = value.split("\n")
    body = lines[:-1] if lines[-1] == "" else lines
    if not body or not all(_PREFIX.match(line) for line in body):
        return value
    return "\n".join(_PREFIX.sub("", line, count=1) for line in lines)


def _args_object(args: Any, tool: str) -> JsonDict:
    if isinstance(args, str):
        try:
            args = json.loads(args)
        except ValueError:
            raise _argument_error(
                f"{tool} arguments must be a JSON object, but they are a string that is not JSON."
            ) from None
    if not isinstance(args, dict):
        raise _argument_error(
            f'{tool} arguments must be an object like {{"path": ...}}, but they are {_missing_or(args)}.'
        )
    return args


# ---------------------------------------------------------------------------
# What a call returns: lib/tools/results.js


def _changed(
    tool: str, path: str, result: EditResult, head: str, notes: Sequence[str] = (), show_diff: bool = True
) -> JsonDict:
    """What a tool that changed one file returns: ``head``, the notes, the warnings and
    the diff as the model reads it (the core's ``changed_text``)."""
    worded = _warnings_of(result)
    text = _native.changed_text(tool, path, head, list(notes), worded, result.diff, show_diff)
    return _success(path, result, worded, text)


def _edited(tool: str, path: str, result: EditResult, edits: Optional[int] = None) -> JsonDict:
    """What ``edit_file`` and ``multi_edit`` return for an edit (the core's
    ``edited_text``): its head line, the tier and prefix notes, the warnings, the diff."""
    worded = _warnings_of(result)
    return _success(path, result, worded, _native.edited_text(tool, path, result, edits, worded))


def _success(path: str, result: EditResult, worded: List[str], text: "tuple[str, str]") -> JsonDict:
    data, summary = text
    out: JsonDict = {"success": True, "data": data, "path": path, "diff": result.diff, "summary": summary}
    if worded:
        out["warnings"] = worded
    return out


def _with_argument_warnings(result: JsonDict, warnings: Sequence[str], template: Optional[str] = None) -> JsonDict:
    if not warnings:
        return result
    lines = [template.replace("{}", w, 1) if template else f"Warning: {w}" for w in warnings]
    if result["success"]:
        first, *rest = result["data"].split("\n")
        result["data"] = "\n".join([first, *lines, *rest])
    else:
        result["data"] = "\n".join([result["data"], *lines])
    result["warnings"] = [*warnings, *result.get("warnings", [])]
    return result


# ---------------------------------------------------------------------------
# Messages and failures in the tools' words: the core's renderer (_words.render and
# render_failure) with the tools' words, which tools.json holds (lib/tools/wording.js
# TOOL_WORDS).

_TOOL_WORDS = Words(_DECLARED["words"])
Parts = List[Any]


def _render(parts: Sequence[Part]) -> str:
    return render(parts, _TOOL_WORDS)


def _warnings_of(result: Any) -> List[str]:
    """A core result's warnings in the tools' words (from their parts, as
    lib/tools/wording.js `warningsOf`)."""
    return warnings_of(result, _TOOL_WORDS)


def _failure(error: BaseException, path: Optional[str], guards: Optional[Mapping[str, str]] = None) -> JsonDict:
    try:
        return _describe_failure(error, path, guards or {})
    except Exception:  # never raises: the failure of a failure is still a result
        return {"success": False, "error": "IO_ERROR", "data": "The tool failed unexpectedly; read the file to see its state."}


def _describe_failure(error: BaseException, path: Optional[str], guards: Mapping[str, str]) -> JsonDict:
    if isinstance(error, _ToolError):
        code = error.code
        data = render_failure(_TOOL_WORDS, error.message, parts=[error.message], edit_index=error.edit_index)
    elif isinstance(error, EolEditError):
        code = error.code
        hint: Optional[Parts] = getattr(error, "hint_parts", None)
        if code == "SUSPECT_CONTENT" and error.reason and guards.get(error.reason) == "final":
            hint = [
                {
                    "phrase": "guard-final",
                    "parts": [f"This host does not let the {error.reason} guard be passed: write the text another way, or ask the user."],
                }
                if isinstance(p, dict) and p.get("phrase") == "allow-guard"
                else p
                for p in (hint or ([error.hint] if error.hint else []))
            ]
        data = render_failure(
            _TOOL_WORDS,
            error.message,
            parts=getattr(error, "parts", None) or [error.message],
            hint=error.hint,
            hint_parts=hint,
            lines=error.lines,
            edit_index=error.edit_index,
            file_index=error.file_index,
        )
    else:
        code, data = "IO_ERROR", render_failure(_TOOL_WORDS, str(error) or type(error).__name__)
    result: JsonDict = {"success": False, "error": code, "data": data}
    if path is not None:
        result["path"] = path
    return result


# ---------------------------------------------------------------------------
# The tool set


class ReadState:
    """What the model has seen of each file (the core's ``ReadState``), for several tool
    sets and the host to share (``create_tools(read_state=...)``): a read through any of
    them counts for ``require_read`` and the stale-read guard, and a write through one
    is not an outside change to another. Changes through sets sharing it run one at a
    time. Relative paths are taken from ``cwd`` (default: the process's folder)."""

    def __init__(self, *, cwd: Union[None, str, "os.PathLike[str]"] = None) -> None:
        if cwd is not None:
            if not isinstance(cwd, (str, os.PathLike)) or os.fspath(cwd) == "":
                raise TypeError("create_read_state: cwd must be a folder path.")
            folder = os.path.abspath(os.fspath(cwd))
            if _native.path_info(folder, resolve=False).kind != "folder":
                hint = "Pass an existing folder as cwd."
                raise InvalidArgument(
                    f"create_read_state: cwd {_json(os.fspath(cwd))} is not an existing folder. {hint}",
                    code="INVALID_ARGUMENT",
                    hint=hint,
                )
            self._cwd: Optional[str] = folder
        else:
            self._cwd = None
        self._state = _native.ReadState()
        self._lock = threading.RLock()

    def _path(self, path: Union[str, "os.PathLike[str]"], method: str) -> str:
        if not isinstance(path, (str, os.PathLike)) or os.fspath(path) == "":
            raise TypeError(f"read_state.{method}(path): path must be a file path.")
        return os.path.abspath(os.path.join(self._cwd or os.getcwd(), os.fspath(path)))

    def mark_read(
        self,
        path: Union[str, "os.PathLike[str]"],
        *,
        version: Optional[str] = None,
        content: Union[None, str, bytes] = None,
    ) -> None:
        """Records that the model has seen the file as it is at ``version`` (the
        ``version`` of a read), or as ``content``: the text (``str``) or the bytes the
        host's own read tool read. Content is compared with the file as it is now:
        bytes exactly; text in the library's line-ending-neutral view (CRLF read as
        LF matches), or for a file that is not UTF-8 its bytes read as Latin-1. A file
        that does not have what the host read is recorded as stale: every change to it
        fails with ``FileChanged`` until it is read again. A file the library cannot
        read is forgotten."""
        where = "read_state.mark_read(path, ...)"
        if (version is None) == (content is None):
            raise TypeError(f"{where}: give either version or content, not both.")
        if version is not None:
            if not isinstance(version, str) or version == "":
                raise TypeError("read_state.mark_read(path, version=...): version must be the version string the library gave.")
            with self._lock:
                self._state.record(self._path(path, "mark_read"), version)
            return
        if not isinstance(content, (str, bytes)):
            raise TypeError("read_state.mark_read(path, content=...): content must be the text (str) or the bytes the host read.")
        with self._lock:
            self._state.mark_content(self._path(path, "mark_read"), content)

    def forget(self, path: Union[str, "os.PathLike[str]"]) -> None:
        """Forgets what the model saw of a file (the host dropped it from the model's
        context): with ``require_read``, it must be read again before it is changed."""
        with self._lock:
            self._state.forget(self._path(path, "forget"))


def create_read_state(*, cwd: Union[None, str, "os.PathLike[str]"] = None) -> ReadState:
    """A read state to share between tool sets and the host (JavaScript's
    ``createReadState``)."""
    return ReadState(cwd=cwd)


class _Settings:
    def __init__(
        self,
        *,
        root: Optional[List[str]],
        cwd: Optional[str],
        require_read: bool,
        approve: Optional[Approve],
        max_read_lines: int,
        max_read_chars: int,
        max_bytes: Optional[int],
        durable: bool,
        guards: Dict[str, str],
        read_state: ReadState,
    ) -> None:
        self.root = root
        self.cwd = cwd
        self.require_read = require_read
        self.approve = approve
        self.max_read_lines = max_read_lines
        self.max_read_chars = max_read_chars
        self.max_bytes = max_bytes
        self.durable = durable
        self.guards = guards
        self.state = read_state._state
        # One change at a time, as the JavaScript set runs one call at a time per file:
        # each finds the versions the one before it left (threads of one agent loop, or
        # sets sharing the read state).
        self.lock = read_state._lock


_CONTEXT_KEYS = ("cwd", "signal")


def _is_set(signal: Any) -> bool:
    # A threading.Event (or anything with is_set()), or an object with `aborted`.
    return bool(signal.is_set()) if callable(getattr(signal, "is_set", None)) else signal.aborted is True


def _read_context(context: Any) -> JsonDict:
    """What a host passes with a call (lib/tools/context.js): the folder relative paths
    start from (``cwd``) and a cancellation ``signal`` (a ``threading.Event``, or an
    object with a bool ``aborted``)."""
    if context is None:
        return {}
    if not isinstance(context, Mapping):
        raise _argument_error("The call context must be an object { cwd?, signal? }.")
    for key in context:
        if key not in _CONTEXT_KEYS:
            near = min(_CONTEXT_KEYS, key=lambda k: _distance(str(key), k))
            raise _argument_error(
                f"The call context has an unknown key {_json(key)} (known: cwd, signal); did you mean {_json(near)}?"
            )
    out: JsonDict = {}
    cwd = context.get("cwd")
    if cwd is not None:
        if not isinstance(cwd, (str, os.PathLike)) or os.fspath(cwd) == "":
            raise _argument_error("context.cwd must be a folder path.")
        out["cwd"] = os.fspath(cwd)
    signal = context.get("signal")
    if signal is not None:
        if not callable(getattr(signal, "is_set", None)) and not isinstance(getattr(signal, "aborted", None), bool):
            raise _argument_error("context.signal must be a threading.Event or have a bool `aborted`.")
        out["signal"] = signal
    return out


class _Call:
    """One ``execute``: the tool set's settings and the call's own arguments."""

    def __init__(self, settings: _Settings, tool: str, values: JsonDict, context: JsonDict) -> None:
        self.settings = settings
        self.tool = tool
        # Folder relative paths are taken from in this call.
        given = context.get("cwd")
        self.cwd = settings.cwd if given is None else os.path.abspath(os.path.join(settings.cwd or os.getcwd(), given))
        self.signal: Any = context.get("signal")
        self.encoding: Optional[str] = values.get("encoding")
        allow: List[str] = values.get("allow") or []
        on = [
            r for r in GUARD_REASONS
            if settings.guards[r] == "final" or (settings.guards[r] == "on" and r not in allow)
        ]
        self.guards: Union[bool, List[str]] = on if on else False

    def options(self, **extra: Any) -> JsonDict:
        s = self.settings
        options: JsonDict = {"cwd": self.cwd}
        if s.root is not None:
            options["root"] = s.root if len(s.root) > 1 else s.root[0]
        if s.max_bytes is not None:
            options["max_bytes"] = s.max_bytes
        if s.durable:
            options["durable"] = True
        if self.encoding is not None:
            options["encoding"] = self.encoding
        options.update({k: v for k, v in extra.items() if v is not None and v is not False})
        return options

    def expected(self, path: str) -> Optional[str]:
        return self.settings.state.expected(path, cwd=self.cwd, require_read=self.settings.require_read)

    def change(
        self,
        paths: Sequence[str],
        compute: Callable[[Any, Callable[[str], Optional[str]]], Any],
        files: Callable[[Any], List[JsonDict]],
        one_call: bool = False,
    ) -> Any:
        """Makes a change with every check of the tool set. ``compute(lib, expected)``
        makes it with one call of ``lib.edit_file``, ``lib.write_file``, … (the
        library's functions, with each file's expected version from ``expected``).
        Without ``approve`` ``lib`` is the library; with it, ``lib`` prepares the
        change (``prepare_edit``, …) and returns what the function would, the host is
        asked with it, and the prepared change's ``commit()`` writes exactly that (if
        every file still has the version it was prepared from, else ``FileChanged``
        and nothing is written); the commit's result is returned. ``one_call``: the
        change is of one file, through ``lib``'s functions only; without ``approve``,
        each such call is one call of the read state (``ReadState.change``), which
        finds the version, makes the change, explains a ``FileChanged`` and records
        the version it left."""
        with self.settings.lock:
            if one_call and self.settings.approve is None and len(paths) == 1:
                self.check_cancelled()
                return compute(_OneCall(self.settings.state, self.settings.require_read), _no_version)
            return self._change(paths, compute, files)

    def _change(
        self,
        paths: Sequence[str],
        compute: Callable[[Any, Callable[[str], Optional[str]]], Any],
        files: Callable[[Any], List[JsonDict]],
    ) -> Any:
        s = self.settings
        self.check_cancelled()
        expected = {path: self.expected(path) for path in paths}
        approve = s.approve
        try:
            if approve is None:
                result = compute(_native, expected.get)
            else:
                lib = Preparing()
                shown = compute(lib, expected.get)
                if not lib.prepared or shown is not lib.shown:
                    raise RuntimeError(f"{self.tool}: the change was not made with one prepared library call")
                self._approve_or_fail(approve, files(shown), paths[0])
                self.check_cancelled()
                result = lib.commit()
        except EolEditError as error:
            if error.code == "FILE_CHANGED":
                # The lines changed since the model's read, when it saw them.
                known = {p: v for p, v in expected.items() if v is not None}
                s.state.explain_changed(list(paths), known, cwd=self.cwd, root=s.root, encoding=self.encoding)
            raise
        for f in files(result):
            if f.get("version") is not None:
                s.state.wrote(f["path"], f["version"], cwd=self.cwd, root=s.root, encoding=self.encoding, diff=f.get("diff"))
            else:
                s.state.forget(f["path"], cwd=self.cwd)
        return result

    def check_cancelled(self) -> None:
        """Fails when the host cancelled the call (checked before anything is written)."""
        if self.signal is not None and _is_set(self.signal):
            raise _ToolError("REJECTED", f"The {self.tool} call was cancelled before anything was written.")

    def _approve_or_fail(self, approve: Approve, planned: List[JsonDict], first_path: str) -> None:
        path = planned[0]["path"] if planned else first_path
        request = {
            "tool": self.tool,
            "path": path,
            "diff": "".join(f["diff"] for f in planned),
            "summary": "\n".join(f["summary"] for f in planned),
            "files": [{"path": f["path"], "diff": f["diff"], "summary": f["summary"]} for f in planned],
        }
        try:
            verdict = approve(request)
        except Exception as error:  # the host's callback: any failure is a refusal
            raise _ToolError(
                "REJECTED", f"The change to {path} could not be approved ({error}). Nothing was written."
            ) from None
        if verdict is not True:
            raise _ToolError(
                "REJECTED",
                f"The user did not approve this change to {path}, so nothing was written. "
                "Do not send the same change again; ask the user what they want instead.",
            )


class _OneCall:
    """``lib`` of a change made in one call of the read state: ``lib.edit_file(path,
    ...)`` runs ``ReadState.change("edit_file", path, ...)``."""

    def __init__(self, state: Any, require_read: bool) -> None:
        self._state = state
        self._require_read = require_read

    def __getattr__(self, function: str) -> Callable[..., EditResult]:
        def change(path: str, *args: Any, **options: Any) -> EditResult:
            return self._state.change(  # type: ignore[no-any-return]
                function, path, args, options, require_read=self._require_read
            )

        return change


def _no_version(path: str) -> Optional[str]:
    """``expected`` of a change made in one call: the read state finds the version."""
    return None


def _single(tool: str, path: str, result: EditResult) -> List[JsonDict]:
    return [
        {
            "path": path,
            "diff": result.diff,
            "summary": change_summary(tool, path, result.diff),
            "version": result.version,
        }
    ]


def _read_file(call: _Call, v: JsonDict) -> JsonDict:
    s = call.settings
    path: str = v["path"]
    offset: int = v["offset"] if "offset" in v else v["startLine"] if "startLine" in v else 1
    if "limit" in v:
        limit = v["limit"]
    elif "endLine" in v:
        if v["endLine"] < offset:
            raise _argument_error(f"end_line {v['endLine']} is before the first line asked for ({offset}).")
        limit = v["endLine"] - offset + 1
    else:
        limit = s.max_read_lines
    with s.lock:
        r = _native.read_file(path, **call.options(offset=offset, limit=limit))
        s.state.record(path, r.version, cwd=call.cwd)
    total = r.total_lines
    if offset > max(total, 1):
        raise _argument_error(
            f"offset {offset} is past the end of {path}, which has {plural(total, 'line')}. "
            + (f"Use an offset from 1 to {total}." if total > 0 else "The file is empty.")
        )
    no_newline = ", no newline at end of file" if not r.eol.trailing_newline and total > 0 else ""
    header = (
        f"[{path}: {plural(total, 'line')} | endings: {describe_endings(r.eol)}{no_newline}"
        f" | BOM: {'yes' if r.bom else 'no'} | encoding: {r.encoding} | version: {r.version}]"
    )
    worded = _warnings_of(r)
    warnings = [f"[warning: {w}]" for w in worded]

    def done(lines: List[str], summary: str) -> JsonDict:
        result: JsonDict = {"success": True, "data": "\n".join(lines), "path": path, "summary": summary}
        if worded:
            result["warnings"] = worded
        return result

    if total == 0:
        return done([header, *warnings, "[empty file]"], f"read_file {path}: empty file")
    lines = r.content.split("\n")
    if lines[-1] == "":
        lines.pop()
    width = len(str(r.start_line + len(lines) - 1))
    out = [header, *warnings]
    used = shown = 0
    cut_line: Optional["tuple[int, int]"] = None
    max_chars = s.max_read_chars
    for i, text in enumerate(lines):
        n = r.start_line + i
        # JavaScript counts UTF-16 code units.
        size = len(text.encode("utf-16-le")) // 2
        if used + size > max_chars:
            if shown == 0:
                start = start_within(text, max_chars)
                out.append(f"{str(n).rjust(width)}{_GUTTER}{start}")
                cut_line = (n, size - len(start.encode("utf-16-le")) // 2)
                shown = 1
            break
        out.append(f"{str(n).rjust(width)}{_GUTTER}{text}")
        used += size
        shown += 1
    last = r.start_line + shown - 1
    # What the model saw, for a later FILE_CHANGED (a line shown cut counts as unseen).
    seen = 0 if cut_line is not None else shown
    s.state.saw(path, r.version, r.start_line, lines[:seen], total, cwd=call.cwd)
    if cut_line is not None:
        out.append(
            f"[line {cut_line[0]} is cut: {cut_line[1]} more characters of it are not shown "
            f"(output is capped at {max_chars} characters)."
            + (f" To read on, call read_file with offset {last + 1}.]" if last < total else "]")
        )
    elif last < total:
        why = f" (output is capped at {max_chars} characters; lines are kept whole)" if shown < len(lines) else ""
        out.append(
            f"[showing lines {r.start_line}-{last} of {total}{why}. To read more, call read_file with offset {last + 1}.]"
        )
    return done(out, f"read_file {path}: lines {r.start_line}-{last} of {total}")


def _write_file(call: _Call, v: JsonDict) -> JsonDict:
    path: str = v["path"]
    content: str = v["content"]
    eol: Optional[str] = v.get("eol")
    # Looked up by the core, by the path as given, so that a `..` after a link is taken
    # where the write will take it (the parent of the link's target).
    existed = _native.path_info(os.path.join(call.cwd or os.getcwd(), path), resolve=False).kind == "file"
    r: EditResult = call.change(
        [path],
        lambda lib, expected: lib.write_file(
            path,
            content,
            **call.options(expected_version=expected(path), eol=eol, guards=call.guards),
        ),
        lambda res: _single("write_file", path, res),
        one_call=True,
    )
    endings = describe_endings(r.eol)
    if not r.changed:
        return {
            "success": True,
            "data": f"No change: {path} already has exactly this content.",
            "path": path,
            "diff": "",
            "summary": f"write_file {path}: no change",
        }
    added, removed = diff_counts(r.diff)
    if not existed:
        head = f"Created {path}: {plural(added, 'line')}, line endings: {endings}."
        return _changed("write_file", path, r, head, show_diff=False)
    kept = (
        f"Line endings converted to {eol.upper()} on purpose."
        if eol in ("lf", "crlf")
        else f"Existing line endings and BOM kept; endings now: {endings}."
    )
    return _changed("write_file", path, r, f"Wrote {path}: +{added} -{removed} lines. {kept}")


def _edit_file(call: _Call, v: JsonDict) -> JsonDict:
    path: str = v["path"]
    r: EditResult = call.change(
        [path],
        lambda lib, expected: lib.edit_file(
            path,
            v["oldText"],
            v["newText"],
            **call.options(
                expected_version=expected(path),
                replace_all=v.get("replaceAll") is True,
                guards=call.guards,
            ),
        ),
        lambda res: _single("edit_file", path, res),
        one_call=True,
    )
    return _edited("edit_file", path, r)


def _multi_edit(call: _Call, v: JsonDict) -> JsonDict:
    path: str = v["path"]
    edits = [
        {"old_text": e.get("oldText"), "new_text": e.get("newText"), "replace_all": e.get("replaceAll") is True}
        for e in v["edits"]
    ]
    r: EditResult = call.change(
        [path],
        lambda lib, expected: lib.multi_edit(
            path, edits, **call.options(expected_version=expected(path), guards=call.guards)
        ),
        lambda res: _single("multi_edit", path, res),
        one_call=True,
    )
    return _edited("multi_edit", path, r, len(edits))


def _range_end(v: JsonDict, end: str, name: Callable[[str], str]) -> Union[str, int]:
    which = "first" if end == "start" else "last"
    anchor_name, line_name = name(f"{end}Anchor"), name(f"{end}Line")
    anchor = v.get(f"{end}Anchor")
    line = v.get(f"{end}Line")
    if anchor is None:
        if line is not None:
            return int(line)
        raise _argument_error(
            f"{anchor_name} is missing: give the {which} line's text as {anchor_name}, or its 1-based number as {line_name}."
        )
    if line is not None:
        raise _argument_error(
            f"Both {anchor_name} and {line_name} are given for the {which} line: give only one of them "
            f"({anchor_name}: the line's text or number; {line_name}: its number)."
        )
    return anchor  # type: ignore[no-any-return]


def _numeric(a: Union[str, int]) -> Union[str, int]:
    return int(a) if isinstance(a, str) and _DIGITS.match(a) and int(a) > 0 else a


def _delete_range(call: _Call, v: JsonDict, name: Callable[[str], str]) -> JsonDict:
    path: str = v["path"]
    start = _range_end(v, "start", name)
    end = _range_end(v, "end", name)

    def compute(lib: Any, expected: Callable[[str], Optional[str]]) -> EditResult:
        def run(s: Union[str, int], e: Union[str, int]) -> EditResult:
            return lib.delete_range(  # type: ignore[no-any-return]
                path,
                s,
                e,
                **call.options(expected_version=expected(path), inclusive=v.get("inclusive") is True),
            )

        try:
            return run(start, end)
        except EolEditError as error:
            # A line number sent as a JSON string ("12") means the number when no line reads "12".
            if error.code != "ANCHOR_NOT_FOUND" or (_numeric(start) == start and _numeric(end) == end):
                raise
            return run(_numeric(start), _numeric(end))

    r: EditResult = call.change([path], compute, lambda res: _single("delete_range", path, res), one_call=True)
    removed = diff_counts(r.diff)[1]
    return _changed("delete_range", path, r, f"Deleted {plural(removed, 'line')} from {path}.")


_MARKS = {"update": "M", "add": "A", "delete": "D", "move": "R"}


def _file_line(f: Any) -> str:
    name = f"{f.path} -> {f.moved_to}" if f.action == "move" else f.path
    added, removed = diff_counts(f.diff)
    counts = "" if f.action == "delete" or (f.action == "move" and not f.diff) else f" (+{added} -{removed})"
    return f"{_MARKS.get(f.action, '?')} {name}{counts}"


def _patch_files(result: PatchResult) -> List[JsonDict]:
    out: List[JsonDict] = []
    for f in result.files:
        summary = f"apply_patch {_file_line(f)}"
        if f.action == "move" and f.moved_to is not None:
            out.append({"path": f.path, "diff": "", "summary": f"apply_patch {f.path}: moved to {f.moved_to}"})
            out.append({"path": f.moved_to, "diff": f.diff, "summary": summary, "version": f.version})
        else:
            out.append({"path": f.path, "diff": f.diff, "summary": summary, "version": f.version})
    return out


def _apply_patch(call: _Call, v: JsonDict) -> JsonDict:
    patch: str = v["patch"]
    parsed = _native.parse_patch(patch)
    paths = [p for f in parsed.files for p in ([f.path, f.moved_to] if f.moved_to is not None else [f.path])]

    def compute(lib: Any, expected: Callable[[str], Optional[str]]) -> PatchResult:
        versions = {p: ver for p in paths if (ver := expected(p)) is not None}
        return lib.apply_patch(  # type: ignore[no-any-return]
            patch,
            **call.options(expected_versions=versions or None, guards=call.guards),
        )

    result: PatchResult = call.change(paths, compute, _patch_files)
    lines = [f"Applied the patch: {plural(len(result.files), 'file')}."]
    notes: List[str] = []
    for f in result.files:
        lines.append(_file_line(f))
        for tier in dict.fromkeys(f.matched_by):
            if tier in TIER_NOTES:
                notes.append(f"Note: in {f.path}, a hunk {TIER_NOTES[tier]}.")
        notes.extend(f"Warning: {f.path}: {w}" for w in _warnings_of(f))
    if any(n.startswith("Note:") for n in notes):
        notes.append("Lines you did not change kept their exact bytes; check the diff.")
    lines.extend(notes)
    for f in result.files:
        diff = "" if f.action == "delete" else compact_diff(f.diff)
        if diff:
            lines.append(f"{f.moved_to if f.action == 'move' else f.path}:\n{diff}")
    out: JsonDict = {
        "success": True,
        "data": "\n".join(lines),
        "path": result.files[0].path if result.files else None,
        "diff": "".join(f.diff for f in result.files),
        "summary": "\n".join(f["summary"] for f in _patch_files(result)),
    }
    if out["path"] is None:
        del out["path"]
    warnings = [f"{f.path}: {w}" for f in result.files for w in _warnings_of(f)]
    if warnings:
        out["warnings"] = warnings
    return out


_RUN: Dict[str, Callable[[_Call, JsonDict, Callable[[str], str]], JsonDict]] = {
    "read_file": lambda call, v, name: _read_file(call, v),
    "write_file": lambda call, v, name: _write_file(call, v),
    "edit_file": lambda call, v, name: _edit_file(call, v),
    "multi_edit": lambda call, v, name: _multi_edit(call, v),
    "delete_range": _delete_range,
    "apply_patch": lambda call, v, name: _apply_patch(call, v),
}


class Tool:
    """One tool of a tool set: its definition for the model and ``execute``."""

    def __init__(self, declared: JsonDict, settings: _Settings) -> None:
        #: The tool's name (``edit_file``).
        self.name: str = declared["name"]
        marks = _DECLARED["marks"]
        # The settings' values where the declarations were rendered with marks.
        text = (
            json.dumps([declared["description"], declared["parameters"], declared["strict_parameters"]])
            .replace(str(marks["max_read_lines"]), str(settings.max_read_lines))
            .replace(str(marks["max_read_chars"]), str(settings.max_read_chars))
        )
        description, parameters, strict = json.loads(text)
        #: What the model is told of the tool.
        self.description: str = description
        #: The JSON Schema of its arguments (this tool's own copy).
        self.parameters: JsonDict = parameters
        self._strict: JsonDict = strict
        self._fields = _Fields(declared["fields"])
        self._warning_line: Optional[str] = declared.get("warning_line")
        self._settings = settings

    def _schema(self, strict: bool) -> JsonDict:
        return copy.deepcopy(self._strict if strict else self.parameters)

    def _name(self, param: str) -> str:
        field = self._fields.by_param.get(param)
        return field["name"] if field else param

    def execute(self, args: Any, context: Optional[Mapping[str, Any]] = None) -> JsonDict:
        """Runs the tool on the model's arguments (a dict, or its JSON text). Never
        raises: a failure is ``{"success": False, "error": CODE, "data": ...}``.

        ``context`` is the host's, for this call: ``cwd`` (the folder relative paths
        start from) and ``signal`` (a ``threading.Event``; set, the call writes nothing
        and fails with ``REJECTED``)."""
        warnings: List[str] = []
        try:
            given = _args_object(args, self.name)
            warnings.extend(self._fields.unknown(given))
            where = _read_context(context)
            values = self._fields.values(given, warnings)
            call = _Call(self._settings, self.name, values, where)
            result = _RUN[self.name](call, values, self._name)
            return _with_argument_warnings(result, warnings, self._warning_line)
        except Exception as error:  # never raises: every failure is a result
            return _with_argument_warnings(_failure(error, self._path_of(args), self._settings.guards), warnings)

    def _path_of(self, args: Any) -> Optional[str]:
        field = self._fields.by_param.get("path")
        if field is None:
            return None
        try:
            value = _pick(_args_object(args, ""), field["spellings"])
        except _ToolError:
            return None
        return value if isinstance(value, str) and value != "" else None

    def __repr__(self) -> str:
        return f"Tool(name={self.name!r})"


Tools = Dict[str, Tool]


def _folder(path: str, option: str) -> str:
    """The path, when the core finds a folder there; else an InvalidArgument."""
    kind = _native.path_info(path, resolve=False).kind
    if kind is None:
        message = f"create_tools: {option} {_json(path)} does not exist."
    elif kind != "folder":
        message = f"create_tools: {option} {_json(path)} is not a folder."
    else:
        return path
    hint = f"Pass an existing folder as {option}."
    raise InvalidArgument(f"{message} {hint}", code="INVALID_ARGUMENT", hint=hint)


def create_tools(
    *,
    root: Union[None, str, "os.PathLike[str]", Sequence[Union[str, "os.PathLike[str]"]]] = None,
    cwd: Union[None, str, "os.PathLike[str]"] = None,
    require_read: bool = False,
    approve: Optional[Approve] = None,
    max_read_lines: Optional[int] = None,
    max_read_chars: Optional[int] = None,
    max_bytes: Optional[int] = None,
    durable: bool = False,
    guards: Optional[Mapping[str, str]] = None,
    read_state: Optional[ReadState] = None,
) -> Tools:
    """A tool set: the six tools by name, in the JavaScript ``createTools`` order,
    sharing one read state. A bad option raises here (``TypeError``, or
    ``InvalidArgument`` for a root or cwd that is not a folder): it is the host's
    mistake, never shown to a model.

    ``approve(request)`` is called before every write with ``{"tool", "path", "diff",
    "summary", "files"}`` of the prepared change (``prepare_edit``, …), whose commit
    then writes exactly that; anything but ``True`` is ``REJECTED`` and nothing is
    written. ``guards`` sets each guard ``"on"`` (default), ``"off"`` or
    ``"final"`` (the model's ``allow`` cannot let it through). ``read_state`` (from
    ``create_read_state()``) is shared with other sets and the host; default: the
    set's own.
    """
    if not isinstance(require_read, bool):
        raise TypeError("create_tools: require_read must be True or False.")
    if not isinstance(durable, bool):
        raise TypeError("create_tools: durable must be True or False.")
    if approve is not None and not callable(approve):
        raise TypeError("create_tools: approve must be a function (request) -> bool.")
    defaults = _DECLARED["defaults"]
    lines = defaults["max_read_lines"] if max_read_lines is None else max_read_lines
    chars = defaults["max_read_chars"] if max_read_chars is None else max_read_chars
    for value in (lines, chars):
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise TypeError("create_tools: max_read_lines and max_read_chars must be whole numbers of 1 or more.")
    if max_bytes is not None and (isinstance(max_bytes, bool) or not isinstance(max_bytes, int) or max_bytes < 0):
        raise TypeError("create_tools: max_bytes must be a whole number of bytes (0 for no limit).")
    settings_of_guards = {r: "on" for r in GUARD_REASONS}
    if guards is not None:
        if not isinstance(guards, Mapping):
            raise TypeError("create_tools: guards must be a dict such as {'markers': 'off'}.")
        for reason, setting in guards.items():
            if reason not in GUARD_REASONS:
                hint = f"The guards are {', '.join(GUARD_REASONS)}."
                raise InvalidArgument(
                    f"create_tools: guards has {_json(reason)}, which is not a guard. {hint}",
                    code="INVALID_ARGUMENT",
                    hint=hint,
                )
            if setting not in _GUARD_SETTINGS:
                raise TypeError(f"create_tools: guards[{reason!r}] must be 'on', 'off' or 'final', not {setting!r}.")
            settings_of_guards[reason] = setting

    if read_state is not None and not isinstance(read_state, ReadState):
        raise TypeError("create_tools: read_state must be made by create_read_state().")
    start = _folder(os.path.abspath(os.fspath(cwd)), "cwd") if cwd is not None else None
    roots: Optional[List[str]] = None
    if root is not None:
        given = [root] if isinstance(root, (str, os.PathLike)) else list(root)
        if not given or not all(isinstance(r, (str, os.PathLike)) and os.fspath(r) != "" for r in given):
            raise TypeError("create_tools: root must be a folder path or a non-empty list of them.")
        roots = [_folder(os.path.join(start or os.getcwd(), os.fspath(r)), "root") for r in given]
        roots = [os.path.abspath(r) for r in roots]
    settings = _Settings(
        root=roots,
        # With roots and no cwd, relative paths are taken from the first root.
        cwd=start if start is not None else (roots[0] if roots else None),
        require_read=require_read,
        approve=approve,
        max_read_lines=lines,
        max_read_chars=chars,
        max_bytes=max_bytes,
        durable=durable,
        guards=settings_of_guards,
        read_state=read_state if read_state is not None else ReadState(),
    )
    return {t["name"]: Tool(t, settings) for t in _DECLARED["tools"]}


# ---------------------------------------------------------------------------
# The vendors' shapes of a tool list: lib/tools/formats.js


def _tool_list(tools: Union[Tools, Sequence[Tool]]) -> List[Tool]:
    return list(tools.values()) if isinstance(tools, Mapping) else list(tools)


def to_anthropic_tools(tools: Union[Tools, Sequence[Tool]]) -> List[JsonDict]:
    """The tools as Anthropic's Messages API takes them."""
    return [
        {"name": t.name, "description": t.description, "input_schema": copy.deepcopy(t.parameters)}
        for t in _tool_list(tools)
    ]


def to_openai_tools(tools: Union[Tools, Sequence[Tool]], *, strict: bool = False) -> List[JsonDict]:
    """The tools as OpenAI's Chat Completions API takes them; ``strict=True`` gives the
    schemas its strict mode accepts (rendered by the JavaScript ``toOpenAITools``)."""
    out = []
    for t in _tool_list(tools):
        function: JsonDict = {"name": t.name, "description": t.description, "parameters": t._schema(strict)}
        if strict:
            function["strict"] = True
        out.append({"type": "function", "function": function})
    return out


def to_openai_responses_tools(tools: Union[Tools, Sequence[Tool]], *, strict: bool = False) -> List[JsonDict]:
    """The tools as OpenAI's Responses API takes them."""
    return [
        {
            "type": "function",
            "name": t.name,
            "description": t.description,
            "parameters": t._schema(strict),
            "strict": strict,
        }
        for t in _tool_list(tools)
    ]
