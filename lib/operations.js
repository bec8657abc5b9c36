// @ts-check
'use strict'

// Every operation of eol-edit, declared once: its arguments and options, each with its
// type, what a user and what a model is told about it, its name in the library
// (camelCase), in the agent tools (snake_case, with the other spellings models send)
// and on the command line (a flag or a positional), and, for each front-end that does
// not take it, why not. The front-ends are renderings of these declarations:
//
// - the agent tools (lib/tools/): each tool's JSON Schema (lib/tools/schemas.js) and
//   the reader of its arguments (lib/tools/args.js) come from the operation's
//   parameters; createTools' own options are TOOL_SET below;
// - the MCP server (lib/mcp.js) lists those tools, with annotations from `effects`;
// - the command line (lib/cli.js): each command's flags, their parsing into the
//   library's options, its usage line and --help;
// - the TypeScript types: tools.d.ts's argument interfaces and index.d.ts's option
//   interfaces (generated from the Rust doc comments) are checked against these
//   declarations in __test__/operations.spec.ts, which also fails when a front-end
//   neither reaches an option nor says why not (the parity test).
//
// A host's tool shape (OpenCode's `edit` with filePath/oldString/newString/replaceAll,
// Claude Code's `Edit` with file_path/old_string/new_string, …) is another vocabulary
// of the same operations: a table of its tool and argument names, given to the same
// renderers (`vocabulary` below, `toolSchema` in lib/tools/schemas.js, `argumentReader`
// in lib/tools/args.js). Nothing of the schema or of the reader is written again; only
// what differs in meaning (gemini-cli's expected_replacements, OpenCode's empty
// oldString that writes the file) needs code of its own.
//
//     const claudeCode = vocabulary({
//       editFile: { tool: 'Edit', args: { path: 'file_path', oldText: 'old_string', newText: 'new_string', replaceAll: 'replace_all' } },
//     })
//     toolSchema(OPERATIONS.editFile, claudeCode)
//     // → { type: 'object', properties: { file_path, old_string, new_string, replace_all }, required: [file_path, old_string, new_string] }
//
// Data only: no I/O, nothing from the addon.

/** @typedef {import('../tools.js').JsonSchema} JsonSchema */

/**
 * What a value is, for every front-end: the JSON Schema a tool shows, how a tool
 * reads it, how a flag is parsed, and its TypeScript type (`ts`, checked against the
 * .d.ts files).
 * @typedef {object} Type
 * @property {'string' | 'label' | 'boolean' | 'integer' | 'enum' | 'subset' | 'anchor' | 'roots' | 'versions' | 'list' | 'content' | 'guards'} kind
 * @property {string} ts the TypeScript type, as the .d.ts files write it
 * @property {string} [library] the library's type where it takes more than a tool's
 *   JSON can give (index.d.ts: a Buffer beside a string)
 * @property {boolean} [nonEmpty] a string that must not be empty
 * @property {number} [minimum] the least integer
 * @property {readonly string[]} [values] the values of an enum, or those a subset takes some of
 * @property {readonly Param[]} [fields] the fields of each item of a list
 * @property {number} [minItems] the fewest items of a list
 * @property {string} [item] the item's name in messages (`edit`) and in index.d.ts (`Edit`)
 */

/**
 * Text a rendering shows, or a function of the rendering (the tool set's settings,
 * and what the vocabulary calls the other tools and arguments).
 * @typedef {string | ((context: RenderContext) => string)} Text
 */

/**
 * @typedef {object} RenderContext
 * @property {{ maxReadLines: number, maxReadChars: number }} settings the tool set's
 * @property {(operation: string) => string} tool the tool of an operation (`readFile` → `read_file`)
 * @property {(operation: string, param: string) => string} arg an argument's name (`editFile`, `replaceAll` → `replace_all`)
 */

/**
 * How the agent tools reach a parameter:
 * - `arg`: a model argument, `name` in the schema, any of `aliases` taken too
 *   (`hidden`: taken, but not in the schema);
 * - `host`: a createTools option of that name (TOOL_SET), the host's decision;
 * - `set`: the tool set gives it itself (`why`);
 * - `none`: not at all (`why`).
 * @typedef {{ kind: 'arg', name: string, aliases: readonly string[], hidden?: boolean, required?: boolean }
 *   | { kind: 'host', option: string }
 *   | { kind: 'set', why: string }
 *   | { kind: 'none', why: string }} ToolReach
 */

/**
 * How the command line reaches a parameter:
 * - `flag`: `--name` (`value`: what the help calls its value, absent for a switch;
 *   `short`: a one-letter form; `multiple`: repeatable; `required`, or a note on it
 *   for the message that says it is missing);
 * - `positional`: the command's positional argument, as the usage shows it
 *   (`<path>`, `<path>...`, `[FILE|-]`);
 * - `stdin`: read from stdin;
 * - `none`: not at all (`why`).
 * @typedef {{ kind: 'flag', flag: string, value?: string, short?: string, multiple?: boolean, required?: boolean | string, help: string }
 *   | { kind: 'positional', shown: string, variadic?: boolean, optional?: boolean }
 *   | { kind: 'stdin', help: string }
 *   | { kind: 'none', why: string }} CliReach
 */

/**
 * How the MCP server reaches a parameter that is not a model argument (a model
 * argument is reached through the tool it serves): a flag of `eol-edit mcp` that
 * sets the tool set's option, what the server does itself, or why not.
 * @typedef {{ kind: 'flag', flag: string } | { kind: 'set', why: string } | { kind: 'none', why: string }} McpReach
 */

/**
 * One argument or option of an operation.
 * @typedef {object} Param
 * @property {string} name the library's name (camelCase); for a parameter only the tools
 *   or only the command line have, its own
 * @property {'arg' | 'option' | 'tool' | 'cli'} role a positional argument of the library
 *   function, one of its options (for a command of the command line only: an option of
 *   the call it makes), a parameter the library does not have that the tools take (and
 *   the command line, where it declares a flag: `allow`), or one of the command line only
 * @property {Type} type
 * @property {boolean} [optional] an `arg` that may be left out
 * @property {string} [default] the default, as the user-facing text says it
 * @property {string} doc what it does, for a user (the README, index.d.ts)
 * @property {Text} [model] what a model is told of it (the schema's description)
 * @property {ToolReach} tool
 * @property {CliReach} cli
 * @property {McpReach} [mcp] only where the tools reach it other than as a model argument
 */

