// @vitest-environment jsdom
/**
 * The devnet names the method of every call to a contract it knows the ABI of (its seeded tokens,
 * collections, splitter and name registry), as the hosted service's `method_label` does; so alice's
 * approvals read "Approved" (and the revoked allowance "Revoked") in the row, as the README promises,
 * with no `include_input_data` and no category.
 */
import { render, screen } from '@testing-library/react'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TransactionRow } from '../../src/components/TransactionRow/TransactionRow.js'
import { createClient } from '../../src/core/client.js'
import type { TransactionEntry } from '../../src/core/history/schema.js'
import { startDevnet, type Devnet } from '../../src/devnet/startDevnet.js'

let devnet: Devnet
let alice: string
let entries: TransactionEntry[]
beforeAll(async () => {
  devnet = await startDevnet({ port: 0 })
  alice = devnet.wallets.find((w) => w.name === 'alice')!.address
  const client = createClient({ ...devnet.clientOptions, retry: false })
  entries = (await client.getWalletHistory({ address: alice, limit: 100, order: 'ASC' })).result
}, 60_000)
afterAll(() => devnet?.stop())

const to = (name: keyof NonNullable<Devnet['contracts']>) => (e: TransactionEntry) => e.to_address === devnet.contracts![name].toLowerCase()
const sentByAlice = (e: TransactionEntry) => e.from_address === alice.toLowerCase()

function titleOf(entry: TransactionEntry) {
  const { unmount } = render(<TransactionRow transaction={entry} wallet={alice} chain={devnet.chain} locale="en-US" timeZone="UTC" />)
  const title = screen.getByRole('article').querySelector('.bf-row__title')!.textContent
  unmount()
  return title
}

describe("the devnet's method labels", () => {
  it("names alice's approvals 'approve' and 'setApprovalForAll', with no input data asked for", () => {
    const approvals = entries.filter((e) => sentByAlice(e) && (to('usd')(e) || to('dai')(e)) && e.erc20_transfer.length === 0)
    expect(approvals.map((e) => e.method_label)).toEqual(['approve', 'approve', 'approve'])
    expect(approvals.every((e) => e.input === null)).toBe(true)
    expect(entries.filter((e) => sentByAlice(e) && to('kittens')(e)).map((e) => e.method_label)).toEqual(['setApprovalForAll', 'transferFrom'])
  })

  it('names every other call to its own contracts, and nothing else', () => {
    const labels = (pick: (e: TransactionEntry) => boolean) => entries.filter(pick).map((e) => e.method_label)
    expect(labels((e) => sentByAlice(e) && to('usd')(e) && e.erc20_transfer.length > 0)).toEqual(['transfer'])
    expect(labels(to('items'))).toEqual(['mintBatch', 'safeTransferFrom', 'safeBatchTransferFrom'])
    expect(labels(to('splitter'))).toEqual(['split', 'forward', 'split'])
    expect(labels(to('spam'))).toEqual(['airdrop'])
    // Plain sends and the contract alice created name no method.
    expect(labels((e) => e.to_address === null)).toEqual([null])
    expect(labels((e) => devnet.wallets.some((w) => w.address.toLowerCase() === e.to_address))).toEqual([null, null])
  })
})

describe("alice's approvals in the row", () => {
  it('read "Approved" for the allowances and approval for all, "Revoked" for the allowance taken back', () => {
    const approvals = entries.filter((e) => e.method_label === 'approve' || e.method_label === 'setApprovalForAll')
    expect(approvals.map(titleOf)).toEqual(['Approved', 'Approved', 'Revoked', 'Approved'])
  })

  it('read "Approved" too when the service calls them a generic "contract interaction"', () => {
    const granted = entries.filter((e) => e.method_label === 'approve').at(-1)!
    expect(titleOf({ ...granted, category: 'contract interaction' })).toBe('Approved')
  })
})
