import { useMemo } from 'react'
import type { ChainInput } from '../../core/chains.js'
import type { TransactionEntry } from '../../core/history/schema.js'
import { useNames } from '../../react/useNames.js'

/**
 * Verified names for the parties the service left unlabelled, all loaded ones in one request,
 * by lower-case address (what `NamesContext` holds).
 */
export function useFeedNames(loaded: readonly TransactionEntry[], chain: ChainInput | undefined, enabled: boolean): ReadonlyMap<string, string> {
  const parties = useMemo(() => {
    const seen = new Set<string>()
    for (const t of loaded) {
      if (!t.from_address_label) seen.add(t.from_address.toLowerCase())
      if (t.to_address && !t.to_address_label) seen.add(t.to_address.toLowerCase())
    }
    return [...seen].sort()
  }, [loaded])
  const names = useNames({ addresses: parties, chain, enabled: enabled && parties.length > 0 })
  return useMemo(() => {
    const map = new Map<string, string>()
    for (const [address, name] of Object.entries(names.data ?? {})) if (name) map.set(address.toLowerCase(), name)
    return map
  }, [names.data])
}
