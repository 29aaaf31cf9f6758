import { fillTemplate } from '../shared/template.js'

const messages = {
  noMatchesLoaded: 'No matches in the {count} loaded',
  noMatches: 'No matches',
  notSearchedYet: 'Older transactions have not been searched yet: Load more to look further.',
  noneInHistory: 'Nothing in the whole history ({count} transactions) matches the filter.',
  noActivity: 'No activity yet',
  onlySpamSoFar: 'Only transactions flagged as possible spam were found so far; older pages remain.',
  nothingSoFar: 'Nothing was found so far; older pages remain.',
  onlySpam: 'Only transactions flagged as possible spam were found.',
  willShow: 'Transactions of this wallet will show up here.',
}

export interface FeedEmptyProps {
  /** Transactions found but hidden as possible spam. */
  hiddenCount: number
  /** More pages remain: what was found so far is not the whole history. */
  more?: boolean | undefined
  /** A filter found nothing among this many loaded transactions (a formatted count). */
  searched?: string | undefined
}

/** No row to show: says whether anything was found at all, and whether the search goes on. */
export function FeedEmpty({ hiddenCount, more = false, searched }: FeedEmptyProps) {
  if (searched !== undefined) {
    return (
      <div className="bf-feed__message" role="status">
        <p className="bf-feed__message-title">{more ? fillTemplate(messages.noMatchesLoaded, { count: searched }) : messages.noMatches}</p>
        <p className="bf-feed__message-detail">{more ? messages.notSearchedYet : fillTemplate(messages.noneInHistory, { count: searched })}</p>
      </div>
    )
  }
  const spam = hiddenCount > 0
  return (
    <div className="bf-feed__message">
      <p className="bf-feed__message-title">{messages.noActivity}</p>
      <p className="bf-feed__message-detail">
        {more ? (spam ? messages.onlySpamSoFar : messages.nothingSoFar) : spam ? messages.onlySpam : messages.willShow}
      </p>
    </div>
  )
}
