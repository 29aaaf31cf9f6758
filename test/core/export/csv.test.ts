import { parse } from 'csv-parse/sync'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { createClient, csvColumns, exportWalletHistoryCsv, HttpStatusError, InvalidParameterError, type ExportProgress } from '../../../src/exports/index.js'
import { useMswServer } from '../../support/msw.js'
import { specEntry, specPage } from '../history/fixtures.js'

const BASE = 'https://history.test'
const ROUTE = `${BASE}/api/v2.2/wallets/:address/history`
// The spec example's receiving wallet.
const WALLET = '0x003dde3494f30d861d063232c6a8c04394b686ff'
const OTHER = '0x267be1c1d684f78cb4f6a176c4911b741e4ffdc0'
const hashOf = (n: number) => `0x${n.toString(16).padStart(64, '0')}`

/** One page, the last. */
const onePage = (result: unknown[] = [specEntry()]) => specPage(result, { cursor: '' })

const { server, requests } = useMswServer(http.get(ROUTE, () => HttpResponse.json(onePage())))

async function collect(iterable: AsyncIterable<string>): Promise<string[]> {
  const out: string[] = []
  for await (const chunk of iterable) out.push(chunk)
  return out
}

/** Reads the file back with an independent RFC 4180 reader (csv-parse), as a spreadsheet would. */
function readCsv(text: string): Record<string, string>[] {
  return parse(text, { columns: true, skip_empty_lines: false, relax_column_count: false })
}

/** Serves `pages` pages of `perPage` simple entries each, cursors `c1`, `c2`, … */
function servePages(pages: number, perPage: number, entry: (n: number) => Record<string, unknown> = (n) => specEntry({ hash: hashOf(n) })) {
  server.use(
    http.get(ROUTE, ({ request }) => {
      const cursor = new URL(request.url).searchParams.get('cursor')
      const index = cursor ? Number(cursor.slice(1)) : 0
      const result = Array.from({ length: perPage }, (_, i) => entry(index * perPage + i))
      return HttpResponse.json(specPage(result, { cursor: index + 1 < pages ? `c${index + 1}` : '' }))
    }),
  )
}

