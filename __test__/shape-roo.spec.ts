// The 'roo' shape: Roo Code's read_file, write_to_file and apply_diff, driven with
// Roo's arguments (path, start_line, end_line, content, line_count, diff) and answering
// with the text its model reads (read_file's lines as `12 | text`, a failure inside
// `<error_details>`), with Roo's own multi-search-replace cases (facts and data from its
// src/core/diff/strategies/__tests__/multi-search-replace*.spec.ts) and the bytes on
// disk checked after each call: `:start_line:` choosing between equal regions, blocks
// all or nothing.

import * as fs from 'node:fs'
import * as path from 'node:path'

import { afterAll, describe, expect, it } from 'vitest'

import { createTools as createToolsUnrecorded, type CreateToolsOptions, type RooTools } from '../tools.js'
import { BOM, bytes, cp1252, problemsIn, project, recording, shapeOutputProblems, visible } from './support/shapes.js'

const texts: Array<{ tool: string; text: string }> = []

/** Roo's tools, every result recorded. */
function roo(root: string, options: CreateToolsOptions = {}): RooTools {
  return recording(createToolsUnrecorded({ shape: 'roo', root, ...options }), texts)
}

afterAll(() => {
  // Every message and hint the model read names only Roo's tools and arguments, and no patch words.
  expect(problemsIn(texts, 'roo')).toEqual([])
})

const failed = (text: string) => text.startsWith('Unable to apply the diff') || text.startsWith('apply_diff failed')

/** A file, one apply_diff call on it, and what is on disk after. */
async function apply(original: string, diff: string, more: { start_line?: number } = {}): Promise<{ text: string; after: string }> {
  const dir = project({ 'f.txt': original })
  const text = await roo(dir).apply_diff.execute({ path: 'f.txt', diff, ...more })
  return { text, after: fs.readFileSync(path.join(dir, 'f.txt'), 'utf8') }
}

/** A block in Roo's form, with a `:start_line:` hint when given. */
function block(search: string, replace: string, startLine?: number): string {
  const hint = startLine === undefined ? '' : `:start_line:${startLine}\n-------\n`
  return `<<<<<<< SEARCH\n${hint}${search}\n=======\n${replace}\n>>>>>>> REPLACE`
}

