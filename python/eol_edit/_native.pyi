# The native module's signatures (it is built from python/src/ by maturin). Every
# option is keyword-only; a path is a str, bytes or os.PathLike.
import os
from typing import (
    Callable,
    Collection,
    List,
    Literal,
    Mapping,
    Optional,
    Sequence,
    Union,
    overload,
)

from ._results import (
    ApplyResult,
    CommitResult,
    Edit,
    EditResult,
    Ending,
    EolInfo,
    FileBytes,
    GuardReason,
    LineChanges,
    InMemoryPatch,
    ParsedPatch,
    PatchResult,
    PreparedFile,
    ReadResult,
    UndoLast,
    Undone,
)

# Every error code the core has, in its order (one class each in eol_edit._errors).
ERROR_CODES: List[str]

_Path = Union[str, bytes, "os.PathLike[str]", "os.PathLike[bytes]"]
_Root = Union[_Path, Sequence[_Path]]
_EditLike = Union[Edit, Mapping[str, object]]
# True for every guard, or the guards to run (a list, tuple or set of their names).
_Guards = Union[bool, Collection[GuardReason], None]

def read_file(
    path: _Path,
    *,
    offset: Optional[int] = None,
    limit: Optional[int] = None,
    root: Optional[_Root] = None,
    cwd: Optional[_Path] = None,
    max_bytes: Optional[int] = None,
    encoding: Optional[str] = None,
) -> ReadResult: ...
def edit_file(
    path: _Path,
    old_text: str,
    new_text: str,
    *,
    replace_all: bool = False,
    expected_version: Optional[str] = None,
    root: Optional[_Root] = None,
    cwd: Optional[_Path] = None,
    dry_run: bool = False,
    durable: bool = False,
    max_bytes: Optional[int] = None,
    encoding: Optional[str] = None,
    guards: _Guards = False,
) -> EditResult: ...
def multi_edit(
    path: _Path,
    edits: Sequence[_EditLike],
    *,
    expected_version: Optional[str] = None,
    root: Optional[_Root] = None,
    cwd: Optional[_Path] = None,
    dry_run: bool = False,
    durable: bool = False,
    max_bytes: Optional[int] = None,
    encoding: Optional[str] = None,
    guards: _Guards = False,
) -> EditResult: ...
def delete_range(
    path: _Path,
    start_anchor: Union[str, int],
    end_anchor: Union[str, int],
    *,
    inclusive: bool = False,
    expected_version: Optional[str] = None,
    root: Optional[_Root] = None,
    cwd: Optional[_Path] = None,
    dry_run: bool = False,
    durable: bool = False,
    max_bytes: Optional[int] = None,
    encoding: Optional[str] = None,
) -> EditResult: ...
def write_file(
    path: _Path,
    content: Union[str, bytes],
    *,
    eol: Literal["preserve", "lf", "crlf"] = "preserve",
    expected_version: Optional[str] = None,
    root: Optional[_Root] = None,
    cwd: Optional[_Path] = None,
    dry_run: bool = False,
    durable: bool = False,
    max_bytes: Optional[int] = None,
    encoding: Optional[str] = None,
    guards: _Guards = False,
) -> EditResult: ...
def convert_eol(
    path: _Path,
    to: Literal["lf", "crlf", "cr"],
    *,
    expected_version: Optional[str] = None,
    root: Optional[_Root] = None,
    cwd: Optional[_Path] = None,
    dry_run: bool = False,
    durable: bool = False,
    max_bytes: Optional[int] = None,
    encoding: Optional[str] = None,
) -> EditResult: ...
def convert_encoding(
    path: _Path,
    to: str,
    *,
    bom: bool = False,
    expected_version: Optional[str] = None,
    root: Optional[_Root] = None,
    cwd: Optional[_Path] = None,
    dry_run: bool = False,
    durable: bool = False,
    max_bytes: Optional[int] = None,
    encoding: Optional[str] = None,
) -> EditResult: ...
def apply_patch(
    patch: Union[str, bytes],
    *,
    cwd: Optional[_Path] = None,
    root: Optional[_Root] = None,
    dry_run: bool = False,
    durable: bool = False,
    max_bytes: Optional[int] = None,
    encoding: Optional[str] = None,
    expected_versions: Optional[Mapping[str, str]] = None,
    guards: _Guards = False,
) -> PatchResult: ...
def parse_patch(patch: Union[str, bytes]) -> ParsedPatch: ...
def apply_patch_in_memory(
    patch: Union[str, bytes],
    lookup: Callable[[str], Union[bytes, bytearray, memoryview, None]],
    *,
    cwd: Optional[_Path] = None,
    root: Optional[_Root] = None,
    dry_run: bool = False,
    durable: bool = False,
    max_bytes: Optional[int] = None,
    encoding: Optional[str] = None,
    expected_versions: Optional[Mapping[str, str]] = None,
    guards: _Guards = False,
) -> InMemoryPatch: ...
@overload
def apply_edits(
    content: str,
    edits: Sequence[_EditLike],
    *,
    path: Optional[str] = None,
    encoding: Optional[str] = None,
    guards: _Guards = False,
) -> ApplyResult[str]: ...
@overload
def apply_edits(
    content: Union[bytes, bytearray],
    edits: Sequence[_EditLike],
    *,
    path: Optional[str] = None,
    encoding: Optional[str] = None,
    guards: _Guards = False,
) -> ApplyResult[bytes]: ...
@overload
def apply_delete_range(
    content: str,
    start_anchor: Union[str, int],
    end_anchor: Union[str, int],
    *,
    inclusive: bool = False,
    path: Optional[str] = None,
    encoding: Optional[str] = None,
) -> ApplyResult[str]: ...
@overload
def apply_delete_range(
    content: Union[bytes, bytearray],
    start_anchor: Union[str, int],
    end_anchor: Union[str, int],
    *,
    inclusive: bool = False,
    path: Optional[str] = None,
    encoding: Optional[str] = None,
) -> ApplyResult[bytes]: ...
def to_lf(text: str) -> str: ...
def detect_eol(text: str) -> Ending: ...
def eol_info(text: str) -> EolInfo: ...
def normalize_eol(original: str, updated: str) -> str: ...

