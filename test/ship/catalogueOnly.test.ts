/**
 * No user-facing English in src/components: every word a person reads or a screen reader says
 * comes from the catalogue. Read with a real parser (@babel/parser): JSX text, string-valued
 * text attributes (aria-label, title, placeholder, alt…), strings rendered as children, and
 * `messages` objects kept in a component.
 */
import { parse } from '@babel/parser'
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'

const root = join(import.meta.dirname, '../..')
const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((d) => (d.isDirectory() ? sources(join(dir, d.name)) : /\.tsx?$/.test(d.name) ? [join(dir, d.name)] : []))

const TEXT_ATTRIBUTES = new Set(['aria-label', 'aria-description', 'aria-roledescription', 'aria-valuetext', 'title', 'placeholder', 'alt', 'label'])
// Words that are data or names, never translated: an EVM call type shown when the service gives none.
const ALLOWED = new Set(['CALL'])
const words = (text: string) => /\p{L}{2,}/u.test(text) && !ALLOWED.has(text.trim())

type Node = { type: string; loc?: { start: { line: number } }; [key: string]: unknown }

function* walk(node: unknown, parent?: Node): Generator<[Node, Node | undefined]> {
  if (!node || typeof node !== 'object') return
  if (Array.isArray(node)) {
    for (const child of node) yield* walk(child, parent)
    return
  }
  const n = node as Node
  if (typeof n.type === 'string') yield [n, parent]
  for (const [key, value] of Object.entries(n)) if (key !== 'loc' && key !== 'start' && key !== 'end' && key !== 'extra') yield* walk(value, typeof n.type === 'string' ? n : parent)
}

function englishIn(file: string): string[] {
  const ast = parse(readFileSync(file, 'utf8'), { sourceType: 'module', plugins: ['typescript', 'jsx'] })
  const found: string[] = []
  const at = (n: Node, what: string) => found.push(`${relative(root, file)}:${n.loc?.start.line} ${what}`)
  for (const [node, parent] of walk(ast.program)) {
    if (node.type === 'JSXText' && words(String(node.value))) at(node, `text ${JSON.stringify(String(node.value).trim())}`)
    if (node.type === 'JSXAttribute') {
      const name = (node.name as Node).name as string
      const value = node.value as Node | null
      if (TEXT_ATTRIBUTES.has(name) && value?.type === 'StringLiteral' && words(String(value.value))) at(node, `${name}="${String(value.value)}"`)
    }
    // A string or template literal put straight into the markup: {'Load more'}, {`${n} rows`}.
    if (node.type === 'JSXExpressionContainer' && parent?.type === 'JSXElement') {
      const e = node.expression as Node
      if (e.type === 'StringLiteral' && words(String(e.value))) at(node, `child ${JSON.stringify(e.value)}`)
      if (e.type === 'TemplateLiteral' && (e.quasis as Node[]).some((q) => words(String((q.value as { cooked: string }).cooked)))) at(node, 'child template')
    }
    if (node.type === 'VariableDeclarator' && (node.id as Node).name === 'messages' && (node.init as Node | null)?.type === 'ObjectExpression') at(node, 'a messages object of its own')
  }
  return found
}

describe('src/components holds no user-facing English', () => {
  it('every word comes from the catalogue (src/locales)', () => {
    const found = sources(join(root, 'src/components')).flatMap(englishIn)
    expect(found).toEqual([])
  })

  it('finds English when there is some (the scan itself works)', () => {
    const probe = join(root, 'test/ship/fixtures/englishComponent.tsx')
    expect(englishIn(probe).map((f) => f.replace(/^\S+ /, ''))).toEqual([
      'a messages object of its own',
      'text "Load more"',
      'aria-label="Close the menu"',
      'child "Try again"',
      'child template',
    ])
  })
})
