import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { ChainFilter } from '../../src/components/ChainFilter/ChainFilter.js'
import type { ChainInput } from '../../src/core/chains.js'

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
})
