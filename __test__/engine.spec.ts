// The edit engine of SPEC section 3 (`applyEdits`, `applyDeleteRange`), tested
// through the generated loader exactly as a user imports it. Every expectation about
// content is byte for byte: a `\r` too many or too few fails the test, and a failure
// shows every ending.

import { spawnSync } from 'node:child_process'
import * as path from 'node:path'

import { describe, expect, it } from 'vitest'

import { applyDeleteRange, applyEdits } from '../index.js'
import type { ApplyResult, Edit } from '../index.js'
import { slow } from './support/platform'

// ---------------------------------------------------------------------------
// Helpers

/** Shows every code unit outside printable ASCII, so a failure shows the `\r`s. */
function visible(text: string): string {
  let out = ''
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i)
    if (unit === 0x0a) out += '\\n'
    else if (unit === 0x0d) out += '\\r'
    else if (unit === 0x09) out += '\\t'
    else if (unit === 0x5c) out += '\\\\'
    else if (unit < 0x20 || unit > 0x7e) out += `\\u${unit.toString(16).padStart(4, '0')}`
    else out += text[i]
  }
  return out
}

/** Exact string equality, reported with visible endings. */
function expectSame(actual: unknown, expected: string): void {
  expect(typeof actual).toBe('string')
  expect(visible(actual as string)).toBe(visible(expected))
  expect(actual === expected).toBe(true)
}

/** Exact Buffer equality, reported as hex. */
function expectBytes(actual: unknown, expected: Buffer): void {
  expect(Buffer.isBuffer(actual)).toBe(true)
  expect((actual as Buffer).toString('hex')).toBe(expected.toString('hex'))
}

/** One edit on a string; returns the whole result. */
function edit(content: string, oldText: string, newText: string, replaceAll?: boolean): ApplyResult {
  const e: Edit = { oldText, newText }
  if (replaceAll !== undefined) e.replaceAll = replaceAll
  return applyEdits(content, [e])
}

/** The new content of one edit on a string. */
function edited(content: string, oldText: string, newText: string, replaceAll?: boolean): string {
  const { content: out } = edit(content, oldText, newText, replaceAll)
  expect(typeof out).toBe('string')
  return out as string
}

type EngineError = Error & { code: string; lines?: number[]; editIndex?: number; hint?: string }

/** Runs `fn`, which must throw an `Error` with a `code`, and returns that error. */
function failure(fn: () => unknown): EngineError {
  let thrown: unknown
  try {
    fn()
  } catch (e) {
    thrown = e
  }
  expect(thrown, 'expected the call to throw').toBeInstanceOf(Error)
  const err = thrown as EngineError
  expect(typeof err.code).toBe('string')
  return err
}

/** The error of one failing edit on a string. */
function editFailure(content: string, oldText: string, newText: string, replaceAll?: boolean): EngineError {
  return failure(() => edit(content, oldText, newText, replaceAll))
}

/** `message` plus `hint`, which is what a tool shows a model. */
function said(err: EngineError): string {
  return `${err.message} ${err.hint ?? ''}`
}

// ---------------------------------------------------------------------------

describe('seed 000 (dskcode): a CRLF file edited with LF text', () => {
  it('matches a one-line oldText in a CRLF file and keeps every CRLF', () => {
    expectSame(edited('line one\r\nfoo bar\r\nline three', 'foo bar', 'baz qux'), 'line one\r\nbaz qux\r\nline three')
  })

  it('matches a multi-line oldText written with LF and writes CRLF back', () => {
    expectSame(edited('a\r\nb\r\nc\r\nd', 'b\nc\nd', 'x\ny'), 'a\r\nx\r\ny')
  })

  it('gives the same result when the model writes CRLF in oldText and newText', () => {
    expectSame(edited('a\r\nb\r\nc\r\nd', 'b\r\nc\r\nd', 'x\r\ny'), 'a\r\nx\r\ny')
    expectSame(edited('a\r\nb\r\nc\r\nd', 'b\nc\r\nd', 'x\r\ny'), 'a\r\nx\r\ny')
  })

  it('trade-off 1: a real \\r in an endings-only oldText is matched as raw bytes, not normalized away', () => {
    // In the LF view `a\nb` occurs twice; with its real CR the edit names one place.
    expectSame(edited('a\r\nb\na\nb\n', 'a\r\nb', 'a\nb'), 'a\nb\na\nb\n')
    // And LF text asking for CRLF only matches the LF bytes, never inside a CRLF.
    expectSame(edited('x\na\nb\ny\na\r\nb\n', 'a\nb', 'a\r\nb'), 'x\na\r\nb\ny\na\r\nb\n')
  })

  it('trade-off 1: an endings-only oldText whose \\r is not in the file is not a silent success', () => {
    const err = editFailure('a\nb\nc\n', 'a\r\nb', 'a\nb')
    expect(err.code).toBe('NO_CHANGE')
    expect(said(err)).toMatch(/differ only in (their )?line endings/)
    expect(said(err)).toMatch(/convertEol/)
  })

  it('trade-off 2: a lone-CR file keeps its lone CRs, none is turned into LF', () => {
    const r = edit('one\rtwo\rthree\r', 'two', 'TWO\nextra')
    expectSame(r.content, 'one\rTWO\rextra\rthree\r')
    expect(r.eol).toEqual({ lf: 0, crlf: 0, cr: 4, dominant: '\r', mixed: false, trailingNewline: true })
  })

  it('trade-off 2: a multi-line oldText matches across lone CRs and keeps them', () => {
    expectSame(edited('a\rb\rc\rd', 'b\nc', 'B\nC'), 'a\rB\rC\rd')
  })

  it('trade-off 3: an input without any \\r goes through unchanged but for the edit', () => {
    const lines = Array.from({ length: 20_000 }, (_, i) => `line ${i}`)
    const input = lines.join('\n') + '\n'
    const out = edited(input, 'line 12345\nline 12346', 'changed')
    expectSame(out, input.replace('line 12345\nline 12346', 'changed'))
    expect(out.includes('\r')).toBe(false)
  })
})

