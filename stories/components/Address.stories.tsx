import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, spyOn, userEvent, within } from 'storybook/test'
import { Address } from '../../src/components/Address/Address.js'
import { counterparties, friends, lookalikeOf, wallets } from '../../src/testing/index.js'

const meta = {
  title: 'Components/Address',
  component: Address,
  args: { address: wallets.rich, chain: 'eth' },
} satisfies Meta<typeof Address>

export default meta
type Story = StoryObj<typeof meta>

/** Shortened, checksummed, with the full address as tooltip, a copy button and the explorer link. */
export const Plain: Story = {}

export const WithLabel: Story = {
  args: { address: counterparties.exchange.address, label: counterparties.exchange.label, entity: counterparties.exchange.entity },
}

export const EntityOnly: Story = {
  args: { address: counterparties.router.address, entity: counterparties.router.entity },
}

/** Labels are untrusted: markup is text, bidi overrides and zero-width characters are stripped, long ones clipped. */
export const HostileLabels: Story = {
  render: (args) => (
    <div className="sb-grid">
      {[counterparties.markupLabel, counterparties.bidiLabel, counterparties.zeroWidth, counterparties.longLabel].map((p) => (
        <Address key={p.address} {...args} address={p.address} label={p.label} entity={p.entity} />
      ))}
    </div>
  ),
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('b, script, img')).toBeNull()
    await expect(canvasElement.textContent).not.toContain('\u202E')
  },
}

/** A poisoning lookalike next to the real friend: same first and last digits. */
export const Lookalike: Story = {
  render: (args) => (
    <div className="sb-grid">
      <Address {...args} address={friends[0]!} />
      <Address {...args} address={lookalikeOf(friends[0]!, 'story')} />
    </div>
  ),
}

export const NotCopyable: Story = { args: { copyable: false } }

/** An unknown chain has no explorer: the address is text, not a link. */
export const NoExplorer: Story = { args: { chain: undefined } }

/** Copy the address: the clipboard gets the checksummed address and a status is announced. */
export const CopyAddress: Story = {
  beforeEach: () => {
    const spy = spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined)
    return () => spy.mockRestore()
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole('button', { name: /copy address/i }))
    await expect(navigator.clipboard.writeText).toHaveBeenCalledWith(expect.stringMatching(/^0x[0-9a-fA-F]{40}$/))
    await expect(await canvas.findByText('Address copied')).toBeInTheDocument()
  },
}
