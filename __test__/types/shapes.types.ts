// Compile-time checks of the tool shapes' declarations in tools.d.ts, run by
// `npx tsc --noEmit -p tsconfig.json` (strict): each shape's set by its host's tool
// names, its arguments by the host's names, and its result in the host's form. Each
// `@ts-expect-error` fails the check when the declaration it guards grows loose.

import {
  createReadState,
  createTools,
  type AnyToolSet,
  type ClaudeCodeEditArgs,
  type ClaudeCodeMultiEditArgs,
  type ClaudeCodeReadArgs,
  type ClaudeCodeTools,
  type ClineReplaceInFileArgs,
  type ClineTools,
  type GeminiCliTools,
  type GeminiErrorType,
  type GeminiFileDiff,
  type GeminiReadFileArgs,
  type GeminiReplaceArgs,
  type GeminiToolResult,
  type OpenCodeApplyPatchArgs,
  type OpenCodeContext,
  type OpenCodeEditArgs,
  type OpenCodeReadArgs,
  type OpenCodeResult,
  type OpenCodeTools,
  type RooApplyDiffArgs,
  type RooReadFileArgs,
  type RooTools,
  type RooWriteToFileArgs,
  type ShapeTool,
  type ToolResultContent,
  type Tools,
  type ToolShape,
} from '../../tools.js'

const readState = createReadState()

// Each shape's name gives its host's set; no shape gives the tools' own.
export const dskcode: Tools = createTools({ shape: 'dskcode', readState })
export const opencode: OpenCodeTools = createTools({ shape: 'opencode', root: '.', readState })
export const claudeCode: ClaudeCodeTools = createTools({ shape: 'claude-code', readState, requireRead: false })
export const gemini: GeminiCliTools = createTools({ shape: 'gemini-cli', readState })
export const cline: ClineTools = createTools({ shape: 'cline', readState })
export const roo: RooTools = createTools({ shape: 'roo', readState })
// @ts-expect-error the opencode shape is not the tools' own set
export const notDskcode: Tools = createTools({ shape: 'opencode' })
// @ts-expect-error not a shape
export const noSuchShape = createTools({ shape: 'cursor' })
export const shapes: ToolShape[] = ['dskcode', 'opencode', 'claude-code', 'gemini-cli', 'cline', 'roo']
export const everySet: AnyToolSet[] = [dskcode, opencode, claudeCode, gemini, cline, roo]

// Tool names are the host's, as literal types.
export const opencodeNames: Array<'read' | 'write' | 'edit' | 'apply_patch'> = [opencode.read.name, opencode.write.name, opencode.edit.name, opencode.apply_patch.name]
export const claudeNames: Array<'Read' | 'Write' | 'Edit' | 'MultiEdit'> = [claudeCode.Read.name, claudeCode.Write.name, claudeCode.Edit.name, claudeCode.MultiEdit.name]
export const geminiNames: Array<'read_file' | 'write_file' | 'replace'> = [gemini.read_file.name, gemini.write_file.name, gemini.replace.name]
export const clineNames: Array<'read_file' | 'write_to_file' | 'replace_in_file'> = [cline.read_file.name, cline.write_to_file.name, cline.replace_in_file.name]
export const rooNames: Array<'read_file' | 'write_to_file' | 'apply_diff'> = [roo.read_file.name, roo.write_to_file.name, roo.apply_diff.name]
// @ts-expect-error OpenCode's edit tool is `edit`, not Claude Code's `Edit`
export const wrongSet = opencode.Edit
// @ts-expect-error gemini-cli has no write_to_file
export const wrongGemini = gemini.write_to_file
// @ts-expect-error a tool's name is its own
export const wrongName: 'Edit' = claudeCode.Write.name

