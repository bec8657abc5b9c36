// What a patch of several sections does to the tree (git apply's meaning): which
// state each section reads, moves onto moved files, criss-cross moves and rotations,
// a delete and an add of one path, symbolic links, and dry runs that fail exactly
// where the real call would. Through the generated loader and the command line.
import { spawnSync } from 'node:child_process'
import * as fs from 'node:fs'
import * as os from 'node:os'
import * as path from 'node:path'

import { afterEach, describe, expect, it } from 'vitest'

import * as eol from '../index.js'
import { can, skipUnless } from './support/platform'

const bin = path.resolve(__dirname, '..', 'bin', 'eol-edit.js')

const made: string[] = []
afterEach(() => {
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true })
})

function tmp(): string {
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'eol-patch-tree-')))
  made.push(dir)
  return dir
}

function write(dir: string, rel: string, bytes: string | Buffer): void {
  const file = path.join(dir, rel)
  fs.mkdirSync(path.dirname(file), { recursive: true })
  fs.writeFileSync(file, bytes)
}

const read = (dir: string, rel: string) => fs.readFileSync(path.join(dir, rel), 'latin1')

/** Every entry below `dir`: files with their bytes, links with their targets. */
function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {}
  const walk = (d: string) => {
    for (const entry of fs.readdirSync(d, { withFileTypes: true })) {
      const full = path.join(d, entry.name)
      // Keys with `/` on every platform, as the tests write them.
      const rel = path.relative(dir, full).split(path.sep).join('/')
      if (entry.isSymbolicLink()) out[rel] = `-> ${fs.readlinkSync(full)}`
      else if (entry.isDirectory()) walk(full)
      else out[rel] = fs.readFileSync(full, 'latin1')
    }
  }
  walk(dir)
  return out
}

const envelope = (body: string) => `*** Begin Patch\n${body}\n*** End Patch\n`

function caught(fn: () => unknown): any {
  try {
    fn()
  } catch (error) {
    return error
  }
  throw new Error('expected an error')
}

/** LF text with every line ending as `ending` says: one ending, or CRLF and LF by turns. */
function withEndings(text: string, ending: string): string {
  let i = 0
  return text.replace(/\n/g, () => (ending === 'mixed' ? (i++ % 2 ? '\n' : '\r\n') : ending))
}

const ENDINGS: Array<[string, string]> = [
  ['LF', '\n'],
  ['CRLF', '\r\n'],
  ['lone CR', '\r'],
  ['mixed', 'mixed'],
]

