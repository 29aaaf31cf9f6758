import { useCallback, useRef, useState } from 'react'

/**
 * State a component keeps itself unless the app controls it (Radix's `useControllableState`):
 * `value` wins when defined; `onChange` hears every change either way.
 */
export function useControllableState<T, A extends unknown[] = []>(
  value: T | undefined,
  defaultValue: T,
  onChange: ((next: T, ...args: A) => void) | undefined,
): [T, (next: T, ...args: A) => void] {
  const [own, setOwn] = useState(defaultValue)
  const current = value === undefined ? own : value
  const listener = useRef(onChange)
  listener.current = onChange
  const set = useCallback((next: T, ...args: A) => {
    setOwn(next)
    listener.current?.(next, ...args)
  }, [])
  return [current, set]
}
