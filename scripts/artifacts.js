#!/usr/bin/env node
'use strict'
// `npm run artifacts [-- DIR]`: copies built binaries (eol-edit.<platform>.node) from
// DIR into their npm/<platform> packages, as the release workflow does with the
// binaries its build jobs upload. DIR defaults to ./artifacts, else the folder the
// cross builds write to (scripts/cross/build.sh).
const { execFileSync } = require('node:child_process')
const fs = require('node:fs')
const os = require('node:os')
const path = require('node:path')

const repo = path.resolve(__dirname, '..')
const cross = path.join(process.env.EOL_EDIT_CROSS || path.join(process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'), 'eol-edit-cross'), 'artifacts')
const candidates = process.argv[2] ? [path.resolve(process.argv[2])] : [path.join(repo, 'artifacts'), cross]
const dir = candidates.find((d) => fs.existsSync(d))
if (!dir) {
  process.stderr.write(
    `artifacts: no folder of built binaries (looked in ${candidates.join(', ')}).\n` +
      'Give one (npm run artifacts -- DIR), or build them first: bash scripts/cross/setup.sh && bash scripts/cross/build.sh\n',
  )
  process.exit(1)
}
const napi = path.join(repo, 'node_modules', '@napi-rs', 'cli', 'dist', 'cli.js')
execFileSync(process.execPath, [napi, 'artifacts', '--output-dir', dir], { cwd: repo, stdio: 'inherit' })
