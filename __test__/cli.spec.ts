// The `eol-edit` command, spawned as a user runs it: bytes on disk, stdout,
// stderr (`CODE: message`) and exit status (0 ok, 1 failed, 2 bad usage).

import { spawnSync } from 'node:child_process'
import * as fs from 'node:fs'
import * as os from 'node:os'
import * as path from 'node:path'

import { afterAll, beforeEach, describe, expect, it } from 'vitest'

import { can, isWindows, skipUnless, underQemu } from './support/platform'
import { cliOutputProblems } from './support/wording'

const repo = path.resolve(__dirname, '..')
const bin = path.join(repo, 'bin', 'eol-edit.js')
const BOM = '\ufeff'

const made: string[] = []
afterAll(() => {
  for (const d of made) fs.rmSync(d, { recursive: true, force: true })
})

let dir: string
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eol-cli-'))
  made.push(dir)
})

interface Run {
  status: number | null
  stdout: string
  stderr: string
}

/** Every run of the command in this file, for the check that its messages name only what it takes. */
const runs: Array<{ args: string[]; run: Run }> = []

function cli(args: string[], input?: string | Buffer): Run {
  const env = { ...process.env }
  delete env.FORCE_COLOR
  const r = spawnSync(process.execPath, [bin, ...args], { cwd: dir, input, encoding: 'utf8', env, timeout: 30_000 })
  const run = { status: r.status, stdout: r.stdout, stderr: r.stderr }
  runs.push({ args, run })
  return run
}

function file(name: string, content: string | Buffer): string {
  const p = path.join(dir, name)
  fs.mkdirSync(path.dirname(p), { recursive: true })
  fs.writeFileSync(p, content)
  return p
}

function visible(bytes: Buffer): string {
  let out = ''
  for (const b of bytes) {
    if (b === 0x0a) out += '\\n'
    else if (b === 0x0d) out += '\\r'
    else if (b < 0x20 || b > 0x7e) out += `\\x${b.toString(16).padStart(2, '0')}`
    else out += String.fromCharCode(b)
  }
  return out
}

function expectBytes(p: string, expected: string | Buffer): void {
  const want = typeof expected === 'string' ? Buffer.from(expected, 'utf8') : expected
  expect(visible(fs.readFileSync(p))).toBe(visible(want))
}

function expectStatus(r: Run, status: number): void {
  expect(r.status, `exit ${r.status}\n--- stdout\n${r.stdout}\n--- stderr\n${r.stderr}`).toBe(status)
}

describe('usage and help', () => {
  it('prints help for the command and for every subcommand', () => {
    const main = cli(['--help'])
    expectStatus(main, 0)
    expect(main.stdout).toMatch(/^eol-edit: /)
    for (const c of ['read', 'edit', 'write', 'delete-range', 'convert', 'inspect']) {
      expect(main.stdout).toContain(c)
      for (const form of [[c, '--help'], [c, '-h'], ['help', c]]) {
        const r = cli(form)
        expectStatus(r, 0)
        expect(r.stdout).toMatch(new RegExp(`^Usage: eol-edit ${c}`))
      }
    }
  })

  it('--version prints the package version', () => {
    const r = cli(['--version'])
    expectStatus(r, 0)
    expect(r.stdout.trim()).toBe(JSON.parse(fs.readFileSync(path.join(repo, 'package.json'), 'utf8')).version)
  })

  it('bad usage exits 2 with a message on stderr', () => {
    file('a.txt', 'a\r\n')
    const cases: string[][] = [
      [],
      ['bogus'],
      ['help', 'bogus'],
      ['edit', 'a.txt', '--old', 'a'],
      ['edit', 'a.txt', '--new', 'a'],
      ['edit', '--old', 'a', '--new', 'b'],
      ['edit', 'a.txt', 'b.txt', '--old', 'a', '--new', 'b'],
      ['edit', 'a.txt', '--old', 'a', '--new', 'b', '--bogus'],
      ['edit', 'a.txt', '--old', '', '--new', 'b'],
      ['read'],
      ['read', 'a.txt', '--offset', 'x'],
      ['read', 'a.txt', '--limit', '-1'],
      ['convert', 'a.txt'],
      ['convert', 'a.txt', '--to', 'mac'],
      ['convert', '--to', 'lf'],
      ['delete-range', 'a.txt', '1'],
      ['write', 'a.txt', '--eol', 'cr'],
    ]
    for (const args of cases) {
      const r = cli(args, '')
      expectStatus(r, 2)
      expect(r.stderr.length, args.join(' ')).toBeGreaterThan(0)
      expect(r.stdout).toBe('')
    }
    expect(cli(['bogus']).stderr).toMatch(/^USAGE: unknown command "bogus"/)
    expect(cli(['edit', 'a.txt', '--old', '', '--new', 'b']).stderr).toMatch(/^INVALID_ARGUMENT: /)
    expectBytes(path.join(dir, 'a.txt'), 'a\r\n')
  })
})

