import { describe, expect, it } from 'vitest'
import { compileReader } from '../../../src/core/history/compile'
import { walletHistoryPageSchema, readWalletHistoryPage } from '../../../src/core/history/schema'
// @ts-expect-error plain ESM fixture module without types
import { makePage } from '../../bench/page-fixture.mjs'

describe('compileReader', () => {
  const read = compileReader(walletHistoryPageSchema)

  it('reads a realistic page exactly as zod does, key order included', () => {
    for (const seed of [1, 2, 3]) {
      const body = JSON.parse(JSON.stringify(makePage(100, seed)))
      const viaZod = walletHistoryPageSchema.parse(body)
      const fast = read(body)
      expect(fast).toEqual(viaZod)
      expect(JSON.stringify(fast)).toBe(JSON.stringify(viaZod))
    }
  })

  it('keeps unknown fields, like the zod schema', () => {
    const body = JSON.parse(JSON.stringify(makePage(2)))
    body.result[0].contract_interactions = { approvals: [] }
    body.result[1].erc20_transfer = [{ address: '0xt', value: '1', surprise: true }]
    const fast = read(body)!
    expect(fast.result[0]!.contract_interactions).toEqual({ approvals: [] })
    expect((fast.result[1]!.erc20_transfer[0] as Record<string, unknown>).surprise).toBe(true)
    expect(fast).toEqual(walletHistoryPageSchema.parse(body))
  })

  it('gives up on a bad body so the caller gets zod’s path', () => {
    const body = JSON.parse(JSON.stringify(makePage(5)))
    body.result[3].native_transfers[0].value = 'lots'
    expect(read(body)).toBeUndefined()
    expect(() => readWalletHistoryPage(body)).toThrow(/result\[3\]\.native_transfers\[0\]\.value/)
  })

  it('refuses schemas it cannot compile instead of reading them wrongly', async () => {
    const { object, string } = await import('zod/mini')
    expect(() => compileReader(object({ a: string() }))).toThrow(/only loose objects|unsupported/)
  })
})
