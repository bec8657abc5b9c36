// Anthropic's text editor tool (`createAnthropicTextEditor`), driven through the
// tool-use inputs the model sends ({ command, path, view_range, old_str, new_str,
// file_text, insert_line, insert_text }) and read back as the tool_result content it
// gets. Files are CRLF, mixed, lone CR, BOM, UTF-16 and legacy-encoded; every failure
// leaves them byte-identical; every text the model reads names only the tool's own
// commands and arguments.

import { spawn, spawnSync } from 'node:child_process'
import * as fs from 'node:fs'
import * as os from 'node:os'
import * as path from 'node:path'

import iconv from 'iconv-lite'
import { describe, expect, it } from 'vitest'

import { EolEditError } from '../index.js'
import {
  createAnthropicTextEditor,
  createReadState,
  createTools,
  type AnthropicTextEditorResult,
  type AnthropicTextEditorVersion,
  type ApprovalRequest,
  type CreateAnthropicTextEditorOptions,
} from '../tools.js'
import { can, skipUnless } from './support/platform.js'
import { toolOutputProblems } from './support/wording.js'
import { makeProject } from './support/project.js'

function project(files: Record<string, string | Buffer> = {}): string {
  return makeProject('text-editor-', files)
}

const bytes = (dir: string, name: string) => fs.readFileSync(path.join(dir, name))

/** Every result the editor gave in this file, for the scan of the names it uses. */
const produced: Array<{ input: unknown; result: AnthropicTextEditorResult }> = []

/** An editor whose results are recorded, with the project as its root. */
function editor<V extends AnthropicTextEditorVersion = 'text_editor_20250728'>(dir: string, options: CreateAnthropicTextEditorOptions<V> = {}) {
  const made = createAnthropicTextEditor<V>({ root: dir, ...options })
  return {
    definition: made.definition,
    run: async (input: unknown) => {
      const result = await made.execute(input)
      produced.push({ input, result })
      return result
    },
  }
}

/** The undo-capable version. */
const UNDO = { version: 'text_editor_20250124' } as const

/** The modes the umask test gives files, and the umasks it runs under (each in a child process: the umask is the process's). */
const UMASK_MODES = [0o600, 0o644, 0o755, 0o775]
const UMASKS = [0o000, 0o022, 0o077]
type UmaskRun = { umask: number; files: Array<{ mode: number; afterEdit: number; afterUndo: number; bytes: string }>; created: number }
let umaskResults: UmaskRun[] | undefined
/** Each umask's run of fixtures/umask-undo-child.cjs: an edit and its undo of a file of each mode, and a create. */
function umaskRuns(): UmaskRun[] {
  umaskResults ??= UMASKS.map((umask) => {
    const out = spawnSync(
      process.execPath,
      [path.join(__dirname, 'fixtures', 'umask-undo-child.cjs'), path.join(__dirname, '..', 'tools.js'), project(), umask.toString(8), ...UMASK_MODES.map((m) => m.toString(8))],
      { encoding: 'utf8' },
    )
    const result = JSON.parse(out.stdout) as UmaskRun & { error?: string }
    if (result.error) throw new Error(result.error)
    return result
  })
  return umaskResults
}

// Each kind of file as bytes, from its lines and each line's ending.
type Kind = { name: string; make: (lines: Array<[string, string]>) => Buffer; endings: [string, string, string]; added: string }
const KINDS: Kind[] = [
  { name: 'CRLF', make: utf8, endings: ['\r\n', '\r\n', '\r\n'], added: '\r\n' },
  { name: 'mixed', make: utf8, endings: ['\r\n', '\n', '\r\n'], added: '\r\n' },
  { name: 'lone CR', make: utf8, endings: ['\r', '\r', '\r'], added: '\r' },
  { name: 'UTF-8 BOM', make: (l) => Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), utf8(l)]), endings: ['\r\n', '\r\n', '\r\n'], added: '\r\n' },
  {
    name: 'UTF-16 LE',
    make: (l) => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(join(l), 'utf16le')]),
    endings: ['\r\n', '\r\n', '\r\n'],
    added: '\r\n',
  },
  { name: 'windows-1252', make: (l) => iconv.encode(join(l), 'windows-1252'), endings: ['\r\n', '\r\n', '\r\n'], added: '\r\n' },
]
function join(lines: Array<[string, string]>): string {
  return lines.map(([t, e]) => t + e).join('')
}
function utf8(lines: Array<[string, string]>): Buffer {
  return Buffer.from(join(lines))
}
/** The three lines every kind of file starts with: an accented one, for the legacy encoding. */
const TEXTS = ['café au lait', 'two', 'three']
const file = (k: Kind, texts = TEXTS) => k.make(texts.map((t, i) => [t, k.endings[i]]))

describe('the definition', () => {
  it('is the API declaration of each version: the name, and max_characters where the version takes it', () => {
    const dir = project()
    expect(createAnthropicTextEditor({ root: dir }).definition).toEqual({ type: 'text_editor_20250728', name: 'str_replace_based_edit_tool' })
    expect(createAnthropicTextEditor({ root: dir, maxCharacters: 5000 }).definition).toEqual({
      type: 'text_editor_20250728',
      name: 'str_replace_based_edit_tool',
      max_characters: 5000,
    })
    expect(createAnthropicTextEditor({ root: dir, version: 'text_editor_20250429', maxCharacters: 5000 }).definition).toEqual({
      type: 'text_editor_20250429',
      name: 'str_replace_based_edit_tool',
    })
    expect(createAnthropicTextEditor({ root: dir, version: 'text_editor_20250124' }).definition).toEqual({ type: 'text_editor_20250124', name: 'str_replace_editor' })
    expect(createAnthropicTextEditor({ root: dir, version: 'text_editor_20241022' }).definition).toEqual({ type: 'text_editor_20241022', name: 'str_replace_editor' })
  })

  it("refuses the host's mistakes at creation: an unknown version or option, a bad maxCharacters or root", () => {
    const dir = project()
    expect(() => createAnthropicTextEditor({ root: dir, version: 'text_editor_20250727' as never })).toThrow(/unknown version.*Did you mean "text_editor_20250728"\?/)
    expect(() => createAnthropicTextEditor({ root: dir, maxCharacter: 10 } as never)).toThrow(/unknown option "maxCharacter".*Did you mean "maxCharacters"\?/)
    expect(() => createAnthropicTextEditor({ root: dir, maxCharacters: 0 })).toThrow(TypeError)
    expect(() => createAnthropicTextEditor({ root: path.join(dir, 'missing') })).toThrow(EolEditError)
    expect(() => createAnthropicTextEditor({ maxReadLines: 3 } as never)).toThrow(/unknown option "maxReadLines"/)
  })
})

