// A scripted model for the AI SDK: `ai/test`'s MockLanguageModelV4, answering each
// step from the tool results the SDK put in the prompt. A result the SDK recorded as
// an error reaches the model as `error-text`: that is how the script sees isError.
import assert from 'node:assert/strict'

import { MockLanguageModelV4 } from 'ai/test'

import { nextStep, type Observation } from './script.mjs'

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 1, text: 1, reasoning: 0 },
}

export function aiSdkModel(): MockLanguageModelV4 {
  let calls = 0
  return new MockLanguageModelV4({
    doGenerate: async ({ prompt, tools }) => {
      assert.deepEqual(
        (tools ?? []).map((t) => t.name),
        ['read_file', 'write_file', 'edit_file', 'multi_edit', 'delete_range', 'apply_patch'],
      )
      const seen: Observation[] = []
      for (const message of prompt) {
        if (message.role !== 'tool') continue
        for (const part of message.content) {
          if (part.type !== 'tool-result') continue
          const { output } = part
          const isError = output.type === 'error-text' || output.type === 'error-json'
          const text = output.type === 'text' || output.type === 'error-text' ? output.value : JSON.stringify(output)
          seen.push({ text, isError })
        }
      }
      const step = nextStep(seen)
      return {
        content:
          'call' in step
            ? [{ type: 'tool-call', toolCallId: `call-${++calls}`, toolName: step.call.name, input: JSON.stringify(step.call.args) }]
            : [{ type: 'text', text: step.text }],
        finishReason: { unified: 'call' in step ? 'tool-calls' : 'stop', raw: undefined },
        usage,
        warnings: [],
      }
    },
  })
}
