import { afterAll, beforeAll, expect, it } from 'vitest'
import { createClient } from '../../src/core/client.js'
import { JsonRpcError } from '../../src/core/errors.js'
import { createProxyHandler } from '../../src/server/createProxyHandler.js'
import { startAnvil, type Anvil } from '../support/anvil.js'
import { API_KEY } from '../faults/support/fixtures.js'
import { rawRequest, serveProxy } from './support.js'

// anvil's first default account, funded with 10 000 ETH.
const FUNDED = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

let anvil: Anvil
let proxy: Awaited<ReturnType<typeof serveProxy>>

beforeAll(async () => {
  anvil = await startAnvil()
  proxy = await serveProxy(createProxyHandler({ baseUrl: 'https://history.invalid', apiKey: API_KEY, rpc: { url: anvil.rpcUrl } }))
})

// The real client, pointed at the proxy as a browser app would be.
const proxiedClient = () => createClient({ baseUrl: `${proxy.url}/api/blockfeed`, rpc: { url: `${proxy.url}/api/blockfeed/rpc` }, retry: false })

afterAll(async () => {
  await proxy?.close()
  await anvil?.stop()
})

it('the real client reaches a real anvil through the proxy (single calls and a batch)', async () => {
  const client = proxiedClient()
  const [chainId, balance, block] = await Promise.all([
    client.rpc({ method: 'eth_chainId' }),
    client.rpc({ method: 'eth_getBalance', params: [FUNDED, 'latest'] }),
    client.rpc({ method: 'eth_blockNumber' }),
  ])
  expect(chainId).toBe('0x7a69')
  expect(BigInt(balance)).toBe(10_000n * 10n ** 18n)
  expect(block).toBe('0x0')
})

it('a JSON-RPC error from anvil comes back as a typed JsonRpcError', async () => {
  const error = await proxiedClient().rpc({ method: 'eth_sendRawTransaction', params: ['0x1234'] }).catch((e: unknown) => e)
  expect(error).toBeInstanceOf(JsonRpcError)
})

it('anvil_setBalance is refused by the proxy and the balance stays as it was', async () => {
  const refused = await rawRequest(
    proxy.port,
    'POST',
    '/api/blockfeed/rpc',
    { 'content-type': 'application/json' },
    JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'anvil_setBalance', params: [FUNDED, '0x0'] }),
  )
  expect(refused.status).toBe(403)
  const check = await fetch(anvil.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_getBalance', params: [FUNDED, 'latest'] }),
  })
  expect(BigInt(((await check.json()) as { result: string }).result)).toBe(10_000n * 10n ** 18n)
})
