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

const post = (nodeUrl: string, body: unknown): Promise<unknown> =>
  fetch(nodeUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
    .then((r) => r.json())
    .catch(() => undefined)

/**
 * Resolves once the node has a receipt for every hash, or after `limitMs`. At once when the node
 * does not mine each transaction as it comes (automine off: a transaction held in the pool, or
 * blocks on a timer), as an app's pending transaction is then meant to stay pending.
 */
export async function untilMined(nodeUrl: string, hashes: string[], limitMs = 10_000): Promise<void> {
  if (hashes.length === 0) return
  const automine = (await post(nodeUrl, { jsonrpc: '2.0', id: 0, method: 'anvil_getAutomine' })) as { result?: unknown } | undefined
  if (automine?.result !== true) return
  const until = Date.now() + limitMs
  let waiting = hashes
  while (waiting.length > 0 && Date.now() < until) {
    const replies = (await post(nodeUrl, waiting.map((hash, id) => ({ jsonrpc: '2.0', id, method: 'eth_getTransactionReceipt', params: [hash] })))) as { id: number; result?: unknown }[] | undefined
    const mined = new Set(Array.isArray(replies) ? replies.filter((r) => r?.result).map((r) => r.id) : [])
    waiting = waiting.filter((_, id) => !mined.has(id))
    if (waiting.length > 0) await new Promise((r) => setTimeout(r, 20))
  }
}
