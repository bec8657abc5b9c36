// The 'gemini-cli' shape: gemini-cli's read_file, write_file and replace, driven with
// gemini-cli's arguments (file_path, old_string, new_string, expected_replacements) and
// answering as its tools do (`{ llmContent, returnDisplay, error? }`, a failure's
// `error.type` one of gemini-cli's error types), with gemini-cli's own edit test cases
// (facts and data from its packages/core/src/tools/edit.test.ts) and the bytes on disk
// checked after each call.

import * as fs from 'node:fs'
import * as path from 'node:path'

import { afterAll, describe, expect, it } from 'vitest'

import { createTools as createToolsUnrecorded, type CreateToolsOptions, type GeminiCliTools } from '../tools.js'
import { BOM, bytes, cp1252, problemsIn, project, recording, shapeOutputProblems, visible } from './support/shapes.js'

const texts: Array<{ tool: string; text: string }> = []

/** gemini-cli's tools, every result recorded. */
function gemini(root: string, options: CreateToolsOptions = {}): GeminiCliTools {
  return recording(createToolsUnrecorded({ shape: 'gemini-cli', root, ...options }), texts)
}

afterAll(() => {
  // Every message and hint the model read names only gemini-cli's tools and arguments.
  expect(problemsIn(texts, 'gemini-cli')).toEqual([])
})

