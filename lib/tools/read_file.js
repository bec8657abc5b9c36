// @ts-check
'use strict'

// read_file: numbered lines of the file's LF view, under a header with the file's
// line endings, BOM, encoding and version. The version is remembered, so that a
// later change to the file can be refused when the file changed in between. Its
// arguments and description are the declaration of `readFile` (lib/operations.js).

const { GUTTER } = require('../operations.js')
const { cutText } = require('./cut.js')
const { argumentError } = require('./errors.js')
const { describeEndings, plural } = require('./results.js')
const { warningsOf } = require('./wording.js')

/** @typedef {import('./session.js').ToolBehaviour} ToolBehaviour */
/** @typedef {import('./session.js').Call} Call */
/** @typedef {import('../../tools.js').ToolSuccess} ToolSuccess */

/**
 * The slice to read: offset/limit, or the startLine/endLine of newer dskcode.
 * @param {Record<string, unknown>} values
 * @param {number} defaultLimit
 * @param {(param: string) => string} name the schema's name of a parameter
 */
function slice(values, defaultLimit, name) {
  const { offset, limit, startLine, endLine } = /** @type {Record<string, number | undefined>} */ (values)
  const first = offset !== undefined ? offset : startLine !== undefined ? startLine : 1
  if (limit !== undefined) return { offset: first, limit }
  if (endLine !== undefined) {
    if (endLine < first) {
      throw argumentError(`${name('endLine')} ${endLine} is before the first line asked for (${first}).`)
    }
    return { offset: first, limit: endLine - first + 1 }
  }
  return { offset: first, limit: defaultLimit }
}

/** @type {ToolBehaviour} */
const readFileTool = {
  operation: 'readFile',
  run: (values, call, name) => read(values, call, name),
}

/**
 * @param {Record<string, unknown>} values
 * @param {Call} call
 * @param {(param: string) => string} name
 * @returns {Promise<ToolSuccess>}
 */
async function read(values, call, name) {
  const { maxReadLines: maxLines, maxReadChars: maxChars } = call.session.settings
  const path = /** @type {string} */ (values.path)
  // What the model reads is what it will know of the file: by its path as it is now.
  call.fresh = true
  const { offset, limit } = slice(values, maxLines, name)
  const r = await call.exclusive([path], async () => {
    /** @type {import('../../index.js').ReadResult} */
    const result = await call.library('readFile', [path], path, call.readOptions({ offset, limit }))
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
  const worded = warningsOf(r)
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
        const start = cutText(text, maxChars)
        out.push(`${String(n).padStart(width)}${GUTTER}${start}`)
        cutLine = { n, rest: text.length - start.length }
        shown = 1
      }
      break
    }
    out.push(`${String(n).padStart(width)}${GUTTER}${text}`)
    used += text.length
    shown++
  }
  const last = r.startLine + shown - 1
  call.saw(path, r, cutLine ? 0 : shown)
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

module.exports = { readFileTool }
