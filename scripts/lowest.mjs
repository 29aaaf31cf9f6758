#!/usr/bin/env node
// The lowest supported peers, installed into .lowest/ for the `lowest-*` vitest projects:
// the core, hook and component suites run once more against exactly these versions.
// Each one is the lower bound of a range in package.json's peerDependencies (a test in
// test/package checks they agree). Evidence for each bound: scripts/lowest.md.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { resolve } from 'node:path'

export const lowest = {
  viem: '2.37.2',
  '@tanstack/query-core': '5.62.0',
  '@tanstack/react-query': '5.80.0',
  react: '18.0.0',
  'react-dom': '18.0.0',
}

// For bisecting: `BLOCKFEED_LOWEST=viem@2.37.1,react@18.2.0` swaps versions, `BLOCKFEED_LOWEST_DIR`
// installs them elsewhere (e.g. `BLOCKFEED_LOWEST_DIR=.lowest/try npx vitest run --project lowest-node`).
for (const spec of (process.env.BLOCKFEED_LOWEST ?? '').split(',').filter(Boolean)) {
  const at = spec.lastIndexOf('@')
  const name = spec.slice(0, at)
  if (at <= 0 || !Object.hasOwn(lowest, name)) throw new Error(`BLOCKFEED_LOWEST: ${spec} is not one of ${Object.keys(lowest).join(', ')} with a version`)
  lowest[name] = spec.slice(at + 1)
}

export const lowestDir = resolve(process.env.BLOCKFEED_LOWEST_DIR ?? resolve(import.meta.dirname, '../.lowest'))

const manifest = () => JSON.stringify({ name: 'blockfeed-lowest', private: true, dependencies: lowest }, null, 2) + '\n'

/** True when .lowest/ holds exactly the set above (a stale install is replaced). */
export function lowestInstalled(dir = lowestDir) {
  const file = resolve(dir, 'package.json')
  if (!existsSync(file) || readFileSync(file, 'utf8') !== manifest()) return false
  return Object.entries(lowest).every(([name, version]) => {
    const pkg = resolve(dir, 'node_modules', name, 'package.json')
    return existsSync(pkg) && JSON.parse(readFileSync(pkg, 'utf8')).version === version
  })
}

/** Installs the set (exact versions, no lock file); returns false when npm failed. */
export function installLowest(dir = lowestDir) {
  if (lowestInstalled(dir)) return true
  mkdirSync(dir, { recursive: true })
  writeFileSync(resolve(dir, 'package.json'), manifest())
  const r = spawnSync('npm', ['install', '--no-audit', '--no-fund', '--no-package-lock', '--save-exact', '--loglevel=error'], { cwd: dir, stdio: 'inherit' })
  return r.status === 0 && lowestInstalled(dir)
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (!installLowest()) {
    console.error('Could not install the lowest supported peers into .lowest/')
    process.exit(1)
  }
  console.log(`lowest peers in ${lowestDir}: ${Object.entries(lowest).map(([n, v]) => `${n}@${v}`).join(', ')}`)
}
