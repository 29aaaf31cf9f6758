import { describe, expect, it } from 'vitest'
import { parseJsonLossless, readWalletHistoryPage, ResponseShapeError } from '../../../src/exports/index.js'
import { specEntry, specPage } from './fixtures.js'

const read = (body: unknown) => readWalletHistoryPage(body)
const entryOf = (overrides: Record<string, unknown>) => read(specPage([specEntry(overrides)])).result[0]!

function shapeError(body: unknown): ResponseShapeError {
  try {
    read(body)
  } catch (e) {
    expect(e).toBeInstanceOf(ResponseShapeError)
    return e as ResponseShapeError
  }
  throw new Error('expected a ResponseShapeError')
}

describe('the spec shape, normalized', () => {
  it('reads a page exactly as the spec tables show it', () => {
    const page = read(specPage())
    expect(page.page).toBe(1)
    expect(page.page_size).toBe(100)
    expect(page.cursor).toBe('next-1')
    const tx = page.result[0]!
    expect(tx.value).toBe('115580000000000000')
    expect(tx.to_address_label).toBeNull()
    expect(tx.receipt_contract_address).toBeNull()
    expect(tx.receipt_root).toBeNull()
    expect(tx.receipt_status).toBe('1')
    expect(tx.logs[0]).toMatchObject({ log_index: '273', topic1: null })
    expect(tx.internal_transactions[0]).toMatchObject({ type: 'CALL', value: '650000000000000000' })
    expect(tx.nft_transfers[0]).toMatchObject({ token_id: '15', possible_spam: false, verified_collection: false })
    expect(tx.erc20_transfer[0]).toMatchObject({ token_decimals: '6', transaction_index: '12', log_index: '2', verified_contract: true })
    expect(tx.native_transfers[0]).toMatchObject({ direction: 'outgoing', internal_transaction: false, value_formatted: '0.11558' })
  })

  it('fills missing lists with [] and missing optional fields with null', () => {
    const { logs, internal_transactions, nft_transfers, erc20_transfer, native_transfers, ...bare } = specEntry()
    for (const k of ['nonce', 'gas', 'gas_price', 'input', 'block_hash', 'from_address_label', 'to_address_label']) delete bare[k]
    const tx = read(specPage([bare])).result[0]!
    expect([tx.logs, tx.internal_transactions, tx.nft_transfers, tx.erc20_transfer, tx.native_transfers]).toEqual([[], [], [], [], []])
    expect([tx.nonce, tx.gas, tx.gas_price, tx.input, tx.block_hash, tx.from_address_label]).toEqual([null, null, null, null, null, null])
    expect(tx.category).toBeNull()
    expect(tx.possible_spam).toBeNull()
  })
})

