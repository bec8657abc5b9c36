// What a tool call does besides the library's own call: the agent tools are part of
// the time a host waits, so each looks a file's real path up once, runs small files'
// calls on the calling thread, and passes the library only the options the call sets.
// Every guarantee still holds (tools.spec.ts); these tests pin the work done.

import * as fs from 'node:fs'
import * as os from 'node:os'
import * as path from 'node:path'

import { afterAll, beforeEach, describe, expect, it } from 'vitest'

import { createTools, type ToolResult } from '../tools.js'
import { can, skipUnless } from './support/platform'

const made: string[] = []
afterAll(() => {
  for (const d of made) fs.rmSync(d, { recursive: true, force: true })
})

let dir: string
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eol-call-'))
  made.push(dir)
})

/** Runs `work`, counting the real-path look-ups the tools make (the core's pathInfo, resolving). */
/**
 * The look-ups a call asks of its read state (the core's `ReadState.lookUp`): `fresh:`
 * for one that looks the path up whatever the state knows (a read), `known:` for one
 * that takes a spelling of a file the state has the version of as it was, with no
 * look-up of the file system (the core's unit test `look_up_takes_a_known_spelling…`
 * shows it). A call of `pathInfo` that resolves a path counts too, as `pathInfo:`.
 */
async function countRealPaths(work: () => Promise<ToolResult>): Promise<{ result: ToolResult; lookups: string[] }> {
  const core = require('../index.js') as {
    pathInfo: (p: string, o?: { resolve?: boolean }) => unknown
    ReadState: { prototype: { lookUp: (p: string, cwd: string | undefined, fresh: boolean) => unknown } }
  }
  const native = core.pathInfo
  const lookUp = core.ReadState.prototype.lookUp
  const lookups: string[] = []
  core.pathInfo = (p: string, o?: { resolve?: boolean }) => {
    if (o?.resolve !== false) lookups.push(`pathInfo:${p}`)
    return native(p, o)
  }
  core.ReadState.prototype.lookUp = function (p: string, cwd: string | undefined, fresh: boolean) {
    lookups.push(`${fresh ? 'fresh' : 'known'}:${p}`)
    return lookUp.call(this, p, cwd, fresh)
  }
  try {
    return { result: await work(), lookups }
  } finally {
    core.pathInfo = native
    core.ReadState.prototype.lookUp = lookUp
  }
}

/**
 * Runs `work`, recording every call of the addon it makes: each method of the read
 * state (`ReadState.change` as `change:<function>:<sync|pool>`, by where it ran), the
 * library's file functions and `pathInfo`.
 */
/** The core's functions of the tool layer's texts, which touch no file. */
const TEXTS = new Set(['compactDiff', 'changeSummary', 'diffCounts', 'tierNotes', 'tierNote', 'cutLength', 'describeEndings', 'changedText', 'editedText'])

async function nativeCalls(work: () => Promise<ToolResult>): Promise<{ result: ToolResult; calls: string[] }> {
  const core = require('../index.js') as Record<string, unknown> & { ReadState: { prototype: Record<string, (...args: unknown[]) => unknown> } }
  const proto = core.ReadState.prototype
  const savedCore = { ...core }
  const savedProto: Record<string, (...args: unknown[]) => unknown> = {}
  const calls: string[] = []
  for (const name of Object.getOwnPropertyNames(proto)) {
    if (name === 'constructor' || typeof proto[name] !== 'function') continue
    const method = proto[name]
    savedProto[name] = method
    proto[name] = function (this: unknown, ...args: unknown[]) {
      let value: unknown
      try {
        value = method.apply(this, args)
      } finally {
        // A throw is the calling thread's.
        calls.push(name === 'change' ? `change:${args[0]}:${value instanceof Promise ? 'pool' : 'sync'}` : name)
      }
      return value
    }
  }
  for (const [name, value] of Object.entries(savedCore)) {
    if (typeof value !== 'function' || name === 'ReadState' || /^[A-Z]/.test(name)) continue
    // The tool layer's texts (the compact diff, the summary, the notes): string
    // functions of the core that read no file and look nothing up, so not work a call
    // repeats (bench/ measures what they cost).
    if (TEXTS.has(name)) continue
    core[name] = (...args: unknown[]) => {
      calls.push(name)
      return (value as (...a: unknown[]) => unknown)(...args)
    }
  }
  try {
    return { result: await work(), calls }
  } finally {
    Object.assign(core, savedCore)
    Object.assign(proto, savedProto)
  }
}

