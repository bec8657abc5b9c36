// @ts-check
'use strict'

// edit_file: replace old_text with new_text, matched in the file's LF view through
// the lenient tiers, each line written with the ending it had. Its arguments and
// description are the declaration of `editFile` (lib/operations.js).

const nodeFs = require('node:fs')
const nodePath = require('node:path')

const core = require('../binding.js')
const { TOOLS, operation } = require('../operations.js')
const { readContext } = require('./context.js')
const { failure } = require('./errors.js')
const { callGuards, finalRefusal } = require('./guards.js')
const { existingKey } = require('./read_state.js')
const { PREFIX_NOTE, changeSummary, changed, editHead, tierNotes } = require('./results.js')
const { CALLING_THREAD_MAX_BYTES } = require('./session.js')

/** @typedef {import('./session.js').ToolBehaviour} ToolBehaviour */
/** @typedef {import('./session.js').Session} Session */
/** @typedef {import('../../index.js').Edit} Edit */
/** @typedef {import('../../index.js').EditResult} EditResult */
/** @typedef {import('../../tools.js').ToolResult} ToolResult */

/** @type {ToolBehaviour} */
const editFile = {
  operation: 'editFile',

  async run(values, call) {
    const path = /** @type {string} */ (values.path)
    /** @type {Edit} */
    const edit = { oldText: /** @type {string} */ (values.oldText), newText: /** @type {string} */ (values.newText) }
    if (values.replaceAll === true) edit.replaceAll = true
    // Old text pasted with read_file's line-number prefixes is matched by the core's
    // lineNumbers tier, after every other tier: no retry here.
    /** @type {EditResult} */
    const result = await call.change({
      paths: [path],
      compute: ({ dryRun, expectedVersion }) =>
        call.library(
          'editFile',
          [path],
          path,
          edit.oldText,
          edit.newText,
          call.options({ dryRun, expectedVersion: expectedVersion(path), replaceAll: edit.replaceAll, guards: call.guards }),
        ),
      files: (result) => [
        { path, diff: result.diff, summary: changeSummary('edit_file', path, result.diff), version: result.version },
      ],
    })
    return editResult(path, result)
  },

  atOnce,
}

/** What the model reads of an edit. @param {string} path @param {EditResult} result */
function editResult(path, result) {
  const notes = tierNotes(result.matchedBy, false)
  if (result.matchedBy.includes('lineNumbers')) notes.push(PREFIX_NOTE)
  return changed('edit_file', path, result, editHead(path, result), notes)
}

/**
 * Each spelling of edit_file's arguments (`old_text`, `oldText`, `old_string`...) and
 * the parameter it names, from the declaration. `atOnce` reads the kinds below; a
 * parameter of another kind would need reading there too.
 * @type {Map<string, string>}
 */
const SPELLINGS = new Map()
{
  const op = operation('editFile')
  // `allow` is the full path's: a call that lets a guard through is not the common one.
  const reads = { path: 'string', oldText: 'string', newText: 'string', replaceAll: 'boolean', encoding: 'label', allow: 'subset' }
  for (const param of op.params) {
    const named = TOOLS.arg(op, param)
    if (!named) continue
    if (/** @type {Record<string, string>} */ (reads)[param.name] !== param.type.kind) {
      throw new Error(`edit_file's quick path does not read ${param.name} (a ${param.type.kind})`)
    }
    for (const spelling of [named.name, ...named.aliases]) SPELLINGS.set(spelling, param.name)
  }
}

/**
 * The common edit_file call made without the tool layer's machinery, when nothing in
 * it needs that: a plain object of arguments, each under one known spelling with a
 * value of its type; no approval; a signal that has not fired; a file that exists, no
 * other call is using, and that is small enough for the calling thread; the version
 * the tool set knows of it, or with requireRead one it knows. It makes the checks and
 * the library call of the full path (`run` through `Call.change`'s `changeAtOnce`), in
 * its order, and returns what that returns. Undefined, having changed nothing, when
 * the call is not such a call: the full path then makes it, and says what is wrong.
 * @param {Session} session
 * @param {unknown} args
 * @param {unknown} context
 * @returns {ToolResult | undefined}
 */
