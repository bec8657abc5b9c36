// @ts-check
'use strict'

// OpenAI's built-in apply_patch tool (Responses API, `tools: [{ type: 'apply_patch' }]`):
// a handler that takes the `apply_patch_call` items of a response and returns their
// `apply_patch_call_output` items, and the `Editor` of the OpenAI Agents SDK for
// TypeScript (`applyPatchTool({ editor })`), both over the library's applyPatch.
//
// Each call is one operation on one file, with a V4A diff: `create_file` (every line
// of the diff is `+` and a line of the new file), `update_file` (hunks: `@@` lines
// naming lines of the file to find the place, then ' ' context, '-' removed and '+'
// added lines, `*** End of File` for a hunk at the end; `move_to` renames the file)
// or `delete_file` (no diff). V4A is the format of the apply_patch envelope the library
// applies: each operation becomes a section of it (`*** Add File`, `*** Update File`
// with `*** Move to`, `*** Delete File`), so matching (lenient tiers in the LF view),
// endings (each line keeps its own; added lines take their region's), BOM, encodings
// and atomic writes are the library's, and so is the rollback of a batch: `executeAll`
// applies the operations of one response as one patch, all or nothing. The core checks
// a diff to be only hunks first, so that no line of it can open a section about
// another file.
//
// Where V4A and the envelope read a line differently, the operation is written so that
// the library reads it as OpenAI's reference (the Agents SDKs' apply_diff) does (the
// core, src/patch/v4a.rs, writes it so):
//
// - create_file: the new file is the `+` lines joined by line breaks, so it ends with a
//   line break only when the diff's last line is a bare `+`; its breaks are CRLF when
//   the diff's are, else the project's;
// - a context line whose text the envelope would take for one of its markers (a file
//   line such as `*** End Patch` or `@@ x`) goes as a removed and an added copy of
//   itself, which keeps the file's bytes as context does;
// - a diff may end with the envelope's closing line, as models sometimes send it.
//
// What the model is told names only the tool's operations and the diff: the core words
// what an operation did or why it failed (V4aOperation::describe, ::failure, shared with
// the Python editor), and the library's messages inside are rendered with VOCABULARY.

const core = require('../../binding.js')
const { patchCompute } = require('../apply_patch.js')
const { argumentError, failure } = require('../errors.js')
const { readContext, readOptions } = require('../index.js')
const { diffCounts } = require('../results.js')
const { Call } = require('../session.js')
const { handlerWords, warningsOf } = require('../wording.js')

/** @typedef {import('../session.js').Session} Session */
/** @typedef {import('../session.js').FileChange} FileChange */
/** @typedef {import('../../../index.js').PatchResult} PatchResult */
/** @typedef {import('../../../index.js').PatchFileResult} PatchFileResult */
/** @typedef {import('../../../tools.js').OpenAIApplyPatchOutput} Output */
/** @typedef {import('../../../tools.js').ToolContext} ToolContext */

/**
 * apply_patch's words for the library's operations, and its sentences for what it has
 * no operation or argument for (a read tool of its own, the envelope, encoding). The
 * core says the same for the Python editor (src/patch/v4a/words.rs); a change here is
 * a change there, which python/tests/test_openai_editor.py checks.
 * @type {import('../wording.js').HostVocabulary}
 */
const VOCABULARY = {
  name: 'openai-apply-patch',
  tools: { writeFile: 'create_file', editFile: 'update_file' },
  args: {},
  sentences: {
    'pass-utf-16': 'it cannot be patched: ask the user to give it a byte order mark',
    'give-encoding': 'Use only ASCII characters in the + lines for this file, or ask the user to declare its encoding in .editorconfig (charset) or .gitattributes (working-tree-encoding).',
    'pass-it': 'ask the user to declare it in .editorconfig (charset) or .gitattributes (working-tree-encoding)',
    'pass-the-right-one': 'ask the user to declare the right one',
    // It has no read tool: a quote is the file's own lines.
    'as-listed-it': 'as the file has it',
    'as-listed-them': 'as the file has them',
    'numbered-as-listed': 'numbered from the first line of the file',
    'no-prefixes': '',
    'read-again': 'Read it again',
    'read-first': 'Read it first',
    'create-it': 'or create it with a create_file operation',
    'add-file': 'to create a file, use a create_file operation',
    'or-convert-eol': ", or ask the user to convert the file's line endings",
    // Each operation closes its own failure (`closing`): what to fix depends on the
    // operation and on what failed, not on its being part of a patch.
    'fix-patch': '',
    // An apply_patch_call has no room for more than its operation: nothing lets a guard through.
    'allow-guard': ['This tool cannot let the ', { fact: 'value', of: 'guards' }, ' guard through: write the text another way, or ask the user.'],
  },
}