class Prepared:
    """A change worked out in full and not yet written (docs/prepared.md)."""

    @property
    def files(self) -> List[PreparedFile]: ...
    @property
    def preview(self) -> CommitResult: ...
    def commit(self) -> CommitResult: ...

def prepare_edit(
    path: _Path,
    old_text: str,
    new_text: str,
    *,
    replace_all: bool = False,
    expected_version: Optional[str] = None,
    root: Optional[_Root] = None,
    cwd: Optional[_Path] = None,
    dry_run: bool = False,
    durable: bool = False,
    max_bytes: Optional[int] = None,
    encoding: Optional[str] = None,
    guards: _Guards = False,
) -> Prepared: ...
def prepare_multi_edit(
    path: _Path,
    edits: Sequence[_EditLike],
    *,
    expected_version: Optional[str] = None,
    root: Optional[_Root] = None,
    cwd: Optional[_Path] = None,
    dry_run: bool = False,
    durable: bool = False,
    max_bytes: Optional[int] = None,
    encoding: Optional[str] = None,
    guards: _Guards = False,
) -> Prepared: ...
def prepare_delete_range(
    path: _Path,
    start_anchor: Union[str, int],
    end_anchor: Union[str, int],
    *,
    inclusive: bool = False,
    expected_version: Optional[str] = None,
    root: Optional[_Root] = None,
    cwd: Optional[_Path] = None,
    dry_run: bool = False,
    durable: bool = False,
    max_bytes: Optional[int] = None,
    encoding: Optional[str] = None,
) -> Prepared: ...
def prepare_insert_lines(
    path: _Path,
    after_line: int,
    text: str,
    *,
    expected_version: Optional[str] = None,
    root: Optional[_Root] = None,
    cwd: Optional[_Path] = None,
    dry_run: bool = False,
    durable: bool = False,
    max_bytes: Optional[int] = None,
    encoding: Optional[str] = None,
    guards: _Guards = False,
) -> Prepared: ...
def prepare_patch(
    patch: Union[str, bytes],
    *,
    cwd: Optional[_Path] = None,
    root: Optional[_Root] = None,
    dry_run: bool = False,
    durable: bool = False,
    max_bytes: Optional[int] = None,
    encoding: Optional[str] = None,
    expected_versions: Optional[Mapping[str, str]] = None,
    guards: _Guards = False,
) -> Prepared: ...
def prepare_write(
    path: _Path,
    content: Union[str, bytes],
    *,
    eol: Literal["preserve", "lf", "crlf"] = "preserve",
    expected_version: Optional[str] = None,
    root: Optional[_Root] = None,
    cwd: Optional[_Path] = None,
    dry_run: bool = False,
    durable: bool = False,
    max_bytes: Optional[int] = None,
    encoding: Optional[str] = None,
    guards: _Guards = False,
) -> Prepared: ...

# The core's functions a host handler needs (python/src/host.rs).
def insert_lines(
    path: _Path,
    after_line: int,
    text: str,
    *,
    expected_version: Optional[str] = None,
    root: Optional[_Root] = None,
    cwd: Optional[_Path] = None,
    dry_run: bool = False,
    durable: bool = False,
    max_bytes: Optional[int] = None,
    encoding: Optional[str] = None,
    guards: _Guards = False,
) -> EditResult: ...
def read_file_bytes(
    path: _Path,
    *,
    root: Optional[_Root] = None,
    cwd: Optional[_Path] = None,
    max_bytes: Optional[int] = None,
    encoding: Optional[str] = None,
) -> FileBytes: ...
def restore_file(
    path: _Path,
    content: Union[bytes, bytearray],
    *,
    expected_version: Optional[str] = None,
    root: Optional[_Root] = None,
    cwd: Optional[_Path] = None,
    dry_run: bool = False,
    durable: bool = False,
    max_bytes: Optional[int] = None,
    encoding: Optional[str] = None,
) -> EditResult: ...
def folder_entries(
    path: _Path,
    *,
    shown: _Path,
    depth: int,
    display: Optional[_Path] = None,
    root: Optional[_Root] = None,
    cwd: Optional[_Path] = None,
) -> List[str]: ...
class PathInfo:
    """What ``path_info`` says of a path (internal, for the package's modules)."""

    @property
    def real(self) -> str: ...
    @property
    def kind(self) -> Optional[Literal["file", "folder", "other"]]: ...
    @property
    def size(self) -> int: ...

