// @ts-check
'use strict'

// OpenAI's built-in apply_patch tool (Responses API, `tools: [{ type: 'apply_patch' }]`):
// a handler that takes the `apply_patch_call` items of a response and returns their
// `apply_patch_call_output` items, over the library's applyPatch.
//
// Each call is one operation on one file, with a V4A diff: `create_file` (every line
// of the diff is `+` and a line of the new file), `update_file` (hunks: an optional
// `@@` line naming a line of the file to find the place, then ' ' context, '-' removed
// and '+' added lines, `*** End of File` for a hunk at the end) or `delete_file` (no
// diff). V4A is the format of the apply_patch envelope the library applies: each
// operation becomes one section of it (`*** Add File`, `*** Update File`, `*** Delete
// File`), so matching (lenient tiers in the LF view), endings (each line keeps its
// own; added lines take their region's), BOM, encodings and atomic writes are the
// library's, and so is the rollback of a batch: `executeAll` applies the operations
// of one response as one patch, all or nothing. A diff is checked to be only hunks
// first, so that no line of it can open a section about another file.
//
// What the model is told names only the tool's operations and the diff (VOCABULARY).

const core = require('../../binding.js')
const { patchCompute } = require('../apply_patch.js')
const { argumentError, failure } = require('../errors.js')
const { readContext, readOptions } = require('../index.js')
const { TIER_NOTES, changeSummary, describeEndings, diffCounts, plural } = require('../results.js')
const { Call } = require('../session.js')
const { handlerWords, warningsOf } = require('../wording.js')

/** @typedef {import('../session.js').Session} Session */
/** @typedef {import('../session.js').FileChange} FileChange */
/** @typedef {import('../../../index.js').PatchResult} PatchResult */
/** @typedef {import('../../../index.js').PatchFileResult} PatchFileResult */
/** @typedef {import('../../../tools.js').OpenAIApplyPatchOutput} Output */

/**
 * apply_patch's words for the library's operations, and its sentences for what it has
 * no operation or argument for (a read tool of its own, the envelope, encoding).
 * @type {import('../wording.js').HostVocabulary}
 */
const VOCABULARY = {
  name: 'openai-apply-patch',
  tools: { writeFile: 'create_file', editFile: 'update_file' },
  args: {},
  sentences: {
    'pass-utf-16': () => 'it cannot be patched: ask the user to give it a byte order mark',
    'give-encoding': () =>
      'Use only ASCII characters in the + lines for this file, or ask the user to declare its encoding in .editorconfig (charset) or .gitattributes (working-tree-encoding).',
    'pass-it': () => 'ask the user to declare it in .editorconfig (charset) or .gitattributes (working-tree-encoding)',
    'pass-the-right-one': () => 'ask the user to declare the right one',
    // It has no read tool: a quote is the file's own lines.
    'as-listed-it': () => 'as the file has it',
    'as-listed-them': () => 'as the file has them',
    'no-prefixes': () => '',
    'read-again': () => 'Read it again',
    'read-first': () => 'Read it first',
    'create-it': () => 'or create it with a create_file operation',
    'add-file': () => 'to create a file, use a create_file operation',
    'or-convert-eol': () => ", or ask the user to convert the file's line endings",
    'fix-patch': () => ' Nothing was written: fix the diff and send the operation again.',
    // An apply_patch_call has no room for more than its operation: nothing lets a guard through.
    'allow-guard': (f) => `This tool cannot let the ${f.values.guards} guard through: write the text another way, or ask the user.`,
  },
}

/** The vocabulary's words for the parts of a message. */
const WORDS = handlerWords(VOCABULARY)

/** What the library calls each operation's section of a patch. */
const SECTIONS = { create_file: 'Add File', update_file: 'Update File', delete_file: 'Delete File' }

/** The library's action of each operation, in a patch's result. */
const ACTIONS = { create_file: 'add', update_file: 'update', delete_file: 'delete' }

