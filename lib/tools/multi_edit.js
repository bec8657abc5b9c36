// @ts-check
'use strict'

// multi_edit: several edits of one file, in order, all or nothing. Its arguments
// (each edit's too) and description are the declaration of `multiEdit`
// (lib/operations.js).

const { changeSummary, edited } = require('./results.js')

/** @typedef {import('./session.js').ToolBehaviour} ToolBehaviour */
/** @typedef {import('../../index.js').Edit} Edit */
/** @typedef {import('../../index.js').EditResult} EditResult */

/** @type {ToolBehaviour} */
const multiEdit = {
  operation: 'multiEdit',

  async run(values, call) {
    const path = /** @type {string} */ (values.path)
    const edits = /** @type {Edit[]} */ (values.edits)
    // Each edit's old text pasted with read_file's line-number prefixes is matched by
    // the core's lineNumbers tier: no retry here.
    /** @type {EditResult} */
    const result = await call.change({
      paths: [path],
      oneCall: true,
      compute: ({ write }) => write('multiEdit', path, edits, call.options({ guards: call.guards })),
      files: (result) => [
        { path, diff: result.diff, summary: changeSummary('multi_edit', path, result.diff), version: result.version },
      ],
    })
    return edited('multi_edit', path, result, edits.length)
  },
}

module.exports = { multiEdit }
