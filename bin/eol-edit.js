#!/usr/bin/env node
'use strict'

// `eol-edit`: the library's file functions for shells and humans, and
// `inspect` to find files whose line endings are mixed (for CI).
//
// Exit status: 0 success, 1 a failed operation, 2 bad usage.
// Errors go to stderr as `CODE: message`. Colour only when stdout is a TTY.

const fs = require('node:fs')
const nodePath = require('node:path')
const tty = require('node:tty')

const core = require('../lib/binding.js')
const cli = require('../lib/cli.js')

const { UsageError } = cli

const EXIT_OK = 0
const EXIT_FAILED = 1
const EXIT_USAGE = 2

// Each command's flags, their parsing and its --help come from the declarations of
// the operations (lib/operations.js, rendered by lib/cli.js); here is what each
// command does with them.

// ---------------------------------------------------------------------------
// Output

const colorOn = Boolean(process.stdout.isTTY) && !('NO_COLOR' in process.env) && process.env.TERM !== 'dumb'
const paint = (code) => (text) => (colorOn ? `\u001b[${code}m${text}\u001b[0m` : text)
const red = paint('31')
const green = paint('32')
const yellow = paint('33')
const cyan = paint('36')
const dim = paint('2')

function out(text) {
  process.stdout.write(text.endsWith('\n') || text === '' ? text : text + '\n')
}

function err(text) {
  process.stderr.write(text.endsWith('\n') ? text : text + '\n')
}

function printDiff(diff) {
  if (!diff) return
  const lines = diff.endsWith('\n') ? diff.slice(0, -1).split('\n') : diff.split('\n')
  // `---`/`+++` lines are the header only before the first hunk: after it, `--- x` is
  // a removed line that reads `-- x`.
  let inHunk = false
  out(
    lines
      .map((line) => {
        if (!inHunk && (line.startsWith('+++') || line.startsWith('---'))) return dim(line)
        if (line.startsWith('@@')) {
          inHunk = true
          return cyan(line)
        }
        if (line.startsWith('+')) return green(line)
        if (line.startsWith('-')) return red(line)
        if (line.startsWith('~')) return yellow(line)
        return line
      })
      .join('\n'),
  )
}

function printJson(value) {
  out(JSON.stringify(value, null, 2))
}

function endingsKind(eol) {
  const kinds = []
  if (eol.lf > 0) kinds.push('lf')
  if (eol.crlf > 0) kinds.push('crlf')
  if (eol.cr > 0) kinds.push('cr')
  if (kinds.length === 0) return 'none'
  return kinds.length === 1 ? kinds[0] : 'mixed'
}

/** Notes on stderr: a lenient match, and the result's warnings (a broken hard link…). */
function noteTiers(result) {
  const tiers = [...new Set((result.matchedBy || []).filter((t) => t !== 'exact'))]
  if (tiers.length > 0) {
    err(`note: matched by the lenient ${tiers.join(', ')} tier; lines not changed kept their bytes.`)
  }
  for (const warning of cli.warningTexts(result)) err(`warning: ${warning}`)
}

/** A library result for --json, its warnings in the command line's words. */
function worded(result) {
  const out = Object.assign({}, result)
  if (Array.isArray(out.warnings)) out.warnings = cli.warningTexts(result)
  // The parts are the library's, for a front-end to render: the command line did.
  delete out.warningParts
  if (Array.isArray(out.files)) out.files = out.files.map(worded)
  return out
}

// ---------------------------------------------------------------------------
// Arguments

/**
 * A command's arguments, parsed by its declaration: `{ help: true }`, or `args` (the
 * library's arguments: path, oldText, …), `flags` (every flag given) and `options`
 * (the library's options the flags set).
 */
function parse(name, argv) {
  return cli.parse(cli.command(name), argv)
}

/**
 * Everything on stdin, as bytes. A terminal is refused: the user would type into a
 * prompt they were not shown, and Ctrl-D would give empty content.
 * @param {string} command
 * @param {string} what `the content`, `the patch`
 * @param {string} instead how to give it
 */
function readStdin(command, what, instead) {
  if (tty.isatty(0)) {
    throw new UsageError(`${command}: ${what} is read from stdin, which is a terminal. ${instead}`)
  }
  try {
    return fs.readFileSync(0)
  } catch (error) {
    throw new UsageError(`${command}: could not read ${what} from stdin (${error.code || error.message}).`)
  }
}

