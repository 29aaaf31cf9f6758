import { HttpResponse, http, type RequestHandler } from 'msw'
import { keccak256, toHex } from 'viem'
import { answerRpc, type JsonRpcRequest } from '../../src/testing/rpc.js'
import { chainNameOf, serveWalletHistory } from '../../src/testing/page.js'
import { MOCK_BASE_URL, MOCK_RPC_URL } from '../handlers.js'

/**
 * The fixture service plus a chain that moves: `arrive(chain)` gives the indexer a new transaction
 * of the wallet and the chain a new block; `setOffline(true)` makes the JSON-RPC endpoint (the head
 * poll) answer 503 until it is switched back. Counts what the feeds ask for.
 */
export function createArrivalHandlers() {
  const arrived = new Map<string, string[]>()
  const heads = new Map<string, number>()
  let offline = false
  let serial = 0
  const calls = { history: 0, firstPages: 0, polls: 0 }

  const handlers: RequestHandler[] = [
    http.get(`${MOCK_BASE_URL}/api/v2.2/wallets/:address/history`, ({ request, params }) => {
      calls.history++
      const url = new URL(request.url)
      const address = String(params.address)
      const page = serveWalletHistory(address, url.searchParams)
      const chain = chainNameOf(url.searchParams.get('chain') ?? 'eth') ?? 'eth'
      const fresh = arrived.get(`${chain}:${address.toLowerCase()}`) ?? []
      if (url.searchParams.has('cursor') || page.status !== 200) return new HttpResponse(page.body, { status: page.status, headers: page.headers })
      calls.firstPages++
      if (fresh.length === 0) return new HttpResponse(page.body, { status: page.status, headers: page.headers })
      // The fixture's text keeps its bare big numbers: the new entries go in front of its first one, as text.
      const body = page.body.replace(/"result"\s*:\s*\[\s*(\]?)/, (_m, end: string) => `"result":[${[...fresh].reverse().join(',')}${end ? ']' : ','}`)
      return new HttpResponse(body, { status: 200, headers: page.headers })
    }),
    http.post(`${MOCK_RPC_URL}/*`, async ({ request }) => {
      const chain = chainNameOf(new URL(request.url).pathname.split('/').filter(Boolean).pop() ?? 'eth') ?? 'eth'
      const body = (await request.json()) as JsonRpcRequest | JsonRpcRequest[]
      const list = Array.isArray(body) ? body : [body]
      if (list.some((r) => r.method === 'eth_blockNumber')) calls.polls++
      if (offline) return HttpResponse.json({ message: 'Service unavailable' }, { status: 503 })
      const answer = (r: JsonRpcRequest) => {
        const base = answerRpc(chain, r) as { result?: unknown }
        const moved = heads.get(chain) ?? 0
        // The fixture head, moved on by every arrival.
        return r.method === 'eth_blockNumber' && typeof base.result === 'string' ? { ...base, result: toHex(BigInt(base.result) + BigInt(moved)) } : base
      }
      return HttpResponse.json(Array.isArray(body) ? list.map(answer) : answer(list[0]!))
    }),
  ]

  return Object.assign(handlers, {
    calls,
    /** A new transaction of `wallet` on `chain`, indexed, and a new block: the feed's next poll sees it. */
    arrive(chain: string, wallet: string, count = 1): string[] {
      const key = `${chain}:${wallet.toLowerCase()}`
      const hashes: string[] = []
      for (let i = 0; i < count; i++) {
        const hash = keccak256(toHex(`arrival:${chain}:${++serial}`))
        hashes.push(hash)
        const entry = {
          hash,
          from_address: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8',
          to_address: wallet.toLowerCase(),
          value: String(BigInt(serial) * 10n ** 16n),
          receipt_status: '1',
          block_timestamp: new Date().toISOString(),
          block_number: String(30_000_000 + serial),
          category: 'receive',
        }
        arrived.set(key, [...(arrived.get(key) ?? []), JSON.stringify(entry)])
      }
      heads.set(chain, (heads.get(chain) ?? 0) + 1)
      return hashes
    },
    setOffline(value: boolean) {
      offline = value
    },
    reset() {
      arrived.clear()
      heads.clear()
      offline = false
      calls.history = calls.firstPages = calls.polls = 0
    },
  })
}
