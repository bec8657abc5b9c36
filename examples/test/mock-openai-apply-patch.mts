// A scripted GPT using OpenAI's built-in apply_patch tool: a `fetch` for the OpenAI
// client that answers `responses.create` as the API does, keeping each response so
// that a request can continue it, after checking that the tools are `[{ type:
// 'apply_patch' }]` and that every apply_patch_call_output answers a call. The model
// patches the four files in one response with one hunk misremembered, so that none is
// applied; then sends all four again, right.
import assert from 'node:assert/strict'

import { FILES, HOST_DONE } from './host-script.mjs'

interface Item {
  type?: string
  call_id?: string
  status?: string
  output?: string
}

export function openAIApplyPatchFetch(check: (turn: number) => void): typeof fetch {
  let calls = 0
  const stored = new Map<string, Item[]>()
  return async (input, init) => {
    const url = String(input instanceof Request ? input.url : input)
    assert.match(url, /\/responses$/)
    const body = JSON.parse(String(init?.body)) as { input: Item[]; tools: unknown[]; previous_response_id?: string }
    assert.deepEqual(body.tools, [{ type: 'apply_patch' }])
    const before = body.previous_response_id === undefined ? [] : stored.get(body.previous_response_id)
    assert.ok(before, `no stored response ${body.previous_response_id}`)
    const conversation = [...before, ...body.input]
    const turns = outputs(conversation)
    check(turns.length)
    const next = turn(turns)
    const n = ++calls
    const output =
      typeof next === 'string'
        ? [{ type: 'message', id: `msg_${n}`, role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: next, annotations: [] }] }]
        : next.map((operation, i) => ({ type: 'apply_patch_call', id: `apc_${n}_${i}`, call_id: `call_${n}_${i}`, status: 'completed', operation }))
    stored.set(`resp_${n}`, [...conversation, ...output])
    return Response.json({ id: `resp_${n}`, object: 'response', created_at: 0, model: 'mock', status: 'completed', output })
  }
}

/** A V4A hunk that changes one line of a file, with the lines around it as context. */
function hunk(before: string[], line: string, changed: string, after: string[]): string {
  return [...before.map((l) => ` ${l}`), `-${line}`, `+${changed}`, ...after.map((l) => ` ${l}`)].join('\n') + '\n'
}

/** The operations of each file, right. */
const RIGHT = [
  { type: 'update_file', path: FILES[0].path, diff: hunk(['    public static int Sub(int a, int b)', '    {'], FILES[0].line, FILES[0].changed, ['    }']) },
  { type: 'update_file', path: FILES[1].path, diff: hunk(['first'], FILES[1].line, FILES[1].changed, ['third']) },
  { type: 'update_file', path: FILES[2].path, diff: hunk(['{'], FILES[2].line, FILES[2].changed, ['}']) },
  { type: 'update_file', path: FILES[3].path, diff: hunk(['Café menu'], FILES[3].line, FILES[3].changed, []) },
]

/** The model's next response: its operations, or its final text. */
function turn(turns: Item[][]): Array<Record<string, unknown>> | string {
  const last = turns[turns.length - 1]
  switch (turns.length) {
    case 0: {
      // Calc.Sub's parameters misremembered in the context.
      const miss = { ...RIGHT[0], diff: hunk(['    public static int Sub(int x, int y)', '    {'], '        return x - y;', '        return checked(x - y);', ['    }']) }
      return [miss, ...RIGHT.slice(1)]
    }
    case 1: {
      assert.ok(last.every((o) => o.status === 'failed'), JSON.stringify(last))
      assert.match(last[0].output ?? '', /^update_file src\/Calc\.cs, hunk #1: its context and removed lines were not found/)
      assert.match(last[0].output ?? '', /8│ {4}public static int Sub\(int a, int b\)/)
      for (const o of last.slice(1)) assert.match(o.output ?? '', /was not applied: apply_patch call call_1_0 of the same response failed/)
      return RIGHT
    }
    case 2:
      for (const o of last) assert.equal(o.status, 'completed', o.output)
      assert.match(last[1].output ?? '', /^Updated src\/notes\.txt: \+1 -1 lines; each line kept its line ending \(endings now: mixed/)
      return HOST_DONE
    default:
      throw new Error(`the script has no turn ${turns.length + 1}`)
  }
}

/** The outputs of each turn, checking that each answers a call of the response before. */
function outputs(items: Item[]): Item[][] {
  const turns: Item[][] = []
  let open: string[] = []
  let answers: Item[] = []
  for (const item of items) {
    if (item.type === 'apply_patch_call') {
      if (answers.length > 0) turns.push(answers)
      answers = []
      open.push(item.call_id ?? '')
    } else if (item.type === 'apply_patch_call_output') {
      assert.equal(item.call_id, open.shift(), 'each apply_patch_call_output answers the calls in order')
      answers.push(item)
    }
  }
  assert.deepEqual(open, [], 'every apply_patch_call is answered')
  if (answers.length > 0) turns.push(answers)
  return turns
}