/**
 * `--guard GUARD=SETTING` flags as createTools' `guards` (undefined when none).
 * @param {string[]} given
 */
function guardFlags(given) {
  if (given.length === 0) return undefined
  const { GUARD_REASONS } = require('../lib/operations.js')
  const guards = {}
  for (const flag of given) {
    const [reason, setting, ...rest] = flag.split('=')
    if (!GUARD_REASONS.includes(reason) || !['on', 'off', 'final'].includes(setting) || rest.length > 0) {
      throw new UsageError(
        `mcp: --guard ${JSON.stringify(flag)} must be GUARD=off, GUARD=on or GUARD=final, where GUARD is one of ${GUARD_REASONS.join(', ')}.`,
      )
    }
    guards[reason] = setting
  }
  return guards
}

/** Byte order marks, and the encoding each says the text after it is in. */
const BOMS = [
  { bytes: [0xef, 0xbb, 0xbf], encoding: 'utf-8' },
  { bytes: [0xff, 0xfe], encoding: 'utf-16le' },
  { bytes: [0xfe, 0xff], encoding: 'utf-16be' },
]

/**
 * The text of bytes given to a command (stdin, a patch file), read as the library
 * reads a file: a byte order mark says the encoding (and is not part of the text: the
 * file written keeps its own); else UTF-8, when the bytes are valid UTF-8 without NUL;
 * else the encoding --encoding names. Bytes that are none of these are refused
 * (a UsageError naming --encoding), never turned into U+FFFD: nothing given is lost.
 * @param {Buffer} bytes
 * @param {{ command: string, what: string, encoding?: string }} about
 * @returns {string}
 */
function textOf(bytes, { command, what, encoding }) {
  const bom = BOMS.find((b) => b.bytes.every((byte, i) => bytes[i] === byte))
  const body = bom ? bytes.subarray(bom.bytes.length) : bytes
  const label = bom ? bom.encoding : !body.includes(0) && decodes(body, 'utf-8') ? 'utf-8' : encoding
  if (label === undefined) {
    const why = body.includes(0) ? 'has NUL bytes (binary data, or UTF-16 without a byte order mark)' : 'is not valid UTF-8'
    throw new UsageError(
      `${command}: ${what} ${why}, so it cannot be written as given; nothing was written. ` +
        'If it is text in another encoding, name it with --encoding LABEL (for example --encoding windows-1252, --encoding gbk or --encoding utf-16le).',
    )
  }
  let decoder
  try {
    decoder = new TextDecoder(label, { fatal: true, ignoreBOM: true })
  } catch {
    throw new UsageError(`${command}: --encoding ${JSON.stringify(label)} is not an encoding label (use a WHATWG label such as windows-1252, gbk or utf-16le).`)
  }
  try {
    return decoder.decode(body)
  } catch {
    const said = bom ? `starts with a ${label} byte order mark but is not valid ${label}` : `is not valid ${label}`
    throw new UsageError(`${command}: ${what} ${said}, so it cannot be written as given; nothing was written. Check the encoding, or name it with --encoding LABEL.`)
  }
}

/** Whether `bytes` decode in `label` without a replacement. @param {Buffer} bytes @param {string} label */
function decodes(bytes, label) {
  try {
    new TextDecoder(label, { fatal: true, ignoreBOM: true }).decode(bytes)
    return true
  } catch {
    return false
  }
}

// ---------------------------------------------------------------------------
// Commands

