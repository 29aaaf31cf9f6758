import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { createRef } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { ChainBadge } from '../../src/components/ChainBadge/ChainBadge.js'
import { ChainMark } from '../../src/components/ChainBadge/ChainMark.js'
import { ChainMarkContext } from '../../src/components/shared/chainMarkContext.js'
import type { ChainIconInfo } from '../../src/components/shared/options.js'
import { ChainFilter } from '../../src/components/ChainFilter/ChainFilter.js'
import { SourceNotices } from '../../src/components/SourceNotices/SourceNotices.js'
import { TransactionRow } from '../../src/components/TransactionRow/TransactionRow.js'
import { chainNames } from '../../src/core/chains.js'
import { HttpStatusError } from '../../src/core/errors.js'
import type { MergedSourceState } from '../../src/core/history/merge.js'
import { axeViolations } from './axe.js'
import { openedDetails } from './TransactionRow/openRow.js'
import { ALICE, tx, WALLET } from './fixtures.js'

describe('ChainBadge', () => {
  it('names the chain in text (spec name or hex id) beside its mark; the 13 marks all differ', () => {
    const { container } = render(
      <>
        {chainNames.map((c) => <ChainBadge key={c} chain={c} />)}
        <ChainBadge chain="0x2105" data-testid="hex" />
      </>,
    )
    expect(screen.getByTestId('hex').textContent).toBe('Base')
    expect(screen.getByTestId('hex').querySelector('.bf-chain__mark svg')).not.toBeNull()
    const names = [...container.querySelectorAll('.bf-chain__name')].map((n) => n.textContent)
    expect(names.slice(0, 3)).toEqual(['Ethereum', 'Polygon', 'BNB Smart Chain'])
    const marks = [...container.querySelectorAll('.bf-chain__mark')].slice(0, 13).map((n) => n.innerHTML)
    expect(new Set(marks).size).toBe(13)
    expect(container.querySelectorAll('.bf-chain__mark[aria-hidden="true"]')).toHaveLength(14)
  })

  it('the mark variant keeps an accessible name; className, style and ref pass through', async () => {
    const ref = createRef<HTMLSpanElement>()
    const { container } = render(<ChainBadge ref={ref} chain="polygon" variant="mark" className="mine" style={{ marginLeft: 3 }} />)
    expect(ref.current).toBe(container.firstChild)
    expect(ref.current!.className).toBe('bf-chain mine')
    expect(ref.current!.style.marginLeft).toBe('3px')
    expect(ref.current!.title).toBe('Polygon')
    expect(within(ref.current!).getByText('Polygon').className).toBe('bf-visually-hidden')
    expect(await axeViolations(container)).toEqual([])
  })

  it('unknown or hostile chain text shows as clipped text, never an Object.prototype member or markup', () => {
    const { container } = render(
      <>
        <ChainBadge chain="toString" />
        <ChainBadge chain="__proto__" />
        <ChainBadge chain={'<img src=x onerror=alert(1)>'} />
      </>,
    )
    const names = [...container.querySelectorAll('.bf-chain__name')].map((n) => n.textContent)
    expect(names).toEqual(['toString', '__proto__', '<img src=x onerror=alert…'])
    expect(container.querySelector('img')).toBeNull()
  })
})

const source = (chain: string, status: MergedSourceState['status'], error?: unknown, wallet = WALLET): MergedSourceState => ({ chain, wallet, status, error, requests: 1 })

