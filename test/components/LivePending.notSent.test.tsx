import { fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { LivePending } from '../../src/components/WalletActivityFeed/LivePending.js'
import { liveRecords, LIVE_WALLET } from '../../stories/feed/liveFixtures.js'
import { setup } from '../react/support.js'

const KEY = 'blockfeed:tracked-transactions:v1'

/** A node that refuses every sent transaction, as one does for a nonce used meanwhile. */
const node: typeof fetch = async (_input, init) => {
  const body = JSON.parse(String(init?.body)) as { id: number; method: string } | { id: number; method: string }[]
  const reply = (c: { id: number; method: string }) =>
    c.method === 'eth_sendRawTransaction'
      ? { jsonrpc: '2.0', id: c.id, error: { code: -32000, message: 'nonce too low' } }
      : { jsonrpc: '2.0', id: c.id, result: c.method === 'eth_blockNumber' ? '0x10' : null }
  return new Response(JSON.stringify(Array.isArray(body) ? body.map(reply) : reply(body)), { headers: { 'content-type': 'application/json' } })
}

beforeEach(() => localStorage.setItem(KEY, JSON.stringify({ version: 1, records: [{ ...liveRecords.dropped, trackedAt: Date.now(), updatedAt: Date.now() }] })))
afterEach(() => localStorage.clear())

describe('LivePending: "Send again" that the node refuses', () => {
  it('says why it was not sent, instead of doing nothing', async () => {
    const { wrapper } = setup({ rpc: { url: 'http://node.test' }, chain: 'eth', fetch: node })
    render(wrapper({ children: <LivePending params={{ address: LIVE_WALLET, chain: 'eth' }} loaded={[]} ready /> }) as never)
    fireEvent.click(await screen.findByRole('button', { name: 'Send again' }))
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toMatch(/nonce too low/)
    // Still dropped, still offered.
    expect(screen.getByRole('button', { name: 'Send again' })).toBeTruthy()
  })
})
