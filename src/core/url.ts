/**
 * Whether two URLs share an origin. Relative URLs are resolved against the page's location
 * where there is one (a browser), else against a placeholder origin, so two relative URLs
 * match each other and never an absolute one on a server.
 */
export function sameOrigin(a: string, b: string): boolean {
  const base = (globalThis as { location?: { href?: string } }).location?.href ?? 'http://relative.invalid/'
  try {
    return new URL(a, base).origin === new URL(b, base).origin
  } catch {
    return false
  }
}
