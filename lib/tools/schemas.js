// @ts-check
'use strict'

// The tools' JSON Schemas, rendered from the operations' declarations
// (lib/operations.js), and the OpenAI strict-mode form of a schema.
//
// The tools' own schemas use the subset every provider accepts (type, properties,
// required, items, enum, anyOf, description, minimum, minItems) and leave optional
// arguments out of `required`. OpenAI's strict mode wants more: every object closed
// with `additionalProperties: false`, every property in `required`, optional ones
// made nullable, and (for fine-tuned models) no `minimum`/`minItems`. `strictSchema`
// derives that form, so there is one schema per tool to maintain; `execute` reads a
// null argument as an absent one.

const { TOOLS, render, renderContext } = require('../operations.js')

/** @typedef {import('../../tools.js').JsonSchema} JsonSchema */
/** @typedef {import('../../tools.js').JsonSchemaObject} JsonSchemaObject */
/** @typedef {import('../operations.js').Operation} Operation */
/** @typedef {import('../operations.js').Param} Param */
/** @typedef {import('../operations.js').Vocabulary} Vocabulary */
/** @typedef {import('../operations.js').RenderContext} RenderContext */

/**
 * The JSON Schema of a tool's arguments, rendered from its operation in a vocabulary:
 * one property per parameter the vocabulary names (in the declaration's order, with
 * its model-facing description), required as the declaration says.
 * @param {Operation} operation
 * @param {Vocabulary} [words] whose names (default: the tools' own)
 * @param {RenderContext} [context] the tool set's settings, for descriptions that name them
 * @returns {JsonSchemaObject}
 */
function toolSchema(operation, words = TOOLS, context = renderContext(words)) {
  return objectSchema(operation, operation.params, words, context)
}

/**
 * @param {Operation} operation
 * @param {readonly Param[]} params
 * @param {Vocabulary} words
 * @param {RenderContext} context
 * @returns {JsonSchemaObject}
 */
function objectSchema(operation, params, words, context) {
  /** @type {Record<string, JsonSchema>} */
  const properties = {}
  /** @type {string[]} */
  const required = []
  for (const param of params) {
    const named = words.arg(operation, param)
    if (!named || named.hidden) continue
    properties[named.name] = valueSchema(operation, param, words, context)
    if (named.required ?? (param.role === 'arg' && !param.optional)) required.push(named.name)
  }
  return { type: 'object', properties, required }
}

/**
 * One property: its type's schema and its description.
 * @param {Operation} operation
 * @param {Param} param
 * @param {Vocabulary} words
 * @param {RenderContext} context
 * @returns {JsonSchema}
 */
function valueSchema(operation, param, words, context) {
  const { type } = param
  const description = render(param.model, context)
  /** @type {JsonSchema} */
  let out
  switch (type.kind) {
    case 'boolean':
      out = { type: 'boolean' }
      break
    case 'integer':
      out = { type: 'integer', minimum: type.minimum }
      break
    case 'enum':
      out = { type: 'string', enum: [...(type.values || [])] }
      break
    case 'subset':
      out = { type: 'array', items: { type: 'string', enum: [...(type.values || [])] } }
      break
    case 'anchor':
      out = { anyOf: [{ type: 'string' }, { type: 'integer', minimum: 1 }] }
      break
    case 'list':
      out = { type: 'array', minItems: type.minItems }
      if (description !== undefined) out.description = description
      out.items = objectSchema(operation, type.fields || [], words, context)
      return out
    case 'string':
    case 'label':
      out = { type: 'string' }
      break
    default:
      throw new Error(`${operation.name}: ${param.name} of kind ${type.kind} cannot be a tool argument`)
  }
  if (description !== undefined) out.description = description
  return out
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

module.exports = { toolSchema, copy, strictSchema }
