// @ts-check
'use strict'

// What a model has seen of each file: the version of every file read or written, as
// the stale-read guard and `requireRead` of the tools check it (session.js). A tool
// set makes one of its own; `createReadState()` makes one that several tool sets, the
// host handlers (hosts/) and the host's own read tool share, so that a file read
// through any of them counts as read for all, and a write through one is not an
// outside change to another.
//
// A file is known by its real path: a path is made absolute (from the folder of the
// call, or the read state's `cwd`), then resolved through symbolic links, so a link and
// its target, `a/../b` and `b`, and on a file system that ignores case (macOS, Windows)
// two spellings of one name, are one file. On Windows the real path is the one the OS
// gives for the open file (`realpathSync.native` is GetFinalPathNameByHandleW), so
// `c:/a/B.TXT`, `C:\A\b.txt` and an 8.3 short name of that file are one key too
// (windows.spec.ts). A file that does not exist yet is known by its folder's real path
// and its name as given (the core's lock folds its case on Windows).
//
// The host's read tool says what it read in one of two ways (`markRead`):
// - `{ version }`: the version the library gave the file (eol-edit's readFile, or a
//   write's result);
// - `{ content }`: what the host read, as bytes or as text. There is no function that
//   hashes text the way the library hashes a file, so the file is read now and its
//   version taken only if what the host read shows that the file is still as it was:
//   - bytes: the file's bytes, exactly;
//   - text: the text the library shows of the file now, compared in its
//     line-ending-neutral view (so a host that read CRLF, or turned it into LF, matches
//     either way): writing that text back changes no byte of the file (kept lines keep
//     their bytes), so it is the file the model saw; or, for a file that is not UTF-8,
//     its bytes read one for one as Latin-1, which only these bytes give.
//   Any other text is not compared by decoding the file some other way: a text can
//   decode equal from other bytes (UTF-8 with replacement characters stands for every
//   invalid byte alike; mojibake of a file since repaired reads like the repaired
//   bytes in Latin-1), and the model writing back what it saw would then undo a change
//   it never saw. A file that does not have what the host read is recorded as stale:
//   every change to it fails with FILE_CHANGED until it is read again.

const nodePath = require('node:path')

const core = require('../binding.js')
const { refuseUnknownKeys } = require('./names.js')

/**
 * The version recorded for a file whose content has changed since the host read it:
 * no file has it (a version is a 128-bit hash), so the library refuses every change
 * with FILE_CHANGED, under its file lock, as for any other stale read.
 */
const STALE = '0'.repeat(32)

/** `pathInfo`'s options for a size or a kind only. */
const NO_REAL_PATH = { resolve: false }

/** The most files whose spellings a read state keeps (`keys`): it forgets them all past this. */
const SPELLINGS_MAX = 65536

/** The largest file whose shown lines a read state keeps (a larger one keeps its version only). */
const SEEN_FILE_MAX = 1024 * 1024

/** The most text of shown lines a read state keeps in all, least recently used out first. */
const SEEN_TOTAL_MAX = 64 * 1024 * 1024

/**
 * The largest file a write makes "seen whole" by reading it back when the model had
 * read only part of it (a file read whole is brought up to date from the write's diff
 * instead, which costs nothing until a stale call needs it).
 */
const REREAD_MAX = 64 * 1024

/** The most writes' diffs kept to apply to a file's seen text before they are applied. */
const PENDING_MAX = 32

/**
 * The lines a read showed of a file at one version: `count` lines from line `start`
 * (1-based), as `text` (the LF view of those lines, each ended by `\n`).
 * @typedef {{ start: number, count: number, text: string }} Segment
 */

/**
 * What the model has seen of a file at one version: the file's line count then and the
 * lines its reads showed, in order, apart (adjacent or overlapping reads are merged).
 * `pending`: the diffs of the writes made since the whole file was seen, oldest first,
 * still to apply to its one segment (so a write costs nothing here; `seenAt` applies
 * them when a stale call needs the text).
 * @typedef {{ version: string, totalLines: number, segments: Segment[], size: number, pending?: string[] }} Seen
 */

class ReadState {
  /**
   * @param {{ cwd?: string }} [options] `cwd`: the folder relative paths of `markRead`
   *   and `forget` are taken from (default: the process's, at each call)
   */
  constructor(options = {}) {
    /** @type {string | undefined} */
    this.cwd = options.cwd
    /** Version of each file (by real path) as it was last read or written. */
    /** @type {Map<string, string>} */
    this.versions = new Map()
    /** The real path of each absolute path a file was last read or written by. */
    /** @type {Map<string, string>} */
    this.keys = new Map()
    /** About the size of each file (by real path) when it was last looked up. */
    /** @type {Map<string, number>} */
    this.sizes = new Map()
    /** The last call queued on each file (by real path). */
    /** @type {Map<string, Promise<void>>} */
    this.queues = new Map()
    /**
     * What the reads of each file (by real path) showed at its version, for the
     * message of FILE_CHANGED: least recently used first (a Map keeps its order).
     * @type {Map<string, Seen>}
     */
    this.seen = new Map()
    /** The text kept in `seen`, in UTF-16 code units. */
    this.seenSize = 0
  }

