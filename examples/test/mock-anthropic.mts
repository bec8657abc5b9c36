// A scripted Anthropic: a `fetch` for the Anthropic client that answers Messages
// requests as the API does, after checking what the API checks: every tool_result
// answers a tool_use of the assistant message just before it, and every tool_use is
// answered.
import assert from 'node:assert/strict'

import { nextStep, type Observation } from './script.mjs'

type Block = { type: string; id?: string; tool_use_id?: string; content?: unknown; is_error?: boolean }
interface Message {
  role: string
  content: string | Block[]
}

export function anthropicFetch(): typeof fetch {
  let calls = 0
  return async (input, init) => {
    const url = String(input instanceof Request ? input.url : input)
    assert.match(url, /\/v1\/messages$/)
    const body = JSON.parse(String(init?.body)) as { messages: Message[]; tools: Array<{ name: string; input_schema: { type: string } }> }
    for (const tool of body.tools) assert.equal(tool.input_schema.type, 'object', tool.name)
    const step = nextStep(observations(body.messages))
    const content =
      'call' in step
        ? [{ type: 'tool_use', id: `toolu_${++calls}`, name: step.call.name, input: step.call.args }]
        : [{ type: 'text', text: step.text, citations: null }]
    return Response.json({
      id: `msg_${calls}`,
      type: 'message',
      role: 'assistant',
      model: 'mock',
      content,
      stop_reason: 'call' in step ? 'tool_use' : 'end_turn',
      stop_sequence: null,
      usage: { input_tokens: 1, output_tokens: 1 },
    })
  }
}

function observations(messages: Message[]): Observation[] {
  const seen: Observation[] = []
  let open = new Set<string>()
  for (const m of messages) {
    const blocks = typeof m.content === 'string' ? [] : m.content
    if (m.role === 'user') {
      for (const block of blocks.filter((b) => b.type === 'tool_result')) {
        assert.ok(open.has(block.tool_use_id ?? ''), `a tool_result for ${block.tool_use_id} that no tool_use before it asked for`)
        open.delete(block.tool_use_id ?? '')
        seen.push({ text: String(block.content), isError: block.is_error === true })
      }
      assert.equal(open.size, 0, 'every tool_use must be answered in the next user message')
    } else {
      assert.equal(open.size, 0, 'every tool_use must be answered in the next user message')
      open = new Set(blocks.filter((b) => b.type === 'tool_use').map((b) => b.id ?? ''))
    }
  }
  return seen
}
