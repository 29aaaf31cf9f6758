import { execFile } from 'node:child_process'
import { createWalletClient, http, parseEther, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { foundry } from 'viem/chains'
import { createClient } from '../../src/core/client.js'
import { getNames } from '../../src/core/details/names.js'
import { HttpStatusError } from '../../src/core/errors.js'
import { startDevnet, type Devnet } from '../../src/devnet/startDevnet.js'
import { getJson, history, historyUrl } from './helpers.js'

let devnet: Devnet
let alice: Hex

beforeAll(async () => {
  devnet = await startDevnet({ port: 0 })
  alice = devnet.wallets.find((w) => w.name === 'alice')!.address
})
afterAll(() => devnet?.stop())

const rpc = (body: unknown, headers: Record<string, string> = {}) =>
  getJson(devnet.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) })

describe('the core client', () => {
  it('reads every page of the devnet unchanged, through its strict schema', async () => {
    const client = createClient({ baseUrl: devnet.url, rpc: { url: devnet.rpcUrl }, chain: devnet.chain, extraChains: [devnet.chain] })
    const hashes: string[] = []
    let pages = 0
    for await (const page of client.walletHistoryPages({ address: alice, limit: 4, includeInternalTransactions: true, nftMetadata: true })) {
      pages++
      hashes.push(...page.result.map((e) => e.hash))
    }
    const raw = await history(devnet, alice, { limit: 100 })
    expect(pages).toBe(Math.ceil(raw.result.length / 4))
    expect(hashes).toEqual(raw.result.map((e) => e.hash))

    const [first] = (await client.getWalletHistory({ address: alice, order: 'ASC', limit: 1 })).result
    const bob = devnet.wallets.find((w) => w.name === 'bob')!.address.toLowerCase()
    expect(first).toMatchObject({ from_address: bob, to_address: alice.toLowerCase(), value: '1500000000000000000', receipt_contract_address: null })
    expect(first!.native_transfers).toEqual([expect.objectContaining({ direction: 'incoming', internal_transaction: false })])
  })

  it('sends a transaction through POST /rpc that then appears at the top of the history', async () => {
    const client = createClient({ baseUrl: devnet.url, rpc: { url: devnet.rpcUrl }, chain: '0x7a69', extraChains: ['0x7a69'], retry: false })
    const bob = devnet.wallets.find((w) => w.name === 'bob')!
    const signer = createWalletClient({ account: privateKeyToAccount(bob.privateKey), chain: { ...foundry, id: devnet.chainId }, transport: http(devnet.rpcUrl) })
    const request = await signer.prepareTransactionRequest({ to: alice, value: parseEther('0.042') })
    const signed = await signer.signTransaction(request as never)

    const hash = await client.rpc({ method: 'eth_sendRawTransaction', params: [signed] })
    const [top] = (await client.getWalletHistory({ address: alice, limit: 1 })).result
    expect(top).toMatchObject({ hash, from_address: bob.address.toLowerCase(), value: parseEther('0.042').toString() })
    expect(top!.native_transfers).toEqual([expect.objectContaining({ direction: 'incoming', value_formatted: '0.042' })])
  })

  it('refuses a chain other than the devnet\'s with a 400', async () => {
    const client = createClient({ baseUrl: devnet.url, chain: 'eth', retry: false })
    const error = await client.getWalletHistory({ address: alice }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(HttpStatusError)
    expect((error as HttpStatusError).status).toBe(400)
    expect((error as HttpStatusError).body).toContain('chain')
  })
})

describe('bad input', () => {
  it.each([
    ['chain', { chain: 'eth' }],
    ['chain', { chain: '0x1' }],
    ['limit', { limit: 0 }],
    ['limit', { limit: 101 }],
    ['limit', { limit: 'ten' }],
    ['order', { order: 'sideways' }],
    ['from_block', { from_block: 'abc' }],
    ['from_block', { from_block: 9, to_block: 3 }],
    ['to_date', { to_date: 'yesterday' }],
    ['include_internal_transactions', { include_internal_transactions: 'yes' }],
    ['nft_metadata', { nft_metadata: 1 }],
    ['cursor', { cursor: 'not-a-cursor' }],
    ['frm_block', { frm_block: 3 }],
  ])('answers 400 naming %s', async (parameter, query) => {
    const { status, body } = await getJson(historyUrl(devnet, alice, query))
    expect(status).toBe(400)
    expect(body).toMatchObject({ error: 'invalid_parameter', parameter })
    expect(body.message).toContain(parameter)
  })

  it('answers 400 naming the address for a bad address', async () => {
    const { status, body } = await getJson(historyUrl(devnet, '0x1234'))
    expect(status).toBe(400)
    expect(body.parameter).toBe('address')
  })

  it('refuses a cursor made for the other order', async () => {
    const { cursor } = await history(devnet, alice, { limit: 2, order: 'ASC' })
    const { status, body } = await getJson(historyUrl(devnet, alice, { limit: 2, order: 'DESC', cursor }))
    expect(status).toBe(400)
    expect(body.parameter).toBe('cursor')
  })

  it('accepts the chain as hex or decimal id', async () => {
    for (const chain of ['0x7a69', '0x7A69', '31337']) expect((await history(devnet, alice, { chain, limit: 1 })).result).toHaveLength(1)
  })

  it('answers 404 for other paths', async () => {
    expect((await getJson(`${devnet.url}/api/v2.2/wallets`)).status).toBe(404)
  })
})

describe('POST /rpc', () => {
  it('passes the spec\'s methods to the node', async () => {
    const { body } = await rpc({ jsonrpc: '2.0', id: 7, method: 'eth_chainId', params: [] })
    expect(body).toEqual({ jsonrpc: '2.0', id: 7, result: '0x7a69' })
  })

  it('refuses other methods with a JSON-RPC error', async () => {
    const { status, body } = await rpc({ jsonrpc: '2.0', id: 1, method: 'eth_sendTransaction', params: [{ from: alice, to: alice }] })
    expect(status).toBe(200)
    expect(body.error.code).toBe(-32601)
    expect(body.error.message).toContain('eth_sendTransaction')
    expect(body.result).toBeUndefined()
  })

  it('answers batches call by call, refusing only the calls not allowed', async () => {
    const { body } = await rpc([
      { jsonrpc: '2.0', id: 'a', method: 'eth_chainId' },
      { jsonrpc: '2.0', id: 'b', method: 'anvil_setBalance', params: [alice, '0x1'] },
      { jsonrpc: '2.0', id: 'c', method: 'eth_getBalance', params: [alice, 'latest'] },
      { jsonrpc: '2.0', id: 'd', method: 'debug_traceTransaction', params: ['0x00'] },
    ])
    expect(body.map((r: { id: string }) => r.id)).toEqual(['a', 'b', 'c', 'd'])
    expect(body[0].result).toBe('0x7a69')
    expect(body[1].error.code).toBe(-32601)
    expect(BigInt(body[2].result)).toBeGreaterThan(1n)
    expect(body[3].error.code).toBe(-32601)
  })

  it('answers a body that is not JSON with a parse error', async () => {
    const res = await fetch(devnet.rpcUrl, { method: 'POST', body: '{nope' })
    expect((await res.json()).error.code).toBe(-32700)
  })

  it('refuses a body over 5 MiB with an invalid-request error', async () => {
    const big = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_sendRawTransaction', params: [`0x${'ab'.repeat(3 * 1024 * 1024)}`] })
    const res = await fetch(devnet.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: big })
    expect(res.status).toBe(413)
    expect((await res.json()).error.code).toBe(-32600)
  })
})

