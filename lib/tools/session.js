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
// - the host's approval of a prepared change (the core's `prepare…`: worked out in
//   full, written by its `commit()` exactly as shown), and the call's AbortSignal.
//
// A tool that changes files describes its change once (`Call.change`): which paths,
// how to compute it (through the library function `change` hands it: the one that
// writes, or with `approve` its prepare twin), and what each file's diff is. The same
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
 * One file of a change, as it is prepared or was written.
 * @typedef {object} FileChange
 * @property {string} path the path as the model gave it
 * @property {string} diff unified diff of the file's text
 * @property {string} summary one line for a host, e.g. `edit_file a.ts: +2 -1 lines`
 * @property {string} [version] the file's version after the change (absent for a deleted file)
 */

/**
 * The names of the library's file functions a tool calls through `Call.library`.
 * @typedef {'readFile' | 'editFile' | 'multiEdit' | 'deleteRange' | 'writeFile' | 'applyPatch' | 'readFileBytes' | 'restoreFile' | 'insertLines'} LibraryName
 */

/**
 * A library function called as `Call.library` calls it: its name, the files it reads,
 * then its own arguments.
 * @typedef {(name: LibraryName, paths: string[], ...args: any[]) => any} Library
 */

/**
 * What `Call.change` gives a computation: `library`, through which it makes its one
 * change (the function that writes, or, when the change is shown before it is
 * written, one that prepares it: see `Call.preparing`); `unprepared`, for a change
 * the library has no prepare twin for (`write(dryRun)` makes it, or only works it out
 * with `dryRun`: shown first, it is its dry run, and the commit its real run, which
 * must find the file at the same version); and the version each file is expected to
 * have (undefined: no check).
 * @typedef {object} Run
 * @property {Library} library
 * @property {<T extends object>(write: (dryRun: boolean) => Promise<T>) => Promise<T>} unprepared
 * @property {(path: string) => string | undefined} expectedVersion
 * @property {Write} write
 */

/**
 * The names of the library's functions that change one file, given first, which the
 * core's read state can make in one call with the file's expected version
 * (`ReadState.change` of the addon).
 * @typedef {'editFile' | 'multiEdit' | 'writeFile' | 'deleteRange' | 'insertLines'} OneFileChange
 */

/**
 * `Run.write`: the library's function `name` on the file `path` (its first argument;
 * `args` are the rest, its options last), made with the version the file is expected
 * to have as its `expectedVersion`. A change that makes its one change through it
 * (`Call.change`'s `oneCall`) is, written at once, one call of the core: look-up,
 * change, and the record of the version it left.
 * @typedef {(name: OneFileChange, path: string, ...args: any[]) => any} Write
 */

/**
 * The change `Call.preparing` prepared, for `Call.change` to commit.
 * @typedef {{ commit?: () => Promise<unknown> }} Prepare
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
  prepareEdit: 'prepareEditSync',
  prepareMultiEdit: 'prepareMultiEditSync',
  prepareDeleteRange: 'prepareDeleteRangeSync',
  prepareWrite: 'prepareWriteSync',
  preparePatch: 'preparePatchSync',
  prepareInsertLines: 'prepareInsertLinesSync',
}

/**
 * The prepare twin of each function a change is made with (same arguments, nothing
 * written: docs/prepared.md).
 * @type {Partial<Record<LibraryName, 'prepareEdit' | 'prepareMultiEdit' | 'prepareDeleteRange' | 'prepareWrite' | 'preparePatch' | 'prepareInsertLines'>>}
 */
