'use strict'
// Legacy encodings: one edit mid-file in a 4 MiB GBK file against the same edit in its
// UTF-8 twin (the same text). The GBK file is decoded for the edit (declared with the
// `encoding` option, or detected from the bytes), matched in the decoded text, and
// written back with every untouched range copied from its raw bytes.
//
// Run alone: BENCH_ONLY=encoding npm run bench

const fs = require('node:fs')
const path = require('node:path')

const MiB = 1024 * 1024

/** The two states of the edited function; the edit flips between them. */
function target(state) {
  return `function benchTarget(a, b) {\r\n    // 返回${state ? '一' : '零'}：编辑的目标\r\n    return ${state};\r\n}\r\n`
}

/** About `size` bytes of GBK: code with Chinese comments, the target in the middle. */
function makeText(size, iconv) {
  const block = (i) =>
    `// 第${i}个函数：计算两个数的和，并检查结果是否溢出\r\n` +
    `function add${i}(a, b) {\r\n    const sum = a + b; // 求和\r\n    return sum;\r\n}\r\n\r\n`
  const parts = []
  let bytes = 0
  for (let i = 0; bytes < size; i++) {
    if (bytes >= size / 2 && !parts.includes(target(0))) parts.push(target(0))
    const b = block(i)
    parts.push(b)
    bytes += iconv.encode(b, 'gbk').length
  }
  return parts.join('')
}

async function run({ eol, tmp, quick, interleave, report, sections, targets }) {
  const iconv = require('iconv-lite')
  const size = 4 * MiB
  const text = makeText(size, iconv)
  const files = {
    utf8: path.join(tmp, 'enc-utf8.ts'),
    gbk: path.join(tmp, 'enc-gbk.ts'),
    detected: path.join(tmp, 'enc-gbk-detected.ts'),
  }
  fs.writeFileSync(files.utf8, text)
  fs.writeFileSync(files.gbk, iconv.encode(text, 'gbk'))
  fs.writeFileSync(files.detected, iconv.encode(text, 'gbk'))
  const state = { utf8: 0, gbk: 0, detected: 0 }
  const edit = (who, options) => () => {
    const from = state[who]
    state[who] ^= 1
    eol.editFileSync(files[who], target(from), target(from ^ 1), options)
  }
  const r = await interleave(
    [
      { name: 'utf8', run: edit('utf8') },
      { name: 'gbk', run: edit('gbk', { encoding: 'gbk' }) },
      { name: 'detected', run: edit('detected') },
    ],
    { warmup: 2, minRounds: quick ? 5 : 15, maxRounds: 200, budgetMs: quick ? 1500 : 6000, collect: true },
  )
  const check = eol.readFileSync(files.detected, { limit: 0 })
  if (check.encoding !== 'gbk') throw new Error(`the GBK file was read as ${check.encoding}`)
  const ratio = r.gbk.median / r.utf8.median
  const detectedRatio = r.detected.median / r.utf8.median
  const mib = (file) => (fs.statSync(file).size / MiB).toFixed(2)
  sections.push({
    title: '`editFileSync` on a 4 MiB GBK file and its UTF-8 twin',
    note: `One edit mid-file (a three-line function with a Chinese comment, flipped between two states) in code with Chinese comments: ${mib(files.gbk)} MiB in GBK, ${mib(files.utf8)} MiB as UTF-8. "GBK, declared" passes \`encoding: 'gbk'\`; "GBK, detected" passes nothing: every call looks for settings files and checks the guess on the whole file, and the detector itself runs on the first call only (its guess is remembered by the bytes it read, which an edit mid-file does not change).`,
    header: ['UTF-8 twin', 'GBK, declared', 'GBK, detected', 'declared / UTF-8', 'detected / UTF-8', 'rounds'],
    rows: [[report.cell(r.utf8), report.cell(r.gbk), report.cell(r.detected), `**${report.ratio(ratio)}**`, report.ratio(detectedRatio), r.utf8.n]],
  })
  targets.push({
    name: 'An edit of a 4 MiB GBK file costs at most 2× the same edit in UTF-8',
    met: ratio <= 2 && detectedRatio <= 2,
    detail: `declared ${report.ratio(ratio)}, detected ${report.ratio(detectedRatio)} (UTF-8 ${report.ms(r.utf8.median)} ms, GBK ${report.ms(r.gbk.median)} / ${report.ms(r.detected.median)} ms)`,
  })
  process.stderr.write(`  encoding: utf8 ${report.ms(r.utf8.median)} ms, gbk ${report.ms(r.gbk.median)} ms, detected ${report.ms(r.detected.median)} ms\n`)
}

module.exports = { run }