describe('tolerant reading: every drift of DESIGN.md', () => {
  it('integers as JSON numbers become decimal text', () => {
    const tx = entryOf({ nonce: 7, value: 0, block_number: 12386788, gas: 21000, receipt_status: 1 })
    expect([tx.nonce, tx.value, tx.block_number, tx.gas, tx.receipt_status]).toEqual(['7', '0', '12386788', '21000', '1'])
  })

  it('integers above 2^53 as bare JSON numbers stay exact when read through parseJsonLossless', () => {
    const body = `{"page":0,"page_size":1,"cursor":null,"result":[${JSON.stringify(specEntry()).replace(
      '"value":"115580000000000000"',
      '"value":123456789012345678901234567890',
    )}]}`
    expect(read(parseJsonLossless(body)).result[0]!.value).toBe('123456789012345678901234567890')
  })

  it('an integer already rounded by a plain JSON.parse is refused rather than silently wrong', () => {
    const e = shapeError(specPage([specEntry({ value: 2 ** 60 })]))
    expect(e.path).toEqual(['result', 0, 'value'])
    expect(e.message).toContain('parseJsonLossless')
  })

  it.each([
    [true, true], [false, false], ['true', true], ['false', false], ['TRUE', true], ['1', true], ['0', false], [null, null], [undefined, null],
  ])('flag %j reads as %j', (input, expected) => {
    const tx = entryOf({ possible_spam: input })
    expect(tx.possible_spam).toBe(expected)
    const nft = read(specPage([specEntry({ nft_transfers: [{ ...(specEntry().nft_transfers as object[])[0], verified_collection: input }] })]))
    expect(nft.result[0]!.nft_transfers[0]!.verified_collection).toBe(expected)
  })

  it('native internal_transaction and erc20 verified_contract flags read from booleans or text', () => {
    const tx = entryOf({
      native_transfers: [{ value: '1', direction: 'incoming', internal_transaction: true }],
      erc20_transfer: [{ address: '0xdac17f958d2ee523a2206206994597c13d831ec7', value: '5', verified_contract: 'false', possible_spam: true }],
    })
    expect(tx.native_transfers[0]!.internal_transaction).toBe(true)
    expect(tx.erc20_transfer[0]).toMatchObject({ verified_contract: false, possible_spam: true })
  })

  it('to_address null on a contract creation, with the created contract in receipt_contract_address', () => {
    const tx = entryOf({ to_address: null, receipt_contract_address: '0x5fbdb2315678afecb367f032d93f642f64180aa3' })
    expect(tx.to_address).toBeNull()
    expect(tx.receipt_contract_address).toBe('0x5fbdb2315678afecb367f032d93f642f64180aa3')
    expect(entryOf({ to_address: undefined }).to_address).toBeNull()
  })

  it('labels and optional fields may be null or missing; receipt_contract_address null or empty', () => {
    expect(entryOf({ receipt_contract_address: null }).receipt_contract_address).toBeNull()
    expect(entryOf({ from_address_label: null, block_hash: null, receipt_root: null })).toMatchObject({
      from_address_label: null, block_hash: null, receipt_root: null,
    })
  })

  it('reads the ERC-20 list under erc20_transfers as well as erc20_transfer', () => {
    const spec = specEntry()
    const { erc20_transfer, ...rest } = spec
    const tx = read(specPage([{ ...rest, erc20_transfers: erc20_transfer }])).result[0]!
    expect(tx.erc20_transfer).toHaveLength(1)
    expect(tx.erc20_transfer[0]!.token_symbol).toBe('USDT')
    expect(read(specPage([{ ...rest, erc20_transfers: null }])).result[0]!.erc20_transfer).toEqual([])
  })

  it.each([
    ['text', 'abc', 'abc'], ['empty text', '', null], ['null', null, null], ['missing', undefined, null],
  ])('cursor as %s', (_, cursor, expected) => {
    const body = specPage([], cursor === undefined ? {} : { cursor })
    if (cursor === undefined) delete (body as Record<string, unknown>).cursor
    expect(read(body).cursor).toBe(expected)
  })

  it.each([
    [{ page: '0', page_size: '25' }, 0, 25], [{ page: 1, page_size: 25 }, 1, 25], [{ page: '3', page_size: 100 }, 3, 100],
  ])('page / page_size %j', (fields, page, size) => {
    const p = read(specPage([], fields))
    expect([p.page, p.page_size]).toEqual([page, size])
  })

  it.each([
    ['outgoing', 'outgoing'], ['send', 'outgoing'], ['OUT', 'outgoing'], ['sent', 'outgoing'],
    ['incoming', 'incoming'], ['receive', 'incoming'], ['Received', 'incoming'], ['in', 'incoming'],
    ['sideways', null], [null, null],
  ])('direction %j reads as %j', (input, expected) => {
    expect(entryOf({ native_transfers: [{ value: '1', direction: input }] }).native_transfers[0]!.direction).toBe(expected)
  })

  it('keeps extra fields: category, summary, method_label, transaction_fee, *_entity, contract_interactions', () => {
    // Every one of them comes back exactly as sent.
    const extras = {
      category: 'token swap',
      summary: 'Swapped 1 ETH for 3,000 USDC',
      method_label: 'swapExactETHForTokens',
      transaction_fee: '0.00105',
      from_address_entity: 'Binance',
      from_address_entity_logo: 'https://logo.example/binance.png',
      to_address_entity: null,
      contract_interactions: [{ address: '0xabc', label: 'Uniswap' }],
      some_future_field: { nested: [1, 2] },
    }
    expect(entryOf(structuredClone(extras))).toMatchObject(extras)
    const asObject = { approvals: [{ value: '1' }], swaps: {} }
    expect(entryOf({ contract_interactions: asObject }).contract_interactions).toEqual(asObject)
    expect(entryOf({ transaction_fee: 0.00105 }).transaction_fee).toBe('0.00105')
  })

  it('keeps extra fields on the page and on nested resources', () => {
    const page = read(specPage([specEntry({ erc20_transfer: [{ address: '0xdac17f958d2ee523a2206206994597c13d831ec7', value: '1', security_score: 80 }] })], { block_exists: true }))
    expect(page).toMatchObject({ block_exists: true })
    expect(page.result[0]!.erc20_transfer[0]).toMatchObject({ security_score: 80 })
  })

  it('timestamps as ISO without milliseconds, without a zone, or as unix seconds become ISO with milliseconds', () => {
    expect(entryOf({ block_timestamp: '2021-05-07T11:08:35Z' }).block_timestamp).toBe('2021-05-07T11:08:35.000Z')
    expect(entryOf({ block_timestamp: '2021-05-07T11:08:35' }).block_timestamp).toBe('2021-05-07T11:08:35.000Z')
    expect(entryOf({ block_timestamp: '2021-05-07 11:08:35' }).block_timestamp).toBe('2021-05-07T11:08:35.000Z')
    expect(entryOf({ block_timestamp: '2021-05-07T13:08:35+0200' }).block_timestamp).toBe('2021-05-07T11:08:35.000Z')
    expect(entryOf({ block_timestamp: 1620385715 }).block_timestamp).toBe('2021-05-07T11:08:35.000Z')
    expect(entryOf({ block_timestamp: '1620385715' }).block_timestamp).toBe('2021-05-07T11:08:35.000Z')
  })
})

