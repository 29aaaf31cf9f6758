import { useEffect, useMemo, useRef } from 'react'
import type { WalletHistoryParameters } from '../../core/history/params.js'
import type { TransactionEntry, WalletHistoryPage } from '../../core/history/schema.js'
import { tokenInfoFromEntries } from '../../core/live/display.js'
import { useBlockfeedClient } from '../../react/useBlockfeedClient.js'
import { useFirstPageRefresh } from '../../react/useFirstPageRefresh.js'
import { useSendRawTransaction } from '../../react/useSendRawTransaction.js'
import { useTrackedTransactions, useTracker } from '../../react/useTrackedTransactions.js'
import { PendingTransactions, type PendingTransactionsProps } from '../PendingTransactions/PendingTransactions.js'
import { cleanText, clipText } from '../shared/text.js'
import { fillTemplate } from '../shared/template.js'
import { liveMessages } from '../../i18n/parts/live.js'
import { useMessages } from '../../i18n/useMessages.js'

export interface LivePendingProps extends Pick<PendingTransactionsProps, 'locale' | 'renderLink'> {
  /** The feed's history parameters: whose records, and which first page to read again. */
  params: Partial<WalletHistoryParameters>
  /** Every loaded entry (not only what a filter shows): a record already indexed is left to its row. */
  loaded: readonly TransactionEntry[]
  /** Whether the history has loaded (a first page read again before then would be wasted). */
  ready: boolean
  /** The group's title (the merged feed names the chain). */
  title?: string | undefined
  /** Where a first page read again goes, when not the loaded history of `params` (the merged feed's query). */
  insert?: ((params: Partial<WalletHistoryParameters>, page: WalletHistoryPage) => void) | undefined
  /** Told the (lower-case) hashes of the records, so that the feed never holds their indexed rows back. */
  onTracked?: ((hashes: ReadonlySet<string>) => void) | undefined
}

/**
 * The feed's Pending group, connected: the wallet's tracked records, "Send again" for a dropped one,
 * and the first page read again while a mined record is not indexed yet (one request per new block
 * at most), so the indexed row takes its place without a reload.
 */
export function LivePending({ params, loaded, ready, title, insert, onTracked, locale, renderLink }: LivePendingProps) {
  const client = useBlockfeedClient()
  const t = useMessages(locale, liveMessages)
  const tracked = useTrackedTransactions({ address: params.address ?? '', chain: params.chain ?? client.chain })
  const getTracker = useTracker()
  // Once shown, the group stays (empty): the last row dismissed leaves keyboard focus in it, not on the page.
  const shown = useRef(false)
  shown.current ||= tracked.length > 0
  useEffect(() => onTracked?.(new Set(tracked.map((r) => r.hash.toLowerCase()))), [tracked, onTracked])
  const tokens = useMemo(() => tokenInfoFromEntries(loaded), [loaded])
  const send = useSendRawTransaction({ chain: params.chain })
  const refreshFirstPage = useFirstPageRefresh(params, undefined, insert)
  const awaitingIndex = useMemo(() => {
    const indexed = new Set(loaded.map((t) => t.hash.toLowerCase()))
    return tracked.some((r) => (r.status === 'confirmed' || r.status === 'failed') && !indexed.has(r.hash.toLowerCase()))
  }, [tracked, loaded])
  // Runs again as the records move (each new block while one is confirming), then, once a record is
  // final and still not indexed, after 2, 4, 8… seconds up to two minutes: an indexer a few seconds
  // behind is caught quickly, and a chain that mines no more blocks (a devnet) still shows the row.
  useEffect(() => {
    if (!awaitingIndex || !ready) return
    let delay = 2_000
    let waited = 0
    let cancelled = false
    let timer: ReturnType<typeof setTimeout> | undefined
    // Each wait starts once the read before it is done: counted from its start, the first wait would end
    // inside the read's own 2 s minimum interval (the chunk loading first) and that read would be skipped.
    const read = () => {
      const next = () => {
        if (cancelled || waited + delay > 120_000) return
        timer = setTimeout(() => {
          // Only time the tab is shown counts: while hidden nothing is read, and the wait goes on once it is shown.
          if (document.visibilityState !== 'hidden') (waited += delay), (delay *= 2)
          read()
        }, delay)
      }
      refreshFirstPage().then(next, next)
    }
    read()
    return () => {
      cancelled = true
      clearTimeout(timer)
    }
  }, [awaitingIndex, ready, tracked, refreshFirstPage])
  if (!shown.current) return null
  const m = t.messages.pending
  return (
    <>
      <PendingTransactions
        records={tracked}
        indexed={loaded}
        tokens={tokens}
        chain={params.chain}
        title={title}
        locale={locale}
        renderLink={renderLink}
        onSendAgain={(raw) => send.mutate({ serializedTransaction: raw })}
        onDismiss={(r) => getTracker().remove(r.hash, r.chain)}
      />
      {/* A refused "Send again" (a nonce used meanwhile, no funds) says why; the node's words are untrusted text. */}
      {send.error && <p role="alert" className="bf-pending__reason">{fillTemplate(m.sendFailed, { reason: <bdi>{clipText(cleanText(send.error.message) ?? '', 160).shown}</bdi> })}</p>}
    </>
  )
}
