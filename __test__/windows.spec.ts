// Windows path forms and confinement: every form either reaches the same real file
// or is refused, never an escape. Runs on Windows (and the Windows build under wine,
// where each test that needs what wine lacks says so and skips).
import { spawnSync } from 'node:child_process'
import * as fs from 'node:fs'
import * as os from 'node:os'
import * as path from 'node:path'

import { afterAll, describe, expect, it } from 'vitest'

import * as eol from '../index.js'
import { createReadState, createTools } from '../tools.js'
import { can, isWindows, skipUnless, underWine } from './support/platform'

const made: string[] = []
afterAll(() => {
  for (const dir of made) fs.rmSync(dir, { recursive: true, force: true })
})

function tmp(): string {
  const dir = fs.realpathSync.native(fs.mkdtempSync(path.join(os.tmpdir(), 'eol-win-')))
  made.push(dir)
  return dir
}

function write(file: string, content: string): string {
  fs.mkdirSync(path.dirname(file), { recursive: true })
  fs.writeFileSync(file, content)
  return file
}

function code(fn: () => unknown): string | undefined {
  try {
    fn()
    return undefined
  } catch (e) {
    return (e as { code?: string }).code
  }
}

/** A layout with a root, a file in it, and a secret beside it. */
function layout() {
  const dir = tmp()
  const root = path.join(dir, 'root')
  const file = write(path.join(root, 'Sub Dir', 'a.txt'), 'one\r\ntwo\r\n')
  const secret = write(path.join(dir, 'secret.txt'), 'secret\r\n')
  return { dir, root, file, secret }
}

const notWindows = isWindows ? null : 'Windows path forms exist only on Windows'

