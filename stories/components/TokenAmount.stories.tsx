import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'
import { maxUint256 } from 'viem'
import { TokenAmount } from '../../src/components/TokenAmount/TokenAmount.js'
import { erc20Tokens } from '../../src/testing/index.js'

const meta = {
  title: 'Components/TokenAmount',
  component: TokenAmount,
  args: { value: '1234567890000000000', decimals: 18, symbol: 'ETH', direction: 'none' },
  argTypes: { direction: { control: 'inline-radio', options: ['in', 'out', 'self', 'none'] } },
} satisfies Meta<typeof TokenAmount>

export default meta
type Story = StoryObj<typeof meta>

export const Native18Decimals: Story = {}
export const Incoming: Story = { args: { direction: 'in', value: '250000000', decimals: 6, symbol: 'USDC' } }
export const Outgoing: Story = { args: { direction: 'out', value: '1999000000000000000000', decimals: 18, symbol: 'DAI' } }
export const ToSelf: Story = { args: { direction: 'self' } }
/** A 0-decimals token counts whole units. */
export const ZeroDecimals: Story = { args: { value: '42', decimals: 0, symbol: erc20Tokens.gold.symbol, direction: 'in' } }
/** The service's `value_formatted` is used when it is decimal text. */
export const ServiceFormatted: Story = { args: { value: '1500000', decimals: 6, formatted: '1.5', symbol: 'USDT' } }
/** uint256 max (an unlimited approval, or a spam airdrop) reads "Unlimited", never a 78-digit number. */
export const Uint256Max: Story = {
  args: { value: maxUint256.toString(), decimals: 18, symbol: 'USDC' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Unlimited')).toBeInTheDocument()
  },
}
export const OneWei: Story = { args: { value: '1', decimals: 18, symbol: 'ETH', direction: 'in' } }
export const Zero: Story = { args: { value: '0', decimals: 6, symbol: 'USDC', direction: 'out' } }
/** Without decimals the raw integer is shown, and the tooltip says so. */
export const UnknownDecimals: Story = { args: { value: '123456789', decimals: null, symbol: 'XYZ' } }
/** Symbols are untrusted text: markup stays text, zero-width characters go, long ones are clipped. */
export const HostileSymbol: Story = {
  render: (args) => (
    <div className="sb-grid">
      {[erc20Tokens.script, erc20Tokens.bidi, erc20Tokens.long].map((t) => (
        <TokenAmount key={t.key} {...args} value={`12${'0'.repeat(t.decimals)}`} decimals={t.decimals} symbol={t.symbol} />
      ))}
    </div>
  ),
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('img')).toBeNull()
    await expect(canvasElement.textContent).not.toMatch(/[\u200B-\u200D\u202A-\u202E]/)
  },
}
export const GermanLocale: Story = { args: { value: '1234567890000000000000', locale: 'de-DE', symbol: 'ETH' } }
/** As the feed's rows show it: at most 7 digits, fewer fraction digits as the whole part grows; the exact amount is the title. */
export const RowDigits: Story = {
  args: { value: '13404764499000000000000', decimals: 18, symbol: 'DAI', direction: 'in', significantDigits: 7 },
  play: async ({ canvasElement }) => {
    const amount = canvasElement.querySelector<HTMLElement>('.bf-amount')!
    await expect(amount.textContent).toBe('+13,404.76 DAI')
    await expect(amount.title).toBe('+13,404.764499 DAI')
  },
}
