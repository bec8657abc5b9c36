// The commit path of applyPatch under attack, as a red team met it on Linux: a link
// planted at the name a move creates, a folder swapped for a link during moves, a
// second user watching for a moved 0600 file, SIGKILL in the middle of moves, and
// writes that fail halfway through a patch (ulimit -f). Every file a patch creates
// gets its final mode on the handle it is written through, before it has a name, and
// no file outside the root ever changes.
//
// The racing tests run for EOL_EDIT_RACE_SECONDS each (default 3) and pass only with
// zero violations; each prints its rounds and what it counted.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import * as fs from 'node:fs'
import * as os from 'node:os'
import * as path from 'node:path'

import { afterAll, describe, expect, it } from 'vitest'

import * as eol from '../index.js'
import { can, isRoot, skipUnless } from './support/platform'

const repo = path.resolve(__dirname, '..')
const INDEX_JS = path.join(repo, 'index.js')
const fixtures = path.join(__dirname, 'fixtures')
const RACE_MS = (Number(process.env.EOL_EDIT_RACE_SECONDS) || 3) * 1000

const made: string[] = []
afterAll(() => {
  for (const dir of made) fs.rmSync(dir, { recursive: true, force: true })
})

function tmp(): string {
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'eol-patch-sec-')))
  made.push(dir)
  return dir
}

function write(file: string, content: string | Buffer, mode = 0o644): string {
  fs.mkdirSync(path.dirname(file), { recursive: true })
  fs.writeFileSync(file, content)
  fs.chmodSync(file, mode)
  return file
}

const modeOf = (file: string) => fs.lstatSync(file).mode & 0o7777

/** The bytes and mode of the regular file `file` is now, without following a link;
 * `null` when it is something else or nothing. */
function peek(file: string): { text: string; mode: number } | null {
  let fd: number
  try {
    fd = fs.openSync(file, fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW | fs.constants.O_NONBLOCK)
  } catch {
    return null
  }
  try {
    const st = fs.fstatSync(fd)
    return st.isFile() ? { text: fs.readFileSync(fd, 'utf8'), mode: st.mode & 0o7777 } : null
  } finally {
    fs.closeSync(fd)
  }
}

/** Every entry below `dir`: files with bytes and mode, links with targets, folders. */
function snapshot(dir: string): Array<[string, string]> {
  const out: Array<[string, string]> = []
  const walk = (d: string) => {
    for (const entry of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, entry.name)
      const rel = path.relative(dir, p)
      if (entry.isSymbolicLink()) out.push([rel, `-> ${fs.readlinkSync(p)}`])
      else if (entry.isDirectory()) {
        out.push([rel, 'folder'])
        walk(p)
      } else out.push([rel, `${fs.readFileSync(p).toString('latin1')} ${modeOf(p).toString(8)}`])
    }
  }
  walk(dir)
  return out.sort((x, y) => (x[0] < y[0] ? -1 : 1))
}

const move = (from: string, to: string) => `*** Begin Patch\n*** Update File: ${from}\n*** Move to: ${to}\n*** End Patch\n`

type Outcome = { ok: true } | { ok: false; code: string; message: string }

function attempt(fn: () => unknown): Outcome {
  try {
    fn()
    return { ok: true }
  } catch (e) {
    return { ok: false, code: String((e as { code?: string }).code), message: String((e as Error).message) }
  }
}

function tally(outcomes: Outcome[]): Record<string, number> {
  const out: Record<string, number> = {}
  for (const o of outcomes) {
    const key = o.ok ? 'ok' : o.code
    out[key] = (out[key] ?? 0) + 1
  }
  return out
}

/** Starts a child that prints "go" once it is running, and waits for that. */
async function start(args: string[], options: { uid?: number; gid?: number } = {}): Promise<ChildProcess> {
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'], ...options })
  await new Promise<void>((resolve, reject) => {
    child.stdout!.once('data', () => resolve())
    child.once('exit', (code) => reject(new Error(`child exited early (${code})`)))
  })
  return child
}

async function kill(child: ChildProcess, signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill(signal)
  await exited
}

const breathe = () => new Promise((resolve) => setImmediate(resolve))

// A process that plants a symbolic link at NAME, to TARGET, and takes it away again,
// as fast as it can; each state is held a moment (0.2 ms).
const PLANTER = `
const fs = require('node:fs')
const [name, target] = process.argv.slice(1)
const pause = new Int32Array(new SharedArrayBuffer(4))
process.stdout.write('go\\n')
for (;;) {
  try { fs.unlinkSync(name) } catch {}
  try { fs.symlinkSync(target, name) } catch {}
  Atomics.wait(pause, 0, 0, 0.2)
  try { fs.unlinkSync(name) } catch {}
  Atomics.wait(pause, 0, 0, 0.2)
}
`

