import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'
import { TransactionRow } from '../../src/components/TransactionRow/TransactionRow.js'
import { transactionKinds, wallets } from '../fixtures/index.js'
import { entryOfKind } from '../support/data.js'

const meta = {
  title: 'Components/TransactionRow',
  component: TransactionRow,
  args: { transaction: entryOfKind('nativeIn'), wallet: wallets.rich, chain: 'eth' },
  parameters: { docs: { description: { component: 'One transaction as the viewed wallet sees it. One story per kind of fixture transaction.' } } },
} satisfies Meta<typeof TransactionRow>

export default meta
type Story = StoryObj<typeof meta>

export const NativeReceive: Story = {}
export const NativeSend: Story = { args: { transaction: entryOfKind('nativeOut') } }
export const NativeToSelf: Story = { args: { transaction: entryOfKind('nativeSelf') } }
export const TokenReceive: Story = { args: { transaction: entryOfKind('erc20In') } }
export const TokenSend: Story = { args: { transaction: entryOfKind('erc20Out') } }
/** 0-decimals token. */
export const WholeUnitToken: Story = { args: { transaction: entryOfKind('erc20Whole') } }
/** approve(spender, uint256 max): no transfer, an unlimited allowance. */
export const UnlimitedApproval: Story = { args: { transaction: entryOfKind('approveMax') } }
/** Token out, ETH back through an internal transaction. */
export const SwapWithInternalTransfer: Story = { args: { transaction: entryOfKind('swapInternal') } }
export const NftPurchase: Story = { args: { transaction: entryOfKind('nft721In') } }
export const NftSend: Story = { args: { transaction: entryOfKind('nft721Out') } }
/** ERC-1155 TransferBatch: three ids, amounts 5, 12 and 100. */
export const Erc1155BatchMint: Story = { args: { transaction: entryOfKind('nft1155Batch') } }
/** `to_address` null, a contract address in the receipt. */
export const ContractCreation: Story = {
  args: { transaction: entryOfKind('contractCreation') },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('article')?.textContent).toMatch(/contract/i)
  },
}
/** `receipt_status` "0": marked failed, value not moved, fee still paid. */
export const Failed: Story = {
  args: { transaction: entryOfKind('failed') },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('article')).toHaveAttribute('data-status', 'failed')
    await expect(within(canvasElement).getByText('Failed')).toBeInTheDocument()
  },
}
/** A reverted call that sent ETH: the amount is struck through and read out as not transferred; the fee was still paid. */
export const FailedAmountNotMoved: Story = {
  args: { transaction: entryOfKind('failed') },
  play: async ({ canvasElement }) => {
    const article = canvasElement.querySelector('article')!
    const line = article.querySelector('.bf-transfer[data-kind="native"]')!
    await expect(line).toHaveAttribute('data-moved', 'false')
    await expect(line.textContent).toContain('not transferred')
    await expect(getComputedStyle(line.querySelector('.bf-amount')!).textDecorationLine).toBe('line-through')
    await expect(article.querySelector('.bf-tx__fee')?.textContent).toMatch(/^Fee paid /)
  },
}
/**
 * With `include_internal_transactions` the service lists the ETH a swap paid back twice: as a
 * native transfer (`internal_transaction: true`) and as an internal call. It is shown once.
 */
export const DeduplicatedInternalFlow: Story = {
  args: { transaction: entryOfKind('swapInternal') },
  play: async ({ args, canvasElement }) => {
    await expect(args.transaction.native_transfers).toHaveLength(1)
    await expect(args.transaction.internal_transactions).toHaveLength(1)
    const lines = canvasElement.querySelectorAll('.bf-transfer[data-kind="internal"]')
    await expect(lines).toHaveLength(1)
    const amount = lines[0]!.querySelector('.bf-amount__number')!.textContent!
    await expect(amount.startsWith('+')).toBe(true)
    const shown = [...canvasElement.querySelectorAll('.bf-amount__number')].filter((n) => n.textContent === amount)
    await expect(shown).toHaveLength(1)
  },
}
export const ContractInteraction: Story = { args: { transaction: entryOfKind('contractCall') } }
export const BridgeDeposit: Story = { args: { transaction: entryOfKind('bridgeDeposit') } }
/** A spam airdrop, shown (rows hide spam transfers unless `showSpam`). */
export const SpamTokenShown: Story = { args: { transaction: entryOfKind('spamToken'), showSpam: true } }
export const SpamTokenHidden: Story = { args: { transaction: entryOfKind('spamToken'), showSpam: false } }
export const SpamNft: Story = { args: { transaction: entryOfKind('spamNft'), showSpam: true } }
/** Address poisoning: 0 USDC "sent" to a lookalike by someone else's transferFrom. */
export const PoisoningOut: Story = { args: { transaction: entryOfKind('poisoning') } }
export const PoisoningIn: Story = { args: { transaction: entryOfKind('poisoningIn') } }
export const PoisoningHidden: Story = { args: { transaction: entryOfKind('poisoning'), hideZeroValueTransfers: true } }
/** Markup, bidi overrides and a 300-character name from a hostile token and sender. */
export const HostileToken: Story = {
  args: { transaction: entryOfKind('hostileToken') },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('script, b, img[src^="javascript"]')).toBeNull()
  },
}
/** Without category and summary from the service: both derived from the transfers. */
export const DerivedSummary: Story = {
  args: { transaction: { ...entryOfKind('erc20In'), category: null, summary: null } },
}
export const OnOptimism: Story = { args: { transaction: entryOfKind('nativeIn', 'optimism'), chain: 'optimism' } }
export const GermanLocale: Story = { args: { transaction: entryOfKind('swapInternal'), locale: 'de-DE', timeZone: 'Europe/Berlin' } }
export const DarkTheme: Story = { args: { transaction: entryOfKind('swapInternal') }, parameters: { theme: 'dark' } }

/** Every kind of the fixtures, one under the other. */
export const AllKinds: Story = {
  render: (args) => (
    <div className="sb-grid">
      {transactionKinds.map((kind) => (
        <TransactionRow key={kind} {...args} transaction={entryOfKind(kind)} showSpam />
      ))}
    </div>
  ),
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelectorAll('article')).toHaveLength(transactionKinds.length)
  },
}
