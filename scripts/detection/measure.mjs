// How well eol-edit tells a legacy file's encoding, measured on real text.
//
//   node scripts/detection/measure.mjs [--per 120] [--seed 1] [--out FILE] [--json FILE]
//
// (after `npm run build`). The corpus is real prose from Debian: the translated manual
// pages (manpages-de, -fr, -es, -it, -pt-br, -pl, -cs, -hu, -ro, -ru, -uk, -sr, -mk,
// -el, -tr) and the message catalogues of coreutils (Danish, Dutch, Swedish, Finnish,
// Catalan, Slovak, Croatian, Slovenian, Bulgarian, Belarusian, Lithuanian, Estonian,
// Chinese, Japanese, Korean),
// fetched with `apt-get download` into scripts/detection/.corpus/ (not committed) the
// first time. From it the script cuts samples that look like legacy source files:
// ASCII code around a few comment lines and a string literal, CRLF endings, with exactly
// 1, 2, 3, 5, 8, 12 or 20 non-ASCII characters, encodes each in every encoding of its
// language's family with iconv-lite (samples the encoding cannot hold are skipped), and
// reads it with readFileSync, no `encoding` option and no settings file. Each read is
//
//   right       the encoding it was written in (by its WHATWG name),
//   same text   another encoding that shows exactly the same text (windows-1252 for
//               ISO-8859-15 text without € Š š Ž ž Œ œ Ÿ): harmless to read, and an
//               edit writes the same bytes for every character the text has,
//   wrong       another encoding that shows other text: the worst outcome,
//   undetected  not told: read as UTF-8 with U+FFFD for the invalid bytes.
//
// It also reads files that are not text in any legacy encoding, which should stay
// undetected: ASCII code with one to four stray bytes next to punctuation, ASCII with a
// chunk of random bytes, UTF-8 text cut in the middle of a character or with one byte
// of a character lost, and UTF-8 text saved with one character in Latin-1.
//
// The tables go to stdout (Markdown), or to --out.

import { execFileSync } from 'node:child_process'
import * as fs from 'node:fs'
import * as os from 'node:os'
import * as path from 'node:path'
import * as zlib from 'node:zlib'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'

const here = path.dirname(fileURLToPath(import.meta.url))
const root = path.resolve(here, '../..')
const require = createRequire(import.meta.url)
const eol = require(root)
const iconv = require('iconv-lite')

const args = process.argv.slice(2)
const option = (name, fallback) => {
  const at = args.indexOf(`--${name}`)
  return at >= 0 ? args[at + 1] : fallback
}
const PER = Number(option('per', 120))
const SEED = Number(option('seed', 1))
const COUNTS = [1, 2, 3, 5, 8, 12, 20]

// ---------------------------------------------------------------------------
// The corpus

const CACHE = path.join(here, '.corpus')
const MANPAGES = ['de', 'fr', 'es', 'it', 'pt-br', 'pl', 'cs', 'hu', 'ro', 'ru', 'uk', 'sr', 'mk', 'el', 'tr']
const CATALOGUES = ['da', 'nl', 'sv', 'fi', 'ca', 'sk', 'hr', 'sl', 'bg', 'be', 'lt', 'et', 'zh_CN', 'zh_TW', 'ja', 'ko']

function fetchCorpus() {
  const debs = path.join(CACHE, 'debs')
  const tree = path.join(CACHE, 'tree')
  if (fs.existsSync(path.join(CACHE, 'done'))) return tree
  fs.mkdirSync(debs, { recursive: true })
  const packages = [...MANPAGES.map((l) => `manpages-${l}`), 'coreutils']
  process.stderr.write(`fetching ${packages.length} Debian packages into ${debs}\n`)
  execFileSync('apt-get', ['download', ...packages], { cwd: debs, stdio: ['ignore', 'ignore', 'inherit'] })
  fs.mkdirSync(tree, { recursive: true })
  for (const deb of fs.readdirSync(debs).filter((f) => f.endsWith('.deb'))) {
    execFileSync('dpkg-deb', ['-x', path.join(debs, deb), tree])
  }
  fs.writeFileSync(path.join(CACHE, 'done'), '')
  return tree
}

