// The OpenAI Agents SDK for TypeScript with OpenAI's built-in apply_patch tool, its
// files changed by eol-edit: createOpenAIEditor is the SDK's Editor, so every
// create_file, update_file (move_to too) and delete_file keeps each file's line
// endings, BOM and encoding, and a failed one tells the model what to fix.
import { Agent, applyPatchTool, type Editor, type Model, type Runner } from '@openai/agents'
import { createOpenAIEditor } from 'eol-edit/tools'

export async function runAgent(runner: Runner, model: Model | string, root: string, prompt: string): Promise<string> {
  const editor: Editor = createOpenAIEditor({ root })
  const agent = new Agent({
    name: 'Editor',
    model,
    instructions: 'Change the files of the project with apply_patch.',
    tools: [applyPatchTool({ editor })],
  })
  const result = await runner.run(agent, prompt, { maxTurns: 20 })
  return result.finalOutput ?? ''
}
