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

/** The props of {@link ExportControl}: the export's state (as `useExportWalletHistory` returns it), the two actions, and DOM attributes for its `<div>`. */
export interface ExportControlProps extends Omit<HTMLAttributes<HTMLDivElement>, 'children'> {
  /** Where the export stands: the button, progress bar, Cancel and Resume follow it. */
  status: ExportStatus
  /** How far the export has come; null before the first page. */
  progress: ExportProgress | null
  /** Why it stopped, said in words when `status` is `error`. */
  error?: Error | null | undefined
  /** Called by "Export CSV" and by "Resume" after a failure. */
  onStart(): void
  /** Called by "Cancel" while the export runs. */
  onCancel(): void
  /**
   * The language of its words, numbers and dates.
   * @defaultValue the provider's `locale`, else the browser's
   */
  locale?: string | undefined
  /**
   * The IANA time zone of the date reached.
   * @defaultValue the browser's
   */
  timeZone?: string | undefined
  /** Class names added to the root `<div>`. */
  className?: string | undefined
  /** Inline styles for the root `<div>`. */
  style?: CSSProperties | undefined
}

const dateOf = (locale: string | undefined, timeZone: string | undefined) =>
  intlFormatter(Intl.DateTimeFormat, locale, { dateStyle: 'medium', ...(timeZone ? { timeZone } : {}) } as Intl.DateTimeFormatOptions)
const counted = (forms: ExportMessages['transactions'], n: number, locale: string) => formatMessage(pluralForm(forms, n, locale), { count: n }, locale)

/**
 * Says how far an export has come, in words: "1,200 transactions, up to 3 Mar 2024".
 *
 * @param progress - The export's `progress` (from `useExportWalletHistory` or `onProgress`).
 * @param locale - The language of numbers and dates; `en` when omitted.
 * @param timeZone - The IANA time zone of the date; the runtime's when omitted.
 * @param messages - The active catalogue's `export` part; English when omitted.
 * @returns The sentence; "Starting…" in the catalogue's words before the first entry.
 * @example
 * ```ts
 * import { exportProgressText } from 'blockfeed/components'
 *
 * const text = exportProgressText(
 *   { entries: 1200, rows: 1300, requests: 12, chain: 'eth', reached: '2024-03-03T12:00:00Z', resume: null, done: false },
 *   'en',
 *   'UTC',
 * )
 * console.log(text) // "1,200 transactions, up to Mar 3, 2024"
 * ```
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
 * Shows an "Export CSV" button, then the export's progress with Cancel, and after a failure what
 * was kept with Resume.
 *
 * While the export runs: an (indeterminate) progress bar with the count and the date reached.
 * It takes the state of `useExportWalletHistory` as props and fetches nothing; focus moves between
 * its buttons as they take turns, and each change is announced.
 *
 * @param props - {@link ExportControlProps}.
 * @returns A `<div>` with `data-status`, holding the buttons and a live region.
 * @example
 * ```tsx
 * import { ExportControl } from 'blockfeed/components'
 * import { useExportWalletHistory } from 'blockfeed/react'
 *
 * export function Export() {
 *   const exporter = useExportWalletHistory({ address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' })
 *   return (
 *     <ExportControl
 *       status={exporter.status}
 *       progress={exporter.progress}
 *       error={exporter.error}
 *       onStart={() => void exporter.start()}
 *       onCancel={exporter.cancel}
 *     />
 *   )
 * }
 * ```
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
 * Gives the CSV column titles in a language, for `start({ headers })` of `useExportWalletHistory`.
 *
 * The drop-in feed uses it with `exportHeaders="localized"`. Programs that read the file may
 * expect the stable English keys (the default without `headers`).
 *
 * @param locale - A BCP 47 tag or a list in order of preference; the browser's languages when omitted.
 * @returns The title of each column by its key, in the best-matching catalogue's words (English when none matches).
 * @remarks Loads that language's export part of the catalogue when first asked; nothing else is sent.
 * @example
 * ```tsx
 * import { csvHeaders } from 'blockfeed/components'
 * import { useExportWalletHistory } from 'blockfeed/react'
 *
 * export function GermanExport() {
 *   const { start } = useExportWalletHistory({ address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' })
 *   return <button onClick={async () => start({ headers: await csvHeaders('de') })}>CSV exportieren</button>
 * }
 * ```
 */
export async function csvHeaders(locale?: string | readonly string[]): Promise<ExportPart['csv']> {
  const requested = locale ?? (typeof navigator === 'undefined' ? undefined : navigator.languages)
  return ((await loadPart(matchLocale(requested, shippedLocales), exportMessages)) ?? exportMessages.en).csv
}
