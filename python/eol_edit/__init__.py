"""File edits for AI coding agents that never damage line endings, byte order marks,
encodings or bytes the model did not mean to touch.

A model reads a file as its LF view (``read_file``: every ``\\r\\n`` and lone ``\\r``
shown as ``\\n``) and writes its edits in that view; eol-edit matches them there and
writes each line back with the ending, BOM and encoding it had. The functions are the
JavaScript library's in snake_case, their options keyword-only; every failure is an
``EolEditError`` subclass named after its code. See docs/python.md.
"""

from ._errors import (
    AnchorMultipleMatches,
    AnchorNotFound,
    AnchorOrder,
    BinaryFile,
    EmptyRange,
    EncodingUnknown,
    EncodingUnmappable,
    EolEditError,
    FileChanged,
    FileNotFound,
    FileTooLarge,
    InvalidArgument,
    InvalidArgumentType,
    IoError,
    NoChange,
    NotAFile,
    PatchInvalid,
    PathOutsideRoot,
    PermissionDenied,
    Rejected,
    SuspectContent,
    TextMultipleMatches,
    TextNotFound,
)
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
    multi_edit,
    normalize_eol,
    parse_patch,
    prepare_delete_range,
    prepare_edit,
    prepare_multi_edit,
    prepare_patch,
    prepare_write,
    Prepared,
    read_file,
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
    EolInfo,
    GuardReason,
    InMemoryFile,
    InMemoryPatch,
    ParsedFile,
    ParsedHunk,
    ParsedPatch,
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
    # Prepared changes
    "prepare_edit",
    "prepare_multi_edit",
    "prepare_delete_range",
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
    # Errors
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

__version__ = "0.1.0"

# The classes say they are eol_edit's (tracebacks show eol_edit.TextNotFound), as
# importing them from here is how they are meant to be used.
for _name in __all__:
    _item = globals()[_name]
    if isinstance(_item, type):
        _item.__module__ = __name__
del _name, _item
