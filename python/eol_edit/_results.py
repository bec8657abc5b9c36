"""What eol-edit's functions return: the JavaScript library's results, field for
field, in snake_case. Each is a frozen dataclass: attributes, ``repr``, ``==``, and
``dataclasses.asdict`` for a dict."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Dict, Generic, List, Literal, Optional, TypeVar, Union


__all__ = [
    "Ending",
    "Tier",
    "PatchAction",
    "PatchFormat",
    "GuardReason",
    "EolInfo",
    "ReadResult",
    "EditResult",
    "ChangedRange",
    "PreparedFile",
    "CommitResult",
    "ApplyResult",
    "PatchFileResult",
    "PatchResult",
    "InMemoryFile",
    "InMemoryPatch",
    "ParsedHunk",
    "ParsedFile",
    "ParsedPatch",
    "Edit",
    "FileBytes",
    "MessagePart",
    "ChangedLine",
    "LineChanges",
]

Ending = Literal["\n", "\r\n", "\r"]
"""A line ending."""

Tier = Literal[
    "exact",
    "unicode",
    "trailingWhitespace",
    "innerWhitespace",
    "indentation",
    "unescaped",
    "lineNumbers",
]
"""The tier that found an edit's text (docs/matching.md); the same names as in
JavaScript and Rust."""

PatchAction = Literal["update", "add", "delete", "move"]
"""What a patch does to one file."""

PatchFormat = Literal["envelope", "unified"]
"""The apply_patch envelope or a unified diff."""

GuardReason = Literal["placeholder", "shrink", "control", "markers"]
"""A guard against the model's own mistakes (``guards=``, ``SuspectContent.reason``;
docs/guarantees.md)."""

C = TypeVar("C", str, bytes)

MessagePart = Union[str, Dict[str, object]]
"""One piece of a message as the core says it (``EolEditError.parts``,
``warning_parts``): a ``str`` for text, else a dict naming the API in the JavaScript
library's names (``{"op": "readFile"}``, ``{"arg": "oldText"}``, ``{"phrase": id,
"parts": [...]}``, ``{"line": n, "width": w, "text": t}``, ``{"hunk": i}``), which a
handler of a vendor's tool says in that tool's words (``eol_edit.anthropic``)."""


@dataclass(frozen=True)
class Edit:
    """One edit of ``multi_edit`` or ``apply_edits``: replace ``old_text`` (written
    with LF line breaks, as ``read_file`` shows the file) by ``new_text``; every match
    with ``replace_all``. A dict with these keys does as well."""

    old_text: str
    new_text: str
    replace_all: bool = False


@dataclass(frozen=True)
class EolInfo:
    """The line endings of a text or file: how many of each, the dominant one, whether
    they are mixed, and whether the text ends with one."""

    lf: int
    crlf: int
    cr: int
    dominant: Ending
    mixed: bool
    trailing_newline: bool


@dataclass(frozen=True)
class ReadResult:
    """What ``read_file`` returns: the LF view of the lines asked for (``content``),
    where they are, and the file's endings, BOM, encoding (its WHATWG name) and
    version."""

    content: str
    start_line: int
    end_line: int
    total_lines: int
    eol: EolInfo
    bom: bool
    encoding: str
    version: str
    warnings: List[str]
    warning_parts: List[List[MessagePart]] = field(default_factory=list, repr=False, compare=False)
    """Each warning as parts (see ``MessagePart``)."""


@dataclass(frozen=True)
class EditResult:
    """What every function that changes a file returns. ``version`` is the file's
    version afterwards (with ``dry_run``: that would be); ``changed`` is false only
    when ``write_file`` was given the content the file already has; ``warnings`` are
    things to show the user."""

    path: str
    replacements: int
    matched_by: List[Tier]
    start_line: int
    end_line: int
    diff: str
    eol: EolInfo
    version: str
    changed: bool
    warnings: List[str]
    ranges: List[ChangedRange] = field(default_factory=list)
    """The replaced ranges of the old text and what replaces them (see
    ``ChangedRange``); empty when the text did not change."""
    warning_parts: List[List[MessagePart]] = field(default_factory=list, repr=False, compare=False)
    """Each warning as parts (see ``MessagePart``)."""


@dataclass(frozen=True)
class ChangedRange:
    """One replaced range of a file's old text: ``start`` and ``end`` are byte offsets
    in the file's text after its BOM, as UTF-8 (for a UTF-8 file without BOM, the
    file's bytes), with its own line endings; ``text`` replaces them, with the endings
    it is written with. Applied from the last to the first, a file's ranges turn its
    old text into the new one."""

    start: int
    end: int
    text: str


@dataclass(frozen=True)
class PreparedFile:
    """What a prepared change does to one file (``Prepared.files``; for
    ``prepare_patch``, one per section): ``action`` is ``"update"`` for a file that
    exists, ``"add"`` for one the commit creates, and for a patch's section also
    ``"delete"`` or ``"move"`` (with ``moved_to``); ``version_before`` (``None`` for a
    new file) is the version the commit requires the file still has;
    ``version_after`` that of the bytes it writes (for a patch's section: of the file
    its path, a move's new path, holds once the whole patch is written; ``None`` when
    none is left there, a delete)."""

    path: str
    action: PatchAction
    version_before: Optional[str]
    version_after: Optional[str]
    diff: str
    replacements: int
    matched_by: List[Tier]
    ranges: List[ChangedRange]
    start_line: int
    end_line: int
    eol: EolInfo
    encoding: str
    bom: bool
    changed: bool
    warnings: List[str]
    moved_to: Optional[str] = None


@dataclass(frozen=True)
class CommitResult:
    """What ``Prepared.commit()`` did: one ``EditResult`` per file, in the order of
    ``Prepared.files``; for a prepared patch, ``files`` is empty and ``patch`` is what
    ``apply_patch`` returns."""

    files: List[EditResult]
    patch: Optional[PatchResult] = None


@dataclass(frozen=True)
class ApplyResult(Generic[C]):
    """What ``apply_edits`` and ``apply_delete_range`` return: the new content, of the
    type they were given (``str`` or ``bytes``)."""

    content: C
    replacements: int
    matched_by: List[Tier]
    start_line: int
    end_line: int
    diff: str
    eol: EolInfo
    changed: bool
    warnings: List[str]


@dataclass(frozen=True)
class PatchFileResult:
    """What ``apply_patch`` did to one file section (``version`` is ``None`` for a
    deleted file)."""

    path: str
    action: PatchAction
    moved_to: Optional[str]
    diff: str
    eol: EolInfo
    version: Optional[str]
    matched_by: List[Tier]
    warnings: List[str]
    warning_parts: List[List[MessagePart]] = field(default_factory=list, repr=False, compare=False)


@dataclass(frozen=True)
class PatchResult:
    """What ``apply_patch`` returns: one entry per file section, in the patch's order."""

    files: List[PatchFileResult]


