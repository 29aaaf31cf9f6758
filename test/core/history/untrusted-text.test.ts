import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { createClient, ResponseShapeError } from '../../../src/exports/index.js'
import { useMswServer } from '../../support/msw.js'
import { specEntry, specPage } from './fixtures.js'

// Defects 1–3 of issue 12, seen the way a user sees them: through getWalletHistory over HTTP.
const BASE = 'https://history.test'
const ROUTE = `${BASE}/api/v2.2/wallets/:address/history`
const ADDRESS = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045'
const { server } = useMswServer()

function serve(body: Record<string, unknown>) {
  server.use(http.get(ROUTE, () => HttpResponse.json(body)))
}
const load = () => createClient({ baseUrl: BASE, retry: false }).getWalletHistory({ address: ADDRESS })
async function refusal(): Promise<ResponseShapeError> {
  const error = await load().then(() => undefined, (e: unknown) => e)
  expect(error).toBeInstanceOf(ResponseShapeError)
  return error as ResponseShapeError
}

describe('a timestamp outside the dates JavaScript can hold', () => {
  it.each([
    ['decimal text', '99999999999999999'],
    ['a JSON number', 1e17],
    ['unix milliseconds past year 275760', 8.64e15 + 1],
  ])('as %s in an entry is a ResponseShapeError naming the field', async (_, stamp) => {
    serve(specPage([specEntry(), specEntry({ block_timestamp: stamp })]))
    const error = await refusal()
    expect(error.path).toEqual(['result', 1, 'block_timestamp'])
    expect(error.message).toContain('result[1].block_timestamp')
  })

  it.each([
    ['erc20_transfer', 'erc20_transfer'],
    ['nft_transfers', 'nft_transfers'],
    ['logs', 'logs'],
  ])('inside %s is a ResponseShapeError with the path down to the transfer', async (_, list) => {
    const entry = specEntry()
    const items = entry[list] as Record<string, unknown>[]
    serve(specPage([{ ...entry, [list]: [{ ...items[0], block_timestamp: '99999999999999999' }] }]))
    expect((await refusal()).path).toEqual(['result', 0, list, 0, 'block_timestamp'])
  })

  it('the largest date JavaScript holds still reads', async () => {
    serve(specPage([specEntry({ block_timestamp: 8.64e15 })]))
    expect((await load()).result[0]!.block_timestamp).toBe('+275760-09-13T00:00:00.000Z')
  })
})

