import { cleanText, clipText } from '../shared/text.js'

const messages = {
  failed: 'Couldn’t load activity',
  failedMore: 'Couldn’t load more activity',
  retry: 'Try again',
}

export interface FeedErrorProps {
  error?: Error | null | undefined
  onRetry?: (() => void) | undefined
  /** Rows are already shown: the message sits below them and speaks of "more". */
  inline?: boolean | undefined
}

/** A failed load as an alert: what failed (cleaned, clipped service text) and "Try again". */
export function FeedError({ error, onRetry, inline = false }: FeedErrorProps) {
  const detail = error ? clipText(cleanText(error.message) ?? '', 160).shown : ''
  return (
    <div className={inline ? 'bf-feed__message bf-feed__message--inline' : 'bf-feed__message'} role="alert">
      <p className="bf-feed__message-title">{inline ? messages.failedMore : messages.failed}</p>
      {detail && <p className="bf-feed__message-detail">{detail}</p>}
      {onRetry && <button type="button" className="bf-button" onClick={onRetry}>{messages.retry}</button>}
    </div>
  )
}
