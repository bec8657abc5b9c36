// `eol-edit mcp` driven as an MCP client drives it: the SDK's Client over
// stdio, spawning `node bin/eol-edit.js mcp --root <tmp>`; and `eol-edit demo`.

import { spawn, spawnSync } from 'node:child_process'
import { once } from 'node:events'
import * as fs from 'node:fs'
import * as os from 'node:os'
import * as path from 'node:path'
import { pathToFileURL } from 'node:url'

import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { ListRootsRequestSchema } from '@modelcontextprotocol/sdk/types.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { toolOutputProblems } from './support/wording'
import { can, skipUnless } from './support/platform'

const repo = path.resolve(__dirname, '..')
const bin = path.join(repo, 'bin', 'eol-edit.js')
const TOOLS = ['read_file', 'write_file', 'edit_file', 'multi_edit', 'delete_range', 'apply_patch']

const made: string[] = []
afterAll(() => {
  for (const d of made) fs.rmSync(d, { recursive: true, force: true })
})

function tmp(prefix: string): string {
  const d = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), prefix)))
  made.push(d)
  return d
}

function childEnv(): Record<string, string> {
  const env: Record<string, string> = {}
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined) env[k] = v
  delete env.FORCE_COLOR
  return env
}

function visible(bytes: Buffer): string {
  let out = ''
  for (const b of bytes) {
    if (b === 0x0a) out += '\\n'
    else if (b === 0x0d) out += '\\r'
    else if (b < 0x20 || b > 0x7e) out += `\\x${b.toString(16).padStart(2, '0')}`
    else out += String.fromCharCode(b)
  }
  return out
}

interface TextResult {
  content: Array<{ type: string; text?: string }>
  isError?: boolean
}

/** Every tool result a client got in this file, for the check that it names only what the tools take. */
const results: Array<{ name: string; text: string }> = []
const callTool = Client.prototype.callTool
Client.prototype.callTool = async function (this: Client, ...args: Parameters<Client['callTool']>) {
  const result = await callTool.apply(this, args)
  const content = (result as TextResult).content
  if (Array.isArray(content)) results.push({ name: args[0].name, text: content.map((c) => (c.type === 'text' ? c.text : '')).join('') })
  return result
} as Client['callTool']

function text(result: unknown): string {
  const r = result as TextResult
  expect(Array.isArray(r.content)).toBe(true)
  return r.content.map((c) => (c.type === 'text' ? c.text : '')).join('')
}

