/**
 * The house's rules, read from the sources: no import cycle anywhere in `src` (a module loads
 * after everything it imports, so its code can be read bottom-up), and `src/react` holds React
 * code only (React-free modules live in `src/core`, which never imports React).
 */
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
})
