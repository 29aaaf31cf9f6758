import type { ReactNode } from 'react'
import { formatUnits } from 'viem'
import type { TransactionEntry } from '../../core/history/schema.js'
import { ClippedText } from '../shared/ClippedText.js'
import { isDecimalText } from '../shared/format.js'
import { nativeCurrency } from '../shared/native.js'
import type { DisplayOptions } from '../shared/options.js'
import { cleanText, clipText } from '../shared/text.js'
import { FullTime, Row } from './DetailsList.js'
import type { Translator } from './types.js'

export interface EntryFactsProps {
  entry: TransactionEntry
  chain: DisplayOptions['chain']
  timeZone: string | undefined
  /** An address with its label, linked to the explorer. */
  address: (a: string, label?: string | null) => ReactNode
  /** A native amount with its symbol. */
  native: (amount: { formatted: string }, symbol: string) => ReactNode
  t: Translator
}

/** The fee in whole native units: the service's `transaction_fee`, else gas used × gas price; null when the entry gives neither. */
function feeOf(tx: TransactionEntry, decimals: number): string | null {
  if (isDecimalText(tx.transaction_fee)) return tx.transaction_fee
  if (tx.receipt_gas_used && tx.gas_price) return formatUnits(BigInt(tx.receipt_gas_used) * BigInt(tx.gas_price), decimals)
  return null
}

/**
 * What the history entry says of the transaction, for when the node does not know it (a lagging or
 * different provider): hash, status, time, block, parties, value, fee, nonce and the service's method.
 * Laid out as the node's own list, so nothing moves when the node's answer replaces it.
 */
export function EntryFacts({ entry: tx, chain, timeZone, address, native, t }: EntryFactsProps) {
  const m = t.messages.details
  const terms = m.terms
  const currency = nativeCurrency(chain)
  const symbol = currency.symbol ?? 'ETH'
  const fee = feeOf(tx, currency.decimals)
  const ms = Date.parse(tx.block_timestamp)
  // Only what the service said: an entry without a status stays silent on it.
  const status = tx.receipt_status === '1' ? 'success' : tx.receipt_status === '0' ? 'reverted' : null
  const method = cleanText(tx.method_label)
  return (
    <dl className="bf-details__list">
      <Row term={t.messages.rowDetails.hash}><code dir="ltr">{clipText(cleanText(tx.hash) ?? '', 66).shown}</code></Row>
      {status ? <Row term={terms.status}><span className="bf-details__status" data-status={status}>{m.status[status]}</span></Row> : null}
      {Number.isFinite(ms) ? <Row term={terms.time}><FullTime ms={ms} timeZone={timeZone} t={t} /></Row> : null}
      <Row term={terms.block}>{tx.block_number}</Row>
      <Row term={terms.from}>{address(tx.from_address, tx.from_address_label)}</Row>
      {tx.to_address ? <Row term={terms.to}>{address(tx.to_address, tx.to_address_label)}</Row> : null}
      <Row term={terms.value}>{native({ formatted: formatUnits(BigInt(tx.value), currency.decimals) }, symbol)}</Row>
      {fee !== null ? <Row term={terms.fee}>{native({ formatted: fee }, symbol)}</Row> : null}
      {tx.nonce != null ? <Row term={terms.nonce}>{tx.nonce}</Row> : null}
      {method ? <Row term={terms.method}><bdi><ClippedText text={method} max={48} /></bdi></Row> : null}
    </dl>
  )
}
