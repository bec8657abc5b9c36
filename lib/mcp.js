// @ts-check
'use strict'

// `eol-edit mcp`: the agent tools of `createTools({ root })` as an MCP server over
// stdio, built on @modelcontextprotocol/sdk.
//
// Which folders it serves: the `--root` folders; without them, the roots the client
// announces (the MCP roots capability: the workspace folders of an editor), kept up to
// date when the client says they changed; without those, the folder it was started
// in. A file system root (`/`, `C:\`), the user's home folder or a folder that
// contains it is never served unless `--root` names it: desktop clients start servers
// in `/` or the home folder, and serving it would open every file of the user (their
// keys in ~/.ssh among them) to the model. A folder is resolved to its real path once,
// checked, and that real path is what is served: a client root that is a symbolic link
// retargeted later (to a folder that holds the home folder) changes nothing.
//
// Messages are read by a transport of our own (StdioLineTransport): a message too
// large to read is answered with a JSON-RPC error and the server goes on serving,
// where the SDK's stdio transport stops reading at 10 MiB and the server ends.
//
// The SDK is an optional peer dependency (it brings an HTTP stack this package does
// not otherwise need), so it is loaded only here, and only when the server starts.
// The low-level `Server` is used so that the tools' JSON Schemas, names and
// descriptions go to the client exactly as they are.
//
// Stdout carries protocol messages and nothing else; diagnostics go to stderr.

const nodeOs = require('node:os')
const nodePath = require('node:path')
const { fileURLToPath } = require('node:url')

const core = require('./binding.js')
const { OPERATIONS } = require('./operations.js')

const SDK = '@modelcontextprotocol/sdk'
const INSTALL_HINT = `npm install ${SDK}@1`

/** Exit status when there is no folder the server may serve (as for bad usage). */
const EXIT_REFUSED = 2

/**
 * The largest message the server reads: the library's default maxBytes (64 MiB, the
 * largest file the tools read or write) and 2 MiB for the JSON around it, so that the
 * transport is not the smaller limit. A larger message is answered with an error.
 */
const MAX_MESSAGE_BYTES = (64 + 2) * 1024 * 1024

/** JSON-RPC's code for a message that is not a valid request. */
const INVALID_REQUEST = -32600
/** JSON-RPC's code for a message that is not JSON. */
const PARSE_ERROR = -32700

class SdkMissingError extends Error {
  /**
   * @param {string} message
   * @param {unknown} cause
   */
  constructor(message, cause) {
    super(message)
    this.code = 'SDK_MISSING'
    this.cause = cause
  }
}

/**
 * The parts of the SDK the server uses (loaded by a computed name, so untyped here).
 * @typedef {Record<string, any>} Sdk
 */

/**
 * Loads the parts of the SDK the server uses. Throws `SdkMissingError` (with
 * install instructions) when the SDK is not installed or is too old to have them.
 * @returns {Sdk}
 */
function loadSdk() {
  try {
    const { Server } = require(`${SDK}/server/index.js`)
    const types = require(`${SDK}/types.js`)
    if (
      typeof Server !== 'function' ||
      typeof Server.prototype.listRoots !== 'function' ||
      !types.JSONRPCMessageSchema ||
      !types.ListToolsRequestSchema ||
      !types.CallToolRequestSchema ||
      !types.RootsListChangedNotificationSchema
    ) {
      throw new Error(`${SDK} does not export the low-level Server API with roots`)
    }
    return {
      Server,
      JSONRPCMessageSchema: types.JSONRPCMessageSchema,
      ListToolsRequestSchema: types.ListToolsRequestSchema,
      CallToolRequestSchema: types.CallToolRequestSchema,
      RootsListChangedNotificationSchema: types.RootsListChangedNotificationSchema,
      McpError: types.McpError,
      ErrorCode: types.ErrorCode,
    }
  } catch (error) {
    if (error instanceof SdkMissingError) throw error
    const e = /** @type {{ code?: unknown, message?: unknown }} */ (error || {})
    const notInstalled = e.code === 'MODULE_NOT_FOUND' && typeof e.message === 'string' && e.message.includes(`'${SDK}`)
    const message = notInstalled
      ? `'eol-edit mcp' needs the MCP SDK, an optional peer dependency that is not installed.\n` +
        `Install it next to eol-edit:  ${INSTALL_HINT}\n` +
        `or run both without installing:  npx -y -p eol-edit -p ${SDK}@1 eol-edit mcp`
      : `'eol-edit mcp' could not load the MCP SDK (${SDK} 1.x): ${typeof e.message === 'string' ? e.message : String(error)}\n` +
        `Reinstall it:  ${INSTALL_HINT}`
    throw new SdkMissingError(message, error)
  }
}

