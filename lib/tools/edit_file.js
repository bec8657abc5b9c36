// @ts-check
'use strict'

// edit_file: replace old_text with new_text, matched in the file's LF view through
// the lenient tiers, each line written with the ending it had. Its arguments and
// description are the declaration of `editFile` (lib/operations.js).

const { withPrefixRetry } = require('./edits.js')
const { PREFIX_NOTE, changeSummary, changed, editHead, tierNotes } = require('./results.js')

/** @typedef {import('./session.js').ToolBehaviour} ToolBehaviour */
/** @typedef {import('../../index.js').Edit} Edit */
/** @typedef {import('../../index.js').EditResult} EditResult */

/** @type {ToolBehaviour} */
const editFile = {
  operation: 'editFile',

  async run(values, call) {
    const path = /** @type {string} */ (values.path)
    /** @type {Edit} */
    const edit = { oldText: /** @type {string} */ (values.oldText), newText: /** @type {string} */ (values.newText) }
    if (values.replaceAll === true) edit.replaceAll = true
    const { result, stripped } = await call.change({
      paths: [path],
      compute: ({ dryRun, expectedVersion }) =>
        withPrefixRetry([edit], ([e]) =>
          /** @type {Promise<EditResult>} */ (
            call.library(
              'editFile',
              [path],
              path,
              e.oldText,
              e.newText,
              call.options({ dryRun, expectedVersion: expectedVersion(path), replaceAll: e.replaceAll }),
            )
          ),
        ),
      files: ({ result }) => [
        { path, diff: result.diff, summary: changeSummary('edit_file', path, result.diff), version: result.version },
      ],
    })
    const notes = tierNotes(result.matchedBy, false)
    if (stripped || result.matchedBy.includes('lineNumbers')) notes.push(PREFIX_NOTE)
    return changed('edit_file', path, result, editHead(path, result), notes)
  },
}

module.exports = { editFile }
