export interface FeedEmptyProps {
  /** Transactions found but hidden as possible spam. */
  hiddenCount: number
}

/** No row to show: says whether anything was found at all. */
export function FeedEmpty({ hiddenCount }: FeedEmptyProps) {
  return (
    <div className="bf-feed__message">
      <p className="bf-feed__message-title">No activity yet</p>
      <p className="bf-feed__message-detail">
        {hiddenCount > 0 ? 'Only transactions flagged as possible spam were found.' : 'Transactions of this wallet will show up here.'}
      </p>
    </div>
  )
}
