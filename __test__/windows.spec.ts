// Windows path forms and confinement: every form either reaches the same real file
// or is refused, never an escape. Runs on Windows (and the Windows build under wine,
// where each test that needs what wine lacks says so and skips).
import { spawnSync } from 'node:child_process'
import * as fs from 'node:fs'
import * as os from 'node:os'
import * as path from 'node:path'

import { afterAll, describe, expect, it } from 'vitest'

import * as eol from '../index.js'
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
    skipUnless(
      ctx,
      notWindows,
      underWine ? "wine's cmd.exe does not give 8.3 names (the Rust tests reach them through GetShortPathNameW under wine)" : null,
    )
    const { root, file } = layout()
    const short = shortName(file)
    skipUnless(ctx, short && short !== file ? null : 'no 8.3 short name for this path (none made on this volume, or cmd cannot tell it)')
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

/** The 8.3 short form of `file`, as cmd.exe gives it, or null. */
function shortName(file: string): string | null {
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