/**
 * One operation: a library function (`library`, with `Sync` twin) or a command of the
 * command line only (`library: null`), and its renderings.
 * @typedef {object} Operation
 * @property {string} name the library's name, or the command's
 * @property {string | null} library the library function (`editFile`), or null
 * @property {string} doc one line for a user
 * @property {readonly Param[]} params positional arguments first, in order
 * @property {ToolDecl | { none: string }} tool
 * @property {CommandDecl | { none: string }} cli
 */

/**
 * The operation as an agent tool.
 * @typedef {object} ToolDecl
 * @property {string} name
 * @property {string} title a few words for a client's UI (MCP annotations)
 * @property {Text} description for the model; sent with every request
 * @property {{ readOnly: boolean, destructive?: boolean, idempotent?: boolean }} effects
 * @property {string} [warningLine] how a warning reads in `data`: `[warning: {}]` (default `Warning: {}`)
 */

/**
 * The operation as a command.
 * @typedef {object} CommandDecl
 * @property {string} name `delete-range`
 * @property {string} summary the line in `eol-edit --help`
 * @property {string} about what `eol-edit <command> --help` says of it: paragraphs, split by
 *   a blank line, that the help wraps (one that starts with a space is shown as it is)
 * @property {string} [after] text after the options in the help
 */

// ---------------------------------------------------------------------------
// Types

/** The guards against a model's own mistakes, as every front-end names them (index.d.ts `GuardReason`). */
const GUARD_REASONS = ['placeholder', 'shrink', 'control', 'markers']

/** @type {Record<string, Type>} */
const TYPES = {
  text: { kind: 'string', ts: 'string' },
  // A model sends text; the library also takes it as a Buffer of its UTF-8 bytes.
  textOrBytes: { kind: 'string', ts: 'string', library: 'string | Buffer' },
  path: { kind: 'string', nonEmpty: true, ts: 'string' },
  label: { kind: 'label', ts: 'string' },
  boolean: { kind: 'boolean', ts: 'boolean' },
  line: { kind: 'integer', minimum: 1, ts: 'number' },
  bytes: { kind: 'integer', minimum: 0, ts: 'number' },
  anchor: { kind: 'anchor', ts: 'string | number' },
  roots: { kind: 'roots', ts: 'string | string[]' },
  versions: { kind: 'versions', ts: 'Record<string, string>' },
  content: { kind: 'content', ts: 'string | Buffer' },
  buffer: { kind: 'content', ts: 'Buffer' },
  guards: { kind: 'guards', ts: 'boolean | GuardReason[]' },
  reasons: { kind: 'subset', values: GUARD_REASONS, ts: 'GuardReason[]' },
}

/**
 * One of a few strings.
 * @param {readonly string[]} values
 * @returns {Type}
 */
function oneOf(values) {
  return { kind: 'enum', values, ts: values.map((v) => `'${v}'`).join(' | ') }
}

// ---------------------------------------------------------------------------
// How each front-end reaches a parameter

/**
 * A model argument of the tools.
 * @param {string} name the schema's name
 * @param {readonly string[]} [aliases] other spellings taken (camelCase, other agents')
 * @param {{ hidden?: boolean, required?: boolean }} [more] `hidden`: taken but not in the
 *   schema; `required`: whether the schema requires it (default: a required `arg`)
 * @returns {ToolReach}
 */
function arg(name, aliases = [], more = {}) {
  return { kind: 'arg', name, aliases, ...more }
}

/** A createTools option. @param {string} option @returns {ToolReach} */
function host(option) {
  return { kind: 'host', option }
}

/** Given by the tool set (or the MCP server) itself. @param {string} why @returns {{ kind: 'set', why: string }} */
function set(why) {
  return { kind: 'set', why }
}

/** Not reached, and why. @param {string} why @returns {{ kind: 'none', why: string }} */
function none(why) {
  return { kind: 'none', why }
}

/**
 * A flag of a command.
 * @param {string} flag `--replace-all`
 * @param {string} help for its user
 * @param {{ value?: string, short?: string, multiple?: boolean, required?: boolean | string }} [more]
 * @returns {CliReach}
 */
function flag(flag, help, more = {}) {
  return { kind: 'flag', flag, help, ...more }
}

/**
 * A positional argument of a command.
 * @param {string} shown as the usage shows it
 * @param {{ variadic?: boolean, optional?: boolean }} [more]
 * @returns {CliReach}
 */
function positional(shown, more = {}) {
  return { kind: 'positional', shown, ...more }
}

/** A flag of `eol-edit mcp`. @param {string} name @returns {McpReach} */
function mcpFlag(name) {
  return { kind: 'flag', flag: name }
}

/**
 * The parameter with some of its renderings changed, for one operation.
 * @param {Param} param
 * @param {Partial<Param>} changes
 * @returns {Param}
 */
function variant(param, changes) {
  return { ...param, ...changes }
}

// ---------------------------------------------------------------------------
// Parameters several operations share

const ENCODING_DOC =
  "the file's encoding, for a file that is not UTF-8 whose encoding cannot be told from its bytes (or a new file): a label such as windows-1252, shift_jis or utf-16le"

/** @type {Param} */
const path = {
  name: 'path',
  role: 'arg',
  type: TYPES.path,
  doc: 'the file',
  model: 'Path of the file (relative paths are taken from the working folder).',
  tool: arg('path', ['file_path', 'filePath']),
  cli: positional('<path>'),
}

/** @type {Param} */
const encoding = {
  name: 'encoding',
  role: 'option',
  type: TYPES.label,
  default: 'detected',
  doc: ENCODING_DOC,
  model: (c) =>
    `The file's encoding, only when the file is not UTF-8 and ${c.tool('readFile')} says its encoding could not be told ` +
    "(or a message asks for it): a label such as 'windows-1252', 'shift_jis' or 'utf-16le'. Default: detected.",
  tool: arg('encoding', [], { required: false }),
  cli: flag('--encoding', ENCODING_DOC, { value: 'LABEL' }),
}

/** @type {Param} */
const maxBytes = {
  name: 'maxBytes',
  role: 'option',
  type: TYPES.bytes,
  default: '64 MiB',
  doc: 'the size limit: a larger file is not read, and no change writes a file past it unless the file was larger still (FILE_TOO_LARGE; default 64 MiB; 0: no limit)',
  tool: host('maxBytes'),
  cli: flag('--max-bytes', 'the size limit: larger files are not read, and no change writes past it (default 64 MiB; 0: no limit)', { value: 'N' }),
  mcp: none('it keeps the 64 MiB default, the largest file a message it reads (66 MiB at most) can carry'),
}

