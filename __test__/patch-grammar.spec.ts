// What a patch text means and where its hunks go, through the built package
// (`applyPatchSync`, `applyPatch`, `parsePatch`): hunks that end by their `@@` counts,
// added lines that must start or end the file, the names of a traditional diff, and
// what git refuses (inconsistent headers, symbolic links and submodules, a deletion
// that would drop content, a new file that keeps old lines). Facts from git's t41xx tests, jsdiff's, Codex's and OpenCode's; every
// case runs on LF, CRLF, lone-CR and mixed files, with an LF and a CRLF patch text,
// and every expectation is about bytes on disk.

import * as fs from 'node:fs'
import * as os from 'node:os'
import * as path from 'node:path'

import { afterEach, describe, expect, it } from 'vitest'

import * as eol from '../index.js'
import { can, skipUnless } from './support/platform'

const made: string[] = []

function tmp(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eol-grammar-'))
  made.push(dir)
  return dir
}

afterEach(() => {
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true })
})

function write(dir: string, rel: string, bytes: string): void {
  const file = path.join(dir, rel)
  fs.mkdirSync(path.dirname(file), { recursive: true })
  fs.writeFileSync(file, bytes)
}

function read(dir: string, rel: string): string {
  return fs.readFileSync(path.join(dir, rel), 'latin1')
}

/** Every entry below `dir`: a file's bytes, a link's target, a folder. */
function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {}
  const walk = (d: string) => {
    for (const entry of fs.readdirSync(d, { withFileTypes: true })) {
      const full = path.join(d, entry.name)
      const rel = path.relative(dir, full)
      if (entry.isSymbolicLink()) out[rel] = `link ${fs.readlinkSync(full)}`
      else if (entry.isDirectory()) {
        out[rel] = 'folder'
        walk(full)
      } else out[rel] = fs.readFileSync(full).toString('hex')
    }
  }
  walk(dir)
  return out
}

function caught(f: () => unknown): any {
  try {
    f()
  } catch (e) {
    return e
  }
  throw new Error('expected an error')
}

type Endings = 'lf' | 'crlf' | 'cr' | 'mixed'
const ENDINGS: Endings[] = ['lf', 'crlf', 'cr', 'mixed']

/** The ending of line `i` of a file with `kind` endings (mixed: CRLF, CRLF, LF, …). */
function ending(kind: Endings, i: number): string {
  return { lf: '\n', crlf: '\r\n', cr: '\r', mixed: i % 3 === 2 ? '\n' : '\r\n' }[kind]
}

/** `lines` as a file with `kind` endings, the last one without when `final` is false. */
function text(lines: string[], kind: Endings, final = true): string {
  return lines.map((l, i) => l + (final || i < lines.length - 1 ? ending(kind, i) : '')).join('')
}

const crlfPatch = (patch: string) => patch.replace(/\n/g, '\r\n')

/** Both patch texts: as written, and with CRLF breaks (a Windows clipboard). */
function patchTexts(patch: string): Array<[string, string]> {
  return [
    ['an LF patch', patch],
    ['a CRLF patch', crlfPatch(patch)],
  ]
}

interface Case {
  name: string
  file: string
  before: string[]
  patch: string
  after: string[]
  /** The file has no final line ending, before and after. */
  noFinal?: boolean
  /** The result for the mixed file, when lines are added or removed. */
  mixed?: string
}

const GIT_DATE = '\t2007-02-21 01:04:24.000000000 -0800'

/** A git deletion of gone.txt that shows its three lines. */
const DELETE_ABC =
  'diff --git a/gone.txt b/gone.txt\ndeleted file mode 100644\nindex 3b18e51..0000000\n--- a/gone.txt\n+++ /dev/null\n@@ -1,3 +0,0 @@\n-a\n-b\n-c\n'

const SUBMODULE_COMMIT = 'Subproject commit 1234567890123456789012345678901234567890'

