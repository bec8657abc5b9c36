// Compile-time checks of index.d.ts, run by `npx tsc --noEmit -p tsconfig.json`:
// each `@ts-expect-error` fails the check when the declaration it guards grows loose.

import { applyDeleteRange, applyEdits, EolEditError, type ErrorCode } from '../../index.js'

export const text: string = applyEdits('a\r\n', [{ oldText: 'a', newText: 'b' }]).content
export const bytes: Buffer = applyEdits(Buffer.from('a\r\n'), [{ oldText: 'a', newText: 'b' }]).content
export const deleted: string = applyDeleteRange('a\nb\nc\n', 1, 3).content
export const deletedBytes: Buffer = applyDeleteRange(Buffer.from('a\nb\nc\n'), 1, 3).content
// @ts-expect-error a Buffer in gives a Buffer out, not a string
export const notText: string = applyEdits(Buffer.from('a'), [{ oldText: 'a', newText: 'b' }]).content
// @ts-expect-error a string in gives a string out, not a Buffer
export const notBytes: Buffer = applyDeleteRange('a\nb\n', 1, 2).content
declare const either: string | Buffer
export const unionIn: string | Buffer = applyEdits(either, []).content

export function describeFailure(error: unknown): string {
  if (error instanceof EolEditError) {
    const code: ErrorCode = error.code
    const where: number[] | undefined = error.lines
    const indexes: Array<number | undefined> = [error.editIndex, error.fileIndex, error.hunkIndex]
    const hint: string | undefined = error.hint
    // @ts-expect-error code is a union of the known codes, not any string
    const unknownCode: typeof error.code = 'SOMETHING_ELSE'
    return [code, where, indexes, hint, unknownCode, error.stack].join(' ')
  }
  return String(error)
}

export const made: Error = new EolEditError('The user said no.', { code: 'REJECTED' })
export const codes: ErrorCode[] = ['ENCODING_UNMAPPABLE', 'PATCH_INVALID', 'REJECTED']
// @ts-expect-error the constructor needs a code
export const noCode = new EolEditError('x', {})

// Prepared changes: files are typed, commit resolves to one EditResult per file.
import { prepareEdit, prepareWriteSync, type ChangedRange, type CommitResult, type Prepared, type PreparedFile } from '../../index.js'

export async function prepareAndCommit(path: string): Promise<number> {
  const prepared: Prepared = await prepareEdit(path, 'a', 'b', { dryRun: true })
  const [file]: PreparedFile[] = prepared.files
  const before: string | undefined = file.versionBefore
  const action: 'update' | 'add' | 'delete' | 'move' = file.action
  const range: ChangedRange | undefined = file.ranges[0]
  // @ts-expect-error an action is one of the four a patch has, not any string
  const other: typeof file.action = 'rename'
  // versionAfter is absent for a patch's delete.
  const after: string | undefined = file.versionAfter
  const movedTo: string | undefined = file.movedTo
  const committed: CommitResult = await prepared.commit()
  const again: CommitResult = prepareWriteSync(path, 'x').commitSync()
  // @ts-expect-error unknown options are refused by the declarations too
  await prepareEdit(path, 'a', 'b', { rooot: '.' })
  return [before, action, range?.start, range?.end, range?.text, other, after, movedTo].length + committed.files[0].ranges.length + again.files.length
}

// A prepared patch: one file per section, and the commit's result in `patch`.
import { preparePatch, preparePatchSync, type PatchResult } from '../../index.js'

export async function preparePatchAndCommit(patch: string): Promise<number> {
  const prepared: Prepared = await preparePatch(patch, { cwd: '.', dryRun: true })
  const result: PatchResult | undefined = (await prepared.commit()).patch
  // @ts-expect-error unknown options are refused by the declarations too
  preparePatchSync(patch, { dry_run: true })
  return prepared.files.length + (result?.files.length ?? 0)
}
