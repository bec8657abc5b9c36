// @ts-check
'use strict'

// How every front-end says a message: one renderer of parts (the core's,
// eol_edit_tools::render, which the Python tools use too), and words per front-end. An
// error of the core (and of this layer) comes as `parts`: text shown as it is (file
// content, quoted lines, paths, numbers) and references to the API — an operation (`{
// op: 'writeFile' }`), an argument with the value it should have (`{ arg: 'encoding',
// value: 'windows-1252' }`), a quoted line of the file (`{ line, width, text }`), a hunk
// of a patch (`{ hunk: 0 }`, `hunk #1`) and phrases a front-end may say its own way (`{
// phrase: 'change-encoding', parts }`: the agent tools cannot change a file's encoding,
// so they say that they keep it). Words say each reference in the front-end's names,
// and have a sentence for each phrase it says otherwise; nothing rewrites text.
//
// Words are data (`WordsData`), so that the one renderer says them alike in every
// language:
//
// - the agent tools (and the MCP server, whose tools they are): `TOOL_WORDS`, the
//   tools' names (`write_file`, `old_text`, `"encoding": "windows-1252"`);
// - the command line: `CLI_WORDS`, its commands and flags (`'eol-edit write'`,
//   `--old`, `--encoding windows-1252`);
// - a host's tool shape (lib/tools/shapes/): `hostWords`, from the host's vocabulary in
//   lib/operations.js, the tools' sentences, and what the host says instead of a tool
//   or an argument it has none for;
// - a handler of a vendor's tool (lib/tools/hosts/): `handlerWords`, from a table of
//   what it calls each operation and argument, and its own sentences.

const native = require('../binding.js')
const { GUTTER, OPERATIONS, TOOLS } = require('../operations.js')

/** @typedef {import('../../index.js').MessagePart} MessagePart */
/** @typedef {import('../operations.js').Vocabulary} Vocabulary */
/** @typedef {import('../operations.js').Operation} Operation */
/** @typedef {import('../operations.js').Param} Param */

/**
 * A part of a sentence: a part of a message, or a fact of the phrase it stands for —
 * the value the phrase gives an argument (`{ fact: 'value', of: 'to' }`, quoted as JSON
 * with `json: true`), a reference to the first argument it names (`{ fact: 'arg',
 * else: 'encoding' }`), its own parts from one on (`{ fact: 'parts', from: 1 }`) or the
 * hunks it names (`{ fact: 'hunks' }`).
 * @typedef {MessagePart
 *   | { fact: 'value', of: string, json?: boolean }
 *   | { fact: 'arg', else: string }
 *   | { fact: 'parts', from: number }
 *   | { fact: 'hunks' }} SentencePart
 */

/**
 * A front-end's words for the parts of a message, as data (toolset/src/render.rs has
 * the whole of what they mean).
 * @typedef {object} WordsData
 * @property {string} name
 * @property {Record<string, string | readonly MessagePart[]>} ops what each operation
 *   is called (one left out is said by its own name)
 * @property {Record<string, string>} args what each argument is called
 * @property {'json' | 'command'} [form] how an argument with its value is said:
 *   `"encoding": "gbk"` (the default) or `--encoding gbk`
 * @property {{ pad: 'width' | number, after: string }} [line] a quoted line: its number
 *   padded to the quote's width or to a fixed one, then `after` (default: `  12│`)
 * @property {string | readonly MessagePart[]} listing the numbered view the quotes come from
 * @property {{ names: ReadonlyArray<string | null>, else: string }} [hunks] the name
 *   of each hunk of a patch by its index (default: `hunk #1`); a front-end that made
 *   the patch from blocks of its own names the block
 * @property {Readonly<Record<string, string | readonly SentencePart[]>>} sentences
 *   what the front-end says instead of a phrase, by the phrase's id
 */

/**
 * Words ready to render with: the data, and the core's renderer built from it once.
 * @typedef {Readonly<WordsData> & { readonly [RENDERER]: import('../../index.js').Words }} Words
 */

const RENDERER = Symbol('renderer')

