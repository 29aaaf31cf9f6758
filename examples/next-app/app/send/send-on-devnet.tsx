'use client'
import { ConnectedWalletActivityFeed } from 'blockfeed/wagmi'
import { defineChain, parseEther } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { createConfig, http, useSendTransaction, WagmiProvider } from 'wagmi'
import { mock } from 'wagmi/connectors'

// DEVNET ONLY. Anvil's well-known dev key #2 (the devnet's "bob"), printed by every anvil at start:
// anyone can sign with it, so it is worthless anywhere else. A real app signs in the user's wallet.
const DEVNET_KEY = '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a'
const DEVNET_CHAIN_ID = 31337
const devnetAccount = privateKeyToAccount(DEVNET_KEY)
// Anvil's dev account #3 (the devnet's "carol").
const RECIPIENT = '0x90F79bf6EB2c4f870365E785982E1f101E93b906'

// The devnet for wagmi, read through the app's own proxy route (the node's URL stays on the server).
const devnet = defineChain({
  id: DEVNET_CHAIN_ID,
  name: 'Devnet',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['/api/blockfeed/rpc'] } },
})
// wagmi's mock connector stands in for the user's wallet and connects bob on load. A real app lists
// its wallets here (injected(), walletConnect(…)) and sends without `account`: the wallet signs.
const wagmiConfig = createConfig({
  chains: [devnet],
  connectors: [mock({ accounts: [devnetAccount.address], features: { defaultConnected: true, reconnect: true } })],
  transports: { [devnet.id]: http('/api/blockfeed/rpc') },
  ssr: true,
})

/** Sends 0.012345 ETH from bob to carol through wagmi, and shows the connected wallet's feed. */
export function SendOnDevnet({ chain }: { chain: string }) {
  if (Number(chain) !== DEVNET_CHAIN_ID) return <p>This page signs with a public dev key: it runs only against the devnet (BLOCKFEED_CHAIN=0x7a69 and BLOCKFEED_EXTRA_CHAINS=0x7a69).</p>
  return (
    <WagmiProvider config={wagmiConfig}>
      <SendAndWatch />
    </WagmiProvider>
  )
}

function SendAndWatch() {
  const send = useSendTransaction()
  // The key signs here (a local account: the proxy forwards eth_sendRawTransaction, never eth_sendTransaction),
  // always for the devnet's chain id, so the signature is good on no other chain.
  const sendOne = () => send.mutate({ account: devnetAccount, chainId: DEVNET_CHAIN_ID, to: RECIPIENT, value: parseEther('0.012345') })
  const problem = send.error && ('shortMessage' in send.error ? send.error.shortMessage : send.error.message)

  return (
    <>
      <p>
        <button type="button" onClick={sendOne} disabled={send.isPending}>Send 0.012345 ETH from bob to carol</button>{' '}
        {send.data && <output data-hash={send.data}>Sent {send.data}</output>}
        {problem && <span role="alert">Not sent: {problem}</span>}
      </p>
      {/* No `track` call: the feed picks up what wagmi sends, in its Pending group as soon as wagmi has the hash. */}
      <ConnectedWalletActivityFeed />
    </>
  )
}
