import { forwardRef, type CSSProperties, type HTMLAttributes } from 'react'
import type { Erc20Transfer } from '../../core/history/schema.js'
import { TokenAmount } from '../TokenAmount/TokenAmount.js'
import { TokenLogo } from '../TokenLogo/TokenLogo.js'
import { sides } from '../shared/Counterparty.js'
import { flowOf } from '../shared/direction.js'
import type { DisplayOptions } from '../shared/options.js'
import { TransferLine } from '../shared/TransferLine.js'

/** The props of {@link Erc20TransferRow}: the transfer, the viewed wallet, display options, and DOM attributes for its `<div>`. */
export interface Erc20TransferRowProps extends DisplayOptions, Omit<HTMLAttributes<HTMLDivElement>, 'children'> {
  /** One of an entry's `erc20_transfer`. */
  transfer: Erc20Transfer
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
 * Shows an ERC-20 transfer: the amount signed for the viewed wallet with the token's decimals,
 * symbol and logo (never loaded for possible spam), and the other party.
 *
 * @param props - {@link Erc20TransferRowProps}.
 * @returns A `<div>` with `data-kind` and `data-direction` (and `data-spam`, `data-moved="false"` when they apply).
 * @remarks Sends nothing. Logos load over `https:` only (`ipfs://` through `ipfsGateway`), with no referrer.
 * @example
 * ```tsx
 * import type { TransactionEntry } from 'blockfeed'
 * import { Erc20TransferRow } from 'blockfeed/components'
 *
 * export function TokenTransfers({ transaction }: { transaction: TransactionEntry }) {
 *   return (
 *     <div>
 *       {transaction.erc20_transfer.map((t, i) => (
 *         <Erc20TransferRow key={i} transfer={t} wallet="0x70997970C51812dc3A010C7d01b50e0d17dc79C8" chain="eth" failed={transaction.receipt_status === '0'} />
 *       ))}
 *     </div>
 *   )
 * }
 * ```
 */
export const Erc20TransferRow = forwardRef<HTMLDivElement, Erc20TransferRowProps>(function Erc20TransferRow(
  { transfer: t, wallet, failed, chain, locale, timeZone: _timeZone, renderChainIcon: _renderChainIcon, renderLink, ipfsGateway, ...rest },
  ref,
) {
  const direction = flowOf(wallet, t.from_address, t.to_address)
  const spam = t.possible_spam === true
  return (
    <TransferLine {...rest} ref={ref} kind="erc20" direction={direction} {...sides(t)} spam={spam} failed={failed} chain={chain} renderLink={renderLink} locale={locale}>
      <TokenLogo src={t.token_logo} name={t.token_symbol ?? t.token_name} spam={spam} ipfsGateway={ipfsGateway} />
      <TokenAmount value={t.value} decimals={t.token_decimals} formatted={t.value_formatted} symbol={t.token_symbol ?? t.token_name} direction={direction} locale={locale} />
    </TransferLine>
  )
})
