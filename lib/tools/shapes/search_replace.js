// @ts-check
'use strict'

// SEARCH/REPLACE blocks, as Cline's replace_in_file and Roo's apply_diff take them:
//
//     ------- SEARCH            (Cline; or <<<<<<< SEARCH, as Roo and older Cline)
//     :start_line:12            (Roo only: where the block starts, to pick between
//     -------                    equal regions; then a separator line)
//     [lines to find]
//     =======
//     [lines to put there]
//     +++++++ REPLACE           (or >>>>>>> REPLACE)
//
// The blocks are parsed here and applied through the library's patch, so that each
// SEARCH is found through the lenient tiers (a CRLF file, curly quotes or trailing
// spaces never make a block fail) and every line keeps its own ending, all blocks or
// none. Each SEARCH is found in the file as it was before the call. Cline expects the
// blocks in file order; ours may come in any order, and are applied in file order.
//
// Where a block goes. The library's patch has two forms, and both are used:
//
// - first, the blocks as one patch of the apply_patch format, each a hunk of removed
//   and added lines in the given order: each must match one place after the one before
//   (several places fail with TEXT_MULTIPLE_MATCHES, not a guess). Most calls end here.
// - when that fails on several places where a block has a line hint, or on blocks out
//   of file order, each block is looked up on its own (its places, from the library),
//   its place chosen (the one nearest its hint; else the only one after the block
//   before it), and the blocks are sent as a unified diff whose hunk headers name those
//   lines: a unified hunk goes to the match nearest its header's line, here exactly the
//   place chosen. A place is never guessed: a block with several candidates and no
//   hint, or a hint equally near two of them, fails with the lines to choose from.

const nodePath = require('node:path')
const crypto = require('node:crypto')

const { EolEditError } = require('../../binding.js')
const { changeSummary } = require('../results.js')
const { render } = require('../wording.js')

/** @typedef {import('../../../index.js').MessagePart} MessagePart */
/** @typedef {import('../wording.js').Words} Words */
/** @typedef {import('../session.js').Call} Call */
/** @typedef {import('../../../index.js').PatchResult} PatchResult */

/**
 * One SEARCH/REPLACE block.
 * @typedef {object} Block
 * @property {number} index its number in the diff, from 0
 * @property {string[]} search the lines to find
 * @property {string[]} replace the lines to put there
 * @property {number} [hint] the 1-based line the model says the SEARCH starts at
 */

/**
 * How one host writes its blocks.
 * @typedef {object} Dialect
 * @property {'cline' | 'roo'} name
 * @property {(line: string) => boolean} isStart the line that opens a block
 * @property {(line: string) => boolean} isSeparator the line between SEARCH and REPLACE
 * @property {(line: string) => boolean} isEnd the line that closes a block
 * @property {string} start how a message shows the opening marker
 * @property {string} end how a message shows the closing marker
 * @property {boolean} hints whether `:start_line:` / `:end_line:` and a `-------` line may open a SEARCH
 * @property {boolean} openEnd whether the last block may lack its closing marker
 * @property {RegExp} [numbered] a line-number prefix (Roo's `12 | `) removed from a
 *   block whose SEARCH lines all carry one
 */

// The markers as Cline reads them (any run of three or more of the marker character;
// the legacy `<<<<<<<`/`>>>>>>>` forms too, and a `>` models add after the word).
const CLINE_START = /^(?:-{3,}|<{3,}) SEARCH>?$/
const CLINE_SEPARATOR = /^={3,}$/
const CLINE_END = /^(?:\+{3,}|>{3,}) REPLACE>?$/

/** Cline's blocks. @type {Dialect} */
const CLINE = {
  name: 'cline',
  isStart: (line) => CLINE_START.test(line),
  isSeparator: (line) => CLINE_SEPARATOR.test(line),
  isEnd: (line) => CLINE_END.test(line),
  start: '------- SEARCH',
  end: '+++++++ REPLACE',
  hints: false,
  openEnd: true,
}

/** Roo's blocks: the markers of seven characters, trailing whitespace allowed. @type {Dialect} */
const ROO = {
  name: 'roo',
  isStart: (line) => /^<<<<<<< SEARCH>?\s*$/.test(line),
  isSeparator: (line) => /^=======\s*$/.test(line),
  isEnd: (line) => /^>>>>>>> REPLACE\s*$/.test(line),
  start: '<<<<<<< SEARCH',
  end: '>>>>>>> REPLACE',
  hints: true,
  openEnd: false,
  numbered: /^\s*\d+\s+\|(?!\|) ?/,
}

