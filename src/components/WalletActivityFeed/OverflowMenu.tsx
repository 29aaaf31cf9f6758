import { lazy, Suspense, useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react'
import type { ExportControlProps } from '../ExportControl/ExportControl.js'
import { useMessages } from '../../i18n/useMessages.js'

// The status in words comes with the export's machinery (it has one only once an export started).
const ExportStatusText = lazy(() => import('../ExportControl/ExportControl.js').then((m) => ({ default: m.ExportStatusText })))

/**
 * "More": a menu button whose menu holds the export (the folded toolbar's overflow). The items exist
 * only while it is open; the export's progress stays on the button and in ExportControl's live region.
 */
export default function OverflowMenu({ status, progress, onStart, onCancel, locale: localeProp, timeZone }: ExportControlProps) {
  const t = useMessages(localeProp)
  const m = t.messages
  // Open, and which item takes focus as it opens (the menu button pattern: Down the first, Up the last).
  const [open, setOpen] = useState<false | 'first' | 'last'>(false)
  const button = useRef<HTMLButtonElement>(null)
  const list = useRef<HTMLDivElement>(null)
  const id = useId()
  const running = status === 'running'

  const items = () => [...(list.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])]
  useEffect(() => {
    if (open) (open === 'first' ? items()[0] : items().at(-1))?.focus()
  }, [open])
  const close = (refocus: boolean) => {
    setOpen(false)
    if (refocus) button.current?.focus()
  }
  const choose = (action: () => void) => {
    close(true)
    action()
  }

  const onButtonKey = (e: KeyboardEvent) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault()
      setOpen(e.key === 'ArrowDown' ? 'first' : 'last')
    }
  }
  const onMenuKey = (e: KeyboardEvent) => {
    const all = items()
    const at = all.indexOf(e.target as HTMLElement)
    const step = { ArrowDown: 1, ArrowUp: -1 }[e.key]
    if (step !== undefined) all[(at + step + all.length) % all.length]?.focus()
    else if (e.key === 'Home') all[0]?.focus()
    else if (e.key === 'End') all.at(-1)?.focus()
    else if (e.key === 'Escape') close(true)
    else return
    e.preventDefault()
    e.stopPropagation()
  }
  // Focus leaving the button and its menu (a click elsewhere, Tab) closes it: no listener on the document.
  const onBlur = (e: FocusEvent) => {
    if (open && !(e.relatedTarget instanceof Node && e.currentTarget.contains(e.relatedTarget))) setOpen(false)
  }

  return (
    <div className="bf-toolbar__more" onBlur={onBlur} data-open={open ? '' : undefined}>
      <button
        ref={button}
        id={`${id}-button`}
        type="button"
        className="bf-button bf-toolbar__more-button"
        aria-haspopup="menu"
        aria-expanded={Boolean(open)}
        aria-controls={open ? `${id}-menu` : undefined}
        aria-describedby={running ? `${id}-busy` : undefined}
        data-status={status}
        onClick={() => (open ? close(false) : setOpen('first'))}
        onKeyDown={onButtonKey}
      >
        {running && <span className="bf-toolbar__spinner" aria-hidden="true" />}
        {m.toolbar.more}
        <svg className="bf-icon" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
          <path d="M4 6l4 4 4-4" />
        </svg>
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
          <div ref={list} id={`${id}-menu`} role="menu" aria-labelledby={`${id}-button`} className="bf-toolbar__menu" onKeyDown={onMenuKey}>
            {running ? (
              <button type="button" role="menuitem" tabIndex={-1} className="bf-toolbar__item" onClick={() => choose(onCancel)}>
                {m.toolbar.cancelExport}
              </button>
            ) : (
              <button type="button" role="menuitem" tabIndex={-1} className="bf-toolbar__item" onClick={() => choose(onStart)}>
                {status === 'error' ? m.toolbar.resume : m.toolbar.exportCsv}
              </button>
            )}
          </div>
        </div>
      )}
    </div>
  )
}