const applies: Case[] = [
  {
    name: 'a removed `-- x` and an added `++ x` within the counts are content, not a file header (jsdiff)',
    file: 'q.sql',
    before: ['select 1;', '-- bla', 'end'],
    patch: '--- q.sql\t2024-06-14 21:57:04 +0100\n+++ q.sql\t2024-06-14 22:00:57 +0100\n@@ -2 +2 @@\n--- bla\n+++ bla\n',
    after: ['select 1;', '++ bla', 'end'],
  },
  {
    name: 'a Lua comment changed in a git diff, with the counts ending the hunk before the next file',
    file: 'a.lua',
    before: ['-- old', 'x = 1', 'y = 2'],
    patch:
      'diff --git a/a.lua b/a.lua\n--- a/a.lua\n+++ b/a.lua\n@@ -1,2 +1,2 @@\n--- old\n+-- new\n x = 1\ndiff --git a/b.txt b/b.txt\nnew file mode 100644\n--- /dev/null\n+++ b/b.txt\n@@ -0,0 +1 @@\n+b\n',
    after: ['-- new', 'x = 1', 'y = 2'],
  },
  {
    name: 'added lines after the last context line go at the end when that is where the context is (git t4113)',
    file: 'file',
    before: ['a', 'b', 'c'],
    patch: 'diff --git a/file b/file\n--- a/file\n+++ b/file\n@@ -1,3 +1,4 @@\n a\n b\n c\n+d\n',
    after: ['a', 'b', 'c', 'd'],
    mixed: 'a\r\nb\r\nc\nd\r\n',
  },
  {
    name: 'added lines before the first context line of a hunk at line 1 go at the start (git t4113)',
    file: 'file',
    before: ['b', 'c', 'd'],
    patch: 'diff a/file b/file\n--- a/file\n+++ b/file\n@@ -1,3 +1,4 @@\n+a\n b\n c\n d\n',
    after: ['a', 'b', 'c', 'd'],
    mixed: 'a\r\nb\r\nc\r\nd\n',
  },
  {
    name: 'a removed line at the edge of a hunk places it by its content, even past the old end (jsdiff)',
    file: 'file.txt',
    before: ['foo', 'bar', 'baz', 'banana', 'qux'],
    noFinal: true,
    patch:
      'Index: file.txt\n===================================================================\n--- file.txt\n+++ file.txt\n@@ -1,4 +1,4 @@\n foo\n bar\n baz\n-banana\n\\ No newline at end of file\n+babaco\n\\ No newline at end of file\n',
    after: ['foo', 'bar', 'baz', 'babaco', 'qux'],
  },
  {
    name: '`--- sub/file1` / `+++ sub/file1+` patches sub/file1, the shorter name (git t4119)',
    file: 'sub/file1',
    before: ['A'],
    patch: `--- a/sub/file1${GIT_DATE}\n+++ b/sub/file1+${GIT_DATE}\n@@ -1 +1 @@\n-A\n+B \n`,
    after: ['B '],
  },
  {
    name: '`--- /dev/null` before old lines, without `new file mode`, changes the `+++` file where they are (Aider)',
    file: 'file.txt',
    before: ['Original', 'More'],
    patch: 'Some text...\n\n```diff\n--- /dev/null\n+++ file.txt\n@@ ... @@\n-Original\n+Modified\n```\n',
    after: ['Modified', 'More'],
  },
  {
    name: 'a blank line right after an `@@ anchor` line is an empty context line (Codex)',
    file: 'f',
    before: ['change_context', '', 'context', 'remove', 'context2'],
    patch: '*** Begin Patch\n*** Update File: f\n@@ change_context\n\n context\n-remove\n+add\n context2\n*** End Patch',
    after: ['change_context', '', 'context', 'add', 'context2'],
  },
]

describe('patches that apply, in every line ending', () => {
  for (const c of applies) {
    for (const kind of ENDINGS) {
      for (const [how, patch] of patchTexts(c.patch)) {
        it(`${c.name}: ${kind} file, ${how}`, () => {
          const dir = tmp()
          const final = !c.noFinal
          write(dir, c.file, text(c.before, kind, final))
          eol.applyPatchSync(patch, { cwd: dir, root: dir })
          const want = kind === 'mixed' && c.mixed !== undefined ? c.mixed : text(c.after, kind, final)
          expect(read(dir, c.file)).toBe(want)
        })
      }
    }
  }

  it('lines added to an empty file get no final newline when the patch says so (git t4124)', async () => {
    const patch =
      'diff --git a/target b/target\nindex e69de29..8bd6648 100644\n--- a/target\n+++ b/target\n@@ -0,0 +1,3 @@\n+An empty line follows\n+\n+A line with trailing whitespace and no newline \n\\ No newline at end of file\n'
    for (const [, p] of patchTexts(patch)) {
      const dir = tmp()
      write(dir, 'target', '')
      await eol.applyPatch(p, { cwd: dir })
      expect(read(dir, 'target')).toBe('An empty line follows\n\nA line with trailing whitespace and no newline ')
    }
  })
})

