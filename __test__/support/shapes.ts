// What the tests of the tool shapes share (__test__/shape-*.spec.ts): temporary
// projects, the bytes of a file shown with their endings, every result a shape gives
// recorded as the text its model reads, and the check that those texts name only the
// tools and arguments of that shape's host.
import * as fs from 'node:fs'
import * as path from 'node:path'

import { createTools, type ToolShape } from '../../tools.js'
import { toolOutputProblems } from './wording.js'
import { makeProject } from './project.js'

export type Shape = Exclude<ToolShape, 'dskcode'>

export const SHAPES: Shape[] = ['opencode', 'claude-code', 'gemini-cli', 'cline', 'roo']

export const BOM = '\ufeff'

/** A temporary project folder with these files (their bytes as given), removed after the file's tests. */
export function project(files: Record<string, string | Buffer> = {}): string {
  return makeProject('eol-shape-', files)
}

/** A file's bytes as text with every ending visible (`\r\n`, `\r`), for exact comparisons. */
export function bytes(dir: string, name: string): string {
  return visible(fs.readFileSync(path.join(dir, name)))
}

/** Text (as UTF-8) or bytes with their endings visible, as `bytes` shows a file: one character per byte. */
export function visible(text: string | Buffer): string {
  const s = (typeof text === 'string' ? Buffer.from(text, 'utf8') : text).toString('latin1')
  return s.replace(/\r/g, '\\r').replace(/\n/g, '\\n\n')
}

/** The tool and argument names of a tool set: its tools' names and every property of their schemas. */
export function namesOf(tools: object): Set<string> {
  const names = new Set<string>()
  const walk = (schema: { properties?: Record<string, unknown>; items?: unknown }) => {
    for (const [key, child] of Object.entries(schema.properties ?? {})) {
      names.add(key)
      const c = child as { properties?: Record<string, unknown>; items?: unknown }
      walk(c)
      if (c.items) walk(c.items as { properties?: Record<string, unknown> })
    }
  }
  for (const tool of Object.values(tools) as Array<{ name: string; parameters: object }>) {
    names.add(tool.name)
    walk(tool.parameters)
  }
  return names
}

/** A name only some tool set has: spelt with `_` or an inner capital (`old_string`, `oldString`, `MultiEdit`). */
const distinctive = (name: string) => /_/.test(name) || /[a-z][A-Z]/.test(name)

/** Every distinctive name of every tool set: the tools' own and each shape's. */
const EVERY_NAME = new Set<string>(
  [createTools(), ...SHAPES.map((shape) => createTools({ shape }))].flatMap((tools) => [...namesOf(tools)].filter(distinctive)),
)

/**
 * What a text a shape's model reads names that its host does not have: another tool
 * set's tool or argument, the library's own names, the host's options, command-line
 * flags; and for SEARCH/REPLACE hosts, the patch's words (hunks).
 */
export function shapeOutputProblems(text: string, shape: Shape): string[] {
  const own = namesOf(createTools({ shape }))
  const foreign = [...EVERY_NAME].filter((name) => !own.has(name) && new RegExp(`\\b${name}\\b`).test(text))
  const problems = foreign.map((name) => `the name ${name}, which ${shape}'s tools do not have`)
  for (const problem of toolOutputProblems(text)) {
    if (![...own].some((name) => problem.endsWith(` ${name}`))) problems.push(problem)
  }
  if ((shape === 'cline' || shape === 'roo') && /\bhunks?\b|\bpatch(es)?\b|\bapply_patch\b/i.test(text)) problems.push("a patch's words (hunk, patch)")
  return problems
}

/** The text of a result that the model reads, whatever the shape's result is. */
export function modelText(result: unknown): string {
  if (typeof result === 'string') return result
  const r = result as { output?: string; content?: string; llmContent?: string; message?: string }
  return r.output ?? r.content ?? r.llmContent ?? r.message ?? ''
}

/**
 * The tool set, with the text of every result it gives (a thrown Error's message, for
 * OpenCode's tools) pushed to `texts`.
 */
export function recording<T extends object>(tools: T, texts: Array<{ tool: string; text: string }>): T {
  for (const tool of Object.values(tools) as Array<{ name: string; execute: (args: unknown, context?: unknown) => Promise<unknown> }>) {
    const run = tool.execute.bind(tool)
    tool.execute = async (args: unknown, context?: unknown) => {
      try {
        const result = await run(args, context)
        texts.push({ tool: tool.name, text: modelText(result) })
        return result
      } catch (error) {
        texts.push({ tool: tool.name, text: error instanceof Error ? error.message : String(error) })
        throw error
      }
    }
  }
  return tools
}

/** Every problem in the recorded texts, each with the tool and the start of its text. */
export function problemsIn(texts: Array<{ tool: string; text: string }>, shape: Shape): string[] {
  return texts.flatMap(({ tool, text }) => shapeOutputProblems(text, shape).map((p) => `${tool}: ${p}\n  ${text.slice(0, 300)}`))
}

/** Bytes in windows-1252, for a legacy-encoded file. */
export function cp1252(text: string): Buffer {
  const out: number[] = []
  const special: Record<string, number> = { '€': 0x80, '’': 0x92, '“': 0x93, '”': 0x94, '–': 0x96 }
  for (const ch of text) {
    const code = ch.codePointAt(0)!
    if (special[ch] !== undefined) out.push(special[ch])
    else if (code < 0x100) out.push(code)
    else throw new Error(`no windows-1252 byte for ${ch}`)
  }
  return Buffer.from(out)
}