/**
 * Words from their data.
 * @param {WordsData} data
 * @returns {Words}
 */
function words(data) {
  const renderer = new native.Words(JSON.stringify(data))
  return Object.freeze({ ...data, [RENDERER]: renderer })
}

/**
 * A message in a front-end's words.
 * @param {readonly MessagePart[] | string | undefined} parts
 * @param {Words} said
 * @returns {string}
 */
function render(parts, said) {
  if (parts === undefined) return ''
  if (typeof parts === 'string') return parts
  // A lone surrogate (a path or text a model sent) has no place in JSON the core reads.
  return said[RENDERER].render(JSON.stringify(parts, wellFormed))
}

/**
 * The facts of an error a tool failed with, for `renderFailure`.
 * @typedef {object} FailureFacts
 * @property {string} message its message (what a thrown value that is no error says)
 * @property {readonly MessagePart[]} [parts] for one of eol-edit's errors: its message as parts
 * @property {string} [hint]
 * @property {readonly MessagePart[]} [hintParts]
 * @property {readonly number[]} [lines]
 * @property {number} [editIndex]
 * @property {number} [fileIndex]
 */

/**
 * What a tool's failure says, in a front-end's words: the error's message and hint, the
 * lines it is about when the message does not name them, and for an edit of several or
 * a patch, which one failed and that nothing was written (the core's, as the Python
 * tools say it).
 * @param {FailureFacts} facts
 * @param {Words} said
 * @returns {string}
 */
function renderFailure(facts, said) {
  return said[RENDERER].renderFailure(JSON.stringify(facts, wellFormed))
}

/**
 * A string without lone surrogates (each one U+FFFD), for `JSON.stringify`
 * (`String.prototype.toWellFormed`, which Node 18 does not have). A string iterates by
 * code point, so a lone surrogate comes as a character of one unit.
 * @param {string} _key
 * @param {unknown} value
 */
function wellFormed(_key, value) {
  if (typeof value !== 'string' || !/[\uD800-\uDFFF]/.test(value)) return value
  return Array.from(value, (c) => (c.length === 1 && c >= '\uD800' && c <= '\uDFFF' ? '\uFFFD' : c)).join('')
}

/** Every parameter of every operation, with its fields. @returns {Array<[Operation, Param]>} */
function everyParam() {
  return Object.values(OPERATIONS).flatMap((op) => op.params.flatMap((p) => [p, ...(p.type.fields || [])]).map((p) => /** @type {[Operation, Param]} */ ([op, p])))
}

/** The tools' name of each of the library's arguments (`oldText` → `old_text`). @type {Record<string, string>} */
const TOOL_ARGS = {}
for (const [, p] of everyParam()) if (p.tool.kind === 'arg' && !(p.name in TOOL_ARGS)) TOOL_ARGS[p.name] = p.tool.name

/** The numbered view's line: `  12│text`. */
const NUMBERED = { pad: /** @type {'width'} */ ('width'), after: GUTTER }

// ---------------------------------------------------------------------------
// The agent tools

/** What the tools call each operation, and what they say for one they have no tool for. @type {Record<string, string>} */
const TOOL_OPS = {}
for (const op of Object.values(OPERATIONS)) {
  const tool = TOOLS.tool(op)
  if (tool !== undefined) TOOL_OPS[op.name] = tool
}
TOOL_OPS.convertEol = 'write_file with eol "lf" or "crlf"'
TOOL_OPS.convertEncoding = 'an encoding conversion (which these tools do not do)'

/** The tools' sentences, which every host's tools and handler start from. @type {WordsData['sentences']} */
const TOOL_SENTENCES = {
  'as-option': ['as the "', { fact: 'arg', else: 'encoding' }, '" argument'],
  'pass-utf-16': ['call again with ', { fact: 'parts', from: 1 }],
  'change-encoding': 'these tools keep the encoding a file has',
  'convert-encoding-first': [', or ask the user to convert the file to an encoding that has them (such as ', { fact: 'value', of: 'to' }, ') first'],
  'larger-max-bytes': "The size limit is the host's setting: ask the user if the file really must be read.",
  'larger-max-bytes-write': "The size limit is the host's setting: write less at once (split the content into several files), or ask the user.",
  'read-again': ['Read it again with ', { op: 'readFile' }],
  'read-first': ['Read it with ', { op: 'readFile' }, ' first'],
  'allow-guard': ['To write it on purpose, call again with "allow": [', { fact: 'value', of: 'guards', json: true }, '].'],
}