describe('a body that is not a page names the wrong field', () => {
  const entry = specEntry() as Record<string, unknown[]>
  const withNested = (key: string, overrides: Record<string, unknown>) =>
    specPage([specEntry({ [key]: [{ ...(entry[key]![0] as object), ...overrides }] })])

  it.each([
    ['page: not an object', [], []],
    ['page: null', null, []],
    ['page: result missing', { page: '1', cursor: null }, ['result']],
    ['page: result not a list', specPage([], { result: { a: 1 } }), ['result']],
    ['page: cursor not text', specPage([], { cursor: { next: 1 } }), ['cursor']],
    ['entry: not an object', specPage(['0xabc']), ['result', 0]],
    ['entry: hash missing', specPage([specEntry({ hash: undefined })]), ['result', 0, 'hash']],
    ['entry: block_number not an integer', specPage([specEntry(), specEntry({ block_number: '12.5' })]), ['result', 1, 'block_number']],
    ['entry: negative value', specPage([specEntry({ value: '-1' })]), ['result', 0, 'value']],
    ['entry: block_timestamp unreadable', specPage([specEntry({ block_timestamp: 'yesterday' })]), ['result', 0, 'block_timestamp']],
    ['entry: flag unreadable', specPage([specEntry({ possible_spam: 'maybe' })]), ['result', 0, 'possible_spam']],
    ['entry: logs not a list', specPage([specEntry({ logs: 'none' })]), ['result', 0, 'logs']],
    ['log entry: log_index not an integer', withNested('logs', { log_index: 'first' }), ['result', 0, 'logs', 0, 'log_index']],
    ['internal tx: value missing', withNested('internal_transactions', { value: undefined }), ['result', 0, 'internal_transactions', 0, 'value']],
    ['internal tx: gas_used hex', withNested('internal_transactions', { gas_used: '0x5208' }), ['result', 0, 'internal_transactions', 0, 'gas_used']],
    ['NFT transfer: token_address missing', withNested('nft_transfers', { token_address: null }), ['result', 0, 'nft_transfers', 0, 'token_address']],
    ['NFT transfer: token_id not an integer', withNested('nft_transfers', { token_id: 'abc' }), ['result', 0, 'nft_transfers', 0, 'token_id']],
    ['ERC-20 transfer: value not an integer', withNested('erc20_transfer', { value: '1.5' }), ['result', 0, 'erc20_transfer', 0, 'value']],
    ['ERC-20 transfer: verified_contract unreadable', withNested('erc20_transfer', { verified_contract: 'unknown' }), ['result', 0, 'erc20_transfer', 0, 'verified_contract']],
    ['native transfer: value missing', withNested('native_transfers', { value: undefined }), ['result', 0, 'native_transfers', 0, 'value']],
    ['native transfer: internal_transaction unreadable', withNested('native_transfers', { internal_transaction: [] }), ['result', 0, 'native_transfers', 0, 'internal_transaction']],
  ])('%s', (_, body, path) => {
    const e = shapeError(body)
    expect(e.path).toEqual(path)
    expect(e.issues[0]!.path).toEqual(path)
    expect(e.retryable).toBe(false)
    const shown = path.reduce<string>((out, p) => (typeof p === 'number' ? `${out}[${p}]` : out ? `${out}.${p}` : p), '')
    expect(e.message).toContain(shown || '(body)')
  })

  it('an ERC-20 transfer under the plural key names the spec key in the path', () => {
    const { erc20_transfer, ...rest } = specEntry()
    const e = shapeError(specPage([{ ...rest, erc20_transfers: [{ address: '0xdac17f958d2ee523a2206206994597c13d831ec7', value: 'x' }] }]))
    expect(e.path).toEqual(['result', 0, 'erc20_transfer', 0, 'value'])
  })
})
