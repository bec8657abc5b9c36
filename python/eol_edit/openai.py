"""The editor of OpenAI's Agents SDK for Python (``agents.ApplyPatchTool(editor=...)``),
over eol-edit: every ``create_file``, ``update_file`` and ``delete_file`` operation the
model sends is applied with eol-edit's guarantees (each line keeps its ending, the BOM
and encoding stay, nothing is written when anything fails, no path leaves ``root``).

The work is the core's (``eol_edit::apply_v4a``, the same translation and words as the
JavaScript ``createOpenAIEditor``): each V4A operation becomes a section of the
apply_patch envelope and is applied as a patch; the core also says what the model reads
of it. This module only takes the SDK's operation apart and builds the SDK's result.
See docs/python.md.

    from agents import Agent, ApplyPatchTool
    from eol_edit.openai import ApplyPatchEditor

    agent = Agent(name="coder", tools=[ApplyPatchTool(editor=ApplyPatchEditor(root="."))])
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Collection, Literal, Optional, Sequence, Union

from . import _native

if TYPE_CHECKING:
    from agents.editor import ApplyPatchResult

__all__ = ["ApplyPatchEditor", "EditorResult"]

_Path = Union[str, bytes, "os.PathLike[str]", "os.PathLike[bytes]"]


@dataclass(frozen=True)
class EditorResult:
    """What an operation came to (``ApplyPatchEditor.run``): the fields of the SDK's
    ``agents.editor.ApplyPatchResult``, which the SDK's methods return (this class
    when the SDK is not installed), and the failure's stable code (``"TEXT_NOT_FOUND"``,
    ``"PATH_OUTSIDE_ROOT"``, ...; ``None`` when it was applied)."""

    status: Literal["completed", "failed"]
    output: str
    code: Optional[str] = None


class ApplyPatchEditor:
    """An ``agents.editor.ApplyPatchEditor``: ``create_file``, ``update_file`` and
    ``delete_file`` each take the SDK's ``ApplyPatchOperation`` (``type``, ``path``,
    ``diff``, ``move_to``; a mapping with those keys works too) and return an
    ``ApplyPatchResult`` whose ``status`` is ``"completed"`` or ``"failed"`` and whose
    ``output`` is what the model reads. They never raise for the model's mistakes: a
    diff that does not match, a path outside ``root`` or a missing file is a failed
    result, and the files are left exactly as they were.

    Options (keyword-only) are those of ``apply_patch``: ``root`` (a folder or several
    every path must stay inside; required, as a model's paths should never reach the
    whole disk), ``cwd`` (what relative paths are taken against; default: ``root``
    when it is one folder), ``durable``, ``max_bytes``, ``encoding`` and ``guards``
    (the guards against a model's own mistakes: every one by default, as in the
    JavaScript editor, since the model cannot let one through; ``False`` for none, or
    the names of those to run).
    """

    def __init__(
        self,
        *,
        root: Union[_Path, Sequence[_Path]],
        cwd: Optional[_Path] = None,
        durable: bool = False,
        max_bytes: Optional[int] = None,
        encoding: Optional[str] = None,
        guards: Union[bool, Collection[str]] = True,
    ) -> None:
        if cwd is None and isinstance(root, (str, bytes, os.PathLike)):
            cwd = root
        self._options: dict[str, Any] = {
            "cwd": cwd,
            "root": root,
            "durable": durable,
            "max_bytes": max_bytes,
            "encoding": encoding,
            "guards": guards,
        }
        # A wrong option is the host's mistake: raised here, never shown to a model.
        _native.v4a_apply("delete_file", "", **self._options)

    def create_file(self, operation: Any) -> ApplyPatchResult:
        """Creates the file from the ``+`` lines of ``operation.diff`` (or replaces
        it, keeping its endings and BOM, when it exists)."""
        return self._apply(operation)

    def update_file(self, operation: Any) -> ApplyPatchResult:
        """Applies the hunks of ``operation.diff``, and moves the file to
        ``operation.move_to`` when it is given."""
        return self._apply(operation)

    def delete_file(self, operation: Any) -> ApplyPatchResult:
        """Deletes the file."""
        return self._apply(operation)

    def run(self, operation: Any) -> EditorResult:
        """Applies an operation of any type, and says what it came to with the
        failure's code (for a host that acts on it; the SDK reads only ``status`` and
        ``output``)."""
        fields = [_field(operation, name) for name in ("type", "path", "diff", "move_to")]
        completed, output, code = _native.v4a_apply(*fields, **self._options)
        return EditorResult("completed" if completed else "failed", output, code)

    def _apply(self, operation: Any) -> ApplyPatchResult:
        done = self.run(operation)
        return _result(done.status, done.output)


def _field(operation: Any, name: str) -> Any:
    """A field of the SDK's operation (a dataclass), or of a mapping."""
    if isinstance(operation, Mapping):
        return operation.get(name)
    return getattr(operation, name, None)


def _result(status: Literal["completed", "failed"], output: str) -> ApplyPatchResult:
    """The SDK's result class when the SDK is installed (it reads only its own class,
    a mapping or a str), else ``EditorResult``."""
    try:
        from agents.editor import ApplyPatchResult as SdkResult
    except ImportError:
        return EditorResult(status, output)  # type: ignore[return-value]
    return SdkResult(status=status, output=output)
