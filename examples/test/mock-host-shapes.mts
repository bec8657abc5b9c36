// Scripted models for the tool shapes' examples: OpenCode's and gemini-cli's tools in
// the AI SDK (`ai/test`'s MockLanguageModelV4), Claude Code's tools in Anthropic's
// Messages API and Cline's in OpenAI's Chat Completions (a `fetch` for each client).
// All play the same turns on the host project:
// read the four files, change a line in each (Calc.Sub's old text misremembered: the
// host's not-found error, quoting the closest lines), retry that one, and finish.
import assert from 'node:assert/strict'

import { MockLanguageModelV4 } from 'ai/test'

import { FILES, HOST_DONE } from './host-script.mjs'

interface Seen {
  text: string
  isError: boolean
}

/** How a host's tools are called and what they answer, for the shared turns. */
interface Host {
  tools: string[]
  read: (path: string) => { name: string; input: Record<string, unknown> }
  edit: (path: string, oldText: string, newText: string) => { name: string; input: Record<string, unknown> }
  /** Whether a read shows this line of the file. */
  shows: (text: string, line: string) => boolean
  missed: RegExp
  landed: RegExp
}

/** A SEARCH/REPLACE block in Cline's markers. */
const block = (search: string, replace: string) => `------- SEARCH\n${search}\n=======\n${replace}\n+++++++ REPLACE`

const OPENCODE: Host = {
  tools: ['read', 'write', 'edit', 'apply_patch'],
  read: (filePath) => ({ name: 'read', input: { filePath } }),
  edit: (filePath, oldString, newString) => ({ name: 'edit', input: { filePath, oldString, newString } }),
  shows: (text, line) => text.split('\n').some((l) => /^\d+: /.test(l) && l.slice(l.indexOf(': ') + 2) === line),
  missed: /oldString was not found in the file/,
  landed: /^Edit applied successfully\./,
}

const CLAUDE_CODE: Host = {
  tools: ['Read', 'Write', 'Edit', 'MultiEdit'],
  read: (file_path) => ({ name: 'Read', input: { file_path } }),
  edit: (file_path, old_string, new_string) => ({ name: 'Edit', input: { file_path, old_string, new_string } }),
  shows: (text, line) => text.split('\n').some((l) => /^ *\d+\t/.test(l) && l.slice(l.indexOf('\t') + 1) === line),
  missed: /old_string was not found in the file/,
  landed: /^The file .* has been updated\./,
}

const GEMINI_CLI: Host = {
  tools: ['read_file', 'write_file', 'replace'],
  read: (file_path) => ({ name: 'read_file', input: { file_path } }),
  edit: (file_path, old_string, new_string) => ({ name: 'replace', input: { file_path, old_string, new_string } }),
  shows: (text, line) => text.split('\n').includes(line),
  missed: /old_string was not found in the file/,
  landed: /^Successfully modified file: /,
}

const CLINE: Host = {
  tools: ['read_file', 'write_to_file', 'replace_in_file'],
  read: (path) => ({ name: 'read_file', input: { path } }),
  edit: (path, search, replace) => ({ name: 'replace_in_file', input: { path, diff: block(search, replace) } }),
  shows: (text, line) => text.split('\n').includes(line),
  missed: /^replace_in_file failed, and src\/Calc\.cs was not changed\./,
  landed: /^The content was saved to /,
}

/** The model's next turn, from the results of the turns before: its tool calls, or its final text. */
function turn(host: Host, turns: Seen[][]): Array<{ name: string; input: Record<string, unknown> }> | string {
  const last = turns[turns.length - 1]
  switch (turns.length) {
    case 0:
      return FILES.map((f) => host.read(f.path))
    case 1:
      for (const [i, seen] of last.entries()) {
        assert.equal(seen.isError, false, seen.text)
        assert.ok(host.shows(seen.text, FILES[i].line), seen.text)
      }
      return FILES.map((f, i) =>
        i === 0 ? host.edit(f.path, '    public static int Sub(int x, int y)\n    {\n        return x - y;', 'x') : host.edit(f.path, f.line, f.changed),
      )
    case 2: {
      const [miss, ...landed] = last
      assert.equal(miss.isError, true, miss.text)
      assert.match(miss.text, host.missed)
      assert.match(miss.text, /return a - b;/)
      for (const seen of landed) assert.match(seen.text, host.landed)
      return [host.edit(FILES[0].path, FILES[0].line, FILES[0].changed)]
    }
    case 3:
      assert.equal(last[0].isError, false, last[0].text)
      assert.match(last[0].text, host.landed)
      return HOST_DONE
    default:
      throw new Error(`the script has no turn ${turns.length + 1}`)
  }
}

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 1, text: 1, reasoning: 0 },
}

/** OpenCode's model, in the AI SDK. */
export const openCodeModel = (): MockLanguageModelV4 => aiSdkModel(OPENCODE)

/** gemini-cli's model, in the AI SDK. */
export const geminiCliModel = (): MockLanguageModelV4 => aiSdkModel(GEMINI_CLI)

