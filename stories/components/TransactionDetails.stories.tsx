/// <reference types="vite/client" />
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, within } from 'storybook/test'
import { decodeFunctionData, erc20Abi, getAddress, maxUint256 } from 'viem'
import { TransactionDetails } from '../../src/components/TransactionDetails/TransactionDetails.js'
import type { ApprovalStates } from '../../src/core/details/approvalStates.js'
import { getTransactionDetails } from '../../src/core/details/getTransactionDetails.js'
import { transactionEntrySchema } from '../../src/core/history/schema.js'
import * as F from '../../test/core/details/fixtures.js'
import legacyBlock from '../../test/fixtures/execution-apis/eth_getBlockByHash/get-block-by-hash.io?raw'
import gethHead from '../../test/fixtures/execution-apis/eth_blockNumber/simple-test.io?raw'
import legacyTx from '../../test/fixtures/execution-apis/eth_getTransactionByHash/get-legacy-create.io?raw'
import legacyReceipt from '../../test/fixtures/execution-apis/eth_getTransactionReceipt/get-legacy-contract.io?raw'

/** Details from geth's own replies (execution-apis recordings, see test/fixtures/execution-apis/README.md), answered by method. */
function loadRecorded(hash: `0x${string}`, recordings: string[]) {
  return async () => {
    const results = new Map<string, unknown>()
    for (const text of recordings) {
      const line = (prefix: string) => JSON.parse(text.split('\n').find((l) => l.startsWith(prefix))!.slice(3))
      results.set(line('>> ').method, line('<< ').result)
    }
    const rpc = async ({ method }: { method: string }) => results.get(method) ?? null
    return { details: await getTransactionDetails({ rpc: rpc as never, chain: 'eth' }, { hash }) }
  }
}

/** Details decoded by the real `getTransactionDetails` from mainnet-shaped node replies. */
function load(make: () => F.RpcFixture, entry: Record<string, unknown> = {}, current?: bigint | null) {
  return async () => {
    const f = make()
    const details = await getTransactionDetails(F.fixtureRpc([f]), { hash: f.hash })
    return {
      details,
      // What the node says now about the fixtures' one USDT approval (sender → router), when asked.
      approvalStates: current === undefined ? undefined : ({
        headBlockNumber: BigInt(F.HEAD),
        approvals: [{ forAll: false, token: getAddress(F.USDT), owner: getAddress(F.SENDER), spender: getAddress(F.ROUTER), current }],
      } satisfies ApprovalStates),
      entry: transactionEntrySchema.parse({
        hash: f.hash, from_address: F.SENDER, to_address: f.tx.to, value: '0', block_timestamp: '2024-08-21T08:13:47.000Z', block_number: '20589436', ...entry,
      }),
    }
  }
}

const meta = {
  title: 'Components/TransactionDetails',
  component: TransactionDetails,
  args: { details: undefined, chain: 'eth', locale: 'en-US', timeZone: 'UTC' },
  render: (args, { loaded }) => <TransactionDetails {...args} details={loaded.details} entry={loaded.entry} approvalStates={loaded.approvalStates} />,
} satisfies Meta<typeof TransactionDetails>

export default meta
type Story = StoryObj<typeof meta>

/** A row's "Details": closed until opened (Enter or Space), then the whole story of the transaction. */
export const Erc20Transfer: Story = {
  loaders: [load(F.usdcTransfer, { erc20_transfers: [{ address: F.USDC, token_symbol: 'USDC', token_decimals: '6', value: '25000000' }] })],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const toggle = canvas.getByRole('button', { name: 'Details' })
    toggle.focus()
    await userEvent.keyboard('{Enter}')
    const region = canvas.getByRole('region', { name: 'Hide details' })
    await expect(region).toHaveTextContent('Succeeded, 20 confirmations')
    await expect(region).toHaveTextContent(/Transfer 25 USDC from 0x4838…5f97/)
    await expect(region).toHaveTextContent('41937 gas × 20.000000238 gwei')
  },
}

export const ContractCreation: Story = {
  args: { variant: 'panel' },
  loaders: [load(F.legacyCreation)],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText('Created')).toBeVisible()
    await expect(canvas.getByText('Contract creation')).toBeVisible()
    await userEvent.click(canvas.getByText(/^Input data/))
    await expect(canvas.getByRole('button', { name: 'Copy input data' })).toBeVisible()
  },
}