describe('seed 003 (OpenCode): mixed line endings are kept line by line', () => {
  it('byte-level repro: a one-word edit in a mixed file touches nothing else', () => {
    expectSame(edited('head\r\nAAA OLD BBB\ntail\n', 'OLD', 'NEW'), 'head\r\nAAA NEW BBB\ntail\n')
  })

  it('an oldText crossing a lone LF line in a mostly-CRLF file keeps each line its ending', () => {
    expectSame(edited('one\r\ntwo\r\nthree\nfour\r\n', 'o\nthree\nfo', 'O\nTHREE\nFO'), 'one\r\ntwO\r\nTHREE\nFOur\r\n')
  })

  it('unchanged context inside a mixed-ending match keeps its bytes', () => {
    expectSame(edited('a\r\nb\nc\r\nd\n', 'a\nb\nc\nd', 'a\nb\nC\nd'), 'a\r\nb\nC\r\nd\n')
    expectSame(
      edited('x\rone\r\ntwo\nthree\rfour\n', 'one\ntwo\nthree\nfour', 'one\nTWO\nthree\nfour'),
      'x\rone\r\nTWO\nthree\rfour\n',
    )
  })

  it('converts CRLF to LF on purpose with an endings-only edit', () => {
    expectSame(edited('a\r\nb\r\nc\r\n', 'a\r\nb\r\n', 'a\nb\n'), 'a\nb\nc\r\n')
  })

  it('converts LF to CRLF on purpose with an endings-only edit', () => {
    expectSame(edited('a\nb\nc\n', 'a\nb\nc\n', 'a\r\nb\r\nc\r\n'), 'a\r\nb\r\nc\r\n')
  })

  it('converts every CRLF with replaceAll on a bare ending', () => {
    const r = edit('a\r\nb\r\nc\r\n', '\r\n', '\n', true)
    expectSame(r.content, 'a\nb\nc\n')
    expect(r.replacements).toBe(3)
  })

  it('a bare LF never matches the LF inside a CRLF', () => {
    const r = edit('a\r\nb\nc\r\n', '\n', '\r\n', true)
    expectSame(r.content, 'a\r\nb\r\nc\r\n')
    expect(r.replacements).toBe(1)
  })

  it('the no-op failure: asking for endings the file already has is NO_CHANGE and says how to change endings', () => {
    const err = editFailure('a\r\nb\r\n', 'a\nb', 'a\r\nb')
    expect(err.code).toBe('NO_CHANGE')
    expect(said(err)).toMatch(/differ only in (their )?line endings/)
    expect(said(err)).toMatch(/convertEol/)
  })

  it('an endings-only edit whose text is nowhere is TEXT_NOT_FOUND and says how to change endings', () => {
    const err = editFailure('a\nb\n', 'x\r\ny', 'x\ny')
    expect(err.code).toBe('TEXT_NOT_FOUND')
    expect(said(err)).toMatch(/differ only in (their )?line endings/)
    expect(said(err)).toMatch(/convertEol/)
  })

  it('an endings-only edit whose text is there with other endings names its line', () => {
    const err = editFailure('z\na\rb\r', 'a\r\nb', 'a\nb')
    expect(err.code).toBe('TEXT_NOT_FOUND')
    expect(err.message).toMatch(/line 2/)
    expect(said(err)).toMatch(/convertEol/)
  })
})

