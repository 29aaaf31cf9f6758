import { delay, http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import {
  createClient,
  HttpStatusError,
  NetworkError,
  ResponseShapeError,
  TimeoutError,
} from '../../../src/exports/index.js'
import { useMswServer } from '../../support/msw.js'
import { specEntry, specPage } from './fixtures.js'

const BASE = 'https://history.test'
const ROUTE = `${BASE}/api/v2.2/wallets/:address/history`
const ADDRESS = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045'
const KEY = 'sk_live_5up3r-s3cr3t'
const fast = { count: 2, baseDelayMs: 1 }

const { server, requests } = useMswServer(http.get(ROUTE, () => HttpResponse.json(specPage())))

describe('headers', () => {
  it('sends accept: application/json and X-API-Key when a key is configured; the key never rides in the URL', async () => {
    const client = createClient({ baseUrl: BASE, apiKey: KEY })
    await client.getWalletHistory({ address: ADDRESS, chain: 'eth' })
    expect(requests).toHaveLength(1)
    const r = requests[0]!
    expect(r.method).toBe('GET')
    expect(r.headers.get('accept')).toBe('application/json')
    expect(r.headers.get('x-api-key')).toBe(KEY)
    expect(r.url).not.toContain(KEY)
  })

  it('sends no X-API-Key without a key (behind a proxy)', async () => {
    await createClient({ baseUrl: BASE }).getWalletHistory({ address: ADDRESS })
    expect(requests[0]!.headers.get('accept')).toBe('application/json')
    expect(requests[0]!.headers.has('x-api-key')).toBe(false)
  })

  it('adds configured headers, but accept stays application/json whatever its casing there', async () => {
    const client = createClient({ baseUrl: BASE, headers: { 'x-trace': 't-1', Accept: 'text/html' } })
    await client.getWalletHistory({ address: ADDRESS })
    expect(requests[0]!.headers.get('x-trace')).toBe('t-1')
    expect(requests[0]!.headers.get('accept')).toBe('application/json')
  })

  it('uses a base URL with a path prefix and a trailing slash', async () => {
    server.use(http.get(`${BASE}/proxy/api/v2.2/wallets/:address/history`, () => HttpResponse.json(specPage())))
    const page = await createClient({ baseUrl: `${BASE}/proxy/` }).getWalletHistory({ address: ADDRESS })
    expect(new URL(requests[0]!.url).pathname).toBe(`/proxy/api/v2.2/wallets/${ADDRESS}/history`)
    expect(page.result).toHaveLength(1)
  })

  it('uses a caller-supplied fetch', async () => {
    const seen: string[] = []
    const fetch: typeof globalThis.fetch = (input, init) => {
      seen.push(String(input))
      return globalThis.fetch(input, init)
    }
    await createClient({ baseUrl: BASE, fetch }).getWalletHistory({ address: ADDRESS })
    expect(seen).toEqual([`${BASE}/api/v2.2/wallets/${ADDRESS}/history`])
  })
})

describe('the body over real HTTP', () => {
  it('returns the normalized page', async () => {
    const page = await createClient({ baseUrl: BASE }).getWalletHistory({ address: ADDRESS })
    expect(page).toMatchObject({ page: 1, page_size: 100, cursor: 'next-1' })
    expect(page.result[0]!.native_transfers[0]!.direction).toBe('outgoing')
  })

  it('keeps integers above 2^53 exact when the body carries them as bare JSON numbers', async () => {
    const entry = JSON.stringify(specEntry())
      .replace('"value":"115580000000000000"', '"value":340282366920938463463374607431768211455')
      .replace('"block_number":"12386788"', '"block_number":9007199254740993')
    server.use(http.get(ROUTE, () => new HttpResponse(`{"page":1,"page_size":1,"cursor":"","result":[${entry}]}`, {
      headers: { 'content-type': 'application/json' },
    })))
    const tx = (await createClient({ baseUrl: BASE }).getWalletHistory({ address: ADDRESS })).result[0]!
    expect(tx.value).toBe('340282366920938463463374607431768211455')
    expect(tx.block_number).toBe('9007199254740993')
  })

  it('keeps a bare integer above 2^53 exact inside extra fields too (an unlimited approval)', async () => {
    const entry = JSON.stringify(specEntry()).replace(
      '"hash"',
      '"contract_interactions":{"approvals":[{"value":115792089237316195423570985008687907853269984665640564039457584007913129639935}]},"hash"',
    )
    server.use(http.get(ROUTE, () => new HttpResponse(`{"page":1,"page_size":1,"cursor":"","result":[${entry}]}`, {
      headers: { 'content-type': 'application/json' },
    })))
    const tx = (await createClient({ baseUrl: BASE }).getWalletHistory({ address: ADDRESS })).result[0]!
    expect(tx.contract_interactions).toEqual({
      approvals: [{ value: '115792089237316195423570985008687907853269984665640564039457584007913129639935' }],
    })
  })

  it('a 200 that is not JSON is a ResponseShapeError, not retried', async () => {
    server.use(http.get(ROUTE, () => HttpResponse.html('<html>maintenance</html>')))
    const e = await createClient({ baseUrl: BASE, retry: fast }).getWalletHistory({ address: ADDRESS }).catch((x: unknown) => x)
    expect(e).toBeInstanceOf(ResponseShapeError)
    expect((e as Error).message).toContain('text/html')
    expect(requests).toHaveLength(1)
  })

  it('a 200 with a wrong field is a ResponseShapeError naming it, not retried', async () => {
    server.use(http.get(ROUTE, () => HttpResponse.json(specPage([specEntry({ block_number: 'soon' })]))))
    const e = await createClient({ baseUrl: BASE, retry: fast }).getWalletHistory({ address: ADDRESS }).catch((x: unknown) => x)
    expect(e).toBeInstanceOf(ResponseShapeError)
    expect((e as ResponseShapeError).path).toEqual(['result', 0, 'block_number'])
    expect(requests).toHaveLength(1)
  })
})

describe('HTTP errors', () => {
  const reply = (status: number, headers: Record<string, string> = {}) =>
    server.use(http.get(ROUTE, () => HttpResponse.json({ message: `bad key ${KEY}` }, { status, headers })))

  it.each([400, 401, 403, 404])('%i → HttpStatusError with that status, sent once (4xx is not retried)', async (status) => {
    reply(status)
    const e = await createClient({ baseUrl: BASE, apiKey: KEY, retry: fast }).getWalletHistory({ address: ADDRESS }).catch((x: unknown) => x)
    expect(e).toBeInstanceOf(HttpStatusError)
    expect((e as HttpStatusError).status).toBe(status)
    expect((e as HttpStatusError).retryable).toBe(false)
    expect(requests).toHaveLength(1)
  })

  it('the API key never appears in the message, the URL or the kept body', async () => {
    reply(401)
    const e = (await createClient({ baseUrl: BASE, apiKey: KEY }).getWalletHistory({ address: ADDRESS }).catch((x: unknown) => x)) as HttpStatusError
    expect(e.message).toMatch(/401/)
    expect(e.message).not.toContain(KEY)
    expect(e.url).not.toContain(KEY)
    expect(e.body).toContain('[redacted]')
    expect(e.body).not.toContain(KEY)
    expect(JSON.stringify(e)).not.toContain(KEY)
    expect(String(e.stack)).not.toContain(KEY)
  })

  it('500 is retried `retry` times, then surfaces as HttpStatusError', async () => {
    reply(500)
    const e = await createClient({ baseUrl: BASE, retry: fast }).getWalletHistory({ address: ADDRESS }).catch((x: unknown) => x)
    expect(e).toMatchObject({ name: 'HttpStatusError', status: 500 })
    expect(requests).toHaveLength(3)
  })

  it('retry: false sends once; retry: 0 sends once', async () => {
    reply(503)
    await expect(createClient({ baseUrl: BASE, retry: false }).getWalletHistory({ address: ADDRESS })).rejects.toMatchObject({ status: 503 })
    expect(requests).toHaveLength(1)
    await expect(createClient({ baseUrl: BASE, retry: 0 }).getWalletHistory({ address: ADDRESS })).rejects.toMatchObject({ status: 503 })
    expect(requests).toHaveLength(2)
  })

  it('a 5xx followed by a 200 succeeds on the retry', async () => {
    let n = 0
    server.use(http.get(ROUTE, () => (n++ === 0 ? new HttpResponse(null, { status: 502 }) : HttpResponse.json(specPage()))))
    const page = await createClient({ baseUrl: BASE, retry: fast }).getWalletHistory({ address: ADDRESS })
    expect(page.result).toHaveLength(1)
    expect(requests).toHaveLength(2)
  })

  it('429 carries Retry-After and the retry waits for it', async () => {
    const at: number[] = []
    let n = 0
    server.use(http.get(ROUTE, () => {
      at.push(performance.now())
      return n++ === 0 ? HttpResponse.json({}, { status: 429, headers: { 'Retry-After': '1' } }) : HttpResponse.json(specPage())
    }))
    await createClient({ baseUrl: BASE, retry: fast }).getWalletHistory({ address: ADDRESS })
    expect(at).toHaveLength(2)
    // The back-off alone would be ~1 ms; the second call waits for the 1 s Retry-After.
    expect(at[1]! - at[0]!).toBeGreaterThanOrEqual(950)
  })

  it('429 with a Retry-After longer than maxDelayMs is not waited for: the error carries it', async () => {
    reply(429, { 'Retry-After': '120' })
    const e = await createClient({ baseUrl: BASE, retry: { count: 3, baseDelayMs: 1, maxDelayMs: 5_000 } })
      .getWalletHistory({ address: ADDRESS }).catch((x: unknown) => x)
    expect(e).toMatchObject({ name: 'HttpStatusError', status: 429, retryAfterMs: 120_000, retryable: true })
    expect(requests).toHaveLength(1)
  })

  it('Retry-After as an HTTP date is read too', async () => {
    reply(429, { 'Retry-After': new Date(Date.now() + 3_600_000).toUTCString() })
    const e = (await createClient({ baseUrl: BASE, retry: fast }).getWalletHistory({ address: ADDRESS }).catch((x: unknown) => x)) as HttpStatusError
    expect(e.retryAfterMs).toBeGreaterThan(3_500_000)
  })

  it('a network failure is a NetworkError, retried', async () => {
    server.use(http.get(ROUTE, () => HttpResponse.error()))
    const e = await createClient({ baseUrl: BASE, apiKey: KEY, retry: fast }).getWalletHistory({ address: ADDRESS }).catch((x: unknown) => x)
    expect(e).toBeInstanceOf(NetworkError)
    expect((e as Error).message).not.toContain(KEY)
    expect(requests).toHaveLength(3)
  })
})

describe('timeouts and aborts', () => {
  it('no answer within timeoutMs → TimeoutError', async () => {
    server.use(http.get(ROUTE, async () => {
      await delay(5_000)
      return HttpResponse.json(specPage())
    }))
    const e = await createClient({ baseUrl: BASE, timeoutMs: 50, retry: false }).getWalletHistory({ address: ADDRESS }).catch((x: unknown) => x)
    expect(e).toBeInstanceOf(TimeoutError)
    expect((e as TimeoutError).timeoutMs).toBe(50)
  })

  it('a timeout is retried like a 5xx', async () => {
    server.use(http.get(ROUTE, async () => {
      await delay(5_000)
      return HttpResponse.json(specPage())
    }))
    await expect(createClient({ baseUrl: BASE, timeoutMs: 50, retry: { count: 1, baseDelayMs: 1 } }).getWalletHistory({ address: ADDRESS }))
      .rejects.toBeInstanceOf(TimeoutError)
    expect(requests).toHaveLength(2)
  })

  it('an abort in flight stays an AbortError and is not retried', async () => {
    server.use(http.get(ROUTE, async () => {
      await delay(5_000)
      return HttpResponse.json(specPage())
    }))
    const controller = new AbortController()
    const pending = createClient({ baseUrl: BASE, retry: 3 }).getWalletHistory({ address: ADDRESS }, { signal: controller.signal })
    await delay(50)
    controller.abort()
    const e = await pending.catch((x: unknown) => x)
    expect(e).toBeInstanceOf(Error)
    expect((e as Error).name).toBe('AbortError')
    expect(requests).toHaveLength(1)
  })

  it('an abort during the back-off stops the retries', async () => {
    server.use(http.get(ROUTE, () => new HttpResponse(null, { status: 500 })))
    const controller = new AbortController()
    const pending = createClient({ baseUrl: BASE, retry: { count: 3, baseDelayMs: 10_000 } })
      .getWalletHistory({ address: ADDRESS }, { signal: controller.signal })
    while (requests.length === 0) await delay(5)
    controller.abort()
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' })
    expect(requests).toHaveLength(1)
  })

  it('an already-aborted signal sends nothing', async () => {
    const e = await createClient({ baseUrl: BASE }).getWalletHistory({ address: ADDRESS }, { signal: AbortSignal.abort() }).catch((x: unknown) => x)
    expect((e as Error).name).toBe('AbortError')
    expect(requests).toHaveLength(0)
  })
})