/** Lines that look like a marker but are not one: refused rather than taken as content. */
const NEAR_MARKER = /^\s*(?:[-<=>+]{2,}\s*(?:SEARCH|REPLACE)\b|(?:[-<=>+]{2,}\s*)+(?:SEARCH|REPLACE)|[<>]{5,}|={5,}\s*$)/

/** A marker escaped with a backslash, as content (Roo's way of writing a marker line). */
const ESCAPED = /^\\((?:<{3,}|={3,}|>{3,}|-{3,}|\+{3,})|:start_line:|:end_line:)/

/** How far from its hint (in lines) a block may be found among several places (Roo's window). */
const HINT_WINDOW = 40

/**
 * The diff's blocks. A malformed diff fails with PATCH_INVALID, naming the line.
 * @param {string} diff
 * @param {Dialect} dialect
 * @param {number} [defaultHint] a hint for every block without its own (Roo's start_line argument)
 * @returns {Block[]}
 */
function parseBlocks(diff, dialect, defaultHint) {
  const lines = diff.split(/\r?\n/)
  /** @type {Block[]} */
  const blocks = []
  /** @type {'outside' | 'search' | 'replace'} */
  let state = 'outside'
  /** @type {Block | undefined} */
  let block
  let opened = 0
  const invalid = (/** @type {number} */ at, /** @type {string} */ what) =>
    new EolEditError(`The diff is malformed at line ${at}: ${what}`, { code: 'PATCH_INVALID', hint: format(dialect) })

  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]
    const at = i + 1
    if (state === 'outside') {
      if (dialect.isStart(line)) {
        block = { index: blocks.length, search: [], replace: [] }
        if (defaultHint !== undefined) block.hint = defaultHint
        state = 'search'
        opened = at
        if (dialect.hints) i = readHints(lines, i + 1, block) - 1
        continue
      }
      if (dialect.isSeparator(line) || dialect.isEnd(line)) {
        throw invalid(at, `\`${line.trim()}\` comes before any \`${dialect.start}\` line.`)
      }
      if (NEAR_MARKER.test(line)) throw invalid(at, `\`${line.trim()}\` is not a marker: a block opens with \`${dialect.start}\` on a line of its own.`)
      // Anything else between blocks (a file name, a code fence, a blank line) is not part of them.
      continue
    }
    const b = /** @type {Block} */ (block)
    if (state === 'search') {
      if (dialect.isSeparator(line)) {
        state = 'replace'
        continue
      }
      if (dialect.isStart(line) || dialect.isEnd(line)) {
        throw invalid(at, `the block that opens at line ${opened} has no \`=======\` line between its SEARCH and REPLACE parts.`)
      }
      b.search.push(unescape(line))
      continue
    }
    if (dialect.isEnd(line)) {
      blocks.push(finish(b, dialect))
      block = undefined
      state = 'outside'
      continue
    }
    if (dialect.isStart(line)) throw invalid(at, `the block that opens at line ${opened} has no \`${dialect.end}\` line.`)
    if (dialect.isSeparator(line)) {
      throw invalid(
        at,
        `a second \`=======\` in the block that opens at line ${opened}. A line of the file that reads like a marker is written with a backslash before it (\\=======).`,
      )
    }
    if (dialect.hints && /^\s*:(start|end)_line:/.test(line)) throw invalid(at, '`:start_line:` goes right after the SEARCH marker, not in the REPLACE part.')
    b.replace.push(unescape(line))
  }
  if (state === 'search') throw invalid(lines.length, `the block that opens at line ${opened} has no \`=======\` line.`)
  if (state === 'replace') {
    const b = /** @type {Block} */ (block)
    if (!dialect.openEnd) throw invalid(lines.length, `the block that opens at line ${opened} has no \`${dialect.end}\` line.`)
    // Cline takes a last block without its closing marker as closed where the diff ends,
    // but not the final line break or a marker cut short.
    while (b.replace.length > 0 && (b.replace[b.replace.length - 1] === '' || /^[+>]{3,}/.test(b.replace[b.replace.length - 1]))) {
      b.replace.pop()
    }
    blocks.push(finish(b, dialect))
  }
  if (blocks.length === 0) {
    throw new EolEditError(`The diff has no SEARCH/REPLACE block: each starts with a \`${dialect.start}\` line.`, {
      code: 'PATCH_INVALID',
      hint: format(dialect),
    })
  }
  return blocks
}

