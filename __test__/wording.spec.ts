// The tool layer's texts, from the core (eol-edit-tools' wording), as lib/tools and
// the Python tools both call them: where a text is cut for a model, a diff as the
// model reads it, the summary a host shows and the notes on a lenient match. Wrong
// types are INVALID_ARGUMENT, as for every function of the addon.

import { describe, expect, it } from 'vitest'

import * as core from '../index.js'

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/

describe('the texts of tool results', () => {
  it('cuts never inside a surrogate pair or a near cluster, and keeps a text that fits', () => {
    const text = 'a\u{1F600}b e\u0301 \u{1F1EB}\u{1F1F7}!'
    for (let max = 0; max <= text.length + 1; max++) {
      const kept = text.slice(0, core.cutLength(text, max))
      expect(kept.length).toBeLessThanOrEqual(max)
      expect(LONE_SURROGATE.test(kept), `${max}: ${JSON.stringify(kept)}`).toBe(false)
      expect(kept.endsWith('e')).toBe(false)
      expect(/\u{1F1EB}$/u.test(kept)).toBe(false)
    }
    expect(core.cutLength(text, 99)).toBe(text.length)
    // A lone surrogate in the text is measured as one unit, as JavaScript counts it.
    expect(core.cutLength('ab\ud800cd', 4)).toBe(4)
  })

  it('shows a diff without its header, and a long one cut at a line with a note', () => {
    const diff = '--- a/a.txt\n+++ b/a.txt\n@@ -1 +1 @@\n-a\n+b\n'
    expect(core.compactDiff(diff, 'read_file')).toBe('@@ -1 +1 @@\n-a\n+b')
    const long = Array.from({ length: 450 }, (_, i) => `+${i}`).join('\n') + '\n'
    const shown = core.compactDiff(long, 'view').split('\n')
    expect(shown).toHaveLength(401)
    expect(shown[400]).toBe('[diff cut: 50 more lines not shown; view shows the result]')
    // A first line over the budget is cut at a character, never inside an emoji.
    const wide = `+${'a'.repeat(39998)}\u{1F600}tail\n+next\n`
    const cut = core.compactDiff(wide, 'read_file')
    expect(LONE_SURROGATE.test(cut)).toBe(false)
    expect(cut).toBe(`+${'a'.repeat(39998)}\n[diff cut: 1 more line not shown; read_file shows the result]`)
  })

  it('counts, summarizes and notes as the tools say it', () => {
    const diff = '--- a/x\n+++ b/x\n@@ -1,2 +1,2 @@\n-a\n+b\n c\n'
    expect(core.diffCounts(diff)).toEqual({ added: 1, removed: 1 })
    expect(core.changeSummary('edit_file', 'x', diff)).toBe('edit_file x: +1 -1 lines')
    expect(core.describeEndings(2, 1, 0)).toBe('mixed (CRLF 2, LF 1)')
    expect(core.describeEndings(0, 0, 3)).toBe('CR')
    expect(core.describeEndings(0, 0, 0)).toBe('none')
    expect(core.tierNote('exact')).toBeNull()
    expect(core.tierNote('trailingWhitespace')).toBe('matched only after ignoring trailing spaces/tabs')
    expect(core.tierNotes(['exact', 'unicode'], true)).toEqual([
      'Note: edit #2 matched only after folding Unicode look-alikes (curly quotes, dashes, non-breaking spaces).',
      'Lines you did not change kept their exact bytes; check the diff.',
    ])
  })

  it("words a change as the tools return it: the head, the notes, the warnings, the diff", () => {
    const diff = '--- a/a.ts\n+++ b/a.ts\n@@ -3 +3 @@\n-a\n+b\n'
    const result = { replacements: 1, matchedBy: ['exact'], startLine: 3, endLine: 3, diff } as unknown as core.EditResult
    expect(core.editedText('edit_file', 'a.ts', result, null, [])).toEqual({
      data: 'Edited a.ts: 1 replacement (matched by exact), line 3.\n@@ -3 +3 @@\n-a\n+b',
      summary: 'edit_file a.ts: +1 -1 lines',
    })
    const multi = { ...result, replacements: 3, matchedBy: ['lineNumbers', 'unicode', 'unicode'], endLine: 8 }
    expect(core.editedText('multi_edit', 'a.ts', multi, 3, ['odd']).data.split('\n')).toEqual([
      'Edited a.ts: 3 edits, 3 replacements (matched by lineNumbers, unicode), lines 3-8.',
      'Note: edit #2 matched only after folding Unicode look-alikes (curly quotes, dashes, non-breaking spaces).',
      'Note: edit #3 matched only after folding Unicode look-alikes (curly quotes, dashes, non-breaking spaces).',
      'Lines you did not change kept their exact bytes; check the diff.',
      'Note: the line-number prefixes (N\u2502) were removed from the old/new text before matching.',
      'Warning: odd',
      '@@ -3 +3 @@',
      '-a',
      '+b',
    ])
    expect(core.changedText('write_file', 'a.ts', 'Wrote a.ts.', ['a note'], [], diff, false)).toEqual({
      data: 'Wrote a.ts.\na note',
      summary: 'write_file a.ts: +1 -1 lines',
    })
  })

  it('refuses wrong types and unknown tiers with INVALID_ARGUMENT', () => {
    const bad = (run: () => unknown) => expect(run).toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT' }))
    bad(() => core.compactDiff(5 as unknown as string, 'read_file'))
    bad(() => core.cutLength('abc', -1))
    bad(() => core.cutLength('abc', 1.5))
    bad(() => core.changeSummary('edit_file', undefined as unknown as string, ''))
    bad(() => core.tierNote('fuzzy' as core.Tier))
    bad(() => core.tierNotes(['exact', 7] as unknown as core.Tier[], false))
    bad(() => core.diffCounts(null as unknown as string))
    bad(() => core.describeEndings(1, -1, 0))
    bad(() => core.describeEndings('1' as unknown as number, 0, 0))
    const result = { replacements: 1, matchedBy: ['exact'], startLine: 1, endLine: 1, diff: '' } as unknown as core.EditResult
    bad(() => core.editedText('edit_file', 'a', { ...result, matchedBy: ['fuzzy'] } as unknown as core.EditResult, null, []))
    bad(() => core.editedText('edit_file', 'a', { ...result, replacements: -1 }, null, []))
    bad(() => core.editedText('edit_file', 'a', result, 1.5, []))
    bad(() => core.editedText('edit_file', 'a', result, null, [1] as unknown as string[]))
    bad(() => core.changedText('write_file', 'a', 'head', 'note' as unknown as string[], [], '', true))
    bad(() => core.changedText('write_file', 'a', 'head', [], [], '', 'yes' as unknown as boolean))
  })

  it('says messages and failures through the one renderer, in each front-end\'s words', async () => {
    const { render, renderFailure, TOOL_WORDS, CLI_WORDS, words } = require('../lib/tools/wording.js')
    const parts = [{ arg: 'oldText' }, ' must not be empty. ', { phrase: 'read-again', parts: ['Read it again with ', { op: 'readFile' }] }]
    expect(render(parts, TOOL_WORDS)).toBe('old_text must not be empty. Read it again with read_file')
    expect(render(parts, CLI_WORDS)).toBe("The --old text must not be empty. Read it again with 'eol-edit read'")
    // A lone surrogate (a path a model sent cut inside an emoji) is shown as U+FFFD:
    // a tool result with half a character ends a host's session.
    const said = render(['File not found: a\ud83d.txt'], TOOL_WORDS)
    expect(said).toBe('File not found: a\ufffd.txt')
    expect(LONE_SURROGATE.test(renderFailure({ message: 'x', parts: ['b\udc00'], hint: 'Read it.' }, TOOL_WORDS))).toBe(false)
    expect(renderFailure({ message: 'x', parts: ['Not found'], hint: 'Read it again.', lines: [3] }, TOOL_WORDS)).toBe('Not found. Read it again. (line 3)')
    // Words that are wrong are the host's mistake, named at once.
    expect(() => words({ name: 'x', ops: {}, args: {}, listing: 'r', sentences: {}, form: 'yaml' })).toThrow(/form/)
    const { createTools } = await import('../tools.js')
    const tools = createTools({ root: require('node:os').tmpdir() })
    const failed = (await tools.read_file.execute({ path: 'no-such-\ud83d.txt' })) as { success: boolean; data: string }
    expect(failed.success).toBe(false)
    expect(LONE_SURROGATE.test(failed.data)).toBe(false)
  })
})
