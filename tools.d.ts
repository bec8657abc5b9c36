/**
 * Drop-in agent tools: `read_file`, `write_file`, `edit_file`, `multi_edit`,
 * `delete_range` and `apply_patch`, each with a model-facing description, a JSON Schema for its
 * arguments and an `execute` that never throws or rejects.
 *
 * ```ts
 * import { createTools, toOpenAITools } from 'eol-edit/tools'
 * const tools = createTools({ root: process.cwd(), requireRead: true })
 * const result = await tools.edit_file.execute({ path: 'a.ts', old_text: 'a', new_text: 'b' })
 * ```
 */

import type { ErrorCode, GuardReason } from './index.js'

/** Error codes a failed tool call reports in `error` (`REJECTED`: the host's `approve` said no). */
export type ToolErrorCode = ErrorCode

/** A successful call. */
export interface ToolSuccess {
  success: true
  /** The text for the model: numbered lines (read_file), or a summary and the diff. */
  data: string
  error?: undefined
  /** The path as the model gave it. */
  path?: string
  /** For the host: the unified diff of the change (none for read_file). */
  diff?: string
  /** For the host: one line, e.g. `edit_file src/a.ts: +2 -1 lines`. */
  summary?: string
  /**
   * For the host to show its user: a hard link broken, an encoding guessed, endings
   * made mixed, an argument the model sent that no tool knows (`ignored unknown
   * argument "replaceAll2"`). `data` says the same to the model.
   */
  warnings?: string[]
}

/** A failed call: nothing was written. */
export interface ToolFailure {
  success: false
  /** The error's message and hint for the model, worded so that one retry is enough. */
  data: string
  error: ToolErrorCode
  path?: string
  diff?: undefined
  summary?: string
  /** Arguments the call ignored because no tool knows them (`data` names them too). */
  warnings?: string[]
}

/**
 * What `execute` resolves to. `data` is the text to hand back to the model; `diff`
 * and `summary` are for the host.
 */
export type ToolResult = ToolSuccess | ToolFailure

/** What a host may pass with each call. */
export interface ToolContext {
  /** Folder relative paths are taken from in this call (default: the tool set's). */
  cwd?: string
  /** Checked before anything is written: an aborted call fails with `REJECTED`. */
  signal?: AbortSignal
  /**
   * The Vercel AI SDK's call options (`ToolExecutionOptions`) are a context too, so
   * `execute: tool.execute` works there: `abortSignal` is taken as `signal` when no
   * `signal` is given, and `toolCallId`, `messages`, `context` and
   * `experimental_sandbox` are accepted and not used.
   */
  abortSignal?: AbortSignal
  toolCallId?: string
  messages?: unknown[]
  context?: unknown
  experimental_sandbox?: unknown
}

/** The JSON types a schema names. */
export type JsonSchemaType = 'string' | 'number' | 'integer' | 'boolean' | 'object' | 'array' | 'null'

/**
 * A JSON Schema node as the tools use it (the subset every model API accepts). A type
 * alias, not an interface, so that it is assignable both to JSON Schema types (the AI
 * SDK's `JSONSchema7`) and to the SDKs' `{ [key: string]: unknown }` parameters.
 */
export type JsonSchema = {
  type?: JsonSchemaType | JsonSchemaType[]
  description?: string
  properties?: { [name: string]: JsonSchema }
  required?: string[]
  additionalProperties?: boolean
  items?: JsonSchema
  anyOf?: JsonSchema[]
  enum?: Array<string | number | boolean | null>
  minimum?: number
  minItems?: number
}

/** The JSON Schema of a tool's arguments. */
export type JsonSchemaObject = JsonSchema & {
  type: 'object'
  properties: { [name: string]: JsonSchema }
  required: string[]
}

export interface Tool<Args, Name extends string = string> {
  readonly name: Name
  /** Model-facing description (short; sent with every request). */
  description: string
  /**
   * JSON Schema of `Args`, snake_case. Each tool set has its own copy: changing it
   * changes nothing else.
   */
  parameters: JsonSchemaObject
  /**
   * Runs the tool. Never throws and never rejects: anything wrong, including arguments
   * of the wrong type or no arguments at all, resolves to `{ success: false }`.
   * `args` may also be the JSON text of the arguments (as OpenAI delivers them), use
   * camelCase spellings, and have `null` for an optional argument. An argument no
   * spelling names is ignored and named in the result's `warnings` and `data`. An
   * unknown key in `context` (other than the AI SDK's own call options) fails the call
   * with `INVALID_ARGUMENT`.
   */
  execute(args: Args, context?: ToolContext): Promise<ToolResult>
  execute(args: unknown, context?: ToolContext): Promise<ToolResult>
}

