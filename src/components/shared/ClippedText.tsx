import type { ReactNode } from 'react'
import { cleanText, clipText } from './text.js'

export interface ClippedTextProps {
  /** Untrusted text: cleaned of bidi/zero-width characters, clipped, shown as text. */
  text: string | null | undefined
  /** Longest text shown before clipping, in characters. */
  max?: number
  className?: string
  /** Shown when nothing is left after cleaning. */
  fallback?: ReactNode
}

/** Untrusted text, cleaned and clipped; the full text stays available as a tooltip. */
export function ClippedText({ text, max = 32, className, fallback = null }: ClippedTextProps) {
  const cleaned = cleanText(text)
  if (cleaned === null) return <>{fallback}</>
  const { shown, full, clipped } = clipText(cleaned, max)
  return (
    <span className={className ? `bf-clip ${className}` : 'bf-clip'} title={clipped ? full : undefined}>
      {shown}
    </span>
  )
}
