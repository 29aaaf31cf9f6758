import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createRef } from 'react'
import { decodeFunctionData, erc20Abi, getAddress, maxUint256, maxUint96 } from 'viem'
import { describe, expect, it, vi } from 'vitest'
import { TransactionDetails } from '../../src/components/TransactionDetails/TransactionDetails.js'
import type { ApprovalStates } from '../../src/core/details/approvalStates.js'
import { getTransactionDetails, type TransactionDetails as Details } from '../../src/core/details/getTransactionDetails.js'
import { transactionEntrySchema } from '../../src/core/history/schema.js'
import * as F from '../core/details/fixtures.js'
import { axeViolations } from './axe.js'

async function detailsOf(fixture: F.RpcFixture): Promise<Details> {
  const node = F.fixtureRpc([fixture])
  return (await getTransactionDetails(node, { hash: fixture.hash }))!
}

function entryFor(fixture: F.RpcFixture, raw: Record<string, unknown> = {}) {
  return transactionEntrySchema.parse({
    hash: fixture.hash, from_address: F.SENDER, to_address: fixture.tx.to, value: '0', block_timestamp: '2024-08-21T08:13:47.000Z', block_number: '20589436',
    ...raw,
  })
}

const usdcEntry = (f: F.RpcFixture) =>
  entryFor(f, { erc20_transfers: [{ address: F.USDC, token_symbol: 'USDC', token_decimals: '6', from_address: F.SENDER, to_address: F.RECEIVER, value: '25000000' }] })

/** What the node would answer now for the fixtures' one USDT approval (sender → router). */
const statesOf = (current: bigint | null): ApprovalStates => ({
  headBlockNumber: BigInt(F.HEAD),
  approvals: [{ forAll: false, token: getAddress(F.USDT), owner: getAddress(F.SENDER), spender: getAddress(F.ROUTER), current }],
})