/** @type {Param} */
const root = {
  name: 'root',
  role: 'option',
  type: TYPES.roots,
  doc: 'refuse paths outside these folders',
  tool: host('root'),
  cli: flag('--root', 'refuse paths outside DIR (repeatable)', { value: 'DIR', multiple: true }),
  mcp: mcpFlag('--root'),
}

/** @type {Param} */
const cwd = {
  name: 'cwd',
  role: 'option',
  type: TYPES.text,
  doc: 'the folder relative paths are taken from',
  tool: host('cwd'),
  cli: none('paths are taken from the folder the command runs in'),
  mcp: set('relative paths are taken from the first folder it serves'),
}

/** @type {Param} */
const expectedVersion = {
  name: 'expectedVersion',
  role: 'option',
  type: TYPES.text,
  doc: 'refuse with FILE_CHANGED unless the file still has this version',
  tool: set('the version it last read or wrote of the file (stale reads)'),
  cli: none('each command reads and writes the file in one step'),
}

/** @type {Param} */
const dryRun = {
  name: 'dryRun',
  role: 'option',
  type: TYPES.boolean,
  doc: 'compute the result and the diff, write nothing',
  tool: set('`approve` is shown the change prepared and not yet written'),
  cli: flag('--dry-run', 'print the diff, change nothing'),
}

/** @type {Param} */
const durable = {
  name: 'durable',
  role: 'option',
  type: TYPES.boolean,
  doc: 'fsync the file and its folder before returning',
  tool: host('durable'),
  cli: flag('--durable', 'fsync the file and its folder before exiting'),
  mcp: mcpFlag('--durable'),
}

/** @type {Param} */
const guards = {
  name: 'guards',
  role: 'option',
  type: TYPES.guards,
  default: 'false',
  doc: "refuse new text that looks like a model's mistake with SUSPECT_CONTENT, the file untouched: true for every guard, or a list of placeholder, shrink, control and markers",
  tool: set("every guard, but those the host's guards setting turns off and those the model's allow argument lets through"),
  cli: none('every command guards the text it brings in, and --allow lets a guard through'),
}

/** @type {Param} */
const allow = {
  name: 'allow',
  role: 'tool',
  type: TYPES.reasons,
  doc: 'the guards to let through on purpose: the tools and the command line run every guard (the library option guards)',
  model:
    'Only after a call was refused with SUSPECT_CONTENT, when you mean the text exactly as it is: the guards to let through ' +
    '("placeholder", "shrink", "control" or "markers"), as the message names them.',
  tool: arg('allow', [], { required: false }),
  cli: flag('--allow', 'write text a guard refuses, on purpose: placeholder, shrink, control or markers (repeatable)', {
    value: 'GUARD',
    multiple: true,
  }),
}

/** @type {Param} */
const tiers = {
  name: 'tiers',
  role: 'option',
  type: oneOf(['all', 'exact']),
  default: "'all'",
  doc: "which tiers may find an edit's text: 'all' (exact, then each lenient tier in turn) or 'exact' (only a byte-equal match in the LF view; text a lenient tier would find is TEXT_NOT_FOUND)",
  tool: none('the tools let every tier find a model\'s text: a lenient match is what spares it a retry'),
  cli: none('the command line lets every tier find the text, as the tools do'),
}

/** The guards of a change that brings text in: the library's option, and what lets one through. */
const GUARD_OPTIONS = [guards, allow]

/** The options of every function that reads a file. */
const READ_OPTIONS = [encoding, root, cwd, maxBytes]

/** The options of every function that changes a file. */
const CHANGE_OPTIONS = [encoding, root, cwd, maxBytes, expectedVersion, dryRun, durable]

/** @type {Param} */
const oldText = {
  name: 'oldText',
  role: 'arg',
  type: TYPES.text,
  doc: 'the text to replace, with LF line breaks',
  model: (c) => `The text to replace, as ${c.tool('readFile')} shows it, line breaks as \\n.`,
  tool: arg('old_text', ['oldText', 'old_string', 'oldString']),
  cli: flag('--old', 'the text to replace (required)', { value: 'TEXT', required: true }),
}

/** @type {Param} */
const newText = {
  name: 'newText',
  role: 'arg',
  type: TYPES.text,
  doc: 'the replacement, with LF line breaks',
  model: 'The replacement text, line breaks as \\n.',
  tool: arg('new_text', ['newText', 'new_string', 'newString']),
  cli: flag('--new', 'the replacement (required; may be empty)', { value: 'TEXT', required: 'it may be empty' }),
}

/** @type {Param} */
const replaceAll = {
  name: 'replaceAll',
  role: 'option',
  type: TYPES.boolean,
  default: 'false',
  doc: 'replace every match instead of requiring exactly one',
  model: 'Replace every match instead of requiring exactly one (default false).',
  tool: arg('replace_all', ['replaceAll'], { required: false }),
  cli: flag('--replace-all', 'replace every match'),
}

/** The fields of one edit of `multiEdit` (index.d.ts's `Edit`). */
const EDIT_FIELDS = [oldText, newText, replaceAll].map((p) => variant(p, { role: 'arg', optional: p === replaceAll }))

/** @type {Param} */
const edits = {
  name: 'edits',
  role: 'arg',
  type: { kind: 'list', fields: EDIT_FIELDS, minItems: 1, item: 'Edit', ts: 'Edit[]' },
  doc: 'the edits, applied in order, all or nothing',
  model: 'Edits applied in order; all succeed or nothing is written.',
  tool: arg('edits'),
  cli: none('one edit a command: several edits of one file in one step are a patch (eol-edit patch)'),
}

/**
 * An anchor of `deleteRange`.
 * @param {'start' | 'end'} end
 * @returns {Param}
 */
function anchor(end) {
  const which = end === 'start' ? 'first' : 'last'
  return {
    name: `${end}Anchor`,
    role: 'arg',
    type: TYPES.anchor,
    doc: `the ${which} anchor: a whole line of the file, or its 1-based number`,
    model: (c) => `The ${which} anchor line: its whole text as ${c.tool('readFile')} shows it, or its 1-based line number.`,
    // Not required by the schema: the end may be given by number instead (`start_line`).
    tool: arg(`${end}_anchor`, [`${end}Anchor`], { required: false }),
    cli: positional(`<${end}>`),
  }
}

