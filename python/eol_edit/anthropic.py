"""Anthropic's text editor tool (``str_replace_based_edit_tool``, and
``str_replace_editor`` of the earlier versions): the handler of the tool-use input the
model sends, returning the ``tool_result`` content it expects, with the JavaScript
handler's behaviour (``createAnthropicTextEditor`` in ``eol-edit/tools``,
lib/tools/hosts/anthropic.js) and the same texts, refusals and guards::

    from eol_edit.anthropic import TextEditor

    editor = TextEditor(root="/work/project", version="text_editor_20250728")
    tools = [editor.definition]  # the tool entry of messages.create(tools=...)
    result = editor.execute(block.input)  # {"content": "...", "is_error": True?}
    # or: editor(command="view", path="src/a.py")

Every read and change is the core's (``read_file``, ``edit_file``, ``write_file``,
``insert_lines``, ``read_file_bytes``), so each line keeps its ending, a BOM and the
encoding are kept, writes are atomic and confined to ``root``; so is what the editor
remembers: what the model saw of each file (the core's ``ReadState``, shared with tool
sets through ``read_state=``) and its undo history (``UndoHistory``, which undoes
through ``restore_file``). What is here turns the model's input into those calls and their results
(and the core's messages, as parts) into the text the model reads, in the tool's
words: the same sentences as the JavaScript handler, which a test runs through both
and compares (python/tests/test_anthropic_editor.py). See docs/hosts.md.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from typing import (
    Any,
    Callable,
    Dict,
    List,
    Mapping,
    Optional,
    Sequence,
    Tuple,
    Union,
)

from . import _native as core
from ._errors import EolEditError, FileChanged, InvalidArgument, FileNotFound
from ._prepared import AT_ONCE, Preparing
from ._results import EditResult, GuardReason, PatchResult, ReadResult, Undone
from ._words import MISSING as _MISSING
from .tools import _DECLARED, ReadState
from ._words import json_text as _json
from ._words import (
    Part,
    Words,
    change_summary,
    compact_diff,
    describe_endings,
    diff_counts,
    js_type,
    plural,
    render,
    render_failure,
    start_within,
    subset,
    tier_notes,
    type_name,
    units,
    warnings_of,
)

__all__ = ["TextEditor", "VERSIONS", "DEFAULT_VERSION", "UNDO_DEPTH", "UNDO_BYTES"]

_Path = Union[str, "os.PathLike[str]"]

# ---------------------------------------------------------------------------
# The versions (anthropic.js VERSIONS)


@dataclass(frozen=True)
class _Version:
    name: str
    undo: bool
    max_characters: bool


VERSIONS: Dict[str, _Version] = {
    "text_editor_20250728": _Version("str_replace_based_edit_tool", False, True),
    "text_editor_20250429": _Version("str_replace_based_edit_tool", False, False),
    "text_editor_20250124": _Version("str_replace_editor", True, False),
    "text_editor_20241022": _Version("str_replace_editor", True, False),
}
"""Each version of the tool: its name, whether it has undo_edit, and whether its
definition takes max_characters."""

DEFAULT_VERSION = "text_editor_20250728"

_COMMANDS = ["view", "str_replace", "create", "insert", "undo_edit"]
_ARGUMENTS = [
    "command", "path", "view_range", "old_str", "new_str", "file_text",
    "insert_line", "insert_text", "allow",
]
_GUARD_REASONS: List[GuardReason] = ["placeholder", "shrink", "control", "markers"]
_GUARD_SETTINGS = ["on", "off", "final"]
_LISTING_MAX = 1000
_ABSENT = ""

# ---------------------------------------------------------------------------
# The words: what the model is told that the core does not say. The core's messages
# are said in the text editor's words (lib/tools/wording.js handlerWords of
# anthropic.js's VOCABULARY, which tools.json holds); the editor's own sentences are
# below.

_T = {
    # The editor's own sentences, by where anthropic.js says them.
    "bad_command": "command must be one of {known}, but it is {given}.",
    "no_undo": "undo_edit is not a command of {version}: change the text back with str_replace.",
    "ignored": "Note: ignored unknown argument {name}.",
    "missing": "{name} is missing: give it as a string.",
    "not_string": "{name} must be a string, but it is {type}.",
    "empty": "{name} must not be empty.",
    "surrogate": (
        "{name} has half of a character (U+{code}, a lone surrogate) on line {line}: the text was cut off inside "
        "an emoji or another character written as two UTF-16 units. Nothing was written. Send the whole character."
    ),
    "args_not_json": "{tool} arguments must be a JSON object, but they are a string that is not JSON.",
    "args_not_object": '{tool} arguments must be an object like {{"path": ...}}, but they are {type}.',
    "range_shape": "view_range must be two line numbers [first, last] (1-based; last -1: to the end of the file)",
    "range_bad": "{shape}, but it is {given}.",
    "range_first": "{shape}; its first line is {first}.",
    "range_order": "{shape}; its last line {last} is before its first line {first}.",
    "range_folder": "view_range applies to a file, but {path} is a folder.",
    "empty_file": "{path} is empty.",
    "past_end": (
        "view_range starts at line {first}, past the end of {path}, which has {lines}: start at a line from 1 to {total}."
    ),
    "line_cut": "[Line {line} is cut: the output is capped at {budget} characters.",
    "see_more": " To see more, view with view_range [{next}, -1].]",
    "showing": (
        "[Showing lines {first}-{last} of {total}: the output is capped at {budget} characters. "
        "To see more, view with view_range [{next}, -1].]"
    ),
    "has_lines": "[{path} has {lines}.]",
    "listing_head": "Files and folders in {base}/, two levels deep (hidden ones left out):",
    "more_entries": "[{more} more {entries} not shown; view a folder inside it to see them.]",
    "replaced": "Replaced old_str in {path}{span}{tier}.",
    "stripped": "Note: the line numbers (N: ) were removed from old_str and new_str before matching.",
    "created": "Created {path}: {lines}, line endings: {endings}.",
    "exists": (
        "File already exists at: {path}. Cannot overwrite files using command create, so nothing was written. "
        "To change it, use str_replace (view it first to copy the text to replace)"
    ),
    "exists_undo": "; to take back this tool's last edit of it, use undo_edit (a file it created is deleted again).",
    "bad_insert_line": (
        "insert_line must be a whole number of 0 or more (0: at the start of the file), but it is {given}."
    ),
    "insert_not_string": "new_str must be the text to insert, a string.",
    "insert_empty": "new_str is empty: there is nothing to insert.",
    "insert_past_end": (
        "insert_line {after} is past the end of {path}, which has {lines}: use 0 (the start) to {total} (after the last line)."
    ),
    "inserted": "Inserted {lines} {where}.",
    "undo_dropped": (
        "The earlier edits of {path} can no longer be undone: this tool keeps the last {depth} edits of a file, and "
        "at most {mib} MiB of earlier file contents in all, dropping the oldest first. Nothing was written. "
        "View the file and change it back with str_replace."
    ),
    "undo_none": "There is no edit of {path} to undo: undo_edit undoes this tool's own edits of a file, the last one first.",
    "undo_changed": (
        "{path} has changed since the edit undo_edit would undo, so it was not restored (nothing was written). "
        "View it again and change it with str_replace instead."
    ),
    "undid_created": "Undid the last edit of {path}: the file it created is deleted again.",
    "undid": "Undid the last edit of {path}: it has its bytes from before that edit again.",
    "not_approved": "The change to {path} could not be approved ({why}). Nothing was written.",
    "rejected": (
        "The user did not approve this change to {path}, so nothing was written. "
        "Do not send the same change again; ask the user what they want instead."
    ),
    "guard_final": (
        "This host does not let the {reason} guard be passed: write the text another way, or ask the user."
    ),
    "unexpected": "The tool failed unexpectedly; read the file to see its state.",
}


# ---------------------------------------------------------------------------
# Rendering the core's parts in the editor's words (wording.js render, handlerWords)

_WORDS = Words(_DECLARED["handlers"]["anthropic"])


def _render(parts: Sequence[Part]) -> str:
    return render(parts, _WORDS)


def _warnings(result: Union[ReadResult, EditResult, Undone]) -> List[str]:
    return warnings_of(result, _WORDS)


# ---------------------------------------------------------------------------
# Failures (errors.js failure)


def _tool_error(cls: type, code: str, message: str, parts: Optional[List[Part]] = None) -> EolEditError:
    """A failure of the handler itself, built like the core's errors: its message as
    parts (a plain string is text already in the editor's words)."""
    error: EolEditError = cls(message, code=code)
    error.parts = list(parts) if parts is not None else [message]
    return error


def _NOT_READ(path: str) -> List[Part]:
    """FILE_CHANGED for a change to a file not viewed yet, with ``require_read``."""
    return [
        f"{path} has not been read yet, so the change could overwrite what you have not seen. Nothing was written. ",
        {"phrase": "read-first", "parts": ["Read it first"]},
        ", then make the change.",
    ]


def _argument_error(message: str) -> EolEditError:
    return _tool_error(InvalidArgument, "INVALID_ARGUMENT", message)


def _failure(error: BaseException) -> str:
    try:
        code = error.code if isinstance(error, EolEditError) and error.code else "IO_ERROR"
        return f"{code}: {_failure_text(error)}"
    except Exception:  # noqa: BLE001 - never throws, as the JavaScript handler
        return f"IO_ERROR: {_T['unexpected']}"


def _failure_text(error: BaseException) -> str:
    """What the failure says in the editor's words (the core's, as errors.js has it)."""
    own = getattr(error, "parts", None)
    hint = getattr(error, "hint", None)
    hint_parts = getattr(error, "hint_parts", None)
    file_index = getattr(error, "file_index", None)
    return render_failure(
        _WORDS,
        str(error) or type(error).__name__,
        parts=list(own) if isinstance(own, list) else None,
        hint=hint if isinstance(hint, str) else None,
        hint_parts=list(hint_parts) if isinstance(hint_parts, list) else None,
        lines=[n for n in (getattr(error, "lines", None) or []) if isinstance(n, int)],
        file_index=file_index if isinstance(file_index, int) else None,
    )


# ---------------------------------------------------------------------------
# Results (results.js)


def _changed_text(head: str, notes: List[str], warnings: List[str], diff: str) -> str:
    parts = [head, *notes, *(f"Warning: {w}" for w in warnings)]
    shown = compact_diff(diff, "view")
    if shown:
        parts.append(shown)
    return "\n".join(parts)


# ---------------------------------------------------------------------------
# The undo history: the core's (src/api/undo.rs), as the JavaScript handler's

_LIMITS = core.UndoHistory()
UNDO_DEPTH = _LIMITS.depth
"""How many of its own edits of one file an editor can undo."""
UNDO_BYTES = _LIMITS.max_bytes
"""The bytes of earlier file contents an editor keeps in all, for every file."""
del _LIMITS


# ---------------------------------------------------------------------------
# The editor


class TextEditor:
    """The handler of Anthropic's text editor tool.

    Args:
        root: the folder (or folders) every path must be inside; symlinks and ``..``
            that lead out are refused (``PATH_OUTSIDE_ROOT``). None: anywhere.
        cwd: the folder relative paths are taken from (default: the process's).
        version: the tool's version (``VERSIONS``; default ``text_editor_20250728``).
        max_characters: cap what ``view`` shows at this many characters (UTF-16
            units, as the API counts them); the 20250728 definition names it.
        max_bytes: the largest file read or written (the core's default: 64 MiB).
        durable: fsync each write and its folder.
        guards: each guard's setting (``{"markers": "off"}``; each ``"on"``,
            ``"off"`` or ``"final"``); every guard is on by default, and the model
            lets one through with ``"allow": [...]`` unless it is final.
        require_read: refuse a change to an existing file this editor has not
            viewed (``FILE_CHANGED``, "View it first").
        approve: called with each change before it is written, as the prepared
            change's ``{"tool", "path", "diff", "summary", "files"}``; anything but
            ``True`` (``False``, an exception) refuses it with ``REJECTED``, and nothing
            is written. The commit then writes exactly what was shown, if the file
            still has the version it was prepared from.
        read_state: what the model has seen of each file, shared with tool sets
            (``create_tools(read_state=...)``) and the host (from
            ``eol_edit.tools.create_read_state()``): a view here counts as a read
            there and the other way round, and a change through one is not an outside
            change to another. Default: the editor's own.

    ``definition`` is the tool's entry for the API's ``tools``; ``execute(input)``
    (also ``editor(**input)``) runs one tool_use input and returns the tool_result's
    fields, ``{"content": text}`` with ``"is_error": True`` on a failure. It never
    raises for the model's input; a wrong option here raises at once. Calls from
    several threads run one at a time.
    """

    def __init__(
        self,
        *,
        root: Union[None, _Path, Sequence[_Path]] = None,
        cwd: Optional[_Path] = None,
        version: str = DEFAULT_VERSION,
        max_characters: Optional[int] = None,
        max_bytes: Optional[int] = None,
        durable: bool = False,
        guards: Optional[Mapping[str, str]] = None,
        require_read: bool = False,
        approve: Optional[Callable[[Dict[str, object]], object]] = None,
        read_state: Optional[ReadState] = None,
    ) -> None:
        where = "TextEditor()"
        if read_state is not None and not isinstance(read_state, ReadState):
            raise TypeError(f"{where}: read_state must be made by create_read_state().")
        if not isinstance(require_read, bool):
            raise TypeError(f"{where}: require_read must be True or False.")
        if approve is not None and not callable(approve):
            raise TypeError(f"{where}: approve must be a function (request) -> bool.")
        self._require_read = require_read
        self._approve = approve
        if not isinstance(version, str) or version not in VERSIONS:
            known = ", ".join(VERSIONS)
            raise InvalidArgument(f"{where}: unknown version {_json(version)} (known: {known}).", code="INVALID_ARGUMENT")
        if max_characters is not None and (
            isinstance(max_characters, bool) or not isinstance(max_characters, int) or max_characters < 1
        ):
            raise TypeError(f"{where}: max_characters must be a whole number of 1 or more.")
        self._guards: Dict[str, str] = {r: "on" for r in _GUARD_REASONS}
        for reason, setting in (guards or {}).items():
            if reason not in _GUARD_REASONS:
                raise InvalidArgument(
                    f"{where}: guards has {_json(reason)}, which is not a guard. The guards are {', '.join(_GUARD_REASONS)}.",
                    code="INVALID_ARGUMENT",
                )
            if setting not in _GUARD_SETTINGS:
                raise TypeError(f"{where}: guards[{reason!r}] must be 'on', 'off' or 'final', not {setting!r}.")
            self._guards[reason] = setting
        self.version = version
        about = VERSIONS[version]
        self.name = about.name
        self._undo = about.undo
        self.max_characters = max_characters
        self.definition: Dict[str, object] = {"type": version, "name": about.name}
        if max_characters is not None and about.max_characters:
            self.definition["max_characters"] = max_characters
        if max_bytes is not None and (isinstance(max_bytes, bool) or not isinstance(max_bytes, int) or max_bytes < 0):
            raise TypeError(f"{where}: max_bytes must be a whole number of bytes (0 for no limit).")
        if not isinstance(durable, bool):
            raise TypeError(f"{where}: durable must be True or False.")
        given_cwd = None if cwd is None else _folder(os.path.abspath(os.fspath(cwd)), "cwd", where)
        self._roots: Optional[List[str]] = None
        if root is not None:
            listed = [root] if isinstance(root, (str, os.PathLike)) else list(root)
            if not listed or not all(isinstance(r, (str, os.PathLike)) and os.fspath(r) != "" for r in listed):
                raise TypeError(f"{where}: root must be a folder path or a non-empty list of them.")
            base = given_cwd or os.getcwd()
            self._roots = [_folder(os.path.normpath(os.path.join(base, os.fspath(r))), "root", where) for r in listed]
        # With roots and no cwd, relative paths are taken from the first root: a model
        # confined to a project writes paths relative to that project.
        self._cwd = given_cwd if given_cwd is not None else (self._roots[0] if self._roots else None)
        self._root: Any = None if self._roots is None else (self._roots[0] if len(self._roots) == 1 else self._roots)
        self._max_bytes = max_bytes
        self._durable = durable
        # The core's read state (the version the model last saw or wrote of each file,
        # and the lines it saw): a change expects that version, so one made meanwhile
        # fails with FILE_CHANGED, showing what changed. And the core's undo history.
        shared = read_state if read_state is not None else ReadState()
        self._state = shared._state
        self._history = core.UndoHistory()
        # One call at a time, with every tool set sharing the read state: a change
        # checks and records versions and history around the core's write, which runs
        # with the interpreter released.
        self._lock = shared._lock

    def __call__(self, **input: object) -> Dict[str, object]:
        return self.execute(input)

    # -------------------------------------------------------------------------

    def execute(self, input: object) -> Dict[str, object]:
        """Runs one tool_use input; never raises."""
        with self._lock:
            return self._execute(input)

    def _execute(self, input: object) -> Dict[str, object]:
        notes: List[str] = []
        try:
            given = _args_object(input, self.name)
            for key in given:
                if key not in _ARGUMENTS:
                    notes.append(_T["ignored"].format(name=_json(key)))
            command = given.get("command", _MISSING)
            if not isinstance(command, str) or command not in _COMMANDS or (command == "undo_edit" and not self._undo):
                known = _COMMANDS if self._undo else [c for c in _COMMANDS if c != "undo_edit"]
                if command == "undo_edit":
                    raise _argument_error(_T["no_undo"].format(version=self.version))
                raise _argument_error(_T["bad_command"].format(known=", ".join(known), given=_json(command)))
            path = _text(given, "path", required=True, non_empty=True)
            assert path is not None
            allow = [] if given.get("allow") is None else subset(given["allow"], "allow", _GUARD_REASONS, _argument_error)
            out = self._run(command, path, given, allow)
            return {"content": "\n".join([out, *notes])}
        except BaseException as error:  # noqa: BLE001 - the model gets every failure
            if isinstance(error, (KeyboardInterrupt, SystemExit)):
                raise
            return {"content": "\n".join([_failure(error), *notes]), "is_error": True}

    def _run(self, command: str, path: str, given: Dict[str, Any], allow: List[str]) -> str:
        if command == "view":
            return self._view(path, given.get("view_range"))
        if command == "str_replace":
            old = _text(given, "old_str", required=True)
            new = _text(given, "new_str")
            assert old is not None
            return self._str_replace(path, old, new or "", allow)
        if command == "create":
            text = _text(given, "file_text", required=True)
            assert text is not None
            return self._create(path, text, allow)
        if command == "insert":
            return self._insert(path, given, allow)
        return self._undo_edit(path)

    # -------------------------------------------------------------------------
    # The library's options and what the editor remembers (session.js Call)

    def _options(self) -> Dict[str, Any]:
        options: Dict[str, Any] = {}
        if self._cwd is not None:
            options["cwd"] = self._cwd
        if self._root is not None:
            options["root"] = self._root
        if self._max_bytes is not None:
            options["max_bytes"] = self._max_bytes
        return options

    def _change_options(self) -> Dict[str, Any]:
        options = self._options()
        if self._durable:
            options["durable"] = True
        return options

    def _call_guards(self, allow: List[str]) -> Optional[List[GuardReason]]:
        on = [r for r in _GUARD_REASONS if self._guards[r] == "final" or (self._guards[r] == "on" and r not in allow)]
        return on or None

    def _final_refusal(self, error: EolEditError) -> EolEditError:
        """A refusal by a guard the host made final says so instead of naming allow."""
        reason = getattr(error, "reason", None)
        hint_parts = getattr(error, "hint_parts", None)
        if not isinstance(error, EolEditError) or error.code != "SUSPECT_CONTENT" or not isinstance(hint_parts, list):
            return error
        if not isinstance(reason, str) or self._guards.get(reason) != "final":
            return error
        error.hint_parts = [
            {"phrase": "guard-final", "parts": [_T["guard_final"].format(reason=reason)]}
            if isinstance(p, dict) and p.get("phrase") == "allow-guard"
            else p
            for p in hint_parts
        ]
        return error

    def _absolute(self, path: str) -> str:
        return os.path.normpath(os.path.join(self._cwd or os.getcwd(), path))

    def _current_version(self, path: str) -> Optional[str]:
        try:
            return core.read_file(path, limit=0, **self._options()).version
        except FileNotFound:
            return None

    def _readable_version(self, path: str) -> object:
        """The current version, None for no file, _MISSING for one over the size limit."""
        try:
            return self._current_version(path)
        except EolEditError as error:
            if error.code == "FILE_TOO_LARGE":
                return _MISSING
            raise

    def _change(
        self,
        command: str,
        path: str,
        compute: Callable[[Any, Optional[str]], Tuple[Any, Any]],
        *,
        undoable: bool = True,
    ) -> Tuple[Any, Any]:
        """Makes a change with the editor's checks (session.js change): a file the editor
        viewed or wrote must still have that version (with ``require_read``, an existing
        file it never viewed is refused). ``compute(lib, expected)`` makes it with one
        call of ``lib.edit_file``, ``lib.write_file``, … and gives ``(extra, result)``,
        the library's result; with ``approve``, ``lib`` prepares the change (_prepared.py),
        the host is asked with its diff, and the prepared change's commit writes exactly
        that (``FILE_CHANGED`` if the file moved on meanwhile). Gives ``(extra, result)``,
        the result the write gave. For undo_edit, the bytes before the change are kept
        (it then runs against their version, so a change made meanwhile fails it with
        FILE_CHANGED)."""
        expected = self._state.version(path, cwd=self._cwd)
        if expected is None and self._require_read:
            current = self._readable_version(path)
            if current is None:
                expected = _ABSENT
            elif isinstance(current, str):
                raise _tool_error(FileChanged, "FILE_CHANGED", _render(_NOT_READ(path)), _NOT_READ(path))
        wanted = expected
        before = None
        if self._undo and undoable:
            before = self._snapshot(path)
            if wanted is None:
                wanted = before[1] if before[1] is not None else _ABSENT
        try:
            if self._approve is None:
                extra, result = compute(AT_ONCE, wanted)
            else:
                lib = Preparing()
                extra, shown = compute(lib, wanted)
                if not lib.prepared or shown is not lib.shown:
                    raise RuntimeError(f"{command}: the change was not made with one prepared library call")
                self._approve_or_fail(command, path, _diff_of(shown))
                result = lib.commit()
        except EolEditError as error:
            raise self._explain_changed(self._final_refusal(error), path, expected) from None
        version = None if isinstance(result, PatchResult) else result.version
        diff = None if isinstance(result, PatchResult) else result.diff
        if version is not None:
            # A file whose lines the model had seen stays seen whole as it is now (the
            # model made it so), so that a change from outside after the write is shown:
            # from the change's diff, applied when a stale call needs it.
            self._state.wrote(path, version, cwd=self._cwd, root=self._root, diff=diff)
        else:
            self._state.forget(path, cwd=self._cwd)
        if before is not None and version is not None:
            self._history.push(path, before[0], version, cwd=self._cwd)
        return extra, result

    def _explain_changed(self, error: EolEditError, path: str, expected: Optional[str]) -> EolEditError:
        """A FILE_CHANGED that shows the model what changed in a file it had seen (the
        core's ``ReadState.explain_changed``); the error itself when it saw none of it,
        or none changed."""
        if error.code != "FILE_CHANGED" or not expected:
            return error
        try:
            self._state.explain_changed([path], {path: expected}, cwd=self._cwd, root=self._root)
        except FileChanged as explained:
            return explained
        except Exception:  # noqa: BLE001 - the error as it is, as the JavaScript handler
            return error
        return error

    def _approve_or_fail(self, command: str, path: str, diff: str) -> None:
        """Asks the host; anything but True (False, an exception) is REJECTED."""
        assert self._approve is not None
        summary = change_summary(command, path, diff)
        request: Dict[str, object] = {
            "tool": command,
            "path": path,
            "diff": diff,
            "summary": summary,
            "files": [{"path": path, "diff": diff, "summary": summary}],
        }
        try:
            verdict = self._approve(request)
        except Exception as error:  # noqa: BLE001 - the host's callback: any failure refuses
            why = str(error) or type(error).__name__
            raise _tool_error(EolEditError, "REJECTED", _T["not_approved"].format(path=path, why=why)) from None
        if verdict is not True:
            raise _tool_error(EolEditError, "REJECTED", _T["rejected"].format(path=path))

    def _snapshot(self, path: str) -> Tuple[Optional[bytes], Optional[str]]:
        try:
            read = core.read_file_bytes(path, **self._options())
            return read.bytes, read.version
        except FileNotFound:
            return None, None

    # -------------------------------------------------------------------------
    # view

    def _view(self, path: str, given_range: object) -> str:
        absolute = self._absolute(path)
        if core.path_info(absolute, resolve=False).kind == "folder":
            if given_range is not None:
                raise _argument_error(_T["range_folder"].format(path=path))
            return self._listing(path, absolute)
        first, last = _view_range(given_range)
        read = core.read_file(
            path, offset=first, limit=None if last == -1 else last - first + 1, **self._options()
        )
        self._state.record(path, read.version, cwd=self._cwd)
        total = read.total_lines
        warnings = [f"[Note: {w}]" for w in _warnings(read)]
        if total == 0:
            return "\n".join([_T["empty_file"].format(path=path), *warnings])
        if first > total:
            raise _argument_error(
                _T["past_end"].format(first=first, path=path, lines=plural(total, "line"), total=total)
            )
        lines = read.content.split("\n")
        if lines and lines[-1] == "":
            lines.pop()
        budget = self.max_characters
        out: List[str] = []
        used = 0
        shown = 0
        for i, text in enumerate(lines):
            line = f"{read.start_line + i}: {text}"
            cost = units(line) + (1 if out else 0)
            if budget is not None and used + cost > budget:
                if shown == 0:
                    out.append(start_within(line, budget))
                    shown = -1
                break
            out.append(line)
            used += cost
            shown += 1
        last_shown = read.start_line if shown == -1 else read.start_line + shown - 1
        if shown == -1:
            more = _T["see_more"].format(next=last_shown + 1) if last_shown < total else "]"
            out.append(_T["line_cut"].format(line=read.start_line, budget=budget) + more)
        elif shown < len(lines):
            out.append(
                _T["showing"].format(first=read.start_line, last=last_shown, total=total, budget=budget, next=last_shown + 1)
            )
        elif last != -1 and last > total:
            out.append(_T["has_lines"].format(path=path, lines=plural(total, "line")))
        shown_lines = read.content.split("\n")[: max(0, shown)]
        self._state.saw(path, read.version, read.start_line, shown_lines, total, cwd=self._cwd)
        return "\n".join([*out, *warnings])

    def _listing(self, path: str, absolute: str) -> str:
        base = path.rstrip("\\/") or path
        entries = self._folder_entries(path, absolute, base, 2)
        head = _T["listing_head"].format(base=base)
        if not entries:
            return f"{head}\n(none)"
        out = [head]
        used = units(head)
        shown = 0
        for entry in entries:
            size = units(entry)
            over = (
                used + 1 + size > self.max_characters if self.max_characters is not None else shown >= _LISTING_MAX
            )
            if over:
                break
            out.append(entry)
            used += 1 + size
            shown += 1
        if shown < len(entries):
            more = len(entries) - shown
            out.append(_T["more_entries"].format(more=more, entries="entry" if more == 1 else "entries"))
        return "\n".join(out)

    def _folder_entries(self, path: str, absolute: str, shown: str, depth: int) -> List[str]:
        """A folder's entries ``depth`` levels deep, sorted, hidden ones left out, links
        listed and never followed: the core's listing, inside the root (as
        anthropic.js's, by ``folderEntries``)."""
        return core.folder_entries(absolute, shown=shown, depth=depth, display=path, root=self._roots, cwd=self._cwd)

    # -------------------------------------------------------------------------
    # Changes

    def _str_replace(self, path: str, old: str, new: str, allow: List[str]) -> str:
        options = self._change_options()
        guards = self._call_guards(allow)

        def compute(lib: Any, expected: Optional[str]) -> Tuple[bool, EditResult]:
            def attempt(o: str, n: str) -> EditResult:
                return lib.edit_file(path, o, n, expected_version=expected, guards=guards, **options)  # type: ignore[no-any-return]

            result, stripped = _with_numbers_retry(old, new, attempt)
            return stripped, result

        stripped, result = self._change("str_replace", path, compute)
        if result.start_line > 0:
            span = (
                f", lines {result.start_line}-{result.end_line}"
                if result.end_line > result.start_line
                else f", line {result.start_line}"
            )
        else:
            span = ""
        tier = next((t for t in result.matched_by if t != "exact"), None)
        head = _T["replaced"].format(path=path, span=span, tier=f" (matched by {tier})" if tier else "")
        notes = tier_notes(result.matched_by)
        if stripped:
            notes.append(_T["stripped"])
        return _changed_text(head, notes, _warnings(result), result.diff)

    def _create(self, path: str, file_text: str, allow: List[str]) -> str:
        options = self._change_options()
        guards = self._call_guards(allow)

        def compute(lib: Any, expected: Optional[str]) -> Tuple[None, EditResult]:
            if self._current_version(path) is not None:
                raise self._exists(path)
            # Expected absent: a file another program creates meanwhile is not overwritten either.
            return None, lib.write_file(path, file_text, expected_version=_ABSENT, guards=guards, **options)

        try:
            _, r = self._change("create", path, compute)
        except FileChanged:
            # Created by another program since it was looked for (while the approval
            # waited): said as create says of any file that exists.
            if self._current_version(path) is not None:
                raise self._exists(path) from None
            raise
        head = _T["created"].format(path=path, lines=plural(diff_counts(r.diff)[0], "line"), endings=describe_endings(r.eol))
        return _changed_text(head, [], _warnings(r), "")

    def _exists(self, path: str) -> EolEditError:
        undoable = self._undo and self._history.last(path, cwd=self._cwd).version is not None
        return _argument_error(_T["exists"].format(path=path) + (_T["exists_undo"] if undoable else "."))

    def _insert(self, path: str, given: Dict[str, Any], allow: List[str]) -> str:
        after = given.get("insert_line", _MISSING)
        if isinstance(after, float) and after.is_integer():
            after = int(after)
        if isinstance(after, bool) or not isinstance(after, int) or after < 0:
            raise _argument_error(_T["bad_insert_line"].format(given=_json(after)))
        name = "new_str" if given.get("new_str") is not None else "insert_text"
        if not isinstance(given.get(name), str):
            raise _argument_error(_T["insert_not_string"])
        inserted = _text(given, name)
        assert inserted is not None
        if inserted == "":
            raise _argument_error(_T["insert_empty"])
        options = self._change_options()
        guards = self._call_guards(allow)
        line = after

        def compute(lib: Any, expected: Optional[str]) -> Tuple[None, EditResult]:
            try:
                r: EditResult = lib.insert_lines(path, line, inserted, expected_version=expected, guards=guards, **options)
            except InvalidArgument as error:
                # The core's words name its own argument; the model's is insert_line.
                if error.argument == "after_line":
                    total = error.lines[0] if error.lines else 0
                    raise _argument_error(
                        _T["insert_past_end"].format(after=line, path=path, lines=plural(total, "line"), total=total)
                    ) from None
                raise
            return None, r

        _, r = self._change("insert", path, compute)
        added = core.to_lf(inserted).split("\n")
        if len(added) > 1 and added[-1] == "":
            added.pop()
        where = f"at the start of {path}" if after == 0 else f"after line {after} of {path}"
        return _changed_text(
            _T["inserted"].format(lines=plural(len(added), "line"), where=where), [], _warnings(r), r.diff
        )

    def _undo_edit(self, path: str) -> str:
        last = self._history.last(path, cwd=self._cwd)
        if last.version is None:
            if last.dropped > 0:
                mib = self._history.max_bytes // (1024 * 1024)
                raise _argument_error(_T["undo_dropped"].format(path=path, depth=self._history.depth, mib=mib))
            raise _argument_error(_T["undo_none"].format(path=path))
        options = self._change_options()

        def compute(lib: Any, seen: Optional[str]) -> Tuple[None, Undone]:
            # The core puts the bytes back (or deletes the file the edit created) if the
            # file still has the version the edit left, and the one this editor knows.
            # The history has no prepare twin: with approve, its dry run is shown, and the
            # real run writes the same bytes only at the same version (_prepared.py).
            def undo(dry_run: bool) -> Undone:
                try:
                    return self._history.undo(path, expected_version=seen, dry_run=dry_run, **options)
                except FileChanged:
                    raise _tool_error(FileChanged, "FILE_CHANGED", _T["undo_changed"].format(path=path)) from None

            return None, lib.unprepared(undo)

        _, r = self._change("undo_edit", path, compute, undoable=False)
        if last.created:
            return _T["undid_created"].format(path=path)
        return _changed_text(_T["undid"].format(path=path), [], _warnings(r), r.diff)


def _diff_of(result: Any) -> str:
    """The diff of a change's result: an EditResult's, or the one file of a PatchResult."""
    return result.files[0].diff if isinstance(result, PatchResult) else result.diff


def _folder(path: str, option: str, where: str) -> str:
    """The path, when the core finds a folder there; else an InvalidArgument (index.js folder)."""
    kind = core.path_info(path, resolve=False).kind
    if kind is None:
        what = "does not exist"
    elif kind != "folder":
        what = "is not a folder"
    else:
        return path
    hint = f"Pass an existing folder as {option}."
    raise InvalidArgument(f"{where}: {option} {_json(path)} {what}. {hint}", code="INVALID_ARGUMENT", hint=hint)


# ---------------------------------------------------------------------------
# The model's arguments (args.js, anthropic.js)


def _args_object(value: object, tool: str) -> Dict[str, Any]:
    if isinstance(value, (str, bytes)):
        try:
            value = json.loads(value)
        except ValueError:
            raise _argument_error(_T["args_not_json"].format(tool=tool)) from None
    if not isinstance(value, Mapping):
        raise _argument_error(_T["args_not_object"].format(tool=tool, type=type_name(value)))
    return {str(k): v for k, v in value.items()}


def _text(given: Mapping[str, Any], name: str, *, required: bool = False, non_empty: bool = False) -> Optional[str]:
    value = given.get(name)
    if value is None:
        if required:
            raise _argument_error(_T["missing"].format(name=name))
        return None
    if not isinstance(value, str):
        raise _argument_error(_T["not_string"].format(name=name, type=js_type(value)))
    if non_empty and value == "":
        raise _argument_error(_T["empty"].format(name=name))
    for i, c in enumerate(value):
        if 0xD800 <= ord(c) <= 0xDFFF:
            # No file holds half a character: written, it would be bytes of no encoding.
            line = value[:i].count("\n") + 1
            raise _argument_error(_T["surrogate"].format(name=name, code=f"{ord(c):X}", line=line))
    return value


def _is_line_number(n: object) -> bool:
    if isinstance(n, bool):
        return False
    if isinstance(n, float):
        return n.is_integer() and abs(n) <= 2**53 - 1
    return isinstance(n, int) and abs(n) <= 2**53 - 1


def _view_range(given: object) -> Tuple[int, int]:
    if given is None:
        return 1, -1
    shape = _T["range_shape"]
    if not isinstance(given, (list, tuple)) or len(given) != 2 or not all(_is_line_number(n) for n in given):
        raise _argument_error(_T["range_bad"].format(shape=shape, given=_json(given)))
    first, last = int(given[0]), int(given[1])
    if first < 1:
        raise _argument_error(_T["range_first"].format(shape=shape, first=first))
    if last != -1 and last < first:
        raise _argument_error(_T["range_order"].format(shape=shape, last=last, first=first))
    return first, last


_NUMBERED_DIGITS = "0123456789"


def _numbered(line: str) -> Optional[Tuple[int, int]]:
    """The number and the length of view's ``12: `` prefix of a line, if it has one."""
    end = 0
    while end < len(line) and line[end] in _NUMBERED_DIGITS:
        end += 1
    if end == 0 or not line.startswith(": ", end):
        return None
    return int(line[:end]), end + 2


def _without_numbers(text: str) -> Optional[str]:
    """The text without view's line numbers, or None when not every line has one,
    counting up by one."""
    lines = core.to_lf(text).split("\n")
    body = lines[:-1] if lines[-1] == "" else lines
    if not body:
        return None
    first = _numbered(body[0])
    if first is None:
        return None
    for i, line in enumerate(body):
        m = _numbered(line)
        if m is None or m[0] != first[0] + i:
            return None
    out = []
    for line in lines:
        m = _numbered(line)
        out.append(line[m[1]:] if m else line)
    return "\n".join(out)


def _with_numbers_retry(old: str, new: str, attempt: Callable[[str, str], EditResult]) -> Tuple[EditResult, bool]:
    """On TEXT_NOT_FOUND, once more without view's line numbers when every line of
    old_str has one and they count up by one; the first error is the one reported."""
    try:
        return attempt(old, new), False
    except EolEditError as error:
        stripped = _without_numbers(old) if error.code == "TEXT_NOT_FOUND" else None
        if stripped is None:
            raise
        try:
            new_stripped = _without_numbers(new)
            return attempt(stripped, new if new_stripped is None else new_stripped), True
        except EolEditError:
            raise error from None
