// @ts-check
'use strict'

// createTools: a tool set, that is the tools of the registry below sharing one
// Session (what the set remembers: versions read and written; its root, approve and
// requireRead settings). Each tool is a file beside this one; the helpers they share
// are args.js (reading arguments), results.js (what a call returns), errors.js (what
// a failure returns), descriptions.js and schemas.js (what the model is told), and
// session.js (stale-read guards, approval, one call at a time per file).

const nodeFs = require('node:fs')
const nodePath = require('node:path')

const { EolEditError } = require('../binding.js')
const { argsObject, optionalEncoding, pathOf, unknownArguments } = require('./args.js')
const { argumentError, failure } = require('./errors.js')
const { closest, refuseUnknownKeys } = require('./names.js')
const { withArgumentWarnings } = require('./results.js')
const { DEFAULT_READ_CHARS, DEFAULT_READ_LINES, readFileTool } = require('./read_file.js')
const { copy } = require('./schemas.js')
const { Call, Session } = require('./session.js')

const { applyPatch } = require('./apply_patch.js')
const { deleteRange } = require('./delete_range.js')
const { editFile } = require('./edit_file.js')
const { multiEdit } = require('./multi_edit.js')
const { writeFile } = require('./write_file.js')

/** @typedef {import('./session.js').ToolSpec} ToolSpec */
/** @typedef {import('../../tools.js').Tools} Tools */
/** @typedef {import('../../tools.js').CreateToolsOptions} CreateToolsOptions */
/** @typedef {import('../../tools.js').ToolContext} ToolContext */
/** @typedef {import('../../tools.js').ToolResult} ToolResult */
/** @typedef {{ maxReadLines: number, maxReadChars: number }} Settings */

// The registry: every tool of a tool set, in the order createTools returns them. An
// entry is a ToolSpec, or a function of the tool set's settings that makes one.
//
// To add a tool:
// 1. write lib/tools/<name>.js exporting a ToolSpec: `name`, a `description` for the
//    model (built from descriptions.js), `parameters` (snake_case JSON Schema, with
//    `encoding` (schemas.js), which `execute` reads for every tool and `call.options`
//    passes on; put the camelCase and other spellings `run` accepts in args.js KEYS,
//    and spellings outside the schema in `accepts`: any other argument is ignored with
//    a warning), and `run(args, call)` resolving to a ToolSuccess (results.js `changed`
//    builds one) or throwing (errors.js `toolError`; the core's errors pass through as
//    they are, worded for the model by wording.js);
// 2. a tool that writes makes its change through `call.change({ paths, compute,
//    files })` with every path it touches (for a patch: each file, move targets
//    included, from parsePatch), a `compute({ dryRun, expectedVersion })` that runs the
//    core call (a patch checks each file against `expectedVersion(path)`), and a
//    `files(result)` listing each file's path, diff, summary and new version: the
//    session then guards stale reads on every file, asks `approve` once with every
//    file, honours the AbortSignal and remembers the new versions;
// 3. add it to the list below, and its arguments to `Tools` in tools.d.ts.
/** @type {Array<ToolSpec | ((settings: Settings) => ToolSpec)>} */
const REGISTRY = [readFileTool, writeFile, editFile, multiEdit, deleteRange, applyPatch]

/**
 * Builds a tool set. Malformed options throw here (a TypeError for a wrong type, an
 * EolEditError for an unknown option or a root or cwd that is not a folder): they are
 * the host's mistakes and are never shown to a model.
 * @param {CreateToolsOptions} [options]
 * @returns {Tools}
 */
function createTools(options) {
  const { settings, session } = readOptions(options)
  /** @type {Record<string, ReturnType<typeof define>>} */
  const tools = {}
  for (const entry of REGISTRY) {
    const spec = typeof entry === 'function' ? entry(settings) : entry
    tools[spec.name] = define(spec, session)
  }
  return /** @type {Tools} */ (/** @type {unknown} */ (tools))
}

/**
 * A tool of a tool set: its definition (schema copied, so no two sets share one) and
 * an `execute` that never throws and never rejects.
 * @param {ToolSpec} spec
 * @param {Session} session
 */
function define(spec, session) {
  const name = spec.name
  const properties = Object.keys(spec.parameters.properties)
  /**
   * @param {unknown} args
   * @param {ToolContext} [context]
   * @returns {Promise<ToolResult>}
   */
  const execute = async (args, context) => {
    /** @type {string[]} */
    let warnings = []
    try {
      const given = argsObject(args, name)
      warnings = unknownArguments(given, properties, { extra: spec.accepts })
      const call = new Call(session, name, readContext(context), { encoding: optionalEncoding(given), warnings })
      return withArgumentWarnings(await spec.run(given, call), call.warnings, spec.warningLine)
    } catch (error) {
      return withArgumentWarnings(failure(error, pathOf(args)), warnings)
    }
  }
  return { name, description: spec.description, parameters: copy(spec.parameters), execute }
}

/**
 * The per-call context a host may pass: `cwd` for relative paths, `signal` to cancel.
 * @param {unknown} context
 * @returns {ToolContext}
 */
