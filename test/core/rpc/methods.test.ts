import { describe, expect, it } from 'vitest'
import { InvalidParameterError, isRpcMethod, normalizeRpcRequest, rpcMethods } from '../../../src/exports/index.js'
import { DEFAULT_REORG_DEPTH, recordHead, reorgDepth, settledBlock } from '../../../src/core/rpc/head.js'
import { followsHead, isImmutableRequest, methodRules, requestFreshness } from '../../../src/core/rpc/methods.js'

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
    // Block numbers below the settled block (head minus the reorg depth): 0x20 here.
    const settled = 0x20n
    expect(isImmutableRequest('eth_getBlockByHash', [HASH, false])).toBe(true)
    expect(isImmutableRequest('eth_getBlockByNumber', ['0x10', false], settled)).toBe(true)
    expect(isImmutableRequest('eth_getBlockByNumber', ['latest', false], settled)).toBe(false)
    expect(isImmutableRequest('eth_getBalance', [ADDR, '0x5'], settled)).toBe(true)
    expect(isImmutableRequest('eth_getLogs', [{ fromBlock: '0x1', toBlock: '0x2' }], settled)).toBe(true)
    expect(isImmutableRequest('eth_getLogs', [{ fromBlock: '0x1', toBlock: 'latest' }], settled)).toBe(false)
    expect(followsHead('eth_blockNumber', [])).toBe(true)
    expect(followsHead('eth_sendRawTransaction', ['0x00'])).toBe(false)
    expect(followsHead('eth_getBalance', [ADDR, 'latest'])).toBe(true)
  })

  it('a block number is final only at or below the settled block; unknown head or near it follows the head', () => {
    const logs = (to: string) => [{ fromBlock: '0x1', toBlock: to }]
    // No head seen yet: a bound at a number may be above the head.
    expect(isImmutableRequest('eth_getLogs', logs('0x64'))).toBe(false)
    expect(followsHead('eth_getLogs', logs('0x64'))).toBe(true)
    expect(isImmutableRequest('eth_getLogs', logs('0x64'), 0x63n)).toBe(false)
    expect(isImmutableRequest('eth_getLogs', logs('0x64'), 0x64n)).toBe(true)
    // The later bound decides, whichever position it is in.
    expect(isImmutableRequest('eth_getLogs', [{ fromBlock: '0x64', toBlock: '0x1' }], 0x63n)).toBe(false)
    expect(isImmutableRequest('eth_getBalance', [ADDR, { blockNumber: '0x9' }], 0x8n)).toBe(false)
    expect(isImmutableRequest('eth_getBalance', [ADDR, { blockNumber: '0x9' }], 0x9n)).toBe(true)
    // By hash, and the genesis block, need no head.
    expect(isImmutableRequest('eth_getBalance', [ADDR, { blockHash: HASH }])).toBe(true)
    expect(isImmutableRequest('eth_getLogs', [{ blockHash: HASH }])).toBe(true)
    expect(isImmutableRequest('eth_getBlockByNumber', ['0x0', false])).toBe(true)
    expect(isImmutableRequest('eth_getBlockReceipts', [HASH])).toBe(true)
    expect(requestFreshness('eth_feeHistory', ['0x4', '0x30', [50]])).toEqual({ block: 0x30n })
    expect(requestFreshness('eth_estimateGas', [{ to: ADDR }])).toBe('head')
    expect(requestFreshness('eth_sendRawTransaction', ['0x00'])).toBe('write')
  })

  it('the settled block is the head minus the chain’s reorg depth, or the finalized block when higher', () => {
    const base = 'https://settled.test'
    expect(settledBlock(base, 'eth')).toBeUndefined()
    recordHead(base, 'eth', 'eth_blockNumber', [], '0x100')
    expect(settledBlock(base, 'eth')).toBe(0x100n - BigInt(reorgDepth('eth')))
    expect(reorgDepth('eth')).toBe(DEFAULT_REORG_DEPTH)
    expect(reorgDepth('0x89')).toBeGreaterThan(reorgDepth('bsc'))
    recordHead(base, 'eth', 'eth_getBlockByNumber', ['finalized', false], { number: '0xf0' })
    expect(settledBlock(base, 'eth')).toBe(0xf0n)
    // Another chain of the same service has its own head; a failed or odd reply changes nothing.
    expect(settledBlock(base, 'polygon')).toBeUndefined()
    recordHead(base, 'eth', 'eth_blockNumber', [], { not: 'a number' })
    expect(settledBlock(base, 'eth')).toBe(0xf0n)
  })
})

describe('method names that are Object.prototype members', () => {
  it.each(['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf'])('%s is an InvalidParameterError naming method', (name) => {
    expect(isRpcMethod(name)).toBe(false)
    expect(Object.hasOwn(methodRules, name)).toBe(false)
    expect((methodRules as Record<string, unknown>)[name]).toBeUndefined()
    try {
      normalizeRpcRequest({ method: name, params: [] })
      expect.unreachable()
    } catch (e) {
      expect(e).toBeInstanceOf(InvalidParameterError)
      expect((e as InvalidParameterError).parameter).toBe('method')
    }
  })
})
