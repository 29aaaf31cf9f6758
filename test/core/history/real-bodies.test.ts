import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { createClient } from '../../../src/exports/index.js'
import { useMswServer } from '../../support/msw.js'

// The reader against bodies as hosted deployments send them (see real-bodies/README.md), served as
// their exact text over HTTP and read by getWalletHistory, the way an app gets them.
const BASE = 'https://deep-index.test'
const ROUTE = `${BASE}/api/v2.2/wallets/:address/history`
const WALLET = '0x53C58E975f3F72162Fc0509b9742c9b55E24a599'
const body = (name: string) => readFileSync(resolve(import.meta.dirname, 'real-bodies', name), 'utf8')
const { server, requests } = useMswServer()

function serve(...pages: string[]) {
  // One body per cursor: the first without one, the next for the cursor the previous body gave.
  server.use(http.get(ROUTE, ({ request }) => {
    const cursor = new URL(request.url).searchParams.get('cursor')
    const text = cursor === null ? pages[0]! : pages.find((p) => cursor === JSON.parse(p).cursor && p !== pages[0]) ?? pages[1]!
    return new HttpResponse(text, { headers: { 'content-type': 'application/json; charset=utf-8' } })
  }))
}
const client = () => createClient({ baseUrl: BASE, apiKey: 'test-key', chain: 'eth', retry: false })

describe('numbers-limit-page-after-result.json (page as a 0-based number after result, extra limit)', () => {
  const text = body('numbers-limit-page-after-result.json')

  it('reads the page fields and keeps the extra limit key', async () => {
    serve(text)
    const page = await client().getWalletHistory({ address: WALLET })
    expect(page.page).toBe(0)
    expect(page.page_size).toBe(5)
    expect(page.cursor).toBe(JSON.parse(text).cursor)
    expect((page as Record<string, unknown>).limit).toBe('5')
    expect(page.result.map((t) => t.hash)).toEqual(JSON.parse(text).result.map((t: { hash: string }) => t.hash))
  })

  it('the captured token receive: input "" is 0x, the plural ERC-20 list is read, direction and log_index normalized', async () => {
    serve(text)
    const [receive] = (await client().getWalletHistory({ address: WALLET })).result
    expect(receive!.input).toBe('0x')
    expect(receive!.logs).toEqual([])
    expect(receive!.internal_transactions).toEqual([])
    expect(receive!.receipt_contract_address).toBeNull()
    expect(receive!.category).toBe('token receive')
    expect(receive!.erc20_transfer).toHaveLength(1)
    expect(receive!.erc20_transfer[0]).toMatchObject({
      token_symbol: 'USDT', token_decimals: '6', value: '1300000000', log_index: '116',
      direction: 'incoming', possible_spam: false, verified_contract: true, to_address: WALLET.toLowerCase(),
    })
    expect('erc20_transfers' in receive!).toBe(false)
  })

  it('approve and revoke keep contract_interactions as sent, the 2^256−1 allowance exact', async () => {
    serve(text)
    const [, approve, revoke] = (await client().getWalletHistory({ address: WALLET })).result as Record<string, any>[]
    expect(approve!.category).toBe('approve')
    expect(approve!.contract_interactions.approvals[0].value).toBe((2n ** 256n - 1n).toString())
    expect(approve!.contract_interactions.approvals[0].spender.address).toBe('0x000000000022d473030f116ddee9f6b43ac78ba3')
    expect(approve!.to_address_entity).toBe('Circle')
    expect(revoke!.category).toBe('revoke')
    expect(revoke!.contract_interactions.approvals[0].value).toBe('0')
  })

  it('a send reads direction "send" as outgoing; category "" is null (so rows derive it); a failed call keeps status 0', async () => {
    serve(text)
    const [, , , send, failed] = (await client().getWalletHistory({ address: WALLET })).result
    expect(send!.native_transfers[0]).toMatchObject({ direction: 'outgoing', internal_transaction: false, value: '250000000000000000' })
    expect(failed!.category).toBeNull()
    expect((failed as Record<string, unknown>).contract_interactions).toEqual([])
    expect(failed!.receipt_status).toBe('0')
  })
})

describe('text-numbers-last-page.json (page as text, cursor "", bare numbers above 2^53, flags as text)', () => {
  const text = body('text-numbers-last-page.json')

  it('reads page fields from text and cursor "" as the end', async () => {
    serve(text)
    const page = await client().getWalletHistory({ address: WALLET })
    expect([page.page, page.page_size, page.cursor]).toEqual([2, 25, null])
  })

  it('keeps a bare JSON number above 2^53 exact and reads numeric indexes as decimal text', async () => {
    serve(text)
    const [swap] = (await client().getWalletHistory({ address: WALLET })).result
    expect(swap!.erc20_transfer[0]).toMatchObject({
      value: '1500000000000000000000', transaction_index: '57', log_index: '211',
      direction: 'incoming', possible_spam: false, verified_contract: true,
    })
    expect(swap!.internal_transactions[0]).toMatchObject({ block_number: '18482210', value: '500000000000000000', input: '0xd0e30db0' })
    expect(swap!.logs[0]).toMatchObject({ log_index: '211', transaction_index: '57', topic3: null })
    expect([swap!.receipt_contract_address, swap!.receipt_root]).toEqual([null, null])
  })

  it('reads NFT direction and amount, flags as text, and an empty direction as null', async () => {
    serve(text)
    const [, purchase] = (await client().getWalletHistory({ address: WALLET })).result
    expect(purchase!.nft_transfers[0]).toMatchObject({
      contract_type: 'ERC1155', amount: '3', log_index: '17', direction: 'incoming', verified_collection: true,
    })
    expect(purchase!.native_transfers.map((n) => [n.direction, n.internal_transaction])).toEqual([
      ['outgoing', false],
      [null, true],
    ])
  })
})

describe('cursor-null-lists-left-out.json (the verbose form)', () => {
  it('reads cursor null as the end, missing lists as [], and keeps the decoded extras', async () => {
    serve(body('cursor-null-lists-left-out.json'))
    const page = await client().getWalletHistory({ address: WALLET })
    expect([page.page, page.page_size, page.cursor]).toEqual([1, 100, null])
    const [plain, token] = page.result as (typeof page.result[number] & Record<string, any>)[]
    expect([plain!.native_transfers, plain!.erc20_transfer, plain!.nft_transfers, plain!.internal_transactions]).toEqual([[], [], [], []])
    expect(plain!.decoded_call).toBeNull()
    expect(token!.decoded_call.signature).toBe('transfer(address,uint256)')
    const log = token!.logs[0] as Record<string, any>
    expect(log.decoded_event.label).toBe('Transfer')
    expect(log.transaction_value).toBe('0')
  })
})

describe('paging across deployments', () => {
  it('follows the cursor of the number-form page to the text-form page and stops at its cursor ""', async () => {
    const first = body('numbers-limit-page-after-result.json')
    serve(first, body('text-numbers-last-page.json'))
    const pages = []
    for await (const page of client().walletHistoryPages({ address: WALLET, limit: 5 })) pages.push(page)
    expect(pages.map((p) => p.result.length)).toEqual([5, 2])
    expect(requests.map((r) => new URL(r.url).searchParams.get('cursor'))).toEqual([null, JSON.parse(first).cursor])
  })
})
