// @ts-check
'use strict'

// What a tool set remembers between calls, and what it checks around every write:
//
// - the version of each file its read_file returned or its writes produced, so that a
//   change to a file that changed on disk since fails with FILE_CHANGED (the core's
//   `expectedVersion` does the comparing, under its file lock, so nothing is written);
//   these live in a read state (read_state.js), the tool set's own or one it shares
//   with other tool sets and the host's read tool;
// - one call at a time per file, so the versions it remembers are never overtaken by
//   its own concurrent calls (or those of tool sets sharing its read state);
// - the host's approval of a dry run, and the call's AbortSignal.
//
// A tool that changes files describes its change once (`Call.change`): which paths,
// how to compute it (dry run or real), and what each file's diff is. The same
// machinery serves a tool that changes one file and one that changes several in one
// step (apply_patch: one approval with every file, a stale-read check on each).

const nodePath = require('node:path')

const core = require('../binding.js')
const { DEFAULT_READ_CHARS, DEFAULT_READ_LINES } = require('../operations.js')
const { toolError } = require('./errors.js')
const { callGuards, finalRefusal, guardSettings } = require('./guards.js')
const { ReadState } = require('./read_state.js')

/** @typedef {import('../../index.js').EditOptions} EditOptions */
/** @typedef {import('../../tools.js').ToolContext} ToolContext */
/** @typedef {import('../../tools.js').ToolSuccess} ToolSuccess */
/** @typedef {import('../../tools.js').Approve} Approve */
/** @typedef {import('../../tools.js').ApprovalRequest} ApprovalRequest */
/** @typedef {import('../../tools.js').JsonSchemaObject} JsonSchemaObject */

/**
 * What a tool does with its arguments, read and checked by the declaration of its
 * operation (lib/operations.js), which also gives its name, description and schema.
 * `run` resolves to a ToolSuccess or throws; `name` gives a parameter's name as the
 * schema has it, for messages (`startAnchor` → `start_anchor`).
 * @typedef {object} ToolBehaviour
 * @property {string} operation the operation's name in lib/operations.js
 * @property {(values: Record<string, unknown>, call: Call, name: (param: string) => string) => Promise<ToolSuccess>} run
 */

/**
 * The settings of a tool set that shape what read_file returns.
 * @typedef {{ maxReadLines: number, maxReadChars: number }} Settings
 */

/**
 * One file of a change, as a dry run or the real run computed it.
 * @typedef {object} FileChange
 * @property {string} path the path as the model gave it
 * @property {string} diff unified diff of the file's text
 * @property {string} summary one line for a host, e.g. `edit_file a.ts: +2 -1 lines`
 * @property {string} [version] the file's version after the change (absent for a deleted file)
 */

/**
 * How `Call.change` runs a computation: as a dry run or for real, each file checked
 * against the version given by `expectedVersion` (undefined: no check).
 * @typedef {object} Run
 * @property {boolean} dryRun
 * @property {(path: string) => string | undefined} expectedVersion
 */

/**
 * The options every core call of a tool set starts from (`encoding`: the call's).
 * @typedef {object} BaseOptions
 * @property {string} [cwd]
 * @property {string | string[]} [root]
 * @property {number} [maxBytes]
 * @property {boolean} [durable]
 * @property {string} [encoding]
 */

/**
 * A call whose files hold at most this many bytes in all runs the library's Sync
 * function, on the calling thread; a larger one its Promise form, on libuv's thread
 * pool. An edit of a small file takes less time than the hop to the pool and back (on
 * a busy machine, the wait for a thread to be scheduled), which a host waiting for the
 * tool would pay on every call; the edit of a large one would hold up the host's event
 * loop for longer than it should wait. At 1 MiB an edit takes about a millisecond,
 * and from there on the hop is a few per cent of the call.
 */
const CALLING_THREAD_MAX_BYTES = 1024 * 1024

/**
 * The library's file functions, by name, for `Call.library`.
 * @type {Record<string, (...args: any[]) => any>}
 */
const LIBRARY = /** @type {any} */ (core)

/** The most folders, and paths in a folder, whose absolute paths a tool set keeps. */
const RESOLVED_MAX = 4096

