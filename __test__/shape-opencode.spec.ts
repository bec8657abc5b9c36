// The 'opencode' shape: OpenCode's read, write, edit and apply_patch, driven as
// OpenCode drives its tools (execute(params, ctx), a failure thrown as an Error whose
// message the model reads), with OpenCode's own edit test cases (facts and data from
// its packages/opencode/test/tool/edit.test.ts) and the bytes on disk checked after
// each call: CRLF, mixed, lone-CR, BOM and windows-1252 files keep what the edit did
// not touch.

import * as fs from 'node:fs'
import * as path from 'node:path'

import { afterAll, describe, expect, it } from 'vitest'

import { createTools as createToolsUnrecorded, type CreateToolsOptions, type OpenCodeTools } from '../tools.js'
import { BOM, bytes, cp1252, problemsIn, project, recording, visible } from './support/shapes.js'

const texts: Array<{ tool: string; text: string }> = []

/** OpenCode's tools, every result recorded. Its tests run without the read-before-edit check unless they test it. */
function opencode(root: string, options: CreateToolsOptions = {}): OpenCodeTools {
  return recording(createToolsUnrecorded({ shape: 'opencode', root, requireRead: false, ...options }), texts)
}

/** OpenCode's Tool.Context, as OpenCode passes it to every execute. */
const ctx = { sessionID: 'ses_test', messageID: '', callID: '', agent: 'build', abort: new AbortController().signal, messages: [], metadata: () => {}, ask: () => {} }

afterAll(() => {
  // Every message and hint the model read names only OpenCode's tools and arguments.
  expect(problemsIn(texts, 'opencode')).toEqual([])
})

describe('the opencode shape', () => {
  it("has OpenCode's tools with OpenCode's argument names", () => {
    const t = opencode(project())
    expect(Object.keys(t)).toEqual(['read', 'write', 'edit', 'apply_patch'])
    expect(Object.values(t).map((x) => x.name)).toEqual(['read', 'write', 'edit', 'apply_patch'])
    expect(Object.keys(t.edit.parameters.properties)).toEqual(['filePath', 'oldString', 'newString', 'replaceAll', 'allow', 'encoding'])
    expect(t.edit.parameters.required).toEqual(['filePath', 'oldString', 'newString'])
    expect(Object.keys(t.read.parameters.properties)).toEqual(['filePath', 'offset', 'limit', 'encoding'])
    expect(Object.keys(t.write.parameters.properties)).toEqual(['filePath', 'content', 'allow', 'encoding'])
    expect(Object.keys(t.apply_patch.parameters.properties)).toEqual(['patchText', 'allow', 'encoding'])
    for (const tool of Object.values(t)) expect(tool.description).not.toMatch(/old_text|read_file|write_file|edit_file/)
  })

  it('refuses an edit of a file the model has not read, as OpenCode does, and takes it once read', async () => {
    const dir = project({ 'a.txt': 'one\r\ntwo\r\n' })
    const t = recording(createToolsUnrecorded({ shape: 'opencode', root: dir }), texts)
    const unread = t.edit.execute({ filePath: 'a.txt', oldString: 'two', newString: 'TWO' }, ctx)
    await expect(unread).rejects.toMatchObject({ code: 'FILE_CHANGED', message: expect.stringMatching(/Read it with the read tool first/) })
    await t.read.execute({ filePath: 'a.txt' }, ctx)
    await t.edit.execute({ filePath: 'a.txt', oldString: 'two', newString: 'TWO' }, ctx)
    expect(bytes(dir, 'a.txt')).toBe(visible('one\r\nTWO\r\n'))
  })

  it("throws an Error whose message is what the model reads, with the library's code", async () => {
    const dir = project({ 'a.txt': 'alpha\nbeta\n' })
    const t = opencode(dir)
    const thrown = await t.edit.execute({ filePath: 'a.txt', oldString: 'gamma', newString: 'x' }, ctx).catch((e: unknown) => e)
    expect(thrown).toBeInstanceOf(Error)
    expect(thrown).toMatchObject({ code: 'TEXT_NOT_FOUND', path: 'a.txt' })
    expect((thrown as Error).message).toMatch(/^oldString was not found in the file/)
    expect((thrown as Error).message).toContain('the read tool')
  })

  it("takes OpenCode's whole tool context and cancels on its abort signal", async () => {
    const dir = project({ 'a.txt': 'a\n' })
    const t = opencode(dir)
    const controller = new AbortController()
    controller.abort()
    await expect(t.write.execute({ filePath: 'a.txt', content: 'b\n' }, { ...ctx, abort: controller.signal })).rejects.toMatchObject({ code: 'REJECTED' })
    expect(bytes(dir, 'a.txt')).toBe(visible('a\n'))
  })
})

