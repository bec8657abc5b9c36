// @ts-check
'use strict'

// What the tools' messages call things: the one place where the library's words in a
// message become the tools' words. The core's messages are mostly written for the
// tools already (old_text, read_file), but some name what only the library has: its
// functions (writeFile, convertEol, convertEncoding), its option names (replaceAll,
// startAnchor, maxBytes) and its option syntax (`encoding: 'utf-16le'`). A model knows
// only the tools and their arguments, so a message, hint or warning it is shown says
// `write_file`, `replace_all`, `start_anchor` and `"encoding": "utf-16le"` instead.
// The MCP server's tools are these tools, so this is its wording too.
//
// Each rule is one row below, applied in order to the text of core messages and
// warnings (never to file content).
//
// A host has words of its own. A tool shape (OpenCode's, Claude Code's, …) renders the
// tools' words through the host's vocabulary in lib/operations.js (`hostWording`), so
// that `old_text` reads `oldString` for OpenCode and `old_string` for Claude Code, and a
// tool the host does not have is said as what the host does instead. A handler of a
// vendor's built-in tool (Anthropic's text editor, OpenAI's apply_patch) names what it
// calls each of the library's operations and arguments (`handlerWording`).

const { GUTTER, OPERATIONS, TOOLS } = require('../operations.js')

/** @typedef {import('../operations.js').Vocabulary} Vocabulary */
/** @typedef {import('../operations.js').Param} Param */

/** @type {ReadonlyArray<readonly [RegExp, string]>} */
const WORDING = [
  // The library's functions, as the tools that do the same.
  [/\b([Uu])se writeFile\b/g, '$1se write_file'],
  [/\bor use convertEol\b/g, 'or use write_file with eol "lf" or "crlf"'],
  [/\bconvertEol\b/g, 'write_file with eol'],
  [/\bwriteFile\b/g, 'write_file'],
  [/\breadFile\b/g, 'read_file'],
  [/\beditFile\b/g, 'edit_file'],
  [/\bmultiEdit\b/g, 'multi_edit'],
  [/\bdeleteRange\b/g, 'delete_range'],
  [/\bapplyPatch\b/g, 'apply_patch'],
  // The library's option names, as the tools' arguments.
  [/\breplaceAll\b/g, 'replace_all'],
  [/\boldText\b/g, 'old_text'],
  [/\bnewText\b/g, 'new_text'],
  [/\bstartAnchor\b/g, 'start_anchor'],
  [/\bendAnchor\b/g, 'end_anchor'],
  // The encoding, as the tools' `encoding` argument.
  [/\bpass encoding: '([^']*)' \(or '([^']*)'\)/g, 'call again with "encoding": "$1" (or "$2")'],
  [/`?\bencoding: '([^']*)'`?/g, '"encoding": "$1"'],
  [/\bthe `?encoding`? option\b/g, 'the "encoding" argument'],
  [/\bthe option `?encoding`?/g, 'the "encoding" argument'],
  // What the tools cannot do, said as what to do instead.
  [/\buse convertEncoding to change its encoding\b/g, 'these tools keep the encoding a file has'],
  [
    /, or change the file's encoding first with convertEncoding \(for example to '([^']*)'\)/g,
    ', or ask the user to convert the file to an encoding that has them (such as $1) first',
  ],
  [/\bconvertEncoding\b/g, 'an encoding conversion (which these tools do not do)'],
  [
    /\bPass a larger maxBytes \(0 for no limit\) if the file really must be read\./g,
    "The size limit is the host's setting: ask the user if the file really must be read.",
  ],
  [/\bmaxBytes\b/g, 'the size limit'],
  [/\bexpectedVersions?\b/g, 'the version read'],
  // The way out of FILE_CHANGED.
  [/\bRead the file again\b/g, 'Read it again with read_file'],
  [/\bread the file again\b/g, 'read it again with read_file'],
]

/**
 * A core message or warning in the tools' words.
 * @param {string} text
 */
function toolWording(text) {
  let out = text
  for (const [pattern, replacement] of WORDING) out = out.replace(pattern, replacement)
  return out
}

/**
 * Warnings in the tools' words (a new array).
 * @param {readonly string[] | undefined} warnings
 */
function toolWarnings(warnings) {
  return (warnings || []).map(toolWording)
}