/**
 * Hints for MCP clients (they may ask before running a tool that is not read-only),
 * from each tool's declared title and effects (lib/operations.js).
 * @param {string} name a tool's name
 * @returns {Record<string, unknown> | undefined}
 */
function annotations(name) {
  const op = Object.values(OPERATIONS).find((o) => 'name' in o.tool && o.tool.name === name)
  if (!op || !('name' in op.tool)) return undefined
  const { title, effects } = op.tool
  /** @type {Record<string, unknown>} */
  const out = { title, readOnlyHint: effects.readOnly }
  if (!effects.readOnly) {
    out.destructiveHint = effects.destructive === true
    out.idempotentHint = effects.idempotent === true
  }
  out.openWorldHint = false
  return out
}

/** @param {string} p */
function realFolder(p) {
  const absolute = nodePath.resolve(p)
  const info = core.pathInfo(absolute)
  return info.kind === undefined ? absolute : info.real
}

/**
 * Why a folder must not be served unless the user names it: it is the root of a file
 * system, the user's home folder, or a folder the home folder is in. Null when it may
 * be served.
 * @param {string} folder
 * @param {string} [home]
 */
function unsafeRoot(folder, home = nodeOs.homedir()) {
  return unsafeRealRoot(realFolder(folder), home)
}

/**
 * `unsafeRoot` of a folder's real path, as resolved already (so that what is checked
 * is what is served).
 * @param {string} real
 * @param {string} [home]
 */
function unsafeRealRoot(real, home = nodeOs.homedir()) {
  if (nodePath.parse(real).root === real) return 'the root of the file system'
  if (!home) return null
  // Compared case-insensitively where the file system usually is.
  const fold = (/** @type {string} */ p) => (process.platform === 'win32' || process.platform === 'darwin' ? p.toLowerCase() : p)
  const realHome = realFolder(home)
  const inside = nodePath.relative(fold(real), fold(realHome))
  if (inside === '') return 'your home folder'
  if (!inside.startsWith('..') && !nodePath.isAbsolute(inside)) return `a folder that contains your home folder (${realHome})`
  return null
}

/**
 * The folders of the client's roots (`file://` URIs; anything else is skipped).
 * @param {unknown} roots the `roots` of a roots/list result
 * @param {(line: string) => void} log
 * @returns {string[]}
 */
function clientFolders(roots, log) {
  /** @type {string[]} */
  const folders = []
  for (const root of Array.isArray(roots) ? roots : []) {
    const uri = root && typeof root.uri === 'string' ? root.uri : ''
    try {
      if (!uri.startsWith('file:')) throw new Error('not a file:// URI')
      folders.push(fileURLToPath(uri))
    } catch (error) {
      log(`eol-edit mcp: skipping the client's root ${JSON.stringify(uri)} (${error instanceof Error ? error.message : error})`)
    }
  }
  return folders
}

/**
 * Builds the MCP server (not connected).
 *
 * `roots`: the `--root` folders. Without them, the folders come from the client once
 * it has initialized (or from `cwd`), and `onRefused` is called with a message when
 * there is no folder the server may serve. `durable` and `guards`: the tool set's
 * (`--durable`, `--guard`).
 *
 * @param {object} [options]
 * @param {string[]} [options.roots]
 * @param {boolean} [options.durable]
 * @param {import('../tools.js').GuardSettings} [options.guards]
 * @param {Sdk} [options.sdk]
 * @param {typeof import('../tools.js').createTools} [options.createTools]
 * @param {string} [options.cwd] the folder the server was started in
 * @param {string} [options.home] the user's home folder
 * @param {(line: string) => void} [options.log] diagnostics (stderr)
 * @param {(message: string) => void} [options.onRefused]
 */
