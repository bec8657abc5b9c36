// @ts-check
'use strict'

// What a successful call tells the model (`data`) and the host (`summary`, `diff`):
// a one-line summary, notes on lenient matches and warnings, and the diff without
// its header (the summary names the file), cut when very long.

const { GUTTER } = require('../operations.js')
const { warningsOf } = require('./wording.js')

/** @typedef {import('../../index.js').EolInfo} EolInfo */
/** @typedef {import('../../index.js').EditResult} EditResult */
/** @typedef {import('../../tools.js').ToolSuccess} ToolSuccess */
/** @typedef {import('../../tools.js').ToolResult} ToolResult */

/** A diff longer than this (lines / characters) is cut in what the model reads. */
const DIFF_MAX_LINES = 400
const DIFF_MAX_CHARS = 40000

/** @param {number} n @param {string} word */
function plural(n, word) {
  return `${n} ${word}${n === 1 ? '' : 's'}`
}

/** "CRLF", "LF", "none" or "mixed (CRLF 2, LF 1)". @param {EolInfo | undefined} eol */
function describeEndings(eol) {
  if (!eol) return 'unknown'
  /** @type {Array<[string, number]>} */
  const counts = [
    ['CRLF', eol.crlf],
    ['LF', eol.lf],
    ['CR', eol.cr],
  ]
  const present = counts.filter(([, n]) => n > 0)
  if (present.length === 0) return 'none'
  if (present.length === 1) return present[0][0]
  present.sort((a, b) => b[1] - a[1])
  return `mixed (${present.map(([name, n]) => `${name} ${n}`).join(', ')})`
}

/** @param {number} start @param {number} end */
function lineSpan(start, end) {
  if (!(start > 0)) return ''
  return end > start ? `lines ${start}-${end}` : `line ${start}`
}

/**
 * Where the diff's body starts: after its `---`/`+++` header lines.
 * @param {string} diff
 */
function bodyStart(diff) {
  let at = 0
  while (diff.startsWith('--- ', at) || diff.startsWith('+++ ', at)) {
    const end = diff.indexOf('\n', at)
    if (end === -1) return diff.length
    at = end + 1
  }
  return at
}

/** The diff's lines without its `---`/`+++` header. @param {string} diff */
function diffBody(diff) {
  const body = diff.slice(bodyStart(diff))
  if (body === '') return []
  const lines = body.split('\n')
  if (lines[lines.length - 1] === '') lines.pop()
  return lines
}

/**
 * The diff as the model reads it: no header, cut when very long (the note names
 * `reader`, the model's tool that shows the whole result).
 * @param {string} diff
 * @param {string} [reader]
 */
function compactDiff(diff, reader = 'read_file') {
  if (typeof diff !== 'string' || diff === '') return ''
  // Most diffs are short: their body as it is, without splitting it into lines.
  let body = diff.slice(bodyStart(diff))
  if (body.endsWith('\n')) body = body.slice(0, -1)
  if (body.length <= DIFF_MAX_CHARS && lineCount(body) <= DIFF_MAX_LINES) return body
  let lines = diffBody(diff)
  let cut = 0
  if (lines.length > DIFF_MAX_LINES) {
    cut = lines.length - DIFF_MAX_LINES
    lines = lines.slice(0, DIFF_MAX_LINES)
  }
  let text = lines.join('\n')
  if (text.length > DIFF_MAX_CHARS) {
    const kept = text.slice(0, DIFF_MAX_CHARS)
    const keptLines = kept.lastIndexOf('\n') > 0 ? kept.slice(0, kept.lastIndexOf('\n')) : kept
    cut += lines.length - keptLines.split('\n').length
    text = keptLines
  }
  if (cut > 0) text += `\n[diff cut: ${plural(cut, 'more line')} not shown; ${reader} shows the result]`
  return text
}

/** Lines of a text that does not end with a line break. @param {string} text */
function lineCount(text) {
  if (text === '') return 0
  let n = 1
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) n++
  return n
}

/** The last diff counted and its counts: a change's summary counts its diff twice (for the host's approval and for the result). */
let counted = { diff: '', added: 0, removed: 0 }

/** Lines added and removed by a diff. @param {string} diff */
function diffCounts(diff) {
  if (diff === counted.diff) return { added: counted.added, removed: counted.removed }
  let added = 0
  let removed = 0
  if (typeof diff === 'string') {
    for (let at = bodyStart(diff); at < diff.length; ) {
      const c = diff.charCodeAt(at)
      if (c === 0x2b) added++ // +
      else if (c === 0x2d) removed++ // -
      const end = diff.indexOf('\n', at)
      if (end === -1) break
      at = end + 1
    }
    counted = { diff, added, removed }
  }
  return { added, removed }
}

/** @type {Record<string, string>} */
const TIER_NOTES = {
  unicode: 'matched only after folding Unicode look-alikes (curly quotes, dashes, non-breaking spaces)',
  trailingWhitespace: 'matched only after ignoring trailing spaces/tabs',
  innerWhitespace: 'matched only after reading runs of spaces/tabs inside lines as one space',
  indentation:
    'matched only after adjusting indentation (tabs vs spaces or a uniform shift); the new text was re-indented the same way',
  unescaped: 'matched only after turning literal escape sequences (\\n, \\t, \\") into real characters',
  leadingWhitespace:
    "matched only after ignoring each line's own indentation (it differs from line to line, so no one shift explains it); the new lines were written as given: check their indentation",
}

/**
 * One note per edit a lenient tier matched.
 * @param {readonly string[]} tiers
 * @param {boolean} multi
 */
function tierNotes(tiers, multi) {
  /** @type {string[]} */
  const notes = []
  tiers.forEach((tier, i) => {
    if (TIER_NOTES[tier]) notes.push(`Note: ${multi ? `edit #${i + 1} ` : ''}${TIER_NOTES[tier]}.`)
  })
  if (notes.length > 0) notes.push('Lines you did not change kept their exact bytes; check the diff.')
  return notes
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
 * The one-line summary a host shows for a change: `edit_file src/a.ts: +2 -1 lines`.
 * @param {string} tool
 * @param {string} path
 * @param {string} diff
 */
function changeSummary(tool, path, diff) {
  const { added, removed } = diffCounts(diff)
  return `${tool} ${path}: +${added} -${removed} ${added + removed === 1 ? 'line' : 'lines'}`
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