/** The name of each function's Sync form, made once. */
const SYNC = {
  readFile: 'readFileSync',
  editFile: 'editFileSync',
  multiEdit: 'multiEditSync',
  deleteRange: 'deleteRangeSync',
  writeFile: 'writeFileSync',
  applyPatch: 'applyPatchSync',
  readFileBytes: 'readFileBytesSync',
  restoreFile: 'restoreFileSync',
  insertLines: 'insertLinesSync',
}

/**
 * The expected version of a file that did not exist when the change was shown: the
 * core then refuses (FILE_CHANGED) to write over a file that exists by the time of the
 * write, such as one another process created while the user was deciding.
 */
const ABSENT = ''

/** What `readableVersion` says of a file over the size limit (no version is 5 characters). */
const TOO_LARGE_TO_READ = 'large'

class Session {
  /**
   * @param {{ base: BaseOptions, requireRead: boolean, approve?: Approve, settings?: Settings, readState?: ReadState, guards?: import('./guards.js').Settings }} settings
   *   `readState`: what the model has seen of each file, shared with other tool sets
   *   (default: the tool set's own); `guards`: each guard's setting (default: every
   *   one on)
   */
  constructor(settings) {
    this.base = settings.base
    /** Each guard on, off or final: the host's `guards`. */
    this.guards = settings.guards || guardSettings(undefined, 'Session')
    this.requireRead = settings.requireRead
    this.approve = settings.approve
    /**
     * The host's read state (createTools' `readState`), kept for the versions below to
     * be shared through it: what the host's own read tool or another tool set read.
     */
    this.readState = settings.readState
    /** @type {Settings} */
    this.settings = settings.settings || { maxReadLines: DEFAULT_READ_LINES, maxReadChars: DEFAULT_READ_CHARS }
    /** What the model has seen of each file (the core's), and the queue of calls on each. */
    this.state = settings.readState || new ReadState()
    /** Each path's absolute path, by the folder it was resolved in (`Call.absolute`). */
    /** @type {Map<string, Map<string, string>>} */
    this.resolved = new Map()
  }

  /**
   * Keeps a path's absolute path in a folder, forgetting them all past RESOLVED_MAX.
   * @param {string} folder
   * @param {string} path
   * @param {string} absolute
   */
  resolve(folder, path, absolute) {
    let paths = this.resolved.get(folder)
    if (!paths) {
      if (this.resolved.size >= RESOLVED_MAX) this.resolved.clear()
      paths = new Map()
      this.resolved.set(folder, paths)
    }
    if (paths.size >= RESOLVED_MAX) paths.clear()
    paths.set(path, absolute)
  }

  /**
   * Runs `work` once no earlier call on any of `keys` (of this tool set, or of another
   * sharing its read state) is running.
   * @template T
   * @param {string[]} keys
   * @param {() => Promise<T>} work
   * @returns {Promise<T>}
   */
  exclusive(keys, work) {
    return this.state.exclusive(keys, work)
  }
}

/** What one `execute` works with: the session, the call's context, and the core's options. */
class Call {
  /**
   * @param {Session} session
   * @param {string} tool
   * @param {ToolContext} context
   * @param {{ encoding?: string, warnings?: string[], allow?: readonly string[] }} [call] the
   *   call's `encoding` argument, warnings on its arguments for the result, and the
   *   guards its `allow` argument lets through
   */
  constructor(session, tool, context, { encoding, warnings = [], allow = [] } = {}) {
    this.session = session
    this.tool = tool
    this.signal = context.signal
    this.encoding = encoding
    /** The guards the model lets through in this call (`allow`). */
    this.allow = allow
    /** What the result should tell the model about its arguments (ignored ones). */
    this.warnings = warnings
    const base = session.base.cwd
    /** Folder relative paths are taken from in this call. */
    this.cwd = context.cwd !== undefined ? nodePath.resolve(base || process.cwd(), context.cwd) : base
    /** Each existing file this call named, as the read state found it (`lookUp`), once. */
    /** @type {Map<string, import('../../index.js').FileLookup>} */
    this.found = new Map()
    /** @type {Map<string, string>} */
    this.absolutes = new Map()
    /**
     * Whether `key` looks every path up rather than take the file the tool set last
     * saw under that spelling: read_file sets it, as what the model reads next is
     * what it knows of the file.
     */
    this.fresh = false
  }

