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
const { parseArgs } = require('node:util')

const core = require('../lib/binding.js')

const EXIT_OK = 0
const EXIT_FAILED = 1
const EXIT_USAGE = 2

class UsageError extends Error {}

// ---------------------------------------------------------------------------
// Help

/** The options of every command that reads or writes files. */
const FILE_OPTIONS = `  --encoding LABEL  the file's encoding, for a file that is not UTF-8 whose
                    encoding cannot be told from its bytes (or a new file): a
                    label such as windows-1252, shift_jis or utf-16le
  --max-bytes N     larger files fail with FILE_TOO_LARGE (default 64 MiB; 0: no limit)
  --root DIR        refuse paths outside DIR (repeatable)`

const HELP = {
  main: `eol-edit: edit files without damaging line endings, BOMs or untouched bytes.

Usage: eol-edit <command> [options]

Commands:
  read <path>                        print a file's text (LF line breaks)
  edit <path> --old T --new T        replace text, keeping each line's ending
  write <path>                       write stdin to a file, keeping its endings and BOM
  delete-range <path> <start> <end>  delete the lines between two anchors
  convert <path>... --to lf|crlf|cr  convert every line ending on purpose
  patch [FILE|-] [--check]           apply a patch (apply_patch format or unified diff) from FILE or stdin
  inspect [path...]                  report line endings, BOM and encoding of files
  demo                               edit CRLF, mixed, CR, BOM and UTF-16 files and show the bytes
  mcp [--root DIR]...                serve the agent tools over MCP (stdio)

Run 'eol-edit <command> --help' for a command's options.
Exit status: 0 success, 1 a failed operation, 2 bad usage.`,

  read: `Usage: eol-edit read <path> [--offset N] [--limit N] [--numbers] [--json]

Prints the file's text as a model sees it: every line ending shown as LF,
without the BOM, decoded from UTF-16 or the file's legacy encoding if needed.

Options:
  --offset N        first line to print, 1-based (default 1)
  --limit N         how many lines to print (default: all)
  -n, --numbers     prefix each line with its number and │
  --json            print the whole result (endings, BOM, encoding, version) as JSON
${FILE_OPTIONS}`,

  edit: `Usage: eol-edit edit <path> --old <text> --new <text> [--replace-all] [--dry-run]

Replaces the one place where --old matches (every place with --replace-all) and
prints the diff. Write line breaks as LF; the file keeps its own endings and BOM.
Lenient matching (Unicode look-alikes, trailing whitespace, indentation, literal
escapes such as \\n) is tried when the text is not found exactly.

Options:
  --old TEXT        the text to replace (required)
  --new TEXT        the replacement (required; may be empty)
  --replace-all     replace every match
  --dry-run         print the diff, change nothing
  --durable         fsync the file and its folder before exiting
  --json            print the result as JSON instead of the diff
${FILE_OPTIONS}`,

  write: `Usage: eol-edit write <path> [--eol lf|crlf] [--allow-empty] [--dry-run] < content

Writes the content read from stdin to the file. An existing file keeps its line
endings and BOM (unchanged lines keep their bytes); a new file takes its ending
from .editorconfig or .gitattributes, else LF. Missing folders are created.
The content must come from a pipe or a file, not a terminal, and empty content
is refused unless --allow-empty is given (so that </dev/null or a failed
command before the pipe never empties a file).

Options:
  --eol lf|crlf     force one line ending for the whole file
  --allow-empty     write empty content (the file becomes empty)
  --dry-run         print the diff, change nothing
  --durable         fsync the file and its folder before exiting
  --json            print the result as JSON
${FILE_OPTIONS}`,

  'delete-range': `Usage: eol-edit delete-range <path> <start> <end> [--inclusive] [--dry-run]

Deletes the lines between two anchors and prints the diff. An anchor is a whole
line of the file, or a number, which is taken as a 1-based line number. The
anchor lines are kept unless --inclusive is given.

Options:
  --inclusive       delete the anchor lines too
  --dry-run         print the diff, change nothing
  --durable         fsync the file and its folder before exiting
  --json            print the result as JSON
${FILE_OPTIONS}`,

  convert: `Usage: eol-edit convert <path>... --to lf|crlf|cr [--dry-run]

Converts every line ending of each file. A file that already has only those
endings is reported as unchanged (not an error).

Options:
  --to lf|crlf|cr   the ending to convert to (required)
  --dry-run         report, change nothing
  --durable         fsync each file and its folder before exiting
  --json            print the results as JSON
${FILE_OPTIONS}`,

  patch: `Usage: eol-edit patch [FILE|-] [--check] [--json] [--root DIR]...

Applies a patch read from FILE (or stdin, when FILE is - or left out) to the files
it names, all or nothing: if any part fails, no file is changed. The patch is the
apply_patch format (*** Begin Patch ... *** End Patch, with Add File, Delete File,
Update File and Move to sections) or a unified diff (diff -u, git diff). Each file
keeps its own line endings, BOM and encoding; paths are taken from the current folder.
A patch on stdin must come from a pipe or a file, not a terminal.

Options:
  --check           check that the patch applies and print what it would do; change nothing
  --durable         fsync each file and its folder before exiting
  --json            print the result as JSON
${FILE_OPTIONS}`,

  inspect: `Usage: eol-edit inspect [path...] [--json] [--fail-on-mixed]

Walks the given files and folders (default: the current folder), skipping .git,
node_modules and binary files, and reports each text file's line endings
(lf, crlf, cr, mixed or none), BOM and encoding, then a summary.

Options:
  --json            print the report as JSON
  --fail-on-mixed   exit with status 1 when any file has mixed endings
  --encoding LABEL  the encoding of files that are not UTF-8 and whose encoding
                    cannot be told from their bytes
  --max-bytes N     larger files are skipped as too large (default 64 MiB)`,

  demo: `Usage: eol-edit demo

In a temporary folder (removed afterwards), edits CRLF, mixed, lone-CR, UTF-8 BOM
and UTF-16 files the way a model writes edits (line breaks as \n), and shows
each file's bytes before and after with the endings visible (\r\n, \n, \r).`,

  mcp: `Usage: eol-edit mcp [--root DIR]...

Runs an MCP server over stdio (for Claude Desktop, Cursor, VS Code, OpenCode and
other MCP clients) with the tools read_file, write_file, edit_file, multi_edit,
delete_range and apply_patch. Every path must be inside a root; relative paths are taken from the
first root. Stdout carries only protocol messages; diagnostics go to stderr.

Without --root, the roots are the workspace folders the client announces (MCP
roots), else the folder the server was started in. The root of the file system,
your home folder and any folder that contains it are never served unless --root
names them: such a client root is skipped, and such a start folder makes the
server exit with status 2; stderr says which folder and how to serve it.

A message over 66 MiB (more than the largest file the tools read or write, 64 MiB,
with its JSON) is answered with a JSON-RPC error, and the server goes on serving.

Needs the MCP SDK, an optional peer dependency: npm install @modelcontextprotocol/sdk@1

Options:
  --root DIR       a folder the tools may use (repeatable)

Client configuration (claude_desktop_config.json, .cursor/mcp.json):
  {"mcpServers": {"eol-edit": {"command": "npx", "args": ["-y", "-p", "eol-edit",
    "-p", "@modelcontextprotocol/sdk@1", "eol-edit", "mcp", "--root", "/path/to/project"]}}}
OpenCode (opencode.json):
  {"mcp": {"eol-edit": {"type": "local", "command": ["npx", "-y", "-p", "eol-edit",
    "-p", "@modelcontextprotocol/sdk@1", "eol-edit", "mcp", "--root", "/path/to/project"]}}}`,
}

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
  out(
    lines
      .map((line) => {
        if (line.startsWith('+++') || line.startsWith('---')) return dim(line)
        if (line.startsWith('@@')) return cyan(line)
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
  for (const warning of result.warnings || []) err(`warning: ${cliWording(warning)}`)
}

/** A library result for --json, its warnings in the command line's words. */
function worded(result) {
  const out = Object.assign({}, result)
  if (Array.isArray(out.warnings)) out.warnings = out.warnings.map(cliWording)
  if (Array.isArray(out.files)) out.files = out.files.map(worded)
  return out
}

// ---------------------------------------------------------------------------
// Arguments

function parse(command, args, options, { min = 0, max = Infinity } = {}) {
  const all = Object.assign({ help: { type: 'boolean', short: 'h' } }, options)
  let parsed
  try {
    parsed = parseArgs({ args, options: all, allowPositionals: true, strict: true })
  } catch (error) {
    throw new UsageError(error.message)
  }
  if (parsed.values.help) return { help: true }
  const n = parsed.positionals.length
  if (n < min) throw new UsageError(`${command}: missing ${min - n === 1 && min === 1 ? 'the path' : 'arguments'}.`)
  if (n > max) throw new UsageError(`${command}: unexpected argument ${JSON.stringify(parsed.positionals[max])}.`)
  return parsed
}

function wholeNumber(name, value) {
  if (value === undefined) return undefined
  if (!/^\d+$/.test(value)) throw new UsageError(`--${name} must be a whole number, not ${JSON.stringify(value)}.`)
  return Number(value)
}

const ROOT = { root: { type: 'string', multiple: true } }
/** What every command that reads or writes files takes (FILE_OPTIONS in the help). */
const FILE = Object.assign({ encoding: { type: 'string' }, 'max-bytes': { type: 'string' } }, ROOT)
const JSON_OPT = { json: { type: 'boolean' } }
/** What every command that writes takes: write nothing, or fsync what is written. */
const DRY = { 'dry-run': { type: 'boolean' }, durable: { type: 'boolean' } }

function fileOptions(values, extra) {
  const options = Object.assign({}, extra)
  if (values.root && values.root.length > 0) options.root = values.root
  if (values['dry-run']) options.dryRun = true
  if (values.durable) options.durable = true
  if (values.encoding !== undefined) options.encoding = values.encoding
  const maxBytes = wholeNumber('max-bytes', values['max-bytes'])
  if (maxBytes !== undefined) options.maxBytes = maxBytes
  return options
}

/**
 * Everything on stdin, as UTF-8. A terminal is refused: the user would type into a
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
    return fs.readFileSync(0, 'utf8')
  } catch (error) {
    throw new UsageError(`${command}: could not read ${what} from stdin (${error.code || error.message}).`)
  }
}

// ---------------------------------------------------------------------------
// Commands

const commands = {
  read(args) {
    const p = parse(
      'read',
      args,
      Object.assign(
        {
          offset: { type: 'string' },
          limit: { type: 'string' },
          numbers: { type: 'boolean', short: 'n' },
        },
        JSON_OPT,
        FILE,
      ),
      { min: 1, max: 1 },
    )
    if (p.help) return help('read')
    const options = fileOptions(p.values, {})
    const offset = wholeNumber('offset', p.values.offset)
    const limit = wholeNumber('limit', p.values.limit)
    if (offset !== undefined) options.offset = offset
    if (limit !== undefined) options.limit = limit
    const r = core.readFileSync(p.positionals[0], options)
    for (const warning of r.warnings) err(`warning: ${cliWording(warning)}`)
    if (p.values.json) return printJson(worded(r))
    if (p.values.numbers) {
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
    const p = parse(
      'edit',
      args,
      Object.assign(
        { old: { type: 'string' }, new: { type: 'string' }, 'replace-all': { type: 'boolean' } },
        DRY,
        JSON_OPT,
        FILE,
      ),
      { min: 1, max: 1 },
    )
    if (p.help) return help('edit')
    if (p.values.old === undefined) throw new UsageError('edit: --old <text> is required.')
    if (p.values.new === undefined) throw new UsageError('edit: --new <text> is required (it may be empty).')
    const options = fileOptions(p.values, p.values['replace-all'] ? { replaceAll: true } : {})
    const r = core.editFileSync(p.positionals[0], p.values.old, p.values.new, options)
    if (p.values.json) return printJson(worded(r))
    noteTiers(r)
    printDiff(r.diff)
    return EXIT_OK
  },

  write(args) {
    const p = parse(
      'write',
      args,
      Object.assign({ eol: { type: 'string' }, 'allow-empty': { type: 'boolean' } }, DRY, JSON_OPT, FILE),
      { min: 1, max: 1 },
    )
    if (p.help) return help('write')
    const eol = p.values.eol
    if (eol !== undefined && eol !== 'lf' && eol !== 'crlf' && eol !== 'preserve') {
      throw new UsageError(`write: --eol must be lf or crlf, not ${JSON.stringify(eol)}.`)
    }
    const path = p.positionals[0]
    const content = readStdin(
      'write',
      'the content',
      `Pipe or redirect it: eol-edit write ${path} < new-content.txt (or: some-command | eol-edit write ${path}).`,
    )
    if (content === '' && !p.values['allow-empty']) {
      throw new UsageError(
        `write: stdin is empty, so ${path} would be left empty; nothing was written. ` +
          'Pass --allow-empty to write an empty file on purpose.',
      )
    }
    const options = fileOptions(p.values, eol ? { eol } : {})
    const r = core.writeFileSync(path, content, options)
    if (p.values.json) return printJson(worded(r))
    if (!r.changed) {
      err(`${p.positionals[0]}: unchanged (it already has this content).`)
      return EXIT_OK
    }
    noteTiers(r)
    printDiff(r.diff)
    return EXIT_OK
  },

  'delete-range'(args) {
    const p = parse(
      'delete-range',
      args,
      Object.assign({ inclusive: { type: 'boolean' } }, DRY, JSON_OPT, FILE),
      { min: 3, max: 3 },
    )
    if (p.help) return help('delete-range')
    const anchor = (a) => (/^\d+$/.test(a) ? Number(a) : a)
    const [path, start, end] = p.positionals
    const options = fileOptions(p.values, p.values.inclusive ? { inclusive: true } : {})
    const r = core.deleteRangeSync(path, anchor(start), anchor(end), options)
    if (p.values.json) return printJson(worded(r))
    noteTiers(r)
    printDiff(r.diff)
    return EXIT_OK
  },

  convert(args) {
    const p = parse('convert', args, Object.assign({ to: { type: 'string' } }, DRY, JSON_OPT, FILE), { min: 1 })
    if (p.help) return help('convert')
    const to = p.values.to
    if (to === undefined) throw new UsageError('convert: --to lf|crlf|cr is required.')
    if (to !== 'lf' && to !== 'crlf' && to !== 'cr') {
      throw new UsageError(`convert: --to must be lf, crlf or cr, not ${JSON.stringify(to)}.`)
    }
    let status = EXIT_OK
    const results = []
    for (const path of p.positionals) {
      try {
        const r = core.convertEolSync(path, to, fileOptions(p.values, {}))
        results.push({ path, status: 'converted', lines: r.replacements, eol: r.eol })
        if (!p.values.json) {
          out(`${path}: ${p.values['dry-run'] ? 'would convert' : 'converted'} ${r.replacements} line ending${r.replacements === 1 ? '' : 's'} to ${to}`)
          for (const warning of r.warnings) err(`warning: ${cliWording(warning)}`)
        }
      } catch (error) {
        if (error && error.code === 'NO_CHANGE') {
          results.push({ path, status: 'unchanged' })
          if (!p.values.json) out(`${path}: unchanged (already ${to})`)
          continue
        }
        if (!error || typeof error.code !== 'string') throw error
        results.push({ path, status: 'failed', error: error.code, message: cliWording(error.message) })
        err(`${error.code}: ${cliWording(error.message)}`)
        status = EXIT_FAILED
      }
    }
    if (p.values.json) printJson(results)
    return status
  },

  patch(args) {
    const p = parse('patch', args, Object.assign({ check: { type: 'boolean' }, durable: { type: 'boolean' } }, JSON_OPT, FILE), {
      max: 1,
    })
    if (p.help) return help('patch')
    const source = p.positionals[0]
    let text
    if (source === undefined || source === '-') {
      text = readStdin('patch', 'the patch', 'Give the patch file (eol-edit patch fix.patch) or pipe it in (git diff | eol-edit patch).')
    } else {
      try {
        text = fs.readFileSync(source, 'utf8')
      } catch (error) {
        throw new UsageError(`patch: could not read the patch from ${JSON.stringify(source)} (${error.code || error.message}).`)
      }
    }
    const options = fileOptions(p.values, p.values.check ? { dryRun: true } : {})
    const r = core.applyPatchSync(text, options)
    if (p.values.json) return printJson(worded(r))
    const marks = { update: 'M', add: 'A', delete: 'D', move: 'R' }
    const lenient = new Set()
    for (const f of r.files) {
      const name = f.action === 'move' ? `${f.path} -> ${f.movedTo}` : f.path
      out(`${marks[f.action] || '?'} ${name}`)
      for (const t of f.matchedBy || []) if (t !== 'exact') lenient.add(t)
      for (const w of f.warnings || []) err(`warning: ${f.path}: ${cliWording(w)}`)
    }
    if (lenient.size > 0) {
      err(`note: matched by the lenient ${[...lenient].join(', ')} tier; lines not changed kept their bytes.`)
    }
    for (const f of r.files) if (f.action !== 'delete') printDiff(f.diff)
    if (p.values.check) err(`check: the patch applies to ${r.files.length} file${r.files.length === 1 ? '' : 's'}; nothing was written.`)
    return EXIT_OK
  },

  inspect(args) {
    const p = parse(
      'inspect',
      args,
      Object.assign({ 'fail-on-mixed': { type: 'boolean' }, encoding: { type: 'string' }, 'max-bytes': { type: 'string' } }, JSON_OPT),
    )
    if (p.help) return help('inspect')
    const roots = p.positionals.length > 0 ? p.positionals : ['.']
    const readOptions = fileOptions(p.values, { limit: 0 })
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
        else if (error && typeof error.code === 'string') errors.push({ path: file, error: error.code, message: cliWording(error.message) })
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

    if (p.values.json) {
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
    if (p.values['fail-on-mixed'] && summary.mixed > 0) {
      err(`${summary.mixed} file${summary.mixed === 1 ? ' has' : 's have'} mixed line endings.`)
      return EXIT_FAILED
    }
    return EXIT_OK
  },

  demo(args) {
    const p = parse('demo', args, {}, { max: 0 })
    if (p.help) return help('demo')
    return require('../lib/demo.js')
      .runDemo({ core, write: (line) => process.stdout.write(line + '\n'), color: colorOn })
      .then(() => EXIT_OK)
  },

  mcp(args) {
    const p = parse('mcp', args, ROOT, { max: 0 })
    if (p.help) return help('mcp')
    const roots = (p.values.root || []).map((r) => nodePath.resolve(r))
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
    // 0, or 2 when there is no folder it may serve (a start folder of / or home).
    return mcp.serve({ roots })
  },
}

/**
 * What the command line's messages call things: the one place where the library's
 * words in a message (its functions and camelCase options, its `encoding: '…'` syntax)
 * and the agent tools' words (old_text, read_file, start_anchor) that the core's
 * messages use become the commands and flags a user of `eol-edit` has. Each rule is
 * one row, applied in order to messages and warnings (never to file content).
 */
const CLI_WORDING = [
  // Functions and tools, as the commands that do the same.
  [/\b([Uu])se (?:writeFile|write_file)\b/g, "$1se 'eol-edit write'"],
  [/\buse convertEol\b/g, "use 'eol-edit convert'"],
  [/\bconvertEol\b/g, "'eol-edit convert'"],
  [/\b(?:writeFile|write_file)\b/g, "'eol-edit write'"],
  [/\b(?:readFile|read_file)\b/g, "'eol-edit read'"],
  [/\b(?:editFile|edit_file|multiEdit|multi_edit)\b/g, "'eol-edit edit'"],
  [/\b(?:deleteRange|delete_range)\b/g, "'eol-edit delete-range'"],
  [/\bapplyPatch\b/g, "'eol-edit patch'"],
  // Options and tool arguments, as flags and the command's own arguments.
  [/\bset (?:replaceAll|replace_all)\b/g, 'use --replace-all'],
  [/\b(?:replaceAll|replace_all)\b/g, '--replace-all'],
  [/(^|[.!?:]\s+)(?:oldText|old_text)\b/g, '$1The --old text'],
  [/\b(?:oldText|old_text)\b/g, 'the --old text'],
  [/(^|[.!?:]\s+)(?:newText|new_text)\b/g, '$1The --new text'],
  [/\b(?:newText|new_text)\b/g, 'the --new text'],
  [/\b(?:startAnchor|start_anchor)\b/g, '<start>'],
  [/\b(?:endAnchor|end_anchor)\b/g, '<end>'],
  [/\bSet inclusive to true\b/g, 'Pass --inclusive'],
  [/\bdryRun\b/g, '--dry-run'],
  // The encoding, as --encoding.
  [/\bpass encoding: '([^']*)' \(or '([^']*)'\)/g, 'pass --encoding $1 (or --encoding $2)'],
  [/`?\bencoding: '([^']*)'`?/g, '--encoding $1'],
  [/\b(?:as|with) the `?encoding`? option\b/g, 'with --encoding'],
  [/\bthe `?encoding`? option\b/g, '--encoding'],
  [/\bthe option `?encoding`?/g, '--encoding'],
  [/`encoding`/g, '--encoding'],
  // What the command line cannot do, said as what to do instead.
  [/\buse convertEncoding to change its encoding\b/g, 'eol-edit keeps the encoding a file has'],
  [
    /, or change the file's encoding first with convertEncoding \(for example to '([^']*)'\)/g,
    ', or convert the file to an encoding that has them (such as $1) with another tool first',
  ],
  [/\bconvertEncoding\b/g, 'an encoding conversion (which eol-edit does not do)'],
  [/\bPass a larger maxBytes\b/g, 'Pass a larger --max-bytes'],
  [/\bmaxBytes\b/g, '--max-bytes'],
  [/\bexpectedVersions?\b/g, 'the version read'],
]

/** A core message or warning in the command line's words. */
function cliWording(message) {
  let text = message
  for (const [pattern, replacement] of CLI_WORDING) text = text.replace(pattern, replacement)
  return text
}

function help(command) {
  out(HELP[command])
  return EXIT_OK
}

function main(argv) {
  const [command, ...rest] = argv
  if (command === undefined) {
    err(HELP.main)
    return EXIT_USAGE
  }
  if (command === '--help' || command === '-h') return help('main')
  if (command === 'help') {
    const topic = rest[0]
    if (topic === undefined) return help('main')
    if (!Object.prototype.hasOwnProperty.call(HELP, topic) || topic === 'main') {
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
    err(`${error.code}: ${cliWording(error.message)}`)
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