describe('tiers: how oldText was found (matchedBy)', () => {
  it('exact: a byte-equal substring of the LF view', () => {
    const r = edit('let a = 1;\r\nlet b = 2;\r\n', 'let b = 2;', 'let b = 3;')
    expectSame(r.content, 'let a = 1;\r\nlet b = 3;\r\n')
    expect(r.matchedBy).toEqual(['exact'])
  })

  it('exact wins over a lenient tier that would match elsewhere', () => {
    const r = edit('a \nb\na\nb\n', 'a\nb', 'X')
    expectSame(r.content, 'a \nb\nX\n')
    expect(r.matchedBy).toEqual(['exact'])
  })

  it('unicode: curly quotes in the file, straight quotes from the model', () => {
    const r = edit('say(\u201chi\u201d);\r\nnext\r\n', 'say("hi");', 'say("bye");')
    // The quotes the model left alone stay the file's; the word it changed is its own.
    expectSame(r.content, 'say(\u201cbye\u201d);\r\nnext\r\n')
    expect(r.matchedBy).toEqual(['unicode'])
  })

  it('unicode: single curly quotes and an em dash', () => {
    expectSame(edited('it\u2019s a \u2014 b\n', "it's a - b", 'x'), 'x\n')
    expect(edit('a \u2014 b\n', 'a - b', 'a + b').matchedBy).toEqual(['unicode'])
  })

  it('unicode: a no-break space in the file, a plain space from the model', () => {
    const r = edit('x\u00a0=\u00a01;\n', 'x = 1;', 'x = 2;')
    expectSame(r.content, 'x\u00a0=\u00a02;\n')
    expect(r.matchedBy).toEqual(['unicode'])
  })

  it('unicode: NFD in the file, NFC from the model', () => {
    const r = edit('const s = "cafe\u0301";\n', 'const s = "caf\u00e9";', 'const s = "tea";')
    expectSame(r.content, 'const s = "tea";\n')
    expect(r.matchedBy).toEqual(['unicode'])
  })

  it('unicode: a line the model left alone keeps the file\u2019s own Unicode form and quotes', () => {
    const r = edit('a = "cafe\u0301"\r\nq = \u201cx\u201d\r\nb = 1\r\n', 'a = "caf\u00e9"\nq = "x"\nb = 1', 'a = "caf\u00e9"\nq = "x"\nb = 2')
    expectSame(r.content, 'a = "cafe\u0301"\r\nq = \u201cx\u201d\r\nb = 2\r\n')
    expect(r.matchedBy).toEqual(['unicode'])
  })

  it('trailingWhitespace: whole lines equal once trailing spaces and tabs are trimmed', () => {
    const r = edit('keep  \r\nold \t\r\nend\r\n', 'keep\nold', 'keep\nnew')
    expectSame(r.content, 'keep  \r\nnew\r\nend\r\n')
    expect(r.matchedBy).toEqual(['trailingWhitespace'])
  })

  it('trailingWhitespace: an unchanged line keeps its trailing whitespace', () => {
    const r = edit('a\t\nb  \nc\n', 'a\nb\n', 'A\nb\n')
    expectSame(r.content, 'A\nb  \nc\n')
    expect(r.matchedBy).toEqual(['trailingWhitespace'])
  })

  it('innerWhitespace: lost alignment padding inside lines', () => {
    const r = edit('const a   = 1;\r\nconst bcd = 2;\r\nend\r\n', 'const a = 1;\nconst bcd = 2;', 'const a = 10;\nconst bcd = 2;')
    // The line the model left alone keeps its bytes; the changed one keeps the padding
    // the model did not touch.
    expectSame(r.content, 'const a   = 10;\r\nconst bcd = 2;\r\nend\r\n')
    expect(r.matchedBy).toEqual(['innerWhitespace'])
  })

  it('innerWhitespace: a tab inside a line reads as one space; kept lines keep their bytes', () => {
    const r = edit('x\t= 1;  // one\ny = 2;\n', 'x = 1; // one\ny = 2;', 'x = 1; // one\ny = 3;')
    expectSame(r.content, 'x\t= 1;  // one\ny = 3;\n')
    expect(r.matchedBy).toEqual(['innerWhitespace'])
  })

  it('innerWhitespace: indentation still has to be equal (a different indentation is the indentation tier)', () => {
    const r = edit('    a   = 1\n', 'a = 1', 'a = 2')
    expect(r.matchedBy).toEqual(['indentation'])
    expectSame(r.content, '    a   = 2\n')
  })

  it('innerWhitespace comes after trailingWhitespace', () => {
    const r = edit('a  b\nz\na b \nz\n', 'a b\nz', 'q')
    expect(r.matchedBy).toEqual(['trailingWhitespace'])
    expectSame(r.content, 'a  b\nz\nq\n')
  })

  it('indentation: spaces from the model, tabs in the file; new lines are re-indented with tabs', () => {
    const r = edit(
      'fn f() {\r\n\tif a {\r\n\t\tb();\r\n\t}\r\n}\r\n',
      '    if a {\n        b();\n    }',
      '    if a {\n        b();\n        c();\n    }',
    )
    expectSame(r.content, 'fn f() {\r\n\tif a {\r\n\t\tb();\r\n\t\tc();\r\n\t}\r\n}\r\n')
    expect(r.matchedBy).toEqual(['indentation'])
  })

  it('indentation: a uniform shift; new and changed lines get the file\u2019s indentation', () => {
    const r = edit(
      'fn f() {\n        let x = 1;\n        let y = 2;\n}\n',
      'let x = 1;\nlet y = 2;',
      'let x = 10;\nlet z = 3;\nlet y = 2;',
    )
    expectSame(r.content, 'fn f() {\n        let x = 10;\n        let z = 3;\n        let y = 2;\n}\n')
    expect(r.matchedBy).toEqual(['indentation'])
  })

  it('indentation: nested indentation is shifted by the same amount', () => {
    const r = edit('    if a {\n        b();\n    }\n', 'if a {\n    b();\n}', 'if a {\n    if c {\n        b();\n    }\n}')
    expectSame(r.content, '    if a {\n        if c {\n            b();\n        }\n    }\n')
    expect(r.matchedBy).toEqual(['indentation'])
  })

  it('indentation: unchanged lines keep their source bytes (trailing spaces included)', () => {
    const r = edit('\tone();  \r\n\ttwo();\r\n', 'one();\ntwo();', 'one();\nTWO();')
    expectSame(r.content, '\tone();  \r\n\tTWO();\r\n')
    expect(r.matchedBy).toEqual(['indentation'])
  })

  it('unescaped: a literal \\n in oldText with no real newline', () => {
    const r = edit('a\r\nb\r\n', 'a\\nb', 'a\\nB')
    expectSame(r.content, 'a\r\nB\r\n')
    expect(r.matchedBy).toEqual(['unescaped'])
  })

  it('unescaped: a literal \\t', () => {
    const r = edit('x\ty\n', 'x\\ty', 'x\\tz')
    expectSame(r.content, 'x\tz\n')
    expect(r.matchedBy).toEqual(['unescaped'])
  })

  it('unescaped: literal \\" quotes', () => {
    const r = edit('say("hi")\n', 'say(\\"hi\\")', 'say(\\"bye\\")')
    expectSame(r.content, 'say("bye")\n')
    expect(r.matchedBy).toEqual(['unescaped'])
  })

  it('unescaped: CRLF to LF written with literal \\r\\n escapes (the seed 003 gap) is applied to the bytes', () => {
    // Neither text has a real line break; unescaped they differ only in their \r: a
    // deliberate line-ending change, made on the file's own bytes.
    const r = edit('a\r\nb\r\n', 'a\\r\\nb', 'a\\nb')
    expectSame(r.content, 'a\nb\r\n')
    expect(r.matchedBy).toEqual(['unescaped'])
    // The same conversion with real carriage returns gives the same bytes.
    const real = edit('a\r\nb\r\n', 'a\r\nb', 'a\nb')
    expectSame(real.content, 'a\nb\r\n')
    expect(real.matchedBy).toEqual(['exact'])
  })

  it('unescaped: LF to CRLF written with escapes, and every ending with replaceAll', () => {
    expectSame(edited('a\nb\nc\n', 'a\\nb', 'a\\r\\nb'), 'a\r\nb\nc\n')
    const all = edit('a\r\nb\r\nc\r\n', '\\r\\n', '\\n', true)
    expectSame(all.content, 'a\nb\nc\n')
    expect(all.replacements).toBe(3)
    expect(all.matchedBy).toEqual(['unescaped'])
  })

  it('unescaped: an escaped ending change the file already has is NO_CHANGE', () => {
    const err = editFailure('a\nb\n', 'a\\r\\nb', 'a\\nb')
    expect(err.code).toBe('NO_CHANGE')
    expect(said(err)).toMatch(/convertEol/)
  })

  it('unescaped: escapes in one text and a real line break in the other change nothing, and say so', () => {
    const err = editFailure('a\r\nb\r\n', 'a\\r\\nb', 'a\nb')
    expect(err.code).toBe('NO_CHANGE')
    expect(err.message).toMatch(/escapes/)
  })

  it('unescaped: a literal \\$ (a template string escaped for a shell or JSON)', () => {
    const r = edit('const s = `${a}`;\n', 'const s = `\\${a}`;', 'const s = `\\${b}`;')
    expectSame(r.content, 'const s = `${b}`;\n')
    expect(r.matchedBy).toEqual(['unescaped'])
  })

  it('a literal \\r\\n that is in the file is matched exactly, not read as an ending', () => {
    const r = edit('s = "a\\r\\nb";\r\n', '"a\\r\\nb"', '"a\\nb"')
    expectSame(r.content, 's = "a\\nb";\r\n')
    expect(r.matchedBy).toEqual(['exact'])
  })

  it('unescaped is not tried when oldText has a real newline', () => {
    expect(editFailure('a\\nb\nc\n', 'a\nb\\nc', 'x').code).toBe('TEXT_NOT_FOUND')
  })

  it('a literal backslash-n that is in the file is matched exactly, not unescaped', () => {
    const r = edit('print("a\\nb")\n', 'print("a\\nb")', 'print("c")')
    expectSame(r.content, 'print("c")\n')
    expect(r.matchedBy).toEqual(['exact'])
  })
})

