import { describe, expect, it } from 'vitest'
import { InvalidParameterError } from '../../src/core/errors.js'
import { walletHistoryQueryKey } from '../../src/core/query/walletHistory.js'
import { API_KEY, WALLET } from './support/fixtures.js'
import { failure, useFaultService } from './support/harness.js'

const service = useFaultService()

describe('bad input from the caller: refused before any request', () => {
  it.each([
    ['not hex', '0xZZZZ6BF26964aF9D7eEd9e03E53415D37aA96045'],
    ['too short', '0x1234'],
    ['a bad checksum', WALLET.replace('d8dA', 'D8dA')],
    ['an ENS name', 'vitalik.eth'],
    ['empty', ''],
  ])('an invalid address (%s) → InvalidParameterError naming address, zero HTTP calls', async (_name, address) => {
    const error = await failure(service.client().getWalletHistory({ address }))
    expect(error).toBeInstanceOf(InvalidParameterError)
    expect(error.parameter).toBe('address')
    expect(service.upstream.calls).toHaveLength(0)
  })

  it.each(['solana', 'ETH', '0x2', '', 'eth\r\nX-Injected: 1'])('an invalid chain %j → InvalidParameterError naming chain, zero HTTP calls', async (chain) => {
    const error = await failure(service.client().getWalletHistory({ address: WALLET, chain }))
    expect(error).toBeInstanceOf(InvalidParameterError)
    expect(error.parameter).toBe('chain')
    expect(service.upstream.calls).toHaveLength(0)
  })

  it('an invalid chain for an RPC call → InvalidParameterError naming chain, zero HTTP calls', async () => {
    const error = await failure(service.client().rpc({ method: 'eth_blockNumber' }, { chain: 'solana' }))
    expect(error.parameter).toBe('chain')
    expect(service.upstream.calls).toHaveLength(0)
  })

  it('a method outside the 28 (eth_sign) through the client → InvalidParameterError naming method, zero HTTP calls', async () => {
    const error = await failure(service.client().rpc({ method: 'eth_sign', params: [WALLET, '0x00'] } as never))
    expect(error.parameter).toBe('method')
    expect(service.upstream.calls).toHaveLength(0)
  })

  it('a query key built from a client holding the key → holds no key, for good and bad input', () => {
    const client = service.client()
    expect(JSON.stringify(walletHistoryQueryKey(client, { address: WALLET, chain: 'eth' }))).not.toContain(API_KEY)
    expect(JSON.stringify(walletHistoryQueryKey(client, { address: 'nope', chain: 'solana' }))).not.toContain(API_KEY)
  })
})
