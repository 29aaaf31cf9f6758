import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { chainHexIds, chainNames, createClient, InvalidParameterError } from '../../../src/exports/index.js'
import { useMswServer } from '../../support/msw.js'

const BASE = 'https://history.test'
const ADDRESS = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045'
const emptyPage = { page: '0', page_size: '100', cursor: '', result: [] }

const { requests } = useMswServer(
  http.get(`${BASE}/api/v2.2/wallets/:address/history`, () => HttpResponse.json(emptyPage)),
)

const client = createClient({ baseUrl: BASE, retry: false })

/** The query the service received for one call, as a plain object. */
async function sentQuery(params: Parameters<typeof client.getWalletHistory>[0], c = client) {
  await c.getWalletHistory(params)
  expect(requests).toHaveLength(1)
  const url = new URL(requests[0]!.url)
  requests.length = 0
  return { path: url.pathname, query: Object.fromEntries(url.searchParams), raw: url.search }
}

describe('wallet-history query string', () => {
  it('sends only the address path when nothing else is given', async () => {
    const { path, raw } = await sentQuery({ address: ADDRESS })
    expect(path).toBe(`/api/v2.2/wallets/${ADDRESS}/history`)
    expect(raw).toBe('')
  })

  it('serializes every camelCase parameter as the spec snake_case name', async () => {
    const { query } = await sentQuery({
      address: ADDRESS,
      chain: 'polygon',
      fromBlock: 100,
      toBlock: 200n,
      includeInternalTransactions: true,
      includeInputData: false,
      nftMetadata: true,
      cursor: 'abc==',
      order: 'ASC',
      limit: 25,
    })
    expect(query).toEqual({
      chain: 'polygon',
      from_block: '100',
      to_block: '200',
      include_internal_transactions: 'true',
      include_input_data: 'false',
      nft_metadata: 'true',
      cursor: 'abc==',
      order: 'ASC',
      limit: '25',
    })
  })

  it('sends from_date and to_date as ISO 8601 from a Date, unix seconds or ISO text', async () => {
    const fromDate = new Date('2024-01-02T03:04:05.000Z')
    expect((await sentQuery({ address: ADDRESS, fromDate, toDate: 1_735_689_600 })).query).toEqual({
      from_date: '2024-01-02T03:04:05.000Z',
      to_date: '2025-01-01T00:00:00.000Z',
    })
    expect((await sentQuery({ address: ADDRESS, fromDate: '1704067200', toDate: '2024-06-01T12:00:00+02:00' })).query).toEqual({
      from_date: '2024-01-01T00:00:00.000Z',
      to_date: '2024-06-01T10:00:00.000Z',
    })
    expect((await sentQuery({ address: ADDRESS, fromDate: '2024-03-01' })).query).toEqual({ from_date: '2024-03-01T00:00:00.000Z' })
  })

  it('reads zone-less ISO text as UTC, whatever the machine time zone', async () => {
    const saved = process.env.TZ
    process.env.TZ = 'America/New_York'
    try {
      expect((await sentQuery({ address: ADDRESS, toDate: '2024-06-01T12:00:00' })).query).toEqual({
        to_date: '2024-06-01T12:00:00.000Z',
      })
      expect((await sentQuery({ address: ADDRESS, fromDate: '2024-06-01 08:30' })).query).toEqual({
        from_date: '2024-06-01T08:30:00.000Z',
      })
    } finally {
      if (saved === undefined) delete process.env.TZ
      else process.env.TZ = saved
    }
  })

  it('rule 2: from_block wins over from_date and from_date is not sent', async () => {
    const { query } = await sentQuery({ address: ADDRESS, fromBlock: 5, fromDate: new Date('2024-01-01T00:00:00Z') })
    expect(query).toEqual({ from_block: '5' })
  })

  it('rule 3: to_block wins over to_date and to_date is not sent', async () => {
    const { query } = await sentQuery({ address: ADDRESS, toBlock: '9', toDate: 1_700_000_000 })
    expect(query).toEqual({ to_block: '9' })
  })

  it('rule 1: a start bound by date and an end bound by block mix freely', async () => {
    const { query } = await sentQuery({ address: ADDRESS, fromDate: 1_700_000_000, toBlock: 10 })
    expect(query).toEqual({ from_date: '2023-11-14T22:13:20.000Z', to_block: '10' })
  })

  it('keeps block numbers above 2^53 exact', async () => {
    const { query } = await sentQuery({ address: ADDRESS, fromBlock: 2n ** 60n, toBlock: '1180591620717411303424' })
    expect(query).toEqual({ from_block: '1152921504606846976', to_block: '1180591620717411303424' })
  })

  it('accepts the 13 chains by name and by hex id and sends them exactly as given', async () => {
    for (const chain of [...chainNames, ...chainHexIds]) {
      expect((await sentQuery({ address: ADDRESS, chain })).query).toEqual({ chain })
    }
    expect((await sentQuery({ address: ADDRESS, chain: '0xA86A' })).query).toEqual({ chain: '0xA86A' })
  })

  it('sends linea as 0xe705 when given so, the spec pairing, not a corrected id', async () => {
    expect((await sentQuery({ address: ADDRESS, chain: '0xe705' })).query).toEqual({ chain: '0xe705' })
    expect((await sentQuery({ address: ADDRESS, chain: 'linea' })).query).toEqual({ chain: 'linea' })
  })

  it('uses the client default chain, and a per-call chain overrides it', async () => {
    const onBase = createClient({ baseUrl: BASE, chain: 'base', retry: false })
    expect((await sentQuery({ address: ADDRESS }, onBase)).query).toEqual({ chain: 'base' })
    expect((await sentQuery({ address: ADDRESS, chain: '0x1' }, onBase)).query).toEqual({ chain: '0x1' })
  })

  it('accepts order in either case and sends it upper-case', async () => {
    expect((await sentQuery({ address: ADDRESS, order: 'desc' })).query).toEqual({ order: 'DESC' })
  })

  it('accepts an all-lower-case address and sends the address in the path, not the query', async () => {
    const lower = ADDRESS.toLowerCase()
    const { path, query } = await sentQuery({ address: lower })
    expect(path).toBe(`/api/v2.2/wallets/${lower}/history`)
    expect(query).toEqual({})
  })

  it('treats an empty cursor as none', async () => {
    expect((await sentQuery({ address: ADDRESS, cursor: '' })).query).toEqual({})
  })

  it('URL-encodes a cursor with reserved characters so it arrives intact', async () => {
    const cursor = 'eyJhIjoxfQ==&order=ASC/+?#'
    expect((await sentQuery({ address: ADDRESS, cursor })).query).toEqual({ cursor })
  })
})

