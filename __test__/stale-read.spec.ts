// FILE_CHANGED from a tool set shows the lines that changed since the model's read
// (SPEC section 13): on CRLF, mixed and LF files, changed outside the tools (a line
// inserted, a line changed, a formatter's rewrite), through the tools, every host shape,
// the Anthropic editor and a shared read state; with the limits of what is kept (1 MiB a
// file, 64 MiB in all, least recently used out first). A refused call leaves the file
// byte for byte as the outside change left it.

import * as fs from 'node:fs'
import * as path from 'node:path'

import { describe, expect, it } from 'vitest'

import { lineChanges } from '../index.js'
import { createAnthropicTextEditor, createReadState, createTools, type ReadState } from '../tools.js'
import { makeProject } from './support/project.js'
import { SHAPES, type Shape } from './support/shapes.js'

const project = (files: Record<string, string | Buffer> = {}) => makeProject('eol-stale-read-', files)
const bytes = (dir: string, name: string) => fs.readFileSync(path.join(dir, name))
const put = (dir: string, name: string, text: string | Buffer) => fs.writeFileSync(path.join(dir, name), text)

/** The numbered lines of a FILE_CHANGED message (`- 3│text`, `+ 3│text`, `  3│text`). */
function shownLines(message: string): string[] {
  return message.split('\n').filter((l) => /^[-+ ] +\d+│/.test(l))
}

const FILES = {
  lf: 'one\ntwo\nthree\nfour\nfive\nsix\n',
  crlf: 'one\r\ntwo\r\nthree\r\nfour\r\nfive\r\nsix\r\n',
  mixed: 'one\r\ntwo\nthree\r\nfour\nfive\r\nsix\n',
}

