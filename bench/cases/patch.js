'use strict'
// `applyPatchSync` against the edits it stands for (BENCH_ONLY=patch):
//
// - one patch that changes 100 files (4 KiB CRLF each, one hunk per file) against
//   100 `editFileSync` calls making the same changes; target: the patch costs at
//   most 1.5× the 100 edits (it reads every file, computes and checks everything,
//   and only then writes, each file under its version guard);
// - one patch of 1,000 hunks on one 4 MiB CRLF file against one `editFileSync` of
//   that file (what a single change costs at that size);
// - one hunk of 4,000 context lines (one line changed in the middle) on a 40,000-line
//   CRLF file of one repeated line against the `editFileSync` of the same 4,000 lines; target: the patch
//   costs at most 3× the edit (both find the lines through the same line tiers).

const fs = require('node:fs')
const path = require('node:path')

const { makeText, target } = require('../lib/gen')

const KiB = 1024
const MiB = 1024 * KiB

/** An apply_patch hunk turning `target(name, from)` into `target(name, to)`. */
function hunk(name, from, to) {
  return `@@\n function ${name}() {\n-    return ${from};\n+    return ${to};\n }`
}

async function run({ eol, tmp, interleave, report, sections, bars, targets, QUICK }) {
  // ---------------------------------------------------------------- 100 files
  const FILES = 100
  const dirs = { patch: path.join(tmp, 'patch-files'), edits: path.join(tmp, 'edit-files') }
  const names = Array.from({ length: FILES }, (_, i) => `benchFile${String(i).padStart(3, '0')}`)
  for (const dir of Object.values(dirs)) {
    fs.mkdirSync(dir, { recursive: true })
    names.forEach((name, i) => {
      fs.writeFileSync(path.join(dir, `${name}.ts`), makeText(4 * KiB, 'crlf', [target(name, 0)], i + 1))
    })
  }
  const state = { patch: 0, edits: 0 }
  const flip = (who) => {
    const from = state[who]
    state[who] ^= 1
    return [from, from ^ 1]
  }
  const manyFiles = () => {
    const [from, to] = flip('patch')
    const body = names.map((n) => `*** Update File: ${n}.ts\n${hunk(n, from, to)}`).join('\n')
    return eol.applyPatchSync(`*** Begin Patch\n${body}\n*** End Patch\n`, { cwd: dirs.patch })
  }
  const manyEdits = () => {
    const [from, to] = flip('edits')
    for (const n of names) eol.editFileSync(path.join(dirs.edits, `${n}.ts`), target(n, from), target(n, to))
  }
  const r1 = await interleave(
    [
      { name: 'patch', run: manyFiles },
      { name: 'edits', run: manyEdits },
    ],
    { warmup: 2, minRounds: QUICK ? 5 : 21, maxRounds: 400, budgetMs: QUICK ? 1500 : 8000 },
  )
  const overEdits = r1.patch.median / r1.edits.median

  // ---------------------------------------------------------------- 1,000 hunks
  const HUNKS = 1000
  const slots = Array.from({ length: HUNKS }, (_, i) => `benchHunk${String(i).padStart(4, '0')}`)
  const text = makeText(4 * MiB, 'crlf', slots.map((n) => target(n, 0)), 3)
  const big = { patch: path.join(tmp, 'patch-big.ts'), edit: path.join(tmp, 'edit-big.ts') }
  for (const file of Object.values(big)) fs.writeFileSync(file, text)
  const bigState = { patch: 0, edit: 0 }
  const manyHunks = () => {
    const from = bigState.patch
    bigState.patch ^= 1
    const body = slots.map((n) => hunk(n, from, from ^ 1)).join('\n')
    return eol.applyPatchSync(`*** Begin Patch\n*** Update File: ${big.patch}\n${body}\n*** End Patch\n`)
  }
  const oneEdit = () => {
    const from = bigState.edit
    bigState.edit ^= 1
    return eol.editFileSync(big.edit, target(slots[HUNKS >> 1], from), target(slots[HUNKS >> 1], from ^ 1))
  }
  const r2 = await interleave(
    [
      { name: 'patch', run: manyHunks },
      { name: 'edit', run: oneEdit },
    ],
    { warmup: 2, minRounds: QUICK ? 3 : 11, maxRounds: 200, budgetMs: QUICK ? 1500 : 6000, collect: true },
  )
  // The patch really changed every hunk, CRLF kept.
  const after = fs.readFileSync(big.patch, 'latin1')
  if (!after.includes(`function ${slots[7]}() {\r\n    return ${bigState.patch};\r\n}`) || /[^\r]\n/.test(after)) {
    throw new Error('bench patch: the 1,000-hunk patch did not give the expected file')
  }

  // ---------------------------------------------------------------- one long hunk
  const LINES = 40000
  const CONTEXT = 4000
  // Every line the same but the one changed: a window-by-window comparison costs the
  // hunk's length at every line.
  const long = Array.from({ length: LINES }, () => '    total += value;')
  const middle = LINES >> 1
  const slot = (n) => `    int benchLong = ${n};`
  long[middle] = slot(0)
  const first = middle - CONTEXT / 2
  const region = long.slice(first, first + CONTEXT)
  const longFiles = { patch: path.join(tmp, 'patch-long.ts'), edit: path.join(tmp, 'edit-long.ts') }
  for (const file of Object.values(longFiles)) fs.writeFileSync(file, `${long.join('\r\n')}\r\n`)
  const longState = { patch: 0, edit: 0 }
  /** The 4,000 lines with the slot at `n`. */
  const withSlot = (n) => region.map((l, i) => (first + i === middle ? slot(n) : l))
  const longHunk = () => {
    const from = longState.patch
    longState.patch ^= 1
    const body = region.map((l, i) => (first + i === middle ? `-${slot(from)}\n+${slot(from ^ 1)}` : ` ${l}`)).join('\n')
    return eol.applyPatchSync(`*** Begin Patch\n*** Update File: ${longFiles.patch}\n@@\n${body}\n*** End Patch\n`)
  }
  const longEdit = () => {
    const from = longState.edit
    longState.edit ^= 1
    return eol.editFileSync(longFiles.edit, withSlot(from).join('\n'), withSlot(from ^ 1).join('\n'))
  }
  const r3 = await interleave(
    [
      { name: 'patch', run: longHunk },
      { name: 'edit', run: longEdit },
    ],
    { warmup: 2, minRounds: QUICK ? 3 : 11, maxRounds: 200, budgetMs: QUICK ? 1500 : 6000 },
  )
  if (!fs.readFileSync(longFiles.patch, 'latin1').includes(`\r\n${slot(longState.patch)}\r\n`)) {
    throw new Error('bench patch: the 4,000-line hunk did not give the expected file')
  }
  const overEdit = r3.patch.median / r3.edit.median

  bars.push({
    group: 'applyPatchSync, 100 files × 1 hunk (4 KiB CRLF): 100 editFileSync / patch (target ≥ 1/1.5)',
    label: 'one patch vs 100 edits',
    value: 1 / overEdits,
    target: 1 / 1.5,
    met: overEdits <= 1.5,
  })
  targets.push({
    name: 'A 100-file `applyPatchSync` costs ≤ 1.5× 100 `editFileSync` calls',
    met: overEdits <= 1.5,
    detail: `${report.ratio(overEdits)} (${report.ms(r1.patch.median)} ms against ${report.ms(r1.edits.median)} ms)`,
  })
  bars.push({
    group: 'applyPatchSync, one 4,000-line hunk on 40,000 CRLF lines: editFileSync / patch (target ≥ 1/3)',
    label: 'one long hunk vs the same edit',
    value: 1 / overEdit,
    target: 1 / 3,
    met: overEdit <= 3,
  })
  targets.push({
    name: 'A 4,000-line hunk on a 40,000-line CRLF file costs ≤ 3× the same `editFileSync`',
    met: overEdit <= 3,
    detail: `${report.ratio(overEdit)} (${report.ms(r3.patch.median)} ms against ${report.ms(r3.edit.median)} ms)`,
  })
  sections.push({
    title: '`applyPatchSync`: 100 files, 1,000 hunks in one file, and one long hunk',
    note:
      'One patch updating 100 files of 4 KiB (CRLF, one three-line hunk each) against 100 `editFileSync` calls that make the same changes; one patch of 1,000 hunks on a 4 MiB CRLF file against a single `editFileSync` of that file; one hunk of 4,000 context lines (one changed) on a 40,000-line CRLF file of one repeated line against the `editFileSync` of the same lines. The patch reads every file first, computes and checks every change, then writes each file under the version it read.',
    header: ['case', 'eol-edit `applyPatchSync`', 'eol-edit `editFileSync`', 'patch / edits', 'rounds'],
    rows: [
      ['100 files, 1 hunk each', report.cell(r1.patch), `${report.cell(r1.edits)} (100 calls)`, `**${report.ratio(overEdits)}**`, r1.patch.n],
      ['1,000 hunks, one 4 MiB CRLF file', report.cell(r2.patch), `${report.cell(r2.edit)} (1 call, 1 edit)`, report.ratio(r2.patch.median / r2.edit.median), r2.patch.n],
      ['one 4,000-line hunk, 40,000 CRLF lines', report.cell(r3.patch), `${report.cell(r3.edit)} (the same lines)`, `**${report.ratio(overEdit)}**`, r3.patch.n],
    ],
  })
  process.stderr.write(
    `  patch: 100 files ${report.ms(r1.patch.median)} ms vs 100 edits ${report.ms(r1.edits.median)} ms (${report.ratio(overEdits)}); ` +
      `1,000 hunks ${report.ms(r2.patch.median)} ms vs one edit ${report.ms(r2.edit.median)} ms; ` +
      `4,000-line hunk ${report.ms(r3.patch.median)} ms vs the same edit ${report.ms(r3.edit.median)} ms (${report.ratio(overEdit)})\n`,
  )
}

module.exports = { run }
