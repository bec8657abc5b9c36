'use strict'

// Drop-in agent tools: read_file, write_file, edit_file, multi_edit,
// delete_range and apply_patch, with dskcode's argument names (Codex's and
// OpenCode's for apply_patch), a model-facing
// description, a JSON Schema for the arguments, and an `execute(args)` that
// never throws or rejects: every failure is `{ success: false, error: CODE, data }`
// where `data` is written for the model to read and retry once.
//
// Plain CommonJS with no build step. The exports are `exports.name = ...`
// assignments so that Node's cjs-module-lexer finds them and
// `import { createTools } from 'eol-edit/tools'` works from ESM.

const nodePath = require('node:path')
const nodeFs = require('node:fs')

const core = require('./index.js')

/** Lines read_file returns when the model gives no `limit`. */
const DEFAULT_READ_LINES = 2000
/** Characters of file text read_file returns at most; whole lines are kept below this. */
const DEFAULT_READ_CHARS = 100000
/** A diff longer than this (lines / characters) is cut in success messages. */
const DIFF_MAX_LINES = 400
const DIFF_MAX_CHARS = 40000

/** The separator between a line number and the line's text in read_file output. */
const GUTTER = '\u2502' // │

const ERROR_CODES = new Set([
  'INVALID_ARGUMENT',
  'TEXT_NOT_FOUND',
  'TEXT_MULTIPLE_MATCHES',
  'NO_CHANGE',
  'ANCHOR_NOT_FOUND',
  'ANCHOR_MULTIPLE_MATCHES',
  'ANCHOR_ORDER',
  'EMPTY_RANGE',
  'FILE_NOT_FOUND',
  'NOT_A_FILE',
  'BINARY_FILE',
  'FILE_TOO_LARGE',
  'FILE_CHANGED',
  'PATH_OUTSIDE_ROOT',
  'PERMISSION_DENIED',
  'IO_ERROR',
  'PATCH_INVALID',
])

// ---------------------------------------------------------------------------
// Descriptions (kept short: they are sent with every request)

const PRESERVE =
  "Write line breaks as \\n: the file's existing line endings and BOM are kept automatically " +
  '(CRLF stays CRLF, mixed stays mixed).'
const TIERS =
  'If the text is not found exactly, lenient matches are tried in order (Unicode look-alikes such as ' +
  'curly quotes/dashes/non-breaking spaces, trailing whitespace, indentation, literal escapes like \\n) ' +
  'and the result says which one matched; lines you did not change keep their exact bytes.'
const CHANGE_EOL =
  'To change line endings on purpose, put a real carriage-return character (U+000D, not the two ' +
  'characters \\r) in the old and new text, or use write_file with eol.'

