// The host shapes attacked as a model attacks them, by accident: a SEARCH/REPLACE diff
// cut off at every line and at every character of its markers (output stops at a token
// limit anywhere), a block that matches several places wherever it stands among
// others, marker lines and surrogate pairs in the content, inputs of 100,000 lines and
// more, and new files under a umask of 077. After each call the file is either changed
// as what arrived says, or left exactly as it was with an error that says why.

import * as fs from 'node:fs'
import * as path from 'node:path'

import { afterAll, describe, expect, it } from 'vitest'

import { createAnthropicTextEditor, createTools as createToolsUnrecorded, type CreateToolsOptions } from '../tools.js'
import { can, skipUnless } from './support/platform.js'
import { BOM, bytes, problemsIn, project, recording, visible, type Shape } from './support/shapes.js'

const texts: Record<'cline' | 'roo', Array<{ tool: string; text: string }>> = { cline: [], roo: [] }

/** Cline's or Roo's tools, every result recorded. */
function tools<S extends 'cline' | 'roo'>(shape: S, root: string, options: CreateToolsOptions = {}) {
  return recording(createToolsUnrecorded({ shape, root, ...options }), texts[shape])
}

afterAll(() => {
  // Every message the model read names only its host's tools and arguments, and no patch words.
  expect(problemsIn(texts.cline, 'cline')).toEqual([])
  expect(problemsIn(texts.roo, 'roo')).toEqual([])
})

/** How Cline and Roo write a block, and how their tool is called and fails. */
const DIALECTS = {
  cline: {
    open: '------- SEARCH',
    hint: (_line: number): string[] => [],
    close: '+++++++ REPLACE',
    failed: (text: string) => text.startsWith('replace_in_file failed'),
    apply: (root: string, file: string, diff: string) => tools('cline', root).replace_in_file.execute({ path: file, diff }),
  },
  roo: {
    open: '<<<<<<< SEARCH',
    hint: (line: number): string[] => [`:start_line:${line}`, '-------'],
    close: '>>>>>>> REPLACE',
    failed: (text: string) => text.startsWith('Unable to apply the diff'),
    apply: (root: string, file: string, diff: string) => tools('roo', root).apply_diff.execute({ path: file, diff }),
  },
} as const

type Dialect = keyof typeof DIALECTS

interface Block {
  search: string[]
  replace: string[]
  /** the line the SEARCH starts at, which Roo's blocks say */
  line: number
}

/** One line of a diff, and what it is. */
interface DiffLine {
  text: string
  part: 'open' | 'hint' | 'search' | 'separator' | 'replace' | 'close'
}

function diffLines(dialect: Dialect, blocks: Block[]): DiffLine[] {
  const d = DIALECTS[dialect]
  return blocks.flatMap((b): DiffLine[] => [
    { text: d.open, part: 'open' },
    ...d.hint(b.line).map((text): DiffLine => ({ text, part: 'hint' })),
    ...b.search.map((text): DiffLine => ({ text, part: 'search' })),
    { text: '=======', part: 'separator' },
    ...b.replace.map((text): DiffLine => ({ text, part: 'replace' })),
    { text: d.close, part: 'close' },
  ])
}

/** Lines with each block's SEARCH lines (found once) replaced, in order. */
function applied(original: string, blocks: Block[]): string {
  let lines = original.split('\n')
  for (const b of blocks) {
    const at = lines.findIndex((_, i) => b.search.every((s, j) => lines[i + j] === s))
    lines = [...lines.slice(0, at), ...b.replace, ...lines.slice(at + b.search.length)]
  }
  return lines.join('\n')
}

async function run(dialect: Dialect, original: string, diff: string): Promise<{ text: string; after: string }> {
  const root = project({ 'f.txt': original })
  const text = await DIALECTS[dialect].apply(root, 'f.txt', diff)
  return { text, after: fs.readFileSync(path.join(root, 'f.txt'), 'utf8') }
}

