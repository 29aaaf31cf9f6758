import type { Translator } from '../../i18n/useMessages.js'

export interface FeedEmptyProps {
  /** Transactions found but hidden as possible spam. */
  hiddenCount: number
  /** More pages remain: what was found so far is not the whole history. */
  more?: boolean | undefined
  /** A filter found nothing among this many loaded transactions. */
  searched?: number | undefined
  t: Translator
}

/** No row to show: says whether anything was found at all, and whether the search goes on. */
export function FeedEmpty({ hiddenCount, more = false, searched, t }: FeedEmptyProps) {
  const m = t.messages.empty
  if (searched !== undefined) {
    return (
      <div className="bf-feed__message" role="status">
        <p className="bf-feed__message-title">{more ? t.plural(m.noMatchesLoaded, searched) : m.noMatches}</p>
        <p className="bf-feed__message-detail">{more ? m.notSearchedYet : t.plural(m.noneInHistory, searched)}</p>
      </div>
    )
  }
  const spam = hiddenCount > 0
  return (
    <div className="bf-feed__message">
      <p className="bf-feed__message-title">{m.noActivity}</p>
      <p className="bf-feed__message-detail">
        {more ? (spam ? m.onlySpamSoFar : m.nothingSoFar) : spam ? m.onlySpam : m.willShow}
      </p>
    </div>
  )
}
