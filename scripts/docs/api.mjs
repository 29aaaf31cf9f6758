// The public API as the compiler wrote it: every export of each entry, read from the .d.ts output
// (TypeScript 7 has no JavaScript API, so @babel/parser reads the declaration files), followed to the
// file that declares it, with its TSDoc parsed.
import { parse } from '@babel/parser'
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { parseTsdoc } from './tsdoc.mjs'

/** The documented entries: import path → entry file under dist/exports. */
export const entries = [
  ['blockfeed', 'index'],
  ['blockfeed/react', 'react'],
  ['blockfeed/components', 'components'],
  ['blockfeed/server', 'server'],
  ['blockfeed/wagmi', 'wagmi'],
  ['blockfeed/devnet', 'devnet'],
  ['blockfeed/testing', 'testing'],
  ['blockfeed/testing/msw', 'testing/msw'],
]

/**
 * Narrow entries: names of the entries above, again from an entry that reaches nothing else (so a
 * bundler loads with the page only what they need). Their pages show both imports.
 */
export const narrowEntries = [
  ['blockfeed/feed', 'feed'],
  ['blockfeed/client', 'client'],
]

const parsed = new Map()

/** One declaration file, parsed once. */
function dts(file) {
  if (!parsed.has(file)) {
    const text = readFileSync(file, 'utf8')
    const ast = parse(text, { sourceType: 'module', plugins: [['typescript', { dts: true }]], attachComment: true })
    parsed.set(file, { file, text, body: ast.program.body })
  }
  return parsed.get(file)
}

const fromSpecifier = (file, spec) => resolve(dirname(file), spec.replace(/\.js$/, '.d.ts'))
const nameOf = (node) => node?.name ?? node?.value

/** The node that declares `name` in a statement, if it does. */
function declares(statement, name) {
  const d = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement
  if (!d) return false
  if (d.type === 'VariableDeclaration') return d.declarations.some((v) => v.id.name === name)
  return nameOf(d.id) === name && /^(TSInterfaceDeclaration|TSTypeAliasDeclaration|TSDeclareFunction|ClassDeclaration|TSEnumDeclaration|FunctionDeclaration)$/.test(d.type)
}

/**
 * Where `name` is declared, starting from `file`: `{ file, text, nodes }` with every statement that
 * declares it (overloads, interface merging), or null for a name from outside the package.
 */
export function findDeclaration(file, name, seen = new Set()) {
  const key = `${file}#${name}`
  if (seen.has(key) || !existsSync(file)) return null
  seen.add(key)
  const { text, body } = dts(file)
  const nodes = body.filter((s) => declares(s, name))
  if (nodes.length > 0) return { file, text, nodes, name }
  for (const s of body) {
    const specifiers = s.type === 'ExportNamedDeclaration' || s.type === 'ImportDeclaration' ? s.specifiers : []
    const source = s.source?.value
    for (const sp of specifiers) {
      const local = sp.type === 'ImportSpecifier' ? nameOf(sp.local) : nameOf(sp.exported)
      const imported = sp.type === 'ImportSpecifier' ? nameOf(sp.imported) : nameOf(sp.local)
      if (local !== name) continue
      if (!source) return findDeclaration(file, imported, seen)
      if (!source.startsWith('.')) return null
      return findDeclaration(fromSpecifier(file, source), imported, seen)
    }
    if (s.type === 'ExportAllDeclaration' && s.source.value.startsWith('.')) {
      const found = findDeclaration(fromSpecifier(file, s.source.value), name, seen)
      if (found) return found
    }
  }
  return null
}

/** The names an entry file exports, in its order (`export { … } from`, `export type { … } from`). */
function exportedNames(file) {
  return dts(file).body.flatMap((s) => (s.type === 'ExportNamedDeclaration' ? s.specifiers.map((sp) => nameOf(sp.exported)) : []))
}

const kindOf = (node) => {
  const d = node.type === 'ExportNamedDeclaration' ? node.declaration : node
  return {
    TSDeclareFunction: 'function',
    FunctionDeclaration: 'function',
    ClassDeclaration: 'class',
    VariableDeclaration: 'const',
    TSInterfaceDeclaration: 'interface',
    TSTypeAliasDeclaration: 'type',
    TSEnumDeclaration: 'enum',
  }[d.type]
}

