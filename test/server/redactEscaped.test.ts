import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { redact } from '../../src/core/redact.js'
import { createProxyHandler } from '../../src/server/createProxyHandler.js'
import { fetchTools } from '../../src/server/exchange.js'
import { redactBytes, redactPieces } from '../../src/server/redactBytes.js'
import { json } from '../faults/support/fakeUpstream.js'
import { WALLET } from '../faults/support/fixtures.js'
import { closedAfterEach, fakeUpstreamForFile, serveProxy } from './support.js'

// An upstream that echoes the key inside JSON may write it escaped: `\/` for `/` (PHP's json_encode does
// by default), `\u0073` for `s` (some serializers escape more than they must). A browser's JSON.parse
// turns those back into the key, so each spelling must be removed, not only the key as written.

const KEY = 'sk_live/9f3a+Q"x\\z'
const HISTORY = `/api/blockfeed/api/v2.2/wallets/${WALLET}/history`

/** The key as JSON may spell it: every `/` as `\/`, and the letters given as `\u00XX` (either case). */
const slashEscaped = JSON.stringify(KEY).slice(1, -1).replaceAll('/', '\\/')
const unicodeEscaped = [...KEY].map((c, i) => (/[a-z0-9]/i.test(c) ? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`[i % 2 ? 'toUpperCase' : 'toLowerCase']().replace('\\U', '\\u') : JSON.stringify(c).slice(1, -1))).join('')

const upstream = fakeUpstreamForFile()
const served = closedAfterEach()

const echoing = (spelled: string) => () =>
  upstream.reply((call, res) =>
    call.url.startsWith('/rpc')
      ? json(res, 200, `{"jsonrpc":"2.0","id":1,"error":{"code":-32000,"message":"key ${spelled} is over its quota"}}`)
      : json(res, 401, `{"message":"invalid key ${spelled}"}`),
  )

const ROUTES: [string, () => Promise<(path: string, init?: RequestInit) => Promise<Response>>][] = [
  ['Fetch handler', async () => {
    const handler = createProxyHandler({ baseUrl: upstream.url, apiKey: KEY, rpc: { url: `${upstream.url}/rpc` } })
    return (path, init) => handler(new Request(`http://proxy.test${path}`, init))
  }],
  ['node adapter', async () => {
    const server = await serveProxy(createProxyHandler({ baseUrl: upstream.url, apiKey: KEY, rpc: { url: `${upstream.url}/rpc` } }))
    served.push(server)
    return (path, init) => fetch(`${server.url}${path}`, init)
  }],
]

const rpcCall = { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_blockNumber', params: [] }) }

describe.each(ROUTES)('the key written JSON-escaped in an upstream body, %s', (_name, make) => {
  it.each([
    ['with \\/ for /', slashEscaped],
    ['with \\u00XX escapes', unicodeEscaped],
  ])('%s: the wallet-history answer, as the browser parses it, holds no key', async (_form, spelled) => {
    echoing(spelled)()
    const send = await make()
    const text = await (await send(HISTORY)).text()
    const parsed = JSON.parse(text) as { message: string }
    expect(parsed.message).toBe('invalid key [redacted]')
    expect(text).not.toContain(spelled)
  })

  it.each([
    ['with \\/ for /', slashEscaped],
    ['with \\u00XX escapes', unicodeEscaped],
  ])('%s: a single JSON-RPC answer, as viem or ethers parse it, holds no key', async (_form, spelled) => {
    echoing(spelled)()
    const send = await make()
    const parsed = (await (await send('/api/blockfeed/rpc', rpcCall)).json()) as { error: { message: string } }
    expect(parsed.error.message).toBe('key [redacted] is over its quota')
  })
})

describe('escaped keys: the node route (bytes) and the Fetch route (text) remove the same', () => {
  const fragment = fc.oneof(
    fc.constant(KEY),
    fc.constant(slashEscaped),
    fc.constant(unicodeEscaped),
    fc.constant('\\\\/'),
    fc.constant('\\u0073'),
    fc.string({ unit: 'grapheme', maxLength: 8 }),
    fc.constantFrom('{"a":"', '"}', '\\', 'ü'),
  )
  const body = fc.array(fragment, { maxLength: 16 }).map((parts) => Buffer.from(parts.join('')))

  it('gives the same bytes for any body, in one piece or cut in two, and no spelling of the key survives', () => {
    fc.assert(
      fc.property(body, fc.nat(), (bytes, cut) => {
        const expected = Buffer.from(fetchTools.redact([bytes], [KEY])[0]!)
        // One rule: the Fetch route is core's redact on the text, which the client's own errors use too.
        expect(expected.equals(Buffer.from(redact(new TextDecoder().decode(bytes), [KEY])))).toBe(true)
        expect(Buffer.from(redactBytes(bytes, [KEY])).equals(expected)).toBe(true)
        const at = bytes.length ? cut % bytes.length : 0
        expect(Buffer.concat(redactPieces([bytes.subarray(0, at), bytes.subarray(at)], [KEY])).equals(expected)).toBe(true)
        const out = expected.toString()
        expect(out).not.toContain(KEY)
        expect(out).not.toContain(slashEscaped)
        expect(out).not.toContain(unicodeEscaped)
      }),
      { numRuns: 1_000 },
    )
  })
})