describe('edit', () => {
  it('edits a CRLF file, keeps its endings and prints the diff without colour', () => {
    const p = file('a.ts', 'one\r\ntwo\r\nthree\r\n')
    const r = cli(['edit', 'a.ts', '--old', 'two\nthree', '--new', 'TWO\nthree\nfour'])
    expectStatus(r, 0)
    expectBytes(p, 'one\r\nTWO\r\nthree\r\nfour\r\n')
    expect(r.stdout).toContain('-two\n+TWO\n')
    expect(r.stdout).toContain('+four\n')
    expect(r.stdout).not.toContain('\u001b[')
    expect(r.stderr).toBe('')
  })

  it('keeps a mixed file mixed and a BOM', () => {
    const p = file('m.txt', BOM + 'head\r\nAAA OLD BBB\nmid\rtail\r\n')
    expectStatus(cli(['edit', 'm.txt', '--old', 'OLD', '--new', 'NEW']), 0)
    expectBytes(p, BOM + 'head\r\nAAA NEW BBB\nmid\rtail\r\n')
  })

  it('--dry-run prints the diff and writes nothing', () => {
    const p = file('d.txt', 'a\r\nb\r\n')
    const r = cli(['edit', 'd.txt', '--old', 'b', '--new', 'B', '--dry-run'])
    expectStatus(r, 0)
    expect(r.stdout).toContain('+B')
    expectBytes(p, 'a\r\nb\r\n')
  })

  it('--replace-all, and a note on stderr for a lenient tier', () => {
    const p = file('r.txt', 'x “q”\r\nx “q”\r\n')
    const r = cli(['edit', 'r.txt', '--old', 'x "q"', '--new', 'y "q"', '--replace-all'])
    expectStatus(r, 0)
    expect(r.stderr).toMatch(/^note: matched by the lenient unicode tier/)
    // The quotes the model left alone stay the file's.
    expectBytes(p, 'y “q”\r\ny “q”\r\n')
  })

  it('a failed edit exits 1 with CODE: message, and leaves the file alone', () => {
    const p = file('f.txt', 'x\r\ny\r\nx\r\n')
    const notFound = cli(['edit', 'f.txt', '--old', 'zzz', '--new', 'y'])
    expectStatus(notFound, 1)
    expect(notFound.stderr).toMatch(/^TEXT_NOT_FOUND: /)
    const many = cli(['edit', 'f.txt', '--old', 'x', '--new', 'z'])
    expectStatus(many, 1)
    expect(many.stderr).toMatch(/^TEXT_MULTIPLE_MATCHES: .*lines 1, 3.*--replace-all/)
    const missing = cli(['edit', 'nope.txt', '--old', 'a', '--new', 'b'])
    expectStatus(missing, 1)
    expect(missing.stderr).toMatch(/^FILE_NOT_FOUND: .*eol-edit write/)
    expect(notFound.stdout + many.stdout + missing.stdout).toBe('')
    expectBytes(p, 'x\r\ny\r\nx\r\n')
  })

  it('--root refuses paths outside it', () => {
    const outside = fs.mkdtempSync(path.join(os.tmpdir(), 'eol-cli-out-'))
    made.push(outside)
    const target = path.join(outside, 's.txt')
    fs.writeFileSync(target, 's\r\n')
    const r = cli(['edit', target, '--old', 's', '--new', 't', '--root', dir])
    expectStatus(r, 1)
    expect(r.stderr).toMatch(/^PATH_OUTSIDE_ROOT: /)
    expectBytes(target, 's\r\n')
  })
})

describe('read', () => {
  it('prints the LF view, without the BOM', () => {
    file('a.txt', BOM + 'one\r\ntwo\rthree\n')
    const r = cli(['read', 'a.txt'])
    expectStatus(r, 0)
    expect(r.stdout).toBe('one\ntwo\nthree\n')
  })

  it('--offset, --limit and --numbers', () => {
    file('n.txt', Array.from({ length: 12 }, (_, i) => `l${i + 1}`).join('\r\n') + '\r\n')
    const r = cli(['read', 'n.txt', '--offset', '9', '--limit', '2', '-n'])
    expectStatus(r, 0)
    expect(r.stdout).toBe(' 9\u2502l9\n10\u2502l10\n')
    expect(cli(['read', 'n.txt', '--offset', '12']).stdout).toBe('l12\n')
  })

  it('--json gives endings, BOM and encoding', () => {
    file('u.txt', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('hi\r\nthere\r\n', 'utf16le')]))
    const r = cli(['read', 'u.txt', '--json'])
    expectStatus(r, 0)
    const j = JSON.parse(r.stdout)
    expect(j).toMatchObject({ content: 'hi\nthere\n', bom: true, encoding: 'utf-16le', totalLines: 2 })
    expect(j.eol).toMatchObject({ crlf: 2, lf: 0, dominant: '\r\n' })
  })

  it('binary and missing files fail with exit 1', () => {
    file('b.bin', Buffer.from([0x41, 0, 0x42]))
    const bin = cli(['read', 'b.bin'])
    expectStatus(bin, 1)
    expect(bin.stderr).toMatch(/^BINARY_FILE: /)
    expectStatus(cli(['read', 'none.txt']), 1)
  })
})

