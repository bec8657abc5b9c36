// Every code block of README.md and docs/*.md runs as written.
//
// A block is run in a fresh project of its own, as a user would paste it there: the
// project has `node_modules/eol-edit` pointing at this checkout (so `import ... from
// 'eol-edit'` and `npx eol-edit` reach the built package) and the files the block
// works on. What the block needs is said by an HTML comment right before it, which
// GitHub does not show:
//
//   <!-- run: setup=NAME -->        run it in the project NAME below, then check what
//                                    it did to the files
//   <!-- run: skip (reason) -->      not run here, and why (a block that installs or
//                                    builds says where that is run)
//   <!-- run: fragment (reason) -->  not a program: a listing, an excerpt, an output
//   <!-- example: PATH -->           a file of examples/, which scripts/check-examples.sh
//                                    type-checks and runs (examples.spec.ts checks the
//                                    block is the file)
//
// A ```js, ```ts or ```sh block without a comment runs in an empty project. ```ts
// blocks are type-checked with `tsc --strict` (all in one run), then run with their
// types stripped; ```sh blocks run with bash (`-e -o pipefail`), with `eol-edit` on
// PATH. ```rust blocks are not run here: src/lib.rs includes the README in the crate
// docs, so `cargo test --doc` compiles and runs them (which is why they may only be in
// the README). Blocks in any other language must say what they are.

import { spawnSync } from 'node:child_process'
import * as fs from 'node:fs'
import * as os from 'node:os'
import * as path from 'node:path'

import ts from 'typescript'
import { afterAll, describe, expect, it } from 'vitest'

import { can, isWindows, skipUnless, slow } from './support/platform'

const repo = path.resolve(__dirname, '..')
const bin = path.join(repo, 'bin', 'eol-edit.js')

type Marker =
  | { kind: 'run'; setup: string | null }
  | { kind: 'skip'; reason: string }
  | { kind: 'fragment'; reason: string }
  | { kind: 'example'; file: string }

interface Block {
  /** `README.md:56`: where the block's fence opens. */
  where: string
  doc: string
  lang: string
  code: string
  marker: Marker
}

const RUNNABLE = new Set(['js', 'ts', 'sh'])
const LANGS: Record<string, string> = { javascript: 'js', typescript: 'ts', bash: 'sh', shell: 'sh' }

/** Every fenced block of `doc` (relative to the repository), with the comment before it. */
function blocksOf(doc: string): Block[] {
  const lines = fs.readFileSync(path.join(repo, doc), 'utf8').split('\n')
  const found: Block[] = []
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(\S*)\s*$/.exec(lines[i])
    if (!open) continue
    const end = lines.findIndex((line, j) => j > i && line === '```')
    if (end < 0) throw new Error(`${doc}:${i + 1}: the code block is not closed`)
    const lang = LANGS[open[1]] ?? open[1]
    const before = i > 0 ? lines[i - 1] : ''
    let marker: Marker = { kind: 'run', setup: null }
    const run = /^<!-- run: (.*) -->$/.exec(before)
    const example = /^<!-- example: (\S+) -->$/.exec(before)
    if (run) {
      const m = /^setup=([\w-]+)$|^(skip|fragment) \((.+)\)$/.exec(run[1])
      if (!m) throw new Error(`${doc}:${i}: "<!-- run: ${run[1]} -->" is not setup=NAME, skip (reason) or fragment (reason)`)
      marker = m[1] ? { kind: 'run', setup: m[1] } : { kind: m[2] as 'skip' | 'fragment', reason: m[3] }
    } else if (example) {
      marker = { kind: 'example', file: example[1] }
    }
    found.push({ where: `${doc}:${i + 1}`, doc, lang, code: lines.slice(i + 1, end).join('\n') + '\n', marker })
    i = end
  }
  return found
}

const docs = ['README.md', ...fs.readdirSync(path.join(repo, 'docs')).filter((f) => f.endsWith('.md')).sort().map((f) => `docs/${f}`)]
const blocks = docs.flatMap(blocksOf)
const runs = blocks.filter((b) => b.marker.kind === 'run')

// ---------------------------------------------------------------------------
// The projects a block can ask for: the files it works on, and what it must leave.

interface Setup {
  files: Record<string, string>
  /** Shell commands run in the project after the files are written (git history). */
  prepare?: string[]
  /** What the block must have done; throws if it did not. */
  check: (read: (rel: string) => string, exists: (rel: string) => boolean) => void
}

const aCs = Array.from({ length: 30 }, (_, i) => (i === 4 ? '    int x;' : `// line ${i + 1}`)).join('\r\n') + '\r\n'

