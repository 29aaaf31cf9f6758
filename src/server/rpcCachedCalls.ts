import { jsonHeaders, Refusal } from './access.js'
import { outcomeOf, rpcErrorCode, type BatchResultCache, type CallOutcome, type JsonRpcErrorObject, type JsonRpcId, type JsonRpcReply } from './jsonRpc.js'
import { textOf, type Reply, type Tools, type UpstreamAnswer } from './exchange.js'
import type { ByteBudget } from './readCapped.js'
import { isKeepable, rpcCachePolicy, rpcResultCache, type RpcCachePolicy } from './rpcCache.js'
import type { CachedAnswer, CacheOutcome, ResponseCache } from './store/cache.js'
import { readUpstream, retryAfterOf, startsLikeJson, type ProxyConfig } from './upstream.js'

// The JSON-RPC calls the proxy's cache may answer (rpcCache.ts says which, and for how long): a single
// call, or the calls of a batch, answered from the cache, from an identical call under way (here, or on
// another instance through Redis) or upstream; and what a node would answer for a body that is not JSON.

/** Whether an upstream answer's status is a success (2xx). */
export const isOk = (upstream: UpstreamAnswer) => upstream.status >= 200 && upstream.status < 300

/** An upstream answer to a call the cache may keep: its result (JSON text) when kept, else the whole answer, shared only with identical concurrent calls. */
type CallAnswer = CachedAnswer & { whole?: boolean }

/**
 * A call the cache may answer: from the cache, from an identical call already under way (here, or on
 * another instance through Redis), or upstream; each client gets the answer under its own id.
 */
