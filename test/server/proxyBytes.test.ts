import { createServer, request as httpRequest, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { REDACTED } from '../../src/core/redact.js'
import { createProxyHandler } from '../../src/server/createProxyHandler.js'
import { mayHoldSecret } from '../../src/server/redactBytes.js'
import { closedAfterEach, serveProxy } from './support.js'

// A history page through toNodeHandler's node route as bytes: passed on as they came when the key
// cannot be in them, redacted wherever the key lies when it can.

const KEY = 'bench-key-not-secret'
const WALLET = '0xd8da6bf26964af9d7eed9e10c67ec0a8b24e5a3f'
const served = closedAfterEach()
const upstreams: Server[] = []
afterEach(async () => {
  for (const u of upstreams.splice(0)) {
    u.closeAllConnections()
    await new Promise<void>((r) => u.close(() => r()))
  }
})

/** A deterministic JSON page of about `size` bytes, mostly hex digits (as a history page is), holding `insert` at each offset given. */
function page(size: number, seed: number, inserts: { at: number; text: string }[] = []): Buffer {
  let s = seed
  const hex = () => ((s = (s * 1664525 + 1013904223) >>> 0) >>> 28).toString(16)
  let filler = ''
  while (filler.length < size) filler += `{"hash":"0x${Array.from({ length: 64 }, hex).join('')}","block_number":"${s % 20_000_000}","label":"b-k n-s"},`
  let body = `{"result":[${filler.slice(0, size)}`
  for (const { at, text } of [...inserts].sort((a, b) => b.at - a.at)) body = body.slice(0, at) + text + body.slice(at)
  return Buffer.from(`${body}"end"]}`)
}

/** An upstream answering every history request with `body`, written in pieces cut at `cuts`, each piece a write of its own. */
async function upstreamSending(body: Buffer, cuts: number[]): Promise<string> {
  const server = createServer(async (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length })
    let from = 0
    for (const cut of [...cuts, body.length]) {
      res.write(body.subarray(from, cut))
      from = cut
      // A turn of the event loop between writes, so the pieces leave as separate packets.
      await new Promise((r) => setImmediate(r))
    }
    res.end()
  })
  upstreams.push(server)
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

/** The answer's bytes as they arrived. */
function getBytes(port: number, path: string): Promise<{ status: number; bytes: Buffer; length: string | undefined }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes: Buffer.concat(chunks), length: res.headers['content-length'] }))
    })
    req.on('error', reject)
    req.end()
  })
}

async function throughProxy(body: Buffer, cuts: number[]) {
  const baseUrl = await upstreamSending(body, cuts)
  const proxy = await serveProxy(createProxyHandler({ baseUrl, apiKey: KEY }))
  served.push(proxy)
  return getBytes(proxy.port, `/api/blockfeed/api/v2.2/wallets/${WALLET}/history`)
}

describe('a history page through the node route, as bytes', () => {
  it('a 290 kB page without the key arrives byte for byte, even with bytes that are not UTF-8, sent in many pieces', async () => {
    const body = page(290_000, 7)
    // A lone byte that is not UTF-8 inside a string: a decode and encode would have made it U+FFFD (3 bytes).
    body[body.indexOf('b-k n-s') + 1] = 0xc3
    const answer = await throughProxy(body, [1, 1_000, 65_536, 65_537, 150_000, 289_999])
    expect(answer.status).toBe(200)
    expect(answer.length).toBe(String(body.length))
    expect(answer.bytes.equals(body)).toBe(true)
  })

  it.each([
    ['inside one piece', 200_000, [100_000]],
    ['cut in two by the edge between two pieces', 150_000, [150_005]],
    ['at the very start of a piece', 150_000, [150_001]],
    ['near the end of the page', 289_000, [10_000]],
  ])('the key %s of a 290 kB page is removed, and every other byte kept', async (_name, at, cuts) => {
    const body = page(290_000, 11, [{ at, text: `"${KEY}",` }])
    const answer = await throughProxy(body, cuts)
    expect(answer.status).toBe(200)
    expect(answer.bytes.includes(KEY)).toBe(false)
    expect(answer.bytes.toString()).toBe(body.toString().replace(KEY, REDACTED))
    expect(answer.length).toBe(String(answer.bytes.length))
  })
})

describe('mayHoldSecret over large bodies', () => {
  it('is true whenever the key is in the body (anywhere, across pieces), and false for pages that plainly cannot hold it', () => {
    let s = 3
    const rand = (n: number) => ((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32) * n
    // Keys sharing most pairs of bytes with a page of hex digits, and one that shares none.
    const keys = [KEY, 'deadbeefcafe0123', 'ab'.repeat(10), 'sk_live_SECRET123', '0x00000000']
    let held = 0
    let clear = 0
    for (let round = 0; round < 300; round++) {
      const key = keys[round % keys.length]!
      const size = 4_096 + Math.floor(rand(60_000))
      const inserts = rand(1) < 0.5 ? [{ at: 20 + Math.floor(rand(size - 40)), text: key }] : []
      // A near miss: the key with its last byte changed, which must not count.
      if (rand(1) < 0.5) inserts.push({ at: 20 + Math.floor(rand(size - 40)), text: `${key.slice(0, -1)}~` })
      const body = page(size, round, inserts)
      const pieces: Uint8Array[] = []
      for (let from = 0; from < body.length; ) {
        // No piece shorter than the key (mayHoldSecret answers true for those, the exact path then).
        let to = from + 4_096 + Math.floor(rand(40_000))
        if (body.length - to < 4_096) to = body.length
        pieces.push(body.subarray(from, to))
        from = to
      }
      const truth = body.includes(key)
      expect(mayHoldSecret(pieces, [key]), `${key} at ${JSON.stringify(inserts)}`).toBe(truth)
      if (truth) held++
      else clear++
    }
    expect(held).toBeGreaterThan(50)
    expect(clear).toBeGreaterThan(50)
  })
})
