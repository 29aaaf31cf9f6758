import { useCallback, useEffect, useRef, useState } from 'react'
import { exportWalletHistoryCsv, type ExportProgress, type ExportResumePoint, type ExportWalletHistoryCsvOptions, type ExportWalletHistoryCsvParameters } from '../core/export/csv.js'
import { useBlockfeedClient } from './useBlockfeedClient.js'

/** Where a CSV export stands: not started, under way, finished, stopped by an error (it can resume), or cancelled. */
export type ExportStatus = 'idle' | 'running' | 'done' | 'error' | 'cancelled'

/** What `useExportWalletHistory` returns: the export's state and the two calls that drive it. */
export interface UseExportWalletHistoryReturnType {
  /** Where the export stands; back to `idle` when the parameters change. */
  status: ExportStatus
  /** Entries and rows so far, and the date reached; null before the first page. */
  progress: ExportProgress | null
  /** Why the export stopped when `status` is `error` (one of blockfeed's error classes), else null. */
  error: Error | null
  /**
   * Exports the whole history. The chunks go to `write` when given (a file stream, an upload…),
   * else they are kept and saved as `filename` when the export ends. After an error, calling it
   * again resumes from the page that failed, keeping what was already written.
   */
  start(options?: {
    /** The downloaded file's name (when there is no `write`); default `<address>-history.csv`. */
    filename?: string
    /** Takes each chunk of CSV text in order, instead of a download; awaited before the next page is read. */
    write?: (chunk: string) => void | Promise<void>
    /** Titles for the header row by column key (`await csvHeaders('de')` for the feed's language); default the stable English keys. */
    headers?: ExportWalletHistoryCsvOptions['headers']
  }): Promise<void>
  /** Stops at once: no request is made after it. What was written so far stays. */
  cancel(): void
}

// A byte-order mark so spreadsheet programs read the file as UTF-8 (names, symbols, emoji).
const BOM = '\uFEFF'

/** Offers text to the user as a file download (browsers only). */
export function saveCsvFile(parts: readonly string[], filename: string): void {
  const url = URL.createObjectURL(new Blob([BOM, ...parts], { type: 'text/csv;charset=utf-8' }))
  const a = document.createElement('a')
  a.href = url
  a.download = filename
  a.rel = 'noopener'
  a.style.display = 'none'
  document.body.append(a)
  a.click()
  a.remove()
  // The download has its own reference by now.
  setTimeout(() => URL.revokeObjectURL(url), 0)
}

/** A resumed export's counts go on from what the file already holds. */
function addedTo(before: ExportProgress | undefined, p: ExportProgress): ExportProgress {
  if (!before) return p
  return { ...p, entries: before.entries + p.entries, rows: before.rows + p.rows, requests: before.requests + p.requests, reached: p.reached ?? before.reached }
}

/**
 * Exports a wallet's whole history as a CSV file, with progress, cancel and resume, for your own export button.
 *
 * `start()` reads the history page by page and saves the file when it ends (or hands each chunk to
 * your `write`); `cancel()` stops it at once. After an error, `start()` again resumes from the page
 * that failed. The feed's "Export CSV" control (`ExportControl`) is built on it.
 *
 * @param params - The wallet (`address`), `chain` or `chains`, and optional bounds (`fromBlock`,
 * `toDate`…) and `order`; `undefined` while unknown (`start` then does nothing).
 * @returns `status`, `progress` (entries, rows, requests, the date reached), `error`, and the
 * functions `start(options?)` and `cancel()`.
 * @throws {@link InvalidParameterError} When a parameter is wrong; nothing is sent.
 * @throws {@link HttpStatusError} When the service answers a page with a status other than 2xx.
 * @throws {@link ResponseShapeError} When a page cannot be read as a wallet-history page.
 * @throws {@link TimeoutError} When the service does not answer within the client's `timeoutMs`.
 * @throws {@link NetworkError} When a request gets no HTTP answer.
 * @remarks One `GET {baseUrl}/api/v2.2/wallets/{address}/history` per page, oldest first unless
 * `order` says otherwise, one chain after another. Nothing is cached: only one page is held at a
 * time while the file grows. It is not a TanStack query; the errors above arrive in `error`.
 * @example
 * ```tsx
 * import { useExportWalletHistory } from 'blockfeed/react'
 *
 * export function ExportButton() {
 *   const { status, progress, start, cancel } = useExportWalletHistory({
 *     address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
 *   })
 *   return status === 'running' ? (
 *     <button onClick={cancel}>Cancel ({progress?.entries ?? 0} transactions so far)</button>
 *   ) : (
 *     <button onClick={() => void start({ filename: 'alice.csv' })}>Export CSV</button>
 *   )
 * }
 * ```
 */
export function useExportWalletHistory(params: ExportWalletHistoryCsvParameters | undefined): UseExportWalletHistoryReturnType {
  const client = useBlockfeedClient()
  const [status, setStatus] = useState<ExportStatus>('idle')
  const [progress, setProgress] = useState<ExportProgress | null>(null)
  const [error, setError] = useState<Error | null>(null)
  const controller = useRef<AbortController | null>(null)
  // Where a failed export stopped, what it had written and its counts, for the next start() to go on from.
  const resume = useRef<{ point: ExportResumePoint; parts: string[]; key: string; progress: ExportProgress } | null>(null)
  // Block bounds may be bigint (viem's type for them), which JSON.stringify cannot write.
  const key = params ? JSON.stringify(params, (_, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)) : ''

  // Another wallet or other parameters: an export of the old ones cannot be resumed or go on.
  useEffect(() => {
    resume.current = null
    setStatus('idle')
    setProgress(null)
    setError(null)
    return () => {
      controller.current?.abort()
      // The old export is over for this control: it says nothing more, and a new one may start at once.
      controller.current = null
    }
  }, [key])

  const start = useCallback<UseExportWalletHistoryReturnType['start']>(
    async (options = {}) => {
      if (!params || controller.current) return
      const abort = new AbortController()
      controller.current = abort
      const current = () => controller.current === abort
      const carried = resume.current?.key === key ? resume.current : null
      const parts = carried?.parts ?? []
      const before = carried?.progress
      const total = (p: ExportProgress) => addedTo(before, p)
      setStatus('running')
      setError(null)
      setProgress(before ?? null)
      try {
        const exporter = exportWalletHistoryCsv(client, params, {
          signal: abort.signal,
          resume: carried?.point,
          headers: options.headers,
          onProgress: (p) => {
            if (current()) setProgress(total(p))
          },
        })
        try {
          for await (const chunk of exporter) await (options.write ? options.write(chunk) : parts.push(chunk))
        } finally {
          const point = exporter.progress.resume
          if (current()) resume.current = point ? { point, parts, key, progress: total(exporter.progress) } : null
        }
        if (!current()) return
        resume.current = null
        if (!options.write) saveCsvFile(parts, options.filename ?? `${params.address}-history.csv`)
        setStatus('done')
      } catch (e) {
        if (!current()) return
        if (abort.signal.aborted) {
          resume.current = null
          setStatus('cancelled')
        } else {
          setError(e as Error)
          setStatus('error')
        }
      } finally {
        if (current()) controller.current = null
      }
    },
    // `key` stands for `params`' contents.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [client, key],
  )

  const cancel = useCallback(() => controller.current?.abort(), [])
  return { status, progress, error, start, cancel }
}
