// @ts-check
'use strict'

// gemini-cli's file tools: `read_file`, `write_file` and `replace`, with its argument
// names (file_path, start_line, end_line, old_string, new_string, expected_replacements)
// and its results (`{ llmContent, returnDisplay, error? }`, a failure's `error` with
// gemini-cli's error type). What gemini-cli means differently: `replace` changes
// exactly `expected_replacements` places (default 1) and fails, saying how many it
// found, when the count differs; an empty old_string creates a file that does not
// exist; read_file shows the lines as they are, without numbers. The spellings of
// earlier versions are taken too: `absolute_path`, `offset` (0-based) with `limit`,
// and `allow_multiple`.

const nodePath = require('node:path')

const { GUARDED, PRESERVE, TYPES, vocabulary } = require('../../operations.js')
const { hostWords, warningsOf } = require('../wording.js')
const {
  TEXT,
  editText,
  endingsNote,
  fileState,
  fitLines,
  hostError,
  hostOperation,
  hostParam,
  hostTool,
  notes,
  readLines,
  writeText,
} = require('./host.js')
const { changeSummary } = require('../results.js')

/** @typedef {import('./host.js').Host} Host */
/** @typedef {import('./host.js').Failed} Failed */
/** @typedef {import('../session.js').Session} Session */
/** @typedef {import('../session.js').Call} Call */
/** @typedef {import('../../../index.js').EditResult} EditResult */
/** @typedef {import('../../../index.js').ReadResult} ReadResult */
/** @typedef {import('../../../tools.js').GeminiToolResult} GeminiToolResult */
/** @typedef {import('../../../tools.js').GeminiErrorType} GeminiErrorType */
/** @typedef {import('../../../tools.js').GeminiCliTools} GeminiCliTools */

const WORDS = vocabulary(
  {
    readFile: {
      tool: 'read_file',
      args: { path: 'file_path', startLine: 'start_line', endLine: 'end_line', lineOffset: 'offset', limit: 'limit', encoding: 'encoding' },
      aliases: { path: ['absolute_path'] },
      hidden: ['lineOffset', 'limit'],
    },
    writeFile: { tool: 'write_file', args: { path: 'file_path', content: 'content', allow: 'allow', encoding: 'encoding' } },
    editFile: {
      tool: 'replace',
      args: {
        path: 'file_path',
        oldText: 'old_string',
        newText: 'new_string',
        expectedReplacements: 'expected_replacements',
        allowMultiple: 'allow_multiple',
        instruction: 'instruction',
        allow: 'allow',
        encoding: 'encoding',
      },
      hidden: ['allowMultiple', 'instruction'],
    },
  },
  'gemini-cli',
)

/** @type {Host} */
const HOST = {
  name: 'gemini-cli',
  words: WORDS,
  wording: hostWords(WORDS, {
    sentences: { 'or-replace-all': ', or set expected_replacements to the number of places to change them all' },
    missing: { multi_edit: 'several replace calls', delete_range: 'the replace tool', apply_patch: 'the replace tool', replace_all: 'expected_replacements' },
  }),
}

/** gemini-cli's error type for each of the library's codes. @type {Record<string, GeminiErrorType>} */
const ERROR_TYPES = {
  FILE_NOT_FOUND: 'file_not_found',
  NOT_A_FILE: 'target_is_directory',
  TEXT_NOT_FOUND: 'edit_no_occurrence_found',
  TEXT_MULTIPLE_MATCHES: 'edit_expected_occurrence_mismatch',
  NO_CHANGE: 'edit_no_change',
  PATH_OUTSIDE_ROOT: 'path_not_in_workspace',
  PERMISSION_DENIED: 'permission_denied',
  FILE_TOO_LARGE: 'file_too_large',
  INVALID_ARGUMENT: 'invalid_tool_params',
  IO_ERROR: 'file_write_failure',
}

/** A failure that gemini-cli has an error type of its own for (the count, a file that exists). */
class Refused extends Error {
  /**
   * @param {GeminiErrorType} type
   * @param {string} message
   */
  constructor(type, message) {
    super(message)
    this.type = type
  }
}

