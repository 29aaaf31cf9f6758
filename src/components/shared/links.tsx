import type { ReactNode } from 'react'

/** What your `renderLink` is given for each link: spread it onto your link element. */
export interface LinkRenderProps {
  /** The link's address (a block-explorer page). */
  href: string
  /** blockfeed's class names for the link, to keep its styling. */
  className?: string
  /** The full text the link stands for (an address), shown as a tooltip. */
  title?: string
  /** The link's accessible name, when its text alone does not say it. */
  'aria-label'?: string
  /** Always `noopener noreferrer`: explorer links leave the app. */
  rel: string
  /** Always `_blank`: explorer links open in a new tab. */
  target: string
  /** What the link shows. */
  children: ReactNode
}

/**
 * Renders a link the components need (explorer pages) with your router's link component or your own `<a>`.
 *
 * @example
 * ```tsx
 * import { Address, type RenderLink } from 'blockfeed/components'
 *
 * const renderLink: RenderLink = ({ children, ...props }) => (
 *   <a {...props} data-analytics="explorer">
 *     {children}
 *   </a>
 * )
 *
 * export function Alice() {
 *   return <Address address="0x70997970C51812dc3A010C7d01b50e0d17dc79C8" chain="eth" renderLink={renderLink} />
 * }
 * ```
 */
export type RenderLink = (props: LinkRenderProps) => ReactNode

export const defaultRenderLink: RenderLink = (props) => <a {...props} />

export const EXTERNAL = { rel: 'noopener noreferrer', target: '_blank' } as const
