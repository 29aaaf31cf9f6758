import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'
import { PendingTransactions } from '../../src/components/PendingTransactions/PendingTransactions.js'
import type { TrackedTransaction } from '../../src/core/live/record.js'
import { liveRecords, liveTokens, usdcReceiptLogs } from './liveFixtures.js'

const meta = {
  title: 'Feed/Live: your own transactions',
  component: PendingTransactions,
  args: { records: [liveRecords.pending], tokens: liveTokens, chain: 'eth', onSendAgain: fn(), onDismiss: fn() },
  parameters: {
    docs: {
      description: {
        component:
          'The "Pending" group the feed shows above its indexed rows: the user’s own transactions from the moment they are tracked, ' +
          'with their status (`data-status`, text, a polite live-region announcement), until the history API returns the same hash. ' +
          'Fixture records signed with viem; no chain needed.',
      },
    },
  },
} satisfies Meta<typeof PendingTransactions>

export default meta
type Story = StoryObj<typeof meta>

const item = (canvasElement: HTMLElement) => canvasElement.querySelector<HTMLElement>('.bf-pending__item')!

/** Just sent: what it does, decoded from the signed transaction's calldata. */
export const Pending: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('group', { name: 'Pending' })).toBeInTheDocument()
    await expect(item(canvasElement)).toHaveAttribute('data-status', 'pending')
    await expect(canvas.getByText('Sending 25 USDC to 0x3C44…93BC')).toBeInTheDocument()
    await expect(item(canvasElement).querySelector('.bf-pending__status')).toHaveTextContent('Sending')
  },
}

/** Mined, 3 of the chain’s 12 confirmations. */
export const Confirming: Story = {
  args: { records: [liveRecords.confirming], receipts: new Map([[liveRecords.confirming.hash, usdcReceiptLogs]]) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(item(canvasElement)).toHaveAttribute('data-confirmations', '3')
    await expect(canvas.getByText('3 of 12 confirmations')).toBeInTheDocument()
    // What the receipt's Transfer log moved, said once in the trailing column, as an indexed row says it.
    await expect(item(canvasElement).querySelector('.bf-row__trailing .bf-amount[data-direction="out"]')).toHaveTextContent(/\u221225\s*USDC/)
  },
}

/** Final, not yet indexed. */
export const Confirmed: Story = {
  args: { records: [liveRecords.confirmed] },
  play: async ({ canvasElement }) => {
    await expect(item(canvasElement)).toHaveAttribute('data-status', 'confirmed')
    await expect(within(canvasElement).getByText('Confirmed')).toBeInTheDocument()
  },
}

/** The whole path: pending → confirming → confirmed (announced) → indexed (its row takes its place). */
function FromPendingToIndexed() {
  const steps: { label: string; records: TrackedTransaction[]; indexed: { hash: string }[] }[] = [
    { label: 'Mine a block', records: [liveRecords.pending], indexed: [] },
    { label: 'Confirm', records: [liveRecords.confirming], indexed: [] },
    { label: 'Index', records: [liveRecords.confirmed], indexed: [] },
    { label: 'Done', records: [liveRecords.confirmed], indexed: [{ hash: liveRecords.confirmed.hash }] },
  ]
  const [step, setStep] = useState(0)
  const current = steps[step]!
  return (
    <div>
      <button type="button" onClick={() => setStep((s) => Math.min(s + 1, steps.length - 1))} disabled={step === steps.length - 1}>
        {current.label}
      </button>
      <PendingTransactions records={current.records} indexed={current.indexed} tokens={liveTokens} chain="eth" />
      {current.indexed.length > 0 && <p data-testid="indexed-row">Indexed row: Sent 25 USDC</p>}
    </div>
  )
}

export const ConfirmedThenIndexed: Story = {
  render: () => <FromPendingToIndexed />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const status = canvas.getByRole('status')
    await expect(status).toHaveTextContent('')
    await userEvent.click(canvas.getByRole('button', { name: 'Mine a block' }))
    await waitFor(() => expect(status).toHaveTextContent('Transaction confirmed'))
    await expect(canvas.getByText('Confirming')).toBeInTheDocument()
    await userEvent.click(canvas.getByRole('button', { name: 'Confirm' }))
    await expect(canvas.getByText('Confirmed')).toBeInTheDocument()
    await userEvent.click(canvas.getByRole('button', { name: 'Index' }))
    // The indexed row took its place: the pending group is gone, the row is there once.
    await waitFor(() => expect(canvas.queryByRole('group', { name: 'Pending' })).toBeNull())
    await expect(canvas.getAllByTestId('indexed-row')).toHaveLength(1)
  },
}

/** Mined with status 0. */
export const Failed: Story = {
  args: { records: [liveRecords.failed] },
  play: async ({ canvasElement }) => {
    await expect(item(canvasElement)).toHaveAttribute('data-status', 'failed')
    await expect(within(canvasElement).getByText('Failed')).toBeInTheDocument()
  },
}

