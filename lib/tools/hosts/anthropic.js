// @ts-check
'use strict'

// Anthropic's text editor tool (`str_replace_based_edit_tool`, and `str_replace_editor`
// of the earlier versions): a handler for the tool-use input the model sends and the
// tool_result content it expects, over the library, so that every guarantee of the
// agent tools holds (each line keeps its ending, BOM and encoding are kept, writes are
// atomic and confined to the root, stale reads and approval as in a tool set).
//
// The commands, as the tool's documentation describes them:
// - view: a file as numbered lines (`12: text`, 1-based), `view_range` [first, last]
//   (-1: to the end), cut at `max_characters` with a note; a folder as its entries two
//   levels deep, hidden ones left out;
// - str_replace: old_str must match one place; a miss names the closest region;
// - create: a new file, in the project's endings (.editorconfig, .gitattributes, else
//   LF); a path that exists is refused, as the tool's reference implementation refuses
//   it (str_replace changes a file, undo_edit takes back the editor's own edit);
// - insert: the text of new_str (insert_text is taken too) after line insert_line
//   (0: at the start), its lines taking the ending of the lines around them;
// - undo_edit (the versions that have it): the exact bytes the file had before this
//   editor's last edit of it, put back by the core's UndoHistory (its mode kept),
//   refused if the file changed since; the history is capped (src/api/undo.rs).
//
// What the model is told names only the tool's commands and arguments (VOCABULARY).

const core = require('../../binding.js')
const { GUARD_REASONS } = require('../../operations.js')
const { argsObject, subset } = require('../args.js')
const { cutText } = require('../cut.js')
const { argumentError, failure, toolError } = require('../errors.js')
const { readContext, readOptions } = require('../index.js')
const { closest } = require('../names.js')
const { changeSummary, compactDiff, diffCounts, describeEndings, plural, tierNotes } = require('../results.js')
const { ABSENT, Call } = require('../session.js')
const { handlerWords, warningsOf } = require('../wording.js')

/** @typedef {import('../session.js').Session} Session */
/** @typedef {import('../../../tools.js').AnthropicTextEditorVersion} Version */
/** @typedef {import('../../../tools.js').AnthropicTextEditorResult} Result */
/** @typedef {import('../../../index.js').EditResult} EditResult */

/**
 * Each version of the tool: its name, whether it has undo_edit, and whether its
 * definition takes max_characters.
 * @type {Record<Version, { name: 'str_replace_based_edit_tool' | 'str_replace_editor', undo: boolean, maxCharacters: boolean }>}
 */
const VERSIONS = {
  text_editor_20250728: { name: 'str_replace_based_edit_tool', undo: false, maxCharacters: true },
  text_editor_20250429: { name: 'str_replace_based_edit_tool', undo: false, maxCharacters: false },
  text_editor_20250124: { name: 'str_replace_editor', undo: true, maxCharacters: false },
  text_editor_20241022: { name: 'str_replace_editor', undo: true, maxCharacters: false },
}

const DEFAULT_VERSION = 'text_editor_20250728'

/**
 * The text editor's words for the library's operations and arguments, and its
 * sentences for what it has no command or argument for (replace_all, eol, encoding).
 * @type {import('../wording.js').HostVocabulary}
 */
const VOCABULARY = {
  name: 'anthropic-text-editor',
  tools: { readFile: 'view', writeFile: 'create', editFile: 'str_replace' },
  args: { oldText: 'old_str', newText: 'new_str', content: 'file_text' },
  sentences: {
    'pass-utf-16': 'this tool cannot read it: ask the user to give it a byte order mark',
    'give-encoding': 'Use only ASCII characters in new text for this file, or ask the user to declare its encoding in .editorconfig (charset) or .gitattributes (working-tree-encoding).',
    'pass-it': 'ask the user to declare it in .editorconfig (charset) or .gitattributes (working-tree-encoding)',
    'pass-the-right-one': 'ask the user to declare the right one',
    'read-again': 'View it again',
    'read-first': 'View it first',
    'no-prefixes': ' (without the line numbers)',
    'or-replace-all': '',
    'or-convert-eol': '',
    'insert-text': 'to add lines, use insert',
    // The tool's definition is Anthropic's: `allow` is taken beside its arguments.
    'allow-guard': ['To write it on purpose, send the same command again with "allow": [', { fact: 'value', of: 'guards', json: true }, '] added to its input.'],
  },
  // view numbers a line `12: text`.
  line: { pad: 0, after: ': ' },
}

