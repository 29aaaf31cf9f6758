import { execFileSync } from 'node:child_process'
import { resolve } from 'node:path'

/**
 * One `npm run build` before the node suites: the package, SSR, consumer and size suites read
 * dist/ and must never rebuild it in parallel (the build starts by removing dist/).
 */
export default function setup() {
  // Set while several test runs share one checkout (the build would pull dist/ from under the others).
  if (process.env.BLOCKFEED_SKIP_BUILD) return
  execFileSync('npm', ['run', 'build'], { cwd: resolve(import.meta.dirname, '../..'), stdio: 'pipe' })
}
