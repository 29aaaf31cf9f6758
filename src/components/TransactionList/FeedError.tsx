import type { Translator } from '../../i18n/useMessages.js'
import { errorSentence } from '../shared/errorSentence.js'
import { cleanText, clipText } from '../shared/text.js'

export interface FeedErrorProps {
  error?: Error | null | undefined
  onRetry?: (() => void) | undefined
  /** Rows are already shown: the message sits below them and speaks of "more". */
  inline?: boolean | undefined
  t: Translator
}

/**
 * A failed load as an alert: what failed in the viewer's language, "Try again", and the error's
 * own message (cleaned, clipped, in English) folded under "Technical details" for whoever debugs it.
 */
export function FeedError({ error, onRetry, inline = false, t }: FeedErrorProps) {
  const m = t.messages.feed
  const detail = error ? clipText(cleanText(error.message) ?? '', 160).shown : ''
  return (
    <div className={inline ? 'bf-feed__message bf-feed__message--inline' : 'bf-feed__message'} role="alert">
      <p className="bf-feed__message-title">{inline ? m.failedMore : m.failed}</p>
      {error && <p className="bf-feed__message-detail">{errorSentence(error, t)}</p>}
      {detail && (
        <details className="bf-feed__technical">
          <summary>{m.technical}</summary>
          <code dir="ltr" lang="en">{detail}</code>
        </details>
      )}
      {onRetry && <button type="button" className="bf-button" onClick={onRetry}>{m.retry}</button>}
    </div>
  )
}
