// The read state a host can feed (`createReadState`, `createTools({ readState })`):
// a read made by the host's own read tool, or by another tool set, counts for
// `requireRead` and the stale-read guard, driven as a host drives it. Files are CRLF,
// mixed, lone CR, BOM, UTF-16 and legacy-encoded, and every failure leaves them
// byte-identical.

import * as fs from 'node:fs'
import * as os from 'node:os'
import * as path from 'node:path'

import iconv from 'iconv-lite'
import { describe, expect, it } from 'vitest'

import { EolEditError, readFileSync as coreReadFileSync } from '../index.js'
import { createReadState, createTools, type ReadState, type ToolResult, type Tools } from '../tools.js'
import { can, skipUnless } from './support/platform.js'
import { toolOutputProblems } from './support/wording.js'
import { makeProject } from './support/project.js'

function project(files: Record<string, string | Buffer> = {}): string {
  return makeProject('eol-read-state-', files)
}

const bytes = (dir: string, name: string) => fs.readFileSync(path.join(dir, name))

/** Every result in this file, for the check that they name only what the tools take. */
const produced: ToolResult[] = []
async function run(tools: Tools, tool: keyof Tools, args: Record<string, unknown>): Promise<ToolResult> {
  const result = await tools[tool].execute(args)
  produced.push(result)
  return result
}

/** The host's own read tool: the file's text as Node reads it, CRLF and BOM included. */
function hostRead(dir: string, name: string): string {
  return fs.readFileSync(path.join(dir, name), 'utf8')
}

describe('a read state shared by tool sets', () => {
  it('a read through one tool set lets another, with requireRead, change the file', async () => {
    const dir = project({ 'a.cs': 'one\r\ntwo\r\n' })
    const readState = createReadState()
    const reader = createTools({ root: dir, readState })
    const writer = createTools({ root: dir, readState, requireRead: true })
    expect((await run(reader, 'read_file', { path: 'a.cs' })).success).toBe(true)
    const edit = await run(writer, 'edit_file', { path: 'a.cs', old_text: 'two', new_text: 'TWO' })
    expect(edit.success, edit.data).toBe(true)
    expect(bytes(dir, 'a.cs').toString('latin1')).toBe('one\r\nTWO\r\n')
  })

  it("a write through one set is not an outside change to the other: the other's next edit lands", async () => {
    const dir = project({ 'a.txt': 'a\r\nb\r\nc\r\n' })
    const readState = createReadState()
    const first = createTools({ root: dir, readState })
    const second = createTools({ root: dir, readState })
    await run(first, 'read_file', { path: 'a.txt' })
    expect((await run(second, 'edit_file', { path: 'a.txt', old_text: 'b', new_text: 'B' })).success).toBe(true)
    const after = await run(first, 'edit_file', { path: 'a.txt', old_text: 'c', new_text: 'C' })
    expect(after.success, after.data).toBe(true)
    expect(bytes(dir, 'a.txt').toString('latin1')).toBe('a\r\nB\r\nC\r\n')
  })

  it('without a shared state, each set keeps its own: the same sequence is refused', async () => {
    const dir = project({ 'a.txt': 'a\r\nb\r\nc\r\n' })
    const first = createTools({ root: dir })
    const second = createTools({ root: dir })
    await run(first, 'read_file', { path: 'a.txt' })
    await run(second, 'edit_file', { path: 'a.txt', old_text: 'b', new_text: 'B' })
    const after = await run(first, 'edit_file', { path: 'a.txt', old_text: 'c', new_text: 'C' })
    expect(after.error).toBe('FILE_CHANGED')
    expect(bytes(dir, 'a.txt').toString('latin1')).toBe('a\r\nB\r\nc\r\n')
  })

  it('concurrent edits of one file from two sets sharing a state all land', async () => {
    const lines = Array.from({ length: 8 }, (_, i) => `line ${i}`)
    const dir = project({ 'c.txt': lines.join('\r\n') + '\r\n' })
    const readState = createReadState()
    const sets = [createTools({ root: dir, readState }), createTools({ root: dir, readState })]
    await run(sets[0], 'read_file', { path: 'c.txt' })
    const results = await Promise.all(
      lines.map((line, i) => run(sets[i % 2], 'edit_file', { path: 'c.txt', old_text: line, new_text: line.toUpperCase() })),
    )
    for (const r of results) expect(r.success, r.data).toBe(true)
    expect(bytes(dir, 'c.txt').toString('latin1')).toBe(lines.map((l) => l.toUpperCase()).join('\r\n') + '\r\n')
  })

  it('a change from outside after any set read the file is refused for every set, and nothing is written', async () => {
    const dir = project({ 'a.txt': 'a\r\n' })
    const readState = createReadState()
    const first = createTools({ root: dir, readState })
    const second = createTools({ root: dir, readState })
    await run(first, 'read_file', { path: 'a.txt' })
    fs.writeFileSync(path.join(dir, 'a.txt'), 'a\r\nfrom elsewhere\r\n')
    const edit = await run(second, 'edit_file', { path: 'a.txt', old_text: 'a', new_text: 'A' })
    expect(edit.error).toBe('FILE_CHANGED')
    // It shows what changed since the other set's read (section 13).
    expect(edit.data).toContain('+ 2│from elsewhere')
    expect(bytes(dir, 'a.txt').toString('latin1')).toBe('a\r\nfrom elsewhere\r\n')
  })
})

