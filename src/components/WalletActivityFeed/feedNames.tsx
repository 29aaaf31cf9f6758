import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react'
import type { ChainInput } from '../../core/chains.js'
import type { Names } from '../../core/details/names.js'
import type { TransactionEntry } from '../../core/history/schema.js'
import { useMounted } from '../shared/mounted.js'

// The names lookup (ENS through the node, its safety checks and its query) is a chunk of its own,
// loaded once a row shows an address: the first screen draws the addresses without it, as it does
// while names are being read.
const FeedNamesReader = lazy(() => import('./feedNamesReader.js'))

/**
 * Verified names for the parties the service left unlabelled, all loaded ones in one request,
 * by lower-case address (what `NamesContext` holds), and the element that reads them (render it
 * anywhere in the feed: it draws nothing, and waits for the first client render, so it never
 * suspends server rendering or hydration).
 */
export function useFeedNames(loaded: readonly TransactionEntry[], chain: ChainInput | undefined, enabled: boolean): { names: ReadonlyMap<string, string>; reader: ReactNode } {
  const parties = useMemo(() => {
    const seen = new Set<string>()
    for (const t of loaded) {
      if (!t.from_address_label) seen.add(t.from_address.toLowerCase())
      if (t.to_address && !t.to_address_label) seen.add(t.to_address.toLowerCase())
    }
    return [...seen].sort()
  }, [loaded])
  const [data, setData] = useState<Names | undefined>(undefined)
  const on = enabled && parties.length > 0
  const mounted = useMounted()
  const names = useMemo(() => {
    const map = new Map<string, string>()
    if (on) for (const [address, name] of Object.entries(data ?? {})) if (name) map.set(address.toLowerCase(), name)
    return map
  }, [data, on])
  const reader = on && mounted ? (
    <Suspense fallback={null}>
      <FeedNamesReader addresses={parties} chain={chain} onData={setData} />
    </Suspense>
  ) : null
  return { names, reader }
}
