#!/usr/bin/env node
'use strict'

// Writes python/eol_edit/tools.json, the Python tool set's declarations: each tool's
// name, model-facing description and JSON Schema exactly as `createTools` renders them
// from lib/operations.js, and the table its arguments are read by (each parameter's
// schema name, the other spellings taken, its type). The Python package ships the file
// and renders nothing of its own, so the two languages cannot drift; the file is
// committed (like index.d.ts) and python/tests/test_tools.py fails when it is stale.
//
//   node scripts/python-tools-json.js          write the file
//   node scripts/python-tools-json.js --print  print it instead (the staleness test)
//
// Descriptions that name createTools' maxReadLines / maxReadChars are rendered with
// marker numbers, which the Python side replaces by its settings' values.

const fs = require('node:fs')
const path = require('node:path')

const { DEFAULT_READ_CHARS, DEFAULT_READ_LINES, TOOLS, operation } = require('../lib/operations.js')
const { createTools } = require('../lib/tools/index.js')
const { GUTTER } = require('../lib/operations.js')
const { strictSchema } = require('../lib/tools/schemas.js')
const { TOOL_WORDS } = require('../lib/tools/wording.js')
const { OPERATIONS } = require('../lib/operations.js')

// Numbers no description says otherwise: where they appear, a setting's value goes.
const MARK_LINES = 987654321
const MARK_CHARS = 876543219

/** @param {import('../lib/operations.js').Param} param */
function field(op, param) {
  const named = TOOLS.arg(op, param)
  if (!named) return undefined
  const { type } = param
  /** @type {Record<string, unknown>} */
  const t = { kind: type.kind }
  for (const key of ['nonEmpty', 'minimum', 'values', 'item', 'minItems']) {
    if (/** @type {Record<string, unknown>} */ (type)[key] !== undefined) t[key] = /** @type {Record<string, unknown>} */ (type)[key]
  }
  /** @type {Record<string, unknown>} */
  const out = {
    param: param.name,
    name: named.name,
    spellings: [named.name, ...named.aliases],
    required: named.required ?? (param.role === 'arg' && !param.optional),
    hidden: Boolean(named.hidden),
    type: t,
  }
  if (type.kind === 'list') out.items = (type.fields || []).map((f) => field(op, f)).filter((f) => f !== undefined)
  return out
}

/**
 * The tools' words (lib/tools/wording.js TOOL_WORDS) as data: what they call each
 * operation and argument the core's messages name (the ids of src/message.rs and of
 * the declarations), and each phrase's sentence as a template. A sentence is rendered
 * with marks for its facts: `@@arg@@` (the first argument the phrase names),
 * `@@value:NAME@@` (a value it holds) and `{ fact: 'part', index }` (one of its parts),
 * once with an argument and once without (`as-option` says `encoding` then).
 */
function words() {
  const rust = fs.readFileSync(path.join(__dirname, '..', 'src', 'message.rs'), 'utf8')
  const ids = (kind) => [...rust.matchAll(new RegExp(`${kind}::\\w+(?: \\{[^}]*\\})? => "(\\w+)"`, 'g'))].map((m) => m[1]).filter((id) => !id.includes('_'))
  const params = Object.values(OPERATIONS).flatMap((op) => op.params.flatMap((p) => [p, ...(p.type.fields || [])]).map((p) => p.name))
  // Each is said as its id when it is left out here.
  /** @type {Record<string, unknown>} */
  const ops = {}
  for (const op of new Set([...ids('Op'), ...Object.keys(OPERATIONS)])) {
    const said = TOOL_WORDS.op(op)
    if (said !== op) ops[op] = said
  }
  /** @type {Record<string, string>} */
  const args = {}
  for (const arg of new Set([...ids('Name'), ...params])) {
    const said = TOOL_WORDS.arg(arg, undefined, false)
    if (said !== arg) args[arg] = said
  }
  const marked = (/** @type {boolean} */ withArg) => ({
    parts: Array.from({ length: 10 }, (_, index) => ({ fact: 'part', index })),
    values: new Proxy({}, { get: (_, key) => (typeof key === 'string' ? `@@value:${key}@@` : undefined) }),
    arg: withArg ? '@@arg@@' : undefined,
  })
  /** @type {Record<string, unknown>} */
  const sentences = {}
  for (const [id, sentence] of Object.entries(TOOL_WORDS.sentences)) {
    sentences[id] = { with_arg: sentence(/** @type {any} */ (marked(true))), without_arg: sentence(/** @type {any} */ (marked(false))) }
  }
  return { ops, args, listing: TOOL_WORDS.listing, sentences }
}

function build() {
  const plain = createTools()
  const marked = createTools({ maxReadLines: MARK_LINES, maxReadChars: MARK_CHARS })
  const tools = Object.values(plain).map((tool) => {
    const other = /** @type {Record<string, any>} */ (marked)[tool.name]
    const op = operation(
      { read_file: 'readFile', write_file: 'writeFile', edit_file: 'editFile', multi_edit: 'multiEdit', delete_range: 'deleteRange', apply_patch: 'applyPatch' }[
        /** @type {string} */ (tool.name)
      ] || '',
    )
    return {
      name: tool.name,
      operation: op.name,
      description: other.description,
      parameters: JSON.parse(JSON.stringify(other.parameters)),
      // What toOpenAITools(tools, { strict: true }) gives for it (lib/tools/formats.js).
      strict_parameters: JSON.parse(JSON.stringify(strictSchema(other.parameters))),
      fields: op.params.map((p) => field(op, p)).filter((f) => f !== undefined),
      warning_line: 'warningLine' in op.tool ? op.tool.warningLine : null,
    }
  })
  return {
    comment: 'Generated by scripts/python-tools-json.js from lib/operations.js: do not edit.',
    defaults: { max_read_lines: DEFAULT_READ_LINES, max_read_chars: DEFAULT_READ_CHARS },
    marks: { max_read_lines: MARK_LINES, max_read_chars: MARK_CHARS },
    gutter: GUTTER,
    words: words(),
    tools,
  }
}

const text = JSON.stringify(build(), null, 2) + '\n'
if (process.argv.includes('--print')) process.stdout.write(text)
else fs.writeFileSync(path.join(__dirname, '..', 'python', 'eol_edit', 'tools.json'), text)
