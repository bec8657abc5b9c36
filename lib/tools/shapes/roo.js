// @ts-check
'use strict'

// Roo Code's file tools: `read_file`, `write_to_file` and `apply_diff`, with its
// argument names (path, start_line, end_line, content, line_count, diff) and its
// results: the text the model reads, read_file's lines numbered `12 | text` inside a
// `<file>` element, a failure's inside `<error_details>`. apply_diff takes
// SEARCH/REPLACE blocks (search_replace.js) in Roo's markers, `<<<<<<< SEARCH` …
// `=======` … `>>>>>>> REPLACE`, each SEARCH optionally opened by `:start_line:N` and
// a `-------` line: among equal regions, the one nearest that line is changed. Unlike
// Roo, the blocks are applied all or none.

const { GUARDED, PRESERVE, TYPES, vocabulary } = require('../../operations.js')
const { compactDiff } = require('../results.js')
const { hostWords, warningsOf } = require('../wording.js')
const { TEXT, endingsNote, fileState, fitLines, hostError, hostOperation, hostParam, hostTool, notes, readLines, writeText } = require('./host.js')
const { ROO, applyDiff } = require('./search_replace.js')

/** @typedef {import('./host.js').Host} Host */
/** @typedef {import('./host.js').Failed} Failed */
/** @typedef {import('../session.js').Session} Session */
/** @typedef {import('../session.js').Call} Call */
/** @typedef {import('../../../tools.js').RooTools} RooTools */

const WORDS = vocabulary(
  {
    readFile: { tool: 'read_file', args: { path: 'path', startLine: 'start_line', endLine: 'end_line', encoding: 'encoding' } },
    writeFile: { tool: 'write_to_file', args: { path: 'path', content: 'content', lineCount: 'line_count', allow: 'allow', encoding: 'encoding' } },
    editFile: { tool: 'apply_diff', args: { path: 'path', diff: 'diff', startLine: 'start_line', allow: 'allow', encoding: 'encoding' }, hidden: ['startLine'] },
  },
  'roo',
)

/** @type {Host} */
const HOST = {
  name: 'roo',
  words: WORDS,
  wording: hostWords(WORDS, {
    sentences: { 'or-replace-all': '' },
    missing: {
      old_text: 'the SEARCH part',
      new_text: 'the REPLACE part',
      multi_edit: 'several SEARCH/REPLACE blocks',
      delete_range: 'a SEARCH/REPLACE block with an empty REPLACE part',
      apply_patch: 'the apply_diff tool',
      edit_file: 'the apply_diff tool',
      replace_all: 'one SEARCH/REPLACE block per place',
    },
    line: { pad: 0, after: ' | ' },
  }),
  prefix: /^\s*\d+\s+\|(?!\|) ?/,
}

const DIFF_MODEL =
  'One or more SEARCH/REPLACE blocks:\n<<<<<<< SEARCH\n:start_line:N\n-------\n[lines to find, exactly as in the ' +
  'file]\n=======\n[lines to put there]\n>>>>>>> REPLACE\n:start_line: is the line the SEARCH starts at. Line breaks as \\n.'

const READ = hostOperation('readFile', {
  model: {
    path: 'The path of the file to read (relative to the working folder).',
    startLine: 'The first line to read, 1-based (default 1).',
    endLine: (c) => `The last line to read, inclusive (default: ${c.settings.maxReadLines} lines from start_line).`,
  },
})
const WRITE = hostOperation('writeFile', {
  model: { path: 'The path of the file to write (relative to the working folder).', content: 'The complete content of the file, line breaks as \\n.' },
  extra: [
    hostParam('lineCount', 'line_count', TYPES.bytes, 'How many lines the content has: a content with fewer lines is refused as cut off.', {
      required: false,
    }),
  ],
})
const APPLY = hostOperation('editFile', {
  model: { path: 'The path of the file to change (relative to the working folder).' },
  extra: [
    hostParam('diff', 'diff', { ...TEXT, nonEmpty: true }, DIFF_MODEL),
    hostParam('startLine', 'start_line', TYPES.line, 'The line the SEARCH of blocks without :start_line: starts at.', { hidden: true, required: false }),
  ],
})

/**
 * What a failure reads like for the model.
 * @param {string} tool
 * @param {Failed} failed
 */
function fail(tool, failed) {
  const head =
    tool === 'apply_diff' && failed.path
      ? `Unable to apply the diff to ${failed.path}; the file was not changed.`
      : `${tool} failed${failed.path ? `, and ${failed.path} was not changed` : ''}.`
  return [head, '', '<error_details>', failed.message, '</error_details>', ...failed.warnings.map((w) => `Warning: ${w}`)].join('\n')
}

/** How many lines a text has. @param {string} text */
function lineCount(text) {
  if (text === '') return 0
  const lines = text.split(/\r\n|\r|\n/)
  return lines[lines.length - 1] === '' ? lines.length - 1 : lines.length
}

/**
 * The tools of the 'roo' shape.
 * @param {Session} session
 * @returns {RooTools}
 */
