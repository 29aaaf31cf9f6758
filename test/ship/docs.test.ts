/**
 * The manual holds: every sample compiles against the built package as a reader would paste it,
 * every public export has a TSDoc summary and a reference page that matches the code, every page
 * compiles as Storybook's MDX, and no link between pages is broken.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { resolve } from 'node:path'
import { storyNameFromExport, toId } from 'storybook/internal/csf'
// @ts-expect-error the Webpack loader Storybook compiles MDX with ships no declarations
import loader from '@storybook/addon-docs/mdx-loader'
import { describe, expect, it } from 'vitest'
// @ts-expect-error plain ESM script without types
import { checkSamples, collectSamples, isChecked, isTypeScript } from '../../scripts/docs/samples.mjs'
// @ts-expect-error plain ESM script without types
import { readApi } from '../../scripts/docs/api.mjs'
// @ts-expect-error plain ESM script without types
import { referencePages } from '../../scripts/docs-reference.mjs'

const root = resolve(import.meta.dirname, '../..')
const dist = resolve(root, 'dist')
const mdxFiles = readdirSync(resolve(root, 'docs'), { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.mdx'))
  .map((f) => `docs/${f}`)
  .sort()
const manual = ['README.md', ...mdxFiles]
const read = (file: string) => readFileSync(resolve(root, file), 'utf8')
// Work, not waiting: a few hundred samples through tsc and every page through the MDX compiler take
// seconds alone and over the 30 s default on a loaded machine.
const heavy = { timeout: 300_000 }

describe('the manual', () => {
  it('every fenced ts/tsx sample of the README and the pages type-checks against the built package', heavy, () => {
    const samples = collectSamples(manual)
    const failures = checkSamples(samples, { against: 'package' }) as { file: string; line: number; code: string; message: string }[]
    expect(samples.filter(isChecked).length).toBeGreaterThan(100)
    expect(failures.map((f) => `${f.file}:${f.line}: ${f.code} ${f.message}`)).toEqual([])
  })

  it('marks at most one ts/tsx block in ten as no-check', () => {
    const samples = collectSamples(manual)
    const typescript = samples.filter(isTypeScript).length
    const unchecked = typescript - samples.filter(isChecked).length
    expect(unchecked, `${unchecked} of ${typescript} blocks are no-check`).toBeLessThanOrEqual(typescript / 10)
  })

  it('gives every public export a TSDoc summary', heavy, () => {
    const api = readApi(dist) as { entry: string; name: string; doc: { summary: string } | null }[]
    expect(api.length).toBeGreaterThan(250)
    expect(api.filter((e) => !e.doc?.summary).map((e) => `${e.entry}: ${e.name}`)).toEqual([])
  })

  it('has a reference page per export that matches the code (npm run docs:reference writes them)', heavy, () => {
    const pages = referencePages(dist) as { file: string; text: string }[]
    const stale = pages.filter((p) => !existsSync(resolve(root, p.file)) || read(p.file) !== p.text).map((p) => p.file)
    const wanted = new Set(pages.map((p) => p.file))
    const extra = mdxFiles.filter((f) => f.startsWith('docs/reference/') && !wanted.has(f))
    expect([...stale, ...extra]).toEqual([])
  })

  it("compiles every page with Storybook's MDX compiler", heavy, async () => {
    const compile = (file: string) =>
      new Promise<void>((done, fail) =>
        (loader as unknown as (this: unknown, text: string) => void).call(
          { async: () => (error: Error | null) => (error ? fail(error) : done()), getOptions: () => ({}), resourcePath: resolve(root, file) },
          read(file),
        ),
      )
    const failures: string[] = []
    for (const file of mdxFiles) await compile(file).catch((error: Error) => failures.push(`${file}: ${error.message}`))
    expect(failures).toEqual([])
  })

  it('links only to pages, stories and files that exist', () => {
    const ids = new Set<string>()
    for (const file of mdxFiles) {
      const title = /<Meta\s+title=["{]?"?([^"}]+)"?\}?\s*\/>/.exec(read(file))?.[1]
      expect(title, `${file} has a <Meta title>`).toBeTruthy()
      ids.add(toId(title!, 'Docs'))
    }
    for (const file of readdirSync(resolve(root, 'stories'), { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.stories.tsx'))) {
      const text = read(`stories/${file}`)
      const title = /\btitle:\s*'([^']+)'/.exec(text)?.[1]
      if (!title) continue
      for (const [, name] of text.matchAll(/^export const (\w+)/gm)) ids.add(toId(title, storyNameFromExport(name!)))
    }
    const broken: string[] = []
    for (const file of manual) {
      for (const [, target] of read(file).matchAll(/\]\(([^)\s]+)\)/g)) {
        const path = /^\?path=\/(?:docs|story)\/([\w-]+)/.exec(target!)
        if (path) {
          if (!ids.has(path[1]!)) broken.push(`${file}: ${target}`)
        } else if (!/^(https?:|mailto:|#)/.test(target!)) {
          const local = target!.split('#')[0]!
          if (!existsSync(resolve(root, file.includes('/') ? resolve(root, file, '..', local) : local))) broken.push(`${file}: ${target}`)
        }
      }
    }
    expect(ids.size).toBeGreaterThan(200)
    expect(broken).toEqual([])
  })

  it('keeps the README to the front door: at most 250 lines', () => {
    expect(read('README.md').trimEnd().split('\n').length).toBeLessThanOrEqual(250)
  })

  it("the changelog names the package's version", () => {
    const { version } = JSON.parse(read('package.json')) as { version: string }
    expect(read('CHANGELOG.md')).toContain(`## ${version}`)
  })
})
