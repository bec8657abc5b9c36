// Option objects are checked: an unknown key in the options of any library function,
// or in an `edits[]` entry, is INVALID_ARGUMENT naming the key, the function and the
// closest known key, before anything is read or written. A mistyped `root` or
// `expectedVersion` must never switch a guard off. Tested through the generated
// loader, Promise and Sync forms alike, against real files.

import * as fs from 'node:fs'
import * as os from 'node:os'
import * as path from 'node:path'

import { afterEach, describe, expect, it } from 'vitest'

import * as eol from '../index.js'
import { declaredOptions, recorder } from './support/declarations.js'

const made: string[] = []

function tmp(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eol-options-'))
  made.push(dir)
  return dir
}

afterEach(() => {
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true })
})

const TEXT = 'alpha\r\nbeta\r\ngamma\r\n'
const PATCH = '*** Begin Patch\n*** Update File: f.txt\n@@\n-beta\n+BETA\n*** End Patch\n'

/** Every file of a folder with its bytes: a refused call leaves all of them, and no other. */
function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {}
  for (const name of fs.readdirSync(dir)) out[name] = fs.readFileSync(path.join(dir, name)).toString('hex')
  return out
}

type Options = Record<string, unknown>

/**
 * One call of each library function that takes options, with `options` as its last
 * argument, on the file `f.txt` of `dir` (or on its text). `name` is the function as
 * a message names it.
 */
function calls(dir: string): Array<{ name: string; run: (options: Options) => unknown }> {
  const f = path.join(dir, 'f.txt')
  const e = eol as unknown as Record<string, (...args: unknown[]) => unknown>
  const forms = (name: string, args: unknown[]) => [
    { name, run: (o: Options) => e[name](...args, o) },
    { name: `${name}Sync`, run: (o: Options) => e[`${name}Sync`](...args, o) },
  ]
  return [
    ...forms('readFile', [f]),
    ...forms('editFile', [f, 'beta', 'BETA']),
    ...forms('multiEdit', [f, [{ oldText: 'beta', newText: 'BETA' }]]),
    ...forms('deleteRange', [f, 'alpha', 'gamma']),
    ...forms('writeFile', [f, 'new\n']),
    ...forms('convertEol', [f, 'lf']),
    ...forms('convertEncoding', [f, 'utf-16le']),
    ...forms('applyPatch', [PATCH]),
    ...forms('readFileBytes', [f]),
    ...forms('restoreFile', [f, Buffer.from('new\n')]),
    ...forms('prepareEdit', [f, 'beta', 'BETA']),
    ...forms('prepareMultiEdit', [f, [{ oldText: 'beta', newText: 'BETA' }]]),
    ...forms('prepareDeleteRange', [f, 'alpha', 'gamma']),
    ...forms('prepareWrite', [f, 'new\n']),
    ...forms('preparePatch', [PATCH]),
    ...forms('insertLines', [f, 1, 'new']),
    ...forms('prepareInsertLines', [f, 1, 'new']),
    { name: 'applyEdits', run: (o) => eol.applyEdits(TEXT, [{ oldText: 'beta', newText: 'BETA' }], o) },
    { name: 'applyDeleteRange', run: (o) => eol.applyDeleteRange(TEXT, 'alpha', 'gamma', o) },
    { name: 'applyPatchInMemory', run: (o) => eol.applyPatchInMemory(PATCH, () => null, o) },
    { name: 'lineChanges', run: (o) => eol.lineChanges('a\n', 'b\n', o) },
    { name: 'pathInfo', run: (o) => eol.pathInfo(f, o as { resolve?: boolean }) },
    { name: 'folderEntries', run: (o) => eol.folderEntries(dir, 'd', 1, o) },
  ]
}

/** The error a call throws or rejects with (undefined when it succeeds). */
async function failure(run: () => unknown): Promise<eol.EolEditError | undefined> {
  try {
    await run()
    return undefined
  } catch (error) {
    return error as eol.EolEditError
  }
}

