// Prepared changes (SPEC section 14): prepareEdit, prepareMultiEdit, prepareDeleteRange
// and prepareWrite write nothing; `files` says what the commit writes, byte for byte;
// `commit()` writes exactly that, once, and only if the file is still what it was.
// Every expectation about a file is about its bytes on disk.

import * as fs from 'node:fs'
import * as os from 'node:os'
import * as path from 'node:path'

import { afterEach, describe, expect, it } from 'vitest'

import * as eol from '../index.js'

const made: string[] = []

function tmp(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eol-prepared-'))
  made.push(dir)
  return dir
}

afterEach(() => {
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true })
})

/** `old` with the ranges applied, as a host that holds the text in a buffer would. */
function applyRanges(old: Buffer, ranges: eol.ChangedRange[]): Buffer {
  let out = old
  for (const r of [...ranges].reverse()) {
    out = Buffer.concat([out.subarray(0, r.start), Buffer.from(r.text, 'utf8'), out.subarray(r.end)])
  }
  return out
}

function utf16le(text: string): Buffer {
  return Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')])
}

function utf16be(text: string): Buffer {
  const le = Buffer.from(text, 'utf16le')
  const be = Buffer.alloc(le.length)
  for (let i = 0; i < le.length; i += 2) {
    be[i] = le[i + 1]
    be[i + 1] = le[i]
  }
  return Buffer.concat([Buffer.from([0xfe, 0xff]), be])
}

/** The file's text after its BOM, as UTF-8: what ranges are offsets in. */
function text(bytes: Buffer): Buffer {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return bytes.subarray(3)
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return Buffer.from(bytes.subarray(2).toString('utf16le'), 'utf8')
  if (bytes[0] === 0xfe && bytes[1] === 0xff) {
    const le = Buffer.from(bytes.subarray(2))
    le.swap16()
    return Buffer.from(le.toString('utf16le'), 'utf8')
  }
  return bytes
}

interface Case {
  name: string
  before: Buffer
  oldText: string
  newText: string
  after: Buffer
}

const CASES: Case[] = [
  { name: 'CRLF', before: Buffer.from('one\r\ntwo\r\nthree\r\n'), oldText: 'two\n', newText: 'TWO\nand a half\n', after: Buffer.from('one\r\nTWO\r\nand a half\r\nthree\r\n') },
  { name: 'mixed', before: Buffer.from('a\r\nb\nc\r\nd\n'), oldText: 'b\nc\n', newText: 'B\nC\n', after: Buffer.from('a\r\nB\nC\r\nd\n') },
  { name: 'lone CR', before: Buffer.from('x\ry\rz\r'), oldText: 'y', newText: 'Y', after: Buffer.from('x\rY\rz\r') },
  { name: 'UTF-8 BOM', before: Buffer.from('\ufeffkey = 1\r\nother = 2\r\n'), oldText: 'key = 1', newText: 'key = é', after: Buffer.from('\ufeffkey = é\r\nother = 2\r\n') },
  { name: 'UTF-16LE', before: utf16le('α\r\nβ\r\nγ\r\n'), oldText: 'β', newText: 'B\nβ', after: utf16le('α\r\nB\r\nβ\r\nγ\r\n') },
  { name: 'UTF-16BE', before: utf16be('α\nβ\n'), oldText: 'α', newText: 'ά', after: utf16be('ά\nβ\n') },
]