describe('FILE_CHANGED shows what changed since the read', () => {
  for (const [kind, text] of Object.entries(FILES)) {
    const eol = kind === 'lf' ? '\n' : '\r\n'

    it(`${kind}: a line inserted outside is shown with its number, and the retry needs no read`, async () => {
      const dir = project({ 'a.txt': text })
      const tools = createTools({ root: dir })
      expect((await tools.read_file.execute({ path: 'a.txt' })).success).toBe(true)
      const changed = text.replace(`three${kind === 'mixed' ? '\r\n' : eol}`, `three${kind === 'mixed' ? '\r\n' : eol}inserted${eol}`)
      put(dir, 'a.txt', changed)
      const r = await tools.edit_file.execute({ path: 'a.txt', old_text: 'six', new_text: 'SIX' })
      expect(r.success).toBe(false)
      expect(r.error).toBe('FILE_CHANGED')
      expect(shownLines(r.data)).toEqual(['  2│two', '  3│three', '+ 4│inserted', '  5│four', '  6│five'])
      expect(r.data).toContain('send your change again')
      expect(r.data).not.toContain('Read it again')
      // Nothing was written by the refused call.
      expect(bytes(dir, 'a.txt').equals(Buffer.from(changed))).toBe(true)
      // The message showed the whole change: the retry works without a new read.
      const again = await tools.edit_file.execute({ path: 'a.txt', old_text: 'six', new_text: 'SIX' })
      expect(again.success, again.data).toBe(true)
      expect(bytes(dir, 'a.txt').toString()).toBe(changed.replace('six', 'SIX'))
    })

    it(`${kind}: a line changed outside shows as it was and as it is`, async () => {
      const dir = project({ 'a.txt': text })
      const tools = createTools({ root: dir })
      await tools.read_file.execute({ path: 'a.txt' })
      const changed = text.replace('four', 'FOUR!')
      put(dir, 'a.txt', changed)
      const r = await tools.edit_file.execute({ path: 'a.txt', old_text: 'one', new_text: 'ONE' })
      expect(r.error).toBe('FILE_CHANGED')
      expect(shownLines(r.data)).toEqual(['  2│two', '  3│three', '- 4│four', '+ 4│FOUR!', '  5│five', '  6│six'])
      expect(bytes(dir, 'a.txt').equals(Buffer.from(changed))).toBe(true)
    })

    it(`${kind}: a formatter's rewrite after the model's own write is shown, numbered as the file is now`, async () => {
      const dir = project({ 'a.txt': text })
      const tools = createTools({ root: dir })
      await tools.read_file.execute({ path: 'a.txt' })
      expect((await tools.edit_file.execute({ path: 'a.txt', old_text: 'two', new_text: 'two = 2' })).success).toBe(true)
      // The formatter: a semicolon on every line, endings kept, one line split in two.
      const formatted = fs
        .readFileSync(path.join(dir, 'a.txt'), 'latin1')
        .replace(/([a-z2 =]+)(\r?\n)/g, '$1;$2')
        .replace('two = 2;', `two =${eol}  2;`)
      put(dir, 'a.txt', formatted)
      const r = await tools.edit_file.execute({ path: 'a.txt', old_text: 'six', new_text: 'SIX' })
      expect(r.error).toBe('FILE_CHANGED')
      expect(shownLines(r.data)).toEqual([
        '- 1│one',
        '- 2│two = 2',
        '- 3│three',
        '- 4│four',
        '- 5│five',
        '- 6│six',
        '+ 1│one;',
        '+ 2│two =',
        '+ 3│  2;',
        '+ 4│three;',
        '+ 5│four;',
        '+ 6│five;',
        '+ 7│six;',
      ])
      expect(bytes(dir, 'a.txt').toString('latin1')).toBe(formatted)
      // The retry is made on what the model now sees.
      const again = await tools.edit_file.execute({ path: 'a.txt', old_text: 'six;', new_text: 'SIX;' })
      expect(again.success, again.data).toBe(true)
    })
  }

  it("forty writes after one read, then a formatter: the kept text follows every write's diff", async () => {
    const dir = project({ 'a.txt': FILES.crlf })
    const tools = createTools({ root: dir })
    await tools.read_file.execute({ path: 'a.txt' })
    // More writes than the diffs kept unapplied (32): some applied at once, the rest when needed.
    for (let i = 0; i < 40; i++) {
      const r = await tools.edit_file.execute({ path: 'a.txt', old_text: i === 0 ? 'three' : `three ${i - 1}`, new_text: `three ${i}` })
      expect(r.success, r.data).toBe(true)
    }
    put(dir, 'a.txt', fs.readFileSync(path.join(dir, 'a.txt'), 'latin1').replace('five', 'five;'))
    const r = await tools.edit_file.execute({ path: 'a.txt', old_text: 'one', new_text: 'ONE' })
    expect(r.error).toBe('FILE_CHANGED')
    expect(shownLines(r.data)).toEqual(['  3│three 39', '  4│four', '- 5│five', '+ 5│five;', '  6│six'])
  })

  it('a file over 64 KiB read only in part is not read back after each write: a stale call then asks for a read', async () => {
    const big = Array.from({ length: 9000 }, (_, i) => `line ${i}`).join('\r\n') + '\r\n'
    const dir = project({ 'big.txt': big })
    const tools = createTools({ root: dir })
    await tools.read_file.execute({ path: 'big.txt', limit: 1 })
    expect((await tools.edit_file.execute({ path: 'big.txt', old_text: 'line 0\r\n', new_text: 'LINE 0\r\n' })).success).toBe(true)
    put(dir, 'big.txt', fs.readFileSync(path.join(dir, 'big.txt'), 'latin1').replace('line 5000\r\n', 'line 5000!\r\n'))
    const r = await tools.edit_file.execute({ path: 'big.txt', old_text: 'line 1\r\n', new_text: 'LINE 1\r\n' })
    expect(r.error).toBe('FILE_CHANGED')
    expect(shownLines(r.data)).toEqual([])
    expect(r.data).toMatch(/Read it again/)
  })

  it('a change to the line endings only says so, and counts as read', async () => {
    const dir = project({ 'a.txt': FILES.crlf })
    const tools = createTools({ root: dir })
    await tools.read_file.execute({ path: 'a.txt' })
    put(dir, 'a.txt', FILES.lf)
    const r = await tools.edit_file.execute({ path: 'a.txt', old_text: 'one', new_text: 'ONE' })
    expect(r.error).toBe('FILE_CHANGED')
    expect(r.data).toContain('only its line endings')
    expect(shownLines(r.data)).toEqual([])
    expect(bytes(dir, 'a.txt').toString()).toBe(FILES.lf)
    expect((await tools.edit_file.execute({ path: 'a.txt', old_text: 'one', new_text: 'ONE' })).success).toBe(true)
  })

  it('a huge rewrite is capped, says how many lines it left out, and asks for a read of the changed lines', async () => {
    const lines = Array.from({ length: 500 }, (_, i) => `line ${i + 1}`)
    const dir = project({ 'big.txt': lines.join('\r\n') + '\r\n' })
    const tools = createTools({ root: dir })
    await tools.read_file.execute({ path: 'big.txt' })
    const rewritten = lines.map((l) => `${l};`).join('\r\n') + '\r\n'
    put(dir, 'big.txt', rewritten)
    const r = await tools.edit_file.execute({ path: 'big.txt', old_text: 'line 7', new_text: 'x' })
    expect(r.error).toBe('FILE_CHANGED')
    const shown = shownLines(r.data)
    expect(shown.length).toBeLessThanOrEqual(40)
    expect(shown[0]).toBe('-  1│line 1')
    expect(shown).toContain('+  1│line 1;')
    expect(r.data).toContain('… 960 more changed lines')
    expect(r.data).toContain('Read it again with read_file (lines 1-500')
    expect(bytes(dir, 'big.txt').toString()).toBe(rewritten)
    // Not every change was shown: the file does not count as read.
    expect((await tools.edit_file.execute({ path: 'big.txt', old_text: 'line 7;', new_text: 'x' })).error).toBe('FILE_CHANGED')
  })

  it('a file read in part shows the changes among the lines read, and asks for a read', async () => {
    const lines = Array.from({ length: 100 }, (_, i) => `line ${i + 1}`)
    const dir = project({ 'p.txt': lines.join('\n') + '\n' })
    const tools = createTools({ root: dir })
    await tools.read_file.execute({ path: 'p.txt', offset: 11, limit: 10 })
    put(dir, 'p.txt', lines.map((l) => (l === 'line 15' ? 'LINE 15' : l)).join('\n') + '\n')
    const r = await tools.edit_file.execute({ path: 'p.txt', old_text: 'line 12', new_text: 'x' })
    expect(r.error).toBe('FILE_CHANGED')
    expect(shownLines(r.data)).toEqual(['  13│line 13', '  14│line 14', '- 15│line 15', '+ 15│LINE 15', '  16│line 16', '  17│line 17'])
    expect(r.data).toContain('Read it again')
  })

  it('a read state shared with the host: markRead({ content }) keeps what the host read', async () => {
    const dir = project({ 'a.txt': FILES.crlf })
    const readState = createReadState()
    const tools = createTools({ root: dir, readState })
    readState.markRead(path.join(dir, 'a.txt'), { content: fs.readFileSync(path.join(dir, 'a.txt'), 'utf8') })
    put(dir, 'a.txt', FILES.crlf.replace('two', 'TWO'))
    const r = await tools.edit_file.execute({ path: 'a.txt', old_text: 'one', new_text: 'ONE' })
    expect(shownLines(r.data)).toEqual(['  1│one', '- 2│two', '+ 2│TWO', '  3│three', '  4│four'])
  })

  it('lineChanges: the core numbers removed lines as they were and the rest as they are', () => {
    const c = lineChanges('a\nb\nc\n', 'a\nB\nc\nd\n', { context: 1 })
    expect(c.lines).toEqual([
      { kind: 'context', line: 1 },
      { kind: 'removed', line: 2 },
      { kind: 'added', line: 2 },
      { kind: 'context', line: 3 },
      { kind: 'added', line: 4 },
    ])
    expect([c.changed, c.omitted, c.firstLine, c.lastLine]).toEqual([3, 0, 2, 4])
    expect(() => lineChanges('a', 'b', { bogus: 1 } as never)).toThrow(/bogus/)
  })
})