/** A mistyped key for each function, and the key it meant. */
const TYPOS: Record<string, [string, string]> = {
  readFile: ['ofset', 'offset'],
  editFile: ['rooot', 'root'],
  multiEdit: ['dry_run', 'dryRun'],
  deleteRange: ['inclusve', 'inclusive'],
  writeFile: ['EOL', 'eol'],
  convertEol: ['durabel', 'durable'],
  convertEncoding: ['boom', 'bom'],
  applyPatch: ['expectedVersion', 'expectedVersions'],
  applyPatchInMemory: ['expectedVersion', 'expectedVersions'],
  readFileBytes: ['maxbytes', 'maxBytes'],
  restoreFile: ['expectedversion', 'expectedVersion'],
  applyEdits: ['pathh', 'path'],
  applyDeleteRange: ['inclusiv', 'inclusive'],
  prepareEdit: ['replace_all', 'replaceAll'],
  prepareMultiEdit: ['gaurds', 'guards'],
  prepareDeleteRange: ['inclusive_', 'inclusive'],
  prepareWrite: ['eoll', 'eol'],
  preparePatch: ['expected_versions', 'expectedVersions'],
  insertLines: ['dryrun', 'dryRun'],
  prepareInsertLines: ['guard', 'guards'],
  lineChanges: ['maxlines', 'maxLines'],
  pathInfo: ['reslove', 'resolve'],
  folderEntries: ['rooot', 'root'],
}

describe('an unknown option key', () => {
  it('is INVALID_ARGUMENT naming the key, the function and the closest known key, and the folder is byte-identical', async () => {
    const dir = tmp()
    fs.writeFileSync(path.join(dir, 'f.txt'), TEXT)
    const before = snapshot(dir)
    for (const call of calls(dir)) {
      const [typo, meant] = TYPOS[call.name.replace(/Sync$/, '')]
      const options: Options = { [typo]: typo === 'expectedVersion' ? 'v' : true }
      if (!['applyEdits', 'applyDeleteRange', 'lineChanges', 'pathInfo'].some((pure) => call.name.startsWith(pure))) options.cwd = dir
      const error = await failure(() => call.run(options))
      expect(error, call.name).toBeInstanceOf(eol.EolEditError)
      expect(error!.code, `${call.name}: ${error!.message}`).toBe('INVALID_ARGUMENT')
      expect(error!.message).toContain(`${call.name} has no option '${typo}' (did you mean '${meant}'?)`)
      expect(error!.message).toContain('Nothing was read or written.')
      expect(error!.argument).toBe(typo)
      expect(snapshot(dir), call.name).toEqual(before)
    }
  })

  it('is refused before the file is looked at: a missing file is not FILE_NOT_FOUND', async () => {
    const dir = tmp()
    for (const call of calls(dir)) {
      if (call.name.startsWith('apply')) continue // no file, or (applyPatch) names it in the patch
      const error = await failure(() => call.run({ nope: 1 }))
      expect(error?.code, call.name).toBe('INVALID_ARGUMENT')
    }
    expect(fs.readdirSync(dir)).toEqual([])
  })

  it('is refused when its value is undefined: { rooot: undefined } is still a typo', async () => {
    const dir = tmp()
    fs.writeFileSync(path.join(dir, 'f.txt'), TEXT)
    for (const call of calls(dir)) {
      const error = await failure(() => call.run({ rooot: undefined }))
      expect(error?.code, call.name).toBe('INVALID_ARGUMENT')
      expect(error!.message).toContain(`'rooot'`)
    }
    expect(fs.readFileSync(path.join(dir, 'f.txt'), 'utf8')).toBe(TEXT)
  })

  it('lists every unknown key of one object, each with its closest key', () => {
    const dir = tmp()
    const f = path.join(dir, 'f.txt')
    fs.writeFileSync(f, TEXT)
    const error = (() => {
      try {
        eol.editFileSync(f, 'beta', 'BETA', { rooot: dir, dryrun: true, zzz: 1 } as never)
      } catch (e) {
        return e as eol.EolEditError
      }
    })()
    expect(error?.message).toMatch(
      /^editFileSync has no options 'rooot' \(did you mean 'root'\?\), 'dryrun' \(did you mean 'dryRun'\?\) and 'zzz'; its options are .*replaceAll, guards and tiers\. Nothing was read or written\.$/,
    )
    expect(fs.readFileSync(f, 'utf8')).toBe(TEXT)
  })
})

