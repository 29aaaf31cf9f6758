import { useEffect, useState } from 'react'

/**
 * False on the server and in the hydrating render, true from the first client render after it:
 * a lazily loaded part rendered only then never suspends server rendering or hydration.
 */
export function useMounted(): boolean {
  const [mounted, setMounted] = useState(false)
  useEffect(() => setMounted(true), [])
  return mounted
}
