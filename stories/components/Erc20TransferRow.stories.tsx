import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect } from 'storybook/test'
import { maxUint256 } from 'viem'
import { Erc20TransferRow } from '../../src/components/Erc20TransferRow/Erc20TransferRow.js'
import type { Erc20Transfer } from '../../src/exports/index.js'
import { erc20Tokens, wallets } from '../../src/testing/index.js'
import { entryOfKind, fixtureEntries } from '../support/data.js'

const richEth = fixtureEntries('rich', 'eth')
/** The first fixture transfer of a token (by symbol), normalized. */
function transferOf(symbol: string, where: (t: Erc20Transfer) => boolean = () => true): Erc20Transfer {
  for (const tx of richEth) {
    const hit = tx.erc20_transfer.find((t) => t.token_symbol === symbol && where(t))
    if (hit) return hit
  }
  throw new Error(`no ${symbol} transfer in the fixtures`)
}
const positive = (t: Erc20Transfer) => t.value !== '0'

const meta = {
  title: 'Components/Erc20TransferRow',
  component: Erc20TransferRow,
  args: { transfer: transferOf('USDC', positive), wallet: wallets.rich, chain: 'eth' },
} satisfies Meta<typeof Erc20TransferRow>

export default meta
type Story = StoryObj<typeof meta>

/** 6 decimals, with a logo. */
export const Usdc6Decimals: Story = {}
export const Dai18Decimals: Story = { args: { transfer: transferOf('DAI', positive) } }
/** 0 decimals, and no logo (null): a placeholder is drawn. */
export const ZeroDecimalsNoLogo: Story = { args: { transfer: transferOf(erc20Tokens.gold.symbol) } }
/** The logo field is missing altogether. */
export const MissingLogoField: Story = { args: { transfer: transferOf('LINK') } }
export const Incoming: Story = { args: { transfer: entryOfKind('erc20In').erc20_transfer[0]! } }
export const Outgoing: Story = { args: { transfer: entryOfKind('erc20Out').erc20_transfer[0]! } }
/** Possible spam: marked, and its logo is not loaded. */
export const Spam: Story = {
  args: { transfer: transferOf(erc20Tokens.claim.symbol) },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('img[src*="claim"]')).toBeNull()
  },
}
/** A spam airdrop of uint256-max tokens, sent by the service as a bare JSON number and read exactly. */
export const Uint256MaxAmount: Story = {
  args: { transfer: transferOf(erc20Tokens.claim.symbol, (t) => t.value === maxUint256.toString()) },
}
/** Address poisoning: a zero-value transfer to a lookalike of a friend. */
export const ZeroValuePoisoning: Story = { args: { transfer: entryOfKind('poisoning').erc20_transfer[0]! } }
/** `<script>` name, markup symbol, `javascript:` logo: all shown as text, nothing loaded or run. */
export const HostileMarkup: Story = {
  args: { transfer: transferOf(erc20Tokens.script.symbol) },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('script, img[src^="javascript"]')).toBeNull()
  },
}
/** Bidi override and zero-width characters in the name; an `http:` logo (refused: https only). */
export const BidiAndZeroWidth: Story = {
  args: { transfer: transferOf(erc20Tokens.bidi.symbol) },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.textContent).not.toMatch(/[\u200B-\u200D\u202A-\u202E]/)
    await expect(canvasElement.querySelector('img[src^="http:"]')).toBeNull()
  },
}
/** A 300-character name and an `ipfs://` logo (rewritten to the gateway). */
export const VeryLongName: Story = { args: { transfer: transferOf(erc20Tokens.long.symbol) } }
