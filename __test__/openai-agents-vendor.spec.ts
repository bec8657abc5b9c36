// The OpenAI Agents SDKs' own cases (__test__/fixtures/openai-agents/cases.json: their
// apply_diff / applyDiff tests and their apply_patch editors' tests, as data), applied
// through createOpenAIApplyPatch and through createOpenAIEditor, each with its file in
// LF (as the source wrote it), CRLF, mixed endings and with a BOM. The expected bytes
// are the reference's result with the file's endings kept as eol-edit's rules say:
// kept lines keep their ending, a changed line takes the ending of the line it
// replaces, an added line the file's dominant one; a new file takes CRLF when its diff
// has CRLF breaks. A case with `design` is checked against eol-edit's own result.

import * as fs from 'node:fs'
import * as path from 'node:path'

import { afterAll, describe, expect, it } from 'vitest'

import { createOpenAIApplyPatch, createOpenAIEditor, type OpenAIEditorOperation } from '../tools.js'
import { makeProject } from './support/project.js'

interface Op {
  type: 'create_file' | 'update_file' | 'delete_file'
  path: string
  diff?: string
  move_to?: unknown
}
interface Step {
  op: Op
  expected?: string
  error?: boolean
  absent?: string[]
  output?: string
}
interface Case extends Step {
  id: string
  source: { repo: string; path: string; commit: string; test: string }
  file?: string
  bytes?: string
  outsideFiles?: Record<string, string>
  steps?: Step[]
  design?: { expected?: string; bytes?: string; warning?: string; fails?: boolean; why: string }
  note?: string
}

const fixture = JSON.parse(fs.readFileSync(path.join(__dirname, 'fixtures', 'openai-agents', 'cases.json'), 'utf8')) as { cases: Case[] }
const CASES = fixture.cases
const VARIANTS = ['lf', 'crlf', 'mixed', 'bom'] as const
type Variant = (typeof VARIANTS)[number]
const BOM = Buffer.from([0xef, 0xbb, 0xbf])

/** What each variant's runs gave: reference results met, design results met. */
const tally: Record<Variant, { pass: number; design: number }> = { lf: { pass: 0, design: 0 }, crlf: { pass: 0, design: 0 }, mixed: { pass: 0, design: 0 }, bom: { pass: 0, design: 0 } }

const crlf = (text: string) => text.replace(/\r?\n/g, '\r\n')

/** The LF text's lines with whether each ends with a line break. */
function lines(text: string): Array<{ text: string; broken: boolean }> {
  const out = text.split('\n').map((t) => ({ text: t, broken: true }))
  const last = out.pop()
  if (last && last.text !== '') out.push({ text: last.text, broken: false })
  return out
}

/** The mixed variant of a file: its first line ends with LF, every other with CRLF. */
function mixedEndings(text: string): string[] {
  return lines(text).map((l, i) => (!l.broken ? '' : i === 0 ? '\n' : '\r\n'))
}

/** The most frequent ending of some, with a strict majority, else undefined. @param {string[]} endings */
function majority(endings: string[]): string | undefined {
  const lf = endings.filter((e) => e === '\n').length
  const cr = endings.filter((e) => e === '\r\n').length
  return lf > cr ? '\n' : cr > lf ? '\r\n' : undefined
}

/**
 * The reference's LF result as eol-edit writes it over the mixed variant of `before`:
 * lines kept (a longest common subsequence) keep their ending, a changed line takes the
 * ending of the line it replaces, an added line the ending most of the lines its hunk
 * matched have (the diff's context and removed lines), else the file's dominant one.
 */
function mixedResult(before: string, after: string, diff = ''): string {
  const a = lines(before)
  const b = lines(after)
  const endings = mixedEndings(before)
  // A tie goes to the ending that comes first: the first line's LF.
  const fileDominant = majority(endings.filter((e) => e !== '')) ?? '\n'
  const matched = new Set(
    diff
      .split(/\r?\n/)
      .filter((l) => l === '' || l.startsWith(' ') || l.startsWith('-'))
      .map((l) => l.slice(1)),
  )
  const region = endings.filter((_, k) => matched.has(a[k].text))
  const dominant = (region.length > 1 ? majority(region.filter((e) => e !== '')) : undefined) ?? fileDominant
  // LCS table from the end.
  const n = a.length
  const m = b.length
  const t = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0))
  for (let i = n - 1; i >= 0; i--) for (let j = m - 1; j >= 0; j--) t[i][j] = a[i].text === b[j].text ? t[i + 1][j + 1] + 1 : Math.max(t[i + 1][j], t[i][j + 1])
  const given: string[] = new Array(m).fill('')
  let i = 0
  let j = 0
  /** Lines of `before` removed since the last kept line, to pair with added ones. */
  let removed: number[] = []
  let pairedAt = 0
  while (j < m) {
    if (i < n && a[i].text === b[j].text && t[i][j] === t[i + 1][j + 1] + 1) {
      given[j] = endings[i]
      i++
      j++
      removed = []
      pairedAt = 0
    } else if (i < n && t[i + 1][j] >= t[i][j + 1]) {
      removed.push(i)
      i++
    } else {
      given[j] = pairedAt < removed.length ? endings[removed[pairedAt]] : dominant
      pairedAt++
      j++
    }
  }
  return b.map((l, k) => l.text + (!l.broken ? '' : given[k] === '' ? dominant : given[k])).join('')
}

