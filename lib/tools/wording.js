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
// A host whose model knows other tools (Anthropic's text editor, OpenAI's apply_patch)
// has a vocabulary of its own (`hostWording`): what it calls each of the library's
// operations and arguments, and its sentences for what it has no tool or argument
// for. Its messages are these tools' messages said in its words, so a rule here is
// written once for every host.

const { OPERATIONS, TOOLS } = require('../operations.js')

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
 * What a host calls the library's operations and arguments, and how it says what it
 * has no tool or argument for. Keyed by the library's names, so that an error that
 * names them as data can be rendered with the same table.
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
function hostWording(vocabulary) {
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

module.exports = { WORDING, toolWording, toolWarnings, hostWording }
