// @ts-check
'use strict'

// How every front-end says a message: one renderer of parts, and a vocabulary per
// front-end. An error of the core (and of this layer) comes as `parts`: text shown as
// it is (file content, quoted lines, paths, numbers) and references to the API — an
// operation (`{ op: 'writeFile' }`), an argument with the value it should have (`{ arg:
// 'encoding', value: 'windows-1252' }`), a quoted line of the file (`{ line, width,
// text }`), a hunk of a patch (`{ hunk: 0 }`, `hunk #1`) and phrases a front-end may
// say its own way (`{ phrase: 'change-encoding', parts }`: the agent tools cannot
// change a file's encoding, so they say that they keep it). A vocabulary says each
// reference in the front-end's words, and has a sentence for each phrase it says
// otherwise; nothing rewrites text.
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

const { GUTTER, OPERATIONS, TOOLS } = require('../operations.js')

/** @typedef {import('../../index.js').MessagePart} MessagePart */
/** @typedef {import('../operations.js').Vocabulary} Vocabulary */
/** @typedef {import('../operations.js').Operation} Operation */
/** @typedef {import('../operations.js').Param} Param */
/** @typedef {Extract<MessagePart, { phrase: string }>} PhrasePart */

/**
 * What a sentence of a vocabulary is given: the phrase it says instead, and the
 * values the phrase holds by argument (`to` → `utf-8`).
 * @typedef {object} PhraseFacts
 * @property {readonly MessagePart[]} parts the phrase's own parts
 * @property {Record<string, string>} values every `{ arg, value }` inside, by `arg`
 * @property {string | undefined} arg the first argument the phrase names
 */

/**
 * A front-end's words for the parts of a message.
 * @typedef {object} Words
 * @property {string} name
 * @property {(op: string) => string | readonly MessagePart[]} op an operation
 * @property {(arg: string, value: string | undefined, start: boolean) => string} arg an
 *   argument, with the value it should have when there is one (`start`: it begins a
 *   sentence)
 * @property {(arg: string, value: string) => string} value a value of an argument the
 *   sentence has just named
 * @property {(number: number, width: number, text: string) => string} line a quoted line
 * @property {string | readonly MessagePart[]} listing the numbered view the quotes come from
 * @property {(index: number) => string} [hunk] a hunk of a patch, by its 0-based index
 *   (default: `hunk #1` for index 0); a front-end that made the patch from blocks of its
 *   own names the block
 * @property {Readonly<Record<string, (facts: PhraseFacts) => string | readonly MessagePart[]>>} sentences
 *   what the front-end says instead of a phrase, by the phrase's id
 */

/**
 * A message in a front-end's words.
 * @param {readonly MessagePart[] | string | undefined} parts
 * @param {Words} words
 * @returns {string}
 */
function render(parts, words) {
  if (parts === undefined) return ''
  if (typeof parts === 'string') return parts
  return renderInto('', parts, words)
}

/**
 * `before` followed by `parts` rendered (`before` tells whether a part begins a sentence).
 * @param {string} before
 * @param {readonly MessagePart[]} parts
 * @param {Words} words
 */
function renderInto(before, parts, words) {
  let out = before
  for (const part of parts) {
    if (typeof part === 'string') out += part
    else if ('phrase' in part) out = renderPhrase(out, part, words)
    else if ('line' in part) out += words.line(part.line, part.width, part.text)
    else if ('hunk' in part) out += words.hunk ? words.hunk(part.hunk) : `hunk #${part.hunk + 1}`
    else if ('op' in part) {
      const said = part.listing ? words.listing : words.op(part.op)
      out = typeof said === 'string' ? out + said : renderInto(out, said, words)
    } else if (part.valueOnly && part.value !== undefined) out += words.value(part.arg, part.value)
    else out += words.arg(part.arg, part.value, startsSentence(out))
  }
  return out
}

/**
 * A phrase: the vocabulary's sentence for it when it has one, in the case the
 * phrase starts with (`Read it again` / `read it again`), else its own parts.
 * @param {string} before
 * @param {PhrasePart} phrase
 * @param {Words} words
 */
