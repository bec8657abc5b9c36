// @ts-check
'use strict'

// What the tool shapes of other agents share. A shape is a host's tools (OpenCode's
// `edit`, Claude Code's `Edit`, …) over the same operations and the same session as
// the tools' own set: each tool's schema and the reader of its arguments are rendered
// from its operation's declaration (lib/operations.js) in the host's vocabulary, its
// changes go through the session (stale reads, requireRead, approval, one call at a
// time per file), and its messages are the core's rendered in the host's words
// (wording.js `hostWords`). What a shape writes itself is what its host means differently, and
// how its host's results look.

const nodePath = require('node:path')

const { TYPES, operation: declared, render, renderContext } = require('../../operations.js')
const { argsObject, argumentReader } = require('../args.js')
const { readContext } = require('../context.js')
const { cutText } = require('../cut.js')
const { withPrefixRetry } = require('../edits.js')
const { failure, toolError } = require('../errors.js')
const { TIER_NOTES, changeSummary, describeEndings, diffCounts } = require('../results.js')
const { toolSchema } = require('../schemas.js')
const { Call } = require('../session.js')

/** @typedef {import('../../operations.js').Operation} Operation */
/** @typedef {import('../../operations.js').Param} Param */
/** @typedef {import('../../operations.js').Text} Text */
/** @typedef {import('../../operations.js').Vocabulary} Vocabulary */
/** @typedef {import('../context.js').HostContext} HostContext */
/** @typedef {import('../session.js').Session} Session */
/** @typedef {import('../args.js').Reader} Reader */
/** @typedef {import('../../../tools.js').JsonSchemaObject} JsonSchemaObject */
/** @typedef {import('../../../index.js').EditResult} EditResult */
/** @typedef {import('../../../index.js').ReadResult} ReadResult */
/** @typedef {import('../../../index.js').Edit} Edit */

/**
 * A host whose tools a shape has.
 * @typedef {object} Host
 * @property {string} name the shape's name
 * @property {Vocabulary} words what it calls each operation and argument
 * @property {import('../wording.js').Words} wording its words for the parts of the core's messages
 * @property {HostContext} [context] the keys of its own call context, taken by `execute`
 * @property {RegExp} [prefix] the prefix its read tool numbers a line with, removed from
 *   an old text that carries it on every line when the text is not found
 */

/**
 * What a failed call is, for a host to report in its way.
 * @typedef {object} Failed
 * @property {import('../../../index.js').ErrorCode} code
 * @property {string} message what the model should read, in the host's words
 * @property {string} [path] the path the model gave
 * @property {string[]} warnings arguments the call ignored, in the host's words
 */

/**
 * A host-only parameter of a tool (gemini-cli's `expected_replacements`, Cline's
 * `diff`): a declaration like the operations', reached by the host shapes only.
 * @param {string} name the library-side name the vocabulary maps
 * @param {string} spelling the host's argument name
 * @param {Param['type']} type
 * @param {Text} model what the model is told of it
 * @param {{ required?: boolean, hidden?: boolean }} [more] `required`: by default, yes
 * @returns {Param}
 */
function hostParam(name, spelling, type, model, more = {}) {
  return {
    name,
    role: 'tool',
    type,
    doc: typeof model === 'string' ? model : name,
    model,
    // Required unless said otherwise: a host-only argument is the host's (Cline's `diff`).
    tool: { kind: 'arg', name: spelling, aliases: [], required: true, ...more },
    cli: { kind: 'none', why: "a host shape's argument, not a command's" },
  }
}

/**
 * An operation as a host's tool has it: the declaration's parameters, some described
 * the host's way, and host-only ones added (the vocabulary says which are taken).
 * @param {string} name the operation
 * @param {{ model?: Record<string, Text>, extra?: Param[] }} [changes]
 * @returns {Operation}
 */
function hostOperation(name, { model = {}, extra = [] } = {}) {
  const op = declared(name)
  /** @param {Param} p @returns {Param} */
  const described = (p) => {
    const fields = p.type.fields && p.type.fields.map(described)
    const type = fields ? { ...p.type, fields } : p.type
    return model[p.name] !== undefined ? { ...p, type, model: model[p.name] } : { ...p, type }
  }
  return { ...op, params: [...op.params.map(described), ...extra] }
}

/**
 * One tool of a shape: `{ name, description, parameters, execute }`. `run` gets the
 * arguments read by the library's names (`values.oldText`) and the call, and returns
 * the host's result; anything thrown becomes `fail`'s result (which may throw, as
 * OpenCode's tools do).
 * @template R
 * @param {object} spec
 * @param {Host} spec.host
 * @param {Session} spec.session
 * @param {Operation} spec.operation
 * @param {Text} spec.description
 * @param {(values: Record<string, unknown>, call: Call) => Promise<R>} spec.run
 * @param {(failed: Failed) => R} spec.fail
 */
