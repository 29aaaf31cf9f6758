/**
 * The stylesheet mirrors for right-to-left languages by itself: layout in logical properties only
 * (inline-start / inline-end), never a physical side, so no second stylesheet is ever needed.
 */
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

const root = resolve(import.meta.dirname, '../..')

/** Declarations that name a physical side: `left:`, `margin-right:`, `border-left-color:`, `text-align: left`, `float: right`… */
export function physicalSides(css: string): string[] {
  const withoutComments = css.replace(/\/\*[\s\S]*?\*\//g, '')
  const found: string[] = []
  for (const m of withoutComments.matchAll(/([a-z-]+)\s*:\s*([^;{}]+)/g)) {
    const [, property, value] = m as unknown as [string, string, string]
    if (/(^|-)(left|right)(-|$)/.test(property)) found.push(`${property}: ${value.trim()}`)
    else if (/^(text-align|float|clear|caption-side)$/.test(property) && /\b(left|right)\b/.test(value)) found.push(`${property}: ${value.trim()}`)
  }
  return found
}

describe('blockfeed/styles.css', () => {
  it('finds physical sides when there are some (the check itself)', () => {
    expect(physicalSides('.a{margin-left:4px;padding:0}.b{text-align: right}.c{inset-inline-start:0;border-right-width:1px}')).toEqual([
      'margin-left: 4px',
      'text-align: right',
      'border-right-width: 1px',
    ])
  })

  it('uses logical properties only: no left or right anywhere (the node project builds dist/ first)', () => {
    expect(physicalSides(readFileSync(resolve(root, 'dist/styles.css'), 'utf8'))).toEqual([])
  })
})