  /**
   * The library's `guards` for a change that brings text in, in this call: every guard
   * but those the host turned off and those the call's `allow` lets through (undefined
   * when none is left).
   */
  get guards() {
    return callGuards(this.session.guards, this.allow)
  }

  /**
   * The core's options for a change in this call: the tool set's, the call's
   * `encoding`, and `extra` without the keys that say nothing (undefined, or false:
   * every switch the tools pass is off by default), so that the library converts no
   * more than the call sets.
   * @template {object} Extra
   * @param {Extra} extra
   * @returns {BaseOptions & Extra}
   */
  options(extra) {
    const { base } = this.session
    /** @type {Record<string, unknown>} */
    const options = {}
    if (this.cwd !== undefined) options.cwd = this.cwd
    if (base.root !== undefined) options.root = base.root
    if (base.maxBytes !== undefined) options.maxBytes = base.maxBytes
    if (base.durable !== undefined) options.durable = base.durable
    if (this.encoding !== undefined) options.encoding = this.encoding
    for (const key in extra) {
      const value = /** @type {Record<string, unknown>} */ (extra)[key]
      if (value !== undefined && value !== false) options[key] = value
    }
    return /** @type {BaseOptions & Extra} */ (options)
  }

  /**
   * Calls the library's function `name` on the files of `paths` (the files it reads):
   * its Sync form when they and the text it is given are small (CALLING_THREAD_MAX_BYTES), else its Promise
   * form, whose Promise the caller awaits (a Sync form's failure is thrown where the
   * caller awaits it, so the two fail alike). A read looks the files' sizes up afresh.
   * @param {'readFile' | 'editFile' | 'multiEdit' | 'deleteRange' | 'writeFile' | 'applyPatch' | 'readFileBytes' | 'restoreFile' | 'insertLines'} name
   * @param {string[]} paths
   * @param {...unknown} args
   * @returns {any}
   */
  library(name, paths, ...args) {
    // A refusal by a guard the host made final says so (guards.js).
    const report = (/** @type {unknown} */ error) => finalRefusal(error, this.session.guards)
    // The text a call carries (a whole file's content, an edit's new text, a patch, the
    // bytes undo_edit restores) costs as the file's own bytes do.
    let carried = 0
    for (const arg of args) if (typeof arg === 'string' || Buffer.isBuffer(arg)) carried += arg.length
    if (carried <= CALLING_THREAD_MAX_BYTES && this.bytes(paths) + carried <= CALLING_THREAD_MAX_BYTES) {
      try {
        return LIBRARY[SYNC[name]](...args)
      } catch (error) {
        throw report(error)
      }
    }
    return LIBRARY[name](...args).catch((/** @type {unknown} */ error) => {
      throw report(error)
    })
  }

  /**
   * About how many bytes the files of `paths` hold, to choose where the library call
   * runs. A file whose version the read state has keeps the size it had when it was
   * last looked up or written (a change from outside fails the call with FILE_CHANGED
   * until read_file, which looks it up again, has read it); any other file is looked
   * up (the core's `lookUp`, once a call).
   * @param {string[]} paths
   */
  bytes(paths) {
    let total = 0
    for (const path of paths) total += this.lookUp(path).size
    return total
  }

  /**
   * The core's options for a read in this call: those of a change without the ones
   * only a write has (`readFile` refuses an option it does not know).
   * @template {object} Extra
   * @param {Extra} extra
   */
  readOptions(extra) {
    const { durable, ...options } = this.options(extra)
    return options
  }

  /**
   * The file a path names, as the key of what the session remembers: the real path
   * when it exists (so a link and its target are one file), else its folder's real
   * path and its name.
   * @param {string} path
   */
  key(path) {
    return this.lookUp(path).key
  }

