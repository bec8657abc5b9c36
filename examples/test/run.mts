// Runs every README example: the library and tool examples as they are, and each
// agent loop against its scripted model. Exits non-zero on the first failure.
import Anthropic from '@anthropic-ai/sdk'
import OpenAI from 'openai'

import { runAgent as runAiSdk } from '../ai-sdk.mjs'
import { runAgent as runAnthropic } from '../anthropic.mjs'
import { runAgent as runOpenAI } from '../openai-chat.mjs'
import { runAgent as runOpenAIResponses } from '../openai-responses.mjs'
import { anthropicFetch } from './mock-anthropic.mjs'
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