  /**
   * Keeps the lines a read showed of a file (by real path) at `version`: merged with
   * what earlier reads showed at the same version, else instead of it. A file over
   * SEEN_FILE_MAX bytes keeps nothing; past SEEN_TOTAL_MAX in all, the files used
   * least recently are forgotten first.
   * @param {string} key
   * @param {string} version
   * @param {{ start: number, lines: readonly string[], totalLines: number, bytes: number }} read
   */
  saw(key, version, read) {
    let old = this.seen.get(key)
    // Writes' diffs still to apply: applied first, so that the merge is with the text.
    if (old !== undefined && old.pending !== undefined) old = this.settle(key, old)
    if (old !== undefined) this.dropSeen(key, old)
    if (read.bytes > SEEN_FILE_MAX || read.lines.length === 0) return
    /** @type {Segment} */
    const segment = { start: read.start, count: read.lines.length, text: read.lines.join('\n') + '\n' }
    /** @type {Segment[]} */
    let segments = [segment]
    if (old !== undefined && old.version === version && old.totalLines === read.totalLines) segments = mergeSegments(old.segments, segment)
    const entry = { version, totalLines: read.totalLines, segments, size: segments.reduce((n, s) => n + s.text.length, 0) }
    this.seen.set(key, entry)
    this.seenSize += entry.size
    for (const [other, seen] of this.seen) {
      if (this.seenSize <= SEEN_TOTAL_MAX || other === key) break
      this.dropSeen(other, seen)
    }
  }

  /**
   * What the model saw of a file at `version`, or undefined (marked as used).
   * @param {string} key
   * @param {string} version
   * @returns {Seen | undefined}
   */
  seenAt(key, version) {
    const seen = this.seen.get(key)
    if (seen === undefined || seen.version !== version) return undefined
    if (seen.pending !== undefined) return this.settle(key, seen)
    this.seen.delete(key)
    this.seen.set(key, seen)
    return seen
  }

  /**
   * Applies the pending diffs of a whole file's seen text, keeping the result (or
   * nothing, if one does not fit what was seen).
   * @param {string} key
   * @param {Seen} seen
   * @returns {Seen | undefined}
   */
  settle(key, seen) {
    this.dropSeen(key, seen)
    /** @type {string[] | undefined} */
    let lines = seen.segments[0].text.slice(0, -1).split('\n')
    for (const diff of seen.pending ?? []) {
      lines = applyDiff(lines, diff)
      if (lines === undefined) return undefined
    }
    this.saw(key, seen.version, { start: 1, lines, totalLines: lines.length, bytes: 0 })
    return this.seen.get(key)
  }

  /** @param {string} key @param {Seen} seen */
  dropSeen(key, seen) {
    this.seen.delete(key)
    this.seenSize -= seen.size
  }

  /**
   * Records that the model has seen the file as it is at `version`, or as `content`
   * (the text or the bytes the host read).
   * @param {string} path
   * @param {{ version: string } | { content: string | Uint8Array }} read
   */
  markRead(path, read) {
    const absolute = this.absolute(path, 'markRead')
    if (read === null || typeof read !== 'object' || Array.isArray(read)) {
      throw new TypeError('readState.markRead(path, read): read must be { version } or { content }.')
    }
    refuseUnknownKeys(read, ['version', 'content'], 'readState.markRead(path, read)')
    const given = /** @type {{ version?: unknown, content?: unknown }} */ (read)
    if ((given.version === undefined) === (given.content === undefined)) {
      throw new TypeError('readState.markRead(path, read): give either version or content, not both.')
    }
    const key = realKey(absolute)
    // The host may have seen the file at another size than a tool set last did.
    this.sizes.delete(key)
    if (given.version !== undefined) {
      if (typeof given.version !== 'string' || given.version === '') {
        throw new TypeError('readState.markRead(path, { version }): version must be the version string the library gave.')
      }
      this.record(absolute, key, given.version)
      return
    }
    if (typeof given.content !== 'string' && !(given.content instanceof Uint8Array)) {
      throw new TypeError('readState.markRead(path, { content }): content must be the text or the bytes (a Buffer) the host read.')
    }
    const found = versionOfContent(key, given.content)
    if (found === undefined) return this.forgetKey(absolute, key)
    this.record(absolute, key, found.version)
    // The host read the whole file: the model saw every line of it.
    if (found.read !== undefined) this.sawWhole(key, found.read, found.bytes)
  }

