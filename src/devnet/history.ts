import { formatEther } from 'viem'
import { InvalidParameterError } from '../core/errors.js'
import { checkAddress, walletHistoryQueryNames } from '../core/history/params.js'
import { clip } from '../core/text.js'
import { parseIsoUtc } from '../core/time.js'
import type { IndexedTransaction, Indexer } from './indexer.js'
import { readDataUri } from './tokens.js'

/** The page size of the devnet's wallet history when a request gives no `limit`. */
export const DEFAULT_LIMIT = 25
/** The largest `limit` the devnet's wallet history accepts; a larger one gets a 400. */
export const MAX_LIMIT = 100

const PARAMETERS: readonly string[] = Object.values(walletHistoryQueryNames)

export interface HistoryQuery {
  address: string
  fromBlock: number | undefined
  toBlock: number | undefined
  /** Unix seconds, inclusive. */
  fromDate: number | undefined
  toDate: number | undefined
  includeInternalTransactions: boolean
  includeInputData: boolean
  nftMetadata: boolean
  order: 'ASC' | 'DESC'
  limit: number
  /** Position after which (in `order`) the page starts, and that page's number. */
  after: { block: number; index: number; page: number } | undefined
}

/** The chain ids this devnet answers to: its id in hex (any case) and in decimal. */
export function chainAliases(chainId: number): string[] {
  return [`0x${chainId.toString(16)}`, String(chainId)]
}

function flag(q: URLSearchParams, name: string): boolean {
  const v = q.get(name)
  if (v === null || v === '') return false
  if (v === 'true' || v === 'false') return v === 'true'
  throw new InvalidParameterError(name, `expected true or false, got "${clip(v)}"`)
}

function block(q: URLSearchParams, name: string): number | undefined {
  const v = q.get(name)
  if (v === null || v === '') return undefined
  if (!/^\d{1,15}$/.test(v)) throw new InvalidParameterError(name, `expected a block number (decimal digits), got "${clip(v)}"`)
  return Number(v)
}

function date(q: URLSearchParams, name: string): number | undefined {
  const v = q.get(name)
  if (v === null || v === '') return undefined
  const ms = /^\d+$/.test(v) ? Number(v) * 1000 : parseIsoUtc(v)
  if (!Number.isFinite(ms)) throw new InvalidParameterError(name, `expected unix seconds or an ISO 8601 date, got "${clip(v)}"`)
  return name === 'from_date' ? Math.ceil(ms / 1000) : Math.floor(ms / 1000)
}

/** Checks the path address and the 11 query parameters (unknown ones are refused, so a typo is not silently ignored). */
export function parseHistoryQuery(rawAddress: string, q: URLSearchParams, chainId: number): HistoryQuery {
  // No decoding: an address has no character that needs it, and a stray `%` must be a 400, not a URIError.
  const address = checkAddress(rawAddress)
  for (const key of q.keys()) {
    if (!PARAMETERS.includes(key)) {
      throw new InvalidParameterError(key, `unknown query parameter; expected one of ${PARAMETERS.join(', ')}`)
    }
  }
  const chain = q.get('chain')
  if (chain !== null && chain !== '' && !chainAliases(chainId).includes(chain.toLowerCase())) {
    throw new InvalidParameterError('chain', `this devnet serves only its own chain, ${chainAliases(chainId).join(' or ')}; got "${clip(chain)}"`)
  }
  const order = (q.get('order') || 'DESC').toUpperCase()
  if (order !== 'ASC' && order !== 'DESC') throw new InvalidParameterError('order', `expected ASC or DESC, got "${clip(q.get('order')!)}"`)
  const rawLimit = q.get('limit')
  let limit = DEFAULT_LIMIT
  if (rawLimit !== null && rawLimit !== '') {
    if (!/^\d+$/.test(rawLimit) || Number(rawLimit) < 1 || Number(rawLimit) > MAX_LIMIT) {
      throw new InvalidParameterError('limit', `expected an integer from 1 to ${MAX_LIMIT}, got "${clip(rawLimit)}"`)
    }
    limit = Number(rawLimit)
  }
  // Rules 1–3: a block bound is used over a date bound on the same side.
  const fromBlock = block(q, 'from_block')
  const toBlock = block(q, 'to_block')
  const fromDate = fromBlock === undefined ? date(q, 'from_date') : undefined
  const toDate = toBlock === undefined ? date(q, 'to_date') : undefined
  if (fromBlock !== undefined && toBlock !== undefined && fromBlock > toBlock) {
    throw new InvalidParameterError('from_block', `is after to_block (${fromBlock} > ${toBlock})`)
  }
  if (fromDate !== undefined && toDate !== undefined && fromDate > toDate) {
    throw new InvalidParameterError('from_date', 'is after to_date')
  }
  const cursor = q.get('cursor')
  return {
    address: address.toLowerCase(),
    fromBlock, toBlock, fromDate, toDate,
    includeInternalTransactions: flag(q, 'include_internal_transactions'),
    includeInputData: flag(q, 'include_input_data'),
    nftMetadata: flag(q, 'nft_metadata'),
    order,
    limit,
    after: cursor ? readCursor(cursor, order) : undefined,
  }
}

