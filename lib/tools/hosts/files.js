// @ts-check
'use strict'

// What a host handler does to files that the library has no call for: keep a file's
// exact bytes before an edit, and write them back (undo_edit), and check that a path
// whose folder it lists is inside the root. Everything else goes through the library.
//
// Writing bytes back is done here because the library writes text, not given bytes:
// through a temporary file in the file's folder and a rename, so the file is whole at
// every moment, with its mode, after checking through the library (under the root, as
// every call) that it still has the version the edit left. Unlike the library's own
// writes, the moment between that last check and the rename is not under the
// library's file lock, and a file with several hard links keeps its other names'
// content (the result says so).

const nodeFs = require('node:fs')
const nodePath = require('node:path')

const { toolError } = require('../errors.js')

/** @typedef {import('../session.js').Call} Call */
/** @typedef {import('../session.js').Session} Session */

/**
 * The file's bytes and their version (null and undefined when it does not exist):
 * the version is taken before and after the bytes are read, so the bytes are those of
 * that version.
 * @param {Call} call
 * @param {string} path
 * @returns {Promise<{ bytes: Buffer | null, version: string | undefined }>}
 */
async function snapshot(call, path) {
  const version = await call.currentVersion(path)
  const bytes = readBytes(call.key(path))
  const again = await call.currentVersion(path)
  if (again !== version || (bytes === null) !== (version === undefined)) {
    throw toolError('FILE_CHANGED', [
      `File changed on disk: ${path} is being changed by another program. Nothing was written. `,
      { phrase: 'read-again', parts: ['Read it again'] },
      ' and redo the change.',
    ])
  }
  return { bytes, version }
}

/** @param {string} file @returns {Buffer | null} */
function readBytes(file) {
  try {
    return nodeFs.readFileSync(file)
  } catch (error) {
    if (error && /** @type {{ code?: unknown }} */ (error).code === 'ENOENT') return null
    throw error
  }
}

/**
 * Writes `bytes` back as the file's content, if it still has version `expected`.
 * @param {Call} call
 * @param {string} path
 * @param {Buffer} bytes
 * @param {string} expected
 * @returns {Promise<{ version: string | undefined, warnings: string[] }>}
 */
async function restoreBytes(call, path, bytes, expected) {
  const file = call.key(path)
  insideRoots(call.session, path, file)
  const stat = nodeFs.statSync(file)
  if (!stat.isFile()) throw toolError('NOT_A_FILE', `${path} is not a regular file any more; nothing was written.`)
  const temporary = nodePath.join(nodePath.dirname(file), `.${nodePath.basename(file)}.${process.pid}.${Date.now().toString(36)}.restore`)
  const fd = nodeFs.openSync(temporary, 'wx', stat.mode & 0o7777)
  try {
    try {
      nodeFs.writeSync(fd, bytes)
      if (call.session.base.durable) nodeFs.fsyncSync(fd)
    } finally {
      nodeFs.closeSync(fd)
    }
    if ((await call.currentVersion(path)) !== expected) {
      throw toolError('FILE_CHANGED', [
        `File changed on disk: ${path} has changed since it was read. Nothing was written. `,
        { phrase: 'read-again', parts: ['Read it again'] },
        ' and redo the change on its current content.',
      ])
    }
    nodeFs.renameSync(temporary, file)
  } catch (error) {
    nodeFs.rmSync(temporary, { force: true })
    throw error
  }
  if (call.session.base.durable) syncFolder(nodePath.dirname(file))
  /** @type {string[]} */
  const warnings = []
  if (stat.nlink > 1) {
    warnings.push(`${path} had ${stat.nlink} hard links; it was restored under this name only, so its other names keep the content they had.`)
  }
  return { version: await call.currentVersion(path), warnings }
}

/** fsyncs a folder, where the platform can open one (not on Windows). @param {string} folder */
function syncFolder(folder) {
  let fd
  try {
    fd = nodeFs.openSync(folder, 'r')
    nodeFs.fsyncSync(fd)
  } catch {
    // Windows cannot open a folder to fsync it; its renames are durable once they return.
  } finally {
    if (fd !== undefined) nodeFs.closeSync(fd)
  }
}

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
    `Path outside the allowed root: ${path} is not inside ${roots.join(' or ')}. ` +
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
      return nodePath.join(nodeFs.realpathSync.native(at), rest.reverse().join(nodePath.sep))
    } catch {
      const up = nodePath.dirname(at)
      if (up === at) return path
      rest.push(nodePath.basename(at))
      at = up
    }
  }
}

/**
 * The unified diff that undoes `diff`: the two sides of its headers swapped, and in
 * each run of changed lines the added ones removed and the removed ones added (removed
 * first, as a diff shows them).
 * @param {string} diff
 */
function reverseDiff(diff) {
  if (diff === '') return ''
  const lines = diff.split('\n')
  /** @type {string[]} */
  const out = []
  /** @type {string[]} */
  let removed = []
  /** @type {string[]} */
  let added = []
  const flush = () => {
    for (const line of removed) out.push(line)
    for (const line of added) out.push(line)
    removed = []
    added = []
  }
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]
    if (line.startsWith('--- ') && i + 1 < lines.length && lines[i + 1].startsWith('+++ ')) {
      flush()
      out.push(`--- ${lines[i + 1].slice(4)}`, `+++ ${line.slice(4)}`)
      i++
    } else if (line.startsWith('+')) {
      removed.push(`-${line.slice(1)}`)
    } else if (line.startsWith('-')) {
      added.push(`+${line.slice(1)}`)
    } else {
      flush()
      out.push(line.startsWith('@@') ? line.replace(/^@@ -(\S+) \+(\S+) @@/, '@@ -$2 +$1 @@') : line)
    }
  }
  flush()
  return out.join('\n')
}

module.exports = { snapshot, restoreBytes, insideRoots, reverseDiff }
