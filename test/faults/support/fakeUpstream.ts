import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/** One request the fake service received, as it arrived on the wire. */
export interface RecordedCall {
  method: string
  /** Path and query, raw. */
  url: string
  headers: IncomingMessage['headers']
  body: string
}

export type Reply = (call: RecordedCall, res: ServerResponse) => unknown

export interface FakeUpstream {
  /** http://127.0.0.1:port */
  url: string
  calls: RecordedCall[]
  /** Sets how the next requests are answered (the n-th call is `calls.length - 1` inside). */
  reply(fn: Reply): void
  reset(): void
  close(): Promise<void>
}

export const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'content-type': 'application/json', ...headers })
  res.end(typeof body === 'string' ? body : JSON.stringify(body))
}

/** A local HTTP service on 127.0.0.1 (free port) that records every call and answers as told. */
export async function startFakeUpstream(): Promise<FakeUpstream> {
  const calls: RecordedCall[] = []
  let handler: Reply = (_call, res) => json(res, 404, { error: 'no reply set' })
  const open = new Set<ServerResponse>()
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const call: RecordedCall = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString() }
      calls.push(call)
      open.add(res)
      res.on('close', () => open.delete(res))
      void Promise.resolve(handler(call, res)).catch(() => res.destroy())
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    reply: (fn) => void (handler = fn),
    reset: () => {
      calls.length = 0
      for (const res of open) res.destroy()
      handler = (_call, res) => json(res, 404, { error: 'no reply set' })
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of open) res.destroy()
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
