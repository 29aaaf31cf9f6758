import type { WalletHistoryFilter } from '../../core/history/filter.js'

/** The list with `value` added, or taken out when it was there. */
export const toggled = <T,>(list: readonly T[] | undefined, value: T): T[] => (list?.includes(value) ? list.filter((v) => v !== value) : [...(list ?? []), value])

/** The filter with `key` set to `value`, or left out when the value is empty. */
export function without<K extends keyof WalletHistoryFilter>(filter: WalletHistoryFilter, key: K, value: WalletHistoryFilter[K]): WalletHistoryFilter {
  const next = { ...filter }
  if (value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) delete next[key]
  else next[key] = value
  return next
}
