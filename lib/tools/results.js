// @ts-check
'use strict'

// What a successful call tells the model (`data`) and the host (`summary`, `diff`):
// a one-line summary, notes on lenient matches and warnings, and the diff without
// its header (the summary names the file), cut when very long.

const core = require('../binding.js')
const { GUTTER } = require('../operations.js')
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

/** @param {number} start @param {number} end */
function lineSpan(start, end) {
  if (!(start > 0)) return ''
  return end > start ? `lines ${start}-${end}` : `line ${start}`
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

/** A core result's warnings as lines of `data`. @param {{ warnings?: readonly string[], warningParts?: ReadonlyArray<readonly import('../../index.js').MessagePart[]> }} result */
function warningNotes(result) {
  return warningsOf(result).map(warningLine)
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
 * reads; the host gets the whole diff and a one-line summary.
 * @param {string} tool
 * @param {string} path
 * @param {EditResult} result
 * @param {string} head e.g. "Edited a.ts: 1 replacement (matched by exact), line 3."
 * @param {string[]} [notes]
 * @param {{ showDiff?: boolean }} [options] `showDiff: false` keeps the diff from the model (the host still gets it)
 * @returns {ToolSuccess}
 */
function changed(tool, path, result, head, notes = [], { showDiff = true } = {}) {
  const parts = notes.length === 0 ? [head] : [head, ...notes]
  if (result.warnings && result.warnings.length > 0) for (const note of warningNotes(result)) parts.push(note)
  const diff = showDiff ? compactDiff(result.diff) : ''
  if (diff) parts.push(diff)
  /** @type {ToolSuccess} */
  const out = {
    success: true,
    data: parts.join('\n'),
    path,
    diff: result.diff,
    summary: changeSummary(tool, path, result.diff),
  }
  if (result.warnings && result.warnings.length > 0) out.warnings = warningsOf(result)
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

/**
 * The summary line of an edit: replacements, tiers and where.
 * @param {string} path
 * @param {EditResult} result
 * @param {{ edits?: number }} [options] `edits` for multi_edit
 */
function editHead(path, result, { edits } = {}) {
  const tiers = result.matchedBy.length <= 1 ? result.matchedBy : [...new Set(result.matchedBy)]
  const parts = []
  if (edits !== undefined) parts.push(plural(edits, 'edit'))
  parts.push(plural(result.replacements, 'replacement'))
  let head = `Edited ${path}: ${parts.join(', ')}`
  if (tiers.length > 0) head += ` (matched by ${tiers.join(', ')})`
  const span = lineSpan(result.startLine, result.endLine)
  return head + (span ? `, ${span}.` : '.')
}

/** The note for an edit retried without pasted line-number prefixes. */
const PREFIX_NOTE = `Note: the line-number prefixes (N${GUTTER}) were removed from the old/new text before matching.`

module.exports = {
  plural,
  describeEndings,
  lineSpan,
  compactDiff,
  diffCounts,
  TIER_NOTES,
  tierNotes,
  changed,
  changeSummary,
  editHead,
  warningLine,
  withArgumentWarnings,
  PREFIX_NOTE,
}
