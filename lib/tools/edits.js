// @ts-check
'use strict'

// The tool shapes' retry without their host's read-tool line-number prefixes that
// models paste into the old text (lib/tools/shapes/host.js: each host numbers lines its
// own way). The dskcode tools' own edit_file and multi_edit need none: the core's
// lineNumbers tier matches read_file's `  12│` prefixes.

const { stripPrefixes } = require('./args.js')

/** @typedef {import('../../index.js').Edit} Edit */

/**
 * Runs `attempt(edits)`; on TEXT_NOT_FOUND, once more with read_file's line-number
 * prefixes removed, when every line of an old_text carries one. The first error is
 * the one reported if the retry fails too.
 * @template R
 * @param {Edit[]} edits
 * @param {(edits: Edit[]) => Promise<R>} attempt
 * @param {RegExp} [prefix] the prefix of a numbered line, when a host's read tool numbers its own way
 * @returns {Promise<{ result: R, stripped: boolean }>}
 */
async function withPrefixRetry(edits, attempt, prefix) {
  try {
    return { result: await attempt(edits), stripped: false }
  } catch (error) {
    if (!error || /** @type {{ code?: unknown }} */ (error).code !== 'TEXT_NOT_FOUND') throw error
    let changed = false
    const retry = edits.map((edit) => {
      const oldText = stripPrefixes(edit.oldText, prefix)
      if (oldText === null) return edit
      changed = true
      const newText = stripPrefixes(edit.newText, prefix)
      return { ...edit, oldText, newText: newText === null ? edit.newText : newText }
    })
    if (!changed) throw error
    try {
      return { result: await attempt(retry), stripped: true }
    } catch {
      throw error
    }
  }
}

module.exports = { withPrefixRetry }
