import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { createClient } from '../../../src/core/client.js'
import { useMswServer } from '../../support/msw.js'

const RPC = 'https://rpc.test/'
useMswServer(http.post(RPC, async () => HttpResponse.json({ jsonrpc: '2.0', id: 0, error: { code: 3, message: 'execution reverted' } })))

describe('a call whose signal is already aborted', () => {
  it('rejects with the abort, and the call that still fails later is no unhandled rejection', async () => {
    const unhandled: unknown[] = []
    const onUnhandled = (reason: unknown) => unhandled.push(reason)
    process.on('unhandledRejection', onUnhandled)
    try {
      const client = createClient({ baseUrl: 'https://api.test', rpc: { url: RPC }, chain: 'eth', retry: false, batch: false })
      const controller = new AbortController()
      controller.abort()
      const call = { to: '0x0000000000000000000000000000000000000001', data: '0x' } as const
      await expect(client.rpc({ method: 'eth_call', params: [call, 'latest'] }, { signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' })
      await new Promise((r) => setTimeout(r, 100))
      expect(unhandled).toEqual([])
    } finally {
      process.off('unhandledRejection', onUnhandled)
    }
  })
})