/** The argument every tool takes. */
export interface EncodingArg {
  /**
   * The file's encoding as a WHATWG label (`'windows-1252'`, `'shift_jis'`,
   * `'utf-16le'`, …), for a file that is not UTF-8 whose encoding cannot be told from
   * its bytes, or a new file in a legacy encoding. Default: detected.
   */
  encoding?: string | null
}

/**
 * The argument every tool that brings text in takes: the guards (`GuardReason`) to let
 * through on purpose, after a call was refused with `SUSPECT_CONTENT` for text the
 * model means exactly as it is. A guard the host made final (`guards`) is not let
 * through.
 */
export interface AllowArg {
  allow?: GuardReason[] | null
}

export interface ReadFileArgs extends EncodingArg {
  path: string
  /** First line to read, 1-based (default 1). `start_line`/`startLine` are read the same way. */
  offset?: number | null
  /** How many lines to read (default 2000, or `maxReadLines`). `end_line`/`endLine` may be given instead. */
  limit?: number | null
}

export interface WriteFileArgs extends EncodingArg, AllowArg {
  path: string
  /** The whole new content; line breaks written as `\n`. */
  content: string
  /** `'preserve'` (default) keeps the file's endings; `'lf'` / `'crlf'` convert on purpose. */
  eol?: 'preserve' | 'lf' | 'crlf' | null
}

export interface EditFileArgs extends EncodingArg, AllowArg {
  path: string
  old_text: string
  new_text: string
  replace_all?: boolean | null
}

/** One edit of `multi_edit` (dskcode's `{ oldText, newText, replaceAll }` is accepted too). */
export interface MultiEditEdit {
  old_text: string
  new_text: string
  replace_all?: boolean | null
}

export interface MultiEditArgs extends EncodingArg, AllowArg {
  path: string
  /** Applied in order, all or nothing. */
  edits: MultiEditEdit[]
}

/** Each end of the range is an anchor or a line number, not both. */
export interface DeleteRangeArgs extends EncodingArg {
  path: string
  /** A whole line as read_file shows it, or a 1-based line number. */
  start_anchor?: string | number | null
  /** A whole line as read_file shows it, or a 1-based line number. */
  end_anchor?: string | number | null
  /** The first anchor line's 1-based number, instead of `start_anchor`. */
  start_line?: number | null
  /** The last anchor line's 1-based number, instead of `end_anchor`. */
  end_line?: number | null
  /** Also delete the anchor lines (default false). */
  inclusive?: boolean | null
}

/**
 * The whole patch: the `*** Begin Patch` format or a unified diff. `input` is Codex's
 * name for it; OpenCode's `patchText` is accepted too. `encoding` applies to every
 * file of the patch.
 */
export type ApplyPatchArgs = ({ input: string } | { patchText: string }) & EncodingArg & AllowArg

export interface Tools {
  read_file: Tool<ReadFileArgs, 'read_file'>
  write_file: Tool<WriteFileArgs, 'write_file'>
  edit_file: Tool<EditFileArgs, 'edit_file'>
  multi_edit: Tool<MultiEditArgs, 'multi_edit'>
  delete_range: Tool<DeleteRangeArgs, 'delete_range'>
  apply_patch: Tool<ApplyPatchArgs, 'apply_patch'>
}

export type ToolName = keyof Tools
export type AnyTool = Tools[ToolName]

/** What `approve` is asked: one request per call, with every file the call would change. */
export interface ApprovalRequest {
  tool: string
  /** The (first) file, as the model gave it. */
  path: string
  /** Unified diff of the whole change (every file's, one after the other). */
  diff: string
  /** One line per file, e.g. `edit_file src/a.ts: +2 -1 lines`. */
  summary: string
  files: Array<{ path: string; diff: string; summary: string }>
}

/** `true` lets the change be written; anything else (false, a throw) fails the call with `REJECTED`. */
export type Approve = (request: ApprovalRequest) => boolean | Promise<boolean>

