import { lazy, Suspense, useId } from 'react'
import type { ExportControlProps } from '../ExportControl/ExportControl.js'
import { useMessages } from '../../i18n/useMessages.js'
import { useMenuButton } from './menuButton.js'
import { MoreButtonFace } from './MoreButtonFace.js'

// The status in words comes with the export's machinery (it has one only once an export started).
const ExportStatusText = lazy(() => import('../ExportControl/ExportControl.js').then((m) => ({ default: m.ExportStatusText })))

/**
 * "More": a menu button whose menu holds the export (the folded toolbar's overflow). The items exist
 * only while it is open; the export's progress stays on the button and in ExportControl's live region.
 */
export default function OverflowMenu({ status, progress, onStart, onCancel, locale: localeProp, timeZone }: ExportControlProps) {
  const t = useMessages(localeProp)
  const m = t.messages
  const menu = useMenuButton()
  const { open } = menu
  const id = useId()
  const running = status === 'running'

  return (
    <div className="bf-toolbar__more" onBlur={menu.onBlur} data-open={open ? '' : undefined}>
      <button
        ref={menu.button}
        id={`${id}-button`}
        type="button"
        className="bf-button bf-toolbar__more-button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? `${id}-menu` : undefined}
        aria-describedby={running ? `${id}-busy` : undefined}
        data-status={status}
        onClick={menu.onButtonClick}
        onKeyDown={menu.onButtonKey}
      >
        <MoreButtonFace label={m.toolbar.more} running={running} />
      </button>
      {running && (
        <span id={`${id}-busy`} hidden>
          {m.toolbar.exporting}
        </span>
      )}
      {open && (
        <div className="bf-popover bf-toolbar__popover">
          {/* Already spoken by ExportControl's live region; here it is for the eye. */}
          {status !== 'idle' && status !== 'error' && (
            <p className="bf-toolbar__status">
              {running && <span className="bf-export__bar" aria-hidden="true"><span className="bf-export__fill" /></span>}
              <Suspense fallback={null}>
                <ExportStatusText status={status} progress={progress} locale={t.locale} timeZone={timeZone} />
              </Suspense>
            </p>
          )}
          <div ref={menu.list} id={`${id}-menu`} role="menu" aria-labelledby={`${id}-button`} className="bf-toolbar__menu" onKeyDown={menu.onMenuKey}>
            {running ? (
              <button type="button" role="menuitem" tabIndex={-1} className="bf-toolbar__item" onClick={() => menu.choose(onCancel)}>
                {m.toolbar.cancelExport}
              </button>
            ) : (
              <button type="button" role="menuitem" tabIndex={-1} className="bf-toolbar__item" onClick={() => menu.choose(onStart)}>
                {status === 'error' ? m.toolbar.resume : m.toolbar.exportCsv}
              </button>
            )}
          </div>
        </div>
      )}
    </div>
  )
}
