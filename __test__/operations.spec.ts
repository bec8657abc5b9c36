// The declarations of lib/operations.js against everything rendered from them or
// written beside them: the library's real options (what it reads of an options
// object), index.d.ts (generated from the Rust doc comments), tools.d.ts, and each
// front-end (the agent tools, the command line, the MCP server), which must reach
// every option of the library or say why it does not (the parity test). Options are
// reached for real: the library call a tool, a command or the server makes is
// recorded, and must carry the option.

import { spawnSync } from 'node:child_process'
import * as fs from 'node:fs'
import * as os from 'node:os'
import * as path from 'node:path'

import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest'

import * as core from '../index.js'
import { createTools, type ToolResult, type Tools } from '../tools.js'
import { indexDeclarations, normalType, recorder, toolDeclarations } from './support/declarations.js'
import { functionTable, optionTable } from './support/option-table.js'
import { slow, underWine } from './support/platform'

type Param = import('../lib/operations.js').Param
type Operation = import('../lib/operations.js').Operation

const ops = require('../lib/operations.js') as typeof import('../lib/operations.js')
const cli = require('../lib/cli.js') as typeof import('../lib/cli.js')
const { toolSchema } = require('../lib/tools/schemas.js') as typeof import('../lib/tools/schemas.js')
const { argumentReader } = require('../lib/tools/args.js') as typeof import('../lib/tools/args.js')

const repo = path.resolve(__dirname, '..')
const bin = path.join(repo, 'bin', 'eol-edit.js')
const TEXT = 'a\r\nb\r\nc\r\nd\r\n'
const PATCH = '*** Begin Patch\n*** Update File: f.txt\n@@\n-b\n+B\n*** End Patch\n'

const made: string[] = []
afterAll(() => {
  for (const d of made) fs.rmSync(d, { recursive: true, force: true })
})
function tempDir(): string {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'eol-ops-'))
  made.push(d)
  return d
}

const ALL = Object.values(ops.OPERATIONS) as Operation[]
/** The operations that are library functions. */
const LIBRARY = ALL.filter((op) => op.library !== null)
/** The library function's options, by the declaration. */
const declaredOptions = (op: Operation) => op.params.filter((p) => p.role === 'option')
/** A reason is a sentence, not a placeholder. */
const isReason = (why: unknown) => typeof why === 'string' && why.trim().length >= 10

// ---------------------------------------------------------------------------
// What the library really takes

/** The keys a library function reads of its options (it reads every key it knows by name). */
async function optionsRead(name: string, sync: boolean): Promise<string[]> {
  const dir = tempDir()
  const f = path.join(dir, 'f.txt')
  fs.writeFileSync(f, TEXT)
  const args: Record<string, unknown[]> = {
    readFile: [f],
    editFile: [f, 'b', 'B'],
    multiEdit: [f, [{ oldText: 'b', newText: 'B' }]],
    deleteRange: [f, 'a', 'c'],
    writeFile: [f, 'x\n'],
    convertEol: [f, 'lf'],
    convertEncoding: [f, 'utf-16le'],
    applyPatch: [PATCH],
    readFileBytes: [f],
    restoreFile: [f, Buffer.from('x\n')],
    applyEdits: [TEXT, [{ oldText: 'b', newText: 'B' }]],
    applyDeleteRange: [TEXT, 'a', 'c'],
  }
  const fn = (core as unknown as Record<string, (...a: unknown[]) => unknown>)[sync ? `${name}Sync` : name]
  const { proxy, read } = recorder()
  try {
    await fn(...args[name], proxy)
  } catch {
    // Reading the options is all that matters here.
  }
  return [...read].sort()
}