describe('view', () => {
  it.each(KINDS)('shows a $name file as 1-based numbered lines, and reads nothing into it', async (k) => {
    const dir = project({ 'f.txt': file(k) })
    const { content, is_error } = await editor(dir).run({ command: 'view', path: 'f.txt' })
    expect(is_error).toBeUndefined()
    const [lines, notes] = [content.split('\n').slice(0, 3), content.split('\n').slice(3)]
    expect(lines).toEqual(['1: café au lait', '2: two', '3: three'])
    // The legacy file's encoding was detected: a note says so, after the lines.
    expect(notes).toEqual(k.name === 'windows-1252' ? [expect.stringMatching(/^\[Note: The file's encoding was detected as windows-1252/)] : [])
    expect(bytes(dir, 'f.txt')).toEqual(file(k))
  })

  it('view_range [first, last], and -1 for the end', async () => {
    const dir = project({ 'r.txt': 'a\r\nb\r\nc\r\nd\r\n' })
    const ed = editor(dir)
    expect((await ed.run({ command: 'view', path: 'r.txt', view_range: [2, 3] })).content).toBe('2: b\n3: c')
    expect((await ed.run({ command: 'view', path: 'r.txt', view_range: [3, -1] })).content).toBe('3: c\n4: d')
    expect((await ed.run({ command: 'view', path: 'r.txt', view_range: [4, 9] })).content).toBe('4: d\n[r.txt has 4 lines.]')
    for (const bad of [[5, -1], [0, 2], [3, 2], [1], 'all', [1.5, 2]]) {
      const r = await ed.run({ command: 'view', path: 'r.txt', view_range: bad })
      expect(r.is_error, JSON.stringify(bad)).toBe(true)
      expect(r.content).toMatch(/^INVALID_ARGUMENT: view_range/)
    }
  })

  it('view_range numbers no file has (past 2^53) name view_range, never an option of the library', async () => {
    const dir = project({ 'r.txt': 'a\r\nb\r\n' })
    const ed = editor(dir)
    for (const bad of [[1, 2 ** 53], [2 ** 53, -1], [1, 1e300], [2 ** 60, 2 ** 61]]) {
      const r = await ed.run({ command: 'view', path: 'r.txt', view_range: bad })
      expect(r.content, JSON.stringify(bad)).toMatch(/^INVALID_ARGUMENT: view_range must be two line numbers/)
      expect(r.content).not.toMatch(/options\.|offset|limit/)
    }
    // The largest safe numbers are lines past the end, as any other.
    expect((await ed.run({ command: 'view', path: 'r.txt', view_range: [1, 2 ** 53 - 1] })).content).toBe('1: a\n2: b\n[r.txt has 2 lines.]')
  })

  it('max_characters: whole lines below it, a note with the view_range that shows more; a long first line is cut', async () => {
    const lines = Array.from({ length: 50 }, (_, i) => `line number ${i + 1}`)
    const dir = project({ 'big.txt': lines.join('\r\n') + '\r\n', 'long.txt': 'x'.repeat(500) + '\r\ny\r\n' })
    const ed = editor(dir, { maxCharacters: 100 })
    const { content } = await ed.run({ command: 'view', path: 'big.txt' })
    const shown = content.split('\n')
    const note = shown.pop()
    expect(shown.join('\n').length).toBeLessThanOrEqual(100)
    expect(shown[0]).toBe('1: line number 1')
    expect(note).toBe(`[Showing lines 1-${shown.length} of 50: the output is capped at 100 characters. To see more, view with view_range [${shown.length + 1}, -1].]`)
    const long = (await ed.run({ command: 'view', path: 'long.txt' })).content.split('\n')
    expect(long[0]).toBe(`1: ${'x'.repeat(97)}`)
    expect(long[1]).toBe('[Line 1 is cut: the output is capped at 100 characters. To see more, view with view_range [2, -1].]')
    // Without max_characters, the whole file, as the documentation says.
    expect((await editor(dir).run({ command: 'view', path: 'big.txt' })).content.split('\n')).toHaveLength(50)
  })

  it('an empty file says so', async () => {
    const dir = project({ 'e.txt': '' })
    expect((await editor(dir).run({ command: 'view', path: 'e.txt' })).content).toBe('e.txt is empty.')
  })

  it('a folder: its entries two levels deep, sorted, folders with /, hidden ones (and what is in them) left out', async () => {
    const dir = project({
      'src/b.ts': '',
      'src/a.ts': '',
      'src/lib/c.ts': '',
      'src/lib/deeper/d.ts': '',
      'src/.env': '',
      'src/.git/config': '',
    })
    const { content } = await editor(dir).run({ command: 'view', path: 'src' })
    expect(content).toBe(
      ['Files and folders in src/, two levels deep (hidden ones left out):', 'src/a.ts', 'src/b.ts', 'src/lib/', 'src/lib/c.ts', 'src/lib/deeper/'].join('\n'),
    )
    const rootView = (await editor(dir).run({ command: 'view', path: '.' })).content
    expect(rootView.split('\n').slice(1)).toEqual(['./src/', './src/a.ts', './src/b.ts', './src/lib/'])
    expect((await editor(dir).run({ command: 'view', path: 'src', view_range: [1, 2] })).content).toMatch(/^INVALID_ARGUMENT: view_range applies to a file/)
  })

  it('a folder listing is capped by max_characters too', async () => {
    const dir = project(Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`f/file${String(i).padStart(2, '0')}.txt`, ''])))
    const { content } = await editor(dir, { maxCharacters: 120 }).run({ command: 'view', path: 'f' })
    const lines = content.split('\n')
    expect(lines.at(-1)).toMatch(/^\[\d+ more entries not shown; view a folder inside it to see them\.\]$/)
    expect(lines.slice(0, -1).join('\n').length).toBeLessThanOrEqual(120)
  })

  it('a folder outside the root, by .. or through a link, is refused', async (ctx) => {
    const outside = project({ 'secret/s.txt': 's' })
    const dir = project({ 'in/a.txt': 'a' })
    const r = await editor(dir).run({ command: 'view', path: '..' })
    expect(r.is_error).toBe(true)
    expect(r.content).toMatch(/^PATH_OUTSIDE_ROOT: /)
    expect((await editor(dir).run({ command: 'view', path: path.join(outside, 'secret') })).content).toMatch(/^PATH_OUTSIDE_ROOT/)
    skipUnless(ctx, can.symlink)
    fs.symlinkSync(path.join(outside, 'secret'), path.join(dir, 'in', 'link'), 'dir')
    expect((await editor(dir).run({ command: 'view', path: 'in/link' })).content).toMatch(/^PATH_OUTSIDE_ROOT/)
    // Listed as an entry, never followed.
    expect((await editor(dir).run({ command: 'view', path: 'in' })).content).not.toMatch(/s\.txt/)
  })

  it('a file path with a slash at its end is refused by every command, as every OS refuses it; a folder path may have one', async () => {
    const dir = project({ 'a.txt': 'a\r\n', 'src/b.ts': '' })
    const ed = editor(dir, UNDO)
    for (const input of [
      { command: 'view', path: 'a.txt/' },
      { command: 'view', path: 'a.txt/', view_range: [1, 1] },
      { command: 'str_replace', path: 'a.txt/', old_str: 'a', new_str: 'b' },
      { command: 'insert', path: 'a.txt/', insert_line: 0, new_str: 'x' },
      { command: 'create', path: 'a.txt/', file_text: 'x\n' },
      { command: 'create', path: 'new.txt/', file_text: 'x\n' },
    ]) {
      const r = await ed.run(input)
      expect(r.content, JSON.stringify(input)).toMatch(/^NOT_A_FILE: Not a file: (a|new)\.txt\/ ends with a path separator, so it names a folder\./)
    }
    expect(bytes(dir, 'a.txt').toString('latin1')).toBe('a\r\n')
    expect(fs.existsSync(path.join(dir, 'new.txt'))).toBe(false)
    expect((await ed.run({ command: 'view', path: 'src/' })).content).toBe('Files and folders in src/, two levels deep (hidden ones left out):\nsrc/b.ts')
  })

  it('a folder swapped for a link to outside the root, again and again, never shows what is outside', async (ctx) => {
    // The core opens the folder beneath the root without following a link out of it,
    // and reads it through that handle (openat on Unix, NtCreateFile on Windows).
    skipUnless(ctx, can.symlink)
    const outside = project({ 'SECRET.txt': 's' })
    const dir = project({ 'in/sub/inner.txt': 'i' })
    const child = spawn(process.execPath, [path.join(__dirname, 'fixtures', 'swapper.cjs'), 'symlink', path.join(dir, 'in', 'sub'), outside], {
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    await new Promise((resolve) => child.stdout!.once('data', resolve))
    // Not recorded for the scan of names: thousands of listings.
    const ed = { run: createAnthropicTextEditor({ root: dir }).execute }
    const seen = { listed: 0, refused: 0, leaked: 0 }
    try {
      for (const until = Date.now() + 1500; Date.now() < until; ) {
        for (const p of ['in/sub', 'in']) {
          const r = await ed.run({ command: 'view', path: p })
          if (r.content.includes('SECRET')) seen.leaked++
          if (r.is_error === undefined) seen.listed++
          else if (r.content.startsWith('PATH_OUTSIDE_ROOT')) seen.refused++
        }
      }
    } finally {
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGKILL')
      await exited
    }
    expect(seen.leaked).toBe(0)
    expect(seen.listed).toBeGreaterThan(0)
    expect(seen.refused).toBeGreaterThan(0)
  })

  it('failures: a missing file, a binary file, UTF-16 without a byte order mark', async () => {
    const dir = project({ 'bin.dat': Buffer.from([1, 0, 2, 0]), 'u16.txt': Buffer.from('hi\r\n', 'utf16le') })
    const ed = editor(dir)
    expect((await ed.run({ command: 'view', path: 'nope.txt' })).content).toMatch(/^FILE_NOT_FOUND: File not found: nope\.txt\. Check the path, or use create to create it\./)
    expect((await ed.run({ command: 'view', path: 'bin.dat' })).content).toMatch(/^BINARY_FILE: /)
    const u16 = await ed.run({ command: 'view', path: 'u16.txt' })
    expect(u16.content).toMatch(/this tool cannot read it: ask the user to give it a byte order mark/)
  })
})

describe('str_replace', () => {
  it.each(KINDS)('on a $name file changes the matched text only; every line keeps its ending', async (k) => {
    const dir = project({ 'f.txt': file(k) })
    const r = await editor(dir).run({ command: 'str_replace', path: 'f.txt', old_str: 'two', new_str: 'twö' })
    expect(r.is_error, r.content).toBeUndefined()
    expect(r.content.split('\n')[0]).toBe('Replaced old_str in f.txt, line 2.')
    expect(bytes(dir, 'f.txt')).toEqual(file(k, ['café au lait', 'twö', 'three']))
  })

  it('a miss names the closest region as view numbers it, and writes nothing; the retry lands', async () => {
    const src = 'int Add(int a, int b)\r\n{\r\n    return a + b;\r\n}\r\nint Sub(int a, int b)\r\n{\r\n    return a - b;\r\n}\r\n'
    const dir = project({ 'Calc.cs': src })
    const ed = editor(dir)
    const miss = await ed.run({ command: 'str_replace', path: 'Calc.cs', old_str: 'int Sub(int x, int y)\n{\n    return x - y;', new_str: 'x' })
    expect(miss.is_error).toBe(true)
    expect(miss.content).toMatch(/^TEXT_NOT_FOUND: old_str was not found in the file\. The closest match is lines 5-7 \(\d+% similar\), as view shows it:\n5: int Sub\(int a, int b\)\n6: \{\n7:     return a - b;\n/)
    expect(miss.content).toMatch(/Copy old_str exactly as view shows it \(without the line numbers\)/)
    expect(bytes(dir, 'Calc.cs').toString('latin1')).toBe(src)
    const retry = await ed.run({ command: 'str_replace', path: 'Calc.cs', old_str: '    return a - b;', new_str: '    return checked(a - b);' })
    expect(retry.is_error).toBeUndefined()
    expect(bytes(dir, 'Calc.cs').toString('latin1')).toBe(src.replace('a - b', 'checked(a - b)'))
  })

  it('several matches: the lines, and more context in old_str (the tool has no replace-all)', async () => {
    const dir = project({ 'm.txt': 'x = 1\r\ny = 2\r\nx = 1\r\n' })
    const r = await editor(dir).run({ command: 'str_replace', path: 'm.txt', old_str: 'x = 1', new_str: 'x = 3' })
    expect(r.content).toBe('TEXT_MULTIPLE_MATCHES: old_str matches 2 places, at lines 1, 3. Add surrounding lines to old_str so it matches one place.')
    expect(bytes(dir, 'm.txt').toString('latin1')).toBe('x = 1\r\ny = 2\r\nx = 1\r\n')
  })

  it('several matches on one line: the count of places and the lines listed agree', async () => {
    const dir = project({ 'm.txt': 'x x x\r\ny = 2\r\nx x x\r\n' })
    const r = await editor(dir).run({ command: 'str_replace', path: 'm.txt', old_str: 'x', new_str: 'z' })
    expect(r.content).toBe(
      'TEXT_MULTIPLE_MATCHES: old_str matches 6 places, at lines 1 (3 places), 3 (3 places). Add surrounding lines to old_str so it matches one place.',
    )
    expect(bytes(dir, 'm.txt').toString('latin1')).toBe('x x x\r\ny = 2\r\nx x x\r\n')
  })

  it('without new_str, the text is removed; an empty old_str points at create and insert', async () => {
    const dir = project({ 'd.txt': 'keep\r\ndrop\r\nkeep too\r\n' })
    const ed = editor(dir)
    expect((await ed.run({ command: 'str_replace', path: 'd.txt', old_str: 'drop\n' })).is_error).toBeUndefined()
    expect(bytes(dir, 'd.txt').toString('latin1')).toBe('keep\r\nkeep too\r\n')
    const empty = await ed.run({ command: 'str_replace', path: 'd.txt', old_str: '', new_str: 'x' })
    expect(empty.content).toBe('INVALID_ARGUMENT: old_str is empty. To write a whole file use create; to add lines, use insert.')
  })

  it('the same text again is NO_CHANGE, without naming what the tool does not have', async () => {
    const dir = project({ 'n.txt': 'a\r\n' })
    const r = await editor(dir).run({ command: 'str_replace', path: 'n.txt', old_str: 'a', new_str: 'a' })
    expect(r.content).toMatch(/^NO_CHANGE: old_str and new_str are the same: nothing to change\./)
  })

  it("a lenient match is named; lines the model did not change keep their bytes", async () => {
    const dir = project({ 't.py': 'def f():  \r\n    return 1\r\n' })
    const r = await editor(dir).run({ command: 'str_replace', path: 't.py', old_str: 'def f():\n    return 1', new_str: 'def f():\n    return 2' })
    expect(r.content.split('\n').slice(0, 2)).toEqual([
      'Replaced old_str in t.py, line 2 (matched by trailingWhitespace).',
      'Note: matched only after ignoring trailing spaces/tabs.',
    ])
    expect(bytes(dir, 't.py').toString('latin1')).toBe('def f():  \r\n    return 2\r\n')
  })

  it("view's line numbers pasted into old_str are taken off when they count up; numbers that are text stay", async () => {
    const dir = project({ 'p.txt': 'alpha\r\nbeta\r\n', 'y.yml': '1: one\r\n3: three\r\n' })
    const ed = editor(dir)
    const r = await ed.run({ command: 'str_replace', path: 'p.txt', old_str: '1: alpha\n2: beta', new_str: '1: alpha\n2: BETA' })
    expect(r.content).toMatch(/^Replaced old_str in p\.txt, line 2\.\nNote: the line numbers \(N: \) were removed from old_str and new_str/)
    expect(bytes(dir, 'p.txt').toString('latin1')).toBe('alpha\r\nBETA\r\n')
    const text = await ed.run({ command: 'str_replace', path: 'y.yml', old_str: '1: one\n3: three', new_str: '1: ONE\n3: three' })
    expect(text.content).toMatch(/^Replaced old_str in y\.yml, line 1\.\n@@/)
    expect(bytes(dir, 'y.yml').toString('latin1')).toBe('1: ONE\r\n3: three\r\n')
  })

  it('a file not valid in any known encoding: non-ASCII new text is refused in words the model can act on', async () => {
    const dir = project({ 'g.txt': Buffer.from([0x61, 0x62, 0x63, 0xff, 0xfe, 0x0d, 0x0a]) })
    const r = await editor(dir).run({ command: 'str_replace', path: 'g.txt', old_str: 'abc', new_str: 'àbc' })
    expect(r.content).toMatch(/^ENCODING_UNKNOWN: /)
    expect(r.content).toMatch(/Use only ASCII characters in new text for this file, or ask the user to declare its encoding/)
    expect(bytes(dir, 'g.txt')).toEqual(Buffer.from([0x61, 0x62, 0x63, 0xff, 0xfe, 0x0d, 0x0a]))
    expect((await editor(dir).run({ command: 'str_replace', path: 'g.txt', old_str: 'abc', new_str: 'ABC' })).is_error).toBeUndefined()
  })
})

describe('create', () => {
  it('a new file takes the project\'s endings (.editorconfig), else LF; missing folders are made', async () => {
    const dir = project({ 'win/.editorconfig': 'root = true\n[*]\nend_of_line = crlf\n' })
    const ed = editor(dir)
    const r = await ed.run({ command: 'create', path: 'new/deep/a.txt', file_text: 'one\ntwo\n' })
    expect(r.content).toBe('Created new/deep/a.txt: 2 lines, line endings: LF.')
    expect(bytes(dir, 'new/deep/a.txt').toString('latin1')).toBe('one\ntwo\n')
    expect((await ed.run({ command: 'create', path: 'win/b.txt', file_text: 'one\ntwo\n' })).content).toBe('Created win/b.txt: 2 lines, line endings: CRLF.')
    expect(bytes(dir, 'win/b.txt').toString('latin1')).toBe('one\r\ntwo\r\n')
  })

  it.each(KINDS)('refuses a path that exists, as the reference tool does: the $name file is byte-identical, str_replace is named', async (k) => {
    const dir = project({ 'f.txt': file(k) })
    for (const version of ['text_editor_20250728', 'text_editor_20250429', 'text_editor_20250124', 'text_editor_20241022'] as const) {
      const r = await editor(dir, { version }).run({ command: 'create', path: 'f.txt', file_text: 'café au lait\nTWO\nthree\n' })
      expect(r.is_error, version).toBe(true)
      expect(r.content).toBe(
        'INVALID_ARGUMENT: File already exists at: f.txt. Cannot overwrite files using command create, so nothing was written. ' +
          'To change it, use str_replace (view it first to copy the text to replace).',
      )
      expect(bytes(dir, 'f.txt')).toEqual(file(k))
    }
  })

  it('refuses an empty file and a folder too; after its own create, undo_edit is named as the way back', async () => {
    const dir = project({ 'empty.txt': '', 'sub/a.txt': 'a' })
    const ed = editor(dir, UNDO)
    expect((await ed.run({ command: 'create', path: 'empty.txt', file_text: 'x\n' })).content).toMatch(/^INVALID_ARGUMENT: File already exists at: empty\.txt\./)
    expect(bytes(dir, 'empty.txt')).toEqual(Buffer.alloc(0))
    expect((await ed.run({ command: 'create', path: 'sub', file_text: 'x\n' })).content).toMatch(/^NOT_A_FILE: /)
    expect((await ed.run({ command: 'create', path: 'mine.txt', file_text: 'first\n' })).is_error).toBeUndefined()
    const again = await ed.run({ command: 'create', path: 'mine.txt', file_text: 'second\n' })
    expect(again.content).toBe(
      'INVALID_ARGUMENT: File already exists at: mine.txt. Cannot overwrite files using command create, so nothing was written. ' +
        "To change it, use str_replace (view it first to copy the text to replace); to take back this tool's last edit of it, use undo_edit (a file it created is deleted again).",
    )
    expect(bytes(dir, 'mine.txt').toString('latin1')).toBe('first\n')
    // The way back the message names works: undo, then create again.
    await ed.run({ command: 'undo_edit', path: 'mine.txt' })
    expect((await ed.run({ command: 'create', path: 'mine.txt', file_text: 'second\n' })).is_error).toBeUndefined()
    expect(bytes(dir, 'mine.txt').toString('latin1')).toBe('second\n')
  })

  it('a file another program creates while the approval waits is not overwritten', async () => {
    const dir = project()
    const ed = editor(dir, { approve: () => (fs.writeFileSync(path.join(dir, 'late.txt'), 'theirs\r\n'), true) })
    const r = await ed.run({ command: 'create', path: 'late.txt', file_text: 'mine\n' })
    expect(r.content).toMatch(/^INVALID_ARGUMENT: File already exists at: late\.txt\./)
    expect(bytes(dir, 'late.txt').toString('latin1')).toBe('theirs\r\n')
  })

  it('writes the bytes the approval showed, even when the project changes its endings meanwhile', async () => {
    // A new file's endings are worked out once, from .editorconfig as it was then.
    const dir = project({ '.editorconfig': 'root = true\n[*]\nend_of_line = crlf\n' })
    const asked: string[] = []
    const ed = editor(dir, {
      ...UNDO,
      approve: (request) => {
        asked.push(request.diff)
        fs.writeFileSync(path.join(dir, '.editorconfig'), 'root = true\n[*]\nend_of_line = lf\n')
        return true
      },
    })
    const r = await ed.run({ command: 'create', path: 'made.txt', file_text: 'one\ntwo\n' })
    expect(r.is_error, String(r.content)).toBeUndefined()
    expect(asked).toHaveLength(1)
    expect(bytes(dir, 'made.txt').toString('latin1')).toBe('one\r\ntwo\r\n')
    // undo_edit knows the file as it was written: it deletes it again.
    const undone = await ed.run({ command: 'undo_edit', path: 'made.txt' })
    expect(undone.is_error, String(undone.content)).toBeUndefined()
    expect(fs.existsSync(path.join(dir, 'made.txt'))).toBe(false)
  })

  it('a new file gets the mode the umask gives any new file (0600 under umask 077)', async (ctx) => {
    skipUnless(ctx, can.posixModes)
    for (const { umask, created } of umaskRuns()) expect(created, `umask ${umask.toString(8)}`).toBe(0o666 & ~umask)
  })
})

describe('insert', () => {
  it.each(KINDS)('after a line of a $name file: the new lines take the ending of the lines around them', async (k) => {
    const dir = project({ 'f.txt': file(k) })
    const r = await editor(dir).run({ command: 'insert', path: 'f.txt', insert_line: 1, new_str: 'new one\nnew two' })
    expect(r.content.split('\n')[0]).toBe('Inserted 2 lines after line 1 of f.txt.')
    const lines: Array<[string, string]> = [
      ['café au lait', k.endings[0]],
      ['new one', k.added],
      ['new two', k.added],
      ['two', k.endings[1]],
      ['three', k.endings[2]],
    ]
    expect(bytes(dir, 'f.txt')).toEqual(k.make(lines))
  })

  it('at the start (0) and after the last line; a final line break in the text adds no empty line', async () => {
    const dir = project({ 'a.txt': 'b\r\nc' })
    const ed = editor(dir)
    expect((await ed.run({ command: 'insert', path: 'a.txt', insert_line: 0, new_str: 'a\n' })).content.split('\n')[0]).toBe('Inserted 1 line at the start of a.txt.')
    expect((await ed.run({ command: 'insert', path: 'a.txt', insert_line: 3, new_str: 'd' })).is_error).toBeUndefined()
    // The file had no line break at its end, and still has none.
    expect(bytes(dir, 'a.txt').toString('latin1')).toBe('a\r\nb\r\nc\r\nd')
    expect((await ed.run({ command: 'insert', path: 'a.txt', insert_line: 1, new_str: '\n' })).is_error).toBeUndefined()
    expect(bytes(dir, 'a.txt').toString('latin1')).toBe('a\r\n\r\nb\r\nc\r\nd')
  })

  it('after exactly the line given, where the same lines occur elsewhere too', async () => {
    const dir = project({ 'x.txt': 'x\r\nx\r\nx\r\nx\r\n' })
    await editor(dir).run({ command: 'insert', path: 'x.txt', insert_line: 2, new_str: 'NEW' })
    expect(bytes(dir, 'x.txt').toString('latin1')).toBe('x\r\nx\r\nNEW\r\nx\r\nx\r\n')
  })

  it('takes insert_text, as earlier versions name it; an empty file gets its first line', async () => {
    const dir = project({ 'e.txt': '' })
    const r = await editor(dir, { version: 'text_editor_20250429' }).run({ command: 'insert', path: 'e.txt', insert_line: 0, insert_text: 'first' })
    expect(r.is_error).toBeUndefined()
    expect(bytes(dir, 'e.txt').toString('latin1')).toBe('first\n')
  })

  it('a line past the end, a negative one, or no text: INVALID_ARGUMENT, nothing written', async () => {
    const dir = project({ 'i.txt': 'a\r\nb\r\n' })
    const ed = editor(dir)
    expect((await ed.run({ command: 'insert', path: 'i.txt', insert_line: 3, new_str: 'x' })).content).toBe(
      'INVALID_ARGUMENT: insert_line 3 is past the end of i.txt, which has 2 lines: use 0 (the start) to 2 (after the last line).',
    )
    expect((await ed.run({ command: 'insert', path: 'i.txt', insert_line: -1, new_str: 'x' })).content).toMatch(/^INVALID_ARGUMENT: insert_line must be a whole number/)
    expect((await ed.run({ command: 'insert', path: 'i.txt', insert_line: 1 })).content).toMatch(/^INVALID_ARGUMENT: new_str must be the text to insert/)
    expect((await ed.run({ command: 'insert', path: 'i.txt', insert_line: 1, new_str: '' })).content).toMatch(/^INVALID_ARGUMENT: new_str is empty/)
    expect(bytes(dir, 'i.txt').toString('latin1')).toBe('a\r\nb\r\n')
  })
})

describe('undo_edit', () => {
  it.each(KINDS)('restores the exact bytes of a $name file from before each edit, the last one first', async (k) => {
    const dir = project({ 'f.txt': file(k) })
    const ed = editor(dir, UNDO)
    await ed.run({ command: 'str_replace', path: 'f.txt', old_str: 'two', new_str: 'TWO' })
    const afterFirst = bytes(dir, 'f.txt')
    await ed.run({ command: 'insert', path: 'f.txt', insert_line: 3, new_str: 'four' })
    const undo = await ed.run({ command: 'undo_edit', path: 'f.txt' })
    expect(undo.content).toMatch(/^Undid the last edit of f\.txt: it has its bytes from before that edit again\.\n@@ .*\n(.*\n)*-four$/)
    expect(bytes(dir, 'f.txt')).toEqual(afterFirst)
    await ed.run({ command: 'undo_edit', path: 'f.txt' })
    expect(bytes(dir, 'f.txt')).toEqual(file(k))
    expect((await ed.run({ command: 'undo_edit', path: 'f.txt' })).content).toMatch(/^INVALID_ARGUMENT: There is no edit of f\.txt to undo/)
  })

  it('restores bytes a write of text could not give back: trailing spaces a lenient match kept, bytes of no encoding', async () => {
    const original = Buffer.concat([Buffer.from('keep \t\r\n'), Buffer.from([0x80, 0x81]), Buffer.from('\nlast\r')])
    const dir = project({ 'odd.txt': original })
    const ed = editor(dir, UNDO)
    const edit = await ed.run({ command: 'str_replace', path: 'odd.txt', old_str: 'keep\n', new_str: 'changed\n' })
    expect(edit.content).toMatch(/matched by trailingWhitespace/)
    await ed.run({ command: 'undo_edit', path: 'odd.txt' })
    expect(bytes(dir, 'odd.txt')).toEqual(original)
  })

  it.for([0o000, 0o022, 0o077])('keeps the exact mode of 0600, 0644, 0755 and 0775 files under umask %s', (umask, ctx) => {
    skipUnless(ctx, can.posixModes)
    const run = umaskRuns().find((r) => r.umask === umask)!
    expect(run.files).toEqual(
      UMASK_MODES.map((mode) => ({ mode, afterEdit: mode, afterUndo: mode, bytes: '#!/bin/sh\r\necho a\r\n' })),
    )
  })

  it('undoes a create of 150,000 lines, and an insert of 100,000, in whole', async () => {
    const dir = project({ 'base.txt': 'a\r\nb\r\n' })
    const ed = editor(dir, UNDO)
    const lines = Array.from({ length: 150_000 }, (_, i) => `line ${i}`)
    expect((await ed.run({ command: 'create', path: 'big.txt', file_text: lines.join('\n') + '\n' })).content).toBe('Created big.txt: 150000 lines, line endings: LF.')
    const undo = await ed.run({ command: 'undo_edit', path: 'big.txt' })
    expect(undo.content).toBe('Undid the last edit of big.txt: the file it created is deleted again.')
    expect(fs.existsSync(path.join(dir, 'big.txt'))).toBe(false)
    const inserted = await ed.run({ command: 'insert', path: 'base.txt', insert_line: 1, new_str: lines.slice(0, 100_000).join('\n') })
    expect(inserted.content.split('\n')[0]).toBe('Inserted 100000 lines after line 1 of base.txt.')
    expect(inserted.content).toMatch(/\n\[diff cut: \d+ more lines not shown; view shows the result\]$/)
    expect(bytes(dir, 'base.txt').toString('latin1')).toBe(['a', ...lines.slice(0, 100_000), 'b', ''].join('\r\n'))
    const back = await ed.run({ command: 'undo_edit', path: 'base.txt' })
    expect(back.is_error, back.content).toBeUndefined()
    expect(bytes(dir, 'base.txt').toString('latin1')).toBe('a\r\nb\r\n')
  })

  it('undoing create of a new file deletes it', async () => {
    const dir = project()
    const ed = editor(dir, UNDO)
    await ed.run({ command: 'create', path: 'n/new.txt', file_text: 'x\n' })
    expect((await ed.run({ command: 'undo_edit', path: 'n/new.txt' })).content).toBe('Undid the last edit of n/new.txt: the file it created is deleted again.')
    expect(fs.existsSync(path.join(dir, 'n/new.txt'))).toBe(false)
  })

  it('is refused when the file changed since the edit, and the file keeps its new bytes', async () => {
    const dir = project({ 'c.txt': 'a\r\n' })
    const ed = editor(dir, UNDO)
    await ed.run({ command: 'str_replace', path: 'c.txt', old_str: 'a', new_str: 'b' })
    fs.appendFileSync(path.join(dir, 'c.txt'), 'from elsewhere\r\n')
    const r = await ed.run({ command: 'undo_edit', path: 'c.txt' })
    expect(r.content).toBe(
      'FILE_CHANGED: c.txt has changed since the edit undo_edit would undo, so it was not restored (nothing was written). View it again and change it with str_replace instead.',
    )
    expect(bytes(dir, 'c.txt').toString('latin1')).toBe('b\r\nfrom elsewhere\r\n')
  })

  it('leaves no temporary file', async () => {
    const dir = project({ 'run.sh': '#!/bin/sh\r\necho a\r\n' })
    const ed = editor(dir, UNDO)
    await ed.run({ command: 'str_replace', path: 'run.sh', old_str: 'echo a', new_str: 'echo b' })
    await ed.run({ command: 'undo_edit', path: 'run.sh' })
    expect(fs.readdirSync(dir)).toEqual(['run.sh'])
  })

  it('keeps ten edits of a file: the eleventh undo is told its undo is gone, not that there was none', async () => {
    const dir = project({ 'n.txt': '0\r\n' })
    const ed = editor(dir, UNDO)
    for (let i = 1; i <= 11; i++) await ed.run({ command: 'str_replace', path: 'n.txt', old_str: `${i - 1}`, new_str: `${i}` })
    for (let i = 0; i < 10; i++) expect((await ed.run({ command: 'undo_edit', path: 'n.txt' })).is_error).toBeUndefined()
    expect(bytes(dir, 'n.txt').toString('latin1')).toBe('1\r\n')
    const gone = await ed.run({ command: 'undo_edit', path: 'n.txt' })
    expect(gone.content).toBe(
      'INVALID_ARGUMENT: The earlier edits of n.txt can no longer be undone: this tool keeps the last 10 edits of a file, and at most 64 MiB ' +
        'of earlier file contents in all, dropping the oldest first. Nothing was written. View the file and change it back with str_replace.',
    )
    expect(bytes(dir, 'n.txt').toString('latin1')).toBe('1\r\n')
  })

  it('keeps at most 64 MiB of earlier contents in all, dropping the oldest edits (of any file) first', async () => {
    // Five 4 MB files edited ten times each held about 230 MiB before.
    const big = (c: string) => `${c.repeat(99)}\r\n`.repeat(40_000) // 4,040,000 bytes
    const names = ['a', 'b', 'c', 'd', 'e'].map((c) => `${c}.txt`)
    const dir = project(Object.fromEntries(names.map((n) => [n, `0\r\n${big(n[0])}`])))
    const ed = editor(dir, UNDO)
    for (let i = 1; i <= 4; i++) {
      for (const n of names) expect((await ed.run({ command: 'str_replace', path: n, old_str: `${i - 1}\n`, new_str: `${i}\n` })).is_error).toBeUndefined()
    }
    // 64 MiB holds sixteen of the twenty: the first round of a, b, c and d went.
    const undoable: number[] = []
    for (const n of names) {
      let count = 0
      while ((await ed.run({ command: 'undo_edit', path: n })).is_error === undefined) count++
      undoable.push(count)
    }
    expect(undoable).toEqual([3, 3, 3, 3, 4])
    expect(names.map((n) => bytes(dir, n).subarray(0, 3).toString('latin1'))).toEqual(['1\r\n', '1\r\n', '1\r\n', '1\r\n', '0\r\n'])
    const last = await ed.run({ command: 'undo_edit', path: 'a.txt' })
    expect(last.content).toMatch(/^INVALID_ARGUMENT: The earlier edits of a\.txt can no longer be undone/)
  })

  it('keeps the last edit of a file of the largest default size (64 MiB), and drops bytes over it at once', () => {
    const { UndoHistory } = require('../lib/binding.js') as typeof import('../index.js')
    const history = new UndoHistory()
    const [v1, v2, v3] = ['1', '2', '3'].map((n) => n.repeat(32))
    const dir = project({})
    history.push(path.join(dir, 'small'), Buffer.alloc(10), v1)
    history.push(path.join(dir, 'largest'), Buffer.alloc(64 * 1024 * 1024), v2)
    expect(history.last(path.join(dir, 'largest'))).toMatchObject({ version: v2, created: false, dropped: 0 })
    expect(history.last(path.join(dir, 'small'))).toMatchObject({ created: false, dropped: 1 })
    expect(history.last(path.join(dir, 'small')).version).toBeUndefined()
    history.push(path.join(dir, 'over'), Buffer.alloc(64 * 1024 * 1024 + 1), v3)
    expect(history.last(path.join(dir, 'over'))).toMatchObject({ created: false, dropped: 1 })
    expect(history.last(path.join(dir, 'largest')).version).toBe(v2)
  })

  it("keeps its history in the core, whose class refuses what is not an edit's bytes and version", async () => {
    const { UndoHistory } = require('../lib/binding.js') as typeof import('../index.js')
    expect(() => new UndoHistory({ depht: 1 } as never)).toThrow(/has no option 'depht' \(did you mean 'depth'\?\)/)
    const history = new UndoHistory({ depth: 2, maxBytes: 1000 })
    expect([history.depth, history.maxBytes]).toEqual([2, 1000])
    const dir = project({ 'a.txt': 'a\r\n' })
    const file = path.join(dir, 'a.txt')
    expect(() => history.push(file, null, 'v1')).toThrow(/after must be a version/)
    expect(() => history.push(file, 'a' as never, '0'.repeat(32))).toThrow(/before must be a Buffer/)
    await expect(history.undo(file)).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' })
    // The file does not have the version the edit left: refused, nothing written, the edit kept.
    history.push(file, Buffer.from('b\n'), '0'.repeat(32))
    await expect(history.undo(file)).rejects.toMatchObject({ code: 'FILE_CHANGED' })
    expect(bytes(dir, 'a.txt').toString('latin1')).toBe('a\r\n')
    expect(history.last(file)).toMatchObject({ version: '0'.repeat(32), created: false, dropped: 0 })
  })

  it('is asked for approval like any write, and a refusal restores nothing', async () => {
    const dir = project({ 'a.txt': 'a\r\n' })
    const asked: ApprovalRequest[] = []
    let verdict = true
    const ed = editor(dir, { ...UNDO, approve: (r) => (asked.push(r), verdict) })
    await ed.run({ command: 'str_replace', path: 'a.txt', old_str: 'a', new_str: 'b' })
    verdict = false
    const r = await ed.run({ command: 'undo_edit', path: 'a.txt' })
    expect(r.content).toMatch(/^REJECTED: /)
    expect(asked.map((a) => [a.tool, a.diff.split('\n').filter((l) => /^[-+][^-+]/.test(l))])).toEqual([
      ['str_replace', ['-a', '+b']],
      ['undo_edit', ['-b', '+a']],
    ])
    expect(bytes(dir, 'a.txt').toString('latin1')).toBe('b\r\n')
    // Approved, it restores the bytes it showed (restoreFile: shown as a dry run, written at the same version).
    verdict = true
    const undone = await ed.run({ command: 'undo_edit', path: 'a.txt' })
    expect(undone.is_error, String(undone.content)).toBeUndefined()
    expect(asked.at(-1)?.diff).toBe(asked[1].diff)
    expect(bytes(dir, 'a.txt').toString('latin1')).toBe('a\r\n')
  })

  it('is not a command of the versions without it: the model is told to use str_replace', async () => {
    const dir = project({ 'a.txt': 'a\r\n' })
    for (const version of ['text_editor_20250728', 'text_editor_20250429'] as const) {
      const r = await editor(dir, { version }).run({ command: 'undo_edit', path: 'a.txt' })
      expect(r.content).toBe(`INVALID_ARGUMENT: undo_edit is not a command of ${version}: change the text back with str_replace.`)
    }
  })
})

describe('what the tool set guarantees holds', () => {
  it('a file changed on disk since it was viewed is not changed: FILE_CHANGED, view it again', async () => {
    const dir = project({ 's.txt': 'a\r\nb\r\n' })
    const ed = editor(dir)
    await ed.run({ command: 'view', path: 's.txt' })
    for (const [input, line] of [
      [{ command: 'str_replace', path: 's.txt', old_str: 'a', new_str: 'A' }, 3],
      [{ command: 'insert', path: 's.txt', insert_line: 1, new_str: 'x' }, 4],
    ] as const) {
      // A change from outside before each: the refusal shows it, numbered as view does.
      fs.appendFileSync(path.join(dir, 's.txt'), 'c\r\n')
      const r = await ed.run(input)
      expect(r.content, input.command).toMatch(/^FILE_CHANGED: /)
      expect(r.content, input.command).toContain(`+ ${line}: c`)
    }
    expect(bytes(dir, 's.txt').toString('latin1')).toBe('a\r\nb\r\nc\r\nc\r\n')
  })

  it('requireRead: a file must be viewed first, by this editor, a tool set or the host sharing its read state', async () => {
    const dir = project({ 'r.txt': 'r\r\n', 's.txt': 's\r\n', 't.txt': 't\r\n' })
    const readState = createReadState()
    const ed = editor(dir, { requireRead: true, readState })
    const refused = await ed.run({ command: 'str_replace', path: 'r.txt', old_str: 'r', new_str: 'R' })
    expect(refused.content).toMatch(/^FILE_CHANGED: r\.txt has not been read yet.*View it first/)
    await ed.run({ command: 'view', path: 'r.txt' })
    expect((await ed.run({ command: 'str_replace', path: 'r.txt', old_str: 'r', new_str: 'R' })).is_error).toBeUndefined()
    // A read through a tool set sharing the state counts, and the editor's write is no outside change to it.
    const tools = createTools({ root: dir, readState, requireRead: true })
    await tools.read_file.execute({ path: 's.txt' })
    expect((await ed.run({ command: 'str_replace', path: 's.txt', old_str: 's', new_str: 'S' })).is_error).toBeUndefined()
    expect((await tools.edit_file.execute({ path: 's.txt', old_text: 'S', new_text: 'SS' })).success).toBe(true)
    // So does the host's own read.
    readState.markRead(path.join(dir, 't.txt'), { content: fs.readFileSync(path.join(dir, 't.txt'), 'utf8') })
    expect((await ed.run({ command: 'insert', path: 't.txt', insert_line: 1, new_str: 'u' })).is_error).toBeUndefined()
    expect(bytes(dir, 't.txt').toString('latin1')).toBe('t\r\nu\r\n')
  })

  it('approve sees the dry run of every change; a refusal writes nothing', async () => {
    const dir = project({ 'a.txt': 'a\r\n' })
    const asked: ApprovalRequest[] = []
    const ed = editor(dir, { approve: (r) => (asked.push(r), false) })
    for (const input of [
      { command: 'str_replace', path: 'a.txt', old_str: 'a', new_str: 'b' },
      { command: 'insert', path: 'a.txt', insert_line: 0, new_str: 'z' },
      { command: 'create', path: 'new.txt', file_text: 'n\n' },
    ]) {
      expect((await ed.run(input)).content).toMatch(/^REJECTED: The user did not approve this change/)
    }
    expect(asked.map((r) => r.tool)).toEqual(['str_replace', 'insert', 'create'])
    expect(asked.every((r) => r.diff.length > 0)).toBe(true)
    expect(bytes(dir, 'a.txt').toString('latin1')).toBe('a\r\n')
    expect(fs.existsSync(path.join(dir, 'new.txt'))).toBe(false)
  })

  it('every command refuses a path outside the root, and writes nothing', async () => {
    const outside = project({ 'o.txt': 'o\r\n' })
    const dir = project()
    const target = path.join(outside, 'o.txt')
    for (const input of [
      { command: 'view', path: target },
      { command: 'str_replace', path: target, old_str: 'o', new_str: 'x' },
      { command: 'create', path: target, file_text: 'x\n' },
      { command: 'insert', path: target, insert_line: 0, new_str: 'x' },
      { command: 'create', path: '../escape.txt', file_text: 'x\n' },
    ]) {
      expect((await editor(dir).run(input)).content, input.command).toMatch(/^PATH_OUTSIDE_ROOT: /)
    }
    expect(bytes(outside, 'o.txt').toString('latin1')).toBe('o\r\n')
    expect(fs.existsSync(path.join(dir, '..', 'escape.txt'))).toBe(false)
  })

  it('a cancelled call writes nothing', async () => {
    const dir = project({ 'a.txt': 'a\r\n' })
    const controller = new AbortController()
    controller.abort()
    const r = await createAnthropicTextEditor({ root: dir }).execute({ command: 'str_replace', path: 'a.txt', old_str: 'a', new_str: 'b' }, { signal: controller.signal })
    expect(r.content).toMatch(/^REJECTED: The str_replace call was cancelled/)
    expect(bytes(dir, 'a.txt').toString('latin1')).toBe('a\r\n')
  })
})

describe('inputs as the model sends them', () => {
  it('takes the input as JSON text; an argument the tool does not have is ignored with a note', async () => {
    const dir = project({ 'j.txt': 'j\r\n' })
    const r = await editor(dir).run(JSON.stringify({ command: 'str_replace', path: 'j.txt', old_str: 'j', new_str: 'J', replace_all: true }))
    expect(r.is_error).toBeUndefined()
    expect(r.content.split('\n').at(-1)).toBe('Note: ignored unknown argument "replace_all".')
    expect(bytes(dir, 'j.txt').toString('latin1')).toBe('J\r\n')
  })

  it('never throws: every malformed input is an error result', async () => {
    const dir = project({ 'a.txt': 'a\r\n' })
    const ed = editor(dir)
    const inputs: unknown[] = [
      undefined,
      null,
      42,
      'not json',
      [],
      {},
      { command: 'view' },
      { command: 'view', path: '' },
      { command: 'view', path: 7 },
      { command: 'delete', path: 'a.txt' },
      { command: 'str_replace', path: 'a.txt' },
      { command: 'str_replace', path: 'a.txt', old_str: 5 },
      { command: 'create', path: 'a.txt' },
      { command: 'insert', path: 'a.txt', insert_line: '1', new_str: 'x' },
    ]
    for (const input of inputs) {
      const r = await ed.run(input)
      expect(r.is_error, JSON.stringify(input)).toBe(true)
      expect(r.content).toMatch(/^INVALID_ARGUMENT: /)
    }
    expect(bytes(dir, 'a.txt').toString('latin1')).toBe('a\r\n')
  })
})

describe('inputs that would damage a file', () => {
  it('input cut off mid-JSON is INVALID_ARGUMENT and writes nothing', async () => {
    const dir = project({ 'a.txt': 'a\r\n' })
    for (const cut of ['{"command": "str_replace", "path": "a.txt", "old_str": "a", "new_str": "xy', '{"command": "create", "path": "b.txt", "file_te']) {
      const r = await editor(dir).run(cut)
      expect(r.content).toBe('INVALID_ARGUMENT: str_replace_based_edit_tool arguments must be a JSON object, but they are a string that is not JSON.')
    }
    expect(bytes(dir, 'a.txt').toString('latin1')).toBe('a\r\n')
    expect(fs.existsSync(path.join(dir, 'b.txt'))).toBe(false)
  })

  it('half of a surrogate pair (an emoji cut off) in any text argument is refused: no file gets bytes of no encoding', async () => {
    const dir = project({ 'a.txt': 'a\r\nb\r\n' })
    const ed = editor(dir, UNDO)
    for (const [input, name] of [
      [{ command: 'str_replace', path: 'a.txt', old_str: 'a', new_str: 'smile \ud83d' }, 'new_str'],
      [{ command: 'str_replace', path: 'a.txt', old_str: 'b\n\ude00', new_str: 'x' }, 'old_str'],
      [{ command: 'insert', path: 'a.txt', insert_line: 1, new_str: 'x\n\ud800 y' }, 'new_str'],
      [{ command: 'insert', path: 'a.txt', insert_line: 1, insert_text: '\udfff' }, 'insert_text'],
      [{ command: 'create', path: 'new.txt', file_text: 'one\ntwo \ud83d' }, 'file_text'],
    ] as const) {
      const r = await ed.run(input)
      expect(r.content, name).toMatch(new RegExp(`^INVALID_ARGUMENT: ${name} has half of a character \\(U\\+D[89A-F][0-9A-F]{2}, a lone surrogate\\) on line \\d: .*Send the whole character\\.$`))
    }
    expect(bytes(dir, 'a.txt').toString('latin1')).toBe('a\r\nb\r\n')
    expect(fs.existsSync(path.join(dir, 'new.txt'))).toBe(false)
    // Whole pairs are characters like any other: written as UTF-8, matched again, endings kept.
    expect((await ed.run({ command: 'str_replace', path: 'a.txt', old_str: 'a', new_str: 'smile \ud83d\ude00' })).is_error).toBeUndefined()
    expect((await ed.run({ command: 'str_replace', path: 'a.txt', old_str: '\u{1f600}\nb', new_str: '\u{1f642}\nb' })).is_error).toBeUndefined()
    expect(bytes(dir, 'a.txt')).toEqual(Buffer.from('smile \u{1f642}\r\nb\r\n'))
  })
})

// ---------------------------------------------------------------------------

/** What the text editor's model has never seen: the other tools' names and arguments, and their notation. */
const FOREIGN = [
  'read_file',
  'write_file',
  'edit_file',
  'multi_edit',
  'delete_range',
  'apply_patch',
  'old_text',
  'new_text',
  'replace_all',
  'start_anchor',
  'end_anchor',
  'start_line',
  'end_line',
  'eol',
  'file_path',
]

/** The temporary folder as messages may spell it. */
const TEMP_PATHS = [...new Set([fs.realpathSync(os.tmpdir()), os.tmpdir()])]

function foreignNames(given: string): string[] {
  // An argument the model sent itself may be named back to it, and the temporary
  // folder's path is no name (under wine it is …\eol-edit-cross\wtmp\…).
  const text = TEMP_PATHS.reduce((t, p) => t.split(p).join('<tmp>'), given.replace(/ignored unknown argument "[^"]*"/g, ''))
  const problems = FOREIGN.filter((name) => new RegExp(`\\b${name}\\b`).test(text)).map((name) => `names ${name}`)
  if (/"encoding"/.test(text)) problems.push('names the "encoding" argument')
  if (text.includes('\u2502')) problems.push("numbers lines with read_file's │")
  return [...problems, ...toolOutputProblems(text)]
}

describe('messages name only the tool\'s commands and arguments', () => {
  it('the warnings on an encoding that was guessed, or could not be told', async () => {
    const dir = project({ 'w.txt': iconv.encode('déjà vu\r\nx\r\n', 'windows-1252'), 'u.txt': Buffer.from([0x61, 0x62, 0x63, 0xff, 0xfe, 0x0d, 0x0a]) })
    const guessed = await editor(dir).run({ command: 'view', path: 'w.txt' })
    expect(guessed.content).toMatch(/\[Note: The file's encoding was detected as windows-1252 .* if that is wrong, ask the user to declare the right one in \.editorconfig/)
    const unknown = await editor(dir).run({ command: 'view', path: 'u.txt' })
    expect(unknown.content).toMatch(/If you know the encoding, ask the user to declare it/)
  })

  it('no result in this file names what the model does not have', () => {
    expect(produced.length).toBeGreaterThan(100)
    const problems = produced.flatMap(({ input, result }) =>
      foreignNames(result.content).map((p) => `${JSON.stringify(input)?.slice(0, 80)}: ${p}\n  ${result.content.slice(0, 300)}`),
    )
    expect(problems).toEqual([])
  })

  it("the scan finds the other tools' words", () => {
    expect(foreignNames('Use write_file, set replace_all, "encoding": "x", 3│a')).toHaveLength(4)
  })

})