  /**
   * Forgets what the model saw of a file (for a host that dropped it from the model's
   * context): with `requireRead`, it must be read again before it is changed.
   * @param {string} path
   */
  forget(path) {
    const absolute = this.absolute(path, 'forget')
    this.forgetKey(absolute, realKey(absolute))
  }

  /**
   * @param {string} absolute
   * @param {string} key
   * @param {string} version
   */
  record(absolute, key, version) {
    this.versions.set(key, version)
    if (this.keys.size >= SPELLINGS_MAX) this.keys.clear()
    this.keys.set(absolute, key)
  }

  /**
   * Records a file a call wrote: its version, and its size now, so that the next call
   * on it runs where its size says (`Call.library`: a write may have grown a small file
   * far past what the calling thread should take on).
   *
   * A file whose lines the model has seen is kept as seen whole as it is now (the
   * model made it so: what it read, with its change), so that a change from outside
   * after the write (a formatter's) can be shown to it.
   * @param {string} absolute
   * @param {string} key
   * @param {string} version
   * @param {string} [encoding] the call's `encoding`, when it gave one
   * @param {string} [diff] the change's unified diff: applied to what the model saw of
   *   the whole file, it gives the file now without reading it again
   */
  wrote(absolute, key, version, encoding, diff) {
    this.record(absolute, key, version)
    const size = core.pathInfo(absolute, NO_REAL_PATH).size
    this.sizes.set(key, size)
    const seen = this.seen.get(key)
    if (seen === undefined) return
    this.dropSeen(key, seen)
    if (size > SEEN_FILE_MAX) return
    const whole = seen.segments.length === 1 && seen.segments[0].start === 1 && seen.segments[0].count >= seen.totalLines
    if (diff !== undefined && whole) {
      // Kept with the diff still to apply: `seenAt` applies it if a stale call needs it.
      const pending = [...(seen.pending ?? []), diff]
      const entry = { ...seen, version, pending, size: seen.size + diff.length }
      this.seen.set(key, entry)
      this.seenSize += entry.size
      if (pending.length >= PENDING_MAX) this.settle(key, entry)
      return
    }
    if (encoding !== undefined || size > REREAD_MAX) return
    try {
      // The real path: the file the write just made, found again without a walk.
      const now = core.readFileSync(key, { maxBytes: 0 })
      if (now.version === version) this.sawWhole(key, now, size)
    } catch {
      // Not kept: FILE_CHANGED then says what it said before.
    }
  }

  /**
   * Keeps a whole file as seen, from a read of all of it.
   * @param {string} key
   * @param {import('../../index.js').ReadResult} read
   * @param {number} bytes the file's size
   */
  sawWhole(key, read, bytes) {
    const lines = read.content === '' ? [] : read.content.split('\n')
    if (lines[lines.length - 1] === '') lines.pop()
    this.saw(key, read.version, { start: 1, lines, totalLines: read.totalLines, bytes })
  }

  /** @param {string} absolute @param {string} key */
  forgetKey(absolute, key) {
    this.versions.delete(key)
    this.keys.delete(absolute)
    const seen = this.seen.get(key)
    if (seen !== undefined) this.dropSeen(key, seen)
  }

  /**
   * @param {unknown} path
   * @param {string} method
   */
  absolute(path, method) {
    if (typeof path !== 'string' || path === '') throw new TypeError(`readState.${method}(path): path must be a non-empty string.`)
    return nodePath.resolve(this.cwd || process.cwd(), path)
  }