/** The vocabulary's words for the parts of a message. */
const WORDS = handlerWords(VOCABULARY)

/** The commands of every version, for messages. */
const COMMANDS = ['view', 'str_replace', 'create', 'insert', 'undo_edit']

/** The arguments the tool has; any other is ignored and named in a note. */
const ARGUMENTS = ['command', 'path', 'view_range', 'old_str', 'new_str', 'file_text', 'insert_line', 'insert_text', 'allow']

/** A folder listing shows at most this many entries when no max_characters caps it. */
const LISTING_MAX = 1000

/** createTools' options the editor takes too, and its own. */
const SESSION_OPTIONS = ['root', 'cwd', 'requireRead', 'approve', 'maxBytes', 'durable', 'readState', 'guards']
const OWN_OPTIONS = ['version', 'maxCharacters']

/**
 * The handler of Anthropic's text editor tool.
 * @param {import('../../../tools.js').CreateAnthropicTextEditorOptions} [options]
 */
function createAnthropicTextEditor(options) {
  const where = 'createAnthropicTextEditor(options)'
  if (options !== undefined && options !== null && (typeof options !== 'object' || Array.isArray(options))) {
    throw new TypeError(`${where}: options must be an object { root?, cwd?, version?, maxCharacters?, readState? }.`)
  }
  const { version: givenVersion, maxCharacters: givenMax, ...rest } = /** @type {Record<string, unknown>} */ (options || {})
  const { session } = readOptions(rest, { where, known: [...SESSION_OPTIONS, ...OWN_OPTIONS] })
  const version = /** @type {Version} */ (givenVersion === undefined ? DEFAULT_VERSION : givenVersion)
  if (typeof version !== 'string' || !Object.prototype.hasOwnProperty.call(VERSIONS, version)) {
    const known = Object.keys(VERSIONS)
    const near = typeof version === 'string' ? closest(version, known) : undefined
    throw new core.EolEditError(
      `${where}: unknown version ${JSON.stringify(version)} (known: ${known.join(', ')}).` + (near ? ` Did you mean ${JSON.stringify(near)}?` : ''),
      { code: 'INVALID_ARGUMENT' },
    )
  }
  if (givenMax !== undefined && !(typeof givenMax === 'number' && Number.isInteger(givenMax) && givenMax >= 1)) {
    throw new TypeError(`${where}: maxCharacters must be a whole number of 1 or more.`)
  }
  const maxCharacters = /** @type {number | undefined} */ (givenMax)
  const about = VERSIONS[version]
  /** @type {Record<string, unknown>} */
  const definition = { type: version, name: about.name }
  if (maxCharacters !== undefined && about.maxCharacters) definition.max_characters = maxCharacters
  const editor = new Editor(session, about.name, about.undo, version, maxCharacters)
  return {
    definition: /** @type {any} */ (definition),
    /**
     * @param {unknown} input
     * @param {import('../../../tools.js').ToolContext} [context]
     * @returns {Promise<Result>}
     */
    execute: (input, context) => editor.execute(input, context),
  }
}

class Editor {
  /**
   * @param {Session} session
   * @param {string} name the tool's name
   * @param {boolean} undo whether this version has undo_edit
   * @param {string} version
   * @param {number | undefined} maxCharacters
   */
  constructor(session, name, undo, version, maxCharacters) {
    this.session = session
    this.name = name
    this.undo = undo
    this.version = version
    this.maxCharacters = maxCharacters
    /** This editor's edits of each file (the core's, by real path), for undo_edit. */
    this.history = new core.UndoHistory()
  }