function createServer({
  roots,
  durable = false,
  guards,
  sdk = loadSdk(),
  createTools = require('../tools.js').createTools,
  cwd = process.cwd(),
  home = nodeOs.homedir(),
  log = () => {},
  onRefused = () => {},
} = {}) {
  const fromCommandLine = Array.isArray(roots) && roots.length > 0
  const { version } = require('../package.json')
  // The definitions do not depend on the folders: listed before the folders are known.
  const definitions = createTools()
  const names = Object.values(definitions).map((t) => t.name)

  /** The tool set serving calls, once the folders are known. */
  /** @type {import('../tools.js').Tools | null} */
  let tools = null
  /** @type {string[]} */
  let served = []
  /** Set when no folder may be served. */
  /** @type {string | null} */
  let refused = null
  /** @type {() => void} */
  let settle = () => {}
  /** Resolves once `tools` is set or the server refused. */
  const ready = new Promise((/** @type {(value?: unknown) => void} */ resolve) => {
    settle = () => resolve()
  })

  /**
   * Serves these folders from now on.
   * @param {string[]} folders
   * @param {string} source where they came from, for the log
   */
  function serveFolders(folders, source) {
    // Real paths (resolved by the caller, before any check): confinement is then to
    // the folders as they were checked, whatever a link on the way points to later.
    /** @type {import('../tools.js').CreateToolsOptions & { shape?: 'dskcode' }} */
    const options = { root: folders }
    if (durable) options.durable = true
    if (guards !== undefined) options.guards = guards
    tools = createTools(options)
    served = folders
    log(`eol-edit mcp: serving ${names.join(', ')} on stdio; root${served.length === 1 ? '' : 's'} (${source}): ${served.join(', ')}`)
    settle()
  }

  /** @param {string} message */
  function refuse(message) {
    refused = message
    log(message)
    settle()
    onRefused(message)
  }

  /** The folder the server was started in, unless it must not be served. */
  function fallBackToCwd() {
    const real = realFolder(cwd)
    const why = unsafeRealRoot(real, home)
    if (why) {
      refuse(
        `eol-edit mcp: refusing to serve ${cwd}, ${why}: the model could read and change every file under it. ` +
          'No --root was given and the client announced no workspace folder (MCP roots) that may be served. ' +
          `Name the project folder: eol-edit mcp --root /path/to/project (or --root ${cwd} to serve it anyway).`,
      )
      return
    }
    serveFolders([real], 'the folder the server was started in')
  }

  /** Asks the client for its roots (when it has them) and serves them, else the start folder. */
  async function resolveRoots() {
    const capabilities = server.getClientCapabilities()
    if (!capabilities || !capabilities.roots) {
      if (!tools && !refused) fallBackToCwd()
      return
    }
    /** @type {string[]} */
    let folders = []
    try {
      const result = await server.listRoots()
      folders = clientFolders(result && result.roots, log)
    } catch (error) {
      log(`eol-edit mcp: the client did not list its roots (${error instanceof Error ? error.message : error})`)
    }
    /** @type {string[]} */
    const usable = []
    for (const folder of folders) {
      // Resolved once: the path checked is the path served.
      const real = realFolder(folder)
      const why = unsafeRealRoot(real, home)
      if (why) {
        log(
          `eol-edit mcp: not serving the client's root ${folder}, ${why}: the model could read and change every file under it. ` +
            `To serve it anyway, name it: eol-edit mcp --root ${folder}`,
        )
      } else if (!isFolder(real)) log(`eol-edit mcp: skipping the client's root ${folder}: not an existing folder.`)
      else usable.push(real)
    }
    if (usable.length > 0) serveFolders(usable, 'from the client')
    else if (!tools && !refused) fallBackToCwd()
  }

  const where = fromCommandLine
    ? roots.length === 1
      ? `Paths must be inside ${nodePath.resolve(roots[0])}; relative paths are taken from it.`
      : `Paths must be inside one of: ${roots.map((r) => nodePath.resolve(r)).join(', ')}; relative paths are taken from the first.`
    : "Paths must be inside the workspace folders this client shares (else the server's start folder); relative paths are taken from the first."
  const instructions =
    'File tools that never damage line endings, BOMs or encodings: write line breaks as \\n and the ' +
    "file's own endings (CRLF, mixed, CR) are kept. Read a file before editing it. " +
    where

  const server = new sdk.Server({ name: 'eol-edit', version }, { capabilities: { tools: {} }, instructions })

  const listed = Object.values(definitions).map((t) => {
    /** @type {Record<string, unknown>} */
    const entry = { name: t.name, description: t.description, inputSchema: t.parameters }
    const hints = annotations(t.name)
    if (hints) entry.annotations = hints
    return entry
  })

  server.setRequestHandler(sdk.ListToolsRequestSchema, async () => ({ tools: listed }))

  if (fromCommandLine) {
    serveFolders(roots.map(realFolder), '--root')
  } else {
    server.oninitialized = () => {
      resolveRoots().catch((error) => refuse(`eol-edit mcp: could not choose a folder to serve: ${error && error.message ? error.message : error}`))
    }
    server.setNotificationHandler(sdk.RootsListChangedNotificationSchema, () => {
      if (!refused) resolveRoots().catch((error) => log(`eol-edit mcp: could not update the roots: ${error && error.message ? error.message : error}`))
    })
  }

  // Tool calls still running, so that the end of stdin can wait for their replies.
  /** @type {Set<Promise<unknown>>} */
  const running = new Set()

  server.setRequestHandler(sdk.CallToolRequestSchema, (/** @type {any} */ request, /** @type {any} */ extra) => {
    const call = callTool(request, extra && extra.signal)
    running.add(call)
    const forget = () => running.delete(call)
    call.then(forget, forget)
    return call
  })

  /**
   * @param {any} request
   * @param {AbortSignal | undefined} signal aborted when the client cancels the request
   */
  async function callTool(request, signal) {
    const name = request.params.name
    if (!names.includes(name)) {
      // An unknown tool is a protocol error (MCP spec); everything a tool
      // reports, including bad arguments, is a result with isError.
      const message = `Unknown tool ${JSON.stringify(name)}. Available: ${names.join(', ')}.`
      if (sdk.McpError && sdk.ErrorCode) throw new sdk.McpError(sdk.ErrorCode.InvalidParams, message)
      throw new Error(message)
    }
    await ready
    if (refused || !tools) {
      return { content: [{ type: 'text', text: `No folder is being served. ${refused || ''}`.trim() }], isError: true }
    }
    const tool = /** @type {Record<string, import('../tools.js').AnyTool>} */ (/** @type {unknown} */ (tools))[name]
    // execute never throws or rejects; `arguments` may be absent, which the tool reports.
    const args = request.params.arguments === undefined ? {} : request.params.arguments
    const result = await tool.execute(args, signal ? { signal } : undefined)
    const text = result.success ? result.data : `${result.error}: ${result.data}`
    return { content: [{ type: 'text', text }], isError: !result.success }
  }

  /** Resolves once no tool call is running and their replies have been handed to the transport. */
  async function idle() {
    while (running.size > 0) await Promise.allSettled([...running])
    await new Promise((resolve) => setImmediate(resolve))
  }

  return {
    server,
    tools: listed,
    idle,
    /** The folders served (empty until known). */
    roots: () => served,
    /** Whether the folders are known (or refused). */
    settled: () => tools !== null || refused !== null,
    /** Decides now, as at the end of a session that never initialized: the start folder, or a refusal. */
    settleWithoutClient: () => {
      if (!tools && !refused) fallBackToCwd()
      return refused
    },
  }
}

