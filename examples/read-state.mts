// The host's own read tool and eol-edit's tools, sharing what the model has seen: a
// file the host read counts as read for `requireRead`, and a change from outside
// since then is caught.
import assert from 'node:assert/strict'
import { appendFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { createAnthropicTextEditor, createReadState, createTools } from 'eol-edit/tools'

const project = mkdtempSync(join(tmpdir(), 'eol-edit-read-state-'))
writeFileSync(join(project, 'a.txt'), 'one\r\ntwo\r\n')

const readState = createReadState({ cwd: project })
const tools = createTools({ root: project, readState, requireRead: true })
const editor = createAnthropicTextEditor({ root: project, readState, requireRead: true })

// The host's read tool, as it was: it reads the raw text and tells the read state.
function hostRead(path: string): string {
  const text = readFileSync(join(project, path), 'utf8')
  readState.markRead(path, { content: text })
  return text
}

assert.equal(hostRead('a.txt'), 'one\r\ntwo\r\n')
const edit = await tools.edit_file.execute({ path: 'a.txt', old_text: 'two', new_text: 'TWO' })
assert.ok(edit.success, edit.data)

// The editor shares the state: the tool set's write is no outside change to it.
const replaced = await editor.execute({ command: 'str_replace', path: 'a.txt', old_str: 'one', new_str: 'ONE' })
assert.equal(replaced.is_error, undefined, replaced.content)
assert.equal(readFileSync(join(project, 'a.txt'), 'latin1'), 'ONE\r\nTWO\r\n')

// Another program changes the file: the next change is refused until it is read again.
appendFileSync(join(project, 'a.txt'), 'three\r\n')
const stale = await editor.execute({ command: 'insert', path: 'a.txt', insert_line: 0, new_str: 'zero' })
assert.match(stale.content, /^FILE_CHANGED: /)
hostRead('a.txt')
const inserted = await editor.execute({ command: 'insert', path: 'a.txt', insert_line: 0, new_str: 'zero' })
assert.equal(inserted.is_error, undefined, inserted.content)
assert.equal(readFileSync(join(project, 'a.txt'), 'latin1'), 'zero\r\nONE\r\nTWO\r\nthree\r\n')
