import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'
import { TransferBadge, type TransferKind } from '../../src/components/TransferBadge/TransferBadge.js'
import type { FlowDirection } from '../../src/components/shared/direction.js'

const kinds: TransferKind[] = ['native', 'erc20', 'erc721', 'erc1155', 'internal']
const directions: FlowDirection[] = ['in', 'out', 'self', 'none']

const meta = {
  title: 'Components/TransferBadge',
  component: TransferBadge,
  args: { kind: 'erc20', direction: 'in' },
  argTypes: {
    kind: { control: 'select', options: kinds },
    direction: { control: 'inline-radio', options: directions },
  },
} satisfies Meta<typeof TransferBadge>

export default meta
type Story = StoryObj<typeof meta>

export const Single: Story = {}

/** Every kind × every direction; the direction is read out, not only shown by the arrow. */
export const AllKindsAndDirections: Story = {
  render: () => (
    <table>
      <caption className="bf-visually-hidden">Transfer badges by kind and direction</caption>
      <thead>
        <tr>
          <th scope="col">Kind</th>
          {directions.map((d) => (
            <th key={d} scope="col">{d}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {kinds.map((k) => (
          <tr key={k}>
            <th scope="row">{k}</th>
            {directions.map((d) => (
              <td key={d} style={{ padding: 6 }}>
                <TransferBadge kind={k} direction={d} />
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  ),
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelectorAll('.bf-badge')).toHaveLength(kinds.length * directions.length)
    await expect(within(canvasElement).getAllByText(', received')).toHaveLength(kinds.length)
  },
}
