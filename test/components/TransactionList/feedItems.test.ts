import { describe, expect, it } from 'vitest'
import { feedItems } from '../../../src/components/TransactionList/feedItems.js'
import { ALICE, erc20, TOKEN, tx, WALLET } from '../fixtures.js'

const at = (iso: string, raw: Record<string, unknown> = {}) => tx({ block_timestamp: iso, value: '1', ...raw })
const spam = (iso: string) => at(iso, { from_address: ALICE, to_address: TOKEN, value: '0', erc20_transfer: [erc20({ from_address: ALICE, to_address: WALLET, possible_spam: true })] })
const shape = (r: ReturnType<typeof feedItems>) => r.items.map((i) => (i.type === 'day' ? i.key : i.position))
const options = { wallet: WALLET, showSpam: false, hideZeroValueTransfers: false, timeZone: 'UTC' }

describe('feedItems', () => {
  it('a date header before each day’s first transaction; positions count transactions only', () => {
    const r = feedItems([at('2024-05-10T14:00:00Z'), at('2024-05-10T01:00:00Z'), at('2024-05-09T23:00:00Z')], options)
    expect(shape(r)).toEqual(['day-2024-05-10', 1, 2, 'day-2024-05-09', 3])
    expect(r.txCount).toBe(3)
    expect(r.txItemIndex).toEqual([1, 2, 4])
  })

  it('rows dropped above (a window of pages): the first day’s header waits for them, so a row is at the top', () => {
    const r = feedItems([at('2024-05-10T14:00:00Z'), at('2024-05-10T01:00:00Z'), at('2024-05-09T23:00:00Z')], { ...options, continuesAbove: true })
    expect(shape(r)).toEqual([1, 2, 'day-2024-05-09', 3])
    expect(r.txItemIndex).toEqual([0, 1, 3])
  })

  it('one item per hash, whatever its case', () => {
    const one = at('2024-05-10T14:00:00Z')
    const r = feedItems([one, { ...one, hash: one.hash.toUpperCase().replace('0X', '0x') }], options)
    expect(r.txCount).toBe(1)
  })

  it('hidden spam is counted and left out, with no header for a day of only spam', () => {
    const r = feedItems([at('2024-05-10T14:00:00Z'), spam('2024-05-09T12:00:00Z'), spam('2024-05-09T11:00:00Z')], options)
    expect(shape(r)).toEqual(['day-2024-05-10', 1])
    expect(r.hiddenCount).toBe(2)
  })

  it('shown spam is still counted (to say how much is flagged)', () => {
    const r = feedItems([at('2024-05-10T14:00:00Z'), spam('2024-05-09T12:00:00Z')], { ...options, showSpam: true })
    expect(shape(r)).toEqual(['day-2024-05-10', 1, 'day-2024-05-09', 2])
    expect(r.hiddenCount).toBe(1)
  })

  it('days follow the time zone', () => {
    const r = feedItems([at('2024-05-09T23:00:00Z'), at('2024-05-09T01:00:00Z')], { ...options, timeZone: 'Asia/Tokyo' })
    expect(shape(r)).toEqual(['day-2024-05-10', 1, 'day-2024-05-09', 2])
  })
})

describe('feedItems in a merged feed (entries carry their chain)', () => {
  const one = at('2024-05-10T14:00:00Z')
  const on = (chain: string, e = one) => ({ ...e, chain })

  it('the same hash on two chains is two entries, each with its own key', () => {
    // A replayed legacy transaction, or a CREATE2 deployment at the same nonce: one hash, two chains.
    const r = feedItems([on('eth'), on('base')], options)
    expect(r.txCount).toBe(2)
    const keys = r.items.filter((i) => i.type === 'tx').map((i) => i.key)
    expect(new Set(keys).size).toBe(2)
    expect(r.items.filter((i) => i.type === 'tx').map((i) => (i.type === 'tx' ? (i.tx as { chain?: string }).chain : ''))).toEqual(['eth', 'base'])
  })

  it('one entry per chain and hash: a chain named two ways, or a hash in two cases, is still one', () => {
    const upper = { ...one, hash: one.hash.toUpperCase().replace('0X', '0x') }
    const r = feedItems([on('eth'), on('0x1'), on('eth', upper), on('polygon'), on('0x89', upper)], options)
    expect(r.txCount).toBe(2)
  })

  it('without chains, one item per hash as before', () => {
    expect(feedItems([one, { ...one }], options).txCount).toBe(1)
  })
})
