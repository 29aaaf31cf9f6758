import { lazy, Suspense } from 'react'
import { useMounted } from '../shared/mounted.js'
import type { LivePendingProps } from './LivePending.js'

// The tracker, its records and the Pending group load as their own chunk: a feed of a wallet that never
// tracks a transaction does not ship them with the page.
const LivePending = lazy(() => import('./LivePending.js').then((m) => ({ default: m.LivePending })))

/**
 * The feed's Pending group, loaded after the first client render. Records live in the browser's
 * storage, so the server and hydration render nothing here anyway; waiting for the mount keeps the
 * lazy chunk from suspending server rendering or hydration.
 */
export function LivePendingAfterMount(props: LivePendingProps) {
  if (!useMounted()) return null
  return (
    <Suspense fallback={null}>
      <LivePending {...props} />
    </Suspense>
  )
}