describe('SPEC 3.5: which ending each written line gets', () => {
  describe('on LF, CRLF and CR-only files, with and without a final newline', () => {
    const files: Array<[string, string]> = [
      ['LF', '\n'],
      ['CRLF', '\r\n'],
      ['CR', '\r'],
    ]
    for (const [name, e] of files) {
      for (const final of [true, false]) {
        const tail = final ? e : ''
        it(`${name}, ${final ? 'with' : 'without'} a final newline: kept, changed and added lines all take ${name}`, () => {
          const input = `a${e}b${e}c${tail}`
          expectSame(edited(input, 'a\nb\nc', 'a\nB\nX\nc'), `a${e}B${e}X${e}c${tail}`)
        })

        it(`${name}, ${final ? 'with' : 'without'} a final newline: deleting a line takes its ending along`, () => {
          expectSame(edited(`a${e}b${e}c${tail}`, 'a\nb\nc', 'a\nc'), `a${e}c${tail}`)
        })

        it(`${name}, ${final ? 'with' : 'without'} a final newline: a line added after the last line`, () => {
          expectSame(edited(`a${e}b${tail}`, 'b', 'b\nc'), `a${e}b${e}c${tail}`)
        })
      }
    }
  })

  it('a kept line keeps its own ending in a mixed file', () => {
    expectSame(edited('a\r\nb\nc\rd\n', 'a\nb\nc\nd', 'a\nb\nc\nD'), 'a\r\nb\nc\rD\n')
  })

  it('a line changed in place takes the ending of the line it replaces', () => {
    expectSame(edited('a\nb\r\nc\n', 'a\nb\nc', 'a\nB\nc'), 'a\nB\r\nc\n')
    expectSame(edited('a\r\nb\rc\r\n', 'a\nb\nc', 'a\nB\nc'), 'a\r\nB\rc\r\n')
  })

  it('an added line takes the majority ending of the matched region, not the file\u2019s', () => {
    // Region `a\r\nb\r\nc`: CRLF twice. The file as a whole is mostly LF.
    expectSame(
      edited('a\r\nb\r\nc\nd\ne\nf\ng\n', 'a\nb\nc', 'a\nb\nX\nc'),
      'a\r\nb\r\nX\r\nc\nd\ne\nf\ng\n',
    )
    // Region `a\nb\nc\r\nd`: LF twice. The file as a whole is mostly CRLF.
    expectSame(
      edited('a\nb\nc\r\nd\r\ne\r\nf\r\n', 'a\nb\nc\nd', 'a\nX\nb\nc\nd'),
      'a\nX\nb\nc\r\nd\r\ne\r\nf\r\n',
    )
  })

  it('an added line takes the file\u2019s dominant ending on a tie in the region', () => {
    // Region `a\r\nb\nc`: one CRLF, one LF. The file is mostly lone CR.
    expectSame(edited('a\r\nb\nc\rd\re\rf\r', 'a\nb\nc', 'a\nX\nb\nc'), 'a\r\nX\rb\nc\rd\re\rf\r')
  })

  it('an added line takes the file\u2019s dominant ending for a single-line match', () => {
    // `a` ends with LF, but the file is mostly CRLF: the added line gets CRLF, and
    // `a`'s LF, outside the match, ends the last new line.
    expectSame(edited('a\nb\r\nc\r\n', 'a', 'a\nX'), 'a\r\nX\nb\r\nc\r\n')
    expectSame(edited('a\rb\r', 'b', 'b\nc'), 'a\rb\rc\r')
  })

  it('deleted lines take their own endings in a mixed file', () => {
    expectSame(edited('a\nb\r\nc\rd\n', 'a\nb\nc\nd', 'a\nd'), 'a\nd\n')
    expectSame(edited('a\r\nb\nc\r\n', 'a\nb\nc', 'a\nc'), 'a\r\nc\r\n')
  })

  it('the ending after the match belongs to the outside when oldText does not end with a newline', () => {
    expectSame(edited('a\r\nb\nc\r\n', 'b', 'B'), 'a\r\nB\nc\r\n')
    expectSame(edited('a\r\nb\r\nc\r\n', 'b', ''), 'a\r\n\r\nc\r\n')
  })

  it('the ending after the match is part of it when oldText ends with a newline', () => {
    // Removing the line with its ending, and joining two lines, are both possible.
    expectSame(edited('a\r\nb\r\nc\r\n', 'b\n', ''), 'a\r\nc\r\n')
    expectSame(edited('a\r\nb\r\nc\r\n', 'b\n', 'B'), 'a\r\nBc\r\n')
    // Replacing a line ending in CRLF, in an LF file: the changed line keeps CRLF,
    // the added one takes the region's CRLF.
    expectSame(edited('a\nb\r\nc\n', 'b\n', 'x\ny\n'), 'a\nx\r\ny\r\nc\n')
  })

  it('a file without a final newline gets one only when newText asks for it', () => {
    expectSame(edited('a\r\nb', 'b', 'b\nc'), 'a\r\nb\r\nc')
    expectSame(edited('a\r\nb', 'b', 'b\n'), 'a\r\nb\r\n')
    // Both texts ending with a newline (as models write them) over the last line, which
    // has none: the newline stands for that missing ending, and none is added.
    expectSame(edited('a\r\nb', 'b\n', 'B\n'), 'a\r\nB')
    expectSame(edited('a\r\nb', 'a\nb\n', 'a\nB\nc\n'), 'a\r\nB\r\nc')
    expectSame(edited('a\rb', 'b\n', 'B\n'), 'a\rB')
    expectSame(edited('a\r\nb\r\n', 'b\n', 'B\n'), 'a\r\nB\r\n')
  })

  it('a lone CR line is kept where it is kept, in a mixed file', () => {
    expectSame(edited('a\rb\r\nc\nd\r', 'b\nc', 'B\nc'), 'a\rB\r\nc\nd\r')
  })

  it('a kept empty line keeps its LF after an added line, even where the file is mostly lone CR', () => {
    // The added `Z` would take CR (region tie, file dominant CR), and a lone CR before
    // the kept empty line's LF would read as one CRLF. The added line's ending is the
    // engine's choice, the kept line's is the file's: the added line's has to give.
    const out = edited('a\r\n\nb\rc\rd', 'a\n\nb', 'a\nZ\n\nb')
    expectSame(out.replace(/\r\n|\r/g, '\n'), 'a\nZ\n\nb\nc\nd')
    expect(visible(out)).toMatch(/^a\\r\\nZ.*\\n\\nb\\rc\\rd$/)
  })

  it('an empty line added after a lone-CR line does not fuse with it into one CRLF', () => {
    const out = edited('a\rb\nc\nd', 'b', '\nb')
    expectSame(out.replace(/\r\n|\r/g, '\n'), 'a\n\nb\nc\nd')
  })
})