describe('what is kept of each read', () => {
  it('a file over 1 MiB keeps only its version: the message is the one of before', async () => {
    const line = 'x'.repeat(99) + '\n'
    const dir = project({ 'large.txt': line.repeat(Math.ceil((1.5 * 1024 * 1024) / line.length)) })
    const tools = createTools({ root: dir, maxReadChars: 4 * 1024 * 1024, maxReadLines: 100000 })
    expect((await tools.read_file.execute({ path: 'large.txt' })).success).toBe(true)
    const changed = 'changed\n' + fs.readFileSync(path.join(dir, 'large.txt'), 'utf8')
    put(dir, 'large.txt', changed)
    const r = await tools.edit_file.execute({ path: 'large.txt', old_text: 'changed', new_text: 'x' })
    expect(r.error).toBe('FILE_CHANGED')
    expect(shownLines(r.data)).toEqual([])
    expect(r.data).toContain('Read it again with read_file')
    expect(bytes(dir, 'large.txt').toString()).toBe(changed)
  })

  it('past 64 MiB in all, the file read longest ago is forgotten first', async () => {
    // 65 files of just under 1 MiB each.
    const line = 'y'.repeat(1023) + '\n'
    const body = line.repeat(1000)
    const files: Record<string, string> = {}
    for (let i = 0; i < 68; i++) files[`f${i}.txt`] = `first ${i}\n${body}`
    const dir = project(files)
    const tools = createTools({ root: dir, maxReadChars: 2 * 1024 * 1024, maxReadLines: 100000 })
    for (let i = 0; i < 68; i++) expect((await tools.read_file.execute({ path: `f${i}.txt` })).success).toBe(true)
    for (const i of [0, 67]) put(dir, `f${i}.txt`, `FIRST ${i}\n${body}`)
    const oldest = await tools.edit_file.execute({ path: 'f0.txt', old_text: 'FIRST', new_text: 'x' })
    expect(oldest.error).toBe('FILE_CHANGED')
    expect(shownLines(oldest.data)).toEqual([])
    const newest = await tools.edit_file.execute({ path: 'f67.txt', old_text: 'FIRST', new_text: 'x' })
    expect(newest.error).toBe('FILE_CHANGED')
    expect(shownLines(newest.data).slice(0, 2)).toEqual(['- 1│first 67', '+ 1│FIRST 67'])
  }, 60_000)
})

