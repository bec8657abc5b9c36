// @ts-check
'use strict'

// How a tool fails: every failure, thrown by the core or by the tool layer, becomes
// `{ success: false, error: CODE, data }`, where `data` is written for the model to
// read and act on in one retry, in the tools' words (wording.js). The host's mistakes (bad createTools options) are
// thrown at creation instead, so a model never sees them.

const { EolEditError } = require('../binding.js')
const { toolWording } = require('./wording.js')

/** @typedef {import('../../index.js').ErrorCode} ErrorCode */
/** @typedef {import('../../tools.js').ToolFailure} ToolFailure */

/** Every code a tool can report (the library's, plus REJECTED for the host's approval). */
const ERROR_CODES = new Set([
  'INVALID_ARGUMENT',
  'TEXT_NOT_FOUND',
  'TEXT_MULTIPLE_MATCHES',
  'NO_CHANGE',
  'ANCHOR_NOT_FOUND',
  'ANCHOR_MULTIPLE_MATCHES',
  'ANCHOR_ORDER',
  'EMPTY_RANGE',
  'FILE_NOT_FOUND',
  'NOT_A_FILE',
  'BINARY_FILE',
  'FILE_TOO_LARGE',
  'FILE_CHANGED',
  'PATH_OUTSIDE_ROOT',
  'PERMISSION_DENIED',
  'IO_ERROR',
  'ENCODING_UNMAPPABLE',
  'ENCODING_UNKNOWN',
  'PATCH_INVALID',
  'REJECTED',
])

/**
 * A failure of the tool layer itself, built like the core's errors.
 * @param {ErrorCode} code
 * @param {string} message
 * @param {{ editIndex?: number, hint?: string }} [details]
 */
function toolError(code, message, details = {}) {
  return new EolEditError(message, { code, ...details })
}

/** `INVALID_ARGUMENT` for arguments a model sent wrong. @param {string} message */
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
 * @param {(text: string) => string} [wording] whose words (default: the tools'; a host's
 *   tool shape passes its own, wording.js `hostWording`)
 * @returns {ToolFailure}
 */
function failure(error, path, wording = toolWording) {
  try {
    return describeFailure(error, path, wording)
  } catch {
    return { success: false, error: 'IO_ERROR', data: 'The tool failed unexpectedly; read the file to see its state.' }
  }
}

/**
 * @param {unknown} thrown
 * @param {string | undefined} path
 * @param {(text: string) => string} wording
 * @returns {ToolFailure}
 */
function describeFailure(thrown, path, wording) {
  /** @type {{ code?: unknown, message?: unknown, hint?: unknown, lines?: unknown, editIndex?: unknown, fileIndex?: unknown }} */
  const error = thrown !== null && typeof thrown === 'object' ? thrown : {}
  const code = /** @type {ErrorCode} */ (
    typeof error.code === 'string' && ERROR_CODES.has(error.code) ? error.code : 'IO_ERROR'
  )
  let message = typeof error.message === 'string' && error.message ? error.message : String(thrown)
  if (typeof error.hint === 'string' && error.hint && !message.includes(error.hint)) {
    message += (/[.!?]$/.test(message) ? ' ' : '. ') + error.hint
  }
  const lines = Array.isArray(error.lines) ? error.lines.filter((n) => Number.isInteger(n)) : []
  if (lines.length > 0 && !lines.every((n) => new RegExp(`\\b${n}\\b`).test(message))) {
    message += ` (${lines.length === 1 ? 'line' : 'lines'} ${lines.join(', ')})`
  }
  message = wording(message)
  if (typeof error.editIndex === 'number' && Number.isInteger(error.editIndex)) {
    const i = error.editIndex
    message =
      `edit #${i + 1} (edits[${i}]) failed: ${message}` +
      ' Nothing was written: fix that edit and send all the edits again.'
  }
  if (typeof error.fileIndex === 'number' && Number.isInteger(error.fileIndex)) {
    // apply_patch: the message names the file and the hunk.
    message += ' Nothing was written: fix that part of the patch and send the whole patch again.'
  }
  /** @type {ToolFailure} */
  const result = { success: false, error: code, data: message }
  if (path !== undefined) result.path = path
  return result
}

module.exports = { ERROR_CODES, toolError, argumentError, failure, typeName }