// OpenCode's own edit tests, as data: the same files, calls and expectations.
describe("OpenCode's edit tests through the opencode shape", () => {
  it('creates new file when oldString is empty', async () => {
    const dir = project()
    const r = await opencode(dir).edit.execute({ filePath: path.join(dir, 'newfile.txt'), oldString: '', newString: 'new content' }, ctx)
    expect(r.metadata.diff).toContain('new content')
    expect(fs.readFileSync(path.join(dir, 'newfile.txt'), 'utf8')).toBe('new content')
  })

  it('preserves BOM when oldString is empty on existing files', async () => {
    const dir = project({ 'existing.cs': `${BOM}using System;\n` })
    const r = await opencode(dir).edit.execute({ filePath: path.join(dir, 'existing.cs'), oldString: '', newString: 'using Up;\n' }, ctx)
    expect(r.metadata.diff).toContain('-using System;')
    expect(r.metadata.diff).toContain('+using Up;')
    const content = fs.readFileSync(path.join(dir, 'existing.cs'), 'utf8')
    expect(content.charCodeAt(0)).toBe(0xfeff)
    expect(content.slice(1)).toBe('using Up;\n')
  })

  it('creates new file with nested directories', async () => {
    const dir = project()
    await opencode(dir).edit.execute({ filePath: path.join(dir, 'nested', 'dir', 'file.txt'), oldString: '', newString: 'nested file' }, ctx)
    expect(fs.readFileSync(path.join(dir, 'nested', 'dir', 'file.txt'), 'utf8')).toBe('nested file')
  })

  it('replaces text in existing file', async () => {
    const dir = project({ 'existing.txt': 'old content here' })
    const r = await opencode(dir).edit.execute({ filePath: path.join(dir, 'existing.txt'), oldString: 'old content', newString: 'new content' }, ctx)
    expect(r.output).toContain('Edit applied successfully')
    expect(fs.readFileSync(path.join(dir, 'existing.txt'), 'utf8')).toBe('new content here')
  })

  it('replaces the first visible line in BOM files', async () => {
    const dir = project({ 'existing.cs': `${BOM}using System;\nclass Test {}\n` })
    const r = await opencode(dir).edit.execute({ filePath: path.join(dir, 'existing.cs'), oldString: 'using System;', newString: 'using Up;' }, ctx)
    expect(r.metadata.diff).toContain('-using System;')
    expect(r.metadata.diff).toContain('+using Up;')
    expect(r.metadata.diff).not.toContain(BOM)
    const content = fs.readFileSync(path.join(dir, 'existing.cs'), 'utf8')
    expect(content.charCodeAt(0)).toBe(0xfeff)
    expect(content.slice(1)).toBe('using Up;\nclass Test {}\n')
  })

  it('throws error when file does not exist', async () => {
    const dir = project()
    await expect(opencode(dir).edit.execute({ filePath: path.join(dir, 'nonexistent.txt'), oldString: 'old', newString: 'new' }, ctx)).rejects.toThrow('not found')
  })

  it('throws error when oldString equals newString', async () => {
    const dir = project({ 'file.txt': 'content' })
    const t = opencode(dir)
    await expect(t.edit.execute({ filePath: path.join(dir, 'file.txt'), oldString: 'same', newString: 'same' }, ctx)).rejects.toThrow('identical')
    await expect(t.edit.execute({ filePath: path.join(dir, 'file.txt'), oldString: '', newString: '' }, ctx)).rejects.toThrow('identical')
    expect(fs.readFileSync(path.join(dir, 'file.txt'), 'utf8')).toBe('content')
  })

  it('throws error when oldString not found in file', async () => {
    const dir = project({ 'file.txt': 'actual content' })
    await expect(opencode(dir).edit.execute({ filePath: path.join(dir, 'file.txt'), oldString: 'not in file', newString: 'replacement' }, ctx)).rejects.toThrow()
    expect(fs.readFileSync(path.join(dir, 'file.txt'), 'utf8')).toBe('actual content')
  })

  it('replaces all occurrences with replaceAll option', async () => {
    const dir = project({ 'file.txt': 'foo bar foo baz foo' })
    await opencode(dir).edit.execute({ filePath: path.join(dir, 'file.txt'), oldString: 'foo', newString: 'qux', replaceAll: true }, ctx)
    expect(fs.readFileSync(path.join(dir, 'file.txt'), 'utf8')).toBe('qux bar qux baz qux')
  })

  it('handles multiline replacements', async () => {
    const dir = project({ 'file.txt': 'line1\nline2\nline3' })
    await opencode(dir).edit.execute({ filePath: path.join(dir, 'file.txt'), oldString: 'line2', newString: 'new line 2\nextra line' }, ctx)
    expect(fs.readFileSync(path.join(dir, 'file.txt'), 'utf8')).toBe('line1\nnew line 2\nextra line\nline3')
  })

  it('handles CRLF line endings', async () => {
    const dir = project({ 'file.txt': 'line1\r\nold\r\nline3' })
    await opencode(dir).edit.execute({ filePath: path.join(dir, 'file.txt'), oldString: 'old', newString: 'new' }, ctx)
    expect(fs.readFileSync(path.join(dir, 'file.txt'), 'utf8')).toBe('line1\r\nnew\r\nline3')
  })

  it('throws error when path is directory (a folder, in our words)', async () => {
    const dir = project()
    fs.mkdirSync(path.join(dir, 'adir'))
    await expect(opencode(dir).edit.execute({ filePath: path.join(dir, 'adir'), oldString: 'old', newString: 'new' }, ctx)).rejects.toMatchObject({
      code: 'NOT_A_FILE',
      message: expect.stringContaining('is a folder'),
    })
  })

  it('tracks file diff statistics', async () => {
    const dir = project({ 'file.txt': 'line1\nline2\nline3' })
    const filepath = path.join(dir, 'file.txt')
    const r = await opencode(dir).edit.execute({ filePath: filepath, oldString: 'line2', newString: 'new line a\nnew line b' }, ctx)
    const filediff = r.metadata.filediff as { file: string; additions: number; deletions: number }
    expect(filediff.file).toBe(filepath)
    expect(filediff.additions).toBeGreaterThan(0)
    expect(filediff.deletions).toBe(1)
  })

  it('counts a removed line that reads like a diff header (-- x) as a deletion', async () => {
    // A removed "-- x" is "--- x" in the diff and an added "++ x" is "+++ x": lines of
    // the change, not the diff's header.
    const dir = project({ 'schema.sql': 'select 1;\r\n-- x\r\nselect 2;\r\n' })
    const filepath = path.join(dir, 'schema.sql')
    const r = await opencode(dir).edit.execute({ filePath: filepath, oldString: '-- x', newString: '++ x' }, ctx)
    const filediff = r.metadata.filediff as { additions: number; deletions: number }
    expect(filediff).toMatchObject({ additions: 1, deletions: 1 })
    expect(fs.readFileSync(filepath, 'latin1')).toBe('select 1;\r\n++ x\r\nselect 2;\r\n')
  })

  // OpenCode's "line endings" cases: the file's endings win whatever the model wrote.
  const old = 'alpha\nbeta\ngamma'
  const next = 'alpha\nbeta-updated\ngamma'
  const alt = 'alpha\nbeta\nomega'
  const normalize = (text: string, ending: '\n' | '\r\n') => (ending === '\n' ? text.replaceAll('\r\n', '\n') : text.replaceAll('\r\n', '\n').replaceAll('\n', '\r\n'))
  const cases: Array<{ name: string; content: string; oldString: string; newString: string; replaceAll?: boolean; expected: string }> = [
    { name: 'preserves LF with LF multi-line strings', content: normalize(old + '\n', '\n'), oldString: old, newString: next, expected: normalize(next + '\n', '\n') },
    {
      name: 'preserves CRLF with CRLF multi-line strings',
      content: normalize(old + '\n', '\r\n'),
      oldString: normalize(old, '\r\n'),
      newString: normalize(next, '\r\n'),
      expected: normalize(next + '\n', '\r\n'),
    },
    {
      name: 'preserves LF when old/new use CRLF',
      content: normalize(old + '\n', '\n'),
      oldString: normalize(old, '\r\n'),
      newString: normalize(next, '\r\n'),
      expected: normalize(next + '\n', '\n'),
    },
    { name: 'preserves CRLF when old/new use LF', content: normalize(old + '\n', '\r\n'), oldString: old, newString: next, expected: normalize(next + '\n', '\r\n') },
    { name: 'preserves LF when newString uses CRLF', content: normalize(old + '\n', '\n'), oldString: old, newString: normalize(next, '\r\n'), expected: normalize(next + '\n', '\n') },
    {
      name: 'preserves CRLF when newString uses LF',
      content: normalize(old + '\n', '\r\n'),
      oldString: normalize(old, '\r\n'),
      newString: next,
      expected: normalize(next + '\n', '\r\n'),
    },
    {
      name: 'preserves LF with mixed old/new line endings',
      content: normalize(old + '\n', '\n'),
      oldString: 'alpha\nbeta\r\ngamma',
      newString: 'alpha\r\nbeta\nomega',
      expected: normalize(alt + '\n', '\n'),
    },
    {
      name: 'preserves CRLF with mixed old/new line endings',
      content: normalize(old + '\n', '\r\n'),
      oldString: 'alpha\r\nbeta\ngamma',
      newString: 'alpha\nbeta\r\nomega',
      expected: normalize(alt + '\n', '\r\n'),
    },
    {
      name: 'replaceAll preserves LF for multi-line blocks',
      content: 'alpha\nbeta\nalpha\nbeta\n',
      oldString: 'alpha\nbeta',
      newString: 'alpha\nbeta-updated',
      replaceAll: true,
      expected: 'alpha\nbeta-updated\nalpha\nbeta-updated\n',
    },
    {
      name: 'replaceAll preserves CRLF for multi-line blocks',
      content: 'alpha\r\nbeta\r\nalpha\r\nbeta\r\n',
      oldString: 'alpha\r\nbeta',
      newString: 'alpha\r\nbeta-updated',
      replaceAll: true,
      expected: 'alpha\r\nbeta-updated\r\nalpha\r\nbeta-updated\r\n',
    },
  ]
  it.each(cases)('$name', async ({ content, oldString, newString, replaceAll, expected }) => {
    const dir = project({ 'test.txt': content })
    await opencode(dir).edit.execute({ filePath: path.join(dir, 'test.txt'), oldString, newString, replaceAll }, ctx)
    expect(bytes(dir, 'test.txt')).toBe(visible(expected))
  })

  it('preserves concurrent edits to different sections of the same file', async () => {
    const dir = project({ 'file.txt': 'top = 0\nmiddle = keep\nbottom = 0\n' })
    const t = opencode(dir)
    const results = await Promise.allSettled([
      t.edit.execute({ filePath: path.join(dir, 'file.txt'), oldString: 'top = 0', newString: 'top = 1' }, ctx),
      t.edit.execute({ filePath: path.join(dir, 'file.txt'), oldString: 'bottom = 0', newString: 'bottom = 2' }, ctx),
    ])
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled'])
    expect(fs.readFileSync(path.join(dir, 'file.txt'), 'utf8')).toBe('top = 1\nmiddle = keep\nbottom = 2\n')
  })
})

