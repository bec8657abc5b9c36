// The edit engine and the file functions on CRLF, mixed, lone-CR, BOM and UTF-16
// files, so every runtime (Node 20/22/24, Bun) is checked byte for byte.

'use strict'

const fs = require('node:fs')
const os = require('node:os')
const path = require('node:path')

/** A fresh file with `bytes` in a temporary folder; returns its path. */
function tempFile(name, bytes) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eol-smoke-'))
  const file = path.join(dir, name)
  fs.writeFileSync(file, bytes)
  return file
}

module.exports = [
  {
    name: 'applyEdits keeps CRLF and mixed endings (seeds 000 and 003)',
    run(eol, assert) {
      assert.equal(eol.applyEdits('a\r\nb\r\nc\r\nd', [{ oldText: 'b\nc\nd', newText: 'x\ny' }]).content, 'a\r\nx\r\ny')
      assert.equal(
        eol.applyEdits('head\r\nAAA OLD BBB\ntail\n', [{ oldText: 'OLD', newText: 'NEW' }]).content,
        'head\r\nAAA NEW BBB\ntail\n',
      )
      assert.equal(
        eol.applyEdits('one\r\ntwo\r\nthree\nfour\r\n', [{ oldText: 'o\nthree\nfo', newText: 'O\nTHREE\nFO' }]).content,
        'one\r\ntwO\r\nTHREE\nFOur\r\n',
      )
    },
  },
  {
    name: 'editFileSync keeps lone CRs and the BOM on disk',
    run(eol, assert) {
      const file = tempFile('a.txt', '\ufeffalpha\rbeta\rgamma\r')
      eol.editFileSync(file, 'beta', 'BETA')
      assert.equal(fs.readFileSync(file, 'latin1'), '\xef\xbb\xbfalpha\rBETA\rgamma\r')
    },
  },
  {
    name: 'editFileSync round-trips UTF-16LE with its BOM',
    run(eol, assert) {
      const file = tempFile('u16.txt', Buffer.from('\ufeffhello\r\nworld\r\n', 'utf16le'))
      eol.editFileSync(file, 'world', 'there')
      assert.deepEqual(fs.readFileSync(file), Buffer.from('\ufeffhello\r\nthere\r\n', 'utf16le'))
    },
  },
  {
    name: 'writeFileSync over a CRLF file keeps CRLF',
    run(eol, assert) {
      const file = tempFile('w.txt', 'a\r\nb\r\n')
      eol.writeFileSync(file, 'a\nb\nc\n')
      assert.equal(fs.readFileSync(file, 'latin1'), 'a\r\nb\r\nc\r\n')
    },
  },
  {
    name: 'a failed edit throws a coded error and leaves the file as it was',
    run(eol, assert) {
      const file = tempFile('f.txt', 'x\r\ny\r\nx\r\n')
      assert.throws(() => eol.editFileSync(file, 'x', 'z'), (e) => e.code === 'TEXT_MULTIPLE_MATCHES')
      assert.throws(() => eol.editFileSync(file, 'nope', 'z'), (e) => e.code === 'TEXT_NOT_FOUND')
      assert.throws(() => eol.editFileSync(5, 'x', 'z'), (e) => e.code === 'INVALID_ARGUMENT')
      assert.equal(fs.readFileSync(file, 'latin1'), 'x\r\ny\r\nx\r\n')
    },
  },
  {
    name: 'the Promise forms resolve and reject, and concurrent edits all land',
    async run(eol, assert) {
      const lines = Array.from({ length: 50 }, (_, i) => `line ${i}`)
      const file = tempFile('c.txt', lines.join('\r\n') + '\r\n')
      await Promise.all(lines.map((l, i) => eol.editFile(file, `${l}\n`, `L${i}\n`)))
      const want = lines.map((_, i) => `L${i}`).join('\r\n') + '\r\n'
      assert.equal(fs.readFileSync(file, 'latin1'), want)
      const read = await eol.readFile(file, { offset: 2, limit: 1 })
      assert.equal(read.content, 'L1\n')
      await assert.rejects(eol.editFile(file, 'nope', 'x'), (e) => e.code === 'TEXT_NOT_FOUND')
      await assert.rejects(eol.convertEol(file, 'crlf'), (e) => e.code === 'NO_CHANGE')
    },
  },
]
