import { forwardRef, lazy, Suspense, useEffect, useId, useRef, useState, type CSSProperties, type HTMLAttributes, type KeyboardEvent, type ReactNode } from 'react'
import { useControllableState } from '../shared/controllable.js'
import type { FilterDirection, FilterKind, WalletHistoryFilter } from '../../core/history/filter.js'
import type { TransactionEntry } from '../../core/history/schema.js'
import { useMessages } from '../../i18n/useMessages.js'
import { toggled, without } from './filterEdit.js'

// The "More filters" menu (dates, categories, tokens) is not on the first screen: it loads when the
// pointer or focus reaches its button, before the click that opens it.
const loadFilterMenu = () => import('./FilterMenu.js')
const FilterMenu = lazy(loadFilterMenu)

export interface FilterBarProps extends Omit<HTMLAttributes<HTMLDivElement>, 'children' | 'defaultValue' | 'onChange'> {
  /**
   * Controlled filter. For a shareable link, keep it in the URL:
   * `walletHistoryFilterToSearchParams(filter)` / `walletHistoryFilterFromSearchParams(params)`.
   */
  filter?: WalletHistoryFilter | undefined
  /** Starting filter when uncontrolled. */
  defaultFilter?: WalletHistoryFilter | undefined
  /** Every change; a typed search arrives `searchDelayMs` after the last keystroke. */
  onFilterChange?: ((filter: WalletHistoryFilter) => void) | undefined
  /** Loaded entries: the categories and tokens they hold are offered in the "More filters" menu. */
  entries?: readonly TransactionEntry[] | undefined
  /** Wait after the last keystroke before the search is applied (the box itself updates at once). */
  searchDelayMs?: number | undefined
  /**
   * A "Filters" button after the search box that shows and hides the chips and menus, for a
   * toolbar whose stylesheet folds the bar at narrow widths (the feed's toolbar does below 560 px).
   * The stylesheet keeps the button `display: none` wherever the bar is not folded.
   */
  foldable?: boolean | undefined
  /** Controls on the search box's line, after it (the feed's toolbar puts its "More" menu there). */
  children?: ReactNode
  /** Accessible name of the bar. */
  label?: string | undefined
  /** The language of its words (default: the provider's, else the browser's). */
  locale?: string | undefined
  className?: string | undefined
  style?: CSSProperties | undefined
}

const DIRECTIONS: readonly FilterDirection[] = ['in', 'out', 'self']
const KINDS: readonly FilterKind[] = ['native', 'erc20', 'nft', 'internal']

/**
 * A compact filter bar, presentational: chips for directions and kinds, a "More filters" menu
 * with the categories and tokens of the loaded entries, dates, and a search box. Controlled
 * (`filter` + `onFilterChange`) or not (`defaultFilter`); it fetches nothing.
 */
export const FilterBar = forwardRef<HTMLDivElement, FilterBarProps>(function FilterBar(
  { filter: filterProp, defaultFilter, onFilterChange, entries = [], searchDelayMs = 200, foldable = false, children, label: labelProp, locale, className, style, ...rest },
  ref,
) {
  const t = useMessages(locale)
  const messages = t.messages.filters
  const label = labelProp ?? messages.label
  const [filter, setFilter] = useControllableState<WalletHistoryFilter>(filterProp, defaultFilter ?? {}, onFilterChange)
  const latest = useRef(filter)
  latest.current = filter
  const change = (next: WalletHistoryFilter) => {
    latest.current = next
    setFilter(next)
  }

  // The box shows each keystroke at once; the filter follows when typing pauses.
  const [text, setText] = useState(filter.search ?? '')
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const pending = useRef(false)
  useEffect(() => {
    if (!pending.current) setText(filter.search ?? '')
  }, [filter.search])
  useEffect(() => () => clearTimeout(timer.current), [])
  const onSearch = (value: string) => {
    setText(value)
    pending.current = true
    clearTimeout(timer.current)
    timer.current = setTimeout(() => {
      pending.current = false
      change(without(latest.current, 'search', value))
    }, searchDelayMs)
  }

  const [open, setOpen] = useState(false)
  const menuButton = useRef<HTMLButtonElement>(null)
  const id = useId()
  const onMenuKey = (e: KeyboardEvent) => {
    if (e.key !== 'Escape') return
    e.stopPropagation()
    setOpen(false)
    menuButton.current?.focus()
  }
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

  const chip = <T extends string>(key: 'directions' | 'kinds', value: T, name: string) => {
    const on = (filter[key] as readonly string[] | undefined)?.includes(value) ?? false
    return (
      <button
        key={value}
        type="button"
        className="bf-chip"
        aria-pressed={on}
        data-value={value}
        onClick={() => change(without(filter, key, toggled(filter[key] as readonly T[] | undefined, value) as WalletHistoryFilter[typeof key]))}
      >
        {name}
      </button>
    )
  }

  return (
    <div {...rest} ref={ref} role="group" aria-label={label} className={className ? `bf-filters ${className}` : 'bf-filters'} style={style} data-active={active || undefined}>
      <input
        type="search"
        className="bf-filters__search"
        aria-label={messages.search}
        placeholder={messages.searchPlaceholder}
        value={text}
        onChange={(e) => onSearch(e.target.value)}
      />
      {foldable && (
        <button
          ref={toggle}
          type="button"
          className="bf-filters__toggle"
          aria-expanded={panelOpen}
          aria-controls={`${id}-controls`}
          data-count={hidden || undefined}
          onClick={() => setPanelOpen(!panelOpen)}
        >
          <svg className="bf-icon" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
            <path d="M2 4h12M4 8h8M6 12h4" />
          </svg>
          {hidden > 0 ? (
            <>
              {/* Seen as "Filters ②", heard as one phrase. */}
              <span aria-hidden="true">{messages.filters}</span>
              <span className="bf-filters__count" aria-hidden="true">
                {hidden}
              </span>
              <span className="bf-visually-hidden">{t.plural(messages.filtersActive, hidden)}</span>
            </>
          ) : (
            messages.filters
          )}
        </button>
      )}
      {children}
      <div className="bf-filters__controls" id={`${id}-controls`} data-open={(foldable && panelOpen) || undefined} onKeyDown={onPanelKey}>
        <div className="bf-filters__chips" role="group" aria-label={messages.direction}>
          {DIRECTIONS.map((v) => chip('directions', v, messages.directions[v]))}
        </div>
        <div className="bf-filters__chips" role="group" aria-label={messages.kind}>
          {KINDS.map((v) => chip('kinds', v, messages.kinds[v]))}
        </div>
        <div className="bf-filters__menu" onKeyDown={onMenuKey}>
          <button ref={menuButton} type="button" className="bf-chip" aria-expanded={open} aria-controls={`${id}-menu`} onClick={() => setOpen(!open)} onPointerEnter={loadFilterMenu} onFocus={loadFilterMenu}>
            {chosen ? t.format(messages.moreFiltersChosen, { count: chosen }) : messages.moreFilters}
          </button>
          {open && (
            <Suspense fallback={null}>
              <FilterMenu id={`${id}-menu`} filter={filter} entries={entries} set={(key, value) => change(without(filter, key, value))} messages={messages} />
            </Suspense>
          )}
        </div>
        {active && (
          <button
            type="button"
            className="bf-button bf-button--quiet"
            onClick={() => {
              clearTimeout(timer.current)
              pending.current = false
              setText('')
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