@dataclass(frozen=True)
class InMemoryFile:
    """What ``apply_patch_in_memory`` does to one file section: ``before`` is the bytes
    the section starts from (``None`` for a file it creates), ``after`` the bytes it
    leaves at ``moved_to or path`` (``None`` for a delete, and for a section whose path
    a later section of the same patch changes again: that one's ``before`` has them).
    To bring the buffers to the patch's end state, drop every ``path`` of a ``delete``
    or ``move``, then put every ``after`` that is not ``None`` at ``moved_to or path``."""

    path: str
    action: PatchAction
    moved_to: Optional[str]
    before: Optional[bytes]
    after: Optional[bytes]
    diff: str
    eol: EolInfo
    matched_by: List[Tier]
    warnings: List[str]


@dataclass(frozen=True)
class InMemoryPatch:
    """What ``apply_patch_in_memory`` returns: one entry per file section, in the
    patch's order."""

    files: List[InMemoryFile]


@dataclass(frozen=True)
class ParsedHunk:
    """One hunk of a parsed patch: the envelope's ``@@`` anchors or a unified diff's
    line numbers, and its lines with their prefixes (``' '``, ``'-'``, ``'+'``)."""

    anchors: List[str]
    old_start: Optional[int]
    old_lines: Optional[int]
    new_start: Optional[int]
    new_lines: Optional[int]
    lines: List[str]
    end_of_file: bool
    line: int


@dataclass(frozen=True)
class ParsedFile:
    """One file section of a parsed patch (``content``: an added file's text)."""

    path: str
    action: PatchAction
    moved_to: Optional[str]
    content: Optional[str]
    hunks: List[ParsedHunk]
    line: int


@dataclass(frozen=True)
class ParsedPatch:
    """What ``parse_patch`` returns."""

    format: PatchFormat
    files: List[ParsedFile]


@dataclass(frozen=True)
class FileBytes:
    """What ``read_file_bytes`` returns: a text file's exact bytes, its byte order mark
    included, and their version, from one read: what ``restore_file`` can put back."""

    bytes: bytes
    version: str


@dataclass(frozen=True)
class ChangedLine:
    """One shown line of ``line_changes``: kept around a change (``"context"``,
    numbered in the new text), ``"removed"`` (numbered in the old text) or ``"added"``."""

    kind: Literal["context", "removed", "added"]
    line: int


@dataclass(frozen=True)
class LineChanges:
    """What ``line_changes`` returns: the lines to show, in order (a gap between two
    numbers is lines not shown), the removed and added lines in all, those left out
    past ``max_lines``, and the new text's lines from the first change to the last
    (both 0 when nothing changed)."""

    lines: List[ChangedLine]
    changed: int
    omitted: int
    first_line: int
    last_line: int


@dataclass(frozen=True)
class UndoLast:
    """What an ``UndoHistory`` knows of a file (internal, the text editor's
    ``undo_edit``): the version its last edit that can still be undone left (None:
    there is none), whether that edit created the file, and how many older edits were
    dropped to stay within the limits."""

    version: Optional[str]
    created: bool
    dropped: int


@dataclass(frozen=True)
class Undone:
    """What ``UndoHistory.undo`` did (with ``dry_run``: would do): the file's bytes put
    back, or the file the edit created ``deleted``; ``version`` is None then."""

    path: str
    deleted: bool
    diff: str
    version: Optional[str]
    warnings: List[str]
    warning_parts: List[List[MessagePart]] = field(default_factory=list, repr=False, compare=False)