/**
 * Reads Roo's `:start_line:N`, `:end_line:N` and `-------` lines that may open a SEARCH.
 * @param {string[]} lines
 * @param {number} at the line after the SEARCH marker
 * @param {Block} block
 * @returns {number} the first line of the SEARCH content
 */
function readHints(lines, at, block) {
  let i = at
  let hinted = false
  for (; i < lines.length; i++) {
    const start = /^\s*:start_line:\s*\[?\s*(\d+)\s*\]?\s*$/.exec(lines[i])
    if (start) {
      const n = Number(start[1])
      if (n > 0) block.hint = n
      hinted = true
      continue
    }
    if (/^\s*:end_line:\s*\[?\s*\d+\s*\]?\s*$/.test(lines[i])) {
      hinted = true
      continue
    }
    break
  }
  if (hinted && i < lines.length && /^-{3,}\s*$/.test(lines[i])) i++
  return i
}

/** A line without the backslash that escapes a marker in it. @param {string} line */
function unescape(line) {
  return ESCAPED.test(line) ? line.slice(1) : line
}

/**
 * A parsed block, its line numbers removed when every SEARCH line carries one (Roo
 * reads a file as `12 | text`, and models paste that).
 * @param {Block} block
 * @param {Dialect} dialect
 */
function finish(block, dialect) {
  const { numbered } = dialect
  if (!numbered || block.search.length === 0 || !block.search.every((l) => numbered.test(l))) return block
  if (block.replace.some((l) => !numbered.test(l))) return block
  const first = /\d+/.exec(block.search[0])
  if (block.hint === undefined && first) block.hint = Number(first[0])
  /** @param {string} line */
  const unnumbered = (line) => line.slice(/** @type {RegExpExecArray} */ (numbered.exec(line))[0].length)
  return { ...block, search: block.search.map(unnumbered), replace: block.replace.map(unnumbered) }
}

/** How a block is written, for a message. @param {Dialect} dialect */
function format(dialect) {
  const hint = dialect.hints ? ':start_line:N\n-------\n' : ''
  return `Write each change as\n${dialect.start}\n${hint}[lines to find]\n=======\n[lines to put there]\n${dialect.end}`
}

/**
 * Applies the blocks to a file with every check of the tool set, all or nothing. A
 * failure is said in `words`, of the blocks (see `blockFailure`).
 * @param {Call} call
 * @param {string} path
 * @param {Block[]} blocks
 * @param {Dialect} dialect
 * @param {Words} words the host's
 * @returns {Promise<PatchResult>}
 */
function applyBlocks(call, path, blocks, dialect, words) {
  const absolute = call.absolute(path)
  // The patch names the file by its name in its folder, whatever the path the model gave.
  const name = nodePath.basename(absolute)
  const folder = nodePath.dirname(absolute)
  if (name.trim() !== name || /[\u0000-\u001f]/.test(name)) {
    throw new EolEditError(`The file name ${JSON.stringify(name)} has leading or trailing spaces or control characters, which a SEARCH/REPLACE diff cannot name.`, {
      code: 'INVALID_ARGUMENT',
    })
  }
  /** @param {unknown} error @param {Block[]} order */
  const said = (error, order) => blockFailure(error, { path, name, order, dialect, words })
  /** @type {Plan | undefined} */
  let plan
  return call.change({
    paths: [path],
    compute: async ({ dryRun, expectedVersion }) => {
      const version = expectedVersion(path)
      /** @param {string} patch @param {boolean} dry */
      const run = (patch, dry) =>
        /** @type {Promise<PatchResult>} */ (
          call.library('applyPatch', [path], patch, {
            ...call.options({ dryRun: dry, expectedVersions: version === undefined ? undefined : { [name]: version }, guards: call.guards }),
            cwd: folder,
          })
        )
      /** @param {Plan} p @param {boolean} dry */
      const attempt = async (p, dry) => {
        try {
          return await run(p.patch, dry)
        } catch (error) {
          throw said(error, p.order)
        }
      }
      // The dry run `approve` was shown and the real run apply the same patch.
      if (plan !== undefined) return attempt(plan, dryRun)
      const inOrder = { patch: codexPatch(name, blocks), order: blocks }
      try {
        const result = await run(inOrder.patch, dryRun)
        plan = inOrder
        return result
      } catch (error) {
        if (!needsPlaces(error, blocks)) throw said(error, blocks)
      }
      plan = await unifiedPatch(name, blocks, (patch) => run(patch, true), dialect, said)
      return attempt(plan, dryRun)
    },
    files: (result) => result.files.map((f) => ({ path, diff: f.diff, summary: changeSummary(call.tool, path, f.diff), version: f.version })),
  })
}

