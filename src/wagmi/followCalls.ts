import { getCallsStatus } from 'viem/actions'
import type { Client } from 'viem'

/** How often a bundle's status is asked while its transactions are not all known, and for how long at most. */
const CALLS_POLL_MS = 1_000
const CALLS_WAIT_MS = 10 * 60_000

/**
 * Follows an EIP-5792 bundle (`sendCalls`) of `callCount` calls: asks the wallet
 * `wallet_getCallsStatus` until it is done, and hands each transaction hash to `found` once, with
 * its index in the bundle, as soon as the wallet reports its receipt. Stops early when `signal` aborts.
 */
export async function followCalls(wallet: Client, id: string, callCount: number, found: (hash: string, index: number) => void, signal: AbortSignal): Promise<void> {
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
    if (isDone(status, callCount)) return
    await new Promise((resolve) => setTimeout(resolve, CALLS_POLL_MS))
  }
}

/**
 * Done once the wallet no longer says pending, except for a non-atomic bundle that it calls a
 * success while fewer receipts than calls are in: some wallets (wagmi's own mock among them) say
 * success at the first mined call, and the later ones would go untracked. An atomic bundle may have
 * one receipt for all its calls.
 */
function isDone(status: Awaited<ReturnType<typeof getCallsStatus>>, callCount: number): boolean {
  if (status.status === 'pending') return false
  return status.status !== 'success' || status.atomic || (status.receipts?.length ?? 0) >= callCount
}