describe('prepare, files, commit', () => {
  for (const c of CASES) {
    it(`${c.name}: prepare writes nothing, files show the bytes, commit writes them`, async () => {
      const dir = tmp()
      const file = path.join(dir, 'f.txt')
      fs.writeFileSync(file, c.before)
      const prepared = await eol.prepareEdit(file, c.oldText, c.newText)
      expect(fs.readFileSync(file)).toEqual(c.before)
      const [f] = prepared.files
      expect(prepared.files).toHaveLength(1)
      expect(f.path).toBe(file)
      expect(f.action).toBe('update')
      expect(f.versionBefore).toBe(eol.readFileSync(file).version)
      expect(f.replacements).toBe(1)
      expect(f.matchedBy).toEqual(['exact'])
      expect(f.diff).toContain(`+${c.newText.split('\n')[0]}`)
      // The ranges turn the old text into the new one.
      expect(applyRanges(text(c.before), f.ranges)).toEqual(text(c.after))
      // The preview is the commit's result before the commit, and writes nothing.
      const shown = prepared.preview
      expect(shown.patch).toBeUndefined()
      expect(fs.readFileSync(file)).toEqual(c.before)
      const result = await prepared.commit()
      expect(fs.readFileSync(file)).toEqual(c.after)
      expect(result).toEqual(shown)
      expect(result.files).toHaveLength(1)
      expect(result.files[0].version).toBe(f.versionAfter)
      expect(result.files[0].ranges).toEqual(f.ranges)
      expect(eol.readFileSync(file).version).toBe(f.versionAfter)
    })
  }

  it('a UTF-8 file without a BOM: the ranges apply to the file bytes themselves', () => {
    const dir = tmp()
    const file = path.join(dir, 'f.txt')
    const before = Buffer.from('const a = "ü";\r\nconst b = 2;\r\n')
    fs.writeFileSync(file, before)
    const p = eol.prepareMultiEditSync(file, [
      { oldText: 'const a = "ü";', newText: 'const a = "ö";' },
      { oldText: 'b = 2', newText: 'b = 3' },
    ])
    const after = applyRanges(before, p.files[0].ranges)
    p.commitSync()
    expect(fs.readFileSync(file)).toEqual(after)
    expect(after.toString()).toBe('const a = "ö";\r\nconst b = 3;\r\n')
  })

  it('prepareDeleteRange and prepareWrite over a file keep its endings and BOM', () => {
    const dir = tmp()
    const file = path.join(dir, 'f.txt')
    const before = Buffer.from('\ufeffa\r\nb\r\nc\r\nd\r\n')
    fs.writeFileSync(file, before)
    const del = eol.prepareDeleteRangeSync(file, 'b', 'c', { inclusive: true })
    expect(applyRanges(text(before), del.files[0].ranges).toString()).toBe('a\r\nd\r\n')
    del.commitSync()
    expect(fs.readFileSync(file)).toEqual(Buffer.from('\ufeffa\r\nd\r\n'))
    const write = eol.prepareWriteSync(file, 'a\nD\n')
    expect(write.files[0].bom).toBe(true)
    expect(write.files[0].ranges).toEqual([{ start: 3, end: 4, text: 'D' }])
    write.commitSync()
    expect(fs.readFileSync(file)).toEqual(Buffer.from('\ufeffa\r\nD\r\n'))
  })

  it('a failed prepare is the error editFile gives, and nothing is written', async () => {
    const dir = tmp()
    const file = path.join(dir, 'f.txt')
    fs.writeFileSync(file, 'one\r\n')
    await expect(eol.prepareEdit(file, 'missing', 'x')).rejects.toMatchObject({ code: 'TEXT_NOT_FOUND' })
    expect(() => eol.prepareEditSync(file, 'one', 'one')).toThrow(expect.objectContaining({ code: 'NO_CHANGE' }))
    expect(fs.readFileSync(file, 'latin1')).toBe('one\r\n')
  })
})

