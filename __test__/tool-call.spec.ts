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

/** Runs `work`, counting the real-path look-ups the tools make. */
async function countRealPaths(work: () => Promise<ToolResult>): Promise<{ result: ToolResult; lookups: string[] }> {
  const nodeFs = require('node:fs') as typeof fs
  const native = nodeFs.realpathSync.native
  const lookups: string[] = []
  nodeFs.realpathSync.native = ((p: fs.PathLike, options?: unknown) => {
    lookups.push(String(p))
    return native(p, options as never)
  }) as typeof native
  try {
    return { result: await work(), lookups }
  } finally {
    nodeFs.realpathSync.native = native
  }
}

describe('a tool call', () => {
  it('looks nothing up for a file it read or wrote; read_file looks the path up again, once', async () => {
    fs.writeFileSync(path.join(dir, 'a.txt'), 'one\r\ntwo\r\n')
    for (const options of [{}, { requireRead: true }, { approve: () => true }]) {
      const tools = createTools({ root: dir, ...options })
      const read = await countRealPaths(() => tools.read_file.execute({ path: 'a.txt' }))
      expect(read.result.success).toBe(true)
      expect(read.lookups).toEqual([path.join(dir, 'a.txt')])
      for (const [from, to] of [['two', 'TWO'], ['TWO', 'two']]) {
        const { result, lookups } = await countRealPaths(() => tools.edit_file.execute({ path: 'a.txt', old_text: from, new_text: to }))
        expect(result.success, result.data).toBe(true)
        expect(lookups, JSON.stringify(options)).toEqual([])
      }
    }
    // A file it has not seen is looked up once a call.
    fs.writeFileSync(path.join(dir, 'b.txt'), 'b\n')
    const unseen = await countRealPaths(() => createTools({ root: dir }).edit_file.execute({ path: 'b.txt', old_text: 'b', new_text: 'B' }))
    expect(unseen.lookups).toEqual([path.join(dir, 'b.txt')])
    expect(fs.readFileSync(path.join(dir, 'a.txt'), 'latin1')).toBe('one\r\ntwo\r\n')
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

/** Runs `work`, recording every call of the library's file functions and their options. */
async function libraryCalls(work: () => Promise<ToolResult>): Promise<{ result: ToolResult; calls: Array<{ name: string; options: object }> }> {
  const core = require('../index.js') as Record<string, (...args: unknown[]) => unknown>
  const saved = { ...core }
  const calls: Array<{ name: string; options: object }> = []
  for (const name of ['readFile', 'editFile', 'multiEdit', 'deleteRange', 'writeFile', 'applyPatch']) {
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
      const { result, calls } = await libraryCalls(() => tools.edit_file.execute({ path: file, old_text: 'alpha', new_text: 'ALPHA' }))
      expect(result.success, result.data).toBe(true)
      expect(calls.map((c) => c.name), file).toEqual([form])
      expect(fs.readFileSync(path.join(dir, file), 'latin1').startsWith('ALPHA\r\n')).toBe(true)
    }
    const read = await libraryCalls(() => tools.read_file.execute({ path: 'large.txt', limit: 1 }))
    expect(read.calls.map((c) => c.name)).toEqual(['readFile'])
  })

  it('carries only the options the call sets: no dryRun, replaceAll or expectedVersion that says nothing', async () => {
    fs.writeFileSync(path.join(dir, 'o.txt'), 'a\r\nb\r\n')
    const tools = createTools({ root: dir })
    const first = await libraryCalls(() => tools.edit_file.execute({ path: 'o.txt', old_text: 'a', new_text: 'A' }))
    // Every guard runs, as the tools' guards do by default.
    expect(Object.keys(first.calls[0].options).sort()).toEqual(['cwd', 'guards', 'root'])
    expect(first.calls[0].options.guards).toEqual(['placeholder', 'shrink', 'control', 'markers'])
    // Then the version it wrote is expected, and replace_all is passed when set.
    const second = await libraryCalls(() => tools.edit_file.execute({ path: 'o.txt', old_text: 'b', new_text: 'B', replace_all: true }))
    expect(Object.keys(second.calls[0].options).sort()).toEqual(['cwd', 'expectedVersion', 'guards', 'replaceAll', 'root'])
    expect(fs.readFileSync(path.join(dir, 'o.txt'), 'latin1')).toBe('A\r\nB\r\n')
  })
})

describe("edit_file's quick path (its common call made without the tool layer's machinery)", () => {
  const { QUICK } = require('../lib/tools/index.js') as { QUICK: { on: boolean } }
  const { editFile } = require('../lib/tools/edit_file.js') as { editFile: { atOnce: (...args: unknown[]) => unknown } }

  type Step = { args: unknown; context?: unknown } | { read: string } | { outside: [string, string] }
  type Case = { name: string; files: Record<string, string>; options?: Record<string, unknown>; steps: Step[]; quick: number }

  const e = (args: unknown, context?: unknown): Step => ({ args, context })
  const crlf = 'alpha\r\nbeta\r\ngamma\r\nbeta\r\n'
  const aborted = AbortSignal.abort()
  const CASES: Case[] = [
    {
      name: 'a file the set has not seen, then the version it wrote',
      files: { 'a.txt': crlf },
      steps: [e({ path: 'a.txt', old_text: 'alpha', new_text: 'ALPHA' }), e({ path: 'a.txt', old_text: 'gamma', new_text: 'G1\nG2' })],
      quick: 2,
    },
    {
      name: "other agents' spellings, replace_all, encoding",
      files: { 'a.txt': crlf },
      steps: [
        e({ file_path: 'a.txt', old_string: 'beta', new_string: 'BETA', replace_all: true }),
        e({ filePath: 'a.txt', oldText: 'BETA', newText: 'beta', replaceAll: false }),
        e({ oldString: 'alpha', newString: 'a2', path: 'a.txt', encoding: 'utf-8' }),
      ],
      quick: 3,
    },
    {
      name: "the core's failures and lenient tiers",
      files: { 'a.txt': crlf, 't.txt': 'one  \r\ntwo\r\n' },
      steps: [
        e({ path: 'a.txt', old_text: 'beta', new_text: 'B' }),
        e({ path: 'a.txt', old_text: 'nowhere', new_text: 'x' }),
        e({ path: 'a.txt', old_text: 'alpha', new_text: 'alpha' }),
        e({ path: 't.txt', old_text: 'one\ntwo', new_text: 'ONE\ntwo' }),
        e({ path: 'a.txt', old_text: '     1│alpha\n     2│beta', new_text: '     1│A\n     2│B' }),
        e({ path: 'a.txt', old_text: 'gamma', new_text: 'g\rlone' }),
        e({ path: 'missing.txt', old_text: 'a', new_text: 'b' }),
        e({ path: '../outside.txt', old_text: 'a', new_text: 'b' }),
        e({ path: 'a.txt', old_text: 'alpha', new_text: 'x', encoding: 'no-such-encoding' }),
      ],
      quick: 7,
    },
    {
      name: 'arguments the full path reads: unknown, null, strings for booleans, JSON text, wrong types',
      files: { 'a.txt': crlf },
      steps: [
        e({ path: 'a.txt', old_text: 'alpha', new_text: 'A', explanation: 'why' }),
        e({ path: 'a.txt', old_txt: 'A', new_text: 'alpha' }),
        e({ path: 'a.txt', old_text: 'A', new_text: 'alpha', replace_all: null, encoding: null }),
        e({ path: 'a.txt', old_text: 'alpha', new_text: 'A', replace_all: 'true' }),
        e(JSON.stringify({ path: 'a.txt', old_text: 'A', new_text: 'alpha' })),
        e({ path: 'a.txt', old_text: 'alpha', oldText: 'beta', new_text: 'x' }),
        e({ path: '', old_text: 'a', new_text: 'b' }),
        e({ path: 'a.txt', old_text: 3, new_text: 'b' }),
        e({ path: 'a.txt', new_text: 'b' }),
        e({ path: 'a.txt', old_text: 'alpha', new_text: 'b', encoding: ' ' }),
        e({ path: 'a.txt', old_text: 'alpha', new_text: 'b', replace_all: 'yes' }),
        e(Object.assign(Object.create(null), { path: 'a.txt', old_text: 'alpha', new_text: 'A' })),
        e(['a.txt']),
        e({
          path: 'a.txt',
          get old_text(): string {
            throw new Error('boom from a getter')
          },
          new_text: 'x',
        }),
        e(null),
        e('not json'),
      ],
      quick: 0,
    },
    {
      name: 'the stale-read guard',
      files: { 'a.txt': crlf },
      steps: [
        { read: 'a.txt' },
        { outside: ['a.txt', 'alpha\r\nchanged\r\n'] },
        e({ path: 'a.txt', old_text: 'alpha', new_text: 'A' }),
        { read: 'a.txt' },
        e({ path: 'a.txt', old_text: 'alpha', new_text: 'A' }),
      ],
      // The stale call goes to the full path, which shows the lines that changed.
      quick: 1,
    },
    {
      name: 'requireRead: unread, missing, then read',
      files: { 'a.txt': crlf },
      options: { requireRead: true },
      steps: [
        e({ path: 'a.txt', old_text: 'alpha', new_text: 'A' }),
        e({ path: 'new.txt', old_text: '', new_text: 'made\n' }),
        { read: 'a.txt' },
        e({ path: 'a.txt', old_text: 'alpha', new_text: 'A' }),
        e({ path: 'a.txt', old_text: 'A', new_text: 'alpha' }),
      ],
      quick: 2,
    },
    {
      name: "the call's context, and approve",
      files: { 'a.txt': crlf, 'sub/b.txt': 'b\r\n' },
      steps: [
        e({ path: 'a.txt', old_text: 'alpha', new_text: 'A' }, { signal: aborted }),
        e({ path: 'a.txt', old_text: 'alpha', new_text: 'A' }, { signal: new AbortController().signal, toolCallId: '1' }),
        e({ path: 'b.txt', old_text: 'b', new_text: 'B' }, { cwd: 'sub' }),
        e({ path: 'a.txt', old_text: 'A', new_text: 'a' }, { sginal: aborted }),
        e({ path: 'a.txt', old_text: 'A', new_text: 'a' }, { abortSignal: aborted }),
        e({ path: 'a.txt', old_text: 'A', new_text: 'a' }, 'context'),
      ],
      quick: 2,
    },
    {
      name: 'approve',
      files: { 'a.txt': crlf },
      options: { approve: () => true },
      steps: [e({ path: 'a.txt', old_text: 'alpha', new_text: 'A' })],
      quick: 0,
    },
  ]

  /** Runs a case's steps in a folder of its own: each result (the folder's path written as <dir>) and the files after. */
  async function run(c: Case, quick: boolean) {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'eol-quick-'))
    made.push(root)
    for (const [name, text] of Object.entries(c.files)) {
      fs.mkdirSync(path.dirname(path.join(root, name)), { recursive: true })
      fs.writeFileSync(path.join(root, name), text)
    }
    const atOnce = editFile.atOnce
    let taken = 0
    editFile.atOnce = (...args: unknown[]) => {
      const out = atOnce(...args)
      if (out !== undefined) taken++
      return out
    }
    QUICK.on = quick
    try {
      const tools = createTools({ root, ...c.options })
      const results: unknown[] = []
      for (const step of c.steps) {
        if ('read' in step) results.push(await tools.read_file.execute({ path: step.read }))
        else if ('outside' in step) fs.writeFileSync(path.join(root, step.outside[0]), step.outside[1])
        else results.push(await tools.edit_file.execute(step.args as never, step.context as never))
      }
      const files = fs.readdirSync(root, { recursive: true, encoding: 'utf8' }).sort()
      const after = files.map((f) => [f, fs.statSync(path.join(root, f)).isFile() ? fs.readFileSync(path.join(root, f), 'latin1') : ''])
      // Messages name the folder, which differs between the two runs.
      const inRoot = JSON.stringify(results).split(JSON.stringify(root).slice(1, -1)).join('<dir>')
      return { results: JSON.parse(inRoot), after, taken }
    } finally {
      QUICK.on = true
      editFile.atOnce = atOnce
    }
  }

  for (const c of CASES) {
    it(`gives what the full path gives: ${c.name}`, async () => {
      const full = await run(c, false)
      const quick = await run(c, true)
      expect(quick.results).toEqual(full.results)
      expect(quick.after).toEqual(full.after)
      expect(full.taken).toBe(0)
      expect(quick.taken, 'calls the quick path made').toBe(c.quick)
    })
  }

  it('waits behind a call of another tool set that holds the file, as the full path does', async () => {
    const { createReadState } = require('../tools.js') as typeof import('../tools.js')
    const both = async (quick: boolean) => {
      const root = fs.mkdtempSync(path.join(os.tmpdir(), 'eol-quick-'))
      made.push(root)
      fs.writeFileSync(path.join(root, 'a.txt'), crlf)
      const readState = createReadState()
      let approve = (_: boolean) => {}
      const approved = new Promise<boolean>((resolve) => (approve = resolve))
      const asking = createTools({ root, readState, approve: () => approved })
      const other = createTools({ root, readState })
      const atOnce = editFile.atOnce
      let taken = 0
      editFile.atOnce = (...args: unknown[]) => {
        const out = atOnce(...args)
        if (out !== undefined) taken++
        return out
      }
      QUICK.on = quick
      try {
        const first = asking.edit_file.execute({ path: 'a.txt', old_text: 'alpha', new_text: 'ALPHA' })
        await new Promise((resolve) => setTimeout(resolve, 10))
        const second = other.edit_file.execute({ path: 'a.txt', old_text: 'ALPHA', new_text: 'A2' })
        approve(true)
        return { results: [await first, await second], after: fs.readFileSync(path.join(root, 'a.txt'), 'latin1'), taken }
      } finally {
        QUICK.on = true
        editFile.atOnce = atOnce
      }
    }
    const full = await both(false)
    const quick = await both(true)
    expect(quick.results).toEqual(full.results)
    expect(quick.results.map((r) => r.success)).toEqual([true, true])
    expect(quick.after).toBe('A2\r\nbeta\r\ngamma\r\nbeta\r\n')
    expect(quick.taken).toBe(0)
  })

  it('covers warnings, notes and failures among its cases', async () => {
    const all = (await Promise.all(CASES.map((c) => run(c, true)))).flatMap((r) => r.results as ToolResult[])
    expect(all.some((r) => r.success && r.warnings !== undefined && r.warnings.length > 0)).toBe(true)
    expect(all.some((r) => r.success && r.data.includes('\nNote: '))).toBe(true)
    for (const code of ['TEXT_MULTIPLE_MATCHES', 'TEXT_NOT_FOUND', 'NO_CHANGE', 'FILE_NOT_FOUND', 'FILE_CHANGED', 'INVALID_ARGUMENT', 'REJECTED', 'PATH_OUTSIDE_ROOT']) {
      expect(all.some((r) => !r.success && r.error === code), code).toBe(true)
    }
  })
})