const DESCRIPTIONS = {
  read_file:
    'Read a text file. Output: a [header] with the line count, line endings, BOM, encoding and version, ' +
    `then one line per file line as <line number>${GUTTER}<text>; the number and ${GUTTER} are not part ` +
    `of the file, everything after ${GUTTER} is the line exactly. Line breaks are shown as \\n whatever ` +
    `the file uses. offset is the first line (1-based); at most ${DEFAULT_READ_LINES} lines by default ` +
    '(limit); a footer says how to read more when the output is cut.',
  write_file:
    'Write a whole file, creating missing folders. ' +
    PRESERVE +
    ' Overwriting keeps the old file\'s line endings and BOM (unchanged lines keep their bytes); a new file ' +
    'takes its ending from .editorconfig/.gitattributes, else LF. Set eol to "lf" or "crlf" only to convert ' +
    'the file on purpose. Prefer edit_file for changing part of a file.',
  edit_file:
    'Replace old_text with new_text in a file and return the diff. old_text must match exactly one place ' +
    `(add surrounding lines to make it unique) unless replace_all is true. Copy it from read_file without the number${GUTTER} prefix. ` +
    PRESERVE +
    ' ' +
    TIERS +
    ' ' +
    CHANGE_EOL,
  multi_edit:
    'Apply several edits to one file, in order (each on the result of the previous), all or nothing: if ' +
    'one fails nothing is written and the error names it (edit #N). Each edit is {oldText, newText, ' +
    'replaceAll?} with the rules of edit_file: oldText must match one place unless replaceAll. ' +
    PRESERVE +
    ' ' +
    TIERS +
    ' ' +
    CHANGE_EOL,
  delete_range:
    'Delete the lines between two anchor lines of a file. An anchor is one whole line exactly as read_file ' +
    `shows it (without the number${GUTTER} prefix), or a 1-based line number; each must identify one line. The ` +
    'anchor lines are kept unless inclusive is true. Other lines keep their bytes and line endings.',
  apply_patch:
    'Edit, add, delete or rename files with one patch, all or nothing. input is the whole patch:\n' +
    '*** Begin Patch\n' +
    '*** Update File: src/app.py\n' +
    '@@ def greet():\n' +
    '-    print("Hi")\n' +
    '+    print("Hello")\n' +
    '*** Add File: notes.txt\n' +
    '+first line\n' +
    '*** Delete File: old.txt\n' +
    '*** End Patch\n' +
    "In a hunk every line starts with ' ' (unchanged context: about 3 lines before and after the change), " +
    "'-' (removed) or '+' (added); an optional `@@ <line>` names the function or class the hunk is in. " +
    '`*** Move to: new/path` right after `*** Update File:` renames the file; every line of an added file ' +
    'starts with +. Hunks of a file come in file order. Unified diffs (--- a/f, +++ b/f, @@ -1,3 +1,3 @@) work too. ' +
    "Write line breaks as \\n: each file keeps its own line endings and BOM. Context that differs from the file " +
    'only in trailing whitespace, quote style or indentation still matches. If any hunk fails, no file is written.',
}

// ---------------------------------------------------------------------------
// JSON Schemas (the common subset every provider accepts: type, properties,
// required, items, enum, anyOf, description)

const PATH_SCHEMA = { type: 'string', description: 'Path of the file (relative paths are taken from the working folder).' }

const ANCHOR = (which) => ({
  anyOf: [{ type: 'string' }, { type: 'integer', minimum: 1 }],
  description: `The ${which} line: its whole text as read_file shows it, or its 1-based line number.`,
})

const PARAMETERS = {
  read_file: {
    type: 'object',
    properties: {
      path: PATH_SCHEMA,
      offset: { type: 'integer', minimum: 1, description: 'First line to read, 1-based (default 1).' },
      limit: {
        type: 'integer',
        minimum: 1,
        description: `How many lines to read (default ${DEFAULT_READ_LINES}).`,
      },
    },
    required: ['path'],
  },
  write_file: {
    type: 'object',
    properties: {
      path: PATH_SCHEMA,
      content: { type: 'string', description: 'The whole new content, line breaks written as \\n.' },
      eol: {
        type: 'string',
        enum: ['preserve', 'lf', 'crlf'],
        description: 'Line endings: "preserve" (default) keeps the file\'s own; "lf"/"crlf" convert on purpose.',
      },
    },
    required: ['path', 'content'],
  },
  edit_file: {
    type: 'object',
    properties: {
      path: PATH_SCHEMA,
      old_text: { type: 'string', description: 'The text to replace, as read_file shows it, line breaks as \\n.' },
      new_text: { type: 'string', description: 'The replacement text, line breaks as \\n.' },
      replace_all: { type: 'boolean', description: 'Replace every match instead of requiring exactly one.' },
    },
    required: ['path', 'old_text', 'new_text'],
  },
  multi_edit: {
    type: 'object',
    properties: {
      path: PATH_SCHEMA,
      edits: {
        type: 'array',
        minItems: 1,
        description: 'Edits applied in order; all succeed or nothing is written.',
        items: {
          type: 'object',
          properties: {
            oldText: { type: 'string', description: 'The text to replace, line breaks as \\n.' },
            newText: { type: 'string', description: 'The replacement text, line breaks as \\n.' },
            replaceAll: { type: 'boolean', description: 'Replace every match instead of requiring one.' },
          },
          required: ['oldText', 'newText'],
        },
      },
    },
    required: ['path', 'edits'],
  },
  delete_range: {
    type: 'object',
    properties: {
      path: PATH_SCHEMA,
      startAnchor: ANCHOR('first anchor'),
      endAnchor: ANCHOR('last anchor'),
      inclusive: { type: 'boolean', description: 'Also delete the two anchor lines (default false).' },
    },
    required: ['path', 'startAnchor', 'endAnchor'],
  },
  apply_patch: {
    type: 'object',
    properties: {
      input: {
        type: 'string',
        description: 'The whole patch, from *** Begin Patch to *** End Patch (or a unified diff), line breaks as \\n.',
      },
    },
    required: ['input'],
  },
}

