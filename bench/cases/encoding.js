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
  // Each file starts with its own line: no two have the same bytes, so no edit can use
  // the decoded text another file's edit left (see docs/encodings.md).
  const own = (name) => `// ${name}\r\n${text}`
  const files = {
    utf8: { path: path.join(tmp, 'enc-utf8.ts'), bytes: Buffer.from(own('utf8')) },
    gbk: { path: path.join(tmp, 'enc-gbk.ts'), bytes: iconv.encode(own('gbk'), 'gbk'), options: { encoding: 'gbk' } },
    detected: { path: path.join(tmp, 'enc-gbk-detected.ts'), bytes: iconv.encode(own('detected'), 'gbk') },
    utf8Changed: { path: path.join(tmp, 'enc-utf8-changed.ts'), bytes: Buffer.from(own('utf8Changed')) },
    gbkChanged: {
      path: path.join(tmp, 'enc-gbk-changed.ts'),
      bytes: iconv.encode(own('gbkChanged'), 'gbk'),
      options: { encoding: 'gbk' },
    },
  }
  const state = {}
  for (const [name, f] of Object.entries(files)) {
    fs.writeFileSync(f.path, f.bytes)
    state[name] = 0
  }
  const edit = (who) => () => {
    const from = state[who]
    state[who] ^= 1
    eol.editFileSync(files[who].path, target(from), target(from ^ 1), files[who].options)
  }
  // Another program changes the file's first line before the edit (untimed), so the
  // edit decodes the whole file afresh; then 20 ms pass, as between an agent's calls
  // (a change within a few milliseconds would also make the edit hash the file twice).
  let round = 0
  const changeOutside = (who) => () => {
    const f = files[who]
    const first = Buffer.from(`// ${who} ${round++}\r\n`)
    const bytes = fs.readFileSync(f.path)
    const lineEnd = bytes.indexOf(10) + 1
    fs.writeFileSync(f.path, Buffer.concat([first, bytes.subarray(lineEnd)]))
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20)
  }
  const r = await interleave(
    [
      { name: 'utf8', run: edit('utf8') },
      { name: 'gbk', run: edit('gbk') },
      { name: 'detected', run: edit('detected') },
      { name: 'utf8Changed', prepare: changeOutside('utf8Changed'), run: edit('utf8Changed') },
      { name: 'gbkChanged', prepare: changeOutside('gbkChanged'), run: edit('gbkChanged') },
    ],
    { warmup: 2, minRounds: quick ? 5 : 15, maxRounds: 200, budgetMs: quick ? 1500 : 8000, collect: true },
  )
  const check = eol.readFileSync(files.detected.path, { limit: 1 })
  if (check.encoding !== 'gbk') throw new Error(`the GBK file was read as ${check.encoding}`)
  const ratio = r.gbk.median / r.utf8.median
  const detectedRatio = r.detected.median / r.utf8.median
  const changedRatio = r.gbkChanged.median / r.utf8Changed.median
  const mib = (file) => (fs.statSync(file).size / MiB).toFixed(2)
  sections.push({
    title: '`editFileSync` on a 4 MiB GBK file and its UTF-8 twin',
    note: `One edit mid-file (a three-line function with a Chinese comment, flipped between two states) in code with Chinese comments: ${mib(files.gbk.path)} MiB in GBK, ${mib(files.utf8.path)} MiB as UTF-8. "Edited again" is an agent's usual sequence: each edit follows the last one (or a read) of the same file, whose decoded text it takes over instead of decoding the file again. "Changed outside" has another program change the file's first line before each edit (untimed, 20 ms earlier), so the GBK edit decodes all 4 MiB. "declared" passes \`encoding: 'gbk'\`; "detected" passes nothing: every call looks for settings files and checks the guess on the whole file, and the detector's guess is remembered by the bytes it read.`,
    header: ['', 'UTF-8 twin', 'GBK, declared', 'GBK, detected', 'declared / UTF-8', 'detected / UTF-8', 'rounds'],
    rows: [
      ['edited again', report.cell(r.utf8), report.cell(r.gbk), report.cell(r.detected), `**${report.ratio(ratio)}**`, report.ratio(detectedRatio), r.utf8.n],
      ['changed outside', report.cell(r.utf8Changed), report.cell(r.gbkChanged), '', `**${report.ratio(changedRatio)}**`, '', r.utf8Changed.n],
    ],
  })
  targets.push({
    name: 'An edit of a 4 MiB GBK file costs at most 2× the same edit in UTF-8',
    met: ratio <= 2 && detectedRatio <= 2 && changedRatio <= 2,
    detail: `edited again: declared ${report.ratio(ratio)}, detected ${report.ratio(detectedRatio)} (UTF-8 ${report.ms(r.utf8.median)} ms, GBK ${report.ms(r.gbk.median)} / ${report.ms(r.detected.median)} ms); changed outside, decoded afresh: ${report.ratio(changedRatio)} (${report.ms(r.utf8Changed.median)} / ${report.ms(r.gbkChanged.median)} ms)`,
  })
  process.stderr.write(
    `  encoding: utf8 ${report.ms(r.utf8.median)} ms, gbk ${report.ms(r.gbk.median)} ms, detected ${report.ms(r.detected.median)} ms; changed outside: utf8 ${report.ms(r.utf8Changed.median)} ms, gbk ${report.ms(r.gbkChanged.median)} ms\n`,
  )
}

module.exports = { run }