describe('the declarations and the library', () => {
  it('declare exactly the options each library function reads, in both forms', async () => {
    for (const op of LIBRARY) {
      const declared = declaredOptions(op).map((p) => p.name).sort()
      expect(await optionsRead(op.library!, false), op.name).toEqual(declared)
      if (!op.library!.startsWith('applyE') && !op.library!.startsWith('applyD')) {
        expect(await optionsRead(op.library!, true), `${op.name}Sync`).toEqual(declared)
      }
    }
  })

  it("declare exactly the keys an edit of multiEdit is read for", async () => {
    const entry = recorder({ oldText: 'zzz', newText: 'y' })
    await Promise.resolve().then(() => core.applyEdits(TEXT, [entry.proxy as core.Edit])).catch(() => {})
    const edits = ops.OPERATIONS.multiEdit.params.find((p) => p.name === 'edits')!
    expect([...entry.read].sort()).toEqual(edits.type.fields!.map((f) => f.name).sort())
  })

  it('name a library function for each operation that has one, with its Sync twin', () => {
    const e = core as unknown as Record<string, unknown>
    for (const op of LIBRARY) {
      expect(typeof e[op.library!], op.name).toBe('function')
      if (!op.library!.startsWith('applyE') && !op.library!.startsWith('applyD')) expect(typeof e[`${op.library}Sync`]).toBe('function')
    }
  })
})

describe('the declarations and index.d.ts', () => {
  const { functions, edit } = indexDeclarations()

  it('every function has the arguments the declaration gives, named and typed the same', () => {
    for (const op of LIBRARY) {
      for (const name of [op.library!, `${op.library}Sync`]) {
        const f = functions[name]
        if (!f) continue
        const args = op.params.filter((p) => p.role === 'arg')
        const params = f.params.filter((p) => p.name !== 'options')
        expect(params.map((p) => p.name), name).toEqual(args.map((p) => p.name))
        params.forEach((p, i) => {
          expect(p.type, `${name}(${p.name})`).toBe(normalType(args[i].type.library ?? args[i].type.ts))
          expect(p.optional, `${name}(${p.name}) optional`).toBe(args[i].optional === true)
        })
      }
    }
  })

  it("every options interface declares the declaration's options, each typed the same and optional", () => {
    for (const op of LIBRARY) {
      for (const name of [op.library!, `${op.library}Sync`]) {
        const f = functions[name]
        if (!f) continue
        const declared = new Map((f.options ?? []).map((p) => [p.name, p]))
        const options = declaredOptions(op)
        expect([...declared.keys()].sort(), name).toEqual(options.map((p) => p.name).sort())
        for (const p of options) {
          expect(declared.get(p.name)!.type, `${name} { ${p.name} }`).toBe(normalType(p.type.ts))
          expect(declared.get(p.name)!.optional).toBe(true)
        }
      }
    }
  })

  it("Edit has the fields of multiEdit's edits", () => {
    const fields = ops.OPERATIONS.multiEdit.params.find((p) => p.name === 'edits')!.type.fields!
    expect(edit.map((p) => [p.name, p.type, p.optional]).sort()).toEqual(
      fields.map((f) => [f.name, normalType(f.type.ts), f.optional === true]).sort(),
    )
  })
})

// ---------------------------------------------------------------------------
// tools.d.ts

/** The TypeScript type tools.d.ts gives an argument: optional ones also take null. */
function toolArgType(p: Param, required: boolean): string {
  return normalType(required ? p.type.ts : `${p.type.ts} | null`)
}