/** The doc comment right before a node (the last `/** … *\/` among its leading comments). */
export function docOf(node) {
  const comments = (node.leadingComments ?? []).filter((c) => c.type === 'CommentBlock' && c.value.startsWith('*'))
  return comments.length > 0 ? parseTsdoc(comments.at(-1).value) : null
}

const source = (text, node) => text.slice(node.start, node.end)

/** The declaration's text as a reader would see it: `export declare`, comments and source maps gone. */
function declarationText(found) {
  return found.nodes
    .map((n) => {
      const d = n.type === 'ExportNamedDeclaration' ? n.declaration : n
      return source(found.text, d).replace(/^declare /, '')
    })
    .join('\n')
}

/**
 * Every export of every entry: `{ entry, name, kind, doc, declaration, found }`. `doc` is the TSDoc of
 * the first declaring statement with one, or null.
 */
export function readApi(distDir) {
  const api = []
  const narrow = narrowNames(distDir)
  for (const [entry, file] of entries) {
    const entryFile = join(distDir, 'exports', `${file}.d.ts`)
    if (!existsSync(entryFile)) continue
    for (const name of exportedNames(entryFile)) {
      const found = findDeclaration(entryFile, name)
      if (!found) {
        api.push({ entry, name, kind: 'unknown', doc: null, declaration: '', found: null })
        continue
      }
      const doc = found.nodes.map(docOf).find(Boolean) ?? null
      api.push({ entry, name, kind: kindOf(found.nodes[0]), doc, declaration: declarationText(found), found, alsoFrom: narrow.get(name) })
    }
  }
  return api
}

/** Each name a narrow entry exports, with that entry. */
function narrowNames(distDir) {
  const names = new Map()
  for (const [entry, file] of narrowEntries) {
    const entryFile = join(distDir, 'exports', `${file}.d.ts`)
    if (existsSync(entryFile)) for (const name of exportedNames(entryFile)) names.set(name, entry)
  }
  return names
}

/**
 * The members of an object type (interface or type literal, through `&` and `extends`): each
 * `{ name, optional, type, doc }`, plus the names of other types it takes everything of.
 */
export function membersOf(found) {
  const members = []
  const alsoOf = []
  const walk = (node) => {
    if (!node) return
    if (node.type === 'TSInterfaceDeclaration') {
      for (const h of node.extends ?? []) alsoOf.push(source(found.text, h))
      node.body.body.forEach(member)
    } else if (node.type === 'TSTypeAliasDeclaration') walk(node.typeAnnotation)
    else if (node.type === 'TSTypeLiteral') node.members.forEach(member)
    else if (node.type === 'TSIntersectionType') node.types.forEach(walk)
    else if (node.type === 'TSTypeReference') alsoOf.push(source(found.text, node))
  }
  const member = (m) => {
    if (m.type !== 'TSPropertySignature' && m.type !== 'TSMethodSignature') return
    const type = m.typeAnnotation ? source(found.text, m.typeAnnotation.typeAnnotation) : 'unknown'
    const params = m.type === 'TSMethodSignature' ? `(${(m.parameters ?? m.params ?? []).map((p) => source(found.text, p)).join(', ')}) => ${type}` : type
    members.push({ name: nameOf(m.key), optional: Boolean(m.optional), type: params, doc: docOf(m) })
  }
  for (const n of found.nodes) walk(n.type === 'ExportNamedDeclaration' ? n.declaration : n)
  return { members, alsoOf }
}

/** A function's parameters as declared: `{ name, optional, type, typeNode }` of its first overload. */
export function parametersOf(found) {
  const n = found.nodes[0]
  const d = n.type === 'ExportNamedDeclaration' ? n.declaration : n
  const params = d.params ?? d.declarations?.[0]?.id?.typeAnnotation?.typeAnnotation?.parameters ?? []
  return params.map((p) => {
    const id = p.type === 'TSParameterProperty' ? p.parameter : p
    const ann = id.typeAnnotation?.typeAnnotation
    const name = id.type === 'RestElement' ? `...${nameOf(id.argument)}` : id.type === 'ObjectPattern' ? 'options' : nameOf(id)
    return { name, optional: Boolean(id.optional), type: ann ? source(found.text, ann) : 'unknown', typeNode: ann }
  })
}