interface Refusal {
  name: string
  files: Record<string, string[]>
  patch: string
  code: string
  fileIndex: number
  hunkIndex?: number
  message: string
  /** Refused by what is on disk (a section about a link already there), so parsePatch takes it. */
  byDisk?: true
}

const refusals: Refusal[] = [
  {
    name: 'added lines that end a hunk whose context no longer ends the file (git t4113 "apply at the end")',
    files: { file: ['a', 'b', 'c'] },
    patch: 'diff --git a/file b/file\n--- a/file\n+++ b/file\n@@ -1,2 +1,3 @@\n a\n b\n+c\n',
    code: 'TEXT_NOT_FOUND',
    fileIndex: 0,
    hunkIndex: 0,
    message: 'at the end of the file',
  },
  {
    name: 'added lines that start a hunk at line 1 whose context no longer starts the file (git t4113 "apply at the beginning")',
    files: { file: ['a', 'b', 'c'] },
    patch: 'diff a/file b/file\n--- a/file\n+++ b/file\n@@ -1,2 +1,3 @@\n+a\n b\n c\n',
    code: 'TEXT_NOT_FOUND',
    fileIndex: 0,
    hunkIndex: 0,
    message: 'at the start of the file',
  },
  {
    name: 'a second hunk that ends the file while the file goes on, with a file to add after it (git t4150 #34)',
    files: { file: ['x', 'y', 'one', 'two', 'three', 'four', 'five', 'end', 'second'] },
    patch:
      'diff --git a/file b/file\n--- a/file\n+++ b/file\n@@ -1,4 +1,2 @@\n-x\n-y\n one\n two\n@@ -6,3 +4,4 @@\n four\n five\n end\n+second\ndiff --git a/another b/another\nnew file mode 100644\nindex 0000000..dd7e1c6\n--- /dev/null\n+++ b/another\n@@ -0,0 +1 @@\n+goodbye\n',
    code: 'TEXT_NOT_FOUND',
    fileIndex: 0,
    hunkIndex: 1,
    message: 'hunk #2',
  },
  {
    name: 'a `+++` name that is not the file `diff --git` names (git t4133)',
    files: { keep: ['k'] },
    patch: 'diff --git a/f b/f\nnew file mode 100644\nindex 0000000..d00491f\n--- /dev/null\n+++ b/f-blah\n@@ -0,0 +1 @@\n+1\n',
    code: 'PATCH_INVALID',
    fileIndex: 0,
    message: 'line 5',
  },
  {
    name: '`new file mode` together with `rename from`/`rename to` (git t4136)',
    files: { '1': ['1'] },
    patch: 'diff --git a/1 b/2\nnew file mode 100644\nrename from 1\nrename to 2\n',
    code: 'PATCH_INVALID',
    fileIndex: 0,
    message: 'line 3',
  },
  {
    name: 'a deletion whose `index` line names the empty file, of a file with content (git t4140)',
    files: { 'test-file': ['1', '2', '3', '4', '5'] },
    patch: 'diff --git a/test-file b/test-file\ndeleted file mode 100644\nindex e69de29..0000000\n',
    code: 'PATCH_INVALID',
    fileIndex: 0,
    message: 'empty file',
  },
  {
    name: 'a file deleted and a symbolic link added in its place (git t4114 "file becomes symlink")',
    files: { foo: ['hello world'], bar: ['hi planet'] },
    patch:
      'diff --git a/foo b/foo\ndeleted file mode 100644\nindex 3b18e51..0000000\n--- a/foo\n+++ /dev/null\n@@ -1 +0,0 @@\n-hello world\ndiff --git a/foo b/foo\nnew file mode 120000\nindex 0000000..ba0e162\n--- /dev/null\n+++ b/foo\n@@ -0,0 +1 @@\n+bar\n\\ No newline at end of file\n',
    code: 'PATCH_INVALID',
    fileIndex: 1,
    message: 'symbolic link',
  },
  {
    name: "a link's target changed, the mode on the `index` line (git t4115)",
    files: { link1: ['path1/path2'] },
    patch:
      'diff --git a/link1 b/link1\nindex e22c044..566d571 120000\n--- a/link1\n+++ b/link1\n@@ -1 +1 @@\n-path1/path2\n\\ No newline at end of file\n+htap6\n\\ No newline at end of file\n',
    code: 'PATCH_INVALID',
    fileIndex: 0,
    message: 'symbolic link',
    byDisk: true,
  },
  {
    name: 'a link and a file beyond it (git t4139 "symlink escape via ..")',
    files: { keep: ['k'] },
    patch:
      'diff --git a/tmp b/tmp\nnew file mode 120000\nindex 0000000..a96aa0e\n--- /dev/null\n+++ b/tmp\n@@ -0,0 +1 @@\n+..\n\\ No newline at end of file\ndiff --git a/tmp/foo b/tmp/foo\nnew file mode 100644\nindex 0000000..53c74cd\n--- /dev/null\n+++ b/tmp/foo\n@@ -0,0 +1 @@\n+evil\n',
    code: 'PATCH_INVALID',
    fileIndex: 0,
    message: 'does not create, change or delete symbolic links',
  },
  {
    name: 'a deletion whose hunk leaves a line the file has gained since the diff (git "patch does not apply")',
    files: { 'gone.txt': ['a', 'b', 'c', 'd'] },
    patch: DELETE_ABC,
    code: 'TEXT_NOT_FOUND',
    fileIndex: 0,
    message: 'gone.txt: the section deletes the file, but its hunks do not remove all of it',
  },
  {
    name: 'a deletion whose hunk leaves lines before it, quoted as read_file shows them',
    files: { 'gone.txt': ['x', 'y', 'a', 'b', 'c'] },
    patch: '--- a/gone.txt\n+++ /dev/null\n@@ -1,3 +0,0 @@\n-a\n-b\n-c\n',
    code: 'TEXT_NOT_FOUND',
    fileIndex: 0,
    message: 'lines 1-2',
  },
  {
    name: 'a deletion whose hunk is not in the file names the hunk',
    files: { 'gone.txt': ['a', 'B', 'c'] },
    patch: DELETE_ABC,
    code: 'TEXT_NOT_FOUND',
    fileIndex: 0,
    hunkIndex: 0,
    message: 'gone.txt, hunk #1',
  },
  {
    name: 'a deletion with a context line (git "deleted file still has contents")',
    files: { f: ['a', 'b', 'c'] },
    patch: 'diff --git a/f b/f\ndeleted file mode 100644\n--- a/f\n+++ /dev/null\n@@ -1,3 +0,1 @@\n-a\n b\n-c\n',
    code: 'PATCH_INVALID',
    fileIndex: 0,
    message: 'line 7: the section on line 1 deletes `f`',
  },
  {
    name: 'a new file with a context line (git "new file depends on old contents")',
    files: { keep: ['k'] },
    patch: 'diff --git a/n b/n\nnew file mode 100644\n--- /dev/null\n+++ b/n\n@@ -1,1 +1,3 @@\n+a\n x\n+b\n',
    code: 'PATCH_INVALID',
    fileIndex: 0,
    message: 'line 7: the section on line 1 creates `n`',
  },
  {
    name: "a new file's empty line written without its `+`, in a second section",
    files: { k: ['p'] },
    patch:
      'diff --git a/k b/k\n--- a/k\n+++ b/k\n@@ -1 +1 @@\n-p\n+q\ndiff --git a/n b/n\nnew file mode 100644\n--- /dev/null\n+++ b/n\n@@ -0,0 +1,3 @@\n+a\n\n+b\n',
    code: 'PATCH_INVALID',
    fileIndex: 1,
    message: 'line 13: the section on line 7 creates `n`',
  },
  {
    name: 'a submodule added (gitlink, mode 160000)',
    files: { keep: ['k'] },
    patch: `diff --git a/sub b/sub\nnew file mode 160000\nindex 0000000..1234567\n--- /dev/null\n+++ b/sub\n@@ -0,0 +1 @@\n+${SUBMODULE_COMMIT}\n`,
    code: 'PATCH_INVALID',
    fileIndex: 0,
    message: '`sub` is a submodule (a gitlink, mode 160000)',
  },
  {
    name: 'a submodule moved to another commit, its mode on the `index` line',
    files: { ok: ['a'], sub: [SUBMODULE_COMMIT] },
    patch: `diff --git a/ok b/ok\n--- a/ok\n+++ b/ok\n@@ -1 +1 @@\n-a\n+b\ndiff --git a/sub b/sub\nindex 1234567..89abcde 160000\n--- a/sub\n+++ b/sub\n@@ -1 +1 @@\n-${SUBMODULE_COMMIT}\n+Subproject commit 89abcde0123456789012345678901234567890ab\n`,
    code: 'PATCH_INVALID',
    fileIndex: 1,
    message: 'does not create, change or delete submodules',
  },
  {
    name: 'an envelope with no sections (OpenCode)',
    files: { keep: ['k'] },
    patch: '*** Begin Patch\n*** End Patch',
    code: 'PATCH_INVALID',
    fileIndex: -1,
    message: 'no sections',
  },
]

