/**
 * A JSON-safe copy of raw caller input, for the query key of input that failed validation:
 * bigint → decimal text, Date → ISO text, `undefined` dropped. The query function then
 * validates it again and throws the same `InvalidParameterError` into the query's `error`.
 */
export function jsonSafe(value: unknown): unknown {
  if (typeof value === 'bigint') return value.toString()
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? 'Invalid Date' : value.toISOString()
  if (typeof value === 'function' || typeof value === 'symbol') return String(value)
  if (Array.isArray(value)) return value.map((v) => (v === undefined ? null : jsonSafe(v)))
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {}
    for (const [k, v] of Object.entries(value)) {
      // defineProperty, not `out[k] =`: an own "__proto__" key (from JSON.parse) stays a key, not a prototype.
      if (v !== undefined) Object.defineProperty(out, k, { value: jsonSafe(v), enumerable: true, writable: true, configurable: true })
    }
    return out
  }
  return value
}
