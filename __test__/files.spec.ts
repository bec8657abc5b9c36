// The file functions of SPEC sections 4 and 5 (`readFile`, `editFile`, `multiEdit`,
// `deleteRange`, `writeFile`, `convertEol`, their `*Sync` twins and their errors),
// tested through the generated loader against real files in temporary folders.
// Every expectation about a file is about its bytes on disk: a `\r`, a BOM byte or
// a UTF-16 code unit too many or too few fails the test.

import { spawnSync } from 'node:child_process'
import * as fs from 'node:fs'
import * as os from 'node:os'
import * as path from 'node:path'

import { afterEach, describe, expect, it } from 'vitest'

import * as eol from '../index.js'
import { can, isRoot, skipUnless } from './support/platform'

const INDEX_JS = path.resolve(__dirname, '..', 'index.js')
/** Permission tests run as `nobody` when this suite runs as root (root ignores mode bits). */
const NOBODY = 65534

// ---------------------------------------------------------------------------
// Helpers

const made: string[] = []

/** A fresh temporary folder, removed after the test (whatever its permissions). */
function tmp(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eol-files-'))
  made.push(dir)
  return dir
}

function makeWritable(dir: string): void {
  try {
    fs.chmodSync(dir, 0o777)
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) makeWritable(path.join(dir, entry.name))
    }
  } catch {
    // best effort
  }
}

afterEach(() => {
  for (const dir of made.splice(0)) {
    makeWritable(dir)
    fs.rmSync(dir, { recursive: true, force: true })
  }
})

type Bytes = string | Buffer

function toBuffer(b: Bytes): Buffer {
  return typeof b === 'string' ? Buffer.from(b, 'utf8') : b
}

/** Shows bytes with every control byte escaped, so a failure shows the `\r`s. */
function visible(b: Bytes): string {
  let out = ''
  for (const byte of toBuffer(b)) {
    if (byte === 0x0a) out += '\\n'
    else if (byte === 0x0d) out += '\\r'
    else if (byte === 0x09) out += '\\t'
    else if (byte === 0x5c) out += '\\\\'
    else if (byte < 0x20 || byte > 0x7e) out += `\\x${byte.toString(16).padStart(2, '0')}`
    else out += String.fromCharCode(byte)
  }
  return out
}

/** The file at `file` holds exactly these bytes. */
function expectBytes(file: string, expected: Bytes): void {
  const actual = fs.readFileSync(file)
  expect(visible(actual)).toBe(visible(expected))
  expect(actual.equals(toBuffer(expected))).toBe(true)
}

/** A string shown with visible endings, for exact comparisons. */
function expectText(actual: string, expected: string): void {
  expect(typeof actual).toBe('string')
  expect(JSON.stringify(actual)).toBe(JSON.stringify(expected))
}

function write(file: string, content: Bytes, mode?: number): string {
  fs.mkdirSync(path.dirname(file), { recursive: true })
  fs.writeFileSync(file, toBuffer(content))
  if (mode !== undefined) fs.chmodSync(file, mode)
  return file
}

/**
 * Everything observable about a folder tree: every entry (hidden ones included), its
 * kind, mode, link count, inode and bytes. Equal snapshots mean nothing was written,
 * created, replaced or left behind.
 */
function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {}
  const walk = (d: string, rel: string): void => {
    for (const name of fs.readdirSync(d).sort()) {
      const full = path.join(d, name)
      const key = rel ? `${rel}/${name}` : name
      const st = fs.lstatSync(full)
      const meta = `mode=${(st.mode & 0o7777).toString(8)} nlink=${st.nlink} ino=${st.ino}`
      if (st.isSymbolicLink()) out[key] = `link -> ${fs.readlinkSync(full)}`
      else if (st.isDirectory()) {
        out[key] = `dir ${meta}`
        walk(full, key)
      } else out[key] = `file ${meta} ${visible(fs.readFileSync(full))}`
    }
  }
  walk(dir, '')
  return out
}

/** Temporary files this library could leave behind. */
function tempFiles(dir: string): string[] {
  return Object.keys(snapshot(dir)).filter((k) => /\.eol-edit-[0-9a-f]+\.tmp$/.test(k))
}

/** The error a call fails with, whether it throws or returns a rejected Promise. */
async function failure(call: () => unknown): Promise<any> {
  let result: unknown
  try {
    result = await call()
  } catch (error) {
    return error
  }
  throw new Error(`expected a failure, got ${JSON.stringify(result)}`)
}

/** The call fails with an `Error` carrying `code`. */
async function expectCode(call: () => unknown, code: string): Promise<any> {
  const error = await failure(call)
  expect(error).toBeInstanceOf(Error)
  expect({ code: error.code, message: error.message }).toMatchObject({ code })
  expect(typeof error.message).toBe('string')
  expect(error.message.length).toBeGreaterThan(0)
  return error
}

const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf])

type Encoding = 'utf-8' | 'utf-8 with BOM' | 'utf-16le' | 'utf-16be'

function encode(text: string, encoding: Encoding): Buffer {
  switch (encoding) {
    case 'utf-8':
      return Buffer.from(text, 'utf8')
    case 'utf-8 with BOM':
      return Buffer.concat([UTF8_BOM, Buffer.from(text, 'utf8')])
    case 'utf-16le':
      return Buffer.from(`\ufeff${text}`, 'utf16le')
    case 'utf-16be':
      return Buffer.from(`\ufeff${text}`, 'utf16le').swap16()
  }
}

/**
 * Runs `eol[fn](...args)` in a child Node process, optionally as another user or
 * under a POSIX `sh` prefix (e.g. a file-size limit), and returns what it returned or the
 * error it threw.
 */
function runChild(
  fn: string,
  args: unknown[],
  opts: { uid?: number; shellPrefix?: string } = {},
): { ok?: any; error?: { code: string; message: string; isError: boolean } } {
  const scripts = tmp()
  fs.chmodSync(scripts, 0o755)
  const runner = path.join(scripts, 'runner.cjs')
  fs.writeFileSync(
    runner,
    [
      'const eol = require(process.argv[2])',
      'const [fn, args] = JSON.parse(process.argv[3])',
      'let out',
      'try { out = { ok: eol[fn](...args) } }',
      'catch (e) { out = { error: { code: e.code, message: e.message, isError: e instanceof Error } } }',
      'process.stdout.write(JSON.stringify(out))',
      '',
    ].join('\n'),
  )
  fs.chmodSync(runner, 0o644)
  const payload = JSON.stringify([fn, args])
  const child = opts.shellPrefix
    ? spawnSync(
        'sh',
        ['-c', `${opts.shellPrefix}; exec "$0" "$@"`, process.execPath, runner, INDEX_JS, payload],
        { encoding: 'utf8' },
      )
    : spawnSync(process.execPath, [runner, INDEX_JS, payload], {
        encoding: 'utf8',
        ...(opts.uid === undefined ? {} : { uid: opts.uid, gid: opts.uid }),
      })
  if (child.status !== 0 || !child.stdout) {
    throw new Error(
      `child process failed (status ${child.status}, signal ${child.signal}): ${child.stderr}${child.stdout}`,
    )
  }
  return JSON.parse(child.stdout)
}

/**
 * Runs a Sync file function without the privileges to bypass mode bits: in this
 * process when it is not root, else in a child process running as `nobody`.
 */
function unprivileged(fn: string, args: unknown[]): { ok?: any; error?: { code: string; message: string } } {
  if (!isRoot) {
    try {
      return { ok: (eol as any)[fn](...args) }
    } catch (e: any) {
      return { error: { code: e.code, message: e.message } }
    }
  }
  return runChild(fn, args, { uid: NOBODY })
}

/** A folder (and its parents up to the temp dir) that `nobody` can enter. */
function openTo(dir: string, mode = 0o777): string {
  fs.chmodSync(dir, mode)
  return dir
}

// The Promise and Sync forms of every function, both as Promises, so each behaviour
// below is checked on both.
const forms = {
  Promise: {
    readFile: eol.readFile,
    editFile: eol.editFile,
    multiEdit: eol.multiEdit,
    deleteRange: eol.deleteRange,
    writeFile: eol.writeFile,
    convertEol: eol.convertEol,
  },
  Sync: {
    readFile: async (...a: Parameters<typeof eol.readFileSync>) => eol.readFileSync(...a),
    editFile: async (...a: Parameters<typeof eol.editFileSync>) => eol.editFileSync(...a),
    multiEdit: async (...a: Parameters<typeof eol.multiEditSync>) => eol.multiEditSync(...a),
    deleteRange: async (...a: Parameters<typeof eol.deleteRangeSync>) => eol.deleteRangeSync(...a),
    writeFile: async (...a: Parameters<typeof eol.writeFileSync>) => eol.writeFileSync(...a),
    convertEol: async (...a: Parameters<typeof eol.convertEolSync>) => eol.convertEolSync(...a),
  },
}

const VERSION = /^[0-9a-f]{32}$/

// ---------------------------------------------------------------------------