/** The vocabulary's words for the parts of a message. */
const WORDS = handlerWords(VOCABULARY)

/** The line that closes an envelope, which a diff may end with. */
const END_PATCH = '*** End Patch'

/** The call id of the operations the Agents SDK's editor is given (it passes none). */
const EDITOR_CALL = 'editor'

/** createTools' options the patcher takes too. */
const SESSION_OPTIONS = ['root', 'cwd', 'requireRead', 'approve', 'maxBytes', 'durable', 'readState', 'guards']

/**
 * One apply_patch_call, read and checked: its operation as sections of a patch.
 * @typedef {object} Operation
 * @property {string} callId
 * @property {number} index its place among the calls
 * @property {'create_file' | 'update_file' | 'delete_file'} type
 * @property {string} path
 * @property {string} [moveTo] update_file's new path
 * @property {string[]} sections the patch sections (without the envelope), each ending
 *   with a line break; none for an update_file whose diff is empty
 * @property {number} added lines the operation adds ('+' lines of update_file; lines of create_file)
 * @property {number} removed '-' lines of update_file
 * @property {boolean} endsWithBreak create_file: whether the new file ends with a line break
 * @property {boolean} [replaces] a move onto a file that exists (looked up for the output's words only)
 * @property {import('../../../index.js').V4ASections} read the core's reading of it, which words what it did
 */

/** A failed call: its id, place and what it says. @typedef {{ callId: string, index: number, failed: string }} Unread */

/**
 * A section in the patch being applied, and the operation it belongs to.
 * @typedef {{ op: Operation, section: string }} Placed
 */

/**
 * The handler of OpenAI's apply_patch tool.
 * @param {import('../../../tools.js').CreateOpenAIApplyPatchOptions} [options]
 */
function createOpenAIApplyPatch(options) {
  const patcher = new Patcher(readOptions(options, { where: 'createOpenAIApplyPatch(options)', known: SESSION_OPTIONS }).session)
  return {
    definition: /** @type {{ type: 'apply_patch' }} */ ({ type: 'apply_patch' }),
    /**
     * @param {unknown} call
     * @param {ToolContext} [context]
     * @returns {Promise<Output>}
     */
    execute: async (call, context) => (await patcher.apply([call], context))[0],
    /**
     * @param {unknown} calls
     * @param {ToolContext} [context]
     * @returns {Promise<Output[]>}
     */
    executeAll: (calls, context) => {
      if (!Array.isArray(calls)) return Promise.resolve([output('', 'failed', 'executeAll takes the array of apply_patch_call items of a response.')])
      return patcher.apply(calls, context)
    },
  }
}

/**
 * The `Editor` of the OpenAI Agents SDK for TypeScript (`applyPatchTool({ editor })`):
 * each operation the SDK hands it, applied as the handler applies a call, answered with
 * `{ status, output }`.
 * @param {import('../../../tools.js').CreateOpenAIApplyPatchOptions} [options]
 */