describe('SourceNotices', () => {
  it('one notice per failed chain with its reason; "Try again" asks for that chain only', async () => {
    const onRetry = vi.fn()
    const { container } = render(
      <SourceNotices
        sources={[source('eth', 'ok'), source('base', 'error', new HttpStatusError({ status: 503, url: 'https://api.test/api/v2.2/wallets/x/history', body: 'down' })), source('polygon', 'done')]}
        onRetry={onRetry}
      />,
    )
    const items = screen.getAllByRole('listitem')
    expect(items).toHaveLength(1)
    expect(items[0]!.textContent).toContain('Base history could not be loaded: ')
    expect(items[0]!.textContent).toContain('HTTP 503')
    fireEvent.click(screen.getByRole('button', { name: 'Try again: Base' }))
    expect(onRetry).toHaveBeenCalledWith('base', undefined)
    expect(await axeViolations(container)).toEqual([])
  })

  it('with several wallets a notice names the wallet and retries that wallet; no failure renders no list', () => {
    const onRetry = vi.fn()
    const { rerender } = render(
      <SourceNotices sources={[source('eth', 'ok'), source('eth', 'error', new Error('boom'), ALICE)]} onRetry={onRetry} />,
    )
    fireEvent.click(screen.getByRole('button', { name: 'Try again: Ethereum for 0x1111…1111' }))
    expect(onRetry).toHaveBeenCalledWith('eth', ALICE)
    rerender(<SourceNotices sources={[source('eth', 'ok'), source('eth', 'loading', undefined, ALICE)]} onRetry={onRetry} />)
    expect(screen.queryByRole('list')).toBeNull()
  })

  it('an error message from the service is text, clipped to one line', () => {
    render(<SourceNotices sources={[source('eth', 'error', new Error(`<b>x</b>\n${'y'.repeat(500)}`))]} />)
    const text = screen.getByRole('listitem').textContent!
    expect(text).toContain('<b>x</b>?')
    expect(text.length).toBeLessThan(200)
  })
})

