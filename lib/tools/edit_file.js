// @ts-check
'use strict'

// edit_file: replace old_text with new_text, matched in the file's LF view through
// the lenient tiers, each line written with the ending it had.

const core = require('../binding.js')
const { requirePath } = require('./args.js')
const { CHANGE_EOL, PRESERVE, READ_FIRST, TIERS } = require('./descriptions.js')
const { readEdit, withPrefixRetry } = require('./edits.js')
const { PREFIX_NOTE, changeSummary, changed, editHead, tierNotes } = require('./results.js')
const { ENCODING, PATH } = require('./schemas.js')

/** @typedef {import('./session.js').ToolSpec} ToolSpec */

/** @type {ToolSpec} */
const editFile = {
  name: 'edit_file',
  description:
    'Replace old_text with new_text in a file and return the diff. old_text must match exactly one place ' +
    '(add surrounding lines to make it unique) unless replace_all is true. ' +
    READ_FIRST +
    ' ' +
    PRESERVE +
    ' ' +
    TIERS +
    ' ' +
    CHANGE_EOL,
  parameters: {
    type: 'object',
    properties: {
      path: PATH,
      old_text: { type: 'string', description: 'The text to replace, as read_file shows it, line breaks as \\n.' },
      new_text: { type: 'string', description: 'The replacement text, line breaks as \\n.' },
      replace_all: { type: 'boolean', description: 'Replace every match instead of requiring exactly one (default false).' },
      encoding: ENCODING,
    },
    required: ['path', 'old_text', 'new_text'],
  },

  async run(args, call) {
    const path = requirePath(args)
    const edit = readEdit(args)
    const { result, stripped } = await call.change({
      paths: [path],
      compute: ({ dryRun, expectedVersion }) =>
        withPrefixRetry([edit], ([e]) =>
          core.editFile(
            path,
            e.oldText,
            e.newText,
            call.options({ dryRun, expectedVersion: expectedVersion(path), replaceAll: e.replaceAll === true }),
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
