import { forwardRef, type CSSProperties, type HTMLAttributes } from 'react'
import type { NativeTransfer } from '../../core/history/schema.js'
import { TokenAmount } from '../TokenAmount/TokenAmount.js'
import { TokenLogo } from '../TokenLogo/TokenLogo.js'
import { sides } from '../shared/Counterparty.js'
import { flowOf, type FlowDirection } from '../shared/direction.js'
import { nativeCurrency } from '../shared/native.js'
import type { DisplayOptions } from '../shared/options.js'
import { TransferLine } from '../shared/TransferLine.js'

/** The props of {@link NativeTransferRow}: the transfer, the viewed wallet, display options, and DOM attributes for its `<div>`. */
export interface NativeTransferRowProps extends DisplayOptions, Omit<HTMLAttributes<HTMLDivElement>, 'children'> {
  /** One of an entry's `native_transfers`. */
  transfer: NativeTransfer
  /** The viewed wallet: decides in / out / self and the sign. */
  wallet?: string | undefined
  /** The transaction failed: the amount is shown as not moved. */
  failed?: boolean | undefined
  /** Class names added to the root `<div>`. */
  className?: string | undefined
  /** Inline styles for the root `<div>`. */
  style?: CSSProperties | undefined
}

/** Direction from the addresses when the wallet is known, else from the service's `direction`. */
function nativeDirection(t: NativeTransfer, wallet: string | undefined): FlowDirection {
  const flow = flowOf(wallet, t.from_address, t.to_address)
  if (flow !== 'none' || wallet) return flow
  return t.direction === 'incoming' ? 'in' : t.direction === 'outgoing' ? 'out' : 'none'
}

/**
 * Shows a movement of the chain's native currency (ETH, POL, BNB…), signed for the viewed wallet,
 * with its kind badge and the other party.
 *
 * @param props - {@link NativeTransferRowProps}.
 * @returns A `<div>` with `data-kind` and `data-direction` (and `data-spam`, `data-moved="false"` when they apply).
 * @remarks Sends nothing. The symbol and decimals come from `chain`.
 * @example
 * ```tsx
 * import type { TransactionEntry } from 'blockfeed'
 * import { NativeTransferRow } from 'blockfeed/components'
 *
 * export function NativeTransfers({ transaction }: { transaction: TransactionEntry }) {
 *   return (
 *     <div>
 *       {transaction.native_transfers.map((t, i) => (
 *         <NativeTransferRow key={i} transfer={t} wallet="0x70997970C51812dc3A010C7d01b50e0d17dc79C8" chain="eth" failed={transaction.receipt_status === '0'} />
 *       ))}
 *     </div>
 *   )
 * }
 * ```
 */
export const NativeTransferRow = forwardRef<HTMLDivElement, NativeTransferRowProps>(function NativeTransferRow(
  { transfer: t, wallet, failed, chain, locale, timeZone: _timeZone, renderChainIcon: _renderChainIcon, renderLink, ipfsGateway, ...rest },
  ref,
) {
  const direction = nativeDirection(t, wallet)
  const native = nativeCurrency(chain)
  const symbol = t.token_symbol ?? native.symbol ?? null
  return (
    <TransferLine {...rest} ref={ref} kind={t.internal_transaction === true ? 'internal' : 'native'} direction={direction} {...sides(t)} failed={failed} chain={chain} renderLink={renderLink} locale={locale}>
      <TokenLogo src={t.token_logo} name={symbol} ipfsGateway={ipfsGateway} />
      <TokenAmount value={t.value} decimals={native.decimals} formatted={t.value_formatted} symbol={symbol} direction={direction} locale={locale} />
    </TransferLine>
  )
})
