import { clip } from '../core/text.js'

/**
 * JSON-RPC 2.0 batches answered the way a node answers them, shared by the proxy and the
 * devnet's `/rpc`: each call of a batch stands alone (a bad call gets its own error object),
 * allowed calls go upstream in chunks the service accepts, and the reply holds one object
 * per request id, in the request's order.
 */

export type JsonRpcId = number | string | null

export interface JsonRpcErrorObject {
  code: number
  message: string
  data?: unknown
}

export type JsonRpcReply = { jsonrpc: '2.0'; id: JsonRpcId } & ({ result: unknown } | { error: JsonRpcErrorObject })

/** The error codes of JSON-RPC 2.0, and EIP-1474's "limit exceeded" (which clients retry). */
export const rpcErrorCode = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internalError: -32603,
  limitExceeded: -32005,
} as const

export const rpcError = (id: JsonRpcId, code: number, message: string, data?: unknown): JsonRpcReply => ({
  jsonrpc: '2.0',
  id,
  error: data === undefined ? { code, message } : { code, message, data },
})

/** The proxy's defaults, which the devnet's `/rpc` keeps too: ethers' `batchMaxCount`, the service's cap per request. */
export const batchLimits = { maxBatchSize: 100, upstreamBatchSize: 20, upstreamConcurrency: 5 } as const

/** What a call's checker decides: send it upstream as `{ method, params }`, or answer it with this error. */
export type CallVerdict = { method: string; params: unknown } | { error: JsonRpcErrorObject }

/** One upstream request for a chunk of calls: its parsed body, or why it failed. */
export type ChunkOutcome =
  | { ok: true; body: unknown }
  | { ok: false; error: JsonRpcErrorObject; status?: number | undefined; retryAfter?: string | undefined }

export interface BatchOptions {
  /** Most calls a client may send in one batch. */
  maxBatchSize: number
  /** Most calls sent upstream in one request (the service's cap). */
  upstreamBatchSize: number
  /** Upstream requests in flight at once for one batch. */
  upstreamConcurrency: number
  /** Checks one well-formed call; `at` is its place in the batch, e.g. `[3].`. */
  check: (call: { method: unknown; params: unknown }, at: string) => CallVerdict
  /** Sends one chunk upstream (ids are the proxy's own, `0…n-1` over the batch). */
  send: (calls: { jsonrpc: '2.0'; id: number; method: string; params: unknown }[]) => Promise<ChunkOutcome>
  /** Results kept from earlier answers: looked up before sending, offered every new result. */
  results?: BatchResultCache | undefined
}

/** A call's answer without its id: its result, or its error. */
export type CallOutcome = { result: unknown } | { error: JsonRpcErrorObject }

export interface BatchResultCache {
  /** A kept (or shared) answer for this call, or undefined to send it upstream. */
  lookup(call: { method: string; params: unknown }): Promise<CallOutcome | undefined>
  remember(call: { method: string; params: unknown }, result: unknown): void
}

export interface BatchAnswer {
  status: number
  headers: Record<string, string>
  /** `undefined` when every call was a notification: nothing to answer. */
  body: JsonRpcReply | JsonRpcReply[] | undefined
}

/** The id of a call as the client wrote it; `undefined` for a notification, `false` for an id JSON-RPC does not allow. */
export function readId(call: object): JsonRpcId | undefined | false {
  if (!Object.hasOwn(call, 'id')) return undefined
  const id = (call as { id: unknown }).id
  if (id === null || (typeof id === 'string' && id.length <= 128)) return id
  // A whole number past 2^53 - 1 has already lost digits in JSON.parse: answered under it, the reply would carry an id the client never sent.
  if (typeof id === 'number' && Number.isFinite(id) && (!Number.isInteger(id) || Number.isSafeInteger(id))) return id
  return false
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v)

/** A call as it goes upstream, under the proxy's own id: its place in the batch. */
type UpstreamCall = { jsonrpc: '2.0'; id: number; method: string; params: unknown }

/** A batch being answered, one slot per member: its reply once known, the client's id, whether it is a notification. */
interface BatchSlots {
  replies: (JsonRpcReply | undefined)[]
  ids: (JsonRpcId | undefined)[]
  notifications: boolean[]
  /** The well-formed, allowed calls, still to be answered. */
  calls: UpstreamCall[]
}

type ChunkFailure = Extract<ChunkOutcome, { ok: false }>

const answered = (body: BatchAnswer['body']): BatchAnswer => ({ status: 200, headers: {}, body })

