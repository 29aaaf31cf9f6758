import { readFileSync } from 'node:fs'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { check, type Issue } from '../../../src/core/history/check'
import * as readers from '../../../src/core/history/readers'
import { walletHistoryPage } from '../../../src/core/history/tables'
import * as schemas from '../../../src/core/history/zodSchemas'
// @ts-expect-error plain ESM script without types
import { renderTables, tablesPath } from '../../../scripts/history-tables.mjs'
import { specEntry, specPage } from './fixtures'

// The reader walks tables generated from the zod schemas (scripts/history-tables.mjs), so that
// reading a page loads no zod. The schemas stay the source of truth: the committed tables are what
// the script makes of them, and the checker that names a bad field's path lists what zod lists.

describe('the reader’s tables', () => {
  it('are what scripts/history-tables.mjs makes of the zod schemas (run it after changing a schema)', () => {
    expect(readFileSync(tablesPath, 'utf8')).toBe(renderTables(schemas, readers))
  })
})

/** zod's answer as the reader gives it: the model, or each issue's path and message. */
function viaZod(body: unknown): { value?: unknown; issues?: Issue[] } {
  const r = schemas.walletHistoryPageSchema.safeParse(body)
  if (r.success) return { value: r.data }
  return {
    issues: r.error.issues.map((i) => ({
      path: i.path as (string | number)[],
      message: i.code === 'invalid_type' && 'expected' in i ? `expected ${String(i.expected)}` : i.message,
    })),
  }
}
function viaChecker(body: unknown): { value?: unknown; issues?: Issue[] } {
  const issues: Issue[] = []
  const value = check(walletHistoryPage, body, [], issues)
  return issues.length ? { issues } : { value }
}

describe('the checker (the path of a bad field, without zod)', () => {
  const entry = specEntry() as Record<string, Record<string, unknown>[]>
  const lists = ['logs', 'internal_transactions', 'nft_transfers', 'erc20_transfer', 'native_transfers'] as const
  const value = fc.constantFrom<unknown>(undefined, null, '', '0', '12', '-1', '1.5', 'x', 'true', 'maybe', 'send', '0x', '2021-05-07T11:08:35Z', 'yesterday', true, 7, -3, 2 ** 60, 1e300, [], [1], {}, { a: 1 })
  // A page of 1 to 3 entries, each with a few fields (of the entry or of an item of its lists) set to any value.
  const change = fc.record({
    list: fc.constantFrom<(typeof lists)[number] | null>(null, ...lists),
    key: fc.nat(40),
    value,
  })
  const body = fc.array(fc.array(change, { maxLength: 4 }), { minLength: 1, maxLength: 3 }).map((entries) => specPage(entries.map((changes) => {
    const e = structuredClone(specEntry()) as Record<string, unknown>
    for (const { list, key, value } of changes) {
      const target = list ? (e[list] as Record<string, unknown>[] | undefined)?.[0] : e
      // A list an earlier change replaced has no item to change.
      if (target === null || typeof target !== 'object' || Array.isArray(target)) continue
      const keys = [...Object.keys(list ? entry[list]![0]! : e), 'erc20_transfers', 'surprise']
      target[keys[key % keys.length]!] = value
    }
    return JSON.parse(JSON.stringify(e)) as unknown
  })))

  it('reads any page as zod does: the same model, or the same issues with the same paths, in order', () => {
    fc.assert(
      fc.property(body, (page) => {
        expect(viaChecker(structuredClone(page))).toEqual(viaZod(structuredClone(page)))
      }),
      { numRuns: 400 },
    )
  })

  it.each([
    ['result missing', { page: '1', cursor: null }],
    ['result not a list', specPage([], { result: { a: 1 } })],
    ['an entry not an object', specPage(['0xabc', null, []])],
    ['a list of an entry not a list', specPage([specEntry({ logs: 'none', nft_transfers: {} })])],
    ['an item of a list not an object', specPage([specEntry({ logs: [1], erc20_transfers: ['x'], erc20_transfer: null })])],
    ['several wrong fields', specPage([specEntry({ hash: null, value: '-1' }), specEntry({ block_timestamp: 'yesterday' })])],
  ])('%s: the issues zod lists', (_, page) => {
    expect(viaChecker(page)).toEqual(viaZod(page))
    expect(viaChecker(page).issues?.length).toBeGreaterThan(0)
  })
})
