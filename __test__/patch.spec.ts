// `applyPatch`, `applyPatchSync` and `parsePatch` (SPEC section 8) through the
// generated loader, against real files in temporary folders. Every expectation about a
// file is about its bytes on disk.

import { spawnSync } from 'node:child_process'
import * as fs from 'node:fs'
import * as os from 'node:os'
import * as path from 'node:path'

import { afterEach, describe, expect, it } from 'vitest'

import * as eol from '../index.js'
import { createTools } from '../tools.js'
import { can, skipUnless } from './support/platform'

const bin = path.resolve(__dirname, '..', 'bin', 'eol-edit.js')

const made: string[] = []

function tmp(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eol-patch-'))
  made.push(dir)
  return dir
}

afterEach(() => {
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true })
})

function write(dir: string, rel: string, bytes: string | Buffer): void {
  const file = path.join(dir, rel)
  fs.mkdirSync(path.dirname(file), { recursive: true })
  fs.writeFileSync(file, bytes)
}

function read(dir: string, rel: string): Buffer {
  return fs.readFileSync(path.join(dir, rel))
}

/** Every file below `dir` with its bytes, to compare a folder before and after. */
function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {}
  const walk = (d: string) => {
    for (const entry of fs.readdirSync(d, { withFileTypes: true })) {
      const full = path.join(d, entry.name)
      if (entry.isDirectory()) walk(full)
      else out[path.relative(dir, full)] = fs.readFileSync(full).toString('hex')
    }
  }
  walk(dir)
  return out
}

function envelope(body: string): string {
  return `*** Begin Patch\n${body}\n*** End Patch\n`
}

function utf16le(text: string): Buffer {
  return Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')])
}

function caught(fn: () => unknown): any {
  try {
    fn()
  } catch (error) {
    return error
  }
  throw new Error('expected an error')
}

const UPDATE = '*** Update File: f.txt\n@@\n a\n-b\n+B\n+B2\n c'
const UNIFIED = '--- a/f.txt\n+++ b/f.txt\n@@ -1,3 +1,4 @@\n a\n-b\n+B\n+B2\n c\n'

describe('both formats keep every line ending, the BOM and the encoding', () => {
  const cases: Array<[string, Buffer, Buffer]> = [
    ['LF', Buffer.from('a\nb\nc\n'), Buffer.from('a\nB\nB2\nc\n')],
    ['CRLF', Buffer.from('a\r\nb\r\nc\r\n'), Buffer.from('a\r\nB\r\nB2\r\nc\r\n')],
    ['mixed', Buffer.from('a\r\nb\nc\r\n'), Buffer.from('a\r\nB\nB2\r\nc\r\n')],
    ['lone CR', Buffer.from('a\rb\rc\r'), Buffer.from('a\rB\rB2\rc\r')],
    ['UTF-8 BOM', Buffer.from('\ufeffa\r\nb\r\nc'), Buffer.from('\ufeffa\r\nB\r\nB2\r\nc')],
    ['UTF-16 LE', utf16le('a\r\nb\r\nc\r\n'), utf16le('a\r\nB\r\nB2\r\nc\r\n')],
  ]
  for (const [name, before, after] of cases) {
    for (const [format, patch] of [
      ['envelope', envelope(UPDATE)],
      ['unified', UNIFIED],
    ]) {
      it(`${name}, ${format}`, () => {
        const dir = tmp()
        write(dir, 'f.txt', before)
        const r = eol.applyPatchSync(patch, { cwd: dir })
        expect(read(dir, 'f.txt').equals(after)).toBe(true)
        expect(r.files).toHaveLength(1)
        expect(r.files[0]).toMatchObject({ path: 'f.txt', action: 'update', matchedBy: ['exact'], warnings: [] })
        expect(r.files[0].diff).toBe('--- a/f.txt\n+++ b/f.txt\n@@ -1,3 +1,4 @@\n a\n-b\n+B\n+B2\n c\n')
        expect(r.files[0].version).toBe(eol.readFileSync(path.join(dir, 'f.txt')).version)
      })
    }
  }

  it('a CRLF patch (a Windows clipboard) reads like an LF one', () => {
    const dir = tmp()
    write(dir, 'f.txt', 'a\nb\nc\n')
    eol.applyPatchSync(envelope(UPDATE).replace(/\n/g, '\r\n'), { cwd: dir })
    expect(read(dir, 'f.txt').toString()).toBe('a\nB\nB2\nc\n')
  })

  it('context with trailing spaces or curly quotes the file does not have still matches', () => {
    const dir = tmp()
    write(dir, 'q.md', 'Say \u201chi\u201d  \r\nold line\t\r\nend\r\n')
    const r = eol.applyPatchSync(envelope('*** Update File: q.md\n@@\n Say "hi"\n-old line\n+new line\n end'), {
      cwd: dir,
    })
    // The changed line keeps the trailing tab the hunk left alone.
    expect(read(dir, 'q.md').toString()).toBe('Say \u201chi\u201d  \r\nnew line\t\r\nend\r\n')
    expect(r.files[0].matchedBy).toEqual(['trailingWhitespace'])
  })
})

