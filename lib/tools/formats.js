// @ts-check
'use strict'

// The tools in the shapes the model APIs take: OpenAI's Chat Completions and Responses
// function tools (optionally in strict mode) and Anthropic's Messages tools. Every
// list is a new object, so a caller may change it without touching the tool set.

const { refuseUnknownKeys } = require('./names.js')
const { copy, strictSchema } = require('./schemas.js')

/** @typedef {import('../../tools.js').AnyToolSet} AnyToolSet */
/** @typedef {import('../../tools.js').DescribedTool} DescribedTool */
/** @typedef {import('../../tools.js').Tools} Tools */
/** @typedef {import('../../tools.js').OpenAIToolsOptions} OpenAIToolsOptions */
/** @typedef {import('../../tools.js').OpenAITool} OpenAITool */
/** @typedef {import('../../tools.js').OpenAIResponsesTool} OpenAIResponsesTool */
/** @typedef {import('../../tools.js').AnthropicTool} AnthropicTool */
/** @typedef {import('../../tools.js').JsonSchemaObject} JsonSchemaObject */

/**
 * The tools of a tool set or an array, each checked to be a tool.
 * @param {unknown} tools
 * @returns {Array<{ name: string, description: string, parameters: JsonSchemaObject }>}
 */
function toolList(tools) {
  /** @type {unknown[]} */
  let list
  if (Array.isArray(tools)) list = tools
  else if (tools !== null && typeof tools === 'object') list = Object.values(tools)
  else throw new TypeError('expected the tools object from createTools() or an array of its tools.')
  return list.map((t) => {
    const tool = /** @type {{ name?: unknown, description?: unknown, parameters?: unknown }} */ (t)
    if (
      tool === null ||
      typeof tool !== 'object' ||
      typeof tool.name !== 'string' ||
      typeof tool.description !== 'string' ||
      tool.parameters === null ||
      typeof tool.parameters !== 'object'
    ) {
      throw new TypeError('expected tools with a name, a description and parameters, as createTools() makes them.')
    }
    return /** @type {{ name: string, description: string, parameters: JsonSchemaObject }} */ (tool)
  })
}

/**
 * `strict` from the options object, false by default; an unknown key throws.
 * @param {unknown} options
 * @param {string} where the function, for the error
 */
function strictOption(options, where) {
  if (options === undefined || options === null) return false
  if (typeof options !== 'object') throw new TypeError('options must be an object { strict?: boolean }.')
  refuseUnknownKeys(options, ['strict'], `${where}(tools, options)`)
  const { strict } = /** @type {{ strict?: unknown }} */ (options)
  if (strict === undefined || strict === null) return false
  if (typeof strict !== 'boolean') throw new TypeError('options.strict must be true or false.')
  return strict
}

/**
 * @param {JsonSchemaObject} parameters
 * @param {boolean} strict
 */
function schemaFor(parameters, strict) {
  return strict ? strictSchema(parameters) : copy(parameters)
}

/**
 * OpenAI Chat Completions: `[{ type: 'function', function: { name, description, parameters, strict? } }]`.
 * @param {AnyToolSet | readonly DescribedTool[]} tools
 * @param {OpenAIToolsOptions} [options]
 * @returns {OpenAITool[]}
 */
function toOpenAITools(tools, options) {
  const strict = strictOption(options, 'toOpenAITools')
  return toolList(tools).map((t) => {
    /** @type {OpenAITool} */
    const tool = {
      type: 'function',
      function: { name: t.name, description: t.description, parameters: schemaFor(t.parameters, strict) },
    }
    if (strict) tool.function.strict = true
    return tool
  })
}

/**
 * OpenAI Responses API: `[{ type: 'function', name, description, parameters, strict }]`.
 * @param {AnyToolSet | readonly DescribedTool[]} tools
 * @param {OpenAIToolsOptions} [options]
 * @returns {OpenAIResponsesTool[]}
 */
function toOpenAIResponsesTools(tools, options) {
  const strict = strictOption(options, 'toOpenAIResponsesTools')
  return toolList(tools).map((t) => ({
    type: 'function',
    name: t.name,
    description: t.description,
    parameters: schemaFor(t.parameters, strict),
    strict,
  }))
}

/**
 * Anthropic Messages API: `[{ name, description, input_schema }]`. It takes no
 * options; an options object with a key (OpenAI's `strict`, say) throws, so that a
 * setting the caller expects is never silently without effect.
 * @param {AnyToolSet | readonly DescribedTool[]} tools
 * @param {Record<string, never>} [options]
 * @returns {AnthropicTool[]}
 */
function toAnthropicTools(tools, options) {
  if (options !== undefined && options !== null) {
    if (typeof options !== 'object') throw new TypeError('toAnthropicTools takes no options.')
    refuseUnknownKeys(options, [], 'toAnthropicTools(tools, options)')
  }
  return toolList(tools).map((t) => ({ name: t.name, description: t.description, input_schema: copy(t.parameters) }))
}

module.exports = { toOpenAITools, toOpenAIResponsesTools, toAnthropicTools }