function createOpenAIEditor(options) {
  const patcher = new Patcher(readOptions(options, { where: 'createOpenAIEditor(options)', known: SESSION_OPTIONS }).session)
  /**
   * @param {'create_file' | 'update_file' | 'delete_file'} type
   * @param {unknown} operation
   */
  const run = async (type, operation) => {
    /** @type {unknown} */
    let wire = operation
    if (operation !== null && typeof operation === 'object' && !Array.isArray(operation)) {
      // The SDK names update_file's new path moveTo; the Responses API, move_to.
      const { moveTo, ...rest } = /** @type {{ type?: unknown, moveTo?: unknown }} */ (operation)
      if (rest.type !== type) return { status: /** @type {const} */ ('failed'), output: `This is the ${type} operation's method, but the operation is ${JSON.stringify(rest.type)}.` }
      wire = moveTo === undefined ? rest : { ...rest, move_to: moveTo }
    }
    const [out] = await patcher.apply([{ type: 'apply_patch_call', call_id: EDITOR_CALL, operation: wire }])
    return { status: out.status, output: out.output }
  }
  return {
    /** @param {unknown} operation */
    createFile: (operation) => run('create_file', operation),
    /** @param {unknown} operation */
    updateFile: (operation) => run('update_file', operation),
    /** @param {unknown} operation */
    deleteFile: (operation) => run('delete_file', operation),
  }
}

class Patcher {
  /** @param {Session} session */
  constructor(session) {
    this.session = session
  }

  /**
   * Applies the operations of `calls` together, all or nothing; never throws. An
   * operation that changes nothing is a success that says so, and the others are
   * applied without it.
   * @param {unknown[]} calls
   * @param {ToolContext} [context]
   * @returns {Promise<Output[]>}
   */
  async apply(calls, context) {
    if (calls.length === 0) return []
    /** @type {Array<Operation | Unread>} */
    const read = calls.map((c, index) => {
      try {
        return readCall(c, index)
      } catch (error) {
        return { callId: callIdOf(c), index, failed: failure(error, undefined, WORDS).data }
      }
    })
    const ops = /** @type {Operation[]} */ (read.filter((r) => !('failed' in r)))
    if (ops.length < read.length) return notApplied(read, read.map((r) => ('failed' in r ? r.failed : undefined)))
    let call
    try {
      call = new Call(this.session, 'apply_patch', readContext(context))
    } catch (error) {
      const why = failure(error, undefined, WORDS).data
      return ops.map((op) => output(op.callId, 'failed', why))
    }
    /** @type {Operation | undefined} the operation a failure is about */
    let failing
    try {
      for (const op of ops) {
        if (op.sections.length > 0) continue
        // An empty diff changes nothing, but the file must be there to update.
        failing = op
        await call.library('readFile', [op.path], op.path, call.readOptions({ limit: 0 }))
      }
      failing = undefined
      for (const op of ops) if (op.moveTo !== undefined) op.replaces = call.isFile(op.moveTo)
      /** @type {Placed[]} */
      let placed = ops.flatMap((op) => op.sections.map((section) => ({ op, section })))
      /** @type {PatchResult} */
      let result = { files: [] }
      while (placed.length > 0) {
        try {
          result = await applyPlaced(call, placed)
          break
        } catch (error) {
          const at = fileIndexOf(error, placed.length)
          failing = at === undefined ? undefined : placed[at].op
          // A section that changes nothing is left out; the rest are applied without it.
          if (at === undefined || /** @type {{ code?: unknown }} */ (error).code !== 'NO_CHANGE') throw error
          placed = placed.filter((_, i) => i !== at)
          failing = undefined
        }
      }
      return ops.map((op) => {
        const files = result.files.filter((_, i) => placed[i].op === op)
        return output(op.callId, 'completed', files.length === 0 ? unchanged(op) : describe(op, files))
      })
    } catch (error) {
      const failed = failure(error, undefined, WORDS).data
      if (failing === undefined) {
        // A failure of the whole change (a stale read, the user's refusal, a cancel): every operation's.
        return ops.map((op) => output(op.callId, 'failed', about(op, failed, error)))
      }
      const at = failing
      return notApplied(ops, ops.map((op) => (op === at ? about(op, failed, error) : undefined)))
    }
  }
}

/**
 * Applies the placed sections as one patch, with every check of the tool set.
 * @param {Call} call
 * @param {Placed[]} placed
 * @returns {Promise<PatchResult>}
 */