describe('the apply_patch envelope', () => {
  it('adds, deletes, updates and moves in one patch, reporting each in order', () => {
    const dir = tmp()
    write(dir, 'old.txt', 'bye\n')
    write(dir, 'src/a.py', 'def f():\r\n    pass\r\n')
    const r = eol.applyPatchSync(
      envelope(
        [
          '*** Add File: docs/new.md',
          '+# Title',
          '+',
          '+text',
          '*** Delete File: old.txt',
          '*** Update File: src/a.py',
          '*** Move to: src/b.py',
          '@@ def f():',
          '-    pass',
          '+    return 1',
        ].join('\n'),
      ),
      { cwd: dir },
    )
    expect(r.files.map((f) => [f.path, f.action, f.movedTo])).toEqual([
      ['docs/new.md', 'add', undefined],
      ['old.txt', 'delete', undefined],
      ['src/a.py', 'move', 'src/b.py'],
    ])
    expect(read(dir, 'docs/new.md').toString()).toBe('# Title\n\ntext\n')
    expect(fs.existsSync(path.join(dir, 'old.txt'))).toBe(false)
    expect(fs.existsSync(path.join(dir, 'src/a.py'))).toBe(false)
    expect(read(dir, 'src/b.py').toString()).toBe('def f():\r\n    return 1\r\n')
    expect(r.files[1].version).toBeUndefined()
  })

  it('tolerates padded markers and a heredoc around the patch', () => {
    const dir = tmp()
    write(dir, 'f.txt', 'x\r\n')
    eol.applyPatchSync(
      "apply_patch <<'EOF'\n  *** Begin Patch\n*** Update File: f.txt  \n@@\n-x\n+y\n *** End Patch \nEOF\n",
      { cwd: dir },
    )
    expect(read(dir, 'f.txt').toString()).toBe('y\r\n')
  })

  it('an added file takes the patch\u2019s own CRLF, else .editorconfig, else LF', () => {
    const dir = tmp()
    write(dir, '.editorconfig', 'root = true\n[*.cs]\nend_of_line = crlf\n')
    eol.applyPatchSync(
      '*** Begin Patch\r\n*** Add File: a.bat\r\n+@echo off\r\n+echo hi\r\n*** End Patch\r\n',
      { cwd: dir },
    )
    eol.applyPatchSync(envelope('*** Add File: b.cs\n+class B {}\n*** Add File: c.txt\n+c'), { cwd: dir })
    expect(read(dir, 'a.bat').toString()).toBe('@echo off\r\necho hi\r\n')
    expect(read(dir, 'b.cs').toString()).toBe('class B {}\r\n')
    expect(read(dir, 'c.txt').toString()).toBe('c\n')
  })

  it('End of File anchors a hunk at the end; @@ lines narrow the search', () => {
    const dir = tmp()
    write(dir, 'f.py', 'class A:\n    x = 1\nclass B:\n    x = 1\n')
    eol.applyPatchSync(envelope('*** Update File: f.py\n@@ class B:\n-    x = 1\n+    x = 2'), { cwd: dir })
    expect(read(dir, 'f.py').toString()).toBe('class A:\n    x = 1\nclass B:\n    x = 2\n')
    write(dir, 'g.txt', 'x\nx\n')
    eol.applyPatchSync(envelope('*** Update File: g.txt\n@@\n-x\n+y\n*** End of File'), { cwd: dir })
    expect(read(dir, 'g.txt').toString()).toBe('x\ny\n')
  })

  it('a move onto an existing file replaces it in that file\u2019s endings and BOM', () => {
    const dir = tmp()
    write(dir, 'a.txt', 'one\ntwo\n')
    write(dir, 'b.txt', '\ufeffold\r\n')
    eol.applyPatchSync(envelope('*** Update File: a.txt\n*** Move to: b.txt'), { cwd: dir })
    expect(read(dir, 'b.txt').toString()).toBe('\ufeffone\r\ntwo\r\n')
    expect(fs.existsSync(path.join(dir, 'a.txt'))).toBe(false)
  })

  it('a moved UTF-16 file keeps its bytes and its mode', () => {
    const dir = tmp()
    const bytes = utf16le('x\r\ny\r\n')
    write(dir, 'a.txt', bytes)
    if (process.platform !== 'win32') fs.chmodSync(path.join(dir, 'a.txt'), 0o751)
    eol.applyPatchSync(envelope('*** Update File: a.txt\n*** Move to: sub/b.txt'), { cwd: dir })
    expect(read(dir, 'sub/b.txt').equals(bytes)).toBe(true)
    if (process.platform !== 'win32') {
      expect(fs.statSync(path.join(dir, 'sub/b.txt')).mode & 0o777).toBe(0o751)
    }
  })
})