describe('the gemini-cli shape', () => {
  it("has gemini-cli's tools with its argument names", () => {
    const t = gemini(project())
    expect(Object.keys(t)).toEqual(['read_file', 'write_file', 'replace'])
    expect(Object.values(t).map((x) => x.name)).toEqual(['read_file', 'write_file', 'replace'])
    expect(Object.keys(t.replace.parameters.properties)).toEqual(['file_path', 'old_string', 'new_string', 'allow', 'encoding', 'expected_replacements'])
    expect(t.replace.parameters.required).toEqual(['file_path', 'old_string', 'new_string'])
    expect(Object.keys(t.read_file.parameters.properties)).toEqual(['file_path', 'start_line', 'end_line', 'encoding'])
    expect(Object.keys(t.write_file.parameters.properties)).toEqual(['file_path', 'content', 'allow', 'encoding'])
    for (const tool of Object.values(t)) expect(shapeOutputProblems(tool.description, 'gemini-cli')).toEqual([])
  })

  it('replaces exactly expected_replacements places, and changes nothing when the count differs, saying how many it found', async () => {
    const dir = project({ 'a.txt': 'x = 1\r\ny\r\nx = 1\r\nx = 1\r\n' })
    const t = gemini(dir)
    const two = await t.replace.execute({ file_path: 'a.txt', old_string: 'x = 1', new_string: 'x = 2', expected_replacements: 2 })
    expect(two.error?.type).toBe('edit_expected_occurrence_mismatch')
    expect(two.llmContent).toMatch(/expected 2 occurrences of old_string but found 3 occurrences in a\.txt\. Nothing was changed\./)
    expect(two.llmContent).toContain('expected_replacements')
    expect(bytes(dir, 'a.txt')).toBe(visible('x = 1\r\ny\r\nx = 1\r\nx = 1\r\n'))
    const three = await t.replace.execute({ file_path: 'a.txt', old_string: 'x = 1', new_string: 'x = 2', expected_replacements: 3 })
    expect(three.error).toBeUndefined()
    expect(three.llmContent).toMatch(/^Successfully modified file: a\.txt \(3 replacements\)\./)
    expect(bytes(dir, 'a.txt')).toBe(visible('x = 2\r\ny\r\nx = 2\r\nx = 2\r\n'))
  })

  it('without expected_replacements, refuses several places as a count mismatch of 1', async () => {
    const dir = project({ 'a.txt': 'foo\r\nfoo\r\n' })
    const r = await gemini(dir).replace.execute({ file_path: 'a.txt', old_string: 'foo', new_string: 'bar' })
    expect(r.error?.type).toBe('edit_expected_occurrence_mismatch')
    expect(r.llmContent).toMatch(/expected 1 occurrence of old_string but found 2/)
    expect(r.returnDisplay).toMatch(/^Error: /)
    expect(bytes(dir, 'a.txt')).toBe(visible('foo\r\nfoo\r\n'))
  })

  it('a count above the places found says so, and the file is left as it was', async () => {
    const dir = project({ 'a.txt': 'one one two' })
    const r = await gemini(dir).replace.execute({ file_path: 'a.txt', old_string: 'one', new_string: 'new', expected_replacements: 5 })
    expect(r.error?.type).toBe('edit_expected_occurrence_mismatch')
    expect(r.llmContent).toMatch(/expected 5 occurrences of old_string but found 2/)
    expect(fs.readFileSync(path.join(dir, 'a.txt'), 'utf8')).toBe('one one two')
  })

  it('takes the older allow_multiple: every place is replaced', async () => {
    const dir = project({ 'a.txt': 'foo foo foo' })
    const r = await gemini(dir).replace.execute({ file_path: 'a.txt', old_string: 'foo', new_string: 'bar', allow_multiple: true })
    expect(r.error).toBeUndefined()
    expect(fs.readFileSync(path.join(dir, 'a.txt'), 'utf8')).toBe('bar bar bar')
  })

  it('read_file shows the lines as they are, without numbers, and reads a part with start_line and end_line', async () => {
    const dir = project({ 'r.txt': 'a\r\nb\r\nc\r\nd\r\n' })
    const t = gemini(dir)
    expect(await t.read_file.execute({ file_path: 'r.txt' })).toEqual({ llmContent: 'a\nb\nc\nd', returnDisplay: '' })
    const part = await t.read_file.execute({ file_path: 'r.txt', start_line: 2, end_line: 3 })
    expect(part.llmContent).toMatch(/^IMPORTANT: the file is longer than what is shown here\.\nShown: lines 2-3 of 4\./)
    expect(part.llmContent).toContain('call read_file again with start_line 4')
    expect(part.llmContent.endsWith('--- FILE CONTENT (lines 2-3) ---\nb\nc')).toBe(true)
    const past = await t.read_file.execute({ file_path: 'r.txt', start_line: 9 })
    expect(past.error?.type).toBe('invalid_tool_params')
    expect(past.llmContent).toMatch(/start_line 9 is past the end of r\.txt/)
    const backwards = await t.read_file.execute({ file_path: 'r.txt', start_line: 3, end_line: 2 })
    expect(backwards.llmContent).toMatch(/start_line 3 cannot be greater than end_line 2/)
  })

  it('read_file takes the older absolute_path, and offset (0-based) with limit', async () => {
    const dir = project({ 'r.txt': 'a\nb\nc\n' })
    const t = gemini(dir)
    expect((await t.read_file.execute({ absolute_path: path.join(dir, 'r.txt') })).llmContent).toBe('a\nb\nc')
    expect((await t.read_file.execute({ file_path: 'r.txt', offset: 1, limit: 1 })).llmContent).toMatch(/Shown: lines 2-2 of 3\.[^]*\nb$/)
  })

  it('write_file overwrites a CRLF BOM file keeping both, and creates a new file with LF', async () => {
    const dir = project({ 'w.txt': `${BOM}x\r\ny\r\n` })
    const t = gemini(dir)
    const over = await t.write_file.execute({ file_path: 'w.txt', content: 'x\nz\n' })
    expect(over.llmContent).toMatch(/^Successfully overwrote file: w\.txt\. Its line endings \(CRLF\), BOM and encoding were kept\./)
    expect(bytes(dir, 'w.txt')).toBe(visible(`${BOM}x\r\nz\r\n`))
    const display = over.returnDisplay as { fileName: string; originalContent: string | null; newContent: string; isNewFile: boolean }
    expect(display).toMatchObject({ fileName: 'w.txt', originalContent: 'x\ny\n', newContent: 'x\nz\n', isNewFile: false })
    const created = await t.write_file.execute({ file_path: 'sub/n.txt', content: 'a\nb\n' })
    expect(created.llmContent).toMatch(/^Successfully created and wrote to new file: sub\/n\.txt\./)
    expect(bytes(dir, 'sub/n.txt')).toBe(visible('a\nb\n'))
    expect((await t.write_file.execute({ file_path: 'sub/n.txt', content: 'a\nb\n' })).llmContent).toMatch(/^No changes to apply/)
  })
})

