/**
 * Untrusted text from the service (token names, symbols, labels) is only ever rendered as
 * React text; these helpers also remove characters that let it lie about what it says.
 */

import { HIDDEN_CHARACTERS } from '../../core/text.js'

// Letters that draw nothing (Hangul fillers) and variation selectors: blank padding too.
const BLANK = /[\u115F\u1160\u3164\uFFA0\uFE00-\uFE0F]/g

/** The text with bidi controls, zero-width and control characters removed and whitespace collapsed; null when nothing is left. */
export function cleanText(value: string | null | undefined): string | null {
  if (value == null) return null
  const cleaned = value.replace(HIDDEN_CHARACTERS, '').replace(BLANK, '').replace(/\s+/g, ' ').trim()
  return cleaned === '' ? null : cleaned
}

/** Upper bound on what a `title` carries, so a megabyte-long name cannot bloat the DOM. */
const TITLE_MAX = 512

/** `text` cut to `max` characters (by code point, never splitting a surrogate pair) with an ellipsis, plus the full text for a tooltip. */
export function clipText(text: string, max: number): { shown: string; full: string; clipped: boolean } {
  const chars = Array.from(text)
  const full = chars.length > TITLE_MAX ? `${chars.slice(0, TITLE_MAX).join('')}…` : text
  if (chars.length <= max) return { shown: text, full, clipped: false }
  return { shown: `${chars.slice(0, Math.max(1, max - 1)).join('')}…`, full, clipped: true }
}
