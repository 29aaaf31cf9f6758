import type { Ref } from 'react'
import type { MainPart } from '../../i18n/types.js'
import type { Translator } from '../../i18n/useMessages.js'

export interface FiltersToggleProps {
  toggleRef: Ref<HTMLButtonElement>
  open: boolean
  onToggle: () => void
  /** Id of the chips and menus it shows and hides. */
  controls: string
  /** Filters set behind it (a date range counts once). */
  hidden: number
  messages: MainPart['filters']
  t: Translator
}

/** The folded bar's "Filters" button: shows and hides the chips and menus, and says how many are set. */
export function FiltersToggle({ toggleRef, open, onToggle, controls, hidden, messages, t }: FiltersToggleProps) {
  return (
    <button
      ref={toggleRef}
      type="button"
      className="bf-filters__toggle"
      aria-expanded={open}
      aria-controls={controls}
      data-count={hidden || undefined}
      onClick={onToggle}
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
  )
}
