// Errors as facts: an EolEditError's message and hint come as `parts` and `hintParts`,
// plain text and references to the API, so that a front-end with its own names (the
// agent tools' `old_text`, the command line's `--encoding`) renders them without
// rewriting any text.

import * as fs from 'node:fs'
import * as os from 'node:os'
import * as path from 'node:path'

import { afterAll, describe, expect, it } from 'vitest'

import { EolEditError, type MessagePart, applyEdits, editFileSync, readFileSync } from '../index.js'

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eol-parts-'))
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

function caught(run: () => unknown): EolEditError {
  try {
    run()
  } catch (error) {
    if (error instanceof EolEditError) return error
    throw error
  }
  throw new Error('expected a throw')
}

/** The parts with every phrase opened up: its own parts in its place. */
function flat(parts: MessagePart[]): MessagePart[] {
  return parts.flatMap((p) => (typeof p === 'object' && 'phrase' in p ? flat(p.parts) : [p]))
}

/** The parts in the library's names: what `message` (and `hint`) say. */
function asLibrary(parts: MessagePart[]): string {
  return flat(parts)
    .map((p) => {
      if (typeof p === 'string') return p
      if ('line' in p) return `${String(p.line).padStart(p.width)}\u2502${p.text}`
      if ('op' in p) return p.listing ? 'read_file' : p.op
      const name = p.arg === 'oldText' ? 'old_text' : p.arg === 'newText' ? 'new_text' : p.arg
      if (p.value === undefined) return name
      return p.valueOnly ? `'${p.value}'` : `${name}: '${p.value}'`
    })
    .join('')
}

/** The parts as a front-end with snake_case names and JSON values would say them. */
function asTools(parts: MessagePart[]): string {
  const snake = (s: string) => s.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)
  return flat(parts)
    .map((p) => {
      if (typeof p === 'string') return p
      if ('line' in p) return `${p.line}\u2502${p.text}`
      if ('op' in p) return snake(p.op)
      if (p.value === undefined) return snake(p.arg)
      return p.valueOnly ? JSON.stringify(p.value) : `${JSON.stringify(p.arg)}: ${JSON.stringify(p.value)}`
    })
    .join('')
}

describe('EolEditError parts', () => {
  it('are the message and the hint: the library renders them as its message reads', () => {
    const e = caught(() => applyEdits('alpha\nbeta\n', [{ oldText: 'beta', newText: 'beta' }]))
    expect(e.code).toBe('NO_CHANGE')
    expect(flat(e.parts!)).toContainEqual({ arg: 'oldText' })
    expect(flat(e.hintParts!)).toContainEqual({ op: 'convertEol' })
    expect(asLibrary(e.parts!)).toBe(e.message.slice(0, e.message.length - e.hint!.length - 1))
    expect(asLibrary(e.hintParts!)).toBe(e.hint)
  })

  it('keep file content as text, and name the numbered view the quote comes from', () => {
    const file = path.join(dir, 'near.cs')
    fs.writeFileSync(file, 'int Add(int a, int b)\r\n{\r\n    return a + b;\r\n}\r\n')
    const e = caught(() => editFileSync(file, 'int Add(int x, int y)\n{\n    return x + y;\n}', 'x'))
    expect(e.code).toBe('TEXT_NOT_FOUND')
    expect(flat(e.parts!)).toContainEqual({ op: 'readFile', listing: true })
    // The quoted line is the file's text, as a line of the numbered view.
    expect(e.parts).toContainEqual({ line: 1, width: 1, text: 'int Add(int a, int b)' })
    expect(asLibrary(e.parts!)).toContain('as read_file shows it:')
  })

  it('carry an option with the value it should have, for each front-end to write in its syntax', () => {
    // Not valid UTF-8, and 0x81 is no character of windows-1252: no encoding is likely.
    const file = path.join(dir, 'unknown.txt')
    fs.writeFileSync(file, Buffer.from('caf\xe9 \x81 au lait\r\nline two\r\n', 'latin1'))
    expect(readFileSync(file).encoding).toBe('utf-8')
    const e = caught(() => editFileSync(file, 'line two', 'line two, Gr\u00fc\u00dfe'))
    expect(e.code).toBe('ENCODING_UNKNOWN')
    expect(flat(e.hintParts!)).toContainEqual({ arg: 'encoding', value: 'windows-1252' })
    expect(e.hint).toContain("encoding: 'windows-1252'")
    const tools = asTools(e.hintParts!)
    expect(tools).toContain('"encoding": "windows-1252"')
    expect(tools).not.toMatch(/encoding: '|readFile/)
  })

  it('mark a second value of an argument the sentence just named', () => {
    const file = path.join(dir, 'binary.bin')
    fs.writeFileSync(file, Buffer.from('h\0i\0', 'latin1'))
    const e = caught(() => readFileSync(file))
    expect(e.code).toBe('BINARY_FILE')
    expect(flat(e.hintParts!)).toContainEqual({ arg: 'encoding', value: 'utf-16le' })
    expect(flat(e.hintParts!)).toContainEqual({ arg: 'encoding', value: 'utf-16be', valueOnly: true })
    expect(e.hint).toBe("If it is UTF-16 without a byte order mark, pass encoding: 'utf-16le' (or 'utf-16be').")
  })
})
