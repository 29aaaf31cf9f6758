import { createServer, request as httpRequest, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { toNodeHandler, type NodeHandlerOptions } from '../../src/server/toNodeHandler.js'
import type { ProxyHandler } from '../../src/server/createProxyHandler.js'
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest'
import { startFakeUpstream, type FakeUpstream } from '../faults/support/fakeUpstream.js'

export interface RawResponse {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: string
}

/** Serves a proxy handler through node:http on 127.0.0.1 (free port). */
export async function serveProxy(handler: ProxyHandler, options?: NodeHandlerOptions): Promise<{ url: string; port: number; close: () => Promise<void> }> {
  const server: Server = createServer(toNodeHandler(handler, options))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  }
}

/** Runs `fn` against the handler served over real HTTP, closing the server afterwards. */
export async function withServedProxy<T>(handler: ProxyHandler, fn: (server: { url: string; port: number }) => Promise<T>): Promise<T> {
  const server = await serveProxy(handler)
  try {
    return await fn(server)
  } finally {
    await server.close()
  }
}

/** Sends the request target exactly as written (no URL normalization), as an attacker's client would. */
export function rawRequest(
  port: number,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, method, path, headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString() }))
    })
    req.on('error', reject)
    req.end(body)
  })
}

/**
 * One fake upstream for the test file (started before its first test, reset before each, closed
 * after the last), as the file's tests read it: `const upstream = fakeUpstreamForFile()`.
 */
export function fakeUpstreamForFile(): FakeUpstream {
  let current: FakeUpstream | undefined
  beforeAll(async () => {
    current = await startFakeUpstream()
  })
  afterAll(() => current?.close())
  beforeEach(() => current?.reset())
  return new Proxy({} as FakeUpstream, {
    get: (_, key) => {
      const value = (current as unknown as Record<PropertyKey, unknown>)[key]
      return typeof value === 'function' ? value.bind(current) : value
    },
  })
}

/** Proxies a test serves over HTTP: push them here, and each is closed after its test. */
export function closedAfterEach(): Awaited<ReturnType<typeof serveProxy>>[] {
  const served: Awaited<ReturnType<typeof serveProxy>>[] = []
  afterEach(async () => {
    await Promise.all(served.splice(0).map((s) => s.close()))
  })
  return served
}
