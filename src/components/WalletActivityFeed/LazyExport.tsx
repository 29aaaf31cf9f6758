import { lazy, Suspense } from 'react'
import type { ExportControlProps } from '../ExportControl/ExportControl.js'
import { useMessages } from '../../i18n/useMessages.js'

// The export's machinery (progress, outcome, its words in every language) is not on the first screen:
// it loads as the toolbar first renders, after the feed's own code, while the first page is read.
const ExportControl = lazy(() => import('../ExportControl/ExportControl.js').then((m) => ({ default: m.ExportControl })))

/** `ExportControl`, loaded on first render; until then its idle form, the same "Export CSV" button. */
export function LazyExportControl(props: ExportControlProps) {
  const t = useMessages(props.locale)
  const idle = (
    <div className={props.className ? `bf-export ${props.className}` : 'bf-export'} data-status={props.status}>
      <button type="button" className="bf-button" onClick={props.onStart}>
        {props.status === 'error' ? t.messages.toolbar.resume : t.messages.toolbar.exportCsv}
      </button>
    </div>
  )
  return (
    <Suspense fallback={idle}>
      <ExportControl {...props} />
    </Suspense>
  )
}
