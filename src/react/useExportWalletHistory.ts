import { useCallback, useEffect, useRef, useState } from 'react'
import { exportWalletHistoryCsv, type ExportProgress, type ExportResumePoint, type ExportWalletHistoryCsvOptions, type ExportWalletHistoryCsvParameters } from '../core/export/csv.js'
import { useBlockfeedClient } from './useBlockfeedClient.js'

export type ExportStatus = 'idle' | 'running' | 'done' | 'error' | 'cancelled'

export interface UseExportWalletHistoryReturnType {
  status: ExportStatus
  /** Entries and rows so far, and the date reached; null before the first page. */
  progress: ExportProgress | null
  error: Error | null
  /**
   * Exports the whole history. The chunks go to `write` when given (a file stream, an upload…),
   * else they are kept and saved as `filename` when the export ends. After an error, calling it
   * again resumes from the page that failed, keeping what was already written.
   */
  start(options?: {
    filename?: string
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
 * A wallet's whole history as a CSV file, for custom UIs: `start()`, `cancel()`, and the progress
 * to show. The feed's "Export CSV" button is built on it.
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
