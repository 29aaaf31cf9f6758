import type { Meta, StoryObj } from '@storybook/react-vite'
import { NativeTransferRow } from '../../src/components/NativeTransferRow/NativeTransferRow.js'
import { wallets } from '../../src/testing/index.js'
import { entryOfKind } from '../support/data.js'

const transferOf = (kind: Parameters<typeof entryOfKind>[0], chain: Parameters<typeof entryOfKind>[1] = 'eth') =>
  entryOfKind(kind, chain).native_transfers[0]!

const meta = {
  title: 'Components/NativeTransferRow',
  component: NativeTransferRow,
  args: { transfer: transferOf('nativeIn'), wallet: wallets.rich, chain: 'eth' },
} satisfies Meta<typeof NativeTransferRow>

export default meta
type Story = StoryObj<typeof meta>

export const Incoming: Story = {}
export const Outgoing: Story = { args: { transfer: transferOf('nativeOut') } }
export const ToSelf: Story = { args: { transfer: transferOf('nativeSelf') } }
/** ETH paid back by a contract (an internal transaction), as the service lists it among native transfers. */
export const InternalIncoming: Story = { args: { transfer: transferOf('swapInternal') } }
/** To a labelled bridge. */
export const ToLabelledContract: Story = { args: { transfer: transferOf('bridgeDeposit') } }
/** Seen by nobody in particular (no wallet): direction "between others". */
export const NoWallet: Story = { args: { wallet: undefined } }
export const OnPolygon: Story = { args: { transfer: transferOf('nativeIn', 'polygon'), chain: 'polygon' } }
export const OnBsc: Story = { args: { transfer: transferOf('nativeOut', 'bsc'), chain: 'bsc' } }