/** What a diff of update_file is made of, for messages. */
const UPDATE_SHAPE =
  "The diff of update_file is hunks: an optional `@@` line (with a line of the file, such as a function's first line, to find the place), " +
  "then lines starting with ' ' (unchanged context), '-' (removed) or '+' (added), and `*** End of File` after a hunk that ends the file."

/** createTools' options the patcher takes too. */
const SESSION_OPTIONS = ['root', 'cwd', 'requireRead', 'approve', 'maxBytes', 'durable', 'readState', 'guards']

/**
 * One apply_patch_call, read and checked: its operation as a section of a patch.
 * @typedef {object} Operation
 * @property {string} callId
 * @property {'create_file' | 'update_file' | 'delete_file'} type
 * @property {string} path
 * @property {string} section the patch section (without the envelope)
 */

/**
 * The handler of OpenAI's apply_patch tool.
 * @param {import('../../../tools.js').CreateOpenAIApplyPatchOptions} [options]
 */
function createOpenAIApplyPatch(options) {
  const { session } = readOptions(options, { where: 'createOpenAIApplyPatch(options)', known: SESSION_OPTIONS })
  const patcher = new Patcher(session)
  return {
    definition: /** @type {{ type: 'apply_patch' }} */ ({ type: 'apply_patch' }),
    /**
     * @param {unknown} call
     * @param {import('../../../tools.js').ToolContext} [context]
     * @returns {Promise<Output>}
     */
    execute: async (call, context) => (await patcher.apply([call], context))[0],
    /**
     * @param {unknown} calls
     * @param {import('../../../tools.js').ToolContext} [context]
     * @returns {Promise<Output[]>}
     */
    executeAll: (calls, context) => {
      if (!Array.isArray(calls)) return Promise.resolve([output('', 'failed', 'executeAll takes the array of apply_patch_call items of a response.')])
      return patcher.apply(calls, context)
    },
  }
}

class Patcher {
  /** @param {Session} session */
  constructor(session) {
    this.session = session
  }

