// @ts-check
'use strict'
// Which prebuilt binary this machine needs: the platform names of the npm/<platform>
// packages (`linux-x64-gnu`, `win32-x64-msvc`, …), as the generated loader (index.js)
// looks them up, and what to tell a user when the one it needs is missing.

const pkg = require('../package.json')

/** The platforms a prebuilt binary is published for (one npm package each). */
const SUPPORTED = [
  'win32-x64-msvc',
  'win32-arm64-msvc',
  'darwin-x64',
  'darwin-arm64',
  'linux-x64-gnu',
  'linux-x64-musl',
  'linux-arm64-gnu',
  'linux-arm64-musl',
]

/** True on a Linux whose C library is musl (Alpine), as Node's own report tells. */
function isMusl() {
  try {
    const report = /** @type {{ header?: { glibcVersionRuntime?: string } } | string | undefined} */ (
      process.report && process.report.getReport()
    )
    const header = typeof report === 'string' ? JSON.parse(report).header : report && report.header
    return !(header && header.glibcVersionRuntime)
  } catch {
    return false
  }
}

/**
 * This machine's platform name, e.g. `linux-x64-gnu`, whether or not a binary is
 * published for it.
 * @param {{ platform?: string, arch?: string, musl?: boolean }} [on]
 */
function platformName(on = {}) {
  const platform = on.platform ?? process.platform
  const arch = on.arch ?? process.arch
  if (platform === 'win32') return `win32-${arch}-msvc`
  if (platform === 'linux') return `linux-${arch}-${(on.musl ?? isMusl()) ? 'musl' : 'gnu'}`
  return `${platform}-${arch}`
}

/**
 * The npm package that holds the binary for `name` (e.g. `eol-edit-linux-x64-gnu`).
 * @param {string} name
 */
function packageFor(name) {
  return `${pkg.name}-${name}`
}

/**
 * The error to throw when the generated loader could not load a binary: which
 * package should have been installed, and what to do.
 * @param {unknown} cause what the loader threw
 * @param {{ platform?: string, arch?: string, musl?: boolean }} [on]
 */
function missingBinaryError(cause, on) {
  const name = platformName(on)
  const wanted = packageFor(name)
  const lines = SUPPORTED.includes(name)
    ? [
        `eol-edit could not load its prebuilt binary for this platform (${name}).`,
        `It comes in the package ${wanted}@${pkg.version}, which npm installs with eol-edit as an optional dependency.`,
        'To fix it:',
        `  - install it: npm install ${wanted}@${pkg.version}`,
        '  - or reinstall without skipping optional dependencies (no --omit=optional, --no-optional or',
        '    --ignore-optional); after switching machines or Node versions, delete node_modules and the',
        '    lockfile first (an npm bug can leave optional dependencies of another platform in the lockfile).',
      ]
    : [
        `eol-edit has no prebuilt binary for this platform (${name}).`,
        `Prebuilt binaries exist for: ${SUPPORTED.join(', ')}.`,
        'To use it here, build it from source (Rust and the napi-rs CLI): see "Build from source" in its README.',
      ]
  const error = /** @type {Error & { code: string }} */ (new Error(lines.join('\n'), { cause }))
  error.code = 'BINARY_MISSING'
  return error
}

module.exports = { SUPPORTED, platformName, packageFor, missingBinaryError }