describe('write', () => {
  it('overwriting keeps CRLF and the BOM; content comes from stdin', () => {
    const p = file('w.cs', BOM + 'class A\r\n{\r\n}\r\n')
    const r = cli(['write', 'w.cs'], 'class A\n{\n  int x;\n}\n')
    expectStatus(r, 0)
    expect(r.stdout).toContain('+  int x;')
    expectBytes(p, BOM + 'class A\r\n{\r\n  int x;\r\n}\r\n')
  })

  it('a new file: folders created, LF by default, .editorconfig honoured, --eol forces', () => {
    expectStatus(cli(['write', 'a/b/new.txt'], 'x\ny\n'), 0)
    expectBytes(path.join(dir, 'a/b/new.txt'), 'x\ny\n')
    file('ec/.editorconfig', 'root = true\n[*]\nend_of_line = crlf\n')
    expectStatus(cli(['write', 'ec/n.txt'], 'x\ny\n'), 0)
    expectBytes(path.join(dir, 'ec/n.txt'), 'x\r\ny\r\n')
    expectStatus(cli(['write', 'ec/n.txt', '--eol', 'lf'], 'x\ny\n'), 0)
    expectBytes(path.join(dir, 'ec/n.txt'), 'x\ny\n')
  })

  it('the same content is reported as unchanged; --dry-run writes nothing', () => {
    const p = file('s.txt', 'a\r\nb\r\n')
    const same = cli(['write', 's.txt'], 'a\nb\n')
    expectStatus(same, 0)
    expect(same.stderr).toMatch(/unchanged/)
    const dry = cli(['write', 's.txt', '--dry-run'], 'a\nc\n')
    expectStatus(dry, 0)
    expect(dry.stdout).toContain('+c')
    expectBytes(p, 'a\r\nb\r\n')
  })
})

describe('delete-range', () => {
  it('numbers are line numbers; text anchors are whole lines; --inclusive', () => {
    const p = file('d.txt', 'a\r\nb\nc\r\nd\r\ne\r\n')
    const r = cli(['delete-range', 'd.txt', '1', '3'])
    expectStatus(r, 0)
    expect(r.stdout).toContain('-b')
    expectBytes(p, 'a\r\nc\r\nd\r\ne\r\n')
    expectStatus(cli(['delete-range', 'd.txt', 'c', 'e', '--inclusive']), 0)
    expectBytes(p, 'a\r\n')
  })

  it('anchor failures exit 1', () => {
    const p = file('f.txt', 'a\r\nb\r\nc\r\n')
    const r = cli(['delete-range', 'f.txt', 'zz', 'c'])
    expectStatus(r, 1)
    expect(r.stderr).toMatch(/^ANCHOR_NOT_FOUND: /)
    expect(cli(['delete-range', 'f.txt', 'c', 'a']).stderr).toMatch(/^ANCHOR_ORDER: /)
    expect(cli(['delete-range', 'f.txt', '1', '2']).stderr).toMatch(/^EMPTY_RANGE: /)
    expectBytes(p, 'a\r\nb\r\nc\r\n')
  })
})

describe('convert', () => {
  it('converts several files; one already converted is not a failure', () => {
    const a = file('a.txt', 'a\nb\n')
    const m = file('m.txt', BOM + 'a\r\nb\nc\rd')
    const c = file('c.txt', 'x\r\ny\r\n')
    const r = cli(['convert', 'a.txt', 'm.txt', 'c.txt', '--to', 'crlf'])
    expectStatus(r, 0)
    expect(r.stdout).toBe('a.txt: converted 2 line endings to crlf\nm.txt: converted 2 line endings to crlf\nc.txt: unchanged (already crlf)\n')
    expectBytes(a, 'a\r\nb\r\n')
    expectBytes(m, BOM + 'a\r\nb\r\nc\r\nd')
    expectBytes(c, 'x\r\ny\r\n')
    expectStatus(cli(['convert', 'c.txt', '--to', 'cr']), 0)
    expectBytes(c, 'x\ry\r')
  })

  it('a missing file fails the run with exit 1 but the others are converted', () => {
    const a = file('a.txt', 'a\r\n')
    const r = cli(['convert', 'missing.txt', 'a.txt', '--to', 'lf'])
    expectStatus(r, 1)
    expect(r.stderr).toMatch(/^FILE_NOT_FOUND: /)
    expectBytes(a, 'a\n')
  })

  it('--dry-run changes nothing', () => {
    const a = file('a.txt', 'a\r\n')
    const r = cli(['convert', 'a.txt', '--to', 'lf', '--dry-run'])
    expectStatus(r, 0)
    expect(r.stdout).toBe('a.txt: would convert 1 line ending to lf\n')
    expectBytes(a, 'a\r\n')
  })
})

