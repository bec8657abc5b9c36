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
// Where a block goes: where its SEARCH matches in the whole file, wherever the block
// stands in the diff. A place is never guessed: a block that matches several places is
// refused, naming them, unless its line hint (Roo's `:start_line:`) is nearer one of
// them than any other. The library's patch has two forms, and both are used:
//
// - a diff of one block is a patch of the apply_patch format, one hunk of removed and
//   added lines, which the library looks for in the whole file (several places fail
//   with TEXT_MULTIPLE_MATCHES). Most calls end here.
// - otherwise each block is looked up on its own (its places, from a dry run of the
//   library), its place chosen, and the blocks are sent as a unified diff whose hunk
//   headers name those lines.

const nodePath = require('node:path')
const crypto = require('node:crypto')

const { EolEditError } = require('../../binding.js')
const { changeSummary } = require('../results.js')
const { render, words: wordsOf } = require('../wording.js')

/** @typedef {import('../../../index.js').MessagePart} MessagePart */
/** @typedef {import('../wording.js').Words} Words */
/** @typedef {import('../session.js').Call} Call */
/** @typedef {import('../session.js').Library} Library */
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
 * @property {(line: string) => boolean} isMarker any line the dialect reads as a marker
 *   (Roo's `:start_line:` and `-------` lines too): the lines a backslash escapes
 * @property {(line: string) => boolean} isCutStart the start of an opening marker cut short (`------- SEA`)
 * @property {(line: string) => boolean} isCutEnd the start of a closing marker cut short (`+++++++ REPL`)
 * @property {string} start how a message shows the opening marker
 * @property {string} end how a message shows the closing marker
 * @property {boolean} hints whether `:start_line:` / `:end_line:` and a `-------` line may open a SEARCH
 * @property {boolean} openEnd whether a diff of one block may lack its closing marker
 * @property {RegExp} [numbered] a line-number prefix (Roo's `12 | `) removed from a
 *   block whose SEARCH lines all carry one
 */

/**
 * A test for a marker cut short where output stops: a run of the marker's character
 * (`run`), then nothing, or a space and the start of its word.
 * @param {RegExp} run
 * @param {string} word
 * @returns {(line: string) => boolean}
 */
function cutMarker(run, word) {
  return (line) => {
    const m = run.exec(line)
    if (!m) return false
    const rest = line.slice(m[0].length)
    return rest === '' || (rest.startsWith(' ') && ` ${word}`.startsWith(rest))
  }
}

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
  isMarker: (line) => CLINE_START.test(line) || CLINE_SEPARATOR.test(line) || CLINE_END.test(line),
  isCutStart: cutMarker(/^(?:-+|<+)/, 'SEARCH'),
  isCutEnd: cutMarker(/^(?:\++|>+)/, 'REPLACE'),
  start: '------- SEARCH',
  end: '+++++++ REPLACE',
  hints: false,
  openEnd: true,
}

// Roo's: the markers of seven characters, trailing whitespace allowed, and the lines
// that may open a SEARCH (`:start_line:N`, `:end_line:N`, then `-------`).
const ROO_START = /^<<<<<<< SEARCH>?\s*$/
const ROO_SEPARATOR = /^=======\s*$/
const ROO_END = /^>>>>>>> REPLACE\s*$/
const ROO_START_LINE = /^\s*:start_line:\s*\[?\s*(\d+)\s*\]?\s*$/
const ROO_END_LINE = /^\s*:end_line:\s*\[?\s*\d+\s*\]?\s*$/
const ROO_HINTS_END = /^-------\s*$/

/** Roo's blocks. @type {Dialect} */
const ROO = {
  name: 'roo',
  isStart: (line) => ROO_START.test(line),
  isSeparator: (line) => ROO_SEPARATOR.test(line),
  isEnd: (line) => ROO_END.test(line),
  isMarker: (line) => [ROO_START, ROO_SEPARATOR, ROO_END, ROO_START_LINE, ROO_END_LINE, ROO_HINTS_END].some((m) => m.test(line)),
  isCutStart: cutMarker(/^<+/, 'SEARCH'),
  isCutEnd: cutMarker(/^>+/, 'REPLACE'),
  start: '<<<<<<< SEARCH',
  end: '>>>>>>> REPLACE',
  hints: true,
  openEnd: false,
  numbered: /^\s*\d+\s+\|(?!\|) ?/,
}

/** Lines that look like a marker but are not one: refused rather than taken as content. */
const NEAR_MARKER = /^\s*(?:[-<=>+]{2,}\s*(?:SEARCH|REPLACE)\b|(?:[-<=>+]{2,}\s*)+(?:SEARCH|REPLACE)|[<>]{5,}|={5,}\s*$)/

/** How far from its hint (in lines) a block may be found among several places (Roo's window). */
const HINT_WINDOW = 40

/**
 * The diff's blocks. A malformed diff fails with PATCH_INVALID, naming the line, and
 * so does a diff cut short (output stops at a token limit anywhere): one that ends in
 * a block, or in a marker cut short, is never taken as the blocks that arrived.
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
  const cut = `the diff looks cut off. Send the whole diff again, each block ending with \`${dialect.end}\`.`
  // The diff's last line with something on it: where output cut short would end.
  let last = lines.length - 1
  while (last > 0 && lines[last].trim() === '') last--

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
      if (i === last && dialect.isCutStart(line.trim())) throw invalid(at, `\`${line.trim()}\` is the start of a \`${dialect.start}\` line: ${cut}`)
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
      b.search.push(unescape(line, dialect))
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
    b.replace.push(unescape(line, dialect))
  }
  if (state === 'search') throw invalid(lines.length, `the block that opens at line ${opened} has no \`=======\` line: ${cut}`)
  if (state === 'replace') {
    const refuse = (/** @type {string} */ what) => invalid(lines.length, `the block that opens at line ${opened} ${what}: ${cut}`)
    blocks.push(finish(openBlock(/** @type {Block} */ (block), blocks.length, dialect, refuse), dialect))
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
 * The last block of a diff that ends without its closing marker, when it may be taken
 * as closed where the diff ends: Cline takes one so, a model that forgot the marker.
 * But output cut at a token limit ends the same way, anywhere, so the block is refused
 * where it shows the cut: blocks before it were closed (it is not the only one), or its
 * REPLACE is empty (the cut came after `=======`), or ends in a closing marker cut
 * short, or its SEARCH is empty (a whole new file, which a cut would truncate).
 * @param {Block} block
 * @param {number} before how many blocks came before it
 * @param {Dialect} dialect
 * @param {(what: string) => EolEditError} refuse
 * @returns {Block}
 */
