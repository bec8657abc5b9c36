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
  createReadState,
  createTools,
  type ApprovalRequest,
  type CreateOpenAIApplyPatchOptions,
  type OpenAIApplyPatchCall,
  type OpenAIApplyPatchOutput,
} from '../tools.js'
import { toolOutputProblems } from './support/wording.js'
import { makeProject } from './support/project.js'

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
  it('a file read through a shared read state and changed since is not patched: read it again', async () => {
    const dir = project({ 's.txt': 'a\r\n' })
    const readState = createReadState()
    const tools = createTools({ root: dir, readState })
    await tools.read_file.execute({ path: 's.txt' })
    fs.appendFileSync(path.join(dir, 's.txt'), 'b\r\n')
    const out = await patcher(dir, { readState }).one(call({ type: 'update_file', path: 's.txt', diff: '-a\n+A\n' }))
    expect(out.status).toBe('failed')
    expect(out.output).toMatch(/^update_file s\.txt: File changed on disk: .* Read it again and redo/)
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

// ---------------------------------------------------------------------------

/** What apply_patch's model has never seen: the agent tools' names and arguments, the envelope. */
const FOREIGN = ['read_file', 'write_file', 'edit_file', 'multi_edit', 'delete_range', 'old_text', 'new_text', 'replace_all', 'start_anchor', 'end_anchor', 'file_path']
const ENVELOPE = ['*** Begin Patch', '*** End Patch', '*** Add File', '*** Update File', '*** Delete File', '*** Move to']

function foreignNames(given: string): string[] {
  // A line of the model's own diff may be quoted back to it.
  const text = given.replace(/(Line \d+ of the diff of [^:]+: [^"]*)"(?:[^"\\]|\\.)*"/g, '$1')
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