describe('inspect', () => {
  function tree(): void {
    file('lf.txt', 'a\nb\n')
    file('crlf.cs', 'a\r\nb\r\n')
    file('mixed.ts', 'a\r\nb\nc\r\n')
    file('cr.txt', 'a\rb\r')
    file('none.txt', 'no ending')
    file('bom.txt', BOM + 'a\r\n')
    file('sub/u16.txt', Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from([0, 0x61, 0, 0x0a])]))
    file('sub/img.bin', Buffer.from([0x89, 0x50, 0, 0, 1, 2]))
    file('.git/config', 'a\r\nb\n')
    file('node_modules/x/index.js', 'a\r\nb\n')
    file('sub/deep/empty.txt', '')
  }

  it('reports each text file and a summary, skipping .git, node_modules and binaries', () => {
    tree()
    const r = cli(['inspect'])
    expectStatus(r, 0)
    expect(r.stdout).not.toContain('node_modules')
    expect(r.stdout).not.toContain('.git')
    expect(r.stdout).not.toContain('\u001b[')
    const lines = r.stdout.trimEnd().split('\n')
    expect(lines).toEqual([
      'crlf   utf-8+bom      bom.txt',
      'cr     utf-8          cr.txt',
      'crlf   utf-8          crlf.cs',
      'lf     utf-8          lf.txt',
      'mixed  utf-8          mixed.ts  (lf 1, crlf 2)',
      'none   utf-8          none.txt',
      `none   utf-8          ${path.join('sub', 'deep', 'empty.txt')}`,
      `lf     utf-16be+bom   ${path.join('sub', 'u16.txt')}`,
      `skip   binary         ${path.join('sub', 'img.bin')}`,
      '8 files: 2 lf, 2 crlf, 1 cr, 1 mixed, 2 none; 2 with BOM; 1 skipped',
    ])
  })

  it('--json', () => {
    tree()
    const r = cli(['inspect', '--json', '.'])
    expectStatus(r, 0)
    const j = JSON.parse(r.stdout)
    expect(j.summary).toEqual({ files: 8, lf: 2, crlf: 2, cr: 1, mixed: 1, none: 2, bom: 2, skipped: 1, errors: 0 })
    expect(j.files.find((f: { path: string }) => f.path === 'mixed.ts')).toEqual({
      path: 'mixed.ts',
      endings: 'mixed',
      lf: 1,
      crlf: 2,
      cr: 0,
      bom: false,
      encoding: 'utf-8',
      trailingNewline: true,
    })
    expect(j.skipped).toEqual([{ path: path.join('sub', 'img.bin'), reason: 'binary' }])
  })

  it('--fail-on-mixed exits 1 only when a file is mixed; explicit files and folders', () => {
    tree()
    const mixed = cli(['inspect', '--fail-on-mixed'])
    expectStatus(mixed, 1)
    expect(mixed.stderr).toMatch(/1 file has mixed line endings/)
    const clean = cli(['inspect', '--fail-on-mixed', 'lf.txt', 'sub'])
    expectStatus(clean, 0)
    expect(clean.stdout).toContain('lf.txt')
    expect(clean.stdout).toContain(path.join('sub', 'u16.txt'))
    expect(clean.stdout).not.toContain('mixed.ts')
  })

  it('a missing path exits 1', () => {
    const r = cli(['inspect', 'nope'])
    expectStatus(r, 1)
    expect(r.stderr).toMatch(/^FILE_NOT_FOUND: /)
  })

  it('follows links to files, not to folders (no loops)', (ctx) => {
    skipUnless(ctx, can.symlink)
    file('a.txt', 'a\n')
    fs.symlinkSync(dir, path.join(dir, 'loop'))
    fs.symlinkSync(path.join(dir, 'a.txt'), path.join(dir, 'link.txt'))
    const ok = cli(['inspect'])
    expectStatus(ok, 0)
    expect(ok.stdout).toContain('link.txt')
    expect(ok.stdout).not.toContain('loop')
  })
})

// ---------------------------------------------------------------------------

/** The messages in a --json result: every `warnings` entry and `message`, at any depth. */
function jsonMessages(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(jsonMessages)
  if (value === null || typeof value !== 'object') return []
  return Object.entries(value).flatMap(([key, v]) => {
    if (key === 'warnings' && Array.isArray(v)) return v.filter((w) => typeof w === 'string')
    if (key === 'message' && typeof v === 'string') return [v]
    return jsonMessages(v)
  })
}

/** UTF-16LE bytes without a BOM: a file only --encoding lets the command read. */
function utf16le(text: string): Buffer {
  return Buffer.from(text, 'utf16le')
}

