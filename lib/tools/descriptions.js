// @ts-check
'use strict'

// The sentences the tools' descriptions share. A description is sent with every
// request, so each says what a model needs to get an edit right the first time and
// nothing else. Line breaks are written `\\n` here so that the model reads the two
// characters `\n`, which is how it writes them in JSON.

const { GUTTER } = require('./args.js')

/** Lines read_file returns when the model gives no `limit`. */
const DEFAULT_READ_LINES = 2000

const READ_FIRST =
  `Read the file with read_file first and copy the text from it (without the number${GUTTER} prefix); ` +
  'if the file changed since, the call fails with FILE_CHANGED: read it again.'

const PRESERVE =
  'Write line breaks as \\n: the file keeps its own line endings (CRLF stays CRLF, mixed stays mixed), ' +
  'its BOM and its encoding, and unchanged lines keep their exact bytes.'

const TIERS =
  'If old_text is not found exactly, these are tried in order (the result names the one used): Unicode ' +
  'look-alikes (curly quotes, dashes, odd spaces), trailing whitespace, runs of spaces inside a line, ' +
  'indentation (tabs vs spaces or a uniform shift; new_text is re-indented to match), and literal escapes ' +
  'such as \\n typed as text.'

const CHANGE_EOL =
  'To change line endings on purpose, put the carriage returns in old_text and new_text (in JSON "\\r" ' +
  'already is one; a \\r typed as two characters counts too when the text has no line break), or use ' +
  'write_file with eol.'

module.exports = { DEFAULT_READ_LINES, READ_FIRST, PRESERVE, TIERS, CHANGE_EOL }
