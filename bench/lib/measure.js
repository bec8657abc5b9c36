'use strict'
// Interleaved timing: every round runs each candidate once, in order (A B C A B C
// ...), so drift in the machine (other processes, page cache, thermal state) hits
// all of them alike. Warm-up rounds are run first and thrown away.

const v8 = require('node:v8')
const vm = require('node:vm')

// A gc() without needing `node --expose-gc`: run outside the timed region between
// samples of large inputs, so one candidate's garbage is not collected on another's
// clock.
v8.setFlagsFromString('--expose-gc')
const gc = vm.runInNewContext('gc')

function median(xs) {
  const s = [...xs].sort((a, b) => a - b)
  const m = s.length >> 1
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2
}

function stats(samples) {
  return {
    n: samples.length,
    median: median(samples),
    min: Math.min(...samples),
    max: Math.max(...samples),
  }
}

/**
 * Runs `candidates` (`{ name, run, prepare? }`; `run` may return a Promise, which is
 * awaited inside the timed region; `prepare` runs untimed before each sample) for
 * `warmup` rounds, then for at least `minRounds` and at most `maxRounds` rounds,
 * stopping after `budgetMs` of wall time once `minRounds` are done. Returns, per
 * candidate name, `{ n, median, min, max }` in milliseconds.
 */
async function interleave(candidates, { warmup = 2, minRounds = 5, maxRounds = 1000, budgetMs = 2000, collect = false } = {}) {
  const samples = candidates.map(() => [])
  const once = async (c) => {
    if (c.prepare) await c.prepare()
    if (collect) gc()
    const t0 = process.hrtime.bigint()
    const out = c.run()
    if (out && typeof out.then === 'function') await out
    return Number(process.hrtime.bigint() - t0) / 1e6
  }
  for (let w = 0; w < warmup; w++) {
    for (const c of candidates) await once(c)
  }
  const started = Date.now()
  for (let round = 0; round < maxRounds; round++) {
    if (round >= minRounds && Date.now() - started > budgetMs) break
    for (let i = 0; i < candidates.length; i++) samples[i].push(await once(candidates[i]))
  }
  const out = {}
  candidates.forEach((c, i) => {
    out[c.name] = stats(samples[i])
  })
  return out
}

module.exports = { interleave, median, stats, gc }