describe('a link planted at the name a move creates', () => {
  it('is never followed: the file it points to outside the root keeps its bytes and mode, and the moved file never has another mode', async (ctx) => {
    skipUnless(ctx, can.symlink, can.posixModes, can.syscallRaces)
    const base = tmp()
    const root = path.join(base, 'root')
    const target = write(path.join(base, 'outside', 'target'), 'OUTSIDE\n', 0o600)
    fs.mkdirSync(root)
    const planter = await start(['-e', PLANTER, path.join(root, 'moved'), target])
    const outcomes: Outcome[] = []
    const violations: string[] = []
    let n = 0
    try {
      const until = Date.now() + RACE_MS
      while (Date.now() < until) {
        n++
        const secret = path.join(root, 'secret')
        fs.rmSync(secret, { force: true })
        write(secret, `SECRET ${n}\n`, 0o640)
        const r = attempt(() => eol.applyPatchSync(move('secret', 'moved'), { cwd: root, root }))
        outcomes.push(r)
        const moved = peek(path.join(root, 'moved'))
        if (moved?.text === `SECRET ${n}\n` && moved.mode !== 0o640) {
          violations.push(`round ${n}: the moved file is ${moved.mode.toString(8)}`)
        }
        if (modeOf(target) !== 0o600 || fs.readFileSync(target, 'utf8') !== 'OUTSIDE\n') {
          violations.push(`round ${n}: the file outside is now ${modeOf(target).toString(8)} ${fs.readFileSync(target, 'utf8')}`)
          write(target, 'OUTSIDE\n', 0o600)
        }
        if (n % 20 === 0) await breathe()
      }
    } finally {
      await kill(planter)
    }
    console.log(`planted link: ${n} moves in ${RACE_MS} ms, ${violations.length} violations:`, JSON.stringify(tally(outcomes)))
    expect(violations).toEqual([])
    expect(tally(outcomes).ok ?? 0).toBeGreaterThan(0)
    for (const o of outcomes) {
      if (!o.ok) expect(['FILE_CHANGED', 'PATH_OUTSIDE_ROOT', 'FILE_NOT_FOUND', 'NOT_A_FILE'], o.message).toContain(o.code)
    }
  }, 60_000)
})

describe('a folder swapped for a link to outside the root during moves', () => {
  it('changes no file outside the root, loses nothing and widens nothing inside it', async (ctx) => {
    skipUnless(ctx, can.symlink, can.posixModes)
    const base = tmp()
    const root = path.join(base, 'root')
    const outside = path.join(base, 'outside')
    // The names the moves create exist outside too, with another mode.
    write(path.join(outside, 'a'), 'OUTSIDE a\n', 0o600)
    write(path.join(outside, 'b'), 'OUTSIDE b\n', 0o600)
    write(path.join(root, 'sub', 'a'), 'SECRET\r\n', 0o640)
    const before = snapshot(outside)
    const swapper = await start([path.join(fixtures, 'swapper.cjs'), 'symlink', path.join(root, 'sub'), outside])
    const outcomes: Outcome[] = []
    let n = 0
    try {
      const until = Date.now() + RACE_MS
      while (Date.now() < until) {
        n++
        outcomes.push(attempt(() => eol.applyPatchSync(move('sub/a', 'sub/b'), { cwd: root, root })))
        outcomes.push(attempt(() => eol.applyPatchSync(move('sub/b', 'sub/a'), { cwd: root, root })))
        if (n % 20 === 0) await breathe()
      }
    } finally {
      await kill(swapper)
    }
    if (fs.lstatSync(path.join(root, 'sub'), { throwIfNoEntry: false })?.isSymbolicLink()) fs.unlinkSync(path.join(root, 'sub'))
    if (!fs.existsSync(path.join(root, 'sub'))) fs.renameSync(path.join(root, 'sub.parked'), path.join(root, 'sub'))
    const inside = snapshot(path.join(root, 'sub'))
    console.log(`folder swap: ${2 * n} moves in ${RACE_MS} ms:`, JSON.stringify(tally(outcomes)), JSON.stringify(inside))
    expect(snapshot(outside)).toEqual(before)
    // The secret is still there, with its mode, once or (after a rollback that could
    // not reach the folder) twice, and nothing else is.
    expect(inside.length).toBeGreaterThan(0)
    for (const [name, what] of inside) {
      expect(['a', 'b']).toContain(name)
      expect(what).toBe('SECRET\r\n 640')
    }
    expect(tally(outcomes).ok ?? 0).toBeGreaterThan(0)
  }, 60_000)
})