/**
 * The line number of an end of `delete_range`, instead of its anchor (the tools only).
 * @param {'start' | 'end'} end
 * @returns {Param}
 */
function anchorLine(end) {
  const which = end === 'start' ? 'first' : 'last'
  return {
    name: `${end}Line`,
    role: 'tool',
    type: TYPES.line,
    doc: `the ${which} anchor line's 1-based number, instead of its anchor`,
    model: (c) => `The ${which} anchor line's 1-based number (instead of ${c.arg('deleteRange', `${end}Anchor`)}).`,
    tool: arg(`${end}_line`, [`${end}Line`], { required: false }),
    cli: none('a number given as an anchor is a line number already'),
  }
}

/** @type {Param} */
const inclusive = {
  name: 'inclusive',
  role: 'option',
  type: TYPES.boolean,
  default: 'false',
  doc: 'delete the anchor lines too',
  model: 'Also delete the two anchor lines (default false).',
  tool: arg('inclusive', [], { required: false }),
  cli: flag('--inclusive', 'delete the anchor lines too'),
}

// ---------------------------------------------------------------------------
// The sentences the tools' descriptions share. A description is sent with every
// request, so each says what a model needs to get an edit right the first time and
// nothing else. Line breaks are written `\\n` so that the model reads the two
// characters `\n`, which is how it writes them in JSON.

/** The separator between a line number and the line's text in read_file's output. */
const GUTTER = '\u2502' // │

const READ_FIRST =
  `Read the file with read_file first and copy the text from it (without the number${GUTTER} prefix); ` +
  'if the file changed since, the call fails with FILE_CHANGED: read it again.'

const PRESERVE =
  'Write line breaks as \\n: the file keeps its own line endings (CRLF stays CRLF, mixed stays mixed), ' +
  'its BOM and its encoding, and unchanged lines keep their exact bytes.'

const GUARDED = 'Placeholders for code left out, control characters and edit markers are refused.'

const TIERS =
  'If old_text is not found exactly, these are tried in order (the result names the one used): Unicode ' +
  'look-alikes (curly quotes, dashes, odd spaces), trailing whitespace, runs of spaces inside a line, ' +
  'indentation (tabs vs spaces or a uniform shift; new_text is re-indented to match), and literal escapes ' +
  'such as \\n typed as text.'

const CHANGE_EOL =
  'To change line endings on purpose, put the carriage returns in old_text and new_text (in JSON "\\r" ' +
  'already is one; a \\r typed as two characters counts too when the text has no line break), or use ' +
  'write_file with eol.'

/** Lines read_file returns when the model gives no `limit`. */
const DEFAULT_READ_LINES = 2000

/** Characters of file text read_file returns at most; whole lines are kept below this. */
const DEFAULT_READ_CHARS = 100000

/** The options of every command that reads or writes files, in the order --help lists them. */
const FILE_FLAGS = ['encoding', 'maxBytes', 'root']

// ---------------------------------------------------------------------------
// Flags of the command line only

/** --json: every command that prints a library result. @type {Param} */
const json = {
  name: 'json',
  role: 'cli',
  type: TYPES.boolean,
  doc: 'print the result as JSON',
  tool: none('the command line prints; a tool returns its result'),
  cli: flag('--json', 'print the result as JSON'),
}

/** @type {Param} */
const numbers = {
  name: 'numbers',
  role: 'cli',
  type: TYPES.boolean,
  doc: 'prefix each line with its number',
  tool: none('read_file always numbers its lines'),
  cli: flag('--numbers', `prefix each line with its number and ${GUTTER}`, { short: 'n' }),
}

/** @type {Param} */
const allowEmpty = {
  name: 'allowEmpty',
  role: 'cli',
  type: TYPES.boolean,
  doc: 'write empty content on purpose',
  tool: none('a model writes empty content by sending it'),
  cli: flag('--allow-empty', 'write empty content (the file becomes empty)'),
}

// ---------------------------------------------------------------------------
// The operations

/** @type {Operation} */
const readFile = {
  name: 'readFile',
  library: 'readFile',
  doc: "a file's text as a model should see it: the LF view of its lines, with its endings, BOM, encoding and version",
  params: [
    path,
    {
      name: 'offset',
      role: 'option',
      type: TYPES.line,
      default: '1',
      doc: 'the first line, 1-based (default 1)',
      model: 'First line to read, 1-based (default 1).',
      tool: arg('offset', [], { required: false }),
      cli: flag('--offset', 'first line to print, 1-based (default 1)', { value: 'N' }),
    },
    {
      name: 'limit',
      role: 'option',
      type: TYPES.line,
      default: 'all (read_file: 2000, or maxReadLines)',
      doc: 'how many lines (default: all)',
      model: (c) => `How many lines to read (default ${c.settings.maxReadLines}).`,
      tool: arg('limit', [], { required: false }),
      cli: flag('--limit', 'how many lines to print (default: all)', { value: 'N' }),
    },
    // Newer dskcode's spelling of the slice: its first and last line.
    {
      name: 'startLine',
      role: 'tool',
      type: TYPES.line,
      doc: 'the first line to read, as offset',
      tool: arg('start_line', ['startLine'], { hidden: true, required: false }),
      cli: none('--offset gives the first line'),
    },
    {
      name: 'endLine',
      role: 'tool',
      type: TYPES.line,
      doc: 'the last line to read, instead of a count',
      tool: arg('end_line', ['endLine'], { hidden: true, required: false }),
      cli: none('--limit gives the count'),
    },
    ...READ_OPTIONS,
    numbers,
    variant(json, { cli: flag('--json', 'print the whole result (endings, BOM, encoding, version) as JSON') }),
  ],
  tool: {
    name: 'read_file',
    title: 'Read file',
    description: (c) =>
      'Read a text file. Output: a [header] with the line count, line endings, BOM, encoding and version, ' +
      `then one line per file line as <line number>${GUTTER}<text>; the number and ${GUTTER} are not part ` +
      `of the file, everything after ${GUTTER} is the line exactly. Line breaks are shown as \\n whatever ` +
      `the file uses. offset is the first line (1-based); at most ${c.settings.maxReadLines} lines by default ` +
      '(limit); a footer says how to read more when the output is cut. Read a file before editing it.',
    effects: { readOnly: true },
    warningLine: '[warning: {}]',
  },
  cli: {
    name: 'read',
    summary: "print a file's text (LF line breaks)",
    about:
      "Prints the file's text as a model sees it: every line ending shown as LF, " +
      "without the BOM, decoded from UTF-16 or the file's legacy encoding if needed.",
  },
}

