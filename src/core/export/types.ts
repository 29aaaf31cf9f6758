import type { CsvColumn } from './rows.js'
// The export's public types, apart from its code so the client's contract can name them.
import type { ChainInput } from '../chains.js'
import type { WalletHistoryParameters } from '../history/params.js'

export interface ExportWalletHistoryCsvParameters extends Omit<WalletHistoryParameters, 'chain' | 'cursor'> {
  /** One chain (default: the client's); or `chains` for several, exported one after another. */
  chain?: ChainInput | undefined
  chains?: readonly ChainInput[] | undefined
}

/** Where an export stands; `resume` is what to pass back to continue after a failure. */
export interface ExportProgress {
  /** Transactions written so far (a transaction the service repeats on the next page counts once). */
  entries: number
  /** CSV rows written so far (header not counted). */
  rows: number
  /** History requests made so far. */
  requests: number
  /** The chain being read. */
  chain: string | undefined
  /** The `block_timestamp` of the last transaction written: how far back (or forward) the file reaches. */
  reached: string | null
  /** The next page to read: pass it as `options.resume` to continue an export that stopped. Null when done. */
  resume: ExportResumePoint | null
  done: boolean
}

export interface ExportResumePoint {
  chain: string | undefined
  /** The cursor of the next page; null for the chain's first page. */
  cursor: string | null
  /** True while the file has no header yet (the reader did not take it): a resumed export writes it first. */
  header?: boolean | undefined
}

export interface ExportWalletHistoryCsvOptions {
  signal?: AbortSignal | undefined
  onProgress?: ((progress: ExportProgress) => void) | undefined
  /** Continue from where an earlier export stopped (its last `progress.resume`); the header is not written again once it was taken. */
  resume?: ExportResumePoint | null | undefined
  /**
   * Column titles for the header row, by column key (`{ hash: 'Transaction hash' }`); a column left
   * out keeps its key. Default: the stable English keys, which programs reading the file rely on.
   */
  headers?: Readonly<Partial<Record<CsvColumn, string>>> | undefined
}

export interface WalletHistoryCsvExport extends AsyncIterable<string> {
  /** The latest progress (also sent to `onProgress` after every chunk). */
  readonly progress: ExportProgress
}
