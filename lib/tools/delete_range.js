// @ts-check
'use strict'

// delete_range: the lines between two anchor lines (text or line numbers).

const core = require('../binding.js')
const { KEYS, optionalBoolean, optionalPositiveInt, pick, requirePath, stripPrefixes } = require('./args.js')
const { READ_FIRST } = require('./descriptions.js')
const { argumentError, typeName } = require('./errors.js')
const { changeSummary, changed, diffCounts, plural } = require('./results.js')
const { ENCODING, PATH, anchor, lineNumber } = require('./schemas.js')

/** @typedef {import('./session.js').ToolSpec} ToolSpec */

/**
 * An anchor as the core takes it: a line's text (without a pasted number prefix) or a number.
 * @param {Record<string, unknown>} args
 * @param {readonly string[]} names
 * @returns {string | number}
 */
function readAnchor(args, names) {
  const value = pick(args, names)
  if (typeof value === 'number') {
    if (!Number.isInteger(value) || value < 1) {
      throw argumentError(`${names[0]} as a line number must be a whole number of 1 or more, but it is ${value}.`)
    }
    return value
  }
  if (typeof value !== 'string') {
    throw argumentError(`${names[0]} must be a line's text or a line number, but it is ${typeName(value)}.`)
  }
  const stripped = stripPrefixes(value)
  return stripped === null ? value : stripped
}

/**
 * One end of the range: its anchor (`start_anchor`) or its line number (`start_line`),
 * not both.
 * @param {Record<string, unknown>} args
 * @param {readonly string[]} anchorNames
 * @param {readonly string[]} lineNames
 * @param {string} which `first` or `last`
 * @returns {string | number}
 */
function readEnd(args, anchorNames, lineNames, which) {
  const [anchorName, lineName] = [anchorNames[0], lineNames[0]]
  const line = optionalPositiveInt(args, lineNames)
  if (pick(args, anchorNames) === undefined) {
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
  return readAnchor(args, anchorNames)
}

/** A line number sent as a JSON string ("12"), as a number; anything else as it is. @param {string | number} a */
function numeric(a) {
  return typeof a === 'string' && /^\s*\d+\s*$/.test(a) && Number(a) > 0 ? Number(a) : a
}

/** @type {ToolSpec} */
const deleteRange = {
  name: 'delete_range',
  description:
    'Delete the lines between two anchor lines of a file. An anchor is one whole line exactly as read_file ' +
    'shows it (without the number prefix), or a 1-based line number; each must identify one line. Give each ' +
    'end as start_anchor/end_anchor, or by number as start_line/end_line. The anchor lines are kept unless ' +
    'inclusive is true. Other lines keep their bytes and line endings. ' +
    READ_FIRST,
  parameters: {
    type: 'object',
    properties: {
      path: PATH,
      start_anchor: anchor('first anchor'),
      end_anchor: anchor('last anchor'),
      start_line: lineNumber('first anchor', 'start_anchor'),
      end_line: lineNumber('last anchor', 'end_anchor'),
      inclusive: { type: 'boolean', description: 'Also delete the two anchor lines (default false).' },
      encoding: ENCODING,
    },
    required: ['path'],
  },

  async run(args, call) {
    const path = requirePath(args)
    const start = readEnd(args, KEYS.startAnchor, KEYS.startLine, 'first')
    const end = readEnd(args, KEYS.endAnchor, KEYS.endLine, 'last')
    const inclusive = optionalBoolean(args, ['inclusive']) === true
    const result = await call.change({
      paths: [path],
      compute: async ({ dryRun, expectedVersion }) => {
        /** @param {string | number} s @param {string | number} e */
        const run = (s, e) =>
          core.deleteRange(path, s, e, call.options({ dryRun, expectedVersion: expectedVersion(path), inclusive }))
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
