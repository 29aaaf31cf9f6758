#!/usr/bin/env node
// `npm test`: every vitest project (node, jsdom, lowest peers, Chromium, Storybook stories) in one run,
// then one line `N passed, N failed` read from vitest's JSON report.
import { spawnSync } from 'node:child_process'
import { readFileSync, mkdirSync, existsSync, rmSync } from 'node:fs'
import { installLowest } from './lowest.mjs'

// The lowest supported peers (viem, TanStack Query, React 18) for the `lowest-*` projects: a
// private install beside the checkout, since the project's own copies are the newest.
// Without them the peer ranges go unproven: the run counts one failure.
const lowestReady = installLowest()
if (!lowestReady) console.error('Could not install the lowest supported peers: the lowest-* projects are left out of this run.')

const report = 'test-results/vitest.json'
mkdirSync('test-results', { recursive: true })
// A report left by an earlier run must never be read as this run's.
rmSync(report, { force: true })

const args = ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...process.argv.slice(2)]
const run = spawnSync('npx', args, { stdio: 'inherit', env: { ...process.env, FORCE_COLOR: process.env.CI ? '0' : '1' } })

let passed = 0
let failed = 0
if (existsSync(report)) {
  const r = JSON.parse(readFileSync(report, 'utf8'))
  passed = r.numPassedTests ?? 0
  // A suite that fails to load has no failed test of its own: count it, so it can't hide.
  failed = (r.numFailedTests ?? 0) + (r.testResults ?? []).filter((f) => f.status === 'failed' && (f.assertionResults ?? []).length === 0).length
} else {
  failed = 1
}
if (!lowestReady) failed += 1
console.log(`${passed} passed, ${failed} failed`)
process.exit(run.status === 0 && failed === 0 ? 0 : 1)
