import { decodeFunctionData, erc20Abi, erc721Abi, getAddress, maxUint256 } from 'viem'
import { describe, expect, it } from 'vitest'
import { approvalsFromLogs, approvalStatus, isRevocable, readApprovals, revokeApprovalRequest } from '../../../src/core/details/approvals.js'
import { InvalidParameterError, transactionEntrySchema } from '../../../src/exports/index.js'

const TOKEN = '0xdac17f958d2ee523a2206206994597c13d831ec7'
const SPENDER = '0x7a250d5630b4cf539739df2c5dacb4c659f2488d'
const COLLECTION = '0xbc4ca0eda7647a8ab7c2061c2e118a18a936f13d'

function entry(contract_interactions: unknown, category = 'approve') {
  return transactionEntrySchema.parse({
    hash: `0x${'1'.repeat(64)}`, from_address: SPENDER, to_address: TOKEN, value: '0', block_timestamp: '2024-08-21T08:13:47Z', block_number: '1',
    category, contract_interactions,
  }) as Parameters<typeof readApprovals>[0]
}

describe('readApprovals', () => {
  it('reads the four lists: spender, token, amount, unlimited for max', () => {
    const approvals = readApprovals(entry({
      approvals: [
        { value: maxUint256.toString(), token: { address: TOKEN, token_symbol: 'USDT', token_decimals: '6' }, spender: { address: SPENDER, address_label: 'Uniswap V2: Router 2' } },
        { value: '25000000', token: { address: TOKEN, token_symbol: 'USDT', token_decimals: 6 }, spender: { address: SPENDER } },
      ],
      revokes: [{ value: '0', token: { address: TOKEN }, spender: { address: SPENDER } }],
      set_approvals_all: [{ token: { address: COLLECTION, token_name: 'BAYC' }, spender: { address: SPENDER } }],
      set_revokes_all: [{ token: { address: COLLECTION }, spender: { address: SPENDER } }],
    }))
    expect(approvals.map((a) => [a.kind, a.amount, a.unlimited])).toEqual([
      ['approval', maxUint256, true],
      ['approval', 25_000_000n, false],
      ['revoke', 0n, false],
      ['approval_for_all', null, true],
      ['revoke_all', null, false],
    ])
    expect(approvals[0]).toMatchObject({ token: getAddress(TOKEN), spender: getAddress(SPENDER), spenderLabel: 'Uniswap V2: Router 2', tokenSymbol: 'USDT', tokenDecimals: 6 })
  })

  it('skips items it cannot read and never reads inherited keys', () => {
    expect(readApprovals(entry(undefined))).toEqual([])
    expect(readApprovals(entry('approvals'))).toEqual([])
    expect(readApprovals(entry({ approvals: 'x', revokes: [null, 1, { token: { address: 'constructor' }, spender: { address: SPENDER } }] }))).toEqual([])
    const hostile = JSON.parse(`{"__proto__": {"approvals": [{"value": "1", "token": {"address": "${TOKEN}"}, "spender": {"address": "${SPENDER}"}}]}}`)
    expect(readApprovals(entry(hostile))).toEqual([])
    const inherited = Object.create({ approvals: [{ value: '1', token: { address: TOKEN }, spender: { address: SPENDER } }] })
    expect(readApprovals({ category: 'approve', contract_interactions: inherited } as never)).toEqual([])
    expect(readApprovals(entry({ approvals: [{ value: 'lots', token: { address: TOKEN, token_decimals: '999' }, spender: { address: SPENDER } }] }))[0]).toMatchObject({ amount: null, unlimited: false, tokenDecimals: null })
  })
})

describe('revokeApprovalRequest', () => {
  it('ERC-20: approve(spender, 0) to the token; for-all: setApprovalForAll(operator, false)', () => {
    const r = revokeApprovalRequest({ token: TOKEN, spender: SPENDER })
    expect(r.to).toBe(getAddress(TOKEN))
    expect(r.value).toBe(0n)
    expect(decodeFunctionData({ abi: erc20Abi, data: r.data })).toEqual({ functionName: 'approve', args: [getAddress(SPENDER), 0n] })
    const all = revokeApprovalRequest({ token: COLLECTION, spender: SPENDER, kind: 'approval_for_all' })
    expect(decodeFunctionData({ abi: erc721Abi, data: all.data })).toEqual({ functionName: 'setApprovalForAll', args: [getAddress(SPENDER), false] })
  })

  it('bad addresses are InvalidParameterErrors naming the field', () => {
    expect(() => revokeApprovalRequest({ token: 'toString' as never, spender: SPENDER })).toThrow(InvalidParameterError)
    expect(() => revokeApprovalRequest({ token: TOKEN, spender: '0x12' as never })).toThrow(/spender/)
    expect(() => revokeApprovalRequest(null as never)).toThrow(/token/)
  })
})