export const FailedCall: Story = {
  args: { variant: 'panel' },
  loaders: [load(F.failedSwap)],
  play: async ({ canvasElement }) => {
    const region = within(canvasElement).getByRole('region', { name: 'Transaction details' })
    await expect(region).toHaveTextContent('Failed, 20 confirmations — reverted: UniswapV2Router: INSUFFICIENT_OUTPUT_AMOUNT')
    await expect(canvasElement.querySelector('[data-status="reverted"]')).not.toBeNull()
  },
}

const approvalEntry = {
  category: 'approve',
  contract_interactions: {
    approvals: [{ value: maxUint256.toString(), token: { address: F.USDT, token_symbol: 'USDT', token_decimals: '6' }, spender: { address: F.ROUTER, address_label: 'Uniswap V2: Router 2' } }],
  },
}

/** An unlimited approval the node still reports in full: "Revoke" hands the app a ready approve(spender, 0) for its wallet to sign. */
export const UnlimitedApproval: Story = {
  args: { variant: 'panel', onRevoke: fn() },
  loaders: [load(F.unlimitedApproval, approvalEntry, maxUint256)],
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await expect((await canvas.findByRole('region', { name: 'Approvals' }))).toHaveTextContent('may spend unlimited USDT — still active')
    await userEvent.click(canvas.getByRole('button', { name: 'Revoke' }))
    const request = (args.onRevoke as ReturnType<typeof fn>).mock.calls[0]![0] as { data: `0x${string}` }
    await expect(decodeFunctionData({ abi: erc20Abi, data: request.data }).args[1]).toBe(0n)
  },
}

/** The same approval after the allowance was set back to zero elsewhere: no longer active, nothing to revoke. */
export const ApprovalNoLongerActive: Story = {
  args: { variant: 'panel', onRevoke: fn() },
  loaders: [load(F.unlimitedApproval, approvalEntry, 0n)],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect((await canvas.findByRole('region', { name: 'Approvals' }))).toHaveTextContent('— no longer active')
    await expect(canvas.queryByRole('button', { name: 'Revoke' })).toBeNull()
  },
}

/** Spent down since to a limited amount: the amount left, and still Revoke (what is left of an unlimited approval is still a live risk). */
export const ApprovalPartlySpent: Story = {
  args: { variant: 'panel', onRevoke: fn() },
  loaders: [load(F.unlimitedApproval, approvalEntry, 12_500_000n)],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect((await canvas.findByRole('region', { name: 'Approvals' }))).toHaveTextContent('— now 12.5 remaining')
    await expect(canvas.getByRole('button', { name: 'Revoke' })).toBeVisible()
  },
}

/** The node could not answer the allowance read: said so, and no Revoke. */
export const ApprovalUnknown: Story = {
  args: { variant: 'panel', onRevoke: fn() },
  loaders: [load(F.unlimitedApproval, approvalEntry, null)],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect((await canvas.findByRole('region', { name: 'Approvals' }))).toHaveTextContent('could not check whether it is still active')
    await expect(canvas.queryByRole('button', { name: 'Revoke' })).toBeNull()
  },
}

export const Revoke: Story = {
  args: { variant: 'panel', onRevoke: fn() },
  loaders: [load(F.revokedApproval, { category: 'revoke', contract_interactions: { revokes: [{ value: '0', token: { address: F.USDT, token_symbol: 'USDT' }, spender: { address: F.ROUTER } }] } })],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect((await canvas.findByRole('region', { name: 'Approvals' }))).toHaveTextContent('may no longer spend USDT')
    await expect(canvas.queryByRole('button', { name: 'Revoke' })).toBeNull()
  },
}

/** A contract creation from a pre-Byzantium block, as geth answers it: the receipt has a state root and no status. */
export const PreByzantiumCreation: Story = {
  args: { variant: 'panel' },
  loaders: [loadRecorded('0xc1d605c6612a5fe84dc95810030bfe5b1d327652b381bc695e28f50d13b2b09e', [legacyTx, legacyReceipt, legacyBlock, gethHead])],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('region', { name: 'Transaction details' })).toHaveTextContent('Mined, outcome not recorded')
    await expect(canvas.getByText('Contract creation')).toBeVisible()
  },
}