describe('refused patches leave every file byte-identical, dry run or not', () => {
  for (const r of refusals) {
    for (const kind of ENDINGS) {
      for (const [how, patch] of patchTexts(r.patch)) {
        it(`${r.name}: ${kind} files, ${how}`, () => {
          const dir = tmp()
          for (const [rel, lines] of Object.entries(r.files)) write(dir, rel, text(lines, kind))
          const before = snapshot(dir)
          for (const dryRun of [true, false]) {
            const e = caught(() => eol.applyPatchSync(patch, { cwd: dir, root: dir, dryRun }))
            expect(e.code).toBe(r.code)
            if (r.fileIndex >= 0) expect(e.fileIndex).toBe(r.fileIndex)
            else expect(e.fileIndex).toBeUndefined()
            if (r.hunkIndex !== undefined) expect(e.hunkIndex).toBe(r.hunkIndex)
            expect(e.message).toContain(r.message)
            expect(snapshot(dir)).toEqual(before)
          }
        })
      }
    }
  }

  it('the async call refuses the same way', async () => {
    const dir = tmp()
    write(dir, 'file', 'a\r\nb\r\nc\r\n')
    await expect(
      eol.applyPatch('--- a/file\n+++ b/file\n@@ -1,2 +1,3 @@\n a\n b\n+c\n', { cwd: dir }),
    ).rejects.toMatchObject({ code: 'TEXT_NOT_FOUND', fileIndex: 0, hunkIndex: 0 })
    await expect(eol.applyPatch('*** Begin Patch\r\n*** End Patch\r\n', { cwd: dir })).rejects.toMatchObject({
      code: 'PATCH_INVALID',
    })
    expect(read(dir, 'file')).toBe('a\r\nb\r\nc\r\n')
  })

  it('deleting a symbolic link (mode 120000) and adding a file at its path is NOT_A_FILE, and the link and its target stay (git t4114)', (ctx) => {
    skipUnless(ctx, can.symlink)
    const dir = tmp()
    write(dir, 'bar', 'hi planet\r\n')
    fs.symlinkSync('bar', path.join(dir, 'foo'))
    const before = snapshot(dir)
    const patch =
      'diff --git a/foo b/foo\ndeleted file mode 120000\nindex ba0e162..0000000\n--- a/foo\n+++ /dev/null\n@@ -1 +0,0 @@\n-bar\n\\ No newline at end of file\ndiff --git a/foo b/foo\nnew file mode 100644\nindex 0000000..ab26de5\n--- /dev/null\n+++ b/foo\n@@ -0,0 +1 @@\n+how far is the sun?\n'
    for (const dryRun of [true, false]) {
      const e = caught(() => eol.applyPatchSync(patch, { cwd: dir, dryRun }))
      expect(e).toMatchObject({ code: 'NOT_A_FILE', fileIndex: 0 })
      expect(e.message).toContain('symbolic link')
    }
    expect(eol.parsePatch(patch).files.map((f) => f.action)).toEqual(['delete', 'add'])
    expect(snapshot(dir)).toEqual(before)
  })

  it('a deletion whose hunk leaves lines quotes them, and names them in `lines`', () => {
    const dir = tmp()
    write(dir, 'gone.txt', 'a\r\nb\r\nc\r\nkeep me\r\n')
    const e = caught(() => eol.applyPatchSync(DELETE_ABC, { cwd: dir }))
    expect(e).toMatchObject({ code: 'TEXT_NOT_FOUND', fileIndex: 0, lines: [4] })
    expect(e.message).toContain('4\u2502keep me')
    expect(read(dir, 'gone.txt')).toBe('a\r\nb\r\nc\r\nkeep me\r\n')
  })

  it('a deletion whose `index` line names the empty file deletes an empty file', () => {
    const dir = tmp()
    write(dir, 'test-file', '')
    eol.applyPatchSync('diff --git a/test-file b/test-file\ndeleted file mode 100644\nindex e69de29..0000000\n', { cwd: dir })
    expect(fs.existsSync(path.join(dir, 'test-file'))).toBe(false)
  })
})

