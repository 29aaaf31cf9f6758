import { checkChain } from '../core/chains.js'
import { InvalidParameterError } from '../core/errors.js'
import { redact } from '../core/redact.js'
import { normalizeRpcRequest, rpcMethods } from '../core/rpc/methods.js'
import { rpcUrlFor } from '../core/rpc/rpc.js'
import { clip } from '../core/text.js'
import { sameOrigin } from '../core/url.js'
import { jsonHeaders, Refusal } from './access.js'
import { answerBatch, methodNotFound, readId, rpcErrorCode, type CallVerdict, type ChunkOutcome, type JsonRpcId } from './jsonRpc.js'
import { signalDeparture, textOf, type Departure, type Incoming, type Reply, type Tools, type UpstreamAnswer } from './exchange.js'
import type { ByteBudget } from './readCapped.js'
import { decodeRequestBody } from './requestBody.js'
import { answerKeptCall, batchResults, isOk, notJson } from './rpcCachedCalls.js'
import { rpcCachePolicy } from './rpcCache.js'
import { readUpstream, retryAfterOf, startsLikeJson, upstreamFetch, type ProxyConfig } from './upstream.js'

const ALLOWED = `this proxy forwards the ${rpcMethods.length} methods of the Blockchain Data Service Interface v2.2 only`

/**
 * `POST …/rpc`. A single call is checked and forwarded as it is, and anything wrong with it is
 * refused over HTTP (4xx and a `ProxyErrorBody`). A batch is answered as a node answers one:
 * up to `maxBatchSize` calls, each checked on its own (a bad one gets a JSON-RPC error, the
 * others still go), sent upstream in chunks of `upstreamBatchSize`, replies matched by id.
 */
export async function forwardRpc(config: ProxyConfig, tools: Tools, request: Incoming, cors: Record<string, string>): Promise<Reply> {
  const chain = chainOf(request.url, config)
  const target = rpcUrlFor({ rpc: config.rpc }, chain)

  const type = request.header('content-type') ?? ''
  // JSON-RPC over HTTP names application/json-rpc (and application/jsonrequest) beside application/json; none is a
  // type a cross-site form or simple request may send, so each still takes a CORS preflight.
  if (!/^application\/(?:json|json-rpc|jsonrequest)\s*(;|$)/i.test(type)) {
    throw new Refusal(415, 'unsupported_media_type', 'Send JSON-RPC as Content-Type: application/json')
  }
  const declared = Number(request.header('content-length') ?? '0')
  if (declared > config.maxRequestBytes) throw new Refusal(413, 'body_too_large', `Request bodies are limited to ${config.maxRequestBytes} bytes`)
  const sent = await request.body(config.maxRequestBytes)
  const coding = request.header('content-encoding')
  const bytes = sent && coding ? await decodeRequestBody(sent, coding, config.maxRequestBytes) : sent
  if (bytes === undefined) throw new Refusal(413, 'body_too_large', `Request bodies are limited to ${config.maxRequestBytes} bytes`)

  let body: unknown
  try {
    body = JSON.parse(textOf(bytes))
  } catch {
    throw new Refusal(400, 'invalid_json', 'The request body is not JSON')
  }

  const headers = upstreamHeaders(config, target)
  const post = (payload: unknown, departure: Departure = request.departure) =>
    upstreamFetch(config, tools, target, { method: 'POST', headers, body: JSON.stringify(payload), departure })

  if (!Array.isArray(body)) {
    const call = checkSingle(body)
    if (call.id === undefined) {
      // JSON-RPC 2.0: a notification is carried out (sent upstream as one, without an id) but never answered, as in a batch.
      await readUpstream(config, tools, await post(call))
      return { status: 204, headers: cors, body: null }
    }
    const policy = config.cache && rpcCachePolicy(chain, call, config.cache)
    if (config.cache && policy) return answerKeptCall(config.cache, policy, { id: call.id, method: call.method }, (shared) => post(call, signalDeparture(shared)), config, tools, cors, request.departure.signal)
    const upstream = await post(call)
    const reply = await readUpstream(config, tools, upstream)
    const headers: Record<string, string> = { ...cors, ...jsonHeaders }
    // A client told when to come back (a tracker polling a receipt) does not come back early.
    const retryAfter = retryAfterOf(upstream)
    if (retryAfter) headers['retry-after'] = retryAfter
    // An HTML error page (a load balancer's 502) or an empty body: a JSON-RPC client could read nothing of it.
    if (!startsLikeJson(reply)) return { status: isOk(upstream) ? 502 : upstream.status, headers, body: JSON.stringify(notJson(call.id, upstream.status)) }
    return { status: upstream.status, headers, body: reply }
  }

  const budget: ByteBudget = { left: config.maxResponseBytes }
  const answer = await answerBatch(body, {
    maxBatchSize: config.maxBatchSize,
    upstreamBatchSize: config.upstreamBatchSize,
    upstreamConcurrency: config.upstreamConcurrency,
    check: (call, at) => checkCall(call, at, config.secrets),
    send: (calls) => sendChunk(config, tools, () => post(calls), budget),
    results: config.cache && batchResults(config.cache, chain, (call, shared) => post({ jsonrpc: '2.0', id: 1, ...call }, signalDeparture(shared)), config, tools, budget, request.departure.signal),
  })
  if (answer.body === undefined) return { status: 204, headers: cors, body: null }
  return { status: answer.status, headers: { ...cors, ...jsonHeaders, ...answer.headers }, body: redact(JSON.stringify(answer.body), config.secrets) }
}

