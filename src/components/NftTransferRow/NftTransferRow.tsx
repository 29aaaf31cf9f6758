import { forwardRef, type CSSProperties, type HTMLAttributes } from 'react'
import type { NftTransfer } from '../../core/history/schema.js'
import { Address } from '../Address/Address.js'
import { nftKind } from '../TransferBadge/TransferBadge.js'
import { ClippedText } from '../shared/ClippedText.js'
import { sides } from '../shared/Counterparty.js'
import { flowOf, flowSign } from '../shared/direction.js'
import { formatDecimal } from '../shared/format.js'
import type { DisplayOptions } from '../shared/options.js'
import { TransferLine } from '../shared/TransferLine.js'
import { detailsMessages } from '../../i18n/parts/details.js'
import { useMessages } from '../../i18n/useMessages.js'
import { fillTemplate } from '../shared/template.js'

/** The props of {@link NftTransferRow}: the transfer, the viewed wallet, display options, and DOM attributes for its `<div>`. */
export interface NftTransferRowProps extends DisplayOptions, Omit<HTMLAttributes<HTMLDivElement>, 'children'> {
  /** One of an entry's `nft_transfers`. */
  transfer: NftTransfer
  /** The viewed wallet: decides in / out / self and the sign. */
  wallet?: string | undefined
  /** The transaction failed: the token is shown as not moved. */
  failed?: boolean | undefined
  /** Class names added to the root `<div>`. */
  className?: string | undefined
  /** Inline styles for the root `<div>`. */
  style?: CSSProperties | undefined
}

/**
 * Shows an NFT transfer (ERC-721 or ERC-1155): the token id (long ids clipped), the amount for
 * ERC-1155, the collection, and the other party.
 *
 * @param props - {@link NftTransferRowProps}.
 * @returns A `<div>` with `data-kind` and `data-direction` (and `data-spam`, `data-moved="false"` when they apply).
 * @remarks Sends nothing. No NFT image is loaded.
 * @example
 * ```tsx
 * import type { TransactionEntry } from 'blockfeed'
 * import { NftTransferRow } from 'blockfeed/components'
 *
 * export function NftTransfers({ transaction }: { transaction: TransactionEntry }) {
 *   return (
 *     <div>
 *       {transaction.nft_transfers.map((t, i) => (
 *         <NftTransferRow key={i} transfer={t} wallet="0x70997970C51812dc3A010C7d01b50e0d17dc79C8" chain="eth" failed={transaction.receipt_status === '0'} />
 *       ))}
 *     </div>
 *   )
 * }
 * ```
 */
export const NftTransferRow = forwardRef<HTMLDivElement, NftTransferRowProps>(function NftTransferRow(
  { transfer: t, wallet, failed, chain, locale, timeZone: _timeZone, renderChainIcon: _renderChainIcon, renderLink, ipfsGateway: _ipfsGateway, ...rest },
  ref,
) {
  const m = useMessages(locale, detailsMessages).messages.transfer
  const direction = flowOf(wallet, t.from_address, t.to_address)
  const kind = nftKind(t.contract_type)
  const amount = t.amount ?? (kind === 'erc1155' ? t.value : null)
  return (
    <TransferLine {...rest} ref={ref} kind={kind} direction={direction} {...sides(t)} spam={t.possible_spam === true} failed={failed} chain={chain} renderLink={renderLink} locale={locale}>
      <span className="bf-nft">
        <span className="bf-nft__amount">{flowSign(direction)}{amount !== null && amount !== '1' ? `${formatDecimal(amount, locale)} × ` : ''}</span>
        <span className="bf-nft__id">#<ClippedText text={t.token_id} max={14} /></span>
        <span className="bf-nft__collection">
          {' '}
          {fillTemplate(m.collection, { collection: <Address address={t.token_address} chain={chain} renderLink={renderLink} copyable={false} locale={locale} /> })}
        </span>
      </span>
    </TransferLine>
  )
})