describe.each(Object.entries(forms))('%s forms', (_form, f) => {
  describe('readFile', () => {
    it('shows the LF view of a CRLF file and reports its endings', async () => {
      const file = write(path.join(tmp(), 'a.txt'), 'one\r\ntwo\r\nthree\r\n')
      const r = await f.readFile(file)
      expectText(r.content, 'one\ntwo\nthree\n')
      expect(r).toMatchObject({
        startLine: 1,
        endLine: 3,
        totalLines: 3,
        bom: false,
        encoding: 'utf-8',
        eol: { lf: 0, crlf: 3, cr: 0, dominant: '\r\n', mixed: false, trailingNewline: true },
      })
      expect(r.version).toMatch(VERSION)
    })

    it('shows the LF view of a mixed file with lone CRs', async () => {
      const file = write(path.join(tmp(), 'a.txt'), 'one\r\ntwo\nthree\rfour\r\nfive')
      const r = await f.readFile(file)
      expectText(r.content, 'one\ntwo\nthree\nfour\nfive')
      expect(r.totalLines).toBe(5)
      expect(r.eol).toEqual({ lf: 1, crlf: 2, cr: 1, dominant: '\r\n', mixed: true, trailingNewline: false })
    })

    it('shows the LF view of a classic-Mac lone-CR file', async () => {
      const file = write(path.join(tmp(), 'a.txt'), 'a\rb\rc\r')
      const r = await f.readFile(file)
      expectText(r.content, 'a\nb\nc\n')
      expect(r.eol).toMatchObject({ lf: 0, crlf: 0, cr: 3, dominant: '\r', mixed: false })
    })

    it('slices by 1-based offset and limit, and reports the whole file around the slice', async () => {
      const file = write(path.join(tmp(), 'a.txt'), 'l1\r\nl2\nl3\rl4\r\nl5')
      const r = await f.readFile(file, { offset: 2, limit: 2 })
      expectText(r.content, 'l2\nl3\n')
      expect(r).toMatchObject({ startLine: 2, endLine: 3, totalLines: 5 })
      // eol describes the whole file, not the slice.
      expect(r.eol).toMatchObject({ lf: 1, crlf: 2, cr: 1, mixed: true })
      const last = await f.readFile(file, { offset: 4 })
      expectText(last.content, 'l4\nl5')
      expect(last).toMatchObject({ startLine: 4, endLine: 5, totalLines: 5 })
      const first = await f.readFile(file, { limit: 1 })
      expectText(first.content, 'l1\n')
      expect(first).toMatchObject({ startLine: 1, endLine: 1 })
    })

    it('returns empty content past the end of the file and for limit 0', async () => {
      const file = write(path.join(tmp(), 'a.txt'), 'a\r\nb\r\n')
      const past = await f.readFile(file, { offset: 10 })
      expectText(past.content, '')
      expect(past).toMatchObject({ startLine: 10, endLine: 9, totalLines: 2 })
      const none = await f.readFile(file, { offset: 2, limit: 0 })
      expectText(none.content, '')
      expect(none).toMatchObject({ startLine: 2, endLine: 1 })
    })

    it('reads an empty file as zero lines', async () => {
      const file = write(path.join(tmp(), 'empty.txt'), '')
      const r = await f.readFile(file)
      expectText(r.content, '')
      expect(r).toMatchObject({ totalLines: 0, startLine: 1, endLine: 0 })
      expect(r.eol).toMatchObject({ dominant: '\n', trailingNewline: false })
    })

    it('gives the same version for the same bytes and another for other bytes', async () => {
      const dir = tmp()
      const a = write(path.join(dir, 'a.txt'), 'x\r\ny\r\n')
      const b = write(path.join(dir, 'b.txt'), 'x\r\ny\r\n')
      const lf = write(path.join(dir, 'lf.txt'), 'x\ny\n')
      const bom = write(path.join(dir, 'bom.txt'), Buffer.concat([UTF8_BOM, Buffer.from('x\r\ny\r\n')]))
      const [va, vb, vlf, vbom] = await Promise.all([a, b, lf, bom].map(async (p) => (await f.readFile(p)).version))
      expect(va).toMatch(VERSION)
      expect(vb).toBe(va)
      expect(vlf).not.toBe(va)
      expect(vbom).not.toBe(va)
      fs.writeFileSync(a, 'x\r\nz\r\n')
      expect((await f.readFile(a)).version).not.toBe(va)
    })

    it('slices a large file without reading it all as one view', async () => {
      const lines = Array.from({ length: 200_000 }, (_, i) => `line ${i + 1}`)
      const file = write(path.join(tmp(), 'big.txt'), `${lines.join('\r\n')}\r\n`)
      const r = await f.readFile(file, { offset: 150_000, limit: 3 })
      expectText(r.content, 'line 150000\nline 150001\nline 150002\n')
      expect(r).toMatchObject({ startLine: 150_000, endLine: 150_002, totalLines: 200_000 })
      expect(r.eol.crlf).toBe(200_000)
    })
  })

  describe('editFile', () => {
    it('edits a CRLF file with LF text and keeps it CRLF, with a full result', async () => {
      const file = write(path.join(tmp(), 'a.txt'), 'one\r\ntwo\r\nthree\r\n')
      const r = await f.editFile(file, 'two\n', 'TWO\nadded\n')
      expectBytes(file, 'one\r\nTWO\r\nadded\r\nthree\r\n')
      expect(r).toMatchObject({
        path: file,
        replacements: 1,
        matchedBy: ['exact'],
        startLine: 2,
        endLine: 3,
        changed: true,
        eol: { lf: 0, crlf: 4, cr: 0, dominant: '\r\n', mixed: false, trailingNewline: true },
      })
      expect(r.version).toMatch(VERSION)
      // The diff is in the LF view, and shows the change.
      expect(r.diff).toContain('-two\n')
      expect(r.diff).toContain('+TWO\n')
      expect(r.diff).toContain('+added\n')
      expect(r.diff).not.toContain('\r')
    })

    it('gives the same result when the model writes CRLF text', async () => {
      const file = write(path.join(tmp(), 'a.txt'), 'one\r\ntwo\r\nthree\r\n')
      await f.editFile(file, 'one\r\ntwo', 'one\r\n2')
      expectBytes(file, 'one\r\n2\r\nthree\r\n')
    })

    it('keeps every line ending of a mixed file', async () => {
      const file = write(path.join(tmp(), 'a.txt'), 'a\r\nb\nc\rd\r\ne\n')
      await f.editFile(file, 'b\nc\nd', 'B\nC\nD')
      expectBytes(file, 'a\r\nB\nC\rD\r\ne\n')
    })

    it('keeps lone CR endings and gives added lines the lone CR of their file', async () => {
      const file = write(path.join(tmp(), 'a.txt'), 'a\rb\rc\r')
      await f.editFile(file, 'b\n', 'B\nB2\n')
      expectBytes(file, 'a\rB\rB2\rc\r')
    })

    it('replaces every match with replaceAll', async () => {
      const file = write(path.join(tmp(), 'a.txt'), 'x = 1\r\ny = 2\r\nx = 1\r\n')
      const r = await f.editFile(file, 'x = 1', 'x = 3', { replaceAll: true })
      expect(r.replacements).toBe(2)
      expectBytes(file, 'x = 3\r\ny = 2\r\nx = 3\r\n')
    })

    it('reports the lenient tier that matched and keeps the bytes the model left alone', async () => {
      const file = write(path.join(tmp(), 'a.txt'), 'if (a) {  \r\n  call("x")\t\r\n}\r\n')
      const r = await f.editFile(file, 'if (a) {\n  call("x")\n}', 'if (a) {\n  call("y")\n}')
      expect(r.matchedBy).toEqual(['trailingWhitespace'])
      // The changed line keeps its trailing tab too: the model left it alone.
      expectBytes(file, 'if (a) {  \r\n  call("y")\t\r\n}\r\n')
    })

    it.each([
      ['CRLF', '\r\n', '\r\n', '\r\n'],
      ['mixed', '\r\n', '\r', '\n'],
      ['lone-CR', '\r', '\r', '\r'],
    ])('keeps the quotes, apostrophe and dash the model left alone on a line it changed (%s)', async (_kind, e1, e2, e3) => {
      const file = write(path.join(tmp(), 'a.txt'), `a${e1}msg = \u201Cit\u2019s \u2014 fine\u201D${e2}b${e3}`)
      const r = await f.editFile(file, 'msg = "it\'s - fine"', 'msg = "it\'s - fine!"')
      expect(r.matchedBy).toEqual(['unicode'])
      expectBytes(file, `a${e1}msg = \u201Cit\u2019s \u2014 fine!\u201D${e2}b${e3}`)
    })

    it('returns a version equal to what readFile then reports', async () => {
      const file = write(path.join(tmp(), 'a.txt'), 'one\r\ntwo\r\n')
      const before = await f.readFile(file)
      const r = await f.editFile(file, 'two', '2', { expectedVersion: before.version })
      expect(r.version).not.toBe(before.version)
      expect((await f.readFile(file)).version).toBe(r.version)
    })

    it('with dryRun returns the diff and version but writes nothing', async () => {
      const dir = tmp()
      const file = write(path.join(dir, 'a.txt'), 'one\r\ntwo\r\n')
      const before = snapshot(dir)
      const dry = await f.editFile(file, 'two', '2', { dryRun: true })
      expect(snapshot(dir)).toEqual(before)
      expect(dry.changed).toBe(true)
      expect(dry.diff).toContain('+2\n')
      const real = await f.editFile(file, 'two', '2')
      expect(real.version).toBe(dry.version)
      expect(real.diff).toBe(dry.diff)
      expectBytes(file, 'one\r\n2\r\n')
    })

    it('fails with TEXT_NOT_FOUND or TEXT_MULTIPLE_MATCHES and writes nothing', async () => {
      const dir = tmp()
      const file = write(path.join(dir, 'a.txt'), 'x\r\ny\r\nx\r\n')
      const before = snapshot(dir)
      await expectCode(() => f.editFile(file, 'zzz', 'q'), 'TEXT_NOT_FOUND')
      const multiple = await expectCode(() => f.editFile(file, 'x', 'q'), 'TEXT_MULTIPLE_MATCHES')
      expect(multiple.lines).toEqual([1, 3])
      await expectCode(() => f.editFile(file, 'y', 'y'), 'NO_CHANGE')
      expect(snapshot(dir)).toEqual(before)
    })

    it('with durable: true writes the same bytes', async () => {
      const file = write(path.join(tmp(), 'a.txt'), 'one\r\ntwo\r\n')
      const r = await f.editFile(file, 'one', '1', { durable: true })
      expectBytes(file, '1\r\ntwo\r\n')
      expect(r.changed).toBe(true)
    })
  })

  describe('multiEdit', () => {
    it('applies edits in order on a CRLF file', async () => {
      const file = write(path.join(tmp(), 'a.txt'), 'a\r\nb\r\nc\r\nd\r\n')
      const r = await f.multiEdit(file, [
        { oldText: 'a', newText: 'A' },
        { oldText: 'A\nb', newText: 'A\nB' },
        { oldText: 'c\nd', newText: 'C\nD\nE' },
      ])
      expectBytes(file, 'A\r\nB\r\nC\r\nD\r\nE\r\n')
      expect(r).toMatchObject({ replacements: 3, matchedBy: ['exact', 'exact', 'exact'], changed: true })
      expect(r.eol).toMatchObject({ crlf: 5, lf: 0 })
    })

    it('is all-or-nothing: a failing edit names its index and nothing is written', async () => {
      const dir = tmp()
      const file = write(path.join(dir, 'a.txt'), 'a\r\nb\r\n')
      const before = snapshot(dir)
      const error = await expectCode(
        () =>
          f.multiEdit(file, [
            { oldText: 'a', newText: 'A' },
            { oldText: 'missing', newText: 'x' },
          ]),
        'TEXT_NOT_FOUND',
      )
      expect(error.editIndex).toBe(1)
      expect(snapshot(dir)).toEqual(before)
    })

    it('with dryRun writes nothing', async () => {
      const dir = tmp()
      const file = write(path.join(dir, 'a.txt'), 'a\r\nb\r\n')
      const before = snapshot(dir)
      const r = await f.multiEdit(file, [{ oldText: 'b', newText: 'B' }], { dryRun: true })
      expect(r.diff).toContain('+B\n')
      expect(snapshot(dir)).toEqual(before)
    })
  })

  describe('deleteRange', () => {
    it('deletes the lines between two text anchors with their own endings', async () => {
      const file = write(path.join(tmp(), 'a.txt'), 'start\r\nx\ny\rend\r\nafter\r\n')
      const r = await f.deleteRange(file, 'start', 'end')
      expectBytes(file, 'start\r\nend\r\nafter\r\n')
      expect(r.changed).toBe(true)
      expect(r.diff).toContain('-x\n')
    })

    it('deletes by 1-based line numbers, anchors included with inclusive', async () => {
      const file = write(path.join(tmp(), 'a.txt'), 'a\r\nb\nc\rd\r\n')
      await f.deleteRange(file, 2, 3, { inclusive: true })
      expectBytes(file, 'a\r\nd\r\n')
    })

    it('fails with ANCHOR_NOT_FOUND and writes nothing; dryRun writes nothing', async () => {
      const dir = tmp()
      const file = write(path.join(dir, 'a.txt'), 'a\r\nb\r\nc\r\n')
      const before = snapshot(dir)
      await expectCode(() => f.deleteRange(file, 'a', 'nope'), 'ANCHOR_NOT_FOUND')
      const dry = await f.deleteRange(file, 'a', 'c', { dryRun: true })
      expect(dry.diff).toContain('-b\n')
      expect(snapshot(dir)).toEqual(before)
    })
  })

  describe('writeFile', () => {
    it('keeps a CRLF file CRLF when given LF content', async () => {
      const file = write(path.join(tmp(), 'a.txt'), 'one\r\ntwo\r\n')
      const r = await f.writeFile(file, 'one\ntwo\nthree\n')
      expectBytes(file, 'one\r\ntwo\r\nthree\r\n')
      expect(r.changed).toBe(true)
      expect(r.eol).toMatchObject({ crlf: 3, lf: 0 })
      expect((await f.readFile(file)).version).toBe(r.version)
    })

    it('keeps the ending of each kept line of a mixed file', async () => {
      const file = write(path.join(tmp(), 'a.txt'), 'a\nb\r\nc\rd\n')
      await f.writeFile(file, 'a\nB\nc\nd\ne\n')
      // a, c, d keep their own endings; B takes b's; the added e the dominant LF.
      expectBytes(file, 'a\nB\r\nc\rd\ne\n')
    })

    it('keeps the UTF-8 BOM', async () => {
      const file = write(path.join(tmp(), 'a.txt'), Buffer.concat([UTF8_BOM, Buffer.from('a\r\nb\r\n')]))
      await f.writeFile(file, 'a\nc\n')
      expectBytes(file, Buffer.concat([UTF8_BOM, Buffer.from('a\r\nc\r\n')]))
    })

    it('forces one ending with eol: lf or crlf', async () => {
      const file = write(path.join(tmp(), 'a.txt'), 'a\r\nb\nc\r')
      await f.writeFile(file, 'a\nb\nc\n', { eol: 'lf' })
      expectBytes(file, 'a\nb\nc\n')
      await f.writeFile(file, 'a\nb\nc\nd\n', { eol: 'crlf' })
      expectBytes(file, 'a\r\nb\r\nc\r\nd\r\n')
    })

    it('returns changed: false and leaves the file untouched for identical content', async () => {
      const dir = tmp()
      const file = write(path.join(dir, 'a.txt'), 'one\r\ntwo\r\n')
      const version = (await f.readFile(file)).version
      const before = snapshot(dir)
      const mtime = fs.statSync(file).mtimeMs
      const r = await f.writeFile(file, 'one\ntwo\n')
      expect(r.changed).toBe(false)
      expect(r.version).toBe(version)
      expect(snapshot(dir)).toEqual(before)
      expect(fs.statSync(file).mtimeMs).toBe(mtime)
    })

    it('creates a new file with LF and its missing parent folders', async () => {
      const dir = tmp()
      // Isolated from any settings above the temp folder.
      write(path.join(dir, '.editorconfig'), 'root = true\n[*]\nindent_style = space\n')
      fs.mkdirSync(path.join(dir, '.git'))
      const file = path.join(dir, 'x', 'y', 'new.txt')
      const r = await f.writeFile(file, 'a\nb\n')
      expectBytes(file, 'a\nb\n')
      expect(r).toMatchObject({ changed: true, path: file })
      expect((await f.readFile(file)).version).toBe(r.version)
    })

    it('gives a new file the end_of_line of the nearest matching .editorconfig section', async () => {
      const dir = tmp()
      write(
        path.join(dir, '.editorconfig'),
        'root = true\n\n[*]\nend_of_line = lf\n\n[*.bat]\nend_of_line = crlf\n',
      )
      const bat = path.join(dir, 'sub', 'deep', 'run.bat')
      const r = await f.writeFile(bat, '@echo off\necho hi\n')
      expectBytes(bat, '@echo off\r\necho hi\r\n')
      expect(r.eol).toMatchObject({ crlf: 2, lf: 0 })
      const txt = path.join(dir, 'sub', 'a.txt')
      await f.writeFile(txt, 'a\nb\n')
      expectBytes(txt, 'a\nb\n')
    })

    it('gives every new file CRLF under an .editorconfig [*] section with end_of_line = crlf', async () => {
      const dir = tmp()
      write(path.join(dir, '.editorconfig'), 'root = true\n[*]\nend_of_line = crlf\n')
      const file = path.join(dir, 'a', 'b.ts')
      await f.writeFile(file, 'let a = 1\nlet b = 2')
      expectBytes(file, 'let a = 1\r\nlet b = 2')
    })

    it('gives a new file the eol of a matching .gitattributes pattern', async () => {
      const dir = tmp()
      fs.mkdirSync(path.join(dir, '.git'))
      write(path.join(dir, '.editorconfig'), 'root = true\n[*]\nindent_style = space\n')
      write(path.join(dir, '.gitattributes'), '*.txt eol=crlf\n')
      const txt = path.join(dir, 'docs', 'a.txt')
      await f.writeFile(txt, 'a\nb\n')
      expectBytes(txt, 'a\r\nb\r\n')
      const md = path.join(dir, 'docs', 'a.md')
      await f.writeFile(md, 'a\nb\n')
      expectBytes(md, 'a\nb\n')
    })

    it('lets eol override the folder conventions for a new file', async () => {
      const dir = tmp()
      write(path.join(dir, '.editorconfig'), 'root = true\n[*]\nend_of_line = crlf\n')
      const file = path.join(dir, 'a.txt')
      await f.writeFile(file, 'a\nb\n', { eol: 'lf' })
      expectBytes(file, 'a\nb\n')
    })

    it('with dryRun creates neither the file nor its folders', async () => {
      const dir = tmp()
      const before = snapshot(dir)
      const file = path.join(dir, 'x', 'y', 'new.txt')
      const r = await f.writeFile(file, 'a\nb\n', { dryRun: true })
      expect(r.changed).toBe(true)
      expect(r.diff).toContain('+a\n')
      expect(snapshot(dir)).toEqual(before)
      const real = await f.writeFile(file, 'a\nb\n')
      expect(real.version).toBe(r.version)
    })

    it('accepts a Buffer as content', async () => {
      const file = write(path.join(tmp(), 'a.txt'), 'a\r\nb\r\n')
      await f.writeFile(file, Buffer.from('a\nc\n') as any)
      expectBytes(file, 'a\r\nc\r\n')
    })

    it('refuses to overwrite a binary file', async () => {
      const dir = tmp()
      write(path.join(dir, 'x.bin'), Buffer.from([0x89, 0x50, 0x00, 0x01]))
      const before = snapshot(dir)
      await expectCode(() => f.writeFile(path.join(dir, 'x.bin'), 'text\n'), 'BINARY_FILE')
      expect(snapshot(dir)).toEqual(before)
    })
  })

  describe('convertEol', () => {
    it.each([
      ['lf', 'a\nb\nc\nd'],
      ['crlf', 'a\r\nb\r\nc\r\nd'],
      ['cr', 'a\rb\rc\rd'],
    ] as const)('converts every ending of a mixed file to %s', async (to, expected) => {
      const file = write(path.join(tmp(), 'a.txt'), 'a\r\nb\nc\rd')
      const r = await f.convertEol(file, to)
      expectBytes(file, expected)
      expect(r.changed).toBe(true)
      expect(r.eol.mixed).toBe(false)
      expect(r.eol.dominant).toBe({ lf: '\n', crlf: '\r\n', cr: '\r' }[to])
      expect((await f.readFile(file)).version).toBe(r.version)
    })

    it('fails with NO_CHANGE when there is nothing to convert, and writes nothing', async () => {
      const dir = tmp()
      const crlf = write(path.join(dir, 'crlf.txt'), 'a\r\nb\r\n')
      const none = write(path.join(dir, 'none.txt'), 'no ending')
      const before = snapshot(dir)
      await expectCode(() => f.convertEol(crlf, 'crlf'), 'NO_CHANGE')
      await expectCode(() => f.convertEol(none, 'lf'), 'NO_CHANGE')
      await expectCode(() => f.convertEol(none, 'cr'), 'NO_CHANGE')
      expect(snapshot(dir)).toEqual(before)
    })

    it('keeps the BOM and with dryRun writes nothing', async () => {
      const dir = tmp()
      const file = write(path.join(dir, 'a.txt'), Buffer.concat([UTF8_BOM, Buffer.from('a\nb\n')]))
      const before = snapshot(dir)
      const dry = await f.convertEol(file, 'crlf', { dryRun: true })
      expect(snapshot(dir)).toEqual(before)
      const r = await f.convertEol(file, 'crlf')
      expect(r.version).toBe(dry.version)
      expectBytes(file, Buffer.concat([UTF8_BOM, Buffer.from('a\r\nb\r\n')]))
    })
  })
})

