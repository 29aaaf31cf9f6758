import { erc20Abi, formatEther, maxUint256, parseEther, parseEventLogs, parseUnits, toEventSelector, type Hex } from 'viem'
import { parseHistoryQuery } from '../../src/devnet/history.js'
import { startDevnet, type Devnet } from '../../src/devnet/startDevnet.js'
import { byPosition, everything, history, sendToNode, type Entry } from './helpers.js'

let devnet: Devnet
let alice: string
let bob: string
let carol: string
let deployer: string

beforeAll(async () => {
  devnet = await startDevnet({ port: 0 })
  const w = (name: string) => devnet.wallets.find((x) => x.name === name)!.address.toLowerCase()
  ;[alice, bob, carol, deployer] = [w('alice'), w('bob'), w('carol'), w('deployer')]
})
afterAll(() => devnet?.stop())

const lower = (a: string) => a.toLowerCase()

describe('a seeded wallet', () => {
  let entries: Entry[]
  beforeAll(async () => {
    entries = await everything(devnet, devnet.wallets[1]!.address, { include_internal_transactions: true, nft_metadata: true, order: 'ASC' })
  })

  it('shows native sends and receives with their directions', () => {
    const received = entries.flatMap((e) => e.native_transfers).find((t: Entry) => t.from_address === bob && t.internal_transaction === 'false')
    expect(received).toMatchObject({ to_address: alice, value: parseEther('1.5').toString(), value_formatted: '1.5', direction: 'incoming', token_symbol: 'ETH' })
    const sent = entries.flatMap((e) => e.native_transfers).find((t: Entry) => t.to_address === bob && t.value === parseEther('0.25').toString())
    expect(sent).toMatchObject({ from_address: alice, direction: 'outgoing', internal_transaction: 'false' })
  })

  it('shows ERC-20 transfers with the token data read from the contract (6 and 18 decimals)', () => {
    const erc20 = entries.flatMap((e) => e.erc20_transfer)
    const usd = lower(devnet.contracts!.usd)
    expect(erc20).toContainEqual(expect.objectContaining({
      address: usd, token_name: 'Devnet USD', token_symbol: 'dUSD', token_decimals: '6',
      from_address: deployer, to_address: alice, value: parseUnits('1000', 6).toString(), possible_spam: 'false',
    }))
    expect(erc20).toContainEqual(expect.objectContaining({ address: usd, from_address: alice, to_address: bob, value: '250500000', value_formatted: '250.5' }))
    expect(erc20).toContainEqual(expect.objectContaining({
      address: lower(devnet.contracts!.dai), token_decimals: '18', token_symbol: 'dDAI', to_address: alice, value: parseUnits('42.5', 18).toString(),
    }))
    // The spec's table gives these two as numbers.
    expect(typeof erc20[0].transaction_index).toBe('number')
    expect(typeof erc20[0].log_index).toBe('number')
  })

  it('flags the spam airdrop', () => {
    const spam = entries.flatMap((e) => e.erc20_transfer).find((t: Entry) => t.address === lower(devnet.contracts!.spam) && t.to_address === alice)
    expect(spam).toMatchObject({ token_symbol: 'CLAIM', possible_spam: 'true', from_address: carol })
  })

  it('shows ERC-721 mints and transfers with metadata from tokenURI', () => {
    const nfts = entries.flatMap((e) => e.nft_transfers).filter((t: Entry) => t.contract_type === 'ERC721')
    const mint = nfts.find((t: Entry) => t.token_id === '1' && t.from_address === '0x0000000000000000000000000000000000000000')
    expect(mint).toMatchObject({ to_address: alice, amount: '1', token_address: lower(devnet.contracts!.kittens) })
    expect(JSON.parse(mint.metadata)).toMatchObject({ name: 'Devnet Kittens #1' })
    expect(nfts).toContainEqual(expect.objectContaining({ token_id: '1', from_address: alice, to_address: bob }))
  })

  it('shows ERC-1155 batch and single transfers', () => {
    const nfts = entries.flatMap((e) => e.nft_transfers).filter((t: Entry) => t.contract_type === 'ERC1155')
    expect(nfts).toContainEqual(expect.objectContaining({ transaction_type: 'Batch', token_id: '1', amount: '10', to_address: alice }))
    expect(nfts).toContainEqual(expect.objectContaining({ transaction_type: 'Batch', token_id: '2', amount: '5', to_address: alice }))
    expect(nfts).toContainEqual(expect.objectContaining({ transaction_type: 'Single', token_id: '1', amount: '3', from_address: alice, to_address: bob, operator: alice }))
    expect(nfts).toContainEqual(expect.objectContaining({ transaction_type: 'Batch', token_id: '2', amount: '1', from_address: alice, to_address: carol }))
    const single = nfts.find((t: Entry) => t.transaction_type === 'Single')
    expect(single.token_uri).toBe(`https://example.com/devnet/items/${'1'.padStart(64, '0')}.json`)
  })

  it('shows approvals as the transactions that emitted them', () => {
    const topics = entries.flatMap((e) => e.logs).map((l: Entry) => l.topic0)
    expect(topics).toContain(toEventSelector('Approval(address,address,uint256)'))
    expect(topics).toContain(toEventSelector('ApprovalForAll(address,address,bool)'))
  })

  it('has a revoked and an unlimited live approval, as their Approval logs show', () => {
    // The served logs decoded by viem's ERC-20 ABI, as a wallet's approval review would read them.
    const approvals = parseEventLogs({
      abi: erc20Abi,
      eventName: 'Approval',
      logs: entries.flatMap((e) => e.logs).map((l: Entry) => ({
        address: l.address, data: l.data, topics: [l.topic0, l.topic1, l.topic2, l.topic3].filter(Boolean) as [Hex, ...Hex[]],
        blockNumber: null, blockHash: null, logIndex: null, transactionHash: null, transactionIndex: null, removed: false,
      })),
    })
    const last = (token: string) => approvals.filter((a) => a.address === lower(token) && lower(a.args.owner) === alice && lower(a.args.spender) === bob).at(-1)
    expect(last(devnet.contracts!.usd)?.args.value).toBe(0n)
    expect(last(devnet.contracts!.dai)?.args.value).toBe(maxUint256)
  })

  it('shows the contract creation', () => {
    const creation = entries.find((e) => e.receipt_contract_address === lower(devnet.contracts!.splitter))
    expect(creation).toMatchObject({ from_address: alice, to_address: null, receipt_status: '1' })
  })

  it('shows internal transfers in and out, from call traces', () => {
    const split = entries.find((e) => e.to_address === lower(devnet.contracts!.splitter) && e.value === parseEther('1').toString())!
    expect(split.internal_transactions).toEqual(expect.arrayContaining([
      expect.objectContaining({ type: 'CALL', from: lower(devnet.contracts!.splitter), to: bob, value: parseEther('0.5').toString() }),
      expect.objectContaining({ type: 'CALL', from: lower(devnet.contracts!.splitter), to: carol, value: parseEther('0.5').toString() }),
    ]))
    expect(split.native_transfers).toEqual([expect.objectContaining({ direction: 'outgoing', value: parseEther('1').toString(), internal_transaction: 'false' })])
    const forwarded = entries.flatMap((e) => e.native_transfers).find((t: Entry) => t.internal_transaction === 'true')
    expect(forwarded).toMatchObject({ from_address: lower(devnet.contracts!.splitter), to_address: alice, direction: 'incoming', value_formatted: '0.3' })
  })

  it('marks the failed call and moves no value in it', () => {
    const failed = entries.filter((e) => e.receipt_status === '0')
    expect(failed).toHaveLength(1)
    expect(failed[0]).toMatchObject({ from_address: alice, value: parseEther('0.1').toString(), native_transfers: [] })
  })

  it('writes every entry in the wire format: decimal text, ISO timestamps with milliseconds', () => {
    for (const e of entries) {
      for (const k of ['nonce', 'transaction_index', 'value', 'gas', 'gas_price', 'receipt_gas_used', 'receipt_cumulative_gas_used', 'block_number']) {
        expect(e[k], k).toMatch(/^\d+$/)
      }
      expect(e.block_timestamp).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/)
      expect(Array.isArray(e.erc20_transfer)).toBe(true)
    }
    expect([...entries].sort(byPosition)).toEqual(entries)
  })
})

