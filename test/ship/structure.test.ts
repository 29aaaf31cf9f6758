/**
 * The house's rules, read from the sources: no import cycle anywhere in `src` (a module loads
 * after everything it imports, so its code can be read bottom-up), and `src/react` holds React
 * code only (React-free modules live in `src/core`, which never imports React), no function
 * is longer than a reader can hold (80 lines) and no file longer than 300 lines, unless it is listed
 * below and its comment says why.
 */
import { parse } from '@babel/parser'
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

const root = resolve(import.meta.dirname, '../..')
const src = join(root, 'src')

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? files(join(dir, d.name)) : /\.tsx?$/.test(d.name) && !d.name.endsWith('.d.ts') ? [join(dir, d.name)] : [],
  )
}

/** Every module specifier of a file: static imports and re-exports (types too: they order reading) and `import()`. */
function specifiers(text: string): string[] {
  const out: string[] = []
  for (const m of text.matchAll(/(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|(?:^|\n)\s*import\s*['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)) {
    out.push((m[1] ?? m[2] ?? m[3])!)
  }
  return out
}

const all = files(src)
const sources = new Map(all.map((f) => [f, readFileSync(f, 'utf8')]))
const resolveLocal = (from: string, spec: string): string | undefined => {
  if (!spec.startsWith('.')) return undefined
  const base = resolve(dirname(from), spec).replace(/\.js$/, '')
  return [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find((c) => sources.has(c))
}
const graph = new Map(all.map((f) => [f, specifiers(sources.get(f)!).flatMap((s) => resolveLocal(f, s) ?? [])]))
const rel = (f: string) => relative(root, f)

/** The strongly connected components of more than one module (or a module importing itself): Tarjan's algorithm. */
function cycles(): string[][] {
  let index = 0
  const idx = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const on = new Set<string>()
  const found: string[][] = []
  const visit = (v: string) => {
    idx.set(v, index)
    low.set(v, index++)
    stack.push(v)
    on.add(v)
    for (const w of graph.get(v)!) {
      if (!idx.has(w)) {
        visit(w)
        low.set(v, Math.min(low.get(v)!, low.get(w)!))
      } else if (on.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!))
    }
    if (low.get(v) === idx.get(v)) {
      const group: string[] = []
      let w: string
      do {
        w = stack.pop()!
        on.delete(w)
        group.push(rel(w))
      } while (w !== v)
      if (group.length > 1 || graph.get(v)!.includes(v)) found.push(group.sort())
    }
  }
  for (const f of all) if (!idx.has(f)) visit(f)
  return found
}

describe('the structure of src', () => {
  it('reads the whole tree (the scan sees imports, re-exports and import())', () => {
    expect(all.length).toBeGreaterThan(150)
    expect(specifiers(`import a from './a.js'\nexport { b } from "../b.js"\nimport './c.css'\nconst d = () => import('./d.js')`)).toEqual(['./a.js', '../b.js', './c.css', './d.js'])
  })

  it('has no import cycle', () => {
    expect(cycles()).toEqual([])
  })

  it('keeps React code only in src/react (each module there imports React, TanStack’s React hooks or another hook of src/react)', () => {
    const inReact = (f: string) => rel(f).startsWith('src/react/')
    const reactFree = [...sources]
      .filter(([f]) => inReact(f))
      .filter(([f, text]) => !/from ['"](react|@tanstack\/react-query)['"]/.test(text) && !graph.get(f)!.some(inReact))
      .map(([f]) => rel(f))
    expect(reactFree).toEqual([])
  })

  it('keeps React out of src/core', () => {
    const withReact = [...sources].filter(([f, text]) => rel(f).startsWith('src/core/') && /from ['"](react|react-dom|@tanstack\/react-query)(\/[^'"]*)?['"]/.test(text)).map(([f]) => rel(f))
    expect(withReact).toEqual([])
  })

  it('has no function over 80 lines but the listed ones, each with a comment saying why it is one', () => {
    const long = all.flatMap((f) => longFunctions(rel(f), sources.get(f)!))
    expect(long.filter((l) => !(l.name in LONG_FUNCTIONS)).map((l) => `${l.name} (${l.lines} lines)`)).toEqual([])
    for (const name of Object.keys(LONG_FUNCTIONS)) {
      const [file] = name.split(':')
      expect(sources.get(join(root, file!)), name).toContain(LONG_FUNCTIONS[name]!)
    }
    // The scan itself: it sees an arrow function inside another and names it by what holds it.
    const sample = `const outer = () => {\n  const inner = () => {\n${'    x()\n'.repeat(90)}  }\n}\n`
    expect(longFunctions('f.ts', sample).map((l) => l.name)).toEqual(['f.ts:outer', 'f.ts:outer>inner'])
  })

  it('has no file over 300 lines but the listed ones, each with a comment saying why it is one', () => {
    const long = all.map((f) => ({ file: rel(f), lines: lineCount(sources.get(f)!) })).filter((l) => l.lines > 300)
    expect(long.filter((l) => !(l.file in LONG_FILES)).map((l) => `${l.file} (${l.lines} lines)`)).toEqual([])
    for (const file of Object.keys(LONG_FILES)) {
      expect(sources.get(join(root, file)), file).toContain(LONG_FILES[file]!)
      // A listed file that has come back under the limit leaves the list.
      expect(long.map((l) => l.file), file).toContain(file)
    }
    // The count itself: lines as an editor numbers them, the last one with or without its line break.
    expect(['', 'a', 'a\n', 'a\nb', 'a\r\nb\r\n', '\n\n'].map(lineCount)).toEqual([0, 1, 1, 2, 2, 2])
    expect(lineCount('x\n'.repeat(301))).toBe(301)
  })
})

/** The files allowed past 300 lines, with the words of the comment in the file that says why. */
const LONG_FILES: Record<string, string> = {
  'src/core/rpc/methods.ts': 'One file over 300 lines on purpose',
}

/** Lines of a text as an editor numbers them (`wc -l` when it ends with a line break). */
function lineCount(text: string): number {
  return text === '' ? 0 : text.split('\n').length - (text.endsWith('\n') ? 1 : 0)
}

/**
 * The functions allowed past 80 lines, with the words of the comment in the source that says why.
 * Named `file:function`, nested ones `outer>inner`, an anonymous one `(returned)` when it is returned.
 */
const LONG_FUNCTIONS: Record<string, string> = {
  'src/core/history/compile.ts:objectWalker': 'One closure on purpose',
  'src/core/history/compile.ts:objectWalker>(returned)': 'One closure on purpose',
}

/** Functions of more than 80 lines (from the line of their head to that of their closing brace). */
function longFunctions(file: string, text: string): { name: string; lines: number }[] {
  const ast = parse(text, { sourceType: 'module', plugins: ['typescript', 'jsx'] })
  const out: { name: string; lines: number }[] = []
  const walk = (node: unknown, path: string, name: string | undefined): void => {
    if (!node || typeof node !== 'object') return
    if (Array.isArray(node)) return node.forEach((n) => walk(n, path, name))
    const n = node as { type?: string; loc?: { start: { line: number }; end: { line: number } }; id?: { name?: string }; key?: { name?: string } }
    if (typeof n.type !== 'string') return
    let inside = path
    if (/Function|ObjectMethod|ClassMethod/.test(n.type) && n.loc) {
      const own = n.id?.name ?? n.key?.name ?? name ?? '(returned)'
      inside = path ? `${path}>${own}` : own
      const lines = n.loc.end.line - n.loc.start.line + 1
      if (lines > 80) out.push({ name: `${file}:${inside}`, lines })
    }
    for (const [k, v] of Object.entries(n)) {
      if (k === 'loc' || k === 'leadingComments' || k === 'trailingComments') continue
      const held = n.type === 'VariableDeclarator' ? (n.id?.name ?? name) : n.type === 'ObjectProperty' || n.type === 'ClassProperty' ? (n.key?.name ?? name) : /Function/.test(n.type) ? undefined : n.type === 'ReturnStatement' ? undefined : name
      walk(v, inside, held)
    }
  }
  walk(ast.program, '', undefined)
  return out
}
