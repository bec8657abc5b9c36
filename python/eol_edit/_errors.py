"""The exceptions eol-edit raises: ``EolEditError`` and one subclass per code.

Every failure is an ``EolEditError`` whose ``code`` is one of the stable strings the
JavaScript library and the Rust crate use (``"TEXT_NOT_FOUND"``, ...), with the facts it
is about. Its class is the code in CamelCase (``TextNotFound``), so a caller can catch
exactly the failures it handles. Three of them are also the built-in exception a Python
caller would reach for: ``FileNotFound`` is a ``FileNotFoundError``,
``PermissionDenied`` a ``PermissionError`` and ``InvalidArgument`` a ``ValueError``;
an argument of the wrong type raises ``InvalidArgumentType``, an ``InvalidArgument``
that is also a ``TypeError``.
"""

from __future__ import annotations

from typing import Dict, List, Optional, Type, Union

__all__ = [
    "EolEditError",
    "InvalidArgument",
    "InvalidArgumentType",
    "TextNotFound",
    "TextMultipleMatches",
    "NoChange",
    "AnchorNotFound",
    "AnchorMultipleMatches",
    "AnchorOrder",
    "EmptyRange",
    "FileNotFound",
    "NotAFile",
    "BinaryFile",
    "FileTooLarge",
    "FileChanged",
    "PathOutsideRoot",
    "PermissionDenied",
    "IoError",
    "EncodingUnmappable",
    "EncodingUnknown",
    "PatchInvalid",
    "Rejected",
    "SuspectContent",
]


class EolEditError(Exception):
    """A failure of eol-edit: ``str(error)`` says what went wrong and what to do next,
    written for a model to act on.

    Attributes:
        code: the stable code (``"TEXT_NOT_FOUND"``, ...), also the class's ``code``.
        hint: what to do next, when there is something to say (also at the end of the
            message).
        lines: 1-based line numbers the failure is about (every match, the anchors,
            the closest region); empty when none.
        edit_index: for ``multi_edit`` and ``apply_edits``, the 0-based edit that failed.
        file_index: for ``apply_patch``, the 0-based file section that failed.
        hunk_index: for ``apply_patch``, the 0-based hunk of that section.
        argument: the argument or option the failure is about (``"old_text"``).
        reason: for ``SuspectContent``, the guard that refused the change
            (``"placeholder"``, ``"shrink"``, ``"control"`` or ``"markers"``); else None.
    """

    code: str = ""
    parts: Optional[List[Union[str, Dict[str, object]]]] = None
    """The message as the core's parts (``eol_edit.MessagePart``), for a handler that
    says it in a vendor tool's words; None for an error not raised by the core."""
    hint_parts: Optional[List[Union[str, Dict[str, object]]]] = None
    """The hint as parts, when the core gave one."""

    def __init__(
        self,
        message: str,
        *,
        code: Optional[str] = None,
        hint: Optional[str] = None,
        lines: Optional[List[int]] = None,
        edit_index: Optional[int] = None,
        file_index: Optional[int] = None,
        hunk_index: Optional[int] = None,
        argument: Optional[str] = None,
        reason: Optional[str] = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.code = code if code is not None else type(self).code
        self.hint = hint
        self.lines = list(lines) if lines is not None else []
        self.edit_index = edit_index
        self.file_index = file_index
        self.hunk_index = hunk_index
        self.argument = argument
        self.reason = reason

    def __str__(self) -> str:
        return self.message

    def __reduce__(self):  # type: ignore[no-untyped-def]
        # Keyword-only details survive pickling (multiprocessing, concurrent.futures).
        return (_rebuild, (type(self), self.message, self.__dict__.copy()))


def _rebuild(cls: Type[EolEditError], message: str, state: Dict[str, object]) -> EolEditError:
    error = cls.__new__(cls, message)
    Exception.__init__(error, message)
    error.__dict__.update(state)
    return error


class InvalidArgument(EolEditError, ValueError):
    """An argument or option that cannot be used (empty, unknown, out of range)."""

    code = "INVALID_ARGUMENT"


class InvalidArgumentType(InvalidArgument, TypeError):
    """An argument of the wrong Python type (code ``INVALID_ARGUMENT``)."""


class TextNotFound(EolEditError):
    """The text to find is not in the file; ``lines`` is the closest region."""

    code = "TEXT_NOT_FOUND"


class TextMultipleMatches(EolEditError):
    """The text to find is in several places, listed in ``lines``."""

    code = "TEXT_MULTIPLE_MATCHES"


class NoChange(EolEditError):
    """The change would leave the file as it is."""

    code = "NO_CHANGE"


class AnchorNotFound(EolEditError):
    """An anchor of ``delete_range`` is not a line of the file."""

    code = "ANCHOR_NOT_FOUND"


class AnchorMultipleMatches(EolEditError):
    """An anchor of ``delete_range`` is several lines of the file."""

    code = "ANCHOR_MULTIPLE_MATCHES"


class AnchorOrder(EolEditError):
    """The end anchor comes before the start anchor."""

    code = "ANCHOR_ORDER"


class EmptyRange(EolEditError):
    """There are no lines between the anchors."""

    code = "EMPTY_RANGE"


class FileNotFound(EolEditError, FileNotFoundError):
    """The file (or a folder on its path) does not exist."""

    code = "FILE_NOT_FOUND"


class NotAFile(EolEditError):
    """The path names a folder, a device or another thing that is not a file."""

    code = "NOT_A_FILE"


class BinaryFile(EolEditError):
    """The file looks binary."""

    code = "BINARY_FILE"


class FileTooLarge(EolEditError):
    """The file is larger than ``max_bytes``."""

    code = "FILE_TOO_LARGE"


class FileChanged(EolEditError):
    """The file is not the version it should be, or changed while it was written."""

    code = "FILE_CHANGED"


class PathOutsideRoot(EolEditError):
    """The file's real location is outside every ``root``."""

    code = "PATH_OUTSIDE_ROOT"


class PermissionDenied(EolEditError, PermissionError):
    """The file or its folder cannot be read or written."""

    code = "PERMISSION_DENIED"


class IoError(EolEditError):
    """Another failure of the system (or an internal error of eol-edit)."""

    code = "IO_ERROR"


class EncodingUnmappable(EolEditError):
    """A character the file's encoding cannot hold."""

    code = "ENCODING_UNMAPPABLE"


class EncodingUnknown(EolEditError):
    """Non-ASCII text for a file whose encoding is not known."""

    code = "ENCODING_UNKNOWN"


class PatchInvalid(EolEditError):
    """A patch that cannot be parsed."""

    code = "PATCH_INVALID"


class Rejected(EolEditError):
    """The host's approval said no (agent tools)."""

    code = "REJECTED"


class SuspectContent(EolEditError):
    """A guard refused the new text (``guards=``): ``reason`` names the guard, ``lines``
    the line it is about (none for ``shrink``). Nothing was written."""

    code = "SUSPECT_CONTENT"


# One class per code: the direct subclasses of EolEditError (InvalidArgumentType, an
# InvalidArgument, is not one); the tests hold them to the core's codes.
_BY_CODE: Dict[str, Type[EolEditError]] = {cls.code: cls for cls in EolEditError.__subclasses__()}


def error_class(code: str) -> Type[EolEditError]:
    """The class of a code (the native module raises through it); a code this version
    does not know yet is a plain ``EolEditError`` with that code."""
    return _BY_CODE.get(code, EolEditError)


def type_error_class(code: str) -> Type[EolEditError]:
    """The class of an argument of the wrong type."""
    return InvalidArgumentType if code == InvalidArgument.code else error_class(code)
