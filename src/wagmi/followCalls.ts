import { getCallsStatus } from 'viem/actions'
import type { Client } from 'viem'

/** How often a bundle's status is asked while its transactions are not all known, and for how long at most. */
const CALLS_POLL_MS = 1_000
const CALLS_WAIT_MS = 10 * 60_000

/**
 * Follows an EIP-5792 bundle (`sendCalls`): asks the wallet `wallet_getCallsStatus` until it is no
 * longer pending, and hands each transaction hash to `found` once, with its index in the bundle,
 * as soon as the wallet reports its receipt. Stops early when `signal` aborts.
 */
export async function followCalls(wallet: Client, id: string, found: (hash: string, index: number) => void, signal: AbortSignal): Promise<void> {
  const seen = new Set<string>()
  const until = Date.now() + CALLS_WAIT_MS
  while (!signal.aborted && Date.now() < until) {
    const status = await getCallsStatus(wallet, { id })
    status.receipts?.forEach((receipt, index) => {
      const hash = receipt.transactionHash.toLowerCase()
      if (seen.has(hash)) return
      seen.add(hash)
      found(hash, index)
    })
    if (status.status !== 'pending') return
    await new Promise((resolve) => setTimeout(resolve, CALLS_POLL_MS))
  }
}
