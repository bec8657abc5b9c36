// The package as a user gets it: `npm run pack` (scripts/pack.js) packs the main
// package and this platform's binary package, both tarballs go into a fresh project,
// and they are used from strict TypeScript (CommonJS and ESM) and from plain ESM.
//
// Nothing here reads the repository's `index.js` directly: the consumer only
// sees what the tarballs contain, so a file missing from `files`, a loader
// that cannot find the platform package, or declarations that do not compile
// under `--strict` fail this test.

import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { underQemu } from './support/platform'

const repo = resolve(__dirname, '..')
const tsc = join(repo, 'node_modules', 'typescript', 'bin', 'tsc')
const typeRoots = join(repo, 'node_modules', '@types')

interface Packed {
  tarball: string
  files: string[]
}

/** The environment for child processes: no override that would bypass the installed packages. */
function childEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env }
  delete env.NAPI_RS_NATIVE_LIBRARY_PATH
  delete env.NODE_OPTIONS
  // npm must not treat the consumer as part of the repository's workspace.
  delete env.npm_config_prefix
  delete env.INIT_CWD
  return env
}

function run(command: string, args: string[], cwd: string): string {
  try {
    return execFileSync(command, args, {
      cwd,
      env: childEnv(),
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: 120_000,
    })
  } catch (error) {
    const e = error as { stdout?: string; stderr?: string; message: string }
    throw new Error(
      `\`${command} ${args.join(' ')}\` failed in ${cwd}:\n${e.message}\n--- stdout\n${e.stdout ?? ''}\n--- stderr\n${e.stderr ?? ''}`,
    )
  }
}

function npm(args: string[], cwd: string): string {
  return run(process.platform === 'win32' ? 'npm.cmd' : 'npm', args, cwd)
}

/**
 * How the tarballs are installed. The platform is named, so the npm of an x64 host
 * installs the arm64 package when this suite runs on arm64 Node under qemu.
 */
const INSTALL_FLAGS = [
  '--offline',
  '--no-audit',
  '--no-fund',
  '--ignore-scripts',
  `--os=${process.platform}`,
  `--cpu=${process.arch}`,
  // Under qemu npm is the host's (x64), which refuses an arm64 package it is handed.
  ...(underQemu ? ['--force'] : []),
]

/**
 * The Node that runs tsc: type-checking gives the same result on every platform, and
 * under qemu the host's Node (EOL_EDIT_HOST_NODE, set by scripts/cross/test-arm64.sh)
 * does it in seconds instead of minutes. What tsc emits runs on `process.execPath`.
 */
const tscNode = process.env.EOL_EDIT_HOST_NODE || process.execPath

/** `npm run pack` as the README documents it: both tarballs, into `out`. */
function packBoth(out: string): { platform: string; main: Packed; binary: Packed } {
  const json = run(process.execPath, [join(repo, 'scripts', 'pack.js'), '--out', out, '--json'], repo)
  return JSON.parse(json)
}

