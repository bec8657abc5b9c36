// How often the guards would refuse real code: their false positives, measured on the
// source files on this machine.
//
//   python3 -m venv /tmp/guards-venv
//   /tmp/guards-venv/bin/pip install --no-deps -r scripts/guards/requirements.txt
//   node scripts/guards/measure.mjs --site-packages /tmp/guards-venv/lib/python3.11/site-packages
//
// (after `npm run build`). The corpora are every source file under the worktree's
// node_modules, under ~/.cargo/registry/src (the crates this project builds with) and
// under the site-packages folder given (the pinned packages of requirements.txt), and
// this repository's own history. Through the library, with every guard on, each file is
//
//   written over itself   `writeFile` (a dry run) of the file's own text: what an agent
//                         that rewrites a file unchanged does; no guard may trip;
//   its lines as new text  an edit whose new text is every line of the file, into a
//                         file that has none of them: the worst case, as if the model had
//                         written each line itself (each guard on its own, so each
//                         reason is counted);
//
// and each change of a file in the history (the repository's commits; the two versions
// of a crate the registry holds twice) is a whole-file write of the new version over
// the old one: what real rewrites look like. The table (Markdown) goes to stdout;
// --lines prints each line that tripped a guard to stderr.

import { execFileSync } from 'node:child_process'
import * as fs from 'node:fs'
import * as os from 'node:os'
import * as path from 'node:path'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'

const here = path.dirname(fileURLToPath(import.meta.url))
const root = path.resolve(here, '../..')
const require = createRequire(import.meta.url)
const eol = require(root)

const args = process.argv.slice(2)
const option = (name) => {
  const at = args.indexOf(`--${name}`)
  return at >= 0 ? args[at + 1] : undefined
}
const SHOW_LINES = args.includes('--lines')
const REASONS = ['placeholder', 'shrink', 'control', 'markers']

/** The file names a corpus takes: source code and the text beside it. */
const SOURCE = new Set([
  'js', 'mjs', 'cjs', 'jsx', 'ts', 'mts', 'cts', 'tsx', 'vue', 'svelte', 'css', 'scss', 'less', 'html',
  'rs', 'toml', 'py', 'pyi', 'c', 'h', 'cc', 'cpp', 'hpp', 'go', 'java', 'rb', 'sh', 'lua', 'sql',
  'yml', 'yaml', 'md', 'rst', 'txt',
])

/** Files larger than this are left out (generated bundles, data tables). */
const MAX_BYTES = 1024 * 1024

/** Every source file under `dir`, links not followed. */
function walk(dir, out = []) {
  let entries
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true })
  } catch {
    return out
  }
  for (const entry of entries) {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) {
      if (entry.name !== '.git' && entry.name !== 'target') walk(full, out)
    } else if (entry.isFile()) {
      const ext = entry.name.includes('.') ? entry.name.slice(entry.name.lastIndexOf('.') + 1).toLowerCase() : ''
      if (SOURCE.has(ext)) out.push(full)
    }
  }
  return out
}

/** The file's text as a model reads it, or undefined for one the library does not edit. */
function text(file) {
  try {
    if (fs.statSync(file).size > MAX_BYTES) return undefined
    return eol.readFileSync(file).content
  } catch {
    return undefined
  }
}

/** The reason a call was refused for, or undefined when it went through. */
function refusal(run) {
  try {
    run()
    return undefined
  } catch (error) {
    if (error && error.code === 'SUSPECT_CONTENT') return { reason: error.reason, message: error.message }
    if (error && error.code === 'NO_CHANGE') return undefined
    throw error
  }
}

/** Counts per reason, and the files each tripped on. */
function tally() {
  return { files: 0, tripped: Object.fromEntries(REASONS.map((r) => [r, []])) }
}

function report(where, file, reason, message) {
  if (SHOW_LINES) process.stderr.write(`${where} ${reason} ${file}\n  ${message.split('\n').slice(0, 2).join('\n  ')}\n`)
}

/** A file written over itself, and its lines as the new text of an edit. */
function measureFile(file, self, lines) {
  const content = text(file)
  if (content === undefined) return
  self.files++
  const own = refusal(() => eol.writeFileSync(file, content, { dryRun: true, guards: true }))
  if (own) {
    self.tripped[own.reason].push(file)
    report('self', file, own.reason, own.message)
  }
  lines.files++
  const body = content.endsWith('\n') ? content.slice(0, -1) : content
  if (body === '') return
  for (const reason of REASONS) {
    if (reason === 'shrink') continue // an edit is not a whole-file write
    const got = refusal(() => eol.applyEdits('\u2063\n', [{ oldText: '\u2063', newText: body }], { guards: [reason], path: file }))
    if (got) {
      lines.tripped[reason].push(file)
      report('lines', file, reason, got.message)
    }
  }
}

/** A whole-file write of `after` over `before`, in a scratch file named like `name`. */
function measureRewrite(scratch, name, before, after, rewrites) {
  const file = path.join(scratch, path.basename(name))
  fs.writeFileSync(file, before)
  rewrites.files++
  const got = refusal(() => eol.writeFileSync(file, after, { dryRun: true, guards: true }))
  if (got) {
    rewrites.tripped[got.reason].push(name)
    report('rewrite', name, got.reason, got.message)
  }
}

