// Cline's file tools (read_file, write_to_file, replace_in_file) in an OpenAI Chat
// Completions loop: replace_in_file takes Cline's SEARCH/REPLACE blocks, all applied or
// none, and answers with the file as it now is. Each file keeps its endings, BOM and
// encoding.
import OpenAI from 'openai'
import { createTools, toOpenAITools } from 'eol-edit/tools'

export async function runAgent(client: OpenAI, model: string, root: string, prompt: string): Promise<string> {
  const cline = createTools({ shape: 'cline', root })
  const byName = new Map(Object.values(cline).map((t) => [t.name, t]))
  const tools: OpenAI.ChatCompletionTool[] = toOpenAITools(cline)
  const messages: OpenAI.ChatCompletionMessageParam[] = [{ role: 'user', content: prompt }]
  for (let step = 0; step < 20; step++) {
    const message = (await client.chat.completions.create({ model, messages, tools })).choices[0].message
    messages.push(message)
    if (!message.tool_calls?.length) return message.content ?? ''
    for (const call of message.tool_calls) {
      if (call.type !== 'function') continue
      const t = byName.get(call.function.name)
      // The result is the text Cline's model reads, a failure's included.
      const content = t ? await t.execute(call.function.arguments) : `There is no tool ${call.function.name}.`
      messages.push({ role: 'tool', tool_call_id: call.id, content })
    }
  }
  throw new Error('The agent did not finish in 20 steps.')
}
