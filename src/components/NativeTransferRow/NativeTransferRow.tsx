import { forwardRef, type CSSProperties, type HTMLAttributes } from 'react'
import type { NativeTransfer } from '../../core/history/schema.js'
import { TokenAmount } from '../TokenAmount/TokenAmount.js'
import { TokenLogo } from '../TokenLogo/TokenLogo.js'
import { sides } from '../shared/Counterparty.js'
import { flowOf, type FlowDirection } from '../shared/direction.js'
import { nativeCurrency } from '../shared/native.js'
import type { DisplayOptions } from '../shared/options.js'
import { TransferLine } from '../shared/TransferLine.js'

export interface NativeTransferRowProps extends DisplayOptions, Omit<HTMLAttributes<HTMLDivElement>, 'children'> {
  transfer: NativeTransfer
  /** The viewed wallet: decides in / out / self and the sign. */
  wallet?: string | undefined
  /** The transaction failed: the amount is shown as not moved. */
  failed?: boolean | undefined
  className?: string | undefined
  style?: CSSProperties | undefined
}

/** Direction from the addresses when the wallet is known, else from the service's `direction`. */
function nativeDirection(t: NativeTransfer, wallet: string | undefined): FlowDirection {
  const flow = flowOf(wallet, t.from_address, t.to_address)
  if (flow !== 'none' || wallet) return flow
  return t.direction === 'incoming' ? 'in' : t.direction === 'outgoing' ? 'out' : 'none'
}

/** A movement of the chain's native currency (ETH, POL, BNB…), signed for the viewed wallet. */
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