  /**
   * Runs one tool_use input; never throws.
   * @param {unknown} input
   * @param {import('../../../tools.js').ToolContext} [context]
   * @returns {Promise<Result>}
   */
  async execute(input, context) {
    /** @type {string | undefined} */
    let path
    /** @type {string[]} */
    const notes = []
    try {
      const given = argsObject(input, this.name)
      for (const key of Object.keys(given)) if (!ARGUMENTS.includes(key)) notes.push(`Note: ignored unknown argument ${JSON.stringify(key)}.`)
      const { command } = given
      if (typeof command !== 'string' || !COMMANDS.includes(command) || (command === 'undo_edit' && !this.undo)) {
        const known = this.undo ? COMMANDS : COMMANDS.filter((c) => c !== 'undo_edit')
        const why =
          command === 'undo_edit'
            ? `undo_edit is not a command of ${this.version}: change the text back with str_replace.`
            : `command must be one of ${known.join(', ')}, but it is ${JSON.stringify(command)}.`
        throw argumentError(why)
      }
      path = text(given, 'path', { required: true, nonEmpty: true })
      const allow = given.allow === undefined || given.allow === null ? [] : subset(given.allow, 'allow', GUARD_REASONS)
      const call = new Call(this.session, command, readContext(context), { allow })
      const out = await this.run(command, /** @type {string} */ (path), given, call)
      return { content: [out, ...notes].join('\n') }
    } catch (error) {
      const failed = failure(error, path, WORDS)
      return { content: [`${failed.error}: ${failed.data}`, ...notes].join('\n'), is_error: true }
    }
  }

  /**
   * @param {string} command
   * @param {string} path
   * @param {Record<string, unknown>} given
   * @param {Call} call
   * @returns {Promise<string>}
   */
  run(command, path, given, call) {
    switch (command) {
      case 'view':
        return this.view(path, given.view_range, call)
      case 'str_replace':
        return this.strReplace(path, required(given, 'old_str'), text(given, 'new_str') ?? '', call)
      case 'create':
        return this.create(path, required(given, 'file_text'), call)
      case 'insert':
        return this.insert(path, given, call)
      default:
        return this.undoEdit(path, call)
    }
  }

  // -------------------------------------------------------------------------
  // view

  /**
   * @param {string} path
   * @param {unknown} range
   * @param {Call} call
   */
  async view(path, range, call) {
    const absolute = call.absolute(path)
    if (core.pathInfo(absolute, { resolve: false }).kind === 'folder') {
      if (range !== undefined && range !== null) throw argumentError(`view_range applies to a file, but ${path} is a folder.`)
      return this.listing(path, absolute, call)
    }
    const [first, last] = viewRange(range)
    call.fresh = true
    const read = await call.exclusive([path], async () => {
      /** @type {import('../../../index.js').ReadResult} */
      const r = await call.library('readFile', [path], path, call.readOptions({ offset: first, limit: last === -1 ? undefined : last - first + 1 }))
      call.remember(path, r.version)
      return r
    })
    const total = read.totalLines
    const warnings = warningsOf(read, WORDS).map((w) => `[Note: ${w}]`)
    if (total === 0) return [`${path} is empty.`, ...warnings].join('\n')
    if (first > total) {
      throw argumentError(`view_range starts at line ${first}, past the end of ${path}, which has ${plural(total, 'line')}: start at a line from 1 to ${total}.`)
    }
    const lines = read.content.split('\n')
    if (lines[lines.length - 1] === '') lines.pop()
    const budget = this.maxCharacters
    const out = []
    let used = 0
    let shown = 0
    for (let i = 0; i < lines.length; i++) {
      const line = `${read.startLine + i}: ${lines[i]}`
      const cost = line.length + (out.length > 0 ? 1 : 0)
      if (budget !== undefined && used + cost > budget) {
        if (shown === 0) {
          out.push(cutText(line, budget))
          shown = -1
        }
        break
      }
      out.push(line)
      used += cost
      shown++
    }
    const lastShown = shown === -1 ? read.startLine : read.startLine + shown - 1
    call.saw(path, read, Math.max(0, shown))
    if (shown === -1) {
      out.push(`[Line ${read.startLine} is cut: the output is capped at ${budget} characters.` + (lastShown < total ? ` To see more, view with view_range [${lastShown + 1}, -1].]` : ']'))
    } else if (shown < lines.length) {
      out.push(`[Showing lines ${read.startLine}-${lastShown} of ${total}: the output is capped at ${budget} characters. To see more, view with view_range [${lastShown + 1}, -1].]`)
    } else if (last !== -1 && last > total) {
      out.push(`[${path} has ${plural(total, 'line')}.]`)
    }
    return [...out, ...warnings].join('\n')
  }