describe('the declarations and tools.d.ts', () => {
  const { tools, interfaces } = toolDeclarations(['CreateToolsOptions', 'MultiEditEdit'])
  const set = createTools()

  it('declares each tool of a tool set, with the arguments its schema has, typed and required the same', () => {
    expect(Object.keys(tools).sort()).toEqual(Object.keys(set).sort())
    for (const op of ALL) {
      if (!('name' in op.tool)) continue
      const members = tools[op.tool.name]
      const schema = toolSchema(op)
      const named = op.params.flatMap((p) => (p.tool.kind === 'arg' && !p.tool.hidden ? [{ p, reach: p.tool }] : []))
      for (const props of members) {
        const byName = new Map(props.map((d) => [d.name, d]))
        for (const { p, reach } of named) {
          // A union member may give an argument by another of its spellings (patchText for input).
          const spelling = [reach.name, ...reach.aliases].find((n) => byName.has(n))
          expect(spelling, `${op.tool.name}: ${reach.name}`).toBeDefined()
          const d = byName.get(spelling!)!
          const required = schema.required.includes(reach.name)
          expect(d.optional, `${op.tool.name}.${reach.name} optional`).toBe(!required)
          if (p.type.kind !== 'list') expect(d.type, `${op.tool.name}.${reach.name}`).toBe(toolArgType(p, required))
        }
        // Nothing that the schema does not have.
        const spellings = named.flatMap(({ reach }) => [reach.name, ...reach.aliases])
        expect(props.map((d) => d.name).filter((n) => !spellings.includes(n)), op.tool.name).toEqual([])
      }
    }
  })

  it("declares multi_edit's edit as its schema's items", () => {
    const items = (toolSchema(ops.OPERATIONS.multiEdit).properties.edits as { items: { properties: object; required: string[] } }).items
    const declared = interfaces.MultiEditEdit
    expect(declared.map((d) => d.name).sort()).toEqual(Object.keys(items.properties).sort())
    for (const d of declared) expect(d.optional, d.name).toBe(!items.required.includes(d.name))
  })

  it("declares createTools' options as TOOL_SET does", () => {
    const declared = new Map(interfaces.CreateToolsOptions.map((d) => [d.name, d]))
    expect([...declared.keys()].sort()).toEqual(ops.TOOL_SET.map((o) => o.name).sort())
    for (const o of ops.TOOL_SET) expect(declared.get(o.name)!.type, o.name).toBe(normalType(o.ts))
  })
})

// ---------------------------------------------------------------------------
// The parity test: every option of the library is reached by every front-end, or the
// declaration says why not. The options come from the library itself (what it reads)
// as well as from the declaration, so an option added to the library and forgotten
// here fails too.

/** Every library option, with its declaration (undefined when it has none). */
async function libraryOptions(): Promise<Array<{ op: Operation; name: string; param: Param | undefined }>> {
  const out = []
  for (const op of LIBRARY) {
    const read = await optionsRead(op.library!, false)
    const names = new Set([...read, ...declaredOptions(op).map((p) => p.name)])
    for (const name of names) out.push({ op, name, param: declaredOptions(op).find((p) => p.name === name) })
  }
  return out
}

/** A value of a parameter's type that a call takes. */
function sample(p: Param, dir: string): unknown {
  switch (p.type.kind) {
    case 'boolean':
      return true
    case 'integer':
      return p.name === 'maxBytes' ? 100000 : 1
    case 'label':
      return 'utf-8'
    case 'enum':
      return p.type.values!.includes('crlf') ? 'crlf' : p.type.values![0]
    case 'roots':
      return dir
    default:
      return p.name === 'cwd' ? dir : 'x'
  }
}

/** The arguments of a call of each tool that succeeds on TEXT in f.txt. */
const TOOL_CALLS: Record<string, Record<string, unknown>> = {
  read_file: { path: 'f.txt' },
  write_file: { path: 'f.txt', content: 'a\nb\nc\n' },
  edit_file: { path: 'f.txt', old_text: 'b', new_text: 'B' },
  multi_edit: { path: 'f.txt', edits: [{ old_text: 'b', new_text: 'B' }] },
  delete_range: { path: 'f.txt', start_line: 1, end_line: 3 },
  apply_patch: { input: PATCH },
}