/** Answers a batch (the parsed array) as a node would. */
export async function answerBatch(members: readonly unknown[], options: BatchOptions): Promise<BatchAnswer> {
  // JSON-RPC 2.0: an empty array is one invalid request, answered by one error.
  if (members.length === 0) return answered(rpcError(null, rpcErrorCode.invalidRequest, 'Invalid request: an empty batch'))
  if (members.length > options.maxBatchSize) return answered(refuseOversized(members, options.maxBatchSize))

  const slots = readMembers(members, options.check)
  const toSend = options.results ? await answerFromResults(slots, options.results) : slots.calls
  const chunks: UpstreamCall[][] = []
  for (let k = 0; k < toSend.length; k += options.upstreamBatchSize) chunks.push(toSend.slice(k, k + options.upstreamBatchSize))
  const failures = await sendChunks(slots, chunks, options)

  const out = slots.replies.filter((r, i): r is JsonRpcReply => r !== undefined && !slots.notifications[i])
  // Every upstream request was rate-limited: say so over HTTP, so clients back off and resend the batch.
  if (chunks.length > 0 && failures.length === chunks.length && failures.every((f) => f.status === 429)) {
    return { status: 429, headers: failures[0]!.retryAfter ? { 'retry-after': failures[0]!.retryAfter } : {}, body: out }
  }
  return answered(out.length > 0 ? out : undefined)
}

/** A batch over `maxBatchSize`: one error per call that has an id, none carried out. */
function refuseOversized(members: readonly unknown[], maxBatchSize: number): JsonRpcReply | JsonRpcReply[] {
  const message = `Invalid request: a batch holds at most ${maxBatchSize} calls, got ${members.length}; send fewer calls a batch`
  const replies: JsonRpcReply[] = []
  for (const m of members) {
    const id = isObject(m) ? readId(m) : null
    if (id !== undefined) replies.push(rpcError(id === false ? null : id, rpcErrorCode.invalidRequest, message))
  }
  // No id to answer to: the single error JSON-RPC 2.0 gives for a request it cannot read.
  return replies.some((r) => r.id !== null) ? replies : rpcError(null, rpcErrorCode.invalidRequest, message)
}

/** Each member read on its own: a malformed or refused one answered at once, the others kept as calls to send. */
function readMembers(members: readonly unknown[], check: BatchOptions['check']): BatchSlots {
  const slots: BatchSlots = {
    replies: new Array<JsonRpcReply | undefined>(members.length),
    ids: new Array<JsonRpcId | undefined>(members.length),
    // JSON-RPC 2.0: a notification (no id) is carried out but never answered.
    notifications: new Array<boolean>(members.length).fill(false),
    calls: [],
  }
  members.forEach((member, i) => {
    if (!isObject(member)) {
      slots.replies[i] = rpcError(null, rpcErrorCode.invalidRequest, `Invalid request at [${i}]: each call must be an object {"jsonrpc":"2.0","id":…,"method":…,"params":[…]}`)
      return
    }
    const id = readId(member)
    if (id === false) {
      slots.replies[i] = rpcError(null, rpcErrorCode.invalidRequest, `Invalid request at [${i}]: the id must be a number (whole ones at most 2^53 - 1, which JSON parsers keep exactly), text of at most 128 characters, or null`)
      return
    }
    slots.ids[i] = id
    // Not a JSON-RPC 2.0 request, so no notification either: answered even without an id (JSON-RPC 2.0's own example, `{"foo": "boo"}`).
    if (member.jsonrpc !== '2.0') {
      slots.replies[i] = rpcError(id ?? null, rpcErrorCode.invalidRequest, `Invalid request at [${i}]: expected "jsonrpc": "2.0"`)
      return
    }
    if (typeof member.method !== 'string') {
      slots.replies[i] = rpcError(id ?? null, rpcErrorCode.invalidRequest, `Invalid request at [${i}]: expected "method" as text`)
      return
    }
    slots.notifications[i] = id === undefined
    const verdict = check({ method: member.method, params: member.params }, `[${i}].`)
    if ('error' in verdict) slots.replies[i] = { jsonrpc: '2.0', id: id ?? null, error: verdict.error }
    else slots.calls.push({ jsonrpc: '2.0', id: i, method: verdict.method, params: verdict.params })
  })
  return slots
}