describe('unified and git diffs', () => {
  it('applies new, deleted, renamed files and no-newline markers', () => {
    const dir = tmp()
    write(dir, 'a.txt', 'one\r\ntwo\r\nthree\r\n')
    write(dir, 'gone.txt', 'bye\n')
    write(dir, 'old name.txt', 'x\r\ny\r\n')
    const diff = [
      'diff --git a/a.txt b/a.txt',
      'index 83db48f..bf269f4 100644',
      '--- a/a.txt',
      '+++ b/a.txt',
      '@@ -2,2 +2,2 @@',
      ' two',
      '-three',
      '+3',
      '\\ No newline at end of file',
      'diff --git a/new.txt b/new.txt',
      'new file mode 100644',
      '--- /dev/null',
      '+++ b/new.txt',
      '@@ -0,0 +1 @@',
      '+hello',
      'diff --git a/gone.txt b/gone.txt',
      'deleted file mode 100644',
      '--- a/gone.txt',
      '+++ /dev/null',
      '@@ -1 +0,0 @@',
      '-bye',
      'diff --git a/old name.txt b/new name.txt',
      'similarity index 80%',
      'rename from old name.txt',
      'rename to new name.txt',
      '--- a/old name.txt',
      '+++ b/new name.txt',
      '@@ -2 +2 @@',
      '-y',
      '+Y',
      '',
    ].join('\n')
    const r = eol.applyPatchSync(diff, { cwd: dir })
    expect(r.files.map((f) => f.action)).toEqual(['update', 'add', 'delete', 'move'])
    expect(read(dir, 'a.txt').toString()).toBe('one\r\ntwo\r\n3')
    expect(read(dir, 'new.txt').toString()).toBe('hello\n')
    expect(fs.existsSync(path.join(dir, 'gone.txt'))).toBe(false)
    expect(read(dir, 'new name.txt').toString()).toBe('x\r\nY\r\n')
  })

  it('line numbers pick the nearest of several matches', () => {
    const dir = tmp()
    write(dir, 'f.txt', 'x\nq\nx\nq\nx\n')
    eol.applyPatchSync('--- a/f.txt\n+++ b/f.txt\n@@ -5 +5 @@\n-x\n+y\n', { cwd: dir })
    expect(read(dir, 'f.txt').toString()).toBe('x\nq\nx\nq\ny\n')
  })
})

