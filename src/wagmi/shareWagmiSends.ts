import type { QueryClient } from '@tanstack/query-core'
import { wagmiSendOf, type WagmiSend } from './wagmiSends.js'

type Handler = (send: WagmiSend) => void

interface Subscription {
  readonly handlers: Set<Handler>
  readonly unsubscribe: () => void
}

/** One mutation-cache subscription per QueryClient, however many feeds and hooks listen. */
const subscriptions = new WeakMap<QueryClient, Subscription>()

/**
 * Calls `handler` with each send wagmi finishes on `queryClient` (the moment its hash is known).
 * Every listener shares one subscription and each send goes to one of them (the earliest still
 * mounted), so a send is tracked once however many feeds are mounted. Returns the unsubscribe.
 */
export function onWagmiSends(queryClient: QueryClient, handler: Handler): () => void {
  let subscription = subscriptions.get(queryClient)
  if (!subscription) {
    const handlers = new Set<Handler>()
    const unsubscribe = queryClient.getMutationCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'success') return
      const send = wagmiSendOf(event.mutation)
      if (send) handlers.values().next().value?.(send)
    })
    subscription = { handlers, unsubscribe }
    subscriptions.set(queryClient, subscription)
  }
  const own = subscription
  own.handlers.add(handler)
  return () => {
    own.handlers.delete(handler)
    if (own.handlers.size > 0 || subscriptions.get(queryClient) !== own) return
    own.unsubscribe()
    subscriptions.delete(queryClient)
  }
}
