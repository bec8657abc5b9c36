// @ts-check
'use strict'

// What a host handler does to files that the library has no call for: list a folder,
// inside the root. Everything else (reading, writing, undoing) goes through the library.
//
// On Linux the listing holds each folder open while it checks and reads it: the root
// check is made on the real location of the open folder (/proc/self/fd), the entries
// are read through that handle, and a subfolder is opened relative to it without
// following a link, so a folder swapped for a link to outside the root between the
// check and the read can neither pass the check nor be listed. Elsewhere the check is
// made on the path and the folder read by its path, so such a swap in that moment can
// show the names (never the contents) of an outside folder.

const nodeFs = require('node:fs')
const nodePath = require('node:path')

const { toolError } = require('../errors.js')

/** @typedef {import('../session.js').Session} Session */

/** Whether a process's open files can be named (and read as folders) by /proc/self/fd/N. */
const PROC_FD = process.platform === 'linux' && nodeFs.existsSync('/proc/self/fd')

const { O_RDONLY, O_DIRECTORY = 0, O_NOFOLLOW = 0 } = nodeFs.constants

/**
 * The entries of a folder and of its subfolders down to `depth` levels, sorted, hidden
 * ones (and what is in them) left out, each as `shown/name` with a `/` after a folder;
 * links are listed, never followed. Fails with PATH_OUTSIDE_ROOT when the folder is
 * not inside a root of the session.
 * @param {Session} session
 * @param {string} path the folder as the model gave it
 * @param {string} absolute
 * @param {string} shown how entries name the folder
 * @param {number} depth
 * @returns {string[]}
 */
function folderEntries(session, path, absolute, shown, depth) {
  if (!PROC_FD) {
    insideRoots(session, path, absolute)
    return walk((name) => nodeFs.readdirSync(nodePath.join(absolute, name.join(nodePath.sep)), { withFileTypes: true }), shown, depth)
  }
  let fd
  try {
    fd = nodeFs.openSync(absolute, O_RDONLY | O_DIRECTORY)
  } catch {
    throw toolError('FILE_NOT_FOUND', `Folder not found: ${path} is no longer a folder that can be read. Check the path.`)
  }
  /** Open subfolders, by their path below the folder. @type {Map<string, number>} */
  const open = new Map([['', fd]])
  try {
    // The kernel's name for the open folder is its real path already: checked as it is,
    // not resolved again (a link put at that name meanwhile would lead elsewhere).
    const real = nodeFs.readlinkSync(`/proc/self/fd/${fd}`)
    if (real.endsWith(' (deleted)')) throw toolError('FILE_NOT_FOUND', `Folder not found: ${path} was deleted while it was listed. Check the path.`)
    checkInside(session, path, real)
    /** @param {string[]} name */
    const read = (name) => {
      const key = name.join('/')
      let handle = open.get(key)
      if (handle === undefined) {
        const parent = open.get(name.slice(0, -1).join('/'))
        // Relative to the open parent, never through a link put in the subfolder's place.
        handle = nodeFs.openSync(`/proc/self/fd/${parent}/${name[name.length - 1]}`, O_RDONLY | O_DIRECTORY | O_NOFOLLOW)
        open.set(key, handle)
      }
      return nodeFs.readdirSync(`/proc/self/fd/${handle}`, { withFileTypes: true })
    }
    return walk(read, shown, depth)
  } finally {
    for (const handle of open.values()) nodeFs.closeSync(handle)
  }
}

/**
 * The walk of folderEntries: `read(name)` gives the entries of the subfolder `name`
 * (a list of names below the folder; none: the folder itself), or fails when it can
 * no longer be read (it is then listed, not walked).
 * @param {(name: string[]) => import('node:fs').Dirent[]} read
 * @param {string} shown
 * @param {number} depth
 */
function walk(read, shown, depth) {
  /** @type {string[]} */
  const entries = []
  /** @param {string[]} name @param {string} at @param {number} level */
  const visit = (name, at, level) => {
    let dirents
    try {
      dirents = read(name)
    } catch {
      return
    }
    dirents.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    for (const entry of dirents) {
      if (entry.name.startsWith('.')) continue
      const here = `${at}/${entry.name}`
      entries.push(entry.isDirectory() ? `${here}/` : here)
      if (entry.isDirectory() && level < depth) visit([...name, entry.name], here, level + 1)
    }
  }
  visit([], shown, 1)
  return entries
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
  if (session.base.root !== undefined) checkInside(session, path, realOrNearest(absolute))
}

/**
 * Fails with PATH_OUTSIDE_ROOT when `real`, a real path, is not inside a root of the
 * session.
 * @param {Session} session
 * @param {string} path as the model gave it
 * @param {string} real
 */
function checkInside(session, path, real) {
  const { root } = session.base
  if (root === undefined) return
  const roots = (Array.isArray(root) ? root : [root]).map(realOrSelf)
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

module.exports = { folderEntries }
