import { createTestClient, http, publicActions, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { foundry } from 'viem/chains'
import { createClient } from '../../../src/core/client.js'
import { startAnvil, type Anvil } from '../../support/anvil.js'

/** anvil's public dev keys (accounts 0–3 of the default mnemonic). */
export const devKeys = [
  '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
  '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
  '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a',
  '0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6',
] as const
export const accounts = devKeys.map((k) => privateKeyToAccount(k))

/** Records every HTTP request (and its JSON-RPC methods), then forwards it. */
export function countingFetch() {
  const requests: { methods: string[] }[] = []
  const fetchFn: typeof fetch = async (input, init) => {
    let methods: string[] = []
    if (typeof init?.body === 'string') {
      const body = JSON.parse(init.body) as { method: string } | { method: string }[]
      methods = (Array.isArray(body) ? body : [body]).map((c) => c.method)
    }
    requests.push({ methods })
    return fetch(input, init)
  }
  return {
    fetch: fetchFn,
    requests,
    calls: (method: string) => requests.flatMap((r) => r.methods).filter((m) => m === method).length,
    reset: () => void requests.splice(0),
  }
}

/** anvil with automine off (transactions stay pending until `mine`), a viem test client and blockfeed clients on it. */
export async function startHeldChain() {
  const anvil: Anvil = await startAnvil()
  const test = createTestClient({ chain: foundry, mode: 'anvil', transport: http(anvil.rpcUrl) }).extend(publicActions)
  await test.setAutomine(false)
  const counter = countingFetch()
  const makeClient = () =>
    createClient({ baseUrl: 'http://127.0.0.1:1', rpc: { url: anvil.rpcUrl }, chain: '0x7a69', extraChains: ['0x7a69'], retry: false, fetch: counter.fetch })
  const nonces = new Map<number, number>()
  /** Signs a transaction with dev account `who` (next nonce unless given) and sends it; returns hash and raw. */
  async function send(who: number, tx: { to?: Hex; value?: bigint; data?: Hex; gas?: bigint; nonce?: number; tip?: bigint } = {}) {
    const account = accounts[who]!
    const nonce = tx.nonce ?? nonces.get(who) ?? (await test.getTransactionCount({ address: account.address, blockTag: 'pending' }))
    nonces.set(who, Math.max(nonces.get(who) ?? 0, nonce + 1))
    const tip = tx.tip ?? 1_000_000_000n
    const raw = await account.signTransaction({
      chainId: foundry.id,
      type: 'eip1559',
      nonce,
      to: tx.to ?? '0x00000000000000000000000000000000000b10c4',
      value: tx.value ?? 1n,
      data: tx.data,
      gas: tx.gas ?? 100_000n,
      maxFeePerGas: 100_000_000_000n + tip,
      maxPriorityFeePerGas: tip,
    })
    const hash = await test.sendRawTransaction({ serializedTransaction: raw })
    return { hash, raw, nonce }
  }
  return { anvil, test, counter, makeClient, send }
}

/**
 * A JSON-RPC node over fetch that answers each call (one by one in a batch) with
 * `answer(method, params)`, recording what it was asked: for a real client on a node that says
 * exactly what a test wants it to say.
 */
export function answeringNode(answer: (method: string, params: unknown[]) => unknown) {
  const calls: { method: string; params: unknown[] }[] = []
  const fetchFn: typeof fetch = async (_input, init) => {
    type Call = { id: number; method: string; params?: unknown[] }
    const body = JSON.parse(String(init?.body)) as Call | Call[]
    const replies = (Array.isArray(body) ? body : [body]).map((c) => {
      const params = c.params ?? []
      calls.push({ method: c.method, params })
      return { jsonrpc: '2.0', id: c.id, result: answer(c.method, params) }
    })
    return new Response(JSON.stringify(Array.isArray(body) ? replies : replies[0]), { headers: { 'content-type': 'application/json' } })
  }
  return { fetch: fetchFn, calls }
}
