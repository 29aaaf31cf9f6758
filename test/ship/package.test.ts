/**
 * Package correctness on the built dist/ (built once by the node project's global setup):
 * publint --strict and arethetypeswrong report nothing, 'use client' stands exactly where it
 * must, and every `exports` target exists.
 */
import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

const root = resolve(import.meta.dirname, '../..')
const pkg = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8'))
const bin = (name: string) => resolve(root, 'node_modules/.bin', name)

function targets(entry: unknown): string[] {
  if (typeof entry === 'string') return [entry]
  return Object.values(entry as Record<string, unknown>).flatMap(targets)
}

describe('the package', () => {
  it('has every exports target and the bin in dist/', () => {
    // A pattern target (`./dist/locales/*.js`) is there when English's is.
    const missing = Object.values(pkg.exports).flatMap(targets).map((t) => t.replace('*', 'en')).filter((t) => !existsSync(resolve(root, t)))
    expect(missing).toEqual([])
    expect(existsSync(resolve(root, pkg.bin.blockfeed))).toBe(true)
    expect(readFileSync(resolve(root, pkg.bin.blockfeed), 'utf8').startsWith('#!/usr/bin/env node')).toBe(true)
  })

  it("marks the React entries 'use client' and leaves the core free of it and of React", () => {
    const first = (f: string) => readFileSync(resolve(root, f), 'utf8').trimStart().split('\n')[0]
    expect(first('dist/exports/react.js')).toMatch(/^['"]use client['"]/)
    expect(first('dist/exports/components.js')).toMatch(/^['"]use client['"]/)
    expect(first('dist/exports/feed.js')).toMatch(/^['"]use client['"]/)
    expect(first('dist/exports/index.js')).not.toMatch(/use client/)
    expect(first('dist/exports/client.js')).not.toMatch(/use client/)
    let reactInCore = ''
    try {
      // grep exits 1 when nothing matches: that is the passing case.
      reactInCore = execFileSync('grep', ['-rlE', "from ['\"]react", resolve(root, 'dist/core')], { encoding: 'utf8' })
    } catch {}
    expect(reactInCore).toBe('')
  })

  it('passes publint --strict', () => {
    const out = execFileSync(bin('publint'), ['--strict'], { cwd: root, encoding: 'utf8' })
    expect(out).toMatch(/All good/)
  })

  it('passes arethetypeswrong for ESM consumers', () => {
    // CommonJS resolution is out of scope: the package is ESM only (documented in the README).
    // attw exits non-zero on any problem; styles.css is not a module, so it is not resolved as one.
    const dir = mkdtempSync(join(tmpdir(), 'blockfeed-attw-'))
    try {
      const packed = JSON.parse(execFileSync('npm', ['pack', '--json', '--pack-destination', dir], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }))[0]
      const out = execFileSync(bin('attw'), [join(dir, packed.filename), '--profile', 'esm-only', '--exclude-entrypoints', 'styles.css', '--format', 'ascii'], { cwd: root, encoding: 'utf8' })
      expect(out).toContain('blockfeed/components')
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }, 120_000)
})
