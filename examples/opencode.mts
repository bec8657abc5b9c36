// OpenCode's file tools (read, write, edit, apply_patch) in the Vercel AI SDK, as
// OpenCode runs them: a failed call throws an Error whose message the model reads,
// and its next step can fix the call. Each file keeps its endings, BOM and encoding.
import { generateText, jsonSchema, stepCountIs, tool, type LanguageModel, type ToolSet } from 'ai'
import { createTools } from 'eol-edit/tools'

export async function runAgent(model: LanguageModel, root: string, prompt: string): Promise<string> {
  const opencode = createTools({ shape: 'opencode', root })
  const tools: ToolSet = Object.fromEntries(
    Object.values(opencode).map((t) => [
      t.name,
      tool({
        description: t.description,
        inputSchema: jsonSchema<unknown>(t.parameters),
        execute: async (args, { abortSignal }) => (await t.execute(args, { abort: abortSignal })).output,
      }),
    ]),
  )
  const { text } = await generateText({ model, tools, stopWhen: stepCountIs(20), prompt })
  return text
}