describe('a diff cut off at every line and at every character of its markers', () => {
  const original = 'a1\na2\nx\nb\ny\nc\nz\n'
  const blocks: Block[] = [
    { search: ['a1', 'a2'], replace: ['A1', 'A2'], line: 1 },
    { search: ['b'], replace: ['B'], line: 4 },
    { search: ['c'], replace: ['C1', 'C2'], line: 6 },
  ]

  /**
   * What the file must be after a diff of which `whole` lines arrived whole and then
   * `partial` characters of the next: the blocks that arrived closed applied; for Cline,
   * also a lone first block without its closing marker whose REPLACE lines arrived whole
   * (Cline takes the last block as closed where the diff ends); otherwise untouched
   * (null), with an error.
   */
  function expected(dialect: Dialect, whole: DiffLine[], partial: string): string | null {
    const closes = whole.flatMap((l, i) => (l.part === 'close' ? [i] : []))
    const tail = whole.slice(closes.length > 0 ? closes[closes.length - 1] + 1 : 0)
    if (tail.length === 0 && partial === '') return closes.length > 0 ? applied(original, blocks.slice(0, closes.length)) : null
    if (dialect === 'cline' && closes.length === 0 && partial === '' && tail.some((l) => l.part === 'separator')) {
      const replace = tail.filter((l) => l.part === 'replace').map((l) => l.text)
      if (replace.length > 0) return applied(original, [{ ...blocks[0], replace }])
    }
    return null
  }

  it.each(['cline', 'roo'] as const)('%s: changed as what arrived says, or untouched with an error', async (dialect) => {
    const lines = diffLines(dialect, blocks)
    const diff = `${lines.map((l) => l.text).join('\n')}\n`
    /** Where the diff is cut: after how many lines, and how many characters of the next. */
    const cuts: Array<{ whole: number; chars: number }> = []
    lines.forEach((line, i) => {
      const marker = line.part !== 'search' && line.part !== 'replace'
      for (let c = 0; c <= line.text.length; c++) {
        if (c === 0 || c === line.text.length || marker) cuts.push({ whole: i, chars: c })
      }
    })
    cuts.push({ whole: lines.length, chars: 0 })
    let refused = 0
    for (const { whole, chars } of cuts) {
      const before = lines.slice(0, whole).reduce((n, l) => n + l.text.length + 1, 0)
      const cut = diff.slice(0, before + chars)
      if (cut === '') continue
      const partial = whole < lines.length ? lines[whole].text.slice(0, chars) : ''
      const arrived = partial === lines[whole]?.text ? lines.slice(0, whole + 1) : lines.slice(0, whole)
      const want = expected(dialect, arrived, partial === lines[whole]?.text ? '' : partial)
      const r = await run(dialect, original, cut)
      if (want === null) {
        refused++
        expect(DIALECTS[dialect].failed(r.text), `${JSON.stringify(cut)}\n${r.text}`).toBe(true)
        expect(r.text, JSON.stringify(cut)).toMatch(/looks cut off|has no SEARCH\/REPLACE block/)
        expect(r.after, JSON.stringify(cut)).toBe(original)
      } else {
        expect(DIALECTS[dialect].failed(r.text) ? r.text : '', JSON.stringify(cut)).toBe('')
        expect(r.after, JSON.stringify(cut)).toBe(want)
      }
    }
    // Most cuts are refused: the attack reached every kind of cut.
    expect(refused).toBeGreaterThan(cuts.length / 2)
  })
})

describe("OpenCode's apply_patch cut off at every line and at every character of its envelope", () => {
  it('changes nothing unless the whole patch arrived', async () => {
    const original = 'a1\na2\nb\nc\n'
    const patch = [
      '*** Begin Patch',
      '*** Update File: f.txt',
      '@@',
      '-a1',
      '-a2',
      '+A1',
      '+A2',
      '@@ b',
      '-c',
      '+C',
      '*** Add File: g.txt',
      '+new',
      '*** End Patch',
    ]
    const text = `${patch.join('\n')}\n`
    let at = 0
    for (const line of patch) {
      const envelope = line.startsWith('***') || line.startsWith('@@')
      for (let c = 0; c <= line.length; c++) {
        if (!(c === 0 || c === line.length || envelope)) continue
        const cut = text.slice(0, at + c)
        if (cut === '' || cut.length >= text.length - 1) continue
        const root = project({ 'f.txt': original })
        const t = createToolsUnrecorded({ shape: 'opencode', root, requireRead: false })
        await expect(t.apply_patch.execute({ patchText: cut }), JSON.stringify(cut)).rejects.toThrow()
        expect(fs.readFileSync(path.join(root, 'f.txt'), 'utf8'), JSON.stringify(cut)).toBe(original)
        expect(fs.existsSync(path.join(root, 'g.txt')), JSON.stringify(cut)).toBe(false)
      }
      at += line.length + 1
    }
    for (const whole of [text, text.slice(0, -1)]) {
      const root = project({ 'f.txt': original })
      await createToolsUnrecorded({ shape: 'opencode', root, requireRead: false }).apply_patch.execute({ patchText: whole })
      expect(fs.readFileSync(path.join(root, 'f.txt'), 'utf8')).toBe('A1\nA2\nb\nC\n')
      expect(fs.readFileSync(path.join(root, 'g.txt'), 'utf8')).toBe('new\n')
    }
  })
})

