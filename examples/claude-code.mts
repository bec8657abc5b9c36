// Claude Code's file tools (Read, Write, Edit, MultiEdit) in an Anthropic Messages loop:
// each result is the tool_result Claude Code answers with ({ content, is_error? }), and
// each file keeps its endings, BOM and encoding.
import Anthropic from '@anthropic-ai/sdk'
import { createTools, toAnthropicTools } from 'eol-edit/tools'

export async function runAgent(client: Anthropic, model: string, root: string, prompt: string): Promise<string> {
  const claudeCode = createTools({ shape: 'claude-code', root })
  const byName = new Map(Object.values(claudeCode).map((t) => [t.name, t]))
  const tools: Anthropic.Tool[] = toAnthropicTools(claudeCode)
  const messages: Anthropic.MessageParam[] = [{ role: 'user', content: prompt }]
  for (let step = 0; step < 20; step++) {
    const response = await client.messages.create({ model, max_tokens: 4096, messages, tools })
    messages.push({ role: 'assistant', content: response.content })
    const calls = response.content.filter((block) => block.type === 'tool_use')
    if (calls.length === 0) {
      return response.content.map((block) => (block.type === 'text' ? block.text : '')).join('')
    }
    const results: Anthropic.ToolResultBlockParam[] = []
    for (const call of calls) {
      const t = byName.get(call.name)
      const result = t ? await t.execute(call.input) : { content: `No such tool: ${call.name}`, is_error: true as const }
      results.push({ type: 'tool_result', tool_use_id: call.id, ...result })
    }
    messages.push({ role: 'user', content: results })
  }
  throw new Error('The agent did not finish in 20 steps.')
}
