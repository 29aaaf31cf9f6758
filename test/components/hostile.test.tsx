import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { Address } from '../../src/components/Address/Address.js'
import { TokenAmount } from '../../src/components/TokenAmount/TokenAmount.js'
import { TransactionRow } from '../../src/components/TransactionRow/TransactionRow.js'
import { TransferBadge } from '../../src/components/TransferBadge/TransferBadge.js'
import { axeViolations } from './axe.js'
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
    const { container } = render(<TransactionRow transaction={entry} {...props} />)
    expect(container.querySelectorAll('img')).toHaveLength(1)
    expect(container.querySelector('img')!.getAttribute('src')).toBe('https://ok.example/a.png')
    for (const url of urls(container)) expect(url).toMatch(/^https:\/\//)
    expect(await axeViolations(container)).toEqual([])
  })

  it('<script> in a label is text, not markup', async () => {
    const label = '<script>window.__pwned = true</script><img src=x onerror=alert(1)>'
    const entry = tx({ from_address: ALICE, to_address: TOKEN, erc20_transfer: [erc20({ from_address: ALICE, to_address: WALLET, from_address_label: label })] })
    const { container } = render(<TransactionRow transaction={entry} {...props} />)
    expect(container.querySelector('script')).toBeNull()
    expect(container.querySelectorAll('img')).toHaveLength(1) // the token's own logo only
    expect((window as { __pwned?: boolean }).__pwned).toBeUndefined()
    // Shown as (clipped) text, with the whole label in its tooltip.
    const shown = container.querySelector('.bf-address .bf-clip')!
    expect(shown.textContent).toMatch(/^<script>window/)
    expect(shown.getAttribute('title')).toBe(label)
    expect(await axeViolations(container)).toEqual([])
  })

  it('U+202E (right-to-left override) and zero-width characters are stripped from a symbol', () => {
    const entry = tx({ to_address: TOKEN, erc20_transfer: [erc20({ token_symbol: 'US\u202EDT\u200B\u2066', token_name: 'Tether\u202C' })] })
    const { container } = render(<TransactionRow transaction={entry} {...props} />)
    const symbol = container.querySelector('.bf-transfer[data-kind="erc20"] .bf-amount__symbol')!.textContent!
    expect(symbol).toBe('USDT')
    expect(container.textContent).not.toMatch(/[\u202A-\u202E\u2066-\u2069\u200B-\u200F]/)
    expect(container.querySelector('.bf-tx__summary')!.textContent).toBe('Sent 1.5 USDT to 0x1111…1111')
  })

  it('long names, symbols and token ids are clipped, with the full text available as a tooltip', () => {
    const longName = 'Visit-claim-rewards-now-at-totally-legit-site-dot-com-'.repeat(10)
    const longId = '9'.repeat(77)
    const entry = tx({
      from_address: ALICE,
      to_address: TOKEN,
      erc20_transfer: [erc20({ from_address: ALICE, to_address: WALLET, token_symbol: longName, from_address_label: longName })],
      nft_transfers: [nft({ token_id: longId })],
    })
    const { container } = render(<TransactionRow transaction={entry} {...props} />)
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

  it('a summary from the service with markup and bidi tricks is clean text', () => {
    render(<TransactionRow transaction={tx({ summary: '<b>Received</b> \u202E1000000 USDC', value: '1' })} {...props} />)
    expect(document.querySelector('.bf-tx__summary')!.textContent).toBe('<b>Received</b> 1000000 USDC')
    expect(document.querySelector('b')).toBeNull()
  })

  it('a malformed address is shown as text and never linked or copied', () => {
    render(<Address address={'javascript:alert(1)//0x'} chain="eth" />)
    expect(screen.queryByRole('link')).toBeNull()
    expect(screen.queryByRole('button')).toBeNull()
  })

  it('explorer links open with rel="noopener noreferrer" and only to the chain’s https explorer', () => {
    const { container } = render(<TransactionRow transaction={tx({ value: '1' })} {...props} />)
    const links = [...container.querySelectorAll('a')]
    expect(links.length).toBeGreaterThan(0)
    for (const a of links) {
      expect(a.getAttribute('rel')).toBe('noopener noreferrer')
      expect(a.getAttribute('href')).toMatch(/^https:\/\/etherscan\.io\//)
    }
  })
})

describe('service text that names Object.prototype members stays text', () => {
  const names = ['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf']

  for (const category of names) {
    it(`category "${category}" is shown as its own text, not as a function or object`, () => {
      const { container } = render(<TransactionRow transaction={tx({ category, value: '1' })} {...props} />)
      const shown = container.querySelector('.bf-tx__category')!.textContent
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
