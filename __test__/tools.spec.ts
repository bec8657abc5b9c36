// The drop-in agent tools of SPEC section 6 (`eol-edit/tools`), driven exactly
// as an agent drives them: `execute(args)` with the model's arguments, and
// the bytes on disk checked afterwards. Files are CRLF, mixed or BOM'd
// throughout, because that is where agents damage files.

import { execFileSync, spawn } from 'node:child_process'
import * as fs from 'node:fs'
import * as os from 'node:os'
import * as path from 'node:path'
import { pathToFileURL } from 'node:url'

import { afterAll, beforeEach, describe, expect, it } from 'vitest'

import { EolEditError, readFileSync as coreReadFileSync } from '../index.js'
import * as toolsModule from '../tools.js'
import {
  createTools as createToolsUnrecorded,
  delete_range,
  edit_file,
  multi_edit,
  read_file,
  toAnthropicTools,
  toOpenAIResponsesTools,
  toOpenAITools,
  tools as defaultTools,
  write_file,
  type ApprovalRequest,
  type CreateToolsOptions,
  type ToolResult,
  type ToolSuccess,
  type Tools,
} from '../tools.js'
import { strictSchemaErrors, strictToolErrors } from './openai-strict.js'
import { toolOutputProblems } from './support/wording.js'

/** Every result the tools gave in this file, for the check that they name only what the tools take. */
const produced: Array<{ tool: string; args: unknown; result: ToolResult }> = []

/** The tool set, with every result it gives recorded in `produced`. */
function recorded(tools: Tools): Tools {
  for (const tool of Object.values(tools)) {
    const run = tool.execute.bind(tool) as (args: unknown, context?: unknown) => Promise<ToolResult>
    Object.assign(tool, {
      execute: async (args: unknown, context?: unknown) => {
        const result = await run(args, context)
        produced.push({ tool: tool.name, args, result })
        return result
      },
    })
  }
  return tools
}

/** createTools, recording (`produced`). */
const createTools = (options?: CreateToolsOptions): Tools => recorded(createToolsUnrecorded(options))

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