describe('bad input is refused before any request', () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ['missing address', {}, 'address'],
    ['short address', { address: '0x1234' }, 'address'],
    ['bad checksum', { address: ADDRESS.replace('d8dA', 'd8Da') }, 'address'],
    ['address not text', { address: 42 }, 'address'],
    ['unknown chain name', { address: ADDRESS, chain: 'ethereum' }, 'chain'],
    ['unknown chain id', { address: ADDRESS, chain: '0x7a69' }, 'chain'],
    ['empty chain', { address: ADDRESS, chain: '' }, 'chain'],
    ['negative fromBlock', { address: ADDRESS, fromBlock: -1 }, 'fromBlock'],
    ['fractional toBlock', { address: ADDRESS, toBlock: 1.5 }, 'toBlock'],
    ['hex toBlock text', { address: ADDRESS, toBlock: '0x10' }, 'toBlock'],
    ['fromBlock after toBlock', { address: ADDRESS, fromBlock: 10, toBlock: 9 }, 'fromBlock'],
    ['unreadable fromDate', { address: ADDRESS, fromDate: 'yesterday' }, 'fromDate'],
    ['invalid Date', { address: ADDRESS, toDate: new Date('nope') }, 'toDate'],
    ['negative seconds', { address: ADDRESS, toDate: -5 }, 'toDate'],
    ['seconds beyond the Date range', { address: ADDRESS, fromDate: 1e15 }, 'fromDate'],
    ['ISO text beyond the calendar', { address: ADDRESS, toDate: '2024-13-45' }, 'toDate'],
    ['fromDate after toDate', { address: ADDRESS, fromDate: 1_700_000_100, toDate: 1_700_000_000 }, 'fromDate'],
    ['flag as text', { address: ADDRESS, includeInternalTransactions: 'true' }, 'includeInternalTransactions'],
    ['flag as number', { address: ADDRESS, includeInputData: 1 }, 'includeInputData'],
    ['flag as null', { address: ADDRESS, nftMetadata: null }, 'nftMetadata'],
    ['cursor not text', { address: ADDRESS, cursor: 5 }, 'cursor'],
    ['unknown order', { address: ADDRESS, order: 'newest' }, 'order'],
    ['zero limit', { address: ADDRESS, limit: 0 }, 'limit'],
    ['fractional limit', { address: ADDRESS, limit: 2.5 }, 'limit'],
    ['limit as text', { address: ADDRESS, limit: '10' }, 'limit'],
  ]

  it.each(cases)('%s → InvalidParameterError(%j) names it, nothing sent', async (_, params, parameter) => {
    const error = await client.getWalletHistory(params as never).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(InvalidParameterError)
    expect((error as InvalidParameterError).parameter).toBe(parameter)
    expect((error as Error).message).toContain(`\`${parameter}\``)
    expect(requests).toHaveLength(0)
  })

  it('refuses a non-object params and a bad default chain', async () => {
    await expect(client.getWalletHistory(null as never)).rejects.toMatchObject({ name: 'InvalidParameterError', parameter: 'params' })
    expect(() => createClient({ baseUrl: BASE, chain: 'mainnet' })).toThrow(InvalidParameterError)
    expect(requests).toHaveLength(0)
  })

  it('walletHistoryPages refuses bad input on the first next(), nothing sent', async () => {
    const pages = client.walletHistoryPages({ address: 'nope' })
    await expect(pages.next()).rejects.toMatchObject({ name: 'InvalidParameterError', parameter: 'address' })
    expect(requests).toHaveLength(0)
  })
})
