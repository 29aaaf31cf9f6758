import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { configure } from '@testing-library/react'
import type { ReactNode } from 'react'
import { createClient, type ClientConfig } from '../../src/core/client.js'
import { BlockfeedProvider } from '../../src/react/BlockfeedProvider.js'

// The machine runs many suites at once: wait for outcomes longer than the 1 s default (not a timing assertion).
configure({ asyncUtilTimeout: 10_000 })

/** A fetch that records every HTTP request it sends (URL and JSON-RPC methods), then forwards it. */
export function countingFetch() {
  const requests: { url: string; methods: string[] }[] = []
  const fetchFn: typeof fetch = async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
    let methods: string[] = []
    if (typeof init?.body === 'string') {
      const body = JSON.parse(init.body) as { method: string } | { method: string }[]
      methods = (Array.isArray(body) ? body : [body]).map((c) => c.method)
    }
    requests.push({ url, methods })
    return fetch(input, init)
  }
  return {
    fetch: fetchFn,
    requests,
    /** HTTP requests that carried at least one call of `method` (all requests when omitted). */
    count: (method?: string) => requests.filter((r) => method === undefined || r.methods.includes(method)).length,
    reset: () => void requests.splice(0),
  }
}

export function newQueryClient() {
  return new QueryClient({ defaultOptions: { queries: { gcTime: Infinity } } })
}

/** A fresh QueryClient and client per call, and a wrapper for renderHook/render. */
export function setup(config: Partial<ClientConfig> & { pollingIntervalMs?: number } = {}) {
  const { pollingIntervalMs = 50, ...clientConfig } = config
  const queryClient = newQueryClient()
  const client = createClient({ baseUrl: 'https://api.test', retry: false, ...clientConfig })
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <BlockfeedProvider client={client} pollingIntervalMs={pollingIntervalMs}>
        {children}
      </BlockfeedProvider>
    </QueryClientProvider>
  )
  return { queryClient, client, wrapper }
}
