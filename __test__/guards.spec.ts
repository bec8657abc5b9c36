// The guards against a model's own mistakes through every front-end: the library with
// `guards`, the agent tools, every tool shape, both vendor handlers, the MCP server and
// the command line. Each refuses the same three mistakes with SUSPECT_CONTENT and its
// reason, leaves the file as it was, and lets the text through when it is meant (the
// tools' `allow`, the command line's `--allow`, the library's list of guards).
//
//   - a 3,000-line file written as `line 0\nline 1\n// ... rest unchanged\n` (shrink);
//   - `a = "x"` edited into `a = "\u0000"` (control);
//   - `a` edited into `A\n=======\n>>>>>>> REPLACE` (markers).
//
// And the fourth example of the guards' issue, which is not refused but written right: in
// `msg = “it’s — fine”`, matched by `msg = "it's - fine"` and changed to
// `msg = "it's - fine!"`, the quotes, apostrophe and dash the model typed in ASCII stay
// the file's (`msg = “it’s — fine!”`), through every front-end, in a CRLF file.

import { spawnSync } from 'node:child_process'
import * as fs from 'node:fs'
import * as path from 'node:path'

import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { describe, expect, it } from 'vitest'

import * as core from '../index.js'
import { createAnthropicTextEditor, createOpenAIApplyPatch, createTools } from '../tools.js'
import { makeProject } from './support/project.js'
import { modelText, type Shape, SHAPES } from './support/shapes.js'
import { can, skipUnless } from './support/platform'

const repo = path.resolve(__dirname, '..')
const bin = path.join(repo, 'bin', 'eol-edit.js')

const BIG = Array.from({ length: 3000 }, (_, i) => `line ${i}\n`).join('')
const CUT = 'line 0\nline 1\n// ... rest unchanged\n'
const NUL = { old: 'a = "x"', new: 'a = "\u0000"' }
const MARKERS = { old: 'a', new: 'A\n=======\n>>>>>>> REPLACE' }

/** A project with the files of the three examples. */
function project(): string {
  return makeProject('eol-guards-', { 'big.txt': BIG, 'a.py': 'a = "x"\n', 'm.txt': 'a\n' })
}

/** The three files as they were: nothing written. */
function untouched(dir: string): void {
  expect(fs.readFileSync(path.join(dir, 'big.txt'), 'utf8')).toBe(BIG)
  expect(fs.readFileSync(path.join(dir, 'a.py'), 'utf8')).toBe('a = "x"\n')
  expect(fs.readFileSync(path.join(dir, 'm.txt'), 'utf8')).toBe('a\n')
}

function caught(run: () => unknown): core.EolEditError {
  try {
    run()
  } catch (error) {
    if (error instanceof core.EolEditError) return error
    throw error
  }
  throw new Error('expected a throw')
}

