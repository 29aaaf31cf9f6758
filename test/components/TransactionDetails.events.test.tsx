import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { encodeAbiParameters, encodeEventTopics, erc1155Abi, getAddress, maxUint256, type Hex } from 'viem'
import { transactionEntrySchema } from '../../src/core/history/schema.js'
import { describe, expect, it, vi } from 'vitest'
import { TransactionDetails } from '../../src/components/TransactionDetails/TransactionDetails.js'
import { getTransactionDetails, type TransactionDetails as Details } from '../../src/core/details/getTransactionDetails.js'
import * as F from '../core/details/fixtures.js'
import { axeViolations } from './axe.js'

async function detailsOf(fixture: F.RpcFixture): Promise<Details> {
  return (await getTransactionDetails(F.fixtureRpc([fixture]), { hash: fixture.hash }))!
}

/** The USDC transfer with its receipt's logs replaced. */
function withLogs(make: (template: Record<string, unknown>) => Record<string, unknown>[]): F.RpcFixture {
  const f = structuredClone(F.usdcTransfer())
  const receipt = f.receipt as { logs: Record<string, unknown>[] }
  receipt.logs = make(receipt.logs[0]!).map((l, i) => ({ ...l, logIndex: `0x${i.toString(16)}` }))
  return f
}

const events = () => screen.getByRole('region', { name: /^Events/ })

describe('TransactionDetails events from real-world receipts', () => {
  it('a 500-log transaction shows 50 events at first; "Show more" adds the next ones and puts focus on the first it added', async () => {
    const user = userEvent.setup()
    const f = withLogs((transfer) => Array.from({ length: 500 }, () => transfer))
    const { container } = render(<TransactionDetails details={await detailsOf(f)} variant="panel" chain="eth" locale="en-US" />)
    expect(within(events()).getByRole('heading').textContent).toBe('Events (500)')
    expect(within(events()).getAllByRole('listitem')).toHaveLength(50)
    expect(await axeViolations(container)).toEqual([])
    await user.click(screen.getByRole('button', { name: 'Show more events (50 of 500 shown)' }))
    const items = within(events()).getAllByRole('listitem')
    expect(items).toHaveLength(150)
    expect(document.activeElement).toBe(items[50])
    expect(screen.getByRole('button', { name: 'Show more events (150 of 500 shown)' })).toBeTruthy()
    // Rendering 500 decoded events (each with its addresses) takes seconds in jsdom, more under a full run.
  }, 60_000)

  it('"Show more" goes away once every event shows', async () => {
    const user = userEvent.setup()
    render(<TransactionDetails details={await detailsOf(withLogs((transfer) => Array.from({ length: 60 }, () => transfer)))} variant="panel" />)
    await user.click(screen.getByRole('button', { name: 'Show more events (50 of 60 shown)' }))
    const items = within(events()).getAllByRole('listitem')
    expect(items).toHaveLength(60)
    expect(document.activeElement).toBe(items[50])
    expect(screen.queryByRole('button', { name: /^Show more events/ })).toBeNull()
  })

  it('an undecoded log with 20 kB of data shows the start of it and copies it in full', async () => {
    const user = userEvent.setup()
    const writeText = vi.fn(async () => {})
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    const data = `0x${'ab'.repeat(20_000)}` as Hex
    const f = withLogs(() => [(F.unknownContract().receipt!.logs as Record<string, unknown>[])[0]!].map((l) => ({ ...l, data })))
    render(<TransactionDetails details={await detailsOf(f)} variant="panel" />)
    const raw = within(events()).getByText('Raw topics and data').closest('details')!
    expect(raw.querySelector('pre')!.textContent!.length).toBeLessThan(5_000)
    await user.click(within(raw).getByText('Raw topics and data'))
    await user.click(within(raw).getByRole('button', { name: 'Copy data' }))
    expect(writeText).toHaveBeenCalledWith(data)
  })

  it('an event the package has no sentence for shows its arguments as untrusted text: no bidi override, clipped', async () => {
    const CONTRACT = '0x00000000000000adc04c56bf30ac9d3c0aaf14dc'
    const uri = `ipfs://\u202Egnp.lla\u202C${'x'.repeat(2_000)}`
    const f = withLogs((template) => [{
      ...template, address: CONTRACT,
      topics: encodeEventTopics({ abi: erc1155Abi, eventName: 'URI', args: { id: 7n } }),
      data: encodeAbiParameters([{ type: 'string' }], [uri]),
    }])
    render(<TransactionDetails details={await detailsOf(f)} variant="panel" />)
    const line = within(events()).getByRole('listitem')
    expect(line.getAttribute('data-decoded')).toBe('true')
    expect(line.textContent).toMatch(/^URI\(.*value: ipfs:\/\/gnp\.lla/)
    expect(line.textContent).not.toMatch(/[\u202A-\u202E]/)
    expect(line.textContent!.length).toBeLessThan(400)
  })
})

describe('TransactionDetails of a failed contract creation', () => {
  it('does not present the address the node computed as a created contract', async () => {
    const f = structuredClone(F.legacyCreation())
    ;(f.receipt as Record<string, unknown>).status = '0x0'
    render(<TransactionDetails details={await detailsOf(f)} variant="panel" chain="eth" />)
    const created = screen.getByText('Created', { selector: 'dt' }).nextElementSibling!
    expect(created.textContent).toBe('None: the creation failed')
    expect(within(created as HTMLElement).queryByRole('link')).toBeNull()
  })
})

describe('TransactionDetails of a failed approve', () => {
  it('approvals the service lists for a reverted call are not shown as granted, and offer no Revoke', async () => {
    const f = structuredClone(F.unlimitedApproval())
    Object.assign(f.receipt!, { status: '0x0', logs: [] })
    const entry = transactionEntrySchema.parse({
      hash: f.hash, from_address: F.SENDER, to_address: F.USDT, value: '0', block_timestamp: '2024-08-21T08:13:47.000Z', block_number: '20589436', category: 'approve',
      contract_interactions: { approvals: [{ value: maxUint256.toString(), token: { address: F.USDT, token_symbol: 'USDT', token_decimals: '6' }, spender: { address: F.ROUTER } }] },
    })
    // An older approval of the same spender is still live: it is not this transaction's doing.
    const states = { headBlockNumber: BigInt(F.HEAD), approvals: [{ forAll: false, token: getAddress(F.USDT), owner: getAddress(F.SENDER), spender: getAddress(F.ROUTER), current: maxUint256 }] }
    render(<TransactionDetails details={await detailsOf(f)} entry={entry} variant="panel" onRevoke={() => {}} approvalStates={states} />)
    const approvals = await screen.findByRole('region', { name: 'Approvals' })
    expect(approvals.textContent).toBe('ApprovalsNone took effect: the transaction failed.')
    expect(screen.queryByRole('button', { name: 'Revoke' })).toBeNull()
  })
})
