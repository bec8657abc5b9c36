// The drop-in agent tools of SPEC section 6 (`eol-edit/tools`), driven exactly
// as an agent drives them: `execute(args)` with the model's arguments, and
// the bytes on disk checked afterwards. Files are CRLF, mixed or BOM'd
// throughout, because that is where agents damage files.

import { execFileSync } from 'node:child_process'
import * as fs from 'node:fs'
import * as os from 'node:os'
import * as path from 'node:path'
import { pathToFileURL } from 'node:url'

import { afterAll, beforeEach, describe, expect, it } from 'vitest'

import { readFileSync as coreReadFileSync } from '../index.js'
import * as toolsModule from '../tools.js'
import {
  createTools,
  delete_range,
  edit_file,
  multi_edit,
  read_file,
  toAnthropicTools,
  toOpenAITools,
  tools as defaultTools,
  write_file,
  type ToolResult,
  type Tools,
} from '../tools.js'

const repo = path.resolve(__dirname, '..')
const BOM = '\ufeff'

const made: string[] = []
afterAll(() => {
  for (const dir of made) fs.rmSync(dir, { recursive: true, force: true })
})

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eol-tools-'))
  made.push(dir)
  return dir
}

/** Shows every byte outside printable ASCII, so a failure shows the `\r`s. */
function visible(bytes: Buffer): string {
  let out = ''
  for (const b of bytes) {
    if (b === 0x0a) out += '\\n'
    else if (b === 0x0d) out += '\\r'
    else if (b === 0x09) out += '\\t'
    else if (b < 0x20 || b > 0x7e) out += `\\x${b.toString(16).padStart(2, '0')}`
    else out += String.fromCharCode(b)
  }
  return out
}

/** The file's bytes are exactly `expected` (a string is taken as UTF-8). */
function expectBytes(file: string, expected: string | Buffer): void {
  const want = typeof expected === 'string' ? Buffer.from(expected, 'utf8') : expected
  expect(visible(fs.readFileSync(file))).toBe(visible(want))
}

function expectOk(r: ToolResult): string {
  if (!r.success) throw new Error(`expected success, got ${r.error}: ${r.data}`)
  expect(typeof r.data).toBe('string')
  expect(r.error).toBeUndefined()
  return r.data
}

function expectFail(r: ToolResult, code: string): string {
  expect(r.success, `expected ${code}, got success: ${r.data}`).toBe(false)
  expect(r.error).toBe(code)
  expect(typeof r.data).toBe('string')
  expect(r.data.length).toBeGreaterThan(0)
  return r.data
}

let dir: string
let t: Tools
/** Writes `content` (a string written as UTF-8, or bytes) to `name` inside `dir`. */
function file(name: string, content: string | Buffer): string {
  const p = path.join(dir, name)
  fs.mkdirSync(path.dirname(p), { recursive: true })
  fs.writeFileSync(p, content)
  return p
}

beforeEach(() => {
  dir = tempDir()
  t = createTools({ root: dir })
})

// ---------------------------------------------------------------------------

describe('exports and definitions', () => {
  const names = ['read_file', 'write_file', 'edit_file', 'multi_edit', 'delete_range'] as const

  it('createTools returns the five tools, each with name, description, schema and execute', () => {
    expect(Object.keys(t)).toEqual([...names])
    for (const name of names) {
      const tool = t[name]
      expect(tool.name).toBe(name)
      expect(typeof tool.description).toBe('string')
      expect(tool.description.length).toBeGreaterThan(50)
      // Short: sent with every request.
      expect(tool.description.length).toBeLessThan(1100)
      expect(tool.parameters.type).toBe('object')
      expect(tool.parameters.required).toContain('path')
      for (const key of tool.parameters.required) expect(tool.parameters.properties).toHaveProperty(key)
      expect(typeof tool.execute).toBe('function')
      // The schema is plain JSON.
      expect(JSON.parse(JSON.stringify(tool.parameters))).toEqual(tool.parameters)
    }
  })

  it("uses dskcode's argument names", () => {
    expect(t.read_file.parameters.required).toEqual(['path'])
    expect(Object.keys(t.read_file.parameters.properties)).toEqual(['path', 'offset', 'limit'])
    expect(t.write_file.parameters.required).toEqual(['path', 'content'])
    expect(t.edit_file.parameters.required).toEqual(['path', 'old_text', 'new_text'])
    expect(t.edit_file.parameters.properties).toHaveProperty('replace_all')
    expect(t.multi_edit.parameters.required).toEqual(['path', 'edits'])
    const items = (t.multi_edit.parameters.properties.edits as { items: { required: string[]; properties: object } })
      .items
    expect(items.required).toEqual(['oldText', 'newText'])
    expect(items.properties).toHaveProperty('replaceAll')
    expect(t.delete_range.parameters.required).toEqual(['path', 'startAnchor', 'endAnchor'])
    expect(t.delete_range.parameters.properties).toHaveProperty('inclusive')
  })

  it('descriptions tell the model what seed 003 learned', () => {
    for (const name of ['edit_file', 'multi_edit'] as const) {
      const d = t[name].description
      expect(d).toContain('\\n') // write line breaks as \n (the two characters, shown to the model)
      expect(d).toMatch(/CRLF stays CRLF/)
      expect(d).toMatch(/mixed stays mixed/)
      expect(d).toMatch(/BOM/)
      expect(d).toMatch(/real carriage-return character/)
      expect(d).toMatch(/not the two characters \\r/)
      expect(d).toMatch(/Unicode/)
      expect(d).toMatch(/trailing whitespace/)
      expect(d).toMatch(/indentation/)
      expect(d).toMatch(/escapes/)
      expect(d).not.toContain('\r')
    }
    expect(t.edit_file.description).toMatch(/replace_all/)
    expect(t.multi_edit.description).toMatch(/all or nothing/)
    expect(t.write_file.description).toMatch(/\.editorconfig/)
    expect(t.write_file.description).toMatch(/\.gitattributes/)
    expect(t.write_file.description).toMatch(/BOM/)
    expect(t.read_file.description).toMatch(/not part of the file/)
    expect(t.read_file.description).toContain('\u2502')
    expect(t.delete_range.description).toMatch(/line number/)
  })

  it('exports a default tool set and each tool by name', () => {
    expect(Object.keys(defaultTools)).toEqual([...names])
    expect(read_file).toBe(defaultTools.read_file)
    expect(write_file).toBe(defaultTools.write_file)
    expect(edit_file).toBe(defaultTools.edit_file)
    expect(multi_edit).toBe(defaultTools.multi_edit)
    expect(delete_range).toBe(defaultTools.delete_range)
    expect(toolsModule.createTools).toBe(createTools)
  })

  it('converts to the OpenAI and Anthropic formats', () => {
    const openai = toOpenAITools(t)
    expect(openai).toHaveLength(5)
    expect(openai[2]).toEqual({
      type: 'function',
      function: { name: 'edit_file', description: t.edit_file.description, parameters: t.edit_file.parameters },
    })
    expect(toOpenAITools([t.read_file]).map((x) => x.function.name)).toEqual(['read_file'])
    const anthropic = toAnthropicTools(t)
    expect(anthropic[0]).toEqual({
      name: 'read_file',
      description: t.read_file.description,
      input_schema: t.read_file.parameters,
    })
  })

  it('createTools rejects malformed options at creation', () => {
    expect(() => createTools({ root: 5 as unknown as string })).toThrow(TypeError)
    expect(() => createTools({ root: [] })).toThrow(TypeError)
    expect(() => createTools({ cwd: 1 as unknown as string })).toThrow(TypeError)
    expect(() => createTools('x' as unknown as object)).toThrow(TypeError)
    expect(() => createTools({ maxReadLines: 0 })).toThrow(TypeError)
    expect(() => createTools(undefined)).not.toThrow()
  })
})