describe("markRead: the host's own read tool", () => {
  it('{ version }: the version the library gave counts as a read', async () => {
    const dir = project({ 'v.txt': 'x\r\ny\r\n' })
    const readState = createReadState()
    const tools = createTools({ root: dir, readState, requireRead: true })
    const refused = await run(tools, 'edit_file', { path: 'v.txt', old_text: 'y', new_text: 'Y' })
    expect(refused.error).toBe('FILE_CHANGED')
    readState.markRead(path.join(dir, 'v.txt'), { version: coreReadFileSync(path.join(dir, 'v.txt')).version })
    const edit = await run(tools, 'edit_file', { path: 'v.txt', old_text: 'y', new_text: 'Y' })
    expect(edit.success, edit.data).toBe(true)
    expect(bytes(dir, 'v.txt').toString('latin1')).toBe('x\r\nY\r\n')
  })

  it('{ version } of an older state makes the change fail as stale; the file is untouched', async () => {
    const dir = project({ 'v.txt': 'x\r\n' })
    const readState = createReadState()
    const old = coreReadFileSync(path.join(dir, 'v.txt')).version
    fs.writeFileSync(path.join(dir, 'v.txt'), 'x\r\nnewer\r\n')
    readState.markRead(path.join(dir, 'v.txt'), { version: old })
    const tools = createTools({ root: dir, readState })
    expect((await run(tools, 'write_file', { path: 'v.txt', content: 'z\n' })).error).toBe('FILE_CHANGED')
    expect(bytes(dir, 'v.txt').toString('latin1')).toBe('x\r\nnewer\r\n')
  })

  // Each file as a host's read tool decodes it: the raw text, CRLF, lone CR and BOM included.
  const cases: Array<{ name: string; file: Buffer; read: (b: Buffer) => string | Uint8Array; oldText: string; newText: string; after: Buffer }> = [
    {
      name: 'CRLF',
      file: Buffer.from('alpha\r\nbeta\r\n'),
      read: (b) => b.toString('utf8'),
      oldText: 'beta',
      newText: 'BETA',
      after: Buffer.from('alpha\r\nBETA\r\n'),
    },
    {
      name: 'mixed',
      file: Buffer.from('a\r\nb\nc\r\n'),
      read: (b) => b.toString('utf8'),
      oldText: 'b\nc',
      newText: 'B\nC',
      after: Buffer.from('a\r\nB\nC\r\n'),
    },
    {
      name: 'lone CR',
      file: Buffer.from('a\rb\rc\r'),
      read: (b) => b.toString('utf8'),
      oldText: 'b',
      newText: 'B',
      after: Buffer.from('a\rB\rc\r'),
    },
    {
      name: 'UTF-8 BOM (kept by the host as U+FEFF)',
      file: Buffer.from('\ufeffa\r\nb\r\n'),
      read: (b) => b.toString('utf8'),
      oldText: 'b',
      newText: 'B',
      after: Buffer.from('\ufeffa\r\nB\r\n'),
    },
    {
      name: 'UTF-16 LE with BOM',
      file: Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('a\r\nb\r\n', 'utf16le')]),
      read: (b) => new TextDecoder('utf-16le').decode(b),
      oldText: 'b',
      newText: 'B',
      after: Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('a\r\nB\r\n', 'utf16le')]),
    },
    {
      name: 'windows-1252, decoded by the host in its encoding',
      file: iconv.encode('café\r\nnaïve\r\n', 'windows-1252'),
      read: (b) => iconv.decode(b, 'windows-1252'),
      oldText: 'naïve',
      newText: 'naïf',
      after: iconv.encode('café\r\nnaïf\r\n', 'windows-1252'),
    },
    {
      name: 'windows-1252, its bytes given by the host',
      file: iconv.encode('café\r\nplain\r\n', 'windows-1252'),
      read: (b) => Buffer.from(b),
      oldText: 'plain',
      newText: 'PLAIN',
      after: iconv.encode('café\r\nPLAIN\r\n', 'windows-1252'),
    },
    {
      name: 'GBK, read by the host as Latin-1',
      file: iconv.encode('中文\r\nascii\r\n', 'gbk'),
      read: (b) => b.toString('latin1'),
      oldText: 'ascii',
      newText: 'ASCII',
      after: iconv.encode('中文\r\nASCII\r\n', 'gbk'),
    },
    {
      name: 'CRLF, its bytes given as a view into a larger Uint8Array',
      file: Buffer.from('one\r\ntwo\r\n'),
      read: (b) => {
        const larger = new Uint8Array(b.length + 8).fill(0x78)
        larger.set(b, 3)
        return larger.subarray(3, 3 + b.length)
      },
      oldText: 'two',
      newText: 'TWO',
      after: Buffer.from('one\r\nTWO\r\n'),
    },
    {
      name: 'CRLF, turned into LF by the host',
      file: Buffer.from('one\r\ntwo\r\n'),
      read: (b) => b.toString('utf8').replace(/\r\n/g, '\n'),
      oldText: 'two',
      newText: 'TWO',
      after: Buffer.from('one\r\nTWO\r\n'),
    },
  ]

  it.each(cases)('{ content } of a $name file counts as a read, and the edit keeps its bytes', async ({ file, read, oldText, newText, after }) => {
    const dir = project({ 'f.txt': file })
    const readState = createReadState()
    const tools = createTools({ root: dir, readState, requireRead: true })
    readState.markRead(path.join(dir, 'f.txt'), { content: read(file) })
    const edit = await run(tools, 'edit_file', { path: 'f.txt', old_text: oldText, new_text: newText })
    expect(edit.success, edit.data).toBe(true)
    expect(bytes(dir, 'f.txt')).toEqual(after)
  })

  it.each(cases)('{ content } of a $name file that changed before markRead is stale: nothing is written until it is read again', async ({ file, read, oldText, newText }) => {
    const dir = project({ 'f.txt': file })
    const readState = createReadState()
    const tools = createTools({ root: dir, readState })
    const seen = read(file)
    const changed = Buffer.concat([file, Buffer.from('added elsewhere\r\n')])
    fs.writeFileSync(path.join(dir, 'f.txt'), changed)
    readState.markRead(path.join(dir, 'f.txt'), { content: seen })
    const edit = await run(tools, 'edit_file', { path: 'f.txt', old_text: oldText, new_text: newText })
    expect(edit.error).toBe('FILE_CHANGED')
    expect(bytes(dir, 'f.txt')).toEqual(changed)
    // Read again (through the tools or the host), the change goes through.
    await run(tools, 'read_file', { path: 'f.txt' })
    expect((await run(tools, 'edit_file', { path: 'f.txt', old_text: oldText, new_text: newText })).success).toBe(true)
  })

  it('{ content } of mojibake, the file repaired since: stale, so writing back what the model saw does not undo the repair', async () => {
    // The host showed UTF-8 mojibake (é written twice over as UTF-8); the user then
    // repaired the file, whose bytes now read in Latin-1 as the text the host showed.
    const dir = project({ 'm.txt': Buffer.from('caf\u00c3\u00a9\r\n', 'utf8') })
    const seen = hostRead(dir, 'm.txt')
    const repaired = Buffer.from('café\r\n', 'utf8')
    expect(repaired.toString('latin1')).toBe(seen)
    fs.writeFileSync(path.join(dir, 'm.txt'), repaired)
    const readState = createReadState()
    const tools = createTools({ root: dir, readState })
    readState.markRead(path.join(dir, 'm.txt'), { content: seen })
    const write = await run(tools, 'write_file', { path: 'm.txt', content: seen })
    expect(write.error, write.data).toBe('FILE_CHANGED')
    expect(bytes(dir, 'm.txt')).toEqual(repaired)
  })

  it('{ content } with replacement characters stands for any invalid bytes: stale, even though the file decodes to it again', async () => {
    const dir = project({ 'r.txt': iconv.encode('café\r\nplain\r\n', 'windows-1252') })
    const seen = hostRead(dir, 'r.txt')
    const changed = iconv.encode('cafè\r\nplain\r\n', 'windows-1252')
    fs.writeFileSync(path.join(dir, 'r.txt'), changed)
    expect(changed.toString('utf8')).toBe(seen)
    const readState = createReadState()
    const tools = createTools({ root: dir, readState })
    readState.markRead(path.join(dir, 'r.txt'), { content: seen })
    const edit = await run(tools, 'edit_file', { path: 'r.txt', old_text: 'plain', new_text: 'PLAIN' })
    expect(edit.error, edit.data).toBe('FILE_CHANGED')
    expect(bytes(dir, 'r.txt')).toEqual(changed)
    // Its bytes say exactly what the host read.
    readState.markRead(path.join(dir, 'r.txt'), { content: fs.readFileSync(path.join(dir, 'r.txt')) })
    expect((await run(tools, 'edit_file', { path: 'r.txt', old_text: 'plain', new_text: 'PLAIN' })).success).toBe(true)
    expect(bytes(dir, 'r.txt')).toEqual(iconv.encode('cafè\r\nPLAIN\r\n', 'windows-1252'))
  })

  it('{ content } with a lone surrogate is no text a file has: stale, and nothing is written', async () => {
    const dir = project({ 's.txt': Buffer.from('one\r\ntwo\r\n') })
    const readState = createReadState()
    const tools = createTools({ root: dir, readState, requireRead: true })
    readState.markRead(path.join(dir, 's.txt'), { content: 'one\r\ntwo\ud800\r\n' })
    const edit = await run(tools, 'edit_file', { path: 's.txt', old_text: 'two', new_text: 'TWO' })
    expect(edit.error).toBe('FILE_CHANGED')
    // Recorded as read, at a version no file has: not refused as never read.
    expect(edit.data).not.toMatch(/not been read yet/)
    expect(bytes(dir, 's.txt')).toEqual(Buffer.from('one\r\ntwo\r\n'))
  })

  it('{ content } then a change from outside: the change the model makes is refused, the file untouched', async () => {
    const dir = project({ 'o.txt': 'a\r\nb\r\n' })
    const readState = createReadState()
    const tools = createTools({ root: dir, readState })
    readState.markRead(path.join(dir, 'o.txt'), { content: hostRead(dir, 'o.txt') })
    fs.appendFileSync(path.join(dir, 'o.txt'), 'c\r\n')
    const write = await run(tools, 'write_file', { path: 'o.txt', content: 'a\nb\n' })
    expect(write.error).toBe('FILE_CHANGED')
    expect(bytes(dir, 'o.txt').toString('latin1')).toBe('a\r\nb\r\nc\r\n')
  })

  it('a missing file is forgotten: write_file may create it, with requireRead', async () => {
    const dir = project()
    const readState = createReadState()
    readState.markRead(path.join(dir, 'new.txt'), { content: 'stale\n' })
    const tools = createTools({ root: dir, readState, requireRead: true })
    expect((await run(tools, 'write_file', { path: 'new.txt', content: 'fresh\n' })).success).toBe(true)
    expect(bytes(dir, 'new.txt').toString('latin1')).toBe('fresh\n')
  })

  it('forget: with requireRead, the file must be read again', async () => {
    const dir = project({ 'g.txt': 'g\r\n' })
    const readState = createReadState()
    const tools = createTools({ root: dir, readState, requireRead: true })
    await run(tools, 'read_file', { path: 'g.txt' })
    readState.forget(path.join(dir, 'g.txt'))
    const edit = await run(tools, 'edit_file', { path: 'g.txt', old_text: 'g', new_text: 'G' })
    expect(edit.error).toBe('FILE_CHANGED')
    expect(edit.data).toMatch(/has not been read yet/)
    expect(bytes(dir, 'g.txt').toString('latin1')).toBe('g\r\n')
  })
})

