import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

const root = resolve(import.meta.dirname, '../..')
const page = readFileSync(resolve(root, 'docs/quick-start/next.mdx'), 'utf8')

describe("the Next.js quick start's page is examples/next-app", () => {
  // Each block is introduced by its path: `app/page.tsx` — … (the info string may say `no-check`:
  // those files import each other, so the sample checker cannot compile them alone; `next build` does).
  const blocks = [...page.matchAll(/^`([^`]+)` — [^\n]*\n\n```[a-z]+(?: no-check)?\n([\s\S]*?)\n```/gm)].map((m) => ({ path: m[1]!, code: m[2]! }))

  it('shows the eight files of the app', () => {
    expect(blocks.map((b) => b.path)).toEqual([
      'lib/blockfeed-server.ts',
      'app/api/blockfeed/[...path]/route.ts',
      'app/providers.tsx',
      'app/layout.tsx',
      'app/page.tsx',
      'app/activity.tsx',
      'app/send/page.tsx',
      'app/send/send-on-devnet.tsx',
    ])
  })

  it('shows each one exactly as the app has it', () => {
    for (const { path, code } of blocks) expect(code, path).toBe(readFileSync(resolve(root, 'examples/next-app', path), 'utf8').trimEnd())
  })
})