describe('eol-edit mcp', () => {
  let root: string
  let outside: string
  let client: Client
  let stderr = ''

  beforeAll(async () => {
    root = tmp('eol-mcp-root-')
    outside = tmp('eol-mcp-outside-')
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [bin, 'mcp', '--root', root],
      cwd: outside,
      env: childEnv(),
      stderr: 'pipe',
    })
    transport.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8')
    })
    client = new Client({ name: 'eol-edit-test', version: '1.0.0' })
    await client.connect(transport) // initialize + initialized
  })

  afterAll(async () => {
    await client?.close()
  })

  it('initializes as the eol-edit server with tools, and logs to stderr only', () => {
    expect(client.getServerVersion()?.name).toBe('eol-edit')
    expect(client.getServerVersion()?.version).toBe(require('../package.json').version)
    expect(client.getServerCapabilities()?.tools).toBeDefined()
    expect(client.getInstructions()).toContain(root)
  })

  it('lists the six tools with their descriptions and JSON Schemas as the tool layer has them', async () => {
    const { createTools } = require('../tools.js')
    const local = createTools({ root })
    const { tools } = await client.listTools()
    expect(tools.map((t) => t.name).sort()).toEqual([...TOOLS].sort())
    for (const t of tools) {
      expect(t.description).toBe(local[t.name].description)
      expect(t.inputSchema).toEqual(local[t.name].parameters)
      expect(t.inputSchema.type).toBe('object')
    }
    const edit = tools.find((t) => t.name === 'edit_file')!
    expect(edit.inputSchema.required).toEqual(['path', 'old_text', 'new_text'])
    expect(tools.find((t) => t.name === 'read_file')!.annotations?.readOnlyHint).toBe(true)
  })

  it('edit_file on a CRLF file keeps CRLF on disk and returns the diff', async () => {
    const file = path.join(root, 'crlf.txt')
    fs.writeFileSync(file, 'one\r\ntwo\r\nthree\r\n')
    const result = await client.callTool({
      name: 'edit_file',
      arguments: { path: 'crlf.txt', old_text: 'two\nthree', new_text: 'TWO\nadded\nthree' },
    })
    expect(result.isError).toBeFalsy()
    const out = text(result)
    expect(out).toContain('Edited crlf.txt')
    expect(out).toContain('-two')
    expect(out).toContain('+TWO')
    expect(out).toContain('+added')
    expect(visible(fs.readFileSync(file))).toBe('one\\r\\nTWO\\r\\nadded\\r\\nthree\\r\\n')
  })

  it('apply_patch changes several files of the root, keeping their endings', async () => {
    fs.writeFileSync(path.join(root, 'p1.txt'), 'a\r\nb\r\n')
    fs.writeFileSync(path.join(root, 'p2.txt'), 'x\ry\r')
    const result = await client.callTool({
      name: 'apply_patch',
      arguments: {
        input: '*** Begin Patch\n*** Update File: p1.txt\n@@\n a\n-b\n+B\n+C\n*** Update File: p2.txt\n@@\n-x\n+X\n*** End Patch',
      },
    })
    expect(result.isError, text(result)).toBeFalsy()
    expect(text(result)).toContain('M p1.txt (+2 -1)')
    expect(visible(fs.readFileSync(path.join(root, 'p1.txt')))).toBe('a\\r\\nB\\r\\nC\\r\\n')
    expect(visible(fs.readFileSync(path.join(root, 'p2.txt')))).toBe('X\\ry\\r')
    const outsidePatch = await client.callTool({
      name: 'apply_patch',
      arguments: { input: `*** Begin Patch\n*** Add File: ${path.join(outside, 'x.txt')}\n+x\n*** End Patch` },
    })
    expect(outsidePatch.isError).toBe(true)
    expect(text(outsidePatch)).toMatch(/^PATH_OUTSIDE_ROOT/)
    expect(fs.existsSync(path.join(outside, 'x.txt'))).toBe(false)
  })

  it('multi_edit and delete_range keep the endings of a BOM + CRLF file', async () => {
    const file = path.join(root, 'bom.cs')
    fs.writeFileSync(file, '\ufeffclass A {\r\n    int x;\r\n    int y;\r\n}\r\n')
    const multi = await client.callTool({
      name: 'multi_edit',
      arguments: {
        path: file,
        edits: [
          { oldText: 'int x;', newText: 'int x = 1;' },
          { oldText: 'class A {', newText: 'public class A {' },
        ],
      },
    })
    expect(multi.isError, text(multi)).toBeFalsy()
    const del = await client.callTool({
      name: 'delete_range',
      arguments: { path: 'bom.cs', startAnchor: 2, endAnchor: 4 },
    })
    expect(del.isError, text(del)).toBeFalsy()
    expect(visible(fs.readFileSync(file))).toBe('\\xef\\xbb\\xbfpublic class A {\\r\\n    int x = 1;\\r\\n}\\r\\n')
  })

  it('read_file shows numbered lines and the endings', async () => {
    fs.writeFileSync(path.join(root, 'read.txt'), 'alpha\r\nbeta\r\n')
    const result = await client.callTool({ name: 'read_file', arguments: { path: 'read.txt' } })
    expect(result.isError).toBeFalsy()
    const out = text(result)
    expect(out).toMatch(/^\[read\.txt: 2 lines \| endings: CRLF/)
    expect(out).toContain('1\u2502alpha\n2\u2502beta')
    expect(out).not.toContain('\r')
  })

  it('write_file over a CRLF file keeps CRLF', async () => {
    const file = path.join(root, 'write.txt')
    fs.writeFileSync(file, 'a\r\nb\r\n')
    const result = await client.callTool({ name: 'write_file', arguments: { path: 'write.txt', content: 'a\nb\nc\n' } })
    expect(result.isError, text(result)).toBeFalsy()
    expect(visible(fs.readFileSync(file))).toBe('a\\r\\nb\\r\\nc\\r\\n')
  })

  it('refuses a path outside the root with an isError result, not a protocol error', async () => {
    const secret = path.join(outside, 'secret.txt')
    fs.writeFileSync(secret, 'keep\r\n')
    for (const p of [secret, path.join('..', path.basename(outside), 'secret.txt')]) {
      const read = await client.callTool({ name: 'read_file', arguments: { path: p } })
      expect(read.isError).toBe(true)
      expect(text(read)).toContain('PATH_OUTSIDE_ROOT')
      expect(text(read)).not.toContain('keep')
    }
    const edit = await client.callTool({
      name: 'edit_file',
      arguments: { path: secret, old_text: 'keep', new_text: 'gone' },
    })
    expect(edit.isError).toBe(true)
    expect(text(edit)).toContain('PATH_OUTSIDE_ROOT')
    expect(fs.readFileSync(secret, 'utf8')).toBe('keep\r\n')
  })

  it('reports TEXT_NOT_FOUND as an isError result with the message and hint, file untouched', async () => {
    const file = path.join(root, 'miss.txt')
    fs.writeFileSync(file, 'a\r\nb\r\n')
    const result = await client.callTool({
      name: 'edit_file',
      arguments: { path: 'miss.txt', old_text: 'nowhere', new_text: 'x' },
    })
    expect(result.isError).toBe(true)
    expect(text(result)).toMatch(/^TEXT_NOT_FOUND: \S/)
    expect(visible(fs.readFileSync(file))).toBe('a\\r\\nb\\r\\n')
  })

  it('reports bad or missing arguments as INVALID_ARGUMENT results', async () => {
    const missing = await client.callTool({ name: 'edit_file', arguments: { path: 'miss.txt' } })
    expect(missing.isError).toBe(true)
    expect(text(missing)).toContain('INVALID_ARGUMENT')
    const none = await client.callTool({ name: 'read_file' })
    expect(none.isError).toBe(true)
    expect(text(none)).toContain('INVALID_ARGUMENT')
  })

  it('answers an unknown tool with a protocol error naming the tools', async () => {
    await expect(client.callTool({ name: 'rm_rf', arguments: {} })).rejects.toThrow(/Unknown tool "rm_rf".*edit_file/)
  })

  it('wrote nothing but protocol messages to stdout (the client parsed every line)', () => {
    // A stray line on stdout would have failed a JSON-RPC parse above; the
    // startup note goes to stderr.
    expect(stderr).toContain('eol-edit mcp: serving')
  })
})