describe('a tool call', () => {
  it('looks nothing up for a file it read or wrote; read_file looks the path up again, once', async () => {
    fs.writeFileSync(path.join(dir, 'a.txt'), 'one\r\ntwo\r\n')
    for (const options of [{}, { requireRead: true }, { approve: () => true }]) {
      const tools = createTools({ root: dir, ...options })
      const read = await countRealPaths(() => tools.read_file.execute({ path: 'a.txt' }))
      expect(read.result.success).toBe(true)
      expect(read.lookups).toEqual(['fresh:a.txt'])
      for (const [from, to] of [['two', 'TWO'], ['TWO', 'two']]) {
        const { result, lookups } = await countRealPaths(() => tools.edit_file.execute({ path: 'a.txt', old_text: from, new_text: to }))
        expect(result.success, result.data).toBe(true)
        // Without approve, the look-up is the core's, inside ReadState.change.
        expect(lookups, JSON.stringify(options)).toEqual('approve' in options ? ['known:a.txt'] : [])
      }
    }
    fs.writeFileSync(path.join(dir, 'a.txt'), 'one\r\ntwo\r\n')
  })

  it('is one call of the addon without approve: look-up, edit and record in ReadState.change', async () => {
    fs.writeFileSync(path.join(dir, 'a.txt'), 'one\r\ntwo\r\n')
    fs.writeFileSync(path.join(dir, 'b.txt'), 'b\n')
    for (const options of [{}, { requireRead: true }]) {
      const tools = createTools({ root: dir, ...options })
      expect((await tools.read_file.execute({ path: 'a.txt' })).success).toBe(true)
      for (const [from, to] of [['two', 'TWO'], ['TWO', 'two']]) {
        const { result, calls } = await nativeCalls(() => tools.edit_file.execute({ path: 'a.txt', old_text: from, new_text: to }))
        expect(result.success, result.data).toBe(true)
        expect(calls, JSON.stringify(options)).toEqual(['change:editFile:sync'])
      }
      // The version it recorded is the one the next call expects: a change from
      // outside since is FILE_CHANGED, explained, with nothing written.
      fs.writeFileSync(path.join(dir, 'a.txt'), 'one\r\ntwo\r\nthree\r\n')
      const stale = await nativeCalls(() => tools.edit_file.execute({ path: 'a.txt', old_text: 'two', new_text: 'TWO' }))
      expect(stale.result.error, stale.result.data).toBe('FILE_CHANGED')
      expect(stale.result.data).toMatch(/three/)
      expect(stale.calls).toEqual(['change:editFile:sync'])
      expect(fs.readFileSync(path.join(dir, 'a.txt'), 'latin1')).toBe('one\r\ntwo\r\nthree\r\n')
      fs.writeFileSync(path.join(dir, 'a.txt'), 'one\r\ntwo\r\n')
    }
    // A file it has not seen is looked up in the same call; with requireRead, refused there.
    const unseen = await nativeCalls(() => createTools({ root: dir }).edit_file.execute({ path: 'b.txt', old_text: 'b', new_text: 'B' }))
    expect(unseen.result.success, unseen.result.data).toBe(true)
    expect(unseen.calls).toEqual(['change:editFile:sync'])
    const refused = await nativeCalls(() => createTools({ root: dir, requireRead: true }).edit_file.execute({ path: 'b.txt', old_text: 'B', new_text: 'b' }))
    expect(refused.result.error, refused.result.data).toBe('FILE_CHANGED')
    expect(refused.result.data).toMatch(/has not been read yet/)
    expect(refused.calls).toEqual(['change:editFile:sync'])
    expect(fs.readFileSync(path.join(dir, 'b.txt'), 'latin1')).toBe('B\n')
    // multi_edit, write_file and delete_range are one call too (delete_range's retry
    // of a numeric anchor aside, its queue's look-up is its own).
    const tools = createTools({ root: dir })
    const multi = await nativeCalls(() => tools.multi_edit.execute({ path: 'b.txt', edits: [{ old_text: 'B', new_text: 'b' }] }))
    expect(multi.result.success, multi.result.data).toBe(true)
    expect(multi.calls).toEqual(['change:multiEdit:sync'])
    const write = await nativeCalls(() => tools.write_file.execute({ path: 'b.txt', content: 'b\nc\n' }))
    expect(write.result.success, write.result.data).toBe(true)
    expect(write.calls.filter((c) => c !== 'pathInfo')).toEqual(['change:writeFile:sync'])
    expect(fs.readFileSync(path.join(dir, 'b.txt'), 'latin1')).toBe('b\nc\n')
  })

  it('a link pointed at another file since it was read is FILE_CHANGED, then, read again, edits the new target', async (ctx) => {
    skipUnless(ctx, can.symlink)
    fs.writeFileSync(path.join(dir, 'first.txt'), 'alpha\r\n')
    fs.writeFileSync(path.join(dir, 'second.txt'), 'alpha\nbeta\n')
    const link = path.join(dir, 'link.txt')
    fs.symlinkSync('first.txt', link)
    const tools = createTools({ root: dir, requireRead: true })
    expect((await tools.read_file.execute({ path: 'link.txt' })).success).toBe(true)
    fs.rmSync(link)
    fs.symlinkSync('second.txt', link)
    const stale = await tools.edit_file.execute({ path: 'link.txt', old_text: 'alpha', new_text: 'ALPHA' })
    expect(stale.error, stale.data).toBe('FILE_CHANGED')
    expect(fs.readFileSync(path.join(dir, 'first.txt'), 'latin1')).toBe('alpha\r\n')
    expect(fs.readFileSync(path.join(dir, 'second.txt'), 'latin1')).toBe('alpha\nbeta\n')
    expect((await tools.read_file.execute({ path: 'link.txt' })).success).toBe(true)
    const edit = await tools.edit_file.execute({ path: 'link.txt', old_text: 'alpha', new_text: 'ALPHA' })
    expect(edit.success, edit.data).toBe(true)
    expect(fs.readFileSync(path.join(dir, 'second.txt'), 'latin1')).toBe('ALPHA\nbeta\n')
    expect(fs.readFileSync(path.join(dir, 'first.txt'), 'latin1')).toBe('alpha\r\n')
  })

  it('a link whose old target the set has forgotten is looked up again: the file it names now is guarded', async (ctx) => {
    skipUnless(ctx, can.symlink)
    fs.writeFileSync(path.join(dir, 'first.txt'), 'one\n')
    fs.writeFileSync(path.join(dir, 'second.txt'), 'two\n')
    const link = path.join(dir, 'link.txt')
    fs.symlinkSync('first.txt', link)
    const tools = createTools({ root: dir })
    expect((await tools.read_file.execute({ path: 'link.txt' })).success).toBe(true)
    // The first target is deleted by its own name, and the link pointed at the second,
    // which the model reads by its own name; then another program changes it.
    expect((await tools.apply_patch.execute({ input: '*** Begin Patch\n*** Delete File: first.txt\n*** End Patch' })).success).toBe(true)
    fs.rmSync(link)
    fs.symlinkSync('second.txt', link)
    expect((await tools.read_file.execute({ path: 'second.txt' })).success).toBe(true)
    fs.writeFileSync(path.join(dir, 'second.txt'), 'two\nchanged elsewhere\n')
    const edit = await tools.edit_file.execute({ path: 'link.txt', old_text: 'two', new_text: 'TWO' })
    expect(edit.error, edit.data).toBe('FILE_CHANGED')
    expect(fs.readFileSync(path.join(dir, 'second.txt'), 'utf8')).toBe('two\nchanged elsewhere\n')
  })

  it('a file deleted by a patch is looked up again: a new file there is a file it has not read', async () => {
    fs.writeFileSync(path.join(dir, 'gone.txt'), 'x\n')
    const tools = createTools({ root: dir, requireRead: true })
    expect((await tools.read_file.execute({ path: 'gone.txt' })).success).toBe(true)
    const del = await tools.apply_patch.execute({ input: '*** Begin Patch\n*** Delete File: gone.txt\n*** End Patch' })
    expect(del.success, del.data).toBe(true)
    fs.writeFileSync(path.join(dir, 'gone.txt'), 'new\n')
    const edit = await tools.edit_file.execute({ path: 'gone.txt', old_text: 'new', new_text: 'NEW' })
    expect(edit.error, edit.data).toBe('FILE_CHANGED')
    expect(edit.data).toMatch(/has not been read yet/)
    expect(fs.readFileSync(path.join(dir, 'gone.txt'), 'utf8')).toBe('new\n')
  })

  it('looks a file it creates up again after creating it, so that a link on its way is one file with its target', async (ctx) => {
    skipUnless(ctx, can.symlink)
    const real = path.join(dir, 'real')
    fs.mkdirSync(real)
    fs.symlinkSync(real, path.join(dir, 'link'))
    const tools = createTools({ root: dir, requireRead: true })
    expect((await tools.write_file.execute({ path: 'link/new/n.txt', content: 'x\n' })).success).toBe(true)
    // The version it wrote is the one of real/new/n.txt: an edit by that name is not "unread".
    const edit = await tools.edit_file.execute({ path: 'real/new/n.txt', old_text: 'x', new_text: 'y' })
    expect(edit.success, edit.data).toBe(true)
    expect(fs.readFileSync(path.join(real, 'new', 'n.txt'), 'utf8')).toBe('y\n')
  })
})