/** A shape's read of the whole file and its edit of `two` to `TWO`, as the model gets them. */
async function shapeRun(shape: Shape, dir: string, readState: ReadState): Promise<{ read: () => Promise<unknown>; edit: () => Promise<string> }> {
  const tools = createTools({ shape, root: dir, readState }) as Record<string, { execute: (args: object) => Promise<unknown> }>
  const text = (r: unknown) => (typeof r === 'string' ? r : JSON.stringify(r))
  const call = async (name: string, args: object) => {
    try {
      return text(await tools[name].execute(args))
    } catch (error) {
      return (error as Error).message
    }
  }
  switch (shape) {
    case 'opencode':
      return { read: () => call('read', { filePath: 'a.txt' }), edit: () => call('edit', { filePath: 'a.txt', oldString: 'two', newString: 'TWO' }) }
    case 'claude-code':
      return { read: () => call('Read', { file_path: 'a.txt' }), edit: () => call('Edit', { file_path: 'a.txt', old_string: 'two', new_string: 'TWO' }) }
    case 'gemini-cli':
      return { read: () => call('read_file', { file_path: 'a.txt' }), edit: () => call('replace', { file_path: 'a.txt', old_string: 'two', new_string: 'TWO' }) }
    case 'cline':
      return { read: () => call('read_file', { path: 'a.txt' }), edit: () => call('replace_in_file', { path: 'a.txt', diff: '------- SEARCH\ntwo\n=======\nTWO\n+++++++ REPLACE' }) }
    case 'roo':
      return { read: () => call('read_file', { path: 'a.txt' }), edit: () => call('apply_diff', { path: 'a.txt', diff: '<<<<<<< SEARCH\ntwo\n=======\nTWO\n>>>>>>> REPLACE' }) }
  }
}

describe('every front-end with a read state', () => {
  for (const shape of SHAPES) {
    it(`${shape}: the refusal shows the changed line, numbered as its read tool numbers lines`, async () => {
      const dir = project({ 'a.txt': FILES.crlf })
      const { read, edit } = await shapeRun(shape, dir, createReadState())
      await read()
      const changed = FILES.crlf.replace('four', 'FOUR!')
      put(dir, 'a.txt', changed)
      const said = await edit()
      expect(said).toMatch(/four/)
      expect(said).toMatch(/FOUR!/)
      expect(said).toMatch(/\+ +4\b/)
      expect(bytes(dir, 'a.txt').toString()).toBe(changed)
      // The whole change was shown: the retry lands.
      await edit()
      expect(bytes(dir, 'a.txt').toString()).toBe(changed.replace('two', 'TWO'))
    })
  }

  it('the Anthropic text editor: view, a change outside, str_replace shows it', async () => {
    const dir = project({ 'a.txt': FILES.mixed })
    const editor = createAnthropicTextEditor({ root: dir })
    await editor.execute({ command: 'view', path: 'a.txt' })
    const changed = FILES.mixed.replace('five', 'FIVE')
    put(dir, 'a.txt', changed)
    const r = await editor.execute({ command: 'str_replace', path: 'a.txt', old_str: 'one', new_str: 'ONE' })
    expect(r.is_error).toBe(true)
    expect(r.content).toContain('- 5: five')
    expect(r.content).toContain('+ 5: FIVE')
    expect(bytes(dir, 'a.txt').toString()).toBe(changed)
  })
})
