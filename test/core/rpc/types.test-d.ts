import type { Address, Hash, Hex, RpcBlock, RpcLog, RpcTransactionReceipt } from 'viem'
import { describe, expectTypeOf, it } from 'vitest'
import { createClient, type RpcParameters, type RpcRequest, type RpcReturnType } from '../../../src/exports/index.js'

const client = createClient({ baseUrl: 'https://x.test', rpc: { url: 'https://rpc.test' } })
declare const address: Address
declare const hash: Hash

describe('client.rpc types', () => {
  it('types each result from viem PublicRpcSchema', () => {
    expectTypeOf(client.rpc({ method: 'eth_blockNumber' })).resolves.toEqualTypeOf<`0x${string}`>()
    expectTypeOf(client.rpc({ method: 'eth_getBalance', params: [address, 'latest'] })).resolves.toEqualTypeOf<`0x${string}`>()
    expectTypeOf(client.rpc({ method: 'eth_call', params: [{ to: address, data: '0x' }] })).resolves.toEqualTypeOf<Hex>()
    expectTypeOf(client.rpc({ method: 'eth_getBlockByHash', params: [hash, false] })).resolves.toEqualTypeOf<RpcBlock | null>()
    expectTypeOf(client.rpc({ method: 'eth_getTransactionReceipt', params: [hash] })).resolves.toEqualTypeOf<RpcTransactionReceipt | null>()
    expectTypeOf(client.rpc({ method: 'eth_getLogs', params: [{ address }] })).resolves.toEqualTypeOf<RpcLog[]>()
    expectTypeOf(client.rpc({ method: 'eth_getBlockReceipts', params: ['latest'] })).resolves.toEqualTypeOf<RpcTransactionReceipt[] | null>()
    expectTypeOf(client.rpc({ method: 'eth_sendRawTransaction', params: ['0x02'] })).resolves.toEqualTypeOf<Hash>()
    expectTypeOf<RpcReturnType<'eth_feeHistory'>['baseFeePerGas']>().toEqualTypeOf<`0x${string}`[]>()
    expectTypeOf<RpcReturnType<'eth_createAccessList'>['gasUsed']>().toEqualTypeOf<`0x${string}`>()
    expectTypeOf<RpcReturnType<'eth_getProof'>['storageProof']>().toBeArray()
  })

  it('the optional trailing block tag or percentiles may be left off', () => {
    client.rpc({ method: 'eth_getBalance', params: [address] })
    client.rpc({ method: 'eth_getCode', params: [address] })
    client.rpc({ method: 'eth_feeHistory', params: ['0x4', 'latest'] })
    client.rpc({ method: 'eth_feeHistory', params: ['0x4', 'latest', [25, 75]] })
    client.rpc({ method: 'eth_chainId', params: [] })
    expectTypeOf<RpcParameters<'eth_blockNumber'>>().toEqualTypeOf<readonly []>()
  })

  it('an unknown method is a compile error', () => {
    // @ts-expect-error not one of the 28 methods
    client.rpc({ method: 'eth_sendTransaction', params: [{}] })
    // @ts-expect-error not one of the 28 methods
    client.rpc({ method: 'debug_traceTransaction', params: [hash] })
    // @ts-expect-error the allow-list is exact
    const r: RpcRequest = { method: 'eth_accounts' }
    void r
  })

  it('a wrong param type is a compile error', () => {
    // @ts-expect-error fullTx must be a boolean
    client.rpc({ method: 'eth_getBlockByHash', params: [hash, 'true'] })
    // @ts-expect-error a block tag, not a number
    client.rpc({ method: 'eth_getBalance', params: [address, 12] })
    // @ts-expect-error an address, not a number
    client.rpc({ method: 'eth_getCode', params: [42] })
    // @ts-expect-error the raw transaction is hex text
    client.rpc({ method: 'eth_sendRawTransaction', params: [new Uint8Array()] })
    // @ts-expect-error storage keys are an array
    client.rpc({ method: 'eth_getProof', params: [address, hash, 'latest'] })
  })

  it('a missing param is a compile error', () => {
    // @ts-expect-error fullTx is required
    client.rpc({ method: 'eth_getBlockByNumber', params: ['latest'] })
    // @ts-expect-error the hash is required
    client.rpc({ method: 'eth_getTransactionReceipt', params: [] })
    // @ts-expect-error params are required for methods that take some
    client.rpc({ method: 'eth_getBalance' })
    // @ts-expect-error newestBlock is required
    client.rpc({ method: 'eth_feeHistory', params: ['0x4'] })
  })

  it('params the spec does not list (state overrides) are a compile error, as they are refused at run time', () => {
    client.rpc({ method: 'eth_call', params: [{ to: address }, 'latest'] })
    // @ts-expect-error eth_call takes a call object and a block tag only
    client.rpc({ method: 'eth_call', params: [{ to: address }, 'latest', {}] })
    // @ts-expect-error eth_estimateGas takes no state override
    client.rpc({ method: 'eth_estimateGas', params: [{ to: address }, 'latest', {}] })
  })

  it('a method without params refuses some', () => {
    // @ts-expect-error eth_blockNumber takes none
    client.rpc({ method: 'eth_blockNumber', params: ['latest'] })
  })

  it('the chain option takes a spec chain', () => {
    client.rpc({ method: 'eth_chainId' }, { chain: 'polygon' })
    client.rpc({ method: 'eth_chainId' }, { chain: '0x89', signal: AbortSignal.timeout(1) })
  })
})
