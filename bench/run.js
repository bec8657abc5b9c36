#!/usr/bin/env node
'use strict'
// `npm run bench`: eol-edit against dskcode's JavaScript pipeline and the I/O
// floor, with the targets of the benchmark issue. Writes bench/results/latest.md and
// bench/results/latest.svg and prints the Markdown.
//
// Environment:
//   BENCH_QUICK=1        a fast smoke run (fewer sizes and rounds), written to
//                        bench/.work/results/ instead of bench/results/
//   BENCH_ONLY=a,b       run only these sections: editSync, editAsync, multiEdit,
//                        toLf, normalizeEol, applyEdits, settled, rss, patch,
//                        notFound, encoding, appends, tools
//   BENCH_OUT=dir        where to write latest.md / latest.svg
//   EOL_EDIT_ADDON=file  the .node file to load instead of the package (e.g. a
//                        release build kept apart from a debug build in the tree)

const fs = require('node:fs')
const fsp = require('node:fs/promises')
const os = require('node:os')
const path = require('node:path')
const { execFileSync } = require('node:child_process')

const seed = require('./lib/seed000')
const { makeText, target } = require('./lib/gen')
const { interleave, gc } = require('./lib/measure')
const report = require('./lib/report')

const QUICK = process.env.BENCH_QUICK === '1'
const ONLY = process.env.BENCH_ONLY ? new Set(process.env.BENCH_ONLY.split(',')) : null
const wants = (name) => !ONLY || ONLY.has(name)
const KiB = 1024
const MiB = 1024 * KiB

// ---------------------------------------------------------------- the addon

const addonFile = process.env.EOL_EDIT_ADDON ? path.resolve(process.env.EOL_EDIT_ADDON) : null
const eol = addonFile ? require(addonFile) : require('..')
const loadedNode = addonFile || Object.keys(require.cache).find((k) => k.endsWith('.node'))

/** Section names of an ELF file (64-bit little endian), or null for anything else. */
function elfSections(file) {
  try {
    const b = fs.readFileSync(file)
    if (b.readUInt32BE(0) !== 0x7f454c46 || b[4] !== 2 || b[5] !== 1) return null
    const shoff = Number(b.readBigUInt64LE(0x28))
    const shentsize = b.readUInt16LE(0x3a)
    const shnum = b.readUInt16LE(0x3c)
    const strtab = shoff + b.readUInt16LE(0x3e) * shentsize
    const strOff = Number(b.readBigUInt64LE(strtab + 0x18))
    const names = []
    for (let i = 0; i < shnum; i++) {
      const at = strOff + b.readUInt32LE(shoff + i * shentsize)
      names.push(b.toString('latin1', at, b.indexOf(0, at)))
    }
    return names
  } catch {
    return null
  }
}

function describeAddon() {
  if (!loadedNode) return 'unknown'
  const sections = elfSections(loadedNode)
  const kind = !sections
    ? 'build not inspected'
    : sections.includes('.debug_info')
      ? 'has debug info: a debug build? numbers may not be representative'
      : 'release build'
  return `\`${path.relative(path.join(__dirname, '..'), loadedNode)}\` (${kind})`
}

// ---------------------------------------------------------------- the machine