describe('exportWalletHistoryCsv', () => {
  it('writes the header first, then one row per money flow of the spec example, with exact amounts', async () => {
    const client = createClient({ baseUrl: BASE, chain: 'eth' })
    const chunks = await collect(exportWalletHistoryCsv(client, { address: WALLET }))
    expect(chunks[0]).toBe(`${csvColumns.join(',')}\r\n`)
    const rows = readCsv(chunks.join(''))
    // Native in, ERC-20 (between two other addresses), NFT in, internal call (others): four flows.
    expect(rows.map((r) => [r.kind, r.direction])).toEqual([
      ['native', 'in'],
      ['erc20', 'none'],
      ['erc721', 'in'],
      ['internal', 'none'],
    ])
    const native = rows[0]!
    expect(native).toMatchObject({
      hash: '0x1ed85b3757a6d31d01a4d6677fc52fd3911d649a0af21fe5ca3f886b153773ed',
      timestamp: '2021-05-07T11:08:35.000Z',
      block_number: '12386788',
      chain: 'eth',
      counterparty: OTHER,
      token_symbol: 'ETH',
      token_decimals: '18',
      amount: '115580000000000000',
      amount_decimal: '0.11558',
      status: 'success',
      possible_spam: 'false',
      // The wallet received this one: the sender paid the fee.
      fee_wei: '',
    })
    expect(rows[1]).toMatchObject({ token_symbol: 'USDT', token_decimals: '6', amount: '650000000000000000', amount_decimal: '650000000000' })
    expect(rows[2]).toMatchObject({ token_address: '0xfbeef911dc5821886e1dda71586d90ed28174b7d', token_id: '15', amount: '1' })
    // Oldest first by default: the order of a ledger.
    expect(new URL(requests[0]!.url).searchParams.get('order')).toBe('ASC')
  })

  it('writes column titles given by key in the header row (German, from its catalogue), as cells: the rows are unchanged, a title shaped like a formula is text', async () => {
    const client = createClient({ baseUrl: BASE, chain: 'eth' })
    const plain = (await collect(exportWalletHistoryCsv(client, { address: WALLET }))).join('')
    const de = (await import('../../../src/locales/de.js')).default
    const headers = { ...de.csv, fee: '=Fee' }
    const titled = (await collect(exportWalletHistoryCsv(client, { address: WALLET }, { headers }))).join('')
    const [head, ...rest] = titled.split('\r\n')
    expect(parse(head!)[0]).toEqual(csvColumns.map((c) => (c === 'fee' ? "'=Fee" : de.csv[c])))
    expect(rest.join('\r\n')).toBe(plain.split('\r\n').slice(1).join('\r\n'))
  })

  it('puts the fee (gas used × gas price, exact) on the first row of a transaction the wallet sent, and nowhere else', async () => {
    server.use(http.get(ROUTE, () => HttpResponse.json(onePage([specEntry({ from_address: WALLET, to_address: OTHER, native_transfers: [{ from_address: WALLET, to_address: OTHER, value: '1', direction: 'outgoing' }] })]))))
    const rows = readCsv((await collect(exportWalletHistoryCsv(createClient({ baseUrl: BASE, chain: 'eth' }), { address: WALLET }))).join(''))
    expect(rows[0]).toMatchObject({ kind: 'native', direction: 'out', counterparty: OTHER, fee_wei: '1102500000000000', fee: '0.0011025', amount_decimal: '0.000000000000000001' })
    expect(rows.slice(1).every((r) => r.fee_wei === '' && r.fee === '')).toBe(true)
  })

  it('gives the fee the feed shows: the service’s transaction_fee (a rollup’s L1 data fee included) over gas used × gas price', async () => {
    server.use(http.get(ROUTE, () => HttpResponse.json(onePage([specEntry({ from_address: WALLET, to_address: OTHER, receipt_gas_used: '21000', gas_price: '1000000', transaction_fee: '0.000001234', native_transfers: [{ from_address: WALLET, to_address: OTHER, value: '1', direction: 'outgoing' }] })]))))
    const rows = readCsv((await collect(exportWalletHistoryCsv(createClient({ baseUrl: BASE, chain: 'base' }), { address: WALLET }))).join(''))
    expect(rows[0]).toMatchObject({ fee_wei: '1234000000000', fee: '0.000001234' })
  })

  it('keeps uint256-max amounts exact in both integer and decimal columns (no float anywhere)', async () => {
    const max = (2n ** 256n - 1n).toString()
    server.use(http.get(ROUTE, () => HttpResponse.text(JSON.stringify(onePage([specEntry({ erc20_transfer: [{ address: '0xdac17f958d2ee523a2206206994597c13d831ec7', token_decimals: '18', token_symbol: 'X', from_address: OTHER, to_address: WALLET, value: 'MAX' }] })])).replace('"MAX"', max), { headers: { 'content-type': 'application/json' } })))
    const rows = readCsv((await collect(exportWalletHistoryCsv(createClient({ baseUrl: BASE, chain: 'eth' }), { address: WALLET }))).join(''))
    const erc20 = rows.find((r) => r.kind === 'erc20')!
    expect(erc20.amount).toBe(max)
    expect(erc20.amount_decimal).toBe('115792089237316195423570985008687907853269984665640564039457.584007913129639935')
  })

  it('shows an internal payment listed both as a native transfer and as an internal transaction once', async () => {
    const payment = { from_address: OTHER, to_address: WALLET, value: '3700000000000000', internal_transaction: true, direction: 'incoming' }
    const internal = { transaction_hash: hashOf(1), type: 'CALL', from: OTHER, to: WALLET, value: '3700000000000000' }
    server.use(http.get(ROUTE, () => HttpResponse.json(onePage([specEntry({ value: '0', native_transfers: [payment], internal_transactions: [internal, { ...internal, value: '0', to: OTHER }], erc20_transfer: [], nft_transfers: [] })]))))
    const rows = readCsv((await collect(exportWalletHistoryCsv(createClient({ baseUrl: BASE, chain: 'eth' }), { address: WALLET }))).join(''))
    expect(rows.map((r) => [r.kind, r.direction, r.amount_decimal])).toEqual([['internal', 'in', '0.0037']])
  })

  it('gives a transaction with no transfer one row (a contract call that moved nothing)', async () => {
    server.use(http.get(ROUTE, () => HttpResponse.json(onePage([specEntry({ from_address: WALLET, to_address: OTHER, value: '0', native_transfers: [], erc20_transfer: [], nft_transfers: [], internal_transactions: [], category: 'contract interaction', receipt_status: '0' })]))))
    const rows = readCsv((await collect(exportWalletHistoryCsv(createClient({ baseUrl: BASE, chain: 'eth' }), { address: WALLET }))).join(''))
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ kind: 'none', direction: 'out', category: 'contract interaction', status: 'failed', amount: '', fee_wei: '1102500000000000' })
  })

  it('neutralizes formulas (=, +, -, @, tab, CR, full-width) so a spreadsheet shows text, and quotes commas, quotes and line breaks (RFC 4180)', async () => {
    const symbols = ['=HYPERLINK("https://evil.example","Claim")', '+1+1', '-2+3', '@SUM(A1)', '\tTAB', '\rCR', '＝1+1', 'A,B "C"\nD', 'Ünïcødé 🚀']
    server.use(
      http.get(ROUTE, () =>
        HttpResponse.json(
          onePage([specEntry({ value: '0', native_transfers: [], nft_transfers: [], internal_transactions: [], erc20_transfer: symbols.map((s) => ({ address: '0xdac17f958d2ee523a2206206994597c13d831ec7', token_symbol: s, token_decimals: '6', from_address: OTHER, to_address: WALLET, value: '5' })) })]),
        ),
      ),
    )
    const text = (await collect(exportWalletHistoryCsv(createClient({ baseUrl: BASE, chain: 'eth' }), { address: WALLET }))).join('')
    const shown = readCsv(text).map((r) => r.token_symbol)
    expect(shown).toEqual([`'=HYPERLINK("https://evil.example","Claim")`, `'+1+1`, `'-2+3`, `'@SUM(A1)`, `'\tTAB`, `'\rCR`, `'＝1+1`, 'A,B "C"\nD', 'Ünïcødé 🚀'])
    // No cell of the file starts with a formula character once unquoted.
    for (const row of readCsv(text)) for (const cell of Object.values(row)) expect(cell).not.toMatch(/^[=+@\t\r＝＋＠]/)
  })

  it('neutralizes a formula after a semicolon too, which Excel with ; as its list separator reads as the start of a cell', async () => {
    const symbols = [`x;=cmd|' /C calc'!A0`, 'a; +1', 'b;"@SUM(A1)', 'c;;-2', 'fine; words', 'semi;colon']
    server.use(
      http.get(ROUTE, () =>
        HttpResponse.json(
          onePage([specEntry({ value: '0', native_transfers: [], nft_transfers: [], internal_transactions: [], erc20_transfer: symbols.map((s) => ({ address: '0xdac17f958d2ee523a2206206994597c13d831ec7', token_symbol: s, token_decimals: '6', from_address: OTHER, to_address: WALLET, value: '5' })) })]),
        ),
      ),
    )
    const text = (await collect(exportWalletHistoryCsv(createClient({ baseUrl: BASE, chain: 'eth' }), { address: WALLET }))).join('')
    expect(readCsv(text).map((r) => r.token_symbol)).toEqual([`x;'=cmd|' /C calc'!A0`, `a; +1`, `b;"'@SUM(A1)`, `c;;'-2`, 'fine; words', 'semi;colon'])
    // Read as a ;-separated file: no cell starts with a formula character (after its quotes).
    const cells = text.split(/\r\n/).flatMap((line) => line.split(';'))
    for (const cell of cells) expect(cell.replace(/^"+/, '')).not.toMatch(/^[=+\-@\t\r＝＋－＠]/)
  })

  it('drops direction overrides and isolates from service text, which a spreadsheet would apply to show other text', async () => {
    const symbols = ['USDC\u202Egnp.exe', '\u2067ETH\u2069', 'שקל']
    server.use(
      http.get(ROUTE, () =>
        HttpResponse.json(
          onePage([specEntry({ value: '0', category: 'send\u202E', native_transfers: [], nft_transfers: [], internal_transactions: [], erc20_transfer: symbols.map((s) => ({ address: '0xdac17f958d2ee523a2206206994597c13d831ec7', token_symbol: s, token_decimals: '6', from_address: OTHER, to_address: WALLET, value: '5' })) })]),
        ),
      ),
    )
    const rows = readCsv((await collect(exportWalletHistoryCsv(createClient({ baseUrl: BASE, chain: 'eth' }), { address: WALLET }))).join(''))
    expect(rows.map((r) => r.token_symbol)).toEqual(['USDCgnp.exe', 'ETH', 'שקל'])
    expect(rows.map((r) => r.category)).toEqual(['send', 'send', 'send'])
  })

  it('quotes a cell with a lone line feed or carriage return, so a token name cannot start a new row (or a formula on it)', async () => {
    const symbols = ['Claim\n=HYPERLINK("https://evil.example","Refund")', 'two\rlines', 'plain']
    server.use(
      http.get(ROUTE, () =>
        HttpResponse.json(
          onePage([specEntry({ value: '0', native_transfers: [], nft_transfers: [], internal_transactions: [], erc20_transfer: symbols.map((s) => ({ address: '0xdac17f958d2ee523a2206206994597c13d831ec7', token_symbol: s, token_decimals: '6', from_address: OTHER, to_address: WALLET, value: '5' })) })]),
        ),
      ),
    )
    const text = (await collect(exportWalletHistoryCsv(createClient({ baseUrl: BASE, chain: 'eth' }), { address: WALLET }))).join('')
    // A spreadsheet ends a row at any line break outside quotes: there must be exactly one per row.
    const outside = text.replace(/"(?:[^"]|"")*"/g, '')
    expect(outside.match(/\r\n|\n|\r/g)).toHaveLength(1 + symbols.length)
    expect(readCsv(text).map((r) => r.token_symbol)).toEqual(symbols)
  })

  it('streams every page in order (one request a page, one chunk a page) and reports progress', async () => {
    servePages(3, 4)
    const seen: ExportProgress[] = []
    const exporter = exportWalletHistoryCsv(createClient({ baseUrl: BASE, chain: 'eth' }), { address: WALLET, limit: 4 }, { onProgress: (p) => seen.push(p) })
    const chunks = await collect(exporter)
    expect(requests).toHaveLength(3)
    expect(chunks).toHaveLength(1 + 3)
    expect(seen.map((p) => [p.entries, p.requests, p.done])).toEqual([[4, 1, false], [8, 2, false], [12, 3, true]])
    expect(exporter.progress).toMatchObject({ entries: 12, rows: 48, resume: null, done: true, reached: '2021-05-07T11:08:35.000Z' })
    expect(new Set(readCsv(chunks.join('')).map((r) => r.hash)).size).toBe(12)
  })

  it('stops at once on abort: no request after it, and the abort reason is what the loop sees', async () => {
    servePages(5, 2)
    const controller = new AbortController()
    const exporter = exportWalletHistoryCsv(createClient({ baseUrl: BASE, chain: 'eth' }), { address: WALLET }, { signal: controller.signal })
    const got: string[] = []
    await expect(
      (async () => {
        for await (const chunk of exporter) {
          got.push(chunk)
          if (got.length === 2) controller.abort()
        }
      })(),
    ).rejects.toMatchObject({ name: 'AbortError' })
    expect(requests).toHaveLength(1)
    expect(got).toHaveLength(2)
  })

  it('keeps what was written when a page fails, says where it stopped, and resumes from that cursor without a second header', async () => {
    servePages(3, 2)
    let fail = true
    server.use(
      http.get(ROUTE, ({ request }) => {
        if (fail && new URL(request.url).searchParams.get('cursor') === 'c2') return HttpResponse.json({ message: 'boom' }, { status: 503 })
        return undefined
      }),
    )
    const client = createClient({ baseUrl: BASE, chain: 'eth', retry: false })
    const first = exportWalletHistoryCsv(client, { address: WALLET })
    const written: string[] = []
    await expect(
      (async () => {
        for await (const chunk of first) written.push(chunk)
      })(),
    ).rejects.toBeInstanceOf(HttpStatusError)
    expect(first.progress.resume).toEqual({ chain: 'eth', cursor: 'c2' })
    expect(first.progress.entries).toBe(4)
    fail = false
    const rest = await collect(exportWalletHistoryCsv(client, { address: WALLET }, { resume: first.progress.resume }))
    expect(rest[0]).not.toContain('hash,timestamp')
    const all = readCsv([...written, ...rest].join(''))
    expect(all.map((r) => r.hash).filter((h, i, a) => a.indexOf(h) === i)).toEqual([0, 1, 2, 3, 4, 5].map(hashOf))
  })

  it('writes a transaction the service repeats on the next page once (no double-counted amounts)', async () => {
    // A page boundary that drifted: page 2 starts with the last two entries of page 1.
    server.use(
      http.get(ROUTE, ({ request }) => {
        const second = new URL(request.url).searchParams.get('cursor') === 'c1'
        const result = (second ? [3, 4, 5, 6] : [1, 2, 3, 4]).map((n) => specEntry({ hash: n === 4 && second ? hashOf(n).toUpperCase().replace('0X', '0x') : hashOf(n) }))
        return HttpResponse.json(specPage(result, { cursor: second ? '' : 'c1' }))
      }),
    )
    const exporter = exportWalletHistoryCsv(createClient({ baseUrl: BASE, chain: 'eth' }), { address: WALLET })
    const rows = readCsv((await collect(exporter)).join(''))
    const perHash = new Map<string, number>()
    for (const r of rows) perHash.set(r.hash!.toLowerCase(), (perHash.get(r.hash!.toLowerCase()) ?? 0) + 1)
    // The spec example has four flows: four rows per transaction, six transactions.
    expect([...perHash.keys()]).toEqual([1, 2, 3, 4, 5, 6].map(hashOf))
    expect([...perHash.values()]).toEqual([4, 4, 4, 4, 4, 4])
    expect(exporter.progress).toMatchObject({ entries: 6, rows: 24 })
  })

  it('resumes from the page whose chunk the reader did not take (a write that failed loses no rows)', async () => {
    servePages(3, 2)
    const client = createClient({ baseUrl: BASE, chain: 'eth' })
    const first = exportWalletHistoryCsv(client, { address: WALLET })
    const written: string[] = []
    await expect(
      (async () => {
        for await (const chunk of first) {
          // The disk fills up while the second page is written.
          if (written.length === 2) throw new Error('disk full')
          written.push(chunk)
        }
      })(),
    ).rejects.toThrow('disk full')
    const rest = await collect(exportWalletHistoryCsv(client, { address: WALLET }, { resume: first.progress.resume }))
    const hashes = readCsv([...written, ...rest].join('')).map((r) => r.hash)
    expect([...new Set(hashes)]).toEqual([0, 1, 2, 3, 4, 5].map(hashOf))
    expect(hashes).toHaveLength(6 * 4)
  })

  it('a header the reader did not take is written by the resumed export (no file without its column names)', async () => {
    servePages(2, 1)
    const client = createClient({ baseUrl: BASE, chain: 'eth' })
    const first = exportWalletHistoryCsv(client, { address: WALLET })
    await expect(
      (async () => {
        for await (const _chunk of first) throw new Error('disk full')
      })(),
    ).rejects.toThrow('disk full')
    const rest = await collect(exportWalletHistoryCsv(client, { address: WALLET }, { resume: first.progress.resume }))
    expect(rest[0]!.startsWith(`${csvColumns.join(',')}\r\n`)).toBe(true)
    expect(readCsv(rest.join('')).map((r) => r.hash)).toEqual([...Array(4).fill(hashOf(0)), ...Array(4).fill(hashOf(1))])
  })

  it('exports several chains one after another, each row naming its chain', async () => {
    server.use(http.get(ROUTE, ({ request }) => HttpResponse.json(onePage([specEntry({ hash: hashOf(new URL(request.url).searchParams.get('chain') === 'eth' ? 1 : 2) })]))))
    const rows = readCsv((await collect(exportWalletHistoryCsv(createClient({ baseUrl: BASE }), { address: WALLET, chains: ['eth', 'polygon'] }))).join(''))
    expect([...new Set(rows.map((r) => `${r.chain}:${r.hash}`))]).toEqual([`eth:${hashOf(1)}`, `polygon:${hashOf(2)}`])
    // Polygon's native currency is named by the chain's metadata, not the service's ETH default.
    expect(rows.find((r) => r.chain === 'polygon' && r.kind === 'internal')?.token_symbol).toBe('POL')
  })

  it('refuses bad input with a typed error before any request', async () => {
    const client = createClient({ baseUrl: BASE, chain: 'eth' })
    expect(() => exportWalletHistoryCsv(client, { address: '0x123' })).toThrow(InvalidParameterError)
    expect(() => exportWalletHistoryCsv(client, { address: WALLET, chains: [] })).toThrow(/chains/)
    expect(() => exportWalletHistoryCsv(client, { address: WALLET, chains: ['constructor'] })).toThrow(InvalidParameterError)
    expect(() => exportWalletHistoryCsv(client, { address: WALLET, chain: 'eth', chains: ['eth'] })).toThrow(/chain or chains/)
    expect(() => exportWalletHistoryCsv(client, { address: WALLET }, { resume: { chain: 'base', cursor: null } })).toThrow(/resume/)
    expect(requests).toHaveLength(0)
  })
})