/** @param {string} p */
function isFolder(p) {
  return core.pathInfo(nodePath.resolve(p), { resolve: false }).kind === 'folder'
}

/** Bytes of the start and of the end of a message too large to read, kept to find its `id`. */
const KEEP = 64 * 1024

/**
 * The `id` of a JSON-RPC message known only by its first and last bytes, or undefined.
 * Clients put the `id` first (`{"jsonrpc":"2.0","id":7,...`) or last (the SDK's own
 * client: `...,"jsonrpc":"2.0","id":7}`).
 * @param {string} head
 * @param {string} tail
 * @returns {string | number | undefined}
 */
function idOf(head, tail) {
  const fromHead = topLevelId(head)
  if (fromHead !== undefined) return fromHead
  const last = /"id"\s*:\s*(-?\d+|"(?:[^"\\]|\\.)*")\s*(?:,\s*"jsonrpc"\s*:\s*"2\.0"\s*)?\}\s*$/.exec(tail)
  return last ? JSON.parse(last[1]) : undefined
}

/**
 * The value of the top-level `id` key in the start of a JSON object (which may be cut
 * anywhere), when it is a number or a string.
 * @param {string} text
 * @returns {string | number | undefined}
 */
function topLevelId(text) {
  let depth = 0
  let i = 0
  /** The last string read at depth 1, until its `:`. */
  let key = null
  while (i < text.length) {
    const c = text[i]
    if (c === '"') {
      const end = stringEnd(text, i)
      if (end < 0) return undefined
      if (depth === 1) key = text.slice(i, end + 1)
      i = end + 1
      continue
    }
    if (c === '{' || c === '[') depth++
    else if (c === '}' || c === ']') depth--
    else if (c === ':' && depth === 1 && key === '"id"') {
      const value = /^\s*(-?\d+|"(?:[^"\\]|\\.)*")\s*[,}]/.exec(text.slice(i + 1, i + 1 + 1024))
      return value ? JSON.parse(value[1]) : undefined
    } else if (c === ',' && depth === 1) key = null
    i++
  }
  return undefined
}

