// Preloaded (`node --require`) into the `eol-edit` command by the parity test: every
// call the command makes to the library, and to the MCP server's `serve`, is written
// as a line of JSON to the file named by EOL_EDIT_RECORD: the function and the keys
// of its last argument when that is an options object. `serve` is not run, so that
// `eol-edit mcp` ends at once.
'use strict'

const fs = require('node:fs')
const path = require('node:path')

const file = process.env.EOL_EDIT_RECORD
const repo = path.resolve(__dirname, '..', '..')
const core = require(path.join(repo, 'lib', 'binding.js'))
const mcp = require(path.join(repo, 'lib', 'mcp.js'))

/** @param {string} name @param {unknown[]} args */
function record(name, args) {
  const last = args[args.length - 1]
  const options = last && typeof last === 'object' && !Array.isArray(last) ? last : {}
  fs.appendFileSync(file, JSON.stringify({ name, options }) + '\n')
}

for (const name of Object.keys(core)) {
  const f = core[name]
  if (typeof f !== 'function' || !/^[a-z]/.test(name)) continue
  core[name] = function (...args) {
    record(name, args)
    return f.apply(this, args)
  }
}

mcp.loadSdk = () => ({})
mcp.serve = async (options) => {
  record('serve', [options])
  return 0
}
