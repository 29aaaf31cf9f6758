import { forwardRef, useId, useRef, useState, type CSSProperties, type HTMLAttributes, type KeyboardEvent, type ReactNode } from 'react'
import { useControllableState } from '../shared/controllable.js'
import type { FilterDirection, FilterKind, WalletHistoryFilter } from '../../core/history/filter.js'
import type { TransactionEntry } from '../../core/history/schema.js'
import { useMessages } from '../../i18n/useMessages.js'
import { FilterChips } from './FilterChips.js'
import { without } from './filterEdit.js'
import { FiltersToggle } from './FiltersToggle.js'
import { MoreFilters } from './MoreFilters.js'
import { useSearchText } from './searchText.js'

/** The props of {@link FilterBar}: the filter (controlled or not), the loaded entries it offers choices from, and DOM attributes for its `<div>`. */
export interface FilterBarProps extends Omit<HTMLAttributes<HTMLDivElement>, 'children' | 'defaultValue' | 'onChange'> {
  /**
   * Controlled filter. For a shareable link, keep it in the URL:
   * `walletHistoryFilterToSearchParams(filter)` / `walletHistoryFilterFromSearchParams(params)`.
   */
  filter?: WalletHistoryFilter | undefined
  /**
   * The filter to start with when the bar keeps its own.
   * @defaultValue `{}` (everything)
   */
  defaultFilter?: WalletHistoryFilter | undefined
  /** Called with the new filter on every change; a typed search arrives `searchDelayMs` after the last keystroke. */
  onFilterChange?: ((filter: WalletHistoryFilter) => void) | undefined
  /**
   * The loaded entries: the categories and tokens they hold are offered in the "More filters" menu.
   * @defaultValue `[]`
   */
  entries?: readonly TransactionEntry[] | undefined
  /**
   * How long, in milliseconds, to wait after the last keystroke before the search is applied (the box itself updates at once).
   * @defaultValue `200`
   */
  searchDelayMs?: number | undefined
  /**
   * A "Filters" button after the search box that shows and hides the chips and menus, for a
   * toolbar whose stylesheet folds the bar at narrow widths (the feed's toolbar does below 560 px).
   * The stylesheet keeps the button `display: none` wherever the bar is not folded.
   * @defaultValue `false`
   */
  foldable?: boolean | undefined
  /** Controls on the search box's line, after it (the feed's toolbar puts its "More" menu there). */
  children?: ReactNode
  /**
   * The bar's accessible name.
   * @defaultValue "Filter activity" in the active language
   */
  label?: string | undefined
  /**
   * The language of its words.
   * @defaultValue the provider's `locale`, else the browser's
   */
  locale?: string | undefined
  /** Class names added to the root `<div>`. */
  className?: string | undefined
  /** Inline styles for the root `<div>`. */
  style?: CSSProperties | undefined
}

const DIRECTIONS: readonly FilterDirection[] = ['in', 'out', 'self']
const KINDS: readonly FilterKind[] = ['native', 'erc20', 'nft', 'internal']

/**
 * Lets the viewer narrow a feed: chips for directions and kinds, a "More filters" menu with the
 * categories and tokens of the loaded entries and dates, and a search box.
 *
 * Controlled (`filter` and `onFilterChange`) or not (`defaultFilter`); it fetches nothing. Give its
 * filter to `useWalletHistory({ filter })` or `WalletActivityFeed`'s `filter`, which already shows one.
 *
 * @param props - {@link FilterBarProps}.
 * @returns A `<div role="group">` (`data-active` while a filter is set) holding the controls.
 * @example
 * ```tsx
 * import { useState } from 'react'
 * import type { WalletHistoryFilter } from 'blockfeed'
 * import { FilterBar, WalletActivityFeed } from 'blockfeed/components'
 *
 * export function FilteredFeed() {
 *   const [filter, setFilter] = useState<WalletHistoryFilter>({ directions: ['in'] })
 *   return (
 *     <div>
 *       <FilterBar filter={filter} onFilterChange={setFilter} />
 *       <WalletActivityFeed address="0x70997970C51812dc3A010C7d01b50e0d17dc79C8" filter={filter} showFilterBar={false} />
 *     </div>
 *   )
 * }
 * ```
 */
export const FilterBar = forwardRef<HTMLDivElement, FilterBarProps>(function FilterBar(
  { filter: filterProp, defaultFilter, onFilterChange, entries = [], searchDelayMs = 200, foldable = false, children, label: labelProp, locale, className, style, ...rest },
  ref,
) {
  const t = useMessages(locale)
  const messages = t.messages.filters
  const label = labelProp ?? messages.label
  const [filter, setFilter] = useControllableState<WalletHistoryFilter>(filterProp, defaultFilter ?? {}, onFilterChange)
  // A search applied after a pause edits the filter as it is then, not as it was at the keystroke.
  const latest = useRef(filter)
  latest.current = filter
  const change = (next: WalletHistoryFilter) => {
    latest.current = next
    setFilter(next)
  }
  const search = useSearchText(filter.search, searchDelayMs, (value) => change(without(latest.current, 'search', value)))
  const id = useId()
  const chosen = (filter.categories?.length ?? 0) + (filter.tokens?.length ?? 0)
  const dated = filter.fromDate !== undefined || filter.toDate !== undefined
  const active = Boolean(filter.directions?.length || filter.kinds?.length || chosen || filter.search?.trim() || dated)
  // What the folded bar hides behind "Filters" (the search box stays in view): a date range counts once.
  const hidden = (filter.directions?.length ?? 0) + (filter.kinds?.length ?? 0) + chosen + (dated ? 1 : 0)

  // The folded bar's panel: the chips and menus below the search box's line.
  const [panelOpen, setPanelOpen] = useState(false)
  const toggle = useRef<HTMLButtonElement>(null)
  const onPanelKey = (e: KeyboardEvent) => {
    if (e.key !== 'Escape' || !foldable || !panelOpen) return
    e.stopPropagation()
    setPanelOpen(false)
    toggle.current?.focus()
  }

  return (
    <div role="group" aria-label={label} data-active={active || undefined} {...rest} ref={ref} className={className ? `bf-filters ${className}` : 'bf-filters'} style={style}>
      <input
        type="search"
        className="bf-filters__search"
        aria-label={messages.search}
        placeholder={messages.searchPlaceholder}
        value={search.text}
        onChange={(e) => search.onSearch(e.target.value)}
      />
      {foldable && (
        <FiltersToggle toggleRef={toggle} open={panelOpen} onToggle={() => setPanelOpen(!panelOpen)} controls={`${id}-controls`} hidden={hidden} messages={messages} t={t} />
      )}
      {children}
      <div className="bf-filters__controls" id={`${id}-controls`} data-open={(foldable && panelOpen) || undefined} onKeyDown={onPanelKey}>
        <FilterChips field="directions" values={DIRECTIONS} names={messages.directions} label={messages.direction} filter={filter} onChange={change} />
        <FilterChips field="kinds" values={KINDS} names={messages.kinds} label={messages.kind} filter={filter} onChange={change} />
        <MoreFilters menuId={`${id}-menu`} filter={filter} onChange={change} entries={entries} messages={messages} t={t} />
        {active && (
          <button
            type="button"
            className="bf-button bf-button--quiet"
            onClick={() => {
              search.clear()
              change({})
            }}
          >
            {messages.clear}
          </button>
        )}
      </div>
    </div>
  )
})