describe('each section reads the tree as the sections before it left it', () => {
  // git's t4127 "apply same new filename after rename": a rename with a hunk, then a
  // section on the new name. The second change used to be dropped.
  const unified =
    'diff --git a/same_fn b/new_fn\nsimilarity index 90%\nrename from same_fn\nrename to new_fn\n--- a/same_fn\n+++ b/new_fn\n@@ -2,3 +2,3 @@ a\n b\n-c\n+z\n d\ndiff --git a/new_fn b/new_fn\n--- a/new_fn\n+++ b/new_fn\n@@ -3,3 +3,3 @@ b\n z\n-d\n+y\n e\n'
  const envelopeForm = envelope(
    '*** Update File: same_fn\n*** Move to: new_fn\n@@\n b\n-c\n+z\n d\n*** Update File: new_fn\n@@\n z\n-d\n+y\n e',
  )
  for (const [name, ending] of ENDINGS) {
    for (const [format, patch] of [
      ['unified', unified],
      ['envelope', envelopeForm],
    ]) {
      it(`a later section on a move's new name changes the moved content: ${format}, ${name}`, () => {
        const dir = tmp()
        write(dir, 'same_fn', withEndings('a\nb\nc\nd\ne\nf\n', ending))
        const r = eol.applyPatchSync(patch, { cwd: dir, root: dir })
        expect(snapshot(dir)).toEqual({ new_fn: withEndings('a\nb\nz\ny\ne\nf\n', ending) })
        expect(r.files.map((f) => [f.action, f.path, f.movedTo ?? null])).toEqual([
          ['move', 'same_fn', 'new_fn'],
          ['update', 'new_fn', null],
        ])
        expect(r.files[0].version).toBeUndefined()
        expect(r.files[1].version).toBe(eol.readFileSync(path.join(dir, 'new_fn')).version)
      })
    }
  }

  it('the old name of a moved file is gone for the sections after the move (git t4127)', () => {
    const dir = tmp()
    write(dir, 'same_fn', 'a\nb\n')
    const before = snapshot(dir)
    const e = caught(() =>
      eol.applyPatchSync(envelope('*** Update File: same_fn\n*** Move to: new_fn\n*** Update File: same_fn\n@@\n-a\n+A'), {
        cwd: dir,
      }),
    )
    expect(e).toMatchObject({ code: 'FILE_NOT_FOUND', fileIndex: 1 })
    expect(e.message).toContain('an earlier section of this patch deleted or moved it')
    expect(snapshot(dir)).toEqual(before)
  })

  it('A → B, C → A, then an update of A: the update changes what C brought (git t4127)', () => {
    const dir = tmp()
    write(dir, 'a', 'from a\r\n')
    write(dir, 'c', 'from c\nline\n')
    eol.applyPatchSync(
      envelope('*** Update File: a\n*** Move to: b\n*** Update File: c\n*** Move to: a\n*** Update File: a\n@@\n-line\n+LINE'),
      { cwd: dir },
    )
    expect(snapshot(dir)).toEqual({ a: 'from c\nLINE\n', b: 'from a\r\n' })
  })
})

describe('moves onto files that move on', () => {
  const contents = { file1: 'one\r\n', file2: '\ufefftwo\n', file3: 'three\rlone\n' }

  it('criss-cross moves swap the files, byte for byte (git t4130), in both formats', () => {
    for (const patch of [
      'diff --git a/file2 b/file1\nsimilarity index 100%\nrename from file2\nrename to file1\ndiff --git a/file1 b/file2\nsimilarity index 100%\nrename from file1\nrename to file2\n',
      envelope('*** Update File: file2\n*** Move to: file1\n*** Update File: file1\n*** Move to: file2'),
    ]) {
      const dir = tmp()
      write(dir, 'file1', contents.file1)
      write(dir, 'file2', contents.file2)
      const dry = eol.applyPatchSync(patch, { cwd: dir, dryRun: true })
      expect(dry.files.map((f) => f.action)).toEqual(['move', 'move'])
      expect(snapshot(dir)).toEqual({ file1: contents.file1, file2: Buffer.from(contents.file2).toString('latin1') })
      eol.applyPatchSync(patch, { cwd: dir })
      expect(snapshot(dir)).toEqual({ file1: Buffer.from(contents.file2).toString('latin1'), file2: contents.file1 })
      // No copy kept aside is left behind.
      expect(fs.readdirSync(dir).sort()).toEqual(['file1', 'file2'])
    }
  })

  it('three moves around a circle rotate the files (git t4130)', () => {
    const dir = tmp()
    for (const [name, text] of Object.entries(contents)) write(dir, name, text)
    eol.applyPatchSync(
      'diff --git a/file2 b/file1\nrename from file2\nrename to file1\ndiff --git a/file3 b/file2\nrename from file3\nrename to file2\ndiff --git a/file1 b/file3\nrename from file1\nrename to file3\n',
      { cwd: dir },
    )
    expect(read(dir, 'file1')).toBe(Buffer.from(contents.file2).toString('latin1'))
    expect(read(dir, 'file2')).toBe(contents.file3)
    expect(read(dir, 'file3')).toBe(contents.file1)
  })

  it('a swap with hunks changes each file on its way, kept lines keeping their endings', () => {
    const dir = tmp()
    write(dir, 'a', 'a1\r\na2\r\na3\n')
    write(dir, 'b', 'b1\rb2\r')
    eol.applyPatchSync(
      envelope('*** Update File: a\n*** Move to: b\n@@\n a1\n-a2\n+A2\n*** Update File: b\n*** Move to: a\n@@\n-b1\n+B1\n b2'),
      { cwd: dir },
    )
    expect(snapshot(dir)).toEqual({ a: 'B1\rb2\r', b: 'a1\r\nA2\r\na3\n' })
  })

  it('A → B, B → C: B’s old content goes on to C and A’s takes its place', () => {
    const dir = tmp()
    write(dir, 'a', 'from a\n')
    write(dir, 'b', 'from b\r\n')
    eol.applyPatchSync(envelope('*** Update File: a\n*** Move to: b\n*** Update File: b\n*** Move to: sub/c'), { cwd: dir })
    expect(snapshot(dir)).toEqual({ b: 'from a\n', 'sub/c': 'from b\r\n' })
  })

  it('a move onto a file that nothing moves away replaces it in that file’s endings and BOM', () => {
    const dir = tmp()
    write(dir, 'a', 'one\ntwo\n')
    write(dir, 'b', '\ufeffold\r\n')
    eol.applyPatchSync(envelope('*** Update File: a\n*** Move to: b'), { cwd: dir })
    expect(snapshot(dir)).toEqual({ b: Buffer.from('\ufeffone\r\ntwo\r\n').toString('latin1') })
  })
})