describe('which file a path names', () => {
  it('an absolute path, a relative one from the read state\'s cwd, and a tool\'s relative path are one file', async () => {
    const dir = project({ 'src/a.txt': 'a\r\n', 'src/b.txt': 'b\r\n' })
    const readState = createReadState({ cwd: path.join(dir, 'src') })
    const tools = createTools({ root: dir, readState, requireRead: true })
    readState.markRead(path.join(dir, 'src', 'a.txt'), { content: hostRead(dir, 'src/a.txt') })
    readState.markRead('b.txt', { content: hostRead(dir, 'src/b.txt') })
    readState.markRead('../src/./b.txt', { content: hostRead(dir, 'src/b.txt') })
    expect((await run(tools, 'edit_file', { path: 'src/a.txt', old_text: 'a', new_text: 'A' })).success).toBe(true)
    expect((await run(tools, 'edit_file', { path: path.join(dir, 'src', 'b.txt'), old_text: 'b', new_text: 'B' })).success).toBe(true)
  })

  it('without cwd, relative paths of markRead are taken from the process folder', async () => {
    const dir = project({ 'p.txt': 'p\r\n' })
    const readState = createReadState()
    const tools = createTools({ root: dir, readState, requireRead: true })
    readState.markRead(path.relative(process.cwd(), path.join(dir, 'p.txt')), { content: hostRead(dir, 'p.txt') })
    expect((await run(tools, 'edit_file', { path: 'p.txt', old_text: 'p', new_text: 'P' })).success).toBe(true)
  })

  it('a symbolic link and its target are one file', async (ctx) => {
    skipUnless(ctx, can.symlink)
    const dir = project({ 'target.txt': 't\r\n' })
    fs.symlinkSync(path.join(dir, 'target.txt'), path.join(dir, 'link.txt'))
    const readState = createReadState()
    const tools = createTools({ root: dir, readState, requireRead: true })
    readState.markRead(path.join(dir, 'link.txt'), { content: hostRead(dir, 'target.txt') })
    expect((await run(tools, 'edit_file', { path: 'target.txt', old_text: 't', new_text: 'T' })).success).toBe(true)
    expect(fs.lstatSync(path.join(dir, 'link.txt')).isSymbolicLink()).toBe(true)
    expect(bytes(dir, 'target.txt').toString('latin1')).toBe('T\r\n')
  })

  it('on a file system that ignores case, two spellings of a name are one file', async (ctx) => {
    const dir = project({ 'Case.txt': 'c\r\n' })
    skipUnless(ctx, fs.existsSync(path.join(dir, 'CASE.TXT')) ? null : 'this file system tells names apart by case')
    const readState = createReadState()
    const tools = createTools({ root: dir, readState, requireRead: true })
    readState.markRead(path.join(dir, 'CASE.TXT'), { content: hostRead(dir, 'Case.txt') })
    expect((await run(tools, 'edit_file', { path: 'case.txt', old_text: 'c', new_text: 'C' })).success).toBe(true)
  })

  it('on a file system that tells case apart, two spellings are two files', async (ctx) => {
    const dir = project({ 'Case.txt': 'c\r\n', 'case.txt': 'd\r\n' })
    skipUnless(ctx, fs.readdirSync(dir).length === 2 ? null : 'this file system ignores case')
    const readState = createReadState()
    const tools = createTools({ root: dir, readState, requireRead: true })
    readState.markRead(path.join(dir, 'Case.txt'), { content: hostRead(dir, 'Case.txt') })
    expect((await run(tools, 'edit_file', { path: 'case.txt', old_text: 'd', new_text: 'D' })).error).toBe('FILE_CHANGED')
    expect(bytes(dir, 'case.txt').toString('latin1')).toBe('d\r\n')
  })
})

