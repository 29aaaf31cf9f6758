/**
 * Untrusted text quoted in an error message: non-printable characters become `?` (so a
 * message cannot carry a line break, a terminal escape or a bidi override into a log), and
 * long text is cut by code point with an ellipsis.
 */
export function clip(text: string, max = 40): string {
  const chars = Array.from(text.replace(/[^\x20-\x7e]/gu, '?'))
  return chars.length > max ? `${chars.slice(0, max).join('')}…` : chars.join('')
}
