import type { Meta, StoryObj } from '@storybook/react-vite'
import { InternalTransactionRow } from '../../src/components/InternalTransactionRow/InternalTransactionRow.js'
import { wallets } from '../../src/testing/index.js'
import { entryOfKind } from '../support/data.js'

const internal = entryOfKind('swapInternal').internal_transactions[0]!

const meta = {
  title: 'Components/InternalTransactionRow',
  component: InternalTransactionRow,
  args: { transaction: internal, wallet: wallets.rich, chain: 'eth' },
} satisfies Meta<typeof InternalTransactionRow>

export default meta
type Story = StoryObj<typeof meta>

/** ETH a router paid back to the wallet inside a swap. */
export const Incoming: Story = {}
export const Outgoing: Story = {
  args: { transaction: { ...internal, from: internal.to, to: internal.from, type: 'delegatecall' } },
}
export const OnArbitrum: Story = {
  args: { transaction: entryOfKind('swapInternal', 'arbitrum').internal_transactions[0]!, chain: 'arbitrum' },
}
/** No call type sent: shown as CALL. */
export const MissingType: Story = { args: { transaction: { ...internal, type: null } } }
