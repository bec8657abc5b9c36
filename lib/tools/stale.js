// @ts-check
'use strict'

// What FILE_CHANGED tells the model when a file it read has changed on disk since (a
// formatter ran, the user saved it): the lines that changed since that read, numbered
// as its read tool numbers them now, from what the read showed (read_state.js `saw`)
// and the file as it is now. The core compares the lines (`lineChanges`); this says
// them.
//
// - `-` lines are as the model read them (numbered as they were), `+` lines as they are
//   now, with a few unchanged lines around each change, and at most STALE_LINES_MAX
//   changed lines (`… N more changed lines`), so a whole file reformatted does not
//   flood the model.
// - When the message shows every change of a file the model had seen whole, the file
//   counts as read as it is now: the model has seen what changed, so it may send its
//   change again at once (a read is not needed). Otherwise (changes left out, or a file
//   read in part, whose other lines may have changed too) it is asked to read the
//   changed lines again: one short read of the lines named is enough.

const core = require('../binding.js')
const { toolError } = require('./errors.js')

/** @typedef {import('./session.js').Call} Call */
/** @typedef {import('../../index.js').MessagePart} MessagePart */

/** The most removed and added lines one message shows. */
const STALE_LINES_MAX = 40

/** Unchanged lines shown around each change. */
const STALE_CONTEXT = 2

/** The largest file, as it is now, that is compared (a larger one gets the message of before). */
const STALE_FILE_MAX = 4 * 1024 * 1024

/**
 * FILE_CHANGED showing what changed in each file of `paths` the model had seen at its
 * expected version, or undefined when there is none to show (the caller then keeps the
 * error it had). Records a file shown whole as read (see above).
 * @param {Call} call
 * @param {string[]} paths
 * @param {(path: string) => string | undefined} expectedVersion
 * @returns {Error | undefined}
 */
function staleMessage(call, paths, expectedVersion) {
  const { state } = call.session
  /** @type {MessagePart[]} */
  const parts = []
  /** @type {Array<() => void>} */
  const marks = []
  let complete = true
  const seenPaths = new Set()
  for (const path of paths) {
    if (seenPaths.has(path)) continue
    seenPaths.add(path)
    const expected = expectedVersion(path)
    if (!expected) continue
    const key = call.key(path)
    const seen = state.seenAt(key, expected)
    if (seen === undefined) continue
    const size = state.sizes.get(key)
    if (size !== undefined && size > STALE_FILE_MAX * 4) continue
    /** @type {import('../../index.js').ReadResult} */
    let now
    try {
      now = core.readFileSync(path, call.readOptions({ maxBytes: STALE_FILE_MAX }))
    } catch {
      continue
    }
    if (now.version === expected) continue
    const shown = describe(path, seen, now)
    if (parts.length > 0) parts.push('\n\n')
    for (const part of shown.parts) parts.push(part)
    if (shown.complete) {
      marks.push(() => {
        state.record(call.absolute(path), key, now.version)
        state.sawWhole(key, now, Buffer.byteLength(now.content))
      })
    } else complete = false
  }
  if (parts.length === 0) return undefined
  if (complete) {
    for (const mark of marks) mark()
    parts.push(
      '\n\nThat is every change since your read, and the file now counts as read as it is now: ' +
        'send your change again, made on these lines as they are now (no need to read the file again).',
    )
  }
  return toolError('FILE_CHANGED', parts)
}

/**
 * What changed in one file: its message, and whether it shows every change of a file
 * the model had seen whole.
 * @param {string} path
 * @param {import('./read_state.js').Seen} seen
 * @param {import('../../index.js').ReadResult} now
 * @returns {{ parts: MessagePart[], complete: boolean }}
 */
function describe(path, seen, now) {
  const current = splitLines(now.content)
  const whole = seen.segments.length === 1 && seen.segments[0].start === 1 && seen.segments[0].count >= seen.totalLines
  /** @type {Array<{ kind: string, line: number, text: string }>} */
  const rows = []
  let changed = 0
  let omitted = 0
  let first = Infinity
  let last = 0
  for (const segment of seen.segments) {
    const old = splitLines(segment.text)
    // A file read in part: its lines as they stand now where the read's lines stood,
    // the file grown or shrunk by as many lines as it has more or fewer now.
    const count = whole ? current.length : Math.max(0, segment.count + now.totalLines - seen.totalLines)
    const start = whole ? 1 : segment.start
    const after = current.slice(start - 1, start - 1 + count)
    const found = core.lineChanges(segment.text, after.length > 0 ? after.join('\n') + '\n' : '', {
      beforeLine: segment.start,
      afterLine: start,
      context: STALE_CONTEXT,
      maxLines: Math.max(0, STALE_LINES_MAX - changed),
    })
    if (found.changed === 0) continue
    changed += found.changed
    omitted += found.omitted
    first = Math.min(first, found.firstLine)
    last = Math.max(last, found.lastLine)
    for (const line of found.lines) {
      const text = line.kind === 'removed' ? old[line.line - segment.start] : current[line.line - 1]
      rows.push({ kind: line.kind, line: line.line, text: text === undefined ? '' : text })
    }
  }
  /** @type {MessagePart[]} */
  const parts = [`File changed on disk: ${path} has changed since it was read (another program, such as a formatter, changed it). Nothing was written.`]
  if (changed === 0) {
    parts.push(
      whole
        ? ' No line of it changed: only its line endings or encoding did.'
        : ' No line you read changed; lines you did not read may have.',
    )
  } else {
    parts.push(
      ` ${changed === 1 ? 'This line' : 'These lines'} changed since (- as you read it, + as it is now; `,
      { phrase: 'numbered-as-listed', parts: ['numbered as ', { op: 'readFile', listing: true }, ' shows them'] },
      '):\n',
    )
    const width = String(rows.reduce((n, r) => Math.max(n, r.line), 0)).length
    /** @type {number | undefined} */
    let next
    for (const row of rows) {
      if (row.kind !== 'removed') {
        if (next !== undefined && row.line > next) parts.push('  …\n')
        next = row.line + 1
      }
      parts.push(row.kind === 'removed' ? '- ' : row.kind === 'added' ? '+ ' : '  ', { line: row.line, width, text: row.text }, '\n')
    }
    if (omitted > 0) parts.push(`… ${omitted} more changed ${omitted === 1 ? 'line' : 'lines'}\n`)
    // The last line's break is the message's, where it goes on.
    parts[parts.length - 1] = /** @type {string} */ (parts[parts.length - 1]).slice(0, -1)
  }
  const complete = whole && omitted === 0
  if (!complete) {
    const range = changed === 0 || first > last ? '' : ` (lines ${first}-${last} as it is now: reading those lines is enough)`
    parts.push(changed > 0 ? '\n\n' : ' ')
    parts.push({ phrase: 'read-again', parts: ['Read it again'] }, `${whole ? range : ''} and redo the change on its current content.`)
  }
  return { parts, complete }
}

/** The lines of an LF view (without the empty piece after a final line break). @param {string} text */
function splitLines(text) {
  if (text === '') return []
  const lines = text.split('\n')
  if (lines[lines.length - 1] === '') lines.pop()
  return lines
}

module.exports = { staleMessage, STALE_LINES_MAX }
