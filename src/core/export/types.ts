import type { CsvColumn } from './rows.js'
// The export's public types, apart from its code so the client's contract can name them.
import type { ChainInput } from '../chains.js'
import type { WalletHistoryParameters } from '../history/params.js'

/** What to export: the wallet, its chain or chains, and the wallet-history parameters (dates, blocks, `order`…). */
export interface ExportWalletHistoryCsvParameters extends Omit<WalletHistoryParameters, 'chain' | 'cursor'> {
  /**
   * The one chain to export. Give this or `chains`, not both.
   * @defaultValue the client's `chain`
   */
  chain?: ChainInput | undefined
  /** Several chains, exported one after another into one file (each once). */
  chains?: readonly ChainInput[] | undefined
}

/** Where an export stands: what was written, how far it reached, and where to resume after a failure. */
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
  /** True once the whole history was written. */
  done: boolean
}

/** Where to continue an export that stopped: the chain and the cursor of the next page to read. */
export interface ExportResumePoint {
  /** The chain to read next. */
  chain: string | undefined
  /** The cursor of the next page; null for the chain's first page. */
  cursor: string | null
  /** True while the file has no header yet (the reader did not take it): a resumed export writes it first. */
  header?: boolean | undefined
}

/** How to run an export: its signal, a progress callback, where to resume and the column titles. */
export interface ExportWalletHistoryCsvOptions {
  /** Stops the export: no request is made after it aborts, and the iteration rejects with its reason. */
  signal?: AbortSignal | undefined
  /** Called after every chunk with the export's progress. */
  onProgress?: ((progress: ExportProgress) => void) | undefined
  /** Continue from where an earlier export stopped (its last `progress.resume`); the header is not written again once it was taken. */
  resume?: ExportResumePoint | null | undefined
  /**
   * Column titles for the header row, by column key (`{ hash: 'Transaction hash' }`); a column left
   * out keeps its key.
   * @defaultValue the stable English keys of {@link csvColumns}, which programs reading the file rely on
   */
  headers?: Readonly<Partial<Record<CsvColumn, string>>> | undefined
}

/** A running export: iterate it for the CSV text chunks; read `progress` for where it stands. */
export interface WalletHistoryCsvExport extends AsyncIterable<string> {
  /** The latest progress (also sent to `onProgress` after every chunk). */
  readonly progress: ExportProgress
}
