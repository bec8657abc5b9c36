// Anthropic's reference text editor tests (anthropics/anthropic-quickstarts,
// computer-use-demo/tests/tools/edit_test.py; the commits are in the data file's
// `source`), ported as data in vendor/anthropic-text-editor.json and run here through
// createAnthropicTextEditor: each case on every tool version its test file exercises,
// and each in four forms of its files' line endings (LF as given, CRLF, mixed, a BOM).
// A step passes as the reference asserts it (fails or not, the text its output
// contains); a design step is one where eol-edit differs on purpose: it must fail or
// not as `design.ours` says and answer what `design.ours.matches` says. The file's
// content after the case is checked in every form. The last test checks the tally.

import * as fs from 'node:fs'
import * as path from 'node:path'

import { afterAll, describe, expect, it } from 'vitest'

import { createAnthropicTextEditor, type AnthropicTextEditorVersion } from '../tools.js'
import { makeProject } from './support/project.js'

type Expect = { error: boolean; contains?: string[] }
type Step = { input: Record<string, unknown>; expect: Expect; design?: { reason: string; ours: { error?: boolean; matches?: string } } }
type Case = {
  id: string
  test: string
  commit: string
  versions: AnthropicTextEditorVersion[]
  files: Record<string, string>
  dirs?: string[]
  steps: Step[]
  after?: Record<string, string | Record<Ending, string>>
  absent?: string[]
}
type Ending = 'lf' | 'crlf' | 'mixed' | 'bom'

const data = JSON.parse(fs.readFileSync(path.join(__dirname, 'vendor', 'anthropic-text-editor.json'), 'utf8')) as {
  source: { repository: string; tests: Array<{ path: string; commit: string; versions: string[] }> }
  reasons: Record<string, string>
  cases: Case[]
}

const ENDINGS: Ending[] = ['lf', 'crlf', 'mixed', 'bom']

/** A file's LF text in one of the forms. */
function inForm(text: string, ending: Ending): Buffer {
  switch (ending) {
    case 'lf':
      return Buffer.from(text)
    case 'crlf':
      return Buffer.from(text.replace(/\n/g, '\r\n'))
    case 'mixed': {
      let i = 0
      return Buffer.from(text.replace(/\n/g, () => (i++ % 2 === 0 ? '\r\n' : '\n')))
    }
    case 'bom':
      return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)])
  }
}

/** The bytes a case expects a file to have after it, in one form. */
function expected(c: Case, file: string, ending: Ending): Buffer {
  const after = c.after![file]
  if (typeof after !== 'string') return Buffer.from(after[ending])
  // A file the case did not start with is the model's text as it sent it.
  return file in c.files ? inForm(after, ending) : Buffer.from(after)
}

/**
 * The output as the reference's paths read: a path inside the project as `/test/file.txt`
 * (on Windows the handler names `C:\\…\\test\\file.txt`, with its own separators).
 */
function asReference(output: string, root: string): string {
  const prefix = root + path.sep
  return output
    .split(prefix)
    .map((part, i) => (i === 0 || path.sep === '/' ? part : part.replace(/^[^\s:,]+/, (p) => p.split(path.sep).join('/'))))
    .join('/')
}

/** The tally of every run: [form, version] → pass and design counts. */
const tally = new Map<string, { pass: number; design: number }>()

/** Runs a case in one form on one version; says whether it was a design case. */
async function run(c: Case, version: AnthropicTextEditorVersion, ending: Ending): Promise<'pass' | 'design'> {
  const root = makeProject('reference-', Object.fromEntries(Object.entries(c.files).map(([f, text]) => [f, inForm(text, ending)])))
  for (const d of c.dirs ?? []) fs.mkdirSync(path.join(root, d), { recursive: true })
  const editor = createAnthropicTextEditor({ root, version })
  // The reference's absolute paths (/test/file.txt) are paths inside the project.
  const place = (p: unknown) => (typeof p === 'string' && p.startsWith('/') ? path.join(root, p.slice(1)) : p)
  let design = false
  for (const [i, step] of c.steps.entries()) {
    const r = await editor.execute({ ...step.input, path: place(step.input.path) })
    const label = `${c.id} step ${i + 1} (${ending}, ${version}): ${r.content}`
    const output = asReference(r.content, root)
    if (step.design) {
      design = true
      expect(data.reasons[step.design.reason], label).toBeDefined()
      expect(r.is_error === true, label).toBe(step.design.ours.error ?? step.expect.error)
      if (step.design.ours.matches) expect(output, label).toMatch(new RegExp(step.design.ours.matches))
    } else {
      expect(r.is_error === true, label).toBe(step.expect.error)
      for (const text of step.expect.contains ?? []) expect(output, label).toContain(text)
    }
  }
  for (const file of Object.keys(c.after ?? {})) {
    expect(fs.readFileSync(path.join(root, file)).toString('latin1'), `${c.id} ${file} (${ending}, ${version})`).toBe(
      expected(c, file, ending).toString('latin1'),
    )
  }
  for (const file of c.absent ?? []) expect(fs.existsSync(path.join(root, file)), `${c.id} ${file}`).toBe(false)
  return design ? 'design' : 'pass'
}

describe.each(ENDINGS)("Anthropic's reference text editor tests, files in %s form", (ending) => {
  for (const c of data.cases) {
    describe(`${c.test} #${c.id.split('#')[1]} (${c.commit.slice(0, 8)})`, () => {
      it.each(c.versions)('on %s', async (version) => {
        const outcome = await run(c, version, ending)
        const key = `${ending} ${version}`
        const t = tally.get(key) ?? { pass: 0, design: 0 }
        t[outcome]++
        tally.set(key, t)
      })
    })
  }
})

describe('the ported suite', () => {
  it('credits its source: the repository, the test file and the commit of each version', () => {
    expect(data.source.repository).toBe('anthropics/anthropic-quickstarts')
    expect(data.source.tests.map((t) => [t.path, t.commit.length]).every(([p, n]) => p === 'computer-use-demo/tests/tools/edit_test.py' && n === 40)).toBe(true)
    const versions = data.source.tests.flatMap((t) => t.versions).sort()
    expect(versions).toEqual(['text_editor_20241022', 'text_editor_20250124', 'text_editor_20250429', 'text_editor_20250728'])
  })

  it('every design reason is one docs/hosts.md gives', () => {
    const docs = fs.readFileSync(path.join(__dirname, '..', 'docs', 'hosts.md'), 'utf8')
    for (const reason of new Set(data.cases.flatMap((c) => c.steps.flatMap((s) => (s.design ? [s.design.reason] : []))))) {
      expect(docs, reason).toContain(`(\`${reason}\`)`)
    }
  })
})

afterAll(() => {
  // The counts per form and version, for the record (every run passed to get here).
  const lines = [...tally.entries()].map(([key, t]) => `${key}: ${t.pass + t.design} cases, ${t.pass} pass, ${t.design} design`)
  if (lines.length > 0) console.log(`Anthropic's reference text editor tests:\n${lines.join('\n')}`)
})