/** The arguments of a run of each command that succeeds on TEXT in f.txt. */
const COMMAND_RUNS: Record<string, { argv: string[]; stdin?: string }> = {
  read: { argv: ['read', 'f.txt'] },
  edit: { argv: ['edit', 'f.txt', '--old', 'b', '--new', 'B'] },
  write: { argv: ['write', 'f.txt'], stdin: 'a\nb\n' },
  'delete-range': { argv: ['delete-range', 'f.txt', '1', '3'] },
  convert: { argv: ['convert', 'f.txt', '--to', 'lf'] },
  patch: { argv: ['patch'], stdin: PATCH },
  inspect: { argv: ['inspect', 'f.txt'] },
  mcp: { argv: ['mcp'] },
}

/** The library calls a tool call makes, with their options. */
async function coreCalls(run: () => Promise<ToolResult>): Promise<{ result: ToolResult; calls: Array<{ name: string; options: Record<string, unknown> }> }> {
  // The module object the tools call through (an ESM namespace cannot be changed).
  const e = require('../index.js') as Record<string, (...a: unknown[]) => unknown>
  const calls: Array<{ name: string; options: Record<string, unknown> }> = []
  const saved: Record<string, (...a: unknown[]) => unknown> = {}
  for (const name of Object.keys(e)) {
    const f = e[name]
    if (typeof f !== 'function' || !/^[a-z]/.test(name)) continue
    saved[name] = f
    e[name] = (...args: unknown[]) => {
      const last = args[args.length - 1]
      calls.push({ name, options: last && typeof last === 'object' && !Array.isArray(last) ? (last as Record<string, unknown>) : {} })
      return f(...args)
    }
  }
  // A change of one file without approve is the read state's one call
  // (ReadState.change), recorded as the library function it makes, with its options.
  const proto = (e as unknown as { ReadState: { prototype: { change: (...a: unknown[]) => unknown } } }).ReadState.prototype
  const change = proto.change
  proto.change = function (this: unknown, ...args: unknown[]) {
    const options = args
      .slice(4)
      .reverse()
      .find((a) => a !== null && typeof a === 'object' && !Array.isArray(a))
    calls.push({ name: String(args[0]), options: (options as Record<string, unknown>) ?? {} })
    return change.apply(this, args)
  }
  try {
    return { result: await run(), calls }
  } finally {
    Object.assign(e, saved)
    proto.change = change
  }
}

/** The library calls a run of the command line makes, with their options. */
function commandCalls(argv: string[], dir: string, stdin?: string): { status: number | null; stderr: string; calls: Array<{ name: string; options: Record<string, unknown> }> } {
  const record = path.join(dir, 'calls.jsonl')
  fs.rmSync(record, { force: true })
  const spawn = () =>
    spawnSync(process.execPath, ['--require', path.join(__dirname, 'support', 'record-calls.cjs'), bin, ...argv], {
      cwd: dir,
      input: stdin ?? '',
      encoding: 'utf8',
      env: { ...process.env, EOL_EDIT_RECORD: record },
      timeout: 30_000,
    })
  let r = spawn()
  // Under wine a node.exe now and then fails to start (seen once in a run of this suite:
  // no status, no output at all): that child is started once more. A command that
  // fails or hangs does so twice and still fails, and the error says what happened.
  if (underWine && r.error !== undefined) {
    fs.rmSync(record, { force: true })
    r = spawn()
  }
  const lines = fs.existsSync(record) ? fs.readFileSync(record, 'utf8').trim().split('\n').filter(Boolean) : []
  return { status: r.status, stderr: r.error ? `${r.stderr ?? ''} (${String(r.error)})` : r.stderr, calls: lines.map((l) => JSON.parse(l)) }
}

/** The flag as a command line gives it, with a value when it takes one. */
function flagArgs(p: Param, dir: string): string[] {
  if (p.cli.kind !== 'flag') return []
  if (p.cli.value === undefined) return [p.cli.flag]
  const v = sample(p, dir)
  return [p.cli.flag, String(p.type.kind === 'enum' && p.cli.flag === '--eol' ? 'crlf' : v)]
}

