// @ts-check
'use strict'

// Reading a tool's arguments as models send them, by the declaration of its operation
// (lib/operations.js): each parameter under the schema's name or any other spelling
// the declaration lists (dskcode's `oldText`, `startAnchor`, `edits[{ oldText, newText,
// replaceAll }]`, other agents' `old_string`), the arguments as JSON text (OpenAI
// delivers them so), numbers sent as strings, and `null` for an optional argument
// (OpenAI's strict mode sends every property). An argument no spelling names is
// ignored and named in a warning, with the argument probably meant.
//
// A reader is made once per tool (`argumentReader`), so a call only looks its
// arguments up.

const { GUTTER, TOOLS } = require('../operations.js')
const { argumentError, typeName } = require('./errors.js')
const { likelyMeant } = require('./names.js')

/** @typedef {import('../operations.js').Operation} Operation */
/** @typedef {import('../operations.js').Param} Param */
/** @typedef {import('../operations.js').Vocabulary} Vocabulary */

/**
 * One parameter as a vocabulary names it.
 * @typedef {object} Field
 * @property {Param} param
 * @property {string} name the schema's name, which messages use
 * @property {readonly string[]} spellings every name taken, the schema's first
 * @property {boolean} required
 * @property {Fields} [items] a list's fields of each item
 */

/**
 * The parameters of one object (a tool's arguments, or an item of a list).
 * @typedef {object} Fields
 * @property {Field[]} fields
 * @property {Set<string>} known every spelling taken
 * @property {string[]} suggested the spellings a warning may suggest, in the schema's order
 * @property {Map<string, string>} meant what each spelling is called in a suggestion
 */

/**
 * What reads one tool's arguments.
 * @typedef {object} Reader
 * @property {string[]} properties the schema's names
 * @property {(args: Record<string, unknown>) => string[]} unknown a warning for each
 *   argument it ignores
 * @property {(args: Record<string, unknown>, warnings: string[]) => Record<string, unknown>} values
 *   the values by the library's names (absent ones left out); throws INVALID_ARGUMENT
 *   for a value that is wrong, and pushes the warnings of a list's items
 * @property {(param: string) => string} name the schema's name of a parameter (`startAnchor` → `start_anchor`)
 * @property {(args: unknown) => string | undefined} pathOf the `path` as given, for a failed call's result
 */

/**
 * The reader of a tool's arguments, from its operation in a vocabulary.
 * @param {Operation} operation
 * @param {Vocabulary} [words]
 * @returns {Reader}
 */
function argumentReader(operation, words = TOOLS) {
  const top = fieldsOf(operation, operation.params, words)
  const byParam = new Map(top.fields.map((f) => [f.param.name, f]))
  const pathField = byParam.get('path')
  return {
    properties: top.fields.filter((f) => !isHidden(operation, f, words)).map((f) => f.name),
    unknown: (args) => unknownArguments(args, top),
    values: (args, warnings) => readFields(args, top, warnings),
    name: (param) => {
      const field = byParam.get(param)
      return field ? field.name : param
    },
    pathOf(args) {
      if (!pathField) return undefined
      try {
        const value = pick(argsObject(args, ''), pathField.spellings)
        return typeof value === 'string' && value !== '' ? value : undefined
      } catch {
        return undefined
      }
    },
  }
}

/**
 * @param {Operation} operation
 * @param {Field} field
 * @param {Vocabulary} words
 */
function isHidden(operation, field, words) {
  const named = words.arg(operation, field.param)
  return Boolean(named && named.hidden)
}

/**
 * @param {Operation} operation
 * @param {readonly Param[]} params
 * @param {Vocabulary} words
 * @returns {Fields}
 */
function fieldsOf(operation, params, words) {
  /** @type {Field[]} */
  const fields = []
  /** @type {string[]} */
  const shown = []
  /** @type {string[]} */
  const hidden = []
  /** @type {Map<string, string>} */
  const meant = new Map()
  for (const param of params) {
    const named = words.arg(operation, param)
    if (!named) continue
    /** @type {Field} */
    const field = {
      param,
      name: named.name,
      spellings: [named.name, ...named.aliases],
      required: named.required ?? (param.role === 'arg' && !param.optional),
    }
    if (param.type.kind === 'list') field.items = fieldsOf(operation, param.type.fields || [], words)
    fields.push(field)
    // A hidden spelling is suggested as itself; any other as the schema's name.
    for (const spelling of field.spellings) meant.set(spelling, named.hidden ? spelling : named.name)
    for (const spelling of field.spellings) (named.hidden ? hidden : shown).push(spelling)
  }
  const suggested = [...shown, ...hidden]
  return { fields, known: new Set(suggested), suggested, meant }
}