function openBlock(block, before, dialect, refuse) {
  const missing = `has no \`${dialect.end}\` line`
  if (!dialect.openEnd) throw refuse(missing)
  if (before > 0) throw refuse(`${missing}, while the blocks before it have theirs`)
  // The diff's final line break is not a line of the REPLACE part.
  const replace = block.replace.slice()
  while (replace.length > 0 && replace[replace.length - 1] === '') replace.pop()
  if (replace.length > 0 && dialect.isCutEnd(replace[replace.length - 1].trim())) {
    throw refuse(`ends with \`${replace[replace.length - 1].trim()}\`, the start of a \`${dialect.end}\` line`)
  }
  if (replace.length === 0) throw refuse(`${missing} and nothing after its \`=======\` line`)
  if (block.search.length === 0) throw refuse(`${missing}, and its empty SEARCH would replace the whole file with what arrived`)
  return { ...block, replace }
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
    const start = ROO_START_LINE.exec(lines[i])
    if (start) {
      const n = Number(start[1])
      if (n > 0) block.hint = n
      hinted = true
      continue
    }
    if (ROO_END_LINE.test(lines[i])) {
      hinted = true
      continue
    }
    break
  }
  if (hinted && i < lines.length && ROO_HINTS_END.test(lines[i])) i++
  return i
}

