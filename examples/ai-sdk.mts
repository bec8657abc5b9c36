// The tools in the Vercel AI SDK (`ai` 7). A failed call throws, so the SDK records
// a tool error and the model reads the error code and its hint; its next step can
// fix the call.
import { generateText, jsonSchema, stepCountIs, tool, type LanguageModel, type ToolSet } from 'ai'
import { createTools, type Tools } from 'eol-edit/tools'

export function aiSdkTools(tools: Tools): ToolSet {
  return Object.fromEntries(
    Object.values(tools).map((t) => [
      t.name,
      tool({
        description: t.description,
        inputSchema: jsonSchema<unknown>(t.parameters),
        execute: async (args, { abortSignal }) => {
          const result = await t.execute(args, { signal: abortSignal })
          if (!result.success) throw new Error(`${result.error}: ${result.data}`)
          return result.data
        },
      }),
    ]),
  )
}

export async function runAgent(model: LanguageModel, root: string, prompt: string): Promise<string> {
  const tools = aiSdkTools(createTools({ root, requireRead: true }))
  const { text } = await generateText({ model, tools, stopWhen: stepCountIs(20), prompt })
  return text
}
