import axe from 'axe-core'
import type { ReactNode } from 'react'
import { describe, expect, it } from 'vitest'
import { page, userEvent } from 'vitest/browser'
import { ChainFilter } from '../../src/components/ChainFilter/ChainFilter.js'
import { chainNames, type ChainInput } from '../../src/core/chains.js'
import { mountOnPage } from './support/mount.js'

async function mount(node: ReactNode, theme: 'light' | 'dark'): Promise<HTMLElement> {
  return mountOnPage(node, (host) => {
    host.className = 'bf-root'
    host.dataset['theme'] = theme
    // What an app's page gives the feed: its background and text colour.
    host.style.background = 'var(--bf-bg)'
    host.style.color = 'var(--bf-text)'
    host.style.padding = '8px'
  })
}

type Box = { left: number; right: number; top: number; bottom: number }
const grow = (r: Box, by: number): Box => ({ left: r.left - by, right: r.right + by, top: r.top - by, bottom: r.bottom + by })
// Shared area, not shared edges: two boxes that only touch do not overlap.
const overlap = (a: Box, b: Box) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > 0.5 && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 0.5

// Half of them off: both looks side by side, as after a person has filtered.
const selected: ChainInput[] = chainNames.filter((_, i) => i % 2 === 0)
const chips = <ChainFilter chains={[...chainNames, '0x7a69']} selected={selected} />

describe('ChainFilter in Chromium: the chips', () => {
  for (const width of [360, 1024]) {
    for (const theme of ['light', 'dark'] as const) {
      it(`${width} px, ${theme}: no two chips (or a focus ring and a chip) overlap, nothing scrolls sideways, axe finds nothing`, async () => {
        await page.viewport(width, 900)
        const el = await mount(chips, theme)
        const buttons = [...el.querySelectorAll<HTMLElement>('.bf-chain-chip')]
        expect(buttons).toHaveLength(14)

        // The ring as drawn: focus a chip from the keyboard and read its outline.
        await userEvent.keyboard('{Tab}')
        expect(document.activeElement).toBe(buttons[0])
        const focused = getComputedStyle(buttons[0]!)
        const ring = Number.parseFloat(focused.outlineWidth) + Number.parseFloat(focused.outlineOffset)
        expect(focused.outlineStyle).toBe('solid')
        expect(ring).toBeGreaterThanOrEqual(2)

        const boxes = buttons.map((b) => b.getBoundingClientRect())
        for (const [i, a] of boxes.entries()) {
          // 28–32 px tall, each the same, and the mark centred in it.
          expect(a.height).toBeGreaterThanOrEqual(28)
          expect(a.height).toBeLessThanOrEqual(32)
          expect(a.height).toBeCloseTo(boxes[0]!.height, 1)
          const mark = buttons[i]!.querySelector('.bf-chain__mark')!.getBoundingClientRect()
          expect(Math.abs(mark.top + mark.height / 2 - (a.top + a.height / 2))).toBeLessThanOrEqual(1)
          expect(a.right).toBeLessThanOrEqual(width + 0.5)
          for (const b of boxes.slice(i + 1)) {
            expect.soft(overlap(a, b), `chips ${i} and ${boxes.indexOf(b)} overlap`).toBe(false)
            // Any chip's focus ring stays clear of its neighbours (and of their rings).
            expect.soft(overlap(grow(a, ring), grow(b, ring)), `focus rings of chips ${i} and ${boxes.indexOf(b)} overlap`).toBe(false)
          }
        }
        // At 360 px the 14 chips wrap onto lines of their own; at 1024 px they need fewer.
        const lines = new Set(boxes.map((b) => Math.round(b.top))).size
        expect(lines).toBeGreaterThan(width === 360 ? 3 : 0)
        expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(document.documentElement.clientWidth)

        // Pressed and off differ by more than colour: a solid edge against a dashed one.
        const on = getComputedStyle(buttons[0]!)
        const off = getComputedStyle(buttons[1]!)
        expect(buttons[1]!.getAttribute('aria-pressed')).toBe('false')
        expect(on.borderTopStyle).toBe('solid')
        expect(off.borderTopStyle).toBe('dashed')

        const result = await axe.run(el)
        expect(result.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')} ${n.failureSummary ?? ''}`))).toEqual([])
        const contrast = await axe.run(el, { runOnly: ['color-contrast'] })
        expect(contrast.passes.length).toBeGreaterThan(0)
      })
    }
  }

  it('in a narrow box a long chain name is cut with an ellipsis inside its chip, never past the box', async () => {
    await page.viewport(360, 900)
    const el = await mount(<ChainFilter style={{ inlineSize: 140 }} chains={['eth', 'a-very-long-chain-name-that-an-app-made-up']} />, 'light')
    const box = el.querySelector('.bf-chain-chips')!.getBoundingClientRect()
    const chip = el.querySelectorAll<HTMLElement>('.bf-chain-chip')[1]!
    expect(chip.getBoundingClientRect().right).toBeLessThanOrEqual(box.right + 0.5)
    const name = chip.querySelector<HTMLElement>('.bf-chain__name')!
    expect(name.getBoundingClientRect().right).toBeLessThanOrEqual(chip.getBoundingClientRect().right)
    expect(name.scrollWidth).toBeGreaterThan(name.clientWidth)
    expect(getComputedStyle(name).textOverflow).toBe('ellipsis')
  })
})