describe('the roo shape', () => {
  it("has Roo's tools with its argument names", () => {
    const t = roo(project())
    expect(Object.keys(t)).toEqual(['read_file', 'write_to_file', 'apply_diff'])
    expect(Object.values(t).map((x) => x.name)).toEqual(['read_file', 'write_to_file', 'apply_diff'])
    expect(Object.keys(t.apply_diff.parameters.properties)).toEqual(['path', 'allow', 'encoding', 'diff'])
    expect(t.apply_diff.parameters.required).toEqual(['path', 'diff'])
    expect(Object.keys(t.read_file.parameters.properties)).toEqual(['path', 'start_line', 'end_line', 'encoding'])
    expect(Object.keys(t.write_to_file.parameters.properties)).toEqual(['path', 'content', 'allow', 'encoding', 'line_count'])
    expect(t.write_to_file.parameters.required).toEqual(['path', 'content'])
    for (const tool of Object.values(t)) expect(shapeOutputProblems(tool.description, 'roo')).toEqual([])
  })

  it(':start_line: chooses between equal regions: the one nearest the hint changes', async () => {
    const original = 'function f() {\n  return 1;\n}\n\nfunction g() {\n  return 1;\n}\n'
    const second = await apply(original, block('  return 1;', '  return 2;', 6))
    expect(failed(second.text) ? second.text : '').toBe('')
    expect(second.after).toBe('function f() {\n  return 1;\n}\n\nfunction g() {\n  return 2;\n}\n')
    const first = await apply(original, block('  return 1;', '  return 2;', 1))
    expect(first.after).toBe('function f() {\n  return 2;\n}\n\nfunction g() {\n  return 1;\n}\n')
  })

  it('refuses equal regions without a hint, and a hint equally near two of them, naming the lines', async () => {
    const original = 'x\na\nx\nb\nx\n'
    const none = await apply(original, block('x', 'X'))
    expect(none.text).toMatch(/^Unable to apply the diff to f\.txt; the file was not changed\.\n\n<error_details>\n/)
    expect(none.text).toMatch(/match(es)? 3 places, at lines 1, 3, 5/)
    expect(none.text).toContain(':start_line:')
    const tie = await apply(original, block('x', 'X', 2))
    expect(tie.text).toMatch(/lines 1 and 3 are equally near its :start_line: 2/)
    expect(tie.after).toBe(original)
  })

  it("the start_line argument is a hint for every block without its own", async () => {
    const r = await apply('k = 0\nk = 0\nk = 0\n', block('k = 0', 'k = 1'), { start_line: 3 })
    expect(r.after).toBe('k = 0\nk = 0\nk = 1\n')
  })

  it('applies several hinted blocks on equal regions, all or nothing', async () => {
    const original = 'v\nv\nv\nv\n'
    const both = await apply(original, `${block('v', 'first', 1)}\n${block('v', 'last', 4)}`)
    expect(both.after).toBe('first\nv\nv\nlast\n')
    const bad = await apply(original, `${block('v', 'first', 1)}\n${block('nope', 'x', 3)}`)
    expect(failed(bad.text)).toBe(true)
    expect(bad.text).toContain('SEARCH block #2')
    expect(bad.after).toBe(original)
  })

  it(':start_line: on a later block chooses between equal regions as on the first, and a later block without one is refused', async () => {
    const original = 'x\na\nx\n'
    const first = await apply(original, `${block('a', 'A')}\n${block('x', 'X', 1)}`)
    expect(failed(first.text) ? first.text : '').toBe('')
    expect(first.after).toBe('X\nA\nx\n')
    const last = await apply(original, `${block('a', 'A')}\n${block('x', 'X', 3)}`)
    expect(last.after).toBe('x\nA\nX\n')
    const none = await apply(original, `${block('a', 'A')}\n${block('x', 'X')}`)
    expect(none.text).toMatch(/SEARCH block #2: its SEARCH lines match 2 places, at lines 1, 3\./)
    expect(none.after).toBe(original)
  })

  it('takes a backslash before a whole marker line only: `\\---` is Markdown, `\\-------` the line after :start_line:', async () => {
    const md = await apply('---\n\\---\n', block('\\---', 'X', 2))
    expect(failed(md.text) ? md.text : '').toBe('')
    expect(md.after).toBe('---\nX\n')
    const rule = await apply('a\n-------\nb\n', block('\\-------\nb', 'B', 2))
    expect(failed(rule.text) ? rule.text : '').toBe('')
    expect(rule.after).toBe('a\nB\n')
  })

  it('refuses a block whose SEARCH and REPLACE are the same, as Roo does', async () => {
    const r = await apply('a\nb\n', block('a', 'a'))
    expect(r.text).toMatch(/SEARCH block #1 has the same SEARCH and REPLACE lines/)
  })

  it('read_file numbers lines as `N | text` inside <file>, and reads a part with start_line and end_line', async () => {
    const dir = project({ 'r.txt': 'a\r\nb\r\nc\r\n', 'e.txt': '' })
    const t = roo(dir)
    expect(await t.read_file.execute({ path: 'r.txt' })).toBe('<file><path>r.txt</path>\n<content lines="1-3">\n1 | a\n2 | b\n3 | c\n</content>\n</file>')
    const part = await t.read_file.execute({ path: 'r.txt', start_line: 2, end_line: 2 })
    expect(part).toBe('<file><path>r.txt</path>\n<content lines="2-2">\n2 | b\n</content>\n<notice>Lines 2-2 of 3 are shown; read on with start_line 3.</notice>\n</file>')
    expect(await t.read_file.execute({ path: 'e.txt' })).toContain('<notice>The file is empty.</notice>')
    expect(await t.read_file.execute({ path: 'r.txt', start_line: 3, end_line: 1 })).toMatch(/end_line 1 is before start_line 3/)
  })

  it('write_to_file refuses content with fewer lines than line_count, and keeps CRLF and BOM', async () => {
    const dir = project({ 'w.txt': `${BOM}x\r\ny\r\n` })
    const t = roo(dir)
    const cut = await t.write_to_file.execute({ path: 'w.txt', content: 'x\n', line_count: 3 })
    expect(cut).toMatch(/The content has 1 lines, but line_count says 3: it looks cut off/)
    expect(bytes(dir, 'w.txt')).toBe(visible(`${BOM}x\r\ny\r\n`))
    expect(await t.write_to_file.execute({ path: 'w.txt', content: 'x\nz\n', line_count: 2 })).toBe(
      'The content was saved to w.txt. Its line endings (CRLF), BOM and encoding were kept.',
    )
    expect(bytes(dir, 'w.txt')).toBe(visible(`${BOM}x\r\nz\r\n`))
  })

  it('requires diff, and changes only a file that exists', async () => {
    const dir = project({ 'a.txt': 'a\n' })
    const t = roo(dir)
    expect(await t.apply_diff.execute({ path: 'a.txt' })).toMatch(/<error_details>\ndiff must be a string, but it is missing\.\n<\/error_details>/)
    const missing = await t.apply_diff.execute({ path: 'nope.txt', diff: block('a', 'b') })
    expect(missing).toMatch(/File not found: nope\.txt\. apply_diff changes a file that exists; create a new one with write_to_file\./)
  })
})

// Roo's own cases (multi-search-replace.spec.ts and multi-search-replace-line-number.spec.ts),
// as data: the same original, diff and result, through apply_diff.
describe("Roo's multi-search-replace tests through the roo shape", () => {
  const cases: Array<{ name: string; original: string; diff: string; expected?: string; fails?: true }> = [
    {
      name: 'should replace matching content',
      original: 'function hello() {\n    console.log("hello")\n}\n',
      diff: 'test.ts\n' + block('function hello() {\n    console.log("hello")\n}', 'function hello() {\n    console.log("hello world")\n}'),
      expected: 'function hello() {\n    console.log("hello world")\n}\n',
    },
    {
      name: 'should replace matching content in multiple blocks',
      original: 'function hello() {\n    console.log("hello")\n}\n',
      diff: 'test.ts\n' + block('function hello() {', 'function helloWorld() {') + '\n' + block('    console.log("hello")', '    console.log("hello world")'),
      expected: 'function helloWorld() {\n    console.log("hello world")\n}\n',
    },
    {
      name: 'should replace matching content in multiple blocks with line numbers',
      original: 'function hello() {\n    console.log("hello")\n}\n',
      diff: 'test.ts\n' + block('function hello() {', 'function helloWorld() {', 1) + '\n' + block('    console.log("hello")', '    console.log("hello world")', 2),
      expected: 'function helloWorld() {\n    console.log("hello world")\n}\n',
    },
    {
      name: 'should replace matching content when end_line is passed in',
      original: 'function hello() {\n    console.log("hello")\n}\n',
      diff: 'test.ts\n<<<<<<< SEARCH\n:start_line:1\n:end_line:1\n-------\nfunction hello() {\n=======\nfunction helloWorld() {\n>>>>>>> REPLACE',
      expected: 'function helloWorld() {\n    console.log("hello")\n}\n',
    },
    {
      name: 'should match content with different surrounding whitespace',
      original: '\nfunction example() {\n    return 42;\n}\n\n',
      diff: 'test.ts\n' + block('function example() {\n    return 42;\n}', 'function example() {\n    return 43;\n}'),
      expected: '\nfunction example() {\n    return 43;\n}\n\n',
    },
    {
      name: 'should match content with different indentation in search block',
      original: '    function test() {\n        return true;\n    }\n',
      diff: 'test.ts\n' + block('function test() {\n    return true;\n}', 'function test() {\n    return false;\n}'),
      expected: '    function test() {\n        return false;\n    }\n',
    },
    {
      name: 'should handle tab-based indentation',
      original: 'function test() {\n\treturn true;\n}\n',
      diff: 'test.ts\n' + block('function test() {\n\treturn true;\n}', 'function test() {\n\treturn false;\n}'),
      expected: 'function test() {\n\treturn false;\n}\n',
    },
    {
      name: 'should preserve mixed tabs and spaces',
      original: '\tclass Example {\n\t    constructor() {\n\t\tthis.value = 0;\n\t    }\n\t}',
      diff: 'test.ts\n' + block('\tclass Example {\n\t    constructor() {\n\t\tthis.value = 0;\n\t    }\n\t}', '\tclass Example {\n\t    constructor() {\n\t\tthis.value = 1;\n\t    }\n\t}'),
      expected: '\tclass Example {\n\t    constructor() {\n\t\tthis.value = 1;\n\t    }\n\t}',
    },
    {
      name: 'should handle additional indentation with tabs',
      original: '\tfunction test() {\n\t\treturn true;\n\t}',
      diff: 'test.ts\n' + block('function test() {\n\treturn true;\n}', 'function test() {\n\t// Add comment\n\treturn false;\n}'),
      expected: '\tfunction test() {\n\t\t// Add comment\n\t\treturn false;\n\t}',
    },
    {
      name: 'should handle Windows-style CRLF line endings',
      original: 'function test() {\r\n    return true;\r\n}\r\n',
      diff: 'test.ts\n' + block('function test() {\n    return true;\n}', 'function test() {\n    return false;\n}'),
      expected: 'function test() {\r\n    return false;\r\n}\r\n',
    },
    {
      name: 'should return false if search content does not match',
      original: 'function hello() {\n    console.log("hello")\n}\n',
      diff: 'test.ts\n' + block('function hello() {\n    console.log("wrong")\n}', 'function hello() {\n    console.log("hello world")\n}'),
      fails: true,
    },
    { name: 'should return false if diff format is invalid', original: 'function hello() {\n    console.log("hello")\n}\n', diff: 'test.ts\nInvalid diff format', fails: true },
    {
      name: 'should preserve whitespace exactly in the output',
      original: '    indented\n        more indented\n    back\n',
      diff: 'test.ts\n' + block('    indented\n        more indented\n    back', '    modified\n        still indented\n    end'),
      expected: '    modified\n        still indented\n    end\n',
    },
    {
      name: 'validates line numbers with brackets (model variation)',
      original: 'content1\n',
      diff: '<<<<<<< SEARCH\n:start_line:[1]\n-------\ncontent1\n=======\nnew1\n>>>>>>> REPLACE',
      expected: 'new1\n',
    },
    {
      name: 'validates correct marker sequence with extra > in SEARCH',
      original: 'some content\n',
      diff: '<<<<<<< SEARCH>\nsome content\n=======\nnew content\n>>>>>>> REPLACE',
      expected: 'new content\n',
    },
    { name: 'detects separator before search', original: 'content\n', diff: '=======\ncontent\n>>>>>>> REPLACE', fails: true },
    { name: 'detects missing separator', original: 'content\n', diff: '<<<<<<< SEARCH\ncontent\n>>>>>>> REPLACE', fails: true },
    { name: 'detects two separators', original: 'content\n', diff: '<<<<<<< SEARCH\ncontent\n=======\n=======\n>>>>>>> REPLACE', fails: true },
    { name: 'detects incomplete sequence', original: 'content\n', diff: '<<<<<<< SEARCH\ncontent\n=======\nnew content', fails: true },
    // multi-search-replace-line-number.spec.ts: line numbers pasted from read_file are stripped.
    {
      name: 'should handle Windows CRLF line endings with line numbers at the last line',
      original: 'line 1\r\nline 2\r\nline 3',
      diff: '<<<<<<< SEARCH\n1 | line 1\n2 | line 2\n3 | line 3\n=======\n1 | line 1\n2 | modified line 2\n3 | line 3\n>>>>>>> REPLACE',
      expected: 'line 1\r\nmodified line 2\r\nline 3',
    },
    {
      name: 'should handle single line with line number at the end',
      original: 'some content here',
      diff: '<<<<<<< SEARCH\n1 | some content here\n=======\n1 | modified content here\n>>>>>>> REPLACE',
      expected: 'modified content here',
    },
  ]
  it.each(cases)('$name', async ({ original, diff, expected, fails }) => {
    const r = await apply(original, diff)
    if (fails) {
      expect(failed(r.text)).toBe(true)
      expect(r.after).toBe(original)
    } else {
      expect(failed(r.text) ? r.text : '').toBe('')
      expect(r.after).toBe(expected)
    }
  })

  // Roo applies the blocks that match and reports the others; we apply all or none.
  it('one failing block of several leaves the file as it was (Roo would apply the others)', async () => {
    const r = await apply('a\nb\nc\n', `${block('a', 'A')}\n${block('zzz', 'Z')}\n${block('c', 'C')}`)
    expect(failed(r.text)).toBe(true)
    expect(r.after).toBe('a\nb\nc\n')
  })
})

describe('what the roo shape keeps that its own apply_diff would damage', () => {
  it('keeps each line its own ending in a mixed file', async () => {
    const dir = project({ 'm.txt': 'a\nb\r\nc\r\nd\n' })
    await roo(dir).apply_diff.execute({ path: 'm.txt', diff: block('b\nc', 'B\nc') })
    expect(bytes(dir, 'm.txt')).toBe(visible('a\nB\r\nc\r\nd\n'))
  })

  it('keeps lone CR endings and a BOM', async () => {
    const dir = project({ 'cr.txt': `${BOM}one\rtwo\rthree\r` })
    await roo(dir).apply_diff.execute({ path: 'cr.txt', diff: block('two', 'TWO\nmore', 2) })
    expect(bytes(dir, 'cr.txt')).toBe(visible(`${BOM}one\rTWO\rmore\rthree\r`))
  })

  it('keeps a windows-1252 file in windows-1252', async () => {
    const dir = project({ 'l.txt': cp1252('caf\u00e9 \u201cok\u201d\r\nnext\r\n') })
    const t = roo(dir)
    expect(await t.read_file.execute({ path: 'l.txt' })).toMatch(/1 \| caf\u00e9 \u201cok\u201d[^]*Warning: .*windows-1252/)
    await t.apply_diff.execute({ path: 'l.txt', diff: block('1 | caf\u00e9 \u201cok\u201d', '1 | caf\u00e9 \u201cdone\u201d') })
    expect(fs.readFileSync(path.join(dir, 'l.txt'))).toEqual(cp1252('caf\u00e9 \u201cdone\u201d\r\nnext\r\n'))
  })
})

describe('a model turn on the roo shape: a miss, then a retry that lands', () => {
  const files: Array<[string, string | Buffer, string | Buffer]> = [
    ['CRLF', 'if (a) {\r\n  go();\r\n}\r\n', 'if (a) {\r\n  stop();\r\n}\r\n'],
    ['mixed', 'if (a) {\n  go();\r\n}\n', 'if (a) {\n  stop();\r\n}\n'],
    ['lone CR', 'if (a) {\r  go();\r}\r', 'if (a) {\r  stop();\r}\r'],
    ['BOM', `${BOM}if (a) {\r\n  go();\r\n}\r\n`, `${BOM}if (a) {\r\n  stop();\r\n}\r\n`],
    ['windows-1252', cp1252('// \u00e9t\u00e9\r\n  go();\r\n'), cp1252('// \u00e9t\u00e9\r\n  stop();\r\n')],
  ]
  it.each(files)('%s', async (_name, content, expected) => {
    const dir = project({ 'f.js': content })
    const t = roo(dir)
    await t.read_file.execute({ path: 'f.js' })
    const miss = await t.apply_diff.execute({ path: 'f.js', diff: block('  go(1);', '  stop();', 2) })
    expect(failed(miss)).toBe(true)
    expect(miss).toContain('go();')
    expect(bytes(dir, 'f.js')).toBe(visible(content))
    const hit = await t.apply_diff.execute({ path: 'f.js', diff: block('  go();', '  stop();', 2) })
    expect(failed(hit) ? hit : '').toBe('')
    expect(bytes(dir, 'f.js')).toBe(visible(expected))
  })
})
