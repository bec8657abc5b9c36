// @ts-check
'use strict'

// How a tool fails: every failure, thrown by the core or by the tool layer, becomes
// `{ success: false, error: CODE, data }`, where `data` is written for the model to
// read and act on in one retry, in the words of its tools: the error's parts rendered
// by a vocabulary (wording.js). The host's mistakes (bad createTools options) are
// thrown at creation instead, so a model never sees them.

const { EolEditError, ErrorCode: CODES } = require('../binding.js')
const { TOOL_WORDS, render } = require('./wording.js')

/** @typedef {import('../../index.js').ErrorCode} ErrorCode */
/** @typedef {import('../../tools.js').ToolFailure} ToolFailure */

/**
 * Every code a tool can report: the core's one list (the addon's `ErrorCode`, whose
 * union index.d.ts declares), REJECTED for the host's approval among them.
 * @type {Set<ErrorCode>}
 */
const ERROR_CODES = new Set(Object.values(CODES))

/** @typedef {import('../../index.js').MessagePart} MessagePart */
/** @typedef {import('./wording.js').Words} Words */

/**
 * A failure of the tool layer itself, built like the core's errors: its message as
 * parts (text, and references such as `{ op: 'readFile' }` that each front-end names its
 * way; a plain string is text already in the words of whoever threw it), `message` in
 * the tools' words.
 * @param {ErrorCode} code
 * @param {string | MessagePart[]} message
 * @param {{ editIndex?: number }} [details]
 */
function toolError(code, message, details = {}) {
  const parts = typeof message === 'string' ? [message] : message
  return new EolEditError(render(parts, TOOL_WORDS), { code, parts, ...details })
}

/** `INVALID_ARGUMENT` for arguments a model sent wrong. @param {string | MessagePart[]} message */
function argumentError(message) {
  return toolError('INVALID_ARGUMENT', message)
}

/** @param {unknown} value */
function typeName(value) {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'an array'
  const t = typeof value
  return t === 'object' ? 'an object' : t === 'undefined' ? 'missing' : `a ${t}`
}

/**
 * Turns anything thrown into the `{ success: false }` shape, worded for a model.
 * @param {unknown} error
 * @param {string | undefined} path the path the model gave, when it gave one
 * @param {Words} [words] whose words (default: the tools'; a host's tool shape passes
 *   its own, wording.js `hostWords`)
 * @returns {ToolFailure}
 */
function failure(error, path, words = TOOL_WORDS) {
  try {
    return describeFailure(error, path, words)
  } catch {
    return { success: false, error: 'IO_ERROR', data: 'The tool failed unexpectedly; read the file to see its state.' }
  }
}

/**
 * @param {unknown} thrown
 * @param {string | undefined} path
 * @param {Words} words
 * @returns {ToolFailure}
 */
function describeFailure(thrown, path, words) {
  const code = /** @type {ErrorCode} */ (codeOf(thrown))
  const result = /** @type {ToolFailure} */ ({ success: false, error: code, data: render(failureParts(thrown), words) })
  if (path !== undefined) result.path = path
  return result
}

/** The code of anything thrown: its own when it is one a tool reports, else IO_ERROR. @param {unknown} thrown */
function codeOf(thrown) {
  const code = thrown !== null && typeof thrown === 'object' ? /** @type {{ code?: unknown }} */ (thrown).code : undefined
  return typeof code === 'string' && ERROR_CODES.has(/** @type {ErrorCode} */ (code)) ? /** @type {ErrorCode} */ (code) : 'IO_ERROR'
}

/**
 * What a failure says, as parts: the error's message and hint, the lines it is about
 * when the message does not name them, and for an edit of several or a patch, which
 * one failed and that nothing was written.
 * @param {unknown} thrown
 * @returns {MessagePart[]}
 */
function failureParts(thrown) {
  /** @type {{ message?: unknown, parts?: unknown, hint?: unknown, hintParts?: unknown, lines?: unknown, editIndex?: unknown, fileIndex?: unknown }} */
  const error = thrown !== null && typeof thrown === 'object' ? thrown : {}
  const text = typeof error.message === 'string' && error.message ? error.message : String(thrown)
  /** @type {MessagePart[]} */
  let parts
  if (Array.isArray(error.parts)) {
    parts = [...error.parts]
    const hint = Array.isArray(error.hintParts) ? error.hintParts : typeof error.hint === 'string' && error.hint ? [error.hint] : []
    if (hint.length > 0) parts = [...parts, endsSentence(parts) ? ' ' : '. ', ...hint]
  } else {
    // Not one of ours (a host's callback threw): its text as it is.
    parts = [text]
    if (typeof error.hint === 'string' && error.hint && !text.includes(error.hint)) parts.push(endsSentence(parts) ? ' ' : '. ', error.hint)
  }
  const lines = Array.isArray(error.lines) ? error.lines.filter((n) => Number.isInteger(n)) : []
  const said = plainText(parts)
  if (lines.length > 0 && !lines.every((n) => mentions(said, n))) {
    parts.push(` (${lines.length === 1 ? 'line' : 'lines'} ${lines.join(', ')})`)
  }
  if (typeof error.editIndex === 'number' && Number.isInteger(error.editIndex)) {
    const i = error.editIndex
    // The core names the edit of several it was (the phrase which-edit); the tools
    // name it in their own words.
    const first = parts[0]
    if (typeof first === 'object' && first !== null && 'phrase' in first && first.phrase === 'which-edit') parts = parts.slice(1)
    parts = [`edit #${i + 1} (`, { arg: 'edits' }, `[${i}]) failed: `, ...parts, ' Nothing was written: fix that edit and send all the edits again.']
  }
  if (typeof error.fileIndex === 'number' && Number.isInteger(error.fileIndex)) {
    // apply_patch: the message names the file and the hunk.
    parts.push({ phrase: 'fix-patch', parts: [' Nothing was written: fix that part of the patch and send the whole patch again.'] })
  }
  return parts
}

/** Whether parts end a sentence (or a quoted line, which a hint follows as the core's message does). @param {readonly MessagePart[]} parts */
function endsSentence(parts) {
  const last = parts[parts.length - 1]
  if (last !== undefined && typeof last === 'object' && 'line' in last) return true
  const text = typeof last === 'string' ? last.trimEnd() : ''
  return text !== '' && '.!?'.includes(text[text.length - 1])
}

/** The text of parts, for looking facts up in (not for showing). @param {readonly MessagePart[]} parts @returns {string} */
function plainText(parts) {
  return parts
    .map((p) => (typeof p === 'string' ? p : 'phrase' in p ? plainText(p.parts) : 'line' in p ? `${p.line} ${p.text}` : ''))
    .join('')
}

/** Whether `text` has the number `n` as a number of its own (not inside 123). @param {string} text @param {number} n */
function mentions(text, n) {
  const digits = String(n)
  const isDigit = (/** @type {string | undefined} */ c) => c !== undefined && c >= '0' && c <= '9'
  for (let at = text.indexOf(digits); at !== -1; at = text.indexOf(digits, at + 1)) {
    if (!isDigit(text[at - 1]) && !isDigit(text[at + digits.length])) return true
  }
  return false
}

module.exports = { ERROR_CODES, toolError, argumentError, failure, typeName }
