/**
 * The peer ranges promise what CI proves: each lower bound is exactly the version the
 * lowest-node and lowest-dom projects run against (scripts/lowest.mjs), wagmi's lower bound in
 * each of its two majors is one the wagmi suite runs against (lowest-node, lowest-wagmi-3), and
 * the public declarations type-check strict against those versions (scripts/lowest-types.mjs).
 */
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { lowest, lowestSets } from '../../scripts/lowest.mjs'

const root = resolve(import.meta.dirname, '../..')
const pkg = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as { peerDependencies: Record<string, string> }

type Version = readonly [number, number, number]
const parse = (version: string): Version => {
  const m = /^(\d+)\.(\d+)\.(\d+)$/.exec(version)
  if (!m) throw new Error(`not an exact version: ${version}`)
  return [Number(m[1]), Number(m[2]), Number(m[3])]
}
const compare = (a: Version, b: Version) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2]

/** `^18.0.0 || ^19.0.0` → `['18.0.0', '19.0.0']`: the lowest version each caret part admits, lowest first. */
function lowerBounds(range: string): string[] {
  return range
    .split('||')
    .map((part) => {
      const m = /^\s*\^(\d+\.\d+\.\d+)\s*$/.exec(part)
      if (!m) throw new Error(`not a caret range: ${part}`)
      return parse(m[1]!)
    })
    .sort(compare)
    .map((v) => v.join('.'))
}
const lowerBound = (range: string) => lowerBounds(range)[0]!

/** Whether a caret range (or a union of them) admits `version`. */
const admits = (range: string, version: string) =>
  lowerBounds(range).some((bound) => parse(bound)[0] === parse(version)[0] && compare(parse(version), parse(bound)) >= 0)

describe('peer ranges', () => {
  it.each(Object.entries(lowest))('%s: the range starts at the version CI runs against (%s)', (name, version) => {
    expect(Object.hasOwn(pkg.peerDependencies, name)).toBe(true)
    expect(lowerBound(pkg.peerDependencies[name]!)).toBe(version)
  })

  // msw is a peer of blockfeed/testing/msw alone (test helpers, not the app's bundle): its bound is
  // scripts/lowest.md's, kept out of the lowest set so the suites' own MSW stays the one they run on.
  const testingOnly = ['msw']

  it('every peer is in the lowest set (but the testing helpers’ msw)', () => {
    expect(Object.keys(pkg.peerDependencies).filter((name) => !testingOnly.includes(name)).sort()).toEqual(Object.keys(lowest).sort())
    expect(lowerBound(pkg.peerDependencies.msw!)).toBe('2.0.0')
  })

  it('wagmi: each major its range admits is run against at its lower bound (2 in the main set, 3 in its own)', () => {
    const bounds = lowerBounds(pkg.peerDependencies.wagmi!)
    expect(bounds.map((b) => parse(b)[0])).toEqual([2, 3])
    expect(Object.values(lowestSets).map((set) => set.wagmi).sort((a, b) => compare(parse(a), parse(b)))).toEqual(bounds)
  })

  it('the wagmi 3 set is the main set but for wagmi and the lowest viem wagmi 3.0.0 loads with, both in range', () => {
    const set = lowestSets['wagmi-3']
    const differs = (Object.keys(set) as (keyof typeof set)[]).filter((name) => set[name] !== lowest[name])
    expect(differs.sort()).toEqual(['viem', 'wagmi'])
    for (const name of differs) expect(admits(pkg.peerDependencies[name]!, set[name])).toBe(true)
  })

  it('the public declarations type-check against the lowest peers (a core and a React consumer)', () => {
    const r = spawnSync(process.execPath, [resolve(root, 'scripts/lowest-types.mjs')], { cwd: root, encoding: 'utf8' })
    expect(r.stderr.split('\n').filter((l) => /error TS/.test(l))).toEqual([])
    expect(r.status).toBe(0)
    expect(r.stdout).toMatch(/^core: the public types check against /m)
    expect(r.stdout).toMatch(/^react: the public types check against /m)
  }, 180_000)
})
