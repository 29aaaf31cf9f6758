import { act, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { RelativeTime } from '../../src/components/RelativeTime/RelativeTime.js'
import { activeClockTimers } from '../../src/components/shared/clock.js'
import { axeViolations } from './axe.js'

const NOW = Date.parse('2024-05-01T12:00:00Z')

describe('RelativeTime', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout', 'Date'] })
    vi.setSystemTime(NOW)
  })
  afterEach(() => vi.useRealTimers())

  it('shows the relative time, the absolute one as tooltip and to screen readers, and a machine-readable dateTime', async () => {
    const { container } = render(<RelativeTime value="2024-05-01T11:55:00.000Z" locale="en-US" timeZone="UTC" />)
    const time = container.querySelector('time')!
    expect(time.getAttribute('dateTime')).toBe('2024-05-01T11:55:00.000Z')
    expect(time.getAttribute('title')).toBe('May 1, 2024, 11:55 AM')
    expect(time.textContent).toBe('5 minutes ago (May 1, 2024, 11:55 AM)')
    // Focusable, so keyboard users get the absolute time too (CSS shows data-absolute on focus).
    expect(time.tabIndex).toBe(0)
    expect(time.getAttribute('data-absolute')).toBe('May 1, 2024, 11:55 AM')
    vi.useRealTimers()
    expect(await axeViolations(container)).toEqual([])
  })

  it('reads "yesterday", and follows the locale', () => {
    render(<RelativeTime value={NOW - 86_400_000} locale="fr-FR" timeZone="UTC" />)
    expect(screen.getByText('hier')).toBeTruthy()
  })

  it('all instances share ONE timer, which stops when the last unmounts', () => {
    expect(activeClockTimers()).toBe(0)
    const { unmount } = render(
      <>
        {Array.from({ length: 50 }, (_, i) => <RelativeTime key={i} value={NOW - i * 1000} locale="en-US" />)}
      </>,
    )
    expect(activeClockTimers()).toBe(1)
    expect(vi.getTimerCount()).toBe(1)
    unmount()
    expect(activeClockTimers()).toBe(0)
  })

  it('moves on as time passes', () => {
    const { container } = render(<RelativeTime value={NOW - 30_000} locale="en-US" timeZone="UTC" />)
    expect(container.querySelector('time')!.firstChild!.textContent).toBe('now')
    act(() => void vi.advanceTimersByTime(5 * 60_000))
    expect(container.querySelector('time')!.firstChild!.textContent).toBe('5 minutes ago')
  })

  it('renders nothing for an unreadable time', () => {
    const { container } = render(<RelativeTime value="not a date" />)
    expect(container.innerHTML).toBe('')
  })
})
