import { lazy, Suspense, useId, useState } from 'react'
import type { RowDetailsProps } from './RowDetails.js'

// The details view (decoding, names, its own query) is a separate chunk, fetched when first opened.
const RowDetails = lazy(() => import('./RowDetails.js'))

/** A row's "Details" button; the panel below it loads and fetches only once it is opened. */
export function DetailsToggle(props: RowDetailsProps) {
  const [open, setOpen] = useState(false)
  const id = useId()
  return (
    <>
      <button type="button" className="bf-button bf-details-toggle" aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
        {open ? 'Hide details' : 'Details'}
      </button>
      <div id={id} hidden={!open}>
        {open && (
          <Suspense fallback={<p className="bf-muted" role="status">Loading details…</p>}>
            <RowDetails {...props} />
          </Suspense>
        )}
      </div>
    </>
  )
}