/**
 * A guard's setting in a tool set: `'on'` (the default: it refuses, and the model's
 * `allow` lets it through), `'off'` (it never refuses), `'final'` (it refuses, and
 * `allow` does not let it through; the refusal says to write the text another way or
 * ask the user).
 */
export type GuardSetting = 'on' | 'off' | 'final'

/** Each guard's setting (docs/guarantees.md); a guard left out is `'on'`. */
export type GuardSettings = { [Reason in GuardReason]?: GuardSetting }

export interface CreateToolsOptions {
  /**
   * Whose tools: `'dskcode'` (default: `read_file`, `write_file`, `edit_file`,
   * `multi_edit`, `delete_range`, `apply_patch`), or the tools of another agent with its
   * tool and argument names, results and words (`'opencode'`, `'claude-code'`,
   * `'gemini-cli'`, `'cline'`, `'roo'`; see `createTools` overloads).
   */
  shape?: ToolShape
  /**
   * Folder(s) every path must really be inside (after `..` and symlinks); anything
   * else fails with `PATH_OUTSIDE_ROOT`. Relative roots are taken from `cwd`. A root
   * that is not an existing folder throws at creation.
   */
  root?: string | string[]
  /**
   * Folder relative paths are taken from. Default: the first root when `root` is
   * given, else the process's working folder at the time of each call.
   */
  cwd?: string
  /**
   * Refuse (`FILE_CHANGED`) to change an existing file this tool set has not read.
   * Whatever this says, a file the set read or wrote that changed on disk since is
   * refused with `FILE_CHANGED`. Default: false, except in the `'opencode'` and
   * `'claude-code'` shapes, whose hosts refuse it too.
   */
  requireRead?: boolean
  /**
   * Called before every write with the change computed as a dry run; the write
   * happens only if it returns (or resolves to) `true`.
   */
  approve?: Approve
  /** Lines read_file returns when the model gives no `limit` (default 2000). */
  maxReadLines?: number
  /**
   * Characters of file text read_file returns at most (default 100000); lines are
   * kept whole below it and the footer says where to continue.
   */
  maxReadChars?: number
  /**
   * Files larger than this many bytes fail with `FILE_TOO_LARGE` (default 64 MiB, 0
   * for no limit): the library's `maxBytes`, which only the host may raise.
   */
  maxBytes?: number
  /** fsync each written file and its folder before the call returns (the library's `durable`). */
  durable?: boolean
  /**
   * What the model has seen of each file, from `createReadState()`: shared with other
   * tool sets and the host handlers, and fed by the host's own read tool
   * (`markRead`), so that a read through any of them counts for `requireRead` and the
   * stale-read guard, and a write through one is not an outside change to another.
   * Default: the tool set's own.
   */
  readState?: ReadState
  /**
   * The guards against a model's own mistakes every tool that brings text in runs
   * (`SUSPECT_CONTENT`: a placeholder for code left out, a whole file cut short, a
   * control character, an edit's own markers): each `'on'` by default, or `'off'`, or
   * `'final'` so that the model's `allow` cannot let it through. An unknown guard
   * throws an `EolEditError` at creation; a setting of the wrong kind a `TypeError`.
   */
  guards?: GuardSettings
}

/**
 * What the model has seen of each file: the version of every file it read or wrote.
 * Files are known by their real path (relative paths are taken from the read state's
 * `cwd`, symbolic links are followed, and a file system that ignores case sees one
 * file under every spelling), so a link and its target are one file.
 */
export interface ReadState {
  /**
   * Records that the model has seen the file: at a `version` the library gave (its
   * `readFile`, or a write's result), or with the `content` the host's read tool read:
   * its bytes, or its text (CRLF and BOM included, or turned into LF), which counts
   * when it is the text eol-edit shows of the file now (or, for a file that is not
   * UTF-8, its bytes read one for one as Latin-1). A file that does not have it is
   * stale, so that a change to it fails with `FILE_CHANGED` until it is read again; a
   * host that decodes with replacement characters passes the bytes. A missing file is
   * forgotten. Throws a `TypeError` for a malformed argument.
   */
  markRead(path: string, read: { version: string } | { content: string | Uint8Array }): void
  /** Forgets what the model has seen of a file: with `requireRead`, it must be read again. */
  forget(path: string): void
}

export interface CreateReadStateOptions {
  /** Folder relative paths of `markRead` and `forget` are taken from (default: the process's, at each call). */
  cwd?: string
}

