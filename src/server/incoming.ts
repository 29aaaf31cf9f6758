// What the proxy's routing works on, whichever server it runs in: a client request and the reply
// to it, in types of their own so the refusal rules (access.ts) and the exchange read the same ones.

/** A client request as the proxy reads it. */
export interface Incoming {
  readonly method: string
  readonly url: URL
  /** A request header as `Headers.get` gives it (null when absent). */
  header(name: string): string | null
  /** The body, or undefined when it is longer than `maxBytes` (the rest is not read). */
  body(maxBytes: number): Promise<Uint8Array | undefined>
  /** The request as a Fetch `Request` (no body), for a rate limit's own `key` function. */
  request(): Request
  /** The client's going away before its answer: then its upstream request is not wanted. */
  readonly departure: Departure
}

/**
 * A client's going away before its answer, as the upstream request and a shared load watch it. The
 * node route makes no `AbortSignal` for it until one is read: most requests never need one.
 */
export interface Departure {
  /** Whether the client has gone. */
  readonly gone: boolean
  /** Calls `drop` once when the client goes (at once when it has gone already); returns how to stop watching. */
  watch(drop: () => void): () => void
  /** A signal that aborts when the client goes. */
  readonly signal: AbortSignal
}

/** The departure an `AbortSignal` tells of (the Fetch route's request, a shared load, the head poller). */
export function signalDeparture(signal: AbortSignal): Departure {
  return {
    get gone() {
      return signal.aborted
    },
    watch(drop) {
      if (signal.aborted) {
        drop()
        return () => {}
      }
      signal.addEventListener('abort', drop, { once: true })
      return () => signal.removeEventListener('abort', drop)
    },
    signal,
  }
}

/** A whole body as the pieces it arrived in (joining a 290 kB page would cost a tenth of a request's CPU). */
export type Pieces = readonly Uint8Array[]

/** What the proxy answers: status, headers, and the whole body (or none). */
export interface Reply {
  status: number
  headers: Record<string, string>
  body: Uint8Array | Pieces | string | null
}