function layout() {
  const parent = makeProject('oa-vendor-')
  const root = path.join(parent, 'workspace')
  const outside = path.join(parent, 'outside')
  fs.mkdirSync(root)
  fs.mkdirSync(outside)
  const place = (p: string) => p.replaceAll('{root}', root).replaceAll('{outside}', outside).replaceAll('{rootname}', 'workspace')
  const at = (p: string) => path.resolve(root, place(p))
  return { root, place, at }
}

/** The operation as one path gives it: an apply_patch_call item, or the SDK's editor operation. */
async function apply(how: 'handler' | 'editor', root: string, op: Op): Promise<{ status: string; output: string }> {
  if (how === 'handler') return createOpenAIApplyPatch({ root }).execute({ type: 'apply_patch_call', call_id: 'call_1', operation: op } as never)
  const editor = createOpenAIEditor({ root })
  const { move_to, ...rest } = op
  const sdk = (move_to === undefined ? rest : { ...rest, moveTo: move_to }) as OpenAIEditorOperation
  if (op.type === 'create_file') return editor.createFile(sdk as never)
  if (op.type === 'update_file') return editor.updateFile(sdk as never)
  return editor.deleteFile(sdk as never)
}

/** A create diff with the variant's line breaks. */
function createDiff(diff: string, variant: Variant): string {
  const parts = diff.split(/\r?\n/)
  if (variant === 'crlf') return parts.join('\r\n')
  if (variant === 'mixed') return parts.map((p, i) => (i === 0 ? p : (i === 1 ? '\n' : '\r\n') + p)).join('')
  return diff
}

async function runCase(c: Case, variant: Variant, how: 'handler' | 'editor'): Promise<'pass' | 'design'> {
  const { root, place, at } = layout()
  const steps: Step[] = c.steps ?? [c]
  const target = at(steps[0].op.path)
  for (const [p, text] of Object.entries(c.outsideFiles ?? {})) {
    fs.mkdirSync(path.dirname(at(p)), { recursive: true })
    fs.writeFileSync(at(p), text)
  }
  // The file before, in the variant's endings.
  /** How the variant writes an LF text of the file, and a new file's (`created`). */
  let write = (text: string) => Buffer.from(text)
  if (c.bytes !== undefined) {
    fs.mkdirSync(path.dirname(target), { recursive: true })
    fs.writeFileSync(target, Buffer.from(c.bytes, 'hex'))
  } else if (c.file !== undefined) {
    const before = c.file
    // A file without line endings has none to keep: added lines are LF in every variant.
    const ends = before.includes('\n')
    write = {
      lf: (t: string) => Buffer.from(t),
      crlf: (t: string) => Buffer.from(ends ? crlf(t) : t),
      mixed: (t: string) => Buffer.from(mixedResult(before, t, steps[0].op.diff)),
      bom: (t: string) => Buffer.concat([BOM, Buffer.from(ends ? crlf(t) : t)]),
    }[variant]
    fs.mkdirSync(path.dirname(target), { recursive: true })
    fs.writeFileSync(target, write(before))
  } else if (steps[0].op.type === 'create_file' && variant === 'bom' && !steps[0].error) {
    // Created over a file that holds only a BOM: the BOM is kept.
    fs.mkdirSync(path.dirname(target), { recursive: true })
    fs.writeFileSync(target, BOM)
  }
  const outsideBefore = Object.keys(c.outsideFiles ?? {}).map((p) => [p, fs.readFileSync(at(p))] as const)
  let kind: 'pass' | 'design' = 'pass'
  for (const step of steps) {
    const op = { ...step.op, path: place(step.op.path) }
    if (typeof op.move_to === 'string') op.move_to = place(op.move_to)
    if (op.type === 'create_file' && typeof op.diff === 'string') {
      op.diff = createDiff(op.diff, variant)
      // A new file takes CRLF from its diff; one created over a file (the BOM variant's,
      // which has no line endings) takes the endings that file has, else LF.
      const ownCrlf = op.diff.includes('\r\n') && variant !== 'bom'
      write = (t: string) => Buffer.concat([variant === 'bom' ? BOM : Buffer.alloc(0), Buffer.from(ownCrlf ? crlf(t) : t.replace(/\r\n/g, '\n'))])
    }
    const where = at(typeof op.move_to === 'string' ? op.move_to : step.op.path)
    const before = fs.existsSync(where) && fs.statSync(where).isFile() ? fs.readFileSync(where) : undefined
    const out = await apply(how, root, op)
    const label = `${c.id} ${c.source.test} [${variant}, ${how}]: ${out.output}`
    if (c.design && step === c && c.design.fails) {
      kind = 'design'
      expect(out.status, label).toBe('failed')
      if (before !== undefined) expect(fs.readFileSync(where), label).toEqual(before)
    } else if (c.design && step === c) {
      kind = 'design'
      expect(out.status, label).toBe('completed')
      if (c.design.bytes !== undefined) expect(fs.readFileSync(where).toString('hex'), label).toBe(c.design.bytes)
      if (c.design.expected !== undefined) expect(fs.readFileSync(where), label).toEqual(write(c.design.expected))
      if (c.design.warning !== undefined) expect(out.output, label).toMatch(new RegExp(`Warning: .*${c.design.warning}`))
    } else if (step.error) {
      expect(out.status, label).toBe('failed')
      if (before !== undefined) expect(fs.readFileSync(where), label).toEqual(before)
      else if (op.path !== '') expect(fs.existsSync(where), label).toBe(false)
    } else {
      expect(out.status, label).toBe('completed')
      if (step.expected !== undefined) expect(fs.readFileSync(where).toString('latin1'), label).toBe(write(step.expected).toString('latin1'))
      if (step.output !== undefined) expect(out.output, label).toMatch(new RegExp(step.output))
    }
    for (const p of step.absent ?? []) expect(fs.existsSync(at(p)), `${label}: ${p} exists`).toBe(false)
  }
  for (const [p, bytes] of outsideBefore) expect(fs.readFileSync(at(p)), `${c.id}: ${p}`).toEqual(bytes)
  return kind
}

