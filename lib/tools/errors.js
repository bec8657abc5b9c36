// @ts-check
'use strict'

// How a tool fails: every failure, thrown by the core or by the tool layer, becomes
// `{ success: false, error: CODE, data }`, where `data` is written for the model to
// read and act on in one retry, in the words of its tools: the error's parts rendered
// by a vocabulary (wording.js). The host's mistakes (bad createTools options) are
// thrown at creation instead, so a model never sees them.

const { EolEditError, ErrorCode: CODES } = require('../binding.js')
const { TOOL_WORDS, render, renderFailure } = require('./wording.js')

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
  const result = /** @type {ToolFailure} */ ({ success: false, error: code, data: renderFailure(failureFacts(thrown), words) })
  if (path !== undefined) result.path = path
  return result
}

/** The code of anything thrown: its own when it is one a tool reports, else IO_ERROR. @param {unknown} thrown */
function codeOf(thrown) {
  const code = thrown !== null && typeof thrown === 'object' ? /** @type {{ code?: unknown }} */ (thrown).code : undefined
  return typeof code === 'string' && ERROR_CODES.has(/** @type {ErrorCode} */ (code)) ? /** @type {ErrorCode} */ (code) : 'IO_ERROR'
}

/**
 * The facts of anything thrown that its failure says.
 * @param {unknown} thrown
 * @returns {import('./wording.js').FailureFacts}
 */
function failureFacts(thrown) {
  /** @type {{ message?: unknown, parts?: unknown, hint?: unknown, hintParts?: unknown, lines?: unknown, editIndex?: unknown, fileIndex?: unknown }} */
  const error = thrown !== null && typeof thrown === 'object' ? thrown : {}
  /** @type {import('./wording.js').FailureFacts} */
  const facts = { message: typeof error.message === 'string' && error.message ? error.message : String(thrown) }
  if (Array.isArray(error.parts)) facts.parts = error.parts
  if (typeof error.hint === 'string') facts.hint = error.hint
  if (Array.isArray(error.hintParts)) facts.hintParts = error.hintParts
  if (Array.isArray(error.lines)) facts.lines = error.lines.filter((n) => Number.isInteger(n) && n >= 0)
  if (Number.isInteger(error.editIndex)) facts.editIndex = /** @type {number} */ (error.editIndex)
  if (Number.isInteger(error.fileIndex)) facts.fileIndex = /** @type {number} */ (error.fileIndex)
  return facts
}

module.exports = { ERROR_CODES, toolError, argumentError, failure, typeName }