describe('what the opencode shape keeps that a plain string replace would damage', () => {
  it('keeps each line its own ending in a mixed file, the new line taking the ending around it', async () => {
    const dir = project({ 'm.txt': 'a\nb\r\nc\r\nd\n' })
    await opencode(dir).edit.execute({ filePath: 'm.txt', oldString: 'b\nc\nd', newString: 'b\nB2\nc\nD' }, ctx)
    expect(bytes(dir, 'm.txt')).toBe(visible('a\nb\r\nB2\r\nc\r\nD\n'))
  })

  it('keeps lone CR endings', async () => {
    const dir = project({ 'cr.txt': 'one\rtwo\rthree\r' })
    await opencode(dir).edit.execute({ filePath: 'cr.txt', oldString: 'two', newString: 'TWO\nextra' }, ctx)
    expect(bytes(dir, 'cr.txt')).toBe(visible('one\rTWO\rextra\rthree\r'))
  })

  it('keeps a windows-1252 file in windows-1252, and says how it read it', async () => {
    const dir = project({ 'l.txt': cp1252('caf\u00e9 = \u201cyes\u201d\r\nother\r\n') })
    const t = opencode(dir)
    const read = await t.read.execute({ filePath: 'l.txt' }, ctx)
    expect(read.output).toContain('1: caf\u00e9 = \u201cyes\u201d')
    expect(read.output).toMatch(/Warning: .*windows-1252/)
    await t.edit.execute({ filePath: 'l.txt', oldString: 'caf\u00e9 = \u201cyes\u201d', newString: 'caf\u00e9 = \u201cno\u201d' }, ctx)
    expect(fs.readFileSync(path.join(dir, 'l.txt'))).toEqual(cp1252('caf\u00e9 = \u201cno\u201d\r\nother\r\n'))
  })

  it('matches a model that typed straight quotes for curly ones, and keeps the lines it did not change', async () => {
    const dir = project({ 'q.txt': 'say \u201chi\u201d  \r\nkeep\u00a0this\r\n' })
    const r = await opencode(dir).edit.execute({ filePath: 'q.txt', oldString: 'say "hi"\nkeep this', newString: 'say "bye"\nkeep this' }, ctx)
    expect(r.output).toMatch(/Note: matched only after/)
    // The changed line keeps the quotes and trailing spaces the model left alone.
    expect(bytes(dir, 'q.txt')).toBe(visible('say \u201cbye\u201d  \r\nkeep\u00a0this\r\n'))
  })

  it('writes a whole file over a CRLF one keeping CRLF, and a new file with LF', async () => {
    const dir = project({ 'w.txt': 'x\r\ny\r\n' })
    const t = opencode(dir)
    const r = await t.write.execute({ filePath: 'w.txt', content: 'x\nY\nz\n' }, ctx)
    expect(r.output).toMatch(/^Wrote file successfully\./)
    expect(bytes(dir, 'w.txt')).toBe(visible('x\r\nY\r\nz\r\n'))
    await t.write.execute({ filePath: 'new/n.txt', content: 'a\nb\n' }, ctx)
    expect(bytes(dir, 'new/n.txt')).toBe(visible('a\nb\n'))
  })

  it('applies a patch (patchText) to a CRLF file, all or nothing', async () => {
    const dir = project({ 'a.txt': 'one\r\ntwo\r\n', 'b.txt': 'x\n' })
    const t = opencode(dir)
    const r = await t.apply_patch.execute({ patchText: '*** Begin Patch\n*** Update File: a.txt\n@@\n-two\n+TWO\n*** Add File: c.txt\n+new\n*** End Patch\n' }, ctx)
    expect(r.output).toBe('Success. Updated these files:\nM a.txt\nA c.txt')
    expect(bytes(dir, 'a.txt')).toBe(visible('one\r\nTWO\r\n'))
    const bad = t.apply_patch.execute({ patchText: '*** Begin Patch\n*** Update File: a.txt\n@@\n-one\n+ONE\n*** Update File: b.txt\n@@\n-missing\n+y\n*** End Patch\n' }, ctx)
    await expect(bad).rejects.toMatchObject({ code: 'TEXT_NOT_FOUND' })
    expect(bytes(dir, 'a.txt')).toBe(visible('one\r\nTWO\r\n'))
  })
})

