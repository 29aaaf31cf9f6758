import type { Translator } from '../../i18n/useMessages.js'

export interface SpamToggleProps {
  /** Transactions flagged as possible spam (hidden unless `showSpam`). */
  hiddenCount: number
  showSpam: boolean
  onToggle: () => void
  t: Translator
}

/** How many transactions are possible spam, and the visible toggle that shows or hides them. */
export function SpamToggle({ hiddenCount, showSpam, onToggle, t }: SpamToggleProps) {
  const m = t.messages.feed
  return (
    <div className="bf-feed__spam">
      <span>
        {t.plural(showSpam ? m.spamFlagged : m.spamHidden, hiddenCount)}
      </span>
      <button type="button" className="bf-button bf-button--quiet" aria-pressed={showSpam} onClick={onToggle}>
        {m.showSpam}
      </button>
    </div>
  )
}