describe('eol-edit mcp without --root', () => {
  const clients: Client[] = []
  afterAll(async () => {
    for (const c of clients) await c.close()
  })

  /** A client that announces `roots` (file URIs of folders), started in `cwd`. */
  async function connect(cwd: string, roots: string[] | null, env = childEnv()) {
    const transport = new StdioClientTransport({ command: process.execPath, args: [bin, 'mcp'], cwd, env, stderr: 'pipe' })
    let stderr = ''
    transport.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8')
    })
    const client = new Client(
      { name: 'eol-edit-roots-test', version: '1.0.0' },
      roots === null ? {} : { capabilities: { roots: { listChanged: true } } },
    )
    let current = roots ?? []
    if (roots !== null) {
      client.setRequestHandler(ListRootsRequestSchema, async () => ({
        roots: current.map((folder) => ({ uri: pathToFileURL(folder).href, name: path.basename(folder) })),
      }))
    }
    await client.connect(transport)
    clients.push(client)
    return {
      client,
      stderr: () => stderr,
      setRoots: async (next: string[]) => {
        current = next
        await client.sendRootsListChanged()
      },
    }
  }

  it('serves the roots the client announces, relative paths from the first', async () => {
    const project = tmp('eol-mcp-client-root-')
    const started = tmp('eol-mcp-started-')
    fs.writeFileSync(path.join(project, 'p.txt'), 'a\r\n')
    fs.writeFileSync(path.join(started, 's.txt'), 's\r\n')
    const { client, stderr } = await connect(started, [project])
    const edit = await client.callTool({ name: 'edit_file', arguments: { path: 'p.txt', old_text: 'a', new_text: 'b' } })
    expect(edit.isError, text(edit)).toBeFalsy()
    expect(visible(fs.readFileSync(path.join(project, 'p.txt')))).toBe('b\\r\\n')
    // The start folder is not a root when the client has roots.
    const outside = await client.callTool({ name: 'read_file', arguments: { path: path.join(started, 's.txt') } })
    expect(text(outside)).toMatch(/^PATH_OUTSIDE_ROOT/)
    expect(stderr()).toContain(`(from the client): ${project}`)
  })

  it('follows the client when its roots change', async () => {
    const first = tmp('eol-mcp-first-')
    const second = tmp('eol-mcp-second-')
    fs.writeFileSync(path.join(second, 'two.txt'), 'two\r\n')
    const { client, setRoots, stderr } = await connect(tmp('eol-mcp-start-'), [first])
    expect(text(await client.callTool({ name: 'read_file', arguments: { path: path.join(second, 'two.txt') } }))).toMatch(/^PATH_OUTSIDE_ROOT/)
    await setRoots([second])
    for (let i = 0; i < 50 && !stderr().includes(`(from the client): ${second}`); i++) await new Promise((r) => setTimeout(r, 20))
    const read = await client.callTool({ name: 'read_file', arguments: { path: 'two.txt' } })
    expect(read.isError, text(read)).toBeFalsy()
  })

  it('serves the folder it was started in when the client has no roots', async () => {
    const started = tmp('eol-mcp-cwd-')
    fs.writeFileSync(path.join(started, 'c.txt'), 'c\r\n')
    const { client, stderr } = await connect(started, null)
    const read = await client.callTool({ name: 'read_file', arguments: { path: 'c.txt' } })
    expect(read.isError, text(read)).toBeFalsy()
    expect(stderr()).toContain(`(the folder the server was started in): ${started}`)
  })

  it('does not serve a client root that is / or the home folder; falls back to the start folder', async () => {
    const home = tmp('eol-mcp-home-')
    const started = tmp('eol-mcp-safe-start-')
    fs.writeFileSync(path.join(started, 'ok.txt'), 'ok\n')
    const env = { ...childEnv(), HOME: home, USERPROFILE: home }
    const { client, stderr } = await connect(started, [path.parse(started).root, home], env)
    const read = await client.callTool({ name: 'read_file', arguments: { path: 'ok.txt' } })
    expect(read.isError, text(read)).toBeFalsy()
    expect(stderr()).toContain(`not serving the client's root ${path.parse(started).root}, the root of the file system`)
    expect(stderr()).toContain(`not serving the client's root ${home}, your home folder`)
  })

  /** A fake home folder with a private key in it, inside a parent folder of its own. */
  function fakeHome() {
    const parent = tmp('eol-mcp-users-')
    const home = path.join(parent, 'me')
    fs.mkdirSync(path.join(home, '.ssh'), { recursive: true })
    fs.writeFileSync(path.join(home, '.ssh', 'id_rsa'), '-----BEGIN PRIVATE KEY-----\nsecret\n')
    return { parent, home, key: path.join(home, '.ssh', 'id_rsa'), env: { ...childEnv(), HOME: home, USERPROFILE: home } }
  }

  it('does not serve a client root that contains the home folder: ~/.ssh/id_rsa stays unread', async () => {
    const { parent, home, key, env } = fakeHome()
    const started = tmp('eol-mcp-safe-start-')
    const { client, stderr } = await connect(started, [parent], env)
    for (const p of [key, path.relative(started, key)]) {
      const read = await client.callTool({ name: 'read_file', arguments: { path: p } })
      expect(read.isError).toBe(true)
      expect(text(read)).toMatch(/^PATH_OUTSIDE_ROOT/)
      expect(text(read)).not.toContain('secret')
    }
    expect(stderr()).toContain(`not serving the client's root ${parent}, a folder that contains your home folder (${home})`)
    expect(stderr()).toContain(`To serve it anyway, name it: eol-edit mcp --root ${parent}`)
    expect(stderr()).toContain(`(the folder the server was started in): ${started}`)
  })

  it('serves the folder a client root that is a link named when it was checked: retargeting the link meanwhile serves nothing else', async () => {
    if (process.platform === 'win32') return
    const { parent, key, env } = fakeHome()
    const project = tmp('eol-mcp-linked-project-')
    fs.writeFileSync(path.join(project, 'p.txt'), 'p\n')
    const link = path.join(tmp('eol-mcp-links-'), 'workspace')
    fs.symlinkSync(project, link, 'dir')
    const { client, stderr } = await connect(tmp('eol-mcp-start-'), [link], env)
    const first = await client.callTool({ name: 'read_file', arguments: { path: 'p.txt' } })
    expect(first.isError, text(first)).toBeFalsy()
    // Another process swings the link between the project and the folder that holds
    // the home folder (an atomic rename each time), for at most 3 s, while calls run.
    const swing =
      'const fs = require("fs"); const [link, a, b] = process.argv.slice(1); const end = Date.now() + 3000;' +
      'for (let i = 0; Date.now() < end; i++) { try { fs.rmSync(link + ".next", { force: true }); fs.symlinkSync(i % 2 ? a : b, link + ".next"); fs.renameSync(link + ".next", link) } catch {} }'
    const swinger = spawn(process.execPath, ['-e', swing, link, project, parent], { stdio: 'ignore' })
    const asks = [path.relative(parent, key), path.join(link, path.relative(parent, key))]
    try {
      for (let i = 0; i < 30; i++) {
        for (const p of asks) expect(text(await client.callTool({ name: 'read_file', arguments: { path: p } }))).not.toContain('secret')
      }
    } finally {
      swinger.kill()
      if (swinger.exitCode === null && swinger.signalCode === null) await once(swinger, 'exit')
    }
    // Left pointing at the folder that holds the home folder: still only the project.
    fs.rmSync(link, { force: true })
    fs.symlinkSync(parent, link, 'dir')
    for (const p of asks) {
      const read = await client.callTool({ name: 'read_file', arguments: { path: p } })
      expect(read.isError).toBe(true)
      expect(text(read)).not.toContain('secret')
    }
    const again = await client.callTool({ name: 'read_file', arguments: { path: 'p.txt' } })
    expect(again.isError, text(again)).toBeFalsy()
    expect(stderr()).toContain(`(from the client): ${project}`)
  })

  it('refuses to serve a start folder that contains the home folder: status 2, naming it and --root', () => {
    const { parent, home, env } = fakeHome()
    const r = refusal(parent, initialize({}), env)
    expect(r.status, r.stderr).toBe(2)
    expect(r.stderr).toContain(`refusing to serve ${parent}, a folder that contains your home folder (${home})`)
    expect(r.stderr).toContain(`--root ${parent} to serve it anyway`)
  })

  it('serves a folder that contains the home folder when --root names it', () => {
    const { parent, key, env } = fakeHome()
    const call = { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'read_file', arguments: { path: key } } }
    const r = spawnSync(process.execPath, [bin, 'mcp', '--root', parent], {
      cwd: parent,
      env,
      input: initialize({}) + JSON.stringify(call) + '\n',
      encoding: 'utf8',
      timeout: 30_000,
    })
    expect(r.status, r.stderr).toBe(0)
    const reply = r.stdout.trim().split('\n').map((line) => JSON.parse(line)).find((m) => m.id === 2)
    expect(reply.result.isError).toBe(false)
  })

  function refusal(cwd: string, input: string, env = childEnv()) {
    return spawnSync(process.execPath, [bin, 'mcp'], { cwd, env, input, encoding: 'utf8', timeout: 30_000 })
  }
  const initialize = (capabilities: object) =>
    [
      { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities, clientInfo: { name: 't', version: '1' } } },
      { jsonrpc: '2.0', method: 'notifications/initialized' },
    ]
      .map((m) => JSON.stringify(m) + '\n')
      .join('')

  it("refuses to serve / (a drive's root on Windows) when started there: a message on stderr and status 2", () => {
    const top = path.parse(process.cwd()).root
    for (const input of ['', initialize({})]) {
      const r = refusal(top, input)
      expect(r.status, r.stderr).toBe(2)
      expect(r.stderr).toContain(`refusing to serve ${top}, the root of the file system`)
      expect(r.stderr).toMatch(/--root \/path\/to\/project/)
      expect(r.stderr).not.toContain('serving read_file')
    }
  })

  it('refuses to serve the home folder when started there', () => {
    const home = tmp('eol-mcp-home-start-')
    const r = refusal(home, initialize({}), { ...childEnv(), HOME: home, USERPROFILE: home })
    expect(r.status, r.stderr).toBe(2)
    expect(r.stderr).toContain(`refusing to serve ${home}, your home folder`)
  })

  it('serves / or the home folder when --root names it', () => {
    const file = path.join(tmp('eol-mcp-named-'), 'n.txt')
    fs.writeFileSync(file, 'named\r\n')
    const call = { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'read_file', arguments: { path: file } } }
    const r = spawnSync(process.execPath, [bin, 'mcp', '--root', '/'], {
      cwd: '/',
      env: childEnv(),
      input: initialize({}) + JSON.stringify(call) + '\n',
      encoding: 'utf8',
      timeout: 30_000,
    })
    expect(r.status, r.stderr).toBe(0)
    const reply = r.stdout.trim().split('\n').map((line) => JSON.parse(line)).find((m) => m.id === 2)
    expect(reply.result.isError).toBe(false)
    expect(reply.result.content[0].text).toContain('1\u2502named')
  })
})