describe('readApprovals on any JSON (fast-check)', () => {
  it('never throws, and every approval it returns has checksummed addresses and a consistent amount', async () => {
    const { default: fc } = await import('fast-check')
    const address = fc.constantFrom(TOKEN, SPENDER, COLLECTION, '0x12', 'constructor', '__proto__', '')
    const item = fc.record({
      value: fc.oneof(fc.constant(maxUint256.toString()), fc.bigInt({ min: 0n, max: maxUint256 }).map(String), fc.string(), fc.integer()),
      token: fc.oneof(fc.record({ address, token_symbol: fc.string(), token_decimals: fc.oneof(fc.string(), fc.integer()) }), fc.anything()),
      spender: fc.oneof(fc.record({ address, address_label: fc.string() }), fc.anything()),
    }, { requiredKeys: [] })
    const interactions = fc.oneof(
      fc.dictionary(fc.constantFrom('approvals', 'revokes', 'set_approvals_all', 'set_revokes_all', 'constructor', '__proto__'), fc.oneof(fc.array(item), fc.anything())),
      fc.anything(),
    )
    fc.assert(
      fc.property(interactions, (ci) => {
        for (const a of readApprovals({ category: 'approve', contract_interactions: ci } as never)) {
          expect(a.token).toBe(getAddress(a.token))
          expect(a.spender).toBe(getAddress(a.spender))
          if (a.unlimited && a.kind === 'approval') expect(a.amount).toBe(maxUint256)
          if (a.kind === 'approval_for_all' || a.kind === 'revoke_all') expect(a.amount).toBeNull()
        }
      }),
      { numRuns: 300 },
    )
  })
})

describe('approvalsFromLogs and approvalStatus', () => {
  const OWNER = getAddress('0x4838b106fce9647bdf1e7877bf73ce8b0bad5f97')
  const log = (eventName: string, args: Record<string, unknown>, address = TOKEN) =>
    ({ decoded: true as const, address: getAddress(address), logIndex: 0, eventName, args, topics: [], data: '0x' as const })

  it('reads the sender\'s own ERC-20 approvals and approvals-for-all; skips others\' and ERC-721 single-item approvals', () => {
    const found = approvalsFromLogs({
      from: OWNER,
      logs: [
        log('Approval', { owner: OWNER, spender: SPENDER, value: maxUint256 }),
        log('Approval', { owner: OWNER, spender: SPENDER, value: 0n }),
        log('Approval', { owner: SPENDER, spender: OWNER, value: 5n }),
        log('Approval', { owner: OWNER, approved: SPENDER, tokenId: 7n }, COLLECTION),
        log('ApprovalForAll', { owner: OWNER, operator: SPENDER, approved: true }, COLLECTION),
        log('ApprovalForAll', { owner: OWNER, operator: SPENDER, approved: false }, COLLECTION),
        { decoded: false as const, address: getAddress(TOKEN), logIndex: 1, eventName: null, args: null, topics: [], data: '0x' as const },
        log('Approval', JSON.parse(`{"__proto__": {"owner": "${OWNER}", "spender": "${SPENDER}"}, "value": "1"}`)),
      ],
    })
    expect(found.map((a) => [a.kind, a.token, a.owner, a.spender, a.amount, a.unlimited])).toEqual([
      ['approval', getAddress(TOKEN), OWNER, getAddress(SPENDER), maxUint256, true],
      ['revoke', getAddress(TOKEN), OWNER, getAddress(SPENDER), 0n, false],
      ['approval_for_all', getAddress(COLLECTION), OWNER, getAddress(SPENDER), null, true],
      ['revoke_all', getAddress(COLLECTION), OWNER, getAddress(SPENDER), null, false],
    ])
  })

  it('judges what the node reads now against what the transaction did', () => {
    const unlimited = { kind: 'approval' as const, amount: maxUint256, unlimited: true }
    expect(approvalStatus(unlimited, maxUint256)).toEqual({ state: 'active' })
    expect(approvalStatus(unlimited, 0n)).toEqual({ state: 'inactive' })
    expect(approvalStatus(unlimited, 7n)).toEqual({ state: 'changed', remaining: 7n })
    expect(approvalStatus(unlimited, null)).toEqual({ state: 'unknown' })
    expect([maxUint256, 0n, 7n, null, undefined].map((c) => isRevocable(unlimited, c))).toEqual([true, false, false, false, false])
    expect(isRevocable({ kind: 'approval', amount: 100n, unlimited: false }, 100n)).toBe(false)
    expect(isRevocable({ kind: 'approval_for_all', amount: null, unlimited: true }, true)).toBe(true)
    expect(isRevocable({ kind: 'approval_for_all', amount: null, unlimited: true }, false)).toBe(false)
    // A revoke stands while the allowance is zero; approved again since, it says so.
    expect(approvalStatus({ kind: 'revoke', amount: 0n }, 0n)).toEqual({ state: 'active' })
    expect(approvalStatus({ kind: 'revoke', amount: 0n }, 50n)).toEqual({ state: 'changed', remaining: 50n })
    expect(approvalStatus({ kind: 'revoke_all', amount: null }, true)).toEqual({ state: 'changed', remaining: true })
  })
})
