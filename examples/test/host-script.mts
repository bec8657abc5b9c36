// The project the host-tool agents (Anthropic's text editor, OpenAI's apply_patch)
// work on: one file of each kind agents damage, each with one line to change.
import assert from 'node:assert/strict'
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export const HOST_PROMPT = 'Make Calc.Sub check for overflow, shout the second note, make Main run, and raise the price.'
export const HOST_DONE = 'All four files are changed.'

/** One file: its bytes before and after, written in latin1 so that every byte shows. */
export interface ProjectFile {
  path: string
  kind: string
  before: string
  after: string
  /** The line the model changes, as the file's view shows it, and what it becomes. */
  line: string
  changed: string
}

const CALC = [
  'public static class Calc',
  '{',
  '    public static int Add(int a, int b)',
  '    {',
  '        return a + b;',
  '    }',
  '',
  '    public static int Sub(int a, int b)',
  '    {',
  '        return a - b;',
  '    }',
  '}',
  '',
].join('\r\n')

export const FILES: ProjectFile[] = [
  {
    path: 'src/Calc.cs',
    kind: 'CRLF',
    before: CALC,
    after: CALC.replace('return a - b;', 'return checked(a - b);'),
    line: '        return a - b;',
    changed: '        return checked(a - b);',
  },
  {
    path: 'src/notes.txt',
    kind: 'mixed',
    before: 'first\r\nsecond\nthird\r\n',
    after: 'first\r\nSECOND\nthird\r\n',
    line: 'second',
    changed: 'SECOND',
  },
  {
    path: 'src/Program.cs',
    kind: 'UTF-8 BOM',
    before: '\xef\xbb\xbfclass Program\r\n{\r\n    static void Main() { }\r\n}\r\n',
    after: '\xef\xbb\xbfclass Program\r\n{\r\n    static void Main() { Run(); }\r\n}\r\n',
    line: '    static void Main() { }',
    changed: '    static void Main() { Run(); }',
  },
  {
    // windows-1252: é is 0xE9, € is 0x80.
    path: 'src/menu.txt',
    kind: 'windows-1252',
    before: 'Caf\xe9 menu\r\nprix: 3 \x80\r\n',
    after: 'Caf\xe9 menu\r\nprix: 4 \x80\r\n',
    line: 'prix: 3 €',
    changed: 'prix: 4 €',
  },
]

export function makeHostProject(): string {
  const root = mkdtempSync(join(tmpdir(), 'eol-edit-host-agent-'))
  mkdirSync(join(root, 'src'))
  for (const f of FILES) writeFileSync(join(root, f.path), Buffer.from(f.before, 'latin1'))
  return root
}

/** Every file is as it was (`'before'`) or as the agent should leave it (`'after'`), byte for byte. */
export function checkHostProject(root: string, state: 'before' | 'after'): void {
  for (const f of FILES) assert.equal(readFileSync(join(root, f.path), 'latin1'), f[state], `${f.path} (${f.kind})`)
}
