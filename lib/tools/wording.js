// @ts-check
'use strict'

// What the tools' messages call things: the one place where the library's words in a
// message become the tools' words. The core's messages are mostly written for the
// tools already (old_text, read_file), but some name what only the library has: its
// functions (writeFile, convertEol, convertEncoding), its option names (replaceAll,
// startAnchor, maxBytes) and its option syntax (`encoding: 'utf-16le'`). A model knows
// only the tools and their arguments, so a message, hint or warning it is shown says
// `write_file`, `replace_all`, `start_anchor` and `"encoding": "utf-16le"` instead.
// The MCP server's tools are these tools, so this is its wording too.
//
// Each rule is one row below, applied in order to the text of core messages and
// warnings (never to file content).

/** @type {ReadonlyArray<readonly [RegExp, string]>} */
const WORDING = [
  // The library's functions, as the tools that do the same.
  [/\b([Uu])se writeFile\b/g, '$1se write_file'],
  [/\bor use convertEol\b/g, 'or use write_file with eol "lf" or "crlf"'],
  [/\bconvertEol\b/g, 'write_file with eol'],
  [/\bwriteFile\b/g, 'write_file'],
  [/\breadFile\b/g, 'read_file'],
  [/\beditFile\b/g, 'edit_file'],
  [/\bmultiEdit\b/g, 'multi_edit'],
  [/\bdeleteRange\b/g, 'delete_range'],
  [/\bapplyPatch\b/g, 'apply_patch'],
  // The library's option names, as the tools' arguments.
  [/\breplaceAll\b/g, 'replace_all'],
  [/\boldText\b/g, 'old_text'],
  [/\bnewText\b/g, 'new_text'],
  [/\bstartAnchor\b/g, 'start_anchor'],
  [/\bendAnchor\b/g, 'end_anchor'],
  // The encoding, as the tools' `encoding` argument.
  [/\bpass encoding: '([^']*)' \(or '([^']*)'\)/g, 'call again with "encoding": "$1" (or "$2")'],
  [/`?\bencoding: '([^']*)'`?/g, '"encoding": "$1"'],
  [/\bthe `?encoding`? option\b/g, 'the "encoding" argument'],
  [/\bthe option `?encoding`?/g, 'the "encoding" argument'],
  // What the tools cannot do, said as what to do instead.
  [/\buse convertEncoding to change its encoding\b/g, 'these tools keep the encoding a file has'],
  [
    /, or change the file's encoding first with convertEncoding \(for example to '([^']*)'\)/g,
    ', or ask the user to convert the file to an encoding that has them (such as $1) first',
  ],
  [/\bconvertEncoding\b/g, 'an encoding conversion (which these tools do not do)'],
  [
    /\bPass a larger maxBytes \(0 for no limit\) if the file really must be read\./g,
    "The size limit is the host's setting: ask the user if the file really must be read.",
  ],
  [/\bmaxBytes\b/g, 'the size limit'],
  [/\bexpectedVersions?\b/g, 'the version read'],
  // The way out of FILE_CHANGED.
  [/\bRead the file again\b/g, 'Read it again with read_file'],
  [/\bread the file again\b/g, 'read it again with read_file'],
]

/**
 * A core message or warning in the tools' words.
 * @param {string} text
 */
function toolWording(text) {
  let out = text
  for (const [pattern, replacement] of WORDING) out = out.replace(pattern, replacement)
  return out
}

/**
 * Warnings in the tools' words (a new array).
 * @param {readonly string[] | undefined} warnings
 */
function toolWarnings(warnings) {
  return (warnings || []).map(toolWording)
}

module.exports = { WORDING, toolWording, toolWarnings }