const commands = {
  read(args) {
    const p = parse('read', args)
    if (p.help) return help('read')
    const r = core.readFileSync(p.args.path, p.options)
    for (const warning of cli.warningTexts(r)) err(`warning: ${warning}`)
    if (p.flags.json) return printJson(worded(r))
    if (p.flags.numbers) {
      const lines = r.content.split('\n')
      if (lines[lines.length - 1] === '') lines.pop()
      const width = String(r.startLine + lines.length - 1).length
      if (lines.length > 0) out(lines.map((l, i) => `${dim(String(r.startLine + i).padStart(width) + '\u2502')}${l}`).join('\n'))
      return EXIT_OK
    }
    process.stdout.write(r.content)
    return EXIT_OK
  },

  edit(args) {
    const p = parse('edit', args)
    if (p.help) return help('edit')
    const r = core.editFileSync(p.args.path, p.args.oldText, p.args.newText, p.options)
    if (p.flags.json) return printJson(worded(r))
    noteTiers(r)
    printDiff(r.diff)
    return EXIT_OK
  },

  write(args) {
    const p = parse('write', args)
    if (p.help) return help('write')
    const path = p.args.path
    const bytes = readStdin(
      'write',
      'the content',
      `Pipe or redirect it: eol-edit write ${path} < new-content.txt (or: some-command | eol-edit write ${path}).`,
    )
    const content = textOf(bytes, { command: 'write', what: 'stdin', encoding: p.options.encoding })
    // A byte order mark alone is no content either.
    if (content === '' && !p.flags.allowEmpty) {
      throw new UsageError(
        `write: stdin is empty, so ${path} would be left empty; nothing was written. ` +
          'Pass --allow-empty to write an empty file on purpose.',
      )
    }
    const r = core.writeFileSync(path, content, p.options)
    if (p.flags.json) return printJson(worded(r))
    if (!r.changed) {
      err(`${path}: unchanged (it already has this content).`)
      return EXIT_OK
    }
    noteTiers(r)
    printDiff(r.diff)
    return EXIT_OK
  },

  'delete-range'(args) {
    const p = parse('delete-range', args)
    if (p.help) return help('delete-range')
    const anchor = (a) => (/^\d+$/.test(a) ? Number(a) : a)
    const r = core.deleteRangeSync(p.args.path, anchor(p.args.startAnchor), anchor(p.args.endAnchor), p.options)
    if (p.flags.json) return printJson(worded(r))
    noteTiers(r)
    printDiff(r.diff)
    return EXIT_OK
  },

  convert(args) {
    const p = parse('convert', args)
    if (p.help) return help('convert')
    const to = p.args.to
    let status = EXIT_OK
    const results = []
    for (const path of p.args.path) {
      try {
        const r = core.convertEolSync(path, to, p.options)
        results.push({ path, status: 'converted', lines: r.replacements, eol: r.eol })
        if (!p.flags.json) {
          out(`${path}: ${p.flags.dryRun ? 'would convert' : 'converted'} ${r.replacements} line ending${r.replacements === 1 ? '' : 's'} to ${to}`)
          for (const warning of cli.warningTexts(r)) err(`warning: ${warning}`)
        }
      } catch (error) {
        if (error && error.code === 'NO_CHANGE') {
          results.push({ path, status: 'unchanged' })
          if (!p.flags.json) out(`${path}: unchanged (already ${to})`)
          continue
        }
        if (!error || typeof error.code !== 'string') throw error
        results.push({ path, status: 'failed', error: error.code, message: cli.errorText(error) })
        err(`${error.code}: ${cli.errorText(error)}`)
        status = EXIT_FAILED
      }
    }
    if (p.flags.json) printJson(results)
    return status
  },

  patch(args) {
    const p = parse('patch', args)
    if (p.help) return help('patch')
    const source = p.args.patch
    let bytes
    const fromStdin = source === undefined || source === '-'
    if (fromStdin) {
      bytes = readStdin('patch', 'the patch', 'Give the patch file (eol-edit patch fix.patch) or pipe it in (git diff | eol-edit patch).')
    } else {
      try {
        bytes = fs.readFileSync(source)
      } catch (error) {
        throw new UsageError(`patch: could not read the patch from ${JSON.stringify(source)} (${error.code || error.message}).`)
      }
    }
    const what = fromStdin ? 'the patch on stdin' : `the patch ${JSON.stringify(source)}`
    const text = textOf(bytes, { command: 'patch', what, encoding: p.options.encoding })
    const r = core.applyPatchSync(text, p.options)
    if (p.flags.json) return printJson(worded(r))
    const marks = { update: 'M', add: 'A', delete: 'D', move: 'R' }
    const lenient = new Set()
    for (const f of r.files) {
      const name = f.action === 'move' ? `${f.path} -> ${f.movedTo}` : f.path
      out(`${marks[f.action] || '?'} ${name}`)
      for (const t of f.matchedBy || []) if (t !== 'exact') lenient.add(t)
      for (const w of cli.warningTexts(f)) err(`warning: ${f.path}: ${w}`)
    }
    if (lenient.size > 0) {
      err(`note: matched by the lenient ${[...lenient].join(', ')} tier; lines not changed kept their bytes.`)
    }
    for (const f of r.files) if (f.action !== 'delete') printDiff(f.diff)
    if (p.flags.dryRun) err(`check: the patch applies to ${r.files.length} file${r.files.length === 1 ? '' : 's'}; nothing was written.`)
    return EXIT_OK
  },

  inspect(args) {
    const p = parse('inspect', args)
    if (p.help) return help('inspect')
    const roots = p.args.paths.length > 0 ? p.args.paths : ['.']
    const readOptions = { ...p.options, limit: 0 }
    const files = []
    const skipped = []
    const errors = []

    const look = (file) => {
      try {
        const r = core.readFileSync(file, readOptions)
        files.push({
          path: file,
          endings: endingsKind(r.eol),
          lf: r.eol.lf,
          crlf: r.eol.crlf,
          cr: r.eol.cr,
          bom: r.bom,
          encoding: r.encoding,
          trailingNewline: r.eol.trailingNewline,
        })
      } catch (error) {
        if (error && error.code === 'BINARY_FILE') skipped.push({ path: file, reason: 'binary' })
        else if (error && error.code === 'FILE_TOO_LARGE') skipped.push({ path: file, reason: 'too large' })
        else if (error && typeof error.code === 'string') errors.push({ path: file, error: error.code, message: cli.errorText(error) })
        else throw error
      }
    }

    const walk = (dir) => {
      let entries
      try {
        entries = fs.readdirSync(dir, { withFileTypes: true })
      } catch (error) {
        errors.push({ path: dir, error: 'IO_ERROR', message: `${dir}: ${error.message}` })
        return
      }
      entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
      for (const entry of entries) {
        const full = nodePath.join(dir, entry.name)
        if (entry.isDirectory()) {
          if (entry.name === '.git' || entry.name === 'node_modules') continue
          walk(full)
        } else if (entry.isFile()) {
          look(full)
        } else if (entry.isSymbolicLink()) {
          // Links to files are inspected; links to folders are not followed (no cycles).
          let stat
          try {
            stat = fs.statSync(full)
          } catch {
            skipped.push({ path: full, reason: 'broken link' })
            continue
          }
          if (stat.isFile()) look(full)
        }
      }
    }

    for (const root of roots) {
      let stat
      try {
        stat = fs.statSync(root)
      } catch {
        errors.push({ path: root, error: 'FILE_NOT_FOUND', message: `File not found: ${root}.` })
        continue
      }
      if (stat.isDirectory()) walk(root)
      else look(root)
    }

    const count = (kind) => files.filter((f) => f.endings === kind).length
    const summary = {
      files: files.length,
      lf: count('lf'),
      crlf: count('crlf'),
      cr: count('cr'),
      mixed: count('mixed'),
      none: count('none'),
      bom: files.filter((f) => f.bom).length,
      skipped: skipped.length,
      errors: errors.length,
    }

    if (p.flags.json) {
      printJson({ files, skipped, errors, summary })
    } else {
      const kindColor = { mixed: yellow, none: dim }
      for (const f of files) {
        const kind = (kindColor[f.endings] || ((s) => s))(f.endings.padEnd(5))
        const enc = (f.encoding + (f.bom ? '+bom' : '')).padEnd(13)
        const detail = f.endings === 'mixed' ? `  (${['lf', 'crlf', 'cr'].filter((k) => f[k] > 0).map((k) => `${k} ${f[k]}`).join(', ')})` : ''
        out(`${kind}  ${enc}  ${f.path}${detail}`)
      }
      for (const s of skipped) out(dim(`skip   ${s.reason.padEnd(13)}  ${s.path}`))
      const parts = ['lf', 'crlf', 'cr', 'mixed', 'none'].filter((k) => summary[k] > 0).map((k) => `${summary[k]} ${k}`)
      out(
        `${summary.files} file${summary.files === 1 ? '' : 's'}` +
          (parts.length > 0 ? `: ${parts.join(', ')}` : '') +
          `; ${summary.bom} with BOM; ${summary.skipped} skipped` +
          (summary.errors > 0 ? `; ${summary.errors} failed` : ''),
      )
    }
    for (const e of errors) err(`${e.error}: ${e.message}`)
    if (errors.length > 0) return EXIT_FAILED
    if (p.flags.failOnMixed && summary.mixed > 0) {
      err(`${summary.mixed} file${summary.mixed === 1 ? ' has' : 's have'} mixed line endings.`)
      return EXIT_FAILED
    }
    return EXIT_OK
  },

  demo(args) {
    const p = parse('demo', args)
    if (p.help) return help('demo')
    return require('../lib/demo.js')
      .runDemo({ core, write: (line) => process.stdout.write(line + '\n'), color: colorOn })
      .then(() => EXIT_OK)
  },

  mcp(args) {
    const p = parse('mcp', args)
    if (p.help) return help('mcp')
    const roots = (p.options.root || []).map((r) => nodePath.resolve(r))
    for (const root of roots) {
      let stat
      try {
        stat = fs.statSync(root)
      } catch {
        throw new UsageError(`mcp: --root ${JSON.stringify(root)} does not exist.`)
      }
      if (!stat.isDirectory()) throw new UsageError(`mcp: --root ${JSON.stringify(root)} is not a folder.`)
    }
    const mcp = require('../lib/mcp.js')
    try {
      mcp.loadSdk()
    } catch (error) {
      if (error instanceof mcp.SdkMissingError) {
        err(`${error.code}: ${error.message}`)
        return EXIT_USAGE
      }
      throw error
    }
    const guards = guardFlags(p.flags.guard || [])
    // 0, or 2 when there is no folder it may serve (a start folder of / or home).
    return mcp.serve({ roots, durable: p.options.durable === true, guards })
  },
}