describe('unsafeRoot', () => {
  const { unsafeRoot } = require('../lib/mcp.js') as { unsafeRoot: (folder: string, home?: string) => string | null }
  it('names the file system root, the home folder and the folders it is in, and nothing else', () => {
    const home = path.join(tmp('eol-home-'), 'users', 'me')
    fs.mkdirSync(home, { recursive: true })
    expect(unsafeRoot('/', home)).toBe('the root of the file system')
    expect(unsafeRoot(path.join(home, '..', path.basename(home)), home)).toBe('your home folder')
    expect(unsafeRoot(path.join(home, 'project'), home)).toBeNull()
    expect(unsafeRoot(path.join(path.dirname(home), 'sibling'), home)).toBeNull()
    // A folder the home folder is in opens the home folder too.
    expect(unsafeRoot(path.dirname(home), home)).toBe(`a folder that contains your home folder (${home})`)
    expect(unsafeRoot(path.dirname(path.dirname(home)), home)).toBe(`a folder that contains your home folder (${home})`)
  })
})

describe('eol-edit mcp (command line)', () => {
  function cli(args: string[], options: { cwd?: string; env?: Record<string, string>; input?: string; script?: string } = {}) {
    const r = spawnSync(process.execPath, [options.script ?? bin, ...args], {
      cwd: options.cwd ?? repo,
      env: options.env ?? childEnv(),
      input: options.input ?? '',
      encoding: 'utf8',
      timeout: 30_000,
    })
    return { status: r.status, stdout: r.stdout, stderr: r.stderr }
  }

  it('has --help', () => {
    for (const form of [['mcp', '--help'], ['help', 'mcp']]) {
      const r = cli(form)
      expect(r.status).toBe(0)
      expect(r.stdout).toMatch(/^Usage: eol-edit mcp/)
      expect(r.stdout).toContain('npm install @modelcontextprotocol/sdk')
    }
    expect(cli(['--help']).stdout).toMatch(/^\s+mcp /m)
  })

  it('exits 2 for a root that is not a folder, or an unknown option', () => {
    const missing = cli(['mcp', '--root', path.join(tmp('eol-mcp-'), 'nope')])
    expect(missing.status).toBe(2)
    expect(missing.stdout).toBe('')
    expect(missing.stderr).toMatch(/^USAGE: mcp: --root .* does not exist/)
    const bad = cli(['mcp', '--bogus'])
    expect(bad.status).toBe(2)
    expect(bad.stdout).toBe('')
  })

  it('answers requests piped on stdin, then exits 0 when stdin ends', () => {
    const root = tmp('eol-mcp-pipe-')
    fs.writeFileSync(path.join(root, 'a.txt'), 'x\r\ny\r\n')
    const messages = [
      { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } } },
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'edit_file', arguments: { path: 'a.txt', old_text: 'y', new_text: 'z' } } },
    ]
    const r = cli(['mcp', '--root', root], { input: messages.map((m) => JSON.stringify(m) + '\n').join('') })
    expect(r.status, r.stderr).toBe(0)
    const replies = r.stdout.trim().split('\n').map((line) => JSON.parse(line))
    expect(replies.map((m) => m.id).sort()).toEqual([1, 2])
    const call = replies.find((m) => m.id === 2)
    expect(call.result.isError).toBe(false)
    expect(visible(fs.readFileSync(path.join(root, 'a.txt')))).toBe('x\\r\\nz\\r\\n')
  })

  it('exits 2 with install instructions when the optional MCP SDK is not installed', () => {
    // A copy of the package outside this repository, so that the SDK in the
    // repository's node_modules cannot be found; the addon is the repository's.
    const pkg = tmp('eol-mcp-nosdk-')
    for (const f of ['index.js', 'tools.js', 'package.json']) fs.copyFileSync(path.join(repo, f), path.join(pkg, f))
    for (const d of ['bin', 'lib']) fs.cpSync(path.join(repo, d), path.join(pkg, d), { recursive: true })
    // This platform's binary (cross builds may have left others beside it).
    const binaries = fs.readdirSync(repo).filter((f) => f.startsWith(`eol-edit.${process.platform}-${process.arch}`) && f.endsWith('.node'))
    const binary = binaries.find((f) => !f.includes('musl')) ?? binaries[0]
    const env = childEnv()
    if (!env.NAPI_RS_NATIVE_LIBRARY_PATH && binary) env.NAPI_RS_NATIVE_LIBRARY_PATH = path.join(repo, binary)
    const r = cli(['mcp'], { cwd: pkg, env, script: path.join(pkg, 'bin', 'eol-edit.js') })
    expect(r.status, r.stderr).toBe(2)
    expect(r.stdout).toBe('')
    expect(r.stderr).toContain('npm install @modelcontextprotocol/sdk')
    // The other commands do not need the SDK.
    fs.writeFileSync(path.join(pkg, 'c.txt'), 'a\r\n')
    const edit = cli(['edit', 'c.txt', '--old', 'a', '--new', 'b'], { cwd: pkg, env, script: path.join(pkg, 'bin', 'eol-edit.js') })
    expect(edit.status, edit.stderr).toBe(0)
    expect(visible(fs.readFileSync(path.join(pkg, 'c.txt')))).toBe('b\\r\\n')
  })
})