describe('--encoding, on every command that reads or writes a file', () => {
  it('BINARY_FILE says to pass --encoding, and with it read, edit, delete-range, convert, patch and inspect read the file', () => {
    const p = file('u.txt', utf16le('one\r\ntwo\r\nthree\r\n'))
    const refused = cli(['read', 'u.txt'])
    expectStatus(refused, 1)
    expect(refused.stderr).toMatch(/^BINARY_FILE: .*pass --encoding utf-16le \(or --encoding utf-16be\)\.$/m)
    const read = cli(['read', 'u.txt', '--encoding', 'utf-16le'])
    expectStatus(read, 0)
    expect(read.stdout).toBe('one\ntwo\nthree\n')
    expectStatus(cli(['edit', 'u.txt', '--old', 'one', '--new', 'ONE', '--encoding', 'utf-16le']), 0)
    expectStatus(cli(['delete-range', 'u.txt', '2', '2', '--inclusive', '--encoding', 'utf-16le']), 0)
    expectStatus(cli(['patch', '-', '--encoding', 'utf-16le'], '*** Begin Patch\n*** Update File: u.txt\n@@\n-three\n+THREE\n*** End Patch\n'), 0)
    expectBytes(p, utf16le('ONE\r\nTHREE\r\n'))
    expectStatus(cli(['convert', 'u.txt', '--to', 'lf', '--encoding', 'utf-16le']), 0)
    expectBytes(p, utf16le('ONE\nTHREE\n'))
    const inspect = cli(['inspect', 'u.txt', '--encoding', 'utf-16le'])
    expectStatus(inspect, 0)
    expect(inspect.stdout).toMatch(/^lf +utf-16le +u\.txt$/m)
  })

  it('write puts new text in the encoding given; the warning on an unknown encoding names --encoding', () => {
    expectStatus(cli(['write', 'new.txt', '--encoding', 'windows-1252'], 'Gr\u00fc\u00dfe\n'), 0)
    expectBytes(path.join(dir, 'new.txt'), Buffer.from('Gr\xfc\xdfe\n', 'latin1'))
    file('legacy.txt', Buffer.from('abc\x80def\n', 'latin1'))
    const read = cli(['read', 'legacy.txt'])
    expectStatus(read, 0)
    expect(read.stderr).toMatch(/^warning: The file is not valid UTF-8 and its encoding could not be told; .*pass it with --encoding\.$/m)
    const json = JSON.parse(cli(['read', 'legacy.txt', '--json']).stdout)
    expect(json.warnings[0]).toMatch(/pass it with --encoding\.$/)
    const unknown = cli(['read', 'legacy.txt', '--encoding', 'klingon'])
    expectStatus(unknown, 2)
    expect(unknown.stderr).toMatch(/^INVALID_ARGUMENT: Unknown encoding 'klingon'/)
  })

  it('--durable is taken by every command that writes', () => {
    const p = file('d.txt', 'a\r\nb\r\n')
    expectStatus(cli(['edit', 'd.txt', '--old', 'a', '--new', 'A', '--durable']), 0)
    expectStatus(cli(['write', 'd.txt', '--durable'], 'A\nb\nc\n'), 0)
    expectStatus(cli(['delete-range', 'd.txt', '3', '3', '--inclusive', '--durable']), 0)
    expectStatus(cli(['patch', '--durable'], '*** Begin Patch\n*** Update File: d.txt\n@@\n-b\n+B\n*** End Patch\n'), 0)
    expectStatus(cli(['convert', 'd.txt', '--to', 'lf', '--durable']), 0)
    expectBytes(p, 'A\nB\n')
    expectStatus(cli(['read', 'd.txt', '--durable']), 2) // reading writes nothing to make durable
  })

  it('--max-bytes sets the size limit the FILE_TOO_LARGE message names', () => {
    file('big.txt', 'x'.repeat(300))
    const r = cli(['read', 'big.txt', '--max-bytes', '100'])
    expectStatus(r, 1)
    expect(r.stderr).toMatch(/^FILE_TOO_LARGE: .*Pass a larger --max-bytes \(0 for no limit\)/)
    expectStatus(cli(['read', 'big.txt', '--max-bytes', '0']), 0)
    expectStatus(cli(['read', 'big.txt', '--max-bytes', 'lots']), 2)
  })
})

// ---------------------------------------------------------------------------

/**
 * Runs the command on a real pseudo-terminal (python's pty module), as a user types
 * it in a shell. A command still waiting for input after 1.5 s gets Ctrl-D, as a user
 * who gave up waiting would press.
 */
function onTerminal(args: string[]): { status: number; output: string; ctrlD: boolean } {
  const script = `
import json, os, pty, select, sys, time
pid, fd = pty.fork()
if pid == 0:
    os.execv(sys.argv[1], sys.argv[1:])
out, start, ctrl_d = b'', time.time(), False
while time.time() - start < 10:
    ready, _, _ = select.select([fd], [], [], 0.1)
    if ready:
        try:
            data = os.read(fd, 4096)
        except OSError:
            break
        if not data:
            break
        out += data
    elif not ctrl_d and time.time() - start > 1.5:
        os.write(fd, b'\\x04')
        ctrl_d = True
_, status = os.waitpid(pid, 0)
print(json.dumps({'status': os.waitstatus_to_exitcode(status), 'output': out.decode('utf-8', 'replace'), 'ctrlD': ctrl_d}))
`
  const env = { ...process.env }
  delete env.FORCE_COLOR
  const r = spawnSync('python3', ['-c', script, process.execPath, bin, ...args], { cwd: dir, env, encoding: 'utf8', timeout: 30_000 })
  if (r.status !== 0) throw new Error(`the pty runner failed: ${r.stderr}`)
  const result = JSON.parse(r.stdout)
  runs.push({ args, run: { status: result.status, stdout: '', stderr: result.output } })
  return result
}

const noPty: string | null = isWindows
  ? 'Windows has no POSIX pseudo-terminal'
  : underQemu
    ? "qemu-user without binfmt_misc cannot start an arm64 program from python's pty"
    : spawnSync('python3', ['-c', 'import pty'], { encoding: 'utf8' }).status === 0
    ? null
    : "python3 with its pty module is not installed, and the test types on a pseudo-terminal through it"