function readContext(context) {
  if (context === undefined || context === null) return {}
  if (typeof context !== 'object') throw argumentError('The call context must be an object { cwd?, signal? }.')
  // The host's mistake, but a mistyped `signal` would switch cancelling off unseen.
  // The Vercel AI SDK's own call options (its second `execute` argument) are taken
  // whole, so `execute: tool.execute` works there: its `abortSignal` cancels.
  for (const key of Object.keys(context)) {
    if (!CONTEXT_KEYS.includes(key) && !AI_SDK_KEYS.includes(key)) {
      throw argumentError(
        `The call context has an unknown key ${JSON.stringify(key)} (known: cwd, signal); ` +
          `did you mean ${JSON.stringify(closest(key, CONTEXT_KEYS))}?`,
      )
    }
  }
  const given = /** @type {{ cwd?: unknown, signal?: unknown, abortSignal?: unknown }} */ (context)
  const { cwd } = given
  const signal = given.signal ?? given.abortSignal
  /** @type {ToolContext} */
  const out = {}
  if (cwd !== undefined && cwd !== null) {
    if (typeof cwd !== 'string' || cwd === '') throw argumentError('context.cwd must be a folder path.')
    out.cwd = cwd
  }
  if (signal !== undefined && signal !== null) {
    if (typeof signal !== 'object' || typeof (/** @type {{ aborted?: unknown }} */ (signal).aborted) !== 'boolean') {
      throw argumentError('context.signal must be an AbortSignal.')
    }
    out.signal = /** @type {AbortSignal} */ (signal)
  }
  return out
}

/** The keys of `execute`'s context. */
const CONTEXT_KEYS = ['cwd', 'signal']

/** The keys of the AI SDK's `ToolExecutionOptions`; only `abortSignal` is used. */
const AI_SDK_KEYS = ['abortSignal', 'toolCallId', 'messages', 'context', 'experimental_sandbox']

/** The keys of createTools' options. */
const OPTION_KEYS = ['root', 'cwd', 'requireRead', 'approve', 'maxReadLines', 'maxReadChars', 'maxBytes', 'durable']

/**
 * Checks createTools' options and makes the tool set's session.
 * @param {unknown} options
 */
function readOptions(options) {
  if (options === undefined || options === null) options = {}
  if (typeof options !== 'object' || Array.isArray(options)) {
    throw new TypeError('createTools(options): options must be an object { root?, cwd?, requireRead?, approve? }.')
  }
  const o = /** @type {Record<string, unknown>} */ (options)
  refuseUnknownKeys(o, OPTION_KEYS, 'createTools(options)')
  const { root, cwd, requireRead, approve, maxBytes, durable } = o
  if (cwd !== undefined && typeof cwd !== 'string') throw new TypeError('createTools(options): cwd must be a string.')
  if (requireRead !== undefined && typeof requireRead !== 'boolean') {
    throw new TypeError('createTools(options): requireRead must be true or false.')
  }
  if (approve !== undefined && typeof approve !== 'function') {
    throw new TypeError('createTools(options): approve must be a function ({ tool, path, diff, summary }) => boolean.')
  }
  const maxReadLines = o.maxReadLines === undefined ? DEFAULT_READ_LINES : o.maxReadLines
  const maxReadChars = o.maxReadChars === undefined ? DEFAULT_READ_CHARS : o.maxReadChars
  if (!isCount(maxReadLines) || !isCount(maxReadChars)) {
    throw new TypeError('createTools(options): maxReadLines and maxReadChars must be whole numbers of 1 or more.')
  }
  if (durable !== undefined && typeof durable !== 'boolean') throw new TypeError('createTools(options): durable must be true or false.')
  if (maxBytes !== undefined && !(isCount(maxBytes) || maxBytes === 0)) {
    throw new TypeError('createTools(options): maxBytes must be a whole number of bytes (0 for no limit).')
  }

  const from = cwd !== undefined ? folder(nodePath.resolve(cwd), 'cwd') : undefined
  /** @type {string[] | undefined} */
  let roots
  if (root !== undefined) {
    const list = Array.isArray(root) ? root : [root]
    if (list.length === 0 || !list.every((r) => typeof r === 'string' && r !== '')) {
      throw new TypeError('createTools(options): root must be a folder path or a non-empty array of them.')
    }
    roots = list.map((r) => folder(nodePath.resolve(from || process.cwd(), r), 'root'))
  }

  // With roots and no cwd, relative paths are taken from the first root: a model
  // confined to a project writes paths relative to that project.
  /** @type {import('./session.js').BaseOptions} */
  const base = {}
  if (from !== undefined) base.cwd = from
  else if (roots) base.cwd = roots[0]
  if (roots) base.root = roots.length === 1 ? roots[0] : roots
  if (maxBytes !== undefined) base.maxBytes = /** @type {number} */ (maxBytes)
  if (durable === true) base.durable = true

  const session = new Session({
    base,
    requireRead: requireRead === true,
    approve: /** @type {import('../../tools.js').Approve | undefined} */ (approve),
  })
  return {
    settings: { maxReadLines: /** @type {number} */ (maxReadLines), maxReadChars: /** @type {number} */ (maxReadChars) },
    session,
  }
}

/** @param {unknown} n */
function isCount(n) {
  return typeof n === 'number' && Number.isInteger(n) && n >= 1
}

/**
 * The path, when it is an existing folder; else an INVALID_ARGUMENT EolEditError.
 * @param {string} path
 * @param {'root' | 'cwd'} option
 */
function folder(path, option) {
  let isFolder = false
  try {
    isFolder = nodeFs.statSync(path).isDirectory()
  } catch (error) {
    const code = error && /** @type {{ code?: unknown }} */ (error).code
    const why = code === 'ENOENT' ? 'does not exist' : `cannot be used (${code || String(error)})`
    throw new EolEditError(`createTools(options): ${option} ${JSON.stringify(path)} ${why}. Pass an existing folder as ${option}.`, {
      code: 'INVALID_ARGUMENT',
      hint: `Pass an existing folder as ${option}.`,
    })
  }
  if (!isFolder) {
    throw new EolEditError(`createTools(options): ${option} ${JSON.stringify(path)} is not a folder. Pass an existing folder as ${option}.`, {
      code: 'INVALID_ARGUMENT',
      hint: `Pass an existing folder as ${option}.`,
    })
  }
  return path
}

module.exports = { createTools }
