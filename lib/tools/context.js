// @ts-check
'use strict'

// What a host may pass with each call of a tool (`execute(args, context)`): the folder
// relative paths start from and an AbortSignal. A host's own call context is taken
// whole where its tools get one (the Vercel AI SDK's call options; OpenCode's tool
// context, whose `abort` cancels), so that `execute` plugs in as it is.

const { argumentError } = require('./errors.js')
const { closest } = require('./names.js')

/** @typedef {import('../../tools.js').ToolContext} ToolContext */

/**
 * A host's own context keys: those that cancel, and those taken and not used.
 * @typedef {object} HostContext
 * @property {readonly string[]} [signals] keys whose AbortSignal cancels (after `signal`)
 * @property {readonly string[]} [ignored] keys taken and not used
 */

/** The keys of `execute`'s context. */
const CONTEXT_KEYS = ['cwd', 'signal']

/** The Vercel AI SDK's `ToolExecutionOptions`: only `abortSignal` is used. */
const AI_SDK = { signals: ['abortSignal'], ignored: ['toolCallId', 'messages', 'context', 'experimental_sandbox'] }

/**
 * The per-call context a host may pass: `cwd` for relative paths, `signal` to cancel.
 * @param {unknown} context
 * @param {HostContext} [host] the keys of the host's own context, besides the AI SDK's
 * @returns {ToolContext}
 */
function readContext(context, host = {}) {
  if (context === undefined || context === null) return {}
  if (typeof context !== 'object') throw argumentError('The call context must be an object { cwd?, signal? }.')
  const signals = [...AI_SDK.signals, ...(host.signals || [])]
  const known = [...CONTEXT_KEYS, ...signals, ...AI_SDK.ignored, ...(host.ignored || [])]
  // The host's mistake, but a mistyped `signal` would switch cancelling off unseen.
  for (const key of Object.keys(context)) {
    if (!known.includes(key)) {
      throw argumentError(
        `The call context has an unknown key ${JSON.stringify(key)} (known: cwd, signal); ` +
          `did you mean ${JSON.stringify(closest(key, CONTEXT_KEYS))}?`,
      )
    }
  }
  const given = /** @type {Record<string, unknown>} */ (context)
  const { cwd } = given
  let signal = given.signal
  for (const key of signals) signal = signal ?? given[key]
  /** @type {ToolContext} */
  const out = {}
  if (cwd !== undefined && cwd !== null) {
    if (typeof cwd !== 'string' || cwd === '') throw argumentError('context.cwd must be a folder path.')
    out.cwd = cwd
  }
  if (signal !== undefined && signal !== null) {
    if (typeof signal !== 'object' || typeof (/** @type {{ aborted?: unknown }} */ (signal).aborted) !== 'boolean') {
      throw argumentError('context.signal must be an AbortSignal.')
    }
    out.signal = /** @type {AbortSignal} */ (signal)
  }
  return out
}

module.exports = { readContext }
