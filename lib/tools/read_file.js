// @ts-check
'use strict'

// read_file: numbered lines of the file's LF view, under a header with the file's
// line endings, BOM, encoding and version. The version is remembered, so that a
// later change to the file can be refused when the file changed in between.

const core = require('../binding.js')
const { GUTTER, KEYS, optionalPositiveInt, requirePath } = require('./args.js')
const { DEFAULT_READ_LINES } = require('./descriptions.js')
const { argumentError } = require('./errors.js')
const { describeEndings, plural } = require('./results.js')
const { ENCODING, PATH } = require('./schemas.js')
const { toolWarnings } = require('./wording.js')

/** @typedef {import('./session.js').ToolSpec} ToolSpec */
/** @typedef {import('./session.js').Call} Call */
/** @typedef {import('../../tools.js').ToolSuccess} ToolSuccess */

/** Characters of file text read_file returns at most; whole lines are kept below this. */
const DEFAULT_READ_CHARS = 100000

/**
 * The slice to read: offset/limit, or the startLine/endLine of newer dskcode.
 * @param {Record<string, unknown>} args
 * @param {number} defaultLimit
 */
function slice(args, defaultLimit) {
  const offset = optionalPositiveInt(args, ['offset'])
  const limit = optionalPositiveInt(args, ['limit'])
  const startLine = optionalPositiveInt(args, KEYS.startLine)
  const endLine = optionalPositiveInt(args, KEYS.endLine)
  const first = offset !== undefined ? offset : startLine !== undefined ? startLine : 1
  if (limit !== undefined) return { offset: first, limit }
  if (endLine !== undefined) {
    if (endLine < first) {
      throw argumentError(`end_line ${endLine} is before the first line asked for (${first}).`)
    }
    return { offset: first, limit: endLine - first + 1 }
  }
  return { offset: first, limit: defaultLimit }
}

/**
 * @param {{ maxReadLines: number, maxReadChars: number }} settings
 * @returns {ToolSpec}
 */
function readFileTool({ maxReadLines, maxReadChars }) {
  return {
    name: 'read_file',
    description:
      'Read a text file. Output: a [header] with the line count, line endings, BOM, encoding and version, ' +
      `then one line per file line as <line number>${GUTTER}<text>; the number and ${GUTTER} are not part ` +
      `of the file, everything after ${GUTTER} is the line exactly. Line breaks are shown as \\n whatever ` +
      `the file uses. offset is the first line (1-based); at most ${maxReadLines} lines by default ` +
      '(limit); a footer says how to read more when the output is cut. Read a file before editing it.',
    parameters: {
      type: 'object',
      properties: {
        path: PATH,
        offset: { type: 'integer', minimum: 1, description: 'First line to read, 1-based (default 1).' },
        limit: { type: 'integer', minimum: 1, description: `How many lines to read (default ${maxReadLines}).` },
        encoding: ENCODING,
      },
      required: ['path'],
    },
    // Newer dskcode's spelling of the slice.
    accepts: [...KEYS.startLine, ...KEYS.endLine],
    warningLine: (warning) => `[warning: ${warning}]`,
    run: (args, call) => read(args, call, maxReadLines, maxReadChars),
  }
}

/**
 * @param {Record<string, unknown>} args
 * @param {Call} call
 * @param {number} maxLines
 * @param {number} maxChars
 * @returns {Promise<ToolSuccess>}
 */
async function read(args, call, maxLines, maxChars) {
  const path = requirePath(args)
  const { offset, limit } = slice(args, maxLines)
  const r = await call.exclusive([path], async () => {
    const result = await core.readFile(path, call.readOptions({ offset, limit }))
    call.remember(path, result.version)
    return result
  })
  const total = r.totalLines
  if (offset > Math.max(total, 1)) {
    throw argumentError(
      `offset ${offset} is past the end of ${path}, which has ${plural(total, 'line')}. ` +
        (total > 0 ? `Use an offset from 1 to ${total}.` : 'The file is empty.'),
    )
  }
  const header =
    `[${path}: ${plural(total, 'line')} | endings: ${describeEndings(r.eol)}` +
    `${!r.eol.trailingNewline && total > 0 ? ', no newline at end of file' : ''}` +
    ` | BOM: ${r.bom ? 'yes' : 'no'} | encoding: ${r.encoding} | version: ${r.version}]`
  const worded = toolWarnings(r.warnings)
  const warnings = worded.map((w) => `[warning: ${w}]`)
  if (total === 0) return done(path, [header, ...warnings, '[empty file]'], `read_file ${path}: empty file`, worded)

  const lines = r.content.split('\n')
  if (lines[lines.length - 1] === '') lines.pop()
  const width = String(r.startLine + lines.length - 1).length
  const out = [header, ...warnings]
  let used = 0
  let shown = 0
  /** @type {{ n: number, rest: number } | null} */
  let cutLine = null
  for (let i = 0; i < lines.length; i++) {
    const text = lines[i]
    const n = r.startLine + i
    if (used + text.length > maxChars) {
      if (shown === 0) {
        // A single line longer than the whole budget: show its start.
        out.push(`${String(n).padStart(width)}${GUTTER}${text.slice(0, maxChars)}`)
        cutLine = { n, rest: text.length - maxChars }
        shown = 1
      }
      break
    }
    out.push(`${String(n).padStart(width)}${GUTTER}${text}`)
    used += text.length
    shown++
  }
  const last = r.startLine + shown - 1
  if (cutLine) {
    out.push(
      `[line ${cutLine.n} is cut: ${cutLine.rest} more characters of it are not shown ` +
        `(output is capped at ${maxChars} characters).` +
        (last < total ? ` To read on, call read_file with offset ${last + 1}.]` : ']'),
    )
  } else if (last < total) {
    const why = shown < lines.length ? ` (output is capped at ${maxChars} characters; lines are kept whole)` : ''
    out.push(
      `[showing lines ${r.startLine}-${last} of ${total}${why}. ` +
        `To read more, call read_file with offset ${last + 1}.]`,
    )
  }
  return done(path, out, `read_file ${path}: lines ${r.startLine}-${last} of ${total}`, worded)
}

/**
 * @param {string} path
 * @param {string[]} lines
 * @param {string} summary
 * @param {string[]} warnings
 * @returns {ToolSuccess}
 */
function done(path, lines, summary, warnings) {
  /** @type {ToolSuccess} */
  const result = { success: true, data: lines.join('\n'), path, summary }
  if (warnings.length > 0) result.warnings = [...warnings]
  return result
}

module.exports = { readFileTool, DEFAULT_READ_LINES, DEFAULT_READ_CHARS }