describe('TransactionDetails', () => {
  it('is a closed disclosure until opened with the keyboard; then it answers what happened and what it cost', async () => {
    const user = userEvent.setup()
    const f = F.usdcTransfer()
    const onOpenChange = vi.fn()
    const { container } = render(<TransactionDetails details={await detailsOf(f)} entry={usdcEntry(f)} chain="eth" locale="en-US" timeZone="UTC" onOpenChange={onOpenChange} />)
    const toggle = screen.getByRole('button', { name: 'Details' })
    expect(toggle.getAttribute('aria-expanded')).toBe('false')
    expect(screen.queryByRole('region')).toBeNull()
    toggle.focus()
    await user.keyboard('{Enter}')
    expect(onOpenChange).toHaveBeenCalledWith(true)
    const region = screen.getByRole('region', { name: 'Hide details' })
    expect(screen.getByRole('button', { name: 'Hide details' }).getAttribute('aria-expanded')).toBe('true')
    const text = region.textContent!
    expect(text).toContain('Succeeded, 20 confirmations')
    expect(text).toContain('Aug 21, 2024, 8:13:47 AM UTC')
    expect(text).toContain('0.000839 ETH')
    expect(text).toContain('(41937 gas × 20.000000238 gwei)')
    expect(text).toContain('Methodtransfer 0xa9059cbb')
    const events = within(region).getByRole('region', { name: 'Events' })
    expect(events.querySelector('li')!.textContent).toMatch(/^Transfer 25 USDC from 0x4838…5f97.* to 0x9522…afe5/i)
    expect(within(region).getByRole('link', { name: 'View on explorer' }).getAttribute('href')).toBe(`https://etherscan.io/tx/${f.hash}`)
    expect(await axeViolations(container)).toEqual([])
    await user.keyboard('{Enter}')
    expect(screen.queryByRole('region')).toBeNull()
  })

  it('a failed call says so, with the revert reason as text', async () => {
    const f = F.failedSwap()
    render(<TransactionDetails details={await detailsOf(f)} variant="panel" />)
    const region = screen.getByRole('region', { name: 'Transaction details' })
    expect(region.closest('[data-status]')!.getAttribute('data-status')).toBe('reverted')
    expect(region.textContent).toContain('Failed, 20 confirmations — reverted: UniswapV2Router: INSUFFICIENT_OUTPUT_AMOUNT')
    expect(region.textContent).toContain('swapExactTokensForTokens')
  })

  it('a contract creation names the created contract; input data is collapsed and copies in full', async () => {
    const user = userEvent.setup()
    const writeText = vi.fn(async () => {})
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    const f = F.legacyCreation()
    render(<TransactionDetails details={await detailsOf(f)} variant="panel" chain="eth" />)
    expect(screen.getByText('Created').nextElementSibling!.textContent).toContain('0x5FbD…0aa3')
    expect(screen.getByText('Contract creation')).toBeTruthy()
    const input = screen.getByText(/^Input data \(\d+ bytes\)$/).closest('details')!
    expect(input.open).toBe(false)
    await user.click(screen.getByText(/^Input data/))
    expect(input.open).toBe(true)
    await user.click(screen.getByRole('button', { name: 'Copy input data' }))
    expect(writeText).toHaveBeenCalledWith(f.tx.input)
    expect(screen.getByRole('button', { name: 'Copied' })).toBeTruthy()
  })

  it('an unlimited approval reads as such and offers Revoke, which hands the app approve(spender, 0)', async () => {
    const user = userEvent.setup()
    const f = F.unlimitedApproval()
    const entry = entryFor(f, {
      category: 'approve',
      contract_interactions: {
        approvals: [{ value: maxUint256.toString(), token: { address: F.USDT, token_symbol: 'USDT', token_decimals: '6' }, spender: { address: F.ROUTER, address_label: 'Uniswap V2: Router 2' } }],
      },
    })
    const onRevoke = vi.fn()
    // The node says the allowance is still the full max: the approval is live.
    render(<TransactionDetails details={await detailsOf(f)} entry={entry} variant="panel" onRevoke={onRevoke} approvalStates={statesOf(maxUint256)} />)
    const approvals = (await screen.findByRole('region', { name: 'Approvals' }))
    expect(approvals.textContent).toContain('Uniswap V2: Router 2')
    expect(approvals.textContent).toContain('may spend unlimited USDT — still active')
    expect(screen.getByRole('region', { name: 'Events' }).textContent).toMatch(/^Events \(1\)Approval: 0x7a25…488D.* may spend unlimited USDT/)
    await user.click(screen.getByRole('button', { name: 'Revoke' }))
    const [request] = onRevoke.mock.calls[0]!
    expect(request.to).toBe(getAddress(F.USDT))
    expect(decodeFunctionData({ abi: erc20Abi, data: request.data })).toEqual({ functionName: 'approve', args: [getAddress(F.ROUTER), 0n] })
  })

  it('offers Revoke while anything of an unlimited approval is left: revoked, unreadable or unchecked get none', async () => {
    const f = F.unlimitedApproval()
    const details = await detailsOf(f)
    const entry = entryFor(f, {
      category: 'approve',
      contract_interactions: { approvals: [{ value: maxUint256.toString(), token: { address: F.USDT, token_symbol: 'USDT', token_decimals: '6' }, spender: { address: F.ROUTER } }] },
    })
    const { rerender } = render(<TransactionDetails details={details} entry={entry} variant="panel" onRevoke={() => {}} approvalStates={statesOf(0n)} />)
    await screen.findByRole('region', { name: 'Approvals' })
    const approvals = () => screen.getByRole('region', { name: 'Approvals' })
    expect(approvals().textContent).toContain('may spend unlimited USDT — no longer active')
    expect(screen.queryByRole('button', { name: 'Revoke' })).toBeNull()
    // Spent down to a limited amount: still a live allowance, still revocable.
    rerender(<TransactionDetails details={details} entry={entry} variant="panel" onRevoke={() => {}} approvalStates={statesOf(12_500_000n)} />)
    expect(approvals().textContent).toContain('— now 12.5 remaining')
    expect(screen.getByRole('button', { name: 'Revoke' })).toBeTruthy()
    rerender(<TransactionDetails details={details} entry={entry} variant="panel" onRevoke={() => {}} approvalStates={statesOf(null)} />)
    expect(approvals().textContent).toContain('— could not check whether it is still active')
    expect(screen.queryByRole('button', { name: 'Revoke' })).toBeNull()
    rerender(<TransactionDetails details={details} entry={entry} variant="panel" onRevoke={() => {}} approvalStates={null} />)
    expect(approvals().textContent).toContain('— could not check whether it is still active')
    expect(screen.queryByRole('button', { name: 'Revoke' })).toBeNull()
    // Not checked at all (no states given): nothing claimed, nothing offered.
    rerender(<TransactionDetails details={details} entry={entry} variant="panel" onRevoke={() => {}} />)
    expect(approvals().textContent).not.toContain('active')
    expect(screen.queryByRole('button', { name: 'Revoke' })).toBeNull()
  })

  it('an unlimited approval spent in part on a token that subtracts even from max is still unlimited and active, with Revoke', async () => {
    const f = F.unlimitedApproval()
    const entry = entryFor(f, {
      category: 'approve',
      contract_interactions: { approvals: [{ value: maxUint256.toString(), token: { address: F.USDT, token_symbol: 'USDT', token_decimals: '6' }, spender: { address: F.ROUTER } }] },
    })
    render(<TransactionDetails details={await detailsOf(f)} entry={entry} variant="panel" onRevoke={() => {}} approvalStates={statesOf(maxUint256 - 40_000_000n)} />)
    expect((await screen.findByRole('region', { name: 'Approvals' })).textContent).toContain('may spend unlimited USDT — still active')
    expect(screen.getByRole('button', { name: 'Revoke' })).toBeTruthy()
  })

  it('UNI/COMP style: an approval of max uint96 reads as unlimited in the approvals and the events, live, with Revoke', async () => {
    const f = F.unlimitedApproval()
    const details = await detailsOf(f)
    // The token stores and emits max uint96 for an approve(max uint256).
    const uint96 = { ...details, logs: details.logs.map((l) => ({ ...l, args: { ...l.args, value: maxUint96 } })) } as Details
    render(<TransactionDetails details={uint96} entry={entryFor(f, { erc20_transfers: [] })} variant="panel" onRevoke={() => {}} approvalStates={statesOf(maxUint96)} />)
    expect((await screen.findByRole('region', { name: 'Approvals' })).textContent).toMatch(/may spend unlimited 0xdAC1…1ec7 .* — still active/)
    expect(screen.getByRole('region', { name: 'Events' }).textContent).toMatch(/may spend unlimited the token/)
    expect(screen.getByRole('button', { name: 'Revoke' })).toBeTruthy()
  })

  it('a limited approval whose amount the service sent as a JSON number reads as still active', async () => {
    const f = F.unlimitedApproval()
    const entry = entryFor(f, {
      category: 'approve',
      contract_interactions: { approvals: [{ value: 25_000_000, token: { address: F.USDT, token_symbol: 'USDT', token_decimals: 6 }, spender: { address: F.ROUTER } }] },
    })
    const details = await detailsOf(f)
    const { rerender } = render(<TransactionDetails details={details} entry={entry} variant="panel" onRevoke={() => {}} approvalStates={statesOf(25_000_000n)} />)
    expect((await screen.findByRole('region', { name: 'Approvals' })).textContent).toContain('may spend 25 USDT — still active')
    expect(screen.queryByRole('button', { name: 'Revoke' })).toBeNull()
    // Approved again since, for max less a spend: that reads as unlimited, not as a 59-digit number.
    rerender(<TransactionDetails details={details} entry={entry} variant="panel" onRevoke={() => {}} approvalStates={statesOf(maxUint256 - 40_000_000n)} />)
    expect((await screen.findByRole('region', { name: 'Approvals' })).textContent).toContain('may spend 25 USDT — now unlimited remaining')
  })

  it('without the service\'s contract_interactions, the approval comes from the receipt\'s own Approval log', async () => {
    const f = F.unlimitedApproval()
    const onRevoke = vi.fn()
    render(<TransactionDetails details={await detailsOf(f)} entry={entryFor(f, { to_address_label: 'Tether: USDT' })} variant="panel" onRevoke={onRevoke} approvalStates={statesOf(maxUint256)} />)
    const approvals = (await screen.findByRole('region', { name: 'Approvals' }))
    expect(approvals.textContent).toMatch(/^Approvals0x7a25…488D.*may spend unlimited Tether: USDT.* — still active/)
    expect(screen.getByRole('button', { name: 'Revoke' })).toBeTruthy()
  })

  it('a revoke reads as one, with no Revoke action', async () => {
    const f = F.revokedApproval()
    const entry = entryFor(f, { category: 'revoke', contract_interactions: { revokes: [{ value: '0', token: { address: F.USDT, token_symbol: 'USDT' }, spender: { address: F.ROUTER } }] } })
    render(<TransactionDetails details={await detailsOf(f)} entry={entry} variant="panel" onRevoke={() => {}} />)
    expect((await screen.findByRole('region', { name: 'Approvals' })).textContent).toContain('may no longer spend USDT')
    expect(screen.queryByRole('button', { name: 'Revoke' })).toBeNull()
  })

  it('an unknown contract’s log is shown raw, topics and data behind a disclosure', async () => {
    const f = F.unknownContract()
    render(<TransactionDetails details={await detailsOf(f)} variant="panel" />)
    const events = screen.getByRole('region', { name: 'Events' })
    expect(events.querySelector('li')!.getAttribute('data-decoded')).toBe('false')
    expect(events.textContent).toContain('Event not decoded, from')
    expect(within(events).getByText('Raw topics and data').closest('details')!.querySelector('pre')!.textContent).toContain('0x3f7bd2c4')
    expect(screen.getByText('Unknown')).toBeTruthy()
  })

  it('untrusted text (a service method label, a token symbol) is text, cleaned of bidi tricks', async () => {
    const f = F.usdcTransfer()
    const details = { ...(await detailsOf(f)), method: { selector: '0xa9059cbb' as const, name: '<img src=x onerror=alert(1)>\u202Efdsu', source: 'service' as const, args: null } }
    const entry = entryFor(f, { erc20_transfers: [{ address: F.USDC, token_symbol: 'US\u202EDC<b>', token_decimals: '6', value: '1' }] })
    const { container } = render(<TransactionDetails details={details} entry={entry} variant="panel" />)
    expect(container.querySelector('img, b')).toBeNull()
    expect(container.textContent).toContain('<img src=x onerror=alert(1)>fdsu')
    expect(container.textContent).toContain('USDC<b>')
    expect(container.textContent).not.toContain('\u202E')
  })

  it('loading, error and unknown states; className, style and ref pass through', async () => {
    const ref = createRef<HTMLElement>()
    const { rerender } = render(<TransactionDetails details={undefined} isLoading variant="panel" className="mine" style={{ margin: 3 }} ref={ref} />)
    expect(ref.current!.className).toBe('bf-details mine')
    expect(ref.current!.style.margin).toBe('3px')
    expect(ref.current!.getAttribute('aria-busy')).toBe('true')
    expect(screen.getByRole('status').textContent).toBe('Loading details')
    expect(await axeViolations(ref.current!)).toEqual([])
    rerender(<TransactionDetails details={undefined} error={new Error('boom')} variant="panel" />)
    expect(screen.getByRole('alert').textContent).toBe('Could not load the details: boom')
    rerender(<TransactionDetails details={null} variant="panel" />)
    expect(screen.getByText('The node does not know this transaction.')).toBeTruthy()
  })

  it('shows a verified name where the service gave no label, the service label first, the address always in the title', async () => {
    const f = F.usdcTransfer()
    const names = { [getAddress(F.SENDER)]: 'alice.eth', [getAddress(F.RECEIVER)]: 'bob.eth' }
    render(<TransactionDetails details={await detailsOf(f)} entry={entryFor(f, { to_address_label: 'Circle: USDC' })} names={names} variant="panel" chain="eth" />)
    const from = screen.getByText('From').nextElementSibling!
    expect(from.textContent).toContain('alice.eth')
    expect(from.querySelector('a')!.getAttribute('title')).toBe(getAddress(F.SENDER))
    expect(screen.getByText('To').nextElementSibling!.textContent).toContain('Circle: USDC')
    expect(screen.getByRole('region', { name: 'Events' }).textContent).toContain('to bob.eth')
  })
})
