// @ts-check
'use strict'

// What a successful call tells the model (`data`) and the host (`summary`, `diff`):
// a one-line summary, notes on lenient matches and warnings, and the diff without
// its header (the summary names the file), cut when very long.

const core = require('../binding.js')
const { warningsOf } = require('./wording.js')

/** @typedef {import('../../index.js').EolInfo} EolInfo */
/** @typedef {import('../../index.js').EditResult} EditResult */
/** @typedef {import('../../tools.js').ToolSuccess} ToolSuccess */
/** @typedef {import('../../tools.js').ToolResult} ToolResult */

/** @param {number} n @param {string} word */
function plural(n, word) {
  return `${n} ${word}${n === 1 ? '' : 's'}`
}

/**
 * "CRLF", "LF", "none" or "mixed (CRLF 2, LF 1)" (the core's words for the endings).
 * @param {EolInfo | undefined} eol
 */
function describeEndings(eol) {
  return eol ? core.describeEndings(eol.crlf, eol.lf, eol.cr) : 'unknown'
}

/**
 * The diff as the model reads it: no header, cut at a line when longer than 400 lines
 * or 40,000 characters (the note names `reader`, the model's tool that shows the
 * whole result). The core's (`compactDiff`), as the Python tools show it.
 * @param {string} diff
 * @param {string} [reader]
 */
function compactDiff(diff, reader = 'read_file') {
  if (typeof diff !== 'string' || diff === '') return ''
  return core.compactDiff(diff, reader)
}

/** Lines added and removed by a diff (the core's `diffCounts`). @param {string} diff */
function diffCounts(diff) {
  return typeof diff === 'string' ? core.diffCounts(diff) : { added: 0, removed: 0 }
}

/**
 * What the model is told of an edit each lenient tier matched (the core's `tierNote`),
 * by tier: `TIER_NOTES.unicode` is "matched only after folding Unicode look-alikes …".
 * @type {Readonly<Record<string, string>>}
 */
const TIER_NOTES = Object.freeze(
  Object.fromEntries(
    Object.values(core.Tier).flatMap((tier) => {
      const note = core.tierNote(tier)
      return note == null ? [] : [[tier, note]]
    }),
  ),
)

/**
 * One note per edit a lenient tier matched, and one that the other lines kept their
 * bytes (the core's `tierNotes`); none when every edit matched exactly.
 * @param {readonly import('../../index.js').Tier[]} tiers
 * @param {boolean} multi
 * @returns {string[]}
 */
function tierNotes(tiers, multi) {
  return tiers.every((tier) => TIER_NOTES[tier] === undefined) ? [] : core.tierNotes([...tiers], multi)
}

/** How a warning reads in `data`. @param {string} warning */
function warningLine(warning) {
  return `Warning: ${warning}`
}

/**
 * The result with warnings about the call's arguments (ignored ones) added: first in
 * `warnings`, and in `data` where the model reads a result's warnings (after its first
 * line; after the message of a failure).
 * @template {ToolResult} R
 * @param {R} result
 * @param {readonly string[]} warnings
 * @param {(warning: string) => string} [line] how one reads in `data`
 * @returns {R}
 */
function withArgumentWarnings(result, warnings, line = warningLine) {
  if (warnings.length === 0) return result
  const lines = warnings.map(line)
  if (result.success) {
    const [first, ...rest] = result.data.split('\n')
    result.data = [first, ...lines, ...rest].join('\n')
  } else {
    result.data = [result.data, ...lines].join('\n')
  }
  result.warnings = [...warnings, ...(result.warnings || [])]
  return result
}

/**
 * What a tool that changed one file returns: `head` is the first line the model
 * reads, then the notes, the warnings and the diff without its header (the core's
 * `changedText`); the host gets the whole diff and a one-line summary.
 * @param {string} tool
 * @param {string} path
 * @param {EditResult} result
 * @param {string} head e.g. "Wrote a.ts: +2 -1 lines."
 * @param {string[]} [notes]
 * @param {{ showDiff?: boolean }} [options] `showDiff: false` keeps the diff from the model (the host still gets it)
 * @returns {ToolSuccess}
 */
function changed(tool, path, result, head, notes = [], { showDiff = true } = {}) {
  const warnings = warningsOf(result)
  const diff = typeof result.diff === 'string' ? result.diff : ''
  return success(path, result, warnings, core.changedText(tool, path, head, notes, warnings, diff, showDiff))
}

/**
 * What `edit_file` and `multi_edit` return for an edit (the core's `editedText`):
 * "Edited a.ts: 1 replacement (matched by exact), line 3.", with "2 edits, " first
 * for a multi-edit (`edits`), a note for each edit a lenient tier matched and for
 * pasted line-number prefixes, the warnings and the diff.
 * @param {string} tool
 * @param {string} path
 * @param {EditResult} result
 * @param {number} [edits]
 * @returns {ToolSuccess}
 */
function edited(tool, path, result, edits) {
  const warnings = warningsOf(result)
  return success(path, result, warnings, core.editedText(tool, path, result, edits ?? null, warnings))
}

/**
 * @param {string} path
 * @param {EditResult} result
 * @param {string[]} warnings
 * @param {{ data: string, summary: string }} text
 * @returns {ToolSuccess}
 */
function success(path, result, warnings, { data, summary }) {
  /** @type {ToolSuccess} */
  const out = { success: true, data, path, diff: result.diff, summary }
  if (warnings.length > 0) out.warnings = warnings
  return out
}

/**
 * The one-line summary a host shows for a change: `edit_file src/a.ts: +2 -1 lines`
 * (the core's `changeSummary`).
 * @param {string} tool
 * @param {string} path
 * @param {string} diff
 */
function changeSummary(tool, path, diff) {
  return core.changeSummary(tool, path, typeof diff === 'string' ? diff : '')
}

module.exports = {
  plural,
  describeEndings,
  compactDiff,
  diffCounts,
  TIER_NOTES,
  tierNotes,
  changed,
  changeSummary,
  edited,
  warningLine,
  withArgumentWarnings,
}
