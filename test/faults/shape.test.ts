import { describe, expect, it } from 'vitest'
import { ResponseShapeError } from '../../src/core/errors.js'
import { json } from './support/fakeUpstream.js'
import { WALLET, rawEntry, rawErc20, rawPage } from './support/fixtures.js'
import { failure, useFaultService } from './support/harness.js'

const service = useFaultService()
const history = () => service.client().getWalletHistory({ address: WALLET, chain: 'eth' })
/** The service answers every call with this text (sent as written: bare numbers stay bare). */
const serve = (body: unknown) => service.upstream.reply((_c, res) => json(res, 200, typeof body === 'string' ? body : JSON.stringify(body)))

const UINT256_MAX = (2n ** 256n - 1n).toString()
const ABOVE_2_53 = '9007199254740993'

describe('a field of the wrong type, at each nesting level', () => {
  it.each([
    ['page: result is text', rawPage([]), (p: Record<string, unknown>) => (p.result = 'oops'), ['result']],
    ['page: the body is an array', null, () => {}, []],
    ['entry: block_number is an object', rawPage([rawEntry(1)]), (p: any) => (p.result[0].block_number = { n: 1 }), ['result', 0, 'block_number']],
    ['entry: possible_spam is "maybe"', rawPage([rawEntry(1)]), (p: any) => (p.result[0].possible_spam = 'maybe'), ['result', 0, 'possible_spam']],
    ['native transfer: value is true', rawPage([rawEntry(1)]), (p: any) => (p.result[0].native_transfers[0].value = true), ['result', 0, 'native_transfers', 0, 'value']],
    ['ERC-20 transfer: address is a number', rawPage([rawEntry(1, { erc20_transfer: [rawErc20({ address: 42 })] })]), () => {}, ['result', 0, 'erc20_transfer', 0, 'address']],
    ['NFT transfer: token_id is a list', rawPage([rawEntry(1, { nft_transfers: [{ token_address: WALLET, token_id: [1] }] })]), () => {}, ['result', 0, 'nft_transfers', 0, 'token_id']],
    ['log: log_index is "x"', rawPage([rawEntry(1, { logs: [{ log_index: 'x' }] })]), () => {}, ['result', 0, 'logs', 0, 'log_index']],
    ['internal transaction: value is an object', rawPage([rawEntry(1, { internal_transactions: [{ value: {} }] })]), () => {}, ['result', 0, 'internal_transactions', 0, 'value']],
  ])('%s → ResponseShapeError whose path names the field', async (_name, page, spoil, path) => {
    const body = page === null ? [rawEntry(1)] : structuredClone(page)
    if (page !== null) spoil(body as Record<string, unknown>)
    serve(body)
    const error = await failure(history())
    expect(error).toBeInstanceOf(ResponseShapeError)
    expect(error.path).toEqual(path)
  })
})

describe('missing and null fields', () => {
  it.each([
    ['result', (p: any) => delete p.result, ['result']],
    ['an entry’s hash', (p: any) => delete p.result[0].hash, ['result', 0, 'hash']],
    ['an entry’s from_address', (p: any) => delete p.result[0].from_address, ['result', 0, 'from_address']],
    ['an entry’s block_timestamp', (p: any) => delete p.result[0].block_timestamp, ['result', 0, 'block_timestamp']],
    ['a native transfer’s value', (p: any) => delete p.result[0].native_transfers[0].value, ['result', 0, 'native_transfers', 0, 'value']],
  ])('missing required %s → ResponseShapeError naming it', async (_name, spoil, path) => {
    const body = rawPage([rawEntry(1)])
    spoil(body)
    serve(body)
    const error = await failure(history())
    expect(error.path).toEqual(path)
  })

  it('result: null (null where the page list is expected) → ResponseShapeError at result', async () => {
    serve({ ...rawPage([]), result: null })
    const error = await failure(history())
    expect(error).toBeInstanceOf(ResponseShapeError)
    expect(error.path).toEqual(['result'])
  })

  it('null where an entry’s lists are expected → normalized to [] (documented)', async () => {
    serve(rawPage([rawEntry(1, { logs: null, internal_transactions: null, nft_transfers: null, erc20_transfer: null, native_transfers: null })]))
    const entry = (await history()).result[0]!
    expect([entry.logs, entry.internal_transactions, entry.nft_transfers, entry.erc20_transfer, entry.native_transfers]).toEqual([[], [], [], [], []])
  })

  it('optional fields missing entirely → null in the model, not undefined', async () => {
    const raw = rawEntry(1)
    for (const k of ['nonce', 'gas', 'gas_price', 'input', 'to_address', 'block_hash', 'receipt_status']) delete raw[k]
    serve(rawPage([raw]))
    const entry = (await history()).result[0]!
    expect([entry.nonce, entry.gas, entry.gas_price, entry.input, entry.to_address, entry.block_hash, entry.receipt_status]).toEqual([null, null, null, null, null, null, null])
  })
})

