import type { ReactNode } from 'react'

/** What a link needs; the default renders a plain `<a>`, an app can render its router's link instead. */
export interface LinkRenderProps {
  href: string
  className?: string
  title?: string
  'aria-label'?: string
  /** Always `noopener noreferrer`: explorer links leave the app. */
  rel: string
  target: string
  children: ReactNode
}

export type RenderLink = (props: LinkRenderProps) => ReactNode

export const defaultRenderLink: RenderLink = (props) => <a {...props} />

export const EXTERNAL = { rel: 'noopener noreferrer', target: '_blank' } as const