  /**
   * A folder's entries two levels deep, hidden ones left out; links are listed, not
   * followed. The core lists them inside the root (`folderEntries`).
   * @param {string} path as the model gave it
   * @param {string} absolute
   * @param {Call} call
   */
  listing(path, absolute, call) {
    const base = path.replace(/[\\/]+$/, '') || path
    const { root } = this.session.base
    /** @type {Parameters<typeof core.folderEntries>[3] & {}} */
    const options = { display: path }
    if (root !== undefined) options.root = root
    if (call.cwd !== undefined) options.cwd = call.cwd
    const entries = core.folderEntries(absolute, base, 2, options)
    const head = `Files and folders in ${base}/, two levels deep (hidden ones left out):`
    if (entries.length === 0) return `${head}\n(none)`
    const out = [head]
    let used = head.length
    let shown = 0
    for (const entry of entries) {
      const over = this.maxCharacters !== undefined ? used + 1 + entry.length > this.maxCharacters : shown >= LISTING_MAX
      if (over) break
      out.push(entry)
      used += 1 + entry.length
      shown++
    }
    if (shown < entries.length) {
      const more = entries.length - shown
      out.push(`[${more} more ${more === 1 ? 'entry' : 'entries'} not shown; view a folder inside it to see them.]`)
    }
    return out.join('\n')
  }

  // -------------------------------------------------------------------------
  // Changes

  /**
   * Makes a change through the session's checks, and keeps what undo_edit needs: the
   * bytes the file has before it, which the change must then find (it runs against
   * their version, so a change meanwhile fails it with FILE_CHANGED).
   * @template R
   * @param {Call} call
   * @param {string} path
   * @param {(run: { library: import('../session.js').Library, expected: string | undefined }) => R | Promise<R>} compute
   * @param {(result: R) => { diff: string, version: string }} file
   * @returns {Promise<R>}
   */
  async change(call, path, compute, file) {
    /** @type {{ bytes: Buffer | null, version: string | undefined } | undefined} */
    let before
    const result = await call.change({
      paths: [path],
      compute: async ({ library, expectedVersion }) => {
        let expected = expectedVersion(path)
        if (this.undo) {
          before = await snapshot(call, path)
          if (expected === undefined) expected = before.version ?? ABSENT
        }
        return compute({ library, expected })
      },
      files: (r) => {
        const f = file(r)
        return [{ path, diff: f.diff, summary: changeSummary(call.tool, path, f.diff), version: f.version }]
      },
    })
    if (before) this.history.push(call.absolute(path), before.bytes, file(result).version)
    return result
  }

