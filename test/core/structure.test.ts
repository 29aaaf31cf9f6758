import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

// The core's import graph, types included: a cycle (client.ts ↔ history/*, rpc/rpc.ts) makes every
// new operation drag the whole client along and breaks as soon as one side gains a runtime import.
const root = resolve(import.meta.dirname, '../../src/core')

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? files(join(dir, d.name)) : d.name.endsWith('.ts') ? [join(dir, d.name)] : [],
  )
}

function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8')
  const found = [...text.matchAll(/(?:import|export)\s[^'"]*?from\s+'(\.[^']+)'/g)].map((m) => m[1]!)
  return found.map((spec) => resolve(dirname(file), spec.replace(/\.js$/, '.ts')))
}

function cycles(): string[][] {
  const graph = new Map(files(root).map((f) => [f, importsOf(f)]))
  const out: string[][] = []
  const state = new Map<string, 'open' | 'done'>()
  const stack: string[] = []
  const visit = (f: string) => {
    if (state.get(f) === 'done') return
    if (state.get(f) === 'open') {
      out.push([...stack.slice(stack.indexOf(f)), f].map((x) => relative(root, x)))
      return
    }
    state.set(f, 'open')
    stack.push(f)
    for (const g of graph.get(f) ?? []) if (graph.has(g)) visit(g)
    stack.pop()
    state.set(f, 'done')
  }
  for (const f of graph.keys()) visit(f)
  return out
}

describe('the core import graph', () => {
  it('has no cycle, type imports included', () => {
    expect(cycles()).toEqual([])
  })

  it('operations depend on the contract types, never on the module that builds the client', () => {
    const offenders = files(root)
      .filter((f) => /[/\\](history|rpc)[/\\]/.test(f))
      .filter((f) => importsOf(f).includes(join(root, 'client.ts')))
      .map((f) => relative(root, f))
    expect(offenders).toEqual([])
  })
})
