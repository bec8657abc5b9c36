// The library on its own: read, edit and write files the way a model does, with
// `\n` line breaks, while every file keeps its own line endings and BOM.
import assert from 'node:assert/strict'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { applyEdits, convertEol, deleteRange, editFile, EolEditError, multiEdit, readFile, writeFile } from 'eol-edit'

const dir = mkdtempSync(join(tmpdir(), 'eol-edit-example-'))
const file = join(dir, 'App.cs')
writeFileSync(file, '\ufeffclass App\r\n{\r\n    int x;\r\n    int y;\r\n}\r\n') // a Windows file: BOM + CRLF

// Read: the LF view of the lines asked for, as a model sees it, and the file's version.
const { content, version, eol } = await readFile(file, { offset: 1, limit: 50 })
assert.equal(content, 'class App\n{\n    int x;\n    int y;\n}\n')
assert.equal(eol.dominant, '\r\n')

// Edit with LF text; `expectedVersion` refuses if the file changed since the read.
await editFile(file, '    int x;\n    int y;', '    int x = 1;\n    int y;', { expectedVersion: version })

// Several edits, in order, all or nothing; the lenient tiers match curly quotes,
// trailing spaces, tabs vs spaces.
await multiEdit(file, [
  { oldText: 'int y;', newText: 'int y = 2;' },
  { oldText: 'class App', newText: 'public class App' },
])
assert.equal(readFileSync(file, 'utf8'), '\ufeffpublic class App\r\n{\r\n    int x = 1;\r\n    int y = 2;\r\n}\r\n')

// Failures are EolEditError, with a code for the program and a message for the model.
try {
  await editFile(file, 'int z;', 'int z = 3;')
  assert.fail('the edit should have failed')
} catch (error) {
  assert.ok(error instanceof EolEditError)
  assert.equal(error.code, 'TEXT_NOT_FOUND')
}

// Delete the lines between two anchors (exclusive by default).
await deleteRange(file, '{', '}')
assert.equal(readFileSync(file, 'utf8'), '\ufeffpublic class App\r\n{\r\n}\r\n')

// Overwrite with LF text: the file stays CRLF and keeps its BOM.
await writeFile(file, 'public class App\n{\n    void Run() {}\n}\n')
assert.equal(readFileSync(file, 'utf8'), '\ufeffpublic class App\r\n{\r\n    void Run() {}\r\n}\r\n')

// Change the endings on purpose.
await convertEol(file, 'lf')
assert.equal(readFileSync(file, 'utf8'), '\ufeffpublic class App\n{\n    void Run() {}\n}\n')

// No I/O: the engine on a string gives a string, on a Buffer a Buffer.
const edited: string = applyEdits('a\r\nb\r\n', [{ oldText: 'a\nb', newText: 'A\nB' }]).content
assert.equal(edited, 'A\r\nB\r\n')
