import { formatUnits, parseTransaction, type Hex } from 'viem'
import { getChainInfo } from '../chains.js'
import type { TrackedDisplayOptions, TrackedSummary, TrackedTokenInfo } from './displayTypes.js'
import type { TrackedTransaction } from './record.js'

// What a tracked transaction does, as facts the components word ("Sending 25 USDC to 0x12ab…cd34").

/**
 * Says what a tracked transaction does, as facts to word ("Sending 25 USDC to 0x12ab…cd34"), from what is
 * known before it is indexed (decoded calldata, value).
 *
 * @param record - A record from the tracker.
 * @param options - `tokens`: symbols and decimals of known tokens ({@link tokenInfoFromEntries}).
 * @returns Its kind, stage, amount, symbol, token and recipient.
 * @remarks No request.
 * @example
 * ```ts
 * import { createClient, createTransactionTracker, summarizeTracked } from 'blockfeed'
 *
 * const client = createClient({ baseUrl: 'http://127.0.0.1:8547', rpc: { url: 'http://127.0.0.1:8545' }, chain: 'eth' })
 * const tracker = createTransactionTracker({ client })
 * for (const record of tracker.list()) {
 *   const s = summarizeTracked(record)
 *   console.log(s.stage, s.kind, s.amount, s.symbol, 'to', s.to)
 * }
 * ```
 */
export function summarizeTracked(record: TrackedTransaction, options: Pick<TrackedDisplayOptions, 'tokens'> = {}): TrackedSummary {
  const stage = record.status === 'confirmed' ? 'sent' : record.status === 'pending' ? 'sending' : 'ended'
  const native = getChainInfo(record.chain)?.nativeCurrency
  let parts: TrackedSummary
  if (record.tokenTransfer) {
    const t = record.tokenTransfer
    const info = options.tokens?.get(t.token.toLowerCase())
    parts = { kind: 'token', stage, amount: tokenAmount(t.amount, info), symbol: info?.symbol ?? null, token: t.token, to: t.to }
  } else if (record.from === null) {
    parts = { kind: 'unknown', stage, amount: null, symbol: null, token: null, to: null }
  } else if (record.to === null) {
    parts = { kind: 'deploy', stage, amount: null, symbol: null, token: null, to: null }
  } else {
    const value = record.value !== null && record.value !== '0' ? formatUnits(BigInt(record.value), native?.decimals ?? 18) : null
    // Calldata that is not an ERC-20 transfer is a contract call; only `raw` tells them apart, so without it a value is a plain send.
    const isCall = record.raw !== null && !isPlainSend(record.raw)
    parts = isCall
      ? { kind: 'call', stage, amount: value, symbol: native?.symbol ?? null, token: null, to: record.to }
      : { kind: 'native', stage, amount: value ?? '0', symbol: native?.symbol ?? null, token: null, to: record.to }
  }
  return parts
}

/** True when the signed transaction carries no calldata (a record keeps only `raw`, so it is decoded here, once per raw). */
function isPlainSend(raw: string): boolean {
  const known = plainSends.get(raw)
  if (known !== undefined) return known
  let plain = true
  try {
    const data = parseTransaction(raw as Hex).data
    plain = data === undefined || data === '0x'
  } catch {
    // A raw that does not decode was refused by `track`; shown as a plain send.
  }
  if (plainSends.size > 500) plainSends.clear()
  plainSends.set(raw, plain)
  return plain
}
const plainSends = new Map<string, boolean>()

function tokenAmount(raw: string, info: TrackedTokenInfo | undefined): string {
  return info?.decimals != null ? formatUnits(BigInt(raw), info.decimals) : raw
}