// Arguments by the host's names.
export const opencodeEdit: OpenCodeEditArgs = { filePath: 'a.ts', oldString: '', newString: 'x', replaceAll: true }
export const opencodeRead: OpenCodeReadArgs = { filePath: 'a.ts', offset: 1, limit: 10 }
export const opencodePatch: OpenCodeApplyPatchArgs = { patchText: '*** Begin Patch\n*** End Patch\n' }
// @ts-expect-error OpenCode spells it filePath
export const opencodeSnake: OpenCodeEditArgs = { file_path: 'a.ts', oldString: 'a', newString: 'b' }
export const claudeEdit: ClaudeCodeEditArgs = { file_path: 'a.ts', old_string: 'a', new_string: 'b', replace_all: false }
export const claudeRead: ClaudeCodeReadArgs = { file_path: 'a.ts', offset: 2, limit: 5 }
export const claudeMulti: ClaudeCodeMultiEditArgs = { file_path: 'a.ts', edits: [{ old_string: 'a', new_string: 'b' }, { old_string: 'c', new_string: 'd', replace_all: true }] }
// @ts-expect-error MultiEdit's edits need old_string and new_string
export const claudeMultiBad: ClaudeCodeMultiEditArgs = { file_path: 'a.ts', edits: [{ old_string: 'a' }] }
// @ts-expect-error Claude Code spells it old_string
export const claudeCamel: ClaudeCodeEditArgs = { file_path: 'a.ts', oldString: 'a', new_string: 'b' }
export const geminiReplace: GeminiReplaceArgs = { file_path: '/p/a.ts', old_string: 'a', new_string: 'b', expected_replacements: 2 }
export const geminiRead: GeminiReadFileArgs = { file_path: '/p/a.ts', start_line: 1, end_line: null }
// @ts-expect-error expected_replacements is a number
export const geminiCount: GeminiReplaceArgs = { file_path: 'a', old_string: 'a', new_string: 'b', expected_replacements: 'all' }
export const clineDiff: ClineReplaceInFileArgs = { path: 'a.ts', diff: '------- SEARCH\na\n=======\nb\n+++++++ REPLACE' }
// @ts-expect-error replace_in_file needs a diff
export const clineNoDiff: ClineReplaceInFileArgs = { path: 'a.ts' }
export const rooDiff: RooApplyDiffArgs = { path: 'a.ts', diff: '<<<<<<< SEARCH\n:start_line:3\n-------\na\n=======\nb\n>>>>>>> REPLACE' }
export const rooRead: RooReadFileArgs = { path: 'a.ts', start_line: 3, end_line: 9 }
export const rooWrite: RooWriteToFileArgs = { path: 'a.ts', content: 'x\n', line_count: 1 }
// @ts-expect-error line_count is a number
export const rooWriteBad: RooWriteToFileArgs = { path: 'a.ts', content: 'x\n', line_count: '1' }

// Results in the host's form.
export async function results(): Promise<void> {
  const context: OpenCodeContext = { abort: new AbortController().signal, sessionID: 'ses', messageID: 'msg', callID: 'call', agent: 'build' }
  const edited: OpenCodeResult = await opencode.edit.execute(opencodeEdit, context)
  const output: string = edited.output
  const title: string = edited.title
  // @ts-expect-error OpenCode's result is not a string
  const notText: string = await opencode.read.execute(opencodeRead)
  const claude: ToolResultContent = await claudeCode.Edit.execute(claudeEdit)
  const isError: true | undefined = claude.is_error
  // @ts-expect-error is_error is only ever true
  const falseError: ToolResultContent = { content: 'x', is_error: false }
  const replaced: GeminiToolResult = await gemini.replace.execute(geminiReplace)
  const type: GeminiErrorType | undefined = replaced.error?.type
  const display: string | GeminiFileDiff = replaced.returnDisplay
  // @ts-expect-error not one of gemini-cli's error types
  const noType: GeminiErrorType = 'no_such_error'
  const clineText: string = await cline.replace_in_file.execute(clineDiff)
  const rooText: string = await roo.apply_diff.execute(rooDiff)
  // @ts-expect-error Roo's result is the text its model reads
  const rooObject: { content: string } = await roo.read_file.execute(rooRead)
  // A shape's tool is a ShapeTool of its arguments and result.
  const tool: ShapeTool<GeminiReplaceArgs, GeminiToolResult, 'replace'> = gemini.replace
  readState.markRead('a.ts', { content: 'one\r\ntwo\r\n' })
  void [output, title, notText, isError, falseError, type, display, noType, clineText, rooText, rooObject, tool]
}