// ---------------------------------------------------------------------------

describe('encodings', () => {
  const text = 'héllo ✓\r\nwörld 😀\r\nend\r\n'

  describe.each(['utf-8', 'utf-8 with BOM', 'utf-16le', 'utf-16be'] as const)('%s', (encoding) => {
    const setup = (content = text): string => write(path.join(tmp(), 'a.txt'), encode(content, encoding))

    it('readFile decodes it and names the encoding and BOM', async () => {
      const file = setup()
      const r = await eol.readFile(file)
      expectText(r.content, 'héllo ✓\nwörld 😀\nend\n')
      expect(r.encoding).toBe(encoding.startsWith('utf-8') ? 'utf-8' : encoding)
      expect(r.bom).toBe(encoding !== 'utf-8')
      expect(r.eol).toMatchObject({ crlf: 3, lf: 0 })
      expect(eol.readFileSync(file)).toEqual(r)
    })

    it('editFile round-trips it in the same encoding, BOM and endings', async () => {
      const file = setup()
      const r = await eol.editFile(file, 'wörld 😀\n', 'wörld 🌍\nmöre\n')
      expectBytes(file, encode('héllo ✓\r\nwörld 🌍\r\nmöre\r\nend\r\n', encoding))
      expect(eol.readFileSync(file).version).toBe(r.version)
    })

    it('editFile keeps the quotes, apostrophe and dash the model left alone on a line it changed', async () => {
      const file = setup('a\r\nmsg = \u201Cit\u2019s \u2014 fine\u201D\r\nb\r\n')
      const r = await eol.editFile(file, 'msg = "it\'s - fine"', 'msg = "it\'s - fine!"')
      expect(r.matchedBy).toEqual(['unicode'])
      expectBytes(file, encode('a\r\nmsg = \u201Cit\u2019s \u2014 fine!\u201D\r\nb\r\n', encoding))
    })

    it('multiEdit and deleteRange round-trip it', async () => {
      const file = setup()
      eol.multiEditSync(file, [
        { oldText: 'héllo', newText: 'HÉLLO' },
        { oldText: 'end', newText: 'énd' },
      ])
      expectBytes(file, encode('HÉLLO ✓\r\nwörld 😀\r\nénd\r\n', encoding))
      await eol.deleteRange(file, 1, 2, { inclusive: true })
      expectBytes(file, encode('énd\r\n', encoding))
    })

    it('writeFile keeps its encoding, BOM and CRLF', async () => {
      const file = setup()
      const r = eol.writeFileSync(file, 'héllo ✓\nnéw\n')
      expectBytes(file, encode('héllo ✓\r\nnéw\r\n', encoding))
      expect((await eol.readFile(file)).version).toBe(r.version)
    })

    it('convertEol keeps its encoding and BOM', async () => {
      const file = setup()
      await eol.convertEol(file, 'lf')
      expectBytes(file, encode('héllo ✓\nwörld 😀\nend\n', encoding))
      eol.convertEolSync(file, 'cr')
      expectBytes(file, encode('héllo ✓\rwörld 😀\rend\r', encoding))
    })
  })

  it('writes invalid UTF-8 bytes outside the match back untouched', async () => {
    const file = write(
      path.join(tmp(), 'a.txt'),
      Buffer.from([0x61, 0xff, 0x0d, 0x0a, 0x62, 0x0d, 0x0a, 0xc3, 0x28, 0xfe, 0x0d, 0x0a]),
    )
    // readFile shows each invalid byte as U+FFFD.
    expectText((await eol.readFile(file)).content, 'a\ufffd\nb\n\ufffd(\ufffd\n')
    await eol.editFile(file, 'b', 'B')
    expectBytes(file, Buffer.from([0x61, 0xff, 0x0d, 0x0a, 0x42, 0x0d, 0x0a, 0xc3, 0x28, 0xfe, 0x0d, 0x0a]))
    eol.convertEolSync(file, 'lf')
    expectBytes(file, Buffer.from([0x61, 0xff, 0x0a, 0x42, 0x0a, 0xc3, 0x28, 0xfe, 0x0a]))
  })

  it('refuses a file with a NUL byte in its first 8 KiB as BINARY_FILE, for every function', async () => {
    const dir = tmp()
    const nulAtEnd = Buffer.alloc(8192, 'a')
    nulAtEnd[8191] = 0
    const file = write(path.join(dir, 'a.dat'), nulAtEnd)
    const before = snapshot(dir)
    await expectCode(() => eol.readFile(file), 'BINARY_FILE')
    await expectCode(() => eol.editFile(file, 'a', 'b', { replaceAll: true }), 'BINARY_FILE')
    await expectCode(() => eol.multiEdit(file, [{ oldText: 'a', newText: 'b', replaceAll: true }]), 'BINARY_FILE')
    await expectCode(() => eol.deleteRange(file, 1, 1, { inclusive: true }), 'BINARY_FILE')
    await expectCode(() => eol.convertEol(file, 'crlf'), 'BINARY_FILE')
    await expectCode(() => eol.writeFile(file, 'x'), 'BINARY_FILE')
    expect(() => eol.readFileSync(file)).toThrow(expect.objectContaining({ code: 'BINARY_FILE' }))
    expect(snapshot(dir)).toEqual(before)
  })

  it('treats a NUL byte after the first 8 KiB as text', async () => {
    const bytes = Buffer.concat([Buffer.alloc(8192, 'a'), Buffer.from('\0\r\nlast\r\n')])
    const file = write(path.join(tmp(), 'a.txt'), bytes)
    const r = await eol.readFile(file)
    expect(r.totalLines).toBe(2)
    await eol.editFile(file, 'last', 'LAST')
    expectBytes(file, Buffer.concat([Buffer.alloc(8192, 'a'), Buffer.from('\0\r\nLAST\r\n')]))
  })

  it('refuses UTF-16 without a BOM as BINARY_FILE', async () => {
    const file = write(path.join(tmp(), 'a.txt'), Buffer.from('hello\r\n', 'utf16le'))
    await expectCode(() => eol.readFile(file), 'BINARY_FILE')
  })

  it('refuses a file over maxBytes with FILE_TOO_LARGE, reading or editing', async () => {
    const dir = tmp()
    const file = write(path.join(dir, 'a.txt'), 'x'.repeat(100) + '\r\n') // 102 bytes
    const before = snapshot(dir)
    const error = await expectCode(() => eol.readFile(file, { maxBytes: 101 }), 'FILE_TOO_LARGE')
    expect(typeof error.hint).toBe('string')
    await expectCode(() => eol.editFile(file, 'x', 'y', { maxBytes: 101, replaceAll: true }), 'FILE_TOO_LARGE')
    // A whole-file write that would not make it smaller.
    await expectCode(() => eol.writeFile(file, 'y'.repeat(200) + '\n', { maxBytes: 101 }), 'FILE_TOO_LARGE')
    expect(() => eol.convertEolSync(file, 'lf', { maxBytes: 101 })).toThrow(
      expect.objectContaining({ code: 'FILE_TOO_LARGE' }),
    )
    expect(snapshot(dir)).toEqual(before)
    // The limit itself is allowed; 0 means no limit.
    expect((await eol.readFile(file, { maxBytes: 102 })).totalLines).toBe(1)
    expect((await eol.readFile(file, { maxBytes: 0 })).totalLines).toBe(1)
  })

  it('maxBytes bounds what every change writes, so nothing it writes is too large to read back with it', async () => {
    const dir = tmp()
    const small = write(path.join(dir, 's.txt'), 'one\n')
    const big = 'y'.repeat(99) + '\n'
    const before = snapshot(dir)
    const limit = { maxBytes: 1000 }
    await expectCode(() => eol.writeFile(path.join(dir, 'new.txt'), big.repeat(20), limit), 'FILE_TOO_LARGE')
    await expectCode(() => eol.editFile(small, 'one', big.repeat(20), limit), 'FILE_TOO_LARGE')
    expect(() => eol.multiEditSync(small, [{ oldText: 'one', newText: big.repeat(20) }], limit)).toThrow(expect.objectContaining({ code: 'FILE_TOO_LARGE' }))
    await expectCode(() => eol.writeFile(small, big.repeat(20), { ...limit, dryRun: true }), 'FILE_TOO_LARGE')
    const patch = `*** Begin Patch\n*** Add File: ${path.join(dir, 'p.txt')}\n${('+' + big).repeat(20)}*** End Patch\n`
    await expectCode(() => eol.applyPatch(patch, limit), 'FILE_TOO_LARGE')
    expect(snapshot(dir)).toEqual(before)
  })

  it('writeFile replaces a file over maxBytes without reading it, and with a warning; nothing may grow it', async () => {
    const dir = tmp()
    const file = write(path.join(dir, 'log.txt'), 'old line\r\n'.repeat(500)) // 5000 bytes
    const limit = { maxBytes: 1000 }
    await expectCode(() => eol.writeFile(file, 'z'.repeat(6000), limit), 'FILE_TOO_LARGE')
    expect(fs.readFileSync(file, 'latin1')).toBe('old line\r\n'.repeat(500))
    const r = await eol.writeFile(file, 'short\n', limit)
    expect(r.changed).toBe(true)
    expect(r.warnings.join(' ')).toMatch(/log\.txt was 5000 bytes, over the limit of 1000 bytes, so it was replaced without being read/)
    expect(fs.readFileSync(file, 'latin1')).toBe('short\n')
    const back = await eol.readFile(file, limit)
    expect([back.content, back.version]).toEqual(['short\n', r.version])
  })
})

