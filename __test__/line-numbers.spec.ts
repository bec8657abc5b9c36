// The lineNumbers tier: an old text whose every line carries the agent tools'
// read_file prefix (`  12│`) is matched without it, in the core, so every front-end
// gets it (the library, the tools, the command line) and the file is read once.

import { spawnSync } from 'node:child_process'
import * as fs from 'node:fs'
import * as os from 'node:os'
import * as path from 'node:path'

import { afterAll, describe, expect, it } from 'vitest'

import { applyEdits, editFileSync, multiEditSync } from '../index.js'

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eol-line-numbers-'))
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

const GUTTER = '\u2502'

describe('the lineNumbers tier', () => {
  it('matches a prefixed old text in a CRLF file and reports the tier', () => {
    const file = path.join(dir, 'a.txt')
    fs.writeFileSync(file, 'alpha\r\nbeta\r\ngamma\r\n')
    const r = editFileSync(file, `  2${GUTTER}beta\n  3${GUTTER}gamma`, `  2${GUTTER}BETA\n  3${GUTTER}gamma`)
    expect(r.matchedBy).toEqual(['lineNumbers'])
    expect(fs.readFileSync(file, 'latin1')).toBe('alpha\r\nBETA\r\ngamma\r\n')
  })

  it('comes after every other tier: a file that holds the prefixes is matched exactly', () => {
    const r = applyEdits(`1${GUTTER}a\n2${GUTTER}b\n`, [{ oldText: `2${GUTTER}b`, newText: `2${GUTTER}B` }])
    expect(r.matchedBy).toEqual(['exact'])
    expect(r.content).toBe(`1${GUTTER}a\n2${GUTTER}B\n`)
  })

  it('applies to each edit of a multiEdit on its own', () => {
    const file = path.join(dir, 'm.txt')
    fs.writeFileSync(file, 'one\ntwo\nthree\n')
    const r = multiEditSync(file, [
      { oldText: 'one', newText: 'ONE' },
      { oldText: `3${GUTTER}three`, newText: 'THREE' },
    ])
    expect(r.matchedBy).toEqual(['exact', 'lineNumbers'])
    expect(fs.readFileSync(file, 'utf8')).toBe('ONE\ntwo\nTHREE\n')
  })

  it('is what the command line gets too', () => {
    const file = path.join(dir, 'cli.txt')
    fs.writeFileSync(file, 'alpha\r\nbeta\r\n')
    const bin = path.join(__dirname, '..', 'bin', 'eol-edit.js')
    const run = spawnSync(process.execPath, [bin, 'edit', file, '--old', `2${GUTTER}beta`, '--new', 'BETA'], {
      encoding: 'utf8',
    })
    expect(run.status, run.stderr).toBe(0)
    expect(fs.readFileSync(file, 'latin1')).toBe('alpha\r\nBETA\r\n')
  })
})
