import type { Translator } from '../../i18n/useMessages.js'

export interface SearchNoteProps {
  /** Transactions the filter kept. */
  matches: number
  /** Entries the filter looked at. */
  loaded: number
  /** Older pages remain, not searched yet. */
  more: boolean
  t: Translator
}

/** How far a filter looked: the loaded entries only, and whether older pages remain. */
export function SearchNote({ matches, loaded, more, t }: SearchNoteProps) {
  const m = t.messages.feed
  return (
    <p className="bf-feed__note" role="status">
      {t.format(more ? m.olderNotSearched : m.wholeHistory, {
        matches: t.plural(loaded === 1 ? m.matchesInOne : m.matches, matches, { loaded }),
      })}
    </p>
  )
}