// ---------------------------------------------------------------------------

describe('atomic writes', () => {
  it('keeps mode 0755 after an edit, a write and a conversion', async (ctx) => {
    skipUnless(ctx, can.posixModes)
    const file = write(path.join(tmp(), 'run.sh'), '#!/bin/sh\r\necho hi\r\n', 0o755)
    await eol.editFile(file, 'hi', 'there')
    expect(fs.statSync(file).mode & 0o777).toBe(0o755)
    eol.writeFileSync(file, '#!/bin/sh\necho again\n')
    expect(fs.statSync(file).mode & 0o777).toBe(0o755)
    await eol.convertEol(file, 'lf')
    expect(fs.statSync(file).mode & 0o777).toBe(0o755)
    expectBytes(file, '#!/bin/sh\necho again\n')
  })

  it('keeps a private mode 0600', async (ctx) => {
    skipUnless(ctx, can.posixModes)
    const file = write(path.join(tmp(), 'secret.env'), 'A=1\r\n', 0o600)
    await eol.editFile(file, 'A=1', 'A=2')
    expect(fs.statSync(file).mode & 0o777).toBe(0o600)
  })

  it('gives a new file the usual 0666 minus umask', async (ctx) => {
    skipUnless(ctx, can.posixModes)
    const file = path.join(tmp(), 'new.txt')
    await eol.writeFile(file, 'a\n')
    const umask = process.umask()
    expect(fs.statSync(file).mode & 0o777).toBe(0o666 & ~umask)
  })

  it('replaces the file by a rename and leaves no temporary file', async () => {
    const dir = tmp()
    const file = write(path.join(dir, 'a.txt'), 'one\r\ntwo\r\n')
    const inode = fs.statSync(file).ino
    await eol.editFile(file, 'two', '2')
    expect(fs.statSync(file).ino).not.toBe(inode)
    expect(fs.readdirSync(dir)).toEqual(['a.txt'])
    expect(tempFiles(dir)).toEqual([])
  })

  it('follows a symlink, keeps it a link and updates its target', async (ctx) => {
    skipUnless(ctx, can.symlink)
    const dir = tmp()
    const target = write(path.join(dir, 'real', 'target.txt'), 'x\r\ny\r\n')
    const link = path.join(dir, 'links', 'link.txt')
    fs.mkdirSync(path.dirname(link))
    fs.symlinkSync(path.join('..', 'real', 'target.txt'), link)
    const r = await eol.editFile(link, 'y', 'z')
    expect(r.path).toBe(link)
    expect(fs.lstatSync(link).isSymbolicLink()).toBe(true)
    expect(fs.readlinkSync(link)).toBe(path.join('..', 'real', 'target.txt'))
    expectBytes(target, 'x\r\nz\r\n')
    eol.writeFileSync(link, 'x\nw\n')
    expect(fs.lstatSync(link).isSymbolicLink()).toBe(true)
    expectBytes(target, 'x\r\nw\r\n')
    await eol.convertEol(link, 'lf')
    expect(fs.lstatSync(link).isSymbolicLink()).toBe(true)
    expectBytes(target, 'x\nw\n')
    expect(tempFiles(dir)).toEqual([])
    expect((await eol.readFile(link)).version).toBe((await eol.readFile(target)).version)
  })

  it('creates the target of a dangling symlink and keeps the link', async (ctx) => {
    skipUnless(ctx, can.symlink)
    const dir = tmp()
    fs.mkdirSync(path.join(dir, 'sub'))
    const link = path.join(dir, 'link.txt')
    fs.symlinkSync(path.join('sub', 'target.txt'), link)
    await eol.writeFile(link, 'a\nb\n')
    expect(fs.lstatSync(link).isSymbolicLink()).toBe(true)
    expectBytes(path.join(dir, 'sub', 'target.txt'), 'a\nb\n')
  })

  it('keeps the links of a hard-linked file', async (ctx) => {
    skipUnless(ctx, can.hardLink)
    const dir = tmp()
    const a = write(path.join(dir, 'a.txt'), 'one\r\ntwo\r\n')
    const b = path.join(dir, 'b.txt')
    fs.linkSync(a, b)
    const inode = fs.statSync(a).ino
    await eol.editFile(a, 'two', '2')
    expect(fs.statSync(a).nlink).toBe(2)
    expect(fs.statSync(b).ino).toBe(inode)
    expectBytes(a, 'one\r\n2\r\n')
    expectBytes(b, 'one\r\n2\r\n')
    eol.writeFileSync(b, 'one\ntwo\nthree\n')
    expect(fs.statSync(a).nlink).toBe(2)
    expectBytes(a, 'one\r\ntwo\r\nthree\r\n')
    // A shorter content is cut to length.
    await eol.convertEol(a, 'lf')
    await eol.deleteRange(b, 2, 3, { inclusive: true })
    expectBytes(a, 'one\n')
    expect(fs.statSync(b).nlink).toBe(2)
    expect(tempFiles(dir)).toEqual([])
  })

  describe('after a failed write the folder is exactly as it was', () => {
    it('when the edit fails (TEXT_NOT_FOUND, NO_CHANGE, FILE_CHANGED)', async () => {
      const dir = tmp()
      const file = write(path.join(dir, 'a.txt'), 'one\r\ntwo\r\n')
      const before = snapshot(dir)
      await expectCode(() => eol.editFile(file, 'three', '3'), 'TEXT_NOT_FOUND')
      await expectCode(() => eol.editFile(file, 'one\n', 'one\r\n'), 'NO_CHANGE')
      await expectCode(() => eol.writeFile(file, 'x', { expectedVersion: '0'.repeat(32) }), 'FILE_CHANGED')
      expect(snapshot(dir)).toEqual(before)
    })

    it('when the file is read-only (0444): PERMISSION_DENIED', (ctx) => {
      skipUnless(ctx, can.unprivilegedUser)
      const dir = openTo(tmp())
      const file = write(path.join(dir, 'ro.txt'), 'one\r\ntwo\r\n', 0o444)
      const before = snapshot(dir)
      const r = unprivileged('editFileSync', [file, 'two', '2'])
      expect(r.error?.code).toBe('PERMISSION_DENIED')
      expect(unprivileged('writeFileSync', [file, 'x\n']).error?.code).toBe('PERMISSION_DENIED')
      expect(unprivileged('convertEolSync', [file, 'lf']).error?.code).toBe('PERMISSION_DENIED')
      // Reading it is fine.
      expect(unprivileged('readFileSync', [file]).ok?.content).toBe('one\ntwo\n')
      expect(snapshot(dir)).toEqual(before)
      expect(tempFiles(dir)).toEqual([])
    })

    it(
      'when the folder cannot take a temporary file: PERMISSION_DENIED, not a non-atomic write',
      (ctx) => {
        skipUnless(ctx, can.unprivilegedUser)
        const dir = openTo(tmp())
        const sub = path.join(dir, 'locked')
        const file = write(path.join(sub, 'a.txt'), 'one\r\ntwo\r\n', 0o666)
        fs.chmodSync(sub, 0o555)
        const before = snapshot(dir)
        expect(unprivileged('editFileSync', [file, 'two', '2']).error?.code).toBe('PERMISSION_DENIED')
        expect(unprivileged('writeFileSync', [path.join(sub, 'new.txt'), 'x\n']).error?.code).toBe(
          'PERMISSION_DENIED',
        )
        expect(
          unprivileged('writeFileSync', [path.join(sub, 'deeper', 'new.txt'), 'x\n']).error?.code,
        ).toBe('PERMISSION_DENIED')
        expect(snapshot(dir)).toEqual(before)
      },
    )

    // Writes past 1 block fail with EFBIG instead of killing the process (SIGXFSZ ignored).
    const fileSizeLimit = `trap '' XFSZ; ulimit -f 1`

    it('when the disk refuses the bytes mid-write (file size limit): IO_ERROR, old file whole', (ctx) => {
      skipUnless(ctx, can.fileSizeLimit, can.shellChildren)
      const dir = tmp()
      const file = write(path.join(dir, 'a.txt'), 'one\r\ntwo\r\n')
      const before = snapshot(dir)
      const r = runChild('editFileSync', [file, 'two', 'x'.repeat(64 * 1024)], { shellPrefix: fileSizeLimit })
      expect(r.error?.code).toBe('IO_ERROR')
      expect(r.error?.isError).toBe(true)
      expect(snapshot(dir)).toEqual(before)
      expect(tempFiles(dir)).toEqual([])
    })

    it('when a new file in missing folders cannot be written: the folders are removed again', (ctx) => {
      skipUnless(ctx, can.fileSizeLimit, can.shellChildren)
      const dir = tmp()
      const before = snapshot(dir)
      const r = runChild('writeFileSync', [path.join(dir, 'n1', 'n2', 'new.txt'), 'x'.repeat(64 * 1024)], {
        shellPrefix: fileSizeLimit,
      })
      expect(r.error?.code).toBe('IO_ERROR')
      expect(snapshot(dir)).toEqual(before)
    })

    it('when a hard-linked file cannot be written: both names keep the old bytes', (ctx) => {
      skipUnless(ctx, can.fileSizeLimit, can.shellChildren, can.hardLink)
      const dir = tmp()
      const a = write(path.join(dir, 'a.txt'), 'one\r\ntwo\r\n')
      fs.linkSync(a, path.join(dir, 'b.txt'))
      const before = snapshot(dir)
      const r = runChild('editFileSync', [a, 'two', 'x'.repeat(64 * 1024)], { shellPrefix: fileSizeLimit })
      expect(r.error?.code).toBe('IO_ERROR')
      expect(snapshot(dir)).toEqual(before)
    })
  })

  it('as root, writes a read-only file as a plain write would, and keeps it 0444', async (ctx) => {
    skipUnless(ctx, can.posixModes, isRoot ? null : 'only root may write a file whose mode is 0444')
    // Documented in src/file/atomic.rs: "a file we may not write is refused"; root may.
    const file = write(path.join(tmp(), 'ro.txt'), 'one\r\n', 0o444)
    await eol.editFile(file, 'one', '1')
    expectBytes(file, '1\r\n')
    expect(fs.statSync(file).mode & 0o777).toBe(0o444)
  })
})