describe('the library, with guards', () => {
  it('refuses each mistake with SUSPECT_CONTENT, its reason, the line and a hint, and writes nothing', () => {
    const dir = project()
    const big = path.join(dir, 'big.txt')
    const shrink = caught(() => core.writeFileSync(big, CUT, { guards: true }))
    expect([shrink.code, shrink.reason]).toEqual(['SUSPECT_CONTENT', 'shrink'])
    expect(shrink.message).toContain('the new content has 3 lines, but the file has 3000')

    const control = caught(() => core.editFileSync(path.join(dir, 'a.py'), NUL.old, NUL.new, { guards: true }))
    expect([control.code, control.reason, control.lines]).toEqual(['SUSPECT_CONTENT', 'control', [1]])
    // The line quoted with its control character escaped, and how to write the escape.
    expect(control.message).toContain('1│a = "\\u0000"')
    expect(control.hint).toContain('to write the six characters \\u0000, escape the backslash: \\\\u0000')
    expect(control.hint).toContain("leave 'control' out of guards")

    const markers = caught(() => core.editFileSync(path.join(dir, 'm.txt'), MARKERS.old, MARKERS.new, { guards: true }))
    expect([markers.code, markers.reason, markers.lines]).toEqual(['SUSPECT_CONTENT', 'markers', [2]])
    expect(markers.parts).toContainEqual({ line: 2, width: 1, text: '=======' })
    untouched(dir)
  })

  it('runs no guard unless asked, and only the guards listed', async () => {
    const dir = project()
    // Without guards, as before: the text is written.
    core.editFileSync(path.join(dir, 'm.txt'), MARKERS.old, MARKERS.new)
    expect(fs.readFileSync(path.join(dir, 'm.txt'), 'utf8')).toBe('A\n=======\n>>>>>>> REPLACE\n')
    core.editFileSync(path.join(dir, 'a.py'), NUL.old, NUL.new, { guards: ['shrink', 'markers'] })
    expect(fs.readFileSync(path.join(dir, 'a.py'), 'utf8')).toBe('a = "\u0000"\n')
    // The Promise forms reject alike.
    const error = await core.writeFile(path.join(dir, 'big.txt'), CUT, { guards: ['shrink'] }).catch((e: unknown) => e)
    expect((error as core.EolEditError).reason).toBe('shrink')
    expect(fs.readFileSync(path.join(dir, 'big.txt'), 'utf8')).toBe(BIG)
  })

  it('guards multiEdit, applyPatch and applyEdits too', () => {
    const dir = project()
    const multi = caught(() =>
      core.multiEditSync(path.join(dir, 'm.txt'), [{ oldText: 'a', newText: 'b' }, { oldText: 'b', newText: MARKERS.new }], { guards: true }),
    )
    expect([multi.reason, multi.editIndex]).toEqual(['markers', 1])
    const patch = `*** Begin Patch\n*** Update File: a.py\n@@\n-${NUL.old}\n+${NUL.new}\n*** End Patch\n`
    const patched = caught(() => core.applyPatchSync(patch, { cwd: dir, guards: true }))
    expect([patched.reason, patched.fileIndex, patched.hunkIndex]).toEqual(['control', 0, 0])
    const added = caught(() => core.applyPatchSync(`*** Begin Patch\n*** Add File: big.txt\n+${CUT.trimEnd().split('\n').join('\n+')}\n*** End Patch\n`, { cwd: dir, guards: true }))
    expect(added.reason).toBe('shrink')
    untouched(dir)
    const text = caught(() => core.applyEdits('a = "x"\n', [{ oldText: NUL.old, newText: NUL.new }], { guards: true }))
    expect(text.reason).toBe('control')
    // `path` names the language: a bare `...` is a Python body.
    expect(core.applyEdits('def f():\n    pass\n', [{ oldText: 'pass', newText: '...' }], { guards: true, path: 'f.py' }).content).toBe('def f():\n    ...\n')
  })

  it('refuses guards where a function brings no text, and a guard it does not know', () => {
    const dir = project()
    const m = path.join(dir, 'm.txt')
    expect(caught(() => core.deleteRangeSync(m, 1, 1, { inclusive: true, guards: true } as never)).code).toBe('INVALID_ARGUMENT')
    const unknown = caught(() => core.editFileSync(m, 'a', 'b', { guards: ['marker'] } as never))
    expect([unknown.code, unknown.argument]).toEqual(['INVALID_ARGUMENT', 'guards'])
    expect(unknown.message).toContain("did you mean 'markers'?")
    untouched(dir)
  })
})

/** The text and failure code of a tool result of any tool set. */
async function outcome(run: () => Promise<unknown>): Promise<{ ok: boolean; text: string }> {
  try {
    const result = (await run()) as Record<string, unknown> | string
    const r = typeof result === 'object' ? result : {}
    const failed =
      r.success === false ||
      r.is_error === true ||
      r.error !== undefined ||
      r.status === 'failed' ||
      (typeof result === 'string' && /failed|Unable to/.test(result.split('\n')[0]))
    return { ok: !failed, text: modelText(result) }
  } catch (error) {
    // OpenCode's tools reject with what the model reads.
    return { ok: false, text: error instanceof Error ? error.message : String(error) }
  }
}

