import { forwardRef, useCallback, useLayoutEffect, useRef, type CSSProperties, type HTMLAttributes } from 'react'
import type { ExportProgress } from '../../core/export/csv.js'
import type { ExportStatus } from '../../react/useExportWalletHistory.js'
import { intlFormatter } from '../../i18n/intl.js'
import { formatMessage, pluralForm } from '../../i18n/format.js'
import { exportMessages } from '../../i18n/parts/export.js'
import type { ExportPart } from '../../i18n/types.js'
import { loadPart } from '../../i18n/catalogues.js'
import { matchLocale } from '../../i18n/match.js'
import { shippedLocales, useMessages } from '../../i18n/useMessages.js'
import { errorSentence } from '../shared/errorSentence.js'

type ExportMessages = ExportPart['export']

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
const counted = (forms: ExportMessages['transactions'], n: number, locale: string) => formatMessage(pluralForm(forms, n, locale), { count: n }, locale)

/**
 * How far an export has come, in words: "1,200 transactions, up to 3 Mar 2024". `messages` is the
 * active catalogue's `export` part (English by default).
 */
export function exportProgressText(progress: ExportProgress | null, locale?: string, timeZone?: string, messages: ExportMessages = exportMessages.en.export): string {
  const tag = locale ?? 'en'
  if (!progress || progress.entries === 0) return messages.starting
  const count = counted(messages.transactions, progress.entries, tag)
  const reached = progress.reached ? Date.parse(progress.reached) : Number.NaN
  return Number.isFinite(reached) ? formatMessage(messages.upTo, { transactions: count, date: dateOf(locale, timeZone).format(reached) }, tag) : count
}

/** What the control's live region says: the progress while running, then the outcome ('' before and after a failure, which is an alert). */
export function exportStatusText(status: ExportStatus, progress: ExportProgress | null, locale?: string, timeZone?: string, messages: ExportMessages = exportMessages.en.export): string {
  if (status === 'running') return exportProgressText(progress, locale, timeZone, messages)
  if (status === 'done') return formatMessage(pluralForm(messages.saved, progress?.rows ?? 0, locale ?? 'en'), { count: progress?.rows ?? 0 }, locale ?? 'en')
  if (status === 'cancelled') return messages.cancelled
  return ''
}

/**
 * The "Export CSV" control: a button, then while the export runs an (indeterminate) progress bar
 * with the count and the date reached, and Cancel; after a failure, what was kept and Resume.
 * It takes the state of `useExportWalletHistory` as props and fetches nothing.
 */
export const ExportControl = forwardRef<HTMLDivElement, ExportControlProps>(function ExportControl(
  { status, progress, error, onStart, onCancel, locale: localeProp, timeZone, className, style, onFocus, onBlur, ...rest },
  ref,
) {
  const t = useMessages(localeProp, exportMessages)
  const m = t.messages.export
  const locale = t.locale
  const text = exportProgressText(progress, locale, timeZone, m)
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

  const spoken = exportStatusText(status, progress, locale, timeZone, m)
  const stoppedAfter = !progress || progress.entries === 0 ? m.nothing : text
  return (
    <div
      data-status={status}
      {...rest}
      ref={setRoot}
      className={className ? `bf-export ${className}` : 'bf-export'}
      style={style}
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
        <div className="bf-export__bar" role="progressbar" aria-label={m.exporting} aria-valuetext={text}>
          <span className="bf-export__fill" />
        </div>
      )}
      {!running && (
        <button type="button" className="bf-button" onClick={onStart}>
          {status === 'error' ? t.messages.toolbar.resume : t.messages.toolbar.exportCsv}
        </button>
      )}
      {/* One live region, there from the start: a region inserted along with its text is often not read out. */}
      <span className="bf-export__text" role="status">
        {spoken}
      </span>
      {running && (
        <button type="button" className="bf-button" onClick={onCancel}>
          {m.cancel}
        </button>
      )}
      {status === 'error' && (
        <span className="bf-export__text" role="alert">
          {error ? t.format(m.stoppedBecause, { progress: stoppedAfter, reason: errorSentence(error, t) }) : t.format(m.stopped, { progress: stoppedAfter })}
        </span>
      )}
    </div>
  )
})

/** The export's status in words, for a place other than the control (the folded toolbar's menu). */
export function ExportStatusText({ status, progress, locale, timeZone }: Pick<ExportControlProps, 'status' | 'progress' | 'locale' | 'timeZone'>) {
  const t = useMessages(locale, exportMessages)
  return <>{exportStatusText(status, progress, t.locale, timeZone, t.messages.export)}</>
}

/**
 * The CSV column titles in the language of `locale` (else the browser's), for `start({ headers })`
 * of `useExportWalletHistory`: the export's part of that language's catalogue, loaded when first asked.
 * The drop-in feed uses it with `exportHeaders="localized"`.
 */
export async function csvHeaders(locale?: string | readonly string[]): Promise<ExportPart['csv']> {
  const requested = locale ?? (typeof navigator === 'undefined' ? undefined : navigator.languages)
  return ((await loadPart(matchLocale(requested, shippedLocales), exportMessages)) ?? exportMessages.en).csv
}
