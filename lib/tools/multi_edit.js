// @ts-check
'use strict'

// multi_edit: several edits of one file, in order, all or nothing.

const core = require('../binding.js')
const { pick, requirePath, unknownArguments } = require('./args.js')
const { CHANGE_EOL, PRESERVE, READ_FIRST, TIERS } = require('./descriptions.js')
const { readEdit, withPrefixRetry } = require('./edits.js')
const { argumentError, typeName } = require('./errors.js')
const { PREFIX_NOTE, changeSummary, changed, editHead, tierNotes } = require('./results.js')
const { ENCODING, PATH } = require('./schemas.js')

/** @typedef {import('./session.js').ToolSpec} ToolSpec */
/** @typedef {import('../../index.js').Edit} Edit */

const SHAPE = 'an array of {old_text, new_text, replace_all?}'

/** The arguments of one edit, as the schema names them. */
const EDIT_KEYS = ['old_text', 'new_text', 'replace_all']

/**
 * The edits, each read in any of its spellings; a failure names the edit. A key of an
 * edit that no spelling names is ignored, with a warning in `warnings`.
 * @param {Record<string, unknown>} args
 * @param {string[]} warnings
 * @returns {Edit[]}
 */
function readEdits(args, warnings) {
  let edits = pick(args, ['edits'])
  if (typeof edits === 'string') {
    try {
      edits = JSON.parse(edits)
    } catch {
      throw argumentError(`edits must be ${SHAPE}, but it is a string that is not JSON.`)
    }
  }
  if (!Array.isArray(edits)) throw argumentError(`edits must be ${SHAPE}, but it is ${typeName(edits)}.`)
  if (edits.length === 0) throw argumentError('edits is empty: give at least one edit.')
  return edits.map((item, i) => {
    try {
      if (item === null || typeof item !== 'object' || Array.isArray(item)) {
        throw argumentError(`each edit must be an object {old_text, new_text, replace_all?}, but it is ${typeName(item)}.`)
      }
      const edit = /** @type {Record<string, unknown>} */ (item)
      warnings.push(...unknownArguments(edit, EDIT_KEYS, { prefix: `edits[${i}].` }))
      return readEdit(edit)
    } catch (error) {
      if (error && typeof error === 'object') /** @type {{ editIndex?: number }} */ (error).editIndex = i
      throw error
    }
  })
}

/** @type {ToolSpec} */
const multiEdit = {
  name: 'multi_edit',
  description:
    'Apply several edits to one file, in order (each on the result of the previous), all or nothing: if ' +
    'one fails nothing is written and the error names it (edit #N). Each edit is {old_text, new_text, ' +
    'replace_all?} with the rules of edit_file: old_text must match one place unless replace_all. ' +
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
      edits: {
        type: 'array',
        minItems: 1,
        description: 'Edits applied in order; all succeed or nothing is written.',
        items: {
          type: 'object',
          properties: {
            old_text: { type: 'string', description: 'The text to replace, line breaks as \\n.' },
            new_text: { type: 'string', description: 'The replacement text, line breaks as \\n.' },
            replace_all: { type: 'boolean', description: 'Replace every match instead of requiring one (default false).' },
          },
          required: ['old_text', 'new_text'],
        },
      },
      encoding: ENCODING,
    },
    required: ['path', 'edits'],
  },

  async run(args, call) {
    const path = requirePath(args)
    const edits = readEdits(args, call.warnings)
    const { result, stripped } = await call.change({
      paths: [path],
      compute: ({ dryRun, expectedVersion }) =>
        withPrefixRetry(edits, (list) =>
          core.multiEdit(path, list, call.options({ dryRun, expectedVersion: expectedVersion(path) })),
        ),
      files: ({ result }) => [
        { path, diff: result.diff, summary: changeSummary('multi_edit', path, result.diff), version: result.version },
      ],
    })
    const notes = tierNotes(result.matchedBy, true)
    if (stripped || result.matchedBy.includes('lineNumbers')) notes.push(PREFIX_NOTE)
    return changed('multi_edit', path, result, editHead(path, result, { edits: edits.length }), notes)
  },
}

module.exports = { multiEdit }
