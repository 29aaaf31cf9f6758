import { execFileSync } from 'node:child_process'
import { resolve } from 'node:path'
import type { TestProject } from 'vitest/node'

declare module 'vitest' {
  export interface ProvidedContext {
    /** True when this run's global setup built dist/ from the checkout (nothing else builds during the run). */
    distBuiltThisRun: boolean
  }
}

/**
 * One `npm run build` before the node suites: the package, SSR, consumer and size suites read
 * dist/ and must never rebuild it in parallel (the build starts by removing dist/).
 */
export default function setup(project: TestProject) {
  // Set while several test runs share one checkout (the build would pull dist/ from under the others).
  const skip = Boolean(process.env.BLOCKFEED_SKIP_BUILD)
  if (!skip) execFileSync('npm', ['run', 'build'], { cwd: resolve(import.meta.dirname, '../..'), stdio: 'pipe' })
  project.provide('distBuiltThisRun', !skip)
}