describe.each(VARIANTS)('the Agents SDKs’ cases, the file in %s', (variant) => {
  // A case given as bytes has no ending variants.
  const cases = CASES.filter((c) => variant === 'lf' || c.bytes === undefined)
  it.each(cases.map((c) => [`${c.id}: ${c.source.test}`, c] as const))('%s', async (_, c) => {
    const kinds = [await runCase(c, variant, 'handler'), await runCase(c, variant, 'editor')]
    expect(kinds[0]).toBe(kinds[1])
    tally[variant][kinds[0]]++
  })
})

describe("the SDK's Runner with createOpenAIEditor", () => {
  // openai/openai-agents-js examples/tools/apply-patch.test.ts @ fb56df2368c61945985fe984d04469cc35abb563,
  // 'returns a failed tool result for an approved escaping model operation'.
  it('returns a failed tool result for an approved escaping model operation, and makes nothing outside', async () => {
    const { Agent, Runner, applyPatchTool } = await import('@openai/agents')
    const { ScriptedModel, assistantMessage } = await import('@openai/agents/testing')
    const { root } = layout()
    const model = new ScriptedModel([
      [{ type: 'apply_patch_call', callId: 'outside-workspace', status: 'completed', operation: { type: 'create_file', path: '../workspace-sibling/new.txt', diff: '+new\n+' } }],
      [assistantMessage('Done')],
    ])
    const agent = new Agent({
      name: 'Patch test',
      model,
      tools: [applyPatchTool({ editor: createOpenAIEditor({ root }), needsApproval: true, onApproval: async () => ({ approve: true }) })],
    })
    const result = await new Runner({ tracingDisabled: true }).run(agent, 'Apply the patch')
    const raw = result.newItems.map((item) => item.rawItem as { type?: string; status?: string; output?: string }).find((r) => r.type === 'apply_patch_call_output')
    expect(raw).toMatchObject({ status: 'failed', output: expect.stringMatching(/^create_file \.\.\/workspace-sibling\/new\.txt: Path outside the allowed root/) })
    expect(fs.existsSync(path.join(root, '..', 'workspace-sibling'))).toBe(false)
    model.assertComplete()
  })

  it('the package does not depend on the SDK: no dependency, and nothing it ships loads it', () => {
    const repo = path.join(__dirname, '..')
    const pkg = JSON.parse(fs.readFileSync(path.join(repo, 'package.json'), 'utf8'))
    expect({ ...pkg.dependencies, ...pkg.peerDependencies, ...pkg.optionalDependencies }).not.toHaveProperty('@openai/agents')
    const shipped = ['tools.js', ...fs.readdirSync(path.join(repo, 'lib', 'tools', 'hosts')).map((f) => `lib/tools/hosts/${f}`)]
    for (const f of shipped) expect(fs.readFileSync(path.join(repo, f), 'utf8'), f).not.toMatch(/require\(['"]@openai\/agents/)
  })
})

describe('the port', () => {
  it('credits every case to a repository, a path, a commit and a test, and says why of every design case', () => {
    for (const c of CASES) {
      expect(c.source.repo).toMatch(/^openai\/openai-agents-(js|python)$/)
      expect(c.source.commit).toMatch(/^[0-9a-f]{40}$/)
      expect(c.source.test.length).toBeGreaterThan(0)
      if (c.design) expect(c.design.why.length, c.id).toBeGreaterThan(40)
    }
    expect(new Set(CASES.map((c) => c.id)).size).toBe(CASES.length)
  })
})

afterAll(() => {
  // The counts, for the record of a run (`npx vitest run __test__/openai-agents-vendor.spec.ts`).
  for (const v of VARIANTS) console.log(`openai-agents ${v}: ${tally[v].pass} pass, ${tally[v].design} design`)
})
