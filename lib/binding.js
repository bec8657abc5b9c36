// @ts-check
'use strict'
// The package's entry point: the addon as the generated loader (../index.js) loads it,
// with one difference: when no prebuilt binary for this platform can be loaded, the
// error names the package that should have been installed and says how to fix it
// (the loader's own message blames an npm bug and names packages we do not publish).
try {
  require('../index.js')
} catch (error) {
  const message = error instanceof Error ? error.message : ''
  if (/^(Cannot find native binding|Failed to load native binding)/.test(message)) {
    throw require('./platform.js').missingBinaryError(error)
  }
  throw error
}
module.exports = require('../index.js')