/** The calls a kept result answers, answered; the others, still to send. */
async function answerFromResults(slots: BatchSlots, results: BatchResultCache): Promise<UpstreamCall[]> {
  const kept = await Promise.all(slots.calls.map((call) => results.lookup(call).catch(() => undefined)))
  return slots.calls.filter((call, k) => {
    const outcome = kept[k]
    if (outcome === undefined) return true
    slots.replies[call.id] = { jsonrpc: '2.0', id: slots.ids[call.id] ?? null, ...outcome }
    return false
  })
}

/** Sends the chunks, `upstreamConcurrency` at a time, and answers each call of them; the chunks that failed as a whole. */
async function sendChunks(slots: BatchSlots, chunks: readonly UpstreamCall[][], options: BatchOptions): Promise<ChunkFailure[]> {
  const failures: ChunkFailure[] = []
  await mapBounded(chunks, options.upstreamConcurrency, async (chunk) => {
    const outcome = await options.send(chunk).catch(
      (): ChunkOutcome => ({ ok: false, error: { code: rpcErrorCode.internalError, message: 'Internal error: the upstream request failed' } }),
    )
    if (!outcome.ok) failures.push(outcome)
    const answers = outcome.ok ? indexAnswers(outcome.body) : undefined
    // One error object for the whole chunk (a node refusing the batch as such): it stands for each call.
    const shared = outcome.ok ? (answers ? undefined : errorOf(outcome.body)) : outcome.error
    for (const call of chunk) {
      const id = slots.ids[call.id] ?? null
      const answer = answers?.get(call.id)
      const reply = answer
        ? toReply(id, answer)
        : rpcError(id, shared?.code ?? rpcErrorCode.internalError, shared?.message ?? 'Internal error: the upstream service gave no answer to this call', shared?.data)
      slots.replies[call.id] = reply
      if ('result' in reply) options.results?.remember(call, reply.result)
    }
  })
  return failures
}

/** Upstream answers by the proxy's own ids, or `undefined` when the body is not a batch answer. */
function indexAnswers(body: unknown): Map<number, Record<string, unknown>> | undefined {
  const list = Array.isArray(body) ? body : isObject(body) && ownIdOf(body.id) !== undefined && !errorOf(body) ? [body] : undefined
  if (!list) return undefined
  const byId = new Map<number, Record<string, unknown>>()
  for (const a of list) {
    const id = isObject(a) ? ownIdOf(a.id) : undefined
    if (id !== undefined && !byId.has(id)) byId.set(id, a as Record<string, unknown>)
  }
  return byId
}

/**
 * One of the proxy's own ids (0…n-1) as an upstream wrote it: the number, or its decimal text (some
 * nodes and services answer `"1"` for `1`). Other text ("01", "1.0") is no id the proxy sent.
 */
function ownIdOf(id: unknown): number | undefined {
  if (typeof id === 'number') return id
  return typeof id === 'string' && /^(?:0|[1-9]\d{0,15})$/.test(id) ? Number(id) : undefined
}

function errorOf(body: unknown): JsonRpcErrorObject | undefined {
  if (!isObject(body) || !isObject(body.error)) return undefined
  const { code, message, data } = body.error
  if (typeof code !== 'number' || !Number.isInteger(code)) return undefined
  const text = typeof message === 'string' ? message : 'Upstream error'
  return data === undefined ? { code, message: text } : { code, message: text, data }
}

/** The upstream answer under the client's id, with only the members JSON-RPC defines. */
function toReply(id: JsonRpcId, answer: Record<string, unknown>): JsonRpcReply {
  return { jsonrpc: '2.0', id, ...outcomeOf(answer) }
}

/** What one upstream JSON-RPC answer (parsed) says: its error or its result, with only the members JSON-RPC defines. */
export function outcomeOf(answer: unknown): CallOutcome {
  const error = errorOf(answer)
  if (error) return { error }
  if (isObject(answer) && Object.hasOwn(answer, 'result')) return { result: answer.result }
  return { error: { code: rpcErrorCode.internalError, message: 'Internal error: the upstream answer held neither result nor error' } }
}

async function mapBounded<T>(items: readonly T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0
  const worker = async () => {
    while (next < items.length) await fn(items[next++]!)
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
}

/** A one-line description of a disallowed method, quoting the client's text safely. */
export function methodNotFound(method: unknown, allowed: string): JsonRpcErrorObject {
  const name = typeof method === 'string' ? `\`${clip(method)}\`` : 'a method that is not text'
  return { code: rpcErrorCode.methodNotFound, message: `Method not found: ${name} is not available here; ${allowed}` }
}