const READ = hostOperation('readFile', {
  model: {
    path: 'The path of the file to read.',
    startLine: 'The 1-based line number to start reading from (default 1).',
    endLine: (c) => `The 1-based line number to stop reading at, inclusive (default: ${c.settings.maxReadLines} lines from start_line).`,
  },
  extra: [hostParam('lineOffset', 'offset', TYPES.bytes, 'The 0-based line to start reading from (with limit).', { hidden: true, required: false })],
})
const WRITE = hostOperation('writeFile', {
  model: { path: 'The path of the file to write to.', content: 'The whole content to write to the file, line breaks as \\n.' },
})
const REPLACE = hostOperation('editFile', {
  model: {
    path: 'The path of the file to modify.',
    oldText: 'The exact text to replace, with enough lines around it to match one place, line breaks as \\n (empty: create the file).',
    newText: 'The text to replace old_string with, line breaks as \\n.',
  },
  extra: [
    hostParam('expectedReplacements', 'expected_replacements', TYPES.line, 'How many places old_string must match and be replaced (default 1).', {
      required: false,
    }),
    hostParam('allowMultiple', 'allow_multiple', TYPES.boolean, 'Replace every place old_string matches.', { hidden: true, required: false }),
    hostParam('instruction', 'instruction', TEXT, 'What the change is for.', { hidden: true, required: false }),
  ],
})

/**
 * A failed call, as gemini-cli's tools return it.
 * @param {Failed} failed
 * @param {GeminiErrorType} [type]
 * @returns {GeminiToolResult}
 */
function fail(failed, type) {
  const text = [failed.message, ...failed.warnings.map((w) => `Warning: ${w}`)].join('\n')
  return { llmContent: text, returnDisplay: `Error: ${failed.message.split('\n')[0]}`, error: { message: text, type: type || ERROR_TYPES[failed.code] || 'execution_failed' } }
}

/**
 * What gemini-cli's UI shows for a change.
 * @param {string} path
 * @param {string} diff
 * @param {string | null} originalContent
 * @param {string} newContent
 */
function fileDiff(path, diff, originalContent, newContent) {
  return { fileDiff: diff, fileName: nodePath.basename(path), filePath: path, originalContent, newContent, isNewFile: originalContent === null }
}

/**
 * The whole LF view of a file, for the display of a change (null: no such file).
 * @param {Call} call
 * @param {string} path
 * @returns {Promise<string | null>}
 */
async function viewOf(call, path) {
  try {
    /** @type {ReadResult} */
    const r = await call.library('readFile', [path], path, call.readOptions({}))
    return r.content
  } catch (error) {
    if (error && /** @type {{ code?: unknown }} */ (error).code === 'FILE_NOT_FOUND') return null
    throw error
  }
}

/**
 * The tools of the 'gemini-cli' shape.
 * @param {Session} session
 * @returns {GeminiCliTools}
 */
