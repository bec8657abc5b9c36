// The 'claude-code' shape: Claude Code's Read, Write, Edit and MultiEdit, driven with
// Claude Code's arguments (file_path, old_string, new_string, replace_all, edits) and
// answering as its tool_result does (`{ content, is_error? }`, Read numbered as
// `cat -n` numbers it), the bytes on disk checked after each call.

import * as fs from 'node:fs'
import * as path from 'node:path'

import { afterAll, describe, expect, it } from 'vitest'

import { createTools as createToolsUnrecorded, type ClaudeCodeTools, type CreateToolsOptions } from '../tools.js'
import { BOM, bytes, cp1252, problemsIn, project, recording, shapeOutputProblems, visible } from './support/shapes.js'

const texts: Array<{ tool: string; text: string }> = []

/** Claude Code's tools, every result recorded; as in Claude Code, a file is read before it is changed. */
function claude(root: string, options: CreateToolsOptions = {}): ClaudeCodeTools {
  return recording(createToolsUnrecorded({ shape: 'claude-code', root, ...options }), texts)
}

/** Reads the file, as Claude Code's model does before it edits. */
async function read(t: ClaudeCodeTools, file: string) {
  const r = await t.Read.execute({ file_path: file })
  expect(r.is_error).toBeUndefined()
  return r
}

afterAll(() => {
  expect(problemsIn(texts, 'claude-code')).toEqual([])
})