describe('content from stdin is never empty by accident', () => {
  it('write on a terminal is refused with a usage message at once, and the file is untouched', (ctx) => {
    skipUnless(ctx, noPty)
    const p = file('t.txt', 'keep\r\n')
    const r = onTerminal(['write', 't.txt'])
    expect(r.ctrlD, r.output).toBe(false) // it did not sit waiting for input
    expect(r.status, r.output).toBe(2)
    expect(r.output).toMatch(/USAGE: write: the content is read from stdin, which is a terminal\. Pipe or redirect it/)
    expectBytes(p, 'keep\r\n')
  })

  it('patch reading stdin on a terminal is refused the same way', (ctx) => {
    skipUnless(ctx, noPty)
    const p = file('t.txt', 'keep\r\n')
    for (const args of [['patch'], ['patch', '-']]) {
      const r = onTerminal(args)
      expect(r.ctrlD, r.output).toBe(false)
      expect(r.status, r.output).toBe(2)
      expect(r.output).toMatch(/USAGE: patch: the patch is read from stdin, which is a terminal/)
    }
    expectBytes(p, 'keep\r\n')
  })

  it('write with empty stdin (</dev/null, an empty pipe) writes nothing and fails, unless --allow-empty', () => {
    const p = file('e.txt', 'keep\r\n')
    const env = { ...process.env }
    delete env.FORCE_COLOR
    const devNull = fs.openSync(os.devNull, 'r')
    try {
      const r = spawnSync(process.execPath, [bin, 'write', 'e.txt'], { cwd: dir, env, stdio: [devNull, 'pipe', 'pipe'], encoding: 'utf8' })
      runs.push({ args: ['write', 'e.txt', '</dev/null'], run: { status: r.status, stdout: r.stdout, stderr: r.stderr } })
      expect(r.status, r.stderr).toBe(2)
      expect(r.stderr).toMatch(/^USAGE: write: stdin is empty, so e\.txt would be left empty; nothing was written\. Pass --allow-empty/)
    } finally {
      fs.closeSync(devNull)
    }
    const piped = cli(['write', 'e.txt'], '')
    expectStatus(piped, 2)
    expect(piped.stdout).toBe('')
    expectBytes(p, 'keep\r\n')
    expect(fs.existsSync(path.join(dir, 'none.txt'))).toBe(false)
    expectStatus(cli(['write', 'none.txt'], ''), 2)
    expect(fs.existsSync(path.join(dir, 'none.txt'))).toBe(false)
    // On purpose: the file is emptied.
    expectStatus(cli(['write', 'e.txt', '--allow-empty'], ''), 0)
    expectBytes(p, '')
  })

  it('patch with an empty stdin fails with PATCH_INVALID and changes nothing', () => {
    const p = file('t.txt', 'keep\r\n')
    const r = cli(['patch'], '')
    expectStatus(r, 1)
    expect(r.stderr).toMatch(/^PATCH_INVALID: Invalid patch: it is empty\./)
    expectBytes(p, 'keep\r\n')
  })
})

// ---------------------------------------------------------------------------

