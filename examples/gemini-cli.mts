// gemini-cli's file tools (read_file, write_file, replace) in the Vercel AI SDK: the
// model reads each result's llmContent, a failure's as a tool error, and `replace`
// changes exactly expected_replacements places (default 1). Each file keeps its
// endings, BOM and encoding.
import { generateText, jsonSchema, stepCountIs, tool, type LanguageModel, type ToolSet } from 'ai'
import { createTools } from 'eol-edit/tools'

export async function runAgent(model: LanguageModel, root: string, prompt: string): Promise<string> {
  const gemini = createTools({ shape: 'gemini-cli', root })
  const tools: ToolSet = Object.fromEntries(
    Object.values(gemini).map((t) => [
      t.name,
      tool({
        description: t.description,
        inputSchema: jsonSchema<unknown>(t.parameters),
        execute: async (args, options) => {
          const result = await t.execute(args, options)
          if (result.error) throw new Error(result.llmContent)
          return result.llmContent
        },
      }),
    ]),
  )
  const { text } = await generateText({ model, tools, stopWhen: stepCountIs(20), prompt })
  return text
}