describe('a block that matches several places, wherever it stands among others', () => {
  // `x` is at lines 1 and 4; `a` and `c` once each.
  const original = 'x\na\nb\nx\nc\n'
  const others: Block[] = [
    { search: ['a'], replace: ['A'], line: 2 },
    { search: ['c'], replace: ['C'], line: 5 },
  ]
  const withX = (at: number, x: Block) => [...others.slice(0, at), x, ...others.slice(at)]
  const diff = (dialect: Dialect, blocks: Block[]) => diffLines(dialect, blocks).map((l) => l.text).join('\n')

  it.each([0, 1, 2])('is refused in Cline at position %i, naming the block and the places', async (at) => {
    const r = await run('cline', original, diff('cline', withX(at, { search: ['x'], replace: ['X'], line: 1 })))
    expect(r.text).toMatch(new RegExp(`SEARCH block #${at + 1}: its SEARCH lines match 2 places, at lines 1, 4\\.`))
    expect(r.after).toBe(original)
  })

  it.each([0, 1, 2])("goes where Roo's :start_line: says at position %i", async (at) => {
    for (const line of [1, 4]) {
      const r = await run('roo', original, diff('roo', withX(at, { search: ['x'], replace: ['X'], line })))
      expect(DIALECTS.roo.failed(r.text) ? r.text : '').toBe('')
      expect(r.after).toBe(line === 1 ? 'X\nA\nb\nx\nC\n' : 'x\nA\nb\nX\nC\n')
    }
  })
})

describe('marker lines and surrogate pairs in the content', () => {
  // A Markdown file that shows a merge conflict, with emoji; CRLF and a BOM.
  const original = `${BOM}# Merge \u{1F600}\r\n\r\n<<<<<<< HEAD\r\nours \u{1F44D}\u{1F3FD}\r\n=======\r\ntheirs \u{1F1EB}\u{1F1F7}\r\n>>>>>>> main\r\n---\r\n\\---\r\n`
  const resolved = `${BOM}# Merge \u{1F600}\r\n\r\nours \u{1F44D}\u{1F3FD} and theirs \u{1F1EB}\u{1F1F7}\r\n---\r\n\\--- \u{1F600}\r\n`

  it.each(['cline', 'roo'] as const)('%s: escaped markers match the file, and every emoji and ending is kept', async (dialect) => {
    const blocks: Block[] = [
      { search: ['<<<<<<< HEAD', 'ours \u{1F44D}\u{1F3FD}', '\\=======', 'theirs \u{1F1EB}\u{1F1F7}', '>>>>>>> main'], replace: ['ours \u{1F44D}\u{1F3FD} and theirs \u{1F1EB}\u{1F1F7}'], line: 3 },
      { search: ['\\---'], replace: ['\\--- \u{1F600}'], line: 9 },
    ]
    const root = project({ 'conflict.md': original })
    const text = await DIALECTS[dialect].apply(root, 'conflict.md', diffLines(dialect, blocks).map((l) => l.text).join('\n'))
    expect(DIALECTS[dialect].failed(text) ? text : '').toBe('')
    expect(bytes(root, 'conflict.md')).toBe(visible(resolved))
  })

  const conflict = '<<<<<<< HEAD\nours \u{1F44D}\u{1F3FD}\n=======\ntheirs \u{1F1EB}\u{1F1F7}\n>>>>>>> main'
  const both = 'ours \u{1F44D}\u{1F3FD} and theirs \u{1F1EB}\u{1F1F7}'
  const edits: Record<'opencode' | 'claude-code' | 'gemini-cli', (root: string) => Promise<unknown>> = {
    opencode: (root) => createToolsUnrecorded({ shape: 'opencode', root, requireRead: false }).edit.execute({ filePath: 'conflict.md', oldString: conflict, newString: both }),
    'claude-code': (root) =>
      createToolsUnrecorded({ shape: 'claude-code', root, requireRead: false }).Edit.execute({ file_path: 'conflict.md', old_string: conflict, new_string: both }),
    'gemini-cli': (root) => createToolsUnrecorded({ shape: 'gemini-cli', root }).replace.execute({ file_path: 'conflict.md', old_string: conflict, new_string: both }),
  }
  it.each(Object.keys(edits) as Array<keyof typeof edits>)('%s: an edit of the conflict keeps every emoji and ending', async (shape) => {
    const root = project({ 'conflict.md': original })
    expect(JSON.stringify(await edits[shape](root))).not.toMatch(/is_error|"error"/)
    expect(bytes(root, 'conflict.md')).toBe(visible(resolved.replace('\\--- \u{1F600}', '\\---')))
  })
})