describe('eol-edit demo', () => {
  it('edits CRLF, mixed, lone-CR, BOM and UTF-16 files and shows the endings, in a folder it removes', () => {
    const before = new Set(fs.readdirSync(os.tmpdir()).filter((f) => f.startsWith('eol-edit-demo-')))
    const r = spawnSync(process.execPath, [bin, 'demo'], { cwd: tmp('eol-demo-'), env: childEnv(), encoding: 'utf8', timeout: 60_000 })
    expect(r.status, r.stderr).toBe(0)
    expect(r.stderr).toBe('')
    const out = r.stdout
    expect(out).not.toContain('\u001b[') // no colour when not on a terminal
    expect(out).toContain('\\r\\n')
    expect(out).toContain('[BOM]')
    expect(out).toContain('[UTF-16LE BOM]')
    for (const name of ['crlf.txt', 'mixed.txt', 'bom.cs', 'lone-cr.txt', 'utf16.txt']) expect(out).toContain(`(${name})`)
    // The CRLF edit written with LF: CRLF kept.
    expect(out).toMatch(/\(crlf\.txt\)\n {3}before:\n {6}a\\r\\n\n {6}b\\r\\n\n {6}c\\r\\n\n {6}d\n {3}after \(matched by exact\):\n {6}a\\r\\n\n {6}x\\r\\n\n {6}y\n/)
    // Mixed endings: each kept line keeps its own.
    expect(out).toContain('      THREE\\n\n      added\\r\\n\n      four\\r\\n')
    // The BOM is kept.
    expect(out).toContain('      [BOM]public class A {\\r\\n')
    // Lone CR kept.
    expect(out).toContain('      alpha\\r\n      BETA\\r\n      gamma\\r')
    // UTF-16 kept.
    expect(out).toContain('      [UTF-16LE BOM]hello\\r\\n\n      there\\r\\n')
    expect(out).toMatch(/refused with NO_CHANGE/)
    const dir = /^Files are in (.+)$/m.exec(out)?.[1]
    expect(dir).toBeTruthy()
    expect(fs.existsSync(dir!)).toBe(false)
    const after = fs.readdirSync(os.tmpdir()).filter((f) => f.startsWith('eol-edit-demo-') && !before.has(f))
    expect(after).toEqual([])
  })

  it('gives the same report as npm run demo (demo/demo.js)', () => {
    const strip = (s: string) => s.replace(/eol-edit-demo-[A-Za-z0-9]+/g, 'eol-edit-demo-X')
    const cmd = spawnSync(process.execPath, [bin, 'demo'], { cwd: repo, env: childEnv(), encoding: 'utf8', timeout: 60_000 })
    const script = spawnSync(process.execPath, [path.join(repo, 'demo', 'demo.js')], { cwd: repo, env: childEnv(), encoding: 'utf8', timeout: 60_000 })
    expect(script.status, script.stderr).toBe(0)
    expect(strip(cmd.stdout)).toBe(strip(script.stdout))
  })

  it('has --help and takes no arguments', () => {
    const help = spawnSync(process.execPath, [bin, 'demo', '--help'], { encoding: 'utf8' })
    expect(help.status).toBe(0)
    expect(help.stdout).toMatch(/^Usage: eol-edit demo/)
    const extra = spawnSync(process.execPath, [bin, 'demo', 'x'], { encoding: 'utf8' })
    expect(extra.status).toBe(2)
  })
})

