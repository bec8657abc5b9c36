'use strict'
// `BENCH_ONLY=tools`: the agent tools' `edit_file`, as a host calls it
// (`await tools.edit_file.execute(args)`), against the library call it makes. A host
// sees the whole call: reading the model's arguments, the tool set's stale-read and
// per-file bookkeeping, the core's edit, and the text the model reads back. The target
// is that all the JavaScript around the edit costs at most a tenth of the edit itself.
//
// Candidates, interleaved, each on its own copy of one CRLF file, each edit flipping
// the file between two states (so every call writes):
// - `sync`: `editFileSync(path, old, new, { root, cwd })`, the tool's options;
// - `async`: `await editFile(...)` with the same options, in a loop of its own against
//   `sync` (the call after one that went to the thread pool pays for its wake-ups);
// - `tool`: `edit_file` of `createTools({ root })`;
// - `toolRead`: `edit_file` of `createTools({ root, requireRead: true })`, the file
//   read once with its `read_file` first: each edit then checks the version that set
//   last saw (read or wrote), as an agent's loop of read-then-edits does.

const fs = require('node:fs')
const path = require('node:path')

const { makeText, target } = require('../lib/gen')

const KiB = 1024
const MiB = 1024 * KiB

const label = (n) => (n >= MiB ? `${n / MiB} MiB` : `${n / KiB} KiB`)

/**
 * @param {object} ctx
 * @param {object} ctx.eol the addon
 * @param {string} ctx.tmp a scratch folder
 * @param {number[]} ctx.sizes the sizes of the edit loops
 * @param {(size: number) => object} ctx.plan rounds per size
 */
async function run({ eol, tmp, sizes, plan, interleave, report, sections, bars, targets, checks }) {
  const { createTools } = require('../../tools.js')
  const rows = []
  for (const size of sizes) {
    const dir = fs.mkdtempSync(path.join(tmp, `tools-${label(size).replace(' ', '')}-`))
    const text = makeText(size, 'crlf', [target('benchTarget', 0)], 1)
    const names = ['sync', 'async', 'tool', 'toolRead']
    const files = {}
    const state = {}
    for (const who of names) {
      files[who] = `${who}.ts`
      fs.writeFileSync(path.join(dir, files[who]), text)
      state[who] = 0
    }
    const flip = (who) => {
      const from = state[who]
      state[who] ^= 1
      return [target('benchTarget', from), target('benchTarget', from ^ 1)]
    }
    const options = { root: dir, cwd: dir, maxBytes: 0 }
    const tools = createTools({ root: dir, maxBytes: 0 })
    const guarded = createTools({ root: dir, maxBytes: 0, requireRead: true })
    const read = await guarded.read_file.execute({ path: files.toolRead, limit: 1 })
    if (!read.success) throw new Error(`tools bench: read_file failed: ${read.data}`)
    const viaTool = (set, who) => async () => {
      const [o, n] = flip(who)
      const r = await set.edit_file.execute({ path: files[who], old_text: o, new_text: n })
      if (!r.success) throw new Error(`tools bench: edit_file ${who} ${label(size)} failed: ${r.error}: ${r.data}`)
    }
    const sync = { name: 'sync', run: () => { const [o, n] = flip('sync'); eol.editFileSync(files.sync, o, n, options) } }
    // The Promise form is timed apart: whatever runs right after a call that went to
    // the thread pool pays for the pool's wake-ups (about 0.05 ms here), which would be
    // charged to the next candidate.
    const r = await interleave([sync, { name: 'tool', run: viaTool(tools, 'tool') }, { name: 'toolRead', run: viaTool(guarded, 'toolRead') }], plan(size))
    const p = await interleave([sync, { name: 'async', run: () => { const [o, n] = flip('async'); return eol.editFile(files.async, o, n, options) } }], plan(size))
    r.async = p.async
    r.syncBeside = p.sync
    const over = r.tool.median / r.sync.median
    const overRead = r.toolRead.median / r.sync.median
    checks[`tools:${size}`] = { over, overRead, asyncOverSync: r.async.median / r.syncBeside.median }
    rows.push([
      label(size),
      report.cell(r.sync),
      report.cell(r.async),
      report.cell(r.tool),
      report.cell(r.toolRead),
      `**${report.ratio(over)}**`,
      `**${report.ratio(overRead)}**`,
      report.ratio(r.async.median / r.syncBeside.median),
      r.tool.n,
    ])
    bars.push({ group: 'edit_file tool call: editFileSync time / tool time (target ≥ 1/1.1)', label: `${label(size)} CRLF`, value: 1 / over, target: 1 / 1.1, met: over <= 1.1 })
    bars.push({ group: 'edit_file tool call: editFileSync time / tool time (target ≥ 1/1.1)', label: `${label(size)} CRLF, requireRead`, value: 1 / overRead, target: 1 / 1.1, met: overRead <= 1.1 })
    process.stderr.write(
      `  tools ${label(size)}: editFileSync ${report.ms(r.sync.median)} ms, editFile ${report.ms(r.async.median)} ms, edit_file ${report.ms(r.tool.median)} ms, with requireRead ${report.ms(r.toolRead.median)} ms\n`,
    )
    fs.rmSync(dir, { recursive: true, force: true })
  }
  const keys = Object.keys(checks).filter((k) => k.startsWith('tools:'))
  const worst = Math.max(...keys.flatMap((k) => [checks[k].over, checks[k].overRead]))
  targets.push({
    name: 'The `edit_file` tool call within 1.1× `editFileSync` at every size',
    met: worst <= 1.1,
    detail: `worst ${report.ratio(worst)} (${keys.map((k) => `${label(Number(k.split(':')[1]))} ${report.ratio(checks[k].over)} / ${report.ratio(checks[k].overRead)} with requireRead`).join(', ')})`,
  })
  sections.push({
    title: '`edit_file` of the agent tools: one edit mid-file in a CRLF file',
    note: '`await tools.edit_file.execute({ path, old_text, new_text })` of `createTools({ root })`, and of `createTools({ root, requireRead: true })` after one `read_file` of the file (each edit then checks the version the tool set last saw), against the library call it makes, `editFileSync` (the tools run a call on files of up to 1 MiB on the calling thread, larger ones on the thread pool), with the same `root` and `cwd`. The tool call includes reading the arguments, the tool set\'s stale-read and per-file bookkeeping, and the text the model reads back (summary and diff). `await editFile` is timed in a loop of its own against `editFileSync` (its last column): what runs right after a call that went to the thread pool pays for the pool\'s wake-ups.',
    header: ['size', '`editFileSync`', '`await editFile`', '`edit_file`', '`edit_file`, requireRead', 'edit_file / editFileSync', 'requireRead / editFileSync', 'editFile / editFileSync', 'rounds'],
    rows,
  })
}

module.exports = { run }
