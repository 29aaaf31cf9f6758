import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'

// Under a strict Content-Security-Policy (script-src 'self', no 'unsafe-eval') every attempt to
// compile a string is a `securitypolicyviolation`, a console error and a report, even one caught
// and survived. The built package (dist/, built by the node project's global setup) is loaded in a
// Node that refuses such code, with every way to it counting attempts (noEval.child.mjs), and reads
// pages through the client: a valid page, the hosted service's full shape, the real bodies (one
// re-read losslessly) and a wrong page (zod's issue path), plus the exported stored-record schema.
const dist = resolve(import.meta.dirname, '../../../dist')
const child = resolve(import.meta.dirname, 'noEval.child.mjs')

describe('reading history without code compiled from strings', () => {
  it('never calls eval or the Function constructor, and reads every page (or names the wrong field)', () => {
    expect(existsSync(resolve(dist, 'exports/index.js')), 'dist/ is missing: run `npm run build`').toBe(true)
    const run = spawnSync(process.execPath, ['--disallow-code-generation-from-strings', child, pathToFileURL(`${dist}/`).href], { encoding: 'utf8', timeout: 60_000 })
    expect(run.stderr).toBe('')
    expect(run.status).toBe(0)
    const { attempts, results } = JSON.parse(run.stdout) as { attempts: string[]; results: Record<string, Record<string, unknown>> }
    expect(attempts).toEqual([])
    expect(results).toEqual({
      fixture: { entries: 100 },
      hosted: { entries: 100 },
      'numbers-limit-page-after-result.json': { entries: 5 },
      'text-numbers-last-page.json': { entries: 2 },
      'cursor-null-lists-left-out.json': { entries: 2 },
      invalid: expect.objectContaining({ error: 'ResponseShapeError', path: ['result', 3, 'native_transfers', 0, 'value'] }),
      record: { kept: true, refused: true },
    })
    // The child may take its whole 60 s on a loaded machine (a fresh Node importing dist): the test's guard is longer.
  }, 90_000)
})
