import { lazy, Suspense, useCallback, useRef, useState, type ReactNode } from 'react'
import type { ExportWalletHistoryCsvParameters } from '../../core/export/csv.js'
import type { UseExportWalletHistoryReturnType } from '../../react/useExportWalletHistory.js'
import type { ExportControlProps } from '../ExportControl/ExportControl.js'
import type { FeedExportRequest, FeedExportState } from './feedExportTypes.js'

// The CSV writer and the export's state (useExportWalletHistory) are a chunk of their own, loaded when
// the viewer starts an export: until then the control is idle, as it is before any export.
const FeedExportRunner = lazy(() => import('./feedExportRunner.js'))

interface FeedExportOptions {
  /** `localized`: column titles in the feed's language; `keys` (default): the stable English keys. */
  headers: 'keys' | 'localized' | undefined
  locale: string | undefined
  timeZone: string | undefined
}

const idle: FeedExportState = { status: 'idle', progress: null, error: null }

/**
 * The feed's "Export CSV": the whole history of `params` (the feed's own dates, not the filter's,
 * for the books), as the export control's props (undefined when there is nothing to export), and the
 * element that runs it once started (render it anywhere in the feed: it draws nothing).
 */
export function useFeedExport(params: ExportWalletHistoryCsvParameters | undefined, { headers, locale, timeZone }: FeedExportOptions): { control: ExportControlProps | undefined; runner: ReactNode } {
  const [state, setState] = useState<FeedExportState>(idle)
  const [request, setRequest] = useState<FeedExportRequest | null>(null)
  const exporter = useRef<UseExportWalletHistoryReturnType | null>(null)
  const onExporter = useCallback((e: UseExportWalletHistoryReturnType | null) => void (exporter.current = e), [])
  if (!params) return { control: undefined, runner: null }
  const ask = (h: FeedExportRequest['headers']) => setRequest((r) => ({ n: (r?.n ?? 0) + 1, headers: h }))
  return {
    control: {
      ...(request ? state : idle),
      // The localized titles come with the export control's chunk.
      onStart: () => void (headers === 'localized' ? import('../ExportControl/ExportControl.js').then((m) => m.csvHeaders(locale)).then(ask) : ask(undefined)),
      onCancel: () => exporter.current?.cancel(),
      locale,
      timeZone,
    },
    runner: request ? (
      <Suspense fallback={null}>
        <FeedExportRunner params={params} request={request} onState={setState} onExporter={onExporter} />
      </Suspense>
    ) : null,
  }
}