// ---------------------------------------------------------------------------

describe('no lost updates', () => {
  it('refuses a stale expectedVersion with FILE_CHANGED and writes nothing, for every function', async () => {
    const dir = tmp()
    const file = write(path.join(dir, 'a.txt'), 'one\r\ntwo\r\n')
    const stale = (await eol.readFile(file)).version
    fs.writeFileSync(file, 'one\r\ntwo\r\nthree\r\n') // another program writes
    const before = snapshot(dir)
    const opts = { expectedVersion: stale }
    const e = await expectCode(() => eol.editFile(file, 'two', '2', opts), 'FILE_CHANGED')
    expect(typeof e.hint).toBe('string')
    await expectCode(() => eol.multiEdit(file, [{ oldText: 'two', newText: '2' }], opts), 'FILE_CHANGED')
    await expectCode(() => eol.deleteRange(file, 1, 2, opts), 'FILE_CHANGED')
    await expectCode(() => eol.writeFile(file, 'x\n', opts), 'FILE_CHANGED')
    await expectCode(() => eol.convertEol(file, 'lf', opts), 'FILE_CHANGED')
    expect(() => eol.editFileSync(file, 'two', '2', opts)).toThrow(
      expect.objectContaining({ code: 'FILE_CHANGED' }),
    )
    expect(snapshot(dir)).toEqual(before)
    // With the current version the edit goes through.
    const current = (await eol.readFile(file)).version
    await eol.editFile(file, 'two', '2', { expectedVersion: current })
    expectBytes(file, 'one\r\n2\r\nthree\r\n')
  })

  it('refuses expectedVersion for a file deleted since it was read, and creates nothing', async () => {
    const dir = tmp()
    const file = write(path.join(dir, 'a.txt'), 'one\n')
    const version = (await eol.readFile(file)).version
    fs.unlinkSync(file)
    await expectCode(() => eol.writeFile(file, 'x\n', { expectedVersion: version }), 'FILE_CHANGED')
    expect(fs.readdirSync(dir)).toEqual([])
  })

  it('lands all of 100 concurrent editFile promises on one CRLF file', async () => {
    const dir = tmp()
    const file = write(path.join(dir, 'a.txt'), '')
    const lines = Array.from({ length: 100 }, (_, i) => `line ${i}`)
    fs.writeFileSync(file, `${lines.join('\r\n')}\r\n`)
    const results = await Promise.all(lines.map((line, i) => eol.editFile(file, `${line}\n`, `LINE ${i}\n`)))
    expectBytes(file, `${lines.map((_, i) => `LINE ${i}`).join('\r\n')}\r\n`)
    expect(new Set(results.map((r) => r.version)).size).toBe(100)
    expect(results.map((r) => r.version)).toContain((await eol.readFile(file)).version)
    expect(tempFiles(dir)).toEqual([])
  })

  it('serializes concurrent edits through a symlink and its target', async (ctx) => {
    skipUnless(ctx, can.symlink)
    const dir = tmp()
    const target = path.join(dir, 't.txt')
    const link = path.join(dir, 'l.txt')
    const lines = Array.from({ length: 100 }, (_, i) => `line ${i}`)
    write(target, `${lines.join('\r\n')}\r\n`)
    fs.symlinkSync('t.txt', link)
    await Promise.all(lines.map((line, i) => eol.editFile(i % 2 ? target : link, `${line}\n`, `LINE ${i}\n`)))
    expectBytes(target, `${lines.map((_, i) => `LINE ${i}`).join('\r\n')}\r\n`)
    expect(fs.lstatSync(link).isSymbolicLink()).toBe(true)
  })

  // SPEC 4: "Concurrent calls on one file in one process are serialized, so every edit
  // lands." Two hard-link names are one file, but the lock is keyed by path.
  it('serializes concurrent edits through two hard-link names of one file', async (ctx) => {
    skipUnless(ctx, can.hardLink)
    const dir = tmp()
    const a = path.join(dir, 'a.txt')
    const b = path.join(dir, 'b.txt')
    const lines = Array.from({ length: 100 }, (_, i) => `line ${i}`)
    write(a, `${lines.join('\r\n')}\r\n`)
    fs.linkSync(a, b)
    const settled = await Promise.allSettled(
      lines.map((line, i) => eol.editFile(i % 2 ? a : b, `${line}\n`, `LINE ${i}\n`)),
    )
    const failed = settled.flatMap((s, i) => (s.status === 'rejected' ? [`${i}: ${s.reason.code}`] : []))
    const text = fs.readFileSync(a, 'latin1')
    const lost = settled.flatMap((s, i) => (s.status === 'fulfilled' && !text.includes(`LINE ${i}\r\n`) ? [i] : []))
    expect({ failed, lost }).toEqual({ failed: [], lost: [] })
    expect(fs.statSync(a).nlink).toBe(2)
  })

  it('lands concurrent writeFile calls creating one new file, one after the other', async () => {
    const dir = tmp()
    const file = path.join(dir, 'new', 'a.txt')
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => eol.writeFile(file, `v${i}\n`)))
    expect(results.every((r) => r.changed)).toBe(true)
    expect(fs.readFileSync(file, 'utf8')).toMatch(/^v\d+\n$/)
    expect(fs.readdirSync(path.join(dir, 'new'))).toEqual(['a.txt'])
  })
})