/**
 * A cursor is the position (block, transaction index) of the last entry served, so it stays
 * correct while new blocks arrive: the next page starts strictly after it, whatever was added.
 */
function writeCursor(c: { block: number; index: number; page: number; order: string }): string {
  return Buffer.from(JSON.stringify({ v: 1, b: c.block, i: c.index, p: c.page, o: c.order })).toString('base64url')
}

function readCursor(cursor: string, order: 'ASC' | 'DESC'): HistoryQuery['after'] {
  let c: { v?: unknown; b?: unknown; i?: unknown; p?: unknown; o?: unknown }
  try {
    c = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'))
  } catch {
    throw new InvalidParameterError('cursor', 'not a cursor from this devnet (pass back the `cursor` of the previous page unchanged)')
  }
  const ok = (n: unknown) => Number.isSafeInteger(n) && (n as number) >= 0
  if (c?.v !== 1 || !ok(c.b) || !ok(c.i) || !ok(c.p)) {
    throw new InvalidParameterError('cursor', 'not a cursor from this devnet (pass back the `cursor` of the previous page unchanged)')
  }
  if (c.o !== order) throw new InvalidParameterError('cursor', `was made for order=${String(c.o)}; keep the same order while paging`)
  return { block: c.b as number, index: c.i as number, page: c.p as number }
}

const compare = (a: { blockNumber: number; transactionIndex: number }, b: { block: number; index: number }) =>
  a.blockNumber - b.block || a.transactionIndex - b.index

/** One page of a wallet's history in the spec's wire format. */
export async function historyPage(indexer: Indexer, q: HistoryQuery, labels: ReadonlyMap<string, string>) {
  const all = indexer.byAddress.get(q.address) ?? []
  const matches = (t: IndexedTransaction) =>
    (q.fromBlock === undefined || t.blockNumber >= q.fromBlock) &&
    (q.toBlock === undefined || t.blockNumber <= q.toBlock) &&
    (q.fromDate === undefined || t.timestamp >= q.fromDate) &&
    (q.toDate === undefined || t.timestamp <= q.toDate) &&
    (q.after === undefined || (q.order === 'ASC' ? compare(t, q.after) > 0 : compare(t, q.after) < 0))
  const picked: IndexedTransaction[] = []
  let more = false
  // The per-address list is in chain order; walk it from the end that `order` starts at.
  for (let k = 0; k < all.length; k++) {
    const t = all[q.order === 'ASC' ? k : all.length - 1 - k]!
    if (!matches(t)) continue
    if (picked.length === q.limit) {
      more = true
      break
    }
    picked.push(t)
  }
  const page = q.after ? q.after.page + 1 : 1
  const last = picked.at(-1)
  const result = await Promise.all(picked.map((t) => entryFor(indexer, t, q, labels)))
  return {
    page: String(page),
    page_size: String(q.limit),
    cursor: more && last ? writeCursor({ block: last.blockNumber, index: last.transactionIndex, page, order: q.order }) : '',
    result,
  }
}

async function entryFor(indexer: Indexer, t: IndexedTransaction, q: HistoryQuery, labels: ReadonlyMap<string, string>) {
  const label = (a: unknown) => (typeof a === 'string' ? (labels.get(a) ?? null) : null)
  const withLabels = <T extends Record<string, unknown>>(o: T): T => ({
    ...o,
    ...('from_address' in o ? { from_address_label: label(o.from_address) } : {}),
    ...('to_address' in o ? { to_address_label: label(o.to_address) } : {}),
  })
  const native_transfers = t.nativeMoves
    .filter((m) => (m.from === q.address || m.to === q.address) && (q.includeInternalTransactions || !m.internal))
    .map((m) =>
      withLabels({
        from_address: m.from,
        from_address_label: null,
        to_address: m.to,
        to_address_label: null,
        value: m.value.toString(),
        value_formatted: formatEther(m.value),
        direction: m.from === q.address ? 'outgoing' : 'incoming',
        internal_transaction: String(m.internal),
        token_symbol: 'ETH',
        token_logo: null,
      }),
    )
  const nft_transfers = await Promise.all(
    t.nftTransfers.map(async (n) => {
      if (!q.nftMetadata) return withLabels(n)
      const uri = await indexer.tokenUri(n.token_address as string, n.token_id as string, n.contract_type as string)
      return { ...withLabels(n), token_uri: uri, metadata: readDataUri(uri) }
    }),
  )
  return {
    ...withLabels(t.entry),
    input: q.includeInputData ? t.input : null,
    internal_transactions: q.includeInternalTransactions ? t.internalTransactions : [],
    nft_transfers,
    erc20_transfer: t.erc20Transfers.map(withLabels),
    native_transfers,
  }
}

