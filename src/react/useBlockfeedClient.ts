import { QueryClientContext, type QueryClient } from '@tanstack/react-query'
import { useContext } from 'react'
import type { BlockfeedClient } from '../core/client.js'
import { BlockfeedContext, type BlockfeedContextValue } from './context.js'

const NO_PROVIDER =
  'blockfeed: no client found. Wrap your app in <BlockfeedProvider client={createClient({ baseUrl, rpc })}> (from blockfeed/react).'
const NO_QUERY_CLIENT =
  'blockfeed: no QueryClient found. Wrap your app in <QueryClientProvider client={new QueryClient()}> (from @tanstack/react-query).'

/** The client given to the nearest `BlockfeedProvider`. */
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
