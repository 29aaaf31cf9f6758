#!/usr/bin/env node
// `npm test`: every vitest project (node, jsdom, Chromium, Storybook stories) in one run,
// then one line `N passed, N failed` read from vitest's JSON report.
import { spawnSync } from 'node:child_process'
import { readFileSync, mkdirSync, existsSync, writeFileSync, rmSync } from 'node:fs'

// React 18 for the `react18` project (hooks and components again on the older major):
// a private install beside the checkout, since the project's own react is 19.
if (!existsSync('.react18/node_modules/react-dom/package.json')) {
  mkdirSync('.react18', { recursive: true })
  writeFileSync('.react18/package.json', '{ "name": "blockfeed-react18", "private": true }\n')
  const r = spawnSync('npm', ['install', '--no-audit', '--no-fund', '--no-package-lock', 'react@18.3.1', 'react-dom@18.3.1'], { cwd: '.react18', stdio: 'inherit' })
  if (r.status !== 0) console.error('Could not install React 18: the react18 project is left out of this run.')
}

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
console.log(`${passed} passed, ${failed} failed`)
process.exit(run.status === 0 && failed === 0 ? 0 : 1)