describe('values kept exactly', () => {
  it('extra unknown fields at page, entry and transfer level → kept, unchanged', async () => {
    serve(rawPage([rawEntry(1, { vendor_score: { a: [1, 2] }, erc20_transfer: [rawErc20({ x_extra: 'kept' })] })], null, { request_id: 'r-1' }))
    const page = await history()
    expect((page as Record<string, unknown>).request_id).toBe('r-1')
    expect((page.result[0] as Record<string, unknown>).vendor_score).toEqual({ a: [1, 2] })
    expect((page.result[0]!.erc20_transfer[0] as Record<string, unknown>).x_extra).toBe('kept')
  })

  it('integers above 2^53 as bare JSON numbers → the exact decimal text', async () => {
    const text = JSON.stringify(rawPage([rawEntry(1)]))
      .replace('"value":"1000000000000000000"', `"value":123456789012345678901234567890`)
      .replace('"block_number":"19000001"', `"block_number":${ABOVE_2_53}`)
    serve(text)
    const entry = (await history()).result[0]!
    expect(entry.value).toBe('123456789012345678901234567890')
    expect(entry.block_number).toBe(ABOVE_2_53)
  })

  it('uint256-max as text and as a bare number → both exactly 2^256-1', async () => {
    const text = JSON.stringify(rawPage([rawEntry(1, { erc20_transfer: [rawErc20({ value: UINT256_MAX })] })]))
      .replace('"value":"1000000000000000000"', `"value":${UINT256_MAX}`)
    serve(text)
    const entry = (await history()).result[0]!
    expect(entry.value).toBe(UINT256_MAX)
    expect(entry.erc20_transfer[0]!.value).toBe(UINT256_MAX)
  })

  it.each(['-5', '1e18', '12.5', '0x10', 'NaN', '', ' 1'])('amount text %j → ResponseShapeError at value, never a silently changed number', async (value) => {
    serve(rawPage([rawEntry(1, { erc20_transfer: [rawErc20({ value })] })]))
    const error = await failure(history())
    expect(error.path).toEqual(['result', 0, 'erc20_transfer', 0, 'value'])
  })

  it('a negative bare-number amount → ResponseShapeError at value', async () => {
    serve(JSON.stringify(rawPage([rawEntry(1)])).replace('"value":"1000000000000000000"', '"value":-1'))
    const error = await failure(history())
    expect(error.path).toEqual(['result', 0, 'value'])
  })

  it.each([
    ['unix seconds as a number', 1714564800],
    ['unix seconds as text', '1714564800'],
    ['unix milliseconds', 1714564800000],
    ['ISO without milliseconds', '2024-05-01T12:00:00Z'],
    ['ISO with an offset', '2024-05-01T14:00:00+02:00'],
    ['ISO without a zone (UTC in this interface)', '2024-05-01T12:00:00'],
  ])('a timestamp as %s → normalized to 2024-05-01T12:00:00.000Z', async (_name, ts) => {
    serve(rawPage([rawEntry(1, { block_timestamp: ts })]))
    expect((await history()).result[0]!.block_timestamp).toBe('2024-05-01T12:00:00.000Z')
  })

  it('a timestamp as "2024-05-01 12:00:00" (space, no zone) read on a server outside UTC → still 12:00 UTC', async () => {
    const tz = process.env.TZ
    process.env.TZ = 'America/New_York'
    try {
      serve(rawPage([rawEntry(1, { block_timestamp: '2024-05-01 12:00:00' })]))
      expect((await history()).result[0]!.block_timestamp).toBe('2024-05-01T12:00:00.000Z')
    } finally {
      if (tz === undefined) delete process.env.TZ
      else process.env.TZ = tz
    }
  })

  it('a timestamp as "May 1, 2024" → ResponseShapeError at block_timestamp', async () => {
    serve(rawPage([rawEntry(1, { block_timestamp: 'May 1, 2024' })]))
    const error = await failure(history())
    expect(error.path).toEqual(['result', 0, 'block_timestamp'])
  })
})