/**
 * The index of the `"` that ends the string starting at `start`, or -1 when the text
 * ends first.
 * @param {string} text
 * @param {number} start
 */
function stringEnd(text, start) {
  for (let i = start + 1; i < text.length; i++) {
    if (text[i] === '\\') i++
    else if (text[i] === '"') return i
  }
  return -1
}

/**
 * The MCP stdio transport (one JSON-RPC message per line), with the one difference
 * that matters here: a message larger than `maxMessageBytes` is skipped to its end and
 * answered with a JSON-RPC error for its `id`, and the next message is read as usual.
 * (The SDK's transport throws at 10 MiB, and the server closes.) A line that is not
 * JSON, or not a JSON-RPC message, is answered the same way when it has an `id`.
 */
class StdioLineTransport {
  /**
   * @param {object} options
   * @param {Sdk} options.sdk
   * @param {NodeJS.ReadableStream} [options.stdin]
   * @param {NodeJS.WritableStream} [options.stdout]
   * @param {number} [options.maxMessageBytes]
   * @param {(line: string) => void} [options.log]
   */
  constructor({ sdk, stdin = process.stdin, stdout = process.stdout, maxMessageBytes = MAX_MESSAGE_BYTES, log = () => {} }) {
    this.sdk = sdk
    this.stdin = stdin
    this.stdout = stdout
    this.limit = maxMessageBytes
    this.log = log
    /** @type {((message: unknown) => void) | undefined} */
    this.onmessage = undefined
    /** @type {((error: Error) => void) | undefined} */
    this.onerror = undefined
    /** @type {(() => void) | undefined} */
    this.onclose = undefined
    /** The message being read, in pieces. */
    /** @type {Buffer[]} */
    this.parts = []
    this.size = 0
    /** Set once the message is known to be too large: its first and last bytes. */
    /** @type {{ head: Buffer, tail: Buffer } | null} */
    this.over = null
    this.ondata = (/** @type {Buffer} */ chunk) => this.read(chunk)
    this.onstreamerror = (/** @type {Error} */ error) => this.onerror && this.onerror(error)
  }

  /** Forgets the message being read. */
  reset() {
    this.parts = []
    this.size = 0
    this.over = null
  }

  async start() {
    this.stdin.on('data', this.ondata)
    this.stdin.on('error', this.onstreamerror)
  }

  /** @param {Buffer} chunk */
  read(chunk) {
    let from = 0
    while (from < chunk.length) {
      const newline = chunk.indexOf(0x0a, from)
      this.take(chunk.subarray(from, newline === -1 ? chunk.length : newline))
      if (newline === -1) return
      this.finish()
      from = newline + 1
    }
  }

  /** @param {Buffer} piece */
  take(piece) {
    if (piece.length === 0) return
    this.size += piece.length
    if (this.over) {
      const tail = Buffer.concat([this.over.tail, piece.subarray(Math.max(0, piece.length - KEEP))])
      this.over.tail = Buffer.from(tail.subarray(Math.max(0, tail.length - KEEP)))
      return
    }
    this.parts.push(piece)
    if (this.size > this.limit) {
      const all = Buffer.concat(this.parts)
      this.over = { head: Buffer.from(all.subarray(0, KEEP)), tail: Buffer.from(all.subarray(all.length - KEEP)) }
      this.parts = []
    }
  }

