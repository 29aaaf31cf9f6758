import { useEffect, useRef } from 'react'
import type { ExportWalletHistoryCsvParameters } from '../../core/export/csv.js'
import { useExportWalletHistory, type UseExportWalletHistoryReturnType } from '../../react/useExportWalletHistory.js'
import type { FeedExportRequest, FeedExportState } from './feedExportTypes.js'

interface FeedExportRunnerProps {
  params: ExportWalletHistoryCsvParameters
  request: FeedExportRequest
  onState: (state: FeedExportState) => void
  onExporter: (exporter: UseExportWalletHistoryReturnType | null) => void
}

/** Runs the feed's export: starts it on each new request (a resume after an error), reports its state; draws nothing. */
export default function FeedExportRunner({ params, request, onState, onExporter }: FeedExportRunnerProps) {
  const exporter = useExportWalletHistory(params)
  const { status, progress, error } = exporter
  useEffect(() => onState({ status, progress, error }), [status, progress, error, onState])
  useEffect(() => {
    onExporter(exporter)
  })
  useEffect(() => () => onExporter(null), [onExporter])
  const started = useRef(0)
  useEffect(() => {
    if (started.current === request.n) return
    started.current = request.n
    void exporter.start(request.headers ? { headers: request.headers } : undefined)
  }, [request, exporter])
  return null
}
