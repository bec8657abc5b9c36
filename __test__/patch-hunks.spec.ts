// How a patch's hunks are read and where they go, through `applyPatch`, the
// `apply_patch` tool and OpenAI's apply_patch handler: a context line that reads like a
// marker, `cd DIR && apply_patch <<'EOF'`, `@@` lines as the OpenAI Agents SDKs read
// them (their own cases, `tests/fixtures/v4a/sdk_cases.txt`), and a context line off by
// its own indentation.

import * as fs from 'node:fs'
import * as path from 'node:path'

import { describe, expect, it } from 'vitest'

import * as eol from '../index.js'
import { createOpenAIApplyPatch, createTools } from '../tools.js'
import { makeProject } from './support/project.js'

const read = (dir: string, name: string) => fs.readFileSync(path.join(dir, name), 'latin1')

function envelope(body: string): string {
  return `*** Begin Patch\n${body}\n*** End Patch\n`
}

function caught(f: () => unknown): { code?: string; message: string } {
  try {
    f()
  } catch (e) {
    return e as { code?: string; message: string }
  }
  throw new Error('expected a failure')
}

describe('a context line that reads like a marker', () => {
  const readme = 'Old intro\n*** Delete File: config.ini\n*** Update File: x.txt\n@@ top\n*** End Patch\nend\n'
  const patch = envelope(
    '*** Update File: README.md\n@@\n-Old intro\n+New intro\n *** Delete File: config.ini\n *** Update File: x.txt\n @@ top\n *** End Patch\n end',
  )

  it('is context: the README changes, the files it names do not', () => {
    const dir = makeProject('hunks-', { 'README.md': readme, 'config.ini': 'keep=1\n', 'x.txt': 'x\n' })
    const r = eol.applyPatchSync(patch, { root: dir, cwd: dir })
    expect(r.files.map((f) => [f.path, f.action])).toEqual([['README.md', 'update']])
    expect(read(dir, 'README.md')).toBe(readme.replace('Old', 'New'))
    expect(read(dir, 'config.ini')).toBe('keep=1\n')
    expect(read(dir, 'x.txt')).toBe('x\n')
    expect(eol.parsePatch(patch).files.map((f) => f.path)).toEqual(['README.md'])
  })

  it('is context for the apply_patch tool too, and a marker stands where no hunk line can', async () => {
    const dir = makeProject('hunks-', { 'README.md': readme, 'config.ini': 'keep=1\n', 'b.txt': 'b\n' })
    const t = createTools({ root: dir })
    const r = await t.apply_patch.execute({ input: patch })
    expect(r.success, r.data).toBe(true)
    expect(read(dir, 'config.ini')).toBe('keep=1\n')
    // After a deletion, or with a tab before it, a marker is a marker.
    const r2 = await t.apply_patch.execute({
      input: envelope('*** Delete File: config.ini\n  *** Update File: b.txt\n@@\n-b\n+B\n\t*** Add File: c.txt\n+c'),
    })
    expect(r2.success, r2.data).toBe(true)
    expect(fs.existsSync(path.join(dir, 'config.ini'))).toBe(false)
    expect([read(dir, 'b.txt'), read(dir, 'c.txt')]).toEqual(['B\n', 'c\n'])
  })
})

describe('cd DIR && apply_patch', () => {
  const patch = "cd sub && apply_patch <<'EOF'\n*** Begin Patch\n*** Update File: a.txt\n@@\n-two\n+2\n*** End Patch\nEOF\n"

  it('takes the paths against DIR, and parsePatch says so', () => {
    const dir = makeProject('hunks-', { 'a.txt': 'one\ntwo\n', 'sub/a.txt': 'one\r\ntwo\r\n' })
    expect(eol.parsePatch(patch)).toMatchObject({ cd: 'sub', files: [{ path: 'sub/a.txt' }] })
    expect(eol.parsePatch(envelope('*** Delete File: a.txt')).cd).toBeUndefined()
    const r = eol.applyPatchSync(patch, { root: dir, cwd: dir })
    expect(r.files[0].path).toBe('sub/a.txt')
    expect(read(dir, 'sub/a.txt')).toBe('one\r\n2\r\n')
    expect(read(dir, 'a.txt')).toBe('one\ntwo\n')
  })

  it('guards and changes the file in DIR through the apply_patch tool', async () => {
    const dir = makeProject('hunks-', { 'a.txt': 'one\ntwo\n', 'sub/a.txt': 'one\ntwo\n' })
    const t = createTools({ root: dir, requireRead: true })
    const unread = await t.apply_patch.execute({ input: patch })
    expect(unread.success).toBe(false)
    expect(unread.data).toContain('sub/a.txt')
    expect((await t.read_file.execute({ path: 'sub/a.txt' })).success).toBe(true)
    const r = await t.apply_patch.execute({ input: patch })
    expect(r.success, r.data).toBe(true)
    expect(r.data).toContain('M sub/a.txt (+1 -1)')
    expect([read(dir, 'a.txt'), read(dir, 'sub/a.txt')]).toEqual(['one\ntwo\n', 'one\n2\n'])
  })

  it('is confined to the root, and any other command before the heredoc is refused', () => {
    const dir = makeProject('hunks-', { 'root/a.txt': 'two\n', 'a.txt': 'two\n' })
    const root = path.join(dir, 'root')
    const out = caught(() => eol.applyPatchSync(patch.replace('cd sub', 'cd ..'), { root, cwd: root }))
    expect(out.code).toBe('PATH_OUTSIDE_ROOT')
    for (const prefix of ['cd sub; ', 'echo hi && ', 'cd $HOME && ']) {
      const e = caught(() => eol.parsePatch(patch.replace('cd sub && ', prefix)))
      expect(e.code, prefix).toBe('PATCH_INVALID')
    }
    expect([read(dir, 'a.txt'), read(dir, 'root/a.txt')]).toEqual(['two\n', 'two\n'])
  })
})

