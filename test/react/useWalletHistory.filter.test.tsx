import { renderHook, waitFor } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { InvalidParameterError } from '../../src/core/errors.js'
import type { WalletHistoryFilter } from '../../src/core/history/filter.js'
import { useWalletHistory } from '../../src/react/useWalletHistory.js'
import { setup } from './support.js'

const ME = '0x1111111111111111111111111111111111111111'
const OTHER = '0x2222222222222222222222222222222222222222'
const hash = (n: number) => `0x${n.toString(16).padStart(64, '0')}`
// Odd entries are sent by the wallet, even ones received.
const entry = (n: number) => ({
  hash: hash(n),
  from_address: n % 2 ? ME : OTHER,
  to_address: n % 2 ? OTHER : ME,
  value: '1',
  block_timestamp: '2024-03-10T00:00:00.000Z',
  block_number: String(100 - n),
})

const requests: URLSearchParams[] = []
const server = setupServer(
  http.get('https://api.test/api/v2.2/wallets/:address/history', ({ request }) => {
    const params = new URL(request.url).searchParams
    requests.push(params)
    return HttpResponse.json({ page: 0, page_size: 4, cursor: null, result: [1, 2, 3, 4].map(entry) })
  }),
)
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => {
  server.resetHandlers()
  requests.splice(0)
})
afterAll(() => server.close())

const hashes = (txs: { hash: string }[]) => txs.map((t) => t.hash)

describe('useWalletHistory({ filter })', () => {
  it('narrows the loaded entries without a request; its dates are the service’s and part of the key', async () => {
    const { wrapper } = setup({ chain: 'eth' })
    const { result, rerender } = renderHook((filter: WalletHistoryFilter) => useWalletHistory({ address: ME, filter }), {
      wrapper,
      initialProps: { directions: ['in'] },
    })
    await waitFor(() => expect(result.current.loadedTransactions).toHaveLength(4))
    expect(hashes(result.current.transactions)).toEqual([hash(2), hash(4)])
    expect(requests).toHaveLength(1)
    expect(requests[0]!.has('from_date')).toBe(false)

    // Another filter of loaded entries: the same page, no request.
    rerender({ directions: ['out'], search: hash(3).slice(0, 66) })
    expect(hashes(result.current.transactions)).toEqual([hash(3)])
    expect(requests).toHaveLength(1)

    // Dates: a new query, sent to the service.
    rerender({ directions: ['out'], fromDate: '2024-03-01' })
    await waitFor(() => expect(requests).toHaveLength(2))
    expect(requests[1]!.get('from_date')).toBe('2024-03-01T00:00:00.000Z')
    await waitFor(() => expect(hashes(result.current.transactions)).toEqual([hash(1), hash(3)]))
  })

  it('a filter that is not valid: a typed error naming the field, no request, no rows', async () => {
    const { wrapper } = setup({ chain: 'eth' })
    const { result } = renderHook(() => useWalletHistory({ address: ME, filter: { directions: ['sideways' as 'in'] } }), { wrapper })
    expect(result.current.filterError).toBeInstanceOf(InvalidParameterError)
    expect(result.current.filterError!.message).toContain('filter.directions[0]')
    expect(result.current.transactions).toEqual([])
    await new Promise((r) => setTimeout(r, 50))
    expect(requests).toHaveLength(0)
  })
})
