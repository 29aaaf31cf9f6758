import { describe, expect, it } from 'vitest'
import { feedKeyTarget } from '../../../src/components/TransactionList/keyboard.js'

describe('feedKeyTarget (the feed pattern’s keys)', () => {
  const from = (key: string, position: number, extra: { ctrlKey?: boolean; onArticle?: boolean } = {}) => feedKeyTarget(key, { position, count: 5, ...extra })

  it('arrows and Page keys step one article, clamped at both ends', () => {
    expect(from('ArrowDown', 1)).toBe(2)
    expect(from('PageDown', 4)).toBe(4)
    expect(from('ArrowUp', 0)).toBe(0)
    expect(from('PageUp', 3)).toBe(2)
  })

  it('Home and End from an article go to the first and last', () => {
    expect(from('Home', 3)).toBe(0)
    expect(from('End', 1)).toBe(4)
  })

  it('Home/End inside a row’s controls, Ctrl+Home/End and other keys are not the feed’s', () => {
    expect(from('Home', 3, { onArticle: false })).toBeNull()
    expect(from('End', 1, { ctrlKey: true })).toBeNull()
    expect(from('Enter', 1)).toBeNull()
    expect(feedKeyTarget('ArrowDown', { position: 0, count: 0 })).toBeNull()
  })
})
