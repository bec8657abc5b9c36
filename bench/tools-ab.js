'use strict'
// The agent tools' `edit_file` of two checkouts side by side against the library call
// it makes: `node bench/tools-ab.js <other checkout> [rounds at 4 KiB]` (default 4000;
// a fifth of that at 256 KiB, a fiftieth at 4 MiB). Each round runs `editFileSync` and
// the `edit_file` call of each checkout's tools (`createTools({ root })`, and with
// `requireRead: true` after one `read_file`), in an order shuffled each round, each on
// its own copy of one CRLF file, each edit flipping its file between two states; it
// prints each one's median and its ratio to `editFileSync`'s. Both checkouts load
// their own copy of the addon, so build both from the same commit (or copy one's).
// `--approve` gives both tool sets an `approve` that says yes at once: the call then
// shows the change before writing it (a host's approval prompt), and what it costs
// over the library call is the approval path's.

const fs = require('node:fs')
const os = require('node:os')
const path = require('node:path')

const { makeText, rng, target } = require('./lib/gen')
const { median } = require('./lib/measure')

const KiB = 1024
const MiB = 1024 * KiB

async function main() {
  const args = process.argv.slice(2)
  const approving = args.includes('--approve')
  const [other, given] = args.filter((a) => a !== '--approve')
  if (!other) throw new Error('usage: node bench/tools-ab.js <other checkout> [rounds at 4 KiB] [--approve]')
  const approve = approving ? { approve: () => true } : {}
  const rounds4k = Number(given || 4000)
  const sets = { base: require(path.resolve(other, 'tools.js')), this: require('../tools.js') }
  const eol = require('../index.js')
  const sizes = [
    [4 * KiB, rounds4k],
    [256 * KiB, Math.max(20, Math.round(rounds4k / 5))],
    [4 * MiB, Math.max(10, Math.round(rounds4k / 50))],
  ]
  for (const [size, rounds] of sizes) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eol-tools-ab-'))
    const text = makeText(size, 'crlf', [target('benchTarget', 0)], 1)
    const state = {}
    const candidates = []
    const file = (who) => {
      fs.writeFileSync(path.join(dir, `${who}.ts`), text)
      state[who] = 0
      return `${who}.ts`
    }
    const flip = (who) => {
      const from = state[who]
      state[who] ^= 1
      return [target('benchTarget', from), target('benchTarget', from ^ 1)]
    }
    const options = { root: dir, cwd: dir, maxBytes: 0 }
    const sync = file('sync')
    candidates.push({ name: 'sync', run: () => { const [o, n] = flip('sync'); eol.editFileSync(sync, o, n, options) } })
    for (const [name, { createTools }] of Object.entries(sets)) {
      for (const requireRead of [false, true]) {
        const who = `${name}${requireRead ? 'Read' : ''}`
        const p = file(who)
        const tools = createTools({ root: dir, maxBytes: 0, requireRead, ...approve })
        if (requireRead) {
          const read = await tools.read_file.execute({ path: p, limit: 1 })
          if (!read.success) throw new Error(read.data)
        }
        candidates.push({
          name: who,
          run: async () => {
            const [o, n] = flip(who)
            const r = await tools.edit_file.execute({ path: p, old_text: o, new_text: n })
            if (!r.success) throw new Error(`${who}: ${r.error}: ${r.data}`)
          },
        })
      }
    }
    const r = await shuffled(candidates, rounds)
    const label = size >= MiB ? `${size / MiB} MiB` : `${size / KiB} KiB`
    const ratio = (who) => (r[who].median / r.sync.median).toFixed(3)
    const us = (who) => (r[who].median * 1000).toFixed(1)
    console.log(
      `${label} (${rounds} rounds${approving ? ', approve' : ''}): editFileSync ${us('sync')} µs | base ${us('base')} µs ${ratio('base')}×, requireRead ${us('baseRead')} µs ${ratio('baseRead')}× | this ${us('this')} µs ${ratio('this')}×, requireRead ${us('thisRead')} µs ${ratio('thisRead')}×`,
    )
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

/**
 * Runs every candidate once a round, in an order shuffled each round, so that none
 * always follows the same one (the call after an edit pays for some of its clean-up);
 * 20 rounds of warm-up first. The median of each, in milliseconds.
 */
async function shuffled(candidates, rounds) {
  const random = rng(20261201)
  const samples = candidates.map(() => [])
  const order = candidates.map((_, i) => i)
  for (let round = -20; round < rounds; round++) {
    for (let k = order.length - 1; k > 0; k--) {
      const j = Math.floor(random() * (k + 1))
      ;[order[k], order[j]] = [order[j], order[k]]
    }
    for (const i of order) {
      const t0 = process.hrtime.bigint()
      await candidates[i].run()
      const ms = Number(process.hrtime.bigint() - t0) / 1e6
      if (round >= 0) samples[i].push(ms)
    }
  }
  const out = {}
  candidates.forEach((c, i) => {
    out[c.name] = { median: median(samples[i]) }
  })
  return out
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
