import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { Address } from '../../src/components/Address/Address.js'
import { TokenAmount } from '../../src/components/TokenAmount/TokenAmount.js'
import { TransactionRow } from '../../src/components/TransactionRow/TransactionRow.js'
import { TransferBadge } from '../../src/components/TransferBadge/TransferBadge.js'
import { axeViolations } from './axe.js'
import { openedDetails } from './TransactionRow/openRow.js'
import { ALICE, erc20, nft, TOKEN, tx, WALLET } from './fixtures.js'

const props = { wallet: WALLET, chain: 'eth', locale: 'en-US', timeZone: 'UTC' } as const

/** Every URL-bearing attribute in the rendered tree. */
function urls(container: HTMLElement): string[] {
  return [...container.querySelectorAll('[src], [href]')].map((e) => e.getAttribute('src') ?? e.getAttribute('href') ?? '')
}

describe('hostile data comes out inert', () => {
  it('a javascript: logo (and data:, http:, protocol-relative ones) is never loaded', async () => {
    const logos = ['javascript:alert(1)', 'JAVASCRIPT:alert(1)', ' javascript:alert(1)', 'data:image/svg+xml,<svg onload=alert(1)>', 'http://insecure.example/a.png', '//evil.example/a.png', 'ipfs://../../etc', 'ipfs://bafy/%2e%2e/%2e%2e/x', 'https://ok.example/a.png']
    const entry = tx({ to_address: TOKEN, erc20_transfer: logos.map((token_logo, i) => erc20({ token_logo, token_symbol: `T${i}` })) })
    const { container } = render(<TransactionRow transaction={entry} {...props} defaultExpanded />)
    await openedDetails()
    expect(container.querySelectorAll('img')).toHaveLength(1)
    expect(container.querySelector('img')!.getAttribute('src')).toBe('https://ok.example/a.png')
    for (const url of urls(container)) expect(url).toMatch(/^https:\/\//)
    expect(await axeViolations(container)).toEqual([])
  })

  it('a row that leads with a token logo never loads a hostile one either', async () => {
    for (const token_logo of ['javascript:alert(1)', 'data:image/svg+xml,<svg onload=alert(1)>', 'http://insecure.example/a.png', '//evil.example/a.png']) {
      const { container, unmount } = render(<TransactionRow transaction={tx({ to_address: TOKEN, erc20_transfer: [erc20({ token_logo })] })} {...props} />)
      expect(container.querySelector('img')).toBeNull()
      // The kind's glyph instead.
      expect(container.querySelector('.bf-row__leading .bf-glyph')!.getAttribute('data-kind')).toBe('send')
      for (const url of urls(container)) expect(url).toMatch(/^https:\/\//)
      unmount()
    }
  })

  it('<script> in a label is text, not markup', async () => {
    const label = '<script>window.__pwned = true</script><img src=x onerror=alert(1)>'
    const entry = tx({ from_address: ALICE, to_address: TOKEN, erc20_transfer: [erc20({ from_address: ALICE, to_address: WALLET, from_address_label: label })] })
    const { container } = render(<TransactionRow transaction={entry} {...props} />)
    expect(container.querySelector('script')).toBeNull()
    // The party the row names is the label, as clipped text.
    expect(container.querySelector('.bf-row__party')!.textContent).toMatch(/^<script>window/)
    expect(container.querySelector('.bf-row__party')!.textContent!.length).toBeLessThanOrEqual(24)
    expect(await axeViolations(container)).toEqual([])
    await userEvent.click(screen.getByRole('button', { name: 'Details' }))
    await openedDetails()
    expect(container.querySelector('script')).toBeNull()
    // The token's own logo only (leading the row, and on its transfer line).
    expect([...container.querySelectorAll('img')].map((i) => i.getAttribute('src'))).toEqual(['https://logos.example/usdc.png', 'https://logos.example/usdc.png'])
    expect((window as { __pwned?: boolean }).__pwned).toBeUndefined()
    // Shown as (clipped) text, with the whole label in its tooltip.
    const shown = container.querySelector('.bf-address .bf-clip')!
    expect(shown.textContent).toMatch(/^<script>window/)
    expect(shown.getAttribute('title')).toBe(label)
    expect(await axeViolations(container)).toEqual([])
  })

  it('U+202E (right-to-left override) and zero-width characters are stripped from a symbol', async () => {
    const entry = tx({ to_address: TOKEN, erc20_transfer: [erc20({ token_symbol: 'US\u202EDT\u200B\u2066', token_name: 'Tether\u202C' })] })
    const { container } = render(<TransactionRow transaction={entry} {...props} defaultExpanded />)
    await openedDetails()
    const symbol = container.querySelector('.bf-transfer[data-kind="erc20"] .bf-amount__symbol')!.textContent!
    expect(symbol).toBe('USDT')
    expect(container.textContent).not.toMatch(/[\u202A-\u202E\u2066-\u2069\u200B-\u200F]/)
    // The row says it as the verb, the party and the amount, the symbol cleaned there too.
    expect(container.querySelector('.bf-row__title')!.textContent).toBe('Sent')
    expect(container.querySelector('.bf-row__party')!.textContent).toBe('0x1111…1111')
    expect(container.querySelector('.bf-row__trailing .bf-row__amount')!.textContent).toBe('\u22121.5 USDT')
  })

  it('long names, symbols and token ids are clipped, with the full text available as a tooltip', async () => {
    const longName = 'Visit-claim-rewards-now-at-totally-legit-site-dot-com-'.repeat(10)
    const longId = '9'.repeat(77)
    const entry = tx({
      from_address: ALICE,
      to_address: TOKEN,
      erc20_transfer: [erc20({ from_address: ALICE, to_address: WALLET, token_symbol: longName, from_address_label: longName })],
      nft_transfers: [nft({ token_id: longId })],
    })
    const { container } = render(<TransactionRow transaction={entry} {...props} defaultExpanded />)
    // On the row: the party and the trailing amounts are clipped as well.
    expect(container.querySelector('.bf-row__party')!.textContent!.length).toBeLessThanOrEqual(24)
    const [tokenAmount, nftAmount] = [...container.querySelectorAll('.bf-row__trailing .bf-row__amount')]
    expect(tokenAmount!.querySelector('.bf-amount__symbol')!.textContent!.length).toBeLessThanOrEqual(12)
    expect(tokenAmount!.querySelector('.bf-amount')!.getAttribute('title')).toContain(longName.slice(0, 100))
    expect(nftAmount!.querySelector('.bf-clip')!.textContent!.length).toBeLessThanOrEqual(10)
    expect(nftAmount!.querySelector('.bf-clip')!.getAttribute('title')).toBe(longId)
    await openedDetails()
    const symbol = container.querySelector('.bf-transfer[data-kind="erc20"] .bf-amount__symbol')!.textContent!
    expect(symbol.length).toBeLessThanOrEqual(12)
    expect(container.querySelector('.bf-transfer[data-kind="erc20"] .bf-amount')!.getAttribute('title')).toContain(longName.slice(0, 100))
    const id = container.querySelector('.bf-nft__id .bf-clip')!
    expect(id.textContent!.length).toBeLessThanOrEqual(14)
    expect(id.getAttribute('title')).toBe(longId)
    const label = container.querySelector('.bf-address .bf-clip')!
    expect(label.textContent!.length).toBeLessThanOrEqual(24)
    expect(label.getAttribute('title')).toBe(longName.slice(0, 512) + '…')
  })

  it('a summary from the service with markup and bidi tricks is clean text, in the details and not the title', async () => {
    render(<TransactionRow transaction={tx({ summary: '<b>Received</b> \u202E1000000 USDC', value: '1' })} {...props} defaultExpanded />)
    await openedDetails()
    expect(document.querySelector('.bf-tx__service-summary')!.textContent).toBe('<b>Received</b> 1000000 USDC')
    expect(document.querySelector('.bf-row__title')!.textContent).toBe('Sent')
    expect(document.querySelector('b')).toBeNull()
  })

  it('a malformed address is shown as text and never linked or copied', () => {
    render(<Address address={'javascript:alert(1)//0x'} chain="eth" />)
    expect(screen.queryByRole('link')).toBeNull()
    expect(screen.queryByRole('button')).toBeNull()
  })

  it('explorer links open with rel="noopener noreferrer" and only to the chain’s https explorer', async () => {
    const { container } = render(<TransactionRow transaction={tx({ value: '1' })} {...props} defaultExpanded />)
    await openedDetails()
    const links = [...container.querySelectorAll('a')]
    expect(links.length).toBeGreaterThan(0)
    expect(container.querySelector('a.bf-tx__explorer')).not.toBeNull()
    for (const a of links) {
      expect(a.getAttribute('rel')).toBe('noopener noreferrer')
      expect(a.getAttribute('href')).toMatch(/^https:\/\/etherscan\.io\//)
    }
  })
})

describe('service text that names Object.prototype members stays text', () => {
  const names = ['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf']

  for (const category of names) {
    it(`category "${category}" is shown as its own text (the row's title), not as a function or object`, () => {
      const { container } = render(<TransactionRow transaction={tx({ category, value: '1' })} {...props} />)
      expect(container.querySelector('article')!.getAttribute('data-kind')).toBe('other')
      const shown = container.querySelector('.bf-row__title')!.textContent
      expect(shown).toBe(category.charAt(0).toUpperCase() + category.slice(1))
      expect(container.textContent).not.toMatch(/native code|\[object/)
    })
  }

  it('a direction prop from untyped code ("constructor", "toString") gives no sign and no function text', () => {
    for (const direction of ['constructor', 'toString', '__proto__']) {
      const { container, unmount } = render(<TokenAmount value="1500000" decimals={6} symbol="USDC" direction={direction as never} />)
      const amount = container.querySelector('.bf-amount')!
      expect(amount.querySelector('.bf-amount__number')!.textContent).toBe('1.5')
      expect(amount.getAttribute('title')).toBe('1.5 USDC')
      unmount()
    }
  })

  it('a badge kind or direction from untyped code shows a plain label', () => {
    const { container } = render(<TransferBadge kind={'constructor' as never} direction={'toString' as never} />)
    expect(container.textContent).toBe('Transfer, between others')
    expect(container.querySelector('path')!.getAttribute('d')).not.toMatch(/function/)
  })
})