describe('all or nothing', () => {
  it('a failing later file leaves every file byte-identical, with fileIndex and hunkIndex', () => {
    const dir = tmp()
    write(dir, 'a.txt', 'a\r\nb\r\n')
    write(dir, 'c.txt', 'c\n')
    write(dir, 'd.txt', 'd\n')
    const before = snapshot(dir)
    const e = caught(() =>
      eol.applyPatchSync(
        envelope(
          '*** Update File: a.txt\n@@\n-a\n+A\n*** Add File: n.txt\n+n\n*** Delete File: d.txt\n*** Update File: c.txt\n@@\n c\n-no such line\n+x',
        ),
        { cwd: dir },
      ),
    )
    expect(e.code).toBe('TEXT_NOT_FOUND')
    expect(e.fileIndex).toBe(3)
    expect(e.hunkIndex).toBe(0)
    expect(e.message).toContain('c.txt, hunk #1')
    expect(snapshot(dir)).toEqual(before)
  })

  it('deleting a missing file fails and changes nothing', async () => {
    const dir = tmp()
    write(dir, 'a.txt', 'a\n')
    const before = snapshot(dir)
    await expect(
      eol.applyPatch(envelope('*** Update File: a.txt\n@@\n-a\n+A\n*** Delete File: nope.txt'), { cwd: dir }),
    ).rejects.toMatchObject({ code: 'FILE_NOT_FOUND', fileIndex: 1 })
    expect(snapshot(dir)).toEqual(before)
  })

  it('a path outside the root fails before anything is written', () => {
    const dir = tmp()
    write(dir, 'root/a.txt', 'a\n')
    write(dir, 'secret.txt', 's\n')
    const before = snapshot(dir)
    const e = caught(() =>
      eol.applyPatchSync(envelope('*** Update File: a.txt\n@@\n-a\n+A\n*** Add File: ../secret.txt\n+pwned'), {
        root: path.join(dir, 'root'),
        cwd: path.join(dir, 'root'),
      }),
    )
    expect(e).toMatchObject({ code: 'PATH_OUTSIDE_ROOT', fileIndex: 1 })
    expect(snapshot(dir)).toEqual(before)
  })

  it('dryRun computes every result and writes nothing', () => {
    const dir = tmp()
    write(dir, 'a.txt', 'a\r\n')
    const before = snapshot(dir)
    const r = eol.applyPatchSync(envelope('*** Update File: a.txt\n@@\n-a\n+A\n*** Add File: n.txt\n+n'), {
      cwd: dir,
      dryRun: true,
    })
    expect(snapshot(dir)).toEqual(before)
    expect(r.files[0].diff).toContain('+A')
    expect(r.files[1].action).toBe('add')
  })

  it('expectedVersions refuses a file that changed since it was read', () => {
    const dir = tmp()
    write(dir, 'a.txt', 'a\n')
    const { version } = eol.readFileSync(path.join(dir, 'a.txt'))
    write(dir, 'a.txt', 'a\nchanged\n')
    const e = caught(() =>
      eol.applyPatchSync(envelope('*** Update File: a.txt\n@@\n-a\n+A'), {
        cwd: dir,
        expectedVersions: { 'a.txt': version },
      }),
    )
    expect(e).toMatchObject({ code: 'FILE_CHANGED', fileIndex: 0 })
    expect(read(dir, 'a.txt').toString()).toBe('a\nchanged\n')
  })

  it('an update that changes nothing is NO_CHANGE', () => {
    const dir = tmp()
    write(dir, 'a.txt', 'a\n')
    const e = caught(() => eol.applyPatchSync(envelope('*** Update File: a.txt\n@@\n-a\n+a'), { cwd: dir }))
    expect(e).toMatchObject({ code: 'NO_CHANGE', fileIndex: 0 })
  })

  it('several matches without a hint are TEXT_MULTIPLE_MATCHES with their lines', () => {
    const dir = tmp()
    write(dir, 'a.txt', 'x\ny\nx\n')
    const e = caught(() => eol.applyPatchSync(envelope('*** Update File: a.txt\n@@\n-x\n+z'), { cwd: dir }))
    expect(e).toMatchObject({ code: 'TEXT_MULTIPLE_MATCHES', fileIndex: 0, hunkIndex: 0, lines: [1, 3] })
  })
})