// gemini-cli's own edit tests (packages/core/src/tools/edit.test.ts), as data: the same
// files, calls and expectations, through the shape with gemini-cli's argument names.
describe("gemini-cli's edit tests through the gemini-cli shape", () => {
  const file = 'execute_me.txt'

  it('should edit an existing file and return diff with fileName', async () => {
    const dir = project({ [file]: 'This is some old text.' })
    const r = await gemini(dir).replace.execute({ file_path: path.join(dir, file), old_string: 'old', new_string: 'new' })
    expect(r.llmContent).toMatch(/Successfully modified file/)
    expect(fs.readFileSync(path.join(dir, file), 'utf8')).toBe('This is some new text.')
    const display = r.returnDisplay as { fileDiff: string; fileName: string }
    expect(display.fileDiff).toContain('This is some old text.')
    expect(display.fileDiff).toContain('This is some new text.')
    expect(display.fileName).toBe(file)
  })

  it('should create a new file if old_string is empty and file does not exist, and return created message', async () => {
    const dir = project()
    const r = await gemini(dir).replace.execute({ file_path: path.join(dir, 'brand_new_file.txt'), old_string: '', new_string: 'Content for the new file.' })
    expect(r.llmContent).toMatch(/Created new file/)
    expect(fs.readFileSync(path.join(dir, 'brand_new_file.txt'), 'utf8')).toBe('Content for the new file.')
  })

  it('should return error if old_string is not found in file (edit_no_occurrence_found)', async () => {
    const dir = project({ [file]: 'Some content.' })
    const r = await gemini(dir).replace.execute({ file_path: path.join(dir, file), old_string: 'nonexistent', new_string: 'replacement' })
    expect(r.error?.type).toBe('edit_no_occurrence_found')
    expect(fs.readFileSync(path.join(dir, file), 'utf8')).toBe('Some content.')
  })

  it('should return error if multiple occurrences of old_string are found', async () => {
    const dir = project({ [file]: 'multiple old old strings' })
    const r = await gemini(dir).replace.execute({ file_path: path.join(dir, file), old_string: 'old', new_string: 'new' })
    expect(r.error?.type).toBe('edit_expected_occurrence_mismatch')
    expect(r.llmContent).toMatch(/expected 1 occurrence of old_string but found 2/)
  })

  it('should successfully replace multiple occurrences when expected_replacements specified', async () => {
    const dir = project({ [file]: 'old text old text old text' })
    const r = await gemini(dir).replace.execute({ file_path: path.join(dir, file), old_string: 'old', new_string: 'new', expected_replacements: 3 })
    expect(r.llmContent).toMatch(/Successfully modified file/)
    expect(fs.readFileSync(path.join(dir, file), 'utf8')).toBe('new text new text new text')
    const display = r.returnDisplay as { fileDiff: string; fileName: string }
    expect(display.fileDiff).toContain('old text old text old text')
    expect(display.fileDiff).toContain('new text new text new text')
    expect(display.fileName).toBe(file)
  })

  it('should return error if expected_replacements does not match actual occurrences', async () => {
    const dir = project({ [file]: 'old text old text' })
    const r = await gemini(dir).replace.execute({ file_path: path.join(dir, file), old_string: 'old', new_string: 'new', expected_replacements: 3 })
    expect(r.llmContent).toMatch(/expected 3 occurrences of old_string but found 2/)
    expect(r.returnDisplay).toMatch(/expected 3 occurrences of old_string but found 2/)
    expect(fs.readFileSync(path.join(dir, file), 'utf8')).toBe('old text old text')
  })

  it('should return error if trying to create a file that already exists (empty old_string)', async () => {
    const dir = project({ [file]: 'Existing content' })
    const r = await gemini(dir).replace.execute({ file_path: path.join(dir, file), old_string: '', new_string: 'new content' })
    expect(r.error?.type).toBe('attempt_to_create_existing_file')
    expect(r.llmContent).toMatch(/File already exists, cannot create/)
    expect(fs.readFileSync(path.join(dir, file), 'utf8')).toBe('Existing content')
  })

  it('should return error if old_string and new_string are identical', async () => {
    const dir = project({ [file]: 'This is some identical text.' })
    const r = await gemini(dir).replace.execute({ file_path: path.join(dir, file), old_string: 'identical', new_string: 'identical' })
    expect(r.error?.type).toBe('edit_no_change')
    expect(r.llmContent).toMatch(/No changes to apply/)
    expect(r.returnDisplay).toMatch(/No changes to apply/)
  })

  it('should preserve CRLF line endings when editing a file', async () => {
    const dir = project({ [file]: 'line one\r\nline two\r\n' })
    await gemini(dir).replace.execute({ file_path: path.join(dir, file), old_string: 'line two', new_string: 'line three' })
    expect(bytes(dir, file)).toBe(visible('line one\r\nline three\r\n'))
  })

  it('should create a new file with CRLF line endings if new_string has them', async () => {
    const dir = project()
    await gemini(dir).replace.execute({ file_path: path.join(dir, file), old_string: '', new_string: 'new line one\r\nnew line two\r\n' })
    expect(bytes(dir, file)).toBe(visible('new line one\r\nnew line two\r\n'))
  })

  it('should return FILE_NOT_FOUND error', async () => {
    const dir = project()
    const r = await gemini(dir).replace.execute({ file_path: path.join(dir, 'error_test.txt'), old_string: 'any', new_string: 'new' })
    expect(r.error?.type).toBe('file_not_found')
  })

  it('should return EXPECTED_OCCURRENCE_MISMATCH error', async () => {
    const dir = project({ 'error_test.txt': 'one one two' })
    const r = await gemini(dir).replace.execute({ file_path: path.join(dir, 'error_test.txt'), old_string: 'one', new_string: 'new', expected_replacements: 3 })
    expect(r.error?.type).toBe('edit_expected_occurrence_mismatch')
  })

  it('should return an error if path is outside the workspace (path_not_in_workspace)', async () => {
    const dir = project()
    const outside = path.join(path.dirname(dir), 'outside.txt')
    const r = await gemini(dir).replace.execute({ file_path: outside, old_string: 'old', new_string: 'new' })
    expect(r.error?.type).toBe('path_not_in_workspace')
    expect(fs.existsSync(outside)).toBe(false)
  })

  // The allow_multiple table: expected replacements follow from it, and 0 places is "no occurrence".
  const multiple: Array<{ name: string; content: string; allow_multiple?: boolean; finalContent?: string; expectedError?: string }> = [
    { name: 'succeed when allow_multiple is true and there are multiple occurrences', content: 'foo foo foo', allow_multiple: true, finalContent: 'bar bar bar' },
    { name: 'succeed when allow_multiple is true and there is exactly 1 occurrence', content: 'foo', allow_multiple: true, finalContent: 'bar' },
    { name: 'fail when allow_multiple is false and there are multiple occurrences', content: 'foo foo foo', allow_multiple: false, expectedError: 'edit_expected_occurrence_mismatch' },
    { name: 'default to 1 expected replacement if allow_multiple not specified', content: 'foo foo', expectedError: 'edit_expected_occurrence_mismatch' },
    { name: 'succeed when allow_multiple is false and there is exactly 1 occurrence', content: 'foo', allow_multiple: false, finalContent: 'bar' },
    { name: 'fail when allow_multiple is true but there are 0 occurrences', content: 'baz', allow_multiple: true, expectedError: 'edit_no_occurrence_found' },
    { name: 'fail when allow_multiple is false but there are 0 occurrences', content: 'baz', allow_multiple: false, expectedError: 'edit_no_occurrence_found' },
  ]
  it.each(multiple)('should $name', async ({ content, allow_multiple, finalContent, expectedError }) => {
    const dir = project({ 'replacements_test.txt': content })
    const args = { file_path: path.join(dir, 'replacements_test.txt'), old_string: 'foo', new_string: 'bar', ...(allow_multiple === undefined ? {} : { allow_multiple }) }
    const r = await gemini(dir).replace.execute(args)
    if (expectedError) {
      expect(r.error?.type).toBe(expectedError)
      expect(fs.readFileSync(path.join(dir, 'replacements_test.txt'), 'utf8')).toBe(content)
    } else {
      expect(r.error).toBeUndefined()
      expect(fs.readFileSync(path.join(dir, 'replacements_test.txt'), 'utf8')).toBe(finalContent)
    }
  })
})