describe('inputs of 100,000 lines and more', () => {
  const N = 100_000
  const lines = Array.from({ length: N }, (_, i) => `line ${i}`)
  const original = `${lines.join('\n')}\n`
  const upper = lines.map((l) => l.toUpperCase())
  const changed = `${upper.join('\n')}\n`
  // Reads of every line, for the reads below.
  const big: CreateToolsOptions = { maxReadLines: 200_000, maxReadChars: 10_000_000 }

  it.each(['cline', 'roo'] as const)('%s: one block of 100,000 lines', async (dialect) => {
    const r = await run(dialect, original, diffLines(dialect, [{ search: lines, replace: upper, line: 1 }]).map((l) => l.text).join('\n'))
    expect(DIALECTS[dialect].failed(r.text) ? r.text : '').toBe('')
    expect(r.after).toBe(changed)
  })

  it.each(['cline', 'roo'] as const)('%s: a block of 99,999 lines and another', async (dialect) => {
    const blocks: Block[] = [
      { search: [`line ${N - 1}`], replace: ['last'], line: N },
      { search: lines.slice(0, N - 1), replace: upper.slice(0, N - 1), line: 1 },
    ]
    const r = await run(dialect, original, diffLines(dialect, blocks).map((l) => l.text).join('\n'))
    expect(DIALECTS[dialect].failed(r.text) ? r.text : '').toBe('')
    expect(r.after).toBe(`${upper.slice(0, N - 1).join('\n')}\nlast\n`)
  })

  const M = 150_000
  const long = `${Array.from({ length: M }, (_, i) => `row ${i}`).join('\n')}\n`
  const longer = long.replace(/row/g, 'ROW')

  /** Each shape's write of 150,000 lines, its read of them all, and its edit of them all. */
  const calls: Record<Shape, (root: string) => Promise<string>> = {
    opencode: async (root) => {
      const t = createToolsUnrecorded({ shape: 'opencode', root, ...big })
      await t.write.execute({ filePath: 'f.txt', content: long })
      const read = await t.read.execute({ filePath: 'f.txt' })
      expect(read.output).toContain(`${M}: row ${M - 1}\n`)
      await t.edit.execute({ filePath: 'f.txt', oldString: long, newString: longer })
      return 'f.txt'
    },
    'claude-code': async (root) => {
      const t = createToolsUnrecorded({ shape: 'claude-code', root, ...big })
      await t.Write.execute({ file_path: 'f.txt', content: long })
      expect((await t.Read.execute({ file_path: 'f.txt' })).content).toContain(`${String(M).padStart(6)}\trow ${M - 1}`)
      const middle = long.replace(/row/g, 'Row')
      expect((await t.Edit.execute({ file_path: 'f.txt', old_string: long, new_string: middle })).is_error).toBeUndefined()
      const multi = await t.MultiEdit.execute({ file_path: 'f.txt', edits: [{ old_string: middle, new_string: long }, { old_string: long, new_string: longer }] })
      expect(multi.is_error ? multi.content : '').toBe('')
      return 'f.txt'
    },
    'gemini-cli': async (root) => {
      const t = createToolsUnrecorded({ shape: 'gemini-cli', root, ...big })
      await t.write_file.execute({ file_path: 'f.txt', content: long })
      expect((await t.read_file.execute({ file_path: 'f.txt' })).llmContent).toBe(long.slice(0, -1))
      expect((await t.replace.execute({ file_path: 'f.txt', old_string: long, new_string: longer })).error).toBeUndefined()
      return 'f.txt'
    },
    cline: async (root) => {
      const t = tools('cline', root, big)
      await t.write_to_file.execute({ path: 'f.txt', content: long })
      expect(await t.read_file.execute({ path: 'f.txt' })).toBe(long.slice(0, -1))
      const r = await t.replace_in_file.execute({ path: 'f.txt', diff: `------- SEARCH\n${long}=======\n${longer}+++++++ REPLACE` })
      expect(DIALECTS.cline.failed(r) ? r : '').toBe('')
      return 'f.txt'
    },
    roo: async (root) => {
      const t = tools('roo', root, big)
      await t.write_to_file.execute({ path: 'f.txt', content: long, line_count: M })
      expect(await t.read_file.execute({ path: 'f.txt' })).toContain(`${M} | row ${M - 1}\n</content>`)
      const r = await t.apply_diff.execute({ path: 'f.txt', diff: `<<<<<<< SEARCH\n${long}=======\n${longer}>>>>>>> REPLACE` })
      expect(DIALECTS.roo.failed(r) ? r : '').toBe('')
      return 'f.txt'
    },
  }

  it.each(Object.keys(calls) as Shape[])('%s: writes, reads and edits a file of 150,000 lines', async (shape) => {
    const root = project()
    const file = await calls[shape](root)
    expect(fs.readFileSync(path.join(root, file), 'utf8')).toBe(longer)
  })

  it("the text editor's undo_edit of a change of 150,000 lines", async () => {
    const root = project({ 'f.txt': long })
    const editor = createAnthropicTextEditor({ root, version: 'text_editor_20250124' })
    expect((await editor.execute({ command: 'str_replace', path: 'f.txt', old_str: long, new_str: longer })).is_error).toBeUndefined()
    const undone = await editor.execute({ command: 'undo_edit', path: 'f.txt' })
    expect(undone.is_error ? undone.content : '').toBe('')
    expect(fs.readFileSync(path.join(root, 'f.txt'), 'utf8')).toBe(long)
  })
})

