// Every front-end says an error in its own words, rendered from the error's parts
// (lib/tools/wording.js): each error code is produced through each front-end, and
// what its user reads names nothing of another front-end — no library camelCase name
// and no --flag in the tools, no old_text or "encoding" argument on the command line,
// no read_file or old_text in a host's tools. And the wording has no rewriting rules
// left to come back: no table of patterns, no text replaced.
import { spawnSync } from 'node:child_process'
import * as fs from 'node:fs'
import * as os from 'node:os'
import * as path from 'node:path'

import { afterAll, describe, expect, it } from 'vitest'

import { createAnthropicTextEditor, createOpenAIApplyPatch, createTools } from '../tools.js'
import { cliOutputProblems, libraryNames, toolOutputProblems } from './support/wording.js'
import { shapeOutputProblems } from './support/shapes.js'

const repo = path.resolve(__dirname, '..')
const made: string[] = []
afterAll(() => {
  for (const dir of made) fs.rmSync(dir, { recursive: true, force: true })
})

/** The files every front-end fails on, one failure each. */
function fixtures(): string {
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'eol-words-')))
  made.push(dir)
  const files: Record<string, string | Buffer> = {
    'a.txt': 'alpha\r\nbeta\r\ngamma\r\n',
    'twice.txt': 'x\nx\n',
    'near.txt': 'one\ntwo\n',
    'binary.bin': Buffer.from('h\0i\0', 'latin1'),
    'big.txt': 'z'.repeat(200),
    'w1252.txt': Buffer.from('Gr\xfc\xdfe aus K\xf6ln\r\nline two\r\n', 'latin1'),
    'unknown.txt': Buffer.from('caf\xe9 \x81 au lait\r\nline two\r\n', 'latin1'),
    'utf8.txt': 'Gr\u00fc\u00dfe\n',
    'changing.txt': 'first\n',
  }
  for (const [name, content] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), content)
  fs.mkdirSync(path.join(dir, 'folder'))
  return dir
}

/** The codes a front-end's failures had, and the text its user read. */
type Seen = { codes: Set<string>; texts: string[] }

/** The codes every front-end reaches (each has its own way to a few more). */
const COMMON = ['TEXT_NOT_FOUND', 'TEXT_MULTIPLE_MATCHES', 'NO_CHANGE', 'INVALID_ARGUMENT', 'FILE_NOT_FOUND', 'NOT_A_FILE', 'BINARY_FILE', 'PATH_OUTSIDE_ROOT', 'ENCODING_UNMAPPABLE', 'ENCODING_UNKNOWN']