/**
 * A patch made of the blocks, and the order its hunks have them in.
 * @typedef {{ patch: string, order: Block[] }} Plan
 */

/**
 * Whether a failure of the blocks in the given order may be one of order or of a
 * place a hint chooses, which looking each block up on its own settles.
 * @param {unknown} error
 * @param {Block[]} blocks
 */
function needsPlaces(error, blocks) {
  const code = error && /** @type {{ code?: unknown }} */ (error).code
  if (code === 'TEXT_MULTIPLE_MATCHES') return blocks.some((b) => b.hint !== undefined)
  return code === 'TEXT_NOT_FOUND' && blocks.length > 1
}

/**
 * The blocks as one patch of the apply_patch format, in the given order.
 * @param {string} name
 * @param {Block[]} blocks
 */
function codexPatch(name, blocks) {
  const out = ['*** Begin Patch', `*** Update File: ${name}`]
  for (const b of blocks) out.push('@@', ...b.search.map((l) => `-${l}`), ...b.replace.map((l) => `+${l}`))
  out.push('*** End Patch', '')
  return out.join('\n')
}

/**
 * A failure of a patch of blocks, said of the blocks.
 * @typedef {(error: unknown, order: Block[]) => unknown} Said
 */

/**
 * The blocks as a unified diff, each hunk's header naming the line its block goes to.
 * @param {string} name the file's name in the patch
 * @param {Block[]} blocks
 * @param {(patch: string) => Promise<PatchResult>} dryRun
 * @param {Dialect} dialect
 * @param {Said} said
 * @returns {Promise<Plan>}
 */
async function unifiedPatch(name, blocks, dryRun, dialect, said) {
  /** @type {Array<{ block: Block, at: number }>} */
  const placed = []
  let previousEnd = 0
  for (const block of blocks) {
    const at = choose(block, await places(name, block, dryRun, said), previousEnd, dialect)
    placed.push({ block, at })
    previousEnd = at + block.search.length - 1
  }
  placed.sort((a, b) => a.at - b.at)
  for (let i = 1; i < placed.length; i++) {
    const before = placed[i - 1]
    if (before.at + before.block.search.length - 1 >= placed[i].at) {
      throw new EolEditError(
        `SEARCH blocks #${before.block.index + 1} and #${placed[i].block.index + 1} overlap (at lines ${before.at} and ${placed[i].at}). ` +
          'Nothing was written: make them one block, or give each its own lines.',
        { code: 'INVALID_ARGUMENT', lines: [before.at, placed[i].at] },
      )
    }
  }
  const out = [`--- a/${name}`, `+++ b/${name}`]
  let delta = 0
  for (const { block, at } of placed) {
    const n = block.search.length
    const m = block.replace.length
    const to = at + delta
    out.push(`@@ -${at},${n} +${m === 0 ? to - 1 : to},${m} @@`, ...block.search.map((l) => `-${l}`), ...block.replace.map((l) => `+${l}`))
    delta += m - n
  }
  out.push('')
  return { patch: out.join('\n'), order: placed.map((p) => p.block) }
}

/**
 * The lines where a block's SEARCH matches in the file (each match's first line), from
 * the library: its places when there are several; when there is one, a dry run that
 * adds a line of its own right after it says where.
 * @param {string} name
 * @param {Block} block
 * @param {(patch: string) => Promise<PatchResult>} dryRun
 * @param {Said} said
 * @returns {Promise<number[]>}
 */
async function places(name, block, dryRun, said) {
  const mark = `eol-edit-place-${crypto.randomBytes(12).toString('hex')}`
  const patch = ['*** Begin Patch', `*** Update File: ${name}`, '@@', ...block.search.map((l) => ` ${l}`), `+${mark}`, '*** End Patch', ''].join('\n')
  try {
    const result = await dryRun(patch)
    const after = markedLine(result.files[0].diff, mark)
    if (after === undefined) throw new Error('the added line is not in the diff')
    return [after - block.search.length]
  } catch (error) {
    const e = /** @type {{ code?: unknown, lines?: unknown }} */ (error)
    if (e && e.code === 'TEXT_MULTIPLE_MATCHES' && Array.isArray(e.lines)) return [...e.lines].sort((a, b) => a - b)
    throw said(error, [block])
  }
}

