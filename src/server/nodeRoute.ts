import { Buffer, constants as bufferConstants, isUtf8 } from 'node:buffer'
import { Agent as HttpAgent, request as httpRequest, type ClientRequest, type IncomingHttpHeaders, type IncomingMessage } from 'node:http'
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https'
import { promisify } from 'node:util'
import { brotliDecompress, gunzip, inflate, inflateRaw, type ZlibOptions } from 'node:zlib'
import { clientGone, codingsToUndo, escapedSpelling, redactJson, timedOut, undecodable, unreachable, type Incoming, type Pieces, type Tools, type Transport, type UpstreamAnswer } from './exchange.js'
import type { ByteBudget } from './readCapped.js'

// toNodeHandler's own route to createProxyHandler's routing: node:http in, node:http upstream
// (kept-alive sockets), bodies as Buffers. The Fetch route spent most of a request's CPU making
// Request/Response objects, in undici's fetch, and decoding 290 kB pages to text to look for the key.

/** node:http tools: one keep-alive pool per adapter, redaction on the bytes. */
export function nodeTools(): Tools {
  return { transport: nodeTransport(), redact: redactPieces }
}

function nodeTransport(): Transport {
  const agents = { http: new HttpAgent({ keepAlive: true }), https: new HttpsAgent({ keepAlive: true }) }
  return (target, init, timeoutMs) =>
    new Promise<UpstreamAnswer>((resolve, reject) => {
      // Compressed answers asked for, as fetch asks for them: the bench page of 290 kB is 58 kB gzipped.
      // The user agent fetch sends: services behind a firewall may refuse requests without one.
      const headers: Record<string, string | number> = { 'accept-encoding': 'gzip, deflate, br', 'user-agent': 'node', ...init.headers }
      const payload = init.body === undefined ? undefined : Buffer.from(init.body)
      if (payload) headers['content-length'] = payload.byteLength
      let req: ClientRequest
      try {
        const url = new URL(target)
        const https = url.protocol === 'https:'
        req = (https ? httpsRequest : httpRequest)(url, { method: init.method, headers, agent: https ? agents.https : agents.http })
      } catch {
        // Refused before any socket (a relative URL, a scheme node:http does not speak, a header
        // character Node will not send): the upstream cannot be reached, as fetch says it.
        return reject(unreachable())
      }
      const client = init.signal
      if (client?.aborted) return reject(clientGone())
      let late = false
      // One deadline for the headers and the body, as the Fetch route's AbortSignal.timeout.
      const timer = setTimeout(() => {
        late = true
        req.destroy()
      }, timeoutMs)
      // The client gone: the socket is dropped, headers or body, as the Fetch route's signal does.
      const leave = () => req.destroy()
      client?.addEventListener('abort', leave, { once: true })
      const finish = () => {
        clearTimeout(timer)
        client?.removeEventListener('abort', leave)
      }
      const failure = () => (client?.aborted ? clientGone() : late ? timedOut(timeoutMs) : unreachable())
      req.on('error', () => {
        finish()
        reject(failure())
      })
      req.once('response', (res) => {
        // Failures while reading show as 'close' before 'end'; without a listener an 'error' would be thrown.
        res.on('error', () => {})
        resolve(answerOf(res, finish, failure))
      })
      req.end(payload)
    })
}

/** `finish` stops the deadline and the client's signal once the body is read or dropped. */
function answerOf(res: IncomingMessage, finish: () => void, failure: () => Error): UpstreamAnswer {
  return {
    status: res.statusCode ?? 502,
    header: (name) => headerOf(res.headers, name),
    read: (budget) =>
      new Promise((resolve, reject) => {
        const chunks: Buffer[] = []
        let size = 0
        const settle = () => {
          finish()
          res.off('data', onData)
          res.off('end', onEnd)
          res.off('close', onClose)
        }
        const onData = (chunk: Buffer) => {
          size += chunk.byteLength
          budget.left -= chunk.byteLength
          if (budget.left < 0) {
            settle()
            res.destroy()
            resolve(undefined)
            return
          }
          chunks.push(chunk)
        }
        const onEnd = () => {
          settle()
          const codings = decodersOf(res.headers['content-encoding'])
          if (codings === undefined) return reject(undecodable())
          if (codings.length === 0 || size === 0) return resolve(chunks)
          // The cap counts the decompressed bytes (as fetch's would): a small bomb is refused, not inflated.
          budget.left += size
          decode(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size), codings, budget).then(resolve, reject)
        }
        // Closed before its end: reset, or destroyed by the deadline.
        const onClose = () => {
          settle()
          reject(failure())
        }
        res.on('data', onData)
        res.once('end', onEnd)
        res.once('close', onClose)
      }),
    discard: () => {
      finish()
      res.destroy()
    },
  }
}

