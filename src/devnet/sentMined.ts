/**
 * anvil answers `eth_sendRawTransaction` with the hash before it has mined the block. The devnet
 * promises an app that a transaction it sent is in the history once the send is answered, so the
 * relay waits here for each sent transaction's receipt first.
 */

/** The hashes a batch's `eth_sendRawTransaction` calls were answered with (by their ids). */
export function sentHashes(calls: unknown, answers: unknown): string[] {
  const list = (x: unknown) => (Array.isArray(x) ? x : [x]) as { id?: unknown; method?: unknown; result?: unknown }[]
  const ids = new Set(list(calls).filter((c) => c?.method === 'eth_sendRawTransaction').map((c) => c.id))
  return list(answers).flatMap((a) => (a && ids.has(a.id) && typeof a.result === 'string' ? [a.result] : []))
}

/** Resolves once the node has a receipt for every hash, or after `limitMs` (a node that does not mine on its own). */
export async function untilMined(nodeUrl: string, hashes: string[], limitMs = 10_000): Promise<void> {
  const until = Date.now() + limitMs
  let waiting = hashes
  while (waiting.length > 0 && Date.now() < until) {
    const body = JSON.stringify(waiting.map((hash, id) => ({ jsonrpc: '2.0', id, method: 'eth_getTransactionReceipt', params: [hash] })))
    const replies = (await fetch(nodeUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
      .then((r) => r.json())
      .catch(() => [])) as { id: number; result?: unknown }[]
    const mined = new Set(Array.isArray(replies) ? replies.filter((r) => r?.result).map((r) => r.id) : [])
    waiting = waiting.filter((_, id) => !mined.has(id))
    if (waiting.length > 0) await new Promise((r) => setTimeout(r, 20))
  }
}
