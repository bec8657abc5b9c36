// Where the tests run, and what cannot be tested there, each with the reason.
//
// A test that cannot run somewhere skips itself with `skipUnless(ctx, can.x)`, so the
// reporter shows the reason beside the skipped test. The Windows suite runs under wine
// and the arm64 suite under qemu on every commit (scripts/cross/); real Windows, macOS
// and arm64 machines run it in the release workflow.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

export const isWindows = process.platform === 'win32'
export const isRoot = typeof process.getuid === 'function' && process.getuid() === 0
/** The Windows build under wine (scripts/cross/test-windows.sh sets EOL_EDIT_UNDER). */
export const underWine =
  isWindows &&
  (process.env.EOL_EDIT_UNDER === 'wine' || fs.existsSync(path.join(process.env.SystemRoot ?? 'C:\\windows', 'system32', 'winecfg.exe')))
/** The arm64 build under qemu-user (scripts/cross/test-arm64.sh sets EOL_EDIT_UNDER). */
export const underQemu = process.env.EOL_EDIT_UNDER === 'qemu'

/**
 * How much longer a test that starts processes may take here: under qemu-user every
 * Node is emulated, under wine processes start slowly. (vitest.config.mts scales the
 * default timeout the same way; a test with its own timeout multiplies by this.)
 */
export const slow = underQemu ? 4 : underWine ? 2 : 1

/** Why something cannot be tested here, or `null` when it can. */
export type Can = string | null

function symlinksWork(): boolean {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eol-probe-'))
  try {
    fs.writeFileSync(path.join(dir, 't'), '')
    fs.symlinkSync(path.join(dir, 't'), path.join(dir, 'l'))
    return fs.lstatSync(path.join(dir, 'l')).isSymbolicLink()
  } catch {
    return false
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

function hardLinksWork(): boolean {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eol-probe-'))
  try {
    fs.writeFileSync(path.join(dir, 't'), 'x')
    fs.linkSync(path.join(dir, 't'), path.join(dir, 'l'))
    return fs.statSync(path.join(dir, 't')).nlink === 2
  } catch {
    return false
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

/** Dropping to an unprivileged user (uid 65534) for permission tests: needs root on Linux. */
const canDropPrivileges = !isWindows && (!isRoot || process.platform === 'linux')

const symlinks = symlinksWork()
const hardLinks = hardLinksWork()

export const can = {
  symlink: symlinks
    ? null
    : underWine
      ? 'wine cannot make symbolic links (symlinkSync reports success and creates nothing)'
      : 'this account may not make symbolic links (on Windows: Developer Mode or an administrator)',
  hardLink: hardLinks ? null : underWine ? 'wine cannot make hard links here' : 'this file system has no hard links',
  posixModes: isWindows ? 'Windows has no POSIX permission bits (mode 0755, umask)' : null,
  unprivilegedUser: canDropPrivileges
    ? null
    : isWindows
      ? 'Windows has no setuid: the test runs as an unprivileged POSIX user'
      : 'only root on Linux can switch to an unprivileged user for this test',
  fileSizeLimit: isWindows ? 'Windows has no file size limit (ulimit -f) to make a write fail midway' : null,
  shellChildren: underQemu
    ? 'qemu-user without binfmt_misc cannot start an arm64 program through a shell'
    : isWindows
      ? 'the test starts its child through a POSIX shell'
      : null,
  proc: process.platform === 'linux' ? null : 'only Linux has /proc and /sys',
  fifo: isWindows ? 'Windows has no FIFOs in the file system' : null,
  posixSignals: isWindows ? 'Windows has no POSIX signals to kill a process with' : null,
  // Seen once in four runs: an IO_ERROR from a move racing a link planted at its name,
  // never natively (thousands of runs) nor under wine. The file code is the same
  // system calls on every CPU; the races run natively and on real arm64 in the release.
  syscallRaces: underQemu ? 'qemu-user emulates the system calls of a race one by one, not as the kernel orders them' : null,
  // A kill mid-write of 4 MiB repeated, and strings of 64 MiB through every export: under
  // qemu-user 240 s of the arm64 lane's 800, testing the kernel's kills and V8's strings,
  // which arm64 shares with x64. The x64 and Windows lanes run them.
  fullSpeed: underQemu ? 'qemu-user runs it 30-50x slower, and what it tests (kills, 64 MiB strings) is the same on arm64 as in the x64 lane that runs it' : null,
  // The command line and the MCP server are JavaScript over the addon's calls, which
  // the other arm64 files make directly; each of their runs starts a Node under
  // emulation (seconds each, 52 s of the arm64 files). They run natively, under wine
  // and on real arm64 in the release workflow.
  frontEndProcesses: underQemu
    ? 'the command line and the MCP server are the same JavaScript on every CPU over the native calls this lane tests, and each run starts an emulated Node: the x64 and Windows lanes run them'
    : null,
  // 64 MiB strings through every export test V8's strings and the binding's copies, the
  // same code on every OS: 46 s under wine, where the native lane runs them in 3.
  hugeStrings: underQemu || underWine ? 'an emulator runs it 15-50x slower, and 64 MiB strings take the same code on every OS and CPU: the native lane runs it' : null,
} satisfies Record<string, Can>

/** Skips the running test where `reason` says it cannot run. */
export function skipUnless(ctx: { skip: (condition: boolean, note?: string) => void }, ...reasons: Can[]): void {
  const reason = reasons.find((r) => r !== null)
  if (reason) ctx.skip(true, reason)
}
