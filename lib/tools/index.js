// @ts-check
'use strict'

// createTools: a tool set, that is the tools of the registry below sharing one
// Session (what the set remembers: versions read and written; its root, approve and
// requireRead settings). What each tool is called, what the model is told of it and
// of its arguments, its JSON Schema and how its arguments are read all come from the
// declaration of its operation (lib/operations.js, rendered by schemas.js and
// args.js); each tool's file beside this one holds what it does with them. The
// helpers they share are results.js (what a call returns), errors.js (what a failure
// returns), wording.js (the core's messages in the tools' words) and session.js
// (stale-read guards, approval, one call at a time per file).

const nodePath = require('node:path')

const { EolEditError, pathInfo } = require('../binding.js')
const { DEFAULT_READ_CHARS, DEFAULT_READ_LINES, TOOLS, TOOL_SET, operation, render, renderContext } = require('../operations.js')
const { argsObject, argumentReader } = require('./args.js')
const { failure } = require('./errors.js')
const { guardSettings } = require('./guards.js')
const { closest, refuseUnknownKeys } = require('./names.js')
const { readContext } = require('./context.js')
const { SHAPES, createShape, requiresRead } = require('./shapes/index.js')
const { withArgumentWarnings } = require('./results.js')
const { toolSchema } = require('./schemas.js')
const { readStateOption } = require('./read_state.js')
const { Call, Session } = require('./session.js')

const { applyPatch } = require('./apply_patch.js')
const { deleteRange } = require('./delete_range.js')
const { editFile } = require('./edit_file.js')
const { multiEdit } = require('./multi_edit.js')
const { readFileTool } = require('./read_file.js')
const { writeFile } = require('./write_file.js')

/** @typedef {import('./session.js').ToolBehaviour} ToolBehaviour */
/** @typedef {import('./session.js').Settings} Settings */
/** @typedef {import('./args.js').Reader} Reader */
/** @typedef {import('../operations.js').ToolDecl} ToolDecl */
/** @typedef {import('../../tools.js').Tools} Tools */
/** @typedef {import('../../tools.js').CreateToolsOptions} CreateToolsOptions */
/** @typedef {import('../../tools.js').ToolContext} ToolContext */
/** @typedef {import('../../tools.js').ToolResult} ToolResult */

// The registry: every tool of a tool set, in the order createTools returns them.
//
// To add a tool:
// 1. declare its operation in lib/operations.js, if it is new: its parameters (type,
//    the model-facing description, the schema's snake_case name and the other
//    spellings taken) and its `tool` (name, description, effects). The schema, the
//    reader of its arguments and the MCP server's listing follow from it;
// 2. write lib/tools/<name>.js exporting a ToolBehaviour: the operation's name and
//    `run(values, call)`, which gets the arguments read and checked (by the library's
//    names: `values.oldText`) and resolves to a ToolSuccess (results.js `changed`
//    builds one) or throws (errors.js `toolError`; the core's errors pass through as
//    they are, worded for the model by wording.js);
// 3. a tool that writes makes its change through `call.change({ paths, compute,
//    files })` with every path it touches (for a patch: each file, move targets
//    included, from parsePatch), a `compute({ library, expectedVersion })` that makes
//    the core call through `library` (a patch checks each file against
//    `expectedVersion(path)`), and a `files(result)` listing each file's path, diff,
//    summary and new version: the session then guards stale reads on every file,
//    with `approve` has `library` prepare the change, asks once with every file and
//    commits what it showed, honours the AbortSignal and remembers the new versions.
//    A change of one file by one library function (`editFile`, `writeFile`, …) says
//    `oneCall: true` and makes it with `compute({ write })`: `write(name, path, ...)`
//    adds the expected version itself, and without `approve` the whole change (its
//    look-up, write and record) is one call of the core's read state;
// 4. add it to the list below, and its arguments to `Tools` in tools.d.ts
//    (__test__/operations.spec.ts checks them against the declaration).
/** @type {ToolBehaviour[]} */
const REGISTRY = [readFileTool, writeFile, editFile, multiEdit, deleteRange, applyPatch]