/**
 * The line number, in the new text, of the line `+mark` of a unified diff.
 * @param {string} diff
 * @param {string} mark
 */
function markedLine(diff, mark) {
  let line = 0
  for (const text of diff.split('\n')) {
    const header = /^@@ -\d+(?:,\d+)? \+(\d+)(?:,\d+)? @@/.exec(text)
    if (header) {
      line = Number(header[1])
      continue
    }
    if (text.startsWith('+++ ') || text.startsWith('--- ')) continue
    if (text.startsWith('+')) {
      if (text.slice(1) === mark) return line
      line++
    } else if (text.startsWith(' ')) {
      line++
    }
  }
  return undefined
}

/**
 * Where a block goes, of the places its SEARCH matches: the only one; else the one
 * nearest its hint; else the only one after the block before it. Never a guess.
 * @param {Block} block
 * @param {number[]} candidates
 * @param {number} previousEnd the last line of the block before it (0: none)
 * @param {Dialect} dialect
 */
function choose(block, candidates, previousEnd, dialect) {
  if (candidates.length === 1) return candidates[0]
  const label = `SEARCH block #${block.index + 1}`
  const listed = candidates.join(', ')
  const { hint } = block
  if (hint !== undefined) {
    const distance = (/** @type {number} */ c) => Math.abs(c - hint)
    const best = Math.min(...candidates.map(distance))
    const nearest = candidates.filter((c) => distance(c) === best)
    if (nearest.length === 1 && best <= HINT_WINDOW) return nearest[0]
    const why =
      nearest.length > 1
        ? `lines ${nearest.join(' and ')} are equally near its :start_line: ${hint}`
        : `none of them is within ${HINT_WINDOW} lines of its :start_line: ${hint}`
    throw ambiguous(`${label} matches ${candidates.length} places, at lines ${listed}, and ${why}.`, candidates, dialect)
  }
  const after = candidates.filter((c) => c > previousEnd)
  if (after.length === 1) return after[0]
  throw ambiguous(`${label} matches ${candidates.length} places, at lines ${listed}.`, candidates, dialect)
}

/**
 * @param {string} message
 * @param {number[]} lines
 * @param {Dialect} dialect
 */
function ambiguous(message, lines, dialect) {
  return new EolEditError(`${message} Nothing was written. ${fixAmbiguity(dialect)}`, { code: 'TEXT_MULTIPLE_MATCHES', lines })
}

/** What to do about a SEARCH that matches several places. @param {Dialect} dialect */
function fixAmbiguity(dialect) {
  return dialect.hints
    ? 'Add lines around the change to the SEARCH part so that it matches one place, or give the line it starts at as :start_line:.'
    : 'Add lines around the change to the SEARCH part so that it matches one place.'
}

/**
 * The words of a host's SEARCH/REPLACE blocks for the patch engine's phrases: a hunk is
 * the block it was made of (the patch has them in `order`), its lines to find are the
 * SEARCH lines, and the patch is the diff the model wrote.
 * @param {Words} words the host's
 * @param {Block[]} order the blocks in the order of the patch's hunks
 * @param {Dialect} dialect
 * @returns {Words}
 */
function blockWords(words, order, dialect) {
  /** @param {number} index */
  const hunk = (index) => (order[index] ? `SEARCH block #${order[index].index + 1}` : 'a SEARCH block')
  return {
    ...words,
    hunk,
    sentences: {
      ...words.sentences,
      // "f.txt, hunk #2" is the block alone: the model wrote no file name in it.
      'file-hunk': (f) => f.parts.filter((p) => typeof p === 'object' && 'hunk' in p),
      'hunk-lines': () => 'SEARCH lines',
      'the-hunk': () => 'the SEARCH part',
      'line-prefixes': () => '',
      'add-context': () => fixAmbiguity(dialect),
      'hunk-order': () => 'Give each block its own lines of the file.',
      'hunks-in-order': () => 'before the SEARCH block before it',
      patch: () => 'diff',
    },
  }
}

/**
 * A failure of a patch made of blocks, said of the blocks in the host's words (each
 * hunk the SEARCH block of its number), and naming the file by the path the model gave
 * where the library names it by the patch's name.
 * @param {unknown} thrown
 * @param {object} about
 * @param {string} about.path the path the model gave
 * @param {string} about.name the file's name in the patch
 * @param {Block[]} about.order the blocks in the order of the patch's hunks
 * @param {Dialect} about.dialect whose blocks (a line hint is one way out of several places)
 * @param {Words} about.words the host's
 */
