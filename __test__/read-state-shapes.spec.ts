// One read state (`createReadState()`) across a host's tool shapes, the tools' own set
// and the vendor handlers: a read through any of them counts for every `requireRead`,
// and a write through one is not an outside change to another. And `markRead(path,
// { content })` fed by the host's own read tool (the raw text, CRLF and BOM included)
// satisfies each shape's requireRead.

import * as fs from 'node:fs'
import * as path from 'node:path'

import { describe, expect, it } from 'vitest'

import { createAnthropicTextEditor, createOpenAIApplyPatch, createReadState, createTools, type ReadState } from '../tools.js'
import { BOM, bytes, project, SHAPES, visible, type Shape } from './support/shapes.js'

/** What a shape's edit of `two` to `TWO` in `name` looks like, and whether it landed, in each host's way. */
async function shapeEdit(shape: Shape, root: string, readState: ReadState, name: string): Promise<{ ok: boolean; text: string }> {
  const options = { root, readState, requireRead: true }
  try {
    switch (shape) {
      case 'opencode': {
        const r = await createTools({ shape, ...options }).edit.execute({ filePath: name, oldString: 'two', newString: 'TWO' })
        return { ok: true, text: r.output }
      }
      case 'claude-code': {
        const r = await createTools({ shape, ...options }).Edit.execute({ file_path: name, old_string: 'two', new_string: 'TWO' })
        return { ok: r.is_error !== true, text: r.content }
      }
      case 'gemini-cli': {
        const r = await createTools({ shape, ...options }).replace.execute({ file_path: name, old_string: 'two', new_string: 'TWO' })
        return { ok: r.error === undefined, text: r.llmContent }
      }
      case 'cline': {
        const r = await createTools({ shape, ...options }).replace_in_file.execute({ path: name, diff: '------- SEARCH\ntwo\n=======\nTWO\n+++++++ REPLACE' })
        return { ok: !r.startsWith('replace_in_file failed'), text: r }
      }
      case 'roo': {
        const r = await createTools({ shape, ...options }).apply_diff.execute({ path: name, diff: '<<<<<<< SEARCH\ntwo\n=======\nTWO\n>>>>>>> REPLACE' })
        return { ok: !r.startsWith('Unable to apply'), text: r }
      }
    }
  } catch (error) {
    // OpenCode's tools throw what the model reads.
    return { ok: false, text: (error as Error).message }
  }
}