describe('a second user watching the folder of a moved 0600 file', () => {
  it('never reads it: the moved file is 0600 before it has a name', async (ctx) => {
    skipUnless(
      ctx,
      can.posixModes,
      can.shellChildren,
      process.platform === 'linux' ? null : 'the watcher is switched to another user with setpriv, which is Linux only',
      isRoot ? null : 'only root can add a throwaway user to watch as',
    )
    const user = `eolw${process.pid}`
    const added = spawnSync('useradd', ['--system', '--no-create-home', '--shell', '/usr/sbin/nologin', user], { encoding: 'utf8' })
    skipUnless(ctx, added.status === 0 ? null : `useradd failed: ${added.stderr.trim()}`)
    try {
      const uid = Number(spawnSync('id', ['-u', user], { encoding: 'utf8' }).stdout)
      const gid = Number(spawnSync('id', ['-g', user], { encoding: 'utf8' }).stdout)
      const base = tmp()
      fs.chmodSync(base, 0o755)
      const dir = path.join(base, 'work')
      fs.mkdirSync(dir, { mode: 0o755 })
      fs.chmodSync(dir, 0o755)
      const watcherScript = path.join(base, 'watcher.cjs')
      fs.copyFileSync(path.join(fixtures, 'watcher.cjs'), watcherScript)
      fs.chmodSync(watcherScript, 0o644)
      write(path.join(dir, 'a'), 'TOPSECRET\n', 0o600)
      const watcher = spawn('setpriv', [`--reuid=${uid}`, `--regid=${gid}`, '--clear-groups', process.execPath, watcherScript, dir, 'TOPSECRET'], {
        stdio: ['ignore', 'pipe', 'inherit'],
      })
      let out = ''
      watcher.stdout!.on('data', (d) => (out += d))
      await new Promise<void>((resolve, reject) => {
        watcher.stdout!.once('data', () => resolve())
        watcher.once('exit', (code) => reject(new Error(`watcher exited early (${code})`)))
      })
      const outcomes: Outcome[] = []
      let n = 0
      try {
        const until = Date.now() + RACE_MS
        while (Date.now() < until) {
          n++
          const [from, to] = fs.existsSync(path.join(dir, 'a')) ? ['a', 'b'] : ['b', 'a']
          outcomes.push(attempt(() => eol.applyPatchSync(move(from, to), { cwd: dir, root: dir })))
          if (n % 10 === 0) await breathe()
        }
      } finally {
        await kill(watcher, 'SIGTERM')
      }
      const leaks = out.split('\n').filter((l) => l.startsWith('LEAK'))
      const stats = out.split('\n').find((l) => l.startsWith('STATS')) ?? 'STATS ? ?'
      const [, opened, denied] = stats.split(' ')
      console.log(`second user: ${n} moves in ${RACE_MS} ms, watcher opened ${opened} files and was denied ${denied} times, ${leaks.length} leaks:`, JSON.stringify(tally(outcomes)))
      expect(leaks).toEqual([])
      expect(tally(outcomes).ok).toBe(n)
      // The watcher really was looking at the secret files.
      expect(Number(denied)).toBeGreaterThan(0)
    } finally {
      spawnSync('userdel', [user])
    }
  }, 60_000)
})

describe('a process killed (SIGKILL) in the middle of moves', () => {
  it('never leaves the moved file with a wider mode, and never loses it', async (ctx) => {
    skipUnless(ctx, can.posixModes, can.posixSignals)
    const dir = tmp()
    write(path.join(dir, 'a'), 'SECRET\n', 0o600)
    const violations: string[] = []
    let kills = 0
    let duplicates = 0
    const until = Date.now() + RACE_MS
    while (Date.now() < until) {
      const child = await start([path.join(fixtures, 'patch-mover.cjs'), INDEX_JS, dir, 'a', 'b'])
      await new Promise((resolve) => setTimeout(resolve, 2 + Math.random() * 30))
      await kill(child)
      kills++
      const holding: string[] = []
      for (const name of fs.readdirSync(dir)) {
        const p = path.join(dir, name)
        if (!fs.lstatSync(p).isFile() || !fs.readFileSync(p, 'utf8').includes('SECRET')) continue
        holding.push(name)
        if (modeOf(p) !== 0o600) violations.push(`kill ${kills}: ${name} is ${modeOf(p).toString(8)}`)
      }
      if (!holding.some((name) => name === 'a' || name === 'b')) violations.push(`kill ${kills}: the file is lost (${holding.join(', ')})`)
      // Back to one file for the next round.
      if (holding.includes('a') && holding.includes('b')) {
        duplicates++
        fs.unlinkSync(path.join(dir, 'b'))
      }
      for (const name of holding.filter((name) => name !== 'a' && name !== 'b')) fs.unlinkSync(path.join(dir, name))
      if (!fs.existsSync(path.join(dir, 'a')) && !fs.existsSync(path.join(dir, 'b'))) write(path.join(dir, 'a'), 'SECRET\n', 0o600)
    }
    console.log(`SIGKILL during moves: ${kills} kills in ${RACE_MS} ms, ${duplicates} left the file at both names, ${violations.length} violations`)
    expect(violations).toEqual([])
    expect(kills).toBeGreaterThan(0)
  }, 60_000)
})

