// A scripted OpenAI: a `fetch` for the OpenAI client that answers Chat Completions
// requests as the API does, after checking what the API checks: strict tool schemas
// (against the rules of OpenAI's documentation), and that every tool message answers
// a tool call of the assistant message before it.
import assert from 'node:assert/strict'

import { strictToolErrors } from '../../__test__/openai-strict.js'
import { nextStep, type Observation } from './script.mjs'

interface ChatMessage {
  role: string
  content?: string | null
  tool_calls?: Array<{ id: string; type: string; function: { name: string; arguments: string } }>
  tool_call_id?: string
}

interface FunctionTool {
  type: string
  function: { name: string; strict?: boolean; parameters: { properties: Record<string, unknown> } }
}

export function openAIFetch(): typeof fetch {
  let calls = 0
  return async (input, init) => {
    const url = String(input instanceof Request ? input.url : input)
    assert.match(url, /\/chat\/completions$/)
    const body = JSON.parse(String(init?.body)) as { messages: ChatMessage[]; tools: FunctionTool[] }
    for (const tool of body.tools) assert.deepEqual(strictToolErrors(tool), [], tool.function.name)
    const seen = observations(body.messages)
    const step = nextStep(seen)
    const message =
      'call' in step
        ? {
            role: 'assistant',
            content: null,
            refusal: null,
            tool_calls: [
              {
                id: `call_${++calls}`,
                type: 'function',
                function: { name: step.call.name, arguments: JSON.stringify(strictArgs(body.tools, step.call.name, step.call.args)) },
              },
            ],
          }
        : { role: 'assistant', content: step.text, refusal: null }
    return Response.json({
      id: `chatcmpl-${calls}`,
      object: 'chat.completion',
      created: 0,
      model: 'mock',
      choices: [{ index: 0, finish_reason: 'call' in step ? 'tool_calls' : 'stop', logprobs: null, message }],
      usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
    })
  }
}

/** The tool messages, after checking each answers a call of the assistant message before it. */
function observations(messages: ChatMessage[]): Observation[] {
  const seen: Observation[] = []
  let open = new Set<string>()
  for (const m of messages) {
    if (m.role === 'tool') {
      assert.ok(open.has(m.tool_call_id ?? ''), `a tool message for ${m.tool_call_id} without the assistant message that called it`)
      open.delete(m.tool_call_id ?? '')
      seen.push({ text: String(m.content), isError: /^[A-Z][A-Z_]+: /.test(String(m.content)) })
      continue
    }
    assert.equal(open.size, 0, 'every tool call must be answered before the next message')
    open = new Set((m.tool_calls ?? []).map((c) => c.id))
  }
  return seen
}

/** The arguments as strict mode makes a model send them: every property, null where unused. */
function strictArgs(tools: FunctionTool[], name: string, args: Record<string, unknown>) {
  const tool = tools.find((t) => t.function.name === name)
  assert.ok(tool, `no tool ${name} was offered`)
  const out: Record<string, unknown> = {}
  for (const key of Object.keys(tool.function.parameters.properties)) out[key] = key in args ? args[key] : null
  return out
}