  /**
   * The file a path names as the read state finds it: its key, whether it exists,
   * about its size, and its version. The file this spelling named when the tool set
   * last read or wrote it is taken while the set still has its version: if the
   * spelling names another file by now (a link changed), the library finds that the
   * file does not have this version and the call fails with FILE_CHANGED, so the model
   * reads it again, which looks it up (`fresh`). An existing file keeps what was found
   * through the call (a change replaces its content, not its place); a missing one is
   * looked up again, as the change may create it, or the folders on its way.
   * @param {string} path
   */
  lookUp(path) {
    const known = this.found.get(path)
    if (known !== undefined) return known
    const found = this.session.state.files.lookUp(path, this.cwd, this.fresh)
    if (found.exists) this.found.set(path, found)
    return found
  }

  /**
   * Whether the path names an existing regular file (for wording results only).
   * @param {string} path
   */
  isFile(path) {
    return core.pathInfo(nodePath.resolve(this.cwd || process.cwd(), path), { resolve: false }).kind === 'file'
  }

  /**
   * Runs `work` while no other call of this tool set uses these files.
   * @template T
   * @param {string[]} paths
   * @param {() => Promise<T>} work
   */
  exclusive(paths, work) {
    return this.session.exclusive(
      paths.map((p) => this.key(p)),
      work,
    )
  }

  /**
   * Records the version of a file the model has now seen (read_file).
   * @param {string} path
   * @param {string} version
   */
  remember(path, version) {
    this.session.state.files.record(path, this.cwd, version)
  }

  /**
   * Keeps the lines a read of this call showed the model: the first `shown` lines of
   * `result` (a line shown cut counts as not shown), for the message of a later
   * FILE_CHANGED.
   * @param {string} path
   * @param {import('../../index.js').ReadResult} result
   * @param {number} shown
   */
  saw(path, result, shown) {
    // Kept only at the version the read state has (a read records it first).
    this.session.state.files.saw(path, this.cwd, result.version, result.startLine, result.content, shown, result.totalLines)
  }

  /**
   * Records the version a change of this call left a file with, and its size now. A
   * file whose lines the model has seen is kept as seen whole as it is now (the model
   * made it so), so that a formatter's change after the write can be shown.
   * @param {string} path
   * @param {string} version
   * @param {string} [diff] the change's unified diff, which turns what the model saw into what it made
   */
  wrote(path, version, diff) {
    this.session.state.files.wrote(path, this.cwd, version, diff, this.encoding)
  }

  /**
   * A FILE_CHANGED that shows the model what changed in the files it had seen (the
   * error itself when it saw none of them, or none changed): the core's
   * (src/api/session/explain.rs), which records a file it showed whole as read.
   * @param {unknown} error
   * @param {string[]} paths
   * @param {Run['expectedVersion']} expectedVersion
   */
  explainChanged(error, paths, expectedVersion) {
    if (!(error instanceof core.EolEditError) || error.code !== 'FILE_CHANGED') return error
    try {
      this.session.state.files.explainChanged(paths, paths.map(expectedVersion), this.readOptions({}))
    } catch (explained) {
      if (explained instanceof core.EolEditError) return explained
    }
    return error
  }

  /**
   * The absolute path of a path of this call (each made once a call).
   * @param {string} path
   */
  absolute(path) {
    let absolute = this.absolutes.get(path)
    if (absolute !== undefined) return absolute
    // Made once per folder and path for the tool set (a path resolves the same way in
    // the same folder); the folder of calls without one is the process's, which may
    // change, so theirs are made each time.
    const folder = this.cwd === undefined ? undefined : this.session.resolved.get(this.cwd)
    absolute = folder && folder.get(path)
    if (absolute === undefined) {
      absolute = nodePath.resolve(this.cwd || process.cwd(), path)
      if (this.cwd !== undefined) this.session.resolve(this.cwd, path, absolute)
    }
    this.absolutes.set(path, absolute)
    return absolute
  }

  /**
   * Forgets the version of a file that no longer exists (deleted, or moved away).
   * @param {string} path
   */
  forget(path) {
    this.session.state.files.forget(path, this.cwd)
  }

  /** Fails when the host cancelled the call (checked before anything is written). */
  checkAborted() {
    if (this.signal && this.signal.aborted) {
      throw toolError('REJECTED', `The ${this.tool} call was cancelled before anything was written.`)
    }
  }

