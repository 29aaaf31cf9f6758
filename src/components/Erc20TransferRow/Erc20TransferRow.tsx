import { forwardRef, type CSSProperties, type HTMLAttributes } from 'react'
import type { Erc20Transfer } from '../../core/history/schema.js'
import { TokenAmount } from '../TokenAmount/TokenAmount.js'
import { TokenLogo } from '../TokenLogo/TokenLogo.js'
import { sides } from '../shared/Counterparty.js'
import { flowOf } from '../shared/direction.js'
import type { DisplayOptions } from '../shared/options.js'
import { TransferLine } from '../shared/TransferLine.js'

export interface Erc20TransferRowProps extends DisplayOptions, Omit<HTMLAttributes<HTMLDivElement>, 'children'> {
  transfer: Erc20Transfer
  wallet?: string | undefined
  /** The transaction failed: the amount is shown as not moved. */
  failed?: boolean | undefined
  className?: string | undefined
  style?: CSSProperties | undefined
}

/** An ERC-20 transfer: signed amount with the token's decimals, symbol, logo (never for spam), counterparty. */
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
