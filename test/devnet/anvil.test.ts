import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { findAnvil } from '../../src/devnet/anvil.js'

describe('findAnvil', () => {
  const dir = mkdtempSync(join(tmpdir(), 'blockfeed-anvil-'))
  const fake = join(dir, 'anvil')
  writeFileSync(fake, '#!/bin/sh\n')
  chmodSync(fake, 0o755)

  it('prefers ANVIL_PATH, then PATH', () => {
    expect(findAnvil({ ANVIL_PATH: fake, PATH: '' })).toBe(fake)
    expect(findAnvil({ PATH: `/nonexistent:${dir}` })).toBe(fake)
  })

  it('falls back to the npm package when ANVIL_PATH is wrong and PATH has none', () => {
    expect(findAnvil({ ANVIL_PATH: join(dir, 'missing'), PATH: '/nonexistent' })).toMatch(/@foundry-rs\/anvil-linux-amd64\/bin\/anvil$/)
  })
})