describe('OpenCode\u2019s reported apply_patch issues', () => {
  it('apply_patch messes up line endings in windows: added lines get CRLF', () => {
    const dir = tmp()
    write(dir, 'P.cs', 'class P {\r\n    void M() {\r\n    }\r\n}\r\n')
    eol.applyPatchSync(
      envelope('*** Update File: P.cs\n@@ class P {\n     void M() {\n+        Run();\n     }'),
      { cwd: dir },
    )
    expect(read(dir, 'P.cs').toString()).toBe('class P {\r\n    void M() {\r\n        Run();\r\n    }\r\n}\r\n')
  })

  it('apply_patch turns CRLF files into mixed line endings: it does not', () => {
    const dir = tmp()
    write(dir, 'f', 'foo\r\nbar\r\n')
    const r = eol.applyPatchSync(envelope('*** Update File: f\n@@\n-foo\n+FOO'), { cwd: dir })
    expect(read(dir, 'f').toString()).toBe('FOO\r\nbar\r\n')
    expect(r.files[0].eol.mixed).toBe(false)
  })

  it('a final blank line is not eaten, and no final newline is added', () => {
    const dir = tmp()
    write(dir, 'f.txt', 'alpha\nbeta\n\n')
    write(dir, 'g.txt', 'line1\nline2\nline3')
    eol.applyPatchSync(
      envelope('*** Update File: f.txt\n@@\n-alpha\n+ALPHA\n*** Update File: g.txt\n@@\n-line1\n+LINE1'),
      { cwd: dir },
    )
    expect(read(dir, 'f.txt').toString()).toBe('ALPHA\nbeta\n\n')
    expect(read(dir, 'g.txt').toString()).toBe('LINE1\nline2\nline3')
  })
})

describe('parsePatch', () => {
  it('returns what the patch would do, without touching files', () => {
    const parsed = eol.parsePatch(
      envelope('*** Add File: n.txt\n+a\n*** Update File: u.txt\n*** Move to: v.txt\n@@ class A\n-x\n+y\n*** End of File'),
    )
    expect(parsed).toEqual({
      format: 'envelope',
      files: [
        { path: 'n.txt', action: 'add', content: 'a\n', hunks: [], line: 2 },
        {
          path: 'u.txt',
          action: 'move',
          movedTo: 'v.txt',
          line: 4,
          hunks: [{ anchors: ['class A'], lines: ['-x', '+y'], endOfFile: true, line: 6 }],
        },
      ],
    })
    const unified = eol.parsePatch('--- a/x\n+++ b/x\n@@ -3,2 +3,2 @@\n a\n-b\n+c\n')
    expect(unified.format).toBe('unified')
    expect(unified.files[0].hunks[0]).toMatchObject({ oldStart: 3, oldLines: 2, newStart: 3, newLines: 2 })
  })

  it('says which line is wrong and what was expected', () => {
    const e = caught(() => eol.parsePatch('*** Begin Patch\n*** Update File: a\n@@\nnot a hunk line\n*** End Patch'))
    expect(e.code).toBe('PATCH_INVALID')
    expect(e.lines).toEqual([4])
    expect(e.message).toContain('line 4')
    expect(e.message).toContain("starting with ' '")
  })

  it('wrong argument types are INVALID_ARGUMENT, never a crash', async () => {
    for (const bad of [undefined, null, 42, {}, ['x']]) {
      expect(caught(() => (eol.parsePatch as any)(bad)).code).toBe('INVALID_ARGUMENT')
      expect(caught(() => (eol.applyPatchSync as any)(bad)).code).toBe('INVALID_ARGUMENT')
      await expect((eol.applyPatch as any)(bad)).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' })
    }
    expect(caught(() => (eol.applyPatchSync as any)(envelope('*** Delete File: x'), { dryRun: 'yes' })).code).toBe(
      'INVALID_ARGUMENT',
    )
    expect(
      caught(() => (eol.applyPatchSync as any)(envelope('*** Delete File: x'), { expectedVersions: { x: 1 } })).code,
    ).toBe('INVALID_ARGUMENT')
  })
})

