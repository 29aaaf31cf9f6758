import { forwardRef, type CSSProperties, type HTMLAttributes } from 'react'
import { flowSign, type FlowDirection } from '../shared/direction.js'
import { formatDecimal, formatExact, isDecimalText, isMaxUint256, readDecimals, toWholeUnits } from '../shared/format.js'
import { cleanText, clipText } from '../shared/text.js'
import { useMessages } from '../../i18n/useMessages.js'

/** The props of {@link TokenAmount}: the raw amount, the token's decimals and symbol, direction, and DOM attributes for its `<span>`. */
export interface TokenAmountProps extends Omit<HTMLAttributes<HTMLSpanElement>, 'children'> {
  /** Raw integer amount in the token's smallest unit, as decimal text (the model's `value`). */
  value: string
  /** The token's decimals (text or number); without them the raw amount is shown. */
  decimals?: string | number | null | undefined
  /** The service's own whole-unit amount (`value_formatted`), used when it is decimal text. */
  formatted?: string | null | undefined
  /** Untrusted symbol: cleaned and clipped. */
  symbol?: string | null | undefined
  /**
   * Adds + for in and − for out.
   * @defaultValue `'none'` (no sign)
   */
  direction?: FlowDirection | undefined
  /**
   * The language of its words, numbers and dates.
   * @defaultValue the provider's `locale`, else the browser's
   */
  locale?: string | undefined
  /**
   * At most this many digits, the whole part always whole: fewer fraction digits for larger amounts
   * (the feed's rows use 7: "13,404.76 DAI"). Default: up to 6 fraction digits. The exact amount is the title.
   */
  significantDigits?: number | undefined
  /** Class names added to the root `<span>`. */
  className?: string | undefined
  /** Inline styles for the root `<span>`. */
  style?: CSSProperties | undefined
}

/**
 * Shows a token amount for people: in whole units with the token's decimals, grouped and rounded
 * for the locale, signed for the direction, with the exact amount on hover.
 *
 * Exact arithmetic: BigInt and the decimals through viem's `formatUnits`, then `Intl`; never
 * floating point. The largest possible amount (an unlimited approval) reads "Unlimited".
 *
 * @param props - {@link TokenAmountProps}.
 * @returns A `<span>` (`dir="ltr"`, `data-direction`) with the number and the symbol; its `title` is the exact amount.
 * @example
 * ```tsx
 * import { TokenAmount } from 'blockfeed/components'
 *
 * export function Received() {
 *   // 25.5 USDC (6 decimals), received: "+25.5 USDC"
 *   return <TokenAmount value="25500000" decimals={6} symbol="USDC" direction="in" />
 * }
 * ```
 */
export const TokenAmount = forwardRef<HTMLSpanElement, TokenAmountProps>(function TokenAmount(
  { value, decimals, formatted, symbol, direction = 'none', locale, significantDigits, className, style, ...rest },
  ref,
) {
  const t = useMessages(locale)
  const d = readDecimals(decimals)
  const cleanSymbol = cleanText(symbol)
  const shownSymbol = cleanSymbol ? clipText(cleanSymbol, 12).shown : null
  const unlimited = isMaxUint256(value)
  const exact = isDecimalText(formatted) ? formatted : d !== null ? toWholeUnits(value, d) : isDecimalText(value) ? value : null
  const number = unlimited ? t.messages.row.unlimited : exact === null ? '?' : formatDecimal(exact, t.locale, significantDigits)
  const sign = unlimited || exact === null || /^[0.]+$/.test(exact) ? '' : flowSign(direction)
  const amount = [sign + (exact === null ? value : formatExact(exact, t.locale)), cleanSymbol].filter(Boolean).join(' ')
  const full = d === null && !isDecimalText(formatted) ? t.format(t.messages.row.rawUnits, { amount }) : amount
  return (
    <span
      data-direction={direction}
      data-unlimited={unlimited ? '' : undefined}
      title={full}
      {...rest}
      ref={ref}
      className={className ? `bf-amount ${className}` : 'bf-amount'}
      style={style}
      // The number, its sign and symbol read left to right on a right-to-left page too ("−25 USDC").
      dir={rest.dir ?? 'ltr'}
    >
      <span className="bf-amount__number">{sign}{number}</span>
      {shownSymbol && <> <span className="bf-amount__symbol">{shownSymbol}</span></>}
    </span>
  )
})