/** @type {Operation} */
const editFile = {
  name: 'editFile',
  library: 'editFile',
  doc: 'replaces oldText with newText in a file; every line keeps its own ending',
  params: [path, oldText, newText, replaceAll, ...GUARD_OPTIONS, tiers, ...CHANGE_OPTIONS, variant(json, { cli: flag('--json', 'print the result as JSON instead of the diff') })],
  tool: {
    name: 'edit_file',
    title: 'Edit file',
    description:
      'Replace old_text with new_text in a file and return the diff. old_text must match exactly one place ' +
      '(add surrounding lines to make it unique) unless replace_all is true. ' +
      [READ_FIRST, PRESERVE, GUARDED, TIERS, CHANGE_EOL].join(' '),
    effects: { readOnly: false, destructive: true, idempotent: false },
  },
  cli: {
    name: 'edit',
    summary: "replace text, keeping each line's ending",
    about:
      'Replaces the one place where --old matches (every place with --replace-all) and ' +
      'prints the diff. Write line breaks as LF; the file keeps its own endings and BOM. ' +
      'Lenient matching (Unicode look-alikes, trailing whitespace, indentation, literal ' +
      'escapes such as \\n) is tried when the text is not found exactly.',
  },
}

/** @type {Operation} */
const multiEdit = {
  name: 'multiEdit',
  library: 'multiEdit',
  doc: 'applies several edits to a file in order, all or nothing',
  params: [path, edits, ...GUARD_OPTIONS, tiers, ...CHANGE_OPTIONS],
  tool: {
    name: 'multi_edit',
    title: 'Edit file (several edits)',
    description:
      'Apply several edits to one file, in order (each on the result of the previous), all or nothing: if ' +
      'one fails nothing is written and the error names it (edit #N). Each edit is {old_text, new_text, ' +
      'replace_all?} with the rules of edit_file: old_text must match one place unless replace_all. ' +
      [READ_FIRST, PRESERVE, GUARDED, TIERS, CHANGE_EOL].join(' '),
    effects: { readOnly: false, destructive: true, idempotent: false },
  },
  cli: { none: 'one edit a command: several edits of one file in one step are a patch (eol-edit patch)' },
}

/** @type {Operation} */
const deleteRange = {
  name: 'deleteRange',
  library: 'deleteRange',
  doc: 'deletes the lines between two anchor lines, or the anchors too with inclusive',
  params: [path, anchor('start'), anchor('end'), anchorLine('start'), anchorLine('end'), inclusive, ...CHANGE_OPTIONS, json],
  tool: {
    name: 'delete_range',
    title: 'Delete lines',
    description:
      'Delete the lines between two anchor lines of a file. An anchor is one whole line exactly as read_file ' +
      'shows it (without the number prefix), or a 1-based line number; each must identify one line. Give each ' +
      'end as start_anchor/end_anchor, or by number as start_line/end_line. The anchor lines are kept unless ' +
      'inclusive is true. Other lines keep their bytes and line endings. ' +
      READ_FIRST,
    effects: { readOnly: false, destructive: true, idempotent: false },
  },
  cli: {
    name: 'delete-range',
    summary: 'delete the lines between two anchors',
    about:
      'Deletes the lines between two anchors and prints the diff. An anchor is a whole ' +
      'line of the file, or a number, which is taken as a 1-based line number. The ' +
      'anchor lines are kept unless --inclusive is given.',
  },
}

/** @type {Operation} */
const writeFile = {
  name: 'writeFile',
  library: 'writeFile',
  doc: "writes a whole file, keeping an existing file's line endings and BOM",
  params: [
    path,
    {
      name: 'content',
      role: 'arg',
      type: TYPES.textOrBytes,
      doc: 'the whole new content, with LF line breaks',
      model: 'The whole new content, line breaks written as \\n.',
      tool: arg('content', ['text']),
      cli: { kind: 'stdin', help: 'the content, read from stdin' },
    },
    {
      name: 'eol',
      role: 'option',
      type: oneOf(['preserve', 'lf', 'crlf']),
      default: 'preserve',
      doc: 'the line endings: preserve the file\'s own, or convert the whole file to "lf" or "crlf"',
      model: 'Line endings: "preserve" (default) keeps the file\'s own; "lf"/"crlf" convert on purpose.',
      tool: arg('eol', [], { required: false }),
      cli: flag('--eol', 'force one line ending for the whole file', { value: 'lf|crlf' }),
    },
    allowEmpty,
    ...GUARD_OPTIONS,
    ...CHANGE_OPTIONS,
    json,
  ],
  tool: {
    name: 'write_file',
    title: 'Write file',
    description:
      'Write a whole file, creating missing folders. ' +
      PRESERVE +
      ' ' +
      GUARDED +
      " Overwriting keeps the old file's line endings and BOM; a new file takes its ending from " +
      '.editorconfig/.gitattributes, else LF. Set eol to "lf" or "crlf" only to convert the whole file on ' +
      'purpose. Prefer edit_file for changing part of a file. ' +
      READ_FIRST,
    effects: { readOnly: false, destructive: true, idempotent: true },
  },
  cli: {
    name: 'write',
    summary: 'write stdin to a file, keeping its endings and BOM',
    about:
      'Writes the content read from stdin to the file. An existing file keeps its line ' +
      'endings and BOM (unchanged lines keep their bytes); a new file takes its ending ' +
      'from .editorconfig or .gitattributes, else LF. Missing folders are created. ' +
      'The content must come from a pipe or a file, not a terminal, and empty content ' +
      '(or a BOM alone) is refused unless --allow-empty is given (so that </dev/null or a failed ' +
      'command before the pipe never empties a file). The content is UTF-8, or what its BOM ' +
      'says (UTF-16); content in another encoding needs --encoding, and is refused without it ' +
      'rather than written with replacement characters.',
  },
}

