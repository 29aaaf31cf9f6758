import { lazy, Suspense } from 'react'
import type { RowDetailsProps } from './RowDetails.js'

import { useMessages } from '../../i18n/useMessages.js'

// The node's view (decoding, names, its own query) comes in the details chunk, loaded when a row is first opened.
const RowDetails = lazy(() => import('../shared/detailsChunk.js').then((m) => ({ default: m.RowDetails })))

/** The feed's details for one open row: loads, then fetches, only once the row is opened. */
export function LazyRowDetails(props: RowDetailsProps) {
  const t = useMessages(props.locale)
  return (
    <Suspense fallback={<p className="bf-muted" role="status">{t.messages.row.loadingDetails}</p>}>
      <RowDetails {...props} />
    </Suspense>
  )
}