describe('the agent tools', () => {
  it('refuse each mistake by default, say how to allow it, and write nothing', async () => {
    const dir = project()
    const t = createTools({ root: dir })
    const shrink = await t.write_file.execute({ path: 'big.txt', content: CUT })
    expect([shrink.success, shrink.error]).toEqual([false, 'SUSPECT_CONTENT'])
    expect(shrink.data).toContain('The shrink guard refused this change')
    expect(shrink.data).toContain('To write it on purpose, call again with "allow": ["shrink"].')
    const control = await t.edit_file.execute({ path: 'a.py', old_text: NUL.old, new_text: NUL.new })
    expect([control.error, control.data]).toEqual(['SUSPECT_CONTENT', expect.stringContaining('1│a = "\\u0000"')])
    const markers = await t.multi_edit.execute({ path: 'm.txt', edits: [{ old_text: MARKERS.old, new_text: MARKERS.new }] })
    expect([markers.error, markers.data]).toEqual(['SUSPECT_CONTENT', expect.stringContaining('"allow": ["markers"]')])
    const patch = await t.apply_patch.execute({ input: `*** Begin Patch\n*** Update File: m.txt\n@@\n-a\n+A\n+<<<<<<< SEARCH\n*** End Patch` })
    expect([patch.error, patch.data]).toEqual(['SUSPECT_CONTENT', expect.stringContaining('m.txt, hunk #1: The markers guard')])
    untouched(dir)
  })

  it('let a mistake through with allow, one guard at a time', async () => {
    const dir = project()
    const t = createTools({ root: dir })
    // The placeholder line is refused once shrink is let through.
    const first = await t.write_file.execute({ path: 'big.txt', content: CUT, allow: ['shrink'] })
    expect(first.data).toContain('The placeholder guard refused')
    expect((await t.write_file.execute({ path: 'big.txt', content: CUT, allow: ['shrink', 'placeholder'] })).success).toBe(true)
    expect(fs.readFileSync(path.join(dir, 'big.txt'), 'utf8')).toBe(CUT)
    expect((await t.edit_file.execute({ path: 'a.py', old_text: NUL.old, new_text: NUL.new, allow: ['control'] })).success).toBe(true)
    expect(fs.readFileSync(path.join(dir, 'a.py'), 'utf8')).toBe('a = "\u0000"\n')
    // A single name and JSON text are taken as models send them; an unknown one is refused.
    expect((await t.edit_file.execute({ path: 'm.txt', old_text: MARKERS.old, new_text: MARKERS.new, allow: 'markers' })).success).toBe(true)
    const wrong = await t.edit_file.execute({ path: 'm.txt', old_text: 'A', new_text: 'B', allow: ['all'] })
    expect([wrong.error, wrong.data]).toEqual(['INVALID_ARGUMENT', expect.stringContaining('allow must be a list of "placeholder", "shrink", "control" or "markers"')])
  })

  it("follow the host's settings: a guard off lets it through, a final one refuses allow", async () => {
    const dir = project()
    const off = createTools({ root: dir, guards: { markers: 'off' } })
    expect((await off.edit_file.execute({ path: 'm.txt', old_text: MARKERS.old, new_text: MARKERS.new })).success).toBe(true)
    const final = createTools({ root: dir, guards: { control: 'final' } })
    const refused = await final.edit_file.execute({ path: 'a.py', old_text: NUL.old, new_text: NUL.new, allow: ['control'] })
    expect(refused.error).toBe('SUSPECT_CONTENT')
    expect(refused.data).toContain('This host does not let the control guard be passed')
    expect(refused.data).not.toContain('"allow"')
    expect(fs.readFileSync(path.join(dir, 'a.py'), 'utf8')).toBe('a = "x"\n')
    // The host's mistakes throw at creation.
    expect(() => createTools({ guards: { marker: 'off' } as never })).toThrow(/guards has "marker", which is not a guard.*did you mean "markers"/)
    expect(() => createTools({ guards: { markers: false } as never })).toThrow(TypeError)
  })

  it('ask approve nothing about a change a guard refuses', async () => {
    const dir = project()
    let asked = 0
    const t = createTools({ root: dir, approve: () => (asked++, true) })
    expect((await t.edit_file.execute({ path: 'a.py', old_text: NUL.old, new_text: NUL.new })).error).toBe('SUSPECT_CONTENT')
    expect(asked).toBe(0)
  })
})

/** Each shape's write and edit tools, and their arguments for the three examples. */
const SHAPE_CALLS: Record<Shape, { write: [string, Record<string, unknown>]; edit: (x: { old: string; new: string }, file: string) => [string, Record<string, unknown>] }> = {
  opencode: { write: ['write', { filePath: 'big.txt', content: CUT }], edit: (x, f) => ['edit', { filePath: f, oldString: x.old, newString: x.new }] },
  'claude-code': { write: ['Write', { file_path: 'big.txt', content: CUT }], edit: (x, f) => ['Edit', { file_path: f, old_string: x.old, new_string: x.new }] },
  'gemini-cli': { write: ['write_file', { file_path: 'big.txt', content: CUT }], edit: (x, f) => ['replace', { file_path: f, old_string: x.old, new_string: x.new }] },
  cline: {
    write: ['write_to_file', { path: 'big.txt', content: CUT }],
    edit: (x, f) => ['replace_in_file', { path: f, diff: `------- SEARCH\n${x.old}\n=======\n${x.new.replace(/^(=======|>>>>>>> REPLACE)$/gm, '\\$1')}\n+++++++ REPLACE` }],
  },
  roo: {
    write: ['write_to_file', { path: 'big.txt', content: CUT, line_count: 3 }],
    edit: (x, f) => ['apply_diff', { path: f, diff: `<<<<<<< SEARCH\n${x.old}\n=======\n${x.new.replace(/^(=======|>>>>>>> REPLACE)$/gm, '\\$1')}\n>>>>>>> REPLACE` }],
  },
}

