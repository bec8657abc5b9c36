// The string functions of SPEC section 2 on CRLF, mixed and lone-CR text.

'use strict'

/** Asserts that `call` throws an Error with the given code. */
function throwsCode(assert, call, code) {
  assert.throws(call, (error) => error instanceof Error && error.code === code)
}

module.exports = [
  {
    name: 'toLf turns CRLF and lone CR into LF',
    run(eol, assert) {
      assert.equal(eol.toLf('a\r\nb\rc\nd\r'), 'a\nb\nc\nd\n')
      assert.equal(eol.toLf('é\r\n😀\r𝒳'), 'é\n😀\n𝒳')
      assert.equal(eol.toLf('a\r\r\nb'), 'a\n\nb')
      assert.equal(eol.toLf('no cr\n'), 'no cr\n')
      assert.equal(eol.toLf(''), '')
    },
  },
  {
    name: 'detectEol finds the dominant ending, first on a tie',
    run(eol, assert) {
      assert.equal(eol.detectEol('a\r\nb\r\nc\n'), '\r\n')
      assert.equal(eol.detectEol('a\rb\r'), '\r')
      assert.equal(eol.detectEol('a\nb\r\n'), '\n')
      assert.equal(eol.detectEol('none'), '\n')
    },
  },
  {
    name: 'eolInfo counts every kind of ending',
    run(eol, assert) {
      assert.deepEqual(
        { ...eol.eolInfo('a\r\nb\nc\rd\r\n') },
        { lf: 1, crlf: 2, cr: 1, dominant: '\r\n', mixed: true, trailingNewline: true },
      )
      assert.deepEqual(
        { ...eol.eolInfo('a\rb') },
        { lf: 0, crlf: 0, cr: 1, dominant: '\r', mixed: false, trailingNewline: false },
      )
    },
  },
  {
    name: "normalizeEol re-joins with the original's ending and trailing newline",
    run(eol, assert) {
      assert.equal(eol.normalizeEol('a\r\nb\r\n', 'x\ny'), 'x\r\ny\r\n')
      assert.equal(eol.normalizeEol('a\r\nb', 'x\ny\n'), 'x\r\ny')
      assert.equal(eol.normalizeEol('a\rb\r', 'x\r\ny'), 'x\ry\r')
    },
  },
  {
    name: 'a wrong argument type is an INVALID_ARGUMENT error, not a crash',
    run(eol, assert) {
      for (const bad of [undefined, null, 5, {}, Buffer.from('a')]) {
        throwsCode(assert, () => eol.toLf(bad), 'INVALID_ARGUMENT')
        throwsCode(assert, () => eol.eolInfo(bad), 'INVALID_ARGUMENT')
      }
      throwsCode(assert, () => eol.normalizeEol('a', 5), 'INVALID_ARGUMENT')
      assert.equal(eol.toLf('still\r\nworks'), 'still\nworks')
    },
  },
  {
    name: 'a large mixed text round-trips through toLf',
    run(eol, assert) {
      const lines = Array.from({ length: 20000 }, (_, i) => `line ${i} é😀`)
      const endings = ['\r\n', '\n', '\r']
      const text = lines.map((l, i) => l + endings[i % 3]).join('')
      assert.equal(eol.toLf(text), lines.join('\n') + '\n')
      const info = eol.eolInfo(text)
      assert.equal(info.crlf + info.lf + info.cr, lines.length)
    },
  },
]
