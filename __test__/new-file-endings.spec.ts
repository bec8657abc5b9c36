// Which line endings `writeFile` gives a file that did not exist (or was empty): the
// endings the content brings when it has real carriage returns, else the folder's
// convention (.editorconfig, .gitattributes) or LF. Through the built package, byte
// for byte.

import * as fs from 'node:fs'
import * as os from 'node:os'
import * as path from 'node:path'

import { afterAll, describe, expect, it } from 'vitest'

import * as eol from '../index.js'

const made: string[] = []

/** A fresh folder cut off from any settings above it. */
function folder(settings?: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eol-new-file-'))
  made.push(dir)
  fs.mkdirSync(path.join(dir, '.git'))
  fs.writeFileSync(path.join(dir, '.editorconfig'), `root = true\n${settings ?? ''}`)
  return dir
}

afterAll(() => {
  for (const dir of made) fs.rmSync(dir, { recursive: true, force: true })
})

function hex(file: string): string {
  return fs.readFileSync(file).toString('hex')
}

function expectBytes(file: string, expected: string): void {
  expect(hex(file)).toBe(Buffer.from(expected, 'utf8').toString('hex'))
}

const forms = [
  ['writeFile', (p: string, c: string, o?: object) => eol.writeFile(p, c, o)],
  ['writeFileSync', async (p: string, c: string, o?: object) => eol.writeFileSync(p, c, o)],
] as const

describe.each(forms)('%s of a new file', (_name, write) => {
  it('keeps the real CRLF endings of its content', async () => {
    const file = path.join(folder(), 'a.txt')
    const r = await write(file, 'one\r\ntwo\r\n')
    expectBytes(file, 'one\r\ntwo\r\n')
    expect(r.eol).toMatchObject({ crlf: 2, lf: 0, cr: 0 })
  })

  it('keeps CRLF content even where .editorconfig asks for LF', async () => {
    const file = path.join(folder('[*]\nend_of_line = lf\n'), 'sub', 'a.txt')
    await write(file, 'one\r\ntwo\r\nthree')
    expectBytes(file, 'one\r\ntwo\r\nthree')
  })

  it('keeps lone CR endings of its content', async () => {
    const file = path.join(folder('[*]\nend_of_line = crlf\n'), 'old-mac.txt')
    await write(file, 'one\rtwo\r')
    expectBytes(file, 'one\rtwo\r')
  })

  it('keeps mixed real endings exactly as given', async () => {
    const file = path.join(folder(), 'mixed.txt')
    await write(file, 'a\r\nb\nc\rd\n')
    expectBytes(file, 'a\r\nb\nc\rd\n')
  })

  it('gives plain LF content the ending .editorconfig asks for', async () => {
    const file = path.join(folder('[*]\nend_of_line = crlf\n'), 'a.txt')
    await write(file, 'one\ntwo\n')
    expectBytes(file, 'one\r\ntwo\r\n')
  })

  it('gives plain LF content the ending .gitattributes asks for', async () => {
    const dir = folder()
    fs.writeFileSync(path.join(dir, '.gitattributes'), '*.bat eol=crlf\n')
    const file = path.join(dir, 'run.bat')
    await write(file, '@echo off\necho hi\n')
    expectBytes(file, '@echo off\r\necho hi\r\n')
  })

  it('keeps plain LF content LF without a convention', async () => {
    const file = path.join(folder(), 'a.txt')
    await write(file, 'one\ntwo\n')
    expectBytes(file, 'one\ntwo\n')
  })

  it("eol: 'lf' still forces LF on CRLF content", async () => {
    const file = path.join(folder(), 'a.txt')
    await write(file, 'one\r\ntwo\r\n', { eol: 'lf' })
    expectBytes(file, 'one\ntwo\n')
  })

  it('keeps the real CRLF endings written over an empty file', async () => {
    const file = path.join(folder('[*]\nend_of_line = lf\n'), 'empty.txt')
    fs.writeFileSync(file, '')
    await write(file, 'one\r\ntwo\r\n')
    expectBytes(file, 'one\r\ntwo\r\n')
  })

  it('an existing file keeps its own endings whatever the content brings', async () => {
    const file = path.join(folder(), 'lf.txt')
    fs.writeFileSync(file, 'one\ntwo\n')
    await write(file, 'one\r\ntwo\r\nthree\r\n')
    expectBytes(file, 'one\ntwo\nthree\n')
  })
})