function hostTool({ host, session, operation, description, run, fail }) {
  const name = host.words.tool(operation)
  if (name === undefined) throw new Error(`${host.name} has no tool for ${operation.name}`)
  const context = renderContext(host.words, session.settings)
  const reader = argumentReader(operation, host.words)
  const example = reader.name('path')
  /** @type {JsonSchemaObject} */
  const parameters = toolSchema(operation, host.words, context)
  return {
    name,
    description: /** @type {string} */ (render(description, context)),
    parameters,
    /**
     * @param {unknown} args
     * @param {unknown} [where]
     * @returns {Promise<R>}
     */
    async execute(args, where) {
      /** @type {string[]} */
      const warnings = []
      try {
        const given = argsObject(args, name, example)
        for (const w of reader.unknown(given)) warnings.push(w)
        const values = reader.values(given, warnings)
        const call = new Call(session, name, readContext(where, host.context), {
          encoding: /** @type {string | undefined} */ (values.encoding),
          warnings,
          allow: /** @type {string[] | undefined} */ (values.allow),
        })
        return await run(values, call)
      } catch (error) {
        const failed = failure(error, reader.pathOf(args), host.wording)
        return fail({ code: failed.error, message: failed.data, path: failed.path, warnings })
      }
    },
  }
}

/**
 * Reads lines of a file for the model, remembering the version it now knows.
 * @param {Call} call
 * @param {string} path
 * @param {number} offset 1-based
 * @param {number} [limit] how many lines (default: all)
 * @returns {Promise<ReadResult>}
 */
function readLines(call, path, offset, limit) {
  // What the model reads is what it will know of the file: by its path as it is now.
  call.fresh = true
  return call.exclusive([path], async () => {
    /** @type {ReadResult} */
    const result = await call.library('readFile', [path], path, call.readOptions({ offset, limit }))
    call.remember(path, result.version)
    return result
  })
}

/**
 * The lines of a read that fit the tool set's character budget (whole lines; a first
 * line longer than the budget is cut, at a character boundary), whether lines were left
 * out, and the sentence that says a line is cut, which every host's read shows (else
 * the model takes the start of the line for all of it).
 * The lines shown are kept as what the model saw (`Call.saw`), for the message of a
 * later FILE_CHANGED.
 * @param {ReadResult} result
 * @param {number} maxChars
 * @param {Call} call
 * @param {string} path
 * @returns {{ lines: string[], last: number, capped: boolean, cut: string | undefined }}
 */
function fitLines(result, maxChars, call, path) {
  const all = result.content.split('\n')
  if (all[all.length - 1] === '') all.pop()
  /** @type {string[]} */
  const lines = []
  let used = 0
  /** @type {string | undefined} */
  let cut
  for (const text of all) {
    if (used + text.length > maxChars) {
      if (lines.length === 0) {
        const start = cutText(text, maxChars)
        lines.push(start)
        cut = `Line ${result.startLine} is cut: ${text.length - start.length} more characters of it are not shown (the output is capped at ${maxChars} characters)`
      }
      break
    }
    lines.push(text)
    used += text.length
  }
  call.saw(path, result, cut === undefined ? lines.length : 0)
  return { lines, last: result.startLine + lines.length - 1, capped: lines.length < all.length || cut !== undefined, cut }
}

/**
 * The file's state, through the library (so a path outside the root fails here as it
 * would anywhere): undefined when there is no file, else its version and size in lines.
 * @param {Call} call
 * @param {string} path
 * @returns {Promise<{ version: string, lines: number } | undefined>}
 */
async function fileState(call, path) {
  try {
    /** @type {ReadResult} */
    const r = await call.library('readFile', [path], path, call.readOptions({ limit: 0 }))
    return { version: r.version, lines: r.totalLines }
  } catch (error) {
    if (error && /** @type {{ code?: unknown }} */ (error).code === 'FILE_NOT_FOUND') return undefined
    throw error
  }
}

/**
 * The whole LF view of a file as it is now (for a host that shows it after a change).
 * @param {Call} call
 * @param {string} path
 */
async function currentText(call, path) {
  /** @type {ReadResult} */
  const r = await call.library('readFile', [path], path, call.readOptions({}))
  return r
}

/**
 * One edit of a file through the session, retried without the host's line-number
 * prefixes when the text is not found.
 * @param {Call} call
 * @param {Host} host
 * @param {string} path
 * @param {Edit} edit
 * @returns {Promise<{ result: EditResult, stripped: boolean }>}
 */
