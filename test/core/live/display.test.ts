import fc from 'fast-check'
import { encodeAbiParameters, encodeEventTopics, encodeFunctionData, erc721Abi, parseAbiParameters } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { safeParse } from 'zod/mini'
import { describe, expect, it } from 'vitest'
import { readWalletHistoryPage, transactionEntrySchema } from '../../../src/core/history/schema.js'
import {
  pendingRecords,
  summarizeTracked,
  tokenInfoFromEntries,
  trackedToEntry,
  transfersFromLogs,
} from '../../../src/core/live/display.js'
import type { TrackedTransaction } from '../../../src/core/live/record.js'
import { LIVE_WALLET, liveRecords, liveTokens, RECIPIENT, USDC, usdcReceiptLogs } from '../../../stories/feed/liveFixtures.js'
import { specEntry, specPage } from '../history/fixtures.js'

const base = liveRecords.pending

describe('trackedToEntry', () => {
  it.each(Object.entries(liveRecords))('%s: a valid TransactionEntry (the history schema reads it back unchanged; no block number until mined)', (_, record) => {
    const made = trackedToEntry(record, { tokens: liveTokens })
    expect(made.block_number).toBe(record.blockNumber === null ? '' : String(record.blockNumber))
    const entry = record.blockNumber === null ? { ...made, block_number: '0' } : made
    const read = safeParse(transactionEntrySchema, JSON.parse(JSON.stringify(entry)))
    expect(read.success).toBe(true)
    expect(read.data).toEqual(entry)
    expect(entry.hash).toBe(record.hash)
    expect(entry.receipt_status).toBe(record.status === 'confirmed' ? '1' : record.status === 'failed' ? '0' : null)
  })

  it('the ERC-20 line: from calldata before the receipt, from the receipt logs after, the same transfer', () => {
    const fromCalldata = trackedToEntry(liveRecords.pending, { tokens: liveTokens }).erc20_transfer
    const fromLogs = trackedToEntry(liveRecords.confirmed, { tokens: liveTokens, logs: usdcReceiptLogs }).erc20_transfer
    const pick = (t: (typeof fromLogs)[number]) => [t.address, t.from_address, t.to_address, t.value, t.value_formatted, t.token_symbol]
    expect(fromCalldata.map(pick)).toEqual([[USDC, LIVE_WALLET, RECIPIENT, '25000000', '25', 'USDC']])
    expect(fromLogs.map(pick)).toEqual(fromCalldata.map(pick))
    expect(fromLogs[0]!.log_index).toBe('7')
  })

  it('a native value becomes an outgoing native transfer in the chain’s currency', () => {
    expect(trackedToEntry(liveRecords.failed).native_transfers).toEqual([
      expect.objectContaining({ from_address: LIVE_WALLET, to_address: RECIPIENT, value: '500000000000000000', value_formatted: '0.5', direction: 'outgoing', token_symbol: 'ETH' }),
    ])
  })
})

describe('transfersFromLogs', () => {
  it('skips ERC-721 Transfer events (same topic, token id indexed) and other events', () => {
    const nft = {
      address: '0x00000000000000000000000000000000000000aa' as const,
      topics: encodeEventTopics({ abi: erc721Abi, eventName: 'Transfer', args: { from: LIVE_WALLET, to: RECIPIENT, tokenId: 5n } }) as [`0x${string}`, ...`0x${string}`[]],
      data: '0x' as const,
    }
    const approval = {
      address: USDC,
      topics: encodeEventTopics({ abi: erc721Abi, eventName: 'ApprovalForAll', args: { owner: LIVE_WALLET, operator: RECIPIENT } }) as [`0x${string}`, ...`0x${string}`[]],
      data: encodeAbiParameters(parseAbiParameters('bool'), [true]),
    }
    const out = transfersFromLogs(base, [nft, approval, ...usdcReceiptLogs], liveTokens)
    expect(out.map((t) => [t.address, t.value])).toEqual([[USDC, '25000000']])
  })

  it('malformed logs are skipped, not thrown', () => {
    const broken = { ...usdcReceiptLogs[0]!, data: '0x12' as const }
    expect(transfersFromLogs(base, [broken], liveTokens)).toEqual([])
  })
})