describe("the host's mistakes are thrown where they are made", () => {
  it('markRead and forget refuse malformed arguments', () => {
    const readState = createReadState()
    const markRead = readState.markRead.bind(readState) as (path: unknown, read?: unknown) => void
    expect(() => markRead('', { version: 'v' })).toThrow(TypeError)
    expect(() => markRead('a.txt')).toThrow(TypeError)
    expect(() => markRead('a.txt', { version: 'v', content: 'c' })).toThrow(TypeError)
    expect(() => markRead('a.txt', {})).toThrow(TypeError)
    expect(() => markRead('a.txt', { version: 3 })).toThrow(TypeError)
    expect(() => markRead('a.txt', { content: 3 })).toThrow(TypeError)
    expect(() => markRead('a.txt', { versoin: 'v' })).toThrow(/unknown option "versoin".*Did you mean "version"\?/)
    expect(() => (readState.forget as (p: unknown) => void)(undefined)).toThrow(TypeError)
  })

  it('createReadState refuses an unknown option or a cwd that is not a folder', () => {
    expect(() => createReadState({ cdw: '.' } as never)).toThrow(/unknown option "cdw".*Did you mean "cwd"\?/)
    expect(() => createReadState({ cwd: path.join(os.tmpdir(), 'no-such-folder-eol') })).toThrow(EolEditError)
    expect(() => createReadState(3 as never)).toThrow(TypeError)
  })

  it('createTools refuses a readState it did not get from createReadState', () => {
    const fake = { markRead() {}, forget() {} } as unknown as ReadState
    expect(() => createTools({ readState: fake })).toThrow(/readState must be made by createReadState/)
  })
})

