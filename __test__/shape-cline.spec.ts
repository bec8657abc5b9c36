// The 'cline' shape: Cline's read_file, write_to_file and replace_in_file, driven with
// Cline's arguments (path, content, diff) and answering with the text its model reads
// (a failure inside `<error>`), with Cline's own SEARCH/REPLACE cases (facts and data
// from its src/core/assistant-message/diff.test.ts) and the bytes on disk checked after
// each call: blocks in any marker length, the older markers, a missing last marker,
// blocks in order or not, all or nothing.

import * as fs from 'node:fs'
import * as path from 'node:path'

import { afterAll, describe, expect, it } from 'vitest'

import { createTools as createToolsUnrecorded, type ClineTools, type CreateToolsOptions } from '../tools.js'
import { BOM, bytes, cp1252, problemsIn, project, recording, shapeOutputProblems, visible } from './support/shapes.js'

const texts: Array<{ tool: string; text: string }> = []

/** Cline's tools, every result recorded. */
function cline(root: string, options: CreateToolsOptions = {}): ClineTools {
  return recording(createToolsUnrecorded({ shape: 'cline', root, ...options }), texts)
}

afterAll(() => {
  // Every message and hint the model read names only Cline's tools and arguments, and no patch words.
  expect(problemsIn(texts, 'cline')).toEqual([])
})

const failed = (text: string) => text.startsWith('replace_in_file failed')

/** A file, one replace_in_file call on it, and what is on disk after. */
async function apply(original: string, diff: string): Promise<{ text: string; after: string }> {
  const dir = project({ 'f.txt': original })
  const text = await cline(dir).replace_in_file.execute({ path: 'f.txt', diff })
  return { text, after: fs.readFileSync(path.join(dir, 'f.txt'), 'utf8') }
}

