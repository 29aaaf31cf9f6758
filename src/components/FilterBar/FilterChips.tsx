import type { WalletHistoryFilter } from '../../core/history/filter.js'
import { toggled, without } from './filterEdit.js'

type ChipKey = 'directions' | 'kinds'

export interface FilterChipsProps<K extends ChipKey> {
  /** The filter field the chips set. */
  field: K
  values: readonly NonNullable<WalletHistoryFilter[K]>[number][]
  /** Each value's words. */
  names: Record<NonNullable<WalletHistoryFilter[K]>[number], string>
  label: string
  filter: WalletHistoryFilter
  onChange: (filter: WalletHistoryFilter) => void
}

/** A group of toggle chips for one filter field (directions or kinds): each pressed value is in the filter. */
export function FilterChips<K extends ChipKey>({ field, values, names, label, filter, onChange }: FilterChipsProps<K>) {
  type Value = NonNullable<WalletHistoryFilter[K]>[number]
  const chosen = filter[field] as readonly Value[] | undefined
  return (
    <div className="bf-filters__chips" role="group" aria-label={label}>
      {values.map((value) => (
        <button
          key={value}
          type="button"
          className="bf-chip"
          aria-pressed={chosen?.includes(value) ?? false}
          data-value={value}
          onClick={() => onChange(without(filter, field, toggled(chosen, value) as WalletHistoryFilter[K]))}
        >
          {names[value]}
        </button>
      ))}
    </div>
  )
}
