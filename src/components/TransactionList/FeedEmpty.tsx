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
        <p className="bf-feed__message-title">{more ? `No matches in the ${searched} loaded` : 'No matches'}</p>
        <p className="bf-feed__message-detail">
          {more ? 'Older transactions have not been searched yet: Load more to look further.' : `Nothing in the whole history (${searched} transactions) matches the filter.`}
        </p>
      </div>
    )
  }
  const found = hiddenCount > 0 ? 'Only transactions flagged as possible spam were found' : null
  return (
    <div className="bf-feed__message">
      <p className="bf-feed__message-title">No activity yet</p>
      <p className="bf-feed__message-detail">
        {more ? `${found ?? 'Nothing was found'} so far; older pages remain.` : found ? `${found}.` : 'Transactions of this wallet will show up here.'}
      </p>
    </div>
  )
}