/** Its nonce was taken by another transaction (sped up or cancelled in the wallet). */
export const Replaced: Story = {
  args: { records: [liveRecords.replaced] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(item(canvasElement)).toHaveAttribute('data-status', 'replaced')
    const link = canvas.getByRole('link', { name: new RegExp(`^${liveRecords.replaced.replacedBy!.slice(0, 10)}…`) })
    await expect(link).toHaveAttribute('href', `https://etherscan.io/tx/${liveRecords.replaced.replacedBy}`)
    await expect(item(canvasElement)).toHaveTextContent(/Replaced.*by 0x/)
  },
}

/** A replaced or dropped row can be dismissed: "Dismiss" calls back with the record (the feed's group removes it from the tracker). */
export const Dismiss: Story = {
  args: { records: [liveRecords.replaced] },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole('button', { name: /^Dismiss / }))
    await expect(args.onDismiss).toHaveBeenCalledWith(liveRecords.replaced)
  },
}

/** The node forgot it while its nonce stayed unused: "Send again" calls back with the signed transaction. */
export const Dropped: Story = {
  args: { records: [liveRecords.dropped] },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(item(canvasElement)).toHaveAttribute('data-status', 'dropped')
    await userEvent.click(canvas.getByRole('button', { name: 'Send again' }))
    await expect(args.onSendAgain).toHaveBeenCalledWith(liveRecords.dropped.raw, liveRecords.dropped)
  },
}

/** Every state at once, newest first, as a busy wallet would see it. */
export const AllStates: Story = {
  args: { records: Object.values(liveRecords) },
  play: async ({ canvasElement }) => {
    const statuses = [...canvasElement.querySelectorAll('.bf-pending__item')].map((e) => e.getAttribute('data-status'))
    await expect(statuses).toEqual(['pending', 'confirmed', 'confirmed', 'failed', 'replaced', 'dropped'])
  },
}

const everyStatus = [liveRecords.pending, liveRecords.confirming, { ...liveRecords.confirmed, hash: `0x${'c0'.repeat(32)}` as const }, liveRecords.failed, liveRecords.replaced, liveRecords.dropped]

/** Used on its own (no feed around it), every status, light: themed by its own root. */
export const EveryStatusLight: Story = {
  args: { records: everyStatus },
  render: (args) => <div data-theme="light" style={{ background: '#fff', padding: 8 }}><PendingTransactions {...args} /></div>,
  play: async ({ canvasElement }) => {
    const statuses = [...canvasElement.querySelectorAll('.bf-pending__status')].map((e) => e.textContent)
    await expect(statuses).toEqual(['Sending', 'Confirming', 'Confirmed', 'Failed', 'Replaced', 'Dropped'])
    await expect(getComputedStyle(canvasElement.querySelector('.bf-pending')!).getPropertyValue('--bf-text')).not.toBe('')
  },
}

/** The same, dark. */
export const EveryStatusDark: Story = {
  args: { records: everyStatus },
  render: (args) => <div data-theme="dark" style={{ background: '#0b0f17', padding: 8 }}><PendingTransactions {...args} /></div>,
  play: EveryStatusLight.play,
}

// The confirming record under a hash of its own (the fixtures' pending and confirming records share one).
const confirmingElsewhere = { ...liveRecords.confirming, hash: `0x${'c1'.repeat(32)}` as const }

/**
 * Arabic, right to left (the Language toolbar's `ar`, as a story global), every status: the group's words
 * load the first time they are used. The group sets no `dir` of its own: it reads right to left from the
 * page (here the story's wrapper); amounts, addresses and hashes stay left to right.
 */
export const Arabic: Story = {
  globals: { locale: 'ar' },
  // Every status once, each under its own hash.
  args: {
    records: [liveRecords.pending, confirmingElsewhere, ...everyStatus.slice(2)],
    receipts: new Map([[confirmingElsewhere.hash, usdcReceiptLogs]]),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(await canvas.findByRole('group', { name: 'قيد الانتظار' })).toBeInTheDocument()
    const statuses = () => [...canvasElement.querySelectorAll('.bf-pending__status')].map((e) => e.textContent)
    await waitFor(() => expect(statuses()).toEqual(['جارٍ الإرسال', 'جارٍ التأكيد', 'تم التأكيد', 'فشلت', 'تم الاستبدال', 'تم الإسقاط']))
    await expect(canvas.getByRole('button', { name: 'إعادة الإرسال' })).toBeVisible()
    // The wrapper takes its direction from the language once its words are in: wait for that state.
    await waitFor(() => {
      const root = canvasElement.querySelector<HTMLElement>('.bf-pending')!
      expect(root.closest('[dir]')).toHaveAttribute('dir', 'rtl')
      expect(getComputedStyle(root).direction).toBe('rtl')
    })
  },
}
