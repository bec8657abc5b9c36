// @ts-check
'use strict'

// The command line's rendering of the operations (lib/operations.js): each command's
// flags, how its arguments are parsed into the library's arguments and options, its
// usage line, its --help and its line in `eol-edit --help`, and its words for the
// library's messages (wording.js `CLI_WORDS`). bin/eol-edit.js holds what
// each command does with them and how it prints the result.

const { parseArgs } = require('node:util')

const { COMMAND_ORDER, FILE_FLAGS, OPERATIONS, operation } = require('./operations.js')
const { callGuards, guardSettings } = require('./tools/guards.js')
const { CLI_WORDS, render, warningsOf } = require('./tools/wording.js')

/** @typedef {import('./operations.js').Operation} Operation */
/** @typedef {import('./operations.js').Param} Param */
/** @typedef {import('./operations.js').CommandDecl} CommandDecl */
/** @typedef {Extract<import('./operations.js').CliReach, { kind: 'flag' }>} Flag */
/** @typedef {Extract<import('./operations.js').CliReach, { kind: 'positional' }>} Positional */

/** Bad usage: exit status 2, and the command's --help named. */
class UsageError extends Error {
  /** @param {string} message */
  constructor(message) {
    super(message)
    /** @type {string | undefined} the command, once known */
    this.command = undefined
  }
}

/**
 * A command of the command line.
 * @typedef {object} Command
 * @property {string} name
 * @property {Operation} operation
 * @property {CommandDecl} decl
 * @property {Array<{ param: Param, flag: Flag }>} flags in the order --help lists them
 * @property {Array<{ param: Param, positional: Positional }>} positionals
 * @property {Param | undefined} stdin the parameter read from stdin
 */

/** @type {Map<string, Command>} */
const COMMANDS = new Map()
for (const name of COMMAND_ORDER) {
  const op = operation(name)
  if ('none' in op.cli) continue
  const decl = op.cli
  /** @type {Command['flags']} */
  const own = []
  /** @type {Command['flags']} */
  const shared = []
  /** @type {Command['positionals']} */
  const positionals = []
  /** @type {Param | undefined} */
  let stdin
  for (const param of op.params) {
    const reach = param.cli
    if (reach.kind === 'flag') (FILE_FLAGS.includes(param.name) ? shared : own).push({ param, flag: reach })
    else if (reach.kind === 'positional') positionals.push({ param, positional: reach })
    else if (reach.kind === 'stdin') stdin = param
  }
  shared.sort((a, b) => FILE_FLAGS.indexOf(a.param.name) - FILE_FLAGS.indexOf(b.param.name))
  COMMANDS.set(decl.name, { name: decl.name, operation: op, decl, flags: [...own, ...shared], positionals, stdin })
}

/**
 * The command of a name, or undefined.
 * @param {string} name
 */
function command(name) {
  return COMMANDS.get(name)
}

/** @param {Flag} flag */
function long(flag) {
  return flag.flag.replace(/^--/, '')
}

/**
 * What a command was given: `help`, or its positional arguments and flags, each by its
 * parameter's name (`args.path`, `flags.replaceAll`, `flags.json`), and `options`: the
 * library's options the flags set (only those given).
 * @typedef {{ help: true } | { help: false, args: Record<string, unknown>, flags: Record<string, unknown>, options: Record<string, unknown> }} Parsed
 */

/**
 * Parses a command's arguments; bad usage throws a UsageError.
 * @param {Command} cmd
 * @param {string[]} argv
 * @returns {Parsed}
 */
