import { render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { ChainBadge } from '../../src/components/ChainBadge/ChainBadge.js'
import { ChainMark } from '../../src/components/ChainBadge/ChainMark.js'
import { chainHexIds, chainNames } from '../../src/core/chains.js'
import type { ChainIconInfo } from '../../src/components/shared/options.js'
import { axeViolations } from './axe.js'

const labels = ['Ethereum', 'Polygon', 'BNB Smart Chain', 'Avalanche', 'Fantom', 'Palm', 'Cronos Mainnet', 'Arbitrum One', 'Gnosis', 'Chiliz Chain', 'Base', 'OP Mainnet', 'Linea Mainnet']

/** A mark's drawing, as what a person sees: its shapes and colours. */
const drawing = (mark: Element) =>
  [...mark.querySelectorAll('circle, path')].map((n) => `${n.getAttribute('fill')} ${n.getAttribute('stroke') ?? ''} ${n.getAttribute('d') ?? ''}`).join('|')

describe('ChainBadge: the spec’s 13 chains', () => {
  it('each of the 13 gets a drawn mark (an svg, no letters), all 13 different, its name the accessible text', async () => {
    const { container } = render(
      <ul>
        {chainNames.map((c) => (
          <li key={c}>
            <ChainBadge chain={c} data-testid={c} />
          </li>
        ))}
      </ul>,
    )
    const drawings = chainNames.map((c) => {
      const badge = screen.getByTestId(c)
      const mark = badge.querySelector('.bf-chain__mark')!
      expect(mark.getAttribute('aria-hidden')).toBe('true')
      expect(mark.getAttribute('data-mark')).toBe('svg')
      expect(mark.querySelector('svg')).not.toBeNull()
      expect(mark.querySelectorAll('path').length).toBeGreaterThanOrEqual(1)
      expect(mark.textContent).toBe('')
      return drawing(mark)
    })
    expect(new Set(drawings).size).toBe(13)
    // Each has a colour of its own, too (the first one drawn: the disc, or Base's notched disc).
    expect(new Set(chainNames.map((c) => screen.getByTestId(c).querySelector('svg > :not([fill="none"])')!.getAttribute('fill'))).size).toBe(13)
    expect(chainNames.map((c) => screen.getByTestId(c).textContent)).toEqual(labels)
    expect(await axeViolations(container)).toEqual([])
  })

  it('a hex id draws the same mark as the name (0x2105 is Base; the spec’s 0xe705 is Linea)', () => {
    render(
      <>
        {chainHexIds.map((id) => <ChainBadge key={id} chain={id} data-testid={id} />)}
        {chainNames.map((c) => <ChainBadge key={c} chain={c} data-testid={c} />)}
      </>,
    )
    chainHexIds.forEach((id, i) => {
      expect(drawing(screen.getByTestId(id).querySelector('.bf-chain__mark')!)).toBe(drawing(screen.getByTestId(chainNames[i]!).querySelector('.bf-chain__mark')!))
    })
  })

  it('the mark variant: only the mark shows, the name is still read out (and a tooltip)', async () => {
    const { container } = render(<ChainBadge chain="optimism" variant="mark" />)
    const badge = container.querySelector('.bf-chain')!
    expect(badge.getAttribute('title')).toBe('OP Mainnet')
    expect(screen.getByText('OP Mainnet').className).toBe('bf-visually-hidden')
    expect(badge.querySelector('.bf-chain__mark svg')).not.toBeNull()
    expect(await axeViolations(container)).toEqual([])
  })
})

describe('ChainBadge: chains outside the spec keep a monogram', () => {
  it('anvil’s 0x7a69 (Foundry), an unknown hex id and unknown text: two letters on a disc, the text as the name', async () => {
    const { container } = render(
      <>
        <ChainBadge chain="0x7a69" data-testid="anvil" />
        <ChainBadge chain={31337} data-testid="anvil-number" />
        <ChainBadge chain="0x1234" data-testid="hex" />
        <ChainBadge chain="my-devnet" data-testid="text" />
        <ChainBadge chain="!!!" data-testid="symbols" />
      </>,
    )
    const mark = (id: string) => screen.getByTestId(id).querySelector('.bf-chain__mark')!
    expect(mark('anvil').getAttribute('data-mark')).toBe('monogram')
    expect(mark('anvil').textContent).toBe('Fo')
    expect(screen.getByTestId('anvil').textContent).toBe('FoFoundry')
    expect(drawing(mark('anvil-number'))).toBe(drawing(mark('anvil')))
    expect(mark('hex').textContent).toBe('0x')
    expect(mark('text').textContent).toBe('My')
    expect(screen.getByTestId('text').querySelector('.bf-chain__name')!.textContent).toBe('my-devnet')
    expect(mark('symbols').textContent).toBe('?')
    for (const id of ['anvil', 'hex', 'text']) expect(mark(id).querySelector('path')).toBeNull()
    // Different chains, different hues.
    expect(new Set(['anvil', 'hex', 'text'].map((id) => mark(id).querySelector('circle')!.getAttribute('fill'))).size).toBe(3)
    expect(await axeViolations(container)).toEqual([])
  })
})

describe('renderChainIcon', () => {
  it('draws the app’s icon in place of the mark, told { chain, name, chainId, label }; the name stays text', async () => {
    const renderChainIcon = vi.fn((info: ChainIconInfo) => <img src={`/chains/${info.chainId}.svg`} alt="" />)
    const { container } = render(
      <>
        <ChainBadge chain="base" renderChainIcon={renderChainIcon} data-testid="base" />
        <ChainBadge chain="0xe705" renderChainIcon={renderChainIcon} data-testid="linea" />
        <ChainBadge chain="0x7a69" renderChainIcon={renderChainIcon} variant="mark" data-testid="anvil" />
        <ChainBadge chain="my-devnet" renderChainIcon={renderChainIcon} />
      </>,
    )
    expect(renderChainIcon.mock.calls.map(([info]) => info)).toEqual([
      { chain: 'base', name: 'base', chainId: 8453, label: 'Base' },
      { chain: '0xe705', name: 'linea', chainId: 59141, label: 'Linea Sepolia Testnet' },
      { chain: '0x7a69', name: undefined, chainId: 31337, label: 'Foundry' },
      { chain: 'my-devnet', name: undefined, chainId: undefined, label: 'my-devnet' },
    ])
    const base = screen.getByTestId('base')
    const mark = base.querySelector('.bf-chain__mark')!
    expect(mark.getAttribute('aria-hidden')).toBe('true')
    expect(mark.getAttribute('data-mark')).toBe('custom')
    expect(mark.querySelector('img')!.getAttribute('src')).toBe('/chains/8453.svg')
    expect(mark.querySelector('svg')).toBeNull()
    expect(base.textContent).toBe('Base')
    expect(screen.getByTestId('anvil').querySelector('img')!.getAttribute('src')).toBe('/chains/31337.svg')
    expect(screen.getByTestId('anvil').textContent).toBe('Foundry')
    expect(await axeViolations(container)).toEqual([])
  })

  it('returning null (or undefined) keeps the built-in mark: the app draws only the chains it has icons for', () => {
    const renderChainIcon = (info: ChainIconInfo) => (info.name === 'eth' ? <svg data-testid="own-eth" /> : info.name === 'base' ? undefined : null)
    render(
      <>
        <ChainBadge chain="eth" renderChainIcon={renderChainIcon} data-testid="eth" />
        <ChainBadge chain="base" renderChainIcon={renderChainIcon} data-testid="base" />
        <ChainBadge chain="polygon" renderChainIcon={renderChainIcon} data-testid="polygon" />
        <ChainBadge chain="0x7a69" renderChainIcon={renderChainIcon} data-testid="anvil" />
      </>,
    )
    expect(screen.getByTestId('own-eth').closest('.bf-chain__mark')!.getAttribute('data-mark')).toBe('custom')
    expect(screen.getByTestId('base').querySelector('.bf-chain__mark')!.getAttribute('data-mark')).toBe('svg')
    expect(screen.getByTestId('polygon').querySelector('.bf-chain__mark')!.getAttribute('data-mark')).toBe('svg')
    expect(screen.getByTestId('anvil').querySelector('.bf-chain__mark')!.textContent).toBe('Fo')
  })
})

describe('ChainMark', () => {
  it('the mark alone (for a badge on a token logo): aria-hidden span, className and size pass through', () => {
    const { container } = render(
      <>
        <ChainMark chain="arbitrum" className="bf-row__badge" size={14} />
        <ChainMark chain={10} renderChainIcon={() => <i data-testid="own" />} />
      </>,
    )
    const [arbitrum, op] = container.querySelectorAll('span')
    expect(arbitrum!.className).toBe('bf-chain__mark bf-row__badge')
    expect(arbitrum!.getAttribute('aria-hidden')).toBe('true')
    expect(arbitrum!.style.inlineSize).toBe('14px')
    expect(arbitrum!.querySelector('svg')!.getAttribute('viewBox')).toBe('0 0 24 24')
    expect(op!.getAttribute('data-mark')).toBe('custom')
    expect(screen.getByTestId('own')).toBeTruthy()
  })
})