describe('every tool shape', () => {
  for (const shape of SHAPES) {
    it(`${shape}: refuses each mistake in its words, writes nothing, and takes allow`, async () => {
      const dir = project()
      const t = createTools({ root: dir, shape, requireRead: false }) as unknown as Record<string, { execute: (a: unknown) => Promise<unknown> }>
      const calls = SHAPE_CALLS[shape]
      const [write, writeArgs] = calls.write
      const shrink = await outcome(() => t[write].execute(writeArgs))
      expect(shrink.ok, shrink.text).toBe(false)
      expect(shrink.text).toContain('The shrink guard refused this change')
      expect(shrink.text).toContain('"allow": ["shrink"]')
      for (const [example, file, reason] of [[NUL, 'a.py', 'control'], [MARKERS, 'm.txt', 'markers']] as const) {
        const [edit, args] = calls.edit(example, file)
        const refused = await outcome(() => t[edit].execute(args))
        expect(refused.ok, refused.text).toBe(false)
        expect(refused.text).toContain(`The ${reason} guard refused this change`)
      }
      untouched(dir)
      const [edit, args] = calls.edit(MARKERS, 'm.txt')
      const allowed = await outcome(() => t[edit].execute({ ...args, allow: ['markers'] }))
      expect(allowed.ok, allowed.text).toBe(true)
      expect(fs.readFileSync(path.join(dir, 'm.txt'), 'utf8')).toBe('A\n=======\n>>>>>>> REPLACE\n')
    })
  }
})

describe("the vendors' tool handlers", () => {
  it("Anthropic's text editor refuses each mistake and takes allow in the command's input", async () => {
    const dir = project()
    const editor = createAnthropicTextEditor({ root: dir })
    // create makes new files only (as the reference tool does): no whole file is cut
    // short through it, but a new file's text is guarded too.
    const created = await editor.execute({ command: 'create', path: 'new.txt', file_text: '<<<<<<< HEAD\nx\n' })
    expect([created.is_error, created.content]).toEqual([true, expect.stringMatching(/^SUSPECT_CONTENT: The markers guard/)])
    expect(created.content).toContain('send the same command again with "allow": ["markers"] added to its input')
    expect(fs.existsSync(path.join(dir, 'new.txt'))).toBe(false)
    const control = await editor.execute({ command: 'str_replace', path: 'a.py', old_str: NUL.old, new_str: NUL.new })
    expect(control.content).toContain('1: a = "\\u0000"')
    const markers = await editor.execute({ command: 'str_replace', path: 'm.txt', old_str: MARKERS.old, new_str: MARKERS.new })
    expect(markers.content).toMatch(/^SUSPECT_CONTENT: The markers guard/)
    untouched(dir)
    const allowed = await editor.execute({ command: 'str_replace', path: 'm.txt', old_str: MARKERS.old, new_str: MARKERS.new, allow: ['markers'] })
    expect(allowed.is_error).toBeUndefined()
    expect(allowed.content).not.toContain('ignored unknown argument')
    const off = createAnthropicTextEditor({ root: dir, guards: { control: 'off' } })
    expect((await off.execute({ command: 'str_replace', path: 'a.py', old_str: NUL.old, new_str: NUL.new })).is_error).toBeUndefined()
  })

  it("OpenAI's apply_patch refuses each mistake and says that only the user can let it through", async () => {
    const dir = project()
    const patcher = createOpenAIApplyPatch({ root: dir })
    const create = await patcher.execute({ type: 'apply_patch_call', call_id: 'c1', operation: { type: 'create_file', path: 'big.txt', diff: `+${CUT.trimEnd().split('\n').join('\n+')}\n` } })
    expect([create.status, create.output]).toEqual(['failed', expect.stringContaining('The shrink guard refused this change')])
    const control = await patcher.execute({ type: 'apply_patch_call', call_id: 'c2', operation: { type: 'update_file', path: 'a.py', diff: `@@\n-${NUL.old}\n+${NUL.new}\n` } })
    expect(control.output).toContain('This tool cannot let the control guard through: write the text another way, or ask the user.')
    const markers = await patcher.execute({ type: 'apply_patch_call', call_id: 'c3', operation: { type: 'update_file', path: 'm.txt', diff: '@@\n-a\n+A\n+=======\n+>>>>>>> REPLACE\n' } })
    expect([markers.status, markers.output]).toEqual(['failed', expect.stringContaining('The markers guard refused this change')])
    untouched(dir)
    const off = createOpenAIApplyPatch({ root: dir, guards: { markers: 'off' } })
    const through = await off.execute({ type: 'apply_patch_call', call_id: 'c4', operation: { type: 'update_file', path: 'm.txt', diff: '@@\n-a\n+A\n+=======\n+>>>>>>> REPLACE\n' } })
    expect(through.status).toBe('completed')
  })
})

