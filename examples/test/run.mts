// Runs every README example: the library and tool examples as they are, and each
// agent loop against its scripted model. Exits non-zero on the first failure.
import Anthropic from '@anthropic-ai/sdk'
import { Runner } from '@openai/agents'
import OpenAI from 'openai'

import { runAgent as runAiSdk } from '../ai-sdk.mjs'
import { runAgent as runAnthropic } from '../anthropic.mjs'
import { runAgent as runAnthropicEditor } from '../anthropic-text-editor.mjs'
import { runAgent as runClaudeCode } from '../claude-code.mjs'
import { runAgent as runCline } from '../cline.mjs'
import { runAgent as runGeminiCli } from '../gemini-cli.mjs'
import { runAgent as runOpenAIAgents } from '../openai-agents.mjs'
import { runAgent as runOpenAIApplyPatch } from '../openai-apply-patch.mjs'
import { runAgent as runOpenAI } from '../openai-chat.mjs'
import { runAgent as runOpenAIResponses } from '../openai-responses.mjs'
import { runAgent as runOpenCode } from '../opencode.mjs'
import { checkHostProject, HOST_DONE, HOST_PROMPT, makeHostProject } from './host-script.mjs'
import { anthropicFetch } from './mock-anthropic.mjs'
import { anthropicEditorFetch } from './mock-anthropic-editor.mjs'
import { claudeCodeFetch, clineFetch, geminiCliModel, openCodeModel } from './mock-host-shapes.mjs'
import { openAIAgentsModel } from './mock-openai-agents.mjs'
import { openAIApplyPatchFetch } from './mock-openai-apply-patch.mjs'
import { aiSdkModel } from './mock-ai-sdk.mjs'
import { openAIFetch } from './mock-openai.mjs'
import { openAIResponsesFetch } from './mock-openai-responses.mjs'
import { checkProject, DONE, makeProject, PROMPT } from './script.mjs'

async function check(name: string, run: () => Promise<void>): Promise<void> {
  const started = Date.now()
  await run()
  console.log(`ok  ${name} (${Date.now() - started} ms)`)
}

async function agent(run: (root: string) => Promise<string>): Promise<void> {
  const root = makeProject()
  const answer = await run(root)
  if (answer !== DONE) throw new Error(`the agent answered ${JSON.stringify(answer)}`)
  checkProject(root)
}

await check('examples/library.mts', async () => {
  await import('../library.mjs')
})
await check('examples/tools.mts', async () => {
  await import('../tools.mjs')
})
await check('examples/read-state.mts', async () => {
  await import('../read-state.mjs')
})
await check('examples/ai-sdk.mts (ai/test mock model; TEXT_NOT_FOUND, then a retry that lands)', () =>
  agent((root) => runAiSdk(aiSdkModel(), root, PROMPT)),
)
await check('examples/openai-chat.mts (scripted Chat Completions, strict tools; TEXT_NOT_FOUND, then a retry)', () =>
  agent((root) => runOpenAI(new OpenAI({ apiKey: 'test', baseURL: 'http://openai.test/v1', fetch: openAIFetch() }), 'mock', root, PROMPT)),
)
await check('examples/openai-responses.mts (scripted Responses API, strict tools; TEXT_NOT_FOUND, then a retry)', () =>
  agent((root) =>
    runOpenAIResponses(new OpenAI({ apiKey: 'test', baseURL: 'http://openai.test/v1', fetch: openAIResponsesFetch() }), 'mock', root, PROMPT),
  ),
)
await check('examples/anthropic.mts (scripted Messages; TEXT_NOT_FOUND, then a retry)', () =>
  agent((root) =>
    runAnthropic(new Anthropic({ apiKey: 'test', baseURL: 'http://anthropic.test', fetch: anthropicFetch() }), 'mock', root, PROMPT),
  ),
)

/** An agent on the host tools' project: CRLF, mixed, BOM and windows-1252 files, each changed on one line. */
async function hostAgent(run: (root: string) => Promise<string>): Promise<void> {
  const root = makeHostProject()
  const answer = await run(root)
  if (answer !== HOST_DONE) throw new Error(`the agent answered ${JSON.stringify(answer)}`)
  checkHostProject(root, 'after')
}

await check("examples/anthropic-text-editor.mts (scripted Claude with the text editor tool; TEXT_NOT_FOUND, then a retry; create over a file refused; CRLF, mixed, BOM, windows-1252)", () =>
  hostAgent((root) =>
    runAnthropicEditor(new Anthropic({ apiKey: 'test', baseURL: 'http://anthropic.test', fetch: anthropicEditorFetch() }), 'mock', root, HOST_PROMPT),
  ),
)
await check('examples/openai-apply-patch.mts (scripted Responses API with apply_patch; a batch that fails whole, then its retry; CRLF, mixed, BOM, windows-1252)', () =>
  hostAgent((root) => {
    // After the failed batch, before the retry: not one file was touched.
    const fetch = openAIApplyPatchFetch((turn) => turn === 1 && checkHostProject(root, 'before'))
    return runOpenAIApplyPatch(new OpenAI({ apiKey: 'test', baseURL: 'http://openai.test/v1', fetch }), 'mock', root, HOST_PROMPT)
  }),
)
await check("examples/openai-agents.mts (the Agents SDK's Runner with createOpenAIEditor, a scripted model; a hunk not found, then its retry; CRLF, mixed, BOM, windows-1252)", () =>
  hostAgent(async (root) => {
    const model = openAIAgentsModel()
    const answer = await runOpenAIAgents(new Runner({ tracingDisabled: true }), model, root, HOST_PROMPT)
    model.assertComplete()
    return answer
  }),
)
await check('examples/opencode.mts (OpenCode\'s tools in the AI SDK, scripted model; oldString not found, then a retry; CRLF, mixed, BOM, windows-1252)', () =>
  hostAgent((root) => runOpenCode(openCodeModel(), root, HOST_PROMPT)),
)
await check("examples/claude-code.mts (Claude Code's tools in a scripted Messages loop; old_string not found, then a retry; CRLF, mixed, BOM, windows-1252)", () =>
  hostAgent((root) =>
    runClaudeCode(new Anthropic({ apiKey: 'test', baseURL: 'http://anthropic.test', fetch: claudeCodeFetch() }), 'mock', root, HOST_PROMPT),
  ),
)
await check("examples/gemini-cli.mts (gemini-cli's tools in the AI SDK, scripted model; old_string not found, then a retry; CRLF, mixed, BOM, windows-1252)", () =>
  hostAgent((root) => runGeminiCli(geminiCliModel(), root, HOST_PROMPT)),
)
await check("examples/cline.mts (Cline's tools in a scripted Chat Completions loop; a SEARCH block not found, then a retry; CRLF, mixed, BOM, windows-1252)", () =>
  hostAgent((root) => runCline(new OpenAI({ apiKey: 'test', baseURL: 'http://openai.test/v1', fetch: clineFetch() }), 'mock', root, HOST_PROMPT)),
)
