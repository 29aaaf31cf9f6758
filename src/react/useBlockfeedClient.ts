import { QueryClientContext, type QueryClient } from '@tanstack/react-query'
import { useContext } from 'react'
import type { BlockfeedClient } from '../core/client.js'
import { BlockfeedContext, type BlockfeedContextValue } from './context.js'

const NO_PROVIDER =
  'blockfeed: no client found. Wrap your app in <BlockfeedProvider client={createClient({ baseUrl, rpc })}> (from blockfeed/react).'
const NO_QUERY_CLIENT =
  'blockfeed: no QueryClient found. Wrap your app in <QueryClientProvider client={new QueryClient()}> (from @tanstack/react-query).'

/**
 * Returns the client given to the nearest `BlockfeedProvider`, for calling an action yourself.
 *
 * @returns The `BlockfeedClient` from `createClient`, as passed to the provider's `client` prop.
 * @throws Error When no `BlockfeedProvider` is above the component; the message says what to add.
 * @remarks Reads React context only: it sends nothing and caches nothing.
 * @example
 * ```tsx
 * import { getNames } from 'blockfeed'
 * import { useBlockfeedClient } from 'blockfeed/react'
 *
 * export function NameButton() {
 *   const client = useBlockfeedClient()
 *   const lookUp = async () => {
 *     const names = await getNames(client, { addresses: ['0x70997970C51812dc3A010C7d01b50e0d17dc79C8'] })
 *     alert(names['0x70997970C51812dc3A010C7d01b50e0d17dc79C8'] ?? 'no name')
 *   }
 *   return <button onClick={() => void lookUp()}>Look up the name</button>
 * }
 * ```
 */
export function useBlockfeedClient(): BlockfeedClient {
  return useBlockfeedContext().client
}

export function useBlockfeedContext(): BlockfeedContextValue {
  const value = useContext(BlockfeedContext)
  if (!value) throw new Error(NO_PROVIDER)
  return value
}

/** The blockfeed context and the QueryClient every hook needs, with an error that says what to add. */
export function useBlockfeedQueryContext(): BlockfeedContextValue & { queryClient: QueryClient } {
  const value = useBlockfeedContext()
  const queryClient = useContext(QueryClientContext)
  if (!queryClient) throw new Error(NO_QUERY_CLIENT)
  return { ...value, queryClient }
}