describe('messages', () => {
  it('every result in this file names only what the tools take', () => {
    expect(produced.length).toBeGreaterThan(40)
    const problems = produced.flatMap((r) => toolOutputProblems(r.data).map((p) => `${p}: ${r.data.slice(0, 200)}`))
    expect(problems).toEqual([])
  })
})

describe("the addon's ReadState.change (a tool call's one native call)", () => {
  it('expects the version it has, records the one it leaves, and refuses what it does not make', async () => {
    const { ReadState: NativeReadState, readFileSync } = await import('../index.js')
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eol-change-'))
    try {
      fs.writeFileSync(path.join(dir, 'a.txt'), 'one\r\ntwo\r\n')
      const state = new NativeReadState()
      const options = { cwd: dir, root: dir }
      const made = state.change('editFile', false, 1 << 20, 'a.txt', 'two', 'TWO', options)
      expect(made).not.toBeInstanceOf(Promise)
      const version = (made as { version: string }).version
      expect(state.version('a.txt', dir)).toBe(version)
      expect(readFileSync(path.join(dir, 'a.txt')).version).toBe(version)
      // Over the calling thread's limit, the same change is a Promise, and still recorded.
      const later = state.change('editFile', false, 0, 'a.txt', 'TWO', 'two', options)
      expect(later).toBeInstanceOf(Promise)
      const after = (await later).version
      expect(state.version('a.txt', dir)).toBe(after)
      expect(fs.readFileSync(path.join(dir, 'a.txt'), 'latin1')).toBe('one\r\ntwo\r\n')
      // A change from outside since: FILE_CHANGED, nothing written, nothing recorded.
      fs.writeFileSync(path.join(dir, 'a.txt'), 'one\r\ntwo\r\nthree\r\n')
      expect(() => state.change('editFile', false, 1 << 20, 'a.txt', 'two', 'TWO', options)).toThrow(
        expect.objectContaining({ code: 'FILE_CHANGED' }),
      )
      expect(fs.readFileSync(path.join(dir, 'a.txt'), 'latin1')).toBe('one\r\ntwo\r\nthree\r\n')
      // It makes the change: a dry run, or a function it does not make, is refused.
      for (const [fn, opts] of [['editFile', { ...options, dryRun: true }], ['applyPatch', options]] as const) {
        let thrown: unknown
        try {
          state.change(fn as 'editFile', false, 1 << 20, 'a.txt', 'two', 'TWO', opts)
        } catch (error) {
          thrown = error
        }
        expect(thrown).toBeInstanceOf(EolEditError)
        expect((thrown as EolEditError).code).toBe('INVALID_ARGUMENT')
      }
      expect(fs.readFileSync(path.join(dir, 'a.txt'), 'latin1')).toBe('one\r\ntwo\r\nthree\r\n')
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })
})
