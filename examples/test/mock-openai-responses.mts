// A scripted OpenAI Responses API: a `fetch` for the OpenAI client that answers
// `responses.create` as the API does, keeping each response so that a request can
// continue it (`previous_response_id`), after checking what the API checks: strict
// tool schemas (against the rules of OpenAI's documentation), and that every
// function_call_output answers a function_call of the conversation.
import assert from 'node:assert/strict'

import { strictToolErrors } from '../../__test__/openai-strict.js'
import { nextStep, type Observation } from './script.mjs'

interface Item {
  type?: string
  role?: string
  call_id?: string
  output?: unknown
}

interface ResponsesTool {
  type: string
  name: string
  strict: boolean
  parameters: { properties: Record<string, unknown> }
}

export function openAIResponsesFetch(): typeof fetch {
  let calls = 0
  /** Each response's whole conversation: its input items, then its output items. */
  const stored = new Map<string, Item[]>()
  return async (input, init) => {
    const url = String(input instanceof Request ? input.url : input)
    assert.match(url, /\/responses$/)
    const body = JSON.parse(String(init?.body)) as { input: Item[]; tools: ResponsesTool[]; previous_response_id?: string }
    for (const tool of body.tools) {
      assert.equal(tool.type, 'function')
      assert.deepEqual(strictToolErrors(tool), [], tool.name)
    }
    const before = body.previous_response_id === undefined ? [] : stored.get(body.previous_response_id)
    assert.ok(before, `no stored response ${body.previous_response_id}`)
    const conversation = [...before, ...body.input]
    const step = nextStep(observations(conversation))
    const n = ++calls
    const output =
      'call' in step
        ? [
            {
              type: 'function_call',
              id: `fc_${n}`,
              call_id: `call_${n}`,
              name: step.call.name,
              arguments: JSON.stringify(strictArgs(body.tools, step.call.name, step.call.args)),
              status: 'completed',
            },
          ]
        : [
            {
              type: 'message',
              id: `msg_${n}`,
              role: 'assistant',
              status: 'completed',
              content: [{ type: 'output_text', text: step.text, annotations: [] }],
            },
          ]
    stored.set(`resp_${n}`, [...conversation, ...output])
    return Response.json({ id: `resp_${n}`, object: 'response', created_at: 0, model: 'mock', status: 'completed', output })
  }
}

function observations(items: Item[]): Observation[] {
  const seen: Observation[] = []
  const called = new Set<string>()
  // Every call must be answered before the conversation goes on.
  for (const item of items) {
    if (item.type === 'function_call') called.add(item.call_id ?? '')
    if (item.type === 'function_call_output') {
      assert.ok(called.has(item.call_id ?? ''), `a function_call_output for ${item.call_id} without its function_call`)
      called.delete(item.call_id ?? '')
      seen.push({ text: String(item.output), isError: /^[A-Z][A-Z_]+: /.test(String(item.output)) })
    }
  }
  assert.equal(called.size, 0, `no output for the function calls ${[...called].join(', ')}`)
  return seen
}

/** The arguments as strict mode makes a model send them: every property, null where unused. */
function strictArgs(tools: ResponsesTool[], name: string, args: Record<string, unknown>) {
  const tool = tools.find((t) => t.name === name)
  assert.ok(tool, `no tool ${name} was offered`)
  const out: Record<string, unknown> = {}
  for (const key of Object.keys(tool.parameters.properties)) out[key] = key in args ? args[key] : null
  return out
}
