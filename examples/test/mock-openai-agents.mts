// A scripted model for the Agents SDK's Runner (its own ScriptedModel: no network):
// it sends apply_patch_call items for the four files of the host project, one with a
// misremembered hunk; the SDK hands each to the editor, which applies the three right
// ones and answers the fourth with what to fix; the model sends that one again, right.
import assert from 'node:assert/strict'

import { assistantMessage, modelResponder, ScriptedModel } from '@openai/agents/testing'

import { FILES, HOST_DONE } from './host-script.mjs'

/** A V4A hunk that changes one line of a file, with the lines around it as context. */
function hunk(before: string[], line: string, changed: string, after: string[]): string {
  return [...before.map((l) => ` ${l}`), `-${line}`, `+${changed}`, ...after.map((l) => ` ${l}`)].join('\n') + '\n'
}

const RIGHT = [
  hunk(['    public static int Sub(int a, int b)', '    {'], FILES[0].line, FILES[0].changed, ['    }']),
  hunk(['first'], FILES[1].line, FILES[1].changed, ['third']),
  hunk(['{'], FILES[2].line, FILES[2].changed, ['}']),
  hunk(['Café menu'], FILES[3].line, FILES[3].changed, []),
]

function call(n: number, path: string, diff: string) {
  return { type: 'apply_patch_call' as const, callId: `call_${n}`, status: 'completed' as const, operation: { type: 'update_file' as const, path, diff } }
}

interface Output {
  type?: string
  callId?: string
  status?: string
  output?: string
}

/** The apply_patch_call_output items the runner sent back, by call id. */
function outputs(input: unknown): Map<string, Output> {
  const items = Array.isArray(input) ? (input as Output[]) : []
  return new Map(items.filter((i) => i.type === 'apply_patch_call_output').map((i) => [i.callId ?? '', i]))
}

export function openAIAgentsModel(): ScriptedModel {
  return new ScriptedModel([
    // Calc.Sub's parameters misremembered in the context of the first hunk.
    [
      call(1, FILES[0].path, hunk(['    public static int Sub(int x, int y)', '    {'], '        return x - y;', '        return checked(x - y);', ['    }'])),
      ...FILES.slice(1).map((f, i) => call(i + 2, f.path, RIGHT[i + 1])),
    ],
    modelResponder(({ request }) => {
      const out = outputs(request.input)
      assert.equal(out.get('call_1')?.status, 'failed')
      assert.match(out.get('call_1')?.output ?? '', /^update_file src\/Calc\.cs, hunk #1: its context and removed lines were not found/)
      assert.match(out.get('call_1')?.output ?? '', /8│ {4}public static int Sub\(int a, int b\)/)
      for (const id of ['call_2', 'call_3', 'call_4']) assert.equal(out.get(id)?.status, 'completed', out.get(id)?.output)
      assert.match(out.get('call_2')?.output ?? '', /^Updated src\/notes\.txt: \+1 -1 lines; each line kept its line ending \(endings now: mixed/)
      return [call(5, FILES[0].path, RIGHT[0])]
    }),
    modelResponder(({ request }) => {
      assert.equal(outputs(request.input).get('call_5')?.status, 'completed')
      return [assistantMessage(HOST_DONE)]
    }),
  ])
}
