// insertLines / insertLinesSync / prepareInsertLines: whole lines after a line of a
// file (0: before the first), taking the ending of the lines around them, the file's
// BOM and encoding kept.
import * as fs from 'node:fs'
import * as os from 'node:os'
import * as path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'

import { can, skipUnless } from './support/platform.js'

// eslint-disable-next-line @typescript-eslint/no-require-imports
const lib = require('../index.js') as typeof import('../index.js')

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'eol-edit-insert-'))
afterAll(() => fs.rmSync(root, { recursive: true, force: true }))
let n = 0
function file(bytes: Buffer | string): string {
  const p = path.join(root, `f${n++}.txt`)
  fs.writeFileSync(p, bytes)
  return p
}
const latin1 = (p: string) => fs.readFileSync(p).toString('latin1')

function utf16le(text: string): Buffer {
  return Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')])
}

describe('insertLines', () => {
  it.each([
    ['CRLF', 'a\r\nb\r\nc\r\n', 1, 'x\ny', 'a\r\nx\r\ny\r\nb\r\nc\r\n'],
    ['CRLF without a final newline, after the last line', 'a\r\nb', 2, 'c', 'a\r\nb\r\nc'],
    ['mixed: the lines around decide', 'a\nb\r\nc\r\nd\n', 2, 'x', 'a\nb\r\nx\r\nc\r\nd\n'],
    ['mixed at the start: the line after decides', 'a\r\nb\nc\n', 0, 'x', 'x\r\na\r\nb\nc\n'],
    ['lone CR', 'a\rb\rc\r', 2, 'x\n', 'a\rb\rx\rc\r'],
    ['empty file', '', 0, 'first', 'first\n'],
    ['a final line break adds no empty line', 'a\r\nb\r\n', 1, 'x\r\n', 'a\r\nx\r\nb\r\n'],
  ])('%s', async (_name, before, after, text, want) => {
    const p = file(before)
    const r = await lib.insertLines(p, after, text)
    expect(latin1(p)).toBe(want)
    expect(r.changed).toBe(true)
    expect(r.diff).toContain('+')
  })

  it('keeps a UTF-8 BOM, and a UTF-16 file stays UTF-16 with its BOM', () => {
    const bom = file(Buffer.from('\ufeffa\r\nb\r\n'))
    lib.insertLinesSync(bom, 1, 'é')
    expect(fs.readFileSync(bom)).toEqual(Buffer.from('\ufeffa\r\né\r\nb\r\n'))
    const wide = file(utf16le('a\r\nb\r\n'))
    const r = lib.insertLinesSync(wide, 2, 'ü')
    expect(fs.readFileSync(wide)).toEqual(utf16le('a\r\nb\r\nü\r\n'))
    expect(r.diff).toContain('+ü')
  })

  it('a line past the end is INVALID_ARGUMENT naming afterLine with the line count; the file is untouched', () => {
    const p = file('a\r\nb\r\n')
    let error: unknown
    try {
      lib.insertLinesSync(p, 3, 'x')
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(lib.EolEditError)
    const e = error as InstanceType<typeof lib.EolEditError>
    expect(e.code).toBe('INVALID_ARGUMENT')
    expect(e.argument).toBe('afterLine')
    expect(e.lines).toEqual([2])
    expect(e.message).toMatch(/afterLine 3 is past the end of the file, which has 2 lines/)
    expect(() => lib.insertLinesSync(p, -1, 'x')).toThrow(/afterLine must be a whole number/)
    expect(() => lib.insertLinesSync(p, 1, '')).toThrow(/nothing to insert/)
    expect(latin1(p)).toBe('a\r\nb\r\n')
  })

  it('checks expectedVersion, and dryRun writes nothing', async () => {
    const p = file('a\r\n')
    const { version } = lib.readFileSync(p)
    await expect(lib.insertLines(p, 1, 'b', { expectedVersion: 'f'.repeat(32) })).rejects.toMatchObject({ code: 'FILE_CHANGED' })
    const dry = lib.insertLinesSync(p, 1, 'b', { dryRun: true, expectedVersion: version })
    expect(latin1(p)).toBe('a\r\n')
    const real = lib.insertLinesSync(p, 1, 'b', { expectedVersion: version })
    expect(real.version).toBe(dry.version)
    expect(latin1(p)).toBe('a\r\nb\r\n')
  })

  it('prepareInsertLines writes nothing until its commit', async () => {
    const p = file('a\r\nc\r\n')
    const change = await lib.prepareInsertLines(p, 1, 'b')
    expect(latin1(p)).toBe('a\r\nc\r\n')
    expect(change.files[0].ranges).toHaveLength(1)
    await change.commit()
    expect(latin1(p)).toBe('a\r\nb\r\nc\r\n')
  })
})

describe('pathInfo', () => {
  it("gives a folder its kind, a missing path its folder's real path and its name", () => {
    expect(lib.pathInfo(file('abc'))).toMatchObject({ kind: 'file', size: 3 })
    expect(lib.pathInfo(root).kind).toBe('folder')
    const missing = path.join(root, 'none.txt')
    expect(lib.pathInfo(missing)).toEqual({ real: path.join(fs.realpathSync.native(root), 'none.txt'), size: 0 })
  })

  it('gives a link the real path and size of the file it leads to', (ctx) => {
    skipUnless(ctx, can.symlink)
    const p = file('abc')
    const link = path.join(root, `link${n++}`)
    fs.symlinkSync(p, link)
    expect(lib.pathInfo(link)).toEqual({ real: fs.realpathSync.native(p), kind: 'file', size: 3 })
  })
})

describe('folderEntries', () => {
  it('lists a folder down to a depth inside the root, and names the path as displayed when it cannot', () => {
    const top = path.join(root, `listed${n++}`)
    for (const f of ['b/c/d.txt', 'a.txt', '.hidden/x.txt']) {
      fs.mkdirSync(path.dirname(path.join(top, f)), { recursive: true })
      fs.writeFileSync(path.join(top, f), '')
    }
    expect(lib.folderEntries(top, 'T', 1)).toEqual(['T/a.txt', 'T/b/'])
    expect(lib.folderEntries(top, 'T', 3, { root: top })).toEqual(['T/a.txt', 'T/b/', 'T/b/c/', 'T/b/c/d.txt'])
    expect(lib.folderEntries('b', 'b', 2, { root: top, cwd: top })).toEqual(['b/c/', 'b/c/d.txt'])
    const thrown = (run: () => unknown) => {
      try {
        run()
      } catch (error) {
        return error as import('../index.js').EolEditError
      }
      throw new Error('did not throw')
    }
    const gone = thrown(() => lib.folderEntries(path.join(top, 'none'), 'n', 2, { root: top, display: 'none/' }))
    expect([gone.code, gone.message]).toEqual(['FILE_NOT_FOUND', 'Folder not found: none/ is no longer a folder that can be read. Check the path.'])
    const outside = thrown(() => lib.folderEntries(root, 'r', 2, { root: top, display: '..' }))
    expect(outside.code).toBe('PATH_OUTSIDE_ROOT')
    expect(outside.message).toMatch(/^Path outside the allowed root: \.\. is not inside /)
    expect(thrown(() => lib.folderEntries(top, 'T', -1)).code).toBe('INVALID_ARGUMENT')
  })
})
