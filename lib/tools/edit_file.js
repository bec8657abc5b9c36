// @ts-check
'use strict'

// edit_file: replace old_text with new_text, matched in the file's LF view through
// the lenient tiers, each line written with the ending it had. Its arguments and
// description are the declaration of `editFile` (lib/operations.js).

const { changeSummary, edited } = require('./results.js')

/** @typedef {import('./session.js').ToolBehaviour} ToolBehaviour */
/** @typedef {import('./session.js').Session} Session */
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
    // Old text pasted with read_file's line-number prefixes is matched by the core's
    // lineNumbers tier, after every other tier: no retry here.
    /** @type {EditResult} */
    const result = await call.change({
      paths: [path],
      oneCall: true,
      compute: ({ write }) =>
        write('editFile', path, edit.oldText, edit.newText, call.options({ replaceAll: edit.replaceAll, guards: call.guards })),
      files: (result) => [
        { path, diff: result.diff, summary: changeSummary('edit_file', path, result.diff), version: result.version },
      ],
    })
    return edited('edit_file', path, result)
  },
}

module.exports = { editFile }