  /**
   * The current version of a file, or undefined when there is none (through the core,
   * so confinement holds: a path outside the root fails here as it would anywhere).
   * @param {string} path
   * @returns {Promise<string | undefined>}
   */
  async currentVersion(path) {
    try {
      return (await this.library('readFile', [path], path, this.readOptions({ limit: 0 }))).version
    } catch (error) {
      if (error instanceof core.EolEditError && error.code === 'FILE_NOT_FOUND') return undefined
      throw error
    }
  }

  /**
   * `currentVersion`, or TOO_LARGE_TO_READ for a file over the size limit: no read can
   * be asked of the model for it (read_file refuses it too), and the core checks what
   * a change may do to it (a whole-file write may replace it, nothing may grow it).
   * @param {string} path
   * @returns {Promise<string | undefined>}
   */
  async readableVersion(path) {
    try {
      return await this.currentVersion(path)
    } catch (error) {
      if (error instanceof core.EolEditError && error.code === 'FILE_TOO_LARGE') return TOO_LARGE_TO_READ
      throw error
    }
  }

  /**
   * Fails with FILE_CHANGED when a file with an expected version no longer has it (or,
   * expected absent, exists). For
   * a core call that takes no
   * `expectedVersion` for each of its files: run inside `change`, where the tool set's
   * own calls wait their turn, it leaves only other programs the time between this
   * check and the write.
   * @param {string[]} paths
   * @param {Run['expectedVersion']} expectedVersion
   */
  async assertUnchanged(paths, expectedVersion) {
    for (const path of paths) {
      const expected = expectedVersion(path)
      if (expected === undefined) continue
      const current = await this.currentVersion(path)
      if (expected === ABSENT ? current !== undefined : current !== expected) {
        const what =
          expected === ABSENT ? 'exists now, but did not when the change was made' : current === undefined ? 'no longer exists' : 'has changed since it was read'
        throw toolError(
          'FILE_CHANGED',
          [
            `File changed on disk: ${path} ${what}. Nothing was written. `,
            { phrase: 'read-again', parts: ['Read the file again'] },
            ' and redo the change on its current content.',
          ],
        )
      }
    }
  }

  /**
   * Makes a change to one or more files with every check of the tool set:
   *
   * 1. one call at a time on these files;
   * 2. a file this tool set read or wrote must still have that version, else
   *    FILE_CHANGED (with `requireRead`, an existing file it never read is refused);
   * 3. with `approve`: the change is computed as a dry run, and `approve` (called once,
   *    with every file) must say yes, else REJECTED; the real run then expects the very
   *    versions the dry run saw, and a file that did not exist then must still not
   *    exist (ABSENT), else FILE_CHANGED: what is written is what was approved;
   * 4. the AbortSignal is checked before writing;
   * 5. the versions the real run produced are remembered.
   *
   * @template R
   * @param {object} change
   * @param {string[]} change.paths every file the change touches, as the model gave them
   * @param {(run: Run) => R | Promise<R>} change.compute computes (and, unless a dry run, writes) it
   * @param {(result: R) => FileChange[]} change.files what a computed result changes, per file
   * @returns {Promise<R>}
   */
  change({ paths, compute, files }) {
    const { session } = this
    /** @type {R | Promise<R> | undefined} */
    let fast
    try {
      fast = this.changeAtOnce(paths, compute, files)
    } catch (error) {
      return Promise.reject(error)
    }
    if (fast !== undefined) return Promise.resolve(fast)
    return this.exclusive(paths, async () => {
      this.checkAborted()
      /** @type {Map<string, string | undefined>} */
      const expected = new Map()
      for (const path of paths) {
        let version = session.state.files.version(path, this.cwd) ?? undefined
        if (version === undefined && (session.requireRead || session.approve)) {
          version = await this.readableVersion(path)
          if (version === undefined) version = ABSENT
          else if (version === TOO_LARGE_TO_READ) version = undefined
          else if (session.requireRead) {
            throw toolError(
              'FILE_CHANGED',
              [
                `${path} has not been read yet, so the change could overwrite what you have not seen. Nothing was written. `,
                { phrase: 'read-first', parts: ['Read it first'] },
                ', then make the change.',
              ],
            )
          }
        }
        expected.set(path, version)
      }
      /** @type {Run['expectedVersion']} */
      const expectedVersion = (path) => expected.get(path)

      const computed = async (/** @type {boolean} */ dryRun) => {
        try {
          return await compute({ dryRun, expectedVersion })
        } catch (error) {
          throw this.explainChanged(error, paths, expectedVersion)
        }
      }
      if (session.approve) {
        const planned = files(await computed(true))
        await this.approveOrFail(session.approve, planned, paths[0])
        this.checkAborted()
      }
      const result = await computed(false)
      for (const file of files(result)) {
        if (file.version !== undefined) this.wrote(file.path, file.version, file.diff)
        else this.forget(file.path)
      }
      return result
    })
  }