function renderPhrase(before, phrase, words) {
  const sentence = Object.prototype.hasOwnProperty.call(words.sentences, phrase.phrase) ? words.sentences[phrase.phrase] : undefined
  if (sentence === undefined) return renderInto(before, phrase.parts, words)
  const said = sentence(facts(phrase.parts))
  const text = typeof said === 'string' ? said : renderInto(before, said, words).slice(before.length)
  const first = typeof phrase.parts[0] === 'string' ? phrase.parts[0].charAt(0) : ''
  return before + inCaseOf(first, text)
}

/** @param {readonly MessagePart[]} parts @returns {PhraseFacts} */
function facts(parts) {
  /** @type {Record<string, string>} */
  const values = {}
  /** @type {string | undefined} */
  let arg
  const walk = (/** @type {readonly MessagePart[]} */ list) => {
    for (const p of list) {
      if (typeof p === 'string') continue
      if ('phrase' in p) walk(p.parts)
      else if ('arg' in p) {
        if (arg === undefined) arg = p.arg
        if (p.value !== undefined && !(p.arg in values)) values[p.arg] = p.value
      }
    }
  }
  walk(parts)
  return { parts, values, arg }
}

/**
 * `text` starting in the case of `first` (a letter of the phrase it stands for), but
 * for a word in capitals, which keeps them (`SEARCH lines`).
 * @param {string} first
 * @param {string} text
 */
function inCaseOf(first, text) {
  if (first === '' || first.toLowerCase() === first.toUpperCase()) return text
  const head = text.charAt(0)
  const next = text.charAt(1)
  if (next !== next.toLowerCase() && head !== head.toLowerCase()) return text
  return (first === first.toUpperCase() ? head.toUpperCase() : head.toLowerCase()) + text.slice(1)
}

/** Whether text after `before` begins a sentence: nothing before it, or `. ` / `: `. @param {string} before */
function startsSentence(before) {
  let i = before.length
  while (i > 0 && (before[i - 1] === ' ' || before[i - 1] === '\n')) i--
  if (i === 0) return true
  return i < before.length && '.!?:'.includes(before[i - 1])
}

/** The numbered view's line: `  12│text`. @param {number} number @param {number} width @param {string} text */
function numbered(number, width, text) {
  return `${String(number).padStart(width)}${GUTTER}${text}`
}

/** Every parameter of every operation, with its fields. @returns {Array<[Operation, Param]>} */
function everyParam() {
  return Object.values(OPERATIONS).flatMap((op) => op.params.flatMap((p) => [p, ...(p.type.fields || [])]).map((p) => /** @type {[Operation, Param]} */ ([op, p])))
}

/** The tools' name of each of the library's arguments (`oldText` → `old_text`). */
const TOOL_ARGS = new Map()
for (const [, p] of everyParam()) if (p.tool.kind === 'arg' && !TOOL_ARGS.has(p.name)) TOOL_ARGS.set(p.name, p.tool.name)

// ---------------------------------------------------------------------------
// The agent tools

/** What the tools say for an operation they have no tool for. @type {Record<string, string>} */
const TOOL_MISSING_OPS = {
  convertEol: 'write_file with eol "lf" or "crlf"',
  convertEncoding: 'an encoding conversion (which these tools do not do)',
}

/** What the tools say for an option they take no argument for (the host's settings). @type {Record<string, string>} */
const TOOL_MISSING_ARGS = {
  maxBytes: 'the size limit',
  expectedVersion: 'the version read',
  expectedVersions: 'the version read',
}