/** @type {Operation} */
const convertEol = {
  name: 'convertEol',
  library: 'convertEol',
  doc: 'converts every line ending of a file',
  params: [
    variant(path, { cli: positional('<path>...', { variadic: true }) }),
    {
      name: 'to',
      role: 'arg',
      type: oneOf(['lf', 'crlf', 'cr']),
      doc: 'the ending to convert to',
      tool: none('not a tool: write_file with eol "lf" or "crlf" converts a file on purpose'),
      cli: flag('--to', 'the ending to convert to (required)', { value: 'lf|crlf|cr', required: true }),
    },
    ...CHANGE_OPTIONS.map((p) =>
      p === dryRun
        ? variant(p, { cli: flag('--dry-run', 'report, change nothing') })
        : p === durable
          ? variant(p, { cli: flag('--durable', 'fsync each file and its folder before exiting') })
          : p,
    ),
    variant(json, { cli: flag('--json', 'print the results as JSON') }),
  ],
  tool: { none: 'write_file with eol "lf" or "crlf" converts a file on purpose; a model changes endings only when it is asked to' },
  cli: {
    name: 'convert',
    summary: 'convert every line ending on purpose',
    about:
      'Converts every line ending of each file. A file that already has only those ' +
      'endings is reported as unchanged (not an error).',
  },
}

/** @type {Operation} */
const convertEncoding = {
  name: 'convertEncoding',
  library: 'convertEncoding',
  doc: 'writes a file in another encoding; its text, endings and lines stay as they are',
  params: [
    path,
    {
      name: 'to',
      role: 'arg',
      type: TYPES.label,
      doc: 'the encoding to write the file in (a WHATWG label)',
      tool: none('not a tool'),
      cli: none('not a command'),
    },
    {
      name: 'bom',
      role: 'option',
      type: TYPES.boolean,
      doc: 'write a BOM (UTF-8; UTF-16 always has one)',
      tool: none('not a tool'),
      cli: none('not a command'),
    },
    ...CHANGE_OPTIONS,
  ],
  tool: { none: "the tools keep the encoding a file has: changing it is the user's decision, not a model's" },
  cli: { none: 'the commands keep the encoding a file has; a program that means to change it calls the library' },
}

/** Why the tools and the commands have no readFileBytes or restoreFile. */
const HOST_UNDO =
  "a host's undo: what a file had before a change, put back exactly; a model changes files through the tools, which show it text"

/** @type {Operation} */
const readFileBytes = {
  name: 'readFileBytes',
  library: 'readFileBytes',
  doc: "a text file's exact bytes (its BOM included) and their version, read as readFile reads it",
  params: [path, ...READ_OPTIONS],
  tool: { none: HOST_UNDO },
  cli: { none: HOST_UNDO },
}

/** @type {Operation} */
const restoreFile = {
  name: 'restoreFile',
  library: 'restoreFile',
  doc: 'puts bytes back as a file\'s whole content exactly, if the file still has expectedVersion; a replaced file keeps its mode',
  params: [
    path,
    {
      name: 'bytes',
      role: 'arg',
      type: TYPES.buffer,
      doc: 'the bytes to put back (as readFileBytes gave them)',
      tool: none(HOST_UNDO),
      cli: none(HOST_UNDO),
    },
    ...CHANGE_OPTIONS,
  ],
  tool: { none: HOST_UNDO },
  cli: { none: HOST_UNDO },
}

/** @type {Operation} */
const applyPatch = {
  name: 'applyPatch',
  library: 'applyPatch',
  doc: 'applies a patch (the apply_patch format or a unified diff) to every file it names, all or nothing',
  params: [
    {
      name: 'patch',
      role: 'arg',
      type: { kind: 'string', nonEmpty: true, ts: 'string', library: 'string | Buffer' },
      doc: 'the patch',
      model: 'The whole patch, from *** Begin Patch to *** End Patch (or a unified diff), line breaks as \\n.',
      // Codex calls it input, OpenCode patchText.
      tool: arg('input', ['patchText', 'patch_text', 'patch']),
      cli: positional('[FILE|-]', { optional: true }),
    },
    ...GUARD_OPTIONS,
    variant(encoding, {
      model: (c) =>
        `The encoding of the patched files, only when they are not UTF-8 and ${c.tool('readFile')} says their encoding could ` +
        "not be told (or a message asks for it): a label such as 'windows-1252'. Default: detected per file.",
    }),
    root,
    cwd,
    maxBytes,
    {
      name: 'expectedVersions',
      role: 'option',
      type: TYPES.versions,
      doc: 'the version each file must still have, by its path as the patch names it',
      tool: set("each file's version as it last read or wrote it (stale reads)"),
      cli: none('the command reads and writes the files in one step'),
    },
    variant(dryRun, { cli: flag('--check', 'check that the patch applies and print what it would do; change nothing') }),
    variant(durable, { cli: flag('--durable', 'fsync each file and its folder before exiting') }),
    json,
  ],
  tool: {
    name: 'apply_patch',
    title: 'Apply a patch',
    description:
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
      'Copy context from read_file (without the number prefix); a file changed since you read it fails with ' +
      "FILE_CHANGED. Write line breaks as \\n: each file keeps its own line endings, BOM and encoding. Context " +
      'that differs from the file only in trailing whitespace, quote style or indentation still matches. If any ' +
      'hunk fails, no file is written. ' +
      GUARDED,
    effects: { readOnly: false, destructive: true, idempotent: false },
  },
  cli: {
    name: 'patch',
    summary: 'apply a patch (apply_patch format or unified diff) from FILE or stdin',
    about:
      'Applies a patch read from FILE (or stdin, when FILE is - or left out) to the files ' +
      'it names, all or nothing: if any part fails, no file is changed. The patch is the ' +
      'apply_patch format (*** Begin Patch ... *** End Patch, with Add File, Delete File, ' +
      'Update File and Move to sections) or a unified diff (diff -u, git diff). Each file ' +
      'keeps its own line endings, BOM and encoding; paths are taken from the current folder. ' +
      'A patch on stdin must come from a pipe or a file, not a terminal. A patch that is not ' +
      'UTF-8 (nor UTF-16 with a BOM) is read in the --encoding given, and refused without it.',
  },
}

/** A function on text in memory: no front-end but the library has it. */
const IN_MEMORY = 'works on text in memory; the tools and the commands work on files'

/** @type {Param} */
const contentName = {
  name: 'path',
  role: 'option',
  type: TYPES.text,
  doc: 'names the content in the diff header and in errors (and, for guards, its language)',
  tool: none(IN_MEMORY),
  cli: none(IN_MEMORY),
}

/** @type {Param} */
const content = {
  name: 'content',
  role: 'arg',
  type: TYPES.content,
  doc: 'the text, or its bytes',
  tool: none(IN_MEMORY),
  cli: none(IN_MEMORY),
}

