"""Applies a patch to buffers held in a dict, as an editor holding unsaved files would,
and brings the dict to the patch's end state. No file is read or written.

    python python/examples/patch_in_memory.py
"""

from __future__ import annotations

from typing import Dict

import eol_edit

PATCH = """*** Begin Patch
*** Update File: notes.txt
@@
 one
-two
+2
*** Update File: old.txt
*** Move to: new.txt
*** End Patch
"""


def main() -> None:
    buffers: Dict[str, bytes] = {"notes.txt": b"one\r\ntwo\r\n", "old.txt": b"kept\r\n"}
    result = eol_edit.apply_patch_in_memory(PATCH, buffers.get)
    for f in result.files:
        if f.action in ("delete", "move"):
            del buffers[f.path]
    for f in result.files:
        if f.after is not None:
            buffers[f.moved_to or f.path] = f.after
    assert buffers == {"notes.txt": b"one\r\n2\r\n", "new.txt": b"kept\r\n"}, buffers
    print(buffers)


if __name__ == "__main__":
    main()
