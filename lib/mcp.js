'use strict'

// `eol-edit mcp`: the six agent tools of `createTools({ root })` as an MCP
// server over stdio, built on @modelcontextprotocol/sdk.
//
// The SDK is an optional peer dependency (it brings an HTTP stack this package
// does not otherwise need), so it is loaded only here, and only when the
// server starts. The low-level `Server` is used so that the tools' JSON
// Schemas, names and descriptions go to the client exactly as they are.
//
// Stdout carries protocol messages and nothing else; diagnostics go to stderr.

const nodePath = require('node:path')

const SDK = '@modelcontextprotocol/sdk'
const INSTALL_HINT = `npm install ${SDK}@1`

class SdkMissingError extends Error {
  constructor(message, cause) {
    super(message)
    this.code = 'SDK_MISSING'
    this.cause = cause
  }
}

/**
 * Loads the parts of the SDK the server uses. Throws `SdkMissingError` (with
 * install instructions) when the SDK is not installed or is too old to have them.
 */
function loadSdk() {
  try {
    const { Server } = require(`${SDK}/server/index.js`)
    const { StdioServerTransport } = require(`${SDK}/server/stdio.js`)
    const types = require(`${SDK}/types.js`)
    if (
      typeof Server !== 'function' ||
      typeof StdioServerTransport !== 'function' ||
      !types.ListToolsRequestSchema ||
      !types.CallToolRequestSchema
    ) {
      throw new Error(`${SDK} does not export the low-level Server API`)
    }
    return {
      Server,
      StdioServerTransport,
      ListToolsRequestSchema: types.ListToolsRequestSchema,
      CallToolRequestSchema: types.CallToolRequestSchema,
      McpError: types.McpError,
      ErrorCode: types.ErrorCode,
    }
  } catch (error) {
    if (error instanceof SdkMissingError) throw error
    const notInstalled =
      error &&
      error.code === 'MODULE_NOT_FOUND' &&
      typeof error.message === 'string' &&
      error.message.includes(`'${SDK}`)
    const message = notInstalled
      ? `'eol-edit mcp' needs the MCP SDK, an optional peer dependency that is not installed.\n` +
        `Install it next to eol-edit:  ${INSTALL_HINT}\n` +
        `or run both without installing:  npx -y -p eol-edit -p ${SDK}@1 eol-edit mcp`
      : `'eol-edit mcp' could not load the MCP SDK (${SDK} 1.x): ${error && error.message ? error.message : error}\n` +
        `Reinstall it:  ${INSTALL_HINT}`
    throw new SdkMissingError(message, error)
  }
}

/** Hints for MCP clients (they may ask before running a tool that is not read-only). */
const ANNOTATIONS = {
  read_file: { title: 'Read file', readOnlyHint: true, openWorldHint: false },
  write_file: { title: 'Write file', readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  edit_file: { title: 'Edit file', readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  multi_edit: { title: 'Edit file (several edits)', readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  delete_range: { title: 'Delete lines', readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  apply_patch: { title: 'Apply a patch', readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
}

/**
 * Builds the MCP server (not connected). `roots`: the folders every path must
 * be inside; relative paths are taken from the first. Default: the working folder.
 */
function createServer({ roots, sdk = loadSdk(), createTools = require('../tools.js').createTools } = {}) {
  const list = (roots && roots.length > 0 ? roots : [process.cwd()]).map((r) => nodePath.resolve(r))
  const tools = createTools({ root: list })
  const byName = new Map(Object.values(tools).map((t) => [t.name, t]))
  const { version } = require('../package.json')

  const where =
    list.length === 1
      ? `Paths must be inside ${list[0]}`
      : `Paths must be inside one of: ${list.join(', ')}`
  const instructions =
    'File tools that never damage line endings, BOMs or encodings: write line breaks as \\n and the ' +
    "file's own endings (CRLF, mixed, CR) are kept. " +
    `${where}; relative paths are taken from ${list[0]}.`

  const server = new sdk.Server({ name: 'eol-edit', version }, { capabilities: { tools: {} }, instructions })

  const listed = [...byName.values()].map((t) => {
    const entry = { name: t.name, description: t.description, inputSchema: t.parameters }
    if (ANNOTATIONS[t.name]) entry.annotations = ANNOTATIONS[t.name]
    return entry
  })

  server.setRequestHandler(sdk.ListToolsRequestSchema, async () => ({ tools: listed }))

  // Tool calls still running, so that the end of stdin can wait for their replies.
  const running = new Set()

  server.setRequestHandler(sdk.CallToolRequestSchema, (request) => {
    const call = callTool(request)
    running.add(call)
    const forget = () => running.delete(call)
    call.then(forget, forget)
    return call
  })

  async function callTool(request) {
    const name = request.params.name
    const tool = byName.get(name)
    if (!tool) {
      // An unknown tool is a protocol error (MCP spec); everything a tool
      // reports, including bad arguments, is a result with isError.
      const message = `Unknown tool ${JSON.stringify(name)}. Available: ${[...byName.keys()].join(', ')}.`
      if (sdk.McpError && sdk.ErrorCode) throw new sdk.McpError(sdk.ErrorCode.InvalidParams, message)
      throw new Error(message)
    }
    // execute never throws or rejects; `arguments` may be absent, which the tool reports.
    const result = await tool.execute(request.params.arguments === undefined ? {} : request.params.arguments)
    const text = result.success ? result.data : `${result.error}: ${result.data}`
    return { content: [{ type: 'text', text }], isError: !result.success }
  }

  /** Resolves once no tool call is running and their replies have been handed to the transport. */
  async function idle() {
    while (running.size > 0) await Promise.allSettled([...running])
    await new Promise((resolve) => setImmediate(resolve))
  }

  return { server, roots: list, tools: listed, idle }
}

/**
 * Runs the server on this process's stdin/stdout until stdin ends (or
 * SIGINT/SIGTERM). Resolves when it has shut down.
 */
async function serve({ roots, log = (line) => process.stderr.write(line + '\n') } = {}) {
  const sdk = loadSdk()
  const { server, roots: list, tools, idle } = createServer({ roots, sdk })

  // Anything a dependency prints with console.log would corrupt the protocol.
  console.log = console.info = console.debug = (...args) => console.error(...args)

  const transport = new sdk.StdioServerTransport()
  server.onerror = (error) => log(`eol-edit mcp: ${error && error.message ? error.message : error}`)

  let finish
  const done = new Promise((resolve) => {
    finish = resolve
  })
  let closing = false
  const shutDown = (wait) => {
    if (closing) return
    closing = true
    Promise.resolve(wait ? idle() : undefined)
      .then(() => server.close())
      .then(finish, finish)
  }
  server.onclose = () => {
    closing = true
    finish()
  }
  // The client closed stdin: answer the calls already received, then stop.
  process.stdin.on('end', () => shutDown(true))
  // The client went away (nothing more can be sent) or we are told to stop.
  process.stdout.on('error', () => shutDown(false))
  process.once('SIGINT', () => shutDown(false))
  process.once('SIGTERM', () => shutDown(false))

  await server.connect(transport)
  log(`eol-edit mcp: serving ${tools.map((t) => t.name).join(', ')} on stdio; root${list.length === 1 ? '' : 's'}: ${list.join(', ')}`)
  await done
  // Nothing more will be read; let the process end.
  process.stdin.destroy()
}

exports.loadSdk = loadSdk
exports.createServer = createServer
exports.serve = serve
exports.SdkMissingError = SdkMissingError
exports.INSTALL_HINT = INSTALL_HINT
