import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { TokenAmount } from '../../src/components/TokenAmount/TokenAmount.js'
import { axeViolations } from './axe.js'
import { UINT256_MAX } from './fixtures.js'

const shown = (container: HTMLElement) => container.querySelector('.bf-amount')!

describe('TokenAmount', () => {
  it('zero decimals: the raw value is the amount', () => {
    const { container } = render(<TokenAmount value="1234" decimals="0" symbol="PUNK" direction="in" locale="en-US" />)
    expect(shown(container).textContent).toBe('+1,234 PUNK')
  })

  it('18 decimals: 1.5 ETH from 1500000000000000000 wei, signed out with a real minus', () => {
    const { container } = render(<TokenAmount value="1500000000000000000" decimals={18} symbol="ETH" direction="out" locale="en-US" />)
    expect(shown(container).textContent).toBe('\u22121.5 ETH')
    expect(shown(container).getAttribute('data-direction')).toBe('out')
  })

  it('keeps precision beyond floating point: the exact amount is in the tooltip', () => {
    const { container } = render(<TokenAmount value="123456789012345678901234567" decimals={18} symbol="X" locale="en-US" />)
    expect(shown(container).textContent).toBe('123,456,789.012346 X')
    expect(shown(container).getAttribute('title')).toBe('123,456,789.012345678901234567 X')
  })

  it('uint256-max (an unlimited approval) reads "Unlimited", not 78 digits', () => {
    const { container } = render(<TokenAmount value={UINT256_MAX} decimals={6} symbol="USDC" direction="out" locale="en-US" />)
    expect(shown(container).textContent).toBe('Unlimited USDC')
    expect(shown(container).getAttribute('title')).toContain('115,792,089,237,316,195,423,570,985,008,687,907,853,269,984,665,640,564,039,457,584,007,913,129.639935')
  })

  it('huge amounts that are not uint256-max use scientific notation', () => {
    const { container } = render(<TokenAmount value={'9'.repeat(40)} decimals={0} locale="en-US" />)
    expect(shown(container).textContent).toBe('1E40')
  })

  it('dust below 0.000001 is "<0.000001", never "0"', () => {
    const { container } = render(<TokenAmount value="1" decimals={18} symbol="ETH" direction="in" locale="en-US" />)
    expect(shown(container).textContent).toBe('+<0.000001 ETH')
  })

  it("uses the service's value_formatted when it is decimal text, ignores it otherwise", () => {
    const a = render(<TokenAmount value="1" decimals={18} formatted="2.5" symbol="ETH" locale="en-US" />)
    expect(shown(a.container).textContent).toBe('2.5 ETH')
    a.unmount()
    const b = render(<TokenAmount value="3000000" decimals={6} formatted="NaN<b>" symbol="USDC" locale="en-US" />)
    expect(shown(b.container).textContent).toBe('3 USDC')
  })

  it('unknown decimals: the raw integer, said so in the tooltip', () => {
    const { container } = render(<TokenAmount value="42" decimals={null} symbol="ODD" locale="en-US" />)
    expect(shown(container).textContent).toBe('42 ODD')
    expect(shown(container).getAttribute('title')).toContain('decimals unknown')
  })

  it('zero has no sign; the locale drives grouping and decimal marks', () => {
    const a = render(<TokenAmount value="0" decimals={18} symbol="ETH" direction="out" locale="en-US" />)
    expect(shown(a.container).textContent).toBe('0 ETH')
    a.unmount()
    render(<TokenAmount value="1234500000" decimals={6} symbol="USDC" direction="in" locale="de-DE" />)
    expect(screen.getByText('+1.234,5')).toBeTruthy()
  })

  it('has no axe violations', async () => {
    const { container } = render(<TokenAmount value="1500000" decimals={6} symbol="USDC" direction="in" locale="en-US" />)
    expect(await axeViolations(container)).toEqual([])
  })
})