/**
 * A read state to share (`createTools({ readState })`, the host handlers' `readState`).
 * Throws an `EolEditError` (`INVALID_ARGUMENT`) for an unknown option or a `cwd` that
 * is not an existing folder.
 */
export declare function createReadState(options?: CreateReadStateOptions): ReadState

/**
 * Builds the tools. Throws a `TypeError` for malformed options, and an `EolEditError`
 * (`INVALID_ARGUMENT`) for an unknown option (naming the closest known one), an
 * unknown `shape`, or a `root` or `cwd` that is not an existing folder.
 */
export declare function createTools(options?: CreateToolsOptions & { shape?: 'dskcode' }): Tools
/** OpenCode's tools: `read`, `write`, `edit`, `apply_patch`. */
export declare function createTools(options: CreateToolsOptions & { shape: 'opencode' }): OpenCodeTools
/** Claude Code's tools: `Read`, `Write`, `Edit`, `MultiEdit`. */
export declare function createTools(options: CreateToolsOptions & { shape: 'claude-code' }): ClaudeCodeTools
/** gemini-cli's tools: `read_file`, `write_file`, `replace`. */
export declare function createTools(options: CreateToolsOptions & { shape: 'gemini-cli' }): GeminiCliTools
/** Cline's tools: `read_file`, `write_to_file`, `replace_in_file`. */
export declare function createTools(options: CreateToolsOptions & { shape: 'cline' }): ClineTools
/** Roo Code's tools: `read_file`, `write_to_file`, `apply_diff`. */
export declare function createTools(options: CreateToolsOptions & { shape: 'roo' }): RooTools
export declare function createTools(options?: CreateToolsOptions): AnyToolSet

// ---------------------------------------------------------------------------
// Tool shapes: the tools of other agents, by their names

/** Whose tools `createTools` builds. */
export type ToolShape = 'dskcode' | 'opencode' | 'claude-code' | 'gemini-cli' | 'cline' | 'roo'

/** Any shape's tool set. */
export type AnyToolSet = Tools | OpenCodeTools | ClaudeCodeTools | GeminiCliTools | ClineTools | RooTools

/**
 * A tool of a shape: `execute` resolves to the host's own result (OpenCode's tools
 * reject with an `Error` whose message is what the model reads instead).
 */
export interface ShapeTool<Args, Result, Name extends string = string> {
  readonly name: Name
  /** Model-facing description (short; sent with every request). */
  description: string
  /** JSON Schema of `Args`, by the host's names. Each tool set has its own copy. */
  parameters: JsonSchemaObject
  execute(args: Args, context?: ToolContext): Promise<Result>
  execute(args: unknown, context?: ToolContext): Promise<Result>
}

/** The argument every tool of a shape takes besides its host's: the file's encoding, when it cannot be told. */
export interface ShapeEncodingArg {
  encoding?: string | null
}

// OpenCode

/** What an OpenCode tool resolves to. */
export interface OpenCodeResult {
  /** The file, relative to the working folder when inside it. */
  title: string
  /** What the model reads. */
  output: string
  /** For the host's UI: `diff` (and `filediff`) for a change. */
  metadata: Record<string, unknown>
}

/**
 * OpenCode's tool context, as OpenCode passes it to `execute`: `abort` cancels a call;
 * its other keys are taken and not used.
 */
export interface OpenCodeContext extends ToolContext {
  abort?: AbortSignal
  sessionID?: unknown
  messageID?: unknown
  callID?: unknown
  agent?: unknown
  metadata?: unknown
  ask?: unknown
  extra?: unknown
}

/** An OpenCode tool: `execute` rejects with an `Error` (`code`, `path`) whose message is what the model reads. */
export interface OpenCodeTool<Args, Name extends string> extends ShapeTool<Args, OpenCodeResult, Name> {
  execute(args: Args, context?: OpenCodeContext): Promise<OpenCodeResult>
  execute(args: unknown, context?: OpenCodeContext): Promise<OpenCodeResult>
}

export interface OpenCodeReadArgs extends ShapeEncodingArg {
  filePath: string
  /** The first line, 1-based (default 1). */
  offset?: number | null
  /** How many lines (default 2000, or `maxReadLines`). */
  limit?: number | null
}

export interface OpenCodeWriteArgs extends ShapeEncodingArg, AllowArg {
  filePath: string
  content: string
}