function help(command) {
  out(command === 'main' ? cli.mainHelp() : cli.commandHelp(cli.command(command)))
  return EXIT_OK
}

function main(argv) {
  const [command, ...rest] = argv
  if (command === undefined) {
    err(cli.mainHelp())
    return EXIT_USAGE
  }
  if (command === '--help' || command === '-h') return help('main')
  if (command === 'help') {
    const topic = rest[0]
    if (topic === undefined) return help('main')
    if (cli.command(topic) === undefined) {
      throw new UsageError(`unknown command ${JSON.stringify(topic)}.`)
    }
    return help(topic)
  }
  if (command === '--version' || command === '-v') {
    out(require('../package.json').version)
    return EXIT_OK
  }
  if (!Object.prototype.hasOwnProperty.call(commands, command)) {
    throw new UsageError(`unknown command ${JSON.stringify(command)}.`)
  }
  try {
    return commands[command](rest)
  } catch (error) {
    if (error instanceof UsageError) {
      error.command = command
      throw error
    }
    throw error
  }
}

function report(error) {
  if (error instanceof UsageError) {
    err(`USAGE: ${error.message}`)
    err(`Run 'eol-edit ${error.command ? error.command + ' ' : ''}--help' for usage.`)
    return EXIT_USAGE
  }
  if (error && typeof error.code === 'string' && typeof error.message === 'string') {
    err(`${error.code}: ${cli.errorText(error)}`)
    return error.code === 'INVALID_ARGUMENT' ? EXIT_USAGE : EXIT_FAILED
  }
  err(`IO_ERROR: ${error && error.stack ? error.stack : String(error)}`)
  return EXIT_FAILED
}

function run() {
  const argv = process.argv.slice(2)
  if (argv[0] !== 'mcp') {
    // Output piped into a command that stopped reading (`eol-edit demo | head`): stop quietly.
    process.stdout.on('error', (error) => {
      if (error && error.code === 'EPIPE') process.exit(process.exitCode || EXIT_OK)
      throw error
    })
  }
  let status
  try {
    status = main(argv)
  } catch (error) {
    status = report(error)
  }
  // `demo` and `mcp` finish later.
  if (status && typeof status.then === 'function') {
    status.then(
      (code) => {
        process.exitCode = code
      },
      (error) => {
        process.exitCode = report(error)
      },
    )
    return
  }
  process.exitCode = status
}

run()
