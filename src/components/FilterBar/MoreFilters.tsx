import { lazy, Suspense, useRef, useState, type KeyboardEvent } from 'react'
import type { WalletHistoryFilter } from '../../core/history/filter.js'
import type { TransactionEntry } from '../../core/history/schema.js'
import type { MainPart } from '../../i18n/types.js'
import type { Translator } from '../../i18n/useMessages.js'
import { without } from './filterEdit.js'

// The menu (dates, categories, tokens) is not on the first screen: it loads when the pointer or
// focus reaches its button, before the click that opens it.
const loadFilterMenu = () => import('./FilterMenu.js')
const FilterMenu = lazy(loadFilterMenu)

export interface MoreFiltersProps {
  /** Id of the menu its button controls. */
  menuId: string
  filter: WalletHistoryFilter
  onChange: (filter: WalletHistoryFilter) => void
  entries: readonly TransactionEntry[]
  messages: MainPart['filters']
  t: Translator
}

/** "More filters": a button that opens the menu of dates and the loaded entries' categories and tokens; Escape closes it. */
export function MoreFilters({ menuId, filter, onChange, entries, messages, t }: MoreFiltersProps) {
  const [open, setOpen] = useState(false)
  const menuButton = useRef<HTMLButtonElement>(null)
  const onMenuKey = (e: KeyboardEvent) => {
    if (e.key !== 'Escape') return
    e.stopPropagation()
    setOpen(false)
    menuButton.current?.focus()
  }
  const chosen = (filter.categories?.length ?? 0) + (filter.tokens?.length ?? 0)
  return (
    <div className="bf-filters__menu" onKeyDown={onMenuKey}>
      <button ref={menuButton} type="button" className="bf-chip" aria-expanded={open} aria-controls={menuId} onClick={() => setOpen(!open)} onPointerEnter={loadFilterMenu} onFocus={loadFilterMenu}>
        {chosen ? t.format(messages.moreFiltersChosen, { count: chosen }) : messages.moreFilters}
      </button>
      {open && (
        <Suspense fallback={null}>
          <FilterMenu id={menuId} filter={filter} entries={entries} set={(key, value) => onChange(without(filter, key, value))} messages={messages} />
        </Suspense>
      )}
    </div>
  )
}