/**
 * The arguments no spelling names, each as a warning for the model:
 * `ignored unknown argument "replaceAll2" (did you mean "replace_all"?)`. `prefix`
 * places a nested object (`edits[1].`).
 * @param {Record<string, unknown>} obj
 * @param {Fields} fields
 * @param {string} [prefix]
 * @returns {string[]}
 */
function unknownArguments(obj, fields, prefix = '') {
  /** @type {string[]} */
  const warnings = []
  for (const key of Object.keys(obj)) {
    if (fields.known.has(key)) continue
    const near = likelyMeant(key, fields.suggested)
    const meant = near === undefined ? undefined : fields.meant.get(near)
    warnings.push(
      `ignored unknown argument ${JSON.stringify(prefix + key)}` +
        (meant === undefined ? '' : ` (did you mean ${JSON.stringify(prefix + meant)}?)`),
    )
  }
  return warnings
}

/**
 * @param {Record<string, unknown>} obj
 * @param {Fields} fields
 * @param {string[]} warnings
 * @returns {Record<string, unknown>}
 */
function readFields(obj, fields, warnings) {
  /** @type {Record<string, unknown>} */
  const values = {}
  for (const field of fields.fields) {
    const value = readValue(obj, field, warnings)
    if (value !== undefined) values[field.param.name] = value
  }
  return values
}

/**
 * One argument, checked against its type.
 * @param {Record<string, unknown>} obj
 * @param {Field} field
 * @param {string[]} warnings
 * @returns {unknown}
 */
function readValue(obj, field, warnings) {
  const { type } = field.param
  const { name } = field
  const value = pick(obj, field.spellings)
  switch (type.kind) {
    case 'string': {
      if (value === undefined && !field.required) return undefined
      if (typeof value !== 'string') throw argumentError(`${name} must be a string, but it is ${typeName(value)}.`)
      if (type.nonEmpty && value === '') throw argumentError(`${name} must not be empty.`)
      return value
    }
    case 'label': {
      if (value === undefined) return undefined
      if (typeof value !== 'string') throw argumentError(`${name} must be a string, but it is ${typeName(value)}.`)
      if (value.trim() === '') {
        throw argumentError(`${name} must be a label such as "windows-1252" or "utf-16le", or left out, but it is empty.`)
      }
      return value
    }
    case 'boolean': {
      if (value === undefined || typeof value === 'boolean') return value
      if (value === 'true' || value === 'false') return value === 'true'
      throw argumentError(`${name} must be true or false, but it is ${typeName(value)}.`)
    }
    case 'integer':
      return wholeNumber(value, name, type.minimum ?? 0)
    case 'enum': {
      const values = type.values || []
      if (value === undefined || values.includes(/** @type {string} */ (value))) return value
      throw argumentError(`${name} must be ${listed(values)}, but it is ${JSON.stringify(value)}.`)
    }
    case 'subset':
      return value === undefined ? undefined : subset(value, name, type.values || [])
    case 'anchor':
      return value === undefined ? undefined : anchor(value, name)
    case 'list':
      return list(value, field, warnings)
    default:
      throw new Error(`${name}: a ${type.kind} is not a tool argument`)
  }
}

/** `"preserve", "lf" or "crlf"`. @param {readonly string[]} values */
function listed(values) {
  const quoted = values.map((v) => JSON.stringify(v))
  return quoted.length <= 1 ? quoted.join('') : `${quoted.slice(0, -1).join(', ')} or ${quoted[quoted.length - 1]}`
}

/**
 * Some of `values` (`allow`: ["control"]), each once; one of them alone, or the list as
 * JSON text, is taken too.
 * @param {unknown} value
 * @param {string} name
 * @param {readonly string[]} values
 * @returns {string[]}
 */
function subset(value, name, values) {
  if (typeof value === 'string') {
    if (values.includes(value)) return [value]
    try {
      value = JSON.parse(value)
    } catch {
      // Said below, with the values it may have.
    }
  }
  const shape = `a list of ${listed(values)}`
  if (!Array.isArray(value)) throw argumentError(`${name} must be ${shape}, but it is ${typeName(value)}.`)
  for (const item of value) {
    if (typeof item !== 'string' || !values.includes(item)) {
      throw argumentError(`${name} must be ${shape}, but it has ${JSON.stringify(item)}.`)
    }
  }
  return [...new Set(/** @type {string[]} */ (value))]
}