  /**
   * Whether no call holds any of `keys` (real paths): a call that then runs to its end
   * without yielding needs no place in the queue, as nothing else runs meanwhile.
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
   * Runs `work` once no earlier call holds any of `keys` (real paths). Every call
   * queues on all its keys at once, synchronously, so two calls never wait for each
   * other; calls of every tool set sharing this state queue together.
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
 * The file an absolute path names, as a read state knows it: its real path when it
 * exists, else its folder's real path and its name, else the path itself.
 * @param {string} absolute
 */
function realKey(absolute) {
  return core.pathInfo(absolute).real
}

/**
 * The file an absolute path names and whether it exists, from one look-up by the core
 * (`pathInfo`): `key` is its real path when it exists, else its folder's real path and
 * its name, else the path itself; `size` a file's size (0 for anything else).
 * @param {string} absolute
 * @returns {{ key: string, exists: boolean, size: number }}
 */
function lookUp(absolute) {
  const info = core.pathInfo(absolute)
  return { key: info.real, exists: info.kind !== undefined, size: info.size }
}

/**
 * The file's version if it still has the content the host read (with the library's
 * read of all of it, when that is the text the host read), STALE if it may not,
 * undefined if it is gone or is no text file the library reads.
 * @param {string} file its real path
 * @param {string | Uint8Array} content the text or the bytes the host read
 * @returns {{ version: string, read?: import('../../index.js').ReadResult, bytes: number } | undefined}
 */
function versionOfContent(file, content) {
  const version = versionOfRead(file, content)
  if (version === undefined || typeof version === 'string') return version === undefined ? undefined : { version, bytes: 0 }
  return version
}

/**
 * @param {string} file
 * @param {string | Uint8Array} content
 * @returns {string | { version: string, read: import('../../index.js').ReadResult, bytes: number } | undefined}
 */
function versionOfRead(file, content) {
  /** @type {import('../../index.js').ReadResult} */
  let read
  try {
    // maxBytes 0: the host has read the file already, whatever its size.
    read = core.readFileSync(file, { maxBytes: 0 })
  } catch {
    return undefined
  }
  if (typeof content === 'string' && lfView(content) === read.content) return { version: read.version, read, bytes: sizeOf(file) }
  // The bytes come with their version, read by the library in one read.
  let bytes
  try {
    const exact = core.readFileBytesSync(file, { maxBytes: 0 })
    if (exact.version !== read.version) return STALE
    bytes = exact.bytes
  } catch {
    return undefined
  }
  if (typeof content !== 'string') return Buffer.compare(bytes, content) === 0 ? read.version : STALE
  // One text, one byte sequence: equal Latin-1 text is equal bytes.
  if (!isUtf8(bytes) && lfView(bytes.toString('latin1')) === lfView(content)) return read.version
  return STALE
}

/** A file's size, 0 when it cannot be had. @param {string} file */
function sizeOf(file) {
  return core.pathInfo(file, NO_REAL_PATH).size
}

/**
 * Segments with one more: those it overlaps or touches become one with it (its lines
 * win where they overlap, being the newer read of the same version), the rest are kept.
 * @param {readonly Segment[]} segments in order, apart
 * @param {Segment} added
 * @returns {Segment[]}
 */
function mergeSegments(segments, added) {
  /** @type {Segment[]} */
  const out = []
  let start = added.start
  let lines = added.text.slice(0, -1).split('\n')
  for (const s of segments) {
    const end = s.start + s.count
    if (end < start || s.start > start + lines.length) {
      out.push(s)
      continue
    }
    const own = s.text.slice(0, -1).split('\n')
    const before = own.slice(0, Math.max(0, start - s.start))
    const after = own.slice(Math.max(0, start + lines.length - s.start))
    lines = [...before, ...lines, ...after]
    start = Math.min(start, s.start)
  }
  out.push({ start, count: lines.length, text: lines.join('\n') + '\n' })
  return out.sort((a, b) => a.start - b.start)
}

/**
 * The lines of an LF text after a unified diff of it (the core's, of LF views), or
 * undefined when the diff does not fit the text (a line it keeps or removes is not the
 * text's) or says a line the way it was not shown (a replacement character).
 * @param {string[]} lines the LF view's lines
 * @param {string} diff
 * @returns {string[] | undefined}
 */
function applyDiff(lines, diff) {
  if (diff.includes('\ufffd')) return undefined
  /** @type {string[]} */
  const out = []
  let at = 0
  const rows = diff.split('\n')
  if (rows[rows.length - 1] === '') rows.pop()
  for (const row of rows) {
    if (row.startsWith('--- ') || row.startsWith('+++ ')) continue
    if (row.startsWith('@@')) {
      // `@@ line endings only …`: no line of the LF view changed.
      const hunk = /^@@ -(\d+)(?:,(\d+))? \+\d+(?:,\d+)? @@$/.exec(row)
      if (hunk === null) continue
      const start = Number(hunk[1])
      const from = hunk[2] === '0' ? start : start - 1
      if (from < at || from > lines.length) return undefined
      while (at < from) out.push(lines[at++])
      continue
    }
    const tag = row[0]
    const rest = row.slice(1)
    if (tag === '~') continue
    if (tag === '+') out.push(rest)
    else if (tag === ' ' || tag === '-') {
      if (lines[at] !== rest) return undefined
      at++
      if (tag === ' ') out.push(rest)
    } else return undefined
  }
  while (at < lines.length) out.push(lines[at++])
  return out
}

/** @param {Buffer} bytes */
function isUtf8(bytes) {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes)
    return true
  } catch {
    return false
  }
}

/** Text without a leading BOM, every line ending as \n. @param {string} text */
function lfView(text) {
  return core.toLf(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text)
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
  if (core.pathInfo(nodePath.resolve(cwd), NO_REAL_PATH).kind !== 'folder') {
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

module.exports = { ReadState, STALE, SEEN_FILE_MAX, createReadState, readStateOption, realKey, lookUp }