/** One case of the SDKs' fixture (its format is described at its top). */
interface SdkCase {
  name: string
  input: string
  diff: string
  expect: { output: string } | { error: string }
}

function sdkCases(): SdkCase[] {
  const text = fs.readFileSync(path.join(__dirname, '..', 'tests', 'fixtures', 'v4a', 'sdk_cases.txt'), 'utf8')
  const out: SdkCase[] = []
  for (const chunk of text.split(/\n(?=case )/)) {
    const lines = chunk.split('\n')
    if (!lines[0].startsWith('case ')) continue
    const blocks: Record<string, string> = {}
    let error: string | undefined
    for (let i = 1; i < lines.length && lines[i] !== ''; i++) {
      const [word, option] = lines[i].split(' ')
      if (word === 'error') error = lines[i].slice('error '.length)
      if (!['input', 'diff', 'output'].includes(word)) continue
      let block = ''
      while (i + 1 < lines.length && /^[|~]/.test(lines[i + 1])) {
        const line = lines[++i]
        block += line.slice(1) + (line[0] === '|' ? (option === 'crlf' ? '\r\n' : '\n') : '')
      }
      blocks[word] = block
    }
    out.push({
      name: lines[0].slice('case '.length),
      input: blocks.input ?? '',
      diff: blocks.diff ?? '',
      expect: error !== undefined ? { error } : { output: blocks.output ?? '' },
    })
  }
  return out
}

describe('the OpenAI Agents SDKs\u2019 V4A cases', () => {
  const cases = sdkCases()

  it('are read from the fixture', () => {
    expect(cases.length).toBeGreaterThanOrEqual(30)
  })

  it.each(cases.map((c) => [c.name, c] as const))('%s: through applyPatch', (_name, c) => {
    const dir = makeProject('sdk-', { f: c.input })
    const patch = `*** Begin Patch\n*** Update File: f\n${c.diff}${c.diff.endsWith('\n') ? '' : '\n'}*** End Patch\n`
    if ('error' in c.expect) {
      expect(caught(() => eol.applyPatchSync(patch, { root: dir, cwd: dir })).code).toBe(c.expect.error)
      expect(read(dir, 'f')).toBe(c.input)
    } else {
      eol.applyPatchSync(patch, { root: dir, cwd: dir })
      expect(read(dir, 'f')).toBe(c.expect.output)
    }
  })

  it.each(cases.map((c) => [c.name, c] as const))('%s: through OpenAI\u2019s apply_patch handler', async (_name, c) => {
    const dir = makeProject('sdk-', { f: c.input })
    const handler = createOpenAIApplyPatch({ root: dir })
    const out = await handler.execute({
      type: 'apply_patch_call',
      call_id: 'call_1',
      operation: { type: 'update_file', path: 'f', diff: c.diff },
    })
    if ('error' in c.expect && c.expect.error === 'NO_CHANGE') {
      // The handler, as the SDKs, completes an update that changes nothing, and says so.
      expect(out.status, out.output).toBe('completed')
      expect(out.output).toMatch(/unchanged/)
      expect(read(dir, 'f')).toBe(c.input)
    } else if ('error' in c.expect) {
      expect(out.status, out.output).toBe('failed')
      expect(read(dir, 'f')).toBe(c.input)
    } else {
      expect(out.status, out.output).toBe('completed')
      expect(read(dir, 'f')).toBe(c.expect.output)
    }
  })
})

describe('a context line off by its own indentation', () => {
  const file = 'class Foo:\n    def baz(self):\n        return 1\n'
  const body = '*** Update File: f.py\n@@ class Foo:\n-    def baz(self):\n+    def rand(self):\n       return 1'

  it('matches an envelope hunk, leadingWhitespace, keeping the line\u2019s bytes', async () => {
    const dir = makeProject('hunks-', { 'f.py': file })
    const r = eol.applyPatchSync(envelope(body), { root: dir, cwd: dir })
    expect(r.files[0].matchedBy).toEqual(['leadingWhitespace'])
    expect(read(dir, 'f.py')).toBe(file.replace('baz', 'rand'))
    fs.writeFileSync(path.join(dir, 'f.py'), file)
    const t = createTools({ root: dir })
    const out = await t.apply_patch.execute({ input: envelope(body) })
    expect(out.success, out.data).toBe(true)
    expect(out.data).toContain("ignoring each line's own indentation")
  })

  it('does not match a unified diff\u2019s hunk, as git reads it', () => {
    const dir = makeProject('hunks-', { 'f.py': file })
    const diff = '--- a/f.py\n+++ b/f.py\n@@ -2,2 +2,2 @@\n-    def baz(self):\n+    def rand(self):\n       return 1\n'
    expect(caught(() => eol.applyPatchSync(diff, { root: dir, cwd: dir })).code).toBe('TEXT_NOT_FOUND')
    expect(read(dir, 'f.py')).toBe(file)
  })
})