// ---------------------------------------------------------------------------

/** Runs applyPatchSync in a child whose shell has `prefix` (a file-size limit). */
function patchInChild(patch: string, options: object, prefix: string): { ok?: unknown; error?: { code: string; message: string } } {
  const scripts = tmp()
  const runner = path.join(scripts, 'runner.cjs')
  fs.writeFileSync(
    runner,
    [
      'const eol = require(process.argv[2])',
      'const [patch, options] = JSON.parse(process.argv[3])',
      'let out',
      'try { out = { ok: eol.applyPatchSync(patch, options) } }',
      'catch (e) { out = { error: { code: e.code, message: e.message } } }',
      'process.stdout.write(JSON.stringify(out))',
      '',
    ].join('\n'),
  )
  const child = spawnSync('sh', ['-c', `${prefix}; exec "$0" "$@"`, process.execPath, runner, INDEX_JS, JSON.stringify([patch, options])], {
    encoding: 'utf8',
  })
  if (child.status !== 0 || !child.stdout) throw new Error(`child failed (${child.status}, ${child.signal}): ${child.stderr}`)
  return JSON.parse(child.stdout)
}

describe('a write that fails halfway through a patch (file-size limit)', () => {
  // Writes past 1 block fail with EFBIG instead of killing the process (SIGXFSZ ignored).
  const fileSizeLimit = `trap '' XFSZ; ulimit -f 1`
  const big = `+${'x'.repeat(80)}\n`.repeat(1000)

  it('puts back a file a move replaced with its bytes and its mode, and removes the folders the patch created', (ctx) => {
    skipUnless(ctx, can.fileSizeLimit, can.shellChildren, can.posixModes)
    const dir = tmp()
    write(path.join(dir, 'run.sh'), '#!/bin/sh\necho hi\n', 0o755)
    write(path.join(dir, 'secret'), 'key=1\r\n', 0o600)
    write(path.join(dir, 'keep', 'old.txt'), 'k\n', 0o644)
    const before = snapshot(dir)
    const patch = `*** Begin Patch\n*** Update File: run.sh\n*** Move to: secret\n*** Add File: keep/n1/n2/new.txt\n+new\n*** Add File: big.txt\n${big}*** End Patch\n`
    const r = patchInChild(patch, { cwd: dir }, fileSizeLimit)
    expect(r.error?.code).toBe('IO_ERROR')
    expect(r.error?.message).toContain('put back')
    expect(snapshot(dir)).toEqual(before)
  })

  it('puts back both files of a swap with their modes, and leaves no copy behind', (ctx) => {
    skipUnless(ctx, can.fileSizeLimit, can.shellChildren, can.posixModes)
    const dir = tmp()
    write(path.join(dir, 'a'), 'secret a\n', 0o600)
    write(path.join(dir, 'b'), 'open b\r\n', 0o644)
    const before = snapshot(dir)
    const patch = `*** Begin Patch\n*** Update File: a\n*** Move to: b\n*** Update File: b\n*** Move to: a\n*** Add File: big.txt\n${big}*** End Patch\n`
    const r = patchInChild(patch, { cwd: dir }, fileSizeLimit)
    expect(r.error?.code).toBe('IO_ERROR')
    expect(snapshot(dir)).toEqual(before)
  })

  it('without the fault, the same swap exchanges the files and their modes', (ctx) => {
    skipUnless(ctx, can.posixModes)
    const dir = tmp()
    write(path.join(dir, 'a'), 'secret a\n', 0o600)
    write(path.join(dir, 'b'), 'open b\r\n', 0o644)
    eol.applyPatchSync('*** Begin Patch\n*** Update File: a\n*** Move to: b\n*** Update File: b\n*** Move to: a\n*** End Patch\n', { cwd: dir })
    expect(snapshot(dir)).toEqual([
      ['a', 'open b\r\n 644'],
      ['b', 'secret a\n 600'],
    ])
  })
})