const PREPARE = {
  editFile: 'prepareEdit',
  multiEdit: 'prepareMultiEdit',
  deleteRange: 'prepareDeleteRange',
  writeFile: 'prepareWrite',
  applyPatch: 'preparePatch',
  insertLines: 'prepareInsertLines',
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
    /** `library`, for a change written at once (`Run.library`). @type {Library} */
    this.direct = (name, paths, ...args) => this.library(name, paths, ...args)
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
   * @param {LibraryName | 'prepareEdit' | 'prepareMultiEdit' | 'prepareDeleteRange' | 'prepareWrite' | 'preparePatch' | 'prepareInsertLines'} name
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
    // Joined, not resolved: `link/..` is where the link's target's parent is, as the
    // OS (and the write) takes it, not the folder the spelling reads like.
    const full = nodePath.isAbsolute(path) ? path : `${this.cwd || process.cwd()}${nodePath.sep}${path}`
    return core.pathInfo(full, { resolve: false }).kind === 'file'
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
   * Makes a change to one or more files with every check of the tool set:
   *
   * 1. one call at a time on these files;
   * 2. a file this tool set read or wrote must still have that version, else
   *    FILE_CHANGED (with `requireRead`, an existing file it never read is refused);
   * 3. with `approve` (or `prepared`): `compute` makes its change with the prepare
   *    twin of its library function, which writes nothing; `approve` (called once,
   *    with every file of the prepared change) must say yes, else REJECTED; then the
   *    prepared change's `commit()` writes exactly its bytes, if every file still has
   *    the version it was prepared from (a new file: still does not exist), else
   *    FILE_CHANGED and nothing is written. The change is worked out once;
   * 4. the AbortSignal is checked before writing;
   * 5. the versions the change left are remembered.
   *
   * `compute` makes one change through `run.library` (it may retry a call that
   * failed, and read what it likes). Prepared, that call resolves to the result its
   * function would give (an EditResult, a PatchResult: see `preview`), which the
   * commit then fills with what it wrote, so `compute` and the tool read the one
   * result either way.
   *
   * @template R
   * @param {object} change
   * @param {string[]} change.paths every file the change touches, as the model gave them
   * @param {(run: Run) => R | Promise<R>} change.compute makes the change through `run.library`
   * @param {(result: R) => FileChange[]} change.files what a computed result changes, per file
   * @param {boolean} [change.prepared] prepare the change even without `approve`
   *   (`compute` checks what it prepared, and throws to write nothing)
   * @param {boolean} [change.oneCall] `compute` makes its change of one file through
   *   `run.write` and uses nothing else of `run`: written at once, it is then one call
   *   of the core (`changeInOneCall`)
   * @returns {Promise<R>}
   */
  change({ paths, compute, files, prepared = false, oneCall = false }) {
    const { session } = this
    /** @type {R | Promise<R> | undefined} */
    let fast
    try {
      if (!prepared && oneCall && paths.length === 1) fast = this.changeInOneCall(paths[0], compute)
      if (!prepared && fast === undefined) fast = this.changeAtOnce(paths, compute, files)
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
        if (version === undefined && session.requireRead) {
          version = await this.readableVersion(path)
          if (version === undefined) version = ABSENT
          else if (version === TOO_LARGE_TO_READ) version = undefined
          else {
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
      /** @type {R} */
      let result
      try {
        if (session.approve || prepared) {
          /** @type {Prepare} */
          const slot = {}
          const library = this.preparing(slot)
          result = await compute({ library, unprepared: shownFirst(slot), expectedVersion, write: expecting(library, expectedVersion) })
          if (!slot.commit) throw new Error(`${this.tool}: the change was computed without a prepared library call`)
          if (session.approve) {
            await this.approveOrFail(session.approve, files(result), paths[0])
            this.checkAborted()
          }
          await slot.commit()
        } else {
          result = await compute({ library: this.direct, unprepared: atOnce, expectedVersion, write: expecting(this.direct, expectedVersion) })
        }
      } catch (error) {
        throw this.explainChanged(error, paths, expectedVersion)
      }
      for (const file of files(result)) {
        if (file.version !== undefined) this.wrote(file.path, file.version, file.diff)
        else this.forget(file.path)
      }
      return result
    })
  }

  /**
   * `library` for a change that is shown before it is written: each call of a
   * function with a prepare twin (PREPARE) runs the twin, keeps the prepared change in
   * `slot` for `change` to commit, and resolves to the function's result as the
   * commit will give it (`preview`). A change is one call: a second one that
   * succeeds, or a function without a twin, is a mistake of the tool.
   * @param {Prepare} slot
   * @returns {Library}
   */
  preparing(slot) {
    return (name, paths, ...args) => {
      if (slot.commit) throw new Error(`${this.tool}: a change is prepared once, but ${name} was called after it`)
      const twin = PREPARE[name]
      if (twin === undefined) throw new Error(`${this.tool}: ${name} has no prepare twin (Run.unprepared is for such a change)`)
      /** @param {import('../../index.js').Prepared} change @param {boolean} sync */
      const made = (change, sync) => {
        const shown = preview(change, twin === 'preparePatch')
        // Committed where it was prepared: on the calling thread when it was small.
        slot.commit = async () => fill(shown, sync ? change.commitSync() : await change.commit())
        return shown
      }
      const prepared = this.library(twin, paths, ...args)
      if (!isPromise(prepared)) return made(prepared, true)
      return prepared.then((/** @type {import('../../index.js').Prepared} */ change) => made(change, false))
    }
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
      result = compute({ library: this.direct, unprepared: atOnce, expectedVersion, write: expecting(this.direct, expectedVersion) })
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
   * `changeAtOnce` of a change whose compute makes its one change through `run.write`
   * (`oneCall`), when no call holds any file (the common case): each `write` is one
   * call of the core's read state (`ReadState.change`), which takes the file's
   * expected version from the state (with `requireRead`, refusing an existing file
   * never read), makes the change, explains a FILE_CHANGED, and records the version
   * it left; on the calling thread when the file and the text are small
   * (CALLING_THREAD_MAX_BYTES), else on the thread pool, and a change that went on to
   * wait holds the file's queue from here on, as `exclusive` would have. Undefined
   * when `change` must take another way; throws what the change throws.
   * @template R
   * @param {string} path
   * @param {(run: Run) => R | Promise<R>} compute
   * @returns {R | Promise<R> | undefined}
   */
  changeInOneCall(path, compute) {
    const { session } = this
    if (session.approve) return undefined
    const { state } = session
    if (state.queues.size !== 0) return undefined
    this.checkAborted()
    const { files } = state
    // A refusal by a guard the host made final says so (guards.js).
    const report = (/** @type {unknown} */ error) => finalRefusal(error, session.guards)
    /** @type {Write} */
    const write = (name, given, ...args) => {
      if (given !== path) throw new Error(`${this.tool}: a one-call change writes ${path}, not ${given}`)
      try {
        const made = files.change(name, session.requireRead, CALLING_THREAD_MAX_BYTES, given, args[0], args[1], args[2])
        if (!isPromise(made)) return made
        return made.catch((error) => {
          throw report(error)
        })
      } catch (error) {
        throw report(error)
      }
    }
    const misused = () => {
      throw new Error(`${this.tool}: a one-call change makes its change through run.write only`)
    }
    const result = compute({ write, library: misused, unprepared: misused, expectedVersion: misused })
    if (!isPromise(result)) return result
    return state.hold([this.key(path)], result)
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
 * `Run.write` through `library` (the function that writes, or its prepare twin), with
 * the expected version of `expectedVersion` added to the options (the last argument).
 * @param {Library} library
 * @param {Run['expectedVersion']} expectedVersion
 * @returns {Write}
 */
function expecting(library, expectedVersion) {
  return (name, path, ...args) => {
    const version = expectedVersion(path)
    if (version !== undefined) args[args.length - 1] = { ...args[args.length - 1], expectedVersion: version }
    return library(name, [path], path, ...args)
  }
}

/**
 * `Run.unprepared` of a change written at once: its real run.
 * @template {object} T
 * @param {(dryRun: boolean) => Promise<T>} write
 */
function atOnce(write) {
  return write(false)
}

/**
 * `Run.unprepared` of a change shown before it is written: its dry run now, its real
 * run as the commit (filling the result shown, as `fill` does).
 * @param {Prepare} slot
 * @returns {Run['unprepared']}
 */
function shownFirst(slot) {
  return async (write) => {
    if (slot.commit) throw new Error('a change is prepared once')
    const shown = await write(true)
    slot.commit = async () => Object.assign(shown, await write(false))
    return shown
  }
}

/**
 * A prepared change as the result of the function it prepares: the EditResult of its
 * one file, or for a patch its PatchResult, as the commit will give them (the core's
 * `Prepared.preview`). `fill` turns it into what the commit gave.
 * @param {import('../../index.js').Prepared} change
 * @param {boolean} patch
 * @returns {import('../../index.js').EditResult | import('../../index.js').PatchResult}
 */
function preview(change, patch) {
  const shown = change.preview
  return patch ? /** @type {import('../../index.js').PatchResult} */ (shown.patch) : shown.files[0]
}

/**
 * Puts what a commit wrote into the preview it was shown as (`preview`): the tool
 * that holds the preview then reads the commit's result (its versions, and the
 * warnings of the write itself).
 * @param {import('../../index.js').EditResult | import('../../index.js').PatchResult} shown
 * @param {import('../../index.js').CommitResult} committed
 */
function fill(shown, committed) {
  if (committed.patch !== undefined) Object.assign(shown, { files: committed.patch.files })
  else Object.assign(shown, committed.files[0])
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
