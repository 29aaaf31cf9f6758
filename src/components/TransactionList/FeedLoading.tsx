import { forwardRef, type HTMLAttributes, type ReactNode } from 'react'


export interface FeedLoadingProps extends HTMLAttributes<HTMLDivElement> {
  /** Accessible name of the (busy) feed. */
  label: string
  /** Shown above the skeleton (the feed's pending group). */
  header?: ReactNode
  /** What the status says while loading ("Loading activity…" in the active language). */
  loadingText: string
}

/** The first page is loading: a busy, empty feed with a skeleton and a spoken status. */
export const FeedLoading = forwardRef<HTMLDivElement, FeedLoadingProps>(function FeedLoading({ label, header, loadingText, ...rest }, ref) {
  return (
    <div data-status="loading" {...rest} ref={ref}>
      {header}
      <div role="feed" aria-busy="true" aria-label={label} className="bf-feed__viewport bf-feed__viewport--static">
        {[0, 1, 2, 3, 4].map((i) => (
          <div key={i} className="bf-skeleton" aria-hidden="true">
            <span className="bf-skeleton__icon" />
            <span className="bf-skeleton__lines"><span /><span /></span>
          </div>
        ))}
      </div>
      <p className="bf-visually-hidden" role="status">{loadingText}</p>
    </div>
  )
})