describe('browsers on localhost', () => {
  it('answers the CORS preflight and allows X-API-Key', async () => {
    const res = await fetch(historyUrl(devnet, alice), {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'GET', 'access-control-request-headers': 'x-api-key' },
    })
    expect(res.status).toBe(204)
    expect(res.headers.get('access-control-allow-origin')).toBe('http://localhost:5173')
    expect(res.headers.get('access-control-allow-headers')).toContain('x-api-key')
  })

  it('gives no CORS grant to other origins', async () => {
    const res = await fetch(historyUrl(devnet, alice, { limit: 1 }), { headers: { origin: 'https://evil.example' } })
    expect(res.headers.get('access-control-allow-origin')).toBeNull()
  })
})

describe('GET /config', () => {
  it('gives a browser app on localhost the client options as JSON, names included', async () => {
    const { status, body, headers } = await getJson(`${devnet.url}/config`, { headers: { origin: 'http://localhost:5173' } })
    expect(status).toBe(200)
    expect(headers.get('access-control-allow-origin')).toBe('http://localhost:5173')
    expect(body).toEqual({ ...devnet.clientOptions })
    expect(body).toMatchObject({ baseUrl: devnet.url, rpc: { url: devnet.rpcUrl }, chain: '0x7a69', ensUniversalResolver: devnet.contracts!.universalResolver })

    // What a browser app does with it: the history, the node and alice's name.
    const client = createClient(body)
    expect((await client.getWalletHistory({ address: alice, limit: 1 })).result).toHaveLength(1)
    const names = await getNames(client, { addresses: [alice] })
    expect(Object.values(names)).toEqual(['alice.eth'])
  })
})

