import { forwardRef, useCallback, useLayoutEffect, useRef, type CSSProperties, type HTMLAttributes } from 'react'
import type { ExportProgress } from '../../core/export/csv.js'
import type { ExportStatus } from '../../react/useExportWalletHistory.js'
import { intlFormatter } from '../shared/intl.js'

type Plural = { one: (count: string) => string; other: (count: string) => string }

const messages = {
  exportCsv: 'Export CSV',
  resume: 'Resume export',
  cancel: 'Cancel',
  exporting: 'Exporting history',
  starting: 'Starting…',
  transactions: { one: (count) => `${count} transaction`, other: (count) => `${count} transactions` } satisfies Plural,
  upTo: (transactions: string, date: string) => `${transactions}, up to ${date}`,
  rows: { one: (count) => `${count} row`, other: (count) => `${count} rows` } satisfies Plural,
  saved: (rows: string) => `Saved ${rows}`,
  cancelled: 'Export cancelled',
  stopped: (progress: string) => `Export stopped after ${progress}`,
  stoppedBecause: (progress: string, reason: string) => `Export stopped after ${progress}: ${reason}`,
  nothing: 'no transactions',
}

export interface ExportControlProps extends Omit<HTMLAttributes<HTMLDivElement>, 'children'> {
  status: ExportStatus
  progress: ExportProgress | null
  error?: Error | null | undefined
  onStart(): void
  onCancel(): void
  locale?: string | undefined
  timeZone?: string | undefined
  className?: string | undefined
  style?: CSSProperties | undefined
}

const dateOf = (locale: string | undefined, timeZone: string | undefined) =>
  intlFormatter(Intl.DateTimeFormat, locale, { dateStyle: 'medium', ...(timeZone ? { timeZone } : {}) } as Intl.DateTimeFormatOptions)
const countOf = (locale: string | undefined) => intlFormatter(Intl.NumberFormat, locale, {})
const plural = (forms: Plural, n: number, locale: string | undefined) =>
  (intlFormatter(Intl.PluralRules, locale, {}).select(n) === 'one' ? forms.one : forms.other)(countOf(locale).format(n))

/** How far an export has come, in words: "1,200 transactions, back to 3 Mar 2024". */
export function exportProgressText(progress: ExportProgress | null, locale?: string, timeZone?: string): string {
  if (!progress || progress.entries === 0) return messages.starting
  const count = plural(messages.transactions, progress.entries, locale)
  const reached = progress.reached ? Date.parse(progress.reached) : Number.NaN
  return Number.isFinite(reached) ? messages.upTo(count, dateOf(locale, timeZone).format(reached)) : count
}

/** What the control's live region says: the progress while running, then the outcome ('' before and after a failure, which is an alert). */
export function exportStatusText(status: ExportStatus, progress: ExportProgress | null, locale?: string, timeZone?: string): string {
  if (status === 'running') return exportProgressText(progress, locale, timeZone)
  if (status === 'done') return messages.saved(plural(messages.rows, progress?.rows ?? 0, locale))
  if (status === 'cancelled') return messages.cancelled
  return ''
}

/**
 * The "Export CSV" control: a button, then while the export runs an (indeterminate) progress bar
 * with the count and the date reached, and Cancel; after a failure, what was kept and Resume.
 * It takes the state of `useExportWalletHistory` as props and fetches nothing.
 */
export const ExportControl = forwardRef<HTMLDivElement, ExportControlProps>(function ExportControl(
  { status, progress, error, onStart, onCancel, locale, timeZone, className, style, onFocus, onBlur, ...rest },
  ref,
) {
  const text = exportProgressText(progress, locale, timeZone)
  const running = status === 'running'
  const root = useRef<HTMLDivElement | null>(null)
  const setRoot = useCallback(
    (node: HTMLDivElement | null) => {
      root.current = node
      if (typeof ref === 'function') ref(node)
      else if (ref) ref.current = node
    },
    [ref],
  )
  // Export CSV and Cancel take turns: when the focused one goes, focus goes to the one that came
  // (else a keyboard user is dropped at the top of the page, twice per export).
  const hadFocus = useRef(false)
  useLayoutEffect(() => {
    const node = root.current
    if (!node || !hadFocus.current) return
    const active = node.ownerDocument.activeElement
    if (active && active !== node.ownerDocument.body && node.ownerDocument.contains(active)) return
    node.querySelector('button')?.focus()
  }, [status])

  const spoken = exportStatusText(status, progress, locale, timeZone)
  const stoppedAfter = !progress || progress.entries === 0 ? messages.nothing : text
  return (
    <div
      {...rest}
      ref={setRoot}
      className={className ? `bf-export ${className}` : 'bf-export'}
      style={style}
      data-status={status}
      onFocus={(e) => {
        hadFocus.current = true
        onFocus?.(e)
      }}
      onBlur={(e) => {
        // A removed button blurs with no new target: that is not the user leaving.
        if (e.relatedTarget instanceof Node && !e.currentTarget.contains(e.relatedTarget)) hadFocus.current = false
        onBlur?.(e)
      }}
    >
      {running && (
        <div className="bf-export__bar" role="progressbar" aria-label={messages.exporting} aria-valuetext={text}>
          <span className="bf-export__fill" />
        </div>
      )}
      {!running && (
        <button type="button" className="bf-button" onClick={onStart}>
          {status === 'error' ? messages.resume : messages.exportCsv}
        </button>
      )}
      {/* One live region, there from the start: a region inserted along with its text is often not read out. */}
      <span className="bf-export__text" role="status">
        {spoken}
      </span>
      {running && (
        <button type="button" className="bf-button" onClick={onCancel}>
          {messages.cancel}
        </button>
      )}
      {status === 'error' && (
        <span className="bf-export__text" role="alert">
          {error ? messages.stoppedBecause(stoppedAfter, error.message) : messages.stopped(stoppedAfter)}
        </span>
      )}
    </div>
  )
})
