// @ts-check
'use strict'

// JSON Schema pieces the tools share, and the OpenAI strict-mode form of a schema.
//
// The tools' own schemas use the subset every provider accepts (type, properties,
// required, items, enum, anyOf, description, minimum, minItems) and leave optional
// arguments out of `required`. OpenAI's strict mode wants more: every object closed
// with `additionalProperties: false`, every property in `required`, optional ones
// made nullable, and (for fine-tuned models) no `minimum`/`minItems`. `strictSchema`
// derives that form, so there is one schema per tool to maintain; `execute` reads a
// null argument as an absent one.

/** @typedef {import('../../tools.js').JsonSchema} JsonSchema */
/** @typedef {import('../../tools.js').JsonSchemaObject} JsonSchemaObject */

/** @type {JsonSchema} */
const PATH = {
  type: 'string',
  description: 'Path of the file (relative paths are taken from the working folder).',
}

/** The `encoding` argument every tool takes. @type {JsonSchema} */
const ENCODING = {
  type: 'string',
  description:
    "The file's encoding, only when the file is not UTF-8 and read_file says its encoding could not be told " +
    "(or a message asks for it): a label such as 'windows-1252', 'shift_jis' or 'utf-16le'. Default: detected.",
}

/** The `encoding` argument of apply_patch, for every file of the patch. @type {JsonSchema} */
const PATCH_ENCODING = {
  type: 'string',
  description:
    "The encoding of the patched files, only when they are not UTF-8 and read_file says their encoding could " +
    "not be told (or a message asks for it): a label such as 'windows-1252'. Default: detected per file.",
}

/**
 * A 1-based line number of `delete_range`, instead of an anchor's text.
 * @param {string} which
 * @param {string} instead
 * @returns {JsonSchema}
 */
function lineNumber(which, instead) {
  return { type: 'integer', minimum: 1, description: `The ${which} line's 1-based number (instead of ${instead}).` }
}

/**
 * A `delete_range` anchor: a line's text or its number.
 * @param {string} which
 * @returns {JsonSchema}
 */
function anchor(which) {
  return {
    anyOf: [{ type: 'string' }, { type: 'integer', minimum: 1 }],
    description: `The ${which} line: its whole text as read_file shows it, or its 1-based line number.`,
  }
}

/**
 * A deep copy of plain JSON data, so that no two tool sets (or a tool set and the
 * lists made from it) share a schema object a caller could change.
 * @template T
 * @param {T} value
 * @returns {T}
 */
function copy(value) {
  return JSON.parse(JSON.stringify(value))
}

/** Keywords OpenAI's strict mode rejects for fine-tuned models; the descriptions say the same. */
const DROPPED_IN_STRICT = ['minimum', 'maximum', 'minItems', 'maxItems', 'minLength', 'maxLength', 'pattern', 'format', 'multipleOf', 'default']

/**
 * The schema as OpenAI's strict mode accepts it (a new object; the input is unchanged).
 * @param {JsonSchemaObject} schema
 * @returns {JsonSchemaObject}
 */
function strictSchema(schema) {
  return /** @type {JsonSchemaObject} */ (strictNode(schema, false))
}

/**
 * @param {JsonSchema} node
 * @param {boolean} nullable
 * @returns {JsonSchema}
 */
function strictNode(node, nullable) {
  /** @type {Record<string, unknown>} */
  const copied = {}
  for (const [key, value] of Object.entries(node)) {
    if (!DROPPED_IN_STRICT.includes(key)) copied[key] = copy(value)
  }
  const out = /** @type {JsonSchema} */ (copied)
  if (node.properties) {
    const required = new Set(node.required || [])
    /** @type {Record<string, JsonSchema>} */
    const properties = {}
    for (const [key, child] of Object.entries(node.properties)) {
      properties[key] = strictNode(child, !required.has(key))
    }
    out.properties = properties
    out.required = Object.keys(properties)
    out.additionalProperties = false
  }
  if (node.items && !Array.isArray(node.items)) out.items = strictNode(node.items, false)
  if (node.anyOf) out.anyOf = node.anyOf.map((branch) => strictNode(branch, false))
  if (nullable) makeNullable(out)
  return out
}

/** @param {JsonSchema} node */
function makeNullable(node) {
  if (node.anyOf) {
    if (!node.anyOf.some((branch) => branch.type === 'null')) node.anyOf.push({ type: 'null' })
    return
  }
  if (typeof node.type === 'string') node.type = [node.type, 'null']
  else if (Array.isArray(node.type) && !node.type.includes('null')) node.type = [...node.type, 'null']
  if (Array.isArray(node.enum) && !node.enum.includes(null)) node.enum = [...node.enum, null]
}

module.exports = { PATH, ENCODING, PATCH_ENCODING, anchor, lineNumber, copy, strictSchema }