describe('the three guards of the issue', () => {
  it('editFile with { rooot } does not edit a file outside the root', async () => {
    const root = tmp()
    const outside = tmp()
    const f = path.join(outside, 'f.txt')
    fs.writeFileSync(f, TEXT)
    for (const run of [
      () => eol.editFile(f, 'beta', 'BETA', { rooot: root } as never),
      () => eol.editFileSync(f, 'beta', 'BETA', { rooot: root } as never),
    ]) {
      expect((await failure(run))?.code).toBe('INVALID_ARGUMENT')
    }
    expect(fs.readFileSync(f, 'utf8')).toBe(TEXT)
    // Spelt right, the same call is refused by the root it names.
    expect((await failure(() => eol.editFile(f, 'beta', 'BETA', { root })))?.code).toBe('PATH_OUTSIDE_ROOT')
  })

  it('editFile with { expectedVerison } does not write over a file that changed', async () => {
    const dir = tmp()
    const f = path.join(dir, 'f.txt')
    fs.writeFileSync(f, TEXT)
    const { version } = eol.readFileSync(f)
    fs.writeFileSync(f, 'alpha\r\nbeta\r\ngamma\r\nchanged\r\n')
    for (const run of [
      () => eol.editFile(f, 'beta', 'BETA', { expectedVerison: version } as never),
      () => eol.editFileSync(f, 'beta', 'BETA', { expectedVerison: version } as never),
    ]) {
      const error = await failure(run)
      expect(error?.code).toBe('INVALID_ARGUMENT')
      expect(error?.message).toContain("(did you mean 'expectedVersion'?)")
    }
    expect(fs.readFileSync(f, 'utf8')).toBe('alpha\r\nbeta\r\ngamma\r\nchanged\r\n')
    expect((await failure(() => eol.editFile(f, 'beta', 'BETA', { expectedVersion: version })))?.code).toBe('FILE_CHANGED')
  })

  it("applyPatch with the edit's { expectedVersion } does not patch a file that changed", async () => {
    const dir = tmp()
    const f = path.join(dir, 'f.txt')
    fs.writeFileSync(f, TEXT)
    const { version } = eol.readFileSync(f)
    fs.writeFileSync(f, 'alpha\r\nbeta\r\ngamma\r\nchanged\r\n')
    for (const run of [
      () => eol.applyPatch(PATCH, { cwd: dir, expectedVersion: version } as never),
      () => eol.applyPatchSync(PATCH, { cwd: dir, expectedVersion: version } as never),
    ]) {
      const error = await failure(run)
      expect(error?.code).toBe('INVALID_ARGUMENT')
      expect(error?.message).toContain("'expectedVersion' (did you mean 'expectedVersions'?)")
    }
    expect(fs.readFileSync(f, 'utf8')).toBe('alpha\r\nbeta\r\ngamma\r\nchanged\r\n')
    const right = await failure(() => eol.applyPatch(PATCH, { cwd: dir, expectedVersions: { 'f.txt': version } }))
    expect(right?.code).toBe('FILE_CHANGED')
  })
})