describe('the apply_patch tool', () => {
  it('teaches the envelope and takes input (Codex) or patchText (OpenCode)', async () => {
    const dir = tmp()
    const t = createTools({ root: dir })
    expect(t.apply_patch.name).toBe('apply_patch')
    expect(t.apply_patch.parameters.required).toEqual(['input'])
    for (const marker of ['*** Begin Patch', '*** Update File:', '*** Add File:', '*** Delete File:', '*** Move to:', '*** End Patch', '@@']) {
      expect(t.apply_patch.description).toContain(marker)
    }
    expect(t.apply_patch.description).toMatch(/line endings, BOM and encoding/)
    expect(t.apply_patch.description.length).toBeLessThan(1100)
    write(dir, 'a.txt', 'one\r\ntwo\r\n')
    const r1 = await t.apply_patch.execute({ input: envelope('*** Update File: a.txt\n@@\n-two\n+2') })
    expect(r1.success, r1.data).toBe(true)
    expect(r1.data).toContain('M a.txt (+1 -1)')
    expect(r1.data).toContain('+2')
    const r2 = await t.apply_patch.execute(JSON.stringify({ patchText: envelope('*** Add File: b.txt\n+b') }))
    expect(r2.success, r2.data).toBe(true)
    expect(r2.data).toContain('A b.txt')
    expect(read(dir, 'a.txt').toString()).toBe('one\r\n2\r\n')
    expect(read(dir, 'b.txt').toString()).toBe('b\n')
  })

  it('reports a failure for the model to fix and writes nothing', async () => {
    const dir = tmp()
    const t = createTools({ root: dir })
    write(dir, 'a.txt', 'a\n')
    write(dir, 'b.txt', 'b\n')
    const before = snapshot(dir)
    const r = await t.apply_patch.execute({
      input: envelope('*** Update File: a.txt\n@@\n-a\n+A\n*** Update File: b.txt\n@@\n-nope\n+x'),
    })
    expect(r).toMatchObject({ success: false, error: 'TEXT_NOT_FOUND' })
    expect(r.data).toContain('b.txt, hunk #1')
    expect(r.data).toContain('Nothing was written')
    expect(snapshot(dir)).toEqual(before)
    const bad = await t.apply_patch.execute({ input: 'not a patch' })
    expect(bad).toMatchObject({ success: false, error: 'PATCH_INVALID' })
    expect(bad.data).toContain('line 1')
    expect(await t.apply_patch.execute({})).toMatchObject({ success: false, error: 'INVALID_ARGUMENT' })
    const out = await t.apply_patch.execute({ input: envelope('*** Add File: ../escape.txt\n+x') })
    expect(out).toMatchObject({ success: false, error: 'PATH_OUTSIDE_ROOT' })
  })

  it('notes a lenient match in its summary', async () => {
    const dir = tmp()
    const t = createTools({ root: dir })
    write(dir, 'a.txt', 'keep  \nold\n')
    const r = await t.apply_patch.execute({ input: envelope('*** Update File: a.txt\n@@\n keep\n-old\n+new') })
    expect(r.success, r.data).toBe(true)
    expect(r.data).toMatch(/trailing spaces/)
    expect(read(dir, 'a.txt').toString()).toBe('keep  \nnew\n')
  })
})

