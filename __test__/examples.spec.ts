// The README shows the example files as they are (scripts/check-examples.sh
// type-checks and runs those files), and its MCP client configurations start a
// server that works.

import { spawnSync } from 'node:child_process'
import * as fs from 'node:fs'
import * as os from 'node:os'
import * as path from 'node:path'

import { afterAll, describe, expect, it } from 'vitest'

const repo = path.resolve(__dirname, '..')
const readme = fs.readFileSync(path.join(repo, 'README.md'), 'utf8')
/** The reference pages the README links to, docs/*.md, by name. */
const pages = Object.fromEntries(
  fs
    .readdirSync(path.join(repo, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => [f, fs.readFileSync(path.join(repo, 'docs', f), 'utf8')]),
)
const bin = path.join(repo, 'bin', 'eol-edit.js')

const made: string[] = []
afterAll(() => {
  for (const dir of made) fs.rmSync(dir, { recursive: true, force: true })
})

/** Each `<!-- example: PATH -->` of the README and docs/ with the fenced block after it. */
function shownExamples(): Array<{ file: string; block: string }> {
  const found: Array<{ file: string; block: string }> = []
  for (const text of [readme, ...Object.values(pages)]) {
    const marker = /<!-- example: (\S+) -->\n```[a-z]*\n([\s\S]*?)```\n/g
    for (let m = marker.exec(text); m !== null; m = marker.exec(text)) found.push({ file: m[1], block: m[2] })
  }
  return found
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as dashes. */
function anchor(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-')
}

/** The example files: every .mts of examples/ and every MCP configuration. */
function exampleFiles(): string[] {
  const scripts = fs.readdirSync(path.join(repo, 'examples')).filter((f) => f.endsWith('.mts'))
  const configs = fs.readdirSync(path.join(repo, 'examples', 'mcp')).filter((f) => f.endsWith('.json'))
  return [...scripts.map((f) => `examples/${f}`), ...configs.map((f) => `examples/mcp/${f}`)].sort()
}

describe('README examples', () => {
  it('shows every example file, each exactly as it is', () => {
    const shown = shownExamples()
    expect(shown.map((s) => s.file).sort()).toEqual(exampleFiles())
    for (const { file, block } of shown) {
      expect(block, `${file} differs from its README block; copy the file into the README`).toBe(
        fs.readFileSync(path.join(repo, file), 'utf8'),
      )
    }
  })

  it('links only to files and headings that exist, from the README and from docs/', () => {
    const texts: Array<[string, string]> = [['README.md', readme], ...Object.entries(pages).map(([f, t]): [string, string] => [`docs/${f}`, t])]
    const broken: string[] = []
    for (const [file, text] of texts) {
      const prose = text.replace(/```[\s\S]*?```/g, '')
      for (const m of prose.matchAll(/\]\(([^)\s]+)\)/g)) {
        const target = m[1]
        if (/^[a-z]+:/.test(target)) continue // https:, mailto:
        const [rel, hash] = target.split('#')
        const full = rel === '' ? path.join(repo, file) : path.resolve(path.dirname(path.join(repo, file)), rel)
        if (!fs.existsSync(full)) {
          broken.push(`${file}: ${target}`)
          continue
        }
        if (hash !== undefined && full.endsWith('.md')) {
          const headings = [...fs.readFileSync(full, 'utf8').replace(/```[\s\S]*?```/g, '').matchAll(/^#+ (.*)$/gm)].map((h) => anchor(h[1]))
          if (!headings.includes(hash)) broken.push(`${file}: ${target}`)
        }
      }
    }
    expect(broken).toEqual([])
    // The README lists every page, and every page it lists is there.
    for (const page of Object.keys(pages)) expect(readme).toContain(`](docs/${page})`)
  })

  it('has no code block that mixes require with top-level await', () => {
    const blocks = [readme, ...Object.values(pages)].flatMap((text) => [...text.matchAll(/```(?:js|ts|javascript|typescript)\n([\s\S]*?)```/g)].map((m) => m[1]))
    expect(blocks.length).toBeGreaterThan(5)
    for (const block of blocks) {
      const topLevelAwait = block.split('\n').some((line) => /^(const .*= )?await /.test(line))
      expect(topLevelAwait && /\brequire\(/.test(block), block.slice(0, 200)).toBe(false)
    }
  })

  it('speaks of nothing a user does not have, in the README and in docs/', () => {
    const sections = ['## Agent tools', '## MCP server', '## Errors'].map((heading) => {
      const start = readme.indexOf(heading)
      return readme.slice(start, readme.indexOf('\n## ', start + heading.length))
    })
    sections.push(...Object.values(pages))
    for (const text of sections) expect(text).not.toMatch(/\bSPEC\b|\bseed \d|issue #?\d/)
  })
})

describe('MCP client configurations', () => {
  const configs = fs.readdirSync(path.join(repo, 'examples', 'mcp')).filter((f) => f.endsWith('.json'))

  /** The command line of the `eol-edit` server in a configuration. */
  function commandLine(config: Record<string, unknown>): string[] {
    const servers = (config.mcpServers ?? config.mcp) as Record<string, { command: string | string[]; args?: string[]; type?: string }>
    const server = servers['eol-edit']
    if (Array.isArray(server.command)) {
      expect(server.type).toBe('local') // OpenCode's shape
      return server.command
    }
    return [server.command, ...(server.args ?? [])]
  }

  it.each(configs)('%s starts `eol-edit mcp --root` through npx with the MCP SDK', (name) => {
    const argv = commandLine(JSON.parse(fs.readFileSync(path.join(repo, 'examples', 'mcp', name), 'utf8')))
    expect(argv.slice(0, 6)).toEqual(['npx', '-y', '-p', 'eol-edit', '-p', '@modelcontextprotocol/sdk@1'])
    expect(argv.slice(6, 8)).toEqual(['eol-edit', 'mcp'])
    expect(argv.slice(8)).toEqual(['--root', '/path/to/project'])
  })

  it.each(configs)('%s: the server it names answers with the six tools', (name) => {
    const argv = commandLine(JSON.parse(fs.readFileSync(path.join(repo, 'examples', 'mcp', name), 'utf8')))
    const project = fs.mkdtempSync(path.join(os.tmpdir(), 'eol-mcp-config-'))
    made.push(project)
    // What npx would run, with a real project folder.
    const args = argv.slice(argv.indexOf('mcp')).map((a) => (a === '/path/to/project' ? project : a))
    const messages = [
      { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } } },
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      { jsonrpc: '2.0', id: 2, method: 'tools/list' },
    ]
    const r = spawnSync(process.execPath, [bin, ...args], {
      cwd: '/',
      input: messages.map((m) => JSON.stringify(m) + '\n').join(''),
      encoding: 'utf8',
      timeout: 30_000,
    })
    expect(r.status, r.stderr).toBe(0)
    const list = r.stdout.trim().split('\n').map((line) => JSON.parse(line)).find((m) => m.id === 2)
    expect(list.result.tools.map((t: { name: string }) => t.name)).toEqual(['read_file', 'write_file', 'edit_file', 'multi_edit', 'delete_range', 'apply_patch'])
  })
})