describe('include_internal_transactions', () => {
  it('fills internal transactions and internal native transfers only when true', async () => {
    const on = await everything(devnet, alice, { include_internal_transactions: true })
    const off = await everything(devnet, alice, { include_internal_transactions: false })
    const byDefault = await everything(devnet, alice)
    expect(off.map((e) => e.hash)).toEqual(on.map((e) => e.hash))
    expect(on.some((e) => e.internal_transactions.length > 0)).toBe(true)
    expect(on.flatMap((e) => e.native_transfers).some((t: Entry) => t.internal_transaction === 'true')).toBe(true)
    for (const list of [off, byDefault]) {
      expect(list.every((e) => e.internal_transactions.length === 0)).toBe(true)
      expect(list.flatMap((e) => e.native_transfers).every((t: Entry) => t.internal_transaction === 'false')).toBe(true)
    }
  })

  it('gives input data only with include_input_data=true', async () => {
    const [withInput] = (await history(devnet, alice, { include_input_data: true, limit: 1 })).result
    const [without] = (await history(devnet, alice, { limit: 1 })).result
    expect(withInput!.input).toMatch(/^0x[0-9a-f]*$/)
    expect(without!.input).toBeNull()
  })
})

describe('bounds', () => {
  it('keeps entries between from_block and to_block (inclusive)', async () => {
    const all = await everything(devnet, alice)
    const bounded = await everything(devnet, alice, { from_block: 8, to_block: 12 })
    expect(bounded.length).toBeGreaterThan(0)
    expect(bounded).toEqual(all.filter((e) => Number(e.block_number) >= 8 && Number(e.block_number) <= 12))
  })

  it('keeps entries between from_date and to_date, and a block bound wins over a date bound', async () => {
    const before = await everything(devnet, carol)
    const last = before[0]!
    // An hour later on the chain's clock, so dates split old from new.
    await fetch(devnet.nodeUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'evm_increaseTime', params: [3600] }) })
    const hash = await sendToNode(devnet, 'deployer', carol, 1n)
    const after = await everything(devnet, carol)
    expect(after[0]!.hash).toBe(hash)
    const newTime = Date.parse(after[0]!.block_timestamp)
    const cut = new Date(newTime - 1800_000).toISOString()

    expect((await everything(devnet, carol, { from_date: cut })).map((e) => e.hash)).toEqual([hash])
    expect(await everything(devnet, carol, { to_date: cut })).toEqual(before)
    expect((await everything(devnet, carol, { to_date: Math.floor(newTime / 1000 - 1800) })).map((e) => e.hash)).toEqual(before.map((e) => e.hash))
    // Rules 2 and 3: the block bounds are used, the date bounds ignored.
    const rule = await everything(devnet, carol, { from_block: last.block_number, from_date: cut, to_block: after[0]!.block_number, to_date: '2000-01-01T00:00:00Z' })
    expect(rule.map((e) => e.hash)).toEqual([hash, last.hash])
  })

  it('reads a date without a zone as UTC, whatever zone the machine is in', () => {
    vi.stubEnv('TZ', 'America/New_York')
    try {
      const q = parseHistoryQuery(devnet.wallets[1]!.address, new URLSearchParams({ from_date: '2024-05-01T00:00:00', to_date: '2024-05-01 12:00' }), devnet.chainId)
      expect([q.fromDate, q.toDate]).toEqual([1714521600, 1714564800])
    } finally {
      vi.unstubAllEnvs()
    }
  })
})