  /** The end of a line: its message goes to the server, or is answered here. */
  finish() {
    const { over, size } = this
    const line = over ? '' : Buffer.concat(this.parts).toString('utf8').replace(/\r$/, '')
    this.reset()
    if (over) {
      const id = idOf(over.head.toString('utf8'), over.tail.toString('utf8'))
      const mib = (/** @type {number} */ n) => `${(n / 1024 / 1024).toFixed(1)} MiB`
      const message =
        `The message is ${mib(size)}, more than the ${mib(this.limit)} this server reads; nothing was done. ` +
        'The tools read and write files of up to 64 MiB: send smaller calls.'
      this.log(`eol-edit mcp: ${message} (id ${JSON.stringify(id === undefined ? null : id)})`)
      this.answer(id, INVALID_REQUEST, message)
      return
    }
    if (line.trim() === '') return
    /** @type {unknown} */
    let json
    try {
      json = JSON.parse(line)
    } catch (error) {
      this.log(`eol-edit mcp: a message that is not JSON was ignored (${error instanceof Error ? error.message : error})`)
      this.answer(undefined, PARSE_ERROR, 'The message is not JSON.')
      return
    }
    const parsed = this.sdk.JSONRPCMessageSchema.safeParse(json)
    if (!parsed.success) {
      const id = json && typeof json === 'object' ? /** @type {{ id?: unknown }} */ (json).id : undefined
      const known = typeof id === 'string' || typeof id === 'number' ? id : undefined
      this.log('eol-edit mcp: a message that is not a JSON-RPC message was ignored')
      if (known !== undefined) this.answer(known, INVALID_REQUEST, 'The message is not a valid JSON-RPC request.')
      return
    }
    if (this.onmessage) this.onmessage(parsed.data)
  }

  /**
   * A JSON-RPC error reply (without an `id` when the message's is not known).
   * @param {string | number | undefined} id
   * @param {number} code
   * @param {string} message
   */
  answer(id, code, message) {
    /** @type {Record<string, unknown>} */
    const reply = { jsonrpc: '2.0', error: { code, message } }
    if (id !== undefined) reply.id = id
    this.send(reply).catch(() => {})
  }

  /** @param {unknown} message */
  send(message) {
    return new Promise((resolve) => {
      if (this.stdout.write(JSON.stringify(message) + '\n')) resolve(undefined)
      else this.stdout.once('drain', () => resolve(undefined))
    })
  }

  async close() {
    this.stdin.off('data', this.ondata)
    this.stdin.off('error', this.onstreamerror)
    if (this.stdin.listenerCount('data') === 0 && typeof this.stdin.pause === 'function') this.stdin.pause()
    this.reset()
    if (this.onclose) this.onclose()
  }
}

/**
 * Runs the server on this process's stdin/stdout until stdin ends (or SIGINT/SIGTERM).
 * Resolves with the exit status: 0, or 2 when there was no folder it may serve.
 * @param {{ roots?: string[], durable?: boolean, guards?: import('../tools.js').GuardSettings, log?: (line: string) => void }} [options]
 * @returns {Promise<number>}
 */
async function serve({ roots, durable = false, guards, log = (line) => process.stderr.write(line + '\n') } = {}) {
  const sdk = loadSdk()
  let status = 0
  /** @type {(wait: boolean) => void} */
  let shutDown = () => {}
  const { server, idle, settleWithoutClient } = createServer({
    roots,
    durable,
    guards,
    sdk,
    log,
    onRefused: () => {
      status = EXIT_REFUSED
      shutDown(true)
    },
  })

  // Anything a dependency prints with console.log would corrupt the protocol.
  console.log = console.info = console.debug = (...args) => console.error(...args)

  const transport = new StdioLineTransport({ sdk, log })
  server.onerror = (/** @type {any} */ error) => log(`eol-edit mcp: ${error && error.message ? error.message : error}`)

  /** @type {(value?: unknown) => void} */
  let finish = () => {}
  const done = new Promise((resolve) => {
    finish = resolve
  })
  let closing = false
  shutDown = (wait) => {
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
  // The client closed stdin: answer the calls already received, then stop. A client
  // that never initialized leaves the folder undecided: a start folder that must not
  // be served is still refused, with its message and status.
  process.stdin.on('end', () => {
    if (settleWithoutClient() !== null) status = EXIT_REFUSED
    shutDown(true)
  })
  // The client went away (nothing more can be sent) or we are told to stop.
  process.stdout.on('error', () => shutDown(false))
  process.once('SIGINT', () => shutDown(false))
  process.once('SIGTERM', () => shutDown(false))

  await server.connect(transport)
  await done
  // Nothing more will be read; let the process end.
  process.stdin.destroy()
  return status
}

module.exports = {
  loadSdk,
  createServer,
  serve,
  unsafeRoot,
  StdioLineTransport,
  SdkMissingError,
  INSTALL_HINT,
  EXIT_REFUSED,
  MAX_MESSAGE_BYTES,
}
