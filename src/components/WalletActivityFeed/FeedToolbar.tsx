import { forwardRef, useEffect, useId, useRef, useState, type CSSProperties, type FocusEvent, type HTMLAttributes, type KeyboardEvent } from 'react'
import { ExportControl, exportStatusText, type ExportControlProps } from '../ExportControl/ExportControl.js'
import { FilterBar, type FilterBarProps } from '../FilterBar/FilterBar.js'

import { useMessages } from '../../i18n/useMessages.js'

export interface FeedToolbarProps extends Omit<HTMLAttributes<HTMLDivElement>, 'children'> {
  /** The filter bar's props; left out, no filter bar. */
  filterBar?: Omit<FilterBarProps, 'foldable' | 'children'> | undefined
  /** The export control's props (the state of `useExportWalletHistory`); left out, no export. */
  exportControl?: ExportControlProps | undefined
  className?: string | undefined
  style?: CSSProperties | undefined
}

/**
 * The feed's toolbar: the filter bar and "Export CSV". Below 560 px of the feed's width (a container
 * query, so a narrow column folds it on a wide screen too) it is one line: the search box, a "Filters"
 * button that opens the chips below it, and a "More" menu holding the export. Both forms are in the
 * DOM; the stylesheet shows one (`display: none` keeps the other out of the tab order and the a11y tree).
 */
export const FeedToolbar = forwardRef<HTMLDivElement, FeedToolbarProps>(function FeedToolbar({ filterBar, exportControl, className, ...rest }, ref) {
  const control = exportControl && <ExportControl {...exportControl} className={exportControl.className ? `bf-toolbar__export ${exportControl.className}` : 'bf-toolbar__export'} />
  return (
    <div {...rest} ref={ref} className={className ? `bf-toolbar ${className}` : 'bf-toolbar'} data-folds-export={filterBar && exportControl ? '' : undefined}>
      <div className="bf-toolbar__line">
        {filterBar ? (
          // On the search box's line: Export at its end (wide), or "More" holding it (folded); the chips wrap below.
          <FilterBar {...filterBar} foldable>
            {exportControl && <OverflowMenu {...exportControl} />}
            {control}
          </FilterBar>
        ) : (
          control
        )}
      </div>
    </div>
  )
})

/**
 * "More": a menu button whose menu holds the export (the folded toolbar's overflow). The items exist
 * only while it is open; the export's progress stays on the button and in ExportControl's live region.
 */
function OverflowMenu({ status, progress, onStart, onCancel, locale: localeProp, timeZone }: ExportControlProps) {
  const t = useMessages(localeProp)
  const m = t.messages
  // Open, and which item takes focus as it opens (the menu button pattern: Down the first, Up the last).
  const [open, setOpen] = useState<false | 'first' | 'last'>(false)
  const button = useRef<HTMLButtonElement>(null)
  const list = useRef<HTMLDivElement>(null)
  const id = useId()
  const running = status === 'running'
  const said = exportStatusText(status, progress, t.locale, timeZone, m.export)

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
          {said && (
            <p className="bf-toolbar__status">
              {running && <span className="bf-export__bar" aria-hidden="true"><span className="bf-export__fill" /></span>}
              {said}
            </p>
          )}
          <div ref={list} id={`${id}-menu`} role="menu" aria-labelledby={`${id}-button`} className="bf-toolbar__menu" onKeyDown={onMenuKey}>
            {running ? (
              <button type="button" role="menuitem" tabIndex={-1} className="bf-toolbar__item" onClick={() => choose(onCancel)}>
                {m.export.cancelExport}
              </button>
            ) : (
              <button type="button" role="menuitem" tabIndex={-1} className="bf-toolbar__item" onClick={() => choose(onStart)}>
                {status === 'error' ? m.export.resume : m.export.exportCsv}
              </button>
            )}
          </div>
        </div>
      )}
    </div>
  )
}