const ROFF_NAMES = {
  em: '—', en: '–', lq: '“', rq: '”', oq: '‘', cq: '’', Bq: '„', bq: '‚', Fo: '«', Fc: '»',
  fo: '‹', fc: '›', aq: "'", dq: '"', bu: '•', co: '©', rg: '®', tm: '™', de: '°', mu: '×',
  Eu: '€', eu: '€', hy: '-', ha: '^', ti: '~', ga: '`', rs: '\\', sl: '/', pl: '+', mi: '-',
}

/** The running text of a manual page's roff source, one paragraph line per line. */
function roffText(source) {
  const out = []
  for (let line of source.split('\n')) {
    if (/^['.]/.test(line)) {
      const m = /^[.']\s*(B|I|BR|IR|RB|BI|IB|RI|SH|SS|IP|TP)\s+(.*)$/.exec(line)
      if (!m) continue
      line = m[2].replace(/"/g, '')
    }
    line = line
      .replace(/\\\[u([0-9A-Fa-f]{4,5})\]/g, (_, h) => String.fromCodePoint(parseInt(h, 16)))
      .replace(/\\\(([A-Za-z]{2})|\\\[([A-Za-z]{2})\]/g, (_, a, b) => ROFF_NAMES[a || b] ?? '')
      .replace(/\\\*(\(..|\[[^\]]*\]|.)/g, '')
      .replace(/\\f(\(..|\[[^\]]*\]|.)/g, '')
      .replace(/\\s[-+]?\d+/g, '')
      .replace(/\\[-e]/g, (m) => (m === '\\-' ? '-' : '\\'))
      .replace(/\\[&c/,%|^:)]/g, '')
      .replace(/\\ /g, ' ')
      .replace(/\\\[[^\]]*\]|\\./g, '')
      .trim()
    if (line) out.push(line)
  }
  return out
}

/** The translations in a gettext .mo catalogue. */
function moStrings(bytes) {
  const le = bytes.readUInt32LE(0) === 0x950412de
  const u32 = (at) => (le ? bytes.readUInt32LE(at) : bytes.readUInt32BE(at))
  const count = u32(8)
  const table = u32(16)
  const out = []
  for (let i = 0; i < count; i++) {
    const len = u32(table + i * 8)
    const at = u32(table + i * 8 + 4)
    const text = bytes.subarray(at, at + len).toString('utf8')
    if (text.startsWith('Project-Id-Version') || text.includes('\0')) continue
    for (const line of text.split('\n')) {
      const clean = line.replace(/%[-#0-9.*lhjzt]*[a-zA-Z%]/g, '').replace(/\s+/g, ' ').trim()
      if (clean) out.push(clean)
    }
  }
  return out
}

function corpus(tree) {
  const byLanguage = {}
  for (const lang of MANPAGES) {
    const dir = path.join(tree, 'usr/share/man', lang === 'pt-br' ? 'pt_BR' : lang)
    const lines = []
    const walk = (d) => {
      for (const e of fs.readdirSync(d, { withFileTypes: true })) {
        const p = path.join(d, e.name)
        if (e.isDirectory()) walk(p)
        else if (e.name.endsWith('.gz')) lines.push(...roffText(zlib.gunzipSync(fs.readFileSync(p)).toString('utf8')))
      }
    }
    if (fs.existsSync(dir)) walk(dir)
    byLanguage[lang] = lines
  }
  for (const lang of CATALOGUES) {
    const file = path.join(tree, 'usr/share/locale', lang, 'LC_MESSAGES/coreutils.mo')
    byLanguage[lang] = (byLanguage[lang] ?? []).concat(fs.existsSync(file) ? moStrings(fs.readFileSync(file)) : [])
  }
  return byLanguage
}

// ---------------------------------------------------------------------------
// Families: each language in each encoding of its script

const FAMILIES = [
  { name: 'Western', languages: ['de', 'fr', 'es', 'it', 'pt-br', 'da', 'nl', 'sv', 'fi', 'ca'], encodings: ['windows-1252', 'iso-8859-15'] },
  { name: 'Central European', languages: ['pl', 'cs', 'hu', 'sk', 'hr', 'sl', 'ro'], encodings: ['windows-1250', 'iso-8859-2'] },
  { name: 'Cyrillic', languages: ['ru', 'uk', 'bg', 'sr', 'mk', 'be'], encodings: ['windows-1251', 'koi8-r', 'koi8-u', 'iso-8859-5', 'ibm866'] },
  { name: 'Greek', languages: ['el'], encodings: ['windows-1253', 'iso-8859-7'] },
  { name: 'Turkish', languages: ['tr'], encodings: ['windows-1254'] },
  { name: 'Baltic', languages: ['lt', 'et'], encodings: ['windows-1257', 'iso-8859-13', 'iso-8859-4'] },
  { name: 'Chinese', languages: ['zh_CN'], encodings: ['gbk'] },
  { name: 'Chinese (traditional)', languages: ['zh_TW'], encodings: ['big5'] },
  { name: 'Japanese', languages: ['ja'], encodings: ['shift_jis', 'euc-jp'] },
  { name: 'Korean', languages: ['ko'], encodings: ['euc-kr'] },
]

/** The WHATWG name of an encoding label (readFile reports these). */
const whatwg = (label) => new TextDecoder(label).encoding

// ---------------------------------------------------------------------------
// Samples

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

const nonAscii = (s) => [...s].filter((c) => c.codePointAt(0) > 127).length

/** Words of the text from a random line on, up to exactly `n` non-ASCII characters
 *  (a word that would go past `n` is left out), or null. */
function cut(lines, n, random) {
  let at = Math.floor(random() * lines.length)
  const words = []
  let count = 0
  for (let steps = 0; steps < 400 && count < n; steps++, at = (at + 1) % lines.length) {
    for (const word of lines[at].split(/\s+/)) {
      if (!word) continue
      const k = nonAscii(word)
      if (count + k > n) continue
      words.push(word)
      count += k
      if (count === n) break
    }
  }
  return count === n && words.length > 0 ? words.join(' ') : null
}

/** `text` wrapped into lines of at most `width` characters. */
function wrap(text, width) {
  const lines = []
  let line = ''
  for (const word of text.split(' ')) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line)
      line = word
    } else line = line ? `${line} ${word}` : word
  }
  if (line) lines.push(line)
  return lines
}

const STYLES = [
  {
    comment: (l) => `  { ${l} }`,
    string: (t) => `  WriteLn('${t.replace(/'/g, "''")}');`,
    code: ['program Sample;', 'var', '  i, n: Integer;', '  total: Real;', 'begin', '  total := 0;', '  for i := 1 to n do', '    total := total + i * 2.5;', '  if total > 100 then', '    Exit;', 'end.'],
  },
  {
    comment: (l) => `// ${l}`,
    string: (t) => `    printf("${t.replace(/["\\]/g, '\\$&')}\\n");`,
    code: ['#include <stdio.h>', '', 'static int count = 0;', '', 'int main(int argc, char **argv)', '{', '    int i;', '    for (i = 1; i < argc; i++) {', '        count += argv[i][0] == \'-\';', '    }', '    return count > 0 ? 1 : 0;', '}'],
  },
  {
    comment: (l) => `# ${l}`,
    string: (t) => `    print("${t.replace(/["\\]/g, '\\$&')}")`,
    code: ['import sys', '', 'def total(items):', '    result = 0', '    for item in items:', '        result += item.price * item.count', '    return result', '', "if __name__ == '__main__':", '    sys.exit(main())'],
  },
  {
    comment: (l) => `-- ${l}`,
    string: (t) => `SELECT '${t.replace(/'/g, "''")}' AS label;`,
    code: ['CREATE TABLE items (', '  id INTEGER PRIMARY KEY,', '  name VARCHAR(80) NOT NULL,', '  price DECIMAL(10, 2)', ');', '', 'SELECT name, price FROM items', 'WHERE price > 10', 'ORDER BY name;'],
  },
  {
    comment: (l) => `' ${l}`,
    string: (t) => `    MsgBox "${t.replace(/"/g, '""')}"`,
    code: ['Option Explicit', '', 'Sub Main()', '    Dim i As Integer', '    Dim total As Double', '    For i = 1 To 10', '        total = total + i', '    Next i', 'End Sub'],
  },
]

/** A legacy source file around `text`: a few comment lines, maybe one string literal. */
function sourceFile(text, random) {
  const style = STYLES[Math.floor(random() * STYLES.length)]
  const code = style.code
  const lines = wrap(text, 60 + Math.floor(random() * 20))
  let out = []
  const split = Math.floor(random() * code.length)
  out.push(...code.slice(0, split))
  if (lines.length > 1 && random() < 0.5) {
    out.push(...lines.slice(0, -1).map(style.comment))
    out.push(style.string(lines[lines.length - 1]))
  } else {
    out.push(...lines.map(style.comment))
  }
  out.push(...code.slice(split))
  return out.join('\r\n') + '\r\n'
}

// ---------------------------------------------------------------------------
// Reading

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eol-detect-'))
fs.writeFileSync(path.join(dir, '.editorconfig'), 'root = true\n')
fs.mkdirSync(path.join(dir, '.git'))
let serial = 0

/** What readFile makes of `bytes` whose text is `text` in `encoding` (null for a negative). */
function outcome(bytes, text, encoding) {
  const file = path.join(dir, `s${serial++ % 64}.txt`)
  fs.writeFileSync(file, bytes)
  let r
  try {
    r = eol.readFileSync(file)
  } catch (e) {
    return e.code === 'BINARY_FILE' ? 'undetected' : `error ${e.code}`
  }
  const told = !r.warnings.some((w) => w.includes('could not be told')) && r.encoding !== 'utf-8'
  if (!told) return 'undetected'
  if (encoding === null) return `detected`
  if (r.encoding === encoding) return 'right'
  if (r.content === text.replace(/\r\n/g, '\n')) return 'same text'
  return script(r.content) === script(text) ? 'wrong' : 'wrong script'
}

/** The script of the first non-ASCII letter of `text`. */
function script(text) {
  for (const s of ['Latin', 'Cyrillic', 'Greek', 'Hebrew', 'Arabic', 'Thai', 'Han', 'Hangul', 'Hiragana', 'Katakana']) {
    const first = /[^\x00-\x7f]/u.exec(text.replace(/[^\p{L}]/gu, ''))
    if (first && new RegExp(`\\p{Script=${s}}`, 'u').test(first[0])) return s
  }
  return 'other'
}

// ---------------------------------------------------------------------------
// The measurement

const tree = fetchCorpus()
const texts = corpus(tree)
const random = rng(SEED)
const rows = []
const wrongs = {}

for (const family of FAMILIES) {
  for (const encoding of family.encodings) {
    const name = whatwg(encoding)
    for (const n of COUNTS) {
      const tally = { right: 0, 'same text': 0, wrong: 0, 'wrong script': 0, undetected: 0 }
      let made = 0
      for (let tries = 0; made < PER && tries < PER * 20; tries++) {
        const lang = family.languages[tries % family.languages.length]
        const lines = texts[lang]
        if (!lines?.length) continue
        const words = cut(lines, n, random)
        if (!words) continue
        const text = sourceFile(words, random)
        const bytes = iconv.encode(text, encoding)
        if (iconv.decode(bytes, encoding) !== text) continue
        const result = outcome(bytes, text, name)
        tally[result] = (tally[result] ?? 0) + 1
        if (result.startsWith('wrong')) {
          const key = `${name} as ${eol.readFileSync(path.join(dir, `s${(serial - 1) % 64}.txt`)).encoding}`
          wrongs[key] = (wrongs[key] ?? 0) + 1
        }
        made++
      }
      rows.push({ family: family.name, encoding: name, n, made, ...tally })
    }
  }
}

// Negatives.
const ascii = (random) => sourceFile('plain ASCII comment text', random)
const negatives = []
function negative(name, make) {
  let detected = 0
  const as = {}
  const total = PER * 4
  for (let i = 0; i < total; i++) {
    const bytes = make()
    const result = outcome(bytes, null, null)
    if (result === 'detected') {
      detected++
      const e = eol.readFileSync(path.join(dir, `s${(serial - 1) % 64}.txt`)).encoding
      as[e] = (as[e] ?? 0) + 1
    }
  }
  negatives.push({ name, total, detected, as })
}
const PUNCT = /[(){}\[\];:,.=<>+\-*\/'"!?&|]/
const isPunct = (b) => b === undefined || b === 0x0d || b === 0x0a || b === 0x20 || PUNCT.test(String.fromCharCode(b))
/** ASCII code with `k` random high bytes, each inserted where `fits(before, after)`. */
function stray(k, fits) {
  const text = Buffer.from(ascii(random), 'latin1')
  const spots = []
  for (let i = 1; i < text.length; i++) if (fits(text[i - 1], text[i])) spots.push(i)
  const at = new Set()
  while (at.size < Math.min(k, spots.length)) at.add(spots[Math.floor(random() * spots.length)])
  const parts = []
  let last = 0
  for (const i of [...at].sort((a, b) => a - b)) {
    parts.push(text.subarray(last, i), Buffer.from([0x80 + Math.floor(random() * 128)]))
    last = i
  }
  parts.push(text.subarray(last))
  return Buffer.concat(parts)
}
const inPunctuation = (before, after) => isPunct(before) && isPunct(after) && (PUNCT.test(String.fromCharCode(before)) || PUNCT.test(String.fromCharCode(after)))
for (const k of [1, 2, 4]) {
  negative(`ASCII code, ${k} stray byte${k > 1 ? 's' : ''} between punctuation, spaces or line ends`, () => stray(k, inPunctuation))
}
// Not a negative: a byte after a letter is what a real accented letter looks like.
negative('(for comparison) ASCII code, 1 random byte right after a letter', () =>
  stray(1, (before) => /[A-Za-z]/.test(String.fromCharCode(before))),
)
for (const size of [16, 256]) {
  negative(`ASCII code with ${size} random bytes (no NUL)`, () => {
    const text = Buffer.from(ascii(random), 'latin1')
    const junk = Buffer.from(Array.from({ length: size }, () => 1 + Math.floor(random() * 255)))
    const at = Math.floor(random() * text.length)
    return Buffer.concat([text.subarray(0, at), junk, text.subarray(at)])
  })
}
const utf8Samples = (n) => {
  const langs = FAMILIES.flatMap((f) => f.languages)
  for (;;) {
    const lines = texts[langs[Math.floor(random() * langs.length)]]
    const words = lines?.length && cut(lines, n, random)
    if (words) return Buffer.from(sourceFile(words, random), 'utf8')
  }
}
for (const n of [3, 12]) {
  negative(`UTF-8 text (${n} non-ASCII), cut inside its last character`, () => {
    const bytes = utf8Samples(n)
    let end = bytes.length - 1
    while (bytes[end] < 0xc0) end--
    return bytes.subarray(0, end + 1)
  })
  negative(`UTF-8 text (${n} non-ASCII), one byte of a character lost`, () => {
    const bytes = Buffer.from(utf8Samples(n))
    const starts = []
    for (let i = 0; i < bytes.length; i++) if (bytes[i] >= 0xc0) starts.push(i)
    const at = starts[Math.floor(random() * starts.length)] + 1
    return Buffer.concat([bytes.subarray(0, at), bytes.subarray(at + 1)])
  })
}
negative('UTF-8 text (12 non-ASCII) with one character in Latin-1', () => {
  const text = `${utf8Samples(12).toString('utf8')}// ${['é', 'ü', 'ñ', 'à', 'ö'][Math.floor(random() * 5)]}\r\n`
  const bytes = Buffer.from(text, 'utf8')
  const at = bytes.lastIndexOf(0xc3)
  return Buffer.concat([bytes.subarray(0, at), Buffer.from([bytes[at + 1] + 0x40]), bytes.subarray(at + 2)])
})

fs.rmSync(dir, { recursive: true, force: true })

// ---------------------------------------------------------------------------
// Tables

const pct = (k, of) => (of ? `${Math.round((100 * k) / of)}%` : '–')
let md = ''
md += `Samples per cell: ${PER} (seed ${SEED}); cells: right / same text / wrong / wrong script / undetected, by non-ASCII characters in the file.\n\n`
md += `| family | encoding | ${COUNTS.join(' | ')} |\n|---|---|${COUNTS.map(() => '---').join('|')}|\n`
for (const family of FAMILIES) {
  for (const encoding of family.encodings) {
    const name = whatwg(encoding)
    const cells = COUNTS.map((n) => {
      const r = rows.find((x) => x.encoding === name && x.n === n && x.family === family.name)
      return r.made ? `${pct(r.right, r.made)} / ${pct(r['same text'], r.made)} / ${pct(r.wrong, r.made)} / ${pct(r['wrong script'], r.made)} / ${pct(r.undetected, r.made)}` : '–'
    })
    md += `| ${family.name} | ${name} | ${cells.join(' | ')} |\n`
  }
}
md += `\nBy family (its encodings together): read right (the encoding, or one that shows the same text) / wrong (another text, in the same script or another) / undetected\n\n| family | ${COUNTS.join(' | ')} |\n|---|${COUNTS.map(() => '---').join('|')}|\n`
for (const family of FAMILIES) {
  const cells = COUNTS.map((n) => {
    const rs = rows.filter((r) => r.family === family.name && r.n === n)
    const sum = (k) => rs.reduce((a, r) => a + r[k], 0)
    const made = sum('made')
    return `${pct(sum('right') + sum('same text'), made)} / ${pct(sum('wrong') + sum('wrong script'), made)} / ${pct(sum('undetected'), made)}`
  })
  md += `| ${family.name} | ${cells.join(' | ')} |\n`
}
md += `\nBy family, all its encodings and counts together:\n\n| family | right | same text | wrong | wrong script | undetected |\n|---|---|---|---|---|---|\n`
for (const family of FAMILIES) {
  const rs = rows.filter((r) => r.family === family.name)
  const sum = (k) => rs.reduce((a, r) => a + r[k], 0)
  const made = sum('made')
  md += `| ${family.name} | ${pct(sum('right'), made)} | ${pct(sum('same text'), made)} | ${pct(sum('wrong'), made)} | ${pct(sum('wrong script'), made)} | ${pct(sum('undetected'), made)} |\n`
}
md += `\nWrong guesses: ${Object.entries(wrongs).map(([k, v]) => `${k} ${v}`).join(', ') || 'none'}\n`
md += `\n| not legacy text | files | detected |\n|---|---|---|\n`
for (const n of negatives) {
  const as = Object.entries(n.as).map(([k, v]) => `${k} ${v}`).join(', ')
  md += `| ${n.name} | ${n.total} | ${n.detected} (${pct(n.detected, n.total)})${as ? `: ${as}` : ''} |\n`
}
const out = option('out', null)
if (out) fs.writeFileSync(out, md)
else process.stdout.write(md)
const json = option('json', null)
if (json) fs.writeFileSync(json, JSON.stringify({ rows, negatives, wrongs }, null, 1))