function atOnce(session, args, context) {
  if (session.approve) return undefined
  /** @type {string | undefined} */
  let path
  /** @type {string | undefined} */
  let oldText
  /** @type {string | undefined} */
  let newText
  /** @type {boolean | undefined} */
  let replaceAll
  /** @type {string | undefined} */
  let encoding
  // A getter or a Proxy that throws is the full path's to report.
  try {
    if (args === null || typeof args !== 'object' || Object.getPrototypeOf(args) !== Object.prototype) return undefined
    const given = /** @type {Record<string, unknown>} */ (args)
    for (const key in given) {
      const value = given[key]
      switch (SPELLINGS.get(key)) {
        case 'path':
          if (path !== undefined || typeof value !== 'string' || value === '') return undefined
          path = value
          break
        case 'oldText':
          if (oldText !== undefined || typeof value !== 'string') return undefined
          oldText = value
          break
        case 'newText':
          if (newText !== undefined || typeof value !== 'string') return undefined
          newText = value
          break
        case 'replaceAll':
          if (replaceAll !== undefined || typeof value !== 'boolean') return undefined
          replaceAll = value
          break
        case 'encoding':
          if (encoding !== undefined || typeof value !== 'string' || value.trim() === '') return undefined
          encoding = value
          break
        case 'allow':
          if (value !== undefined && value !== null) return undefined
          break
        default:
          return undefined
      }
    }
  } catch {
    return undefined
  }
  if (path === undefined || oldText === undefined || newText === undefined) return undefined

  let cwd = session.base.cwd
  if (context !== undefined && context !== null) {
    let where
    try {
      where = readContext(context)
      if (where.signal && where.signal.aborted) return undefined
    } catch {
      return undefined
    }
    if (where.cwd !== undefined) cwd = nodePath.resolve(cwd || process.cwd(), where.cwd)
  }

  // The file as `Call.absolute` and `Call.key` find it.
  const folder = cwd === undefined ? undefined : session.resolved.get(cwd)
  let absolute = folder && folder.get(path)
  if (absolute === undefined) {
    absolute = nodePath.resolve(cwd || process.cwd(), path)
    if (cwd !== undefined) session.resolve(cwd, path, absolute)
  }
  const { state } = session
  let key = state.keys.get(absolute)
  if (key === undefined || !state.versions.has(key)) {
    key = existingKey(absolute)
    if (key === undefined) return undefined
  }
  if (state.queues.size > 0 && state.queues.has(key)) return undefined
  const version = state.versions.get(key)
  if (version === undefined && session.requireRead) return undefined

  try {
    // `Call.bytes`: the size the tool set last saw of a file whose version it has.
    let size = version === undefined ? undefined : state.sizes.get(key)
    if (size === undefined) {
      const stat = nodeFs.statSync(absolute, { throwIfNoEntry: false })
      size = stat ? stat.size : 0
      state.sizes.set(key, size)
    }
    if (size + oldText.length + newText.length > CALLING_THREAD_MAX_BYTES) return undefined
    // `Call.options`: only the keys that say something.
    const { base } = session
    /** @type {import('../../index.js').EditOptions & import('../../index.js').GuardOptions & { replaceAll?: boolean }} */
    const options = {}
    if (cwd !== undefined) options.cwd = cwd
    if (base.root !== undefined) options.root = base.root
    if (base.maxBytes !== undefined) options.maxBytes = base.maxBytes
    if (base.durable !== undefined) options.durable = base.durable
    if (encoding !== undefined) options.encoding = encoding
    if (version !== undefined) options.expectedVersion = version
    if (replaceAll === true) options.replaceAll = true
    const guards = callGuards(session.guards, [])
    if (guards !== undefined) options.guards = guards
    /** @type {EditResult} */
    const result = core.editFileSync(path, oldText, newText, options)
    if (result.version !== undefined) state.wrote(absolute, key, result.version, encoding, result.diff)
    else state.forgetKey(absolute, key)
    return editResult(path, result)
  } catch (error) {
    // A file the model has seen that changed since: the full path says what changed.
    if (error instanceof core.EolEditError && error.code === 'FILE_CHANGED' && state.seen.has(key)) return undefined
    return failure(finalRefusal(error, session.guards), path)
  }
}

module.exports = { editFile }