describe('a delete and an add of one path', () => {
  it('replace the file with the added text, as a new file', () => {
    const dir = tmp()
    write(dir, 'f.txt', '\ufeffold\r\n')
    const r = eol.applyPatchSync(
      'diff --git a/f.txt b/f.txt\ndeleted file mode 100644\n--- a/f.txt\n+++ /dev/null\n@@ -1 +0,0 @@\n-old\ndiff --git a/f.txt b/f.txt\nnew file mode 100644\n--- /dev/null\n+++ b/f.txt\n@@ -0,0 +1 @@\n+new\n',
      { cwd: dir },
    )
    expect(snapshot(dir)).toEqual({ 'f.txt': 'new\n' })
    expect(r.files.map((f) => f.action)).toEqual(['delete', 'add'])
    expect(r.files[1].version).toBe(eol.readFileSync(path.join(dir, 'f.txt')).version)
  })

  it('an add, then a delete of the same path: the delete takes the file that was there', () => {
    const dir = tmp()
    write(dir, 'f.txt', 'old\n')
    eol.applyPatchSync(envelope('*** Add File: f.txt\n+new\n*** Delete File: f.txt'), { cwd: dir })
    expect(snapshot(dir)).toEqual({ 'f.txt': 'new\n' })
  })

  it('an add onto a file that is then moved leaves both', () => {
    const dir = tmp()
    write(dir, 'f.txt', 'old\r\n')
    eol.applyPatchSync(envelope('*** Add File: f.txt\n+new\n*** Update File: f.txt\n*** Move to: g.txt'), { cwd: dir })
    expect(snapshot(dir)).toEqual({ 'f.txt': 'new\n', 'g.txt': 'old\r\n' })
  })
})

