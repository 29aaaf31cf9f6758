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
 * The wallet's whole history as CSV text, streamed: the header, then one chunk per page of history.
 * Only one page is held at a time, so memory stays flat however long the history is. Aborting the
 * `signal` stops at once: no request is made after it.
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
