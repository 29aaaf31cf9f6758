import { createContext, useContext } from 'react'

/**
 * Verified names (forward-checked primary names) by lower-case address, given by the drop-in feed
 * to every `Address` below it. Presentational parts read it; they never fetch names themselves.
 */
export const NamesContext = createContext<ReadonlyMap<string, string> | null>(null)

/** The verified name of `address`, if the nearest provider knows one. */
export function useVerifiedName(address: string): string | undefined {
  return useContext(NamesContext)?.get(address.toLowerCase())
}