describe('ambiguity, replaceAll and failures', () => {
  it('replaceAll replaces every match and counts them', () => {
    const r = edit('x\r\ny\r\nx\r\n', 'x', 'z', true)
    expectSame(r.content, 'z\r\ny\r\nz\r\n')
    expect(r.replacements).toBe(2)
    expect(r.matchedBy).toEqual(['exact'])
  })

  it('replaceAll on a multi-line oldText keeps each match\u2019s endings', () => {
    const r = edit('a\r\nb\r\n-\na\nb\n', 'a\nb', 'A\nB', true)
    expectSame(r.content, 'A\r\nB\r\n-\nA\nB\n')
    expect(r.replacements).toBe(2)
  })

  it('replaceAll with a lenient tier replaces every match of that tier', () => {
    const r = edit('a \nb\na\t\nb\n', 'a\nb', 'c', true)
    expectSame(r.content, 'c\nc\n')
    expect(r.replacements).toBe(2)
    expect(r.matchedBy).toEqual(['trailingWhitespace'])
  })

  it('TEXT_MULTIPLE_MATCHES lists every line and mentions replaceAll', () => {
    const err = editFailure('x\ny\nx\n', 'x', 'z')
    expect(err.code).toBe('TEXT_MULTIPLE_MATCHES')
    expect(err.lines).toEqual([1, 3])
    expect(said(err)).toMatch(/replaceAll/)
    expect(err.message).toMatch(/1, 3/)
  })

  it('overlapping occurrences are ambiguous too', () => {
    expect(editFailure('aaa\n', 'aa', 'b').code).toBe('TEXT_MULTIPLE_MATCHES')
  })

  it('a lenient tier with two matches fails instead of falling through', () => {
    const err = editFailure('a \nb\na\t\nb\n', 'a\nb', 'c')
    expect(err.code).toBe('TEXT_MULTIPLE_MATCHES')
    expect(err.lines).toEqual([1, 3])
  })

  it('TEXT_NOT_FOUND names the closest region, its similarity, and tabs versus spaces', () => {
    const err = editFailure('x\n\tif x {\n\t\ty();\n\t}\n', '  if x {\n  y();\n  }', 'q')
    expect(err.code).toBe('TEXT_NOT_FOUND')
    expect(err.lines).toEqual([2, 3, 4])
    expect(err.message).toMatch(/lines 2-4/)
    expect(err.message).toMatch(/\d+% similar/)
    expect(err.message).toMatch(/tabs/)
    expect(err.message).toMatch(/spaces/)
  })

  it('TEXT_NOT_FOUND names the quote characters that differ', () => {
    const err = editFailure('say(\u2018hi\u2019)\nreturn 1\n', "say('hi')\nreturn 2", 'q')
    expect(err.code).toBe('TEXT_NOT_FOUND')
    expect(err.lines).toEqual([1, 2])
    expect(err.message).toMatch(/U\+2018/)
    expect(err.message).toMatch(/return 1/)
  })

  it('TEXT_NOT_FOUND names trailing whitespace', () => {
    const err = editFailure('a \nb\n', 'a  \nbb', 'q')
    expect(err.code).toBe('TEXT_NOT_FOUND')
    expect(err.message).toMatch(/trailing whitespace/)
  })

  it('TEXT_NOT_FOUND names a line oldText has and the file does not', () => {
    const err = editFailure('alpha\nbravo\ncharlie\ndelta\n', 'alpha\nbravo\nXRAY\ncharlie\ndelta', 'q')
    expect(err.code).toBe('TEXT_NOT_FOUND')
    expect(err.lines).toEqual([1, 2, 3, 4])
    expect(err.message).toMatch(/old_text has `XRAY` before line 3, the file does not/)
  })

  it('TEXT_NOT_FOUND names a line the file has and oldText lacks, and no false difference', () => {
    const err = editFailure('alpha\nbravo\nXRAY\ncharlie\ndelta\n', 'alpha\nbravo\ncharlie\ndelta', 'q')
    expect(err.code).toBe('TEXT_NOT_FOUND')
    expect(err.message).toMatch(/line 3 is in the file but not in old_text/)
    // `delta` is on line 5 of the file: the closest region runs to it, and `delta` is
    // not reported missing.
    expect(err.message).not.toMatch(/old_text has `delta`/)
    expect(err.lines).toEqual([1, 2, 3, 4, 5])
  })

  const ADD_SUB = [
    '#include <stdio.h>',
    '',
    'int Add(int a, int b)',
    '{',
    '    return a + b;',
    '}',
    '',
    'int Sub(int a, int b)',
    '{',
    '    return a - b;',
    '}',
    '',
  ].join('\r\n')

  it('TEXT_NOT_FOUND points at the function the model meant, not the first one with braces', () => {
    const err = editFailure(ADD_SUB, 'int Sub(int x, int y)\n{\n    return x - y;\n}', 'q')
    expect(err.code).toBe('TEXT_NOT_FOUND')
    expect(err.lines).toEqual([8, 9, 10, 11])
    expect(err.message).toMatch(/closest match is lines 8-11 \(\d+% similar\)/)
    // The region quoted as read_file shows it (LF view, numbered), so a retry can
    // copy it; the other function is not mentioned.
    expect(err.message).toContain(' 8\u2502int Sub(int a, int b)\n 9\u2502{\n10\u2502    return a - b;\n11\u2502}')
    expect(err.message).not.toMatch(/Add/)
    expect(err.message).not.toContain('\r')
    // What differs: the renamed parameters.
    expect(err.message).toMatch(/line 8: old_text has `int Sub\(int x, int y\)`/)
    expect(err.message).toMatch(/line 10: old_text has `return x - y;`/)
  })

  it('TEXT_NOT_FOUND reports a one-line oldText as a one-line region', () => {
    const err = editFailure(ADD_SUB, '    return a - c;', 'q')
    expect(err.lines).toEqual([10])
    expect(err.message).toMatch(/closest match is line 10 \(/)
    expect(err.message).toContain('10\u2502    return a - b;')
  })

  it('TEXT_NOT_FOUND names a second region when it is nearly as close', () => {
    const err = editFailure(ADD_SUB, 'int Mul(int a, int b)\n{\n    return a * b;\n}', 'q')
    expect(err.lines).toEqual([3, 4, 5, 6])
    expect(err.message).toMatch(/Lines 8-11 are nearly as close \(\d+% similar\)/)
  })

  it('TEXT_NOT_FOUND does not repeat the line list after quoting the lines', () => {
    const err = editFailure(ADD_SUB, 'int Sub(int x, int y)\n{\n    return x - y;\n}', 'q')
    expect(err.message).not.toMatch(/8, 9, 10, 11/)
    expect(err.message.match(/ 8\u2502/g)).toHaveLength(1)
  })

  it('TEXT_NOT_FOUND says so when no part of the file is close', () => {
    const err = editFailure('alpha\nbeta\n', 'zzzz qqqq', 'q')
    expect(err.code).toBe('TEXT_NOT_FOUND')
    expect(err.lines ?? []).toEqual([])
    expect(err.message).toMatch(/No part of the file is close/)
  })

  it('TEXT_MULTIPLE_MATCHES lists the line of every match and says to add context or use replaceAll', () => {
    const content = Array.from({ length: 30 }, (_, i) => (i % 3 === 0 ? 'same();' : `other${i}();`)).join('\r\n')
    const err = editFailure(content, 'same();', 'q')
    expect(err.code).toBe('TEXT_MULTIPLE_MATCHES')
    const expected = Array.from({ length: 10 }, (_, i) => 3 * i + 1)
    expect(err.lines).toEqual(expected)
    expect(err.message).toContain(expected.join(', '))
    expect(said(err)).toMatch(/surrounding lines/)
    expect(said(err)).toMatch(/replaceAll/)
  })

  it('TEXT_NOT_FOUND on a file of identical lines takes near-linear time, not quadratic', () => {
    // 170,000 identical lines (1 MiB) and a 10,000-line oldText plus an absent line.
    const content = 'abcdef\n'.repeat(170_000)
    const oldText = 'abcdef\n'.repeat(10_000) + 'absent line\n'
    const started = performance.now()
    const err = editFailure(content, oldText, 'q')
    expect(err.code).toBe('TEXT_NOT_FOUND')
    // About 50 ms in a release build, 7 s in a debug build on a loaded machine; quadratic
    // matching took a minute and more in a release build. The bound only tells those apart.
    expect(performance.now() - started).toBeLessThan(30_000 * slow)
  })

  it('INVALID_ARGUMENT for an empty oldText', () => {
    const err = editFailure('a\n', '', 'b')
    expect(err.code).toBe('INVALID_ARGUMENT')
    expect(err.message).toMatch(/writeFile/)
  })

  it('INVALID_ARGUMENT for an empty list of edits', () => {
    expect(failure(() => applyEdits('a\n', [])).code).toBe('INVALID_ARGUMENT')
  })

  it('NO_CHANGE when oldText equals newText', () => {
    expect(editFailure('a\r\nb\r\n', 'a\nb', 'a\nb').code).toBe('NO_CHANGE')
  })

  it('NO_CHANGE when a lenient match would write the same bytes', () => {
    expect(editFailure('say(\u201chi\u201d)\n', 'say("hi")', 'say(\u201chi\u201d)').code).toBe('NO_CHANGE')
  })
})

describe('every kind of ending, in every path', () => {
  it('a mostly-LF file with one CRLF line: the CRLF does not spread to added lines (seed 003)', () => {
    const r = edit('head\r\none\ntwo\nthree\n', 'one\ntwo', 'one\nTWO\nadded')
    expectSame(r.content, 'head\r\none\nTWO\nadded\nthree\n')
  })

  it('several edits on a mixed file keep every untouched line its ending (multiEdit)', () => {
    const r = applyEdits('a\r\nb\nc\rd\r\n', [
      { oldText: 'a\nb', newText: 'A\nB' },
      { oldText: 'c\nd', newText: 'c\nX\nd' },
    ])
    expectSame(r.content, 'A\r\nB\nc\rX\rd\r\n')
  })

  it('replaceAll in a lone-CR file keeps the lone CRs of every match', () => {
    const r = edit('x\ry\rx\ry\r', 'x\ny', 'X\nY', true)
    expectSame(r.content, 'X\rY\rX\rY\r')
    expect(r.replacements).toBe(2)
  })

  it('TEXT_MULTIPLE_MATCHES counts lone CR and CRLF lines alike', () => {
    const err = editFailure('k\ra\r\nz\nk\r', 'k', 'q')
    expect(err.code).toBe('TEXT_MULTIPLE_MATCHES')
    expect(err.lines).toEqual([1, 4])
  })

  it('the indentation tier keeps each line its ending in a mixed file', () => {
    const r = edit('\tif (a) {\r\n\t\tb()\r\t}\n', 'if (a) {\n    b()\n}', 'if (a) {\n    c()\n}')
    expectSame(r.content, '\tif (a) {\r\n\t\tc()\r\t}\n')
    expect(r.matchedBy).toEqual(['indentation'])
  })

  it('the innerWhitespace tier in a lone-CR file', () => {
    const r = edit('a  =  1\rb  =  2\r', 'a = 1\nb = 2', 'a = 1\nb = 3')
    expectSame(r.content, 'a  =  1\rb  =  3\r')
    expect(r.matchedBy).toEqual(['innerWhitespace'])
  })

  it('a lenient tier in a Buffer with a UTF-8 BOM and CRLF keeps both', () => {
    const r = applyEdits(Buffer.from('\ufeffone  \r\ntwo\t\r\n'), [{ oldText: 'one\ntwo', newText: 'one\nTWO\nthree' }])
    expectBytes(r.content, Buffer.from('\ufeffone  \r\nTWO\r\nthree\r\n'))
    expect(r.matchedBy).toEqual(['trailingWhitespace'])
  })

  it('UTF-16LE with mixed endings keeps each line its ending', () => {
    const input = Buffer.from('\ufeffa\r\nb\nc\rd', 'utf16le')
    const r = applyEdits(input, [{ oldText: 'b\nc', newText: 'B\nC' }])
    expectBytes(r.content, Buffer.from('\ufeffa\r\nB\nC\rd', 'utf16le'))
  })

  it('an escaped ending change in a mixed file converts only the ending it names', () => {
    const r = edit('a\r\nb\nc\r\n', 'b\\nc', 'b\\r\\nc')
    expectSame(r.content, 'a\r\nb\r\nc\r\n')
    expect(r.matchedBy).toEqual(['unescaped'])
  })

  it('an escaped ending change that matches twice lists both lines', () => {
    const err = editFailure('a\r\nb\r\na\r\nb\r\n', 'a\\r\\nb', 'a\\nb')
    expect(err.code).toBe('TEXT_MULTIPLE_MATCHES')
    expect(err.lines).toEqual([1, 3])
  })

  it('an escaped ending change in a Buffer with a BOM keeps the BOM', () => {
    const r = applyEdits(Buffer.from('\ufeffa\r\nb\r\n'), [{ oldText: 'a\\r\\nb', newText: 'a\\nb' }])
    expectBytes(r.content, Buffer.from('\ufeffa\nb\r\n'))
  })

  it('turning a lone CR into LF by an edit is NO_CHANGE, and points at convertEol', () => {
    // Equal once \r is removed only when the \r is removed, not replaced: a lone CR
    // and an LF are both a line break in the LF view, so the edit changes nothing.
    const err = editFailure('a\rb\r', 'a\rb', 'a\nb')
    expect(err.code).toBe('NO_CHANGE')
    expect(said(err)).toMatch(/convertEol/)
  })

  it('applyDeleteRange in a lone-CR file deletes lines with their own CRs', () => {
    const r = applyDeleteRange('a\rb\rc\rd\r', 'a', 'd')
    expectSame(r.content, 'a\rd\r')
  })

  it('applyDeleteRange across mixed endings keeps the endings around the range', () => {
    const r = applyDeleteRange('a\r\nb\rc\nd\r\n', 2, 3, { inclusive: true })
    expectSame(r.content, 'a\r\nd\r\n')
  })
})

describe('multiple edits', () => {
  it('apply in order, each on the result of the one before', () => {
    const r = applyEdits('a\r\nb\r\n', [
      { oldText: 'a', newText: 'A' },
      { oldText: 'A\nb', newText: 'AB\nC' },
    ])
    expectSame(r.content, 'AB\r\nC\r\n')
    expect(r.replacements).toBe(2)
    expect(r.matchedBy).toEqual(['exact', 'exact'])
  })

  it('report the tier of each edit', () => {
    // The first edit keeps the quotes the model left alone. The third is found by
    // indentation on the unescaped text; it rewrites its line as a whole, so the line
    // is the model's, re-indented (the file's trailing spaces went with the old line).
    const r = applyEdits('say(\u201chi\u201d)\n  x  \n', [
      { oldText: 'say("hi")', newText: 'say("bye")' },
      { oldText: 'x', newText: 'y' },
      { oldText: 'y\\n', newText: 'z\\n' },
    ])
    expectSame(r.content, 'say(\u201cbye\u201d)\n  z\n')
    expect(r.matchedBy).toEqual(['unicode', 'exact', 'unescaped'])
  })

  it('a failing edit fails the call with its editIndex, and the input is left as it was', () => {
    const input = Buffer.from('a\r\nb\r\n')
    const before = Buffer.from(input)
    const err = failure(() =>
      applyEdits(input, [
        { oldText: 'a', newText: 'A' },
        { oldText: 'b', newText: 'B' },
        { oldText: 'a', newText: 'x' },
      ]),
    )
    expect(err.code).toBe('TEXT_NOT_FOUND')
    expect(err.editIndex).toBe(2)
    expectBytes(input, before)
  })

  it('the first edit failing carries editIndex 0', () => {
    const err = failure(() => applyEdits('a\n', [{ oldText: 'zzz', newText: 'y' }, { oldText: 'a', newText: 'b' }]))
    expect(err.editIndex).toBe(0)
  })

  it('edits that cancel out are NO_CHANGE', () => {
    const err = failure(() =>
      applyEdits('a\nb\n', [
        { oldText: 'a', newText: 'A' },
        { oldText: 'A', newText: 'a' },
      ]),
    )
    expect(err.code).toBe('NO_CHANGE')
  })
})

describe('strings and Buffers', () => {
  it('string in, string out', () => {
    expect(typeof edit('a\n', 'a', 'b').content).toBe('string')
  })

  it('Buffer in, Buffer out, with the same bytes a string edit gives', () => {
    const input = 'a\r\nb\nc\r\nd\r\n'
    const edits = [{ oldText: 'b\nc', newText: 'B\nX\nc' }]
    const r = applyEdits(Buffer.from(input), edits)
    expectBytes(r.content, Buffer.from('a\r\nB\nX\nc\r\nd\r\n'))
    expectSame(applyEdits(input, edits).content, 'a\r\nB\nX\nc\r\nd\r\n')
  })

  it('a UTF-8 BOM is kept in a Buffer and kept out of matching', () => {
    const r = applyEdits(Buffer.from('\ufeffa\r\nb\r\n'), [{ oldText: 'a\nb', newText: 'A\nb' }])
    expectBytes(r.content, Buffer.from('\ufeffA\r\nb\r\n'))
    expect(r.startLine).toBe(1)
  })

  it('a UTF-8 BOM at the start of a string is kept', () => {
    expectSame(edited('\ufeffa\r\nb\r\n', 'a', 'A'), '\ufeffA\r\nb\r\n')
  })

  it('UTF-16LE with a BOM round-trips in UTF-16LE', () => {
    const input = Buffer.from('\ufeffa\r\nb\r\n', 'utf16le')
    const r = applyEdits(input, [{ oldText: 'a\nb', newText: 'x\ny\nz' }])
    expectBytes(r.content, Buffer.from('\ufeffx\r\ny\r\nz\r\n', 'utf16le'))
    expect(r.eol.crlf).toBe(3)
  })

  it('UTF-16BE with a BOM round-trips in UTF-16BE', () => {
    const input = Buffer.from('\ufeffa\r\nb\r\n', 'utf16le').swap16()
    const r = applyEdits(input, [{ oldText: 'b', newText: 'B\u00e9' }])
    expectBytes(r.content, Buffer.from('\ufeffa\r\nB\u00e9\r\n', 'utf16le').swap16())
  })

  it('bytes that are not valid UTF-8 outside the match are left untouched', () => {
    const input = Buffer.from([0xff, 0x0d, 0x0a, 0x61, 0x0d, 0x0a, 0xc3, 0x28, 0x0a, 0x80])
    const r = applyEdits(input, [{ oldText: 'a', newText: 'bb' }])
    expectBytes(r.content, Buffer.from([0xff, 0x0d, 0x0a, 0x62, 0x62, 0x0d, 0x0a, 0xc3, 0x28, 0x0a, 0x80]))
  })

  it('a Buffer with a NUL byte is refused as binary, not edited', () => {
    expect(failure(() => applyEdits(Buffer.from('a\0b\n'), [{ oldText: 'a', newText: 'b' }])).code).toBe('BINARY_FILE')
  })

  it('non-ASCII text is matched and written as UTF-8', () => {
    const r = applyEdits(Buffer.from('日本\r\n語\r\n'), [{ oldText: '語', newText: 'ご\n😀' }])
    expectBytes(r.content, Buffer.from('日本\r\nご\r\n😀\r\n'))
  })
})

describe('applyDeleteRange', () => {
  it('deletes the lines between two text anchors, not the anchors (inclusive defaults to false)', () => {
    const r = applyDeleteRange('start\r\nx\ny\r\nend\r\n', 'start', 'end')
    expectSame(r.content, 'start\r\nend\r\n')
    expect(r.replacements).toBe(1)
  })

  it('deletes the anchors too with inclusive', () => {
    expectSame(applyDeleteRange('a\r\nb\r\nc\r\nd\r\n', 'b', 'c', { inclusive: true }).content, 'a\r\nd\r\n')
  })

  it('takes 1-based line numbers as anchors', () => {
    expectSame(applyDeleteRange('a\r\nb\r\nc\r\nd\r\n', 2, 3, { inclusive: true }).content, 'a\r\nd\r\n')
    expectSame(applyDeleteRange('a\r\nb\r\nc\r\nd\r\n', 1, 4).content, 'a\r\nd\r\n')
  })

  it('mixes a text anchor and a line number', () => {
    expectSame(applyDeleteRange('a\nb\nc\nd\n', 'a', 4).content, 'a\nd\n')
  })

  it('matches a text anchor exactly first, then trimmed', () => {
    // `x` is exactly line 2; the trimmed `  x` on line 1 does not count.
    expectSame(applyDeleteRange('  x\nx\ny\nend\n', 'x', 'end').content, '  x\nx\nend\n')
    // No exact match: the trimmed line matches.
    expectSame(applyDeleteRange('  start  \r\nx\r\nend\r\n', 'start', 'end').content, '  start  \r\nend\r\n')
  })

  it('accepts an anchor written with its line ending', () => {
    expectSame(applyDeleteRange('a\r\nb\r\nc\r\n', 'a\r\n', 'c\n').content, 'a\r\nc\r\n')
  })

  it('deleted lines take their own endings; the others keep theirs', () => {
    expectSame(applyDeleteRange('a\nb\r\nc\rd\n', 2, 3, { inclusive: true }).content, 'a\nd\n')
    expectSame(applyDeleteRange('a\rb\rc\r', 2, 2, { inclusive: true }).content, 'a\rc\r')
  })

  it('a CRLF file stays CRLF', () => {
    const r = applyDeleteRange('1\r\n2\r\n3\r\n4\r\n5\r\n', '1', '5')
    expectSame(r.content, '1\r\n5\r\n')
    expect(r.eol).toEqual({ lf: 0, crlf: 2, cr: 0, dominant: '\r\n', mixed: false, trailingNewline: true })
  })

  it('deleting the last lines of a file without a final newline leaves none', () => {
    expectSame(applyDeleteRange('a\r\nb\r\nc', 2, 3, { inclusive: true }).content, 'a')
  })

  it('works on a Buffer and keeps its BOM', () => {
    const r = applyDeleteRange(Buffer.from('\ufeffa\r\nb\r\nc\r\n'), 'a', 'c')
    expectBytes(r.content, Buffer.from('\ufeffa\r\nc\r\n'))
  })

  it('ANCHOR_NOT_FOUND for a text that is no line, or a line number past the end', () => {
    expect(failure(() => applyDeleteRange('a\nb\n', 'zzz', 'b')).code).toBe('ANCHOR_NOT_FOUND')
    expect(failure(() => applyDeleteRange('a\nb\nc\n', 1, 9)).code).toBe('ANCHOR_NOT_FOUND')
  })

  it('ANCHOR_MULTIPLE_MATCHES lists the lines', () => {
    const err = failure(() => applyDeleteRange('x\ny\nx\nend\n', 'x', 'end'))
    expect(err.code).toBe('ANCHOR_MULTIPLE_MATCHES')
    expect(err.lines).toEqual([1, 3])
  })

  it('ANCHOR_ORDER when the end comes before the start', () => {
    expect(failure(() => applyDeleteRange('a\nb\nc\n', 'c', 'a')).code).toBe('ANCHOR_ORDER')
  })

  it('EMPTY_RANGE when there is nothing between adjacent anchors', () => {
    expect(failure(() => applyDeleteRange('a\nb\nc\n', 'a', 'b')).code).toBe('EMPTY_RANGE')
    expect(failure(() => applyDeleteRange('a\nb\nc\n', 2, 2)).code).toBe('EMPTY_RANGE')
  })

  it('INVALID_ARGUMENT for line 0 and fractional line numbers', () => {
    expect(failure(() => applyDeleteRange('a\nb\nc\n', 0, 2)).code).toBe('INVALID_ARGUMENT')
    expect(failure(() => applyDeleteRange('a\nb\nc\n', 1.5, 3)).code).toBe('INVALID_ARGUMENT')
  })
})

describe('result fields', () => {
  it('startLine and endLine are the changed lines of the new content', () => {
    const r = edit('a\r\nb\r\nc\r\n', 'b', 'X\nY')
    expect([r.startLine, r.endLine]).toEqual([2, 3])
    expect(r.changed).toBe(true)
  })

  it('the diff is unified, with 3 lines of context', () => {
    const r = edit('1\r\n2\r\n3\r\n4\r\n5\r\n6\r\n7\r\n8\r\n9\r\n', '5', 'V')
    expect(r.diff).toBe('--- a/content\n+++ b/content\n@@ -2,7 +2,7 @@\n 2\n 3\n 4\n-5\n+V\n 6\n 7\n 8\n')
  })

  it('the diff names the path given in options', () => {
    const r = applyEdits('a\n', [{ oldText: 'a', newText: 'b' }], { path: 'src/x.ts' })
    expect(r.diff).toBe('--- a/src/x.ts\n+++ b/src/x.ts\n@@ -1,1 +1,1 @@\n-a\n+b\n')
  })

  it('the diff is of the LF views: no \\r in it', () => {
    const r = edit('a\r\nb\r\nc\r\n', 'b', 'B')
    expect(r.diff.includes('\r')).toBe(false)
    expect(r.diff).toMatch(/^---.*\n\+\+\+.*\n@@ .* @@\n/)
  })

  it('an endings-only change says so in the diff', () => {
    const r = edit('a\r\nb\r\nc\r\n', 'b\r\n', 'b\n')
    expectSame(r.content, 'a\r\nb\nc\r\n')
    expect(r.diff).toMatch(/line endings only/)
    expect(r.diff).toMatch(/CRLF -> LF/)
    expect([r.startLine, r.endLine]).toEqual([2, 2])
  })

  it('eol describes the result', () => {
    const r = edit('a\r\nb\r\nc\r\n', 'b\r\n', 'b\n')
    expect(r.eol).toEqual({ lf: 1, crlf: 2, cr: 0, dominant: '\r\n', mixed: true, trailingNewline: true })
    const lone = edit('a\rb', 'b', 'B')
    expect(lone.eol).toEqual({ lf: 0, crlf: 0, cr: 1, dominant: '\r', mixed: false, trailingNewline: false })
  })

  it('applyDeleteRange reports its change the same way', () => {
    const r = applyDeleteRange('a\nb\nc\nd\n', 'a', 'd')
    expect(r.replacements).toBe(1)
    expect(r.matchedBy).toEqual([])
    expect(r.diff).toBe('--- a/content\n+++ b/content\n@@ -1,4 +1,2 @@\n a\n-b\n-c\n d\n')
  })
})

describe('wrong argument types are INVALID_ARGUMENT errors, never a crash', () => {
  // Casts stand for JavaScript callers that the type checker does not see.
  const bad = <T>(value: unknown) => value as T

  const cases: Array<[string, () => unknown]> = [
    ['content is a number', () => applyEdits(bad<string>(5), [{ oldText: 'a', newText: 'b' }])],
    ['content is undefined', () => applyEdits(bad<string>(undefined), [{ oldText: 'a', newText: 'b' }])],
    ['content is a plain object', () => applyEdits(bad<string>({}), [{ oldText: 'a', newText: 'b' }])],
    ['edits is not an array', () => applyEdits('a', bad<Edit[]>({ oldText: 'a', newText: 'b' }))],
    ['edits is a string', () => applyEdits('a', bad<Edit[]>('a'))],
    ['an edit is null', () => applyEdits('a', bad<Edit[]>([null]))],
    ['an edit has no newText', () => applyEdits('a', bad<Edit[]>([{ oldText: 'a' }]))],
    ['oldText is a number', () => applyEdits('a', bad<Edit[]>([{ oldText: 1, newText: 'b' }]))],
    ['replaceAll is a string', () => applyEdits('a', bad<Edit[]>([{ oldText: 'a', newText: 'b', replaceAll: 'yes' }]))],
    ['options is a number', () => applyEdits('a', [{ oldText: 'a', newText: 'b' }], bad<object>(5))],
    ['options.path is a number', () => applyEdits('a', [{ oldText: 'a', newText: 'b' }], bad<object>({ path: 1 }))],
    ['a start anchor is an object', () => applyDeleteRange('a\nb\nc\n', bad<string>({}), 'c')],
    ['an end anchor is an array', () => applyDeleteRange('a\nb\nc\n', 'a', bad<string>(['c']))],
    ['an anchor is null', () => applyDeleteRange('a\nb\nc\n', bad<string>(null), 'c')],
    ['deleteRange content is a number', () => applyDeleteRange(bad<string>(1), 1, 2)],
    ['deleteRange options is a string', () => applyDeleteRange('a\nb\nc\n', 1, 3, bad<object>('x'))],
    ['inclusive is a string', () => applyDeleteRange('a\nb\nc\n', 1, 3, bad<object>({ inclusive: 'yes' }))],
  ]
  for (const [name, call] of cases) {
    it(name, () => {
      expect(failure(call).code).toBe('INVALID_ARGUMENT')
    })
  }

  it('a bad edit names its index', () => {
    const err = failure(() => applyEdits('a', bad<Edit[]>([{ oldText: 'a', newText: 'b' }, { oldText: 'a' }])))
    expect(err.code).toBe('INVALID_ARGUMENT')
    expect(err.editIndex).toBe(1)
  })
})

describe('no input takes the process down', () => {
  it('an endings-only edit from a lone \\r to nothing returns an error instead of taking the process down', () => {
    // Run in a child process with a time limit: an engine that loops here allocates
    // until the process dies, and must not take the test runner (or the machine) along.
    const script = `
      const { applyEdits } = require(${JSON.stringify(path.resolve(__dirname, '..', 'index.js'))})
      for (const [content, oldText] of [['abc\\n', '\\r'], ['a\\r\\nb', '\\r\\r'], ['', '\\r']]) {
        try {
          applyEdits(content, [{ oldText, newText: '' }])
          console.log('success')
        } catch (e) {
          console.log(e.code)
        }
      }`
    const child = spawnSync(process.execPath, ['-e', script], { timeout: 5_000, encoding: 'utf8' })
    expect(child.signal, 'the call did not return within 5 s').toBeNull()
    expect(child.status).toBe(0)
    const codes = child.stdout.trim().split('\n')
    expect(codes).toHaveLength(3)
    for (const code of codes) expect(['NO_CHANGE', 'TEXT_NOT_FOUND']).toContain(code)
  })
})
