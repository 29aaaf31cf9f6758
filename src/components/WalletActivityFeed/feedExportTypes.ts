import type { ExportProgress, ExportWalletHistoryCsvOptions } from '../../core/export/csv.js'
import type { ExportStatus } from '../../react/useExportWalletHistory.js'

/** Where the export stands, as the runner reports it. */
export interface FeedExportState {
  status: ExportStatus
  progress: ExportProgress | null
  error: Error | null
}

/** A press of Export (or Resume): the runner starts the export once per `n`. */
export interface FeedExportRequest {
  n: number
  headers: ExportWalletHistoryCsvOptions['headers'] | undefined
}
