// A line longer than what a read may show is cut, in every read a model gets: the
// tools' read_file, each host shape's read (Claude Code, gemini-cli, Cline, Roo,
// OpenCode, and Cline's final_file_content) and the Anthropic text editor's `view` with
// max_characters. The cut is at a character boundary, at every budget: never half a
// surrogate pair (a lone `\ud83d` in a tool result makes Anthropic's API refuse every
// later request of the conversation), and not inside a character with its combining
// mark, a flag or an emoji with its skin tone. And the read says the line is cut.

import { describe, expect, it } from 'vitest'

import { createAnthropicTextEditor, createTools } from '../tools.js'
import { makeProject } from './support/project.js'

/** Emoji (surrogate pairs) at odd and even offsets, a combining mark, a flag, a skin tone. */
const LINE = 'a\u{1F600}b\u{1F600}\u{1F600}e\u0301\u{1F44D}\u{1F3FD}\u{1F1EB}\u{1F1F7}x\u{1F600}'

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/

/** The ends of LINE's grapheme clusters. */
const BOUNDARIES = [...new Intl.Segmenter('en', { granularity: 'grapheme' }).segment(LINE)].map((s) => s.index + s.segment.length)

/** What a cut to `budget` units must keep: every whole cluster that fits. */
function expectedStart(budget: number): string {
  return LINE.slice(0, Math.max(0, ...BOUNDARIES.filter((b) => b <= budget)))
}

/** One surface: a read of a file whose first line is LINE, with a budget of characters; its text and the line as shown. */
type Surface = (budget: number) => Promise<{ text: string; shown: string; budget: number }>

/** The line after `prefix` in `text` (the first line that starts with it). */
function after(text: string, prefix: string): string {
  const line = text.split('\n').find((l) => l.startsWith(prefix))
  if (line === undefined) throw new Error(`no line starts with ${JSON.stringify(prefix)} in:\n${text}`)
  return line.slice(prefix.length)
}

const file = () => makeProject('eol-cuts-', { 'long.txt': `${LINE}\n` })

const surfaces: Record<string, Surface> = {
  "the tools' read_file": async (budget) => {
    const r = await createTools({ root: file(), maxReadChars: budget }).read_file.execute({ path: 'long.txt' })
    return { text: r.data, shown: after(r.data, '1\u2502'), budget }
  },
  "Claude Code's Read": async (budget) => {
    const r = await createTools({ shape: 'claude-code', root: file(), maxReadChars: budget }).Read.execute({ file_path: 'long.txt' })
    return { text: r.content, shown: after(r.content, '     1\t'), budget }
  },
  "gemini-cli's read_file": async (budget) => {
    const r = await createTools({ shape: 'gemini-cli', root: file(), maxReadChars: budget }).read_file.execute({ file_path: 'long.txt' })
    // A part of a file comes after a head that says so; a whole file is its text alone.
    const text = r.llmContent
    const head = text.indexOf('--- FILE CONTENT')
    return { text, shown: head === -1 ? text.split('\n')[0] : text.slice(text.indexOf('---\n', head) + 4), budget }
  },
  "Cline's read_file": async (budget) => {
    const text = await createTools({ shape: 'cline', root: file(), maxReadChars: budget }).read_file.execute({ path: 'long.txt' })
    return { text, shown: text.split('\n')[0], budget }
  },
  "Cline's final_file_content": async (budget) => {
    const root = makeProject('eol-cuts-', { 'long.txt': 'x\n' })
    const diff = `------- SEARCH\nx\n=======\n${LINE}\n+++++++ REPLACE`
    const text = await createTools({ shape: 'cline', root, maxReadChars: budget }).replace_in_file.execute({ path: 'long.txt', diff })
    const content = text.split('<final_file_content path="long.txt">\n')[1] ?? ''
    return { text, shown: content.split('\n')[0], budget }
  },
  "Roo's read_file": async (budget) => {
    const text = await createTools({ shape: 'roo', root: file(), maxReadChars: budget }).read_file.execute({ path: 'long.txt' })
    return { text, shown: after(text, '1 | '), budget }
  },
  "OpenCode's read": async (budget) => {
    const r = await createTools({ shape: 'opencode', root: file(), maxReadChars: budget }).read.execute({ filePath: 'long.txt' })
    return { text: r.output, shown: after(r.output, '1: '), budget }
  },
  "the Anthropic text editor's view with max_characters": async (budget) => {
    // max_characters counts the whole output, the line's `1: ` included.
    const r = await createAnthropicTextEditor({ root: file(), maxCharacters: budget + 3 }).execute({ command: 'view', path: 'long.txt' })
    return { text: r.content as string, shown: after(r.content as string, '1: '), budget }
  },
}

describe('a long line is cut at a character boundary, at every budget', () => {
  it.each(Object.keys(surfaces))('%s', async (name) => {
    for (let budget = 1; budget < LINE.length; budget++) {
      const { text, shown } = await surfaces[name](budget)
      expect(LONE_SURROGATE.test(text), `budget ${budget}: ${JSON.stringify(text)}`).toBe(false)
      expect(shown, `budget ${budget}`).toBe(expectedStart(budget))
      expect(text, `budget ${budget}`).toMatch(/[Ll]ine 1 is cut/)
    }
    const whole = await surfaces[name](LINE.length)
    expect(whole.shown).toBe(LINE)
    expect(whole.text).not.toMatch(/is cut/)
  })
})

describe("gemini-cli's read of a file of one cut line", () => {
  it('says the line is cut, and sends to no lines before it', async () => {
    const r = await createTools({ shape: 'gemini-cli', root: file(), maxReadChars: 5 }).read_file.execute({ file_path: 'long.txt' })
    expect(r.llmContent).toMatch(/Shown: lines 1-1 of 1\.\nLine 1 is cut: \d+ more characters/)
    expect(r.llmContent).not.toMatch(/lines before them/)
  })
})

describe("OpenCode's read of a cut line", () => {
  it('says in its metadata that the output is truncated', async () => {
    const r = await createTools({ shape: 'opencode', root: file(), maxReadChars: 5 }).read.execute({ filePath: 'long.txt' })
    expect(r.metadata.truncated).toBe(true)
  })
})

describe('a character under more combining marks than a cut goes back over', () => {
  it('is cut at a code point, so that the read still shows the start of the line', async () => {
    const line = `ab${'\u0301'.repeat(60)}`
    const root = makeProject('eol-cuts-', { 'marks.txt': `${line}\n` })
    const r = await createTools({ root, maxReadChars: 40 }).read_file.execute({ path: 'marks.txt' })
    expect(after(r.data, '1\u2502')).toBe(line.slice(0, 40))
  })
})

describe("Claude Code's MultiEdit summary quotes the start of a long old_string", () => {
  it('cuts it at a character boundary', async () => {
    const old = `a${'\u{1F600}'.repeat(30)}`
    const root = makeProject('eol-cuts-', { 'e.txt': `${old}\n` })
    const r = await createTools({ shape: 'claude-code', root, requireRead: false }).MultiEdit.execute({
      file_path: 'e.txt',
      edits: [{ old_string: old, new_string: 'b' }],
    })
    expect(r.is_error).toBeUndefined()
    expect(LONE_SURROGATE.test(r.content as string), r.content as string).toBe(false)
    expect(r.content).toContain(`Replaced "a${'\u{1F600}'.repeat(19)}…" with "b"`)
  })
})
