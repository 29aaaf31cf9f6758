import { setupServer } from 'msw/node'
import type { RequestHandler } from 'msw'
import { afterAll, afterEach, beforeAll } from 'vitest'

/**
 * Starts msw/node's server for the current test file and records every request it sees
 * (cloned, so bodies stay readable). Unhandled requests fail loudly.
 */
export function useMswServer(...handlers: RequestHandler[]) {
  const server = setupServer(...handlers)
  const requests: Request[] = []
  server.events.on('request:start', ({ request }) => {
    requests.push(request.clone())
  })
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
  afterEach(() => {
    server.resetHandlers()
    requests.length = 0
  })
  afterAll(() => server.close())
  return { server, requests }
}