function sh(cmd, args) {
  try {
    return execFileSync(cmd, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim()
  } catch {
    return null
  }
}

function cpuModel() {
  const l = sh('lscpu', [])
  const m = l && l.match(/^Model name:\s+(.+)$/m)
  return m ? m[1].trim() : os.cpus()[0]?.model ?? 'unknown CPU'
}

function fsType(dir) {
  const t = sh('findmnt', ['-n', '-o', 'FSTYPE', '-T', dir]) || sh('stat', ['-f', '-c', '%T', dir])
  return t ? (t === 'tmpfs' ? 'tmpfs (memory)' : `${t} (disk)`) : 'unknown file system'
}

const load = () => os.loadavg().map((x) => x.toFixed(2)).join(' ')

// ---------------------------------------------------------------- helpers

const label = (n) => (n >= MiB ? `${n / MiB} MiB` : `${n / KiB} KiB`)

/** Rounds and time per size: small inputs get many rounds, large ones a few. */
function plan(size) {
  const q = QUICK ? 0.25 : 1
  if (size <= 16 * KiB) return { warmup: 20, minRounds: 30, maxRounds: 2000, budgetMs: 1200 * q }
  if (size <= 512 * KiB) return { warmup: 5, minRounds: QUICK ? 5 : 15, maxRounds: 1000, budgetMs: 1500 * q }
  if (size <= 8 * MiB) return { warmup: 2, minRounds: QUICK ? 3 : 9, maxRounds: 200, budgetMs: 2500 * q, collect: true }
  return { warmup: 1, minRounds: QUICK ? 2 : 7, maxRounds: 50, budgetMs: 3000 * q, collect: true }
}

/** Two texts of one target to alternate between, so every edit changes the file. */
function toggler(name) {
  let state = 0
  return () => {
    const from = target(name, state)
    state ^= 1
    return [from, target(name, state)]
  }
}

let tmp
const sections = []
const bars = []
const targets = []
const checks = {}

// ---------------------------------------------------------------- editFile

const EDIT_SIZES = QUICK ? [4 * KiB, 256 * KiB, 4 * MiB] : [4 * KiB, 256 * KiB, 4 * MiB, 32 * MiB]
const KINDS = ['lf', 'crlf', 'mixed']

function editFiles(size, kind, tag) {
  const text = makeText(size, kind, [target('benchTarget', 0)], 1)
  const files = {}
  for (const who of ['eol', 'seed', 'floor', 'atomic']) {
    files[who] = path.join(tmp, `${tag}-${label(size).replace(' ', '')}-${kind}-${who}.ts`)
    fs.writeFileSync(files[who], text)
  }
  return { text, files }
}

async function editSection(async) {
  const rows = []
  const name = async ? 'editFile' : 'editFileSync'
  for (const size of EDIT_SIZES) {
    for (const kind of KINDS) {
      const { text, files } = editFiles(size, kind, async ? 'async' : 'sync')
      const nextEol = toggler('benchTarget')
      const nextSeed = toggler('benchTarget')
      // The seed rewrites every ending to the first one it finds; for a mixed file
      // that would leave an LF or CRLF file after one edit, so it gets the mixed
      // original back (untimed) before each sample, and always does the 0 -> 1 edit.
      const restore = kind === 'mixed'
      const seedEdit = () => (restore ? [target('benchTarget', 0), target('benchTarget', 1)] : nextSeed())
      const opts = { maxBytes: 0 }
      const candidates = async
        ? [
            { name: 'eol', run: () => { const [o, n] = nextEol(); return eol.editFile(files.eol, o, n, opts) } },
            { name: 'seed', prepare: restore ? () => fsp.writeFile(files.seed, text) : null, run: () => { const [o, n] = seedEdit(); return seed.editFile(files.seed, o, n) } },
            { name: 'floor', run: async () => { const b = await fsp.readFile(files.floor); await fsp.writeFile(files.floor, b) } },
          ]
        : [
            { name: 'eol', run: () => { const [o, n] = nextEol(); eol.editFileSync(files.eol, o, n, opts) } },
            { name: 'seed', prepare: restore ? () => fs.writeFileSync(files.seed, text) : null, run: () => { const [o, n] = seedEdit(); seed.editFileSync(files.seed, o, n) } },
            { name: 'floor', run: () => { const b = fs.readFileSync(files.floor); fs.writeFileSync(files.floor, b) } },
            { name: 'atomic', run: () => { const b = fs.readFileSync(files.atomic); fs.writeFileSync(`${files.atomic}.tmp`, b); fs.renameSync(`${files.atomic}.tmp`, files.atomic) } },
          ]
      const r = await interleave(candidates, plan(size))
      const speedup = r.seed.median / r.eol.median
      const overFloor = r.eol.median / r.floor.median
      rows.push(
        async
          ? [label(size), kind.toUpperCase(), report.cell(r.eol), report.cell(r.seed), report.cell(r.floor), `**${report.ratio(speedup)}**`, report.ratio(overFloor), r.eol.n]
          : [label(size), kind.toUpperCase(), report.cell(r.eol), report.cell(r.seed), report.cell(r.floor), report.cell(r.atomic), `**${report.ratio(speedup)}**`, `**${report.ratio(overFloor)}**`, report.ratio(r.eol.median / r.atomic.median), r.eol.n],
      )
      if (!async) {
        checks[`edit:${size}:${kind}`] = { speedup, overFloor, overAtomic: r.eol.median / r.atomic.median }
        const t4 = size >= 256 * KiB ? 4 : 1
        bars.push({ group: 'editFileSync: times faster than dskcode JS pipeline (a)', label: `${label(size)} ${kind.toUpperCase()}`, value: speedup, target: t4, met: speedup >= t4 })
        if (size >= 4 * MiB) {
          bars.push({ group: 'editFileSync: I/O floor (b) time / eol-edit time (target ≥ 1/1.5)', label: `${label(size)} ${kind.toUpperCase()}`, value: 1 / overFloor, target: 1 / 1.5, met: overFloor <= 1.5 })
          bars.push({ group: 'editFileSync: atomic floor (b′) time / eol-edit time', label: `${label(size)} ${kind.toUpperCase()}`, value: r.atomic.median / r.eol.median, target: null, met: null })
        }
      }
      for (const f of Object.values(files)) fs.rmSync(f, { force: true })
      process.stderr.write(`  ${name} ${label(size)} ${kind}: eol ${report.ms(r.eol.median)} ms, seed ${report.ms(r.seed.median)} ms, floor ${report.ms(r.floor.median)} ms${r.atomic ? `, atomic floor ${report.ms(r.atomic.median)} ms` : ''}\n`)
    }
  }
  sections.push({
    title: `\`${name}\`: one edit mid-file (a three-line function, \`return 0\` ↔ \`return 1\`)`,
    note: async
      ? 'Promise forms: `await editFile` (runs on the libuv pool) against dskcode\'s own `await readFile` / `await writeFile` pipeline and `fs/promises` read + write of the same bytes.'
      : '(a) is dskcode\'s JavaScript pipeline: `readFileSync` as UTF-8, `toLf` by two regex replaces, `indexOf` twice, slice + join, `normalizeEol` by replace/split/join, `writeFileSync`. (b) is the I/O floor: `readFileSync` of the bytes and `writeFileSync` of the same bytes. eol-edit also hashes the file (version), takes a lock, diffs the changed lines and writes atomically (new file + rename, then checks nobody changed the file meanwhile), which neither (a) nor (b) does; (b′), for reference, is the floor of an atomic write: `readFileSync`, `writeFileSync` to a temporary file, `renameSync` over the original. On ext4, rewriting a file in place (a, b) can start its writeback at close, which makes small in-place writes slow when the disk is busy.',
    header: async
      ? ['size', 'endings', `eol-edit \`${name}\``, '(a) dskcode JS pipeline', '(b) I/O floor', '(a) / eol-edit', 'eol-edit / (b)', 'rounds']
      : ['size', 'endings', `eol-edit \`${name}\``, '(a) dskcode JS pipeline', '(b) I/O floor', '(b′) atomic floor', '(a) / eol-edit', 'eol-edit / (b)', 'eol-edit / (b′)', 'rounds'],
    rows,
  })
}

// ---------------------------------------------------------------- settled files

// The race check before the rename re-reads and re-hashes the file when it was
// modified within the racy window before it was read (two clock ticks on Linux file
// systems with fine timestamps, 2 s elsewhere), which a tight loop on one file can
// hit. An agent's edits are seconds apart, so this edits files untouched for more
// than 2 s, one sample per file: no file system's window re-reads them.
const SETTLED_SIZES = QUICK ? [4 * KiB, 4 * MiB] : [4 * KiB, 256 * KiB, 4 * MiB, 32 * MiB]
/** Copies per size: one sample each, so small files get more. */
const settledCopies = (size) => (QUICK ? 3 : size <= 4 * KiB ? 41 : size <= 256 * KiB ? 21 : size <= 4 * MiB ? 7 : 5)
let settledFiles = []
let settledWrittenAt = 0

function prepareSettled() {
  settledFiles = []
  for (const size of SETTLED_SIZES) {
    const text = makeText(size, 'crlf', [target('benchTarget', 0)], 1)
    const name = (who) => path.join(tmp, `settled-${label(size).replace(' ', '')}-${who}.ts`)
    for (let i = 0; i < settledCopies(size); i++) {
      const copy = { size, eol: name(`eol-${i}`), seed: name(`seed-${i}`) }
      fs.writeFileSync(copy.eol, text)
      fs.writeFileSync(copy.seed, text)
      settledFiles.push(copy)
    }
    settledFiles.push({ size, floor: name('floor') })
    fs.writeFileSync(name('floor'), text)
  }
  settledWrittenAt = Date.now()
}

async function settledSection() {
  const wait = settledWrittenAt + 2500 - Date.now()
  if (wait > 0) await new Promise((r) => setTimeout(r, wait))
  const { stats } = require('./lib/measure')
  const rows = []
  for (const size of SETTLED_SIZES) {
    const copies = settledFiles.filter((f) => f.size === size && !f.floor)
    const floorFile = settledFiles.find((f) => f.size === size && f.floor).floor
    const times = { eol: [], seed: [], floor: [] }
    const timed = (who, run) => {
      // As in the loops: a collection between samples from 1 MiB up only.
      if (size >= MiB) gc()
      const t0 = process.hrtime.bigint()
      run()
      times[who].push(Number(process.hrtime.bigint() - t0) / 1e6)
    }
    for (const copy of copies) {
      // Page cache warm for all: each file read once, untimed.
      for (const f of [copy.eol, copy.seed, floorFile]) fs.readFileSync(f)
      timed('eol', () => eol.editFileSync(copy.eol, target('benchTarget', 0), target('benchTarget', 1), { maxBytes: 0 }))
      timed('seed', () => seed.editFileSync(copy.seed, target('benchTarget', 0), target('benchTarget', 1)))
      timed('floor', () => fs.writeFileSync(floorFile, fs.readFileSync(floorFile)))
    }
    const [s, a, f] = [stats(times.eol), stats(times.seed), stats(times.floor)]
    checks[`settled:${size}`] = { speedup: a.median / s.median, overFloor: s.median / f.median }
    rows.push([label(size), 'CRLF', report.cell(s), report.cell(a), report.cell(f), report.ratio(a.median / s.median), report.ratio(s.median / f.median), s.n])
    if (size >= 4 * MiB) {
      bars.push({ group: 'editFileSync on files untouched for > 2 s: floor / eol-edit', label: `${label(size)} CRLF`, value: f.median / s.median, target: 1 / 1.5, met: s.median / f.median <= 1.5 })
    }
    for (const copy of settledFiles.filter((x) => x.size === size)) {
      for (const file of [copy.eol, copy.seed, copy.floor].filter(Boolean)) fs.rmSync(file, { force: true })
    }
  }
  sections.push({
    title: '`editFileSync` on files last changed more than 2 s earlier',
    note: 'In the loops above each file is edited again a few milliseconds after the last edit; where that is within the racy window (two clock ticks on Linux file systems with sub-millisecond timestamps, 2 s on others), the race check before the rename re-reads and re-hashes the whole file, since another change could then keep its timestamps. An agent\'s edits are seconds apart; here each sample edits copies written more than 2 s earlier, one for eol-edit and one for the seed pipeline (a), interleaved with the I/O floor (b) on one more copy.',
    header: ['size', 'endings', 'eol-edit `editFileSync`', '(a) dskcode JS pipeline', '(b) I/O floor', '(a) / eol-edit', 'eol-edit / (b)', 'files'],
    rows,
  })
}

// ---------------------------------------------------------------- multiEdit

async function multiEditSection() {
  const size = 1 * MiB
  const N = 100
  const names = Array.from({ length: N }, (_, i) => `benchSlot${String(i).padStart(3, '0')}`)
  const text = makeText(size, 'crlf', names.map((n) => target(n, 0)), 2)
  const files = {}
  for (const who of ['eol', 'seq', 'loop']) {
    files[who] = path.join(tmp, `multi-${who}.ts`)
    fs.writeFileSync(files[who], text)
  }
  const state = { eol: 0, seq: 0, loop: 0 }
  const editsFor = (who) => {
    const from = state[who]
    state[who] ^= 1
    return names.map((n) => ({ oldText: target(n, from), newText: target(n, from ^ 1) }))
  }
  const r = await interleave(
    [
      { name: 'eol', run: () => eol.multiEditSync(files.eol, editsFor('eol')) },
      { name: 'seq', run: () => { for (const e of editsFor('seq')) seed.editFileSync(files.seq, e.oldText, e.newText) } },
      { name: 'loop', run: () => seed.multiEditSync(files.loop, editsFor('loop')) },
    ],
    { warmup: 1, minRounds: QUICK ? 2 : 7, maxRounds: 40, budgetMs: QUICK ? 1000 : 6000, collect: true },
  )
  const speedup = r.seq.median / r.eol.median
  checks.multiEdit = { speedup, loop: r.loop.median / r.eol.median }
  bars.push({ group: 'multiEdit, 100 edits, 1 MiB CRLF: times faster', label: 'vs 100 sequential seed edit_file calls', value: speedup, target: 20, met: speedup >= 20 })
  bars.push({ group: 'multiEdit, 100 edits, 1 MiB CRLF: times faster', label: 'vs seed multi_edit loop (one read/write)', value: r.loop.median / r.eol.median, target: null, met: null })
  sections.push({
    title: '`multiEditSync`: 100 edits on a 1 MiB CRLF file',
    note: 'Each edit changes one of 100 three-line functions spread through the file. "100 sequential JS edits" calls the seed pipeline (a) once per edit (read, edit, write, 100 times); the seed\'s own `multi_edit` loop reads once, applies the 100 edits in the LF view and writes once.',
    header: ['eol-edit `multiEditSync`', '100 sequential JS edits (a)', 'seed `multi_edit` loop', '(a)×100 / eol-edit', 'loop / eol-edit', 'rounds'],
    rows: [[report.cell(r.eol), report.cell(r.seq), report.cell(r.loop), `**${report.ratio(speedup)}**`, report.ratio(r.loop.median / r.eol.median), r.eol.n]],
  })
  process.stderr.write(`  multiEdit: eol ${report.ms(r.eol.median)} ms, 100 seq ${report.ms(r.seq.median)} ms, loop ${report.ms(r.loop.median)} ms\n`)
}

// ---------------------------------------------------------------- strings

const STRING_SIZES = QUICK ? [1 * KiB, 256 * KiB, 4 * MiB] : [1 * KiB, 16 * KiB, 256 * KiB, 1 * MiB, 4 * MiB, 16 * MiB]

/** Calls per sample, so a sample of a small input is long enough to time. */
const repsFor = (size) => Math.max(1, Math.floor((256 * KiB) / size))

function repeated(fn, reps) {
  return () => {
    let sink
    for (let i = 0; i < reps; i++) sink = fn()
    return sink && sink.length < 0 ? sink : undefined
  }
}

function perCall(r, reps) {
  const out = {}
  for (const [k, s] of Object.entries(r)) out[k] = { n: s.n, median: s.median / reps, min: s.min / reps, max: s.max / reps }
  return out
}

async function toLfSection() {
  const rows = []
  let worst = Infinity
  for (const kind of ['crlf', 'lf']) {
    for (const size of STRING_SIZES) {
      // A fresh copy, so neither side gets a string the other already flattened.
      const text = makeText(size, kind, [], 3)
      const reps = repsFor(size)
      const r = perCall(
        await interleave(
          [
            { name: 'eol', run: repeated(() => eol.toLf(text), reps) },
            { name: 'js', run: repeated(() => seed.toLf(text), reps) },
          ],
          plan(size),
        ),
        reps,
      )
      const speedup = r.js.median / r.eol.median
      worst = Math.min(worst, speedup)
      checks[`toLf:${kind}:${size}`] = speedup
      rows.push([label(size), kind === 'lf' ? 'LF only (fast path)' : 'CRLF', report.cell(r.eol), report.cell(r.js), `**${report.ratio(speedup)}**`, r.eol.n * reps])
      bars.push({ group: 'toLf on a string: times faster than the JS regex version', label: `${label(size)} ${kind === 'lf' ? 'LF only' : 'CRLF'}`, value: speedup, target: 1, met: speedup >= 1 })
      process.stderr.write(`  toLf ${label(size)} ${kind}: eol ${report.ms(r.eol.median)} ms, js ${report.ms(r.js.median)} ms\n`)
    }
  }
  sections.push({
    title: '`toLf` on strings',
    note: 'The JS version is the seed\'s: `includes("\\r")` fast path, then `replace(/\\r\\n/g, "\\n").replace(/\\r/g, "\\n")`. Small inputs are timed in batches; the times are per call.',
    header: ['size', 'text', 'eol-edit `toLf`', 'JS `toLf`', 'JS / eol-edit', 'calls'],
    rows,
  })
}

async function normalizeEolSection() {
  const rows = []
  for (const size of STRING_SIZES) {
    const original = makeText(size, 'crlf', [], 4)
    const updated = seed.toLf(makeText(size, 'crlf', [], 4))
    const reps = repsFor(size)
    const r = perCall(
      await interleave(
        [
          { name: 'eol', run: repeated(() => eol.normalizeEol(original, updated), reps) },
          { name: 'js', run: repeated(() => seed.normalizeEol(original, updated), reps) },
        ],
        plan(size),
      ),
      reps,
    )
    const speedup = r.js.median / r.eol.median
    rows.push([label(size), report.cell(r.eol), report.cell(r.js), `**${report.ratio(speedup)}**`, r.eol.n * reps])
    bars.push({ group: 'normalizeEol (CRLF original, LF update): times faster than JS', label: label(size), value: speedup, target: null, met: null })
    process.stderr.write(`  normalizeEol ${label(size)}: eol ${report.ms(r.eol.median)} ms, js ${report.ms(r.js.median)} ms\n`)
  }
  sections.push({
    title: '`normalizeEol` on strings (CRLF original, its LF view as the update)',
    note: 'The JS version is the seed\'s: `replace(/\\r\\n/g, "\\n")`, `split("\\n")`, `join(eol)`, and the final-newline fix.',
    header: ['size', 'eol-edit `normalizeEol`', 'JS `normalizeEol`', 'JS / eol-edit', 'calls'],
    rows,
  })
}

async function applyEditsSection() {
  const size = 4 * MiB
  const content = makeText(size, 'crlf', [target('benchTarget', 0)], 5)
  const edit = [{ oldText: target('benchTarget', 0), newText: target('benchTarget', 1) }]
  const r = await interleave(
    [
      { name: 'eol', run: () => eol.applyEdits(content, edit) },
      { name: 'tolf2', run: () => { seed.toLf(content); return seed.toLf(content) } },
      { name: 'pipe', run: () => seed.editContent(content, edit[0].oldText, edit[0].newText) },
    ],
    { ...plan(size), minRounds: QUICK ? 3 : 15 },
  )
  checks.applyEdits = { vsToLf2: r.tolf2.median / r.eol.median, vsPipe: r.pipe.median / r.eol.median }
  bars.push({ group: 'applyEdits, one edit mid 4 MiB CRLF string: times faster', label: 'vs JS toLf twice', value: r.tolf2.median / r.eol.median, target: null, met: null })
  bars.push({ group: 'applyEdits, one edit mid 4 MiB CRLF string: times faster', label: 'vs seed in-memory edit (no I/O)', value: r.pipe.median / r.eol.median, target: null, met: null })
  sections.push({
    title: '`applyEdits`: one edit mid 4 MiB CRLF string (no I/O)',
    note: 'Against V8 running the seed\'s `toLf` twice on the string (the least the seed pipeline does on a CRLF text), and against the seed\'s whole in-memory edit (`toLf`, `indexOf` ×2, slice + join, `normalizeEol`).',
    header: ['eol-edit `applyEdits`', 'JS `toLf` ×2', 'seed in-memory edit', 'toLf×2 / eol-edit', 'seed / eol-edit', 'rounds'],
    rows: [[report.cell(r.eol), report.cell(r.tolf2), report.cell(r.pipe), report.ratio(r.tolf2.median / r.eol.median), report.ratio(r.pipe.median / r.eol.median), r.eol.n]],
  })
  process.stderr.write(`  applyEdits: eol ${report.ms(r.eol.median)} ms, toLf×2 ${report.ms(r.tolf2.median)} ms, seed ${report.ms(r.pipe.median)} ms\n`)
}

// ---------------------------------------------------------------- peak RSS

function writeBigFile(file, size) {
  // 1 MiB of CRLF text repeated, with the one edit target in the middle block.
  const block = makeText(MiB, 'crlf', [], 6)
  const middle = makeText(MiB, 'crlf', [target('benchTarget', 0)], 6)
  const fd = fs.openSync(file, 'w')
  const blocks = Math.round(size / MiB)
  try {
    for (let i = 0; i < blocks; i++) fs.writeSync(fd, i === blocks >> 1 ? middle : block)
  } finally {
    fs.closeSync(fd)
  }
}

function child(mode, file) {
  const out = execFileSync(
    process.execPath,
    [path.join(__dirname, 'rss-child.js'), mode, file, JSON.stringify(target('benchTarget', 0)), JSON.stringify(target('benchTarget', 1))],
    { encoding: 'utf8', env: { ...process.env, EOL_EDIT_ADDON: addonFile || '' }, stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 1 << 20 },
  )
  return JSON.parse(out.trim().split('\n').pop())
}

async function rssSection() {
  const size = QUICK ? 64 * MiB : 256 * MiB
  const rows = []
  for (const mode of ['eol-edit', 'seed']) {
    const file = path.join(tmp, `big-${mode}.txt`)
    writeBigFile(file, size)
    const actual = fs.statSync(file).size
    let row
    try {
      if (mode === 'seed' && os.freemem() < 8 * actual + 2 * 1024 * MiB) throw new Error('skipped: not enough free memory')
      const r = child(mode, file)
      const ratio = r.peak / actual
      row = [mode === 'eol-edit' ? 'eol-edit `editFileSync` (`maxBytes: 0`)' : 'dskcode JS pipeline (a)', report.mib(actual), report.mib(r.before), report.mib(r.peak), `**${ratio.toFixed(2)}×**`, `${((r.peak - r.before) / actual).toFixed(2)}×`, report.ms(r.ms)]
      if (mode === 'eol-edit') {
        checks.rss = { ratio, delta: (r.peak - r.before) / actual, size: actual }
        bars.push({ group: `Peak RSS editing a ${label(size)} file: limit (2.5× size) / peak`, label: 'eol-edit editFileSync', value: 2.5 / ratio, target: 1, met: ratio <= 2.5 })
      } else {
        bars.push({ group: `Peak RSS editing a ${label(size)} file: limit (2.5× size) / peak`, label: 'dskcode JS pipeline (a)', value: 2.5 / ratio, target: null, met: null })
      }
      process.stderr.write(`  rss ${mode}: peak ${report.mib(r.peak)} for ${report.mib(actual)} (${ratio.toFixed(2)}×), ${report.ms(r.ms)} ms\n`)
    } catch (e) {
      const why = String(e.stderr || e.message).split('\n').find((l) => l.trim()) || 'failed'
      row = [mode === 'eol-edit' ? 'eol-edit `editFileSync`' : 'dskcode JS pipeline (a)', report.mib(actual), '–', '–', '–', '–', why.slice(0, 80)]
      if (mode === 'eol-edit') checks.rss = { ratio: Infinity, delta: Infinity, size: actual }
    }
    rows.push(row)
    fs.rmSync(file, { force: true })
  }
  sections.push({
    title: `Peak memory editing a ${label(size)} CRLF file`,
    note: 'One edit mid-file in a child process of its own; peak is the process\'s high-water RSS (`VmHWM`), "before" its RSS just before the edit (Node and the addon loaded).',
    header: ['who', 'file', 'RSS before', 'peak RSS', 'peak / file size', '(peak − before) / size', 'time (ms)'],
    rows,
  })
}

// ---------------------------------------------------------------- targets

function judge() {
  const editKeys = Object.keys(checks).filter((k) => k.startsWith('edit:'))
  if (editKeys.length) {
    const big = editKeys.filter((k) => Number(k.split(':')[1]) >= 256 * KiB)
    const small = editKeys.filter((k) => Number(k.split(':')[1]) < 256 * KiB)
    const minBig = Math.min(...big.map((k) => checks[k].speedup))
    const minSmall = Math.min(...small.map((k) => checks[k].speedup))
    targets.push({ name: '`editFileSync` ≥ 4× faster than pipeline (a) from 256 KiB up', met: minBig >= 4, detail: `lowest ${report.ratio(minBig)} (${big.map((k) => `${label(Number(k.split(':')[1]))} ${k.split(':')[2].toUpperCase()} ${report.ratio(checks[k].speedup)}`).join(', ')})` })
    const settledSmall = checks[`settled:${4 * KiB}`]
    targets.push({ name: '`editFileSync` never slower than (a) at 4 KiB', met: minSmall >= 1, detail: `lowest ${report.ratio(minSmall)} in the edit loop${settledSmall ? `; ${report.ratio(settledSmall.speedup)} on files untouched for > 2 s` : ''}` })
    const floorKeys = editKeys.filter((k) => Number(k.split(':')[1]) >= 4 * MiB)
    const worstFloor = Math.max(...floorKeys.map((k) => checks[k].overFloor))
    const settled = Object.keys(checks).filter((k) => k.startsWith('settled:'))
    const settledBig = settled.filter((k) => Number(k.split(':')[1]) >= 4 * MiB)
    const settledNote = settledBig.length ? `; files untouched for > 2 s: ${settledBig.map((k) => `${label(Number(k.split(':')[1]))} ${report.ratio(checks[k].overFloor)}`).join(', ')}` : ''
    const worstAtomic = Math.max(...floorKeys.map((k) => checks[k].overAtomic))
    targets.push({ name: '`editFileSync` within 1.5× of the I/O floor from 4 MiB up', met: worstFloor <= 1.5, detail: `worst ${report.ratio(worstFloor)} of the floor in the edit loop (${floorKeys.map((k) => `${label(Number(k.split(':')[1]))} ${k.split(':')[2].toUpperCase()} ${report.ratio(checks[k].overFloor)}`).join(', ')})${settledNote}; worst ${report.ratio(worstAtomic)} of the atomic-write floor (b′)` })
  }
  if (checks.multiEdit) {
    targets.push({ name: '`multiEdit` of 100 edits ≥ 20× faster than 100 JS edits', met: checks.multiEdit.speedup >= 20, detail: `${report.ratio(checks.multiEdit.speedup)} (and ${report.ratio(checks.multiEdit.loop)} faster than dskcode's one-read multi_edit loop)` })
  }
  const tl = Object.keys(checks).filter((k) => k.startsWith('toLf:'))
  if (tl.length) {
    const worst = tl.reduce((a, k) => (checks[k] < checks[a] ? k : a))
    const slower = tl.filter((k) => checks[k] < 1)
    targets.push({ name: '`toLf` never slower than the JS regex version', met: slower.length === 0, detail: `worst ${report.ratio(checks[worst])} (${label(Number(worst.split(':')[2]))} ${worst.split(':')[1].toUpperCase()})${slower.length ? `; slower at ${slower.map((k) => `${label(Number(k.split(':')[2]))} ${k.split(':')[1].toUpperCase()}`).join(', ')}` : ''}` })
  }
  if (checks.rss) {
    targets.push({ name: `Peak RSS editing a ${label(Math.round(checks.rss.size / MiB) * MiB)} file ≤ 2.5× its size`, met: checks.rss.ratio <= 2.5, detail: `${checks.rss.ratio.toFixed(2)}× (${checks.rss.delta.toFixed(2)}× above the RSS before the edit)` })
  }
}

// ---------------------------------------------------------------- main

async function main() {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'eol-edit-bench-'))
  const started = Date.now()
  const meta = {
    cpu: cpuModel(),
    cores: os.cpus().length,
    memory: `${Math.round(os.totalmem() / 1024 ** 3)} GiB RAM`,
    node: process.version,
    platform: `${process.platform}-${process.arch}`,
    addon: describeAddon(),
    date: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
    command: [
      QUICK ? 'BENCH_QUICK=1' : null,
      ONLY ? `BENCH_ONLY=${[...ONLY].join(',')}` : null,
      addonFile ? `EOL_EDIT_ADDON=${path.relative(process.cwd(), addonFile)}` : null,
      process.env.npm_lifecycle_event === 'bench' ? 'npm run bench' : `node ${path.relative(process.cwd(), __filename)}`,
    ]
      .filter(Boolean)
      .join(' '),
    tmp: os.tmpdir(),
    fs: fsType(tmp),
    quick: QUICK,
    loadStart: load(),
  }
  process.stderr.write(`eol-edit bench: ${meta.cpu}, ${meta.cores} cores, Node ${meta.node}, ${meta.fs}, addon ${meta.addon}\n`)
  try {
    if (wants('editSync')) await editSection(false)
    if (wants('editAsync')) await editSection(true)
    // Written after the edit loops, so their writeback does not slow those down, and
    // left to settle while the string sections (no file I/O) run.
    if (wants('settled')) prepareSettled()
    if (wants('toLf')) await toLfSection()
    if (wants('normalizeEol')) await normalizeEolSection()
    if (wants('applyEdits')) await applyEditsSection()
    if (wants('settled')) await settledSection()
    if (wants('multiEdit')) await multiEditSection()
    if (wants('rss')) await rssSection()
    if (wants('patch')) await require('./cases/patch').run({ eol, tmp, interleave, report, sections, bars, targets, QUICK })
    if (wants('notFound')) await require('./cases/not-found').notFoundSection({ eol, quick: QUICK, sections })
    if (wants('encoding')) await require('./cases/encoding').run({ eol, tmp, quick: QUICK, interleave, report, sections, targets })
    if (wants('appends')) await require('./cases/appends').run({ eol, tmp, sections })
    if (wants('tools')) await require('./cases/tools').run({ eol, tmp, sizes: EDIT_SIZES, plan, interleave, report, sections, bars, targets, checks })
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true })
  }
  meta.loadEnd = load()
  meta.busy = Math.max(...os.loadavg()) > meta.cores * 0.75 || Number(meta.loadStart.split(' ')[0]) > meta.cores * 0.75
  meta.seconds = Math.round((Date.now() - started) / 1000)
  judge()
  const run = { meta, sections, bars, targets }
  const md = report.markdown(run) + `\nThe run took ${meta.seconds} s.\n`
  const outDir = process.env.BENCH_OUT || (QUICK || ONLY ? path.join(__dirname, '.work', 'results') : path.join(__dirname, 'results'))
  fs.mkdirSync(outDir, { recursive: true })
  fs.writeFileSync(path.join(outDir, 'latest.md'), md)
  fs.writeFileSync(path.join(outDir, 'latest.svg'), report.svg(run))
  fs.writeFileSync(path.join(outDir, 'latest.json'), JSON.stringify({ meta, checks, sections }, null, 2) + '\n')
  process.stdout.write(md)
  process.stderr.write(`written to ${path.relative(process.cwd(), outDir)}/latest.md and latest.svg\n`)
}

main().catch((e) => {
  process.stderr.write(`${e.stack || e}\n`)
  process.exit(1)
})
