import { describe, expect, it } from 'vitest'
import { createClient } from '../../../src/exports/index.js'

const RPC = 'https://rpc.test/node'

/** A node answering every call with the name of the client whose fetch carried it. */
function nodeSeenBy(name: string) {
  const seen: { url: string; methods: string[]; apiKey: string | null }[] = []
  const fetchFn: typeof fetch = async (input, init) => {
    const body = JSON.parse(String(init?.body)) as { id: number; method: string } | { id: number; method: string }[]
    const calls = [body].flat()
    seen.push({ url: String(input), methods: calls.map((c) => c.method), apiKey: new Headers(init?.headers).get('x-api-key') })
    const replies = calls.map((c) => ({ jsonrpc: '2.0', id: c.id, result: name }))
    return Response.json(Array.isArray(body) ? replies : replies[0])
  }
  return { fetchFn, seen }
}

// In the lowest-node project this runs against viem 2.37, whose http transports share one batch
// queue per URL across the page.
describe('two clients on one node URL', () => {
  it('keep their batches apart: each call goes out with its own client’s fetch and key, to the URL as given', async () => {
    const a = nodeSeenBy('a')
    const b = nodeSeenBy('b')
    const clientA = createClient({ baseUrl: 'https://a.test', apiKey: 'key-a', rpc: { url: 'https://a.test/rpc' }, fetch: a.fetchFn, retry: false })
    const clientB = createClient({ baseUrl: 'https://b.test', apiKey: 'key-b', rpc: { url: RPC }, fetch: b.fetchFn, retry: false })
    const clientA2 = createClient({ baseUrl: 'https://a.test', rpc: { url: RPC }, fetch: a.fetchFn, retry: false })

    // Same tick, same URL: one batch each under a per-client queue, one shared batch under a per-URL one.
    const answers = await Promise.all([
      clientA2.rpc({ method: 'eth_blockNumber' }),
      clientB.rpc({ method: 'eth_chainId' }),
      clientA2.rpc({ method: 'eth_gasPrice' }),
      clientB.rpc({ method: 'eth_blockNumber' }),
      clientA.rpc({ method: 'eth_chainId' }),
    ])

    expect(answers).toEqual(['a', 'b', 'a', 'b', 'a'])
    expect(b.seen).toEqual([{ url: RPC, methods: ['eth_chainId', 'eth_blockNumber'], apiKey: null }])
    expect(a.seen.map((s) => s.url).sort()).toEqual(['https://a.test/rpc', RPC])
    expect(a.seen.find((s) => s.url === RPC)!.methods).toEqual(['eth_blockNumber', 'eth_gasPrice'])
    // The API key goes only to the service's own origin.
    expect(a.seen.find((s) => s.url === 'https://a.test/rpc')!.apiKey).toBe('key-a')
  })
})