/** The options of the one `ReadState.change` call `work` makes. */
async function changeOptions(work: () => Promise<ToolResult>): Promise<Record<string, unknown>> {
  const proto = (require('../index.js') as { ReadState: { prototype: { change: (...args: unknown[]) => unknown } } }).ReadState.prototype
  const change = proto.change
  const seen: unknown[][] = []
  proto.change = function (this: unknown, ...args: unknown[]) {
    seen.push(args)
    return change.apply(this, args)
  }
  try {
    expect((await work()).success).toBe(true)
  } finally {
    proto.change = change
  }
  expect(seen).toHaveLength(1)
  // editFile(path, oldText, newText, options): after fn, requireRead and callingThreadMax.
  return seen[0][6] as Record<string, unknown>
}

/** Runs `work`, recording every call of the library's file functions and their options. */
async function libraryCalls(work: () => Promise<ToolResult>): Promise<{ result: ToolResult; calls: Array<{ name: string; options: object }> }> {
  const core = require('../index.js') as Record<string, (...args: unknown[]) => unknown>
  const saved = { ...core }
  const calls: Array<{ name: string; options: object }> = []
  for (const name of ['readFile', 'editFile', 'multiEdit', 'deleteRange', 'writeFile', 'applyPatch', 'prepareEdit']) {
    for (const form of [name, `${name}Sync`]) {
      core[form] = (...args: unknown[]) => {
        calls.push({ name: form, options: args[args.length - 1] as object })
        return saved[form](...args)
      }
    }
  }
  try {
    return { result: await work(), calls }
  } finally {
    Object.assign(core, saved)
  }
}