function roo(session) {
  const readFile = hostTool({
    host: HOST,
    session,
    operation: READ,
    description: (c) =>
      'Read a file. Each line is shown as <line number> | <text>; the number and " | " are not part of the file. ' +
      `Line breaks are shown as \\n whatever the file uses. At most ${c.settings.maxReadLines} lines by default; ` +
      'start_line and end_line read a part. Read a file before you change it with apply_diff.',
    fail: (f) => fail('read_file', f),
    async run(values, call) {
      const path = /** @type {string} */ (values.path)
      const { maxReadLines, maxReadChars } = call.session.settings
      const start = /** @type {number | undefined} */ (values.startLine) ?? 1
      const end = /** @type {number | undefined} */ (values.endLine)
      if (end !== undefined && end < start) throw hostError('INVALID_ARGUMENT', `end_line ${end} is before start_line ${start}.`)
      const r = await readLines(call, path, start, end !== undefined ? end - start + 1 : maxReadLines)
      const said = notes(HOST, { warnings: [...warningsOf(r, HOST.wording), ...call.warnings] })
      if (r.totalLines === 0) return [`<file><path>${path}</path>`, '<content/><notice>The file is empty.</notice>', '</file>', ...said].join('\n')
      if (start > r.totalLines) throw hostError('INVALID_ARGUMENT', `start_line ${start} is past the end of ${path}, which has ${r.totalLines} lines.`)
      const { lines, last, cut } = fitLines(r, maxReadChars, call, path)
      const out = [`<file><path>${path}</path>`, `<content lines="${r.startLine}-${last}">`]
      lines.forEach((t, i) => out.push(`${r.startLine + i} | ${t}`))
      out.push('</content>')
      if (cut) out.push(`<notice>${cut}.</notice>`)
      if (last < r.totalLines) out.push(`<notice>Lines ${r.startLine}-${last} of ${r.totalLines} are shown; read on with start_line ${last + 1}.</notice>`)
      return [...out, '</file>', ...said].join('\n')
    },
  })

  const writeToFile = hostTool({
    host: HOST,
    session,
    operation: WRITE,
    description:
      'Write a whole file, creating it (and missing folders) or overwriting it. Give the complete content and its ' +
      'number of lines as line_count. ' +
      PRESERVE +
      ' ' +
      GUARDED +
      " Overwriting keeps the old file's line endings and BOM; a new file takes its endings from " +
      '.editorconfig/.gitattributes, else LF. Prefer apply_diff for changing part of a file.',
    fail: (f) => fail('write_to_file', f),
    async run(values, call) {
      const path = /** @type {string} */ (values.path)
      const content = /** @type {string} */ (values.content)
      const expected = /** @type {number | undefined} */ (values.lineCount)
      const has = lineCount(content)
      if (expected !== undefined && has < expected) {
        throw hostError(
          'INVALID_ARGUMENT',
          `The content has ${has} lines, but line_count says ${expected}: it looks cut off, so nothing was written. Send the complete content.`,
        )
      }
      const existed = (await fileState(call, path)) !== undefined
      const r = await writeText(call, path, content)
      const head = r.changed ? `The content was saved to ${path}. ${endingsNote(r, existed)}` : `${path} already has exactly this content; nothing was written.`
      return [head, ...notes(HOST, { warnings: [...warningsOf(r, HOST.wording), ...call.warnings] })].join('\n')
    },
  })

  const applyDiffTool = hostTool({
    host: HOST,
    session,
    operation: APPLY,
    description:
      'Change parts of an existing file with SEARCH/REPLACE blocks:\n<<<<<<< SEARCH\n:start_line:N\n-------\n' +
      '[lines to find]\n=======\n[lines to put there]\n>>>>>>> REPLACE\nEach SEARCH is whole lines of the file as ' +
      'read_file shows them (without the line numbers); :start_line: is the line it starts at, which picks between ' +
      'equal regions. An empty REPLACE deletes the lines. Several blocks go in one diff; all are applied or none. A ' +
      'line of the file that reads like a marker is written with a backslash before it. ' +
      PRESERVE +
      ' ' +
      GUARDED +
      ' SEARCH lines that differ from the file only in Unicode look-alikes, trailing whitespace, runs of spaces or ' +
      'indentation still match.',
    fail: (f) => fail('apply_diff', f),
    async run(values, call) {
      const path = /** @type {string} */ (values.path)
      if (!(await fileState(call, path))) {
        throw hostError('FILE_NOT_FOUND', `File not found: ${path}. apply_diff changes a file that exists; create a new one with write_to_file.`)
      }
      const applied = await applyDiff(call, path, /** @type {string} */ (values.diff), ROO, {
        defaultHint: /** @type {number | undefined} */ (values.startLine),
        words: HOST.wording,
        write: (content) => writeText(call, path, content),
      })
      const said = notes(HOST, { matchedBy: applied.matchedBy, warnings: [...warningsOf(applied, HOST.wording), ...call.warnings] })
      const blocks = applied.blocks === 1 ? '1 SEARCH/REPLACE block' : `${applied.blocks} SEARCH/REPLACE blocks`
      const diff = compactDiff(applied.diff)
      return [`Changes successfully applied to ${path} (${blocks}).`, ...said, ...(diff ? [diff] : [])].join('\n')
    },
  })

  // Each tool's name is its host's (the vocabulary's), which the types spell out.
  return /** @type {RooTools} */ (/** @type {unknown} */ ({ read_file: readFile, write_to_file: writeToFile, apply_diff: applyDiffTool }))
}

module.exports = { roo, ROO_HOST: HOST }
