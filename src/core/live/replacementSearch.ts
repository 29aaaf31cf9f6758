import type { BlockfeedClient } from '../clientTypes.js'
import type { WalletHistoryPage } from '../history/schema.js'
import type { NodeBlockTransaction } from './nodeAnswers.js'
import { settle, type NodeReads, type Settled } from './nodeReads.js'
import type { TrackedTransaction } from './record.js'
import { markDropped, markReplaced, sameAddress, withReceipt, type SenderKnownRecord } from './recordUpdates.js'
import { recordKey, type TrackerStore } from './trackerStore.js'

/** How many recent blocks are searched for the transaction that took a nonce. */
const SEARCH_BLOCKS = 10

export interface ReplacementSearchContext {
  client: BlockfeedClient
  reads: NodeReads
  store: TrackerStore
}

/**
 * Records whose nonce was used but no tracked transaction took it: the one that did is looked for in
 * the recent blocks, then in the history API. Returns the records settled (replaced, mined after all,
 * or dropped); one a failed read leaves open is asked about again at the next block.
 */
export async function findReplacements(
  context: ReplacementSearchContext,
  chain: string,
  head: bigint,
  candidates: SenderKnownRecord[],
): Promise<TrackedTransaction[]> {
  const blocks = await Promise.all(blocksToSearch(context.store, head, candidates).map((n) => context.reads.blockTransactions(chain, n)))
  if (blocks.some((b) => !b.ok)) return [] // try again at the next block rather than guess
  const blockTransactions = blocks.flatMap((b) => (b.ok ? b.value : []))

  const settled: TrackedTransaction[] = []
  const notInBlocks: SenderKnownRecord[] = []
  for (const r of candidates) {
    const taker = nonceTaker(blockTransactions, r)
    if (taker && taker.hash === r.hash.toLowerCase()) continue // mined between the two reads: its receipt comes next block
    if (taker) settled.push(markReplaced(r, taker.hash))
    else notInBlocks.push(r)
  }
  const unresolved = await receiptsOnceMore(context.reads, chain, head, notInBlocks, settled)
  settled.push(...(await searchHistory(context.client, chain, unresolved)))
  return settled
}

/** From just after the lowest head at which a candidate's nonce was still unused, at most SEARCH_BLOCKS back. */
function blocksToSearch(store: TrackerStore, head: bigint, candidates: SenderKnownRecord[]): bigint[] {
  const floor = head - BigInt(SEARCH_BLOCKS - 1)
  let from = head
  for (const r of candidates) {
    const seen = store.sightingsOf(recordKey(r.chain, r.hash))?.unusedAtHead
    const start = seen === undefined ? floor : seen + 1n
    if (start < from) from = start < floor ? floor : start
  }
  const numbers: bigint[] = []
  for (let n = from < 0n ? 0n : from; n <= head; n++) numbers.push(n)
  return numbers
}

function nonceTaker(transactions: NodeBlockTransaction[], r: SenderKnownRecord): NodeBlockTransaction | undefined {
  return transactions.find((t) => sameAddress(t.from, r.from) && t.nonce === r.nonce)
}

/**
 * Before one is called dropped, its receipt is asked for once more (it may have been mined after the
 * first read): the mined ones are added to `settled`, those still without a receipt returned.
 */
async function receiptsOnceMore(
  reads: NodeReads,
  chain: string,
  head: bigint,
  records: SenderKnownRecord[],
  settled: TrackedTransaction[],
): Promise<SenderKnownRecord[]> {
  const receipts = await Promise.all(records.map((r) => reads.receipt(chain, r.hash, head)))
  const unresolved: SenderKnownRecord[] = []
  for (const [i, r] of records.entries()) {
    const receipt = receipts[i]!
    if (!receipt.ok) continue
    if (receipt.value) settled.push(withReceipt(r, receipt.value, head))
    else unresolved.push(r)
  }
  return unresolved
}

/** Taken longer ago than the blocks searched (a reload, a long-hidden tab): the history API may know the taker. */
async function searchHistory(client: BlockfeedClient, chain: string, records: SenderKnownRecord[]): Promise<TrackedTransaction[]> {
  const histories = new Map<string, Promise<Settled<WalletHistoryPage>>>()
  for (const r of records) {
    const sender = r.from.toLowerCase()
    if (!histories.has(sender)) histories.set(sender, settle(client.getWalletHistory({ address: r.from, chain, limit: 25, order: 'DESC' })))
  }
  const settled: TrackedTransaction[] = []
  for (const r of records) {
    const page = await histories.get(r.from.toLowerCase())!
    const taker = page.ok
      ? page.value.result.find((e) => sameAddress(e.from_address, r.from) && e.nonce === String(r.nonce) && e.hash.toLowerCase() !== r.hash.toLowerCase())
      : undefined
    if (taker) settled.push(markReplaced(r, taker.hash.toLowerCase()))
    else settled.push(markDropped(r, 'Its nonce was used by a transaction that was not found'))
  }
  return settled
}
