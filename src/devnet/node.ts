import { http } from 'viem'

/** One JSON-RPC call to the node; calls made together are sent as one batch (viem's http transport). */
export type NodeRequest = (method: string, params?: readonly unknown[]) => Promise<unknown>

export function createNodeRequest(url: string): NodeRequest {
  const transport = http(url, { batch: { batchSize: 200, wait: 0 }, retryCount: 0, timeout: 60_000 })({
    retryCount: 0,
  }) as unknown as { request: (args: { method: string; params?: unknown }) => Promise<unknown> }
  return (method, params = []) => transport.request({ method, params })
}
