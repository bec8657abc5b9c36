// @ts-check
'use strict'

// Cline's file tools: `read_file`, `write_to_file` and `replace_in_file`, with its
// argument names (path, content, diff) and its results: the text the model reads, a
// failure's inside an `<error>` element. replace_in_file takes SEARCH/REPLACE blocks
// (search_replace.js) in Cline's markers, `------- SEARCH` … `=======` … `+++++++
// REPLACE` of any length and the older `<<<<<<< SEARCH` … `>>>>>>> REPLACE`, the last
// block's closing marker optional; an empty SEARCH replaces the whole file. Like
// Cline, it answers with the file's content as it now is, for the next SEARCH blocks.

const { GUARDED, PRESERVE, vocabulary } = require('../../operations.js')
const { hostWords, warningsOf } = require('../wording.js')
const { TEXT, currentText, endingsNote, fileState, fitLines, hostError, hostOperation, hostParam, hostTool, notes, readLines, writeText } = require('./host.js')
const { CLINE, applyDiff } = require('./search_replace.js')

/** @typedef {import('./host.js').Host} Host */
/** @typedef {import('./host.js').Failed} Failed */
/** @typedef {import('../session.js').Session} Session */
/** @typedef {import('../session.js').Call} Call */
/** @typedef {import('../../../tools.js').ClineTools} ClineTools */

const WORDS = vocabulary(
  {
    readFile: { tool: 'read_file', args: { path: 'path', encoding: 'encoding' } },
    writeFile: { tool: 'write_to_file', args: { path: 'path', content: 'content', allow: 'allow', encoding: 'encoding' } },
    editFile: { tool: 'replace_in_file', args: { path: 'path', diff: 'diff', allow: 'allow', encoding: 'encoding' } },
  },
  'cline',
)

/** What Cline's tools say instead of an edit's old and new text: the parts of a block. */
const BLOCK_WORDS = {
  old_text: 'the SEARCH part',
  new_text: 'the REPLACE part',
  multi_edit: 'several SEARCH/REPLACE blocks',
  delete_range: 'a SEARCH/REPLACE block with an empty REPLACE part',
  apply_patch: 'the replace_in_file tool',
}

/** @type {Host} */
const HOST = {
  name: 'cline',
  words: WORDS,
  wording: hostWords(WORDS, {
    sentences: { 'or-replace-all': '' },
    missing: { ...BLOCK_WORDS, edit_file: 'the replace_in_file tool', replace_all: 'one SEARCH/REPLACE block per place' },
  }),
}

const DIFF_MODEL =
  'One or more SEARCH/REPLACE blocks:\n------- SEARCH\n[lines to find, exactly as in the file]\n=======\n' +
  '[lines to put there]\n+++++++ REPLACE\nLine breaks as \\n.'

const READ = hostOperation('readFile', { model: { path: 'The path of the file to read (relative to the working folder).' } })
const WRITE = hostOperation('writeFile', {
  model: { path: 'The path of the file to write (relative to the working folder).', content: 'The complete content of the file, line breaks as \\n.' },
})
const REPLACE = hostOperation('editFile', {
  model: { path: 'The path of the file to change (relative to the working folder).' },
  extra: [hostParam('diff', 'diff', { ...TEXT, nonEmpty: true }, DIFF_MODEL)],
})

/**
 * What a failure reads like for the model: what failed, and the error.
 * @param {string} tool
 * @param {Failed} failed
 */
function fail(tool, failed) {
  const where = failed.path ? `${failed.path} was not changed` : 'nothing was changed'
  return [`${tool} failed, and ${where}.`, '<error>', failed.message, '</error>', ...failed.warnings.map((w) => `Warning: ${w}`)].join('\n')
}

/**
 * The file's content as it now is, for the model's next SEARCH blocks.
 * @param {Call} call
 * @param {string} path
 */
async function finalContent(call, path) {
  const r = await currentText(call, path)
  const { lines, more } = shown(r, call, path, 'the rest is cut')
  return [`<final_file_content path="${path}">`, ...lines, ...more, '</final_file_content>']
}

/**
 * The lines of a whole file that fit the read budget, and what is said after them when
 * some are not shown: a line cut, lines left out (`why`).
 * @param {import('../../../index.js').ReadResult} r
 * @param {Call} call
 * @param {string} path
 * @param {string} why
 */