function applyPlaced(call, placed) {
  const patch = `*** Begin Patch\n${placed.map((p) => p.section).join('')}${END_PATCH}\n`
  const paths = [...new Set(placed.flatMap(({ op }) => (op.moveTo !== undefined ? [op.path, op.moveTo] : [op.path])))]
  return call.change({ paths, compute: patchCompute(call, paths, patch), files: (r) => fileChanges(placed, r) })
}

/**
 * The section of a patch a library error is about, when it names one.
 * @param {unknown} error
 * @param {number} sections
 */
function fileIndexOf(error, sections) {
  const index = /** @type {{ fileIndex?: unknown }} */ (error || {}).fileIndex
  return typeof index === 'number' && Number.isInteger(index) && index >= 0 && index < sections ? index : undefined
}

/**
 * The outputs of a batch that was not applied: the failing operations say why, the
 * others that they were not applied because of them.
 * @param {Array<Operation | Unread>} items
 * @param {Array<string | undefined>} why
 * @returns {Output[]}
 */
function notApplied(items, why) {
  const failing = items.filter((_, i) => why[i] !== undefined).map(callName)
  const named = failing.length === 1 ? `apply_patch call ${failing[0]}` : `apply_patch calls ${failing.slice(0, -1).join(', ')} and ${failing[failing.length - 1]}`
  return items.map((item, i) => {
    const own = why[i]
    if (own !== undefined) return output(item.callId, 'failed', items.length > 1 ? `${own} None of the operations of this response were applied.` : own)
    const what = 'type' in item ? `${label(item)} was not applied` : 'Not applied'
    return output(
      item.callId,
      'failed',
      `${what}: ${named} of the same response failed, and the operations of one response are applied all or nothing. ` +
        'Nothing was written. Fix that operation and send them all again.',
    )
  })
}

/** A call as a message names it: its call_id, else its place. @param {{ callId: string, index: number }} item */
function callName(item) {
  return item.callId !== '' ? item.callId : `#${item.index + 1} (the ${ordinal(item.index + 1)} of the response, which has no call_id)`
}

/** `1st`, `2nd`, `3rd`, `11th`, `22nd`. @param {number} n */
function ordinal(n) {
  const tens = n % 100
  const suffix = tens >= 11 && tens <= 13 ? 'th' : n % 10 === 1 ? 'st' : n % 10 === 2 ? 'nd' : n % 10 === 3 ? 'rd' : 'th'
  return `${n}${suffix}`
}

/**
 * A message about an operation, in the core's words (V4aOperation::failure): opening
 * with the operation (`update_file a.py, hunk #1: …`), closing with what to do.
 * @param {Operation} op
 * @param {string} message
 * @param {unknown} error
 */
function about(op, message, error) {
  const code = /** @type {{ code?: unknown }} */ (error || {}).code
  return op.read.failure(/** @type {import('../../../index.js').ErrorCode} */ (typeof code === 'string' ? code : 'IO_ERROR'), message)
}

/** `update_file src/a.py`. @param {Operation} op */
function label(op) {
  return `${op.type} ${op.path}`
}

/**
 * @param {string} callId
 * @param {'completed' | 'failed'} status
 * @param {string} text
 * @returns {Output}
 */
function output(callId, status, text) {
  return { type: 'apply_patch_call_output', call_id: callId, status, output: text }
}

/** @param {unknown} c */
function callIdOf(c) {
  const id = c !== null && typeof c === 'object' ? /** @type {{ call_id?: unknown }} */ (c).call_id : undefined
  return typeof id === 'string' ? id : ''
}

/**
 * An apply_patch_call item, checked, as its sections of a patch: the item's shape is
 * read here, the operation by the core (eol_edit's V4A translation, which every
 * front-end shares), which checks the paths and the diff and names the line of the
 * diff that fails.
 * @param {unknown} c
 * @param {number} index
 * @returns {Operation}
 */
