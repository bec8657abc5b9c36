// The tools in an OpenAI Responses API loop (`openai` 7), in strict mode. Each
// request continues the previous response and sends only the tools' outputs.
import OpenAI from 'openai'
import { createTools, toOpenAIResponsesTools, type ToolResult } from 'eol-edit/tools'

export async function runAgent(client: OpenAI, model: string, root: string, prompt: string): Promise<string> {
  const tools = createTools({ root, requireRead: true })
  const byName = new Map(Object.values(tools).map((t) => [t.name, t]))
  let input: OpenAI.Responses.ResponseInput = [{ role: 'user', content: prompt }]
  let previous: string | undefined
  for (let step = 0; step < 20; step++) {
    const response = await client.responses.create({
      model,
      input,
      previous_response_id: previous,
      tools: toOpenAIResponsesTools(tools, { strict: true }),
    })
    const calls = response.output.filter((item) => item.type === 'function_call')
    if (calls.length === 0) return response.output_text
    input = []
    for (const call of calls) {
      const eolTool = byName.get(call.name)
      const result: ToolResult = eolTool
        ? await eolTool.execute(call.arguments)
        : { success: false, error: 'INVALID_ARGUMENT', data: `There is no tool ${call.name}.` }
      input.push({
        type: 'function_call_output',
        call_id: call.call_id,
        output: result.success ? result.data : `${result.error}: ${result.data}`,
      })
    }
    previous = response.id
  }
  throw new Error('The agent did not finish in 20 steps.')
}
