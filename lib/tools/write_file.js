// @ts-check
'use strict'

// write_file: a whole file. Overwriting keeps the file's conventions (each unchanged
// line its ending, the BOM, the encoding); a new file's endings are the core's choice
// (.editorconfig/.gitattributes, else LF).

const core = require('../binding.js')
const { KEYS, pick, requirePath, requireString } = require('./args.js')
const { PRESERVE, READ_FIRST } = require('./descriptions.js')
const { argumentError } = require('./errors.js')
const { changed, changeSummary, describeEndings, diffCounts, plural } = require('./results.js')
const { ENCODING, PATH } = require('./schemas.js')

/** @typedef {import('./session.js').ToolSpec} ToolSpec */
/** @typedef {import('../../index.js').EditResult} EditResult */

/**
 * @param {Record<string, unknown>} args
 * @returns {'preserve' | 'lf' | 'crlf' | undefined}
 */
function readEol(args) {
  const eol = pick(args, ['eol'])
  if (eol === undefined || eol === 'preserve' || eol === 'lf' || eol === 'crlf') return eol
  throw argumentError(`eol must be "preserve", "lf" or "crlf", but it is ${JSON.stringify(eol)}.`)
}

/** @type {ToolSpec} */
const writeFile = {
  name: 'write_file',
  description:
    'Write a whole file, creating missing folders. ' +
    PRESERVE +
    " Overwriting keeps the old file's line endings and BOM; a new file takes its ending from " +
    '.editorconfig/.gitattributes, else LF. Set eol to "lf" or "crlf" only to convert the whole file on ' +
    'purpose. Prefer edit_file for changing part of a file. ' +
    READ_FIRST,
  parameters: {
    type: 'object',
    properties: {
      path: PATH,
      content: { type: 'string', description: 'The whole new content, line breaks written as \\n.' },
      eol: {
        type: 'string',
        enum: ['preserve', 'lf', 'crlf'],
        description: 'Line endings: "preserve" (default) keeps the file\'s own; "lf"/"crlf" convert on purpose.',
      },
      encoding: ENCODING,
    },
    required: ['path', 'content'],
  },

  async run(args, call) {
    const path = requirePath(args)
    const content = requireString(args, KEYS.content)
    const eol = readEol(args)
    const existed = call.isFile(path)
    /** @type {EditResult} */
    const r = await call.change({
      paths: [path],
      compute: ({ dryRun, expectedVersion }) =>
        core.writeFile(path, content, call.options({ dryRun, expectedVersion: expectedVersion(path), ...(eol ? { eol } : {}) })),
      files: (result) => [
        { path, diff: result.diff, summary: changeSummary('write_file', path, result.diff), version: result.version },
      ],
    })
    const endings = describeEndings(r.eol)
    if (!r.changed) {
      return { success: true, data: `No change: ${path} already has exactly this content.`, path, diff: '', summary: `write_file ${path}: no change` }
    }
    if (!existed) {
      // The model wrote every line itself: the diff would only repeat them.
      const head = `Created ${path}: ${plural(diffCounts(r.diff).added, 'line')}, line endings: ${endings}.`
      return changed('write_file', path, r, head, [], { showDiff: false })
    }
    const { added, removed } = diffCounts(r.diff)
    const kept =
      eol === 'lf' || eol === 'crlf'
        ? `Line endings converted to ${eol.toUpperCase()} on purpose.`
        : `Existing line endings and BOM kept; endings now: ${endings}.`
    return changed('write_file', path, r, `Wrote ${path}: +${added} -${removed} lines. ${kept}`)
  },
}

module.exports = { writeFile }