  /**
   * Applies the operations of `calls` together, all or nothing; never throws.
   * @param {unknown[]} calls
   * @param {import('../../../tools.js').ToolContext} [context]
   * @returns {Promise<Output[]>}
   */
  async apply(calls, context) {
    if (calls.length === 0) return []
    /** @type {Array<Operation | { callId: string, failed: string }>} */
    const read = calls.map((c) => {
      try {
        return readCall(c)
      } catch (error) {
        return { callId: callIdOf(c), failed: failure(error, undefined, WORDS).data }
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
    const patch = `*** Begin Patch\n${ops.map((op) => op.section).join('\n')}\n*** End Patch`
    const paths = [...new Set(ops.map((op) => op.path))]
    try {
      const result = await call.change({
        paths,
        compute: patchCompute(call, paths, patch),
        files: (r) => fileChanges(r),
      })
      return ops.map((op, i) => output(op.callId, 'completed', describe(op, result.files[i])))
    } catch (error) {
      const index = /** @type {{ fileIndex?: unknown }} */ (error || {}).fileIndex
      const failed = failure(error, undefined, WORDS).data
      const at = typeof index === 'number' && index >= 0 && index < ops.length ? index : undefined
      if (at === undefined) {
        // A failure of the whole change (a stale read, the user's refusal, a cancel): every operation's.
        return ops.map((op) => output(op.callId, 'failed', about(op, failed)))
      }
      return notApplied(ops, ops.map((op, i) => (i === at ? about(op, failed) : undefined)))
    }
  }
}

/**
 * The outputs of a batch that was not applied: the failing operations say why, the
 * others that they were not applied because of them.
 * @param {Array<{ callId: string }>} items
 * @param {Array<string | undefined>} why
 * @returns {Output[]}
 */
function notApplied(items, why) {
  const failing = items.filter((_, i) => why[i] !== undefined).map((item) => item.callId)
  const named = failing.length === 1 ? `apply_patch call ${failing[0]}` : `apply_patch calls ${failing.join(', ')}`
  return items.map((item, i) => {
    const own = why[i]
    if (own !== undefined) return output(item.callId, 'failed', items.length > 1 ? `${own} None of the operations of this response were applied.` : own)
    const what = 'type' in item ? `${label(/** @type {Operation} */ (item))} was not applied` : 'Not applied'
    return output(
      item.callId,
      'failed',
      `${what}: ${named} of the same response failed, and the operations of one response are applied all or nothing. ` +
        'Nothing was written. Fix that operation and send them all again.',
    )
  })
}

/**
 * A message about an operation, opening with it: `update_file a.py, hunk #1: …` (the
 * library's messages about a file of a patch open with its path, which is said once).
 * @param {Operation} op
 * @param {string} message
 */
function about(op, message) {
  const own = message.startsWith(`${op.path}, `) ? message.slice(op.path.length + 2) : message.startsWith(`${op.path}: `) ? message.slice(op.path.length + 2) : undefined
  return own !== undefined && /^hunk #/.test(own) ? `${label(op)}, ${own}` : `${label(op)}: ${own ?? message}`
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
 * An apply_patch_call item, checked, as its section of a patch.
 * @param {unknown} c
 * @returns {Operation}
 */
function readCall(c) {
  if (c === null || typeof c !== 'object' || Array.isArray(c)) throw argumentError('An apply_patch_call item must be an object.')
  const item = /** @type {{ type?: unknown, call_id?: unknown, operation?: unknown }} */ (c)
  if (item.type !== undefined && item.type !== 'apply_patch_call') {
    throw argumentError(`Expected an apply_patch_call item, but its type is ${JSON.stringify(item.type)}.`)
  }
  const callId = callIdOf(c)
  if (callId === '') throw argumentError('The apply_patch_call has no call_id.')
  const op = /** @type {{ type?: unknown, path?: unknown, diff?: unknown }} */ (item.operation)
  if (op === null || typeof op !== 'object') throw argumentError('The apply_patch_call has no operation.')
  const type = op.type
  if (type !== 'create_file' && type !== 'update_file' && type !== 'delete_file') {
    throw argumentError(`The operation's type must be create_file, update_file or delete_file, but it is ${JSON.stringify(type)}.`)
  }
  const path = op.path
  if (typeof path !== 'string' || path === '') throw argumentError(`The path of ${type} must be a file's path.`)
  if (/[\r\n]/.test(path) || path.trim() !== path) throw argumentError(`The path of ${type} ${JSON.stringify(path)} has a line break or surrounding spaces; give the file's path alone.`)
  /** @type {string[]} */
  let lines = []
  if (type !== 'delete_file') {
    if (typeof op.diff !== 'string') throw argumentError(`The diff of ${type} ${path} must be a string.`)
    lines = diffLines(op.diff)
    checkDiff(type, path, lines)
  }
  const section = [`*** ${SECTIONS[type]}: ${path}`, ...lines].join('\n')
  // Parsed alone, so that a diff the library cannot read is this operation's error,
  // with the line of the diff; and the section must be about this one file.
  let parsed
  try {
    parsed = core.parsePatch(`*** Begin Patch\n${section}\n*** End Patch`)
  } catch (error) {
    throw diffError(type, path, error)
  }
  if (parsed.files.length !== 1 || parsed.files[0].path !== path || parsed.files[0].action !== ACTIONS[type]) {
    throw argumentError(`The diff of ${type} ${path} must change that file alone. ${UPDATE_SHAPE}`)
  }
  return { callId, type, path, section }
}

/** The diff's lines, without the empty one after its last line break. @param {string} diff */
function diffLines(diff) {
  const lines = diff.split('\n')
  if (lines.length > 0 && lines[lines.length - 1] === '') lines.pop()
  return lines
}

/**
 * Fails, naming the line, unless the diff is what its operation takes: `+` lines for
 * create_file (an empty line is an empty line of the file), hunks for update_file.
 * @param {'create_file' | 'update_file'} type
 * @param {string} path
 * @param {string[]} lines
 */
function checkDiff(type, path, lines) {
  if (type === 'create_file') {
    lines.forEach((line, i) => {
      if (line !== '' && !line.startsWith('+')) {
        throw argumentError(
          `Line ${i + 1} of the diff of create_file ${path} does not start with +: ${JSON.stringify(line)}. ` +
            'Every line of the diff of create_file is + followed by a line of the new file.',
        )
      }
    })
    return
  }
  let changes = 0
  lines.forEach((line, i) => {
    const c = line.charAt(0)
    if (c === '+' || c === '-') changes++
    else if (line === '' || c === ' ' || line.startsWith('@@') || line.trim() === '*** End of File') return
    else {
      const why = line.startsWith('***') ? 'a `***` line other than `*** End of File`' : 'a line without a prefix'
      throw argumentError(`Line ${i + 1} of the diff of update_file ${path} is ${why}: ${JSON.stringify(line)}. ${UPDATE_SHAPE}`)
    }
  })
  if (changes === 0) throw argumentError(`The diff of update_file ${path} has no '-' or '+' line, so it changes nothing. ${UPDATE_SHAPE}`)
}

/**
 * The library's PATCH_INVALID about an operation's section, said about its diff: the
 * line of the diff (the section's header and the envelope come first).
 * @param {string} type
 * @param {string} path
 * @param {unknown} error
 */
function diffError(type, path, error) {
  const e = /** @type {{ code?: unknown, message?: unknown }} */ (error || {})
  if (e.code !== 'PATCH_INVALID' || typeof e.message !== 'string') return error
  const m = /^Invalid patch, line (\d+): (.*?)(?: An apply_patch patch is `\*\*\* Begin Patch`.*)?$/s.exec(e.message)
  const what = m ? `line ${Math.max(1, Number(m[1]) - 2)}: ${m[2]}` : e.message
  return argumentError(`The diff of ${type} ${path} is not valid, ${what} ${type === 'update_file' ? UPDATE_SHAPE : ''}`.trim())
}

/**
 * What the session records of each file of a patch's result.
 * @param {PatchResult} result
 * @returns {FileChange[]}
 */
function fileChanges(result) {
  return result.files.map((f) => ({
    path: f.path,
    diff: f.diff,
    summary: changeSummary(`apply_patch ${f.action === 'add' ? 'create_file' : f.action === 'delete' ? 'delete_file' : 'update_file'}`, f.path, f.diff),
    version: f.version,
  }))
}

/**
 * What the model reads of an operation that was applied.
 * @param {Operation} op
 * @param {PatchFileResult} f
 */
function describe(op, f) {
  const { added, removed } = diffCounts(f.diff)
  const lines = []
  if (op.type === 'delete_file') lines.push(`Deleted ${op.path}.`)
  else if (op.type === 'create_file' && removed > 0) {
    lines.push(`Replaced ${op.path}, which existed: +${added} -${removed} lines; its line endings and BOM were kept (endings now: ${describeEndings(f.eol)}).`)
  } else if (op.type === 'create_file') lines.push(`Created ${op.path}: ${plural(added, 'line')}, line endings: ${describeEndings(f.eol)}.`)
  else lines.push(`Updated ${op.path}: +${added} -${removed} lines; each line kept its line ending (endings now: ${describeEndings(f.eol)}).`)
  for (const tier of new Set(f.matchedBy)) if (TIER_NOTES[tier]) lines.push(`Note: a hunk ${TIER_NOTES[tier]}; lines you did not change kept their exact bytes.`)
  for (const w of warningsOf(f, WORDS)) lines.push(`Warning: ${w}`)
  return lines.join('\n')
}

module.exports = { createOpenAIApplyPatch, VOCABULARY }
