// The string functions of SPEC section 2 (`toLf`, `detectEol`, `eolInfo`,
// `normalizeEol`), tested through the generated loader exactly as a user
// imports them. Every expectation is an exact string: a `\r` too many or too
// few fails the test.

import { describe, expect, it } from 'vitest'

import { detectEol, eolInfo, normalizeEol, toLf } from '../index.js'

type Ending = '\n' | '\r\n' | '\r'

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

/** Exact equality, reported with visible endings. */
function expectSame(actual: string, expected: string): void {
  expect(typeof actual).toBe('string')
  expect(visible(actual)).toBe(visible(expected))
  expect(actual === expected).toBe(true)
}

// ---------------------------------------------------------------------------
// References written the way seed 000 writes them in JavaScript, extended to
// lone CR where the SPEC says a lone CR is an ending like the others.

/** Seed 000's `toLf`, verbatim. */
function toLfReference(text: string): string {
  return text.replace(/\r\n/g, '\n').replace(/\r/g, '\n')
}

function eolInfoReference(text: string) {
  const counts: Record<Ending, number> = { '\n': 0, '\r\n': 0, '\r': 0 }
  const first: Record<Ending, number> = { '\n': Infinity, '\r\n': Infinity, '\r': Infinity }
  for (const m of text.matchAll(/\r\n|\r|\n/g)) {
    const ending = m[0] as Ending
    counts[ending]++
    if (first[ending] === Infinity) first[ending] = m.index
  }
  let dominant: Ending = '\n'
  let best = 0
  let bestAt = Infinity
  for (const ending of ['\n', '\r\n', '\r'] as const) {
    const n = counts[ending]
    if (n > best || (n === best && n > 0 && first[ending] < bestAt)) {
      dominant = ending
      best = n
      bestAt = first[ending]
    }
  }
  const kinds = Object.values(counts).filter((n) => n > 0).length
  return {
    lf: counts['\n'],
    crlf: counts['\r\n'],
    cr: counts['\r'],
    dominant,
    mixed: kinds > 1,
    trailingNewline: /[\r\n]$/.test(text),
  }
}

/** Seed 000's `normalizeEol`, splitting `updated` on every ending (lone CR included). */
function normalizeEolReference(original: string, updated: string): string {
  const { dominant: target, trailingNewline: originalHasTrailing } = eolInfoReference(original)
  const lines = toLfReference(updated).split('\n')
  const updatedHasTrailing = lines[lines.length - 1] === ''
  let result = lines.join(target)
  if (originalHasTrailing && !updatedHasTrailing) result += target
  if (!originalHasTrailing && updatedHasTrailing) result = result.slice(0, -target.length)
  return result
}