/** Each file changed by a commit of this repository: its versions before and after. */
function* history() {
  const git = (...a) => execFileSync('git', ['-C', root, ...a], { encoding: 'utf8', maxBuffer: 1 << 28 })
  const commits = git('rev-list', '--first-parent', '--no-merges', '--min-parents=1', 'HEAD').trim().split('\n')
  for (const commit of commits) {
    const changed = git('diff-tree', '-r', '--no-commit-id', '--diff-filter=M', '--name-only', `${commit}^`, commit)
      .trim()
      .split('\n')
      .filter((f) => f && SOURCE.has(f.slice(f.lastIndexOf('.') + 1).toLowerCase()))
    for (const name of changed) {
      const blob = (rev) => execFileSync('git', ['-C', root, 'show', `${rev}:${name}`], { maxBuffer: 1 << 28 })
      const [before, after] = [blob(`${commit}^`), blob(commit)]
      if (before.length > MAX_BYTES || after.length > MAX_BYTES || before.includes(0) || after.includes(0)) continue
      yield { name: `${commit.slice(0, 8)}:${name}`, before, after: after.toString('utf8') }
    }
  }
}

/** The files a crate the registry holds in two versions has in both: older, newer. */
function* crateVersions(registry) {
  const byName = new Map()
  for (const dir of fs.readdirSync(registry)) {
    const m = /^(.*)-(\d+)\.(\d+)\.(\d+)/.exec(dir)
    if (!m) continue
    const list = byName.get(m[1]) || []
    list.push({ dir, version: [Number(m[2]), Number(m[3]), Number(m[4])] })
    byName.set(m[1], list)
  }
  for (const list of byName.values()) {
    if (list.length < 2) continue
    list.sort((a, b) => a.version[0] - b.version[0] || a.version[1] - b.version[1] || a.version[2] - b.version[2])
    const [older, newer] = [list[list.length - 2], list[list.length - 1]].map((v) => path.join(registry, v.dir))
    for (const file of walk(newer)) {
      const old = path.join(older, path.relative(newer, file))
      const after = text(file)
      if (after === undefined || !fs.existsSync(old) || fs.statSync(old).size > MAX_BYTES) continue
      const before = fs.readFileSync(old)
      if (before.includes(0) || after === text(old)) continue
      yield { name: path.relative(registry, file), before, after }
    }
  }
}

function rate(part, whole) {
  return whole === 0 ? '–' : `${((100 * part) / whole).toFixed(2)}%`
}

function main() {
  const home = os.homedir()
  const registryRoot = path.join(home, '.cargo', 'registry', 'src')
  const registries = fs.existsSync(registryRoot) ? fs.readdirSync(registryRoot).map((d) => path.join(registryRoot, d)) : []
  const sitePackages = option('site-packages')
  const corpora = [
    { name: 'node_modules', dirs: [path.join(root, 'node_modules')] },
    { name: '~/.cargo/registry/src', dirs: registries },
  ]
  if (sitePackages) corpora.push({ name: 'site-packages', dirs: [sitePackages] })

  const rows = []
  for (const corpus of corpora) {
    const self = tally()
    const lines = tally()
    for (const dir of corpus.dirs) for (const file of walk(dir)) measureFile(file, self, lines)
    rows.push({ corpus: corpus.name, self, lines })
  }

  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'eol-guards-'))
  const rewrites = []
  try {
    const own = tally()
    for (const change of history()) measureRewrite(scratch, change.name, change.before, change.after, own)
    rewrites.push({ corpus: "this repository's commits", tally: own })
    const crates = tally()
    for (const registry of registries) for (const change of crateVersions(registry)) measureRewrite(scratch, change.name, change.before, change.after, crates)
    rewrites.push({ corpus: 'crates held in two versions (newer over older)', tally: crates })
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true })
  }

  const out = []
  out.push('Each file written over itself, and each file\'s lines as the new text of an edit (files that would trip the guard):', '')
  out.push('| Corpus | Files | Written over itself: tripped | Lines as new text: placeholder | control | markers |')
  out.push('|---|---|---|---|---|---|')
  const total = { files: 0, self: 0, placeholder: 0, control: 0, markers: 0 }
  for (const { corpus, self, lines } of rows) {
    const selfTripped = REASONS.reduce((n, r) => n + self.tripped[r].length, 0)
    const cell = (r) => `${lines.tripped[r].length} (${rate(lines.tripped[r].length, lines.files)})`
    out.push(`| ${corpus} | ${self.files} | ${selfTripped} | ${cell('placeholder')} | ${cell('control')} | ${cell('markers')} |`)
    total.files += self.files
    total.self += selfTripped
    for (const r of ['placeholder', 'control', 'markers']) total[r] += lines.tripped[r].length
  }
  const all = (r) => `${total[r]} (${rate(total[r], total.files)})`
  out.push(`| all | ${total.files} | ${total.self} | ${all('placeholder')} | ${all('control')} | ${all('markers')} |`)
  out.push('', 'Each change in a history, as a whole-file write of the new version over the old one (changes refused, by the guard that refused them):', '')
  out.push('| History | Changes | placeholder | shrink | control | markers |')
  out.push('|---|---|---|---|---|---|')
  for (const { corpus, tally: t } of rewrites) {
    const cell = (r) => `${t.tripped[r].length} (${rate(t.tripped[r].length, t.files)})`
    out.push(`| ${corpus} | ${t.files} | ${cell('placeholder')} | ${cell('shrink')} | ${cell('control')} | ${cell('markers')} |`)
  }
  process.stdout.write(out.join('\n') + '\n')
}

main()