describe('Windows path forms', () => {
  it('refuses alternate data streams, and creates none', (ctx) => {
    skipUnless(ctx, notWindows)
    const { root, file } = layout()
    for (const p of [`${file}:s`, `${file}::$DATA`, `${file}:s:$DATA`]) {
      expect(code(() => eol.readFileSync(p)), p).toBe('INVALID_ARGUMENT')
      expect(code(() => eol.writeFileSync(p, 'x\n')), p).toBe('INVALID_ARGUMENT')
      expect(code(() => eol.editFileSync(p, 'one', '1', { root })), p).toBe('INVALID_ARGUMENT')
    }
    expect(fs.readFileSync(file, 'latin1')).toBe('one\r\ntwo\r\n')
  })

  it('refuses device names, with or without an extension, and device paths', (ctx) => {
    skipUnless(ctx, notWindows)
    const { root } = layout()
    for (const name of ['CON', 'nul', 'Aux.txt', 'COM1', 'lpt9.log', 'CONOUT$', 'PRN ']) {
      const p = path.join(root, name)
      expect(code(() => eol.readFileSync(p)), p).toBe('INVALID_ARGUMENT')
      expect(code(() => eol.writeFileSync(p, 'x\n', { root })), p).toBe('INVALID_ARGUMENT')
    }
    for (const p of ['\\\\.\\C:', '\\\\.\\pipe\\eol-edit-test', '\\\\?\\GLOBALROOT\\Device\\Null', '\\??\\C:\\x.txt']) {
      expect(code(() => eol.readFileSync(p)), p).toBe('INVALID_ARGUMENT')
    }
  })

  it('refuses names ending in a dot or a space (Windows would drop them and reach another file)', (ctx) => {
    skipUnless(ctx, notWindows)
    const { file } = layout()
    for (const p of [`${file}.`, `${file} `, `${file}. .`]) {
      expect(code(() => eol.editFileSync(p, 'one', '1')), p).toBe('INVALID_ARGUMENT')
      expect(code(() => eol.writeFileSync(p, 'x\n')), p).toBe('INVALID_ARGUMENT')
    }
    expect(fs.readFileSync(file, 'latin1')).toBe('one\r\ntwo\r\n')
    expect(fs.readdirSync(path.dirname(file))).toEqual(['a.txt'])
  })

  it('takes a drive-relative path (C:a.txt) against the cwd on its drive, and refuses another drive', (ctx) => {
    skipUnless(ctx, notWindows)
    const { root, file } = layout()
    const drive = path.parse(root).root.slice(0, 2) // "C:"
    const cwd = path.dirname(file)
    expect(eol.readFileSync(`${drive}a.txt`, { cwd }).content).toBe('one\ntwo\n')
    const other = drive.toUpperCase() === 'C:' ? 'D:' : 'C:'
    expect(code(() => eol.readFileSync(`${other}a.txt`, { cwd }))).toBe('INVALID_ARGUMENT')
  })

  it('refuses another drive, and a root-relative path stays on the cwd drive', (ctx) => {
    skipUnless(ctx, notWindows)
    const { root, file } = layout()
    const drive = path.parse(root).root.slice(0, 2)
    const other = drive.toUpperCase() === 'C:' ? 'Z:' : 'C:'
    expect(code(() => eol.readFileSync(`${other}\\windows\\win.ini`, { root }))).toBe('PATH_OUTSIDE_ROOT')
    // \Sub Dir\a.txt from a cwd on the root's drive: the drive's root, outside the root.
    expect(code(() => eol.readFileSync(path.sep + path.relative(path.parse(root).root, file), { root, cwd: root }))).toBe(
      undefined,
    )
  })

  it('reaches the same file through \\\\?\\ paths, and still refuses outside the root', (ctx) => {
    skipUnless(ctx, notWindows)
    const { root, file, secret } = layout()
    const verbatim = `\\\\?\\${file}`
    expect(eol.readFileSync(verbatim, { root }).content).toBe('one\ntwo\n')
    eol.editFileSync(verbatim, 'two', '2', { root: `\\\\?\\${root}` })
    expect(fs.readFileSync(file, 'latin1')).toBe('one\r\n2\r\n')
    expect(code(() => eol.readFileSync(`\\\\?\\${secret}`, { root }))).toBe('PATH_OUTSIDE_ROOT')
  })

  it('compares roots and paths case-insensitively, and edits the one file whatever the case', (ctx) => {
    skipUnless(ctx, notWindows)
    const { root, file } = layout()
    const upper = path.join(root.toUpperCase(), 'SUB DIR', 'A.TXT')
    expect(eol.readFileSync(upper, { root: root.toLowerCase() }).content).toBe('one\ntwo\n')
    eol.editFileSync(upper, 'one', '1', { root })
    expect(fs.readFileSync(file, 'latin1')).toBe('1\r\ntwo\r\n')
    // The file keeps its name and case.
    expect(fs.readdirSync(path.dirname(file))).toEqual(['a.txt'])
  })

  it('reaches the same file through an 8.3 short name', (ctx) => {
    skipUnless(ctx, notWindows)
    const { root, file } = layout()
    const short = shortName(file)
    skipUnless(ctx, short && short !== file ? null : 'no 8.3 short name for this path (none made on this volume, or neither cmd nor winepath tells it)')
    expect(eol.readFileSync(short!, { root }).content).toBe('one\ntwo\n')
    eol.editFileSync(short!, 'two', '2', { root })
    expect(fs.readFileSync(file, 'latin1')).toBe('one\r\n2\r\n')
  })

  it('follows a junction that stays inside the root, refuses one that leads out', (ctx) => {
    skipUnless(ctx, notWindows, junctionsWork() ? null : underWine ? 'wine cannot make junctions' : 'junctions cannot be made here')
    const { root, dir, file } = layout()
    fs.symlinkSync(path.dirname(file), path.join(root, 'inside-j'), 'junction')
    fs.symlinkSync(dir, path.join(root, 'outside-j'), 'junction')
    expect(eol.readFileSync(path.join(root, 'inside-j', 'a.txt'), { root }).content).toBe('one\ntwo\n')
    expect(code(() => eol.readFileSync(path.join(root, 'outside-j', 'secret.txt'), { root }))).toBe('PATH_OUTSIDE_ROOT')
    expect(code(() => eol.writeFileSync(path.join(root, 'outside-j', 'new.txt'), 'x\n', { root }))).toBe('PATH_OUTSIDE_ROOT')
    expect(fs.existsSync(path.join(dir, 'new.txt'))).toBe(false)
  })

  it('follows a symbolic link that stays inside the root, refuses one that leads out', (ctx) => {
    skipUnless(ctx, notWindows, can.symlink)
    const { root, file, secret } = layout()
    fs.symlinkSync(file, path.join(root, 'in.txt'), 'file')
    fs.symlinkSync(secret, path.join(root, 'out.txt'), 'file')
    eol.editFileSync(path.join(root, 'in.txt'), 'two', '2', { root })
    expect(fs.readFileSync(file, 'latin1')).toBe('one\r\n2\r\n')
    expect(fs.lstatSync(path.join(root, 'in.txt')).isSymbolicLink()).toBe(true)
    expect(code(() => eol.editFileSync(path.join(root, 'out.txt'), 'secret', 'x', { root }))).toBe('PATH_OUTSIDE_ROOT')
    expect(fs.readFileSync(secret, 'latin1')).toBe('secret\r\n')
  })

  it('a read-only file is PERMISSION_DENIED, untouched and still read-only', (ctx) => {
    skipUnless(ctx, notWindows)
    const { file } = layout()
    fs.chmodSync(file, 0o444)
    expect(code(() => eol.editFileSync(file, 'two', '2'))).toBe('PERMISSION_DENIED')
    expect(code(() => eol.writeFileSync(file, 'x\n'))).toBe('PERMISSION_DENIED')
    expect(fs.readFileSync(file, 'latin1')).toBe('one\r\ntwo\r\n')
    expect(fs.statSync(file).mode & 0o200).toBe(0)
    fs.chmodSync(file, 0o666)
  })
})

