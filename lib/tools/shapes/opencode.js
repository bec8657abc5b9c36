// @ts-check
'use strict'

// OpenCode's tools: `read`, `write`, `edit` and `apply_patch`, with OpenCode's argument
// names (filePath, oldString, newString, replaceAll, patchText), its results
// (`{ title, output, metadata }`) and its way of failing: an OpenCode tool throws, and
// the thrown Error's message is what the model reads. What OpenCode means differently:
// an empty oldString writes newString as the whole file (creating it), and a file must
// have been read before it is changed (requireRead defaults to true).

const { GUARDED, PRESERVE, vocabulary } = require('../../operations.js')
const { applyPatchChange } = require('../apply_patch.js')
const { hostWords, warningsOf } = require('../wording.js')
const {
  diffStat,
  editText,
  endingsNote,
  fitLines,
  hostError,
  hostOperation,
  hostTool,
  notes,
  readLines,
  shownPath,
  writeText,
} = require('./host.js')

/** @typedef {import('./host.js').Host} Host */
/** @typedef {import('./host.js').Failed} Failed */
/** @typedef {import('../session.js').Session} Session */
/** @typedef {import('../session.js').Call} Call */
/** @typedef {import('../../../tools.js').OpenCodeResult} OpenCodeResult */
/** @typedef {import('../../../tools.js').OpenCodeTools} OpenCodeTools */

const WORDS = vocabulary(
  {
    readFile: { tool: 'read', args: { path: 'filePath', offset: 'offset', limit: 'limit', encoding: 'encoding' } },
    writeFile: { tool: 'write', args: { path: 'filePath', content: 'content', allow: 'allow', encoding: 'encoding' } },
    editFile: {
      tool: 'edit',
      args: { path: 'filePath', oldText: 'oldString', newText: 'newString', replaceAll: 'replaceAll', allow: 'allow', encoding: 'encoding' },
    },
    applyPatch: { tool: 'apply_patch', args: { patch: 'patchText', allow: 'allow', encoding: 'encoding' } },
  },
  'opencode',
)

/** @type {Host} */
const HOST = {
  name: 'opencode',
  words: WORDS,
  wording: hostWords(WORDS, {
    missing: { multi_edit: 'the edit tool', delete_range: 'the edit tool' },
    line: { pad: 0, after: ': ' },
  }),
  // OpenCode's Tool.Context, passed to every execute: its `abort` cancels.
  context: { signals: ['abort'], ignored: ['sessionID', 'messageID', 'callID', 'agent', 'messages', 'metadata', 'ask', 'extra'] },
  prefix: /^\d+: /,
}

const LENIENT =
  'oldString that differs from the file only in Unicode look-alikes (curly quotes, dashes), trailing whitespace, ' +
  'runs of spaces or indentation still matches (newString is re-indented to match).'

const READ = hostOperation('readFile', {
  model: { path: 'The path of the file to read (relative paths are taken from the working folder).' },
})
const WRITE = hostOperation('writeFile', { model: { path: 'The path of the file to write.' } })
const EDIT = hostOperation('editFile', {
  model: {
    path: 'The path of the file to change.',
    oldText: 'The text to replace, as read shows it (without the line numbers), line breaks as \\n. Empty: newString becomes the whole file.',
    newText: 'The text to replace it with (must differ from oldString), line breaks as \\n.',
    replaceAll: 'Replace every occurrence of oldString (default false).',
  },
})
const PATCH = hostOperation('applyPatch')

/**
 * What OpenCode's tool reports for a failure: it throws, and the model reads the message.
 * @param {Failed} failed
 * @returns {never}
 */
function fail(failed) {
  const text = [failed.message, ...failed.warnings.map((w) => `Warning: ${w}`)].join('\n')
  throw Object.assign(new Error(text), { code: failed.code, path: failed.path })
}

/**
 * @param {Call} call
 * @param {string} path
 * @param {string[]} lines
 * @param {Record<string, unknown>} metadata
 * @returns {OpenCodeResult}
 */
function result(call, path, lines, metadata) {
  return { title: shownPath(call, path), output: lines.join('\n'), metadata }
}

/**
 * The tools of the 'opencode' shape.
 * @param {Session} session
 * @returns {OpenCodeTools}
 */
