import { useEffect, useRef, useState } from 'react'

/**
 * The search box's text: it shows each keystroke at once, and `apply` gets the text when typing
 * pauses for `delayMs`. A search set from outside (the filter changed) replaces the text unless
 * the viewer is still typing.
 */
export function useSearchText(search: string | undefined, delayMs: number, apply: (value: string) => void) {
  const [text, setText] = useState(search ?? '')
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const pending = useRef(false)
  useEffect(() => {
    if (!pending.current) setText(search ?? '')
  }, [search])
  useEffect(() => () => clearTimeout(timer.current), [])
  const onSearch = (value: string) => {
    setText(value)
    pending.current = true
    clearTimeout(timer.current)
    timer.current = setTimeout(() => {
      pending.current = false
      apply(value)
    }, delayMs)
  }
  /** Empties the box, and drops a search still waiting to be applied. */
  const clear = () => {
    clearTimeout(timer.current)
    pending.current = false
    setText('')
  }
  return { text, onSearch, clear }
}