function blockFailure(thrown, { path, name, order, dialect, words }) {
  if (!(thrown instanceof EolEditError) || !Array.isArray(thrown.parts)) return thrown
  const e = /** @type {EolEditError & { lines?: number[] }} */ (thrown)
  const said = blockWords(words, order, dialect)
  // The library puts the file a failure is about in front, as a part of its own.
  const parts = /** @type {MessagePart[]} */ (e.parts)
  const named = parts[0] === `${name}: ` ? [`${path}: `, ...parts.slice(1)] : parts
  const message = render(named, said)
  const hint = Array.isArray(e.hintParts) ? render(e.hintParts, said) : undefined
  /** @type {{ code: import('../../../index.js').ErrorCode, hint?: string, lines?: number[], parts: MessagePart[], hintParts?: MessagePart[] }} */
  const details = { code: /** @type {import('../../../index.js').ErrorCode} */ (e.code), parts: [message] }
  if (hint !== undefined) {
    details.hint = hint
    details.hintParts = [hint]
  }
  if (Array.isArray(e.lines)) details.lines = e.lines
  return new EolEditError(hint === undefined ? message : `${message} ${hint}`, details)
}

/**
 * What a diff of blocks did to a file, for a host's result.
 * @typedef {object} Applied
 * @property {number} blocks how many blocks changed the file
 * @property {string} diff
 * @property {string[]} matchedBy the tiers the blocks' SEARCH lines were found by
 * @property {string[]} warnings the library's
 * @property {import('../../../index.js').MessagePart[][]} warningParts the same as parts, for the host's words (wording.js `warningsOf`)
 */

/**
 * Applies a diff of SEARCH/REPLACE blocks to an existing file, all or nothing. A block
 * whose SEARCH and REPLACE are the same changes nothing and is left out (Roo refuses
 * it: `sameRefused`); an empty SEARCH replaces the whole file when the host allows it
 * and it is the only block (Cline), else it is refused.
 * @param {Call} call
 * @param {string} path
 * @param {string} diff
 * @param {Dialect} dialect
 * @param {{ defaultHint?: number, words: Words, write: (content: string) => Promise<import('../../../index.js').EditResult> }} how
 *   `words`: the host's, for the library's failures
 * @returns {Promise<Applied>}
 */
async function applyDiff(call, path, diff, dialect, { defaultHint, words, write }) {
  const blocks = parseBlocks(diff, dialect, defaultHint)
  const empty = blocks.find((b) => b.search.length === 0)
  if (empty) {
    if (dialect.name !== 'cline' || blocks.length > 1) {
      const why =
        dialect.name === 'cline'
          ? 'an empty SEARCH replaces the whole file, so it must be the only block'
          : 'give the lines to change; to insert lines, give a line next to them as SEARCH and that line with the new ones as REPLACE'
      throw new EolEditError(`SEARCH block #${empty.index + 1} is empty: ${why}. Nothing was written.`, { code: 'INVALID_ARGUMENT' })
    }
    const r = await write(empty.replace.length === 0 ? '' : `${empty.replace.join('\n')}\n`)
    return { blocks: 1, diff: r.diff, matchedBy: [], warnings: r.warnings, warningParts: r.warningParts }
  }
  const same = blocks.filter((b) => b.search.join('\n') === b.replace.join('\n'))
  if (dialect.name === 'roo' && same.length > 0) {
    throw new EolEditError(
      `SEARCH block #${same[0].index + 1} has the same SEARCH and REPLACE lines, so it would change nothing. Nothing was written: leave it out, or give the new lines.`,
      { code: 'NO_CHANGE' },
    )
  }
  const active = blocks.filter((b) => !same.includes(b))
  if (active.length === 0) throw new EolEditError('Every SEARCH/REPLACE block has the same SEARCH and REPLACE lines: nothing to change.', { code: 'NO_CHANGE' })
  const result = await applyBlocks(call, path, active, dialect, words)
  const file = result.files[0]
  return { blocks: active.length, diff: file.diff, matchedBy: [...new Set(file.matchedBy)], warnings: file.warnings, warningParts: file.warningParts }
}

module.exports = { CLINE, ROO, parseBlocks, applyBlocks, applyDiff, format }
