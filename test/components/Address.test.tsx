import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { Address } from '../../src/components/Address/Address.js'
import { axeViolations } from './axe.js'

const LOWER = '0xd8da6bf26964af9d7eed9e03e53415d37aa96045'
const CHECKSUMMED = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045'

describe('Address', () => {
  afterEach(() => vi.useRealTimers())

  it('checksums and shortens, links to the explorer, full address on hover', async () => {
    const { container } = render(<Address address={LOWER} chain="eth" />)
    const link = screen.getByRole('link', { name: `0xd8dA…6045 (${CHECKSUMMED}), view on explorer` })
    expect(link.querySelector('.bf-address__hex')!.textContent).toBe('0xd8dA…6045')
    expect(link.getAttribute('href')).toBe(`https://etherscan.io/address/${CHECKSUMMED}`)
    expect(link.getAttribute('title')).toBe(CHECKSUMMED)
    expect(link.getAttribute('rel')).toBe('noopener noreferrer')
    expect(await axeViolations(container)).toEqual([])
  })

  it('shows a known label (or entity) instead of the hex, keeping the address in the accessible name', () => {
    const a = render(<Address address={LOWER} label="vitalik.eth" chain="eth" />)
    expect(screen.getByRole('link', { name: `vitalik.eth (${CHECKSUMMED}), view on explorer` })).toBeTruthy()
    a.unmount()
    render(<Address address={LOWER} entity="Coinbase" chain="eth" />)
    expect(screen.getByRole('link').querySelector('.bf-clip')!.textContent).toBe('Coinbase')
  })

  it('without a known explorer it is plain text', () => {
    render(<Address address={LOWER} />)
    expect(screen.queryByRole('link')).toBeNull()
    expect(screen.getByTitle(CHECKSUMMED).textContent).toBe('0xd8dA…6045')
  })

  it('copies the checksummed address and announces it', async () => {
    const user = userEvent.setup()
    const writeText = vi.fn(async () => {})
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    const { container } = render(<Address address={LOWER} chain="eth" />)
    await user.click(screen.getByRole('button', { name: `Copy address ${CHECKSUMMED}` }))
    expect(writeText).toHaveBeenCalledWith(CHECKSUMMED)
    expect(screen.getByRole('status').textContent).toBe('Address copied')
    expect(await axeViolations(container)).toEqual([])
  })

  it('says so when the clipboard refuses', async () => {
    const user = userEvent.setup()
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: async () => Promise.reject(new Error('denied')) }, configurable: true })
    render(<Address address={LOWER} chain="eth" />)
    await user.click(screen.getByRole('button'))
    expect(screen.getByRole('status').textContent).toBe('Could not copy the address')
  })

  it('the copied status clears after a moment', async () => {
    vi.useFakeTimers()
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: async () => {} }, configurable: true })
    render(<Address address={LOWER} chain="eth" />)
    await act(async () => screen.getByRole('button').click())
    expect(screen.getByRole('status').textContent).toBe('Address copied')
    act(() => void vi.advanceTimersByTime(2500))
    expect(screen.getByRole('status').textContent).toBe('')
  })

  it('passes className and style through', () => {
    const { container } = render(<Address address={LOWER} className="x" style={{ color: 'red' }} />)
    const root = container.firstElementChild as HTMLElement
    expect(root.className).toBe('bf-address x')
    expect(root.style.color).toBe('red')
  })
})
