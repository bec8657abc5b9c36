// @ts-check
'use strict'

// `eol-edit/tools`: drop-in agent tools (read_file, write_file, edit_file, multi_edit,
// delete_range, apply_patch) and their shapes for the OpenAI and Anthropic APIs. The tools live in
// lib/tools/, one file each; this is the package entry.
//
// Plain CommonJS with no build step. The exports are `exports.name = ...`
// assignments so that Node's cjs-module-lexer finds them and
// `import { createTools } from 'eol-edit/tools'` works from ESM. Each is checked
// against tools.d.ts (`checkJs` in tsconfig.json), so the two cannot drift.

const { createTools } = require('./lib/tools/index.js')
const formats = require('./lib/tools/formats.js')
const { createReadState } = require('./lib/tools/read_state.js')
const { createAnthropicTextEditor } = require('./lib/tools/hosts/anthropic.js')
const { createOpenAIApplyPatch, createOpenAIEditor } = require('./lib/tools/hosts/openai.js')

/** @type {import('./tools.js').Tools} */
const tools = createTools()

/** @type {typeof import('./tools.js').createTools} */
exports.createTools = createTools
/** @type {typeof import('./tools.js').createReadState} */
exports.createReadState = createReadState
/** @type {typeof import('./tools.js').createAnthropicTextEditor} */
exports.createAnthropicTextEditor = createAnthropicTextEditor
/** @type {typeof import('./tools.js').createOpenAIApplyPatch} */
exports.createOpenAIApplyPatch = createOpenAIApplyPatch
/** @type {typeof import('./tools.js').createOpenAIEditor} */
exports.createOpenAIEditor = createOpenAIEditor
/** @type {typeof import('./tools.js').tools} */
exports.tools = tools
/** @type {typeof import('./tools.js').read_file} */
exports.read_file = tools.read_file
/** @type {typeof import('./tools.js').write_file} */
exports.write_file = tools.write_file
/** @type {typeof import('./tools.js').edit_file} */
exports.edit_file = tools.edit_file
/** @type {typeof import('./tools.js').multi_edit} */
exports.multi_edit = tools.multi_edit
/** @type {typeof import('./tools.js').delete_range} */
exports.delete_range = tools.delete_range
/** @type {typeof import('./tools.js').apply_patch} */
exports.apply_patch = tools.apply_patch
/** @type {typeof import('./tools.js').toOpenAITools} */
exports.toOpenAITools = formats.toOpenAITools
/** @type {typeof import('./tools.js').toOpenAIResponsesTools} */
exports.toOpenAIResponsesTools = formats.toOpenAIResponsesTools
/** @type {typeof import('./tools.js').toAnthropicTools} */
exports.toAnthropicTools = formats.toAnthropicTools
