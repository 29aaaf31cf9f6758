import type { Meta, StoryObj } from '@storybook/react-vite'
import { http as mswHttp, HttpResponse } from 'msw'
import { useState } from 'react'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { keccak256, parseEther, toHex } from 'viem'
import { createConfig, http, useSendTransaction, WagmiProvider } from 'wagmi'
import { connect, disconnect } from 'wagmi/actions'
import { mainnet } from 'wagmi/chains'
import { mock } from 'wagmi/connectors'
import { ConnectedWalletActivityFeed } from '../../src/wagmi/ConnectedWalletActivityFeed.js'
import { wallets } from '../../src/testing/index.js'
import { createHandlers, MOCK_RPC_URL } from '../handlers.js'

const NODE = `${MOCK_RPC_URL}/eth`

/** wagmi's config as an app writes it; the `mock` connector stands in for the user's wallet, holding the fixture wallet. */
function wagmiConfig() {
  return createConfig({
    chains: [{ ...mainnet, rpcUrls: { default: { http: [NODE] } } }],
    connectors: [mock({ accounts: [wallets.rich as `0x${string}`] })],
    transports: { [mainnet.id]: http(NODE) },
    storage: null,
  })
}

/** The wallet's `eth_sendTransaction`: the offline node takes it and answers its hash (the other methods go to the fixtures). */
const walletNode = mswHttp.post(NODE, async ({ request }) => {
  const body = (await request.clone().json()) as { id?: unknown; method?: string; params?: unknown[] }
  if (body?.method !== 'eth_sendTransaction') return undefined
  return HttpResponse.json({ jsonrpc: '2.0', id: body.id ?? null, result: keccak256(toHex(JSON.stringify(body.params) + Date.now())) })
})

/** An app with wagmi: a connect button, a send button through wagmi's hook, and the connected feed. */
function ConnectedApp() {
  const [config] = useState(wagmiConfig)
  return (
    <WagmiProvider config={config}>
      <Controls config={config} />
      <ConnectedWalletActivityFeed limit={25} timeZone="UTC" style={{ ['--bf-feed-height' as string]: '420px' }} />
    </WagmiProvider>
  )
}

function Controls({ config }: { config: ReturnType<typeof wagmiConfig> }) {
  const { sendTransaction } = useSendTransaction()
  return (
    <div style={{ display: 'flex', gap: 8, marginBlockEnd: 12 }}>
      <button type="button" onClick={() => void connect(config, { connector: config.connectors[0]! })}>
        Connect
      </button>
      <button type="button" onClick={() => sendTransaction({ to: wallets.fresh as `0x${string}`, value: parseEther('0.01') })}>
        Send 0.01 ETH
      </button>
      <button type="button" onClick={() => void disconnect(config)}>
        Disconnect
      </button>
    </div>
  )
}

const meta = {
  title: 'Feed/Connected (wagmi)',
  component: ConnectedApp,
  parameters: {
    msw: { handlers: { blockfeed: [walletNode, ...createHandlers()] } },
    docs: {
      description: {
        component:
          '`ConnectedWalletActivityFeed` from `blockfeed/wagmi`: the feed of wagmi\'s connected account and chain. Disconnected it shows one ' +
          'short line and sends nothing; connected, the wallet\'s history. A transaction sent through wagmi\'s `useSendTransaction` shows in ' +
          'the Pending group as soon as wagmi has its hash: the bridge listens to wagmi\'s mutations, the app never calls `track`.',
      },
    },
  },
} satisfies Meta<typeof ConnectedApp>

export default meta
type Story = StoryObj<typeof meta>

/** Connect, then send through wagmi: the transaction is in the Pending group at once. */
export const SendThroughWagmi: Story = {
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement)
    // In any language of the toolbar: the disconnected line is the feed's one message.
    await waitFor(() => expect(canvasElement.querySelector('.bf-feed__message')).not.toBeNull())
    await userEvent.click(canvas.getByRole('button', { name: 'Connect' }))
    await waitFor(() => expect(canvasElement.querySelectorAll('article').length).toBeGreaterThan(3), { timeout: 15_000 })
    await userEvent.click(canvas.getByRole('button', { name: 'Send 0.01 ETH' }))
    await waitFor(() => expect(canvasElement.querySelector('[data-status="pending"]')).not.toBeNull(), { timeout: 10_000 })
    // The words in English (the tests' language); in another toolbar language the row is checked above.
    if ((globals.locale ?? 'en') === 'en') {
      const group = await canvas.findByRole('group', { name: 'Pending' })
      await expect(within(group).getByText(/^Sending 0\.01 ETH/)).toBeInTheDocument()
    }
  },
}
