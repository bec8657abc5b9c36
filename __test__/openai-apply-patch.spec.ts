// OpenAI's built-in apply_patch tool (`createOpenAIApplyPatch`), driven through the
// `apply_patch_call` items a response holds (create_file, update_file and delete_file
// operations with V4A diffs) and read back as the `apply_patch_call_output` items the
// model gets. Files are CRLF, mixed, lone CR, BOM, UTF-16 and legacy-encoded; every
// failure leaves them byte-identical; every output names only the tool's operations
// and its diff.

import * as fs from 'node:fs'
import * as path from 'node:path'

import iconv from 'iconv-lite'
import { describe, expect, it } from 'vitest'

import { EolEditError } from '../index.js'
import {
  createOpenAIApplyPatch,
  createOpenAIEditor,
  createReadState,
  createTools,
  type ApprovalRequest,
  type CreateOpenAIApplyPatchOptions,
  type OpenAIApplyPatchCall,
  type OpenAIApplyPatchOutput,
} from '../tools.js'
import { toolOutputProblems } from './support/wording.js'
import { makeProject } from './support/project.js'
import { can, skipUnless } from './support/platform.js'

function project(files: Record<string, string | Buffer> = {}): string {
  return makeProject('apply-patch-', files)
}

const bytes = (dir: string, name: string) => fs.readFileSync(path.join(dir, name))

/** Every output the patcher gave in this file, for the scan of the names it uses. */
const produced: OpenAIApplyPatchOutput[] = []

let calls = 0
/** An apply_patch_call item as a response holds it. */
function call(operation: OpenAIApplyPatchCall['operation']): OpenAIApplyPatchCall {
  const n = ++calls
  return { type: 'apply_patch_call', id: `apc_${n}`, call_id: `call_${n}`, status: 'completed', operation }
}

function patcher(dir: string, options: CreateOpenAIApplyPatchOptions = {}) {
  const made = createOpenAIApplyPatch({ root: dir, ...options })
  return {
    definition: made.definition,
    one: async (item: unknown) => {
      const out = await made.execute(item)
      produced.push(out)
      return out
    },
    all: async (items: unknown) => {
      const outs = await made.executeAll(items)
      produced.push(...outs)
      return outs
    },
  }
}

type Kind = { name: string; make: (lines: Array<[string, string]>) => Buffer; endings: [string, string, string]; added: string }
const join = (lines: Array<[string, string]>) => lines.map(([t, e]) => t + e).join('')
const utf8 = (lines: Array<[string, string]>) => Buffer.from(join(lines))
const KINDS: Kind[] = [
  { name: 'CRLF', make: utf8, endings: ['\r\n', '\r\n', '\r\n'], added: '\r\n' },
  { name: 'mixed', make: utf8, endings: ['\r\n', '\n', '\r\n'], added: '\r\n' },
  { name: 'lone CR', make: utf8, endings: ['\r', '\r', '\r'], added: '\r' },
  { name: 'UTF-8 BOM', make: (l) => Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), utf8(l)]), endings: ['\r\n', '\r\n', '\r\n'], added: '\r\n' },
  { name: 'UTF-16 LE', make: (l) => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(join(l), 'utf16le')]), endings: ['\r\n', '\r\n', '\r\n'], added: '\r\n' },
  { name: 'windows-1252', make: (l) => iconv.encode(join(l), 'windows-1252'), endings: ['\r\n', '\r\n', '\r\n'], added: '\r\n' },
]
const TEXTS = ['café au lait', 'two', 'three']
const file = (k: Kind, texts = TEXTS, endings: string[] = k.endings) => k.make(texts.map((t, i) => [t, endings[i]]))

describe('the definition and the options', () => {
  it('is the Responses API tool { type: "apply_patch" }', () => {
    expect(createOpenAIApplyPatch({ root: project() }).definition).toEqual({ type: 'apply_patch' })
  })

  it("refuses the host's mistakes at creation", () => {
    const dir = project()
    expect(() => createOpenAIApplyPatch({ root: dir, requireread: true } as never)).toThrow(/unknown option "requireread".*Did you mean "requireRead"\?/)
    expect(() => createOpenAIApplyPatch({ root: path.join(dir, 'missing') })).toThrow(EolEditError)
    expect(() => createOpenAIApplyPatch({ readState: {} as never })).toThrow(/readState must be made by createReadState/)
  })
})

