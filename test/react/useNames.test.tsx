import { renderHook, waitFor } from '@testing-library/react'
import type { Address } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { useNames } from '../../src/react/useNames.js'
import { alice, bob, deployNames, nobody, spoofer } from '../core/details/nameContracts.js'
import { startAnvil, type Anvil } from '../support/anvil.js'
import { countingFetch, setup } from './support.js'

let anvil: Anvil
let resolver: Address
let multicall: Address

beforeAll(async () => {
  anvil = await startAnvil()
  ;({ resolver, multicall } = await deployNames(anvil.rpcUrl))
}, 60_000)

afterAll(() => anvil?.stop())

describe('useNames against a resolver on anvil', () => {
  it('a screen of 50 rows (repeats and junk included) costs one HTTP request; spoofed names stay hidden', async () => {
    const counter = countingFetch()
    const { wrapper } = setup({ rpc: { url: anvil.rpcUrl }, chain: '0x7a69', extraChains: ['0x7a69'], fetch: counter.fetch })
    const rows = [alice, bob.toLowerCase(), spoofer, 'not an address', alice, ...Array.from({ length: 45 }, (_, i) => nobody(i))]
    const { result } = renderHook(() => useNames({ addresses: rows, universalResolverAddress: resolver, multicall3Address: multicall }), { wrapper })
    await waitFor(() => expect(result.current.isSuccess).toBe(true))
    expect(counter.count()).toBe(1)
    expect(result.current.data![alice]).toBe('alice.eth')
    expect(result.current.data![bob]).toBe('bob.eth')
    expect(result.current.data![spoofer]).toBeNull()
    expect(Object.keys(result.current.data!)).toHaveLength(48)
  })

  it('no addresses, no request', () => {
    const counter = countingFetch()
    const { wrapper } = setup({ rpc: { url: anvil.rpcUrl }, fetch: counter.fetch })
    const { result } = renderHook(() => useNames({ addresses: ['junk'], universalResolverAddress: resolver }), { wrapper })
    expect(result.current.fetchStatus).toBe('idle')
    expect(counter.count()).toBe(0)
  })
})