/** mulberry32: a small deterministic PRNG, so every run tests the same strings. */
function prng(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const PIECES = ['a', 'é', '😀', '\r', '\n', '\r\n', ' ', '\t']

function randomTexts(seed: number, count: number, maxPieces: number): string[] {
  const next = prng(seed)
  const texts: string[] = []
  for (let i = 0; i < count; i++) {
    const n = Math.floor(next() * (maxPieces + 1))
    let text = ''
    for (let j = 0; j < n; j++) text += PIECES[Math.floor(next() * PIECES.length)]
    texts.push(text)
  }
  return texts
}

// ---------------------------------------------------------------------------

describe('toLf', () => {
  it('leaves LF text as it is', () => {
    expectSame(toLf('one\ntwo\nthree\n'), 'one\ntwo\nthree\n')
  })

  it('turns every CRLF into LF', () => {
    expectSame(toLf('one\r\ntwo\r\nthree\r\n'), 'one\ntwo\nthree\n')
  })

  it('turns a lone CR into one LF', () => {
    expectSame(toLf('one\rtwo\rthree'), 'one\ntwo\nthree')
  })

  it('turns a mix of LF, CRLF and lone CR into LF line for line', () => {
    expectSame(toLf('a\nb\r\nc\rd\r\ne\n'), 'a\nb\nc\nd\ne\n')
  })

  it('returns the empty string for the empty string', () => {
    expectSame(toLf(''), '')
  })

  it('keeps text without a trailing newline without one', () => {
    expectSame(toLf('a\r\nb'), 'a\nb')
    expectSame(toLf('no endings at all'), 'no endings at all')
  })

  it('treats a CR at the very end as a lone CR ending', () => {
    expectSame(toLf('a\r\nb\r'), 'a\nb\n')
    expectSame(toLf('\r'), '\n')
  })

  it('reads CR CR LF as a lone CR followed by a CRLF', () => {
    expectSame(toLf('a\r\r\nb'), 'a\n\nb')
    expectSame(toLf('\r\r\n'), '\n\n')
  })

  it('never reads LF CR as one ending', () => {
    expectSame(toLf('a\n\rb'), 'a\n\nb')
  })

  it('keeps non-ASCII characters next to endings intact', () => {
    expectSame(toLf('é\r\nà\rü\n'), 'é\nà\nü\n')
    expectSame(toLf('中文\r\n日本語\r한국어'), '中文\n日本語\n한국어')
  })

  it('keeps astral characters next to endings intact', () => {
    expectSame(toLf('😀\r\n𝒳\r😀\n𝒳'), '😀\n𝒳\n😀\n𝒳')
    expectSame(toLf('\r\n😀\r\n'), '\n😀\n')
    expectSame(toLf('𝒳\r'), '𝒳\n')
  })

  it('keeps NUL bytes and other control characters', () => {
    expectSame(toLf('a\u0000\r\nb\u000b\u000c\r'), 'a\u0000\nb\u000b\u000c\n')
  })

  it('returns the input itself when it has no CR', () => {
    // JavaScript strings are values: `Object.is` is true for any two equal
    // strings, copied or not, so whether the addon handed back the very same
    // string is not observable from here. The Rust side has a test that the
    // no-CR path borrows (`to_lf_borrows_when_there_is_no_cr`); this one
    // checks the value and that nothing was added or removed.
    for (const text of ['', 'plain', 'a\nb\n', 'é😀\n𝒳', 'x'.repeat(100_000)]) {
      const out = toLf(text)
      expect(Object.is(out, text)).toBe(true)
      expect(out.length).toBe(text.length)
    }
  })

  it('handles a large CRLF text', () => {
    const lines = Array.from({ length: 50_000 }, (_, i) => `line ${i} é😀`)
    expectSame(toLf(lines.join('\r\n') + '\r\n'), lines.join('\n') + '\n')
  })

  it('agrees with the JavaScript reference on random text', () => {
    for (const text of randomTexts(0xc0ffee, 400, 40)) {
      expectSame(toLf(text), toLfReference(text))
    }
  })

  // Strings with unpaired surrogates are not valid Unicode, but a JavaScript
  // string may hold them; toLf must give them back exactly as the reference does.
  it('keeps lone surrogates as they are', () => {
    expectSame(toLf('\ud800\r\n'), '\ud800\n')
    expectSame(toLf('x\udc00y\r\n\ud83d\ude00\r'), 'x\udc00y\n\ud83d\ude00\n')
    expectSame(toLf('\ufffd\r'), '\ufffd\n')
    expectSame(toLf('\ud55c\uad6d\r\n'), '\ud55c\uad6d\n')
    expectSame(normalizeEol('a\r\n', '\udbff\nb'), '\udbff\r\nb\r\n')
    for (const text of ['\udfff', '\ud800\ud800', 'a\ud800\r\rb']) {
      expectSame(toLf(text), toLfReference(text))
    }
  })
})

describe('detectEol', () => {
  it('finds LF in an LF text', () => {
    expect(detectEol('a\nb\n')).toBe('\n')
  })

  it('finds CRLF in a CRLF text', () => {
    expect(detectEol('a\r\nb\r\n')).toBe('\r\n')
  })

  it('finds a lone CR in an old-Mac text', () => {
    expect(detectEol('a\rb\r')).toBe('\r')
  })

  it('picks the most frequent ending in a mixed text', () => {
    expect(detectEol('a\nb\r\nc\r\n')).toBe('\r\n')
    expect(detectEol('a\r\nb\nc\n')).toBe('\n')
    expect(detectEol('a\r\nb\rc\rd\n')).toBe('\r')
  })

  it('gives a tie to the ending that occurs first', () => {
    expect(detectEol('a\nb\r\n')).toBe('\n')
    expect(detectEol('a\r\nb\n')).toBe('\r\n')
    expect(detectEol('a\rb\n')).toBe('\r')
    expect(detectEol('a\nb\r')).toBe('\n')
    expect(detectEol('a\r\nb\rc\n')).toBe('\r\n')
    expect(detectEol('a\rb\r\nc\nd\r\ne\nf\r')).toBe('\r')
  })

  it('reads CR CR LF as one lone CR and one CRLF, a tie the CR wins', () => {
    expect(detectEol('a\r\r\nb')).toBe('\r')
  })

  it('returns LF for text without endings', () => {
    expect(detectEol('')).toBe('\n')
    expect(detectEol('no endings')).toBe('\n')
    expect(detectEol('é😀𝒳')).toBe('\n')
  })

  it('counts endings next to non-ASCII and astral characters', () => {
    expect(detectEol('é\r\n中\r\n😀\n')).toBe('\r\n')
    expect(detectEol('𝒳\r😀\r中\n')).toBe('\r')
  })

  it('agrees with the JavaScript reference on random text', () => {
    for (const text of randomTexts(0xd1ce, 300, 30)) {
      expect(visible(detectEol(text))).toBe(visible(eolInfoReference(text).dominant))
    }
  })
})

describe('eolInfo', () => {
  it('describes an LF text', () => {
    expect(eolInfo('a\nb\n')).toStrictEqual({
      lf: 2,
      crlf: 0,
      cr: 0,
      dominant: '\n',
      mixed: false,
      trailingNewline: true,
    })
  })

  it('describes a CRLF text without a trailing newline', () => {
    expect(eolInfo('a\r\nb\r\nc')).toStrictEqual({
      lf: 0,
      crlf: 2,
      cr: 0,
      dominant: '\r\n',
      mixed: false,
      trailingNewline: false,
    })
  })

  it('counts a lone CR on its own and as a trailing newline', () => {
    expect(eolInfo('a\rb\r')).toStrictEqual({
      lf: 0,
      crlf: 0,
      cr: 2,
      dominant: '\r',
      mixed: false,
      trailingNewline: true,
    })
  })

  it('reports a mixed text with every count', () => {
    expect(eolInfo('a\r\nb\nc\rd\r\ne')).toStrictEqual({
      lf: 1,
      crlf: 2,
      cr: 1,
      dominant: '\r\n',
      mixed: true,
      trailingNewline: false,
    })
  })

  it('describes the empty text', () => {
    expect(eolInfo('')).toStrictEqual({
      lf: 0,
      crlf: 0,
      cr: 0,
      dominant: '\n',
      mixed: false,
      trailingNewline: false,
    })
  })

  it('describes text without endings', () => {
    expect(eolInfo('just one line')).toStrictEqual({
      lf: 0,
      crlf: 0,
      cr: 0,
      dominant: '\n',
      mixed: false,
      trailingNewline: false,
    })
  })

  it('counts CR CR LF as one lone CR and one CRLF', () => {
    expect(eolInfo('a\r\r\n')).toStrictEqual({
      lf: 0,
      crlf: 1,
      cr: 1,
      dominant: '\r',
      mixed: true,
      trailingNewline: true,
    })
  })

  it('counts a text that is only endings', () => {
    expect(eolInfo('\n\r\n\r')).toStrictEqual({
      lf: 1,
      crlf: 1,
      cr: 1,
      dominant: '\n',
      mixed: true,
      trailingNewline: true,
    })
  })

  it('counts endings next to non-ASCII and astral characters', () => {
    expect(eolInfo('é\r\n中文\r\n😀\n𝒳')).toStrictEqual({
      lf: 1,
      crlf: 2,
      cr: 0,
      dominant: '\r\n',
      mixed: true,
      trailingNewline: false,
    })
    expect(eolInfo('😀\r')).toMatchObject({ cr: 1, trailingNewline: true })
  })

  it('agrees with the JavaScript reference on random text', () => {
    for (const text of randomTexts(0xbeef, 300, 30)) {
      expect({ text: visible(text), info: eolInfo(text) }).toStrictEqual({
        text: visible(text),
        info: eolInfoReference(text),
      })
    }
  })
})

describe('normalizeEol', () => {
  it("re-joins LF text with a CRLF original's endings and keeps its trailing newline", () => {
    expectSame(normalizeEol('a\r\nb\r\n', 'x\ny'), 'x\r\ny\r\n')
  })

  it('removes the trailing newline when the original has none', () => {
    expectSame(normalizeEol('a\r\nb', 'x\ny\n'), 'x\r\ny')
  })

  it('turns CRLF into LF for an LF original', () => {
    expectSame(normalizeEol('a\nb', 'x\r\ny'), 'x\ny')
    expectSame(normalizeEol('a\nb\n', 'x\r\ny\r\n'), 'x\ny\n')
  })

  it("uses a lone CR when that is the original's dominant ending", () => {
    expectSame(normalizeEol('a\rb\r', 'x\ny'), 'x\ry\r')
  })

  it('splits the updated text on every ending, lone CR included', () => {
    expectSame(normalizeEol('a\r\nb\r\n', 'x\ry\r\nz\n'), 'x\r\ny\r\nz\r\n')
    expectSame(normalizeEol('a\nb\n', 'x\ry\r'), 'x\ny\n')
  })

  it('reads CR CR LF in the updated text as two endings', () => {
    expectSame(normalizeEol('a\r\nb\r\n', 'x\r\r\ny'), 'x\r\n\r\ny\r\n')
  })

  it('keeps an empty result empty', () => {
    expectSame(normalizeEol('a\r\n', ''), '')
    expectSame(normalizeEol('a', ''), '')
    expectSame(normalizeEol('', ''), '')
  })

  it('uses LF and no trailing newline for an empty original', () => {
    expectSame(normalizeEol('', 'x\r\ny\r\n'), 'x\ny')
  })

  it("uses the original's dominant ending for a mixed original", () => {
    expectSame(normalizeEol('a\r\nb\r\nc\n', 'x\ny\n'), 'x\r\ny\r\n')
    expectSame(normalizeEol('a\nb\r\n', 'x\r\ny'), 'x\ny\n')
  })

  it('treats an original ending in a lone CR as having a trailing newline', () => {
    // One CRLF, one CR: a tie the CRLF wins by coming first.
    expectSame(normalizeEol('a\r\nb\r', 'x\ny'), 'x\r\ny\r\n')
  })

  it('keeps blank lines inside and at the end of the updated text', () => {
    expectSame(normalizeEol('a\r\nb\r\n', 'x\n\ny\n\n'), 'x\r\n\r\ny\r\n\r\n')
  })

  it('removes only one trailing ending when the original has none, as seed 000 does', () => {
    expectSame(normalizeEol('a\r\nb', 'x\n\n'), 'x\r\n')
  })

  it('changes nothing when the updated text already has the right endings', () => {
    expectSame(normalizeEol('a\r\nb\r\n', 'x\r\ny\r\n'), 'x\r\ny\r\n')
    expectSame(normalizeEol('a\nb', 'x\ny'), 'x\ny')
  })

  it('keeps non-ASCII and astral characters next to the endings it rewrites', () => {
    expectSame(normalizeEol('é\r\n中\r\n', '😀\n𝒳'), '😀\r\n𝒳\r\n')
    expectSame(normalizeEol('😀\r𝒳', '中文\n日本\n'), '中文\r日本')
  })

  it('agrees with the JavaScript reference on random text', () => {
    const originals = randomTexts(0x5eed, 300, 12)
    const updates = randomTexts(0xfeed, 300, 20)
    originals.forEach((original, i) => {
      const updated = updates[i]
      expect(visible(normalizeEol(original, updated))).toBe(
        visible(normalizeEolReference(original, updated)),
      )
    })
  })
})

describe('wrong argument types', () => {
  // Called through `unknown` so TypeScript lets us pass what JavaScript callers can.
  const loose = (fn: unknown) => fn as (...args: unknown[]) => unknown

  const WRONG: Array<[string, unknown]> = [
    ['undefined', undefined],
    ['null', null],
    ['a number', 5],
    ['NaN', Number.NaN],
    ['a boolean', true],
    ['an object', {}],
    ['an array', ['a']],
    ['a Buffer', Buffer.from('a')],
    ['a Uint8Array', new Uint8Array([97])],
    ['a String object', new String('a')],
    ['a symbol', Symbol('a')],
    ['a bigint', 10n],
    ['a function', () => 'a'],
  ]

  function expectInvalid(call: () => unknown, argument: string): void {
    let thrown: unknown
    try {
      call()
    } catch (error) {
      thrown = error
    }
    expect(thrown, 'expected the call to throw').toBeInstanceOf(Error)
    const error = thrown as Error & { code?: unknown }
    expect(error.code).toBe('INVALID_ARGUMENT')
    expect(error.message).toMatch(new RegExp(`\\b${argument}\\b`))
  }

  for (const [name, fn] of [
    ['toLf', toLf],
    ['detectEol', detectEol],
    ['eolInfo', eolInfo],
  ] as const) {
    it.each(WRONG)(`${name} rejects %s as text with INVALID_ARGUMENT`, (_, value) => {
      expectInvalid(() => loose(fn)(value), 'text')
    })

    it(`${name} rejects a missing text with INVALID_ARGUMENT`, () => {
      expectInvalid(() => loose(fn)(), 'text')
    })
  }

  it.each(WRONG)('normalizeEol rejects %s as original with INVALID_ARGUMENT', (_, value) => {
    expectInvalid(() => loose(normalizeEol)(value, 'a'), 'original')
  })

  it.each(WRONG)('normalizeEol rejects %s as updated with INVALID_ARGUMENT', (_, value) => {
    expectInvalid(() => loose(normalizeEol)('a', value), 'updated')
  })

  it('normalizeEol rejects a missing updated text with INVALID_ARGUMENT', () => {
    expectInvalid(() => loose(normalizeEol)('a'), 'updated')
  })

  it('keeps working after a wrong argument', () => {
    expectInvalid(() => loose(toLf)(5), 'text')
    expectSame(toLf('a\r\nb'), 'a\nb')
  })

  it('ignores extra arguments', () => {
    expectSame(loose(toLf)('a\r\nb', 5) as string, 'a\nb')
  })
})
