import { checkChain } from '../chains.js'
import type { BlockfeedClient } from '../clientTypes.js'
import { InvalidParameterError } from '../errors.js'
import { entryId } from '../history/entryId.js'
import { checkAddress } from '../history/params.js'
import { nextCursor } from '../history/pages.js'
import type { TransactionEntry } from '../history/schema.js'
import { csvColumns, entryRecords } from './rows.js'
import type { ExportProgress, ExportWalletHistoryCsvOptions, ExportWalletHistoryCsvParameters, WalletHistoryCsvExport } from './types.js'

export type { ExportProgress, ExportResumePoint, ExportWalletHistoryCsvOptions, ExportWalletHistoryCsvParameters, WalletHistoryCsvExport } from './types.js'

const CRLF = '\r\n'
// How many of the last written hashes are remembered (bounded: memory stays flat).
const RECENT_HASHES = 1000
// RFC 4180 (CRLF, quotes doubled, fields with , " CR LF quoted) and the OWASP CSV-injection rule:
// a cell starting with = + - @ tab or CR (and their full-width forms) is prefixed with '.
// `quote_record_delimiter`: with a record delimiter given, csv-stringify quotes only a full CRLF, so a
// name with a lone LF or CR would end the row in a spreadsheet (and could start the next with a formula).
// Excel where `;` is the list separator (much of Europe) splits rows at `;` instead, so `x;=cmd|…` would start
// a formula mid-cell: a formula character right after a `;` (and any quotes) is prefixed with ' as well.
const FORMULA_AFTER_SEMICOLON = /;("*)(?=[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20])/g
// Direction overrides, embeddings and isolates: a spreadsheet applies them, so a symbol could show as
// other text ("USDC" + U+202E + "gnp"); they mean nothing in a token's symbol or a category.
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g
function cell(value: string): string {
  const shown = value.replace(BIDI_CONTROLS, '')
  return shown.includes(';') ? shown.replace(FORMULA_AFTER_SEMICOLON, ";$1'") : shown
}
const csvOptions = { record_delimiter: CRLF, quote_record_delimiter: true, escape_formulas: true, quoted_match: /^'/, cast: { string: cell } } as const

/**
 * Exports a wallet's whole history as CSV text, streamed: the header, then one chunk per page of history.
 *
 * One row per money flow (native, ERC-20, NFT, internal), with the columns of {@link csvColumns};
 * amounts are exact. Only one page is held at a time, so memory stays flat however long the history
 * is. Oldest first unless `order` says otherwise. Cells are safe to open in a spreadsheet (a cell
 * that would start a formula is prefixed with `'`). A transaction a page boundary repeats is
 * written once. After a failure, pass the last `progress.resume` as `options.resume` to continue.
 *
 * @param client - The client (its `getWalletHistory`, `chain` and `extraChains`).
 * @param params - The wallet, its chain (or `chains`, exported one after another) and the history parameters.
 * @param options - An `AbortSignal`, an `onProgress` callback, a `resume` point and translated column titles.
 * @returns An async iterable of CSV text chunks, with the latest `progress`.
 * @throws {@link InvalidParameterError} At once: a bad address or chain, both `chain` and `chains`, or a `resume` for a chain not exported; nothing is sent.
 * @throws {@link HttpStatusError} While iterating, from the page that failed (after the client's retries).
 * @throws {@link NetworkError} While iterating, when the service cannot be reached.
 * @throws {@link TimeoutError} While iterating, when a page takes longer than `timeoutMs`.
 * @throws {@link ResponseShapeError} While iterating, when a page cannot be read.
 * @remarks One `GET /api/v2.2/wallets/{address}/history` per page, sent only when you read the
 *   next chunk; aborting the `signal` stops at once, with no request after it. Nothing is cached.
 * @example
 * ```ts
 * import { createClient, exportWalletHistoryCsv } from 'blockfeed'
 *
 * const client = createClient({ baseUrl: 'https://api.example.com', chain: 'eth' })
 * const chunks: string[] = []
 * const csv = exportWalletHistoryCsv(client, { address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' }, {
 *   onProgress: (progress) => console.log(`${progress.rows} rows`),
 * })
 * for await (const chunk of csv) chunks.push(chunk)
 * const file = new Blob(chunks, { type: 'text/csv' })
 * ```
 */
export function exportWalletHistoryCsv(
  client: Pick<BlockfeedClient, 'getWalletHistory' | 'chain' | 'extraChains'>,
  params: ExportWalletHistoryCsvParameters,
  options: ExportWalletHistoryCsvOptions = {},
): WalletHistoryCsvExport {
  const { wallet, chains } = checkExportParameters(client, params)
  const { resume, signal, onProgress, headers } = options
  let start = 0
  if (resume) {
    start = chains.indexOf(resume.chain)
    if (start < 0) throw new InvalidParameterError('resume', 'the resume point names a chain this export does not cover')
  }
  // Oldest first unless asked otherwise: the order of a ledger.
  const { chains: _chains, chain: _chain, ...rest } = params
  const history = { ...rest, order: params.order ?? 'ASC' }

  const progress: ExportProgress = {
    entries: 0,
    rows: 0,
    requests: 0,
    chain: chains[start],
    reached: null,
    resume: resume ? { ...resume } : { chain: chains[start], cursor: null, header: true },
    done: false,
  }
  const report = () => onProgress?.({ ...progress, resume: progress.resume && { ...progress.resume } })

  async function* chunks(): AsyncGenerator<string, void, undefined> {
    // Loaded on the first export, not with the client: most apps never export. The browser build: the
    // Node one reads `Buffer` as it loads and so fails in a browser ("Buffer is not defined").
    const { stringify } = await import('csv-stringify/browser/esm/sync')
    if (!resume || resume.header === true) {
      // Titles are the caller's text (a translation): written as CSV cells, never as formulas (csvOptions).
      yield stringify([csvColumns.map((c) => (headers && Object.hasOwn(headers, c) ? String(headers[c]) : c))], csvOptions)
      // Taken: resuming from here must not write it again.
      progress.resume = { chain: chains[start], cursor: resume?.cursor ?? null }
    }
    for (let i = start; i < chains.length; i++) {
      const chain = chains[i]
      progress.chain = chain
      let cursor = i === start && resume?.cursor ? resume.cursor : undefined
      const seen = new Set<string>(cursor ? [cursor] : [])
      // The hashes written last, so a transaction a drifting page boundary repeats is written once.
      const recent = new Set<string>()
      do {
        signal?.throwIfAborted()
        progress.requests++
        const page = await client.getWalletHistory({ ...history, chain, ...(cursor ? { cursor } : {}) }, { signal })
        const { records, entries, reached } = pageRecords(page.result, recent, wallet, chain)
        const next = nextCursor(page, seen)
        if (next) seen.add(next)
        if (records.length > 0) yield stringify(records, csvOptions)
        // Counted once the reader has taken the chunk: a reader that failed to write it resumes from this page.
        progress.entries += entries
        progress.rows += records.length
        progress.reached = reached ?? progress.reached
        cursor = next
        progress.resume = cursor ? { chain, cursor } : i + 1 < chains.length ? { chain: chains[i + 1], cursor: null } : null
        progress.done = progress.resume === null
        report()
      } while (cursor)
    }
  }

  return {
    get progress() {
      return progress
    },
    [Symbol.asyncIterator]: () => chunks(),
  }
}

/** The wallet and the chains to export (`chain`, `chains`, or the client's), checked: a typed error names the wrong one. */
function checkExportParameters(
  client: Pick<BlockfeedClient, 'chain' | 'extraChains'>,
  params: ExportWalletHistoryCsvParameters,
): { wallet: string; chains: (string | undefined)[] } {
  if (params === null || typeof params !== 'object') throw new InvalidParameterError('params', 'expected an object')
  const wallet = checkAddress(params.address)
  if (params.chain !== undefined && params.chains !== undefined) throw new InvalidParameterError('chains', 'give chain or chains, not both')
  if (params.chains !== undefined && (!Array.isArray(params.chains) || params.chains.length === 0)) {
    throw new InvalidParameterError('chains', 'expected a non-empty array of chains')
  }
  const chains = params.chains
    ? [...new Set(params.chains.map((c, i) => checkChain(c, client.extraChains, `chains[${i}]`)))]
    : [params.chain === undefined ? client.chain : checkChain(params.chain, client.extraChains)]
  return { wallet, chains }
}

/** One page's CSV records, skipping a transaction among the `recent` ones (bounded, updated here). */
function pageRecords(result: readonly TransactionEntry[], recent: Set<string>, wallet: string, chain: string | undefined) {
  const records: string[][] = []
  let entries = 0
  let reached: string | null = null
  for (const entry of result) {
    const id = entryId(entry)
    if (recent.has(id)) continue
    recent.add(id)
    if (recent.size > RECENT_HASHES) recent.delete(recent.values().next().value!)
    for (const record of entryRecords(entry, wallet, chain)) records.push(record)
    entries++
    reached = entry.block_timestamp
  }
  return { records, entries, reached }
}