export interface OpenCodeEditArgs extends ShapeEncodingArg, AllowArg {
  filePath: string
  /** Empty: `newString` becomes the whole file (created if needed). */
  oldString: string
  newString: string
  replaceAll?: boolean | null
}

export interface OpenCodeApplyPatchArgs extends ShapeEncodingArg, AllowArg {
  patchText: string
}

export interface OpenCodeTools {
  read: OpenCodeTool<OpenCodeReadArgs, 'read'>
  write: OpenCodeTool<OpenCodeWriteArgs, 'write'>
  edit: OpenCodeTool<OpenCodeEditArgs, 'edit'>
  apply_patch: OpenCodeTool<OpenCodeApplyPatchArgs, 'apply_patch'>
}

// Claude Code

/** A tool_result's content, as Claude Code's tools give it (`is_error` on a failure). */
export interface ToolResultContent {
  content: string
  is_error?: true
}

export interface ClaudeCodeReadArgs extends ShapeEncodingArg {
  file_path: string
  offset?: number | null
  limit?: number | null
}

export interface ClaudeCodeWriteArgs extends ShapeEncodingArg, AllowArg {
  file_path: string
  content: string
}

export interface ClaudeCodeEditArgs extends ShapeEncodingArg, AllowArg {
  file_path: string
  /** Empty: create the file (it must not exist, or be empty) with `new_string`. */
  old_string: string
  new_string: string
  replace_all?: boolean | null
}

/** One edit of `MultiEdit`. */
export interface ClaudeCodeEdit {
  old_string: string
  new_string: string
  replace_all?: boolean | null
}

export interface ClaudeCodeMultiEditArgs extends ShapeEncodingArg, AllowArg {
  file_path: string
  edits: ClaudeCodeEdit[]
}

export interface ClaudeCodeTools {
  Read: ShapeTool<ClaudeCodeReadArgs, ToolResultContent, 'Read'>
  Write: ShapeTool<ClaudeCodeWriteArgs, ToolResultContent, 'Write'>
  Edit: ShapeTool<ClaudeCodeEditArgs, ToolResultContent, 'Edit'>
  MultiEdit: ShapeTool<ClaudeCodeMultiEditArgs, ToolResultContent, 'MultiEdit'>
}

// gemini-cli

/** gemini-cli's error types, as its tools report them. */
export type GeminiErrorType =
  | 'file_not_found'
  | 'target_is_directory'
  | 'edit_no_occurrence_found'
  | 'edit_expected_occurrence_mismatch'
  | 'edit_no_change'
  | 'attempt_to_create_existing_file'
  | 'path_not_in_workspace'
  | 'permission_denied'
  | 'file_too_large'
  | 'invalid_tool_params'
  | 'file_write_failure'
  | 'execution_failed'

/** What gemini-cli's UI shows for a change. */
export interface GeminiFileDiff {
  fileDiff: string
  fileName: string
  filePath: string
  originalContent: string | null
  newContent: string
  isNewFile: boolean
}

/** What a gemini-cli tool returns: `llmContent` for the model, `returnDisplay` for the user. */
export interface GeminiToolResult {
  llmContent: string
  returnDisplay: string | GeminiFileDiff
  error?: { message: string; type: GeminiErrorType }
}

export interface GeminiReadFileArgs extends ShapeEncodingArg {
  file_path: string
  start_line?: number | null
  end_line?: number | null
}

export interface GeminiWriteFileArgs extends ShapeEncodingArg, AllowArg {
  file_path: string
  content: string
}

export interface GeminiReplaceArgs extends ShapeEncodingArg, AllowArg {
  file_path: string
  /** Empty: create the file (it must not exist) with `new_string`. */
  old_string: string
  new_string: string
  /** How many places `old_string` must match (default 1); another count changes nothing. */
  expected_replacements?: number | null
}

export interface GeminiCliTools {
  read_file: ShapeTool<GeminiReadFileArgs, GeminiToolResult, 'read_file'>
  write_file: ShapeTool<GeminiWriteFileArgs, GeminiToolResult, 'write_file'>
  replace: ShapeTool<GeminiReplaceArgs, GeminiToolResult, 'replace'>
}

// Cline and Roo Code: the result is the text the model reads.

export interface ClineReadFileArgs extends ShapeEncodingArg {
  path: string
}

export interface ClineWriteToFileArgs extends ShapeEncodingArg, AllowArg {
  path: string
  content: string
}