/** The chain of `?chain=` (the only query parameter), else the default chain. */
function chainOf(url: URL, config: ProxyConfig): string | undefined {
  // No query, the usual request: its parameters are not parsed at all.
  if (url.search === '') return config.defaultChain
  const query = url.searchParams
  for (const key of query.keys()) {
    if (key !== 'chain') throw new Refusal(400, 'invalid_parameter', `Unknown query parameter \`${clip(key)}\``, clip(key))
  }
  if (query.getAll('chain').length > 1) throw new Refusal(400, 'invalid_parameter', 'Query parameter `chain` is repeated', 'chain')
  const given = query.get('chain') ?? undefined
  return given === undefined ? config.defaultChain : checkChain(given, config.extraChains)
}

/**
 * The headers of a call to `target`, made once per URL (never changed once made): the key only when
 * `rpcApiKey` says so, or by default when the URL has the base URL's origin (two URL parses a call otherwise).
 */
function upstreamHeaders(config: ProxyConfig, target: string): Readonly<Record<string, string>> {
  let byTarget = headersOf.get(config)
  if (!byTarget) headersOf.set(config, (byTarget = new Map()))
  let headers = byTarget.get(target)
  if (!headers) {
    const made: Record<string, string> = { accept: 'application/json', 'content-type': 'application/json' }
    if (config.rpcApiKey ?? sameOrigin(target, config.baseUrl)) made['x-api-key'] = config.apiKey
    // A few URLs per deployment; a function that makes new ones per call must not grow this without end.
    if (byTarget.size >= 256) byTarget.clear()
    byTarget.set(target, (headers = made))
  }
  return headers
}
const headersOf = new WeakMap<ProxyConfig, Map<string, Readonly<Record<string, string>>>>()


/** A single call, or the refusal that names what is wrong with it. */
function checkSingle(call: unknown): { jsonrpc: '2.0'; id: JsonRpcId | undefined; method: string; params: unknown } {
  if (call === null || typeof call !== 'object') throw new Refusal(400, 'invalid_request', 'Each JSON-RPC call must be an object')
  const c = call as { jsonrpc?: unknown; method?: unknown; params?: unknown }
  if (c.jsonrpc !== '2.0') throw new Refusal(400, 'invalid_request', 'Expected "jsonrpc": "2.0"', 'jsonrpc')
  const id = readId(call)
  if (id === false) throw new Refusal(400, 'invalid_request', 'Expected an id that is a number (whole ones at most 2^53 - 1, which JSON parsers keep exactly), text of at most 128 characters, or null', 'id')
  try {
    const { method, params } = normalizeRpcRequest({ method: c.method, params: c.params })
    return { jsonrpc: '2.0', id, method, params }
  } catch (error) {
    if (!(error instanceof InvalidParameterError)) throw error
    if (error.parameter === 'method') throw new Refusal(403, 'rpc_method_not_allowed', error.message, 'method')
    throw new Refusal(400, 'invalid_parameter', error.message, error.parameter)
  }
}

/** One call of a batch: what goes upstream, or the JSON-RPC error a node would answer with. */
function checkCall(call: { method: unknown; params: unknown }, at: string, secrets: readonly string[]): CallVerdict {
  try {
    return normalizeRpcRequest(call)
  } catch (error) {
    if (!(error instanceof InvalidParameterError)) throw error
    const parameter = `${at}${error.parameter}`
    if (error.parameter === 'method') return { error: { ...methodNotFound(call.method, ALLOWED), data: { parameter } } }
    return { error: { code: rpcErrorCode.invalidParams, message: `Invalid params: ${redact(error.message, secrets)}`, data: { parameter } } }
  }
}

/** One chunk upstream; every way it can fail becomes an error for its calls only. */
async function sendChunk(config: ProxyConfig, tools: Tools, post: () => Promise<UpstreamAnswer>, budget: ByteBudget): Promise<ChunkOutcome> {
  let upstream: UpstreamAnswer
  let text: string
  try {
    upstream = await post()
    text = textOf(await readUpstream(config, tools, upstream, budget))
  } catch (error) {
    const message = error instanceof Refusal ? error.message : 'The upstream request failed'
    return { ok: false, error: { code: rpcErrorCode.internalError, message: `Internal error: ${message}` } }
  }
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    body = undefined
  }
  if (isOk(upstream) && body !== undefined) return { ok: true, body }
  if (isOk(upstream)) return { ok: false, error: { code: rpcErrorCode.internalError, message: 'Internal error: the upstream service answered with something that is not JSON' } }
  // A JSON-RPC answer under an HTTP error status still says what went wrong.
  if (body !== undefined && (Array.isArray(body) || (typeof body === 'object' && body !== null && 'error' in body && typeof body.error === 'object'))) {
    return { ok: true, body }
  }
  const limited = upstream.status === 429
  return {
    ok: false,
    status: upstream.status,
    retryAfter: retryAfterOf(upstream),
    error: limited
      ? { code: rpcErrorCode.limitExceeded, message: 'Limit exceeded: the upstream service is rate-limiting these calls; retry later' }
      : { code: rpcErrorCode.internalError, message: `Internal error: the upstream service answered HTTP ${upstream.status}` },
  }
}
