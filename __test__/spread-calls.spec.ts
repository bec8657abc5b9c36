// A call that spreads an array into its arguments (`out.push(...lines)`,
// `Math.min(...places)`, `String.fromCharCode(...bytes)`) puts every element on the
// stack, and a model's input of 100,000 lines or places overflows it ("Maximum call
// stack size exceeded"). The shipped JavaScript spreads into a call only its function's
// own rest parameter, whose length its caller's call already bounds.

import * as fs from 'node:fs'
import * as path from 'node:path'

import ts from 'typescript'
import { describe, expect, it } from 'vitest'

const ROOT = path.join(__dirname, '..')

/** The shipped JavaScript files: lib/ and bin/, and the package's entry points. */
function shipped(): string[] {
  const out = ['tools.js', 'index.js']
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
      const rel = path.join(dir, entry.name)
      if (entry.isDirectory()) walk(rel)
      else if (/\.(c|m)?js$/.test(entry.name)) out.push(rel)
    }
  }
  walk('lib')
  walk('bin')
  return out
}

/** Whether `name` is a rest parameter of a function around `node`. */
function isRestParameter(node: ts.Node, name: string): boolean {
  for (let at: ts.Node | undefined = node; at; at = at.parent) {
    if (ts.isFunctionLike(at) && at.parameters.some((p) => p.dotDotDotToken && ts.isIdentifier(p.name) && p.name.text === name)) return true
  }
  return false
}

/** Every call in `file` that spreads something other than its function's rest parameter. */
function spreads(file: string): string[] {
  const source = ts.createSourceFile(file, fs.readFileSync(path.join(ROOT, file), 'utf8'), ts.ScriptTarget.Latest, true)
  const found: string[] = []
  const visit = (node: ts.Node) => {
    if ((ts.isCallExpression(node) || ts.isNewExpression(node)) && node.arguments) {
      for (const arg of node.arguments) {
        if (ts.isSpreadElement(arg) && !(ts.isIdentifier(arg.expression) && isRestParameter(node, arg.expression.text))) {
          const { line } = source.getLineAndCharacterOfPosition(node.getStart())
          found.push(`${file}:${line + 1}: ${node.getText().split('\n')[0]}`)
        }
      }
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

describe('the shipped JavaScript', () => {
  it('spreads into a call only its own rest parameter, never an array an input can make long', () => {
    const files = shipped()
    expect(files).toContain(path.join('lib', 'tools', 'shapes', 'search_replace.js'))
    expect(files.flatMap(spreads)).toEqual([])
  })
})
