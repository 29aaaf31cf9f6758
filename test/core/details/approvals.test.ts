import { decodeFunctionData, encodeFunctionData, erc20Abi, erc721Abi, getAddress, maxUint256, maxUint96 } from 'viem'
import { describe, expect, it } from 'vitest'
import { approvalsFromLogs, approvalsOf, approvalStatus, isRevocable, readApprovals, revokeApprovalRequest } from '../../../src/core/details/approvals.js'
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

  it('reads amounts sent as JSON numbers (safe integers) as well as decimal text', () => {
    const amounts = readApprovals(entry({
      approvals: [1000, '1000', 0, -5, 1.5, 2 ** 60, '1e3'].map((value) => ({ value, token: { address: TOKEN }, spender: { address: SPENDER } })),
    })).map((a) => a.amount)
    expect(amounts).toEqual([1000n, 1000n, 0n, null, null, null, null])
  })

  it('counts 2^96−1 and more as unlimited: what UNI and COMP store for max, what is left of max after a spend', () => {
    const unlimited = readApprovals(entry({
      approvals: [maxUint96, maxUint96 - 1n, maxUint256 - 40n].map((v) => ({ value: v.toString(), token: { address: TOKEN }, spender: { address: SPENDER } })),
    })).map((a) => a.unlimited)
    expect(unlimited).toEqual([true, false, true])
  })

  it('takes the owner from the item when it names one (as an address or { address }), else the sender', () => {
    const WALLET = '0x95222290dd7278aa3ddd389cc1e1d165cc4bafe5'
    const owners = readApprovals(entry({
      approvals: [
        { value: '1', token: { address: TOKEN }, spender: { address: SPENDER }, owner: WALLET },
        { value: '1', token: { address: TOKEN }, spender: { address: SPENDER }, owner: { address: WALLET } },
        { value: '1', token: { address: TOKEN }, spender: { address: SPENDER }, owner: 'nobody' },
      ],
    })).map((a) => a.owner)
    expect(owners).toEqual([getAddress(WALLET), getAddress(WALLET), getAddress(SPENDER)])
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
          if (a.unlimited && a.kind === 'approval') expect(a.amount! >= maxUint96).toBe(true)
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

  it('reads ERC-20 approvals and approvals-for-all with the log\'s owner; skips ERC-721 single-item approvals', () => {
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
      // (SPENDER's own approval to OWNER is neither the sender's nor the viewed wallet's: left out.)
      ['approval_for_all', getAddress(COLLECTION), OWNER, getAddress(SPENDER), null, true],
      ['revoke_all', getAddress(COLLECTION), OWNER, getAddress(SPENDER), null, false],
    ])
  })

  it('an approval owned by a wallet other than the sender (smart account, relayed permit) is that wallet\'s', () => {
    const BUNDLER = getAddress('0x95222290dd7278aa3ddd389cc1e1d165cc4bafe5')
    const logs = [log('Approval', { owner: OWNER, spender: SPENDER, value: maxUint256 })]
    expect(approvalsFromLogs({ from: BUNDLER, logs }, OWNER)).toMatchObject([{ kind: 'approval', owner: OWNER, unlimited: true }])
    // Not the sender's and not the viewed wallet's: a contract's own approval inside the call (a router approving a pool).
    expect(approvalsFromLogs({ from: BUNDLER, logs })).toEqual([])
  })

  it('a listed approval\'s owner: the item\'s, else the receipt\'s matching Approval log\'s, else the sender', () => {
    const BUNDLER = getAddress('0x95222290dd7278aa3ddd389cc1e1d165cc4bafe5')
    const WALLET = getAddress('0x1111111111111111111111111111111111111111')
    const item = { value: maxUint256.toString(), token: { address: TOKEN }, spender: { address: SPENDER } }
    const listed = (extra = {}) => ({ from_address: BUNDLER, contract_interactions: { approvals: [{ ...item, ...extra }] } })
    const logs = [
      log('Approval', { owner: WALLET, spender: OWNER, value: maxUint256 }),
      log('Approval', { owner: OWNER, spender: SPENDER, value: maxUint256 }, COLLECTION),
      log('Approval', { owner: OWNER, spender: SPENDER, value: maxUint256 }),
    ]
    expect(approvalsOf(listed(), { from: BUNDLER, logs })[0]!.owner).toBe(OWNER)
    expect(approvalsOf(listed({ owner: WALLET }), { from: BUNDLER, logs })[0]!.owner).toBe(WALLET)
    expect(approvalsOf(listed(), { from: BUNDLER, logs: logs.slice(0, 2) })[0]!.owner).toBe(BUNDLER)
  })

  it('an Approval beside a Transfer of the same token out of its owner is an allowance being spent, not an approval — unless the call itself approves', () => {
    const PAIR = '0x0d4a11d5eeaac28ec3f61d100daf4d40471f1852'
    const spend = [
      log('Transfer', { from: OWNER, to: getAddress(PAIR), value: 40n }),
      log('Approval', { owner: OWNER, spender: SPENDER, value: 60n }),
    ]
    const swap = { from: OWNER, to: getAddress(SPENDER), input: '0x38ed1739' as const, logs: spend }
    expect(approvalsFromLogs(swap)).toEqual([])
    // Spent to zero: not a revoke either.
    expect(approvalsFromLogs({ ...swap, logs: [spend[0]!, log('Approval', { owner: OWNER, spender: SPENDER, value: 0n })] })).toEqual([])
    // A Transfer of another token, or out of someone else, is no spend of this allowance.
    expect(approvalsFromLogs({ ...swap, logs: [log('Transfer', { from: OWNER, to: getAddress(PAIR), value: 40n }, COLLECTION), spend[1]!] })).toHaveLength(1)
    expect(approvalsFromLogs({ ...swap, logs: [log('Transfer', { from: getAddress(PAIR), to: OWNER, value: 40n }), spend[1]!] })).toHaveLength(1)
    // The transaction is approve on that token: its Approval is one, whatever else moved.
    const approve = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [getAddress(SPENDER), 60n] })
    expect(approvalsFromLogs({ ...swap, to: getAddress(TOKEN), input: approve })).toMatchObject([{ kind: 'approval', amount: 60n }])
    expect(approvalsFromLogs({ ...swap, to: getAddress(COLLECTION), input: approve })).toEqual([])
  })

  it('judges what the node reads now against what the transaction did', () => {
    const unlimited = { kind: 'approval' as const, amount: maxUint256, unlimited: true }
    expect(approvalStatus(unlimited, maxUint256)).toEqual({ state: 'active' })
    expect(approvalStatus(unlimited, 0n)).toEqual({ state: 'inactive' })
    expect(approvalStatus(unlimited, 7n)).toEqual({ state: 'changed', remaining: 7n })
    expect(approvalStatus(unlimited, null)).toEqual({ state: 'unknown' })
    // Unlimited is 2^96−1 or more: max less a spend (tokens that subtract from max), a token's uint96 max.
    expect(approvalStatus(unlimited, maxUint256 - 40n)).toEqual({ state: 'active' })
    expect(approvalStatus(unlimited, maxUint96)).toEqual({ state: 'active' })
    expect(approvalStatus({ kind: 'approval', amount: 100n }, maxUint96)).toEqual({ state: 'changed', remaining: maxUint96 })
    // Revoke while anything of an unlimited approval is left; never for a limited one.
    expect([maxUint256, maxUint256 - 40n, maxUint96, 7n, 0n, null, undefined].map((c) => isRevocable(unlimited, c))).toEqual([true, true, true, true, false, false, false])
    expect(isRevocable({ kind: 'approval', amount: 100n, unlimited: false }, 100n)).toBe(false)
    expect(isRevocable({ kind: 'approval', amount: 100n, unlimited: false }, maxUint256)).toBe(false)
    expect(isRevocable({ kind: 'revoke', amount: 0n, unlimited: false }, maxUint256)).toBe(false)
    expect(isRevocable({ kind: 'approval_for_all', amount: null, unlimited: true }, true)).toBe(true)
    expect(isRevocable({ kind: 'approval_for_all', amount: null, unlimited: true }, false)).toBe(false)
    // A revoke stands while the allowance is zero; approved again since, it says so.
    expect(approvalStatus({ kind: 'revoke', amount: 0n }, 0n)).toEqual({ state: 'active' })
    expect(approvalStatus({ kind: 'revoke', amount: 0n }, 50n)).toEqual({ state: 'changed', remaining: 50n })
    expect(approvalStatus({ kind: 'revoke_all', amount: null }, true)).toEqual({ state: 'changed', remaining: true })
  })
})
