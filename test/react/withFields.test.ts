import { describe, expect, it } from 'vitest'
import { withFields } from '../../src/react/withFields.js'

const fromTanStack = () => ({ status: 'success', fetchNextPage: () => 'tanstack', data: { pages: [] } }) as never

describe('withFields: a hook’s own fields over a query result', () => {
  it('reads the hook’s field where both have one, and the result’s elsewhere', () => {
    const mine = () => 'hook'
    const r = withFields(fromTanStack(), { fetchNextPage: mine, transactions: [1, 2] }) as Record<string, unknown>
    expect(r.fetchNextPage).toBe(mine)
    expect(r.transactions).toEqual([1, 2])
    expect(r.status).toBe('success')
    expect('transactions' in r).toBe(true)
  })

  it('can be spread and listed: a field both have is listed once (a Proxy refuses duplicate keys)', () => {
    const mine = () => 'hook'
    const r = withFields(fromTanStack(), { fetchNextPage: mine, sources: [] })
    expect(Object.keys(r)).toEqual(['status', 'fetchNextPage', 'data', 'sources'])
    const copy = { ...(r as object) } as Record<string, unknown>
    expect(copy.fetchNextPage).toBe(mine)
    expect(copy.sources).toEqual([])
  })
})