export async function answerKeptCall(
  cache: ResponseCache,
  policy: RpcCachePolicy,
  call: { id: JsonRpcId; method: string },
  post: (signal: AbortSignal) => Promise<UpstreamAnswer>,
  config: ProxyConfig,
  tools: Tools,
  cors: Record<string, string>,
  signal: AbortSignal,
): Promise<Reply> {
  const answer = await keptCall(cache, policy, call.method, post, config, tools, signal)
  const headers: Record<string, string> = { ...cors, ...jsonHeaders, 'x-blockfeed-cache': answer.cache }
  if (answer.retryAfter) headers['retry-after'] = answer.retryAfter
  const id = JSON.stringify(call.id)
  if (!answer.whole) return { status: 200, headers, body: `{"jsonrpc":"2.0","id":${id},"result":${answer.body}}` }
  if (!/^[\s\ufeff]*[{[]/.test(answer.body)) return { status: answer.status >= 200 && answer.status < 300 ? 502 : answer.status, headers, body: JSON.stringify(notJson(call.id, answer.status)) }
  return { status: answer.status, headers, body: answer.cache === 'miss' ? answer.body : withId(answer.body, call.id) }
}

/**
 * The answer to a call the cache may keep: kept, shared with an identical call under way (here or, with
 * Redis, on another instance), or loaded with `post`. Single calls and the calls of batches share it.
 */
function keptCall(
  cache: ResponseCache,
  policy: RpcCachePolicy,
  method: string,
  post: (signal: AbortSignal) => Promise<UpstreamAnswer>,
  config: ProxyConfig,
  tools: Tools,
  signal: AbortSignal,
): Promise<CallAnswer & { cache: CacheOutcome }> {
  return cache.through(
    policy.key,
    policy.ttlSeconds,
    // Aborted only when every client waiting on this call has gone.
    async (shared): Promise<CallAnswer> => {
      const upstream = await post(shared)
      const reply = await readUpstream(config, tools, upstream)
      const text = textOf(reply)
      const result = isOk(upstream) && startsLikeJson(reply) ? resultOf(text) : undefined
      // Kept as the batch path keeps results (rpcResultCache), so that either finds what the other stored.
      if (result !== undefined && isKeepable(method, result)) return { status: 200, body: JSON.stringify(result) }
      return { status: upstream.status, body: text, retryAfter: retryAfterOf(upstream), whole: true }
    },
    (a: CallAnswer) => !a.whole,
    signal,
    { lockMs: policy.lockMs },
  )
}

/**
 * The kept results a batch's calls may be answered with: reads by hash from the cache; head reads
 * shared as single calls share them (at most `upstreamConcurrency` of one batch loading at once), so
 * that tabs whose clients batch their polls still cost one upstream call between them.
 */
export function batchResults(
  cache: ResponseCache,
  chain: string | undefined,
  post: (call: { method: string; params: unknown }, signal: AbortSignal) => Promise<UpstreamAnswer>,
  config: ProxyConfig,
  tools: Tools,
  budget: ByteBudget,
  signal: AbortSignal,
): BatchResultCache {
  const kept = rpcResultCache(cache)
  const loading = bounded(config.upstreamConcurrency)
  return {
    lookup: async (call) => {
      const policy = rpcCachePolicy(chain, call, cache)
      if (!policy) return undefined
      if (policy.lockMs === undefined) {
        const result = await kept.get(policy)
        return result === undefined ? undefined : { result }
      }
      return loading(() => sharedInBatch(cache, policy, call, (shared) => post(call, shared), config, tools, budget, signal))
    },
    remember: (call, result) => {
      const policy = rpcCachePolicy(chain, call, cache)
      if (policy && policy.lockMs === undefined && isKeepable(call.method, result)) void kept.put(policy, result)
    },
  }
}

/** A head read of a batch, answered from the shared answer; every way it can fail becomes an error for this call only. */
async function sharedInBatch(
  cache: ResponseCache,
  policy: RpcCachePolicy,
  call: { method: string },
  post: (signal: AbortSignal) => Promise<UpstreamAnswer>,
  config: ProxyConfig,
  tools: Tools,
  budget: ByteBudget,
  signal: AbortSignal,
): Promise<CallOutcome> {
  let answer: CallAnswer
  try {
    answer = await keptCall(cache, policy, call.method, post, config, tools, signal)
  } catch (error) {
    const message = error instanceof Refusal ? error.message : 'The upstream request failed'
    return { error: { code: rpcErrorCode.internalError, message: `Internal error: ${message}` } }
  }
  // The batch's answers share one cap, whoever loaded this one.
  budget.left -= answer.body.length
  if (budget.left < 0) return { error: { code: rpcErrorCode.internalError, message: `Internal error: The upstream body is larger than ${config.maxResponseBytes} bytes` } }
  if (!answer.whole) return { result: JSON.parse(answer.body) as unknown }
  let body: unknown
  try {
    body = JSON.parse(answer.body)
  } catch {
    body = undefined
  }
  // A JSON-RPC answer (a null result, an error, even under an HTTP error status) says what it says.
  const ok = answer.status >= 200 && answer.status < 300
  if (body !== null && typeof body === 'object' && !Array.isArray(body) && (ok || 'error' in body)) return outcomeOf(body)
  return { error: notJsonError(answer.status) }
}

/** Runs at most `n` tasks at once; the others wait their turn. */
function bounded(n: number): <T>(task: () => Promise<T>) => Promise<T> {
  let running = 0
  const waiting: (() => void)[] = []
  return async (task) => {
    if (running < n) running += 1
    // A finishing task hands its turn on directly: nobody arriving in between takes it.
    else await new Promise<void>((resolve) => waiting.push(resolve))
    try {
      return await task()
    } finally {
      const next = waiting.shift()
      if (next) next()
      else running -= 1
    }
  }
}

/** A single JSON-RPC answer under another id (an identical call's answer, shared). */
function withId(text: string, id: JsonRpcId): string {
  try {
    const body = JSON.parse(text) as unknown
    return body !== null && typeof body === 'object' && !Array.isArray(body) ? JSON.stringify({ ...body, id }) : text
  } catch {
    return text
  }
}

/** What a node would answer for an upstream body that is not JSON: an error under the call's id (limit exceeded for a 429, which clients retry). */
export function notJson(id: JsonRpcId, status: number): JsonRpcReply {
  return { jsonrpc: '2.0', id, error: notJsonError(status) }
}

function notJsonError(status: number): JsonRpcErrorObject {
  return status === 429
    ? { code: rpcErrorCode.limitExceeded, message: 'Limit exceeded: the upstream service is rate-limiting these calls; retry later' }
    : { code: rpcErrorCode.internalError, message: `Internal error: the upstream service answered HTTP ${status} with a body that is not JSON` }
}

/** The `result` of a single JSON-RPC answer, or undefined when it is an error or not JSON-RPC. */
function resultOf(text: string): unknown {
  try {
    const body = JSON.parse(text) as { result?: unknown; error?: unknown }
    return body !== null && typeof body === 'object' && body.error === undefined ? body.result : undefined
  } catch {
    return undefined
  }
}

