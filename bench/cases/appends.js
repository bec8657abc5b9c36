'use strict'
// `BENCH_ONLY=appends`: what another program's appends meet while eol-edit edits the
// same file in a loop, measured rather than promised. An edit replaces the file by a
// rename, so
// - an append (`>>`: open, write, close) that lands after the race check and before
//   the rename is lost without FILE_CHANGED (any earlier one makes the edit fail with
//   FILE_CHANGED, and the edit is retried here as an agent would);
// - a writer that keeps the file open writes, after the first rename, to the file
//   that was replaced: everything it writes from then on is lost.
// The window itself (race check to rename) is quoted in docs/guarantees.md from strace.
const fs = require('node:fs')
const path = require('node:path')
const { spawn } = require('node:child_process')

const SECONDS = Number(process.env.BENCH_APPEND_SECONDS) || 5

/** A child that appends numbered lines to `file` until killed: `>>` each time, or one open handle. */
const writer = (file, keepOpen) => `
const fs = require('node:fs')
let i = 0
const fd = ${keepOpen} ? fs.openSync(${JSON.stringify(file)}, 'a') : null
process.stdout.write('go\\n')
// Appends in bursts, and says how many it wrote when asked to stop.
const burst = () => {
  for (let n = 0; n < 200; n++) {
    const line = 'appended ' + i++ + '\\r\\n'
    if (fd === null) fs.appendFileSync(${JSON.stringify(file)}, line)
    else fs.writeSync(fd, line)
  }
  setImmediate(burst)
}
process.on('SIGTERM', () => {
  process.stdout.write(String(i) + '\\n')
  process.exit(0)
})
burst()`

async function run({ eol, tmp, sections }) {
  const rows = []
  for (const keepOpen of [false, true]) {
    const file = path.join(tmp, `appends-${keepOpen}.txt`)
    fs.writeFileSync(file, 'counter 0\r\n')
    const child = spawn(process.execPath, ['-e', writer(file, keepOpen)], { stdio: ['ignore', 'pipe', 'inherit'] })
    await new Promise((resolve) => child.stdout.once('data', resolve))
    let edits = 0
    let changed = 0
    const until = Date.now() + SECONDS * 1000
    while (Date.now() < until) {
      try {
        const text = eol.readFileSync(file).content
        const n = Number(/counter (\d+)/.exec(text)[1])
        eol.editFileSync(file, `counter ${n}`, `counter ${n + 1}`)
        edits++
      } catch (e) {
        if (e.code !== 'FILE_CHANGED') throw e
        changed++
      }
    }
    let said = ''
    child.stdout.on('data', (d) => (said += d))
    await new Promise((resolve) => {
      child.once('exit', resolve)
      child.kill('SIGTERM')
    })
    const written = Number(said.trim().split('\n').pop())
    const text = fs.readFileSync(file, 'latin1')
    const seen = new Set(text.match(/appended \d+/g) ?? [])
    const lost = written - seen.size
    rows.push([
      keepOpen ? 'one open handle' : '`>>` per line',
      String(edits),
      String(changed),
      String(written),
      `${lost} (${((100 * lost) / Math.max(1, written)).toFixed(2)}%)`,
    ])
    process.stderr.write(`  appends ${keepOpen ? 'open' : '>>'}: ${edits} edits, ${changed} FILE_CHANGED, ${lost}/${written} appends lost\n`)
  }
  sections.push({
    title: `An appender racing ${SECONDS} s of edits of the same file`,
    note: 'Lost counts appended lines missing from the final file. With `>>`, an append after the race check and before the rename is lost; one that comes earlier makes the edit fail with FILE_CHANGED. A writer that keeps the file open writes to the replaced file after the first edit.',
    header: ['appender', 'edits', 'FILE_CHANGED', 'lines appended', 'lost'],
    rows,
  })
}

module.exports = { run }