// ---------------------------------------------------------------------------

describe('read_file', () => {
  it('shows numbered lines of a CRLF file with a header, and reads nothing into the file', async () => {
    const p = file('a.ts', 'one\r\ntwo\r\nthree\r\n')
    const version = coreReadFileSync(p).version
    const data = expectOk(await t.read_file.execute({ path: 'a.ts' }))
    expect(data).toBe(
      `[a.ts: 3 lines | endings: CRLF | BOM: no | encoding: utf-8 | version: ${version}]\n` +
        '1\u2502one\n2\u2502two\n3\u2502three',
    )
    expectBytes(p, 'one\r\ntwo\r\nthree\r\n')
  })

  it('reports mixed endings, a BOM and a missing final newline', async () => {
    file('m.txt', BOM + 'a\r\nb\nc\r\nd\re')
    const data = expectOk(await t.read_file.execute({ path: 'm.txt' }))
    const [header, ...lines] = data.split('\n')
    expect(header).toMatch(/^\[m\.txt: 5 lines \| endings: mixed \(CRLF 2, LF 1, CR 1\), no newline at end of file \| BOM: yes \| encoding: utf-8 \| version: [0-9a-f]+\]$/)
    expect(lines).toEqual(['1\u2502a', '2\u2502b', '3\u2502c', '4\u2502d', '5\u2502e'])
    expect(data).not.toContain('\r')
    expect(data).not.toContain(BOM)
  })

  it('decodes UTF-16 files', async () => {
    file('u.txt', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('hi\r\nthere\r\n', 'utf16le')]))
    const data = expectOk(await t.read_file.execute({ path: 'u.txt' }))
    expect(data).toMatch(/BOM: yes \| encoding: utf-16le/)
    expect(data.split('\n').slice(1)).toEqual(['1\u2502hi', '2\u2502there'])
  })

  it('keeps indentation and text after the gutter exactly, and pads numbers to one width', async () => {
    const lines = Array.from({ length: 12 }, (_, i) => (i === 9 ? '\tx  ' : `  l${i + 1}`))
    file('w.txt', lines.join('\r\n') + '\r\n')
    const data = expectOk(await t.read_file.execute({ path: 'w.txt', offset: 8, limit: 4 }))
    expect(data.split('\n').slice(1)).toEqual([
      ' 8\u2502  l8',
      ' 9\u2502  l9',
      '10\u2502\tx  ',
      '11\u2502  l11',
      '[showing lines 8-11 of 12. To read more, call read_file with offset 12.]',
    ])
  })

  it('offset and limit; the last slice has no footer', async () => {
    file('a.txt', 'a\r\nb\r\nc\r\nd\r\n')
    const first = expectOk(await t.read_file.execute({ path: 'a.txt', limit: 2 }))
    expect(first.split('\n').slice(1)).toEqual([
      '1\u2502a',
      '2\u2502b',
      '[showing lines 1-2 of 4. To read more, call read_file with offset 3.]',
    ])
    const rest = expectOk(await t.read_file.execute({ path: 'a.txt', offset: 3 }))
    expect(rest.split('\n').slice(1)).toEqual(['3\u2502c', '4\u2502d'])
    // Numbers sent as strings and nulls for optional fields are accepted.
    const loose = expectOk(await t.read_file.execute({ path: 'a.txt', offset: '4', limit: null } as never))
    expect(loose.split('\n').slice(1)).toEqual(['4\u2502d'])
  })

  it('applies a default limit of 2000 lines', async () => {
    file('big.txt', Array.from({ length: 2500 }, (_, i) => `line ${i + 1}`).join('\r\n'))
    const data = expectOk(await t.read_file.execute({ path: 'big.txt' }))
    const lines = data.split('\n')
    expect(lines).toHaveLength(1 + 2000 + 1)
    expect(lines[1]).toBe('   1\u2502line 1')
    expect(lines[2000]).toBe('2000\u2502line 2000')
    expect(lines[2001]).toBe('[showing lines 1-2000 of 2500. To read more, call read_file with offset 2001.]')
    const small = createTools({ root: dir, maxReadLines: 3 })
    const three = expectOk(await small.read_file.execute({ path: 'big.txt' }))
    expect(three.split('\n')).toHaveLength(1 + 3 + 1)
  })

  it('caps the output size, keeping lines whole, and says where to continue', async () => {
    file('long.txt', Array.from({ length: 10 }, (_, i) => String(i + 1).repeat(30)).join('\n') + '\n')
    const capped = createTools({ root: dir, maxReadChars: 100 })
    const data = expectOk(await capped.read_file.execute({ path: 'long.txt' }))
    const lines = data.split('\n')
    // 30 characters a line: three whole lines fit in 100.
    // The gutter width comes from the lines fetched (up to 10), not from those shown.
    expect(lines.slice(1, 4)).toEqual([' 1\u2502' + '1'.repeat(30), ' 2\u2502' + '2'.repeat(30), ' 3\u2502' + '3'.repeat(30)])
    expect(lines[4]).toBe(
      '[showing lines 1-3 of 10 (output is capped at 100 characters; lines are kept whole). ' +
        'To read more, call read_file with offset 4.]',
    )
    expect(lines).toHaveLength(5)
  })

  it('shows the start of a single line longer than the cap and says so', async () => {
    file('min.js', 'x'.repeat(250) + '\nnext\n')
    const capped = createTools({ root: dir, maxReadChars: 100 })
    const data = expectOk(await capped.read_file.execute({ path: 'min.js' }))
    const lines = data.split('\n')
    expect(lines[1]).toBe('1\u2502' + 'x'.repeat(100))
    expect(lines[2]).toBe(
      '[line 1 is cut: 150 more characters of it are not shown (output is capped at 100 characters). ' +
        'To read on, call read_file with offset 2.]',
    )
  })

  it('an empty file, and an offset past the end', async () => {
    file('e.txt', '')
    expect(expectOk(await t.read_file.execute({ path: 'e.txt' }))).toMatch(/^\[e\.txt: 0 lines \| endings: none .*\]\n\[empty file\]$/)
    file('s.txt', 'a\r\nb\r\n')
    const data = expectFail(await t.read_file.execute({ path: 's.txt', offset: 5 }), 'INVALID_ARGUMENT')
    expect(data).toBe('offset 5 is past the end of s.txt, which has 2 lines. Use an offset from 1 to 2.')
  })

  it('failures: missing file, folder, binary file, bad offset/limit, bad path', async () => {
    expect(expectFail(await t.read_file.execute({ path: 'nope.txt' }), 'FILE_NOT_FOUND')).toMatch(/nope\.txt/)
    fs.mkdirSync(path.join(dir, 'sub'))
    expectFail(await t.read_file.execute({ path: 'sub' }), 'NOT_A_FILE')
    file('b.bin', Buffer.from([0x41, 0x00, 0x42]))
    expectFail(await t.read_file.execute({ path: 'b.bin' }), 'BINARY_FILE')
    file('a.txt', 'a\n')
    for (const bad of [0, -1, 1.5, 'x', true, {}]) {
      expect(expectFail(await t.read_file.execute({ path: 'a.txt', offset: bad } as never), 'INVALID_ARGUMENT')).toMatch(
        /^offset must be a whole number of 1 or more/,
      )
      expect(expectFail(await t.read_file.execute({ path: 'a.txt', limit: bad } as never), 'INVALID_ARGUMENT')).toMatch(
        /^limit must be a whole number of 1 or more/,
      )
    }
    expect(expectFail(await t.read_file.execute({ path: 5 } as never), 'INVALID_ARGUMENT')).toBe(
      'path must be a string, but it is a number.',
    )
    expectFail(await t.read_file.execute({ path: '' }), 'INVALID_ARGUMENT')
    expectFail(await t.read_file.execute({} as never), 'INVALID_ARGUMENT')
  })
})

