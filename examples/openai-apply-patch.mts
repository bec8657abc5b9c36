// OpenAI's built-in apply_patch tool (Responses API), handled by eol-edit: the model's
// create_file, update_file and delete_file operations keep each file's line endings,
// BOM and encoding, and the operations of one response apply all or nothing.
import OpenAI from 'openai'
import { createOpenAIApplyPatch } from 'eol-edit/tools'

export async function runAgent(client: OpenAI, model: string, root: string, prompt: string): Promise<string> {
  const patcher = createOpenAIApplyPatch({ root })
  let input: OpenAI.Responses.ResponseInput = [{ role: 'user', content: prompt }]
  let previous: string | undefined
  for (let step = 0; step < 20; step++) {
    const response = await client.responses.create({ model, input, previous_response_id: previous, tools: [patcher.definition] })
    const calls = response.output.filter((item) => item.type === 'apply_patch_call')
    if (calls.length === 0) return response.output_text
    // One apply_patch_call_output per call, in the next request.
    input = await patcher.executeAll(calls)
    previous = response.id
  }
  throw new Error('The agent did not finish in 20 steps.')
}