# What is at an absolute path, looked up by the core: never raises for the path.
def path_info(path: _Path, *, resolve: bool = True) -> PathInfo: ...
def line_changes(
    before: str,
    after: str,
    *,
    before_line: Optional[int] = None,
    after_line: Optional[int] = None,
    context: Optional[int] = None,
    max_lines: Optional[int] = None,
) -> LineChanges: ...

class ReadState:
    """What a tool set knows of the files it read and wrote: a version per file, by
    identity (the core's ``ReadState``)."""

    def __init__(self) -> None: ...
    def record(self, path: str, version: str, *, cwd: Optional[str] = None) -> None: ...
    def forget(self, path: str, *, cwd: Optional[str] = None) -> None: ...
    def version(self, path: str, *, cwd: Optional[str] = None) -> Optional[str]: ...
    def expected(
        self, path: str, *, cwd: Optional[str] = None, require_read: bool = False
    ) -> Optional[str]: ...
    def saw(
        self,
        path: str,
        version: str,
        start: int,
        lines: List[str],
        total_lines: int,
        *,
        cwd: Optional[str] = None,
    ) -> None: ...
    def wrote(
        self,
        path: str,
        version: str,
        *,
        cwd: Optional[str] = None,
        root: Optional[_Root] = None,
        encoding: Optional[str] = None,
        diff: Optional[str] = None,
    ) -> None: ...
    def mark_content(
        self, path: str, content: Union[str, bytes], *, cwd: Optional[str] = None
    ) -> str: ...
    def change(
        self,
        function: Literal["edit_file", "multi_edit", "write_file", "delete_range", "insert_lines"],
        path: str,
        args: "tuple[object, ...]",
        options: Mapping[str, object],
        *,
        require_read: bool = False,
    ) -> EditResult: ...
    def explain_changed(
        self,
        paths: List[str],
        expected: Mapping[str, str],
        *,
        cwd: Optional[str] = None,
        root: Optional[_Root] = None,
        encoding: Optional[str] = None,
    ) -> None: ...

class UndoHistory:
    """An editor's own edits of each file, to undo the last one (the core's
    ``UndoHistory``; internal, for ``eol_edit.anthropic``)."""

    def __init__(self, *, depth: Optional[int] = None, max_bytes: Optional[int] = None) -> None: ...
    @property
    def depth(self) -> int: ...
    @property
    def max_bytes(self) -> int: ...
    def push(
        self, path: _Path, before: Optional[bytes], after: str, *, cwd: Optional[str] = None
    ) -> None: ...
    def last(self, path: _Path, *, cwd: Optional[str] = None) -> UndoLast: ...
    def undo(
        self,
        path: _Path,
        *,
        expected_version: Optional[str] = None,
        root: Optional[_Root] = None,
        cwd: Optional[_Path] = None,
        dry_run: bool = False,
        durable: bool = False,
        max_bytes: Optional[int] = None,
        encoding: Optional[str] = None,
    ) -> Undone: ...

# OpenAI's apply_patch operations (eol_edit.openai): (completed, output, code).
def v4a_apply(
    kind: object,
    path: object,
    diff: object = None,
    move_to: object = None,
    *,
    cwd: Optional[_Path] = None,
    root: Optional[_Root] = None,
    durable: bool = False,
    max_bytes: Optional[int] = None,
    encoding: Optional[str] = None,
    guards: _Guards = False,
) -> "tuple[bool, str, Optional[str]]": ...

# The tool layer's result texts (the core's, as the JavaScript tools show them).
class Words:
    """A front-end's words for the parts of a message (the core's renderer)."""

    def __init__(self, json: str) -> None: ...
    def render(self, parts: str) -> str: ...
    def render_failure(self, failure: str) -> str: ...

def cut_length(text: str, max_units: int) -> int: ...
def compact_diff(diff: str, reader: str) -> str: ...
def diff_counts(diff: str) -> tuple[int, int]: ...
def change_summary(tool: str, path: str, diff: str) -> str: ...
def describe_endings(crlf: int, lf: int, cr: int) -> str: ...
def tier_note(name: str) -> Optional[str]: ...
def tier_notes(tiers: List[str], multi: bool) -> List[str]: ...
def changed_text(
    tool: str, path: str, head: str, notes: List[str], warnings: List[str], diff: str, show_diff: bool
) -> "tuple[str, str]": ...
def edited_text(tool: str, path: str, result: EditResult, edits: Optional[int], warnings: List[str]) -> "tuple[str, str]": ...

# Every matching tier's name, in the core's order.
TIERS: List[str]