/** `diff`: SEARCH/REPLACE blocks (`------- SEARCH` … `=======` … `+++++++ REPLACE`). */
export interface ClineReplaceInFileArgs extends ShapeEncodingArg, AllowArg {
  path: string
  diff: string
}

export interface ClineTools {
  read_file: ShapeTool<ClineReadFileArgs, string, 'read_file'>
  write_to_file: ShapeTool<ClineWriteToFileArgs, string, 'write_to_file'>
  replace_in_file: ShapeTool<ClineReplaceInFileArgs, string, 'replace_in_file'>
}

export interface RooReadFileArgs extends ShapeEncodingArg {
  path: string
  start_line?: number | null
  end_line?: number | null
}

export interface RooWriteToFileArgs extends ShapeEncodingArg, AllowArg {
  path: string
  content: string
  /** How many lines `content` has: fewer is refused as cut off. */
  line_count?: number | null
}

/** `diff`: SEARCH/REPLACE blocks (`<<<<<<< SEARCH` [`:start_line:N` `-------`] … `=======` … `>>>>>>> REPLACE`). */
export interface RooApplyDiffArgs extends ShapeEncodingArg, AllowArg {
  path: string
  diff: string
}

export interface RooTools {
  read_file: ShapeTool<RooReadFileArgs, string, 'read_file'>
  write_to_file: ShapeTool<RooWriteToFileArgs, string, 'write_to_file'>
  apply_diff: ShapeTool<RooApplyDiffArgs, string, 'apply_diff'>
}

/** The tools with default options (no root; paths from the process's working folder). */
export declare const tools: Tools
export declare const read_file: Tools['read_file']
export declare const write_file: Tools['write_file']
export declare const edit_file: Tools['edit_file']
export declare const multi_edit: Tools['multi_edit']
export declare const delete_range: Tools['delete_range']
export declare const apply_patch: Tools['apply_patch']

export interface OpenAIToolsOptions {
  /**
   * OpenAI's strict mode: every object has `additionalProperties: false`, every
   * property is required, optional ones are nullable (`execute` reads null as absent).
   */
  strict?: boolean
}

/** A Chat Completions function tool. */
export interface OpenAITool {
  type: 'function'
  function: { name: string; description: string; parameters: JsonSchemaObject; strict?: boolean }
}

/** A Responses API function tool. */
export interface OpenAIResponsesTool {
  type: 'function'
  name: string
  description: string
  parameters: JsonSchemaObject
  strict: boolean
}

/**
 * What the vendor formats read of a tool: any set of `createTools` (every shape's) or
 * an array of its tools.
 */
export interface DescribedTool {
  readonly name: string
  description: string
  parameters: JsonSchemaObject
}

/** An Anthropic Messages API tool. */
export interface AnthropicTool {
  name: string
  description: string
  input_schema: JsonSchemaObject
}

/**
 * The tools for OpenAI's Chat Completions (`tools` of `chat.completions.create`). An
 * unknown option throws an `EolEditError` (`INVALID_ARGUMENT`).
 */
export declare function toOpenAITools(tools: AnyToolSet | readonly DescribedTool[], options?: OpenAIToolsOptions): OpenAITool[]

/**
 * The tools for OpenAI's Responses API (`tools` of `responses.create`). An unknown
 * option throws an `EolEditError` (`INVALID_ARGUMENT`).
 */
export declare function toOpenAIResponsesTools(
  tools: AnyToolSet | readonly DescribedTool[],
  options?: OpenAIToolsOptions,
): OpenAIResponsesTool[]

/**
 * The tools for Anthropic's Messages API (`tools` of `messages.create`). It takes no
 * options: an options object with any key throws an `EolEditError` (`INVALID_ARGUMENT`).
 */
export declare function toAnthropicTools(tools: AnyToolSet | readonly DescribedTool[], options?: Record<string, never>): AnthropicTool[]

/** The versions of Anthropic's text editor tool (`type` of its definition). */
export type AnthropicTextEditorVersion = 'text_editor_20250728' | 'text_editor_20250429' | 'text_editor_20250124' | 'text_editor_20241022'

/**
 * The tool definition to send in `tools` of `messages.create`, as the API declares it
 * for the version (`Anthropic.ToolTextEditor20250728` and so on; the 20241022 one is
 * the beta API's): `str_replace_based_edit_tool` from 20250429 on, `str_replace_editor`
 * before; `max_characters` only on 20250728, and only when `maxCharacters` is given.
 */