// ---------------------------------------------------------------------------

describe('edit_file', () => {
  it('edits a CRLF file byte for byte, with a compact summary and diff', async () => {
    const p = file('a.ts', 'one\r\ntwo\r\nthree\r\nfour\r\n')
    const data = expectOk(
      await t.edit_file.execute({ path: 'a.ts', old_text: 'two\nthree', new_text: 'TWO\nadded\nthree' }),
    )
    expectBytes(p, 'one\r\nTWO\r\nadded\r\nthree\r\nfour\r\n')
    const [summary, ...diff] = data.split('\n')
    expect(summary).toMatch(/^Edited a\.ts: 1 replacement \(matched by exact\), lines? \d+(-\d+)?\.$/)
    expect(diff[0]).toMatch(/^@@ /)
    expect(diff).toContain('-two')
    expect(diff).toContain('+TWO')
    expect(diff).toContain('+added')
    expect(data).not.toMatch(/^(---|\+\+\+) /m) // no diff header: the summary names the file
    expect(data).not.toContain('\r')
    expect(data).not.toMatch(/Note:/) // exact match: nothing to note
  })

  it('gives the same bytes when the model writes CRLF, LF or a mix', async () => {
    for (const [oldText, newText] of [
      ['b\nc', 'B\nC'],
      ['b\r\nc', 'B\r\nC'],
      ['b\r\nc', 'B\nC'],
    ]) {
      const p = file('c.txt', 'a\r\nb\r\nc\r\n')
      expectOk(await t.edit_file.execute({ path: 'c.txt', old_text: oldText, new_text: newText }))
      expectBytes(p, 'a\r\nB\r\nC\r\n')
    }
  })

  it('keeps every ending of a mixed file, including lone CR, and the BOM', async () => {
    const p = file('m.txt', BOM + 'head\r\nAAA OLD BBB\nmid\rtail\r\n')
    expectOk(await t.edit_file.execute({ path: 'm.txt', old_text: 'AAA OLD BBB\nmid', new_text: 'AAA NEW BBB\nmid' }))
    expectBytes(p, BOM + 'head\r\nAAA NEW BBB\nmid\rtail\r\n')
  })

  it('keeps a UTF-16 file in its encoding', async () => {
    const p = file('u.txt', Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(swap16('hi\r\nthere\r\n'))]))
    expectOk(await t.edit_file.execute({ path: 'u.txt', old_text: 'hi', new_text: 'ho' }))
    expectBytes(p, Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(swap16('ho\r\nthere\r\n'))]))
  })

  it('reports a lenient tier and that untouched lines kept their bytes', async () => {
    const p = file('q.ts', 'const a = “x”;\r\nconst b = 1;\r\n')
    const data = expectOk(
      await t.edit_file.execute({ path: 'q.ts', old_text: 'const a = "x";\nconst b = 1;', new_text: 'const a = "x";\nconst b = 2;' }),
    )
    const lines = data.split('\n')
    expect(lines[0]).toMatch(/^Edited q\.ts: 1 replacement \(matched by unicode\), lines? /)
    expect(data).toMatch(/Note: matched only after/)
    expect(data).toMatch(/Lines you did not change kept their exact bytes/)
    // The curly quotes the model did not touch are still there, and CRLF too.
    expectBytes(p, 'const a = “x”;\r\nconst b = 2;\r\n')
  })

  it('names each tier in its note', async () => {
    const cases: Array<[string, string, string, string, RegExp]> = [
      ['u.txt', 'a – b\r\n', 'a - b', 'a + b', /Unicode look-alikes/],
      ['w.txt', 'keep  \r\nx = 1;\r\n', 'keep\nx = 1;', 'keep\nx = 2;', /trailing spaces/],
      ['i.txt', 'if (a) {\r\n\tfoo();\r\n}\r\n', 'if (a) {\n    foo();\n}', 'if (a) {\n    bar();\n}', /indentation/],
      ['e.txt', 'one\r\ntwo\r\n', 'one\\ntwo', 'one\\nTWO', /escape sequences/],
    ]
    for (const [name, content, oldText, newText, note] of cases) {
      file(name, content)
      const data = expectOk(await t.edit_file.execute({ path: name, old_text: oldText, new_text: newText }))
      expect(data, name).toMatch(note)
    }
    expectBytes(path.join(dir, 'u.txt'), 'a + b\r\n')
    expectBytes(path.join(dir, 'w.txt'), 'keep  \r\nx = 2;\r\n') // the kept line keeps its spaces
    expectBytes(path.join(dir, 'i.txt'), 'if (a) {\r\n\tbar();\r\n}\r\n')
    expectBytes(path.join(dir, 'e.txt'), 'one\r\nTWO\r\n')
  })

  it('replace_all replaces every match', async () => {
    const p = file('r.txt', 'foo\r\nbar foo\nfoo\r\n')
    const data = expectOk(await t.edit_file.execute({ path: 'r.txt', old_text: 'foo', new_text: 'baz', replace_all: true }))
    expect(data.split('\n')[0]).toMatch(/^Edited r\.txt: 3 replacements \(matched by exact\)/)
    expectBytes(p, 'baz\r\nbar baz\nbaz\r\n')
  })

  it('changes endings on purpose only with a real carriage return', async () => {
    const p = file('e.txt', 'one\r\ntwo\r\nthree\r\n')
    expectOk(await t.edit_file.execute({ path: 'e.txt', old_text: 'one\r\ntwo\r\n', new_text: 'one\ntwo\n' }))
    expectBytes(p, 'one\ntwo\nthree\r\n')
    // Asking for endings the file already has: NO_CHANGE, and the message says how.
    const data = expectFail(
      await t.edit_file.execute({ path: 'e.txt', old_text: 'one\r\ntwo\r\n', new_text: 'one\ntwo\n' }),
      'NO_CHANGE',
    )
    expect(data).toMatch(/differ only in their line endings/)
    expect(data).not.toMatch(/convertEol/) // the model has no such tool
    expect(data).toMatch(/write_file/)
    expectBytes(p, 'one\ntwo\nthree\r\n')
  })

  it('TEXT_NOT_FOUND names the closest region and leaves the file alone', async () => {
    const p = file('n.ts', 'function a() {\r\n  return 1;\r\n}\r\n')
    const data = expectFail(
      await t.edit_file.execute({ path: 'n.ts', old_text: 'function a() {\n  return 2;\n}', new_text: 'x' }),
      'TEXT_NOT_FOUND',
    )
    expect(data).toMatch(/closest match is lines 1-3 \(\d+% similar\)/)
    expect(data).toMatch(/return 1/)
    expect(data).toMatch(/without line-number prefixes/)
    expectBytes(p, 'function a() {\r\n  return 1;\r\n}\r\n')
  })

  it('TEXT_MULTIPLE_MATCHES lists every line and says replace_all', async () => {
    const p = file('m.txt', 'x = 1\r\ny\r\nx = 1\r\n')
    const data = expectFail(await t.edit_file.execute({ path: 'm.txt', old_text: 'x = 1', new_text: 'x = 2' }), 'TEXT_MULTIPLE_MATCHES')
    expect(data).toMatch(/lines 1, 3/)
    expect(data).toMatch(/replace_all/)
    expect(data).not.toMatch(/replaceAll/)
    expectBytes(p, 'x = 1\r\ny\r\nx = 1\r\n')
  })

  it('NO_CHANGE when old_text equals new_text', async () => {
    file('s.txt', 'a\r\n')
    expectFail(await t.edit_file.execute({ path: 's.txt', old_text: 'a', new_text: 'a' }), 'NO_CHANGE')
  })

  it('FILE_NOT_FOUND points at write_file', async () => {
    const data = expectFail(await t.edit_file.execute({ path: 'missing.ts', old_text: 'a', new_text: 'b' }), 'FILE_NOT_FOUND')
    expect(data).toMatch(/write_file/)
    expect(data).not.toMatch(/writeFile/)
    expect(fs.existsSync(path.join(dir, 'missing.ts'))).toBe(false)
  })

  it('INVALID_ARGUMENT for wrong or missing arguments, never a throw', async () => {
    file('a.txt', 'a\r\n')
    const cases: unknown[] = [
      undefined,
      null,
      5,
      [],
      'not json',
      { path: 5, old_text: 'a', new_text: 'b' },
      { path: 'a.txt', new_text: 'b' },
      { path: 'a.txt', old_text: 'a' },
      { path: 'a.txt', old_text: 1, new_text: 'b' },
      { path: 'a.txt', old_text: 'a', new_text: ['b'] },
      { path: 'a.txt', old_text: 'a', new_text: 'b', replace_all: 'yes' },
      { path: 'a.txt', old_text: '', new_text: 'b' },
    ]
    for (const args of cases) {
      const r = await t.edit_file.execute(args as never)
      expectFail(r, 'INVALID_ARGUMENT')
    }
    expect(expectFail(await t.edit_file.execute(undefined as never), 'INVALID_ARGUMENT')).toMatch(/must be an object/)
    expect(expectFail(await t.edit_file.execute({ path: 'a.txt', new_text: 'b' } as never), 'INVALID_ARGUMENT')).toBe(
      'old_text must be a string, but it is missing.',
    )
    expect(expectFail(await t.edit_file.execute({ path: 'a.txt', old_text: '', new_text: 'b' }), 'INVALID_ARGUMENT')).toMatch(
      /write_file/,
    )
    expectBytes(path.join(dir, 'a.txt'), 'a\r\n')
  })

  it('accepts JSON-text arguments and the usual key variants', async () => {
    const p = file('j.txt', 'a\r\nb\r\n')
    expectOk(await t.edit_file.execute(JSON.stringify({ path: 'j.txt', old_text: 'a', new_text: 'A' })))
    expectOk(await t.edit_file.execute({ path: 'j.txt', old_string: 'b', new_string: 'B', replace_all: null } as never))
    expectBytes(p, 'A\r\nB\r\n')
  })

  it("retries once without read_file's line-number prefixes pasted into old_text", async () => {
    const p = file('p.txt', 'alpha\r\nbeta\r\ngamma\r\n')
    const data = expectOk(
      await t.edit_file.execute({ path: 'p.txt', old_text: '2\u2502beta\n3\u2502gamma', new_text: '2\u2502BETA\n3\u2502gamma' }),
    )
    expect(data).toMatch(/line-number prefixes/)
    expectBytes(p, 'alpha\r\nBETA\r\ngamma\r\n')
  })

  it('concurrent calls on one file all land', async () => {
    const p = file('c.txt', Array.from({ length: 20 }, (_, i) => `v${i}`).join('\r\n') + '\r\n')
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => t.edit_file.execute({ path: 'c.txt', old_text: `v${i}\n`, new_text: `w${i}\n` })),
    )
    for (const r of results) expectOk(r)
    expectBytes(p, Array.from({ length: 20 }, (_, i) => `w${i}`).join('\r\n') + '\r\n')
  })
})