/** A model in the AI SDK: a thrown tool error reaches it as `error-text`. */
function aiSdkModel(host: Host): MockLanguageModelV4 {
  let calls = 0
  return new MockLanguageModelV4({
    doGenerate: async ({ prompt, tools }) => {
      assert.deepEqual((tools ?? []).map((t) => t.name), host.tools)
      const turns: Seen[][] = []
      for (const message of prompt) {
        if (message.role !== 'tool') continue
        const seen: Seen[] = []
        for (const part of message.content) {
          if (part.type !== 'tool-result') continue
          const { output } = part
          const isError = output.type === 'error-text' || output.type === 'error-json'
          seen.push({ text: output.type === 'text' || output.type === 'error-text' ? output.value : JSON.stringify(output), isError })
        }
        turns.push(seen)
      }
      const next = turn(host, turns)
      return {
        content:
          typeof next === 'string'
            ? [{ type: 'text', text: next }]
            : next.map((c) => ({ type: 'tool-call', toolCallId: `call-${++calls}`, toolName: c.name, input: JSON.stringify(c.input) })),
        finishReason: { unified: typeof next === 'string' ? 'stop' : 'tool-calls', raw: undefined },
        usage,
        warnings: [],
      }
    },
  })
}

type Block = { type: string; id?: string; tool_use_id?: string; content?: unknown; is_error?: boolean }
interface Message {
  role: string
  content: string | Block[]
}

/** Claude Code's model, as the Messages API: every tool_use answered by a tool_result in the next user message. */
export function claudeCodeFetch(): typeof fetch {
  let calls = 0
  return async (input, init) => {
    const url = String(input instanceof Request ? input.url : input)
    assert.match(url, /\/v1\/messages$/)
    const body = JSON.parse(String(init?.body)) as { messages: Message[]; tools: Array<{ name: string }> }
    assert.deepEqual(body.tools.map((t) => t.name), CLAUDE_CODE.tools)
    const turns: Seen[][] = []
    let open: string[] = []
    for (const m of body.messages) {
      const blocks = typeof m.content === 'string' ? [] : m.content
      if (m.role === 'user') {
        const answers = blocks.filter((b) => b.type === 'tool_result')
        assert.deepEqual(answers.map((b) => b.tool_use_id), open, 'every tool_use is answered in the next user message')
        if (answers.length > 0) turns.push(answers.map((b) => ({ text: String(b.content), isError: b.is_error === true })))
        open = []
      } else {
        open = blocks.filter((b) => b.type === 'tool_use').map((b) => b.id ?? '')
      }
    }
    const next = turn(CLAUDE_CODE, turns)
    const content =
      typeof next === 'string'
        ? [{ type: 'text', text: next, citations: null }]
        : next.map((c) => ({ type: 'tool_use', id: `toolu_${++calls}`, name: c.name, input: c.input }))
    return Response.json({
      id: `msg_${calls}`,
      type: 'message',
      role: 'assistant',
      model: 'mock',
      content,
      stop_reason: typeof next === 'string' ? 'end_turn' : 'tool_use',
      stop_sequence: null,
      usage: { input_tokens: 1, output_tokens: 1 },
    })
  }
}

interface ChatMessage {
  role: string
  content?: string | null
  tool_calls?: Array<{ id: string; type: string; function: { name: string; arguments: string } }>
  tool_call_id?: string
}

/** Cline's model, as Chat Completions: every tool call answered by a tool message; a failure is told by its first line. */
export function clineFetch(): typeof fetch {
  let calls = 0
  return async (input, init) => {
    const url = String(input instanceof Request ? input.url : input)
    assert.match(url, /\/chat\/completions$/)
    const body = JSON.parse(String(init?.body)) as { messages: ChatMessage[]; tools: Array<{ function: { name: string } }> }
    assert.deepEqual(body.tools.map((t) => t.function.name), CLINE.tools)
    const turns: Seen[][] = []
    let open: string[] = []
    let answers: Seen[] = []
    const close = () => {
      assert.equal(answers.length, open.length, 'every tool call is answered before the next assistant message')
      if (answers.length > 0) turns.push(answers)
      answers = []
    }
    for (const m of body.messages) {
      if (m.role === 'tool') {
        assert.equal(m.tool_call_id, open[answers.length], 'tool messages answer the calls in order')
        const text = String(m.content)
        answers.push({ text, isError: /^\w+ failed, and /.test(text) })
      } else if (m.role === 'assistant') {
        close()
        open = (m.tool_calls ?? []).map((c) => c.id)
      }
    }
    close()
    const next = turn(CLINE, turns)
    const message =
      typeof next === 'string'
        ? { role: 'assistant', content: next, refusal: null }
        : {
            role: 'assistant',
            content: null,
            refusal: null,
            tool_calls: next.map((c) => ({ id: `call_${++calls}`, type: 'function', function: { name: c.name, arguments: JSON.stringify(c.input) } })),
          }
    return Response.json({
      id: `chatcmpl-${calls}`,
      object: 'chat.completion',
      created: 0,
      model: 'mock',
      choices: [{ index: 0, finish_reason: typeof next === 'string' ? 'stop' : 'tool_calls', logprobs: null, message }],
      usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
    })
  }
}