/**
 * A line of a block as content. A line the dialect reads as a marker is written with a
 * backslash before it (`\=======`), and a line that has backslashes before a marker
 * (`\\=======`) keeps all but one; any other line is as given (`\---` is Markdown).
 * @param {string} line
 * @param {Dialect} dialect
 */
function unescape(line, dialect) {
  const backslashes = /^\\+/.exec(line)
  return backslashes && dialect.isMarker(line.slice(backslashes[0].length)) ? line.slice(1) : line
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
  return call.change({
    paths: [path],
    compute: async ({ library, expectedVersion }) => {
      const version = expectedVersion(path)
      /** @param {Library} run @param {string} patch */
      const apply = (run, patch) =>
        /** @type {Promise<PatchResult>} */ (
          run('applyPatch', [path], patch, {
            ...call.options({ expectedVersions: version === undefined ? undefined : { [name]: version }, guards: call.guards }),
            cwd: folder,
          })
        )
      if (blocks.length === 1) {
        // One block is looked for in the whole file by the patch itself, which refuses
        // several places; only a hint among them needs them listed.
        try {
          return await apply(library, codexPatch(name, blocks[0]))
        } catch (error) {
          if (!(codeOf(error) === 'TEXT_MULTIPLE_MATCHES' && blocks[0].hint !== undefined)) throw said(error, blocks)
        }
      }
      // Where each block goes is found by dry runs; the change is the patch that puts them there.
      /** @type {Library} */
      const dry = (fn, paths, patch, options) => call.library(fn, paths, patch, { ...options, dryRun: true })
      const plan = await placedPatch(name, blocks, (patch) => apply(dry, patch), dialect, said)
      try {
        return await apply(library, plan.patch)
      } catch (error) {
        throw said(error, plan.order)
      }
    },
    files: (result) => result.files.map((f) => ({ path, diff: f.diff, summary: changeSummary(call.tool, path, f.diff), version: f.version })),
  })
}

/**
 * A patch made of the blocks, and the order its hunks have them in.
 * @typedef {{ patch: string, order: Block[] }} Plan
 */

/** The `code` of a thrown error, if it has one. @param {unknown} error */
function codeOf(error) {
  return error && typeof error === 'object' ? /** @type {{ code?: unknown }} */ (error).code : undefined
}

/**
 * One block as a patch of the apply_patch format: a hunk of its SEARCH lines removed
 * and its REPLACE lines added, found anywhere in the file.
 * @param {string} name
 * @param {Block} block
 */
function codexPatch(name, block) {
  const out = ['*** Begin Patch', `*** Update File: ${name}`, '@@']
  for (const l of block.search) out.push(`-${l}`)
  for (const l of block.replace) out.push(`+${l}`)
  out.push('*** End Patch', '')
  return out.join('\n')
}

/**
 * A failure of a patch of blocks, said of the blocks.
 * @typedef {(error: unknown, order: Block[]) => unknown} Said
 */

/**
 * The blocks as a unified diff, each hunk's header naming the line its block goes to:
 * a unified hunk goes to the match nearest its header's line, here exactly the place
 * chosen. Each block is looked up in the whole file, as it was before the call, so a
 * block that matches several places is refused (or placed by its hint) wherever it
 * stands in the diff, never placed by the blocks before it.
 * @param {string} name the file's name in the patch
 * @param {Block[]} blocks
 * @param {(patch: string) => Promise<PatchResult>} dryRun
 * @param {Dialect} dialect
 * @param {Said} said
 * @returns {Promise<Plan>}
 */
async function placedPatch(name, blocks, dryRun, dialect, said) {
  /** @type {Array<{ block: Block, at: number }>} */
  const placed = []
  for (const block of blocks) placed.push({ block, at: choose(block, await places(name, block, dryRun, said), dialect) })
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
    out.push(`@@ -${at},${n} +${m === 0 ? to - 1 : to},${m} @@`)
    for (const l of block.search) out.push(`-${l}`)
    for (const l of block.replace) out.push(`+${l}`)
    delta += m - n
  }
  out.push('')
  return { patch: out.join('\n'), order: placed.map((p) => p.block) }
}