describe('the claude-code shape', () => {
  it("has Claude Code's tools with its argument names", () => {
    const t = claude(project())
    expect(Object.keys(t)).toEqual(['Read', 'Write', 'Edit', 'MultiEdit'])
    expect(Object.keys(t.Edit.parameters.properties)).toEqual(['file_path', 'old_string', 'new_string', 'replace_all', 'allow', 'encoding'])
    expect(t.Edit.parameters.required).toEqual(['file_path', 'old_string', 'new_string'])
    const edits = t.MultiEdit.parameters.properties.edits as { items: { properties: object; required: string[] } }
    expect(Object.keys(edits.items.properties)).toEqual(['old_string', 'new_string', 'replace_all'])
    expect(edits.items.required).toEqual(['old_string', 'new_string'])
    expect(Object.keys(t.Read.parameters.properties)).toEqual(['file_path', 'offset', 'limit', 'encoding'])
    expect(Object.keys(t.Write.parameters.properties)).toEqual(['file_path', 'content', 'allow', 'encoding'])
  })

  it('finds names of other tool sets in a text it scans (the check every test file runs at the end)', () => {
    expect(shapeOutputProblems('Set replace_all, or use read_file.', 'claude-code')).toHaveLength(1)
    expect(shapeOutputProblems('Set replaceAll, or use write_file.', 'claude-code').length).toBeGreaterThan(0)
    expect(shapeOutputProblems('Set replace_all, or use the Read tool.', 'claude-code')).toEqual([])
  })

  it('Read numbers lines as cat -n does: the number in six columns, then a tab', async () => {
    const dir = project({ 'r.txt': 'alpha\r\n\tbeta\r\n' })
    const r = await read(claude(dir), 'r.txt')
    expect(r.content).toBe('     1\talpha\n     2\t\tbeta')
  })

  it('Read takes offset and limit, and says so when the file is empty or shorter than offset', async () => {
    const dir = project({ 'r.txt': 'a\nb\nc\n', 'e.txt': '' })
    const t = claude(dir)
    expect((await t.Read.execute({ file_path: 'r.txt', offset: 2, limit: 1 })).content).toBe('     2\tb\n(Lines 2-2 of 3: read on with offset 3.)')
    expect((await t.Read.execute({ file_path: 'e.txt' })).content).toMatch(/exists, but it is empty/)
    expect((await t.Read.execute({ file_path: 'r.txt', offset: 7 })).content).toMatch(/has 3 lines, fewer than offset 7/)
  })

  it('refuses to edit a file the model has not read, in its words', async () => {
    const dir = project({ 'a.txt': 'x\r\n' })
    const r = await claude(dir).Edit.execute({ file_path: 'a.txt', old_string: 'x', new_string: 'y' })
    expect(r.is_error).toBe(true)
    expect(r.content).toMatch(/has not been read yet.*Read it with the Read tool first/)
    expect(bytes(dir, 'a.txt')).toBe(visible('x\r\n'))
  })

  it('edits a CRLF file, answering with a cat -n snippet of the result', async () => {
    const dir = project({ 'a.ts': 'one\r\ntwo\r\nthree\r\n' })
    const t = claude(dir)
    await read(t, 'a.ts')
    const r = await t.Edit.execute({ file_path: 'a.ts', old_string: 'two', new_string: 'TWO' })
    expect(r).toEqual({
      content: "The file a.ts has been updated. Here is the result of running `cat -n` on a snippet of the edited file:\n     1\tone\n     2\tTWO\n     3\tthree",
    })
    expect(bytes(dir, 'a.ts')).toBe(visible('one\r\nTWO\r\nthree\r\n'))
  })

  it('refuses several matches without replace_all, naming the lines, and replaces them all with it', async () => {
    const dir = project({ 'a.txt': 'x = 1\r\ny\r\nx = 1\r\n' })
    const t = claude(dir)
    await read(t, 'a.txt')
    const r = await t.Edit.execute({ file_path: 'a.txt', old_string: 'x = 1', new_string: 'x = 2' })
    expect(r.is_error).toBe(true)
    expect(r.content).toMatch(/matches 2 places.*lines 1, 3/)
    expect(r.content).toContain('replace_all')
    const all = await t.Edit.execute({ file_path: 'a.txt', old_string: 'x = 1', new_string: 'x = 2', replace_all: true })
    expect(all.content).toMatch(/updated \(2 replacements\)/)
    expect(bytes(dir, 'a.txt')).toBe(visible('x = 2\r\ny\r\nx = 2\r\n'))
  })

  it('refuses old_string equal to new_string, and a missing file', async () => {
    const dir = project({ 'a.txt': 'x\n' })
    const t = claude(dir)
    await read(t, 'a.txt')
    expect(await t.Edit.execute({ file_path: 'a.txt', old_string: 'x', new_string: 'x' })).toEqual({
      content: 'No changes to make: old_string and new_string are exactly the same.',
      is_error: true,
    })
    const missing = await t.Edit.execute({ file_path: 'nope.txt', old_string: 'x', new_string: 'y' })
    expect(missing.content).toMatch(/^File does not exist: nope\.txt\./)
  })

  it('creates a file with an empty old_string, and refuses that on an existing file with content', async () => {
    const dir = project({ 'full.txt': 'x\r\n', 'empty.txt': '' })
    const t = claude(dir)
    expect((await t.Edit.execute({ file_path: 'new.txt', old_string: '', new_string: 'a\nb\n' })).content).toMatch(/^File created successfully at: new\.txt/)
    expect(bytes(dir, 'new.txt')).toBe(visible('a\nb\n'))
    await read(t, 'full.txt')
    const r = await t.Edit.execute({ file_path: 'full.txt', old_string: '', new_string: 'y\n' })
    expect(r.is_error).toBe(true)
    expect(r.content).toMatch(/already exists/)
    expect(bytes(dir, 'full.txt')).toBe(visible('x\r\n'))
    await read(t, 'empty.txt')
    expect((await t.Edit.execute({ file_path: 'empty.txt', old_string: '', new_string: 'filled\n' })).is_error).toBeUndefined()
    expect(bytes(dir, 'empty.txt')).toBe(visible('filled\n'))
  })

  it('MultiEdit applies its edits in order, all or nothing, naming the one that failed', async () => {
    const dir = project({ 'm.txt': 'a\r\nb\r\nc\r\n' })
    const t = claude(dir)
    await read(t, 'm.txt')
    const bad = await t.MultiEdit.execute({
      file_path: 'm.txt',
      edits: [
        { old_string: 'a', new_string: 'A' },
        { old_string: 'zzz', new_string: 'Z' },
      ],
    })
    expect(bad.is_error).toBe(true)
    expect(bad.content).toMatch(/^edit #2 \(edits\[1\]\) failed/)
    expect(bytes(dir, 'm.txt')).toBe(visible('a\r\nb\r\nc\r\n'))
    const ok = await t.MultiEdit.execute({
      file_path: 'm.txt',
      edits: [
        { old_string: 'a', new_string: 'A' },
        { old_string: 'A\nb', new_string: 'A\nB\nb2' },
      ],
    })
    expect(ok.content).toBe('Applied 2 edits to m.txt:\n1. Replaced "a" with "A"\n2. Replaced "A…" with "A…"')
    expect(bytes(dir, 'm.txt')).toBe(visible('A\r\nB\r\nb2\r\nc\r\n'))
  })

  it('MultiEdit creates a file when its first edit has an empty old_string', async () => {
    const dir = project()
    const t = claude(dir)
    const r = await t.MultiEdit.execute({
      file_path: 'n.py',
      edits: [
        { old_string: '', new_string: 'def f():\n    return 1\n' },
        { old_string: 'return 1', new_string: 'return 2' },
      ],
    })
    expect(r.content).toMatch(/^Created n\.py with 2 edits:/)
    expect(bytes(dir, 'n.py')).toBe(visible('def f():\n    return 2\n'))
    const later = await t.MultiEdit.execute({ file_path: 'n.py', edits: [{ old_string: 'def', new_string: 'async def' }, { old_string: '', new_string: 'x' }] })
    expect(later.content).toMatch(/^edit #2 \(edits\[1\]\) has an empty old_string/)
  })

  it('Write overwrites a file keeping its endings and BOM, and needs a read first', async () => {
    const dir = project({ 'w.txt': `${BOM}x\r\ny\r\n` })
    const t = claude(dir)
    expect((await t.Write.execute({ file_path: 'w.txt', content: 'x\nz\n' })).is_error).toBe(true)
    await read(t, 'w.txt')
    const r = await t.Write.execute({ file_path: 'w.txt', content: 'x\nz\n' })
    expect(r.content).toMatch(/^The file w\.txt has been updated\. Its line endings \(CRLF\), BOM and encoding were kept\./)
    expect(bytes(dir, 'w.txt')).toBe(visible(`${BOM}x\r\nz\r\n`))
  })

  it('lets a model paste cat -n prefixes into old_string: they are removed when the text is not found', async () => {
    const dir = project({ 'p.txt': 'one\r\ntwo\r\n' })
    const t = claude(dir)
    await read(t, 'p.txt')
    const r = await t.Edit.execute({ file_path: 'p.txt', old_string: '     2\ttwo', new_string: '     2\tTWO' })
    expect(r.content).toMatch(/line-number prefixes were removed/)
    expect(bytes(dir, 'p.txt')).toBe(visible('one\r\nTWO\r\n'))
  })

  it('quotes the closest region in cat -n form when old_string is not found', async () => {
    const dir = project({ 'c.c': 'int Add(int a, int b) {\n  return a + b;\n}\nint Sub(int a, int b) {\n  return a - b;\n}\n' })
    const t = claude(dir)
    await read(t, 'c.c')
    const r = await t.Edit.execute({ file_path: 'c.c', old_string: 'int Sub(int x, int y) {\n  return x - y;\n}', new_string: 'x' })
    expect(r.is_error).toBe(true)
    expect(r.content).toContain('     4\tint Sub(int a, int b) {')
  })
})

describe('a model turn on the claude-code shape: a miss, then a retry that lands', () => {
  const files: Array<[string, string | Buffer, string | Buffer]> = [
    ['CRLF', 'if (a) {\r\n  go();\r\n}\r\n', 'if (a) {\r\n  stop();\r\n}\r\n'],
    ['mixed', 'if (a) {\n  go();\r\n}\n', 'if (a) {\n  stop();\r\n}\n'],
    ['lone CR', 'if (a) {\r  go();\r}\r', 'if (a) {\r  stop();\r}\r'],
    ['BOM', `${BOM}if (a) {\r\n  go();\r\n}\r\n`, `${BOM}if (a) {\r\n  stop();\r\n}\r\n`],
    ['windows-1252', cp1252('// \u00e9t\u00e9\r\n  go();\r\n'), cp1252('// \u00e9t\u00e9\r\n  stop();\r\n')],
  ]
  it.each(files)('%s', async (_name, content, expected) => {
    const dir = project({ 'f.js': content })
    const t = claude(dir)
    await read(t, 'f.js')
    const miss = await t.Edit.execute({ file_path: 'f.js', old_string: '  go(1);', new_string: '  stop();' })
    expect(miss.is_error).toBe(true)
    expect(miss.content).toContain('go();')
    const hit = await t.Edit.execute({ file_path: 'f.js', old_string: '  go();', new_string: '  stop();' })
    expect(hit.is_error).toBeUndefined()
    expect(bytes(dir, 'f.js')).toBe(visible(expected))
  })

  it('sees a file changed on disk since it was read, and lands after reading again', async () => {
    const dir = project({ 'f.txt': 'a\r\nb\r\n' })
    const t = claude(dir)
    await read(t, 'f.txt')
    fs.appendFileSync(path.join(dir, 'f.txt'), 'c\r\n')
    const stale = await t.Edit.execute({ file_path: 'f.txt', old_string: 'b', new_string: 'B' })
    expect(stale.content).toMatch(/\+ +3\tc/)
    await read(t, 'f.txt')
    await t.Edit.execute({ file_path: 'f.txt', old_string: 'b', new_string: 'B' })
    expect(bytes(dir, 'f.txt')).toBe(visible('a\r\nB\r\nc\r\n'))
  })
})
