import { Buffer } from 'node:buffer'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Departure, Incoming } from './incoming.js'
import { headerOf } from './nodeHeaders.js'

// A node:http request adapted to what the proxy's routing reads, without making a Fetch Request
// unless a rate limit's own `key` function asks for one.

/** A node:http request as the proxy's routing reads it; its departure is the response closing before its end (toNodeHandler's `res`). */
export function nodeIncoming(req: IncomingMessage, url: URL, trustForwardedFor: boolean, res?: ServerResponse): Incoming {
  return new NodeIncoming(req, url, trustForwardedFor, res)
}

/** One object per request, its methods on the prototype: no closure is made per request. */
class NodeIncoming implements Incoming {
  readonly method: string
  readonly departure: Departure

  constructor(
    private readonly req: IncomingMessage,
    readonly url: URL,
    private readonly trustForwardedFor: boolean,
    res: ServerResponse | undefined,
  ) {
    this.method = req.method ?? 'GET'
    this.departure = res ? new ResponseDeparture(res) : STAYING
  }

  header(name: string): string | null {
    if (!this.trustForwardedFor) {
      // Replaced by the socket's address, so that the rate limit cannot be dodged.
      if (name === 'x-forwarded-for') return this.req.socket.remoteAddress ?? 'unknown'
      if (name === 'x-real-ip') return null
    }
    return headerOf(this.req.headers, name)
  }

  body(maxBytes: number): Promise<Uint8Array | undefined> {
    return readRequest(this.req, maxBytes)
  }

  request(): Request {
    return toFetchRequest(this.req, this.url, this.trustForwardedFor)
  }
}

/**
 * The client gone: the response closed before it was all written. Nothing is made or listened to until
 * asked: a listener per `watch`, an AbortController only when the `signal` is read (a shared load's wait).
 */
class ResponseDeparture implements Departure {
  private controller: AbortController | undefined

  constructor(private readonly res: ServerResponse) {}

  get gone(): boolean {
    return this.res.destroyed && !this.res.writableFinished
  }

  watch(drop: () => void): () => void {
    if (this.gone) {
      drop()
      return noop
    }
    const res = this.res
    const onClose = () => void (res.writableFinished || drop())
    res.on('close', onClose)
    return () => void res.off('close', onClose)
  }

  get signal(): AbortSignal {
    if (!this.controller) {
      const controller = (this.controller = new AbortController())
      this.watch(() => controller.abort())
    }
    return this.controller.signal
  }
}

const noop = (): void => {}

/** A client that never goes (no response to watch). */
const STAYING: Departure = { gone: false, watch: () => () => {}, signal: new AbortController().signal }

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
