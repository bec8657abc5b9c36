#!/usr/bin/env node
// The README's main job: edit CRLF, mixed, lone-CR, BOM and UTF-16 files the way a
// model would (writing "\n" everywhere), and show the bytes before and after.
// The demo itself is lib/demo.js, shared with `eol-edit demo`.
'use strict'

let eol
try {
  eol = require('..')
} catch (err) {
  console.error('The native addon is not built yet. Run: npm run build')
  console.error(String(err && err.message))
  process.exit(1)
}

require('../lib/demo.js')
  .runDemo({ core: eol })
  .catch((err) => {
    console.error(err)
    process.exit(1)
  })
