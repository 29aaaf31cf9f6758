import type { ExportWalletHistoryCsvParameters } from '../../core/export/csv.js'
import { useExportWalletHistory } from '../../react/useExportWalletHistory.js'
import type { ExportControlProps } from '../ExportControl/ExportControl.js'

interface FeedExportOptions {
  /** `localized`: column titles in the feed's language; `keys` (default): the stable English keys. */
  headers: 'keys' | 'localized' | undefined
  locale: string | undefined
  timeZone: string | undefined
}

/**
 * The feed's "Export CSV": the whole history of `params` (the feed's own dates, not the filter's,
 * for the books), as the export control's props; undefined when there is nothing to export.
 */
export function useFeedExport(params: ExportWalletHistoryCsvParameters | undefined, { headers, locale, timeZone }: FeedExportOptions): ExportControlProps | undefined {
  const exporter = useExportWalletHistory(params)
  if (!params) return undefined
  return {
    status: exporter.status,
    progress: exporter.progress,
    error: exporter.error,
    // The localized titles come with the export control's chunk.
    onStart: () => void (headers === 'localized' ? import('../ExportControl/ExportControl.js').then((m) => m.csvHeaders(locale)).then((h) => exporter.start({ headers: h })) : exporter.start()),
    onCancel: exporter.cancel,
    locale,
    timeZone,
  }
}
