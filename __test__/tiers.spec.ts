// The `tiers` option: `'exact'` lets only a byte-equal match (in the LF view) find an
// edit's text, so text a lenient tier would find is TEXT_NOT_FOUND and the file is
// left as it was; `'all'` (the default) is every tier. The same option, checked the
// same way, for editFile, multiEdit, applyEdits and the prepare functions, in both forms.

import * as fs from 'node:fs'
import * as os from 'node:os'
import * as path from 'node:path'

import { afterAll, describe, expect, it } from 'vitest'

import * as eol from '../index.js'

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eol-tiers-'))
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

// The file has the line indented, and two spaces where the model's text has one: only
// a lenient tier (indentation, which reads the inner run as one space) finds it.
const TEXT = 'fn main() {\r\n    let x =  1;\r\n}\r\n'
const OLD = 'let x = 1;'
const NEW = 'let x = 2;'

async function failure(run: () => unknown): Promise<eol.EolEditError> {
  try {
    await run()
  } catch (error) {
    return error as eol.EolEditError
  }
  throw new Error('expected a failure')
}

type Options = Record<string, unknown>
type Call = { name: string; run: (file: string, options: Options) => unknown }

const e = eol as unknown as Record<string, (...args: unknown[]) => unknown>
const both = (name: string, args: (file: string) => unknown[], after: (r: unknown) => unknown = (r) => r): Call[] =>
  [name, `${name}Sync`].map((n) => ({ name: n, run: async (f: string, o: Options) => after(await e[n](...args(f), o)) }))
/** A prepared change, committed: the prepare functions refuse as the others do. */
const commit = async (p: unknown) => (p as eol.Prepared).commit()

const CALLS: Call[] = [
  ...both('editFile', (f) => [f, OLD, NEW]),
  ...both('multiEdit', (f) => [f, [{ oldText: 'fn main() {', newText: 'fn main() {' + ' ' }, { oldText: OLD, newText: NEW }]]),
  ...both('prepareEdit', (f) => [f, OLD, NEW], commit),
  ...both('prepareMultiEdit', (f) => [f, [{ oldText: OLD, newText: NEW }]], commit),
  { name: 'applyEdits', run: (_f, o) => eol.applyEdits(TEXT, [{ oldText: OLD, newText: NEW }], o) },
]

function fresh(name: string): string {
  const file = path.join(dir, `${name}.rs`)
  fs.writeFileSync(file, TEXT)
  return file
}

describe("tiers: 'exact'", () => {
  for (const call of CALLS) {
    it(`${call.name}: text only a lenient tier finds is TEXT_NOT_FOUND, the file untouched`, async () => {
      const file = fresh(call.name)
      const error = await failure(() => call.run(file, { tiers: 'exact' }))
      expect(error).toBeInstanceOf(eol.EolEditError)
      expect(error.code).toBe('TEXT_NOT_FOUND')
      expect(fs.readFileSync(file, 'utf8')).toBe(TEXT)
    })

    it(`${call.name}: the same edit under 'all' (and by default) is found by a lenient tier`, async () => {
      for (const options of [{ tiers: 'all' }, {}]) {
        const file = fresh(call.name)
        const r = (await call.run(file, { ...options })) as { matchedBy?: string[]; files?: unknown[] }
        const matched = r.matchedBy ?? (r.files as Array<{ matchedBy: string[] }>)[0].matchedBy
        expect(matched[matched.length - 1]).toBe('indentation')
        if (call.name !== 'applyEdits') expect(fs.readFileSync(file, 'utf8')).toBe(TEXT.replace('x =  1', 'x =  2').replace('main() {', call.name.startsWith('multiEdit') ? 'main() { ' : 'main() {'))
      }
    })
  }

  it('still finds an exact match, CRLF file and all', () => {
    const file = fresh('exact')
    const r = eol.editFileSync(file, 'fn main() {', 'fn start() {', { tiers: 'exact' })
    expect(r.matchedBy).toEqual(['exact'])
    expect(fs.readFileSync(file, 'utf8')).toBe(TEXT.replace('main', 'start'))
  })
})

describe('a wrong tiers', () => {
  it("is INVALID_ARGUMENT naming the option and its values, before the file is read", async () => {
    for (const call of CALLS) {
      const file = fresh(call.name)
      const error = await failure(() => call.run(file, { tiers: 'strict' }))
      expect([error.code, error.argument], call.name).toEqual(['INVALID_ARGUMENT', 'tiers'])
      expect(error.message).toBe("options.tiers must be 'all' or 'exact', not 'strict'.")
      const typed = await failure(() => call.run(file, { tiers: 1 }))
      expect(typed.message).toBe('options.tiers must be a string, but it is a number.')
      expect(fs.readFileSync(file, 'utf8')).toBe(TEXT)
    }
  })

  it('is an unknown option of the functions that match no text', async () => {
    const file = fresh('write')
    const error = await failure(() => eol.writeFileSync(file, 'x\n', { tiers: 'exact' } as never))
    expect(error.code).toBe('INVALID_ARGUMENT')
    expect(error.message).toMatch(/^writeFileSync has no option 'tiers'/)
    expect(fs.readFileSync(file, 'utf8')).toBe(TEXT)
  })
})
