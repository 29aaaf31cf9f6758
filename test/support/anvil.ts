import { launchAnvil, type AnvilProcess } from '../../src/devnet/anvil.js'

export type Anvil = AnvilProcess

/**
 * A fresh anvil on a free port for one test file, found the way `blockfeed devnet` finds it
 * (ANVIL_PATH, PATH, then the `@foundry-rs/anvil-linux-amd64` package).
 */
export function startAnvil(args: string[] = []): Promise<Anvil> {
  return launchAnvil({ args })
}

/**
 * The receipt of `hash` once the node has it, read every 20 ms (up to 30 s). Not viem's
 * `waitForTransactionReceipt`: when its first read comes just before anvil has mined the
 * transaction, it waits for a next block, which an automining anvil never makes unasked.
 */
export async function minedReceipt<T>(node: { getTransactionReceipt: (args: { hash: `0x${string}` }) => Promise<T> }, hash: `0x${string}`): Promise<T> {
  const until = Date.now() + 30_000
  for (;;) {
    try {
      return await node.getTransactionReceipt({ hash })
    } catch (error) {
      if ((error as { name?: string }).name !== 'TransactionReceiptNotFoundError' || Date.now() > until) throw error
    }
    await new Promise((r) => setTimeout(r, 20))
  }
}