describe('commit checks the file again', () => {
  it('a file changed between prepare and commit is FILE_CHANGED, and left as it is', async () => {
    const dir = tmp()
    const file = path.join(dir, 'f.txt')
    fs.writeFileSync(file, 'one\r\ntwo\r\n')
    const prepared = await eol.prepareEdit(file, 'two', '2')
    fs.writeFileSync(file, 'one\r\ntwo\r\nthree\r\n')
    const error = await prepared.commit().then(
      () => undefined,
      (e: eol.EolEditError) => e,
    )
    expect(error).toBeInstanceOf(eol.EolEditError)
    expect(error?.code).toBe('FILE_CHANGED')
    expect(error?.message).toMatch(/changed since it was read.*Nothing was written/)
    expect(fs.readFileSync(file, 'latin1')).toBe('one\r\ntwo\r\nthree\r\n')
  })

  it('a new file that someone else created meanwhile is FILE_CHANGED, and theirs stays', async () => {
    const dir = tmp()
    const file = path.join(dir, 'sub', 'new.txt')
    const prepared = eol.prepareWriteSync(file, 'mine\n')
    const [f] = prepared.files
    expect(f.action).toBe('add')
    expect(f.versionBefore).toBeUndefined()
    expect(f.ranges).toEqual([{ start: 0, end: 0, text: 'mine\n' }])
    expect(fs.existsSync(path.join(dir, 'sub'))).toBe(false)
    fs.mkdirSync(path.join(dir, 'sub'))
    fs.writeFileSync(file, 'theirs\r\n')
    await expect(prepared.commit()).rejects.toMatchObject({ code: 'FILE_CHANGED' })
    expect(fs.readFileSync(file, 'latin1')).toBe('theirs\r\n')
  })

  it('a new file still missing is created, with its folders', async () => {
    const dir = tmp()
    const file = path.join(dir, 'a', 'b.txt')
    const prepared = await eol.prepareWrite(file, Buffer.from('x\r\ny\r\n'))
    await prepared.commit()
    expect(fs.readFileSync(file, 'latin1')).toBe('x\r\ny\r\n')
  })

  it('a change commits once: a second commit is INVALID_ARGUMENT and writes nothing', async () => {
    const dir = tmp()
    const file = path.join(dir, 'f.txt')
    fs.writeFileSync(file, 'a\n')
    const prepared = eol.prepareEditSync(file, 'a', 'b')
    const first = prepared.commit()
    // Refused at once, while the first is still running.
    expect(() => prepared.commitSync()).toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT', message: expect.stringMatching(/already committed/) }))
    await first
    fs.writeFileSync(file, 'a\n')
    await expect(prepared.commit()).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' })
    expect(fs.readFileSync(file, 'latin1')).toBe('a\n')
    // files still says what the change was.
    expect(prepared.files[0].ranges).toEqual([{ start: 0, end: 1, text: 'b' }])
  })

  it('a dry run commit checks and writes nothing', async () => {
    const dir = tmp()
    const file = path.join(dir, 'f.txt')
    fs.writeFileSync(file, 'a\n')
    const prepared = await eol.prepareEdit(file, 'a', 'b', { dryRun: true })
    const result = await prepared.commit()
    expect(result.files[0].changed).toBe(true)
    expect(fs.readFileSync(file, 'latin1')).toBe('a\n')
  })
})

describe('options and arguments', () => {
  it('are checked as the functions they prepare check them, unknown keys refused', async () => {
    const dir = tmp()
    const file = path.join(dir, 'f.txt')
    fs.writeFileSync(file, 'a\n')
    expect(() => eol.prepareEditSync(file, 'a', 'b', { rooot: dir } as never)).toThrow(
      expect.objectContaining({ code: 'INVALID_ARGUMENT', message: expect.stringMatching(/rooot.*root/) }),
    )
    await expect(eol.prepareMultiEdit(file, [{ oldText: 'a', newText: 'b' }], { dry_run: true } as never)).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' })
    expect(() => eol.prepareDeleteRangeSync(file, 1, 1, { inclusve: true } as never)).toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT' }))
    expect(() => eol.prepareWriteSync(file, 'x', { EOL: 'lf' } as never)).toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT' }))
    expect(() => eol.prepareEditSync(file, 42 as never, 'b')).toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT' }))
    // expectedVersion is checked at the prepare.
    expect(() => eol.prepareEditSync(file, 'a', 'b', { expectedVersion: '0'.repeat(32) })).toThrow(expect.objectContaining({ code: 'FILE_CHANGED' }))
    expect(fs.readFileSync(file, 'latin1')).toBe('a\n')
  })

  it('a lone surrogate in the new text is refused at the prepare; a whole pair reaches the range', () => {
    const dir = tmp()
    const file = path.join(dir, 'f.txt')
    fs.writeFileSync(file, 'a\n')
    expect(() => eol.prepareEditSync(file, 'a', 'b\ud800')).toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT', lines: [1] }))
    const p = eol.prepareEditSync(file, 'a', 'b\ud800\udc00')
    expect(p.files[0].ranges[0].text).toBe('b\ud800\udc00')
  })
})