// ---------------------------------------------------------------------------

describe('confinement', () => {
  function layout(): { dir: string; root: string; secret: string } {
    const dir = tmp()
    const root = path.join(dir, 'root')
    write(path.join(root, 'in.txt'), 'inside\r\n')
    const secret = write(path.join(dir, 'secret.txt'), 'secret\r\n')
    return { dir, root, secret }
  }

  it('refuses a path that escapes the root through ..', async () => {
    const { dir, root } = layout()
    const before = snapshot(dir)
    const opts = { root, cwd: root }
    const error = await expectCode(() => eol.readFile('../secret.txt', opts), 'PATH_OUTSIDE_ROOT')
    expect(typeof error.hint).toBe('string')
    await expectCode(() => eol.editFile('../secret.txt', 'secret', 'x', opts), 'PATH_OUTSIDE_ROOT')
    await expectCode(() => eol.writeFile('../new.txt', 'x', opts), 'PATH_OUTSIDE_ROOT')
    await expectCode(() => eol.writeFile('sub/../../new.txt', 'x', opts), 'PATH_OUTSIDE_ROOT')
    await expectCode(() => eol.convertEol(path.join(root, '..', 'secret.txt'), 'lf', { root }), 'PATH_OUTSIDE_ROOT')
    expect(snapshot(dir)).toEqual(before)
    // `..` that stays inside is fine.
    expectText((await eol.readFile('sub/../in.txt', opts)).content, 'inside\n')
  })

  it('refuses an absolute path outside the root, and a sibling sharing its prefix', async () => {
    const { dir, root, secret } = layout()
    write(path.join(dir, 'rootless', 'a.txt'), 'x\n')
    const before = snapshot(dir)
    await expectCode(() => eol.readFile(secret, { root }), 'PATH_OUTSIDE_ROOT')
    await expectCode(() => eol.multiEdit(secret, [{ oldText: 'secret', newText: 'x' }], { root }), 'PATH_OUTSIDE_ROOT')
    await expectCode(() => eol.deleteRange(secret, 1, 1, { root, inclusive: true }), 'PATH_OUTSIDE_ROOT')
    await expectCode(() => eol.readFile(path.join(dir, 'rootless', 'a.txt'), { root }), 'PATH_OUTSIDE_ROOT')
    expect(() => eol.writeFileSync(path.join(dir, 'x.txt'), 'x', { root })).toThrow(
      expect.objectContaining({ code: 'PATH_OUTSIDE_ROOT' }),
    )
    expect(snapshot(dir)).toEqual(before)
  })

  it('refuses a symlink inside the root that points outside', async (ctx) => {
    skipUnless(ctx, can.symlink)
    const { dir, root, secret } = layout()
    fs.symlinkSync(secret, path.join(root, 'file-link.txt'))
    fs.symlinkSync(dir, path.join(root, 'dir-link'))
    fs.symlinkSync(path.join(dir, 'not-yet.txt'), path.join(root, 'dangling.txt'))
    const before = snapshot(dir)
    const opts = { root, cwd: root }
    await expectCode(() => eol.readFile('file-link.txt', opts), 'PATH_OUTSIDE_ROOT')
    await expectCode(() => eol.editFile('file-link.txt', 'secret', 'x', opts), 'PATH_OUTSIDE_ROOT')
    await expectCode(() => eol.writeFile('file-link.txt', 'x\n', opts), 'PATH_OUTSIDE_ROOT')
    await expectCode(() => eol.convertEol('file-link.txt', 'lf', opts), 'PATH_OUTSIDE_ROOT')
    await expectCode(() => eol.readFile('dir-link/secret.txt', opts), 'PATH_OUTSIDE_ROOT')
    await expectCode(() => eol.writeFile('dir-link/new/x.txt', 'x\n', opts), 'PATH_OUTSIDE_ROOT')
    await expectCode(() => eol.writeFile('dangling.txt', 'x\n', opts), 'PATH_OUTSIDE_ROOT')
    expect(snapshot(dir)).toEqual(before)
  })

  it('refuses before reading: an outside file that is binary or too large is PATH_OUTSIDE_ROOT', async () => {
    const { dir, root } = layout()
    const bin = write(path.join(dir, 'x.bin'), Buffer.from([0, 1, 2]))
    await expectCode(() => eol.readFile(bin, { root }), 'PATH_OUTSIDE_ROOT')
    await expectCode(() => eol.readFile(path.join(dir, 'secret.txt'), { root, maxBytes: 1 }), 'PATH_OUTSIDE_ROOT')
    await expectCode(() => eol.readFile(path.join(dir, 'missing.txt'), { root }), 'PATH_OUTSIDE_ROOT')
  })

  it('accepts a path inside any of several roots', async () => {
    const { dir, root } = layout()
    const other = path.join(dir, 'other')
    write(path.join(other, 'b.txt'), 'b\r\n')
    const roots = [root, other]
    expectText((await eol.readFile(path.join(other, 'b.txt'), { root: roots })).content, 'b\n')
    await eol.editFile(path.join(root, 'in.txt'), 'inside', 'INSIDE', { root: roots })
    expectBytes(path.join(root, 'in.txt'), 'INSIDE\r\n')
    await expectCode(() => eol.readFile(path.join(dir, 'secret.txt'), { root: roots }), 'PATH_OUTSIDE_ROOT')
  })

  it('accepts a symlink from one root into another', async (ctx) => {
    skipUnless(ctx, can.symlink)
    const { dir, root } = layout()
    const other = path.join(dir, 'other')
    write(path.join(other, 'b.txt'), 'b\r\n')
    fs.symlinkSync(path.join(other, 'b.txt'), path.join(root, 'b-link.txt'))
    await eol.editFile('b-link.txt', 'b', 'B', { root: [root, other], cwd: root })
    expectBytes(path.join(other, 'b.txt'), 'B\r\n')
    await expectCode(() => eol.readFile('b-link.txt', { root, cwd: root }), 'PATH_OUTSIDE_ROOT')
  })

  it('resolves relative paths and roots against the cwd option, and reports the path as given', async () => {
    const { dir } = layout()
    const r = await eol.editFile('root/in.txt', 'inside', 'x', { cwd: dir, root: 'root' })
    expect(r.path).toBe('root/in.txt')
    expectBytes(path.join(dir, 'root', 'in.txt'), 'x\r\n')
    await eol.writeFile('root/made/new.txt', 'n\n', { cwd: dir })
    expectBytes(path.join(dir, 'root', 'made', 'new.txt'), 'n\n')
    await expectCode(() => eol.readFile('secret.txt', { cwd: dir, root: 'root' }), 'PATH_OUTSIDE_ROOT')
  })

  it("resolves relative paths against the process's working directory by default", async () => {
    // Beside the working directory: the temporary folder may be on another drive
    // (as on GitHub's Windows runners), where no relative path leads.
    fs.mkdirSync(path.join(process.cwd(), '.tmp'), { recursive: true })
    const near = fs.mkdtempSync(path.join(process.cwd(), '.tmp', 'eol-files-'))
    made.push(near)
    write(path.join(near, 'in.txt'), 'inside\r\n')
    const relative = path.relative(process.cwd(), path.join(near, 'in.txt'))
    expect(path.isAbsolute(relative)).toBe(false)
    expectText((await eol.readFile(relative)).content, 'inside\n')
  })

  it('refuses a root that does not exist as INVALID_ARGUMENT', async () => {
    const { dir, root } = layout()
    await expectCode(() => eol.readFile(path.join(root, 'in.txt'), { root: path.join(dir, 'nope') }), 'INVALID_ARGUMENT')
  })
})

