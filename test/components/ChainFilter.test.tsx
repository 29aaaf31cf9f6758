import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { ChainFilter } from '../../src/components/ChainFilter/ChainFilter.js'
import { SourceNotices } from '../../src/components/SourceNotices/SourceNotices.js'
import type { ChainIconInfo } from '../../src/components/shared/options.js'
import type { ChainInput } from '../../src/core/chains.js'
import { axeViolations } from './axe.js'
import { WALLET } from './fixtures.js'

describe('ChainFilter', () => {
  it('knows a chain by name or hex id alike (a selection kept as chain ids, e.g. from the wallet)', async () => {
    const changes: ChainInput[][] = []
    render(<ChainFilter chains={['eth', 'polygon']} selected={['0x1']} onChange={(s) => changes.push(s)} />)
    const [eth, polygon] = screen.getAllByRole('button')
    expect(eth!.getAttribute('aria-pressed')).toBe('true')
    expect(polygon!.getAttribute('aria-pressed')).toBe('false')
    await userEvent.click(polygon!)
    expect(changes).toEqual([['eth', 'polygon']])
    // Ethereum is the only one shown: it stays on.
    await userEvent.click(eth!)
    expect(changes).toHaveLength(1)
  })

  it('renderChainIcon draws the app’s icons on the chips (built-in marks where it returns null); each chip is still named by its chain', async () => {
    const seen: ChainIconInfo[] = []
    const renderChainIcon = (info: ChainIconInfo) => {
      seen.push(info)
      return info.name === 'polygon' ? null : <img src={`/icons/${info.chainId}.svg`} alt="" />
    }
    const { container } = render(<ChainFilter chains={['eth', 'polygon', '0x2105']} selected={['eth']} renderChainIcon={renderChainIcon} />)
    expect(seen.map((i) => [i.chain, i.name, i.chainId, i.label])).toEqual([
      ['eth', 'eth', 1, 'Ethereum'],
      ['polygon', 'polygon', 137, 'Polygon'],
      ['0x2105', 'base', 8453, 'Base'],
    ])
    const chips = screen.getAllByRole('button')
    expect(chips.map((c) => c.querySelector('.bf-chain__mark')!.getAttribute('data-mark'))).toEqual(['custom', 'svg', 'custom'])
    expect(chips[2]!.querySelector('img')!.getAttribute('src')).toBe('/icons/8453.svg')
    expect(screen.getByRole('button', { name: 'Base' }).getAttribute('aria-pressed')).toBe('false')
    expect(await axeViolations(container)).toEqual([])
  })

  it('without renderChainIcon the chips show the built-in marks', () => {
    render(<ChainFilter chains={['eth', 'linea', '0x7a69']} />)
    expect(screen.getAllByRole('button').map((c) => c.querySelector('.bf-chain__mark')!.getAttribute('data-mark'))).toEqual(['svg', 'svg', 'monogram'])
  })
})

describe('SourceNotices', () => {
  it('passes renderChainIcon to each failed chain’s mark', () => {
    const sources = [{ chain: 'base', wallet: WALLET, status: 'error' as const, error: new Error('HTTP 503'), requests: 1 }]
    const { container } = render(<SourceNotices sources={sources} renderChainIcon={(info) => <img src={`/icons/${info.name}.svg`} alt="" />} />)
    expect(container.querySelector('.bf-notice .bf-chain__mark img')!.getAttribute('src')).toBe('/icons/base.svg')
    // One sentence, its chain and reason isolated (<bdi>) for right-to-left pages.
    expect(container.querySelector('.bf-notice__text')!.textContent).toBe('Base history could not be loaded: HTTP 503')
  })
})
