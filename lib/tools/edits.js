// @ts-check
'use strict'

// What edit_file and multi_edit share: reading one edit in any of its spellings, and
// the retry without read_file's line-number prefixes that models paste into old_text.

const { KEYS, optionalBoolean, requireString, stripPrefixes } = require('./args.js')

/** @typedef {import('../../index.js').Edit} Edit */

/**
 * One edit, from `{ old_text, new_text, replace_all }` or dskcode's
 * `{ oldText, newText, replaceAll }` (or a mix).
 * @param {Record<string, unknown>} obj
 * @returns {Edit}
 */
function readEdit(obj) {
  /** @type {Edit} */
  const edit = { oldText: requireString(obj, KEYS.oldText), newText: requireString(obj, KEYS.newText) }
  if (optionalBoolean(obj, KEYS.replaceAll)) edit.replaceAll = true
  return edit
}

/**
 * Runs `attempt(edits)`; on TEXT_NOT_FOUND, once more with read_file's line-number
 * prefixes removed, when every line of an old_text carries one. The first error is
 * the one reported if the retry fails too.
 * @template R
 * @param {Edit[]} edits
 * @param {(edits: Edit[]) => Promise<R>} attempt
 * @returns {Promise<{ result: R, stripped: boolean }>}
 */
async function withPrefixRetry(edits, attempt) {
  try {
    return { result: await attempt(edits), stripped: false }
  } catch (error) {
    if (!error || /** @type {{ code?: unknown }} */ (error).code !== 'TEXT_NOT_FOUND') throw error
    let changed = false
    const retry = edits.map((edit) => {
      const oldText = stripPrefixes(edit.oldText)
      if (oldText === null) return edit
      changed = true
      const newText = stripPrefixes(edit.newText)
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

module.exports = { readEdit, withPrefixRetry }