describe('bytes on stdin are written as given, or refused', () => {
  const gbk = Buffer.from([0xc4, 0xe3, 0xba, 0xc3, 0x0d, 0x0a]) // 你好 in GBK, CRLF
  const latin1 = Buffer.from('caf\xe9\r\n', 'latin1')

  it('write refuses stdin that is not UTF-8, naming --encoding, and leaves the file as it was', () => {
    const p = file('w.txt', 'keep\r\n')
    for (const input of [latin1, gbk, Buffer.from([0x61, 0xff, 0x0a])]) {
      const r = cli(['write', 'w.txt'], input)
      expectStatus(r, 2)
      expect(r.stderr).toMatch(/^USAGE: write: stdin is not valid UTF-8, so it cannot be written as given; nothing was written\. .*--encoding LABEL/)
      expectBytes(p, 'keep\r\n')
      expectStatus(cli(['write', 'new.txt'], input), 2)
      expect(fs.existsSync(path.join(dir, 'new.txt'))).toBe(false)
    }
  })

  it('write with --encoding takes stdin in that encoding: a new file in it gets exactly the bytes piped', () => {
    expectStatus(cli(['write', 'g.txt', '--encoding', 'gbk'], gbk), 0)
    expectBytes(path.join(dir, 'g.txt'), gbk)
    expectStatus(cli(['write', 'l.txt', '--encoding', 'windows-1252'], latin1), 0)
    expectBytes(path.join(dir, 'l.txt'), latin1)
    // Into an existing UTF-8 file: the text, in the file's own encoding and endings.
    const u = file('u.txt', 'über\n')
    expectStatus(cli(['write', 'u.txt', '--encoding', 'windows-1252'], latin1), 0)
    expectBytes(u, 'café\n')
    // Valid UTF-8 stays UTF-8 whatever --encoding says (as for a file's bytes).
    expectStatus(cli(['write', 'v.txt', '--encoding', 'gbk'], Buffer.from('你好\n')), 0)
    expect(fs.readFileSync(path.join(dir, 'v.txt'))).toEqual(Buffer.from([0xc4, 0xe3, 0xba, 0xc3, 0x0a]))
    const bad = cli(['write', 'x.txt', '--encoding', 'no-such-encoding'], latin1)
    expectStatus(bad, 2)
    expect(bad.stderr).toMatch(/--encoding "no-such-encoding" is not an encoding label/)
  })

  it('a BOM on stdin says its encoding and is not content: UTF-16 is read as text, a file keeps its own BOM, a BOM alone is empty', () => {
    const withBom = file('b.txt', BOM + 'one\r\n')
    expectStatus(cli(['write', 'b.txt'], Buffer.from(BOM + 'two\n')), 0)
    expectBytes(withBom, BOM + 'two\r\n')
    const plain = file('p.txt', 'one\r\n')
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('zwei\n', 'utf16le')])
    expectStatus(cli(['write', 'p.txt'], utf16), 0)
    expectBytes(plain, 'zwei\r\n')
    const be = Buffer.from([0xfe, 0xff, 0x00, 0x64, 0x00, 0x0a])
    expectStatus(cli(['write', 'p.txt'], be), 0)
    expectBytes(plain, 'd\r\n')
    for (const bom of [Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from([0xff, 0xfe])]) {
      const r = cli(['write', 'p.txt'], bom)
      expectStatus(r, 2)
      expect(r.stderr).toMatch(/^USAGE: write: stdin is empty/)
      expectBytes(plain, 'd\r\n')
    }
    expectStatus(cli(['write', 'p.txt', '--allow-empty'], Buffer.from([0xef, 0xbb, 0xbf])), 0)
    expectBytes(plain, '')
  })

  it('UTF-16 without a BOM (NUL bytes) is refused unless --encoding names it', () => {
    const p = file('n.txt', 'keep\n')
    const r = cli(['write', 'n.txt'], Buffer.from('hi\n', 'utf16le'))
    expectStatus(r, 2)
    expect(r.stderr).toMatch(/has NUL bytes \(binary data, or UTF-16 without a byte order mark\)/)
    expectBytes(p, 'keep\n')
    expectStatus(cli(['write', 'n.txt', '--encoding', 'utf-16le'], Buffer.from('hi\n', 'utf16le')), 0)
    expectBytes(p, 'hi\n')
  })

  it('patch reads a patch that is not UTF-8 in --encoding, from stdin or a file, and refuses it without', () => {
    const g = file('g.txt', Buffer.from([0xc4, 0xe3, 0x0a])) // 你
    const patch = Buffer.concat([
      Buffer.from('*** Begin Patch\n*** Update File: g.txt\n@@\n-'),
      Buffer.from([0xc4, 0xe3]),
      Buffer.from('\n+'),
      Buffer.from([0xba, 0xc3]),
      Buffer.from('\n*** End Patch\n'),
    ])
    const refused = cli(['patch'], patch)
    expectStatus(refused, 2)
    expect(refused.stderr).toMatch(/^USAGE: patch: the patch on stdin is not valid UTF-8, .*--encoding LABEL/)
    file('fix.patch', patch)
    expect(cli(['patch', 'fix.patch']).stderr).toMatch(/^USAGE: patch: the patch "fix\.patch" is not valid UTF-8/)
    expect(fs.readFileSync(g)).toEqual(Buffer.from([0xc4, 0xe3, 0x0a]))
    expectStatus(cli(['patch', '--encoding', 'gbk'], patch), 0)
    expect(fs.readFileSync(g)).toEqual(Buffer.from([0xba, 0xc3, 0x0a]))
    const bomOnly = cli(['patch'], Buffer.from([0xef, 0xbb, 0xbf]))
    expectStatus(bomOnly, 1)
    expect(bomOnly.stderr).toMatch(/^PATCH_INVALID: Invalid patch: it is empty\./)
  })

  it('a write past --max-bytes (a 100 KB stream against 1000) is refused and writes nothing; a file over it can still be replaced', () => {
    const big = Buffer.from(('x'.repeat(99) + '\n').repeat(1000))
    const r = cli(['write', 'big.txt', '--max-bytes', '1000'], big)
    expectStatus(r, 1)
    expect(r.stderr).toMatch(/^FILE_TOO_LARGE: File too large: big\.txt would be 100000 bytes, over the limit of 1000 bytes.* pass a larger --max-bytes/)
    expect(fs.existsSync(path.join(dir, 'big.txt'))).toBe(false)
    const huge = file('huge.txt', big)
    expectStatus(cli(['read', 'huge.txt', '--max-bytes', '1000']), 1)
    const replaced = cli(['write', 'huge.txt', '--max-bytes', '1000'], 'small\n')
    expectStatus(replaced, 0)
    expect(replaced.stderr).toMatch(/^warning: huge\.txt was 100000 bytes, over the limit of 1000 bytes, so it was replaced without being read/)
    expectBytes(huge, 'small\n')
    expectStatus(cli(['read', 'huge.txt', '--max-bytes', '1000']), 0)
  })

  it('files the command creates follow the umask (077: only their owner reads them)', (ctx) => {
    skipUnless(ctx, can.shellChildren, can.posixModes)
    const env = { ...process.env }
    delete env.FORCE_COLOR
    const script = 'umask 077; printf "x\\n" | "$0" "$1" write new/a.txt && printf "*** Begin Patch\\n*** Add File: p/b.txt\\n+b\\n*** End Patch\\n" | "$0" "$1" patch'
    const r = spawnSync('/bin/sh', ['-c', script, process.execPath, bin], { cwd: dir, env, encoding: 'utf8' })
    expect(r.status, r.stderr).toBe(0)
    const mode = (p: string) => fs.statSync(path.join(dir, p)).mode & 0o777
    expect([mode('new'), mode('new/a.txt'), mode('p'), mode('p/b.txt')]).toEqual([0o700, 0o600, 0o700, 0o600])
  })
})

