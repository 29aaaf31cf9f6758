import { useEffect, useRef, useState } from 'react'

export type CopyState = 'idle' | 'copied' | 'failed'

/** Copies `value` to the clipboard on `copy()`; the state says how it went and goes back to idle after 2 s. */
export function useCopy(value: string): { state: CopyState; copy: () => Promise<void> } {
  const [state, setState] = useState<CopyState>('idle')
  const reset = useRef<ReturnType<typeof setTimeout>>(undefined)
  useEffect(() => () => clearTimeout(reset.current), [])
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value)
      setState('copied')
    } catch {
      setState('failed')
    }
    clearTimeout(reset.current)
    reset.current = setTimeout(() => setState('idle'), 2000)
  }
  return { state, copy }
}
