import { request as httpRequest, type IncomingMessage } from 'node:http'
import { vi } from 'vitest'
import { startFakeUpstream, json, type FakeUpstream } from '../faults/support/fakeUpstream.js'

/** One head-stream subscriber over real HTTP, as a browser's EventSource reads it. */
export interface Subscriber {
  status: number
  headers: IncomingMessage['headers']
  /** The `data:` of each event, parsed. */
  events: { chain: string; blockNumber: string }[]
  comments: number
  retry: number | undefined
  /** The body as read so far (for a refusal: its JSON). */
  text: string
  ended: boolean
  close(): void
}

/** Opens `GET url` and reads it as server-sent events until `close()` or the server ends it; resolves once the headers are in. */
export function subscribe(url: string): Promise<Subscriber> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers: { accept: 'text/event-stream' } }, (res) => {
      const s: Subscriber = {
        status: res.statusCode ?? 0,
        headers: res.headers,
        events: [],
        comments: 0,
        retry: undefined,
        text: '',
        ended: false,
        close: () => req.destroy(),
      }
      let buffer = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => {
        s.text += chunk
        buffer += chunk
        let end: number
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end)
          buffer = buffer.slice(end + 2)
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) s.comments++
            else if (line.startsWith('retry: ')) s.retry = Number(line.slice(7))
            else if (line.startsWith('data: ')) s.events.push(JSON.parse(line.slice(6)))
          }
        }
      })
      res.on('end', () => void (s.ended = true))
      res.on('close', () => void (s.ended = true))
      res.on('error', () => {})
      resolve(s)
    })
    req.on('error', reject)
    req.end()
  })
}

export const waitFor = (assertion: () => void, timeout = 5_000) => vi.waitFor(assertion, { timeout, interval: 5 })
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** The block numbers a subscriber saw, as numbers. */
export const heads = (s: Subscriber) => s.events.map((e) => Number(BigInt(e.blockNumber)))

/** A node whose head climbs by one every `blockMs`, counting each `eth_blockNumber` it answers, by the `?from=` of the RPC URL. */
export async function startChain(blockMs: number) {
  const upstream: FakeUpstream = await startFakeUpstream()
  const startedAt = Date.now()
  let base = 0x1000
  const head = () => base + Math.floor((Date.now() - startedAt) / blockMs)
  const log: { at: number; from: string | undefined }[] = []
  upstream.reply((call, res) => {
    const body = JSON.parse(call.body) as { id: number; method: string } | { id: number; method: string }[]
    const calls = Array.isArray(body) ? body : [body]
    for (const c of calls) if (c.method === 'eth_blockNumber') log.push({ at: Date.now(), from: /from=(\w+)/.exec(call.url)?.[1] })
    const answer = (c: { id: number; method: string }) => ({ jsonrpc: '2.0', id: c.id, result: c.method === 'eth_blockNumber' ? `0x${head().toString(16)}` : null })
    json(res, 200, Array.isArray(body) ? body.map(answer) : answer(body))
  })
  return {
    upstream,
    head,
    /** `eth_blockNumber` calls answered (from one instance when named). */
    polls: (from?: string) => log.filter((p) => from === undefined || p.from === from).length,
    /** Each `eth_blockNumber` call: when, and from which instance (the `?from=` of its RPC URL). */
    log,
    reset: () => void log.splice(0),
    jump: (blocks: number) => void (base += blocks),
    close: () => upstream.close(),
  }
}
