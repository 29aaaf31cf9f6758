import { forwardRef, useCallback, useLayoutEffect, useRef, type CSSProperties, type HTMLAttributes } from 'react'
import type { ExportProgress } from '../../core/export/csv.js'
import type { ExportStatus } from '../../react/useExportWalletHistory.js'
import { intlFormatter } from '../shared/intl.js'

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

/** How far an export has come, in words: "1,200 transactions, back to 3 Mar 2024". */
export function exportProgressText(progress: ExportProgress | null, locale?: string, timeZone?: string): string {
  if (!progress || progress.entries === 0) return 'Starting…'
  const count = `${countOf(locale).format(progress.entries)} transaction${progress.entries === 1 ? '' : 's'}`
  const reached = progress.reached ? Date.parse(progress.reached) : Number.NaN
  return Number.isFinite(reached) ? `${count}, up to ${dateOf(locale, timeZone).format(reached)}` : count
}

const rowsText = (rows: number, locale: string | undefined) => `${countOf(locale).format(rows)} row${rows === 1 ? '' : 's'}`

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

  const spoken = running ? text : status === 'done' ? `Saved ${rowsText(progress?.rows ?? 0, locale)}` : status === 'cancelled' ? 'Export cancelled' : ''
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
        <div className="bf-export__bar" role="progressbar" aria-label="Exporting history" aria-valuetext={text}>
          <span className="bf-export__fill" />
        </div>
      )}
      {!running && (
        <button type="button" className="bf-button" onClick={onStart}>
          {status === 'error' ? 'Resume export' : 'Export CSV'}
        </button>
      )}
      {/* One live region, there from the start: a region inserted along with its text is often not read out. */}
      <span className="bf-export__text" role="status">
        {spoken}
      </span>
      {running && (
        <button type="button" className="bf-button" onClick={onCancel}>
          Cancel
        </button>
      )}
      {status === 'error' && (
        <span className="bf-export__text" role="alert">
          Export stopped after {text.toLowerCase() === 'starting…' ? 'no transactions' : text}
          {error ? `: ${error.message}` : ''}
        </span>
      )}
    </div>
  )
})
