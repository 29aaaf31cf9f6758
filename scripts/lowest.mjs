#!/usr/bin/env node
// The lowest supported peers, installed into .lowest/ for the `lowest-*` vitest projects:
// the core, hook, component and wagmi suites run once more against exactly these versions.
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
  wagmi: '2.16.0',
}

/**
 * Every set installed, by name: `main` is the one above; `wagmi-3` is wagmi's other supported
 * major, a set of its own in .lowest/wagmi-3/ (one `node_modules/wagmi` cannot hold two): the
 * same peers with wagmi 3.0.0, and with viem 2.38.0, the lowest viem wagmi 3.0.0 loads with (it
 * imports viem's `sendCallsSync`, new in 2.38.0, though its own peer range says `2.x`).
 * Each project takes all its peers from one set, so wagmi's own imports of react, TanStack Query
 * and viem find the very files the test and the library import.
 */
export const lowestSets = { main: lowest, 'wagmi-3': { ...lowest, viem: '2.38.0', wagmi: '3.0.0' } }

// For bisecting: `BLOCKFEED_LOWEST=viem@2.37.1,react@18.2.0` swaps versions of the main set,
// `wagmi-3:viem@2.37.13` of another; `BLOCKFEED_LOWEST_DIR` installs them elsewhere
// (e.g. `BLOCKFEED_LOWEST_DIR=.lowest/try npx vitest run --project lowest-node`).
for (const spec of (process.env.BLOCKFEED_LOWEST ?? '').split(',').filter(Boolean)) {
  const colon = spec.indexOf(':')
  const set = lowestSets[colon > 0 ? spec.slice(0, colon) : 'main']
  const at = spec.lastIndexOf('@')
  const name = spec.slice(colon + 1, at)
  if (!set || at <= colon + 1 || !Object.hasOwn(set, name)) throw new Error(`BLOCKFEED_LOWEST: ${spec} is not [${Object.keys(lowestSets).join('|')}:]one of ${Object.keys(lowest).join(', ')} with a version`)
  set[name] = spec.slice(at + 1)
}

export const lowestDir = resolve(process.env.BLOCKFEED_LOWEST_DIR ?? resolve(import.meta.dirname, '../.lowest'))

/** Where a set is installed: the main set in .lowest/, another in .lowest/<its name>/. */
export const lowestSetDir = (set, dir = lowestDir) => (set === 'main' ? dir : resolve(dir, set))

// wagmi 2's @wagmi/connectors depends on every wallet SDK it wraps (MetaMask, Coinbase, WalletConnect,
// Reown, Safe: ~500 MB, minutes of a cold install); the tests use only the connectors @wagmi/core
// ships itself (`mock`), so a stub that re-exports those stands in for it (copied, so it resolves
// @wagmi/core from the set's own node_modules).
const connectorsStub = resolve(import.meta.dirname, 'lowest-stubs/wagmi-connectors')
const manifest = (set) =>
  JSON.stringify(
    {
      name: set === 'main' ? 'blockfeed-lowest' : `blockfeed-lowest-${set}`,
      private: true,
      dependencies: lowestSets[set],
      overrides: { '@wagmi/connectors': `file:${connectorsStub}` },
    },
    null,
    2,
  ) + '\n'

function setInstalled(set, dir) {
  const file = resolve(dir, 'package.json')
  if (!existsSync(file) || readFileSync(file, 'utf8') !== manifest(set)) return false
  return Object.entries(lowestSets[set]).every(([name, version]) => {
    const pkg = resolve(dir, 'node_modules', name, 'package.json')
    return existsSync(pkg) && JSON.parse(readFileSync(pkg, 'utf8')).version === version
  })
}

/** True when .lowest/ holds exactly every set above (a stale install is replaced). */
export function lowestInstalled(dir = lowestDir) {
  return Object.keys(lowestSets).every((set) => setInstalled(set, lowestSetDir(set, dir)))
}

/** Installs every set (exact versions, no lock file); returns false when npm failed. */
export function installLowest(dir = lowestDir) {
  return Object.keys(lowestSets).every((set) => {
    const at = lowestSetDir(set, dir)
    if (setInstalled(set, at)) return true
    mkdirSync(at, { recursive: true })
    writeFileSync(resolve(at, 'package.json'), manifest(set))
    // No install scripts: only tests import these trees, and wagmi 2's wallet SDKs (which its
    // `mock` connector never loads) carry native add-ons whose builds would reach past the registry.
    const args = ['install', '--no-audit', '--no-fund', '--no-package-lock', '--save-exact', '--ignore-scripts', '--prefer-offline', '--install-links', '--loglevel=error']
    const r = spawnSync('npm', args, { cwd: at, stdio: 'inherit' })
    return r.status === 0 && setInstalled(set, at)
  })
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (!installLowest()) {
    console.error('Could not install the lowest supported peers into .lowest/')
    process.exit(1)
  }
  for (const [set, peers] of Object.entries(lowestSets)) {
    console.log(`lowest peers (${set}) in ${lowestSetDir(set)}: ${Object.entries(peers).map(([n, v]) => `${n}@${v}`).join(', ')}`)
  }
}