describe('the apply_patch tool in a tool set', () => {
  it('asks approve once with every file, and writes nothing when it says no', async () => {
    const dir = tmp()
    write(dir, 'a.txt', 'a\r\n')
    write(dir, 'old.txt', 'o\n')
    const requests: any[] = []
    let verdict = false
    const t = createTools({
      root: dir,
      approve: (request) => {
        requests.push(request)
        return verdict
      },
    })
    const input = envelope('*** Update File: a.txt\n@@\n-a\n+A\n*** Update File: old.txt\n*** Move to: new.txt\n*** Add File: n.txt\n+n')
    const before = snapshot(dir)
    expect(await t.apply_patch.execute({ input })).toMatchObject({ success: false, error: 'REJECTED' })
    expect(snapshot(dir)).toEqual(before)
    expect(requests).toHaveLength(1)
    expect(requests[0].tool).toBe('apply_patch')
    expect(requests[0].files.map((f: any) => f.path)).toEqual(['a.txt', 'old.txt', 'new.txt', 'n.txt'])
    expect(requests[0].diff).toContain('+A')
    verdict = true
    const r = await t.apply_patch.execute({ input })
    expect(r.success, r.data).toBe(true)
    expect(requests).toHaveLength(2)
    expect(read(dir, 'a.txt').toString()).toBe('A\r\n')
    expect(read(dir, 'new.txt').toString()).toBe('o\n')
    expect(r.summary).toContain('apply_patch M a.txt (+1 -1)')
  })

  it('refuses a file that changed since read_file showed it, and remembers what it wrote', async () => {
    const dir = tmp()
    write(dir, 'a.txt', 'a\n')
    write(dir, 'b.txt', 'b\n')
    const t = createTools({ root: dir, requireRead: true })
    const input = envelope('*** Update File: a.txt\n@@\n-a\n+A\n*** Update File: b.txt\n@@\n-b\n+B')
    // b.txt was never read: refused with requireRead.
    await t.read_file.execute({ path: 'a.txt' })
    expect(await t.apply_patch.execute({ input })).toMatchObject({ success: false, error: 'FILE_CHANGED' })
    await t.read_file.execute({ path: 'b.txt' })
    write(dir, 'b.txt', 'b\nchanged behind its back\n')
    const stale = await t.apply_patch.execute({ input })
    expect(stale).toMatchObject({ success: false, error: 'FILE_CHANGED' })
    expect(read(dir, 'a.txt').toString()).toBe('a\n')
    await t.read_file.execute({ path: 'b.txt' })
    expect((await t.apply_patch.execute({ input })).success).toBe(true)
    // The versions the patch wrote are remembered: the next edit needs no new read.
    const next = await t.edit_file.execute({ path: 'a.txt', old_text: 'A', new_text: 'AA' })
    expect(next.success, next.data).toBe(true)
    expect(read(dir, 'a.txt').toString()).toBe('AA\n')
  })
})

describe('eol-edit patch', () => {
  function cli(dir: string, args: string[], input?: string) {
    const env = { ...process.env }
    delete env.FORCE_COLOR
    return spawnSync(process.execPath, [bin, 'patch', ...args], { cwd: dir, input, encoding: 'utf8', env, timeout: 30_000 })
  }

  it('applies a patch from stdin or a file, and --check changes nothing', (ctx) => {
    skipUnless(ctx, can.frontEndProcesses)
    const dir = tmp()
    write(dir, 'a.txt', 'one\r\ntwo\r\n')
    const patch = envelope('*** Update File: a.txt\n@@\n-two\n+2')
    const check = cli(dir, ['--check'], patch)
    expect(check.status, check.stderr).toBe(0)
    expect(check.stdout).toContain('M a.txt')
    expect(check.stdout).toContain('+2')
    expect(check.stderr).toContain('nothing was written')
    expect(read(dir, 'a.txt').toString()).toBe('one\r\ntwo\r\n')
    write(dir, 'fix.patch', patch)
    const run = cli(dir, ['fix.patch'])
    expect(run.status, run.stderr).toBe(0)
    expect(read(dir, 'a.txt').toString()).toBe('one\r\n2\r\n')
    const json = cli(dir, ['-', '--json', '--check'], '--- a/a.txt\n+++ b/a.txt\n@@ -2 +2 @@\n-2\n+two\n')
    expect(JSON.parse(json.stdout).files[0]).toMatchObject({ path: 'a.txt', action: 'update' })
  })

  it('fails with the error code and exit status 1, or 2 for bad usage', (ctx) => {
    skipUnless(ctx, can.frontEndProcesses)
    const dir = tmp()
    write(dir, 'a.txt', 'a\n')
    const failed = cli(dir, [], envelope('*** Update File: a.txt\n@@\n-zzz\n+y'))
    expect(failed.status).toBe(1)
    expect(failed.stderr).toMatch(/^TEXT_NOT_FOUND: a\.txt, hunk #1/)
    const invalid = cli(dir, [], 'hello')
    expect(invalid.status).toBe(1)
    expect(invalid.stderr).toMatch(/^PATCH_INVALID: Invalid patch, line 1/)
    expect(cli(dir, ['missing.patch']).status).toBe(2)
    expect(cli(dir, ['a', 'b']).status).toBe(2)
    expect(cli(dir, ['--help']).stdout).toContain('Usage: eol-edit patch')
  })
})
