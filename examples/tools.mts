// The agent tools without a model: what a host sees when it runs them.
import assert from 'node:assert/strict'
import { appendFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { createTools, type ApprovalRequest } from 'eol-edit/tools'

const project = mkdtempSync(join(tmpdir(), 'eol-edit-tools-'))
writeFileSync(join(project, 'notes.txt'), 'one\r\ntwo\r\n')

const asked: ApprovalRequest[] = []
const tools = createTools({
  root: project, // every path must be inside; relative paths start here
  requireRead: true, // an existing file must be read before it is changed
  approve: (request) => {
    asked.push(request) // { tool, path, diff, summary, files }: show it to the user
    return !request.diff.includes('secret')
  },
})

// A change to a file the model has not read is refused.
const unread = await tools.edit_file.execute({ path: 'notes.txt', old_text: 'two', new_text: 'TWO' })
assert.equal(unread.error, 'FILE_CHANGED')

// read_file shows numbered lines and a header with the endings and the version.
const read = await tools.read_file.execute({ path: 'notes.txt' })
assert.ok(read.success)
assert.match(read.data, /^\[notes\.txt: 2 lines \| endings: CRLF \| BOM: no \| encoding: utf-8 \| version: \w+\]\n1│one\n2│two$/)

// The edit is approved, written, and the file stays CRLF. `data` is for the model;
// `diff` and `summary` are for the host.
const edit = await tools.edit_file.execute({ path: 'notes.txt', old_text: 'two', new_text: 'TWO' })
assert.ok(edit.success)
assert.equal(edit.summary, 'edit_file notes.txt: +1 -1 lines')
assert.equal(readFileSync(join(project, 'notes.txt'), 'latin1'), 'one\r\nTWO\r\n')

// The user says no: nothing is written.
const rejected = await tools.edit_file.execute({ path: 'notes.txt', old_text: 'one', new_text: 'secret' })
assert.equal(rejected.error, 'REJECTED')

// Another program changes the file: the model's view is stale, so its write is refused.
appendFileSync(join(project, 'notes.txt'), 'three\r\n')
const stale = await tools.write_file.execute({ path: 'notes.txt', content: 'one\nTWO\n' })
assert.equal(stale.error, 'FILE_CHANGED')
assert.equal(readFileSync(join(project, 'notes.txt'), 'latin1'), 'one\r\nTWO\r\nthree\r\n')

// A call can be cancelled; it is checked before anything is written.
const controller = new AbortController()
controller.abort()
const cancelled = await tools.write_file.execute({ path: 'new.txt', content: 'x\n' }, { signal: controller.signal })
assert.equal(cancelled.error, 'REJECTED')

assert.deepEqual(
  asked.map((r) => r.summary),
  ['edit_file notes.txt: +1 -1 lines', 'edit_file notes.txt: +1 -1 lines'],
)