/**
 * The words of a host's tools for a text in the tools' words.
 * @typedef {object} HostWords
 * @property {ReadonlyArray<readonly [RegExp, string]>} [phrases] rules applied first:
 *   sentences of the tools' words that the host says otherwise (a tool or an argument
 *   it has no counterpart for)
 * @property {Record<string, string>} [missing] what to say instead of a tool's or an
 *   argument's name the host has none for (`multi_edit` → `several edit calls`)
 * @property {(tool: string) => string} [tool] how a message names one of the host's
 *   tools (default: `the X tool`)
 * @property {(number: string) => string} [gutter] the prefix of a quoted line as the
 *   host's read tool numbers it (default: the tools' own `12│`)
 */

/**
 * The core's messages in a host's words: the tools' words (`toolWording`), then
 * `phrases`, then every tool and argument name rendered through the host's vocabulary.
 * @param {Vocabulary} words the host's vocabulary
 * @param {HostWords} [more]
 * @returns {(text: string) => string}
 */
function hostWording(words, more = {}) {
  const { phrases = [], missing = {}, tool = (name) => `the ${name} tool`, gutter } = more
  /** @type {Map<string, string>} */
  const names = new Map()
  for (const op of Object.values(OPERATIONS)) {
    const own = TOOLS.tool(op)
    if (own === undefined) continue
    const theirs = words.tool(op)
    const said = theirs !== undefined ? tool(theirs) : missing[own]
    if (said !== undefined && !names.has(own)) names.set(own, said)
    /** @type {Param[]} */
    const params = op.params.flatMap((p) => [p, ...(p.type.fields || [])])
    for (const param of params) {
      const ours = TOOLS.arg(op, param)
      // Only the tools' own spellings: `path` or `content` are words of every sentence.
      if (!ours || !ours.name.includes('_') || names.has(ours.name)) continue
      const named = words.arg(op, param)
      const said = named !== undefined ? named.name : missing[ours.name]
      if (said !== undefined && theirs !== undefined) names.set(ours.name, said)
    }
  }
  for (const [name, said] of Object.entries(missing)) if (!names.has(name)) names.set(name, said)
  const pattern = new RegExp(`\\b(${[...names.keys()].join('|')})\\b`, 'g')
  const lineNumber = new RegExp(`^( *)(\\d+)${GUTTER}`, 'gm')
  return (text) => {
    let out = toolWording(text)
    for (const [rule, replacement] of phrases) out = out.replace(rule, replacement)
    out = out.replace(pattern, (name) => /** @type {string} */ (names.get(name)))
    if (gutter) out = out.replace(lineNumber, (_, _pad, n) => gutter(n))
    return out
  }
}

/**
 * What a vendor's tool handler calls the library's operations and arguments, and how it
 * says what it has no tool or argument for. Keyed by the library's names.
 * @typedef {object} HostVocabulary
 * @property {string} name
 * @property {Record<string, string>} tools how a message names the host's tool or command for an operation (`readFile` → `view`)
 * @property {Record<string, string>} args the host's argument for a parameter of the library (`oldText` → `old_str`)
 * @property {ReadonlyArray<readonly [RegExp, string]>} sentences the tools' sentences the host says
 *   otherwise (a tool or an argument it does not have), applied first
 */

/**
 * A host's wording of the core's and the tools' messages: the tools' words (above),
 * then the host's sentences, then each tool and argument name the host's way.
 * @param {HostVocabulary} vocabulary
 * @returns {(text: string) => string}
 */
function handlerWording(vocabulary) {
  /** @type {Array<readonly [RegExp, string]>} */
  const words = []
  for (const [op, said] of Object.entries(vocabulary.tools)) {
    const name = TOOLS.tool(/** @type {Record<string, import('../operations.js').Operation>} */ (OPERATIONS)[op])
    if (name !== undefined) words.push([new RegExp(`\\b${name}\\b`, 'g'), said])
  }
  for (const [param, said] of Object.entries(vocabulary.args)) {
    for (const name of toolArgumentNames(OPERATIONS, param)) words.push([new RegExp(`\\b${name}\\b`, 'g'), said])
  }
  const rules = [...vocabulary.sentences, ...words]
  return (text) => {
    let out = toolWording(text)
    for (const [pattern, replacement] of rules) out = out.replace(pattern, replacement)
    return out
  }
}

/**
 * The tools' names of a parameter of the library, in every operation that has it
 * (`oldText` → `old_text`).
 * @param {Record<string, import('../operations.js').Operation>} operations
 * @param {string} param
 */
function toolArgumentNames(operations, param) {
  const names = new Set()
  for (const op of Object.values(operations)) {
    for (const p of op.params.flatMap((x) => [x, ...(x.type.fields || [])])) {
      if (p.name === param && p.tool.kind === 'arg') names.add(p.tool.name)
    }
  }
  return [...names]
}

module.exports = { WORDING, toolWording, toolWarnings, hostWording, handlerWording }
