/**
 * Untrusted text quoted in an error message: non-printable characters become `?` (so a
 * message cannot carry a line break, a terminal escape or a bidi override into a log), and
 * long text is cut by code point with an ellipsis.
 */
export function clip(text: string, max = 40): string {
  const chars = Array.from(text.replace(/[^\x20-\x7e]/gu, '?'))
  return chars.length > max ? `${chars.slice(0, max).join('')}…` : chars.join('')
}

/**
 * Characters that let service text lie about what it says, and show nothing themselves: controls
 * and format characters (bidi embeddings, overrides, isolates and marks, zero-width characters, soft
 * hyphen, BOM, tags): "USDC" spelled backwards, invisible padding. Rows remove them before showing
 * text (with a few more blank ones, `cleanText`); the text search before matching it.
 */
export const HIDDEN_CHARACTERS = /[\p{Cc}\p{Cf}]/gu
