// The tools in an OpenAI Chat Completions loop (`openai` 7), in strict mode.
import OpenAI from 'openai'
import { createTools, toOpenAITools, type ToolResult } from 'eol-edit/tools'

export async function runAgent(client: OpenAI, model: string, root: string, prompt: string): Promise<string> {
  const tools = createTools({ root, requireRead: true })
  const byName = new Map(Object.values(tools).map((t) => [t.name, t]))
  const messages: OpenAI.ChatCompletionMessageParam[] = [{ role: 'user', content: prompt }]
  for (let step = 0; step < 20; step++) {
    const completion = await client.chat.completions.create({
      model,
      messages,
      tools: toOpenAITools(tools, { strict: true }),
    })
    const message = completion.choices[0].message
    // The assistant message, with its tool calls, goes before their results.
    messages.push(message)
    if (!message.tool_calls?.length) return message.content ?? ''
    for (const call of message.tool_calls) {
      if (call.type !== 'function') continue // custom tools are not ours
      const eolTool = byName.get(call.function.name)
      // execute takes the arguments' JSON text as OpenAI sends it (nulls included)
      const result: ToolResult = eolTool
        ? await eolTool.execute(call.function.arguments)
        : { success: false, error: 'INVALID_ARGUMENT', data: `There is no tool ${call.function.name}.` }
      messages.push({
        role: 'tool',
        tool_call_id: call.id,
        content: result.success ? result.data : `${result.error}: ${result.data}`,
      })
    }
  }
  throw new Error('The agent did not finish in 20 steps.')
}
