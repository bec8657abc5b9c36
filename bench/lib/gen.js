'use strict'
// Deterministic, source-like ASCII text: indented statements, comments, blank
// lines and braces, about 30 bytes a line, with LF, CRLF or mixed endings.
// Nothing generated here contains the `bench` identifiers used as edit targets,
// so a target inserted with `withTargets` occurs exactly once.

function rng(seed) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const WORDS = [
  'value', 'count', 'index', 'result', 'items', 'node', 'next', 'buffer', 'offset',
  'length', 'config', 'state', 'handler', 'options', 'path', 'line', 'total', 'key',
]
const TYPES = ['int', 'const', 'let', 'var', 'string', 'bool', 'auto']

/** The lines of a source-like text, without endings. */
function* sourceLines(seed) {
  const r = rng(seed)
  const pick = (xs) => xs[Math.floor(r() * xs.length)]
  let depth = 0
  for (;;) {
    const ind = '    '.repeat(depth)
    const roll = r()
    if (roll < 0.08) {
      yield ''
    } else if (roll < 0.16) {
      yield `${ind}// ${pick(WORDS)} ${pick(WORDS)} of the ${pick(WORDS)}`
    } else if (roll < 0.24 && depth < 4) {
      yield `${ind}if (${pick(WORDS)} > ${Math.floor(r() * 100)}) {`
      depth++
    } else if (roll < 0.32 && depth > 0) {
      depth--
      yield `${'    '.repeat(depth)}}`
    } else {
      yield `${ind}${pick(TYPES)} ${pick(WORDS)}${Math.floor(r() * 50)} = ${pick(WORDS)}(${Math.floor(r() * 1000)});`
    }
  }
}

/**
 * Splits `size` bytes' worth of generated lines around `inserts` (an array of
 * texts with LF endings, each one or more whole lines), spread evenly, and joins
 * everything with endings of `kind`: 'lf', 'crlf' or 'mixed' (each line CRLF with
 * probability 0.6, else LF, deterministic). The result is a string of about `size`
 * bytes ending with a line ending.
 */
function makeText(size, kind, inserts = [], seed = 1) {
  const r = rng(seed * 7919 + size)
  const ending = () => {
    if (kind === 'lf') return '\n'
    if (kind === 'crlf') return '\r\n'
    return r() < 0.6 ? '\r\n' : '\n'
  }
  const parts = []
  let bytes = 0
  const gen = sourceLines(seed)
  const insertLines = inserts.map((t) => t.replace(/\n$/, '').split('\n'))
  const insertBytes = insertLines.reduce((n, ls) => n + ls.reduce((m, l) => m + l.length + 2, 0), 0)
  const body = Math.max(0, size - insertBytes)
  const every = body / (inserts.length + 1)
  let next = 0
  let nextAt = every
  for (;;) {
    while (next < insertLines.length && bytes >= nextAt) {
      for (const l of insertLines[next]) {
        const e = ending()
        parts.push(l, e)
        bytes += l.length + e.length
      }
      next++
      nextAt = every * (next + 1)
    }
    if (bytes >= size && next >= insertLines.length) break
    const l = gen.next().value
    const e = ending()
    parts.push(l, e)
    bytes += l.length + e.length
  }
  return parts.join('')
}

/** A three-line target function whose body reads `return N;`. */
function target(name, n) {
  return `function ${name}() {\n    return ${n};\n}`
}

/** CRLF text: every LF ending of `text` written as CRLF. */
function crlf(text) {
  return text.replace(/\n/g, '\r\n')
}

module.exports = { rng, makeText, target, crlf }
