// A scripted Claude using Anthropic's text editor tool: a `fetch` for the Anthropic
// client that answers Messages requests as the API does (every tool_use answered by a
// tool_result in the next user message), after checking that the only tool is the text
// editor's definition. The model views the four files, replaces a line in each (one
// old_str misremembered: TEXT_NOT_FOUND, with the closest lines) and tries to create one
// that exists (refused: nothing is overwritten), then retries the missed one.
import assert from 'node:assert/strict'

import { FILES, HOST_DONE } from './host-script.mjs'

type Block = { type: string; id?: string; tool_use_id?: string; content?: unknown; is_error?: boolean }
interface Message {
  role: string
  content: string | Block[]
}
interface Seen {
  text: string
  isError: boolean
}

export function anthropicEditorFetch(): typeof fetch {
  let calls = 0
  return async (input, init) => {
    const url = String(input instanceof Request ? input.url : input)
    assert.match(url, /\/v1\/messages$/)
    const body = JSON.parse(String(init?.body)) as { messages: Message[]; tools: unknown[] }
    assert.deepEqual(body.tools, [{ type: 'text_editor_20250728', name: 'str_replace_based_edit_tool', max_characters: 20000 }])
    const turns = results(body.messages)
    const next = turn(turns)
    const content =
      typeof next === 'string'
        ? [{ type: 'text', text: next, citations: null }]
        : next.map((input) => ({ type: 'tool_use', id: `toolu_${++calls}`, name: 'str_replace_based_edit_tool', input }))
    return Response.json({
      id: `msg_${calls}`,
      type: 'message',
      role: 'assistant',
      model: 'mock',
      content,
      stop_reason: typeof next === 'string' ? 'end_turn' : 'tool_use',
      stop_sequence: null,
      usage: { input_tokens: 1, output_tokens: 1 },
    })
  }
}

/** The model's next turn: its tool_use inputs, or its final text. */
function turn(turns: Seen[][]): Array<Record<string, unknown>> | string {
  const last = turns[turns.length - 1]
  switch (turns.length) {
    case 0:
      return FILES.map((f) => ({ command: 'view', path: f.path }))
    case 1: {
      for (const [i, seen] of last.entries()) {
        assert.equal(seen.isError, false, seen.text)
        assert.ok(seen.text.split('\n').some((l) => l.endsWith(`: ${FILES[i].line}`)), seen.text)
      }
      // Calc.Sub's parameters misremembered; the other three copied from the views; and a
      // create over a file that exists.
      return [
        ...FILES.map((f, i) =>
          i === 0
            ? { command: 'str_replace', path: f.path, old_str: '    public static int Sub(int x, int y)\n    {\n        return x - y;', new_str: 'x' }
            : { command: 'str_replace', path: f.path, old_str: f.line, new_str: f.changed },
        ),
        { command: 'create', path: FILES[1].path, file_text: 'overwritten\n' },
      ]
    }
    case 2: {
      const [miss, ...rest] = last
      const refused = rest.pop()!
      const landed = rest
      assert.equal(refused.isError, true, refused.text)
      assert.match(refused.text, /^INVALID_ARGUMENT: File already exists at: .*Cannot overwrite files using command create.*use str_replace/)
      assert.equal(miss.isError, true, miss.text)
      assert.match(miss.text, /^TEXT_NOT_FOUND: old_str was not found in the file\. The closest match is lines 8-10/)
      assert.match(miss.text, /\n10:         return a - b;\n/)
      for (const seen of landed) assert.match(seen.text, /^Replaced old_str in /)
      return [{ command: 'str_replace', path: FILES[0].path, old_str: FILES[0].line, new_str: FILES[0].changed }]
    }
    case 3:
      assert.equal(last[0].isError, false, last[0].text)
      return HOST_DONE
    default:
      throw new Error(`the script has no turn ${turns.length + 1}`)
  }
}

/** The tool results of each user turn, checking that each answers a tool_use of the turn before. */
function results(messages: Message[]): Seen[][] {
  const turns: Seen[][] = []
  let open: string[] = []
  for (const m of messages) {
    const blocks = typeof m.content === 'string' ? [] : m.content
    if (m.role === 'user') {
      const answers = blocks.filter((b) => b.type === 'tool_result')
      assert.deepEqual(
        answers.map((b) => b.tool_use_id),
        open,
        'every tool_use is answered in the next user message',
      )
      if (answers.length > 0) turns.push(answers.map((b) => ({ text: String(b.content), isError: b.is_error === true })))
      open = []
    } else {
      open = blocks.filter((b) => b.type === 'tool_use').map((b) => b.id ?? '')
    }
  }
  return turns
}