/**
 * Each tool's declaration and the reader of its arguments, made once: a call only
 * looks its arguments up.
 * @type {Array<{ behaviour: ToolBehaviour, operation: import('../operations.js').Operation, tool: ToolDecl, reader: Reader }>}
 */
const DEFINED = REGISTRY.map((behaviour) => {
  const op = operation(behaviour.operation)
  if (!('name' in op.tool)) throw new Error(`${op.name} is declared as no tool`)
  return { behaviour, operation: op, tool: op.tool, reader: argumentReader(op, TOOLS) }
})

/**
 * Builds a tool set. Malformed options throw here (a TypeError for a wrong type, an
 * EolEditError for an unknown option or a root or cwd that is not a folder): they are
 * the host's mistakes and are never shown to a model.
 * @param {CreateToolsOptions} [options]
 * @returns {Tools}
 */
function createTools(options) {
  const { session, shape } = readOptions(options)
  if (shape !== 'dskcode') return /** @type {Tools} */ (/** @type {unknown} */ (createShape(shape, session)))
  const context = renderContext(TOOLS, session.settings)
  /** @type {Record<string, ReturnType<typeof define>>} */
  const tools = {}
  for (const entry of DEFINED) {
    const description = /** @type {string} */ (render(entry.tool.description, context))
    // Rendered for each tool set: no two sets share a schema object.
    const parameters = toolSchema(entry.operation, TOOLS, context)
    tools[entry.tool.name] = define(entry, description, parameters, session)
  }
  return /** @type {Tools} */ (/** @type {unknown} */ (tools))
}

/**
 * A tool of a tool set: its definition and an `execute` that never throws and never
 * rejects.
 * @param {(typeof DEFINED)[number]} entry
 * @param {string} description
 * @param {import('../../tools.js').JsonSchemaObject} parameters
 * @param {Session} session
 */
function define({ behaviour, tool, reader }, description, parameters, session) {
  const { name } = tool
  const template = tool.warningLine
  /** @type {((warning: string) => string) | undefined} */
  const warningLine = template === undefined ? undefined : (warning) => template.replace('{}', () => warning)
  /**
   * @param {unknown} args
   * @param {ToolContext} [context]
   * @returns {Promise<ToolResult>}
   */
  const execute = async (args, context) => {
    /** @type {string[]} */
    const warnings = []
    try {
      const given = argsObject(args, name)
      const unknown = reader.unknown(given)
      for (const w of unknown) warnings.push(w)
      const where = readContext(context)
      const values = reader.values(given, warnings)
      const call = new Call(session, name, where, {
        encoding: /** @type {string | undefined} */ (values.encoding),
        warnings,
        allow: /** @type {string[] | undefined} */ (values.allow),
      })
      return withArgumentWarnings(await behaviour.run(values, call, reader.name), call.warnings, warningLine)
    } catch (error) {
      return withArgumentWarnings(failure(error, reader.pathOf(args)), warnings)
    }
  }
  return { name, description, parameters, execute }
}

/** The keys of createTools' options. */
const OPTION_KEYS = TOOL_SET.map((o) => o.name)

/**
 * Checks createTools' options and makes the tool set's session. The host handlers
 * (hosts/) check theirs here too: `where` names the function in messages, `known` its
 * options (theirs of their own are read by the caller).
 * @param {unknown} options
 * @param {{ where?: string, known?: readonly string[] }} [about]
 * @returns {{ session: Session, shape: import('../../tools.js').ToolShape }}
 */
