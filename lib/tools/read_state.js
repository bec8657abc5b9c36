// @ts-check
'use strict'

// What a model has seen of each file: the version of every file read or written, as
// the stale-read guard and `requireRead` of the tools check it (session.js). A tool
// set makes one of its own; `createReadState()` makes one that several tool sets, the
// host handlers (hosts/) and the host's own read tool share, so that a file read
// through any of them counts as read for all, and a write through one is not an
// outside change to another.
//
// The state itself is the core's (`ReadState` of the addon, src/api/session/): the
// version and about the size of each file, by its real path (a link and its target,
// `a/../b` and `b`, two spellings of one name on a file system that ignores case, and
// on Windows an 8.3 short name, are one file; a file that does not exist yet is known
// by its folder's real path and its name), and what each read showed, for the message
// of FILE_CHANGED (the core words it). The host's read tool says what it read with
// `markRead`: `{ version }`, the version the library gave, or `{ content }`, the text
// or the bytes it read, which the core compares with the file as it is now (bytes
// exactly; text in the library's line-ending-neutral view, or for a file that is not
// UTF-8 its bytes as Latin-1): a file that does not have what the host read is
// recorded as stale, and every change to it fails with FILE_CHANGED until it is read
// again (src/api/session/content.rs says why no other comparison is made).
//
// What stays here is the order of calls: one call at a time per file, a queue of
// Promises (`hold`, `idle`, `exclusive`), which is not file state.

const nodePath = require('node:path')

const core = require('../binding.js')
const { refuseUnknownKeys } = require('./names.js')

class ReadState {
  /**
   * @param {{ cwd?: string }} [options] `cwd`: the folder relative paths of `markRead`
   *   and `forget` are taken from (default: the process's, at each call)
   */
  constructor(options = {}) {
    /** @type {string | undefined} */
    this.cwd = options.cwd
    /** The core's read state: versions, sizes and what each read showed, by file. */
    this.files = new core.ReadState()
    /** The last call queued on each file (by its key, the core's). */
    /** @type {Map<string, Promise<void>>} */
    this.queues = new Map()
  }

  /**
   * Records that the model has seen the file as it is at `version`, or as `content`
   * (the text or the bytes the host read).
   * @param {string} path
   * @param {{ version: string } | { content: string | Uint8Array }} read
   */
  markRead(path, read) {
    checkPath(path, 'markRead')
    if (read === null || typeof read !== 'object' || Array.isArray(read)) {
      throw new TypeError('readState.markRead(path, read): read must be { version } or { content }.')
    }
    refuseUnknownKeys(read, ['version', 'content'], 'readState.markRead(path, read)')
    const given = /** @type {{ version?: unknown, content?: unknown }} */ (read)
    if ((given.version === undefined) === (given.content === undefined)) {
      throw new TypeError('readState.markRead(path, read): give either version or content, not both.')
    }
    if (given.version !== undefined) {
      if (typeof given.version !== 'string' || given.version === '') {
        throw new TypeError('readState.markRead(path, { version }): version must be the version string the library gave.')
      }
      this.files.markVersion(path, this.cwd, given.version)
      return
    }
    const { content } = given
    if (typeof content === 'string' || Buffer.isBuffer(content)) {
      this.files.markContent(path, this.cwd, content)
    } else if (content instanceof Uint8Array) {
      this.files.markContent(path, this.cwd, Buffer.from(content.buffer, content.byteOffset, content.byteLength))
    } else {
      throw new TypeError('readState.markRead(path, { content }): content must be the text or the bytes (a Buffer) the host read.')
    }
  }

  /**
   * Forgets what the model saw of a file (for a host that dropped it from the model's
   * context): with `requireRead`, it must be read again before it is changed.
   * @param {string} path
   */
  forget(path) {
    checkPath(path, 'forget')
    this.files.forget(path, this.cwd)
  }

  /**
   * Whether no call holds any of `keys`: a call that then runs to its end without
   * yielding needs no place in the queue, as nothing else runs meanwhile.
   * @param {string[]} keys
   */
  idle(keys) {
    if (this.queues.size === 0) return true
    for (const key of keys) if (this.queues.has(key)) return false
    return true
  }

  /**
   * Holds `keys` until `running` settles, for a call started while they were idle
   * (`idle`) that went on to wait (the thread pool): later calls queue behind it.
   * @template T
   * @param {string[]} keys
   * @param {Promise<T>} running
   * @returns {Promise<T>}
   */
  hold(keys, running) {
    return this.exclusive(keys, () => running)
  }

  /**
   * Runs `work` once no earlier call holds any of `keys`. Every call queues on all its
   * keys at once, synchronously, so two calls never wait for each other; calls of
   * every tool set sharing this state queue together.
   * @template T
   * @param {string[]} keys
   * @param {() => Promise<T>} work
   * @returns {Promise<T>}
   */
  async exclusive(keys, work) {
    const unique = keys.length === 1 ? keys : [...new Set(keys)]
    /** @type {Promise<void>[]} */
    const before = []
    for (const key of unique) {
      const queued = this.queues.get(key)
      if (queued) before.push(queued)
    }
    /** @type {() => void} */
    let release = () => {}
    /** @type {Promise<void>} */
    const gate = new Promise((resolve) => {
      release = resolve
    })
    for (const key of unique) this.queues.set(key, gate)
    try {
      if (before.length > 0) await Promise.all(before)
      return await work()
    } finally {
      release()
      for (const key of unique) if (this.queues.get(key) === gate) this.queues.delete(key)
    }
  }
}

/**
 * @param {unknown} path
 * @param {string} method
 */
function checkPath(path, method) {
  if (typeof path !== 'string' || path === '') throw new TypeError(`readState.${method}(path): path must be a non-empty string.`)
}

/**
 * A read state to share between tool sets and the host's own read tool.
 * @param {import('../../tools.js').CreateReadStateOptions} [options]
 * @returns {ReadState}
 */
function createReadState(options) {
  if (options === undefined || options === null) return new ReadState()
  if (typeof options !== 'object' || Array.isArray(options)) {
    throw new TypeError('createReadState(options): options must be an object { cwd? }.')
  }
  refuseUnknownKeys(options, ['cwd'], 'createReadState(options)')
  const { cwd } = /** @type {{ cwd?: unknown }} */ (options)
  if (cwd === undefined) return new ReadState()
  if (typeof cwd !== 'string' || cwd === '') throw new TypeError('createReadState(options): cwd must be a folder path.')
  if (core.pathInfo(nodePath.resolve(cwd), { resolve: false }).kind !== 'folder') {
    throw new core.EolEditError(`createReadState(options): cwd ${JSON.stringify(cwd)} is not an existing folder. Pass an existing folder as cwd.`, {
      code: 'INVALID_ARGUMENT',
      hint: 'Pass an existing folder as cwd.',
    })
  }
  return new ReadState({ cwd: nodePath.resolve(cwd) })
}

/**
 * The read state a tool set was given, checked, or a new one of its own.
 * @param {unknown} given
 * @param {string} where who was given it, for the message
 * @returns {ReadState}
 */
function readStateOption(given, where) {
  if (given === undefined) return new ReadState()
  if (!(given instanceof ReadState)) throw new TypeError(`${where}: readState must be made by createReadState().`)
  return given
}

module.exports = { ReadState, createReadState, readStateOption }
