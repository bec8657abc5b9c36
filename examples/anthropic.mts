// The tools in an Anthropic Messages loop (`@anthropic-ai/sdk`).
import Anthropic from '@anthropic-ai/sdk'
import { createTools, toAnthropicTools, type ToolResult } from 'eol-edit/tools'

export async function runAgent(client: Anthropic, model: string, root: string, prompt: string): Promise<string> {
  const tools = createTools({ root, requireRead: true })
  const byName = new Map(Object.values(tools).map((t) => [t.name, t]))
  const messages: Anthropic.MessageParam[] = [{ role: 'user', content: prompt }]
  for (let step = 0; step < 20; step++) {
    const response = await client.messages.create({ model, max_tokens: 4096, messages, tools: toAnthropicTools(tools) })
    messages.push({ role: 'assistant', content: response.content })
    const calls = response.content.filter((block) => block.type === 'tool_use')
    if (calls.length === 0) {
      return response.content.map((block) => (block.type === 'text' ? block.text : '')).join('')
    }
    // Every tool_use is answered in the next user message, in one tool_result each.
    const results: Anthropic.ToolResultBlockParam[] = []
    for (const call of calls) {
      const eolTool = byName.get(call.name)
      const result: ToolResult = eolTool
        ? await eolTool.execute(call.input)
        : { success: false, error: 'INVALID_ARGUMENT', data: `There is no tool ${call.name}.` }
      results.push({
        type: 'tool_result',
        tool_use_id: call.id,
        content: result.success ? result.data : `${result.error}: ${result.data}`,
        is_error: !result.success,
      })
    }
    messages.push({ role: 'user', content: results })
  }
  throw new Error('The agent did not finish in 20 steps.')
}
