import { lazy, Suspense } from 'react'
import type { RowDetailsProps } from './RowDetails.js'

const messages = {
  loading: 'Loading details…',
}

// The node's view (decoding, names, its own query) comes in the details chunk, loaded when a row is first opened.
const RowDetails = lazy(() => import('../shared/detailsChunk.js').then((m) => ({ default: m.RowDetails })))

/** The feed's details for one open row: loads, then fetches, only once the row is opened. */
export function LazyRowDetails(props: RowDetailsProps) {
  return (
    <Suspense fallback={<p className="bf-muted" role="status">{messages.loading}</p>}>
      <RowDetails {...props} />
    </Suspense>
  )
}
