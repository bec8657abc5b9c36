// @ts-check
'use strict'

// The tool shapes `createTools({ shape })` builds: the tools of the agents people fork,
// each with that agent's tool and argument names, results and words, over the same
// operations and session as the tools' own set ('dskcode', built in ../index.js).

const { claudeCode } = require('./claude-code.js')
const { cline } = require('./cline.js')
const { geminiCli } = require('./gemini-cli.js')
const { opencode } = require('./opencode.js')
const { roo } = require('./roo.js')

/** @typedef {import('../session.js').Session} Session */
/** @typedef {import('../../../tools.js').ToolShape} ToolShape */

/**
 * Each shape: how its tools are made, and whether its host refuses to change a file
 * the model has not read (the default of `requireRead` in that shape).
 * @type {Record<Exclude<ToolShape, 'dskcode'>, { create: (session: Session) => object, requireRead: boolean }>}
 */
const BUILDERS = {
  opencode: { create: opencode, requireRead: true },
  'claude-code': { create: claudeCode, requireRead: true },
  'gemini-cli': { create: geminiCli, requireRead: false },
  cline: { create: cline, requireRead: false },
  roo: { create: roo, requireRead: false },
}

/** Every shape's name, the tools' own first. @type {ToolShape[]} */
const SHAPES = ['dskcode', .../** @type {ToolShape[]} */ (Object.keys(BUILDERS))]

/**
 * The tools of a shape other than the tools' own, by their host's names.
 * @param {Exclude<ToolShape, 'dskcode'>} shape
 * @param {Session} session
 */
function createShape(shape, session) {
  return BUILDERS[shape].create(session)
}

/**
 * Whether a shape's host refuses to change a file the model has not read.
 * @param {ToolShape} shape
 */
function requiresRead(shape) {
  return shape === 'dskcode' ? false : BUILDERS[shape].requireRead
}

module.exports = { SHAPES, createShape, requiresRead }
