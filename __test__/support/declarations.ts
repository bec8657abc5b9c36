// What the TypeScript declarations and the library itself say a function takes, for
// the tests that check them against each other and against lib/operations.js.
import * as path from 'node:path'

import ts from 'typescript'

const repo = path.resolve(__dirname, '..', '..')

/** A property or parameter as a .d.ts file declares it. */
export interface Declared {
  name: string
  /** The type as TypeScript prints it, without `undefined`, its union members sorted. */
  type: string
  optional: boolean
}

/** A function of index.d.ts: its parameters, and the properties of its `options`. */
export interface DeclaredFunction {
  params: Declared[]
  options: Declared[] | undefined
}

function program(file: string): { checker: ts.TypeChecker; source: ts.SourceFile } {
  const p = ts.createProgram([file], { strict: true, noEmit: true, types: ['node'] })
  return { checker: p.getTypeChecker(), source: p.getSourceFile(file)! }
}

/** A type as text that does not depend on the order TypeScript keeps a union in. */
function typeText(checker: ts.TypeChecker, type: ts.Type): string {
  if (type.aliasSymbol) return type.aliasSymbol.getName()
  const parts = (type.isUnion() ? type.types : [type])
    .filter((t) => !(t.flags & ts.TypeFlags.Undefined))
    .map((t) => checker.typeToString(t, undefined, ts.TypeFormatFlags.NoTruncation | ts.TypeFormatFlags.UseSingleQuotesForStringLiteralType))
    .map((t) => t.replace(/^"(.*)"$/, "'$1'").replace(/^Buffer<.*>$/, 'Buffer'))
  // A union keeps `boolean` as `false | true`.
  const out = parts.includes('false') && parts.includes('true') ? [...parts.filter((t) => t !== 'false' && t !== 'true'), 'boolean'] : parts
  return out.sort().join(' | ')
}

/** A union's members, sorted, for comparing with a declaration's `ts`. */
export function normalType(text: string): string {
  return text
    .split(' | ')
    .map((t) => t.trim())
    .sort()
    .join(' | ')
}

function properties(checker: ts.TypeChecker, type: ts.Type, at: ts.Node): Declared[] {
  return checker.getPropertiesOfType(type).map((p) => ({
    name: p.getName(),
    type: typeText(checker, checker.getTypeOfSymbolAtLocation(p, at)),
    optional: (p.flags & ts.SymbolFlags.Optional) !== 0,
  }))
}

/**
 * Every function index.d.ts declares (the last declaration of an overloaded one, the
 * general form), with its parameters and the properties of its last parameter when it
 * is `options`; and `Edit`'s properties as `edits[]`.
 */
export function indexDeclarations(): { functions: Record<string, DeclaredFunction>; edit: Declared[] } {
  const { checker, source } = program(path.join(repo, 'index.d.ts'))
  const functions: Record<string, DeclaredFunction> = {}
  let edit: Declared[] = []
  source.forEachChild((node) => {
    if (ts.isFunctionDeclaration(node) && node.name) {
      const params = node.parameters.map((p) => ({
        name: p.name.getText(source),
        type: typeText(checker, checker.getTypeAtLocation(p)),
        optional: p.questionToken !== undefined,
      }))
      const last = node.parameters[node.parameters.length - 1]
      const options =
        last && last.name.getText(source) === 'options'
          ? properties(checker, checker.getNonNullableType(checker.getTypeAtLocation(last)), last)
          : undefined
      functions[node.name.text] = { params, options }
    }
    if (ts.isInterfaceDeclaration(node) && node.name.text === 'Edit') edit = properties(checker, checker.getTypeAtLocation(node), node)
  })
  return { functions, edit }
}

/** The option keys index.d.ts declares for each function (and `edits[]` for an Edit). */
export function declaredOptions(): Record<string, string[]> {
  const { functions, edit } = indexDeclarations()
  const out: Record<string, string[]> = {}
  for (const [name, f] of Object.entries(functions)) if (f.options) out[name] = f.options.map((p) => p.name).sort()
  out['edits[]'] = edit.map((p) => p.name).sort()
  return out
}

/**
 * What tools.d.ts declares: each tool's argument type (for a union, each member's
 * properties), by the tool's name in `Tools`; and the properties of the interfaces
 * named in `interfaces`.
 */
export function toolDeclarations(interfaces: string[]): { tools: Record<string, Declared[][]>; interfaces: Record<string, Declared[]> } {
  const { checker, source } = program(path.join(repo, 'tools.d.ts'))
  const tools: Record<string, Declared[][]> = {}
  const found: Record<string, Declared[]> = {}
  source.forEachChild((node) => {
    if (!ts.isInterfaceDeclaration(node)) return
    if (interfaces.includes(node.name.text)) found[node.name.text] = properties(checker, checker.getTypeAtLocation(node), node)
    if (node.name.text !== 'Tools') return
    for (const member of node.members) {
      if (!ts.isPropertySignature(member) || !member.type || !ts.isTypeReferenceNode(member.type)) continue
      const [args] = member.type.typeArguments ?? []
      const type = checker.getTypeAtLocation(args)
      const members = type.isUnion() ? type.types : [type]
      tools[member.name.getText(source)] = members.map((t) => properties(checker, t, args))
    }
  })
  return { tools, interfaces: found }
}

/** An object that records every property read of it, and that has no own keys. */
export function recorder(values: Record<string, unknown> = {}): { proxy: object; read: Set<string> } {
  const read = new Set<string>()
  const proxy = new Proxy(
    {},
    {
      get(_, key) {
        if (typeof key === 'string') read.add(key)
        return typeof key === 'string' ? values[key] : undefined
      },
    },
  )
  return { proxy, read }
}
