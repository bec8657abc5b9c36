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
    GuardReason,
    InMemoryPatch,
    ParsedPatch,
    PatchResult,
    PreparedFile,
    ReadResult,
)

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
