/**
 * The browser suites' page: the stylesheet as shipped, and one React root per test, mounted into a
 * fresh host and gone (with the page's theme and background) after each test.
 */
import { act, type ReactNode } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { afterEach } from 'vitest'

// The stylesheet as shipped: every component CSS part.
import.meta.glob('../../../src/components/**/*.css', { eager: true })

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

let root: Root | undefined
let host: HTMLElement | undefined
afterEach(() => {
  act(() => root?.unmount())
  host?.remove()
  root = undefined
  host = undefined
  document.documentElement.removeAttribute('data-theme')
  document.body.style.background = ''
})

/** Renders `node` into a new host on the page (`prepare` sizes or themes it first) and waits a frame. */
export async function mountOnPage(node: ReactNode, prepare?: (host: HTMLElement) => void): Promise<HTMLElement> {
  host = document.createElement('div')
  prepare?.(host)
  document.body.append(host)
  root = createRoot(host)
  await act(async () => root!.render(node))
  await act(() => new Promise<void>((r) => requestAnimationFrame(() => r())))
  return host
}