describe('the library call a tool makes', () => {
  it('is the Sync form for a small file and the Promise form for a large one, which is still edited', async () => {
    const { CALLING_THREAD_MAX_BYTES } = require('../lib/tools/session.js') as { CALLING_THREAD_MAX_BYTES: number }
    const line = 'x'.repeat(63) + '\r\n'
    fs.writeFileSync(path.join(dir, 'small.txt'), 'alpha\r\nbeta\r\n')
    fs.writeFileSync(path.join(dir, 'large.txt'), 'alpha\r\n' + line.repeat(Math.ceil(CALLING_THREAD_MAX_BYTES / line.length)))
    const tools = createTools({ root: dir, maxBytes: 0 })
    for (const [file, form] of [['small.txt', 'editFileSync'], ['large.txt', 'editFile']]) {
      const { result, calls } = await nativeCalls(() => tools.edit_file.execute({ path: file, old_text: 'alpha', new_text: 'ALPHA' }))
      expect(result.success, result.data).toBe(true)
      // The pool's call holds the file's queue, which looks its key up.
      expect(calls, file).toEqual(form === 'editFileSync' ? ['change:editFile:sync'] : ['change:editFile:pool', 'lookUp'])
      expect(fs.readFileSync(path.join(dir, file), 'latin1').startsWith('ALPHA\r\n')).toBe(true)
    }
    const read = await libraryCalls(() => tools.read_file.execute({ path: 'large.txt', limit: 1 }))
    expect(read.calls.map((c) => c.name)).toEqual(['readFile'])
  })

  it('carries only the options the call sets: no dryRun, replaceAll or expectedVersion that says nothing', async () => {
    fs.writeFileSync(path.join(dir, 'o.txt'), 'a\r\nb\r\n')
    const tools = createTools({ root: dir })
    const first = await changeOptions(() => tools.edit_file.execute({ path: 'o.txt', old_text: 'a', new_text: 'A' }))
    // Every guard runs, as the tools' guards do by default.
    expect(Object.keys(first).sort()).toEqual(['cwd', 'guards', 'root'])
    expect(first.guards).toEqual(['placeholder', 'shrink', 'control', 'markers'])
    // The version expected is the read state's own (ReadState.change takes it), and
    // replace_all is passed when set.
    const second = await changeOptions(() => tools.edit_file.execute({ path: 'o.txt', old_text: 'b', new_text: 'B', replace_all: true }))
    expect(Object.keys(second).sort()).toEqual(['cwd', 'guards', 'replaceAll', 'root'])
    // With approve, the library's prepare twin gets the version from the tools.
    const approving = createTools({ root: dir, approve: () => true })
    expect((await approving.read_file.execute({ path: 'o.txt' })).success).toBe(true)
    const shown = await libraryCalls(() => approving.edit_file.execute({ path: 'o.txt', old_text: 'B', new_text: 'b' }))
    expect(shown.result.success, shown.result.data).toBe(true)
    expect(Object.keys(shown.calls[0].options).sort()).toEqual(['cwd', 'expectedVersion', 'guards', 'root'])
    fs.writeFileSync(path.join(dir, 'o.txt'), 'A\r\nB\r\n')
    expect(fs.readFileSync(path.join(dir, 'o.txt'), 'latin1')).toBe('A\r\nB\r\n')
  })
})

