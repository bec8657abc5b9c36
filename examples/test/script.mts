// The scripted agent every mock model plays: read a CRLF C# file, send an edit whose
// old_text is misremembered (TEXT_NOT_FOUND), then retry with the lines as read_file
// showed them, and succeed. Each turn checks what the tools told it on the turn before,
// as a model would read it.
import assert from 'node:assert/strict'
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export interface ToolCall {
  name: string
  args: Record<string, unknown>
}

/** What a tool told the model: its text, and whether the SDK marked it as an error. */
export interface Observation {
  text: string
  isError: boolean
}

export type Step = { call: ToolCall } | { text: string }

export const PROMPT = 'Make Calc.Sub in src/Calc.cs check for overflow.'
export const DONE = 'Calc.Sub now uses checked arithmetic.'

const ORIGINAL = [
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
]

/** A project with src/Calc.cs, CRLF. */
export function makeProject(): string {
  const root = mkdtempSync(join(tmpdir(), 'eol-edit-agent-'))
  mkdirSync(join(root, 'src'))
  writeFileSync(join(root, 'src', 'Calc.cs'), ORIGINAL.join('\r\n'))
  return root
}

/** Only Sub's statement changed, and every line still ends in CRLF. */
export function checkProject(root: string): void {
  const expected = ORIGINAL.map((line) => (line === '        return a - b;' ? '        return checked(a - b);' : line))
  assert.equal(readFileSync(join(root, 'src', 'Calc.cs'), 'latin1'), expected.join('\r\n'))
}

/** The model's next step, given every tool observation so far. */
export function nextStep(seen: Observation[]): Step {
  const last = seen[seen.length - 1]
  switch (seen.length) {
    case 0:
      return { call: { name: 'read_file', args: { path: 'src/Calc.cs' } } }
    case 1:
      assert.equal(last.isError, false, last.text)
      assert.match(last.text, /endings: CRLF/)
      assert.match(last.text, /10│        return a - b;/)
      // Misremembered parameter names: this text is not in the file.
      return {
        call: {
          name: 'edit_file',
          args: {
            path: 'src/Calc.cs',
            old_text: '    public static int Sub(int x, int y)\n    {\n        return x - y;\n    }',
            new_text: '    public static int Sub(int x, int y)\n    {\n        return checked(x - y);\n    }',
          },
        },
      }
    case 2:
      // The failure reached the model as an error, with its code and the closest region:
      // Sub, the function the model misremembered (not Add, which comes first), quoted.
      assert.equal(last.isError, true, last.text)
      assert.match(last.text, /TEXT_NOT_FOUND/)
      assert.match(last.text, /closest match is lines \d+-\d+/)
      assert.match(last.text, /│ {4}public static int Sub\(int a, int b\)/)
      assert.doesNotMatch(last.text, /│ {4}public static int Add/)
      return {
        call: {
          name: 'edit_file',
          args: { path: 'src/Calc.cs', old_text: '        return a - b;', new_text: '        return checked(a - b);' },
        },
      }
    case 3:
      assert.equal(last.isError, false, last.text)
      assert.match(last.text, /^Edited src\/Calc\.cs: 1 replacement/)
      return { text: DONE }
    default:
      throw new Error(`the script has no step ${seen.length + 1}`)
  }
}