type Decoder = (body: Buffer, options: ZlibOptions) => Promise<Buffer>

const gunzipBytes: Decoder = promisify(gunzip)
const inflateZlib: Decoder = promisify(inflate)
const inflateBare: Decoder = promisify(inflateRaw)
const DECODERS: ReadonlyMap<string, Decoder> = new Map<string, Decoder>([
  ['gzip', gunzipBytes],
  ['x-gzip', gunzipBytes],
  ['br', promisify(brotliDecompress)],
  // HTTP's `deflate` is zlib-wrapped, but some servers send it bare: told apart by the first byte, as fetch does.
  ['deflate', (body, options) => ((body[0]! & 0x0f) === 0x08 ? inflateZlib : inflateBare)(body, options)],
])

/** The decoders of a `Content-Encoding`, first applied first; undefined when one is not known (then the bytes mean nothing). */
function decodersOf(header: string | undefined): Decoder[] | undefined {
  return codingsToUndo(header)?.map((c) => DECODERS.get(c)!)
}

/** The body undone coding by coding, last applied first, or undefined when it inflates past what is left of `budget`. */
async function decode(body: Buffer, codings: readonly Decoder[], budget: ByteBudget): Promise<Pieces | undefined> {
  let out = body
  for (const decoder of [...codings].reverse()) {
    try {
      // zlib refuses a limit above what one Buffer can hold (an Infinity, a cap of terabytes).
      out = await decoder(out, { maxOutputLength: Math.min(bufferConstants.MAX_LENGTH, Math.max(1, Math.floor(budget.left))) })
    } catch (error) {
      if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') return undefined
      throw unreachable()
    }
  }
  budget.left -= out.byteLength
  return budget.left < 0 ? undefined : [out]
}

/**
 * `redactBytes` over a body in pieces, without joining them when no piece holds (part of) a secret
 * and each is UTF-8 on its own: the usual page, passed on as it came.
 */
export function redactPieces(pieces: Pieces, secrets: readonly string[]): Pieces {
  if (pieces.length === 1) return [redactBytes(pieces[0]!, secrets)]
  const clean = pieces.every((piece, i) => {
    const bytes = asBuffer(piece)
    if (i === 0 && bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return false
    if (!isUtf8(bytes)) return false
    // A backslash may open an escaped spelling of the key, perhaps cut by a piece's edge: looked for in the whole body.
    if (bytes.indexOf(0x5c) !== -1) return false
    for (const secret of secrets) {
      const needle = secret ? needleOf(secret) : undefined
      if (secret && !needle) return false
      if (!needle) continue
      if (bytes.indexOf(needle) !== -1) return false
      // A secret cut in two by the edge between this piece and the next.
      const next = pieces[i + 1]
      // A piece shorter than the secret inside the body: the secret could span three pieces.
      if (next && next.byteLength < needle.length && i + 2 < pieces.length) return false
      if (next && needle.length > 1) {
        const edge = Buffer.concat([bytes.subarray(Math.max(0, bytes.length - needle.length + 1)), asBuffer(next).subarray(0, needle.length - 1)])
        if (edge.indexOf(needle) !== -1) return false
      }
    }
    return true
  })
  return clean ? pieces : [redactBytes(Buffer.concat(pieces.map(asBuffer)), secrets)]
}

const asBuffer = (bytes: Uint8Array): Buffer => (Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength))

const secretBytes = new Map<string, Buffer | undefined>()

/** The secret's UTF-8 bytes, or undefined when it is not well-formed text (no exact byte spelling). */
function needleOf(secret: string): Buffer | undefined {
  if (!secretBytes.has(secret)) {
    const spelled = Buffer.from(secret)
    if (secretBytes.size > 64) secretBytes.clear()
    secretBytes.set(secret, spelled.toString() === secret ? spelled : undefined)
  }
  return secretBytes.get(secret)
}
const REDACTED = Buffer.from('[redacted]')