function expectOkResult(r: ToolResult): ToolSuccess {
  expectOk(r)
  return r as ToolSuccess
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

  it('createTools returns the five file tools, each with name, description, schema and execute, and apply_patch', () => {
    expect(Object.keys(t)).toEqual([...names, 'apply_patch'])
    for (const name of names) {
      const tool = t[name]
      expect(tool.name).toBe(name)
      expect(typeof tool.description).toBe('string')
      expect(tool.description.length).toBeGreaterThan(50)
      // Short: sent with every request.
      expect(tool.description.length).toBeLessThan(1300)
      expect(tool.parameters.type).toBe('object')
      expect(tool.parameters.required).toContain('path')
      for (const key of tool.parameters.required) expect(tool.parameters.properties).toHaveProperty(key)
      expect(typeof tool.execute).toBe('function')
      // The schema is plain JSON.
      expect(JSON.parse(JSON.stringify(tool.parameters))).toEqual(tool.parameters)
    }
  })

  it('names every argument in snake_case, in every tool', () => {
    expect(t.read_file.parameters.required).toEqual(['path'])
    expect(Object.keys(t.read_file.parameters.properties)).toEqual(['path', 'offset', 'limit', 'encoding'])
    expect(t.write_file.parameters.required).toEqual(['path', 'content'])
    expect(t.edit_file.parameters.required).toEqual(['path', 'old_text', 'new_text'])
    expect(Object.keys(t.edit_file.parameters.properties)).toEqual(['path', 'old_text', 'new_text', 'replace_all', 'allow', 'encoding'])
    expect(t.multi_edit.parameters.required).toEqual(['path', 'edits'])
    const items = (t.multi_edit.parameters.properties.edits as { items: { required: string[]; properties: object } })
      .items
    expect(items.required).toEqual(['old_text', 'new_text'])
    expect(Object.keys(items.properties)).toEqual(['old_text', 'new_text', 'replace_all'])
    // Each end is an anchor or a line number, so neither is required on its own.
    expect(t.delete_range.parameters.required).toEqual(['path'])
    expect(Object.keys(t.delete_range.parameters.properties)).toEqual([
      'path',
      'start_anchor',
      'end_anchor',
      'start_line',
      'end_line',
      'inclusive',
      'encoding',
    ])
    expect(Object.keys(t.apply_patch.parameters.properties)).toEqual(['input', 'allow', 'encoding'])
    const names = Object.values(t).flatMap((tool) => propertyNames(tool.parameters))
    expect(names).toContain('old_text')
    expect(names.filter((n) => /[a-z][A-Z]/.test(n))).toEqual([]) // no camelCase argument anywhere
  })

  it('descriptions tell the model how to edit without damaging a file', () => {
    for (const name of ['edit_file', 'multi_edit'] as const) {
      const d = t[name].description
      expect(d).toContain('Write line breaks as \\n') // the two characters, as the model writes them in JSON
      expect(d).toMatch(/CRLF stays CRLF/)
      expect(d).toMatch(/mixed stays mixed/)
      expect(d).toMatch(/BOM/)
      expect(d).toMatch(/Read the file with read_file first/)
      expect(d).toMatch(/FILE_CHANGED: read it again/)
      // Changing endings on purpose: a carriage return, which "\r" in JSON already is, or write_file with eol.
      expect(d).toMatch(/put the carriage returns in old_text and new_text/)
      expect(d).toContain('in JSON "\\r" already is one')
      expect(d).toMatch(/write_file with eol/)
      // Every lenient tier, in order.
      expect(d).toMatch(/Unicode look-alikes.*trailing whitespace.*runs of spaces inside a line.*indentation.*literal escapes/)
      expect(d).not.toContain('\r')
    }
    for (const tool of Object.values(t)) {
      // Nothing a user does not have: no design documents, no issue numbers.
      expect(tool.description).not.toMatch(/\bSPEC\b|\bseed\b|section \d|issue #?\d/i)
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
    expect(Object.keys(defaultTools)).toEqual([...names, 'apply_patch'])
    expect(read_file).toBe(defaultTools.read_file)
    expect(write_file).toBe(defaultTools.write_file)
    expect(edit_file).toBe(defaultTools.edit_file)
    expect(multi_edit).toBe(defaultTools.multi_edit)
    expect(delete_range).toBe(defaultTools.delete_range)
    expect(toolsModule.createTools).toBe(createToolsUnrecorded)
  })

  it('converts to the OpenAI and Anthropic formats', () => {
    const openai = toOpenAITools(t)
    expect(openai).toHaveLength(6)
    expect(openai[2]).toEqual({
      type: 'function',
      function: { name: 'edit_file', description: t.edit_file.description, parameters: t.edit_file.parameters },
    })
    expect(openai[2].function.parameters).not.toBe(t.edit_file.parameters) // a copy
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
      // A new tool set each time: this one did not see the file being rewritten here.
      const p = file('c.txt', 'a\r\nb\r\nc\r\n')
      expectOk(await createTools({ root: dir }).edit_file.execute({ path: 'c.txt', old_text: oldText, new_text: newText }))
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
    expect(data).toMatch(/old_text/) // the schema's key names
    expectBytes(p, 'a\r\nb\r\nc\r\n')
  })

  it('TEXT_MULTIPLE_MATCHES names the edit, the lines and replace_all', async () => {
    const p = file('d.txt', 'x\r\ny\r\nx\r\n')
    const data = expectFail(
      await t.multi_edit.execute({ path: 'd.txt', edits: [{ oldText: 'y', newText: 'Y' }, { oldText: 'x', newText: 'X' }] }),
      'TEXT_MULTIPLE_MATCHES',
    )
    expect(data).toMatch(/^edit #2 \(edits\[1\]\) failed: /)
    expect(data).toMatch(/lines 1, 3/)
    expect(data).toMatch(/replace_all/)
    expect(data).not.toMatch(/replaceAll/)
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
    expect(data).toMatch(/^edit #2 \(edits\[1\]\) failed: new_text must be a string/)
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

  it.skipIf(process.platform === 'win32')('says Created for a path through a link and `..` that names a new file, as the OS resolves it', async () => {
    // sub/x.txt exists; sub/link is a link to far/deep, so sub/link/../x.txt is
    // far/x.txt, which does not: a new file, whatever the spelling reads like.
    file('sub/x.txt', 'old\r\n')
    fs.mkdirSync(path.join(dir, 'far', 'deep'), { recursive: true })
    fs.symlinkSync(path.join(dir, 'far', 'deep'), path.join(dir, 'sub', 'link'), 'dir')
    const data = expectOk(await t.write_file.execute({ path: 'sub/link/../x.txt', content: 'new\n' }))
    expect(data.split('\n')[0]).toMatch(/^Created sub\/link\/\.\.\/x\.txt: 1 line/)
    expectBytes(path.join(dir, 'far', 'x.txt'), 'new\n')
    expectBytes(path.join(dir, 'sub', 'x.txt'), 'old\r\n')
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
    // A sibling of the root, so that `..` leads there on every drive layout.
    const outside = fs.mkdtempSync(path.join(path.dirname(dir), 'eol-tools-outside-'))
    made.push(outside)
    const target = path.join(outside, 'secret.txt')
    fs.writeFileSync(target, 'secret\r\n')
    const rel = path.relative(dir, target)
    expect(path.isAbsolute(rel)).toBe(false)
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

  it('PATH_OUTSIDE_ROOT names the path the model gave and the root, never where a link leads', async () => {
    if (process.platform === 'win32') return
    const outside = fs.mkdtempSync(path.join(path.dirname(dir), 'eol-tools-hidden-'))
    made.push(outside)
    fs.mkdirSync(path.join(outside, 'keys'))
    fs.writeFileSync(path.join(outside, 'keys', 'id.txt'), 'secret\n')
    fs.symlinkSync(path.join(outside, 'keys', 'id.txt'), path.join(dir, 'link.txt'))
    fs.symlinkSync(path.join(outside, 'keys'), path.join(dir, 'folder-link'), 'dir')
    const said = [
      expectFail(await t.read_file.execute({ path: 'link.txt' }), 'PATH_OUTSIDE_ROOT'),
      expectFail(await t.write_file.execute({ path: 'folder-link/new.txt', content: 'x' }), 'PATH_OUTSIDE_ROOT'),
      (await toolsModule.createAnthropicTextEditor({ root: dir }).execute({ command: 'view', path: 'folder-link' })).content,
    ]
    for (const text of said) {
      expect(text).toMatch(/outside the allowed root/)
      expect(text).toContain(fs.realpathSync(dir))
      expect(text).not.toContain(outside)
      expect(text).not.toContain('keys')
    }
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

describe('stale reads', () => {
  it('write_file of stale content after another program appended a line fails with FILE_CHANGED', async () => {
    const p = file('notes.txt', 'one\r\ntwo\r\n')
    const read = expectOk(await t.read_file.execute({ path: 'notes.txt' }))
    const stale = read.split('\n').slice(1).map((line) => line.replace(/^\d+\u2502/, '')).join('\n') + '\n'
    fs.appendFileSync(p, 'three, appended by another program\r\n')
    const data = expectFail(await t.write_file.execute({ path: 'notes.txt', content: stale + 'four\n' }), 'FILE_CHANGED')
    expect(data).toMatch(/notes\.txt/)
    // It shows the line appended (section 13), so the model can keep it.
    expect(data).toContain('+ 3│three, appended by another program')
    expectBytes(p, 'one\r\ntwo\r\nthree, appended by another program\r\n')
  })

  it('edit_file, multi_edit and delete_range on a file changed since it was read write nothing', async () => {
    const p = file('s.txt', 'a\r\nb\r\nc\r\n')
    expectOk(await t.read_file.execute({ path: 's.txt', limit: 1 })) // a slice is a read too
    fs.writeFileSync(p, 'a\r\nb\r\nc\r\nd\r\n')
    const calls: Array<[keyof Tools, object]> = [
      ['edit_file', { path: 's.txt', old_text: 'a', new_text: 'A' }],
      ['multi_edit', { path: 's.txt', edits: [{ old_text: 'b', new_text: 'B' }] }],
      ['delete_range', { path: 's.txt', start_anchor: 1, end_anchor: 3 }],
      ['write_file', { path: 's.txt', content: 'x\n' }],
    ]
    for (const [name, args] of calls) {
      expect(expectFail(await t[name].execute(args), 'FILE_CHANGED'), name).toMatch(/Read it again with read_file/)
    }
    expectBytes(p, 'a\r\nb\r\nc\r\nd\r\n')
    // Reading again is the way out.
    expectOk(await t.read_file.execute({ path: 's.txt' }))
    expectOk(await t.edit_file.execute({ path: 's.txt', old_text: 'a', new_text: 'A' }))
    expectBytes(p, 'A\r\nb\r\nc\r\nd\r\n')
  })

  it("the tool set's own writes are not changes: edit after edit, and concurrent edits, all land", async () => {
    const p = file('own.txt', Array.from({ length: 10 }, (_, i) => `v${i}`).join('\r\n') + '\r\n')
    expectOk(await t.read_file.execute({ path: 'own.txt' }))
    expectOk(await t.edit_file.execute({ path: 'own.txt', old_text: 'v0', new_text: 'w0' }))
    expectOk(await t.write_file.execute({ path: 'own.txt', content: (await coreReadFileSync(p)).content.replace('v1', 'w1') }))
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => t.edit_file.execute({ path: 'own.txt', old_text: `v${i + 2}\n`, new_text: `w${i + 2}\n` })),
    )
    for (const r of results) expectOk(r)
    expectBytes(p, Array.from({ length: 10 }, (_, i) => `w${i}`).join('\r\n') + '\r\n')
  })

  it("concurrent edits of a file large enough for the thread pool wait for each other, and all land", async () => {
    // Over 1 MiB, an edit runs on the thread pool: the calls after it must queue
    // behind it, else each would expect the version the first one replaces.
    const filler = 'x'.repeat(99) + '\r\n'
    const body = filler.repeat(11 * 1024)
    const p = file('big.txt', Array.from({ length: 6 }, (_, i) => `v${i}`).join('\r\n') + '\r\n' + body)
    expectOk(await t.read_file.execute({ path: 'big.txt', limit: 1 }))
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => t.edit_file.execute({ path: 'big.txt', old_text: `v${i}\n`, new_text: `w${i}\n` })),
    )
    for (const r of results) expectOk(r)
    expectBytes(p, Array.from({ length: 6 }, (_, i) => `w${i}`).join('\r\n') + '\r\n' + body)
  })

  it('a file the tool set wrote is guarded too, under any spelling of its path', async () => {
    expectOk(await t.write_file.execute({ path: 'made.txt', content: 'x\n' }))
    fs.writeFileSync(path.join(dir, 'made.txt'), 'x\nchanged elsewhere\n')
    expectFail(await t.edit_file.execute({ path: path.join(dir, 'made.txt'), old_text: 'x', new_text: 'y' }), 'FILE_CHANGED')
    expectFail(await t.edit_file.execute({ path: './sub/../made.txt', old_text: 'x', new_text: 'y' }), 'FILE_CHANGED')
    if (process.platform !== 'win32') {
      fs.symlinkSync(path.join(dir, 'made.txt'), path.join(dir, 'link.txt'))
      expectFail(await t.edit_file.execute({ path: 'link.txt', old_text: 'x', new_text: 'y' }), 'FILE_CHANGED')
    }
    expectBytes(path.join(dir, 'made.txt'), 'x\nchanged elsewhere\n')
  })

  it('without requireRead, a file the tool set never saw can be changed', async () => {
    const p = file('unseen.txt', 'a\r\n')
    expectOk(await t.edit_file.execute({ path: 'unseen.txt', old_text: 'a', new_text: 'b' }))
    expectBytes(p, 'b\r\n')
  })

  it('requireRead refuses to change an existing file the tool set never read', async () => {
    const strict = createTools({ root: dir, requireRead: true })
    const p = file('r.txt', 'a\r\nb\r\n')
    for (const [name, args] of [
      ['edit_file', { path: 'r.txt', old_text: 'a', new_text: 'A' }],
      ['multi_edit', { path: 'r.txt', edits: [{ old_text: 'a', new_text: 'A' }] }],
      ['delete_range', { path: 'r.txt', start_anchor: 1, end_anchor: 2, inclusive: true }],
      ['write_file', { path: 'r.txt', content: 'new\n' }],
    ] as Array<[keyof Tools, object]>) {
      expect(expectFail(await strict[name].execute(args), 'FILE_CHANGED'), name).toMatch(
        /r\.txt has not been read yet.*Read it with read_file first/,
      )
    }
    expectBytes(p, 'a\r\nb\r\n')
    // A new file needs no read; neither does a file it wrote.
    expectOk(await strict.write_file.execute({ path: 'fresh.txt', content: 'x\n' }))
    expectOk(await strict.edit_file.execute({ path: 'fresh.txt', old_text: 'x', new_text: 'y' }))
    // Once read, the file can be changed.
    expectOk(await strict.read_file.execute({ path: 'r.txt' }))
    expectOk(await strict.edit_file.execute({ path: 'r.txt', old_text: 'a', new_text: 'A' }))
    expectBytes(p, 'A\r\nb\r\n')
    // A path outside the root is still PATH_OUTSIDE_ROOT: the check reveals nothing there.
    const outside = tempDir()
    fs.writeFileSync(path.join(outside, 'o.txt'), 'o\n')
    expectFail(await strict.edit_file.execute({ path: path.join(outside, 'o.txt'), old_text: 'o', new_text: 'p' }), 'PATH_OUTSIDE_ROOT')
  })

  it('each tool set remembers its own reads', async () => {
    const p = file('two.txt', 'a\r\n')
    expectOk(await t.read_file.execute({ path: 'two.txt' }))
    const other = createTools({ root: dir, requireRead: true })
    expectFail(await other.edit_file.execute({ path: 'two.txt', old_text: 'a', new_text: 'b' }), 'FILE_CHANGED')
    expectOk(await t.edit_file.execute({ path: 'two.txt', old_text: 'a', new_text: 'b' }))
    expectBytes(p, 'b\r\n')
  })
})

// ---------------------------------------------------------------------------

describe('approve', () => {
  it('is asked with the dry run (tool, path, diff, summary); false writes nothing and is REJECTED', async () => {
    const requests: ApprovalRequest[] = []
    const guarded = createTools({ root: dir, approve: (request) => (requests.push(request), false) })
    const p = file('a.ts', 'one\r\ntwo\r\n')
    const data = expectFail(await guarded.edit_file.execute({ path: 'a.ts', old_text: 'two', new_text: 'TWO' }), 'REJECTED')
    expect(data).toMatch(/did not approve this change to a\.ts.*nothing was written/)
    expectBytes(p, 'one\r\ntwo\r\n')
    expect(requests).toHaveLength(1)
    const [request] = requests
    expect(request.tool).toBe('edit_file')
    expect(request.path).toBe('a.ts')
    expect(request.diff).toMatch(/^-two$/m)
    expect(request.diff).toMatch(/^\+TWO$/m)
    expect(request.summary).toBe('edit_file a.ts: +1 -1 lines')
    expect(request.files).toEqual([{ path: 'a.ts', diff: request.diff, summary: request.summary }])
  })

  it('true (sync or async) lets every writing tool write; read_file is never asked', async () => {
    const asked: string[] = []
    // Every other answer is a Promise.
    const guarded = createTools({
      root: dir,
      approve: ({ tool }) => (asked.push(tool) % 2 === 0 ? Promise.resolve(true) : true),
    })
    const p = file('w.txt', 'a\r\nb\r\nc\r\n')
    expectOk(await guarded.read_file.execute({ path: 'w.txt' }))
    const edited = expectOkResult(await guarded.edit_file.execute({ path: 'w.txt', old_text: 'a', new_text: 'A' }))
    expect(edited.summary).toBe('edit_file w.txt: +1 -1 lines')
    expect(edited.diff).toMatch(/^\+A$/m)
    expectOk(await guarded.multi_edit.execute({ path: 'w.txt', edits: [{ old_text: 'b', new_text: 'B' }] }))
    expectOk(await guarded.delete_range.execute({ path: 'w.txt', start_anchor: 3, end_anchor: 3, inclusive: true }))
    expectOk(await guarded.write_file.execute({ path: 'w.txt', content: 'A\nB\nD\n' }))
    expect(asked).toEqual(['edit_file', 'multi_edit', 'delete_range', 'write_file'])
    expectBytes(p, 'A\r\nB\r\nD\r\n')
  })

  it('a throwing or non-true approve writes nothing', async () => {
    const p = file('t.txt', 'a\n')
    const throwing = createTools({ root: dir, approve: () => { throw new Error('dialog closed') } })
    expect(expectFail(await throwing.edit_file.execute({ path: 't.txt', old_text: 'a', new_text: 'b' }), 'REJECTED')).toMatch(/dialog closed/)
    const sloppy = createTools({ root: dir, approve: (() => 'yes') as unknown as () => boolean })
    expectFail(await sloppy.write_file.execute({ path: 't.txt', content: 'b\n' }), 'REJECTED')
    const rejecting = createTools({ root: dir, approve: () => Promise.reject(new Error('no')) })
    expectFail(await rejecting.write_file.execute({ path: 'new.txt', content: 'b\n' }), 'REJECTED')
    expectBytes(p, 'a\n')
    expect(fs.existsSync(path.join(dir, 'new.txt'))).toBe(false)
  })

  it('is not asked when the change fails anyway', async () => {
    let asked = 0
    const guarded = createTools({ root: dir, approve: () => (asked++, true) })
    file('f.txt', 'a\n')
    expectFail(await guarded.edit_file.execute({ path: 'f.txt', old_text: 'zzz', new_text: 'b' }), 'TEXT_NOT_FOUND')
    expect(asked).toBe(0)
  })

  it('a file changed while the user was deciding is not overwritten: FILE_CHANGED', async () => {
    const p = file('race.txt', 'a\r\nb\r\n')
    const guarded = createTools({
      root: dir,
      approve: () => {
        fs.writeFileSync(p, 'a\r\nb\r\nadded meanwhile\r\n')
        return true
      },
    })
    expectFail(await guarded.edit_file.execute({ path: 'race.txt', old_text: 'a', new_text: 'A' }), 'FILE_CHANGED')
    expectBytes(p, 'a\r\nb\r\nadded meanwhile\r\n')
  })

  it('writes the bytes it showed, even when working the change out again would give others', async () => {
    // A new file's endings are the project's (.editorconfig), read when the change is
    // worked out. The user is shown LF lines; while they decide, the project switches
    // to CRLF. The file must get what was approved, not a second computation's CRLF.
    const calls: Array<[keyof Tools, object, string]> = [
      ['write_file', { path: 'shown.txt', content: 'one\ntwo\n' }, 'shown.txt'],
      ['apply_patch', { input: '*** Begin Patch\n*** Add File: shown2.txt\n+one\n+two\n*** End Patch' }, 'shown2.txt'],
    ]
    for (const [name, args, created] of calls) {
      const config = file('.editorconfig', 'root = true\n[*]\nend_of_line = lf\n')
      const asked: ApprovalRequest[] = []
      const guarded = createTools({
        root: dir,
        approve: (request) => {
          asked.push(request)
          fs.writeFileSync(config, 'root = true\n[*]\nend_of_line = crlf\n')
          return true
        },
      })
      const ok = expectOkResult(await guarded[name].execute(args))
      expect(asked, name).toHaveLength(1)
      expect(asked[0].diff, name).toBe(ok.diff)
      expectBytes(path.join(dir, created), 'one\ntwo\n')
      // The version the tool set remembers is the written file's: an edit goes through.
      expectOk(await guarded.edit_file.execute({ path: created, old_text: 'two', new_text: 'TWO' }))
      expectBytes(path.join(dir, created), 'one\nTWO\n')
    }
  })
})

// ---------------------------------------------------------------------------

describe('results and the call context', () => {
  it('a success carries path, diff and summary for the host; a failure its code and path', async () => {
    file('r.txt', 'a\r\nb\r\n')
    const ok = expectOkResult(await t.edit_file.execute({ path: 'r.txt', old_text: 'b', new_text: 'B' }))
    expect(ok.path).toBe('r.txt')
    expect(ok.diff).toMatch(/^--- /) // the whole diff, header included
    expect(ok.summary).toBe('edit_file r.txt: +1 -1 lines')
    const read = expectOkResult(await t.read_file.execute({ path: 'r.txt' }))
    expect(read.summary).toBe('read_file r.txt: lines 1-2 of 2')
    expect(read.diff).toBeUndefined()
    const failed = await t.edit_file.execute({ path: 'r.txt', old_text: 'zz', new_text: 'y' })
    expect(failed).toMatchObject({ success: false, error: 'TEXT_NOT_FOUND', path: 'r.txt' })
  })

  it('context.cwd is where relative paths of that call start', async () => {
    file('sub/c.txt', 'c\r\n')
    expect(expectOk(await t.read_file.execute({ path: 'c.txt' }, { cwd: path.join(dir, 'sub') }))).toMatch(/^\[c\.txt: 1 line/)
    expectOk(await t.edit_file.execute({ path: 'c.txt', old_text: 'c', new_text: 'C' }, { cwd: 'sub' }))
    expectBytes(path.join(dir, 'sub/c.txt'), 'C\r\n')
    expectFail(await t.read_file.execute({ path: 'c.txt' }), 'FILE_NOT_FOUND') // the tool set's own cwd is unchanged
  })

  it('an aborted signal stops the call before anything is written', async () => {
    const p = file('ab.txt', 'a\n')
    const controller = new AbortController()
    controller.abort()
    for (const [name, args] of [
      ['edit_file', { path: 'ab.txt', old_text: 'a', new_text: 'b' }],
      ['write_file', { path: 'ab.txt', content: 'b\n' }],
      ['write_file', { path: 'new-ab.txt', content: 'b\n' }],
    ] as Array<[keyof Tools, object]>) {
      expect(expectFail(await t[name].execute(args, { signal: controller.signal }), 'REJECTED')).toMatch(/cancelled/)
    }
    // Aborted while the user was asked: nothing is written either.
    const late = new AbortController()
    const guarded = createTools({ root: dir, approve: () => (late.abort(), true) })
    expectFail(await guarded.edit_file.execute({ path: 'ab.txt', old_text: 'a', new_text: 'b' }, { signal: late.signal }), 'REJECTED')
    expectBytes(p, 'a\n')
    expect(fs.existsSync(path.join(dir, 'new-ab.txt'))).toBe(false)
  })

  it('a malformed context is an INVALID_ARGUMENT result, not a throw', async () => {
    file('x.txt', 'x\n')
    for (const context of [5, 'dir', { cwd: 5 }, { signal: {} }, { signal: 'stop' }]) {
      expectFail(await t.read_file.execute({ path: 'x.txt' }, context as never), 'INVALID_ARGUMENT')
    }
  })
})

// ---------------------------------------------------------------------------

describe('argument spellings', () => {
  it("accepts dskcode's camelCase: startAnchor/endAnchor, edits[{ oldText, newText, replaceAll }], startLine/endLine", async () => {
    const p = file('c.txt', 'a\r\nb\r\nc\r\nd\r\ne\r\n')
    const slice = expectOk(await t.read_file.execute({ path: 'c.txt', startLine: 2, endLine: 3 }))
    expect(slice.split('\n').slice(1)).toEqual(['2\u2502b', '3\u2502c', '[showing lines 2-3 of 5. To read more, call read_file with offset 4.]'])
    const snake = expectOk(await t.read_file.execute({ path: 'c.txt', start_line: 4, end_line: 4 }))
    expect(snake.split('\n')[1]).toBe('4\u2502d')
    expectFail(await t.read_file.execute({ path: 'c.txt', startLine: 3, endLine: 2 }), 'INVALID_ARGUMENT')
    expectOk(await t.multi_edit.execute({ path: 'c.txt', edits: [{ oldText: 'a', newText: 'A', replaceAll: true }] }))
    expectOk(await t.delete_range.execute({ path: 'c.txt', startAnchor: 'b', endAnchor: 'd' }))
    expectBytes(p, 'A\r\nb\r\nd\r\ne\r\n')
  })

  it('reads null as an absent optional argument, as OpenAI strict mode sends it', async () => {
    const p = file('n.txt', 'a\r\nb\r\n')
    expectOk(await t.read_file.execute({ path: 'n.txt', offset: null, limit: null }))
    expectOk(await t.edit_file.execute({ path: 'n.txt', old_text: 'a', new_text: 'A', replace_all: null }))
    expectOk(await t.multi_edit.execute({ path: 'n.txt', edits: [{ old_text: 'b', new_text: 'B', replace_all: null }] }))
    expectOk(await t.write_file.execute({ path: 'n.txt', content: 'A\nB\nC\n', eol: null }))
    expectOk(await t.delete_range.execute({ path: 'n.txt', start_anchor: 1, end_anchor: 3, inclusive: null }))
    expectBytes(p, 'A\r\nC\r\n')
  })
})

// ---------------------------------------------------------------------------

describe('schemas', () => {
  it('are copied per tool set: changing one changes no other set, no list, and not the MCP server', () => {
    const a = createTools({ root: dir })
    const b = createTools({ root: dir })
    const original = b.edit_file.parameters.properties.old_text.description
    a.edit_file.parameters.properties.old_text.description = 'changed by a host'
    a.edit_file.parameters.required.push('extra')
    expect(b.edit_file.parameters.properties.old_text.description).toBe(original)
    expect(defaultTools.edit_file.parameters.required).toEqual(['path', 'old_text', 'new_text'])
    expect(createTools().edit_file.parameters.properties.old_text.description).toBe(original)
    const listed = toOpenAITools(b)
    listed[2].function.parameters.required.push('x')
    toAnthropicTools(b)[2].input_schema.required.push('y')
    expect(b.edit_file.parameters.required).toEqual(['path', 'old_text', 'new_text'])
  })

  it('toOpenAIResponsesTools gives the Responses API shape', () => {
    const plain = toOpenAIResponsesTools(t)
    expect(plain.map((x) => x.name)).toEqual(['read_file', 'write_file', 'edit_file', 'multi_edit', 'delete_range', 'apply_patch'])
    expect(plain[2]).toEqual({
      type: 'function',
      name: 'edit_file',
      description: t.edit_file.description,
      parameters: t.edit_file.parameters,
      strict: false,
    })
    const strict = toOpenAIResponsesTools([t.edit_file], { strict: true })
    expect(strict[0].strict).toBe(true)
    expect(strict[0].parameters.additionalProperties).toBe(false)
  })

  it('rejects a malformed tool list or options with a TypeError', () => {
    expect(() => toOpenAITools(5 as never)).toThrow(TypeError)
    expect(() => toOpenAITools([{ name: 'x' }] as never)).toThrow(TypeError)
    expect(() => toOpenAITools(t, { strict: 'yes' } as never)).toThrow(TypeError)
    expect(() => toOpenAIResponsesTools(t, 5 as never)).toThrow(TypeError)
    expect(() => toAnthropicTools(t, 5 as never)).toThrow(TypeError)
  })
})

describe("the vendor formats take every shape's set", () => {
  it.each(['opencode', 'claude-code', 'gemini-cli', 'cline', 'roo'] as const)(
    '%s: toAnthropicTools and toOpenAITools list its tools by its names, and the strict schemas pass every rule',
    (shape) => {
      const set = createTools({ shape, root: os.tmpdir() })
      const names = Object.values(set).map((tool) => tool.name)
      expect(toAnthropicTools(set).map((tool) => tool.name)).toEqual(names)
      expect(toAnthropicTools(set).map((tool) => tool.input_schema)).toEqual(Object.values(set).map((tool) => tool.parameters))
      expect(toOpenAITools(set).map((tool) => tool.function.name)).toEqual(names)
      for (const chat of toOpenAITools(set, { strict: true })) expect(strictToolErrors(chat), chat.function.name).toEqual([])
      for (const responses of toOpenAIResponsesTools(set, { strict: true })) {
        expect(strictToolErrors(responses, { fineTuned: true }), responses.name).toEqual([])
      }
    },
  )
})

describe('OpenAI strict mode', () => {
  const names = ['read_file', 'write_file', 'edit_file', 'multi_edit', 'delete_range', 'apply_patch'] as const

  it.each(names)('%s: the strict schema passes every documented rule, for fine-tuned models too', (name) => {
    const [chat] = toOpenAITools([t[name]], { strict: true })
    expect(chat.function.strict).toBe(true)
    expect(strictToolErrors(chat)).toEqual([])
    expect(strictToolErrors(chat, { fineTuned: true })).toEqual([])
    const [responses] = toOpenAIResponsesTools([t[name]], { strict: true })
    expect(strictToolErrors(responses, { fineTuned: true })).toEqual([])
  })

  it.each(names)('%s: the plain schema is not strict (the checker can fail)', (name) => {
    const errors = strictSchemaErrors(t[name].parameters)
    expect(errors).toContain('(root): additionalProperties must be false')
  })

  it('optional arguments become required and nullable, required ones stay as they were', () => {
    const [edit, , del] = toOpenAITools([t.edit_file, t.multi_edit, t.delete_range], { strict: true }).map((x) => x.function.parameters)
    expect(edit.required).toEqual(['path', 'old_text', 'new_text', 'replace_all', 'allow', 'encoding'])
    expect(edit.properties.allow).toMatchObject({ type: ['array', 'null'], items: { type: 'string', enum: ['placeholder', 'shrink', 'control', 'markers'] } })
    expect(edit.properties.replace_all.type).toEqual(['boolean', 'null'])
    expect(edit.properties.encoding.type).toEqual(['string', 'null'])
    expect(edit.properties.old_text.type).toBe('string')
    expect(del.properties.start_anchor.anyOf).toEqual([{ type: 'string' }, { type: 'integer' }, { type: 'null' }])
    expect(del.properties.start_line.type).toEqual(['integer', 'null'])
    expect(del.properties.inclusive.type).toEqual(['boolean', 'null'])
    const [write] = toOpenAITools([t.write_file], { strict: true }).map((x) => x.function.parameters)
    expect(write.properties.eol).toMatchObject({ type: ['string', 'null'], enum: ['preserve', 'lf', 'crlf', null] })
    // The tool set's own schema is unchanged.
    expect(t.edit_file.parameters.required).toEqual(['path', 'old_text', 'new_text'])
  })

  it('every tool runs with the arguments a strict model sends: every property, null where unused', async () => {
    const p = file('strict.txt', 'a\r\nb\r\nc\r\n')
    const calls: Array<[keyof Tools, Record<string, unknown>]> = [
      ['read_file', { path: 'strict.txt', offset: null, limit: null, encoding: null }],
      ['edit_file', { path: 'strict.txt', old_text: 'a', new_text: 'A', replace_all: null, allow: null, encoding: null }],
      ['multi_edit', { path: 'strict.txt', edits: [{ old_text: 'b', new_text: 'B', replace_all: null }], allow: null, encoding: null }],
      [
        'delete_range',
        { path: 'strict.txt', start_anchor: 'c', end_anchor: null, start_line: null, end_line: 3, inclusive: true, encoding: null },
      ],
      ['write_file', { path: 'strict.txt', content: 'A\nB\nz\n', eol: null, allow: null, encoding: null }],
      ['apply_patch', { input: '*** Begin Patch\n*** Update File: strict.txt\n@@\n-z\n+Z\n*** End Patch', allow: null, encoding: null }],
    ]
    for (const [name, args] of calls) {
      const schema = toOpenAITools([t[name]], { strict: true })[0].function.parameters
      expect(Object.keys(args), name).toEqual(schema.required) // what strict mode makes the model send
      const result = expectOkResult(await t[name].execute(JSON.stringify(args)))
      expect(result.warnings, name).toBeUndefined() // nothing strict mode sends is unknown
    }
    expectBytes(p, 'A\r\nB\r\nZ\r\n')
  })

  describe('the checker, on the documentation\'s own cases', () => {
    const weather = {
      type: 'object',
      properties: {
        location: { type: 'string', description: 'The location to get the weather for' },
        unit: { type: ['string', 'null'], enum: ['F', 'C', null] },
      },
      additionalProperties: false,
      required: ['location', 'unit'],
    }

    it('accepts a valid schema, anyOf branches and definitions with recursion', () => {
      expect(strictSchemaErrors(weather)).toEqual([])
      const linked = {
        type: 'object',
        properties: {
          item: { anyOf: [{ type: 'string' }, { $ref: '#/$defs/node' }] },
        },
        $defs: {
          node: {
            type: 'object',
            properties: { value: { type: 'number', minimum: 0 }, next: { anyOf: [{ $ref: '#/$defs/node' }, { type: 'null' }] } },
            required: ['value', 'next'],
            additionalProperties: false,
          },
        },
        required: ['item'],
        additionalProperties: false,
      }
      expect(strictSchemaErrors(linked)).toEqual([])
      expect(strictSchemaErrors(linked, { fineTuned: true })).toEqual(['$defs.node.value: minimum is not supported for fine-tuned models'])
    })

    it('names each broken rule', () => {
      const cases: Array<[unknown, string]> = [
        [{ anyOf: [weather] }, '(root): the root must not be anyOf'],
        [{ ...weather, additionalProperties: undefined }, '(root): additionalProperties must be false'],
        [{ ...weather, required: ['location'] }, '(root): property unit is not in required (all fields must be required)'],
        [{ ...weather, properties: { ...weather.properties, when: { type: 'string', format: 'year' } }, required: [...weather.required, 'when'] }, '(root).when: format year is not supported'],
        [{ ...weather, properties: { location: { type: 'string', minLength: 1 } }, required: ['location'] }, '(root).location: the keyword minLength is not supported'],
        [{ ...weather, properties: { location: { allOf: [{ type: 'string' }] } }, required: ['location'] }, '(root).location: the keyword allOf is not supported'],
        [{ ...weather, properties: { unit: { type: ['string', 'null'], enum: ['F', 'C'] } }, required: ['unit'] }, '(root).unit: nullable type but null is not in enum, so null is not allowed'],
        [{ ...weather, properties: { list: { type: 'array' } }, required: ['list'] }, '(root).list: an array must give its items schema'],
        [{ ...weather, properties: { nested: { type: 'object', properties: {}, required: [] } }, required: ['nested'] }, '(root).nested: additionalProperties must be false'],
        [{ ...weather, properties: { any: {} }, required: ['any'] }, '(root).any: no type (every schema needs a type, enum, const, anyOf or $ref)'],
        [{ ...weather, properties: { n: { type: 'date' } }, required: ['n'] }, '(root).n: type date is not supported'],
      ]
      for (const [schema, error] of cases) expect(strictSchemaErrors(schema), error).toContain(error)
    })

    it('counts nesting, properties and enum values', () => {
      let deep: Record<string, unknown> = { type: 'string' }
      for (let i = 0; i < 11; i++) deep = { type: 'object', properties: { x: deep }, required: ['x'], additionalProperties: false }
      expect(strictSchemaErrors(deep).some((e) => /more than 10 levels/.test(e))).toBe(true)
      const wide = { type: 'object', properties: Object.fromEntries(Array.from({ length: 5001 }, (_, i) => [`p${i}`, { type: 'string' }])), additionalProperties: false, required: Array.from({ length: 5001 }, (_, i) => `p${i}`) }
      expect(strictSchemaErrors(wide)).toContain('(root): 5001 object properties, more than 5000')
      const many = { type: 'object', properties: { e: { type: 'string', enum: Array.from({ length: 1001 }, (_, i) => `v${i}`) } }, required: ['e'], additionalProperties: false }
      expect(strictSchemaErrors(many)).toContain('(root): 1001 enum values, more than 1000')
      expect(strictToolErrors({ type: 'function', function: { name: 'bad name', parameters: weather } })).toEqual([
        'name: "bad name" is not 1-64 characters of a-z, A-Z, 0-9, _ and -',
        'strict: must be true',
      ])
    })
  })
})

// ---------------------------------------------------------------------------

describe('the machinery a tool changing several files uses (apply_patch)', () => {
  const { Call, Session } = require('../lib/tools/session.js') as typeof import('../lib/tools/session.js')
  const paths = ['m/a.txt', 'm/b.txt']

  /**
   * A two-file tool: one patch that replaces each file's one line (`a` by `A`, `b` by
   * `B`), each file at the version the tool set knows, made through `library` (with
   * `approve`, prepared and then committed).
   */
  function twoFiles(call: InstanceType<typeof Call>, contents: [string, string]) {
    const patch = ['*** Begin Patch', ...paths.flatMap((p, i) => [`*** Update File: ${p}`, '@@', `-${contents[i].toLowerCase().trim()}`, `+${contents[i].trim()}`]), '*** End Patch', ''].join('\n')
    return call.change({
      paths,
      compute: ({ library, expectedVersion }) => {
        const expectedVersions: Record<string, string> = {}
        for (const p of paths) {
          const v = expectedVersion(p)
          if (v !== undefined) expectedVersions[p] = v
        }
        return library('applyPatch', paths, patch, call.options({ expectedVersions })) as Promise<import('../index.js').PatchResult>
      },
      files: (result) => result.files.map((r) => ({ path: r.path, diff: r.diff, summary: `two_files ${r.path}`, version: r.version })),
    })
  }

  it('asks approve once with every file, then writes them and remembers both versions', async () => {
    const a = file('m/a.txt', 'a\r\n')
    const b = file('m/b.txt', 'b\r\n')
    const asked: ApprovalRequest[] = []
    const session = new Session({ base: { cwd: dir, root: dir }, requireRead: false, approve: (r) => (asked.push(r), true) })
    await twoFiles(new Call(session, 'two_files', {}), ['A\n', 'B\n'])
    expect(asked).toHaveLength(1)
    expect(asked[0].tool).toBe('two_files')
    expect(asked[0].files.map((f) => f.path)).toEqual(paths)
    expect(asked[0].diff).toMatch(/^\+A$[\s\S]*^\+B$/m)
    expect(asked[0].summary).toBe('two_files m/a.txt\ntwo_files m/b.txt')
    expectBytes(a, 'A\r\n')
    expectBytes(b, 'B\r\n')
    expect(session.state.files.version(b, undefined)).toBe(coreReadFileSync(b).version)
  })

  it('a file of the change that changed on disk fails it before any file is written', async () => {
    const a = file('m/a.txt', 'a\r\n')
    const b = file('m/b.txt', 'b\r\n')
    const session = new Session({ base: { cwd: dir, root: dir }, requireRead: false })
    const reader = new Call(session, 'read_file', {})
    for (const p of paths) reader.remember(p, coreReadFileSync(path.join(dir, p)).version)
    fs.writeFileSync(b, 'b changed elsewhere\r\n')
    await expect(twoFiles(new Call(session, 'two_files', {}), ['A\n', 'B\n'])).rejects.toMatchObject({ code: 'FILE_CHANGED' })
    expectBytes(a, 'a\r\n')
    expectBytes(b, 'b changed elsewhere\r\n')
  })

  it('requireRead refuses when any of the files was never read', async () => {
    file('m/a.txt', 'a\n')
    file('m/b.txt', 'b\n')
    const session = new Session({ base: { cwd: dir, root: dir }, requireRead: true })
    new Call(session, 'read_file', {}).remember('m/a.txt', coreReadFileSync(path.join(dir, 'm/a.txt')).version)
    await expect(twoFiles(new Call(session, 'two_files', {}), ['A\n', 'B\n'])).rejects.toMatchObject({
      code: 'FILE_CHANGED',
      message: expect.stringMatching(/m\/b\.txt has not been read yet/),
    })
    expectBytes(path.join(dir, 'm/a.txt'), 'a\n')
  })
})

// ---------------------------------------------------------------------------

describe('errors at creation', () => {
  it('a root or cwd that is not an existing folder throws at createTools, never reaches the model', () => {
    const missing = path.join(dir, 'no-such-folder')
    for (const options of [{ root: missing }, { root: [dir, missing] }, { cwd: missing }, { root: file('plain.txt', 'x') }]) {
      let error: unknown
      try {
        createTools(options)
      } catch (e) {
        error = e
      }
      expect(error, JSON.stringify(options)).toBeInstanceOf(EolEditError)
      expect((error as EolEditError).code).toBe('INVALID_ARGUMENT')
      expect((error as EolEditError).message).toMatch(/createTools\(options\): (root|cwd) ".*" (does not exist|is not a folder)\. Pass an existing folder/)
    }
    expect(() => createTools({ root: 'relative', cwd: dir })).toThrow(/relative/)
    fs.mkdirSync(path.join(dir, 'relative'))
    expect(() => createTools({ root: 'relative', cwd: dir })).not.toThrow()
  })

  it('approve and requireRead of the wrong type are TypeErrors', () => {
    expect(() => createTools({ approve: true as never })).toThrow(TypeError)
    expect(() => createTools({ requireRead: 'yes' as never })).toThrow(TypeError)
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
    expect(JSON.parse(out)).toEqual({ names: Array(6).fill('object'), success: true, n: 6 })
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
      'apply_patch,createAnthropicTextEditor,createOpenAIApplyPatch,createOpenAIEditor,createReadState,createTools,delete_range,edit_file,multi_edit,read_file,toAnthropicTools,toOpenAIResponsesTools,toOpenAITools,tools,write_file',
    )
  })
})

// ---------------------------------------------------------------------------

/** UTF-16LE bytes without a BOM: a file only `encoding` lets the tools read. */
function utf16le(text: string): Buffer {
  return Buffer.from(text, 'utf16le')
}

describe('encoding: every tool takes it', () => {
  it('every tool has an optional encoding argument', () => {
    for (const tool of Object.values(t)) {
      expect(tool.parameters.properties.encoding, tool.name).toMatchObject({ type: 'string' })
      expect(tool.parameters.required, tool.name).not.toContain('encoding')
    }
  })

  it('a UTF-16 file without a BOM: BINARY_FILE says to pass encoding, and with it every tool reads and edits it', async () => {
    const p = file('u.txt', utf16le('one\r\ntwo\r\nthree\r\nfour\r\n'))
    const refused = expectFail(await t.read_file.execute({ path: 'u.txt' }), 'BINARY_FILE')
    expect(refused).toContain('"encoding": "utf-16le"') // the argument as the model sends it
    const read = expectOk(await t.read_file.execute({ path: 'u.txt', encoding: 'utf-16le' }))
    expect(read.split('\n').slice(1)).toEqual(['1\u2502one', '2\u2502two', '3\u2502three', '4\u2502four'])
    expect(read).toMatch(/encoding: utf-16le/)
    // With approval and requireRead the tools also look at the file before the change:
    // that read takes the encoding too.
    const guarded = createTools({ root: dir, requireRead: true, approve: async () => true })
    const enc = { encoding: 'utf-16le' }
    expectOk(await guarded.read_file.execute({ path: 'u.txt', ...enc }))
    expectOk(await guarded.edit_file.execute({ path: 'u.txt', old_text: 'one', new_text: 'ONE', ...enc }))
    expectOk(await guarded.multi_edit.execute({ path: 'u.txt', edits: [{ old_text: 'two', new_text: 'TWO' }], ...enc }))
    expectOk(await guarded.delete_range.execute({ path: 'u.txt', start_line: 3, end_line: 3, inclusive: true, ...enc }))
    expectOk(
      await guarded.apply_patch.execute({ input: '*** Begin Patch\n*** Update File: u.txt\n@@\n-four\n+FOUR\n*** End Patch', ...enc }),
    )
    expectBytes(p, utf16le('ONE\r\nTWO\r\nFOUR\r\n'))
    expectOk(await guarded.write_file.execute({ path: 'u.txt', content: 'ONE\nTWO\nFOUR\nfive\n', ...enc }))
    expectBytes(p, utf16le('ONE\r\nTWO\r\nFOUR\r\nfive\r\n'))
  })

  it('a legacy file is edited in the encoding the model names: new text in that encoding', async () => {
    // "abc\x80def" cannot be told apart from damaged UTF-8; the model was told so.
    const p = file('w.txt', Buffer.from('abc\x80def\nfuer\n', 'latin1'))
    const read = expectOk(await t.read_file.execute({ path: 'w.txt' }))
    expect(read).toMatch(/\[warning: The file is not valid UTF-8 and its encoding could not be told/)
    expect(read).toContain('pass it as the "encoding" argument')
    const w1252 = { encoding: 'windows-1252' }
    expectOk(await t.edit_file.execute({ path: 'w.txt', old_text: 'fuer', new_text: 'f\u00fcr', ...w1252 }))
    expectBytes(p, Buffer.from('abc\x80def\nf\xfcr\n', 'latin1'))
    expectOk(await t.multi_edit.execute({ path: 'w.txt', edits: [{ old_text: 'f\u00fcr', new_text: 'F\u00dcR' }], ...w1252 }))
    expectBytes(p, Buffer.from('abc\x80def\nF\xdcR\n', 'latin1'))
    expectOk(
      await t.apply_patch.execute({
        input: '*** Begin Patch\n*** Update File: w.txt\n@@\n-F\u00dcR\n+\u00e0 2,50 \u20ac\n*** End Patch',
        ...w1252,
      }),
    )
    expectBytes(p, Buffer.from('abc\x80def\n\xe0 2,50 \x80\n', 'latin1'))
    // A new file is written in the encoding given.
    expectOk(await t.write_file.execute({ path: 'new.txt', content: 'Gr\u00fc\u00dfe\n', ...w1252 }))
    expectBytes(path.join(dir, 'new.txt'), Buffer.from('Gr\xfc\xdfe\n', 'latin1'))
    expectOk(await t.apply_patch.execute({ input: '*** Begin Patch\n*** Add File: added.txt\n+f\u00fcr\n*** End Patch', ...w1252 }))
    expectBytes(path.join(dir, 'added.txt'), Buffer.from('f\xfcr\n', 'latin1'))
  })

  it('an unknown label or a wrong type is INVALID_ARGUMENT, and nothing is written', async () => {
    const p = file('a.txt', 'a\r\n')
    const data = expectFail(await t.edit_file.execute({ path: 'a.txt', old_text: 'a', new_text: 'b', encoding: 'klingon' }), 'INVALID_ARGUMENT')
    expect(data).toMatch(/Unknown encoding 'klingon'/)
    expect(expectFail(await t.read_file.execute({ path: 'a.txt', encoding: 5 } as never), 'INVALID_ARGUMENT')).toBe(
      'encoding must be a string, but it is a number.',
    )
    expectFail(await t.write_file.execute({ path: 'a.txt', content: 'x', encoding: ' ' }), 'INVALID_ARGUMENT')
    expectBytes(p, 'a\r\n')
  })
})

// ---------------------------------------------------------------------------

describe('arguments the tools do not know', () => {
  it('are ignored and named in warnings and in data, with the argument probably meant', async () => {
    const p = file('u.txt', 'x\r\ny\r\n')
    const edit = expectOkResult(
      await t.edit_file.execute({ path: 'u.txt', old_text: 'x', new_text: 'X', replaceAll2: true } as never),
    )
    const warning = 'ignored unknown argument "replaceAll2" (did you mean "replace_all"?)'
    expect(edit.warnings).toEqual([warning])
    expect(edit.data.split('\n')[1]).toBe(`Warning: ${warning}`)
    expectBytes(p, 'X\r\ny\r\n')
    // read_file shows warnings under its header; an argument of the model's own gets no guess.
    const read = expectOkResult(await t.read_file.execute({ path: 'u.txt', explanation: 'to see it' } as never))
    expect(read.warnings).toEqual(['ignored unknown argument "explanation"'])
    expect(read.data.split('\n')[1]).toBe('[warning: ignored unknown argument "explanation"]')
    expect(read.data.split('\n').slice(2)).toEqual(['1\u2502X', '2\u2502y'])
  })

  it("are named as they were sent, even with a $ in them (read_file's warning lines)", async () => {
    file('d.txt', 'x\n')
    const read = expectOkResult(await t.read_file.execute({ path: 'd.txt', "$&'": 1 } as never))
    expect(read.data.split('\n')[1]).toBe(`[warning: ignored unknown argument "$&'"]`)
  })

  it('inside an edit of multi_edit, named with the edit', async () => {
    const p = file('m.txt', 'a\r\na\r\n')
    const r = expectFail(
      await t.multi_edit.execute({ path: 'm.txt', edits: [{ old_text: 'a', new_text: 'b', replace_al: true }] } as never),
      'TEXT_MULTIPLE_MATCHES',
    )
    expect(r).toContain('Warning: ignored unknown argument "edits[0].replace_al" (did you mean "edits[0].replace_all"?)')
    expectBytes(p, 'a\r\na\r\n')
  })

  it('are named in a failure too, where they may be why it failed', async () => {
    file('f.txt', 'a\r\n')
    const r = await t.edit_file.execute({ path: 'f.txt', old_txt: 'a', new_text: 'b' } as never)
    const data = expectFail(r, 'INVALID_ARGUMENT')
    expect(data).toBe(
      'old_text must be a string, but it is missing.\nWarning: ignored unknown argument "old_txt" (did you mean "old_text"?)',
    )
    expect(r.warnings).toEqual(['ignored unknown argument "old_txt" (did you mean "old_text"?)'])
  })

  it('every spelling the tools accept is known: camelCase and other agents\' names give no warning', async () => {
    const p = file('k.txt', 'a\r\nb\r\nc\r\nd\r\n')
    const calls: Array<[keyof Tools, Record<string, unknown>]> = [
      ['read_file', { file_path: 'k.txt', startLine: 1, endLine: 2 }],
      ['read_file', { filePath: 'k.txt', start_line: 1, end_line: 2, encoding: 'utf-8' }],
      ['edit_file', { filePath: 'k.txt', oldText: 'a', newText: 'A', replaceAll: false }],
      ['edit_file', { file_path: 'k.txt', old_string: 'b', new_string: 'B' }],
      ['edit_file', { path: 'k.txt', oldString: 'B', newString: 'b' }],
      ['multi_edit', { path: 'k.txt', edits: [{ oldText: 'b', newText: 'B', replaceAll: false }, { old_string: 'c', new_string: 'C' }] }],
      ['delete_range', { path: 'k.txt', startAnchor: 'A', endAnchor: 'C' }],
      ['delete_range', { path: 'k.txt', startLine: 1, endLine: 2, inclusive: false }],
      ['write_file', { path: 'k.txt', text: 'A\nC\nd\n' }],
      ['apply_patch', { patchText: '*** Begin Patch\n*** Update File: k.txt\n@@\n-d\n+D\n*** End Patch' }],
      ['apply_patch', { patch_text: '*** Begin Patch\n*** Update File: k.txt\n@@\n-D\n+d\n*** End Patch' }],
    ]
    for (const [name, args] of calls) {
      const r = await t[name].execute(args as never)
      expect(r.warnings, `${name} ${JSON.stringify(args)}: ${r.data}`).toBeUndefined()
    }
    expectBytes(p, 'A\r\nC\r\nd\r\n')
  })
})

// ---------------------------------------------------------------------------

describe("the host's options are checked", () => {
  it('createTools refuses an unknown option, naming it and the closest known one', () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ root: dir, requireread: true }, 'requireread', 'requireRead'],
      [{ rooot: dir }, 'rooot', 'root'],
      [{ root: dir, aprove: () => true }, 'aprove', 'approve'],
      [{ maxReadLine: 5 }, 'maxReadLine', 'maxReadLines'],
      [{ root: dir, expectedVersion: 'x' }, 'expectedVersion', 'requireRead'],
    ]
    for (const [options, key, near] of cases) {
      let error: unknown
      try {
        createToolsUnrecorded(options as CreateToolsOptions)
      } catch (e) {
        error = e
      }
      expect(error, key).toBeInstanceOf(EolEditError)
      expect((error as EolEditError).code).toBe('INVALID_ARGUMENT')
      expect((error as EolEditError).message).toContain(`createTools(options): unknown option "${key}"`)
      expect((error as EolEditError).hint).toBe(`Did you mean "${near}"?`)
    }
    // Every documented option is known.
    expect(() =>
      createToolsUnrecorded({
        root: dir,
        cwd: dir,
        requireRead: true,
        approve: () => true,
        maxReadLines: 5,
        maxReadChars: 50,
        maxBytes: 100,
        durable: true,
      }),
    ).not.toThrow()
    expect(() => createToolsUnrecorded({ durable: 'yes' as never })).toThrow(TypeError)
  })

  it('toOpenAITools, toOpenAIResponsesTools and toAnthropicTools refuse an unknown option', () => {
    for (const convert of [toOpenAITools, toOpenAIResponsesTools]) {
      expect(() => convert(t, { stric: true } as never)).toThrow(
        expect.objectContaining({ code: 'INVALID_ARGUMENT', message: expect.stringMatching(/unknown option "stric".*Did you mean "strict"\?/) }),
      )
    }
    // Anthropic's tools have no options: OpenAI's `strict` there would do nothing.
    expect(() => toAnthropicTools(t, { strict: true } as never)).toThrow(
      expect.objectContaining({ code: 'INVALID_ARGUMENT', message: expect.stringMatching(/unknown option "strict" \(it takes no options\)/) }),
    )
    expect(toAnthropicTools(t, {})).toHaveLength(6)
  })

  it("an unknown key in execute's context fails the call, naming it: a mistyped signal would not cancel", async () => {
    const p = file('c.txt', 'a\n')
    const controller = new AbortController()
    controller.abort()
    const data = expectFail(
      await t.edit_file.execute({ path: 'c.txt', old_text: 'a', new_text: 'b' }, { signl: controller.signal } as never),
      'INVALID_ARGUMENT',
    )
    expect(data).toMatch(/unknown key "signl".*did you mean "signal"\?/)
    expectBytes(p, 'a\n')
  })

  it("the AI SDK's own call options are a context: its abortSignal cancels, its other keys are ignored", async () => {
    const p = file('c.txt', 'a\n')
    const controller = new AbortController()
    controller.abort()
    const sdkOptions = { toolCallId: 'call_1', messages: [], context: {}, abortSignal: controller.signal }
    expectFail(await t.edit_file.execute({ path: 'c.txt', old_text: 'a', new_text: 'b' }, sdkOptions), 'REJECTED')
    expectBytes(p, 'a\n')
    const live = { toolCallId: 'call_2', messages: [], context: {}, abortSignal: new AbortController().signal }
    expect((await t.edit_file.execute({ path: 'c.txt', old_text: 'a', new_text: 'b' }, live)).success).toBe(true)
    expectBytes(p, 'b\n')
  })

  it('durable: writes are fsynced, and still land; reads take only what a read takes', async () => {
    const p = file('d.txt', 'a\r\n')
    const durable = createTools({ root: dir, durable: true, requireRead: true, approve: () => true, maxBytes: 1000 })
    // Every read the tools make (in either form) passes only options readFile takes.
    const core = require('../index.js') as Record<'readFile' | 'readFileSync', (path: string, options?: object) => unknown>
    const saved = { readFile: core.readFile, readFileSync: core.readFileSync }
    const keys = new Set<string>()
    for (const name of ['readFile', 'readFileSync'] as const) {
      core[name] = (path, options) => {
        for (const key of Object.keys(options ?? {})) keys.add(key)
        return saved[name](path, options)
      }
    }
    try {
      expectOk(await durable.read_file.execute({ path: 'd.txt', encoding: 'utf-8' }))
      expectOk(await durable.write_file.execute({ path: 'new-d.txt', content: 'x\n' }))
    } finally {
      Object.assign(core, saved)
    }
    expect([...keys].filter((k) => !['offset', 'limit', 'root', 'cwd', 'maxBytes', 'encoding'].includes(k))).toEqual([])
    expect(keys.size).toBeGreaterThan(3)
    expectOk(await durable.edit_file.execute({ path: 'd.txt', old_text: 'a', new_text: 'b' }))
    expectOk(await durable.apply_patch.execute({ input: '*** Begin Patch\n*** Update File: d.txt\n@@\n-b\n+c\n*** End Patch' }))
    expectBytes(p, 'c\r\n')
  })

  it('maxBytes is the size limit of the tool set; the model is not told of an option it cannot set', async () => {
    file('big.txt', 'x'.repeat(200) + '\n')
    const small = createTools({ root: dir, maxBytes: 100 })
    const data = expectFail(await small.read_file.execute({ path: 'big.txt' }), 'FILE_TOO_LARGE')
    expect(data).toMatch(/over the limit of 100 bytes/)
    expect(data).toMatch(/The size limit is the host's setting/)
    expectOk(await createTools({ root: dir, maxBytes: 0 }).read_file.execute({ path: 'big.txt' }))
    expect(() => createToolsUnrecorded({ maxBytes: -1 })).toThrow(TypeError)
  })

  it('maxBytes bounds what the tools write, so a model never makes a file it cannot read back', async () => {
    const small = createTools({ root: dir, maxBytes: 1000 })
    const line = 'y'.repeat(99) + '\n'
    const refused = expectFail(await small.write_file.execute({ path: 'new.txt', content: line.repeat(1000) }), 'FILE_TOO_LARGE')
    expect(refused).toMatch(/would be 100000 bytes, over the limit of 1000 bytes/)
    expect(refused).toMatch(/The size limit is the host's setting: write less at once/)
    expect(fs.existsSync(path.join(dir, 'new.txt'))).toBe(false)
    const p = path.join(dir, 'new.txt')
    expectOk(await small.write_file.execute({ path: 'new.txt', content: 'short\n' }))
    expectFail(await small.edit_file.execute({ path: 'new.txt', old_text: 'short', new_text: line.repeat(100) }), 'FILE_TOO_LARGE')
    expectFail(await small.multi_edit.execute({ path: 'new.txt', edits: [{ old_text: 'short', new_text: line.repeat(100) }] }), 'FILE_TOO_LARGE')
    expectBytes(p, 'short\n')
    const added = `*** Begin Patch\n*** Add File: p.txt\n${('+' + line).repeat(1000)}*** End Patch`
    expectFail(await small.apply_patch.execute({ input: added }), 'FILE_TOO_LARGE')
    expect(fs.existsSync(path.join(dir, 'p.txt'))).toBe(false)
    expect(expectOk(await small.read_file.execute({ path: 'new.txt' }))).toMatch(/short/)
  })

  it('a file over the limit that someone else made can still be replaced whole, even where reads are required', async () => {
    const p = file('huge.txt', 'old\r\n'.repeat(10_000))
    const small = createTools({ root: dir, maxBytes: 1000, requireRead: true })
    expectFail(await small.read_file.execute({ path: 'huge.txt' }), 'FILE_TOO_LARGE')
    expectFail(await small.edit_file.execute({ path: 'huge.txt', old_text: 'old', new_text: 'new' }), 'FILE_TOO_LARGE')
    expectBytes(p, 'old\r\n'.repeat(10_000))
    expectOk(await small.write_file.execute({ path: 'huge.txt', content: 'short\n' }))
    expectBytes(p, 'short\n')
    expectOk(await small.read_file.execute({ path: 'huge.txt' }))
    expectOk(await small.edit_file.execute({ path: 'huge.txt', old_text: 'short', new_text: 'long' }))
    expectBytes(p, 'long\n')
  })
})

// ---------------------------------------------------------------------------

/**
 * Whether a call ran off the calling thread: a library call on the thread pool can
 * only settle in a later turn of the event loop, while one on the calling thread
 * settles within the microtasks that follow it, before the loop turns. Decided by
 * the order of events, never by a time.
 */
async function ranOnThreadPool(start: () => Promise<ToolResult>): Promise<{ pool: boolean; result: ToolResult }> {
  let settled = false
  const call = start().then((r) => {
    settled = true
    return r
  })
  // Microtasks only: the event loop does not turn in between.
  for (let i = 0; i < 1000 && !settled; i++) await Promise.resolve()
  const pool = !settled
  return { pool, result: await call }
}

describe('where a call runs follows the size of the file as the tool set last wrote it', () => {
  const twoMiB = ('z'.repeat(1023) + '\n').repeat(2048)

  it('a small file a write grew past 1 MiB is edited off the calling thread next, and so is the write that carries the content', async () => {
    file('g.txt', 'a\n')
    expectOk(await t.read_file.execute({ path: 'g.txt' }))
    // The content it carries is large: the write itself goes to the pool.
    const grow = await ranOnThreadPool(() => t.write_file.execute({ path: 'g.txt', content: 'a\n' + twoMiB }))
    expectOk(grow.result)
    expect(grow.pool).toBe(true)
    const next = await ranOnThreadPool(() => t.edit_file.execute({ path: 'g.txt', old_text: 'a\nzzz', new_text: 'b\nzzz' }))
    expectOk(next.result)
    expect(next.pool).toBe(true)
    const patch = await ranOnThreadPool(() => t.apply_patch.execute({ input: '*** Begin Patch\n*** Update File: g.txt\n@@\n-b\n+c\n*** End Patch' }))
    expectOk(patch.result)
    expect(patch.pool).toBe(true)
  })

  it('so is one that an edit or a patch grew, and one that shrank is back on the calling thread', async () => {
    file('e.txt', 'a\n')
    file('p.txt', 'a\n')
    expectOk(await t.read_file.execute({ path: 'e.txt' }))
    expectOk(await t.read_file.execute({ path: 'p.txt' }))
    expect((await ranOnThreadPool(() => t.edit_file.execute({ path: 'e.txt', old_text: 'a', new_text: 'a\n' + twoMiB }))).pool).toBe(true)
    expect((await ranOnThreadPool(() => t.edit_file.execute({ path: 'e.txt', old_text: 'a\nzzz', new_text: 'b\nzzz' }))).pool).toBe(true)
    const added = twoMiB.split('\n').slice(0, -1).map((l) => `+${l}\n`).join('')
    expectOk(await t.apply_patch.execute({ input: `*** Begin Patch\n*** Update File: p.txt\n@@\n a\n${added}*** End Patch` }))
    expect((await ranOnThreadPool(() => t.edit_file.execute({ path: 'p.txt', old_text: 'a\nzzz', new_text: 'b\nzzz' }))).pool).toBe(true)
    // Cut to one line on purpose: the shrink guard lets it through when allowed.
    expectOk(await t.write_file.execute({ path: 'e.txt', content: 'small\n', allow: ['shrink'] }))
    expect((await ranOnThreadPool(() => t.edit_file.execute({ path: 'e.txt', old_text: 'small', new_text: 'tiny' }))).pool).toBe(false)
  })
})

// ---------------------------------------------------------------------------

describe('delete_range by line numbers', () => {
  it('start_line and end_line are the anchors by number; they mix with text anchors', async () => {
    const p = file('l.txt', 'a\r\nb\nc\r\nd\r\ne\r\n')
    expectOk(await t.delete_range.execute({ path: 'l.txt', start_line: 1, end_line: 3 }))
    expectBytes(p, 'a\r\nc\r\nd\r\ne\r\n')
    expectOk(await t.delete_range.execute({ path: 'l.txt', start_line: '2', end_anchor: 'e', inclusive: true } as never))
    expectBytes(p, 'a\r\n')
  })

  it('an anchor and a line number for the same end, or neither, is INVALID_ARGUMENT naming both', async () => {
    const p = file('b.txt', 'a\r\nb\r\nc\r\n')
    const both = expectFail(await t.delete_range.execute({ path: 'b.txt', start_anchor: 'a', start_line: 1, end_line: 3 }), 'INVALID_ARGUMENT')
    expect(both).toMatch(/^Both start_anchor and start_line are given for the first line: give only one of them/)
    const bothEnd = expectFail(await t.delete_range.execute({ path: 'b.txt', start_line: 1, end_anchor: 3, endLine: 3 } as never), 'INVALID_ARGUMENT')
    expect(bothEnd).toMatch(/^Both end_anchor and end_line are given for the last line/)
    const neither = expectFail(await t.delete_range.execute({ path: 'b.txt', start_line: 1 }), 'INVALID_ARGUMENT')
    expect(neither).toBe("end_anchor is missing: give the last line's text as end_anchor, or its 1-based number as end_line.")
    for (const bad of [0, -2, 1.5, 'x']) {
      expect(expectFail(await t.delete_range.execute({ path: 'b.txt', start_line: bad, end_line: 3 } as never), 'INVALID_ARGUMENT')).toMatch(
        /^start_line must be a whole number of 1 or more/,
      )
    }
    expectBytes(p, 'a\r\nb\r\nc\r\n')
  })
})

// ---------------------------------------------------------------------------

describe('approval binds the state that was shown (another process races it)', () => {
  /** Runs a separate Node process that writes `content` to `target` and waits for it to end. */
  function otherProcess(code: string, ...args: string[]): Promise<void> {
    return new Promise((resolve, reject) => {
      const child = spawn(process.execPath, ['-e', code, ...args], { stdio: 'ignore' })
      child.on('error', reject)
      child.on('exit', (status) => (status === 0 ? resolve() : reject(new Error(`the other process exited with ${status}`))))
    })
  }
  const CREATE = "require('fs').writeFileSync(process.argv[1], process.argv[2])"
  // A new file put in the old one's place, as editors and `git checkout` do.
  const REPLACE = "const fs = require('fs'); fs.writeFileSync(process.argv[1] + '.tmp', process.argv[2]); fs.renameSync(process.argv[1] + '.tmp', process.argv[1])"

  /** A tool set whose user takes a moment to decide, while `meanwhile` runs. */
  function deciding(meanwhile: () => Promise<void>) {
    const asked: ApprovalRequest[] = []
    const tools = createTools({
      root: dir,
      requireRead: true,
      approve: async (request) => {
        asked.push(request)
        await meanwhile()
        return true
      },
    })
    return { tools, asked }
  }

  it('write_file of a new file: a file another process created meanwhile is not replaced', async () => {
    const p = path.join(dir, 'new.txt')
    const { tools, asked } = deciding(() => otherProcess(CREATE, p, 'theirs\n'))
    const data = expectFail(await tools.write_file.execute({ path: 'new.txt', content: 'mine\n' }), 'FILE_CHANGED')
    expect(data).toMatch(/new\.txt exists now, but did not/)
    expect(asked).toHaveLength(1)
    expectBytes(p, 'theirs\n')
  })

  it('apply_patch adding a file: a file another process created meanwhile is not replaced', async () => {
    const p = path.join(dir, 'added.txt')
    const { tools } = deciding(() => otherProcess(CREATE, p, 'theirs\n'))
    const input = '*** Begin Patch\n*** Add File: added.txt\n+mine\n*** End Patch'
    expectFail(await tools.apply_patch.execute({ input }), 'FILE_CHANGED')
    expectBytes(p, 'theirs\n')
  })

  it('edit_file, multi_edit and delete_range: a file another process put in place meanwhile is not changed', async () => {
    const calls: Array<[keyof Tools, object]> = [
      ['edit_file', { path: 'e.txt', old_text: 'a', new_text: 'A' }],
      ['multi_edit', { path: 'e.txt', edits: [{ old_text: 'a', new_text: 'A' }] }],
      ['delete_range', { path: 'e.txt', start_line: 1, end_line: 1, inclusive: true }],
    ]
    for (const [name, args] of calls) {
      const p = file('e.txt', 'a\r\nb\r\n')
      const { tools, asked } = deciding(() => otherProcess(REPLACE, p, 'a\r\nb\r\ntheirs\r\n'))
      expectOk(await tools.read_file.execute({ path: 'e.txt' }))
      expectFail(await tools[name].execute(args), 'FILE_CHANGED')
      expect(asked, name).toHaveLength(1)
      expectBytes(p, 'a\r\nb\r\ntheirs\r\n')
    }
  })

  it('when nothing happened meanwhile, the approved change is written', async () => {
    const { tools } = deciding(() => otherProcess('0'))
    expectOk(await tools.write_file.execute({ path: 'calm.txt', content: 'mine\n' }))
    expectOk(await tools.apply_patch.execute({ input: '*** Begin Patch\n*** Add File: calm2.txt\n+mine\n*** End Patch' }))
    expectBytes(path.join(dir, 'calm.txt'), 'mine\n')
    expectBytes(path.join(dir, 'calm2.txt'), 'mine\n')
  })
})

// ---------------------------------------------------------------------------

describe('messages name only what the tools take', () => {
  it('every kind of error and warning, as the model reads it', async () => {
    const other = tempDir()
    fs.writeFileSync(path.join(other, 'o.txt'), 'o\n')
    file('a.txt', 'a\r\nb\r\na\r\n')
    file('e.txt', '')
    file('u16.txt', utf16le('one\r\n'))
    file('bom16.txt', Buffer.concat([Buffer.from([0xff, 0xfe]), utf16le('one\r\n')]))
    file('legacy.txt', Buffer.from('abc\x80def\n', 'latin1'))
    file('w1252.txt', Buffer.from('caf\xe9 cr\xe8me br\xfbl\xe9e\n', 'latin1'))
    file('ascii.txt', 'plain\n')
    file('gbk.txt', Buffer.from([0xc4, 0xe3, 0xba, 0xc3, 0x0a]))
    file('big.txt', 'x'.repeat(300))
    fs.mkdirSync(path.join(dir, 'folder'))
    const small = createTools({ root: dir, maxBytes: 200 })
    const cases: Array<[keyof Tools, Record<string, unknown>, string | null]> = [
      ['read_file', { path: 'u16.txt' }, 'BINARY_FILE'],
      ['read_file', { path: 'legacy.txt' }, null], // could not be told
      ['read_file', { path: 'w1252.txt' }, null], // detected
      ['read_file', { path: 'ascii.txt', encoding: 'gbk' }, null],
      ['read_file', { path: 'w1252.txt', encoding: 'utf-8' }, null],
      ['read_file', { path: 'bom16.txt', encoding: 'windows-1252' }, null], // the BOM wins
      ['read_file', { path: 'nope.txt' }, 'FILE_NOT_FOUND'],
      ['read_file', { path: 'folder' }, 'NOT_A_FILE'],
      ['read_file', { path: path.join(other, 'o.txt') }, 'PATH_OUTSIDE_ROOT'],
      ['edit_file', { path: 'a.txt', old_text: 'zzz', new_text: 'y' }, 'TEXT_NOT_FOUND'],
      ['edit_file', { path: 'e.txt', old_text: 'zzz', new_text: 'y' }, 'TEXT_NOT_FOUND'],
      ['edit_file', { path: 'a.txt', old_text: 'a', new_text: 'y' }, 'TEXT_MULTIPLE_MATCHES'],
      ['edit_file', { path: 'a.txt', old_text: '', new_text: 'y' }, 'INVALID_ARGUMENT'],
      ['edit_file', { path: 'a.txt', old_text: 'b\r\n', new_text: 'b\r\n' }, 'NO_CHANGE'],
      ['edit_file', { path: 'a.txt', old_text: 'a\nb', new_text: 'a\r\nb' }, 'NO_CHANGE'],
      ['edit_file', { path: 'gbk.txt', old_text: '\u4f60', new_text: '\u{1F600}', encoding: 'gbk' }, 'ENCODING_UNMAPPABLE'],
      ['edit_file', { path: 'legacy.txt', old_text: 'def', new_text: 'd\u00e9f' }, null], // ENCODING_UNKNOWN where the core refuses it
      ['edit_file', { path: 'nope.txt', old_text: 'a', new_text: 'b' }, 'FILE_NOT_FOUND'],
      ['multi_edit', { path: 'a.txt', edits: [{ old_text: 'b', new_text: 'B' }, { old_text: 'zz', new_text: 'y' }] }, 'TEXT_NOT_FOUND'],
      ['delete_range', { path: 'a.txt', start_anchor: 'zz', end_anchor: 'b' }, 'ANCHOR_NOT_FOUND'],
      ['delete_range', { path: 'a.txt', start_anchor: 'b', end_anchor: 'zz' }, 'ANCHOR_NOT_FOUND'],
      ['delete_range', { path: 'a.txt', start_anchor: 'a', end_anchor: 'b' }, 'ANCHOR_MULTIPLE_MATCHES'],
      ['delete_range', { path: 'a.txt', start_line: 3, end_line: 2 }, 'ANCHOR_ORDER'],
      ['delete_range', { path: 'a.txt', start_line: 1, end_line: 2 }, 'EMPTY_RANGE'],
      ['write_file', { path: 'a.txt', content: 'x\n', eol: 'cr' }, 'INVALID_ARGUMENT'],
      ['apply_patch', { input: 'not a patch' }, 'PATCH_INVALID'],
      ['apply_patch', { input: '*** Begin Patch\n*** Update File: a.txt\n@@\n-zz\n+y\n*** End Patch' }, 'TEXT_NOT_FOUND'],
      ['apply_patch', { input: '*** Begin Patch\n*** Update File: nope.txt\n@@\n-a\n+b\n*** End Patch' }, 'FILE_NOT_FOUND'],
    ]
    for (const [name, args, code] of cases) {
      const r = await t[name].execute(args as never)
      if (code !== null) expect(r.error ?? 'success', `${name} ${JSON.stringify(args)}: ${r.data}`).toBe(code)
    }
    expect((await small.read_file.execute({ path: 'big.txt' })).error).toBe('FILE_TOO_LARGE')
    const stale = createTools({ root: dir })
    await stale.read_file.execute({ path: 'ascii.txt' })
    fs.writeFileSync(path.join(dir, 'ascii.txt'), 'changed\n')
    expect((await stale.edit_file.execute({ path: 'ascii.txt', old_text: 'changed', new_text: 'x' })).error).toBe('FILE_CHANGED')
    // The refusal showed the whole change, so the file counts as read: change it again.
    fs.writeFileSync(path.join(dir, 'ascii.txt'), 'changed again\n')
    expect((await stale.apply_patch.execute({ input: '*** Begin Patch\n*** Update File: ascii.txt\n@@\n-changed\n+x\n*** End Patch' })).error).toBe(
      'FILE_CHANGED',
    )
  })

  // Last in this file: every result any test above produced.
  it('no result in this file names what a model cannot use (library names, option syntax, flags)', () => {
    expect(produced.length).toBeGreaterThan(300)
    const problems: string[] = []
    for (const { tool, args, result } of produced) {
      const text = [result.data, ...(result.warnings ?? [])].join('\n')
      for (const problem of toolOutputProblems(text)) problems.push(`${tool} ${JSON.stringify(args)?.slice(0, 80)}: ${problem}\n  ${text.slice(0, 300)}`)
    }
    expect(problems).toEqual([])
  })
})

describe('what the package ships speaks in its own words', () => {
  it('no design documents or seeds in the tools, the command line, the MCP server or the demo', () => {
    const files = ['tools.js', 'tools.d.ts', 'bin/eol-edit.js', ...fs.readdirSync(path.join(repo, 'lib'), { recursive: true, encoding: 'utf8' }).map((f) => `lib/${f}`)]
    const found = files
      .filter((f) => f.endsWith('.js') || f.endsWith('.ts'))
      .flatMap((f) =>
        fs
          .readFileSync(path.join(repo, f), 'utf8')
          .split('\n')
          .map((line, i) => `${f}:${i + 1}: ${line.trim()}`)
          .filter((line) => /\bSPEC\b|\b[Ss]eeds?\b/.test(line.slice(line.indexOf(': ') + 2))),
      )
    expect(found).toEqual([])
    const demo = execFileSync(process.execPath, [path.join(repo, 'bin', 'eol-edit.js'), 'demo'], { encoding: 'utf8' })
    expect(demo).not.toMatch(/\bSPEC\b|\bseed\b/i)
  })
})

/** Every property name declared anywhere in a schema. */
function propertyNames(schema: unknown): string[] {
  if (schema === null || typeof schema !== 'object') return []
  const node = schema as { properties?: Record<string, unknown>; items?: unknown; anyOf?: unknown[] }
  const own = node.properties ? Object.keys(node.properties) : []
  const nested = [...Object.values(node.properties ?? {}), node.items, ...(node.anyOf ?? [])]
  return [...own, ...nested.flatMap(propertyNames)]
}

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