describe('known keys', () => {
  it('still work, every one of them, in both forms', async () => {
    const dir = tmp()
    const f = path.join(dir, 'f.txt')
    const base = { root: dir, cwd: dir, maxBytes: 0, encoding: 'utf-8' }
    const fresh = () => {
      fs.writeFileSync(f, TEXT)
      return eol.readFileSync('f.txt', { offset: 1, limit: 2, ...base }).version
    }
    for (const sync of [false, true]) {
      const e = eol as unknown as Record<string, (...args: unknown[]) => unknown>
      const call = async (name: string, ...args: unknown[]) => (await e[sync ? `${name}Sync` : name](...args)) as eol.EditResult
      const edit = () => ({ expectedVersion: fresh(), dryRun: false, durable: true, ...base })
      fresh()
      expect((await call('readFile', 'f.txt', { offset: 2, limit: 1, ...base }) as unknown as eol.ReadResult).content).toBe('beta\n')
      expect((await call('editFile', 'f.txt', 'a', 'A', { ...edit(), replaceAll: true })).replacements).toBe(5)
      expect((await call('multiEdit', 'f.txt', [{ oldText: 'a', newText: 'A', replaceAll: true }], edit())).replacements).toBe(5)
      await call('deleteRange', 'f.txt', 1, 3, { ...edit(), inclusive: false })
      expect(fs.readFileSync(f, 'utf8')).toBe('alpha\r\ngamma\r\n')
      await call('writeFile', 'f.txt', 'x\n', { ...edit(), eol: 'crlf' })
      expect(fs.readFileSync(f, 'utf8')).toBe('x\r\n')
      await call('convertEol', 'f.txt', 'lf', edit())
      expect(fs.readFileSync(f, 'utf8')).toBe('alpha\nbeta\ngamma\n')
      await call('convertEncoding', 'f.txt', 'utf-8', { ...edit(), bom: true })
      expect(fs.readFileSync(f, 'utf8')).toBe('\ufeff' + TEXT)
      const version = fresh()
      const patched = await call('applyPatch', PATCH, {
        ...base,
        dryRun: false,
        durable: true,
        expectedVersions: { 'f.txt': version },
      })
      expect((patched as unknown as eol.PatchResult).files[0].action).toBe('update')
      expect(fs.readFileSync(f, 'utf8')).toBe('alpha\r\nBETA\r\ngamma\r\n')
    }
    expect(eol.applyEdits(TEXT, [{ oldText: 'beta', newText: 'B', replaceAll: false }], { path: 'x.txt' }).diff).toContain('a/x.txt')
    expect(eol.applyDeleteRange(TEXT, 1, 2, { inclusive: true, path: 'x.txt' }).content).toBe('gamma\r\n')
  })

  it('given as undefined or null read as not given', async () => {
    const dir = tmp()
    const f = path.join(dir, 'f.txt')
    fs.writeFileSync(f, TEXT)
    const r = eol.editFileSync(f, 'beta', 'BETA', { root: undefined, expectedVersion: undefined, dryRun: null } as never)
    expect(r.changed).toBe(true)
    expect(fs.readFileSync(f, 'utf8')).toBe('alpha\r\nBETA\r\ngamma\r\n')
  })

  it('are the only keys looked at: symbol keys, inherited keys and hidden keys are not options', () => {
    const dir = tmp()
    const f = path.join(dir, 'f.txt')
    fs.writeFileSync(f, TEXT)
    const options = Object.create({ inherited: true, rooot: dir })
    options[Symbol('rooot')] = dir
    Object.defineProperty(options, 'hidden', { value: 1, enumerable: false })
    options.dryRun = true
    expect(eol.editFileSync(f, 'beta', 'BETA', options).changed).toBe(true)
    expect(fs.readFileSync(f, 'utf8')).toBe(TEXT) // the dryRun it was given
  })

  it('expectedVersions takes any path as a key: one with a NUL is INVALID_ARGUMENT, not an internal error', () => {
    const dir = tmp()
    fs.writeFileSync(path.join(dir, 'f.txt'), TEXT)
    const error = (() => {
      try {
        eol.applyPatchSync(PATCH, { cwd: dir, expectedVersions: { 'f\0.txt': 'x' } })
      } catch (e) {
        return e as eol.EolEditError
      }
    })()
    expect(error?.code).toBe('INVALID_ARGUMENT')
    expect(fs.readFileSync(path.join(dir, 'f.txt'), 'utf8')).toBe(TEXT)
  })

  it('a getter that throws is INVALID_ARGUMENT, and a Promise function rejects', async () => {
    const options = {
      get root(): string {
        throw new Error('boom')
      },
    }
    const error = await failure(() => eol.readFile('x.txt', options))
    expect(error?.code).toBe('INVALID_ARGUMENT')
    expect(error?.argument).toBe('root')
  })
})

describe('edits[] entries', () => {
  it('an unknown key such as replace_all is INVALID_ARGUMENT with its editIndex and the key it meant', async () => {
    const dir = tmp()
    const f = path.join(dir, 'f.txt')
    fs.writeFileSync(f, TEXT)
    const edits = [
      { oldText: 'alpha', newText: 'A' },
      { oldText: 'beta', newText: 'B', replace_all: true },
    ]
    for (const [name, run] of [
      ['multiEdit', () => eol.multiEdit(f, edits as never)],
      ['multiEditSync', () => eol.multiEditSync(f, edits as never)],
      ['applyEdits', () => eol.applyEdits(TEXT, edits as never)],
    ] as const) {
      const error = await failure(run)
      expect(error?.code, name).toBe('INVALID_ARGUMENT')
      expect(error?.editIndex).toBe(1)
      expect(error?.argument).toBe('replace_all')
      expect(error?.message).toBe(
        `edits[1] of ${name} has no key 'replace_all' (did you mean 'replaceAll'?); its keys are oldText, newText and replaceAll. Nothing was read or written.`,
      )
    }
    expect(fs.readFileSync(f, 'utf8')).toBe(TEXT)
  })

  it('a missing oldText names it', () => {
    const error = (() => {
      try {
        eol.applyEdits(TEXT, [{ newText: 'x' }] as never)
      } catch (e) {
        return e as eol.EolEditError
      }
    })()
    expect(error?.code).toBe('INVALID_ARGUMENT')
    expect(error?.message).toMatch(/^edits\[0\]\.oldText is missing/)
    expect(error?.argument).toBe('oldText')
    expect(error?.editIndex).toBe(0)
  })
})

