import { describe, expect, it } from 'vitest'
import { readWalletHistoryPage, readWalletHistoryResponse, walletHistoryPageSchema } from '../../../src/core/history/schema'
// @ts-expect-error plain ESM fixture module without types
import { makeHistoryPage, makeWallet } from '../../bench/history-fixture.mjs'
// @ts-expect-error plain ESM fixture module without types
import { makePage } from '../../bench/page-fixture.mjs'
import { specEntry, specPage } from './fixtures'

// The client's path (readWalletHistoryResponse) normalizes the body it has just parsed where it
// is; these check that the model is still the one zod gives, and that nothing half-done leaks.
const viaClient = (body: unknown) => {
  const text = JSON.stringify(body)
  return readWalletHistoryResponse(JSON.parse(text), text)
}
const viaZod = (body: unknown) => walletHistoryPageSchema.parse(JSON.parse(JSON.stringify(body)))

describe('reading a response body in place', () => {
  it('gives the model zod gives, on realistic pages and on the spec page', () => {
    const world = makeWallet(3)
    const bodies = [specPage(), makePage(30, 2), ...[0, 100].map((offset) => makeHistoryPage(world, { entries: 100, offset }))]
    for (const body of bodies) expect(viaClient(body)).toEqual(viaZod(body))
  })

  it('fills what the spec leaves out (a token transfer without direction, missing lists) like zod', () => {
    const { logs, internal_transactions, ...bare } = specEntry()
    const page = viaClient(specPage([bare, specEntry()]))
    expect(page.result[0]!.logs).toEqual([])
    expect(page.result[0]!.internal_transactions).toEqual([])
    expect(page.result[1]!.erc20_transfer[0]!.direction).toBeNull()
    expect(page).toEqual(viaZod(specPage([bare, specEntry()])))
  })

  it('an object lacking a known key keeps its extra fields too (own "__proto__" included)', () => {
    const entry = specEntry()
    const transfer = (entry.erc20_transfer as Record<string, unknown>[])[0]!
    expect(transfer).not.toHaveProperty('direction')
    const text = JSON.stringify(specPage([{ ...entry, erc20_transfer: [{ ...transfer, surprise: 'kept' }] }])).replace('"surprise"', '"__proto__":{"x":1},"surprise"')
    const t = readWalletHistoryResponse(JSON.parse(text), text).result[0]!.erc20_transfer[0] as Record<string, unknown>
    expect(t.surprise).toBe('kept')
    expect(Object.hasOwn(t, '__proto__')).toBe(true)
    expect(Object.getPrototypeOf(t)).toBe(Object.prototype)
    expect(t.direction).toBeNull()
  })

  it('a transfer or log time or block left empty stays null, not the entry’s', () => {
    const entry = specEntry()
    const log = { ...(entry.logs as Record<string, unknown>[])[0], block_timestamp: '', block_number: '' }
    const tx = viaClient(specPage([{ ...entry, logs: [log] }])).result[0]!
    expect(tx.logs[0]!.block_timestamp).toBeNull()
    expect(tx.logs[0]!.block_number).toBeNull()
    expect(tx.block_number).toBe('12386788')
  })

  it('objects of one kind that alternate between whole, lacking a key, renamed and with extras read as zod reads them', () => {
    // The walker guesses from the previous object of the kind whether to store back or build anew;
    // a wrong guess either way must still give zod's model.
    const entry = specEntry()
    const transfer = (entry.erc20_transfer as Record<string, unknown>[])[0]!
    let n = 0
    const whole = () => ({ ...transfer, value: String(++n), log_index: n, direction: n % 2 ? 'out' : 'receive', possible_spam: 'true' })
    const lacking = () => ({ ...transfer, value: String(++n), log_index: n, to_address_label: `label ${n}` })
    const entries = Array.from({ length: 12 }, (_, k) => {
      const transfers = k % 3 === 0 ? [whole(), lacking(), whole()] : k % 3 === 1 ? [lacking(), lacking(), whole()] : [whole(), { ...whole(), extra: [k] }]
      if (k % 4 === 1) return { ...entry, hash: `0x${String(k).padStart(64, '0')}`, erc20_transfer: null, erc20_transfers: transfers, surprise: k }
      return { ...entry, hash: `0x${String(k).padStart(64, '0')}`, nonce: k, erc20_transfer: transfers, ...(k % 2 ? { note: 'n' } : {}) }
    })
    const body = specPage(entries)
    const page = viaClient(body)
    expect(page).toEqual(viaZod(body))
    expect(page.result.map((e) => e.erc20_transfer.map((t) => t.direction))).toEqual(viaZod(body).result.map((e) => e.erc20_transfer.map((t) => t.direction)))
    expect(page.result.some((e) => 'erc20_transfers' in e)).toBe(false)
  })

  it('a body given up half way (a rounded integer in the last entry) is read again whole, exact and normalized', () => {
    const entries = [specEntry({ nonce: 5, logs: null }), specEntry(), specEntry({ approval: 'BIG' })]
    const text = JSON.stringify(specPage(entries)).replace('"BIG"', '115792089237316195423570985008687907853269984665640564039457584007913129639935')
    const page = readWalletHistoryResponse(JSON.parse(text), text)
    expect(page.result[2]!.approval).toBe('115792089237316195423570985008687907853269984665640564039457584007913129639935')
    expect(page.result[0]!.nonce).toBe('5')
    expect(page.result[0]!.logs).toEqual([])
  })

  it('a body wrong half way still names the wrong field', () => {
    const body = makePage(5)
    body.result[3].native_transfers[0].value = 'lots'
    expect(() => viaClient(body)).toThrow(/result\[3\]\.native_transfers\[0\]\.value/)
  })

  it('keeps the model plain data: JSON and structuredClone round trips, extra keys and "__proto__" as own fields', () => {
    const text = JSON.stringify(specPage([specEntry({ contract_interactions: { approvals: [] } })])).replace('{"hash"', '{"__proto__":{"polluted":true},"hash"')
    const page = readWalletHistoryResponse(JSON.parse(text), text)
    const tx = page.result[0]! as Record<string, unknown>
    expect(Object.getPrototypeOf(tx)).toBe(Object.prototype)
    expect(Object.hasOwn(tx, '__proto__')).toBe(true)
    expect(tx.contract_interactions).toEqual({ approvals: [] })
    expect(JSON.parse(JSON.stringify(page))).toEqual(page)
    expect(structuredClone(page)).toEqual(page)
  })

  it('never changes a body a caller hands to readWalletHistoryPage', () => {
    const body = makePage(3)
    const before = JSON.stringify(body)
    readWalletHistoryPage(body)
    expect(JSON.stringify(body)).toBe(before)
  })

  it('an empty list shared by entries cannot be changed through one of them', () => {
    const page = viaClient(specPage([specEntry({ internal_transactions: [] }), specEntry({ internal_transactions: [] })]))
    const list = page.result[0]!.internal_transactions as unknown[]
    expect(() => list.push({})).toThrow(TypeError)
    expect(page.result[1]!.internal_transactions).toEqual([])
  })
})
