import { forwardRef, type CSSProperties, type HTMLAttributes } from 'react'
import type { InternalTransaction } from '../../core/history/schema.js'
import { TokenAmount } from '../TokenAmount/TokenAmount.js'
import { ClippedText } from '../shared/ClippedText.js'
import { flowOf } from '../shared/direction.js'
import { nativeCurrency } from '../shared/native.js'
import type { DisplayOptions } from '../shared/options.js'
import { TransferLine } from '../shared/TransferLine.js'

/** The props of {@link InternalTransactionRow}: the internal call, the viewed wallet, display options, and DOM attributes for its `<div>`. */
export interface InternalTransactionRowProps extends DisplayOptions, Omit<HTMLAttributes<HTMLDivElement>, 'children'> {
  /** One of an entry's `internal_transactions` (present when the history was read with `includeInternalTransactions`). */
  transaction: InternalTransaction
  /** The viewed wallet: decides in / out / self and the sign. */
  wallet?: string | undefined
  /** The transaction failed: the amount is shown as not moved. */
  failed?: boolean | undefined
  /** Class names added to the root `<div>`. */
  className?: string | undefined
  /** Inline styles for the root `<div>`. */
  style?: CSSProperties | undefined
}

/**
 * Shows a call made inside a transaction (CALL, DELEGATECALL, CREATE…) and the native value it moved, signed for the viewed wallet.
 *
 * @param props - {@link InternalTransactionRowProps}.
 * @returns A `<div>` with `data-kind` and `data-direction` (and `data-spam`, `data-moved="false"` when they apply).
 * @remarks Sends nothing. Read the history with `includeInternalTransactions: true` to get these calls.
 * @example
 * ```tsx
 * import type { TransactionEntry } from 'blockfeed'
 * import { InternalTransactionRow } from 'blockfeed/components'
 *
 * export function InternalCalls({ transaction }: { transaction: TransactionEntry }) {
 *   return (
 *     <div>
 *       {transaction.internal_transactions.map((t, i) => (
 *         <InternalTransactionRow key={i} transaction={t} wallet="0x70997970C51812dc3A010C7d01b50e0d17dc79C8" chain="eth" failed={transaction.receipt_status === '0'} />
 *       ))}
 *     </div>
 *   )
 * }
 * ```
 */
export const InternalTransactionRow = forwardRef<HTMLDivElement, InternalTransactionRowProps>(function InternalTransactionRow(
  { transaction: t, wallet, failed, chain, locale, timeZone: _timeZone, renderChainIcon: _renderChainIcon, renderLink, ipfsGateway: _ipfsGateway, ...rest },
  ref,
) {
  const direction = flowOf(wallet, t.from, t.to)
  const native = nativeCurrency(chain)
  return (
    <TransferLine {...rest} ref={ref} kind="internal" direction={direction} from={{ address: t.from }} to={{ address: t.to }} failed={failed} chain={chain} renderLink={renderLink} locale={locale}>
      <ClippedText className="bf-call-type" text={t.type?.toUpperCase()} max={16} fallback={<span className="bf-call-type">CALL</span>} />
      <TokenAmount value={t.value} decimals={native.decimals} symbol={native.symbol} direction={direction} locale={locale} />
    </TransferLine>
  )
})