  /**
   * @param {string} path
   * @param {string} oldStr
   * @param {string} newStr
   * @param {Call} call
   */
  async strReplace(path, oldStr, newStr, call) {
    const { result, stripped } = await this.change(
      call,
      path,
      ({ library, expected }) =>
        withNumbersRetry(oldStr, newStr, (o, n) =>
          /** @type {Promise<EditResult>} */ (library('editFile', [path], path, o, n, call.options({ expectedVersion: expected, guards: call.guards }))),
        ),
      ({ result }) => ({ diff: result.diff, version: result.version }),
    )
    const span = result.startLine > 0 ? (result.endLine > result.startLine ? `lines ${result.startLine}-${result.endLine}` : `line ${result.startLine}`) : ''
    const tier = result.matchedBy.find((/** @type {string} */ t) => t !== 'exact')
    const head = `Replaced old_str in ${path}${span ? `, ${span}` : ''}${tier ? ` (matched by ${tier})` : ''}.`
    const notes = tierNotes(result.matchedBy, false)
    if (stripped) notes.push('Note: the line numbers (N: ) were removed from old_str and new_str before matching.')
    return changedText(head, notes, warningsOf(result, WORDS), result.diff)
  }

  /**
   * @param {string} path
   * @param {string} fileText
   * @param {Call} call
   */
  async create(path, fileText, call) {
    /** @type {EditResult} */
    const r = await this.change(
      call,
      path,
      async ({ library }) => {
        if ((await call.currentVersion(path)) !== undefined) throw this.exists(path, call)
        // Expected absent: a file another program creates meanwhile is not overwritten either.
        return library('writeFile', [path], path, fileText, call.options({ expectedVersion: ABSENT, guards: call.guards }))
      },
      (result) => ({ diff: result.diff, version: result.version }),
    ).catch(async (error) => {
      // Created by another program since it was looked for (while the approval waited):
      // said as create says of any file that exists.
      if (!(error instanceof core.EolEditError && error.code === 'FILE_CHANGED')) throw error
      throw (await call.currentVersion(path).catch(() => undefined)) !== undefined ? this.exists(path, call) : error
    })
    return changedText(`Created ${path}: ${plural(diffCounts(r.diff).added, 'line')}, line endings: ${describeEndings(r.eol)}.`, [], warningsOf(r, WORDS), '')
  }

  /**
   * create's refusal of a path that exists, saying what changes it instead.
   * @param {string} path
   * @param {Call} call
   */
  exists(path, call) {
    const undoable = this.undo && this.history.last(call.absolute(path)).version != null
    return argumentError(
      `File already exists at: ${path}. Cannot overwrite files using command create, so nothing was written. ` +
        'To change it, use str_replace (view it first to copy the text to replace)' +
        (undoable ? "; to take back this tool's last edit of it, use undo_edit (a file it created is deleted again)." : '.'),
    )
  }

  /**
   * @param {string} path
   * @param {Record<string, unknown>} given
   * @param {Call} call
   */
  async insert(path, given, call) {
    const after = given.insert_line
    if (typeof after !== 'number' || !Number.isInteger(after) || after < 0) {
      throw argumentError(`insert_line must be a whole number of 0 or more (0: at the start of the file), but it is ${JSON.stringify(after)}.`)
    }
    const name = given.new_str !== undefined && given.new_str !== null ? 'new_str' : 'insert_text'
    if (typeof given[name] !== 'string') throw argumentError('new_str must be the text to insert, a string.')
    const inserted = /** @type {string} */ (text(given, name))
    if (inserted === '') throw argumentError('new_str is empty: there is nothing to insert.')
    /** @type {EditResult} */
    const r = await this.change(
      call,
      path,
      async ({ library, expected }) => {
        try {
          return await library('insertLines', [path], path, after, inserted, call.options({ expectedVersion: expected, guards: call.guards }))
        } catch (error) {
          // The core's words name its own argument; the model's is insert_line.
          if (error instanceof core.EolEditError && error.code === 'INVALID_ARGUMENT' && error.argument === 'afterLine') {
            const total = Array.isArray(error.lines) && error.lines.length > 0 ? error.lines[0] : 0
            throw argumentError(
              `insert_line ${after} is past the end of ${path}, which has ${plural(total, 'line')}: use 0 (the start) to ${total} (after the last line).`,
            )
          }
          throw error
        }
      },
      (result) => ({ diff: result.diff, version: result.version }),
    )
    const added = core.toLf(inserted).split('\n')
    if (added.length > 1 && added[added.length - 1] === '') added.pop()
    const where = after === 0 ? `at the start of ${path}` : `after line ${after} of ${path}`
    return changedText(`Inserted ${plural(added.length, 'line')} ${where}.`, [], warningsOf(r, WORDS), r.diff)
  }

