// The string unions of index.d.ts are the Rust enums of the binding (napi/src/enums.rs,
// `#[napi(string_enum)]`): each union has exactly the strings of the core's table of
// names, and the addon exports each as an object of the same strings, so a value a
// result carries is always one its declaration names.

import * as fs from 'node:fs'
import * as path from 'node:path'

import { describe, expect, it } from 'vitest'

import * as eol from '../index.js'

const repo = path.resolve(__dirname, '..')
const read = (file: string) => fs.readFileSync(path.join(repo, file), 'utf8')

/** The strings of a core enum's `as_str` table: `Enum::Variant => "string"`; for the
 * error codes, the core's one list (`error_code_list!`: `Variant = "STRING",`). */
function coreNames(file: string, type: string): string[] {
  const pattern = type === 'ErrorCode' ? /^ {12}\w+ = "([^"]+)",$/gm : new RegExp(`${type}::\\w+ => "([^"]+)"`, 'g')
  return [...read(file).matchAll(pattern)].map((m) => m[1])
}

/** The members of a union index.d.ts declares on one line. */
function union(name: string): string[] {
  const line = new RegExp(`^export type ${name} = (.*)$`, 'm').exec(read('index.d.ts'))
  expect(line, name).not.toBeNull()
  return [...line![1].matchAll(/'([^']+)'/g)].map((m) => m[1])
}

const ENUMS: Array<[string, string, string]> = [
  ['ErrorCode', 'src/error.rs', 'ErrorCode'],
  ['GuardReason', 'src/guard/mod.rs', 'GuardReason'],
  ['Tier', 'src/matching/mod.rs', 'Tier'],
  ['Tiers', 'src/api/options.rs', 'Tiers'],
  ['PatchAction', 'src/patch/mod.rs', 'Action'],
  ['PatchFormat', 'src/patch/mod.rs', 'Format'],
  ['WriteEol', 'src/api/options.rs', 'WriteEol'],
]

describe('the string unions', () => {
  for (const [name, file, type] of ENUMS) {
    it(`${name} has the strings of the core's ${type}, and the addon exports them`, () => {
      const core = coreNames(file, type)
      expect(core.length, name).toBeGreaterThan(1)
      expect([...union(name)].sort()).toEqual([...core].sort())
      const exported = (eol as unknown as Record<string, Record<string, string>>)[name]
      expect(Object.values(exported).sort()).toEqual([...core].sort())
    })
  }

  it('are what results carry: matchedBy and a patch action are members', () => {
    const r = eol.applyEdits('let x =  1;\n', [{ oldText: 'let x = 1;', newText: 'let x = 2;' }])
    expect(Object.values(eol.Tier)).toContain(r.matchedBy[0])
    const p = eol.parsePatch('*** Begin Patch\n*** Add File: a.txt\n+a\n*** End Patch\n')
    expect(Object.values(eol.PatchAction)).toContain(p.files[0].action)
    expect(Object.values(eol.PatchFormat)).toContain(p.format)
  })
})