/** `c:/…/B.TXT`: the drive in lower case, `/` for `\\`, the name in upper case. */
function respelled(file: string): string {
  const dir = path.dirname(file).replace(/^([A-Za-z]):/, (_, d: string) => `${d.toLowerCase()}:`)
  return `${dir.replace(/\\/g, '/')}/${path.basename(file).toUpperCase()}`
}
/** `C:\…\b.txt`: the drive in upper case, `\\`, the name in lower case. */
function backslashed(file: string): string {
  const dir = path.dirname(file).replace(/^([A-Za-z]):/, (_, d: string) => `${d.toUpperCase()}:`)
  return path.win32.join(dir, path.basename(file).toLowerCase())
}

describe('one file under every spelling: the read state and the locks', () => {
  it('a read through c:/…/B.TXT lets an edit through C:\\…\\b.txt pass requireRead; an unread file is still refused', async (ctx) => {
    skipUnless(ctx, notWindows)
    const dir = tmp()
    const file = write(path.join(dir, 'b.txt'), 'one\r\ntwo\r\n')
    const other = write(path.join(dir, 'c.txt'), 'one\r\n')
    const tools = createTools({ root: dir, requireRead: true })
    const read = await tools.read_file.execute({ path: respelled(file) })
    expect(read.success, JSON.stringify(read.data)).toBe(true)
    const edit = await tools.edit_file.execute({ path: backslashed(file), old_text: 'two', new_text: '2' })
    expect(edit.success, JSON.stringify(edit.data)).toBe(true)
    expect(fs.readFileSync(file, 'latin1')).toBe('one\r\n2\r\n')
    // The write is recorded for the file, not the spelling: the next edit through the
    // first spelling is no outside change.
    const again = await tools.edit_file.execute({ path: respelled(file), old_text: 'one', new_text: '1' })
    expect(again.success, JSON.stringify(again.data)).toBe(true)
    expect(fs.readFileSync(file, 'latin1')).toBe('1\r\n2\r\n')
    // requireRead is on: a file read under no spelling is refused.
    const unread = await tools.edit_file.execute({ path: backslashed(other), old_text: 'one', new_text: '1' })
    expect(unread.success).toBe(false)
    expect(fs.readFileSync(other, 'latin1')).toBe('one\r\n')
    expect(fs.readdirSync(dir).sort()).toEqual(['b.txt', 'c.txt'])
  })

  it('edits through two spellings at once take turns: both land', async (ctx) => {
    skipUnless(ctx, notWindows)
    const dir = tmp()
    // Past the size the tools edit on the calling thread: the edits run on the thread
    // pool, side by side but for the locks.
    const filler = 'x'.repeat(100) + '\r\n'
    const body = `first\r\n${filler.repeat(12_000)}last\r\n`
    const file = write(path.join(dir, 'big.txt'), body)
    const readState = createReadState()
    const a = createTools({ root: dir, readState, requireRead: true })
    const b = createTools({ root: dir, readState, requireRead: true })
    expect((await a.read_file.execute({ path: respelled(file), limit: 1 })).success).toBe(true)
    const results = await Promise.all([
      a.edit_file.execute({ path: respelled(file), old_text: 'first', new_text: 'FIRST' }),
      b.edit_file.execute({ path: backslashed(file), old_text: 'last', new_text: 'LAST' }),
    ])
    for (const r of results) expect(r.success, JSON.stringify(r.data)).toBe(true)
    const after = fs.readFileSync(file, 'latin1')
    expect(after.startsWith('FIRST\r\n') && after.endsWith('LAST\r\n')).toBe(true)
    // And the library alone, without the tools' queue: the core's lock.
    await Promise.all([
      eol.editFile(respelled(file), 'FIRST', 'first'),
      eol.editFile(backslashed(file), 'LAST', 'last'),
    ])
    expect(fs.readFileSync(file, 'latin1')).toBe(body)
  })

  it('a read through an 8.3 short name counts for the long name', async (ctx) => {
    skipUnless(ctx, notWindows)
    const dir = tmp()
    const file = write(path.join(dir, 'A Long Folder Name', 'a long file name.txt'), 'one\r\ntwo\r\n')
    const short = shortName(file)
    skipUnless(ctx, short && short.toLowerCase() !== file.toLowerCase() ? null : 'no 8.3 short name for this path (none made on this volume, or neither cmd nor winepath tells it)')
    const tools = createTools({ root: dir, requireRead: true })
    const read = await tools.read_file.execute({ path: short! })
    expect(read.success, JSON.stringify(read.data)).toBe(true)
    const edit = await tools.edit_file.execute({ path: file, old_text: 'two', new_text: '2' })
    expect(edit.success, JSON.stringify(edit.data)).toBe(true)
    expect(fs.readFileSync(file, 'latin1')).toBe('one\r\n2\r\n')
  })
})

