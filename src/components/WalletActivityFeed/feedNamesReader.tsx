import { useEffect } from 'react'
import type { ChainInput } from '../../core/chains.js'
import type { Names } from '../../core/details/names.js'
import { useNames } from '../../react/useNames.js'

/** Reads the names of `addresses` (one query) and hands each result to `onData`; draws nothing. */
export default function FeedNamesReader({ addresses, chain, onData }: { addresses: readonly string[]; chain: ChainInput | undefined; onData: (names: Names | undefined) => void }) {
  const names = useNames({ addresses, chain, enabled: addresses.length > 0 })
  useEffect(() => onData(names.data), [names.data, onData])
  return null
}
