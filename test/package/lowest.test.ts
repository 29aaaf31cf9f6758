/**
 * The peer ranges promise what CI proves: each lower bound is exactly the version the
 * lowest-node and lowest-dom projects run against (scripts/lowest.mjs), and the public
 * declarations type-check strict against those versions (scripts/lowest-types.mjs).
 */
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { lowest } from '../../scripts/lowest.mjs'

const root = resolve(import.meta.dirname, '../..')
const pkg = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as { peerDependencies: Record<string, string> }

/** `^18.0.0 || ^19.0.0` → `18.0.0`: the lowest version a caret range (or a union of them) admits. */
function lowerBound(range: string): string {
  const versions = range.split('||').map((part) => {
    const m = /^\s*\^(\d+)\.(\d+)\.(\d+)\s*$/.exec(part)
    if (!m) throw new Error(`not a caret range: ${part}`)
    return [Number(m[1]), Number(m[2]), Number(m[3])] as const
  })
  versions.sort((a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2])
  return versions[0]!.join('.')
}

describe('peer ranges', () => {
  it.each(Object.entries(lowest))('%s: the range starts at the version CI runs against (%s)', (name, version) => {
    expect(Object.hasOwn(pkg.peerDependencies, name)).toBe(true)
    expect(lowerBound(pkg.peerDependencies[name]!)).toBe(version)
  })

  it('every peer is in the lowest set', () => {
    expect(Object.keys(pkg.peerDependencies).sort()).toEqual(Object.keys(lowest).sort())
  })

  it('the public declarations type-check against the lowest peers (a core and a React consumer)', () => {
    const r = spawnSync(process.execPath, [resolve(root, 'scripts/lowest-types.mjs')], { cwd: root, encoding: 'utf8' })
    expect(r.stderr.split('\n').filter((l) => /error TS/.test(l))).toEqual([])
    expect(r.status).toBe(0)
    expect(r.stdout).toMatch(/^core: the public types check against /m)
    expect(r.stdout).toMatch(/^react: the public types check against /m)
  }, 180_000)
})
