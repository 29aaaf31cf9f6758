import type { KeyboardEvent, KeyboardEventHandler, MouseEvent, MouseEventHandler } from 'react'

// What a click lands on that is not the row's own: links, buttons, fields, and the open details.
const NOT_THE_ROW = 'a, button, input, select, textarea, label, summary, [role="button"], [role="link"], .bf-tx__details'

/**
 * A click on the row, or Enter or Space on the row itself, toggles its details. The caller's
 * handlers run first; one that prevents the default keeps the row from toggling.
 */
export function useRowActivation(toggle: () => void, onClick: MouseEventHandler<HTMLElement> | undefined, onKeyDown: KeyboardEventHandler<HTMLElement> | undefined) {
  const onRowClick = (event: MouseEvent<HTMLElement>) => {
    onClick?.(event)
    if (event.defaultPrevented) return
    const hit = (event.target as Element).closest(NOT_THE_ROW)
    if (hit && event.currentTarget.contains(hit)) return
    // Selecting text (an address, an amount) is not asking for details.
    if (typeof window !== 'undefined' && window.getSelection()?.toString()) return
    toggle()
  }
  const onRowKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    onKeyDown?.(event)
    if (event.defaultPrevented || event.target !== event.currentTarget) return
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault()
      toggle()
    }
  }
  return { onRowClick, onRowKeyDown }
}