function parse(cmd, argv) {
  /** @type {Record<string, { type: 'string' | 'boolean', short?: string, multiple?: boolean }>} */
  const options = { help: { type: 'boolean', short: 'h' } }
  for (const { flag } of cmd.flags) {
    /** @type {{ type: 'string' | 'boolean', short?: string, multiple?: boolean }} */
    const spec = { type: flag.value === undefined ? 'boolean' : 'string' }
    if (flag.short) spec.short = flag.short
    if (flag.multiple) spec.multiple = true
    options[long(flag)] = spec
  }
  let parsed
  try {
    parsed = parseArgs({ args: argv, options, allowPositionals: true, strict: true })
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error))
  }
  const values = /** @type {Record<string, unknown>} */ (parsed.values)
  if (values.help) return { help: true }

  const given = parsed.positionals
  const variadic = cmd.positionals.some((p) => p.positional.variadic)
  const min = cmd.positionals.filter((p) => !p.positional.optional).length
  const max = variadic ? Infinity : cmd.positionals.length
  if (given.length < min) {
    throw new UsageError(`${cmd.name}: missing ${min - given.length === 1 && min === 1 ? 'the path' : 'arguments'}.`)
  }
  if (given.length > max) throw new UsageError(`${cmd.name}: unexpected argument ${JSON.stringify(given[max])}.`)
  /** @type {Record<string, unknown>} */
  const args = {}
  cmd.positionals.forEach(({ param, positional }, i) => {
    if (positional.variadic) args[param.name] = given.slice(i)
    else if (i < given.length) args[param.name] = given[i]
  })

  /** @type {Record<string, unknown>} */
  const flags = {}
  /** @type {Record<string, unknown>} */
  const library = {}
  for (const { param, flag } of cmd.flags) {
    const raw = values[long(flag)]
    if (raw === undefined || (Array.isArray(raw) && raw.length === 0) || raw === false) {
      if (flag.required) {
        const note = typeof flag.required === 'string' ? ` (${flag.required})` : ''
        throw new UsageError(`${cmd.name}: ${flag.flag} ${flag.value} is required${note}.`)
      }
      continue
    }
    const value = flagValue(cmd, param, flag, raw)
    if (param.role === 'arg') args[param.name] = value
    else flags[param.name] = value
    if (param.role === 'option') library[param.name] = value
  }
  // A command that brings text in runs every guard but those --allow lets through.
  if (cmd.operation.params.some((p) => p.name === 'guards')) {
    const guards = callGuards(EVERY_GUARD, /** @type {string[] | undefined} */ (flags.allow) || [])
    if (guards !== undefined) library.guards = guards
  }
  return { help: false, args, flags, options: library }
}

/** The command line's guards: every one on. */
const EVERY_GUARD = guardSettings(undefined, 'eol-edit')

/**
 * A flag's value, as its parameter's type has it.
 * @param {Command} cmd
 * @param {Param} param
 * @param {Flag} flag
 * @param {unknown} raw
 */
function flagValue(cmd, param, flag, raw) {
  const { type } = param
  switch (type.kind) {
    case 'boolean':
      return true
    case 'integer': {
      const text = String(raw)
      if (!/^\d+$/.test(text)) throw new UsageError(`${flag.flag} must be a whole number, not ${JSON.stringify(text)}.`)
      return Number(text)
    }
    case 'enum': {
      const values = type.values || []
      if (!values.includes(String(raw))) {
        const shown = values.length <= 1 ? values.join('') : `${values.slice(0, -1).join(', ')} or ${values[values.length - 1]}`
        throw new UsageError(`${cmd.name}: ${flag.flag} must be ${shown}, not ${JSON.stringify(raw)}.`)
      }
      return raw
    }
    case 'subset': {
      const values = type.values || []
      const given = /** @type {string[]} */ (Array.isArray(raw) ? raw : [raw])
      const wrong = given.find((v) => !values.includes(v))
      if (wrong !== undefined) {
        throw new UsageError(`${cmd.name}: ${flag.flag} takes ${values.slice(0, -1).join(', ')} or ${values[values.length - 1]}, not ${JSON.stringify(wrong)}.`)
      }
      return [...new Set(given)]
    }
    default:
      return raw
  }
}

/** Width of the flags' column in --help. */
const FLAG_COLUMN = 20
/** Width of the commands' column in `eol-edit --help`. */
const COMMAND_COLUMN = 37
/** Lines of --help are wrapped to this width. */
const WIDTH = 80

