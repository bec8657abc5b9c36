// `applyPatchInMemory` (SPEC section 14): a patch applied to buffers a lookup gives.
// Each buffer's result is compared byte for byte with what `applyPatchSync` writes to
// the same bytes on disk, and no file is touched.

import * as fs from 'node:fs'
import * as os from 'node:os'
import * as path from 'node:path'

import { afterEach, describe, expect, it } from 'vitest'

import * as eol from '../index.js'

const made: string[] = []

function tmp(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eol-mem-'))
  made.push(dir)
  return dir
}

afterEach(() => {
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true })
})

/** Every file below `dir` with its bytes and mtime. */
function snapshot(dir: string): Record<string, [string, number]> {
  const out: Record<string, [string, number]> = {}
  for (const name of fs.readdirSync(dir, { recursive: true }) as string[]) {
    const file = path.join(dir, name)
    const stat = fs.statSync(file)
    if (stat.isFile()) out[name] = [fs.readFileSync(file).toString('hex'), stat.mtimeMs]
  }
  return out
}

function lookupIn(files: Record<string, Buffer | Uint8Array>) {
  return (p: string) => files[p] ?? null
}

const UPDATE = '*** Begin Patch\n*** Update File: a.txt\n@@\n one\n-two\n+2\n three\n*** End Patch\n'

function utf16le(text: string, bom = true): Buffer {
  return Buffer.concat([bom ? Buffer.from([0xff, 0xfe]) : Buffer.alloc(0), Buffer.from(text, 'utf16le')])
}

