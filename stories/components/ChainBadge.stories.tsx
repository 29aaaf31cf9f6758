import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { expect, userEvent, within } from 'storybook/test'
import { ChainBadge } from '../../src/components/ChainBadge/ChainBadge.js'
import { ChainMark } from '../../src/components/ChainBadge/ChainMark.js'
import { ChainFilter } from '../../src/components/ChainFilter/ChainFilter.js'
import type { RenderChainIcon } from '../../src/components/shared/options.js'
import { chainNames, type ChainInput } from '../../src/core/chains.js'

const meta = {
  title: 'Components/ChainBadge',
  component: ChainBadge,
  args: { chain: 'eth', variant: 'full' },
  argTypes: {
    chain: { control: 'select', options: [...chainNames, '0x7a69', 'my-devnet'] },
    variant: { control: 'inline-radio', options: ['full', 'mark'] },
  },
  // The theme tokens live on .bf-root, as in an app that renders the feed.
  decorators: [(Story) => <div className="bf-root"><Story /></div>],
} satisfies Meta<typeof ChainBadge>

export default meta
type Story = StoryObj<typeof meta>

export const Single: Story = {}

/** The spec's 13 chains: the mark with the name, the mark alone (name read out), and the mark at a few sizes. */
export const AllChains: Story = {
  render: () => (
    <table style={{ borderSpacing: '16px 6px' }}>
      <caption className="bf-visually-hidden">The 13 chains' marks</caption>
      <thead>
        <tr>
          <th scope="col">Chain</th>
          <th scope="col">Full</th>
          <th scope="col">Mark</th>
          <th scope="col">14, 20 and 32 px</th>
        </tr>
      </thead>
      <tbody>
        {chainNames.map((c) => (
          <tr key={c}>
            <th scope="row" style={{ textAlign: 'start', fontWeight: 400 }}><code>{c}</code></th>
            <td><ChainBadge chain={c} /></td>
            <td><ChainBadge chain={c} variant="mark" /></td>
            <td style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
              {[14, 20, 32].map((size) => <ChainMark key={size} chain={c} size={size} />)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  ),
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelectorAll('.bf-chain__mark[data-mark="svg"]')).toHaveLength(13 * 5)
    // Full and mark alike carry the name as text.
    await expect(within(canvasElement).getAllByText('BNB Smart Chain')).toHaveLength(2)
  },
}

export const AllChainsDark: Story = { ...AllChains, parameters: { theme: 'dark' } }

/** Chains outside the spec (anvil's 0x7a69, an app's own text) keep two letters on a hue of their own. */
export const OtherChains: Story = {
  render: () => (
    <div className="sb-grid">
      {['0x7a69', '0x1234', 'my-devnet', 'toString'].map((c) => <ChainBadge key={c} chain={c} />)}
    </div>
  ),
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelectorAll('.bf-chain__mark[data-mark="monogram"]')).toHaveLength(4)
    await expect(within(canvasElement).getByText('Foundry')).toBeVisible()
  },
}

// An app's own icons: here a rounded square in the chain's colour. Polygon returns null: the built-in mark.
const colours: Record<string, string> = { eth: '#3c3c3d', base: '#0052ff', optimism: '#ff0420' }
const renderChainIcon: RenderChainIcon = ({ name }) =>
  name === undefined || !(name in colours) ? null : (
    <svg viewBox="0 0 24 24">
      <rect width="24" height="24" rx="6" fill={colours[name]} />
      <rect x="7" y="7" width="10" height="10" rx="2" fill="#fff" />
    </svg>
  )

/** `renderChainIcon` draws the app's icons; where it returns `null` the built-in mark stays. */
export const AppIcons: Story = {
  render: () => (
    <div className="sb-grid">
      {(['eth', 'base', 'optimism', 'polygon'] as const).map((c) => <ChainBadge key={c} chain={c} renderChainIcon={renderChainIcon} />)}
      <ChainFilter chains={['eth', 'base', 'optimism', 'polygon']} renderChainIcon={renderChainIcon} />
    </div>
  ),
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelectorAll('.bf-chain__mark[data-mark="custom"]')).toHaveLength(6)
    await expect(canvasElement.querySelectorAll('.bf-chain__mark[data-mark="svg"]')).toHaveLength(2)
  },
}

function Chips({ width }: { width?: number }) {
  const chains: ChainInput[] = [...chainNames, '0x7a69']
  const [selected, setSelected] = useState<ChainInput[]>(chains.filter((_, i) => i % 3 !== 1))
  return (
    <div style={{ inlineSize: width, maxInlineSize: '100%' }}>
      <ChainFilter chains={chains} selected={selected} onChange={setSelected} />
    </div>
  )
}

/** The merged feed's chain chips: on (solid accent edge) and off (dashed, grey mark); they wrap, never overlap. */
export const Chips_: Story = {
  name: 'Chips',
  render: () => <Chips />,
  play: async ({ canvasElement }) => {
    const polygon = within(canvasElement).getByRole('button', { name: 'Polygon' })
    await expect(polygon).toHaveAttribute('aria-pressed', 'false')
    await userEvent.click(polygon)
    await expect(polygon).toHaveAttribute('aria-pressed', 'true')
  },
}

export const ChipsDark: Story = { render: () => <Chips />, parameters: { theme: 'dark' } }

/** At 360 px the chips wrap onto more lines inside their own box. */
export const ChipsNarrow: Story = { render: () => <Chips width={328} /> }