describe('createServer', () => {
  it('passes a cancelled request on to the tool, which then writes nothing', async () => {
    const { InMemoryTransport } = require('@modelcontextprotocol/sdk/inMemory.js')
    const { createServer } = require('../lib/mcp.js')
    const { createTools } = require('../tools.js')
    const root = tmp('eol-mcp-cancel-')
    const file = path.join(root, 'c.txt')
    fs.writeFileSync(file, 'a\r\n')
    let approving: () => void = () => {}
    const asked = new Promise<void>((resolve) => {
      approving = resolve
    })
    // The user takes a while to approve; the client cancels meanwhile.
    const slowApproval = (options: object) =>
      createTools({
        ...options,
        approve: () => (approving(), new Promise<boolean>((resolve) => setTimeout(() => resolve(true), 300))),
      })
    const { server } = createServer({ roots: [root], createTools: slowApproval })
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair()
    await server.connect(serverSide)
    const client = new Client({ name: 'cancel-test', version: '1.0.0' })
    await client.connect(clientSide)
    const controller = new AbortController()
    const call = client.callTool({ name: 'edit_file', arguments: { path: 'c.txt', old_text: 'a', new_text: 'b' } }, undefined, {
      signal: controller.signal,
    })
    await asked
    controller.abort()
    await expect(call).rejects.toThrow()
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(visible(fs.readFileSync(file))).toBe('a\\r\\n')
    await client.close()
  })
})