describe('the parity test: each front-end reaches every option of the library, or says why not', () => {
  let dir: string
  beforeEach(() => {
    dir = tempDir()
    fs.writeFileSync(path.join(dir, 'f.txt'), TEXT)
  })
  afterEach(() => {
    fs.rmSync(dir, { recursive: true, force: true })
  })

  it('every option the library reads is declared', async () => {
    const missing = (await libraryOptions()).filter((o) => !o.param).map((o) => `${o.op.name}({ ${o.name} })`)
    expect(missing, 'options of the library that no declaration names, so no front-end says whether it reaches them').toEqual([])
  })

  it('the agent tools: a model argument the tool passes on, a createTools option it passes on, or the reason', async () => {
    for (const { op, name, param } of await libraryOptions()) {
      const where = `${op.name}({ ${name} })`
      if (!param) continue // reported above
      if (!('name' in op.tool)) {
        expect(isReason(op.tool.none), `${where}: no tool, and no reason`).toBe(true)
        continue
      }
      const tool = op.tool.name
      const reach = param.tool
      if (reach.kind === 'none' || reach.kind === 'set') {
        expect(isReason(reach.why), `${where}: the tools ${reach.kind === 'none' ? 'do not reach it' : 'set it'}, but say not why`).toBe(true)
        continue
      }
      fs.writeFileSync(path.join(dir, 'f.txt'), TEXT)
      let tools: Tools
      let args = { ...TOOL_CALLS[tool] }
      if (reach.kind === 'arg') {
        tools = createTools({ root: dir })
        expect(Object.keys(tools[tool as keyof Tools].parameters.properties).includes(reach.name) || reach.hidden, `${where}: ${reach.name} is not in ${tool}'s schema`).toBe(true)
        args = { ...args, [reach.name]: sample(param, dir) }
      } else {
        expect(ops.TOOL_SET.map((o) => o.name), `${where}: createTools has no option ${reach.option}`).toContain(reach.option)
        tools = createTools({ root: dir, [reach.option]: sample(param, dir) })
      }
      const { result, calls } = await coreCalls(() => tools[tool as keyof Tools].execute(args as never))
      expect(result.success, `${where}: ${tool} failed: ${result.data}`).toBe(true)
      // Either form: small files are edited on the calling thread.
      const made = calls.filter((c) => c.name === op.library || c.name === `${op.library}Sync`)
      expect(made.length, `${where}: ${tool} made no ${op.library} call`).toBeGreaterThan(0)
      expect(made.every((c) => c.options[name] !== undefined), `${where}: ${tool} did not pass it on`).toBe(true)
    }
  })

  it('the command line: a flag the command passes on, or the reason', async () => {
    for (const { op, name, param } of await libraryOptions()) {
      const where = `${op.name}({ ${name} })`
      if (!param) continue
      if ('none' in op.cli) {
        expect(isReason(op.cli.none), `${where}: no command, and no reason`).toBe(true)
        continue
      }
      const reach = param.cli
      if (reach.kind !== 'flag') {
        expect(reach.kind === 'none' && isReason(reach.why), `${where}: the command line neither has a flag for it nor says why`).toBe(true)
        continue
      }
      const command = op.cli.name
      expect(cli.commandHelp(cli.command(command)!), `${where}: ${reach.flag} is not in ${command}'s --help`).toContain(reach.flag)
      fs.writeFileSync(path.join(dir, 'f.txt'), TEXT)
      const run = COMMAND_RUNS[command]
      const { status, stderr, calls } = commandCalls([...run.argv, ...flagArgs(param, dir)], dir, run.stdin)
      expect(status, `${where}: ${run.argv.join(' ')} ${reach.flag}: ${stderr}`).toBe(0)
      const made = calls.filter((c) => c.name === `${op.library}Sync`)
      expect(made.length, `${where}: ${command} made no ${op.library}Sync call`).toBeGreaterThan(0)
      expect(made.every((c) => c.options[name] !== undefined), `${where}: ${command} ${reach.flag} did not pass it on`).toBe(true)
    }
  }, 180_000 * slow)

  it('the MCP server: through the tools it serves, a flag of eol-edit mcp the server passes on, or the reason', async () => {
    const { createServer } = require('../lib/mcp.js') as typeof import('../lib/mcp.js')
    const listed = createServer({ roots: [dir] }).tools as Array<{ name: string; inputSchema: { properties: object } }>
    for (const { op, name, param } of await libraryOptions()) {
      const where = `${op.name}({ ${name} })`
      if (!param) continue
      if (!('name' in op.tool)) continue // no tool to serve: the reason is the tools' (above)
      const tool = op.tool.name
      const reach = param.tool
      if (reach.kind === 'arg') {
        const entry = listed.find((t) => t.name === tool)!
        expect(Object.keys(entry.inputSchema.properties).includes(reach.name) || reach.hidden, `${where}: not in the served ${tool}`).toBe(true)
        continue
      }
      if (reach.kind === 'set' || reach.kind === 'none') continue // the tool set's reason holds for the server it is
      const mcp = param.mcp
      expect(mcp, `${where}: a createTools option (${reach.option}) that the MCP server neither sets nor says why not`).toBeDefined()
      if (mcp!.kind !== 'flag') {
        expect(isReason(mcp!.why), `${where}: no reason`).toBe(true)
        continue
      }
      expect(cli.commandHelp(cli.command('mcp')!), `${where}: ${mcp!.flag} is not in mcp's --help`).toContain(mcp!.flag)
      // The command passes the flag to the server…
      const flagParam = ops.OPERATIONS.mcp.params.find((p) => p.cli.kind === 'flag' && p.cli.flag === mcp!.flag)!
      // (With a folder to serve, so that the server makes its tool set at once.)
      const { status, stderr, calls } = commandCalls(['mcp', '--root', dir, ...flagArgs(flagParam, dir)], dir)
      expect(status, stderr).toBe(0)
      const served = calls.find((c) => c.name === 'serve')!.options
      // …and the server to the tool set it makes.
      const given: Array<Record<string, unknown>> = []
      const spy = ((options: Record<string, unknown>) => (given.push(options ?? {}), createTools(options))) as typeof createTools
      createServer({ roots: served.roots as string[], durable: served.durable as boolean, createTools: spy })
      expect(
        given.some((o) => o[reach.option] !== undefined && o[reach.option] !== false),
        `${where}: eol-edit mcp ${mcp!.flag} does not reach createTools({ ${reach.option} })`,
      ).toBe(true)
    }
  })

  it("docs/front-ends.md's table of what each front-end takes is the declarations', reasons included", () => {
    const page = fs.readFileSync(path.join(repo, 'docs', 'front-ends.md'), 'utf8')
    const table = /<!-- front-ends: rendered from lib\/operations\.js -->\n([\s\S]*?)\n<!-- \/front-ends -->/.exec(page)
    expect(table, 'docs/front-ends.md has the table between its markers').not.toBeNull()
    expect(table![1]).toBe(`${functionTable()}\n\n${optionTable()}`)
  })

  it('every reason a declaration gives is a sentence', () => {
    for (const op of ALL) {
      for (const p of op.params) {
        for (const reach of [p.tool, p.cli, p.mcp]) {
          if (reach && (reach.kind === 'none' || reach.kind === 'set')) expect(isReason(reach.why), `${op.name}.${p.name}`).toBe(true)
        }
      }
      if (!('name' in op.tool)) expect(isReason(op.tool.none), op.name).toBe(true)
      if ('none' in op.cli) expect(isReason(op.cli.none), op.name).toBe(true)
    }
  })
})