describe('paging', () => {
  async function walk(order: 'ASC' | 'DESC', between?: () => Promise<unknown>): Promise<Entry[]> {
    const seen: Entry[] = []
    let cursor = ''
    for (let i = 0; i < 100; i++) {
      const page = await history(devnet, alice, { limit: 2, order, ...(cursor ? { cursor } : {}) })
      expect(page.result.length).toBeLessThanOrEqual(2)
      expect(page.page_size).toBe('2')
      seen.push(...page.result)
      if (page.cursor === '') return seen
      cursor = page.cursor
      await between?.()
    }
    throw new Error('paging did not end')
  }

  it('returns every entry exactly once, in order, both ways', async () => {
    const all = await everything(devnet, alice, { order: 'ASC' })
    expect((await walk('ASC')).map((e) => e.hash)).toEqual(all.map((e) => e.hash))
    expect((await walk('DESC')).map((e) => e.hash)).toEqual([...all].reverse().map((e) => e.hash))
  })

  it('stays correct while new transactions are mined between pages', async () => {
    const mine = () => sendToNode(devnet, 'bob', alice, 7n)
    const before = (await everything(devnet, alice, { order: 'ASC' })).map((e) => e.hash)

    const desc = (await walk('DESC', mine)).map((e) => e.hash)
    // DESC started at the newest entry: what arrived later is above the walk, so it is exactly the old list.
    expect(desc).toEqual([...before].reverse())

    const middle = (await everything(devnet, alice, { order: 'ASC' })).map((e) => e.hash)
    const asc = await walk('ASC', mine)
    expect(new Set(asc.map((e) => e.hash)).size).toBe(asc.length)
    expect([...asc].sort(byPosition)).toEqual(asc)
    expect(asc.slice(0, middle.length).map((e) => e.hash)).toEqual(middle)
  })
})