// ---------------------------------------------------------------------------

describe('errors', () => {
  it('FILE_NOT_FOUND for a missing file, from every function but writeFile', async () => {
    const dir = tmp()
    const missing = path.join(dir, 'missing.txt')
    await expectCode(() => eol.readFile(missing), 'FILE_NOT_FOUND')
    await expectCode(() => eol.editFile(missing, 'a', 'b'), 'FILE_NOT_FOUND')
    await expectCode(() => eol.multiEdit(missing, [{ oldText: 'a', newText: 'b' }]), 'FILE_NOT_FOUND')
    await expectCode(() => eol.deleteRange(missing, 1, 2), 'FILE_NOT_FOUND')
    await expectCode(() => eol.convertEol(missing, 'lf'), 'FILE_NOT_FOUND')
    await expectCode(() => eol.readFile(path.join(dir, 'no', 'such', 'dir.txt')), 'FILE_NOT_FOUND')
    expect(() => eol.editFileSync(missing, 'a', 'b')).toThrow(expect.objectContaining({ code: 'FILE_NOT_FOUND' }))
    expect(fs.readdirSync(dir)).toEqual([])
  })

  it('FILE_NOT_FOUND names the file of the same folder the path most plausibly meant', async () => {
    const dir = tmp()
    write(path.join(dir, 'src', 'main.rs'), 'fn main() {}\r\n')
    fs.mkdirSync(path.join(dir, 'src', 'mains'))
    const message = (p: string) => {
      try {
        eol.editFileSync(p, 'main', 'start', { cwd: dir })
      } catch (e) {
        return (e as eol.EolEditError).message
      }
      throw new Error(`${p} was edited`)
    }
    expect(message('src/mian.rs')).toBe('File not found: src/mian.rs. Did you mean src/main.rs? Check the path, or use writeFile to create it.')
    expect(message('src/mainz')).not.toContain('Did you mean')
    expect(message('lib/main.rs')).not.toContain('Did you mean')
    // A folder a slip away, and a path that repeats the name of the folder it is
    // taken from (a model writing the project's name in front).
    expect(message('scr/main.rs')).toBe('File not found: scr/main.rs. Did you mean src/main.rs? Check the path, or use writeFile to create it.')
    expect(message(`${path.basename(dir)}/src/main.rs`)).toContain('Did you mean src/main.rs?')
    expect(message(`${path.basename(dir)}/src/other.rs`)).not.toContain('Did you mean')
    if (process.platform === 'linux') {
      // Case and `\\` matter to Linux file names; a model's Windows path names the file.
      expect(message('src/Main.rs')).toContain('Did you mean src/main.rs?')
      expect(message('src\\main.rs')).toContain('Did you mean src/main.rs?')
    }
    await expectCode(() => eol.readFile('src/mian.rs', { cwd: dir }), 'FILE_NOT_FOUND')
    expect(fs.readFileSync(path.join(dir, 'src', 'main.rs'), 'latin1')).toBe('fn main() {}\r\n')
  })

  it('FILE_NOT_FOUND when a part of the path is a file', async () => {
    const dir = tmp()
    const file = write(path.join(dir, 'a.txt'), 'a\n')
    await expectCode(() => eol.readFile(path.join(file, 'b.txt')), 'FILE_NOT_FOUND')
  })

  it('NOT_A_FILE for a folder, from every function', async () => {
    const dir = tmp()
    fs.mkdirSync(path.join(dir, 'sub'))
    const before = snapshot(dir)
    const sub = path.join(dir, 'sub')
    await expectCode(() => eol.readFile(sub), 'NOT_A_FILE')
    await expectCode(() => eol.editFile(sub, 'a', 'b'), 'NOT_A_FILE')
    await expectCode(() => eol.multiEdit(sub, [{ oldText: 'a', newText: 'b' }]), 'NOT_A_FILE')
    await expectCode(() => eol.deleteRange(sub, 1, 2), 'NOT_A_FILE')
    await expectCode(() => eol.writeFile(sub, 'x'), 'NOT_A_FILE')
    await expectCode(() => eol.convertEol(sub, 'lf'), 'NOT_A_FILE')
    expect(snapshot(dir)).toEqual(before)
  })

  it('PERMISSION_DENIED for a file that cannot be read', (ctx) => {
    skipUnless(ctx, can.unprivilegedUser)
    const dir = openTo(tmp())
    const file = write(path.join(dir, 'a.txt'), 'a\n', 0o000)
    const r = unprivileged('readFileSync', [file])
    expect(r.error?.code).toBe('PERMISSION_DENIED')
    expect(unprivileged('editFileSync', [file, 'a', 'b']).error?.code).toBe('PERMISSION_DENIED')
  })

  describe('INVALID_ARGUMENT for a wrong argument', () => {
    const file = (): string => write(path.join(tmp(), 'a.txt'), 'a\r\nb\r\n')
    const cases: Array<[string, (p: string) => unknown]> = [
      ['readFile path a number', () => eol.readFile(123 as any)],
      ['readFile path empty', () => eol.readFile('')],
      ['readFile path with a NUL', (p) => eol.readFile(`${p}\0x`)],
      ['readFile options a string', (p) => eol.readFile(p, 'utf8' as any)],
      ['readFile offset 0', (p) => eol.readFile(p, { offset: 0 })],
      ['readFile offset -1', (p) => eol.readFile(p, { offset: -1 })],
      ['readFile offset 1.5', (p) => eol.readFile(p, { offset: 1.5 })],
      ['readFile limit a string', (p) => eol.readFile(p, { limit: '2' as any })],
      ['readFile maxBytes negative', (p) => eol.readFile(p, { maxBytes: -1 })],
      ['readFile root a number', (p) => eol.readFile(p, { root: 5 as any })],
      ['readFile cwd a number', (p) => eol.readFile(p, { cwd: 5 as any })],
      ['editFile path a number', () => eol.editFile(1 as any, 'a', 'b')],
      ['editFile oldText undefined', (p) => eol.editFile(p, undefined as any, 'b')],
      ['editFile newText a number', (p) => eol.editFile(p, 'a', 2 as any)],
      ['editFile oldText empty', (p) => eol.editFile(p, '', 'b')],
      ['editFile options a string', (p) => eol.editFile(p, 'a', 'b', 'x' as any)],
      ['editFile replaceAll a string', (p) => eol.editFile(p, 'a', 'b', { replaceAll: 'yes' as any })],
      ['editFile dryRun a number', (p) => eol.editFile(p, 'a', 'b', { dryRun: 1 as any })],
      ['editFile expectedVersion a number', (p) => eol.editFile(p, 'a', 'b', { expectedVersion: 1 as any })],
      ['multiEdit edits a string', (p) => eol.multiEdit(p, 'a' as any)],
      ['multiEdit edit without newText', (p) => eol.multiEdit(p, [{ oldText: 'a' } as any])],
      ['deleteRange anchor an object', (p) => eol.deleteRange(p, {} as any, 1)],
      ['writeFile content a number', (p) => eol.writeFile(p, 5 as any)],
      ["writeFile eol 'cr'", (p) => eol.writeFile(p, 'x', { eol: 'cr' as any })],
      ["convertEol to 'xyz'", (p) => eol.convertEol(p, 'xyz' as any)],
      ['convertEol to undefined', (p) => eol.convertEol(p, undefined as any)],
      ['readFileSync path a number', () => eol.readFileSync(123 as any)],
      ['editFileSync oldText undefined', (p) => eol.editFileSync(p, undefined as any, 'b')],
      ["convertEolSync to 'xyz'", (p) => eol.convertEolSync(p, 'xyz' as any)],
      // V8 would turn a lone surrogate into U+FFFD and name another file
      ['writeFile path with a lone surrogate', (p) => eol.writeFile(`${p}\ud800`, 'x')],
      ['editFile cwd with a lone surrogate', (p) => eol.editFile('a.txt', 'a', 'b', { cwd: `${path.dirname(p)}\udc00` })],
    ]

    it.each(cases)('%s', async (_name, call) => {
      const p = file()
      const dir = path.dirname(p)
      const before = snapshot(dir)
      await expectCode(() => call(p), 'INVALID_ARGUMENT')
      expect(snapshot(dir)).toEqual(before)
    })
  })

  it('Promise forms never throw synchronously: argument and I/O errors reject', async () => {
    const dir = tmp()
    const missing = path.join(dir, 'missing.txt')
    const calls: Array<() => Promise<unknown>> = [
      () => eol.readFile(123 as any),
      () => eol.readFile(missing, 'x' as any),
      () => eol.editFile(missing, undefined as any, 'b'),
      () => eol.multiEdit(missing, null as any),
      () => eol.deleteRange(missing, [] as any, 1),
      () => eol.writeFile(missing, 1 as any),
      () => eol.convertEol(missing, 'xyz' as any),
      () => eol.readFile(missing),
      () => eol.editFile(missing, 'a', 'b'),
    ]
    for (const call of calls) {
      let promise: Promise<unknown> | undefined
      expect(() => {
        promise = call()
      }).not.toThrow()
      expect(promise).toBeInstanceOf(Promise)
      const error = await promise!.then(
        () => undefined,
        (e: unknown) => e,
      )
      expect(error).toBeInstanceOf(Error)
      expect(['INVALID_ARGUMENT', 'FILE_NOT_FOUND']).toContain((error as any).code)
    }
  })

  it('Sync forms throw Error instances with a code', () => {
    const missing = path.join(tmp(), 'missing.txt')
    for (const call of [
      () => eol.readFileSync(missing),
      () => eol.multiEditSync(missing, [{ oldText: 'a', newText: 'b' }]),
      () => eol.deleteRangeSync(missing, 1, 1),
      () => eol.convertEolSync(missing, 'lf'),
      () => eol.writeFileSync(123 as any, 'x'),
    ]) {
      let error: any
      try {
        call()
      } catch (e) {
        error = e
      }
      expect(error).toBeInstanceOf(Error)
      expect(['FILE_NOT_FOUND', 'INVALID_ARGUMENT']).toContain(error.code)
    }
  })
})
