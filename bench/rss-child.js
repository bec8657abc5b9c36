'use strict'
// Peak memory of one edit of a large file, in a process of its own:
//   node bench/rss-child.js <eol-edit|seed> <file> <oldText JSON> <newText JSON>
// Prints one line of JSON: the RSS before the edit, the peak (VmHWM) after it, and
// the time the edit took. The addon comes from EOL_EDIT_ADDON, else the package.

const fs = require('node:fs')
const path = require('node:path')

function status(field) {
  const m = fs.readFileSync('/proc/self/status', 'utf8').match(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm'))
  return m ? Number(m[1]) * 1024 : null
}

function main() {
  const [mode, file, oldJson, newJson] = process.argv.slice(2)
  const oldText = JSON.parse(oldJson)
  const newText = JSON.parse(newJson)
  let edit
  if (mode === 'eol-edit') {
    const addon = process.env.EOL_EDIT_ADDON
      ? require(path.resolve(process.env.EOL_EDIT_ADDON))
      : require('..')
    edit = () => addon.editFileSync(file, oldText, newText, { maxBytes: 0 })
  } else {
    const seed = require('./lib/seed000')
    edit = () => seed.editFileSync(file, oldText, newText)
  }
  const before = status('VmRSS')
  const t0 = process.hrtime.bigint()
  edit()
  const ms = Number(process.hrtime.bigint() - t0) / 1e6
  const peak = status('VmHWM') ?? process.resourceUsage().maxRSS * 1024
  process.stdout.write(`${JSON.stringify({ before, peak, ms, size: fs.statSync(file).size })}\n`)
}

main()
