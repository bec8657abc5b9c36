// What each front-end's messages may name. A model using the agent tools (directly or
// over MCP) can only act on the tools and their arguments; a user of the command line
// only on its commands and flags. A message, hint or warning naming something else
// (the library's `replaceAll`, `encoding: 'utf-16le'` option syntax, a flag a model
// cannot pass) sends its reader looking for what they do not have. These checkers
// find such names in the text a front-end produced.
import * as fs from 'node:fs'
import * as path from 'node:path'

import * as core from '../../index.js'

/**
 * The library's own camelCase names: its exported functions and the keys of its
 * options objects, read from index.d.ts so that a new option is checked too.
 */
export function libraryNames(): string[] {
  const functions = Object.keys(core).filter((name) => /^[a-z]+[A-Z]/.test(name))
  const dts = fs.readFileSync(path.join(__dirname, '..', '..', 'index.d.ts'), 'utf8')
  const keys = new Set<string>()
  for (const body of dts.matchAll(/export interface \w*Options\w* \{([\s\S]*?)\n\}/g)) {
    for (const key of body[1].matchAll(/^ {2}(\w+)\??:/gm)) if (/[A-Z]/.test(key[1])) keys.add(key[1])
  }
  return [...new Set([...functions, ...keys])]
}

/** What a host passes to `eol-edit/tools`; a model cannot. */
const HOST_NAMES = ['createTools', 'requireRead', 'maxReadLines', 'maxReadChars', 'toOpenAITools', 'toAnthropicTools']

const { OPERATIONS } = require('../../lib/operations.js') as typeof import('../../lib/operations.js')
const { COMMANDS } = require('../../lib/cli.js') as typeof import('../../lib/cli.js')

/**
 * The agent tools' own names and arguments, which the command line does not take,
 * from their declarations: every tool but apply_patch (the command line reads "the
 * apply_patch format" too), and every argument spelt with an underscore.
 */
const TOOL_NAMES = Object.values(OPERATIONS).flatMap((op) => ('name' in op.tool && op.tool.name !== 'apply_patch' ? [op.tool.name] : []))
const TOOL_ARGUMENTS = [
  ...new Set(
    Object.values(OPERATIONS).flatMap((op) =>
      op.params.flatMap((p) => [p, ...(p.type.fields ?? [])]).flatMap((p) => (p.tool.kind === 'arg' && p.tool.name.includes('_') ? [p.tool.name] : [])),
    ),
  ),
]

function named(text: string, names: readonly string[], what: string): string[] {
  return names.filter((name) => new RegExp(`\\b${name}\\b`).test(text)).map((name) => `${what} ${name}`)
}

/** The library's way of naming its `encoding` option. */
function optionSyntax(text: string): string[] {
  const problems: string[] = []
  if (/\bencoding: ?'/.test(text)) problems.push("the option syntax encoding: '…'")
  if (/\b(the|an?) `?encoding`? option\b|\boption `?encoding`?/.test(text)) problems.push('"the encoding option"')
  return problems
}

/** The flags of the `eol-edit` commands, from their declarations. */
const CLI_FLAGS = [...new Set([...COMMANDS.values()].flatMap((c) => c.flags.map((f) => f.flag.flag.replace(/^--/, ''))))]

/**
 * Names in a tool result (of the tools or the MCP server) that the tools do not take:
 * the library's camelCase names, the host's options, option syntax, command-line flags
 * and commands. `allowFlags`: flags the front-end's own messages may name for its user
 * (the MCP server's `--root`).
 */
export function toolOutputProblems(text: string, { allowFlags = [] as string[] } = {}): string[] {
  const flags = CLI_FLAGS.filter((flag) => !allowFlags.includes(`--${flag}`))
  return [
    ...named(text, libraryNames(), 'the library name'),
    ...named(text, HOST_NAMES, "the host's name"),
    ...optionSyntax(text),
    ...flags.filter((flag) => new RegExp(`(^|[\\s(\`'"])--${flag}\\b`, 'm').test(text)).map((flag) => `the command-line flag --${flag}`),
    ...(/\beol-edit (read|write|edit|convert|patch|delete-range|inspect)\b/.test(text) ? ['an eol-edit command'] : []),
  ]
}

/**
 * Names in the command line's messages that it does not take: the library's camelCase
 * names, the agent tools' names and arguments, and option syntax of either.
 */
export function cliOutputProblems(text: string): string[] {
  return [
    ...named(text, libraryNames(), 'the library name'),
    ...named(text, TOOL_NAMES, 'the tool'),
    ...named(text, TOOL_ARGUMENTS, 'the tool argument'),
    ...optionSyntax(text),
    ...(/"encoding":|`encoding`|\bthe "?encoding"? argument\b/.test(text) ? ['the tool argument encoding'] : []),
  ]
}
