// The table of what each front-end does with each option of the library (in
// docs/front-ends.md), rendered from the operations' declarations (lib/operations.js),
// so that the reasons the page gives are the ones the parity test checks.

type Operation = import('../../lib/operations.js').Operation
type Param = import('../../lib/operations.js').Param

const { OPERATIONS } = require('../../lib/operations.js') as typeof import('../../lib/operations.js')

const code = (s: string) => `\`${s}\``
const no = (why: string) => `no: ${why}`

function toolCell(op: Operation, p: Param): string {
  if (!('name' in op.tool)) return '–'
  const r = p.tool
  if (r.kind === 'arg') return code(r.name)
  if (r.kind === 'host') return `${code(`createTools({ ${r.option} })`)}, the host's`
  if (r.kind === 'set') return `the tool set's: ${r.why}`
  return no(r.why)
}

function cliCell(op: Operation, p: Param): string {
  if ('none' in op.cli) return '–'
  const r = p.cli
  if (r.kind === 'flag') return code(r.flag)
  if (r.kind === 'none') return no(r.why)
  return r.kind === 'stdin' ? 'stdin' : 'an argument'
}

function mcpCell(op: Operation, p: Param): string {
  if (!('name' in op.tool)) return '–'
  const r = p.tool
  if (r.kind === 'arg' || r.kind === 'set' || r.kind === 'none') return 'as the tools'
  const m = p.mcp
  if (!m) return 'not declared'
  if (m.kind === 'flag') return code(`eol-edit mcp ${m.flag}`)
  return m.kind === 'set' ? `the server's: ${m.why}` : no(m.why)
}

/** The functions and the tool and command of each. */
export function functionTable(): string {
  const rows = Object.values(OPERATIONS)
    .filter((op) => op.library !== null)
    .map((op) => {
      const tool = 'name' in op.tool ? code(op.tool.name) : no(op.tool.none)
      const command = 'none' in op.cli ? no(op.cli.none) : code(`eol-edit ${op.cli.name}`)
      return `| ${code(op.library!)} | ${tool} | ${command} |`
    })
  return ['| Function | Agent tool (and MCP) | Command |', '|---|---|---|', ...rows].join('\n')
}

/**
 * One cell for the functions that have the front-end: the value most of them share,
 * and the others after it (`--dry-run` (`applyPatch`: `--check`)).
 */
function merged(cells: Array<[string, string]>): string {
  const counts = new Map<string, string[]>()
  for (const [fn, cell] of cells) counts.set(cell, [...(counts.get(cell) ?? []), fn])
  const [[first], ...others] = [...counts.entries()].sort((a, b) => b[1].length - a[1].length)
  if (first === undefined) return '–'
  return [first, ...others.map(([cell, fns]) => `(${fns.map(code).join(', ')}: ${cell})`)].join(' ')
}

/**
 * Each option of the library's file functions: what the tools, the command line and
 * the MCP server do with it (for the functions that have a tool or a command).
 */
export function optionTable(): string {
  const options = new Map<string, { tools: Array<[string, string]>; cli: Array<[string, string]>; mcp: Array<[string, string]> }>()
  for (const op of Object.values(OPERATIONS)) {
    if (op.library === null) continue
    for (const p of op.params.filter((x) => x.role === 'option')) {
      const row = options.get(p.name) ?? { tools: [], cli: [], mcp: [] }
      if ('name' in op.tool) row.tools.push([op.library, toolCell(op, p)])
      if ('name' in op.tool) row.mcp.push([op.library, mcpCell(op, p)])
      if (!('none' in op.cli)) row.cli.push([op.library, cliCell(op, p)])
      options.set(p.name, row)
    }
  }
  const lines = [...options.entries()]
    .filter(([, r]) => r.tools.length + r.cli.length > 0)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, r]) => `| ${code(name)} | ${merged(r.tools)} | ${merged(r.cli)} | ${merged(r.mcp)} |`)
  return ['| Option | Agent tools | Command line | MCP server |', '|---|---|---|---|', ...lines].join('\n')
}