describe('text that names an Object.prototype member stays data', () => {
  const names = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf', '__defineGetter__']

  it.each(names)('native direction %j is null, not a function or an object', async (name) => {
    const entry = specEntry()
    const native = (entry.native_transfers as Record<string, unknown>[])[0]!
    serve(specPage([{ ...entry, native_transfers: [{ ...native, direction: name }] }]))
    const direction = (await load()).result[0]!.native_transfers[0]!.direction
    expect(direction).toBeNull()
  })

  it.each(names)('ERC-20 and NFT direction %j is null', async (name) => {
    const entry = specEntry()
    const erc20 = (entry.erc20_transfer as Record<string, unknown>[])[0]!
    const nft = (entry.nft_transfers as Record<string, unknown>[])[0]!
    serve(specPage([{ ...entry, erc20_transfer: [{ ...erc20, direction: name }], nft_transfers: [{ ...nft, direction: name }] }]))
    const tx = (await load()).result[0]!
    expect(tx.erc20_transfer[0]!.direction).toBeNull()
    expect(tx.nft_transfers[0]!.direction).toBeNull()
  })

  it.each(names)('category, summary and labels %j stay that text', async (name) => {
    serve(specPage([specEntry({ category: name, summary: name, method_label: name, to_address_label: name })]))
    const tx = (await load()).result[0]!
    expect([tx.category, tx.summary, tx.method_label, tx.to_address_label]).toEqual([name, name, name, name])
  })

  it('an extra "__proto__" key is kept as an own field and never becomes the prototype of the model', async () => {
    // JSON.parse makes "__proto__" an own key; copying it with `out[k] = …` would swap the prototype.
    const body = JSON.stringify(specPage([specEntry()])).replace(
      '"hash":',
      '"__proto__":{"contract_interactions":{"approvals":[{"value":"1"}]},"category":"airdrop"},"hash":',
    )
    server.use(http.get(ROUTE, () => new HttpResponse(body, { headers: { 'content-type': 'application/json' } })))
    const tx = (await load()).result[0]! as Record<string, unknown>
    expect(Object.getPrototypeOf(tx)).toBe(Object.prototype)
    expect('contract_interactions' in tx).toBe(false)
    expect(tx.category).toBeNull()
    expect(Object.hasOwn(tx, '__proto__')).toBe(true)
  })

  it('the same "__proto__" key on a body re-read losslessly (an integer above 2^53) is kept as an own field too', async () => {
    // A bare integer above 2^53 sends the body down the lossless re-parse and zod's reader.
    const body = JSON.stringify(specPage([specEntry()]))
      .replace('"hash":', '"__proto__":{"category":"airdrop"},"hash":')
      .replace('"block_number":"12386788"', '"block_number":9007199254740993')
    server.use(http.get(ROUTE, () => new HttpResponse(body, { headers: { 'content-type': 'application/json' } })))
    const tx = (await load()).result[0]! as Record<string, unknown>
    expect(tx.block_number).toBe('9007199254740993')
    expect(Object.getPrototypeOf(tx)).toBe(Object.prototype)
    expect(tx.category).toBeNull()
  })
})

describe('one direction rule for every transfer list', () => {
  it.each([
    ['send', 'outgoing'],
    ['receive', 'incoming'],
    ['outgoing', 'outgoing'],
    ['incoming', 'incoming'],
    ['Received', 'incoming'],
    ['', null],
  ])('%j reads as %j in native, ERC-20 and NFT transfers alike', async (input, expected) => {
    const entry = specEntry()
    const [native] = entry.native_transfers as Record<string, unknown>[]
    const [erc20] = entry.erc20_transfer as Record<string, unknown>[]
    const [nft] = entry.nft_transfers as Record<string, unknown>[]
    serve(specPage([{
      ...entry,
      native_transfers: [{ ...native, direction: input }],
      erc20_transfer: [{ ...erc20, direction: input }],
      nft_transfers: [{ ...nft, direction: input }],
    }]))
    const tx = (await load()).result[0]!
    expect([tx.native_transfers[0]!.direction, tx.erc20_transfer[0]!.direction, tx.nft_transfers[0]!.direction]).toEqual([expected, expected, expected])
  })

  it('a transfer without direction reads as null (not missing) in every list', async () => {
    serve(specPage([specEntry()]))
    const tx = (await load()).result[0]!
    expect(tx.erc20_transfer[0]!.direction).toBeNull()
    expect(tx.nft_transfers[0]!.direction).toBeNull()
  })
})

describe('integers above 2^53 sent as bare numbers in text fields', () => {
  it('keep every digit (a 0-decimal token amount in value_formatted), and a number written with an exponent reads as written', async () => {
    const entry = specEntry({ erc20_transfer: [{ ...(specEntry().erc20_transfer as Record<string, unknown>[])[0], value_formatted: 'X' }] as never, summary: 'S' })
    const text = JSON.stringify(specPage([entry])).replace('"value_formatted":"X"', '"value_formatted":12345678901234567890').replace('"summary":"S"', '"summary":1e+21')
    server.use(http.get(ROUTE, () => new HttpResponse(text, { headers: { 'content-type': 'application/json' } })))
    const page = await load()
    expect(page.result[0]!.erc20_transfer[0]!.value_formatted).toBe('12345678901234567890')
    expect(page.result[0]!.summary).toBe('1e+21')
  })
})