export type AnthropicTextEditorDefinition<V extends AnthropicTextEditorVersion = AnthropicTextEditorVersion> = V extends 'text_editor_20250728'
  ? { type: V; name: 'str_replace_based_edit_tool'; max_characters?: number }
  : V extends 'text_editor_20250429'
    ? { type: V; name: 'str_replace_based_edit_tool' }
    : { type: V; name: 'str_replace_editor' }

/** The `input` of the tool's `tool_use` block. */
export interface AnthropicTextEditorInput {
  command: 'view' | 'str_replace' | 'create' | 'insert' | 'undo_edit'
  path: string
  /** view: [first, last] line, 1-based; last -1 for the end of the file. */
  view_range?: number[] | null
  /** str_replace: the text to replace, matching one place. */
  old_str?: string | null
  /** str_replace: its replacement (default: nothing); insert: the text to insert (20250728). */
  new_str?: string | null
  /** create: the whole file. */
  file_text?: string | null
  /** insert: the line after which to insert (0: at the start). */
  insert_line?: number | null
  /** insert: the text to insert, as earlier versions may name it. */
  insert_text?: string | null
  /**
   * Not in the tool's definition, which is Anthropic's: the guards to let through, taken
   * when the model sends it (a refusal by a guard tells the model to), as `allow` of
   * the tools.
   */
  allow?: GuardReason[] | null
}

/**
 * What `execute` resolves to: spread it into the `tool_result` block
 * (`{ type: 'tool_result', tool_use_id, ...result }`, an `Anthropic.ToolResultBlockParam`).
 */
export interface AnthropicTextEditorResult {
  content: string
  /** Present, and true, when the command failed; nothing was written then. */
  is_error?: true
}

export interface AnthropicTextEditor<V extends AnthropicTextEditorVersion = 'text_editor_20250728'> {
  readonly definition: AnthropicTextEditorDefinition<V>
  /**
   * Runs one `tool_use` input (an object, or its JSON text). Never throws and never
   * rejects. `context` is a tool call's (`cwd`, `signal`).
   */
  execute(input: AnthropicTextEditorInput, context?: ToolContext): Promise<AnthropicTextEditorResult>
  execute(input: unknown, context?: ToolContext): Promise<AnthropicTextEditorResult>
}

export interface CreateAnthropicTextEditorOptions<V extends AnthropicTextEditorVersion = AnthropicTextEditorVersion> {
  /** As createTools' `root`: every path must really be inside. */
  root?: string | string[]
  /** As createTools' `cwd`: where relative paths start (default: the first root). */
  cwd?: string
  /** The tool's version (default `'text_editor_20250728'`); undo_edit exists in 20250124 and 20241022. */
  version?: V
  /**
   * Characters `view` shows at most (its `max_characters`; the definition carries it
   * on 20250728). Whole lines are kept below it and a note says how to see more.
   */
  maxCharacters?: number
  /** What the model has seen of each file, shared with tool sets and the host (createReadState). */
  readState?: ReadState
  /** As createTools' `requireRead`: an existing file must be viewed before it is changed. */
  requireRead?: boolean
  /** As createTools' `approve`: asked, with the prepared change, before every write. */
  approve?: Approve
  /** As createTools' `maxBytes`. */
  maxBytes?: number
  /** As createTools' `durable`. */
  durable?: boolean
  /** As createTools' `guards`; the model lets a guard through with `allow` in a command's input. */
  guards?: GuardSettings
}

/**
 * A handler of Anthropic's text editor tool over the library. Throws for malformed
 * options, as createTools does.
 */
export declare function createAnthropicTextEditor<V extends AnthropicTextEditorVersion = 'text_editor_20250728'>(
  options?: CreateAnthropicTextEditorOptions<V>,
): AnthropicTextEditor<V>

/**
 * An `apply_patch_call` item of a Responses API response (`OpenAI.Responses.ResponseApplyPatchToolCall`,
 * or the input item of the same shape): one operation on one file, with a V4A diff.
 */
export interface OpenAIApplyPatchCall {
  type?: 'apply_patch_call'
  call_id: string
  operation:
    | { type: 'create_file'; path: string; diff: string }
    /** `move_to`: the file's new path; the file is moved there (and changed by the diff, if it changes anything). */
    | { type: 'update_file'; path: string; diff: string; move_to?: string | null }
    | { type: 'delete_file'; path: string }
  id?: string | null
  status?: 'in_progress' | 'completed'
}

