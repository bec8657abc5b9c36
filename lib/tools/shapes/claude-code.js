// @ts-check
'use strict'

// Claude Code's file tools: `Read`, `Write`, `Edit` and `MultiEdit`, with its argument
// names (file_path, old_string, new_string, replace_all, edits, offset, limit) and its
// results: a tool_result's `{ content, is_error? }`, Read's lines numbered as `cat -n`
// numbers them. What Claude Code means differently: a file must have been read before
// it is changed (requireRead defaults to true); an empty old_string creates a file that
// does not exist yet (or fills an empty one), and so does a MultiEdit whose first edit
// has one.

const core = require('../../binding.js')
const { GUARDED, PRESERVE, vocabulary } = require('../../operations.js')
const { cutText } = require('../cut.js')
const { hostWords, warningsOf } = require('../wording.js')
const {
  editText,
  endingsNote,
  fileState,
  fitLines,
  hostError,
  hostOperation,
  hostTool,
  multiEditText,
  notes,
  readLines,
  writeText,
} = require('./host.js')

/** @typedef {import('./host.js').Host} Host */
/** @typedef {import('./host.js').Failed} Failed */
/** @typedef {import('../session.js').Session} Session */
/** @typedef {import('../session.js').Call} Call */
/** @typedef {import('../../../index.js').Edit} Edit */
/** @typedef {import('../../../index.js').ReadResult} ReadResult */
/** @typedef {import('../../../tools.js').ToolResultContent} ToolResultContent */
/** @typedef {import('../../../tools.js').ClaudeCodeTools} ClaudeCodeTools */

const EDIT_ARGS = { path: 'file_path', oldText: 'old_string', newText: 'new_string', replaceAll: 'replace_all', allow: 'allow', encoding: 'encoding' }

const WORDS = vocabulary(
  {
    readFile: { tool: 'Read', args: { path: 'file_path', offset: 'offset', limit: 'limit', encoding: 'encoding' } },
    writeFile: { tool: 'Write', args: { path: 'file_path', content: 'content', allow: 'allow', encoding: 'encoding' } },
    editFile: { tool: 'Edit', args: EDIT_ARGS },
    multiEdit: { tool: 'MultiEdit', args: { ...EDIT_ARGS, edits: 'edits' } },
  },
  'claude-code',
)

/** How `cat -n` numbers a line: the number right-aligned in six columns, then a tab. @param {number | string} n */
const catN = (n) => `${String(n).padStart(6)}\t`

/** @type {Host} */
const HOST = {
  name: 'claude-code',
  words: WORDS,
  wording: hostWords(WORDS, {
    missing: { delete_range: 'the Edit tool', apply_patch: 'the MultiEdit tool' },
    line: { pad: 6, after: '\t' },
  }),
  prefix: /^ *\d+\t/,
}

const LENIENT =
  'old_string that differs from the file only in Unicode look-alikes (curly quotes, dashes), trailing whitespace, ' +
  'runs of spaces or indentation still matches (new_string is re-indented to match).'

const READ_FIRST =
  'Read the file first and copy old_string from its output: everything after the tab that follows the line ' +
  'number, never the number itself.'

const READ = hostOperation('readFile', {
  model: {
    path: 'The path of the file to read.',
    offset: 'The line number to start reading from, 1-based; only for files too long to read at once.',
    limit: (c) => `How many lines to read (default ${c.settings.maxReadLines}); only for files too long to read at once.`,
  },
})
const WRITE = hostOperation('writeFile', { model: { path: 'The path of the file to write.', content: 'The content to write to the file, line breaks as \\n.' } })
const EDIT = hostOperation('editFile', {
  model: {
    path: 'The path of the file to modify.',
    oldText: 'The text to replace, line breaks as \\n (empty: create the file with new_string).',
    newText: 'The text to replace it with (must be different from old_string), line breaks as \\n.',
    replaceAll: 'Replace all occurrences of old_string (default false).',
  },
})
const MULTI = hostOperation('multiEdit', {
  model: {
    path: 'The path of the file to modify.',
    edits: 'Edits applied in order, each on the result of the one before; all succeed or nothing is written.',
    oldText: 'The text to replace, line breaks as \\n.',
    newText: 'The text to replace it with, line breaks as \\n.',
    replaceAll: 'Replace all occurrences of old_string (default false).',
  },
})

/**
 * A tool_result's content for a failure.
 * @param {Failed} failed
 * @returns {ToolResultContent}
 */
function fail(failed) {
  return { content: [failed.message, ...failed.warnings.map((w) => `Warning: ${w}`)].join('\n'), is_error: true }
}

/** @param {string[]} lines @returns {ToolResultContent} */
function ok(lines) {
  return { content: lines.join('\n') }
}

