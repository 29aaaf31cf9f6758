import { useEffect, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react'

/**
 * The menu button pattern's state and keys: open, and which item takes focus as it opens (Down the
 * first, Up the last); arrows, Home and End move among the items, Escape closes and refocuses the
 * button, and focus leaving both closes it.
 */
export function useMenuButton() {
  const [open, setOpen] = useState<false | 'first' | 'last'>(false)
  const button = useRef<HTMLButtonElement>(null)
  const list = useRef<HTMLDivElement>(null)

  const items = () => [...(list.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])]
  useEffect(() => {
    if (open) (open === 'first' ? items()[0] : items().at(-1))?.focus()
  }, [open])
  const close = (refocus: boolean) => {
    setOpen(false)
    if (refocus) button.current?.focus()
  }
  /** An item chosen: the menu closes, focus returns to its button, then the item acts. */
  const choose = (action: () => void) => {
    close(true)
    action()
  }
  const onButtonClick = () => (open ? close(false) : setOpen('first'))

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
  return { open: open !== false, button, list, choose, onButtonClick, onButtonKey, onMenuKey, onBlur }
}
