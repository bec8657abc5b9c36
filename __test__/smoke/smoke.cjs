// Runtime smoke test: loads eol-edit through the generated loader and runs
// every case in ./cases/*.cjs, in file-name order, on whatever runtime runs
// this file (Node or Bun). scripts/runtime-smoke.sh runs it on each runtime
// the package supports.
//
// To add cases, add a file to ./cases that exports an array of
// `{ name, run(eol, assert) }`; `run` throws (an assert), or returns a Promise that rejects, on failure. Cases
// must not depend on each other or on files outside a temp folder they make.
//
// Prints one line: `<runtime> <version>: <n> cases passed`; exits 1 on the
// first failing case, with its name and error.

'use strict'

const assert = require('node:assert/strict')
const fs = require('node:fs')
const path = require('node:path')

const runtime =
  typeof Bun !== 'undefined' ? `bun ${Bun.version}` : `node ${process.versions.node}`

// EOL_EDIT_PACKAGE lets the script load an installed copy instead of the repository.
const packagePath = process.env.EOL_EDIT_PACKAGE || path.join(__dirname, '..', '..', 'index.js')

let eol
try {
  eol = require(packagePath)
} catch (error) {
  console.error(`${runtime}: could not load eol-edit from ${packagePath}:`)
  console.error(error)
  process.exit(1)
}

const casesDir = path.join(__dirname, 'cases')
const files = fs.readdirSync(casesDir).filter((f) => f.endsWith('.cjs')).sort()

async function main() {
  let passed = 0
  for (const file of files) {
    const cases = require(path.join(casesDir, file))
    for (const c of cases) {
      try {
        // A case may return a Promise: the Promise forms run on the runtime's thread pool.
        await c.run(eol, assert)
        passed++
      } catch (error) {
        console.error(`${runtime}: FAILED ${file}: ${c.name}`)
        console.error(error)
        process.exit(1)
      }
    }
  }
  if (passed === 0) {
    console.error(`${runtime}: no smoke cases found in ${casesDir}`)
    process.exit(1)
  }
  console.log(`${runtime}: ${passed} cases passed`)
}

main()