  /**
   * @param {string} path
   * @param {Call} call
   */
  async undoEdit(path, call) {
    const last = this.history.last(call.absolute(path))
    if (last.version == null) {
      if (last.dropped > 0) {
        throw argumentError(
          `The earlier edits of ${path} can no longer be undone: this tool keeps the last ${this.history.depth} edits of a file, and ` +
            `at most ${this.history.maxBytes / (1024 * 1024)} MiB of earlier file contents in all, dropping the oldest first. Nothing was written. ` +
            'View the file and change it back with str_replace.',
        )
      }
      throw argumentError(`There is no edit of ${path} to undo: undo_edit undoes this tool's own edits of a file, the last one first.`)
    }
    const r = await call.change({
      paths: [path],
      // The core puts the bytes back (or deletes the file the edit created) if the file
      // still has the version the edit left, and the one this tool set knows it at.
      // The history has no prepare twin: with `approve`, its dry run is shown, and the
      // real run writes the same bytes only at the same version (session.js, `unprepared`).
      compute: ({ unprepared, expectedVersion }) =>
        unprepared(async (dryRun) => {
          try {
            const undone = await this.history.undo(path, call.options({ dryRun, expectedVersion: expectedVersion(path) }))
            return { diff: undone.diff, version: undone.version ?? undefined, warnings: warningsOf(undone, WORDS) }
          } catch (error) {
            if (!(error instanceof core.EolEditError && error.code === 'FILE_CHANGED')) throw error
            throw toolError(
              'FILE_CHANGED',
              `${path} has changed since the edit undo_edit would undo, so it was not restored (nothing was written). ` +
                'View it again and change it with str_replace instead.',
            )
          }
        }),
      files: (r) => [{ path, diff: r.diff, summary: changeSummary('undo_edit', path, r.diff), version: r.version }],
    })
    if (last.created) return `Undid the last edit of ${path}: the file it created is deleted again.`
    return changedText(`Undid the last edit of ${path}: it has its bytes from before that edit again.`, [], r.warnings, r.diff)
  }
}

/**
 * What the model reads after a change: the first line, notes and warnings, the diff.
 * @param {string} head
 * @param {string[]} notes
 * @param {readonly string[]} warnings in the tool's words
 * @param {string} diff
 */
function changedText(head, notes, warnings, diff) {
  const parts = [head, ...notes, ...warnings.map((w) => `Warning: ${w}`)]
  const shown = compactDiff(diff, 'view')
  if (shown) parts.push(shown)
  return parts.join('\n')
}

/**
 * A string argument.
 * @param {Record<string, unknown>} given
 * @param {string} name
 * @param {{ required?: boolean, nonEmpty?: boolean }} [rules]
 * @returns {string | undefined}
 */
function text(given, name, { required = false, nonEmpty = false } = {}) {
  const value = given[name] === null ? undefined : given[name]
  if (value === undefined) {
    if (required) throw argumentError(`${name} is missing: give it as a string.`)
    return undefined
  }
  if (typeof value !== 'string') throw argumentError(`${name} must be a string, but it is ${typeof value}.`)
  if (nonEmpty && value === '') throw argumentError(`${name} must not be empty.`)
  const half = LONE_SURROGATE.exec(value)
  if (half) {
    // No file holds half a character: written, it would be bytes of no encoding.
    const before = value.slice(0, half.index)
    const line = before.split('\n').length
    const code = half[0].charCodeAt(0).toString(16).toUpperCase()
    throw argumentError(
      `${name} has half of a character (U+${code}, a lone surrogate) on line ${line}: the text was cut off inside an emoji or another character ` +
        'written as two UTF-16 units. Nothing was written. Send the whole character.',
    )
  }
  return value
}