/** The tools' words, as data (also what the Python tools are given). @type {WordsData} */
const TOOL_WORDS_DATA = {
  name: 'tools',
  ops: TOOL_OPS,
  // An option the tools take no argument for is the host's setting.
  args: { ...TOOL_ARGS, maxBytes: 'the size limit', expectedVersion: 'the version read', expectedVersions: 'the version read' },
  line: NUMBERED,
  listing: 'read_file',
  sentences: TOOL_SENTENCES,
}

const TOOL_WORDS = words(TOOL_WORDS_DATA)

// ---------------------------------------------------------------------------
// The command line

/** The command of each operation, as its messages name it (`'eol-edit write'`). @type {Record<string, string>} */
const COMMAND_OF = {}
for (const op of Object.values(OPERATIONS)) if ('name' in op.cli) COMMAND_OF[op.name] = `'eol-edit ${op.cli.name}'`
COMMAND_OF.multiEdit = COMMAND_OF.editFile
COMMAND_OF.convertEncoding = 'an encoding conversion (which eol-edit does not do)'

/** The flag of each of the library's options (`replaceAll` → `--replace-all`), and the command line's words for the other arguments its messages name. @type {Record<string, string>} */
const CLI_ARGS = {}
for (const [, p] of everyParam()) if (p.cli.kind === 'flag' && p.role === 'option' && !(p.name in CLI_ARGS)) CLI_ARGS[p.name] = p.cli.flag
Object.assign(CLI_ARGS, {
  oldText: 'the --old text',
  newText: 'the --new text',
  startAnchor: '<start>',
  endAnchor: '<end>',
  expectedVersion: 'the version read',
  expectedVersions: 'the version read',
})

const CLI_WORDS = words({
  name: 'cli',
  ops: COMMAND_OF,
  args: CLI_ARGS,
  // "the --old text" begins a sentence as "The --old text"; a flag keeps its case.
  form: 'command',
  line: NUMBERED,
  listing: COMMAND_OF.readFile,
  sentences: {
    'as-option': ['with ', { fact: 'arg', else: 'encoding' }],
    'change-encoding': 'eol-edit keeps the encoding a file has',
    'convert-encoding-first': [', or convert the file to an encoding that has them (such as ', { fact: 'value', of: 'to' }, ') with another tool first'],
    'or-replace-all': [', or use ', { arg: 'replaceAll' }, ' to replace every one'],
    'set-inclusive': ['Pass ', { arg: 'inclusive' }],
    'allow-guard': ['To write it on purpose, pass --allow ', { fact: 'value', of: 'guards' }, '.'],
  },
})

// ---------------------------------------------------------------------------
// A host's tool shape

/**
 * What a host's tools say that the tools' words do not.
 * @typedef {object} HostWords
 * @property {Record<string, string>} [missing] what to say instead of a tool's or an
 *   argument's name the host has none for, by the tools' name (`multi_edit` →
 *   `several edit calls`)
 * @property {(tool: string) => string} [tool] how a message names one of the host's
 *   tools (default: `the X tool`)
 * @property {WordsData['line']} [line] a quoted line as the host's read tool numbers
 *   it (default: the tools' own `12│`)
 * @property {WordsData['sentences']} [sentences] the host's sentences for phrases
 */

/** What every host shape says instead of the tools' sentences on line endings. @type {WordsData['sentences']} */
const HOST_SENTENCES = {
  'or-convert-eol': ", or ask the user to convert the file's line endings",
}