function readOptions(options, { where = 'createTools(options)', known = OPTION_KEYS } = {}) {
  if (options === undefined || options === null) options = {}
  if (typeof options !== 'object' || Array.isArray(options)) {
    throw new TypeError(`${where}: options must be an object { shape?, root?, cwd?, requireRead?, approve?, readState?, guards? }.`)
  }
  const o = /** @type {Record<string, unknown>} */ (options)
  refuseUnknownKeys(o, known, where)
  const { root, cwd, requireRead, approve, maxBytes, durable } = o
  const shape = o.shape === undefined ? 'dskcode' : o.shape
  if (typeof shape !== 'string' || !SHAPES.includes(/** @type {import('../../tools.js').ToolShape} */ (shape))) {
    const near = typeof shape === 'string' ? closest(shape, SHAPES) : undefined
    const hint = near === undefined ? `Pass one of ${SHAPES.join(', ')}.` : `Did you mean ${JSON.stringify(near)}?`
    throw new EolEditError(`${where}: shape ${JSON.stringify(shape)} is not a tool shape (known: ${SHAPES.join(', ')}). ${hint}`, {
      code: 'INVALID_ARGUMENT',
      hint,
    })
  }
  if (cwd !== undefined && typeof cwd !== 'string') throw new TypeError(`${where}: cwd must be a string.`)
  if (requireRead !== undefined && typeof requireRead !== 'boolean') {
    throw new TypeError(`${where}: requireRead must be true or false.`)
  }
  if (approve !== undefined && typeof approve !== 'function') {
    throw new TypeError(`${where}: approve must be a function ({ tool, path, diff, summary }) => boolean.`)
  }
  const maxReadLines = o.maxReadLines === undefined ? DEFAULT_READ_LINES : o.maxReadLines
  const maxReadChars = o.maxReadChars === undefined ? DEFAULT_READ_CHARS : o.maxReadChars
  if (!isCount(maxReadLines) || !isCount(maxReadChars)) {
    throw new TypeError(`${where}: maxReadLines and maxReadChars must be whole numbers of 1 or more.`)
  }
  if (durable !== undefined && typeof durable !== 'boolean') throw new TypeError(`${where}: durable must be true or false.`)
  if (maxBytes !== undefined && !(isCount(maxBytes) || maxBytes === 0)) {
    throw new TypeError(`${where}: maxBytes must be a whole number of bytes (0 for no limit).`)
  }

  const from = cwd !== undefined ? folder(nodePath.resolve(cwd), 'cwd', where) : undefined
  /** @type {string[] | undefined} */
  let roots
  if (root !== undefined) {
    const list = Array.isArray(root) ? root : [root]
    if (list.length === 0 || !list.every((r) => typeof r === 'string' && r !== '')) {
      throw new TypeError(`${where}: root must be a folder path or a non-empty array of them.`)
    }
    roots = list.map((r) => folder(nodePath.resolve(from || process.cwd(), r), 'root', where))
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
    // A host that refuses to edit what the model has not read (Claude Code, OpenCode)
    // does so in its shape too, unless the host says otherwise.
    requireRead: requireRead === undefined ? requiresRead(/** @type {import('../../tools.js').ToolShape} */ (shape)) : requireRead === true,
    approve: /** @type {import('../../tools.js').Approve | undefined} */ (approve),
    settings: { maxReadLines: /** @type {number} */ (maxReadLines), maxReadChars: /** @type {number} */ (maxReadChars) },
    readState: readStateOption(o.readState, where),
    guards: guardSettings(o.guards, where),
  })
  return { session, shape: /** @type {import('../../tools.js').ToolShape} */ (shape) }
}

/** @param {unknown} n */
function isCount(n) {
  return typeof n === 'number' && Number.isInteger(n) && n >= 1
}

/**
 * The path, when it is an existing folder; else an INVALID_ARGUMENT EolEditError.
 * @param {string} path
 * @param {'root' | 'cwd'} option
 * @param {string} where
 */
function folder(path, option, where) {
  const { kind } = pathInfo(path, { resolve: false })
  if (kind === undefined) {
    throw new EolEditError(`${where}: ${option} ${JSON.stringify(path)} does not exist. Pass an existing folder as ${option}.`, {
      code: 'INVALID_ARGUMENT',
      hint: `Pass an existing folder as ${option}.`,
    })
  }
  if (kind !== 'folder') {
    throw new EolEditError(`${where}: ${option} ${JSON.stringify(path)} is not a folder. Pass an existing folder as ${option}.`, {
      code: 'INVALID_ARGUMENT',
      hint: `Pass an existing folder as ${option}.`,
    })
  }
  return path
}

module.exports = { createTools, readOptions, readContext, OPTION_KEYS }
