// Anthropic's own text editor tool (`str_replace_based_edit_tool`), handled by eol-edit:
// the model's view, str_replace, create and insert commands keep each file's line
// endings, BOM and encoding.
import Anthropic from '@anthropic-ai/sdk'
import { createAnthropicTextEditor } from 'eol-edit/tools'

export async function runAgent(client: Anthropic, model: string, root: string, prompt: string): Promise<string> {
  const editor = createAnthropicTextEditor({ root, maxCharacters: 20000 })
  const messages: Anthropic.MessageParam[] = [{ role: 'user', content: prompt }]
  for (let step = 0; step < 20; step++) {
    const response = await client.messages.create({ model, max_tokens: 4096, messages, tools: [editor.definition] })
    messages.push({ role: 'assistant', content: response.content })
    const calls = response.content.filter((block) => block.type === 'tool_use')
    if (calls.length === 0) {
      return response.content.map((block) => (block.type === 'text' ? block.text : '')).join('')
    }
    const results: Anthropic.ToolResultBlockParam[] = []
    for (const call of calls) {
      // { content, is_error? } is the tool_result the documentation describes.
      results.push({ type: 'tool_result', tool_use_id: call.id, ...(await editor.execute(call.input)) })
    }
    messages.push({ role: 'user', content: results })
  }
  throw new Error('The agent did not finish in 20 steps.')
}
