import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { renderHook } from '@testing-library/react'
import type { ReactNode } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { createClient } from '../../src/core/client.js'
import { BlockfeedProvider } from '../../src/react/BlockfeedProvider.js'
import { useBlockfeedClient } from '../../src/react/useBlockfeedClient.js'
import { useRpc } from '../../src/react/useRpc.js'
import { useSendRawTransaction } from '../../src/react/useSendRawTransaction.js'
import { useWalletHistory } from '../../src/react/useWalletHistory.js'

const client = createClient({ baseUrl: 'https://api.test', rpc: { url: 'http://127.0.0.1:9' } })
const hooks: Record<string, () => unknown> = {
  useWalletHistory: () => useWalletHistory({ address: '0x1111111111111111111111111111111111111111' }),
  useRpc: () => useRpc({ method: 'eth_blockNumber' }),
  useSendRawTransaction: () => useSendRawTransaction(),
}

// React logs the thrown error; keep the output readable.
const quiet = () => vi.spyOn(console, 'error').mockImplementation(() => {})

describe('BlockfeedProvider', () => {
  it('gives its client to useBlockfeedClient', () => {
    const wrapper = ({ children }: { children: ReactNode }) => <BlockfeedProvider client={client}>{children}</BlockfeedProvider>
    expect(renderHook(() => useBlockfeedClient(), { wrapper }).result.current).toBe(client)
  })

  it.each(Object.entries(hooks))('%s outside BlockfeedProvider throws an error naming BlockfeedProvider', (_, hook) => {
    const spy = quiet()
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>
    expect(() => renderHook(hook, { wrapper })).toThrow(/<BlockfeedProvider client=/)
    spy.mockRestore()
  })

  it.each(Object.entries(hooks))('%s without a QueryClientProvider throws an error naming QueryClientProvider', (_, hook) => {
    const spy = quiet()
    const wrapper = ({ children }: { children: ReactNode }) => <BlockfeedProvider client={client}>{children}</BlockfeedProvider>
    expect(() => renderHook(hook, { wrapper })).toThrow(/<QueryClientProvider client=\{new QueryClient\(\)\}>/)
    spy.mockRestore()
  })
})
