/** What stands where a secret was. */
export const REDACTED = '[redacted]'

/**
 * Text with every configured secret (the API key) removed: as written, then in each spelling JSON
 * may give it (`\/`, `\"`, `\\`, `\u00XX` in either case, at any depth of JSON inside JSON), because
 * a client's JSON.parse turns every one of them back into the key.
 */
export function redact(text: string, secrets: readonly string[]): string {
  let out = text
  for (const secret of secrets) if (secret) out = out.split(secret).join(REDACTED)
  // Every escaped spelling holds a backslash: the usual text has none and is not scanned again.
  if (!out.includes('\\')) return out
  for (const secret of secrets) if (secret) out = out.replace(escapedSpelling(secret), REDACTED)
  return out
}

const SHORT_ESCAPES: Readonly<Record<string, string>> = { '/': '/', '"': '"', '\\': '', '\b': 'b', '\f': 'f', '\n': 'n', '\r': 'r', '\t': 't' }
const spellings = new Map<string, RegExp>()

/**
 * A pattern for a secret in any JSON spelling: each UTF-16 unit as itself, as `\uXXXX` (hex in either
 * case) or as its short escape, after one or more backslashes (a JSON text inside a JSON string doubles them).
 */
export function escapedSpelling(secret: string): RegExp {
  let pattern = spellings.get(secret)
  if (!pattern) {
    let source = ''
    for (let i = 0; i < secret.length; i++) {
      const unit = secret[i]!
      const hex = secret.charCodeAt(i).toString(16).padStart(4, '0').replace(/[a-f]/g, (d) => `[${d}${d.toUpperCase()}]`)
      const short = SHORT_ESCAPES[unit]
      source += `(?:${unit.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}|\\\\+u${hex}${short === undefined ? '' : `|\\\\+${short}`})`
    }
    if (spellings.size > 64) spellings.clear()
    pattern = new RegExp(source, 'g')
    spellings.set(secret, pattern)
  }
  return pattern
}

/**
 * A URL as an error may show it: its origin only, since RPC URLs often carry a provider's key in
 * their path or query that no configured secret names; text that is no URL loses the secrets.
 */
export function redactUrl(url: string, secrets: readonly string[]): string {
  try {
    return new URL(url).origin
  } catch {
    return redact(url, secrets)
  }
}