// ---------------------------------------------------------------------------
// Results and errors

class ArgumentError extends Error {
  constructor(message) {
    super(message)
    this.code = 'INVALID_ARGUMENT'
  }
}

function ok(data) {
  return { success: true, data }
}

function fail(code, data) {
  return { success: false, data, error: code }
}

/**
 * The core's messages are written for the tools already (old_text, read_file),
 * but a few name the library functions; a model only knows the tool names.
 */
function toolWording(text, tool) {
  let out = text
    .replace(/\b([Uu])se writeFile\b/g, '$1se write_file')
    .replace(/\bor use convertEol\b/g, 'or use write_file with eol "lf" or "crlf"')
    .replace(/\bconvertEol\b/g, 'write_file with eol')
  if (tool === 'edit_file') {
    out = out.replace(/\bset replaceAll\b/g, 'set replace_all')
  } else if (tool === 'multi_edit') {
    out = out
      .replace(/\bold_text\b/g, 'oldText')
      .replace(/\bnew_text\b/g, 'newText')
  }
  return out
}

function typeName(value) {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'an array'
  const t = typeof value
  return t === 'object' ? 'an object' : t === 'undefined' ? 'missing' : `a ${t}`
}

/** Turns anything thrown into the `{ success: false }` shape, worded for a model. */
function failure(error, tool) {
  try {
    return describeFailure(error, tool)
  } catch {
    return fail('IO_ERROR', 'The tool failed unexpectedly; read the file to see its state.')
  }
}

function describeFailure(error, tool) {
  const code =
    error && typeof error.code === 'string' && ERROR_CODES.has(error.code) ? error.code : 'IO_ERROR'
  let message = error && typeof error.message === 'string' && error.message ? error.message : String(error)
  if (error && typeof error.hint === 'string' && error.hint && !message.includes(error.hint)) {
    message += (/[.!?]$/.test(message) ? ' ' : '. ') + error.hint
  }
  const lines = error && Array.isArray(error.lines) ? error.lines.filter((n) => Number.isInteger(n)) : []
  if (lines.length > 0 && !lines.every((n) => new RegExp(`\\b${n}\\b`).test(message))) {
    message += ` (${lines.length === 1 ? 'line' : 'lines'} ${lines.join(', ')})`
  }
  message = toolWording(message, tool)
  if (tool === 'apply_patch' && error && Number.isInteger(error.fileIndex)) {
    message += ' Nothing was written: fix that part of the patch and send the whole patch again.'
  }
  if (error && Number.isInteger(error.editIndex)) {
    const i = error.editIndex
    message =
      `edit #${i + 1} (edits[${i}]) failed: ${message}` +
      ' Nothing was written: fix that edit and send all the edits again.'
  }
  return fail(code, message)
}

// ---------------------------------------------------------------------------
// Argument checks: tool vocabulary, models' usual variations tolerated

function argsObject(args, tool) {
  if (typeof args === 'string') {
    // OpenAI-style tool calls carry their arguments as a JSON string.
    try {
      args = JSON.parse(args)
    } catch {
      throw new ArgumentError(`${tool} arguments must be a JSON object, but they are a string that is not JSON.`)
    }
  }
  if (args === null || typeof args !== 'object' || Array.isArray(args)) {
    throw new ArgumentError(
      `${tool} arguments must be an object like {"path": ...}, but they are ${typeName(args)}.`,
    )
  }
  return args
}

