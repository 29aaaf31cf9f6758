import type { CSSProperties } from 'react'
import { getChainInfo } from '../../core/chains.js'
import type { InternalTransaction } from '../../core/history/schema.js'
import { TokenAmount } from '../TokenAmount/TokenAmount.js'
import { TransferBadge } from '../TransferBadge/TransferBadge.js'
import { ClippedText } from '../shared/ClippedText.js'
import { Counterparty } from '../shared/Counterparty.js'
import { flowOf } from '../shared/direction.js'
import type { DisplayOptions } from '../shared/options.js'

export interface InternalTransactionRowProps extends DisplayOptions {
  transaction: InternalTransaction
  wallet?: string | undefined
  className?: string | undefined
  style?: CSSProperties | undefined
}

/** A call made inside a transaction (CALL, DELEGATECALL, CREATE…) and the native value it moved. */
export function InternalTransactionRow({ transaction: t, wallet, chain, locale, renderLink, className, style }: InternalTransactionRowProps) {
  const direction = flowOf(wallet, t.from, t.to)
  const native = getChainInfo(chain)?.nativeCurrency
  return (
    <div className={className ? `bf-transfer ${className}` : 'bf-transfer'} style={style} data-kind="internal" data-direction={direction}>
      <TransferBadge kind="internal" direction={direction} />
      <ClippedText className="bf-call-type" text={t.type?.toUpperCase()} max={16} fallback={<span className="bf-call-type">CALL</span>} />
      <TokenAmount value={t.value} decimals={native?.decimals ?? 18} symbol={native?.symbol} direction={direction} locale={locale} />
      <Counterparty direction={direction} from={{ address: t.from }} to={{ address: t.to }} chain={chain} renderLink={renderLink} />
    </div>
  )
}