// npm and tsc are slow on a loaded 2-core machine: give each check room.
describe('the packed package', { timeout: 120_000 }, () => {
  let work = ''
  let app = ''
  let platform = ''
  let main: Packed
  let binary: Packed

  beforeAll(() => {
    work = mkdtempSync(join(tmpdir(), 'eol-edit-pack-'))
    const tarballs = join(work, 'tarballs')
    ;({ platform, main, binary } = packBoth(tarballs))

    app = join(work, 'app')
    mkdirSync(app)
    npm(['init', '-y'], app)
    npm(['install', ...INSTALL_FLAGS, binary.tarball, main.tarball], app)
  }, 180_000)

  afterAll(() => {
    if (work && !process.env.EOL_EDIT_KEEP_PACK) rmSync(work, { recursive: true, force: true })
  })

  it('packs the loader and its declarations, and no binary or source, into the main package', () => {
    expect(main.files).toContain('index.js')
    expect(main.files).toContain('index.d.ts')
    expect(main.files).toContain('package.json')
    for (const optional of ['tools.js', 'tools.d.ts']) {
      if (existsSync(join(repo, optional))) expect(main.files).toContain(optional)
    }
    const unwanted = main.files.filter((f) => /\.node$|^src\/|^target\/|^__test__\/|^npm\/|\.rs$/.test(f))
    expect(unwanted).toEqual([])
  })

  it('packs the binary into the platform package, and a LICENSE into both', () => {
    expect(binary.files).toEqual([`eol-edit.${platform}.node`, 'LICENSE', 'README.md', 'package.json'].sort())
    expect(main.files).toContain('LICENSE')
  })

  it('without the platform package, says which package is missing and how to install it', () => {
    const bare = join(work, 'bare')
    mkdirSync(bare)
    npm(['init', '-y'], bare)
    npm(['install', ...INSTALL_FLAGS, main.tarball], bare)
    for (const entry of ['eol-edit', 'eol-edit/tools']) {
      const out = run(
        process.execPath,
        ['-e', `try { require('${entry}'); console.log('loaded') } catch (e) { console.log(JSON.stringify({ code: e.code, message: e.message })) }`],
        bare,
      )
      const seen = JSON.parse(out) as { code: string; message: string }
      expect(seen.code).toBe('BINARY_MISSING')
      expect(seen.message).toContain(`eol-edit-${platform}@`)
      expect(seen.message).toContain(`npm install eol-edit-${platform}@`)
      expect(seen.message).not.toContain('wasm32-wasi')
    }
  })

  it('loads the binary from the installed platform package', () => {
    const out = run(
      process.execPath,
      [
        '-e',
        `const m = require('eol-edit');
         const fs = require('fs'), path = require('path');
         const dir = path.dirname(require.resolve('eol-edit/package.json'));
         console.log(JSON.stringify({
           target: m.__napiBindingTarget,
           strayBinary: fs.readdirSync(dir).some((f) => f.endsWith('.node')),
           platformPackage: require.resolve('eol-edit-${platform}'),
         }));`,
      ],
      app,
    )
    const seen = JSON.parse(out) as { target: string; strayBinary: boolean; platformPackage: string }
    expect(seen.target).toBe('native')
    expect(seen.strayBinary).toBe(false)
    expect(seen.platformPackage).toContain(join('node_modules', `eol-edit-${platform}`))
  })

  it('type-checks and runs a strict TypeScript consumer in CommonJS and ESM', () => {
    // The same program twice: `index.ts` compiles to CommonJS (the app's
    // package.json has no "type"), `esm.mts` to ESM.
    const program = `
type Ending = '\\n' | '\\r\\n' | '\\r'

const text: string = 'one\\r\\ntwo\\rthree\\nfour\\r\\n'
const lf: string = toLf(text)
const dominant: Ending = detectEol(text)
const info: EolInfo = eolInfo(text)
const counts: [number, number, number] = [info.lf, info.crlf, info.cr]
const flags: [boolean, boolean] = [info.mixed, info.trailingNewline]
const infoDominant: Ending = info.dominant
const joined: string = normalizeEol('a\\r\\nb\\r\\n', 'x\\ny')

// The declarations are precise, not \`any\`. Never called: only compiled.
export function wrongUses(): unknown[] {
  return [
    // @ts-expect-error a number is not a string
    toLf(5),
    // @ts-expect-error normalizeEol takes two strings
    normalizeEol('a'),
    // @ts-expect-error there is no such field
    info.crlfCount,
  ]
}
// @ts-expect-error detectEol may return CRLF or CR, not only LF
export const onlyLf: '\\n' = detectEol('a\\r\\n')

console.log(JSON.stringify({ lf, dominant, counts, flags, infoDominant, joined, onlyLf }))
`
    const imports = `import { detectEol, eolInfo, normalizeEol, toLf } from 'eol-edit'
import type { EolInfo } from 'eol-edit'
`
    writeFileSync(join(app, 'index.ts'), imports + program)
    writeFileSync(join(app, 'esm.mts'), imports + program)
    writeFileSync(
      join(app, 'tsconfig.json'),
      JSON.stringify(
        {
          compilerOptions: {
            strict: true,
            module: 'nodenext',
            moduleResolution: 'nodenext',
            target: 'es2022',
            outDir: 'dist',
            skipLibCheck: false,
            types: existsSync(join(typeRoots, 'node')) ? ['node'] : [],
            typeRoots: [typeRoots],
          },
          files: ['index.ts', 'esm.mts'],
        },
        null,
        2,
      ),
    )
    run(tscNode, [tsc, '-p', 'tsconfig.json'], app)

    const expected = {
      lf: 'one\ntwo\nthree\nfour\n',
      dominant: '\r\n',
      counts: [1, 2, 1],
      flags: [true, true],
      infoDominant: '\r\n',
      joined: 'x\r\ny\r\n',
      onlyLf: '\r\n',
    }
    for (const compiled of ['index.js', 'esm.mjs']) {
      const out = run(process.execPath, [join('dist', compiled)], app)
      expect({ compiled, output: JSON.parse(out) }).toStrictEqual({ compiled, output: expected })
    }
  })

  it('works from plain ESM with named imports', () => {
    writeFileSync(
      join(app, 'plain.mjs'),
      `import { toLf, detectEol, eolInfo, normalizeEol } from 'eol-edit'
import eolEdit from 'eol-edit'
console.log(JSON.stringify({
  lf: toLf('a\\r\\nb\\rc'),
  dominant: detectEol('a\\rb\\r\\nc\\r'),
  cr: eolInfo('a\\rb\\r\\nc\\r').cr,
  joined: normalizeEol('a\\rb\\r', 'x\\ny'),
  defaultExport: typeof eolEdit.toLf,
}))
`,
    )
    const out = run(process.execPath, ['plain.mjs'], app)
    expect(JSON.parse(out)).toStrictEqual({
      lf: 'a\nb\nc',
      dominant: '\r',
      cr: 2,
      joined: 'x\ry\r',
      defaultExport: 'function',
    })
  })

  it('throws INVALID_ARGUMENT from the installed package on a wrong type', () => {
    const out = run(
      process.execPath,
      [
        '-e',
        `const { toLf } = require('eol-edit');
         try { toLf(42); console.log('no error') }
         catch (e) { console.log(JSON.stringify({ isError: e instanceof Error, code: e.code })) }`,
      ],
      app,
    )
    expect(JSON.parse(out)).toStrictEqual({ isError: true, code: 'INVALID_ARGUMENT' })
  })

  it('exposes eol-edit/tools when the package ships it', () => {
    if (!main.files.includes('tools.js')) {
      // Not written yet: the exports map must then be the only thing that
      // mentions it, and the main entry must still load.
      expect(main.files).not.toContain('tools.d.ts')
      return
    }
    const out = run(
      process.execPath,
      ['-e', `const tools = require('eol-edit/tools'); console.log(JSON.stringify(Object.keys(tools).length > 0))`],
      app,
    )
    expect(JSON.parse(out)).toBe(true)

    expect(main.files).toContain('tools.d.ts')
    writeFileSync(
      join(app, 'tools-check.ts'),
      `import * as tools from 'eol-edit/tools'\nexport const names: string[] = Object.keys(tools)\n`,
    )
    const types = existsSync(join(typeRoots, 'node')) ? ['--types', 'node'] : []
    run(
      tscNode,
      [
        tsc,
        '--strict',
        '--noEmit',
        '--skipLibCheck',
        'false',
        '--module',
        'nodenext',
        '--moduleResolution',
        'nodenext',
        '--target',
        'es2022',
        '--typeRoots',
        typeRoots,
        ...types,
        'tools-check.ts',
      ],
      app,
    )
  })
})