function editText(call, host, path, edit) {
  return call.change({
    paths: [path],
    compute: ({ library, expectedVersion }) =>
      withPrefixRetry(
        [edit],
        ([e]) =>
          /** @type {Promise<EditResult>} */ (
            library(
              'editFile',
              [path],
              path,
              e.oldText,
              e.newText,
              call.options({ expectedVersion: expectedVersion(path), replaceAll: e.replaceAll, guards: call.guards }),
            )
          ),
        host.prefix,
      ),
    files: ({ result }) => [{ path, diff: result.diff, summary: changeSummary(call.tool, path, result.diff), version: result.version }],
  })
}

/**
 * Several edits of a file through the session, all or nothing.
 * @param {Call} call
 * @param {Host} host
 * @param {string} path
 * @param {Edit[]} edits
 * @returns {Promise<{ result: EditResult, stripped: boolean }>}
 */
function multiEditText(call, host, path, edits) {
  return call.change({
    paths: [path],
    compute: ({ library, expectedVersion }) =>
      withPrefixRetry(
        edits,
        (list) => /** @type {Promise<EditResult>} */ (library('multiEdit', [path], path, list, call.options({ expectedVersion: expectedVersion(path), guards: call.guards }))),
        host.prefix,
      ),
    files: ({ result }) => [{ path, diff: result.diff, summary: changeSummary(call.tool, path, result.diff), version: result.version }],
  })
}

/**
 * A whole file through the session: an existing file keeps its endings, BOM and
 * encoding; a new one takes its endings from .editorconfig/.gitattributes, else LF.
 * @param {Call} call
 * @param {string} path
 * @param {string} content
 * @returns {Promise<EditResult>}
 */
function writeText(call, path, content) {
  return call.change({
    paths: [path],
    compute: ({ library, expectedVersion }) =>
      /** @type {Promise<EditResult>} */ (
        library('writeFile', [path], path, content, call.options({ expectedVersion: expectedVersion(path), guards: call.guards }))
      ),
    files: (r) => [{ path, diff: r.diff, summary: changeSummary(call.tool, path, r.diff), version: r.version }],
  })
}

/**
 * A failure of the shape itself, worded by the host already (the core's failures are
 * rendered in the host's words on their way out).
 * @param {import('../../../index.js').ErrorCode} code
 * @param {string} message
 */
function hostError(code, message) {
  return toolError(code, message)
}

/** The path as the result names it: relative to the call's folder when inside it. @param {Call} call @param {string} path */
function shownPath(call, path) {
  const absolute = call.absolute(path)
  const from = call.cwd || process.cwd()
  const relative = nodePath.relative(from, absolute)
  return relative && !relative.startsWith('..') && !nodePath.isAbsolute(relative) ? relative.split(nodePath.sep).join('/') : absolute
}

/**
 * Lines added and removed by a diff, for a host's result (the core's count: a removed
 * line that reads `-- x` is a removal, not a header).
 * @param {string} diff
 */
function diffStat(diff) {
  const { added, removed } = diffCounts(diff)
  return { additions: added, deletions: removed }
}

/**
 * What a result says besides its first line: a note per lenient match (which lines
 * kept their bytes), the retry without line numbers, and the library's warnings, in
 * the host's words.
 * @param {Host} host
 * @param {object} said
 * @param {readonly string[]} [said.matchedBy] the tier of each edit
 * @param {boolean} [said.multi] several edits, named by number
 * @param {string} [said.stripped] the note when line numbers were removed before matching
 * @param {readonly string[]} [said.warnings] the library's warnings (wording.js
 *   `warningsOf`) and ignored arguments, in the host's words
 * @param {string} [said.what] what one edit is called (`edit`, `SEARCH/REPLACE block`)
 * @param {string} [said.about] the file each note and warning is about, when a result has several
 */
function notes(host, { matchedBy = [], multi = false, stripped, warnings = [], what = 'edit', about }) {
  const of = about === undefined ? '' : `${about}: `
  /** @type {string[]} */
  const out = []
  matchedBy.forEach((tier, i) => {
    if (TIER_NOTES[tier]) out.push(`Note: ${of}${multi ? `${what} #${i + 1} ` : ''}${TIER_NOTES[tier]}.`)
  })
  if (out.length > 0) out.push('Lines you did not change kept their exact bytes.')
  if (stripped) out.push(stripped)
  for (const w of warnings) out.push(`Warning: ${of}${w}`)
  return out
}

/**
 * What a write did to the file's conventions, for a result.
 * @param {EditResult} result
 * @param {boolean} existed
 */
function endingsNote(result, existed) {
  const endings = describeEndings(result.eol)
  return existed ? `Its line endings (${endings}), BOM and encoding were kept.` : `Line endings: ${endings}.`
}

/** The type of a text argument that may be empty. */
const TEXT = TYPES.text

module.exports = {
  TEXT,
  hostParam,
  hostOperation,
  hostTool,
  hostError,
  readLines,
  fitLines,
  fileState,
  currentText,
  editText,
  multiEditText,
  writeText,
  shownPath,
  diffStat,
  notes,
  endingsNote,
}
