// @ts-check
'use strict'

// write_file: a whole file. Overwriting keeps the file's conventions (each unchanged
// line its ending, the BOM, the encoding); a new file's endings are the core's choice
// (.editorconfig/.gitattributes, else LF). Its arguments and description are the
// declaration of `writeFile` (lib/operations.js).

const { changed, changeSummary, describeEndings, diffCounts, plural } = require('./results.js')

/** @typedef {import('./session.js').ToolBehaviour} ToolBehaviour */
/** @typedef {import('../../index.js').EditResult} EditResult */

/** @type {ToolBehaviour} */
const writeFile = {
  operation: 'writeFile',

  async run(values, call) {
    const path = /** @type {string} */ (values.path)
    const content = /** @type {string} */ (values.content)
    const eol = /** @type {'preserve' | 'lf' | 'crlf' | undefined} */ (values.eol)
    const existed = call.isFile(path)
    /** @type {EditResult} */
    const r = await call.change({
      paths: [path],
      oneCall: true,
      compute: ({ write }) => write('writeFile', path, content, call.options({ eol, guards: call.guards })),
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