describe('update_file', () => {
  it.each(KINDS)('changes the lines of a $name file the diff changes; every other line keeps its bytes and ending', async (k) => {
    const dir = project({ 'f.txt': file(k) })
    const out = await patcher(dir).one(call({ type: 'update_file', path: 'f.txt', diff: ' café au lait\n-two\n+twö\n+2b\n three\n' }))
    expect(out).toMatchObject({ type: 'apply_patch_call_output', status: 'completed' })
    expect(out.output).toMatch(/^Updated f\.txt: \+2 -1 lines; each line kept its line ending/)
    expect(bytes(dir, 'f.txt')).toEqual(k.make([['café au lait', k.endings[0]], ['twö', k.endings[1]], ['2b', k.added], ['three', k.endings[2]]]))
  })

  it('an @@ line finds the place; *** End of File matches at the end', async () => {
    const src = 'def a():\r\n    return 1\r\n\r\ndef b():\r\n    return 1\r\n'
    const dir = project({ 'm.py': src })
    const p = patcher(dir)
    expect((await p.one(call({ type: 'update_file', path: 'm.py', diff: '@@ def b():\n-    return 1\n+    return 2\n' }))).status).toBe('completed')
    expect(bytes(dir, 'm.py').toString('latin1')).toBe(src.replace(/1\r\n$/, '2\r\n'))
    expect((await p.one(call({ type: 'update_file', path: 'm.py', diff: '@@\n-    return 2\n+    return 3\n*** End of File\n' }))).status).toBe('completed')
    expect(bytes(dir, 'm.py').toString('latin1')).toBe(src.replace(/1\r\n$/, '3\r\n'))
  })

  it('a miss fails with the closest region and what differs, writes nothing; the retry lands', async () => {
    const src = 'def greet():\r\n    print("Hi")\r\n'
    const dir = project({ 'g.py': src })
    const p = patcher(dir)
    const miss = await p.one(call({ type: 'update_file', path: 'g.py', diff: '@@ def greet():\n-    print("Hello")\n+    print("Hello, world")\n' }))
    expect(miss.status).toBe('failed')
    expect(miss.output).toMatch(/^update_file g\.py, hunk #1: its context and removed lines were not found/)
    expect(miss.output).toMatch(/The closest match is line 2 \(\d+% similar\), as the file has it:\n2│    print\("Hi"\)\n/)
    expect(miss.output).toMatch(/Nothing was written: fix the diff and send the operation again\.$/)
    expect(bytes(dir, 'g.py').toString('latin1')).toBe(src)
    const retry = await p.one(call({ type: 'update_file', path: 'g.py', diff: '@@ def greet():\n-    print("Hi")\n+    print("Hello, world")\n' }))
    expect(retry.status).toBe('completed')
    expect(bytes(dir, 'g.py').toString('latin1')).toBe('def greet():\r\n    print("Hello, world")\r\n')
  })

  it('a lenient match is named; lines the model did not change keep their bytes', async () => {
    const dir = project({ 't.txt': 'keep  \r\nold\r\n' })
    const out = await patcher(dir).one(call({ type: 'update_file', path: 't.txt', diff: ' keep\n-old\n+new\n' }))
    expect(out.output).toMatch(/Note: a hunk matched only after ignoring trailing spaces\/tabs; lines you did not change kept their exact bytes\./)
    expect(bytes(dir, 't.txt').toString('latin1')).toBe('keep  \r\nnew\r\n')
  })

  it('a missing file is FILE_NOT_FOUND, pointing at create_file', async () => {
    const out = await patcher(project()).one(call({ type: 'update_file', path: 'nope.txt', diff: '-a\n+b\n' }))
    expect(out.status).toBe('failed')
    expect(out.output).toMatch(/^update_file nope\.txt: File not found: nope\.txt\. Check the path; to create a file, use a create_file operation\./)
  })

  it('a diff is hunks only: a line of another section or a move line in the diff is refused, and nothing is written', async () => {
    const dir = project({ 'a.txt': 'a\r\n', 'b.txt': 'b\r\n' })
    const p = patcher(dir)
    for (const diff of [
      '-a\n+A\n*** Delete File: b.txt\n',
      '*** Move to: c.txt\n-a\n+A\n',
      '*** Begin Patch\n*** Update File: a.txt\n-a\n+A\n*** End Patch\n',
      'a\n',
    ]) {
      const out = await p.one(call({ type: 'update_file', path: 'a.txt', diff }))
      expect(out.status, diff).toBe('failed')
      expect(out.output).toMatch(/Line \d+ of the diff of update_file a\.txt is/)
      expect(out.output).toMatch(/The diff of update_file is hunks: /)
    }
    expect(bytes(dir, 'a.txt').toString('latin1')).toBe('a\r\n')
    expect(bytes(dir, 'b.txt').toString('latin1')).toBe('b\r\n')
    expect(fs.existsSync(path.join(dir, 'c.txt'))).toBe(false)
  })
})

describe('create_file', () => {
  it("a new file, its folders made, in the project's endings (.editorconfig), else LF", async () => {
    const dir = project({ 'win/.editorconfig': 'root = true\n[*]\nend_of_line = crlf\n' })
    const p = patcher(dir)
    const out = await p.one(call({ type: 'create_file', path: 'src/new/a.py', diff: '+def a():\n+    return 1\n+\n' }))
    expect(out).toEqual({ type: 'apply_patch_call_output', call_id: `call_${calls}`, status: 'completed', output: 'Created src/new/a.py: 2 lines, line endings: LF.' })
    expect(bytes(dir, 'src/new/a.py').toString('latin1')).toBe('def a():\n    return 1\n')
    expect((await p.one(call({ type: 'create_file', path: 'win/b.txt', diff: '+one\n+\n+two\n+' }))).output).toBe('Created win/b.txt: 3 lines, line endings: CRLF.')
    expect(bytes(dir, 'win/b.txt').toString('latin1')).toBe('one\r\n\r\ntwo\r\n')
  })

  it.each(KINDS)('over an existing $name file keeps its endings line by line, its BOM and encoding', async (k) => {
    const dir = project({ 'f.txt': file(k) })
    const out = await patcher(dir).one(call({ type: 'create_file', path: 'f.txt', diff: '+café au lait\n+TWO\n+three\n+\n' }))
    expect(out.output).toMatch(/^Replaced f\.txt, which existed: \+1 -1 lines; its line endings and BOM were kept/)
    expect(bytes(dir, 'f.txt')).toEqual(file(k, ['café au lait', 'TWO', 'three']))
  })

  it('a line without + is refused with its line number; nothing is written', async () => {
    const dir = project()
    const out = await patcher(dir).one(call({ type: 'create_file', path: 'x.txt', diff: '+one\ntwo\n' }))
    expect(out.status).toBe('failed')
    expect(out.output).toBe('Line 2 of the diff of create_file x.txt does not start with +: "two". Every line of the diff of create_file is + followed by a line of the new file.')
    expect(fs.existsSync(path.join(dir, 'x.txt'))).toBe(false)
  })
})

describe('delete_file', () => {
  it('deletes the file; a missing one fails', async () => {
    const dir = project({ 'old.txt': 'x\r\n' })
    const p = patcher(dir)
    expect((await p.one(call({ type: 'delete_file', path: 'old.txt' }))).output).toBe('Deleted old.txt.')
    expect(fs.existsSync(path.join(dir, 'old.txt'))).toBe(false)
    const again = await p.one(call({ type: 'delete_file', path: 'old.txt' }))
    expect(again.status).toBe('failed')
    expect(again.output).toMatch(/^delete_file old\.txt: File not found/)
  })
})

describe('executeAll: the operations of one response, all or nothing', () => {
  it('applies every operation, one output per call in order', async () => {
    const dir = project({ 'a.txt': 'a\r\nb\r\n', 'gone.txt': 'g\r\n' })
    const items = [
      call({ type: 'update_file', path: 'a.txt', diff: ' a\n-b\n+B\n' }),
      call({ type: 'create_file', path: 'n/new.txt', diff: '+new\n+' }),
      call({ type: 'delete_file', path: 'gone.txt' }),
      call({ type: 'update_file', path: 'a.txt', diff: '-a\n+A\n B\n' }),
    ]
    const outs = await patcher(dir).all(items)
    expect(outs.map((o) => [o.call_id, o.status])).toEqual(items.map((i) => [i.call_id, 'completed']))
    expect(bytes(dir, 'a.txt').toString('latin1')).toBe('A\r\nB\r\n')
    expect(bytes(dir, 'n/new.txt').toString('latin1')).toBe('new\n')
    expect(fs.existsSync(path.join(dir, 'gone.txt'))).toBe(false)
  })

  it('one failing operation: none is applied, it says why, the others that they were not applied because of it', async () => {
    const dir = project({ 'a.txt': 'a\r\n', 'b.txt': 'b\r\n', 'gone.txt': 'g\r\n' })
    const items = [
      call({ type: 'update_file', path: 'a.txt', diff: '-a\n+A\n' }),
      call({ type: 'create_file', path: 'n/new.txt', diff: '+new\n' }),
      call({ type: 'delete_file', path: 'gone.txt' }),
      call({ type: 'update_file', path: 'b.txt', diff: '-not there\n+B\n' }),
    ]
    const outs = await patcher(dir).all(items)
    expect(outs.every((o) => o.status === 'failed')).toBe(true)
    expect(outs[3].output).toMatch(/^update_file b\.txt, hunk #1: .* None of the operations of this response were applied\.$/s)
    for (const [i, o] of outs.slice(0, 3).entries()) {
      expect(o.output).toBe(
        `${items[i].operation.type} ${items[i].operation.path} was not applied: apply_patch call ${items[3].call_id} of the same response failed, ` +
          'and the operations of one response are applied all or nothing. Nothing was written. Fix that operation and send them all again.',
      )
    }
    expect(bytes(dir, 'a.txt').toString('latin1')).toBe('a\r\n')
    expect(bytes(dir, 'b.txt').toString('latin1')).toBe('b\r\n')
    expect(bytes(dir, 'gone.txt').toString('latin1')).toBe('g\r\n')
    expect(fs.existsSync(path.join(dir, 'n'))).toBe(false)
  })

  it('several malformed calls each say why; nothing is applied', async () => {
    const dir = project({ 'a.txt': 'a\r\n' })
    const good = call({ type: 'update_file', path: 'a.txt', diff: '-a\n+A\n' })
    const outs = await patcher(dir).all([
      good,
      call({ type: 'create_file', path: 'x.txt', diff: 'no plus' }),
      { type: 'apply_patch_call', call_id: 'call_bad', operation: { type: 'rename_file', path: 'a.txt' } },
    ])
    expect(outs.map((o) => o.call_id)).toEqual([good.call_id, `call_${calls}`, 'call_bad'])
    expect(outs[0].output).toMatch(/^update_file a\.txt was not applied: apply_patch calls call_\d+ and call_bad of the same response failed/)
    expect(outs[1].output).toMatch(/^Line 1 of the diff of create_file x\.txt does not start with \+/)
    expect(outs[2].output).toMatch(/^The operation's type must be create_file, update_file or delete_file, but it is "rename_file"\./)
    expect(bytes(dir, 'a.txt').toString('latin1')).toBe('a\r\n')
  })

  it('no calls give no outputs; something other than an array gives one failed output', async () => {
    const p = patcher(project())
    expect(await p.all([])).toEqual([])
    expect(await p.all('nope')).toEqual([{ type: 'apply_patch_call_output', call_id: '', status: 'failed', output: 'executeAll takes the array of apply_patch_call items of a response.' }])
  })

  it('approve is asked once, with every file; a refusal fails every call and writes nothing', async () => {
    const dir = project({ 'a.txt': 'a\r\n', 'b.txt': 'b\r\n' })
    const asked: ApprovalRequest[] = []
    const outs = await patcher(dir, { approve: (r) => (asked.push(r), false) }).all([
      call({ type: 'update_file', path: 'a.txt', diff: '-a\n+A\n' }),
      call({ type: 'update_file', path: 'b.txt', diff: '-b\n+B\n' }),
    ])
    expect(asked).toHaveLength(1)
    expect(asked[0].files.map((f) => f.path)).toEqual(['a.txt', 'b.txt'])
    expect(outs.map((o) => o.output)).toEqual([
      expect.stringMatching(/^update_file a\.txt: The user did not approve this change/),
      expect.stringMatching(/^update_file b\.txt: The user did not approve this change/),
    ])
    expect(bytes(dir, 'a.txt').toString('latin1')).toBe('a\r\n')
    expect(bytes(dir, 'b.txt').toString('latin1')).toBe('b\r\n')
  })
})

describe('what the tool set guarantees holds', () => {
  it('a file read through a shared read state and changed since is not patched: the output shows what changed', async () => {
    const dir = project({ 's.txt': 'a\r\n' })
    const readState = createReadState()
    const tools = createTools({ root: dir, readState })
    await tools.read_file.execute({ path: 's.txt' })
    fs.appendFileSync(path.join(dir, 's.txt'), 'b\r\n')
    const out = await patcher(dir, { readState }).one(call({ type: 'update_file', path: 's.txt', diff: '-a\n+A\n' }))
    expect(out.status).toBe('failed')
    expect(out.output).toMatch(/^update_file s\.txt: File changed on disk: s\.txt has changed since it was read .* Nothing was written\./)
    expect(out.output).toContain('This line changed since (- as you read it, + as it is now; numbered from the first line of the file):\n  1│a\n+ 2│b\n')
    expect(bytes(dir, 's.txt').toString('latin1')).toBe('a\r\nb\r\n')
  })

  it("requireRead: the host's own read, fed to the read state, lets the patch through", async () => {
    const dir = project({ 'r.txt': 'r\r\n' })
    const readState = createReadState()
    const p = patcher(dir, { readState, requireRead: true })
    const refused = await p.one(call({ type: 'update_file', path: 'r.txt', diff: '-r\n+R\n' }))
    expect(refused.output).toMatch(/^update_file r\.txt: r\.txt has not been read yet.*Read it first/)
    readState.markRead(path.join(dir, 'r.txt'), { content: fs.readFileSync(path.join(dir, 'r.txt'), 'utf8') })
    expect((await p.one(call({ type: 'update_file', path: 'r.txt', diff: '-r\n+R\n' }))).status).toBe('completed')
    expect(bytes(dir, 'r.txt').toString('latin1')).toBe('R\r\n')
  })

  it('a path outside the root, or with a line break, is refused and nothing is written', async () => {
    const outside = project({ 'o.txt': 'o\r\n' })
    const dir = project()
    const p = patcher(dir)
    for (const operation of [
      { type: 'update_file', path: path.join(outside, 'o.txt'), diff: '-o\n+x\n' },
      { type: 'delete_file', path: path.join(outside, 'o.txt') },
      { type: 'create_file', path: '../escape.txt', diff: '+x\n' },
    ] as const) {
      expect((await p.one(call(operation))).output, operation.type).toMatch(/Path outside the allowed root/)
    }
    expect((await p.one(call({ type: 'create_file', path: 'a\nb.txt', diff: '+x\n' }))).output).toMatch(/has a line break or surrounding spaces/)
    expect(bytes(outside, 'o.txt').toString('latin1')).toBe('o\r\n')
    expect(fs.existsSync(path.join(dir, '..', 'escape.txt'))).toBe(false)
  })

  it('a file of no known encoding takes ASCII changes only, and says so in words the model can act on', async () => {
    const original = Buffer.from([0x61, 0x62, 0x63, 0xff, 0xfe, 0x0d, 0x0a])
    const dir = project({ 'g.txt': original })
    const out = await patcher(dir).one(call({ type: 'update_file', path: 'g.txt', diff: '-abc\uFFFD\uFFFD\n+àbc\uFFFD\uFFFD\n' }))
    expect(out.status).toBe('failed')
    expect(out.output).toMatch(/Use only ASCII characters in the \+ lines for this file, or ask the user to declare its encoding/)
    expect(bytes(dir, 'g.txt')).toEqual(original)
  })

  it('a cancelled call writes nothing', async () => {
    const dir = project({ 'a.txt': 'a\r\n' })
    const controller = new AbortController()
    controller.abort()
    const out = await createOpenAIApplyPatch({ root: dir }).execute(call({ type: 'update_file', path: 'a.txt', diff: '-a\n+A\n' }), { signal: controller.signal })
    expect(out.output).toMatch(/^update_file a\.txt: The apply_patch call was cancelled/)
    expect(bytes(dir, 'a.txt').toString('latin1')).toBe('a\r\n')
  })
})

describe('items as the API gives them', () => {
  it('takes the output item of a response and the input item of the same shape (no id, status)', async () => {
    const dir = project({ 'a.txt': 'a\r\n' })
    const p = patcher(dir)
    expect((await p.one({ type: 'apply_patch_call', call_id: 'c1', status: 'completed', operation: { type: 'update_file', path: 'a.txt', diff: '-a\n+b\n' } })).status).toBe('completed')
    expect((await p.one({ call_id: 'c2', operation: { type: 'update_file', path: 'a.txt', diff: '-b\n+c\n' } })).status).toBe('completed')
    expect(bytes(dir, 'a.txt').toString('latin1')).toBe('c\r\n')
  })

  it('never throws: a malformed item is a failed output', async () => {
    const dir = project({ 'a.txt': 'a\r\n' })
    const p = patcher(dir)
    for (const item of [
      undefined,
      null,
      'text',
      [],
      { type: 'function_call', call_id: 'x' },
      { type: 'apply_patch_call' },
      { call_id: 'x' },
      { call_id: 'x', operation: { type: 'update_file', path: 'a.txt' } },
      { call_id: 'x', operation: { type: 'update_file', path: '', diff: '-a\n+b\n' } },
      { call_id: 'x', operation: { type: 'create_file', path: 'a.txt', diff: 5 } },
    ]) {
      const out = await p.one(item)
      expect(out.status, JSON.stringify(item)).toBe('failed')
      expect(out.type).toBe('apply_patch_call_output')
      expect(typeof out.output).toBe('string')
    }
    expect(bytes(dir, 'a.txt').toString('latin1')).toBe('a\r\n')
  })
})

describe('createOpenAIEditor, the Agents SDK’s Editor', () => {
  it('applies each method’s operation as a call, moveTo as move_to, and answers { status, output }', async () => {
    const dir = project({ 'a.txt': 'a\r\nb\r\n' })
    const editor = createOpenAIEditor({ root: dir })
    expect(await editor.updateFile({ type: 'update_file', path: 'a.txt', diff: ' a\n-b\n+B\n', moveTo: 'm/b.txt' })).toEqual({
      status: 'completed',
      output: 'Moved a.txt to m/b.txt and changed it: +1 -1 lines; each line kept its line ending (endings now: CRLF).',
    })
    expect(bytes(dir, 'm/b.txt').toString('latin1')).toBe('a\r\nB\r\n')
    expect(await editor.createFile({ type: 'create_file', path: 'n.txt', diff: '+n\n+' })).toEqual({ status: 'completed', output: 'Created n.txt: 1 line, line endings: LF.' })
    expect(await editor.deleteFile({ type: 'delete_file', path: 'n.txt' })).toEqual({ status: 'completed', output: 'Deleted n.txt.' })
    const missing = await editor.updateFile({ type: 'update_file', path: 'gone.txt', diff: '-a\n+b\n' })
    expect(missing).toEqual({ status: 'failed', output: expect.stringMatching(/^update_file gone\.txt: File not found: gone\.txt\. .*create_file operation\. Nothing was written\.$/) })
  })

  it('never throws: an operation of another type or no operation at all is a failed result', async () => {
    const dir = project({ 'a.txt': 'a\r\n' })
    const editor = createOpenAIEditor({ root: dir })
    expect((await editor.createFile({ type: 'delete_file', path: 'a.txt' } as never)).status).toBe('failed')
    expect((await editor.deleteFile(null as never)).status).toBe('failed')
    expect((await editor.updateFile({ type: 'update_file', path: 'a.txt' } as never)).output).toBe('The diff of update_file a.txt must be a string.')
    expect(bytes(dir, 'a.txt').toString('latin1')).toBe('a\r\n')
    expect(() => createOpenAIEditor({ root: dir, requireread: true } as never)).toThrow(/unknown option "requireread"/)
  })
})

describe('update_file with move_to', () => {
  it('moves the file and changes it by the diff: the old path is gone, the new one keeps the endings, BOM and mode', async () => {
    const dir = project({ 'old.txt': Buffer.from('\xef\xbb\xbfone\r\ntwo\r\n', 'latin1') })
    fs.chmodSync(path.join(dir, 'old.txt'), 0o755)
    const out = await patcher(dir).one(call({ type: 'update_file', path: 'old.txt', diff: ' one\n-two\n+TWO\n', move_to: 'sub/new.txt' }))
    expect(out).toMatchObject({ status: 'completed', output: 'Moved old.txt to sub/new.txt and changed it: +1 -1 lines; each line kept its line ending (endings now: CRLF).' })
    expect(fs.existsSync(path.join(dir, 'old.txt'))).toBe(false)
    expect(bytes(dir, 'sub/new.txt').toString('latin1')).toBe('\xef\xbb\xbfone\r\nTWO\r\n')
    // (Windows has no POSIX modes: there the bytes are the check.)
    if (can.posixModes === null) expect(fs.statSync(path.join(dir, 'sub/new.txt')).mode & 0o777).toBe(0o755)
  })

  it('with an empty or context-only diff renames the file as it is', async () => {
    const dir = project({ 'a.txt': 'a\r\nb\n', 'c.txt': 'c\r\n' })
    const p = patcher(dir)
    expect((await p.one(call({ type: 'update_file', path: 'a.txt', diff: '', move_to: 'b.txt' }))).output).toBe('Moved a.txt to b.txt; its content, line endings and BOM are as they were.')
    expect(bytes(dir, 'b.txt').toString('latin1')).toBe('a\r\nb\n')
    expect((await p.one(call({ type: 'update_file', path: 'c.txt', diff: ' c\n', move_to: 'd.txt' }))).status).toBe('completed')
    expect(bytes(dir, 'd.txt').toString('latin1')).toBe('c\r\n')
    expect(fs.existsSync(path.join(dir, 'a.txt')) || fs.existsSync(path.join(dir, 'c.txt'))).toBe(false)
  })

  it('a move_to that is not a path (a number, an empty string, an object) is refused and nothing moves', async () => {
    const dir = project({ 'a.txt': 'a\r\n' })
    const p = patcher(dir)
    for (const move_to of [5, '', {}, ' b.txt']) {
      const out = await p.one(call({ type: 'update_file', path: 'a.txt', diff: '-a\n+A\n', move_to } as never))
      expect(out.status, JSON.stringify(move_to)).toBe('failed')
      expect(out.output).toMatch(/^The move_to of update_file/)
    }
    const create = await p.one(call({ type: 'create_file', path: 'n.txt', diff: '+n', move_to: 'm.txt' } as never))
    expect(create.output).toBe('create_file n.txt has a move_to; only update_file moves a file.')
    expect(fs.readdirSync(dir)).toEqual(['a.txt'])
    expect(bytes(dir, 'a.txt').toString('latin1')).toBe('a\r\n')
  })

  it('a move_to of the file itself, or null, changes it in place', async () => {
    const dir = project({ 'a.txt': 'a\r\n' })
    const p = patcher(dir)
    expect((await p.one(call({ type: 'update_file', path: 'a.txt', diff: '-a\n+b\n', move_to: 'a.txt' }))).output).toMatch(/^Updated a\.txt: \+1 -1 lines/)
    expect((await p.one(call({ type: 'update_file', path: 'a.txt', diff: '-b\n+c\n', move_to: null }))).output).toMatch(/^Updated a\.txt: \+1 -1 lines/)
    expect(bytes(dir, 'a.txt').toString('latin1')).toBe('c\r\n')
  })

  it('onto an existing file replaces it, keeping that file’s endings and BOM, and says so', async () => {
    const dir = project({ 'a.txt': 'one\ntwo\n', 'b.txt': Buffer.from('\xef\xbb\xbfold\r\n', 'latin1') })
    const out = await patcher(dir).one(call({ type: 'update_file', path: 'a.txt', diff: ' one\n-two\n+TWO\n', move_to: 'b.txt' }))
    expect(out.output).toBe('Moved a.txt to b.txt and changed it: +1 -1 lines; it replaced the file that was at b.txt, whose line endings and BOM it has (endings now: CRLF).')
    expect(bytes(dir, 'b.txt').toString('latin1')).toBe('\xef\xbb\xbfone\r\nTWO\r\n')
    expect(fs.existsSync(path.join(dir, 'a.txt'))).toBe(false)
  })

  it('outside the root is refused; nothing moves and nothing is made outside', async () => {
    const outside = project()
    const dir = project({ 'a.txt': 'a\r\n' })
    const p = patcher(dir)
    for (const move_to of ['../escape.txt', path.join(outside, 'x.txt')]) {
      const out = await p.one(call({ type: 'update_file', path: 'a.txt', diff: '-a\n+b\n', move_to }))
      expect(out.output).toMatch(/^update_file a\.txt: Path outside the allowed root: .* Nothing was written\.$/)
    }
    expect(bytes(dir, 'a.txt').toString('latin1')).toBe('a\r\n')
    expect(fs.readdirSync(outside)).toEqual([])
    expect(fs.existsSync(path.join(dir, '..', 'escape.txt'))).toBe(false)
  })
})

describe('what the SDKs accept of a diff', () => {
  it('a diff that ends with *** End Patch (and blank lines) is applied without that line', async () => {
    const dir = project({ 'a.txt': 'a\r\n' })
    const p = patcher(dir)
    expect((await p.one(call({ type: 'update_file', path: 'a.txt', diff: '-a\n+b\n*** End Patch\n\n' }))).status).toBe('completed')
    expect((await p.one(call({ type: 'create_file', path: 'n.txt', diff: '+n\r\n+\r\n*** End Patch' }))).status).toBe('completed')
    expect(bytes(dir, 'a.txt').toString('latin1')).toBe('b\r\n')
    expect(bytes(dir, 'n.txt').toString('latin1')).toBe('n\r\n')
  })

  it('a line after *** End Patch is refused, naming it; nothing is written', async () => {
    const dir = project({ 'a.txt': 'a\r\n', 'b.txt': 'b\r\n' })
    const out = await patcher(dir).one(call({ type: 'update_file', path: 'a.txt', diff: '-a\n+A\n*** End Patch\n*** Begin Patch\n*** Update File: b.txt\n-b\n+B\n' }))
    expect(out.output).toBe(
      'Line 4 of the diff of update_file a.txt comes after line 3, which ends the patch: "*** Begin Patch". Nothing after that line is read: send each file as an operation of its own.',
    )
    expect(bytes(dir, 'a.txt').toString('latin1')).toBe('a\r\n')
    expect(bytes(dir, 'b.txt').toString('latin1')).toBe('b\r\n')
  })

  it("create_file writes the + lines joined by line breaks, as the reference does: '+hello' is hello, a final bare + the last line break", async () => {
    const dir = project()
    const p = patcher(dir)
    expect((await p.one(call({ type: 'create_file', path: 'a.txt', diff: '+hello' }))).output).toBe('Created a.txt: 1 line, with no line break after the last line, line endings: none.')
    expect((await p.one(call({ type: 'create_file', path: 'b.txt', diff: '+hello\n' }))).status).toBe('completed')
    expect((await p.one(call({ type: 'create_file', path: 'c.txt', diff: '+hello\n+' }))).output).toBe('Created c.txt: 1 line, line endings: LF.')
    expect((await p.one(call({ type: 'create_file', path: 'd.txt', diff: '+hello\n+\n+' }))).status).toBe('completed')
    expect((await p.one(call({ type: 'create_file', path: 'e.txt', diff: '' }))).status).toBe('completed')
    expect(['a.txt', 'b.txt', 'c.txt', 'd.txt', 'e.txt'].map((f) => bytes(dir, f).toString('latin1'))).toEqual(['hello', 'hello', 'hello\n', 'hello\n\n', ''])
  })

  it('a CRLF diff of create_file that ends in a bare + makes a CRLF file, and one of mixed breaks a CRLF one: never mixed endings', async () => {
    const dir = project()
    const p = patcher(dir)
    expect((await p.one(call({ type: 'create_file', path: 'a.txt', diff: '+one\r\n+two\r\n+' }))).output).toBe('Created a.txt: 2 lines, line endings: CRLF.')
    expect((await p.one(call({ type: 'create_file', path: 'b.txt', diff: '+one\n+two\r\n+three\n+' }))).output).toBe('Created b.txt: 3 lines, line endings: CRLF.')
    expect((await p.one(call({ type: 'create_file', path: 'c.txt', diff: '+one\r\n+two' }))).status).toBe('completed')
    expect(bytes(dir, 'a.txt').toString('latin1')).toBe('one\r\ntwo\r\n')
    expect(bytes(dir, 'b.txt').toString('latin1')).toBe('one\r\ntwo\r\nthree\r\n')
    expect(bytes(dir, 'c.txt').toString('latin1')).toBe('one\r\ntwo')
  })

  it('an update that changes nothing is a success that says so, and writes nothing', async () => {
    const dir = project({ 'a.txt': 'a\r\n' })
    const p = patcher(dir)
    const before = fs.statSync(path.join(dir, 'a.txt')).mtimeMs
    for (const diff of ['-a\n+a\n', ' a\n']) {
      expect(await p.one(call({ type: 'update_file', path: 'a.txt', diff }))).toMatchObject({ status: 'completed', output: 'a.txt is unchanged: it already has what the diff gives, so nothing was written.' })
    }
    expect((await p.one(call({ type: 'update_file', path: 'a.txt', diff: '' }))).output).toBe('a.txt is unchanged: the diff of update_file is empty, so nothing was written.')
    expect(bytes(dir, 'a.txt').toString('latin1')).toBe('a\r\n')
    expect(fs.statSync(path.join(dir, 'a.txt')).mtimeMs).toBe(before)
    // The file must still be there to update.
    expect((await p.one(call({ type: 'update_file', path: 'gone.txt', diff: '' }))).output).toMatch(/^update_file gone\.txt: File not found: gone\.txt\./)
  })

  it('a create and a no-op update in one executeAll are both applied: the create lands, the no-op says it changed nothing', async () => {
    const dir = project({ 'a.txt': 'a\r\nb\r\n' })
    const outs = await patcher(dir).all([
      call({ type: 'create_file', path: 'n.txt', diff: '+new\n+' }),
      call({ type: 'update_file', path: 'a.txt', diff: ' a\n-b\n+b\n' }),
      call({ type: 'update_file', path: 'a.txt', diff: '-a\n+A\n' }),
    ])
    expect(outs.map((o) => o.status)).toEqual(['completed', 'completed', 'completed'])
    expect(outs[1].output).toBe('a.txt is unchanged: it already has what the diff gives, so nothing was written.')
    expect(outs[2].output).toMatch(/^Updated a\.txt: \+1 -1 lines/)
    expect(bytes(dir, 'n.txt').toString('latin1')).toBe('new\n')
    expect(bytes(dir, 'a.txt').toString('latin1')).toBe('A\r\nb\r\n')
  })
})

describe('what the output says', () => {
  it("a UTF-16 file with an odd last byte (ff fe fd) is changed in UTF-16LE, its odd byte kept, and the output carries the library's warning", async () => {
    const dir = project({ 'binary.txt': Buffer.from([0xff, 0xfe, 0xfd]) })
    const out = await patcher(dir).one(call({ type: 'update_file', path: 'binary.txt', diff: '@@\n+x\n' }))
    expect(out.status).toBe('completed')
    expect(bytes(dir, 'binary.txt').toString('hex')).toBe('fffe78000a00fd')
    expect(out.output).toMatch(/\nWarning: The UTF-16 file ends with an odd byte/)
  })

  it('calls without a call_id are named by their place in the response', async () => {
    const dir = project({ 'a.txt': 'a\r\n' })
    const outs = await patcher(dir).all([
      call({ type: 'update_file', path: 'a.txt', diff: '-a\n+A\n' }),
      { operation: { type: 'update_file', path: 'a.txt', diff: '-a\n+A\n' } },
      { operation: { type: 'delete_file', path: 'a.txt' } },
    ])
    expect(outs[0].output).toBe(
      'update_file a.txt was not applied: apply_patch calls #2 (the 2nd of the response, which has no call_id) and #3 (the 3rd of the response, which has no call_id) of the same response failed, ' +
        'and the operations of one response are applied all or nothing. Nothing was written. Fix that operation and send them all again.',
    )
    expect(bytes(dir, 'a.txt').toString('latin1')).toBe('a\r\n')
  })

  it('a failure that is not about a diff does not ask to fix the diff', async () => {
    const dir = project({ 'a.txt': 'a\r\n' })
    const p = patcher(dir)
    for (const operation of [
      { type: 'delete_file', path: 'gone.txt' },
      { type: 'update_file', path: 'gone.txt', diff: '-a\n+b\n' },
      { type: 'delete_file', path: '../x.txt' },
      { type: 'create_file', path: 'a.txt/x', diff: '+x' },
    ] as const) {
      const out = await p.one(call(operation))
      expect(out.status).toBe('failed')
      expect(out.output, operation.path).toMatch(/ Nothing was written\.$/)
      expect(out.output).not.toMatch(/fix the diff/)
    }
    expect((await p.one(call({ type: 'update_file', path: 'a.txt', diff: '-zz\n+b\n' }))).output).toMatch(/Nothing was written: fix the diff and send the operation again\.$/)
  })

  it('10,000 one-line hunks count +10000 -10000, whatever the diff of the file shows', async () => {
    const n = 10000
    const dir = project({ 'big.txt': Array.from({ length: n }, (_, i) => `line ${i}\r\nkeep\r\n`).join('') })
    const diff = Array.from({ length: n }, (_, i) => `@@\n-line ${i}\n+LINE ${i}\n`).join('')
    const asked: ApprovalRequest[] = []
    const out = await patcher(dir, { approve: (r) => (asked.push(r), true) }).one(call({ type: 'update_file', path: 'big.txt', diff }))
    expect(out.output).toMatch(/^Updated big\.txt: \+10000 -10000 lines; /)
    expect(asked[0].summary).toBe('apply_patch update_file big.txt: +10000 -10000 lines')
    expect(bytes(dir, 'big.txt').toString('latin1')).toBe(Array.from({ length: n }, (_, i) => `LINE ${i}\r\nkeep\r\n`).join(''))
  })
})

describe('attacks on the handler', () => {
  it('a cut-off diff (an @@ line with nothing after it, a hunk cut before its change) is refused; nothing is written', async () => {
    const dir = project({ 'a.txt': 'def f():\r\n    return 1\r\n' })
    const p = patcher(dir)
    for (const diff of ['@@ def f():', '@@ def f():\n', ' def f():\n     return 1\n', '@@ def f():\n-    return 1\n+    return 2\n@@']) {
      const out = await p.one(call({ type: 'update_file', path: 'a.txt', diff }))
      expect(out.status === 'failed' || out.output.includes('is unchanged'), `${JSON.stringify(diff)}: ${out.output}`).toBe(true)
    }
    expect(bytes(dir, 'a.txt').toString('latin1')).toBe('def f():\r\n    return 1\r\n')
    const cut = await p.one(call({ type: 'create_file', path: 'n.txt', diff: '+one\n+tw\no' }))
    expect(cut.output).toMatch(/^Line 3 of the diff of create_file n\.txt does not start with \+/)
    expect(fs.existsSync(path.join(dir, 'n.txt'))).toBe(false)
  })

  it("markers in a file's lines are context like any other line, and in new lines they are content", async () => {
    const src = 'x\r\n*** End Patch\r\n*** Update File: b.txt\r\n@@ y\r\n*** End of File\r\nz\r\n'
    const dir = project({ 'a.txt': src, 'b.txt': 'b\r\n' })
    const p = patcher(dir)
    const out = await p.one(call({ type: 'update_file', path: 'a.txt', diff: ' x\n *** End Patch\n *** Update File: b.txt\n @@ y\n *** End of File\n-z\n+Z\n+*** Delete File: b.txt\n' }))
    expect(out.output).toMatch(/^Updated a\.txt: \+2 -1 lines/)
    expect(bytes(dir, 'a.txt').toString('latin1')).toBe(src.replace('z\r\n', 'Z\r\n*** Delete File: b.txt\r\n'))
    expect(bytes(dir, 'b.txt').toString('latin1')).toBe('b\r\n')
    // New envelope lines in a new file are what the markers guard refuses; a host that
    // means them turns it off, and they are the file's content.
    const envelope = call({ type: 'create_file', path: 'm.txt', diff: '+*** Begin Patch\n+*** Add File: c.txt\n+*** End Patch\n+' })
    expect((await p.one(envelope)).output).toContain('The markers guard refused this change')
    expect(fs.existsSync(path.join(dir, 'm.txt'))).toBe(false)
    expect((await patcher(dir, { guards: { markers: 'off' } }).one(envelope)).status).toBe('completed')
    expect(bytes(dir, 'm.txt').toString('latin1')).toBe('*** Begin Patch\n*** Add File: c.txt\n*** End Patch\n')
    expect(fs.existsSync(path.join(dir, 'c.txt'))).toBe(false)
  })

  it('a 100,000-line create_file and a 100,000-line hunk are applied whole', async () => {
    const n = 100_000
    const dir = project({ 'big.txt': Array.from({ length: n }, (_, i) => `old ${i}\r\n`).join('') })
    const p = patcher(dir)
    const created = await p.one(call({ type: 'create_file', path: 'new.txt', diff: Array.from({ length: n }, (_, i) => `+line ${i}\n`).join('') + '+' }))
    expect(created.output).toBe(`Created new.txt: ${n} lines, line endings: LF.`)
    const diff = Array.from({ length: n }, (_, i) => `-old ${i}\n+new ${i}\n`).join('')
    const updated = await p.one(call({ type: 'update_file', path: 'big.txt', diff }))
    expect(updated.output).toMatch(/^Updated big\.txt: \+100000 -100000 lines; .*endings now: CRLF/)
    expect(bytes(dir, 'big.txt').toString('latin1')).toBe(Array.from({ length: n }, (_, i) => `new ${i}\r\n`).join(''))
  })

  it('under umask 077, a created file and its folders get exactly 0600 and 0700; a moved file keeps its mode exactly', async (ctx) => {
    skipUnless(ctx, can.posixModes)
    const dir = project({ 'tool.sh': '#!/bin/sh\r\necho a\r\n' })
    fs.chmodSync(path.join(dir, 'tool.sh'), 0o751)
    const old = process.umask(0o077)
    try {
      const p = patcher(dir)
      expect((await p.one(call({ type: 'create_file', path: 'deep/er/new.txt', diff: '+x\n+' }))).status).toBe('completed')
      expect((await p.one(call({ type: 'update_file', path: 'tool.sh', diff: '-echo a\n+echo b\n', move_to: 'bin/tool.sh' }))).status).toBe('completed')
    } finally {
      process.umask(old)
    }
    const mode = (f: string) => fs.statSync(path.join(dir, f)).mode & 0o7777
    expect([mode('deep'), mode('deep/er'), mode('deep/er/new.txt'), mode('bin/tool.sh')]).toEqual([0o700, 0o700, 0o600, 0o751])
  })

  it('a folder swapped for a link out of the root after the change was shown is not written through', async (ctx) => {
    skipUnless(ctx, can.symlink)
    const outside = project({ 'a.txt': 'a\r\n' })
    const dir = project({ 'sub/a.txt': 'a\r\n' })
    const out = await patcher(dir, {
      approve: () => {
        // Between the dry run the user saw and the write: sub becomes a link to a folder
        // outside, with a file of the same bytes (so the same version) in it.
        fs.renameSync(path.join(dir, 'sub'), path.join(dir, 'sub.old'))
        fs.symlinkSync(outside, path.join(dir, 'sub'))
        return true
      },
    }).one(call({ type: 'update_file', path: 'sub/a.txt', diff: '-a\n+pwned\n', move_to: 'sub/b.txt' }))
    expect(out.status).toBe('failed')
    expect(out.output).toMatch(/Path outside the allowed root/)
    expect(fs.readdirSync(outside)).toEqual(['a.txt'])
    expect(bytes(outside, 'a.txt').toString('latin1')).toBe('a\r\n')
  })
})

// ---------------------------------------------------------------------------

/** What apply_patch's model has never seen: the agent tools' names and arguments, the envelope. */
const FOREIGN = ['read_file', 'write_file', 'edit_file', 'multi_edit', 'delete_range', 'old_text', 'new_text', 'replace_all', 'start_anchor', 'end_anchor', 'file_path']
const ENVELOPE = ['*** Begin Patch', '*** End Patch', '*** Add File', '*** Update File', '*** Delete File', '*** Move to']

function foreignNames(given: string): string[] {
  // A line of the model's own diff may be quoted back to it, and so may a line of the
  // file as the change would make it (`12│text`).
  const text = given.replace(/(Line \d+ of the diff of [^:]+: [^"]*)"(?:[^"\\]|\\.)*"/g, '$1').replace(/^ *\d+\u2502.*$/gm, '')
  const problems = FOREIGN.filter((name) => new RegExp(`\\b${name}\\b`).test(text)).map((name) => `names ${name}`)
  problems.push(...ENVELOPE.filter((marker) => text.includes(marker)).map((marker) => `names the envelope's ${marker}`))
  if (/"encoding"/.test(text)) problems.push('names the "encoding" argument')
  return [...problems, ...toolOutputProblems(text)]
}

describe('outputs name only the tool\'s operations and its diff', () => {
  it('no output in this file names what the model does not have', () => {
    expect(produced.length).toBeGreaterThan(60)
    const problems = produced.flatMap((o) => foreignNames(o.output).map((p) => `${p}\n  ${o.output.slice(0, 300)}`))
    expect(problems).toEqual([])
  })

  it("the scan finds the other tools' words", () => {
    expect(foreignNames('use write_file or `*** Add File:`, "encoding": "x"')).toHaveLength(3)
  })
})
