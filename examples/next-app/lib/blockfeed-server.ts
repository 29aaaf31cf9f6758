import 'server-only'
import { createClient, type BlockfeedClient } from 'blockfeed'
import { createProxyHandler, type ProxyHandler } from 'blockfeed/server'

/** The feed's chain and any chain beyond the spec's 13 (a devnet's 0x7a69), from the environment. */
export const feedChain = process.env.BLOCKFEED_CHAIN ?? 'eth'
export const extraChains = (process.env.BLOCKFEED_EXTRA_CHAINS ?? '').split(',').filter(Boolean)

// Made on first use, not at import: `next build` loads this module without the server's secrets.
let handler: ProxyHandler | undefined
let client: BlockfeedClient | undefined

/** The proxy; the key stays here: only the server reads BLOCKFEED_API_KEY. */
export function proxy(request: Request): Promise<Response> {
  handler ??= createProxyHandler({
    baseUrl: process.env.BLOCKFEED_BASE_URL!,
    apiKey: process.env.BLOCKFEED_API_KEY!,
    rpc: { url: process.env.BLOCKFEED_RPC_URL! },
    defaultChain: feedChain,
    extraChains,
  })
  return handler(request)
}

/**
 * The browser's client, for use on the server: the same base URL (so query keys match and the
 * prefetched page hydrates), with its requests handed to the proxy in-process instead of over HTTP.
 */
export function serverClient(): BlockfeedClient {
  client ??= createClient({
    baseUrl: '/api/blockfeed',
    rpc: { url: '/api/blockfeed/rpc' },
    chain: feedChain,
    extraChains,
    fetch: (input, init) => proxy(new Request(new URL(String(input), 'http://localhost'), init)),
  })
  return client
}