describe('TransactionRow in a merged feed', () => {
  it('used alone (no feed across chains around it): the app\'s renderChainIcon is the badge, else no mark, and the chain is still named', () => {
    const entry = { ...tx({ value: '1000000000000000000' }), chain: 'base' }
    const icon = vi.fn((info: ChainIconInfo) => <img alt="" src={`https://icons.example/${info.chainId}.svg`} />)
    const { container, rerender } = render(<TransactionRow transaction={entry} wallet={WALLET} locale="en-US" timeZone="UTC" renderChainIcon={icon} />)
    expect(icon).toHaveBeenCalledWith({ chain: 'base', name: 'base', chainId: 8453, label: 'Base' })
    expect(container.querySelector('.bf-row__leading .bf-row__badge img')!.getAttribute('src')).toBe('https://icons.example/8453.svg')
    rerender(<TransactionRow transaction={entry} wallet={WALLET} locale="en-US" timeZone="UTC" />)
    expect(container.querySelector('.bf-row__badge')).toBeNull()
    expect(container.querySelector('.bf-row__subtitle')!.textContent).toContain('on Base')
  })

  it('an entry carrying its chain gets that chain’s badge, explorer link and native symbol; showChain={false} hides the badge', async () => {
    const entry = { ...tx({ value: '1000000000000000000' }), chain: 'polygon' }
    // The feed across chains supplies the built-in marks to its rows (its chunk has them for the chips).
    const { container, rerender } = render(<TransactionRow transaction={entry} wallet={WALLET} chain="eth" locale="en-US" timeZone="UTC" defaultExpanded />, {
      wrapper: ({ children }) => <ChainMarkContext.Provider value={ChainMark}>{children}</ChainMarkContext.Provider>,
    })
    // The chain's mark on the leading glyph (decorative), its name heard with the party.
    expect(container.querySelector('.bf-row__leading .bf-row__badge')!.getAttribute('data-mark')).toBe('svg')
    expect(container.querySelector('.bf-row__badge')!.getAttribute('aria-hidden')).toBe('true')
    expect(container.querySelector('.bf-row__subtitle .bf-visually-hidden')!.textContent).toBe(' on Polygon')
    expect(container.querySelector('.bf-row__trailing')!.textContent).toBe('\u22121 POL')
    await openedDetails()
    expect(screen.getByRole('link', { name: /^View on explorer/ }).getAttribute('href')).toMatch(/^https:\/\/polygonscan\.com\/tx\//)
    expect(container.querySelector('.bf-tx__details')!.textContent).toContain('POL')
    expect(container.querySelector('article')!.dataset['chain']).toBe('polygon')
    rerender(<TransactionRow transaction={entry} wallet={WALLET} chain="eth" showChain={false} locale="en-US" timeZone="UTC" defaultExpanded />)
    expect(container.querySelector('.bf-row__badge')).toBeNull()
    expect(container.querySelector('.bf-row__subtitle')!.textContent).not.toContain('Polygon')
    // Without the badge the entry is still on its own chain: explorer and symbol.
    expect(container.querySelector('.bf-row__trailing')!.textContent).toBe('\u22121 POL')
    expect(screen.getByRole('link', { name: /^View on explorer/ }).getAttribute('href')).toMatch(/^https:\/\/polygonscan\.com\/tx\//)
    // A service entry (no `chain` of its own) shows no badge and keeps the list's chain.
    rerender(<TransactionRow transaction={tx({ value: '1000000000000000000' })} wallet={WALLET} chain="eth" locale="en-US" timeZone="UTC" defaultExpanded />)
    await openedDetails()
    expect(container.querySelector('.bf-row__badge')).toBeNull()
    expect(container.querySelector('article')!.hasAttribute('data-chain')).toBe(false)
    expect(container.querySelector('.bf-row__trailing')!.textContent).toBe('\u22121 ETH')
    expect(screen.getByRole('link', { name: /^View on explorer/ }).getAttribute('href')).toMatch(/^https:\/\/etherscan\.io\/tx\//)
  })

  it('an entry of a two-wallet feed is shown from its own wallet’s side', () => {
    const entry = { ...tx({ from_address: ALICE, to_address: WALLET, value: '1000000000000000000' }), chain: 'eth', wallet: WALLET }
    render(<TransactionRow transaction={entry} wallet={ALICE} chain="eth" locale="en-US" timeZone="UTC" />)
    expect(screen.getByRole('article').dataset['direction']).toBe('in')
  })
})

describe('refs and pass-through', () => {
  it('SourceNotices and ChainFilter forward ref, className and style to their root', () => {
    const notices = createRef<HTMLDivElement>()
    const chips = createRef<HTMLDivElement>()
    render(
      <>
        <SourceNotices ref={notices} sources={[]} className="n" style={{ marginTop: 2 }} />
        <ChainFilter ref={chips} chains={['eth']} className="c" style={{ marginTop: 4 }} />
      </>,
    )
    expect([notices.current!.className, notices.current!.style.marginTop]).toEqual(['bf-notices n', '2px'])
    expect([chips.current!.className, chips.current!.style.marginTop]).toEqual(['bf-chain-chips c', '4px'])
  })

  it('a source whose chain is "constructor" or "__proto__" is named as that text', () => {
    render(<SourceNotices sources={[source('constructor', 'error', new Error('x')), source('__proto__', 'error', 'down')]} onRetry={() => {}} />)
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      expect.stringContaining('constructor history could not be loaded: x'),
      expect.stringContaining('__proto__ history could not be loaded: down'),
    ])
  })
})

describe('ChainFilter', () => {
  it('chips toggle with aria-pressed; the last chip on cannot be turned off', () => {
    const onChange = vi.fn()
    const { rerender } = render(<ChainFilter chains={['eth', 'base', 'polygon']} selected={['eth', 'base']} onChange={onChange} />)
    const chips = screen.getAllByRole('button')
    expect(chips.map((c) => c.getAttribute('aria-pressed'))).toEqual(['true', 'true', 'false'])
    fireEvent.click(screen.getByRole('button', { name: 'Polygon' }))
    expect(onChange).toHaveBeenLastCalledWith(['eth', 'base', 'polygon'])
    fireEvent.click(screen.getByRole('button', { name: 'Ethereum' }))
    expect(onChange).toHaveBeenLastCalledWith(['base'])
    rerender(<ChainFilter chains={['eth', 'base', 'polygon']} selected={['base']} onChange={onChange} />)
    onChange.mockClear()
    fireEvent.click(screen.getByRole('button', { name: 'Base' }))
    expect(onChange).not.toHaveBeenCalled()
  })
})
