/**
 * A new user runs examples/next-app as its quick start (docs/quick-start/next.mdx) says: `npm run build` once, then `npm start` with
 * the server's environment. Two ways that went wrong before:
 * - `app/send/page.tsx` was prerendered at build time, so the chain baked into it was whatever
 *   BLOCKFEED_CHAIN was during `next build` (unset: `eth`), and against the devnet the page said
 *   "runs only against the devnet" whatever the running server was given;
 * - the quick start named BLOCKFEED_CHAIN but not BLOCKFEED_EXTRA_CHAINS, and with the first alone
 *   every page failed with `unknown chain "0x7a69"`.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

const root = resolve(import.meta.dirname, '../..')
const example = join(root, 'examples/next-app')
const page = readFileSync(join(root, 'docs/quick-start/next.mdx'), 'utf8')
const beforeYouStart = page.slice(page.indexOf('## Before you start'), page.indexOf('## 1. The proxy'))

function pages(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? pages(join(dir, d.name)) : d.name === 'page.tsx' ? [join(dir, d.name)] : [],
  )
}

describe('examples/next-app reads its environment when the server runs', () => {
  it('every page that uses the server module is rendered per request, not prerendered by next build', () => {
    const found = pages(join(example, 'app')).filter((file) => readFileSync(file, 'utf8').includes('lib/blockfeed-server'))
    expect(found.length).toBeGreaterThanOrEqual(2)
    for (const file of found) {
      const code = readFileSync(file, 'utf8')
      // What makes an App Router page dynamic: request data (searchParams) or the segment config.
      const perRequest = /\bawait searchParams\b|\(await searchParams\)/.test(code) || /^export const dynamic = 'force-dynamic'$/m.test(code)
      expect(perRequest, relative(example, file)).toBe(true)
    }
  })

  it('the quick start names every environment variable the server module reads', () => {
    const server = readFileSync(join(example, 'lib/blockfeed-server.ts'), 'utf8')
    const read = [...new Set([...server.matchAll(/process\.env\.(\w+)/g)].map((m) => m[1]!))]
    expect(read).toContain('BLOCKFEED_EXTRA_CHAINS')
    // The prose above the files, not the code blocks (which read them all by construction).
    const prose = beforeYouStart.replace(/```[\s\S]*?```/g, '')
    for (const name of read) expect(prose, name).toContain(`\`${name}`)
    expect(prose).toContain('`BLOCKFEED_EXTRA_CHAINS=0x7a69`')
  })
})
