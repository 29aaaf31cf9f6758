import type { Meta, StoryObj } from '@storybook/react-vite'
import { NftTransferRow } from '../../src/components/NftTransferRow/NftTransferRow.js'
import { wallets } from '../../src/testing/index.js'
import { entryOfKind } from '../support/data.js'

const meta = {
  title: 'Components/NftTransferRow',
  component: NftTransferRow,
  args: { transfer: entryOfKind('nft721In').nft_transfers[0]!, wallet: wallets.rich, chain: 'eth' },
} satisfies Meta<typeof NftTransferRow>

export default meta
type Story = StoryObj<typeof meta>

export const Erc721Incoming: Story = {}
export const Erc721Outgoing: Story = { args: { transfer: entryOfKind('nft721Out').nft_transfers[0]! } }
/** One ERC-1155 batch: three token ids with amounts 5, 12 and 100. */
export const Erc1155Batch: Story = {
  render: (args) => (
    <div className="sb-grid">
      {entryOfKind('nft1155Batch').nft_transfers.map((t) => (
        <NftTransferRow key={t.token_id} {...args} transfer={t} />
      ))}
    </div>
  ),
}
export const Erc1155Spam: Story = { args: { transfer: entryOfKind('spamNft').nft_transfers[0]! } }
/** A 78-digit token id is clipped, with the full id on hover. */
export const HugeTokenId: Story = {
  args: { transfer: { ...entryOfKind('nft721In').nft_transfers[0]!, token_id: `1157920892373161954235709850086879078532699846656405640394575840079131296399${'3'}` } },
}
