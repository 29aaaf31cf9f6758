#!/usr/bin/env node
// The wallet-history reader's tables (src/core/history/tables.ts), generated from the zod schemas
// (src/core/history/zodSchemas.ts): the schemas stay the one source of truth for the shapes, and the
// reader walks plain tables of the same field readers, so reading a page loads none of zod.
//
//   node scripts/history-tables.mjs          writes src/core/history/tables.ts
//   node scripts/history-tables.mjs --check  exits 1 when the file differs from what it would write
//
// test/core/history/tables.test.ts renders the tables from the schemas in the test's own module
// graph and compares them with the committed file, so a schema changed without this script fails.
import { readFileSync, writeFileSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'

const root = resolve(import.meta.dirname, '..')
export const tablesPath = join(root, 'src/core/history/tables.ts')

/** A zod/mini schema's definition. */
const defOf = (schema) => schema._zod.def

/**
 * The table of a schema made of loose objects, arrays, pipes and transforms of the field readers,
 * as plain values: a reader (the transform's own function), `{ object }`, `{ array }`, `{ pipe }`
 * (src/core/history/walk.ts, `Node`). Anything else (a strict object, a union, a check) is refused:
 * the walker and the checker would not read it as zod does.
 */
export function describeSchema(schema) {
  const def = defOf(schema)
  switch (def.type) {
    case 'transform':
      return def.transform
    case 'pipe':
      return { pipe: [describeSchema(def.in), describeSchema(def.out)] }
    case 'array':
      return { array: describeSchema(def.element) }
    case 'object':
      if (!def.catchall || defOf(def.catchall).type !== 'unknown') throw new Error('history tables: only loose objects are supported')
      return { object: Object.fromEntries(Object.entries(def.shape).map(([k, v]) => [k, describeSchema(v)])) }
    default:
      throw new Error(`history tables: unsupported schema type ${def.type}`)
  }
}

/**
 * The text of tables.ts: one constant per exported schema (`logEntrySchema` → `logEntry`), each
 * naming its readers as `r.<export of readers.ts>` and the schemas it holds by their constants
 * (defined before it); `walletHistoryPage` is the one exported.
 */
export function renderTables(schemas, readers) {
  const readerNames = new Map(Object.entries(readers).filter(([, f]) => typeof f === 'function').map(([k, f]) => [f, k]))
  // By name, so that the text does not depend on how the module namespace lists its exports.
  const named = new Map(Object.entries(schemas).filter(([k]) => k.endsWith('Schema')).sort(([a], [b]) => (a < b ? -1 : 1)).map(([k, s]) => [s, k.slice(0, -'Schema'.length)]))
  // Each schema's constant before the first that holds it.
  const consts = []
  const emitted = new Set()
  const emit = (schema) => {
    if (emitted.has(schema)) return
    emitted.add(schema)
    const name = named.get(schema)
    const body = source(schema, 0, true)
    consts.push(`${name === 'walletHistoryPage' ? 'export ' : ''}const ${name}: Node = ${body}\n`)
  }
  const source = (schema, depth, top) => {
    if (!top && named.has(schema)) {
      emit(schema)
      return named.get(schema)
    }
    const def = defOf(schema)
    const pad = '  '.repeat(depth)
    switch (def.type) {
      case 'transform': {
        const name = readerNames.get(def.transform)
        if (!name) throw new Error('history tables: a transform that is not an export of readers.ts')
        return `r.${name}`
      }
      case 'pipe':
        return `{ pipe: [${source(def.in, depth)}, ${source(def.out, depth)}] }`
      case 'array':
        return `{ array: ${source(def.element, depth)} }`
      case 'object': {
        describeSchema(schema)
        const fields = Object.entries(def.shape).map(([k, v]) => `${pad}  ${/^[A-Za-z_$][\w$]*$/.test(k) ? k : JSON.stringify(k)}: ${source(v, depth + 1)},`)
        return `{\n${pad}  object: {\n${fields.map((f) => `  ${f}`).join('\n')}\n${pad}  },\n${pad}}`
      }
      default:
        throw new Error(`history tables: unsupported schema type ${def.type}`)
    }
  }
  for (const schema of named.keys()) emit(schema)
  return [
    '// Generated from the zod schemas (zodSchemas.ts) by `node scripts/history-tables.mjs`: do not edit.',
    '// test/core/history/tables.test.ts holds this file equal to what the script writes.',
    "import * as r from './readers.js'",
    "import type { Node } from './walk.js'",
    '',
    '/* The reader\'s tables: each resource of a wallet-history page as its fields and their readers (walk.ts, `Node`). */',
    '',
    consts.join('\n'),
  ].join('\n')
}

/** The schemas and readers as modules, bundled from the TypeScript sources by esbuild (no build needed). */
async function loadSources() {
  const { build } = await import('esbuild')
  const dir = mkdtempSync(join(tmpdir(), 'history-tables-'))
  try {
    const out = join(dir, 'sources.mjs')
    await build({
      stdin: { contents: "export * as schemas from './src/core/history/zodSchemas.ts'\nexport * as readers from './src/core/history/readers.ts'\n", resolveDir: root, loader: 'ts' },
      bundle: true, format: 'esm', platform: 'node', outfile: out, logLevel: 'silent',
    })
    return await import(pathToFileURL(out).href)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { schemas, readers } = await loadSources()
  const text = renderTables(schemas, readers)
  if (process.argv.includes('--check')) {
    const same = readFileSync(tablesPath, 'utf8') === text
    console.log(same ? 'src/core/history/tables.ts is up to date' : 'src/core/history/tables.ts differs from the schemas: run node scripts/history-tables.mjs')
    process.exit(same ? 0 : 1)
  }
  writeFileSync(tablesPath, text)
  console.log(`src/core/history/tables.ts: ${named(schemas)} tables`)
}

function named(schemas) {
  return Object.keys(schemas).filter((k) => k.endsWith('Schema')).length
}
