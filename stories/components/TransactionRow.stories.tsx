import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { TransactionRow } from '../../src/components/TransactionRow/TransactionRow.js'
import { transactionKinds, wallets } from '../../src/testing/index.js'
import { entryOfKind } from '../support/data.js'

const meta = {
  title: 'Components/TransactionRow',
  component: TransactionRow,
  args: { transaction: entryOfKind('nativeIn'), wallet: wallets.rich, chain: 'eth' },
  parameters: {
    docs: {
      description: {
        component:
          'One transaction as the viewed wallet sees it: a token logo or kind glyph, a one-verb title over the other party and the time, the amounts that moved (signed), and a chevron. Clicking the row, Enter or Space on it, or the chevron opens its details in place (every transfer, hash, fee, nonce, explorer link). One story per kind of fixture transaction.',
      },
    },
  },
} satisfies Meta<typeof TransactionRow>

export default meta
type Story = StoryObj<typeof meta>

/** The details load with their own chunk when first opened: wait for the transfer lines. */
async function openDetails(canvasElement: HTMLElement): Promise<HTMLElement> {
  const article = canvasElement.querySelector('article')!
  const chevron = within(article).getByRole('button', { name: 'Details' })
  if (chevron.getAttribute('aria-expanded') !== 'true') await userEvent.click(chevron)
  await expect(chevron).toHaveAttribute('aria-expanded', 'true')
  const details = article.querySelector<HTMLElement>('.bf-tx__details')!
  await within(details).findByRole('list', { name: 'Transfers' })
  return details
}

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
/** `to_address` null, a contract address in the receipt: "Deployed", the new contract as the party, "New contract" in the details. */
export const ContractCreation: Story = {
  args: { transaction: entryOfKind('contractCreation') },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('.bf-row__title')).toHaveTextContent('Deployed')
    await expect(canvasElement.querySelector('.bf-row__party')).not.toBeNull()
    const details = await openDetails(canvasElement)
    await expect(within(details).getByText('New contract')).toBeInTheDocument()
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
/**
 * A reverted call that sent ETH: the amount is struck through and read out as not transferred, in the
 * trailing column and on its transfer line in the details; the fee was still paid.
 */
export const FailedAmountNotMoved: Story = {
  args: { transaction: entryOfKind('failed'), defaultExpanded: true },
  play: async ({ canvasElement }) => {
    const article = canvasElement.querySelector('article')!
    const trailing = article.querySelector('.bf-row__trailing')!
    await expect(trailing).toHaveAttribute('data-moved', 'false')
    await expect(trailing.textContent).toContain('not transferred')
    await expect(getComputedStyle(trailing.querySelector('.bf-amount')!).textDecorationLine).toBe('line-through')
    const details = await openDetails(canvasElement)
    const line = details.querySelector('.bf-transfer[data-kind="native"]')!
    await expect(line).toHaveAttribute('data-moved', 'false')
    await expect(line.textContent).toContain('not transferred')
    await expect(getComputedStyle(line.querySelector('.bf-amount')!).textDecorationLine).toBe('line-through')
    await expect(details.querySelector('.bf-tx__fee dt')).toHaveTextContent('Fee paid')
  },
}
/**
 * With `include_internal_transactions` the service lists the ETH a swap paid back twice: as a
 * native transfer (`internal_transaction: true`) and as an internal call. It is shown once in the
 * trailing amounts and once in the details.
 */
export const DeduplicatedInternalFlow: Story = {
  args: { transaction: entryOfKind('swapInternal'), defaultExpanded: true },
  play: async ({ args, canvasElement }) => {
    await expect(args.transaction.native_transfers).toHaveLength(1)
    await expect(args.transaction.internal_transactions).toHaveLength(1)
    const details = await openDetails(canvasElement)
    const lines = details.querySelectorAll('.bf-transfer[data-kind="internal"]')
    await expect(lines).toHaveLength(1)
    const amount = lines[0]!.querySelector('.bf-amount__number')!.textContent!
    await expect(amount.startsWith('+')).toBe(true)
    const inDetails = [...details.querySelectorAll('.bf-amount__number')].filter((n) => n.textContent === amount)
    await expect(inDetails).toHaveLength(1)
    const trailing = [...canvasElement.querySelectorAll('.bf-row__trailing .bf-amount__number')].filter((n) => n.textContent === amount)
    await expect(trailing).toHaveLength(1)
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
/** Without category and summary from the service: the verb and the party are read from the transfers. */
export const DerivedSummary: Story = {
  args: { transaction: { ...entryOfKind('erc20In'), category: null, summary: null } },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('.bf-row__title')).toHaveTextContent('Received')
    await expect(canvasElement.querySelector('.bf-row__subtitle')?.textContent).toMatch(/^From /)
    await expect(canvasElement.querySelector('.bf-row__trailing')?.textContent).toMatch(/^\+/)
  },
}
export const OnOptimism: Story = { args: { transaction: entryOfKind('nativeIn', 'optimism'), chain: 'optimism' } }
export const GermanLocale: Story = { args: { transaction: entryOfKind('swapInternal'), locale: 'de-DE', timeZone: 'Europe/Berlin' } }
export const DarkTheme: Story = { args: { transaction: entryOfKind('swapInternal') }, parameters: { theme: 'dark' } }
/** `density="compact"`: a shorter row (about 48 px) for dense lists. */
export const Compact: Story = {
  args: { transaction: entryOfKind('swapInternal'), density: 'compact' },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('article')).toHaveAttribute('data-density', 'compact')
  },
}
/** `defaultExpanded`: the details open in place under the row, the chevron turned (aria-expanded). */
export const Expanded: Story = {
  args: { transaction: entryOfKind('swapInternal'), defaultExpanded: true },
  play: async ({ canvasElement }) => {
    const details = await openDetails(canvasElement)
    await expect(within(details).getByRole('link', { name: /^View on explorer/ })).toHaveAttribute('href', expect.stringMatching(/^https:\/\/etherscan\.io\/tx\//))
    await expect(details.querySelector('.bf-tx__fee')).not.toBeNull()
    // Clicking the row again closes them.
    await userEvent.click(canvasElement.querySelector('.bf-row__title')!)
    await waitFor(() => expect(within(canvasElement).getByRole('button', { name: 'Details' })).toHaveAttribute('aria-expanded', 'false'))
  },
}

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
export const AllKindsDark: Story = { ...AllKinds, parameters: { theme: 'dark' } }
export const AllKindsCompact: Story = {
  ...AllKinds,
  args: { density: 'compact' },
  play: async ({ canvasElement }) => {
    const rows = [...canvasElement.querySelectorAll('article')]
    await expect(rows).toHaveLength(transactionKinds.length)
    for (const row of rows) await expect(row).toHaveAttribute('data-density', 'compact')
  },
}
export const AllKindsCompactDark: Story = { ...AllKindsCompact, parameters: { theme: 'dark' } }