const setups: Record<string, Setup> = {
  // The Install example: a CRLF C# file, edited with LF text.
  'crlf-project': {
    files: { 'src/App.cs': 'using System;\r\nint x;\r\nint y;\r\n' },
    check: (read) => expect(read('src/App.cs')).toBe('using System;\r\nint x = 1;\r\nint y;\r\n'),
  },
  // The applyPatch example: a CRLF file to update, one to delete, a folder to add into.
  'patch-project': {
    files: { 'src/App.cs': 'class App\r\n{\r\n    int x;\r\n}\r\n', 'old.txt': 'old\n' },
    check: (read, exists) => {
      expect(read('src/App.cs')).toBe('class App\r\n{\r\n    int x = 1;\r\n}\r\n')
      expect(read('docs/notes.md')).toBe('# Notes\n')
      expect(exists('old.txt')).toBe(false)
    },
  },
  // The command line: every file the commands name, CRLF where endings must be kept,
  // a git repository with a branch whose changes apply, and a patch file.
  'cli-project': {
    files: {
      'src/a.cs': aCs,
      'src/a.py': 'def old():\n    return 1\n\ndef keep():\n    return 2\n',
      'notes.txt': 'old content\r\n',
      'scripts/build.sh': 'echo build\r\n',
      'scripts/test.sh': 'echo test\r\n',
      'lib/util.js': 'export const a = 1\r\nexport const b = 2\r\n',
      'lib/feature.js': 'export const f = 1\r\n',
      'fix.patch': '*** Begin Patch\n*** Update File: lib/util.js\n@@\n-export const b = 2\n+export const b = 3\n*** End Patch\n',
    },
    prepare: [
      'git init -q -b main',
      'git add -A',
      'git commit -q -m start',
      'git checkout -q -b feature',
      "printf 'export const f = 2\\r\\n' > lib/feature.js",
      'git commit -q -am feature',
      'git checkout -q main',
    ],
    check: (read) => {
      expect(read('src/a.cs')).toBe(aCs.replace('    int x;', '    int x = 1;'))
      expect(read('notes.txt')).toBe('new content\r\n')
      expect(read('src/a.py')).toBe('def old():\ndef keep():\n    return 2\n')
      expect(read('scripts/build.sh')).toBe('echo build\n')
      expect(read('scripts/test.sh')).toBe('echo test\n')
      expect(read('lib/util.js')).toBe('export const a = 1\r\nexport const b = 3\r\n')
      expect(read('lib/feature.js'), 'patch --check changes nothing').toBe('export const f = 1\r\n')
    },
  },
}

// ---------------------------------------------------------------------------
// Running a block.

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'eol-doc-blocks-'))
afterAll(() => fs.rmSync(work, { recursive: true, force: true }))

/** A fresh project for `block`: its folder, with eol-edit installed as a link to this checkout. */
function makeProject(block: Block, n: number): string {
  const home = path.join(work, String(n))
  const project = path.join(home, 'project')
  fs.mkdirSync(path.join(project, 'node_modules', '.bin'), { recursive: true })
  fs.mkdirSync(path.join(home, 'tmp'))
  fs.symlinkSync(repo, path.join(project, 'node_modules', 'eol-edit'), isWindows ? 'junction' : 'dir')
  fs.symlinkSync(path.join('..', 'eol-edit', 'bin', 'eol-edit.js'), path.join(project, 'node_modules', '.bin', 'eol-edit'))
  fs.writeFileSync(path.join(project, 'package.json'), JSON.stringify({ private: true, dependencies: { 'eol-edit': `file:${repo}` } }) + '\n')
  const setup = block.marker.kind === 'run' && block.marker.setup ? setups[block.marker.setup] : undefined
  for (const [rel, content] of Object.entries(setup?.files ?? {})) {
    fs.mkdirSync(path.dirname(path.join(project, rel)), { recursive: true })
    fs.writeFileSync(path.join(project, rel), content)
  }
  for (const command of setup?.prepare ?? []) sh(command, project, home)
  return project
}

/** The environment a block runs in: `eol-edit` and this Node first on PATH, its own temporary folder. */
function env(home: string): NodeJS.ProcessEnv {
  const binDir = path.join(home, 'bin')
  if (!fs.existsSync(binDir)) {
    fs.mkdirSync(binDir)
    fs.symlinkSync(bin, path.join(binDir, 'eol-edit'))
  }
  return {
    ...process.env,
    PATH: [binDir, path.dirname(process.execPath), process.env.PATH].join(path.delimiter),
    TMPDIR: path.join(home, 'tmp'),
    GIT_AUTHOR_NAME: 'doc',
    GIT_AUTHOR_EMAIL: 'doc@example.com',
    GIT_COMMITTER_NAME: 'doc',
    GIT_COMMITTER_EMAIL: 'doc@example.com',
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: path.join(home, 'gitconfig'),
    npm_config_offline: 'true',
    npm_config_update_notifier: 'false',
  }
}

function sh(command: string, cwd: string, home: string): void {
  const r = spawnSync('bash', ['-c', command], { cwd, env: env(home), encoding: 'utf8' })
  if (r.status !== 0) throw new Error(`setup \`${command}\` failed: ${r.stderr}`)
}

