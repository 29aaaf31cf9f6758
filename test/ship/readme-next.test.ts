import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

const root = resolve(import.meta.dirname, '../..')
const readme = readFileSync(resolve(root, 'README.md'), 'utf8')
const section = readme.slice(readme.indexOf('## Quick start: a Next.js app'), readme.indexOf('## The fetch core'))

describe("the README's Next.js quick start is examples/next-app", () => {
  // Each block is introduced by its path: `app/page.tsx` — …
  const blocks = [...section.matchAll(/^`([^`]+)` — [^\n]*\n\n```[a-z]+\n([\s\S]*?)\n```/gm)].map((m) => ({ path: m[1]!, code: m[2]! }))

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
