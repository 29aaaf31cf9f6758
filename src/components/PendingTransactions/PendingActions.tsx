import type { TrackedTransaction } from '../../core/live/record.js'
import { EXTERNAL } from '../shared/links.js'
import type { DisplayOptions } from '../shared/options.js'
import type { LiveTranslator } from './pendingText.js'

export interface PendingActionsProps {
  record: TrackedTransaction
  /** The transaction in one sentence: the name its "Dismiss" says. */
  text: string
  /** The transaction on the chain's explorer, when known. */
  txHref: string | undefined
  renderLink: NonNullable<DisplayOptions['renderLink']>
  onSendAgain: ((raw: `0x${string}`, record: TrackedTransaction) => void) | undefined
  onDismiss: ((record: TrackedTransaction) => void) | undefined
  t: LiveTranslator
}

/** Whether a record has any action to show: the explorer link, "Send again" or "Dismiss". */
export function hasActions({ record, txHref, onSendAgain, onDismiss }: Pick<PendingActionsProps, 'record' | 'txHref' | 'onSendAgain' | 'onDismiss'>): boolean {
  const gone = record.status === 'replaced' || record.status === 'dropped'
  return Boolean(txHref || (gone && (onDismiss || (record.status === 'dropped' && record.raw !== null && onSendAgain))))
}

/** A pending row's actions, on a line of their own: the explorer, "Send again" for a dropped one, "Dismiss" for one that is gone. */
export function PendingActions({ record, text, txHref, renderLink, onSendAgain, onDismiss, t }: PendingActionsProps) {
  const m = t.messages.pending
  const gone = record.status === 'replaced' || record.status === 'dropped'
  return (
    <div className="bf-pending__actions">
      {txHref && renderLink({ href: txHref, className: 'bf-pending__link bf-link', ...EXTERNAL, children: <>{m.view}<span className="bf-visually-hidden"> {t.format(m.viewHidden, { hash: record.hash })}</span></> })}
      {record.status === 'dropped' && record.raw !== null && onSendAgain && (
        <button type="button" className="bf-button bf-button--quiet bf-pending__again" onClick={() => onSendAgain(record.raw as `0x${string}`, record)}>
          {m.sendAgain}
        </button>
      )}
      {gone && onDismiss && (
        <button
          type="button"
          className="bf-button bf-button--quiet bf-pending__again"
          aria-label={t.format(m.dismissLabel, { transaction: text })}
          onClick={(e) => {
            // The next row takes keyboard focus (with none, the group does, as when a focused part goes).
            ;(e.currentTarget.closest('li')!.nextSibling as HTMLElement | null)?.focus()
            onDismiss(record)
          }}
        >
          {m.dismiss}
        </button>
      )}
    </div>
  )
}
