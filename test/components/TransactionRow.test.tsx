import { render, screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { TransactionRow } from '../../src/components/TransactionRow/TransactionRow.js'
import { axeViolations } from './axe.js'
import { ALICE, BOB, COLLECTION, erc20, internal, native, nft, TOKEN, tx, WALLET } from './fixtures.js'

const props = { wallet: WALLET, chain: 'eth', locale: 'en-US', timeZone: 'UTC' } as const

function article() {
  return screen.getByRole('article')
}
function transfer(kind: string) {
  return article().querySelector<HTMLElement>(`.bf-transfer[data-kind="${kind}"]`)!
}

describe('TransactionRow: each transfer kind in each direction', () => {
  const cases = [
    { name: 'native out', entry: tx({ value: '500000000000000000' }), kind: 'native', direction: 'out', text: '\u22120.5 ETH', summary: 'Sent 0.5 ETH to 0x1111…1111', category: 'Send', badge: 'Native, sent' },
    { name: 'native in', entry: tx({ from_address: ALICE, to_address: WALLET, value: '2000000000000000000' }), kind: 'native', direction: 'in', text: '+2 ETH', summary: 'Received 2 ETH from 0x1111…1111', category: 'Receive', badge: 'Native, received' },
    { name: 'native self', entry: tx({ to_address: WALLET, value: '1000000000000000000' }), kind: 'native', direction: 'self', text: '1 ETH', summary: 'Moved 1 ETH to self', category: 'Send', badge: 'Native, to self' },
    { name: 'erc20 out', entry: tx({ to_address: TOKEN, erc20_transfer: [erc20()] }), kind: 'erc20', direction: 'out', text: '\u22121.5 USDC', summary: 'Sent 1.5 USDC to 0x1111…1111', category: 'Token send', badge: 'ERC-20, sent' },
    { name: 'erc20 in', entry: tx({ from_address: ALICE, to_address: TOKEN, erc20_transfer: [erc20({ from_address: ALICE, to_address: WALLET })] }), kind: 'erc20', direction: 'in', text: '+1.5 USDC', summary: 'Received 1.5 USDC from 0x1111…1111', category: 'Token receive', badge: 'ERC-20, received' },
    { name: 'erc20 self', entry: tx({ to_address: TOKEN, erc20_transfer: [erc20({ to_address: WALLET })] }), kind: 'erc20', direction: 'self', text: '1.5 USDC', summary: 'Moved 1.5 USDC to self', category: 'Token send', badge: 'ERC-20, to self' },
    { name: 'erc721 in', entry: tx({ from_address: ALICE, to_address: COLLECTION, nft_transfers: [nft()] }), kind: 'erc721', direction: 'in', text: '+#42', summary: 'Received NFT #42 from 0x1111…1111', category: 'NFT receive', badge: 'ERC-721, received' },
    { name: 'erc721 out', entry: tx({ to_address: COLLECTION, nft_transfers: [nft({ from_address: WALLET, to_address: BOB })] }), kind: 'erc721', direction: 'out', text: '\u2212#42', summary: 'Sent NFT #42 to 0x2222…2222', category: 'NFT send', badge: 'ERC-721, sent' },
    { name: 'erc1155 in ×3', entry: tx({ from_address: ALICE, to_address: COLLECTION, nft_transfers: [nft({ contract_type: 'ERC1155', amount: '3' })] }), kind: 'erc1155', direction: 'in', text: '+3 × #42', summary: 'Received NFT #42 from 0x1111…1111', category: 'NFT receive', badge: 'ERC-1155, received' },
    { name: 'internal in', entry: tx({ from_address: ALICE, to_address: BOB, internal_transactions: [internal()] }), kind: 'internal', direction: 'in', text: 'CALL+0.25 ETH', summary: 'Interacted with 0x2222…2222', category: 'Contract interaction', badge: 'Internal, received' },
    { name: 'internal out', entry: tx({ to_address: BOB, internal_transactions: [internal({ type: 'delegatecall', from: WALLET, to: BOB })] }), kind: 'internal', direction: 'out', text: 'DELEGATECALL\u22120.25 ETH', summary: 'Interacted with 0x2222…2222', category: 'Contract interaction', badge: 'Internal, sent' },
  ] as const

  for (const c of cases) {
    it(`${c.name}: badge, signed amount, summary, category, data attributes`, async () => {
      const { container } = render(<TransactionRow transaction={c.entry} {...props} />)
      const row = transfer(c.kind)
      expect(row.getAttribute('data-direction')).toBe(c.direction)
      expect(row.textContent).toContain(c.text)
      expect(within(row).getByText(c.badge.split(',')[0]!).closest('.bf-badge')!.textContent).toBe(c.badge)
      expect(article().querySelector('.bf-tx__summary')!.textContent).toBe(c.summary)
      expect(article().querySelector('.bf-tx__category')!.textContent).toBe(c.category)
      expect(await axeViolations(container)).toEqual([])
    })
  }

  it('a native transfer sent by the service is used instead of the implied one, with its own symbol', () => {
    render(<TransactionRow transaction={tx({ from_address: ALICE, to_address: WALLET, value: '0', native_transfers: [native({ from_address: ALICE, to_address: WALLET, value: '3000000000000000000', token_symbol: 'POL' })] })} {...props} chain="polygon" />)
    expect(article().querySelectorAll('.bf-transfer[data-kind="native"]')).toHaveLength(1)
    expect(transfer('native').textContent).toContain('+3 POL')
  })

  it('a mint the wallet sent itself (no value out, an NFT in) reads as incoming', () => {
    const zero = '0x0000000000000000000000000000000000000000'
    render(<TransactionRow transaction={tx({ to_address: COLLECTION, value: '0', nft_transfers: [nft({ from_address: zero, to_address: WALLET })] })} {...props} />)
    expect(article().getAttribute('data-direction')).toBe('in')
    expect(transfer('erc721').getAttribute('data-direction')).toBe('in')
  })

  it('a purchase the wallet paid for (value out, an NFT in) stays outgoing', () => {
    render(<TransactionRow transaction={tx({ to_address: COLLECTION, value: '10000000000000000', nft_transfers: [nft({ from_address: ALICE, to_address: WALLET })] })} {...props} />)
    expect(article().getAttribute('data-direction')).toBe('out')
  })

  it('without a wallet, a native transfer takes the service’s direction', () => {
    render(<TransactionRow transaction={tx({ native_transfers: [native({ direction: 'receive' })] })} chain="eth" locale="en-US" />)
    expect(transfer('native').getAttribute('data-direction')).toBe('in')
  })
})

describe('TransactionRow: status, creation, category, summary, fee', () => {
  it('a failed transaction says "Failed" in text and data-status', async () => {
    const { container } = render(<TransactionRow transaction={tx({ receipt_status: '0', value: '1000000000000000000' })} {...props} />)
    expect(article().getAttribute('data-status')).toBe('failed')
    expect(within(article()).getByText('Failed')).toBeTruthy()
    expect(await axeViolations(container)).toEqual([])
  })

  it('a contract creation (null to_address) shows the new contract and its category', async () => {
    const created = '0x3333333333333333333333333333333333333333'
    const { container } = render(<TransactionRow transaction={tx({ to_address: null, receipt_contract_address: created, input: '0x6080' })} {...props} />)
    expect(article().querySelector('.bf-tx__summary')!.textContent).toBe('Created contract 0x3333…3333')
    expect(article().querySelector('.bf-tx__category')!.textContent).toBe('Contract creation')
    expect(article().getAttribute('data-category')).toBe('contract-creation')
    expect(within(article()).getByText('New contract')).toBeTruthy()
    expect(await axeViolations(container)).toEqual([])
  })

  it("uses the service's category and summary when sent (as text)", () => {
    render(<TransactionRow transaction={tx({ category: 'airdrop', summary: 'Claimed 10 ARB', value: '0' })} {...props} />)
    expect(article().querySelector('.bf-tx__summary')!.textContent).toBe('Claimed 10 ARB')
    expect(article().querySelector('.bf-tx__category')!.textContent).toBe('Airdrop')
    expect(article().getAttribute('data-category')).toBe('airdrop')
  })

  it('a contract call with a method label reads "Called approve on …"', () => {
    render(<TransactionRow transaction={tx({ to_address: TOKEN, method_label: 'approve', input: '0x095ea7b3' })} {...props} />)
    expect(article().querySelector('.bf-tx__summary')!.textContent).toBe('Called approve on 0xA0b8…eB48')
  })

  it('shows the fee the wallet paid (gas used × gas price), not on transactions someone else paid for', () => {
    const a = render(<TransactionRow transaction={tx({ value: '1' })} {...props} />)
    expect(a.container.querySelector('.bf-tx__fee')!.textContent).toBe('Fee 0.00042 ETH')
    a.unmount()
    const b = render(<TransactionRow transaction={tx({ transaction_fee: '0.001234', value: '1' })} {...props} />)
    expect(b.container.querySelector('.bf-tx__fee')!.textContent).toBe('Fee 0.001234 ETH')
    b.unmount()
    const c = render(<TransactionRow transaction={tx({ from_address: ALICE, to_address: WALLET, value: '1' })} {...props} />)
    expect(c.container.querySelector('.bf-tx__fee')).toBeNull()
  })

  it('links the transaction to the chain’s explorer, with rel="noopener noreferrer"', () => {
    const entry = tx()
    render(<TransactionRow transaction={entry} {...props} chain="base" />)
    const link = screen.getByRole('link', { name: `View transaction ${entry.hash} on explorer` })
    expect(link.getAttribute('href')).toBe(`https://basescan.org/tx/${entry.hash}`)
    expect(link.getAttribute('rel')).toBe('noopener noreferrer')
  })

  it('renders links through the app’s renderLink', () => {
    render(
      <TransactionRow
        transaction={tx()}
        {...props}
        renderLink={({ href, children, ...rest }) => <a {...rest} href={href} data-router="yes">{children}</a>}
      />,
    )
    const links = screen.getAllByRole('link')
    expect(links.length).toBeGreaterThan(1)
    for (const link of links) expect(link.getAttribute('data-router')).toBe('yes')
  })

  it('passes className, style and extra attributes through to the article', () => {
    render(<TransactionRow transaction={tx()} {...props} className="mine" style={{ marginTop: 3 }} aria-posinset={4} />)
    expect(article().className).toBe('bf-tx mine')
    expect(article().style.marginTop).toBe('3px')
    expect(article().getAttribute('aria-posinset')).toBe('4')
  })
})

describe('TransactionRow: spam and zero-value transfers', () => {
  const spammy = () =>
    tx({
      from_address: ALICE,
      to_address: TOKEN,
      erc20_transfer: [erc20({ from_address: ALICE, to_address: WALLET }), erc20({ from_address: ALICE, to_address: WALLET, token_symbol: 'FREE', possible_spam: true, token_logo: 'https://tracker.example/pixel.png' })],
    })

  it('hides spam transfers by default and says how many', () => {
    render(<TransactionRow transaction={spammy()} {...props} />)
    expect(screen.queryByText('FREE')).toBeNull()
    expect(screen.getByText('1 transfer hidden as possible spam')).toBeTruthy()
  })

  it('shows them when asked, marked "Possible spam", with no logo requested', async () => {
    const { container } = render(<TransactionRow transaction={spammy()} {...props} showSpam />)
    const row = screen.getByText('FREE').closest('.bf-transfer')!
    expect(row.hasAttribute('data-spam')).toBe(true)
    expect(within(row as HTMLElement).getByText('Possible spam')).toBeTruthy()
    expect(row.querySelector('img')).toBeNull()
    expect(container.innerHTML).not.toContain('tracker.example')
    expect(await axeViolations(container)).toEqual([])
  })

  it('hideZeroValueTransfers drops zero-value token transfers', () => {
    const entry = tx({ from_address: ALICE, to_address: TOKEN, erc20_transfer: [erc20({ from_address: WALLET, to_address: BOB, value: '0' }), erc20({ from_address: ALICE, to_address: WALLET })] })
    const a = render(<TransactionRow transaction={entry} {...props} />)
    expect(a.container.querySelectorAll('.bf-transfer[data-kind="erc20"]')).toHaveLength(2)
    a.unmount()
    const b = render(<TransactionRow transaction={entry} {...props} hideZeroValueTransfers />)
    expect(b.container.querySelectorAll('.bf-transfer[data-kind="erc20"]')).toHaveLength(1)
  })

  it('hideZeroValueTransfers leaves NFT transfers alone, even when the service adds a value_formatted to them', () => {
    const entry = tx({ from_address: ALICE, to_address: COLLECTION, nft_transfers: [nft({ value: '0', value_formatted: '0' })] })
    render(<TransactionRow transaction={entry} {...props} hideZeroValueTransfers />)
    expect(article().querySelectorAll('.bf-transfer[data-kind="erc721"]')).toHaveLength(1)
    expect(screen.queryByText(/hidden as possible spam/)).toBeNull()
  })
})

describe('TransactionRow: logos', () => {
  it('a missing logo falls back to the symbol’s initial; a present one is a lazy no-referrer img', () => {
    render(<TransactionRow transaction={tx({ to_address: TOKEN, erc20_transfer: [erc20({ token_logo: null, token_symbol: 'dai' }), erc20()] })} {...props} />)
    const [first, second] = screen.getAllByRole('listitem')
    expect(first!.querySelector('img')).toBeNull()
    expect(first!.querySelector('.bf-logo--fallback')!.textContent).toBe('D')
    const img = second!.querySelector('img')!
    expect(img.getAttribute('src')).toBe('https://logos.example/usdc.png')
    expect(img.getAttribute('referrerpolicy')).toBe('no-referrer')
    expect(img.getAttribute('loading')).toBe('lazy')
    expect(img.getAttribute('alt')).toBe('')
  })

  it('ipfs:// logos go through the configurable gateway', () => {
    render(<TransactionRow transaction={tx({ to_address: TOKEN, erc20_transfer: [erc20({ token_logo: 'ipfs://bafybeigdyrzt5/logo.png' })] })} {...props} ipfsGateway="https://gw.example/ipfs/" />)
    expect(article().querySelector('img')!.getAttribute('src')).toBe('https://gw.example/ipfs/bafybeigdyrzt5/logo.png')
  })
})

describe('TransactionRow: each money flow once (include_internal_transactions)', () => {
  // The service lists an internal ETH payment both as a native transfer (internal_transaction: true) and as an internal call.
  const ROUTER = BOB
  const swap = (extra: Record<string, unknown> = {}) =>
    tx({
      to_address: ROUTER,
      erc20_transfer: [erc20({ to_address: ROUTER })],
      native_transfers: [native({ from_address: ROUTER, to_address: WALLET, value: '3700000000000000', internal_transaction: true, token_symbol: 'ETH', from_address_label: 'Uniswap Router' })],
      internal_transactions: [internal({ from: ROUTER.toUpperCase().replace('0X', '0x'), to: WALLET, value: '3700000000000000' })],
      ...extra,
    })

  it('shows "+0.0037 ETH" once, on the line that names the router', () => {
    render(<TransactionRow transaction={swap()} {...props} />)
    expect(article().textContent!.match(/\+0\.0037 ETH/g)).toHaveLength(1)
    const lines = article().querySelectorAll('.bf-transfer[data-kind="internal"]')
    expect(lines).toHaveLength(1)
    expect(lines[0]!.textContent).toContain('Uniswap Router')
  })

  it('keeps the internal call when it says more than a bare native transfer', () => {
    const bare = native({ from_address: ROUTER, to_address: WALLET, value: '3700000000000000', internal_transaction: true })
    render(<TransactionRow transaction={swap({ native_transfers: [bare] })} {...props} />)
    const lines = article().querySelectorAll('.bf-transfer[data-kind="internal"]')
    expect(lines).toHaveLength(1)
    expect(lines[0]!.textContent).toContain('CALL+0.0037 ETH')
  })

  it('two equal payments stay two; a different value or recipient is another flow', () => {
    const pay = { from_address: ROUTER, to_address: WALLET, value: '3700000000000000', internal_transaction: true }
    const call = { from: ROUTER, to: WALLET, value: '3700000000000000' }
    render(
      <TransactionRow
        transaction={swap({
          native_transfers: [native(pay), native(pay)],
          internal_transactions: [internal(call), internal(call), internal({ ...call, value: '1' }), internal({ ...call, to: ALICE })],
        })}
        {...props}
      />,
    )
    expect(article().querySelectorAll('.bf-transfer[data-kind="internal"]')).toHaveLength(4)
    expect(article().textContent!.match(/\+0\.0037 ETH/g)).toHaveLength(2)
  })
})

describe('TransactionRow: a failed transaction moved nothing', () => {
  const reverted = () => tx({ receipt_status: '0', to_address: BOB, value: '320000000000000000', to_address_label: 'Router' })

  it('its amount is struck through and said to be not transferred; the fee is paid', async () => {
    const { container } = render(<TransactionRow transaction={reverted()} {...props} />)
    const line = transfer('native')
    expect(line.getAttribute('data-moved')).toBe('false')
    expect(line.textContent).toContain('not transferred')
    expect(article().querySelector('.bf-tx__summary')!.textContent).toBe('Tried to send 0.32 ETH to Router')
    expect(article().querySelector('.bf-tx__fee')!.textContent).toBe('Fee paid 0.00042 ETH')
    expect(await axeViolations(container)).toEqual([])
  })

  it('every kind of transfer it lists is marked not moved; a successful one is not', () => {
    const entry = (status: string) =>
      tx({ receipt_status: status, to_address: TOKEN, erc20_transfer: [erc20()], nft_transfers: [nft({ from_address: WALLET, to_address: BOB })], internal_transactions: [internal({ from: WALLET, to: BOB })] })
    const a = render(<TransactionRow transaction={entry('0')} {...props} />)
    const lines = [...a.container.querySelectorAll('.bf-transfer')]
    expect(lines.length).toBe(3)
    for (const line of lines) expect(line.getAttribute('data-moved')).toBe('false')
    a.unmount()
    const b = render(<TransactionRow transaction={entry('1')} {...props} />)
    for (const line of b.container.querySelectorAll('.bf-transfer')) expect(line.hasAttribute('data-moved')).toBe(false)
    expect(b.container.textContent).not.toContain('not transferred')
  })
})

describe('TransactionRow: line order', () => {
  it('native lines first, then tokens and NFTs, then internal calls that repeat no native transfer', () => {
    const entry = tx({
      to_address: BOB,
      native_transfers: [native({ from_address: BOB, to_address: WALLET, value: '5', internal_transaction: true, token_symbol: 'ETH' })],
      internal_transactions: [internal({ from: BOB, to: WALLET, value: '5' }), internal({ from: BOB, to: ALICE, value: '7' })],
      erc20_transfer: [erc20({ to_address: BOB })],
      nft_transfers: [nft()],
    })
    render(<TransactionRow transaction={entry} {...props} />)
    expect([...article().querySelectorAll('.bf-transfer')].map((l) => l.getAttribute('data-kind'))).toEqual(['internal', 'erc20', 'erc721', 'internal'])
    expect(article().querySelectorAll('.bf-transfer')[3]!.textContent).toContain('CALL')
  })
})

describe('TransactionRow: transfers that share a log', () => {
  it('an ERC-1155 TransferBatch (one log, several ids) shows every id, without a duplicate-key warning', () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    const batch = [nft({ contract_type: 'ERC1155', token_id: '1', amount: '2', log_index: 7 }), nft({ contract_type: 'ERC1155', token_id: '2', amount: '5', log_index: 7 })]
    const entry = tx({ from_address: ALICE, to_address: COLLECTION, nft_transfers: batch })
    const { rerender } = render(<TransactionRow transaction={entry} {...props} />)
    // The same entry read again (a refreshed page) must still show each id once.
    rerender(<TransactionRow transaction={{ ...entry, nft_transfers: [...entry.nft_transfers].reverse() }} {...props} />)
    const lines = [...article().querySelectorAll('.bf-transfer[data-kind="erc1155"]')].map((l) => l.textContent)
    expect(lines).toHaveLength(2)
    expect(lines.some((t) => t!.includes('#1'))).toBe(true)
    expect(lines.some((t) => t!.includes('#2'))).toBe(true)
    expect(errors.mock.calls.map((c) => String(c[0]))).not.toContainEqual(expect.stringContaining('same key'))
    errors.mockRestore()
  })
})
