import { formatEther } from 'viem'
import { chainProfiles } from './catalogue.js'
import { draftOf } from './drafts.js'
import type { TransactionKind } from './kinds.js'
import { flag, int, labelsOf, type Ctx } from './parts.js'
import { hashOf } from './prng.js'
import type { RawEntry } from './wire.js'

/** One wire entry of the wallet-history operation, built from a draft, with the drift real deployments send. */
export function entryOf(ctx: Ctx, kind: TransactionKind, blockNumber: number, timeMs: number): RawEntry {
  const { rng } = ctx
  const d = draftOf(ctx, kind)
  const profile = chainProfiles[ctx.chain]
  const hash = `0x${rng.hex(64)}`
  const blockHash = hashOf(`block:${ctx.chain}:${blockNumber}`)
  const gasPrice = BigInt(rng.int(profile.gasGwei[0] * 1000, profile.gasGwei[1] * 1000 + 999)) * 10n ** 6n
  const gasUsed = d.status === '0' ? Math.floor(d.gas * 0.4) : Math.floor(d.gas * (0.6 + rng.next() * 0.35))
  const txIndex = rng.int(0, 180)
  const timestamp = new Date(timeMs).toISOString()
  const common = { block_number: int(ctx, blockNumber), block_timestamp: timestamp, block_hash: blockHash, transaction_hash: hash }

  const entry: RawEntry = {
    hash,
    nonce: int(ctx, rng.int(0, 4000)),
    transaction_index: int(ctx, txIndex),
    ...labelsOf('from', d.from),
    ...labelsOf('to', d.to),
    value: int(ctx, d.value),
    gas: int(ctx, d.gas),
    gas_price: int(ctx, gasPrice),
    input: d.input,
    receipt_cumulative_gas_used: int(ctx, gasUsed + rng.int(0, 9_000_000)),
    receipt_gas_used: int(ctx, gasUsed),
    receipt_contract_address: d.contractAddress ?? (ctx.index % 6 === 0 ? null : ''),
    receipt_root: '',
    receipt_status: d.status ?? '1',
    block_timestamp: timestamp,
    block_number: int(ctx, blockNumber),
    block_hash: blockHash,
    logs: (d.logs ?? []).map((l, k) => ({
      log_index: String(k),
      transaction_hash: hash,
      transaction_index: String(txIndex),
      address: l.address,
      data: l.data,
      topic0: l.topics[0] ?? null,
      topic1: l.topics[1] ?? null,
      topic2: l.topics[2] ?? null,
      topic3: null,
      block_timestamp: timestamp,
      block_number: String(blockNumber),
      block_hash: blockHash,
    })),
    internal_transactions: (d.internal ?? []).map((t) => ({
      transaction_hash: hash,
      block_number: int(ctx, blockNumber),
      block_hash: blockHash,
      type: 'CALL',
      from: t.from,
      to: t.to,
      value: t.value.toString(),
      gas: '2300',
      gas_used: '0',
      input: '0x',
      output: '0x',
    })),
    nft_transfers: (d.nft ?? []).map((t) => ({ ...common, transaction_index: int(ctx, txIndex), ...t })),
    // Drift: every fifth entry uses the plural key.
    [ctx.index % 5 === 2 ? 'erc20_transfers' : 'erc20_transfer']: (d.erc20 ?? []).map((t) => ({ ...common, transaction_index: txIndex, ...t })),
    native_transfers: d.native ?? [],
    possible_spam: flag(ctx, d.spam ?? false),
    method_label: d.method,
  }
  if (d.to === null) entry.to_address = null
  // Drift: some deployments add category/summary/fee, others do not.
  if (ctx.index % 3 !== 0) {
    entry.category = d.category
    entry.summary = d.summary
    entry.transaction_fee = formatEther(gasPrice * BigInt(gasUsed))
  }
  return entry
}