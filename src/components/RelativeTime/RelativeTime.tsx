import { forwardRef, type CSSProperties, type TimeHTMLAttributes } from 'react'
import { useNow } from '../shared/clock.js'
import { absoluteLabel, relativeLabel } from '../shared/dates.js'

export interface RelativeTimeProps extends Omit<TimeHTMLAttributes<HTMLTimeElement>, 'children' | 'dateTime'> {
  /** ISO 8601 time (the model's `block_timestamp`), a Date or epoch ms. */
  value: string | Date | number
  locale?: string | undefined
  timeZone?: string | undefined
  className?: string | undefined
  style?: CSSProperties | undefined
}

/**
 * "5 minutes ago", kept fresh by one timer shared by every instance; the absolute time is
 * the tooltip on hover, shows on keyboard focus, and is read by screen readers.
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