/** Half of a surrogate pair without its other half. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

/**
 * A string argument that must be given.
 * @param {Record<string, unknown>} given
 * @param {string} name
 * @returns {string}
 */
function required(given, name) {
  return /** @type {string} */ (text(given, name, { required: true }))
}

/**
 * view_range as [first, last] (last -1: to the end); all lines without one.
 * @param {unknown} range
 * @returns {[number, number]}
 */
function viewRange(range) {
  if (range === undefined || range === null) return [1, -1]
  const shape = 'view_range must be two line numbers [first, last] (1-based; last -1: to the end of the file)'
  // Safe integers only: a larger number is no line of any file, and none may reach the library as a line it cannot count.
  if (!Array.isArray(range) || range.length !== 2 || !range.every((n) => typeof n === 'number' && Number.isSafeInteger(n))) {
    throw argumentError(`${shape}, but it is ${JSON.stringify(range)}.`)
  }
  const [first, last] = range
  if (first < 1) throw argumentError(`${shape}; its first line is ${first}.`)
  if (last !== -1 && last < first) throw argumentError(`${shape}; its last line ${last} is before its first line ${first}.`)
  return [first, last]
}

/**
 * The file's exact bytes and their version, from one read through the library (null
 * and undefined when it does not exist).
 * @param {Call} call
 * @param {string} path
 * @returns {Promise<{ bytes: Buffer | null, version: string | undefined }>}
 */
async function snapshot(call, path) {
  try {
    /** @type {import('../../../index.js').FileBytes} */
    const read = await call.library('readFileBytes', [path], path, call.readOptions({}))
    return { bytes: read.bytes, version: read.version }
  } catch (error) {
    if (error instanceof core.EolEditError && error.code === 'FILE_NOT_FOUND') return { bytes: null, version: undefined }
    throw error
  }
}

/** view's line numbers as a model pastes them into old_str: `12: `, counting up by one. */
const NUMBERED = /^(\d+): /

/**
 * Runs `attempt(oldStr, newStr)`; on TEXT_NOT_FOUND, once more without view's line
 * numbers, when every line of old_str starts with one and they count up by one (so
 * that text which only looks numbered is left alone). The first error is the one
 * reported if the retry fails too.
 * @template R
 * @param {string} oldStr
 * @param {string} newStr
 * @param {(oldStr: string, newStr: string) => Promise<R>} attempt
 * @returns {Promise<{ result: R, stripped: boolean }>}
 */
async function withNumbersRetry(oldStr, newStr, attempt) {
  try {
    return { result: await attempt(oldStr, newStr), stripped: false }
  } catch (error) {
    const code = error && /** @type {{ code?: unknown }} */ (error).code
    const old = code === 'TEXT_NOT_FOUND' ? withoutNumbers(oldStr) : null
    if (old === null) throw error
    try {
      return { result: await attempt(old, withoutNumbers(newStr) ?? newStr), stripped: true }
    } catch {
      throw error
    }
  }
}

/**
 * The text without view's line numbers, or null when not every line has one, counting up.
 * @param {string} text
 */
function withoutNumbers(text) {
  const lines = core.toLf(text).split('\n')
  const body = lines[lines.length - 1] === '' ? lines.slice(0, -1) : lines
  if (body.length === 0) return null
  const first = NUMBERED.exec(body[0])
  if (!first) return null
  const start = Number(first[1])
  for (let i = 0; i < body.length; i++) {
    const m = NUMBERED.exec(body[i])
    if (!m || Number(m[1]) !== start + i) return null
  }
  return lines.map((line) => line.replace(NUMBERED, '')).join('\n')
}

module.exports = { createAnthropicTextEditor, VERSIONS, VOCABULARY }