describe('what the gemini-cli shape keeps that its own replace would damage', () => {
  it('keeps each line its own ending in a mixed file when several places are replaced (an added line: the file\'s dominant ending)', async () => {
    const dir = project({ 'm.txt': 'a = 1\nb\r\na = 1\r\n' })
    await gemini(dir).replace.execute({ file_path: 'm.txt', old_string: 'a = 1', new_string: 'a = 2\nextra', expected_replacements: 2 })
    expect(bytes(dir, 'm.txt')).toBe(visible('a = 2\r\nextra\nb\r\na = 2\r\nextra\r\n'))
  })

  it('keeps lone CR endings', async () => {
    const dir = project({ 'cr.txt': 'one\rtwo\rthree\r' })
    await gemini(dir).replace.execute({ file_path: 'cr.txt', old_string: 'two', new_string: 'TWO\nmore' })
    expect(bytes(dir, 'cr.txt')).toBe(visible('one\rTWO\rmore\rthree\r'))
  })

  it('keeps a windows-1252 file in windows-1252', async () => {
    const dir = project({ 'l.txt': cp1252('caf\u00e9 \u201cok\u201d\r\n') })
    const t = gemini(dir)
    expect((await t.read_file.execute({ file_path: 'l.txt' })).llmContent).toMatch(/^caf\u00e9 \u201cok\u201d\nWarning: .*windows-1252/)
    await t.replace.execute({ file_path: 'l.txt', old_string: '\u201cok\u201d', new_string: '\u201cdone\u201d' })
    expect(fs.readFileSync(path.join(dir, 'l.txt'))).toEqual(cp1252('caf\u00e9 \u201cdone\u201d\r\n'))
  })

  it('counts expected_replacements through the lenient tiers too: curly quotes typed straight', async () => {
    const dir = project({ 'q.txt': 'say \u201chi\u201d\r\nsay \u201chi\u201d\r\n' })
    const r = await gemini(dir).replace.execute({ file_path: 'q.txt', old_string: 'say "hi"', new_string: 'say "bye"', expected_replacements: 2 })
    expect(r.error).toBeUndefined()
    // The quotes the model left alone stay the file's.
    expect(bytes(dir, 'q.txt')).toBe(visible('say \u201cbye\u201d\r\nsay \u201cbye\u201d\r\n'))
  })
})

