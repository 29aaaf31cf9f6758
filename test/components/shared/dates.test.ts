import { describe, expect, it } from 'vitest'
import { absoluteLabel, dayKeyReader, dayLabel, relativeLabel } from '../../../src/components/shared/dates.js'

describe('dayKeyReader', () => {
  it('the calendar day in the zone, for a run of timestamps', () => {
    const read = dayKeyReader('Asia/Tokyo')
    expect(['2024-05-09T23:00:00.000Z', '2024-05-09T14:59:59.999Z', '2024-05-09T15:00:00.000Z'].map(read)).toEqual(['2024-05-10', '2024-05-09', '2024-05-10'])
  })

  it('the same answers as a fresh reader per timestamp (its shortcut never changes a day)', () => {
    const times = ['2024-03-11T04:30:00.000Z', '2024-03-11T03:59:00.000Z', '2024-03-10T05:00:00.000Z', '2024-03-10T04:59:00.000Z', '2024-03-09T05:00:00.000Z']
    const run = dayKeyReader('America/New_York')
    expect(times.map(run)).toEqual(times.map((t) => dayKeyReader('America/New_York')(t)))
  })
})

describe('labels', () => {
  const now = Date.parse('2024-05-10T15:00:00Z')

  it('dayLabel: Today, Yesterday, then the date (with the year when it differs); the date only on the server', () => {
    expect(dayLabel('2024-05-10', now, 'en-US', 'UTC')).toBe('Today')
    expect(dayLabel('2024-05-09', now, 'en-US', 'UTC')).toBe('Yesterday')
    expect(dayLabel('2024-05-01', now, 'en-US', 'UTC')).toBe('Wed, May 1')
    expect(dayLabel('2023-12-31', now, 'en-US', 'UTC')).toBe('Sun, December 31, 2023')
    expect(dayLabel('2024-05-10', null, 'en-US', 'UTC')).toBe('Fri, May 10, 2024')
  })

  it('relativeLabel: the largest unit that fits', () => {
    expect(relativeLabel(now - 5 * 60_000, now, 'en-US')).toBe('5 minutes ago')
    expect(relativeLabel(now - 86_400_000, now, 'en-US')).toBe('yesterday')
    expect(relativeLabel(now - 10_000, now, 'en-US')).toBe('now')
  })

  it('absoluteLabel: date and time in the zone', () => {
    expect(absoluteLabel(now, 'en-US', 'UTC')).toBe('May 10, 2024, 3:00 PM')
  })
})
