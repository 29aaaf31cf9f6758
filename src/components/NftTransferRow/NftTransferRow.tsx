import type { CSSProperties } from 'react'
import type { NftTransfer } from '../../core/history/schema.js'
import { Address } from '../Address/Address.js'
import { nftKind } from '../TransferBadge/TransferBadge.js'
import { ClippedText } from '../shared/ClippedText.js'
import { sides } from '../shared/Counterparty.js'
import { flowOf, FLOW_SIGN } from '../shared/direction.js'
import { formatDecimal } from '../shared/format.js'
import type { DisplayOptions } from '../shared/options.js'
import { TransferLine } from '../shared/TransferLine.js'

export interface NftTransferRowProps extends DisplayOptions {
  transfer: NftTransfer
  wallet?: string | undefined
  className?: string | undefined
  style?: CSSProperties | undefined
}

/** An ERC-721 / ERC-1155 transfer: token id (long ids clipped), amount for 1155, collection, counterparty. */
export function NftTransferRow({ transfer: t, wallet, chain, locale, renderLink, className, style }: NftTransferRowProps) {
  const direction = flowOf(wallet, t.from_address, t.to_address)
  const kind = nftKind(t.contract_type)
  const amount = t.amount ?? (kind === 'erc1155' ? t.value : null)
  return (
    <TransferLine kind={kind} direction={direction} {...sides(t)} spam={t.possible_spam === true} chain={chain} renderLink={renderLink} className={className} style={style}>
      <span className="bf-nft">
        <span className="bf-nft__amount">{FLOW_SIGN[direction]}{amount !== null && amount !== '1' ? `${formatDecimal(amount, locale)} × ` : ''}</span>
        <span className="bf-nft__id">#<ClippedText text={t.token_id} max={14} /></span>
        <span className="bf-nft__collection">
          {' '}of <Address address={t.token_address} chain={chain} renderLink={renderLink} copyable={false} />
        </span>
      </span>
    </TransferLine>
  )
}
