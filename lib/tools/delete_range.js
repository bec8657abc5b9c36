// @ts-check
'use strict'

// delete_range: the lines between two anchor lines (text or line numbers). Its
// arguments and description are the declaration of `deleteRange` (lib/operations.js);
// here is what they mean together: each end is an anchor or a line number, not both.

const { argumentError } = require('./errors.js')
const { changeSummary, changed, diffCounts, plural } = require('./results.js')

/** @typedef {import('./session.js').ToolBehaviour} ToolBehaviour */
/** @typedef {import('../../index.js').EditResult} EditResult */

/**
 * One end of the range: its anchor (`start_anchor`) or its line number (`start_line`),
 * not both.
 * @param {Record<string, unknown>} values
 * @param {'start' | 'end'} end
 * @param {(param: string) => string} name the schema's name of a parameter
 * @returns {string | number}
 */
function readEnd(values, end, name) {
  const which = end === 'start' ? 'first' : 'last'
  const anchorName = name(`${end}Anchor`)
  const lineName = name(`${end}Line`)
  const anchor = /** @type {string | number | undefined} */ (values[`${end}Anchor`])
  const line = /** @type {number | undefined} */ (values[`${end}Line`])
  if (anchor === undefined) {
    if (line !== undefined) return line
    throw argumentError(
      `${anchorName} is missing: give the ${which} line's text as ${anchorName}, or its 1-based number as ${lineName}.`,
    )
  }
  if (line !== undefined) {
    throw argumentError(
      `Both ${anchorName} and ${lineName} are given for the ${which} line: give only one of them ` +
        `(${anchorName}: the line's text or number; ${lineName}: its number).`,
    )
  }
  return anchor
}

/** A line number sent as a JSON string ("12"), as a number; anything else as it is. @param {string | number} a */
function numeric(a) {
  return typeof a === 'string' && /^\s*\d+\s*$/.test(a) && Number(a) > 0 ? Number(a) : a
}

/** @type {ToolBehaviour} */
const deleteRange = {
  operation: 'deleteRange',

  async run(values, call, name) {
    const path = /** @type {string} */ (values.path)
    const start = readEnd(values, 'start', name)
    const end = readEnd(values, 'end', name)
    const inclusive = values.inclusive === true
    const result = await call.change({
      paths: [path],
      oneCall: true,
      compute: async ({ write }) => {
        /** @param {string | number} s @param {string | number} e */
        const run = (s, e) => /** @type {Promise<EditResult>} */ (write('deleteRange', path, s, e, call.options({ inclusive })))
        try {
          return await run(start, end)
        } catch (error) {
          // A model that sends a line number as a JSON string ("12") means the number
          // when no line of the file reads "12".
          const code = error && /** @type {{ code?: unknown }} */ (error).code
          if (code !== 'ANCHOR_NOT_FOUND' || (numeric(start) === start && numeric(end) === end)) throw error
          return run(numeric(start), numeric(end))
        }
      },
      files: (r) => [{ path, diff: r.diff, summary: changeSummary('delete_range', path, r.diff), version: r.version }],
    })
    return changed('delete_range', path, result, `Deleted ${plural(diffCounts(result.diff).removed, 'line')} from ${path}.`)
  },
}

module.exports = { deleteRange }
