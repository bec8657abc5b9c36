'use strict'
// `BENCH_ONLY=notFound`: the worst inputs for matching and explaining that we could
// construct, at four sizes up to 4 MiB. Every call fails with TEXT_NOT_FOUND, so
// every tier runs and then the explanation searches for the closest region. The
// cost must grow with the input, not with its square: compare the time per MiB
// across sizes.
//
// - identical: N identical lines, oldText = N/10 of them plus one absent line (the
//   hardening issue's case: 0.7 s at 146 KiB, 51 s at 1.17 MiB before);
// - shifted: N identical indented lines, oldText = N/10 of them without the
//   indentation and a last line indented otherwise, so every window matches the
//   indentation tier's first line and fails only at its last;
// - braces: lines of `{` and `}` only (what the explanation weighs least), oldText =
//   N/10 of them with one brace turned;
// - source: source-like text, oldText = a tenth of the file with every tenth line's
//   identifier misremembered (a long near-miss: the alignment's worst case);
// - oneLine: one long line (minified code), oldText = 1 KiB of it with one
//   character changed.

const { makeText } = require('../lib/gen')
const { interleave } = require('../lib/measure')
const report = require('../lib/report')

const KiB = 1024
const MiB = 1024 * KiB

const label = (n) => (n >= MiB ? `${(n / MiB).toFixed(n % MiB ? 2 : 0)} MiB` : `${Math.round(n / KiB)} KiB`)

/** [content, oldText] of `kind` for a content of about `size` bytes. */
function input(kind, size) {
  switch (kind) {
    case 'identical': {
      const n = Math.round(size / 6)
      return ['abcde\n'.repeat(n), 'abcde\n'.repeat(Math.floor(n / 10)) + 'absent line\n']
    }
    case 'shifted': {
      const line = '    item = 1;\n'
      const n = Math.round(size / line.length)
      return [line.repeat(n), 'item = 1;\n'.repeat(Math.floor(n / 10)) + '  item = 1;\n']
    }
    case 'braces': {
      const n = Math.round(size / 2)
      const lines = Array.from({ length: n }, (_, i) => (i % 2 ? '}' : '{'))
      const old = lines.slice(0, Math.floor(n / 10))
      old[old.length >> 1] = old[old.length >> 1] === '{' ? '}' : '{'
      return [lines.join('\n') + '\n', old.join('\n')]
    }
    case 'source': {
      const content = makeText(size, 'lf', [], 3)
      const lines = content.split('\n')
      const from = Math.floor(lines.length * 0.45)
      const old = lines
        .slice(from, from + Math.floor(lines.length / 10))
        .map((l, i) => (i % 10 === 5 ? l.replace(/\b([a-z]+)(\d+)/, '$1_$2') : l))
      return [content, old.join('\n')]
    }
    case 'oneLine': {
      const words = makeText(size, 'lf', [], 4).replace(/\n/g, ';')
      const at = words.length >> 1
      const old = words.slice(at, at + KiB)
      return [words, old.slice(0, 500) + '#' + old.slice(501)]
    }
    default:
      throw new Error(`unknown input ${kind}`)
  }
}

const KINDS = ['identical', 'shifted', 'braces', 'source', 'oneLine']

async function notFoundSection({ eol, quick, sections }) {
  const sizes = [146 * KiB, 585 * KiB, 1.17 * MiB, 4 * MiB].map(Math.round)
  const rows = []
  for (const kind of KINDS) {
    const row = [kind]
    const perMiB = []
    for (const size of sizes) {
      const [content, oldText] = input(kind, size)
      const edits = [{ oldText, newText: 'x' }]
      let code = null
      const r = await interleave(
        [
          {
            name: 'eol',
            run: () => {
              try {
                eol.applyEdits(content, edits)
              } catch (e) {
                code = e.code
              }
            },
          },
        ],
        { warmup: 1, minRounds: quick ? 2 : 5, maxRounds: 50, budgetMs: quick ? 500 : 2000, collect: true },
      )
      if (code !== 'TEXT_NOT_FOUND') throw new Error(`notFound ${kind} ${label(size)}: expected TEXT_NOT_FOUND, got ${code}`)
      row.push(report.cell(r.eol))
      perMiB.push(r.eol.median / (content.length / MiB))
      process.stderr.write(`  notFound ${kind} ${label(content.length)}: ${report.ms(r.eol.median)} ms\n`)
    }
    row.push(`${report.ms(Math.min(...perMiB))}–${report.ms(Math.max(...perMiB))}`)
    rows.push(row)
  }
  sections.push({
    title: '`applyEdits` failing with `TEXT_NOT_FOUND` on the worst inputs (no I/O)',
    note: 'Each call runs every tier and then the closest-match explanation. identical: N identical lines, oldText N/10 of them plus an absent line; shifted: indented identical lines, oldText unindented with a last line indented otherwise; braces: `{`/`}` lines, oldText a tenth with one brace turned; source: source-like text, oldText a tenth of it with every tenth line misremembered; oneLine: one long line, 1 KiB of it with a character changed. Near-linear cost shows as a steady time per MiB across sizes.',
    header: ['input', ...sizes.map(label), 'ms per MiB (range)'],
    rows,
  })
}

module.exports = { notFoundSection, input, KINDS }
