// @ts-check
'use strict'

// The guards of a tool set: the core refuses new text that looks like a model's
// mistake (SUSPECT_CONTENT: a placeholder for code left out, a whole file cut short, a
// control character, an edit's own markers), and every tool that brings text in runs
// every guard, but those the host turns off (`createTools({ guards: { markers: 'off'
// } })`) and those the model lets through with the call's `allow` argument after a
// refusal. A guard the host makes 'final' cannot be let through: the model's `allow`
// is not taken for it, and its refusal says so instead of naming `allow`.

const { EolEditError } = require('../binding.js')
const { GUARD_REASONS } = require('../operations.js')
const { closest } = require('./names.js')

/** @typedef {import('../../index.js').GuardReason} GuardReason */
/** @typedef {import('../../tools.js').GuardSetting} GuardSetting */
/** @typedef {Record<GuardReason, GuardSetting>} Settings */

const SETTINGS = ['on', 'off', 'final']

/**
 * createTools' `guards` option, checked: each guard's setting, 'on' where the host
 * says nothing. A host's mistake throws (an unknown guard is an EolEditError naming the
 * closest one; a setting of the wrong kind a TypeError).
 * @param {unknown} value
 * @param {string} where the function whose option it is, for messages
 * @returns {Settings}
 */
function guardSettings(value, where) {
  const settings = /** @type {Settings} */ (Object.fromEntries(GUARD_REASONS.map((r) => [r, 'on'])))
  if (value === undefined) return settings
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new TypeError(`${where}: guards must be an object such as { markers: 'off' } (each guard 'on', 'off' or 'final').`)
  }
  for (const [reason, setting] of Object.entries(value)) {
    if (!GUARD_REASONS.includes(reason)) {
      const near = closest(reason, GUARD_REASONS)
      const hint = `The guards are ${GUARD_REASONS.join(', ')}${near ? `; did you mean ${JSON.stringify(near)}?` : '.'}`
      throw new EolEditError(`${where}: guards has ${JSON.stringify(reason)}, which is not a guard. ${hint}`, { code: 'INVALID_ARGUMENT', hint })
    }
    if (typeof setting !== 'string' || !SETTINGS.includes(setting)) {
      throw new TypeError(`${where}: guards.${reason} must be 'on', 'off' or 'final', not ${JSON.stringify(setting)}.`)
    }
    settings[/** @type {GuardReason} */ (reason)] = /** @type {GuardSetting} */ (setting)
  }
  return settings
}

/**
 * The library's `guards` for a call: every guard that is not off, but those the
 * model's `allow` lets through (a final one it cannot); undefined when there is none.
 * @param {Settings} settings
 * @param {readonly string[]} allow
 * @returns {GuardReason[] | undefined}
 */
function callGuards(settings, allow) {
  const on = GUARD_REASONS.filter((r) => {
    const setting = settings[/** @type {GuardReason} */ (r)]
    return setting === 'final' || (setting === 'on' && !allow.includes(r))
  })
  return on.length > 0 ? /** @type {GuardReason[]} */ (on) : undefined
}

/**
 * The error as the tool set reports it: a refusal by a guard the host made final
 * says so, instead of how to let it through (its hint's `allow-guard` phrase). Any
 * other error as it is.
 * @param {unknown} error
 * @param {Settings} settings
 * @returns {unknown}
 */
function finalRefusal(error, settings) {
  const e = /** @type {{ code?: unknown, reason?: unknown, hintParts?: unknown }} */ (error)
  if (!e || e.code !== 'SUSPECT_CONTENT' || typeof e.reason !== 'string' || !Array.isArray(e.hintParts)) return error
  if (settings[/** @type {GuardReason} */ (e.reason)] !== 'final') return error
  e.hintParts = e.hintParts.map((part) =>
    part !== null && typeof part === 'object' && part.phrase === 'allow-guard'
      ? { phrase: 'guard-final', parts: [`This host does not let the ${e.reason} guard be passed: write the text another way, or ask the user.`] }
      : part,
  )
  return error
}

module.exports = { guardSettings, callGuards, finalRefusal }
