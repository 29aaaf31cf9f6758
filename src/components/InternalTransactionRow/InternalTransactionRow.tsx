import { forwardRef, type CSSProperties, type HTMLAttributes } from 'react'
import type { InternalTransaction } from '../../core/history/schema.js'
import { TokenAmount } from '../TokenAmount/TokenAmount.js'
import { ClippedText } from '../shared/ClippedText.js'
import { flowOf } from '../shared/direction.js'
import { nativeCurrency } from '../shared/native.js'
import type { DisplayOptions } from '../shared/options.js'
import { TransferLine } from '../shared/TransferLine.js'

export interface InternalTransactionRowProps extends DisplayOptions, Omit<HTMLAttributes<HTMLDivElement>, 'children'> {
  transaction: InternalTransaction
  wallet?: string | undefined
  /** The transaction failed: the amount is shown as not moved. */
  failed?: boolean | undefined
  className?: string | undefined
  style?: CSSProperties | undefined
}

/** A call made inside a transaction (CALL, DELEGATECALL, CREATE…) and the native value it moved. */
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
