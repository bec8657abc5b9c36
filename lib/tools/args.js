// @ts-check
'use strict'

// Reading a tool's arguments as models send them. The schemas name every argument in
// snake_case; `execute` also takes the camelCase spellings (dskcode's `oldText`,
// `startAnchor`, `edits[{ oldText, newText, replaceAll }]`), the `old_string` of other
// agents, arguments as JSON text (OpenAI delivers them so), numbers sent as strings,
// and `null` for an optional argument (OpenAI's strict mode sends every property).

const { argumentError, typeName } = require('./errors.js')
const { likelyMeant } = require('./names.js')

/** The spellings of each argument, the schema's first. */
const KEYS = {
  path: ['path', 'file_path', 'filePath'],
  content: ['content', 'text'],
  oldText: ['old_text', 'oldText', 'old_string', 'oldString'],
  newText: ['new_text', 'newText', 'new_string', 'newString'],
  replaceAll: ['replace_all', 'replaceAll'],
  startAnchor: ['start_anchor', 'startAnchor'],
  endAnchor: ['end_anchor', 'endAnchor'],
  startLine: ['start_line', 'startLine'],
  endLine: ['end_line', 'endLine'],
  // Codex calls the patch `input`, OpenCode `patchText`.
  input: ['input', 'patchText', 'patch_text', 'patch'],
  encoding: ['encoding'],
}

/**
 * Every spelling `execute` takes for the arguments of a schema: each property's, from
 * KEYS (the property itself when KEYS has no entry for it).
 * @param {readonly string[]} properties
 */
function spellings(properties) {
  /** @type {string[]} */
  const out = []
  for (const property of properties) {
    const entry = Object.values(KEYS).find((names) => names[0] === property)
    out.push(...(entry || [property]))
  }
  return out
}

/**
 * The arguments no tool spelling names, each as a warning for the model:
 * `ignored unknown argument "replaceAll2" (did you mean "replace_all"?)`. `prefix`
 * places a nested object (`edits[1].`); `properties` are the schema's names, which a
 * suggestion uses, and `extra` more spellings that are taken.
 * @param {Record<string, unknown>} obj
 * @param {readonly string[]} properties
 * @param {{ prefix?: string, extra?: readonly string[] }} [options]
 * @returns {string[]}
 */
function unknownArguments(obj, properties, { prefix = '', extra = [] } = {}) {
  const known = [...spellings(properties), ...extra]
  /** @type {string[]} */
  const warnings = []
  for (const key of Object.keys(obj)) {
    if (known.includes(key)) continue
    const near = likelyMeant(key, known)
    const meant = near === undefined ? undefined : schemaName(near, properties)
    warnings.push(
      `ignored unknown argument ${JSON.stringify(prefix + key)}` +
        (meant === undefined ? '' : ` (did you mean ${JSON.stringify(prefix + meant)}?)`),
    )
  }
  return warnings
}

/**
 * The schema's name for a spelling (`replaceAll` → `replace_all`).
 * @param {string} spelling
 * @param {readonly string[]} properties
 */
function schemaName(spelling, properties) {
  const entry = Object.values(KEYS).find((names) => names.includes(spelling))
  return entry && properties.includes(entry[0]) ? entry[0] : spelling
}

/**
 * The arguments as an object: JSON text is parsed.
 * @param {unknown} args
 * @param {string} tool
 * @returns {Record<string, unknown>}
 */
function argsObject(args, tool) {
  if (typeof args === 'string') {
    try {
      args = JSON.parse(args)
    } catch {
      throw argumentError(`${tool} arguments must be a JSON object, but they are a string that is not JSON.`)
    }
  }
  if (args === null || typeof args !== 'object' || Array.isArray(args)) {
    throw argumentError(`${tool} arguments must be an object like {"path": ...}, but they are ${typeName(args)}.`)
  }
  return /** @type {Record<string, unknown>} */ (args)
}

/**
 * The value of the first of `names` that is present; null counts as absent.
 * @param {Record<string, unknown>} obj
 * @param {readonly string[]} names
 */