/**
 * The words of a host's tools: each tool and argument by the host's vocabulary, and the
 * tools' words for the rest.
 * @param {Vocabulary} vocabulary the host's
 * @param {HostWords} [more]
 * @returns {Words}
 */
function hostWords(vocabulary, more = {}) {
  const { missing = {}, tool = (name) => `the ${name} tool`, line = NUMBERED, sentences = {} } = more
  /** @type {Record<string, string>} */
  const ops = { ...TOOL_OPS }
  /** @type {Record<string, string>} */
  const args = { ...TOOL_WORDS_DATA.args }
  /** @type {Set<string>} */
  const named = new Set()
  for (const op of Object.values(OPERATIONS)) {
    const own = TOOLS.tool(op)
    const theirs = vocabulary.tool(op)
    if (theirs !== undefined) ops[op.name] = tool(theirs)
    else if (own !== undefined && missing[own] !== undefined) ops[op.name] = missing[own]
    if (theirs === undefined) continue
    for (const param of op.params.flatMap((p) => [p, ...(p.type.fields || [])])) {
      if (named.has(param.name)) continue
      const given = vocabulary.arg(op, param)
      const ours = TOOLS.arg(op, param)
      const said = given !== undefined ? given.name : ours && missing[ours.name]
      if (said !== undefined) {
        args[param.name] = said
        named.add(param.name)
      }
    }
  }
  for (const [arg, name] of Object.entries(TOOL_ARGS)) if (!named.has(arg) && missing[name] !== undefined) args[arg] = missing[name]
  ops.convertEol = 'a line-ending conversion, which the user can make'
  return words({
    name: vocabulary.name,
    ops,
    args,
    line,
    listing: [{ op: 'readFile' }],
    sentences: { ...TOOL_SENTENCES, ...HOST_SENTENCES, ...sentences },
  })
}

// ---------------------------------------------------------------------------
// A handler of a vendor's tool

/**
 * What a vendor's tool handler calls the library's operations and arguments, and what
 * it says instead of the phrases it has no tool or argument for. Keyed by the
 * library's names.
 * @typedef {object} HostVocabulary
 * @property {string} name
 * @property {Record<string, string>} tools how a message names the host's tool or command for an operation (`readFile` → `view`)
 * @property {Record<string, string>} args the host's argument for a parameter of the library (`oldText` → `old_str`)
 * @property {WordsData['sentences']} sentences the host's sentences for phrases
 * @property {WordsData['line']} [line] how its read command numbers a line
 */

/**
 * The words of a vendor's tool, as data: its commands and arguments, the tools' words
 * for the rest, and its own sentences over the tools'.
 * @param {HostVocabulary} vocabulary
 * @returns {WordsData}
 */
function handlerWordsData(vocabulary) {
  return {
    name: vocabulary.name,
    ops: { ...TOOL_OPS, ...vocabulary.tools },
    args: { ...TOOL_WORDS_DATA.args, ...vocabulary.args },
    line: vocabulary.line || NUMBERED,
    listing: [{ op: 'readFile' }],
    sentences: { ...TOOL_SENTENCES, ...vocabulary.sentences },
  }
}

/** The words of a vendor's tool. @param {HostVocabulary} vocabulary @returns {Words} */
function handlerWords(vocabulary) {
  return words(handlerWordsData(vocabulary))
}

// ---------------------------------------------------------------------------
// Warnings

/**
 * A result's warnings in a front-end's words: each from its parts when the result has
 * them (the core's), else as it is (the tool layer's own, already in its words).
 * @param {{ warnings?: readonly string[], warningParts?: ReadonlyArray<readonly MessagePart[]> } | undefined} result
 * @param {Words} [said]
 * @returns {string[]}
 */
function warningsOf(result, said = TOOL_WORDS) {
  if (!result || !result.warnings) return []
  const parts = result.warningParts
  return result.warnings.map((w, i) => (parts && parts[i] ? render(parts[i], said) : w))
}

module.exports = { words, render, renderFailure, TOOL_WORDS, TOOL_WORDS_DATA, CLI_WORDS, hostWords, handlerWords, handlerWordsData, warningsOf }
