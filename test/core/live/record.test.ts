import { safeParse } from 'zod/mini'
import { describe, expect, it } from 'vitest'
import { readStoredRecords, writeStoredRecords } from '../../../src/core/live/record.js'
import { trackedTransactionSchema } from '../../../src/core/live/recordSchema.js'

// What a stored record must be to be kept (storage is another tab's or another version's, so each
// rule is checked here on its own): every other record is skipped, never thrown.

const A = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const H = `0x${'ab'.repeat(32)}`
const line = { kind: 'erc1155', token: A, from: A, to: A, amount: '5', tokenId: '7', logIndex: 3 }
const good = () => ({
  hash: H, chain: 'eth', from: A, nonce: 1, to: A, value: '10', tokenTransfer: { token: A, from: A, to: A, amount: '25' },
  receiptTransfers: { lines: [line], total: 1 }, status: 'confirmed', blockNumber: 5, confirmations: 1, confirmationsTarget: 12,
  final: true, replacedBy: null, error: null, raw: '0x02f8', trackedAt: 1_700_000_000_000, updatedAt: 1_700_000_000_001,
})
const stored = (...records: unknown[]) => JSON.stringify({ version: 1, records })
const kept = (record: unknown) => readStoredRecords(stored(record)).length === 1

describe('stored records', () => {
  it('keeps a whole record as its own fields only, and reads one stored before receipts were kept as no lines', () => {
    const [r] = readStoredRecords(stored({ ...good(), extra: 1, tokenTransfer: { ...good().tokenTransfer, extra: 2 }, receiptTransfers: { lines: [line], total: 1, extra: 3 } }))
    expect(r).toEqual(good())
    expect(Object.keys(r!)).toEqual(Object.keys(good()))
    const older: Record<string, unknown> = good()
    delete older.receiptTransfers
    expect(readStoredRecords(stored(older))[0]).toEqual({ ...good(), receiptTransfers: null })
    expect(readStoredRecords(writeStoredRecords([r!]))).toEqual([r])
  })

  it('keeps the edges of each rule', () => {
    const edges = [
      { hash: H.toUpperCase().replace('0X', '0x'), from: null, nonce: null, to: null, value: null, tokenTransfer: null, receiptTransfers: null, blockNumber: null, raw: null },
      { nonce: 0, value: '0', confirmations: 0, confirmationsTarget: 0, trackedAt: 0, updatedAt: 8.64e15, raw: '0x', chain: '', error: '' },
      { nonce: Number.MAX_SAFE_INTEGER, replacedBy: H, final: false, status: 'dropped' },
      { receiptTransfers: { lines: Array(20).fill({ ...line, amount: '9'.repeat(78), tokenId: null, logIndex: null }), total: 1000 } },
      { receiptTransfers: { lines: [], total: 0 } },
      ...['erc20', 'erc721', 'erc1155'].map((kind) => ({ receiptTransfers: { lines: [{ ...line, kind }], total: 1 } })),
      ...['pending', 'confirmed', 'failed', 'replaced', 'dropped'].map((status) => ({ status })),
    ]
    for (const over of edges) expect(kept({ ...good(), ...over }), JSON.stringify(over)).toBe(true)
  })

  it.each([
    ['hash', [null, 1, '', '0x1234', H.slice(2), `${H}00`, `0x${'zz'.repeat(32)}`, `0X${'ab'.repeat(32)}`]],
    ['chain', [null, 1, undefined, {}]],
    ['from', [1, '', A.toLowerCase().slice(0, -1), `${A}00`, `0x${'g'.repeat(40)}`]],
    ['nonce', [-1, 1.5, '1', 2 ** 53, true]],
    ['to', [1, '', '0x', A.slice(2)]],
    ['value', ['', '-1', '1.5', '0x1', 1, ' 1']],
    ['tokenTransfer', [[], 'x', 1, {}, { token: A, from: A, to: A }, { token: A, from: A, to: A, amount: '-1' }, { token: A, from: A, to: '0x12', amount: '1' }, { token: A, from: A, to: A, amount: 1 }]],
    ['receiptTransfers', [[], 'x', {}, { lines: [line] }, { lines: [], total: 1.5 }, { lines: [], total: -1 }, { lines: {}, total: 0 }, { lines: Array(21).fill(line), total: 21 }]],
    ['status', [null, '', 'weird', 'Pending', 1]],
    ['blockNumber', [-1, 1.5, '5', 2 ** 53]],
    ['confirmations', [null, -1, 1.5, '1']],
    ['confirmationsTarget', [null, -1, 1.5, '12']],
    ['final', [null, 1, 'true']],
    ['replacedBy', ['', '0x1234', A, 1]],
    ['error', [1, {}, false]],
    ['raw', ['', '0x0', '0x123', '0xzz', '02f8', 1]],
    ['trackedAt', [null, -1, 1.5, 8.64e15 + 1, '1', 1e300]],
    ['updatedAt', [null, -1, 1.5, 8.64e15 + 1, '1']],
  ] as const)('skips a record whose %s is wrong, or missing', (field, wrong) => {
    for (const v of wrong) expect(kept({ ...good(), [field]: v }), `${field}: ${JSON.stringify(v)}`).toBe(false)
    const missing: Record<string, unknown> = good()
    delete missing[field]
    // A record without receipt lines is one stored before they were kept (see above).
    expect(kept(missing)).toBe(field === 'receiptTransfers')
  })

  it.each([
    ['kind', [null, 'erc777', 'ERC20', 1]],
    ['token', [null, '0x12', 1]],
    ['from', [null, '0x12']],
    ['to', [null, '0x12']],
    ['amount', [null, '', '-5', '1.5', '9'.repeat(79), 5]],
    ['tokenId', ['', '-1', '9'.repeat(79), 7]],
    ['logIndex', [-1, 1.5, '3', 2 ** 53]],
  ] as const)("skips a record one of whose receipt lines has its %s wrong, or missing", (field, wrong) => {
    const withLine = (l: unknown) => ({ ...good(), receiptTransfers: { lines: [line, l], total: 2 } })
    for (const v of wrong) expect(kept(withLine({ ...line, [field]: v })), `${field}: ${JSON.stringify(v)}`).toBe(false)
    const missing: Record<string, unknown> = { ...line }
    delete missing[field]
    expect(kept(withLine(missing))).toBe(false)
    expect(kept(withLine(null))).toBe(false)
    expect(kept(withLine([]))).toBe(false)
  })

  it('skips what is not a record, and storage that is not version 1 of the layout, without throwing', () => {
    expect(readStoredRecords(stored(null, 1, 'x', [], [good()], {}, good()))).toEqual([good()])
    for (const text of [null, '', '{', 'null', '1', '[]', '{}', '{"version":1}', '{"version":1,"records":{}}', JSON.stringify({ version: 2, records: [good()] }), JSON.stringify({ version: '1', records: [good()] })]) {
      expect(readStoredRecords(text)).toEqual([])
    }
  })

  it('trackedTransactionSchema (the package root export) accepts what storage keeps, as its own fields, and needs receiptTransfers', () => {
    const ok = safeParse(trackedTransactionSchema, { ...good(), extra: 1 })
    expect(ok.success && ok.data).toEqual(good())
    expect(safeParse(trackedTransactionSchema, { ...good(), nonce: 1.5 }).success).toBe(false)
    expect(safeParse(trackedTransactionSchema, { ...good(), receiptTransfers: undefined }).success).toBe(false)
    expect(safeParse(trackedTransactionSchema, null).success).toBe(false)
  })
})