describe('new files under a umask of 077', () => {
  /** Each shape's ways of creating a file. */
  const creates: Record<Shape, (root: string) => Promise<unknown[]>> = {
    opencode: (root) => {
      const t = createToolsUnrecorded({ shape: 'opencode', root })
      return Promise.all([
        t.write.execute({ filePath: 'write.txt', content: 'x\n' }),
        t.edit.execute({ filePath: 'edit.txt', oldString: '', newString: 'x\n' }),
        t.apply_patch.execute({ patchText: '*** Begin Patch\n*** Add File: new/patch.txt\n+x\n*** End Patch\n' }),
      ])
    },
    'claude-code': (root) => {
      const t = createToolsUnrecorded({ shape: 'claude-code', root })
      return Promise.all([
        t.Write.execute({ file_path: 'write.txt', content: 'x\n' }),
        t.Edit.execute({ file_path: 'edit.txt', old_string: '', new_string: 'x\n' }),
        t.MultiEdit.execute({ file_path: 'new/multi.txt', edits: [{ old_string: '', new_string: 'x\n' }] }),
      ])
    },
    'gemini-cli': (root) => {
      const t = createToolsUnrecorded({ shape: 'gemini-cli', root })
      return Promise.all([
        t.write_file.execute({ file_path: 'write.txt', content: 'x\n' }),
        t.replace.execute({ file_path: 'new/replace.txt', old_string: '', new_string: 'x\n' }),
      ])
    },
    cline: (root) => Promise.all([tools('cline', root).write_to_file.execute({ path: 'new/write.txt', content: 'x\n' })]),
    roo: (root) => Promise.all([tools('roo', root).write_to_file.execute({ path: 'new/write.txt', content: 'x\n', line_count: 1 })]),
  }

  /** Every file and folder under `root`, with its permission bits. */
  function modes(root: string): Record<string, string> {
    const out: Record<string, string> = {}
    const walk = (dir: string) => {
      for (const name of fs.readdirSync(dir)) {
        const full = path.join(dir, name)
        const stat = fs.statSync(full)
        out[path.relative(root, full)] = (stat.mode & 0o777).toString(8)
        if (stat.isDirectory()) walk(full)
      }
    }
    walk(root)
    return out
  }

  it.for(Object.keys(creates) as Shape[])('%s: a new file and folder take 0666 and 0777 minus the umask; a changed file keeps its mode', async (shape, ctx) => {
    skipUnless(ctx, can.posixModes)
    const root = project({ 'kept.sh': 'x\n' })
    fs.chmodSync(path.join(root, 'kept.sh'), 0o755)
    const umask = process.umask(0o077)
    try {
      const results = await creates[shape](root)
      for (const r of results) expect(JSON.stringify(r)).not.toMatch(/failed|is_error|"error"/)
      const t = createToolsUnrecorded({ shape: 'cline', root })
      await t.write_to_file.execute({ path: 'kept.sh', content: 'y\n' })
    } finally {
      process.umask(umask)
    }
    const got = modes(root)
    for (const [name, mode] of Object.entries(got)) {
      const want = name === 'kept.sh' ? '755' : fs.statSync(path.join(root, name)).isDirectory() ? '700' : '600'
      expect(`${name} ${mode}`).toBe(`${name} ${want}`)
    }
    expect(Object.keys(got).length).toBeGreaterThan(1)
  })
})
