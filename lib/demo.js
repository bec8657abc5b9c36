'use strict'

// The README's main job: edit CRLF, mixed, lone-CR, BOM and UTF-16 files the way a
// model would (writing "\n" everywhere), and show the bytes before and after.
// Used by `eol-edit demo` and by demo/demo.js (`npm run demo`).

const fs = require('node:fs')
const os = require('node:os')
const path = require('node:path')

function defaultColor(stream) {
  return Boolean(stream && stream.isTTY) && !('NO_COLOR' in process.env) && process.env.TERM !== 'dumb'
}

/**
 * Runs the demo in a temporary folder (removed afterwards) and writes its
 * report line by line. Options: `core` (the eol-edit module; default the
 * package's own), `write(line)` (default: stdout), `color` (default: stdout is a
 * terminal and NO_COLOR is not set). Resolves when done; rejects only on an
 * unexpected failure (refused edits are part of the report).
 */
async function runDemo(options = {}) {
  const eol = options.core || require('./binding.js')
  const write = options.write || ((line) => process.stdout.write(line + '\n'))
  const color = options.color === undefined ? defaultColor(process.stdout) : Boolean(options.color)
  const paint = (code, s) => (color ? `\x1b[${code}m${s}\x1b[0m` : s)

  /** The text of a file with its endings and BOM made visible. */
  function visible(bytes) {
    let text
    let prefix = ''
    if (bytes[0] === 0xff && bytes[1] === 0xfe) {
      prefix = paint(35, '[UTF-16LE BOM]')
      text = bytes.subarray(2).toString('utf16le')
    } else if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
      prefix = paint(35, '[BOM]')
      text = bytes.subarray(3).toString('utf8')
    } else {
      text = bytes.toString('utf8')
    }
    const shown = text
      .replace(/\r\n/g, paint(33, '\\r\\n') + '\u0000')
      .replace(/\r/g, paint(31, '\\r') + '\u0000')
      .replace(/\n/g, paint(36, '\\n') + '\u0000')
      .split('\u0000')
      .filter((line, i, all) => line !== '' || i < all.length - 1)
      .join('\n      ')
    return '      ' + prefix + shown
  }

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eol-edit-demo-'))
  // Removed at the end, and also if the process exits early (output piped into `head`).
  const cleanUp = () => fs.rmSync(dir, { recursive: true, force: true })
  process.once('exit', cleanUp)

  async function step(title, name, initial, run) {
    const file = path.join(dir, name)
    fs.writeFileSync(file, initial)
    write(paint(1, `\n== ${title}`) + `  (${name})`)
    write('   before:')
    write(visible(fs.readFileSync(file)))
    try {
      const result = await run(file)
      write(`   after${result ? ` (${result})` : ''}:`)
      write(visible(fs.readFileSync(file)))
    } catch (err) {
      if (!err || typeof err.code !== 'string') throw err
      write(`   refused with ${err.code}: ${err.message}`)
    }
  }

  try {
    write(`Files are in ${dir}`)
    write('Every edit below is written the way a model writes it: with \\n line breaks.')

    await step('CRLF file, multi-line edit written with LF: CRLF stays', 'crlf.txt', 'a\r\nb\r\nc\r\nd', async (f) => {
      const r = await eol.editFile(f, 'b\nc\nd', 'x\ny')
      return `matched by ${r.matchedBy.join(', ')}`
    })

    await step('Mixed endings: every kept line keeps its own ending', 'mixed.txt',
      'one\r\ntwo\r\nthree\nfour\r\n', async (f) => {
        const r = await eol.editFile(f, 'two\nthree\nfour', 'two\nTHREE\nadded\nfour')
        return `${r.replacements} replacement, lines ${r.startLine}-${r.endLine}`
      })

    await step('UTF-8 BOM file: the BOM stays, CRLF stays', 'bom.cs', '\ufeffclass A {\r\n    int x;\r\n}\r\n', async (f) => {
      await eol.multiEdit(f, [
        { oldText: 'int x;', newText: 'int x = 1;' },
        { oldText: 'class A {', newText: 'public class A {' },
      ])
      return 'multiEdit, 2 edits'
    })

    await step('Old Mac lone-CR endings survive an edit', 'lone-cr.txt', 'alpha\rbeta\rgamma\r', async (f) => {
      await eol.editFile(f, 'beta', 'BETA')
    })

    await step('UTF-16LE with BOM: decoded for matching, written back as UTF-16LE', 'utf16.txt',
      Buffer.from('\ufeffhello\r\nworld\r\n', 'utf16le'), async (f) => {
        await eol.editFile(f, 'world', 'there')
      })

    await step('Curly quotes and lost trailing spaces still match; untouched lines keep their bytes', 'lenient.md',
      'Say \u201chi\u201d  \r\nkeep me   \r\nend\r\n', async (f) => {
        const r = await eol.editFile(f, 'Say "hi"\nkeep me\nend', 'Say "hello"\nkeep me\nend')
        return `matched by ${r.matchedBy.join(', ')}`
      })

    await step('writeFile over a CRLF file with LF text keeps CRLF', 'write.txt', 'a\r\nb\r\n', async (f) => {
      await eol.writeFile(f, 'a\nb\nc\n')
    })

    await step('A deliberate conversion: CRLF to LF with a real carriage return', 'convert.txt', 'a\r\nb\r\n', async (f) => {
      await eol.editFile(f, 'a\r\nb\r\n', 'a\nb\n')
      return 'endings-only edit'
    })

    await step('A no-op conversion is refused, with a hint on how to change endings', 'noop.txt', 'a\r\nb\r\n', async (f) => {
      await eol.editFile(f, 'a\nb', 'a\r\nb')
    })

    write(paint(1, '\nString helpers'))
    write(`   toLf("a\\r\\nb\\rc")      = ${JSON.stringify(eol.toLf('a\r\nb\rc'))}`)
    write(`   detectEol("a\\r\\nb\\n")  = ${JSON.stringify(eol.detectEol('a\r\nb\n'))}`)
    write(`   eolInfo("a\\r\\nb\\nc")    = ${JSON.stringify(eol.eolInfo('a\r\nb\nc'))}`)
    write(`   normalizeEol("x\\r\\ny\\r\\n", "p\\nq") = ${JSON.stringify(eol.normalizeEol('x\r\ny\r\n', 'p\nq'))}`)
  } finally {
    process.removeListener('exit', cleanUp)
    cleanUp()
  }
}

exports.runDemo = runDemo