describe('attached to a running node, with an API key', () => {
  let attached: Devnet
  beforeAll(async () => {
    attached = await startDevnet({ port: 0, rpcUrl: devnet.nodeUrl, seed: false, apiKey: 'devnet-key' })
  })
  afterAll(() => attached?.stop())

  it('answers 401 without the key and the history with it', async () => {
    expect((await getJson(historyUrl(attached, alice))).status).toBe(401)
    expect((await getJson(historyUrl(attached, alice), { headers: { 'x-api-key': 'wrong' } })).status).toBe(401)
    expect((await getJson(attached.rpcUrl, { method: 'POST', body: '{"jsonrpc":"2.0","id":1,"method":"eth_chainId"}' })).status).toBe(401)
    // The config holds the key: it is asked for like the data, and gives the key to who has it.
    expect((await getJson(`${attached.url}/config`)).status).toBe(401)
    expect((await getJson(`${attached.url}/config`, { headers: { 'x-api-key': 'devnet-key' } })).body).toMatchObject({ apiKey: 'devnet-key', baseUrl: attached.url })
    const client = createClient({ baseUrl: attached.url, apiKey: 'devnet-key', rpc: { url: attached.rpcUrl }, chain: '0x7a69', extraChains: ['0x7a69'] })
    const page = await client.getWalletHistory({ address: alice, limit: 100 })
    expect(page.result.length).toBe((await history(devnet, alice, { limit: 100 })).result.length)
    expect(await client.rpc({ method: 'eth_chainId' })).toBe('0x7a69')
  })

  it('leaves the node running when it stops', async () => {
    await attached.stop()
    const { body } = await rpc({ jsonrpc: '2.0', id: 1, method: 'eth_blockNumber' })
    expect(body.result).toMatch(/^0x/)
  })
})

describe('contracts', () => {
  // solc compiles every contract (about 4 s of CPU): on a loaded machine that is 30 s and more of
  // wall clock, so it gets the time its work takes; run beside the test, not blocking its worker.
  it('re-compiling contracts/*.sol gives the committed artifacts', async () => {
    const run = await new Promise<{ status: number | null; stderr: string }>((resolve) => {
      execFile(process.execPath, ['scripts/compile-contracts.mjs', '--check'], { encoding: 'utf8' }, (error, _stdout, stderr) =>
        resolve({ status: error ? (typeof error.code === 'number' ? error.code : null) : 0, stderr }),
      )
    })
    expect(run.stderr).toBe('')
    expect(run.status).toBe(0)
  }, 180_000)
})