/** Runs `program` (a file) with `argv0`, in `project`; fails the test with its output. */
function run(block: Block, argv: string[], project: string): void {
  const r = spawnSync(argv[0], argv.slice(1), { cwd: project, env: env(path.dirname(project)), encoding: 'utf8', timeout: 30_000 * slow })
  const output = `${r.stdout}\n${r.stderr}`.trim()
  expect(r.error, `${block.where}: ${r.error}`).toBeUndefined()
  expect(r.status, `${block.where} failed (exit ${r.status}):\n${output}`).toBe(0)
}

function checkSetup(block: Block, project: string): void {
  if (block.marker.kind !== 'run' || !block.marker.setup) return
  setups[block.marker.setup].check(
    (rel) => fs.readFileSync(path.join(project, rel), 'latin1'),
    (rel) => fs.existsSync(path.join(project, rel)),
  )
}

const projects = new Map<Block, string>()
const project = (block: Block): string => {
  if (!projects.has(block)) projects.set(block, makeProject(block, projects.size))
  return projects.get(block) as string
}

// ---------------------------------------------------------------------------

describe('the code blocks of the README and docs/', () => {
  it('each says what it is, when it is not run here', () => {
    const problems: string[] = []
    for (const b of blocks) {
      const m = b.marker
      if (m.kind === 'run' && m.setup && !(m.setup in setups)) problems.push(`${b.where}: no setup named ${m.setup}`)
      if (m.kind === 'run' && !RUNNABLE.has(b.lang) && b.lang !== 'rust') problems.push(`${b.where}: a \`\`\`${b.lang} block cannot be run: mark it fragment or skip, with the reason`)
      if (b.lang === 'rust' && b.doc !== 'README.md') problems.push(`${b.where}: cargo test --doc runs only the README's Rust blocks`)
      if (m.kind === 'example') {
        if (!fs.existsSync(path.join(repo, m.file))) problems.push(`${b.where}: ${m.file} does not exist`)
        // The .mts examples are run by examples/test/run.mts; the MCP configurations by examples.spec.ts.
        else if (m.file.endsWith('.mts') && !fs.readFileSync(path.join(repo, 'examples', 'test', 'run.mts'), 'utf8').includes(m.file))
          problems.push(`${b.where}: examples/test/run.mts does not run ${m.file}`)
      }
    }
    expect(problems).toEqual([])
    expect(runs.length, 'blocks run here').toBeGreaterThanOrEqual(3)
  })

  it('type-checks every ```ts block with tsc --strict', (ctx) => {
    skipUnless(ctx, can.symlink)
    const tsBlocks = runs.filter((b) => b.lang === 'ts')
    const files = tsBlocks.map((b) => {
      const file = path.join(project(b), 'doc-block.mts')
      fs.writeFileSync(file, b.code)
      return file
    })
    const tsc = path.join(repo, 'node_modules', 'typescript', 'bin', 'tsc')
    const args = ['--strict', '--noEmit', '--skipLibCheck', '--module', 'nodenext', '--moduleResolution', 'nodenext', '--target', 'es2022']
    args.push('--types', 'node', '--typeRoots', path.join(repo, 'node_modules', '@types'), ...files)
    const r = spawnSync(process.env.EOL_EDIT_HOST_NODE || process.execPath, [tsc, ...args], { encoding: 'utf8', timeout: 60_000 * slow })
    const where = new Map(files.map((f, i) => [f, tsBlocks[i].where]))
    const output = r.stdout.replace(/^(.*doc-block\.mts)/gm, (f) => where.get(path.resolve(f)) ?? f)
    expect(r.status, output).toBe(0)
  })

  const runnable = runs.filter((b) => RUNNABLE.has(b.lang))
  for (const block of runnable) {
    const setup = block.marker.kind === 'run' && block.marker.setup ? `, ${block.marker.setup}` : ''
    it(`runs ${block.where} (${block.lang}${setup}) as written`, (ctx) => {
      if (block.lang === 'sh') skipUnless(ctx, can.shellChildren)
      skipUnless(ctx, can.symlink)
      const dir = project(block)
      if (block.lang === 'sh') {
        const script = path.join(path.dirname(dir), 'doc-block.sh')
        fs.writeFileSync(script, block.code)
        run(block, ['bash', '-e', '-o', 'pipefail', script], dir)
      } else {
        const code =
          block.lang === 'ts'
            ? ts.transpileModule(block.code, { compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 } }).outputText
            : block.code
        const file = path.join(dir, 'doc-block.mjs')
        fs.writeFileSync(file, code)
        run(block, [process.execPath, file], dir)
        fs.rmSync(file)
      }
      fs.rmSync(path.join(dir, 'doc-block.mts'), { force: true })
      checkSetup(block, dir)
    })
  }
})
