import type { IncomingHttpHeaders } from 'node:http'

/** A node:http header as `Headers.get` gives it: repeated values joined, null when absent. */
export function headerOf(headers: IncomingHttpHeaders, name: string): string | null {
  const value = headers[name]
  if (value === undefined) return null
  return Array.isArray(value) ? value.join(', ') : value
}