describe('each front-end says every error in its own words', () => {
  it('the agent tools (and the MCP server, whose tools they are): no library, command-line or host names', async () => {
    const dir = fixtures()
    const seen: Seen = { codes: new Set(), texts: [] }
    const tools = createTools({ root: dir, maxBytes: 100 })
    const refusing = createTools({ root: dir, approve: () => false })
    const run = async (tool: { execute: (args: never) => Promise<unknown> }, args: object) => {
      const r = (await tool.execute(args as never)) as { success: boolean; error?: string; data: string; warnings?: string[] }
      if (!r.success && r.error) seen.codes.add(r.error)
      seen.texts.push(r.data, ...(r.warnings ?? []))
    }
    await run(tools.edit_file, { path: 'a.txt', old_text: 'alphx\nbeta', new_text: 'x' })
    await run(tools.edit_file, { path: 'twice.txt', old_text: 'x', new_text: 'y' })
    await run(tools.edit_file, { path: 'a.txt', old_text: 'alpha', new_text: 'alpha' })
    await run(tools.edit_file, { path: 'a.txt', old_text: '', new_text: 'x' })
    await run(tools.multi_edit, { path: 'a.txt', edits: [{ old_text: 'alpha', new_text: 'A' }, { old_text: 'nope', new_text: 'B' }] })
    await run(tools.delete_range, { path: 'near.txt', start_anchor: 'one', end_anchor: 'two' })
    await run(tools.delete_range, { path: 'a.txt', start_anchor: 'alphaa', end_anchor: 'gamma' })
    await run(tools.delete_range, { path: 'twice.txt', start_anchor: 'x', end_anchor: 'x' })
    await run(tools.edit_file, { path: 'missing.txt', old_text: 'a', new_text: 'b' })
    await run(tools.read_file, { path: 'folder' })
    await run(tools.read_file, { path: 'binary.bin' })
    await run(tools.read_file, { path: 'big.txt' })
    await run(tools.read_file, { path: '../outside.txt' })
    await run(tools.read_file, { path: 'w1252.txt' })
    await run(tools.edit_file, { path: 'w1252.txt', old_text: 'line two', new_text: 'line \u{1F600}' })
    await run(tools.read_file, { path: 'unknown.txt' })
    await run(tools.edit_file, { path: 'unknown.txt', old_text: 'line two', new_text: 'line tw\u00f6' })
    await run(tools.read_file, { path: 'utf8.txt', encoding: 'gbk' })
    await run(tools.read_file, { path: 'changing.txt' })
    fs.writeFileSync(path.join(dir, 'changing.txt'), 'changed\n')
    await run(tools.edit_file, { path: 'changing.txt', old_text: 'first', new_text: 'x' })
    await run(tools.apply_patch, { input: 'not a patch' })
    await run(tools.apply_patch, { input: '*** Begin Patch\n*** Update File: a.txt\n@@\n-nope\n+x\n*** End Patch\n' })
    await run(tools.apply_patch, { input: '*** Begin Patch\n*** Update File: gone.txt\n@@\n-a\n+b\n*** End Patch\n' })
    await run(refusing.write_file, { path: 'new.txt', content: 'x\n' })
    for (const code of [...COMMON, 'ANCHOR_NOT_FOUND', 'ANCHOR_MULTIPLE_MATCHES', 'EMPTY_RANGE', 'FILE_TOO_LARGE', 'FILE_CHANGED', 'PATCH_INVALID', 'REJECTED']) {
      expect(seen.codes, code).toContain(code)
    }
    const text = seen.texts.join('\n')
    expect(toolOutputProblems(text)).toEqual([])
    // No host's names either, and the phrases the tools say their own way.
    expect(text).not.toMatch(/\b(old_str|oldString|old_string|new_str|str_replace|create_file)\b/)
    expect(text).toContain('call again with "encoding": "utf-16le" (or "utf-16be")')
    expect(text).toContain("The size limit is the host's setting")
    expect(text).toContain('these tools keep the encoding a file has')
    expect(text).toContain('or ask the user to convert the file to an encoding that has them (such as utf-8) first')
    expect(text).toContain('pass it as the "encoding" argument')
    // FILE_CHANGED shows the changed lines, numbered as the tools' read numbers them.
    expect(text).toContain('numbered as read_file shows them')
    expect(text).toContain('or use write_file with eol "lf" or "crlf"')
  })

  it('the command line: its commands and flags, no tool or library names', () => {
    const dir = fixtures()
    const seen: Seen = { codes: new Set(), texts: [] }
    const cli = (args: string[], input?: string) => {
      const r = spawnSync(process.execPath, [path.join(repo, 'bin', 'eol-edit.js'), ...args], { cwd: dir, input, encoding: 'utf8', timeout: 30_000 })
      for (const m of r.stderr.matchAll(/^([A-Z_]+): /gm)) seen.codes.add(m[1])
      seen.texts.push(r.stderr)
      return r.stderr
    }
    cli(['edit', 'a.txt', '--old', 'alphx\nbeta', '--new', 'x'])
    expect(cli(['edit', 'twice.txt', '--old', 'x', '--new', 'y'])).toMatch(/or use --replace-all to replace every one\./)
    cli(['edit', 'a.txt', '--old', 'alpha', '--new', 'alpha'])
    expect(cli(['edit', 'a.txt', '--old', '', '--new', 'x'])).toMatch(/^INVALID_ARGUMENT: The --old text is empty\. To write a whole file use 'eol-edit write'/m)
    expect(cli(['delete-range', 'near.txt', 'one', 'two'])).toMatch(/Pass --inclusive to delete the anchor lines/)
    cli(['delete-range', 'a.txt', 'alphaa', 'gamma'])
    cli(['edit', 'missing.txt', '--old', 'a', '--new', 'b'])
    cli(['read', 'folder'])
    cli(['read', 'binary.bin'])
    cli(['read', 'big.txt', '--max-bytes', '100'])
    cli(['read', '../outside.txt', '--root', '.'])
    cli(['read', 'w1252.txt'])
    expect(cli(['edit', 'w1252.txt', '--old', 'line two', '--new', 'line \u{1F600}'])).toMatch(/convert the file to an encoding that has them \(such as utf-8\) with another tool first/)
    cli(['read', 'unknown.txt'])
    expect(cli(['edit', 'unknown.txt', '--old', 'line two', '--new', 'line tw\u00f6'])).toMatch(/Pass the file's encoding with --encoding \(for example --encoding windows-1252/)
    expect(cli(['read', 'utf8.txt', '--encoding', 'gbk'])).toMatch(/eol-edit keeps the encoding a file has/)
    cli(['patch', '-'], 'not a patch')
    for (const code of [...COMMON, 'ANCHOR_NOT_FOUND', 'EMPTY_RANGE', 'FILE_TOO_LARGE', 'PATCH_INVALID']) expect(seen.codes, code).toContain(code)
    const text = seen.texts.join('\n')
    expect(cliOutputProblems(text)).toEqual([])
    expect(text).not.toMatch(/\bthe "?encoding"? argument\b|\bask the user\b/)
  })

  it("a host's tool shape (Claude Code): its tools and arguments, never the tools' own", async () => {
    const dir = fixtures()
    const texts: string[] = []
    const t = createTools({ shape: 'claude-code', root: dir, maxBytes: 100 })
    const run = async (tool: { execute: (args: never) => Promise<unknown> }, args: object) => {
      const r = (await tool.execute(args as never)) as { content?: string }
      texts.push(typeof r === 'string' ? r : (r.content ?? JSON.stringify(r)))
    }
    await run(t.Read, { file_path: 'a.txt' })
    await run(t.Read, { file_path: 'twice.txt' })
    await run(t.Edit, { file_path: 'a.txt', old_string: 'alphx\nbeta', new_string: 'x' })
    await run(t.Edit, { file_path: 'twice.txt', old_string: 'x', new_string: 'y' })
    await run(t.Edit, { file_path: 'a.txt', old_string: '\r\n', new_string: '\n' })
    await run(t.Read, { file_path: 'folder' })
    await run(t.Read, { file_path: 'binary.bin' })
    await run(t.Read, { file_path: 'big.txt' })
    await run(t.Read, { file_path: '../outside.txt' })
    await run(t.Read, { file_path: 'w1252.txt' })
    await run(t.Edit, { file_path: 'w1252.txt', old_string: 'line two', new_string: 'line \u{1F600}' })
    await run(t.Read, { file_path: 'unknown.txt' })
    await run(t.Edit, { file_path: 'unknown.txt', old_string: 'line two', new_string: 'line tw\u00f6' })
    await run(t.Read, { file_path: 'utf8.txt' })
    fs.writeFileSync(path.join(dir, 'utf8.txt'), 'Gr\u00fc\u00dfe!\n')
    await run(t.Edit, { file_path: 'utf8.txt', old_string: 'Gr', new_string: 'gr' })
    const text = texts.join('\n')
    expect(shapeOutputProblems(text, 'claude-code')).toEqual([])
    expect(text).toMatch(/as the Read tool shows it/)
    expect(text).toMatch(/numbered as the Read tool shows them/)
    // Lines are quoted as its Read tool numbers them.
    expect(text).toMatch(/\n {5}1\talpha/)
  })

  it("Anthropic's text editor and OpenAI's apply_patch: their commands, and sentences for what they lack", async () => {
    const dir = fixtures()
    const texts: string[] = []
    const editor = createAnthropicTextEditor({ root: dir })
    const view = async (input: object) => texts.push((await editor.execute(input)).content)
    await view({ command: 'str_replace', path: 'a.txt', old_str: 'alphx\nbeta', new_str: 'x' })
    await view({ command: 'str_replace', path: 'twice.txt', old_str: 'x', new_str: 'y' })
    await view({ command: 'str_replace', path: 'a.txt', old_str: 'alpha', new_str: 'alpha' })
    await view({ command: 'str_replace', path: 'a.txt', old_str: '', new_str: 'x' })
    await view({ command: 'view', path: 'binary.bin' })
    await view({ command: 'view', path: 'w1252.txt' })
    await view({ command: 'str_replace', path: 'w1252.txt', old_str: 'line two', new_str: 'line \u{1F600}' })
    await view({ command: 'view', path: 'unknown.txt' })
    await view({ command: 'str_replace', path: 'unknown.txt', old_str: 'line two', new_str: 'line tw\u00f6' })
    const patcher = createOpenAIApplyPatch({ root: dir })
    let n = 0
    const patch = async (operation: object) => {
      const out = await patcher.execute({ type: 'apply_patch_call', id: `apc_${++n}`, call_id: `call_${n}`, status: 'completed', operation })
      texts.push(out.output ?? '')
    }
    await patch({ type: 'update_file', path: 'a.txt', diff: '-alphx\n+x\n' })
    await patch({ type: 'update_file', path: 'gone.txt', diff: '-a\n+b\n' })
    await patch({ type: 'update_file', path: 'binary.bin', diff: '-h\n+x\n' })
    await patch({ type: 'update_file', path: 'unknown.txt', diff: '-line two\n+line tw\u00f6\n' })
    const text = texts.join('\n')
    const foreign = [...libraryNames(), 'read_file', 'write_file', 'edit_file', 'old_text', 'new_text', 'replace_all'].filter((name) => new RegExp(`\\b${name}\\b`).test(text))
    expect(foreign).toEqual([])
    expect(text).not.toMatch(/"encoding"|encoding: '|--[a-z]/)
    expect(text).toContain('as view shows it:\n1: alpha')
    expect(text).toContain('To write a whole file use create; to add lines, use insert.')
    expect(text).toContain('as the file has it')
    expect(text).toContain('to create a file, use a create_file operation')
  })
})

describe("the SEARCH/REPLACE shapes say the patch engine's failures of their blocks", () => {
  const FILE = 'one\ntwo\nthree\nfour\nx\ny\nx\ny\nfive\n'

  /** What the model reads when a diff of these blocks (each SEARCH → REPLACE) fails on FILE. */
  async function failing(shape: 'cline' | 'roo', blocks: Array<[string[], string[]]>, file = 'a.txt', content: string | Buffer = FILE): Promise<string> {
    const dir = fixtures()
    fs.mkdirSync(path.join(dir, 'sub'), { recursive: true })
    fs.writeFileSync(path.join(dir, file), content)
    const t = createTools({ shape, root: dir }) as unknown as Record<string, { execute: (args: object) => Promise<unknown> }>
    const [open, split, close] = shape === 'cline' ? ['------- SEARCH', '=======', '+++++++ REPLACE'] : ['<<<<<<< SEARCH', '=======', '>>>>>>> REPLACE']
    const diff = blocks.map(([search, replace]) => [open, ...search, split, ...replace, close].join('\n')).join('\n')
    await t.read_file.execute({ path: file })
    const r = await t[shape === 'cline' ? 'replace_in_file' : 'apply_diff'].execute({ path: file, diff })
    expect(fs.readFileSync(path.join(dir, file))).toEqual(Buffer.from(content))
    return String(r)
  }

  it('Cline: a block that matches nowhere, one that matches several places, and blocks out of order name the SEARCH block, never a hunk or the patch', async () => {
    const texts = {
      nowhere: await failing('cline', [[['tow'], ['2']]]),
      secondNowhere: await failing('cline', [[['one'], ['1']], [['thre'], ['3']]]),
      several: await failing('cline', [[['one'], ['1']], [['x'], ['z']]]),
      // Out of file order: looked up each on its own, the third is not in the file.
      outOfOrder: await failing('cline', [[['four'], ['4']], [['one'], ['1']], [['thre'], ['3']]]),
      outOfOrderSeveral: await failing('cline', [[['five'], ['5']], [['x'], ['z']]]),
    }
    expect(texts.nowhere).toContain('SEARCH block #1: its SEARCH lines were not found.')
    expect(texts.nowhere).toContain('Copy the SEARCH lines exactly as the read_file tool shows them (without line-number prefixes), and read it again')
    expect(texts.secondNowhere).toContain('SEARCH block #2: its SEARCH lines were not found.')
    expect(texts.secondNowhere).toContain('line 3: the SEARCH part has `thre`')
    expect(texts.several).toContain(
      'SEARCH block #2: its SEARCH lines match 2 places, at lines 5, 7. Add lines around the change to the SEARCH part so that it matches one place.',
    )
    expect(texts.outOfOrder).toContain('SEARCH block #3: its SEARCH lines were not found.')
    expect(texts.outOfOrderSeveral).toContain('SEARCH block #2: its SEARCH lines match 2 places, at lines 5, 7.')
    for (const [what, text] of Object.entries(texts)) {
      expect(text, what).not.toMatch(/hunk|patch/i)
      expect(shapeOutputProblems(text, 'cline'), what).toEqual([])
    }
  })

  it("Roo: the same, its way out of several places, and the file by the model's path", async () => {
    const several = await failing('roo', [[['x'], ['z']]])
    expect(several).toContain(
      'SEARCH block #1: its SEARCH lines match 2 places, at lines 5, 7. Add lines around the change to the SEARCH part so that it matches one place, or give the line it starts at as :start_line:.',
    )
    const nowhere = await failing('roo', [[['one'], ['1']], [['tow'], ['2']]], 'sub/b.txt')
    expect(nowhere).toContain('SEARCH block #2: its SEARCH lines were not found.')
    // The library names the file by its name in the patch made of the blocks.
    const unwritable = await failing('roo', [[['one'], ['\u{1F600}']]], 'sub/b.txt', Buffer.from('caf\xe9\none\n', 'latin1'))
    expect(unwritable).toContain("sub/b.txt: The character '\u{1F600}' (U+1F600) on line 2 cannot be written in windows-1252")
    for (const text of [several, nowhere, unwritable]) {
      expect(text).not.toMatch(/hunk|patch/i)
      expect(shapeOutputProblems(text, 'roo')).toEqual([])
    }
  })
})

describe('the wording has no rewriting rules', () => {
  const wording = require('../lib/tools/wording.js') as Record<string, unknown>

  /** Every RegExp reachable from `value`. */
  function patterns(value: unknown, seen = new Set<unknown>()): RegExp[] {
    if (value instanceof RegExp) return [value]
    if (value === null || typeof value !== 'object' || seen.has(value)) return []
    seen.add(value)
    return Object.values(value).flatMap((v) => patterns(v, seen))
  }

  it('no vocabulary of any front-end holds a pattern', () => {
    const anthropic = require('../lib/tools/hosts/anthropic.js')
    const openai = require('../lib/tools/hosts/openai.js')
    const claude = require('../lib/tools/shapes/claude-code.js')
    expect(patterns(wording)).toEqual([])
    expect(patterns([anthropic.VOCABULARY, openai.VOCABULARY, claude.CLAUDE_CODE.wording])).toEqual([])
    expect(Object.keys(wording)).not.toContain('WORDING')
  })

  it('the wording modules replace no text', () => {
    for (const file of [
      'lib/tools/wording.js',
      'lib/tools/errors.js',
      'bin/eol-edit.js',
      'lib/tools/hosts/openai.js',
      'lib/tools/shapes/host.js',
      'lib/tools/shapes/search_replace.js',
    ]) {
      const source = fs.readFileSync(path.join(repo, file), 'utf8')
      expect(source, file).not.toMatch(/\.replace\(|new RegExp\(/)
    }
  })
})
