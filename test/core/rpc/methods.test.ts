import { describe, expect, it } from 'vitest'
import { InvalidParameterError, isRpcMethod, normalizeRpcRequest, rpcMethods } from '../../../src/exports/index.js'
import { followsHead, isImmutableRequest } from '../../../src/core/rpc/methods.js'

const ADDR = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266'
const HASH = `0x${'ab'.repeat(32)}`

describe('the allow-list', () => {
  it('is exactly the 28 methods of the spec, in its order', () => {
    expect(rpcMethods).toHaveLength(28)
    expect(new Set(rpcMethods).size).toBe(28)
    expect(rpcMethods[0]).toBe('eth_blockNumber')
    expect(rpcMethods[27]).toBe('eth_sendRawTransaction')
    expect(isRpcMethod('eth_getProof')).toBe(true)
    for (const m of ['eth_sendTransaction', 'eth_accounts', 'eth_sign', 'ETH_CHAINID', 'eth_subscribe', 'net_version', '']) {
      expect(isRpcMethod(m)).toBe(false)
    }
  })
})

describe('normalizeRpcRequest', () => {
  it('fills an omitted block tag with latest and drops trailing undefined', () => {
    expect(normalizeRpcRequest({ method: 'eth_getBalance', params: [ADDR] }).params).toEqual([ADDR, 'latest'])
    expect(normalizeRpcRequest({ method: 'eth_getCode', params: [ADDR, undefined] }).params).toEqual([ADDR, 'latest'])
    expect(normalizeRpcRequest({ method: 'eth_call', params: [{ to: ADDR }] }).params).toEqual([{ to: ADDR }, 'latest'])
    expect(normalizeRpcRequest({ method: 'eth_chainId' }).params).toEqual([])
    // The spec: eth_call's tag defaults to latest when null.
    expect(normalizeRpcRequest({ method: 'eth_call', params: [{ to: ADDR }, null] }).params).toEqual([{ to: ADDR }, 'latest'])
    expect(() => normalizeRpcRequest({ method: 'eth_getBlockByNumber', params: [null, false] })).toThrow(InvalidParameterError)
    expect(normalizeRpcRequest({ method: 'eth_estimateGas', params: [{ to: ADDR }] }).params).toEqual([{ to: ADDR }])
  })

  it('accepts block tags, hex numbers, EIP-1898 block objects and hashes where the spec allows them', () => {
    for (const tag of ['latest', 'earliest', 'pending', 'safe', 'finalized', '0x0', '0x1f']) {
      expect(() => normalizeRpcRequest({ method: 'eth_getBlockByNumber', params: [tag, false] })).not.toThrow()
    }
    expect(() => normalizeRpcRequest({ method: 'eth_getBalance', params: [ADDR, { blockHash: HASH }] })).not.toThrow()
    expect(() => normalizeRpcRequest({ method: 'eth_getBlockReceipts', params: [HASH] })).not.toThrow()
    expect(() => normalizeRpcRequest({ method: 'eth_getLogs', params: [{ topics: [HASH, null, [HASH, HASH]] }] })).not.toThrow()
    // The spec's filter takes block numbers as JSON numbers too; the node gets hex quantities.
    expect(normalizeRpcRequest({ method: 'eth_getLogs', params: [{ fromBlock: 12, toBlock: 0, address: ADDR }] }).params).toEqual([
      { fromBlock: '0xc', toBlock: '0x0', address: ADDR },
    ])
  })

  it.each([
    [{ method: 'eth_getBalance', params: [ADDR, { blockHash: '0x12' }] }, 'params[1].blockHash'],
    [{ method: 'eth_getLogs', params: [{ address: [ADDR, 'x'] }] }, 'params[0].address[1]'],
    [{ method: 'eth_getLogs', params: [{ fromBlock: 12.5 }] }, 'params[0].fromBlock'],
    [{ method: 'eth_getLogs', params: [{ toBlock: -1 }] }, 'params[0].toBlock'],
    [{ method: 'eth_call', params: [{ to: ADDR, value: 10 }] }, 'params[0].value'],
    [{ method: 'eth_getProof', params: [ADDR, ['0x1']] }, 'params[1][0]'],
    [{ method: 'eth_feeHistory', params: ['0x1', 'latest', [101]] }, 'params[2]'],
    [null, 'request'],
  ])('%j → names %s', (request, parameter) => {
    try {
      normalizeRpcRequest(request as never)
      expect.unreachable()
    } catch (e) {
      expect(e).toBeInstanceOf(InvalidParameterError)
      expect((e as InvalidParameterError).parameter).toBe(parameter)
    }
  })
})

describe('freshness', () => {
  it('results addressed by hash or fixed block are immutable; tags follow the head', () => {
    expect(isImmutableRequest('eth_getBlockByHash', [HASH, false])).toBe(true)
    expect(isImmutableRequest('eth_getBlockByNumber', ['0x10', false])).toBe(true)
    expect(isImmutableRequest('eth_getBlockByNumber', ['latest', false])).toBe(false)
    expect(isImmutableRequest('eth_getBalance', [ADDR, '0x5'])).toBe(true)
    expect(isImmutableRequest('eth_getLogs', [{ fromBlock: '0x1', toBlock: '0x2' }])).toBe(true)
    expect(isImmutableRequest('eth_getLogs', [{ fromBlock: '0x1', toBlock: 'latest' }])).toBe(false)
    expect(followsHead('eth_blockNumber', [])).toBe(true)
    expect(followsHead('eth_sendRawTransaction', ['0x00'])).toBe(false)
    expect(followsHead('eth_getBalance', [ADDR, 'latest'])).toBe(true)
  })
})