/** The first of `names` that is present (null counts as absent, as models send it for optional fields). */
function pick(obj, names) {
  for (const name of names) {
    if (Object.prototype.hasOwnProperty.call(obj, name) && obj[name] !== undefined && obj[name] !== null) {
      return { name, value: obj[name] }
    }
  }
  return { name: names[0], value: undefined }
}

function requireString(obj, names, label, { nonEmpty = false } = {}) {
  const { value } = pick(obj, names)
  if (typeof value !== 'string') {
    throw new ArgumentError(`${label} must be a string, but it is ${typeName(value)}.`)
  }
  if (nonEmpty && value === '') {
    throw new ArgumentError(`${label} must not be empty.`)
  }
  return value
}

function optionalBoolean(obj, names, label) {
  const { value } = pick(obj, names)
  if (value === undefined) return undefined
  if (typeof value === 'boolean') return value
  if (value === 'true' || value === 'false') return value === 'true'
  throw new ArgumentError(`${label} must be true or false, but it is ${typeName(value)}.`)
}

function optionalPositiveInt(obj, names, label) {
  let { value } = pick(obj, names)
  if (value === undefined) return undefined
  if (typeof value === 'string' && /^\s*\d+\s*$/.test(value)) value = Number(value)
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) {
    const shown = typeof value === 'number' ? String(value) : typeName(value)
    throw new ArgumentError(`${label} must be a whole number of 1 or more, but it is ${shown}.`)
  }
  return value
}

const OLD_KEYS = ['oldText', 'old_text', 'oldString', 'old_string']
const NEW_KEYS = ['newText', 'new_text', 'newString', 'new_string']
const ALL_KEYS = ['replaceAll', 'replace_all']

// A model sometimes copies read_file's `   12│` prefixes into old_text. When
// every line carries one (and the text as given is not in the file), the
// prefixes are removed and the edit is tried once more.
const PREFIX = new RegExp(`^ *\\d+${GUTTER}`)

function stripPrefixes(text) {
  const lines = text.split('\n')
  const body = lines[lines.length - 1] === '' ? lines.slice(0, -1) : lines
  if (body.length === 0 || !body.every((line) => PREFIX.test(line))) return null
  return lines.map((line) => line.replace(PREFIX, '')).join('\n')
}

// ---------------------------------------------------------------------------
// Formatting results

const EOL_NAMES = { '\n': 'LF', '\r\n': 'CRLF', '\r': 'CR' }

function describeEndings(eol) {
  if (!eol) return 'unknown'
  const counts = [
    ['CRLF', eol.crlf],
    ['LF', eol.lf],
    ['CR', eol.cr],
  ].filter(([, n]) => n > 0)
  if (counts.length === 0) return 'none'
  if (counts.length === 1) return counts[0][0]
  counts.sort((a, b) => b[1] - a[1])
  return `mixed (${counts.map(([name, n]) => `${name} ${n}`).join(', ')})`
}

function plural(n, word) {
  return `${n} ${word}${n === 1 ? '' : 's'}`
}

function lineSpan(start, end) {
  if (!(start > 0)) return ''
  return end > start ? `lines ${start}-${end}` : `line ${start}`
}

/** The diff without its `---`/`+++` header (the summary names the file), cut when very long. */
function compactDiff(diff) {
  if (typeof diff !== 'string' || diff === '') return ''
  let lines = diff.split('\n')
  if (lines[lines.length - 1] === '') lines.pop()
  while (lines.length > 0 && (lines[0].startsWith('--- ') || lines[0].startsWith('+++ '))) lines.shift()
  let cut = 0
  if (lines.length > DIFF_MAX_LINES) {
    cut = lines.length - DIFF_MAX_LINES
    lines = lines.slice(0, DIFF_MAX_LINES)
  }
  let text = lines.join('\n')
  if (text.length > DIFF_MAX_CHARS) {
    const kept = text.slice(0, DIFF_MAX_CHARS)
    const keptLines = kept.lastIndexOf('\n') > 0 ? kept.slice(0, kept.lastIndexOf('\n')) : kept
    cut += lines.length - keptLines.split('\n').length
    text = keptLines
  }
  if (cut > 0) text += `\n[diff cut: ${plural(cut, 'more line')} not shown; read_file shows the result]`
  return text
}