describe('the MCP server', () => {
  async function serve(dir: string, flags: string[] = []): Promise<Client> {
    const transport = new StdioClientTransport({ command: process.execPath, args: [bin, 'mcp', '--root', dir, ...flags], stderr: 'pipe' })
    const client = new Client({ name: 'eol-edit-guards-test', version: '1.0.0' })
    await client.connect(transport)
    return client
  }
  const text = (r: unknown) => (r as { content: Array<{ text?: string }> }).content.map((c) => c.text ?? '').join('')

  it('guards its tools, takes allow, and follows --guard', async (ctx) => {
    skipUnless(ctx, can.frontEndProcesses)
    const dir = project()
    const client = await serve(dir)
    try {
      const refused = await client.callTool({ name: 'edit_file', arguments: { path: 'a.py', old_text: NUL.old, new_text: NUL.new } })
      expect(refused.isError).toBe(true)
      expect(text(refused)).toContain('The control guard refused this change')
      const write = await client.callTool({ name: 'write_file', arguments: { path: 'big.txt', content: CUT } })
      expect(text(write)).toContain('"allow": ["shrink"]')
      const markers = await client.callTool({ name: 'edit_file', arguments: { path: 'm.txt', old_text: MARKERS.old, new_text: MARKERS.new } })
      expect([markers.isError, text(markers)]).toEqual([true, expect.stringContaining('The markers guard refused this change')])
      untouched(dir)
      const allowed = await client.callTool({ name: 'edit_file', arguments: { path: 'm.txt', old_text: MARKERS.old, new_text: MARKERS.new, allow: ['markers'] } })
      expect(allowed.isError).toBeFalsy()
    } finally {
      await client.close()
    }
    const settled = await serve(dir, ['--guard', 'control=final', '--guard', 'shrink=off'])
    try {
      const final = await settled.callTool({ name: 'edit_file', arguments: { path: 'a.py', old_text: NUL.old, new_text: NUL.new, allow: ['control'] } })
      expect(text(final)).toContain('This host does not let the control guard be passed')
      const shrink = await settled.callTool({ name: 'write_file', arguments: { path: 'big.txt', content: 'only\n', allow: [] } })
      expect(shrink.isError).toBeFalsy()
    } finally {
      await settled.close()
    }
    expect(spawnSync(process.execPath, [bin, 'mcp', '--root', dir, '--guard', 'control=maybe'], { encoding: 'utf8' }).status).toBe(2)
  })
})

describe('the command line', () => {
  const run = (dir: string, argv: string[], input = '') => spawnSync(process.execPath, [bin, ...argv], { cwd: dir, input, encoding: 'utf8' })

  it('guards write, edit and patch, says --allow, and lets --allow through', (ctx) => {
    skipUnless(ctx, can.frontEndProcesses)
    const dir = project()
    const write = run(dir, ['write', 'big.txt'], CUT)
    expect(write.status).toBe(1)
    expect(write.stderr).toMatch(/^SUSPECT_CONTENT: The shrink guard refused this change/)
    expect(write.stderr).toContain('To write it on purpose, pass --allow shrink.')
    // A command line cannot carry a NUL: the control guard is shown with SOH.
    const control = run(dir, ['edit', 'a.py', '--old', 'a = "x"', '--new', 'a = "\u0001"'])
    expect([control.status, control.stderr]).toEqual([1, expect.stringContaining('1│a = "\\u0001"')])
    const patch = run(dir, ['patch'], '*** Begin Patch\n*** Update File: m.txt\n@@\n-a\n+A\n+=======\n+>>>>>>> REPLACE\n*** End Patch\n')
    expect([patch.status, patch.stderr]).toEqual([1, expect.stringContaining('pass --allow markers')])
    untouched(dir)
    expect(run(dir, ['write', 'big.txt', '--allow', 'shrink', '--allow', 'placeholder'], CUT).status).toBe(0)
    expect(fs.readFileSync(path.join(dir, 'big.txt'), 'utf8')).toBe(CUT)
    expect(run(dir, ['edit', 'm.txt', '--old', MARKERS.old, '--new', MARKERS.new, '--allow', 'markers']).status).toBe(0)
    const wrong = run(dir, ['edit', 'a.py', '--old', 'a', '--new', 'b', '--allow', 'everything'])
    expect([wrong.status, wrong.stderr]).toEqual([2, expect.stringContaining('--allow takes placeholder, shrink, control or markers')])
  })
})