/**
 * Lines of the file as `cat -n` shows them, around a change.
 * @param {Call} call
 * @param {string} path
 * @param {number} start
 * @param {number} end
 */
async function snippet(call, path, start, end) {
  const from = Math.max(1, start - 4)
  /** @type {ReadResult} */
  const r = await call.library('readFile', [path], path, call.readOptions({ offset: from, limit: Math.max(end, start) + 4 - from + 1 }))
  const lines = r.content.split('\n')
  if (lines[lines.length - 1] === '') lines.pop()
  return lines.map((text, i) => `${catN(r.startLine + i)}${text}`)
}

/**
 * A short quote of an edit's text for MultiEdit's summary.
 * @param {string} text
 */
function quote(text) {
  const first = text.split('\n')[0]
  return JSON.stringify(first.length > 40 || text.includes('\n') ? `${cutText(first, 40)}…` : first)
}

/**
 * The tools of the 'claude-code' shape.
 * @param {Session} session
 * @returns {ClaudeCodeTools}
 */
function claudeCode(session) {
  const Read = hostTool({
    host: HOST,
    session,
    operation: READ,
    description: (c) =>
      `Read a file. Up to ${c.settings.maxReadLines} lines from the start by default (offset and limit read a part ` +
      'of a long file). The output is numbered as `cat -n` numbers it: spaces, the line number and a tab come ' +
      'before each line and are not part of the file. Line breaks are shown as \\n whatever the file uses. Read a ' +
      'file before you edit it.',
    fail,
    async run(values, call) {
      const path = /** @type {string} */ (values.path)
      const { maxReadLines, maxReadChars } = call.session.settings
      const offset = /** @type {number | undefined} */ (values.offset) ?? 1
      const limit = /** @type {number | undefined} */ (values.limit) ?? maxReadLines
      const r = await readLines(call, path, offset, limit)
      const said = notes(HOST, { warnings: [...warningsOf(r, HOST.wording), ...call.warnings] })
      if (r.totalLines === 0) return ok(['(The file exists, but it is empty.)', ...said])
      if (offset > r.totalLines) {
        return ok([`(The file has ${r.totalLines} lines, fewer than offset ${offset}: read from an offset of 1 to ${r.totalLines}.)`, ...said])
      }
      const { lines, last, capped, cut } = fitLines(r, maxReadChars, call, path)
      const out = lines.map((text, i) => `${catN(r.startLine + i)}${text}`)
      if (cut) out.push(`(${cut}.)`)
      if (last < r.totalLines) {
        const why = capped ? `, the output is capped at ${maxReadChars} characters` : ''
        out.push(`(Lines ${r.startLine}-${last} of ${r.totalLines}${why}: read on with offset ${last + 1}.)`)
      }
      return ok([...out, ...said])
    },
  })

  const Write = hostTool({
    host: HOST,
    session,
    operation: WRITE,
    description:
      'Write a whole file, creating it (and missing folders) or overwriting it. An existing file must have been ' +
      'read first. ' +
      PRESERVE +
      ' ' +
      GUARDED +
      " Overwriting keeps the old file's line endings and BOM; a new file takes its endings from " +
      '.editorconfig/.gitattributes, else LF. Prefer Edit for changing part of a file.',
    fail,
    async run(values, call) {
      const path = /** @type {string} */ (values.path)
      const existed = (await fileState(call, path)) !== undefined
      const r = await writeText(call, path, /** @type {string} */ (values.content))
      const said = notes(HOST, { warnings: [...warningsOf(r, HOST.wording), ...call.warnings] })
      if (!existed) return ok([`File created successfully at: ${path}. ${endingsNote(r, false)}`, ...said])
      if (!r.changed) return ok([`The file ${path} already has exactly this content; nothing was written.`, ...said])
      return ok([`The file ${path} has been updated. ${endingsNote(r, true)}`, ...said])
    },
  })

  const Edit = hostTool({
    host: HOST,
    session,
    operation: EDIT,
    description:
      'Replace old_string with new_string in a file. The edit fails if old_string matches more than one place: add ' +
      'surrounding lines to make it unique, or set replace_all to change every one. An empty old_string creates a ' +
      'file that does not exist yet. ' +
      READ_FIRST +
      ' ' +
      PRESERVE +
      ' ' +
      GUARDED +
      ' ' +
      LENIENT,
    fail,
    async run(values, call) {
      const path = /** @type {string} */ (values.path)
      const oldText = /** @type {string} */ (values.oldText)
      const newText = /** @type {string} */ (values.newText)
      if (oldText === newText) throw hostError('NO_CHANGE', 'No changes to make: old_string and new_string are exactly the same.')
      const state = await fileState(call, path)
      if (oldText === '') {
        if (state && state.lines > 0) {
          throw hostError(
            'INVALID_ARGUMENT',
            `Cannot create ${path}: the file already exists. To change it, give the text to replace as old_string; ` +
              'to replace it whole, use the Write tool.',
          )
        }
        const r = await writeText(call, path, newText)
        return ok([`File created successfully at: ${path}. ${endingsNote(r, state !== undefined)}`, ...notes(HOST, { warnings: [...warningsOf(r, HOST.wording), ...call.warnings] })])
      }
      if (!state) {
        throw hostError('FILE_NOT_FOUND', `File does not exist: ${path}. To create it, use the Write tool (or Edit with an empty old_string).`)
      }
      const { result: r, stripped } = await editText(call, HOST, path, { oldText, newText, replaceAll: values.replaceAll === true })
      const said = notes(HOST, {
        matchedBy: r.matchedBy,
        stripped: stripped ? 'Note: the line-number prefixes were removed from old_string and new_string before matching.' : undefined,
        warnings: [...warningsOf(r, HOST.wording), ...call.warnings],
      })
      const count = r.replacements > 1 ? ` (${r.replacements} replacements)` : ''
      return ok([
        `The file ${path} has been updated${count}. Here is the result of running \`cat -n\` on a snippet of the edited file:`,
        ...(await snippet(call, path, r.startLine, r.endLine)),
        ...said,
      ])
    },
  })

  const MultiEdit = hostTool({
    host: HOST,
    session,
    operation: MULTI,
    description:
      'Make several edits to one file in one call, in order (each on the result of the one before), all or nothing: ' +
      'if one fails, nothing is written and the error names it. Each edit is {old_string, new_string, replace_all?} ' +
      'with the rules of Edit. For a new file, the first edit has an empty old_string and the whole content as ' +
      'new_string. ' +
      READ_FIRST +
      ' ' +
      PRESERVE +
      ' ' +
      GUARDED +
      ' ' +
      LENIENT,
    fail,
    async run(values, call) {
      const path = /** @type {string} */ (values.path)
      const edits = /** @type {Edit[]} */ (values.edits)
      edits.forEach((e, i) => {
        if (e.oldText === e.newText) {
          throw hostError('NO_CHANGE', `edit #${i + 1} (edits[${i}]): old_string and new_string are exactly the same. Nothing was written.`)
        }
        if (e.oldText === '' && i > 0) {
          throw hostError(
            'INVALID_ARGUMENT',
            `edit #${i + 1} (edits[${i}]) has an empty old_string: only the first edit of a new file may have one. Nothing was written.`,
          )
        }
      })
      const state = await fileState(call, path)
      const listed = edits.map((e, i) => `${i + 1}. Replaced ${quote(e.oldText)} with ${quote(e.newText)}`)
      if (edits[0].oldText === '') {
        if (state && state.lines > 0) {
          throw hostError(
            'INVALID_ARGUMENT',
            `Cannot create ${path}: the file already exists, so the first edit needs the text to replace as old_string.`,
          )
        }
        // The new file's text is the first edit's, with the others applied to it.
        const rest = edits.slice(1)
        let content = edits[0].newText
        try {
          if (rest.length > 0) content = core.applyEdits(content, rest).content
        } catch (error) {
          // Numbered among all the edits, the first one included.
          const e = /** @type {{ editIndex?: unknown }} */ (error)
          if (e && typeof e.editIndex === 'number') e.editIndex += 1
          throw error
        }
        const r = await writeText(call, path, content)
        return ok([`Created ${path} with ${edits.length} edits:`, ...listed, endingsNote(r, false), ...notes(HOST, { warnings: [...warningsOf(r, HOST.wording), ...call.warnings] })])
      }
      if (!state) {
        throw hostError('FILE_NOT_FOUND', `File does not exist: ${path}. To create it, give the first edit an empty old_string, or use the Write tool.`)
      }
      const { result: r, stripped } = await multiEditText(call, HOST, path, edits)
      const said = notes(HOST, {
        matchedBy: r.matchedBy,
        multi: true,
        stripped: stripped ? 'Note: the line-number prefixes were removed from the edits before matching.' : undefined,
        warnings: [...warningsOf(r, HOST.wording), ...call.warnings],
      })
      return ok([`Applied ${edits.length} edits to ${path}:`, ...listed, ...said])
    },
  })

  // Each tool's name is its host's (the vocabulary's), which the types spell out.
  return /** @type {ClaudeCodeTools} */ (/** @type {unknown} */ ({ Read, Write, Edit, MultiEdit }))
}

module.exports = { claudeCode, CLAUDE_CODE: HOST }