/**
 * `text` wrapped to `width`, its lines after the first indented by `indent`.
 * @param {string} text
 * @param {number} indent
 * @param {number} [first] the first line's indent, if different
 */
function wrap(text, indent, first = indent) {
  const lines = []
  let line = ''
  let room = WIDTH - first
  for (const word of text.split(' ')) {
    if (line !== '' && line.length + 1 + word.length > room) {
      lines.push(line)
      line = word
      room = WIDTH - indent
    } else {
      line = line === '' ? word : `${line} ${word}`
    }
  }
  lines.push(line)
  return lines.join('\n' + ' '.repeat(indent))
}

/**
 * The synopsis of a command: its positionals and required flags (`edit <path> --old
 * TEXT --new TEXT`).
 * @param {Command} cmd
 */
function synopsis(cmd) {
  const parts = [cmd.name, ...cmd.positionals.map((p) => p.positional.shown)]
  for (const { flag } of cmd.flags) if (flag.required) parts.push(`${flag.flag} ${flag.value}`)
  return parts.join(' ')
}

/**
 * `eol-edit <command> --help`.
 * @param {Command} cmd
 */
function commandHelp(cmd) {
  const optional = cmd.flags.some(({ flag }) => !flag.required)
  const usage = `Usage: eol-edit ${synopsis(cmd)}${optional ? ' [options]' : ''}${cmd.stdin ? ' < content' : ''}`
  const about = cmd.decl.about.split('\n\n').map((paragraph) => (paragraph.startsWith(' ') ? paragraph : wrap(paragraph, 0)))
  const out = [usage, '', about.join('\n\n')]
  if (cmd.flags.length > 0) {
    out.push('', 'Options:')
    for (const { flag } of cmd.flags) {
      const name = `  ${flag.short ? `-${flag.short}, ` : ''}${flag.flag}${flag.value ? ` ${flag.value}` : ''}`
      const padded = name.length + 2 > FLAG_COLUMN ? `${name}  ` : name.padEnd(FLAG_COLUMN)
      out.push(padded + wrap(flag.help, FLAG_COLUMN, padded.length))
    }
  }
  if (cmd.decl.after) out.push('', cmd.decl.after)
  return out.join('\n')
}

/** `eol-edit --help`. */
function mainHelp() {
  const lines = [...COMMANDS.values()].map((cmd) => `  ${synopsis(cmd).padEnd(COMMAND_COLUMN - 2)}${cmd.decl.summary}`)
  return [
    'eol-edit: edit files without damaging line endings, BOMs or untouched bytes.',
    '',
    'Usage: eol-edit <command> [options]',
    '',
    'Commands:',
    ...lines,
    '',
    "Run 'eol-edit <command> --help' for a command's options.",
    'Exit status: 0 success, 1 a failed operation, 2 bad usage.',
  ].join('\n')
}

/**
 * An error of the library in the command line's words: its parts and its hint's
 * rendered with its commands and flags (`'eol-edit write'`, `--encoding gbk`); an
 * error without parts as its message says.
 * @param {{ message?: unknown, parts?: unknown, hintParts?: unknown }} error
 * @returns {string}
 */
function errorText(error) {
  if (!Array.isArray(error.parts)) return String(error.message)
  const said = render(error.parts, CLI_WORDS)
  return Array.isArray(error.hintParts) ? `${said} ${render(error.hintParts, CLI_WORDS)}` : said
}

/**
 * A library result's warnings in the command line's words.
 * @param {{ warnings?: readonly string[], warningParts?: ReadonlyArray<readonly import('../index.js').MessagePart[]> }} result
 */
function warningTexts(result) {
  return warningsOf(result, CLI_WORDS)
}

module.exports = { COMMANDS, OPERATIONS, UsageError, command, parse, commandHelp, mainHelp, errorText, warningTexts }