// ---------------------------------------------------------------------------
// The declarations and the reader cannot drift apart.

describe('index.d.ts', () => {
  it('declares exactly the option keys each function reads, and an Edit exactly the keys an entry is read for', async () => {
    const declared = declaredOptions()
    const dir = tmp()
    fs.writeFileSync(path.join(dir, 'f.txt'), TEXT)
    const seen: Record<string, string[]> = {}
    for (const call of calls(dir)) {
      const { proxy, read } = recorder()
      await failure(() => call.run(proxy as Options))
      seen[call.name] = [...read].sort()
    }
    const entry = recorder({ oldText: 'zzz', newText: 'y' })
    await failure(() => eol.applyEdits(TEXT, [entry.proxy as eol.Edit]))
    seen['edits[]'] = [...entry.read].sort()
    expect(Object.keys(seen).sort()).toEqual(Object.keys(declared).sort())
    for (const name of Object.keys(seen)) expect(seen[name], name).toEqual(declared[name])
    // PatchOptions declares the encoding applyPatch reads.
    expect(declared.applyPatch).toContain('encoding')
  })

  it('declares the patch the patch functions take: a string or a Buffer of its UTF-8 bytes, and nothing else', () => {
    const dts = fs.readFileSync(path.join(__dirname, '..', 'index.d.ts'), 'utf8')
    for (const name of ['applyPatch', 'applyPatchSync', 'preparePatch', 'preparePatchSync', 'applyPatchInMemory', 'parsePatch']) {
      expect(dts, name).toMatch(new RegExp(`function ${name}\\(patch: string \\| Buffer[,)]`))
    }
    const dir = tmp()
    fs.writeFileSync(path.join(dir, 'f.txt'), TEXT)
    expect(eol.parsePatch(Buffer.from(PATCH)).files.map((f) => f.path)).toEqual(['f.txt'])
    eol.applyPatchSync(Buffer.from(PATCH), { cwd: dir })
    expect(fs.readFileSync(path.join(dir, 'f.txt'), 'latin1')).toBe('alpha\r\nBETA\r\ngamma\r\n')
    const calls: Array<[string, (p: unknown) => unknown]> = [
      ['parsePatch', (p) => eol.parsePatch(p as string)],
      ['applyPatchSync', (p) => eol.applyPatchSync(p as string, { cwd: dir })],
      ['preparePatchSync', (p) => eol.preparePatchSync(p as string, { cwd: dir })],
      ['applyPatchInMemory', (p) => eol.applyPatchInMemory(p as string, () => null)],
    ]
    for (const [name, call] of calls) {
      for (const wrong of [5, null, ['x']]) {
        let error: unknown
        try {
          call(wrong)
        } catch (e) {
          error = e
        }
        expect(error, name).toMatchObject({ code: 'INVALID_ARGUMENT', argument: 'patch' })
        expect((error as Error).message, name).toMatch(/^patch must be a string or a Buffer, but it is /)
      }
    }
    expect(fs.readFileSync(path.join(dir, 'f.txt'), 'latin1')).toBe('alpha\r\nBETA\r\ngamma\r\n')
  })

  it('declares the content writeFile takes: a string or a Buffer of its UTF-8 bytes, and nothing else', () => {
    const dts = fs.readFileSync(path.join(__dirname, '..', 'index.d.ts'), 'utf8')
    for (const name of ['writeFile', 'writeFileSync', 'prepareWrite', 'prepareWriteSync']) {
      expect(dts, name).toMatch(new RegExp(`function ${name}\\(path: string, content: string \\| Buffer,`))
    }
    const dir = tmp()
    const file = path.join(dir, 'f.txt')
    fs.writeFileSync(file, TEXT)
    // The bytes are text, kept line by line as a string's would be: CRLF stays.
    eol.writeFileSync(file, Buffer.from('alpha\nBETA\ngamma\n'))
    expect(fs.readFileSync(file, 'latin1')).toBe('alpha\r\nBETA\r\ngamma\r\n')
    for (const wrong of [5, null, [1], { text: 'x' }]) {
      let error: unknown
      try {
        eol.writeFileSync(file, wrong as unknown as string)
      } catch (e) {
        error = e
      }
      expect(error).toMatchObject({ code: 'INVALID_ARGUMENT', argument: 'content' })
      expect((error as Error).message).toMatch(/^content must be a string or a Buffer, but it is /)
    }
    expect(fs.readFileSync(file, 'latin1')).toBe('alpha\r\nBETA\r\ngamma\r\n')
  })
})