function readCall(c, index) {
  if (c === null || typeof c !== 'object' || Array.isArray(c)) throw argumentError('An apply_patch_call item must be an object.')
  const item = /** @type {{ type?: unknown, call_id?: unknown, operation?: unknown }} */ (c)
  if (item.type !== undefined && item.type !== 'apply_patch_call') {
    throw argumentError(`Expected an apply_patch_call item, but its type is ${JSON.stringify(item.type)}.`)
  }
  const callId = callIdOf(c)
  if (callId === '') throw argumentError('The apply_patch_call has no call_id.')
  const op = /** @type {{ type?: unknown, path?: unknown, diff?: unknown, move_to?: unknown }} */ (item.operation)
  if (op === null || typeof op !== 'object') throw argumentError('The apply_patch_call has no operation.')
  const type = op.type
  if (typeof type !== 'string') {
    throw argumentError(`The operation's type must be create_file, update_file or delete_file, but it is ${JSON.stringify(type)}.`)
  }
  // What is not a string is not given, for the core's messages; a move_to that is
  // there but not a string is an empty path.
  const text = (/** @type {unknown} */ v) => (typeof v === 'string' ? v : undefined)
  const moveTo = op.move_to === undefined || op.move_to === null ? undefined : typeof op.move_to === 'string' ? op.move_to : ''
  const read = core.v4aSections(type, text(op.path), text(op.diff), moveTo)
  return {
    callId,
    index,
    type: /** @type {Operation['type']} */ (type),
    path: /** @type {string} */ (op.path),
    moveTo: read.moveTo ?? undefined,
    sections: read.sections,
    added: read.added,
    removed: read.removed,
    endsWithBreak: read.endsWithBreak,
    read,
  }
}

/**
 * What the session records of each file of a patch's result: one change per operation
 * (its sections' diffs together), and for a move the old path too, which no longer has
 * a version.
 * @param {Placed[]} placed
 * @param {PatchResult} result
 * @returns {FileChange[]}
 */
function fileChanges(placed, result) {
  /** @type {Map<Operation, PatchFileResult[]>} */
  const byOp = new Map()
  result.files.forEach((f, i) => {
    const op = placed[i].op
    byOp.set(op, [...(byOp.get(op) || []), f])
  })
  /** @type {FileChange[]} */
  const out = []
  for (const [op, files] of byOp) {
    const last = files[files.length - 1]
    const diff = files.map((f) => f.diff).join('')
    const summary = `apply_patch ${summaryOf(op, files)}`
    if (op.moveTo !== undefined) {
      out.push({ path: op.path, diff: '', summary: `apply_patch update_file ${op.path}: moved to ${op.moveTo}` })
      out.push({ path: op.moveTo, diff, summary, version: last.version })
    } else out.push({ path: op.path, diff, summary, version: last.version })
  }
  return out
}

/**
 * The lines an operation added and removed: update_file's are its diff's '+' and '-'
 * lines (what the model changed, however the library's diff shows it); create_file
 * over a file that existed, its diff's.
 * @param {Operation} op
 * @param {PatchFileResult[]} files
 */
function countsOf(op, files) {
  if (op.type !== 'create_file') return { added: op.added, removed: op.removed }
  return diffCounts(files[0].diff)
}

/** `update_file a.txt: +2 -1 lines`. @param {Operation} op @param {PatchFileResult[]} files */
function summaryOf(op, files) {
  if (op.type === 'delete_file') return `delete_file ${op.path}`
  const { added, removed } = countsOf(op, files)
  const where = op.moveTo !== undefined ? `${op.path} -> ${op.moveTo}` : op.path
  return `${op.type} ${where}: +${added} -${removed} ${added + removed === 1 ? 'line' : 'lines'}`
}

/**
 * What the model reads of an operation that was applied (`files`: its sections'
 * results), in the core's words (V4aOperation::describe), the warnings in the tool's.
 * @param {Operation} op
 * @param {PatchFileResult[]} files
 */
function describe(op, files) {
  const applied = files.map((f) => ({ action: f.action, diff: f.diff, eol: f.eol, matchedBy: f.matchedBy, warnings: warningsOf(f, WORDS) }))
  return op.read.describe(applied, op.replaces === true)
}

/** What the model reads of an operation that changed nothing. @param {Operation} op */
function unchanged(op) {
  return op.read.unchanged()
}

module.exports = { createOpenAIApplyPatch, createOpenAIEditor, VOCABULARY }
