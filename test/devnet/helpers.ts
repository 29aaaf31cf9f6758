import { createWalletClient, http, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { foundry } from 'viem/chains'
import { untilMined } from '../../src/devnet/sentMined.js'
import type { Devnet } from '../../src/devnet/startDevnet.js'

export type Entry = Record<string, any>
export interface Page { page: string; page_size: string; cursor: string; result: Entry[] }

export async function getJson(url: string, init?: RequestInit): Promise<{ status: number; body: any; headers: Headers }> {
  const res = await fetch(url, init)
  const text = await res.text()
  return { status: res.status, body: text ? JSON.parse(text) : null, headers: res.headers }
}

export function historyUrl(devnet: Devnet, address: string, query: Record<string, string | number | boolean> = {}): string {
  const q = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))
  return `${devnet.url}/api/v2.2/wallets/${address}/history${q.size ? `?${q}` : ''}`
}

export async function history(devnet: Devnet, address: string, query: Record<string, string | number | boolean> = {}): Promise<Page> {
  const { status, body } = await getJson(historyUrl(devnet, address, query))
  if (status !== 200) throw new Error(`HTTP ${status}: ${JSON.stringify(body)}`)
  return body as Page
}

/** Every entry of a wallet in one page (the seeded wallets have fewer than 100). */
export async function everything(devnet: Devnet, address: string, query: Record<string, string | number | boolean> = {}) {
  const page = await history(devnet, address, { limit: 100, ...query })
  expect(page.cursor).toBe('')
  return page.result
}

/** Sends a native transfer straight to the node (not through the devnet), as another app would. */
export async function sendToNode(devnet: Devnet, fromName: string, to: string, value: bigint): Promise<Hex> {
  const w = devnet.wallets.find((x) => x.name === fromName)!
  const chain = { ...foundry, id: devnet.chainId }
  const client = createWalletClient({ account: privateKeyToAccount(w.privateKey), chain, transport: http(devnet.nodeUrl) })
  const hash = await client.sendTransaction({ to: to as Hex, value })
  // anvil may answer before the block is mined: wait for its receipt, as an app would, before reading
  // history (read until it is there: viem's wait can miss an automined block and wait for the next).
  await untilMined(devnet.nodeUrl, [hash])
  return hash
}

export const byPosition = (a: Entry, b: Entry) =>
  Number(a.block_number) - Number(b.block_number) || Number(a.transaction_index) - Number(b.transaction_index)

/** One JSON-RPC call straight to the devnet's anvil (mining, automine, dropping a transaction): the whole reply. */
export function callNode(devnet: Devnet, method: string, params: unknown[] = []): Promise<{ result?: any; error?: { message: string } }> {
  return fetch(devnet.nodeUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) }).then((r) => r.json())
}