function geminiCli(session) {
  const readFile = hostTool({
    host: HOST,
    session,
    operation: READ,
    description: (c) =>
      `Read a text file and return its content as it is, without line numbers (line breaks shown as \\n whatever ` +
      `the file uses). A long file is cut after ${c.settings.maxReadLines} lines, and the result says so and how to ` +
      'read on with start_line and end_line. Read a file before you replace text in it.',
    fail: (f) => fail(f),
    /** @returns {Promise<GeminiToolResult>} */
    async run(values, call) {
      const path = /** @type {string} */ (values.path)
      const { maxReadLines, maxReadChars } = call.session.settings
      const start =
        /** @type {number | undefined} */ (values.startLine) ??
        (values.lineOffset !== undefined ? /** @type {number} */ (values.lineOffset) + 1 : 1)
      const end = /** @type {number | undefined} */ (values.endLine)
      if (end !== undefined && end < start) throw hostError('INVALID_ARGUMENT', `start_line ${start} cannot be greater than end_line ${end}.`)
      const limit = end !== undefined ? end - start + 1 : /** @type {number | undefined} */ (values.limit) ?? maxReadLines
      const r = await readLines(call, path, start, limit)
      const said = notes(HOST, { warnings: [...warningsOf(r, HOST.wording), ...call.warnings] })
      if (start > Math.max(r.totalLines, 1)) {
        throw hostError('INVALID_ARGUMENT', `start_line ${start} is past the end of ${path}, which has ${r.totalLines} lines.`)
      }
      const { lines, last, cut } = fitLines(r, maxReadChars, call, path)
      const text = lines.join('\n')
      const whole = r.startLine === 1 && last >= r.totalLines && cut === undefined
      if (whole) return { llmContent: [text, ...said].filter((s, i) => i === 0 || s).join('\n'), returnDisplay: '' }
      const head = [
        'IMPORTANT: the file is longer than what is shown here.',
        `Shown: lines ${r.startLine}-${last} of ${r.totalLines}.`,
        ...(cut ? [`${cut}.`] : []),
        ...(last < r.totalLines
          ? [`To read more, call read_file again with start_line ${last + 1} (and end_line to say where to stop).`]
          : r.startLine > 1
            ? ['To read the lines before them, call read_file again with start_line 1.']
            : []),
        ...said,
        '',
        `--- FILE CONTENT (lines ${r.startLine}-${last}) ---`,
      ]
      return { llmContent: [...head, text].join('\n'), returnDisplay: `Read lines ${r.startLine}-${last} of ${r.totalLines} from ${path}` }
    },
  })

  const writeFile = hostTool({
    host: HOST,
    session,
    operation: WRITE,
    description:
      'Write a whole file, creating it (and missing folders) or overwriting it. ' +
      PRESERVE +
      ' ' +
      GUARDED +
      " Overwriting keeps the old file's line endings and BOM; a new file takes its endings from " +
      '.editorconfig/.gitattributes, else LF. Give the complete content, never placeholders for parts left out.',
    fail: (f) => fail(f),
    /** @returns {Promise<GeminiToolResult>} */
    async run(values, call) {
      const path = /** @type {string} */ (values.path)
      const before = await viewOf(call, path)
      const content = /** @type {string} */ (values.content)
      const r = await writeText(call, path, content)
      const said = notes(HOST, { warnings: [...warningsOf(r, HOST.wording), ...call.warnings] })
      const head =
        before === null
          ? `Successfully created and wrote to new file: ${path}. ${endingsNote(r, false)}`
          : r.changed
            ? `Successfully overwrote file: ${path}. ${endingsNote(r, true)}`
            : `No changes to apply: ${path} already has exactly this content.`
      return { llmContent: [head, ...said].join('\n'), returnDisplay: fileDiff(path, r.diff, before, (await viewOf(call, path)) ?? '') }
    },
  })

  const replace = hostTool({
    host: HOST,
    session,
    operation: REPLACE,
    description:
      'Replace text in a file. old_string must match exactly one place unless expected_replacements says how many ' +
      'places it matches (each is replaced); the count must be right, else nothing is changed and the result says ' +
      'how many were found. Include a few lines around the change so that old_string matches where you mean. An ' +
      'empty old_string creates a new file with new_string. Read the file with read_file first. ' +
      PRESERVE +
      ' ' +
      GUARDED +
      ' old_string that differs from the file only in Unicode look-alikes, trailing whitespace, runs of spaces or ' +
      'indentation still matches (new_string is re-indented to match).',
    fail: (f) => fail(f),
    async run(values, call) {
      const path = /** @type {string} */ (values.path)
      const oldText = /** @type {string} */ (values.oldText)
      const newText = /** @type {string} */ (values.newText)
      try {
        return await replaceText(call, path, oldText, newText, values)
      } catch (error) {
        if (!(error instanceof Refused)) throw error
        return fail({ code: 'INVALID_ARGUMENT', message: error.message, path, warnings: call.warnings }, error.type)
      }
    },
  })

  // Each tool's name is its host's (the vocabulary's), which the types spell out.
  return /** @type {GeminiCliTools} */ (/** @type {unknown} */ ({ read_file: readFile, write_file: writeFile, replace }))
}

/**
 * gemini-cli's replace: an exact count of places, or a new file.
 * @param {Call} call
 * @param {string} path
 * @param {string} oldText
 * @param {string} newText
 * @param {Record<string, unknown>} values
 * @returns {Promise<GeminiToolResult>}
 */
