import { Buffer } from 'node:buffer'
import type { IncomingMessage } from 'node:http'
import type { Incoming } from './incoming.js'
import { headerOf } from './nodeHeaders.js'

// A node:http request adapted to what the proxy's routing reads, without making a Fetch Request
// unless a rate limit's own `key` function asks for one.

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
    request: () => toFetchRequest(req, url, trustForwardedFor),
    signal,
  }
}

/** The request as a Fetch `Request` without its body, the forwarding headers replaced as `header` reads them. */
function toFetchRequest(req: IncomingMessage, url: URL, trustForwardedFor: boolean): Request {
  const headers = new Headers()
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || (!trustForwardedFor && (name === 'x-forwarded-for' || name === 'x-real-ip'))) continue
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v)
  }
  if (!trustForwardedFor) headers.set('x-forwarded-for', req.socket.remoteAddress ?? 'unknown')
  return new Request(url, { method: req.method ?? 'GET', headers })
}

/** The request body, or undefined past `maxBytes` (then the rest is not read and the request is dropped after the answer). */
function readRequest(req: IncomingMessage, maxBytes: number): Promise<Uint8Array | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    const stopListening = () => {
      req.off('data', onData)
      req.off('end', onEnd)
      req.off('error', onError)
    }
    const onData = (chunk: Buffer) => {
      size += chunk.byteLength
      if (size > maxBytes) {
        stopListening()
        req.pause()
        resolve(undefined)
        return
      }
      chunks.push(chunk)
    }
    const onEnd = () => {
      stopListening()
      resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size))
    }
    const onError = (error: Error) => {
      stopListening()
      reject(error)
    }
    req.on('data', onData)
    req.once('end', onEnd)
    req.once('error', onError)
  })
}