// ---------------------------------------------------------------------------

describe("messages name only the command line's commands and flags", () => {
  it('every kind of error and warning, as a user reads it', () => {
    file('a.txt', 'a\r\nb\r\na\r\n')
    file('e.txt', '')
    file('u16.txt', utf16le('one\r\n'))
    file('legacy.txt', Buffer.from('abc\x80def\n', 'latin1'))
    file('w1252.txt', Buffer.from('caf\xe9 cr\xe8me br\xfbl\xe9e\n', 'latin1'))
    file('ascii.txt', 'plain\n')
    file('gbk.txt', Buffer.from([0xc4, 0xe3, 0xba, 0xc3, 0x0a]))
    file('big.txt', 'x'.repeat(300))
    const cases: Array<[string[], string | undefined, RegExp]> = [
      [['read', 'u16.txt'], undefined, /^BINARY_FILE/],
      [['read', 'legacy.txt'], undefined, /^warning/],
      [['read', 'w1252.txt'], undefined, /^warning/],
      [['read', 'ascii.txt', '--encoding', 'gbk'], undefined, /^$/],
      [['read', 'w1252.txt', '--encoding', 'utf-8'], undefined, /^warning/],
      [['read', 'big.txt', '--max-bytes', '10'], undefined, /^FILE_TOO_LARGE/],
      [['read', 'nope.txt'], undefined, /^FILE_NOT_FOUND/],
      [['edit', 'a.txt', '--old', 'zzz', '--new', 'y'], undefined, /^TEXT_NOT_FOUND/],
      [['edit', 'e.txt', '--old', 'zzz', '--new', 'y'], undefined, /^TEXT_NOT_FOUND/],
      [['edit', 'a.txt', '--old', 'a', '--new', 'y'], undefined, /^TEXT_MULTIPLE_MATCHES/],
      [['edit', 'a.txt', '--old', '', '--new', 'y'], undefined, /^INVALID_ARGUMENT/],
      [['edit', 'a.txt', '--old', 'b\r\n', '--new', 'b\r\n'], undefined, /^NO_CHANGE/],
      [['edit', 'a.txt', '--old', 'a\nb', '--new', 'a\r\nb'], undefined, /^NO_CHANGE/],
      [['edit', 'gbk.txt', '--old', '\u4f60', '--new', '\u{1F600}', '--encoding', 'gbk'], undefined, /^ENCODING_UNMAPPABLE/],
      [['edit', 'legacy.txt', '--old', 'def', '--new', 'd\u00e9f', '--dry-run'], undefined, /./], // ENCODING_UNKNOWN where the core refuses it
      [['edit', 'nope.txt', '--old', 'a', '--new', 'b'], undefined, /^FILE_NOT_FOUND/],
      [['delete-range', 'a.txt', 'zz', 'b'], undefined, /^ANCHOR_NOT_FOUND/],
      [['delete-range', 'a.txt', 'b', 'zz'], undefined, /^ANCHOR_NOT_FOUND/],
      [['delete-range', 'a.txt', 'a', 'b'], undefined, /^ANCHOR_MULTIPLE_MATCHES/],
      [['delete-range', 'a.txt', '3', '2'], undefined, /^ANCHOR_ORDER/],
      [['delete-range', 'a.txt', '1', '2'], undefined, /^EMPTY_RANGE/],
      [['convert', 'a.txt', 'nope.txt', '--to', 'crlf', '--json'], undefined, /^FILE_NOT_FOUND/],
      [['patch'], 'not a patch', /^PATCH_INVALID/],
      [['patch'], '*** Begin Patch\n*** Update File: a.txt\n@@\n-zz\n+y\n*** End Patch\n', /^TEXT_NOT_FOUND/],
      [['patch', '--check'], '*** Begin Patch\n*** Update File: legacy.txt\n@@\n-abc\ufffddef\n+abcdef\n*** End Patch\n', /./],
      [['write', 'a.txt', '--dry-run'], 'x\r\ny\nz\n', /(?:)/],
      [['inspect', 'legacy.txt', 'u16.txt', 'nope'], undefined, /./],
    ]
    for (const [args, input, stderr] of cases) {
      const r = cli(args, input ?? '')
      expect(r.stderr, args.join(' ')).toMatch(stderr)
    }
  }, 300_000) // about 30 runs of the command: slow under wine and qemu

  // Last in this file: every run any test above made.
  it('no message of any run in this file names the library\u2019s or the agent tools\u2019 names or option syntax', () => {
    expect(runs.length).toBeGreaterThan(100)
    const problems: string[] = []
    for (const { args, run } of runs) {
      // Help is about the commands; messages are stderr, and the warnings and errors of --json.
      let text = run.stderr
      if (args.includes('--json')) {
        try {
          text += '\n' + jsonMessages(JSON.parse(run.stdout)).join('\n')
        } catch {}
      }
      for (const problem of cliOutputProblems(text)) problems.push(`eol-edit ${args.join(' ')}: ${problem}\n  ${text.slice(0, 300)}`)
    }
    expect(problems).toEqual([])
  })
})
