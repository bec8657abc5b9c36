'use strict'
// The Markdown table and the SVG chart of a run. No dependencies: the SVG is
// written by hand (horizontal bars on a log scale, one per ratio).

/** Milliseconds, to about three significant digits. */
function ms(x) {
  if (x == null || Number.isNaN(x)) return '–'
  if (x >= 100) return x.toFixed(0)
  if (x >= 10) return x.toFixed(1)
  if (x >= 1) return x.toFixed(2)
  if (x >= 0.1) return x.toFixed(3)
  return x.toFixed(4)
}

/** A `median (min–max)` cell. */
function cell(s) {
  if (!s) return '–'
  return `${ms(s.median)} (${ms(s.min)}–${ms(s.max)})`
}

function ratio(x) {
  if (x == null || !Number.isFinite(x)) return '–'
  if (x >= 100) return `${x.toFixed(0)}×`
  if (x >= 10) return `${x.toFixed(1)}×`
  return `${x.toFixed(2)}×`
}

function mib(bytes) {
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`
}

function table(header, rows) {
  const line = (cells) => `| ${cells.join(' | ')} |`
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n')
}

function markdown(run) {
  const { meta, sections, targets } = run
  const out = []
  out.push('# eol-edit benchmarks')
  out.push('')
  out.push(`- **Machine:** ${meta.cpu}, ${meta.cores} cores, ${meta.memory}`)
  out.push(`- **Node:** ${meta.node} (${meta.platform}); addon: ${meta.addon}`)
  out.push(`- **Date:** ${meta.date}`)
  out.push(`- **Command:** \`${meta.command}\`${meta.quick ? ' (quick smoke run: fewer sizes and rounds)' : ''}`)
  out.push(`- **Files:** ${meta.tmp} (${meta.fs})`)
  out.push(`- **Load average** at start / end: ${meta.loadStart} / ${meta.loadEnd}${meta.busy ? ' — the machine was busy (other builds or tests running), so treat small differences with care' : ''}`)
  out.push('')
  out.push(
    'Times are milliseconds per call: median (min–max) over the rounds shown. Candidates run interleaved in one process (A B C A B C …) after warm-up rounds; from 1 MiB up, `gc()` runs between samples, outside the timed region. Every timed edit changes the file (the edits alternate between two replacements, and the seed pipeline\'s mixed-ending files are restored, untimed, before each sample, since the pipeline rewrites every ending to the first one).',
  )
  out.push('')
  out.push('## Targets')
  out.push('')
  out.push(table(['target', 'result', 'measured'], targets.map((t) => [t.name, t.met ? '**met**' : '**missed**', t.detail])))
  out.push('')
  for (const s of sections) {
    out.push(`## ${s.title}`)
    out.push('')
    if (s.note) {
      out.push(s.note)
      out.push('')
    }
    out.push(table(s.header, s.rows))
    out.push('')
  }
  out.push('![ratios](latest.svg)')
  out.push('')
  return out.join('\n')
}

function esc(s) {
  return String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}

/**
 * Bars of `bars` (`{ group, label, value, target, met }`): each value is a ratio
 * where more is better (how many times faster, or how many times under a limit),
 * on a log scale from 1/10× to 1000×; the target is a tick on the bar's row.
 */
function svg(run) {
  // Grouped in the order each group first appears.
  const order = [...new Set(run.bars.map((b) => b.group))]
  const bars = order.flatMap((g) => run.bars.filter((b) => b.group === g))
  const W = 900
  const labelW = 330
  const plotW = W - labelW - 80
  const rowH = 18
  const lo = Math.log10(0.1)
  const hi = Math.log10(1000)
  const x = (v) => labelW + ((Math.log10(Math.min(Math.max(v, 0.1), 1000)) - lo) / (hi - lo)) * plotW
  const parts = []
  let y = 56
  let group = null
  const body = []
  for (const b of bars) {
    if (b.group !== group) {
      group = b.group
      y += 10
      body.push(`<text x="8" y="${y + 12}" class="g">${esc(group)}</text>`)
      y += rowH
    }
    const color = b.met === true ? '#2e8b57' : b.met === false ? '#c0392b' : '#7f8c8d'
    const x0 = x(1)
    const x1 = x(b.value)
    const left = Math.min(x0, x1)
    body.push(`<text x="${labelW - 8}" y="${y + 13}" text-anchor="end">${esc(b.label)}</text>`)
    body.push(`<rect x="${left.toFixed(1)}" y="${y + 3}" width="${Math.max(1, Math.abs(x1 - x0)).toFixed(1)}" height="${rowH - 6}" fill="${color}"/>`)
    if (b.target != null) {
      const xt = x(b.target)
      body.push(`<line x1="${xt.toFixed(1)}" x2="${xt.toFixed(1)}" y1="${y + 1}" y2="${y + rowH - 1}" stroke="#000" stroke-width="2"/>`)
    }
    body.push(`<text x="${(Math.max(x0, x1) + 4).toFixed(1)}" y="${y + 13}">${esc(ratio(b.value))}</text>`)
    y += rowH
  }
  const H = y + 40
  parts.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="sans-serif" font-size="12">`)
  parts.push('<style>.g{font-weight:bold;font-size:13px}.t{font-size:15px;font-weight:bold}.a{fill:#555}</style>')
  parts.push(`<rect width="${W}" height="${H}" fill="#fff"/>`)
  parts.push(`<text x="8" y="20" class="t">eol-edit: how many times better (log scale; bar from 1×, black tick = target)</text>`)
  parts.push(`<text x="8" y="38" class="a">${esc(`${run.meta.cpu}, ${run.meta.cores} cores, Node ${run.meta.node}, ${run.meta.date}, ${run.meta.fs}`)}</text>`)
  for (const v of [0.1, 1, 10, 100, 1000]) {
    const xv = x(v)
    parts.push(`<line x1="${xv.toFixed(1)}" x2="${xv.toFixed(1)}" y1="60" y2="${H - 30}" stroke="${v === 1 ? '#000' : '#ddd'}"/>`)
    parts.push(`<text x="${xv.toFixed(1)}" y="${H - 14}" text-anchor="middle" class="a">${v}×</text>`)
  }
  parts.push(...body)
  parts.push('<text x="8" y="' + (H - 14) + '" class="a">green: target met · red: missed · grey: no target</text>')
  parts.push('</svg>')
  return parts.join('\n') + '\n'
}

module.exports = { markdown, svg, cell, ms, ratio, mib, table }
