#!/usr/bin/env node
'use strict'
// `npm run pack`: packs eol-edit and the binary package for this platform into two
// tarballs that install together into any project, before anything is published:
//
//   npm run build && npm run pack            tarballs in ./dist
//   npm install ./dist/eol-edit-0.1.0.tgz ./dist/eol-edit-linux-x64-gnu-0.1.0.tgz
//
// Options: --out DIR (default dist), --binary FILE (a .node built elsewhere, e.g. by
// scripts/cross/build.sh) with --platform NAME (its platform, e.g. win32-x64-msvc),
// --json (print the tarballs as JSON). Every package gets the LICENSE file.
const { execFileSync } = require('node:child_process')
const fs = require('node:fs')
const os = require('node:os')
const path = require('node:path')
const { parseArgs } = require('node:util')

const { platformName } = require('../lib/platform.js')

const repo = path.resolve(__dirname, '..')
const { values } = parseArgs({
  options: {
    out: { type: 'string', default: path.join(repo, 'dist') },
    binary: { type: 'string' },
    platform: { type: 'string' },
    json: { type: 'boolean', default: false },
  },
})

function fail(message) {
  process.stderr.write(`pack: ${message}\n`)
  process.exit(1)
}

const platform = values.platform ?? platformName()
const folder = path.join(repo, 'npm', platform)
if (!fs.existsSync(path.join(folder, 'package.json'))) {
  fail(`no package for the platform ${platform} (npm/${platform}); give --platform with one of: ${fs.readdirSync(path.join(repo, 'npm')).join(', ')}.`)
}
const binaryName = `eol-edit.${platform}.node`
const binary = path.resolve(values.binary ?? path.join(repo, binaryName))
if (!fs.existsSync(binary)) fail(`no binary at ${binary}: run \`npm run build\` first, or give --binary.`)

const out = path.resolve(values.out)
fs.mkdirSync(out, { recursive: true })

function npmPack(dir) {
  // npm.cmd on Windows is a batch file: it needs a shell.
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'
  const json = execFileSync(npm, ['pack', '--json', '--ignore-scripts', '--pack-destination', out], {
    cwd: dir,
    encoding: 'utf8',
    shell: process.platform === 'win32',
  })
  const [info] = JSON.parse(json)
  return { tarball: path.join(out, info.filename), files: info.files.map((f) => f.path).sort() }
}

// The binary package is packed from a copy, so npm/ never holds a binary.
const staging = fs.mkdtempSync(path.join(os.tmpdir(), 'eol-edit-pack-'))
try {
  fs.cpSync(folder, staging, { recursive: true })
  fs.copyFileSync(binary, path.join(staging, binaryName))
  fs.copyFileSync(path.join(repo, 'LICENSE'), path.join(staging, 'LICENSE'))
  const binaryPackage = npmPack(staging)
  const mainPackage = npmPack(repo)
  if (values.json) {
    process.stdout.write(`${JSON.stringify({ platform, main: mainPackage, binary: binaryPackage }, null, 2)}\n`)
  } else {
    const rel = (p) => path.relative(process.cwd(), p) || p
    process.stdout.write(
      `${rel(mainPackage.tarball)}\n${rel(binaryPackage.tarball)}\n\n` +
        `Install both into a project:\n  npm install ${rel(mainPackage.tarball)} ${rel(binaryPackage.tarball)}\n`,
    )
  }
} finally {
  fs.rmSync(staging, { recursive: true, force: true })
}
