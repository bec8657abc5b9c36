"""An agent loop with the drop-in tools: a scripted model (standing in for an LLM API)
asks for tool calls, the loop runs them with ``execute`` and sends back ``data``. The
file is CRLF; the model writes LF, and the CRLF endings stay.

    python python/examples/tool_loop.py [FOLDER]

To use a real model, give it ``to_openai_tools(tools)`` or ``to_anthropic_tools(tools)``
and run each tool call it returns the same way.
"""

from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path
from typing import Iterator, List, Optional, Tuple

from eol_edit.tools import create_tools, to_openai_tools


def scripted_model() -> Iterator[Tuple[str, str]]:
    """The tool calls a model would make, with their arguments as JSON text (as the
    OpenAI API delivers them): read the file, then edit what it read."""
    yield "read_file", json.dumps({"path": "hello.txt"})
    yield "edit_file", json.dumps({"path": "hello.txt", "old_text": "World", "new_text": "World, edited"})


def run(folder: Path) -> List[str]:
    (folder / "hello.txt").write_bytes(b"Hello\r\nWorld\r\n")
    tools = create_tools(root=str(folder), require_read=True)
    offered = [t["function"]["name"] for t in to_openai_tools(tools, strict=True)]
    transcript = [f"tools offered: {', '.join(offered)}"]
    for name, arguments in scripted_model():
        result = tools[name].execute(arguments)
        # What goes back to the model is `data`; `error` is the code when it failed.
        transcript.append(f"> {name} {arguments}\n{result['data']}")
        if not result["success"]:
            raise SystemExit(f"{name} failed: {result['error']}")
    written = (folder / "hello.txt").read_bytes()
    assert written == b"Hello\r\nWorld, edited\r\n", written
    transcript.append(f"hello.txt is now {written!r}")
    return transcript


def main(argv: Optional[List[str]] = None) -> None:
    args = sys.argv[1:] if argv is None else argv
    if args:
        lines = run(Path(args[0]))
    else:
        with tempfile.TemporaryDirectory() as folder:
            lines = run(Path(folder))
    print("\n".join(lines))


if __name__ == "__main__":
    main()