// ---------------------------------------------------------------------------
// Renderings

describe('renderings of the declarations', () => {
  it("multi_edit's edits describe old_text, new_text and replace_all as edit_file does", () => {
    const t = createTools()
    const items = (t.multi_edit.parameters.properties.edits as { items: { properties: Record<string, unknown> } }).items
    for (const key of ['old_text', 'new_text', 'replace_all']) expect(items.properties[key], key).toEqual(t.edit_file.parameters.properties[key])
  })

  it("read_file's limit and description follow the tool set's maxReadLines", () => {
    const t = createTools({ maxReadLines: 77 })
    expect(t.read_file.description).toContain('at most 77 lines by default')
    expect(t.read_file.parameters.properties.limit.description).toBe('How many lines to read (default 77).')
  })

  it("a host's vocabulary renders the same operation under its own names, schema and reader alike", () => {
    // What a shape of another agent is: a table of its names over the same declarations.
    const claudeCode = ops.vocabulary({
      editFile: { tool: 'Edit', args: { path: 'file_path', oldText: 'old_string', newText: 'new_string', replaceAll: 'replace_all' } },
      multiEdit: { tool: 'MultiEdit', args: { path: 'file_path', edits: 'edits', oldText: 'old_string', newText: 'new_string', replaceAll: 'replace_all' } },
    })
    const schema = toolSchema(ops.OPERATIONS.editFile, claudeCode)
    expect(Object.keys(schema.properties)).toEqual(['file_path', 'old_string', 'new_string', 'replace_all'])
    expect(schema.required).toEqual(['file_path', 'old_string', 'new_string'])
    expect(schema.properties.replace_all).toEqual(createTools().edit_file.parameters.properties.replace_all)
    const multi = toolSchema(ops.OPERATIONS.multiEdit, claudeCode)
    expect(Object.keys((multi.properties.edits as { items: { properties: object } }).items.properties)).toEqual(['old_string', 'new_string', 'replace_all'])

    const reader = argumentReader(ops.OPERATIONS.editFile, claudeCode)
    const args = { file_path: 'a.ts', old_string: 'x', new_string: 'y', old_strng: 'no', old_text: 'no' }
    expect(reader.unknown(args)).toEqual([
      'ignored unknown argument "old_strng" (did you mean "old_string"?)',
      'ignored unknown argument "old_text"', // the tools' own name is not this host's
    ])
    expect(reader.values(args, [])).toEqual({ path: 'a.ts', oldText: 'x', newText: 'y' })
    expect(() => reader.values({ file_path: 'a.ts', new_string: 'y' }, [])).toThrow('old_string must be a string, but it is missing.')
  })

  it("a command's --help lists every flag it takes, and no other", () => {
    for (const cmd of cli.COMMANDS.values()) {
      const r = spawnSync(process.execPath, [bin, cmd.name, '--help'], { encoding: 'utf8' })
      expect(r.status).toBe(0)
      const listed = [...r.stdout.matchAll(/^ {2}(?:-\w, )?(--[\w-]+)/gm)].map((m) => m[1])
      expect(listed, cmd.name).toEqual(cmd.flags.map((f) => f.flag.flag))
      for (const line of r.stdout.split('\n')) expect(line.length, `${cmd.name}: ${line}`).toBeLessThanOrEqual(cmd.name === 'mcp' ? 100 : 80)
    }
  })

  it('eol-edit demo --help shows the escapes it names (\\n, \\r\\n, \\r), not raw line breaks', () => {
    const r = spawnSync(process.execPath, [bin, 'demo', '--help'], { encoding: 'utf8' })
    expect(r.stdout).toContain('(line breaks as \\n)')
    expect(r.stdout).toContain('(\\r\\n, \\n, \\r)')
    expect(r.stdout).not.toContain('\r')
  })

  it('eol-edit mcp --durable serves tools that fsync what they write', () => {
    const d = tempDir()
    const record = commandCalls(['mcp', '--root', d, '--durable'], d)
    expect(record.status).toBe(0)
    expect(record.calls.find((c) => c.name === 'serve')!.options).toMatchObject({ durable: true })
    expect(commandCalls(['mcp', '--root', d], d).calls.find((c) => c.name === 'serve')!.options).toMatchObject({ durable: false })
  })
})
