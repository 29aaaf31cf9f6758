import { fireEvent } from '@testing-library/react'

/** The viewer scrolled the feed to `top` (jsdom has no layout: the offset is what the virtualizer reads). */
export function scrollFeedTo(top: number) {
  const viewport = document.querySelector<HTMLElement>('.bf-feed__viewport')!
  Object.defineProperty(viewport, 'scrollTop', { value: top, writable: true, configurable: true })
  fireEvent.scroll(viewport)
}
