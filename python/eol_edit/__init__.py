"""File edits for AI coding agents that never damage line endings, byte order marks,
encodings or bytes the model did not mean to touch.

A model reads a file as its LF view (``read_file``: every ``\\r\\n`` and lone ``\\r``
shown as ``\\n``) and writes its edits in that view; eol-edit matches them there and
writes each line back with the ending, BOM and encoding it had. The functions are the
JavaScript library's in snake_case, their options keyword-only; every failure is an
``EolEditError`` subclass named after its code. See docs/python.md.
"""

from . import _errors
from ._errors import *  # noqa: F403  (EolEditError and one class per code: _errors.__all__)
from ._native import (
    apply_delete_range,
    apply_edits,
    apply_patch,
    apply_patch_in_memory,
    convert_encoding,
    convert_eol,
    delete_range,
    detect_eol,
    edit_file,
    eol_info,
    insert_lines,
    line_changes,
    multi_edit,
    normalize_eol,
    parse_patch,
    prepare_delete_range,
    prepare_edit,
    prepare_insert_lines,
    prepare_multi_edit,
    prepare_patch,
    prepare_write,
    Prepared,
    read_file,
    read_file_bytes,
    restore_file,
    to_lf,
    write_file,
)
from ._results import (
    ApplyResult,
    ChangedRange,
    CommitResult,
    Edit,
    EditResult,
    Ending,
    ChangedLine,
    EolInfo,
    FileBytes,
    GuardReason,
    LineChanges,
    InMemoryFile,
    InMemoryPatch,
    ParsedFile,
    ParsedHunk,
    ParsedPatch,
    MessagePart,
    PatchAction,
    PatchFileResult,
    PatchFormat,
    PatchResult,
    PreparedFile,
    ReadResult,
    Tier,
)

__all__ = [
    # Files
    "read_file",
    "edit_file",
    "multi_edit",
    "delete_range",
    "write_file",
    "convert_eol",
    "convert_encoding",
    "apply_patch",
    "parse_patch",
    "insert_lines",
    "read_file_bytes",
    "restore_file",
    # Prepared changes
    "prepare_edit",
    "prepare_multi_edit",
    "prepare_delete_range",
    "prepare_insert_lines",
    "prepare_write",
    "prepare_patch",
    "Prepared",
    "PreparedFile",
    "ChangedRange",
    "CommitResult",
    # Text and bytes, no I/O
    "apply_patch_in_memory",
    "apply_edits",
    "apply_delete_range",
    "to_lf",
    "normalize_eol",
    "detect_eol",
    "eol_info",
    "line_changes",
    # Arguments and results
    "Edit",
    "Ending",
    "Tier",
    "PatchAction",
    "PatchFormat",
    "GuardReason",
    "EolInfo",
    "ReadResult",
    "EditResult",
    "ApplyResult",
    "PatchFileResult",
    "PatchResult",
    "InMemoryFile",
    "InMemoryPatch",
    "ParsedHunk",
    "ParsedFile",
    "ParsedPatch",
    "FileBytes",
    "MessagePart",
    "ChangedLine",
    "LineChanges",
    # Errors (EolEditError and one class per code) are added below
]
__all__ += _errors.__all__

__version__ = "0.1.0"

# The classes say they are eol_edit's (tracebacks show eol_edit.TextNotFound), as
# importing them from here is how they are meant to be used.
for _name in __all__:
    _item = globals()[_name]
    if isinstance(_item, type):
        _item.__module__ = __name__
del _name, _item