describe('applyPatchInMemory', () => {
  const buffers: Array<[string, Buffer]> = [
    ['CRLF', Buffer.from('one\r\ntwo\r\nthree\r\n')],
    ['mixed', Buffer.from('one\r\ntwo\nthree\r\n')],
    ['lone CR', Buffer.from('one\rtwo\rthree\r')],
    ['BOM', Buffer.from('\ufeffone\r\ntwo\r\nthree')],
    ['UTF-16', utf16le('one\r\ntwo\r\nthree\r\n')],
  ]

  it.each(buffers)('gives the bytes applyPatch writes: %s', (_name, bytes) => {
    const dir = tmp()
    fs.writeFileSync(path.join(dir, 'a.txt'), bytes)
    eol.applyPatchSync(UPDATE, { cwd: dir })
    const onDisk = fs.readFileSync(path.join(dir, 'a.txt'))
    const result = eol.applyPatchInMemory(UPDATE, lookupIn({ 'a.txt': bytes }))
    const [file] = result.files
    expect(file.action).toBe('update')
    expect(Buffer.isBuffer(file.after)).toBe(true)
    expect(file.after!.equals(onDisk)).toBe(true)
    expect(file.before!.equals(bytes)).toBe(true)
    expect(file.diff).toContain('+2')
    expect(file.matchedBy).toEqual(['exact'])
  })

  it('keeps exact bytes for the expected CRLF result, and takes a Uint8Array', () => {
    const bytes = new Uint8Array(Buffer.from('one\r\ntwo\r\nthree\r\n'))
    const [file] = eol.applyPatchInMemory(UPDATE, lookupIn({ 'a.txt': bytes })).files
    expect(file.after!.toString('latin1')).toBe('one\r\n2\r\nthree\r\n')
    expect(file.eol).toMatchObject({ crlf: 3, lf: 0 })
  })

  it('adds, deletes and moves', () => {
    const patch = [
      '*** Begin Patch',
      '*** Add File: new.txt',
      '+hello',
      '*** Delete File: old.txt',
      '*** Update File: a.txt',
      '*** Move to: b.txt',
      '@@',
      '-two',
      '+2',
      '*** End Patch',
      '',
    ].join('\n')
    const files = { 'old.txt': Buffer.from('bye\r\n'), 'a.txt': utf16le('one\r\ntwo\r\n') }
    const [add, del, move] = eol.applyPatchInMemory(patch, lookupIn(files)).files
    expect(add).toMatchObject({ path: 'new.txt', action: 'add' })
    expect(add.before).toBeUndefined()
    expect(add.after!.toString()).toBe('hello\n')
    expect(del).toMatchObject({ path: 'old.txt', action: 'delete' })
    expect(del.before!.equals(files['old.txt'])).toBe(true)
    expect(del.after).toBeUndefined()
    expect(move).toMatchObject({ path: 'a.txt', action: 'move', movedTo: 'b.txt' })
    expect(move.after!.equals(utf16le('one\r\n2\r\n'))).toBe(true)
  })

  it('swaps two files as applyPatch does, read as the declaration says', () => {
    const patch = '*** Begin Patch\n*** Update File: a\n*** Move to: b\n*** Update File: b\n*** Move to: a\n*** End Patch\n'
    const tree: Record<string, Buffer> = { a: Buffer.from('A\r\n'), b: Buffer.from('B\n') }
    const result = eol.applyPatchInMemory(patch, lookupIn(tree))
    const next = { ...tree }
    for (const f of result.files) if (f.action === 'delete' || f.action === 'move') delete next[f.path]
    for (const f of result.files) if (f.after) next[f.movedTo ?? f.path] = f.after
    expect(next.a.toString()).toBe('B\n')
    expect(next.b.toString()).toBe('A\r\n')
  })

  it('fails for a missing file with the code and message applyPatch gives', () => {
    const dir = tmp()
    let disk: any
    try {
      eol.applyPatchSync(UPDATE, { cwd: dir })
    } catch (e) {
      disk = e
    }
    expect(disk.code).toBe('FILE_NOT_FOUND')
    const call = () => eol.applyPatchInMemory(UPDATE, () => undefined, { cwd: dir })
    expect(call).toThrow(eol.EolEditError)
    try {
      call()
    } catch (e: any) {
      expect(e.code).toBe('FILE_NOT_FOUND')
      expect(e.message).toBe(disk.message)
      expect(e.fileIndex).toBe(0)
    }
  })

  it('fails for a hunk that is not there as applyPatch does', () => {
    try {
      eol.applyPatchInMemory(UPDATE, () => Buffer.from('x\r\n'))
      expect.unreachable()
    } catch (e: any) {
      expect(e.code).toBe('TEXT_NOT_FOUND')
      expect(e.hunkIndex).toBe(0)
    }
  })

  it('touches nothing on disk', () => {
    const dir = tmp()
    fs.writeFileSync(path.join(dir, 'a.txt'), 'one\r\ntwo\r\nthree\r\n')
    fs.writeFileSync(path.join(dir, 'old.txt'), 'bye\n')
    const before = snapshot(dir)
    const asked: string[] = []
    const patch =
      '*** Begin Patch\n*** Update File: a.txt\n@@\n-two\n+2\n*** Delete File: old.txt\n*** Add File: sub/new.txt\n+x\n*** End Patch\n'
    const result = eol.applyPatchInMemory(
      patch,
      (p) => {
        asked.push(p)
        return p.endsWith('a.txt') ? Buffer.from('one\ntwo\nthree\n') : p.endsWith('old.txt') ? Buffer.from('b\n') : null
      },
      { cwd: dir, root: dir },
    )
    expect(result.files.map((f) => f.action)).toEqual(['update', 'delete', 'add'])
    // The lookup gets each path once, absolute against cwd.
    expect(asked).toEqual([path.join(dir, 'a.txt'), path.join(dir, 'old.txt'), path.join(dir, 'sub', 'new.txt')])
    expect(result.files[0].after!.toString()).toBe('one\n2\nthree\n')
    expect(snapshot(dir)).toEqual(before)
    expect(fs.existsSync(path.join(dir, 'sub'))).toBe(false)
  })

  it('reads the cd form against cwd, and confines paths to root', () => {
    const dir = tmp()
    const shell = `cd sub && apply_patch <<'EOF'\n${UPDATE}EOF\n`
    const asked: string[] = []
    const [file] = eol.applyPatchInMemory(shell, (p) => (asked.push(p), Buffer.from('one\ntwo\nthree\n')), {
      cwd: dir,
    }).files
    expect(file.path).toBe('sub/a.txt')
    expect(asked).toEqual([path.join(dir, 'sub', 'a.txt')])
    const outside = UPDATE.replace('a.txt', '../a.txt')
    expect(() => eol.applyPatchInMemory(outside, () => Buffer.from('one\ntwo\nthree\n'), { cwd: dir, root: dir })).toThrow(
      expect.objectContaining({ code: 'PATH_OUTSIDE_ROOT' }),
    )
  })

  it('runs the guards applyPatch runs', () => {
    const patch = '*** Begin Patch\n*** Update File: a.py\n@@\n-a = "x"\n+a = "\u0000"\n*** End Patch\n'
    const lookup = () => Buffer.from('a = "x"\n')
    expect(() => eol.applyPatchInMemory(patch, lookup, { guards: true })).toThrow(
      expect.objectContaining({ code: 'SUSPECT_CONTENT', reason: 'control', fileIndex: 0, hunkIndex: 0 }),
    )
    expect(eol.applyPatchInMemory(patch, lookup).files[0].after!.toString()).toBe('a = "\u0000"\n')
  })

  it("propagates the lookup's own exception, and asks no further", () => {
    const boom = new Error('editor went away')
    let calls = 0
    expect(() =>
      eol.applyPatchInMemory(UPDATE, () => {
        calls++
        throw boom
      }),
    ).toThrow(boom)
    expect(calls).toBe(1)
  })

  it.each([
    ['a string', 'one\ntwo\nthree\n'],
    ['a number', 42],
    ['an object', { bytes: [] }],
  ])('refuses %s from the lookup', (_name, value) => {
    expect(() => eol.applyPatchInMemory(UPDATE, () => value as any)).toThrow(
      expect.objectContaining({ code: 'INVALID_ARGUMENT', message: expect.stringContaining('lookup must return a Buffer') }),
    )
  })

  it('checks its arguments and options like applyPatch', () => {
    expect(() => eol.applyPatchInMemory(UPDATE, 'a.txt' as any)).toThrow(
      expect.objectContaining({ code: 'INVALID_ARGUMENT', message: expect.stringContaining('lookup must be a function') }),
    )
    expect(() => eol.applyPatchInMemory(UPDATE, () => null, { cwdd: '/' } as any)).toThrow(
      expect.objectContaining({ code: 'INVALID_ARGUMENT', message: expect.stringContaining('cwd') }),
    )
    // expectedVersions are the versions of the lookup's bytes, as readFileBytes gives them.
    const bytes = Buffer.from('one\ntwo\nthree\n')
    const dir = tmp()
    fs.writeFileSync(path.join(dir, 'a.txt'), bytes)
    const { version } = eol.readFileBytesSync(path.join(dir, 'a.txt'), {})
    const ok = eol.applyPatchInMemory(UPDATE, () => bytes, { expectedVersions: { 'a.txt': version } })
    expect(ok.files[0].after!.toString()).toBe('one\n2\nthree\n')
    expect(() => eol.applyPatchInMemory(UPDATE, () => bytes, { expectedVersions: { 'a.txt': '' } })).toThrow(
      expect.objectContaining({ code: 'FILE_CHANGED' }),
    )
  })
})
