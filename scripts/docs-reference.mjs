#!/usr/bin/env node
// Writes the manual's reference (docs/reference/**) from the TSDoc and the declaration files:
// `npm run docs:reference`. `--check` writes nothing and lists the pages that differ from what is
// committed; `--dist DIR` reads an existing build instead of building the declarations privately.
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync, existsSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { readApi } from './docs/api.mjs'
import { buildTypes } from './docs/build-types.mjs'
import { planPages } from './docs/pages.mjs'
import { renderPage, storyId } from './docs/render.mjs'

const root = resolve(import.meta.dirname, '..')
const { values } = parseArgs({ options: { check: { type: 'boolean' }, dist: { type: 'string' } } })

/** Every reference page as `{ file, text }`. */
export function referencePages(distDir) {
  const api = readApi(distDir)
  const { pages, pageOf } = planPages(api)
  const linkTo = (name) => {
    const page = pageOf.get(`blockfeed#${name}`) ?? [...pageOf.entries()].find(([key]) => key.endsWith(`#${name}`))?.[1]
    return page ? `?path=/docs/${storyId(page.title)}--docs` : null
  }
  return pages.map((page) => ({ file: page.file, text: renderPage(page, linkTo) }))
}

const committed = () =>
  existsSync(join(root, 'docs/reference'))
    ? readdirSync(join(root, 'docs/reference'), { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.mdx')).map((f) => `docs/reference/${f}`)
    : []

if (import.meta.url === `file://${process.argv[1]}`) {
  const pages = referencePages(values.dist ?? buildTypes())
  const wanted = new Set(pages.map((p) => p.file))
  if (values.check) {
    const stale = pages.filter((p) => !existsSync(join(root, p.file)) || readFileSync(join(root, p.file), 'utf8') !== p.text).map((p) => p.file)
    const extra = committed().filter((f) => !wanted.has(f))
    for (const f of [...stale, ...extra]) console.log(f)
    console.log(`${pages.length} reference pages; ${stale.length + extra.length} differ from docs/reference (npm run docs:reference rewrites them)`)
    process.exit(stale.length + extra.length > 0 ? 1 : 0)
  }
  for (const f of committed()) if (!wanted.has(f)) rmSync(join(root, f))
  for (const p of pages) {
    mkdirSync(dirname(join(root, p.file)), { recursive: true })
    writeFileSync(join(root, p.file), p.text)
  }
  console.log(`${pages.length} reference pages written to docs/reference`)
}