// ---------------------------------------------------------------------------
// The argument an error is about, for front-ends with their own names.

describe('ANCHOR_NOT_FOUND', () => {
  it('quotes the closest line as readFile shows it, says what differs, and names the anchor as an argument', async () => {
    const dir = tmp()
    const f = path.join(dir, 'f.cs')
    const text = 'class A\r\n{\r\n    void Say() { Log(\u201chi\u201d); }\r\n    void Run() {}\r\n}\r\n'
    fs.writeFileSync(f, text)
    for (const run of [
      () => eol.deleteRange(f, 'void Say() { Log("hi"); }', '}'),
      () => eol.deleteRangeSync(f, 'void Say() { Log("hi"); }', '}'),
      () => eol.applyDeleteRange(text, 'void Say() { Log("hi"); }', '}'),
    ]) {
      const error = await failure(run)
      expect(error?.code).toBe('ANCHOR_NOT_FOUND')
      expect(error?.argument).toBe('startAnchor')
      expect(error?.lines).toEqual([3])
      expect(error?.message).toContain('The start anchor `void Say() { Log("hi"); }` is not a line of the file.')
      expect(error?.message).toContain('as read_file shows it:\n3\u2502    void Say() { Log(\u201chi\u201d); }\n')
      expect(error?.message).toContain("the file has '\u201c' (U+201C) where the anchor has '\"'")
      expect(error?.message).not.toMatch(/startAnchor|endAnchor/)
      expect(error?.message).not.toContain('indents') // an anchor matches whatever its indentation
    }
    const end = await failure(() => eol.deleteRange(f, 'class A', 'void Walk() {}'))
    expect([end?.code, end?.argument, end?.lines]).toEqual(['ANCHOR_NOT_FOUND', 'endAnchor', [4]])
    expect(fs.readFileSync(f, 'utf8')).toBe(text)
  })

  it('a wrong argument type names its argument too', async () => {
    const wrong = await failure(() => eol.editFile(1 as never, 'a', 'b'))
    expect([wrong?.code, wrong?.argument]).toEqual(['INVALID_ARGUMENT', 'path'])
    const root = await failure(() => eol.readFile('x', { root: 5 as never }))
    expect([root?.code, root?.argument]).toEqual(['INVALID_ARGUMENT', 'root'])
    const anchor = await failure(() => eol.applyDeleteRange('a\n', {} as never, 1))
    expect([anchor?.code, anchor?.argument]).toEqual(['INVALID_ARGUMENT', 'startAnchor'])
  })

  it('EolEditError takes argument like the other details', () => {
    const e = new eol.EolEditError('m', { code: 'ANCHOR_NOT_FOUND', argument: 'startAnchor' })
    expect(e.argument).toBe('startAnchor')
  })
})
// ---------------------------------------------------------------------------
// What users get names no document they do not have.

describe('the shipped package', () => {
  it('mentions no internal document: no "SPEC section", no "seed 000"', () => {
    const root = path.resolve(__dirname, '..')
    const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { files: string[] }
    // docs/ is not in the package, but the README links to it: users read it too.
    const docs = fs.readdirSync(path.join(root, 'docs')).filter((f) => f.endsWith('.md'))
    const files: string[] = ['README.md', 'package.json', ...docs.map((f) => path.join('docs', f))]
    const walk = (rel: string) => {
      const full = path.join(root, rel)
      if (fs.statSync(full).isDirectory()) for (const name of fs.readdirSync(full)) walk(path.join(rel, name))
      else files.push(rel)
    }
    for (const entry of pkg.files) walk(entry.replace(/\/$/, ''))
    expect(files).toContain('index.d.ts')
    expect(files).toContain(path.join('lib', 'demo.js'))
    const hits = files.flatMap((rel) =>
      fs
        .readFileSync(path.join(root, rel), 'utf8')
        .split('\n')
        .map((line, i) => `${rel}:${i + 1}: ${line.trim()}`)
        .filter((line) => /\bSPEC\b|\b[Ss]eeds?\s+\d{3}\b|\bseeds\//.test(line)),
    )
    expect(hits).toEqual([])
  })
})