function pick(obj, names) {
  for (const name of names) {
    if (Object.prototype.hasOwnProperty.call(obj, name) && obj[name] !== undefined && obj[name] !== null) {
      return obj[name]
    }
  }
  return undefined
}

/**
 * @param {Record<string, unknown>} obj
 * @param {readonly string[]} names
 * @param {{ nonEmpty?: boolean }} [options]
 */
function requireString(obj, names, { nonEmpty = false } = {}) {
  const value = pick(obj, names)
  if (typeof value !== 'string') {
    throw argumentError(`${names[0]} must be a string, but it is ${typeName(value)}.`)
  }
  if (nonEmpty && value === '') throw argumentError(`${names[0]} must not be empty.`)
  return value
}

/**
 * @param {Record<string, unknown>} obj
 * @param {readonly string[]} names
 * @returns {string | undefined}
 */
function optionalString(obj, names) {
  const value = pick(obj, names)
  if (value === undefined) return undefined
  if (typeof value !== 'string') throw argumentError(`${names[0]} must be a string, but it is ${typeName(value)}.`)
  return value
}

/**
 * The `encoding` argument every tool takes: a WHATWG label, checked by the core.
 * @param {Record<string, unknown>} obj
 */
function optionalEncoding(obj) {
  const value = optionalString(obj, KEYS.encoding)
  if (value !== undefined && value.trim() === '') {
    throw argumentError('encoding must be a label such as "windows-1252" or "utf-16le", or left out, but it is empty.')
  }
  return value
}

/** The file path every tool takes. @param {Record<string, unknown>} obj */
function requirePath(obj) {
  return requireString(obj, KEYS.path, { nonEmpty: true })
}

/**
 * The path as given, when it is a string (for the result of a failed call).
 * @param {unknown} args
 */
function pathOf(args) {
  try {
    const value = pick(argsObject(args, ''), KEYS.path)
    return typeof value === 'string' && value !== '' ? value : undefined
  } catch {
    return undefined
  }
}

/**
 * @param {Record<string, unknown>} obj
 * @param {readonly string[]} names
 * @returns {boolean | undefined}
 */
function optionalBoolean(obj, names) {
  const value = pick(obj, names)
  if (value === undefined) return undefined
  if (typeof value === 'boolean') return value
  if (value === 'true' || value === 'false') return value === 'true'
  throw argumentError(`${names[0]} must be true or false, but it is ${typeName(value)}.`)
}

/**
 * @param {Record<string, unknown>} obj
 * @param {readonly string[]} names
 * @returns {number | undefined}
 */
function optionalPositiveInt(obj, names) {
  let value = pick(obj, names)
  if (value === undefined) return undefined
  if (typeof value === 'string' && /^\s*\d+\s*$/.test(value)) value = Number(value)
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) {
    const shown = typeof value === 'number' ? String(value) : typeName(value)
    throw argumentError(`${names[0]} must be a whole number of 1 or more, but it is ${shown}.`)
  }
  return value
}

/** The separator between a line number and the line's text in read_file output. */
const GUTTER = '\u2502' // │

// A model sometimes copies read_file's `   12│` prefixes into old_text. When every
// line carries one (and the text as given is not in the file), the prefixes are
// removed and the edit is tried once more.
const PREFIX = new RegExp(`^ *\\d+${GUTTER}`)

/**
 * The text without read_file's line-number prefixes, or null when not every line has one.
 * @param {string} text
 */
function stripPrefixes(text) {
  const lines = text.split('\n')
  const body = lines[lines.length - 1] === '' ? lines.slice(0, -1) : lines
  if (body.length === 0 || !body.every((line) => PREFIX.test(line))) return null
  return lines.map((line) => line.replace(PREFIX, '')).join('\n')
}

module.exports = {
  KEYS,
  GUTTER,
  argsObject,
  pick,
  requireString,
  requirePath,
  pathOf,
  optionalBoolean,
  optionalPositiveInt,
  optionalString,
  optionalEncoding,
  spellings,
  unknownArguments,
  stripPrefixes,
}