function shown(r, call, path, why) {
  const { lines, last, cut } = fitLines(r, call.session.settings.maxReadChars, call, path)
  const more = [...(cut ? [`(${cut}.)`] : []), ...(last < r.totalLines ? [`(lines 1-${last} of ${r.totalLines} shown: ${why})`] : [])]
  return { lines, more }
}

/**
 * The tools of the 'cline' shape.
 * @param {Session} session
 * @returns {ClineTools}
 */
function cline(session) {
  const readFile = hostTool({
    host: HOST,
    session,
    operation: READ,
    description: (c) =>
      'Read a file and return its content as it is, without line numbers (line breaks shown as \\n whatever the ' +
      `file uses; at most ${c.settings.maxReadChars} characters). Read a file before you change it with replace_in_file.`,
    fail: (f) => fail('read_file', f),
    async run(values, call) {
      const path = /** @type {string} */ (values.path)
      const r = await readLines(call, path, 1)
      const { lines, more } = shown(r, call, path, 'the file is longer than the output can hold')
      return [...lines, ...more, ...notes(HOST, { warnings: [...warningsOf(r, HOST.wording), ...call.warnings] })].join('\n')
    },
  })

  const writeToFile = hostTool({
    host: HOST,
    session,
    operation: WRITE,
    description:
      'Write a whole file, creating it (and missing folders) or overwriting it. Give the complete content. ' +
      PRESERVE +
      ' ' +
      GUARDED +
      " Overwriting keeps the old file's line endings and BOM; a new file takes its endings from " +
      '.editorconfig/.gitattributes, else LF. Prefer replace_in_file for changing part of a file.',
    fail: (f) => fail('write_to_file', f),
    async run(values, call) {
      const path = /** @type {string} */ (values.path)
      const existed = (await fileState(call, path)) !== undefined
      const r = await writeText(call, path, /** @type {string} */ (values.content))
      const head = r.changed ? `The content was saved to ${path}. ${endingsNote(r, existed)}` : `${path} already has exactly this content; nothing was written.`
      return [head, ...notes(HOST, { warnings: [...warningsOf(r, HOST.wording), ...call.warnings] })].join('\n')
    },
  })

  const replaceInFile = hostTool({
    host: HOST,
    session,
    operation: REPLACE,
    description:
      'Change parts of an existing file with SEARCH/REPLACE blocks:\n------- SEARCH\n[lines to find]\n=======\n' +
      '[lines to put there]\n+++++++ REPLACE\nEach SEARCH is whole lines of the file as read_file shows them, with ' +
      'enough lines to match one place; an empty REPLACE deletes the lines. Several blocks go in one diff, in the ' +
      'order they appear in the file; all are applied or none. A line of the file that reads like a marker is ' +
      'written with a backslash before it. ' +
      PRESERVE +
      ' ' +
      GUARDED +
      ' SEARCH lines that differ from the file only in Unicode look-alikes, trailing whitespace, runs of spaces or ' +
      'indentation still match.',
    fail: (f) => fail('replace_in_file', f),
    async run(values, call) {
      const path = /** @type {string} */ (values.path)
      if (!(await fileState(call, path))) {
        throw hostError('FILE_NOT_FOUND', `File not found: ${path}. replace_in_file changes a file that exists; create a new one with write_to_file.`)
      }
      const applied = await applyDiff(call, path, /** @type {string} */ (values.diff), CLINE, {
        words: HOST.wording,
        write: (content) => writeText(call, path, content),
      })
      const said = notes(HOST, { matchedBy: applied.matchedBy, warnings: [...warningsOf(applied, HOST.wording), ...call.warnings] })
      const blocks = applied.blocks === 1 ? '1 SEARCH/REPLACE block' : `${applied.blocks} SEARCH/REPLACE blocks`
      return [
        `The content was saved to ${path} (${blocks} applied).`,
        ...said,
        '',
        "Here is the file's full content as it now is:",
        '',
        ...(await finalContent(call, path)),
        '',
        'Take this as the file for any further SEARCH blocks: their lines must match it.',
      ].join('\n')
    },
  })

  // Each tool's name is its host's (the vocabulary's), which the types spell out.
  return /** @type {ClineTools} */ (/** @type {unknown} */ ({ read_file: readFile, write_to_file: writeToFile, replace_in_file: replaceInFile }))
}

module.exports = { cline, CLINE_HOST: HOST }