describe('the cline shape', () => {
  it("has Cline's tools with its argument names", () => {
    const t = cline(project())
    expect(Object.keys(t)).toEqual(['read_file', 'write_to_file', 'replace_in_file'])
    expect(Object.values(t).map((x) => x.name)).toEqual(['read_file', 'write_to_file', 'replace_in_file'])
    expect(Object.keys(t.replace_in_file.parameters.properties)).toEqual(['path', 'allow', 'encoding', 'diff'])
    expect(t.replace_in_file.parameters.required).toEqual(['path', 'diff'])
    expect(Object.keys(t.read_file.parameters.properties)).toEqual(['path', 'encoding'])
    expect(Object.keys(t.write_to_file.parameters.properties)).toEqual(['path', 'content', 'allow', 'encoding'])
    for (const tool of Object.values(t)) expect(shapeOutputProblems(tool.description, 'cline')).toEqual([])
  })

  it('answers with the file as it now is, for the next SEARCH blocks', async () => {
    const dir = project({ 'a.txt': 'one\r\ntwo\r\n' })
    const r = await cline(dir).replace_in_file.execute({ path: 'a.txt', diff: '------- SEARCH\ntwo\n=======\nTWO\n+++++++ REPLACE' })
    expect(r).toBe(
      'The content was saved to a.txt (1 SEARCH/REPLACE block applied).\n\n' +
        "Here is the file's full content as it now is:\n\n" +
        '<final_file_content path="a.txt">\none\nTWO\n</final_file_content>\n\n' +
        'Take this as the file for any further SEARCH blocks: their lines must match it.',
    )
    expect(bytes(dir, 'a.txt')).toBe(visible('one\r\nTWO\r\n'))
  })

  it('takes markers of any length of three or more, and the older <<<<<<< / >>>>>>> ones, in one diff', async () => {
    const r = await apply('a\nb\nc\nd\n', '--- SEARCH\na\n===\nA\n+++ REPLACE\n<<<<<<< SEARCH\nc\n=======\nC\n>>>>>>> REPLACE\n---------- SEARCH\nd\n==========\nD\n++++++++++ REPLACE\n')
    expect(failed(r.text)).toBe(false)
    expect(r.after).toBe('A\nb\nC\nD\n')
  })

  it('is all or nothing: one block that does not match leaves the file as it was, naming that block', async () => {
    const dir = project({ 'a.txt': 'one\r\ntwo\r\nthree\r\n' })
    const r = await cline(dir).replace_in_file.execute({
      path: 'a.txt',
      diff: '------- SEARCH\none\n=======\nONE\n+++++++ REPLACE\n------- SEARCH\nfour\n=======\nFOUR\n+++++++ REPLACE',
    })
    expect(r).toMatch(/^replace_in_file failed, and a\.txt was not changed\.\n<error>\n/)
    expect(r).toContain('SEARCH block #2')
    expect(bytes(dir, 'a.txt')).toBe(visible('one\r\ntwo\r\nthree\r\n'))
  })

  it('refuses a SEARCH that matches several places, and an empty SEARCH among other blocks', async () => {
    const dir = project({ 'a.txt': 'x\ny\nx\n' })
    const t = cline(dir)
    const several = await t.replace_in_file.execute({ path: 'a.txt', diff: '------- SEARCH\nx\n=======\nX\n+++++++ REPLACE' })
    expect(several).toMatch(/its SEARCH lines match 2 places, at lines 1, 3\./)
    expect(several).toMatch(/Add lines around the change to the SEARCH part/)
    const empty = await t.replace_in_file.execute({ path: 'a.txt', diff: '------- SEARCH\ny\n=======\nY\n+++++++ REPLACE\n------- SEARCH\n=======\nnew\n+++++++ REPLACE' })
    expect(empty).toMatch(/SEARCH block #2 is empty: an empty SEARCH replaces the whole file, so it must be the only block/)
    expect(bytes(dir, 'a.txt')).toBe(visible('x\ny\nx\n'))
  })

  it('refuses a SEARCH that matches several places wherever it stands in the diff, naming the block and the places', async () => {
    const original = 'x\na\nx\n'
    const after = await apply(original, '------- SEARCH\na\n=======\nA\n+++++++ REPLACE\n------- SEARCH\nx\n=======\nX\n+++++++ REPLACE')
    expect(failed(after.text)).toBe(true)
    expect(after.text).toMatch(/SEARCH block #2: its SEARCH lines match 2 places, at lines 1, 3\./)
    expect(after.after).toBe(original)
    const before = await apply(original, '------- SEARCH\nx\n=======\nX\n+++++++ REPLACE\n------- SEARCH\na\n=======\nA\n+++++++ REPLACE')
    expect(before.text).toMatch(/SEARCH block #1: its SEARCH lines match 2 places, at lines 1, 3\./)
    expect(before.after).toBe(original)
  })

  it('places each of several blocks however leniently its SEARCH matches, the indentation tier too', async () => {
    const r = await apply('if (x) {\n    a();\n    b();\n}\nc();\n', '------- SEARCH\na();\nb();\n=======\nA();\nB();\n+++++++ REPLACE\n------- SEARCH\nc();\n=======\nC();\n+++++++ REPLACE')
    expect(failed(r.text) ? r.text : '').toBe('')
    expect(r.after).toBe('if (x) {\n    A();\n    B();\n}\nC();\n')
  })

  it('refuses a diff cut short after ======= or in a closing marker, and never empties the file', async () => {
    const original = 'a\nb\nc\n'
    for (const diff of [
      '------- SEARCH\n=======\n',
      '------- SEARCH\n=======',
      '------- SEARCH\n=======\n+++++++ REPL',
      '------- SEARCH\n=======\nnew first line\n',
      '------- SEARCH\nb\n=======\n',
      '------- SEARCH\nb\n=======\nB\n+',
      '------- SEARCH\nb\n=======\nB\n+++++++ REPL',
      '------- SEARCH\na\n=======\nA\n+++++++ REPLACE\n------- SEARCH\nb\n=======\nB\n',
      '------- SEARCH\na\n=======\nA\n+++++++ REPLACE\n------- SEA',
      '------- SEARCH\na\n=======\nA\n+++++++ REPLACE\n---\n',
    ]) {
      const r = await apply(original, diff)
      expect(r.text, diff).toMatch(/^replace_in_file failed, and f\.txt was not changed\.\n<error>\nThe diff is malformed at line \d+: .*the diff looks cut off\./)
      expect(r.after, diff).toBe(original)
    }
  })

  it('takes a line that starts with a backslash as it is unless the rest is a marker: `\\---` is Markdown', async () => {
    const md = await apply('---\n\\---\n', '------- SEARCH\n\\---\n=======\nX\n+++++++ REPLACE')
    expect(failed(md.text) ? md.text : '').toBe('')
    expect(md.after).toBe('---\nX\n')
    const twice = await apply('=======\n\\=======\n', '------- SEARCH\n\\\\=======\n=======\nX\n+++++++ REPLACE')
    expect(failed(twice.text) ? twice.text : '').toBe('')
    expect(twice.after).toBe('=======\nX\n')
  })

  it('requires diff: the schema says so, and a call without it is refused in Cline\'s words', async () => {
    const dir = project({ 'a.txt': 'a\n' })
    const r = await cline(dir).replace_in_file.execute({ path: 'a.txt' })
    expect(r).toBe('replace_in_file failed, and a.txt was not changed.\n<error>\ndiff must be a string, but it is missing.\n</error>')
  })

  it('changes only a file that exists, and says to create one with write_to_file', async () => {
    const dir = project()
    const r = await cline(dir).replace_in_file.execute({ path: 'nope.txt', diff: '------- SEARCH\na\n=======\nb\n+++++++ REPLACE' })
    expect(r).toMatch(/File not found: nope\.txt\. replace_in_file changes a file that exists; create a new one with write_to_file\./)
    expect(fs.existsSync(path.join(dir, 'nope.txt'))).toBe(false)
  })

  it('takes a line of the file that reads like a marker when written with a backslash', async () => {
    const r = await apply('a\n=======\nb\n', '------- SEARCH\na\n\\=======\nb\n=======\na\nb\n+++++++ REPLACE')
    expect(failed(r.text)).toBe(false)
    expect(r.after).toBe('a\nb\n')
  })

  it('read_file shows the file as it is, line breaks as \\n, and write_to_file keeps CRLF and BOM', async () => {
    const dir = project({ 'w.txt': `${BOM}x\r\ny\r\n` })
    const t = cline(dir)
    expect(await t.read_file.execute({ path: 'w.txt' })).toBe('x\ny')
    const w = await t.write_to_file.execute({ path: 'w.txt', content: 'x\nz\n' })
    expect(w).toBe('The content was saved to w.txt. Its line endings (CRLF), BOM and encoding were kept.')
    expect(bytes(dir, 'w.txt')).toBe(visible(`${BOM}x\r\nz\r\n`))
    expect(await t.write_to_file.execute({ path: 'new/n.txt', content: 'a\nb\n' })).toBe('The content was saved to new/n.txt. Line endings: LF.')
    expect(bytes(dir, 'new/n.txt')).toBe(visible('a\nb\n'))
  })
})

// Cline's own cases (src/core/assistant-message/diff.test.ts), as data: the same
// original, diff and result, through replace_in_file.
describe("Cline's SEARCH/REPLACE tests through the cline shape", () => {
  const cases: Array<{ name: string; original: string; diff: string; expected?: string; shouldThrow?: true }> = [
    { name: 'empty file', original: '', diff: '------- SEARCH\n=======\nnew content\n+++++++ REPLACE', expected: 'new content\n' },
    { name: 'full file replacement', original: 'old content', diff: '------- SEARCH\n=======\nnew content\n+++++++ REPLACE', expected: 'new content\n' },
    { name: 'malformed search - mixed symbols', original: 'line1\nline2\nline3', diff: '<<-- SEARCH\nline2\n=======\nreplaced\n+++++++ REPLACE', shouldThrow: true },
    { name: 'malformed search - insufficient dashes', original: 'line1\nline2\nline3', diff: '-- SEARCH\nline2\n=======\nreplaced\n+++++++ REPLACE', shouldThrow: true },
    { name: 'malformed search - missing space', original: 'line1\nline2\nline3', diff: '-------SEARCH\nline2\n=======\nreplaced\n+++++++ REPLACE', shouldThrow: true },
    { name: 'exact match replacement', original: 'line1\nline2\nline3', diff: '------- SEARCH\nline2\n=======\nreplaced\n+++++++ REPLACE', expected: 'line1\nreplaced\nline3' },
    { name: 'block anchor match replacement', original: 'line1\nstart\nmiddle\nend\nline5', diff: '------- SEARCH\nstart\nmiddle\nend\n=======\nreplaced\n+++++++ REPLACE', expected: 'line1\nreplaced\nline5' },
    { name: 'incremental processing', original: 'line1\nline2\nline3', diff: '------- SEARCH\nline2\n=======\nreplaced\n\n+++++++ REPLACE', expected: 'line1\nreplaced\n\nline3' },
    { name: 'final chunk with remaining content', original: 'line1\nline2\nline3', diff: '------- SEARCH\nline2\n=======\nreplaced\n+++++++ REPLACE', expected: 'line1\nreplaced\nline3' },
    {
      name: 'multiple ordered replacements',
      original: 'First\nSecond\nThird\nFourth',
      diff: '------- SEARCH\nFirst\n=======\n1st\n+++++++ REPLACE\n\n------- SEARCH\nThird\n=======\n3rd\n+++++++ REPLACE',
      expected: '1st\nSecond\n3rd\nFourth',
    },
    {
      name: 'delete then replace',
      original: 'line1\nline2\nline3\nline4',
      diff: '------- SEARCH\nline1\n=======\n+++++++ REPLACE\n\n------- SEARCH\nline3\n=======\nreplaced\n+++++++ REPLACE',
      expected: 'line2\nreplaced\nline4',
    },
    { name: 'malformed diff - missing separator', original: 'line1\nline2\nline3', diff: '------- SEARCH\nline2\n+++++++ REPLACE\nreplaced', shouldThrow: true },
    { name: 'malformed diff - trailing space on separator', original: 'line1\nline2\nline3', diff: '------- SEARCH\nline2\n======= \nreplaced\n+++++++ REPLACE', shouldThrow: true },
    { name: 'malformed diff - double replace markers', original: 'line1\nline2\nline3', diff: '------- SEARCH\nline2\n+++++++ REPLACE\nfirst replacement\n+++++++ REPLACE', shouldThrow: true },
    { name: 'malformed diff - malformed separator with dashes', original: 'line1\nline2\nline3', diff: '------- SEARCH\nline2\n------- =======\nreplaced\n+++++++ REPLACE', shouldThrow: true },
    { name: 'no match found', original: 'line1\nline2\nline3', diff: '------- SEARCH\nnon-existent\n=======\nreplaced\n+++++++ REPLACE', shouldThrow: true },
    { name: 'missing final REPLACE marker', original: 'line1\nline2\nline3', diff: '------- SEARCH\nline2\n=======\nreplaced', expected: 'line1\nreplaced\nline3' },
    {
      name: 'missing final REPLACE marker with multiple lines of replacement',
      original: 'function test() {\n\tconst a = 1;\n\treturn a;\n}',
      diff: "------- SEARCH\n\tconst a = 1;\n\treturn a;\n=======\n\tconst a = 42;\n\tconsole.log('updated');\n\treturn a;",
      expected: "function test() {\n\tconst a = 42;\n\tconsole.log('updated');\n\treturn a;\n}",
    },
    {
      name: 'out-of-order replacements with different positions',
      original: 'first\nsecond\nthird\nfourth\n',
      diff: '------- SEARCH\nfourth\n=======\nnew fourth\n+++++++ REPLACE\n------- SEARCH\nsecond\n=======\nnew second\n+++++++ REPLACE',
      expected: 'first\nnew second\nthird\nnew fourth\n',
    },
    {
      name: 'multiple out-of-order replacements',
      original: 'one\ntwo\nthree\nfour\nfive\n',
      diff: '------- SEARCH\nfour\n=======\nfourth\n+++++++ REPLACE\n------- SEARCH\ntwo\n=======\nsecond\n+++++++ REPLACE\n------- SEARCH\nfive\n=======\nfifth\n+++++++ REPLACE',
      expected: 'one\nsecond\nthree\nfourth\nfifth\n',
    },
    {
      name: 'out-of-order replacements with indentation',
      original: 'function test() {\n\tconst a = 1;\n\tconst b = 2;\n\tconst c = 3;\n\n}',
      diff: '------- SEARCH\n\tconst c = 3;\n=======\n\tconst c = 30;\n+++++++ REPLACE\n------- SEARCH\n\tconst a = 1;\n=======\n\tconst a = 10;\n+++++++ REPLACE',
      expected: 'function test() {\n\tconst a = 10;\n\tconst b = 2;\n\tconst c = 30;\n\n}',
    },
    {
      name: 'out-of-order replacements with empty lines',
      original: 'header\n\nbody\n\nfooter\n',
      diff: '------- SEARCH\nfooter\n=======\nnew footer\n+++++++ REPLACE\n------- SEARCH\n\nbody\n\n=======\nnew body content\n+++++++ REPLACE',
      expected: 'header\nnew body content\nnew footer\n',
    },
    // The older markers, as Cline's first diff tests have them.
    { name: 'no trailing newline in replacement (older markers)', original: 'line1\nline2\nline3', diff: '<<<<<<< SEARCH\nline2\n=======\nreplacement\n>>>>>>> REPLACE', expected: 'line1\nreplacement\nline3' },
    {
      name: 'multiple lines in replacement (older markers)',
      original: 'line1\nline2\nline3',
      diff: '<<<<<<< SEARCH\nline2\n=======\nreplacement1\nreplacement2\n>>>>>>> REPLACE',
      expected: 'line1\nreplacement1\nreplacement2\nline3',
    },
  ]
  it.each(cases)('should handle $name case correctly', async ({ original, diff, expected, shouldThrow }) => {
    const r = await apply(original, diff)
    if (shouldThrow) {
      expect(failed(r.text)).toBe(true)
      expect(r.after).toBe(original)
    } else {
      expect(failed(r.text) ? r.text : '').toBe('')
      expect(r.after).toBe(expected)
    }
  })

  // Where we differ from Cline, on purpose: its "line-trimmed" tier rewrites the line
  // with the REPLACE as typed; ours keeps the file's indentation of the matched line.
  it('line-trimmed match replacement (the matched line keeps its indentation)', async () => {
    const r = await apply('line1\n line2 \nline3', '------- SEARCH\nline2\n=======\nreplaced\n+++++++ REPLACE')
    expect(failed(r.text) ? r.text : '').toBe('')
    expect(r.after).toBe('line1\n replaced\nline3')
  })

  // And: deleting the last line of a file without a final line break leaves none.
  it('replace then delete (the last line goes, and with it the line break before it)', async () => {
    const r = await apply('line1\nline2\nline3\nline4', '------- SEARCH\nline2\n=======\nreplaced\n+++++++ REPLACE\n\n------- SEARCH\nline4\n=======\n+++++++ REPLACE')
    expect(failed(r.text) ? r.text : '').toBe('')
    expect(r.after).toBe('line1\nreplaced\nline3')
  })
})

describe('what the cline shape keeps that its own replace_in_file would damage', () => {
  it('matches SEARCH lines typed with LF in a CRLF file, and keeps every CRLF', async () => {
    const dir = project({ 'a.cs': 'class A {\r\n  int x = 1;\r\n  int y = 2;\r\n}\r\n' })
    await cline(dir).replace_in_file.execute({ path: 'a.cs', diff: '------- SEARCH\n  int x = 1;\n  int y = 2;\n=======\n  int x = 10;\n  int y = 20;\n  int z = 30;\n+++++++ REPLACE' })
    expect(bytes(dir, 'a.cs')).toBe(visible('class A {\r\n  int x = 10;\r\n  int y = 20;\r\n  int z = 30;\r\n}\r\n'))
  })

  it('keeps each line its own ending in a mixed file', async () => {
    const dir = project({ 'm.txt': 'a\nb\r\nc\r\nd\n' })
    await cline(dir).replace_in_file.execute({ path: 'm.txt', diff: '------- SEARCH\nb\nc\n=======\nB\nc\n+++++++ REPLACE' })
    expect(bytes(dir, 'm.txt')).toBe(visible('a\nB\r\nc\r\nd\n'))
  })

  it('keeps lone CR endings and a BOM', async () => {
    const dir = project({ 'cr.txt': `${BOM}one\rtwo\rthree\r` })
    await cline(dir).replace_in_file.execute({ path: 'cr.txt', diff: '------- SEARCH\ntwo\n=======\nTWO\n+++++++ REPLACE' })
    expect(bytes(dir, 'cr.txt')).toBe(visible(`${BOM}one\rTWO\rthree\r`))
  })

  it('keeps a windows-1252 file in windows-1252', async () => {
    const dir = project({ 'l.txt': cp1252('caf\u00e9 \u201cok\u201d\r\nnext\r\n') })
    const t = cline(dir)
    expect(await t.read_file.execute({ path: 'l.txt' })).toMatch(/^caf\u00e9 \u201cok\u201d\nnext\nWarning: .*windows-1252/)
    await t.replace_in_file.execute({ path: 'l.txt', diff: '------- SEARCH\ncaf\u00e9 \u201cok\u201d\n=======\ncaf\u00e9 \u201cdone\u201d\n+++++++ REPLACE' })
    expect(fs.readFileSync(path.join(dir, 'l.txt'))).toEqual(cp1252('caf\u00e9 \u201cdone\u201d\r\nnext\r\n'))
  })
})

describe('a model turn on the cline shape: a miss, then a retry that lands', () => {
  const files: Array<[string, string | Buffer, string | Buffer]> = [
    ['CRLF', 'if (a) {\r\n  go();\r\n}\r\n', 'if (a) {\r\n  stop();\r\n}\r\n'],
    ['mixed', 'if (a) {\n  go();\r\n}\n', 'if (a) {\n  stop();\r\n}\n'],
    ['lone CR', 'if (a) {\r  go();\r}\r', 'if (a) {\r  stop();\r}\r'],
    ['BOM', `${BOM}if (a) {\r\n  go();\r\n}\r\n`, `${BOM}if (a) {\r\n  stop();\r\n}\r\n`],
    ['windows-1252', cp1252('// \u00e9t\u00e9\r\n  go();\r\n'), cp1252('// \u00e9t\u00e9\r\n  stop();\r\n')],
  ]
  it.each(files)('%s', async (_name, content, expected) => {
    const dir = project({ 'f.js': content })
    const t = cline(dir)
    await t.read_file.execute({ path: 'f.js' })
    const miss = await t.replace_in_file.execute({ path: 'f.js', diff: '------- SEARCH\n  go(1);\n=======\n  stop();\n+++++++ REPLACE' })
    expect(failed(miss)).toBe(true)
    expect(miss).toContain('go();')
    expect(bytes(dir, 'f.js')).toBe(visible(content))
    const hit = await t.replace_in_file.execute({ path: 'f.js', diff: '------- SEARCH\n  go();\n=======\n  stop();\n+++++++ REPLACE' })
    expect(failed(hit)).toBe(false)
    expect(bytes(dir, 'f.js')).toBe(visible(expected))
  })
})