  /**
   * `change` without the queue, the common case: no approval to wait for, no call
   * running on these files, and every file's expected version known (or none needed).
   * The checks are those of `change`, in its order; a library call on the calling
   * thread then runs the whole change before anything else can, and one that went to
   * the thread pool holds the files' queue from here on, as `exclusive` would have.
   * Undefined when `change` must take its queue; throws what the change throws.
   * @template R
   * @param {string[]} paths
   * @param {(run: Run) => R | Promise<R>} compute
   * @param {(result: R) => FileChange[]} files
   * @returns {R | Promise<R> | undefined}
   */
  changeAtOnce(paths, compute, files) {
    const { session } = this
    if (session.approve) return undefined
    const { state } = session
    // Looked up now, with the versions the read state has now (no call runs between
    // here and the library call, unless it goes to the thread pool: `hold` below).
    for (const path of paths) this.found.delete(path)
    const found = paths.map((p) => this.lookUp(p))
    const keys = found.map((f) => f.key)
    if (!state.idle(keys)) return undefined
    /** @type {Array<string | undefined>} */
    const versions = found.map((f) => f.version ?? undefined)
    if (session.requireRead && versions.includes(undefined)) return undefined
    this.checkAborted()
    /** @type {Run['expectedVersion']} */
    const expectedVersion = (path) => (path === paths[0] ? versions[0] : versions[paths.indexOf(path)])
    const done = (/** @type {R} */ result) => {
      for (const file of files(result)) {
        if (file.version !== undefined) this.wrote(file.path, file.version, file.diff)
        else this.forget(file.path)
      }
      return result
    }
    /** @type {R | Promise<R>} */
    let result
    try {
      result = compute({ dryRun: false, expectedVersion })
    } catch (error) {
      throw this.explainChanged(error, paths, expectedVersion)
    }
    if (!isPromise(result)) return done(result)
    const explained = result.catch((error) => {
      throw this.explainChanged(error, paths, expectedVersion)
    })
    return state.hold(keys, explained.then(done))
  }

  /**
   * Asks the host; anything but `true` (false, a throw, a rejection) is REJECTED.
   * @param {Approve} approve
   * @param {FileChange[]} planned
   * @param {string} firstPath
   */
  async approveOrFail(approve, planned, firstPath) {
    const path = planned.length > 0 ? planned[0].path : firstPath
    /** @type {ApprovalRequest} */
    const request = {
      tool: this.tool,
      path,
      diff: planned.map((f) => f.diff).join(''),
      summary: planned.map((f) => f.summary).join('\n'),
      files: planned.map((f) => ({ path: f.path, diff: f.diff, summary: f.summary })),
    }
    let verdict
    try {
      verdict = await approve(request)
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error)
      throw toolError('REJECTED', `The change to ${path} could not be approved (${why}). Nothing was written.`)
    }
    if (verdict !== true) {
      throw toolError(
        'REJECTED',
        `The user did not approve this change to ${path}, so nothing was written. ` +
          'Do not send the same change again; ask the user what they want instead.',
      )
    }
  }
}

/**
 * @template T
 * @param {T | Promise<T>} value
 * @returns {value is Promise<T>}
 */
function isPromise(value) {
  return value !== null && typeof value === 'object' && typeof (/** @type {{ then?: unknown }} */ (value)).then === 'function'
}

module.exports = { Session, Call, ABSENT, CALLING_THREAD_MAX_BYTES }
