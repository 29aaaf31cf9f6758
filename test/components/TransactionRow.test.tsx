import { fireEvent, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import type { TransactionEntry } from '../../src/core/history/schema.js'
import { TransactionRow } from '../../src/components/TransactionRow/TransactionRow.js'
import { axeViolations } from './axe.js'
import { openedDetails } from './TransactionRow/openRow.js'
import { ALICE, BOB, COLLECTION, erc20, internal, native, nft, TOKEN, tx, WALLET } from './fixtures.js'

const props = { wallet: WALLET, chain: 'eth', locale: 'en-US', timeZone: 'UTC' } as const

function article() {
  return screen.getByRole('article')
}
/** The open details: every transfer line, the service's summary, hash, fee and explorer link. */
function details() {
  return article().querySelector<HTMLElement>('.bf-tx__details')!
}
function transfer(kind: string) {
  return details().querySelector<HTMLElement>(`.bf-transfer[data-kind="${kind}"]`)!
}
/** The one verb the row leads with. */
function title() {
  return article().querySelector('.bf-row__title')!.textContent
}
/** The other party, as the subtitle says it before the time. */
function party() {
  return article().querySelector('.bf-row__subtitle')!.textContent!.split('·')[0]
}
/** The trailing column's amounts, in order. */
function amounts() {
  return [...article().querySelectorAll('.bf-row__trailing .bf-row__amount')].map((a) => a.textContent)
}
/** The details load when first opened (their own chunk): wait for the panel. */
async function loaded() {
  await openedDetails(article())
}
function chevron() {
  return within(article()).getByRole('button', { name: 'Details' })
}
/** The fee line of the details as read: "Fee 0.00042 ETH". */
function feeText(root: ParentNode) {
  const fee = root.querySelector('.bf-tx__fee')
  return fee && `${fee.querySelector('dt')!.textContent} ${fee.querySelector('dd')!.textContent}`
}

describe('TransactionRow: each transfer kind in each direction', () => {
  // The row says it as a verb, the other party and the signed amount; the open details keep every transfer line with its badge.
  const cases = [
    { name: 'native out', entry: tx({ value: '500000000000000000' }), kind: 'native', direction: 'out', text: '\u22120.5 ETH', title: 'Sent', party: 'To 0x1111…1111', amounts: ['\u22120.5 ETH'], category: 'send', badge: 'Native, sent' },
    { name: 'native in', entry: tx({ from_address: ALICE, to_address: WALLET, value: '2000000000000000000' }), kind: 'native', direction: 'in', text: '+2 ETH', title: 'Received', party: 'From 0x1111…1111', amounts: ['+2 ETH'], category: 'receive', badge: 'Native, received' },
    { name: 'native self', entry: tx({ to_address: WALLET, value: '1000000000000000000' }), kind: 'native', direction: 'self', text: '1 ETH', title: 'Moved', party: 'To yourself', amounts: ['1 ETH'], category: 'send', badge: 'Native, to self' },
    { name: 'erc20 out', entry: tx({ to_address: TOKEN, erc20_transfer: [erc20()] }), kind: 'erc20', direction: 'out', text: '\u22121.5 USDC', title: 'Sent', party: 'To 0x1111…1111', amounts: ['\u22121.5 USDC'], category: 'token-send', badge: 'ERC-20, sent' },
    { name: 'erc20 in', entry: tx({ from_address: ALICE, to_address: TOKEN, erc20_transfer: [erc20({ from_address: ALICE, to_address: WALLET })] }), kind: 'erc20', direction: 'in', text: '+1.5 USDC', title: 'Received', party: 'From 0x1111…1111', amounts: ['+1.5 USDC'], category: 'token-receive', badge: 'ERC-20, received' },
    { name: 'erc20 self', entry: tx({ to_address: TOKEN, erc20_transfer: [erc20({ to_address: WALLET })] }), kind: 'erc20', direction: 'self', text: '1.5 USDC', title: 'Moved', party: 'To yourself', amounts: ['1.5 USDC'], category: 'token-send', badge: 'ERC-20, to self' },
    { name: 'erc721 in', entry: tx({ from_address: ALICE, to_address: COLLECTION, nft_transfers: [nft()] }), kind: 'erc721', direction: 'in', text: '+#42', title: 'Received', party: 'From 0x1111…1111', amounts: ['+#42'], category: 'nft-receive', badge: 'ERC-721, received' },
    { name: 'erc721 out', entry: tx({ to_address: COLLECTION, nft_transfers: [nft({ from_address: WALLET, to_address: BOB })] }), kind: 'erc721', direction: 'out', text: '\u2212#42', title: 'Sent', party: 'To 0x2222…2222', amounts: ['\u2212#42'], category: 'nft-send', badge: 'ERC-721, sent' },
    { name: 'erc1155 in ×3', entry: tx({ from_address: ALICE, to_address: COLLECTION, nft_transfers: [nft({ contract_type: 'ERC1155', amount: '3' })] }), kind: 'erc1155', direction: 'in', text: '+3 × #42', title: 'Received', party: 'From 0x1111…1111', amounts: ['+3 × #42'], category: 'nft-receive', badge: 'ERC-1155, received' },
    // ETH that came back inside someone else's call reads as received from the contract called (wallets show it so).
    { name: 'internal in', entry: tx({ from_address: ALICE, to_address: BOB, internal_transactions: [internal()] }), kind: 'internal', direction: 'in', text: 'CALL+0.25 ETH', title: 'Received', party: 'From 0x2222…2222', amounts: ['+0.25 ETH'], category: 'contract-interaction', badge: 'Internal, received' },
    { name: 'internal out', entry: tx({ to_address: BOB, internal_transactions: [internal({ type: 'delegatecall', from: WALLET, to: BOB })] }), kind: 'internal', direction: 'out', text: 'DELEGATECALL\u22120.25 ETH', title: 'Sent', party: 'To 0x2222…2222', amounts: ['\u22120.25 ETH'], category: 'contract-interaction', badge: 'Internal, sent' },
  ] as const

  for (const c of cases) {
    it(`${c.name}: verb, party and signed amount on the row; badge and signed line in the details; data attributes`, async () => {
      const { container } = render(<TransactionRow transaction={c.entry} {...props} defaultExpanded />)
      await loaded()
      expect(title()).toBe(c.title)
      expect(party()).toBe(c.party)
      expect(amounts()).toEqual(c.amounts)
      expect(screen.getByRole('article', { name: c.title })).toBe(article())
      expect(article().getAttribute('data-category')).toBe(c.category)
      const row = transfer(c.kind)
      expect(row.getAttribute('data-direction')).toBe(c.direction)
      expect(row.textContent).toContain(c.text)
      expect(within(row).getByText(c.badge.split(',')[0]!).closest('.bf-badge')!.textContent).toBe(c.badge)
      expect(await axeViolations(container)).toEqual([])
    })
  }

  it('a native transfer sent by the service is used instead of the implied one, with its own symbol', async () => {
    render(<TransactionRow transaction={tx({ from_address: ALICE, to_address: WALLET, value: '0', native_transfers: [native({ from_address: ALICE, to_address: WALLET, value: '3000000000000000000', token_symbol: 'POL' })] })} {...props} chain="polygon" defaultExpanded />)
    await loaded()
    expect(amounts()).toEqual(['+3 POL'])
    expect(details().querySelectorAll('.bf-transfer[data-kind="native"]')).toHaveLength(1)
    expect(transfer('native').textContent).toContain('+3 POL')
  })

  it('a mint the wallet sent itself (no value out, an NFT in) reads as incoming', async () => {
    const zero = '0x0000000000000000000000000000000000000000'
    render(<TransactionRow transaction={tx({ to_address: COLLECTION, value: '0', nft_transfers: [nft({ from_address: zero, to_address: WALLET })] })} {...props} defaultExpanded />)
    await loaded()
    expect(article().getAttribute('data-direction')).toBe('in')
    expect(title()).toBe('Minted')
    expect(amounts()).toEqual(['+#42'])
    expect(transfer('erc721').getAttribute('data-direction')).toBe('in')
  })

  it('a purchase the wallet paid for (value out, an NFT in) stays outgoing and reads "Bought"', async () => {
    render(<TransactionRow transaction={tx({ to_address: COLLECTION, value: '10000000000000000', nft_transfers: [nft({ from_address: ALICE, to_address: WALLET })] })} {...props} />)
    expect(article().getAttribute('data-direction')).toBe('out')
    expect(article().querySelector('.bf-row__verb')!.textContent).toBe('Bought')
    // What left is said first, then what came in.
    expect(amounts()).toEqual(['\u22120.01 ETH', '+#42'])
  })

  it('without a wallet, a native transfer takes the service’s direction', async () => {
    render(<TransactionRow transaction={tx({ native_transfers: [native({ direction: 'receive' })] })} chain="eth" locale="en-US" defaultExpanded />)
    await loaded()
    expect(transfer('native').getAttribute('data-direction')).toBe('in')
  })

  it('without a wallet, the trailing amount takes the service’s direction too', async () => {
    render(<TransactionRow transaction={tx({ native_transfers: [native({ direction: 'receive' })] })} chain="eth" locale="en-US" />)
    expect(amounts()).toEqual(['+0.5 ETH'])
  })
})

describe('TransactionRow: status, creation, kind, service text, fee', () => {
  it('a failed transaction says "Failed" in text and data-status, with the party it was for', async () => {
    const { container } = render(<TransactionRow transaction={tx({ receipt_status: '0', value: '1000000000000000000' })} {...props} />)
    expect(article().getAttribute('data-status')).toBe('failed')
    expect(within(article()).getByText('Failed')).toBeTruthy()
    expect(party()).toBe('To 0x1111…1111')
    expect(await axeViolations(container)).toEqual([])
  })

  it('a contract creation (null to_address) says Deployed and names the new contract; the details show it', async () => {
    const created = '0x3333333333333333333333333333333333333333'
    const { container } = render(<TransactionRow transaction={tx({ to_address: null, receipt_contract_address: created, input: '0x6080' })} {...props} defaultExpanded />)
    await loaded()
    expect(title()).toBe('Deployed')
    expect(party()).toBe('0x3333…3333')
    expect(article().getAttribute('data-kind')).toBe('deploy')
    expect(article().getAttribute('data-category')).toBe('contract-creation')
    expect(within(details()).getByText('New contract')).toBeTruthy()
    expect(await axeViolations(container)).toEqual([])
  })

  it("uses the service's category as the verb and its summary in the details (as text)", async () => {
    render(<TransactionRow transaction={tx({ category: 'airdrop', summary: 'Claimed 10 ARB', value: '0' })} {...props} />)
    expect(title()).toBe('Airdropped')
    expect(article().getAttribute('data-category')).toBe('airdrop')
    // The service's sentence is not the row's title: it waits in the details.
    expect(article().textContent).not.toContain('Claimed 10 ARB')
    await userEvent.click(chevron())
    await loaded()
    expect(details().querySelector('.bf-tx__service-summary')!.textContent).toBe('Claimed 10 ARB')
  })

  it('a service category the row has no verb for is its title, cleaned and capitalized', async () => {
    render(<TransactionRow transaction={tx({ category: 'liquidity\u202E provision' })} {...props} />)
    expect(title()).toBe('Liquidity provision')
    expect(article().getAttribute('data-kind')).toBe('other')
  })

  it('an approval reads "Approved" with the token contract; another method reads "Called {method}"; none reads "Contract call"', async () => {
    const a = render(<TransactionRow transaction={tx({ to_address: TOKEN, method_label: 'approve', input: '0x095ea7b3' })} {...props} />)
    expect(title()).toBe('Approved')
    expect(party()).toBe('0xA0b8…eB48')
    a.unmount()
    const b = render(<TransactionRow transaction={tx({ to_address: TOKEN, method_label: 'execute', input: '0x3593564c' })} {...props} />)
    expect(title()).toBe('Called execute')
    expect(article().querySelector('.bf-row__method')!.textContent).toBe('execute')
    expect(party()).toBe('0xA0b8…eB48')
    b.unmount()
    render(<TransactionRow transaction={tx({ to_address: TOKEN })} {...props} />)
    expect(title()).toBe('Contract call')
    expect(party()).toBe('0xA0b8…eB48')
    expect(article().querySelector('.bf-row__trailing')).toBeNull()
  })

  it('shows the fee the wallet paid (gas used × gas price) in the details, not on transactions someone else paid for', async () => {
    const a = render(<TransactionRow transaction={tx({ value: '1' })} {...props} defaultExpanded />)
    await loaded()
    expect(feeText(a.container)).toBe('Fee 0.00042 ETH')
    a.unmount()
    const b = render(<TransactionRow transaction={tx({ transaction_fee: '0.001234', value: '1' })} {...props} defaultExpanded />)
    await loaded()
    expect(feeText(b.container)).toBe('Fee 0.001234 ETH')
    b.unmount()
    const c = render(<TransactionRow transaction={tx({ from_address: ALICE, to_address: WALLET, value: '1' })} {...props} defaultExpanded />)
    await loaded()
    expect(c.container.querySelector('.bf-tx__details')!.hasAttribute('hidden')).toBe(false)
    expect(c.container.querySelector('.bf-tx__fee')).toBeNull()
  })

  it('the details show the hash and nonce; closed, they are not rendered at all', async () => {
    const entry = tx({ nonce: '7' })
    render(<TransactionRow transaction={entry} {...props} />)
    expect(details().hasAttribute('hidden')).toBe(true)
    expect(details().childElementCount).toBe(0)
    expect(article().textContent).not.toContain(entry.hash)
    await userEvent.click(chevron())
    await loaded()
    expect(details().querySelector('.bf-tx__hash')!.textContent).toBe(entry.hash)
    expect(within(details()).getByText('Nonce').nextElementSibling!.textContent).toBe('7')
  })

  it('links the transaction to the chain’s explorer from the open details, with rel="noopener noreferrer"', async () => {
    const entry = tx()
    render(<TransactionRow transaction={entry} {...props} chain="base" />)
    const name = `View on explorer (transaction ${entry.hash})`
    expect(screen.queryByRole('link', { name })).toBeNull()
    await userEvent.click(chevron())
    await loaded()
    const link = within(details()).getByRole('link', { name })
    expect(link.textContent).toBe(`View on explorer ↗ (transaction ${entry.hash})`)
    expect(link.getAttribute('href')).toBe(`https://basescan.org/tx/${entry.hash}`)
    expect(link.getAttribute('rel')).toBe('noopener noreferrer')
  })

  it('renders links through the app’s renderLink', async () => {
    render(
      <TransactionRow
        transaction={tx()}
        {...props}
        defaultExpanded
        renderLink={({ href, children, ...rest }) => <a {...rest} href={href} data-router="yes">{children}</a>}
      />,
    )
    await loaded()
    const links = screen.getAllByRole('link')
    expect(links.length).toBeGreaterThan(1)
    for (const link of links) expect(link.getAttribute('data-router')).toBe('yes')
  })

  it('renderDetails replaces the hash, fee and explorer link below the transfers', async () => {
    render(<TransactionRow transaction={tx({ value: '1' })} {...props} defaultExpanded renderDetails={(t) => <p data-testid="mine">{t.hash.slice(0, 6)}</p>} />)
    await loaded()
    expect(within(details()).getByTestId('mine').textContent).toBe('0x0000')
    expect(details().querySelector('.bf-transfers')).not.toBeNull()
    expect(details().querySelector('.bf-tx__fee')).toBeNull()
    expect(details().querySelector('.bf-tx__explorer')).toBeNull()
    expect(within(details()).queryByRole('link', { name: /^View on explorer/ })).toBeNull()
  })

  it('passes className, style and extra attributes through to the article', async () => {
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

  it('hides spam transfers by default and says how many', async () => {
    render(<TransactionRow transaction={spammy()} {...props} defaultExpanded />)
    await loaded()
    expect(screen.queryByText('FREE')).toBeNull()
    expect(amounts()).toEqual(['+1.5 USDC'])
    expect(within(details()).getByText('1 transfer hidden as possible spam')).toBeTruthy()
  })

  it('shows them when asked, marked "Possible spam", with no logo requested', async () => {
    const { container } = render(<TransactionRow transaction={spammy()} {...props} showSpam defaultExpanded />)
    await loaded()
    expect(amounts()).toEqual(['+1.5 USDC', '+1.5 FREE'])
    expect(within(article().querySelector<HTMLElement>('.bf-row__title')!).getByText('Possible spam')).toBeTruthy()
    const row = within(details()).getByText('FREE').closest('.bf-transfer')!
    expect(row.hasAttribute('data-spam')).toBe(true)
    expect(within(row as HTMLElement).getByText('Possible spam')).toBeTruthy()
    expect(row.querySelector('img')).toBeNull()
    expect(container.innerHTML).not.toContain('tracker.example')
    expect(await axeViolations(container)).toEqual([])
  })

  it('hideZeroValueTransfers drops zero-value token transfers', async () => {
    const entry = tx({ from_address: ALICE, to_address: TOKEN, erc20_transfer: [erc20({ from_address: WALLET, to_address: BOB, value: '0' }), erc20({ from_address: ALICE, to_address: WALLET })] })
    const a = render(<TransactionRow transaction={entry} {...props} defaultExpanded />)
    await loaded()
    expect(a.container.querySelectorAll('.bf-transfer[data-kind="erc20"]')).toHaveLength(2)
    a.unmount()
    const b = render(<TransactionRow transaction={entry} {...props} hideZeroValueTransfers defaultExpanded />)
    await loaded()
    expect(b.container.querySelectorAll('.bf-transfer[data-kind="erc20"]')).toHaveLength(1)
    expect(amounts()).toEqual(['+1.5 USDC'])
  })

  it('hideZeroValueTransfers leaves NFT transfers alone, even when the service adds a value_formatted to them', async () => {
    const entry = tx({ from_address: ALICE, to_address: COLLECTION, nft_transfers: [nft({ value: '0', value_formatted: '0' })] })
    render(<TransactionRow transaction={entry} {...props} hideZeroValueTransfers defaultExpanded />)
    await loaded()
    expect(details().querySelectorAll('.bf-transfer[data-kind="erc721"]')).toHaveLength(1)
    expect(amounts()).toEqual(['+#42'])
    expect(screen.queryByText(/hidden as possible spam/)).toBeNull()
  })
})

describe('TransactionRow: logos', () => {
  it('a missing logo falls back to the symbol’s initial; a present one is a lazy no-referrer img', async () => {
    render(<TransactionRow transaction={tx({ to_address: TOKEN, erc20_transfer: [erc20({ token_logo: null, token_symbol: 'dai' }), erc20()] })} {...props} defaultExpanded />)
    await loaded()
    const [first, second] = within(details()).getAllByRole('listitem')
    expect(first!.querySelector('img')).toBeNull()
    expect(first!.querySelector('.bf-logo--fallback')!.textContent).toBe('D')
    const img = second!.querySelector('img')!
    expect(img.getAttribute('src')).toBe('https://logos.example/usdc.png')
    expect(img.getAttribute('referrerpolicy')).toBe('no-referrer')
    expect(img.getAttribute('loading')).toBe('lazy')
    expect(img.getAttribute('alt')).toBe('')
  })

  it('one token moved: the row leads with its logo; several: with the kind’s glyph', async () => {
    const a = render(<TransactionRow transaction={tx({ to_address: TOKEN, erc20_transfer: [erc20()] })} {...props} />)
    expect(article().querySelector('.bf-row__leading img')!.getAttribute('src')).toBe('https://logos.example/usdc.png')
    a.unmount()
    render(<TransactionRow transaction={tx({ to_address: TOKEN, erc20_transfer: [erc20(), erc20({ token_symbol: 'DAI' })] })} {...props} />)
    expect(article().querySelector('.bf-row__leading img')).toBeNull()
    expect(article().querySelector('.bf-row__leading .bf-glyph')!.getAttribute('data-kind')).toBe('send')
  })

  it('ipfs:// logos go through the configurable gateway', async () => {
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

  it('shows "+0.0037 ETH" once in the trailing amounts and once in the details, on the line that names the router', async () => {
    render(<TransactionRow transaction={swap()} {...props} defaultExpanded />)
    await loaded()
    expect(amounts()).toEqual(['\u22121.5 USDC', '+0.0037 ETH'])
    expect(details().textContent!.match(/\+0\.0037 ETH/g)).toHaveLength(1)
    const lines = details().querySelectorAll('.bf-transfer[data-kind="internal"]')
    expect(lines).toHaveLength(1)
    expect(lines[0]!.textContent).toContain('Uniswap Router')
  })

  it('keeps the internal call when it says more than a bare native transfer', async () => {
    const bare = native({ from_address: ROUTER, to_address: WALLET, value: '3700000000000000', internal_transaction: true })
    render(<TransactionRow transaction={swap({ native_transfers: [bare] })} {...props} defaultExpanded />)
    await loaded()
    const lines = details().querySelectorAll('.bf-transfer[data-kind="internal"]')
    expect(lines).toHaveLength(1)
    expect(lines[0]!.textContent).toContain('CALL+0.0037 ETH')
  })

  it('two equal payments stay two; a different value or recipient is another flow', async () => {
    const pay = { from_address: ROUTER, to_address: WALLET, value: '3700000000000000', internal_transaction: true }
    const call = { from: ROUTER, to: WALLET, value: '3700000000000000' }
    render(
      <TransactionRow
        transaction={swap({
          native_transfers: [native(pay), native(pay)],
          internal_transactions: [internal(call), internal(call), internal({ ...call, value: '1' }), internal({ ...call, to: ALICE })],
        })}
        {...props}
        defaultExpanded
      />,
    )
    await loaded()
    expect(details().querySelectorAll('.bf-transfer[data-kind="internal"]')).toHaveLength(4)
    expect(details().textContent!.match(/\+0\.0037 ETH/g)).toHaveLength(2)
    // The wallet's four amounts (one out, three in; the call to Alice is not the wallet's): the first and "+3 more".
    expect(amounts()).toEqual(['\u22121.5 USDC'])
    expect(article().querySelector('.bf-row__more')!.textContent).toBe('+3 more')
  })
})

describe('TransactionRow: a failed transaction moved nothing', () => {
  const reverted = () => tx({ receipt_status: '0', to_address: BOB, value: '320000000000000000', to_address_label: 'Router' })

  it('its amount is struck through and said to be not transferred; the fee is paid', async () => {
    const { container } = render(<TransactionRow transaction={reverted()} {...props} defaultExpanded />)
    await loaded()
    expect(title()).toBe('Failed')
    expect(party()).toBe('To Router')
    const trailing = article().querySelector('.bf-row__trailing')!
    expect(trailing.getAttribute('data-moved')).toBe('false')
    expect(amounts()).toEqual(['\u22120.32 ETH'])
    expect(trailing.textContent).toContain('not transferred')
    const line = transfer('native')
    expect(line.getAttribute('data-moved')).toBe('false')
    expect(line.textContent).toContain('not transferred')
    expect(feeText(details())).toBe('Fee paid 0.00042 ETH')
    expect(await axeViolations(container)).toEqual([])
  })

  it('every kind of transfer it lists is marked not moved; a successful one is not', async () => {
    const entry = (status: string) =>
      tx({ receipt_status: status, to_address: TOKEN, erc20_transfer: [erc20()], nft_transfers: [nft({ from_address: WALLET, to_address: BOB })], internal_transactions: [internal({ from: WALLET, to: BOB })] })
    const a = render(<TransactionRow transaction={entry('0')} {...props} defaultExpanded />)
    await loaded()
    const lines = [...a.container.querySelectorAll('.bf-tx__details .bf-transfer')]
    expect(lines.length).toBe(3)
    for (const line of lines) expect(line.getAttribute('data-moved')).toBe('false')
    expect(a.container.querySelector('.bf-row__trailing')!.getAttribute('data-moved')).toBe('false')
    a.unmount()
    const b = render(<TransactionRow transaction={entry('1')} {...props} defaultExpanded />)
    await loaded()
    for (const line of b.container.querySelectorAll('.bf-transfer')) expect(line.hasAttribute('data-moved')).toBe(false)
    expect(b.container.querySelector('.bf-row__trailing')!.hasAttribute('data-moved')).toBe(false)
    expect(b.container.textContent).not.toContain('not transferred')
  })
})

describe('TransactionRow: line order', () => {
  it('native lines first, then tokens and NFTs, then internal calls that repeat no native transfer', async () => {
    const entry = tx({
      to_address: BOB,
      native_transfers: [native({ from_address: BOB, to_address: WALLET, value: '5', internal_transaction: true, token_symbol: 'ETH' })],
      internal_transactions: [internal({ from: BOB, to: WALLET, value: '5' }), internal({ from: BOB, to: ALICE, value: '7' })],
      erc20_transfer: [erc20({ to_address: BOB })],
      nft_transfers: [nft()],
    })
    render(<TransactionRow transaction={entry} {...props} defaultExpanded />)
    await loaded()
    expect([...details().querySelectorAll('.bf-transfer')].map((l) => l.getAttribute('data-kind'))).toEqual(['internal', 'erc20', 'erc721', 'internal'])
    expect(details().querySelectorAll('.bf-transfer')[3]!.textContent).toContain('CALL')
  })
})

describe('TransactionRow: transfers that share a log', () => {
  it('an ERC-1155 TransferBatch (one log, several ids) shows every id, without a duplicate-key warning', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    const batch = [nft({ contract_type: 'ERC1155', token_id: '1', amount: '2', log_index: 7 }), nft({ contract_type: 'ERC1155', token_id: '2', amount: '5', log_index: 7 })]
    const entry = tx({ from_address: ALICE, to_address: COLLECTION, nft_transfers: batch })
    const { rerender } = render(<TransactionRow transaction={entry} {...props} defaultExpanded />)
    await loaded()
    expect(amounts()).toEqual(['+2 × #1', '+5 × #2'])
    // The same entry read again (a refreshed page) must still show each id once.
    rerender(<TransactionRow transaction={{ ...entry, nft_transfers: [...entry.nft_transfers].reverse() }} {...props} defaultExpanded />)
    await loaded()
    const lines = [...details().querySelectorAll('.bf-transfer[data-kind="erc1155"]')].map((l) => l.textContent)
    expect(lines).toHaveLength(2)
    expect(lines.some((t) => t!.includes('#1'))).toBe(true)
    expect(lines.some((t) => t!.includes('#2'))).toBe(true)
    expect(errors.mock.calls.map((c) => String(c[0]))).not.toContainEqual(expect.stringContaining('same key'))
    errors.mockRestore()
  })
})

describe('TransactionRow: trailing amounts', () => {
  it('a swap shows both legs, what left first: −500 USDC then +0.16 ETH', async () => {
    const ROUTER = BOB
    render(
      <TransactionRow
        transaction={tx({
          to_address: ROUTER,
          erc20_transfer: [erc20({ to_address: ROUTER, value: '500000000' })],
          native_transfers: [native({ from_address: ROUTER, to_address: WALLET, value: '160000000000000000', internal_transaction: true })],
        })}
        {...props}
      />,
    )
    expect(title()).toBe('Swapped')
    expect(amounts()).toEqual(['\u2212500 USDC', '+0.16 ETH'])
    expect(article().querySelector('.bf-row__more')).toBeNull()
    // Two amounts: a pair of legs, no token logo to pick between them.
    expect(article().querySelector('.bf-row__leading img')).toBeNull()
  })

  it('three movements show the first and "+2 more"; the details list all three', async () => {
    render(
      <TransactionRow
        transaction={tx({
          to_address: BOB,
          erc20_transfer: [erc20({ to_address: BOB }), erc20({ to_address: BOB, token_symbol: 'DAI', token_decimals: '18', value: '2000000000000000000' })],
          nft_transfers: [nft({ from_address: BOB, to_address: WALLET })],
        })}
        {...props}
      />,
    )
    expect(amounts()).toEqual(['\u22121.5 USDC'])
    expect(article().querySelector('.bf-row__more')!.textContent).toBe('+2 more')
    await userEvent.click(chevron())
    await loaded()
    expect(details().querySelectorAll('.bf-transfer')).toHaveLength(3)
  })

  it('a failed transaction’s trailing column is marked not moved and says so', async () => {
    render(<TransactionRow transaction={tx({ receipt_status: '0', to_address: TOKEN, erc20_transfer: [erc20()] })} {...props} />)
    const trailing = article().querySelector('.bf-row__trailing')!
    expect(trailing.getAttribute('data-moved')).toBe('false')
    expect(amounts()).toEqual(['\u22121.5 USDC'])
    expect(trailing.querySelector('.bf-visually-hidden')!.textContent).toBe(' (not transferred: the transaction failed)')
    // The trailing amounts describe the row to a screen reader: "not transferred" is heard with it.
    expect(article().getAttribute('aria-describedby')!.split(' ')).toContain(trailing.id)
  })

  it('nothing moved: no trailing column, and the row is described by its subtitle alone', async () => {
    render(<TransactionRow transaction={tx({ to_address: TOKEN })} {...props} />)
    expect(article().querySelector('.bf-row__trailing')).toBeNull()
    expect(article().getAttribute('aria-describedby')).toBe(article().querySelector('.bf-row__subtitle')!.id)
  })
})

describe('TransactionRow: opening the details in place', () => {
  it('the explorer link’s accessible name starts with its visible words (WCAG 2.5.3)', async () => {
    const entry = tx()
    const { container } = render(<TransactionRow transaction={entry} {...props} defaultExpanded />)
    await loaded()
    const link = within(details()).getByRole('link', { name: `View on explorer (transaction ${entry.hash})` })
    expect(link.hasAttribute('aria-label')).toBe(false)
    expect(await axeViolations(container)).toEqual([])
  })

  it('a click on the row opens and closes the details; the chevron says aria-expanded and controls them', async () => {
    const user = userEvent.setup()
    render(<TransactionRow transaction={tx({ value: '1' })} {...props} />)
    expect(chevron().getAttribute('aria-expanded')).toBe('false')
    expect(chevron().getAttribute('aria-controls')).toBe(details().id)
    await user.click(article().querySelector('.bf-row__title')!)
    expect(chevron().getAttribute('aria-expanded')).toBe('true')
    expect(details().hasAttribute('hidden')).toBe(false)
    await loaded()
    expect(article().hasAttribute('data-expanded')).toBe(true)
    await user.click(article().querySelector('.bf-row__subtitle')!)
    expect(chevron().getAttribute('aria-expanded')).toBe('false')
    expect(details().hasAttribute('hidden')).toBe(true)
  })

  it('the chevron opens and closes them, once per click (its click does not also reach the row)', async () => {
    const user = userEvent.setup()
    const onExpandedChange = vi.fn()
    render(<TransactionRow transaction={tx()} {...props} onExpandedChange={onExpandedChange} />)
    await user.click(chevron())
    expect(chevron().getAttribute('aria-expanded')).toBe('true')
    expect(onExpandedChange).toHaveBeenCalledTimes(1)
    await user.click(chevron())
    expect(chevron().getAttribute('aria-expanded')).toBe('false')
    expect(onExpandedChange).toHaveBeenCalledTimes(2)
  })

  it('Enter and Space on the focused article toggle the details and the chevron’s aria-expanded', async () => {
    const user = userEvent.setup()
    render(<TransactionRow transaction={tx({ value: '1' })} {...props} tabIndex={0} />)
    article().focus()
    await user.keyboard('{Enter}')
    expect(chevron().getAttribute('aria-expanded')).toBe('true')
    await loaded()
    await user.keyboard('{Enter}')
    expect(chevron().getAttribute('aria-expanded')).toBe('false')
    await user.keyboard(' ')
    expect(chevron().getAttribute('aria-expanded')).toBe('true')
    await user.keyboard(' ')
    expect(chevron().getAttribute('aria-expanded')).toBe('false')
    expect(document.activeElement).toBe(article())
  })

  it('Enter and Space on the chevron toggle once; keys on something inside the row are not the row’s', async () => {
    const user = userEvent.setup()
    const entry = tx()
    render(<TransactionRow transaction={entry} {...props} tabIndex={0} defaultExpanded />)
    await loaded()
    chevron().focus()
    await user.keyboard('{Enter}')
    expect(chevron().getAttribute('aria-expanded')).toBe('false')
    await user.keyboard(' ')
    expect(chevron().getAttribute('aria-expanded')).toBe('true')
    within(details()).getByRole('link', { name: `View on explorer (transaction ${entry.hash})` }).focus()
    fireEvent.keyDown(document.activeElement!, { key: ' ' })
    expect(chevron().getAttribute('aria-expanded')).toBe('true')
  })

  it('a click on a link or button inside the open details, or on their text, does not close the row', async () => {
    const user = userEvent.setup()
    // Bubbles last, after React: stops jsdom following the link without telling the row anything.
    const noNavigation = (e: Event) => e.preventDefault()
    window.addEventListener('click', noNavigation)
    try {
      const onPress = vi.fn()
      render(<TransactionRow transaction={tx({ value: '1' })} {...props} defaultExpanded renderDetails={() => <button type="button" onClick={onPress}>Copy hash</button>} />)
      await loaded()
      await user.click(within(details()).getByRole('button', { name: 'Copy hash' }))
      expect(onPress).toHaveBeenCalledTimes(1)
      expect(chevron().getAttribute('aria-expanded')).toBe('true')
      await user.click(within(details()).getAllByRole('link')[0]!)
      expect(chevron().getAttribute('aria-expanded')).toBe('true')
      await user.click(details().querySelector('.bf-transfer')!)
      expect(chevron().getAttribute('aria-expanded')).toBe('true')
    } finally {
      window.removeEventListener('click', noNavigation)
    }
  })

  it('controlled: `expanded` decides, and onExpandedChange hears (open, transaction)', async () => {
    const user = userEvent.setup()
    const entry = tx({ value: '1' })
    const onExpandedChange = vi.fn()
    const { rerender } = render(<TransactionRow transaction={entry} {...props} expanded={false} onExpandedChange={onExpandedChange} />)
    await user.click(chevron())
    expect(onExpandedChange).toHaveBeenLastCalledWith(true, entry)
    // The app said closed: it stays closed until the app says otherwise.
    expect(chevron().getAttribute('aria-expanded')).toBe('false')
    expect(details().hasAttribute('hidden')).toBe(true)
    rerender(<TransactionRow transaction={entry} {...props} expanded onExpandedChange={onExpandedChange} />)
    expect(chevron().getAttribute('aria-expanded')).toBe('true')
    await loaded()
    await user.click(article().querySelector('.bf-row__title')!)
    expect(onExpandedChange).toHaveBeenLastCalledWith(false, entry)
    expect(chevron().getAttribute('aria-expanded')).toBe('true')
  })

  it('controlled by a parent’s state, the row opens and closes as the parent says', async () => {
    const user = userEvent.setup()
    const entry = tx({ value: '1' })
    function Parent() {
      const [open, setOpen] = useState<TransactionEntry | null>(null)
      return <TransactionRow transaction={entry} {...props} expanded={open !== null} onExpandedChange={(next, t) => setOpen(next ? t : null)} />
    }
    render(<Parent />)
    await user.click(chevron())
    expect(chevron().getAttribute('aria-expanded')).toBe('true')
    await user.click(chevron())
    expect(chevron().getAttribute('aria-expanded')).toBe('false')
  })

  it('density="compact" sets data-density; comfortable is the default', async () => {
    const a = render(<TransactionRow transaction={tx()} {...props} />)
    expect(article().getAttribute('data-density')).toBe('comfortable')
    a.unmount()
    render(<TransactionRow transaction={tx()} {...props} density="compact" />)
    expect(article().getAttribute('data-density')).toBe('compact')
  })

  it('the caller’s aria-labelledby wins (its props are spread last); its onClick is composed with the row’s, not replaced', async () => {
    const user = userEvent.setup()
    const onClick = vi.fn()
    render(
      <>
        <h2 id="mine">My transaction</h2>
        <TransactionRow transaction={tx({ value: '1' })} {...props} aria-labelledby="mine" onClick={onClick} />
      </>,
    )
    expect(article().getAttribute('aria-labelledby')).toBe('mine')
    expect(screen.getByRole('article', { name: 'My transaction' })).toBe(article())
    await user.click(article().querySelector('.bf-row__title')!)
    expect(onClick).toHaveBeenCalledTimes(1)
    expect(chevron().getAttribute('aria-expanded')).toBe('true')
  })

  it('a caller’s onClick that calls preventDefault keeps the row as it is', async () => {
    const user = userEvent.setup()
    render(<TransactionRow transaction={tx({ value: '1' })} {...props} onClick={(e) => e.preventDefault()} />)
    await user.click(article().querySelector('.bf-row__title')!)
    expect(chevron().getAttribute('aria-expanded')).toBe('false')
  })
})