describe('preparePatch', () => {
  const PATCH = [
    '*** Begin Patch',
    '*** Update File: crlf.txt',
    '@@',
    '-b',
    '+B',
    '*** Update File: mixed.txt',
    '@@',
    ' two',
    '-three',
    '+3',
    '*** Update File: bom.txt',
    '@@',
    '-key = 1',
    '+key = é',
    '*** Update File: u16.txt',
    '@@',
    '-β',
    '+B',
    '+β',
    '*** End Patch',
    '',
  ].join('\n')

  const BEFORE: Record<string, Buffer> = {
    'crlf.txt': Buffer.from('a\r\nb\r\nc\r\n'),
    'mixed.txt': Buffer.from('one\r\ntwo\nthree\rfour\r\n'),
    'bom.txt': Buffer.from('\ufeffkey = 1\r\nother = 2\r\n'),
    'u16.txt': utf16le('α\r\nβ\r\nγ\r\n'),
  }

  const AFTER: Record<string, Buffer> = {
    'crlf.txt': Buffer.from('a\r\nB\r\nc\r\n'),
    'mixed.txt': Buffer.from('one\r\ntwo\n3\rfour\r\n'),
    'bom.txt': Buffer.from('\ufeffkey = é\r\nother = 2\r\n'),
    'u16.txt': utf16le('α\r\nB\r\nβ\r\nγ\r\n'),
  }

  function four(): string {
    const dir = tmp()
    for (const [name, bytes] of Object.entries(BEFORE)) fs.writeFileSync(path.join(dir, name), bytes)
    return dir
  }

  const read = (dir: string, name: string): Buffer => fs.readFileSync(path.join(dir, name))

  /** The version of `bytes`, as the library reports it of a file that holds them. */
  function versionOf(bytes: Buffer | string): string {
    const file = path.join(tmp(), 'v')
    fs.writeFileSync(file, bytes)
    return eol.readFileSync(file).version
  }

  it('CRLF, mixed, BOM and UTF-16 files: prepare writes nothing, files show the bytes, commit writes them', async () => {
    const dir = four()
    const prepared = await eol.preparePatch(PATCH, { cwd: dir })
    for (const [name, bytes] of Object.entries(BEFORE)) expect(read(dir, name).equals(bytes)).toBe(true)
    const files = prepared.files
    expect(files.map((f) => [f.path, f.action])).toEqual(Object.keys(BEFORE).map((n) => [n, 'update']))
    for (const f of files) {
      expect(f.versionBefore).toBe(versionOf(BEFORE[f.path]))
      expect(f.versionAfter).toBe(versionOf(AFTER[f.path]))
      expect(f.movedTo).toBeUndefined()
      expect(f.matchedBy).toEqual(['exact'])
      expect(f.replacements).toBe(1)
      expect(applyRanges(text(BEFORE[f.path]), f.ranges).equals(text(AFTER[f.path]))).toBe(true)
    }
    expect(files[3]).toMatchObject({ encoding: 'utf-16le', bom: true })
    expect(files[2].bom).toBe(true)
    const result = await prepared.commit()
    for (const [name, bytes] of Object.entries(AFTER)) expect(read(dir, name).equals(bytes), name).toBe(true)
    expect(result.files).toEqual([])
    expect(result.patch!.files.map((f) => f.version)).toEqual(files.map((f) => f.versionAfter))
    // The bytes applyPatch writes.
    const other = four()
    eol.applyPatchSync(PATCH, { cwd: other })
    for (const [name, bytes] of Object.entries(AFTER)) expect(read(other, name).equals(bytes)).toBe(true)
  })

  it('one of three files changed between prepare and commit: FILE_CHANGED naming it, none of the three written', async () => {
    const dir = four()
    const patch = PATCH.replace(/\*\*\* Update File: u16\.txt[\s\S]*(?=\*\*\* End Patch)/, '')
    const prepared = eol.preparePatchSync(patch, { cwd: dir })
    expect(prepared.files).toHaveLength(3)
    fs.writeFileSync(path.join(dir, 'mixed.txt'), 'changed by someone else\n')
    const error = await prepared.commit().then(
      () => undefined,
      (e: unknown) => e as { code: string; message: string; fileIndex?: number },
    )
    expect(error).toMatchObject({ code: 'FILE_CHANGED', fileIndex: 1 })
    expect(error!.message).toContain('mixed.txt')
    expect(read(dir, 'crlf.txt').equals(BEFORE['crlf.txt'])).toBe(true)
    expect(read(dir, 'bom.txt').equals(BEFORE['bom.txt'])).toBe(true)
    expect(read(dir, 'mixed.txt').toString()).toBe('changed by someone else\n')
  })

  it("a new file's path taken meanwhile is FILE_CHANGED, and the other file is not written", async () => {
    const dir = four()
    const patch = '*** Begin Patch\n*** Update File: crlf.txt\n@@\n-b\n+B\n*** Add File: sub/new.txt\n+mine\n*** End Patch\n'
    const prepared = await eol.preparePatch(patch, { cwd: dir })
    expect(prepared.files[1]).toMatchObject({ path: 'sub/new.txt', action: 'add', versionAfter: versionOf('mine\n') })
    expect(prepared.files[1].versionBefore).toBeUndefined()
    expect(fs.existsSync(path.join(dir, 'sub'))).toBe(false)
    fs.mkdirSync(path.join(dir, 'sub'))
    fs.writeFileSync(path.join(dir, 'sub/new.txt'), 'theirs\n')
    await expect(prepared.commit()).rejects.toMatchObject({ code: 'FILE_CHANGED', fileIndex: 1 })
    expect(read(dir, 'sub/new.txt').toString()).toBe('theirs\n')
    expect(read(dir, 'crlf.txt').equals(BEFORE['crlf.txt'])).toBe(true)
  })

  it('a move and a delete: movedTo, no versionAfter for the delete, both done by the commit', () => {
    const dir = four()
    const patch = '*** Begin Patch\n*** Update File: crlf.txt\n*** Move to: moved/crlf.txt\n@@\n-b\n+B\n*** Delete File: bom.txt\n*** End Patch\n'
    const prepared = eol.preparePatchSync(patch, { cwd: dir })
    const [moved, deleted] = prepared.files
    expect(moved).toMatchObject({ action: 'move', movedTo: 'moved/crlf.txt', versionBefore: versionOf(BEFORE['crlf.txt']), versionAfter: versionOf(AFTER['crlf.txt']) })
    expect(moved.diff).toContain('+++ b/moved/crlf.txt')
    expect(deleted).toMatchObject({ action: 'delete', versionBefore: versionOf(BEFORE['bom.txt']) })
    expect(deleted.versionAfter).toBeUndefined()
    expect(applyRanges(text(BEFORE['bom.txt']), deleted.ranges).length).toBe(0)
    expect(fs.existsSync(path.join(dir, 'moved'))).toBe(false)
    const shown = prepared.preview
    const result = prepared.commitSync()
    expect(result).toEqual(shown)
    expect(shown.patch!.files[1].version).toBeUndefined()
    expect(read(dir, 'moved/crlf.txt').equals(AFTER['crlf.txt'])).toBe(true)
    expect(fs.existsSync(path.join(dir, 'crlf.txt'))).toBe(false)
    expect(fs.existsSync(path.join(dir, 'bom.txt'))).toBe(false)
    expect(result.patch!.files.map((f) => f.action)).toEqual(['move', 'delete'])
  })

  it('commits once: a second commit is INVALID_ARGUMENT and writes nothing', async () => {
    const dir = four()
    const prepared = await eol.preparePatch(PATCH, { cwd: dir })
    await prepared.commit()
    expect(() => prepared.preview).toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT', message: expect.stringMatching(/already committed/) }))
    fs.writeFileSync(path.join(dir, 'crlf.txt'), BEFORE['crlf.txt'])
    await expect(prepared.commit()).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' })
    expect(() => prepared.commitSync()).toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT' }))
    expect(read(dir, 'crlf.txt').equals(BEFORE['crlf.txt'])).toBe(true)
  })

  it('a patch that does not apply fails at the prepare as applyPatch fails, options checked as its', async () => {
    const dir = four()
    const bad = '*** Begin Patch\n*** Update File: crlf.txt\n@@\n-nope\n+x\n*** End Patch\n'
    await expect(eol.preparePatch(bad, { cwd: dir })).rejects.toMatchObject({ code: 'TEXT_NOT_FOUND', fileIndex: 0 })
    expect(() => eol.preparePatchSync('nonsense', { cwd: dir })).toThrow(expect.objectContaining({ code: 'PATCH_INVALID' }))
    expect(() => eol.preparePatchSync(PATCH, { cwd: dir, dry_run: true } as never)).toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT' }))
    for (const [name, bytes] of Object.entries(BEFORE)) expect(read(dir, name).equals(bytes)).toBe(true)
  })
})