describe('the platform a binary is looked for', () => {
  // The loader's names, which the npm/<platform> packages are named after.
  const { platformName, missingBinaryError, SUPPORTED } = require('../lib/platform.js') as typeof import('../lib/platform.js')

  it('names every published platform as the loader does', () => {
    expect(platformName({ platform: 'win32', arch: 'x64' })).toBe('win32-x64-msvc')
    expect(platformName({ platform: 'win32', arch: 'arm64' })).toBe('win32-arm64-msvc')
    expect(platformName({ platform: 'darwin', arch: 'arm64' })).toBe('darwin-arm64')
    expect(platformName({ platform: 'linux', arch: 'x64', musl: false })).toBe('linux-x64-gnu')
    expect(platformName({ platform: 'linux', arch: 'arm64', musl: true })).toBe('linux-arm64-musl')
    for (const name of SUPPORTED) expect(existsSync(join(repo, 'npm', name, 'package.json')), name).toBe(true)
  })

  it('tells a user on an unsupported platform to build from source', () => {
    const error = missingBinaryError(new Error('x'), { platform: 'freebsd', arch: 'x64' }) as Error & { code: string }
    expect(error.code).toBe('BINARY_MISSING')
    expect(error.message).toContain('no prebuilt binary for this platform (freebsd-x64)')
    expect(error.message).toContain('Build from source')
  })
})