describe('symbolic links', () => {
  // git's t4114 "symlink becomes file": foo -> bar, the patch deletes foo and adds foo.
  const patch =
    'diff --git a/foo b/foo\ndeleted file mode 100644\n--- a/foo\n+++ /dev/null\n@@ -1 +0,0 @@\n-hi planet\ndiff --git a/foo b/foo\nnew file mode 100644\n--- /dev/null\n+++ b/foo\n@@ -0,0 +1 @@\n+how far is the sun?\n'

  it('deleting a link (and adding a file at its name) is NOT_A_FILE, and the file it points to is untouched', (ctx) => {
    skipUnless(ctx, can.symlink)
    const dir = tmp()
    write(dir, 'bar', 'hi planet\n')
    fs.symlinkSync('bar', path.join(dir, 'foo'))
    const before = snapshot(dir)
    for (const dryRun of [true, false]) {
      const e = caught(() => eol.applyPatchSync(patch, { cwd: dir, root: dir, dryRun }))
      expect(e).toMatchObject({ code: 'NOT_A_FILE', fileIndex: 0 })
      expect(e.message).toContain('symbolic link')
    }
    expect(snapshot(dir)).toEqual(before)
    // The command line's dry run says the same.
    const check = spawnSync(process.execPath, [bin, 'patch', '--check'], { cwd: dir, input: patch, encoding: 'utf8', timeout: 30_000 })
    expect(check.status).toBe(1)
    expect(check.stdout + check.stderr).toContain('NOT_A_FILE')
    expect(snapshot(dir)).toEqual(before)
  })

  it('moving a link, or onto a link that points nowhere, is NOT_A_FILE; an update through a link changes its target', (ctx) => {
    skipUnless(ctx, can.symlink)
    const dir = tmp()
    write(dir, 'target.txt', 't\r\n')
    fs.symlinkSync('target.txt', path.join(dir, 'link.txt'))
    fs.symlinkSync('nowhere.txt', path.join(dir, 'dangling.txt'))
    const before = snapshot(dir)
    for (const [body, fileIndex] of [
      ['*** Update File: link.txt\n*** Move to: moved.txt', 0],
      ['*** Add File: ok.txt\n+ok\n*** Update File: target.txt\n*** Move to: dangling.txt', 1],
      ['*** Add File: dangling.txt\n+x', 0],
    ] as const) {
      for (const dryRun of [true, false]) {
        expect(caught(() => eol.applyPatchSync(envelope(body), { cwd: dir, dryRun }))).toMatchObject({ code: 'NOT_A_FILE', fileIndex })
      }
      expect(snapshot(dir)).toEqual(before)
    }
    eol.applyPatchSync(envelope('*** Update File: link.txt\n@@\n-t\n+T'), { cwd: dir })
    expect(snapshot(dir)).toEqual({ ...before, 'target.txt': 'T\r\n' })
  })
})

describe('a dry run makes every check the real call makes', () => {
  it('a path made both a file and a folder (X and X/file) is PATCH_INVALID before anything is written', () => {
    const dir = tmp()
    write(dir, 'keep.txt', 'k\n')
    const before = snapshot(dir)
    for (const body of ['*** Add File: x\n+file\n*** Add File: x/inner.txt\n+inside', '*** Add File: x/y/inner.txt\n+inside\n*** Add File: x\n+file']) {
      for (const dryRun of [true, false]) {
        const e = caught(() => eol.applyPatchSync(envelope(`*** Update File: keep.txt\n@@\n-k\n+K\n${body}`), { cwd: dir, dryRun }))
        expect(e.code).toBe('PATCH_INVALID')
        expect(e.message).toContain('both a file and a folder')
        expect(e.message).not.toContain('put back')
      }
      expect(snapshot(dir)).toEqual(before)
    }
    const check = spawnSync(process.execPath, [bin, 'patch', '--check'], {
      cwd: dir,
      input: envelope('*** Add File: x\n+file\n*** Add File: x/inner.txt\n+inside'),
      encoding: 'utf8',
      timeout: 30_000,
    })
    expect(check.status).toBe(1)
    expect(check.stdout + check.stderr).toContain('PATCH_INVALID')
  })

  it('a character a new file’s encoding cannot hold is refused in the dry run too, before any write', () => {
    const dir = tmp()
    write(dir, 'a.txt', 'a\n')
    write(dir, '.editorconfig', 'root = true\n[*.sjis]\ncharset = shift_jis\n')
    const before = snapshot(dir)
    const patch = envelope('*** Update File: a.txt\n@@\n-a\n+A\n*** Add File: new.sjis\n+snow \u2603')
    for (const dryRun of [true, false]) {
      const e = caught(() => eol.applyPatchSync(patch, { cwd: dir, dryRun }))
      expect(e).toMatchObject({ code: 'ENCODING_UNMAPPABLE', fileIndex: 1 })
      expect(e.message).not.toContain('put back')
    }
    expect(snapshot(dir)).toEqual(before)
  })
})