describe('eol-edit mcp and large messages', () => {
  it('answers a message over the limit with a JSON-RPC error and goes on serving the same connection', async () => {
    const root = tmp('eol-mcp-large-')
    const transport = new StdioClientTransport({ command: process.execPath, args: [bin, 'mcp', '--root', root], env: childEnv(), stderr: 'pipe' })
    let stderr = ''
    transport.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8')
    })
    const client = new Client({ name: 'eol-edit-large-test', version: '1.0.0' })
    await client.connect(transport)
    try {
      const line = 'x'.repeat(99) + '\n'
      // 11 MiB: over the SDK's own 10 MiB, under the server's limit: written.
      const eleven = line.repeat((11 * 1024 * 1024) / line.length)
      const written = await client.callTool({ name: 'write_file', arguments: { path: 'big.txt', content: eleven } }, undefined, { timeout: 120_000 })
      expect(written.isError, text(written)).toBeFalsy()
      expect(fs.statSync(path.join(root, 'big.txt')).size).toBe(eleven.length)
      // 65 MiB: a message the server reads, but a file it could not read back (64 MiB):
      // refused, nothing written.
      const sixtyFive = line.repeat((65 * 1024 * 1024) / line.length)
      const refused = await client.callTool({ name: 'write_file', arguments: { path: 'over.txt', content: sixtyFive } }, undefined, { timeout: 120_000 })
      expect(refused.isError).toBe(true)
      expect(text(refused)).toContain(`FILE_TOO_LARGE: File too large: over.txt would be ${sixtyFive.length} bytes, over the limit of 67108864 bytes`)
      expect(fs.existsSync(path.join(root, 'over.txt'))).toBe(false)
      // 70 MiB: more than any file the tools take (64 MiB): refused, with the call's id.
      const seventy = line.repeat((70 * 1024 * 1024) / line.length)
      const call = client.callTool({ name: 'write_file', arguments: { path: 'huge.txt', content: seventy } }, undefined, { timeout: 120_000 })
      await expect(call).rejects.toMatchObject({ code: -32600, message: expect.stringMatching(/The message is 70\.\d MiB, more than the 66\.0 MiB this server reads/) })
      expect(fs.existsSync(path.join(root, 'huge.txt'))).toBe(false)
      // The same connection goes on.
      fs.writeFileSync(path.join(root, 'after.txt'), 'still\r\nhere\r\n')
      const after = await client.callTool({ name: 'read_file', arguments: { path: 'after.txt' } })
      expect(after.isError, text(after)).toBeFalsy()
      expect(text(after)).toContain('1\u2502still\n2\u2502here')
      expect(stderr).toMatch(/The message is 70\.\d MiB/)
    } finally {
      await client.close()
    }
  }, 300_000)
})

describe('eol-edit mcp under a umask of 077', () => {
  it('creates files and folders that only their owner can read', async (ctx) => {
    skipUnless(ctx, can.posixModes)
    const root = tmp('eol-mcp-umask-')
    // The server inherits this process's umask (no shell in between: under qemu a shell
    // cannot start the emulated Node, while Node's own spawn goes through the preload).
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [bin, 'mcp', '--root', root],
      env: childEnv(),
      stderr: 'pipe',
    })
    const client = new Client({ name: 'eol-edit-umask-test', version: '1.0.0' })
    const umask = process.umask(0o077)
    try {
      await client.connect(transport)
    } finally {
      process.umask(umask)
    }
    try {
      const wrote = await client.callTool({ name: 'write_file', arguments: { path: 'new/a.txt', content: 'a\n' } })
      expect(wrote.isError, text(wrote)).toBeFalsy()
      const patched = await client.callTool({ name: 'apply_patch', arguments: { input: '*** Begin Patch\n*** Add File: p/b.txt\n+b\n*** End Patch' } })
      expect(patched.isError, text(patched)).toBeFalsy()
      const mode = (p: string) => fs.statSync(path.join(root, p)).mode & 0o777
      expect([mode('new'), mode('new/a.txt'), mode('p'), mode('p/b.txt')]).toEqual([0o700, 0o600, 0o700, 0o600])
    } finally {
      await client.close()
    }
  })
})