// ---------------------------------------------------------------------------

describe('multi_edit', () => {
  it('applies edits in order on a CRLF file', async () => {
    const p = file('m.ts', 'import a\r\nconst x = 1\r\nconst y = 2\r\n')
    const data = expectOk(
      await t.multi_edit.execute({
        path: 'm.ts',
        edits: [
          { oldText: 'const x = 1', newText: 'const x = 10' },
          { oldText: 'const x = 10\nconst y = 2', newText: 'const x = 10\nconst y = 20\nconst z = 30' },
        ],
      }),
    )
    expect(data.split('\n')[0]).toMatch(/^Edited m\.ts: 2 edits, 2 replacements \(matched by exact\), lines? /)
    expectBytes(p, 'import a\r\nconst x = 10\r\nconst y = 20\r\nconst z = 30\r\n')
  })

  it('accepts the snake_case keys inside edits, mixed with camelCase, and edits as JSON text', async () => {
    const p = file('k.txt', 'a\r\nb\r\nc\r\n')
    expectOk(
      await t.multi_edit.execute({
        path: 'k.txt',
        edits: [
          { old_text: 'a', new_text: 'A' },
          { oldText: 'b', new_text: 'B' },
          { old_text: 'c', newText: 'C', replace_all: true },
        ],
      } as never),
    )
    expectBytes(p, 'A\r\nB\r\nC\r\n')
    expectOk(await t.multi_edit.execute({ path: 'k.txt', edits: JSON.stringify([{ oldText: 'A', newText: 'a' }]) } as never))
    expectBytes(p, 'a\r\nB\r\nC\r\n')
  })

  it('notes which edit used a lenient tier', async () => {
    const p = file('l.txt', 'one\r\ntwo  \r\nthree\r\n')
    const data = expectOk(
      await t.multi_edit.execute({
        path: 'l.txt',
        edits: [
          { oldText: 'one', newText: '1' },
          { oldText: 'two\nthree', newText: 'two\n3' },
        ],
      }),
    )
    expectBytes(p, '1\r\ntwo  \r\n3\r\n')
    expect(data).toMatch(/\(matched by exact, trailingWhitespace\)/)
    expect(data).toMatch(/Note: edit #2 matched only after ignoring trailing spaces/)
  })

  it('is all or nothing: a failing edit writes nothing and is named in data', async () => {
    const p = file('n.txt', 'a\r\nb\r\nc\r\n')
    const data = expectFail(
      await t.multi_edit.execute({
        path: 'n.txt',
        edits: [
          { oldText: 'a', newText: 'A' },
          { oldText: 'zzz', newText: 'Z' },
        ],
      }),
      'TEXT_NOT_FOUND',
    )
    expect(data).toMatch(/^edit #2 \(edits\[1\]\) failed: /)
    expect(data).toMatch(/Nothing was written/)
    expect(data).toMatch(/oldText/) // multi_edit's own key names
    expectBytes(p, 'a\r\nb\r\nc\r\n')
  })

  it('TEXT_MULTIPLE_MATCHES names the edit, the lines and replaceAll', async () => {
    const p = file('d.txt', 'x\r\ny\r\nx\r\n')
    const data = expectFail(
      await t.multi_edit.execute({ path: 'd.txt', edits: [{ oldText: 'y', newText: 'Y' }, { oldText: 'x', newText: 'X' }] }),
      'TEXT_MULTIPLE_MATCHES',
    )
    expect(data).toMatch(/^edit #2 \(edits\[1\]\) failed: /)
    expect(data).toMatch(/lines 1, 3/)
    expect(data).toMatch(/replaceAll/)
    expectBytes(p, 'x\r\ny\r\nx\r\n')
  })

  it('NO_CHANGE when the edits cancel out', async () => {
    const p = file('c.txt', 'a\r\n')
    expectFail(
      await t.multi_edit.execute({ path: 'c.txt', edits: [{ oldText: 'a', newText: 'b' }, { oldText: 'b', newText: 'a' }] }),
      'NO_CHANGE',
    )
    expectBytes(p, 'a\r\n')
  })

  it('INVALID_ARGUMENT for malformed edits, naming the edit', async () => {
    file('i.txt', 'a\r\n')
    for (const edits of [undefined, 'nope', 5, {}, []]) {
      expectFail(await t.multi_edit.execute({ path: 'i.txt', edits } as never), 'INVALID_ARGUMENT')
    }
    const data = expectFail(
      await t.multi_edit.execute({ path: 'i.txt', edits: [{ oldText: 'a', newText: 'b' }, { oldText: 'a' }] } as never),
      'INVALID_ARGUMENT',
    )
    expect(data).toMatch(/^edit #2 \(edits\[1\]\) failed: newText must be a string/)
    expectFail(await t.multi_edit.execute({ path: 'i.txt', edits: [null] } as never), 'INVALID_ARGUMENT')
    expectFail(await t.multi_edit.execute({ path: 'i.txt', edits: [{ oldText: '', newText: 'x' }] }), 'INVALID_ARGUMENT')
    expectBytes(path.join(dir, 'i.txt'), 'a\r\n')
  })
})

// ---------------------------------------------------------------------------

describe('delete_range', () => {
  it('deletes between text anchors, keeping the anchors and every other ending', async () => {
    const p = file('d.txt', 'start\r\nx\ny\r\nend\r\ntail\r\n')
    const data = expectOk(await t.delete_range.execute({ path: 'd.txt', startAnchor: 'start', endAnchor: 'end' }))
    expect(data.split('\n')[0]).toBe('Deleted 2 lines from d.txt.')
    expect(data).toMatch(/^-x$/m)
    expectBytes(p, 'start\r\nend\r\ntail\r\n')
  })

  it('inclusive deletes the anchors too; anchors may be line numbers, also sent as strings', async () => {
    const p = file('n.txt', 'a\r\nb\r\nc\r\nd\r\ne\r\n')
    expectOk(await t.delete_range.execute({ path: 'n.txt', startAnchor: 2, endAnchor: 3, inclusive: true }))
    expectBytes(p, 'a\r\nd\r\ne\r\n')
    expectOk(await t.delete_range.execute({ path: 'n.txt', startAnchor: '1', endAnchor: '3' }))
    expectBytes(p, 'a\r\ne\r\n')
  })

  it('a line whose text is a number is matched as text first', async () => {
    const p = file('t.txt', 'x\r\n3\r\ny\r\nz\r\n1\r\n')
    expectOk(await t.delete_range.execute({ path: 't.txt', startAnchor: '3', endAnchor: '1' }))
    expectBytes(p, 'x\r\n3\r\n1\r\n')
  })

  it('failure shapes', async () => {
    const p = file('f.txt', 'a\r\nb\r\na\r\nc\r\n')
    expect(expectFail(await t.delete_range.execute({ path: 'f.txt', startAnchor: 'zz', endAnchor: 'c' }), 'ANCHOR_NOT_FOUND')).toMatch(
      /zz/,
    )
    expect(
      expectFail(await t.delete_range.execute({ path: 'f.txt', startAnchor: 'a', endAnchor: 'c' }), 'ANCHOR_MULTIPLE_MATCHES'),
    ).toMatch(/1.*3/)
    expectFail(await t.delete_range.execute({ path: 'f.txt', startAnchor: 'c', endAnchor: 'b' }), 'ANCHOR_ORDER')
    expectFail(await t.delete_range.execute({ path: 'f.txt', startAnchor: 3, endAnchor: 'c' }), 'EMPTY_RANGE')
    expectFail(await t.delete_range.execute({ path: 'f.txt', startAnchor: 0, endAnchor: 2 }), 'INVALID_ARGUMENT')
    expectFail(await t.delete_range.execute({ path: 'f.txt', startAnchor: {}, endAnchor: 2 } as never), 'INVALID_ARGUMENT')
    expectFail(await t.delete_range.execute({ path: 'f.txt', startAnchor: 1 } as never), 'INVALID_ARGUMENT')
    expectFail(
      await t.delete_range.execute({ path: 'f.txt', startAnchor: 1, endAnchor: 4, inclusive: 1 } as never),
      'INVALID_ARGUMENT',
    )
    expectFail(await t.delete_range.execute({ path: 'none.txt', startAnchor: 1, endAnchor: 2 }), 'FILE_NOT_FOUND')
    expectBytes(p, 'a\r\nb\r\na\r\nc\r\n')
  })
})

// ---------------------------------------------------------------------------

describe('write_file', () => {
  it('overwriting a CRLF file with LF content keeps CRLF and the BOM', async () => {
    const p = file('w.cs', BOM + 'class A\r\n{\r\n}\r\n')
    const data = expectOk(await t.write_file.execute({ path: 'w.cs', content: 'class A\n{\n  int x;\n}\n' }))
    expectBytes(p, BOM + 'class A\r\n{\r\n  int x;\r\n}\r\n')
    expect(data.split('\n')[0]).toBe('Wrote w.cs: +1 -0 lines. Existing line endings and BOM kept; endings now: CRLF.')
    expect(data).toMatch(/^\+  int x;$/m)
  })

  it('overwriting a mixed file keeps each unchanged line\'s ending', async () => {
    const p = file('m.txt', 'a\r\nb\nc\r\n')
    expectOk(await t.write_file.execute({ path: 'm.txt', content: 'a\nb\nC\n' }))
    expectBytes(p, 'a\r\nb\nC\r\n')
  })

  it('new files follow .editorconfig, .gitattributes, else LF, and folders are created', async () => {
    file('ec/.editorconfig', 'root = true\n[*]\nend_of_line = crlf\n')
    const data = expectOk(await t.write_file.execute({ path: 'ec/deep/er/n.txt', content: 'x\ny\n' }))
    expect(data).toBe('Created ec/deep/er/n.txt: 2 lines, line endings: CRLF.')
    expectBytes(path.join(dir, 'ec/deep/er/n.txt'), 'x\r\ny\r\n')

    file('ga/.gitattributes', '*.txt eol=crlf\n')
    expectOk(await t.write_file.execute({ path: 'ga/n.txt', content: 'x\ny\n' }))
    expectBytes(path.join(dir, 'ga/n.txt'), 'x\r\ny\r\n')

    expectOk(await t.write_file.execute({ path: 'plain/n.txt', content: 'x\ny\n' }))
    expectBytes(path.join(dir, 'plain/n.txt'), 'x\ny\n')
  })

  it('eol converts on purpose', async () => {
    const p = file('c.txt', 'a\r\nb\r\n')
    const data = expectOk(await t.write_file.execute({ path: 'c.txt', content: 'a\nb\n', eol: 'lf' }))
    expect(data).toMatch(/converted to LF on purpose/)
    expectBytes(p, 'a\nb\n')
    expectOk(await t.write_file.execute({ path: 'c.txt', content: 'a\nb\n', eol: 'crlf' }))
    expectBytes(p, 'a\r\nb\r\n')
  })

  it('the same content again is reported as no change', async () => {
    const p = file('s.txt', 'a\r\nb\r\n')
    expect(expectOk(await t.write_file.execute({ path: 's.txt', content: 'a\nb\n' }))).toBe(
      'No change: s.txt already has exactly this content.',
    )
    expectBytes(p, 'a\r\nb\r\n')
  })

  it('INVALID_ARGUMENT for bad content or eol', async () => {
    expectFail(await t.write_file.execute({ path: 'x.txt', content: 5 } as never), 'INVALID_ARGUMENT')
    expectFail(await t.write_file.execute({ path: 'x.txt' } as never), 'INVALID_ARGUMENT')
    expectFail(await t.write_file.execute({ path: 'x.txt', content: 'a', eol: 'cr' } as never), 'INVALID_ARGUMENT')
    expectFail(await t.write_file.execute({ content: 'a' } as never), 'INVALID_ARGUMENT')
    expect(fs.existsSync(path.join(dir, 'x.txt'))).toBe(false)
  })
})

// ---------------------------------------------------------------------------

describe('confinement (createTools({ root }))', () => {
  it('relative paths are taken from the root', async () => {
    file('in/a.txt', 'a\r\n')
    expectOk(await t.read_file.execute({ path: 'in/a.txt' }))
    expectOk(await t.read_file.execute({ path: path.join(dir, 'in/a.txt') }))
  })

  it('PATH_OUTSIDE_ROOT for absolute, `..` and symlinked paths; nothing read or written', async () => {
    const outside = tempDir()
    const target = path.join(outside, 'secret.txt')
    fs.writeFileSync(target, 'secret\r\n')
    const rel = path.relative(dir, target)
    const paths = [target, rel]
    if (process.platform !== 'win32') {
      fs.symlinkSync(target, path.join(dir, 'link.txt'))
      paths.push('link.txt')
    }
    for (const p of paths) {
      expectFail(await t.read_file.execute({ path: p }), 'PATH_OUTSIDE_ROOT')
      expectFail(await t.edit_file.execute({ path: p, old_text: 'secret', new_text: 'x' }), 'PATH_OUTSIDE_ROOT')
      expectFail(await t.multi_edit.execute({ path: p, edits: [{ oldText: 'secret', newText: 'x' }] }), 'PATH_OUTSIDE_ROOT')
      expectFail(await t.delete_range.execute({ path: p, startAnchor: 1, endAnchor: 1, inclusive: true }), 'PATH_OUTSIDE_ROOT')
      expectFail(await t.write_file.execute({ path: p, content: 'x' }), 'PATH_OUTSIDE_ROOT')
    }
    const data = expectFail(await t.write_file.execute({ path: path.join(outside, 'new.txt'), content: 'x' }), 'PATH_OUTSIDE_ROOT')
    expect(data).toMatch(/outside the allowed root/)
    expectBytes(target, 'secret\r\n')
    expect(fs.readdirSync(outside)).toEqual(['secret.txt'])
  })

  it('several roots, and an explicit cwd', async () => {
    const a = tempDir()
    const b = tempDir()
    fs.writeFileSync(path.join(a, 'x.txt'), 'a\r\n')
    fs.writeFileSync(path.join(b, 'y.txt'), 'b\r\n')
    const two = createTools({ root: [a, b], cwd: b })
    expectOk(await two.read_file.execute({ path: 'y.txt' }))
    expectOk(await two.edit_file.execute({ path: path.join(a, 'x.txt'), old_text: 'a', new_text: 'A' }))
    expectBytes(path.join(a, 'x.txt'), 'A\r\n')
    expectFail(await two.read_file.execute({ path: path.join(dir, 'z.txt') }), 'PATH_OUTSIDE_ROOT')
  })
})

// ---------------------------------------------------------------------------

describe('execute never throws', () => {
  it('resolves to a result for any input, for every tool', async () => {
    file('a.txt', 'a\r\n')
    const hostile = new Proxy(
      {},
      {
        get() {
          throw new Error('boom')
        },
        has() {
          throw new Error('boom')
        },
        getOwnPropertyDescriptor() {
          throw new Error('boom')
        },
      },
    )
    const inputs: unknown[] = [
      undefined,
      null,
      0,
      NaN,
      '',
      '{',
      '[]',
      [],
      {},
      hostile,
      Symbol('s'),
      () => 1,
      { path: null },
      { path: {} },
      { path: 'a.txt', offset: Infinity },
      { path: 'a.txt', old_text: Symbol('x'), new_text: 'b' },
      { path: 'a.txt', edits: [hostile] },
      { path: 'a.txt', edits: 'x'.repeat(10) },
      { path: 'a.txt', startAnchor: NaN, endAnchor: 1 },
      { path: '\0bad', content: 'x' },
    ]
    for (const tool of Object.values(t)) {
      for (const input of inputs) {
        const r: ToolResult = await tool.execute(input as never).catch((error: unknown) => {
          throw new Error(`${tool.name} rejected for ${typeof input}: ${String(error)}`)
        })
        expect(typeof r.success).toBe('boolean')
        expect(typeof r.data).toBe('string')
        if (!r.success) expect(typeof r.error).toBe('string')
      }
    }
    expectBytes(path.join(dir, 'a.txt'), 'a\r\n')
  })
})

// ---------------------------------------------------------------------------

describe('module formats', () => {
  const node = process.execPath

  it('imports from ESM by path and by the package name', () => {
    const tmp = tempDir()
    const mjs = path.join(tmp, 'use.mjs')
    const target = path.join(tmp, 'f.txt')
    fs.writeFileSync(target, 'a\r\nb\r\n')
    fs.writeFileSync(
      mjs,
      `import { createTools, tools, read_file, edit_file, write_file, multi_edit, delete_range, toOpenAITools } from ${JSON.stringify(
        pathToFileURL(path.join(repo, 'tools.js')).href,
      )}\n` +
        `const names = [tools, read_file, edit_file, write_file, multi_edit, delete_range].map((x) => typeof x)\n` +
        `const t = createTools({ root: ${JSON.stringify(tmp)} })\n` +
        `const r = await t.edit_file.execute({ path: 'f.txt', old_text: 'a\\nb', new_text: 'A\\nb' })\n` +
        `console.log(JSON.stringify({ names, success: r.success, n: toOpenAITools(t).length }))\n`,
    )
    const out = execFileSync(node, [mjs], { encoding: 'utf8' })
    expect(JSON.parse(out)).toEqual({ names: Array(6).fill('object'), success: true, n: 5 })
    expectBytes(target, 'A\r\nb\r\n')

    // Self-reference through package.json `exports["./tools"]`, as a user writes it.
    const byName = execFileSync(
      node,
      ['--input-type=module', '-e', "import { createTools, edit_file } from 'eol-edit/tools'; console.log(typeof createTools, edit_file.name)"],
      { cwd: repo, encoding: 'utf8' },
    )
    expect(byName.trim()).toBe('function edit_file')
  })

  it('requires from CommonJS', () => {
    const out = execFileSync(
      node,
      ['-e', "const m = require('eol-edit/tools'); console.log(Object.keys(m).sort().join(','))"],
      { cwd: repo, encoding: 'utf8' },
    )
    expect(out.trim()).toBe(
      'createTools,delete_range,edit_file,multi_edit,read_file,toAnthropicTools,toOpenAITools,tools,write_file',
    )
  })
})

/** UTF-16BE bytes of a string. */
function swap16(text: string): Buffer {
  const le = Buffer.from(text, 'utf16le')
  for (let i = 0; i < le.length; i += 2) {
    const x = le[i]
    le[i] = le[i + 1]
    le[i + 1] = x
  }
  return le
}