async function replaceText(call, path, oldText, newText, values) {
  if (oldText === newText) throw hostError('NO_CHANGE', `No changes to apply: old_string and new_string are identical (in ${path}).`)
  const state = await fileState(call, path)
  if (oldText === '') {
    if (state) {
      throw new Refused(
        'attempt_to_create_existing_file',
        `File already exists, cannot create: ${path}. To change it, give the text to replace as old_string.`,
      )
    }
    const r = await writeText(call, path, newText)
    const said = notes(HOST, { warnings: [...warningsOf(r, HOST.wording), ...call.warnings] })
    return {
      llmContent: [`Created new file: ${path} with provided content. ${endingsNote(r, false)}`, ...said].join('\n'),
      returnDisplay: fileDiff(path, r.diff, null, (await viewOf(call, path)) ?? ''),
    }
  }
  if (!state) throw hostError('FILE_NOT_FOUND', `File not found: ${path}. Use an empty old_string to create a new file.`)
  const expected = /** @type {number | undefined} */ (values.expectedReplacements)
  const every = expected === undefined && values.allowMultiple === true
  const before = await viewOf(call, path)
  /** @type {EditResult} */
  let r
  /** @type {boolean} */
  let stripped = false
  if (expected === undefined || expected === 1 || every) {
    try {
      ;({ result: r, stripped } = await editText(call, HOST, path, { oldText, newText, replaceAll: every }))
    } catch (error) {
      if (!error || /** @type {{ code?: unknown }} */ (error).code !== 'TEXT_MULTIPLE_MATCHES') throw error
      const found = await count(call, path, oldText, newText)
      throw new Refused('edit_expected_occurrence_mismatch', mismatch(1, found, path))
    }
  } else {
    // Prepared, so that the count is checked before anything is written.
    r = await call.change({
      paths: [path],
      prepared: true,
      compute: async ({ library, expectedVersion }) => {
        /** @type {EditResult} */
        const planned = await library('editFile', [path], path, oldText, newText, call.options({ expectedVersion: expectedVersion(path), replaceAll: true, guards: call.guards }))
        if (planned.replacements !== expected) throw new Refused('edit_expected_occurrence_mismatch', mismatch(expected, planned.replacements, path))
        return planned
      },
      files: (e) => [{ path, diff: e.diff, summary: changeSummary(call.tool, path, e.diff), version: e.version }],
    })
  }
  const said = notes(HOST, {
    matchedBy: r.matchedBy,
    stripped: stripped ? 'Note: the line-number prefixes were removed from old_string and new_string before matching.' : undefined,
    warnings: [...warningsOf(r, HOST.wording), ...call.warnings],
  })
  return {
    llmContent: [`Successfully modified file: ${path} (${r.replacements} ${r.replacements === 1 ? 'replacement' : 'replacements'}).`, ...said].join('\n'),
    returnDisplay: fileDiff(path, r.diff, before, (await viewOf(call, path)) ?? ''),
  }
}

/**
 * How many places old_string matches (as a dry run of replacing them all finds them).
 * @param {Call} call
 * @param {string} path
 * @param {string} oldText
 * @param {string} newText
 */
async function count(call, path, oldText, newText) {
  /** @type {EditResult} */
  const r = await call.library('editFile', [path], path, oldText, newText, call.options({ dryRun: true, replaceAll: true, guards: call.guards }))
  return r.replacements
}

/**
 * @param {number} expected
 * @param {number} found
 * @param {string} path
 */
function mismatch(expected, found, path) {
  const places = (/** @type {number} */ n) => `${n} ${n === 1 ? 'occurrence' : 'occurrences'}`
  return (
    `Failed to edit: expected ${places(expected)} of old_string but found ${places(found)} in ${path}. Nothing was changed. ` +
    (found > expected
      ? 'Add lines around the change to old_string so it matches only the places you mean, or set expected_replacements to the number found.'
      : 'Set expected_replacements to the number found, or check old_string against the file.')
  )
}

module.exports = { geminiCli, GEMINI_CLI: HOST }
