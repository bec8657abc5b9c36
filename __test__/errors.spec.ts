// The exported error class: every error the addon throws or rejects with is an
// `EolEditError` (and an `Error`), carrying `code` and the details of the failure.

import { execFileSync } from 'node:child_process'
import * as fs from 'node:fs'
import * as os from 'node:os'
import * as path from 'node:path'
import { Worker } from 'node:worker_threads'

import { afterAll, describe, expect, it } from 'vitest'

import {
  EolEditError,
  applyEdits,
  deleteRangeSync,
  editFile,
  editFileSync,
  multiEditSync,
  toLf,
} from '../index.js'

const repo = path.resolve(__dirname, '..')
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eol-errors-'))
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

function caught(run: () => unknown): EolEditError {
  try {
    run()
  } catch (error) {
    if (error instanceof EolEditError) return error
    throw new Error(`expected an EolEditError, got ${String(error)}`)
  }
  throw new Error('expected a throw')
}

describe('the codes', () => {
  it("are listed wherever codes are listed, as the core's one enum has them", () => {
    const read = (file: string) => fs.readFileSync(path.join(repo, file), 'utf8')
    // The core's one list of codes (`error_code_list!`: `Variant = "STRING",`).
    const codes = [...read('src/error.rs').matchAll(/^ {12}\w+ = "([A-Z_]+)",$/gm)].map((m) => m[1])
    expect(codes).toContain('SUSPECT_CONTENT')
    expect(codes.length).toBe(21)
    const union = /export type ErrorCode =([\s\S]*?)\n\n/.exec(read('index.d.ts'))![1]
    expect([...union.matchAll(/'([A-Z_]+)'/g)].map((m) => m[1]).sort()).toEqual([...codes].sort())
    const { ERROR_CODES } = require('../lib/tools/errors.js') as { ERROR_CODES: Set<string> }
    expect([...ERROR_CODES].sort()).toEqual([...codes].sort())
    const docs = read('docs/errors.md')
    for (const code of codes) expect(docs, code).toContain(`\`${code}\``)
  })
})