/** @param {Param} p @returns {Param} */
const inMemory = (p) => variant(p, { tool: none(IN_MEMORY), cli: none(IN_MEMORY), mcp: undefined })

/** @type {Operation} */
const applyEdits = {
  name: 'applyEdits',
  library: 'applyEdits',
  doc: 'applies edits to a string or a Buffer, as editFile does to a file',
  params: [content, inMemory(edits), inMemory(encoding), contentName, inMemory(guards), inMemory(tiers)],
  tool: { none: IN_MEMORY },
  cli: { none: IN_MEMORY },
}

/** @type {Operation} */
const applyDeleteRange = {
  name: 'applyDeleteRange',
  library: 'applyDeleteRange',
  doc: 'deletes the lines between two anchors of a string or a Buffer, as deleteRange does in a file',
  params: [content, inMemory(anchor('start')), inMemory(anchor('end')), inMemory(encoding), inMemory(inclusive), contentName],
  tool: { none: IN_MEMORY },
  cli: { none: IN_MEMORY },
}

/** @type {Operation} */
const inspect = {
  name: 'inspect',
  library: null,
  doc: 'reports the line endings, BOM and encoding of files (for CI)',
  params: [
    {
      name: 'paths',
      role: 'cli',
      type: TYPES.text,
      doc: 'files and folders to walk (default: the current folder)',
      tool: none('the command line only'),
      cli: positional('[path...]', { variadic: true, optional: true }),
    },
    variant(json, { cli: flag('--json', 'print the report as JSON') }),
    {
      name: 'failOnMixed',
      role: 'cli',
      type: TYPES.boolean,
      doc: 'exit with status 1 when any file has mixed endings',
      tool: none('the command line only'),
      cli: flag('--fail-on-mixed', 'exit with status 1 when any file has mixed endings'),
    },
    variant(encoding, {
      cli: flag('--encoding', 'the encoding of files that are not UTF-8 and whose encoding cannot be told from their bytes', {
        value: 'LABEL',
      }),
    }),
    variant(maxBytes, { cli: flag('--max-bytes', 'larger files are skipped as too large (default 64 MiB)', { value: 'N' }) }),
  ],
  tool: { none: 'the command line only: a model reads the endings of a file in read_file\'s header' },
  cli: {
    name: 'inspect',
    summary: 'report line endings, BOM and encoding of files',
    about:
      'Walks the given files and folders (default: the current folder), skipping .git,\n' +
      "node_modules and binary files, and reports each text file's line endings\n" +
      '(lf, crlf, cr, mixed or none), BOM and encoding, then a summary.',
  },
}

/** @type {Operation} */
const demo = {
  name: 'demo',
  library: null,
  doc: 'edits CRLF, mixed, CR, BOM and UTF-16 files and shows the bytes',
  params: [],
  tool: { none: 'the command line only' },
  cli: {
    name: 'demo',
    summary: 'edit CRLF, mixed, CR, BOM and UTF-16 files and show the bytes',
    about:
      'In a temporary folder (removed afterwards), edits CRLF, mixed, lone-CR, UTF-8 BOM ' +
      'and UTF-16 files the way a model writes edits (line breaks as \\n), and shows ' +
      'each file\'s bytes before and after with the endings visible (\\r\\n, \\n, \\r).',
  },
}

/** @type {Operation} */
const mcp = {
  name: 'mcp',
  library: null,
  doc: 'serves the agent tools over MCP (stdio)',
  params: [
    variant(root, { cli: flag('--root', 'a folder the tools may use (repeatable)', { value: 'DIR', multiple: true }) }),
    variant(durable, { cli: flag('--durable', 'fsync each file the tools write, and its folder, before answering') }),
    {
      name: 'guard',
      role: 'cli',
      type: TYPES.text,
      doc: "a guard's setting for the tools served (createTools' guards)",
      tool: none('the host sets it: createTools({ guards })'),
      cli: flag('--guard', "GUARD=off turns a guard off; GUARD=final keeps the model's allow from letting it through (repeatable)", {
        value: 'GUARD=SETTING',
        multiple: true,
      }),
    },
  ],
  tool: { none: 'the command line only' },
  cli: {
    name: 'mcp',
    summary: 'serve the agent tools over MCP (stdio)',
    about:
      'Runs an MCP server over stdio (for Claude Desktop, Cursor, VS Code, OpenCode and ' +
      'other MCP clients) with the tools read_file, write_file, edit_file, multi_edit, ' +
      'delete_range and apply_patch. Every path must be inside a root; relative paths are taken from the ' +
      'first root. Stdout carries only protocol messages; diagnostics go to stderr.\n\n' +
      'Without --root, the roots are the workspace folders the client announces (MCP ' +
      'roots), else the folder the server was started in. The root of the file system, ' +
      'your home folder and any folder that contains it are never served unless --root ' +
      'names them: such a client root is skipped, and such a start folder makes the ' +
      'server exit with status 2; stderr says which folder and how to serve it.\n\n' +
      'A message over 66 MiB (more than the largest file the tools read or write, 64 MiB, ' +
      'with its JSON) is answered with a JSON-RPC error, and the server goes on serving.\n\n' +
      'Needs the MCP SDK, an optional peer dependency:\n\n' +
      '  npm install @modelcontextprotocol/sdk@1',
    after:
      'Client configuration (claude_desktop_config.json, .cursor/mcp.json):\n' +
      '  {"mcpServers": {"eol-edit": {"command": "npx", "args": ["-y", "-p", "eol-edit",\n' +
      '    "-p", "@modelcontextprotocol/sdk@1", "eol-edit", "mcp", "--root", "/path/to/project"]}}}\n' +
      'OpenCode (opencode.json):\n' +
      '  {"mcp": {"eol-edit": {"type": "local", "command": ["npx", "-y", "-p", "eol-edit",\n' +
      '    "-p", "@modelcontextprotocol/sdk@1", "eol-edit", "mcp", "--root", "/path/to/project"]}}}',
  },
}

/**
 * Every operation: the library's functions in the order of index.d.ts's API, then the
 * commands of the command line only. The tools come in this order in a tool set, and
 * the commands in `eol-edit --help`.
 */
const OPERATIONS = {
  readFile,
  writeFile,
  editFile,
  multiEdit,
  deleteRange,
  applyPatch,
  convertEol,
  convertEncoding,
  readFileBytes,
  restoreFile,
  applyEdits,
  applyDeleteRange,
  inspect,
  demo,
  mcp,
}