describe('one file under every spelling: the approval', () => {
  // The approval binds what it showed to the file, not to the spelling: the write
  // that follows a yes expects the version the shown change was made from (under the
  // file's lock), whichever spelling named the file before, in the call, or in the
  // change made while the user decided.
  it('a change approved through c:/…/B.TXT after a read through C:\\…\\b.txt writes the file shown, keeping its name', async (ctx) => {
    skipUnless(ctx, notWindows)
    const dir = tmp()
    const file = write(path.join(dir, 'b.txt'), 'one\r\ntwo\r\n')
    const asked: { path: string; diff: string; files: { path: string }[] }[] = []
    const tools = createTools({ root: dir, requireRead: true, approve: (r) => (asked.push(r), true) })
    expect((await tools.read_file.execute({ path: backslashed(file) })).success).toBe(true)
    const edit = await tools.edit_file.execute({ path: respelled(file), old_text: 'two', new_text: '2' })
    expect(edit.success, JSON.stringify(edit.data)).toBe(true)
    expect(asked).toHaveLength(1)
    // Shown under the spelling the call gave, with the change that was then made.
    expect(asked[0].path).toBe(respelled(file))
    expect(asked[0].files.map((f) => f.path)).toEqual([respelled(file)])
    expect(asked[0].diff).toMatch(/^-two$/m)
    expect(asked[0].diff).toMatch(/^\+2$/m)
    expect(fs.readFileSync(file, 'latin1')).toBe('one\r\n2\r\n')
    expect(fs.readdirSync(dir)).toEqual(['b.txt'])
    // The approved write is recorded for the file: the next change through the first
    // spelling is shown and made from it, no outside change.
    const again = await tools.edit_file.execute({ path: backslashed(file), old_text: 'one', new_text: '1' })
    expect(again.success, JSON.stringify(again.data)).toBe(true)
    expect(asked).toHaveLength(2)
    expect(fs.readFileSync(file, 'latin1')).toBe('1\r\n2\r\n')
  })

  it('a change made through another spelling while the user decides fails the approved write with FILE_CHANGED, untouched', async (ctx) => {
    skipUnless(ctx, notWindows)
    const dir = tmp()
    const file = write(path.join(dir, 'b.txt'), 'one\r\ntwo\r\n')
    const short = shortName(file)
    const spellings = [respelled(file), backslashed(file), ...(short && short.toLowerCase() !== file.toLowerCase() ? [short] : [])]
    for (const [readAs, editAs, changeAs] of [
      [backslashed(file), respelled(file), backslashed(file)],
      [respelled(file), backslashed(file), spellings[spellings.length - 1]],
      // Never read (no requireRead): the version the shown change was made from.
      [undefined, backslashed(file), respelled(file)],
    ]) {
      const what = `read ${readAs}, edit ${editAs}, changed through ${changeAs}`
      fs.writeFileSync(file, 'one\r\ntwo\r\n')
      let asked = 0
      const tools = createTools({
        root: dir,
        requireRead: readAs !== undefined,
        approve: () => (asked++, eol.writeFileSync(changeAs!, 'theirs\r\ntwo\r\n'), true),
      })
      if (readAs) expect((await tools.read_file.execute({ path: readAs })).success, what).toBe(true)
      const edit = await tools.edit_file.execute({ path: editAs!, old_text: 'two', new_text: '2' })
      expect(edit.success, what).toBe(false)
      expect(edit.error, `${what}: ${JSON.stringify(edit.data)}`).toBe('FILE_CHANGED')
      // Refused by the approved write itself, not before the change was shown.
      expect(asked, what).toBe(1)
      expect(fs.readFileSync(file, 'latin1'), what).toBe('theirs\r\ntwo\r\n')
      expect(fs.readdirSync(dir), what).toEqual(['b.txt'])
    }
  })

  it('apply_patch naming one file through two spellings: one approval, each update made on the one before', async (ctx) => {
    skipUnless(ctx, notWindows)
    const dir = tmp()
    const file = write(path.join(dir, 'b.txt'), 'one\r\ntwo\r\n')
    const asked: { files: { path: string; diff: string }[] }[] = []
    const tools = createTools({ root: dir, approve: (r) => (asked.push(r), true) })
    const input = [
      '*** Begin Patch',
      `*** Update File: ${backslashed(file)}`,
      '@@',
      '-one',
      '+1',
      `*** Update File: ${respelled(file)}`,
      '@@',
      '-two',
      '+2',
      '*** End Patch',
      '',
    ].join('\n')
    const r = await tools.apply_patch.execute({ input })
    expect(r.success, JSON.stringify(r.data)).toBe(true)
    // As a patch naming one spelling twice: the second update is shown, and made, on
    // what the first made (its context is the first's `1`), never over the old text.
    expect(asked).toHaveLength(1)
    expect(asked[0].files.map((f) => f.path)).toEqual([backslashed(file), respelled(file)])
    expect(asked[0].files[1].diff).toMatch(/^ 1$/m)
    expect(fs.readFileSync(file, 'latin1')).toBe('1\r\n2\r\n')
    expect(fs.readdirSync(dir)).toEqual(['b.txt'])
  })

  it('while a change through one spelling waits for approval, one through another spelling waits its turn', async (ctx) => {
    skipUnless(ctx, notWindows)
    const dir = tmp()
    const file = write(path.join(dir, 'b.txt'), 'one\r\ntwo\r\n')
    const readState = createReadState()
    let decide: (yes: boolean) => void = () => {}
    let asking: () => void = () => {}
    const asked = new Promise<void>((resolve) => (asking = resolve))
    const a = createTools({
      root: dir,
      readState,
      requireRead: true,
      approve: () => (asking(), new Promise<boolean>((resolve) => (decide = resolve))),
    })
    const b = createTools({ root: dir, readState, requireRead: true })
    expect((await a.read_file.execute({ path: respelled(file) })).success).toBe(true)
    const first = a.edit_file.execute({ path: respelled(file), old_text: 'two', new_text: '2' })
    await asked
    let secondDone = false
    const second = b.edit_file.execute({ path: backslashed(file), old_text: 'one', new_text: '1' }).then((r) => ((secondDone = true), r))
    await new Promise((resolve) => setTimeout(resolve, 200))
    // Had the queue gone by spelling, the second edit would have been written by now,
    // and the approved one would fail with FILE_CHANGED.
    expect(secondDone).toBe(false)
    expect(fs.readFileSync(file, 'latin1')).toBe('one\r\ntwo\r\n')
    decide(true)
    const results = await Promise.all([first, second])
    for (const r of results) expect(r.success, JSON.stringify(r.data)).toBe(true)
    expect(fs.readFileSync(file, 'latin1')).toBe('1\r\n2\r\n')
  })
})

/** The 8.3 short form of `file`, as cmd.exe (or, under wine, winepath -s) gives it, or null. */
function shortName(file: string): string | null {
  if (underWine) {
    const w = spawnSync('winepath.exe', ['-s', file], { encoding: 'utf8' })
    const out = (w.stdout ?? '').trim()
    if (w.status === 0 && out) return out
  }
  const r = spawnSync('cmd.exe', ['/d', '/c', `for %I in ("${file}") do @echo %~sI`], { encoding: 'utf8' })
  // Quotes (and, from wine's cmd, a stray backslash before the closing one) removed.
  const out = (r.stdout ?? '').trim().replace(/"/g, '').replace(/\\+$/, '')
  return r.status === 0 && out ? out : null
}

function junctionsWork(): boolean {
  const dir = tmp()
  try {
    fs.mkdirSync(path.join(dir, 't'))
    fs.symlinkSync(path.join(dir, 't'), path.join(dir, 'j'), 'junction')
    return fs.lstatSync(path.join(dir, 'j')).isSymbolicLink()
  } catch {
    return false
  }
}