describe('a deletion with hunks deletes a file whose every line they remove', () => {
  const files: Array<[string, (kind: Endings) => string]> = [
    ['its lines', (kind) => text(['a', 'b', 'c'], kind)],
    ['its lines without a final line ending', (kind) => text(['a', 'b', 'c'], kind, false)],
    ['its lines with trailing spaces the patch lacks', (kind) => text(['a  ', 'b\t', 'c'], kind)],
  ]
  for (const [what, make] of files) {
    for (const kind of ENDINGS) {
      for (const [how, patch] of patchTexts(DELETE_ABC)) {
        it(`${what}: ${kind} file, ${how}`, () => {
          const dir = tmp()
          write(dir, 'gone.txt', make(kind))
          const dry = eol.applyPatchSync(patch, { cwd: dir, root: dir, dryRun: true })
          expect(dry.files.map((f) => [f.path, f.action])).toEqual([['gone.txt', 'delete']])
          expect(read(dir, 'gone.txt')).toBe(make(kind))
          eol.applyPatchSync(patch, { cwd: dir, root: dir })
          expect(fs.existsSync(path.join(dir, 'gone.txt'))).toBe(false)
        })
      }
    }
  }

  it('several hunks may remove the file between them', async () => {
    const dir = tmp()
    write(dir, 'f', 'a\r\nb\r\nc\n')
    await eol.applyPatch('--- a/f\n+++ /dev/null\n@@ -1 +0,0 @@\n-a\n@@ -2,2 +0,0 @@\n-b\n-c\n', { cwd: dir })
    expect(fs.existsSync(path.join(dir, 'f'))).toBe(false)
  })
})