describe('the transport: messages too large or not JSON-RPC', () => {
  const { StdioLineTransport } = require('../lib/mcp.js')
  const { loadSdk } = require('../lib/mcp.js')
  const { PassThrough } = require('node:stream')

  function harness(maxMessageBytes: number) {
    const stdin = new PassThrough()
    const stdout = new PassThrough()
    const received: unknown[] = []
    const replies: Array<Record<string, unknown>> = []
    let buffered = ''
    stdout.on('data', (chunk: Buffer) => {
      buffered += chunk.toString('utf8')
      let nl
      while ((nl = buffered.indexOf('\n')) >= 0) {
        replies.push(JSON.parse(buffered.slice(0, nl)))
        buffered = buffered.slice(nl + 1)
      }
    })
    const transport = new StdioLineTransport({ sdk: loadSdk(), stdin, stdout, maxMessageBytes })
    transport.onmessage = (m: unknown) => received.push(m)
    transport.start()
    const settle = () => new Promise((resolve) => setImmediate(resolve))
    return { stdin, received, replies, settle }
  }

  it('finds the id of a message too large, first or last in it, and reads the next message whole', async () => {
    const { stdin, received, replies, settle } = harness(1000)
    const pad = 'p'.repeat(5000)
    const idLast = `{"method":"tools/call","params":{"name":"write_file","arguments":{"id":"not this","content":"${pad}"}},"jsonrpc":"2.0","id":41}\n`
    const idFirst = `{"jsonrpc":"2.0","id":"call-42","method":"tools/call","params":{"arguments":{"id":1,"content":"${pad}"}}}\n`
    const normal = '{"jsonrpc":"2.0","id":43,"method":"ping"}\n'
    // In small pieces, as a pipe delivers them.
    const all = Buffer.from(idLast + idFirst + normal)
    for (let i = 0; i < all.length; i += 333) stdin.write(all.subarray(i, i + 333))
    await settle()
    expect(replies.map((r) => r.id)).toEqual([41, 'call-42'])
    for (const r of replies) expect(r.error).toMatchObject({ code: -32600 })
    expect(received).toEqual([{ jsonrpc: '2.0', id: 43, method: 'ping' }])
  })

  it('answers a line that is not JSON, and one that is not JSON-RPC but has an id', async () => {
    const { stdin, received, replies, settle } = harness(1000)
    stdin.write('not json\n{"id":7,"hello":1}\n\n{"jsonrpc":"2.0","method":"notifications/initialized"}\r\n')
    await settle()
    expect(replies).toEqual([
      { jsonrpc: '2.0', error: { code: -32700, message: 'The message is not JSON.' } },
      { jsonrpc: '2.0', id: 7, error: { code: -32600, message: 'The message is not a valid JSON-RPC request.' } },
    ])
    expect(received).toEqual([{ jsonrpc: '2.0', method: 'notifications/initialized' }])
  })
})

describe('encoding and unknown arguments over MCP', () => {
  it('read_file names the encoding argument for a UTF-16 file without a BOM, and takes it', async () => {
    const root = tmp('eol-mcp-enc-')
    fs.writeFileSync(path.join(root, 'u.txt'), Buffer.from('one\r\ntwo\r\n', 'utf16le'))
    const transport = new StdioClientTransport({ command: process.execPath, args: [bin, 'mcp', '--root', root], env: childEnv(), stderr: 'pipe' })
    const client = new Client({ name: 'eol-edit-enc-test', version: '1.0.0' })
    await client.connect(transport)
    try {
      const { tools } = await client.listTools()
      for (const t of tools) expect(t.inputSchema.properties, t.name).toHaveProperty('encoding')
      const refused = await client.callTool({ name: 'read_file', arguments: { path: 'u.txt' } })
      expect(text(refused)).toMatch(/^BINARY_FILE: .*call again with "encoding": "utf-16le"/)
      const read = await client.callTool({ name: 'read_file', arguments: { path: 'u.txt', encoding: 'utf-16le', reason: 'to look' } })
      expect(read.isError, text(read)).toBeFalsy()
      expect(text(read).split('\n').slice(1)).toEqual(['[warning: ignored unknown argument "reason"]', '1\u2502one', '2\u2502two'])
      const edit = await client.callTool({ name: 'edit_file', arguments: { path: 'u.txt', old_text: 'two', new_text: 'TWO', encoding: 'utf-16le' } })
      expect(edit.isError, text(edit)).toBeFalsy()
      expect(fs.readFileSync(path.join(root, 'u.txt'))).toEqual(Buffer.from('one\r\nTWO\r\n', 'utf16le'))
      const anchors = await client.callTool({ name: 'delete_range', arguments: { path: 'u.txt', start_anchor: 'zz', end_anchor: 'TWO', encoding: 'utf-16le' } })
      expect(text(anchors)).toMatch(/^ANCHOR_NOT_FOUND: The start anchor `zz`/)
    } finally {
      await client.close()
    }
  })

  // Last in this file: every tool result any test above got.
  it('no tool result in this file names what a model cannot use', () => {
    expect(results.length).toBeGreaterThan(20)
    const problems = results.flatMap(({ name, text }) =>
      toolOutputProblems(text, { allowFlags: ['--root'] }).map((p) => `${name}: ${p}\n  ${text.slice(0, 300)}`),
    )
    expect(problems).toEqual([])
  })
})
