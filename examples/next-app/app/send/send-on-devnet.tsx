'use client'
import { WalletActivityFeed } from 'blockfeed/components'
import { useBlockfeedClient, useSendRawTransaction } from 'blockfeed/react'
import { useState } from 'react'
import { parseEther } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'

// DEVNET ONLY. Anvil's well-known dev key #2 (the devnet's "bob"), printed by every anvil at start:
// anyone can sign with it, so it is worthless anywhere else. A real app signs in the user's wallet.
const DEVNET_KEY = '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a'
const DEVNET_CHAIN_ID = 31337
const devnetAccount = privateKeyToAccount(DEVNET_KEY)
// Anvil's dev account #3 (the devnet's "carol").
const RECIPIENT = '0x90F79bf6EB2c4f870365E785982E1f101E93b906'

/** Signs 0.012345 ETH from bob to carol, sends it with useSendRawTransaction (which tracks it), and shows bob's feed. */
export function SendOnDevnet({ chain }: { chain: string }) {
  const client = useBlockfeedClient()
  const send = useSendRawTransaction({ chain })
  const [problem, setProblem] = useState<string | null>(null)
  if (Number(chain) !== DEVNET_CHAIN_ID) return <p>This page signs with a public dev key: it runs only against the devnet (BLOCKFEED_CHAIN=0x7a69 and BLOCKFEED_EXTRA_CHAINS=0x7a69).</p>

  async function sendOne() {
    setProblem(null)
    try {
      // The node is asked too: the key never signs for another chain, whatever the configuration says.
      const [chainId, nonce, gasPrice, tip] = await Promise.all([
        client.rpc({ method: 'eth_chainId', params: [] }, { chain }),
        client.rpc({ method: 'eth_getTransactionCount', params: [devnetAccount.address, 'pending'] }, { chain }),
        client.rpc({ method: 'eth_gasPrice', params: [] }, { chain }),
        client.rpc({ method: 'eth_maxPriorityFeePerGas', params: [] }, { chain }),
      ])
      if (Number(chainId) !== DEVNET_CHAIN_ID) throw new Error(`the node is chain ${Number(chainId)}, not the devnet`)
      const serializedTransaction = await devnetAccount.signTransaction({
        chainId: DEVNET_CHAIN_ID, type: 'eip1559', nonce: Number(nonce), to: RECIPIENT, value: parseEther('0.012345'),
        gas: 21_000n, maxFeePerGas: BigInt(gasPrice) * 2n + BigInt(tip), maxPriorityFeePerGas: BigInt(tip),
      })
      await send.mutateAsync({ serializedTransaction })
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error))
    }
  }

  return (
    <>
      <p>
        <button type="button" onClick={sendOne} disabled={send.isPending}>Send 0.012345 ETH from bob to carol</button>{' '}
        {send.data && <output data-hash={send.data}>Sent {send.data}</output>}
        {problem && <span role="alert">Not sent: {problem}</span>}
      </p>
      <WalletActivityFeed address={devnetAccount.address} chain={chain} />
    </>
  )
}
