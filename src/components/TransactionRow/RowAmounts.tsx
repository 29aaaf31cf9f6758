import { TokenAmount } from '../TokenAmount/TokenAmount.js'
import { ClippedText } from '../shared/ClippedText.js'
import { flowSign } from '../shared/direction.js'
import { formatDecimal, ROW_DIGITS } from '../shared/format.js'
import { useMessages } from '../../i18n/useMessages.js'
import type { Movement } from './rowFacts.js'

function MovementAmount({ movement: m, locale }: { movement: Movement; locale: string | undefined }) {
  if (m.kind === 'nft') {
    const count = m.value !== '1' && /^\d+$/.test(m.value) ? `${formatDecimal(m.value, locale)} × ` : ''
    return (
      <span className="bf-amount bf-amount--nft" data-direction={m.direction}>
        <span className="bf-amount__number">{flowSign(m.direction)}{count}#<ClippedText text={m.tokenId} max={10} /></span>
        {m.symbol && <> <span className="bf-amount__symbol"><ClippedText text={m.symbol} max={12} /></span></>}
      </span>
    )
  }
  return <TokenAmount value={m.value} decimals={m.decimals} formatted={m.formatted} symbol={m.symbol} direction={m.direction} locale={locale} significantDigits={ROW_DIGITS} />
}

/**
 * The trailing column: each amount said once, signed and coloured by direction. Two amounts show
 * both (a swap's legs); more show the first and "+N more". A failed transaction's read as not moved.
 */
export function RowAmounts({ movements, more = 0, failed, locale, id, hidden }: {
  movements: readonly Movement[]
  /** Movements known to exist beyond `movements` (a pending record keeps the first 20 of a receipt's). */
  more?: number | undefined
  failed: boolean
  locale: string | undefined
  id?: string | undefined
  /** Said elsewhere for screen readers (the pending group's sentence): shown to the eye only. */
  hidden?: boolean | undefined
}) {
  const t = useMessages(locale)
  if (movements.length === 0) return null
  const shown = movements.length <= 2 && more === 0 ? movements : movements.slice(0, 1)
  const rest = movements.length - shown.length + more
  return (
    <div className="bf-row__trailing" id={id} data-moved={failed ? 'false' : undefined} aria-hidden={hidden || undefined}>
      {shown.map((m, i) => (
        <bdi key={i} className="bf-row__amount" dir="ltr">
          <MovementAmount movement={m} locale={t.locale} />
        </bdi>
      ))}
      {rest > 0 && <span className="bf-row__more">{t.format(t.messages.row.more, { count: rest })}</span>}
      {failed && <span className="bf-visually-hidden"> {t.messages.row.notMoved}</span>}
    </div>
  )
}
