/**
 * Drop-in agent tools: `read_file`, `write_file`, `edit_file`, `multi_edit`,
 * `delete_range` and `apply_patch`, each with a model-facing description, a JSON
 * Schema for its arguments and an `execute` that never throws or rejects.
 *
 * ```ts
 * import { createTools, toOpenAITools } from 'eol-edit/tools'
 * const tools = createTools({ root: process.cwd() })
 * const result = await tools.edit_file.execute({ path: 'a.ts', old_text: 'a', new_text: 'b' })
 * ```
 */

/** Error codes a failed tool call reports in `error` (SPEC section 5). */
export type ToolErrorCode =
  | 'INVALID_ARGUMENT'
  | 'TEXT_NOT_FOUND'
  | 'TEXT_MULTIPLE_MATCHES'
  | 'NO_CHANGE'
  | 'ANCHOR_NOT_FOUND'
  | 'ANCHOR_MULTIPLE_MATCHES'
  | 'ANCHOR_ORDER'
  | 'EMPTY_RANGE'
  | 'FILE_NOT_FOUND'
  | 'NOT_A_FILE'
  | 'BINARY_FILE'
  | 'FILE_TOO_LARGE'
  | 'FILE_CHANGED'
  | 'PATH_OUTSIDE_ROOT'
  | 'PERMISSION_DENIED'
  | 'IO_ERROR'
  | 'PATCH_INVALID'

/**
 * What `execute` resolves to. `data` is the text to hand back to the model: on
 * success the file's numbered lines (read_file) or a summary and diff (the
 * other tools); on failure the error's message and hint, worded so that one
 * retry is enough.
 */
export type ToolResult =
  | { success: true; data: string; error?: undefined }
  | { success: false; data: string; error: ToolErrorCode }

/** A JSON Schema object describing a tool's arguments. */
export interface JsonSchemaObject {
  type: 'object'
  properties: Record<string, Record<string, unknown>>
  required: string[]
  [keyword: string]: unknown
}

export interface Tool<Args, Name extends string = string> {
  name: Name
  /** Model-facing description (short; sent with every request). */
  description: string
  /** JSON Schema of `Args`. */
  parameters: JsonSchemaObject
  /**
   * Runs the tool. Never throws and never rejects: anything wrong, including
   * arguments of the wrong type or no arguments at all, resolves to
   * `{ success: false, error: 'INVALID_ARGUMENT' }`. `args` may also be the
   * JSON text of the arguments (as OpenAI tool calls deliver them).
   */
  execute(args: Args | string): Promise<ToolResult>
}

export interface ReadFileArgs {
  path: string
  /** First line to read, 1-based (default 1). */
  offset?: number | null
  /** How many lines to read (default 2000, or `maxReadLines`). */
  limit?: number | null
}

export interface WriteFileArgs {
  path: string
  /** The whole new content; line breaks written as `\n`. */
  content: string
  /** `'preserve'` (default) keeps the file's endings; `'lf'` / `'crlf'` convert on purpose. */
  eol?: 'preserve' | 'lf' | 'crlf' | null
}

export interface EditFileArgs {
  path: string
  old_text: string
  new_text: string
  replace_all?: boolean | null
}

/**
 * One edit of `multi_edit`. The snake_case keys (`old_text`, `new_text`,
 * `replace_all`) are accepted too, as models mix them.
 */
export type MultiEditEdit =
  | { oldText: string; newText: string; replaceAll?: boolean | null }
  | { old_text: string; new_text: string; replace_all?: boolean | null }

export interface MultiEditArgs {
  path: string
  /** Applied in order, all or nothing. */
  edits: MultiEditEdit[]
}

export interface DeleteRangeArgs {
  path: string
  /** A whole line as read_file shows it, or a 1-based line number. */
  startAnchor: string | number
  /** A whole line as read_file shows it, or a 1-based line number. */
  endAnchor: string | number
  /** Also delete the anchor lines (default false). */
  inclusive?: boolean | null
}

/**
 * `apply_patch`: the whole patch in `input` (Codex's name; OpenCode's `patchText`
 * is accepted too): the `*** Begin Patch` format or a unified diff.
 */
export type ApplyPatchArgs = { input: string } | { patchText: string }

export interface Tools {
  read_file: Tool<ReadFileArgs, 'read_file'>
  write_file: Tool<WriteFileArgs, 'write_file'>
  edit_file: Tool<EditFileArgs, 'edit_file'>
  multi_edit: Tool<MultiEditArgs, 'multi_edit'>
  delete_range: Tool<DeleteRangeArgs, 'delete_range'>
  apply_patch: Tool<ApplyPatchArgs, 'apply_patch'>
}

export type AnyTool = Tools[keyof Tools]

export interface CreateToolsOptions {
  /**
   * Folder(s) every path must really be inside (after `..` and symlinks);
   * anything else fails with `PATH_OUTSIDE_ROOT`. Relative roots are taken
   * from `cwd`.
   */
  root?: string | string[]
  /**
   * Folder relative paths are taken from. Default: the first root when `root`
   * is given, else the process's working folder at the time of each call.
   */
  cwd?: string
  /** Lines read_file returns when the model gives no `limit` (default 2000). */
  maxReadLines?: number
  /**
   * Characters of file text read_file returns at most (default 100000); lines
   * are kept whole below it and the footer says where to continue.
   */
  maxReadChars?: number
}

/** Builds the six tools. Throws a `TypeError` only for malformed `options`. */
export declare function createTools(options?: CreateToolsOptions): Tools

/** The tools with default options (no root; paths from the process's working folder). */
export declare const tools: Tools
export declare const read_file: Tools['read_file']
export declare const write_file: Tools['write_file']
export declare const edit_file: Tools['edit_file']
export declare const multi_edit: Tools['multi_edit']
export declare const delete_range: Tools['delete_range']
export declare const apply_patch: Tools['apply_patch']

export interface OpenAITool {
  type: 'function'
  function: { name: string; description: string; parameters: JsonSchemaObject }
}

export interface AnthropicTool {
  name: string
  description: string
  input_schema: JsonSchemaObject
}

/** The tools in OpenAI's function-calling format. */
export declare function toOpenAITools(tools: Tools | readonly AnyTool[]): OpenAITool[]

/** The tools in Anthropic's Messages API format. */
export declare function toAnthropicTools(tools: Tools | readonly AnyTool[]): AnthropicTool[]