/** The commands in the order `eol-edit --help` lists them. */
const COMMAND_ORDER = ['readFile', 'editFile', 'writeFile', 'deleteRange', 'convertEol', 'applyPatch', 'inspect', 'demo', 'mcp']

// ---------------------------------------------------------------------------
// createTools' own options: the host's settings of a tool set.

/**
 * One option of createTools.
 * @typedef {object} HostOption
 * @property {string} name
 * @property {string} ts its TypeScript type (tools.d.ts's CreateToolsOptions)
 * @property {string} doc
 */

/** @type {readonly HostOption[]} */
const TOOL_SET = [
  { name: 'root', ts: 'string | string[]', doc: 'the folder(s) every path must be inside' },
  { name: 'cwd', ts: 'string', doc: 'the folder relative paths are taken from' },
  { name: 'requireRead', ts: 'boolean', doc: 'refuse to change an existing file the tool set has not read' },
  { name: 'approve', ts: 'Approve', doc: 'asked, with the prepared change, before every write' },
  { name: 'maxReadLines', ts: 'number', doc: 'lines read_file returns when the model gives no limit' },
  { name: 'maxReadChars', ts: 'number', doc: 'characters of file text read_file returns at most' },
  { name: 'maxBytes', ts: 'number', doc: "the library's maxBytes" },
  { name: 'durable', ts: 'boolean', doc: "the library's durable" },
  { name: 'shape', ts: "'dskcode' | 'opencode' | 'claude-code' | 'gemini-cli' | 'cline' | 'roo'", doc: "whose tools: their names, arguments, results and words (default 'dskcode')" },
  { name: 'readState', ts: 'ReadState', doc: 'what the model has seen of each file, shared with other tool sets and the host (createReadState)' },
  { name: 'guards', ts: 'GuardSettings', doc: "each guard 'on' (the default), 'off', or 'final' (the model's allow cannot let it through)" },
]

// ---------------------------------------------------------------------------
// Vocabularies

/**
 * What one vocabulary calls a tool and its arguments.
 * @typedef {object} Vocabulary
 * @property {string} name
 * @property {(operation: Operation) => string | undefined} tool the tool's name, or undefined when the vocabulary has no such tool
 * @property {(operation: Operation, param: Param) => ({ name: string, aliases: readonly string[], hidden?: boolean, required?: boolean } | undefined)} arg
 *   the argument's name and other spellings, or undefined when its tool does not take it
 */

/** The agent tools' own vocabulary (dskcode's names): what each declaration says. @type {Vocabulary} */
const TOOLS = {
  name: 'dskcode',
  tool: (operation) => ('name' in operation.tool ? operation.tool.name : undefined),
  arg: (_operation, param) => (param.tool.kind === 'arg' ? param.tool : undefined),
}

/**
 * One operation in a host's vocabulary: its tool's name, each argument's name by the
 * library's name of its parameter (an argument the table leaves out is not taken),
 * other spellings taken for some (`aliases`), arguments taken but left out of the
 * schema (`hidden`: the spellings of another version of the host), and where the host
 * requires an argument the declaration does not, or the other way round (`required`).
 * @typedef {object} HostEntry
 * @property {string} tool
 * @property {Record<string, string>} args
 * @property {Record<string, readonly string[]>} [aliases]
 * @property {readonly string[]} [hidden]
 * @property {Record<string, boolean>} [required]
 */

/**
 * A host's vocabulary, from a table of what it calls each operation it has and its
 * arguments: `{ editFile: { tool: 'Edit', args: { path: 'file_path', … }, aliases: {
 * path: ['filePath'] } } }`. Its tools are renderings of the same declarations: the
 * schemas (lib/tools/schemas.js) and the readers of their arguments (lib/tools/args.js)
 * take a vocabulary, and so does the wording of messages (lib/tools/wording.js).
 * @param {Record<string, HostEntry>} table
 * @param {string} [name]
 * @returns {Vocabulary}
 */
function vocabulary(table, name = 'host') {
  return {
    name,
    tool: (operation) => table[operation.name] && table[operation.name].tool,
    arg: (operation, param) => {
      const entry = table[operation.name]
      const own = entry && entry.args[param.name]
      if (own === undefined) return undefined
      const taken = param.tool.kind === 'arg' ? param.tool : undefined
      const required = entry.required && param.name in entry.required ? entry.required[param.name] : taken ? taken.required : undefined
      /** @type {{ name: string, aliases: readonly string[], hidden?: boolean, required?: boolean }} */
      const named = { name: own, aliases: (entry.aliases && entry.aliases[param.name]) || [], required }
      if (entry.hidden && entry.hidden.includes(param.name)) named.hidden = true
      return named
    },
  }
}

/**
 * The context a vocabulary renders text in.
 * @param {Vocabulary} words
 * @param {{ maxReadLines: number, maxReadChars: number }} [settings]
 * @returns {RenderContext}
 */
function renderContext(words, settings = { maxReadLines: DEFAULT_READ_LINES, maxReadChars: DEFAULT_READ_CHARS }) {
  return {
    settings,
    tool: (name) => words.tool(operation(name)) || name,
    arg: (op, param) => {
      const o = operation(op)
      const p = o.params.find((x) => x.name === param)
      const named = p && words.arg(o, p)
      return named ? named.name : param
    },
  }
}

/**
 * Text in a rendering.
 * @param {Text | undefined} text
 * @param {RenderContext} context
 */
function render(text, context) {
  return typeof text === 'function' ? text(context) : text
}

/**
 * The operation of a name.
 * @param {string} name
 * @returns {Operation}
 */
function operation(name) {
  const found = /** @type {Record<string, Operation>} */ (OPERATIONS)[name]
  if (!found) throw new Error(`no operation ${JSON.stringify(name)}`)
  return found
}

/**
 * The library function's positional arguments and options.
 * @param {Operation} op
 */
function libraryParams(op) {
  return {
    args: op.params.filter((p) => p.role === 'arg'),
    options: op.params.filter((p) => p.role === 'option'),
  }
}

module.exports = {
  GUARD_REASONS,
  OPERATIONS,
  COMMAND_ORDER,
  TOOL_SET,
  TOOLS,
  TYPES,
  FILE_FLAGS,
  GUTTER,
  READ_FIRST,
  PRESERVE,
  GUARDED,
  TIERS,
  CHANGE_EOL,
  DEFAULT_READ_LINES,
  DEFAULT_READ_CHARS,
  vocabulary,
  renderContext,
  render,
  operation,
  libraryParams,
}
