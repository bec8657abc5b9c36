// @ts-check
'use strict'

// What an editor with undo_edit keeps of its own edits: for each file, the exact bytes
// it had before each edit (none for a file the edit created) and its version after,
// the last edit last. Each entry holds a whole file's bytes, so the history is capped
// twice: at UNDO_DEPTH edits of one file, and at UNDO_BYTES of kept bytes in all files,
// the oldest entries (of any file) dropped first. A file whose older edits were dropped
// remembers how many, so that an undo_edit past them is told its undo is gone rather
// than that there was never an edit to undo.

/** How many of its own edits of one file an editor can undo. */
const UNDO_DEPTH = 10

/**
 * The bytes of earlier file contents an editor keeps in all, for every file: the
 * library's default maxBytes, so that the last edit of any file it can edit by default
 * stays undoable; five 4 MB files edited ten times each keep their last sixteen edits
 * or so, not 200 MB.
 */
const UNDO_BYTES = 64 * 1024 * 1024

/** What an entry costs besides its bytes (its versions and bookkeeping), so that even empty ones count. */
const ENTRY_COST = 256

/** The most files whose dropped edits are remembered (the oldest forgotten first). */
const DROPPED_MAX = 4096

/**
 * One edit an editor can undo: the file's bytes before it (null: the edit created the
 * file) and its version after it.
 * @typedef {{ key: string, before: Buffer | null, after: string, cost: number }} Entry
 */

class UndoHistory {
  /** @param {{ depth?: number, maxBytes?: number }} [limits] */
  constructor({ depth = UNDO_DEPTH, maxBytes = UNDO_BYTES } = {}) {
    this.depth = depth
    this.maxBytes = maxBytes
    /** Each file's entries, the last edit last. @type {Map<string, Entry[]>} */
    this.files = new Map()
    /** Every entry, the oldest first (a Set keeps the order it was added in). @type {Set<Entry>} */
    this.order = new Set()
    /** The bytes the entries hold, with their ENTRY_COST. */
    this.held = 0
    /** How many older edits of each file were dropped. @type {Map<string, number>} */
    this.dropped = new Map()
  }

  /**
   * Keeps an edit of the file `key`: `before` its bytes before it (null: it created the
   * file), `after` its version after. Older entries go to stay within the limits; bytes
   * over the limit on their own are not kept (counted as dropped).
   * @param {string} key
   * @param {Buffer | null} before
   * @param {string} after
   */
  push(key, before, after) {
    const cost = (before ? before.length : 0) + ENTRY_COST
    const list = this.files.get(key) || []
    /** @type {Entry} */
    const entry = { key, before, after, cost }
    list.push(entry)
    this.files.set(key, list)
    this.order.add(entry)
    this.held += cost
    if (before && before.length > this.maxBytes) {
      this.drop(entry)
      return
    }
    while (list.length > this.depth) this.drop(/** @type {Entry} */ (list[0]))
    // The newest entry stays even when its bookkeeping tips it over: a file of the
    // library's largest default size keeps its last edit undoable.
    for (const oldest of this.order) {
      if (this.held <= this.maxBytes || oldest === entry) break
      this.drop(oldest)
    }
  }

  /**
   * The last edit of the file that can still be undone, and how many before it were
   * dropped.
   * @param {string} key
   * @returns {{ last: Entry | undefined, dropped: number }}
   */
  last(key) {
    const list = this.files.get(key)
    return { last: list ? list[list.length - 1] : undefined, dropped: this.dropped.get(key) || 0 }
  }

  /** Forgets an entry once it is undone. @param {Entry} entry */
  undone(entry) {
    this.remove(entry)
  }

  /** Drops the oldest entry of its file to stay within the limits. @param {Entry} entry */
  drop(entry) {
    this.remove(entry)
    const count = (this.dropped.get(entry.key) || 0) + 1
    // Last in the map's order: the file dropped from most recently is forgotten last.
    this.dropped.delete(entry.key)
    this.dropped.set(entry.key, count)
    if (this.dropped.size > DROPPED_MAX) this.dropped.delete(/** @type {string} */ (this.dropped.keys().next().value))
  }

  /** @param {Entry} entry */
  remove(entry) {
    if (!this.order.delete(entry)) return
    this.held -= entry.cost
    const list = this.files.get(entry.key)
    if (!list) return
    const at = list.indexOf(entry)
    if (at !== -1) list.splice(at, 1)
    if (list.length === 0) this.files.delete(entry.key)
  }
}

module.exports = { UndoHistory, UNDO_DEPTH, UNDO_BYTES }