describe('one read state across shapes, the tools and the vendor handlers', () => {
  it("a read through Claude Code's Read lets the Anthropic editor's str_replace pass requireRead", async () => {
    const dir = project({ 'a.cs': 'one\r\ntwo\r\n' })
    const readState = createReadState()
    const claude = createTools({ shape: 'claude-code', root: dir, readState })
    const editor = createAnthropicTextEditor({ root: dir, readState, requireRead: true })
    const before = await editor.execute({ command: 'str_replace', path: 'a.cs', old_str: 'two', new_str: 'TWO' })
    expect(before.is_error).toBe(true)
    expect(bytes(dir, 'a.cs')).toBe(visible('one\r\ntwo\r\n'))
    expect((await claude.Read.execute({ file_path: 'a.cs' })).is_error).toBeUndefined()
    const after = await editor.execute({ command: 'str_replace', path: 'a.cs', old_str: 'two', new_str: 'TWO' })
    expect(after.is_error, after.content).toBeUndefined()
    expect(bytes(dir, 'a.cs')).toBe(visible('one\r\nTWO\r\n'))
  })

  it("a write through the Anthropic editor is not an outside change to Claude Code's Edit, nor Edit's to the editor", async () => {
    const dir = project({ 'a.cs': 'one\r\ntwo\r\nthree\r\n' })
    const readState = createReadState()
    const claude = createTools({ shape: 'claude-code', root: dir, readState })
    const editor = createAnthropicTextEditor({ root: dir, readState, requireRead: true })
    await claude.Read.execute({ file_path: 'a.cs' })
    expect((await editor.execute({ command: 'str_replace', path: 'a.cs', old_str: 'two', new_str: 'TWO' })).is_error).toBeUndefined()
    const edit = await claude.Edit.execute({ file_path: 'a.cs', old_string: 'three', new_string: 'THREE' })
    expect(edit.is_error, edit.content).toBeUndefined()
    const back = await editor.execute({ command: 'str_replace', path: 'a.cs', old_str: 'one', new_str: 'ONE' })
    expect(back.is_error, back.content).toBeUndefined()
    expect(bytes(dir, 'a.cs')).toBe(visible('ONE\r\nTWO\r\nTHREE\r\n'))
  })

  it('a write through the tools\' own set, and through OpenAI\'s apply_patch, is not an outside change to the shapes', async () => {
    const dir = project({ 'a.txt': 'one\r\ntwo\r\nthree\r\n' })
    const readState = createReadState()
    const tools = createTools({ root: dir, readState })
    const opencode = createTools({ shape: 'opencode', root: dir, readState })
    const patcher = createOpenAIApplyPatch({ root: dir, readState, requireRead: true })
    await opencode.read.execute({ filePath: 'a.txt' })
    expect((await tools.edit_file.execute({ path: 'a.txt', old_text: 'one', new_text: 'ONE' })).success).toBe(true)
    await opencode.edit.execute({ filePath: 'a.txt', oldString: 'two', newString: 'TWO' })
    const out = await patcher.execute({
      type: 'apply_patch_call',
      id: 'apc_1',
      call_id: 'call_1',
      status: 'completed',
      operation: { type: 'update_file', path: 'a.txt', diff: '@@\n-three\n+THREE\n' },
    })
    expect(out.status, out.output).toBe('completed')
    await opencode.edit.execute({ filePath: 'a.txt', oldString: 'THREE', newString: 'three!' })
    expect(bytes(dir, 'a.txt')).toBe(visible('ONE\r\nTWO\r\nthree!\r\n'))
  })

  it('a change from outside after the shared read is refused by every shape, the file untouched', async () => {
    const dir = project({ 'a.txt': 'one\r\ntwo\r\n' })
    const readState = createReadState()
    await createTools({ root: dir, readState }).read_file.execute({ path: 'a.txt' })
    for (const shape of SHAPES) {
      // A refusal that shows the whole change counts as a read for the shared state,
      // so each shape meets a change of its own.
      fs.appendFileSync(path.join(dir, 'a.txt'), `outside ${shape}\r\n`)
      const r = await shapeEdit(shape, dir, readState, 'a.txt')
      expect(r.ok, `${shape}: ${r.text}`).toBe(false)
      expect(r.text, shape).toMatch(/changed since/i)
      expect(r.text, shape).toContain(`outside ${shape}`)
    }
    expect(bytes(dir, 'a.txt')).toBe(visible(`one\r\ntwo\r\n${SHAPES.map((s) => `outside ${s}\r\n`).join('')}`))
  })
})

describe("markRead(path, { content }) from the host's own read tool satisfies each shape's requireRead", () => {
  const files: Array<[string, string | Buffer, string | Buffer]> = [
    ['CRLF', 'one\r\ntwo\r\n', 'one\r\nTWO\r\n'],
    ['mixed', 'one\ntwo\r\nend\n', 'one\nTWO\r\nend\n'],
    ['BOM', `${BOM}one\r\ntwo\r\n`, `${BOM}one\r\nTWO\r\n`],
  ]
  for (const shape of SHAPES) {
    it.each(files)(`${shape}: %s`, async (_name, content, expected) => {
      const dir = project({ 'f.txt': content })
      const readState = createReadState()
      const refused = await shapeEdit(shape, dir, readState, 'f.txt')
      expect(refused.ok, refused.text).toBe(false)
      expect(refused.text).toMatch(/has not been read yet/)
      expect(bytes(dir, 'f.txt')).toBe(visible(content))
      // The host's read tool: the raw text as Node reads it, CRLF (and BOM) included.
      readState.markRead(path.join(dir, 'f.txt'), { content: fs.readFileSync(path.join(dir, 'f.txt'), 'utf8') })
      const landed = await shapeEdit(shape, dir, readState, 'f.txt')
      expect(landed.ok, landed.text).toBe(true)
      expect(bytes(dir, 'f.txt')).toBe(visible(expected))
    })
  }

  it('content the file no longer has marks it stale: every shape refuses until it is read again', async () => {
    const dir = project({ 'f.txt': 'one\r\ntwo\r\n' })
    const readState = createReadState()
    readState.markRead(path.join(dir, 'f.txt'), { content: 'one\r\nold\r\n' })
    for (const shape of SHAPES) expect((await shapeEdit(shape, dir, readState, 'f.txt')).ok, shape).toBe(false)
    expect(bytes(dir, 'f.txt')).toBe(visible('one\r\ntwo\r\n'))
  })
})
