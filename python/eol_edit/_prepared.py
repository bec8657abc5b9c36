"""The library as a tool set calls it for a change shown before it is written: each
function runs its prepare twin (``prepare_edit``, …), keeps the prepared change for
``commit()``, and returns the function's result as the commit will give it
(``shown``). The tool sets (tools.py, anthropic.py) ask their host with that, then
commit: the change is worked out once, and what is written is what was shown. A
change without a prepare twin (the undo history's) goes through ``unprepared``."""

from __future__ import annotations

from typing import Any, Callable, Sequence, TypeVar, Union

from . import _native
from ._results import EditResult, PatchResult

T = TypeVar("T")


class Preparing:
    """One change's library: a change is one call (a second one is a mistake of the
    tool that makes it)."""

    def __init__(self) -> None:
        self.shown: Any = None
        self._commit: Any = None

    def _keep(self, prepared: _native.Prepared, patch: bool) -> Any:
        if self._commit is not None:
            raise RuntimeError("a change is prepared once")
        shown = prepared.preview
        self.shown = shown.patch if patch else shown.files[0]

        def commit() -> Any:
            committed = prepared.commit()
            return committed.patch if patch else committed.files[0]

        self._commit = commit
        return self.shown

    @property
    def prepared(self) -> bool:
        """Whether the change was made (prepared)."""
        return self._commit is not None

    def edit_file(self, path: str, old_text: str, new_text: str, **options: Any) -> EditResult:
        return self._keep(_native.prepare_edit(path, old_text, new_text, **options), False)  # type: ignore[no-any-return]

    def multi_edit(self, path: str, edits: Sequence[Any], **options: Any) -> EditResult:
        return self._keep(_native.prepare_multi_edit(path, edits, **options), False)  # type: ignore[no-any-return]

    def delete_range(self, path: str, start: Union[str, int], end: Union[str, int], **options: Any) -> EditResult:
        return self._keep(_native.prepare_delete_range(path, start, end, **options), False)  # type: ignore[no-any-return]

    def insert_lines(self, path: str, after_line: int, text: str, **options: Any) -> EditResult:
        return self._keep(_native.prepare_insert_lines(path, after_line, text, **options), False)  # type: ignore[no-any-return]

    def write_file(self, path: str, content: Union[str, bytes], **options: Any) -> EditResult:
        return self._keep(_native.prepare_write(path, content, **options), False)  # type: ignore[no-any-return]

    def apply_patch(self, patch: str, **options: Any) -> PatchResult:
        return self._keep(_native.prepare_patch(patch, **options), True)  # type: ignore[no-any-return]

    def unprepared(self, write: Callable[[bool], T]) -> T:
        """A change the library has no prepare twin for (the undo history's):
        ``write(dry_run)`` makes it, or with ``dry_run`` only works it out. Shown first,
        its dry run is shown and its real run is the commit, which must find the file at
        the version the dry run did (the history's undo checks it)."""
        if self._commit is not None:
            raise RuntimeError("a change is prepared once")
        self.shown = write(True)
        self._commit = lambda: write(False)
        return self.shown  # type: ignore[no-any-return]

    def commit(self) -> Any:
        """Writes the prepared change; what the function would have returned."""
        assert self._commit is not None
        return self._commit()


class AtOnce:
    """The library for a change written at once: the library's functions, and
    ``unprepared(write)`` its real run."""

    def __getattr__(self, name: str) -> Any:
        return getattr(_native, name)

    @staticmethod
    def unprepared(write: Callable[[bool], T]) -> T:
        return write(False)


AT_ONCE = AtOnce()

__all__ = ["AT_ONCE", "AtOnce", "Preparing"]