/** @type {Words} */
const TOOL_WORDS = {
  name: 'tools',
  op: (op) => {
    const declared = /** @type {Record<string, Operation>} */ (OPERATIONS)[op]
    return (declared && TOOLS.tool(declared)) || TOOL_MISSING_OPS[op] || op
  },
  arg: (arg, value) => {
    const name = TOOL_ARGS.get(arg) || TOOL_MISSING_ARGS[arg] || arg
    return value === undefined ? name : `${JSON.stringify(name)}: ${JSON.stringify(value)}`
  },
  value: (_arg, value) => JSON.stringify(value),
  line: numbered,
  listing: 'read_file',
  sentences: {
    'as-option': (f) => ['as the "', { arg: f.arg || 'encoding' }, '" argument'],
    'pass-utf-16': (f) => ['call again with ', ...f.parts.slice(1)],
    'change-encoding': () => 'these tools keep the encoding a file has',
    'convert-encoding-first': (f) => `, or ask the user to convert the file to an encoding that has them (such as ${f.values.to}) first`,
    'larger-max-bytes': () => "The size limit is the host's setting: ask the user if the file really must be read.",
    'larger-max-bytes-write': () => "The size limit is the host's setting: write less at once (split the content into several files), or ask the user.",
    'read-again': () => ['Read it again with ', { op: 'readFile' }],
    'read-first': () => ['Read it with ', { op: 'readFile' }, ' first'],
    'allow-guard': (f) => `To write it on purpose, call again with "allow": [${JSON.stringify(f.values.guards)}].`,
  },
}

// ---------------------------------------------------------------------------
// The command line

/** The command of each operation, as its messages name it (`'eol-edit write'`). */
const COMMAND_OF = new Map()
for (const op of Object.values(OPERATIONS)) if ('name' in op.cli) COMMAND_OF.set(op.name, `'eol-edit ${op.cli.name}'`)
COMMAND_OF.set('multiEdit', COMMAND_OF.get('editFile'))
COMMAND_OF.set('convertEncoding', 'an encoding conversion (which eol-edit does not do)')

/** The command line's words for the arguments its messages name. @type {Record<string, string>} */
const CLI_ARGS = {
  oldText: 'the --old text',
  newText: 'the --new text',
  startAnchor: '<start>',
  endAnchor: '<end>',
  expectedVersion: 'the version read',
  expectedVersions: 'the version read',
}

/** The flag of each of the library's options (`replaceAll` → `--replace-all`). */
const CLI_FLAGS = new Map()
for (const [, p] of everyParam()) if (p.cli.kind === 'flag' && p.role === 'option' && !CLI_FLAGS.has(p.name)) CLI_FLAGS.set(p.name, p.cli.flag)

/** @param {string} arg */
function cliArg(arg) {
  return CLI_ARGS[arg] || CLI_FLAGS.get(arg) || arg
}

/** @type {Words} */
const CLI_WORDS = {
  name: 'cli',
  op: (op) => COMMAND_OF.get(op) || op,
  arg: (arg, value, start) => {
    const name = cliArg(arg)
    const said = value === undefined ? name : `${name} ${value}`
    // "the --old text" begins a sentence as "The --old text"; a flag keeps its case.
    return start && said.startsWith('the ') ? `T${said.slice(1)}` : said
  },
  value: (arg, value) => `${cliArg(arg)} ${value}`,
  line: numbered,
  listing: COMMAND_OF.get('readFile'),
  sentences: {
    'as-option': (f) => ['with ', { arg: f.arg || 'encoding' }],
    'change-encoding': () => 'eol-edit keeps the encoding a file has',
    'convert-encoding-first': (f) => `, or convert the file to an encoding that has them (such as ${f.values.to}) with another tool first`,
    'or-replace-all': () => [', or use ', { arg: 'replaceAll' }, ' to replace every one'],
    'set-inclusive': () => ['Pass ', { arg: 'inclusive' }],
    'allow-guard': (f) => `To write it on purpose, pass --allow ${f.values.guards}.`,
  },
}

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
 * @property {(number: number) => string} [gutter] the prefix of a quoted line as the
 *   host's read tool numbers it (default: the tools' own `12│`)
 * @property {Words['sentences']} [sentences] the host's sentences for phrases
 */

