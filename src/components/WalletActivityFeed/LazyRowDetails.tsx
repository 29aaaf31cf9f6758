import { lazy, Suspense } from 'react'
import type { RowDetailsProps } from './RowDetails.js'

const messages = {
  loading: 'Loading details…',
}

// The details view (decoding, names, its own query) is a separate chunk, fetched when a row is first opened.
const RowDetails = lazy(() => import('./RowDetails.js'))

/** The feed's details for one open row: loads, then fetches, only once the row is opened. */
export function LazyRowDetails(props: RowDetailsProps) {
  return (
    <Suspense fallback={<p className="bf-muted" role="status">{messages.loading}</p>}>
      <RowDetails {...props} />
    </Suspense>
  )
}
