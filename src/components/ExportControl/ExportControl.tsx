import { forwardRef, type CSSProperties, type HTMLAttributes } from 'react'
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

/**
 * The "Export CSV" control: a button, then while the export runs an (indeterminate) progress bar
 * with the count and the date reached, and Cancel; after a failure, what was kept and Resume.
 * It takes the state of `useExportWalletHistory` as props and fetches nothing.
 */
export const ExportControl = forwardRef<HTMLDivElement, ExportControlProps>(function ExportControl(
  { status, progress, error, onStart, onCancel, locale, timeZone, className, style, ...rest },
  ref,
) {
  const text = exportProgressText(progress, locale, timeZone)
  return (
    <div {...rest} ref={ref} className={className ? `bf-export ${className}` : 'bf-export'} style={style} data-status={status}>
      {status === 'running' ? (
        <>
          <div className="bf-export__bar" role="progressbar" aria-label="Exporting history" aria-valuetext={text}>
            <span className="bf-export__fill" />
          </div>
          <span className="bf-export__text" aria-live="polite">
            {text}
          </span>
          <button type="button" className="bf-button" onClick={onCancel}>
            Cancel
          </button>
        </>
      ) : (
        <>
          <button type="button" className="bf-button" onClick={onStart}>
            {status === 'error' ? 'Resume export' : 'Export CSV'}
          </button>
          {status === 'done' && (
            <span className="bf-export__text" role="status">
              Saved {progress ? countOf(locale).format(progress.rows) : 0} rows
            </span>
          )}
          {status === 'cancelled' && (
            <span className="bf-export__text" role="status">
              Export cancelled
            </span>
          )}
          {status === 'error' && (
            <span className="bf-export__text" role="alert">
              Export stopped after {text.toLowerCase() === 'starting…' ? 'no transactions' : text}
              {error ? `: ${error.message}` : ''}
            </span>
          )}
        </>
      )}
    </div>
  )
})
