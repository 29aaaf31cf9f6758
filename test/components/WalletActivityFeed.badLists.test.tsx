import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { WalletActivityFeed } from '../../src/components/WalletActivityFeed/WalletActivityFeed.js'
import { setup } from '../react/support.js'

// From plain JavaScript (or a CMS field) `chains="eth"` or `addresses="0x…"` arrive as text: the feed
// says which prop is wrong, as it does for a bad address, instead of throwing while it renders.
const WALLET = '0x00000000000000000000000000000000000000a1'

describe('WalletActivityFeed with `chains` or `addresses` that are not lists', () => {
  it.each([
    ['chains', { address: WALLET, chains: 'eth' }],
    ['addresses', { addresses: WALLET, chain: 'eth' }],
  ])('%s as text: an error naming it, not a crash', (name, props) => {
    const { wrapper } = setup({ chain: 'eth' })
    render(wrapper({ children: <WalletActivityFeed {...(props as unknown as { address: string })} /> }) as never)
    expect(screen.getByRole('alert').textContent).toContain(`Invalid parameter \`${name}\``)
  })
})