/** No ABI matches: the method is unknown and the log stays raw topics and data. */
export const UnknownContract: Story = {
  args: { variant: 'panel' },
  loaders: [load(F.unknownContract)],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText('Unknown')).toBeVisible()
    await userEvent.click(canvas.getByText('Raw topics and data'))
    await expect(canvasElement.querySelector('.bf-details__raw pre')).toHaveTextContent('0x3f7bd2c4')
  },
}

/**
 * The node does not know the transaction (it answered `null`: a provider behind the history, or
 * another one). The view shows what the history entry gave, with a quiet note; the node's events
 * replace it at the first block after the node learns the transaction.
 */
export const NodeDoesNotKnowYet: Story = {
  args: { variant: 'panel' },
  loaders: [
    async () => ({
      details: null,
      entry: transactionEntrySchema.parse({
        hash: F.usdcTransfer().hash, nonce: '7', from_address: F.SENDER, to_address: F.USDC, to_address_label: 'Circle: USDC', value: '0',
        block_timestamp: '2024-08-21T08:13:47.000Z', block_number: '20589436', receipt_status: '1', transaction_fee: '0.000838740009980999', method_label: 'transfer',
      }),
    }),
  ],
  play: async ({ canvasElement }) => {
    const region = within(canvasElement).getByRole('region', { name: 'Transaction details' })
    await expect(region).toHaveTextContent('The node does not know this transaction yet. Its events show here once it does.')
    await expect(region).toHaveTextContent('20589436')
    await expect(region).toHaveTextContent('Aug 21, 2024, 8:13:47 AM UTC')
    await expect(within(region).getByRole('link', { name: 'View on explorer' })).toHaveAttribute('href', `https://etherscan.io/tx/${F.usdcTransfer().hash}`)
  },
}

/** The same, in Arabic, right to left: the history's facts and the note in the reader's language; hashes and amounts stay left to right. */
export const NodeDoesNotKnowYetArabic: Story = {
  globals: { locale: 'ar' },
  args: { variant: 'panel', locale: 'ar' },
  loaders: NodeDoesNotKnowYet.loaders,
  play: async ({ canvasElement }) => {
    const region = await within(canvasElement).findByRole('region', { name: 'تفاصيل المعاملة' })
    await expect(region).toHaveTextContent('لا تعرف العقدة هذه المعاملة بعد.')
  },
}

export const Loading: Story = { args: { variant: 'panel', isLoading: true }, loaders: [async () => ({ details: undefined })] }

/** Used on its own (no feed around it): themed by its own root, light. */
export const StandaloneLight: Story = {
  ...UnlimitedApproval,
  render: (args, { loaded }) => (
    <div data-theme="light" style={{ background: '#fff', padding: 8 }}>
      <TransactionDetails {...args} details={loaded.details} entry={loaded.entry} approvalStates={loaded.approvalStates} />
    </div>
  ),
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole('button', { name: 'Revoke' })
    const root = canvasElement.querySelector('.bf-details')!
    await expect(getComputedStyle(root).getPropertyValue('--bf-text')).not.toBe('')
    await expect(getComputedStyle(root.querySelector('ul')!).listStyleType).toBe('none')
  },
}

/** The same, dark. */
export const StandaloneDark: Story = {
  ...StandaloneLight,
  render: (args, { loaded }) => (
    <div data-theme="dark" style={{ background: '#0b0f17', padding: 8 }}>
      <TransactionDetails {...args} details={loaded.details} entry={loaded.entry} approvalStates={loaded.approvalStates} />
    </div>
  ),
}

/**
 * Arabic, right to left: the Language toolbar's `ar` as a story global, and the component's own `locale`
 * (the stories here pin `en-US`). The details' words load the first time they are used. The component
 * sets no `dir` of its own: it reads right to left from the page (here the story's wrapper); amounts,
 * addresses, hashes and method names stay left to right.
 */
export const Arabic: Story = {
  globals: { locale: 'ar' },
  args: { variant: 'panel', locale: 'ar' },
  loaders: Erc20Transfer.loaders,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const region = await canvas.findByRole('region', { name: 'تفاصيل المعاملة' })
    await expect(region).toHaveTextContent('نجحت')
    const root = canvasElement.querySelector<HTMLElement>('.bf-details')!
    await expect(root.closest('[dir]')).toHaveAttribute('dir', 'rtl')
    await expect(getComputedStyle(root).direction).toBe('rtl')
  },
}