function opencode(session) {
  const read = hostTool({
    host: HOST,
    session,
    operation: READ,
    description: (c) =>
      'Read a text file. The output lists its lines as <line number>: <text>; the number and ": " are not part of ' +
      `the file. Line breaks are shown as \\n whatever the file uses. offset is the first line (1-based); at most ` +
      `${c.settings.maxReadLines} lines by default (limit). Read a file before you edit it.`,
    fail,
    async run(values, call) {
      const path = /** @type {string} */ (values.path)
      const { maxReadLines, maxReadChars } = call.session.settings
      const offset = /** @type {number | undefined} */ (values.offset) ?? 1
      const limit = /** @type {number | undefined} */ (values.limit) ?? maxReadLines
      const r = await readLines(call, path, offset, limit)
      const total = r.totalLines
      if (offset > Math.max(total, 1)) {
        throw hostError('INVALID_ARGUMENT', `offset ${offset} is past the end of ${path}, which has ${total} lines.`)
      }
      const { lines, last, capped, cut } = fitLines(r, maxReadChars, call, path)
      const out = [`<path>${call.absolute(path)}</path>`, '<type>file</type>', '<content>']
      if (total === 0) out.push('(empty file)')
      else {
        lines.forEach((text, i) => out.push(`${r.startLine + i}: ${text}`))
        out.push('')
      }
      if (cut) out.push(`(${cut}.)`)
      if (total > 0) {
        if (last < total) {
          const why = capped ? ` (output capped at ${maxReadChars} characters)` : ''
          out.push(`(Showing lines ${r.startLine}-${last} of ${total}${why}. Use offset=${last + 1} to continue.)`)
        } else {
          out.push(`(End of file: ${total} lines)`)
        }
      }
      out.push('</content>')
      for (const note of notes(HOST, { warnings: [...warningsOf(r, HOST.wording), ...call.warnings] })) out.push(note)
      return result(call, path, out, { preview: lines.slice(0, 20).join('\n'), truncated: last < total || cut !== undefined, loaded: [] })
    },
  })

  const write = hostTool({
    host: HOST,
    session,
    operation: WRITE,
    description:
      'Write a whole file (creating missing folders). ' +
      PRESERVE +
      ' ' +
      GUARDED +
      ' Overwriting keeps the old file\'s line endings and BOM; a new file takes its endings from ' +
      '.editorconfig/.gitattributes, else LF. Read an existing file first. Prefer edit for changing part of a file.',
    fail,
    async run(values, call) {
      const path = /** @type {string} */ (values.path)
      const existed = call.isFile(path)
      const r = await writeText(call, path, /** @type {string} */ (values.content))
      const head = r.changed ? 'Wrote file successfully.' : 'The file already has exactly this content; nothing was written.'
      const lines = [head, ...(r.changed ? [endingsNote(r, existed)] : []), ...notes(HOST, { warnings: [...warningsOf(r, HOST.wording), ...call.warnings] })]
      return result(call, path, lines, { diagnostics: {}, filepath: call.absolute(path), exists: existed, diff: r.diff })
    },
  })

  const edit = hostTool({
    host: HOST,
    session,
    operation: EDIT,
    description:
      'Replace oldString with newString in a file. oldString must match one place (add surrounding lines to make it ' +
      'unique) unless replaceAll is true; an empty oldString writes newString as the whole file, creating it if ' +
      'needed. Read the file first and copy oldString from it (without the line numbers). ' +
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
      if (oldText === newText) throw hostError('NO_CHANGE', 'No changes to apply: oldString and newString are identical.')
      if (oldText === '') {
        const existed = call.isFile(path)
        const r = await writeText(call, path, newText)
        const lines = ['Edit applied successfully.', endingsNote(r, existed), ...notes(HOST, { warnings: [...warningsOf(r, HOST.wording), ...call.warnings] })]
        return result(call, path, lines, editMetadata(call, path, r.diff))
      }
      const { result: r, stripped } = await editText(call, HOST, path, { oldText, newText, replaceAll: values.replaceAll === true })
      const said = notes(HOST, {
        matchedBy: r.matchedBy,
        stripped: stripped ? 'Note: the line numbers of read\'s output were removed from oldString and newString before matching.' : undefined,
        warnings: [...warningsOf(r, HOST.wording), ...call.warnings],
      })
      const count = r.replacements > 1 ? ` (${r.replacements} replacements)` : ''
      return result(call, path, [`Edit applied successfully${count}.`, ...said], editMetadata(call, path, r.diff))
    },
  })

  const applyPatch = hostTool({
    host: HOST,
    session,
    operation: PATCH,
    description:
      'Edit, add, delete or rename files with one patch, all or nothing. patchText is the whole patch:\n' +
      '*** Begin Patch\n*** Update File: src/app.py\n@@ def greet():\n-    print("Hi")\n+    print("Hello")\n' +
      '*** Add File: notes.txt\n+first line\n*** Delete File: old.txt\n*** End Patch\n' +
      "In a hunk every line starts with ' ' (context), '-' (removed) or '+' (added); `*** Move to: new/path` after " +
      '`*** Update File:` renames the file. Unified diffs work too. Copy context from read (without the line numbers). ' +
      PRESERVE +
      ' ' +
      GUARDED +
      ' If any hunk fails, no file is written.',
    fail,
    async run(values, call) {
      const r = await applyPatchChange(/** @type {string} */ (values.patch), call)
      /** @type {Record<string, string>} */
      const marks = { add: 'A', delete: 'D', update: 'M', move: 'M' }
      const lines = ['Success. Updated these files:']
      for (const f of r.files) lines.push(`${marks[f.action]} ${f.action === 'move' ? f.movedTo : f.path}`)
      for (const f of r.files) {
        for (const note of notes(HOST, { matchedBy: [...new Set(f.matchedBy)], warnings: warningsOf(f, HOST.wording), about: f.path })) lines.push(note)
      }
      for (const w of call.warnings) lines.push(`Warning: ${w}`)
      const diff = r.files.map((f) => f.diff).join('')
      const files = r.files.map((f) => ({
        filePath: call.absolute(f.path),
        relativePath: f.action === 'move' ? f.movedTo : f.path,
        type: f.action,
        patch: f.diff,
        ...diffStat(f.diff),
        ...(f.movedTo !== undefined ? { movePath: call.absolute(f.movedTo) } : {}),
      }))
      return { title: lines[0], output: lines.join('\n'), metadata: { diff, files, diagnostics: {} } }
    },
  })

  // Each tool's name is its host's (the vocabulary's), which the types spell out.
  return /** @type {OpenCodeTools} */ (/** @type {unknown} */ ({ read, write, edit, apply_patch: applyPatch }))
}

/**
 * The metadata OpenCode's edit reports, which its UI shows.
 * @param {Call} call
 * @param {string} path
 * @param {string} diff
 */
function editMetadata(call, path, diff) {
  const file = call.absolute(path)
  return { diagnostics: {}, diff, filediff: { file, patch: diff, ...diffStat(diff) } }
}

module.exports = { opencode, OPENCODE: HOST }