/**
 * A whole number of at least `minimum`, also sent as a string of digits.
 * @param {unknown} value
 * @param {string} name
 * @param {number} minimum
 * @returns {number | undefined}
 */
function wholeNumber(value, name, minimum) {
  if (value === undefined) return undefined
  if (typeof value === 'string' && /^\s*\d+\s*$/.test(value)) value = Number(value)
  if (typeof value !== 'number' || !Number.isInteger(value) || value < minimum) {
    const shown = typeof value === 'number' ? String(value) : typeName(value)
    throw argumentError(`${name} must be a whole number of ${minimum} or more, but it is ${shown}.`)
  }
  return value
}

/**
 * A `delete_range` anchor as the core takes it: a line's text (without a pasted number
 * prefix) or a line number.
 * @param {unknown} value
 * @param {string} name
 * @returns {string | number}
 */
function anchor(value, name) {
  if (typeof value === 'number') {
    if (!Number.isInteger(value) || value < 1) {
      throw argumentError(`${name} as a line number must be a whole number of 1 or more, but it is ${value}.`)
    }
    return value
  }
  if (typeof value !== 'string') {
    throw argumentError(`${name} must be a line's text or a line number, but it is ${typeName(value)}.`)
  }
  const stripped = stripPrefixes(value)
  return stripped === null ? value : stripped
}

/**
 * A list of objects (multi_edit's edits), also sent as JSON text; a failure names the
 * item (`editIndex`), and an item's key no spelling names is ignored with a warning.
 * @param {unknown} value
 * @param {Field} field
 * @param {string[]} warnings
 * @returns {Record<string, unknown>[]}
 */
function list(value, field, warnings) {
  const items = /** @type {Fields} */ (field.items)
  const { name } = field
  const noun = (field.param.type.item || 'item').toLowerCase()
  const fields = `{${items.fields.map((f) => f.name + (f.required ? '' : '?')).join(', ')}}`
  const shape = `an array of ${fields}`
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value)
    } catch {
      throw argumentError(`${name} must be ${shape}, but it is a string that is not JSON.`)
    }
  }
  if (!Array.isArray(value)) throw argumentError(`${name} must be ${shape}, but it is ${typeName(value)}.`)
  if (value.length < (field.param.type.minItems ?? 0)) throw argumentError(`${name} is empty: give at least one ${noun}.`)
  return value.map((item, i) => {
    try {
      if (item === null || typeof item !== 'object' || Array.isArray(item)) {
        throw argumentError(`each ${noun} must be an object ${fields}, but it is ${typeName(item)}.`)
      }
      const obj = /** @type {Record<string, unknown>} */ (item)
      for (const w of unknownArguments(obj, items, `${name}[${i}].`)) warnings.push(w)
      return readFields(obj, items, warnings)
    } catch (error) {
      if (error && typeof error === 'object') /** @type {{ editIndex?: number }} */ (error).editIndex = i
      throw error
    }
  })
}

/**
 * The arguments as an object: JSON text is parsed.
 * @param {unknown} args
 * @param {string} tool
 * @param {string} [example] the argument the message shows (a host's `file_path`)
 * @returns {Record<string, unknown>}
 */
function argsObject(args, tool, example = 'path') {
  if (typeof args === 'string') {
    try {
      args = JSON.parse(args)
    } catch {
      throw argumentError(`${tool} arguments must be a JSON object, but they are a string that is not JSON.`)
    }
  }
  if (args === null || typeof args !== 'object' || Array.isArray(args)) {
    throw argumentError(`${tool} arguments must be an object like {"${example}": ...}, but they are ${typeName(args)}.`)
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
    const value = obj[name]
    if (value !== undefined && value !== null && Object.prototype.hasOwnProperty.call(obj, name)) return value
  }
  return undefined
}

// A model sometimes copies read_file's `   12│` prefixes into old_text. When every
// line carries one (and the text as given is not in the file), the prefixes are
// removed and the edit is tried once more.
const PREFIX = new RegExp(`^ *\\d+${GUTTER}`)

/**
 * The text without read_file's line-number prefixes, or null when not every line has one.
 * @param {string} text
 * @param {RegExp} [prefix] the prefix of a numbered line (a host's read tool numbers its own way)
 */
function stripPrefixes(text, prefix = PREFIX) {
  const lines = text.split('\n')
  const body = lines[lines.length - 1] === '' ? lines.slice(0, -1) : lines
  if (body.length === 0 || !body.every((line) => prefix.test(line))) return null
  return lines.map((line) => line.replace(prefix, '')).join('\n')
}

module.exports = { argumentReader, argsObject, stripPrefixes, subset }
