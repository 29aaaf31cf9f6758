import { forwardRef, lazy, Suspense, type CSSProperties, type HTMLAttributes } from 'react'
import type { ExportControlProps } from '../ExportControl/ExportControl.js'
import { FilterBar, type FilterBarProps } from '../FilterBar/FilterBar.js'
import { useMessages } from '../../i18n/useMessages.js'
import { useMounted } from '../shared/mounted.js'
import { MoreButtonFace } from './MoreButtonFace.js'

// Not on the first screen's code path: the export's machinery (progress, outcome, its words in every
// language) and the folded toolbar's menu load after the first client render (never suspending the
// server's render or hydration), while the first page is read. Until then each shows its idle form,
// the same to the eye.
const ExportControl = lazy(() => import('../ExportControl/ExportControl.js').then((m) => ({ default: m.ExportControl })))
const OverflowMenu = lazy(() => import('./OverflowMenu.js'))

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
  const mounted = useMounted()
  const m = useMessages(exportControl?.locale).messages.toolbar
  let control, more
  if (exportControl) {
    const exportClass = exportControl.className ? `bf-toolbar__export ${exportControl.className}` : 'bf-toolbar__export'
    const idle = (
      <div className={`bf-export ${exportClass}`} data-status={exportControl.status}>
        <button type="button" className="bf-button" onClick={exportControl.onStart}>
          {exportControl.status === 'error' ? m.resume : m.exportCsv}
        </button>
      </div>
    )
    const moreButton = (
      <div className="bf-toolbar__more">
        <button type="button" className="bf-button bf-toolbar__more-button" aria-haspopup="menu" aria-expanded={false}>
          <MoreButtonFace label={m.more} />
        </button>
      </div>
    )
    control = mounted ? <Suspense fallback={idle}><ExportControl {...exportControl} className={exportClass} /></Suspense> : idle
    more = mounted ? <Suspense fallback={moreButton}><OverflowMenu {...exportControl} /></Suspense> : moreButton
  }
  return (
    <div data-folds-export={filterBar && exportControl ? '' : undefined} {...rest} ref={ref} className={className ? `bf-toolbar ${className}` : 'bf-toolbar'}>
      <div className="bf-toolbar__line">
        {filterBar ? (
          // On the search box's line: Export at its end (wide), or "More" holding it (folded); the chips wrap below.
          <FilterBar {...filterBar} foldable>
            {more}
            {control}
          </FilterBar>
        ) : (
          control
        )}
      </div>
    </div>
  )
})