/** What every host shape says instead of the tools' sentences on line endings. @type {Words['sentences']} */
const HOST_SENTENCES = {
  'or-convert-eol': () => ", or ask the user to convert the file's line endings",
}

/**
 * The words of a host's tools: each tool and argument by the host's vocabulary, and the
 * tools' words for the rest.
 * @param {Vocabulary} vocabulary the host's
 * @param {HostWords} [more]
 * @returns {Words}
 */
function hostWords(vocabulary, more = {}) {
  const { missing = {}, tool = (name) => `the ${name} tool`, gutter, sentences = {} } = more
  /** @type {Map<string, string>} */
  const ops = new Map()
  /** @type {Map<string, string>} */
  const args = new Map()
  for (const op of Object.values(OPERATIONS)) {
    const own = TOOLS.tool(op)
    const theirs = vocabulary.tool(op)
    if (theirs !== undefined) ops.set(op.name, tool(theirs))
    else if (own !== undefined && missing[own] !== undefined) ops.set(op.name, missing[own])
    if (theirs === undefined) continue
    for (const param of op.params.flatMap((p) => [p, ...(p.type.fields || [])])) {
      if (args.has(param.name)) continue
      const named = vocabulary.arg(op, param)
      const ours = TOOLS.arg(op, param)
      const said = named !== undefined ? named.name : ours && missing[ours.name]
      if (said !== undefined) args.set(param.name, said)
    }
  }
  for (const [arg, name] of TOOL_ARGS) if (!args.has(arg) && missing[name] !== undefined) args.set(arg, missing[name])
  ops.set('convertEol', "a line-ending conversion, which the user can make")
  return {
    name: vocabulary.name,
    op: (op) => ops.get(op) || TOOL_WORDS.op(op),
    arg: (arg, value, start) => {
      const name = args.get(arg)
      if (name === undefined) return TOOL_WORDS.arg(arg, value, start)
      return value === undefined ? name : `${JSON.stringify(name)}: ${JSON.stringify(value)}`
    },
    value: TOOL_WORDS.value,
    line: gutter ? (number, _width, text) => `${gutter(number)}${text}` : numbered,
    listing: [{ op: 'readFile' }],
    sentences: { ...TOOL_WORDS.sentences, ...HOST_SENTENCES, ...sentences },
  }
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
 * @property {Words['sentences']} sentences the host's sentences for phrases
 * @property {(number: number, width: number, text: string) => string} [line] how its read command numbers a line
 */

/**
 * The words of a vendor's tool: its commands and arguments, the tools' words for the
 * rest, and its own sentences over the tools'.
 * @param {HostVocabulary} vocabulary
 * @returns {Words}
 */
function handlerWords(vocabulary) {
  return {
    name: vocabulary.name,
    op: (op) => vocabulary.tools[op] || TOOL_WORDS.op(op),
    arg: (arg, value, start) => {
      const name = vocabulary.args[arg]
      if (name === undefined) return TOOL_WORDS.arg(arg, value, start)
      return value === undefined ? name : `${JSON.stringify(name)}: ${JSON.stringify(value)}`
    },
    value: TOOL_WORDS.value,
    line: vocabulary.line || numbered,
    listing: [{ op: 'readFile' }],
    sentences: { ...TOOL_WORDS.sentences, ...vocabulary.sentences },
  }
}

// ---------------------------------------------------------------------------
// Warnings

/**
 * A result's warnings in a front-end's words: each from its parts when the result has
 * them (the core's), else as it is (the tool layer's own, already in its words).
 * @param {{ warnings?: readonly string[], warningParts?: ReadonlyArray<readonly MessagePart[]> } | undefined} result
 * @param {Words} [words]
 * @returns {string[]}
 */
function warningsOf(result, words = TOOL_WORDS) {
  if (!result || !result.warnings) return []
  const parts = result.warningParts
  return result.warnings.map((w, i) => (parts && parts[i] ? render(parts[i], words) : w))
}

module.exports = { render, TOOL_WORDS, CLI_WORDS, hostWords, handlerWords, warningsOf }