/**
 * The lines where a block's SEARCH matches in the whole file (each match's first
 * line), from the library: its places when there are several and the block has a hint
 * to choose by (without one, the library's refusal names them); when there is one, a
 * dry run that puts a line of its own in the SEARCH lines' place says where.
 * @param {string} name
 * @param {Block} block
 * @param {(patch: string) => Promise<PatchResult>} dryRun
 * @param {Said} said
 * @returns {Promise<number[]>}
 */
async function places(name, block, dryRun, said) {
  const mark = `eol-edit-place-${crypto.randomBytes(12).toString('hex')}`
  const patch = codexPatch(name, { ...block, replace: [mark] })
  try {
    const result = await dryRun(patch)
    const at = markedLine(result.files[0].diff, mark)
    if (at === undefined) throw new Error('the added line is not in the diff')
    return [at]
  } catch (error) {
    const e = /** @type {{ code?: unknown, lines?: unknown }} */ (error)
    if (block.hint !== undefined && e && e.code === 'TEXT_MULTIPLE_MATCHES' && Array.isArray(e.lines)) return [...e.lines].sort((a, b) => a - b)
    throw said(error, [block])
  }
}

/**
 * The line number, in the new text, of the added line `mark` of a unified diff (a
 * lenient tier may have indented it).
 * @param {string} diff
 * @param {string} mark
 */
function markedLine(diff, mark) {
  let line = 0
  // The `---`/`+++` lines before the first hunk are the header; after it, `+++ x` is
  // an added line that reads `++ x`.
  let inHunk = false
  for (const text of diff.split('\n')) {
    const header = /^@@ -\d+(?:,\d+)? \+(\d+)(?:,\d+)? @@/.exec(text)
    if (header) {
      line = Number(header[1])
      inHunk = true
      continue
    }
    if (!inHunk) continue
    if (text.startsWith('+')) {
      if (text.trim().endsWith(mark)) return line
      line++
    } else if (text.startsWith(' ')) {
      line++
    }
  }
  return undefined
}

/**
 * Where a block goes, of the places its SEARCH matches: the only one, or the one
 * nearest its hint, within HINT_WINDOW lines of it. Never a guess: a hint equally near
 * two places, or near none, is refused with the lines to choose from.
 * @param {Block} block
 * @param {number[]} candidates in file order
 * @param {Dialect} dialect
 */
function choose(block, candidates, dialect) {
  if (candidates.length === 1) return candidates[0]
  const hint = /** @type {number} */ (block.hint)
  let best = Infinity
  /** @type {number[]} */
  let nearest = []
  for (const c of candidates) {
    const distance = Math.abs(c - hint)
    if (distance < best) {
      best = distance
      nearest = [c]
    } else if (distance === best) {
      nearest.push(c)
    }
  }
  if (nearest.length === 1 && best <= HINT_WINDOW) return nearest[0]
  const why =
    nearest.length > 1
      ? `lines ${nearest.join(' and ')} are equally near its :start_line: ${hint}`
      : `none of them is within ${HINT_WINDOW} lines of its :start_line: ${hint}`
  throw new EolEditError(
    `SEARCH block #${block.index + 1} matches ${candidates.length} places, at lines ${candidates.join(', ')}, and ${why}. Nothing was written. ${fixAmbiguity(dialect)}`,
    { code: 'TEXT_MULTIPLE_MATCHES', lines: candidates },
  )
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
  return wordsOf({
    ...words,
    hunks: { names: order.map((block) => `SEARCH block #${block.index + 1}`), else: 'a SEARCH block' },
    sentences: {
      ...words.sentences,
      // "f.txt, hunk #2" is the block alone: the model wrote no file name in it.
      'file-hunk': [{ fact: 'hunks' }],
      'hunk-lines': 'SEARCH lines',
      'the-hunk': 'the SEARCH part',
      'line-prefixes': '',
      'add-context': fixAmbiguity(dialect),
      'hunk-order': 'Give each block its own lines of the file.',
      'hunks-in-order': 'before the SEARCH block before it',
      patch: 'diff',
    },
  })
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
