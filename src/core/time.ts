// Shared by the request side (params) and the response side (schemas); kept free of zod so
// the hooks bundle, which only needs params, does not pull the schemas in.

/**
 * ISO 8601 text (a space allowed for the `T`) as epoch milliseconds, NaN when unreadable.
 * A time without a zone is UTC in this interface, never the machine's local time.
 */
export function parseIsoUtc(text: string): number {
  const m = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)\s*(Z|[+-]\d{2}:?\d{2})?)?$/i.exec(text.trim())
  if (!m) return Number.NaN
  const [, date, time, zone] = m
  if (!time) return Date.parse(date!)
  return Date.parse(`${date}T${time}${zone ? zone.toUpperCase().replace(/^([+-]\d{2})(\d{2})$/, '$1:$2') : 'Z'}`)
}