describe("a line matched by a lenient tier keeps the file's characters, through every front-end", () => {
  const FILE = 'msg = “it’s — fine”\r\nnext\r\n'
  const WANT = 'msg = “it’s — fine!”\r\nnext\r\n'
  const QUOTES = { old: `msg = "it's - fine"`, new: `msg = "it's - fine!"` }
  const quoted = () => makeProject('eol-quotes-', { 'q.txt': FILE })
  const onDisk = (dir: string) => fs.readFileSync(path.join(dir, 'q.txt'), 'utf8')

  it('the agent tools and every tool shape', async () => {
    const dir = quoted()
    const t = createTools({ root: dir, requireRead: false })
    const edited = await t.edit_file.execute({ path: 'q.txt', old_text: QUOTES.old, new_text: QUOTES.new })
    expect(edited.success, String(edited.data)).toBe(true)
    expect(onDisk(dir)).toBe(WANT)
    for (const shape of SHAPES) {
      fs.writeFileSync(path.join(dir, 'q.txt'), FILE)
      const tools = createTools({ root: dir, shape, requireRead: false }) as unknown as Record<string, { execute: (a: unknown) => Promise<unknown> }>
      const [edit, args] = SHAPE_CALLS[shape].edit(QUOTES, 'q.txt')
      const result = await outcome(() => tools[edit].execute(args))
      expect(result.ok, `${shape}: ${result.text}`).toBe(true)
      expect(onDisk(dir), shape).toBe(WANT)
    }
  })

  it("Anthropic's text editor and OpenAI's apply_patch", async () => {
    const dir = quoted()
    const editor = createAnthropicTextEditor({ root: dir })
    const replaced = await editor.execute({ command: 'str_replace', path: 'q.txt', old_str: QUOTES.old, new_str: QUOTES.new })
    expect(replaced.is_error, replaced.content).toBeUndefined()
    expect(onDisk(dir)).toBe(WANT)
    fs.writeFileSync(path.join(dir, 'q.txt'), FILE)
    const patcher = createOpenAIApplyPatch({ root: dir })
    const patched = await patcher.execute({ type: 'apply_patch_call', call_id: 'q', operation: { type: 'update_file', path: 'q.txt', diff: `@@\n-${QUOTES.old}\n+${QUOTES.new}\n` } })
    expect([patched.status, patched.output]).toEqual(['completed', expect.any(String)])
    expect(onDisk(dir)).toBe(WANT)
  })

  it('the MCP server and the command line', async (ctx) => {
    skipUnless(ctx, can.frontEndProcesses)
    const dir = quoted()
    const transport = new StdioClientTransport({ command: process.execPath, args: [bin, 'mcp', '--root', dir], stderr: 'pipe' })
    const client = new Client({ name: 'eol-edit-quotes-test', version: '1.0.0' })
    await client.connect(transport)
    try {
      const result = await client.callTool({ name: 'edit_file', arguments: { path: 'q.txt', old_text: QUOTES.old, new_text: QUOTES.new } })
      expect(result.isError).toBeFalsy()
    } finally {
      await client.close()
    }
    expect(onDisk(dir)).toBe(WANT)
    fs.writeFileSync(path.join(dir, 'q.txt'), FILE)
    const cli = spawnSync(process.execPath, [bin, 'edit', 'q.txt', '--old', QUOTES.old, '--new', QUOTES.new], { cwd: dir, encoding: 'utf8' })
    expect(cli.status, cli.stderr).toBe(0)
    expect(onDisk(dir)).toBe(WANT)
  })
})
