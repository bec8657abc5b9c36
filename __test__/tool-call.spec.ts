// What a tool call does besides the library's own call: the agent tools are part of
// the time a host waits, so each looks a file's real path up once, runs small files'
// calls on the calling thread, and passes the library only the options the call sets.
// Every guarantee still holds (tools.spec.ts); these tests pin the work done.

import * as fs from 'node:fs'
import * as os from 'node:os'
import * as path from 'node:path'

import { afterAll, beforeEach, describe, expect, it } from 'vitest'

import { createTools, type ToolResult } from '../tools.js'

const made: string[] = []
afterAll(() => {
  for (const d of made) fs.rmSync(d, { recursive: true, force: true })
})

let dir: string
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'eol-call-'))
  made.push(dir)
})

/** Runs `work`, counting the real-path look-ups the tools make. */
async function countRealPaths(work: () => Promise<ToolResult>): Promise<{ result: ToolResult; lookups: string[] }> {
  const nodeFs = require('node:fs') as typeof fs
  const native = nodeFs.realpathSync.native
  const lookups: string[] = []
  nodeFs.realpathSync.native = ((p: fs.PathLike, options?: unknown) => {
    lookups.push(String(p))
    return native(p, options as never)
  }) as typeof native
  try {
    return { result: await work(), lookups }
  } finally {
    nodeFs.realpathSync.native = native
  }
}

describe('a tool call', () => {
  it("looks each existing file's real path up once, with or without requireRead and approve", async () => {
    fs.writeFileSync(path.join(dir, 'a.txt'), 'one\r\ntwo\r\n')
    for (const options of [{}, { requireRead: true }, { approve: () => true }]) {
      const tools = createTools({ root: dir, ...options })
      expect((await tools.read_file.execute({ path: 'a.txt' })).success).toBe(true)
      for (const [from, to] of [['two', 'TWO'], ['TWO', 'two']]) {
        const { result, lookups } = await countRealPaths(() => tools.edit_file.execute({ path: 'a.txt', old_text: from, new_text: to }))
        expect(result.success, result.data).toBe(true)
        expect(lookups, JSON.stringify(options)).toEqual([path.join(dir, 'a.txt')])
      }
    }
    expect(fs.readFileSync(path.join(dir, 'a.txt'), 'latin1')).toBe('one\r\ntwo\r\n')
  })

  it('looks a file it creates up again after creating it, so that a link on its way is one file with its target', async () => {
    const real = path.join(dir, 'real')
    fs.mkdirSync(real)
    fs.symlinkSync(real, path.join(dir, 'link'))
    const tools = createTools({ root: dir, requireRead: true })
    expect((await tools.write_file.execute({ path: 'link/new/n.txt', content: 'x\n' })).success).toBe(true)
    // The version it wrote is the one of real/new/n.txt: an edit by that name is not "unread".
    const edit = await tools.edit_file.execute({ path: 'real/new/n.txt', old_text: 'x', new_text: 'y' })
    expect(edit.success, edit.data).toBe(true)
    expect(fs.readFileSync(path.join(real, 'new', 'n.txt'), 'utf8')).toBe('y\n')
  })
})