describe('a model turn on the gemini-cli shape: a miss, then a retry that lands', () => {
  const files: Array<[string, string | Buffer, string | Buffer]> = [
    ['CRLF', 'if (a) {\r\n  go();\r\n}\r\n', 'if (a) {\r\n  stop();\r\n}\r\n'],
    ['mixed', 'if (a) {\n  go();\r\n}\n', 'if (a) {\n  stop();\r\n}\n'],
    ['lone CR', 'if (a) {\r  go();\r}\r', 'if (a) {\r  stop();\r}\r'],
    ['BOM', `${BOM}if (a) {\r\n  go();\r\n}\r\n`, `${BOM}if (a) {\r\n  stop();\r\n}\r\n`],
    ['windows-1252', cp1252('// \u00e9t\u00e9\r\n  go();\r\n'), cp1252('// \u00e9t\u00e9\r\n  stop();\r\n')],
  ]
  it.each(files)('%s', async (_name, content, expected) => {
    const dir = project({ 'f.js': content })
    const t = gemini(dir)
    await t.read_file.execute({ file_path: 'f.js' })
    const miss = await t.replace.execute({ file_path: 'f.js', old_string: '  go(1);', new_string: '  stop();' })
    expect(miss.error?.type).toBe('edit_no_occurrence_found')
    expect(miss.llmContent).toContain('go();')
    expect(bytes(dir, 'f.js')).toBe(visible(content))
    const hit = await t.replace.execute({ file_path: 'f.js', old_string: '  go();', new_string: '  stop();' })
    expect(hit.error).toBeUndefined()
    expect(bytes(dir, 'f.js')).toBe(visible(expected))
  })

  it('a count that is off, then the count the message gave', async () => {
    const dir = project({ 'c.txt': 'v1\r\nv1\r\n' })
    const t = gemini(dir)
    const miss = await t.replace.execute({ file_path: 'c.txt', old_string: 'v1', new_string: 'v2' })
    expect(miss.llmContent).toMatch(/found 2 occurrences/)
    const hit = await t.replace.execute({ file_path: 'c.txt', old_string: 'v1', new_string: 'v2', expected_replacements: 2 })
    expect(hit.error).toBeUndefined()
    expect(bytes(dir, 'c.txt')).toBe(visible('v2\r\nv2\r\n'))
  })
})
