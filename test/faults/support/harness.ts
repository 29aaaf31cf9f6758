import { afterAll, afterEach, beforeAll, beforeEach, expect, vi } from 'vitest'
import { createClient, type ClientConfig } from '../../../src/core/client.js'
import { isAbortError, isBlockfeedError } from '../../../src/core/errors.js'
import { API_KEY } from './fixtures.js'
import { startFakeUpstream, type FakeUpstream } from './fakeUpstream.js'

/** Text of everything an error carries that may reach a person or a log. */
export function errorText(error: unknown): string {
  if (!(error instanceof Error)) return String(error)
  const own = Object.fromEntries(Object.entries(error))
  let fields = ''
  try {
    fields = JSON.stringify(own)
  } catch {
    fields = String(own)
  }
  return [String(error), error.message, error.stack ?? '', fields, error.cause ? errorText(error.cause) : ''].join('\n')
}

/**
 * A fake service on 127.0.0.1 for one test file, a console spy, and after every test the
 * checks that hold for every fault: the API key is in no log line and in no request URL.
 */
export function useFaultService() {
  const state = { upstream: undefined as unknown as FakeUpstream, logs: [] as string[] }
  const methods = ['log', 'info', 'warn', 'error', 'debug'] as const

  beforeAll(async () => {
    state.upstream = await startFakeUpstream()
  })
  afterAll(() => state.upstream.close())
  beforeEach(() => {
    state.upstream.reset()
    state.logs.length = 0
    for (const m of methods) {
      vi.spyOn(console, m).mockImplementation((...args: unknown[]) => void state.logs.push(args.map(errorText).join(' ')))
    }
  })
  afterEach(() => {
    vi.restoreAllMocks()
    expect(state.logs.join('\n')).not.toContain(API_KEY)
    for (const call of state.upstream.calls) expect(call.url).not.toContain(API_KEY)
  })

  return {
    get upstream() {
      return state.upstream
    },
    get logs() {
      return state.logs
    },
    /** The real fetch core against the fake service, with the distinctive key, retries off unless asked. */
    client(extra: Partial<ClientConfig> = {}) {
      return createClient({
        baseUrl: state.upstream.url,
        apiKey: API_KEY,
        rpc: { url: `${state.upstream.url}/rpc` },
        retry: false,
        ...extra,
      })
    },
    /** Starts a call the service never answers, aborts it once it is on the wire, and checks no retry follows. */
    async abortMidFlight(start: (signal: AbortSignal) => Promise<unknown>) {
      state.upstream.reply(() => {})
      const controller = new AbortController()
      const pending = start(controller.signal)
      await vi.waitFor(() => expect(state.upstream.calls).toHaveLength(1))
      controller.abort()
      expect((await failure(pending)).name).toBe('AbortError')
      await new Promise((r) => setTimeout(r, 50))
      expect(state.upstream.calls).toHaveLength(1)
    },
  }
}

/** Awaits a promise that must fail with a typed error (or the caller's abort), free of the key. */
export async function failure(promise: Promise<unknown>): Promise<Error & Record<string, unknown>> {
  const outcome = await promise.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  )
  if (outcome.ok) throw new Error(`expected a typed error, got a value: ${JSON.stringify(outcome.value)?.slice(0, 200)}`)
  const error = outcome.error
  expect(isBlockfeedError(error) || isAbortError(error), `untyped error: ${errorText(error)}`).toBe(true)
  expect(errorText(error)).not.toContain(API_KEY)
  return error as Error & Record<string, unknown>
}