describe('parsePatch reads the grammar the same way', () => {
  it("a deletion's hunks are its removed lines", () => {
    const f = eol.parsePatch(DELETE_ABC).files[0]
    expect([f.path, f.action]).toEqual(['gone.txt', 'delete'])
    expect(f.hunks.map((h) => h.lines)).toEqual([['-a', '-b', '-c']])
  })

  it('hunks end by their counts: `--- bla` / `+++ bla` are a removed and an added line (jsdiff)', () => {
    const p = eol.parsePatch(
      '--- foo\t2024-06-14 21:57:04.341065736 +0100\n+++ bar\t2024-06-14 22:00:57.988080321 +0100\n@@ -4 +4 @@\n--- bla\n+++ bla\n@@ -6,0 +7 @@\n+seventh\n',
    )
    expect(p.files).toHaveLength(1)
    expect(p.files[0].hunks.map((h) => h.lines)).toEqual([['--- bla', '+++ bla'], ['+seventh']])
    expect(p.files[0].hunks.map((h) => [h.oldStart, h.oldLines, h.newStart, h.newLines])).toEqual([
      [4, 1, 4, 1],
      [6, 0, 7, 1],
    ])
  })

  it('a quoted name followed by a tab and a header is the quoted name (jsdiff)', () => {
    const p = eol.parsePatch(
      'Index: test\n===================================================================\n--- "from\\\\a\\\\file"\theader1\n+++ "to\\\\a\\\\file"\theader2\n@@ -1,3 +1,4 @@\n line2\n line3\n+line4\n line5',
    )
    expect(p.files[0].path).toBe('to\\a\\file')
    expect(p.files[0].hunks[0].lines).toEqual([' line2', ' line3', '+line4', ' line5'])
  })

  it('a blank line right after `@@ anchor` is context, in a CRLF patch too (Codex)', () => {
    for (const [, patch] of patchTexts('*** Begin Patch\n*** Update File: f\n@@ change_context\n\n context\n-remove\n+add\n*** End Patch')) {
      const h = eol.parsePatch(patch).files[0].hunks[0]
      expect(h.anchors).toEqual(['change_context'])
      expect(h.lines).toEqual([' ', ' context', '-remove', '+add'])
    }
  })

  it('symbolic-link and submodule entries, an empty envelope, inconsistent headers and hunks a new or deleted file cannot have are PATCH_INVALID', () => {
    for (const r of refusals.filter((r) => r.code === 'PATCH_INVALID' && !r.message.includes('empty file') && !r.byDisk)) {
      const e = caught(() => eol.parsePatch(r.patch))
      expect(e.code, r.name).toBe('PATCH_INVALID')
      if (r.fileIndex >= 0) expect(e.fileIndex, r.name).toBe(r.fileIndex)
    }
  })
})
