import { InvalidParameterError } from '../core/errors.js'
import {
  normalizeWalletHistoryParameters,
  toWalletHistorySearchParams,
  walletHistoryPath,
  walletHistoryQueryNames,
  type WalletHistoryParameters,
} from '../core/history/params.js'
import { clip } from '../core/text.js'
import { jsonHeaders, Refusal } from './access.js'
import { joinPieces, signalDeparture, textOf, type Departure, type Reply, type Tools, type UpstreamAnswer } from './exchange.js'
import { notJsonBody, passesAsJson, readUpstream, relay, retryAfterOf, upstreamFetch, type ProxyConfig } from './upstream.js'

// Wire name ↔ parameter name, from the core's one table; Maps, so `constructor` or `__proto__` is no name.
const PARAMETER_OF = new Map(Object.entries(walletHistoryQueryNames).map(([name, wire]) => [wire as string, name as keyof WalletHistoryParameters]))
const WIRE_OF = new Map<string, string>(Object.entries(walletHistoryQueryNames))
const BOOLEAN_PARAMS = new Set(['include_internal_transactions', 'include_input_data', 'nft_metadata'])
// Cursors are opaque tokens: printable ASCII only, and not unbounded.
const CURSOR = /^[\x21-\x7e]{1,2048}$/

/**
 * `GET …/wallets/{address}/history`: the query checked and re-serialized from the core's
 * parameters (nothing of the client's text goes upstream unread), the key added.
 */
export function forwardHistory(config: ProxyConfig, tools: Tools, target: string, departure: Departure): Promise<UpstreamAnswer> {
  let headers = historyHeaders.get(config)
  if (!headers) historyHeaders.set(config, (headers = { accept: 'application/json', 'x-api-key': config.apiKey }))
  return upstreamFetch(config, tools, target, { method: 'GET', headers, departure })
}
/** The headers of every history request of a proxy, made once. */
const historyHeaders = new WeakMap<ProxyConfig, Readonly<Record<string, string>>>()

/**
 * The upstream URL for a history request: one spelling per question (parameters normalized and
 * in one order), which is also what the cache keys pages by.
 */
export function historyTarget(config: ProxyConfig, address: string, query: URLSearchParams): string {
  const params: Partial<Record<keyof WalletHistoryParameters, unknown>> = { address }
  for (const key of new Set(query.keys())) {
    const name = PARAMETER_OF.get(key)
    if (!name) throw new Refusal(400, 'invalid_parameter', `Unknown query parameter \`${clip(key)}\``, clip(key))
    const values = query.getAll(key)
    if (values.length > 1) throw new Refusal(400, 'invalid_parameter', `Query parameter \`${key}\` is repeated`, key)
    params[name] = readQueryValue(key, values[0]!)
  }
  let normalized
  try {
    normalized = normalizeWalletHistoryParameters(params as WalletHistoryParameters, { chain: config.defaultChain, extraChains: config.extraChains })
  } catch (error) {
    // The core names parameters as TypeScript does; the client sent the wire names.
    if (!(error instanceof InvalidParameterError)) throw error
    const parameter = WIRE_OF.get(error.parameter) ?? error.parameter
    throw new Refusal(400, 'invalid_parameter', `Invalid parameter \`${parameter}\`: ${error.reason}`, parameter)
  }
  const search = toWalletHistorySearchParams(normalized).toString()
  return `${config.baseUrl}${walletHistoryPath(normalized.address)}${search ? `?${search}` : ''}`
}

function readQueryValue(key: string, value: string): unknown {
  if (BOOLEAN_PARAMS.has(key)) {
    if (value === 'true' || value === 'false') return value === 'true'
    throw new Refusal(400, 'invalid_parameter', `Invalid parameter \`${key}\`: expected true or false`, key)
  }
  if (key === 'limit') {
    if (/^\d{1,9}$/.test(value)) return Number(value)
    throw new Refusal(400, 'invalid_parameter', 'Invalid parameter `limit`: expected a positive integer', key)
  }
  if (key === 'cursor' && !CURSOR.test(value)) {
    throw new Refusal(400, 'invalid_parameter', 'Invalid parameter `cursor`: expected printable text without spaces, at most 2048 characters', key)
  }
  return value
}

/** A wallet-history page: relayed, or through the cache (identical concurrent requests cost one upstream call). */
export async function answerHistory(config: ProxyConfig, tools: Tools, target: string, departure: Departure, cors: Record<string, string>): Promise<Reply> {
  if (!config.cache) return relay(config, tools, await forwardHistory(config, tools, target, departure), cors)
  const answer = await config.cache.through(
    `history:${target}`,
    config.cache.ttlSeconds,
    // Aborted only when every client waiting on this page has gone.
    async (shared) => {
      const upstream = await forwardHistory(config, tools, target, signalDeparture(shared))
      const body = await readUpstream(config, tools, upstream)
      // Not JSON: the proxy's error instead, and never kept (its status is not 200).
      if (!passesAsJson(upstream.status, body)) return { ...notJsonBody(upstream.status), retryAfter: retryAfterOf(upstream) }
      const bytes = joinPieces(body)
      return { status: upstream.status, body: textOf(bytes), bytes, retryAfter: retryAfterOf(upstream) }
    },
    (a) => a.status === 200,
    departure.signal,
  )
  const headers: Record<string, string> = { ...cors, ...jsonHeaders, 'x-blockfeed-cache': answer.cache }
  if (answer.retryAfter) headers['retry-after'] = answer.retryAfter
  return { status: answer.status, headers, body: answer.bytes ?? answer.body }
}