describe('trackedToEntry with the receipt logs given', () => {
  it('reads them as the tracker reads a receipt: an ERC-721 transfer is an NFT line, and a log without topics is skipped, not thrown', () => {
    const nft = {
      address: '0x00000000000000000000000000000000000000aa' as const,
      topics: encodeEventTopics({ abi: erc721Abi, eventName: 'Transfer', args: { from: LIVE_WALLET, to: RECIPIENT, tokenId: 5n } }) as [`0x${string}`, ...`0x${string}`[]],
      data: '0x' as const,
    }
    const noTopics = { address: USDC, data: '0x' } as unknown as (typeof usdcReceiptLogs)[number]
    const entry = trackedToEntry(liveRecords.confirmed, { tokens: liveTokens, logs: [noTopics, nft, ...usdcReceiptLogs] })
    expect(entry.nft_transfers.map((t) => [t.token_address.toLowerCase(), t.token_id])).toEqual([[nft.address, '5']])
    expect(entry.erc20_transfer.map((t) => [t.address, t.value])).toEqual([[USDC, '25000000']])
    expect(transfersFromLogs(base, [noTopics, ...usdcReceiptLogs], liveTokens)).toHaveLength(1)
  })
})

describe('summarizeTracked (facts; the Pending group words them)', () => {
  it('tracked by hash alone (sender not yet known), a contract creation, and a call that is not an ERC-20 transfer', async () => {
    expect(summarizeTracked({ ...base, from: null, nonce: null, to: null, value: null, tokenTransfer: null, raw: null })).toMatchObject({ kind: 'unknown', stage: 'sending', amount: null })
    expect(summarizeTracked({ ...base, to: null, tokenTransfer: null, raw: null })).toMatchObject({ kind: 'deploy', stage: 'sending', to: null })
    const account = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80')
    const data = encodeFunctionData({ abi: erc721Abi, functionName: 'setApprovalForAll', args: [RECIPIENT, true] })
    const raw = await account.signTransaction({ chainId: 1, type: 'eip1559', nonce: 1, to: USDC, value: 10n ** 16n, data, gas: 90_000n, maxFeePerGas: 2n, maxPriorityFeePerGas: 1n })
    const call = summarizeTracked({ ...base, to: USDC, value: String(10n ** 16n), tokenTransfer: null, raw })
    expect(call).toEqual({ kind: 'call', stage: 'sending', amount: '0.01', symbol: 'ETH', token: null, to: USDC })
  })

  it('the stage follows the status: sending while pending, sent once confirmed, ended once failed, replaced or dropped', () => {
    expect(Object.values(liveRecords).map((r) => [r.status, summarizeTracked(r).stage])).toEqual([
      ['pending', 'sending'], ['confirmed', 'sent'], ['confirmed', 'sent'], ['failed', 'ended'], ['replaced', 'ended'], ['dropped', 'ended'],
    ])
  })
})

describe('tokenInfoFromEntries', () => {
  it('reads symbols and decimals from the spec example, keyed by lower-case address; "constructor" is not a key', () => {
    const page = readWalletHistoryPage(specPage([specEntry()]))
    const tokens = tokenInfoFromEntries(page.result)
    expect(tokens.get('0xdac17f958d2ee523a2206206994597c13d831ec7')).toMatchObject({ symbol: 'USDT', decimals: 6 })
    expect(tokens.get('constructor')).toBeUndefined()
    expect(tokens.get('__proto__')).toBeUndefined()
  })
})

describe('pendingRecords (the merge rule)', () => {
  const hash = fc.stringMatching(/^0x[0-9a-f]{64}$/)
  it('keeps exactly the records whose hash the history API has not returned, in order, whatever the hash case', () => {
    fc.assert(
      fc.property(fc.uniqueArray(hash, { maxLength: 8 }), fc.array(fc.boolean(), { minLength: 8, maxLength: 8 }), fc.array(hash, { maxLength: 4 }), (hashes, indexedFlags, extra) => {
        const records = hashes.map((h): TrackedTransaction => ({ ...base, hash: h }))
        const indexed = [...hashes.filter((_, i) => indexedFlags[i]).map((h) => ({ hash: h.toUpperCase().replace('0X', '0x') })), ...extra.map((h) => ({ hash: h }))]
        const shown = pendingRecords(records, indexed)
        const indexedSet = new Set(indexed.map((e) => e.hash.toLowerCase()))
        expect(shown).toEqual(records.filter((r) => !indexedSet.has(r.hash)))
        // Never both: no shown record is indexed, and every record is in exactly one place.
        for (const r of records) expect(shown.includes(r) !== indexedSet.has(r.hash)).toBe(true)
      }),
    )
  })
})
