"""The OpenAI Agents SDK's ApplyPatchTool with eol-edit's editor, driven by a scripted
model (no network, no API key): the model edits a CRLF file, then tries a path outside
the workspace, then says it is done. The file keeps its CRLF endings; the escape is a
failed tool result, and nothing is written outside.

    python python/examples/agents_sdk_editor.py [FOLDER]
"""

from __future__ import annotations

import asyncio
import sys
import tempfile
from collections.abc import AsyncIterator, Mapping
from pathlib import Path
from typing import Any, List, cast

from agents import Agent, ApplyPatchTool, Model, ModelResponse, Runner, RunConfig, Usage
from agents.items import TResponseOutputItem, TResponseStreamEvent
from openai.types.responses import ResponseApplyPatchToolCall, ResponseOutputMessage, ResponseOutputText
from openai.types.responses.response_apply_patch_tool_call import OperationCreateFile, OperationUpdateFile

from eol_edit.openai import ApplyPatchEditor


class ScriptedModel(Model):
    """A model that answers each turn with the next output of its script."""

    def __init__(self, turns: List[List[TResponseOutputItem]]) -> None:
        self.turns = turns

    async def get_response(self, *args: Any, **kwargs: Any) -> ModelResponse:
        return ModelResponse(output=self.turns.pop(0), usage=Usage(), response_id=None)

    def stream_response(self, *args: Any, **kwargs: Any) -> AsyncIterator[TResponseStreamEvent]:
        raise NotImplementedError("this example does not stream")


def patch_call(call_id: str, operation: Any) -> ResponseApplyPatchToolCall:
    return ResponseApplyPatchToolCall(id=f"apc_{call_id}", call_id=call_id, operation=operation, status="completed", type="apply_patch_call")


def message(text: str) -> ResponseOutputMessage:
    text_part = ResponseOutputText(text=text, type="output_text", annotations=[])
    return ResponseOutputMessage(id="msg_1", content=[text_part], role="assistant", status="completed", type="message")


async def main(folder: Path) -> None:
    (folder / "notes.txt").write_bytes(b"first\r\nsecond\r\nthird\r\n")
    model = ScriptedModel(
        [
            [patch_call("edit", OperationUpdateFile(type="update_file", path="notes.txt", diff="@@\n first\n-second\n+second, edited\n"))],
            [patch_call("escape", OperationCreateFile(type="create_file", path="../escape.txt", diff="+outside\n+"))],
            [message("Done.")],
        ]
    )
    tool = ApplyPatchTool(editor=ApplyPatchEditor(root=folder))
    agent = Agent(name="editor", instructions="Edit the notes.", model=model, tools=[tool])
    result = await Runner.run(agent, "Edit notes.txt", run_config=RunConfig(tracing_disabled=True))
    for item in result.new_items:
        # The SDK keeps each output as the raw item it sends back to the model.
        raw = cast(Mapping[str, Any], item.raw_item)
        if isinstance(raw, Mapping) and raw.get("type") == "apply_patch_call_output":
            print(f"{raw['call_id']}: {raw['status']}: {raw.get('output', '')}")
    print(f"notes.txt is now {(folder / 'notes.txt').read_bytes()!r}")
    print(result.final_output)


if __name__ == "__main__":
    if len(sys.argv) > 1:
        asyncio.run(main(Path(sys.argv[1])))
    else:
        with tempfile.TemporaryDirectory() as tmp:
            asyncio.run(main(Path(tmp)))
