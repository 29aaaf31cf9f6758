/**
 * The package compiles no code from strings: under a strict Content-Security-Policy (no
 * 'unsafe-eval') each attempt is a reported violation, even one that is caught. Every .js file of
 * the built package is parsed (comments and text are not code) and searched for calls of `eval`
 * and of the global `Function` constructor (also taken as a value: `const F = Function; new F()`),
 * and for `setTimeout` / `setInterval` given code as text. test/core/history/noEval.test.ts runs
 * the reader itself with code generation refused.
 */
import { parse } from '@babel/parser'
import { readdirSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

const root = resolve(import.meta.dirname, '../..')

type Node = { type: string; loc?: { start: { line: number } }; [key: string]: unknown }
const GLOBALS = new Set(['globalThis', 'window', 'self', 'global'])
const isText = (n: Node | undefined): boolean => n?.type === 'StringLiteral' || n?.type === 'TemplateLiteral' || (n?.type === 'BinaryExpression' && (isText(n.left as Node) || isText(n.right as Node)))

/** `name` itself, or read off the global object (`globalThis.eval`, `window['Function']`). */
function names(n: Node | undefined, ...wanted: string[]): boolean {
  if (!n) return false
  if (n.type === 'Identifier') return wanted.includes(n.name as string)
  if (n.type === 'MemberExpression' || n.type === 'OptionalMemberExpression') {
    const object = n.object as Node
    const property = n.property as Node
    const key = n.computed ? (property.type === 'StringLiteral' ? property.value : undefined) : property.name
    return object.type === 'Identifier' && GLOBALS.has(object.name as string) && wanted.includes(key as string)
  }
  // `(0, eval)(code)`: an indirect call, still eval.
  if (n.type === 'SequenceExpression') return names((n.expressions as Node[]).at(-1), ...wanted)
  return false
}

/** `file:line: what` for each place in `code` that compiles code from a string. */
export function codeFromStrings(code: string, file: string): string[] {
  const found: string[] = []
  const at = (n: Node, what: string) => found.push(`${file}:${n.loc?.start.line}: ${what}`)
  const visit = (n: Node, parent: Node | undefined, key: string) => {
    let skip = ''
    if (n.type === 'CallExpression' || n.type === 'NewExpression' || n.type === 'OptionalCallExpression') {
      const callee = n.callee as Node
      const first = (n.arguments as Node[])[0]
      // A callee reported here is not reported again as a value (`(0, eval)`).
      skip = 'callee'
      if (names(callee, 'eval')) at(n, 'eval(…)')
      else if (names(callee, 'Function')) at(n, `${n.type === 'NewExpression' ? 'new ' : ''}Function(…)`)
      else if (names(callee, 'setTimeout', 'setInterval') && isText(first)) at(n, 'setTimeout/setInterval with code as text')
      else skip = ''
    } else if ((n.type === 'Identifier' || n.type === 'MemberExpression') && names(n, 'Function', 'eval')) {
      // Taken as a value (`const F = Function`), not called here: the call may come later.
      const called = (parent?.type === 'CallExpression' || parent?.type === 'NewExpression' || parent?.type === 'OptionalCallExpression') && key === 'callee'
      const notAReference = parent?.type === 'MemberExpression' && key === 'property' && !parent.computed
      const aKey = (parent?.type === 'ObjectProperty' || parent?.type === 'ObjectMethod' || parent?.type === 'ClassMethod' || parent?.type === 'ClassProperty') && key === 'key' && !parent.computed
      const inType = parent?.type === 'BinaryExpression' && parent.operator === 'instanceof'
      if (!called && !notAReference && !aKey && !inType) at(n, `${n.type === 'Identifier' ? n.name : 'global'} taken as a value`)
      if (n.type === 'MemberExpression') return
    }
    for (const [k, v] of Object.entries(n)) {
      if (k === skip || k === 'loc' || k === 'start' || k === 'end' || k === 'extra' || k === 'leadingComments' || k === 'trailingComments' || k === 'innerComments') continue
      if (Array.isArray(v)) for (const c of v) c && typeof c.type === 'string' && visit(c as Node, n, k)
      else if (v && typeof v === 'object' && typeof (v as Node).type === 'string') visit(v as Node, n, k)
    }
  }
  visit(parse(code, { sourceType: 'module' }).program as unknown as Node, undefined, 'program')
  return found
}

describe('no code compiled from strings in the built package', () => {
  it('finds it when it is there (the check itself)', () => {
    const code = `
      // new Function('x') in a comment is not code, nor is this: "eval(1)", isFunction(x), o.eval(x)
      const a = new Function('a', 'return a')
      const b = Function('return 1')
      eval('1 + 1')
      ;(0, eval)('1')
      const F = Function
      globalThis.eval('x')
      new window['Function']('y')
      setTimeout('tick()', 10)
      setInterval(\`tick()\`, 10)
      setTimeout(() => tick(), 10)
      const ok = x instanceof Function || isFunction(x) || o.Function || { Function: 1, eval: 2 }`
    expect(codeFromStrings(code, 'a.js')).toEqual([
      'a.js:3: new Function(…)',
      'a.js:4: Function(…)',
      'a.js:5: eval(…)',
      'a.js:6: eval(…)',
      'a.js:7: Function taken as a value',
      'a.js:8: eval(…)',
      'a.js:9: new Function(…)',
      'a.js:10: setTimeout/setInterval with code as text',
      'a.js:11: setTimeout/setInterval with code as text',
    ])
  })

  it('has none in any .js file of dist/ (the node project builds it first)', () => {
    const dist = process.env.BLOCKFEED_DIST ?? resolve(root, 'dist')
    const files = readdirSync(dist, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.js'))
    expect(files.length).toBeGreaterThan(50)
    expect(files.flatMap((f) => codeFromStrings(readFileSync(resolve(dist, f), 'utf8'), `dist/${f}`))).toEqual([])
  })
})