function diffCounts(diff) {
  let added = 0
  let removed = 0
  for (const line of compactDiff(diff).split('\n')) {
    if (line.startsWith('+')) added++
    else if (line.startsWith('-')) removed++
  }
  return { added, removed }
}

const TIER_NOTES = {
  unicode: 'matched only after folding Unicode look-alikes (curly quotes, dashes, non-breaking spaces)',
  trailingWhitespace: 'matched only after ignoring trailing spaces/tabs',
  indentation:
    'matched only after adjusting indentation (tabs vs spaces or a uniform shift); the new text was re-indented the same way',
  unescaped: 'matched only after turning literal escape sequences (\\n, \\t, \\") into real characters',
}

function tierNotes(matchedBy, multi) {
  const notes = []
  const tiers = Array.isArray(matchedBy) ? matchedBy : []
  tiers.forEach((tier, i) => {
    if (!TIER_NOTES[tier]) return
    notes.push(`Note: ${multi ? `edit #${i + 1} ` : ''}${TIER_NOTES[tier]}.`)
  })
  if (notes.length > 0) notes.push('Lines you did not change kept their exact bytes; check the diff.')
  return notes
}

function editSummary(path, result, { multi = false, edits = 1, prefixNote = false } = {}) {
  const tiers = Array.isArray(result.matchedBy) ? result.matchedBy : []
  const unique = [...new Set(tiers)]
  const parts = []
  if (multi) parts.push(plural(edits, 'edit'))
  parts.push(plural(result.replacements, 'replacement'))
  let head = `Edited ${path}: ${parts.join(', ')}`
  if (unique.length > 0) head += ` (matched by ${unique.join(', ')})`
  const span = lineSpan(result.startLine, result.endLine)
  head += span ? `, ${span}.` : '.'
  const out = [head, ...tierNotes(tiers, multi)]
  if (prefixNote) out.push(`Note: the line-number prefixes (N${GUTTER}) were removed from the old/new text before matching.`)
  const diff = compactDiff(result.diff)
  if (diff) out.push(diff)
  return out.join('\n')
}

const ACTION_MARKS = { update: 'M', add: 'A', delete: 'D', move: 'R' }

/** What apply_patch tells the model: one line per file, lenient tiers, the diffs. */
function patchSummary(result) {
  const files = Array.isArray(result.files) ? result.files : []
  const out = [`Applied the patch: ${plural(files.length, 'file')}.`]
  const notes = []
  for (const f of files) {
    const name = f.action === 'move' ? `${f.path} -> ${f.movedTo}` : f.path
    const { added, removed } = diffCounts(f.diff)
    const counts = f.action === 'delete' || (f.action === 'move' && !f.diff) ? '' : ` (+${added} -${removed})`
    out.push(`${ACTION_MARKS[f.action] || '?'} ${name}${counts}`)
    const lenient = [...new Set((f.matchedBy || []).filter((t) => TIER_NOTES[t]))]
    for (const tier of lenient) notes.push(`Note: in ${f.path}, a hunk ${TIER_NOTES[tier]}.`)
    for (const w of f.warnings || []) notes.push(`Warning: ${w}`)
  }
  if (notes.some((n) => n.startsWith('Note:'))) notes.push('Lines you did not change kept their exact bytes; check the diff.')
  out.push(...notes)
  for (const f of files) {
    if (f.action === 'delete') continue
    const diff = compactDiff(f.diff)
    if (diff) out.push(`${f.action === 'move' ? f.movedTo : f.path}:\n${diff}`)
  }
  return out.join('\n')
}

// ---------------------------------------------------------------------------
// The tools

function createTools(options) {
  if (options === undefined || options === null) options = {}
  if (typeof options !== 'object' || Array.isArray(options)) {
    throw new TypeError('createTools(options): options must be an object { root?, cwd? }.')
  }
  const { root, cwd } = options
  if (cwd !== undefined && typeof cwd !== 'string') {
    throw new TypeError('createTools(options): cwd must be a string.')
  }
  let roots
  if (root !== undefined) {
    const list = Array.isArray(root) ? root : [root]
    if (list.length === 0 || !list.every((r) => typeof r === 'string' && r !== '')) {
      throw new TypeError('createTools(options): root must be a folder path or a non-empty array of them.')
    }
    roots = list.map((r) => nodePath.resolve(cwd || process.cwd(), r))
  }
  const readLines = options.maxReadLines === undefined ? DEFAULT_READ_LINES : options.maxReadLines
  const readChars = options.maxReadChars === undefined ? DEFAULT_READ_CHARS : options.maxReadChars
  if (!Number.isInteger(readLines) || readLines < 1 || !Number.isInteger(readChars) || readChars < 1) {
    throw new TypeError('createTools(options): maxReadLines and maxReadChars must be whole numbers of 1 or more.')
  }

  // With roots and no cwd, relative paths are taken from the first root: a model
  // confined to a project writes paths relative to that project.
  const base = {}
  if (cwd !== undefined) base.cwd = nodePath.resolve(cwd)
  else if (roots) base.cwd = roots[0]
  if (roots) base.root = roots.length === 1 ? roots[0] : roots

  const opts = (extra) => Object.assign({}, base, extra)

  function tool(name, run) {
    return {
      name,
      description: DESCRIPTIONS[name],
      parameters: PARAMETERS[name],
      execute(args) {
        let pending
        try {
          pending = Promise.resolve(run(argsObject(args, name)))
        } catch (error) {
          return Promise.resolve(failure(error, name))
        }
        return pending.then(
          (result) => result,
          (error) => failure(error, name),
        )
      },
    }
  }

  async function read(args) {
    const path = requireString(args, ['path', 'file_path', 'filePath'], 'path', { nonEmpty: true })
    const offset = optionalPositiveInt(args, ['offset'], 'offset') || 1
    const limit = optionalPositiveInt(args, ['limit'], 'limit') || readLines
    const r = await core.readFile(path, opts({ offset, limit }))
    const total = r.totalLines
    if (offset > Math.max(total, 1)) {
      return fail(
        'INVALID_ARGUMENT',
        `offset ${offset} is past the end of ${path}, which has ${plural(total, 'line')}. ` +
          (total > 0 ? `Use an offset from 1 to ${total}.` : 'The file is empty.'),
      )
    }
    const header =
      `[${path}: ${plural(total, 'line')} | endings: ${describeEndings(r.eol)}` +
      `${r.eol && !r.eol.trailingNewline && total > 0 ? ', no newline at end of file' : ''}` +
      ` | BOM: ${r.bom ? 'yes' : 'no'} | encoding: ${r.encoding} | version: ${r.version}]`
    if (total === 0) return ok(`${header}\n[empty file]`)

    const lines = r.content.split('\n')
    if (lines[lines.length - 1] === '') lines.pop()
    const width = String(r.startLine + lines.length - 1).length
    const out = [header]
    let used = 0
    let shown = 0
    let cutLine = null
    for (let i = 0; i < lines.length; i++) {
      const text = lines[i]
      const n = r.startLine + i
      if (used + text.length > readChars) {
        if (shown === 0) {
          // A single line longer than the whole budget: show its start.
          const rest = text.length - readChars
          out.push(`${String(n).padStart(width)}${GUTTER}${text.slice(0, readChars)}`)
          cutLine = { n, rest }
          shown = 1
        }
        break
      }
      out.push(`${String(n).padStart(width)}${GUTTER}${text}`)
      used += text.length
      shown++
    }
    const last = r.startLine + shown - 1
    if (cutLine) {
      out.push(
        `[line ${cutLine.n} is cut: ${cutLine.rest} more characters of it are not shown ` +
          `(output is capped at ${readChars} characters).` +
          (last < total ? ` To read on, call read_file with offset ${last + 1}.]` : ']'),
      )
    } else if (last < total) {
      const why =
        shown < lines.length ? ` (output is capped at ${readChars} characters; lines are kept whole)` : ''
      out.push(
        `[showing lines ${r.startLine}-${last} of ${total}${why}. ` +
          `To read more, call read_file with offset ${last + 1}.]`,
      )
    }
    return ok(out.join('\n'))
  }

  async function write(args) {
    const path = requireString(args, ['path', 'file_path', 'filePath'], 'path', { nonEmpty: true })
    const content = requireString(args, ['content', 'text'], 'content')
    const { value: eol } = pick(args, ['eol'])
    if (eol !== undefined && eol !== 'preserve' && eol !== 'lf' && eol !== 'crlf') {
      throw new ArgumentError(`eol must be "preserve", "lf" or "crlf", but it is ${JSON.stringify(eol)}.`)
    }
    let existed = false
    try {
      existed = nodeFs.statSync(nodePath.resolve(base.cwd || process.cwd(), path)).isFile()
    } catch {
      existed = false
    }
    const r = await core.writeFile(path, content, opts(eol ? { eol } : {}))
    const endings = describeEndings(r.eol)
    if (!r.changed) return ok(`No change: ${path} already has exactly this content.`)
    if (!existed) {
      const lines = diffCounts(r.diff).added
      return ok(`Created ${path}: ${plural(lines, 'line')}, line endings: ${endings}.`)
    }
    const { added, removed } = diffCounts(r.diff)
    const kept =
      eol === 'lf' || eol === 'crlf'
        ? `Line endings converted to ${eol.toUpperCase()} on purpose.`
        : `Existing line endings and BOM kept; endings now: ${endings}.`
    const out = [`Wrote ${path}: +${added} -${removed} lines. ${kept}`]
    const diff = compactDiff(r.diff)
    if (diff) out.push(diff)
    return ok(out.join('\n'))
  }

  /** Runs `attempt(oldText, newText)`; on TEXT_NOT_FOUND retries once without pasted line-number prefixes. */
  async function withPrefixRetry(texts, attempt) {
    try {
      return { result: await attempt(texts), stripped: false }
    } catch (error) {
      if (!error || error.code !== 'TEXT_NOT_FOUND') throw error
      let changed = false
      const retry = texts.map(({ oldText, newText, replaceAll }) => {
        const o = stripPrefixes(oldText)
        if (o === null) return { oldText, newText, replaceAll }
        changed = true
        const n = stripPrefixes(newText)
        return { oldText: o, newText: n === null ? newText : n, replaceAll }
      })
      if (!changed) throw error
      try {
        return { result: await attempt(retry), stripped: true }
      } catch {
        throw error
      }
    }
  }

  async function edit(args) {
    const path = requireString(args, ['path', 'file_path', 'filePath'], 'path', { nonEmpty: true })
    const oldText = requireString(args, OLD_KEYS, 'old_text')
    const newText = requireString(args, NEW_KEYS, 'new_text')
    const replaceAll = optionalBoolean(args, ALL_KEYS, 'replace_all')
    const { result, stripped } = await withPrefixRetry([{ oldText, newText, replaceAll }], ([e]) =>
      core.editFile(path, e.oldText, e.newText, opts(e.replaceAll ? { replaceAll: true } : {})),
    )
    return ok(editSummary(path, result, { prefixNote: stripped }))
  }

  async function multi(args) {
    const path = requireString(args, ['path', 'file_path', 'filePath'], 'path', { nonEmpty: true })
    let { value: edits } = pick(args, ['edits'])
    if (typeof edits === 'string') {
      try {
        edits = JSON.parse(edits)
      } catch {
        throw new ArgumentError('edits must be an array of {oldText, newText, replaceAll?}, but it is a string.')
      }
    }
    if (!Array.isArray(edits)) {
      throw new ArgumentError(`edits must be an array of {oldText, newText, replaceAll?}, but it is ${typeName(edits)}.`)
    }
    if (edits.length === 0) throw new ArgumentError('edits is empty: give at least one edit.')
    const list = edits.map((e, i) => {
      try {
        if (e === null || typeof e !== 'object' || Array.isArray(e)) {
          throw new ArgumentError(`each edit must be an object {oldText, newText, replaceAll?}, but it is ${typeName(e)}.`)
        }
        const edit = {
          oldText: requireString(e, OLD_KEYS, 'oldText'),
          newText: requireString(e, NEW_KEYS, 'newText'),
        }
        const replaceAll = optionalBoolean(e, ALL_KEYS, 'replaceAll')
        if (replaceAll) edit.replaceAll = true
        return edit
      } catch (error) {
        error.editIndex = i
        throw error
      }
    })
    const { result, stripped } = await withPrefixRetry(list, (l) => core.multiEdit(path, l, opts({})))
    return ok(editSummary(path, result, { multi: true, edits: list.length, prefixNote: stripped }))
  }

  function anchor(args, names, label) {
    let { value } = pick(args, names)
    if (typeof value === 'number') {
      if (!Number.isInteger(value) || value < 1) {
        throw new ArgumentError(`${label} as a line number must be a whole number of 1 or more, but it is ${value}.`)
      }
      return value
    }
    if (typeof value !== 'string') {
      throw new ArgumentError(`${label} must be a line's text or a line number, but it is ${typeName(value)}.`)
    }
    const stripped = stripPrefixes(value)
    return stripped === null ? value : stripped
  }

  async function del(args) {
    const path = requireString(args, ['path', 'file_path', 'filePath'], 'path', { nonEmpty: true })
    const start = anchor(args, ['startAnchor', 'start_anchor'], 'startAnchor')
    const end = anchor(args, ['endAnchor', 'end_anchor'], 'endAnchor')
    const inclusive = optionalBoolean(args, ['inclusive'], 'inclusive')
    const run = (s, e) => core.deleteRange(path, s, e, opts(inclusive ? { inclusive: true } : {}))
    let result
    try {
      result = await run(start, end)
    } catch (error) {
      // A model that sends a line number as a JSON string ("12") means the number
      // when no line of the file reads "12".
      const numeric = (a) => (typeof a === 'string' && /^\s*\d+\s*$/.test(a) && Number(a) > 0 ? Number(a) : a)
      if (!error || error.code !== 'ANCHOR_NOT_FOUND' || (numeric(start) === start && numeric(end) === end)) {
        throw error
      }
      result = await run(numeric(start), numeric(end))
    }
    const { removed } = diffCounts(result.diff)
    const out = [`Deleted ${plural(removed, 'line')} from ${path}.`]
    const diff = compactDiff(result.diff)
    if (diff) out.push(diff)
    return ok(out.join('\n'))
  }

  async function patch(args) {
    // `input` is Codex's name for the argument, `patchText` OpenCode's.
    const input = requireString(args, ['input', 'patchText', 'patch_text', 'patch'], 'input', { nonEmpty: true })
    const result = await core.applyPatch(input, opts({}))
    return ok(patchSummary(result))
  }

  return {
    read_file: tool('read_file', read),
    write_file: tool('write_file', write),
    edit_file: tool('edit_file', edit),
    multi_edit: tool('multi_edit', multi),
    delete_range: tool('delete_range', del),
    apply_patch: tool('apply_patch', patch),
  }
}

function toolList(tools) {
  if (Array.isArray(tools)) return tools
  if (tools && typeof tools === 'object') return Object.values(tools)
  throw new TypeError('expected the tools object from createTools() or an array of tools.')
}

/** OpenAI function-calling format: `[{ type: 'function', function: { name, description, parameters } }]`. */
function toOpenAITools(tools) {
  return toolList(tools).map((t) => ({
    type: 'function',
    function: { name: t.name, description: t.description, parameters: t.parameters },
  }))
}

/** Anthropic Messages API format: `[{ name, description, input_schema }]`. */
function toAnthropicTools(tools) {
  return toolList(tools).map((t) => ({ name: t.name, description: t.description, input_schema: t.parameters }))
}

const tools = createTools()

exports.createTools = createTools
exports.tools = tools
exports.read_file = tools.read_file
exports.write_file = tools.write_file
exports.edit_file = tools.edit_file
exports.multi_edit = tools.multi_edit
exports.delete_range = tools.delete_range
exports.apply_patch = tools.apply_patch
exports.toOpenAITools = toOpenAITools
exports.toAnthropicTools = toAnthropicTools
