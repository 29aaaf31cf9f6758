import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { Readable } from 'node:stream'
import { isRpcMethod, rpcMethods } from '../core/rpc/methods.js'
import { InvalidParameterError } from '../core/errors.js'
import { answerBatch, batchLimits, methodNotFound, rpcError, rpcErrorCode, type ChunkOutcome } from '../server/jsonRpc.js'
import { readCapped } from '../server/readCapped.js'
import { historyPage, parseHistoryQuery } from './history.js'
import type { Indexer } from './indexer.js'
import { sentHashes, untilMined } from './sentMined.js'

export interface DevnetServerOptions {
  indexer: Indexer
  /** The node JSON-RPC requests are passed to. */
  nodeUrl: string
  chainId: number
  /** When set, every request must carry it in `X-API-Key`. */
  apiKey?: string | undefined
  /** Labels shown as `*_address_label` (lowercase address → label). */
  labels: ReadonlyMap<string, string>
  /** What `GET /` answers: where things are. */
  about: () => unknown
  /** What `GET /config` answers: the `createClient` options of this devnet, as JSON. */
  config: () => unknown
}

const HISTORY = /^\/api\/v2\.2\/wallets\/([^/]+)\/history\/?$/
// Browser apps on this machine: any port of localhost, 127.0.0.1 or [::1].
const LOCAL_ORIGIN = /^https?:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/
const MAX_BODY = 5 * 1024 * 1024
const ALLOWED = `the blockfeed devnet serves the ${rpcMethods.length} methods of the Blockchain Data Service Interface v2.2 (eth_blockNumber … eth_sendRawTransaction)`

export function createDevnetServer(options: DevnetServerOptions): Server {
  return createServer((req, res) => {
    handle(options, req, res).catch((error: unknown) => {
      if (!res.headersSent) send(res, 500, { error: 'internal_error', message: error instanceof Error ? error.message : String(error) })
      else res.destroy()
    })
  })
}

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body)
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) })
  res.end(text)
}

function cors(req: IncomingMessage, res: ServerResponse): void {
  const origin = req.headers.origin
  if (origin && LOCAL_ORIGIN.test(origin)) {
    res.setHeader('access-control-allow-origin', origin)
    res.setHeader('access-control-allow-methods', 'GET, POST, OPTIONS')
    res.setHeader('access-control-allow-headers', 'accept, content-type, x-api-key')
    res.setHeader('access-control-max-age', '600')
  }
  res.setHeader('vary', 'origin')
}

async function handle(o: DevnetServerOptions, req: IncomingMessage, res: ServerResponse): Promise<void> {
  cors(req, res)
  if (req.method === 'OPTIONS') {
    res.writeHead(204).end()
    return
  }
  const url = new URL(req.url ?? '/', 'http://devnet')
  const history = HISTORY.exec(url.pathname)
  const isRpc = url.pathname === '/rpc' || url.pathname === '/rpc/'
  const isConfig = url.pathname === '/config' || url.pathname === '/config/'

  // The config holds the key, so it is asked for like the data.
  if ((history || isRpc || isConfig) && o.apiKey !== undefined && req.headers['x-api-key'] !== o.apiKey) {
    send(res, 401, {
      error: 'unauthorized',
      message: req.headers['x-api-key'] === undefined ? 'this devnet requires an API key in the X-API-Key header' : 'wrong API key in X-API-Key',
    })
    return
  }

  if (history) {
    if (req.method !== 'GET' && req.method !== 'HEAD') return methodNotAllowed(res, 'GET')
    let query
    try {
      query = parseHistoryQuery(history[1]!, url.searchParams, o.chainId)
    } catch (error) {
      if (!(error instanceof InvalidParameterError)) throw error
      send(res, 400, { error: 'invalid_parameter', parameter: error.parameter, message: error.message })
      return
    }
    // Answer from an index that includes the node's latest block.
    await o.indexer.sync()
    send(res, 200, await historyPage(o.indexer, query, o.labels))
    return
  }
  if (isRpc) {
    if (req.method !== 'POST') return methodNotAllowed(res, 'POST')
    await relayRpc(o, req, res)
    return
  }
  if (url.pathname === '/' && req.method === 'GET') {
    send(res, 200, o.about())
    return
  }
  if (isConfig) {
    if (req.method !== 'GET' && req.method !== 'HEAD') return methodNotAllowed(res, 'GET')
    send(res, 200, o.config())
    return
  }
  send(res, 404, {
    error: 'not_found',
    message: `no route ${req.method} ${url.pathname}; this devnet serves GET /api/v2.2/wallets/{address}/history, POST /rpc and GET /config`,
  })
}

function methodNotAllowed(res: ServerResponse, allow: string): void {
  res.setHeader('allow', `${allow}, OPTIONS`)
  send(res, 405, { error: 'method_not_allowed', message: `use ${allow}` })
}

/**
 * JSON-RPC passthrough limited to the spec's 28 methods, answered as a node answers (the
 * proxy's batch rules, from `server/jsonRpc.ts`): single calls and batches of up to 100
 * calls, each call on its own, sent to the node in chunks of 20 under ids of our own, so
 * replies map back whatever order the node answers in.
 */
async function relayRpc(o: DevnetServerOptions, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const text = await readCapped(Readable.toWeb(req) as ReadableStream<Uint8Array>, MAX_BODY)
  if (text === undefined) {
    // The rest of the body is left unread, so this connection cannot carry another request.
    res.setHeader('connection', 'close')
    send(res, 413, rpcError(null, rpcErrorCode.invalidRequest, `Invalid request: the body is larger than ${MAX_BODY} bytes`))
    return
  }
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    send(res, 200, rpcError(null, rpcErrorCode.parseError, 'Parse error: the body is not JSON'))
    return
  }
  let sent = false
  const answer = await answerBatch(Array.isArray(body) ? body : [body], {
    ...batchLimits,
    check: ({ method, params }) => {
      if (!isRpcMethod(method)) return { error: methodNotFound(method, ALLOWED) }
      if (method === 'eth_sendRawTransaction') sent = true
      return { method, params: params ?? [] }
    },
    send: async (calls): Promise<ChunkOutcome> => {
      try {
        const upstream = await fetch(o.nodeUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(calls) })
        return { ok: true, body: await upstream.json() }
      } catch (error) {
        return { ok: false, error: { code: rpcErrorCode.internalError, message: `Internal error: the node did not answer: ${error instanceof Error ? error.message : String(error)}` } }
      }
    },
  })
  // A transaction the app just sent is in the history once the send is answered: its block is mined
  // (anvil answers the hash first) and indexed.
  if (sent) {
    await untilMined(o.nodeUrl, sentHashes(body, answer.body))
    await o.indexer.sync().catch(() => {})
  }
  if (answer.body === undefined) {
    res.writeHead(204).end()
    return
  }
  send(res, answer.status, Array.isArray(body) || !Array.isArray(answer.body) ? answer.body : answer.body[0])
}