describe("the opencode shape's read", () => {
  it('numbers lines as OpenCode does, between <path>, <type> and <content>, with the endings shown as \\n', async () => {
    const dir = project({ 'r.txt': 'a\r\nb\r\nc\r\n' })
    const r = await opencode(dir).read.execute({ filePath: 'r.txt' }, ctx)
    expect(r.output).toBe(`<path>${path.join(dir, 'r.txt')}</path>\n<type>file</type>\n<content>\n1: a\n2: b\n3: c\n\n(End of file: 3 lines)\n</content>`)
    expect(r.title).toBe('r.txt')
  })

  it('reads a part with offset and limit, and says how to read on', async () => {
    const dir = project({ 'r.txt': 'a\nb\nc\nd\n' })
    const r = await opencode(dir).read.execute({ filePath: 'r.txt', offset: 2, limit: 2 }, ctx)
    expect(r.output).toContain('2: b\n3: c\n\n(Showing lines 2-3 of 4. Use offset=4 to continue.)')
    expect(r.metadata.truncated).toBe(true)
    await expect(opencode(dir).read.execute({ filePath: 'r.txt', offset: 9 }, ctx)).rejects.toThrow(/offset 9 is past the end/)
  })

  it('lets a model paste its "N: " prefixes into oldString: they are removed when the text is not found', async () => {
    const dir = project({ 'p.txt': 'one\r\ntwo\r\nthree\r\n' })
    const r = await opencode(dir).edit.execute({ filePath: 'p.txt', oldString: '2: two\n3: three', newString: '2: TWO\n3: three' }, ctx)
    expect(r.output).toMatch(/line numbers of read's output were removed/)
    expect(bytes(dir, 'p.txt')).toBe(visible('one\r\nTWO\r\nthree\r\n'))
  })
})

describe('a model turn on the opencode shape: a miss, then a retry that lands', () => {
  const files: Array<[string, string | Buffer, string, string, string | Buffer]> = [
    ['CRLF', 'function f() {\r\n  return 1;\r\n}\r\n', '  return 1;', '  return 2;', 'function f() {\r\n  return 2;\r\n}\r\n'],
    ['mixed', 'function f() {\n  return 1;\r\n}\n', '  return 1;', '  return 2;', 'function f() {\n  return 2;\r\n}\n'],
    ['BOM', `${BOM}function f() {\r\n  return 1;\r\n}\r\n`, '  return 1;', '  return 2;', `${BOM}function f() {\r\n  return 2;\r\n}\r\n`],
    ['windows-1252', cp1252('// caf\u00e9\r\n  return 1;\r\n'), '  return 1;', '  return 2;', cp1252('// caf\u00e9\r\n  return 2;\r\n')],
  ]
  it.each(files)('%s', async (_name, content, oldString, newString, expected) => {
    const dir = project({ 'f.js': content })
    const t = recording(createToolsUnrecorded({ shape: 'opencode', root: dir }), texts)
    await t.read.execute({ filePath: 'f.js' }, ctx)
    // The model misremembers the line: the Error it reads points at the closest one.
    const miss = await t.edit.execute({ filePath: 'f.js', oldString: '  return one;', newString }, ctx).catch((e: Error) => e)
    expect(miss).toMatchObject({ code: 'TEXT_NOT_FOUND' })
    expect((miss as Error).message).toContain('return 1;')
    await t.edit.execute({ filePath: 'f.js', oldString, newString }, ctx)
    expect(bytes(dir, 'f.js')).toBe(visible(expected))
  })
})
