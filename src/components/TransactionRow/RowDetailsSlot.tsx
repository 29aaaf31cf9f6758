import { lazy, Suspense } from 'react'
import type { Translator } from '../../i18n/useMessages.js'
import type { RowDetailsPanelProps } from './RowDetailsPanel.js'

// The details (every transfer line, addresses with copy and links) load when a row is first opened,
// in the one details chunk (shared/detailsChunk.ts): the first screen does not draw them.
const RowDetailsPanel = lazy(() => import('../shared/detailsChunk.js').then((m) => ({ default: m.RowDetailsPanel })))

export interface RowDetailsSlotProps extends RowDetailsPanelProps {
  /** The region's id, which the chevron controls. */
  id: string
  expanded: boolean
  t: Translator
}

/** The row's details region, below its grid: empty while closed, the details panel once opened. */
export function RowDetailsSlot({ id, expanded, t, ...panel }: RowDetailsSlotProps) {
  return (
    <div className="bf-tx__details" id={id} hidden={!expanded}>
      {expanded && (
        <Suspense fallback={<p className="bf-muted" role="status">{t.messages.row.loadingDetails}</p>}>
          <RowDetailsPanel {...panel} />
        </Suspense>
      )}
    </div>
  )
}