describe('EolEditError', () => {
  it('is what a Sync function throws: an Error subclass with name, code and message', () => {
    const e = caught(() => toLf(5 as unknown as string))
    expect(e).toBeInstanceOf(Error)
    expect(e.name).toBe('EolEditError')
    expect(e.code).toBe('INVALID_ARGUMENT')
    expect(e.message).toMatch(/text must be a string/)
    expect(e.stack).toMatch(/^EolEditError: text must be a string/)
    expect(Object.getPrototypeOf(e)).toBe(EolEditError.prototype)
  })

  it('is what a Promise function rejects with', async () => {
    const error: unknown = await editFile(path.join(dir, 'missing.txt'), 'a', 'b').then(
      () => null,
      (e: unknown) => e,
    )
    expect(error).toBeInstanceOf(EolEditError)
    expect((error as EolEditError).code).toBe('FILE_NOT_FOUND')
  })

  it('carries lines, editIndex and hint where they help, and no empty details', () => {
    const file = path.join(dir, 'm.txt')
    fs.writeFileSync(file, 'x\r\ny\r\nx\r\n')
    const multiple = caught(() => editFileSync(file, 'x', 'z'))
    expect(multiple.code).toBe('TEXT_MULTIPLE_MATCHES')
    expect(multiple.lines).toEqual([1, 3])
    expect(typeof multiple.hint).toBe('string')
    expect(multiple.message.endsWith(multiple.hint!)).toBe(true)
    expect(multiple.editIndex).toBeUndefined()
    expect(Object.keys(multiple)).not.toContain('editIndex')

    const edit = caught(() => multiEditSync(file, [{ oldText: 'y', newText: 'Y' }, { oldText: 'nowhere', newText: '-' }]))
    expect(edit.code).toBe('TEXT_NOT_FOUND')
    expect(edit.editIndex).toBe(1)

    const anchors = caught(() => deleteRangeSync(file, 'x', 'y'))
    expect(anchors.code).toBe('ANCHOR_MULTIPLE_MATCHES')
    expect(anchors.lines).toEqual([1, 3])
    expect(fs.readFileSync(file, 'latin1')).toBe('x\r\ny\r\nx\r\n')
  })

  it('of a multiEdit names the edit of several that failed: edit #2 of 3, in message and parts', async () => {
    const file = path.join(dir, 'three.txt')
    fs.writeFileSync(file, 'a\r\nb\r\nc\r\n')
    const edits = [
      { oldText: 'a', newText: 'A' },
      { oldText: 'nowhere', newText: '-' },
      { oldText: 'c', newText: 'C' },
    ]
    for (const run of [() => multiEditSync(file, edits), () => applyEdits('a\nb\nc\n', edits)]) {
      const e = caught(run)
      expect([e.code, e.editIndex]).toEqual(['TEXT_NOT_FOUND', 1])
      expect(e.message).toMatch(/^edit #2 of 3 \(edits\[1\]\) failed: old_text was not found in the file\./)
      expect(e.parts![0]).toEqual({ phrase: 'which-edit', parts: ['edit #2 of 3 (', { arg: 'edits' }, '[1]) failed: '] })
    }
    const rejected: unknown = await editFile(file, 'nowhere', '-').catch((error: unknown) => error)
    expect((rejected as EolEditError).message).toMatch(/^old_text was not found/)
    expect(fs.readFileSync(file, 'latin1')).toBe('a\r\nb\r\nc\r\n')
  })

  it('can be constructed by a host, as the addon constructs it', () => {
    const e = new EolEditError('The user said no.', { code: 'REJECTED', hint: 'Ask again.', lines: [3] })
    expect(e).toBeInstanceOf(Error)
    expect(e.name).toBe('EolEditError')
    expect([e.code, e.message, e.hint, e.lines]).toEqual(['REJECTED', 'The user said no.', 'Ask again.', [3]])
    const cause = new Error('inner')
    expect(new EolEditError('outer', { code: 'IO_ERROR', cause }).cause).toBe(cause)
  })

  it('applyEdits keeps the type it was given: string in, string out; Buffer in, Buffer out', () => {
    const text: string = applyEdits('a\r\nb\r\n', [{ oldText: 'a', newText: 'A' }]).content
    expect(text).toBe('A\r\nb\r\n')
    const bytes: Buffer = applyEdits(Buffer.from('a\r\nb\r\n'), [{ oldText: 'b', newText: 'B' }]).content
    expect(Buffer.isBuffer(bytes)).toBe(true)
    expect(bytes.toString('latin1')).toBe('a\r\nB\r\n')
  })

  it('is a named export from ESM, and the same class the errors have', () => {
    const out = execFileSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        "import { EolEditError, toLf } from 'eol-edit'\n" +
          'try { toLf(1) } catch (e) { console.log(JSON.stringify([typeof EolEditError, e instanceof EolEditError, e.code])) }',
      ],
      { cwd: repo, encoding: 'utf8' },
    )
    expect(JSON.parse(out)).toEqual(['function', true, 'INVALID_ARGUMENT'])
  })

  it('exists once per worker thread, and errors there are instances of that thread\'s class', async () => {
    const worker = new Worker(
      `const { parentPort } = require('node:worker_threads')
       const m = require(${JSON.stringify(path.join(repo, 'index.js'))})
       try { m.toLf(1) } catch (e) { parentPort.postMessage([e instanceof m.EolEditError, e instanceof Error, e.code]) }`,
      { eval: true },
    )
    const message = await new Promise((resolve, reject) => {
      worker.once('message', resolve)
      worker.once('error', reject)
    })
    await worker.terminate()
    expect(message).toEqual([true, true, 'INVALID_ARGUMENT'])
  })
})
