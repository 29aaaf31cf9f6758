import { describe, expect, it } from 'vitest'
import { createClient } from '../../src/core/client.js'
import { HttpStatusError, NetworkError, ResponseShapeError, TimeoutError } from '../../src/core/errors.js'
import { json } from './support/fakeUpstream.js'
import { API_KEY, WALLET, rawEntry, rawPage } from './support/fixtures.js'
import { failure, useFaultService } from './support/harness.js'

const service = useFaultService()
const history = () => service.client().getWalletHistory({ address: WALLET, chain: 'eth' })

describe('HTTP faults of the wallet-history service', () => {
  it.each([
    [400, false],
    [401, false],
    [403, false],
    [404, false],
    [413, false],
    [500, true],
    [502, true],
    [503, true],
    [504, true],
  ])('HTTP %i → HttpStatusError with that status (retryable: %s), one call', async (status, retryable) => {
    service.upstream.reply((_c, res) => json(res, status, { message: `failure ${status}` }))
    const error = await failure(history())
    expect(error).toBeInstanceOf(HttpStatusError)
    expect(error.status).toBe(status)
    expect(error.retryable).toBe(retryable)
    expect(error.body).toContain(`failure ${status}`)
    expect(service.upstream.calls).toHaveLength(1)
  })

  it('HTTP 429 with Retry-After: 7 → HttpStatusError 429 carrying retryAfterMs 7000', async () => {
    service.upstream.reply((_c, res) => json(res, 429, { message: 'slow down' }, { 'retry-after': '7' }))
    const error = await failure(history())
    expect(error).toBeInstanceOf(HttpStatusError)
    expect(error.status).toBe(429)
    expect(error.retryAfterMs).toBe(7000)
    expect(error.retryable).toBe(true)
  })

  it('HTTP 429 without Retry-After → HttpStatusError 429 with retryAfterMs undefined', async () => {
    service.upstream.reply((_c, res) => json(res, 429, { message: 'slow down' }))
    const error = await failure(history())
    expect(error.status).toBe(429)
    expect(error.retryAfterMs).toBeUndefined()
  })

  it('HTTP 401 whose body echoes the API key → HttpStatusError with the key redacted from body and message', async () => {
    service.upstream.reply((_c, res) => json(res, 401, { message: `key ${API_KEY} is not valid` }))
    const error = await failure(history())
    expect(error.status).toBe(401)
    expect(error.body).toContain('[redacted]')
  })

  it('an HTML error page with status 200 → ResponseShapeError naming the HTML content type', async () => {
    service.upstream.reply((_c, res) => {
      res.writeHead(200, { 'content-type': 'text/html' })
      res.end('<!doctype html><html><body><h1>Gateway error</h1></body></html>')
    })
    const error = await failure(history())
    expect(error).toBeInstanceOf(ResponseShapeError)
    expect(error.message).toMatch(/not JSON \(text\/html\)/)
  })

  it('an empty body with status 200 → ResponseShapeError saying the body is empty', async () => {
    service.upstream.reply((_c, res) => (res.writeHead(200, { 'content-type': 'application/json' }), res.end()))
    const error = await failure(history())
    expect(error).toBeInstanceOf(ResponseShapeError)
    expect(error.message).toMatch(/empty body/)
  })

  it('truncated JSON → ResponseShapeError, not a SyntaxError', async () => {
    const whole = JSON.stringify(rawPage([rawEntry(1)]))
    service.upstream.reply((_c, res) => json(res, 200, whole.slice(0, whole.length / 2)))
    const error = await failure(history())
    expect(error).toBeInstanceOf(ResponseShapeError)
  })

  it('a valid page labelled text/plain → read anyway (documented: the body decides, not the content type)', async () => {
    service.upstream.reply((_c, res) => (res.writeHead(200, { 'content-type': 'text/plain' }), res.end(JSON.stringify(rawPage([rawEntry(1)])))))
    const page = await history()
    expect(page.result[0]!.hash).toBe(rawEntry(1).hash)
  })

  it('plain text "OK" labelled text/plain → ResponseShapeError naming text/plain', async () => {
    service.upstream.reply((_c, res) => (res.writeHead(200, { 'content-type': 'text/plain' }), res.end('OK')))
    const error = await failure(history())
    expect(error).toBeInstanceOf(ResponseShapeError)
    expect(error.message).toContain('text/plain')
  })

  it('a service that never answers → TimeoutError after timeoutMs, key absent from its message', async () => {
    service.upstream.reply(() => {})
    const error = await failure(service.client({ timeoutMs: 150 }).getWalletHistory({ address: WALLET }))
    expect(error).toBeInstanceOf(TimeoutError)
    expect(error.timeoutMs).toBe(150)
  })

  it('an abort by the caller mid-request → the caller’s AbortError, not wrapped, one call', async () => {
    await service.abortMidFlight((signal) => service.client().getWalletHistory({ address: WALLET }, { signal }))
  })

  it('a connection reset after the headers → NetworkError', async () => {
    service.upstream.reply((_c, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' })
      res.write('{"page":0,')
      setTimeout(() => res.socket?.destroy(), 10)
    })
    const error = await failure(history())
    expect(error).toBeInstanceOf(NetworkError)
  })

  it('a refused connection (nothing listening) → NetworkError naming the URL without the key', async () => {
    const client = createClient({ baseUrl: 'http://127.0.0.1:9', apiKey: API_KEY, retry: false })
    const error = await failure(client.getWalletHistory({ address: WALLET }))
    expect(error).toBeInstanceOf(NetworkError)
    expect(error.message).toContain('127.0.0.1:9')
  })

  it('every request → X-API-Key header only, never the key in the URL', async () => {
    service.upstream.reply((_c, res) => json(res, 200, rawPage([])))
    await history()
    expect(service.upstream.calls[0]!.headers['x-api-key']).toBe(API_KEY)
    expect(service.upstream.calls[0]!.url).not.toContain(API_KEY)
  })
})
