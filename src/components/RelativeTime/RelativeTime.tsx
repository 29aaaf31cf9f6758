import { forwardRef, type CSSProperties, type TimeHTMLAttributes } from 'react'
import { useNow } from '../shared/clock.js'
import { absoluteLabel, relativeLabel } from '../shared/dates.js'

/** The props of {@link RelativeTime}: the time, `locale` and `timeZone`, and DOM attributes for its `<time>`. */
export interface RelativeTimeProps extends Omit<TimeHTMLAttributes<HTMLTimeElement>, 'children' | 'dateTime'> {
  /** ISO 8601 time (the model's `block_timestamp`), a Date or epoch ms. */
  value: string | Date | number
  /**
   * The language of its relative and absolute times.
   * @defaultValue the provider's `locale`, else the browser's
   */
  locale?: string | undefined
  /**
   * The IANA time zone of the absolute time.
   * @defaultValue the browser's
   */
  timeZone?: string | undefined
  /** Class names added to the root `<time>`. */
  className?: string | undefined
  /** Inline styles for the root `<time>`. */
  style?: CSSProperties | undefined
}

/**
 * Shows a time as "5 minutes ago", kept fresh, with the absolute time one hover or focus away.
 *
 * One timer is shared by every instance. The absolute time is the tooltip on hover, shows on
 * keyboard focus, and is read by screen readers. A server render shows the absolute time.
 *
 * @param props - {@link RelativeTimeProps}.
 * @returns A focusable `<time>` with `dateTime` and `data-absolute`; nothing when `value` is not a time.
 * @example
 * ```tsx
 * import { RelativeTime } from 'blockfeed/components'
 *
 * export function Mined() {
 *   return <RelativeTime value="2024-03-03T12:00:00Z" timeZone="UTC" />
 * }
 * ```
 */
export const RelativeTime = forwardRef<HTMLTimeElement, RelativeTimeProps>(function RelativeTime({ value, locale, timeZone, className, style, ...rest }, ref) {
  const now = useNow()
  const ms = value instanceof Date ? value.getTime() : typeof value === 'number' ? value : Date.parse(value)
  if (!Number.isFinite(ms)) return null
  const absolute = absoluteLabel(ms, locale, timeZone)
  const shown = now === null ? absolute : relativeLabel(ms, now, locale)
  return (
    <time
      tabIndex={0}
      dateTime={new Date(ms).toISOString()}
      title={absolute}
      data-absolute={absolute}
      {...rest}
      ref={ref}
      className={className ? `bf-time ${className}` : 'bf-time'}
      style={style}
    >
      {shown}
      {shown !== absolute && <span className="bf-visually-hidden">{` (${absolute})`}</span>}
    </time>
  )
})