/**
 * The `apply_patch_call_output` item that answers a call, for the next request's
 * `input` (`OpenAI.Responses.ResponseInputItem.ApplyPatchCallOutput`).
 */
export interface OpenAIApplyPatchOutput {
  type: 'apply_patch_call_output'
  call_id: string
  status: 'completed' | 'failed'
  /** What happened, or what to fix, for the model. */
  output: string
}

export interface OpenAIApplyPatch {
  /** The tool to send in `tools` of `responses.create`. */
  readonly definition: { type: 'apply_patch' }
  /** Applies one call's operation; never throws and never rejects. */
  execute(call: OpenAIApplyPatchCall, context?: ToolContext): Promise<OpenAIApplyPatchOutput>
  execute(call: unknown, context?: ToolContext): Promise<OpenAIApplyPatchOutput>
  /**
   * Applies the operations of several calls (those of one response) all or nothing:
   * if one fails, none is applied and every output says `failed`, the failing one why,
   * the others that they were not applied because of it. One output per call, in order.
   */
  executeAll(calls: readonly OpenAIApplyPatchCall[], context?: ToolContext): Promise<OpenAIApplyPatchOutput[]>
  executeAll(calls: unknown, context?: ToolContext): Promise<OpenAIApplyPatchOutput[]>
}

export interface CreateOpenAIApplyPatchOptions {
  /** As createTools' `root`: every path must really be inside. */
  root?: string | string[]
  /** As createTools' `cwd`: where relative paths start (default: the first root). */
  cwd?: string
  /** What the model has seen of each file, shared with tool sets and the host (createReadState). */
  readState?: ReadState
  /** As createTools' `requireRead`: an existing file must be read before it is changed. */
  requireRead?: boolean
  /** As createTools' `approve`: asked once per batch, with every file, before anything is written. */
  approve?: Approve
  /** As createTools' `maxBytes`. */
  maxBytes?: number
  /** As createTools' `durable`. */
  durable?: boolean
  /**
   * As createTools' `guards`. An `apply_patch_call` has no room for `allow`, so no guard
   * can be let through by the model here: a refusal tells it to write the text another
   * way, or to ask the user, who can turn a guard off.
   */
  guards?: GuardSettings
}

/**
 * A handler of OpenAI's built-in apply_patch tool over the library. Throws for
 * malformed options, as createTools does.
 */
export declare function createOpenAIApplyPatch(options?: CreateOpenAIApplyPatchOptions): OpenAIApplyPatch

/** An operation the OpenAI Agents SDK for TypeScript hands its `Editor` (its `ApplyPatchOperation`). */
export type OpenAIEditorOperation =
  | { type: 'create_file'; path: string; diff: string }
  | { type: 'update_file'; path: string; diff: string; moveTo?: string }
  | { type: 'delete_file'; path: string }

/** What each operation of the editor answers (the SDK's `ApplyPatchResult`), for the model. */
export interface OpenAIEditorResult {
  status: 'completed' | 'failed'
  /** What happened, or what to fix, in the words of the apply_patch tool. */
  output: string
}

/**
 * The `Editor` of the OpenAI Agents SDK for TypeScript (`@openai/agents`), for its
 * `applyPatchTool({ editor })`. Each method applies one operation as
 * `createOpenAIApplyPatch` applies a call; none throws or rejects.
 */
export interface OpenAIEditor {
  createFile(operation: Extract<OpenAIEditorOperation, { type: 'create_file' }>, context?: unknown): Promise<OpenAIEditorResult>
  updateFile(operation: Extract<OpenAIEditorOperation, { type: 'update_file' }>, context?: unknown): Promise<OpenAIEditorResult>
  deleteFile(operation: Extract<OpenAIEditorOperation, { type: 'delete_file' }>, context?: unknown): Promise<OpenAIEditorResult>
}

/**
 * An `Editor` for the OpenAI Agents SDK's `applyPatchTool` over the library, with the
 * options of createOpenAIApplyPatch (`approve` is asked before each operation). Throws
 * for malformed options, as createTools does. The package does not depend on the SDK.
 */
export declare function createOpenAIEditor(options?: CreateOpenAIApplyPatchOptions): OpenAIEditor
