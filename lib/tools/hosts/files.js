// @ts-check
'use strict'

// What a host handler does to files that the library has no call for: check that a
// folder it lists is inside the root. Everything else (reading, writing, undoing)
// goes through the library.

const nodeFs = require('node:fs')
const nodePath = require('node:path')

const { toolError } = require('../errors.js')

/** @typedef {import('../session.js').Session} Session */

/**
 * Fails with PATH_OUTSIDE_ROOT, as the library does, when the real location of
 * `absolute` (after `..` and links; for a missing path, of its nearest existing folder)
 * is not inside a root of the session.
 * @param {Session} session
 * @param {string} path as the model gave it
 * @param {string} absolute
 */
function insideRoots(session, path, absolute) {
  const { root } = session.base
  if (root === undefined) return
  const roots = (Array.isArray(root) ? root : [root]).map(realOrSelf)
  const real = realOrNearest(absolute)
  for (const r of roots) {
    const rel = nodePath.relative(r, real)
    if (rel === '' || (!rel.startsWith('..') && !nodePath.isAbsolute(rel))) return
  }
  throw toolError(
    'PATH_OUTSIDE_ROOT',
    `Path outside the allowed root: ${path} (it resolves to ${real}) is not inside ${roots.join(' or ')}. ` +
      'Use a path inside the root; symlinks and `..` that lead out of it are refused.',
  )
}

/** @param {string} path */
function realOrSelf(path) {
  try {
    return nodeFs.realpathSync.native(path)
  } catch {
    return path
  }
}

/** The real path of `path`, or of its nearest existing folder joined with the rest. @param {string} path */
function realOrNearest(path) {
  /** @type {string[]} */
  const rest = []
  let at = path
  for (;;) {
    try {
      return nodePath.join(nodeFs.realpathSync.native(at), ...rest)
    } catch {
      const up = nodePath.dirname(at)
      if (up === at) return path
      rest.unshift(nodePath.basename(at))
      at = up
    }
  }
}

module.exports = { insideRoots }