/**
 * The body with every secret removed, found as bytes (no decoding): the same as removing it from
 * the decoded text whenever the bytes are UTF-8 without a BOM. Anything else goes through the text.
 */
export function redactBytes(bytes: Uint8Array, secrets: readonly string[]): Uint8Array {
  const body = asBuffer(bytes)
  const bom = body.length >= 3 && body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf
  if (bom || !isUtf8(body)) return Buffer.from(redactJson(new TextDecoder().decode(body), secrets))
  let out = body
  for (const secret of secrets) {
    if (!secret) continue
    const needle = needleOf(secret)
    // A key that is not well-formed text takes the text path.
    if (!needle) return Buffer.from(redactJson(new TextDecoder().decode(body), secrets))
    let at = out.indexOf(needle)
    if (at === -1) continue
    const parts: Buffer[] = []
    let from = 0
    while (at !== -1) {
      parts.push(out.subarray(from, at), REDACTED)
      from = at + needle.length
      at = out.indexOf(needle, from)
    }
    parts.push(out.subarray(from))
    out = Buffer.concat(parts)
  }
  // Every JSON-escaped spelling holds a backslash: the usual body has none.
  if (out.indexOf(0x5c) === -1) return out
  // A key beyond ASCII is escaped as UTF-16 units: the text path knows them.
  if (!secrets.every((secret) => /^[\x00-\x7f]*$/.test(secret))) return Buffer.from(redactJson(new TextDecoder().decode(body), secrets))
  for (const secret of secrets) {
    if (!secret) continue
    // One character a byte: an ASCII spelling found there is at the same offsets in the bytes (UTF-8 sequences are all above 0x7f).
    const view = out.toString('latin1')
    const parts: Buffer[] = []
    let from = 0
    for (const match of view.matchAll(escapedSpelling(secret))) {
      parts.push(out.subarray(from, match.index), REDACTED)
      from = match.index + match[0].length
    }
    if (from === 0) continue
    parts.push(out.subarray(from))
    out = Buffer.concat(parts)
  }
  return out
}

/** A node:http request as the proxy's routing reads it; `signal` aborts when its client has gone (toNodeHandler watches the response). */
export function nodeIncoming(req: IncomingMessage, url: URL, trustForwardedFor: boolean, signal: AbortSignal = new AbortController().signal): Incoming {
  const header = (name: string): string | null => {
    if (!trustForwardedFor) {
      // Replaced by the socket's address, so that the rate limit cannot be dodged.
      if (name === 'x-forwarded-for') return req.socket.remoteAddress ?? 'unknown'
      if (name === 'x-real-ip') return null
    }
    return headerOf(req.headers, name)
  }
  return {
    method: req.method ?? 'GET',
    url,
    header,
    body: (maxBytes) => readRequest(req, maxBytes),
    request: () => {
      const headers = new Headers()
      for (const [name, value] of Object.entries(req.headers)) {
        if (value === undefined || (!trustForwardedFor && (name === 'x-forwarded-for' || name === 'x-real-ip'))) continue
        for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v)
      }
      if (!trustForwardedFor) headers.set('x-forwarded-for', req.socket.remoteAddress ?? 'unknown')
      return new Request(url, { method: req.method ?? 'GET', headers })
    },
    signal,
  }
}

function headerOf(headers: IncomingHttpHeaders, name: string): string | null {
  const value = headers[name]
  if (value === undefined) return null
  return Array.isArray(value) ? value.join(', ') : value
}

/** The request body, or undefined past `maxBytes` (then the rest is not read and the request is dropped after the answer). */
function readRequest(req: IncomingMessage, maxBytes: number): Promise<Uint8Array | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    const done = () => {
      req.off('data', onData)
      req.off('end', onEnd)
      req.off('error', onError)
    }
    const onData = (chunk: Buffer) => {
      size += chunk.byteLength
      if (size > maxBytes) {
        done()
        req.pause()
        resolve(undefined)
        return
      }
      chunks.push(chunk)
    }
    const onEnd = () => {
      done()
      resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size))
    }
    const onError = (error: Error) => {
      done()
      reject(error)
    }
    req.on('data', onData)
    req.once('end', onEnd)
    req.once('error', onError)
  })
}
